//! The verdict's words for a fine-tuning job (its duration and cost first, then how it is
//! billed) and for a near-tie (which rule chose an option other than the cheapest).

use crate::format::show::{amount, money, number, percent};
use crate::lang::Lang;
use crate::units::Currency;

/// Options within this share of the cheapest are a near-tie (10%): `plan::ties` decides among
/// them by machines, headroom and speed.
pub const NEAR_TIE: f64 = 0.10;

/// How a job is billed, for its sentence.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct JobBillingWords {
    /// Compute hours of the job.
    pub hours: f64,
    /// Hours billed on each machine before the first step (boot, image, weights); 0 by the month.
    pub startup_hours: f64,
    /// Price an hour (hourly) or a month (monthly) of one machine.
    pub rate: f64,
    pub machines: u32,
    /// Rented by the month: the months paid, the months the job occupies, the minimum term.
    pub months: Option<MonthlyTerm>,
    /// Setup fees, all machines.
    pub setup: f64,
    /// Share added for work lost to interruptions.
    pub allowance: f64,
}

/// A job rented by the month: `months` paid, `occupied` by the job, `min_term` the offer's.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct MonthlyTerm {
    pub months: f64,
    pub occupied: f64,
    pub min_term: f64,
}

/// Which rule of a near-tie chose an option other than the cheapest (`plan::ties`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum TieRule {
    /// A shorter minimum term, months (0: none): `chosen` against the cheapest's `cheapest`.
    ShorterTerm { chosen: f64, cheapest: f64 },
    /// Fewer machines: `chosen` against the cheapest's `cheapest`.
    FewerMachines { chosen: u32, cheapest: u32 },
    /// Fewer GPUs (in as many machines): `chosen` against the cheapest's `cheapest`.
    FewerGpus { chosen: u32, cheapest: u32 },
    /// More headroom: concurrent requests held in memory.
    MoreHeadroom { chosen: f64, cheapest: f64 },
    /// More throughput at the load's peak (a CPU option in the tie): capacity over the load.
    MoreCapacity { chosen: f64, cheapest: f64 },
    /// Faster, in the measure `pace` says.
    Faster {
        pace: Pace,
        chosen: f64,
        cheapest: f64,
    },
}

/// The speed a near-tie compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// Decode tokens/s each user sees (more is faster).
    TokensPerSecond,
    /// P95 time to answer a request, ms, of a model that generates no tokens (less is faster).
    P95Ms,
    /// Hours of the fine-tuning job (fewer is faster).
    JobHours,
}

impl TieRule {
    /// The rule as a clause: "fewer machines (1 instead of 3)".
    pub fn clause(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match *self {
            TieRule::ShorterTerm { chosen, cheapest } => {
                let term = |m: f64| match (m > 1.0, es) {
                    (false, false) => "no commitment".to_string(),
                    (false, true) => "sin compromiso".to_string(),
                    (true, false) => format!("{} months", amount(m, lang)),
                    (true, true) => format!("{} meses", amount(m, lang)),
                };
                if es {
                    format!(
                        "un plazo más corto ({} en lugar de {})",
                        term(chosen),
                        term(cheapest)
                    )
                } else {
                    format!(
                        "a shorter term ({} instead of {})",
                        term(chosen),
                        term(cheapest)
                    )
                }
            }
            TieRule::FewerMachines { chosen, cheapest } => {
                let m = |n: u32| match (n, es) {
                    (1, false) => "1 machine".to_string(),
                    (1, true) => "1 máquina".to_string(),
                    (n, false) => format!("{n} machines"),
                    (n, true) => format!("{n} máquinas"),
                };
                if es {
                    format!("menos máquinas ({} en lugar de {cheapest})", m(chosen))
                } else {
                    format!("fewer machines ({} instead of {cheapest})", m(chosen))
                }
            }
            TieRule::FewerGpus { chosen, cheapest } => {
                if es {
                    format!("menos GPU ({chosen} en lugar de {cheapest}), con el pico cubierto")
                } else {
                    format!("fewer GPUs ({chosen} instead of {cheapest}), the peak still covered")
                }
            }
            TieRule::MoreCapacity { chosen, cheapest } => {
                let (a, b) = (amount(chosen, lang), amount(cheapest, lang));
                if es {
                    format!("más capacidad en el pico ({a} veces la carga frente a {b})")
                } else {
                    format!("more capacity at peak ({a} times the load against {b})")
                }
            }
            TieRule::MoreHeadroom { chosen, cheapest } => {
                let (a, b) = (number(chosen, 0, lang), number(cheapest, 0, lang));
                if es {
                    format!("más margen ({a} peticiones simultáneas en memoria frente a {b})")
                } else {
                    format!("more headroom ({a} concurrent requests in memory against {b})")
                }
            }
            TieRule::Faster {
                pace,
                chosen,
                cheapest,
            } => {
                let (a, b) = match pace {
                    Pace::JobHours => (
                        number(chosen, 1, lang).to_string(),
                        number(cheapest, 1, lang).to_string(),
                    ),
                    Pace::P95Ms => (
                        number(chosen, 0, lang).to_string(),
                        number(cheapest, 0, lang).to_string(),
                    ),
                    Pace::TokensPerSecond => (
                        amount(chosen, lang).to_string(),
                        amount(cheapest, lang).to_string(),
                    ),
                };
                match (pace, es) {
                    (Pace::TokensPerSecond, false) => {
                        format!("speed ({a} tokens/s per user against {b})")
                    }
                    (Pace::TokensPerSecond, true) => {
                        format!("velocidad ({a} tokens/s por usuario frente a {b})")
                    }
                    (Pace::P95Ms, false) => format!("speed (P95 of {a} ms against {b} ms)"),
                    (Pace::P95Ms, true) => format!("velocidad (P95 de {a} ms frente a {b} ms)"),
                    (Pace::JobHours, false) => format!("speed ({a} hours against {b})"),
                    (Pace::JobHours, true) => format!("velocidad ({a} horas frente a {b})"),
                }
            }
        }
    }
}

/// A near-tie as one sentence: the cheapest set aside, by how much, and the rule that decided.
/// `monthly`: the chosen option's monthly cost and total over `months` (serving), or `None` for a
/// job (its lead sentence already gives its cost).
pub(super) fn near_tie(
    (cheapest_provider, cheapest_name, cheapest_cost): (&str, &str, f64),
    extra: f64,
    rule: &TieRule,
    monthly: Option<super::MonthlyTotal>,
    currency: Currency,
    lang: Lang,
) -> String {
    let es = lang == Lang::Es;
    let (x, c) = (percent(extra, lang), money(cheapest_cost, currency, lang));
    let rule = rule.clause(lang);
    let margin = percent(NEAR_TIE, lang);
    match (monthly, es) {
        (Some(super::MonthlyTotal { monthly: m, total: t, months }), false) => {
            let (m, t, months) = (money(m, currency, lang), money(t, currency, lang), amount(months, lang));
            format!("A near-tie: this option costs {m} a month ({t} over {months} months), {x} more than the cheapest that meets the requirements ({cheapest_provider} {cheapest_name}, {c} a month); within {margin} the plan prefers {rule}.")
        }
        (Some(super::MonthlyTotal { monthly: m, total: t, months }), true) => {
            let (m, t, months) = (money(m, currency, lang), money(t, currency, lang), amount(months, lang));
            format!("Un casi empate: esta opción cuesta {m} al mes ({t} en {months} meses), un {x} más que la más barata que cumple los requisitos ({cheapest_provider} {cheapest_name}, {c} al mes); con menos de un {margin} de diferencia se prefiere: {rule}.")
        }
        (None, false) => format!("A near-tie: the cheapest job ({cheapest_provider} {cheapest_name}, {c}) costs {x} less; within {margin} the plan prefers {rule}."),
        (None, true) => format!("Un casi empate: el trabajo más barato ({cheapest_provider} {cheapest_name}, {c}) cuesta un {x} menos; con menos de un {margin} de diferencia se prefiere: {rule}."),
    }
}

/// The job's lead: "About 4.4 hours, €12.00 on RunPod 1x MI300X: 1 epoch of 100 million
/// tokens, the cheapest of 144 options that can run the job."
pub(super) fn job_lead(
    (provider, name): (&str, &str),
    [hours, cost, epochs, tokens]: [f64; 4],
    candidates: usize,
    near_tie: bool,
    currency: Currency,
    lang: Lang,
) -> String {
    let es = lang == Lang::Es;
    let c = money(cost, currency, lang);
    let t = amount(tokens / 1e6, lang);
    let duration = |h: f64, capital: bool| match (h < 1.0, es, capital) {
        (true, false, true) => format!("About {} minutes", number(h * 60.0, 0, lang)),
        (true, false, false) => format!("about {} minutes", number(h * 60.0, 0, lang)),
        (true, true, true) => format!("Unos {} minutos", number(h * 60.0, 0, lang)),
        (true, true, false) => format!("unos {} minutos", number(h * 60.0, 0, lang)),
        (false, false, true) => format!("About {} hours", number(h, 1, lang)),
        (false, false, false) => format!("about {} hours", number(h, 1, lang)),
        (false, true, true) => format!("Unas {} horas", number(h, 1, lang)),
        (false, true, false) => format!("unas {} horas", number(h, 1, lang)),
    };
    let lead = duration(hours, true);
    let passes = match (epochs as u64, es) {
        (1, false) => format!("1 epoch of {t} million tokens"),
        (1, true) => format!("1 época de {t} millones de tokens"),
        (n, false) => format!(
            "{n} epochs of {t} million tokens ({} each)",
            duration(hours / epochs, false)
        ),
        (n, true) => format!(
            "{n} épocas de {t} millones de tokens ({} cada una)",
            duration(hours / epochs, false)
        ),
    };
    let rank = match (candidates, near_tie, es) {
        (1, _, false) => "the only option that can run the job".to_string(),
        (1, _, true) => "la única opción que puede hacer el trabajo".to_string(),
        (n, false, false) => format!("the cheapest of {n} options that can run the job"),
        (n, false, true) => format!("la opción más barata de {n} que pueden hacer el trabajo"),
        (n, true, false) => {
            format!("one of {n} options that can run the job, chosen in a near-tie")
        }
        (n, true, true) => {
            format!("una de {n} opciones que pueden hacer el trabajo, elegida en un casi empate")
        }
    };
    if es {
        format!("{lead}, {c} en {provider} {name}: {passes}; {rank}. Es el precio de un trabajo puntual; las cifras mensuales de la tabla son las de tener las máquinas alquiladas todo el mes.")
    } else {
        format!("{lead}, {c} on {provider} {name}: {passes}; {rank}. That is the price of a one-off job; the table's monthly figures are for keeping the machines rented all month.")
    }
}

/// How the job is billed: by the hour, or whole months (the minimum term), with the setup fee
/// and the allowance for interruptions.
pub(super) fn job_billing(b: &JobBillingWords, currency: Currency, lang: Lang) -> String {
    let es = lang == Lang::Es;
    let machines = match (b.machines, es) {
        (1, _) => String::new(),
        (n, false) => format!(" x {n} machines"),
        (n, true) => format!(" x {n} máquinas"),
    };
    let mut extras = Vec::new();
    if b.allowance > 0.0 {
        let a = percent(b.allowance, lang);
        extras.push(if es {
            format!("un {a} más por el trabajo perdido en interrupciones")
        } else {
            format!("{a} extra for work lost to interruptions")
        });
    }
    if b.setup > 0.0 {
        let f = money(b.setup, currency, lang);
        extras.push(if es {
            format!("una cuota de alta de {f}")
        } else {
            format!("a setup fee of {f}")
        });
    }
    let extras = if extras.is_empty() {
        String::new()
    } else if es {
        format!(", más {}", extras.join(" y "))
    } else {
        format!(", plus {}", extras.join(" and "))
    };
    let rate = money(b.rate, currency, lang);
    let hours = number(b.hours, 1, lang);
    let startup = number(b.startup_hours, 1, lang);
    match (b.months, es) {
        (None, false) if b.startup_hours > 0.0 => format!(
            "Billed by the hour: ({hours} hours of training + {startup} to start: boot the machine, pull the image, load the weights) x {rate} an hour{machines}{extras}; nothing to pay once the job ends."
        ),
        (None, true) if b.startup_hours > 0.0 => format!(
            "Se paga por horas: ({hours} horas de entrenamiento + {startup} de arranque: iniciar la máquina, descargar la imagen, cargar los pesos) x {rate} la hora{machines}{extras}; nada que pagar al terminar el trabajo."
        ),
        (None, false) => format!(
            "Billed by the hour: {hours} hours x {rate} an hour{machines}{extras}; nothing to pay once the job ends."
        ),
        (None, true) => format!(
            "Se paga por horas: {hours} horas x {rate} la hora{machines}{extras}; nada que pagar al terminar el trabajo."
        ),
        (Some(MonthlyTerm { months, occupied, min_term }), false) => {
            let why = if min_term > occupied {
                format!(
                    "its minimum term is {} months, so a job of {} hours pays the whole term",
                    amount(min_term, lang),
                    number(b.hours, 1, lang)
                )
            } else {
                match occupied as u64 {
                    1 => "the job occupies 1 month".to_string(),
                    n => format!("the job occupies {n} months"),
                }
            };
            format!(
                "Rented by the month: {why}: {} x {rate} a month{machines}{extras}.",
                amount(months, lang)
            )
        }
        (Some(MonthlyTerm { months, occupied, min_term }), true) => {
            let why = if min_term > occupied {
                format!(
                    "su permanencia mínima es de {} meses, así que un trabajo de {} horas paga todo el plazo",
                    amount(min_term, lang),
                    number(b.hours, 1, lang)
                )
            } else {
                match occupied as u64 {
                    1 => "el trabajo ocupa 1 mes".to_string(),
                    n => format!("el trabajo ocupa {n} meses"),
                }
            };
            format!(
                "Se alquila por meses: {why}: {} x {rate} al mes{machines}{extras}.",
                amount(months, lang)
            )
        }
    }
}

/// The sentence of a job's, a near-tie's or a per-token basis's [`super::Reason`].
pub(super) fn sentence(reason: &super::Reason, lang: Lang) -> String {
    use super::Reason;
    match reason {
        Reason::Job {
            provider,
            name,
            hours,
            cost,
            epochs,
            tokens,
            candidates,
            near_tie,
            currency,
        } => job_lead(
            (provider, name),
            [*hours, *cost, *epochs, *tokens],
            *candidates,
            *near_tie,
            *currency,
            lang,
        ),
        Reason::JobBilling { billing, currency } => job_billing(billing, *currency, lang),
        Reason::NearTie {
            cheapest_offer_id: _,
            cheapest_provider,
            cheapest_name,
            cheapest_cost,
            extra,
            rule,
            monthly,
            currency,
        } => near_tie(
            (cheapest_provider, cheapest_name, *cheapest_cost),
            *extra,
            rule,
            *monthly,
            *currency,
            lang,
        ),
        Reason::PerTokenAtLoad {
            full_rpd,
            full_per_million,
            typical,
            currency,
        } => {
            super::load::per_token_at_load(*full_rpd, *full_per_million, *typical, *currency, lang)
        }
        _ => String::new(),
    }
}
