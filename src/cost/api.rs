//! The hosted-API baseline (`api_reference` in the report, docs/interface.md §2): the cheapest
//! hosted APIs that sell the scenario's model, or the nearest model of its size class when none
//! does, each with what it would cost a month at the scenario's load.
//!
//! Monthly cost of an API = requests per day x (input tokens x input price + output tokens x
//! output price) / 10^6 x 365 / 12 days, converted to the report's currency. Cached-input prices
//! are shown, not assumed: how much of a prompt a provider's cache serves depends on the traffic.
//! With no request rate (`rpd=0`) the load is what the recommended deployment serves at full use
//! (`full_load`): the same tokens bought by the token instead of by the machine.

use super::Demand;
use crate::catalog::ApiPrice;
use crate::lang::Lang;
use crate::model::{ArchFamily, ModelArch, Task};
use crate::units::{Currency, Money, UsdPerEur, DAYS_PER_MONTH};
use serde::{Deserialize, Serialize};

/// How many of the cheapest APIs the report lists (plus the cheapest under EU law when none of
/// them is).
pub const SHOWN: usize = 5;

/// One hosted API as the report shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ApiReference {
    pub provider: String,
    /// The model as the provider names it.
    pub model: String,
    /// The preset model it serves.
    pub model_id: String,
    /// The preset's name (`Llama 3.3 70B`), for the page.
    #[serde(default)]
    pub model_name: String,
    /// It sells the scenario's own model; false: the nearest model of the same size class.
    pub same_model: bool,
    pub input_per_mtok: f64,
    pub output_per_mtok: f64,
    pub cached_input_per_mtok: Option<f64>,
    /// The currency of the three prices above, as published.
    pub currency: String,
    /// At `requests_per_day`, in the report's currency; null without a load (no request rate and
    /// no recommendation).
    pub monthly_cost: Option<f64>,
    /// The load `monthly_cost` is at.
    pub requests_per_day: f64,
    /// `requests_per_day` (the scenario's rate) or `full_load` (what the recommendation serves
    /// at full use, when the scenario gives no rate).
    pub load_basis: String,
    pub region: String,
    /// The provider's legal home (ISO country code, `EU` or `other`).
    pub jurisdiction: String,
    /// That home is in the EU.
    pub eu_jurisdiction: bool,
    pub source: String,
    pub as_of: String,
    /// The last known price of a model the provider may have retired.
    pub last_known: bool,
    /// What the source warns about (`currency_unverified`, `sources_disagree`, `aggregator`,
    /// `blended`).
    pub flags: Vec<String>,
    /// `last_known` and the flags in words; null when none.
    pub note: Option<String>,
}

/// The scenario's side of the comparison.
#[derive(Clone, Copy, Debug)]
pub struct ApiQuery<'a> {
    pub model: &'a ModelArch,
    /// Total parameters of the scenario's model.
    pub params: u64,
    pub demand: &'a Demand,
    /// Requests a day the recommendation serves at full use (for `rpd=0`).
    pub full_load_rpd: Option<f64>,
    pub cur: Currency,
    pub rate: UsdPerEur,
}

impl ApiQuery<'_> {
    /// The load the monthly costs are at, and its basis; `None` without one.
    fn load(&self) -> Option<(f64, &'static str)> {
        let rpd = self.demand.requests_per_day;
        if rpd > 0.0 {
            Some((rpd, "requests_per_day"))
        } else {
            self.full_load_rpd
                .filter(|r| r.is_finite() && *r > 0.0)
                .map(|r| (r, "full_load"))
        }
    }

    /// One request at this API's prices, in the report's currency.
    fn per_request(&self, a: &ApiPrice) -> f64 {
        let tokens_out = if self.model.family == ArchFamily::Encoder {
            0.0
        } else {
            self.demand.tokens_out
        };
        let native =
            (self.demand.tokens_in * a.input_per_mtok + tokens_out * a.output_per_mtok) / 1e6;
        let x = Money::new(native, a.currency)
            .to(self.cur, self.rate)
            .amount;
        if x.is_finite() {
            x.max(0.0)
        } else {
            0.0
        }
    }
}

/// The size classes an API may stand in for a model that no API sells, by total parameters:
/// under 1.5 B, 1.5-15 B, 15-50 B, 50-150 B, 150-500 B, 500 B and more.
pub fn size_class(params: u64) -> u8 {
    let b = params as f64 / 1e9;
    [1.5, 15.0, 50.0, 150.0, 500.0]
        .iter()
        .position(|&edge| b < edge)
        .unwrap_or(5) as u8
}

/// The cheapest APIs for the scenario's model (or the nearest of its size class), cheapest first
/// at the scenario's token mix; empty for fine-tuning and when no API sells a model of the class.
pub fn api_reference(
    apis: &[ApiPrice],
    models: &[ModelArch],
    q: &ApiQuery,
    lang: Lang,
) -> Vec<ApiReference> {
    if q.demand.task != Task::Infer || apis.is_empty() {
        return Vec::new();
    }
    let (rows, same) = match for_model(apis, &q.model.id) {
        Some(rows) => (rows, true),
        None => match nearest(apis, models, q) {
            Some(rows) => (rows, false),
            None => return Vec::new(),
        },
    };
    let mut priced: Vec<(f64, &ApiPrice)> = rows.iter().map(|a| (q.per_request(a), *a)).collect();
    crate::order::sort_by(&mut priced, |a, b| a.0.total_cmp(&b.0));
    let eu_only =
        q.demand.constraints.eu_jurisdiction && priced.iter().any(|p| p.1.eu_jurisdiction());
    if eu_only {
        priced.retain(|p| p.1.eu_jurisdiction());
    }
    let mut shown: Vec<(f64, &ApiPrice)> = priced.iter().take(SHOWN).copied().collect();
    if !shown.iter().any(|p| p.1.eu_jurisdiction()) {
        if let Some(eu) = priced.iter().find(|p| p.1.eu_jurisdiction()) {
            shown.push(*eu);
        }
    }
    let load = q.load();
    let name = |id: &str| {
        models
            .iter()
            .find(|m| m.id == id)
            .map_or_else(|| id.to_string(), |m| m.name.clone())
    };
    shown
        .into_iter()
        .map(|(per_request, a)| ApiReference {
            provider: a.provider.clone(),
            model: a.model.clone(),
            model_id: a.model_id.clone(),
            model_name: name(&a.model_id),
            same_model: same,
            input_per_mtok: a.input_per_mtok,
            output_per_mtok: a.output_per_mtok,
            cached_input_per_mtok: a.cached_input_per_mtok,
            currency: a.currency.code().to_string(),
            monthly_cost: load.map(|(rpd, _)| per_request * rpd * DAYS_PER_MONTH),
            requests_per_day: load.map_or(0.0, |l| l.0),
            load_basis: load.map_or("none", |l| l.1).to_string(),
            region: a.region.clone(),
            jurisdiction: a.jurisdiction.clone(),
            eu_jurisdiction: a.eu_jurisdiction(),
            source: a.source.clone(),
            as_of: a.as_of.clone(),
            last_known: a.last_known,
            flags: a.flags.clone(),
            note: crate::words::api::api_caveats(a.last_known, &a.flags, lang),
        })
        .collect()
}

/// The rows that sell model `id`: the orderable ones, else the last known prices.
fn for_model<'a>(apis: &'a [ApiPrice], id: &str) -> Option<Vec<&'a ApiPrice>> {
    let all: Vec<&ApiPrice> = apis.iter().filter(|a| a.model_id == id).collect();
    let orderable: Vec<&ApiPrice> = all.iter().copied().filter(|a| !a.last_known).collect();
    if !orderable.is_empty() {
        Some(orderable)
    } else if !all.is_empty() {
        Some(all)
    } else {
        None
    }
}

/// The rows of the model nearest the scenario's in parameters (by ratio), among the models of
/// the same size class and kind (encoder or generator) that an API sells.
fn nearest<'a>(
    apis: &'a [ApiPrice],
    models: &[ModelArch],
    q: &ApiQuery,
) -> Option<Vec<&'a ApiPrice>> {
    let class = size_class(q.params);
    let encoder = embeds(q.model);
    let mut best: Option<(f64, &str)> = None;
    let mut seen: Vec<&str> = Vec::new();
    for a in apis {
        let id = a.model_id.as_str();
        if id.is_empty() || seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let Some(m) = models.iter().find(|m| m.id == id) else {
            continue;
        };
        if embeds(m) != encoder {
            continue;
        }
        let p = crate::model::param_counts(m).total;
        if p == 0 || size_class(p) != class {
            continue;
        }
        let distance = ((p as f64) / (q.params.max(1) as f64)).ln().abs();
        if best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, id));
        }
    }
    best.and_then(|(_, id)| for_model(apis, id))
}

/// An embedding model or another encoder: compared only with its kind (an embedding API bills
/// input tokens only). Qwen3 Embedding is a decoder by architecture, an embedding model by use.
fn embeds(m: &ModelArch) -> bool {
    let says = |s: &str| s.to_ascii_lowercase().contains("embedding");
    m.family == ArchFamily::Encoder || says(&m.id) || says(&m.name)
}

/// The verdict's comparison with the cheapest firm price listed (not a last known price, nor an
/// aggregator's, which the provider it routes to sets; the cheapest listed when all are), in
/// words; `None` without a recommendation, a load or an API.
pub fn api_verdict(
    refs: &[ApiReference],
    self_hosted_monthly: f64,
    q: &ApiQuery,
    own_name: &str,
    lang: Lang,
) -> Option<String> {
    let firm = |a: &&ApiReference| !a.last_known && !a.flags.iter().any(|f| f == "aggregator");
    let a = refs
        .iter()
        .find(firm)
        .or_else(|| refs.iter().find(|a| !a.last_known))?;
    let api_monthly = a.monthly_cost?;
    if !(self_hosted_monthly.is_finite() && self_hosted_monthly > 0.0) {
        return None;
    }
    let eu = q.demand.constraints.eu_jurisdiction;
    crate::words::api::ApiVerdict {
        provider: &a.provider,
        model_name: &a.model_name,
        instead_of: (!a.same_model).then_some(own_name),
        // Architecture fields changed by the user (`llama-3.1-8b+custom`).
        modified: q.model.id.ends_with("+custom"),
        input_per_mtok: a.input_per_mtok,
        output_per_mtok: a.output_per_mtok,
        price_currency: Currency::parse(&a.currency).unwrap_or_default(),
        api_monthly,
        self_hosted_monthly,
        currency: q.cur,
        requests_per_day: a.requests_per_day,
        full_load: a.load_basis == "full_load",
        api_in_eu: a.eu_jurisdiction,
        api_jurisdiction: &a.jurisdiction,
        none_in_eu: eu && !a.eu_jurisdiction,
    }
    .sentence(lang)
    .into()
}
