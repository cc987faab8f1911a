//! [`evaluate`]: the scenario against the catalogue, step by step: resolve the model and the
//! offers, size each offer, cost it, name the GPUs, pick the verdict, size the chosen hardware,
//! write the rows, draw the curves.

use super::curves::{curves, CostFacts, CostInputs};
use super::load_basis::{per_token_reason, PerTokenBasis, Recost};
use super::sizing::{
    efficiency, hardware_of, on_hardware, replica_hardware, size_offer, OfferContext, ReplicaShape,
    Targets,
};
use super::throughput::throughput_report;
use super::verdict::{Decided, Draft};
use super::*;
use crate::catalog::{Catalog, Offer};
use crate::cost::{self, CostDefaults, OfferSizing, OptionCost};
use crate::model::{self, ArchFamily, Efficiency, EngineConstants, Hardware, ModelArch, Sizing};
use crate::plan;
use crate::scenario::{Lang, Scenario};
use crate::units::{Bytes, Currency, Money, UsdPerEur};
use crate::words::catalog_names::catalogue_name;
use crate::words::report::CatalogNote;
use std::borrow::Cow;

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

/// The model and the sizing engine's view of it, prepared once for every offer.
pub(super) struct Engine {
    pub arch: ModelArch,
    pub sizing: Sizing,
    pub eff: Efficiency,
    /// The point of the speed range the offers are sized for.
    pub speed: crate::scenario::SpeedPoint,
}

impl Engine {
    fn of(arch: ModelArch, s: &Scenario) -> Engine {
        Engine {
            sizing: Sizing::new(&arch, &model_workload(s), &EngineConstants::default()),
            arch,
            eff: efficiency(s),
            speed: s.speed,
        }
    }
}

/// Evaluates a scenario against a catalogue: the single entry point of the pure core.
///
/// Per offer it asks the sizing engine whether and how the model fits (GPUs, servers, memory per
/// device, speed as on bare metal), hands those facts to the cost model (which adds the hypervisor
/// tax, the load, the hidden costs and break-even), and lets the planner pick the verdict; then
/// looks for a clearly cheaper path with another format or engine (`report::alternative`).
pub fn evaluate(s: &Scenario, catalog: &Catalog) -> Report {
    let asked = evaluate_as_asked(s, catalog, Extent::Report);
    let path = asked.1.as_ref().and_then(|draft| {
        super::alternative::cheaper_path(s, catalog, draft.cost, |s, c| {
            super::verdict::finish(evaluate_as_asked(s, c, Extent::Verdict), None).recommendation
        })
    });
    super::verdict::finish(asked, path)
}

/// What an evaluation writes out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Extent {
    /// The whole report: a row for every option.
    Report,
    /// What its verdict is built from (a cheaper path's run reads its verdict alone): every
    /// offer is still sized, costed and weighed, but only the chosen option's row is written,
    /// so the report's other parts read one row and must not be used.
    Verdict,
}

/// The scenario evaluated as it is asked, without looking for a cheaper path: the report without
/// its verdict, and everything the verdict is built from (`verdict::finish` builds it).
fn evaluate_as_asked(s: &Scenario, catalog: &Catalog, extent: Extent) -> (Report, Option<Draft>) {
    let lang = s.lang.unwrap_or_default();
    let mut warnings = Vec::new();
    // Resolve: the model, the offers of the scenario's provider, the notes on the catalogue.
    let arch = resolve_model(s, catalog, lang, &mut warnings);
    let s = &*super::notes::within_context_limit(s, &arch, lang, &mut warnings);
    let view = provider_view(s, catalog);
    warnings.extend(catalog_notes(s, catalog, &view).map(|n| n.sentence(lang)));
    let engine = Engine::of(arch, s);

    // Size each offer, cost it, name its GPUs, and pick the verdict.
    let workload = demand(s, &engine.arch);
    let defaults = CostDefaults::for_scenario(s);
    let targets = Targets::of(&workload, &defaults, s.tp);
    let speed_curves = layout::Curves::of(&engine.sizing);
    let sizings = size_offers(&engine, &speed_curves, &view, targets, lang);
    let mut all = cost::evaluate_all(
        sizings.iter().map(|(o, z)| (*o, z)),
        &workload,
        &defaults,
        s.cur,
        catalog.rate(),
    );
    name_gpus(&mut all, &view);
    super::slices::name_slices(&mut all, &view, lang);
    let recost = Recost {
        offers: &sizings,
        demand: &workload,
        defaults: &defaults,
        cur: s.cur,
        rate: catalog.rate(),
    };
    let plan = decide(&all, &recost, lang, &mut warnings);
    let mine = super::provider_pick::choose(s, catalog, &all, &workload);
    if plan.is_none() {
        warnings.extend(super::notes::concurrency_is_the_limit(
            &all,
            &engine.sizing,
            &view,
            lang,
        ));
    }
    let chosen = plan.as_ref().map(|p| &p.chosen);
    // With `own=1`: the servers to buy, compared with the verdict (never chosen as it).
    let (owned, own) = owned(s, (&engine, &speed_curves), &view, targets, chosen, &recost);

    // Memory and speed of one copy of the model on the recommended hardware; without one, the
    // bare requirement.
    let on_chosen = chosen_hardware(chosen, &view, &engine.eff, lang);
    let real_hw = on_chosen.is_some();
    let (hw, hw_name, eff) =
        on_chosen.unwrap_or_else(|| (Hardware::unbounded(), String::new(), engine.eff.clone()));
    let at_load = chosen.and_then(|c| c.load_need).and_then(|n| n.at_load);
    let (mem, headroom, speed) = on_chosen_at_load(&engine.sizing, &hw, real_hw, &eff, at_load);

    // The rows, then the curves drawn from them and from the figures the rows leave out.
    // The hourly cloud the break-even utilisation compares with: the chart draws this very one.
    let hourly = cost::hourly_benchmark(&all);
    let api = api_inputs(s, catalog, &engine, &workload);
    let (api_reference, api_verdict) = super::api::apis(&api, chosen, lang);
    let leads = super::api::leads(&api_reference, chosen, &workload);
    if !owned.is_empty() {
        all.extend(owned);
        cost::sort_options(&mut all);
    }
    let chosen_id = chosen.map(|c| c.offer_id.as_str());
    all.retain(|o| extent == Extent::Report || Some(o.offer_id.as_str()) == chosen_id);
    let facts: Vec<CostFacts> = all.iter().map(cost_facts).collect();
    let mut options = rows(all, &view, s.cur, catalog.rate(), lang);
    let (hw_name, slice) = super::slices::fill(&mut options, chosen_id, &view, hw_name, lang);
    let provider_pick =
        mine.map(|m| super::provider_pick::of(m, &options, chosen_id, s.pick, s.cur, lang));
    let context = super::notes::context_sized_for(&engine.sizing, &mem, &speed, real_hw);
    let context = context_reasons(context, chosen, &recost, &engine, &view);
    let own_reason = own.as_ref().map(|o| o.1.clone());
    let draft = plan.map(|p| p.draft(leads, context, slice, own_reason, lang));
    let own = own.map(|o| o.0);
    let costs = CostInputs {
        scenario: s,
        options: &options,
        facts: &facts,
        hourly: hourly.as_ref(),
        tokens_out: workload.tokens_out,
        own: own.as_ref(),
    };
    let curves = curves(&engine.sizing, &hw, real_hw, &costs);

    let report = Report {
        schema: REPORT_SCHEMA,
        scenario: s.figures_query(),
        scenario_line: super::notes::question(s, &engine.arch.name, lang),
        load: super::notes::load_report(s, &workload, &defaults),
        warnings,
        model: model_summary(&engine),
        memory: memory_report(&mem, headroom, lang),
        throughput: throughput_report(
            &engine.sizing,
            &speed,
            &hw,
            hw_name,
            draft.as_ref().and_then(|d| d.gpu_id.as_deref()),
            &view,
            real_hw,
        ),
        freshness: super::freshness::of(&options, &catalog.as_of, &catalog.as_of),
        recommendation: None,
        options,
        currency: s.cur.code().to_string(),
        catalog_as_of: catalog.as_of.clone(),
        curves,
        per_token_basis: PerTokenBasis::of(&workload),
        api_reference,
        api_verdict,
        cheaper_path: None,
        own,
        own_assumptions: super::own::assumptions(s.own, &view, &defaults, s.cur, catalog.rate()),
        provider_pick,
    };
    (report, draft)
}

/// The offers of the scenario's provider (all when it names none).
fn provider_view<'a>(s: &Scenario, catalog: &'a Catalog) -> Cow<'a, Catalog> {
    match &s.provider {
        Some(p) => Cow::Owned(crate::catalog::filter_provider(catalog, p)),
        None => Cow::Borrowed(catalog),
    }
}

/// The scenario's load, targets and constraints, with what only the model tells: an encoder
/// answers with a vector of its hidden size, and its default latency target is its own.
fn demand(s: &Scenario, arch: &ModelArch) -> cost::Demand {
    let embeds = arch.family == ArchFamily::Encoder;
    cost::Demand {
        embeds,
        embedding_dims: if embeds { arch.hidden as f64 } else { 0.0 },
        max_ttft_p95_ms: s.ttft_target_ms(embeds).max(0.0),
        ..cost::Demand::from_scenario(s)
    }
}

/// The scenario's side of the hosted-API comparison.
fn api_inputs<'a>(
    s: &Scenario,
    catalog: &'a Catalog,
    e: &'a Engine,
    demand: &'a cost::Demand,
) -> super::api::ApiInputs<'a> {
    super::api::ApiInputs {
        catalog,
        arch: &e.arch,
        params: e.sizing.params().total,
        demand,
        cur: s.cur,
        rate: catalog.rate(),
    }
}

/// The plan's choice and what the report adds to it before the rows are written: the per-token
/// basis when no request rate is given. The warnings get the user's constraints against the
/// decision matrix by workload, or why no option qualifies.
fn decide(
    all: &[OptionCost],
    at: &Recost,
    lang: Lang,
    warnings: &mut Vec<String>,
) -> Option<Decided> {
    let Some(p) = plan::choose(all, at.demand) else {
        warnings.extend(plan::why_none(all, at.demand).map(|none| none.sentence(lang)));
        return None;
    };
    warnings.extend(plan::matrix::warning(p.chosen, all, at.demand).map(|w| w.sentence(lang)));
    Some(Decided {
        per_token: per_token_reason(p.chosen, at),
        chosen: p.chosen.clone(),
        reasons: p.reasons.clone(),
        caveat: p.caveat(),
        runner_ups: p.runner_ups(lang),
        job: p.job(),
    })
}

/// What the report notes about the catalogue: a provider with no offers in it, prices newer
/// than the link's.
fn catalog_notes<'a>(
    s: &'a Scenario,
    catalog: &'a Catalog,
    view: &Catalog,
) -> impl Iterator<Item = CatalogNote<'a>> {
    let no_offers = s
        .provider
        .as_deref()
        .filter(|_| view.offers.iter().all(|o| o.reference))
        .map(|provider| CatalogNote::NoOffersFrom { provider });
    let changed = s
        .asof
        .as_deref()
        .filter(|asof| *asof != catalog.as_of && !catalog.as_of.is_empty())
        .map(|link_as_of| CatalogNote::PricesChanged {
            link_as_of,
            now_as_of: &catalog.as_of,
        });
    no_offers.into_iter().chain(changed)
}

/// Each offer with how the model fits it. Offers with the same GPUs per server size the same way
/// (many providers sell the same 8x H100 box): each configuration is sized once.
fn size_offers<'c>(
    e: &Engine,
    curves: &layout::Curves,
    view: &'c Catalog,
    targets: Targets,
    lang: Lang,
) -> Vec<(&'c Offer, OfferSizing)> {
    let at = OfferContext {
        catalog: view,
        curves,
        eff: &e.eff,
        targets,
        lang,
        speed: e.speed,
    };
    let size = |o: &Offer| size_offer(&e.sizing, o, &at);
    // Keyed by GPU, GPUs per machine, the fabric's speed (a copy spans machines only over one)
    // and the virtualisation (its tax decides whether a copy meets the targets).
    // And a slice's shares: a slice of a GPU sizes unlike the whole GPU.
    type Config<'a> = (
        &'a str,
        u32,
        Option<u64>,
        crate::catalog::Virtualization,
        Option<[u64; 4]>,
    );
    let mut by_config: std::collections::HashMap<Config, OfferSizing> = Default::default();
    view.offers
        .iter()
        .map(|o| {
            let sizing = match &o.gpu {
                Some(g) if g.count > 0 => by_config
                    .entry((
                        g.id.as_str(),
                        g.count,
                        o.fabric.map(|f| f.gbps.to_bits()),
                        o.virtualization,
                        g.slice.as_ref().map(|sl| sl.key()),
                    ))
                    .or_insert_with(|| size(o))
                    .clone(),
                _ => size(o),
            };
            (o, sizing)
        })
        .collect()
}

/// The recommended hardware as the sizing model reads it (one copy's GPUs and machines), its
/// name, and the efficiency over its fabric; `None` without a recommendation.
fn chosen_hardware(
    chosen: Option<&OptionCost>,
    view: &Catalog,
    eff: &Efficiency,
    lang: Lang,
) -> Option<(Hardware, String, Efficiency)> {
    chosen.and_then(|c| {
        let o = view.offer(&c.offer_id)?;
        let shape = ReplicaShape {
            gpus_per_machine: if c.servers_per_replica > 1 {
                0
            } else {
                c.gpus_per_replica
            },
            machines: c.servers_per_replica.max(1),
            per_machine: 1,
        };
        let hw = replica_hardware(o, view, shape)?;
        let name = c
            .deployment_shape(lang)
            .or_else(|| hardware_of(o, view, 1, lang).map(|(_, name)| name))?;
        let mut eff = eff.clone();
        if let Some(f) = c.fabric.filter(|f| f.gbps.is_finite() && f.gbps > 0.0) {
            eff.inter_server_gbs = f.gbps / 8.0;
        }
        Some((hw, name, eff))
    })
}

/// With `own=1`: the catalogue's servers to buy, sized and costed like the rest, with their
/// break-even against the verdict, and how buying compares with it (`own.rs`); none otherwise.
fn owned(
    s: &Scenario,
    (e, curves): (&Engine, &layout::Curves),
    view: &Catalog,
    targets: Targets,
    rental: Option<&OptionCost>,
    c: &Recost,
) -> (
    Vec<OptionCost>,
    Option<(super::OwnComparison, plan::Reason)>,
) {
    if !s.own {
        return (Vec::new(), None);
    }
    let z = &e.sizing;
    let at = &OfferContext {
        catalog: view,
        curves,
        eff: &e.eff,
        targets,
        lang: s.lang.unwrap_or_default(),
        speed: e.speed,
    };
    let mut owned: Vec<OptionCost> = super::own::offers(at.catalog, at.lang)
        .iter()
        .map(|o| {
            let sizing = size_offer(z, o, at);
            cost::evaluate_offer(o, &sizing, c.demand, c.defaults, c.cur, c.rate)
        })
        .collect();
    name_gpus(&mut owned, at.catalog);
    let months = c.demand.months;
    super::own::fill_break_even(&mut owned, rental, months);
    let own = super::own::compare(&owned, rental, months, c.cur, at.lang);
    (owned, own)
}

/// GPUs by name, not by id, in the runner-ups' and exclusions' words and on the page.
fn name_gpus(all: &mut [OptionCost], view: &Catalog) {
    for o in all {
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
}

/// The memory of one GPU of the catalogue.
fn gpu_memory(view: &Catalog, id: &str) -> Option<Bytes> {
    view.gpu(id).map(|g| Bytes::from_gib(g.memory_gib))
}

/// What the cost chart needs from an option, kept before the options become report rows.
fn cost_facts(c: &OptionCost) -> CostFacts {
    CostFacts {
        capacity_requests_per_s: c.capacity_requests_per_s,
        billed_hours_per_month: c.billed_hours_per_month,
        monthly: c.monthly.amount(),
    }
}

/// The options as the report shows them, with the setup fee in the report's currency and the
/// memory of one GPU.
fn rows(
    all: Vec<OptionCost>,
    view: &Catalog,
    cur: Currency,
    rate: UsdPerEur,
    lang: Lang,
) -> Vec<OptionReport> {
    let offers_by_id: std::collections::HashMap<&str, &Offer> =
        view.offers.iter().map(|o| (o.id.as_str(), o)).collect();
    all.into_iter()
        .map(|c| {
            let offer = offers_by_id.get(c.offer_id.as_str());
            let price_note = offer.and_then(|o| super::api::price_note(o, lang));
            let setup_fee = offer
                .and_then(|o| o.setup_fee)
                .map(|f| Money::new(f.amount, f.currency).to(cur, rate).amount)
                .unwrap_or(0.0);
            let gpu_memory = c.gpu_id.as_deref().and_then(|id| gpu_memory(view, id));
            let upfront =
                (c.kind == crate::catalog::OfferKind::Own).then(|| super::own::upfront(&c));
            let row = c.into_report(lang);
            OptionReport {
                setup_fee,
                upfront,
                gpu_memory,
                price_note,
                name: catalogue_name(&row.name, lang).into_owned(),
                ..row
            }
        })
        .collect()
}

fn model_summary(e: &Engine) -> ModelSummary {
    ModelSummary {
        id: e.arch.id.clone(),
        name: e.arch.name.clone(),
        params: e.sizing.params().total,
        active_params: e.sizing.params().active,
        family: family_id(e.arch.family).to_string(),
    }
}

fn memory_report(
    mem: &model::MemoryBreakdown,
    headroom: Option<Headroom>,
    lang: Lang,
) -> MemoryReport {
    MemoryReport {
        weights_bytes: mem.weights.whole(),
        kv_bytes_per_token: mem.kv_bytes_per_token.whole(),
        kv_cache_bytes: mem.kv_cache.whole(),
        kv_cache_full_context_bytes: mem.kv_cache_full_context.whole(),
        activation_bytes: mem.activations.whole(),
        overhead_bytes: mem.overhead.whole(),
        total_bytes: mem.total.whole(),
        terms: mem.terms.iter().map(|t| t.written(lang)).collect(),
        headroom,
    }
}

fn family_id(f: ArchFamily) -> &'static str {
    match f {
        ArchFamily::Dense => "dense",
        ArchFamily::Moe => "moe",
        ArchFamily::GptOss => "gpt_oss",
        ArchFamily::DeepseekMla => "deepseek_mla",
        ArchFamily::HybridLinear => "hybrid_linear",
        ArchFamily::Encoder => "encoder",
        ArchFamily::ParamsOnly => "params_only",
    }
}

/// Memory, headroom and speed on the chosen hardware: with the concurrency from the load, the
/// memory of the sequences a copy takes (its slots) and the speed at the concurrency it holds
/// at peak; else both at the scenario's `seqs`.
fn on_chosen_at_load(
    z: &Sizing,
    hw: &Hardware,
    real_hw: bool,
    eff: &Efficiency,
    at_load: Option<cost::load::AtLoad>,
) -> (model::MemoryBreakdown, Option<Headroom>, model::Speed) {
    let Some(a) = at_load else {
        return on_hardware(z, hw, real_hw, eff);
    };
    let (mem, headroom, _) = on_hardware(&z.with_concurrency(a.slots as u64), hw, real_hw, eff);
    let held = z.with_concurrency(a.concurrency.ceil().max(1.0) as u64);
    (mem, headroom, held.speed(hw, eff))
}

/// The reasons on the chosen deployment the verdict adds after its own: what the context was
/// sized for, the low end of the speed range, a single point of failure, the day's profile.
fn context_reasons(
    context: Option<plan::Reason>,
    chosen: Option<&OptionCost>,
    recost: &Recost,
    engine: &Engine,
    view: &Catalog,
) -> Vec<plan::Reason> {
    let Some(c) = chosen else {
        return context.into_iter().collect();
    };
    context
        .into_iter()
        .chain(super::notes::at_low_end(c, recost, engine, view))
        .chain(super::notes::single_failure(c, recost))
        .chain(super::notes::day_profile(c, recost.demand))
        .collect()
}
