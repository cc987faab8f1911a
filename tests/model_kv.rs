//! KV cache per token and per context (`docs/sizing-formulas.md` §2a-2c), MLA, sliding windows
//! with llama.cpp's padding, and quantised KV elements.

use inference_sizer::model::presets::preset;
use inference_sizer::model::*;
use inference_sizer::units::GIB;

#[track_caller]
fn model(id: &str) -> ModelArch {
    preset(id).unwrap_or_else(|| panic!("preset {id} missing"))
}

fn kv_gib(id: &str, ctx: u64, engine: Engine) -> f64 {
    let shape = kv_shape(&model(id), KvType::F16);
    kv_cache_bytes(&shape, ctx, 1, engine, &EngineConstants::default()) / GIB
}

#[test]
fn gqa_bytes_per_token_match_the_table() {
    // 2 (K,V) · L · n_kv · d · 2 bytes.
    let table: &[(&str, u64)] = &[
        ("llama-3.1-8b", 131_072), // 2·32·8·128·2
        ("mistral-7b-v0.3", 131_072),
        ("mixtral-8x7b", 131_072),
        ("llama-3.1-70b", 327_680), // 2·80·8·128·2
        ("llama-3.3-70b", 327_680),
        ("qwen2.5-72b", 327_680),
        ("llama-3.1-405b", 516_096), // 2·126·8·128·2
        ("llama-3.2-1b", 32_768),    // 2·16·8·64·2 (explicit head_dim 64)
        ("llama-3.2-3b", 114_688),
        ("mixtral-8x22b", 229_376),
        ("mistral-small-24b", 163_840),
        ("qwen2.5-0.5b", 12_288),
        ("qwen2.5-7b", 57_344),
        ("qwen2.5-14b", 196_608),
        ("qwen2.5-32b", 262_144),
        ("qwen3-32b", 262_144),
        ("qwen3-8b", 147_456),
        ("qwen3-30b-a3b", 98_304),
        ("qwen3-235b-a22b", 192_512),
        ("phi-3-mini", 393_216), // MHA: 2·32·32·96·2
        ("phi-4", 204_800),
    ];
    for (id, bytes) in table {
        assert_eq!(
            kv_bytes_per_token(&model(id), KvType::F16),
            *bytes as f64,
            "{id}"
        );
    }
}

#[test]
fn gqa_caches_at_long_contexts_match_the_table() {
    // Llama-3.1-8B: 131,072 B x 131,072 tokens = 16 GiB exactly.
    assert_eq!(kv_gib("llama-3.1-8b", 131_072, Engine::Vllm), 16.0);
    assert_eq!(kv_gib("llama-3.1-405b", 32_768, Engine::Vllm), 15.75);
    assert_eq!(kv_gib("qwen3-235b-a22b", 8192, Engine::Vllm), 1.46875);
}

#[test]
fn mla_caches_the_latent_and_the_rope_key_once_per_layer() {
    // 61 layers x (512 + 64) x 2 B = 70,272 B/token in bf16.
    for id in ["deepseek-v3", "deepseek-r1"] {
        assert_eq!(kv_bytes_per_token(&model(id), KvType::F16), 70_272.0);
    }
    // ik_llama.cpp PR #259, DeepSeek-R1 at 32,768 tokens with a q8_0 latent:
    // 61 x 576 x 34/32 B x 32768 = 1,223,294,976 B = 1166.62 MiB ("KV self size = 1166.62 MiB").
    let shape = kv_shape(&model("deepseek-r1"), KvType::Q8_0);
    let bytes = kv_cache_bytes(&shape, 32_768, 1, Engine::Vllm, &EngineConstants::default());
    assert_eq!(bytes, 1_223_294_976.0);
    assert_eq!(format!("{:.2}", bytes / 1024.0 / 1024.0), "1166.62");
    // ik_llama.cpp PR #235, f16 latent at 32k: 61·576·2·32768 = 2196.00 MiB.
    let f16 = kv_cache_bytes(
        &kv_shape(&model("deepseek-r1"), KvType::F16),
        32_768,
        1,
        Engine::Vllm,
        &EngineConstants::default(),
    );
    assert_eq!(f16 / 1024.0 / 1024.0, 2196.0);
}

#[test]
fn sliding_window_layers_are_capped_at_the_window() {
    // Bytes per token over the global layers only (table §2c).
    assert_eq!(
        kv_bytes_per_token(&model("gemma-2-9b"), KvType::F16),
        172_032.0
    ); // 21·2·8·256·2
    assert_eq!(
        kv_bytes_per_token(&model("gemma-2-27b"), KvType::F16),
        188_416.0
    ); // 23·2·16·128·2
    assert_eq!(
        kv_bytes_per_token(&model("gemma-3-27b"), KvType::F16),
        81_920.0
    ); // 10·2·16·128·2
    assert_eq!(
        kv_bytes_per_token(&model("gpt-oss-20b"), KvType::F16),
        24_576.0
    ); // 12·2·8·64·2
    assert_eq!(
        kv_bytes_per_token(&model("gpt-oss-120b"), KvType::F16),
        36_864.0
    ); // 18·2·8·64·2
       // Gemma-3-27B at 8k: 81,920·8192 + 52 local layers · 8,192 B · 1024 = 1.03125 GiB.
    let rows: &[(&str, [f64; 3])] = &[
        ("gemma-2-9b", [1.969, 5.906, 21.656]),
        ("gemma-2-27b", [2.156, 6.469, 23.719]),
        ("gemma-3-27b", [1.031, 2.906, 10.406]),
        ("gpt-oss-20b", [0.190, 0.753, 3.003]),
        ("gpt-oss-120b", [0.286, 1.129, 4.504]),
    ];
    for (id, gib) in rows {
        for (ctx, want) in [8192u64, 32_768, 131_072].iter().zip(gib) {
            let got = kv_gib(id, *ctx, Engine::Vllm);
            assert!((got - want).abs() < 0.0006, "{id} @{ctx}: {got} vs {want}");
        }
    }
    // Ignoring the window would give 62 GiB for Gemma-3-27B at 128k (the common mistake).
    assert!(kv_gib("gemma-3-27b", 131_072, Engine::Vllm) < 10.5);
}

#[test]
fn llama_cpp_pads_the_sliding_window_cache() {
    // Gemma-3 with n_ubatch 512: local layers hold PAD256(1024 + 512) = 1536 cells, not 1024.
    // At 8192 tokens: 10·8192 B·8192 + 52·8192 B·1536 = 671,088,640 + 654,311,424 = 1,325,400,064.
    let shape = kv_shape(&model("gemma-3-27b"), KvType::F16);
    let c = EngineConstants::default();
    assert_eq!(
        kv_cache_bytes(&shape, 8192, 1, Engine::Llamacpp, &c),
        1_325_400_064.0
    );
    // gpt-oss: PAD256(128 + 512) = 768 cells; 12 local layers of gpt-oss-20b at 2,048 B per cell.
    let oss = kv_shape(&model("gpt-oss-20b"), KvType::F16);
    let ideal = kv_cache_bytes(&oss, 8192, 1, Engine::Vllm, &c);
    let padded = kv_cache_bytes(&oss, 8192, 1, Engine::Llamacpp, &c);
    assert_eq!(padded - ideal, 12.0 * 2048.0 * (768.0 - 128.0));
    // The context itself is padded to 256 with flash attention: 8000 -> 8192 cells.
    let llama = kv_shape(&model("llama-3.1-8b"), KvType::F16);
    assert_eq!(
        kv_cache_bytes(&llama, 8000, 1, Engine::Llamacpp, &c),
        131_072.0 * 8192.0
    );
    // A short context caps the SWA cache at the context: PAD256(min(256, 1536)) = 256.
    assert_eq!(kv_cells(&shape, 256, Engine::Llamacpp, &c), (256.0, 256.0));
}

#[test]
fn quantised_kv_elements_use_their_block_sizes() {
    // Llama-3.1-8B per token: 65,536 elements; q8_0 34/32 B -> 69,632; q4_0 18/32 -> 36,864; fp8 1 B.
    let m = model("llama-3.1-8b");
    assert_eq!(kv_bytes_per_token(&m, KvType::Q8_0), 69_632.0);
    assert_eq!(kv_bytes_per_token(&m, KvType::Q4_0), 36_864.0);
    assert_eq!(kv_bytes_per_token(&m, KvType::Fp8), 65_536.0);
    assert_eq!(kv_bytes_per_token(&m, KvType::Bf16), 131_072.0);
}

#[test]
fn encoders_cache_nothing() {
    for id in [
        "bert-base-uncased",
        "distilbert-base-uncased",
        "all-minilm-l6-v2",
    ] {
        assert_eq!(kv_bytes_per_token(&model(id), KvType::F16), 0.0);
    }
}

#[test]
fn kv_is_sequences_times_tokens() {
    // 16 sequences of 8192 tokens on Llama-3.1-8B: 131,072 x 8192 x 16 = 16 GiB.
    let shape = kv_shape(&model("llama-3.1-8b"), KvType::F16);
    let b = kv_cache_bytes(&shape, 8192, 16, Engine::Vllm, &EngineConstants::default());
    assert_eq!(b / GIB, 16.0);
}
