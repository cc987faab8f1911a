//! Hugging Face config.json import: Llama, Mixtral, DeepSeek-V3, Gemma-3 (multimodal wrapper),
//! gpt-oss layer_types, Qwen2.5's disabled window, and errors that name the missing fields.

use inference_sizer::model::import::{from_config_json, ImportError, SizeEffect, Unsupported};
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
    // A type whose configuration class the importer does not know: nothing to default from.
    let err = from_config_json(
        r#"{"model_type": "my_model", "hidden_size": 4096, "num_hidden_layers": "32"}"#,
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

// --- In Spanish ---------------------------------------------------------------------------

use inference_sizer::model::import::{ImportWarning, JsonSyntax, MissingField};

/// Words of the English messages that must not survive in a Spanish one (not those Spanish
/// shares: no, multimodal, audio). Quoted keys and values (between backticks) and names such as
/// JSON, FFN, MoE or config.json are left aside.
const ENGLISH: &str = "\
    the is are not of and or with at line column this valid expected value while parsing must \
    be object lacks fields size depends on hidden layer layers count attention heads \
    vocabulary experts expert per width dense whole number ignored text model models sized \
    vision towers counted present those absent assumed equal shared lists every default \
    unknown has entries other than full config pattern treated sliding biases few thousand \
    parameters checkpoint quantised pick matching weight format type formula trailing comma \
    characters EOF list string invalid escape";

#[path = "support/spanish.rs"]
mod spanish;

/// The English words left in `text`, outside backticks (`config.json` is a file name).
/// File and key names a Spanish sentence quotes as they are.
const FILE_NAMES: &[&str] = &[
    "config.json",
    "model.safetensors.index.json",
    "metadata.total_size",
];

fn english_words_in(text: &str) -> Vec<String> {
    spanish::english_words_in(text, ENGLISH, FILE_NAMES)
}

#[track_caller]
fn assert_spanish(text: &str) {
    spanish::assert_no_english(text, ENGLISH, FILE_NAMES);
}

/// One of each warning; the match makes a new variant fail to compile here until it is listed.
fn every_warning() -> Vec<ImportWarning> {
    use ImportWarning::*;
    let all = vec![
        NotWholeNumber {
            key: "num_hidden_layers".into(),
            value: "2.5".into(),
        },
        NotBoolean {
            key: "tie_word_embeddings".into(),
            value: "\"yes\"".into(),
        },
        MultimodalTextOnly,
        TowersNotCounted,
        KvHeadsAssumed,
        SharedExpertNotCounted,
        MlpOnlyLayers { count: 1 },
        MlpOnlyLayers { count: 3 },
        SparseStep { step: 2 },
        TiedAssumed {
            tied: true,
            model_type: "gemma3".into(),
        },
        TiedAssumed {
            tied: false,
            model_type: String::new(),
        },
        LayerTypesOther,
        LayerTypesCount {
            listed: 1200,
            layers: 1000,
        },
        WindowWithoutPattern { window: 4096 },
        AttentionBias,
        MlpBias,
        Quantised {
            method: Some("awq".into()),
        },
        Quantised { method: None },
        LlamaFormula {
            model_type: "falcon".into(),
        },
        TiedBaseDefault {
            model_type: "my_model".into(),
        },
        NotModelled {
            key: "altup_num_inputs".into(),
            effect: SizeEffect::WeightsUnder,
        },
        NotModelled {
            key: "cross_attention_layers".into(),
            effect: SizeEffect::WeightsAndCache,
        },
        NotModelled {
            key: "sliding_window_layers".into(),
            effect: SizeEffect::Cache,
        },
        UnknownKey {
            key: "num_memory_slots".into(),
            value: "64".into(),
        },
        PerLayerMean {
            key: "intermediate_size".into(),
            used: 12_288,
        },
        MoeLayersEnd {
            end: 20,
            layers: 28,
        },
        DefaultTaken {
            key: "num_attention_heads".into(),
            value: "8".into(),
            model_type: "gemma3_text".into(),
        },
        DefaultTaken {
            key: "use_sliding_window".into(),
            value: "false".into(),
            model_type: "qwen2".into(),
        },
    ];
    for w in &all {
        match w {
            NotWholeNumber { .. } | NotBoolean { .. } | MultimodalTextOnly | TowersNotCounted => {}
            KvHeadsAssumed | SharedExpertNotCounted | MlpOnlyLayers { .. } | SparseStep { .. } => {}
            TiedAssumed { .. } | LayerTypesOther | LayerTypesCount { .. } => {}
            WindowWithoutPattern { .. } | AttentionBias | MlpBias | Quantised { .. } => {}
            LlamaFormula { .. } | TiedBaseDefault { .. } | NotModelled { .. } => {}
            UnknownKey { .. } | PerLayerMean { .. } | MoeLayersEnd { .. } => {}
            CheckpointCount { .. } | DefaultTaken { .. } => {}
        }
    }
    all
}

fn every_error() -> Vec<ImportError> {
    use MissingField::*;
    let all_fields = vec![
        Hidden,
        Layers,
        Heads,
        Vocab,
        ExpertsPerToken,
        ExpertFfn,
        Ffn,
        Mla("kv_lora_rank"),
        DenseLayerFfn,
    ];
    let mut errors: Vec<ImportError> = ["not json", "{\"a\": ", "{\"a\":1,}", "{\"a\" 1}", "[1,}"]
        .iter()
        .map(|t| from_config_json(t).unwrap_err())
        .collect();
    errors.push(ImportError::NotObject);
    errors.push(ImportError::Missing(all_fields));
    errors.push(ImportError::NotCheckpoint);
    errors.push(ImportError::Unsupported {
        model_type: "t5".into(),
        why: Unsupported::EncoderDecoder,
    });
    errors.push(ImportError::Unsupported {
        model_type: "lfm2".into(),
        why: Unsupported::LayerKind("conv".into()),
    });
    errors
}

#[test]
fn every_warning_and_error_has_a_spanish_sentence_with_no_english_left() {
    for w in every_warning() {
        let (en, es) = (w.sentence(Lang::En), w.sentence(Lang::Es));
        assert_ne!(en, es);
        assert_eq!(w.to_string(), en, "Display is the English sentence");
        assert_spanish(&es);
    }
    for e in every_error() {
        let (en, es) = (e.message(Lang::En), e.message(Lang::Es));
        assert_ne!(en, es);
        assert_eq!(e.to_string(), en, "Display is the English message");
        assert_spanish(&es);
    }
    // The check itself catches an English sentence.
    assert!(!english_words_in(&every_warning()[2].sentence(Lang::En)).is_empty());
}

#[test]
fn text_that_is_not_json_is_refused_in_spanish_with_its_position() {
    let es = |t: &str| from_config_json(t).unwrap_err().message(Lang::Es);
    assert_eq!(
        es("not json"),
        "esto no es JSON válido (se esperaba `true`, `false` o `null` en la línea 1, columna 2)"
    );
    assert_eq!(
        es("{\"hidden_size\": "),
        "esto no es JSON válido (el texto se acaba donde se esperaba un valor en la línea 1, columna 16)"
    );
    assert_eq!(
        es("{\"a\": 1,}"),
        "esto no es JSON válido (coma sobrante en la línea 1, columna 9)"
    );
    assert_eq!(es("[1,2]"), "config.json debe ser un objeto JSON { ... }");
    // English keeps serde_json's own words.
    assert_eq!(
        from_config_json("not json").unwrap_err().to_string(),
        "this is not valid JSON (expected ident at line 1 column 2)"
    );
    // A position past the thousands is written the Spanish way.
    let long = format!("{{\"a\": \"{}\", }}", "x".repeat(1500));
    let ImportError::NotJson(JsonSyntax { column, .. }) = from_config_json(&long).unwrap_err()
    else {
        panic!("not a JSON error")
    };
    assert_eq!(column, 1511);
    assert!(
        es(&long).ends_with("en la línea 1, columna 1.511)"),
        "{}",
        es(&long)
    );
}

#[test]
fn missing_fields_are_named_in_spanish() {
    let err = from_config_json(
        r#"{"model_type": "my_model", "hidden_size": 4096, "num_hidden_layers": "32"}"#,
    )
    .unwrap_err();
    assert_eq!(
        err.message(Lang::Es),
        "faltan en config.json campos de los que depende el tamaño: \
         número de capas (`num_hidden_layers`, `n_layer` o `n_layers`); \
         cabezas de atención (`num_attention_heads`, `n_head` o `n_heads`); \
         tamaño del vocabulario (`vocab_size`); \
         anchura de la FFN (`intermediate_size`, `ffn_dim` o `hidden_dim`)"
    );
    assert_eq!(
        err.to_string(),
        "config.json lacks fields the size depends on: \
         layer count (`num_hidden_layers`, `n_layer` or `n_layers`); \
         attention heads (`num_attention_heads`, `n_head` or `n_heads`); \
         vocabulary size (`vocab_size`); \
         FFN width (`intermediate_size`, `ffn_dim` or `hidden_dim`)"
    );
}

/// The warnings of a config that imports, in Spanish.
#[track_caller]
fn spanish_warnings(json: &str) -> Vec<String> {
    let i = from_config_json(json).unwrap_or_else(|e| panic!("{e}"));
    i.warnings.iter().map(|w| w.sentence(Lang::Es)).collect()
}

#[test]
fn an_unknown_architecture_and_absurd_values_are_warned_in_spanish() {
    let warnings = spanish_warnings(
        r#"{"model_type": "falcon", "hidden_size": 64, "num_hidden_layers": 2,
        "num_attention_heads": 4, "num_key_value_heads": 2.5, "vocab_size": 100,
        "intermediate_size": 128, "tie_word_embeddings": "yes", "sliding_window": 16}"#,
    );
    assert_eq!(
        warnings,
        [
            "`num_key_value_heads` = 2.5 no es un número entero no negativo; se ignora",
            "falta `num_key_value_heads`: se supone igual al número de cabezas de atención (MHA)",
            "`tie_word_embeddings` = \"yes\" no es `true` ni `false`; se ignora",
            "falta `tie_word_embeddings`: se supone `true` (el valor por defecto de los modelos `falcon`)",
            "`sliding_window` = 16 sin patrón de capas: todas las capas se tratan como de ventana deslizante",
            "el tipo de modelo `falcon` se dimensiona con la fórmula densa de Llama",
        ]
    );
    let moe = spanish_warnings(
        r#"{"model_type": "qwen2_moe", "hidden_size": 64, "num_hidden_layers": 3,
        "num_attention_heads": 4, "num_key_value_heads": 4, "vocab_size": 100, "num_experts": 4,
        "num_experts_per_tok": 2, "intermediate_size": 16, "mlp_only_layers": [1],
        "tie_word_embeddings": false, "quantization_config": {}}"#,
    );
    // `mlp_only_layers` is now counted (one dense layer), so it is no longer warned about.
    assert_eq!(
        moe,
        [
            "`quantization_config` (método desconocido): los pesos publicados están cuantizados; elija el formato de pesos que les corresponde",
        ]
    );
    assert_eq!(
        ImportWarning::LayerTypesCount {
            listed: 1200,
            layers: 1000
        }
        .sentence(Lang::Es),
        "`layer_types` indica 1.200 capas y la configuración tiene 1.000"
    );
}

/// The text model of Llama 4 Scout's config (aiconfigurator@095f58a5 copy of
/// meta-llama/Llama-4-Scout-17B-16E-Instruct, `text_config`).
const LLAMA_4_SCOUT: &str = r#"{
  "architectures": ["Llama4ForConditionalGeneration"], "model_type": "llama4",
  "text_config": {"model_type": "llama4_text", "hidden_size": 5120, "intermediate_size": 8192,
    "intermediate_size_mlp": 16384, "num_attention_heads": 40, "num_key_value_heads": 8,
    "head_dim": 128, "num_hidden_layers": 48, "num_local_experts": 16, "num_experts_per_tok": 1,
    "interleave_moe_layer_step": 1, "vocab_size": 202048, "max_position_embeddings": 10485760,
    "attention_chunk_size": 8192, "no_rope_layers": [1,1,1,0,1,1,1,0,1,1,1,0,1,1,1,0,1,1,1,0,1,1,1,0,
    1,1,1,0,1,1,1,0,1,1,1,0,1,1,1,0,1,1,1,0,1,1,1,0], "use_qk_norm": true,
    "tie_word_embeddings": false},
  "_name_or_path": "meta-llama/Llama-4-Scout-17B-16E-Instruct"
}"#;

#[test]
fn a_llama_4_config_reads_its_shared_expert_and_chunked_layers() {
    let (a, _) = import(LLAMA_4_SCOUT);
    assert_eq!(a.family, ArchFamily::Moe);
    assert_eq!((a.shared_experts, a.ffn, a.moe_ffn), (1, 16384, 8192));
    assert_eq!(
        (a.attention_chunk, a.global_layers(), a.local_layers()),
        (8192, 12, 36)
    );
    // The text model: 107,769,861,120 (the preset adds the vision tower's 871,932,416).
    let p = param_counts(&a);
    assert_eq!((p.total, p.active), (107_769_861_120, 17_172_894_720));
    assert_eq!(a.name, "meta-llama/Llama-4-Scout-17B-16E-Instruct");
    assert_eq!(a.max_position, 10_485_760);
    // Same cache as the preset: 12 global layers, 36 chunked at 8,192.
    let preset_kv = kv_shape(&presets::preset("llama-4-scout").unwrap(), KvType::Bf16);
    assert_eq!(kv_shape(&a, KvType::Bf16), preset_kv);
    // Maverick: MoE on every second layer, the others dense of 16,384.
    let maverick = LLAMA_4_SCOUT
        .replace("\"num_local_experts\": 16", "\"num_local_experts\": 128")
        .replace(
            "\"interleave_moe_layer_step\": 1",
            "\"interleave_moe_layer_step\": 2",
        );
    let (m, _) = import(&maverick);
    assert_eq!(param_counts(&m).total, 400_711_848_960);
}

#[test]
fn a_qwen3_next_config_reads_its_linear_attention_layers() {
    let (a, warnings) = import(
        r#"{"architectures": ["Qwen3NextForCausalLM"], "model_type": "qwen3_next",
        "hidden_size": 2048, "intermediate_size": 5120, "num_attention_heads": 16,
        "num_key_value_heads": 2, "head_dim": 256, "num_hidden_layers": 48, "vocab_size": 151936,
        "num_experts": 512, "num_experts_per_tok": 10, "moe_intermediate_size": 512,
        "shared_expert_intermediate_size": 512, "full_attention_interval": 4,
        "linear_num_key_heads": 16, "linear_num_value_heads": 32, "linear_key_head_dim": 128,
        "linear_value_head_dim": 128, "linear_conv_kernel_dim": 4, "decoder_sparse_step": 1,
        "mlp_only_layers": [], "max_position_embeddings": 262144, "tie_word_embeddings": false,
        "_name_or_path": "Qwen/Qwen3-Next-80B-A3B-Instruct"}"#,
    );
    assert_eq!(a.family, ArchFamily::HybridLinear);
    assert!(warnings.is_empty(), "{warnings:?}");
    let p = param_counts(&a);
    assert_eq!((p.total, p.active), (79_674_391_296, 3_874_929_408));
    let s = kv_shape(&a, KvType::Bf16);
    assert_eq!(
        (s.global_per_token, s.state_per_seq),
        (24_576.0, 19_759_104.0)
    );
}

#[test]
fn deepseek_v3_2_phi_4_mini_glm_and_a_reranker_read_their_details() {
    let (v32, _) = import(
        r#"{"architectures": ["DeepseekV32ForCausalLM"], "model_type": "deepseek_v32",
        "hidden_size": 7168, "intermediate_size": 18432, "moe_intermediate_size": 2048,
        "num_hidden_layers": 61, "num_attention_heads": 128, "num_key_value_heads": 128,
        "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8,
        "first_k_dense_replace": 3, "kv_lora_rank": 512, "q_lora_rank": 1536,
        "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128, "vocab_size": 129280,
        "index_n_heads": 64, "index_head_dim": 128, "index_topk": 2048,
        "num_nextn_predict_layers": 1, "tie_word_embeddings": false}"#,
    );
    assert_eq!(param_counts(&v32).total, 671_877_944_064);
    assert_eq!(kv_bytes_per_token(&v32, KvType::Bf16), 78_324.0);
    let (phi, _) = import(
        r#"{"architectures": ["Phi3ForCausalLM"], "model_type": "phi3", "hidden_size": 3072,
        "intermediate_size": 8192, "num_attention_heads": 24, "num_key_value_heads": 8,
        "num_hidden_layers": 32, "vocab_size": 200064, "tie_word_embeddings": true,
        "max_position_embeddings": 131072, "sliding_window": 262144}"#,
    );
    assert!(phi.fused_qkv && phi.fused_gate_up);
    assert_eq!(param_counts(&phi).total, 3_836_021_760);
    let (air, warnings) = import(
        r#"{"architectures": ["Glm4MoeForCausalLM"], "model_type": "glm4_moe",
        "hidden_size": 4096, "intermediate_size": 10944, "moe_intermediate_size": 1408,
        "num_attention_heads": 96, "num_key_value_heads": 8, "head_dim": 128,
        "num_hidden_layers": 46, "n_routed_experts": 128, "n_shared_experts": 1,
        "num_experts_per_tok": 8, "first_k_dense_replace": 1, "vocab_size": 151552,
        "attention_bias": true, "use_qk_norm": false, "tie_word_embeddings": false,
        "max_position_embeddings": 131072}"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(param_counts(&air).total, 106_852_251_264);
    let (rr, _) = import(
        r#"{"architectures": ["XLMRobertaForSequenceClassification"], "model_type": "xlm-roberta",
        "hidden_size": 1024, "intermediate_size": 4096, "num_attention_heads": 16,
        "num_hidden_layers": 24, "vocab_size": 250002, "type_vocab_size": 1,
        "max_position_embeddings": 8194, "id2label": {"0": "LABEL_0"}}"#,
    );
    assert_eq!(rr.classifier_labels, 1);
    assert_eq!(param_counts(&rr).total, 567_755_777);
}

/// `sizer --config FILE`: the page's import from the command line, the model's own name and
/// context limit in the report; a refused file exits 2 with the reason.
#[test]
fn the_command_line_imports_a_config_file() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("sizer-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.json");
    // Mistral Nemo with a vocabulary no preset has: written as overrides with its name.
    let config = r#"{"architectures": ["MistralForCausalLM"], "model_type": "mistral",
        "hidden_size": 5120, "intermediate_size": 14336, "num_attention_heads": 32,
        "num_key_value_heads": 8, "head_dim": 128, "num_hidden_layers": 40, "vocab_size": 131080,
        "max_position_embeddings": 128000, "tie_word_embeddings": false,
        "_name_or_path": "my-org/nemo-tuned"}"#;
    std::fs::write(&path, config).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args([
            "--compact",
            "--config",
            path.to_str().unwrap(),
            "ctx=200000",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["model"]["name"], "my-org/nemo-tuned");
    // 5120·131080·2 + 40·(2·5120·4096 + 2·5120·1024 + 3·5120·14336 + 2·5120) + 5120.
    let params = 2 * 5120 * 131_080u64
        + 40 * (2 * 5120 * 4096 + 2 * 5120 * 1024 + 3 * 5120 * 14_336 + 2 * 5120)
        + 5120;
    assert_eq!(report["model"]["params"], params);
    // The context limit is the model's, and a longer ctx is said to exceed it.
    assert_eq!(report["memory"]["headroom"]["context_limit"], 128_000);
    std::fs::write(&path, "{not json").unwrap();
    let bad = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args(["--config", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("was refused"));
    let help = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("--config FILE") && help.contains("--gguf FILE"));
    std::fs::remove_dir_all(&dir).ok();
}
