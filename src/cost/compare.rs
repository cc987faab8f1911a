//! All offers together: each costed ([`evaluate_offer`]), break-even of the fixed-fee options
//! against cloud, and the order the report lists them in.

use super::defaults::STRICT_P95_MS;
use super::evaluate::evaluate_offer;
use super::lines::LineKey;
use super::{nonneg, BreakEven, CostDefaults, Demand, OfferSizing, OptionCost, Shortfall};
use crate::catalog::Offer as CatalogOffer;
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
    I: IntoIterator<Item = (&'a CatalogOffer, &'a OfferSizing)>,
{
    let mut all: Vec<OptionCost> = items
        .into_iter()
        .map(|(offer, sizing)| {
            let mut o = evaluate_offer(offer, sizing, w, d, cur, rate);
            shared_cpu_under_strict_target(&mut o, w);
            o
        })
        .collect();
    fill_break_even(&mut all, w);
    sort_options(&mut all);
    all
}

/// Shared vCPUs cannot promise a strict P95 target (at most [`STRICT_P95_MS`]): their response
/// time spreads from 50 to 500 ms with the host's load, whatever the mean. Such an option, which
/// fits and would otherwise meet the target, misses it with that reason.
fn shared_cpu_under_strict_target(o: &mut OptionCost, w: &Demand) {
    let target = w.max_ttft_p95_ms;
    let strict = w.task == crate::model::Task::Infer && target > 0.0 && target <= STRICT_P95_MS;
    let late = o
        .shortfalls
        .iter()
        .any(|s| matches!(s, Shortfall::TooLateFirstToken { .. }));
    if o.shared_cpu && o.fits && strict && !late {
        o.shortfalls.push(Shortfall::SharedCpuStrictTarget {
            target_ms: target,
            embeds: w.embeds,
        });
    }
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
/// - weeks: when the cheapest usable cloud's bills, month by month, catch up the cash this option
///   has paid ([`CashSchedule::overtaken_by`]): its setup fee, and a prepaid year, on day one,
///   then its other costs each month; with no prepaid year, setup fee / (cloud monthly - this
///   option's monthly without setup). `None` when it never does;
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
        // In cash: the setup fee (and a prepaid period) on day one against the cloud's bills.
        let cloud = CashSchedule::monthly(0.0, cloud_monthly.amount());
        let weeks = o
            .cash_schedule(w.months)
            .overtaken_by(&cloud, f64::INFINITY)
            .map(|m| nonneg(m * WEEKS_PER_MONTH));
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

/// Months of an offer's fee paid up front at a time: 12 for a yearly prepaid price (the
/// catalogue's `price_note` `yearly`: the year's price over 12, the year paid on its first day),
/// else 0 (paid month by month).
pub fn prepaid_months(offer: &CatalogOffer) -> f64 {
    if offer.price_note.trim() == "yearly" {
        12.0
    } else {
        0.0
    }
}

/// What an option pays in cash over the months: `upfront` on day one, `prepaid` on the first day
/// of every `period_months` (the first on day one too; 0: nothing prepaid), and `monthly` as the
/// months pass. A prepaid year is money paid when it is paid, not a monthly price.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CashSchedule {
    pub upfront: f64,
    pub prepaid: f64,
    pub period_months: f64,
    pub monthly: f64,
}

impl CashSchedule {
    /// Paid month by month after `upfront` on day one.
    pub fn monthly(upfront: f64, monthly: f64) -> Self {
        CashSchedule {
            upfront,
            monthly,
            ..CashSchedule::default()
        }
    }

    /// From a bill: `upfront` (the setup fee) on day one and `recurring` a month (every line but
    /// the setup fee's); with `prepaid_months` above 0, the fixed `fee` a month is paid that many
    /// months at a time instead, and with it the minimum term's months beyond the horizon
    /// (`min_term`, a month), which the prepayment already holds.
    pub fn of_bill(
        upfront: f64,
        recurring: f64,
        fee: f64,
        min_term: f64,
        prepaid_months: f64,
    ) -> Self {
        if prepaid_months > 0.0 {
            CashSchedule {
                upfront,
                prepaid: fee * prepaid_months,
                period_months: prepaid_months,
                monthly: nonneg(recurring - fee - min_term),
            }
        } else {
            CashSchedule::monthly(upfront, nonneg(recurring))
        }
    }

    fn periodic(&self) -> bool {
        self.prepaid > 0.0 && self.period_months > 0.0
    }

    /// Prepaid periods paid by `month`: the first on day one, the next as soon as the previous
    /// one has run out (a period ending exactly at `month` is not yet renewed).
    fn periods_paid(&self, month: f64) -> f64 {
        if self.periodic() {
            (month / self.period_months).ceil().max(1.0)
        } else {
            0.0
        }
    }

    /// Cash paid from day one to `month`.
    pub fn at(&self, month: f64) -> f64 {
        let month = nonneg(month);
        self.upfront + self.prepaid * self.periods_paid(month) + self.monthly * month
    }

    /// The cumulative cash at each whole month from 0 to `months` (at most 120), with a vertical
    /// step where a new prepaid period is paid (the month given twice: before, then after).
    pub fn points(&self, months: f64) -> Vec<(f64, f64)> {
        let steps = months.clamp(0.0, 120.0) as u32;
        let period = self.period_months.round().max(1.0) as u32;
        let mut points = Vec::with_capacity(steps as usize + 12);
        for m in 0..=steps {
            let t = m as f64;
            points.push((t, self.at(t)));
            if self.periodic() && m > 0 && m < steps && m % period == 0 {
                points.push((t, self.at(t) + self.prepaid));
            }
        }
        points
    }

    /// The first month, up to `limit`, at which `rival`'s cumulative cash reaches this one's
    /// (`rival` is read as paid month by month: its `upfront` then its `monthly`; its own
    /// prepaid part is ignored). `None` when it does not by `limit`, which may be infinite.
    /// Without a prepaid period: (upfront - rival's upfront) / (rival's monthly - monthly).
    /// With one, period by period: within period `k` this option has paid `k + 1` periods, so
    /// the rival catches up at (upfront + (k + 1) x prepaid - rival's upfront) / (rival's
    /// monthly - monthly) if that falls within the period; each period the rival gains
    /// period x (its monthly - monthly) - prepaid, so when that gain is not positive, a rival
    /// that has not caught up in the first period never does.
    pub fn overtaken_by(&self, rival: &CashSchedule, limit: f64) -> Option<f64> {
        let gain = rival.monthly - self.monthly;
        let within = |t: f64| (t <= limit).then_some(t);
        // A rival no dearer a month never pulls ahead for good (nor does a figure that is not one).
        let figures = [
            self.upfront,
            self.prepaid,
            self.period_months,
            rival.upfront,
            gain,
        ];
        if figures.iter().any(|v| !v.is_finite()) || gain <= 0.0 {
            return None;
        }
        if !self.periodic() {
            return within(nonneg(self.upfront - rival.upfront) / gain);
        }
        let p = self.period_months;
        let per_period = p * gain - self.prepaid;
        let mut k = 0.0_f64;
        while k * p <= limit && k < 10_000.0 {
            let start = k * p;
            let gap = self.upfront + (k + 1.0) * self.prepaid - rival.upfront;
            // Ahead at the period's start (the rival's upfront alone may do it).
            if gap - gain * start <= 0.0 {
                return within(start);
            }
            if gap / gain <= start + p {
                return within(gap / gain);
            }
            if per_period <= 0.0 {
                return None;
            }
            k += 1.0;
        }
        None
    }
}

impl OptionCost {
    /// The option's cash over the months of a `months` horizon: its setup fee on day one; a
    /// prepaid option's compute bill `prepaid_months` at a time (with the part of the minimum
    /// term beyond the horizon it already holds); every other line month by month.
    pub fn cash_schedule(&self, months: f64) -> CashSchedule {
        let setup = self.line(LineKey::Setup);
        CashSchedule::of_bill(
            setup * months.max(0.0),
            self.monthly.amount() - setup,
            self.compute.amount(),
            self.line(LineKey::MinTerm),
            self.prepaid_months,
        )
    }
}
