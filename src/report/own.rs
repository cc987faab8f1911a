//! Owned hardware in the report (`own=1`): the catalogue's servers to buy as offers of kind
//! `own`, colocated in its first site; and how buying the cheapest usable one compares with the
//! recommended rental (the report's `own`): the cash it takes up front, the weeks until it pays
//! for itself, and the cumulative cost of each over the horizon.
//!
//! An owned option is compared, never the headline: the verdict stays the rental it would
//! replace (a CTO choosing to buy must see it, and a provider embedding the page does not
//! advertise buying); the reasons say so.

use super::{OwnAssumptions, OwnComparison};
use crate::catalog::{
    Catalog, Offer, OfferGpu, OfferKind, Price, PricePer, Purchase, Virtualization,
};
use crate::cost::own as defaults;
use crate::cost::CostDefaults;
use crate::cost::{LineKey, OptionCost};
use crate::lang::Lang;
use crate::plan::Reason;
use crate::units::{Currency, Money, UsdPerEur, WEEKS_PER_MONTH};
use crate::words::own::OwnVerdict;

/// Who an owned option is "from", in the comparison's provider column.
pub(super) fn provider(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Bought and colocated",
        Lang::Es => "Comprado y colocado",
    }
}

/// The catalogue's servers whose GPU it knows, as offers of kind `own` housed in its first
/// colocation site; none without a site.
pub(super) fn offers(catalog: &Catalog, lang: Lang) -> Vec<Offer> {
    let Some(site) = catalog.colocation.first() else {
        return Vec::new();
    };
    catalog
        .hardware
        .iter()
        .filter(|h| catalog.gpu(&h.gpu_id).is_some() && h.gpu_count > 0)
        .map(|h| Offer {
            id: format!("own-{}", h.id),
            provider: provider(lang).to_string(),
            name: h.name.clone(),
            kind: OfferKind::Own,
            gpu: Some(OfferGpu::whole(h.gpu_id.clone(), h.gpu_count)),
            virtualization: Virtualization::BareMetal,
            // The purchase, once; the cost model prices it a month from `purchase`.
            price: Price {
                amount: h.price,
                currency: h.currency,
                per: PricePer::Month,
                approximate: h.price_kind != "quote",
            },
            region: site.region.clone(),
            jurisdiction: site.jurisdiction.clone(),
            region_eu: site.region_eu,
            single_tenant: true,
            source: h.source.clone(),
            as_of: h.as_of.clone(),
            purchase: Some(Purchase {
                hardware: h.clone(),
                colocation: site.clone(),
                gpu_tdp_w: catalog.gpu(&h.gpu_id).map_or(0.0, |g| g.tdp_w),
            }),
            ..Offer::default()
        })
        .collect()
}

/// A straight line of cumulative cost: what it starts at and what it adds a month.
#[derive(Clone, Copy)]
struct Line {
    start: f64,
    slope: f64,
}

/// A rental's cumulative cost: its setup fees at the start, the rest a month.
fn rental_line(r: &OptionCost, months: f64) -> Line {
    let setup = r.line(LineKey::Setup);
    Line {
        start: setup * months,
        slope: r.monthly.amount() - setup,
    }
}

/// Buying's cash: the purchase and its setup at the start, colocation, power and operations (and
/// a loan's interest) a month.
fn own_line(o: &OptionCost, upfront: f64) -> Line {
    let running = [
        LineKey::Financing,
        LineKey::Colocation,
        LineKey::Power,
        LineKey::Operations,
        LineKey::Egress,
        LineKey::Storage,
        LineKey::Monitoring,
    ]
    .iter()
    .map(|k| o.line(*k))
    .sum();
    Line {
        start: upfront,
        slope: running,
    }
}

/// The month where buying's cash line `b` meets the rental's `r` (0 when it starts below);
/// `None` when buying's running costs reach the rent.
fn crossing(r: Line, b: Line) -> Option<f64> {
    (r.slope > b.slope).then(|| ((b.start - r.start) / (r.slope - b.slope)).max(0.0))
}

/// The purchase and setup of an owned option, all its servers (0 for another kind).
pub(super) fn upfront(o: &OptionCost) -> f64 {
    let mut cash = 0.0;
    for l in &o.lines {
        if let crate::cost::Basis::Own(b) = &l.basis {
            if l.key == LineKey::Amortisation {
                cash = (b.price + b.setup) * b.servers as f64;
            }
        }
    }
    cash
}

/// The owned option's value at `months`: straight line from its price to its residual over the
/// depreciation period, then the residual.
fn value_at(o: &OptionCost, months: f64) -> f64 {
    o.lines
        .iter()
        .find(|l| l.key == LineKey::Amortisation)
        .and_then(|l| match &l.basis {
            crate::cost::Basis::Own(b) => {
                let gone = (months / b.months.max(1.0)).min(1.0) * (1.0 - b.residual);
                Some(b.price * b.servers as f64 * (1.0 - gone))
            }
            _ => None,
        })
        .unwrap_or(0.0)
}

/// How buying the cheapest usable owned option compares with the recommended rental, and the
/// reasons that say it; `None` without an owned option that serves, a recommendation, or when
/// the recommendation is a fine-tuning job (priced by the job, not the month).
pub(super) fn compare(
    owned: &[OptionCost],
    rental: Option<&OptionCost>,
    months: f64,
    cur: Currency,
    lang: Lang,
) -> Option<(OwnComparison, Reason)> {
    let rental = rental?;
    if rental.job.is_some() {
        return None;
    }
    let own = owned
        .iter()
        .filter(|o| o.is_usable())
        .min_by(|a, b| a.monthly.amount().total_cmp(&b.monthly.amount()))?;
    let cash = upfront(own);
    let (r, b) = (rental_line(rental, months), own_line(own, cash));
    let crossing = crossing(r, b);
    let value_at_end = value_at(own, months);
    let cumulative_own = b.start + b.slope * months - value_at_end;
    let cumulative_rental = r.start + r.slope * months;
    let rental_name = format!("{} {}", rental.provider, rental.name);
    let own_name = match own.servers {
        1 => own.name.clone(),
        n => format!("{n} x {}", own.name),
    };
    let verdict = OwnVerdict {
        own: own_name,
        rental: rental_name.clone(),
        months,
        upfront: cash,
        break_even_weeks: crossing.map(|m| m * WEEKS_PER_MONTH),
        cumulative_own,
        cumulative_rental,
        value_at_end,
        currency: cur,
    };
    let sentence = verdict.sentence(lang);
    let comparison = OwnComparison {
        offer_id: own.offer_id.clone(),
        name: own.name.clone(),
        against_offer_id: rental.offer_id.clone(),
        against: rental_name,
        upfront: cash,
        monthly: own.monthly.amount(),
        running_monthly: b.slope,
        against_monthly: rental.monthly.amount(),
        break_even_months: crossing,
        break_even_weeks: crossing.map(|m| m * WEEKS_PER_MONTH),
        break_even_cost: crossing.map(|m| r.start + r.slope * m),
        months,
        cumulative_own,
        cumulative_rental,
        value_at_end,
        sentence,
    };
    Some((comparison, Reason::OwnCompared(verdict)))
}

/// Each owned option's break-even against the recommended rental, in the comparison's
/// `break_even_weeks` column (the weeks until buying pays for itself).
pub(super) fn fill_break_even(owned: &mut [OptionCost], rental: Option<&OptionCost>, months: f64) {
    let Some(rental) = rental else {
        return;
    };
    let r = rental_line(rental, months);
    for o in owned {
        let weeks = crossing(r, own_line(o, upfront(o))).map(|m| m * WEEKS_PER_MONTH);
        o.break_even = Some(crate::cost::BreakEven {
            against_offer_id: rental.offer_id.clone(),
            against_provider: rental.provider.clone(),
            against_monthly: rental.monthly,
            weeks,
            utilisation: None,
            utilisation_against_offer_id: None,
        });
    }
}

/// The owned-hardware assumptions in force, for the assumptions panel; `None` without `own=1`.
pub(super) fn assumptions(
    own: bool,
    catalog: &Catalog,
    d: &CostDefaults,
    cur: Currency,
    rate: UsdPerEur,
) -> Option<OwnAssumptions> {
    if !own {
        return None;
    }
    let o = &d.own;
    let conv = |m: Money| m.to(cur, rate).amount;
    let site = catalog.colocation.first();
    let site_money = |p: Option<f64>| site.and_then(|c| p.map(|p| conv(Money::new(p, c.currency))));
    Some(OwnAssumptions {
        amort_months: o.amort_months,
        residual: o.residual_fraction(),
        site: site.map_or_else(String::new, |c| c.name.clone()),
        colo_kw: o
            .colo_per_kw
            .or_else(|| site_money(site.and_then(|c| c.per_kw_month))),
        kwh: d
            .kwh_price
            .or_else(|| site_money(site.filter(|c| !c.power_included).and_then(|c| c.kwh_price))),
        pue: d.pue,
        ops: o
            .operations
            .unwrap_or_else(|| conv(defaults::default_operations())),
        setup: o.setup.unwrap_or_else(|| conv(defaults::default_setup())),
        finance: o.finance_rate.unwrap_or(0.0) * 100.0,
        overhead_w: o.overhead_w,
    })
}
