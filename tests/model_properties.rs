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

fn total(a: &ModelArch, wl: &Workload, hw: &Hardware) -> f64 {
    memory(a, wl, hw, &EngineConstants::default()).total.0
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
        assert_sane(t.bytes.0, &t.key);
        assert_sane(t.low.0, &t.key);
        assert_sane(t.high.0, &t.key);
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
        let c = EngineConstants::default();
        for hw in [
            Hardware::Gpu { gpu, per_server: gpus, servers: gpus },
            Hardware::Cpu { ram_bytes: Bytes(mem_gib * 1e9), bandwidth_gbs: mem_gib, cores: gpus, avx512: true, amx: false },
        ] {
            let m = memory(&a, &wl, &hw, &c);
            check_breakdown(&m);
            let s = speed(&a, &wl, &hw, &Efficiency::for_engine(e));
            for (x, w) in [
                (s.decode_tokens_per_s_per_user, "decode"),
                (s.aggregate_tokens_per_s, "aggregate"),
                (s.prefill_tokens_per_s, "prefill"),
                (s.ttft_ms, "ttft"),
                (s.requests_per_s, "rps"),
            ] {
                assert_sane(x, w);
            }
            let _ = max_concurrency(&a, &wl, &hw, &c);
            let _ = max_context(&a, &wl, &hw, &c);
        }
        if let Ok(pl) = place(&a, &wl, &gpu, gpus, &c) {
            assert_sane(pl.per_gpu_bytes.0, "per_gpu");
            prop_assert!(pl.gpus >= 1);
        }
    }
}
