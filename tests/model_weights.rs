//! Weight bytes per format: GGUF mixtures tensor by tensor (Llama-3.1-8B within 1% of the
//! measured llama.cpp files), weight-only formats with 16-bit embeddings, native mixed formats.

use inference_sizer::model::presets::preset;
use inference_sizer::model::*;
use inference_sizer::report::Provenance;
use inference_sizer::units::GIB;

#[track_caller]
fn model(id: &str) -> ModelArch {
    preset(id).unwrap_or_else(|| panic!("preset {id} missing"))
}

fn bits_per_weight(id: &str, q: Quant) -> f64 {
    let m = model(id);
    weight_bytes(&m, q).total * 8.0 / param_counts(&m).total as f64
}

#[test]
fn llama_3_1_8b_in_every_gguf_type_is_within_one_percent_of_the_measured_files() {
    // Measured bits per weight, ggml-org/llama.cpp@311c2c9f tools/quantize/README.md (B.1).
    let measured = [
        (Quant::Q8_0, 8.5008),
        (Quant::Q6K, 6.5633),
        (Quant::Q5KM, 5.7036),
        (Quant::Q5KS, 5.5704),
        (Quant::Q4KM, 4.8944),
        (Quant::Q4KS, 4.6672),
        (Quant::Q3KM, 3.9960),
        (Quant::Q3KS, 3.6429),
        (Quant::Q2K, 3.1593),
        (Quant::Iq4Xs, 4.4597),
        (Quant::Iq3M, 3.7628),
        (Quant::Iq2M, 2.9294),
    ];
    for (q, bpw) in measured {
        let got = bits_per_weight("llama-3.1-8b", q);
        assert!((got / bpw - 1.0).abs() < 0.01, "{q}: {got:.4} vs {bpw}");
    }
    // Every GGUF type the app offers is covered.
    let covered = Quant::ALL.iter().filter(|q| q.is_gguf()).count();
    assert_eq!(
        covered,
        measured.len() + 1,
        "q4_0 is the one type without a measurement"
    );
}

#[test]
fn q4_k_m_uses_q6_k_for_half_the_v_and_down_tensors() {
    // Llama-3.1-8B, 32 layers: use_more_bits holds for 4 + 4 + 8 = 16 layers. Bytes:
    // 16 layers of attn_v (4096·1024) and ffn_down (14336·4096) at 6.5625 instead of 4.5 bits
    // = 16 · (4,194,304 + 58,720,256) · 2.0625 / 8 = 259,522,560 B more than pure Q4_K there.
    let m = model("llama-3.1-8b");
    let q4km = weight_bytes(&m, Quant::Q4KM).total;
    let q4ks = weight_bytes(&m, Quant::Q4KS).total;
    // Q4_K_S bumps attn_v of 4 layers and ffn_down of the first 4 to Q5_K (+1 bit):
    // 4·4,194,304/8 + 4·58,720,256/8 = 31,457,280 B.
    assert_eq!(q4km - q4ks, 259_522_560.0 - 31_457_280.0);
}

#[test]
fn k_quants_fall_back_when_rows_are_not_multiples_of_256() {
    // Qwen2.5-72B: I = 29568 = 115.5 x 256, so ffn_down (rows of 29568) cannot be Q4_K/Q6_K:
    // Q4_K -> Q5_0 (5.5 bits), Q6_K -> Q8_0 (8.5 bits). Q4_K_M lands at 5.2 bits, not 4.9.
    let bpw = bits_per_weight("qwen2.5-72b", Quant::Q4KM);
    assert!(bpw > 5.1 && bpw < 5.3, "{bpw}");
    // Qwen2.5-32B (I = 27648 = 108 x 256) stays at the usual 4.8-4.9.
    let bpw32 = bits_per_weight("qwen2.5-32b", Quant::Q4KM);
    assert!(bpw32 > 4.8 && bpw32 < 4.95, "{bpw32}");
}

#[test]
fn mixtral_gets_llama_cpp_eight_expert_overrides() {
    // n_expert == 8: attn_v and attn_k to Q8_0, attn_output to Q5_K in Q4_K_M.
    let m = model("mixtral-8x7b");
    let q4 = weight_bytes(&m, Quant::Q4KM).total;
    // Without the overrides Q4_K_M would be ~4.83 bpw; with them the 26.4 GB file of the wild.
    let bpw = q4 * 8.0 / param_counts(&m).total as f64;
    assert!(bpw > 4.8 && bpw < 4.95, "{bpw}");
}

#[test]
fn gptq_and_awq_keep_embeddings_and_head_in_16_bits() {
    // Llama-3.1-8B: 2·128256·4096 = 1,050,673,152 params at 2 B = 2.10 GB, the rest
    // (6,979,588,096 linear + 266,240 norm params) at 4.15625 bits and 2 B: 5.73 GB ("not 4 GB").
    let w = weight_bytes(&model("llama-3.1-8b"), Quant::Awq4).total;
    let expect = 1_050_673_152.0 * 2.0 + 6_979_321_856.0 * 4.15625 / 8.0 + 266_240.0 * 2.0;
    assert_eq!(w, expect);
    assert!((w / 1e9 - 5.73).abs() < 0.01);
    assert_eq!(weight_bytes(&model("llama-3.1-8b"), Quant::Gptq4).total, w);
}

#[test]
fn nf4_mxfp4_nvfp4_fp8_bits() {
    let m = model("llama-3.1-8b");
    let lin = 6_979_321_856.0;
    let rest = (1_050_673_152.0 + 266_240.0) * 2.0;
    // NF4 with double quantisation: 4 + 8/64 + 32/16384 = 4.126953125 bits.
    assert_eq!(
        weight_bytes(&m, Quant::Nf4).total,
        rest + lin * 4.126953125 / 8.0
    );
    assert_eq!(
        weight_bytes(&m, Quant::Mxfp4).total,
        rest + lin * 4.25 / 8.0
    );
    assert_eq!(weight_bytes(&m, Quant::Nvfp4).total, rest + lin * 4.5 / 8.0);
    assert_eq!(
        weight_bytes(&m, Quant::Fp8).total,
        rest + lin * (1.0 + 4.0 / 16384.0)
    );
    assert_eq!(weight_bytes(&m, Quant::Bf16).total, 8_030_261_248.0 * 2.0);
    assert_eq!(weight_bytes(&m, Quant::Fp32).total, 8_030_261_248.0 * 4.0);
}

#[test]
fn gpt_oss_ships_mxfp4_experts_and_bf16_elsewhere() {
    // 120b: expert matrices 36·128·3·2880·2880 = 114,661,785,600 params at 4.25 bits, the other
    // 2,167,371,072 (expert biases included) at 2 B = 65.25e9 B = 60.77 GiB
    // (`docs/sizing-formulas.md` §1c).
    let w = weight_bytes(&model("gpt-oss-120b"), Quant::Mxfp4);
    assert!((w.total / GIB - 60.77).abs() < 0.02, "{}", w.total / GIB);
    let w20 = weight_bytes(&model("gpt-oss-20b"), Quant::Mxfp4);
    assert!(
        (w20.total / GIB - 12.82).abs() < 0.02,
        "{}",
        w20.total / GIB
    );
    // The app's bf16 default becomes the native mix for gpt-oss, unless asked otherwise.
    let wl = Workload::default();
    assert_eq!(effective_quant(&model("gpt-oss-120b"), &wl), Quant::Mxfp4);
    let exact = Workload {
        native_default: false,
        ..Workload::default()
    };
    assert_eq!(effective_quant(&model("gpt-oss-120b"), &exact), Quant::Bf16);
    assert_eq!(effective_quant(&model("llama-3.1-8b"), &wl), Quant::Bf16);
    assert_eq!(effective_quant(&model("deepseek-v3"), &wl), Quant::Fp8);
}

#[test]
fn weights_are_exact_for_architectures_and_empirical_for_bare_counts() {
    assert_eq!(
        weight_bytes(&model("qwen3-8b"), Quant::Q4KM).provenance,
        Provenance::Exact
    );
    let bare = ModelArch::params_only("x", 8_030_261_248);
    let w = weight_bytes(&bare, Quant::Q4KM);
    assert_eq!(w.provenance, Provenance::Empirical);
    assert!((w.total - 8_030_261_248.0 * 4.8944 / 8.0).abs() < 1.0);
    assert!(w.low < w.total && w.high > w.total);
}

#[test]
fn a_gguf_file_size_overrides_the_estimate() {
    let m = ModelArch {
        file_weight_bytes: Some(4_920_000_000),
        ..model("llama-3.1-8b")
    };
    assert_eq!(weight_bytes(&m, Quant::Q4KM).total, 4_920_000_000.0);
}

#[test]
fn larger_gguf_files_land_where_published_quantisations_do() {
    // Regression pins of the tensor-by-tensor rules on bigger models. For orientation (from
    // memory of public GGUF listings, not a stored source): Llama-3.3-70B Q4_K_M ~42.5 GB,
    // Qwen2.5-72B Q4_K_M ~47.4 GB, DeepSeek-V3 Q4_K_M ~404 GB, Mixtral-8x7B Q8_0 ~49.6 GB.
    let cases = [
        ("llama-3.3-70b", Quant::Q4KM, 42.51),
        ("llama-3.3-70b", Quant::Q2K, 26.37),
        ("qwen2.5-72b", Quant::Q4KM, 47.41),
        ("deepseek-v3", Quant::Q4KM, 404.55),
        ("mixtral-8x7b", Quant::Q8_0, 49.63),
        ("qwen3-30b-a3b", Quant::Q4KM, 18.55),
        ("gemma-3-27b", Quant::Q4KM, 16.54),
    ];
    for (id, q, gb) in cases {
        let got = weight_bytes(&model(id), q).total / 1e9;
        assert!((got - gb).abs() < 0.01, "{id} {q}: {got:.3} GB");
    }
}

#[test]
fn phi_3_mini_q4_k_m_keeps_its_fused_qkv_at_the_value_projections_mix() {
    // Phi-3-mini: hidden 3072, 32 layers, 32 heads of 96 (MHA), FFN 8192, vocab 32064, untied.
    // Q4_K is 144 B and Q6_K 210 B per 256 weights; use_more_bits(i, 32) holds in 16 layers
    // (0-3, 28-31, and 6, 9, ..., 27), where attn_qkv and ffn_down take Q6_K
    // (ggml-org/llama.cpp@007dbbf3 src/llama-quant.cpp: attn_qkv is in category_is_attn_v).
    // token_embd 98,500,608 weights Q4_K      55,406,592
    // output     98,500,608 weights Q6_K      80,801,280
    // attn_qkv   3072 x 9216 = 28,311,552: 16 x 23,224,320 + 16 x 15,925,248 = 626,393,088
    // attn_output 3072 x 3072 Q4_K: 32 x 5,308,416 = 169,869,312
    // ffn_up (gate and up fused) 2 x 3072 x 8192 Q4_K: 32 x 28,311,552 = 905,969,664
    // ffn_down 8192 x 3072: 16 x 20,643,840 + 16 x 14,155,776 = 556,793,856
    // norms (2 x 32 + 1) x 3072 x 4 B = 798,720
    // total 2,396,032,512 (Microsoft's Phi-3-mini-4k-instruct-q4.gguf is 2.39 GB).
    let w = weight_bytes(&model("phi-3-mini"), Quant::Q4KM).total;
    assert_eq!(w, 2_396_032_512.0);
    // With q, k and v split (q, k Q4_K; v by the attn_v mix) it was 77,856,768 bytes less:
    // 3.3% low, the error this fixes.
    let split = ModelArch {
        fused_qkv: false,
        ..model("phi-3-mini")
    };
    assert_eq!(w - weight_bytes(&split, Quant::Q4KM).total, 77_856_768.0);
}
