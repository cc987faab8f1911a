//! Import a Hugging Face `config.json` (pasted or uploaded) into a [`ModelArch`]: dense, MoE
//! (Mixtral, Qwen3-MoE, gpt-oss), MLA (DeepSeek-V2/V3), sliding windows (`sliding_window`,
//! `sliding_window_pattern`, `layer_types`), explicit `head_dim`, `tie_word_embeddings`, and
//! multimodal wrappers with a `text_config`. Every field that cannot be read, or that changes the
//! size in a way the engine does not model, is named in a warning; missing essentials are an error.
//! Warnings and errors are typed values of [`crate::words::import`], which writes them in English
//! or Spanish (`sentence(lang)` / `message(lang)`).

use super::arch::{ArchFamily, ModelArch};
pub use crate::words::import::{
    ImportError, ImportWarning, JsonSyntax, MissingField, SizeEffect, Unsupported,
};
use serde_json::{Map, Value};
use std::cell::RefCell;

mod custom;
mod defaults;
mod families;
mod keys;
mod layers;
mod moe;
mod towers;

/// A model read from a config, with what could not be taken into account.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub arch: ModelArch,
    /// One per field that was ignored, defaulted or could not be read.
    pub warnings: Vec<ImportWarning>,
}

/// The config being read: the text model's fields (`text_config` of a multimodal wrapper, or
/// the top level), with the warnings raised so far.
struct Reader<'a> {
    top: &'a Map<String, Value>,
    main: &'a Map<String, Value>,
    outer: Option<&'a Map<String, Value>>,
    /// `model_type`, lower case (empty when absent).
    model_type: String,
    /// The first of `architectures` (empty when absent).
    architecture: String,
    warnings: Vec<ImportWarning>,
    /// Every key looked up, for the warning on keys not understood.
    read: RefCell<Vec<&'static str>>,
}

/// Reads a `config.json` text.
pub fn from_config_json(text: &str) -> Result<Imported, ImportError> {
    let mut value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        // Python's json writes `Infinity` and `NaN` (Nemotron-H's `time_step_limit`).
        Err(e) => serde_json::from_str(&keys::python_numbers_as_null(text))
            .map_err(|_| ImportError::NotJson(JsonSyntax::of(&e)))?,
    };
    // What the config leaves out, its type's class defines (said in a warning each).
    let defaulted = defaults::fill(&mut value);
    let top = value.as_object().ok_or(ImportError::NotObject)?;
    let mut r = Reader::new(top);
    r.warnings.extend(defaulted);
    if let Some(refused) = keys::refusal(&r.model_type, r.main) {
        return Err(refused);
    }
    let mut a = ModelArch {
        source: "imported config.json".into(),
        ..ModelArch::default()
    };
    let mut missing = Vec::new();
    let experts = r.dimensions(&mut a, &mut missing);
    r.attention(&mut a);
    let ffn = r.per_layer(&[
        "intermediate_size",
        "ffn_dim",
        "hidden_dim",
        "n_inner",
        "ffn_hidden_size",
    ]);
    a.experts = if experts > 1 { experts } else { 0 };
    if a.experts > 0 {
        r.experts(&mut a, ffn, &mut missing);
    }
    a.ffn = ffn.unwrap_or(0);
    if a.ffn == 0 && a.experts == 0 {
        missing.push(MissingField::Ffn);
    }
    if a.family == ArchFamily::DeepseekMla {
        r.mla(&mut a, &mut missing);
    }
    r.embeddings_and_positions(&mut a);
    r.sliding_windows(&mut a);
    r.family_details(&mut a);
    r.recent_architectures(&mut a);
    r.state_space_layers(&mut a, &mut missing);
    r.gemma_3n(&mut a);
    r.lightning_layers(&mut a);
    r.quantisation(&mut a);
    r.towers(&mut a);
    let nextn = r.int(&["num_nextn_predict_layers"]).unwrap_or(0);
    if matches!(r.model_type.as_str(), "mimo" | "glm4_moe") {
        // MiMo's `MiMoMTPLayers` (a Qwen2 decoder layer) and GLM-4.5's NextN layer (a MoE layer),
        // each with DeepSeek's norms and projection, counted beside the model as DeepSeek's are.
        a.mtp_layers = nextn;
    } else if a.family != ArchFamily::DeepseekMla && nextn > 0 {
        // Other families' multi-token-prediction layers are not counted.
        r.warnings.push(ImportWarning::NotModelled {
            key: "num_nextn_predict_layers".into(),
            effect: SizeEffect::WeightsUnder,
        });
    }
    r.unknown_keys();
    let mt = r.model_type.as_str();
    if a.family == ArchFamily::Dense && !LLAMA_LIKE.contains(&mt) {
        r.warnings.push(ImportWarning::LlamaFormula {
            model_type: mt.to_string(),
        });
    }
    if !missing.is_empty() {
        return Err(ImportError::Missing(missing));
    }
    let name = r.name();
    a.id = "custom".into();
    a.hf_repo = name.clone();
    a.name = name;
    Ok(Imported {
        arch: a,
        warnings: r.warnings,
    })
}

/// Dense model types whose size the Llama-style formula gives (the empty type too: no warning).
const LLAMA_LIKE: [&str; 18] = [
    "llama",
    "mimo",
    "smollm3",
    "cohere",
    "ernie4_5",
    "granite",
    "granitemoehybrid",
    "olmo2",
    "qwen3_5_text",
    "mistral",
    "qwen2",
    "qwen3",
    "gemma",
    "gemma2",
    "gemma3",
    "gemma3_text",
    "phi3",
    "",
];

/// A field the size depends on: its value when present and positive, else named as missing.
fn need(v: Option<u64>, what: MissingField, missing: &mut Vec<MissingField>) -> u64 {
    match v {
        Some(x) if x > 0 => x,
        _ => {
            missing.push(what);
            0
        }
    }
}

impl<'a> Reader<'a> {
    /// The text model of `top` (its `text_config` when it wraps one), its type and architecture.
    fn new(top: &'a Map<String, Value>) -> Reader<'a> {
        let inner = top
            .get("text_config")
            .or_else(|| top.get("language_config"))
            .and_then(|v| v.as_object());
        let (main, outer) = match inner {
            Some(tc) => (tc, Some(top)),
            None => (top, None),
        };
        let mut r = Reader {
            top,
            main,
            outer,
            model_type: String::new(),
            architecture: String::new(),
            warnings: Vec::new(),
            read: RefCell::new(Vec::new()),
        };
        let wrapper = top
            .get("model_type")
            .and_then(|v| v.as_str())
            .map(|s| s.to_ascii_lowercase());
        // A wrapper's text config without a type is the type its wrapper builds.
        r.model_type = match (r.main.get("model_type").and_then(|v| v.as_str()), wrapper) {
            (Some(t), _) => t.to_ascii_lowercase(),
            (None, Some(w)) if r.outer.is_some() => defaults::text_type_of(&w).to_string(),
            (None, w) => w.unwrap_or_default(),
        };
        r.architecture = top
            .get("architectures")
            .and_then(|v| v.as_array())
            .and_then(|a| a.first())
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string();
        r
    }

    fn raw(&self, key: &'static str) -> Option<&'a Value> {
        self.read.borrow_mut().push(key);
        self.main
            .get(key)
            .or_else(|| self.outer.and_then(|o| o.get(key)))
            .filter(|v| !v.is_null())
    }
    /// The first of `keys` present as a non-negative integer; a present but unreadable value is
    /// named in a warning.
    fn int(&mut self, keys: &[&'static str]) -> Option<u64> {
        // Every spelling counts as read, the one given or its aliases.
        self.read.borrow_mut().extend_from_slice(keys);
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
    fn boolean(&mut self, key: &'static str) -> Option<bool> {
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
    fn string(&self, key: &'static str) -> Option<&'a str> {
        self.raw(key).and_then(|v| v.as_str())
    }

    /// The first of `keys` present as a whole number, or as a list of them (one per layer, or
    /// ERNIE-VL's per modality): the value when they agree, else their mean, said in a warning.
    fn per_layer(&mut self, keys: &[&'static str]) -> Option<u64> {
        for k in keys {
            if let Some(list) = self.raw(k).and_then(|v| v.as_array()) {
                let xs: Vec<u64> = list.iter().filter_map(|v| v.as_u64()).collect();
                if xs.is_empty() || xs.len() != list.len() {
                    continue;
                }
                if xs.iter().all(|x| *x == xs[0]) {
                    return Some(xs[0]);
                }
                let mean =
                    (xs.iter().map(|x| *x as f64).sum::<f64>() / xs.len() as f64).round() as u64;
                self.warnings.push(ImportWarning::PerLayerMean {
                    key: k.to_string(),
                    used: mean,
                });
                return Some(mean);
            }
        }
        self.int(keys)
    }

    /// Vision and audio towers: counted (`extra_params`) when their kind is known, else named
    /// in a warning.
    fn towers(&mut self, a: &mut ModelArch) {
        let wrapper = self
            .top
            .get("model_type")
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let vision = self.top.get("vision_config").and_then(|v| v.as_object());
        let counted = towers::vision_params(&wrapper, self.top, a.hidden);
        if let Some(count) = counted {
            a.extra_params = count;
        }
        // A LLaVA-style or custom wrapper's tower named by other keys; an audio tower.
        let audio = self.top.contains_key("audio_config");
        let other_tower = [
            "vision_encoder",
            "vision_encoder_config",
            "vision_tower",
            "mm_vision_tower",
            "visual",
            "vit_config",
        ]
        .iter()
        .any(|k| self.top.contains_key(*k));
        if counted.is_none() && self.outer.is_some() {
            self.warnings.push(ImportWarning::MultimodalTextOnly);
        } else if audio || counted.is_none() && (other_tower || vision.is_some()) {
            self.warnings.push(ImportWarning::TowersNotCounted);
        }
    }

    /// The warnings on keys of the text model not understood (see `import_keys`).
    fn unknown_keys(&mut self) {
        let read = self.read.borrow().clone();
        keys::unknown_keys(self.main, &read, &mut self.warnings);
    }

    /// The essential dimensions and the family; returns the routed experts the config states.
    fn dimensions(&mut self, a: &mut ModelArch, missing: &mut Vec<MissingField>) -> u64 {
        let hidden = self.int(&["hidden_size", "d_model", "n_embd", "dim"]);
        a.hidden = need(hidden, MissingField::Hidden, missing);
        let layers = self.int(&["num_hidden_layers", "n_layer", "n_layers", "num_layers"]);
        a.layers = need(layers, MissingField::Layers, missing);
        let heads = self.int(&["num_attention_heads", "n_head", "n_heads"]);
        a.heads = need(heads, MissingField::Heads, missing);
        let vocab = self.int(&["vocab_size", "padded_vocab_size"]);
        a.vocab = need(vocab, MissingField::Vocab, missing);

        let (mt, arch_l) = (
            self.model_type.as_str(),
            self.architecture.to_ascii_lowercase(),
        );
        let encoder = matches!(
            mt,
            "bert" | "distilbert" | "roberta" | "xlm-roberta" | "camembert" | "mpnet" | "electra"
        ) || arch_l.contains("bert") && !arch_l.contains("causallm");
        // DeepSeek's family is MLA unless it says `use_mla: false` (DeepSeek-VL2, OCR).
        let use_mla = self.raw("use_mla").and_then(|v| v.as_bool()) != Some(false);
        let mla = use_mla
            && (mt.starts_with("deepseek_v") && !mt.starts_with("deepseek_vl")
                || self.raw("kv_lora_rank").is_some());
        let hybrid = mt == "qwen3_next" || self.raw("linear_num_value_heads").is_some();
        let gpt_oss = mt == "gpt_oss" || arch_l.contains("gptoss");
        // ERNIE-VL lists its experts per modality: the text model's come first.
        let experts = self
            .per_layer(&[
                "num_local_experts",
                "num_experts",
                "n_routed_experts",
                "moe_num_experts",
            ])
            .unwrap_or(0);
        a.family = if mla {
            ArchFamily::DeepseekMla
        } else if gpt_oss {
            ArchFamily::GptOss
        } else if encoder {
            ArchFamily::Encoder
        } else if hybrid {
            ArchFamily::HybridLinear
        } else if experts > 1 {
            ArchFamily::Moe
        } else {
            ArchFamily::Dense
        };
        experts
    }

    /// KV heads (the attention heads when absent) and an explicit head width.
    fn attention(&mut self, a: &mut ModelArch) {
        match self.int(&[
            "num_key_value_heads",
            "n_kv_heads",
            "num_kv_heads",
            "n_head_kv",
            "multi_query_group_num",
        ]) {
            Some(k) if k > 0 => a.kv_heads = k,
            _ => {
                a.kv_heads = a.heads;
                if a.family != ArchFamily::Encoder && a.family != ArchFamily::DeepseekMla {
                    self.warnings.push(ImportWarning::KvHeadsAssumed);
                }
            }
        }
        a.head_dim = self
            .int(&[
                "head_dim",
                "attention_head_size",
                "kv_channels",
                "attention_head_dim",
            ])
            .filter(|d| *d > 0);
    }

    /// Tied embeddings and the context limit.
    fn embeddings_and_positions(&mut self, a: &mut ModelArch) {
        // Tied embeddings: transformers' default differs by model; Llama/Mistral/Qwen default untied.
        // Absent: the default of the model type's configuration class in transformers.
        a.tied = match self.boolean("tie_word_embeddings") {
            Some(t) => t,
            None => match keys::tied_default(&self.model_type) {
                Some(default) => {
                    if a.family != ArchFamily::Encoder {
                        self.warnings.push(ImportWarning::TiedAssumed {
                            tied: default,
                            model_type: self.model_type.clone(),
                        });
                    }
                    default
                }
                None => {
                    self.warnings.push(ImportWarning::TiedBaseDefault {
                        model_type: self.model_type.clone(),
                    });
                    true
                }
            },
        };
        a.max_position = self
            .int(&[
                "max_position_embeddings",
                "n_positions",
                "max_seq_len",
                "seq_length",
            ])
            .unwrap_or(0);
    }

    /// Sliding windows: the window, and which layers use it (`layer_types`, a period, or the
    /// family's default).
    fn sliding_windows(&mut self, a: &mut ModelArch) {
        let use_sw = self.boolean("use_sliding_window").unwrap_or(true);
        let window = self
            .int(&["sliding_window", "attention_window"])
            .unwrap_or(0);
        let layer_types: Option<Vec<String>> = self
            .raw("layer_types")
            .and_then(|v| v.as_array())
            .map(|arr| {
                arr.iter()
                    .map(|x| x.as_str().unwrap_or("").to_ascii_lowercase())
                    .collect()
            });
        // Qwen2.5 carries a window with `use_sliding_window: false`: full attention.
        if window == 0 || !use_sw || a.layers == 0 {
            return;
        }
        a.window = window;
        let (gemma2, gemma3) = (
            self.model_type == "gemma2",
            self.model_type.starts_with("gemma3"),
        );
        if let Some(types) = &layer_types {
            let global = types.iter().filter(|t| t.contains("full")).count() as u64;
            let sliding = types.iter().filter(|t| t.contains("sliding")).count() as u64;
            if global + sliding != types.len() as u64 {
                self.warnings.push(ImportWarning::LayerTypesOther);
            }
            if types.len() as u64 != a.layers {
                self.warnings.push(ImportWarning::LayerTypesCount {
                    listed: types.len() as u64,
                    layers: a.layers,
                });
            }
            a.global_layers = Some(a.layers.saturating_sub(sliding.min(a.layers)));
        } else if let Some(p) = self.int(&["sliding_window_pattern"]) {
            a.swa_period = p;
        } else if matches!(
            self.model_type.as_str(),
            "qwen2" | "qwen3" | "qwen2_moe" | "qwen3_moe"
        ) {
            // Qwen2Config's `layer_types`: layers from `max_window_layers` (28) on slide.
            let full = self.int(&["max_window_layers"]).unwrap_or(28).min(a.layers);
            a.global_layers = Some(full);
        } else if matches!(self.model_type.as_str(), "mistral" | "mixtral") {
            // Mistral's window is on every layer: nothing to warn about.
        } else if gemma2 {
            a.swa_period = 2;
        } else if gemma3 {
            a.swa_period = 6;
        } else {
            self.warnings
                .push(ImportWarning::WindowWithoutPattern { window });
        }
    }

    /// What differs by family: QKV biases and QK norms, norms per layer, the biases the sizing
    /// leaves out, and an encoder's token types, pooler and context.
    fn family_details(&mut self, a: &mut ModelArch) {
        let mt = self.model_type.as_str();
        // GLM-4.5's `attention_bias` is on q, k and v (no o bias).
        let glm_bias = mt == "glm4_moe" && self.top_bias();
        let mt = self.model_type.as_str();
        // ChatGLM (GLM-4-9B): q, k and v biases by `add_qkv_bias`.
        let chatglm_bias = mt == "chatglm" && self.boolean("add_qkv_bias") == Some(true);
        let mt = self.model_type.as_str();
        // MiMo's configuration and attention are Qwen2's.
        a.qkv_bias = mt.starts_with("qwen2") || mt == "mimo" || glm_bias || chatglm_bias;
        a.qk_norm = matches!(
            mt,
            "qwen3" | "qwen3_moe" | "gemma3" | "gemma3_text" | "olmo2" | "dots1" | "gemma3n_text"
        );
        a.norms_per_layer = if mt.starts_with("gemma2") || mt.starts_with("gemma3") {
            4
        } else if mt == "cohere" {
            // Command-R / Aya-23: attention and FFN in parallel after one norm.
            1
        } else {
            2
        };
        // Per-head q/k norms by `use_qk_norm` (Hunyuan, Hunyuan-A13B); Cohere's norm all heads
        // at once (Command R+).
        let (own_rule, cohere) = (
            // Llama 4's q/k norm is an L2 norm without weights.
            matches!(mt, "glm4_moe" | "minimax_m2") || mt.starts_with("llama4"),
            mt.starts_with("cohere"),
        );
        if self.boolean("use_qk_norm") == Some(true) && !own_rule {
            if cohere {
                a.qk_norm_all_heads = true;
            } else {
                a.qk_norm = true;
            }
        }
        let mt = self.model_type.as_str();
        // DeepSeek-V3-style routers with a score-correction bias per expert.
        a.router_bias |= matches!(mt, "dots1" | "ernie4_5_moe");
        let distilbert = mt == "distilbert";
        if self.boolean("attention_bias") == Some(true)
            && !a.qkv_bias
            && a.family != ArchFamily::GptOss
        {
            self.warnings.push(ImportWarning::AttentionBias);
        }
        if self.boolean("mlp_bias") == Some(true) {
            self.warnings.push(ImportWarning::MlpBias);
        }
        if a.family == ArchFamily::Encoder {
            a.token_types =
                self.int(&["type_vocab_size"])
                    .unwrap_or(if distilbert { 0 } else { 2 });
            a.pooler = !distilbert;
            a.tied = false;
            if a.max_position == 0 {
                a.max_position = 512;
            }
        }
    }

    /// The model's name: `_name_or_path`, else its architecture.
    fn name(&self) -> String {
        self.top
            .get("_name_or_path")
            .and_then(|v| v.as_str())
            .filter(|s| !s.is_empty())
            .map(|s| s.to_string())
            .unwrap_or_else(|| {
                if self.architecture.is_empty() {
                    "imported model".to_string()
                } else {
                    self.architecture.clone()
                }
            })
    }
}
