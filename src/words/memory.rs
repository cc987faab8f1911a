//! The sizing model in words: what each memory figure rests on ([`TermBasis`], [`WeightBasis`]),
//! why a model does not fit on a GPU ([`NoFit`]) and why an offer cannot run it ([`Misfit`]).
//! The sizing model returns these values; this module writes them in English or Spanish.

use crate::format::number;
use crate::lang::Lang;
use crate::units::{Bytes, GIB};

/// What a weight figure rests on; [`WeightBasis::sentence`] says it in the reader's language.
/// `quant` is the format's id (`q4_k_m`, `awq4`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WeightBasis {
    /// A bare parameter count at the bits per weight measured on Llama-3.1-8B.
    MeasuredRate {
        params: f64,
        bits: f64,
        quant: &'static str,
    },
    /// A bare parameter count at the format's bits per weight.
    BareCount { params: f64, bits: f64 },
    /// GGUF types tensor by tensor with llama.cpp's rules.
    Gguf { quant: &'static str },
    /// gpt-oss's native mix: MXFP4 experts, BF16 elsewhere.
    NativeMxfp4,
    /// Every parameter at `bytes` bytes.
    Float { bytes: u32 },
    /// Linear layers at `bits`, the rest at 16 bits.
    Linear { bits: f64, quant: &'static str },
    /// The tensor sizes read from a GGUF header.
    GgufFile,
    /// The bytes of the published safetensors checkpoint, in its own format (`quant`).
    CheckpointFile { quant: &'static str },
}

impl WeightBasis {
    pub fn sentence(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.english(),
            Lang::Es => self.spanish(),
        }
    }

    fn english(&self) -> String {
        match *self {
            WeightBasis::MeasuredRate { params, bits, quant } => format!(
                "{params:.0} parameters x {bits} bits, the {quant} rate measured on Llama-3.1-8B (llama.cpp tools/quantize/README.md)"
            ),
            WeightBasis::BareCount { params, bits } => format!(
                "{params:.0} parameters x {bits:.3} bits; embeddings and head unknown (a bare parameter count)"
            ),
            WeightBasis::Gguf { quant } => format!(
                "{quant} tensor by tensor with llama.cpp's mixture rules and shape fallbacks (llama-quant.cpp at ggml-org/llama.cpp@007dbbf3; a fused QKV tensor takes the value projection's rules); norms and biases F32"
            ),
            WeightBasis::NativeMxfp4 => "MXFP4 experts (4.25 bits: 32 FP4 values + one 8-bit scale), BF16 elsewhere, as the native gpt-oss checkpoint".to_string(),
            WeightBasis::Float { bytes } => format!("every parameter at {bytes} bytes"),
            WeightBasis::Linear { bits, quant } => format!(
                "linear layers at {bits:.4} bits ({quant}); embeddings, head, norms and routers at 16 bits"
            ),
            WeightBasis::GgufFile => "sum of the tensor sizes read from the GGUF header (each tensor's real type)".to_string(),
            WeightBasis::CheckpointFile { quant } => format!("the size of the published safetensors checkpoint ({quant}), read from its index or header"),
        }
    }

    fn spanish(&self) -> String {
        let lang = Lang::Es;
        // Plain decimals, as computed (no thousands separator), with the decimal comma.
        let dec = |text: String| text.replace('.', ",");
        match *self {
            WeightBasis::MeasuredRate { params, bits, quant } => format!(
                "{} parámetros x {} bits, la tasa de {quant} medida en Llama-3.1-8B (llama.cpp tools/quantize/README.md)",
                number(params, 0, lang),
                dec(format!("{bits}")),
            ),
            WeightBasis::BareCount { params, bits } => format!(
                "{} parámetros x {} bits; incrustaciones y cabeza desconocidas (solo se conoce el número de parámetros)",
                number(params, 0, lang),
                dec(format!("{bits:.3}"))
            ),
            WeightBasis::Gguf { quant } => format!(
                "{quant} tensor a tensor con las reglas de mezcla de llama.cpp y sus alternativas según la forma (llama-quant.cpp en ggml-org/llama.cpp@007dbbf3; un tensor QKV fusionado sigue las reglas de la proyección de valores); normas y sesgos en F32"
            ),
            WeightBasis::NativeMxfp4 => "expertos en MXFP4 (4,25 bits: 32 valores FP4 + una escala de 8 bits), BF16 en el resto, como los pesos originales de gpt-oss".to_string(),
            WeightBasis::Float { bytes } => format!("cada parámetro en {bytes} bytes"),
            WeightBasis::Linear { bits, quant } => format!(
                "capas lineales a {} bits ({quant}); incrustaciones, cabeza, normas y enrutadores a 16 bits",
                dec(format!("{bits:.4}")),
            ),
            WeightBasis::GgufFile => "suma de los tamaños de los tensores leídos de la cabecera GGUF (el tipo real de cada tensor)".to_string(),
            WeightBasis::CheckpointFile { quant } => format!("el tamaño del checkpoint safetensors publicado ({quant}), leído de su índice o su cabecera"),
        }
    }
}

/// What one term of the memory breakdown rests on; [`TermBasis::sentence`] says it in the
/// reader's language. Named after the term and, where it differs, the engine or runtime.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TermBasis {
    Weights(WeightBasis),
    /// Encoders keep no KV cache.
    NoKvCache,
    /// `bytes_per_token` on the full-attention layers x `ctx` tokens x `seqs` sequences; with a
    /// sliding window (or, when `chunked`, an attention chunk) of `window` tokens (0: none),
    /// padded by llama.cpp when `llamacpp_padding`; plus `state_per_seq` bytes of
    /// linear-attention state per sequence (0: none).
    KvCache {
        bytes_per_token: f64,
        ctx: u64,
        seqs: u64,
        /// Sized for the tokens in flight rather than every sequence at `ctx`.
        in_flight: Option<InFlight>,
        /// Data-parallel attention (latent attention on SGLang or vLLM over several GPUs): each
        /// GPU holds only its own requests' cache.
        dp_attention: bool,
        window: u64,
        llamacpp_padding: bool,
        chunked: bool,
        state_per_seq: f64,
    },
    /// Fine-tuning activations of a micro-batch of `batch` x `seq_len` tokens (Korthikanti et al.).
    TrainingActivations {
        batch: u64,
        seq_len: u64,
        checkpointing: bool,
    },
    /// CPU inference: compute buffers of one micro-batch.
    CpuComputeBuffers,
    /// vLLM's measured peak activation, scaled by AIConfigurator's TP coefficients.
    VllmActivations,
    /// AIConfigurator's activation estimate, +15% for SGLang.
    SglangActivations,
    /// AIConfigurator's activation estimate for TensorRT-LLM.
    TrtllmActivations,
    /// llama.cpp's compute buffer.
    LlamacppComputeBuffer,
    /// Eager (transformers) activations of one layer.
    EagerActivations,
    /// CPU inference: the runtime's resident memory.
    CpuRuntime,
    /// CUDA context and vLLM's non-torch memory.
    VllmOverhead,
    /// llama.cpp's platform footprint.
    LlamacppFootprint,
    /// llama.cpp's footprint, Ollama's minimum memory and one layer's buffer.
    OllamaOverhead,
    /// PyTorch runtime and allocator slack.
    TransformersRuntime,
    /// CUDA context and runtime.
    CudaRuntime,
    /// vLLM's `gpu_memory_utilization`.
    VllmReserve,
    /// SGLang's `mem_fraction_static`.
    SglangReserve,
    /// TensorRT-LLM's `free_gpu_memory_fraction`.
    TrtllmReserve,
    /// Full fine-tuning: bf16 gradients.
    Gradients,
    /// Full fine-tuning: AdamW states.
    Optimizer,
    /// LoRA adapters and their optimiser states.
    Adapters,
    /// CPU inference: memory kept for the operating system.
    OsReserve,
    /// Vision and audio towers loaded beside the language model.
    Towers,
}

impl TermBasis {
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match *self {
            TermBasis::Weights(w) => w.sentence(lang),
            TermBasis::KvCache {
                bytes_per_token,
                ctx,
                seqs,
                in_flight,
                dp_attention,
                window,
                llamacpp_padding,
                chunked,
                state_per_seq,
            } => {
                let mut s = match in_flight {
                    Some(f) => kv_in_flight(bytes_per_token, ctx, seqs, f, window, lang),
                    None => kv_cache(bytes_per_token, ctx, seqs, window, llamacpp_padding, lang),
                };
                if chunked {
                    s = chunked_words(s, lang);
                }
                if state_per_seq > 0.0 {
                    s.push_str(&linear_state(state_per_seq, lang));
                }
                if dp_attention {
                    s.push_str(match lang {
                        Lang::En => "; data-parallel attention: each GPU holds only the latent cache of its own requests, not a copy of all of it",
                        Lang::Es => "; atención en paralelo de datos: cada GPU guarda solo la caché latente de sus propias peticiones, no una copia de toda",
                    });
                }
                s
            }
            TermBasis::TrainingActivations {
                batch,
                seq_len,
                checkpointing,
            } => training_activations(batch, seq_len, checkpointing, lang),
            fixed => {
                let (en, es_text) = fixed.fixed();
                if es { es_text } else { en }.to_string()
            }
        }
    }

    /// The sentences with no figure in them, (English, Spanish).
    fn fixed(self) -> (&'static str, &'static str) {
        use TermBasis::*;
        match self {
            Weights(_) | KvCache { .. } | TrainingActivations { .. } => ("", ""),
            Towers => (
                "the vision/audio towers and their projector, loaded with the model at 16 bits, never read for text tokens",
                "las torres de visión/audio y su proyector, cargadas con el modelo a 16 bits, sin leerse para los tokens de texto",
            ),
            NoKvCache => (
                "encoders keep no KV cache",
                "los codificadores no guardan caché KV",
            ),
            CpuComputeBuffers => (
                "compute buffers of one micro-batch (modelled after gguf-parser)",
                "búferes de cálculo de un microlote (según el modelo de gguf-parser)",
            ),
            VllmActivations => (
                "vLLM peak activation measured roughly constant per model type: dense 4.8-5.6 GiB, MoE 7.4-8 GiB per GPU (llm-d empirical results); scaled by AIConfigurator's TP coefficients",
                "pico de activaciones de vLLM medido casi constante por tipo de modelo: densos 4,8-5,6 GiB, MoE 7,4-8 GiB por GPU (resultados empíricos de llm-d); escalado con los coeficientes de TP de AIConfigurator",
            ),
            SglangActivations => (
                "AIConfigurator: 2 x tokens x heads x head_dim x coeff, +15% for SGLang",
                "AIConfigurator: 2 x tokens x cabezas x head_dim x coeficiente, +15 % para SGLang",
            ),
            TrtllmActivations => (
                "AIConfigurator: 2 x max_num_tokens x heads x head_dim x coeff",
                "AIConfigurator: 2 x max_num_tokens x cabezas x head_dim x coeficiente",
            ),
            LlamacppComputeBuffer => (
                "llama.cpp compute buffer: largest of attention and FFN for one 512-token micro-batch plus logits (modelled after gguf-parser)",
                "búfer de cálculo de llama.cpp: el mayor entre atención y FFN para un microlote de 512 tokens, más los logits (según el modelo de gguf-parser)",
            ),
            EagerActivations => (
                "eager activations of one layer for the prompt tokens in flight plus logits",
                "activaciones de una capa, sin compilar, para los tokens de entrada en curso, más los logits",
            ),
            CpuRuntime => (
                "runtime resident memory",
                "memoria residente del entorno de ejecución",
            ),
            VllmOverhead => (
                "CUDA context (~0.5 GiB) + vLLM non-torch memory 0.15 GiB at TP 1, 0.6 GiB at TP >= 2 (llm-d)",
                "contexto CUDA (~0,5 GiB) + memoria de vLLM ajena a torch: 0,15 GiB con TP 1, 0,6 GiB con TP >= 2 (llm-d)",
            ),
            LlamacppFootprint => (
                "llama.cpp platform footprint 250 MiB (gguf-parser)",
                "huella de la plataforma llama.cpp, 250 MiB (gguf-parser)",
            ),
            OllamaOverhead => (
                "llama.cpp footprint + Ollama MinimumMemory 457 MiB + one layer buffer (ollama llm/memory.go)",
                "huella de llama.cpp + MinimumMemory de Ollama, 457 MiB, + el búfer de una capa (ollama llm/memory.go)",
            ),
            TransformersRuntime => (
                "PyTorch runtime and allocator slack (0.3-2 GiB quoted; up to +20% of weights per EleutherAI)",
                "entorno de PyTorch y holgura del asignador (se citan 0,3-2 GiB; hasta un 20 % más de los pesos según EleutherAI)",
            ),
            CudaRuntime => (
                "CUDA context and runtime (~0.5 GiB)",
                "contexto CUDA y entorno de ejecución (~0,5 GiB)",
            ),
            VllmReserve => (
                "vLLM uses gpu_memory_utilization (0.90) of each GPU: the rest stays free",
                "vLLM usa gpu_memory_utilization (0,90) de cada GPU: el resto queda libre",
            ),
            SglangReserve => (
                "SGLang mem_fraction_static (0.88): weights + KV take that share of memory",
                "SGLang mem_fraction_static (0,88): pesos + KV ocupan esa parte de la memoria",
            ),
            TrtllmReserve => (
                "TensorRT-LLM gives the KV cache 90% of the free memory (free_gpu_memory_fraction)",
                "TensorRT-LLM da a la caché KV el 90 % de la memoria libre (free_gpu_memory_fraction)",
            ),
            Gradients => (
                "bf16 gradients 2 B/param (4 more with fp32 gradient copies)",
                "gradientes bf16, 2 B/parámetro (4 más con copias fp32 de los gradientes)",
            ),
            Optimizer => (
                "AdamW: fp32 master weights 4 + moments 8 = 12 B/param (16-18 B/param in total; EleutherAI, DeepSpeed)",
                "AdamW: pesos maestros fp32 4 + momentos 8 = 12 B/parámetro (16-18 B/parámetro en total; EleutherAI, DeepSpeed)",
            ),
            Adapters => (
                "LoRA adapters on every linear layer, trained in fp32 with AdamW (16 B per adapter parameter)",
                "adaptadores LoRA en cada capa lineal, entrenados en fp32 con AdamW (16 B por parámetro de adaptador)",
            ),
            OsReserve => (
                "memory kept for the operating system",
                "memoria reservada para el sistema operativo",
            ),
        }
    }
}

/// The KV cache's basis: bytes per token x tokens x sequences, and the sliding window if any.
fn kv_cache(
    bytes_per_token: f64,
    ctx: u64,
    seqs: u64,
    window: u64,
    llamacpp_padding: bool,
    lang: Lang,
) -> String {
    let (per_token, ctx, seqs) = (
        number(bytes_per_token, 0, lang),
        number(ctx as f64, 0, lang),
        number(seqs as f64, 0, lang),
    );
    if window == 0 {
        return match lang {
            Lang::En => format!("{per_token} B/token x {ctx} tokens x {seqs} sequences"),
            Lang::Es => format!("{per_token} B/token x {ctx} tokens x {seqs} secuencias"),
        };
    }
    let window = number(window as f64, 0, lang);
    match lang {
        Lang::En => format!(
            "{per_token} B/token on full-attention layers x {ctx} tokens x {seqs} sequences; sliding-window layers hold {window} tokens{}",
            if llamacpp_padding { " (llama.cpp pads the SWA cache to n_swa + n_ubatch, multiple of 256)" } else { "" }
        ),
        Lang::Es => format!(
            "{per_token} B/token en las capas de atención completa x {ctx} tokens x {seqs} secuencias; las capas de ventana deslizante guardan {window} tokens{}",
            if llamacpp_padding { " (llama.cpp rellena la caché de ventana hasta n_swa + n_ubatch, en múltiplos de 256)" } else { "" }
        ),
    }
}

/// A chunked-attention model's KV sentence: its local layers keep at most a chunk, not a
/// sliding window.
fn chunked_words(text: String, lang: Lang) -> String {
    // Both phrasings: the full-context basis ("... layers hold N tokens") and the in-flight one
    // ("..., sliding-window layers holding N tokens").
    match lang {
        Lang::En => text
            .replace(
                "sliding-window layers hold ",
                "chunked-attention layers hold at most ",
            )
            .replace(
                "sliding-window layers holding ",
                "chunked-attention layers holding at most ",
            ),
        Lang::Es => text
            .replace(
                "las capas de ventana deslizante guardan",
                "las capas de atención por bloques guardan como mucho",
            )
            .replace(
                " tokens en las capas de ventana deslizante",
                " tokens como mucho en las capas de atención por bloques",
            ),
    }
}

/// The fixed state of linear-attention and Mamba layers, per sequence.
fn linear_state(bytes: f64, lang: Lang) -> String {
    let b = crate::format::bytes(bytes, lang);
    match lang {
        Lang::En => {
            format!(
                "; plus {b} of linear-attention or Mamba state per sequence, whatever its length"
            )
        }
        Lang::Es => format!(
            "; más {b} de estado de atención lineal o Mamba por secuencia, sea cual sea su longitud"
        ),
    }
}

/// The KV cache sized for the tokens in flight, and what every request at its full context
/// would need, in one line.
fn kv_in_flight(
    bytes_per_token: f64,
    ctx: u64,
    seqs: u64,
    f: InFlight,
    window: u64,
    lang: Lang,
) -> String {
    let n = |x: u64| number(x as f64, 0, lang);
    let (tokens, per, requests, ctx_words) = (n(f.tokens), n(f.per_request), n(seqs), n(ctx));
    let per_token = number(bytes_per_token, 0, lang);
    let full = number(f.full_context_bytes / GIB, 1, lang);
    let window = (window > 0).then(|| n(window));
    match lang {
        Lang::En => format!(
            "sized for {tokens} tokens in flight ({requests} requests x {per} prompt and output tokens, at least one request at the full context) x {per_token} B/token{}; if every request used its full {ctx_words}-token context: {full} GiB",
            window.map(|w| format!(", sliding-window layers holding {w} tokens")).unwrap_or_default()
        ),
        Lang::Es => format!(
            "dimensionada para {tokens} tokens en curso ({requests} peticiones x {per} tokens de entrada y salida, al menos una petición con el contexto completo) x {per_token} B/token{}; si cada petición usara su contexto completo de {ctx_words} tokens: {full} GiB",
            window.map(|w| format!(", con {w} tokens en las capas de ventana deslizante")).unwrap_or_default()
        ),
    }
}

/// The fine-tuning activations' basis.
fn training_activations(batch: u64, seq_len: u64, checkpointing: bool, lang: Lang) -> String {
    match lang {
        // The English sentence writes the micro-batch plainly (`2 x 4096`), as a formula.
        Lang::En => format!(
            "training activations of a micro-batch of {batch} x {seq_len} tokens per device per Korthikanti et al. (34·s·b·h per layer, FlashAttention){}",
            if checkpointing {
                ", gradient checkpointing keeps layer inputs only"
            } else {
                ", every layer's activations kept (no gradient checkpointing)"
            }
        ),
        Lang::Es => format!(
            "activaciones de entrenamiento de un microlote de {} x {} tokens por dispositivo según Korthikanti et al. (34·s·b·h por capa, FlashAttention){}",
            number(batch as f64, 0, lang),
            number(seq_len as f64, 0, lang),
            if checkpointing {
                "; al recalcularlas en la pasada hacia atrás solo se guardan las entradas de cada capa"
            } else {
                "; se guardan las de todas las capas, sin recalcularlas"
            }
        ),
    }
}

/// A KV cache sized for the tokens in flight: how many, the tokens of one request, and what it
/// would take if every request used its full context.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InFlight {
    /// Tokens the cache holds: requests x (prompt + output), at least one full context.
    pub tokens: u64,
    /// Prompt and output tokens of one request (at most the context).
    pub per_request: u64,
    /// The cache if every request held its full context, bytes over all devices.
    pub full_context_bytes: f64,
}

/// Why nothing fits on GPUs of one model; [`NoFit::sentence`] says it in the reader's language
/// (`Display`: English).
#[derive(Clone, Debug, PartialEq)]
pub enum NoFit {
    /// The GPU's memory is unknown or zero.
    NoMemoryFigure,
    /// Even one pipeline stage per layer leaves more than a GPU holds.
    TooBig {
        gpu_memory: Bytes,
        stages: u64,
        one_layer_weights: Bytes,
    },
}

impl NoFit {
    /// The reason as a clause (lower case, no full stop), as the comparison table shows it.
    pub fn sentence(&self, lang: Lang) -> String {
        let gib = |b: &Bytes, decimals| number(b.0 / GIB, decimals, lang);
        match (self, lang) {
            (NoFit::NoMemoryFigure, Lang::En) => "the GPU has no memory figure".to_string(),
            (NoFit::NoMemoryFigure, Lang::Es) => "la GPU no indica su memoria".to_string(),
            (
                NoFit::TooBig {
                    gpu_memory,
                    stages,
                    one_layer_weights,
                },
                _,
            ) => {
                let (cap, layer) = (gib(gpu_memory, 1), gib(one_layer_weights, 2));
                match (lang, *stages > 1) {
                    (Lang::En, true) => format!(
                        "does not fit on {cap} GiB GPUs even split over {stages} pipeline stages (one layer alone needs {layer} GiB of weights plus runtime and cache)"
                    ),
                    (Lang::En, false) => format!(
                        "does not fit on {cap} GiB GPUs: its one layer alone needs {layer} GiB of weights plus runtime and cache"
                    ),
                    (Lang::Es, true) => format!(
                        "no cabe en GPU de {cap} GiB ni repartiendo sus capas en {stages} etapas (una sola capa necesita {layer} GiB de pesos, más el entorno de ejecución y la caché)"
                    ),
                    (Lang::Es, false) => format!(
                        "no cabe en GPU de {cap} GiB: su única capa ya necesita {layer} GiB de pesos, más el entorno de ejecución y la caché"
                    ),
                }
            }
        }
    }
}

impl std::fmt::Display for NoFit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.sentence(Lang::En))
    }
}

impl std::error::Error for NoFit {}

/// Why an offer cannot run the model; [`Misfit::sentence`] says it in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub enum Misfit {
    /// The offer names a GPU the catalogue does not describe.
    UnknownGpu { id: String },
    /// No placement on the offer's GPUs.
    NoPlacement(NoFit),
    /// A CPU offer without a memory figure.
    NoMemoryStated,
    /// One device needs `need`; the hardware has `has`.
    TooSmall { need: Bytes, has: Bytes },
    /// One copy of the model needs `machines` machines of `gpus_per_machine` GPUs, and the
    /// offer states no network between its machines.
    NeedsMachines {
        machines: u32,
        gpus_per_machine: u32,
    },
    /// One copy would span more than `max` machines: not planned (each stage is a network hop).
    TooManyMachines { max: u32 },
}

impl Misfit {
    /// The reason as a clause (lower case, no full stop), as the comparison table shows it.
    pub fn sentence(&self, lang: Lang) -> String {
        match (self, lang) {
            (Misfit::UnknownGpu { id }, Lang::En) => format!("unknown GPU {id}"),
            (Misfit::UnknownGpu { id }, Lang::Es) => format!("GPU desconocida: {id}"),
            (Misfit::NoPlacement(why), _) => why.sentence(lang),
            (
                Misfit::NeedsMachines {
                    machines,
                    gpus_per_machine,
                },
                Lang::En,
            ) => format!(
                "one copy of the model needs {machines} machines of {gpus_per_machine} GPU{}, and the offer states no network between its machines (pipeline stages over separately rented machines are not a deployment)",
                if *gpus_per_machine == 1 { "" } else { "s" }
            ),
            (
                Misfit::NeedsMachines {
                    machines,
                    gpus_per_machine,
                },
                Lang::Es,
            ) => format!(
                "una copia del modelo necesita {machines} máquinas de {gpus_per_machine} GPU y la oferta no indica una red entre sus máquinas (repartir etapas entre máquinas alquiladas por separado no es un despliegue)"
            ),
            (Misfit::TooManyMachines { max }, Lang::En) => {
                format!("one copy of the model needs more than {max} machines of this offer")
            }
            (Misfit::TooManyMachines { max }, Lang::Es) => {
                format!("una copia del modelo necesita más de {max} máquinas de esta oferta")
            }
            (Misfit::NoMemoryStated, Lang::En) => "the offer states no memory".to_string(),
            (Misfit::NoMemoryStated, Lang::Es) => "la oferta no indica su memoria".to_string(),
            (Misfit::TooSmall { need, has }, _) => {
                let (need, has) = (number(need.gib(), 1, lang), number(has.gib(), 1, lang));
                match lang {
                    Lang::En => format!("needs {need} GiB per device; this hardware has {has} GiB"),
                    Lang::Es => {
                        format!("necesita {need} GiB por dispositivo; este equipo tiene {has} GiB")
                    }
                }
            }
        }
    }
}

/// The memory card's choice of what the KV cache is sized for: its label.
pub fn kv_basis_label(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "KV cache sized for",
        Lang::Es => "Caché KV dimensionada para",
    }
}

/// One choice: the tokens in flight, or every request at its full context.
pub fn kv_basis_choice(in_flight: bool, lang: Lang) -> &'static str {
    match (in_flight, lang) {
        (true, Lang::En) => "the tokens in flight",
        (true, Lang::Es) => "los tokens en curso",
        (false, Lang::En) => "every request at its full context",
        (false, Lang::Es) => "cada petición con su contexto completo",
    }
}
