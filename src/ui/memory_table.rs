//! The memory breakdown as a table: each term's estimate, its range where it is not exact, and
//! where the figure comes from. At phone width the stylesheet lays its cells out as a grid (the
//! basis under the figure); the explicit roles keep it a table for assistive technology.

use super::app::ctx;
use super::i18n::{term_name, T};
use crate::format::bytes;
use crate::report::{MemoryTerm, Provenance};
use leptos::prelude::*;

/// One row per term.
#[component]
pub fn MemoryTable(terms: Vec<MemoryTerm>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang();
    view! {
        <div class="table-scroll memory-scroll">
            <table class="data memory-table" id="memory-table" role="table">
                <thead role="rowgroup">
                    <tr role="row">
                        <th scope="col" role="columnheader">{c.t(T::Term)}</th>
                        <th scope="col" role="columnheader" class="num">{c.t(T::Estimate)}</th>
                        <th scope="col" role="columnheader" class="num">{c.t(T::Range)}</th>
                        <th scope="col" role="columnheader">{c.t(T::Basis)}</th>
                    </tr>
                </thead>
                <tbody role="rowgroup">
                    {terms
                        .into_iter()
                        .map(|t| {
                            let range = if t.provenance == Provenance::Exact || t.low_bytes == t.high_bytes {
                                c.t(T::Exact).to_string()
                            } else {
                                format!("{} – {}", bytes(t.low_bytes as f64, lang), bytes(t.high_bytes as f64, lang))
                            };
                            let kind = match t.provenance {
                                Provenance::Exact => T::Exact,
                                Provenance::Empirical => T::Empirical,
                                Provenance::Heuristic => T::Heuristic,
                            };
                            view! {
                                <tr role="row">
                                    <th scope="row" role="rowheader">{term_name(lang, t.key)}</th>
                                    <td class="num" role="cell">{bytes(t.bytes as f64, lang)}</td>
                                    <td class="num" role="cell">{range}</td>
                                    <td role="cell">
                                        <span class="badge">{c.t(kind)}</span>
                                        " "
                                        {t.basis}
                                    </td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}
