//! Charts drawn with plotters, generic over `DrawingBackend`: canvas in the browser, SVG in tests.
//!
//! Each chart takes a plain data struct (filled by the report glue, texts already translated),
//! draws on any backend, and gives a data table as its text alternative. Bad numbers (NaN,
//! infinities, absurd magnitudes) are dropped, degenerate ranges widened, and an empty chart
//! shows a message: drawing never panics.
//!
//! In the browser, draw on a `<canvas>` (text is laid out by the browser; no font features):
//! ```ignore
//! let backend = plotters_canvas::CanvasBackend::with_canvas_object(canvas).ok_or(..)?;
//! draw_cumulative_cost(backend.into_drawing_area(), &data, &style)?;
//! ```
//! Natively, `render_svg_*` give the same drawing as SVG (text as `<text>`, sized by plotters'
//! built-in estimate, so no `ttf`/`ab_glyph` either).

mod cumulative;
pub mod from_report;
mod memory;
mod style;
mod utilisation;

pub use cumulative::{draw_cumulative_cost, BreakEven, CumulativeCost};
pub use memory::{draw_memory_vs_context, MemoryVsContext};
pub use style::{parse_hex_colour, ChartStyle, Theme};
pub use utilisation::{draw_cost_vs_utilisation, CostVsUtilisation};

#[cfg(not(target_arch = "wasm32"))]
pub use svg::{
    render_svg, render_svg_cost_vs_utilisation, render_svg_cumulative_cost,
    render_svg_memory_vs_context,
};

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::ops::Range;

/// One line on a chart: a label for the legend and its points `(x, y)`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

/// Why a chart could not be drawn (the backend failed; bad data never gets here).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ChartError {
    #[error("the chart could not be drawn: {0}")]
    Drawing(String),
}

fn drawing(error: impl std::fmt::Display) -> ChartError {
    ChartError::Drawing(error.to_string())
}

/// A data table: column headers and rows of formatted cells.
pub type Table = (Vec<String>, Vec<Vec<String>>);

/// Values beyond this are not plausible costs, token counts or GiB, and would break tick layout.
const LIMIT: f64 = 1e15;

fn plausible(v: f64) -> bool {
    v.is_finite() && v.abs() <= LIMIT
}

/// The drawable points of a series: plausible, sorted by x (stably, so a step at one x keeps its order).
fn clean(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut kept: Vec<(f64, f64)> = points
        .iter()
        .copied()
        .filter(|&(x, y)| plausible(x) && plausible(y))
        .collect();
    crate::order::sort_by(&mut kept, |a, b| a.0.total_cmp(&b.0));
    kept
}

/// Smallest and largest of the plausible values, if any.
fn extent(values: impl IntoIterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .into_iter()
        .filter(|v| plausible(*v))
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

/// A range plotters can lay ticks on: never empty, `headroom` (a fraction) added above.
fn axis_range((lo, hi): (f64, f64), headroom: f64) -> Range<f64> {
    let span = hi - lo;
    let scale = lo.abs().max(hi.abs()).max(1.0);
    if span < scale * 1e-9 {
        let half = (scale * 0.1).max(1.0);
        return (lo - half)..(hi + half);
    }
    lo..(hi + span * headroom)
}

/// Numbers as tick labels: `950`, `1.5k`, `2.25M`, with a decimal comma when asked.
pub(crate) fn compact(v: f64, decimal_comma: bool) -> String {
    let a = v.abs();
    let (scaled, suffix) = if a >= 1e9 {
        (v / 1e9, "G")
    } else if a >= 1e6 {
        (v / 1e6, "M")
    } else if a >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    let decimals = if scaled.abs() >= 100.0 {
        0
    } else if scaled.abs() >= 10.0 {
        1
    } else {
        2
    };
    let text = trim(format!("{scaled:.decimals$}"));
    let text = if decimal_comma {
        text.replace('.', ",")
    } else {
        text
    };
    format!("{text}{suffix}")
}

/// A plain number for data tables: at most three decimals, no trailing zeros.
pub fn plain(v: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    trim(format!("{v:.3}"))
}

fn trim(text: String) -> String {
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    if text == "-0" {
        "0".into()
    } else {
        text
    }
}

/// The table of some series over a shared x column: one row per distinct x, one column per series
/// (empty cell where a series has no point there), and a total column if `total` is given.
fn series_table(
    x_header: &str,
    series: &[Series],
    total: Option<&str>,
    fx: &dyn Fn(f64) -> String,
    fy: &dyn Fn(f64) -> String,
) -> Table {
    let mut headers = vec![x_header.to_string()];
    headers.extend(series.iter().map(|s| s.label.clone()));
    headers.extend(total.map(str::to_string));
    let finite = |&&(x, y): &&(f64, f64)| x.is_finite() && y.is_finite();
    let mut xs: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().filter(finite).map(|p| p.0))
        .collect();
    crate::order::sort_by(&mut xs, f64::total_cmp);
    xs.dedup();
    let rows = xs
        .into_iter()
        .map(|x| {
            let values: Vec<Option<f64>> = series
                .iter()
                .map(|s| {
                    s.points
                        .iter()
                        .filter(finite)
                        .find(|p| p.0 == x)
                        .map(|p| p.1)
                })
                .collect();
            let mut row = vec![fx(x)];
            row.extend(values.iter().map(|v| v.map(fy).unwrap_or_default()));
            if total.is_some() {
                row.push(fy(values.iter().flatten().sum()));
            }
            row
        })
        .collect();
    (headers, rows)
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// What the frame of a chart shows: ranges, axis names and tick formats.
struct Axes<'f> {
    x: Range<f64>,
    y: Range<f64>,
    x_desc: &'f str,
    y_desc: &'f str,
    x_fmt: &'f dyn Fn(&f64) -> String,
    y_fmt: &'f dyn Fn(&f64) -> String,
}

/// A series ready to draw: its legend label and drawable points.
type Drawable<'s> = (&'s str, Vec<(f64, f64)>);

/// How a chart makes a series' points drawable: [`clean`], or onto a log axis.
type Projection = fn(&[(f64, f64)]) -> Vec<(f64, f64)>;

/// The start every chart shares: paints the background and, when there is room for a chart,
/// gives each series with its points made drawable by `points` (e.g. [`clean`]). `None`: too
/// small to read, left blank rather than risk a layout plotters cannot make.
fn prepare<'s, DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    style: &ChartStyle,
    series: &'s [Series],
    points: Projection,
) -> Result<Option<Vec<Drawable<'s>>>, ChartError> {
    root.fill(&style.colours().background).map_err(drawing)?;
    let (w, h) = root.dim_in_pixel();
    let font = style.font_px();
    let room = w >= font * 12 && h >= font * 8;
    Ok(room.then(|| {
        series
            .iter()
            .map(|s| (s.label.as_str(), points(&s.points)))
            .collect()
    }))
}

/// An axis name with its unit, if any: `Cost (EUR)`.
fn with_unit(name: &str, unit: &str) -> String {
    match unit.is_empty() {
        true => name.to_string(),
        false => format!("{name} ({unit})"),
    }
}

/// Writes the empty-state message in the middle of the area.
fn empty<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    style: &ChartStyle,
) -> Result<(), ChartError> {
    let (w, h) = root.dim_in_pixel();
    let centre = Pos::new(HPos::Center, VPos::Center);
    let text = style.text(&style.colours().muted).pos(centre);
    let at = ((w / 2) as i32, (h / 2) as i32);
    root.draw(&Text::new(style.empty_message.as_str(), at, text))
        .map_err(drawing)
}

/// Builds the cartesian frame with its grid, axes and tick labels.
fn frame<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    style: &ChartStyle,
    axes: Axes<'_>,
) -> Result<Chart<'a, DB>, ChartError> {
    let font = style.font_px();
    let colours = style.colours();
    let mut chart = ChartBuilder::on(root)
        .margin(font)
        // Room for half of the last x label ("100 %"), which is centred on the right edge.
        .margin_right(font * 2)
        .x_label_area_size(font * 3)
        .y_label_area_size(font * 5)
        .build_cartesian_2d(axes.x, axes.y)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .x_desc(axes.x_desc)
        .y_desc(axes.y_desc)
        .x_label_formatter(axes.x_fmt)
        .y_label_formatter(axes.y_fmt)
        .x_labels(7)
        .y_labels(6)
        .label_style(style.text(&colours.muted))
        .axis_desc_style(style.text(&colours.text))
        .bold_line_style(colours.grid)
        .light_line_style(TRANSPARENT)
        .axis_style(colours.muted)
        .draw()
        .map_err(drawing)?;
    Ok(chart)
}

/// Draws each series as a line (a dot if it has a single point), labelled for the legend.
fn lines<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    style: &ChartStyle,
    series: &[Drawable<'_>],
) -> Result<(), ChartError> {
    for (index, (label, points)) in series.iter().enumerate() {
        let line = style.series_colour(index).stroke_width(2);
        let dots = points.len() == 1;
        let drawn = chart
            .draw_series(LineSeries::new(points.iter().copied(), line))
            .map_err(drawing)?;
        if !label.is_empty() {
            drawn
                .label(*label)
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], line));
        }
        if dots {
            let dot = style.series_colour(index).filled();
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 3, dot)))
                .map_err(drawing)?;
        }
    }
    Ok(())
}

/// The legend, at `position`, if any series has a label.
fn legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    style: &ChartStyle,
    series: &[Drawable<'_>],
    position: SeriesLabelPosition,
) -> Result<(), ChartError> {
    let any_label = series.iter().any(|s| !s.0.is_empty());
    // Never in the browser: the page lists the series in HTML (see `ChartStyle::legend`), and
    // leaving plotters's legend out of the wasm also leaves out Rust's Unicode lowercasing
    // tables that its default font would pull in (about 12 KB).
    if !any_label || !style.legend || cfg!(target_arch = "wasm32") {
        return Ok(());
    }
    let colours = style.colours();
    chart
        .configure_series_labels()
        .position(position)
        .background_style(colours.background.mix(0.85))
        .border_style(colours.grid)
        .label_font(style.text(&colours.text))
        .draw()
        .map_err(drawing)
}

/// A dot with its label beside it. Rising lines cross at the dot, so the label goes below and to
/// the right of it in the left half of the chart, above and to the left in the right half: both
/// corners the lines leave clear.
fn marked_point<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    style: &ChartStyle,
    at: (f64, f64),
    label: &str,
) -> Result<(), ChartError> {
    let right_half = at.0 > (chart.x_range().start + chart.x_range().end) / 2.0;
    let (anchor, offset) = match right_half {
        true => (Pos::new(HPos::Right, VPos::Bottom), (-8, -6)),
        false => (Pos::new(HPos::Left, VPos::Top), (8, 6)),
    };
    let text = style.text(&style.colours().text).pos(anchor);
    let marker = EmptyElement::at(at)
        + Circle::new((0, 0), 5, style.accent.filled())
        + Circle::new((0, 0), 5, style.colours().background.stroke_width(1))
        + Text::new(label.to_string(), offset, text);
    chart.plotting_area().draw(&marker).map_err(drawing)
}

/// A dashed straight line between two data points, with an optional label at its `to` end.
fn rule<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    style: &ChartStyle,
    from: (f64, f64),
    to: (f64, f64),
    label: &str,
    anchor: Pos,
) -> Result<(), ChartError> {
    let line = style.colours().text.stroke_width(1);
    chart
        .draw_series(DashedLineSeries::new([from, to], 6, 4, line))
        .map_err(drawing)?;
    if label.is_empty() {
        return Ok(());
    }
    let text = style.text(&style.colours().text).pos(anchor);
    let dx = match anchor.h_pos {
        HPos::Left => 4,
        HPos::Right => -4,
        HPos::Center => 0,
    };
    let dy = match anchor.v_pos {
        VPos::Top => 4,
        VPos::Bottom => -4,
        VPos::Center => 0,
    };
    let marker = EmptyElement::at(to) + Text::new(label.to_string(), (dx, dy), text);
    chart.plotting_area().draw(&marker).map_err(drawing)
}

#[cfg(not(target_arch = "wasm32"))]
mod svg {
    //! SVG rendering for tests and the native `sizer`.

    use super::*;
    use plotters_svg::SVGBackend;

    /// Renders any drawing to an SVG document of `width`×`height` pixels (clamped to 1..=8192).
    pub fn render_svg<F>(width: u32, height: u32, draw: F) -> Result<String, ChartError>
    where
        F: FnOnce(DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), ChartError>,
    {
        let size = (width.clamp(1, 8192), height.clamp(1, 8192));
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
            draw(root.clone())?;
            root.present().map_err(drawing)?;
        }
        Ok(out)
    }

    /// The cumulative-cost chart as SVG, in the default style.
    pub fn render_svg_cumulative_cost(
        data: &CumulativeCost,
        width: u32,
        height: u32,
    ) -> Result<String, ChartError> {
        render_svg(width, height, |root| {
            draw_cumulative_cost(root, data, &ChartStyle::default())
        })
    }

    /// The cost-per-token-against-utilisation chart as SVG, in the default style.
    pub fn render_svg_cost_vs_utilisation(
        data: &CostVsUtilisation,
        width: u32,
        height: u32,
    ) -> Result<String, ChartError> {
        render_svg(width, height, |root| {
            draw_cost_vs_utilisation(root, data, &ChartStyle::default())
        })
    }

    /// The memory-against-context chart as SVG, in the default style.
    pub fn render_svg_memory_vs_context(
        data: &MemoryVsContext,
        width: u32,
        height: u32,
    ) -> Result<String, ChartError> {
        render_svg(width, height, |root| {
            draw_memory_vs_context(root, data, &ChartStyle::default())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_numbers_read_like_tick_labels() {
        assert_eq!(compact(950.0, false), "950");
        assert_eq!(compact(1500.0, false), "1.5k");
        assert_eq!(compact(2_250_000.0, true), "2,25M");
        assert_eq!(compact(0.30000000000000004, false), "0.3");
        assert_eq!(compact(-0.0001, false), "0");
    }

    #[test]
    fn degenerate_ranges_are_widened() {
        assert_eq!(axis_range((12.0, 12.0), 0.0), 10.8..13.2);
        assert_eq!(axis_range((0.0, 0.0), 0.0), -1.0..1.0);
        assert_eq!(axis_range((0.0, 100.0), 0.1), 0.0..110.0);
    }
}
