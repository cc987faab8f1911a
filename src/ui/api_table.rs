//! The hosted APIs next to the options: the cheapest APIs that sell the model (or the nearest of
//! its size class), their prices per million tokens and what they would cost a month at the
//! scenario's load. Every figure is the report's (`api_reference`).

use super::app::ctx;
use super::disclosure::tip;
use super::i18n::{jurisdiction_short, t, T};
use crate::cost::api::ApiReference;
use crate::format::{count, money};
use crate::units::Currency;
use leptos::prelude::*;

/// The hosted-API table; nothing when the report lists none (fine-tuning, no API of the class).
#[component]
pub fn ApiTable() -> impl IntoView {
    let c = ctx();
    let apis = Memo::new(move |_| c.report.with(|r| (r.api_reference.clone(), r.cur())));
    move || {
        let (apis, cur) = apis.get();
        let first = apis.first()?.clone();
        let lang = c.lang();
        let load = match first.load_basis.as_str() {
            "none" => c.t(T::ApiNoLoad).to_string(),
            basis => format!(
                "{} {} {}",
                c.t(T::ApiAtLoad),
                count(first.requests_per_day.round(), lang),
                if basis == "full_load" {
                    c.t(T::ApiFullLoad)
                } else {
                    c.t(T::ApiRequestsADay)
                }
            ),
        };
        let heading = if first.same_model {
            format!("{} {}", c.t(T::HostedApis), first.model_name)
        } else {
            format!(
                "{} {} ({})",
                c.t(T::HostedApis),
                first.model_name,
                c.t(T::ApiNearest)
            )
        };
        let rows = apis
            .into_iter()
            .map(|a| api_row(a, cur, lang))
            .collect_view();
        Some(view! {
            <section class="card apis" id="apis" aria-labelledby="apis-title">
                <h2 id="apis-title">{heading}</h2>
                <p class="hint" id="apis-load">{load}</p>
                // A region of its own name (the section's title and the load), apart from the
                // section's landmark; on a phone each row is a card (style/main.css).
                <div class="table-scroll" tabindex="0" role="region" aria-labelledby="apis-title apis-load">
                    <table class="data cards" id="apis-table">
                        <thead>
                            <tr>
                                <th scope="col">{c.t(T::FilterProvider)}</th>
                                <th scope="col" class="num">{c.t(T::Monthly)}</th>
                                <th scope="col" class="num">{c.t(T::ApiPrices)}</th>
                                <th scope="col">{c.t(T::FilterJurisdiction)}</th>
                                <th scope="col">{c.t(T::AsOf)}</th>
                                <th scope="col">{c.t(T::Source)}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            </section>
        })
    }
}

fn api_row(a: ApiReference, cur: Currency, lang: crate::scenario::Lang) -> impl IntoView {
    let price_cur = Currency::parse(&a.currency).unwrap_or_default();
    let prices = if a.output_per_mtok > 0.0 {
        format!(
            "{} / {}",
            money(a.input_per_mtok, price_cur, lang),
            money(a.output_per_mtok, price_cur, lang)
        )
    } else {
        money(a.input_per_mtok, price_cur, lang)
    };
    let juris = if a.eu_jurisdiction {
        format!("{} · {}", a.jurisdiction, jurisdiction_short(lang, "EU"))
    } else {
        jurisdiction_short(lang, &a.jurisdiction)
    };
    let key = a.provider.clone();
    view! {
        <tr data-api=key>
            <th scope="row">
                <span class="provider">{a.provider}</span>
                " "
                {a.model}
                {a.note.map(|n| tip("tip caveat", "⚠".into(), n))}
            </th>
            <td class="num" data-label=t(lang, T::Monthly)>
                {a.monthly_cost.map(|m| money(m, cur, lang)).unwrap_or_default()}
            </td>
            <td class="num" data-label=t(lang, T::ApiPrices)>{prices}</td>
            <td data-label=t(lang, T::FilterJurisdiction)>{format!("{juris} · {}", a.region)}</td>
            <td class="as-of" data-label=t(lang, T::AsOf)>{a.as_of}</td>
            <td class="source" data-label=t(lang, T::Source)>{a.source}</td>
        </tr>
    }
}
