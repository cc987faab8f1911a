//! The report: everything the app shows and `sizer` prints (shared/interface.md §2).
//! `evaluate(&Scenario, &Catalog) -> Report` is the single entry point of the pure core.

use serde::{Deserialize, Serialize};

/// Report schema version.
pub const REPORT_SCHEMA: u32 = 1;

/// How much a figure can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provenance {
    /// Architecture arithmetic: exact.
    Exact,
    /// A measured constant, cited.
    Empirical,
    /// A rule of thumb.
    Heuristic,
}

/// One term of the memory breakdown, with its range where it is not exact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryTerm {
    /// `weights`, `kv_cache`, `activations`, `overhead`, `reserve`, ...
    pub key: String,
    pub bytes: u64,
    pub low_bytes: u64,
    pub high_bytes: u64,
    pub provenance: Provenance,
    /// Where the figure comes from, in words (formula or citation).
    pub basis: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ModelSummary {
    pub id: String,
    pub name: String,
    pub params: u64,
    pub active_params: u64,
    /// The family of formula used (dense, moe, gpt_oss, deepseek_mla, encoder, params_only).
    pub family: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MemoryReport {
    pub weights_bytes: u64,
    pub kv_bytes_per_token: u64,
    pub kv_cache_bytes: u64,
    pub activation_bytes: u64,
    pub overhead_bytes: u64,
    pub total_bytes: u64,
    /// The terms above with provenance and ranges, in display order.
    pub terms: Vec<MemoryTerm>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ThroughputReport {
    pub decode_tokens_per_s_per_user: f64,
    pub aggregate_tokens_per_s: f64,
    pub ttft_ms: f64,
    /// The hardware these speeds were estimated on (the recommendation's).
    pub hardware: String,
}

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

/// One hidden or visible cost line of an option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostLine {
    /// `compute`, `setup`, `egress`, `storage`, `monitoring`, `idle`, `energy`, ...
    pub key: String,
    pub monthly: f64,
    /// True when the figure rests on a default the user did not set.
    pub assumed: bool,
    pub basis: String,
}

/// One offer evaluated against the scenario.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OptionReport {
    pub offer_id: String,
    pub provider: String,
    pub name: String,
    pub kind: String,
    pub gpu_id: Option<String>,
    pub gpu_count: u32,
    pub servers: u32,
    pub fits: bool,
    pub why_not: Option<String>,
    pub monthly_cost: f64,
    pub total_cost: f64,
    pub cost_per_million_tokens: f64,
    pub cost_per_thousand_requests: f64,
    pub break_even_weeks: Option<f64>,
    pub break_even_utilisation: Option<f64>,
    pub utilisation: f64,
    pub energy_kwh_per_month: f64,
    pub price_per_hour: f64,
    pub price_per_gpu_hour: Option<f64>,
    pub currency: String,
    pub region: String,
    pub jurisdiction: String,
    pub virtualization: String,
    pub memory_per_gpu_bytes: u64,
    pub decode_tokens_per_s_per_user: f64,
    pub ttft_ms: f64,
    pub cost_lines: Vec<CostLine>,
    pub source: String,
    pub as_of: String,
    pub approximate_price: bool,
    /// Copies of the model that serve the load.
    #[serde(default)]
    pub replicas: u32,
    /// `bare_metal`, `cloud` or `cpu`.
    #[serde(default)]
    pub deployment: String,
    /// Fits, meets the speed and latency targets and passes the user's constraints.
    #[serde(default)]
    pub usable: bool,
    /// P95 time to first token (mean x the hosting type's spread), ms; `ttft_ms` is the mean.
    #[serde(default)]
    pub ttft_p95_ms: f64,
    /// Throughput lost to virtualisation, fraction.
    #[serde(default)]
    pub hypervisor_tax: f64,
    #[serde(default)]
    pub billed_hours_per_month: f64,
    /// The cloud offer the break-even figures compare with.
    #[serde(default)]
    pub break_even_against: Option<String>,
    /// Fine-tuning: hours and cost of one epoch on one replica.
    #[serde(default)]
    pub epoch_hours: Option<f64>,
    #[serde(default)]
    pub cost_per_epoch: Option<f64>,
}

/// The whole answer.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub schema: u32,
    /// The canonical query string of the scenario.
    pub scenario: String,
    pub warnings: Vec<String>,
    pub model: ModelSummary,
    pub memory: MemoryReport,
    pub throughput: ThroughputReport,
    pub recommendation: Option<Recommendation>,
    pub options: Vec<OptionReport>,
    pub currency: String,
    pub catalog_as_of: String,
}
