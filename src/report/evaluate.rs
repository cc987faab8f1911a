//! [`evaluate`]: the scenario against the catalogue, offer by offer: sizing, costing, the verdict.

use super::curves::{curves, CostFacts};
use super::*;
use crate::catalog::{Catalog, Offer};
use crate::cost::{self, CostDefaults, OfferSizing};
use crate::format::trim_number;
use crate::model::{
    self, ArchFamily, Efficiency, EngineConstants, GpuFigures, Hardware, ModelArch,
};
use crate::plan;
use crate::scenario::{Lang, Scenario};
use crate::units::{Bytes, Money};

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
