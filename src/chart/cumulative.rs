//! Cumulative cost over the horizon for the leading options, with the break-even point marked.

use super::*;

/// Where two options' cumulative costs cross, and the words to show beside the dot.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BreakEven {
    pub month: f64,
    pub cost: f64,
    pub label: String,
}

/// Cumulative cost (y, in `currency_label`) against months (x), one series per option; a bare
/// metal option starts at its setup fee at month 0.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CumulativeCost {
    pub series: Vec<Series>,
    pub break_even: Option<BreakEven>,
    /// e.g. `EUR` or `€`; appended to the y axis name.
    pub currency_label: String,
    pub x_label: String,
    pub y_label: String,
}

impl CumulativeCost {
    /// The data table, numbers written plainly.
    pub fn table(&self) -> Table {
        self.table_with(&plain, &plain)
    }

    /// The data table: months, then one cost column per option, formatted by the caller.
    pub fn table_with(&self, month: &dyn Fn(f64) -> String, cost: &dyn Fn(f64) -> String) -> Table {
        series_table(&self.x_label, &self.series, None, month, cost)
    }
}

/// Draws the cumulative-cost chart on `root`.
pub fn draw_cumulative_cost<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    data: &CumulativeCost,
    style: &ChartStyle,
) -> Result<(), ChartError> {
    let Some(series) = prepare(&root, style, &data.series, clean)? else {
        return Ok(());
    };
    let break_even = data
        .break_even
        .as_ref()
        .filter(|b| plausible(b.month) && plausible(b.cost));
    let all = series.iter().flat_map(|s| s.1.iter().copied());
    let all: Vec<(f64, f64)> = all.chain(break_even.map(|b| (b.month, b.cost))).collect();
    let (Some(x), Some(y)) = (
        extent(all.iter().map(|p| p.0)),
        extent(all.iter().map(|p| p.1).chain([0.0])),
    ) else {
        return empty(&root, style);
    };
    let y_fmt = |v: &f64| compact(*v, style.decimal_comma);
    let x_fmt = |v: &f64| compact(*v, style.decimal_comma);
    let y_desc = with_unit(&data.y_label, &data.currency_label);
    let axes = Axes {
        x: axis_range(x, 0.0),
        y: axis_range(y, 0.08),
        x_desc: &data.x_label,
        y_desc: &y_desc,
        x_fmt: &x_fmt,
        y_fmt: &y_fmt,
    };
    let mut chart = frame(&root, style, axes)?;
    lines(&mut chart, style, &series)?;
    if let Some(b) = break_even {
        marked_point(&mut chart, style, (b.month, b.cost), &b.label)?;
    }
    legend(&mut chart, style, &series, SeriesLabelPosition::UpperLeft)
}
