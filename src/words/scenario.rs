//! The sentences of the scenario: the warnings about a link's parameters, the name of a model
//! known only by its size, and the model a link names that the catalogue does not have.
//!
//! The warning types live here, beside their sentences, and keep their public path
//! `crate::scenario::{Warning, WarningKind}` (the scenario re-exports them).

use crate::format::trim_number;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// What went wrong with one URL parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WarningKind {
    /// The parameter is not part of the scenario schema.
    Unknown,
    /// The value was outside its range and was brought to the nearest bound.
    Clamped { given: String, used: String },
    /// The value could not be read; the default is used.
    Invalid { given: String, expected: String },
    /// A newer or unknown schema version.
    Version { given: String },
    /// Too many parameters; the rest were ignored.
    TooMany { ignored: usize },
}

/// A problem with one URL parameter, kept to show in the page and in the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Warning {
    pub param: String,
    #[serde(flatten)]
    pub kind: WarningKind,
}

/// A URL warning as a sentence; `read_as` is the scenario version the link was read as.
/// (`Warning::message` in the scenario calls this with the current version.)
pub fn url_warning(w: &Warning, read_as: u32, lang: Lang) -> String {
    let p = &w.param;
    match (&w.kind, lang) {
        (WarningKind::Unknown, Lang::En) => format!("Unknown parameter \"{p}\" was ignored."),
        (WarningKind::Unknown, Lang::Es) => {
            format!("Se ignoró el parámetro desconocido \"{p}\".")
        }
        (WarningKind::Clamped { given, used }, Lang::En) => {
            format!("\"{p}\" = {given} is out of range; {used} is used instead.")
        }
        (WarningKind::Clamped { given, used }, Lang::Es) => {
            format!("\"{p}\" = {given} está fuera de rango; se usa {used}.")
        }
        (WarningKind::Invalid { given, expected }, Lang::En) => {
            format!(
                "\"{p}\" = \"{given}\" is not valid (expected {expected}); the default is used."
            )
        }
        (WarningKind::Invalid { given, expected }, Lang::Es) => {
            format!("\"{p}\" = \"{given}\" no es válido (se esperaba {expected}); se usa el valor por defecto.")
        }
        (WarningKind::Version { given }, Lang::En) => {
            format!("This link uses scenario version {given}; it was read as version {read_as}.")
        }
        (WarningKind::Version { given }, Lang::Es) => {
            format!(
                "Este enlace usa la versión {given} del escenario; se leyó como versión {read_as}."
            )
        }
        (WarningKind::TooMany { ignored }, Lang::En) => {
            format!("The link has too many parameters; {ignored} were ignored.")
        }
        (WarningKind::TooMany { ignored }, Lang::Es) => {
            format!("El enlace tiene demasiados parámetros; se ignoraron {ignored}.")
        }
    }
}

/// The name of a model known only by its size: "Custom model (13 B parameters)".
pub fn custom_model_name(billions: f64, lang: Lang) -> String {
    let size = trim_number(billions);
    match lang {
        Lang::En => format!("Custom model ({size} B parameters)"),
        Lang::Es => format!("Modelo propio ({size} B de parámetros)"),
    }
}

/// A link names a model the catalogue does not have; `shown` is the model shown instead.
pub fn unknown_model(given: &str, shown: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Unknown model \"{given}\"; showing {shown} instead."),
        Lang::Es => format!("Modelo desconocido \"{given}\"; se muestra {shown} en su lugar."),
    }
}

/// A typical load's name (`crate::scenario::presets`), by its id.
pub fn load_preset_name(id: &str, lang: Lang) -> &'static str {
    match (id, lang) {
        ("team_chat", Lang::En) => "Team chat",
        ("team_chat", Lang::Es) => "Chat de equipo",
        ("product_feature", Lang::En) => "Product feature",
        ("product_feature", Lang::Es) => "Función de producto",
        ("batch_job", Lang::En) => "Batch job",
        ("batch_job", Lang::Es) => "Proceso por lotes",
        (_, Lang::En) => "Typical load",
        (_, Lang::Es) => "Carga típica",
    }
}

/// What a typical load sets: "5,000 requests a day, 1,000 tokens in, 250 out" (and the hours a
/// day when fewer than 24).
pub fn load_preset_summary(
    rpd: f64,
    tokens_in: u64,
    tokens_out: u64,
    hours: f64,
    lang: Lang,
) -> String {
    use crate::format::show::number;
    let (r, i, o) = (
        number(rpd, 0, lang),
        number(tokens_in as f64, 0, lang),
        number(tokens_out as f64, 0, lang),
    );
    let h = number(hours, 0, lang);
    match (lang, hours < 24.0) {
        (Lang::En, false) => format!("{r} requests a day, {i} tokens in, {o} out"),
        (Lang::En, true) => format!("{r} requests in {h} hours a day, {i} tokens in, {o} out"),
        (Lang::Es, false) => format!("{r} peticiones al día, {i} tokens de entrada, {o} de salida"),
        (Lang::Es, true) => {
            format!("{r} peticiones en {h} horas al día, {i} tokens de entrada, {o} de salida")
        }
    }
}

/// The request rate people make, as the Workload panel shows it under their number: "≈ 2,400
/// requests a day, 0.0278 a second at the busiest hour".
pub fn derived_load(requests_per_day: f64, peak_per_s: f64, lang: Lang) -> String {
    use crate::format::show::{amount, number};
    let (day, peak) = (
        number(requests_per_day.round(), 0, lang),
        amount(peak_per_s, lang),
    );
    match lang {
        Lang::En => format!("≈ {day} requests a day, {peak} a second at the busiest hour"),
        Lang::Es => format!("≈ {day} peticiones al día, {peak} por segundo en la hora punta"),
    }
}

/// A use case's name (`chat`, `code`, `rag`, `agent`, `batch`) as the scenario line and the
/// page's select give it; an unknown id as it is.
pub fn usecase_name(id: &'static str, lang: Lang) -> &'static str {
    match (id, lang) {
        ("code", Lang::En) => "code completion",
        ("code", Lang::Es) => "autocompletado de código",
        ("rag", Lang::En) => "questions over documents",
        ("rag", Lang::Es) => "preguntas sobre documentos",
        ("agent", Lang::En) => "agents",
        ("agent", Lang::Es) => "agentes",
        ("batch", Lang::Es) => "lotes",
        (id, _) => id,
    }
}
