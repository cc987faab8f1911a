//! Architectures, parameter counts, quantisation, memory and throughput. Pure Rust.
//!
//! # The front door: [`Sizing`]
//!
//! ```text
//! let arch: ModelArch = catalog.model("llama-3.1-8b")   // or presets::preset(..), import::from_config_json(..),
//!                                                       //    gguf::read_header(..)?.arch, ModelArch::params_only(..)
//! let wl = Workload { quant, kv, ctx, seqs, engine, task, tokens_in, tokens_out, ..Workload::default() };
//! let sizing = Sizing::new(&arch, &wl, &EngineConstants::default());   // the model-dependent work, once
//! let hw = Hardware::Gpu { gpu: GpuFigures::from(&gpu_spec), per_server: 8, servers: 1 }
//!       // or Hardware::Cpu { ram_bytes, bandwidth_gbs, cores, avx512, amx }
//!       // or Hardware::unbounded() for the bare requirement
//! let eff = Efficiency::for_engine(wl.engine).with_virtualization_penalty(0.1);
//!
//! sizing.params()                  -> ParamCounts { total, active, embedding, mtp }
//! sizing.memory(&hw)               -> MemoryBreakdown { terms: Vec<Term>, weights, kv_bytes_per_token,
//!                                       kv_cache, activations, overhead, total, per_device,
//!                                       device_capacity, devices, tp, pp, fits }
//! sizing.memory_figures(&hw)       -> the same figures without the terms (per offer: allocates nothing)
//! sizing.place(&gpu, per_server)   -> Result<Placement { tp, pp, gpus, servers, per_gpu_bytes }, NoFit>
//! sizing.speed(&hw, &eff)          -> Speed { decode_tokens_per_s_per_user, aggregate_tokens_per_s,
//!                                       prefill_tokens_per_s, ttft_ms, step_ms, requests_per_s, .. }
//! sizing.max_concurrency(&hw)      -> u64 (sequences of wl.ctx that fit; 0: none)
//! sizing.max_context(&hw)          -> u64 (tokens per sequence at wl.seqs; 0: none)
//! sizing.with_context(ctx)         -> Sizing (the same model and workload at another context)
//! ```
//!
//! What is said in words comes back typed: a [`Term`]'s [`TermBasis`] and a [`NoFit`] are
//! written by [`crate::words::memory`] (`term.written(lang)` gives the report's [`MemoryTerm`]);
//! the importers' warnings and errors by [`crate::words::import`] and [`crate::words::gguf`].
//! Small pure functions stay free: [`param_counts`], [`weight_bytes`], [`kv_bytes_per_token`],
//! [`kv_shape`], [`effective_quant`], [`valid_tp_degrees`].
//!
//! Conventions: bytes are [`crate::units::Bytes`] (f64, exact below 2^53); every figure is
//! finite and non-negative whatever the input (absurd sizes saturate). `memory().total` is over
//! all devices, `per_device` is what must fit in one GPU (or the CPU server's RAM). The `weights`
//! follow [`effective_quant`]: QLoRA loads an NF4 base, full fine-tuning a BF16 copy, and at the
//! default `bf16` a model with a native format runs it (gpt-oss: MXFP4 experts + BF16; DeepSeek-V3/R1:
//! FP8), unless `Workload::native_default` is false. llama.cpp and Ollama split GPUs by layers
//! (TP 1, pipeline stages); other engines use tensor parallelism within a server first. Each
//! [`Term`] has a provenance (exact arithmetic, empirical constant, heuristic) and a low/high range.
//! The formulas and their sources: `docs/sizing-formulas.md`.

mod arch;
pub mod bench;
mod capacity;
pub mod checkpoint;
pub mod compat;
pub mod engine;
pub mod fitted;
pub mod formats;
mod ggml;
pub mod gguf;
mod gguf_mix;
pub mod import;
pub mod kv;
mod layer_kinds;
pub mod memory;
mod numbers;
mod options;
pub mod params;
pub mod perf;
pub mod placement;
pub mod presets;
mod provenance;
mod runs;
pub mod sizing;
pub mod speed;
pub mod workload;

pub use arch::*;
pub use engine::{Efficiency, EngineConstants};
pub use formats::{weight_bytes, GgmlType, WeightBasis, WeightBytes};
pub use kv::{
    kv_bytes_per_token, kv_bytes_per_token_at, kv_cache_bytes, kv_cells, kv_elem_bytes, kv_shape,
    state_elem_bytes, KvShape,
};
pub use memory::{MemoryBreakdown, Term, TermBasis};
pub use options::*;
pub use params::{param_counts, ParamCounts};
pub use perf::GpuClass;
pub use placement::{valid_tp_degrees, NoFit, Placement};
pub use presets::builtin_presets;
pub use provenance::{MemoryTerm, Provenance, TermKey};
pub use sizing::{effective_quant, Sizing};
pub use speed::{distinct_expert_share, mmc_wait_s, Speed, StepBasis};
pub use workload::{GpuFigures, Hardware, KvBasis, Workload};
