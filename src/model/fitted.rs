//! The speed model's corrections and ranges as fitted to the published runs. Written by
//! `tests/calibration.rs` (`UPDATE_CALIBRATION=1 cargo test --test calibration`), which fails
//! when it is stale: do not edit by hand.

use super::perf::{Calibration, ClassError, EnginePeriod};

/// Fitted on 712 runs (`perf::Calibration`): engine order vLLM, SGLang, TensorRT-LLM,
/// llama.cpp.
pub const CALIBRATION: Calibration = Calibration {
    engine: [1.11, 0.59, 1.0, 1.0],
    amd: [0.97, 1.0, 1.0, 1.0],
    moe_multi: [1.09, 1.0, 0.94, 1.0],
    period: [1.0, 1.0, 1.0, 1.0],
    per_doubling: [0.99, 1.0, 1.0, 1.0],
    expert_tokens_ref: 64.0,
    link_share: 0.45,
    expert_parallel: true,
    expert_exchange_us: 25.0,
};

/// Held-out error by class (one source left out; the wider check's current runs), `perf::ClassError`.
#[rustfmt::skip]
pub const CLASS_ERRORS: &[ClassError] = &[
    ClassError { class: "all", runs: 1041, low: 0.664, high: 1.909, median_abs: 0.125 },
    ClassError { class: "amd/sglang", runs: 73, low: 0.773, high: 2.806, median_abs: 0.431 },
    ClassError { class: "amd/sglang/moe/multi", runs: 73, low: 0.773, high: 2.806, median_abs: 0.431 },
    ClassError { class: "amd/vllm", runs: 66, low: 0.685, high: 1.694, median_abs: 0.201 },
    ClassError { class: "amd/vllm/dense/1gpu", runs: 14, low: 0.685, high: 1.252, median_abs: 0.148 },
    ClassError { class: "amd/vllm/dense/multi", runs: 32, low: 1.080, high: 1.953, median_abs: 0.387 },
    ClassError { class: "amd/vllm/moe/1gpu", runs: 6, low: 0.851, high: 1.292, median_abs: 0.145 },
    ClassError { class: "amd/vllm/moe/multi", runs: 14, low: 0.661, high: 1.460, median_abs: 0.150 },
    ClassError { class: "llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp/dense/1gpu", runs: 39, low: 0.718, high: 1.202, median_abs: 0.073 },
    ClassError { class: "nvidia/llamacpp/dense/multi", runs: 3, low: 0.705, high: 1.007, median_abs: 0.160 },
    ClassError { class: "nvidia/llamacpp/moe/1gpu", runs: 1, low: 0.736, high: 0.736, median_abs: 0.264 },
    ClassError { class: "nvidia/sglang", runs: 102, low: 0.639, high: 3.057, median_abs: 0.192 },
    ClassError { class: "nvidia/sglang/dense/1gpu", runs: 4, low: 0.586, high: 0.856, median_abs: 0.295 },
    ClassError { class: "nvidia/sglang/dense/multi", runs: 14, low: 0.644, high: 1.056, median_abs: 0.242 },
    ClassError { class: "nvidia/sglang/moe/1gpu", runs: 4, low: 2.540, high: 11.576, median_abs: 2.326 },
    ClassError { class: "nvidia/sglang/moe/multi", runs: 80, low: 0.664, high: 2.371, median_abs: 0.167 },
    ClassError { class: "nvidia/trtllm", runs: 733, low: 0.664, high: 1.486, median_abs: 0.107 },
    ClassError { class: "nvidia/trtllm/dense/1gpu", runs: 177, low: 0.785, high: 1.204, median_abs: 0.097 },
    ClassError { class: "nvidia/trtllm/dense/multi", runs: 178, low: 0.768, high: 1.391, median_abs: 0.108 },
    ClassError { class: "nvidia/trtllm/moe/1gpu", runs: 71, low: 0.787, high: 1.789, median_abs: 0.213 },
    ClassError { class: "nvidia/trtllm/moe/multi", runs: 307, low: 0.544, high: 1.604, median_abs: 0.106 },
    ClassError { class: "nvidia/vllm", runs: 24, low: 0.669, high: 1.526, median_abs: 0.159 },
    ClassError { class: "nvidia/vllm/dense/multi", runs: 4, low: 0.917, high: 0.983, median_abs: 0.061 },
    ClassError { class: "nvidia/vllm/moe/multi", runs: 20, low: 0.669, high: 1.526, median_abs: 0.237 },
    ClassError { class: "sglang", runs: 175, low: 0.664, high: 2.871, median_abs: 0.254 },
    ClassError { class: "trtllm", runs: 733, low: 0.664, high: 1.486, median_abs: 0.107 },
    ClassError { class: "vllm", runs: 90, low: 0.676, high: 1.641, median_abs: 0.188 },
];

/// The period each engine's figures represent (`perf::EnginePeriod`).
#[rustfmt::skip]
pub const ENGINE_PERIODS: &[EnginePeriod] = &[
    EnginePeriod { engine: "llamacpp", from: "2023-12", to: "2026-02", runs: 43, earlier_runs: 0 },
    EnginePeriod { engine: "sglang", from: "2026-02", to: "2026-02", runs: 12, earlier_runs: 0 },
    EnginePeriod { engine: "trtllm", from: "2023-10", to: "2026-02", runs: 613, earlier_runs: 0 },
    EnginePeriod { engine: "vllm", from: "2024-08", to: "2026-03", runs: 44, earlier_runs: 0 },
];
