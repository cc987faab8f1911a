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

fn kv_bytes(id: &str, kv: KvType, ctx: u64, seqs: u64, engine: Engine) -> f64 {
    let shape = kv_shape(&model(id), kv);
    kv_cache_bytes(&shape, ctx, seqs, engine, &EngineConstants::default())
}

#[test]
fn the_new_presets_bytes_per_token_match_the_table() {
    // Full-attention layers, bf16: 2 (K,V) · layers · n_kv · d · 2 bytes.
    let table: &[(&str, f64)] = &[
        ("glm-4.5", 376_832.0),               // 2·92·8·128·2
        ("mistral-large-2411", 360_448.0),    // 2·88·8·128·2
        ("qwen3-coder-480b-a35b", 253_952.0), // 2·62·8·128·2
        ("minimax-m2", 253_952.0),
        ("glm-4.5-air", 188_416.0),  // 2·46·8·128·2
        ("mistral-nemo", 163_840.0), // 2·40·8·128·2 (explicit head_dim 128)
        ("qwen3-4b", 147_456.0),     // 2·36·8·128·2
        ("phi-4-mini", 131_072.0),   // 2·32·8·128·2
        ("hunyuan-a13b", 131_072.0),
        ("falcon3-7b", 114_688.0), // 2·28·4·256·2
        ("kimi-k2", 70_272.0),     // MLA: 61·(512 + 64)·2
        ("deepseek-v3.1", 70_272.0),
    ];
    for &(id, bytes) in table {
        assert_eq!(kv_bytes_per_token(&model(id), KvType::Bf16), bytes, "{id}");
    }
}

#[test]
fn llama_4_chunked_layers_keep_at_most_a_chunk() {
    // Scout: 48 layers, 8 KV heads of 128: 4,096 B/token/layer at bf16. 36 layers attend within
    // aligned chunks of 8,192 tokens (147,456 B/token up to a chunk), 12 NoPE layers (every 4th)
    // attend over the whole context (49,152 B/token).
    let a = model("llama-4-scout");
    assert_eq!((a.global_layers(), a.local_layers()), (12, 36));
    let s = kv_shape(&a, KvType::Bf16);
    assert_eq!(
        (s.global_per_token, s.local_per_cell),
        (49_152.0, 147_456.0)
    );
    assert_eq!(s.window, 8192);
    // At 131,072 tokens: 49,152·131,072 = 6,442,450,944 + 147,456·8,192 = 1,207,959,552:
    // 7,650,410,496 bytes. Counting every layer over the whole context would give
    // 196,608·131,072 = 25,769,803,776 (+237%).
    let at_128k = kv_bytes("llama-4-scout", KvType::Bf16, 131_072, 1, Engine::Vllm);
    assert_eq!(at_128k, 7_650_410_496.0);
    // Below a chunk every layer holds every token: 196,608 B/token.
    assert_eq!(
        kv_bytes("llama-4-scout", KvType::Bf16, 4096, 1, Engine::Vllm),
        196_608.0 * 4096.0
    );
    // llama.cpp keeps the chunked layers in its SWA cache: min(ctx, chunk + ubatch 512) padded
    // to 256 = 8,704 cells: 6,442,450,944 + 147,456·8,704 = 7,725,907,968.
    assert_eq!(
        kv_bytes("llama-4-scout", KvType::Bf16, 131_072, 1, Engine::Llamacpp),
        7_725_907_968.0
    );
    // Per token at 128k: 7,650,410,496 / 131,072 = 58,368 = 49,152 + 147,456·8,192/131,072.
    assert_eq!(kv_bytes_per_token_at(&a, KvType::Bf16, 131_072), 58_368.0);
}

#[test]
fn qwen3_next_keeps_a_per_token_cache_only_in_its_full_attention_layers() {
    // 12 gated full-attention layers, 2 KV heads of 256: 2·12·2·256·2 = 24,576 B/token at bf16.
    // The 36 Gated DeltaNet layers keep per sequence a conv state (2·16·128 + 32·128 = 8,192
    // channels x (kernel 4 - 1)) = 24,576 values and a recurrent state 32·128·128 = 524,288
    // values: 548,864 per layer, 19,759,104 values in all, whatever the length.
    let a = model("qwen3-next-80b-a3b");
    assert_eq!((a.attention_layers(), a.linear_layers()), (12, 36));
    let s = kv_shape(&a, KvType::Bf16);
    assert_eq!(s.global_per_token, 24_576.0);
    assert_eq!(s.state_per_seq, 19_759_104.0);
    // vLLM, bf16 state: 24,576·32,768 = 805,306,368 + 19,759,104·2 = 39,518,208 per sequence.
    assert_eq!(
        kv_bytes("qwen3-next-80b-a3b", KvType::Bf16, 32_768, 1, Engine::Vllm),
        844_824_576.0
    );
    // Eight sequences: eight caches and eight states.
    assert_eq!(
        kv_bytes("qwen3-next-80b-a3b", KvType::Bf16, 32_768, 8, Engine::Vllm),
        8.0 * 844_824_576.0
    );
    // llama.cpp keeps recurrent states in F32: 805,306,368 + 19,759,104·4 = 884,342,784.
    assert_eq!(
        kv_bytes(
            "qwen3-next-80b-a3b",
            KvType::Bf16,
            32_768,
            1,
            Engine::Llamacpp
        ),
        884_342_784.0
    );
    // An fp8 cache halves the attention layers' part, not the state.
    assert_eq!(
        kv_bytes("qwen3-next-80b-a3b", KvType::Fp8, 32_768, 1, Engine::Vllm),
        402_653_184.0 + 39_518_208.0
    );
}

#[test]
fn deepseek_v3_2_caches_its_index_keys_beside_the_latent() {
    // MLA: (512 + 64)·2 = 1,152 B per token per layer; the lightning indexer adds 128 FP8 values
    // and one FP32 scale = 132 B: 61·(1,152 + 132) = 78,324 B/token. Sparse attention (top-2048
    // keys) cuts the compute, not the cache: every token stays.
    let a = model("deepseek-v3.2-exp");
    assert_eq!(kv_bytes_per_token(&a, KvType::Bf16), 78_324.0);
    assert_eq!(
        kv_bytes("deepseek-v3.2-exp", KvType::Bf16, 100_000, 1, Engine::Vllm),
        7_832_400_000.0
    );
    // An fp8 cache: 61·(576 + 132) = 43,188; the index keys are FP8 already.
    assert_eq!(kv_bytes_per_token(&a, KvType::Fp8), 43_188.0);
}

#[test]
fn gemma_3_small_models_keep_five_local_layers_in_six() {
    // Gemma 3 4B: 34 layers, 5 global (34/6), 29 local of window 1,024; 4 KV heads of 256:
    // 4,096 B/token/layer. 1B: 26 layers, 4 global, window 512, 1 KV head: 1,024 B.
    let g4 = kv_shape(&model("gemma-3-4b"), KvType::Bf16);
    assert_eq!(
        (g4.global_per_token, g4.local_per_cell, g4.window),
        (20_480.0, 118_784.0, 1024)
    );
    let g1 = kv_shape(&model("gemma-3-1b"), KvType::Bf16);
    assert_eq!(
        (g1.global_per_token, g1.local_per_cell, g1.window),
        (4_096.0, 22_528.0, 512)
    );
    // 4B at 32,768 tokens: 20,480·32,768 + 118,784·1,024 = 671,088,640 + 121,634,816.
    assert_eq!(
        kv_bytes("gemma-3-4b", KvType::Bf16, 32_768, 1, Engine::Vllm),
        792_723_456.0
    );
}

#[test]
fn shared_experts_and_dense_layers_do_not_change_the_cache() {
    // The cache depends on attention only: Llama 4 Maverick (interleaved dense and MoE layers,
    // 128 experts + a shared one) caches exactly what Scout (16 experts) does.
    for ctx in [1_000u64, 8_192, 100_000] {
        assert_eq!(
            kv_bytes("llama-4-maverick", KvType::Bf16, ctx, 4, Engine::Vllm),
            kv_bytes("llama-4-scout", KvType::Bf16, ctx, 4, Engine::Vllm)
        );
    }
}

#[test]
fn per_token_times_tokens_is_the_cache_for_every_preset() {
    // The report's kv_bytes_per_token: cache of one sequence / its tokens, so that
    // per token x ctx x seqs = kv_cache_bytes (vLLM holds no padding).
    for a in presets::builtin_presets() {
        for ctx in [1u64, 500, 8_192, 131_072] {
            let s = kv_shape(&a, KvType::Bf16);
            let cache = kv_cache_bytes(&s, ctx, 3, Engine::Vllm, &EngineConstants::default());
            let per = kv_bytes_per_token_at(&a, KvType::Bf16, ctx);
            let rel = (per * ctx as f64 * 3.0 - cache).abs() / cache.max(1.0);
            assert!(
                rel < 1e-12,
                "{} at {ctx}: {per} x {ctx} x 3 vs {cache}",
                a.id
            );
        }
    }
}

#[test]
fn the_cache_basis_names_chunks_and_linear_state_in_both_languages() {
    use inference_sizer::lang::Lang;
    use inference_sizer::words::memory::TermBasis;
    let chunked = TermBasis::KvCache {
        bytes_per_token: 49_152.0,
        ctx: 131_072,
        seqs: 4,
        window: 8192,
        llamacpp_padding: false,
        chunked: true,
        state_per_seq: 0.0,
        in_flight: None,
        dp_attention: false,
    };
    assert_eq!(
        chunked.sentence(Lang::En),
        "49,152 B/token on full-attention layers x 131,072 tokens x 4 sequences; chunked-attention layers hold at most 8,192 tokens"
    );
    assert_eq!(
        chunked.sentence(Lang::Es),
        "49.152 B/token en las capas de atención completa x 131.072 tokens x 4 secuencias; las capas de atención por bloques guardan como mucho 8.192 tokens"
    );
    // Qwen3-Next on vLLM: 19,759,104 values x 2 B = 39,518,208 B = 37.7 MiB per sequence.
    let hybrid = TermBasis::KvCache {
        bytes_per_token: 24_576.0,
        ctx: 32_768,
        seqs: 16,
        window: 0,
        llamacpp_padding: false,
        chunked: false,
        state_per_seq: 39_518_208.0,
        in_flight: None,
        dp_attention: false,
    };
    let en = hybrid.sentence(Lang::En);
    assert!(
        en.starts_with("24,576 B/token x 32,768 tokens x 16 sequences; plus "),
        "{en}"
    );
    assert!(
        en.ends_with(" of linear-attention or Mamba state per sequence, whatever its length"),
        "{en}"
    );
    let es = hybrid.sentence(Lang::Es);
    assert!(
        es.contains("de estado de atención lineal o Mamba por secuencia"),
        "{es}"
    );
    assert!(!es.contains("state") && !es.contains("sequence"), "{es}");
    // Sized for the tokens in flight, chunked layers still say they hold at most a chunk:
    // 4 requests x 2,000 tokens, one of them at the full 131,072 = 137,072 tokens.
    let in_flight = TermBasis::KvCache {
        in_flight: Some(inference_sizer::words::memory::InFlight {
            tokens: 137_072,
            per_request: 2_000,
            full_context_bytes: 49_152.0 * 131_072.0 * 4.0,
        }),
        bytes_per_token: 49_152.0,
        ctx: 131_072,
        seqs: 4,
        window: 8192,
        llamacpp_padding: false,
        chunked: true,
        state_per_seq: 0.0,
        dp_attention: false,
    };
    let en = in_flight.sentence(Lang::En);
    assert!(en.contains("sized for 137,072 tokens in flight"), "{en}");
    assert!(
        en.contains("chunked-attention layers holding at most 8,192 tokens"),
        "{en}"
    );
    assert!(!en.contains("sliding"), "{en}");
    let es = in_flight.sentence(Lang::Es);
    assert!(
        es.contains("con 8.192 tokens como mucho en las capas de atención por bloques"),
        "{es}"
    );
    assert!(!es.contains("ventana"), "{es}");
}
