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
//! ranked by the cost of the job ([`crate::cost::JobCost`]), not by a month of rental. Among
//! options within 10% of the cheapest, [`ties`] prefers fewer machines, then more headroom, then
//! the faster, and the reasons say which rule decided.
//! The next three usable options are the runner-ups, each with its [`Difference`]s in words.
//! [`Reason`]s hold the figures; [`Reason::sentence`] writes them in English or Spanish, following
//! the decision matrix of docs/background.md (steady vs bursty load, utilisation against
//! break-even, weeks to break even, hypervisor overhead, latency target, data residency).
//!
//! EU: `eu=1` requires the provider's **jurisdiction** to be EU. A US provider's region in
//! Frankfurt keeps the data in the EU (region) but stays under US law (CLOUD Act), so it is
//! excluded; the region is still shown next to every option.

pub mod matrix;
mod reasons;
use reasons::reasons;
pub mod ties;
// The reasons and differences live with their words in `crate::words::plan`.
pub use crate::words::plan::Reach;
use crate::words::plan::{differences as difference_words, no_option, NearestMiss};
pub use crate::words::plan::{Commitment, Difference, MatrixCase, NoCommitment, Reason, TieRule};

mod recommendation;
pub use recommendation::{Job, Recommendation, RunnerUp};

use crate::cost::{Demand, Exclusion, OptionCost};
use crate::scenario::Lang;
use std::cmp::Ordering;

/// How many runner-ups a plan lists.
pub const RUNNER_UPS: usize = 3;

/// A P95 time-to-first-token target at or below this is "strict milliseconds" in the decision
/// matrix's sense (docs/background.md: then choose bare metal).
pub const STRICT_P95_MS: f64 = crate::cost::defaults::STRICT_P95_MS;

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
    if usable.is_empty() {
        return None;
    }
    let (at, tie) = ties::pick(&usable, w.task != crate::model::Task::Infer);
    let chosen = usable.remove(at);
    let runner_ups = usable
        .iter()
        .take(RUNNER_UPS)
        .map(|&o| (o, differences(chosen, o)))
        .collect();
    let mut reasons = reasons(chosen, options, w, tie.as_ref());
    // The headline (the cheapest, the job's price, or why a near-tie went the other way) comes
    // first; the decision matrix by workload follows it when the verdict follows the matrix,
    // and closes the reasons saying why not when it does not.
    let m = matrix::reason(chosen, options, w);
    match m.follow {
        matrix::Follow::Follows => {
            let headline = reasons
                .iter()
                .take_while(|r| {
                    matches!(
                        r,
                        Reason::Cheapest { .. }
                            | Reason::Job { .. }
                            | Reason::NearTie { .. }
                            | Reason::JobBilling { .. }
                    )
                })
                .count();
            reasons.insert(headline, Reason::Workload(m))
        }
        _ => reasons.push(Reason::Workload(m)),
    }
    Some(Plan {
        chosen,
        runner_ups,
        reasons,
    })
}

/// The plan's verdict on its own, sentences in `lang`: the chosen option's row as the cost
/// layer writes it, the plan's reasons and the engine's caveat. `report::evaluate` builds the
/// report's verdict from the same [`Plan`] with what only the report knows (the catalogue's
/// names, slices, owned hardware, the cheaper path).
pub fn recommend(options: &[OptionCost], w: &Demand, lang: Lang) -> Option<Recommendation> {
    choose(options, w).map(|p| {
        Recommendation::new(
            p.chosen.to_report(lang),
            p.reasons.iter().cloned().chain(p.caveat()).collect(),
            p.runner_ups(lang),
            p.job(),
            lang,
        )
    })
}

impl Plan<'_> {
    /// The runner-ups as the verdict lists them, their differences in `lang`.
    pub fn runner_ups(&self, lang: Lang) -> Vec<RunnerUp> {
        self.runner_ups
            .iter()
            .map(|(o, diffs)| RunnerUp {
                offer_id: o.offer_id.clone(),
                display_name: format!(
                    "{} {}",
                    o.provider,
                    crate::words::catalog_names::catalogue_name(&o.name, lang)
                ),
                monthly_cost: o.monthly.amount(),
                difference: difference_words(diffs, lang),
                job_cost: o.job.map(|j| j.cost.amount),
            })
            .collect()
    }

    /// The job on the chosen option (fine-tuning).
    pub fn job(&self) -> Option<Job> {
        self.chosen.job.map(|j| Job {
            hours: j.hours,
            cost: j.cost.amount,
            startup_hours: j.startup_hours,
        })
    }

    /// What the chosen engine, format and GPU give up, the verdict's last word on the plan.
    pub fn caveat(&self) -> Option<Reason> {
        self.chosen
            .caveat
            .map(|caveat| Reason::EngineCaveat { caveat })
    }
}

/// Cheapest first by the objective (the monthly cost; for fine-tuning, the cost of the job),
/// then by id.
fn order(a: &OptionCost, b: &OptionCost) -> Ordering {
    a.objective()
        .total_cmp(&b.objective())
        .then_with(|| a.offer_id.cmp(&b.offer_id))
}

/// How a runner-up differs from the chosen option.
fn differences(chosen: &OptionCost, o: &OptionCost) -> Vec<Difference> {
    let mut d = Vec::new();
    let base = chosen.objective();
    let change = if base > 0.0 {
        o.objective() / base - 1.0
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
    // A slice names its GPU as the slice: half an A10 differs from a whole one.
    if o.gpu_id != chosen.gpu_id || o.gpu_count != chosen.gpu_count || o.gpu_name != chosen.gpu_name
    {
        d.push(Difference::Hardware {
            gpu_id: o.gpu_id.clone(),
            gpu_name: o.gpu_name.clone(),
            gpu_count: o.gpu_count,
            servers: o.servers,
            replicas: o.replicas,
        });
    }
    if o.provider != chosen.provider {
        d.push(Difference::Provider {
            provider: o.provider.clone(),
        });
    }
    // A job has no first token to wait for.
    if chosen.job.is_none()
        && chosen.ttft_ms_p95 > 0.0
        && (o.ttft_ms_p95 / chosen.ttft_ms_p95 - 1.0).abs() >= 0.1
    {
        d.push(Difference::Latency {
            p95_ms: o.ttft_ms_p95,
        });
    }
    d
}

/// The cheapest usable option matching `pred`, by the objective (the job's cost when
/// fine-tuning).
fn cheapest(all: &[OptionCost], pred: impl Fn(&OptionCost) -> bool) -> Option<&OptionCost> {
    all.iter()
        .filter(|o| o.is_usable() && pred(o))
        .min_by(|a, b| a.objective().total_cmp(&b.objective()))
}

/// Why no option qualifies: how far the options got, and the closest one.
#[derive(Clone, Debug, PartialEq)]
pub struct NoOption<'a> {
    /// The counts and the constraints in force, as the sentence names them.
    pub reach: Reach,
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
        reach: Reach {
            total: options.len(),
            fit: options.iter().filter(|o| o.fits).count(),
            serve: options.iter().filter(|o| o.serves()).count(),
            eu: w.constraints.eu_jurisdiction,
            single_tenant: w.constraints.single_tenant,
            gpus_limited: !w.constraints.gpus.is_empty(),
            kinds_limited: !w.constraints.kinds.is_empty(),
            no_interruptions: options
                .iter()
                .any(|o| o.serves() && o.exclusions == [Exclusion::Interruptible]),
        },
        closest,
    })
}

impl NoOption<'_> {
    /// One sentence for the page's warnings.
    pub fn sentence(&self, lang: Lang) -> String {
        let closest = self.closest.map(|o| NearestMiss {
            provider: &o.provider,
            name: &o.name,
            shortfalls: &o.shortfalls,
            exclusions: &o.exclusions,
        });
        no_option(self.reach, closest, lang)
    }
}
