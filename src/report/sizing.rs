//! The sizing engine's view of the scenario and of each offer: the workload, the hardware of an
//! offer, whether and how the model fits it, and its memory and speed on the chosen hardware.

use super::Headroom;
use crate::catalog::{Catalog, Offer};
use crate::cost::{self, OfferSizing};
use crate::format::trim_number;
use crate::lang::Lang;
use crate::model::{self, Efficiency, GpuFigures, Hardware, Sizing};
use crate::scenario::Scenario;
use crate::units::{finite_or_zero, Bytes};
use crate::words::memory::Misfit;

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
pub(super) fn efficiency(s: &Scenario) -> Efficiency {
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
pub(super) fn hardware_of(
    o: &Offer,
    c: &Catalog,
    servers: u32,
    lang: Lang,
) -> Option<(Hardware, String)> {
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
pub(super) fn hardware(o: &Offer, c: &Catalog, servers: u32) -> Option<Hardware> {
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

/// What sizing an offer needs besides the model: the catalogue that describes its GPUs, the
/// speed efficiencies and the reader's language.
pub(super) struct OfferContext<'a> {
    pub catalog: &'a Catalog,
    pub eff: &'a Efficiency,
    pub lang: Lang,
}

/// The sizing facts of one offer for the cost model.
pub(super) fn size_offer(z: &Sizing, o: &Offer, at: &OfferContext) -> OfferSizing {
    let (c, lang) = (at.catalog, at.lang);
    let no = |why: Misfit| OfferSizing {
        fits: false,
        why_not: Some(why.sentence(lang)),
        instances_per_replica: 1,
        ..OfferSizing::default()
    };
    let (servers, gpus_per_replica) = match &o.gpu {
        Some(g) if g.count > 0 => {
            let Some(spec) = c.gpu(&g.id) else {
                return no(Misfit::UnknownGpu { id: g.id.clone() });
            };
            match z.place(&GpuFigures::from(spec), g.count) {
                Ok(pl) => (pl.servers.max(1), g.count * pl.servers.max(1)),
                Err(why) => return no(Misfit::NoPlacement(why)),
            }
        }
        _ => (1, 0),
    };
    let Some(hw) = hardware(o, c, servers) else {
        return no(Misfit::NoMemoryStated);
    };
    let mem = z.memory_figures(&hw);
    let speed = z.speed(&hw, at.eff);
    let max_seqs = z.max_concurrency(&hw) as f64;
    let (power, peak) = match (&o.gpu, o.gpu.as_ref().and_then(|g| c.gpu(&g.id))) {
        (Some(_), Some(spec)) => (
            spec.tdp_w * gpus_per_replica as f64,
            spec.bf16_tflops * 1e12 * gpus_per_replica as f64,
        ),
        // A CPU server: about 10 W a core at load (heuristic); peak FLOPs unknown.
        _ => (10.0 * o.vcpus.unwrap_or(4) as f64, 0.0),
    };
    let why_not = (!mem.fits).then(|| {
        Misfit::TooSmall {
            need: mem.per_device,
            has: mem.device_capacity,
        }
        .sentence(lang)
    });
    OfferSizing {
        fits: mem.fits,
        why_not,
        gpus_per_replica,
        instances_per_replica: servers,
        decode_tokens_per_s_per_user: finite_or_zero(speed.decode_tokens_per_s_per_user),
        max_concurrent_sequences_per_replica: max_seqs.max(if mem.fits {
            z.workload().seqs as f64
        } else {
            0.0
        }),
        aggregate_tokens_per_s_per_replica: finite_or_zero(speed.aggregate_tokens_per_s),
        prefill_tokens_per_s_per_replica: finite_or_zero(speed.prefill_tokens_per_s),
        requests_per_s_per_replica: finite_or_zero(speed.requests_per_s),
        ttft_ms_mean: finite_or_zero(speed.ttft_ms),
        memory_per_gpu_bytes: mem.per_device.whole(),
        weights_bytes: mem.weights.whole(),
        power_w_per_instance: power / servers.max(1) as f64,
        compute_params: z.params().active as f64,
        peak_flops_per_replica: peak,
    }
}

/// Memory, headroom (serving on real hardware only) and speed of the model on `hw`: the
/// recommended hardware, or the bare requirement when `real_hw` is false.
pub(super) fn on_hardware(
    z: &Sizing,
    hw: &Hardware,
    real_hw: bool,
    eff: &Efficiency,
) -> (model::MemoryBreakdown, Option<Headroom>, model::Speed) {
    let wl = z.workload();
    let mem = z.memory(hw);
    let headroom = (real_hw && wl.task == model::Task::Infer).then(|| Headroom {
        max_context_tokens: z.max_context(hw),
        at_sequences: wl.seqs,
        max_sequences: z.max_concurrency(hw),
        at_context: wl.ctx,
        context_limit: z.context_limit(),
    });
    let speed = z.speed(hw, eff);
    (mem, headroom, speed)
}
