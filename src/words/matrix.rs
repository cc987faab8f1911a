//! The decision matrix in words (docs/background.md, "Decision matrix by workload"): which
//! hosting type fits the workload and why, as the verdict's first reason when the recommendation
//! follows it, as a reason when a cheaper option departs from it, and as a warning when the
//! user's constraints push against it.

use crate::format::show::{money, number, percent};
use crate::lang::Lang;
use crate::units::Currency;

/// The workload, as `plan::matrix::classify` derives it from the scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkloadClass {
    /// Serving around the clock (24 hours a day).
    Steady,
    /// Serving part of the day at more than a development load.
    Bursty,
    /// A LoRA, QLoRA or full fine-tuning job.
    FineTuning,
    /// Serving part of the day at a development load (at most `DEV_MAX_REQUESTS_PER_DAY`).
    Development,
}

impl WorkloadClass {
    pub fn id(self) -> &'static str {
        match self {
            WorkloadClass::Steady => "steady",
            WorkloadClass::Bursty => "bursty",
            WorkloadClass::FineTuning => "fine_tuning",
            WorkloadClass::Development => "development",
        }
    }
}

/// What the matrix says about the verdict.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Follow {
    /// The recommendation is of the hosting type the workload fits.
    Follows,
    /// A cheaper option of another type wins; the cheapest of the fitting type costs
    /// `extra` more, or none serves.
    Departs { fitting: Option<Fitting> },
}

/// The cheapest option of the hosting type the workload fits (`provider name`), and what it
/// costs more than the verdict (fraction).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Fitting {
    pub name: String,
    pub extra: f64,
}

/// The matrix's reason: the class with its figures, and whether the verdict follows it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatrixReason {
    pub class: WorkloadClass,
    pub hours_per_day: f64,
    pub requests_per_day: f64,
    pub follow: Follow,
}

/// The class with the figures it was derived from: "steady 24/7 inference (24 hours a day)".
fn class_words(class: WorkloadClass, hours: f64, rpd: f64, lang: Lang) -> String {
    let h = number(hours, 0, lang);
    let r = number(rpd, 0, lang);
    match (class, lang) {
        (WorkloadClass::Steady, Lang::En) => "steady 24/7 inference (24 hours a day)".into(),
        (WorkloadClass::Steady, Lang::Es) => "inferencia continua 24/7 (24 horas al día)".into(),
        (WorkloadClass::Bursty, Lang::En) => format!("bursty inference ({h} hours a day)"),
        (WorkloadClass::Bursty, Lang::Es) => {
            format!("inferencia intermitente ({h} horas al día)")
        }
        (WorkloadClass::FineTuning, Lang::En) => "fine-tuning (a job that ends)".into(),
        (WorkloadClass::FineTuning, Lang::Es) => "ajuste fino (un trabajo que termina)".into(),
        (WorkloadClass::Development, Lang::En) => {
            format!("development and experimentation ({r} requests a day, {h} hours a day)")
        }
        (WorkloadClass::Development, Lang::Es) => {
            format!("desarrollo y experimentación ({r} peticiones al día, {h} horas al día)")
        }
    }
}

/// The hosting type the class fits, and why, as the public debate puts it.
fn fit_words(class: WorkloadClass, lang: Lang) -> &'static str {
    match (class, lang) {
        (WorkloadClass::Steady, Lang::En) => "dedicated or committed capacity (a bare-metal or dedicated server, or a reserved instance): every hour paid for is used, so a monthly fee's or a commitment's lower rate wins",
        (WorkloadClass::Steady, Lang::Es) => "capacidad dedicada o comprometida (un servidor bare metal o dedicado, o una instancia reservada): se usa cada hora pagada, así que gana la tarifa más baja de una cuota mensual o de un compromiso",
        (WorkloadClass::Bursty, Lang::En) => "capacity paid by the hour (on-demand cloud, or a per-token API): it is billed only while the service runs, where a monthly fee pays for the idle hours too",
        (WorkloadClass::Bursty, Lang::Es) => "capacidad pagada por horas (nube bajo demanda, o una API por token): se factura solo mientras el servicio funciona, donde una cuota mensual paga también las horas ociosas",
        (WorkloadClass::FineTuning, Lang::En) => "capacity rented by the hour (on demand, or spot where the job checkpoints and resumes): the job runs, finishes and stops paying",
        (WorkloadClass::FineTuning, Lang::Es) => "capacidad alquilada por horas (bajo demanda, o spot si el trabajo guarda puntos de control y se reanuda): el trabajo corre, termina y deja de pagar",
        (WorkloadClass::Development, Lang::En) => "a GPU slice (MIG or vGPU) or a small instance by the hour: a whole GPU would sit idle most of the time",
        (WorkloadClass::Development, Lang::Es) => "una fracción de GPU (MIG o vGPU) o una instancia pequeña por horas: una GPU entera estaría ociosa la mayor parte del tiempo",
    }
}

impl MatrixReason {
    pub fn sentence(&self, lang: Lang) -> String {
        let class = class_words(self.class, self.hours_per_day, self.requests_per_day, lang);
        let fit = fit_words(self.class, lang);
        match (&self.follow, lang) {
            (Follow::Follows, Lang::En) => format!(
                "Decision matrix: {class} fits {fit}. The recommendation is of that kind."
            ),
            (Follow::Follows, Lang::Es) => format!(
                "Matriz de decisión: {class} encaja con {fit}. La recomendación es de ese tipo."
            ),
            (Follow::Departs { fitting: Some(Fitting { name, extra }) }, Lang::En) => format!(
                "Decision matrix: {class} fits {fit}. Here the cheapest such option, {name}, costs {} more, so a cheaper kind wins.",
                percent(*extra, lang)
            ),
            (Follow::Departs { fitting: Some(Fitting { name, extra }) }, Lang::Es) => format!(
                "Matriz de decisión: {class} encaja con {fit}. Aquí la opción más barata de ese tipo, {name}, cuesta un {} más, así que gana otro tipo más barato.",
                percent(*extra, lang)
            ),
            (Follow::Departs { fitting: None }, Lang::En) => format!(
                "Decision matrix: {class} fits {fit}. No option of that kind meets the requirements here."
            ),
            (Follow::Departs { fitting: None }, Lang::Es) => format!(
                "Matriz de decisión: {class} encaja con {fit}. Aquí ninguna opción de ese tipo cumple los requisitos."
            ),
        }
    }
}

/// A constraint of the user's that rules an option out, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    Kinds,
    Gpus,
    EuJurisdiction,
    SingleTenant,
    NoInterruptions,
    NoCommunityHosts,
    MaxTerm,
}

fn constraint_words(c: Constraint, lang: Lang) -> &'static str {
    match (c, lang) {
        (Constraint::Kinds, Lang::En) => "the allowed offer kinds",
        (Constraint::Kinds, Lang::Es) => "los tipos de oferta permitidos",
        (Constraint::Gpus, Lang::En) => "the allowed GPUs",
        (Constraint::Gpus, Lang::Es) => "las GPU permitidas",
        (Constraint::EuJurisdiction, Lang::En) => "EU jurisdiction",
        (Constraint::EuJurisdiction, Lang::Es) => "la jurisdicción UE",
        (Constraint::SingleTenant, Lang::En) => "single tenancy",
        (Constraint::SingleTenant, Lang::Es) => "el uso exclusivo",
        (Constraint::NoInterruptions, Lang::En) => "no interruptible capacity",
        (Constraint::NoInterruptions, Lang::Es) => "no admitir capacidad interrumpible",
        (Constraint::NoCommunityHosts, Lang::En) => {
            "no community or marketplace hosts for a 24/7 service"
        }
        (Constraint::NoCommunityHosts, Lang::Es) => {
            "no admitir máquinas comunitarias ni de mercado para un servicio 24/7"
        }
        (Constraint::MaxTerm, Lang::En) => "the longest commitment accepted",
        (Constraint::MaxTerm, Lang::Es) => "el compromiso más largo aceptado",
    }
}

/// The user's constraints push the verdict off the hosting type the workload fits: an option of
/// that type would serve for `fitting_monthly`, against the verdict's `chosen_monthly`.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixWarning {
    pub class: WorkloadClass,
    pub hours_per_day: f64,
    pub requests_per_day: f64,
    pub constraints: Vec<Constraint>,
    pub fitting: String,
    pub fitting_monthly: f64,
    pub chosen_monthly: f64,
    pub currency: Currency,
}

impl MatrixWarning {
    pub fn sentence(&self, lang: Lang) -> String {
        let class = class_words(self.class, self.hours_per_day, self.requests_per_day, lang);
        let fit = fit_words(self.class, lang);
        let rules = self
            .constraints
            .iter()
            .map(|c| constraint_words(*c, lang))
            .collect::<Vec<_>>()
            .join(", ");
        let (f, c) = (
            money(self.fitting_monthly, self.currency, lang),
            money(self.chosen_monthly, self.currency, lang),
        );
        let name = &self.fitting;
        match lang {
            Lang::En => format!(
                "Your constraints ({rules}) push against the decision matrix: it puts {class} on {fit}. Without them, {name} would serve it for {f} a month, against {c} for the recommendation."
            ),
            Lang::Es => format!(
                "Sus restricciones ({rules}) van contra la matriz de decisión: pone {class} en {fit}. Sin ellas, {name} lo serviría por {f} al mes, frente a {c} de la recomendación."
            ),
        }
    }
}
