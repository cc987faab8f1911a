//! Invariants: memory never decreases with more parameters, context, concurrency or bits, and
//! no figure is ever negative, NaN or infinite, even for absurd inputs.

use inference_sizer::model::presets::builtin_presets;
use inference_sizer::model::*;
use inference_sizer::units::Bytes;
use proptest::prelude::*;

fn engines() -> impl Strategy<Value = Engine> {
    prop::sample::select(Engine::ALL.to_vec())
}
fn quants() -> impl Strategy<Value = Quant> {
    prop::sample::select(Quant::ALL.to_vec())
}
fn kvs() -> impl Strategy<Value = KvType> {
    prop::sample::select(KvType::ALL.to_vec())
}
fn tasks() -> impl Strategy<Value = Task> {
    prop::sample::select(Task::ALL.to_vec())
}
fn preset_index() -> impl Strategy<Value = usize> {
    0..builtin_presets().len()
}

/// The model under the workload, at the default engine constants.
fn sized(a: &ModelArch, wl: &Workload) -> Sizing {
    Sizing::new(a, wl, &EngineConstants::default())
}

fn total(a: &ModelArch, wl: &Workload, hw: &Hardware) -> f64 {
    sized(a, wl).memory(hw).total.0
}

fn workload(quant: Quant, kv: KvType, engine: Engine, task: Task, ctx: u64, seqs: u64) -> Workload {
    Workload {
        quant,
        kv,
        engine,
        task,
        ctx,
        seqs,
        native_default: false,
        ..Workload::default()
    }
}

#[track_caller]
fn assert_sane(x: f64, what: &str) {
    assert!(x.is_finite() && x >= 0.0, "{what} = {x}");
}

fn check_breakdown(m: &MemoryBreakdown) {
    for t in &m.terms {
        assert_sane(t.bytes.0, t.key);
        assert_sane(t.low.0, t.key);
        assert_sane(t.high.0, t.key);
        assert!(
            t.low.0 <= t.bytes.0 && t.bytes.0 <= t.high.0,
            "{}: {} {} {}",
            t.key,
            t.low.0,
            t.bytes.0,
            t.high.0
        );
    }
    for (x, w) in [
        (m.total.0, "total"),
        (m.weights.0, "weights"),
        (m.kv_cache.0, "kv"),
        (m.activations.0, "activations"),
        (m.overhead.0, "overhead"),
        (m.per_device.0, "per_device"),
        (m.kv_bytes_per_token.0, "kv/token"),
    ] {
        assert_sane(x, w);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn memory_grows_with_context_and_concurrency(
        i in preset_index(), q in quants(), kv in kvs(), e in engines(), t in tasks(),
        ctx in 1u64..200_000, extra_ctx in 0u64..200_000, seqs in 1u64..64, extra_seqs in 0u64..64,
    ) {
        let a = &builtin_presets()[i];
        let hw = Hardware::unbounded();
        let base = total(a, &workload(q, kv, e, t, ctx, seqs), &hw);
        let longer = total(a, &workload(q, kv, e, t, ctx + extra_ctx, seqs), &hw);
        let wider = total(a, &workload(q, kv, e, t, ctx, seqs + extra_seqs), &hw);
        prop_assert!(longer >= base, "ctx {} -> {}: {} < {}", ctx, ctx + extra_ctx, longer, base);
        prop_assert!(wider >= base, "seqs {} -> {}: {} < {}", seqs, seqs + extra_seqs, wider, base);
    }

    #[test]
    fn memory_grows_with_parameters(
        p in 1_000_000u64..2_000_000_000_000, k in 1u64..1000, e in engines(), q in quants(), t in tasks(),
    ) {
        let hw = Hardware::unbounded();
        let wl = workload(q, KvType::F16, e, t, 4096, 4);
        let small = total(&ModelArch::params_only("a", p), &wl, &hw);
        let big = total(&ModelArch::params_only("b", p.saturating_mul(k)), &wl, &hw);
        prop_assert!(big >= small, "{} -> {}: {} < {}", p, p * k, big, small);
    }

    #[test]
    fn memory_grows_with_layers(i in preset_index(), extra in 1u64..40, e in engines(), q in quants()) {
        let a = builtin_presets()[i].clone();
        let deeper = ModelArch { layers: a.layers + extra, ..a.clone() };
        let hw = Hardware::unbounded();
        let wl = workload(q, KvType::F16, e, Task::Infer, 8192, 4);
        prop_assert!(param_counts(&deeper).total > param_counts(&a).total);
        prop_assert!(total(&deeper, &wl, &hw) >= total(&a, &wl, &hw));
    }

    #[test]
    fn memory_grows_with_bits(i in preset_index(), q1 in quants(), q2 in quants(), kv1 in kvs(), kv2 in kvs(), e in engines()) {
        let a = &builtin_presets()[i];
        let hw = Hardware::unbounded();
        let (w1, w2) = (weight_bytes(a, q1).total, weight_bytes(a, q2).total);
        let (lo_q, hi_q) = if w1 <= w2 { (q1, q2) } else { (q2, q1) };
        let (lo_kv, hi_kv) = if kv_elem_bytes(kv1) <= kv_elem_bytes(kv2) { (kv1, kv2) } else { (kv2, kv1) };
        let small = total(a, &workload(lo_q, lo_kv, e, Task::Infer, 8192, 8), &hw);
        let big = total(a, &workload(hi_q, hi_kv, e, Task::Infer, 8192, 8), &hw);
        prop_assert!(big >= small, "{}/{} {} < {}/{} {}", hi_q, hi_kv, big, lo_q, lo_kv, small);
    }

    #[test]
    fn absurd_inputs_stay_finite(
        p in prop::sample::select(vec![0u64, 1, 1_000_000_000_000_000, u64::MAX]),
        ctx in prop::sample::select(vec![0u64, 1, 1_000_000_000, u64::MAX]),
        seqs in prop::sample::select(vec![0u64, 1, 1_000_000, u64::MAX]),
        gpus in prop::sample::select(vec![0u32, 1, 1_000_000, u32::MAX]),
        mem_gib in prop::sample::select(vec![0.0, 1e-9, 80.0, 1e12, f64::NAN, f64::INFINITY, -5.0]),
        i in preset_index(), use_preset in any::<bool>(), e in engines(), q in quants(), kv in kvs(), t in tasks(),
    ) {
        let a = if use_preset { builtin_presets()[i].clone() } else { ModelArch::params_only("x", p) };
        let wl = Workload { tokens_in: ctx, tokens_out: seqs, ..workload(q, kv, e, t, ctx, seqs) };
        let gpu = GpuFigures { memory: Bytes(mem_gib * 1073741824.0), ..GpuFigures::with_memory_gib(80.0) };
        let z = Sizing::new(&a, &wl, &EngineConstants::default());
        for hw in [
            Hardware::Gpu { gpu, per_server: gpus, servers: gpus },
            Hardware::Cpu { ram_bytes: Bytes(mem_gib * 1e9), bandwidth_gbs: mem_gib, cores: gpus, avx512: true, amx: false },
        ] {
            check_breakdown(&z.memory(&hw));
            let s = z.speed(&hw, &Efficiency::for_engine(e));
            for (x, w) in [
                (s.decode_tokens_per_s_per_user, "decode"),
                (s.aggregate_tokens_per_s, "aggregate"),
                (s.prefill_tokens_per_s, "prefill"),
                (s.ttft_ms, "ttft"),
                (s.requests_per_s, "rps"),
            ] {
                assert_sane(x, w);
            }
            prop_assert!(z.max_concurrency(&hw) <= 1_000_000);
            prop_assert!(z.max_context(&hw) <= 10_000_000);
        }
        if let Ok(pl) = z.place(&gpu, gpus) {
            assert_sane(pl.per_gpu_bytes.0, "per_gpu");
            prop_assert!(pl.gpus >= 1);
        }
    }
}

fn field() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(1u64),
        0u64..100_000,
        Just(u32::MAX as u64),
        Just(u64::MAX / 3),
        Just(u64::MAX),
    ]
}

fn families() -> impl Strategy<Value = ArchFamily> {
    prop::sample::select(vec![
        ArchFamily::Dense,
        ArchFamily::Moe,
        ArchFamily::GptOss,
        ArchFamily::DeepseekMla,
        ArchFamily::Encoder,
        ArchFamily::ParamsOnly,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Architecture fields from a URL or an imported file can be anything: nothing overflows.
    #[test]
    fn hostile_architecture_fields_never_panic(
        f in families(),
        v in prop::collection::vec(field(), 16),
        head_dim in prop::option::of(field()),
        tied in any::<bool>(), e in engines(), q in quants(), kv in kvs(), t in tasks(),
    ) {
        let a = ModelArch {
            family: f,
            hidden: v[0], layers: v[1], heads: v[2], kv_heads: v[3], head_dim, ffn: v[4], vocab: v[5],
            tied, experts: v[6], experts_active: v[7], moe_ffn: v[8], shared_experts: v[9],
            first_dense_layers: v[10], kv_lora_rank: v[11], q_lora_rank: v[12], rope_dim: v[13],
            window: v[14], swa_period: v[15], qk_nope_dim: v[13], v_head_dim: v[12],
            max_position: v[14], params: Some(v[0]), mtp_layers: v[15] % 3, token_types: v[9] % 3,
            ..ModelArch::default()
        };
        let c = EngineConstants::default();
        let wl = workload(q, kv, e, t, 8192, 4);
        let p = param_counts(&a);
        prop_assert!(p.active <= p.total);
        let z = Sizing::new(&a, &wl, &c);
        for hw in [Hardware::unbounded(), Hardware::Gpu { gpu: GpuFigures::with_memory_gib(80.0), per_server: 8, servers: 2 }] {
            check_breakdown(&z.memory(&hw));
            let s = z.speed(&hw, &Efficiency::for_engine(e));
            assert_sane(s.decode_tokens_per_s_per_user, "decode");
            assert_sane(s.ttft_ms, "ttft");
            prop_assert!(z.max_concurrency(&hw) <= 1_000_000);
        }
        if let Ok(pl) = z.place(&GpuFigures::with_memory_gib(80.0), 8) {
            prop_assert!(pl.gpus >= 1 && pl.tp >= 1 && pl.pp >= 1);
        }
        prop_assert_eq!(valid_tp_degrees(&a, 8).first().copied(), Some(1));
    }
}

/// Any value of the 2025 architecture fields (chunks, layer patterns, linear attention, the
/// indexer, interleaved MoE, fused tensors) on any preset: counts, weights and caches are finite
/// and never negative, the cache never shrinks with context, and cache = per token x tokens.
fn layer_kinds() -> impl Strategy<Value = (u64, u64, u64, u64, u64, u64, u64, u64)> {
    (
        0u64..20_000,
        0u64..64,
        0u64..200,
        0u64..9,
        0u64..100_000,
        0u64..4096,
        0u64..1_000,
        0u64..100,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn new_layer_kinds_stay_finite_and_monotone(
        i in preset_index(),
        (chunk, period, global, every, heads, dim, conv, step) in layer_kinds(),
        fused in any::<bool>(),
        hybrid in any::<bool>(),
        q in quants(), kv in kvs(), e in engines(),
        ctx in 1u64..300_000, extra in 0u64..300_000, seqs in 1u64..64,
    ) {
        let base = builtin_presets()[i].clone();
        let a = ModelArch {
            attention_chunk: chunk,
            swa_period: period,
            global_layers: if global % 3 == 0 { None } else { Some(global) },
            full_attention_interval: every,
            family: if hybrid && base.family != ArchFamily::Encoder {
                ArchFamily::HybridLinear
            } else {
                base.family
            },
            linear_key_heads: heads / 7,
            linear_value_heads: heads,
            linear_key_dim: dim,
            linear_value_dim: dim / 2,
            linear_conv_kernel: conv,
            index_heads: heads % 100,
            index_head_dim: dim,
            moe_layer_step: step,
            fused_qkv: fused,
            fused_gate_up: fused,
            ..base
        };
        let p = param_counts(&a);
        prop_assert!(p.active <= p.total);
        let w = weight_bytes(&a, q).total;
        prop_assert!(w.is_finite() && w >= 0.0);
        let shape = kv_shape(&a, kv);
        let c = EngineConstants::default();
        let short = kv_cache_bytes(&shape, ctx, seqs, e, &c);
        let long = kv_cache_bytes(&shape, ctx + extra, seqs, e, &c);
        prop_assert!(short.is_finite() && short >= 0.0);
        prop_assert!(long >= short, "{} < {}", long, short);
        let vllm = kv_cache_bytes(&shape, ctx, seqs, Engine::Vllm, &c);
        let per = kv_bytes_per_token_at(&a, kv, ctx);
        let rel = (per * ctx as f64 * seqs as f64 - vllm).abs() / vllm.max(1.0);
        prop_assert!(rel < 1e-9, "{} x {} x {} vs {}", per, ctx, seqs, vllm);
        let wl = Workload { quant: q, kv, engine: e, ctx, seqs, ..Workload::default() };
        let m = sized(&a, &wl).memory(&Hardware::unbounded());
        prop_assert!(m.total.0.is_finite() && m.total.0 >= 0.0);
    }
}
