//! The host's provider's pick: when a provider's catalogue is loaded (its `publisher`) or the
//! scenario names one (`provider=`), its best usable offer chosen by the verdict's own rules
//! among its offers alone ([`crate::plan::choose`]: cheapest usable, near-ties by fewer machines,
//! headroom, speed), beside the market's verdict over every offer in view, never instead of it.
//! With `pick=provider` an embedded page leads with it (`leads`), and the host's `result` event
//! carries its `offer_id`; the market's cheapest stays in the report and on the card.

use super::OptionReport;
use crate::catalog::Catalog;
use crate::cost::{Demand, OptionCost};
use crate::format::money;
use crate::lang::Lang;
use crate::scenario::{PickFrom, Scenario};
use crate::units::Currency;
use crate::words::provider as words;
use serde::Serialize;

/// The provider's best usable offer beside the market's verdict (`provider_pick` in the report).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ProviderPick {
    /// The provider, as its catalogue names it (`Acme Metal`).
    pub provider: String,
    /// Whether the verdict leads with this provider's offer: `pick=provider` and one is usable.
    pub leads: bool,
    /// The provider's best usable offer; null when none of its offers can serve the scenario.
    pub offer_id: Option<String>,
    /// Its name as the catalogue gives it.
    pub name: Option<String>,
    pub gpu_id: Option<String>,
    pub gpu_count: u32,
    /// `bare_metal`, `cloud` or `cpu`.
    pub deployment: Option<String>,
    /// Per month, in the report's currency.
    pub monthly_cost: Option<f64>,
    /// The market's verdict (the report's `recommendation`): its offer, provider and cost.
    pub market_offer_id: Option<String>,
    pub market_provider: Option<String>,
    pub market_monthly_cost: Option<f64>,
    /// How much more the provider's offer costs a month than the market's verdict (0 when it is
    /// the verdict; negative never: the verdict is the cheapest usable).
    pub premium: Option<f64>,
    /// Every offer of the provider, in the comparison's order.
    pub offers: Vec<ProviderOffer>,
    /// The pick in words: "Acme Metal's best fit: ..., EUR 2,490 a month." or why none fits.
    pub headline: String,
    /// The market's cheapest in words, or that the pick is also the cheapest; empty without a
    /// market verdict.
    pub market_line: String,
    /// "Acme Metal's offers".
    pub offers_title: String,
}

/// One of the provider's offers, as its list shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ProviderOffer {
    pub offer_id: String,
    pub name: String,
    pub monthly_cost: f64,
    /// Fits, meets the targets and passes the constraints.
    pub usable: bool,
    /// Why it cannot serve, or that it serves; in words.
    pub note: String,
}

/// The provider whose pick a scenario asks for: `provider=` when given, else the loaded
/// catalogue's publisher; `None` without either, or when no offer in the catalogue is theirs
/// (the built-in catalogue has no publisher).
pub fn host_provider<'a>(s: &'a Scenario, catalog: &'a Catalog) -> Option<&'a str> {
    let name = s
        .provider
        .as_deref()
        .or(catalog.publisher.as_deref())?
        .trim();
    catalog
        .offers
        .iter()
        .any(|o| !o.reference && same_provider(&o.provider, name))
        .then_some(name)
}

fn same_provider(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The provider and the id of its best usable offer, chosen among its own costed options by
/// the verdict's rules; `None` when no provider is in play.
pub(super) fn choose(
    s: &Scenario,
    catalog: &Catalog,
    all: &[OptionCost],
    demand: &Demand,
) -> Option<(String, Option<String>)> {
    let provider = host_provider(s, catalog)?;
    let mine: Vec<OptionCost> = all
        .iter()
        .filter(|o| same_provider(&o.provider, provider))
        .cloned()
        .collect();
    let best = crate::plan::choose(&mine, demand).map(|p| p.chosen.offer_id.clone());
    Some((provider.to_string(), best))
}

/// The pick written out from the report's rows: the provider's offers, its best one, and the
/// market's verdict (`market_id`) beside it.
pub(super) fn of(
    (provider, best): (String, Option<String>),
    options: &[OptionReport],
    market_id: Option<&str>,
    pick: PickFrom,
    cur: Currency,
    lang: Lang,
) -> ProviderPick {
    let row = |id: &str| options.iter().find(|o| o.offer_id == id);
    let mine: Vec<&OptionReport> = options
        .iter()
        .filter(|o| same_provider(&o.provider, &provider))
        .collect();
    let offers: Vec<ProviderOffer> = mine
        .iter()
        .map(|o| ProviderOffer {
            offer_id: o.offer_id.clone(),
            name: o.name.clone(),
            monthly_cost: o.monthly_cost,
            usable: o.why_not.is_none() && o.fits,
            note: match &o.why_not {
                Some(why) => why.as_str().to_string(),
                None => words::serves(lang).to_string(),
            },
        })
        .collect();
    let chosen = best.as_deref().and_then(row);
    let market = market_id.and_then(row);
    let headline = match chosen {
        Some(o) => words::headline(&provider, &o.name, &money(o.monthly_cost, cur, lang), lang),
        None => {
            let why = mine.first().and_then(|o| o.why_not.as_ref());
            words::none_fits(&provider, why.map(|w| w.as_str()), lang)
        }
    };
    let premium = chosen
        .zip(market)
        .map(|(c, m)| (c.monthly_cost - m.monthly_cost).max(0.0));
    let market_line = match (chosen, market) {
        (Some(c), Some(m)) if c.offer_id == m.offer_id => words::also_cheapest(lang).to_string(),
        (_, Some(m)) => {
            let less = premium.filter(|p| *p > 0.0).map(|p| money(p, cur, lang));
            words::market_cheapest(
                &format!("{} {}", m.provider, m.name),
                &money(m.monthly_cost, cur, lang),
                less.as_deref(),
                lang,
            )
        }
        (_, None) => String::new(),
    };
    ProviderPick {
        leads: pick == PickFrom::Provider && chosen.is_some(),
        offer_id: chosen.map(|o| o.offer_id.clone()),
        name: chosen.map(|o| o.name.clone()),
        gpu_id: chosen.and_then(|o| o.gpu_id.clone()),
        gpu_count: chosen.map_or(0, |o| o.gpu_count),
        deployment: chosen.map(|o| o.deployment.id().to_string()),
        monthly_cost: chosen.map(|o| o.monthly_cost),
        market_offer_id: market.map(|m| m.offer_id.clone()),
        market_provider: market.map(|m| m.provider.clone()),
        market_monthly_cost: market.map(|m| m.monthly_cost),
        premium,
        offers,
        headline,
        market_line,
        offers_title: words::offers_title(&provider, lang),
        provider,
    }
}
