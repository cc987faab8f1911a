//! The three charts' data from a report, with their words in the scenario's language: the UI
//! draws what these return and adds no arithmetic of its own.

use super::{BreakEven, CostVsUtilisation, CumulativeCost, MemoryVsContext, Series};
use crate::cost::Deployment;
use crate::report::{CostCurve, Report};
use crate::scenario::Lang;
use crate::units::GIB;
use crate::words::chart::{self as words, CumulativeSummary, Label, UtilisationSummary};

fn t(lang: Lang, label: Label) -> String {
    label.text(lang).to_string()
}

/// Cumulative cost over the horizon for the leading options, break-even marked.
pub fn cumulative_cost(r: &Report, lang: Lang) -> CumulativeCost {
    let c = &r.curves;
    CumulativeCost {
        series: c
            .cumulative_cost
            .iter()
            .map(|s| Series {
                label: s.label.clone(),
                points: s.points.clone(),
            })
            .collect(),
        break_even: c.break_even.map(|(month, cost)| BreakEven {
            month,
            cost,
            label: words::break_even_month(month, lang),
        }),
        currency_label: r.currency.clone(),
        x_label: t(lang, Label::Months),
        y_label: t(lang, Label::CumulativeCost),
    }
}

/// The first curve of an option paid by the hour in the cloud (`cloud`), or of one with a fixed
/// fee (bare metal, dedicated, CPU servers).
fn first_of_kind<'a>(r: &Report, curves: &'a [CostCurve], cloud: bool) -> Option<&'a CostCurve> {
    curves.iter().find(|c| {
        let is_cloud = r
            .options
            .iter()
            .find(|o| o.offer_id == c.offer_id)
            .is_some_and(|o| o.deployment == Deployment::Cloud);
        is_cloud == cloud
    })
}

/// The cumulative cost chart in one sentence (under the chart, and its text alternative): when
/// the fixed-fee option overtakes the cloud one, or why it never does within the horizon.
pub fn cumulative_summary(r: &Report, lang: Lang) -> String {
    // With `own=1` the chart's break-even is the purchase's against the verdict: say that.
    if let Some(own) = &r.own {
        return own.sentence.clone();
    }
    let cloud = first_of_kind(r, &r.curves.cumulative_cost, true);
    let fixed = first_of_kind(r, &r.curves.cumulative_cost, false);
    let summary = match (cloud, fixed) {
        (Some(c), Some(f)) => {
            let horizon = c.points.last().map_or(0.0, |p| p.0);
            let (cloud, fixed) = (c.label.as_str(), f.label.as_str());
            let prepaid = r
                .options
                .iter()
                .find(|o| o.offer_id == f.offer_id)
                .and_then(|o| o.prepaid_months);
            match (r.curves.break_even, prepaid) {
                (Some((m, _)), None) if m < 0.05 => {
                    CumulativeSummary::FromFirstMonth { fixed, cloud }
                }
                (Some((month, _)), Some(period)) => CumulativeSummary::PrepaidBreakEven {
                    month,
                    period,
                    fixed,
                    cloud,
                },
                (Some((month, _)), None) => CumulativeSummary::BreakEvenAt {
                    month,
                    fixed,
                    cloud,
                },
                (None, _) => match r.curves.overtakes_month {
                    Some(month) => CumulativeSummary::PastHorizon {
                        month,
                        horizon,
                        fixed,
                        cloud,
                    },
                    None => CumulativeSummary::NeverPaysOff { fixed, cloud },
                },
            }
        }
        (Some(_), None) => CumulativeSummary::NoFixedFee,
        (None, Some(_)) => CumulativeSummary::NoCloud,
        (None, None) => return String::new(),
    };
    summary.sentence(lang)
}

/// Cost per million output tokens against utilisation, break-even utilisation marked.
pub fn cost_vs_utilisation(r: &Report, lang: Lang) -> CostVsUtilisation {
    let c = &r.curves;
    CostVsUtilisation {
        series: c
            .cost_vs_utilisation
            .iter()
            .map(|s| Series {
                label: s.label.clone(),
                points: s.points.clone(),
            })
            .collect(),
        break_even_utilisation: c
            .break_even_utilisation
            .filter(|u| u.is_finite() && *u > 0.0 && *u <= 1.0),
        break_even_label: c
            .break_even_utilisation
            .map(|u| words::break_even_utilisation(u, lang))
            .unwrap_or_default(),
        currency_label: r.currency.clone(),
        x_label: t(lang, Label::Utilisation),
        y_label: t(lang, Label::CostPerMillionTokens),
    }
}

/// The cost-per-token chart in one sentence: below which share of its capacity in use the
/// fixed-fee option costs more per token than the hourly cloud, or that it always or never does.
pub fn utilisation_summary(r: &Report, lang: Lang) -> String {
    // The fixed-fee option comes first; the hourly benchmark is the other curve, whatever its
    // kind (it may be a cloud offer that is not itself usable).
    let fixed = first_of_kind(r, &r.curves.cost_vs_utilisation, false);
    let hourly = fixed.and_then(|f| {
        r.curves
            .cost_vs_utilisation
            .iter()
            .find(|c| c.offer_id != f.offer_id)
    });
    let summary = match (fixed, hourly) {
        (Some(f), Some(h)) => {
            let at_full = f.points.last().map_or(f64::INFINITY, |p| p.1);
            let flat = h.points.last().map_or(0.0, |p| p.1);
            let (fixed, hourly) = (f.label.as_str(), h.label.as_str());
            match r.curves.break_even_utilisation {
                Some(u) if u > 0.0 && u <= 1.0 => UtilisationSummary::BreakEvenAt {
                    fraction: u,
                    fixed,
                    hourly,
                },
                _ if at_full > flat => UtilisationSummary::DearerEvenFull { fixed, hourly },
                _ => UtilisationSummary::CheaperThroughout { fixed, hourly },
            }
        }
        (Some(_), None) => UtilisationSummary::NoHourly,
        (None, _) => UtilisationSummary::NoFixedFee,
    };
    summary.sentence(lang)
}

/// Memory per device against context length on the recommended hardware, terms stacked.
pub fn memory_vs_context(r: &Report, ctx: u64, lang: Lang) -> MemoryVsContext {
    let pts = &r.curves.memory_vs_context;
    let term = |label: String, f: fn(&crate::report::MemoryPoint) -> u64| Series {
        label,
        points: pts
            .iter()
            .map(|p| (p.ctx as f64, f(p) as f64 / GIB))
            .collect(),
    };
    MemoryVsContext {
        series: vec![
            term(t(lang, Label::Weights), |p| p.weights_bytes),
            term(t(lang, Label::KvCache), |p| p.kv_cache_bytes),
            term(t(lang, Label::Activations), |p| p.activation_bytes),
            term(t(lang, Label::Overhead), |p| p.overhead_bytes),
        ],
        stacked: true,
        capacity_gib: r.curves.memory_capacity_bytes.map(|b| b as f64 / GIB),
        capacity_label: t(lang, Label::GpuMemory),
        current_context: Some(ctx as f64),
        current_label: t(lang, Label::YourContext),
        total_label: t(lang, Label::Total),
        x_label: t(lang, Label::ContextLength),
        y_label: t(lang, Label::GibPerDevice),
    }
}
