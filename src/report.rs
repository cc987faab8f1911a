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

use crate::catalog::Catalog;
use crate::model::{ArchFamily, ModelArch};
use crate::scenario::{Lang, Scenario};

/// The model a scenario describes: a preset with the URL's architecture overrides applied, or a
/// custom model known only by its parameter count. Unknown presets fall back to the default with a
/// warning.
pub fn resolve_model(
    s: &Scenario,
    catalog: &Catalog,
    lang: Lang,
    warnings: &mut Vec<String>,
) -> ModelArch {
    if let Some(billions) = s.params_b {
        let params = (billions * 1e9).round() as u64;
        let mut arch = ModelArch {
            id: "custom".into(),
            name: match lang {
                Lang::En => format!("Custom model ({} B parameters)", trim_number(billions)),
                Lang::Es => format!("Modelo propio ({} B de parámetros)", trim_number(billions)),
            },
            family: ArchFamily::ParamsOnly,
            params: Some(params),
            ..ModelArch::default()
        };
        apply_overrides(&mut arch, s);
        return arch;
    }
    let mut arch = match catalog.model(&s.model) {
        Some(m) => m.clone(),
        None => {
            let fallback = crate::scenario::DEFAULT_MODEL;
            warnings.push(match lang {
                Lang::En => format!(
                    "Unknown model \"{}\"; showing {} instead.",
                    s.model, fallback
                ),
                Lang::Es => format!(
                    "Modelo desconocido \"{}\"; se muestra {} en su lugar.",
                    s.model, fallback
                ),
            });
            catalog
                .model(fallback)
                .or_else(|| catalog.models.first())
                .cloned()
                .unwrap_or_else(|| ModelArch {
                    id: "custom".into(),
                    name: "Custom model (70 B parameters)".into(),
                    family: ArchFamily::ParamsOnly,
                    params: Some(70_000_000_000),
                    ..ModelArch::default()
                })
        }
    };
    apply_overrides(&mut arch, s);
    arch
}

fn apply_overrides(arch: &mut ModelArch, s: &Scenario) {
    let o = &s.arch;
    if o.is_empty() {
        return;
    }
    let set = |field: &mut u64, v: Option<u64>| {
        if let Some(v) = v {
            *field = v;
        }
    };
    set(&mut arch.layers, o.layers);
    set(&mut arch.hidden, o.hidden);
    set(&mut arch.heads, o.heads);
    set(&mut arch.kv_heads, o.kv_heads);
    set(&mut arch.ffn, o.ffn);
    set(&mut arch.vocab, o.vocab);
    set(&mut arch.experts, o.experts);
    set(&mut arch.experts_active, o.experts_active);
    set(&mut arch.moe_ffn, o.moe_ffn);
    set(&mut arch.kv_lora_rank, o.kv_lora_rank);
    set(&mut arch.rope_dim, o.rope_dim);
    set(&mut arch.window, o.window);
    if o.head_dim.is_some() {
        arch.head_dim = o.head_dim;
    }
    if let Some(t) = o.tied {
        arch.tied = t;
    }
    // Overridden fields make it a different model: say so in its name and id.
    arch.id = format!("{}+custom", arch.id);
    arch.official_params = None;
}

fn trim_number(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Parses a query string or share URL and evaluates it: the URL's warnings come first in the report.
pub fn evaluate_query(query: &str, catalog: &Catalog) -> Report {
    let (scenario, url_warnings) = Scenario::from_query(query);
    let lang = scenario.lang.unwrap_or_default();
    let mut report = evaluate(&scenario, catalog);
    let mut warnings: Vec<String> = url_warnings.iter().map(|w| w.message(lang)).collect();
    warnings.append(&mut report.warnings);
    report.warnings = warnings;
    report
}

/// Evaluates a scenario against a catalogue: the single entry point of the pure core.
pub fn evaluate(s: &Scenario, catalog: &Catalog) -> Report {
    let lang = s.lang.unwrap_or_default();
    let mut warnings = Vec::new();
    let arch = resolve_model(s, catalog, lang, &mut warnings);
    Report {
        schema: REPORT_SCHEMA,
        scenario: s.figures_query(),
        warnings,
        model: ModelSummary {
            id: arch.id.clone(),
            name: arch.name.clone(),
            family: format!("{:?}", arch.family).to_lowercase(),
            ..ModelSummary::default()
        },
        currency: s.cur.code().to_string(),
        catalog_as_of: catalog.as_of.clone(),
        ..Report::default()
    }
}
