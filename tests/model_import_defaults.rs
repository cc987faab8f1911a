//! A field the config does not give is the default of its `model_type`'s configuration class in
//! Hugging Face transformers (`configuration_<type>.py`), said in a warning per field; a field
//! the config gives is never replaced; a type the importer does not know is refused naming what
//! it lacks (tests/model_import.rs).

use inference_sizer::catalog::Catalog;
use inference_sizer::model::import::{from_config_json, ImportWarning};
use inference_sizer::model::*;
use inference_sizer::scenario::{import_into, resolve_model, Lang, Scenario};

fn corpus(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/configs/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The keys taken from a default, in the order they were taken.
fn defaulted(w: &[ImportWarning]) -> Vec<String> {
    w.iter()
        .filter_map(|w| match w {
            ImportWarning::DefaultTaken { key, .. } => Some(key.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn gemma_3_4b_takes_its_heads_head_width_and_vocabulary_from_gemma3_text_config() {
    // google/gemma-3-4b-it's `text_config` gives only hidden 2,560, FFN 10,240, 34 layers and a
    // 1,024-token window (tests/data/cases/SOURCES.md); `Gemma3TextConfig` defines the rest:
    // 8 heads, 4 KV heads, head width 256, vocabulary 262,208, five sliding layers to one global.
    //   embedding 262,208 x 2,560 = 671,252,480 (tied)
    //   layer = q 2560 x 2048 + k, v 2 x 2560 x 1024 + o 2048 x 2560 = 15,728,640
    //         + MLP 3 x 2560 x 10240 = 78,643,200 + 4 norms 10,240 + q/k norms 512 = 94,382,592
    //   text = 671,252,480 + 34 x 94,382,592 + 2,560 = 3,880,263,168
    //   SigLIP 416,866,032 + projector 1152 x 2560 + 1152 = 419,816,304
    //   total 4,300,079,472 (Gemma 3 report: 417M + 675M + 3,209M = 4.30B)
    let i = from_config_json(&corpus("gemma-3-4b-it")).unwrap();
    let a = &i.arch;
    assert_eq!(
        defaulted(&i.warnings),
        [
            "num_attention_heads",
            "vocab_size",
            "num_key_value_heads",
            "head_dim",
            "sliding_window_pattern"
        ]
    );
    assert_eq!(
        (a.heads, a.kv_heads, a.head_dim, a.vocab),
        (8, 4, Some(256), 262_208)
    );
    assert_eq!(param_counts(a).total, 4_300_079_472);
    assert_eq!(a.extra_params, 419_816_304);
    // Layers 5, 11, 17, 23 and 29 are global: 5 x 2 (K, V) x 4 heads x 256 x 2 bytes = 20,480
    // bytes a token; the 29 others keep 1,024 tokens.
    assert_eq!(a.global_layers(), 5);
    assert_eq!(kv_bytes_per_token(a, KvType::F16), 20_480.0);
    assert_eq!(a.local_span(), 1024);
    // Each default is said, in both languages.
    let heads = &i.warnings[0];
    assert_eq!(
        heads.sentence(Lang::En),
        "`num_attention_heads` absent: `8`, the default of `gemma3_text` in transformers, is used"
    );
    assert_eq!(
        heads.sentence(Lang::Es),
        "falta `num_attention_heads`: se usa `8`, el valor por defecto de `gemma3_text` en transformers"
    );
    // The link carries every field, the defaulted ones too.
    let catalog = Catalog::builtin();
    let mut s = Scenario::default();
    import_into(&mut s, a, &catalog);
    let back = resolve_model(
        &Scenario::from_query(&s.to_query()).0,
        &catalog,
        Lang::En,
        &mut Vec::new(),
    );
    assert_eq!(param_counts(&back), param_counts(a));
    assert_eq!(kv_shape(&back, KvType::F16), kv_shape(a, KvType::F16));
}

#[test]
fn a_given_field_is_never_replaced_by_a_default() {
    // The same config with every field given: no default taken, the same model.
    let full = corpus("gemma-3-4b-it").replace(
        "\"hidden_size\": 2560,",
        "\"hidden_size\": 2560, \"num_attention_heads\": 8, \"num_key_value_heads\": 4,
         \"head_dim\": 256, \"vocab_size\": 262208, \"sliding_window_pattern\": 6,",
    );
    let i = from_config_json(&full).unwrap();
    assert_eq!(defaulted(&i.warnings), Vec::<String>::new());
    assert_eq!(param_counts(&i.arch).total, 4_300_079_472);
    // A value other than the default stays: 16 heads of 256 double q and o (2 x 2048 x 2560
    // = 10,485,760 more a layer, 34 layers: +356,515,840).
    let wider = corpus("gemma-3-4b-it").replace(
        "\"hidden_size\": 2560,",
        "\"hidden_size\": 2560, \"num_attention_heads\": 16,",
    );
    let i = from_config_json(&wider).unwrap();
    assert_eq!(i.arch.heads, 16);
    assert_eq!(param_counts(&i.arch).total, 4_300_079_472 + 356_515_840);
    // `null` is given: Mistral's `sliding_window: null` is no window, not the class's 4,096.
    let i = from_config_json(&corpus("dolphin3-mistral-24b")).unwrap();
    assert_eq!(i.arch.window, 0);
    assert_eq!(defaulted(&i.warnings), Vec::<String>::new());
}

#[test]
fn qwen2_keeps_its_window_off_unless_the_config_turns_it_on() {
    // `Qwen2Config.use_sliding_window` is false: a window given without the flag is not used.
    let cfg = r#"{"model_type": "qwen2", "hidden_size": 3584, "intermediate_size": 18944,
        "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
        "vocab_size": 152064, "sliding_window": 4096, "tie_word_embeddings": false}"#;
    let i = from_config_json(cfg).unwrap();
    assert_eq!(defaulted(&i.warnings), ["use_sliding_window"]);
    assert_eq!(i.arch.window, 0);
    // Turned on, the layers from `max_window_layers` (Qwen2Config: 28) on slide: none of 28;
    // with `max_window_layers` 20, the last 8.
    let on = cfg.replace(
        "\"sliding_window\"",
        "\"use_sliding_window\": true, \"sliding_window\"",
    );
    let i = from_config_json(&on).unwrap();
    assert_eq!((i.arch.window, i.arch.global_layers()), (4096, 28));
    let on = on.replace(
        "\"sliding_window\"",
        "\"max_window_layers\": 20, \"sliding_window\"",
    );
    let i = from_config_json(&on).unwrap();
    assert_eq!((i.arch.global_layers(), i.arch.local_layers()), (20, 8));
}

#[test]
fn mistral_takes_eight_kv_heads_and_a_window_on_every_layer() {
    // An old Mistral-7B config without `num_key_value_heads` and `sliding_window`:
    // `MistralConfig` gives 8 KV heads and 4,096 tokens, every layer sliding (no warning on a
    // missing pattern: that is the architecture).
    //   KV per token within the window: 32 layers x 2 x 8 x 128 x 2 bytes = 131,072
    let i = from_config_json(
        r#"{"model_type": "mistral", "hidden_size": 4096, "intermediate_size": 14336,
        "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000,
        "tie_word_embeddings": false}"#,
    )
    .unwrap();
    assert_eq!(
        defaulted(&i.warnings),
        ["num_key_value_heads", "sliding_window"]
    );
    assert!(
        !i.warnings.iter().any(|w| matches!(
            w,
            ImportWarning::WindowWithoutPattern { .. } | ImportWarning::KvHeadsAssumed
        )),
        "{:?}",
        i.warnings
    );
    let a = &i.arch;
    assert_eq!((a.kv_heads, a.window, a.global_layers()), (8, 4096, 0));
    assert_eq!(kv_shape(a, KvType::F16).local_per_cell, 131_072.0);
    // Mistral-7B: 7,241,732,096 parameters.
    assert_eq!(param_counts(a).total, 7_241_732_096);
}

#[test]
fn more_kv_heads_than_heads_is_not_taken_from_a_default() {
    // `Qwen2Config` defaults to 32 KV heads; with 16 heads that is no model: KV = heads, said.
    let i = from_config_json(
        r#"{"model_type": "qwen2", "hidden_size": 2048, "intermediate_size": 11008,
        "num_hidden_layers": 36, "num_attention_heads": 16, "vocab_size": 151936,
        "tie_word_embeddings": true, "use_sliding_window": false}"#,
    )
    .unwrap();
    assert_eq!(i.arch.kv_heads, 16);
    assert_eq!(defaulted(&i.warnings), Vec::<String>::new());
    assert!(i.warnings.contains(&ImportWarning::KvHeadsAssumed));
}

#[test]
fn a_text_config_naming_only_its_type_is_that_class_s_model() {
    // Salesforce xgen-mm (phi3): `text_config` is {"model_type": "phi3", "sliding_window":
    // 2047, ...}; transformers builds `Phi3Config()`, Phi-3-mini (3,072 wide, 32 layers, 32
    // heads, FFN 8,192, vocabulary 32,064): the count of microsoft/Phi-3-mini-4k-instruct's own
    // config, 3,821,079,552. Its towers are not counted, and said.
    let i = from_config_json(&corpus("xgen-mm-phi3")).unwrap();
    let mini = from_config_json(&corpus("phi-3-mini-4k")).unwrap();
    assert_eq!(param_counts(&i.arch).total, 3_821_079_552);
    assert_eq!(param_counts(&mini.arch).total, 3_821_079_552);
    assert_eq!(
        defaulted(&i.warnings),
        [
            "hidden_size",
            "num_hidden_layers",
            "num_attention_heads",
            "vocab_size",
            "intermediate_size"
        ]
    );
    assert!(
        i.warnings.contains(&ImportWarning::MultimodalTextOnly),
        "{:?}",
        i.warnings
    );
}

#[test]
fn deepseek_ocr_2_s_language_config_is_deepseek_v2_and_unties_its_head() {
    // DeepSeek-OCR-2's `language_config` names no type: the `deepseek_vl_v2` wrapper builds a
    // `DeepseekV2Config`, untied (its index stores `lm_head.weight`). The text model:
    //   embedding and head 2 x 129,280 x 1,280 = 330,956,800
    //   12 layers of MHA without biases 4 x 1280^2 = 6,553,600 and two norms;
    //   layer 0 dense 3 x 1280 x 6848 = 26,296,320; 11 MoE layers of 64 experts of 896, two
    //   shared (1,792 wide) and the router: 64 x 3 x 1280 x 896 + 3 x 1280 x 1792 + 64 x 1280
    //   = 227,164,160; final norm 1,280
    //   = 2,934,734,080
    // DeepEncoder V2 (tests/model_import_towers.rs): 454,385,280. Total 3,389,119,360 against
    // the index's total_size / 2 = 3,389,624,704 (-0.015%).
    let i = from_config_json(&corpus("deepseek-ocr-2")).unwrap();
    assert!(!i.arch.tied);
    let p = param_counts(&i.arch);
    assert_eq!(p.total - i.arch.extra_params, 2_934_734_080);
    assert_eq!(i.arch.extra_params, 454_385_280);
    assert_eq!(p.total, 3_389_119_360);
}
