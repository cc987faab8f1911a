//! The three charts, drawn with plotters on canvas, each with its data table as a text
//! alternative. The data comes from `chart::from_report` (pure); this file only draws it,
//! in an effect, the one place the page touches a canvas.

use super::after_paint::{on_screen, painted_after};
use super::app::{ctx, handler};
use super::disclosure::is_open;
use super::i18n::T;
use crate::chart::from_report::{
    cost_vs_utilisation, cumulative_cost, cumulative_summary, memory_vs_context,
    utilisation_summary,
};
use crate::chart::{
    draw_cost_vs_utilisation, draw_cumulative_cost, draw_memory_vs_context, ChartError, ChartStyle,
    Table, Theme,
};
use crate::format::{money, number};
use crate::report::Report;
use crate::scenario::Lang;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea};
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontTransform,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{JsCast, JsValue};

type Draw<D> = fn(DrawingArea<CspCanvas, Shift>, &D, &ChartStyle) -> Result<(), ChartError>;
type Labels<D> = fn(&D) -> Vec<String>;

/// The canvas backend with its text drawn and measured here, by the canvas itself
/// (`measureText`). Plotters' own measurement on wasm puts a `<span style=...>` in the page,
/// which a `style-src 'self'` policy refuses (and logs as an error). Its text drawing sets the
/// context's font, alignment and colour for every label; setting `font` makes the browser parse
/// it (about 0.1 ms each), which made a chart redraw cost more than the rest of an edit. Here
/// each is set only when it changes. Everything else is the canvas backend's.
pub struct CspCanvas {
    inner: CanvasBackend,
    context: web_sys::CanvasRenderingContext2d,
    /// The text state last set on the context by this backend (nothing else sets it while
    /// a chart is drawn: the backend lives for one drawing).
    text: std::cell::RefCell<TextState>,
}

#[derive(Default)]
struct TextState {
    font: String,
    fill: String,
    align: &'static str,
    baseline: &'static str,
}

impl CspCanvas {
    fn new(canvas: web_sys::HtmlCanvasElement) -> Option<Self> {
        let context = canvas
            .get_context("2d")
            .ok()??
            .dyn_into::<web_sys::CanvasRenderingContext2d>()
            .ok()?;
        Some(CspCanvas {
            inner: CanvasBackend::with_canvas_object(canvas)?,
            context,
            text: std::cell::RefCell::new(TextState::default()),
        })
    }

    /// Sets the font for `style`, unless it is the one already set.
    fn use_font<S: BackendTextStyle>(&self, style: &S) {
        let font = format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        );
        let mut state = self.text.borrow_mut();
        if state.font != font {
            self.context.set_font(&font);
            state.font = font;
        }
    }
}

/// A drawing error on the canvas, in words.
#[derive(Debug)]
pub struct CanvasError(String);

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "canvas: {}", self.0)
    }
}

impl std::error::Error for CanvasError {}

fn cast<E: std::error::Error + Send + Sync>(
    e: DrawingErrorKind<E>,
) -> DrawingErrorKind<CanvasError> {
    match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(CanvasError(e.to_string()))
        }
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    }
}

impl DrawingBackend for CspCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.ensure_prepared().map_err(cast)
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.present().map_err(cast)
    }
    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_pixel(point, color).map_err(cast)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_line(from, to, style).map_err(cast)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner
            .draw_rect(upper_left, bottom_right, style, fill)
            .map_err(cast)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_path(path, style).map_err(cast)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner
            .draw_circle(center, radius, style, fill)
            .map_err(cast)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.fill_polygon(vert, style).map_err(cast)
    }
    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        // As plotters-canvas draws text, with each piece of state set only when it changes.
        let colour = style.color();
        if colour.alpha == 0.0 {
            return Ok(());
        }
        // Set before `save`, so the `restore` after a rotated label keeps it.
        self.use_font(style);
        {
            let mut state = self.text.borrow_mut();
            let baseline = match style.anchor().v_pos {
                VPos::Top => "top",
                VPos::Center => "middle",
                VPos::Bottom => "bottom",
            };
            if state.baseline != baseline {
                self.context.set_text_baseline(baseline);
                state.baseline = baseline;
            }
            let align = match style.anchor().h_pos {
                HPos::Left => "start",
                HPos::Right => "end",
                HPos::Center => "center",
            };
            if state.align != align {
                self.context.set_text_align(align);
                state.align = align;
            }
            let (r, g, b) = colour.rgb;
            let fill = format!("rgba({r},{g},{b},{})", colour.alpha);
            if state.fill != fill {
                self.context.set_fill_style_str(&fill);
                state.fill = fill;
            }
        }
        let turn = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 0.5,
            FontTransform::Rotate180 => 1.0,
            FontTransform::Rotate270 => 1.5,
        } * std::f64::consts::PI;
        let (x, y) = (f64::from(pos.0), f64::from(pos.1));
        let drawn = if turn == 0.0 {
            self.context.fill_text(text, x, y)
        } else {
            self.context.save();
            let drawn = self
                .context
                .translate(x, y)
                .and_then(|()| self.context.rotate(turn))
                .and_then(|()| self.context.fill_text(text, 0.0, 0.0));
            self.context.restore();
            drawn
        };
        drawn.map_err(|e| {
            DrawingErrorKind::DrawingError(CanvasError(
                e.as_string().unwrap_or_else(|| "fillText failed".into()),
            ))
        })
    }
    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        self.use_font(style);
        // `measureText` through Reflect: no extra web-sys feature for one number.
        let width = js_sys::Reflect::get(&self.context, &JsValue::from_str("measureText"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .and_then(|f| f.call1(&self.context, &JsValue::from_str(text)).ok())
            .and_then(|m| js_sys::Reflect::get(&m, &JsValue::from_str("width")).ok())
            .and_then(|w| w.as_f64())
            .filter(|w| w.is_finite())
            .unwrap_or(text.chars().count() as f64 * style.size() * 0.6);
        Ok((
            width.ceil().max(0.0) as u32,
            style.size().ceil().max(0.0) as u32,
        ))
    }
}
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
                draw={draw_cumulative_cost::<CspCanvas>}
                labels={|d| d.series.iter().map(|s| s.label.clone()).collect()}
                table={|d, lang, cur| d.table_with(&|m| number(m, 0, lang), &|x| money(x, cur, lang))}
            />
            <Figure
                id="chart-utilisation"
                title=T::ChartUtilisation
                data=utilisation
                summary=utilisation_words
                style=style
                draw={draw_cost_vs_utilisation::<CspCanvas>}
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
                draw={draw_memory_vs_context::<CspCanvas>}
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
            if let Some(backend) = CspCanvas::new(element) {
                if let Err(e) = draw(backend.into_drawing_area(), d, &style) {
                    leptos::logging::warn!("{e}");
                }
            }
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
