//! The three charts, drawn with plotters on canvas, each with its data table as a text
//! alternative. The data comes from `chart::from_report` (pure); this file only draws it,
//! in an effect, the one place the page touches a canvas.

use super::app::ctx;
use super::canvas::MeasuredCanvas;
use super::i18n::{money, num, T};
use crate::chart::from_report::{cost_vs_utilisation, cumulative_cost, memory_vs_context};
use crate::chart::{
    draw_cost_vs_utilisation, draw_cumulative_cost, draw_memory_vs_context, ChartError, ChartStyle,
    Table, Theme,
};
use crate::scenario::Lang;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea};

type Draw<D> = fn(DrawingArea<MeasuredCanvas, Shift>, &D, &ChartStyle) -> Result<(), ChartError>;
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
            ..ChartStyle::new(theme, &accent)
        }
    });
    let cumulative = Memo::new(move |_| {
        let lang = c.lang();
        c.report.with(|r| cumulative_cost(r, lang))
    });
    let utilisation = Memo::new(move |_| {
        let lang = c.lang();
        c.report.with(|r| cost_vs_utilisation(r, lang))
    });
    let memory = Memo::new(move |_| {
        let lang = c.lang();
        let ctx = c.sc.scenario.with(|s| s.ctx);
        c.report.with(|r| memory_vs_context(r, ctx, lang))
    });
    view! {
        <section class="card charts" id="charts" aria-labelledby="charts-title">
            <h2 id="charts-title">{move || c.t(T::Charts)}</h2>
            <Figure
                id="chart-cumulative"
                title=T::ChartCumulative
                data=cumulative
                style=style
                draw={draw_cumulative_cost::<MeasuredCanvas>}
                table={|d, lang, cur| d.table_with(&|m| num(lang, m, 0), &|x| money(lang, cur, x))}
            />
            <Figure
                id="chart-utilisation"
                title=T::ChartUtilisation
                data=utilisation
                style=style
                draw={draw_cost_vs_utilisation::<MeasuredCanvas>}
                table={|d, lang, cur| {
                    d.table_with(&|u| format!("{} %", num(lang, u * 100.0, 0)), &|x| money(lang, cur, x))
                }}
            />
            <Figure
                id="chart-memory"
                title=T::ChartMemory
                data=memory
                style=style
                draw={draw_memory_vs_context::<MeasuredCanvas>}
                table={|d, lang, _| d.table_with(&|n| num(lang, n, 0), &|g| num(lang, g, 1))}
            />
        </section>
    }
}

/// One chart: a canvas redrawn whenever its data or style changes, and its data table.
#[component]
fn Figure<D>(
    id: &'static str,
    title: T,
    data: Memo<D>,
    style: Memo<ChartStyle>,
    draw: Draw<D>,
    table: MakeTable<D>,
) -> impl IntoView
where
    D: Clone + PartialEq + Send + Sync + 'static,
{
    let c = ctx();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    Effect::new(move |_| {
        let style = style.get();
        let Some(element) = canvas.get() else { return };
        data.with(|d| {
            if let Some(backend) = MeasuredCanvas::new(element) {
                if let Err(e) = draw(backend.into_drawing_area(), d, &style) {
                    leptos::logging::warn!("{e}");
                }
            }
        });
    });
    let title_id = format!("{id}-title");
    let caption_id = title_id.clone();
    view! {
        <figure class="chart" id=id aria-labelledby=title_id.clone()>
            <figcaption id=caption_id>{move || c.t(title)}</figcaption>
            <canvas node_ref=canvas width="800" height="360" role="img" aria-label=move || c.t(title)></canvas>
            <details>
                <summary>{move || c.t(T::ChartData)}</summary>
                <div class="table-scroll">
                    {move || {
                        let lang = c.lang();
                        let cur = c.sc.scenario.with(|s| s.cur);
                        let (head, rows) = data.with(|d| table(d, lang, cur));
                        view! {
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
                        }
                    }}
                </div>
            </details>
        </figure>
    }
}
