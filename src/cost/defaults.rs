//! The named, editable defaults of the cost model, each with where its figure comes from.
//!
//! Every figure here is a default, never a constant baked into the arithmetic: [`CostDefaults`]
//! holds them all and [`CostDefaults::with_assumptions`] lays the user's edits (the scenario's
//! assumptions panel) over them. Sources: docs/background.md and the provider pages named on
//! each figure.

use crate::catalog::Virtualization;
use crate::scenario::Assumptions;
use crate::units::{Currency, Money};

/// Peak-to-mean load factor: capacity is sized for the busiest minutes, not the average.
/// A rule of thumb for interactive traffic with a daily cycle; editable (`peak`).
pub const DEFAULT_PEAK_FACTOR: f64 = 2.0;

/// Hours billed each day, on top of the active hours, for an hourly instance that is started and
/// stopped daily: boot, pulling and loading the weights, warming caches before traffic arrives.
pub const WARM_UP_HOURS_PER_DAY: f64 = 0.5;

/// Extra spot capacity paid to ride out interruptions (standby replica share, restarts, lost
/// work): 15% of the spot compute bill. A rule of thumb; spot prices are 60-70% below on demand.
pub const SPOT_INTERRUPTION_ALLOWANCE: f64 = 0.15;

/// Bytes of UTF-8 text per output token (English and Spanish average about 4 characters a token).
pub const BYTES_PER_OUTPUT_TOKEN: f64 = 4.0;

/// Bytes per value of an embedding vector as it leaves the server: float32, the `float` encoding
/// of OpenAI-compatible embedding APIs (vLLM's and TEI's `/v1/embeddings`; base64 carries the
/// same 4 bytes in 5.3 characters, JSON text more).
pub const BYTES_PER_EMBEDDING_VALUE: f64 = 4.0;

/// An encoder's vector size when the report does not give it: 1,024 values, the size of the
/// catalogue's bge-m3 and Qwen3-Embedding-0.6B (all-MiniLM-L6-v2 has 384, Qwen3-Embedding-8B
/// 4,096).
pub const EMBEDDING_DIMS: f64 = 1024.0;

/// Factor for JSON/HTTP framing around the text of a response (keys, escaping, headers, TLS).
pub const RESPONSE_OVERHEAD_FACTOR: f64 = 1.5;

/// Cloud egress price when an offer does not state one: AWS's first-10-TB tier, 0.09 USD/GB
/// (Amazon EC2 on-demand pricing, "Data Transfer OUT From Amazon EC2 To Internet",
/// <https://aws.amazon.com/ec2/pricing/on-demand/>, 2026).
pub const DEFAULT_CLOUD_EGRESS_PER_GB: Money = Money {
    amount: 0.09,
    currency: Currency::Usd,
};

/// Free cloud egress when an offer does not state one: AWS/Azure 100 GB a month (the same AWS
/// page; Azure bandwidth pricing, <https://azure.microsoft.com/pricing/details/bandwidth/>).
pub const DEFAULT_CLOUD_EGRESS_INCLUDED_TB: f64 = 0.1;

/// Versions of the weights kept on storage (current, previous for rollback, next being tested).
pub const WEIGHT_VERSIONS_KEPT: f64 = 3.0;

/// Cloud block storage for weights when the offer does not include it: EBS gp3, 0.08 USD per
/// GB-month (Amazon EBS pricing, <https://aws.amazon.com/ebs/pricing/>, 2026-02).
pub const DEFAULT_CLOUD_STORAGE_PER_GB_MONTH: Money = Money {
    amount: 0.08,
    currency: Currency::Usd,
};

/// Cloud monitoring, logging and alerting per instance and month when the user gives no figure:
/// about 50 custom metrics at 0.30 USD plus 20 GB of logs at 0.50 USD/GB (Amazon CloudWatch list
/// prices, <https://aws.amazon.com/cloudwatch/pricing/>).
/// On bare metal, VPS and dedicated servers a self-hosted stack runs on the box: 0
/// (docs/background.md: "on a bare-metal server with a flat fee ... these are included or vanish").
pub const DEFAULT_CLOUD_MONITORING_PER_INSTANCE: Money = Money {
    amount: 25.0,
    currency: Currency::Usd,
};

/// Data-centre power usage effectiveness: the industry average 1.56-1.58 (Uptime Institute,
/// Global Data Center Survey 2023 and 2024); hyperscalers reach 1.1-1.2.
pub const DEFAULT_PUE: f64 = 1.58;

/// Model FLOPs utilisation reached when fine-tuning: the share of dense BF16 peak turned into
/// training FLOPs. 0.35 is a common figure for well-tuned runs (max achievable matmul throughput
/// is 80-87% of peak on H100/A100, attention, communication and optimizer steps take the rest).
pub const DEFAULT_TRAINING_MFU: f64 = 0.35;

/// Training FLOPs per parameter and token for full fine-tuning: forward 2, backward 4.
pub const FULL_FINE_TUNE_FLOPS_PER_PARAM_TOKEN: f64 = 6.0;

/// Training FLOPs per parameter and token for LoRA/QLoRA: forward 2 plus the backward pass through
/// the activations 2; the frozen weights need no weight gradients (the adapters' own are
/// negligible). QLoRA also dequantises weights on the fly, which costs time, not FLOPs.
pub const LORA_FLOPS_PER_PARAM_TOKEN: f64 = 4.0;

/// Most servers one option may take; beyond it the workload is reported as not served.
pub const MAX_SERVERS: u32 = 4096;

/// Throughput penalty of each kind of virtualisation against bare metal, as a fraction.
/// Published: 10-15% for typical cloud VMs, 5-15% for CPU work (docs/background.md); vGPU runs in
/// MLPerf Inference v1.1 reached 94.4-100% of bare metal (VMware, "VMware and NVIDIA solutions
/// deliver high performance in machine learning workloads", 2021,
/// <https://blogs.vmware.com/performance/2021/10/vmware-and-nvidia-solutions-deliver-high-performance-in-machine-learning-workloads.html>);
/// passthrough / SR-IOV "small but rarely zero" (docs/background.md); containers share the host
/// kernel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HypervisorTax {
    pub bare_metal: f64,
    pub passthrough: f64,
    pub container: f64,
    pub vm: f64,
    pub vgpu: f64,
}

impl Default for HypervisorTax {
    fn default() -> Self {
        HypervisorTax {
            bare_metal: 0.0,
            passthrough: 0.03,
            container: 0.02,
            vm: 0.10,
            vgpu: 0.15,
        }
    }
}

impl HypervisorTax {
    pub fn of(&self, v: Virtualization) -> f64 {
        let t = match v {
            Virtualization::BareMetal => self.bare_metal,
            Virtualization::Passthrough => self.passthrough,
            Virtualization::Container => self.container,
            Virtualization::Vm => self.vm,
            Virtualization::Vgpu => self.vgpu,
        };
        clamp_fraction(t, 0.9)
    }
}

/// A P95 time-to-first-token target at or below this is "strict milliseconds" in the decision
/// matrix's sense (bare metal is the usual choice). A shared VPS's response time spreads "from
/// 50 ms to 500 ms with the host's load" (the source of [`LatencySpread::shared_vps`]), so no
/// estimate on shared vCPUs holds such a target: the cost model refuses them under it.
pub const STRICT_P95_MS: f64 = 500.0;

/// P95 / mean of time to first token by hosting type. Bare metal: "P99 stays within 5-10% of the
/// mean" (docs/background.md); VMs and containers add scheduling jitter; vGPU adds noisy neighbours;
/// a shared VPS spreads "from 50 ms to 500 ms with the host's load", so its P95 is taken as 3x.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LatencySpread {
    pub bare_metal: f64,
    pub passthrough: f64,
    pub container: f64,
    pub vm: f64,
    pub vgpu: f64,
    pub shared_vps: f64,
}

impl Default for LatencySpread {
    fn default() -> Self {
        LatencySpread {
            bare_metal: 1.08,
            passthrough: 1.12,
            container: 1.15,
            vm: 1.2,
            vgpu: 1.5,
            shared_vps: 3.0,
        }
    }
}

impl LatencySpread {
    /// The factor for a host: `shared_cpu` for a VPS on time-sliced vCPUs.
    pub fn of(&self, v: Virtualization, shared_cpu: bool) -> f64 {
        let f = if shared_cpu {
            self.shared_vps
        } else {
            match v {
                Virtualization::BareMetal => self.bare_metal,
                Virtualization::Passthrough => self.passthrough,
                Virtualization::Container => self.container,
                Virtualization::Vm => self.vm,
                Virtualization::Vgpu => self.vgpu,
            }
        };
        if f.is_finite() && f >= 1.0 {
            f
        } else {
            1.0
        }
    }
}

/// All the figures the cost model assumes, with the user's overrides applied.
/// `None` in an optional field means "derive it" (egress, storage) or "not given" (energy price).
#[derive(Clone, Debug, PartialEq)]
pub struct CostDefaults {
    pub peak_factor: f64,
    pub peak_given: bool,
    pub warm_up_hours_per_day: f64,
    pub spot_interruption_allowance: f64,
    pub bytes_per_output_token: f64,
    pub response_overhead_factor: f64,
    /// Egress per month given by the user, GB.
    pub egress_gb: Option<f64>,
    pub cloud_egress_per_gb: Money,
    pub cloud_egress_included_tb: f64,
    pub weight_versions_kept: f64,
    /// Storage per month given by the user, GB.
    pub storage_gb: Option<f64>,
    pub cloud_storage_per_gb_month: Money,
    /// Monitoring per month given by the user, whole option, in the display currency.
    pub monitoring: Option<f64>,
    pub cloud_monitoring_per_instance: Money,
    pub tax: HypervisorTax,
    pub vm_tax_given: bool,
    pub latency_spread: LatencySpread,
    /// Energy price per kWh in the display currency; given only where the user pays the power.
    pub kwh_price: Option<f64>,
    pub pue: f64,
    pub pue_given: bool,
    pub training_mfu: f64,
    pub full_flops_per_param_token: f64,
    pub lora_flops_per_param_token: f64,
    pub max_servers: u32,
    /// Owned hardware's assumptions (`super::own`).
    pub own: super::own::OwnDefaults,
}

impl Default for CostDefaults {
    fn default() -> Self {
        CostDefaults {
            peak_factor: DEFAULT_PEAK_FACTOR,
            peak_given: false,
            warm_up_hours_per_day: WARM_UP_HOURS_PER_DAY,
            spot_interruption_allowance: SPOT_INTERRUPTION_ALLOWANCE,
            bytes_per_output_token: BYTES_PER_OUTPUT_TOKEN,
            response_overhead_factor: RESPONSE_OVERHEAD_FACTOR,
            egress_gb: None,
            cloud_egress_per_gb: DEFAULT_CLOUD_EGRESS_PER_GB,
            cloud_egress_included_tb: DEFAULT_CLOUD_EGRESS_INCLUDED_TB,
            weight_versions_kept: WEIGHT_VERSIONS_KEPT,
            storage_gb: None,
            cloud_storage_per_gb_month: DEFAULT_CLOUD_STORAGE_PER_GB_MONTH,
            monitoring: None,
            cloud_monitoring_per_instance: DEFAULT_CLOUD_MONITORING_PER_INSTANCE,
            tax: HypervisorTax::default(),
            vm_tax_given: false,
            latency_spread: LatencySpread::default(),
            kwh_price: None,
            pue: DEFAULT_PUE,
            pue_given: false,
            training_mfu: DEFAULT_TRAINING_MFU,
            full_flops_per_param_token: FULL_FINE_TUNE_FLOPS_PER_PARAM_TOKEN,
            lora_flops_per_param_token: LORA_FLOPS_PER_PARAM_TOKEN,
            max_servers: MAX_SERVERS,
            own: super::own::OwnDefaults::default(),
        }
    }
}

impl CostDefaults {
    /// The defaults for a scenario: its assumptions laid over them, and a batch given as users
    /// (`usecase=batch`) at peak factor 1 unless `peak` says otherwise (a job has no busier hour).
    pub fn for_scenario(s: &crate::scenario::Scenario) -> Self {
        let mut d = CostDefaults::with_assumptions(&s.assumptions);
        if s.users > 0 && s.usecase == crate::scenario::UseCase::Batch && !d.peak_given {
            d.peak_factor = 1.0;
        }
        d
    }

    /// The defaults with the scenario's assumptions laid over them. Out-of-range or non-finite
    /// values are ignored (the scenario codec clamps first; this is a second guard).
    pub fn with_assumptions(a: &Assumptions) -> Self {
        let mut d = CostDefaults::default();
        if let Some(p) = finite(a.peak).filter(|p| *p >= 1.0) {
            d.peak_factor = p.min(100.0);
            d.peak_given = true;
        }
        d.egress_gb = finite(a.egress_gb).map(|g| g.max(0.0));
        d.storage_gb = finite(a.storage_gb).map(|g| g.max(0.0));
        d.monitoring = finite(a.monitoring).map(|m| m.max(0.0));
        if let Some(t) = finite(a.vm_tax) {
            d.tax.vm = clamp_fraction(t, 0.5);
            d.vm_tax_given = true;
        }
        d.kwh_price = finite(a.kwh_price).map(|p| p.max(0.0));
        if let Some(p) = finite(a.pue).filter(|p| *p >= 1.0) {
            d.pue = p.min(5.0);
            d.pue_given = true;
        }
        d.own = super::own::OwnDefaults::with_assumptions(a);
        d
    }
}

fn finite(x: Option<f64>) -> Option<f64> {
    x.filter(|v| v.is_finite())
}

/// A fraction in `[0, max]`; NaN becomes 0.
pub(crate) fn clamp_fraction(x: f64, max: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, max)
    }
}
