//! The comparison of every offer: sortable by clicking a header, filtered by kind, provider
//! and jurisdiction; fits or why not; prices with their source and date; CSV export (written by
//! `report::csv`, as `sizer --csv` writes it).

use super::after_paint::painted_after;
use super::app::ctx;
use super::comparison_columns::{HeaderRow, SortOrder};
use super::comparison_filters::{Choices, Filter, Filters};
use super::comparison_row::row;
use super::download::download;
use super::i18n::T;
use crate::report::csv;
use leptos::prelude::*;

/// Rows shown before "Show all".
const FIRST_ROWS: usize = 25;

/// The comparison table.
#[component]
pub fn ComparisonTable() -> impl IntoView {
    let c = ctx();
    let sort = RwSignal::new(SortOrder::None);
    let filter = Filter::new();
    // The first rows only until asked: rebuilding every row on every edit costs more than the
    // rest of the page.
    let show_all = RwSignal::new(false);
    // The table follows the report after the frame showing the verdict, memory and speed is
    // painted: building and laying out its rows costs more than the rest of an edit, and while a
    // slider moves only the latest report is shown. Readers track `shown`, read the report untracked.
    let shown = painted_after(c.report);
    let choices = Memo::new(move |_| {
        shown.track();
        c.report.with_untracked(|r| Choices::of(r))
    });
    // The shown options, as positions in the report: filtering and sorting never copy a row.
    let rows = Memo::new(move |_| {
        let (picked, order) = (filter.get(), sort.get());
        shown.track();
        c.report.with_untracked(|r| {
            let options = &r.options;
            let mut rows: Vec<usize> = (0..options.len())
                .filter(|&i| picked.passes(&options[i]))
                .collect();
            if let Some((col, asc)) = order {
                crate::order::sort_by(&mut rows, |&a, &b| {
                    let o = col.compare(&options[a], &options[b]);
                    if asc {
                        o
                    } else {
                        o.reverse()
                    }
                });
            }
            rows
        })
    });
    let total = Memo::new(move |_| {
        shown.track();
        c.report.with_untracked(|r| r.options.len())
    });
    let export = Callback::new(move |()| {
        let text = c.report.with_untracked(|r| {
            let mut text = rows.with_untracked(|shown| {
                csv::comparison_at(
                    shown.iter().filter_map(|&i| r.options.get(i)),
                    r.per_token_basis,
                )
            });
            text.push_str(&csv::api_rows(&r.api_reference, &r.currency));
            text
        });
        download(
            "inference-sizer-comparison.csv",
            "text/csv;charset=utf-8",
            &text,
        );
    });

    view! {
        <section class="card comparison" id="comparison" aria-labelledby="comparison-title">
            <h2 id="comparison-title">{move || c.t(T::Comparison)}</h2>
            <Filters filter=filter choices=choices on_export=export />
            <p class="hint" id="comparison-count">
                {move || format!("{} {} {} {}", c.t(T::Showing), rows.with(|r| r.len()), c.t(T::Of), total.get())}
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="comparison-title">
                <table class="data options" id="options-table">
                    <thead>
                        <HeaderRow sort=sort />
                    </thead>
                    <tbody>
                        {move || {
                            // The rows' figures change with the report even where the order
                            // does not; its language is the page's, and changes with it.
                            shown.track();
                            let lang = c.sc.lang.get_untracked();
                            let limit = if show_all.get() { usize::MAX } else { FIRST_ROWS };
                            c.report.with_untracked(|r| {
                                let cur = r.cur();
                                rows.with(|rows| {
                                    rows.iter()
                                        .take(limit)
                                        .filter_map(|&i| r.options.get(i))
                                        .map(|o| row(lang, o, cur, r.freshness.price_age(&o.offer_id)))
                                        .collect_view()
                                })
                            })
                        }}
                    </tbody>
                </table>
            </div>
            <Show when=move || !show_all.get() && rows.with(|r| r.len() > FIRST_ROWS)>
                <button type="button" id="show-all" class="secondary" on:click=move |_| show_all.set(true)>
                    {move || format!("{} ({})", c.t(T::ShowAll), rows.with(|r| r.len()))}
                </button>
            </Show>
        </section>
    }
}
