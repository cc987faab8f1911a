//! The series behind the charts: memory against context, cumulative cost, cost per token
//! against utilisation.

use super::*;
use crate::cost::{self, Deployment};
use crate::model::{Hardware, Sizing};
use crate::scenario::Scenario;

/// Context lengths on the memory chart: powers of two from 512 up to past the scenario's.
pub(super) fn context_grid(ctx: u64, max_position: u64) -> Vec<u64> {
    let top = ctx
        .max(if max_position > 0 {
            max_position
        } else {
            131_072
        })
        .clamp(1024, 10_000_000);
    let mut grid = Vec::new();
    let mut c = 512u64;
    while c < top {
        grid.push(c);
        c *= 2;
    }
    grid.push(top);
    if !grid.contains(&ctx) {
        grid.push(ctx);
        crate::order::sort(&mut grid);
    }
    grid
}

/// The figures of one costed option the cost-per-token chart needs.
pub(super) struct CostFacts {
    pub(super) capacity_requests_per_s: f64,
    pub(super) billed_hours_per_month: f64,
    pub(super) monthly: f64,
}

/// What the cost charts are drawn from: the scenario, the costed options (as report rows and
/// with their capacity figures, in the same order) and the hourly cloud they compare with.
pub(super) struct CostInputs<'a> {
    pub(super) scenario: &'a Scenario,
    pub(super) options: &'a [OptionReport],
    pub(super) facts: &'a [CostFacts],
    pub(super) hourly: Option<&'a cost::HourlyBenchmark>,
    /// Output tokens per request.
    pub(super) tokens_out: f64,
    /// Buying against the recommended rental (`own=1`).
    pub(super) own: Option<&'a OwnComparison>,
}

/// The chart series: memory against context for the model on `hw` (its capacity drawn when it
/// is real hardware), and the cost curves of the leading options.
pub(super) fn curves(z: &Sizing, hw: &Hardware, real_hw: bool, costs: &CostInputs) -> Curves {
    let memory_vs_context = context_grid(costs.scenario.ctx, z.context_limit())
        .into_iter()
        .map(|ctx| {
            let m = z.with_context(ctx).memory_figures(hw);
            // Per device: the terms divided over the devices they are spread on.
            let share = if m.total.0 > 0.0 {
                m.per_device.0 / m.total.0
            } else {
                1.0
            };
            MemoryPoint {
                ctx,
                weights_bytes: (m.weights * share).whole(),
                kv_cache_bytes: (m.kv_cache * share).whole(),
                activation_bytes: (m.activations * share).whole(),
                overhead_bytes: (m.overhead * share).whole(),
            }
        })
        .collect();
    let memory_capacity_bytes = match hw {
        Hardware::Gpu { gpu, .. } if real_hw => Some(gpu.memory.whole()),
        Hardware::Cpu { ram_bytes, .. } if real_hw => Some(ram_bytes.whole()),
        _ => None,
    };
    let mut cost = cost_curves(costs);
    if let Some(own) = costs.own {
        purchase_curves(
            &mut cost,
            own,
            costs.options,
            costs.scenario.months.max(1.0),
        );
    }
    Curves {
        memory_vs_context,
        memory_capacity_bytes,
        ..cost
    }
}

/// With `own=1`: the purchase's cash curve beside the rentals (the purchase and its setup at
/// month 0, then its running costs), the rental it is compared with drawn too, and the break-even
/// marked where buying pays for itself against that rental.
fn purchase_curves(c: &mut Curves, own: &OwnComparison, options: &[OptionReport], months: f64) {
    let steps = months.min(120.0) as u32;
    let line = |id: &str, label: String, start: f64, slope: f64| CostCurve {
        offer_id: id.to_string(),
        label,
        points: (0..=steps)
            .map(|m| (m as f64, start + slope * m as f64))
            .collect(),
    };
    if !c
        .cumulative_cost
        .iter()
        .any(|k| k.offer_id == own.against_offer_id)
    {
        if let Some(r) = options.iter().find(|o| o.offer_id == own.against_offer_id) {
            let setup: f64 = r
                .cost_lines
                .iter()
                .filter(|l| l.key == "setup")
                .map(|l| l.monthly)
                .sum();
            c.cumulative_cost.insert(
                0,
                line(
                    &r.offer_id,
                    own.against.clone(),
                    setup * months,
                    r.monthly_cost - setup,
                ),
            );
        }
    }
    c.cumulative_cost.push(line(
        &own.offer_id,
        own.name.clone(),
        own.upfront,
        own.running_monthly,
    ));
    c.break_even = own
        .break_even_months
        .zip(own.break_even_cost)
        .filter(|(m, _)| *m <= months);
}

/// The leading options: the verdict, the cheapest usable cloud and the cheapest usable
/// fixed-fee option (bare metal, dedicated, VPS), in that order, without repeats.
fn leading(options: &[OptionReport]) -> Vec<&OptionReport> {
    // Owned options are drawn apart (`purchase_curves`).
    let usable: Vec<&OptionReport> = options
        .iter()
        .filter(|o| o.usable && o.kind != OfferKind::Own)
        .collect();
    let mut leading: Vec<&OptionReport> = Vec::new();
    for o in [
        usable.first().copied(),
        usable
            .iter()
            .find(|o| o.deployment == Deployment::Cloud)
            .copied(),
        usable
            .iter()
            .find(|o| o.deployment != Deployment::Cloud)
            .copied(),
    ]
    .into_iter()
    .flatten()
    {
        if !leading.iter().any(|l| l.offer_id == o.offer_id) {
            leading.push(o);
        }
    }
    leading
}

/// An option's cash over the months, as its report row gives it: its setup fee on day one, a
/// prepaid option's fee `prepaid_months` at a time, the rest month by month.
fn cash(o: &OptionReport) -> cost::CashSchedule {
    let line = |key: &str| -> f64 {
        o.cost_lines
            .iter()
            .filter(|l| l.key == key)
            .map(|l| l.monthly)
            .sum()
    };
    cost::CashSchedule::of_bill(
        o.setup_fee,
        o.monthly_cost - line("setup"),
        line("compute") + line("idle"),
        line("min_term"),
        o.prepaid_months.unwrap_or(0.0),
    )
}

/// The cost series of the leading options: cumulative cost over the months with the break-even
/// point, and cost per million output tokens against utilisation with its break-even (the
/// memory series left empty).
fn cost_curves(costs: &CostInputs) -> Curves {
    let (s, options, facts) = (costs.scenario, costs.options, costs.facts);
    let (hourly, tokens_out) = (costs.hourly, costs.tokens_out);
    let leading = leading(options);
    let months = s.months.max(1.0);
    let label = |o: &OptionReport| format!("{} {}", o.provider, o.name);
    let cumulative_cost: Vec<CostCurve> = leading
        .iter()
        .map(|o| CostCurve {
            offer_id: o.offer_id.clone(),
            label: label(o),
            points: cash(o).points(months),
        })
        .collect();
    // Where the fixed-fee option's cash falls to the cloud's bills (a prepaid year counted on
    // the day it is paid), however far away; the marker only within the horizon.
    let cloud = leading.iter().find(|o| o.deployment == Deployment::Cloud);
    let fixed = leading.iter().find(|o| o.deployment != Deployment::Cloud);
    let (overtakes_month, break_even) = match (cloud, fixed) {
        (Some(c), Some(f)) => {
            let c = cash(c);
            let m = cash(f).overtaken_by(&c, f64::INFINITY);
            (m, m.filter(|m| *m <= months).map(|m| (m, c.at(m))))
        }
        _ => (None, None),
    };
    // Cost per million output tokens against the utilisation of the fixed-fee option's capacity:
    // its fee spread over the tokens served, against the hourly cloud the break-even utilisation
    // compares with (`cost::hourly_benchmark`), paid only for the capacity used, so a flat line.
    // Both come from the figures the break-even uses, so the curves cross at the marker.
    let fixed = leading.iter().find(|o| o.deployment != Deployment::Cloud);
    let grid = || (1..=20).map(|i| i as f64 / 20.0);
    let fixed_curve = fixed.and_then(|o| {
        let c = options
            .iter()
            .position(|x| x.offer_id == o.offer_id)
            .and_then(|i| facts.get(i))?;
        // Output tokens a month at full use of the paid capacity.
        let full = c.capacity_requests_per_s * 3600.0 * c.billed_hours_per_month * tokens_out;
        (full.is_finite() && full > 0.0).then(|| CostCurve {
            offer_id: o.offer_id.clone(),
            label: label(o),
            points: grid().map(|u| (u, c.monthly / (full * u) * 1e6)).collect(),
        })
    });
    let hourly_curve = hourly.and_then(|h| {
        // One request/s for an hour serves 3,600 requests of `tokens_out` output tokens.
        let per_million = h.rate / (3600.0 * tokens_out) * 1e6;
        per_million.is_finite().then(|| CostCurve {
            offer_id: h.offer_id.clone(),
            label: format!("{} {}", h.provider, h.name),
            points: grid().map(|u| (u, per_million)).collect(),
        })
    });
    let cost_vs_utilisation: Vec<CostCurve> = fixed_curve.into_iter().chain(hourly_curve).collect();
    let break_even_utilisation = fixed.and_then(|o| o.break_even_utilisation);
    Curves {
        memory_vs_context: Vec::new(),
        memory_capacity_bytes: None,
        cumulative_cost,
        break_even,
        overtakes_month,
        cost_vs_utilisation,
        break_even_utilisation,
    }
}
