//! What a config leaves out is what the reference implementation builds: the defaults of
//! Hugging Face transformers' configuration classes, by `model_type`, for the fields that change
//! the weights or the cache (widths, vocabulary, KV heads, head width, experts, windows). A field
//! taken from here is said in a warning ([`ImportWarning::DefaultTaken`]).
//!
//! transformers writes a model's config with the values that differ from these defaults: a
//! wrapper's `text_config` often leaves out what equals them (google/gemma-3-4b-it's gives no
//! heads, KV heads, head width or vocabulary), the model's own scale included; so every
//! size-changing field is taken from here when absent. A type not in the table is refused with
//! the fields it lacks. `tie_word_embeddings` has its own table (`keys::tied_default`), and fields
//! whose default is derived (`head_dim` = hidden / heads, KV heads = heads) are left to the
//! importer, which derives them the same way.

use super::ImportWarning;
use serde_json::{Map, Value};

/// A default: a whole number or a flag.
#[derive(Clone, Copy)]
enum D {
    N(u64),
    B(bool),
}
use D::{B, N};

/// The class defaults of the common types (transformers' `configuration_<type>.py`).
const TABLE: &[(&str, &[(&str, D)])] = &[
    // LlamaConfig: `head_dim` and `num_key_value_heads` None (derived).
    (
        "llama",
        &[("vocab_size", N(32000)), ("intermediate_size", N(11008))],
    ),
    // MistralConfig: 8 KV heads, a 4,096-token window on every layer.
    (
        "mistral",
        &[
            ("vocab_size", N(32000)),
            ("intermediate_size", N(14336)),
            ("num_key_value_heads", N(8)),
            ("sliding_window", N(4096)),
        ],
    ),
    // MixtralConfig: 8 experts, 2 active, no window (`sliding_window` None).
    (
        "mixtral",
        &[
            ("vocab_size", N(32000)),
            ("intermediate_size", N(14336)),
            ("num_key_value_heads", N(8)),
            ("num_local_experts", N(8)),
            ("num_experts_per_tok", N(2)),
        ],
    ),
    // Qwen2Config: the window is off unless `use_sliding_window`.
    (
        "qwen2",
        &[
            ("vocab_size", N(151936)),
            ("intermediate_size", N(22016)),
            ("num_key_value_heads", N(32)),
            ("use_sliding_window", B(false)),
        ],
    ),
    // Qwen3Config: as Qwen2, with a 128-wide head.
    (
        "qwen3",
        &[
            ("vocab_size", N(151936)),
            ("intermediate_size", N(22016)),
            ("num_key_value_heads", N(32)),
            ("head_dim", N(128)),
            ("use_sliding_window", B(false)),
        ],
    ),
    // Qwen3MoeConfig: 128 experts of 768, 8 active, every layer sparse.
    (
        "qwen3_moe",
        &[
            ("vocab_size", N(151936)),
            ("intermediate_size", N(6144)),
            ("num_key_value_heads", N(4)),
            ("moe_intermediate_size", N(768)),
            ("num_experts", N(128)),
            ("num_experts_per_tok", N(8)),
            ("decoder_sparse_step", N(1)),
            ("use_sliding_window", B(false)),
        ],
    ),
    // Gemma2Config: 256-wide heads, a 4,096-token window on every other layer.
    (
        "gemma2",
        &[
            ("vocab_size", N(256000)),
            ("intermediate_size", N(9216)),
            ("num_key_value_heads", N(4)),
            ("head_dim", N(256)),
            ("sliding_window", N(4096)),
        ],
    ),
    // Gemma3TextConfig: five sliding layers to one global.
    (
        "gemma3_text",
        &[
            ("vocab_size", N(262208)),
            ("intermediate_size", N(9216)),
            ("num_key_value_heads", N(4)),
            ("head_dim", N(256)),
            ("sliding_window", N(4096)),
            ("sliding_window_pattern", N(6)),
        ],
    ),
    // Phi3Config: KV heads derived, no window.
    (
        "phi3",
        &[("vocab_size", N(32064)), ("intermediate_size", N(8192))],
    ),
    // DeepseekV3Config: MLA ranks and head widths, 256 routed experts and a shared one, three
    // dense layers first.
    (
        "deepseek_v3",
        &[
            ("vocab_size", N(129280)),
            ("intermediate_size", N(18432)),
            ("moe_intermediate_size", N(2048)),
            ("num_key_value_heads", N(128)),
            ("n_shared_experts", N(1)),
            ("n_routed_experts", N(256)),
            ("num_experts_per_tok", N(8)),
            ("first_k_dense_replace", N(3)),
            ("kv_lora_rank", N(512)),
            ("q_lora_rank", N(1536)),
            ("qk_rope_head_dim", N(64)),
            ("qk_nope_head_dim", N(128)),
            ("v_head_dim", N(128)),
        ],
    ),
];

/// The model's scale by type: `hidden_size`, `num_hidden_layers`, `num_attention_heads` (the
/// same classes as [`TABLE`]).
const SCALE: &[(&str, u64, u64, u64)] = &[
    ("llama", 4096, 32, 32),
    ("mistral", 4096, 32, 32),
    ("mixtral", 4096, 32, 32),
    ("qwen2", 4096, 32, 32),
    ("qwen3", 4096, 32, 32),
    ("qwen3_moe", 2048, 24, 32),
    ("gemma2", 2304, 26, 8),
    ("gemma3_text", 2304, 26, 8),
    ("phi3", 3072, 32, 32),
    ("deepseek_v3", 7168, 61, 128),
];

/// Other spellings of a key (transformers' `attribute_map`): present under any of them, the
/// field is given.
const ALIASES: &[&[&str]] = &[
    &[
        "num_local_experts",
        "num_experts",
        "n_routed_experts",
        "moe_num_experts",
    ],
    &["sliding_window", "attention_window"],
    // `layer_types` supersedes the period.
    &["sliding_window_pattern", "layer_types"],
];

/// The text model's `model_type` when a wrapper's `text_config` does not say it: Gemma 3's
/// `Gemma3TextConfig`, DeepSeek-VL2's (and OCR's) `DeepseekV2Config`.
const TEXT_TYPE_OF_WRAPPER: &[(&str, &str)] =
    &[("gemma3", "gemma3_text"), ("deepseek_vl_v2", "deepseek_v2")];

/// The `model_type` of the text model a wrapper of type `wrapper` builds when its text config
/// does not name one (the wrapper's own type when not known).
pub(super) fn text_type_of(wrapper: &str) -> &str {
    TEXT_TYPE_OF_WRAPPER
        .iter()
        .find(|(w, _)| *w == wrapper)
        .map_or(wrapper, |(_, t)| t)
}

/// Fills in `value` (a config) the fields its text model's type defines and the config does
/// not give; one warning per field filled.
pub(super) fn fill(value: &mut Value) -> Vec<ImportWarning> {
    let Some(top) = value.as_object_mut() else {
        return Vec::new();
    };
    let wrapper = top
        .get("model_type")
        .and_then(|v| v.as_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let inner = ["text_config", "language_config"]
        .into_iter()
        .find(|k| top.get(*k).is_some_and(|v| v.is_object()));
    // What the wrapper gives counts as given (the importer reads it as a fallback).
    let outer: Map<String, Value> = match inner {
        Some(_) => top.clone(),
        None => Map::new(),
    };
    let text = match inner {
        Some(k) => top.get_mut(k).and_then(|v| v.as_object_mut()),
        None => Some(top),
    };
    let Some(text) = text else {
        return Vec::new();
    };
    let model_type = match text.get("model_type").and_then(|v| v.as_str()) {
        Some(t) => t.to_ascii_lowercase(),
        None if inner.is_some() => text_type_of(&wrapper).to_string(),
        None => wrapper,
    };
    let Some((_, defaults)) = TABLE.iter().find(|(t, _)| *t == model_type) else {
        return Vec::new();
    };
    let given = |m: &Map<String, Value>, key: &str| -> bool {
        let spellings = ALIASES
            .iter()
            .find(|a| a.contains(&key))
            .copied()
            .unwrap_or(std::slice::from_ref(&key));
        spellings
            .iter()
            .any(|k| m.contains_key(*k) || outer.contains_key(*k))
    };
    let heads = text
        .get("num_attention_heads")
        .or_else(|| outer.get("num_attention_heads"))
        .and_then(|v| v.as_u64());
    let scale = SCALE
        .iter()
        .find(|(t, ..)| *t == model_type)
        .map(|(_, h, l, a)| {
            vec![
                ("hidden_size", N(*h)),
                ("num_hidden_layers", N(*l)),
                ("num_attention_heads", N(*a)),
            ]
        })
        .unwrap_or_default();
    let heads = heads.or(scale.get(2).and_then(|(_, d)| match d {
        N(a) => Some(*a),
        B(_) => None,
    }));
    let mut warnings = Vec::new();
    for (key, default) in scale.iter().chain(defaults.iter()) {
        if given(text, key) {
            continue;
        }
        let v = match *default {
            // More KV heads than heads is no model: the importer's own rule (KV = heads) then.
            N(kv) if *key == "num_key_value_heads" && heads.is_some_and(|h| kv > h) => continue,
            N(x) => Value::from(x),
            B(b) => Value::from(b),
        };
        warnings.push(ImportWarning::DefaultTaken {
            key: key.to_string(),
            value: v.to_string(),
            model_type: model_type.clone(),
        });
        text.insert(key.to_string(), v);
    }
    warnings
}
