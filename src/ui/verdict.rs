//! The verdict, first on the page: hardware, deployment, monthly cost, why, runner-ups.

use super::app::ctx;
use super::i18n::{deployment_name, money_code, T};
use leptos::prelude::*;

/// The recommendation.
#[component]
pub fn Verdict() -> impl IntoView {
    let c = ctx();
    let verdict = Memo::new(move |_| {
        c.report.with(|r| {
            r.recommendation.clone().map(|rec| {
                let option = r
                    .options
                    .iter()
                    .find(|o| o.offer_id == rec.offer_id)
                    .cloned();
                let runner_ups: Vec<(String, f64, String)> = rec
                    .runner_ups
                    .iter()
                    .map(|u| {
                        let name = r
                            .options
                            .iter()
                            .find(|o| o.offer_id == u.offer_id)
                            .map(|o| format!("{} {}", o.provider, o.name))
                            .unwrap_or_else(|| u.offer_id.clone());
                        (name, u.monthly_cost, u.difference.clone())
                    })
                    .collect();
                (rec, option, runner_ups)
            })
        })
    });
    let gpu_name = move |id: &Option<String>| -> String {
        id.as_ref()
            .map(|id| {
                c.cat.catalog.with(|cat| {
                    cat.gpu(id)
                        .map(|g| g.name.clone())
                        .unwrap_or_else(|| id.clone())
                })
            })
            .unwrap_or_default()
    };
    view! {
        <section class="card verdict" id="verdict" aria-labelledby="verdict-title">
            <h2 id="verdict-title">{move || c.t(T::Verdict)}</h2>
            {move || match verdict.get() {
                None => view! { <p class="no-verdict">{move || c.t(T::NoVerdict)}</p> }.into_any(),
                Some((rec, option, runner_ups)) => {
                    let lang = c.lang();
                    let hardware = if rec.gpu_count > 0 {
                        format!("{} × {}", rec.gpu_count, gpu_name(&rec.gpu_id))
                    } else {
                        option.as_ref().map(|o| o.name.clone()).unwrap_or_default()
                    };
                    let servers = if rec.servers > 1 {
                        format!(" · {} {}", rec.servers, c.t(T::Servers))
                    } else {
                        String::new()
                    };
                    let offer = option
                        .as_ref()
                        .map(|o| format!("{} {}", o.provider, o.name))
                        .unwrap_or_else(|| format!("{} {}", rec.provider, rec.offer_id));
                    let mut reasons = rec.reasons.clone().into_iter();
                    let why = reasons.next().unwrap_or_default();
                    let more: Vec<String> = reasons.collect();
                    view! {
                        <p class="verdict-hardware" id="verdict-hardware">
                            <strong>{hardware}</strong>
                            {servers}
                        </p>
                        <p class="verdict-offer">
                            <span class="badge">{deployment_name(lang, &rec.deployment)}</span>
                            " "
                            <span id="verdict-offer">{offer}</span>
                        </p>
                        <p class="verdict-cost" id="verdict-cost">
                            <strong>{money_code(lang, &rec.currency, rec.monthly_cost)}</strong>
                            " "
                            {c.t(T::PerMonth)}
                        </p>
                        <p class="verdict-why" id="verdict-why">{why}</p>
                        {(!more.is_empty())
                            .then(|| {
                                view! {
                                    <ul class="reasons">
                                        {more.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}
                                    </ul>
                                }
                            })}
                        {(!runner_ups.is_empty())
                            .then(|| {
                                view! {
                                    <h3>{c.t(T::RunnerUps)}</h3>
                                    <ul class="runner-ups" id="runner-ups">
                                        {runner_ups
                                            .into_iter()
                                            .map(|(name, cost, diff)| {
                                                view! {
                                                    <li>
                                                        <span>{name}</span>
                                                        " · "
                                                        <span>{money_code(lang, &rec.currency, cost)}</span>
                                                        " · "
                                                        <span>{diff}</span>
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
        </section>
    }
}
