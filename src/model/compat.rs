//! What can run where: engine x GPU vendor and weight format x GPU generation. An impossible
//! combination is not a deployment; a degraded one runs, and says what it costs.
//!
//! The GPU's vendor and generation come from the catalogue's id, name and vendor
//! ([`GpuFamily::of`], the one place that reads them); the rules ([`check`]) cite their sources:
//! - TensorRT-LLM runs on NVIDIA GPUs only (NVIDIA/TensorRT-LLM README: "optimize inference on
//!   NVIDIA GPUs"); llama.cpp runs on every vendor (CUDA, HIP/ROCm, SYCL, Vulkan, CPU backends in
//!   ggml-org/llama.cpp's README).
//! - NVFP4 runs at FP4 on Blackwell's FP4 tensor cores (NVIDIA Blackwell architecture technical
//!   brief; TensorRT-LLM's and SGLang's NVFP4 kernels require SM100/SM120). vLLM also runs it
//!   weight-only (W4A16) on Ampere, Ada and Hopper through its FP4 Marlin kernel
//!   (vllm/model_executor/layers/quantization/utils/marlin_utils_fp4.py:
//!   `is_fp4_marlin_supported` is `has_device_capability(80)`): 4-bit weights, BF16 compute.
//! - FP8 compute needs FP8 tensor cores: Ada (SM89), Hopper, Blackwell, and AMD's MI300 (CDNA 3)
//!   and later. On Ampere vLLM runs FP8 checkpoints weight-only (W8A16, its FP8 Marlin kernel,
//!   docs.vllm.ai "FP8 W8A8": "on Ampere ... weight-only FP8 via Marlin"): weights at 8 bits,
//!   compute at BF16 speed. Older GPUs (Volta, Turing: below SM80) have neither.
//! - MXFP4 (gpt-oss): native on Hopper, Blackwell and MI300+; vLLM runs it weight-only on Ampere
//!   and Ada (Marlin/Triton kernels, vLLM's gpt-oss recipe).
//! - GGUF files are llama.cpp's format (and Ollama's); vLLM loads them as an experimental,
//!   single-file path (docs.vllm.ai "GGUF": "highly experimental and under-optimized"),
//!   TensorRT-LLM does not load them.
//! - llama.cpp and Ollama load GGUF files: AWQ, GPTQ, NF4, FP8, INT8 and NVFP4 checkpoints must be
//!   converted to a GGUF type first.

use super::options::{Engine, Quant};

/// Who makes the GPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vendor {
    #[default]
    Nvidia,
    Amd,
    Intel,
    Other,
}

/// The GPU's architecture generation, as far as the rules need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Generation {
    /// Before Ampere (Volta V100, Turing T4): no BF16, FP8 or FP4 tensor cores.
    PreAmpere,
    Ampere,
    Ada,
    Hopper,
    Blackwell,
    /// AMD before MI300 (CDNA 2 and older, RDNA).
    AmdPreMi300,
    /// AMD MI300 and later (CDNA 3+): FP8.
    AmdMi300,
    /// Intel Gaudi accelerators.
    Gaudi,
    Unknown,
}

/// A GPU's vendor and generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuFamily {
    pub vendor: Vendor,
    pub generation: Generation,
}

impl GpuFamily {
    /// Read from a catalogue GPU's `id` (`nvidia_h100_sxm`), `name` and `vendor`. The one place
    /// that derives them: the catalogue has no generation field.
    pub fn of(id: &str, name: &str, vendor: &str) -> GpuFamily {
        let text = format!("{id} {name} {vendor}").to_ascii_lowercase();
        let has = |words: &[&str]| words.iter().any(|w| text.contains(w));
        let vendor = if has(&["nvidia", "geforce", "quadro", "tesla"]) {
            Vendor::Nvidia
        } else if has(&["amd", "instinct", "radeon"]) {
            Vendor::Amd
        } else if has(&["intel", "gaudi"]) {
            Vendor::Intel
        } else {
            Vendor::Other
        };
        let generation = match vendor {
            Vendor::Nvidia => {
                if has(&[
                    "blackwell",
                    "b200",
                    "b100",
                    "gb200",
                    "b300",
                    "rtx_50",
                    "rtx 50",
                ]) {
                    Generation::Blackwell
                } else if has(&["h100", "h200", "gh200", "h800", "h20"]) {
                    Generation::Hopper
                } else if has(&["ada", "l40", "l4", "rtx_40", "rtx 40"]) {
                    Generation::Ada
                } else if has(&[
                    "a100", "a10", "a30", "a40", "a16", "rtx_a", "rtx a", "rtx_30", "rtx 30",
                ]) {
                    Generation::Ampere
                } else if has(&["v100", "t4", "p100", "p40", "rtx_20", "rtx 20"]) {
                    Generation::PreAmpere
                } else {
                    Generation::Unknown
                }
            }
            Vendor::Amd => {
                if has(&["mi300", "mi325", "mi350", "mi355", "mi400"]) {
                    Generation::AmdMi300
                } else {
                    Generation::AmdPreMi300
                }
            }
            Vendor::Intel if has(&["gaudi"]) => Generation::Gaudi,
            _ => Generation::Unknown,
        };
        GpuFamily { vendor, generation }
    }

    /// FP8 tensor cores: Ada, Hopper, Blackwell, AMD MI300+, Gaudi 2 and 3.
    fn fp8_compute(self) -> bool {
        matches!(
            self.generation,
            Generation::Ada
                | Generation::Hopper
                | Generation::Blackwell
                | Generation::AmdMi300
                | Generation::Gaudi
        )
    }
}

// Why a combination cannot run, and what a degraded one gives up: typed values that live with
// their words in `crate::words::compat`.
pub use crate::words::compat::{Degraded, Impossible};

/// The verdict on one combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compat {
    Runs,
    Degraded(Degraded),
    Impossible(Impossible),
}

/// Whether `engine` runs weights in `quant` on a GPU of `family` (`None`: on CPU).
pub fn check(engine: Engine, quant: Quant, family: Option<GpuFamily>) -> Compat {
    use Compat::{Degraded as D, Impossible as I};
    let llama = matches!(engine, Engine::Llamacpp | Engine::Ollama);
    let Some(f) = family else {
        return match engine {
            Engine::Trtllm => I(Impossible::TrtllmNeedsNvidia),
            _ if llama && !runs_on_llamacpp(quant) => I(Impossible::NeedsGguf),
            _ => Compat::Runs,
        };
    };
    if engine == Engine::Trtllm && f.vendor != Vendor::Nvidia {
        return I(Impossible::TrtllmNeedsNvidia);
    }
    if quant.is_gguf() {
        return match engine {
            Engine::Llamacpp | Engine::Ollama => Compat::Runs,
            Engine::Trtllm => I(Impossible::GgufNotOnEngine),
            _ => D(Degraded::GgufExperimental),
        };
    }
    if llama {
        return if runs_on_llamacpp(quant) {
            Compat::Runs
        } else {
            I(Impossible::NeedsGguf)
        };
    }
    match quant {
        Quant::Nvfp4 => match f.generation {
            Generation::Blackwell | Generation::Unknown => Compat::Runs,
            Generation::Ampere | Generation::Ada | Generation::Hopper if engine == Engine::Vllm => {
                D(Degraded::Nvfp4WeightOnly)
            }
            _ => I(Impossible::Nvfp4NeedsBlackwell),
        },
        Quant::Fp8 if !f.fp8_compute() => match f.generation {
            Generation::Ampere => D(Degraded::Fp8WeightOnly),
            Generation::Unknown => Compat::Runs,
            _ => I(Impossible::Fp8TooOld),
        },
        Quant::Mxfp4 => match f.generation {
            Generation::Ampere | Generation::Ada => D(Degraded::Mxfp4WeightOnly),
            Generation::PreAmpere | Generation::AmdPreMi300 => I(Impossible::Mxfp4TooOld),
            _ => Compat::Runs,
        },
        _ => Compat::Runs,
    }
}

/// The formats llama.cpp loads: GGUF quantisations and plain floating point (F32, F16, BF16),
/// and MXFP4 (gpt-oss's GGUF).
fn runs_on_llamacpp(quant: Quant) -> bool {
    quant.is_gguf()
        || matches!(
            quant,
            Quant::Fp32 | Quant::Bf16 | Quant::Fp16 | Quant::Mxfp4
        )
}
