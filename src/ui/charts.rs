//! The three charts, drawn with plotters on canvas, each with its data table as a text
//! alternative. The data comes from `chart::from_report` (pure); this file has them drawn
//! (`chart_canvas::draw`, in its own module in the web build), in an effect, when near the screen.

use super::after_paint::{on_screen, painted_after};
use super::app::{ctx, handler};
use super::chart_canvas::Drawing;
use super::disclosure::is_open;
use super::i18n::T;
use crate::chart::from_report::{
    cost_vs_utilisation, cumulative_cost, cumulative_summary, memory_vs_context,
    utilisation_summary,
};
use crate::chart::{ChartStyle, Table, Theme};
use crate::format::{money, number};
use crate::report::Report;
use crate::scenario::Lang;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// A chart's data as the drawing it makes (a variant of [`Drawing`]).
type Draw<D> = fn(D) -> Drawing;
type Labels<D> = fn(&D) -> Vec<String>;

type MakeTable<D> = fn(&D, Lang, crate::units::Currency) -> Table;

/// The three charts.
#[component]
pub fn Charts() -> impl IntoView {
    let c = ctx();
    let style = Memo::new(move |_| {
        let lang = c.lang();
        let (theme, accent) = c.sc.scenario.with(|s| {
            (
                if s.theme == Some(crate::scenario::Theme::Dark) {
                    Theme::Dark
                } else {
                    Theme::Light
                },
                s.accent.clone().unwrap_or_default(),
            )
        });
        ChartStyle {
            decimal_comma: lang == Lang::Es,
            empty_message: super::i18n::t(lang, T::ChartEmpty).to_string(),
            font_family: "system-ui, sans-serif".into(),
            legend: false,
            ..ChartStyle::new(theme, &accent)
        }
    });
    // The charts' data follow the report after the frame that shows its figures is painted
    // (every report comes from a new scenario or language, so those are read untracked).
    let shown = painted_after(c.report);
    let cumulative = after_paint_from_report(shown, cumulative_cost);
    let utilisation = after_paint_from_report(shown, cost_vs_utilisation);
    // Each cost chart in one sentence: what a person would read off it (also its description).
    let cumulative_words = after_paint_from_report(shown, cumulative_summary);
    let utilisation_words = after_paint_from_report(shown, utilisation_summary);
    let memory = Memo::new(move |_| {
        shown.track();
        let lang = c.sc.lang.get_untracked();
        let ctx = c.sc.scenario.with_untracked(|s| s.sized_batch().1);
        c.report.with_untracked(|r| memory_vs_context(r, ctx, lang))
    });
    view! {
        <section class="card charts" id="charts" aria-labelledby="charts-title">
            <h2 id="charts-title">{c.text(T::Charts)}</h2>
            <Figure
                id="chart-cumulative"
                title=T::ChartCumulative
                data=cumulative
                summary=cumulative_words
                style=style
                draw={Drawing::Cumulative}
                labels={|d| d.series.iter().map(|s| s.label.clone()).collect()}
                table={|d, lang, cur| d.table_with(&|m| number(m, 0, lang), &|x| money(x, cur, lang))}
            />
            <Figure
                id="chart-utilisation"
                title=T::ChartUtilisation
                data=utilisation
                summary=utilisation_words
                style=style
                draw={Drawing::Utilisation}
                labels={|d| d.series.iter().map(|s| s.label.clone()).collect()}
                table={|d, lang, cur| {
                    d.table_with(&|u| format!("{} %", number(u * 100.0, 0, lang)), &|x| money(x, cur, lang))
                }}
            />
            <Figure
                id="chart-memory"
                title=T::ChartMemory
                data=memory
                style=style
                draw={Drawing::Memory}
                labels={|d| d.series.iter().map(|s| s.label.clone()).collect()}
                table={|d, lang, _| d.table_with(&|n| number(n, 0, lang), &|g| number(g, 1, lang))}
            />
        </section>
    }
}

/// `f` of the report in the page's language, brought up to date when `shown` ticks (after the
/// frame that shows the report's figures is painted).
fn after_paint_from_report<T>(shown: ReadSignal<u64>, f: fn(&Report, Lang) -> T) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    let c = ctx();
    Memo::new(move |_| {
        shown.track();
        let lang = c.sc.lang.get_untracked();
        c.report.with_untracked(|r| f(r, lang))
    })
}

/// Draws `data` with `draw` on `canvas` whenever either changes while the canvas is near the
/// screen.
fn draw_when_near<D>(
    canvas: NodeRef<leptos::html::Canvas>,
    data: Memo<D>,
    style: Memo<ChartStyle>,
    draw: Draw<D>,
) where
    D: Clone + PartialEq + Send + Sync + 'static,
{
    // The data follow the report one paint later (see `Charts`), so an edit shows its figures
    // first and the charts a frame later; while a slider moves, only the latest is drawn. A chart
    // off screen is not drawn (nor followed) until it comes near the screen, and then only if
    // its data or style changed since it was last drawn.
    let near = on_screen(canvas);
    let drawn = StoredValue::new(None::<(D, ChartStyle)>);
    Effect::new(move |_| {
        if !near.get() {
            return;
        }
        let style = style.get();
        let Some(element) = canvas.get() else { return };
        data.with(|d| {
            let current = drawn.with_value(|last| {
                last.as_ref()
                    .is_some_and(|(data, drawn_style)| data == d && *drawn_style == style)
            });
            if current {
                return;
            }
            let drawing = draw(d.clone());
            let canvas = element.clone();
            let chart_style = style.clone();
            spawn_local(
                async move { super::chart_canvas::draw(canvas, drawing, chart_style).await },
            );
            drawn.set_value(Some((d.clone(), style.clone())));
        });
    });
}

/// One chart: a canvas redrawn whenever its data or style changes, and its data table.
#[component]
fn Figure<D>(
    id: &'static str,
    title: T,
    data: Memo<D>,
    /// The chart in one sentence, shown under it and read as its description.
    #[prop(optional)]
    summary: Option<Memo<String>>,
    style: Memo<ChartStyle>,
    draw: Draw<D>,
    labels: Labels<D>,
    table: MakeTable<D>,
) -> impl IntoView
where
    D: Clone + PartialEq + Send + Sync + 'static,
{
    let c = ctx();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    draw_when_near(canvas, data, style, draw);
    // The data table is built only while it is open: kept current on every edit it would cost
    // more than the chart.
    let table_open = RwSignal::new(false);
    let title_id = format!("{id}-title");
    let caption_id = title_id.clone();
    let summary_id = format!("{id}-summary");
    let described_by = summary.map(|_| summary_id.clone());
    // The data table scrolls: a region that takes focus, named by the chart and its summary line.
    let data_id = format!("{id}-data");
    let region_name = format!("{title_id} {data_id}");
    view! {
        <figure class="chart" id=id aria-labelledby=title_id.clone()>
            <figcaption id=caption_id>{c.text(title)}</figcaption>
            <canvas
                node_ref=canvas
                width="800"
                height="360"
                role="img"
                aria-label=c.text(title)
                aria-describedby=described_by
            ></canvas>
            <ul class="legend chart-legend">
                {move || {
                    let style = style.get();
                    data.with(labels)
                        .into_iter()
                        .enumerate()
                        .filter(|(_, label)| !label.is_empty())
                        .map(|(i, label)| {
                            let colour = style.series_colour(i);
                            let hex = format!("#{:02x}{:02x}{:02x}", colour.0, colour.1, colour.2);
                            view! {
                                <li>
                                    <svg class="swatch" viewBox="0 0 10 10" aria-hidden="true">
                                        <rect width="10" height="10" fill=hex></rect>
                                    </svg>
                                    {label}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            {summary.map(|words| view! { <p class="chart-summary" id=summary_id>{words}</p> })}
            <details on:toggle=handler(move |ev| table_open.set(is_open(&ev)))>
                <summary id=data_id>{c.text(T::ChartData)}</summary>
                <div class="table-scroll" tabindex="0" role="region" aria-labelledby=region_name>
                    {move || {
                        if !table_open.get() {
                            return None;
                        }
                        let lang = c.lang();
                        let cur = c.sc.scenario.with(|s| s.cur);
                        let (head, rows) = data.with(|d| table(d, lang, cur));
                        Some(view! {
                            <table class="data">
                                <thead>
                                    <tr>
                                        {head.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}
                                    </tr>
                                </thead>
                                <tbody>
                                    {rows
                                        .into_iter()
                                        .map(|row| {
                                            view! {
                                                <tr>
                                                    {row.into_iter().map(|cell| view! { <td class="num">{cell}</td> }).collect_view()}
                                                </tr>
                                            }
                                        })
                                        .collect_view()}
                                </tbody>
                            </table>
                        })
                    }}
                </div>
            </details>
        </figure>
    }
}
