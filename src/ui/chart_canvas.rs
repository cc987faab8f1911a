//! The charts' drawing on canvas: plotters through [`CspCanvas`]. In the web build (feature
//! `split`) its drawing is a split point: this code (plotters and the drawing of the three charts) is
//! fetched when a chart first comes near the screen, not with the page.

use super::importers::NotArrived;
use crate::chart::{
    draw_cost_vs_utilisation, draw_cumulative_cost, draw_memory_vs_context, ChartStyle,
    CostVsUtilisation, CumulativeCost, MemoryVsContext,
};
use plotters::prelude::IntoDrawingArea;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontTransform,
};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{JsCast, JsValue};

/// A chart to draw, with its data.
pub enum Drawing {
    Cumulative(CumulativeCost),
    Utilisation(CostVsUtilisation),
    Memory(MemoryVsContext),
}

/// Draws `drawing` on `canvas` in `style`. A failure is logged and the page goes on; so is a
/// module that did not arrive (its fetch failed): the chart is drawn at its next change, its data
/// table meanwhile says the same.
pub async fn draw(canvas: web_sys::HtmlCanvasElement, drawing: Drawing, style: ChartStyle) {
    if split_call!(draw_split(canvas, drawing, style)).is_err() {
        leptos::logging::warn!("the charts' module did not arrive: drawn at the next change");
    }
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(charts, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn draw_split(
    canvas: web_sys::HtmlCanvasElement,
    drawing: Drawing,
    style: ChartStyle,
) -> Result<(), NotArrived> {
    let Some(backend) = CspCanvas::new(canvas) else {
        return Ok(());
    };
    let area = backend.into_drawing_area();
    let drawn = match &drawing {
        Drawing::Cumulative(d) => draw_cumulative_cost(area, d, &style),
        Drawing::Utilisation(d) => draw_cost_vs_utilisation(area, d, &style),
        Drawing::Memory(d) => draw_memory_vs_context(area, d, &style),
    };
    if let Err(e) = drawn {
        leptos::logging::warn!("{e}");
    }
    Ok(())
}

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
