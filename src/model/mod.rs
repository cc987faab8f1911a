//! Architectures, parameter counts, quantisation, memory and throughput. Pure Rust.
//!
//! # API for the report glue and the cost module
//!
//! ```text
//! let arch: ModelArch = catalog.model("llama-3.1-8b")   // or presets::preset(..), import::from_config_json(..),
//!                                                       //    gguf::read_header(..)?.arch, ModelArch::params_only(..)
//! let wl = Workload { quant, kv, ctx, seqs, engine, task, tokens_in, tokens_out, ..Workload::default() };
//! let hw = Hardware::Gpu { gpu: GpuFigures::from(&gpu_spec), per_server: 8, servers: 1 }
//!       // or Hardware::Cpu { ram_bytes, bandwidth_gbs, cores, avx512, amx }
//!       // or Hardware::unbounded() for the bare requirement
//! let consts = EngineConstants::default();           // named, cited, editable
//! let eff = Efficiency::for_engine(wl.engine).with_virtualization_penalty(0.1);
//!
//! param_counts(&arch)                       -> ParamCounts { total, active, embedding, mtp }
//! memory(&arch, &wl, &hw, &consts)          -> MemoryBreakdown { terms: Vec<Term>, weights, kv_bytes_per_token,
//!                                               kv_cache, activations, overhead, total, per_device,
//!                                               device_capacity, devices, tp, pp, fits }
//! place(&arch, &wl, &gpu, per_server, &consts) -> Result<Placement { tp, pp, gpus, servers, per_gpu_bytes }, NoFit>
//! speed(&arch, &wl, &hw, &eff)              -> Speed { decode_tokens_per_s_per_user, aggregate_tokens_per_s,
//!                                               prefill_tokens_per_s, ttft_ms, step_ms, requests_per_s, .. }
//! max_concurrency(&arch, &wl, &hw, &consts) -> u64 (sequences of wl.ctx that fit; 0: none)
//! max_context(&arch, &wl, &hw, &consts)     -> u64 (tokens per sequence at wl.seqs; 0: none)
//! ```
//!
//! Per offer, call [`prepare`] once and the `*_prepared` variants ([`memory_prepared`],
//! [`place_prepared`], [`speed_prepared`], [`max_concurrency_prepared`],
//! [`max_context_prepared`]): the model-dependent work (tensor inventory, weight bytes, KV shape)
//! is then done once. `Term` converts into `report::MemoryTerm` with `From`.
//!
//! Conventions: bytes are [`crate::units::Bytes`] (f64, exact below 2^53); every figure is
//! finite and non-negative whatever the input (absurd sizes saturate). `memory().total` is over
//! all devices, `per_device` is what must fit in one GPU (or the CPU server's RAM). The `weights`
//! follow [`effective_quant`]: QLoRA loads an NF4 base, full fine-tuning a BF16 copy, and at the
//! default `bf16` a model with a native format runs it (gpt-oss: MXFP4 experts + BF16; DeepSeek-V3/R1:
//! FP8), unless `Workload::native_default` is false. llama.cpp and Ollama split GPUs by layers
//! (TP 1, pipeline stages); other engines use tensor parallelism within a server first. Each
//! [`Term`] has a provenance (exact arithmetic, empirical constant, heuristic) and a low/high range.

mod arch;
pub mod engine;
pub mod formats;
pub mod gguf;
pub mod import;
pub mod kv;
pub mod memory;
mod options;
pub mod params;
pub mod presets;
mod provenance;
pub mod speed;
pub mod workload;

pub use arch::*;
pub use engine::{Efficiency, EngineConstants};
pub use formats::{weight_bytes, GgmlType, WeightBasis, WeightBytes};
pub use kv::{kv_bytes_per_token, kv_cache_bytes, kv_cells, kv_elem_bytes, kv_shape, KvShape};
pub use memory::{
    effective_quant, max_concurrency, max_concurrency_prepared, max_context, max_context_prepared,
    memory, memory_figures_prepared, memory_prepared, memory_prepared_in, place, place_prepared,
    prepare, valid_tp_degrees, MemoryBreakdown, NoFit, Placement, Prepared, Term,
};
pub use options::*;
pub use params::{param_counts, ParamCounts};
pub use presets::builtin_presets;
pub use provenance::{MemoryTerm, Provenance, TermKey};
pub use speed::{distinct_expert_share, speed, speed_prepared, Speed};
pub use workload::{GpuFigures, Hardware, Workload};
