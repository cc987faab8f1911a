//! Every word of the interface in English and Spanish: the page's labels ([`T`], in
//! [`crate::words::page`], which the pre-render shares) and the names of the core's types the
//! page lists (formats, offer kinds, memory terms).

use crate::report::{OfferKind, TermKey};
use crate::scenario::Lang;
pub use crate::words::page::{deployment_name, jurisdiction_short, t, T};

/// The one-line explanation of a weight format.
pub fn quant_help(lang: Lang, quant: crate::model::Quant) -> &'static str {
    use crate::model::Quant::*;
    let (en, es) = match quant {
        Fp32 => ("32-bit floats: training precision, twice the memory of bf16.", "Coma flotante de 32 bits: precisión de entrenamiento, el doble de memoria que bf16."),
        Bf16 => ("16-bit brain float: the published weights of most models.", "Coma flotante de 16 bits (bf16): los pesos publicados de casi todos los modelos."),
        Fp16 => ("16-bit float: same size as bf16, for older GPUs.", "Coma flotante de 16 bits: mismo tamaño que bf16, para GPU antiguas."),
        Fp8 => ("8-bit float: half of bf16, near-lossless on Hopper, Ada and newer.", "Coma flotante de 8 bits: la mitad que bf16, casi sin pérdida en Hopper, Ada y posteriores."),
        Int8 => ("8-bit integers (weights only): half of bf16.", "Enteros de 8 bits (solo pesos): la mitad que bf16."),
        Awq4 => ("AWQ 4-bit: about a quarter of bf16, good quality on GPUs.", "AWQ de 4 bits: una cuarta parte de bf16, buena calidad en GPU."),
        Gptq4 => ("GPTQ 4-bit: about a quarter of bf16, widely supported.", "GPTQ de 4 bits: una cuarta parte de bf16, muy soportado."),
        Nf4 => ("bitsandbytes NF4: 4-bit, used by QLoRA.", "NF4 de bitsandbytes: 4 bits, el de QLoRA."),
        Mxfp4 => ("MXFP4: 4-bit microscaling float (gpt-oss experts).", "MXFP4: coma flotante de 4 bits con microescalado (expertos de gpt-oss)."),
        Nvfp4 => ("NVFP4: NVIDIA's 4-bit float for Blackwell.", "NVFP4: coma flotante de 4 bits de NVIDIA para Blackwell."),
        Q8_0 => ("GGUF Q8_0: 8.5 bits per weight, practically lossless.", "GGUF Q8_0: 8,5 bits por peso, prácticamente sin pérdida."),
        Q6K => ("GGUF Q6_K: about 6.6 bits per weight, very close to the original.", "GGUF Q6_K: unos 6,6 bits por peso, muy cerca del original."),
        Q5KM => ("GGUF Q5_K_M: about 5.7 bits per weight, small quality loss.", "GGUF Q5_K_M: unos 5,7 bits por peso, poca pérdida."),
        Q5KS => ("GGUF Q5_K_S: about 5.5 bits per weight.", "GGUF Q5_K_S: unos 5,5 bits por peso."),
        Q4KM => ("GGUF Q4_K_M: about 4.8 bits per weight, the usual local choice.", "GGUF Q4_K_M: unos 4,8 bits por peso, la elección habitual en local."),
        Q4KS => ("GGUF Q4_K_S: about 4.6 bits per weight.", "GGUF Q4_K_S: unos 4,6 bits por peso."),
        Q4_0 => ("GGUF Q4_0: 4.5 bits per weight, legacy format.", "GGUF Q4_0: 4,5 bits por peso, formato antiguo."),
        Q3KM => ("GGUF Q3_K_M: about 3.9 bits per weight, visible quality loss.", "GGUF Q3_K_M: unos 3,9 bits por peso, pérdida visible."),
        Q3KS => ("GGUF Q3_K_S: about 3.5 bits per weight.", "GGUF Q3_K_S: unos 3,5 bits por peso."),
        Q2K => ("GGUF Q2_K: about 2.6 bits per weight, large quality loss.", "GGUF Q2_K: unos 2,6 bits por peso, gran pérdida."),
        Iq4Xs => ("GGUF IQ4_XS: about 4.25 bits per weight, importance-weighted.", "GGUF IQ4_XS: unos 4,25 bits por peso, con matriz de importancia."),
        Iq3M => ("GGUF IQ3_M: about 3.7 bits per weight.", "GGUF IQ3_M: unos 3,7 bits por peso."),
        Iq2M => ("GGUF IQ2_M: about 2.7 bits per weight, for very tight memory.", "GGUF IQ2_M: unos 2,7 bits por peso, para memoria muy justa."),
    };
    match lang {
        Lang::En => en,
        Lang::Es => es,
    }
}

/// The name of an offer kind.
pub fn kind_name(lang: Lang, kind: OfferKind) -> &'static str {
    let (en, es) = match kind {
        OfferKind::CloudOnDemand => ("Cloud, on demand", "Nube, bajo demanda"),
        OfferKind::CloudReserved => ("Cloud, reserved", "Nube, reservada"),
        OfferKind::CloudSpot => ("Cloud, spot", "Nube, spot"),
        OfferKind::GpuCloud => ("GPU cloud", "Nube de GPU"),
        OfferKind::BareMetal => ("Bare metal", "Servidor dedicado"),
        OfferKind::Vps => ("VPS", "VPS"),
        OfferKind::DedicatedCpu => ("Dedicated CPU", "CPU dedicada"),
        OfferKind::Own => ("Bought (colocated)", "Comprado (colocado)"),
    };
    match lang {
        Lang::En => en,
        Lang::Es => es,
    }
}

/// The name of a memory term.
pub fn term_name(lang: Lang, key: TermKey) -> &'static str {
    t(
        lang,
        match key {
            TermKey::Weights => T::TermWeights,
            TermKey::KvCache => T::TermKv,
            TermKey::Activations => T::TermActivations,
            TermKey::Overhead => T::TermOverhead,
            TermKey::Reserve => T::TermReserve,
            TermKey::Towers => T::TermTowers,
            TermKey::Gradients | TermKey::Optimizer | TermKey::Adapters | TermKey::OsReserve => {
                T::TermOther
            }
        },
    )
}
