//! One costed option as the report carries it, with its cost lines and the sentences written
//! when first read.

use super::OptionCost;
use crate::catalog::{OfferKind, Virtualization};
use crate::lang::Lang;
use crate::units::Bytes;
use serde::{Deserialize, Serialize};

/// One hidden or visible cost line of an option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostLine {
    /// `compute`, `setup`, `egress`, `storage`, `monitoring`, `idle`, `energy`, ...
    pub key: String,
    pub monthly: f64,
    /// True when the figure rests on a default the user did not set.
    pub assumed: bool,
    pub basis: LazyText,
}

/// Words written when first read. A report has a basis sentence for every cost line of every
/// option (about 700 of them), the page shows a handful, and writing them all was a third of an
/// evaluation. Compares, prints and serialises as its text, so the JSON is the same as a `String`'s.
#[derive(Clone)]
pub struct LazyText {
    text: std::sync::OnceLock<String>,
    source: Option<Words>,
}

/// What a [`LazyText`] is written from.
#[derive(Clone, PartialEq)]
enum Words {
    CostBasis(super::Basis, crate::units::Currency, Lang),
    /// Why an option cannot serve: every shortfall, then every exclusion, joined by "; ".
    /// The table shows 25 options of over a hundred.
    WhyNot(Box<(Vec<super::Shortfall>, Vec<super::Exclusion>)>, Lang),
}

impl LazyText {
    fn lazy(words: Words) -> Self {
        LazyText {
            text: std::sync::OnceLock::new(),
            source: Some(words),
        }
    }

    /// The sentence of a cost line's basis, written on first read.
    pub fn cost_basis(basis: super::Basis, currency: crate::units::Currency, lang: Lang) -> Self {
        Self::lazy(Words::CostBasis(basis, currency, lang))
    }

    /// Why an option cannot serve, written on first read; `None` when nothing stands in its way.
    pub fn why_not(
        shortfalls: Vec<super::Shortfall>,
        exclusions: Vec<super::Exclusion>,
        lang: Lang,
    ) -> Option<Self> {
        (!shortfalls.is_empty() || !exclusions.is_empty())
            .then(|| Self::lazy(Words::WhyNot(Box::new((shortfalls, exclusions)), lang)))
    }

    /// The text (written now if it was not yet).
    pub fn as_str(&self) -> &str {
        self.text.get_or_init(|| match &self.source {
            Some(Words::CostBasis(basis, currency, lang)) => basis.sentence(*currency, *lang),
            Some(Words::WhyNot(reasons, lang)) => {
                let (shortfalls, exclusions) = &**reasons;
                crate::words::cost::why_not(shortfalls, exclusions, *lang)
            }
            None => String::new(),
        })
    }
}

impl From<String> for LazyText {
    fn from(text: String) -> Self {
        LazyText {
            text: std::sync::OnceLock::from(text),
            source: None,
        }
    }
}

impl From<&str> for LazyText {
    fn from(text: &str) -> Self {
        LazyText::from(text.to_string())
    }
}

impl std::ops::Deref for LazyText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for LazyText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for LazyText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for LazyText {
    fn eq(&self, other: &Self) -> bool {
        // The same figures say the same words: no need to write them (the page compares each
        // new report with the last one on every edit). Otherwise compare the words themselves.
        match (&self.source, &other.source) {
            (Some(a), Some(b)) if a == b => true,
            _ => self.as_str() == other.as_str(),
        }
    }
}

impl PartialEq<str> for LazyText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for LazyText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for LazyText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl Serialize for LazyText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for LazyText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(LazyText::from)
    }
}

/// One offer evaluated against the scenario. The fields marked `serde(skip)` are for the page
/// only (names and sizes it shows, which the catalogue holds): the JSON report leaves them out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionReport {
    pub offer_id: String,
    pub provider: String,
    pub name: String,
    pub kind: OfferKind,
    pub gpu_id: Option<String>,
    /// The GPU's name as the catalogue gives it (`H100 SXM`), else its id; `None` without GPUs.
    #[serde(skip)]
    pub gpu_name: Option<String>,
    /// The memory of one of its GPUs; `None` without GPUs.
    #[serde(skip)]
    pub gpu_memory: Option<Bytes>,
    pub gpu_count: u32,
    pub servers: u32,
    pub fits: bool,
    pub why_not: Option<LazyText>,
    pub monthly_cost: f64,
    pub total_cost: f64,
    /// Null where the option cannot serve (does not fit or misses a target).
    pub cost_per_million_tokens: Option<f64>,
    pub cost_per_thousand_requests: Option<f64>,
    /// Null where it does not apply, and where the option cannot serve.
    pub break_even_weeks: Option<f64>,
    pub break_even_utilisation: Option<f64>,
    pub utilisation: f64,
    pub energy_kwh_per_month: f64,
    pub price_per_hour: f64,
    pub price_per_gpu_hour: Option<f64>,
    pub currency: String,
    pub region: String,
    pub jurisdiction: String,
    pub virtualization: Virtualization,
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
    /// GPUs one copy uses (0 on CPU).
    #[serde(default)]
    pub gpus_per_replica: u32,
    /// How one copy is split: tensor parallel within a machine, pipeline stages, expert parallel.
    #[serde(default)]
    pub parallelism: super::Parallelism,
    /// The network one copy crosses between machines (the offer's stated fabric); `null` when
    /// each copy stays in one machine.
    #[serde(default)]
    pub fabric: Option<crate::catalog::Fabric>,
    /// `bare_metal`, `cloud` or `cpu`.
    pub deployment: super::Deployment,
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
    /// The hourly cloud offer `break_even_utilisation` compares with (the cheapest capacity paid
    /// by the hour, without commitment), drawn on the cost-per-token chart.
    #[serde(default)]
    pub break_even_utilisation_against: Option<String>,
    /// Fine-tuning: hours and cost of one epoch on one replica.
    #[serde(default)]
    pub epoch_hours: Option<f64>,
    #[serde(default)]
    pub cost_per_epoch: Option<f64>,
    /// One-off setup fee in the report currency (0: none).
    #[serde(default)]
    pub setup_fee: f64,
    /// Months of the fixed fee paid up front at a time (12 for a prepaid year, paid on its first
    /// day); absent when the fee is paid month by month.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prepaid_months: Option<f64>,
    /// Bought hardware (kind `own`): the cash before the first request, the purchase and its
    /// setup for every server, in the report's currency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upfront: Option<f64>,
    /// What the engine, weight format and GPU give up together while they run (FP8 weight-only
    /// on Ampere, GGUF on vLLM), as a sentence; null when nothing.
    #[serde(default)]
    pub caveat: Option<String>,
    /// Spot or preemptible capacity: the provider may stop it at short notice (usable for
    /// serving only with `spot=1`).
    #[serde(default)]
    pub interruptible: bool,
    /// The reliability of the option's hosts, from the provider's own words: `community`,
    /// `marketplace`, `secure_cloud`, `dedicated` or `hyperscaler`; null when not classified.
    #[serde(default)]
    pub reliability_class: Option<String>,
    /// The catalogue's source leaves the machine's configuration unknown.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub config_unknown: bool,
    /// The catalogue's source leaves the offer's availability uncertain.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub availability_uncertain: bool,
    /// The part of one GPU the option rents (MIG or time-shared vGPU); absent for whole GPUs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slice: Option<super::SliceReport>,
    /// Fine-tuning: what the whole job costs on this option (`epochs` epochs at the price for
    /// that duration, at least the minimum term, plus setup fees); null when serving and where
    /// the option cannot run the job.
    #[serde(default)]
    pub job_cost: Option<f64>,
    /// What an approximate price leaves out, in words (`approximate_price`); null otherwise.
    #[serde(default)]
    pub price_note: Option<String>,
    /// Each copy at the peak when its concurrency follows from the request rate (`conc=load`
    /// with `rpd`): `requests_per_s`, `concurrency`, `slots`, `utilisation`,
    /// `decode_tokens_per_s`, `tpot_ms`, `ttft_p95_ms` (queue included), `queue_p95_ms` and
    /// `binding` (the limit that decided the copies); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_load: Option<super::load::AtLoad>,
    /// Copies beyond the load's need (`spare`), included in `replicas`.
    #[serde(default)]
    pub spare_copies: u32,
    /// The limit that decided the number of copies, in words; null without a request rate.
    #[serde(default)]
    pub sized_by: Option<String>,
    /// With a day profile (`busy_from`, `busy_to`): the machines kept outside the busy hours
    /// (0: scaled to zero); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub servers_off_peak: Option<u32>,
    /// Seconds from starting one machine to its first answer: boot, the engine's image, the
    /// weights read in (`cost::profile::cold_start_s`).
    #[serde(default)]
    pub cold_start_s: f64,
}

/// How the copies of a model sit on machines, as an option and the verdict both carry it.
pub(crate) struct Deployed<'a> {
    pub replicas: u32,
    pub gpus_per_replica: u32,
    pub servers: u32,
    pub parallelism: &'a crate::model::placement::Parallelism,
    pub fabric: Option<&'a crate::catalog::Fabric>,
}

impl Deployed<'_> {
    /// In words, on GPUs named `gpu`; `None` for a CPU deployment (no GPUs per copy).
    pub fn shape(&self, gpu: &str, lang: Lang) -> Option<String> {
        (self.gpus_per_replica > 0).then(|| {
            crate::words::cost::DeploymentShape {
                replicas: self.replicas,
                gpus_per_replica: self.gpus_per_replica,
                servers: self.servers,
                // Only a stated fabric lets one copy span machines.
                servers_per_replica: if self.fabric.is_some() {
                    (self.servers / self.replicas.max(1)).max(1)
                } else {
                    1
                },
                gpu,
                tp: self.parallelism.tp,
                pp: self.parallelism.pp,
                fabric: self.fabric.map(fabric_id),
            }
            .sentence(lang)
        })
    }
}

/// A fabric's kind as its id (`infiniband`, `roce`, `ethernet`), for words.
pub fn fabric_id(f: &crate::catalog::Fabric) -> (&'static str, f64) {
    use crate::catalog::FabricKind;
    let id = match f.kind {
        FabricKind::Infiniband => "infiniband",
        FabricKind::Roce => "roce",
        FabricKind::Ethernet => "ethernet",
    };
    (id, f.gbps)
}

impl OptionReport {
    /// How the copies of the model sit on this option's machines ("2 replicas, each 1× H100
    /// SXM (80GB), on 1 machine"); `None` without GPUs.
    pub fn deployment_shape(&self, lang: Lang) -> Option<String> {
        if let Some(s) = &self.slice {
            return Some(crate::words::slice::deployment(
                self.replicas,
                &s.words,
                lang,
            ));
        }
        let gpu = self.gpu_name.as_deref().or(self.gpu_id.as_deref())?;
        Deployed {
            replicas: self.replicas,
            gpus_per_replica: self.gpus_per_replica,
            servers: self.servers,
            parallelism: &self.parallelism,
            fabric: self.fabric.as_ref(),
        }
        .shape(gpu, lang)
    }
}

impl OptionCost {
    /// How the copies of the model sit on this option's machines, the GPUs by name (a slice's
    /// words once the report names it); `None` without GPUs.
    pub fn deployment_shape(&self, lang: Lang) -> Option<String> {
        let gpu = self.gpu_name.as_deref().or(self.gpu_id.as_deref())?;
        Deployed {
            replicas: self.replicas,
            gpus_per_replica: self.gpus_per_replica,
            servers: self.servers,
            parallelism: &self.parallelism,
            fabric: self.fabric.as_ref(),
        }
        .shape(gpu, lang)
    }

    /// The option as the report shows it, sentences in `lang`. Every number is finite.
    pub fn to_report(&self, lang: Lang) -> OptionReport {
        self.clone().into_report(lang)
    }

    /// As [`OptionCost::to_report`], moving the strings instead of copying them (faster when
    /// the options are no longer needed, e.g. after `plan::recommend`).
    pub fn into_report(self, lang: Lang) -> OptionReport {
        let usable = self.is_usable();
        // What it would cost per token, per request or to break even means nothing where the
        // option cannot serve the load (a constraint aside, it could).
        let serves = self.serves();
        // Weeks to break even against the cloud chosen instead mean nothing on a rejected option.
        let break_even_weeks = self.break_even_weeks().filter(|_| usable);
        let job_cost = self.job.map(|j| j.cost.amount).filter(|_| serves);
        let break_even_utilisation = self.break_even_utilisation();
        let (break_even_against, break_even_utilisation_against) = match self.break_even {
            Some(b) => (Some(b.against_offer_id), b.utilisation_against_offer_id),
            None => (None, None),
        };
        OptionReport {
            offer_id: self.offer_id,
            provider: self.provider,
            name: self.name,
            kind: self.kind,
            gpu_name: self.gpu_name.or_else(|| self.gpu_id.clone()),
            gpu_memory: None,
            gpu_id: self.gpu_id,
            gpu_count: self.gpu_count,
            servers: self.servers,
            fits: self.fits,
            why_not: LazyText::why_not(self.shortfalls, self.exclusions, lang),
            monthly_cost: self.monthly.amount(),
            total_cost: self.total.amount,
            cost_per_million_tokens: serves.then_some(self.cost_per_million_tokens.amount),
            cost_per_thousand_requests: serves.then_some(self.cost_per_thousand_requests.amount),
            break_even_weeks,
            break_even_utilisation,
            utilisation: self.utilisation,
            energy_kwh_per_month: self.energy_kwh_per_month,
            price_per_hour: self.price_per_hour.amount(),
            price_per_gpu_hour: self.price_per_gpu_hour.map(|p| p.amount()),
            currency: self.currency.code().to_string(),
            region: self.region,
            jurisdiction: self.jurisdiction,
            virtualization: self.virtualization,
            memory_per_gpu_bytes: self.memory_per_gpu_bytes,
            decode_tokens_per_s_per_user: self.decode_tokens_per_s_per_user,
            ttft_ms: self.ttft_ms_mean,
            cost_lines: self
                .lines
                .into_iter()
                .map(|l| CostLine {
                    key: l.key.id().to_string(),
                    monthly: l.monthly.amount(),
                    assumed: l.assumed,
                    basis: LazyText::cost_basis(l.basis, l.monthly.currency(), lang),
                })
                .collect(),
            source: self.source,
            as_of: self.as_of,
            approximate_price: self.approximate_price,
            replicas: self.replicas,
            gpus_per_replica: self.gpus_per_replica,
            parallelism: self.parallelism,
            fabric: self.fabric,
            deployment: self.deployment,
            usable,
            ttft_p95_ms: self.ttft_ms_p95,
            hypervisor_tax: self.hypervisor_tax,
            billed_hours_per_month: self.billed_hours_per_month,
            break_even_against,
            break_even_utilisation_against,
            epoch_hours: self.epoch.map(|e| e.hours),
            cost_per_epoch: self.epoch.map(|e| e.cost.amount),
            setup_fee: 0.0,
            prepaid_months: (self.prepaid_months > 0.0).then_some(self.prepaid_months),
            upfront: None,
            caveat: self.caveat.map(|d| d.sentence(lang)),
            interruptible: self.interruptible,
            reliability_class: self.reliability_class.map(|r| r.id().to_string()),
            config_unknown: self.config_unknown,
            availability_uncertain: self.availability_uncertain,
            slice: None,
            job_cost,
            price_note: None,
            at_load: self.load_need.and_then(|n| n.at_load),
            spare_copies: self.load_need.map_or(0, |n| n.spare),
            sized_by: self
                .load_need
                .map(|n| crate::words::plan::sized_by(&n, lang)),
            servers_off_peak: self.servers_off_peak,
            cold_start_s: self.cold_start_s,
        }
    }
}
