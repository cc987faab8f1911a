//! Writes the three charts of a scenario, as the page draws them, to SVG files for a person to
//! look at: `chart-cumulative.svg`, `chart-utilisation.svg`, `chart-memory.svg`, and the memory
//! chart again on the dark theme (`chart-memory-dark.svg`).
//!
//! ```text
//! cargo run --example dump_charts -- /tmp 'model=llama-3.3-70b&quant=fp8&seqs=32&lang=es'
//! ```
//! Both arguments are optional: the directory defaults to the system's temporary one, the
//! scenario to the page's default.

use inference_sizer::catalog::Catalog;
use inference_sizer::chart::{
    draw_memory_vs_context, from_report, render_svg, render_svg_cost_vs_utilisation,
    render_svg_cumulative_cost, render_svg_memory_vs_context, ChartError, ChartStyle, Theme,
};
use inference_sizer::report::evaluate_query;
use inference_sizer::scenario::Scenario;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map_or_else(std::env::temp_dir, PathBuf::from);
    let query = args.next().unwrap_or_default();
    let report = evaluate_query(&query, &Catalog::builtin());
    let (scenario, _) = Scenario::from_query(&query);
    let lang = scenario.lang.unwrap_or_default();
    let memory = from_report::memory_vs_context(&report, scenario.sized_batch().1, lang);
    let dark = ChartStyle::new(Theme::Dark, "#56b4e9");
    let charts: [(&str, Result<String, ChartError>); 4] = [
        (
            "cumulative",
            render_svg_cumulative_cost(&from_report::cumulative_cost(&report, lang), 640, 360),
        ),
        (
            "utilisation",
            render_svg_cost_vs_utilisation(
                &from_report::cost_vs_utilisation(&report, lang),
                640,
                360,
            ),
        ),
        ("memory", render_svg_memory_vs_context(&memory, 640, 360)),
        (
            "memory-dark",
            render_svg(640, 360, |root| {
                draw_memory_vs_context(root, &memory, &dark)
            }),
        ),
    ];
    for (name, svg) in charts {
        let path = dir.join(format!("chart-{name}.svg"));
        std::fs::write(&path, svg?)?;
        println!("{}", path.display());
    }
    Ok(())
}
