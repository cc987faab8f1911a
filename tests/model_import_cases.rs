//! The six configs issue 27 found sized wrongly without a word (tests/data/cases/, their sources
//! in SOURCES.md there), each sized through the share link the page writes, with the arithmetic;
//! and the zero fields a link must be able to say (`chunk=0`: no chunking).

use inference_sizer::catalog::Catalog;
use inference_sizer::model::import::{from_config_json, ImportWarning, Imported};
use inference_sizer::model::*;
use inference_sizer::scenario::{import_into, resolve_model, Lang, Scenario};

fn case(name: &str) -> Imported {
    let path = format!(
        "{}/tests/data/cases/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    from_config_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The model a share link carries after the import, and the link.
fn linked(arch: &ModelArch) -> (ModelArch, String) {
    let catalog = Catalog::builtin();
    let mut s = Scenario::default();
    import_into(&mut s, arch, &catalog);
    let query = s.to_query();
    let (back, warnings) = Scenario::from_query(&query);
    assert!(warnings.is_empty(), "{warnings:?}");
    (
        resolve_model(&back, &catalog, Lang::En, &mut Vec::new()),
        query,
    )
}

/// The import and the link agree on the count, the cache and the native format.
#[track_caller]
fn same_through_the_link(a: &ModelArch) -> String {
    let (l, query) = linked(a);
    assert_eq!(param_counts(&l), param_counts(a), "{query}");
    assert_eq!(
        kv_shape(&l, KvType::F16),
        kv_shape(a, KvType::F16),
        "{query}"
    );
    assert_eq!(l.native_quant, a.native_quant, "{query}");
    query
}

#[test]
fn ernie_4_5_reads_its_own_expert_keys() {
    let i = case("ernie-4.5-21b-a3b");
    let a = &i.arch;
    assert_eq!((a.experts, a.experts_active, a.shared_experts), (64, 6, 2));
    assert_eq!((a.moe_ffn, a.first_dense_layers), (1536, 1));
    // Tied embedding 103,424 x 2,560 = 264,765,440. Per layer: attention 2 x 2,560^2 +
    // 2 x 2,560 x 512 = 15,728,640 and two norms 5,120, x 28 = 440,545,280. Layer 0 dense:
    // 3 x 2,560 x 12,288 = 94,371,840. Layers 1-27: router 163,840 + its bias 64 + 64 experts
    // x 3 x 2,560 x 1,536 = 754,974,720 + two shared of 1,536: 3 x 2,560 x 3,072 = 23,592,960,
    // = 778,731,584, x 27 = 21,025,752,768. Final norm 2,560. Total 21,825,437,888: the card's
    // "21B" (a third-party fixture: "21.8B in all"); it used to be sized as a dense 3.3B.
    let p = param_counts(a);
    assert_eq!(p.total, 21_825_437_888);
    // Per token: 6 of 64 experts and both shared ones, ~3.35B (the card: 3B activated).
    assert_eq!(p.active, 3_352_150_208);
    // 28 layers x 2 x 4 KV heads x 128 x 2 bytes.
    assert_eq!(kv_bytes_per_token(a, KvType::F16), 57_344.0);
    assert!(i.warnings.is_empty(), "{:?}", i.warnings);
    same_through_the_link(a);
}

#[test]
fn dots_llm1_is_its_own_model_not_maverick() {
    let i = case("dots-llm1");
    let a = &i.arch;
    // DeepSeek-V3-style MoE with Qwen3-style q/k norms, full attention on every layer.
    assert!(a.qk_norm && a.router_bias);
    let p = param_counts(a);
    // 142,774,381,696: the card's 142B total, 14B activated.
    assert_eq!((p.total, p.active), (142_774_381_696, 14_016_588_928));
    // 62 layers x 2 x 32 x 128 x 2 bytes = 1,015,808 bytes a token at every context: no
    // chunking, no every-second-layer MoE carried over from a preset.
    let (l, query) = linked(a);
    assert_eq!((l.attention_chunk, l.moe_layer_step), (0, 0), "{query}");
    assert_eq!(kv_bytes_per_token_at(&l, KvType::F16, 32_768), 1_015_808.0);
    same_through_the_link(a);
}

#[test]
fn smollm3_and_aya_23_tie_by_their_types_default() {
    // SmolLM3-3B's published config has no `tie_word_embeddings`; SmolLM3Config ties by
    // default. Its safetensors index: total_size 6,150,197,248 = 2 x 3,075,098,624 parameters.
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/configs/smollm3-3b.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let smol = from_config_json(&text).unwrap();
    assert!(smol.arch.tied);
    assert_eq!(param_counts(&smol.arch).total, 3_075_098_624);
    // Aya-23 (CohereConfig ties by default; one LayerNorm a layer, attention and FFN in
    // parallel): 256,000 x 4,096 = 1,048,576,000 embedding, once; a layer 2 x 4,096^2 +
    // 2 x 4,096 x 1,024 + 3 x 4,096 x 14,336 + 4,096 = 218,107,904, x 32; final norm 4,096:
    // 8,028,033,024 (8.03B); untied it was 13% more.
    let aya = case("aya-23-8b");
    assert!(aya.arch.tied);
    assert_eq!(aya.arch.norms_per_layer, 1);
    assert_eq!(param_counts(&aya.arch).total, 8_028_033_024);
    assert_eq!(
        aya.warnings,
        [ImportWarning::TiedAssumed {
            tied: true,
            model_type: "cohere".into()
        }]
    );
    assert_eq!(
        aya.warnings[0].sentence(Lang::En),
        "`tie_word_embeddings` absent: assumed true (the default of `cohere` models)"
    );
    same_through_the_link(&aya.arch);
    same_through_the_link(&smol.arch);
}

#[test]
fn granite_4_h_keeps_a_cache_on_its_4_attention_layers_and_a_state_on_36_mamba_layers() {
    let i = case("granite-4.0-h-tiny");
    let a = &i.arch;
    assert_eq!((a.mamba_layers, a.attention_layers()), (36, 4));
    // Cache: 4 layers x 2 x 4 KV heads x 128 x 2 bytes = 8,192 bytes a token (40 layers' worth,
    // 81,920, before). State a sequence: 36 layers x (conv (3,072 + 2 x 128) x 3 + SSM 48 heads
    // x 64 x 128) = 36 x 403,200 = 14,515,200 values.
    let kv = kv_shape(a, KvType::F16);
    assert_eq!(kv.global_per_token, 8_192.0);
    assert_eq!(kv.state_per_seq, 14_515_200.0);
    // At 32k on vLLM (a 16-bit state): 8,192 x 32,768 + 2 x 14,515,200 = 297,465,856 bytes.
    assert_eq!(kv.seq_bytes(32_768.0), 297_465_856.0);
    // Parameters: a Mamba-2 layer in_proj 1,536 x (3,072 + 3,328 + 48) = 9,904,128, conv
    // 3,328 x 5 = 16,640, A/D/dt 144, norm 3,072, out_proj 4,718,592: 14,642,576, x 36 layers,
    // with attention on 4 layers, the MoE (64 x 512-wide experts, a 1,024 shared MLP) on all 40:
    // 6,939,037,248, the card's 7B (1B activated).
    let p = param_counts(a);
    assert_eq!((p.total, p.active), (6_939_037_248, 1_465_470_528));
    same_through_the_link(a);
}

#[test]
fn gemma_3n_shares_its_cache_and_names_what_it_does_not_count() {
    let i = case("gemma-3n-e4b");
    let a = &i.arch;
    // The last 15 of 35 layers reuse earlier caches: 20 keep one, 4 of them global
    // (the pattern is 4 sliding then 1 full). 2 KV heads x 256 x 2 x 2 bytes = 2,048 a layer.
    assert_eq!(a.attention_layers(), 20);
    let kv = kv_shape(a, KvType::F16);
    assert_eq!(
        (kv.global_per_token, kv.local_per_cell, kv.window),
        (8_192.0, 32_768.0, 512)
    );
    // Per-layer embeddings counted: 262,144 x 35 x 256 = 2,348,810,240 more in the lookup.
    assert_eq!(
        param_counts(a).embedding,
        262_400 * 2_048 + 262_144 * 35 * 256
    );
    let said: Vec<String> = i.warnings.iter().map(|w| w.sentence(Lang::En)).collect();
    for missed in [
        "`altup_num_inputs`: not modelled; weights may be under-counted",
        "`laurel_rank`: not modelled; weights may be under-counted",
        "multimodal config: the text model (`text_config`) is sized; the vision/audio towers are not counted",
    ] {
        assert!(said.iter().any(|s| s == missed), "{said:?}");
    }
    let es: Vec<String> = i.warnings.iter().map(|w| w.sentence(Lang::Es)).collect();
    assert!(es
        .contains(&"`altup_num_inputs`: no se modela; los pesos pueden quedar cortos".to_string()));
    same_through_the_link(a);
}

#[test]
fn deepseek_v2_lite_is_bf16_not_the_fp8_of_the_preset_it_is_written_over() {
    let i = case("deepseek-v2-lite");
    let a = &i.arch;
    assert_eq!((a.native_quant, a.q_lora_rank), (None, 0));
    // 15,706,485,888 (the card: 15.7B); at the default format 2 bytes each.
    assert_eq!(param_counts(a).total, 15_706_485_888);
    let query = same_through_the_link(a);
    assert!(
        query.contains("native=bf16") && query.contains("q_lora_rank=0"),
        "{query}"
    );
    let wl = Workload::default();
    let (l, _) = linked(a);
    assert_eq!(effective_quant(&l, &wl), Quant::Bf16);
    // MLA cache: 27 layers x (512 + 64) x 2 bytes = 31,104 bytes a token.
    assert_eq!(kv_bytes_per_token(a, KvType::F16), 31_104.0);
}

#[test]
fn llama_4_scout_counts_its_vision_tower() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/configs/llama-4-scout.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let i = from_config_json(&text).unwrap();
    // Text 107,769,861,120 + tower and projector 871,932,416 = 108,641,793,536 (the card: 109B).
    assert_eq!(i.arch.extra_params, 871_932_416);
    assert_eq!(param_counts(&i.arch).total, 108_641_793_536);
    assert!(!i.warnings.contains(&ImportWarning::MultimodalTextOnly));
    same_through_the_link(&i.arch);
}

#[test]
fn chunk_0_and_every_zero_field_round_trip_through_the_link() {
    let catalog = Catalog::builtin();
    let query = "model=llama-4-maverick&chunk=0&moe_step=0&window=0&experts=0&dense_layers=0\
                 &shared_experts=0&swa_period=0&full_attn_every=0&mamba_layers=0&kv_shared=0\
                 &towers=0&q_lora_rank=0&native=bf16&qk_norm=0&router_bias=0";
    let (s, warnings) = Scenario::from_query(query);
    assert!(warnings.is_empty(), "{warnings:?}");
    let back = s.to_query();
    for pair in query.split('&').skip(1) {
        assert!(back.split('&').any(|p| p == pair), "{pair} not in {back}");
    }
    assert_eq!(Scenario::from_query(&back).0, s);
    let m = resolve_model(&s, &catalog, Lang::En, &mut Vec::new());
    // Maverick without its chunks and its every-second-layer MoE: a dense model of its size.
    assert_eq!((m.attention_chunk, m.moe_layer_step, m.experts), (0, 0, 0));
    assert_eq!(m.local_layers(), 0);
    // Its cache is then every layer's: 48 x 2 x 8 x 128 x 2 bytes.
    assert_eq!(kv_bytes_per_token_at(&m, KvType::F16, 32_768), 196_608.0);
}

#[test]
fn every_architecture_field_that_can_be_zero_says_zero_through_the_link() {
    // Every count of the model's architecture whose 0 means "none" (no FFN of its own, dense,
    // no window, no chunk, no Mamba, no towers, no MTP layer...), all at once: each is kept as
    // 0 by the link, no warning, and the same scenario comes back.
    let fields = [
        "ffn",
        "experts",
        "experts_active",
        "moe_ffn",
        "kv_lora_rank",
        "rope_dim",
        "window",
        "moe_step",
        "chunk",
        "swa_period",
        "global_layers",
        "full_attn_every",
        "linear_k_heads",
        "linear_v_heads",
        "linear_k_dim",
        "linear_v_dim",
        "linear_conv",
        "index_heads",
        "index_dim",
        "shared_experts",
        "dense_layers",
        "mamba_layers",
        "mamba_heads",
        "mamba_head_dim",
        "mamba_state",
        "mamba_groups",
        "mamba_conv",
        "kv_shared",
        "ple_dim",
        "ple_vocab",
        "towers",
        "q_lora_rank",
        "qk_nope_dim",
        "v_head_dim",
        "mtp",
        "lightning_layers",
    ];
    let query = std::iter::once("model=llama-4-maverick".to_string())
        .chain(fields.iter().map(|f| format!("{f}=0")))
        .collect::<Vec<_>>()
        .join("&");
    let (s, warnings) = Scenario::from_query(&query);
    assert!(warnings.is_empty(), "{warnings:?}");
    let back = s.to_query();
    for f in fields {
        let pair = format!("{f}=0");
        assert!(back.split('&').any(|p| p == pair), "{pair} not in {back}");
    }
    assert_eq!(Scenario::from_query(&back).0, s);
}

#[test]
fn absurd_values_in_the_new_keys_never_panic() {
    let big = u64::MAX / 3;
    let configs = [
        format!(
            r#"{{"model_type": "gemma3", "text_config": {{"model_type": "gemma3_text",
            "hidden_size": {big}, "num_hidden_layers": {big}, "num_attention_heads": 3,
            "vocab_size": {big}, "intermediate_size": [{big}, 1, 2], "num_kv_shared_layers": {big},
            "hidden_size_per_layer_input": {big}, "sliding_window": {big}}},
            "vision_config": {{"model_type": "siglip_vision_model", "hidden_size": {big},
            "intermediate_size": {big}, "num_hidden_layers": {big}, "patch_size": 1,
            "image_size": {big}}}}}"#
        ),
        format!(
            r#"{{"model_type": "granitemoehybrid", "hidden_size": {big}, "num_hidden_layers": 3,
            "num_attention_heads": 1, "vocab_size": 9, "intermediate_size": {big},
            "shared_intermediate_size": {big}, "num_local_experts": {big}, "num_experts_per_tok": {big},
            "mamba_n_heads": 0, "mamba_expand": {big}, "mamba_d_state": {big},
            "layer_types": ["mamba", "attention", "mamba"]}}"#
        ),
        format!(
            r#"{{"model_type": "qwen2_vl", "hidden_size": 8, "num_hidden_layers": 2,
            "num_attention_heads": 2, "vocab_size": 9, "intermediate_size": 16,
            "vision_config": {{"embed_dim": {big}, "depth": {big}, "mlp_ratio": {big}}}}}"#
        ),
        r#"{"model_type": "ernie4_5_moe", "hidden_size": 8, "num_hidden_layers": 2,
            "num_attention_heads": 2, "vocab_size": 9, "intermediate_size": 16,
            "moe_num_experts": [], "moe_k": [1, 2], "moe_layer_end_index": -1,
            "time_step_limit": [0.0, Infinity], "x": NaN}"#
            .to_string(),
    ];
    let catalog = Catalog::builtin();
    for text in &configs {
        let Ok(i) = from_config_json(text) else {
            continue;
        };
        let p = param_counts(&i.arch);
        let kv = kv_shape(&i.arch, KvType::F16);
        assert!(kv.global_per_token.is_finite() && kv.state_per_seq.is_finite());
        assert!(p.active <= p.total);
        let mut s = Scenario::default();
        import_into(&mut s, &i.arch, &catalog);
        let (back, _) = Scenario::from_query(&s.to_query());
        let _ = resolve_model(&back, &catalog, Lang::En, &mut Vec::new());
    }
}

#[test]
fn the_towers_are_their_own_memory_term() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/configs/llama-4-scout.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let a = from_config_json(&text).unwrap().arch;
    let wl = Workload::default();
    let m = Sizing::new(&a, &wl, &EngineConstants::default()).memory(&Hardware::unbounded());
    let term = |k: &str| m.terms.iter().find(|t| t.key == k).map(|t| t.bytes.0);
    // 871,932,416 tower parameters at 2 bytes, out of the weights term, in their own.
    assert_eq!(term("towers"), Some(1_743_864_832.0));
    assert_eq!(
        term("weights").unwrap() + term("towers").unwrap(),
        m.weights.0
    );
    let written = m.terms[1].written(Lang::Es);
    assert_eq!(written.key.id(), "towers");
    assert!(
        written.basis.contains("torres de visión/audio"),
        "{}",
        written.basis
    );
}

#[test]
fn minimax_m1_keeps_a_state_on_its_70_lightning_layers() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/configs/minimax-m1.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let i = from_config_json(&text).unwrap();
    let a = &i.arch;
    assert_eq!((a.lightning_layers, a.attention_layers()), (70, 10));
    // 456,089,655,296 against the checkpoint's 456,105,383,936 (index total_size / 2): a
    // lightning layer holds q/k/v of all 64 heads (6,144 x 3 x 8,192), a gate (6,144 x 8,192),
    // a norm (8,192) and the output (8,192 x 6,144).
    assert_eq!(param_counts(a).total, 456_089_655_296);
    // Cache: 10 softmax layers x 2 x 8 x 128 x 2 B = 40,960 B a token; state: 70 x 64 x 128^2.
    let kv = kv_shape(a, KvType::F16);
    assert_eq!(
        (kv.global_per_token, kv.state_per_seq),
        (40_960.0, 73_400_320.0)
    );
    same_through_the_link(a);
}
