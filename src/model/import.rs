//! Import a Hugging Face `config.json` (pasted or uploaded) into a [`ModelArch`]: dense, MoE
//! (Mixtral, Qwen3-MoE, gpt-oss), MLA (DeepSeek-V2/V3), sliding windows (`sliding_window`,
//! `sliding_window_pattern`, `layer_types`), explicit `head_dim`, `tie_word_embeddings`, and
//! multimodal wrappers with a `text_config`. Every field that cannot be read, or that changes the
//! size in a way the engine does not model, is named in a warning; missing essentials are an error.
//! Warnings and errors are typed values of [`crate::words::import`], which writes them in English
//! or Spanish (`sentence(lang)` / `message(lang)`).

use super::arch::{ArchFamily, ModelArch};
pub use crate::words::import::{ImportError, ImportWarning, JsonSyntax, MissingField};
use serde_json::{Map, Value};

/// A model read from a config, with what could not be taken into account.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub arch: ModelArch,
    /// One per field that was ignored, defaulted or could not be read.
    pub warnings: Vec<ImportWarning>,
}

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
