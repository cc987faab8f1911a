//! The comparison of every offer: sortable by clicking a header, filtered by kind, provider
//! and jurisdiction; fits or why not; prices with their source and date; CSV export.

use super::after_paint::painted_after;
use super::app::ctx;
use super::download::{csv_line, download};
use super::i18n::{jurisdiction_short, kind_name, money_code, num, t, T};
use crate::report::OptionReport;
use crate::scenario::Lang;
use leptos::prelude::*;
use std::cmp::Ordering;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Offer,
    Kind,
    Gpus,
    Fits,
    Monthly,
    PerGpuHour,
    PerHour,
    PerMillion,
    BreakEven,
    Jurisdiction,
    AsOf,
}

impl Col {
    /// In the order shown: what decides first (price and fit), so they are on screen without
    /// scrolling the table sideways; then the hardware and the finer prices.
    const ALL: [Col; 11] = [
        Col::Offer,
        Col::Monthly,
        Col::PerMillion,
        Col::Fits,
        Col::Gpus,
        Col::Kind,
        Col::PerGpuHour,
        Col::PerHour,
        Col::BreakEven,
        Col::Jurisdiction,
        Col::AsOf,
    ];
    fn title(self) -> T {
        match self {
            Col::Offer => T::Offer,
            Col::Kind => T::FilterKind,
            Col::Gpus => T::Gpus,
            Col::Fits => T::Fits,
            Col::Monthly => T::Monthly,
            Col::PerGpuHour => T::PerGpuHour,
            Col::PerHour => T::PerInstanceHour,
            Col::PerMillion => T::PerMillionTokens,
            Col::BreakEven => T::BreakEven,
            Col::Jurisdiction => T::FilterJurisdiction,
            Col::AsOf => T::AsOf,
        }
    }
    fn numeric(self) -> bool {
        matches!(
            self,
            Col::Monthly | Col::PerGpuHour | Col::PerHour | Col::PerMillion | Col::BreakEven
        )
    }
    fn id(self) -> &'static str {
        match self {
            Col::Offer => "offer",
            Col::Kind => "kind",
            Col::Gpus => "gpus",
            Col::Fits => "fits",
            Col::Monthly => "monthly",
            Col::PerGpuHour => "per-gpu-hour",
            Col::PerHour => "per-hour",
            Col::PerMillion => "per-million",
            Col::BreakEven => "break-even",
            Col::Jurisdiction => "jurisdiction",
            Col::AsOf => "as-of",
        }
    }
}

/// Rows shown before "Show all".
const FIRST_ROWS: usize = 25;

/// Missing numbers sort last whichever the direction.
fn cmp_opt(a: Option<f64>, b: Option<f64>) -> Ordering {
    match (a.filter(|x| x.is_finite()), b.filter(|x| x.is_finite())) {
        (Some(a), Some(b)) => a.total_cmp(&b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

fn compare(col: Col, a: &OptionReport, b: &OptionReport) -> Ordering {
    match col {
        Col::Offer => (&a.provider, &a.name).cmp(&(&b.provider, &b.name)),
        Col::Kind => a.kind.cmp(&b.kind),
        Col::Gpus => a.gpu_count.cmp(&b.gpu_count),
        // Usable first, then those that at least fit in memory.
        Col::Fits => (b.usable, b.fits).cmp(&(a.usable, a.fits)),
        Col::Monthly => cmp_opt(Some(a.monthly_cost), Some(b.monthly_cost)),
        Col::PerGpuHour => cmp_opt(a.price_per_gpu_hour, b.price_per_gpu_hour),
        Col::PerHour => cmp_opt(Some(a.price_per_hour), Some(b.price_per_hour)),
        Col::PerMillion => cmp_opt(
            Some(a.cost_per_million_tokens),
            Some(b.cost_per_million_tokens),
        ),
        Col::BreakEven => cmp_opt(a.break_even_weeks, b.break_even_weeks),
        Col::Jurisdiction => (&a.jurisdiction, &a.region).cmp(&(&b.jurisdiction, &b.region)),
        Col::AsOf => a.as_of.cmp(&b.as_of),
    }
}

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

/// All the GPUs of an option, and over how many servers, as the verdict says it.
fn gpus_text(lang: Lang, o: &OptionReport, gpu_name: &dyn Fn(&str) -> String) -> String {
    match &o.gpu_id {
        Some(id) if o.gpu_count > 0 => {
            let gpus = format!("{} × {}", o.gpu_count, gpu_name(id));
            if o.servers > 1 {
                format!("{gpus} · {} {}", o.servers, t(lang, T::Servers))
            } else {
                gpus
            }
        }
        _ => "CPU".to_string(),
    }
}

fn csv(lang: Lang, rows: &[&OptionReport]) -> String {
    let mut out = vec![csv_line(
        &[
            "offer_id",
            "provider",
            "name",
            "kind",
            "gpu_id",
            "gpu_count",
            "servers",
            "fits",
            "why_not",
            "monthly_cost",
            "cost_per_million_tokens",
            "cost_per_thousand_requests",
            "price_per_hour",
            "price_per_gpu_hour",
            "break_even_weeks",
            "currency",
            "region",
            "jurisdiction",
            "source",
            "as_of",
            "usable",
        ]
        .map(String::from),
    )];
    let n = |x: f64| {
        if x.is_finite() {
            format!("{x:.4}")
        } else {
            String::new()
        }
    };
    for o in rows {
        out.push(csv_line(&[
            o.offer_id.clone(),
            o.provider.clone(),
            o.name.clone(),
            o.kind.clone(),
            o.gpu_id.clone().unwrap_or_default(),
            o.gpu_count.to_string(),
            o.servers.to_string(),
            o.fits.to_string(),
            o.why_not.as_deref().unwrap_or_default().to_string(),
            n(o.monthly_cost),
            n(o.cost_per_million_tokens),
            n(o.cost_per_thousand_requests),
            n(o.price_per_hour),
            o.price_per_gpu_hour.map(n).unwrap_or_default(),
            o.break_even_weeks.map(n).unwrap_or_default(),
            o.currency.clone(),
            o.region.clone(),
            o.jurisdiction.clone(),
            o.source.clone(),
            o.as_of.clone(),
            o.usable.to_string(),
        ]));
    }
    let _ = lang;
    out.join("\r\n") + "\r\n"
}

/// The distinct kinds, providers and jurisdictions of the options.
type Choices = (Vec<String>, Vec<String>, Vec<String>);

/// The comparison table.
#[component]
pub fn ComparisonTable() -> impl IntoView {
    let c = ctx();
    let sort = RwSignal::new(None::<(Col, bool)>);
    let kind = RwSignal::new(String::new());
    let provider = RwSignal::new(String::new());
    let jurisdiction = RwSignal::new(String::new());
    let only_fit = RwSignal::new(false);
    // The first rows only until asked: rebuilding every row on every edit costs more than the
    // rest of the page.
    let show_all = RwSignal::new(false);
    // The table follows the report after the frame showing the verdict, memory and speed is
    // painted: building and laying out its rows costs more than the rest of an edit, and while a
    // slider moves only the latest report is shown. Readers track `shown`, read the report untracked.
    let shown = painted_after(c.report);

    let choices = Memo::new(move |_| {
        shown.track();
        c.report.with_untracked(|r| {
            let mut kinds: Vec<String> = r.options.iter().map(|o| o.kind.clone()).collect();
            let mut providers: Vec<String> = r.options.iter().map(|o| o.provider.clone()).collect();
            let mut juris: Vec<String> = r.options.iter().map(|o| o.jurisdiction.clone()).collect();
            for v in [&mut kinds, &mut providers, &mut juris] {
                crate::order::sort(v);
                v.dedup();
            }
            (kinds, providers, juris)
        })
    });
    // The shown options, as positions in the report: filtering and sorting never copy a row.
    let rows = Memo::new(move |_| {
        let (k, p, j, fit) = (
            kind.get(),
            provider.get(),
            jurisdiction.get(),
            only_fit.get(),
        );
        let order = sort.get();
        shown.track();
        c.report.with_untracked(|r| {
            let options = &r.options;
            let mut rows: Vec<usize> = (0..options.len())
                .filter(|&i| {
                    let o = &options[i];
                    (k.is_empty() || o.kind == k)
                        && (p.is_empty() || o.provider == p)
                        && (j.is_empty() || o.jurisdiction == j)
                        && (!fit || o.usable)
                })
                .collect();
            if let Some((col, asc)) = order {
                crate::order::sort_by(&mut rows, |&a, &b| {
                    let o = compare(col, &options[a], &options[b]);
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

    let filter_select = move |id: &'static str,
                              label: T,
                              signal: RwSignal<String>,
                              pick: fn(&Choices) -> Vec<String>,
                              name: Option<fn(Lang, &str) -> String>| {
        view! {
            <div class="field inline">
                <label for=id>{move || c.t(label)}</label>
                <select id=id prop:value=move || signal.get() on:change=move |ev| signal.set(event_target_value(&ev))>
                    <option value="">{move || c.t(T::All)}</option>
                    {move || {
                        let lang = c.lang();
                        choices
                            .with(pick)
                            .into_iter()
                            .map(|v| {
                                let text = name.map_or_else(|| v.clone(), |name| name(lang, &v));
                                let selected = signal.get_untracked() == v;
                                view! { <option value=v selected=selected>{text}</option> }
                            })
                            .collect_view()
                    }}
                </select>
            </div>
        }
    };

    view! {
        <section class="card comparison" id="comparison" aria-labelledby="comparison-title">
            <h2 id="comparison-title">{move || c.t(T::Comparison)}</h2>
            <div class="filters">
                {filter_select("filter-kind", T::FilterKind, kind, |ch| ch.0.clone(), Some(kind_name))}
                {filter_select("filter-provider", T::FilterProvider, provider, |ch| ch.1.clone(), None)}
                {filter_select("filter-jurisdiction", T::FilterJurisdiction, jurisdiction, |ch| ch.2.clone(), Some(jurisdiction_short))}
                <div class="field check inline">
                    <input
                        type="checkbox"
                        id="filter-fits"
                        prop:checked=move || only_fit.get()
                        on:change=move |ev| only_fit.set(event_target_checked(&ev))
                    />
                    <label for="filter-fits">{move || c.t(T::OnlyFitting)}</label>
                </div>
                <button
                    type="button"
                    id="export-csv"
                    on:click=move |_| {
                        let text = c.report.with_untracked(|r| {
                            rows.with_untracked(|shown| {
                                let shown: Vec<&OptionReport> = shown.iter().filter_map(|&i| r.options.get(i)).collect();
                                csv(c.sc.lang.get_untracked(), &shown)
                            })
                        });
                        download("inference-sizer-comparison.csv", "text/csv;charset=utf-8", &text);
                    }
                >
                    {move || c.t(T::ExportCsv)}
                </button>
            </div>
            <p class="hint" id="comparison-count">
                {move || format!("{} {} {} {}", c.t(T::Showing), rows.with(|r| r.len()), c.t(T::Of), total.get())}
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="comparison-title">
                <table class="data options" id="options-table">
                    <thead>
                        <tr>
                            {Col::ALL
                                .iter()
                                .map(|&col| {
                                    let aria = move || match sort.get() {
                                        Some((c2, true)) if c2 == col => "ascending",
                                        Some((c2, false)) if c2 == col => "descending",
                                        _ => "none",
                                    };
                                    view! {
                                        <th scope="col" aria-sort=aria class:num=col.numeric()>
                                            <button
                                                type="button"
                                                class="sort"
                                                id=format!("sort-{}", col.id())
                                                on:click=move |_| {
                                                    sort.update(|s| {
                                                        *s = match *s {
                                                            Some((c2, asc)) if c2 == col => Some((col, !asc)),
                                                            _ => Some((col, true)),
                                                        }
                                                    })
                                                }
                                            >
                                                {move || c.t(col.title())}
                                            </button>
                                        </th>
                                    }
                                })
                                .collect_view()}
                            <th scope="col">{move || c.t(T::Source)}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || {
                            // The rows' figures change with the report even where the order
                            // does not; its language is the page's, and changes with it.
                            shown.track();
                            let lang = c.sc.lang.get_untracked();
                            let gpu_name = |id: &str| {
                                c.cat
                                    .catalog
                                    .with_untracked(|cat| cat.gpu(id).map(|g| g.name.clone()).unwrap_or_else(|| id.to_string()))
                            };
                            let limit = if show_all.get() { usize::MAX } else { FIRST_ROWS };
                            c.report.with_untracked(|r| {
                                rows.with(|rows| {
                                    rows.iter()
                                        .take(limit)
                                        .filter_map(|&i| r.options.get(i))
                                        .map(|o| row(lang, o, &gpu_name))
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

fn row(lang: Lang, o: &OptionReport, gpu_name: &dyn Fn(&str) -> String) -> impl IntoView {
    let money = |x: f64| money_code(lang, &o.currency, x);
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
    let approx = o.approximate_price.then(|| t(lang, T::Approximate));
    let source = match safe_href(&o.source) {
        Some(href) => view! {
            <a href=href rel="noopener noreferrer nofollow" target="_blank">{t(lang, T::Source)}</a>
        }
        .into_any(),
        // A citation rather than an address: its start, the whole of it on hover.
        None => {
            let short: String = o.source.chars().take(60).collect();
            let short = if short.len() < o.source.len() {
                format!("{short}…")
            } else {
                short
            };
            view! {
                <span class="source-note" title=o.source.clone()>
                    {short}
                </span>
            }
            .into_any()
        }
    };
    view! {
        <tr class:fits=o.usable class:no-fit=!o.usable data-offer=o.offer_id.clone()>
            <th scope="row">
                <span class="provider">{o.provider.clone()}</span>
                " "
                {o.name.clone()}
            </th>
            // Cells in the order of `Col::ALL`.
            <td class="num">{money(o.monthly_cost)}</td>
            <td class="num">{money(o.cost_per_million_tokens)}</td>
            <td class="fit-cell">{fits}</td>
            <td class="gpus">{gpus_text(lang, o, gpu_name)}</td>
            <td>{kind_name(lang, &o.kind)}</td>
            <td class="num">{o.price_per_gpu_hour.map(money).unwrap_or_default()}</td>
            <td class="num">
                {money(o.price_per_hour)}
                {approx.map(|a| view! { <span class="approx" title=a>" ≈"</span> })}
            </td>
            <td class="num">{o.break_even_weeks.map(|w| num(lang, w, 0)).unwrap_or_default()}</td>
            <td>{format!("{} · {}", jurisdiction_short(lang, &o.jurisdiction), o.region)}</td>
            <td>{o.as_of.clone()}</td>
            <td>{source}</td>
        </tr>
    }
}
