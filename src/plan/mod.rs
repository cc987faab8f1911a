//! The recommendation: GPU, count, offer, bare metal vs cloud vs CPU, with reasons. Pure Rust.
//!
//! # API
//! ```text
//! let options: Vec<OptionCost> = cost::evaluate_all(...);          // costed, break-even filled
//! let plan: Option<Plan> = plan::choose(&options, &workload);       // structured
//! let rec: Option<report::Recommendation> = plan::recommend(&options, &workload, lang);
//! ```
//! [`choose`] takes the cheapest **usable** option: it fits in memory, meets the per-user speed
//! and the P95 time-to-first-token targets, and passes the user's constraints (EU jurisdiction,
//! single tenancy, allowed GPUs and kinds, see [`crate::cost::Constraints`]). For fine-tuning
//! tasks "cheapest" is the cost of one epoch (the result paid for), then the monthly cost.
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

use crate::cost::{Deployment, OptionCost, Shortfall, Workload};
use crate::model::Task;
use crate::report::{Recommendation, RunnerUp};
use crate::scenario::Lang;
use std::cmp::Ordering;

/// How many runner-ups a plan lists.
pub const RUNNER_UPS: usize = 3;

/// The chosen option, the runner-ups and the reasons.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan<'a> {
    pub chosen: &'a OptionCost,
    pub runner_ups: Vec<(&'a OptionCost, Vec<Difference>)>,
    pub reasons: Vec<Reason>,
}

/// The cheapest usable option, the next three, and why; `None` when no option is usable.
pub fn choose<'a>(options: &'a [OptionCost], w: &Workload) -> Option<Plan<'a>> {
    let mut usable: Vec<&OptionCost> = options.iter().filter(|o| o.is_usable()).collect();
    usable.sort_by(|a, b| order(a, b, w));
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
pub fn recommend(options: &[OptionCost], w: &Workload, lang: Lang) -> Option<Recommendation> {
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

/// Cheapest first: by cost per epoch for fine-tuning, else by monthly cost; then by id.
fn order(a: &OptionCost, b: &OptionCost, w: &Workload) -> Ordering {
    let by_epoch = if w.task != Task::Infer {
        let ea = a.epoch.map_or(f64::MAX, |e| e.cost.amount);
        let eb = b.epoch.map_or(f64::MAX, |e| e.cost.amount);
        ea.partial_cmp(&eb).unwrap_or(Ordering::Equal)
    } else {
        Ordering::Equal
    };
    by_epoch
        .then_with(|| {
            a.monthly
                .amount()
                .partial_cmp(&b.monthly.amount())
                .unwrap_or(Ordering::Equal)
        })
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
fn reasons(c: &OptionCost, all: &[OptionCost], w: &Workload) -> Vec<Reason> {
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

    if w.is_steady() {
        r.push(Reason::SteadyLoad {
            utilisation: c.utilisation,
        });
    } else {
        r.push(Reason::BurstyLoad {
            hours_per_day: w.hours_per_day,
            billed_hours: c.billed_hours_per_month,
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
                setup_fee: c.line(crate::cost::LineKey::Setup) * w.months,
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

    // CPU is enough.
    if c.deployment == Deployment::Cpu {
        let gpu = cheapest(all, |o| o.gpu_count > 0);
        r.push(Reason::CpuIsEnough {
            gpu_monthly: gpu.map(|g| g.monthly.amount()),
            dedicated_cores: c.kind == crate::catalog::OfferKind::DedicatedCpu,
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
