//! Import a Hugging Face `config.json` (pasted or uploaded) into a [`ModelArch`]: dense, MoE
//! (Mixtral, Qwen3-MoE, gpt-oss), MLA (DeepSeek-V2/V3), sliding windows (`sliding_window`,
//! `sliding_window_pattern`, `layer_types`), explicit `head_dim`, `tie_word_embeddings`, and
//! multimodal wrappers with a `text_config`. Every field that cannot be read, or that changes the
//! size in a way the engine does not model, is named in a warning; missing essentials are an error.
//! Warnings and errors are typed values of [`crate::words::import`], which writes them in English
//! or Spanish (`sentence(lang)` / `message(lang)`).

use super::arch::{ArchFamily, ModelArch};
use super::options::Quant;
pub use crate::words::import::{ImportError, ImportWarning, JsonSyntax, MissingField};
use serde_json::{Map, Value};

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
}

/// Reads a `config.json` text.
pub fn from_config_json(text: &str) -> Result<Imported, ImportError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(JsonSyntax::of(&e)))?;
    let top = value.as_object().ok_or(ImportError::NotObject)?;
    let mut r = Reader::new(top);
    let mut a = ModelArch {
        source: "imported config.json".into(),
        ..ModelArch::default()
    };
    let mut missing = Vec::new();
    let experts = r.dimensions(&mut a, &mut missing);
    r.attention(&mut a);
    let ffn = r.int(&[
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
    r.quantisation(&mut a);
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
const LLAMA_LIKE: [&str; 10] = [
    "llama",
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
        let (main, outer) = match top.get("text_config").and_then(|v| v.as_object()) {
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
        };
        if outer.is_some() {
            r.warnings.push(ImportWarning::MultimodalTextOnly);
        } else if top.contains_key("vision_config") || top.contains_key("audio_config") {
            r.warnings.push(ImportWarning::TowersNotCounted);
        }
        r.model_type = r
            .string("model_type")
            .or_else(|| top.get("model_type").and_then(|v| v.as_str()))
            .map(|s| s.to_ascii_lowercase())
            .unwrap_or_default();
        r.architecture = top
            .get("architectures")
            .and_then(|v| v.as_array())
            .and_then(|a| a.first())
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string();
        r
    }

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
        let mla = mt.starts_with("deepseek_v") || self.raw("kv_lora_rank").is_some();
        let hybrid = mt == "qwen3_next" || self.raw("linear_num_value_heads").is_some();
        let gpt_oss = mt == "gpt_oss" || arch_l.contains("gptoss");
        let experts = self
            .int(&["num_local_experts", "num_experts", "n_routed_experts"])
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
            .int(&["head_dim", "attention_head_size"])
            .filter(|d| *d > 0);
    }

    /// A mixture of experts: experts per token, the expert width (`ffn` when no
    /// `moe_intermediate_size`), shared experts and the dense leading layers.
    fn experts(&mut self, a: &mut ModelArch, ffn: Option<u64>, missing: &mut Vec<MissingField>) {
        a.experts_active = self
            .int(&["num_experts_per_tok", "num_experts_per_token", "moe_top_k"])
            .unwrap_or(0);
        if a.experts_active == 0 {
            missing.push(MissingField::ExpertsPerToken);
        }
        a.moe_ffn = self.int(&["moe_intermediate_size"]).unwrap_or(0);
        if a.moe_ffn == 0 {
            // Mixtral and gpt-oss give the expert width as `intermediate_size`.
            a.moe_ffn = ffn.unwrap_or(0);
        }
        if a.moe_ffn == 0 {
            missing.push(MissingField::ExpertFfn);
        }
        a.shared_experts = self
            .int(&["n_shared_experts", "num_shared_experts"])
            .unwrap_or(0);
        if let Some(shared) = self.int(&["shared_expert_intermediate_size"]) {
            // Qwen3-Next: a gated shared expert of the routed experts' width, counted as one.
            if a.family == ArchFamily::HybridLinear && a.moe_ffn > 0 && shared % a.moe_ffn == 0 {
                a.shared_experts = shared / a.moe_ffn;
            } else if shared > 0 {
                self.warnings.push(ImportWarning::SharedExpertNotCounted);
            }
        }
        a.first_dense_layers = self.int(&["first_k_dense_replace"]).unwrap_or(0);
        if let Some(m) = self.raw("mlp_only_layers").and_then(|v| v.as_array()) {
            if !m.is_empty() {
                self.warnings.push(ImportWarning::MlpOnlyLayers {
                    count: m.len() as u64,
                });
            }
        }
        if let Some(s) = self.int(&["interleave_moe_layer_step"]) {
            // Llama 4 Maverick: MoE on every s-th layer, dense layers between.
            a.moe_layer_step = s;
        } else if let Some(s) = self.int(&["decoder_sparse_step", "moe_layer_freq"]) {
            if s > 1 {
                self.warnings.push(ImportWarning::SparseStep { step: s });
            }
        }
    }

    /// Multi-head latent attention (DeepSeek-V2/V3): the latent ranks and head widths.
    fn mla(&mut self, a: &mut ModelArch, missing: &mut Vec<MissingField>) {
        a.kv_lora_rank = self.int(&["kv_lora_rank"]).unwrap_or(0);
        a.q_lora_rank = self.int(&["q_lora_rank"]).unwrap_or(0);
        a.rope_dim = self.int(&["qk_rope_head_dim"]).unwrap_or(0);
        a.qk_nope_dim = self.int(&["qk_nope_head_dim"]).unwrap_or(0);
        a.v_head_dim = self.int(&["v_head_dim"]).unwrap_or(a.qk_nope_dim);
        a.mtp_layers = self.int(&["num_nextn_predict_layers"]).unwrap_or(0);
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

    /// Tied embeddings and the context limit.
    fn embeddings_and_positions(&mut self, a: &mut ModelArch) {
        // Tied embeddings: transformers' default differs by model; Llama/Mistral/Qwen default untied.
        a.tied = match self.boolean("tie_word_embeddings") {
            Some(t) => t,
            None => {
                let default = self.model_type.starts_with("gemma");
                if a.family != ArchFamily::Encoder {
                    self.warnings.push(ImportWarning::TiedAssumed {
                        tied: default,
                        model_type: self.model_type.clone(),
                    });
                }
                default
            }
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
        a.qkv_bias = mt.starts_with("qwen2") || glm_bias;
        a.qk_norm = matches!(
            mt,
            "qwen3" | "qwen3_moe" | "gemma3" | "gemma3_text" | "olmo2"
        );
        a.norms_per_layer = if mt.starts_with("gemma2") || mt.starts_with("gemma3") {
            4
        } else {
            2
        };
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

    /// The layer kinds and tensors of the 2025 architectures: Llama 4 (implicit shared expert,
    /// dense FFN width, chunked attention and its NoPE global layers), Qwen3-Next (Gated DeltaNet
    /// layers), DeepSeek-V3.2 (the indexer), the Phi-3 family (fused tensors), GLM-4.5 and
    /// MiniMax-M2 (biases and norms), a classification head (rerankers).
    fn recent_architectures(&mut self, a: &mut ModelArch) {
        let mt = self.model_type.clone();
        if mt.starts_with("llama4") {
            if a.experts > 1 {
                a.shared_experts = a.shared_experts.max(1);
            }
            if let Some(i) = self.int(&["intermediate_size_mlp"]) {
                a.ffn = i;
            }
            if let Some(c) = self.int(&["attention_chunk_size"]) {
                a.attention_chunk = c;
                // `no_rope_layers`: 1 for a RoPE (chunked) layer, 0 for a NoPE global one; else
                // every `no_rope_layer_interval`-th layer (default 4) is global.
                let listed = self.raw("no_rope_layers").and_then(|v| v.as_array());
                match listed {
                    Some(l) if !l.is_empty() => {
                        let global = l.iter().filter(|x| x.as_u64() == Some(0)).count() as u64;
                        a.global_layers = Some(global);
                    }
                    _ => a.swa_period = self.int(&["no_rope_layer_interval"]).unwrap_or(4),
                }
            }
        }
        if a.family == ArchFamily::HybridLinear {
            a.full_attention_interval = self.int(&["full_attention_interval"]).unwrap_or(4);
            a.linear_key_heads = self.int(&["linear_num_key_heads"]).unwrap_or(0);
            a.linear_value_heads = self.int(&["linear_num_value_heads"]).unwrap_or(0);
            a.linear_key_dim = self.int(&["linear_key_head_dim"]).unwrap_or(0);
            a.linear_value_dim = self.int(&["linear_value_head_dim"]).unwrap_or(0);
            a.linear_conv_kernel = self.int(&["linear_conv_kernel_dim"]).unwrap_or(4);
        }
        if a.family == ArchFamily::DeepseekMla {
            a.index_heads = self.int(&["index_n_heads"]).unwrap_or(0);
            a.index_head_dim = self.int(&["index_head_dim"]).unwrap_or(0);
        }
        if mt == "phi3" {
            a.fused_qkv = true;
            a.fused_gate_up = true;
        }
        if mt == "glm4_moe" {
            a.qk_norm = self.boolean("use_qk_norm").unwrap_or(false);
            a.router_bias = true;
        }
        if mt == "minimax_m2" {
            a.qk_norm_all_heads = self.boolean("use_qk_norm").unwrap_or(true);
            a.router_bias = self.boolean("use_routing_bias").unwrap_or(true);
        }
        if a.family == ArchFamily::Encoder
            && self.architecture.contains("ForSequenceClassification")
        {
            let labels = self
                .raw("id2label")
                .and_then(|v| v.as_object())
                .map(|m| m.len() as u64);
            a.classifier_labels = self.int(&["num_labels"]).or(labels).unwrap_or(1).max(1);
        }
    }

    /// `attention_bias` as given, true when absent.
    fn top_bias(&mut self) -> bool {
        self.boolean("attention_bias") != Some(false)
    }

    /// A quantised checkpoint: named in a warning, and its native format when the sizing knows it.
    fn quantisation(&mut self, a: &mut ModelArch) {
        if let Some(q) = self.raw("quantization_config") {
            let method = q.get("quant_method").and_then(|m| m.as_str());
            self.warnings.push(ImportWarning::Quantised {
                method: method.map(str::to_string),
            });
            if method == Some("mxfp4") {
                a.native_quant = Some(Quant::Mxfp4);
            } else if method == Some("fp8") {
                a.native_quant = Some(Quant::Fp8);
            }
        } else if a.family == ArchFamily::GptOss {
            a.native_quant = Some(Quant::Mxfp4);
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
