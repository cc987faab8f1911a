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

/// Held-out error by class (leave one source out), `perf::ClassError`.
#[rustfmt::skip]
pub const CLASS_ERRORS: &[ClassError] = &[
    ClassError { class: "all", runs: 712, low: 0.747, high: 1.500, median_abs: 0.117 },
    ClassError { class: "amd/sglang", runs: 12, low: 1.607, high: 1.917, median_abs: 0.707 },
    ClassError { class: "amd/sglang/moe/multi", runs: 12, low: 1.607, high: 1.917, median_abs: 0.707 },
    ClassError { class: "amd/vllm", runs: 32, low: 0.743, high: 1.767, median_abs: 0.149 },
    ClassError { class: "amd/vllm/dense/1gpu", runs: 20, low: 0.685, high: 1.899, median_abs: 0.238 },
    ClassError { class: "amd/vllm/moe/1gpu", runs: 9, low: 0.825, high: 1.292, median_abs: 0.148 },
    ClassError { class: "amd/vllm/moe/multi", runs: 3, low: 0.932, high: 1.000, median_abs: 0.024 },
    ClassError { class: "llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp/dense/1gpu", runs: 39, low: 0.718, high: 1.202, median_abs: 0.073 },
    ClassError { class: "nvidia/llamacpp/dense/multi", runs: 3, low: 0.705, high: 1.007, median_abs: 0.160 },
    ClassError { class: "nvidia/llamacpp/moe/1gpu", runs: 1, low: 0.736, high: 0.736, median_abs: 0.264 },
    ClassError { class: "nvidia/trtllm", runs: 613, low: 0.758, high: 1.431, median_abs: 0.117 },
    ClassError { class: "nvidia/trtllm/dense/1gpu", runs: 168, low: 0.795, high: 1.212, median_abs: 0.097 },
    ClassError { class: "nvidia/trtllm/dense/multi", runs: 178, low: 0.781, high: 1.378, median_abs: 0.108 },
    ClassError { class: "nvidia/trtllm/moe/1gpu", runs: 50, low: 0.684, high: 2.386, median_abs: 0.276 },
    ClassError { class: "nvidia/trtllm/moe/multi", runs: 217, low: 0.726, high: 1.386, median_abs: 0.140 },
    ClassError { class: "nvidia/vllm", runs: 12, low: 0.917, high: 1.183, median_abs: 0.077 },
    ClassError { class: "nvidia/vllm/dense/multi", runs: 6, low: 0.917, high: 1.183, median_abs: 0.076 },
    ClassError { class: "nvidia/vllm/moe/multi", runs: 6, low: 0.908, high: 1.614, median_abs: 0.083 },
    ClassError { class: "sglang", runs: 12, low: 1.607, high: 1.917, median_abs: 0.707 },
    ClassError { class: "trtllm", runs: 613, low: 0.758, high: 1.431, median_abs: 0.117 },
    ClassError { class: "vllm", runs: 44, low: 0.743, high: 1.767, median_abs: 0.104 },
];

/// The period each engine's figures represent (`perf::EnginePeriod`).
#[rustfmt::skip]
pub const ENGINE_PERIODS: &[EnginePeriod] = &[
    EnginePeriod { engine: "llamacpp", from: "2023-12", to: "2026-02", runs: 43, earlier_runs: 0 },
    EnginePeriod { engine: "sglang", from: "2026-02", to: "2026-02", runs: 12, earlier_runs: 0 },
    EnginePeriod { engine: "trtllm", from: "2023-10", to: "2026-02", runs: 613, earlier_runs: 0 },
    EnginePeriod { engine: "vllm", from: "2024-08", to: "2026-03", runs: 44, earlier_runs: 0 },
];
