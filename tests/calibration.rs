//! Calibration as code, tested on what was not fitted. Every published measurement in
//! `tests/data/throughput.csv` and `tests/data/throughput-2026-12-02.csv` that the sizing model
//! can express is run through the real `Sizing::speed` and compared with the published figure
//! (`support/published.rs` reads and expresses the rows).
//!
//! Two errors are reported:
//! - **in-sample**: the corrections of `model::perf::Calibration` fitted on every run, the runs
//!   scored with them (what the shipped model does on the data it was fitted to);
//! - **cross-validated**: the corrections refitted with one group of runs held out and the
//!   held-out runs scored with them, for three groupings: every run of one **source** (a
//!   publication or benchmark suite) together, every run of one **model family**, every run on
//!   one **GPU**. The test fails on the cross-validated figures.
//!
//! What is refitted is the `Calibration`: the per-engine, per-engine-on-AMD, MoE-on-several-GPUs
//! and per-doubling factors, and the two structural constants chosen with them (the
//! expert-batching reference and the all-reduce's share of the link, each fold choosing among
//! the candidates by its own training runs). The shares of peak of `perf::shares` were fitted in issue 15 on the first file's
//! rows (`fit_the_constants`, ignored: a coordinate search too slow to repeat per fold), so the
//! held-out error of that file's sources is partly in-sample; the second file's 1,100 rows were
//! never seen by that fit. Both are reported apart.
//!
//! A third set is the **wider check**: the runs gathered after the fit (the third file, and the
//! runs of architectures imported since), scored with the shipped corrections and never fitted
//! on, a test set's error (`the_speed_model_on_runs_gathered_after_its_fit`); the ranges the
//! report states rest on the held-out runs and on the wider check's runs of the current period.
//!
//! `cargo test --release --test calibration -- --nocapture` prints every row, the tables by
//! class, source, GPU, engine and metric, and the skipped rows with the reason.
//! `UPDATE_CALIBRATION=1` rewrites `src/model/fitted.rs` (the corrections and the per-class
//! ranges) and `src/model/runs.rs` (the runs the report cites); otherwise they must match.

#[path = "support/published.rs"]
mod published;

use inference_sizer::catalog::Catalog;
use inference_sizer::model::perf::{self, engine_slot, Calibration, EngineKind, ShareTable};
use inference_sizer::model::*;
use published::{Case, Metric};

const FITTED_HEAD: &str =
    "//! The speed model's corrections and ranges as fitted to the published runs. Written by
//! `tests/calibration.rs` (`UPDATE_CALIBRATION=1 cargo test --test calibration`), which fails
//! when it is stale: do not edit by hand.

use super::perf::{Calibration, ClassError, EnginePeriod};
";

const RUNS_HEAD: &str =
    "//! The published runs the report cites: one per engine, model, GPU, GPU count and metric of
//! `tests/data/throughput.csv` (file 0) and `tests/data/throughput-2026-12-02.csv` (file 1) that
//! the speed model expresses, with the shipped model's error on it. Written by
//! `tests/calibration.rs` (`UPDATE_CALIBRATION=1 cargo test --test calibration`), which fails when
//! it is stale: do not edit by hand.

use super::perf::Run;

#[rustfmt::skip]
pub const RUNS: &[Run] = &[
";

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The `q` quantile of `v` (nearest rank on the sorted values).
fn quantile(v: &[f64], q: f64) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return f64::NAN;
    }
    v[((v.len() - 1) as f64 * q).round() as usize]
}

/// The factors of a calibration, each named by where it sits, and which cases it applies to.
fn factors() -> Vec<(&'static str, usize, usize)> {
    // (kind, slot): kind 0 engine, 1 AMD, 2 MoE on several GPUs, 3 per doubling, 4 earlier
    // period.
    let mut out = Vec::new();
    for kind in 0..5 {
        for slot in 0..4 {
            out.push((
                ["engine", "amd", "moe_multi", "per_doubling", "period"][kind],
                kind,
                slot,
            ));
        }
    }
    out
}

fn applies(c: &Case, kind: usize, slot: usize) -> bool {
    engine_slot(c.wl.engine) == Some(slot)
        && match kind {
            0 => true,
            1 => c.amd,
            2 => c.moe && c.per_replica * c.servers > 1,
            3 => c.per_replica * c.servers > 1,
            _ => c.paired_earlier,
        }
}

fn factor_mut(cal: &mut Calibration, kind: usize, slot: usize) -> &mut f64 {
    match kind {
        0 => &mut cal.engine[slot],
        1 => &mut cal.amd[slot],
        2 => &mut cal.moe_multi[slot],
        3 => &mut cal.per_doubling[slot],
        _ => &mut cal.period[slot],
    }
}

/// Whether a case takes part in the fit: not the times to first token measured at saturating
/// concurrency (they include queueing the model leaves to the cost model's M/M/c wait).
fn fits(c: &Case) -> bool {
    !(c.metric == Metric::Ttft && c.wl.seqs > 1)
}

/// The fit of `perf::Calibration` on `train`: for every pair of structural constants (the
/// expert-batching reference and the all-reduce's share of the link, among
/// `perf::EXPERT_TOKENS_REF_CANDIDATES` and `perf::LINK_SHARE_CANDIDATES`) the factors are
/// fitted (`fit_factors`), and the pair whose fit scores best on `train` itself ([`objective`])
/// is kept: held-out runs choose nothing.
fn fit_calibration(train: &[&Case], catalog: &Catalog) -> Calibration {
    let mut best: Option<(f64, Calibration)> = None;
    for reference in perf::EXPERT_TOKENS_REF_CANDIDATES {
        for link in perf::LINK_SHARE_CANDIDATES {
            for exchange in perf::EXPERT_EXCHANGE_US_CANDIDATES {
                let start = Calibration {
                    expert_tokens_ref: reference,
                    link_share: link,
                    expert_exchange_us: exchange,
                    ..Calibration::NONE
                };
                let cal = fit_factors(train, catalog, start);
                let errors: Vec<f64> = train
                    .iter()
                    .filter(|c| fits(c))
                    .map(|c| {
                        let model = published::predict(c, catalog, None, Some(&cal)).0;
                        published::ratio(c, model) - 1.0
                    })
                    .collect();
                let o = objective(&errors);
                if best.as_ref().is_none_or(|(b, _)| o < *b - 1e-12) {
                    best = Some((o, cal));
                }
            }
        }
    }
    best.expect("candidates").1
}

/// The factors of `perf::Calibration` fitted on `train` from `start` (its structural constants
/// kept): each factor in turn takes the median log-ratio of published over modelled speed over
/// the runs it applies to (at least `MIN_RUNS_TO_FIT`), the others held; three sweeps.
fn fit_factors(train: &[&Case], catalog: &Catalog, start: Calibration) -> Calibration {
    let mut cal = start;
    for _sweep in 0..3 {
        let mut logs: Vec<f64> = train
            .iter()
            .map(|c| published::ratio(c, published::predict(c, catalog, None, Some(&cal)).0).ln())
            .collect();
        for (_, kind, slot) in factors() {
            let idx: Vec<usize> = (0..train.len())
                .filter(|&i| fits(train[i]) && applies(train[i], kind, slot))
                .collect();
            if idx.len() < perf::MIN_RUNS_TO_FIT {
                continue;
            }
            // A period factor needs the engine's current period too (older runs against newer),
            // and pairs in more than one model family: a gain seen on one model alone is that
            // model's kernels maturing (DeepSeek-R1 in 2025), not the engine's period.
            if kind == 4 {
                let current = train
                    .iter()
                    .filter(|c| fits(c) && applies(c, 0, slot) && !perf::earlier_period(&c.as_of))
                    .count();
                let mut families: Vec<&str> = idx.iter().map(|&i| train[i].family).collect();
                families.sort();
                families.dedup();
                if current < perf::MIN_RUNS_TO_FIT || families.len() < perf::MIN_FAMILIES_FOR_PERIOD
                {
                    continue;
                }
            }
            // The per-doubling factor acts as its power log2(GPUs): each run says so much per
            // doubling.
            let doublings = |c: &Case| {
                if kind == 3 {
                    ((c.per_replica * c.servers) as f64).log2()
                } else {
                    1.0
                }
            };
            let m = median(idx.iter().map(|&i| logs[i] / doublings(train[i])).collect());
            *factor_mut(&mut cal, kind, slot) *= (-m).exp();
            for &i in &idx {
                logs[i] -= m * doublings(train[i]);
            }
        }
    }
    // Two figures, as the shipped constants are written.
    for (_, kind, slot) in factors() {
        let f = factor_mut(&mut cal, kind, slot);
        *f = (*f * 100.0).round() / 100.0;
    }
    cal
}

/// The model's speed over the published one for every case under `cal`.
fn ratios(cases: &[Case], catalog: &Catalog, cal: &Calibration) -> Vec<f64> {
    cases
        .iter()
        .map(|c| published::ratio(c, published::predict(c, catalog, None, Some(cal)).0))
        .collect()
}

/// Held-out ratios: for each value of `key`, the calibration refitted without its runs and
/// those runs scored with it.
fn cross_validate(cases: &[Case], catalog: &Catalog, key: impl Fn(&Case) -> String) -> Vec<f64> {
    let mut keys: Vec<String> = cases.iter().map(&key).collect();
    keys.sort();
    keys.dedup();
    let mut out = vec![f64::NAN; cases.len()];
    for k in keys {
        let train: Vec<&Case> = cases.iter().filter(|c| key(c) != k).collect();
        let cal = fit_calibration(&train, catalog);
        println!(
            "fold without {k:.40}: expert reference {}, link share {}, exchange {} us",
            cal.expert_tokens_ref, cal.link_share, cal.expert_exchange_us
        );
        for (i, c) in cases.iter().enumerate() {
            if key(c) == k {
                out[i] = published::ratio(c, published::predict(c, catalog, None, Some(&cal)).0);
            }
        }
    }
    out
}

struct Summary {
    runs: usize,
    median_abs: f64,
    median: f64,
    within_30: f64,
}

fn summary(r: &[f64]) -> Summary {
    let e: Vec<f64> = r.iter().map(|x| x - 1.0).collect();
    let abs: Vec<f64> = e.iter().map(|x| x.abs()).collect();
    Summary {
        runs: e.len(),
        median_abs: median(abs.clone()),
        median: median(e),
        within_30: abs.iter().filter(|x| **x <= 0.30).count() as f64 / abs.len().max(1) as f64,
    }
}

/// A table of errors by `key`: in-sample and held out by source, family and GPU.
fn table(title: &str, cases: &[Case], cols: &[(&str, &[f64])], key: impl Fn(&Case) -> String) {
    let mut keys: Vec<String> = cases.iter().map(&key).collect();
    keys.sort();
    keys.dedup();
    print!("\n{title:<34} {:>5}", "runs");
    for (name, _) in cols {
        print!(" | {name:>22}");
    }
    println!(
        "\n{:<34} {:>5}{}",
        "",
        "",
        " |  med|e| med e  <=30%".repeat(cols.len())
    );
    for k in keys {
        let idx: Vec<usize> = (0..cases.len()).filter(|&i| key(&cases[i]) == k).collect();
        print!("{k:<34} {:>5}", idx.len());
        for (_, r) in cols {
            let s = summary(&idx.iter().map(|&i| r[i]).collect::<Vec<_>>());
            print!(
                " | {:>6.0}% {:>+5.0}% {:>5.0}%",
                100.0 * s.median_abs,
                100.0 * s.median,
                100.0 * s.within_30
            );
        }
        println!();
    }
}

fn metric_group(c: &Case) -> &'static str {
    match c.metric {
        Metric::Total | Metric::TotalPerGpu => "throughput",
        Metric::PerUser | Metric::Tpot => "per-user decode",
        Metric::Prefill => "prefill",
        Metric::Ttft if c.wl.seqs > 1 => "ttft (queued)",
        Metric::Ttft => "ttft",
    }
}

/// The whole evaluation, once per test binary.
struct Evaluation {
    cases: Vec<Case>,
    skipped: Vec<(usize, usize, String)>,
    cal: Calibration,
    in_sample: Vec<f64>,
    by_source: Vec<f64>,
    by_family: Vec<f64>,
    by_gpu: Vec<f64>,
    /// The wider check (`published::wider_check`): runs gathered after the fit, never fitted
    /// on, and the shipped model's speed over the published one on each.
    wider: Vec<Case>,
    wider_ratios: Vec<f64>,
}

fn evaluate() -> &'static Evaluation {
    static E: std::sync::OnceLock<Evaluation> = std::sync::OnceLock::new();
    E.get_or_init(|| {
        let catalog = Catalog::builtin();
        let (every, skipped) = published::cases(&catalog);
        let (wider, cases): (Vec<Case>, Vec<Case>) =
            every.into_iter().partition(published::wider_check);
        let all: Vec<&Case> = cases.iter().collect();
        let cal = fit_calibration(&all, &catalog);
        let in_sample = ratios(&cases, &catalog, &cal);
        let by_source = cross_validate(&cases, &catalog, |c| c.source.clone());
        let by_family = cross_validate(&cases, &catalog, |c| c.family.to_string());
        let by_gpu = cross_validate(&cases, &catalog, |c| c.gpu.clone());
        let wider_ratios = ratios(&wider, &catalog, &cal);
        Evaluation {
            cases,
            skipped,
            cal,
            in_sample,
            by_source,
            by_family,
            by_gpu,
            wider,
            wider_ratios,
        }
    })
}

/// The runs the report cites and the ranges rest on, each with the model's speed over the
/// published one where no fit saw it: every fitted run with its source held out, and the wider
/// check's runs of the current period (`perf::CURRENT_PERIOD_FROM`: the period the figures
/// represent; the check's older runs measured engines since replaced), never fitted on.
fn pool(e: &Evaluation) -> Vec<(&Case, f64)> {
    let fitted = e.cases.iter().zip(e.by_source.iter().copied());
    let wider = e
        .wider
        .iter()
        .zip(e.wider_ratios.iter().copied())
        .filter(|(c, _)| !perf::earlier_period(&c.as_of));
    fitted.chain(wider).collect()
}

/// Per class (and the broader classes a thin one falls back to), the held-out ratios, over the
/// runs of `pool` that `keep` selects. A time to first token measured at saturating concurrency
/// is left out: it includes a queue for a slot that the speed figures a range is applied to do
/// not claim (the fit leaves those runs out too).
fn class_errors(pool: &[(&Case, f64)], keep: impl Fn(&Case) -> bool) -> Vec<(String, Vec<f64>)> {
    let mut groups: Vec<(String, Vec<f64>)> = Vec::new();
    let mut add = |k: String, v: f64| match groups.iter_mut().find(|(g, _)| *g == k) {
        Some((_, vs)) => vs.push(v),
        None => groups.push((k, vec![v])),
    };
    for &(c, held) in pool {
        if !keep(c) || !fits(c) || !held.is_finite() {
            continue;
        }
        let class = c.class();
        let mut parts = class.split('/');
        let (vendor, engine) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        add(class.clone(), held);
        add(format!("{vendor}/{engine}"), held);
        add(engine.to_string(), held);
        add("all".into(), held);
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    groups
}

/// The quantiles of the held-out ratio a range spans: the 4th and the 96th, so that on runs
/// the range never saw it holds the published value for at least 80% of them (the nested check
/// below: 85% on 2026-12-03 with the wider check's runs of the current period in the pool, when
/// the 5th-95th held 79.6% and the 2.5th-97.5th 87%; on 2026-12-02, without them, the 5th-95th
/// held 83% and the 10th-90th 72%: a range from past errors is narrower than the next).
const RANGE_LOW_Q: f64 = 0.04;
const RANGE_HIGH_Q: f64 = 0.96;

/// The range a class states, as multipliers of the model's figure: (low, high).
fn range_of(groups: &[(String, Vec<f64>)], c: &Case) -> Option<(f64, f64)> {
    let class = c.class();
    let mut parts = class.split('/');
    let (vendor, engine) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let min = perf::MIN_RUNS_FOR_RANGE as usize;
    let find = |k: &str| {
        groups
            .iter()
            .find(|(g, v)| g == k && v.len() >= min)
            .map(|(_, v)| v)
    };
    let v = find(&class)
        .or_else(|| find(&format!("{vendor}/{engine}")))
        .or_else(|| find(engine))
        .or_else(|| find("all"))?;
    Some((
        1.0 / quantile(v, RANGE_HIGH_Q),
        1.0 / quantile(v, RANGE_LOW_Q),
    ))
}

fn fitted_text(e: &Evaluation) -> String {
    let f = |v: &[f64; 4]| format!("[{:?}, {:?}, {:?}, {:?}]", v[0], v[1], v[2], v[3]);
    let per_doubling = f(&e.cal.per_doubling);
    let mut s = format!(
        "{FITTED_HEAD}\n/// Fitted on {} runs (`perf::Calibration`): engine order vLLM, SGLang, TensorRT-LLM,\n/// llama.cpp.\npub const CALIBRATION: Calibration = Calibration {{\n    engine: {},\n    amd: {},\n    moe_multi: {},\n    period: {},\n    per_doubling: {per_doubling},\n    expert_tokens_ref: {:?},\n    link_share: {:?},\n    expert_parallel: true,\n    expert_exchange_us: {:?},\n}};\n",
        e.cases.len(),
        f(&e.cal.engine),
        f(&e.cal.amd),
        f(&e.cal.moe_multi),
        f(&e.cal.period),
        e.cal.expert_tokens_ref,
        e.cal.link_share,
        e.cal.expert_exchange_us
    );
    s.push_str("\n/// Held-out error by class (one source left out; the wider check's current runs), `perf::ClassError`.\n#[rustfmt::skip]\npub const CLASS_ERRORS: &[ClassError] = &[\n");
    for (k, v) in class_errors(&pool(e), |_| true) {
        let m = median(v.iter().map(|x| (x - 1.0).abs()).collect());
        s.push_str(&format!(
            "    ClassError {{ class: {k:?}, runs: {}, low: {:.3}, high: {:.3}, median_abs: {:.3} }},\n",
            v.len(),
            quantile(&v, RANGE_LOW_Q),
            quantile(&v, RANGE_HIGH_Q),
            m
        ));
    }
    s.push_str("];\n");
    // The period each engine's figures represent: its current period's runs where its older
    // runs carry a fitted period factor, every run otherwise.
    s.push_str("\n/// The period each engine's figures represent (`perf::EnginePeriod`).\n#[rustfmt::skip]\npub const ENGINE_PERIODS: &[EnginePeriod] = &[\n");
    let mut engines: Vec<&str> = e.cases.iter().map(|c| c.wl.engine.id()).collect();
    engines.sort();
    engines.dedup();
    for id in engines {
        let of_engine: Vec<&Case> = e.cases.iter().filter(|c| c.wl.engine.id() == id).collect();
        let slot = engine_slot(of_engine[0].wl.engine).expect("an engine with runs has a slot");
        let brought = e.cal.period[slot] != 1.0;
        let earlier = |c: &Case| c.paired_earlier;
        let mut months: Vec<String> = of_engine
            .iter()
            .filter(|c| !brought || !earlier(c))
            .map(|c| month(&c.as_of))
            .collect();
        let runs = of_engine.len();
        let earlier_runs = if brought {
            of_engine.iter().filter(|c| earlier(c)).count()
        } else {
            0
        };
        months.sort();
        s.push_str(&format!(
            "    EnginePeriod {{ engine: {id:?}, from: {:?}, to: {:?}, runs: {runs}, earlier_runs: {earlier_runs} }},\n",
            months[0],
            months[months.len() - 1]
        ));
    }
    s.push_str("];\n");
    s
}

/// Year and month of an `as_of` ("2025-09", "2024-05-12", "2025 (approx.)" as "2025").
fn month(as_of: &str) -> String {
    let t: String = as_of.chars().take(7).collect();
    let ok = t.len() == 7 && t.as_bytes()[4] == b'-' && t[..4].chars().all(|c| c.is_ascii_digit());
    if ok {
        t
    } else {
        as_of.chars().take(4).collect()
    }
}

fn runs_text(e: &Evaluation, catalog: &Catalog) -> String {
    let mut seen: Vec<String> = Vec::new();
    let mut s = RUNS_HEAD.to_string();
    for (c, held_out) in pool(e) {
        let key = format!(
            "{} {} {} {} {}",
            c.wl.engine.id(),
            c.arch.id,
            c.gpu,
            c.gpus(),
            c.metric.id()
        );
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let rows = published::rows();
        let row = rows
            .iter()
            .find(|r| r.file == c.file && r.line == c.line)
            .expect("the case's row");
        let source: String = row
            .get(published::SOURCE)
            .split(" (")
            .next()
            .unwrap_or("")
            .chars()
            .take(90)
            .collect();
        let class = GpuClass::of(&GpuFigures::from(catalog.gpu(&c.gpu).expect("checked")));
        let (model, seqs) = published::predict(c, catalog, None, Some(&e.cal));
        // The error as the report states it: the model's figure over the published one, on
        // the published metric (times too: +20% is a time 20% too long).
        let error = model / c.published - 1.0;
        let metric = match c.metric {
            Metric::TotalPerGpu => "total_per_gpu",
            m => m.id(),
        };
        s.push_str(&format!(
            "    Run {{ file: {}, line: {}, engine: {:?}, model: {:?}, params_b: {:.2}, moe: {}, gpu: {:?}, class: {:?}, gpus: {}, seqs: {}, tokens_in: {}, tokens_out: {}, metric: {:?}, published: {:?}, error: {:.3}, held_out: {:.3}, source: {:?}, as_of: {:?}, engine_version: {:?}, earlier_period: {} }},\n",
            c.file,
            c.line,
            c.wl.engine.id(),
            c.arch.id,
            param_counts(&c.arch).total as f64 / 1e9,
            c.moe,
            c.gpu,
            class.id(),
            c.gpus(),
            seqs,
            c.wl.tokens_in,
            c.wl.tokens_out,
            metric,
            c.published,
            error,
            held_out - 1.0,
            source,
            row.get(published::AS_OF),
            row.get(1).chars().take(40).collect::<String>(),
            perf::earlier_period(&c.as_of),
        ));
    }
    s.push_str("];\n");
    s
}

/// The honest bounds the test holds the model to: no regression from what the model reaches
/// held out (measured 2026-12-03 with the expert exchange's cost per phase,
/// `perf::Calibration::expert_exchange_us`: leave one source out 10.2% and 86% within 30%, one
/// family out 16.9% and 86%, one GPU out 11.6% and 86%; before it 11.7%, 15.6% and 11.6%), with
/// a small margin; and the targets (20% and 80%), met on every grouping; and no class
/// of 5 runs or more above the 35% bar held out by source (SGLang on AMD, whose only
/// fitted runs come from one source, was 71% off before the exchange's cost, 34% with it).
const MAX_HELD_OUT_MEDIAN: f64 = 0.175;
const MIN_HELD_OUT_WITHIN_30: f64 = 0.83;
/// The bar for a class of 5 runs or more, held out by source.
const MAX_CLASS_HELD_OUT_MEDIAN: f64 = 0.35;
const TARGET_MEDIAN: f64 = 0.20;
const TARGET_WITHIN_30: f64 = 0.80;

#[test]
fn the_speed_model_holds_on_runs_it_never_saw() {
    let e = evaluate();
    let catalog = Catalog::builtin();
    println!(
        "{:>2}:{:<4} {:<16} {:<18} {:<8} {:>5} {:>11} {:<13} {:>10} {:>10} {:>7} {:>7}",
        "f",
        "line",
        "model",
        "gpu x n",
        "engine",
        "conc",
        "in/out",
        "metric",
        "published",
        "model",
        "in",
        "held"
    );
    for (i, c) in e.cases.iter().enumerate() {
        let (v, seqs) = published::predict(c, &catalog, None, Some(&e.cal));
        println!(
            "{:>2}:{:<4} {:<16} {:<18} {:<8} {:>5} {:>11} {:<13} {:>10.1} {:>10.1} {:>+6.0}% {:>+6.0}%",
            c.file,
            c.line,
            c.arch.id,
            format!("{} x{}", c.gpu.trim_start_matches("nvidia_"), c.gpus()),
            c.wl.engine.id(),
            seqs,
            format!("{}/{}", c.wl.tokens_in, c.wl.tokens_out),
            c.metric.id(),
            c.published,
            v,
            100.0 * (e.in_sample[i] - 1.0),
            100.0 * (e.by_source[i] - 1.0),
        );
    }
    println!("\nskipped {} rows:", e.skipped.len());
    let mut why: Vec<(String, usize)> = Vec::new();
    for (_, _, w) in &e.skipped {
        match why.iter_mut().find(|(k, _)| k == w) {
            Some((_, n)) => *n += 1,
            None => why.push((w.clone(), 1)),
        }
    }
    why.sort_by_key(|w| std::cmp::Reverse(w.1));
    for (w, n) in &why {
        println!("  {n:>4} {w}");
    }
    println!("\nfitted calibration: {:?}", e.cal);
    let cols: [(&str, &[f64]); 4] = [
        ("in-sample", &e.in_sample),
        ("held out: source", &e.by_source),
        ("held out: family", &e.by_family),
        ("held out: GPU", &e.by_gpu),
    ];
    table("class (vendor/engine/moe/gpus)", &e.cases, &cols, |c| {
        c.class()
    });
    table("source", &e.cases, &cols, |c| {
        c.source.chars().take(34).collect()
    });
    table("file", &e.cases, &cols, |c| {
        ["throughput.csv", "throughput-2026-12-02"][c.file].into()
    });
    table("GPU", &e.cases, &cols, |c| c.gpu.clone());
    table("family", &e.cases, &cols, |c| c.family.into());
    table("metric", &e.cases, &cols, |c| metric_group(c).into());
    table("all", &e.cases, &cols, |_| "all".into());
    for (name, r) in cols {
        let s = summary(r);
        println!(
            "{name:<18} {} runs: median |error| {:.1}%, median error {:+.1}%, {:.0}% within 30% (targets {:.0}% and {:.0}%)",
            s.runs,
            100.0 * s.median_abs,
            100.0 * s.median,
            100.0 * s.within_30,
            100.0 * TARGET_MEDIAN,
            100.0 * TARGET_WITHIN_30
        );
    }
    // Classes of 5 runs or more whose held-out median is above 35% (the bar).
    let mut gaps = Vec::new();
    let mut classes: Vec<String> = e.cases.iter().map(|c| c.class()).collect();
    classes.sort();
    classes.dedup();
    for k in classes {
        let r: Vec<f64> = (0..e.cases.len())
            .filter(|&i| e.cases[i].class() == k)
            .map(|i| e.by_source[i])
            .collect();
        let s = summary(&r);
        if s.runs >= 5 && s.median_abs > MAX_CLASS_HELD_OUT_MEDIAN {
            gaps.push(format!(
                "class {k} ({} runs) is {:.0}% off held out by source (bar {:.0}%)",
                s.runs,
                100.0 * s.median_abs,
                100.0 * MAX_CLASS_HELD_OUT_MEDIAN
            ));
        }
    }
    // The shipped corrections and ranges, and the runs the report cites, are this very run.
    let fitted = fitted_text(e);
    let runs = runs_text(e, &catalog);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/model/");
    for (file, text) in [("fitted.rs", &fitted), ("runs.rs", &runs)] {
        let path = format!("{dir}{file}");
        if std::env::var_os("UPDATE_CALIBRATION").is_some() {
            std::fs::write(&path, text).expect("write the fitted tables");
        } else {
            let shipped = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                shipped == *text,
                "src/model/{file} is stale: UPDATE_CALIBRATION=1 cargo test --test calibration"
            );
        }
    }
    // The all-reduce share the app ships (`Efficiency::interconnect`) is the one chosen on every
    // run with these corrections.
    let shipped_link = Efficiency::for_engine(Engine::Vllm).interconnect;
    assert!(
        (shipped_link - e.cal.link_share).abs() < 1e-12,
        "the fit on every run chose a link share of {}, Efficiency::interconnect ships {shipped_link}",
        e.cal.link_share
    );
    // The data must stay expressible: a test that skips every row could not fail.
    assert!(
        e.cases.len() >= 500,
        "only {} rows expressible",
        e.cases.len()
    );
    assert!(gaps.is_empty(), "{}", gaps.join("\n"));
    for (name, r) in &cols[1..] {
        let s = summary(r);
        assert!(
            s.median_abs <= MAX_HELD_OUT_MEDIAN,
            "{name}: held-out median |error| {:.1}%",
            100.0 * s.median_abs
        );
        assert!(
            s.within_30 >= MIN_HELD_OUT_WITHIN_30,
            "{name}: {:.0}% of held-out runs within 30%",
            100.0 * s.within_30
        );
    }
}

/// What the wider check measures: 304 rows gathered on 2026-12-03 from five publishers the fit
/// never saw (dstack, the SGLang cookbook, GPUStack, LMSYS, AMD's ROCm vLLM docs), the runs of the
/// six architectures imported since, and the second file's runs on the RTX PRO 6000 Blackwell
/// Server Edition (its id matched the catalogue's from 2026-12-03). On the first 495: median
/// |error| 61.6% (+61.6%: optimistic), 34% within 30%; with the expert exchange's cost per phase
/// (`perf::Calibration::expert_exchange_us`, chosen on the fitted runs alone) 52.6% (+51.2%), 37%.
/// With the RTX PRO 6000's 65 runs on one GPU or tensor parallel (its pipeline-parallel ones are
/// skipped, said why), 560 runs: 43.5% (+37.2%), 41% within 30%; the current period without
/// queued first tokens (356 runs) 22.5% (+4.1%), 62%. The bounds hold it there, a little slack
/// for rounding. Far from the targets (20% and 80%): the gap the test prints.
const WIDER_MAX_MEDIAN: f64 = 0.44;
const WIDER_MIN_WITHIN_30: f64 = 0.40;

/// The wider check: runs gathered after the fit (`published::wider_check`), scored with the
/// shipped corrections, never fitted on, so their error is a test set's. Printed by class,
/// source, family and metric; held to no regression from what it measured.
#[test]
fn the_speed_model_on_runs_gathered_after_its_fit() {
    let e = evaluate();
    println!(
        "\nwider check: {} runs gathered after the fit",
        e.wider.len()
    );
    for (i, c) in e.wider.iter().enumerate() {
        println!(
            "{:>2}:{:<4} {:<18} {:<18} {:<8} {:>5} {:>11} {:<13} {:>10.1} {:>+7.0}%  {}",
            c.file,
            c.line,
            c.arch.id,
            format!("{} x{}", c.gpu.trim_start_matches("nvidia_"), c.gpus()),
            c.wl.engine.id(),
            c.wl.seqs,
            format!("{}/{}", c.wl.tokens_in, c.wl.tokens_out),
            c.metric.id(),
            c.published,
            100.0 * (e.wider_ratios[i] - 1.0),
            c.as_of,
        );
    }
    let cols: [(&str, &[f64]); 1] = [("never fitted on", &e.wider_ratios)];
    table("wider: class", &e.wider, &cols, |c| c.class());
    table("wider: source", &e.wider, &cols, |c| {
        c.source.chars().take(34).collect()
    });
    table("wider: family", &e.wider, &cols, |c| c.family.into());
    table("wider: metric", &e.wider, &cols, |c| metric_group(c).into());
    table("wider: period", &e.wider, &cols, |c| {
        if perf::earlier_period(&c.as_of) {
            "before 2025-07".into()
        } else {
            "2025-07 on".into()
        }
    });
    let s = summary(&e.wider_ratios);
    println!(
        "wider check        {} runs: median |error| {:.1}%, median error {:+.1}%, {:.0}% within 30% (targets {:.0}% and {:.0}%)",
        s.runs,
        100.0 * s.median_abs,
        100.0 * s.median,
        100.0 * s.within_30,
        100.0 * TARGET_MEDIAN,
        100.0 * TARGET_WITHIN_30
    );
    // The runs the page's ranges rest on: the current period, times to first token at saturating
    // concurrency left out (they include a queue the speed figures do not claim).
    let current: Vec<f64> = e
        .wider
        .iter()
        .zip(&e.wider_ratios)
        .filter(|(c, _)| !perf::earlier_period(&c.as_of) && metric_group(c) != "ttft (queued)")
        .map(|(_, r)| *r)
        .collect();
    let t = summary(&current);
    println!(
        "wider check, current period without queued first tokens, {} runs: median |error| {:.1}%, median error {:+.1}%, {:.0}% within 30%",
        t.runs,
        100.0 * t.median_abs,
        100.0 * t.median,
        100.0 * t.within_30
    );
    assert!(
        e.wider.len() >= 300,
        "{} runs in the wider check",
        e.wider.len()
    );
    assert!(
        s.median_abs <= WIDER_MAX_MEDIAN,
        "wider check: median |error| {:.1}%",
        100.0 * s.median_abs
    );
    assert!(
        s.within_30 >= WIDER_MIN_WITHIN_30,
        "wider check: {:.0}% within 30%",
        100.0 * s.within_30
    );
}

/// The range a figure carries comes from the held-out error of runs of its class; checked on runs
/// the range never saw: for each source, the ranges are built from the other sources' held-out
/// ratios and must contain the published value for at least 80% of that source's runs, over all.
#[test]
fn the_stated_range_contains_the_published_value_for_most_held_out_runs() {
    let e = evaluate();
    let pool = pool(e);
    let mut sources: Vec<&str> = pool.iter().map(|(c, _)| c.source.as_str()).collect();
    sources.sort();
    sources.dedup();
    let (mut inside, mut total) = (0usize, 0usize);
    for s in sources {
        let groups = class_errors(&pool, |c| c.source != s);
        for &(c, held) in &pool {
            if c.source != s || !fits(c) {
                continue;
            }
            let Some((low, high)) = range_of(&groups, c) else {
                continue;
            };
            // The model's figure times the range holds the published one when 1/ratio does.
            let truth = 1.0 / held;
            total += 1;
            if truth >= low && truth <= high {
                inside += 1;
            }
        }
    }
    let share = inside as f64 / total.max(1) as f64;
    println!(
        "ranges from other sources contain {inside} of {total} held-out runs ({:.0}%)",
        100.0 * share
    );
    assert!(total >= 500, "{total}");
    assert!(share >= 0.80, "{:.0}% covered", 100.0 * share);
}

#[test]
fn the_csv_reader_keeps_quoted_commas_and_quotes() {
    let r = published::records("a,\"b, c\",\"say \"\"hi\"\"\"\n1,2,3\n");
    assert_eq!(r[0], vec!["a", "b, c", "say \"hi\""]);
    assert_eq!(r[1], vec!["1", "2", "3"]);
    // Every data row of both files has the header's 17 columns and a source and date.
    for (name, text) in published::FILES {
        let all = published::records(text);
        assert_eq!(all[0].len(), 17, "{name}");
        for (i, row) in all.iter().enumerate().skip(1) {
            assert_eq!(row.len(), 17, "{name} line {}", i + 1);
            assert!(
                !row[14].is_empty() && !row[15].is_empty(),
                "{name} line {}",
                i + 1
            );
        }
    }
}

/// The error of every expressible row under a table of shares, as in the evaluation.
fn errors(cases: &[Case], catalog: &Catalog, t: &ShareTable) -> Vec<f64> {
    cases
        .iter()
        .map(|c| published::ratio(c, published::predict(c, catalog, Some(t), None).0) - 1.0)
        .collect()
}

/// The fit's objective: the median |error| plus a third of the share of rows beyond 30% (the
/// issue's two goals in one number).
fn objective(e: &[f64]) -> f64 {
    let abs: Vec<f64> = e.iter().map(|x| x.abs()).collect();
    let beyond = abs.iter().filter(|x| **x > 0.30).count() as f64 / abs.len().max(1) as f64;
    median(abs) + beyond / 3.0
}

/// The fit of `model::perf::shares` (issue 15, over `throughput.csv`): a coordinate search from
/// the shipped table over every share of a class and engine kind the data covers (bandwidth,
/// matmul, experts, per-layer overhead), each tried at x0.85, x0.93, x1.07 and x1.15 in a fixed
/// order, keeping what lowers the objective, until a sweep changes nothing (at most 8).
/// Deterministic. Prints the table to copy into `perf::shares` (rounded to two figures there):
/// `cargo test --release --test calibration fit_the_constants -- --ignored --nocapture`.
#[test]
#[ignore]
fn fit_the_constants() {
    let catalog = Catalog::builtin();
    let (cases, _) = published::cases(&catalog);
    let cases: Vec<Case> = cases.into_iter().filter(|c| c.file == 0).collect();
    // The cells the data covers: (kind, class) of every case.
    let mut cells: Vec<(usize, usize)> = cases
        .iter()
        .map(|c| {
            let class = GpuClass::of(&GpuFigures::from(catalog.gpu(&c.gpu).expect("checked")));
            (EngineKind::of(c.wl.engine).index(), class.index())
        })
        .collect();
    cells.sort();
    cells.dedup();
    let mut t = perf::table();
    let mut best = objective(&errors(&cases, &catalog, &t));
    println!("start: objective {best:.4}");
    for sweep in 0..8 {
        let mut changed = false;
        for &(k, c) in &cells {
            for field in 0..4 {
                for f in [0.85, 0.93, 1.07, 1.15] {
                    let mut trial = t;
                    let s = &mut trial[k][c];
                    let v = match field {
                        0 => &mut s.bandwidth,
                        1 => &mut s.matmul,
                        2 => &mut s.experts,
                        _ => &mut s.layer_us,
                    };
                    *v = if field == 3 {
                        (*v * f).clamp(0.0, 500.0)
                    } else {
                        (*v * f).clamp(0.02, 0.95)
                    };
                    let o = objective(&errors(&cases, &catalog, &trial));
                    if o < best - 1e-9 {
                        (best, t, changed) = (o, trial, true);
                    }
                }
            }
        }
        println!("sweep {sweep}: objective {best:.4}");
        if !changed {
            break;
        }
    }
    for &(k, c) in &cells {
        let s = t[k][c];
        println!(
            "{:?} {:?}: bandwidth {:.3}, matmul {:.3}, experts {:.3}, layer_us {:.1}",
            EngineKind::ALL[k],
            GpuClass::ALL[c],
            s.bandwidth,
            s.matmul,
            s.experts,
            s.layer_us
        );
    }
}

#[test]
fn the_report_says_what_its_speed_rests_on_with_a_range_of_its_class() {
    use inference_sizer::report::evaluate_query;
    let catalog = Catalog::builtin();
    // TensorRT-LLM on an H100 SXM, one GPU: the range of NVIDIA TensorRT-LLM dense runs on one
    // GPU, from their held-out error.
    let r = evaluate_query(
        "model=llama-3.1-8b&engine=trtllm&gpus=nvidia_h100_sxm",
        &catalog,
    );
    let t = &r.throughput;
    let b = t.basis.as_ref().expect("a basis on real hardware");
    assert_eq!(b.gpu_class, "hopper");
    let g = b
        .range
        .as_ref()
        .expect("a range from the class's held-out error");
    assert_eq!(g.class, "nvidia/trtllm/dense/1gpu");
    let shipped = inference_sizer::model::fitted::CLASS_ERRORS
        .iter()
        .find(|e| e.class == g.class)
        .expect("the class in the table");
    assert_eq!(g.runs, shipped.runs as u64);
    assert!(g.runs >= 100, "{}", g.runs);
    // The multipliers are the inverse quantiles of the model's speed over the published one.
    assert!((g.low - 1.0 / shipped.high).abs() < 1e-12);
    assert!((g.high - 1.0 / shipped.low).abs() < 1e-12);
    assert!(g.low < 1.0 && g.high > 1.0, "{g:?}");
    assert!(g.per_user_low < t.decode_tokens_per_s_per_user);
    assert!(g.per_user_high > t.decode_tokens_per_s_per_user);
    assert!((g.aggregate_low / t.aggregate_tokens_per_s - g.low).abs() < 1e-9);
    // The nearest runs: three, the nearest first and the same as `nearest`.
    assert_eq!(b.nearest_runs.len(), 3);
    let near = b.nearest.as_ref().expect("a nearest run");
    assert_eq!(near, &b.nearest_runs[0]);
    assert_eq!(
        (near.engine.as_str(), near.gpu.as_str()),
        ("trtllm", "H100 SXM (80GB)")
    );
    // The benchmark command names the engine's tools, the model, TP and the scenario's load.
    assert!(
        b.benchmark.starts_with("trtllm-serve meta-llama/"),
        "{}",
        b.benchmark
    );
    assert!(b.benchmark.contains("--tp_size 1"), "{}", b.benchmark);
    assert!(b.benchmark.contains("benchmark_serving"), "{}", b.benchmark);
    // The terms add up to the step.
    let s = &b.terms;
    // At one user every kernel is bound by its reading (the KV cache in the attention kernels,
    // the weights in the matmuls), and the kernels' times add.
    assert!(s.compute_ms < s.weights_ms, "{s:?}");
    let step = s.weights_ms + s.kv_ms + s.allreduce_ms + s.overhead_ms;
    assert!(
        (step / b.step_ms - 1.0).abs() < 1e-9,
        "{step} vs {}",
        b.step_ms
    );
    // vLLM by default: its class has fewer than 8 runs on one NVIDIA GPU, so a broader class.
    let r = evaluate_query("model=llama-3.1-8b", &catalog);
    let b = r.throughput.basis.as_ref().expect("a basis");
    let g = b.range.as_ref().expect("a range");
    assert!(g.runs >= 8, "{g:?}");
    assert!(b.benchmark.contains("vllm bench serve"), "{}", b.benchmark);
    for lang in [
        inference_sizer::lang::Lang::En,
        inference_sizer::lang::Lang::Es,
    ] {
        let words = b.sentences(lang);
        assert_eq!(words.len(), 5, "{words:?}");
        assert!(words[4].contains(&g.class), "{}", words[4]);
    }
    // Without a recommendation (no GPU allowed), no basis.
    let r = evaluate_query("model=llama-3.1-8b&gpus=no_such_gpu", &catalog);
    assert!(r.throughput.basis.is_none());
}
