//! What can run where, in words: why an engine, format and GPU cannot run together, and what a
//! combination that runs gives up ([`crate::model::compat`] decides which).

use crate::lang::Lang;

/// Why a combination cannot run at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// TensorRT-LLM on a GPU that is not NVIDIA's (or on CPU).
    TrtllmNeedsNvidia,
    /// NVFP4 before Blackwell or off NVIDIA.
    Nvfp4NeedsBlackwell,
    /// FP8 on a GPU with neither FP8 tensor cores nor the weight-only path (before Ampere).
    Fp8TooOld,
    /// MXFP4 on a GPU older than Ampere.
    Mxfp4TooOld,
    /// A GGUF file on TensorRT-LLM.
    GgufNotOnEngine,
    /// A non-GGUF checkpoint (AWQ, GPTQ, NF4, FP8, INT8, NVFP4) on llama.cpp or Ollama.
    NeedsGguf,
}

/// What a combination that runs gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Degraded {
    /// FP8 weights run weight-only (W8A16) on Ampere: compute at BF16 speed.
    Fp8WeightOnly,
    /// MXFP4 runs weight-only on Ampere and Ada: compute at BF16 speed.
    Mxfp4WeightOnly,
    /// NVFP4 runs weight-only (W4A16, vLLM's FP4 Marlin kernel) before Blackwell: compute at
    /// BF16 speed.
    Nvfp4WeightOnly,
    /// Tensor parallelism above 2 over PCIe on GeForce cards: no NVLink, no peer-to-peer.
    GeforceTensorParallel,
    /// A GGUF file on vLLM or SGLang: an experimental path, slower kernels, not tuned for many
    /// concurrent requests.
    GgufExperimental,
}

impl Impossible {
    /// The reason as a clause (lower case, no full stop), as the comparison table shows it.
    pub fn sentence(self, lang: Lang) -> String {
        let (en, es) = match self {
            Impossible::TrtllmNeedsNvidia => (
                "TensorRT-LLM runs on NVIDIA GPUs only",
                "TensorRT-LLM solo funciona en GPU de NVIDIA",
            ),
            Impossible::Nvfp4NeedsBlackwell => (
                "NVFP4 needs the FP4 tensor cores of NVIDIA Blackwell GPUs (vLLM runs it weight-only on Ampere, Ada and Hopper)",
                "NVFP4 necesita los núcleos tensoriales FP4 de las GPU NVIDIA Blackwell (vLLM lo ejecuta solo en los pesos en Ampere, Ada y Hopper)",
            ),
            Impossible::Fp8TooOld => (
                "this GPU has no FP8 support (FP8 needs Ada, Hopper, Blackwell or MI300; Ampere runs it weight-only)",
                "esta GPU no admite FP8 (FP8 necesita Ada, Hopper, Blackwell o MI300; Ampere lo ejecuta solo en los pesos)",
            ),
            Impossible::Mxfp4TooOld => (
                "this GPU is too old for MXFP4 kernels (Ampere or later, MI300 or later)",
                "esta GPU es demasiado antigua para los núcleos MXFP4 (Ampere o posterior, MI300 o posterior)",
            ),
            Impossible::GgufNotOnEngine => (
                "TensorRT-LLM does not load GGUF files (llama.cpp and Ollama do)",
                "TensorRT-LLM no carga archivos GGUF (llama.cpp y Ollama sí)",
            ),
            Impossible::NeedsGguf => (
                "llama.cpp and Ollama load GGUF files: convert the weights to a GGUF type such as q4_k_m or q8_0",
                "llama.cpp y Ollama cargan archivos GGUF: convierte los pesos a un tipo GGUF como q4_k_m o q8_0",
            ),
        };
        match lang {
            Lang::En => en,
            Lang::Es => es,
        }
        .to_string()
    }
}

impl Degraded {
    /// What the combination gives up, as a sentence.
    pub fn sentence(self, lang: Lang) -> String {
        let (en, es) = match self {
            Degraded::Fp8WeightOnly => (
                "On Ampere FP8 runs weight-only (W8A16, vLLM's Marlin kernel): the weights take 8 bits, but the compute runs at BF16 speed, with no FP8 tensor cores.",
                "En Ampere, FP8 se ejecuta solo en los pesos (W8A16, núcleo Marlin de vLLM): los pesos ocupan 8 bits, pero el cálculo va a velocidad BF16, sin núcleos tensoriales FP8.",
            ),
            Degraded::Mxfp4WeightOnly => (
                "On this GPU MXFP4 runs weight-only: the weights take 4 bits, but the compute runs at BF16 speed, with no FP4 tensor cores.",
                "En esta GPU, MXFP4 se ejecuta solo en los pesos: ocupan 4 bits, pero el cálculo va a velocidad BF16, sin núcleos tensoriales FP4.",
            ),
            Degraded::Nvfp4WeightOnly => (
                "Before Blackwell, vLLM runs NVFP4 weight-only (W4A16, its FP4 Marlin kernel): the weights take about 4.5 bits, but the compute runs at BF16 speed, with no FP4 tensor cores; decode, bound by memory, keeps most of the gain.",
                "Antes de Blackwell, vLLM ejecuta NVFP4 solo en los pesos (W4A16, su núcleo FP4 Marlin): los pesos ocupan unos 4,5 bits, pero el cálculo va a velocidad BF16, sin núcleos tensoriales FP4; la decodificación, limitada por la memoria, conserva casi toda la ganancia.",
            ),
            Degraded::GeforceTensorParallel => (
                "Tensor parallelism over more than 2 GeForce cards runs over PCIe: no NVLink, and NVIDIA's driver does not enable peer-to-peer transfers between GeForce RTX 40 and 50 cards, so each all-reduce goes through host memory; the speed shown assumes the PCIe link and may not hold under load.",
                "El paralelismo tensorial sobre más de 2 tarjetas GeForce va por PCIe: sin NVLink, y el controlador de NVIDIA no activa las transferencias directas entre tarjetas GeForce RTX 40 y 50, así que cada all-reduce pasa por la memoria del anfitrión; la velocidad mostrada supone el enlace PCIe y puede no sostenerse con carga.",
            ),
            Degraded::GgufExperimental => (
                "GGUF on vLLM or SGLang is an experimental path: prompts and batched requests run about 9x slower than with AWQ weights (measured on vLLM 0.20), which caps how many users a GPU serves; prefer AWQ or GPTQ weights there, or serve the GGUF file with llama.cpp.",
                "GGUF en vLLM o SGLang es una vía experimental: los prompts y las peticiones en lote van unas 9 veces más lentos que con pesos AWQ (medido en vLLM 0.20), lo que limita cuántos usuarios atiende una GPU; mejor pesos AWQ o GPTQ ahí, o servir el archivo GGUF con llama.cpp.",
            ),
        };
        match lang {
            Lang::En => en,
            Lang::Es => es,
        }
        .to_string()
    }
}
