//! The recommendation: GPU, count, offer, bare metal vs cloud vs CPU, with reasons. Pure Rust.
//!
//! # API
//! ```text
//! let options: Vec<OptionCost> = cost::evaluate_all(...);          // costed, break-even filled
//! let plan: Option<Plan> = plan::choose(&options, &demand);       // structured
//! let rec: Option<report::Recommendation> = plan::recommend(&options, &demand, lang);
//! ```
//! [`choose`] takes the cheapest **usable** option: it fits in memory, meets the per-user speed
//! and the P95 time-to-first-token targets, and passes the user's constraints (EU jurisdiction,
//! single tenancy, allowed GPUs and kinds, see [`crate::cost::Constraints`]). Fine-tuning is
//! ranked the same way, among options that finish an epoch within the month's training hours.
//! The next three usable options are the runner-ups, each with its [`Difference`]s in words.
//! [`Reason`]s hold the figures; [`Reason::sentence`] writes them in English or Spanish, following
//! the decision matrix of shared/background.md (steady vs bursty load, utilisation against
//! break-even, weeks to break even, hypervisor overhead, latency target, data residency).
//!
//! EU: `eu=1` requires the provider's **jurisdiction** to be EU. A US provider's region in
//! Frankfurt keeps the data in the EU (region) but stays under US law (CLOUD Act), so it is
//! excluded; the region is still shown next to every option.

mod reason;
pub use reason::*;

mod recommendation;
pub use recommendation::{Recommendation, RunnerUp};

use crate::catalog::{OfferKind, Virtualization};
use crate::cost::{Demand, Deployment, LineKey, OptionCost, Shortfall};
use crate::model::Task;
use crate::scenario::Lang;
use std::cmp::Ordering;

/// How many runner-ups a plan lists.
pub const RUNNER_UPS: usize = 3;

/// A P95 time-to-first-token target at or below this is "strict milliseconds" in the decision
/// matrix's sense (shared/background.md: then choose bare metal).
pub const STRICT_P95_MS: f64 = 500.0;

/// The chosen option, the runner-ups and the reasons.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan<'a> {
    pub chosen: &'a OptionCost,
    pub runner_ups: Vec<(&'a OptionCost, Vec<Difference>)>,
    pub reasons: Vec<Reason>,
}

/// The cheapest usable option, the next three, and why; `None` when no option is usable.
pub fn choose<'a>(options: &'a [OptionCost], w: &Demand) -> Option<Plan<'a>> {
    let mut usable: Vec<&OptionCost> = options.iter().filter(|o| o.is_usable()).collect();
    crate::order::sort_by(&mut usable, |a, b| order(a, b));
    let (&chosen, rest) = usable.split_first()?;
    let runner_ups = rest
        .iter()
        .take(RUNNER_UPS)
        .map(|&o| (o, differences(chosen, o)))
        .collect();
    let reasons = reasons(chosen, options, w);
    Some(Plan {
        chosen,
        runner_ups,
        reasons,
    })
}

/// The recommendation as the report shows it, sentences in `lang`.
pub fn recommend(options: &[OptionCost], w: &Demand, lang: Lang) -> Option<Recommendation> {
    choose(options, w).map(|p| p.to_recommendation(lang))
}

impl Plan<'_> {
    pub fn to_recommendation(&self, lang: Lang) -> Recommendation {
        let c = self.chosen;
        Recommendation {
            offer_id: c.offer_id.clone(),
            provider: c.provider.clone(),
            gpu_id: c.gpu_id.clone(),
            gpu_count: c.gpu_count,
            servers: c.servers,
            deployment: c.deployment.id().to_string(),
            monthly_cost: c.monthly.amount(),
            currency: c.currency.code().to_string(),
            reasons: self.reasons.iter().map(|r| r.sentence(lang)).collect(),
            runner_ups: self
                .runner_ups
                .iter()
                .map(|(o, diffs)| RunnerUp {
                    offer_id: o.offer_id.clone(),
                    monthly_cost: o.monthly.amount(),
                    difference: diffs
                        .iter()
                        .map(|d| d.words(lang))
                        .collect::<Vec<_>>()
                        .join(", "),
                })
                .collect(),
        }
    }
}

/// Cheapest first by monthly cost, then by id. Fine-tuning too: options that cannot finish an
/// epoch in the month's training hours are already ruled out, and the cost of the hours the
/// user trains is what they pay (the cost per epoch is shown beside it).
fn order(a: &OptionCost, b: &OptionCost) -> Ordering {
    a.monthly
        .amount()
        .total_cmp(&b.monthly.amount())
        .then_with(|| a.offer_id.cmp(&b.offer_id))
}

/// How a runner-up differs from the chosen option.
fn differences(chosen: &OptionCost, o: &OptionCost) -> Vec<Difference> {
    let mut d = Vec::new();
    let base = chosen.monthly.amount();
    let change = if base > 0.0 {
        o.monthly.amount() / base - 1.0
    } else {
        0.0
    };
    d.push(Difference::Cost {
        change: if change.is_finite() { change } else { 0.0 },
    });
    if o.deployment != chosen.deployment || o.virtualization != chosen.virtualization {
        d.push(Difference::Hosting {
            deployment: o.deployment,
            virtualization: o.virtualization.id().to_string(),
            tax: o.hypervisor_tax,
        });
    }
    if !o.jurisdiction.eq_ignore_ascii_case(&chosen.jurisdiction) {
        d.push(Difference::Jurisdiction {
            jurisdiction: o.jurisdiction.clone(),
        });
    }
    if o.gpu_id != chosen.gpu_id || o.gpu_count != chosen.gpu_count {
        d.push(Difference::Hardware {
            gpu_id: o.gpu_id.clone(),
            gpu_name: o.gpu_name.clone(),
            gpu_count: o.gpu_count,
            servers: o.servers,
        });
    }
    if o.provider != chosen.provider {
        d.push(Difference::Provider {
            provider: o.provider.clone(),
        });
    }
    if chosen.ttft_ms_p95 > 0.0 && (o.ttft_ms_p95 / chosen.ttft_ms_p95 - 1.0).abs() >= 0.1 {
        d.push(Difference::Latency {
            p95_ms: o.ttft_ms_p95,
        });
    }
    d
}

/// The reasons for choosing `c` among `all`, with the figures.
fn reasons(c: &OptionCost, all: &[OptionCost], w: &Demand) -> Vec<Reason> {
    let mut r = Vec::new();
    let usable_count = all.iter().filter(|o| o.is_usable()).count();
    r.push(Reason::Cheapest {
        provider: c.provider.clone(),
        name: c.name.clone(),
        monthly: c.monthly.amount(),
        total: c.total.amount,
        months: w.months,
        currency: c.currency,
        candidates: usable_count,
    });

    if let Some(e) = c.epoch {
        r.push(Reason::FineTuneEpoch {
            tokens: w.train_tokens,
            hours: e.hours,
            cost: e.cost.amount,
            currency: c.currency,
        });
    }

    let fixed_chosen = c.committed;
    if w.is_steady() {
        r.push(Reason::SteadyLoad {
            utilisation: c.utilisation,
            fixed_chosen,
        });
    } else {
        let hourly_billed_hours = if fixed_chosen {
            cheapest(all, |o| !o.committed).map(|o| o.billed_hours_per_month)
        } else {
            Some(c.billed_hours_per_month)
        };
        r.push(Reason::BurstyLoad {
            hours_per_day: w.hours_per_day,
            hourly_billed_hours,
            fixed_chosen,
        });
    }
    if c.kind == OfferKind::CloudSpot {
        r.push(Reason::SpotInterruptions {
            allowance: if c.compute.amount() > 0.0 {
                c.line(LineKey::SpotAllowance) / c.compute.amount()
            } else {
                0.0
            },
        });
    }

    // Utilisation against break-even, and weeks to break even.
    let cheapest_cloud = cheapest(all, |o| o.kind.is_cloud());
    if let Some(be) = &c.break_even {
        if let Some(u) = be.utilisation {
            r.push(Reason::UtilisationVsBreakEven {
                fixed_provider: c.provider.clone(),
                fixed_chosen: true,
                utilisation: c.utilisation,
                break_even: u,
            });
        }
        if let Some(weeks) = be.weeks {
            r.push(Reason::BreakEvenWeeks {
                weeks,
                setup_fee: c.line(LineKey::Setup) * w.months,
                cloud_provider: be.against_provider.clone(),
                cloud_monthly: be.against_monthly.amount(),
                currency: c.currency,
            });
        }
    } else if c.kind.is_cloud() {
        let fixed = all
            .iter()
            .filter(|o| o.is_usable() && o.break_even_utilisation().is_some())
            .min_by(|a, b| {
                a.monthly
                    .amount()
                    .partial_cmp(&b.monthly.amount())
                    .unwrap_or(Ordering::Equal)
            });
        if let Some(f) = fixed {
            r.push(Reason::UtilisationVsBreakEven {
                fixed_provider: format!("{} {}", f.provider, f.name),
                fixed_chosen: false,
                utilisation: f.utilisation,
                break_even: f.break_even_utilisation().unwrap_or(0.0),
            });
        }
    }
    if !c.kind.is_cloud() {
        if let Some(cloud) = cheapest_cloud.filter(|cl| cl.monthly.amount() > c.monthly.amount()) {
            r.push(Reason::CheaperThanCloud {
                saving: 1.0 - c.monthly.amount() / cloud.monthly.amount(),
                cloud_provider: cloud.provider.clone(),
                cloud_monthly: cloud.monthly.amount(),
                currency: c.currency,
            });
        }
    }

    // Hypervisor.
    if c.hypervisor_tax > 0.0 {
        r.push(Reason::HypervisorOverhead {
            virtualization: c.virtualization.id().to_string(),
            tax: c.hypervisor_tax,
            replicas: c.replicas,
        });
    } else if let Some(cloud) = cheapest_cloud.filter(|cl| cl.hypervisor_tax > 0.0) {
        r.push(Reason::NoHypervisor {
            cloud_tax: cloud.hypervisor_tax,
        });
    }

    // Latency target.
    if w.task == Task::Infer && w.max_ttft_p95_ms > 0.0 {
        r.push(Reason::LatencyMet {
            p95_ms: c.ttft_ms_p95,
            target_ms: w.max_ttft_p95_ms,
            mean_ms: c.ttft_ms_mean,
            spread: c.latency_spread,
        });
        let ruled_out: Vec<&OptionCost> = all
            .iter()
            .filter(|o| {
                o.fits
                    && o.exclusions.is_empty()
                    && o.shortfalls
                        .iter()
                        .any(|s| matches!(s, Shortfall::TooLateFirstToken { .. }))
            })
            .collect();
        if !ruled_out.is_empty() {
            r.push(Reason::LatencyRulesOut {
                target_ms: w.max_ttft_p95_ms,
                count: ruled_out.len(),
                shared_hosts: ruled_out.iter().filter(|o| o.shared_cpu).count(),
            });
        }
    }

    // The decision matrix: strict latency and fine-tuning favour bare metal.
    if c.virtualization != Virtualization::BareMetal {
        let case = if w.task != Task::Infer {
            Some(MatrixCase::FineTuning)
        } else if w.max_ttft_p95_ms > 0.0 && w.max_ttft_p95_ms <= STRICT_P95_MS {
            Some(MatrixCase::StrictLatency)
        } else {
            None
        };
        if let Some(case) = case {
            // Of the same family (CPU for CPU, GPU for GPU) when there is one.
            let is_bare = |o: &OptionCost| o.virtualization == Virtualization::BareMetal;
            let same_family = c.deployment == Deployment::Cpu;
            let bare_metal = cheapest(all, |o| {
                is_bare(o) && (o.deployment == Deployment::Cpu) == same_family
            })
            .or_else(|| cheapest(all, is_bare));
            r.push(Reason::MatrixPrefersBareMetal {
                case,
                bare_metal_extra: bare_metal.map(|b| {
                    let base = c.monthly.amount();
                    if base > 0.0 {
                        (b.monthly.amount() / base - 1.0).max(0.0)
                    } else {
                        0.0
                    }
                }),
            });
        }
    }

    // CPU is enough.
    if c.deployment == Deployment::Cpu {
        let gpu = cheapest(all, |o| o.gpu_count > 0);
        r.push(Reason::CpuIsEnough {
            gpu_monthly: gpu.map(|g| g.monthly.amount()),
            dedicated_cores: c.kind == OfferKind::DedicatedCpu,
            currency: c.currency,
        });
    }

    // Data residency and tenancy.
    if w.constraints.eu_jurisdiction {
        r.push(Reason::EuJurisdiction {
            region: c.region.clone(),
        });
    }
    if w.constraints.single_tenant {
        r.push(Reason::SingleTenant);
    }
    r
}

/// The cheapest usable option matching `pred`.
fn cheapest(all: &[OptionCost], pred: impl Fn(&OptionCost) -> bool) -> Option<&OptionCost> {
    all.iter()
        .filter(|o| o.is_usable() && pred(o))
        .min_by(|a, b| {
            a.monthly
                .amount()
                .partial_cmp(&b.monthly.amount())
                .unwrap_or(Ordering::Equal)
        })
}

/// Why no option qualifies: how far the options got, and the closest one.
#[derive(Clone, Debug, PartialEq)]
pub struct NoOption<'a> {
    pub total: usize,
    /// Fit the model in memory.
    pub fit: usize,
    /// Fit and meet the speed and latency targets (constraints aside).
    pub serve: usize,
    /// The constraints in force.
    pub eu: bool,
    pub single_tenant: bool,
    pub gpus_limited: bool,
    pub kinds_limited: bool,
    /// The nearest miss: the cheapest option that passes the constraints and fits but misses a
    /// target; else the cheapest that serves but breaks a constraint; else the cheapest that fits.
    pub closest: Option<&'a OptionCost>,
}

/// `None` when some option is usable; else the counts and the nearest miss.
pub fn why_none<'a>(options: &'a [OptionCost], w: &Demand) -> Option<NoOption<'a>> {
    if options.iter().any(|o| o.is_usable()) {
        return None;
    }
    let cheapest_where = |pred: &dyn Fn(&OptionCost) -> bool| {
        options
            .iter()
            .filter(|o| pred(o))
            .min_by(|a, b| order(a, b))
    };
    let closest = cheapest_where(&|o| o.fits && o.exclusions.is_empty())
        .or_else(|| cheapest_where(&|o| o.serves()))
        .or_else(|| cheapest_where(&|o| o.fits));
    Some(NoOption {
        total: options.len(),
        fit: options.iter().filter(|o| o.fits).count(),
        serve: options.iter().filter(|o| o.serves()).count(),
        eu: w.constraints.eu_jurisdiction,
        single_tenant: w.constraints.single_tenant,
        gpus_limited: !w.constraints.gpus.is_empty(),
        kinds_limited: !w.constraints.kinds.is_empty(),
        closest,
    })
}

impl NoOption<'_> {
    /// One sentence for the page's warnings.
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        let mut constraints = Vec::new();
        if self.eu {
            constraints.push(if es {
                "jurisdicción UE"
            } else {
                "EU jurisdiction"
            });
        }
        if self.single_tenant {
            constraints.push(if es {
                "uso exclusivo"
            } else {
                "single tenancy"
            });
        }
        let c = constraints.join(", ");
        let mut s = match (es, self.fit, self.serve) {
            (false, 0, _) => format!("No option fits: none of the {} offers holds the model in memory.", self.total),
            (true, 0, _) => format!("Ninguna opción sirve: el modelo no cabe en la memoria de ninguna de las {} ofertas.", self.total),
            (false, f, 0) => format!(
                "No option meets every requirement: of {} offers, {f} hold the model in memory, none of them meets the speed and latency targets.",
                self.total
            ),
            (true, f, 0) => format!(
                "Ninguna opción cumple todos los requisitos: de {} ofertas, el modelo cabe en la memoria de {f} y ninguna cumple los objetivos de velocidad y latencia.",
                self.total
            ),
            (false, f, n) => format!(
                "No option meets every requirement: of {} offers, {f} hold the model in memory, {n} of them meet the speed and latency targets, none of those passes the constraints ({c}).",
                self.total
            ),
            (true, f, n) => format!(
                "Ninguna opción cumple todos los requisitos: de {} ofertas, el modelo cabe en la memoria de {f}, {n} cumplen los objetivos de velocidad y latencia y ninguna de ellas cumple las restricciones ({c}).",
                self.total
            ),
        };
        if let Some(o) = self.closest {
            let why: Vec<String> = o
                .shortfalls
                .iter()
                .map(|x| x.sentence(lang))
                .chain(o.exclusions.iter().map(|x| x.sentence(lang)))
                .collect();
            if es {
                s.push_str(&format!(
                    " La más cercana: {} {} ({}).",
                    o.provider,
                    o.name,
                    why.join("; ")
                ));
            } else {
                s.push_str(&format!(
                    " Closest: {} {} ({}).",
                    o.provider,
                    o.name,
                    why.join("; ")
                ));
            }
        }
        s
    }
}
