//! The verdict as the report carries it: the chosen offer, its reasons and the runner-ups.
//! The fields marked `serde(skip)` are for the page only (names and sizes it shows, which the
//! catalogue holds): the JSON report leaves them out.

use crate::cost::Deployment;
use crate::units::Bytes;
use serde::{Deserialize, Serialize};

/// The verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recommendation {
    pub offer_id: String,
    pub provider: String,
    /// The offer's name as the catalogue gives it (`8x H100 SXM`).
    #[serde(skip)]
    pub offer_name: String,
    pub gpu_id: Option<String>,
    /// The GPU's name as the catalogue gives it (`H100 SXM`), else its id; `None` without GPUs.
    #[serde(skip)]
    pub gpu_name: Option<String>,
    /// The memory of one of its GPUs; `None` without GPUs.
    #[serde(skip)]
    pub gpu_memory: Option<Bytes>,
    pub gpu_count: u32,
    /// Machines in all.
    pub servers: u32,
    /// Copies of the model running on them.
    #[serde(default)]
    pub replicas: u32,
    /// GPUs one copy uses (0 on CPU).
    #[serde(default)]
    pub gpus_per_replica: u32,
    /// How one copy is split: tensor parallel within a machine, pipeline stages, expert parallel.
    #[serde(default)]
    pub parallelism: crate::cost::Parallelism,
    /// The network one copy crosses between machines; `null` when each copy stays in one.
    #[serde(default)]
    pub fabric: Option<crate::catalog::Fabric>,
    /// `bare_metal`, `cloud` or `cpu`.
    pub deployment: Deployment,
    pub monthly_cost: f64,
    pub currency: String,
    pub reasons: Vec<String>,
    /// The next best options, with how they differ.
    pub runner_ups: Vec<RunnerUp>,
    /// The part of one GPU the verdict rents (MIG or time-shared vGPU); absent for whole GPUs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slice: Option<crate::cost::SliceReport>,
    /// Fine-tuning: the job on the chosen option (absent when serving).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job: Option<Job>,
    /// The price is not firm (a floor, a marketplace listing, a GPU-only rate...).
    #[serde(default)]
    pub approximate_price: bool,
    /// What the approximate price leaves out, in words; null when the price is firm.
    #[serde(default)]
    pub price_note: Option<String>,
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
    /// What the verdict costs, the figure the plan ranks by: the job's cost when fine-tuning,
    /// else the month's.
    pub fn cost(&self) -> f64 {
        self.job.map_or(self.monthly_cost, |j| j.cost)
    }

    /// The verdict's hardware line: the deployment in words, else "2 × GPU", else the offer's
    /// name (CPU servers).
    pub fn hardware_line(&self, lang: crate::lang::Lang) -> String {
        match (self.deployment_shape(lang), &self.gpu_name) {
            (Some(shape), _) => shape,
            (None, Some(gpu)) if self.gpu_count > 0 => format!("{} × {gpu}", self.gpu_count),
            _ => self.offer_name.clone(),
        }
    }

    /// How the copies of the model sit on the chosen machines ("1 machine with 4× H100 SXM
    /// (80GB), tensor parallel 4"); `None` without GPUs.
    pub fn deployment_shape(&self, lang: crate::lang::Lang) -> Option<String> {
        if let Some(s) = &self.slice {
            return Some(crate::words::slice::deployment(
                self.replicas,
                &s.words,
                lang,
            ));
        }
        let gpu = self.gpu_name.as_deref().or(self.gpu_id.as_deref())?;
        crate::cost::Deployed {
            replicas: self.replicas,
            gpus_per_replica: self.gpus_per_replica,
            servers: self.servers,
            parallelism: &self.parallelism,
            fabric: self.fabric.as_ref(),
        }
        .shape(gpu, lang)
    }
}
