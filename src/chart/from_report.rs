//! The report glue: fills the chart data structs from a [`Report`] (and, for memory against
//! context, from the same scenario evaluated at other context lengths on the chosen offer).
//! Pure: the browser only draws what this returns.

use super::{BreakEven, CostVsUtilisation, CumulativeCost, MemoryVsContext, Series};
use crate::catalog::Catalog;
use crate::report::{OptionReport, Report};
use crate::scenario::Scenario;

/// Every word the three charts show, already translated by the caller.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartTexts {
    pub months: String,
    pub cumulative_cost: String,
    pub utilisation: String,
    pub cost_per_million: String,
    /// Prefix of a break-even label, e.g. `Break-even`.
    pub break_even: String,
    pub context: String,
    pub memory_gib: String,
    pub capacity: String,
    pub current: String,
    pub total: String,
    pub currency_label: String,
}

/// Most options drawn on the cost charts.
const LEADING: usize = 4;
const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// The options worth drawing: the recommendation first, then the cheapest usable option of each
/// other deployment kind, then runner-ups, at most [`LEADING`].
pub fn leading_options(report: &Report) -> Vec<&OptionReport> {
    let usable: Vec<&OptionReport> = report
        .options
        .iter()
        .filter(|o| o.fits && o.monthly_cost.is_finite() && o.monthly_cost > 0.0)
        .collect();
    let mut chosen: Vec<&OptionReport> = Vec::new();
    if let Some(rec) = &report.recommendation {
        if let Some(o) = report.options.iter().find(|o| o.offer_id == rec.offer_id) {
            chosen.push(o);
        }
    }
    for deployment in ["bare_metal", "cloud", "cpu"] {
        if chosen.iter().any(|o| o.deployment == deployment) {
            continue;
        }
        if let Some(o) = usable
            .iter()
            .filter(|o| o.deployment == deployment)
            .min_by(|a, b| a.monthly_cost.total_cmp(&b.monthly_cost))
        {
            chosen.push(o);
        }
    }
    for o in &usable {
        if chosen.len() >= LEADING {
            break;
        }
        if !chosen.iter().any(|c| c.offer_id == o.offer_id) {
            chosen.push(o);
        }
    }
    chosen.truncate(LEADING);
    chosen
}

fn label(o: &OptionReport) -> String {
    format!("{} {}", o.provider, o.name)
}

/// Cumulative cost over the horizon: setup fee at month 0, then the monthly cost each month
/// (the setup share spread in `monthly_cost` is taken out so the fee is not counted twice).
/// The break-even is where the first bare-metal line crosses the first cloud line.
pub fn cumulative_cost(report: &Report, months: f64, texts: &ChartTexts) -> CumulativeCost {
    let months = if months.is_finite() {
        months.clamp(1.0, 120.0)
    } else {
        36.0
    };
    let leading = leading_options(report);
    let running = |o: &OptionReport| (o.monthly_cost - o.setup_fee / months).max(0.0);
    let series = leading
        .iter()
        .map(|o| Series {
            label: label(o),
            points: (0..=months as u32)
                .map(|m| (m as f64, o.setup_fee + running(o) * m as f64))
                .collect(),
        })
        .collect();
    let bare = leading.iter().find(|o| o.deployment == "bare_metal");
    let cloud = leading.iter().find(|o| o.deployment == "cloud");
    let break_even = match (bare, cloud) {
        (Some(b), Some(c)) => {
            // setup_b + run_b m = setup_c + run_c m  =>  m = (setup_b - setup_c) / (run_c - run_b)
            let saving = running(c) - running(b);
            let m = (b.setup_fee - c.setup_fee) / saving;
            (saving > 0.0 && m.is_finite() && m >= 0.0 && m <= months).then(|| BreakEven {
                month: m,
                cost: c.setup_fee + running(c) * m,
                label: format!("{} {:.1} {}", texts.break_even, m, texts.months),
            })
        }
        _ => None,
    };
    CumulativeCost {
        series,
        break_even,
        currency_label: texts.currency_label.clone(),
        x_label: texts.months.clone(),
        y_label: texts.cumulative_cost.clone(),
    }
}

/// Cost per million tokens against utilisation. Every option's monthly bill is fixed while it
/// runs, so its cost per token scales as `current × current utilisation / u`; an hourly cloud
/// option that follows the load pays only for the busy share, so it stays at its full-load cost.
pub fn cost_vs_utilisation(report: &Report, texts: &ChartTexts) -> CostVsUtilisation {
    let leading = leading_options(report);
    let grid: Vec<f64> = (1..=20).map(|i| i as f64 * 0.05).collect();
    let series = leading
        .iter()
        .filter(|o| o.utilisation > 0.0 && o.cost_per_million_tokens.is_finite())
        .map(|o| {
            let at_full = o.cost_per_million_tokens * o.utilisation.min(1.0);
            let scales = o.deployment == "cloud" && o.kind != "cloud_reserved";
            Series {
                label: label(o),
                points: grid
                    .iter()
                    .map(|&u| (u, if scales { at_full } else { at_full / u }))
                    .collect(),
            }
        })
        .collect();
    let break_even_utilisation = leading
        .iter()
        .find_map(|o| o.break_even_utilisation)
        .filter(|u| u.is_finite() && *u > 0.0 && *u <= 1.0);
    CostVsUtilisation {
        series,
        break_even_utilisation,
        break_even_label: break_even_utilisation
            .map(|u| format!("{} {:.0} %", texts.break_even, u * 100.0))
            .unwrap_or_default(),
        currency_label: texts.currency_label.clone(),
        x_label: texts.utilisation.clone(),
        y_label: texts.cost_per_million.clone(),
    }
}

/// The context lengths the memory chart samples: powers of two from 512 tokens to four times the
/// scenario's context (at least 32k), at most 10 million.
pub fn context_grid(ctx: u64) -> Vec<u64> {
    let top = (ctx.saturating_mul(4)).clamp(32_768, 10_000_000);
    let mut grid: Vec<u64> = std::iter::successors(Some(512u64), |c| Some(c * 2))
        .take_while(|c| *c <= top)
        .collect();
    if !grid.contains(&ctx) && ctx >= 1 {
        grid.push(ctx);
        grid.sort_unstable();
    }
    grid
}

/// Memory per device against context length on the recommended hardware, one stacked series
/// per memory term. The engine sampled the curve while evaluating (`report.curves`), so this
/// only adds words; `scenario` gives the current context, `catalog` is unused and kept for the
/// callers' convenience.
pub fn memory_vs_context(
    report: &Report,
    scenario: &Scenario,
    _catalog: &Catalog,
    term_label: &dyn Fn(&str) -> String,
    texts: &ChartTexts,
) -> MemoryVsContext {
    let pts = &report.curves.memory_vs_context;
    let term = |key: &str, f: fn(&crate::report::MemoryPoint) -> u64| Series {
        label: term_label(key),
        points: pts
            .iter()
            .map(|p| (p.ctx as f64, f(p) as f64 / GIB))
            .collect(),
    };
    MemoryVsContext {
        series: vec![
            term("weights", |p| p.weights_bytes),
            term("kv_cache", |p| p.kv_cache_bytes),
            term("activations", |p| p.activation_bytes),
            term("overhead", |p| p.overhead_bytes),
        ],
        stacked: true,
        capacity_gib: report
            .curves
            .memory_capacity_bytes
            .map(|b| b as f64 / GIB)
            .filter(|c| *c > 0.0),
        capacity_label: texts.capacity.clone(),
        current_context: Some(scenario.ctx as f64),
        current_label: texts.current.clone(),
        total_label: texts.total.clone(),
        x_label: texts.context.clone(),
        y_label: texts.memory_gib.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_context_grid_doubles_from_512_and_includes_the_scenario() {
        // 8192 x 4 = 32768: 512, 1k, 2k, 4k, 8k, 16k, 32k.
        assert_eq!(
            context_grid(8192),
            vec![512, 1024, 2048, 4096, 8192, 16384, 32768]
        );
        // 3000 is not a power of two: inserted in order; top is the 32k floor.
        assert_eq!(context_grid(3000)[3], 3000);
        // 10M: powers of two up to 8,388,608, then 10M itself.
        let big = context_grid(10_000_000);
        assert_eq!(&big[big.len() - 2..], &[8_388_608, 10_000_000]);
    }

    #[test]
    fn a_bare_metal_line_crosses_a_cloud_line_where_the_setup_fee_is_paid_back() {
        // Bare metal: setup 1200, 600/month over 12 months -> monthly_cost 700 (setup spread).
        // Cloud: 1000/month. Running costs 600 vs 1000: 1200 / 400 = month 3.
        let bm = OptionReport {
            offer_id: "bm".into(),
            deployment: "bare_metal".into(),
            fits: true,
            monthly_cost: 700.0,
            setup_fee: 1200.0,
            ..OptionReport::default()
        };
        let cloud = OptionReport {
            offer_id: "cl".into(),
            deployment: "cloud".into(),
            fits: true,
            monthly_cost: 1000.0,
            ..OptionReport::default()
        };
        let report = Report {
            options: vec![bm, cloud],
            ..Report::default()
        };
        let chart = cumulative_cost(&report, 12.0, &ChartTexts::default());
        let be = chart.break_even.expect("lines cross");
        assert!((be.month - 3.0).abs() < 1e-9);
        assert!((be.cost - 3000.0).abs() < 1e-9);
        assert_eq!(chart.series[0].points[0], (0.0, 1200.0));
        assert_eq!(chart.series[0].points[12], (12.0, 1200.0 + 600.0 * 12.0));
    }
}
