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
    CostBasis(cost::Basis, crate::units::Currency, Lang),
    /// Why an option cannot serve: every shortfall, then every exclusion, joined by "; ".
    /// The table shows 25 options of over a hundred.
    WhyNot(Box<(Vec<cost::Shortfall>, Vec<cost::Exclusion>)>, Lang),
}

impl LazyText {
    fn lazy(words: Words) -> Self {
        LazyText {
            text: std::sync::OnceLock::new(),
            source: Some(words),
        }
    }

    /// The sentence of a cost line's basis, written on first read.
    pub fn cost_basis(basis: cost::Basis, currency: crate::units::Currency, lang: Lang) -> Self {
        Self::lazy(Words::CostBasis(basis, currency, lang))
    }

    /// Why an option cannot serve, written on first read; `None` when nothing stands in its way.
    pub fn why_not(
        shortfalls: Vec<cost::Shortfall>,
        exclusions: Vec<cost::Exclusion>,
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
                let sentences: Vec<String> = shortfalls
                    .iter()
                    .map(|s| s.sentence(*lang))
                    .chain(exclusions.iter().map(|e| e.sentence(*lang)))
                    .collect();
                sentences.join("; ")
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
    pub why_not: Option<LazyText>,
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

use crate::catalog::{Catalog, Offer};
use crate::cost::{self, CostDefaults, OfferSizing};
use crate::model::{
    self, ArchFamily, Efficiency, EngineConstants, GpuFigures, Hardware, ModelArch,
};
use crate::plan;
use crate::scenario::{Lang, Scenario};
use crate::units::{Bytes, Money};

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
///
/// Per offer it asks the sizing engine whether and how the model fits (GPUs, servers, memory per
/// device, speed as on bare metal), hands those facts to the cost model (which adds the hypervisor
/// tax, the load, the hidden costs and break-even), and lets the planner pick the verdict.
pub fn evaluate(s: &Scenario, catalog: &Catalog) -> Report {
    let lang = s.lang.unwrap_or_default();
    let mut warnings = Vec::new();
    let arch = resolve_model(s, catalog, lang, &mut warnings);
    let view: std::borrow::Cow<Catalog> = match &s.provider {
        Some(p) => std::borrow::Cow::Owned(crate::catalog::filter_provider(catalog, p)),
        None => std::borrow::Cow::Borrowed(catalog),
    };
    if s.provider.is_some() && view.offers.iter().all(|o| o.reference) {
        warnings.push(match lang {
            Lang::En => format!(
                "No offers from provider \"{}\" in this catalogue.",
                s.provider.as_deref().unwrap_or("")
            ),
            Lang::Es => format!(
                "No hay ofertas del proveedor \"{}\" en este catálogo.",
                s.provider.as_deref().unwrap_or("")
            ),
        });
    }
    if let Some(asof) = &s.asof {
        if *asof != catalog.as_of && !catalog.as_of.is_empty() {
            warnings.push(match lang {
                Lang::En => format!("Prices have changed since this link was made ({asof}); they are now as of {}.", catalog.as_of),
                Lang::Es => format!("Los precios han cambiado desde que se creó este enlace ({asof}); ahora son del {}.", catalog.as_of),
            });
        }
    }

    let wl = model_workload(s);
    let consts = EngineConstants::default();
    let eff = efficiency(s);
    let prepared = model::prepare(&arch, &wl);
    let counts = prepared.params;

    // Offers with the same GPUs per server size the same way (many providers sell the same 8x
    // H100 box): size each configuration once.
    let mut by_config: std::collections::HashMap<(&str, u32), OfferSizing> = Default::default();
    let sizings: Vec<(&Offer, OfferSizing)> = view
        .offers
        .iter()
        .map(|o| {
            let sizing = match &o.gpu {
                Some(g) if g.count > 0 => by_config
                    .entry((g.id.as_str(), g.count))
                    .or_insert_with(|| {
                        size_offer(&arch, &prepared, &wl, o, &view, &consts, &eff, lang)
                    })
                    .clone(),
                _ => size_offer(&arch, &prepared, &wl, o, &view, &consts, &eff, lang),
            };
            (o, sizing)
        })
        .collect();
    let workload = cost::Workload::from_scenario(s);
    let defaults = CostDefaults::with_assumptions(&s.assumptions);
    let mut all = cost::evaluate_all(
        sizings.iter().map(|(o, z)| (*o, z)),
        &workload,
        &defaults,
        s.cur,
        catalog.rate(),
    );
    // GPUs by name in the runner-ups' and exclusions' words, not by id.
    for o in &mut all {
        o.gpu_name = o
            .gpu_id
            .as_deref()
            .and_then(|id| view.gpu(id))
            .map(|g| g.name.clone());
        for e in &mut o.exclusions {
            if let cost::Exclusion::GpuNotAllowed { gpu } = e {
                if let Some(spec) = view.gpu(gpu) {
                    *gpu = spec.name.clone();
                }
            }
        }
    }
    let recommendation = plan::recommend(&all, &workload, lang);
    if recommendation.is_none() {
        if let Some(none) = plan::why_none(&all, &workload) {
            warnings.push(none.sentence(lang));
        }
    }

    // Memory and speed on the recommended hardware; without one, the bare requirement.
    let chosen = recommendation
        .as_ref()
        .and_then(|r| view.offer(&r.offer_id))
        .and_then(|o| {
            hardware_of(
                o,
                &view,
                all.iter()
                    .find(|c| c.offer_id == o.id)
                    .map_or(1, |c| c.servers.max(1)),
                lang,
            )
        });
    let (hw, hw_name) = match &chosen {
        Some((hw, name)) => (hw.clone(), name.clone()),
        None => (Hardware::unbounded(), String::new()),
    };
    let mem = model::memory_prepared_in(&arch, &prepared, &wl, &hw, &consts, lang);
    let headroom = (chosen.is_some() && wl.task == model::Task::Infer).then(|| Headroom {
        max_context_tokens: model::max_context_prepared(&arch, &prepared, &wl, &hw, &consts),
        at_sequences: wl.seqs,
        max_sequences: model::max_concurrency_prepared(&arch, &prepared, &wl, &hw, &consts),
        at_context: wl.ctx,
        context_limit: arch.max_position,
    });
    let speed = model::speed_prepared(&arch, &prepared, &wl, &hw, &eff);
    let terms: Vec<MemoryTerm> = mem.terms.iter().map(MemoryTerm::from).collect();

    // What the cost chart needs from each option, kept before the options become report rows.
    let facts: Vec<CostFacts> = all
        .iter()
        .map(|c| CostFacts {
            capacity_requests_per_s: c.capacity_requests_per_s,
            billed_hours_per_month: c.billed_hours_per_month,
            monthly: c.monthly.amount(),
        })
        .collect();
    // The hourly cloud the break-even utilisation compares with: the chart draws this very one.
    let hourly = cost::hourly_benchmark(&all);
    let offers_by_id: std::collections::HashMap<&str, &Offer> =
        view.offers.iter().map(|o| (o.id.as_str(), o)).collect();
    let setup_fees: Vec<f64> = all
        .iter()
        .map(|c| {
            offers_by_id
                .get(c.offer_id.as_str())
                .and_then(|o| o.setup_fee)
                .map(|f| {
                    Money::new(f.amount, f.currency)
                        .to(s.cur, catalog.rate())
                        .amount
                })
                .unwrap_or(0.0)
        })
        .collect();
    let options: Vec<OptionReport> = all
        .into_iter()
        .zip(setup_fees)
        .map(|(c, setup_fee)| OptionReport {
            setup_fee,
            ..c.into_report(lang)
        })
        .collect();
    let curves = curves(
        &arch,
        &prepared,
        &wl,
        &hw,
        chosen.is_some(),
        &consts,
        s,
        &options,
        &facts,
        hourly.as_ref(),
        workload.tokens_out,
    );

    Report {
        schema: REPORT_SCHEMA,
        scenario: s.figures_query(),
        warnings,
        model: ModelSummary {
            id: arch.id.clone(),
            name: arch.name.clone(),
            params: counts.total,
            active_params: counts.active,
            family: family_id(arch.family).to_string(),
        },
        memory: MemoryReport {
            weights_bytes: mem.weights.whole(),
            kv_bytes_per_token: mem.kv_bytes_per_token.whole(),
            kv_cache_bytes: mem.kv_cache.whole(),
            activation_bytes: mem.activations.whole(),
            overhead_bytes: mem.overhead.whole(),
            total_bytes: mem.total.whole(),
            terms,
            headroom,
        },
        throughput: ThroughputReport {
            decode_tokens_per_s_per_user: finite(speed.decode_tokens_per_s_per_user),
            aggregate_tokens_per_s: finite(speed.aggregate_tokens_per_s),
            ttft_ms: finite(speed.ttft_ms),
            hardware: hw_name,
        },
        recommendation,
        options,
        currency: s.cur.code().to_string(),
        catalog_as_of: catalog.as_of.clone(),
        curves,
    }
}

fn finite(v: f64) -> f64 {
    if v.is_finite() {
        v
    } else {
        0.0
    }
}

fn family_id(f: ArchFamily) -> &'static str {
    match f {
        ArchFamily::Dense => "dense",
        ArchFamily::Moe => "moe",
        ArchFamily::GptOss => "gpt_oss",
        ArchFamily::DeepseekMla => "deepseek_mla",
        ArchFamily::Encoder => "encoder",
        ArchFamily::ParamsOnly => "params_only",
    }
}

/// The sizing engine's view of the scenario.
pub fn model_workload(s: &Scenario) -> model::Workload {
    // Fine-tuning at the default batch: a training micro-batch, not the serving concurrency.
    let (seqs, ctx) = s.sized_batch();
    model::Workload {
        quant: s.quant,
        kv: s.kv,
        ctx,
        seqs,
        engine: s.engine,
        task: s.task,
        tokens_in: s.tokens_in,
        tokens_out: s.tokens_out,
        // The app's default `bf16` means "as the model ships" for natively quantised models.
        native_default: true,
        // Fine-tuning recomputes activations in the backward pass, as the training defaults assume.
        grad_checkpointing: true,
        ..model::Workload::default()
    }
}

/// Decode and prefill efficiency for the engine, with the user's overrides; no hypervisor tax
/// (the cost model applies it per offer, visibly).
fn efficiency(s: &Scenario) -> Efficiency {
    let mut e = Efficiency::for_engine(s.engine);
    if let Some(b) = s.assumptions.bw_eff {
        e.bandwidth = b;
    }
    if let Some(c) = s.assumptions.flops_eff {
        e.compute = c;
    }
    e
}

/// Default memory bandwidth of a CPU offer when the catalogue does not say, GB/s: a shared VPS
/// gets a slice of two DDR4 channels, a dedicated server two to four DDR5 channels (heuristic).
const VPS_BANDWIDTH_GBS: f64 = 20.0;
const DEDICATED_BANDWIDTH_GBS: f64 = 60.0;

/// The hardware of `servers` instances of an offer, and its name for the page
/// (`8× H100 SXM (80GB)`, `1× GH200 … × 3 servers`).
fn hardware_of(o: &Offer, c: &Catalog, servers: u32, lang: Lang) -> Option<(Hardware, String)> {
    let hw = hardware(o, c, servers)?;
    let name = match &o.gpu {
        Some(g) if g.count > 0 => {
            let spec = c.gpu(&g.id)?;
            cost::words::gpus(g.count, &spec.name, servers, lang)
        }
        _ => format!(
            "{} ({} vCPU, {} GiB)",
            o.name,
            o.vcpus.unwrap_or(4),
            trim_number(o.ram_gib?)
        ),
    };
    Some((hw, name))
}

/// The hardware of `servers` instances of an offer (sizing every offer needs no names).
fn hardware(o: &Offer, c: &Catalog, servers: u32) -> Option<Hardware> {
    match &o.gpu {
        Some(g) if g.count > 0 => {
            let spec = c.gpu(&g.id)?;
            Some(Hardware::Gpu {
                gpu: GpuFigures::from(spec),
                per_server: g.count,
                servers: servers.max(1),
            })
        }
        _ => {
            let ram = o.ram_gib?;
            let bw = o
                .cpu_bandwidth_gbs
                .unwrap_or(if o.kind == crate::catalog::OfferKind::Vps {
                    VPS_BANDWIDTH_GBS
                } else {
                    DEDICATED_BANDWIDTH_GBS
                });
            Some(Hardware::Cpu {
                ram_bytes: Bytes::from_gib(ram),
                bandwidth_gbs: bw,
                cores: o.vcpus.unwrap_or(4),
                avx512: o.avx512.unwrap_or(false),
                amx: o.amx.unwrap_or(false),
            })
        }
    }
}

/// The sizing facts of one offer for the cost model.
#[allow(clippy::too_many_arguments)]
fn size_offer(
    arch: &ModelArch,
    p: &model::Prepared,
    wl: &model::Workload,
    o: &Offer,
    c: &Catalog,
    consts: &EngineConstants,
    eff: &Efficiency,
    lang: Lang,
) -> OfferSizing {
    let no = |why: String| OfferSizing {
        fits: false,
        why_not: Some(why),
        instances_per_replica: 1,
        ..OfferSizing::default()
    };
    let (servers, gpus_per_replica) = match &o.gpu {
        Some(g) if g.count > 0 => {
            let Some(spec) = c.gpu(&g.id) else {
                return no(match lang {
                    Lang::En => format!("unknown GPU {}", g.id),
                    Lang::Es => format!("GPU desconocida: {}", g.id),
                });
            };
            match model::place_prepared(arch, p, wl, &GpuFigures::from(spec), g.count, consts) {
                Ok(pl) => (pl.servers.max(1), g.count * pl.servers.max(1)),
                Err(why) => return no(why.sentence(lang)),
            }
        }
        _ => (1, 0),
    };
    let Some(hw) = hardware(o, c, servers) else {
        return no(match lang {
            Lang::En => "the offer states no memory".to_string(),
            Lang::Es => "la oferta no indica su memoria".to_string(),
        });
    };
    let mem = model::memory_figures_prepared(arch, p, wl, &hw, consts);
    let speed = model::speed_prepared(arch, p, wl, &hw, eff);
    let max_seqs = model::memory::max_concurrency_prepared(arch, p, wl, &hw, consts) as f64;
    let (power, peak) = match (&o.gpu, o.gpu.as_ref().and_then(|g| c.gpu(&g.id))) {
        (Some(_), Some(spec)) => (
            spec.tdp_w * gpus_per_replica as f64,
            spec.bf16_tflops * 1e12 * gpus_per_replica as f64,
        ),
        // A CPU server: about 10 W a core at load (heuristic); peak FLOPs unknown.
        _ => (10.0 * o.vcpus.unwrap_or(4) as f64, 0.0),
    };
    let why_not = (!mem.fits).then(|| {
        let (need, has) = (
            cost::words::number(mem.per_device.gib(), 1, lang),
            cost::words::number(mem.device_capacity.gib(), 1, lang),
        );
        match lang {
            Lang::En => format!("needs {need} GiB per device; this hardware has {has} GiB"),
            Lang::Es => format!("necesita {need} GiB por dispositivo; este equipo tiene {has} GiB"),
        }
    });
    OfferSizing {
        fits: mem.fits,
        why_not,
        gpus_per_replica,
        instances_per_replica: servers,
        decode_tokens_per_s_per_user: finite(speed.decode_tokens_per_s_per_user),
        max_concurrent_sequences_per_replica: max_seqs.max(if mem.fits {
            wl.seqs as f64
        } else {
            0.0
        }),
        aggregate_tokens_per_s_per_replica: finite(speed.aggregate_tokens_per_s),
        prefill_tokens_per_s_per_replica: finite(speed.prefill_tokens_per_s),
        requests_per_s_per_replica: finite(speed.requests_per_s),
        ttft_ms_mean: finite(speed.ttft_ms),
        memory_per_gpu_bytes: mem.per_device.whole(),
        weights_bytes: mem.weights.whole(),
        power_w_per_instance: power / servers.max(1) as f64,
        compute_params: p.params.active as f64,
        peak_flops_per_replica: peak,
    }
}

/// Context lengths on the memory chart: powers of two from 512 up to past the scenario's.
fn context_grid(ctx: u64, max_position: u64) -> Vec<u64> {
    let top = ctx
        .max(if max_position > 0 {
            max_position
        } else {
            131_072
        })
        .clamp(1024, 10_000_000);
    let mut grid = Vec::new();
    let mut c = 512u64;
    while c < top {
        grid.push(c);
        c *= 2;
    }
    grid.push(top);
    if !grid.contains(&ctx) {
        grid.push(ctx);
        crate::order::sort(&mut grid);
    }
    grid
}

/// The figures of one costed option the cost-per-token chart needs.
struct CostFacts {
    capacity_requests_per_s: f64,
    billed_hours_per_month: f64,
    monthly: f64,
}

#[allow(clippy::too_many_arguments)]
fn curves(
    arch: &ModelArch,
    p: &model::Prepared,
    wl: &model::Workload,
    hw: &Hardware,
    real_hw: bool,
    consts: &EngineConstants,
    s: &Scenario,
    options: &[OptionReport],
    facts: &[CostFacts],
    hourly: Option<&cost::HourlyBenchmark>,
    tokens_out: f64,
) -> Curves {
    let memory_vs_context = context_grid(s.ctx, arch.max_position)
        .into_iter()
        .map(|ctx| {
            let wl_ctx = model::Workload { ctx, ..wl.clone() };
            let m = model::memory_figures_prepared(arch, p, &wl_ctx, hw, consts);
            // Per device: the terms divided over the devices they are spread on.
            let share = if m.total.0 > 0.0 {
                m.per_device.0 / m.total.0
            } else {
                1.0
            };
            MemoryPoint {
                ctx,
                weights_bytes: (m.weights * share).whole(),
                kv_cache_bytes: (m.kv_cache * share).whole(),
                activation_bytes: (m.activations * share).whole(),
                overhead_bytes: (m.overhead * share).whole(),
            }
        })
        .collect();
    let memory_capacity_bytes = match hw {
        Hardware::Gpu { gpu, .. } if real_hw => Some(gpu.memory.whole()),
        Hardware::Cpu { ram_bytes, .. } if real_hw => Some(ram_bytes.whole()),
        _ => None,
    };

    // The leading options: the verdict, the cheapest usable cloud and the cheapest usable
    // fixed-fee option (bare metal, dedicated, VPS), in that order, without repeats.
    let usable: Vec<&OptionReport> = options.iter().filter(|o| o.usable).collect();
    let mut leading: Vec<&OptionReport> = Vec::new();
    for o in [
        usable.first().copied(),
        usable.iter().find(|o| o.deployment == "cloud").copied(),
        usable.iter().find(|o| o.deployment != "cloud").copied(),
    ]
    .into_iter()
    .flatten()
    {
        if !leading.iter().any(|l| l.offer_id == o.offer_id) {
            leading.push(o);
        }
    }
    let months = s.months.max(1.0);
    let label = |o: &OptionReport| format!("{} {}", o.provider, o.name);
    let cumulative_cost: Vec<CostCurve> = leading
        .iter()
        .map(|o| {
            let recurring = o.monthly_cost
                - o.cost_lines
                    .iter()
                    .filter(|l| l.key == "setup")
                    .map(|l| l.monthly)
                    .sum::<f64>();
            let steps = months.min(120.0) as u32;
            let points = (0..=steps)
                .map(|m| (m as f64, o.setup_fee + recurring * m as f64))
                .collect();
            CostCurve {
                offer_id: o.offer_id.clone(),
                label: label(o),
                points,
            }
        })
        .collect();
    // Where a fixed-fee curve crosses below a cloud curve.
    let break_even = {
        let cloud = leading.iter().position(|o| o.deployment == "cloud");
        let fixed = leading.iter().position(|o| o.deployment != "cloud");
        match (cloud, fixed) {
            (Some(ci), Some(fi)) => {
                let (c, f) = (&cumulative_cost[ci], &cumulative_cost[fi]);
                let (c0, c1) = (
                    c.points[0].1,
                    c.points.get(1).map_or(0.0, |p| p.1 - c.points[0].1),
                );
                let (f0, f1) = (
                    f.points[0].1,
                    f.points.get(1).map_or(0.0, |p| p.1 - f.points[0].1),
                );
                (c1 > f1)
                    .then(|| {
                        let m = ((f0 - c0) / (c1 - f1)).max(0.0);
                        (m, c0 + c1 * m)
                    })
                    .filter(|(m, _)| *m <= months)
            }
            _ => None,
        }
    };
    // Cost per million output tokens against the utilisation of the fixed-fee option's capacity:
    // its fee spread over the tokens served, against the hourly cloud the break-even utilisation
    // compares with (`cost::hourly_benchmark`), paid only for the capacity used, so a flat line.
    // Both come from the figures the break-even uses, so the curves cross at the marker.
    let fixed = leading.iter().find(|o| o.deployment != "cloud");
    let grid = || (1..=20).map(|i| i as f64 / 20.0);
    let fixed_curve = fixed.and_then(|o| {
        let c = options
            .iter()
            .position(|x| x.offer_id == o.offer_id)
            .and_then(|i| facts.get(i))?;
        // Output tokens a month at full use of the paid capacity.
        let full = c.capacity_requests_per_s * 3600.0 * c.billed_hours_per_month * tokens_out;
        (full.is_finite() && full > 0.0).then(|| CostCurve {
            offer_id: o.offer_id.clone(),
            label: label(o),
            points: grid().map(|u| (u, c.monthly / (full * u) * 1e6)).collect(),
        })
    });
    let hourly_curve = hourly.and_then(|h| {
        // One request/s for an hour serves 3,600 requests of `tokens_out` output tokens.
        let per_million = h.rate / (3600.0 * tokens_out) * 1e6;
        per_million.is_finite().then(|| CostCurve {
            offer_id: h.offer_id.clone(),
            label: format!("{} {}", h.provider, h.name),
            points: grid().map(|u| (u, per_million)).collect(),
        })
    });
    let cost_vs_utilisation: Vec<CostCurve> = fixed_curve.into_iter().chain(hourly_curve).collect();
    let break_even_utilisation = fixed.and_then(|o| o.break_even_utilisation);
    Curves {
        memory_vs_context,
        memory_capacity_bytes,
        cumulative_cost,
        break_even,
        cost_vs_utilisation,
        break_even_utilisation,
    }
}

/// Puts an imported architecture (a pasted `config.json`, a GGUF header) into a scenario, the
/// only store of inputs: the preset of the same family and flavour (biases, norms) closest in size
/// becomes `model=`, and every field that differs becomes a URL override. An import that matches a
/// preset exactly is that preset. Flags the URL cannot carry come from that preset.
pub fn import_into(s: &mut Scenario, imported: &ModelArch, catalog: &Catalog) {
    let same_flavour = |m: &&ModelArch| {
        m.family == imported.family
            && m.qkv_bias == imported.qkv_bias
            && m.qk_norm == imported.qk_norm
            && m.norms_per_layer == imported.norms_per_layer
    };
    let size = |m: &ModelArch| (m.hidden as f64).max(1.0) * (m.layers as f64).max(1.0);
    let target = size(imported);
    let distance = |m: &&ModelArch| (size(m) / target).ln().abs();
    let base = catalog
        .models
        .iter()
        .filter(same_flavour)
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .or_else(|| {
            catalog
                .models
                .iter()
                .filter(|m| m.family == imported.family)
                .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        });
    let Some(base) = base else {
        // No preset of that family: keep only the size.
        let counts = model::param_counts(imported);
        s.params_b = Some((counts.total as f64 / 1e9).max(0.001));
        s.arch = Default::default();
        return;
    };
    s.model = base.id.clone();
    s.params_b = None;
    let diff = |a: u64, b: u64| (a != b && a > 0).then_some(a);
    s.arch = crate::scenario::ArchOverrides {
        layers: diff(imported.layers, base.layers),
        hidden: diff(imported.hidden, base.hidden),
        heads: diff(imported.heads, base.heads),
        kv_heads: diff(imported.kv_heads, base.kv_heads),
        head_dim: match (imported.head_dim, base.head_dim) {
            (Some(a), Some(b)) if a == b => None,
            (Some(a), _) => Some(a),
            _ => None,
        },
        ffn: diff(imported.ffn, base.ffn),
        vocab: diff(imported.vocab, base.vocab),
        experts: diff(imported.experts, base.experts),
        experts_active: diff(imported.experts_active, base.experts_active),
        moe_ffn: diff(imported.moe_ffn, base.moe_ffn),
        kv_lora_rank: diff(imported.kv_lora_rank, base.kv_lora_rank),
        rope_dim: diff(imported.rope_dim, base.rope_dim),
        window: diff(imported.window, base.window),
        tied: (imported.tied != base.tied).then_some(imported.tied),
    };
}
