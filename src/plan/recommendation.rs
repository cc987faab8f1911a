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
    pub servers: u32,
    /// `bare_metal`, `cloud` or `cpu`.
    pub deployment: Deployment,
    pub monthly_cost: f64,
    pub currency: String,
    pub reasons: Vec<String>,
    /// The next best options, with how they differ.
    pub runner_ups: Vec<RunnerUp>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunnerUp {
    pub offer_id: String,
    /// Provider and offer name, as the page shows the option (`Acme 8x H100 SXM`).
    #[serde(skip)]
    pub display_name: String,
    pub monthly_cost: f64,
    pub difference: String,
}
