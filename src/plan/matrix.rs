//! The decision matrix by workload (docs/background.md, "Decision matrix by workload"): the
//! workload class derived from the scenario, the hosting type that fits it, and whether the
//! verdict follows it.
//!
//! The class, from the scenario (first match):
//! - **fine-tuning**: `task` is `lora`, `qlora` or `full`;
//! - **steady 24/7 inference**: serving 24 hours a day (`hours=24`);
//! - **development and experimentation**: serving fewer hours at a stated load of at most
//!   [`DEV_MAX_REQUESTS_PER_DAY`] requests a day (`0 < rpd <= 1000`);
//! - **bursty inference**: serving fewer than 24 hours a day otherwise (no stated rate, or more
//!   than a development load).
//!
//! The hosting type each fits, as the public debate puts it:
//! - steady: dedicated or committed capacity (bare-metal or dedicated servers, reservations,
//!   monthly fees and terms of a month or more): "reserved instances suit training pipelines, batch processing, and 24/7
//!   inference services" (DeployBase, "GPU reserved vs spot vs on-demand", 2026); "the trap is
//!   leaving on-demand instances running for steady, predictable workloads" (DeployCue, "Spot vs
//!   on-demand vs reserved GPUs", 2026); for 24/7 inference a fixed-fee bare-metal server breaks
//!   even within weeks (docs/background.md);
//! - bursty: capacity paid by the hour, which stops with the load: "use on-demand while usage is
//!   unpredictable" (anycloud.sh, "Should I use spot, on-demand, or reserved GPUs?", June 2026);
//!   "cloud GPUs are priced for bursty work" (docs/background.md);
//! - fine-tuning: by the hour, spot where the job checkpoints: "spot shines for training runs
//!   that checkpoint regularly and can resume" (DeployCue); "spot ideal for batch training, fine
//!   tuning jobs" (SystemOverflow, "Cost control: on demand vs spot, scale to zero and
//!   fractional allocation");
//! - development: a slice or a small hourly instance: on-demand "when you are developing,
//!   debugging, or running a short experiment" (DeployCue); "scale to zero for batch and
//!   development workloads", fractional allocation through MIG (SystemOverflow); "multi-team
//!   platform: virtualisation + MIG/vGPU" (docs/background.md).

use crate::cost::{Demand, Deployment, Exclusion, OptionCost};
use crate::model::Task;
pub use crate::words::matrix::{Constraint, Follow, MatrixReason, MatrixWarning, WorkloadClass};

/// The most requests a day a part-day service takes to be development and experimentation: a
/// handful of people trying prompts (10 people x 100 requests).
pub const DEV_MAX_REQUESTS_PER_DAY: f64 = 1000.0;

/// The workload class of the scenario's demand (module docs).
pub fn classify(d: &Demand) -> WorkloadClass {
    if d.task != Task::Infer {
        WorkloadClass::FineTuning
    } else if d.is_steady() {
        WorkloadClass::Steady
    } else if d.requests_per_day > 0.0 && d.requests_per_day <= DEV_MAX_REQUESTS_PER_DAY {
        WorkloadClass::Development
    } else {
        WorkloadClass::Bursty
    }
}

/// Whether an option is of the hosting type the class fits: dedicated or committed capacity
/// (bare metal, a monthly or reserved instance, a CPU server) for a steady load; capacity paid
/// by the hour for a bursty load and a job; one copy on one machine by the hour (a slice or a
/// small instance), or a CPU server, for development.
pub fn fits(class: WorkloadClass, o: &OptionCost) -> bool {
    match class {
        WorkloadClass::Steady => {
            o.committed || matches!(o.deployment, Deployment::BareMetal | Deployment::Cpu)
        }
        WorkloadClass::Bursty | WorkloadClass::FineTuning => !o.committed,
        // One copy on one machine by the hour: a slice, or the smallest instance that holds
        // the model (a model that needs two GPUs takes one two-GPU instance).
        WorkloadClass::Development => {
            (!o.committed && o.replicas <= 1 && o.servers <= 1) || o.deployment == Deployment::Cpu
        }
    }
}

/// The cheapest option by monthly cost among those matching `pred`.
fn cheapest(all: &[OptionCost], pred: impl Fn(&OptionCost) -> bool) -> Option<&OptionCost> {
    all.iter()
        .filter(|o| pred(o))
        .min_by(|a, b| a.monthly.amount().total_cmp(&b.monthly.amount()))
}

/// The matrix's reason for the chosen option `c` among `all`.
pub fn reason(c: &OptionCost, all: &[OptionCost], d: &Demand) -> MatrixReason {
    let class = classify(d);
    let follow = if fits(class, c) {
        Follow::Follows
    } else {
        let fitting = cheapest(all, |o| o.is_usable() && fits(class, o)).map(|f| {
            let base = c.monthly.amount();
            let extra = if base > 0.0 {
                (f.monthly.amount() / base - 1.0).max(0.0)
            } else {
                0.0
            };
            crate::words::matrix::Fitting {
                name: format!("{} {}", f.provider, f.name),
                extra,
            }
        });
        Follow::Departs { fitting }
    };
    MatrixReason {
        class,
        hours_per_day: d.hours_per_day,
        requests_per_day: d.requests_per_day,
        follow,
    }
}

/// The user's constraints push the verdict `c` off the type the workload fits: no usable option
/// fits it, and the cheapest option that fits and serves is ruled out by constraints alone.
pub fn warning(c: &OptionCost, all: &[OptionCost], d: &Demand) -> Option<MatrixWarning> {
    let class = classify(d);
    if fits(class, c) || all.iter().any(|o| o.is_usable() && fits(class, o)) {
        return None;
    }
    // The option that lifts the fewest constraints, then the cheapest.
    let blocked = all
        .iter()
        .filter(|o| o.serves() && !o.exclusions.is_empty() && fits(class, o))
        .min_by(|a, b| {
            a.exclusions
                .len()
                .cmp(&b.exclusions.len())
                .then(a.monthly.amount().total_cmp(&b.monthly.amount()))
        })?;
    let mut constraints: Vec<Constraint> = Vec::new();
    for e in &blocked.exclusions {
        let k = match e {
            Exclusion::KindNotAllowed { .. } => Constraint::Kinds,
            Exclusion::GpuNotAllowed { .. } => Constraint::Gpus,
            Exclusion::NotEuJurisdiction { .. } => Constraint::EuJurisdiction,
            Exclusion::NotSingleTenant => Constraint::SingleTenant,
            Exclusion::Interruptible => Constraint::NoInterruptions,
            Exclusion::UnmanagedHost { .. } => Constraint::NoCommunityHosts,
            Exclusion::TermTooLong { .. } => Constraint::MaxTerm,
        };
        if !constraints.contains(&k) {
            constraints.push(k);
        }
    }
    Some(MatrixWarning {
        class,
        hours_per_day: d.hours_per_day,
        requests_per_day: d.requests_per_day,
        constraints,
        fitting: format!("{} {}", blocked.provider, blocked.name),
        fitting_monthly: blocked.monthly.amount(),
        chosen_monthly: c.monthly.amount(),
        currency: c.currency,
    })
}
