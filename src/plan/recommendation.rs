//! The verdict as the report carries it: the chosen offer, its reasons and the runner-ups.

use serde::{Deserialize, Serialize};

/// The verdict.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Recommendation {
    pub offer_id: String,
    pub provider: String,
    pub gpu_id: Option<String>,
    pub gpu_count: u32,
    pub servers: u32,
    /// `bare_metal`, `cloud` or `cpu`.
    pub deployment: String,
    pub monthly_cost: f64,
    pub currency: String,
    pub reasons: Vec<String>,
    /// The next best options, with how they differ.
    pub runner_ups: Vec<RunnerUp>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunnerUp {
    pub offer_id: String,
    pub monthly_cost: f64,
    pub difference: String,
}
