//! What the config importer knows about keys it does not read as sizes: the defaults of
//! `tie_word_embeddings` by `model_type` (as Hugging Face transformers' configuration classes
//! define them), the keys that change the size and are not modelled, the keys that change
//! nothing the sizer counts, and the architectures it refuses.

use super::{ImportError, ImportWarning, SizeEffect, Unsupported};
use serde_json::{Map, Value};

/// `tie_word_embeddings` when a config does not give it: the default of its `model_type`'s
/// configuration class in transformers (`PretrainedConfig` itself defaults to tied; the classes
/// below that untie say `tie_word_embeddings=False`). `None`: a type not in the table.
pub(super) fn tied_default(model_type: &str) -> Option<bool> {
    const UNTIED: &[&str] = &[
        "llama",
        "llama4",
        "llama4_text",
        "mistral",
        "mistral3",
        "ministral",
        "mixtral",
        "qwen2",
        "qwen2_moe",
        "qwen3",
        "qwen3_moe",
        "qwen3_next",
        "qwen3_5",
        "qwen3_5_moe",
        "qwen3_5_text",
        "qwen3_5_moe_text",
        "qwen3_vl_text",
        "qwen3_vl_moe_text",
        "phi3",
        "phimoe",
        "deepseek_v2",
        "deepseek_v3",
        "deepseek_v32",
        "kimi_k2",
        "dots1",
        "glm4",
        "glm4_moe",
        "glm",
        "gpt_oss",
        "minimax_m2",
        "olmo",
        "olmo2",
        "olmo3",
        "olmoe",
        "granite",
        "granitemoe",
        "granitemoeshared",
        "granitemoehybrid",
        "bamba",
        "internlm2",
        "internlm3",
        "hunyuan_v1_dense",
        "hunyuan_v1_moe",
        "exaone4",
        "seed_oss",
        "apertus",
        "arcee",
        "longcat_flash",
        "bailing_moe",
        "mimo",
        "step3p5",
    ];
    const TIED: &[&str] = &[
        "gemma",
        "gemma2",
        "gemma3",
        "gemma3_text",
        "gemma3n",
        "gemma3n_text",
        "cohere",
        "cohere2",
        "smollm3",
        "ernie4_5",
        "ernie4_5_moe",
        "starcoder2",
        "falcon",
        "gpt2",
        "gpt_neox",
        "stablelm",
        "phi",
        "bert",
        "roberta",
        "xlm-roberta",
        "distilbert",
        "modernbert",
    ];
    if UNTIED.contains(&model_type) {
        Some(false)
    } else if TIED.contains(&model_type) {
        Some(true)
    } else {
        None
    }
}

/// Keys that change the parameter count or the cache and that the sizing does not model, with
/// what they change.
const NOT_MODELLED: &[(&str, SizeEffect)] = &[
    // Gemma-3n: AltUp's extra streams and their correction, LAuReL's low-rank residuals.
    ("altup_num_inputs", SizeEffect::WeightsUnder),
    ("laurel_rank", SizeEffect::WeightsUnder),
    // Llama 3.2 Vision: cross-attention layers to the image.
    ("cross_attention_layers", SizeEffect::WeightsAndCache),
    // MiniCPM3 / Kimi-style extras and multi-token heads of other families.
    ("mtp_num_hidden_layers", SizeEffect::WeightsUnder),
    ("num_nextn_predict_layers_extra", SizeEffect::WeightsUnder),
    // Phi-3.5-MoE / others: a sparse layer pattern given as a list.
    ("moe_layers", SizeEffect::WeightsUnder),
    // DeepSeek-V4's compressed attention.
    ("compress_ratios", SizeEffect::WeightsAndCache),
    // Gemma 4's per-layer attention shapes.
    ("per_layer_config", SizeEffect::WeightsAndCache),
    ("global_head_dim", SizeEffect::WeightsAndCache),
    ("num_global_key_value_heads", SizeEffect::WeightsAndCache),
    ("attention_k_eq_v", SizeEffect::WeightsAndCache),
    // Sparse attention variants that keep a different cache.
    ("sliding_window_layers", SizeEffect::Cache),
    ("swa_num_attention_heads", SizeEffect::WeightsAndCache),
    ("swa_num_key_value_heads", SizeEffect::WeightsAndCache),
    ("swa_head_dim", SizeEffect::WeightsAndCache),
    ("swa_layers", SizeEffect::Cache),
    ("hybrid_layer_ids", SizeEffect::Cache),
    ("moe_latent_size", SizeEffect::WeightsUnder),
];

/// Keys read elsewhere, or that change nothing the sizer counts (training, numerics, tokens,
/// positions, activations). A key in neither list whose name looks like a size is warned about.
const HARMLESS: &[&str] = &[
    "max_window_layers",
    "max_position_embeddings",
    "original_max_position_embeddings",
    "rope_scaling",
    "rope_parameters",
    "rope_theta",
    "rope_local_base_freq",
    "partial_rotary_factor",
    "rotary_dim",
    "org_vocab_size",
    "initializer_range",
    "rms_norm_eps",
    "layer_norm_eps",
    "layer_norm_epsilon",
    "norm_eps",
    "bos_token_id",
    "eos_token_id",
    "pad_token_id",
    "image_token_id",
    "video_token_id",
    "audio_token_id",
    "image_token_index",
    "boi_token_index",
    "eoi_token_index",
    "num_labels",
    "mamba_chunk_size",
    "chunk_size",
    "n_group",
    "topk_group",
    "num_experts_group",
    "moe_topk_group",
    "routed_scaling_factor",
    "router_aux_loss_coef",
    "mm_tokens_per_image",
    "max_batch_size",
    "num_image_tokens",
    "spatial_merge_size",
    "final_logit_softcapping",
    "attn_logit_softcapping",
    "query_pre_attn_scalar",
    "logits_scaling",
    "embedding_multiplier",
    "attention_multiplier",
    "residual_multiplier",
    "ep_size",
    "pretraining_tp",
    "num_nextn_predict_layers",
    "activation_sparsity_pattern",
    "altup_active_idx",
    "altup_coef_clip",
    "no_rope_layer_interval",
    "no_rope_layers",
    "moe_layer_start_index",
    "moe_layer_end_index",
    "moe_layer_interval",
    "num_experts_per_tok",
    "rope_interleave",
    "sliding_window_pattern",
    "index_topk",
    "output_router_logits",
    "use_cache",
    "transformers_version",
    "torch_dtype",
    "dtype",
    "max_seq_len",
    "seq_length",
    "n_positions",
    "layer_types",
    "mlp_only_layers",
    "aux_loss_alpha",
    "moe_norm_min",
    "num_experts_per_token",
    "interleave_moe_layer_step",
    "attention_chunk_size",
    "full_attention_interval",
    "time_step_limit",
    "time_step_min",
    "time_step_max",
    "time_step_floor",
    "num_logits_to_keep",
    "vocab_size_per_layer_input",
    "hidden_size_per_layer_input",
    "num_kv_shared_layers",
    "attn_layer_indices",
    "attn_type_list",
    "type_vocab_size",
    "max_length",
    "min_length",
    "num_beams",
    "num_return_sequences",
    "top_k",
    "decoder_start_token_id",
    "sep_token_id",
    "cls_token_id",
    "mask_token_id",
    "num_nextn_predict_layer",
];

/// The warnings of `not modelled` keys `obj` holds, and of keys it does not know whose name and
/// value look like a size. `read` lists the keys the importer read.
pub(super) fn unknown_keys(obj: &Map<String, Value>, read: &[&str], out: &mut Vec<ImportWarning>) {
    for (key, value) in obj {
        if value.is_null() || value == &Value::Bool(false) || value == &Value::from(0) {
            continue;
        }
        if let Some((_, effect)) = NOT_MODELLED.iter().find(|(k, _)| k == key) {
            out.push(ImportWarning::NotModelled {
                key: key.clone(),
                effect: *effect,
            });
            continue;
        }
        if read.contains(&key.as_str()) || HARMLESS.contains(&key.as_str()) {
            continue;
        }
        if looks_like_a_size(key, value) {
            let mut text = value.to_string();
            if text.chars().count() > 40 {
                text = text.chars().take(37).collect::<String>() + "...";
            }
            out.push(ImportWarning::UnknownKey {
                key: key.clone(),
                value: text,
            });
        }
    }
}

/// A key named as a count or a width (`num_..`, `n_..`, `.._size`, `.._dim`, `.._layers`,
/// `.._heads`, `.._rank`, `..experts..`, `..window..`) with a whole-number value (or a list of
/// them) above 1.
fn looks_like_a_size(key: &str, value: &Value) -> bool {
    let k = key.to_ascii_lowercase();
    let named = k.starts_with("num_")
        || k.starts_with("n_")
        || k.ends_with("_size")
        || k.ends_with("_dim")
        || k.ends_with("_layers")
        || k.ends_with("_heads")
        || k.ends_with("_rank")
        || k.contains("expert")
        || k.contains("window");
    let excluded = k.contains("dropout")
        || k.contains("token")
        || k.contains("batch")
        || k.contains("eps")
        || k.contains("patch")
        || k.contains("image")
        || k.contains("group_size");
    let sized = match value {
        Value::Number(n) => n.as_u64().is_some_and(|x| x > 1),
        Value::Array(a) => !a.is_empty() && a.iter().all(|v| v.as_u64().is_some()),
        _ => false,
    };
    named && !excluded && sized
}

/// The architectures refused rather than sized wrongly: an encoder-decoder, or layers of a
/// kind the sizing does not count.
pub(super) fn refusal(model_type: &str, main: &Map<String, Value>) -> Option<ImportError> {
    let refuse = |why: Unsupported| {
        Some(ImportError::Unsupported {
            model_type: model_type.to_string(),
            why,
        })
    };
    if main.get("is_encoder_decoder").and_then(|v| v.as_bool()) == Some(true) {
        return refuse(Unsupported::EncoderDecoder);
    }
    let kind = match model_type {
        "t5" | "mt5" | "umt5" | "bart" | "mbart" | "whisper" | "marian" | "pegasus" => {
            return refuse(Unsupported::EncoderDecoder)
        }
        "mamba" | "falcon_mamba" | "jamba" => Some("mamba (Mamba-1)"),
        "nemotron_h" => Some("hybrid_override_pattern (layers without an FFN)"),
        "falcon_h1" => Some("parallel attention and Mamba in one layer"),
        "rwkv" | "rwkv5" | "rwkv6" | "rwkv7" => Some("rwkv"),
        "recurrent_gemma" => Some("recurrent (RG-LRU)"),
        "xlstm" => Some("xlstm"),
        "lfm2" | "lfm2_moe" | "lfm2_vl" => Some("conv (LFM2 short convolutions)"),
        _ => None,
    };
    if let Some(kind) = kind {
        return refuse(Unsupported::LayerKind(kind.to_string()));
    }
    // A layer list with a kind this sizer does not count (LFM2's `conv`, ...).
    if let Some(types) = main.get("layer_types").and_then(|v| v.as_array()) {
        for t in types {
            let t = t.as_str().unwrap_or("").to_ascii_lowercase();
            let counted = t.contains("full")
                || t.contains("sliding")
                || t.contains("chunk")
                || t == "attention"
                || t == "mamba"
                || t == "linear_attention" && main.contains_key("linear_num_value_heads");
            if !counted {
                return refuse(Unsupported::LayerKind(t));
            }
        }
    }
    None
}

/// `text` with the bare `Infinity`, `-Infinity` and `NaN` that Python's json writes outside
/// strings replaced by `null`.
pub(super) fn python_numbers_as_null(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        } else if let Some(token) = ["-Infinity", "Infinity", "NaN"]
            .iter()
            .find(|t| rest.starts_with(**t))
        {
            out.push_str("null");
            rest = &rest[token.len()..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}
