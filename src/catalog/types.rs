//! The catalogue schema (docs/interface.md §3): GPU specs, preset models, offers with prices.
//! Field names are a public contract: add, never rename.

use crate::model::ModelArch;
use crate::units::{Currency, Money, UsdPerEur};
use serde::{Deserialize, Serialize};

/// One catalogue document (`public/catalog.json`, schema 1).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    pub schema: u32,
    /// Date of the price snapshot, `YYYY-MM-DD`.
    pub as_of: String,
    pub usd_per_eur: f64,
    #[serde(default)]
    pub gpus: Vec<GpuSpec>,
    #[serde(default)]
    pub models: Vec<ModelArch>,
    #[serde(default)]
    pub offers: Vec<Offer>,
    /// Hosted per-token API prices (`catalog::apis`); a catalogue without them has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub apis: Vec<super::apis::ApiPrice>,
    /// Servers to buy (`catalog::own`), for owned options (`own=1`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hardware: Vec<super::own::HardwarePrice>,
    /// Colocation sites for bought servers (`catalog::own`); the first is the one priced.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colocation: Vec<super::own::Colocation>,
    /// A provider's catalogue: keep the built-in hyperscaler and GPU-cloud offers beside its own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub include_reference: bool,
    /// Who publishes this catalogue (shown in the embed footer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher: Option<String>,
    /// Where `usd_per_eur` comes from (a sentence shown beside converted prices).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rate_source: String,
}

impl Catalog {
    pub fn rate(&self) -> UsdPerEur {
        UsdPerEur(self.usd_per_eur)
    }
    pub fn gpu(&self, id: &str) -> Option<&GpuSpec> {
        self.gpus.iter().find(|g| g.id == id)
    }
    pub fn model(&self, id: &str) -> Option<&ModelArch> {
        self.models.iter().find(|m| m.id == id)
    }
    pub fn offer(&self, id: &str) -> Option<&Offer> {
        self.offers.iter().find(|o| o.id == id)
    }
    /// Distinct provider names of the offers, sorted (for a `provider=` picker).
    pub fn providers(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.offers.iter().map(|o| o.provider.as_str()).collect();
        crate::order::sort(&mut names);
        names.dedup();
        names
    }
}

/// Datasheet figures of one accelerator, the ones the engine needs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GpuSpec {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub vendor: String,
    /// Usable memory in GiB (an "80 GB" H100 shows 79.6 GiB).
    pub memory_gib: f64,
    /// The vendor's label in GB, as marketed.
    #[serde(default)]
    pub memory_gb_label: f64,
    pub bandwidth_gbs: f64,
    #[serde(default)]
    pub fp32_tflops: f64,
    /// Dense (no 2:4 sparsity) BF16/FP16 tensor throughput.
    pub bf16_tflops: f64,
    #[serde(default)]
    pub fp8_tflops: Option<f64>,
    #[serde(default)]
    pub int8_tops: Option<f64>,
    #[serde(default)]
    pub fp4_tflops: Option<f64>,
    #[serde(default)]
    pub tdp_w: f64,
    /// GPU-to-GPU bandwidth per GPU, GB/s (NVLink / Infinity Fabric; PCIe when none).
    #[serde(default)]
    pub interconnect_gbs: f64,
    /// True when the GPUs talk over NVLink/NVSwitch/xGMI rather than PCIe.
    #[serde(default)]
    pub nvlink: bool,
    #[serde(default)]
    pub mig_max_instances: Option<u32>,
    #[serde(default)]
    pub form_factor: String,
    pub source: String,
    #[serde(default)]
    pub as_of: String,
    /// Caveats: estimated or derived figures and how the usable memory was computed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// What kind of offer: how it is billed and what it runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    CloudOnDemand,
    CloudReserved,
    CloudSpot,
    GpuCloud,
    BareMetal,
    Vps,
    DedicatedCpu,
    /// Hardware bought and colocated (built from the catalogue's `hardware`, with `own=1`).
    Own,
}

impl OfferKind {
    pub const ALL: [OfferKind; 8] = [
        OfferKind::CloudOnDemand,
        OfferKind::CloudReserved,
        OfferKind::CloudSpot,
        OfferKind::GpuCloud,
        OfferKind::BareMetal,
        OfferKind::Vps,
        OfferKind::DedicatedCpu,
        OfferKind::Own,
    ];
    pub fn id(self) -> &'static str {
        match self {
            OfferKind::CloudOnDemand => "cloud_on_demand",
            OfferKind::CloudReserved => "cloud_reserved",
            OfferKind::CloudSpot => "cloud_spot",
            OfferKind::GpuCloud => "gpu_cloud",
            OfferKind::BareMetal => "bare_metal",
            OfferKind::Vps => "vps",
            OfferKind::DedicatedCpu => "dedicated_cpu",
            OfferKind::Own => "own",
        }
    }
    pub fn parse(s: &str) -> Option<OfferKind> {
        OfferKind::ALL.into_iter().find(|k| k.id() == s.trim())
    }
    /// Billed by the hour and virtualised: the "cloud" side of the bare-metal-vs-cloud question.
    pub fn is_cloud(self) -> bool {
        matches!(
            self,
            OfferKind::CloudOnDemand
                | OfferKind::CloudReserved
                | OfferKind::CloudSpot
                | OfferKind::GpuCloud
        )
    }
    /// Runs on CPUs only (no GPU).
    pub fn is_cpu(self) -> bool {
        matches!(self, OfferKind::Vps | OfferKind::DedicatedCpu)
    }
}

/// How the hardware is shared between the code and the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Virtualization {
    BareMetal,
    Passthrough,
    Vm,
    Vgpu,
    Container,
}

impl Virtualization {
    pub fn id(self) -> &'static str {
        match self {
            Virtualization::BareMetal => "bare_metal",
            Virtualization::Passthrough => "passthrough",
            Virtualization::Vm => "vm",
            Virtualization::Vgpu => "vgpu",
            Virtualization::Container => "container",
        }
    }
}

/// How reliable the hosts of an offer are, from the provider's own words about the offer line
/// (not the provider as a whole): RunPod's Community Cloud is `community`, its Secure Cloud
/// `secure_cloud`; OCI's bare metal is `dedicated` although OCI is a hyperscaler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReliabilityClass {
    /// Consumer or individual hosts without a datacentre SLA (RunPod Community Cloud, Salad).
    Community,
    /// Third-party hosts of mixed quality, chosen per offer (Vast.ai).
    Marketplace,
    /// Provider-operated VMs or containers in datacentres.
    SecureCloud,
    /// Single-tenant bare metal or whole dedicated servers.
    Dedicated,
    /// AWS, GCP and Azure VMs, and IBM VPC.
    Hyperscaler,
}

impl ReliabilityClass {
    pub const ALL: [ReliabilityClass; 5] = [
        ReliabilityClass::Community,
        ReliabilityClass::Marketplace,
        ReliabilityClass::SecureCloud,
        ReliabilityClass::Dedicated,
        ReliabilityClass::Hyperscaler,
    ];
    pub fn id(self) -> &'static str {
        match self {
            ReliabilityClass::Community => "community",
            ReliabilityClass::Marketplace => "marketplace",
            ReliabilityClass::SecureCloud => "secure_cloud",
            ReliabilityClass::Dedicated => "dedicated",
            ReliabilityClass::Hyperscaler => "hyperscaler",
        }
    }
    /// Hosts a 24/7 service should not rest on unless the user allows them (`community=1`):
    /// consumer PCs and marketplace hosts, whose provider promises no datacentre SLA.
    pub fn is_unmanaged(self) -> bool {
        matches!(
            self,
            ReliabilityClass::Community | ReliabilityClass::Marketplace
        )
    }
}

/// What a price is per.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PricePer {
    Hour,
    Month,
}

/// A list price as published.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Price {
    pub amount: f64,
    pub currency: Currency,
    pub per: PricePer,
    /// Converted from another currency (or derived from a yearly price): shown as approximate.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub approximate: bool,
}

impl Price {
    pub fn money(&self) -> Money {
        Money::new(self.amount, self.currency)
    }
}

/// GPUs in one server or instance. In the catalogue's JSON, `count` below 1 is a slice of one
/// GPU (MIG or vGPU, `catalog::slice`): here it is one device (`count` 1) with its `slice`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    try_from = "super::slice::OfferGpuJson",
    into = "super::slice::OfferGpuJson"
)]
pub struct OfferGpu {
    pub id: String,
    /// Whole GPUs, or 1 for a slice.
    pub count: u32,
    /// The part of the GPU a slice rents; `None` for whole GPUs.
    pub slice: Option<super::slice::GpuSlice>,
}

impl OfferGpu {
    /// `count` whole GPUs of `id`.
    pub fn whole(id: impl Into<String>, count: u32) -> Self {
        OfferGpu {
            id: id.into(),
            count,
            slice: None,
        }
    }
}

/// The network between the machines of an offer, where the provider states one: what lets one
/// copy of a model span machines (pipeline parallelism at this speed). Without it, each copy stays
/// in one machine.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fabric {
    pub kind: FabricKind,
    /// Bandwidth per machine, Gbit/s.
    pub gbps: f64,
}

/// The kind of network between machines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FabricKind {
    Infiniband,
    Roce,
    Ethernet,
}

/// Egress terms of an offer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Egress {
    /// Free transfer included per month, TB (10^12 bytes).
    #[serde(default)]
    pub included_tb: f64,
    pub price_per_gb: f64,
    pub currency: Currency,
    /// No metering at all (most bare metal): egress costs nothing whatever the volume.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unmetered: bool,
}

/// One data location of an offer sold in several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferRegion {
    pub name: String,
    /// In an EU member state.
    pub eu: bool,
}

impl Offer {
    /// The data locations to show: with `eu_only`, only the offer's EU locations where it lists
    /// several (and `region` where it lists none in the EU, or names one location).
    pub fn shown_region(&self, eu_only: bool) -> String {
        if !eu_only || self.regions.is_empty() {
            return self.region.clone();
        }
        let eu: Vec<&str> = self
            .regions
            .iter()
            .filter(|r| r.eu)
            .map(|r| r.name.as_str())
            .collect();
        if eu.is_empty() {
            self.region.clone()
        } else {
            eu.join(", ")
        }
    }
}

/// A one-off fee.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fee {
    pub amount: f64,
    pub currency: Currency,
}

/// One thing a person can rent: an instance type, a server, a VPS plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Offer {
    pub id: String,
    pub provider: String,
    pub name: String,
    pub kind: OfferKind,
    /// GPUs in one instance or server; `None` for CPU-only offers.
    #[serde(default)]
    pub gpu: Option<OfferGpu>,
    #[serde(default)]
    pub vcpus: Option<u32>,
    #[serde(default)]
    pub ram_gib: Option<f64>,
    #[serde(default)]
    pub cpu: Option<String>,
    #[serde(default)]
    pub avx512: Option<bool>,
    #[serde(default)]
    pub amx: Option<bool>,
    /// Memory bandwidth available to this offer's CPUs, GB/s (CPU inference), when known or derived.
    #[serde(default)]
    pub cpu_bandwidth_gbs: Option<f64>,
    /// Whole physical cores (dedicated) rather than shared time slices (VPS).
    #[serde(default)]
    pub dedicated_cores: Option<bool>,
    pub virtualization: Virtualization,
    pub price: Price,
    #[serde(default)]
    pub setup_fee: Option<Fee>,
    #[serde(default)]
    pub min_term_months: f64,
    /// Egress terms; `None` when the source publishes none (the cost model then applies its own
    /// assumed default and marks the line "assumed").
    #[serde(default)]
    pub egress: Option<Egress>,
    /// Block storage for model weights, price per GB-month in the offer's price currency
    /// (the provider's network volume, e.g. AWS EBS gp3, GCP pd-ssd, Hetzner Volumes).
    /// `None` when the provider's price is unknown, and on bare metal, whose local disks
    /// (`local_storage_gb`) are included in the fee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_per_gb_month: Option<f64>,
    /// Local disk included in the price, GB.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_storage_gb: Option<f64>,
    /// Usable memory per GPU as the provider states it, GiB. Optional; when present it must agree
    /// with the GPU spec's `memory_gib` within 2% (the validator checks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_memory_gib: Option<f64>,
    #[serde(default)]
    pub region: String,
    /// The provider's legal home (`EU`, `US`, `other`, or an ISO 3166 country code such as `FI`,
    /// read as EU for a member state): a US provider's EU region is still `US`.
    pub jurisdiction: String,
    /// Whether the data stays in the EU (region), distinct from jurisdiction.
    #[serde(default)]
    pub region_eu: bool,
    /// Where one offer is sold in several data locations, each with whether it is in the EU
    /// (empty: `region` names the one location). With `eu=1` only the EU ones are shown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<OfferRegion>,
    #[serde(default)]
    pub single_tenant: bool,
    /// A built-in reference offer (hyperscaler / GPU cloud) kept beside a provider's own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reference: bool,
    pub source: String,
    pub as_of: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// The network between machines of this offer, where the provider states one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fabric: Option<Fabric>,
    /// What an approximate price leaves out: a key (`floor`, `median`, `gpu_only`,
    /// `gpu_only_priced`, `listing`, `low_confidence`, `yearly`, `monthly_as_hourly`, worded by
    /// `crate::words::api::price_note`) or a provider's own words.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub price_note: String,
    /// The provider may stop the machines at short notice although the offer is not sold as spot:
    /// a distributed network of consumer PCs whose nodes "can disconnect at any time" (Salad).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interruptible: bool,
    /// The reliability of the offer's hosts, from the provider's own words (`None`: not
    /// classified; the cost model then treats the offer as provider-operated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reliability_class: Option<ReliabilityClass>,
    /// The source leaves the machine's configuration unknown (its notes say "config unknown"):
    /// a verdict resting on it should say so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub config_unknown: bool,
    /// The source leaves the offer's availability uncertain (stock not verified, a term the
    /// page hid): a verdict resting on it should say so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub availability_uncertain: bool,
    /// Bought hardware (kind `own`): the purchase and the site it is colocated in. Built by the
    /// report from the catalogue's `hardware` and `colocation` (`own=1`), never read from an
    /// offer's JSON, so every purchase has passed their validation.
    #[serde(skip)]
    pub purchase: Option<super::own::Purchase>,
}

/// An empty hourly cloud offer, for building offers in code and tests with `..Offer::default()`.
impl Default for Offer {
    fn default() -> Self {
        Offer {
            id: String::new(),
            provider: String::new(),
            name: String::new(),
            kind: OfferKind::CloudOnDemand,
            gpu: None,
            vcpus: None,
            ram_gib: None,
            cpu: None,
            avx512: None,
            amx: None,
            cpu_bandwidth_gbs: None,
            dedicated_cores: None,
            virtualization: Virtualization::Vm,
            price: Price {
                amount: 0.0,
                currency: Currency::Usd,
                per: PricePer::Hour,
                approximate: false,
            },
            setup_fee: None,
            min_term_months: 0.0,
            egress: None,
            storage_per_gb_month: None,
            local_storage_gb: None,
            gpu_memory_gib: None,
            region: String::new(),
            jurisdiction: "US".into(),
            region_eu: false,
            regions: Vec::new(),
            single_tenant: false,
            reference: false,
            source: String::new(),
            as_of: String::new(),
            notes: String::new(),
            fabric: None,
            price_note: String::new(),
            interruptible: false,
            reliability_class: None,
            config_unknown: false,
            availability_uncertain: false,
            purchase: None,
        }
    }
}

impl Offer {
    /// The provider is under EU law: `EU`, or a member state's ISO code (`FI`), as API rows.
    pub fn eu_jurisdiction(&self) -> bool {
        super::apis::is_eu_law(&self.jurisdiction)
    }
    pub fn gpu_count(&self) -> u32 {
        self.gpu.as_ref().map_or(0, |g| g.count)
    }
    pub fn gpu_id(&self) -> Option<&str> {
        self.gpu.as_ref().map(|g| g.id.as_str())
    }
}

/// A GPU of the catalogue as the sizing model reads it: figures that are missing, negative or not
/// finite become 0 (or the PCIe default for the link).
impl From<&GpuSpec> for crate::model::GpuFigures {
    fn from(g: &GpuSpec) -> Self {
        let pos = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
        let opt = |x: Option<f64>| x.filter(|v| v.is_finite() && *v > 0.0);
        crate::model::GpuFigures {
            memory: crate::units::Bytes::from_gib(pos(g.memory_gib)),
            bandwidth_gbs: pos(g.bandwidth_gbs),
            bf16_tflops: pos(g.bf16_tflops),
            fp8_tflops: opt(g.fp8_tflops),
            fp4_tflops: opt(g.fp4_tflops),
            // PCIe 4 x16 (~32 GB/s) when the catalogue says nothing.
            interconnect_gbs: if g.interconnect_gbs > 0.0 {
                g.interconnect_gbs
            } else {
                32.0
            },
            nvlink: g.nvlink,
            vendor: crate::model::compat::GpuFamily::of(&g.id, &g.name, &g.vendor).vendor,
        }
    }
}
