//! Named, cited, editable constants: engine memory behaviour ([`EngineConstants`]) and speed
//! efficiencies ([`Efficiency`]). Every default says where it comes from; the UI may let a person
//! change any of them.

use super::options::Engine;
use serde::{Deserialize, Serialize};

/// Memory behaviour of the serving engines and runtimes. GiB = 2^30 bytes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineConstants {
    /// vLLM `--gpu-memory-utilization`: the share of each GPU's total memory vLLM may use
    /// (0.9 in vLLM and Red Hat AI Inference Server docs; `docs/sizing-formulas.md` B.4).
    pub vllm_gpu_memory_utilization: f64,
    /// vLLM peak activation of a dense model at the default batched tokens, per GPU, GiB:
    /// measured 4.76-5.56 GiB on H100, default 5.5 (llm-d `empirical-vllm-memory-results.md`).
    pub vllm_activation_dense_gib: f64,
    /// The same for MoE models: measured 7.38 GiB (gpt-oss-20b), default 8.0 (llm-d).
    pub vllm_activation_moe_gib: f64,
    /// vLLM non-torch memory (NCCL, CUDA graphs' pools outside torch), GiB: 0.15 at TP 1,
    /// 0.6 at TP >= 2 (llm-d `capacity_planner.py`).
    pub vllm_non_torch_gib_tp1: f64,
    pub vllm_non_torch_gib_tp_multi: f64,
    /// SGLang `--mem-fraction-static`: share of total memory for weights + KV (0.88 on 80 GB
    /// GPUs; `docs/sizing-formulas.md` B.4; SGLang picks it by GPU size).
    pub sglang_mem_fraction_static: f64,
    /// TensorRT-LLM `free_gpu_memory_fraction`: share of memory left after weights and
    /// activations given to the KV cache (0.9 default; AIConfigurator `sdk/memory.py`).
    pub trtllm_free_gpu_memory_fraction: f64,
    /// Tokens per forward pass that size activations (`max_num_tokens` of TensorRT-LLM, 8192 in
    /// `trtllm-serve`; vLLM's `max_num_batched_tokens`, 8192 when serving on large GPUs, at which
    /// the vLLM activation figures above were measured: vLLM's figure scales with it, 0.25-4x).
    pub max_batched_tokens: u64,
    /// AIConfigurator activation coefficients: activations = 2 x tokens x (heads x head_dim) x coeff
    /// (`base_backend.py:_get_memory_usage`): LLAMA {TP1 11, TP2 6.5, TP4+ 5}, MoE {22, 13, 10}.
    pub aic_coeff_dense: [f64; 3],
    pub aic_coeff_moe: [f64; 3],
    /// Activation floor, MiB (AIConfigurator: 70 TensorRT-LLM, 90 SGLang).
    pub activation_floor_mib: f64,
    /// CUDA context and driver allocations per GPU outside the framework, GiB (heuristic; PyTorch
    /// "allocates between 300 MiB and 2 GiB", vram-calculator).
    pub cuda_context_gib: f64,
    /// llama.cpp micro-batch (`-ub`, default 512): sizes the compute buffer and the SWA padding.
    pub llamacpp_ubatch: u64,
    /// llama.cpp flash attention on (default on CUDA since 2025): context padded to 256, no
    /// quadratic attention buffer.
    pub llamacpp_flash_attention: bool,
    /// Platform footprint of a llama.cpp process on a GPU, MiB (gguf-parser `platformFootprint`
    /// "150,250": 150 MiB RAM, 250 MiB VRAM).
    pub llamacpp_vram_footprint_mib: f64,
    /// Ollama `MinimumMemory()` for CUDA/ROCm, MiB (ollama `llm/memory.go`: 457 MiB).
    pub ollama_minimum_mib: f64,
    /// transformers: PyTorch runtime and allocator slack, GiB (heuristic, 0.3-2 GiB quoted).
    pub transformers_runtime_gib: f64,
    /// CPU inference: memory kept for the operating system and services, GiB (heuristic).
    pub cpu_os_reserve_gib: f64,
    /// CPU inference: runtime (ONNX Runtime / llama.cpp / PyTorch CPU) resident memory, GiB.
    pub cpu_runtime_gib: f64,
    /// LoRA rank when the workload does not give one (PEFT default examples use 8-64; 16 here).
    pub lora_rank: u64,
}

impl Default for EngineConstants {
    fn default() -> Self {
        EngineConstants {
            vllm_gpu_memory_utilization: 0.90,
            vllm_activation_dense_gib: 5.5,
            vllm_activation_moe_gib: 8.0,
            vllm_non_torch_gib_tp1: 0.15,
            vllm_non_torch_gib_tp_multi: 0.6,
            sglang_mem_fraction_static: 0.88,
            trtllm_free_gpu_memory_fraction: 0.90,
            max_batched_tokens: 8192,
            aic_coeff_dense: [11.0, 6.5, 5.0],
            aic_coeff_moe: [22.0, 13.0, 10.0],
            activation_floor_mib: 70.0,
            cuda_context_gib: 0.5,
            llamacpp_ubatch: 512,
            llamacpp_flash_attention: true,
            llamacpp_vram_footprint_mib: 250.0,
            ollama_minimum_mib: 457.0,
            transformers_runtime_gib: 1.0,
            cpu_os_reserve_gib: 1.0,
            cpu_runtime_gib: 0.3,
            lora_rank: 16,
        }
    }
}

impl EngineConstants {
    /// AIConfigurator's activation coefficient for a TP degree.
    pub fn aic_coeff(&self, moe: bool, tp: u64) -> f64 {
        let c = if moe {
            &self.aic_coeff_moe
        } else {
            &self.aic_coeff_dense
        };
        match tp {
            0 | 1 => c[0],
            2 => c[1],
            _ => c[2],
        }
    }
}

/// Shares of datasheet peak that real runs reach, and communication costs. All editable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Efficiency {
    /// Share of peak memory bandwidth reached while decoding on a Hopper GPU (the reference
    /// class; other classes scale by the same ratio from their fitted shares, `super::perf`):
    /// 0.70 for server engines, 0.60 for llama.cpp, fitted to published runs.
    pub bandwidth: f64,
    /// Share of the format's peak matmul rate reached on a Hopper GPU (max achievable BF16
    /// matmul is 78-87% of peak on A100/H100/B200, 51-60% on MI300X/MI325X; whole models reach
    /// less: 0.50 fitted for server engines).
    pub compute: f64,
    /// Throughput lost to virtualisation, fraction: 0 bare metal; VMs 0.10-0.15 in the public
    /// debate, 0-0.06 in VMware's MLPerf Inference v1.1 vGPU runs (94-100% of
    /// bare metal, VMware's published results).
    pub virtualization_penalty: f64,
    /// Share of the interconnect's one-way bandwidth the all-reduce (and the expert exchange and
    /// pipeline hand-over) reaches in serving, not overlapped with compute: 0.45. Copies alone
    /// reach about 88% of spec (55 of 63 GB/s on PCIe 5 x16, host-device copy benchmarks), but
    /// published tensor-parallel sweeps lose more per GPU than that allows (TensorRT-LLM 0.20,
    /// Llama-3.3-70B NVFP4 on B200 at 1000/1000: 6,753 output tokens/s per GPU at TP1, 2,508 at
    /// TP8). Chosen among 0.35, 0.45, 0.55 and 0.88 on the cross-validated error of
    /// `tests/calibration.rs` (held out by source, 712 runs: 0.88 gave 17.5% and 75% within 30%,
    /// 0.45 gives 16.0% and 79%); a choice made on all the runs, not refitted per fold.
    pub interconnect: f64,
    /// Latency of one all-reduce, microseconds: NVLink and PCIe (heuristic; NCCL small-message
    /// latencies are a few to tens of microseconds).
    pub allreduce_latency_us_nvlink: f64,
    pub allreduce_latency_us_pcie: f64,
    /// Bandwidth between servers for pipeline parallelism, GB/s (400 Gb/s InfiniBand/RoCE = 50).
    pub inter_server_gbs: f64,
    /// Latency of one hop between servers, microseconds (heuristic).
    pub inter_server_latency_us: f64,
    /// CPU: share of the memory bandwidth reached while decoding (heuristic; llama.cpp on
    /// servers typically reaches 50-70%).
    pub cpu_bandwidth: f64,
    /// CPU: effective GFLOPS per core with AVX2 only (heuristic: 2 FMA x 8 fp32 lanes x 2 x
    /// ~2.5 GHz = 80 peak, about half reached).
    pub cpu_gflops_per_core_avx2: f64,
    /// CPU: speed-up of AVX-512/AMX over AVX2 ("without them a model runs 3-4x slower",
    /// `docs/background.md`); 3.5 is the middle of the published range.
    pub cpu_avx512_speedup: f64,
    /// The fitted shares by engine kind and GPU class to use instead of `perf::shares` (the
    /// calibration's fit searches over them; never set by the app).
    #[serde(skip)]
    pub shares: Option<super::perf::ShareTable>,
    /// The corrections by engine, vendor and layout to use instead of the fitted
    /// `fitted::CALIBRATION` (the calibration's cross-validation refits them; never set by the
    /// app).
    #[serde(skip)]
    pub calibration: Option<super::perf::Calibration>,
}

impl Default for Efficiency {
    fn default() -> Self {
        Efficiency::for_engine(Engine::Vllm)
    }
}

impl Efficiency {
    /// Defaults for an engine: the shares its kind of engine reaches on a Hopper GPU, fitted to
    /// published runs (`super::perf::shares`); other classes of GPU scale from these, so a
    /// person's `bw_eff` or `flops_eff` moves them all by the same ratio.
    pub fn for_engine(engine: Engine) -> Efficiency {
        let (bandwidth, compute) = super::perf::reference(super::perf::EngineKind::of(engine));
        Efficiency {
            bandwidth,
            compute,
            virtualization_penalty: 0.0,
            interconnect: 0.45,
            allreduce_latency_us_nvlink: 8.0,
            allreduce_latency_us_pcie: 20.0,
            inter_server_gbs: 50.0,
            inter_server_latency_us: 20.0,
            cpu_bandwidth: 0.6,
            cpu_gflops_per_core_avx2: 40.0,
            cpu_avx512_speedup: 3.5,
            shares: None,
            calibration: None,
        }
    }
    /// The same with the throughput penalty of a virtualisation kind (a fraction, clamped 0-0.9).
    pub fn with_virtualization_penalty(mut self, penalty: f64) -> Efficiency {
        self.virtualization_penalty = clamp01(penalty).min(0.9);
        self
    }
    pub(crate) fn sane(&self) -> Efficiency {
        let mut e = self.clone();
        e.bandwidth = clamp(e.bandwidth, 0.01, 1.0);
        e.compute = clamp(e.compute, 0.01, 1.0);
        e.virtualization_penalty = clamp01(e.virtualization_penalty).min(0.9);
        e.interconnect = clamp(e.interconnect, 0.01, 1.0);
        e.cpu_bandwidth = clamp(e.cpu_bandwidth, 0.01, 1.0);
        e.cpu_gflops_per_core_avx2 = clamp(e.cpu_gflops_per_core_avx2, 0.1, 1e6);
        e.cpu_avx512_speedup = clamp(e.cpu_avx512_speedup, 1.0, 100.0);
        e.inter_server_gbs = clamp(e.inter_server_gbs, 0.01, 1e6);
        e.allreduce_latency_us_nvlink = clamp(e.allreduce_latency_us_nvlink, 0.0, 1e6);
        e.allreduce_latency_us_pcie = clamp(e.allreduce_latency_us_pcie, 0.0, 1e6);
        e.inter_server_latency_us = clamp(e.inter_server_latency_us, 0.0, 1e6);
        e
    }
}

pub(crate) fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x.is_nan() {
        lo
    } else {
        x.clamp(lo, hi)
    }
}

pub(crate) fn clamp01(x: f64) -> f64 {
    clamp(x, 0.0, 1.0)
}
