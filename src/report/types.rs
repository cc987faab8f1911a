//! The report's own types: the model, memory, speed and chart series it carries. The options and
//! the verdict are the cost and plan layers' types ([`crate::cost::OptionReport`],
//! [`crate::plan::Recommendation`]), re-exported by [`crate::report`].

use crate::cost::{self, OptionReport};
use crate::lang::Lang;
use crate::model::MemoryTerm;
use crate::plan::Recommendation;
use serde::{Deserialize, Serialize};

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
    pub kv_cache_bytes: u64,
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

/// How far the recommended hardware stretches: the longest context per request at the
/// scenario's concurrency, and the most concurrent requests at its context.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Headroom {
    /// Longest context per request that fits with `at_sequences` requests (capped at
    /// `context_limit`).
    pub max_context_tokens: u64,
    pub at_sequences: u64,
    /// Most concurrent requests that fit with `at_context` tokens each.
    pub max_sequences: u64,
    pub at_context: u64,
    /// The model's own context limit (`max_position`); 0 when unknown.
    pub context_limit: u64,
}

impl Headroom {
    /// "On this hardware: up to 23,456 tokens of context per request at 16 concurrent requests,
    /// or up to 42 concurrent requests at 8,192 tokens."
    pub fn sentence(&self, lang: Lang) -> String {
        let n = |x: u64| cost::words::number(x as f64, 0, lang);
        let (ctx, seqs) = (n(self.max_context_tokens), n(self.at_sequences));
        let whole = self.context_limit > 0 && self.max_context_tokens >= self.context_limit;
        let context = match (whole, lang) {
            (true, Lang::En) => {
                format!("the model's whole context ({ctx} tokens) per request even at {seqs} concurrent requests")
            }
            (true, Lang::Es) => {
                format!("todo el contexto del modelo ({ctx} tokens) por petición incluso con {seqs} peticiones simultáneas")
            }
            (false, Lang::En) => {
                format!("up to {ctx} tokens of context per request at {seqs} concurrent requests")
            }
            (false, Lang::Es) => {
                format!(
                    "hasta {ctx} tokens de contexto por petición con {seqs} peticiones simultáneas"
                )
            }
        };
        let (most, at) = (n(self.max_sequences), n(self.at_context));
        match lang {
            Lang::En => format!(
                "On this hardware: {context}, or up to {most} concurrent requests at {at} tokens."
            ),
            Lang::Es => format!(
                "En este equipo: {context}, o hasta {most} peticiones simultáneas con {at} tokens."
            ),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ThroughputReport {
    pub decode_tokens_per_s_per_user: f64,
    pub aggregate_tokens_per_s: f64,
    pub ttft_ms: f64,
    /// The hardware these speeds were estimated on (the recommendation's).
    pub hardware: String,
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
    /// The series behind the charts (numbers only; `chart::from_report` adds the words).
    #[serde(default)]
    pub curves: Curves,
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
    /// Cost per million output tokens against the utilisation of the fixed-fee option's
    /// capacity: that option, then the hourly cloud its break-even utilisation compares with
    /// (`OptionReport::break_even_utilisation_against`).
    pub cost_vs_utilisation: Vec<CostCurve>,
    /// The fixed-fee option's break-even utilisation, where the two curves cross.
    pub break_even_utilisation: Option<f64>,
}
