//! The verdict, first on the page: hardware, deployment, monthly cost (a fine-tuning job's
//! cost), why, runner-ups. Every
//! name and figure is the report's.

use super::app::ctx;
use super::cheaper_path::CheaperPathButton;
use super::i18n::{deployment_name, T};
use crate::format::money;
use leptos::prelude::*;

/// The recommendation.
#[component]
pub fn Verdict() -> impl IntoView {
    let c = ctx();
    let verdict = Memo::new(move |_| {
        c.report.with(|r| {
            r.recommendation
                .clone()
                .map(|rec| (rec, r.cur(), r.api_verdict.clone(), r.cheaper_path.clone()))
        })
    });
    view! {
        <section class="card verdict" id="verdict" aria-labelledby="verdict-title">
            <h2 id="verdict-title">{c.text(T::Verdict)}</h2>
            {move || match verdict.get() {
                None => view! { <p class="no-verdict">{c.text(T::NoVerdict)}</p> }.into_any(),
                Some((rec, cur, api, path)) => {
                    let lang = c.lang();
                    let amount = rec.cost();
                    // The deployment in words: machines, copies, GPUs per copy and their split.
                    let servers = if rec.servers > 1 && rec.deployment_shape(lang).is_none() {
                        format!(" · {} {}", rec.servers, c.t(T::Servers))
                    } else {
                        String::new()
                    };
                    let hardware = rec.hardware_line(lang);
                    let offer = format!("{} {}", rec.provider, rec.offer_name);
                    let mut reasons = rec.reasons.into_iter();
                    let why = reasons.next().unwrap_or_default();
                    // The cheaper path's sentence, the last reason, shows in its own box.
                    let path_sentence = path.as_ref().map(|p| p.sentence.as_str());
                    let more: Vec<String> =
                        reasons.filter(|r| Some(r.as_str()) != path_sentence).collect();
                    view! {
                        <p class="verdict-hardware" id="verdict-hardware">
                            <strong>{hardware}</strong>
                            {servers}
                        </p>
                        <p class="verdict-offer">
                            <span class="badge">{deployment_name(lang, rec.deployment)}</span>
                            " "
                            <span id="verdict-offer">{offer}</span>
                        </p>
                        // A fine-tuning job is paid once: its cost, not a month of rental.
                        <p class="verdict-cost" id="verdict-cost">
                            // An approximate price is marked before the amount: "≈ €2.04".
                            {rec.approximate_price.then(|| view! { <span class="approx" title=c.t(T::ApproximatePrice)>"≈ "</span> })}
                            <strong>
                                {money(amount, cur, lang)}
                            </strong>
                            " "
                            {c.t(if rec.job.is_some() { T::ForTheJob } else { T::PerMonth })}
                        </p>
                        {rec
                            .price_note
                            .clone()
                            .map(|note| {
                                view! {
                                    <p class="verdict-price-note" id="verdict-price-note">
                                        {format!("{}: {note}.", c.t(T::ApproximatePrice))}
                                    </p>
                                }
                            })}
                        <p class="verdict-why" id="verdict-why">{why}</p>
                        {api.map(|a| view! { <p class="verdict-api" id="verdict-api">{a}</p> })}
                        {path.map(|p| view! { <CheaperPathButton path=p /> })}
                        {(!more.is_empty())
                            .then(|| {
                                view! {
                                    <ul class="reasons">
                                        {more.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}
                                    </ul>
                                }
                            })}
                        {(!rec.runner_ups.is_empty())
                            .then(|| {
                                view! {
                                    <h3>{c.t(T::RunnerUps)}</h3>
                                    <ul class="runner-ups" id="runner-ups">
                                        {rec
                                            .runner_ups
                                            .into_iter()
                                            .map(|u| {
                                                view! {
                                                    <li>
                                                        <span>{u.display_name}</span>
                                                        " · "
                                                        <span>
                                                            {money(
                                                                u.job_cost.unwrap_or(u.monthly_cost),
                                                                cur,
                                                                lang,
                                                            )}
                                                        </span>
                                                        " · "
                                                        <span>{u.difference}</span>
                                                    </li>
                                                }
                                            })
                                            .collect_view()}
                                    </ul>
                                }
                            })}
                    }
                        .into_any()
                }
            }}
            <p class="verdict-footer" id="verdict-as-of">
                {move || {
                    c.report.with(|r| crate::words::catalog::catalogue_date(&r.catalog_as_of, c.lang()))
                }}
            </p>
        </section>
    }
}
