//! The three charts' data from a report, with their words in the scenario's language: the UI
//! draws what these return and adds no arithmetic of its own.

use super::{BreakEven, CostVsUtilisation, CumulativeCost, MemoryVsContext, Series};
use crate::cost::words::number;
use crate::report::{CostCurve, Report};
use crate::scenario::Lang;
use crate::units::GIB;

fn t(lang: Lang, en: &'static str, es: &'static str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::Es => es.to_string(),
    }
}

/// Cumulative cost over the horizon for the leading options, break-even marked.
pub fn cumulative_cost(r: &Report, lang: Lang) -> CumulativeCost {
    let c = &r.curves;
    CumulativeCost {
        series: c
            .cumulative_cost
            .iter()
            .map(|s| Series {
                label: s.label.clone(),
                points: s.points.clone(),
            })
            .collect(),
        break_even: c.break_even.map(|(month, cost)| BreakEven {
            month,
            cost,
            label: match lang {
                Lang::En => format!("Break-even: month {month:.1}"),
                Lang::Es => format!(
                    "Equilibrio: mes {}",
                    format!("{month:.1}").replace('.', ",")
                ),
            },
        }),
        currency_label: r.currency.clone(),
        x_label: t(lang, "Months", "Meses"),
        y_label: t(lang, "Cumulative cost", "Coste acumulado"),
    }
}

/// The first curve of an option paid by the hour in the cloud (`cloud`), or of one with a fixed
/// fee (bare metal, dedicated, CPU servers).
fn first_of_kind<'a>(r: &Report, curves: &'a [CostCurve], cloud: bool) -> Option<&'a CostCurve> {
    curves.iter().find(|c| {
        let is_cloud = r
            .options
            .iter()
            .find(|o| o.offer_id == c.offer_id)
            .is_some_and(|o| o.deployment == "cloud");
        is_cloud == cloud
    })
}

/// The cumulative cost chart in one sentence (under the chart, and its text alternative): when
/// the fixed-fee option overtakes the cloud one, or why it never does within the horizon.
pub fn cumulative_summary(r: &Report, lang: Lang) -> String {
    let cloud = first_of_kind(r, &r.curves.cumulative_cost, true);
    let fixed = first_of_kind(r, &r.curves.cumulative_cost, false);
    let month = |m: f64| number(m, 1, lang);
    match (cloud, fixed) {
        (Some(c), Some(f)) => {
            // Start and monthly slope of each straight line.
            let line = |k: &CostCurve| {
                let y0 = k.points.first().map_or(0.0, |p| p.1);
                let slope = k.points.get(1).map_or(0.0, |p| p.1 - y0);
                (y0, slope)
            };
            let ((c0, c1), (f0, f1)) = (line(c), line(f));
            let horizon = c.points.last().map_or(0.0, |p| p.0);
            let (c, f) = (&c.label, &f.label);
            match r.curves.break_even {
                Some((m, _)) if m < 0.05 => match lang {
                    Lang::En => format!("{f} (fixed fee) costs less than {c} (cloud) from the first month."),
                    Lang::Es => format!("{f} (cuota fija) cuesta menos que {c} (nube) desde el primer mes."),
                },
                Some((m, _)) => match lang {
                    Lang::En => format!(
                        "Break-even at month {}: from then on, {f} (fixed fee) costs less than {c} (cloud).",
                        month(m)
                    ),
                    Lang::Es => format!(
                        "Equilibrio en el mes {}: desde entonces, {f} (cuota fija) cuesta menos que {c} (nube).",
                        month(m)
                    ),
                },
                None if f1 >= c1 => match lang {
                    Lang::En => format!(
                        "{f} (fixed fee) costs more each month than {c} (cloud): it never pays off."
                    ),
                    Lang::Es => format!(
                        "{f} (cuota fija) cuesta más cada mes que {c} (nube): nunca llega a compensar."
                    ),
                },
                None => {
                    let m = (f0 - c0) / (c1 - f1);
                    match lang {
                        Lang::En => format!(
                            "{f} (fixed fee) would cost less than {c} (cloud) only after month {}, past the {}-month horizon.",
                            month(m),
                            number(horizon, 0, lang)
                        ),
                        Lang::Es => format!(
                            "{f} (cuota fija) costaría menos que {c} (nube) solo a partir del mes {}, más allá del horizonte de {} meses.",
                            month(m),
                            number(horizon, 0, lang)
                        ),
                    }
                }
            }
        }
        (Some(_), None) => t(
            lang,
            "No fixed-fee option (bare metal, dedicated) meets the requirements: nothing to break even against.",
            "Ninguna opción de cuota fija (servidor dedicado) cumple los requisitos: no hay equilibrio que calcular.",
        ),
        (None, Some(_)) => t(
            lang,
            "No cloud option meets the requirements: nothing to break even against.",
            "Ninguna opción en la nube cumple los requisitos: no hay equilibrio que calcular.",
        ),
        (None, None) => String::new(),
    }
}

/// Cost per million output tokens against utilisation, break-even utilisation marked.
pub fn cost_vs_utilisation(r: &Report, lang: Lang) -> CostVsUtilisation {
    let c = &r.curves;
    CostVsUtilisation {
        series: c
            .cost_vs_utilisation
            .iter()
            .map(|s| Series {
                label: s.label.clone(),
                points: s.points.clone(),
            })
            .collect(),
        break_even_utilisation: c
            .break_even_utilisation
            .filter(|u| u.is_finite() && *u > 0.0 && *u <= 1.0),
        break_even_label: match (c.break_even_utilisation, lang) {
            (Some(u), Lang::En) => format!("Break-even {:.0} %", u * 100.0),
            (Some(u), Lang::Es) => format!("Equilibrio {:.0} %", u * 100.0),
            (None, _) => String::new(),
        },
        currency_label: r.currency.clone(),
        x_label: t(lang, "Utilisation", "Utilización"),
        y_label: t(
            lang,
            "Cost per million tokens",
            "Coste por millón de tokens",
        ),
    }
}

/// The cost-per-token chart in one sentence: below which share of its capacity in use the
/// fixed-fee option costs more per token than the hourly cloud, or that it always or never does.
pub fn utilisation_summary(r: &Report, lang: Lang) -> String {
    // The fixed-fee option comes first; the hourly benchmark is the other curve, whatever its
    // kind (it may be a cloud offer that is not itself usable).
    let fixed = first_of_kind(r, &r.curves.cost_vs_utilisation, false);
    let hourly = fixed.and_then(|f| {
        r.curves
            .cost_vs_utilisation
            .iter()
            .find(|c| c.offer_id != f.offer_id)
    });
    match (fixed, hourly) {
        (Some(f), Some(h)) => {
            let at_full = f.points.last().map_or(f64::INFINITY, |p| p.1);
            let flat = h.points.last().map_or(0.0, |p| p.1);
            let (f, h) = (&f.label, &h.label);
            match r.curves.break_even_utilisation {
                Some(u) if u > 0.0 && u <= 1.0 => {
                    let u = number(u * 100.0, 0, lang);
                    match lang {
                        Lang::En => format!(
                            "Below {u} % of its capacity in use, {f} (fixed fee) costs more per token than {h} by the hour; above it, less."
                        ),
                        Lang::Es => format!(
                            "Por debajo del {u} % de su capacidad en uso, {f} (cuota fija) cuesta más por token que {h} por horas; por encima, menos."
                        ),
                    }
                }
                _ if at_full > flat => match lang {
                    Lang::En => format!(
                        "Even fully used, {f} (fixed fee) costs more per token than {h} by the hour."
                    ),
                    Lang::Es => format!(
                        "Incluso a plena carga, {f} (cuota fija) cuesta más por token que {h} por horas."
                    ),
                },
                _ => match lang {
                    Lang::En => format!(
                        "At every utilisation shown, {f} (fixed fee) costs less per token than {h} by the hour."
                    ),
                    Lang::Es => format!(
                        "Con cualquier utilización de las mostradas, {f} (cuota fija) cuesta menos por token que {h} por horas."
                    ),
                },
            }
        }
        (Some(_), None) => t(
            lang,
            "No hourly cloud offer to compare with.",
            "No hay oferta en la nube por horas con la que comparar.",
        ),
        (None, _) => t(
            lang,
            "No fixed-fee option (bare metal, dedicated) meets the requirements: nothing to compare.",
            "Ninguna opción de cuota fija (servidor dedicado) cumple los requisitos: nada que comparar.",
        ),
    }
}

/// Memory per device against context length on the recommended hardware, terms stacked.
pub fn memory_vs_context(r: &Report, ctx: u64, lang: Lang) -> MemoryVsContext {
    let pts = &r.curves.memory_vs_context;
    let term = |label: String, f: fn(&crate::report::MemoryPoint) -> u64| Series {
        label,
        points: pts
            .iter()
            .map(|p| (p.ctx as f64, f(p) as f64 / GIB))
            .collect(),
    };
    MemoryVsContext {
        series: vec![
            term(t(lang, "Weights", "Pesos"), |p| p.weights_bytes),
            term(t(lang, "KV cache", "Caché KV"), |p| p.kv_cache_bytes),
            term(t(lang, "Activations", "Activaciones"), |p| {
                p.activation_bytes
            }),
            term(t(lang, "Overhead", "Sobrecarga"), |p| p.overhead_bytes),
        ],
        stacked: true,
        capacity_gib: r.curves.memory_capacity_bytes.map(|b| b as f64 / GIB),
        capacity_label: t(lang, "GPU memory", "Memoria de la GPU"),
        current_context: Some(ctx as f64),
        current_label: t(lang, "Your context", "Tu contexto"),
        total_label: t(lang, "Total", "Total"),
        x_label: t(
            lang,
            "Context length (tokens)",
            "Longitud de contexto (tokens)",
        ),
        y_label: t(lang, "GiB per device", "GiB por dispositivo"),
    }
}
