//! Importing a Hugging Face `config.json` in words: the fields that were ignored, defaulted or
//! unreadable ([`ImportWarning`]) and why a config cannot be used ([`ImportError`]). The importer
//! (`model::import`) returns these values; this module writes them in English or Spanish.

use crate::format::number;
use crate::lang::Lang;
use std::fmt;

/// A field of the config that was ignored, defaulted or could not be read; [`ImportWarning::sentence`]
/// says it in the reader's language (`Display`: English).
#[derive(Clone, Debug, PartialEq)]
pub enum ImportWarning {
    /// A count that is not a whole non-negative number (`value` as the JSON wrote it).
    NotWholeNumber { key: String, value: String },
    /// A flag that is not `true`/`false`.
    NotBoolean { key: String, value: String },
    /// A multimodal wrapper: only its `text_config` is sized.
    MultimodalTextOnly,
    /// `vision_config` / `audio_config` beside a text model.
    TowersNotCounted,
    /// No KV-head count: assumed equal to the attention heads.
    KvHeadsAssumed,
    /// Qwen2-MoE's shared expert.
    SharedExpertNotCounted,
    /// `mlp_only_layers` lists this many dense layers, counted as MoE.
    MlpOnlyLayers { count: u64 },
    /// `decoder_sparse_step` / `moe_layer_freq` above 1, every layer counted as MoE.
    SparseStep { step: u64 },
    /// No `tie_word_embeddings`: assumed `tied`, the default of `model_type` (empty when unknown).
    TiedAssumed { tied: bool, model_type: String },
    /// `layer_types` holds entries that are neither sliding nor full attention.
    LayerTypesOther,
    /// `layer_types` lists `listed` layers where the config has `layers`.
    LayerTypesCount { listed: u64, layers: u64 },
    /// A sliding window with no layer pattern: every layer treated as sliding.
    WindowWithoutPattern { window: u64 },
    /// `attention_bias: true`, not counted.
    AttentionBias,
    /// `mlp_bias: true`, not counted.
    MlpBias,
    /// A quantised checkpoint (`quant_method`, None when absent).
    Quantised { method: Option<String> },
    /// A dense model type sized with the Llama-style formula.
    LlamaFormula { model_type: String },
    /// No `tie_word_embeddings` and a `model_type` whose default is not known here: the base
    /// configuration's default (tied) assumed.
    TiedBaseDefault { model_type: String },
    /// A key the importer knows changes the size and does not model (`altup_num_inputs`).
    NotModelled { key: String, effect: SizeEffect },
    /// A key the importer does not know whose name and value look like a size
    /// (`num_..`, `.._size`, `.._layers`, a count): it may change the weights or the cache.
    UnknownKey { key: String, value: String },
    /// A per-layer list whose entries differ (`intermediate_size` of Gemma-3n): their mean used.
    PerLayerMean { key: String, used: u64 },
    /// A checkpoint holds `held` parameters where the architecture counts `counted` (more than
    /// 2% apart).
    CheckpointCount { held: u64, counted: u64 },
    /// MoE layers end before the last layer (`moe_layer_end_index`): the layers after it are
    /// counted as MoE.
    MoeLayersEnd { end: u64, layers: u64 },
    /// A size-changing field the config does not give, taken from the default of its
    /// `model_type`'s configuration class in transformers (`value` as JSON writes it).
    DefaultTaken {
        key: String,
        value: String,
        model_type: String,
    },
}

/// What a key the importer does not model changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeEffect {
    /// Parameters the count leaves out.
    WeightsUnder,
    /// The cache (its per-token size or the layers that keep one).
    Cache,
    /// Both.
    WeightsAndCache,
}

/// A model the importer will not size, and why.
#[derive(Clone, Debug, PartialEq)]
pub enum Unsupported {
    /// An encoder-decoder (`is_encoder_decoder`: T5, BART, Whisper).
    EncoderDecoder,
    /// Layers of a kind it does not count (`layer_types` entry, or a family such as Jamba's
    /// Mamba-1 or Nemotron-H's FFN-less layers).
    LayerKind(String),
}

/// A field the size depends on that the config lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissingField {
    Hidden,
    Layers,
    Heads,
    Vocab,
    ExpertsPerToken,
    ExpertFfn,
    Ffn,
    /// An MLA field (`kv_lora_rank`, `qk_nope_head_dim`, `qk_rope_head_dim`).
    Mla(&'static str),
    DenseLayerFfn,
}

/// Where a text stops being JSON, as `serde_json` says it.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonSyntax {
    /// `serde_json`'s own message (English), with its position.
    pub detail: String,
    /// 1-based; 0 when unknown.
    pub line: usize,
    pub column: usize,
}

/// Why a config cannot be used; [`ImportError::message`] says it in the reader's language
/// (`Display`: English).
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    NotJson(JsonSyntax),
    NotObject,
    /// Neither a safetensors index (`metadata.total_size`) nor a safetensors header.
    NotCheckpoint,
    Missing(Vec<MissingField>),
    /// An architecture the sizer cannot count at all: refused rather than mapped onto a
    /// look-alike.
    Unsupported {
        model_type: String,
        why: Unsupported,
    },
}

/// A whole number with the language's thousands separator (exact up to 2^53, digits beyond).
pub(crate) fn whole(n: u64, lang: Lang) -> String {
    if n < 1 << 53 {
        number(n as f64, 0, lang)
    } else {
        n.to_string()
    }
}

impl ImportWarning {
    /// The warning as a clause (lower case, no full stop), as the import notice shows it.
    pub fn sentence(&self, lang: Lang) -> String {
        use ImportWarning::*;
        match (self, lang) {
            (NotWholeNumber { key, value }, Lang::En) => {
                format!("`{key}` = {value} is not a whole non-negative number; ignored")
            }
            (NotWholeNumber { key, value }, Lang::Es) => {
                format!("`{key}` = {value} no es un número entero no negativo; se ignora")
            }
            (NotBoolean { key, value }, Lang::En) => {
                format!("`{key}` = {value} is not true/false; ignored")
            }
            (NotBoolean { key, value }, Lang::Es) => {
                format!("`{key}` = {value} no es `true` ni `false`; se ignora")
            }
            (MultimodalTextOnly, Lang::En) => "multimodal config: the text model (`text_config`) is sized; the vision/audio towers are not counted".into(),
            (MultimodalTextOnly, Lang::Es) => "configuración multimodal: se dimensiona el modelo de texto (`text_config`); las torres de visión y audio no se cuentan".into(),
            (TowersNotCounted, Lang::En) => {
                "`vision_config`/`audio_config` present: those towers are not counted".into()
            }
            (TowersNotCounted, Lang::Es) => {
                "hay `vision_config`/`audio_config`: esas torres no se cuentan".into()
            }
            (KvHeadsAssumed, Lang::En) => {
                "`num_key_value_heads` absent: assumed equal to the attention heads (MHA)".into()
            }
            (KvHeadsAssumed, Lang::Es) => {
                "falta `num_key_value_heads`: se supone igual al número de cabezas de atención (MHA)".into()
            }
            (SharedExpertNotCounted, Lang::En) => {
                "`shared_expert_intermediate_size` (Qwen2-MoE shared expert) is not counted".into()
            }
            (SharedExpertNotCounted, Lang::Es) => {
                "`shared_expert_intermediate_size` (el experto compartido de Qwen2-MoE) no se cuenta".into()
            }
            (MlpOnlyLayers { count }, Lang::En) => {
                format!("`mlp_only_layers` lists {count} dense layers: counted as MoE layers")
            }
            (MlpOnlyLayers { count: 1 }, Lang::Es) => {
                "`mlp_only_layers` indica 1 capa densa: se cuenta como capa MoE".into()
            }
            (MlpOnlyLayers { count }, Lang::Es) => format!(
                "`mlp_only_layers` indica {} capas densas: se cuentan como capas MoE",
                whole(*count, lang)
            ),
            (SparseStep { step }, Lang::En) => format!(
                "`decoder_sparse_step`/`moe_layer_freq` = {step}: every layer is counted as MoE"
            ),
            (SparseStep { step }, Lang::Es) => format!(
                "`decoder_sparse_step`/`moe_layer_freq` = {step}: todas las capas se cuentan como MoE"
            ),
            (TiedAssumed { tied, model_type }, Lang::En) => format!(
                "`tie_word_embeddings` absent: assumed {tied} (the default of `{}` models)",
                if model_type.is_empty() {
                    "unknown"
                } else {
                    model_type
                }
            ),
            (TiedAssumed { tied, model_type }, Lang::Es) => {
                let of = if model_type.is_empty() {
                    "de tipo desconocido".to_string()
                } else {
                    format!("`{model_type}`")
                };
                format!("falta `tie_word_embeddings`: se supone `{tied}` (el valor por defecto de los modelos {of})")
            }
            (LayerTypesOther, Lang::En) => "`layer_types` has entries other than sliding_attention/full_attention: those count as full".into(),
            (LayerTypesOther, Lang::Es) => "`layer_types` tiene entradas distintas de `sliding_attention`/`full_attention`: cuentan como atención completa".into(),
            (LayerTypesCount { listed, layers }, Lang::En) => {
                format!("`layer_types` lists {listed} layers, config has {layers}")
            }
            (LayerTypesCount { listed, layers }, Lang::Es) => format!(
                "`layer_types` indica {} capas y la configuración tiene {}",
                whole(*listed, lang),
                whole(*layers, lang)
            ),
            (WindowWithoutPattern { window }, Lang::En) => format!(
                "`sliding_window` = {window} with no layer pattern: every layer is treated as sliding"
            ),
            (WindowWithoutPattern { window }, Lang::Es) => format!(
                "`sliding_window` = {window} sin patrón de capas: todas las capas se tratan como de ventana deslizante"
            ),
            (AttentionBias, Lang::En) => "`attention_bias: true`: attention biases are not counted (a few thousand parameters per layer)".into(),
            (AttentionBias, Lang::Es) => "`attention_bias: true`: los sesgos de atención no se cuentan (unos pocos miles de parámetros por capa)".into(),
            (MlpBias, Lang::En) => "`mlp_bias: true`: MLP biases are not counted".into(),
            (MlpBias, Lang::Es) => "`mlp_bias: true`: los sesgos del MLP no se cuentan".into(),
            (Quantised { method }, Lang::En) => format!(
                "`quantization_config` ({}): the checkpoint is quantised; pick the matching weight format",
                method.as_deref().unwrap_or("unknown")
            ),
            (Quantised { method }, Lang::Es) => {
                let method = match method {
                    Some(m) => format!("`{m}`"),
                    None => "método desconocido".into(),
                };
                format!("`quantization_config` ({method}): los pesos publicados están cuantizados; elija el formato de pesos que les corresponde")
            }
            (LlamaFormula { model_type }, Lang::En) => {
                format!("model type `{model_type}` is sized with the Llama-style dense formula")
            }
            (LlamaFormula { model_type }, Lang::Es) => format!(
                "el tipo de modelo `{model_type}` se dimensiona con la fórmula densa de Llama"
            ),
            (
                TiedBaseDefault { .. }
                | NotModelled { .. }
                | UnknownKey { .. }
                | PerLayerMean { .. }
                | CheckpointCount { .. }
                | MoeLayersEnd { .. }
                | DefaultTaken { .. },
                _,
            ) => self.sentence_of_today(lang),
        }
    }
}

impl ImportWarning {
    /// The warnings of today's architectures (issue 27): defaults, keys not modelled or not
    /// understood, per-layer lists, MoE ranges and checkpoints.
    fn sentence_of_today(&self, lang: Lang) -> String {
        use ImportWarning::*;
        match (self, lang) {
            (TiedBaseDefault { model_type }, Lang::En) => format!(
                "`tie_word_embeddings` absent and model type `{model_type}` not known: tied, the default of transformers' base configuration, assumed"
            ),
            (TiedBaseDefault { model_type }, Lang::Es) => format!(
                "falta `tie_word_embeddings` y el tipo de modelo `{model_type}` no es conocido: se suponen atados, lo que hace por defecto la configuración base de transformers"
            ),
            (NotModelled { key, effect }, Lang::En) => format!(
                "`{key}`: not modelled; {}",
                match effect {
                    SizeEffect::WeightsUnder => "weights may be under-counted",
                    SizeEffect::Cache => "the KV cache may be off",
                    SizeEffect::WeightsAndCache => "weights may be under-counted and the KV cache off",
                }
            ),
            (NotModelled { key, effect }, Lang::Es) => format!(
                "`{key}`: no se modela; {}",
                match effect {
                    SizeEffect::WeightsUnder => "los pesos pueden quedar cortos",
                    SizeEffect::Cache => "la caché KV puede no ser exacta",
                    SizeEffect::WeightsAndCache => "los pesos pueden quedar cortos y la caché KV no ser exacta",
                }
            ),
            (UnknownKey { key, value }, Lang::En) => format!(
                "`{key}` = {value} is not understood; if it changes the weights or the cache, the size may be off"
            ),
            (UnknownKey { key, value }, Lang::Es) => format!(
                "`{key}` = {value} no se entiende; si cambia los pesos o la caché, el tamaño puede no ser exacto"
            ),
            (PerLayerMean { key, used }, Lang::En) => format!(
                "`{key}` differs by layer: their mean, {}, is used",
                whole(*used, lang)
            ),
            (PerLayerMean { key, used }, Lang::Es) => format!(
                "`{key}` cambia de una capa a otra: se usa su media, {}",
                whole(*used, lang)
            ),
            (CheckpointCount { held, counted }, Lang::En) => format!(
                "the checkpoint holds {} parameters and the architecture counts {}: {}",
                whole(*held, lang),
                whole(*counted, lang),
                if held > counted {
                    "what it does not count is loaded all the same"
                } else {
                    "one shard of several? its size is not used"
                }
            ),
            (CheckpointCount { held, counted }, Lang::Es) => format!(
                "el checkpoint tiene {} parámetros y la arquitectura cuenta {}: {}",
                whole(*held, lang),
                whole(*counted, lang),
                if held > counted {
                    "lo que no cuenta se carga igualmente"
                } else {
                    "¿un fragmento de varios? no se usa su tamaño"
                }
            ),
            (MoeLayersEnd { end, layers }, Lang::En) => format!(
                "`moe_layer_end_index` = {end} of {layers} layers: the layers after it are counted as MoE"
            ),
            (MoeLayersEnd { end, layers }, Lang::Es) => format!(
                "`moe_layer_end_index` = {end} de {layers} capas: las capas posteriores se cuentan como MoE"
            ),
            (
                DefaultTaken {
                    key,
                    value,
                    model_type,
                },
                Lang::En,
            ) => format!(
                "`{key}` absent: `{value}`, the default of `{model_type}` in transformers, is used"
            ),
            (
                DefaultTaken {
                    key,
                    value,
                    model_type,
                },
                Lang::Es,
            ) => format!(
                "falta `{key}`: se usa `{value}`, el valor por defecto de `{model_type}` en transformers"
            ),
            _ => String::new(),
        }
    }
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence(Lang::En))
    }
}

impl MissingField {
    /// What is missing, with the keys that would give it.
    pub fn sentence(&self, lang: Lang) -> String {
        use MissingField::*;
        let text = match (self, lang) {
            (Hidden, Lang::En) => "hidden size (`hidden_size`, `d_model`, `n_embd` or `dim`)",
            (Hidden, Lang::Es) => "dimensión oculta (`hidden_size`, `d_model`, `n_embd` o `dim`)",
            (Layers, Lang::En) => "layer count (`num_hidden_layers`, `n_layer` or `n_layers`)",
            (Layers, Lang::Es) => "número de capas (`num_hidden_layers`, `n_layer` o `n_layers`)",
            (Heads, Lang::En) => "attention heads (`num_attention_heads`, `n_head` or `n_heads`)",
            (Heads, Lang::Es) => {
                "cabezas de atención (`num_attention_heads`, `n_head` o `n_heads`)"
            }
            (Vocab, Lang::En) => "vocabulary size (`vocab_size`)",
            (Vocab, Lang::Es) => "tamaño del vocabulario (`vocab_size`)",
            (ExpertsPerToken, Lang::En) => "experts per token (`num_experts_per_tok`)",
            (ExpertsPerToken, Lang::Es) => "expertos activos por token (`num_experts_per_tok`)",
            (ExpertFfn, Lang::En) => {
                "expert FFN width (`moe_intermediate_size` or `intermediate_size`)"
            }
            (ExpertFfn, Lang::Es) => {
                "anchura de la FFN de cada experto (`moe_intermediate_size` o `intermediate_size`)"
            }
            (Ffn, Lang::En) => "FFN width (`intermediate_size`, `ffn_dim` or `hidden_dim`)",
            (Ffn, Lang::Es) => "anchura de la FFN (`intermediate_size`, `ffn_dim` o `hidden_dim`)",
            (Mla(key), Lang::En) => return format!("MLA `{key}`"),
            (Mla(key), Lang::Es) => return format!("el campo MLA `{key}`"),
            (DenseLayerFfn, Lang::En) => "dense-layer FFN width (`intermediate_size`)",
            (DenseLayerFfn, Lang::Es) => {
                "anchura de la FFN de las capas densas (`intermediate_size`)"
            }
        };
        text.to_string()
    }
}

impl JsonSyntax {
    pub(crate) fn of(e: &serde_json::Error) -> Self {
        JsonSyntax {
            detail: e.to_string(),
            line: e.line(),
            column: e.column(),
        }
    }

    /// What `serde_json` found wrong, in Spanish (its message names a fixed set of faults).
    fn fault_es(&self) -> &'static str {
        let d = self.detail.as_str();
        let faults = [
            (
                "EOF while parsing a list",
                "el texto se acaba dentro de una lista",
            ),
            (
                "EOF while parsing an object",
                "el texto se acaba dentro de un objeto",
            ),
            (
                "EOF while parsing a string",
                "el texto se acaba dentro de una cadena",
            ),
            (
                "EOF while parsing a value",
                "el texto se acaba donde se esperaba un valor",
            ),
            ("expected `:`", "se esperaba `:`"),
            ("expected `,` or `]`", "se esperaba `,` o `]`"),
            ("expected `,` or `}`", "se esperaba `,` o `}`"),
            ("expected ident", "se esperaba `true`, `false` o `null`"),
            ("expected value", "se esperaba un valor"),
            ("expected `\"`", "se esperaba `\"`"),
            ("invalid escape", "secuencia de escape no válida"),
            ("invalid number", "número no válido"),
            ("number out of range", "número fuera de rango"),
            (
                "invalid unicode code point",
                "punto de código Unicode no válido",
            ),
            (
                "control character",
                "carácter de control dentro de una cadena",
            ),
            ("key must be a string", "las claves deben ser cadenas"),
            (
                "lone leading surrogate",
                "sustituto UTF-16 suelto en un escape `\\u`",
            ),
            ("trailing comma", "coma sobrante"),
            ("trailing characters", "caracteres sobrantes tras el JSON"),
            ("unexpected end of hex escape", "escape `\\u` incompleto"),
            (
                "recursion limit exceeded",
                "demasiados niveles de anidamiento",
            ),
        ];
        faults
            .iter()
            .find(|(en, _)| d.starts_with(en))
            .map_or("error de sintaxis", |(_, es)| es)
    }

    /// What is wrong and where: `serde_json`'s words in English, ours in Spanish.
    pub fn said(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.detail.clone(),
            Lang::Es if self.line > 0 => format!(
                "{} en la línea {}, columna {}",
                self.fault_es(),
                whole(self.line as u64, lang),
                whole(self.column as u64, lang)
            ),
            Lang::Es => self.fault_es().to_string(),
        }
    }
}

impl ImportError {
    /// The error as a clause (lower case, no full stop), as the import notice shows it.
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (ImportError::NotJson(s), Lang::En) => {
                format!("this is not valid JSON ({})", s.said(lang))
            }
            (ImportError::NotJson(s), Lang::Es) => {
                format!("esto no es JSON válido ({})", s.said(lang))
            }
            (ImportError::NotObject, Lang::En) => {
                "config.json must be a JSON object { ... }".into()
            }
            (ImportError::NotObject, Lang::Es) => {
                "config.json debe ser un objeto JSON { ... }".into()
            }
            (ImportError::NotCheckpoint, Lang::En) => {
                "this is neither a model.safetensors.index.json (with metadata.total_size) nor a safetensors header".into()
            }
            (ImportError::NotCheckpoint, Lang::Es) => {
                "esto no es ni un model.safetensors.index.json (con metadata.total_size) ni una cabecera safetensors".into()
            }
            (ImportError::Unsupported { model_type, why }, Lang::En) => {
                let what = match why {
                    Unsupported::EncoderDecoder => "an encoder-decoder model (its decoder's cross-attention and the encoder's cache are not sized)".to_string(),
                    Unsupported::LayerKind(kind) => format!("layers of kind `{kind}`, which this sizer does not count"),
                };
                format!("model type `{model_type}` is not sized: it has {what}; no figure is better than a wrong one")
            }
            (ImportError::Unsupported { model_type, why }, Lang::Es) => {
                let what = match why {
                    Unsupported::EncoderDecoder => "es un modelo codificador-decodificador (no se dimensionan la atención cruzada del decodificador ni la caché del codificador)".to_string(),
                    Unsupported::LayerKind(kind) => format!("tiene capas de tipo `{kind}`, que este dimensionador no cuenta"),
                };
                format!("el tipo de modelo `{model_type}` no se dimensiona: {what}; mejor ninguna cifra que una equivocada")
            }
            (ImportError::Missing(fields), _) => {
                let list: Vec<String> = fields.iter().map(|f| f.sentence(lang)).collect();
                match lang {
                    Lang::En => format!(
                        "config.json lacks fields the size depends on: {}",
                        list.join("; ")
                    ),
                    Lang::Es => format!(
                        "faltan en config.json campos de los que depende el tamaño: {}",
                        list.join("; ")
                    ),
                }
            }
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for ImportError {}
