//! The verdict card: everything the card shows, in the page's language, read off the report.
//! The page and its pre-render draw it from this one value (`crate::markup::verdict`), so the
//! first paint and the live page cannot differ; the tests read it natively.

use super::Report;
use crate::format::money;
use crate::lang::Lang;
use crate::plan::Reason;
use crate::words::page::{deployment_name, t, T};
use serde::Serialize;

/// The verdict card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VerdictCard {
    /// The card's heading.
    pub title: String,
    /// The question the verdict answers (the report's `scenario_line`).
    pub question: String,
    /// The verdict; `None` when no option qualifies.
    pub verdict: Option<CardVerdict>,
    /// What the card says when no option qualifies.
    pub no_verdict: String,
    /// The catalogue's date.
    pub footer: String,
}

/// A verdict as the card shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardVerdict {
    /// What the verdict says before its price: a hosted API far cheaper, a machine barely used.
    pub lead: Vec<String>,
    /// The hardware in words ("1 machine with 4× H100 SXM (80GB), tensor parallel 4").
    pub hardware: String,
    /// The number of machines when the hardware line does not say it ("3 servers").
    pub servers: Option<String>,
    /// The kind of deployment, as a badge (`Bare metal`, `Cloud`, `CPU`).
    pub deployment: String,
    /// Provider and offer.
    pub offer: String,
    /// The price is not firm: what the mark before the amount says.
    pub approximate: Option<String>,
    /// The month's cost, or the job's.
    pub amount: String,
    /// `a month` or `for the job`.
    pub per: String,
    /// What an approximate price leaves out.
    pub price_note: Option<String>,
    /// The first reason: why this option.
    pub why: String,
    /// A committed verdict: what the term binds and the best option without it (its own box).
    pub commitment: Option<String>,
    /// The comparison with the cheapest hosted APIs.
    pub api: Option<String>,
    /// The same load with another format or engine, when it costs clearly less.
    pub cheaper_path: Option<CardPath>,
    /// The other reasons, in order (the cheaper path's and the commitment's have their own box).
    pub reasons: Vec<String>,
    pub runner_ups_title: String,
    pub runner_ups: Vec<CardRunnerUp>,
}

/// The cheaper path's box: its sentence and the label of the button that takes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardPath {
    pub sentence: String,
    pub action: String,
}

/// A runner-up's line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardRunnerUp {
    pub name: String,
    pub amount: String,
    pub difference: String,
}

impl VerdictCard {
    /// The verdict in one sentence for a screen reader's polite announcement
    /// ([`crate::words::announce`]): the lead's first clause when the card has one, the hardware,
    /// the offer and the amount; when nothing qualifies, that.
    pub fn announcement(&self, lang: Lang) -> String {
        match &self.verdict {
            Some(v) => crate::words::announce::verdict(
                v.lead.first().map(String::as_str),
                &v.hardware,
                &v.offer,
                &v.amount,
                &v.per,
                lang,
            ),
            None => crate::words::announce::no_verdict(lang).to_string(),
        }
    }

    /// The card of `r`, its labels in `lang` (the report's sentences are already in it).
    pub fn of(r: &Report, lang: Lang) -> Self {
        let cur = r.cur();
        let verdict = r.recommendation.as_ref().map(|rec| {
            let reasons = rec.reasons().iter().zip(rec.reasons_typed());
            let is_lead =
                |typed: &Reason| matches!(typed, Reason::ApiFirst(_) | Reason::LowUse { .. });
            let boxed = |typed: &Reason| {
                is_lead(typed) || matches!(typed, Reason::CheaperPath(_) | Reason::Commitment(_))
            };
            let lead = reasons
                .clone()
                .filter(|(_, typed)| is_lead(typed))
                .map(|(sentence, _)| sentence.clone())
                .collect();
            let commitment = reasons
                .clone()
                .find(|(_, typed)| matches!(typed, Reason::Commitment(_)))
                .map(|(sentence, _)| sentence.clone());
            let mut reasons = reasons
                .filter(|(_, typed)| !boxed(typed))
                .map(|(sentence, _)| sentence.clone());
            CardVerdict {
                lead,
                hardware: rec.hardware_line(lang),
                servers: (rec.servers > 1 && rec.deployment_shape(lang).is_none())
                    .then(|| format!("{} {}", rec.servers, t(lang, T::Servers))),
                deployment: deployment_name(lang, rec.deployment).to_string(),
                offer: format!("{} {}", rec.provider, rec.offer_name()),
                approximate: rec
                    .approximate_price
                    .then(|| t(lang, T::ApproximatePrice).to_string()),
                amount: money(rec.cost(), cur, lang),
                per: t(
                    lang,
                    if rec.job().is_some() {
                        T::ForTheJob
                    } else {
                        T::PerMonth
                    },
                )
                .to_string(),
                price_note: rec
                    .price_note
                    .as_ref()
                    .map(|note| format!("{}: {note}.", t(lang, T::ApproximatePrice))),
                why: reasons.next().unwrap_or_default(),
                commitment,
                api: r.api_verdict.clone(),
                cheaper_path: r.cheaper_path.as_ref().map(|p| CardPath {
                    sentence: p.sentence.clone(),
                    action: p.action.clone(),
                }),
                reasons: reasons.collect(),
                runner_ups_title: t(lang, T::RunnerUps).to_string(),
                runner_ups: rec
                    .runner_ups()
                    .iter()
                    .map(|u| CardRunnerUp {
                        name: u.display_name.clone(),
                        amount: money(u.job_cost.unwrap_or(u.monthly_cost), cur, lang),
                        difference: u.difference.clone(),
                    })
                    .collect(),
            }
        });
        VerdictCard {
            // Under a host's pick (`pick=provider`) this card is the whole market's answer.
            title: t(
                lang,
                if r.provider_pick.as_ref().is_some_and(|p| p.leads) {
                    T::MarketVerdict
                } else {
                    T::Verdict
                },
            )
            .to_string(),
            question: r.scenario_line.clone(),
            verdict,
            no_verdict: t(lang, T::NoVerdict).to_string(),
            footer: crate::words::catalog::catalogue_date(&r.catalog_as_of, lang),
        }
    }
}
