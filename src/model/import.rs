//! Import a Hugging Face `config.json` (pasted or uploaded) into a [`ModelArch`]: dense, MoE
//! (Mixtral, Qwen3-MoE, gpt-oss), MLA (DeepSeek-V2/V3), sliding windows (`sliding_window`,
//! `sliding_window_pattern`, `layer_types`), explicit `head_dim`, `tie_word_embeddings`, and
//! multimodal wrappers with a `text_config`. Every field that cannot be read, or that changes the
//! size in a way the engine does not model, is named in a warning; missing essentials are an error.
//! Warnings and errors are typed; `sentence(lang)` / `message(lang)` say them in English or Spanish.

use super::arch::{ArchFamily, ModelArch};
use crate::format::number;
use crate::lang::Lang;
use serde_json::{Map, Value};
use std::fmt;

/// A model read from a config, with what could not be taken into account.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub arch: ModelArch,
    /// One per field that was ignored, defaulted or could not be read.
    pub warnings: Vec<ImportWarning>,
}

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
    Missing(Vec<MissingField>),
}

/// A whole number with the language's thousands separator (exact up to 2^53, digits beyond).
pub(super) fn whole(n: u64, lang: Lang) -> String {
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
                format!("`quantization_config` ({method}): los pesos publicados están cuantizados; elige el formato de pesos que les corresponde")
            }
            (LlamaFormula { model_type }, Lang::En) => {
                format!("model type `{model_type}` is sized with the Llama-style dense formula")
            }
            (LlamaFormula { model_type }, Lang::Es) => format!(
                "el tipo de modelo `{model_type}` se dimensiona con la fórmula densa de Llama"
            ),
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

struct Reader<'a> {
    main: &'a Map<String, Value>,
    outer: Option<&'a Map<String, Value>>,
    warnings: Vec<ImportWarning>,
}

impl<'a> Reader<'a> {
    fn raw(&self, key: &str) -> Option<&'a Value> {
        self.main
            .get(key)
            .or_else(|| self.outer.and_then(|o| o.get(key)))
            .filter(|v| !v.is_null())
    }
    /// The first of `keys` present as a non-negative integer; a present but unreadable value is
    /// named in a warning.
    fn int(&mut self, keys: &[&str]) -> Option<u64> {
        for k in keys {
            if let Some(v) = self.raw(k) {
                if let Some(n) = v.as_u64() {
                    return Some(n);
                }
                if let Some(f) = v.as_f64() {
                    if f >= 0.0 && f.fract() == 0.0 && f < 9e15 {
                        return Some(f as u64);
                    }
                }
                self.warnings.push(ImportWarning::NotWholeNumber {
                    key: k.to_string(),
                    value: v.to_string(),
                });
            }
        }
        None
    }
    fn boolean(&mut self, key: &str) -> Option<bool> {
        let v = self.raw(key)?;
        match v.as_bool() {
            Some(b) => Some(b),
            None => {
                self.warnings.push(ImportWarning::NotBoolean {
                    key: key.to_string(),
                    value: v.to_string(),
                });
                None
            }
        }
    }
    fn string(&self, key: &str) -> Option<&'a str> {
        self.raw(key).and_then(|v| v.as_str())
    }
}

/// Reads a `config.json` text.
pub fn from_config_json(text: &str) -> Result<Imported, ImportError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(JsonSyntax::of(&e)))?;
    let top = value.as_object().ok_or(ImportError::NotObject)?;
    let (main, outer) = match top.get("text_config").and_then(|v| v.as_object()) {
        Some(tc) => (tc, Some(top)),
        None => (top, None),
    };
    let mut r = Reader {
        main,
        outer,
        warnings: Vec::new(),
    };
    if outer.is_some() {
        r.warnings.push(ImportWarning::MultimodalTextOnly);
    } else if top.contains_key("vision_config") || top.contains_key("audio_config") {
        r.warnings.push(ImportWarning::TowersNotCounted);
    }
    let model_type = r
        .string("model_type")
        .map(|s| s.to_ascii_lowercase())
        .or_else(|| {
            top.get("model_type")
                .and_then(|v| v.as_str())
                .map(|s| s.to_ascii_lowercase())
        })
        .unwrap_or_default();
    let architecture = top
        .get("architectures")
        .and_then(|v| v.as_array())
        .and_then(|a| a.first())
        .and_then(|v| v.as_str())
        .unwrap_or("")
        .to_string();
    let mt = model_type.as_str();
    let arch_l = architecture.to_ascii_lowercase();

    let mut a = ModelArch {
        source: "imported config.json".into(),
        ..ModelArch::default()
    };
    let mut missing = Vec::new();
    let need = |v: Option<u64>, what: MissingField, missing: &mut Vec<MissingField>| -> u64 {
        match v {
            Some(x) if x > 0 => x,
            _ => {
                missing.push(what);
                0
            }
        }
    };
    let hidden = r.int(&["hidden_size", "d_model", "n_embd", "dim"]);
    a.hidden = need(hidden, MissingField::Hidden, &mut missing);
    let layers = r.int(&["num_hidden_layers", "n_layer", "n_layers", "num_layers"]);
    a.layers = need(layers, MissingField::Layers, &mut missing);
    let heads = r.int(&["num_attention_heads", "n_head", "n_heads"]);
    a.heads = need(heads, MissingField::Heads, &mut missing);
    let vocab = r.int(&["vocab_size", "padded_vocab_size"]);
    a.vocab = need(vocab, MissingField::Vocab, &mut missing);

    let encoder = matches!(
        mt,
        "bert" | "distilbert" | "roberta" | "xlm-roberta" | "camembert" | "mpnet" | "electra"
    ) || arch_l.contains("bert") && !arch_l.contains("causallm");
    let experts = r
        .int(&["num_local_experts", "num_experts", "n_routed_experts"])
        .unwrap_or(0);
    a.family = if mt.starts_with("deepseek_v") || r.raw("kv_lora_rank").is_some() {
        ArchFamily::DeepseekMla
    } else if mt == "gpt_oss" || arch_l.contains("gptoss") {
        ArchFamily::GptOss
    } else if encoder {
        ArchFamily::Encoder
    } else if experts > 1 {
        ArchFamily::Moe
    } else {
        ArchFamily::Dense
    };

    match r.int(&[
        "num_key_value_heads",
        "n_kv_heads",
        "num_kv_heads",
        "n_head_kv",
    ]) {
        Some(k) if k > 0 => a.kv_heads = k,
        _ => {
            a.kv_heads = a.heads;
            if a.family != ArchFamily::Encoder && a.family != ArchFamily::DeepseekMla {
                r.warnings.push(ImportWarning::KvHeadsAssumed);
            }
        }
    }
    a.head_dim = r
        .int(&["head_dim", "attention_head_size"])
        .filter(|d| *d > 0);

    let ffn = r.int(&[
        "intermediate_size",
        "ffn_dim",
        "hidden_dim",
        "n_inner",
        "ffn_hidden_size",
    ]);
    a.experts = if experts > 1 { experts } else { 0 };
    if a.experts > 0 {
        a.experts_active = r
            .int(&["num_experts_per_tok", "num_experts_per_token", "moe_top_k"])
            .unwrap_or(0);
        if a.experts_active == 0 {
            missing.push(MissingField::ExpertsPerToken);
        }
        a.moe_ffn = r.int(&["moe_intermediate_size"]).unwrap_or(0);
        if a.moe_ffn == 0 {
            // Mixtral and gpt-oss give the expert width as `intermediate_size`.
            a.moe_ffn = ffn.unwrap_or(0);
        }
        if a.moe_ffn == 0 {
            missing.push(MissingField::ExpertFfn);
        }
        a.shared_experts = r
            .int(&["n_shared_experts", "num_shared_experts"])
            .unwrap_or(0);
        if r.raw("shared_expert_intermediate_size").is_some() {
            r.warnings.push(ImportWarning::SharedExpertNotCounted);
        }
        a.first_dense_layers = r.int(&["first_k_dense_replace"]).unwrap_or(0);
        if let Some(m) = r.raw("mlp_only_layers").and_then(|v| v.as_array()) {
            if !m.is_empty() {
                r.warnings.push(ImportWarning::MlpOnlyLayers {
                    count: m.len() as u64,
                });
            }
        }
        if let Some(s) = r.int(&["decoder_sparse_step", "moe_layer_freq"]) {
            if s > 1 {
                r.warnings.push(ImportWarning::SparseStep { step: s });
            }
        }
    }
    a.ffn = ffn.unwrap_or(0);
    if a.ffn == 0 && a.experts == 0 {
        missing.push(MissingField::Ffn);
    }
    if a.family == ArchFamily::DeepseekMla {
        a.kv_lora_rank = r.int(&["kv_lora_rank"]).unwrap_or(0);
        a.q_lora_rank = r.int(&["q_lora_rank"]).unwrap_or(0);
        a.rope_dim = r.int(&["qk_rope_head_dim"]).unwrap_or(0);
        a.qk_nope_dim = r.int(&["qk_nope_head_dim"]).unwrap_or(0);
        a.v_head_dim = r.int(&["v_head_dim"]).unwrap_or(a.qk_nope_dim);
        a.mtp_layers = r.int(&["num_nextn_predict_layers"]).unwrap_or(0);
        for (v, k) in [
            (a.kv_lora_rank, "kv_lora_rank"),
            (a.qk_nope_dim, "qk_nope_head_dim"),
            (a.rope_dim, "qk_rope_head_dim"),
        ] {
            if v == 0 {
                missing.push(MissingField::Mla(k));
            }
        }
        if a.first_dense_layers > 0 && a.ffn == 0 {
            missing.push(MissingField::DenseLayerFfn);
        }
    }

    // Tied embeddings: transformers' default differs by model; Llama/Mistral/Qwen default untied.
    a.tied = match r.boolean("tie_word_embeddings") {
        Some(t) => t,
        None => {
            let default = mt.starts_with("gemma");
            if a.family != ArchFamily::Encoder {
                r.warnings.push(ImportWarning::TiedAssumed {
                    tied: default,
                    model_type: mt.to_string(),
                });
            }
            default
        }
    };
    a.max_position = r
        .int(&[
            "max_position_embeddings",
            "n_positions",
            "max_seq_len",
            "seq_length",
        ])
        .unwrap_or(0);

    // Sliding windows.
    let use_sw = r.boolean("use_sliding_window").unwrap_or(true);
    let window = r.int(&["sliding_window", "attention_window"]).unwrap_or(0);
    let layer_types: Option<Vec<String>> =
        r.raw("layer_types").and_then(|v| v.as_array()).map(|arr| {
            arr.iter()
                .map(|x| x.as_str().unwrap_or("").to_ascii_lowercase())
                .collect()
        });
    if window > 0 && use_sw && a.layers > 0 {
        a.window = window;
        if let Some(types) = &layer_types {
            let global = types.iter().filter(|t| t.contains("full")).count() as u64;
            let sliding = types.iter().filter(|t| t.contains("sliding")).count() as u64;
            if global + sliding != types.len() as u64 {
                r.warnings.push(ImportWarning::LayerTypesOther);
            }
            if types.len() as u64 != a.layers {
                r.warnings.push(ImportWarning::LayerTypesCount {
                    listed: types.len() as u64,
                    layers: a.layers,
                });
            }
            a.global_layers = Some(a.layers.saturating_sub(sliding.min(a.layers)));
        } else if let Some(p) = r.int(&["sliding_window_pattern"]) {
            a.swa_period = p;
        } else if mt == "gemma2" {
            a.swa_period = 2;
        } else if mt.starts_with("gemma3") {
            a.swa_period = 6;
        } else {
            r.warnings
                .push(ImportWarning::WindowWithoutPattern { window });
        }
    } else if window > 0 && !use_sw {
        // Qwen2.5 carries a window with `use_sliding_window: false`: full attention.
    }

    // Family details.
    a.qkv_bias = mt.starts_with("qwen2");
    a.qk_norm = matches!(
        mt,
        "qwen3" | "qwen3_moe" | "gemma3" | "gemma3_text" | "olmo2"
    );
    a.norms_per_layer = if mt.starts_with("gemma2") || mt.starts_with("gemma3") {
        4
    } else {
        2
    };
    if r.boolean("attention_bias") == Some(true) && !a.qkv_bias && a.family != ArchFamily::GptOss {
        r.warnings.push(ImportWarning::AttentionBias);
    }
    if r.boolean("mlp_bias") == Some(true) {
        r.warnings.push(ImportWarning::MlpBias);
    }
    if a.family == ArchFamily::Encoder {
        a.token_types = r
            .int(&["type_vocab_size"])
            .unwrap_or(if mt == "distilbert" { 0 } else { 2 });
        a.pooler = mt != "distilbert";
        a.tied = false;
        if a.max_position == 0 {
            a.max_position = 512;
        }
    }
    if let Some(q) = r.raw("quantization_config") {
        let method = q.get("quant_method").and_then(|m| m.as_str());
        r.warnings.push(ImportWarning::Quantised {
            method: method.map(str::to_string),
        });
        if method == Some("mxfp4") {
            a.native_quant = Some(super::options::Quant::Mxfp4);
        } else if method == Some("fp8") {
            a.native_quant = Some(super::options::Quant::Fp8);
        }
    } else if a.family == ArchFamily::GptOss {
        a.native_quant = Some(super::options::Quant::Mxfp4);
    }
    if a.family == ArchFamily::Dense
        && !matches!(
            mt,
            "llama"
                | "mistral"
                | "qwen2"
                | "qwen3"
                | "gemma"
                | "gemma2"
                | "gemma3"
                | "gemma3_text"
                | "phi3"
                | ""
        )
    {
        r.warnings.push(ImportWarning::LlamaFormula {
            model_type: mt.to_string(),
        });
    }
    if !missing.is_empty() {
        return Err(ImportError::Missing(missing));
    }
    let name = top
        .get("_name_or_path")
        .and_then(|v| v.as_str())
        .filter(|s| !s.is_empty())
        .map(|s| s.to_string())
        .unwrap_or_else(|| {
            if architecture.is_empty() {
                "imported model".to_string()
            } else {
                architecture.clone()
            }
        });
    a.id = "custom".into();
    a.hf_repo = name.clone();
    a.name = name;
    Ok(Imported {
        arch: a,
        warnings: r.warnings,
    })
}
