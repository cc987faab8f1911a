//! The sizing engine's view of the scenario and of each offer: the workload, the hardware of an
//! offer, whether and how the model fits it, and its memory and speed on the chosen hardware.

use super::layout::{faster_shape, load_shape, pinned_shape};
use super::Headroom;
use crate::catalog::{Catalog, Offer};
use crate::cost::{self, OfferSizing};
use crate::format::trim_number;
use crate::lang::Lang;
use crate::model::compat::{self, Compat, GpuFamily};
use crate::model::{self, perf, Efficiency, GpuFigures, Hardware, Sizing};
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
        kv_basis: s.kv_basis,
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
            match &g.slice {
                Some(sl) => slice_words(sl, &spec.name, lang),
                None => cost::words::gpus(g.count, &spec.name, servers, lang),
            }
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
                gpu: o.gpu_figures(spec),
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
/// speed efficiencies, the targets a copy should meet and the reader's language.
pub(super) struct OfferContext<'a> {
    pub catalog: &'a Catalog,
    /// The speed curves of the sizing the offers are sized with.
    pub curves: &'a super::layout::Curves<'a>,
    pub eff: &'a Efficiency,
    pub targets: Targets<'a>,
    pub lang: Lang,
    /// The point of the speed range the offers are sized for.
    pub speed: crate::scenario::SpeedPoint,
}

/// The speed and latency a copy of the model should reach, and the hosting's tax and spread
/// that the cost model applies to them: a copy takes more GPUs of its machine (a higher
/// tensor-parallel degree) when the smallest one that holds the model is too slow.
#[derive(Clone, Copy)]
pub(super) struct Targets<'a> {
    /// Tokens/s per user (0: none).
    pub min_decode: f64,
    /// P95 time to first token, ms (0: none).
    pub max_ttft_p95_ms: f64,
    pub defaults: &'a cost::CostDefaults,
    /// Requests a second at peak when each copy's concurrency follows from the load (0: the
    /// scenario states the concurrency), and the prompt's tokens.
    pub peak_rps: f64,
    pub tokens_in: f64,
    /// The tensor-parallel degree the user pinned (`tp`).
    pub tp: Option<u32>,
}

impl<'a> Targets<'a> {
    /// The demand's targets, its peak when the load gives each copy its concurrency, and the
    /// layout the user pinned.
    pub(super) fn of(w: &cost::Demand, defaults: &'a cost::CostDefaults, tp: Option<u64>) -> Self {
        Targets {
            min_decode: w.min_tokens_per_s_per_user,
            max_ttft_p95_ms: w.max_ttft_p95_ms,
            defaults,
            peak_rps: if w.concurrency_from_load {
                w.peak_rps(defaults)
            } else {
                0.0
            },
            tokens_in: w.tokens_in,
            tp: tp.filter(|&t| t > 0).map(|t| t.min(64) as u32),
        }
    }

    /// The copy's bare-metal speed meets the targets on offer `o` once its hosting's tax and
    /// latency spread are applied, as the cost model will.
    pub(super) fn met_by(&self, o: &Offer, speed: &model::Speed) -> bool {
        let tax = self.defaults.tax.of(o.virtualization);
        let spread = self.defaults.latency_spread.of_offer(o, false);
        let decode = finite_or_zero(speed.decode_tokens_per_s_per_user) * (1.0 - tax);
        let ttft_p95 = finite_or_zero(speed.ttft_ms) / (1.0 - tax).max(0.01) * spread;
        (self.min_decode <= 0.0 || decode >= self.min_decode)
            && (self.max_ttft_p95_ms <= 0.0 || ttft_p95 <= self.max_ttft_p95_ms)
    }
}

/// How one copy of the model sits on an offer's machines: the GPUs of one machine it uses
/// (all of them when it spans machines), the machines it spans, the copies one machine holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct ReplicaShape {
    pub gpus_per_machine: u32,
    pub machines: u32,
    pub per_machine: u32,
}

impl ReplicaShape {
    /// One copy on CPU, or on one machine taken whole.
    pub const WHOLE: ReplicaShape = ReplicaShape {
        gpus_per_machine: 0,
        machines: 1,
        per_machine: 1,
    };
}

/// The most machines one served copy of the model may span over a stated fabric: each further
/// pipeline stage is another network hop in every decode step, and a larger copy is not a
/// deployment anyone rents for serving (an option that needs more says so, and is priced for
/// one machine, for reference, instead of 10-24).
pub const MAX_MACHINES_SERVING: u32 = 8;
/// The most machines one copy may span to fine-tune: training runs span more machines than
/// serving (data and pipeline parallel over InfiniBand), within what a provider rents as a cluster.
pub const MAX_MACHINES_TRAINING: u32 = 64;

/// Where one copy of the model goes on an offer of `per_machine` GPUs: the smallest placement
/// (tensor parallel within a machine first, [`Sizing::place`]). Serving, a copy that fits in
/// part of a machine takes only those GPUs and the machine holds as many copies as it has room
/// for (data parallel); a copy that needs more than one machine spans them only over a stated
/// fabric. Fine-tuning takes whole machines.
fn replica_shape(
    z: &Sizing,
    gpu: &GpuFigures,
    per_machine: u32,
    has_fabric: bool,
) -> Result<ReplicaShape, Misfit> {
    let pl = z.place(gpu, per_machine).map_err(Misfit::NoPlacement)?;
    let machines = pl.servers.max(1);
    let serving = z.workload().task == model::Task::Infer;
    let max = if serving {
        MAX_MACHINES_SERVING
    } else {
        MAX_MACHINES_TRAINING
    };
    if machines > 1 && !has_fabric {
        return Err(Misfit::NeedsMachines {
            machines,
            gpus_per_machine: per_machine,
        });
    }
    if machines > max {
        return Err(Misfit::TooManyMachines { max });
    }
    Ok(if machines == 1 && serving && pl.gpus >= 1 {
        let gpus = pl.gpus.min(per_machine);
        ReplicaShape {
            gpus_per_machine: gpus,
            machines: 1,
            per_machine: (per_machine / gpus).max(1),
        }
    } else {
        ReplicaShape {
            gpus_per_machine: per_machine,
            machines,
            per_machine: 1,
        }
    })
}

/// The hardware of one copy of the model on an offer (`shape.gpus_per_machine` GPUs in each of
/// `shape.machines` machines), or the CPU server.
pub(super) fn replica_hardware(o: &Offer, c: &Catalog, shape: ReplicaShape) -> Option<Hardware> {
    let mut hw = hardware(o, c, shape.machines)?;
    if let Hardware::Gpu { per_server, .. } = &mut hw {
        if shape.gpus_per_machine > 0 {
            *per_server = shape.gpus_per_machine.min(*per_server);
        }
    }
    Some(hw)
}

/// The sizing facts of one offer for the cost model: where a copy of the model goes, its memory
/// and speed, and whether the engine runs these weights on this hardware at all.
pub(super) fn size_offer(z: &Sizing, o: &Offer, at: &OfferContext) -> OfferSizing {
    let (c, lang) = (at.catalog, at.lang);
    let family = o
        .gpu
        .as_ref()
        .filter(|g| g.count > 0)
        .and_then(|g| c.gpu(&g.id))
        .map(|spec| GpuFamily::of(&spec.id, &spec.name, &spec.vendor));
    let compat = if z.workload().task == model::Task::Infer {
        compat::check(z.workload().engine, z.weight_quant(), family)
    } else {
        Compat::Runs
    };
    let (cannot_run, caveat) = match compat {
        Compat::Runs => (None, None),
        Compat::Degraded(d) => (None, Some(d)),
        Compat::Impossible(why) => (Some(why.sentence(lang)), None),
    };
    let sized = size_runnable(z, o, at);
    let sized = match (at.speed, family) {
        (crate::scenario::SpeedPoint::Conservative, Some(f)) => {
            let low = low_end(z, f, sized.gpus_per_replica).unwrap_or(1.0);
            at_speed(sized, low)
        }
        _ => sized,
    };
    OfferSizing {
        cannot_run,
        caveat,
        ..sized
    }
}

/// The low end of the speed model's range on a GPU of `family` with `gpus` per copy: the 95th
/// percentile of its held-out over-estimate on published runs of the class, as a multiplier of
/// the figures; `None` where the engine has no published runs.
pub(super) fn low_end(z: &Sizing, family: GpuFamily, gpus: u32) -> Option<f64> {
    let engine = z.workload().engine;
    perf::engine_slot(engine)?;
    let class = perf::SpeedClass {
        amd: family.vendor == compat::Vendor::Amd,
        engine,
        moe: z.params().active < z.params().total,
        multi: gpus > 1,
    };
    perf::class_error(&class).map(|e| 1.0 / e.high.max(1e-3))
}

/// An offer's sizing with its speeds at `factor` of the model's (its first token `1 / factor`
/// as long); memory and placement unchanged.
pub(super) fn at_speed(s: OfferSizing, factor: f64) -> OfferSizing {
    if !(factor.is_finite() && factor > 0.0) || factor == 1.0 {
        return s;
    }
    OfferSizing {
        decode_tokens_per_s_per_user: s.decode_tokens_per_s_per_user * factor,
        aggregate_tokens_per_s_per_replica: s.aggregate_tokens_per_s_per_replica * factor,
        prefill_tokens_per_s_per_replica: s.prefill_tokens_per_s_per_replica * factor,
        requests_per_s_per_replica: s.requests_per_s_per_replica * factor,
        ttft_ms_mean: s.ttft_ms_mean / factor,
        curve: cost::load::SpeedCurve {
            points: s.curve.points.iter().map(|p| p.scaled(factor)).collect(),
            beyond: s.curve.beyond.map(|p| p.scaled(factor)),
            prefill_tokens_per_s: s.curve.prefill_tokens_per_s * factor,
            ..s.curve.clone()
        },
        ..s
    }
}

/// The sizing facts of one offer, the engine's compatibility aside.
fn size_runnable(z: &Sizing, o: &Offer, at: &OfferContext) -> OfferSizing {
    let (c, lang) = (at.catalog, at.lang);
    // With the concurrency from the load, a copy is placed for one sequence: the sequences it
    // takes (up to the engine's cap, as its memory allows) then set its throughput.
    let from_load = at.targets.peak_rps > 0.0 && z.workload().task == model::Task::Infer;
    let one_seq;
    let zp = if from_load {
        one_seq = z.with_concurrency(1);
        &one_seq
    } else {
        z
    };
    let no = |why: Misfit| OfferSizing {
        fits: false,
        why_not: Some(why.sentence(lang)),
        instances_per_replica: 1,
        ..OfferSizing::default()
    };
    let shape = match &o.gpu {
        Some(g) if g.count > 0 => {
            let Some(spec) = c.gpu(&g.id) else {
                return no(Misfit::UnknownGpu { id: g.id.clone() });
            };
            match replica_shape(zp, &o.gpu_figures(spec), g.count, o.fabric.is_some()) {
                Ok(shape) => shape,
                // A slice is never split or joined: the model fits one or it does not run.
                Err(_) if g.slice.is_some() => return slice_too_small(z, o, spec, lang),
                Err(why) => return no(why),
            }
        }
        _ => ReplicaShape::WHOLE,
    };
    let Some(hw) = replica_hardware(o, c, shape) else {
        return no(Misfit::NoMemoryStated);
    };
    // Pipeline stages between machines run at the offer's fabric speed.
    let fabric = o.fabric.filter(|_| shape.machines > 1);
    let mut eff = at.eff.clone();
    if let Some(f) = fabric.filter(|f| f.gbps.is_finite() && f.gbps > 0.0) {
        eff.inter_server_gbs = f.gbps / 8.0;
    }
    let (shape, hw, curve) = if from_load {
        load_shape(z, o, at, shape, hw, &eff)
    } else {
        let (shape, hw) = match (at.targets.tp, o.gpu.as_ref()) {
            (Some(tp), Some(g)) => match pinned_shape(z, shape, g.count, tp) {
                Some(p) => (p, replica_hardware(o, c, p).unwrap_or(hw)),
                None => (shape, hw),
            },
            _ => faster_shape(z, o, at, shape, hw),
        };
        (shape, hw, cost::load::SpeedCurve::default())
    };
    let gpus_per_replica = hw.gpu_count() as u32;
    let speed = z.speed(&hw, &eff);
    // The speed curve already searched the memory's sequences (a load's concurrency).
    let max_seqs = if curve.points.is_empty() {
        z.max_concurrency(&hw) as f64
    } else {
        curve.memory_slots
    };
    // With the concurrency from the load, the memory of the sequences a copy takes.
    let mem = if from_load {
        z.with_concurrency(curve.cap.max(1.0) as u64)
            .memory_figures(&hw)
    } else {
        z.memory_figures(&hw)
    };
    let (power, peak, serving) = match (&o.gpu, o.gpu.as_ref().and_then(|g| c.gpu(&g.id))) {
        // Every GPU of a machine runs (a copy each, or a share of one).
        // A slice draws and computes its share of the GPU.
        (Some(g), Some(spec)) => (
            spec.tdp_w * g.slice.as_ref().map_or(g.count as f64, |sl| sl.fraction),
            spec.bf16_tflops * 1e12 * gpus_per_replica as f64 * o.compute_share(spec),
            format_peak_tflops(spec, z.weight_quant())
                * 1e12
                * eff.compute
                * gpus_per_replica as f64
                * o.compute_share(spec),
        ),
        // A CPU server: about 10 W a core at load (heuristic); peak FLOPs unknown.
        _ => (10.0 * o.vcpus.unwrap_or(4) as f64, 0.0, 0.0),
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
        instances_per_replica: shape.machines,
        replicas_per_instance: shape.per_machine,
        parallelism: z.parallelism(&hw),
        fabric,
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
        curve,
        memory_per_gpu_bytes: mem.per_device.whole(),
        weights_bytes: mem.weights.whole(),
        power_w_per_instance: power,
        compute_params: z.params().active as f64,
        peak_flops_per_replica: peak,
        serving_flops_per_replica: finite_or_zero(serving),
        cannot_run: None,
        caveat: None,
    }
}

/// A slice's name: "½ of an A100 PCIe 80GB (vGPU, time-shared)".
pub(super) fn slice_words(sl: &crate::catalog::GpuSlice, gpu_name: &str, lang: Lang) -> String {
    crate::words::slice::slice(
        sl.fraction,
        sl.kind.is_time_shared(),
        sl.profile.as_deref(),
        gpu_name,
        lang,
    )
}

/// A model that does not fit one slice: what one device would need against the slice's memory.
fn slice_too_small(
    z: &Sizing,
    o: &Offer,
    spec: &crate::catalog::GpuSpec,
    lang: Lang,
) -> OfferSizing {
    let gpu = o.gpu_figures(spec);
    let hw = Hardware::Gpu {
        gpu,
        per_server: 1,
        servers: 1,
    };
    let mem = z.memory_figures(&hw);
    OfferSizing {
        fits: false,
        why_not: Some(crate::words::slice::too_big(
            mem.per_device.whole() as f64,
            gpu.memory.whole() as f64,
            lang,
        )),
        instances_per_replica: 1,
        ..OfferSizing::default()
    }
}

/// The dense peak a GPU reaches in the weights' precision, TFLOP/s: FP8 tensor cores for FP8,
/// FP4 (else FP8) for NVFP4 and MXFP4, BF16 for the rest (weight-only formats compute in BF16),
/// as the speed model reads it.
fn format_peak_tflops(spec: &crate::catalog::GpuSpec, q: model::Quant) -> f64 {
    let bf16 = spec.bf16_tflops;
    match q {
        model::Quant::Fp8 => spec.fp8_tflops.unwrap_or(bf16),
        model::Quant::Nvfp4 | model::Quant::Mxfp4 => {
            spec.fp4_tflops.or(spec.fp8_tflops).unwrap_or(bf16)
        }
        _ => bf16,
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
        // An encoder reads at most its context limit, and its memory is sized for that: the
        // requests counted above hold that many tokens, not a longer `ctx`.
        at_context: if z.kv().is_empty() && z.context_limit() > 0 {
            wl.ctx.min(z.context_limit())
        } else {
            wl.ctx
        },
        context_limit: z.context_limit(),
        request_tokens: if z.kv_in_flight() {
            wl.tokens_in
                .saturating_add(wl.tokens_out)
                .clamp(1, wl.ctx.max(1))
        } else {
            0
        },
    });
    let speed = z.speed(hw, eff);
    (mem, headroom, speed)
}
