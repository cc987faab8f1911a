//! [`evaluate`]: the scenario against the catalogue, offer by offer: sizing, costing, the verdict.

use super::curves::{curves, CostFacts, CostInputs};
use super::sizing::{efficiency, hardware_of, on_hardware, size_offer, OfferContext};
use super::*;
use crate::catalog::{Catalog, Offer};
use crate::cost::{self, CostDefaults, OfferSizing};
use crate::model::{ArchFamily, EngineConstants, Hardware, Sizing};
use crate::plan;
use crate::scenario::{Lang, Scenario};
use crate::units::{finite_or_zero, Money};

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
    let model_sizing = Sizing::new(&arch, &wl, &consts);
    let counts = model_sizing.params();
    let offer_context = OfferContext {
        catalog: &view,
        eff: &eff,
        lang,
    };

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
                    .or_insert_with(|| size_offer(&model_sizing, o, &offer_context))
                    .clone(),
                _ => size_offer(&model_sizing, o, &offer_context),
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
    let (mem, headroom, speed) = on_hardware(&model_sizing, &hw, chosen.is_some(), &eff);
    let terms: Vec<MemoryTerm> = mem.terms.iter().map(|t| t.written(lang)).collect();

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
    let costs = CostInputs {
        scenario: s,
        options: &options,
        facts: &facts,
        hourly: hourly.as_ref(),
        tokens_out: workload.tokens_out,
    };
    let curves = curves(&model_sizing, &hw, chosen.is_some(), &costs);

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
            decode_tokens_per_s_per_user: finite_or_zero(speed.decode_tokens_per_s_per_user),
            aggregate_tokens_per_s: finite_or_zero(speed.aggregate_tokens_per_s),
            ttft_ms: finite_or_zero(speed.ttft_ms),
            hardware: hw_name,
        },
        recommendation,
        options,
        currency: s.cur.code().to_string(),
        catalog_as_of: catalog.as_of.clone(),
        curves,
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
