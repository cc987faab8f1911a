//! One option as a row of the comparison: its prices, whether it can serve (or why not), its
//! hardware, and its source.

use super::disclosure::tip;
use super::i18n::{jurisdiction_short, kind_name, t, T};
use crate::format::{money, number};
use crate::report::OptionReport;
use crate::scenario::Lang;
use crate::units::Currency;
use leptos::prelude::*;

/// A link target only when it is a web address: a catalogue cannot smuggle `javascript:` in.
fn safe_href(source: &str) -> Option<String> {
    let source = source.trim();
    // The scheme only: a source can be a paragraph, lowered in full for every row it cost more
    // than the row.
    let has_scheme = |scheme: &str| {
        source
            .get(..scheme.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
    };
    (has_scheme("https://") || has_scheme("http://")).then(|| source.to_string())
}

/// How an option's copies of the model sit on its machines, as the verdict says it ("2
/// replicas, each 1× H100 SXM (80GB), on 1 machine"); an option that holds no copy, by its GPUs.
fn gpus_text(lang: Lang, o: &OptionReport) -> String {
    if let Some(shape) = o.deployment_shape(lang) {
        return shape;
    }
    match &o.gpu_name {
        Some(name) if o.gpu_count > 0 => {
            let gpus = format!("{} × {name}", o.gpu_count);
            if o.servers > 1 {
                format!("{gpus} · {} {}", o.servers, t(lang, T::Servers))
            } else {
                gpus
            }
        }
        _ => "CPU".to_string(),
    }
}

/// The source as a link, or a citation: a long one by its start, which opens to the whole of it.
fn source_cell(lang: Lang, source: &str) -> AnyView {
    // Until the citations arrive (crate::catalog::OfferSources): the file that holds them.
    if source == crate::catalog::SOURCE_IN_FILE {
        return view! {
            <a href=source.to_string() class="source-file" target="_blank">{t(lang, T::Source)}</a>
        }
        .into_any();
    }
    match safe_href(source) {
        Some(href) => view! {
            <a href=href rel="noopener noreferrer nofollow" target="_blank">{t(lang, T::Source)}</a>
        }
        .into_any(),
        None => {
            let short: String = source.chars().take(60).collect();
            if short.len() < source.len() {
                tip("tip source-note", format!("{short}…"), source.to_string())
            } else {
                view! { <span class="source-note">{short}</span> }.into_any()
            }
        }
    }
}

/// The row of `o`, amounts in `cur`; `price_age`: its price's age in months when old enough to
/// show (the report's `freshness`).
pub fn row(lang: Lang, o: &OptionReport, cur: Currency, price_age: Option<u32>) -> impl IntoView {
    let money = |x: f64| money(x, cur, lang);
    // "yes" only when the option can serve: it fits, meets the speed and latency targets and
    // passes the constraints. Otherwise why not (too slow, say, though it fits in memory).
    let fits = if o.usable {
        t(lang, T::Yes).to_string()
    } else {
        o.why_not
            .as_deref()
            .unwrap_or_else(|| t(lang, T::No))
            .to_string()
    };
    // What the price leaves out, opened from the mark (the report's `price_note`).
    let approx = o.approximate_price.then(|| {
        o.price_note
            .clone()
            .unwrap_or_else(|| t(lang, T::Approximate).to_string())
    });
    // What the engine, format and GPU give up while they run, opened from a mark.
    let caveat = o
        .caveat
        .clone()
        .filter(|_| o.usable)
        .map(|c| tip("tip caveat", "⚠".into(), c));
    view! {
        <tr class:fits=o.usable class:no-fit=!o.usable data-offer=o.offer_id.clone()>
            <th scope="row">
                <span class="provider">{o.provider.clone()}</span>
                " "
                {o.name.clone()}
            </th>
            // Cells in the order of `Col::ALL`. On a phone the row is a card of the first five,
            // each under its label (`data-label`, style/main.css).
            <td class="num" data-label=t(lang, T::Monthly)>
                {money(o.monthly_cost)}
                // Fine-tuning: what the job costs here, which the ranking follows.
                {o.job_cost.map(|j| {
                    view! {
                        <span class="job-cost">{format!("{} {}", money(j), t(lang, T::ForTheJob))}</span>
                    }
                })}
            </td>
            <td class="num" data-label=t(lang, T::PerMillionTokens)>
                {o.cost_per_million_tokens.map(money).unwrap_or_default()}
            </td>
            <td class="fit-cell" data-label=t(lang, T::Fits)>{fits}{caveat}</td>
            <td class="gpus" data-label=t(lang, T::Gpus)>{gpus_text(lang, o)}</td>
            <td>{kind_name(lang, o.kind)}</td>
            <td class="num">{o.price_per_gpu_hour.map(money).unwrap_or_default()}</td>
            <td class="num">
                {money(o.price_per_hour)}
                {approx.map(|a| tip("tip approx", "≈".into(), a))}
            </td>
            <td class="num">{o.break_even_weeks.map(|w| number(w, 0, lang)).unwrap_or_default()}</td>
            <td>{format!("{} · {}", jurisdiction_short(lang, &o.jurisdiction), o.region)}</td>
            <td class="as-of" class:old-price=price_age.is_some()>
                {crate::words::catalog::price_date(&o.as_of, price_age, lang)}
            </td>
            <td>{source_cell(lang, &o.source)}</td>
        </tr>
    }
}
