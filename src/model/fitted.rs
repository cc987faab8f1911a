//! The speed model's corrections and ranges as fitted to the published runs. Written by
//! `tests/calibration.rs` (`UPDATE_CALIBRATION=1 cargo test --test calibration`), which fails
//! when it is stale: do not edit by hand.

use super::perf::{Calibration, ClassError, EnginePeriod};

/// Fitted on 712 runs (`perf::Calibration`): engine order vLLM, SGLang, TensorRT-LLM,
/// llama.cpp.
pub const CALIBRATION: Calibration = Calibration {
    engine: [1.11, 0.57, 0.92, 1.0],
    amd: [0.97, 1.0, 1.0, 1.0],
    moe_multi: [0.97, 1.0, 0.87, 1.0],
    per_doubling: [0.99, 1.0, 1.0, 1.0],
};

/// Held-out error by class (leave one source out), `perf::ClassError`.
#[rustfmt::skip]
pub const CLASS_ERRORS: &[ClassError] = &[
    ClassError { class: "all", runs: 712, low: 0.714, high: 1.651, median_abs: 0.160 },
    ClassError { class: "amd/sglang", runs: 12, low: 1.532, high: 1.741, median_abs: 0.646 },
    ClassError { class: "amd/sglang/moe/multi", runs: 12, low: 1.532, high: 1.741, median_abs: 0.646 },
    ClassError { class: "amd/vllm", runs: 32, low: 0.685, high: 1.767, median_abs: 0.195 },
    ClassError { class: "amd/vllm/dense/1gpu", runs: 20, low: 0.685, high: 1.899, median_abs: 0.238 },
    ClassError { class: "amd/vllm/moe/1gpu", runs: 9, low: 0.658, high: 1.311, median_abs: 0.186 },
    ClassError { class: "amd/vllm/moe/multi", runs: 3, low: 0.731, high: 1.008, median_abs: 0.015 },
    ClassError { class: "llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp/dense/1gpu", runs: 39, low: 0.718, high: 1.202, median_abs: 0.073 },
    ClassError { class: "nvidia/llamacpp/dense/multi", runs: 3, low: 0.705, high: 1.007, median_abs: 0.160 },
    ClassError { class: "nvidia/llamacpp/moe/1gpu", runs: 1, low: 0.736, high: 0.736, median_abs: 0.264 },
    ClassError { class: "nvidia/trtllm", runs: 613, low: 0.716, high: 1.592, median_abs: 0.159 },
    ClassError { class: "nvidia/trtllm/dense/1gpu", runs: 168, low: 0.747, high: 1.421, median_abs: 0.124 },
    ClassError { class: "nvidia/trtllm/dense/multi", runs: 178, low: 0.767, high: 1.627, median_abs: 0.160 },
    ClassError { class: "nvidia/trtllm/moe/1gpu", runs: 50, low: 0.560, high: 1.977, median_abs: 0.250 },
    ClassError { class: "nvidia/trtllm/moe/multi", runs: 217, low: 0.656, high: 1.516, median_abs: 0.166 },
    ClassError { class: "nvidia/vllm", runs: 12, low: 0.840, high: 1.183, median_abs: 0.081 },
    ClassError { class: "nvidia/vllm/dense/multi", runs: 6, low: 0.917, high: 1.183, median_abs: 0.076 },
    ClassError { class: "nvidia/vllm/moe/multi", runs: 6, low: 0.824, high: 1.308, median_abs: 0.148 },
    ClassError { class: "sglang", runs: 12, low: 1.532, high: 1.741, median_abs: 0.646 },
    ClassError { class: "trtllm", runs: 613, low: 0.716, high: 1.592, median_abs: 0.159 },
    ClassError { class: "vllm", runs: 44, low: 0.685, high: 1.767, median_abs: 0.168 },
];

/// The period of each engine's published runs (`perf::EnginePeriod`).
#[rustfmt::skip]
pub const ENGINE_PERIODS: &[EnginePeriod] = &[
    EnginePeriod { engine: "llamacpp", from: "2023-12", to: "2026-02", runs: 43 },
    EnginePeriod { engine: "sglang", from: "2026-02", to: "2026-02", runs: 12 },
    EnginePeriod { engine: "trtllm", from: "2023-10", to: "2026-02", runs: 613 },
    EnginePeriod { engine: "vllm", from: "2024-08", to: "2026-03", runs: 44 },
];
