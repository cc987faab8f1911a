//! The speed model's corrections and ranges as fitted to the published runs. Written by
//! `tests/calibration.rs` (`UPDATE_CALIBRATION=1 cargo test --test calibration`), which fails
//! when it is stale: do not edit by hand.

use super::perf::{Calibration, ClassError, EnginePeriod};

/// Fitted on 712 runs (`perf::Calibration`): engine order vLLM, SGLang, TensorRT-LLM,
/// llama.cpp.
pub const CALIBRATION: Calibration = Calibration {
    engine: [1.06, 0.56, 0.9, 1.0],
    amd: [1.01, 1.0, 1.0, 1.0],
    moe_multi: [1.03, 1.0, 0.84, 1.0],
    per_doubling: [0.96, 1.0, 0.95, 1.0],
};

/// Held-out error by class (leave one source out), `perf::ClassError`.
#[rustfmt::skip]
pub const CLASS_ERRORS: &[ClassError] = &[
    ClassError { class: "all", runs: 712, low: 0.685, high: 1.834, median_abs: 0.175 },
    ClassError { class: "amd/sglang", runs: 12, low: 1.637, high: 1.994, median_abs: 0.723 },
    ClassError { class: "amd/sglang/moe/multi", runs: 12, low: 1.637, high: 1.994, median_abs: 0.723 },
    ClassError { class: "amd/vllm", runs: 32, low: 0.685, high: 1.767, median_abs: 0.191 },
    ClassError { class: "amd/vllm/dense/1gpu", runs: 20, low: 0.685, high: 1.899, median_abs: 0.238 },
    ClassError { class: "amd/vllm/moe/1gpu", runs: 9, low: 0.658, high: 1.311, median_abs: 0.186 },
    ClassError { class: "amd/vllm/moe/multi", runs: 3, low: 0.741, high: 1.017, median_abs: 0.017 },
    ClassError { class: "llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp", runs: 43, low: 0.712, high: 1.202, median_abs: 0.076 },
    ClassError { class: "nvidia/llamacpp/dense/1gpu", runs: 39, low: 0.718, high: 1.202, median_abs: 0.073 },
    ClassError { class: "nvidia/llamacpp/dense/multi", runs: 3, low: 0.706, high: 1.007, median_abs: 0.160 },
    ClassError { class: "nvidia/llamacpp/moe/1gpu", runs: 1, low: 0.736, high: 0.736, median_abs: 0.264 },
    ClassError { class: "nvidia/trtllm", runs: 613, low: 0.682, high: 1.833, median_abs: 0.176 },
    ClassError { class: "nvidia/trtllm/dense/1gpu", runs: 168, low: 0.722, high: 1.391, median_abs: 0.126 },
    ClassError { class: "nvidia/trtllm/dense/multi", runs: 178, low: 0.801, high: 1.922, median_abs: 0.199 },
    ClassError { class: "nvidia/trtllm/moe/1gpu", runs: 50, low: 0.542, high: 1.934, median_abs: 0.230 },
    ClassError { class: "nvidia/trtllm/moe/multi", runs: 217, low: 0.616, high: 1.714, median_abs: 0.199 },
    ClassError { class: "nvidia/vllm", runs: 12, low: 0.854, high: 1.259, median_abs: 0.073 },
    ClassError { class: "nvidia/vllm/dense/multi", runs: 6, low: 0.977, high: 1.259, median_abs: 0.022 },
    ClassError { class: "nvidia/vllm/moe/multi", runs: 6, low: 0.838, high: 1.349, median_abs: 0.135 },
    ClassError { class: "sglang", runs: 12, low: 1.637, high: 1.994, median_abs: 0.723 },
    ClassError { class: "trtllm", runs: 613, low: 0.682, high: 1.833, median_abs: 0.176 },
    ClassError { class: "vllm", runs: 44, low: 0.685, high: 1.767, median_abs: 0.154 },
];

/// The period of each engine's published runs (`perf::EnginePeriod`).
#[rustfmt::skip]
pub const ENGINE_PERIODS: &[EnginePeriod] = &[
    EnginePeriod { engine: "llamacpp", from: "2023-12", to: "2026-02", runs: 43 },
    EnginePeriod { engine: "sglang", from: "2026-02", to: "2026-02", runs: 12 },
    EnginePeriod { engine: "trtllm", from: "2023-10", to: "2026-02", runs: 613 },
    EnginePeriod { engine: "vllm", from: "2024-08", to: "2026-03", runs: 44 },
];
