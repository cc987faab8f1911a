//! The parts of a model that live outside its text decoder, counted from the config as the
//! reference implementation builds them: MiMo's and GLM-4.5's multi-token-prediction layers,
//! MoonViT (Kimi-VL, LocateAnything) with each wrapper's projector, MiniCPM-V's timm SigLIP and
//! resampler. Each a worked example with the arithmetic and its source; the corpus files are in
//! tests/data/configs (sources in its manifest.csv).

use inference_sizer::catalog::Catalog;
use inference_sizer::model::import::{from_config_json, ImportWarning, Imported};
use inference_sizer::model::*;
use inference_sizer::scenario::{import_into, resolve_model, Lang, Scenario};

fn corpus(name: &str) -> Imported {
    let path = format!(
        "{}/tests/data/configs/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    from_config_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The model a share link carries after the import is written into it.
fn through_the_link(a: &ModelArch) -> ModelArch {
    let catalog = Catalog::builtin();
    let mut s = Scenario::default();
    import_into(&mut s, a, &catalog);
    let (back, warnings) = Scenario::from_query(&s.to_query());
    assert!(warnings.is_empty(), "{warnings:?}");
    resolve_model(&back, &catalog, Lang::En, &mut Vec::new())
}

/// True when a warning says a tower is not counted.
fn towers_warned(w: &[ImportWarning]) -> bool {
    w.iter().any(|w| {
        matches!(
            w,
            ImportWarning::TowersNotCounted | ImportWarning::MultimodalTextOnly
        )
    })
}

#[test]
fn mimo_counts_its_qkv_biases_and_its_mtp_layer_beside_the_model() {
    // XiaomiMiMo/MiMo-7B (a fine-tune's config, jj8127/mimo_kor@1bdf82cea258): `MiMoConfig`
    // subclasses `Qwen2Config` and its attention is `Qwen2Attention` (q, k, v biases), h 4,096,
    // I 11,008, 32 heads of 128, 8 KV heads, 36 layers, V 151,680, untied.
    //   attention = q 4096^2 + 4096 + k, v 2 x (4096 x 1024 + 1024) + o 4096^2 = 41,949,184
    //   MLP       = 3 x 4096 x 11008                                      = 135,266,304
    //   layer     = 41,949,184 + 135,266,304 + 2 norms (8,192)             = 177,223,680
    //   main      = 36 x 177,223,680 + 2 x 151680 x 4096 + 4096            = 7,622,619,136
    // `MiMoMTPLayers` (modeling_mimo.py): input_layernorm, post_attention_layernorm,
    // token_layernorm, hidden_layernorm, final_layernorm (5 x 4,096), input_proj (2h -> h, no
    // bias: 33,554,432), a Qwen2Attention and a Qwen2MLP:
    //   MTP       = 41,949,184 + 135,266,304 + 20,480 + 33,554,432           = 210,790,400
    //   main + MTP = 7,833,409,536 = the index's total_size 15,666,819,072 / 2 (BF16).
    let i = corpus("mimo-7b-kor");
    let a = &i.arch;
    assert!(a.qkv_bias);
    assert_eq!(a.mtp_layers, 1);
    let p = param_counts(a);
    assert_eq!((p.total, p.mtp), (7_622_619_136, 210_790_400));
    assert_eq!(p.total + p.mtp, 15_666_819_072 / 2);
    // Counted, so neither the MTP key nor the bias is warned about.
    assert!(
        !i.warnings.iter().any(|w| matches!(
            w,
            ImportWarning::NotModelled { .. } | ImportWarning::AttentionBias
        )),
        "{:?}",
        i.warnings
    );
    // The link carries the MTP layer (`mtp=1`).
    assert_eq!(param_counts(&through_the_link(a)), p);
}

#[test]
fn a_dense_model_without_mtp_layers_counts_none() {
    // The same model with `num_nextn_predict_layers: 0`: no MTP parameters.
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/configs/mimo-7b-kor.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .replace(
        "\"num_nextn_predict_layers\": 1",
        "\"num_nextn_predict_layers\": 0",
    );
    let a = from_config_json(&text).unwrap().arch;
    assert_eq!(param_counts(&a).mtp, 0);
    assert_eq!(param_counts(&a).total, 7_622_619_136);
}

#[test]
fn locate_anything_counts_moonvit_and_its_mlp_projector() {
    // LocateAnything-3B (oguzaybilir/LocateAnything-3B-FineTuning@1f55ca04c084): MoonViT-SO-400M
    // (`vision_config`: h 1,152, i 4,304, 27 layers, patch 14, a 64 x 64 position table, 2 x 2
    // merge), built by Kimi-VL's `MoonVitPretrainedModel`:
    //   patch conv 3 x 14^2 x 1152 + 1152 = 678,528; positions 64 x 64 x 1152 = 4,718,592
    //   layer = norm0, norm1 (4 x 1152) + wqkv (3 x 1152^2 + 3 x 1152) + wo (1152^2 + 1152)
    //           + fc0 (1152 x 4304 + 4304) + fc1 (4304 x 1152 + 1152)      = 15,239,504
    //   tower = 678,528 + 4,718,592 + 27 x 15,239,504 + final norm 2,304   = 416,866,032
    // The wrapper's `mlp1` (modeling_locateanything.py): LayerNorm(4 x 1152) 9,216,
    // Linear(4608 -> 2048) 9,439,232, Linear(2048 -> 2048) 4,196,352 = 13,644,800.
    //   towers = 416,866,032 + 13,644,800 = 430,510,832
    // With the Qwen2.5-3B text model (tied, V 152,681): 3,087,464,448 + 430,510,832
    // = 3,517,975,280, the index's total_size / 2 less its stored copy of the tied head.
    let i = corpus("locateanything-3b");
    assert_eq!(i.arch.extra_params, 430_510_832);
    assert_eq!(param_counts(&i.arch).total, 3_517_975_280);
    assert!(!towers_warned(&i.warnings), "{:?}", i.warnings);
    assert_eq!(through_the_link(&i.arch).extra_params, 430_510_832);
}

#[test]
fn kimi_vl_counts_moonvit_and_its_own_projector() {
    // Kimi-VL (moonshotai/Kimi-VL-A3B: `model_type` kimi_vl, MoonViT as above, a 2,048-wide
    // text model). `KimiVLMultiModalProjector`: pre_norm LayerNorm(1152) 2,304, linear_1
    // (4608 -> 4608 with bias) 21,238,272, linear_2 (4608 -> 2048 with bias) 9,439,232
    //   = 30,679,808; towers = 416,866,032 + 30,679,808 = 447,545,840.
    // The text model here is a small Llama so that only the towers are under test.
    let i = from_config_json(
        r#"{"architectures": ["KimiVLForConditionalGeneration"], "model_type": "kimi_vl",
        "vision_config": {"model_type": "moonvit", "hidden_size": 1152,
            "intermediate_size": 4304, "num_hidden_layers": 27, "patch_size": 14,
            "init_pos_emb_height": 64, "init_pos_emb_width": 64, "merge_kernel_size": [2, 2]},
        "text_config": {"model_type": "llama", "hidden_size": 2048, "intermediate_size": 8192,
            "num_hidden_layers": 2, "num_attention_heads": 16, "num_key_value_heads": 16,
            "vocab_size": 1000, "tie_word_embeddings": false}}"#,
    )
    .unwrap();
    assert_eq!(i.arch.extra_params, 447_545_840);
    assert!(!towers_warned(&i.warnings), "{:?}", i.warnings);
    // MoonViT under a wrapper whose projector is not known: not counted, and said.
    let other = from_config_json(
        r#"{"model_type": "other_vl",
        "vision_config": {"model_type": "moonvit", "hidden_size": 1152,
            "intermediate_size": 4304, "num_hidden_layers": 27, "patch_size": 14},
        "text_config": {"model_type": "llama", "hidden_size": 2048, "intermediate_size": 8192,
            "num_hidden_layers": 2, "num_attention_heads": 16, "num_key_value_heads": 16,
            "vocab_size": 1000, "tie_word_embeddings": false}}"#,
    )
    .unwrap();
    assert_eq!(other.arch.extra_params, 0);
    assert!(towers_warned(&other.warnings), "{:?}", other.warnings);
}

#[test]
fn minicpm_v_counts_its_timm_siglip_without_the_last_block_and_its_resampler() {
    // openbmb/MiniCPM-V (a copy: EmotioTech/EmotioLocal@d4495c13b5cc): `vision_encoder`
    // vit_so400m_patch14_siglip_384.webli (timm: width 1,152, depth 27, MLP 4,304, patch 14,
    // 384 px, no class token); modeling_minicpmv.py sets `attn_pool` to identity, creates it
    // with `num_classes=0` and drops the last block (`drop_vision_last_layer`):
    //   patch conv 678,528 + positions (384/14 = 27)^2 = 729 x 1152 = 839,808
    //   block = 15,239,504 (as MoonViT's layer), 26 blocks; final norm 2,304
    //   ViT = 678,528 + 839,808 + 26 x 15,239,504 + 2,304                  = 397,747,744
    // `Resampler(grid_size = sqrt(query_num 64) = 8, embed_dim E = 2,304, kv_dim 1,152)`:
    //   query and pos_embed 2 x 64 x 2304 = 294,912; kv_proj 1152 x 2304 = 2,654,208;
    //   MultiheadAttention 3 x 2304^2 + 3 x 2304 = 15,932,160 in, 2304^2 + 2304 = 5,310,720 out;
    //   ln_q, ln_kv, ln_post 6 x 2304 = 13,824; proj 2304^2 = 5,308,416   = 29,514,240
    //   towers = 397,747,744 + 29,514,240 = 427,261,984
    // With the MiniCPM-2.4B text model (3,007,703,808): 3,434,965,792 = the index's
    // total_size 6,869,931,584 / 2.
    let i = corpus("minicpm-v-2.5");
    assert_eq!(i.arch.extra_params, 427_261_984);
    assert_eq!(param_counts(&i.arch).total, 6_869_931_584 / 2);
    assert!(!towers_warned(&i.warnings), "{:?}", i.warnings);
    // Keeping the last block adds one: 427,261,984 + 15,239,504.
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/configs/minicpm-v-2.5.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .replace(
        "\"drop_vision_last_layer\": true",
        "\"drop_vision_last_layer\": false",
    );
    let kept = from_config_json(&text).unwrap();
    assert_eq!(kept.arch.extra_params, 427_261_984 + 15_239_504);
    // A timm tower it does not know is not counted, and said.
    let unknown = text.replace("vit_so400m_patch14_siglip_384", "eva02_large_patch14_448");
    let unknown = from_config_json(&unknown).unwrap();
    assert_eq!(unknown.arch.extra_params, 0);
    assert!(towers_warned(&unknown.warnings), "{:?}", unknown.warnings);
}

#[test]
fn glm_4_5_counts_its_nextn_layer_beside_the_model() {
    // zai-org/GLM-4.5 (`Glm4MoeConfig`, fields as the catalogue's GLM-4.5 row gives them): h
    // 5,120, 92 layers (3 dense of 12,288), 96 heads of 128, 8 KV heads, 160 experts of 1,536
    // (8 active) and a shared one, V 151,552 untied, q/k/v biases, q/k norms, a router bias.
    // The main model: 352,797,829,024 (the catalogue's computation). Its NextN layer
    // (vLLM's `Glm4MoeMultiTokenPredictorLayer`: enorm, hnorm, eh_proj, shared_head.norm and a
    // MoE decoder layer):
    //   attention q 5120 x 12288 + 12288, k, v 2 x (5120 x 1024 + 1024), o 12288 x 5120,
    //             q/k norms 2 x 128                                   = 136,329,472
    //   MoE 161 x 3 x 5120 x 1536 + router 160 x 5120 + bias 160      = 3,799,285,920
    //   two layer norms 10,240; enorm, hnorm 10,240; eh_proj 2 x 5120^2 = 52,428,800;
    //   shared_head.norm 5,120                                        = 3,988,069,792
    let i = from_config_json(
        r#"{"architectures": ["Glm4MoeForCausalLM"], "model_type": "glm4_moe",
        "hidden_size": 5120, "num_hidden_layers": 92, "num_attention_heads": 96,
        "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 12288,
        "moe_intermediate_size": 1536, "n_routed_experts": 160, "n_shared_experts": 1,
        "num_experts_per_tok": 8, "first_k_dense_replace": 3, "vocab_size": 151552,
        "tie_word_embeddings": false, "attention_bias": true, "use_qk_norm": true,
        "num_nextn_predict_layers": 1, "partial_rotary_factor": 0.5}"#,
    )
    .unwrap();
    let p = param_counts(&i.arch);
    assert_eq!((p.total, p.mtp), (352_797_829_024, 3_988_069_792));
    assert!(
        !i.warnings
            .iter()
            .any(|w| matches!(w, ImportWarning::NotModelled { .. })),
        "{:?}",
        i.warnings
    );
    assert_eq!(param_counts(&through_the_link(&i.arch)), p);
}
