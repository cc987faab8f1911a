//! The verdict as the report carries it: the chosen option's row, the reasons (typed, and each
//! written in the report's language), the runner-ups, and the job when fine-tuning. It is built
//! once ([`Recommendation::new`]) from everything that decided it and never edited after: its
//! fields are private, and it reads as the chosen option's row ([`std::ops::Deref`]).

use super::Reason;
use crate::cost::OptionReport;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// The verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Recommendation {
    /// The chosen option, as the comparison shows it.
    option: OptionReport,
    /// Why, with the figures and ids each reason speaks of, in the order the page lists them.
    reasons_typed: Vec<Reason>,
    /// The same reasons as sentences in the report's language.
    reasons: Vec<String>,
    /// The next best options, with how they differ.
    runner_ups: Vec<RunnerUp>,
    /// Fine-tuning: the job on the chosen option (absent when serving).
    job: Option<Job>,
}

/// A fine-tuning job as the verdict states it: about `hours` of compute for `cost`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// Compute hours of the whole job (every epoch) on the chosen option.
    pub hours: f64,
    /// What the job costs there, in the report's currency.
    pub cost: f64,
    /// Hours billed on each machine before the first step (boot, image, weights) on an hourly
    /// offer, in `cost`; 0 on a machine rented by the month.
    #[serde(default)]
    pub startup_hours: f64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunnerUp {
    pub offer_id: String,
    /// Provider and offer name, as the page shows the option (`Acme 8x H100 SXM`).
    #[serde(skip)]
    pub display_name: String,
    pub monthly_cost: f64,
    pub difference: String,
    /// Fine-tuning: what the job costs on this option (absent when serving).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job_cost: Option<f64>,
}

impl Recommendation {
    /// The verdict on `option` for `reasons` (written now in `lang`), with its runner-ups and,
    /// when fine-tuning, its job.
    pub fn new(
        option: OptionReport,
        reasons: Vec<Reason>,
        runner_ups: Vec<RunnerUp>,
        job: Option<Job>,
        lang: Lang,
    ) -> Self {
        Recommendation {
            reasons: reasons.iter().map(|r| r.sentence(lang)).collect(),
            reasons_typed: reasons,
            option,
            runner_ups,
            job,
        }
    }

    /// The chosen option's row.
    pub fn option(&self) -> &OptionReport {
        &self.option
    }

    /// The reasons as sentences, in order (the first is the headline's).
    pub fn reasons(&self) -> &[String] {
        &self.reasons
    }

    /// The reasons with their figures, in the same order as [`Recommendation::reasons`].
    pub fn reasons_typed(&self) -> &[Reason] {
        &self.reasons_typed
    }

    pub fn runner_ups(&self) -> &[RunnerUp] {
        &self.runner_ups
    }

    pub fn job(&self) -> Option<Job> {
        self.job
    }

    /// A committed verdict's term, what it binds and the best option without it.
    pub fn commitment(&self) -> Option<&crate::words::plan::Commitment> {
        self.reasons_typed.iter().find_map(|r| match r {
            Reason::Commitment(c) => Some(c),
            _ => None,
        })
    }

    /// The offer's name as the catalogue gives it (`8x H100 SXM`).
    pub fn offer_name(&self) -> &str {
        &self.option.name
    }

    /// What the verdict costs, the figure the plan ranks by: the job's cost when fine-tuning,
    /// else the month's.
    pub fn cost(&self) -> f64 {
        self.job.map_or(self.option.monthly_cost, |j| j.cost)
    }

    /// The verdict's hardware line: the deployment in words, else "2 × GPU", else the offer's
    /// name (CPU servers).
    pub fn hardware_line(&self, lang: Lang) -> String {
        let o = &self.option;
        match (o.deployment_shape(lang), &o.gpu_name) {
            (Some(shape), _) => shape,
            (None, Some(gpu)) if o.gpu_count > 0 => format!("{} × {gpu}", o.gpu_count),
            _ => o.name.clone(),
        }
    }
}

impl std::ops::Deref for Recommendation {
    type Target = OptionReport;
    fn deref(&self) -> &OptionReport {
        &self.option
    }
}

/// The verdict's JSON (`recommendation` in the report): the chosen option's fields it has
/// always carried, its reasons as sentences and typed, the runner-ups, the slice and the job.
#[derive(Serialize)]
struct Json<'a> {
    offer_id: &'a str,
    provider: &'a str,
    gpu_id: &'a Option<String>,
    gpu_count: u32,
    servers: u32,
    replicas: u32,
    gpus_per_replica: u32,
    parallelism: &'a crate::cost::Parallelism,
    fabric: &'a Option<crate::catalog::Fabric>,
    deployment: crate::cost::Deployment,
    monthly_cost: f64,
    currency: &'a str,
    reasons: &'a [String],
    reasons_typed: &'a [Reason],
    runner_ups: &'a [RunnerUp],
    #[serde(skip_serializing_if = "is_none")]
    slice: &'a Option<crate::cost::SliceReport>,
    #[serde(skip_serializing_if = "is_none")]
    job: &'a Option<Job>,
    approximate_price: bool,
    price_note: &'a Option<String>,
    /// A committed verdict: the best option without the commitment, and what the term saves.
    #[serde(skip_serializing_if = "Option::is_none")]
    no_commitment: Option<&'a crate::words::plan::NoCommitment>,
}

fn is_none<T>(o: &&Option<T>) -> bool {
    o.is_none()
}

impl Serialize for Recommendation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let o = &self.option;
        Json {
            offer_id: &o.offer_id,
            provider: &o.provider,
            gpu_id: &o.gpu_id,
            gpu_count: o.gpu_count,
            servers: o.servers,
            replicas: o.replicas,
            gpus_per_replica: o.gpus_per_replica,
            parallelism: &o.parallelism,
            fabric: &o.fabric,
            deployment: o.deployment,
            monthly_cost: o.monthly_cost,
            currency: &o.currency,
            reasons: &self.reasons,
            reasons_typed: &self.reasons_typed,
            runner_ups: &self.runner_ups,
            slice: &o.slice,
            job: &self.job,
            approximate_price: o.approximate_price,
            price_note: &o.price_note,
            no_commitment: self.commitment().and_then(|c| c.no_commitment.as_ref()),
        }
        .serialize(serializer)
    }
}
