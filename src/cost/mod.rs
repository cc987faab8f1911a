//! Monthly total cost of ownership, break-even, cost per token and per request. Pure Rust.
//!
//! # API
//! The cost model never calls the sizing engine: the caller (`report::evaluate`) hands it, per
//! offer, the sizing **facts** as plain numbers in an [`OfferSizing`], measured as on bare metal.
//! The hypervisor tax is applied here, so it shows in the figures.
//!
//! ```text
//! let demand = Demand::from_scenario(&scenario);
//! let defaults = CostDefaults::with_assumptions(&scenario.assumptions);
//! // one offer:
//! let one: OptionCost = evaluate_offer(&offer, &sizing, &demand, &defaults, scenario.cur, rate);
//! // all offers, with break-even against the cheapest cloud option, sorted (usable first, cheapest first):
//! let all: Vec<OptionCost> = evaluate_all(offers_and_sizings, &demand, &defaults, scenario.cur, rate);
//! let rec = plan::recommend(&all, &demand, lang);                 // Option<report::Recommendation>
//! let why = plan::why_none(&all, &demand).map(|n| n.sentence(lang)); // when rec is None
//! let rows: Vec<OptionReport> = all.into_iter().map(|o| o.into_report(lang)).collect();
//! ```
//! `to_report(&self)` does the same as `into_report` without consuming (it copies the strings).
//! Every figure is finite and non-negative whatever the inputs (property-tested).
//!
//! # Model, in brief
//! - **Load.** Requests per day arrive over the `hours` a day the service runs; capacity is sized
//!   for the peak (mean x peak factor). One replica serves `1 / (in / prefill + out / decode)`
//!   requests a second (or the sizing's own requests/s figure), after the hypervisor tax. Replicas
//!   = max(throughput need, concurrent sequences need, 1). With `rpd = 0`, one replica is kept
//!   busy `hours` a day and per-request costs use that implied load.
//! - **Targets.** Per-user decode speed (after the tax) against `tps` (not for encoders, which
//!   generate no tokens); P95 time to first token against `ttft`; 0 means no target. Fine-tuning:
//!   the whole job must end within the horizon.
//! - **Billed hours.** Monthly-fee offers (bare metal, VPS, dedicated) pay the full month.
//!   Hourly offers pay around the clock for a steady (24 h) service, else `hours` a day plus
//!   a warm-up allowance ([`defaults::WARM_UP_HOURS_PER_DAY`]). Reserved kinds and hourly prices
//!   with a minimum term of a month or more are committed: 730 h.
//!   Spot adds an interruption allowance line.
//! - **Lines** ([`LineKey`]): compute (busy share), idle capacity (the paid share not used),
//!   spot allowance, setup fee spread over the horizon, minimum term beyond the horizon, egress
//!   (derived from requests x output tokens x bytes per token x JSON/HTTP overhead unless given;
//!   free allowance per server; unmetered = 0), storage (weights x versions kept; cloud at the
//!   offer's volume price or the default; servers' local disks included), monitoring (cloud
//!   default per instance; self-hosted on servers), energy (kWh always reported; its cost only
//!   with `kwh_price`, on physical servers the user powers). `monthly` is their sum;
//!   `total = monthly x months`.
//! - **Latency.** P95 time to first token = mean / (1 - tax) x spread of the hosting type
//!   ([`defaults::LatencySpread`]); compared with the target it can rule shared hosts out.
//! - **Fine-tuning.** FLOPs per epoch = 6 (full) or 4 (LoRA/QLoRA: no weight gradients) x active
//!   parameters x `train_tokens`, at [`defaults::DEFAULT_TRAINING_MFU`] of the replica's dense
//!   BF16 peak, after the tax; cost per epoch at the option's hourly rate (monthly fees over 730 h).
//!   The job (`epochs` epochs) is priced for its duration (`job.rs`): hours at the hourly price,
//!   or whole months (at least the minimum term) of a monthly or committed offer, plus setup fees.
//! - **Break-even** (filled by [`evaluate_all`]) for committed non-cloud options (monthly fees,
//!   reservations and contracts of bare-metal servers): weeks for the
//!   setup fee to be recovered by the monthly savings against the cheapest usable cloud option;
//!   and the utilisation below which the cheapest hourly cloud, paid only for the capacity used,
//!   would cost less than this fixed fee (above 1: cloud is cheaper even fully used).
//!
//! Every default is named in [`defaults`] with its source; [`CostDefaults::with_assumptions`]
//! applies the user's edits (`peak`, `egress_gb`, `storage_gb`, `monitoring`, `vm_tax`,
//! `kwh_price`, `pue`).

pub mod api;
mod bill;
mod compare;
mod constraints;
pub mod defaults;
mod evaluate;
mod job;
mod lines;
pub mod load;
pub mod own;
pub mod profile;
mod slice;
pub use slice::{SliceReport, TIME_SLICED_TAIL_FACTOR};

pub use compare::{
    evaluate_all, fill_break_even, hourly_benchmark, prepaid_months, sort_options, CashSchedule,
    HourlyBenchmark,
};
pub use defaults::CostDefaults;
pub use evaluate::{evaluate_offer, exclusions, is_interruptible};
pub use job::{JobBilling, JobCost};
pub use lines::{Basis, CostItem, LineKey};
// Why an option cannot serve, and how it would be deployed: typed values that live with their
// words in `crate::words::cost`.
pub use crate::words::cost::{Deployment, Exclusion, LoadBound, LoadNeed, Shortfall};

/// The words of the cost layer under their old path: an offer's jurisdiction, GPUs and
/// virtualisation ([`crate::words::cost`]), numbers and money ([`crate::format`]).
pub mod words {
    pub use crate::format::{amount, money, number, percent, show};
    pub use crate::words::cost::{gpus, jurisdiction, virtualization};
}

mod report;

pub use report::{fabric_id, CostLine, LazyText, OptionReport};

use crate::catalog::{Fabric, OfferKind, Virtualization};
pub use crate::model::placement::Parallelism;
use crate::model::Task;
use crate::scenario::{Scenario, Tenancy};
use crate::units::{Currency, Money, PerHour, PerMonth};

/// What the sizing engine found for one offer, as plain numbers, measured as on bare metal
/// (no hypervisor tax: the cost model applies it). Zero means "unknown" where noted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OfferSizing {
    /// The model (and its KV cache for `seqs`) fits in this offer's memory.
    pub fits: bool,
    /// Why it does not fit, in words (shown as is).
    pub why_not: Option<String>,
    /// Why the engine cannot run these weights on this hardware at all, in words (shown as is):
    /// the option cannot serve, whatever its memory.
    pub cannot_run: Option<String>,
    /// What the combination of engine, format and hardware gives up while it runs.
    pub caveat: Option<crate::model::compat::Degraded>,
    /// GPUs one copy of the model uses (0 on CPU offers).
    pub gpus_per_replica: u32,
    /// Servers / instances one copy of the model needs (at least 1; more than 1 only over a
    /// fabric the offer states).
    pub instances_per_replica: u32,
    /// Copies of the model one server holds side by side (a model that fits one GPU runs one
    /// copy per GPU); 0 or 1: one. Only when a copy stays in one server.
    pub replicas_per_instance: u32,
    /// How one copy is split over its GPUs.
    pub parallelism: Parallelism,
    /// The network one copy's pipeline stages cross between servers; `None` when it stays in one.
    pub fabric: Option<Fabric>,
    /// Decode speed one user sees, tokens/s, at the concurrency below.
    pub decode_tokens_per_s_per_user: f64,
    /// Sequences one replica holds in memory at once.
    pub max_concurrent_sequences_per_replica: f64,
    /// Output tokens/s one replica produces over all its sequences.
    pub aggregate_tokens_per_s_per_replica: f64,
    /// Prompt tokens/s one replica prefills when busy (0: unknown, prefill not counted).
    pub prefill_tokens_per_s_per_replica: f64,
    /// Requests/s one replica serves, when the engine knows it directly (embedding models on
    /// CPU); 0: derive from the token speeds.
    pub requests_per_s_per_replica: f64,
    /// Mean time to first token of one request, ms.
    pub ttft_ms_mean: f64,
    /// How one copy's speed grows with its concurrency up to its cap, for a load that gives each
    /// copy its concurrency ([`load`]); empty when the scenario states it.
    pub curve: load::SpeedCurve,
    pub memory_per_gpu_bytes: u64,
    /// Bytes of the weights, for storage.
    pub weights_bytes: u64,
    /// Electrical power of one instance at load, W (GPU TDP x GPUs, plus the host if known).
    pub power_w_per_instance: f64,
    /// Parameters that do work per token (active parameters of a MoE), for training FLOPs.
    pub compute_params: f64,
    /// Dense BF16 peak of one replica's GPUs (or CPUs), FLOP/s, for training time (0: unknown).
    pub peak_flops_per_replica: f64,
    /// FLOP/s one replica's GPUs reach in prefill and decode arithmetic: the peak of the format's
    /// precision times the engine's compute efficiency, over all its GPUs (0: unknown).
    pub serving_flops_per_replica: f64,
}

/// What the user allows: jurisdiction, tenancy, GPUs, offer kinds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Constraints {
    /// Only providers under EU law (`jurisdiction == "EU"`): a US provider's EU region is
    /// still exposed to the CLOUD Act, so an EU region alone does not qualify.
    pub eu_jurisdiction: bool,
    /// Only single-tenant hardware (regulated data).
    pub single_tenant: bool,
    /// Interruptible (spot, preemptible) capacity allowed.
    pub interruptible: bool,
    /// Community and marketplace hosts (no datacentre SLA) allowed for a 24/7 service
    /// (`community=1`); they are always allowed for a job or a service of fewer hours.
    pub community: bool,
    /// Allowed GPU ids; empty: all. CPU offers pass only when the list holds `cpu`.
    pub gpus: Vec<String>,
    /// Allowed offer kinds; empty: all.
    pub kinds: Vec<OfferKind>,
    /// The longest minimum term accepted, months; `None`: any.
    pub max_term_months: Option<f64>,
}

/// What the cost model prices: the scenario's load (requests, tokens, hours, horizon), its
/// targets (speed, latency, fine-tuning) and the user's constraints, in the cost model's units.
/// Not the sizing engine's [`crate::model::Workload`] (the load one replica's memory and speed
/// are sized for).
#[derive(Clone, Debug, PartialEq)]
pub struct Demand {
    /// Requests per day; 0: keep one replica busy `hours_per_day`.
    pub requests_per_day: f64,
    pub tokens_in: f64,
    pub tokens_out: f64,
    /// Minimum decode speed per user, tokens/s (0: no target).
    pub min_tokens_per_s_per_user: f64,
    /// Maximum P95 time to first token, ms (0: no target).
    pub max_ttft_p95_ms: f64,
    /// Hours a day the service runs (1-24).
    pub hours_per_day: f64,
    /// Horizon, months (1-120).
    pub months: f64,
    pub task: Task,
    /// The model answers each request in one pass and generates no tokens (an encoder: an
    /// embedding model or a reranker); its latency is the time to answer a request.
    pub embeds: bool,
    /// An encoder's output vector, values per request (its hidden size); 0: not known, and an
    /// encoder's egress then assumes [`defaults::EMBEDDING_DIMS`].
    pub embedding_dims: f64,
    /// Fine-tuning dataset per epoch, tokens.
    pub train_tokens: f64,
    /// Passes over the dataset in one fine-tuning job (at least 1).
    pub epochs: f64,
    /// Each copy's concurrency follows from the request rate ([`load`]); else every copy holds
    /// the sizing's concurrency (a stated `seqs`).
    pub concurrency_from_load: bool,
    /// Copies added beyond the load's need (N+1 with 1).
    pub spare: u32,
    /// A service around the clock with busy hours: the peak falls in them, and outside the rate
    /// is a share of theirs; the copies on hourly offers follow it.
    pub profile: Option<DayProfile>,
    pub constraints: Constraints,
}

/// The day's profile of a service run around the clock (`busy_from`, `busy_to`, `offpeak`,
/// `min_replicas`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DayProfile {
    /// Hours a day at the busy rate (0-24, exclusive).
    pub busy_hours: f64,
    /// The rate outside them, as a share of the busy hours' (0-1).
    pub offpeak: f64,
    /// The fewest copies kept outside them (0: scale to zero).
    pub min_copies: u32,
}

impl DayProfile {
    /// Hours of the day at the busy rate that carry the day's requests: the busy hours plus the
    /// rest at the off-peak share.
    pub fn effective_hours(&self) -> f64 {
        self.busy_hours + self.offpeak * (24.0 - self.busy_hours)
    }
}

impl Default for Demand {
    fn default() -> Self {
        Demand::from_scenario(&Scenario::default())
    }
}

/// The scenario's requests a day: `rpd`, or from `users` the busiest hour's rate spread over
/// the service's hours at the peak factor (so that the peak it is sized for is the users'):
/// `users x active x rpm / 60` requests a second at peak, over the peak factor, x `hours` x
/// 3,600. A batch's users have no busier hour (peak factor 1).
fn requests_per_day(s: &Scenario) -> f64 {
    let peak = s.users_peak_rps();
    if peak <= 0.0 {
        return nonneg(s.rpd);
    }
    let factor = CostDefaults::for_scenario(s).peak_factor;
    let hours = match profile(s) {
        Some(p) => p.effective_hours(),
        None if s.hours.is_finite() => s.hours.clamp(1.0, 24.0),
        None => 24.0,
    };
    nonneg(peak / factor * hours * 3600.0)
}

/// The scenario's day profile in the cost model's terms.
fn profile(s: &Scenario) -> Option<DayProfile> {
    s.day_profile().map(|(busy_hours, offpeak)| DayProfile {
        busy_hours,
        offpeak,
        min_copies: s.min_replicas.unwrap_or(1).min(64) as u32,
    })
}

impl Demand {
    /// The scenario's load, targets and constraints, clamped to sane ranges (never NaN).
    pub fn from_scenario(s: &Scenario) -> Self {
        Demand {
            requests_per_day: requests_per_day(s),
            tokens_in: s.tokens_in as f64,
            tokens_out: (s.tokens_out as f64).max(1.0),
            min_tokens_per_s_per_user: nonneg(s.tps),
            // The report sets an encoder's default (it knows the model).
            max_ttft_p95_ms: nonneg(s.ttft_target_ms(false)),
            hours_per_day: if s.hours.is_finite() {
                s.hours.clamp(1.0, 24.0)
            } else {
                24.0
            },
            months: if s.months.is_finite() {
                s.months.clamp(1.0, 120.0)
            } else {
                36.0
            },
            task: s.task,
            // Known only with the model: the report sets it.
            embeds: false,
            embedding_dims: 0.0,
            train_tokens: nonneg(s.train_tokens),
            epochs: (s.epochs as f64).clamp(1.0, 1000.0),
            concurrency_from_load: s.concurrency_from_load(),
            spare: s.spare.min(8) as u32,
            profile: profile(s),
            constraints: Constraints {
                eu_jurisdiction: s.eu,
                single_tenant: s.tenancy == Tenancy::Single,
                interruptible: s.allows_interruptions(),
                community: s.allows_community_hosts(),
                gpus: s.gpus.clone(),
                kinds: s.kinds.iter().filter_map(|k| OfferKind::parse(k)).collect(),
                max_term_months: s.max_term.filter(|m| m.is_finite()).map(|m| m.max(0.0)),
            },
        }
    }

    /// Requests a second at the busiest hour: the day's requests over the hours the service
    /// runs, times the peak factor.
    pub fn peak_rps(&self, d: &CostDefaults) -> f64 {
        let hours = self
            .profile
            .map_or(self.hours_per_day, |p| p.effective_hours());
        nonneg(self.requests_per_day / (hours.max(0.25) * 3600.0) * d.peak_factor)
    }

    /// A steady service runs around the clock.
    pub fn is_steady(&self) -> bool {
        self.hours_per_day >= 24.0
    }
}

impl Deployment {
    /// How an offer of this kind is deployed: VPS and dedicated CPU servers on CPU, bare-metal
    /// GPU servers on bare metal, the rest in the cloud.
    pub fn of(kind: OfferKind) -> Deployment {
        match kind {
            OfferKind::Vps | OfferKind::DedicatedCpu => Deployment::Cpu,
            OfferKind::BareMetal | OfferKind::Own => Deployment::BareMetal,
            _ => Deployment::Cloud,
        }
    }
}

/// Time and cost of one fine-tuning epoch on an option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochCost {
    pub flops: f64,
    pub hours: f64,
    pub cost: Money,
}

/// Break-even of a fixed-fee option against the cheapest cloud option (see module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct BreakEven {
    /// The cloud option compared with.
    pub against_offer_id: String,
    pub against_provider: String,
    pub against_monthly: PerMonth,
    /// Weeks for the setup fee to be recovered by the monthly savings; `None`: no savings.
    pub weeks: Option<f64>,
    /// The utilisation below which hourly cloud would be cheaper (may exceed 1: then cloud is
    /// cheaper even around the clock).
    pub utilisation: Option<f64>,
    /// The hourly cloud option `utilisation` compares with ([`hourly_benchmark`]), which may
    /// differ from `against_offer_id` (the cheapest cloud option by monthly cost).
    pub utilisation_against_offer_id: Option<String>,
}

/// One offer costed against the workload, in the display currency.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionCost {
    pub offer_id: String,
    pub provider: String,
    pub name: String,
    pub kind: OfferKind,
    pub deployment: Deployment,
    pub virtualization: Virtualization,
    pub gpu_id: Option<String>,
    /// The GPU's catalogue name (`H100 SXM`), for words; `None` until [`crate::report::evaluate`],
    /// which holds the catalogue, fills it (the words then fall back to `gpu_id`).
    pub gpu_name: Option<String>,
    /// GPUs in all the servers of this option.
    pub gpu_count: u32,
    /// Servers / instances of this option.
    pub servers: u32,
    /// Copies of the model running on those servers.
    pub replicas: u32,
    /// GPUs one copy uses (0 on CPU).
    pub gpus_per_replica: u32,
    /// Servers one copy spans (1 unless over a stated fabric).
    pub servers_per_replica: u32,
    /// How one copy is split over its GPUs.
    pub parallelism: Parallelism,
    /// The network a copy crosses between servers; `None` when each copy stays in one.
    pub fabric: Option<Fabric>,
    /// What the engine, format and hardware give up together.
    pub caveat: Option<crate::model::compat::Degraded>,
    /// How many copies the peak load needs and why (serving with a request rate only).
    pub load_need: Option<LoadNeed>,
    /// With a day profile: the machines kept outside the busy hours (0: scaled to zero).
    pub servers_off_peak: Option<u32>,
    /// Seconds from starting one machine to its first answer.
    pub cold_start_s: f64,
    pub region: String,
    pub jurisdiction: String,
    pub region_eu: bool,
    pub single_tenant: bool,
    /// Spot or preemptible: the provider may stop it at short notice.
    pub interruptible: bool,
    /// The reliability of the offer's hosts (the catalogue's `reliability_class`).
    pub reliability_class: Option<crate::catalog::ReliabilityClass>,
    /// The source leaves the machine's configuration unknown.
    pub config_unknown: bool,
    /// The source leaves the offer's availability uncertain.
    pub availability_uncertain: bool,
    pub source: String,
    pub as_of: String,
    pub approximate_price: bool,
    pub monthly_fee: bool,
    /// Paid around the clock whatever the hours: a monthly fee, a reservation, or a minimum term
    /// of a month or more.
    pub committed: bool,
    /// The offer's minimum term, months (0: none).
    pub term_months: f64,
    /// Months of the fixed fee paid up front at a time (12 for a prepaid year, paid on its first
    /// day); 0 when the fee is paid month by month. See [`CashSchedule`].
    pub prepaid_months: f64,

    pub fits: bool,
    pub shortfalls: Vec<Shortfall>,
    pub exclusions: Vec<Exclusion>,

    pub currency: Currency,
    /// Price of one instance per hour (monthly fees over 730 h).
    pub price_per_hour: PerHour,
    pub price_per_gpu_hour: Option<PerHour>,
    pub billed_hours_per_month: f64,
    /// The whole compute bill (busy + idle lines).
    pub compute: PerMonth,
    pub lines: Vec<CostItem>,
    pub monthly: PerMonth,
    pub total: Money,
    pub cost_per_million_tokens: Money,
    pub cost_per_thousand_requests: Money,
    pub requests_per_month: f64,
    pub output_tokens_per_month: f64,
    /// Share of the paid capacity the load uses, 0-1.
    pub utilisation: f64,
    /// Requests/s of all replicas together, after the hypervisor tax.
    pub capacity_requests_per_s: f64,
    pub hypervisor_tax: f64,
    pub decode_tokens_per_s_per_user: f64,
    pub ttft_ms_mean: f64,
    pub ttft_ms_p95: f64,
    pub latency_spread: f64,
    /// A VPS on time-sliced vCPUs: its latency spreads with the host's load.
    pub shared_cpu: bool,
    pub energy_kwh_per_month: f64,
    pub memory_per_gpu_bytes: u64,
    /// Concurrent requests all the copies hold in memory at once (headroom, for near-ties).
    pub sequences_held: f64,
    pub epoch: Option<EpochCost>,
    /// Fine-tuning: the whole job (`epochs` epochs) priced for its duration.
    pub job: Option<JobCost>,
    pub break_even: Option<BreakEven>,
}

impl OptionCost {
    /// Fits, meets the targets and passes the user's constraints: a candidate for the plan.
    pub fn is_usable(&self) -> bool {
        self.fits && self.shortfalls.is_empty() && self.exclusions.is_empty()
    }
    /// Fits and meets the targets (constraints aside).
    pub fn serves(&self) -> bool {
        self.fits && self.shortfalls.is_empty()
    }
    /// What the plan ranks by: the cost of the job when fine-tuning, else the monthly cost.
    pub fn objective(&self) -> f64 {
        match &self.job {
            Some(j) => j.cost.amount,
            None => self.monthly.amount(),
        }
    }
    pub fn break_even_weeks(&self) -> Option<f64> {
        self.break_even.as_ref().and_then(|b| b.weeks)
    }
    pub fn break_even_utilisation(&self) -> Option<f64> {
        self.break_even.as_ref().and_then(|b| b.utilisation)
    }
    /// The monthly amount of one line (0 when absent).
    pub fn line(&self, key: LineKey) -> f64 {
        self.lines
            .iter()
            .filter(|l| l.key == key)
            .map(|l| l.monthly.amount())
            .sum()
    }
}

pub(crate) fn nonneg(x: f64) -> f64 {
    if x.is_finite() && x > 0.0 {
        x
    } else {
        0.0
    }
}
