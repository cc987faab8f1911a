//! The speed model's corrections and ranges as fitted to the published runs. Written by
//! `tests/calibration.rs` (`UPDATE_CALIBRATION=1 cargo test --test calibration`), which fails
//! when it is stale: do not edit by hand.

use super::perf::{Calibration, ClassError, EnginePeriod};

/// Fitted on 712 runs (`perf::Calibration`): engine order vLLM, SGLang, TensorRT-LLM,
/// llama.cpp.
pub const CALIBRATION: Calibration = Calibration {
    engine: [1.07, 0.56, 1.0, 1.0],
    amd: [0.99, 1.0, 1.0, 1.0],
    moe_multi: [0.97, 1.0, 0.94, 1.0],
    period: [1.0, 1.0, 1.0, 1.0],
    per_doubling: [1.0, 1.0, 1.0, 1.0],
    expert_tokens_ref: 64.0,
    link_share: 0.45,
    expert_parallel: true,
};

/// Held-out error by class (one source left out; the wider check's current runs), `perf::ClassError`.
#[rustfmt::skip]
pub const CLASS_ERRORS: &[ClassError] = &[
    ClassError { class: "all", runs: 976, low: 0.712, high: 2.065, median_abs: 0.139 },
    ClassError { class: "amd/sglang", runs: 73, low: 0.784, high: 3.775, median_abs: 0.694 },
    ClassError { class: "amd/sglang/moe/multi", runs: 73, low: 0.784, high: 3.775, median_abs: 0.694 },
    ClassError { class: "amd/vllm", runs: 66, low: 0.754, high: 1.711, median_abs: 0.166 },
    ClassError { class: "amd/vllm/dense/1gpu", runs: 14, low: 0.685, high: 1.252, median_abs: 0.148 },
    ClassError { class: "amd/vllm/dense/multi", runs: 32, low: 1.091, high: 1.971, median_abs: 0.400 },
    ClassError { class: "amd/vllm/moe/1gpu", runs: 6, low: 0.851, high: 1.292, median_abs: 0.145 },
    ClassError { class: "amd/vllm/moe/multi", runs: 14, low: 0.905, high: 1.535, median_abs: 0.085 },
    ClassError { class: "llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp/dense/1gpu", runs: 39, low: 0.718, high: 1.202, median_abs: 0.073 },
    ClassError { class: "nvidia/llamacpp/dense/multi", runs: 3, low: 0.705, high: 1.007, median_abs: 0.160 },
    ClassError { class: "nvidia/llamacpp/moe/1gpu", runs: 1, low: 0.736, high: 0.736, median_abs: 0.264 },
    ClassError { class: "nvidia/sglang", runs: 102, low: 0.635, high: 3.027, median_abs: 0.229 },
    ClassError { class: "nvidia/sglang/dense/1gpu", runs: 4, low: 0.556, high: 0.813, median_abs: 0.331 },
    ClassError { class: "nvidia/sglang/dense/multi", runs: 14, low: 0.616, high: 1.011, median_abs: 0.278 },
    ClassError { class: "nvidia/sglang/moe/1gpu", runs: 4, low: 2.411, high: 10.988, median_abs: 2.157 },
    ClassError { class: "nvidia/sglang/moe/multi", runs: 80, low: 0.740, high: 2.858, median_abs: 0.204 },
    ClassError { class: "nvidia/trtllm", runs: 668, low: 0.730, high: 1.484, median_abs: 0.121 },
    ClassError { class: "nvidia/trtllm/dense/1gpu", runs: 164, low: 0.785, high: 1.163, median_abs: 0.092 },
    ClassError { class: "nvidia/trtllm/dense/multi", runs: 178, low: 0.768, high: 1.391, median_abs: 0.108 },
    ClassError { class: "nvidia/trtllm/moe/1gpu", runs: 56, low: 0.684, high: 1.839, median_abs: 0.252 },
    ClassError { class: "nvidia/trtllm/moe/multi", runs: 270, low: 0.649, high: 1.582, median_abs: 0.151 },
    ClassError { class: "nvidia/vllm", runs: 24, low: 0.908, high: 1.707, median_abs: 0.078 },
    ClassError { class: "nvidia/vllm/dense/multi", runs: 4, low: 0.917, high: 0.983, median_abs: 0.061 },
    ClassError { class: "nvidia/vllm/moe/multi", runs: 20, low: 0.908, high: 1.707, median_abs: 0.094 },
    ClassError { class: "sglang", runs: 175, low: 0.697, high: 3.666, median_abs: 0.303 },
    ClassError { class: "trtllm", runs: 668, low: 0.730, high: 1.484, median_abs: 0.121 },
    ClassError { class: "vllm", runs: 90, low: 0.754, high: 1.711, median_abs: 0.140 },
];

/// The period each engine's figures represent (`perf::EnginePeriod`).
#[rustfmt::skip]
pub const ENGINE_PERIODS: &[EnginePeriod] = &[
    EnginePeriod { engine: "llamacpp", from: "2023-12", to: "2026-02", runs: 43, earlier_runs: 0 },
    EnginePeriod { engine: "sglang", from: "2026-02", to: "2026-02", runs: 12, earlier_runs: 0 },
    EnginePeriod { engine: "trtllm", from: "2023-10", to: "2026-02", runs: 613, earlier_runs: 0 },
    EnginePeriod { engine: "vllm", from: "2024-08", to: "2026-03", runs: 44, earlier_runs: 0 },
];
