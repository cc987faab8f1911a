//! All offers together: each costed ([`evaluate_offer`]), break-even of the fixed-fee options
//! against cloud, and the order the report lists them in.

use super::evaluate::evaluate_offer;
use super::lines::LineKey;
use super::{nonneg, BreakEven, CostDefaults, Demand, OfferSizing, OptionCost};
use crate::catalog::Offer;
use crate::units::{Currency, UsdPerEur, HOURS_PER_MONTH, WEEKS_PER_MONTH};
use std::cmp::Ordering;

/// Costs every offer, fills break-even against the cheapest usable cloud option, and sorts:
/// usable options first, then those that serve but are excluded, then the rest; cheapest first.
pub fn evaluate_all<'a, I>(
    items: I,
    w: &Demand,
    d: &CostDefaults,
    cur: Currency,
    rate: UsdPerEur,
) -> Vec<OptionCost>
where
    I: IntoIterator<Item = (&'a Offer, &'a OfferSizing)>,
{
    let mut all: Vec<OptionCost> = items
        .into_iter()
        .map(|(offer, sizing)| evaluate_offer(offer, sizing, w, d, cur, rate))
        .collect();
    fill_break_even(&mut all, w);
    sort_options(&mut all);
    all
}

/// Sorts usable first, then serving-but-excluded, then the rest; cheapest first in each group
/// (by the monthly cost, or the cost of the job when fine-tuning).
pub fn sort_options(all: &mut Vec<OptionCost>) {
    // Sort small keys, then move each (large) option once.
    let mut keys: Vec<(u8, f64, usize)> = all
        .iter()
        .enumerate()
        .map(|(i, o)| (rank(o), o.objective(), i))
        .collect();
    crate::order::sort_by(&mut keys, |a, b| {
        a.0.cmp(&b.0)
            .then_with(|| a.1.total_cmp(&b.1))
            .then_with(|| all[a.2].offer_id.cmp(&all[b.2].offer_id))
    });
    let mut slots: Vec<Option<OptionCost>> = std::mem::take(all).into_iter().map(Some).collect();
    all.extend(keys.iter().filter_map(|k| slots[k.2].take()));
}

fn rank(o: &OptionCost) -> u8 {
    if o.is_usable() {
        0
    } else if o.serves() {
        1
    } else {
        2
    }
}

/// The hourly cloud option the break-even utilisation compares with: among usable cloud options
/// paid by the hour without commitment, the one whose capacity costs least, at `rate` (the price
/// of one request/s of capacity for one hour: instances x hourly price / requests/s). The
/// break-even utilisation and the cost-per-token chart both use it, so they agree.
#[derive(Clone, Debug, PartialEq)]
pub struct HourlyBenchmark {
    pub offer_id: String,
    pub provider: String,
    pub name: String,
    /// Price per (request/s) of capacity per hour, in the options' currency.
    pub rate: f64,
}

/// See [`HourlyBenchmark`]; `None` when no usable hourly cloud option has a capacity.
pub fn hourly_benchmark(all: &[OptionCost]) -> Option<HourlyBenchmark> {
    all.iter()
        .filter(|o| o.is_usable() && o.kind.is_cloud() && !o.committed)
        .filter(|o| o.capacity_requests_per_s > 0.0)
        .map(|o| {
            let rate = o.price_per_hour.amount() * o.servers as f64 / o.capacity_requests_per_s;
            (o, rate)
        })
        .filter(|(_, r)| r.is_finite() && *r > 0.0)
        // The first of equals wins, whatever the order of the options.
        .min_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then_with(|| a.0.offer_id.cmp(&b.0.offer_id))
        })
        .map(|(o, rate)| HourlyBenchmark {
            offer_id: o.offer_id.clone(),
            provider: o.provider.clone(),
            name: o.name.clone(),
            rate,
        })
}

/// Break-even of every fixed-fee (monthly) non-cloud option against cloud:
/// - weeks: setup fee / (cheapest usable cloud monthly - this option's monthly without setup),
///   in weeks (`None` when it saves nothing);
/// - utilisation: this option's monthly / ([`hourly_benchmark`]'s rate per request/s x this
///   option's capacity x 730 h): the busy share below which paying hourly cloud for just the
///   capacity used would cost less. Cloud's hidden costs are left out (which favours cloud).
pub fn fill_break_even(all: &mut [OptionCost], w: &Demand) {
    let cheapest_cloud = all
        .iter()
        .filter(|o| o.is_usable() && o.kind.is_cloud())
        .min_by(|a, b| {
            a.monthly
                .amount()
                .partial_cmp(&b.monthly.amount())
                .unwrap_or(Ordering::Equal)
        })
        .map(|o| (o.offer_id.clone(), o.provider.clone(), o.monthly));
    let hourly = hourly_benchmark(all);
    let Some((id, provider, cloud_monthly)) = cheapest_cloud else {
        return;
    };
    for o in all.iter_mut().filter(|o| o.committed && !o.kind.is_cloud()) {
        let setup_monthly = o.line(LineKey::Setup);
        let setup_total = setup_monthly * w.months;
        let savings = cloud_monthly.amount() - (o.monthly.amount() - setup_monthly);
        let weeks = (savings > 0.0).then(|| nonneg(setup_total / savings * WEEKS_PER_MONTH));
        let utilisation = hourly.as_ref().and_then(|h| {
            let cloud_full = h.rate * o.capacity_requests_per_s * HOURS_PER_MONTH;
            (cloud_full > 0.0).then(|| nonneg(o.monthly.amount() / cloud_full))
        });
        o.break_even = Some(BreakEven {
            against_offer_id: id.clone(),
            against_provider: provider.clone(),
            against_monthly: cloud_monthly,
            weeks,
            utilisation,
            utilisation_against_offer_id: utilisation
                .and(hourly.as_ref())
                .map(|h| h.offer_id.clone()),
        });
    }
}
