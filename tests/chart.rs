//! The three charts render to SVG with their series, markers and axis names; bad input never
//! panics; each data table matches its data.

use inference_sizer::chart::*;
use proptest::prelude::*;

const ACCENT: &str = "#0072B2"; // the default accent, as the SVG backend writes colours
const SECOND: &str = "#E69F00"; // the second series' colour
const TEXT: &str = "#1F2328"; // text and marker rules on the light theme

fn series(label: &str, points: &[(f64, f64)]) -> Series {
    Series {
        label: label.into(),
        points: points.to_vec(),
    }
}

/// Cloud at 2 000 €/month against a server with a 20 000 € setup fee and 800 €/month:
/// 2 000·m = 20 000 + 800·m ⇒ m = 20 000 / 1 200 = 16.67 months, at 33 333 €.
fn cloud_against_bare_metal() -> CumulativeCost {
    CumulativeCost {
        series: vec![
            series(
                "Cloud",
                &[
                    (0.0, 0.0),
                    (12.0, 24_000.0),
                    (24.0, 48_000.0),
                    (36.0, 72_000.0),
                ],
            ),
            series(
                "Bare metal",
                &[
                    (0.0, 20_000.0),
                    (12.0, 29_600.0),
                    (24.0, 39_200.0),
                    (36.0, 48_800.0),
                ],
            ),
        ],
        break_even: Some(BreakEven {
            month: 20_000.0 / 1_200.0,
            cost: 2_000.0 * 20_000.0 / 1_200.0,
            label: "Break-even after 16.7 months".into(),
        }),
        currency_label: "EUR".into(),
        x_label: "Months".into(),
        y_label: "Cumulative cost".into(),
    }
}

/// A server at 1 460 €/month serving 100 M tokens a month at full load costs 14.6 €/M tokens at
/// 100 %, 29.2 at 50 %, 146 at 10 %; the cloud API costs 40 €/M tokens flat: equal at
/// 14.6 / 40 = 36.5 % utilisation.
fn server_against_api() -> CostVsUtilisation {
    let server: Vec<(f64, f64)> = [0.1, 0.25, 0.5, 0.75, 1.0]
        .iter()
        .map(|&u| (u, 14.6 / u))
        .collect();
    CostVsUtilisation {
        series: vec![
            series("Cloud API", &[(0.1, 40.0), (1.0, 40.0)]),
            series("Server", &server),
        ],
        break_even_utilisation: Some(14.6 / 40.0),
        break_even_label: "Break-even 36.5 %".into(),
        currency_label: "EUR".into(),
        x_label: "Utilisation".into(),
        y_label: "Cost per million tokens".into(),
    }
}

/// Weights 14 GiB at every context; KV cache 0.125 GiB per 1 024 tokens (e.g. 128 KiB a token):
/// 0.5 GiB at 4k, 4 GiB at 32k, 16 GiB at 128k. On a 24 GiB card at a 32k context.
fn eight_billion_on_a_24_gib_card() -> MemoryVsContext {
    let contexts = [4096.0, 32768.0, 131072.0];
    let kv: Vec<(f64, f64)> = contexts.iter().map(|&c| (c, c / 1024.0 * 0.125)).collect();
    let weights: Vec<(f64, f64)> = contexts.iter().map(|&c| (c, 14.0)).collect();
    MemoryVsContext {
        series: vec![series("Weights", &weights), series("KV cache", &kv)],
        stacked: true,
        capacity_gib: Some(24.0),
        capacity_label: "GPU memory 24 GiB".into(),
        current_context: Some(32768.0),
        current_label: "Your context".into(),
        total_label: "Total".into(),
        x_label: "Context (tokens)".into(),
        y_label: "Memory (GiB)".into(),
    }
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

fn polylines_in(svg: &str, colour: &str) -> usize {
    svg.lines()
        .filter(|l| l.contains("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
        .count()
}

#[track_caller]
fn assert_shows_text(svg: &str, text: &str) {
    let shown = format!(">\n{text}\n</text>"); // the SVG backend puts text on its own line
    assert!(svg.contains(&shown), "no text {text:?} in\n{svg}");
}

#[track_caller]
fn assert_well_formed(svg: &str) {
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
}

fn table_of(rows: &[&[&str]]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect()
}

#[test]
fn cumulative_cost_draws_both_options_and_marks_break_even() {
    let svg = render_svg_cumulative_cost(&cloud_against_bare_metal(), 640, 360).unwrap();
    assert_well_formed(&svg);
    // one line per option plus its legend swatch
    assert_eq!(polylines_in(&svg, ACCENT), 2);
    assert_eq!(polylines_in(&svg, SECOND), 2);
    assert_shows_text(&svg, "Break-even after 16.7 months");
    assert!(count(&svg, "<circle") >= 1, "no break-even dot");
    assert_shows_text(&svg, "Months");
    assert_shows_text(&svg, "Cumulative cost (EUR)");
    assert_shows_text(&svg, "Cloud");
    assert_shows_text(&svg, "Bare metal");
    assert_shows_text(&svg, "60k"); // a tick on the cost axis (0..72 000 + headroom)
}

#[test]
fn cumulative_cost_table_lists_each_month_and_option() {
    let (headers, rows) = cloud_against_bare_metal().table();
    assert_eq!(headers, ["Months", "Cloud", "Bare metal"]);
    assert_eq!(
        rows,
        table_of(&[
            &["0", "0", "20000"],
            &["12", "24000", "29600"],
            &["24", "48000", "39200"],
            &["36", "72000", "48800"],
        ])
    );
}

#[test]
fn a_formatter_writes_the_table_cells() {
    let euros = |v: f64| format!("{v:.0} €");
    let (_, rows) = cloud_against_bare_metal().table_with(&|m| format!("{m}"), &euros);
    assert_eq!(rows[1], ["12", "24000 €", "29600 €"]);
}

#[test]
fn cost_vs_utilisation_draws_both_options_and_the_break_even_rule() {
    let svg = render_svg_cost_vs_utilisation(&server_against_api(), 640, 360).unwrap();
    assert_well_formed(&svg);
    // each option's line and legend swatch; the break-even rule dashed in the text colour
    assert_eq!(polylines_in(&svg, ACCENT), 2);
    assert_eq!(polylines_in(&svg, SECOND), 2);
    assert!(
        polylines_in(&svg, TEXT) > 10,
        "the break-even rule is dashed"
    );
    assert_shows_text(&svg, "Break-even 36.5 %");
    assert_shows_text(&svg, "Utilisation");
    assert_shows_text(&svg, "Cost per million tokens (EUR)");
    assert_shows_text(&svg, "40%");
    assert_shows_text(&svg, "100%");
}

#[test]
fn cost_vs_utilisation_table_lists_each_utilisation() {
    let (headers, rows) = server_against_api().table();
    assert_eq!(headers, ["Utilisation", "Cloud API", "Server"]);
    // 14.6 / 0.1 = 146, / 0.25 = 58.4, / 0.5 = 29.2, / 0.75 = 19.467, / 1 = 14.6
    assert_eq!(
        rows,
        table_of(&[
            &["0.1", "40", "146"],
            &["0.25", "", "58.4"],
            &["0.5", "", "29.2"],
            &["0.75", "", "19.467"],
            &["1", "40", "14.6"],
        ])
    );
}

#[test]
fn memory_vs_context_stacks_terms_under_the_capacity_line() {
    let svg = render_svg_memory_vs_context(&eight_billion_on_a_24_gib_card(), 640, 360).unwrap();
    assert_well_formed(&svg);
    assert_eq!(count(&svg, "<polygon"), 2, "one area per term");
    assert!(polylines_in(&svg, TEXT) > 20, "two dashed rules");
    assert_shows_text(&svg, "GPU memory 24 GiB");
    assert_shows_text(&svg, "Your context");
    assert_shows_text(&svg, "Context (tokens)");
    assert_shows_text(&svg, "Memory (GiB)");
    // log2 axis from 4k to 128k: ticks at powers of two
    assert_shows_text(&svg, "4k");
    assert_shows_text(&svg, "32k");
    assert_shows_text(&svg, "128k");
}

#[test]
fn memory_vs_context_table_adds_the_total_when_stacked() {
    let (headers, rows) = eight_billion_on_a_24_gib_card().table();
    assert_eq!(
        headers,
        ["Context (tokens)", "Weights", "KV cache", "Total"]
    );
    assert_eq!(
        rows,
        table_of(&[
            &["4096", "14", "0.5", "14.5"],
            &["32768", "14", "4", "18"],
            &["131072", "14", "16", "30"],
        ])
    );
}

#[test]
fn memory_vs_context_draws_a_lone_total_as_a_line() {
    let mut data = eight_billion_on_a_24_gib_card();
    data.stacked = false;
    data.series = vec![series(
        "Total",
        &[(4096.0, 14.5), (32768.0, 18.0), (131072.0, 30.0)],
    )];
    let svg = render_svg_memory_vs_context(&data, 640, 360).unwrap();
    assert_eq!(count(&svg, "<polygon"), 0);
    assert_eq!(
        polylines_in(&svg, ACCENT),
        2,
        "the line and its legend swatch"
    );
    assert_eq!(data.table().0, ["Context (tokens)", "Total"]);
}

#[test]
fn empty_charts_say_so() {
    let empty = render_svg_cumulative_cost(&CumulativeCost::default(), 640, 360).unwrap();
    assert_shows_text(&empty, "No data to chart");
    let only_nan = CostVsUtilisation {
        series: vec![series("x", &[(f64::NAN, 1.0), (0.5, f64::INFINITY)])],
        break_even_utilisation: Some(f64::NAN),
        ..Default::default()
    };
    let svg = render_svg_cost_vs_utilisation(&only_nan, 640, 360).unwrap();
    assert_shows_text(&svg, "No data to chart");
    let no_positive_context = MemoryVsContext {
        series: vec![series("KV", &[(0.0, 1.0), (-4.0, 2.0)])],
        ..Default::default()
    };
    let svg = render_svg_memory_vs_context(&no_positive_context, 640, 360).unwrap();
    assert_shows_text(&svg, "No data to chart");
}

#[test]
fn a_single_point_is_drawn_as_a_dot() {
    let data = CumulativeCost {
        series: vec![series("Cloud", &[(12.0, 24_000.0)])],
        ..Default::default()
    };
    let svg = render_svg_cumulative_cost(&data, 640, 360).unwrap();
    assert_eq!(count(&svg, "<circle"), 1);
    assert!(!svg.contains("No data to chart"));
}

#[test]
fn non_finite_points_are_skipped_not_drawn() {
    let mut data = cloud_against_bare_metal();
    data.series[0].points.push((48.0, f64::NAN));
    data.series[0].points.push((f64::INFINITY, 1.0));
    let svg = render_svg_cumulative_cost(&data, 640, 360).unwrap();
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
    assert_eq!(polylines_in(&svg, ACCENT), 2);
    assert_eq!(data.table().1.len(), 4, "no row for non-finite points");
}

#[test]
fn a_dark_theme_and_accent_colour_are_used() {
    let style = ChartStyle::new(Theme::Dark, "#ff8800");
    let svg = render_svg(640, 360, |root| {
        draw_cost_vs_utilisation(root, &server_against_api(), &style)
    })
    .unwrap();
    assert!(svg.contains("fill=\"#161B22\""), "dark background");
    assert_eq!(polylines_in(&svg, "#FF8800"), 2);
    assert!(
        polylines_in(&svg, "#E6EDF3") > 10,
        "light dashes of the rule on dark"
    );
}

fn any_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(0.0),
        -1e6..1e6f64,
        0.0..1.0f64,
    ]
}

fn any_points() -> impl Strategy<Value = Vec<(f64, f64)>> {
    prop::collection::vec((any_number(), any_number()), 0..6)
}

fn any_series() -> impl Strategy<Value = Vec<Series>> {
    prop::collection::vec(any_points().prop_map(|p| series("s", &p)), 0..4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_input_makes_a_chart_panic(
        cumulative in any_series(),
        utilisation in any_series(),
        memory in any_series(),
        marks in (any_number(), any_number(), any_number()),
        stacked in any::<bool>(),
        size in (0u32..1200, 0u32..900),
        font_size in 0u32..64,
    ) {
        let style = ChartStyle { font_size, ..ChartStyle::default() };
        let (w, h) = size;
        let data = CumulativeCost {
            series: cumulative,
            break_even: Some(BreakEven { month: marks.0, cost: marks.1, label: "b".into() }),
            ..Default::default()
        };
        render_svg(w, h, |root| draw_cumulative_cost(root, &data, &style)).unwrap();
        let _ = data.table();
        let data = CostVsUtilisation {
            series: utilisation,
            break_even_utilisation: Some(marks.2),
            ..Default::default()
        };
        render_svg(w, h, |root| draw_cost_vs_utilisation(root, &data, &style)).unwrap();
        let _ = data.table();
        let data = MemoryVsContext {
            series: memory,
            stacked,
            capacity_gib: Some(marks.0),
            current_context: Some(marks.2),
            ..Default::default()
        };
        let svg = render_svg(w, h, |root| draw_memory_vs_context(root, &data, &style)).unwrap();
        prop_assert!(!svg.contains("NaN"));
        let (headers, rows) = data.table();
        prop_assert!(rows.iter().all(|r| r.len() == headers.len()));
    }
}

/// The example charts, in the light and the dark theme, each render whole: a closed SVG with a
/// legend entry for every series, its axis names, and no NaN or infinite coordinate.
/// (`cargo run --example dump_charts` writes a scenario's charts to files for a person to see.)
#[test]
fn every_example_chart_renders_whole_in_both_themes() {
    let dark = ChartStyle::new(Theme::Dark, "#56b4e9");
    let (cumulative, utilisation, memory) = (
        cloud_against_bare_metal(),
        server_against_api(),
        eight_billion_on_a_24_gib_card(),
    );
    let charts: [(&str, Result<String, ChartError>, Vec<&str>); 4] = [
        (
            "cumulative",
            render_svg_cumulative_cost(&cumulative, 640, 360),
            vec!["Cloud", "Bare metal", "Months", "Cumulative cost (EUR)"],
        ),
        (
            "utilisation",
            render_svg_cost_vs_utilisation(&utilisation, 640, 360),
            vec!["Cloud API", "Server", "Utilisation", "Break-even 36.5 %"],
        ),
        (
            "memory",
            render_svg_memory_vs_context(&memory, 640, 360),
            vec![
                "Weights",
                "KV cache",
                "Context (tokens)",
                "GPU memory 24 GiB",
            ],
        ),
        (
            "memory, dark",
            render_svg(640, 360, |root| {
                draw_memory_vs_context(root, &memory, &dark)
            }),
            vec!["Weights", "KV cache", "Memory (GiB)", "Your context"],
        ),
    ];
    for (name, svg, texts) in charts {
        let svg = svg.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_well_formed(&svg);
        for text in texts {
            assert_shows_text(&svg, text);
        }
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{name}");
        assert_eq!(
            svg.contains("fill=\"#161B22\""),
            name.ends_with("dark"),
            "{name}: the dark background only in the dark theme"
        );
    }
}

/// Every text's extent, from its anchor and an upper bound on its width (0.6 em per character):
/// no label may run off the picture. The last utilisation tick, "100%", is centred on the plot's
/// right edge; with the plot reaching the picture's edge it was cut in half.
#[test]
fn no_label_runs_off_the_right_edge() {
    let width = 640;
    let svg = render_svg_cost_vs_utilisation(&server_against_api(), width, 360).unwrap();
    let attr = |tag: &str, name: &str| -> Option<f64> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[start..].split('"').next()?.parse().ok()
    };
    let mut checked = 0;
    for piece in svg.split("<text").skip(1) {
        let (tag, rest) = piece.split_once('>').unwrap();
        let text = rest.split("</text>").next().unwrap();
        let (Some(x), Some(size)) = (attr(tag, "x"), attr(tag, "font-size")) else {
            continue;
        };
        if tag.contains("rotate") {
            continue;
        }
        let half = text.chars().count() as f64 * size * 0.6 / 2.0;
        let right = if tag.contains("text-anchor=\"middle\"") {
            x + half
        } else if tag.contains("text-anchor=\"end\"") {
            x
        } else {
            x + 2.0 * half
        };
        assert!(
            right <= width as f64,
            "{text:?} ends at {right} past {width}"
        );
        checked += 1;
    }
    assert!(checked > 10, "only {checked} texts checked");
}

mod summaries {
    //! The cost charts in one sentence, from the report's curves: worked examples.
    use inference_sizer::catalog::Catalog;
    use inference_sizer::chart::from_report::{cumulative_summary, utilisation_summary};
    use inference_sizer::report::{evaluate_query, CostCurve, Deployment, OptionReport, Report};
    use inference_sizer::scenario::Lang;

    /// An option of the default scenario, renamed `id` and deployed as `deployment`: the
    /// summaries read only those two of it.
    fn option(id: &str, deployment: Deployment) -> OptionReport {
        static FIRST: std::sync::OnceLock<OptionReport> = std::sync::OnceLock::new();
        let first = FIRST.get_or_init(|| evaluate_query("", &Catalog::builtin()).options.remove(0));
        OptionReport {
            offer_id: id.into(),
            deployment,
            ..first.clone()
        }
    }

    fn curve(id: &str, label: &str, points: Vec<(f64, f64)>) -> CostCurve {
        CostCurve {
            offer_id: id.into(),
            label: label.into(),
            points,
        }
    }

    /// Cloud at 2 000 €/month; a server with a 20 000 € setup fee and `monthly` €/month, over 36
    /// months. With 800 €/month: 2 000·m = 20 000 + 800·m ⇒ m = 20 000 / 1 200 = 16.67.
    fn cumulative(monthly: f64, months: u32, break_even: Option<(f64, f64)>) -> Report {
        let mut r = Report {
            options: vec![
                option("cloud", Deployment::Cloud),
                option("metal", Deployment::BareMetal),
            ],
            ..Report::default()
        };
        let line = |y0: f64, slope: f64| {
            (0..=months)
                .map(|m| (m as f64, y0 + slope * m as f64))
                .collect()
        };
        r.curves.cumulative_cost = vec![
            curve("cloud", "Acme GPU cloud", line(0.0, 2_000.0)),
            curve("metal", "Metal Co 4x L40S", line(20_000.0, monthly)),
        ];
        r.curves.break_even = break_even;
        // However far away: 20 000 / (2 000 - monthly) while the server is cheaper a month.
        r.curves.overtakes_month = (monthly < 2_000.0).then(|| 20_000.0 / (2_000.0 - monthly));
        r
    }

    #[test]
    fn cumulative_says_when_the_fixed_fee_overtakes_the_cloud() {
        let r = cumulative(800.0, 36, Some((20_000.0 / 1_200.0, 33_333.3)));
        assert_eq!(
            cumulative_summary(&r, Lang::En),
            "Break-even at month 16.7: from then on, Metal Co 4x L40S (fixed fee) costs less than Acme GPU cloud (cloud)."
        );
        assert_eq!(
            cumulative_summary(&r, Lang::Es),
            "Equilibrio en el mes 16,7: desde entonces, Metal Co 4x L40S (cuota fija) cuesta menos que Acme GPU cloud (nube)."
        );
    }

    #[test]
    fn cumulative_says_why_there_is_no_break_even() {
        // 2 500 €/month against 2 000: never.
        let never = cumulative(2_500.0, 36, None);
        assert_eq!(
            cumulative_summary(&never, Lang::En),
            "Metal Co 4x L40S (fixed fee) costs more each month than Acme GPU cloud (cloud): it never pays off."
        );
        // 1 900 €/month: 20 000 / 100 = month 200, past a 36-month horizon.
        let late = cumulative(1_900.0, 36, None);
        assert_eq!(
            cumulative_summary(&late, Lang::En),
            "Metal Co 4x L40S (fixed fee) would cost less than Acme GPU cloud (cloud) only after month 200.0, past the 36-month horizon."
        );
        assert_eq!(
            cumulative_summary(&late, Lang::Es),
            "Metal Co 4x L40S (cuota fija) costaría menos que Acme GPU cloud (nube) solo a partir del mes 200,0, más allá del horizonte de 36 meses."
        );
        // Only one kind of option: nothing to compare.
        let mut cloud_only = cumulative(800.0, 36, None);
        cloud_only.curves.cumulative_cost.truncate(1);
        assert!(cumulative_summary(&cloud_only, Lang::En).starts_with("No fixed-fee option"));
        assert_eq!(cumulative_summary(&Report::default(), Lang::En), "");
    }

    /// The server of `server_against_api`: 14.6 €/M tokens at full use, 40 €/M tokens by the hour;
    /// equal at 14.6 / 40 = 36.5 %.
    fn utilisation(hourly: f64, break_even: Option<f64>) -> Report {
        let mut r = Report {
            options: vec![
                option("metal", Deployment::BareMetal),
                option("cloud", Deployment::Cloud),
            ],
            ..Report::default()
        };
        let grid = || (1..=20).map(|i| i as f64 / 20.0);
        r.curves.cost_vs_utilisation = vec![
            curve(
                "metal",
                "Metal Co 4x L40S",
                grid().map(|u| (u, 14.6 / u)).collect(),
            ),
            curve(
                "cloud",
                "Acme GPU cloud",
                grid().map(|u| (u, hourly)).collect(),
            ),
        ];
        r.curves.break_even_utilisation = break_even;
        r
    }

    #[test]
    fn utilisation_says_above_which_share_of_capacity_the_fixed_fee_is_cheaper() {
        let r = utilisation(40.0, Some(0.365));
        assert_eq!(
            utilisation_summary(&r, Lang::En),
            "Below 37 % of its capacity in use, Metal Co 4x L40S (fixed fee) costs more per token than Acme GPU cloud by the hour; above it, less."
        );
        assert_eq!(
            utilisation_summary(&r, Lang::Es),
            "Por debajo del 37 % de su capacidad en uso, Metal Co 4x L40S (cuota fija) cuesta más por token que Acme GPU cloud por horas; por encima, menos."
        );
        // The cloud at 10 €/M tokens: 14.6 at full use is still more.
        assert_eq!(
            utilisation_summary(&utilisation(10.0, None), Lang::En),
            "Even fully used, Metal Co 4x L40S (fixed fee) costs more per token than Acme GPU cloud by the hour."
        );
        // At 400 €/M tokens, the server costs less even at 5 % (14.6 / 0.05 = 292).
        assert!(utilisation_summary(&utilisation(400.0, None), Lang::En)
            .starts_with("At every utilisation shown, Metal Co 4x L40S (fixed fee) costs less"));
        assert!(utilisation_summary(&Report::default(), Lang::Es)
            .starts_with("Ninguna opción de cuota fija"));
    }

    /// The markers and axes speak the report's language; the numbers in them are written as in
    /// the sentences (`16,7`, `37 %`).
    #[test]
    fn the_markers_and_axes_are_labelled_in_the_language() {
        use inference_sizer::chart::from_report::{cost_vs_utilisation, cumulative_cost};
        let r = cumulative(800.0, 36, Some((20_000.0 / 1_200.0, 33_333.3)));
        let es = cumulative_cost(&r, Lang::Es);
        assert_eq!(es.break_even.unwrap().label, "Equilibrio: mes 16,7");
        assert_eq!(
            (es.x_label.as_str(), es.y_label.as_str()),
            ("Meses", "Coste acumulado")
        );
        let en = cumulative_cost(&r, Lang::En);
        assert_eq!(en.break_even.unwrap().label, "Break-even: month 16.7");
        let u = utilisation(40.0, Some(0.365));
        assert_eq!(
            cost_vs_utilisation(&u, Lang::En).break_even_label,
            "Break-even 37 %"
        );
        let es = cost_vs_utilisation(&u, Lang::Es);
        assert_eq!(es.break_even_label, "Equilibrio 37 %");
        assert_eq!(es.y_label, "Coste por millón de tokens");
        assert_eq!(
            cost_vs_utilisation(&utilisation(40.0, None), Lang::En).break_even_label,
            ""
        );
    }
}
