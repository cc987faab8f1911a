//! The memory breakdown as a stacked bar against the chosen hardware's capacity, with the
//! range of every term that is not exact, and the same figures as a table.
//! Widths are SVG attributes (no inline style), so a strict `style-src 'self'` holds.

use super::app::ctx;
use super::i18n::{bytes, term_name, T};
use crate::report::Provenance;
use crate::units::Bytes;
use leptos::prelude::*;

/// SVG user units across the bar.
const WIDTH: f64 = 1000.0;

/// Memory needed, by term.
#[component]
pub fn MemoryBar() -> impl IntoView {
    let c = ctx();
    let data = Memo::new(move |_| {
        let capacity = c.report.with(|r| {
            r.recommendation.as_ref().and_then(|rec| {
                c.cat.catalog.with(|cat| {
                    let gpu = cat.gpu(rec.gpu_id.as_deref()?)?;
                    // Every GPU of the recommendation (across servers) holds a share of the model.
                    Some((gpu.memory_gib, rec.gpu_count.max(1)))
                })
            })
        });
        (c.report.with(|r| r.memory.clone()), capacity)
    });
    view! {
            <section class="card memory" id="memory" aria-labelledby="memory-title">
                <h2 id="memory-title">{move || c.t(T::Memory)}</h2>
                {move || {
                    let lang = c.lang();
                    let (memory, capacity) = data.get();
                    let total = memory.total_bytes as f64;
                    let high: f64 = memory.terms.iter().map(|t| t.high_bytes.max(t.bytes) as f64).sum();
                    let cap_bytes = capacity.map(|(gib, n)| Bytes::from_gib(gib * n as f64).0);
                    let scale_max = [total, high, cap_bytes.unwrap_or(0.0)]
                        .into_iter()
                        .fold(1.0_f64, f64::max);
                    let scale = WIDTH / scale_max;
                    let mut x = 0.0;
                    let segments: Vec<_> = memory
                        .terms
                        .iter()
                        .map(|term| {
                            let w = term.bytes as f64 * scale;
                            let seg = (term.key.clone(), x, w, term.low_bytes as f64 * scale, term.high_bytes as f64 * scale);
                            x += w;
                            seg
                        })
                        .collect();
                    let summary = match cap_bytes {
                        Some(cap) => format!(
                            "{}: {} · {}: {} ({} × {})",
                            c.t(T::MemoryNeeded),
                            bytes(lang, total),
                            c.t(T::Capacity),
                            bytes(lang, cap),
                            capacity.map_or(0, |(_, n)| n),
                            capacity.map_or(String::new(), |(gib, _)| bytes(lang, Bytes::from_gib(gib).0)),
                        ),
                        None => format!("{}: {}", c.t(T::MemoryNeeded), bytes(lang, total)),
                    };
                    view! {
                        <p class="memory-summary" id="memory-total">{summary.clone()}</p>
                        {memory
                            .headroom
                            .as_ref()
                            .map(|h| view! { <p class="hint" id="memory-headroom">{h.sentence(lang)}</p> })}
                        <svg
                            class="stacked-bar"
                            viewBox=format!("0 0 {WIDTH} 48")
                            preserveAspectRatio="none"
                            role="img"
                            aria-label=summary
                        >
                            {segments
                                .iter()
                                .map(|(key, x, w, low, high)| {
                                    let start = *x;
                                    view! {
                                        <rect
                                            class=format!("seg seg-{key}")
                                            x=start
                                            y="8"
                                            width=w.max(0.0)
                                            height="24"
                                        ></rect>
                                        {(high > low)
                                            .then(|| {
                                                view! {
                                                    <line
                                                        class="range"
                                                        x1=start + low
                                                        x2=start + high
                                                        y1="38"
                                                        y2="38"
                                                    ></line>
                                                }
                                            })}
                                    }
                                })
                                .collect_view()}
                            {cap_bytes
                                .map(|cap| {
                                    let cx = cap * scale;
                                    view! {
                                        <line class="capacity" x1=cx x2=cx y1="0" y2="48"></line>
                                    }
                                })}
                        </svg>
                        <ul class="legend">
                            {memory
                                .terms
                                .iter()
                                .map(|t| {
                                    view! {
                                        <li>
                                            <svg class="swatch" viewBox="0 0 10 10" aria-hidden="true">
                                                <rect class=format!("seg seg-{}", t.key) width="10" height="10"></rect>
                                            </svg>
                                            {term_name(lang, &t.key)}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                        <div class="table-scroll memory-scroll">
    <table class="data memory-table" id="memory-table">
                            <thead>
                                <tr>
                                    <th scope="col">{c.t(T::Term)}</th>
                                    <th scope="col" class="num">{c.t(T::Estimate)}</th>
                                    <th scope="col" class="num">{c.t(T::Range)}</th>
                                    <th scope="col">{c.t(T::Basis)}</th>
                                </tr>
                            </thead>
                            <tbody>
                                {memory
                                    .terms
                                    .iter()
                                    .map(|t| {
                                        let range = if t.provenance == Provenance::Exact || t.low_bytes == t.high_bytes {
                                            c.t(T::Exact).to_string()
                                        } else {
                                            format!("{} – {}", bytes(lang, t.low_bytes as f64), bytes(lang, t.high_bytes as f64))
                                        };
                                        let kind = match t.provenance {
                                            Provenance::Exact => T::Exact,
                                            Provenance::Empirical => T::Empirical,
                                            Provenance::Heuristic => T::Heuristic,
                                        };
                                        view! {
                                            <tr>
                                                <th scope="row">{term_name(lang, &t.key)}</th>
                                                <td class="num">{bytes(lang, t.bytes as f64)}</td>
                                                <td class="num">{range}</td>
                                                <td>
                                                    <span class="badge">{c.t(kind)}</span>
                                                    " "
                                                    {t.basis.clone()}
                                                </td>
                                            </tr>
                                        }
                                    })
                                    .collect_view()}
                            </tbody>
                        </table>
                        </div>
                    }
                }}
            </section>
        }
}
