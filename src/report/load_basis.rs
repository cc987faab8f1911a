//! What the per-token figures rest on: the scenario's request rate, or with none given a copy
//! busy the hours the service runs ("full load"), which flatters them. With no rate, the verdict
//! says so and what the chosen deployment costs per token at a stated realistic load (the team
//! chat's, `scenario::presets::TEAM_CHAT`), costed again by the cost layer at that rate.

use crate::catalog::Offer;
use crate::cost::{self, CostDefaults, Demand, OfferSizing, OptionCost};
use crate::model::Task;
use crate::plan::Reason;
use crate::scenario::presets::TEAM_CHAT;
use crate::units::{Currency, UsdPerEur, DAYS_PER_MONTH};
use crate::words::plan::TypicalLoad;
use serde::{Deserialize, Serialize};

/// The load the per-token and per-request figures are at (`per_token_basis` in the report).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PerTokenBasis {
    /// No request rate given: every copy busy the hours the service runs.
    #[default]
    FullLoad,
    /// The scenario's requests per day.
    RequestsPerDay,
}

impl PerTokenBasis {
    pub fn of(demand: &Demand) -> Self {
        if demand.requests_per_day > 0.0 {
            PerTokenBasis::RequestsPerDay
        } else {
            PerTokenBasis::FullLoad
        }
    }

    /// `full_load` or `requests_per_day` (the CSV's column).
    pub fn id(self) -> &'static str {
        match self {
            PerTokenBasis::FullLoad => "full_load",
            PerTokenBasis::RequestsPerDay => "requests_per_day",
        }
    }
}

/// What the verdict needs to cost the chosen offer again at another load.
pub(super) struct Recost<'a> {
    pub offers: &'a [(&'a Offer, OfferSizing)],
    pub demand: &'a Demand,
    pub defaults: &'a CostDefaults,
    pub cur: Currency,
    pub rate: UsdPerEur,
}

/// Serving with no request rate: the reason that says the per-token figure of `chosen` is at
/// full load and what it would be at the team chat's load (when that is below the full load).
pub(super) fn per_token_reason(chosen: &OptionCost, at: &Recost) -> Option<Reason> {
    let w = at.demand;
    // An encoder's output is not tokens a reader pays for.
    if w.task != Task::Infer || w.embeds || w.requests_per_day > 0.0 || !chosen.serves() {
        return None;
    }
    let full_rpd = chosen.requests_per_month / DAYS_PER_MONTH;
    let full_per_million = chosen.cost_per_million_tokens.amount;
    if full_rpd <= 0.0 || full_per_million <= 0.0 {
        return None;
    }
    let typical = (TEAM_CHAT.rpd < full_rpd)
        .then(|| {
            let (offer, sizing) = at.offers.iter().find(|(o, _)| o.id == chosen.offer_id)?;
            let demand = Demand {
                requests_per_day: TEAM_CHAT.rpd,
                ..w.clone()
            };
            let o = cost::evaluate_offer(offer, sizing, &demand, at.defaults, at.cur, at.rate);
            o.serves().then_some(TypicalLoad {
                requests_per_day: TEAM_CHAT.rpd,
                per_million: o.cost_per_million_tokens.amount,
                load: TEAM_CHAT.id,
            })
        })
        .flatten();
    Some(Reason::PerTokenAtLoad {
        full_rpd,
        full_per_million,
        typical,
        currency: chosen.currency,
    })
}
