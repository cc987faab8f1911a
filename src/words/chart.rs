//! The charts' words: axis and series names, the break-even markers, and each cost chart in one
//! sentence (under the chart, and its text alternative). `chart::from_report` decides which
//! sentence a report calls for; this module writes it.

use crate::format::show::number;
use crate::lang::Lang;

/// A fixed label of a chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    Months,
    CumulativeCost,
    Utilisation,
    CostPerMillionTokens,
    Weights,
    KvCache,
    Activations,
    Overhead,
    GpuMemory,
    YourContext,
    Total,
    ContextLength,
    GibPerDevice,
}

impl Label {
    pub fn text(self, lang: Lang) -> &'static str {
        let (en, es) = match self {
            Label::Months => ("Months", "Meses"),
            Label::CumulativeCost => ("Cumulative cost", "Coste acumulado"),
            Label::Utilisation => ("Utilisation", "Utilización"),
            Label::CostPerMillionTokens => {
                ("Cost per million tokens", "Coste por millón de tokens")
            }
            Label::Weights => ("Weights", "Pesos"),
            Label::KvCache => ("KV cache", "Caché KV"),
            Label::Activations => ("Activations", "Activaciones"),
            Label::Overhead => ("Overhead", "Sobrecarga"),
            Label::GpuMemory => ("GPU memory", "Memoria de la GPU"),
            Label::YourContext => ("Your context", "Su contexto"),
            Label::Total => ("Total", "Total"),
            Label::ContextLength => ("Context length (tokens)", "Longitud de contexto (tokens)"),
            Label::GibPerDevice => ("GiB per device", "GiB por dispositivo"),
        };
        match lang {
            Lang::En => en,
            Lang::Es => es,
        }
    }
}

/// The marker where the fixed-fee option overtakes the cloud one: "Break-even: month 16.7".
pub fn break_even_month(month: f64, lang: Lang) -> String {
    let month = number(month, 1, lang);
    match lang {
        Lang::En => format!("Break-even: month {month}"),
        Lang::Es => format!("Equilibrio: mes {month}"),
    }
}

/// The marker of the break-even utilisation (a fraction): "Break-even 37 %".
pub fn break_even_utilisation(fraction: f64, lang: Lang) -> String {
    let percent = number(fraction * 100.0, 0, lang);
    match lang {
        Lang::En => format!("Break-even {percent} %"),
        Lang::Es => format!("Equilibrio {percent} %"),
    }
}

/// What the cumulative cost chart shows, between the first fixed-fee option (`fixed`) and the
/// first cloud option (`cloud`), named by their labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CumulativeSummary<'a> {
    /// The fixed-fee option costs less from the start.
    FromFirstMonth { fixed: &'a str, cloud: &'a str },
    /// The fixed-fee option costs less from `month` on.
    BreakEvenAt {
        month: f64,
        fixed: &'a str,
        cloud: &'a str,
    },
    /// The cloud option has cost as much as the prepaid fixed-fee option by `month`; that option
    /// pays `period` months up front, on the first day of each (so it may fall behind again).
    PrepaidBreakEven {
        month: f64,
        period: f64,
        fixed: &'a str,
        cloud: &'a str,
    },
    /// The fixed-fee option costs more each month: the lines never cross.
    NeverPaysOff { fixed: &'a str, cloud: &'a str },
    /// The lines would cross at `month`, past the `horizon` (months) the chart covers.
    PastHorizon {
        month: f64,
        horizon: f64,
        fixed: &'a str,
        cloud: &'a str,
    },
    /// Only cloud options meet the requirements.
    NoFixedFee,
    /// Only fixed-fee options meet the requirements.
    NoCloud,
}

impl CumulativeSummary<'_> {
    pub fn sentence(&self, lang: Lang) -> String {
        let month = |m: f64| number(m, 1, lang);
        match (*self, lang) {
            (Self::FromFirstMonth { fixed: f, cloud: c }, Lang::En) => {
                format!("{f} (fixed fee) costs less than {c} (cloud) from the first month.")
            }
            (Self::FromFirstMonth { fixed: f, cloud: c }, Lang::Es) => {
                format!("{f} (cuota fija) cuesta menos que {c} (nube) desde el primer mes.")
            }
            (Self::BreakEvenAt { month: m, fixed: f, cloud: c }, Lang::En) => format!(
                "Break-even at month {}: from then on, {f} (fixed fee) costs less than {c} (cloud).",
                month(m)
            ),
            (Self::BreakEvenAt { month: m, fixed: f, cloud: c }, Lang::Es) => format!(
                "Equilibrio en el mes {}: desde entonces, {f} (cuota fija) cuesta menos que {c} (nube).",
                month(m)
            ),
            (Self::PrepaidBreakEven { month: m, period: p, fixed: f, cloud: c }, Lang::En) => format!(
                "Break-even at month {}: by then {c} (cloud) has cost as much as {f} (fixed fee), whose {} months are paid up front on the first day.",
                month(m),
                number(p, 0, lang)
            ),
            (Self::PrepaidBreakEven { month: m, period: p, fixed: f, cloud: c }, Lang::Es) => format!(
                "Equilibrio en el mes {}: para entonces {c} (nube) ha costado tanto como {f} (cuota fija), cuyos {} meses se pagan por adelantado el primer día.",
                month(m),
                number(p, 0, lang)
            ),
            (Self::NeverPaysOff { fixed: f, cloud: c }, Lang::En) => format!(
                "{f} (fixed fee) costs more each month than {c} (cloud): it never pays off."
            ),
            (Self::NeverPaysOff { fixed: f, cloud: c }, Lang::Es) => format!(
                "{f} (cuota fija) cuesta más cada mes que {c} (nube): nunca llega a compensar."
            ),
            (Self::PastHorizon { month: m, horizon: h, fixed: f, cloud: c }, Lang::En) => format!(
                "{f} (fixed fee) would cost less than {c} (cloud) only after month {}, past the {}-month horizon.",
                month(m),
                number(h, 0, lang)
            ),
            (Self::PastHorizon { month: m, horizon: h, fixed: f, cloud: c }, Lang::Es) => format!(
                "{f} (cuota fija) costaría menos que {c} (nube) solo a partir del mes {}, más allá del horizonte de {} meses.",
                month(m),
                number(h, 0, lang)
            ),
            (Self::NoFixedFee, Lang::En) => "No fixed-fee option (bare metal, dedicated) meets the requirements: nothing to break even against.".into(),
            (Self::NoFixedFee, Lang::Es) => "Ninguna opción de cuota fija (servidor dedicado) cumple los requisitos: no hay equilibrio que calcular.".into(),
            (Self::NoCloud, Lang::En) => "No cloud option meets the requirements: nothing to break even against.".into(),
            (Self::NoCloud, Lang::Es) => "Ninguna opción en la nube cumple los requisitos: no hay equilibrio que calcular.".into(),
        }
    }
}

/// What the cost-per-token chart shows, between the fixed-fee option (`fixed`) and the hourly
/// cloud offer it is compared with (`hourly`), named by their labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum UtilisationSummary<'a> {
    /// Below `fraction` of its capacity in use the fixed-fee option costs more per token.
    BreakEvenAt {
        fraction: f64,
        fixed: &'a str,
        hourly: &'a str,
    },
    /// Even fully used, the fixed-fee option costs more per token.
    DearerEvenFull { fixed: &'a str, hourly: &'a str },
    /// At every utilisation shown, the fixed-fee option costs less per token.
    CheaperThroughout { fixed: &'a str, hourly: &'a str },
    /// No hourly cloud offer to compare with.
    NoHourly,
    /// No fixed-fee option meets the requirements.
    NoFixedFee,
}

impl UtilisationSummary<'_> {
    pub fn sentence(&self, lang: Lang) -> String {
        match (*self, lang) {
            (Self::BreakEvenAt { fraction, fixed: f, hourly: h }, Lang::En) => format!(
                "Below {} % of its capacity in use, {f} (fixed fee) costs more per token than {h} by the hour; above it, less.",
                number(fraction * 100.0, 0, lang)
            ),
            (Self::BreakEvenAt { fraction, fixed: f, hourly: h }, Lang::Es) => format!(
                "Por debajo del {} % de su capacidad en uso, {f} (cuota fija) cuesta más por token que {h} por horas; por encima, menos.",
                number(fraction * 100.0, 0, lang)
            ),
            (Self::DearerEvenFull { fixed: f, hourly: h }, Lang::En) => format!(
                "Even fully used, {f} (fixed fee) costs more per token than {h} by the hour."
            ),
            (Self::DearerEvenFull { fixed: f, hourly: h }, Lang::Es) => format!(
                "Incluso a plena carga, {f} (cuota fija) cuesta más por token que {h} por horas."
            ),
            (Self::CheaperThroughout { fixed: f, hourly: h }, Lang::En) => format!(
                "At every utilisation shown, {f} (fixed fee) costs less per token than {h} by the hour."
            ),
            (Self::CheaperThroughout { fixed: f, hourly: h }, Lang::Es) => format!(
                "Con cualquier utilización de las mostradas, {f} (cuota fija) cuesta menos por token que {h} por horas."
            ),
            (Self::NoHourly, Lang::En) => "No hourly cloud offer to compare with.".into(),
            (Self::NoHourly, Lang::Es) => "No hay oferta en la nube por horas con la que comparar.".into(),
            (Self::NoFixedFee, Lang::En) => "No fixed-fee option (bare metal, dedicated) meets the requirements: nothing to compare.".into(),
            (Self::NoFixedFee, Lang::Es) => "Ninguna opción de cuota fija (servidor dedicado) cumple los requisitos: nada que comparar.".into(),
        }
    }
}
