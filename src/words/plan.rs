//! The verdict's words: the reasons for the chosen option ([`Reason`], written by topic in
//! `plan/reason.rs`), how each runner-up differs from it ([`Difference`]), and why no option
//! qualifies ([`no_option`]). The typed values live here so the sentences can match on them;
//! `crate::plan` re-exports them under their old paths.

mod commitment;
mod context;
mod job;
mod lead;
mod load;
mod reason;

pub use commitment::{Commitment, NoCommitment, Prepaid, LONG_TERM_MONTHS, LOW_UTILISATION};
pub use context::{AtLowEnd, ContextSizedFor};
pub use job::{JobBillingWords, MonthlyTerm, Pace, TieRule, NEAR_TIE};
pub use lead::{ApiFirst, API_FIRST_RATIO, LOW_USE};
pub use load::{sized_by, DayProfileWords, SingleFailure};

use super::cost::{virtualization, why_not, Deployment, Exclusion, Shortfall};
use crate::format::show::{number, percent};
use crate::lang::Lang;
use crate::units::Currency;

/// One reason for the recommendation, with the figures it quotes. The report carries each as
/// `reasons_typed` (`kind` names the variant in snake case, the other keys are its fields), beside
/// its sentence in `reasons`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The cheapest of `candidates` usable options.
    Cheapest {
        provider: String,
        name: String,
        monthly: f64,
        total: f64,
        months: f64,
        currency: Currency,
        candidates: usize,
    },
    /// Around the clock: the chosen option is busy `utilisation` of its paid capacity;
    /// `fixed_chosen`: it is a fixed monthly fee (or committed term).
    SteadyLoad {
        utilisation: f64,
        fixed_chosen: bool,
    },
    /// A few hours a day: hourly billing pays `hourly_billed_hours` a month (when an hourly
    /// option qualifies); `fixed_chosen`: a fixed fee wins all the same.
    BurstyLoad {
        hours_per_day: f64,
        hourly_billed_hours: Option<f64>,
        fixed_chosen: bool,
    },
    /// How many copies of the model the peak load needs and why; `replicas` run on `servers`
    /// machines (more than needed when a machine holds several).
    ReplicasForLoad {
        need: super::cost::LoadNeed,
        replicas: u32,
        servers: u32,
    },
    /// The chosen option is spot capacity, costed with an interruption allowance (fraction).
    /// Interruptible capacity chosen: its allowance for lost work (fraction of compute), and
    /// whether it was allowed by default for a fine-tuning job rather than by the user.
    SpotInterruptions { allowance: f64, job_default: bool },
    /// A fixed-fee option's utilisation against its break-even utilisation (below it hourly cloud
    /// wins); `fixed_chosen` says whether that option is the one recommended.
    UtilisationVsBreakEven {
        fixed_provider: String,
        fixed_chosen: bool,
        utilisation: f64,
        break_even: f64,
    },
    /// Weeks for the setup fee to be recovered by the savings against the cheapest cloud option.
    BreakEvenWeeks {
        weeks: f64,
        setup_fee: f64,
        cloud_provider: String,
        cloud_monthly: f64,
        currency: Currency,
    },
    /// Cheaper than the cheapest usable cloud option by `saving` (fraction).
    CheaperThanCloud {
        saving: f64,
        cloud_provider: String,
        cloud_monthly: f64,
        currency: Currency,
    },
    /// The chosen option is virtualised and loses `tax` of its throughput.
    HypervisorOverhead {
        virtualization: String,
        tax: f64,
        replicas: u32,
    },
    /// The chosen option is bare metal; the cheapest cloud option loses `cloud_tax`.
    NoHypervisor { cloud_tax: f64 },
    /// The P95 time to first token meets the target.
    LatencyMet {
        p95_ms: f64,
        target_ms: f64,
        mean_ms: f64,
        spread: f64,
        /// An encoder: the time to answer a request (it generates no tokens).
        embeds: bool,
    },
    /// The latency target rules out `count` options that would otherwise serve, `shared_hosts`
    /// of them VPS on shared vCPUs.
    LatencyRulesOut {
        target_ms: f64,
        count: usize,
        shared_hosts: usize,
    },
    /// A CPU server is enough for this model.
    CpuIsEnough {
        gpu_monthly: Option<f64>,
        dedicated_cores: bool,
        currency: Currency,
    },
    /// Fine-tuning: one epoch of `tokens`.
    FineTuneEpoch {
        tokens: f64,
        hours: f64,
        cost: f64,
        currency: Currency,
    },
    /// Fine-tuning: the job's duration and cost on the chosen option, first; `near_tie`: it was
    /// chosen over a cheaper one (the [`Reason::NearTie`] that follows says why).
    Job {
        provider: String,
        name: String,
        hours: f64,
        cost: f64,
        epochs: f64,
        tokens: f64,
        candidates: usize,
        near_tie: bool,
        currency: Currency,
    },
    /// How the job is billed.
    JobBilling {
        billing: JobBillingWords,
        currency: Currency,
    },
    /// A near-tie chose this option over the cheapest (`cheapest_cost`: its monthly cost, or
    /// its job's); `monthly`: this option's monthly cost, total and months (serving).
    NearTie {
        cheapest_offer_id: String,
        cheapest_provider: String,
        cheapest_name: String,
        cheapest_cost: f64,
        extra: f64,
        rule: TieRule,
        monthly: Option<MonthlyTotal>,
        currency: Currency,
    },
    /// No request rate: the per-token figures are at full load (`full_rpd` requests a day);
    /// `typical`: the same option at a stated realistic load (requests a day, cost per million
    /// output tokens, the load's name).
    PerTokenAtLoad {
        full_rpd: f64,
        full_per_million: f64,
        typical: Option<TypicalLoad>,
        currency: Currency,
    },
    /// EU jurisdiction required; the data sits in `region`.
    EuJurisdiction { region: String },
    /// Single-tenant hardware required.
    SingleTenant,
    /// The decision matrix of docs/background.md favours bare metal for this case, but a
    /// virtualised option is cheaper; `bare_metal_extra` is what the cheapest usable bare-metal
    /// option costs more (fraction), when there is one.
    MatrixPrefersBareMetal {
        case: MatrixCase,
        bare_metal_extra: Option<f64>,
    },
    /// The decision matrix by workload: the class, the hosting type it fits, and whether the
    /// verdict follows it (`crate::plan::matrix`).
    Workload(super::matrix::MatrixReason),
    /// The verdict rents a slice of a GPU: isolated (MIG) or time-shared (vGPU), whose P95
    /// latency widens by `tail_factor` with its neighbours' load.
    Slice { time_shared: bool, tail_factor: f64 },
    /// What the engine, weight format and GPU of the verdict give up together while they run.
    EngineCaveat { caveat: super::compat::Degraded },
    /// With owned hardware compared (`own=1`): how buying compares with the verdict's rental.
    OwnCompared(super::own::OwnVerdict),
    /// With owned hardware compared: why the verdict stays the rental.
    OwnComparedNotChosen,
    /// The same load with another weight format or engine costs clearly less.
    CheaperPath(super::alternative::CheaperPathWords),
    /// The verdict asks a minimum term of more than a month: what it binds, what it saves a
    /// month against the best option without one, and where the saving comes from.
    Commitment(Commitment),
    /// The context is far above the request: what was sized, and what the full context takes.
    ContextSizedFor(ContextSizedFor),
    /// Sized at the central speed estimate: the chosen deployment at the low end of the range.
    AtLowEnd(AtLowEnd),
    /// A 24/7 service on one machine without a spare copy: a single failure stops it; what a
    /// spare (`spare=1`) would cost.
    SingleFailure(SingleFailure),
    /// A day with busy hours: the machines in and outside them, what is billed.
    DayProfile(DayProfileWords),
    /// Said before the price: a hosted API sells the model for a fraction of the self-hosted cost.
    ApiFirst(ApiFirst),
    /// Said before the price: the load uses little of the recommended machine's capacity.
    LowUse { utilisation: f64 },
    /// The chosen offer's own source leaves its configuration or its availability unknown:
    /// check both with the provider before ordering.
    UncertainOffer {
        config_unknown: bool,
        availability_uncertain: bool,
    },
}

/// A serving option's monthly cost and its total over the horizon (`months`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct MonthlyTotal {
    pub monthly: f64,
    pub total: f64,
    pub months: f64,
}

/// The chosen deployment at a stated realistic load (`load`: the load preset's id): its
/// requests a day and cost per million output tokens.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct TypicalLoad {
    pub requests_per_day: f64,
    pub per_million: f64,
    pub load: &'static str,
}

/// A row of the decision matrix where bare metal is the base recommendation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatrixCase {
    /// A P95 target in strict milliseconds (at most `plan::STRICT_P95_MS`).
    StrictLatency,
    /// Fine-tuning: time-to-result favours bare metal.
    FineTuning,
}

impl Reason {
    /// The reason as a plain sentence quoting its figures, offers' catalogue words in `lang`.
    pub fn sentence(&self, lang: Lang) -> String {
        super::catalog_names::catalogue_name(&self.sentence_as_named(lang), lang).into_owned()
    }

    fn sentence_as_named(&self, lang: Lang) -> String {
        use reason::*;
        match self {
            Reason::Cheapest {
                provider,
                name,
                monthly,
                total,
                months,
                currency,
                candidates,
            } => cheapest(
                (provider, name),
                [*monthly, *total],
                *months,
                *currency,
                *candidates,
                lang,
            ),
            Reason::SteadyLoad {
                utilisation,
                fixed_chosen,
            } => steady_load(*utilisation, *fixed_chosen, lang),
            Reason::BurstyLoad {
                hours_per_day,
                hourly_billed_hours,
                fixed_chosen,
            } => bursty_load(*hours_per_day, *hourly_billed_hours, *fixed_chosen, lang),
            Reason::SpotInterruptions {
                allowance,
                job_default,
            } => spot_interruptions(*allowance, *job_default, lang),
            Reason::ReplicasForLoad {
                need,
                replicas,
                servers,
            } => load::replicas_for_load(need, *replicas, *servers, lang),
            Reason::UtilisationVsBreakEven {
                fixed_provider,
                fixed_chosen,
                utilisation,
                break_even,
            } => utilisation_vs_break_even(
                fixed_provider,
                *fixed_chosen,
                *utilisation,
                *break_even,
                lang,
            ),
            Reason::BreakEvenWeeks {
                weeks,
                setup_fee,
                cloud_provider,
                cloud_monthly,
                currency,
            } => break_even_weeks(
                *weeks,
                *setup_fee,
                (cloud_provider, *cloud_monthly),
                *currency,
                lang,
            ),
            Reason::CheaperThanCloud {
                saving,
                cloud_provider,
                cloud_monthly,
                currency,
            } => cheaper_than_cloud(*saving, (cloud_provider, *cloud_monthly), *currency, lang),
            Reason::HypervisorOverhead {
                virtualization,
                tax,
                replicas,
            } => hypervisor_overhead(virtualization, *tax, *replicas, lang),
            Reason::NoHypervisor { cloud_tax } => no_hypervisor(*cloud_tax, lang),
            Reason::LatencyMet {
                p95_ms,
                target_ms,
                mean_ms,
                spread,
                embeds,
            } => latency_met(*p95_ms, *target_ms, *mean_ms, *spread, *embeds, lang),
            Reason::LatencyRulesOut {
                target_ms,
                count,
                shared_hosts,
            } => latency_rules_out(*target_ms, *count, *shared_hosts, lang),
            Reason::CpuIsEnough {
                gpu_monthly,
                dedicated_cores,
                currency,
            } => cpu_is_enough(*gpu_monthly, *dedicated_cores, *currency, lang),
            Reason::FineTuneEpoch {
                tokens,
                hours,
                cost,
                currency,
            } => fine_tune_epoch(*tokens, *hours, *cost, *currency, lang),
            Reason::Job { .. }
            | Reason::JobBilling { .. }
            | Reason::NearTie { .. }
            | Reason::PerTokenAtLoad { .. } => job::sentence(self, lang),
            Reason::EuJurisdiction { region } => eu_jurisdiction(region, lang),
            Reason::SingleTenant => single_tenant(lang),
            Reason::MatrixPrefersBareMetal {
                case,
                bare_metal_extra,
            } => matrix_prefers_bare_metal(*case, *bare_metal_extra, lang),
            Reason::Workload(m) => m.sentence(lang),
            _ => self.report_sentence(lang),
        }
    }

    /// The sentences of the reasons the report adds to the plan's (what only it knows: the
    /// catalogue's slices, owned hardware, other formats, APIs, the memory on the chosen
    /// hardware).
    fn report_sentence(&self, lang: Lang) -> String {
        match self {
            Reason::Slice {
                time_shared,
                tail_factor,
            } => super::slice::verdict_reason(*time_shared, *tail_factor, lang),
            Reason::EngineCaveat { caveat } => caveat.sentence(lang),
            Reason::OwnCompared(v) => v.sentence(lang),
            Reason::OwnComparedNotChosen => super::own::compared_not_chosen(lang).to_string(),
            Reason::CheaperPath(p) => p.sentence(lang),
            Reason::Commitment(c) => c.sentence(lang),
            Reason::ContextSizedFor(c) => c.sentence(lang),
            Reason::AtLowEnd(l) => l.sentence(lang),
            Reason::SingleFailure(f) => f.sentence(lang),
            Reason::DayProfile(d) => d.sentence(lang),
            Reason::ApiFirst(a) => a.sentence(lang),
            Reason::LowUse { utilisation } => lead::low_use(*utilisation, lang),
            Reason::UncertainOffer {
                config_unknown,
                availability_uncertain,
            } => lead::uncertain_offer(*config_unknown, *availability_uncertain, lang),
            // The plan's own reasons are written by `sentence`.
            _ => String::new(),
        }
    }
}

/// How a runner-up differs from the recommendation.
#[derive(Clone, Debug, PartialEq)]
pub enum Difference {
    /// Monthly cost change, fraction (+0.12 = 12% more).
    Cost {
        change: f64,
    },
    Hosting {
        deployment: Deployment,
        virtualization: String,
        tax: f64,
    },
    Jurisdiction {
        jurisdiction: String,
    },
    Hardware {
        gpu_id: Option<String>,
        /// The GPU's catalogue name, written instead of the id when known.
        gpu_name: Option<String>,
        gpu_count: u32,
        /// Machines in all.
        servers: u32,
        /// Copies of the model on them (more than one: said).
        replicas: u32,
    },
    Provider {
        provider: String,
    },
    Latency {
        p95_ms: f64,
    },
}

impl Difference {
    /// A short phrase: `+12% cost`, `US jurisdiction`, `cloud (virtual machine, -10% throughput)`.
    pub fn words(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match self {
            Difference::Cost { change } => {
                let sign = if *change >= 0.0 { "+" } else { "-" };
                let p = percent(change.abs(), lang);
                if es {
                    format!("{sign}{p} de coste")
                } else {
                    format!("{sign}{p} cost")
                }
            }
            Difference::Hosting {
                deployment,
                virtualization,
                tax,
            } => hosting(*deployment, virtualization, *tax, lang),
            Difference::Jurisdiction { jurisdiction } => {
                super::cost::jurisdiction(jurisdiction, lang)
            }
            Difference::Hardware {
                gpu_id,
                gpu_name,
                gpu_count,
                servers,
                replicas,
            } => {
                let mut servers_word = match (servers, es) {
                    (1, false) => "1 machine".to_string(),
                    (1, true) => "1 máquina".to_string(),
                    (n, false) => format!("{n} machines"),
                    (n, true) => format!("{n} máquinas"),
                };
                if *replicas > 1 {
                    servers_word.push_str(&if es {
                        format!(", {replicas} réplicas")
                    } else {
                        format!(", {replicas} replicas")
                    });
                }
                match gpu_name.as_ref().or(gpu_id.as_ref()) {
                    Some(g) => format!("{gpu_count}x {g}, {servers_word}"),
                    None if es => format!("solo CPU, {servers_word}"),
                    None => format!("CPU only, {servers_word}"),
                }
            }
            Difference::Provider { provider } => provider.clone(),
            Difference::Latency { p95_ms } => format!("P95 {} ms", number(*p95_ms, 0, lang)),
        }
    }
}

/// A runner-up's hosting: `bare metal`, `cloud (bare metal)`, `cloud (virtual machine, -10%
/// throughput)`, `CPU (container)`.
fn hosting(deployment: Deployment, virtualization_id: &str, tax: f64, lang: Lang) -> String {
    let es = lang == Lang::Es;
    let d = match (deployment, es) {
        (Deployment::BareMetal, _) => "bare metal",
        (Deployment::Cloud, false) => "cloud",
        (Deployment::Cloud, true) => "nube",
        (Deployment::Cpu, _) => "CPU",
    };
    if virtualization_id == "bare_metal" {
        return match deployment {
            Deployment::BareMetal => d.to_string(),
            _ => format!("{d} (bare metal)"),
        };
    }
    let v = virtualization(virtualization_id, lang);
    match (tax > 0.0, es) {
        (true, true) => format!("{d} ({v}, -{} de rendimiento)", percent(tax, lang)),
        (true, false) => format!("{d} ({v}, -{} throughput)", percent(tax, lang)),
        (false, _) => format!("{d} ({v})"),
    }
}

/// Every difference of a runner-up, joined: `+12% cost, US jurisdiction, AWS`.
pub fn differences(diffs: &[Difference], lang: Lang) -> String {
    diffs
        .iter()
        .map(|d| d.words(lang))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How far the options got when none qualifies, for [`no_option`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Offers costed.
    pub total: usize,
    /// Fit the model in memory.
    pub fit: usize,
    /// Fit and meet the speed and latency targets (constraints aside).
    pub serve: usize,
    /// The constraints in force that the sentence names.
    pub eu: bool,
    pub single_tenant: bool,
    /// Only some GPUs, or some kinds of offer, are allowed.
    pub gpus_limited: bool,
    pub kinds_limited: bool,
    /// Interruptions not allowed, and an option would serve but for that alone.
    pub no_interruptions: bool,
}

/// The nearest miss when no option qualifies, and what stands in its way.
#[derive(Clone, Copy, Debug)]
pub struct NearestMiss<'a> {
    pub provider: &'a str,
    pub name: &'a str,
    pub shortfalls: &'a [Shortfall],
    pub exclusions: &'a [Exclusion],
}

/// Why no option qualifies, in one sentence for the page's warnings: how far the options got,
/// and the closest one with what it misses.
pub fn no_option(reach: Reach, closest: Option<NearestMiss>, lang: Lang) -> String {
    let es = lang == Lang::Es;
    let mut constraints = Vec::new();
    if reach.eu {
        constraints.push(if es {
            "jurisdicción UE"
        } else {
            "EU jurisdiction"
        });
    }
    if reach.single_tenant {
        constraints.push(if es {
            "uso exclusivo"
        } else {
            "single tenancy"
        });
    }
    if reach.gpus_limited {
        constraints.push(if es { "GPU permitidas" } else { "allowed GPUs" });
    }
    if reach.kinds_limited {
        constraints.push(if es {
            "tipos de oferta permitidos"
        } else {
            "allowed offer kinds"
        });
    }
    if reach.no_interruptions {
        constraints.push(if es {
            "capacidad interrumpible no permitida"
        } else {
            "interruptible capacity not allowed"
        });
    }
    let c = constraints.join(", ");
    let total = reach.total;
    let mut s = match (es, reach.fit, reach.serve) {
        (false, 0, _) => format!("No option fits: none of the {total} offers holds the model in memory."),
        (true, 0, _) => format!("Ninguna opción sirve: el modelo no cabe en la memoria de ninguna de las {total} ofertas."),
        (false, f, 0) => format!(
            "No option meets every requirement: of {total} offers, {f} hold the model in memory, none of them meets the speed and latency targets."
        ),
        (true, f, 0) => format!(
            "Ninguna opción cumple todos los requisitos: de {total} ofertas, el modelo cabe en la memoria de {f} y ninguna cumple los objetivos de velocidad y latencia."
        ),
        (false, f, n) => format!(
            "No option meets every requirement: of {total} offers, {f} hold the model in memory, {n} of them meet the speed and latency targets, none of those passes the constraints ({c})."
        ),
        (true, f, n) => format!(
            "Ninguna opción cumple todos los requisitos: de {total} ofertas, el modelo cabe en la memoria de {f}, {n} cumplen los objetivos de velocidad y latencia y ninguna de ellas cumple las restricciones ({c})."
        ),
    };
    if let Some(o) = closest {
        let why = why_not(o.shortfalls, o.exclusions, lang);
        let (provider, name) = (o.provider, o.name);
        if es {
            s.push_str(&format!(" La más cercana: {provider} {name} ({why})."));
        } else {
            s.push_str(&format!(" Closest: {provider} {name} ({why})."));
        }
    }
    s
}
