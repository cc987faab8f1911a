//! The comparison of every offer: sortable by clicking a header, filtered by kind, provider
//! and jurisdiction; fits or why not; prices with their source and date; CSV export (written by
//! `report::csv`, as `sizer --csv` writes it).

use super::after_paint::painted_after;
use super::app::{ctx, handler};
use super::comparison_columns::{HeaderRow, SortOrder};
use super::comparison_filters::{Choices, Filter, Filters};
use super::comparison_row::row;
use super::download::download;
use super::i18n::T;
use crate::report::{csv, Report};
use crate::scenario::Lang;
use leptos::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// Rows shown before "Show all".
const FIRST_ROWS: usize = 25;

/// A row of the table: the option at `index` in the report, and its key's version.
#[derive(Clone, Debug, PartialEq)]
struct Keyed {
    offer_id: String,
    version: u64,
    index: usize,
    lang: Lang,
}

/// What the rows were last built from: the report, its language and each offer's version.
#[derive(Default)]
struct Shown {
    report: Option<Arc<Report>>,
    lang: Option<Lang>,
    versions: HashMap<String, u64>,
    next: u64,
}

impl Shown {
    /// The keyed rows for `report`'s options at `indices`: an offer keeps its version when its
    /// row would show the same as before (same option, price age, language and currency).
    fn follow(&mut self, report: &Arc<Report>, lang: Lang, indices: &[usize]) -> Vec<Keyed> {
        let before: HashMap<&str, usize> = match &self.report {
            Some(old) if self.lang == Some(lang) && old.currency == report.currency => old
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| (o.offer_id.as_str(), i))
                .collect(),
            _ => HashMap::new(),
        };
        let old = self.report.as_deref();
        let mut keyed = Vec::with_capacity(indices.len());
        for &index in indices {
            let Some(o) = report.options.get(index) else {
                continue;
            };
            let same = old
                .zip(before.get(o.offer_id.as_str()))
                .is_some_and(|(old, &i)| {
                    old.options[i] == *o
                        && old.freshness.price_age(&o.offer_id)
                            == report.freshness.price_age(&o.offer_id)
                });
            let version = match self.versions.get(&o.offer_id) {
                Some(&v) if same => v,
                _ => {
                    self.next += 1;
                    self.versions.insert(o.offer_id.clone(), self.next);
                    self.next
                }
            };
            keyed.push(Keyed {
                offer_id: o.offer_id.clone(),
                version,
                index,
                lang,
            });
        }
        self.report = Some(Arc::clone(report));
        self.lang = Some(lang);
        keyed
    }
}

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
    // The rows shown, each keyed by its offer and a version that changes only when what the row
    // shows changes: its option (figures, fit, why not), price age, language or currency.
    let previous = StoredValue::new(Shown::default());
    let keyed = Memo::new(move |_| {
        shown.track();
        let lang = c.sc.lang.get_untracked();
        let limit = if show_all.get() {
            usize::MAX
        } else {
            FIRST_ROWS
        };
        let report = c.report.get_untracked();
        let shown_now: Vec<usize> = rows.with(|rows| rows.iter().take(limit).copied().collect());
        previous
            .try_update_value(|p| p.follow(&report, lang, &shown_now))
            .unwrap_or_default()
    });
    let total = Memo::new(move |_| {
        shown.track();
        c.report.with_untracked(|r| r.options.len())
    });
    let export = Callback::new(move |()| {
        let text = c.report.with_untracked(|r| {
            rows.with_untracked(|shown| {
                csv::export(r, shown.iter().filter_map(|&i| r.options.get(i)))
            })
        });
        download(
            "inference-sizer-comparison.csv",
            "text/csv;charset=utf-8",
            &text,
        );
    });

    view! {
        <section class="card comparison" id="comparison" aria-labelledby="comparison-title">
            <h2 id="comparison-title">{c.text(T::Comparison)}</h2>
            <Filters filter=filter choices=choices on_export=export />
            // What is drawn, of every option: "Showing 25 of 260" until "Show all".
            <p class="hint" id="comparison-count">
                {move || format!("{} {} {} {}", c.t(T::Showing), keyed.with(Vec::len), c.t(T::Of), total.get())}
            </p>
            // A region named apart from the section's landmark (its title and the count); on a
            // phone the rows are cards and the header row their sort buttons (style/main.css).
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="comparison-title comparison-count">
                <table class="data options cards" id="options-table">
                    <thead>
                        <HeaderRow sort=sort />
                    </thead>
                    <tbody>
                        // Keyed rows: a row whose option, language, currency and price age are
                        // what it shows already is kept as it is (moved, if the order changed);
                        // only the others are built again.
                        <For
                            each=move || keyed.get()
                            key=|k: &Keyed| (k.offer_id.clone(), k.version)
                            children=move |k: Keyed| {
                                c.report.with_untracked(|r| {
                                    r.options.get(k.index).map(|o| {
                                        row(k.lang, o, r.cur(), r.freshness.price_age(&o.offer_id))
                                    })
                                })
                            }
                        />
                    </tbody>
                </table>
            </div>
            <Show when=move || !show_all.get() && rows.with(|r| r.len() > FIRST_ROWS)>
                <button type="button" id="show-all" class="secondary" on:click=handler(move |_| show_all.set(true))>
                    {move || format!("{} ({})", c.t(T::ShowAll), rows.with(|r| r.len()))}
                </button>
            </Show>
        </section>
    }
}
