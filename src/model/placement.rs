//! Placement on GPUs: which tensor-parallel degrees a model allows, how an engine uses a set of
//! GPUs (the largest valid TP within a server, pipeline stages for the rest), and the smallest
//! placement that holds the model ([`Sizing::place`]).

use super::arch::{ArchFamily, ModelArch};
use super::formats::finite;
use super::numbers::Layout;
use super::options::{Engine, Task};
use super::sizing::Sizing;
use super::workload::{GpuFigures, Hardware};
use crate::units::Bytes;
use serde::{Deserialize, Serialize};

pub use crate::words::memory::NoFit;

/// A placement on GPUs of one model.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// Tensor-parallel degree (within a server).
    pub tp: u32,
    /// Pipeline stages (across servers when one is not enough).
    pub pp: u32,
    pub gpus: u32,
    pub servers: u32,
    pub per_gpu_bytes: Bytes,
}

/// How one copy of the model is split over its GPUs: tensor parallel `tp` within a machine,
/// `pp` pipeline stages, and experts spread over `ep` GPUs (1: every GPU holds its share of
/// every expert, as tensor parallelism does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parallelism {
    pub tp: u32,
    pub pp: u32,
    pub ep: u32,
}

impl Default for Parallelism {
    fn default() -> Self {
        Parallelism {
            tp: 1,
            pp: 1,
            ep: 1,
        }
    }
}

/// What the valid tensor-parallel degrees of a model depend on.
#[derive(Clone, Copy, Debug)]
pub(super) struct TpRules {
    family: ArchFamily,
    heads: u64,
    kv_heads: u64,
}

impl TpRules {
    pub(super) fn of(a: &ModelArch) -> TpRules {
        TpRules {
            family: a.family,
            heads: a.heads,
            kv_heads: a.kv_heads(),
        }
    }

    /// Attention heads divisible by `t`, and KV heads either divisible or replicated (`t` a
    /// multiple of the KV heads), as vLLM and TensorRT-LLM require.
    fn allows(self, t: u32) -> bool {
        let t64 = t as u64;
        match self.family {
            ArchFamily::ParamsOnly => t.is_power_of_two(),
            ArchFamily::Encoder => t == 1,
            _ => {
                let heads_ok = self.heads == 0 || self.heads % t64 == 0;
                let kv = self.kv_heads;
                let kv_ok = self.family == ArchFamily::DeepseekMla
                    || kv == 0
                    || kv % t64 == 0
                    || t64 % kv == 0;
                heads_ok && kv_ok
            }
        }
    }

    /// DeepSeek-style multi-head latent attention.
    pub(super) fn is_mla(self) -> bool {
        self.family == ArchFamily::DeepseekMla
    }

    /// Valid degrees up to `max` (at most 1,024), smallest first.
    fn degrees(self, max: u32) -> impl Iterator<Item = u32> {
        (1..=max.clamp(1, 1024)).filter(move |t| self.allows(*t))
    }

    /// The degrees an engine can use: llama.cpp and Ollama split by layers (`--split-mode
    /// layer`, the default), i.e. pipeline stages only.
    fn engine_degrees(self, engine: Engine, max: u32) -> impl Iterator<Item = u32> {
        let layers_only = matches!(engine, Engine::Llamacpp | Engine::Ollama);
        self.degrees(max).filter(move |t| !layers_only || *t == 1)
    }
}

/// Valid tensor-parallel degrees of `a` up to `max`: attention heads divisible, and KV heads
/// either divisible or replicated (TP a multiple of the KV heads), as vLLM and TensorRT-LLM require.
pub fn valid_tp_degrees(a: &ModelArch, max: u32) -> Vec<u32> {
    TpRules::of(a).degrees(max).collect()
}

/// Parameters from which a served model keeps [`LARGE_MODEL_FREE`] of each GPU free after its
/// weights: DeepSeek-V3/R1 (671B), Kimi K2 (1T), Qwen3-Coder-480B stays under it.
pub const LARGE_MODEL_PARAMS: f64 = 600e9;

/// The share of each GPU a 600B+ model leaves free after its weights, for the KV cache,
/// activations and CUDA graphs. The configurations the engines publish for DeepSeek-V3/R1 leave
/// at least a third: vLLM's recipes 8x H200 at FP8 (671 GB / 8 = 78 GiB of 131 usable: 40%
/// free) and 4x B200 at FP4 (88 of 167 GiB: 47%); SGLang's 8x H200, 8x B200, 8x MI300X at FP8
/// and 4x H200 at W4A8 (88 of 131 GiB: 33%). 4x MI300X at FP8 (156 of 179 GiB: 13% free) is in
/// none of them: with a quarter kept free it needs 8 (docs.vllm.ai/projects/recipes,
/// DeepSeek-V3; docs.sglang.ai, DeepSeek V3 usage).
pub const LARGE_MODEL_FREE: f64 = 0.25;

impl Sizing {
    /// The smallest placement on GPUs of one model, `gpus_per_server` per server: fewest
    /// servers, then fewest pipeline stages (tensor parallelism within a server first, as
    /// usual), then fewest GPUs. llama.cpp and Ollama split by layers only.
    pub fn place(&self, gpu: &GpuFigures, gpus_per_server: u32) -> Result<Placement, NoFit> {
        let cap = finite(gpu.memory.0);
        let per_server = gpus_per_server.max(1);
        if cap <= 0.0 {
            return Err(NoFit::NoMemoryFigure);
        }
        let layers = self.shape.layer_count.clamp(1, 1 << 20);
        let (ctx, seqs) = (self.wl.ctx, self.wl.seqs);
        // A model of 600B+ parameters served keeps LARGE_MODEL_FREE of each GPU free after its
        // share of the weights (KV cache, activations, CUDA graphs).
        let weights_cap =
            if self.wl.task == Task::Infer && self.params.total as f64 >= LARGE_MODEL_PARAMS {
                cap * (1.0 - LARGE_MODEL_FREE)
            } else {
                f64::INFINITY
            };
        let mut best: Option<Placement> = None;
        let max_gpus: u64 = 1 << 20;
        for tp in self.shape.tp.engine_degrees(self.wl.engine, per_server) {
            let tp64 = tp as u64;
            let max_pp = (max_gpus / tp64).clamp(1, layers);
            let per_device = |pp: u64| {
                let at = Layout::gpus(tp64, pp, tp64 * pp);
                self.numbers(at, ctx, seqs).per_device()
            };
            let fits = |pp: u64| {
                let n = self.numbers(Layout::gpus(tp64, pp, tp64 * pp), ctx, seqs);
                n.per_device() <= cap && n.weights.v <= weights_cap
            };
            // Per-device memory falls as stages are added: one stage when it fits (most copies),
            // else binary search the fewest stages.
            let (mut lo, mut hi) = (1u64, max_pp);
            if fits(1) {
                hi = 1;
            } else if !fits(max_pp) {
                continue;
            }
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if fits(mid) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            let pp = lo;
            let gpus = tp64 * pp;
            let cand = Placement {
                tp,
                pp: pp as u32,
                gpus: gpus as u32,
                servers: gpus.div_ceil(per_server as u64) as u32,
                per_gpu_bytes: Bytes(per_device(pp)),
            };
            let better = match &best {
                None => true,
                Some(b) => (cand.servers, cand.pp, cand.gpus) < (b.servers, b.pp, b.gpus),
            };
            if better {
                best = Some(cand);
            }
        }
        best.ok_or_else(|| NoFit::TooBig {
            gpu_memory: Bytes(cap),
            stages: layers,
            one_layer_weights: Bytes(self.weights.total / self.shape.layers.max(1.0)),
        })
    }

    /// How one copy of the model is split on `hw`: tensor parallel within a server, pipeline
    /// stages for the rest, and for a mixture of experts on vLLM, SGLang and TensorRT-LLM expert
    /// parallelism over the tensor-parallel GPUs (`--enable-expert-parallel`, `--ep-size`,
    /// `moe_expert_parallel_size`); llama.cpp, Ollama and Transformers keep experts whole per
    /// stage (ep 1). CPU: 1, 1, 1.
    pub fn parallelism(&self, hw: &Hardware) -> Parallelism {
        match hw {
            Hardware::Gpu {
                per_server,
                servers,
                ..
            } => {
                let (tp, pp) = self.split(*per_server, *servers);
                let ep_engine = matches!(
                    self.wl.engine,
                    Engine::Vllm | Engine::Sglang | Engine::Trtllm
                );
                let tp = tp.min(u32::MAX as u64) as u32;
                Parallelism {
                    tp,
                    pp: pp.min(u32::MAX as u64) as u32,
                    ep: if self.shape.moe && ep_engine { tp } else { 1 },
                }
            }
            Hardware::Cpu { .. } => Parallelism::default(),
        }
    }

    /// The tensor-parallel degrees this engine accepts for this model, up to `max`, smallest
    /// first (llama.cpp and Ollama: 1 only, they split by layers).
    pub fn tp_degrees(&self, max: u32) -> Vec<u32> {
        self.shape.tp.engine_degrees(self.wl.engine, max).collect()
    }

    /// How a GPU set is used: the largest valid TP within a server, pipeline stages for the rest.
    pub(super) fn split(&self, per_server: u32, servers: u32) -> (u64, u64) {
        let devices = per_server.max(1) as u64 * servers.max(1) as u64;
        let layers = self.shape.layer_count.max(1);
        let mut best = (1u64, 1u64);
        let mut best_used = 0u64;
        for tp in self
            .shape
            .tp
            .engine_degrees(self.wl.engine, per_server.max(1))
        {
            let tp = tp as u64;
            let pp = (devices / tp).clamp(1, layers);
            let used = tp * pp;
            if used > best_used || (used == best_used && tp > best.0) {
                best = (tp, pp);
                best_used = used;
            }
        }
        best
    }

    /// How `hw` is used for the memory breakdown: TP x PP on GPUs (the model states of a
    /// fine-tuning run spread over every GPU), one server's RAM on CPU.
    pub(super) fn layout(&self, hw: &Hardware) -> Layout {
        match hw {
            Hardware::Gpu {
                per_server,
                servers,
                ..
            } => {
                let (tp, pp) = self.split(*per_server, *servers);
                let devices = if self.wl.task == Task::Infer {
                    tp * pp
                } else {
                    hw.gpu_count()
                };
                Layout::gpus(tp, pp, devices)
            }
            Hardware::Cpu { .. } => Layout::CPU,
        }
    }
}

/// The memory of one device of `hw` (a GPU, or the CPU server's RAM), bytes.
pub(super) fn capacity(hw: &Hardware) -> f64 {
    match hw {
        Hardware::Gpu { gpu, .. } => finite(gpu.memory.0),
        Hardware::Cpu { ram_bytes, .. } => finite(ram_bytes.0),
    }
}
