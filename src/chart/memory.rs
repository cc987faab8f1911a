//! Memory against context length for the chosen hardware, on a log2 context axis.

use super::style::tint;
use super::*;

/// Memory (y, GiB) against context length (x, tokens): either one series per memory term stacked
/// (weights, KV cache, activations, overhead; same context grid in each), or lines such as a total.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemoryVsContext {
    pub series: Vec<Series>,
    /// Stack the series as areas (terms of one total) instead of drawing separate lines.
    pub stacked: bool,
    /// The chosen hardware's memory: a horizontal rule.
    pub capacity_gib: Option<f64>,
    pub capacity_label: String,
    /// The scenario's context length: a vertical rule.
    pub current_context: Option<f64>,
    pub current_label: String,
    /// Header of the total column in the table when stacked, e.g. `Total`.
    pub total_label: String,
    pub x_label: String,
    pub y_label: String,
}

impl MemoryVsContext {
    /// The data table, numbers written plainly.
    pub fn table(&self) -> Table {
        self.table_with(&plain, &plain)
    }

    /// The data table: context, one GiB column per series, and the total when stacked.
    pub fn table_with(&self, tokens: &dyn Fn(f64) -> String, gib: &dyn Fn(f64) -> String) -> Table {
        let total = (self.stacked && self.series.len() > 1).then_some(self.total_label.as_str());
        series_table(&self.x_label, &self.series, total, tokens, gib)
    }
}

/// Context tokens to the log2 axis; contexts of zero or less have no place on it.
fn on_log_axis(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let positive: Vec<(f64, f64)> = points.iter().copied().filter(|p| p.0 > 0.0).collect();
    clean(&positive)
        .into_iter()
        .map(|(x, y)| (x.log2(), y))
        .collect()
}

/// Cumulative layers: layer `i` at each context is the sum of series `0..=i` there.
fn stack(series: &[(&str, Vec<(f64, f64)>)]) -> Vec<Vec<(f64, f64)>> {
    let mut xs: Vec<f64> = series
        .iter()
        .flat_map(|s| s.1.iter().map(|p| p.0))
        .collect();
    crate::order::sort_by(&mut xs, f64::total_cmp);
    xs.dedup();
    let mut below = vec![0.0; xs.len()];
    series
        .iter()
        .map(|(_, points)| {
            for (x, sum) in xs.iter().zip(below.iter_mut()) {
                *sum += points.iter().find(|p| p.0 == *x).map_or(0.0, |p| p.1);
            }
            xs.iter().copied().zip(below.iter().copied()).collect()
        })
        .collect()
}

/// Binary-prefixed token counts, as contexts are quoted: `4k`, `128k`, `1M`.
fn tokens(log2: f64, decimal_comma: bool) -> String {
    let n = log2.exp2().round();
    match n {
        n if n >= 1_048_576.0 => format!("{}M", compact(n / 1_048_576.0, decimal_comma)),
        n if n >= 1024.0 => format!("{}k", compact(n / 1024.0, decimal_comma)),
        n => compact(n, decimal_comma),
    }
}

/// Draws the memory-against-context chart on `root`.
pub fn draw_memory_vs_context<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    data: &MemoryVsContext,
    style: &ChartStyle,
) -> Result<(), ChartError> {
    let Some(series) = prepare(&root, style, &data.series, on_log_axis)? else {
        return Ok(());
    };
    let layers = match data.stacked {
        true => stack(&series),
        false => series.iter().map(|s| s.1.clone()).collect(),
    };
    let points = || layers.iter().flatten().copied();
    if points().next().is_none() {
        return empty(&root, style);
    }
    let capacity = data.capacity_gib.filter(|c| plausible(*c));
    let current = data
        .current_context
        .filter(|c| *c > 0.0 && plausible(*c))
        .map(f64::log2);
    let xs = points().map(|p| p.0).chain(current);
    let ys = points().map(|p| p.1).chain([0.0]).chain(capacity);
    let (Some(x), Some(y)) = (extent(xs), extent(ys)) else {
        return empty(&root, style);
    };
    let x_fmt = |v: &f64| tokens(*v, style.decimal_comma);
    let y_fmt = |v: &f64| compact(*v, style.decimal_comma);
    let axes = Axes {
        x: axis_range(x, 0.0),
        y: axis_range(y, 0.1),
        x_desc: &data.x_label,
        y_desc: &data.y_label,
        x_fmt: &x_fmt,
        y_fmt: &y_fmt,
    };
    let mut chart = frame(&root, style, axes)?;
    if data.stacked {
        // Top layer first, each lower one painted over it: opaque tints, so no blending.
        let background = style.colours().background;
        for (index, layer) in layers.iter().enumerate().rev() {
            let colour = style.series_colour(index);
            let fill = tint(colour, background, 0.45).filled();
            let area = AreaSeries::new(layer.iter().copied(), 0.0, fill).border_style(colour);
            let drawn = chart.draw_series(area).map_err(drawing)?;
            let label = series[index].0;
            if !label.is_empty() {
                drawn
                    .label(label)
                    .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], fill));
            }
        }
    } else {
        lines(&mut chart, style, &series)?;
    }
    let (left, right) = (chart.x_range().start, chart.x_range().end);
    if let Some(c) = capacity {
        let anchor = Pos::new(HPos::Right, VPos::Bottom);
        rule(
            &mut chart,
            style,
            (left, c),
            (right, c),
            &data.capacity_label,
            anchor,
        )?;
    }
    if let Some(c) = current {
        let top = chart.y_range().end;
        let h_pos = if c > (left + right) / 2.0 {
            HPos::Right
        } else {
            HPos::Left
        };
        let anchor = Pos::new(h_pos, VPos::Top);
        rule(
            &mut chart,
            style,
            (c, 0.0),
            (c, top),
            &data.current_label,
            anchor,
        )?;
    }
    legend(&mut chart, style, &series, SeriesLabelPosition::UpperLeft)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_add_up_and_a_missing_point_counts_as_nothing() {
        let weights = vec![(12.0, 14.0), (15.0, 14.0)];
        let kv = vec![(12.0, 0.5), (15.0, 4.0), (17.0, 16.0)];
        let layers = stack(&[("w", weights), ("kv", kv)]);
        assert_eq!(layers[0], [(12.0, 14.0), (15.0, 14.0), (17.0, 0.0)]);
        assert_eq!(layers[1], [(12.0, 14.5), (15.0, 18.0), (17.0, 16.0)]);
    }

    #[test]
    fn contexts_read_in_binary_thousands() {
        assert_eq!(tokens(12.0, false), "4k");
        assert_eq!(tokens(17.0, false), "128k");
        assert_eq!(tokens(20.0, false), "1M");
        assert_eq!(tokens(9.0, false), "512");
        assert_eq!(tokens(12.5, true), "5,66k"); // 2^12.5 = 5792.6 → 5793 / 1024
    }
}
