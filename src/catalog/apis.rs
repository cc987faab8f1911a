//! Hosted per-token APIs (the catalogue's `apis`, docs/interface.md §3): what a model costs bought
//! as a service, the baseline a CTO compares self-hosting with. Field names are a public contract:
//! add, never rename.

use super::validate::{is_date, Fault, Problem};
use crate::units::Currency;
use serde::{Deserialize, Serialize};

/// One provider's price for one model, per million tokens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ApiPrice {
    pub provider: String,
    /// The model as the provider names it (`Llama-3.3-70B-Instruct-Turbo (FP8)`).
    pub model: String,
    /// The preset model these are the weights of (`llama-3.3-70b`); empty when none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub model_id: String,
    pub input_per_mtok: f64,
    /// 0 for an embedding model (input tokens only).
    #[serde(default)]
    pub output_per_mtok: f64,
    /// Input tokens served from the provider's prompt cache, where it sells that.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cached_input_per_mtok: Option<f64>,
    pub currency: Currency,
    #[serde(default)]
    pub region: String,
    /// The provider's legal home: an ISO country code (`FR`, `US`), `EU`, or `other`.
    pub jurisdiction: String,
    pub source: String,
    pub as_of: String,
    /// The source calls the price historical, retired or stale: the last known price, not one to
    /// order at.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last_known: bool,
    /// What the source warns about: `currency_unverified`, `sources_disagree`, `aggregator`,
    /// `blended` (words in [`crate::words::api`]; other values are shown as written).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// The member states of the European Union, by ISO 3166 code.
const EU_MEMBERS: [&str; 27] = [
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV",
    "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
];

/// A legal home under EU law: `EU`, or the ISO 3166 code of a member state (`FI`, `FR`).
pub fn is_eu_law(jurisdiction: &str) -> bool {
    let j = jurisdiction.trim();
    j.eq_ignore_ascii_case("EU") || EU_MEMBERS.iter().any(|m| m.eq_ignore_ascii_case(j))
}

impl ApiPrice {
    /// The provider is under EU law (a member state, or `EU`).
    pub fn eu_jurisdiction(&self) -> bool {
        is_eu_law(&self.jurisdiction)
    }
}

/// Why an `apis` row cannot be used, with the figure its sentence quotes.
pub use crate::words::api::ApiFault;

/// The problems of the `apis` list, one per fault, each named by its row (`apis[3] (Groq
/// Llama-3.3-70B-Versatile)`). `known_model` says whether a `model_id` names a model of the
/// catalogue.
pub(super) fn check_apis(apis: &[ApiPrice], known_model: impl Fn(&str) -> bool) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, a) in apis.iter().enumerate() {
        let path = format!("apis[{i}] ({} {})", a.provider.trim(), a.model.trim());
        let mut add = |fault: ApiFault| {
            out.push(Problem {
                kind: super::validate::ProblemKind::BadApi,
                path: path.clone(),
                fault: Fault::Api(fault),
            })
        };
        if a.provider.trim().is_empty() {
            add(ApiFault::MissingField { field: "provider" });
        }
        if a.model.trim().is_empty() {
            add(ApiFault::MissingField { field: "model" });
        }
        if !(a.input_per_mtok.is_finite() && a.input_per_mtok > 0.0) {
            add(ApiFault::BadPrice {
                field: "input_per_mtok",
                amount: a.input_per_mtok,
            });
        }
        if !(a.output_per_mtok.is_finite() && a.output_per_mtok >= 0.0) {
            add(ApiFault::BadPrice {
                field: "output_per_mtok",
                amount: a.output_per_mtok,
            });
        }
        if let Some(c) = a.cached_input_per_mtok {
            if !(c.is_finite() && c >= 0.0) {
                add(ApiFault::BadPrice {
                    field: "cached_input_per_mtok",
                    amount: c,
                });
            }
        }
        if !a.model_id.is_empty() && !known_model(&a.model_id) {
            add(ApiFault::UnknownModel {
                id: a.model_id.clone(),
            });
        }
        if a.jurisdiction.trim().is_empty() {
            add(ApiFault::MissingField {
                field: "jurisdiction",
            });
        }
        if a.source.trim().is_empty() {
            add(ApiFault::MissingField { field: "source" });
        }
        if !is_date(&a.as_of) {
            add(ApiFault::BadDate {
                date: a.as_of.clone(),
            });
        }
    }
    out
}
