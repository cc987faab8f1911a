//! The reasons for the chosen option, with their figures, in the order the page lists them:
//! price, the load and its billing, break-even against cloud, hosting, latency, the decision
//! matrix (docs/background.md), CPU, and the user's rules.

use super::ties::TieBreak;
use super::{cheapest, MatrixCase, Reason, STRICT_P95_MS};
use crate::catalog::{OfferKind, Virtualization};
use crate::cost::{Demand, Deployment, JobBilling, JobCost, LineKey, OptionCost, Shortfall};
use crate::model::Task;
use crate::words::plan::{
    Commitment, JobBillingWords, MonthlyTerm, MonthlyTotal, NoCommitment, Prepaid,
};
use std::cmp::Ordering;

/// The reasons for choosing `c` among `all`; `tie`: a near-tie set the cheapest aside.
pub(super) fn reasons(
    c: &OptionCost,
    all: &[OptionCost],
    demand: &Demand,
    tie: Option<&TieBreak>,
) -> Vec<Reason> {
    if let Some(job) = c.job.filter(|_| demand.task != Task::Infer) {
        return job_reasons(c, &job, all, demand, tie);
    }
    let mut r = Vec::new();
    let candidates = all.iter().filter(|o| o.is_usable()).count();
    r.push(match tie {
        Some(t) => near_tie(
            c,
            t,
            Some(MonthlyTotal {
                monthly: c.monthly.amount(),
                total: c.total.amount,
                months: demand.months,
            }),
        ),
        None => Reason::Cheapest {
            provider: c.provider.clone(),
            name: c.name.clone(),
            monthly: c.monthly.amount(),
            total: c.total.amount,
            months: demand.months,
            currency: c.currency,
            candidates,
        },
    });
    r.extend(commitment(c, all, demand).map(Reason::Commitment));
    r.extend(uncertain(c));
    if let Some(e) = c.epoch {
        r.push(Reason::FineTuneEpoch {
            tokens: demand.train_tokens,
            hours: e.hours,
            cost: e.cost.amount,
            currency: c.currency,
        });
    }
    if let Some(need) = c.load_need {
        r.push(Reason::ReplicasForLoad {
            need,
            replicas: c.replicas,
            servers: c.servers,
        });
    }
    load(c, all, demand, &mut r);
    let cheapest_cloud = cheapest(all, |o| o.kind.is_cloud());
    break_even(c, all, cheapest_cloud, demand, &mut r);
    hypervisor(c, cheapest_cloud, &mut r);
    latency(c, all, demand, &mut r);
    matrix(c, all, demand, &mut r);
    rules(c, all, demand, &mut r);
    r
}

/// A fine-tuning job: its duration and cost first, the near-tie that chose it, how it is billed,
/// interruptions, hosting, the decision matrix and the user's rules. No monthly figure: the job
/// is paid once.
fn job_reasons(
    c: &OptionCost,
    job: &JobCost,
    all: &[OptionCost],
    demand: &Demand,
    tie: Option<&TieBreak>,
) -> Vec<Reason> {
    let mut r = vec![Reason::Job {
        provider: c.provider.clone(),
        name: c.name.clone(),
        hours: job.hours,
        cost: job.cost.amount,
        epochs: job.epochs,
        tokens: demand.train_tokens,
        candidates: all.iter().filter(|o| o.is_usable()).count(),
        near_tie: tie.is_some(),
        currency: c.currency,
    }];
    if let Some(t) = tie {
        r.push(near_tie(c, t, None));
    }
    let (rate, months) = match job.billing {
        JobBilling::Hourly { rate } => (rate, None),
        JobBilling::Monthly {
            rate,
            months,
            occupied,
            min_term,
        } => (
            rate,
            Some(MonthlyTerm {
                months,
                occupied,
                min_term,
            }),
        ),
    };
    r.push(Reason::JobBilling {
        billing: JobBillingWords {
            hours: job.hours,
            startup_hours: job.startup_hours,
            rate,
            machines: job.machines,
            months,
            setup: job.setup,
            allowance: job.allowance,
        },
        currency: c.currency,
    });
    r.extend(uncertain(c));
    if c.interruptible {
        r.push(Reason::SpotInterruptions {
            job_default: true,
            allowance: job.allowance,
        });
    }
    hypervisor(c, cheapest(all, |o| o.kind.is_cloud()), &mut r);
    matrix(c, all, demand, &mut r);
    rules(c, all, demand, &mut r);
    r
}

/// The near-tie that chose `c` over the cheapest: by how much, and which rule decided.
fn near_tie(c: &OptionCost, t: &TieBreak, monthly: Option<MonthlyTotal>) -> Reason {
    let (mine, theirs) = (c.objective(), t.cheapest.objective());
    Reason::NearTie {
        cheapest_offer_id: t.cheapest.offer_id.clone(),
        cheapest_provider: t.cheapest.provider.clone(),
        cheapest_name: t.cheapest.name.clone(),
        cheapest_cost: theirs,
        extra: if theirs > 0.0 {
            (mine / theirs - 1.0).max(0.0)
        } else {
            0.0
        },
        rule: t.rule,
        monthly,
        currency: c.currency,
    }
}

/// A minimum term of more than a month: what it binds, against the best usable option without
/// one and the same provider's price for the same machines without the term.
fn commitment(c: &OptionCost, all: &[OptionCost], demand: &Demand) -> Option<Commitment> {
    if c.term_months <= 1.0 {
        return None;
    }
    let free = |o: &OptionCost| o.term_months <= 1.0;
    let setup = c.line(LineKey::Setup);
    let commitment_total = (c.monthly.amount() - setup) * c.term_months + setup * demand.months;
    let no_commitment = cheapest(all, free).map(|n| NoCommitment {
        offer_id: n.offer_id.clone(),
        provider: n.provider.clone(),
        name: n.name.clone(),
        monthly_cost: n.monthly.amount(),
        saving_per_month: n.monthly.amount() - c.monthly.amount(),
        commitment_total,
    });
    let same_provider_monthly = all
        .iter()
        .filter(|o| {
            free(o)
                && o.serves()
                && o.provider == c.provider
                && o.gpu_id == c.gpu_id
                && o.gpu_count == c.gpu_count
        })
        .map(|o| o.monthly.amount())
        .min_by(f64::total_cmp);
    // A prepaid term in cash: paid on its first day, against the option without commitment's
    // bills month by month.
    let prepaid = (c.prepaid_months > 0.0).then(|| {
        let cash = c.cash_schedule(demand.months);
        let rival = cheapest(all, free).map(|n| n.cash_schedule(demand.months));
        Prepaid {
            months: c.prepaid_months,
            amount: cash.upfront + cash.prepaid,
            caught_up_after: rival.and_then(|r| cash.overtaken_by(&r, demand.months)),
        }
    });
    Some(Commitment {
        term_months: c.term_months,
        monthly: c.monthly.amount(),
        commitment_total,
        utilisation: c.utilisation,
        no_commitment,
        same_provider_monthly,
        prepaid,
        currency: c.currency,
    })
}

/// The chosen offer's source leaves its configuration or availability unknown: a headline on it
/// says so.
fn uncertain(c: &OptionCost) -> Option<Reason> {
    (c.config_unknown || c.availability_uncertain).then_some(Reason::UncertainOffer {
        config_unknown: c.config_unknown,
        availability_uncertain: c.availability_uncertain,
    })
}

/// CPU, then data residency and tenancy.
fn rules(c: &OptionCost, all: &[OptionCost], demand: &Demand, r: &mut Vec<Reason>) {
    if c.deployment == Deployment::Cpu {
        let gpu = cheapest(all, |o| o.gpu_count > 0);
        r.push(Reason::CpuIsEnough {
            gpu_monthly: gpu.map(|g| g.monthly.amount()),
            dedicated_cores: c.kind == OfferKind::DedicatedCpu,
            currency: c.currency,
        });
    }
    // Data residency and tenancy.
    if demand.constraints.eu_jurisdiction {
        r.push(Reason::EuJurisdiction {
            region: c.region.clone(),
        });
    }
    if demand.constraints.single_tenant {
        r.push(Reason::SingleTenant);
    }
}

/// Steady or bursty load, and how it is billed; spot's interruptions.
fn load(c: &OptionCost, all: &[OptionCost], demand: &Demand, r: &mut Vec<Reason>) {
    let fixed_chosen = c.committed;
    if demand.is_steady() {
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
            hours_per_day: demand.hours_per_day,
            hourly_billed_hours,
            fixed_chosen,
        });
    }
    if c.interruptible {
        r.push(Reason::SpotInterruptions {
            job_default: demand.task != Task::Infer,
            allowance: if c.compute.amount() > 0.0 {
                c.line(LineKey::SpotAllowance) / c.compute.amount()
            } else {
                0.0
            },
        });
    }
}

/// Utilisation against break-even, weeks to break even, and the saving against the cheapest
/// usable cloud option.
fn break_even(
    c: &OptionCost,
    all: &[OptionCost],
    cheapest_cloud: Option<&OptionCost>,
    demand: &Demand,
    r: &mut Vec<Reason>,
) {
    if let Some(be) = &c.break_even {
        if let Some(u) = be.utilisation {
            r.push(Reason::UtilisationVsBreakEven {
                fixed_provider: c.provider.clone(),
                fixed_chosen: true,
                utilisation: c.utilisation,
                break_even: u,
            });
        }
        // What is paid for a term is not a saving "from the first week": the commitment's own
        // reason says what it binds.
        let free_setup_under_term = c.term_months > 1.0 && c.line(LineKey::Setup) <= 0.0;
        if let Some(weeks) = be.weeks.filter(|_| !free_setup_under_term) {
            r.push(Reason::BreakEvenWeeks {
                weeks,
                setup_fee: c.line(LineKey::Setup) * demand.months,
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
}

/// The hypervisor's share of the throughput, on the chosen option or on the cheapest usable cloud.
fn hypervisor(c: &OptionCost, cheapest_cloud: Option<&OptionCost>, r: &mut Vec<Reason>) {
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
}

/// The latency target met, and the options it rules out.
fn latency(c: &OptionCost, all: &[OptionCost], demand: &Demand, r: &mut Vec<Reason>) {
    if demand.task != Task::Infer || demand.max_ttft_p95_ms <= 0.0 {
        return;
    }
    r.push(Reason::LatencyMet {
        p95_ms: c.ttft_ms_p95,
        target_ms: demand.max_ttft_p95_ms,
        mean_ms: c.ttft_ms_mean,
        spread: c.latency_spread,
        embeds: demand.embeds,
    });
    let ruled_out: Vec<&OptionCost> = all
        .iter()
        .filter(|o| {
            o.fits
                && o.exclusions.is_empty()
                && o.shortfalls.iter().any(|s| {
                    matches!(
                        s,
                        Shortfall::TooLateFirstToken { .. }
                            | Shortfall::SharedCpuStrictTarget { .. }
                    )
                })
        })
        .collect();
    if !ruled_out.is_empty() {
        r.push(Reason::LatencyRulesOut {
            target_ms: demand.max_ttft_p95_ms,
            count: ruled_out.len(),
            shared_hosts: ruled_out.iter().filter(|o| o.shared_cpu).count(),
        });
    }
}

/// The decision matrix: strict latency and fine-tuning favour bare metal; said when a
/// virtualised option wins, with what the cheapest bare metal (of the same family, CPU for CPU
/// and GPU for GPU, when there is one) costs more.
fn matrix(c: &OptionCost, all: &[OptionCost], demand: &Demand, r: &mut Vec<Reason>) {
    if c.virtualization == Virtualization::BareMetal {
        return;
    }
    let case = if demand.task != Task::Infer {
        MatrixCase::FineTuning
    } else if demand.max_ttft_p95_ms > 0.0 && demand.max_ttft_p95_ms <= STRICT_P95_MS {
        MatrixCase::StrictLatency
    } else {
        return;
    };
    let is_bare = |o: &OptionCost| o.virtualization == Virtualization::BareMetal;
    let same_family = c.deployment == Deployment::Cpu;
    let bare_metal = cheapest(all, |o| {
        is_bare(o) && (o.deployment == Deployment::Cpu) == same_family
    })
    .or_else(|| cheapest(all, is_bare));
    r.push(Reason::MatrixPrefersBareMetal {
        case,
        bare_metal_extra: bare_metal.map(|b| {
            let base = c.objective();
            if base > 0.0 {
                (b.objective() / base - 1.0).max(0.0)
            } else {
                0.0
            }
        }),
    });
}
