//! Parameter counts of every preset, pinned, and equal to the official count where one exists
//! (`docs/sizing-formulas.md` §1; the presets of `catalog-src/models.json`).

use inference_sizer::model::presets::{preset, try_builtin_presets};
use inference_sizer::model::{param_counts, ArchFamily, ModelArch};

#[track_caller]
fn model(id: &str) -> ModelArch {
    preset(id).unwrap_or_else(|| panic!("preset {id} missing"))
}

#[track_caller]
fn assert_params(id: &str, total: u64, active: u64) {
    let p = param_counts(&model(id));
    assert_eq!(p.total, total, "{id} total");
    assert_eq!(p.active, active, "{id} active");
}

#[test]
fn the_presets_parse_and_there_are_thirty_one() {
    // 30 architectures; DeepSeek-V3 and R1 share one and ship as two presets.
    let all = try_builtin_presets().expect("catalog-src/models.json parses");
    assert_eq!(all.len(), 31);
    for id in [
        "llama-3.1-8b",
        "llama-3.3-70b",
        "qwen2.5-72b",
        "mixtral-8x7b",
        "deepseek-v3",
        "deepseek-r1",
        "gpt-oss-120b",
        "gemma-3-27b",
        "phi-3-mini",
        "all-minilm-l6-v2",
        "bert-base-uncased",
        "distilbert-base-uncased",
    ] {
        assert!(all.iter().any(|m| m.id == id), "{id}");
    }
}

#[test]
fn every_preset_equals_its_official_count() {
    let mut checked = 0;
    for m in try_builtin_presets().unwrap() {
        if let Some(official) = m.official_params {
            assert_eq!(param_counts(&m).total, official, "{}", m.id);
            checked += 1;
        }
    }
    // Six have no exact official integer (Llama-3.1-70B, 3.3-70B, 405B, Mixtral-8x22B,
    // Qwen2.5-14B, Phi-4): their computed counts are pinned in the tests below.
    assert_eq!(checked, 25);
}

#[test]
fn dense_models_count_every_tensor() {
    // Llama-3.1-8B: per layer 2·4096² (q,o) + 2·4096·1024 (k,v) + 3·4096·14336 + 2·4096
    // = 218,112,000; x32 + 2·128256·4096 (untied) + 4096 = 8,030,261,248.
    assert_params("llama-3.1-8b", 8_030_261_248, 8_030_261_248);
    assert_params("llama-3.1-70b", 70_553_706_496, 70_553_706_496);
    assert_params("llama-3.3-70b", 70_553_706_496, 70_553_706_496);
    assert_params("llama-3.1-405b", 405_853_388_800, 405_853_388_800);
    // Tied heads counted once (keras-hub counts them twice: +V·h).
    assert_params("llama-3.2-1b", 1_235_814_400, 1_235_814_400);
    assert_params("llama-3.2-3b", 3_212_749_824, 3_212_749_824);
    assert_params("mistral-7b-v0.3", 7_248_023_552, 7_248_023_552);
    assert_params("mistral-small-24b", 23_572_403_200, 23_572_403_200);
    assert_params("phi-3-mini", 3_821_079_552, 3_821_079_552);
    assert_params("phi-4", 14_659_507_200, 14_659_507_200);
}

#[test]
fn qwen2_counts_qkv_biases_and_qwen3_its_qk_norms() {
    // Qwen2.5-0.5B: biases n_q·d + 2·n_kv·d = 896 + 256 = 1,152 per layer, tied head.
    assert_params("qwen2.5-0.5b", 494_032_768, 494_032_768);
    assert_params("qwen2.5-7b", 7_615_616_512, 7_615_616_512);
    assert_params("qwen2.5-14b", 14_770_033_664, 14_770_033_664);
    assert_params("qwen2.5-32b", 32_763_876_352, 32_763_876_352);
    assert_params("qwen2.5-72b", 72_706_203_648, 72_706_203_648);
    // Qwen3: q_norm + k_norm = 2·128 per layer; 32B has n_q·d = 8192 != hidden 5120.
    assert_params("qwen3-8b", 8_190_735_360, 8_190_735_360);
    assert_params("qwen3-32b", 32_762_123_264, 32_762_123_264);
}

#[test]
fn gemma_counts_four_norms_and_explicit_head_dim() {
    assert_params("gemma-2-9b", 9_241_705_984, 9_241_705_984);
    assert_params("gemma-2-27b", 27_227_128_320, 27_227_128_320);
    // Gemma-3-27B text: per layer attn 66,060,544 (incl. qk-norm 256) + MLP 346,816,512 + 4·5376;
    // x62 + 262144·5376 (tied) + 5376 = 27,009,002,240.
    assert_params("gemma-3-27b", 27_009_002_240, 27_009_002_240);
}

#[test]
fn moe_models_give_total_and_active() {
    // Mixtral-8x7B: active swaps 8 experts for 2: 46,702,792,704 - 32·6·3·4096·14336.
    assert_params("mixtral-8x7b", 46_702_792_704, 12_879_925_248);
    assert_params("mixtral-8x22b", 140_620_634_112, 39_152_031_744);
    assert_params("qwen3-30b-a3b", 30_532_122_624, 3_353_032_704);
    assert_params("qwen3-235b-a22b", 235_093_634_560, 22_190_763_520);
}

#[test]
fn gpt_oss_counts_biases_sinks_and_both_embeddings() {
    // Active counts both embedding matrices: 5,711,982,912 - 201088·2880 (input) = 5.13B,
    // the official "5.1B active".
    assert_params("gpt-oss-20b", 20_914_757_184, 4_187_440_704);
    assert_params("gpt-oss-120b", 116_829_156_672, 5_711_982_912);
    let emb = param_counts(&model("gpt-oss-120b")).embedding;
    assert_eq!(emb, 201_088 * 2880);
    assert_eq!((5_711_982_912 - emb) / 10_000_000, 513);
}

#[test]
fn deepseek_counts_mla_shared_expert_and_keeps_mtp_apart() {
    // MLA attention 187,107,328 per layer; 3 dense + 58 MoE layers + 2·V·h + h = 671,026,419,200.
    // Active: 8 routed of 256 + the shared expert, every always-on tensor = 37,552,297,472
    // (deepseek-ai/DeepSeek-V3 README_WEIGHTS.md says 36.7B; `docs/sizing-formulas.md` §1d gives
    // the band 36.7-37.6B).
    for id in ["deepseek-v3", "deepseek-r1"] {
        assert_params(id, 671_026_419_200, 37_552_297_472);
        // MTP: one MoE layer + enorm, hnorm, eh_proj, shared_head.norm = 11,610,068,224 ("11.5B").
        assert_eq!(param_counts(&model(id)).mtp, 11_610_068_224);
    }
}

#[test]
fn encoders_count_embeddings_positions_and_pooler() {
    // BERT base: (30522 + 512 + 2)·768 + 2·768 + 12·7,087,872 + 768² + 768 = 109,482,240.
    assert_params("bert-base-uncased", 109_482_240, 109_482_240);
    assert_params("distilbert-base-uncased", 66_362_880, 66_362_880);
    assert_params("all-minilm-l6-v2", 22_713_216, 22_713_216);
}

#[test]
fn a_bare_parameter_count_is_its_own_total() {
    let m = ModelArch::params_only("custom", 13_000_000_000);
    assert_eq!(m.family, ArchFamily::ParamsOnly);
    let p = param_counts(&m);
    assert_eq!((p.total, p.active), (13_000_000_000, 13_000_000_000));
}

#[test]
fn absurd_architectures_saturate_instead_of_overflowing() {
    let m = ModelArch {
        hidden: u64::MAX / 2,
        layers: 1_000_000_000,
        heads: 1,
        kv_heads: 1,
        ffn: u64::MAX,
        vocab: u64::MAX,
        ..model("llama-3.1-8b")
    };
    let p = param_counts(&m);
    assert_eq!(p.total, u64::MAX);
    assert!(p.active <= p.total);
}
