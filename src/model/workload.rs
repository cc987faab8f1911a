//! What is run ([`Workload`]) and on what ([`Hardware`], [`GpuFigures`]).

use super::compat::Vendor;
use super::options::{Engine, KvType, Quant, Task};
use crate::units::{Bytes, GIB};
use serde::{Deserialize, Serialize};

/// The workload the engine sizes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Workload {
    pub quant: Quant,
    pub kv: KvType,
    /// Context length per sequence, tokens (training: sequence length).
    pub ctx: u64,
    /// Concurrent sequences held in memory (training: micro-batch per device).
    pub seqs: u64,
    pub engine: Engine,
    pub task: Task,
    /// Average prompt and output tokens per request (speed, TTFT).
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// Fine-tuning: recompute activations in the backward pass (gradient checkpointing).
    pub grad_checkpointing: bool,
    /// Fine-tuning: LoRA rank (0: the engine constants' default).
    pub lora_rank: u64,
    /// When `quant` is `bf16` (the app's default) and the model ships in another native format
    /// (gpt-oss MXFP4 experts, DeepSeek-V3 FP8), size that native format instead.
    pub native_default: bool,
    /// What the KV cache is sized for: every sequence at its full `ctx` (the default here), or
    /// the tokens in flight (the app's default from scenario `v=2`).
    pub kv_basis: KvBasis,
}

/// What the KV cache of a serving engine is sized for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KvBasis {
    /// The tokens the load keeps in memory: `seqs` x (`tokens_in` + `tokens_out`) (each at most
    /// `ctx`), and never less than one request at the full `ctx` (`ctx` is the longest request
    /// accepted, vLLM's `max_model_len`). What a paged cache (vLLM, SGLang, TensorRT-LLM) holds.
    Inflight,
    /// Every sequence at its full `ctx` at once: the worst case.
    #[default]
    Full,
}

impl KvBasis {
    pub const ALL: &'static [KvBasis] = &[KvBasis::Inflight, KvBasis::Full];
    /// The id used in URLs and JSON.
    pub fn id(self) -> &'static str {
        match self {
            KvBasis::Inflight => "inflight",
            KvBasis::Full => "full",
        }
    }
    /// Parses an id, case-insensitively.
    pub fn parse(s: &str) -> Option<KvBasis> {
        let s = s.trim();
        KvBasis::ALL
            .iter()
            .copied()
            .find(|v| v.id().eq_ignore_ascii_case(s))
    }
}

impl Default for Workload {
    fn default() -> Self {
        Workload {
            quant: Quant::Bf16,
            kv: KvType::F16,
            ctx: 8192,
            seqs: 16,
            engine: Engine::Vllm,
            task: Task::Infer,
            tokens_in: 1000,
            tokens_out: 250,
            grad_checkpointing: true,
            lora_rank: 0,
            native_default: true,
            kv_basis: KvBasis::Full,
        }
    }
}

/// The figures of one GPU model the engine needs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GpuFigures {
    /// Usable memory per GPU.
    pub memory: Bytes,
    pub bandwidth_gbs: f64,
    /// Dense BF16 tensor TFLOPS.
    pub bf16_tflops: f64,
    pub fp8_tflops: Option<f64>,
    pub fp4_tflops: Option<f64>,
    /// GPU-to-GPU bandwidth per GPU, GB/s.
    pub interconnect_gbs: f64,
    pub nvlink: bool,
    /// Who makes it: AMD's matrix cores reach a smaller share of their datasheet peak than
    /// NVIDIA's at equal figures (the speed model's GPU classes), and some engines run on one
    /// vendor only.
    #[serde(default)]
    pub vendor: Vendor,
}

impl GpuFigures {
    /// A GPU with `memory_gib` GiB and otherwise H100-SXM-like figures (tests, bare sizing).
    pub fn with_memory_gib(memory_gib: f64) -> GpuFigures {
        GpuFigures {
            memory: Bytes(memory_gib * GIB),
            bandwidth_gbs: 3350.0,
            bf16_tflops: 989.0,
            fp8_tflops: Some(1979.0),
            fp4_tflops: None,
            interconnect_gbs: 900.0,
            nvlink: true,
            vendor: Vendor::Nvidia,
        }
    }
}

/// The hardware a workload runs on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hardware {
    /// `per_server` GPUs in each of `servers` servers.
    Gpu {
        gpu: GpuFigures,
        per_server: u32,
        servers: u32,
    },
    /// CPU inference.
    Cpu {
        ram_bytes: Bytes,
        bandwidth_gbs: f64,
        /// Physical cores (or vCPUs for a VPS).
        cores: u32,
        avx512: bool,
        amx: bool,
    },
}

impl Hardware {
    /// One GPU.
    pub fn gpu(gpu: GpuFigures) -> Hardware {
        Hardware::Gpu {
            gpu,
            per_server: 1,
            servers: 1,
        }
    }
    /// A device large enough for anything: memory(…) on it gives the bare requirement.
    pub fn unbounded() -> Hardware {
        Hardware::gpu(GpuFigures::with_memory_gib(f64::MAX / GIB / 1e6))
    }
    /// GPUs (0 for CPU).
    pub fn gpu_count(&self) -> u64 {
        match self {
            Hardware::Gpu {
                per_server,
                servers,
                ..
            } => (*per_server as u64).max(1) * (*servers as u64).max(1),
            Hardware::Cpu { .. } => 0,
        }
    }
}
