//! Hugging Face config.json import: Llama, Mixtral, DeepSeek-V3, Gemma-3 (multimodal wrapper),
//! gpt-oss layer_types, Qwen2.5's disabled window, and errors that name the missing fields.

use inference_sizer::model::import::{from_config_json, ImportError};
use inference_sizer::model::*;
use inference_sizer::scenario::Lang;

/// The model and its warnings in English.
#[track_caller]
fn import(json: &str) -> (ModelArch, Vec<String>) {
    let i = from_config_json(json).unwrap_or_else(|e| panic!("{e}"));
    let warnings = i.warnings.iter().map(|w| w.sentence(Lang::En)).collect();
    (i.arch, warnings)
}

const LLAMA_3_1_8B: &str = r#"{
  "architectures": ["LlamaForCausalLM"], "model_type": "llama",
  "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 128256,
  "max_position_embeddings": 131072, "tie_word_embeddings": false, "attention_bias": false,
  "rope_scaling": {"factor": 8.0, "rope_type": "llama3"}, "torch_dtype": "bfloat16"
}"#;

#[test]
fn a_llama_config_gives_the_exact_count_and_kv() {
    let (a, warnings) = import(LLAMA_3_1_8B);
    assert_eq!(a.family, ArchFamily::Dense);
    assert_eq!(param_counts(&a).total, 8_030_261_248);
    assert_eq!(kv_bytes_per_token(&a, KvType::F16), 131_072.0);
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn a_mixtral_config_is_moe_with_the_expert_width_from_intermediate_size() {
    let (a, _) = import(
        r#"{"architectures": ["MixtralForCausalLM"], "model_type": "mixtral", "hidden_size": 4096,
        "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32,
        "num_key_value_heads": 8, "vocab_size": 32000, "num_local_experts": 8,
        "num_experts_per_tok": 2, "sliding_window": null, "tie_word_embeddings": false}"#,
    );
    assert_eq!(a.family, ArchFamily::Moe);
    let p = param_counts(&a);
    assert_eq!((p.total, p.active), (46_702_792_704, 12_879_925_248));
    assert_eq!(a.window, 0);
}

#[test]
fn a_deepseek_v3_config_reads_mla_moe_and_mtp() {
    let (a, _) = import(
        r#"{"architectures": ["DeepseekV3ForCausalLM"], "model_type": "deepseek_v3",
        "hidden_size": 7168, "intermediate_size": 18432, "moe_intermediate_size": 2048,
        "num_hidden_layers": 61, "num_attention_heads": 128, "num_key_value_heads": 128,
        "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8,
        "first_k_dense_replace": 3, "kv_lora_rank": 512, "q_lora_rank": 1536,
        "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128, "vocab_size": 129280,
        "num_nextn_predict_layers": 1, "tie_word_embeddings": false,
        "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}}"#,
    );
    assert_eq!(a.family, ArchFamily::DeepseekMla);
    let p = param_counts(&a);
    assert_eq!(
        (p.total, p.active, p.mtp),
        (671_026_419_200, 37_552_297_472, 11_610_068_224)
    );
    assert_eq!(kv_bytes_per_token(&a, KvType::F16), 70_272.0);
    assert_eq!(a.native_quant, Some(Quant::Fp8));
}

#[test]
fn a_gemma_3_multimodal_config_sizes_its_text_model_with_the_window_pattern() {
    let (a, warnings) = import(
        r#"{"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
        "text_config": {"model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504,
          "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128,
          "num_hidden_layers": 62, "vocab_size": 262144, "sliding_window": 1024,
          "sliding_window_pattern": 6, "max_position_embeddings": 131072},
        "vision_config": {"hidden_size": 1152}}"#,
    );
    assert_eq!(param_counts(&a).total, 27_009_002_240);
    assert_eq!(kv_bytes_per_token(&a, KvType::F16), 81_920.0);
    assert!(a.tied, "Gemma ties its head by default");
    assert!(
        warnings.iter().any(|w| w.contains("vision")),
        "{warnings:?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("tie_word_embeddings")),
        "{warnings:?}"
    );
}

#[test]
fn layer_types_give_the_exact_global_layers() {
    let types: Vec<String> = (0..24)
        .map(|i| {
            if i % 2 == 0 {
                "\"sliding_attention\""
            } else {
                "\"full_attention\""
            }
            .to_string()
        })
        .collect();
    let json = format!(
        r#"{{"architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss", "hidden_size": 2880,
        "intermediate_size": 2880, "num_attention_heads": 64, "num_key_value_heads": 8, "head_dim": 64,
        "num_hidden_layers": 24, "num_local_experts": 32, "num_experts_per_tok": 4,
        "vocab_size": 201088, "sliding_window": 128, "tie_word_embeddings": false,
        "layer_types": [{}]}}"#,
        types.join(",")
    );
    let (a, _) = import(&json);
    assert_eq!(a.family, ArchFamily::GptOss);
    assert_eq!(a.global_layers(), 12);
    assert_eq!(param_counts(&a).total, 20_914_757_184);
    assert_eq!(kv_bytes_per_token(&a, KvType::F16), 24_576.0);
    assert_eq!(a.native_quant, Some(Quant::Mxfp4));
}

#[test]
fn qwen2_5_carries_a_window_it_does_not_use_and_qkv_biases() {
    let (a, _) = import(
        r#"{"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "hidden_size": 3584,
        "intermediate_size": 18944, "num_attention_heads": 28, "num_key_value_heads": 4,
        "num_hidden_layers": 28, "vocab_size": 152064, "sliding_window": 131072,
        "use_sliding_window": false, "tie_word_embeddings": false}"#,
    );
    assert_eq!(a.window, 0);
    assert_eq!(param_counts(&a).total, 7_615_616_512);
}

#[test]
fn a_bert_config_is_an_encoder() {
    let (a, _) = import(
        r#"{"architectures": ["BertModel"], "model_type": "bert", "hidden_size": 384,
        "intermediate_size": 1536, "num_attention_heads": 12, "num_hidden_layers": 6,
        "vocab_size": 30522, "max_position_embeddings": 512, "type_vocab_size": 2}"#,
    );
    assert_eq!(a.family, ArchFamily::Encoder);
    assert_eq!(param_counts(&a).total, 22_713_216);
}

#[test]
fn missing_fields_are_named_and_unreadable_ones_warned() {
    let err = from_config_json(
        r#"{"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": "32"}"#,
    )
    .unwrap_err();
    let ImportError::Missing(fields) = &err else {
        panic!("{err:?}")
    };
    let text = err.to_string();
    assert!(
        text.contains("num_hidden_layers") && text.contains("num_attention_heads"),
        "{text}"
    );
    assert!(
        text.contains("vocab_size") && text.contains("intermediate_size"),
        "{text}"
    );
    assert_eq!(fields.len(), 4);

    let (_, warnings) = import(
        r#"{"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
        "vocab_size": 32000, "intermediate_size": 11008, "num_key_value_heads": "eight",
        "mlp_bias": true}"#,
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("num_key_value_heads") && w.contains("\"eight\"")),
        "{warnings:?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("mlp_bias")),
        "{warnings:?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("tie_word_embeddings")),
        "{warnings:?}"
    );
}

#[test]
fn garbage_is_an_error_not_a_panic() {
    assert!(matches!(
        from_config_json("not json"),
        Err(ImportError::NotJson(_))
    ));
    assert_eq!(from_config_json("[1,2]"), Err(ImportError::NotObject));
    assert!(from_config_json(r#"{"hidden_size": -1, "num_hidden_layers": 1e300}"#).is_err());
}
