//! The report's hosted-API comparison and honest-price notes: the cheapest APIs for the model
//! (`cost::api`), the verdict's sentence about them, and what an approximate price leaves out.

use crate::catalog::{Catalog, Offer};
use crate::cost::api::{api_reference, api_verdict, ApiQuery, ApiReference};
use crate::cost::{Demand, OptionCost};
use crate::lang::Lang;
use crate::model::ModelArch;
use crate::units::{Currency, UsdPerEur, DAYS_PER_MONTH};

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
    let refs = api_reference(&i.catalog.apis, &i.catalog.models, &q, lang);
    let verdict =
        chosen.and_then(|c| api_verdict(&refs, c.monthly.amount(), &q, &i.arch.name, lang));
    (refs, verdict)
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
