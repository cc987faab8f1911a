//! The report's speed: the figures on the recommended hardware and what they rest on (the
//! step's terms, the fitted shares, the nearest published runs, the range from the held-out
//! error of runs of its class, the engine's benchmark command to check it).

use super::{NearestRun, SpeedBasis, SpeedRange, StepTerms, ThroughputReport};
use crate::catalog::Catalog;
use crate::model::bench::{benchmark_command, BenchSetting};
use crate::model::perf::{self, Run, Setting, SpeedClass};
use crate::model::{GpuClass, Hardware, Sizing, Speed};
use crate::units::finite_or_zero;

/// The report's throughput section for `speed` on `hw` (named `name`), the GPU's catalogue id
/// when there is one; `real_hw` false: the bare requirement, no basis.
pub(super) fn throughput_report(
    z: &Sizing,
    speed: &Speed,
    hw: &Hardware,
    name: String,
    gpu_id: Option<&str>,
    catalog: &Catalog,
    real_hw: bool,
) -> ThroughputReport {
    let basis = real_hw.then(|| basis(z, speed, hw, gpu_id, catalog));
    ThroughputReport {
        decode_tokens_per_s_per_user: finite_or_zero(speed.decode_tokens_per_s_per_user),
        aggregate_tokens_per_s: finite_or_zero(speed.aggregate_tokens_per_s),
        ttft_ms: finite_or_zero(speed.ttft_ms),
        hardware: name,
        prefill_tokens_per_s: finite_or_zero(speed.prefill_tokens_per_s),
        requests_per_s: finite_or_zero(speed.requests_per_s),
        queue_wait_ms: finite_or_zero(speed.queue_wait_ms),
        range: basis.as_ref().and_then(|b| b.range.clone()),
        basis,
    }
}

fn basis(
    z: &Sizing,
    speed: &Speed,
    hw: &Hardware,
    gpu_id: Option<&str>,
    catalog: &Catalog,
) -> SpeedBasis {
    let b = &speed.basis;
    let wl = z.workload();
    let class = match hw {
        Hardware::Gpu { gpu, .. } => Some(GpuClass::of(gpu)),
        Hardware::Cpu { .. } => None,
    };
    let params = z.params();
    let setting = Setting {
        gpu: gpu_id,
        class,
        engine: wl.engine,
        params_b: params.total as f64 / 1e9,
        moe: params.active < params.total,
        gpus: hw.gpu_count(),
        seqs: wl.seqs,
    };
    let cite = |r: &Run| NearestRun {
        line: r.line,
        file: r.file,
        engine: r.engine.into(),
        model: r.model.into(),
        gpu: catalog.gpu(r.gpu).map_or(r.gpu, |g| g.name.as_str()).into(),
        gpus: r.gpus,
        seqs: r.seqs,
        tokens_in: r.tokens_in,
        tokens_out: r.tokens_out,
        metric: r.metric.into(),
        published: r.published,
        error: r.error,
        held_out: r.held_out,
        source: r.source.into(),
        as_of: r.as_of.into(),
        engine_version: r.engine_version.into(),
    };
    let nearest_runs: Vec<NearestRun> = perf::nearest_runs(&setting, 3)
        .into_iter()
        .map(cite)
        .collect();
    let (on_gpu, on_engine) = perf::runs_on(gpu_id, wl.engine);
    // The held-out error of runs of this class: GPUs only, engines with published runs.
    let class = match hw {
        Hardware::Gpu { gpu, .. } if perf::engine_slot(wl.engine).is_some() => Some(SpeedClass {
            amd: gpu.vendor == crate::model::compat::Vendor::Amd,
            engine: wl.engine,
            moe: setting.moe,
            multi: hw.gpu_count() > 1,
        }),
        _ => None,
    };
    let period = perf::engine_period(wl.engine);
    let range = class.and_then(|c| perf::class_error(&c)).map(|e| {
        // The published figure is the model's over the ratio: its 96th percentile gives the low end.
        let (low, high) = (1.0 / e.high.max(1e-3), 1.0 / e.low.max(1e-3));
        let user = finite_or_zero(speed.decode_tokens_per_s_per_user);
        let all = finite_or_zero(speed.aggregate_tokens_per_s);
        SpeedRange {
            low,
            high,
            class: e.class.into(),
            runs: e.runs as u64,
            median_abs_error: e.median_abs,
            period_from: period.map_or("", |p| p.from).into(),
            period_to: period.map_or("", |p| p.to).into(),
            per_user_low: user * low,
            per_user_high: user * high,
            aggregate_low: all * low,
            aggregate_high: all * high,
        }
    });
    let benchmark = benchmark_command(&BenchSetting {
        engine: wl.engine,
        model: z.repo(),
        tp: b.tp,
        pp: b.pp,
        tokens_in: wl.tokens_in,
        tokens_out: wl.tokens_out,
        concurrency: wl.seqs,
    });
    SpeedBasis {
        bound: speed.bound.clone(),
        step_ms: finite_or_zero(speed.step_ms),
        terms: StepTerms {
            weights_ms: finite_or_zero(b.weights_ms),
            kv_ms: finite_or_zero(b.kv_ms),
            compute_ms: finite_or_zero(b.compute_ms),
            allreduce_ms: finite_or_zero(b.allreduce_ms),
            overhead_ms: finite_or_zero(b.overhead_ms),
        },
        gpu_class: b.gpu_class.clone(),
        bandwidth_share: finite_or_zero(b.bandwidth_share),
        matmul_share: finite_or_zero(b.matmul_share),
        tp: b.tp,
        pp: b.pp,
        nearest: nearest_runs.first().cloned(),
        runs_on_gpu: on_gpu as u64,
        runs_on_engine: on_engine as u64,
        range,
        nearest_runs,
        benchmark,
    }
}
