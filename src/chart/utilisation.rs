//! Cost per million tokens against utilisation, with the break-even utilisation marked.

use super::*;

/// Cost per million tokens (y, in `currency_label`) against utilisation (x, 0..1), one series per
/// option: an hourly cloud option that scales with load stays flat, a fixed-fee server's cost per
/// token falls as 1/utilisation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CostVsUtilisation {
    pub series: Vec<Series>,
    /// Utilisation (0..1) above which the fixed-fee option is the cheaper one: a vertical rule.
    pub break_even_utilisation: Option<f64>,
    /// Words beside the rule, e.g. `Break-even 37 %`.
    pub break_even_label: String,
    pub currency_label: String,
    pub x_label: String,
    pub y_label: String,
}

impl CostVsUtilisation {
    /// The data table, numbers written plainly.
    pub fn table(&self) -> Table {
        self.table_with(&plain, &plain)
    }

    /// The data table: utilisation, then one cost column per option, formatted by the caller.
    pub fn table_with(
        &self,
        utilisation: &dyn Fn(f64) -> String,
        cost: &dyn Fn(f64) -> String,
    ) -> Table {
        series_table(&self.x_label, &self.series, None, utilisation, cost)
    }
}

/// Draws the cost-against-utilisation chart on `root`.
pub fn draw_cost_vs_utilisation<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    data: &CostVsUtilisation,
    style: &ChartStyle,
) -> Result<(), ChartError> {
    let Some(series) = prepare(&root, style, &data.series, clean)? else {
        return Ok(());
    };
    let break_even = data.break_even_utilisation.filter(|u| plausible(*u));
    let points = || series.iter().flat_map(|s| s.1.iter().copied());
    if points().next().is_none() {
        return empty(&root, style);
    }
    let xs = points().map(|p| p.0).chain([0.0, 1.0]).chain(break_even);
    let (Some(x), Some(y)) = (extent(xs), extent(points().map(|p| p.1).chain([0.0]))) else {
        return empty(&root, style);
    };
    let x_fmt = |v: &f64| format!("{}%", compact(v * 100.0, style.decimal_comma));
    let y_fmt = |v: &f64| compact(*v, style.decimal_comma);
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
    let mut legend_at = SeriesLabelPosition::UpperRight;
    if let Some(u) = break_even {
        let (bottom, top) = (chart.y_range().start, chart.y_range().end);
        let right_half = u > (chart.x_range().start + chart.x_range().end) / 2.0;
        let h_pos = if right_half { HPos::Right } else { HPos::Left };
        if right_half {
            legend_at = SeriesLabelPosition::MiddleRight;
        }
        let anchor = Pos::new(h_pos, VPos::Top);
        rule(
            &mut chart,
            style,
            (u, bottom),
            (u, top),
            &data.break_even_label,
            anchor,
        )?;
    }
    legend(&mut chart, style, &series, legend_at)
}
