//! The memory breakdown as a table: each term's estimate, its range where it is not exact, and
//! where the figure comes from.

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
                                <tr>
                                    <th scope="row">{term_name(lang, t.key)}</th>
                                    <td class="num">{bytes(t.bytes as f64, lang)}</td>
                                    <td class="num">{range}</td>
                                    <td>
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
