//! The three charts' data from a report, with their words in the scenario's language: the UI
//! draws what these return and adds no arithmetic of its own.

use super::{BreakEven, CostVsUtilisation, CumulativeCost, MemoryVsContext, Series};
use crate::report::Report;
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
