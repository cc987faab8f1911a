//! The report's own types: the model, memory, speed and chart series it carries. The options and
//! the verdict are the cost and plan layers' types ([`crate::cost::OptionReport`],
//! [`crate::plan::Recommendation`]), re-exported by [`crate::report`].

use crate::cost::OptionReport;
use crate::model::MemoryTerm;
use crate::plan::Recommendation;
use crate::units::Currency;
use serde::{Deserialize, Serialize};

/// How far the recommended hardware stretches (its sentence is in [`crate::words::report`]).
pub use crate::words::report::Headroom;

/// Report schema version.
pub const REPORT_SCHEMA: u32 = 1;

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
    /// The KV cache on the scenario's `kv_basis` (the tokens in flight by default).
    pub kv_cache_bytes: u64,
    /// The KV cache if every sequence held its full `ctx` at once (the worst case).
    #[serde(default)]
    pub kv_cache_full_context_bytes: u64,
    pub activation_bytes: u64,
    pub overhead_bytes: u64,
    pub total_bytes: u64,
    /// The terms above with provenance and ranges, in display order.
    pub terms: Vec<MemoryTerm>,
    /// How far the recommended hardware stretches (serving only; `None` without a
    /// recommendation, or for fine-tuning).
    #[serde(default)]
    pub headroom: Option<Headroom>,
}

/// What a speed figure rests on (its sentences are in [`crate::words::speed`]).
pub use crate::words::speed::{NearestRun, SpeedBasis, SpeedRange, StepTerms};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ThroughputReport {
    /// Decode speed each user sees at the scenario's concurrency, the others' prompts
    /// interleaved.
    pub decode_tokens_per_s_per_user: f64,
    /// Output tokens per second of one replica over all its users, prefill included.
    pub aggregate_tokens_per_s: f64,
    /// Prefill of one prompt plus one decode step, once a slot is free (mean).
    pub ttft_ms: f64,
    /// The hardware these speeds were estimated on (the recommendation's).
    pub hardware: String,
    /// Prompt tokens per second one replica prefills when busy.
    #[serde(default)]
    pub prefill_tokens_per_s: f64,
    /// Requests per second one replica completes at the scenario's lengths and concurrency.
    #[serde(default)]
    pub requests_per_s: f64,
    /// Mean wait for a free slot at 70% utilisation (M/M/c), not in `ttft_ms`.
    #[serde(default)]
    pub queue_wait_ms: f64,
    /// The terms, shares, nearest published run and range behind the figures (on real
    /// hardware; `None` for the bare requirement).
    #[serde(default)]
    pub basis: Option<SpeedBasis>,
    /// The range the speed figures fall in, from the model's held-out error on published runs
    /// of their class, with the class and its run count (the same as `basis.range`, at the top
    /// for a consumer that reads only this; null where the basis has none).
    #[serde(default)]
    pub range: Option<SpeedRange>,
}

/// The load the plan sizes for (`load` in the report): the scenario's `rpd`, or from `users`
/// the requests a day they make (and the share active and requests a minute used).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LoadReport {
    pub requests_per_day: f64,
    /// Requests a second at the busiest hour (the day's mean over the service hours x the peak
    /// factor; a batch given as users: x 1).
    pub peak_requests_per_s: f64,
    /// People using the service (0: the load is `rpd`).
    pub users: u64,
    /// With users: the share active at the busiest hour, the requests each sends a minute, and
    /// the use case whose defaults fill what the link leaves out.
    pub active: Option<f64>,
    pub rpm: Option<f64>,
    pub usecase: Option<String>,
}

/// The whole answer (serialised as the JSON report; nothing reads it back).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Report {
    pub schema: u32,
    /// The canonical query string of the scenario.
    pub scenario: String,
    /// The question the verdict answers, in one line: the model and its format, the load, the
    /// constraints in force (`words::question`).
    #[serde(default)]
    pub scenario_line: String,
    pub warnings: Vec<String>,
    /// The load as the plan reads it: requests a day and at peak, and the users they come from.
    #[serde(default)]
    pub load: LoadReport,
    pub model: ModelSummary,
    pub memory: MemoryReport,
    pub throughput: ThroughputReport,
    pub recommendation: Option<Recommendation>,
    pub options: Vec<OptionReport>,
    pub currency: String,
    pub catalog_as_of: String,
    /// How old the catalogue and the prices are on the day the report is for
    /// ([`Report::counted_to`]; by default the catalogue's own date).
    #[serde(default)]
    pub freshness: crate::catalog::Freshness,
    /// The series behind the charts (numbers only; `chart::from_report` adds the words).
    #[serde(default)]
    pub curves: Curves,
    /// The load the per-token and per-request figures are at: the scenario's requests per day,
    /// or with none given every copy busy the hours the service runs (`full_load`).
    #[serde(default)]
    pub per_token_basis: super::PerTokenBasis,
    /// The cheapest hosted APIs for the model (or the nearest of its size class), each with its
    /// monthly cost at the scenario's load (`cost::api`).
    #[serde(default)]
    pub api_reference: Vec<crate::cost::api::ApiReference>,
    /// The verdict's comparison with the cheapest of them, in words; null without a
    /// recommendation, a load or an API.
    #[serde(default)]
    pub api_verdict: Option<String>,
    /// The same load with another weight format or engine when it costs clearly less than the
    /// verdict (a GGUF file on vLLM or SGLang); null otherwise. Its sentence also ends the
    /// verdict's reasons.
    #[serde(default)]
    pub cheaper_path: Option<super::alternative::CheaperPath>,
    /// With `own=1`: how buying the cheapest usable owned option compares with the recommended
    /// rental (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own: Option<OwnComparison>,
    /// With `own=1`: the owned-hardware assumptions in force, each as given or by default, in
    /// the report's currency (the assumptions panel shows them; absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own_assumptions: Option<OwnAssumptions>,
    /// With a provider's catalogue loaded or `provider=` given: that provider's best usable
    /// offer beside the verdict, and its offers (`report::provider_pick`; absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_pick: Option<super::ProviderPick>,
}

/// The owned-hardware assumptions in force (`own=1`): the user's where given, else the
/// defaults, money in the report's currency.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OwnAssumptions {
    pub amort_months: f64,
    /// Residual value at the end of `amort_months`, fraction of new.
    pub residual: f64,
    /// The colocation site priced, its rate per kW-month, and its energy price per kWh (null
    /// where the site's price includes power).
    pub site: String,
    pub colo_kw: Option<f64>,
    pub kwh: Option<f64>,
    pub pue: f64,
    /// Operations per server a month, setup and shipping per server once.
    pub ops: f64,
    pub setup: f64,
    /// Yearly loan interest, percent (0: paid in cash).
    pub finance: f64,
    /// The draw beyond the GPUs, W per server: as given, else null (each server's own, in
    /// `hardware`).
    pub overhead_w: Option<f64>,
}

/// Buying against renting (`own=1`): the cheapest usable owned option against the
/// recommendation, in the report's currency.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OwnComparison {
    pub offer_id: String,
    pub name: String,
    /// The recommended rental it is compared with (`provider name`).
    pub against_offer_id: String,
    pub against: String,
    /// Cash before the first request: the purchase and its setup and shipping.
    pub upfront: f64,
    /// The owned option's monthly cost (amortisation and every other line).
    pub monthly: f64,
    /// Cash a month once bought: colocation, power, operations (and a loan's interest).
    pub running_monthly: f64,
    pub against_monthly: f64,
    /// When the rental's cumulative bills pass buying's cash (the purchase, then its running
    /// costs); null: never.
    pub break_even_months: Option<f64>,
    pub break_even_weeks: Option<f64>,
    /// The cumulative cost of either at that point.
    pub break_even_cost: Option<f64>,
    /// The horizon, months.
    pub months: f64,
    /// Over the horizon: buying's cash less the server's value at its end, and the rental's bills.
    pub cumulative_own: f64,
    pub cumulative_rental: f64,
    pub value_at_end: f64,
    /// The comparison in words (also the verdict's reason).
    pub sentence: String,
}

impl Report {
    /// The currency of every amount in the report (the scenario's).
    pub fn cur(&self) -> Currency {
        Currency::parse(&self.currency).unwrap_or_default()
    }
}

/// Memory terms at one context length, bytes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MemoryPoint {
    pub ctx: u64,
    pub weights_bytes: u64,
    pub kv_cache_bytes: u64,
    pub activation_bytes: u64,
    pub overhead_bytes: u64,
}

/// One option's curve on a cost chart.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CostCurve {
    pub offer_id: String,
    pub label: String,
    /// `(x, y)`: months and cumulative cost, or utilisation (0-1) and cost per million tokens.
    pub points: Vec<(f64, f64)>,
}

/// The series behind the three charts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Curves {
    /// Memory against context length on the recommended hardware (per device).
    pub memory_vs_context: Vec<MemoryPoint>,
    /// Memory of one device of the recommended hardware.
    pub memory_capacity_bytes: Option<u64>,
    /// Cumulative cost over the horizon for the leading options.
    pub cumulative_cost: Vec<CostCurve>,
    /// `(month, cost)` where the fixed-fee option overtakes the cloud option.
    pub break_even: Option<(f64, f64)>,
    /// The month the fixed-fee option's cumulative cash first falls to the cloud option's,
    /// however far past the horizon (a prepaid year counted when it is paid); `None`: never, or
    /// not both kinds drawn.
    #[serde(default)]
    pub overtakes_month: Option<f64>,
    /// Cost per million output tokens against the utilisation of the fixed-fee option's
    /// capacity: that option, then the hourly cloud its break-even utilisation compares with
    /// (`OptionReport::break_even_utilisation_against`).
    pub cost_vs_utilisation: Vec<CostCurve>,
    /// The fixed-fee option's break-even utilisation, where the two curves cross.
    pub break_even_utilisation: Option<f64>,
}
