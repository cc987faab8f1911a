//! The report's hosted-API comparison and honest-price notes: the cheapest APIs for the model
//! (`cost::api`), the verdict's sentence about them, and what an approximate price leaves out.

use crate::catalog::{Catalog, Offer};
use crate::cost::api::{api_reference, api_verdict, ApiQuery, ApiReference};
use crate::cost::{Demand, OptionCost};
use crate::lang::Lang;
use crate::model::ModelArch;
use crate::units::{Currency, UsdPerEur, DAYS_PER_MONTH};
use crate::words::catalog_names::catalogue_name;

/// The scenario's side of the comparison, read by [`apis`].
pub(super) struct ApiInputs<'a> {
    pub catalog: &'a Catalog,
    pub arch: &'a ModelArch,
    pub params: u64,
    pub demand: &'a Demand,
    pub cur: Currency,
    pub rate: UsdPerEur,
}

/// `api_reference` and `api_verdict`. With no request rate, the load is what the recommended
/// deployment serves at full use (its requests a month over the month's days).
pub(super) fn apis(
    i: &ApiInputs,
    chosen: Option<&OptionCost>,
    lang: Lang,
) -> (Vec<ApiReference>, Option<String>) {
    let q = ApiQuery {
        model: i.arch,
        params: i.params,
        demand: i.demand,
        full_load_rpd: chosen.map(|c| c.requests_per_month / DAYS_PER_MONTH),
        cur: i.cur,
        rate: i.rate,
    };
    let mut refs = api_reference(&i.catalog.apis, &i.catalog.models, &q, lang);
    for r in &mut refs {
        if let std::borrow::Cow::Owned(name) = catalogue_name(&r.provider, lang) {
            r.provider = name;
        }
    }
    let verdict =
        chosen.and_then(|c| api_verdict(&refs, c.monthly.amount(), &q, &i.arch.name, lang));
    (refs, verdict)
}

/// What the verdict says before its price: a firm API price for the same model less than a third
/// of the self-hosted cost at the scenario's own request rate (unless single tenancy, or EU law
/// that the API does not meet, requires self-hosting), and a machine the load uses under a tenth
/// of.
pub(super) fn leads(
    refs: &[ApiReference],
    chosen: Option<&OptionCost>,
    demand: &Demand,
) -> Vec<crate::plan::Reason> {
    use crate::plan::Reason;
    use crate::words::plan::{ApiFirst, API_FIRST_RATIO, LOW_USE};
    let Some(c) = chosen.filter(|_| demand.task == crate::model::Task::Infer) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let self_hosted = c.monthly.amount();
    let firm = refs
        .iter()
        .find(|a| !a.last_known && !a.flags.iter().any(|f| f == "aggregator") && a.same_model);
    let api_first = firm.filter(|a| {
        let rate = demand.requests_per_day > 0.0 && a.load_basis == "requests_per_day";
        let law = !demand.constraints.eu_jurisdiction || a.eu_jurisdiction;
        rate && law && !demand.constraints.single_tenant
    });
    if let Some((a, m)) = api_first.and_then(|a| a.monthly_cost.map(|m| (a, m))) {
        if m > 0.0 && m * API_FIRST_RATIO < self_hosted {
            out.push(Reason::ApiFirst(ApiFirst {
                provider: a.provider.clone(),
                model_name: a.model_name.clone(),
                api_monthly: m,
                self_hosted_monthly: self_hosted,
                currency: c.currency,
            }));
        }
    }
    if demand.requests_per_day > 0.0 && c.utilisation > 0.0 && c.utilisation < LOW_USE {
        out.push(Reason::LowUse {
            utilisation: c.utilisation,
        });
    }
    out
}

/// What the offer's approximate price leaves out, in words; `None` when the price is firm.
pub(super) fn price_note(offer: &Offer, lang: Lang) -> Option<String> {
    if !offer.price.approximate {
        return None;
    }
    let key = offer.price_note.trim();
    Some(if key.is_empty() {
        crate::words::api::price_note("converted", lang)
    } else {
        crate::words::api::price_note(key, lang)
    })
}
