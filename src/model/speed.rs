//! Speed of one replica: a per-step latency model for decode, prefill at the compute rate, and a
//! cycle model for the requests a replica sustains, with queueing for the time to first token.
//!
//! One decode step of a batch of `B` sequences, each holding `c` tokens, costs
//!
//! ```text
//! step = max(KV read, attention compute) + max(weights read, matmul compute)
//!        + all-reduce + layers x overhead
//! KV read        = B x c x KV bytes per token (the cells each sequence holds) / (TP x bandwidth x share)
//! weights read   = (dense weights + the experts the batch routes to) / (TP x bandwidth x share)
//! attention      = 4 x layers x attention width x c x B / (TP x matmul peak of the format x share)
//! matmul compute = (2 x dense active params x B + 2 x expert params x B / expert share)
//!                  / (TP x matmul peak of the format x share)
//! all-reduce (TP > 1) = 2 per layer x (latency + 2(TP-1)/TP x B x hidden x 2 B / link)
//!                       (a MoE layer spread expert parallel: one all-reduce, then a dispatch
//!                       and a combine, each its bytes, the latency and the fitted exchange cost
//!                       `perf::Calibration::expert_exchange_us`; [`tp_comm`])
//! ```
//!
//! The attention kernels and the matmul kernels of a layer run one after the other, so their
//! times add; each is bound by the larger of its own reading and computing. The shares by class of GPU and kind of engine in [`super::perf`], fitted to published runs.
//! A replica at concurrency `C` with prompts of `I` and outputs of `O` tokens completes
//!
//! ```text
//! R = C / (O x step(C) + C x I / P)        requests per second
//! ```
//!
//! where `P` is the replica's prefill rate when busy (prompts batched into 8,192-token passes):
//! prefill shares the compute with decode (chunked prefill interleaves; it does not create
//! compute). Each user sees `O / (O x step + (C - 1) x I / P)` tokens per second: the others'
//! prompts slow every step. The first token waits for the prompt's own prefill and one step,
//! after the queue for one of the `C` slots (M/M/c, [`mmc_wait_s`], at the load's utilisation).

use super::compat::Vendor;
use super::engine::Efficiency;
use super::formats::finite;
use super::kv::kv_cells;
use super::options::{Engine, Quant};
use super::perf::{self, EngineKind, GpuClass, Shares, PLANNING_UTILISATION, PREFILL_CHUNK_TOKENS};
use super::sizing::Sizing;
use super::workload::Hardware;
use super::Provenance;
use serde::{Deserialize, Serialize};

/// Speed estimates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Speed {
    /// Decode speed each user sees at the workload's concurrency, with the other users'
    /// prompts interleaved (0 for encoders).
    pub decode_tokens_per_s_per_user: f64,
    /// Output tokens per second of all users together, prefill included (requests/s x output).
    pub aggregate_tokens_per_s: f64,
    /// Prompt tokens per second the replica prefills when busy (prompts batched).
    pub prefill_tokens_per_s: f64,
    /// Mean time to first token once a slot is free: the prompt's prefill and one decode step,
    /// milliseconds. The queue for a slot depends on the load, which the cost model knows:
    /// [`mmc_wait_s`] over `seqs` slots of `cycle_s` each gives it (`queue_wait_ms` at the
    /// planning utilisation).
    pub ttft_ms: f64,
    /// One decode step of the whole batch, milliseconds.
    pub step_ms: f64,
    /// Requests per second the replica completes at this concurrency (prefill + decode).
    pub requests_per_s: f64,
    /// `memory` or `compute`: which roofline bounds decode.
    pub bound: String,
    pub provenance: Provenance,
    /// Seconds one slot takes per request (its share of prefill and decode): the service time of
    /// the M/M/c queue over the concurrency's slots.
    #[serde(default)]
    pub cycle_s: f64,
    /// Mean wait for a slot at the planning utilisation (M/M/c, `perf::PLANNING_UTILISATION`),
    /// milliseconds: not in `ttft_ms`.
    #[serde(default)]
    pub queue_wait_ms: f64,
    /// One prompt's prefill alone on the replica, tokens per second (batch 1).
    #[serde(default)]
    pub prefill_single_tokens_per_s: f64,
    /// The terms of one decode step and the shares used: what the figure rests on.
    #[serde(default)]
    pub basis: StepBasis,
}

/// The terms of one decode step, milliseconds, and the shares of peak they used.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepBasis {
    pub weights_ms: f64,
    pub kv_ms: f64,
    pub compute_ms: f64,
    pub allreduce_ms: f64,
    pub overhead_ms: f64,
    /// The class of GPU (`hopper`, `gddr`, ...; `cpu` on a CPU).
    pub gpu_class: String,
    pub bandwidth_share: f64,
    pub matmul_share: f64,
    pub tp: u64,
    pub pp: u64,
}

/// Expected share of a layer's experts a batch of `b` tokens touches: 1 - (1 - k/E)^b.
pub fn distinct_expert_share(experts: u64, active: u64, batch: f64) -> f64 {
    if experts == 0 {
        return 1.0;
    }
    let k = (active.min(experts) as f64 / experts as f64).clamp(0.0, 1.0);
    let b = batch.max(1.0);
    finite(1.0 - (1.0 - k).powf(b)).clamp(k, 1.0)
}

/// Mean wait in an M/M/c queue with `c` servers each serving in `service_s` seconds on average,
/// at utilisation `rho` (Erlang C: P(wait) x service / (c (1 - rho))). 0 for an idle or
/// degenerate queue; rho is held below 0.99.
pub fn mmc_wait_s(c: u64, service_s: f64, rho: f64) -> f64 {
    let c = c.clamp(1, 100_000);
    let rho = rho.clamp(0.0, 0.99);
    if rho <= 0.0 || service_s.is_nan() || service_s <= 0.0 {
        return 0.0;
    }
    // Many slots well below saturation: (1 - rho) sqrt(c) > 5 puts P(wait) under 1e-6
    // (Halfin-Whitt), so skip the O(c) recursion (up to 100,000 slots for each offer).
    if c > 1000 && (1.0 - rho) * (c as f64).sqrt() > 5.0 {
        return 0.0;
    }
    let a = rho * c as f64; // offered load, erlangs
                            // Erlang B by its stable recursion, then C from B.
    let mut b = 1.0;
    for k in 1..=c {
        b = a * b / (k as f64 + a * b);
    }
    let p_wait = b / (1.0 - rho * (1.0 - b));
    finite(p_wait * service_s / (c as f64 * (1.0 - rho)))
}

/// What one replica reaches: the rates with their shares applied.
struct Replica {
    /// Bytes per second streamed over the TP group (per stage).
    bw: f64,
    /// Dense matmul FLOP/s over the TP group at the weights' format.
    flops: f64,
    /// Expert matmul FLOP/s.
    expert_flops: f64,
    /// Per forward pass: fixed seconds (layer overhead, all-reduce and hand-over latencies) and
    /// seconds per token carried (all-reduce and hand-over bytes).
    fixed_s: f64,
    per_token_s: f64,
    /// The parts of `fixed_s` and `per_token_s` that are communication.
    comm_fixed_s: f64,
    class: Option<GpuClass>,
    shares: Shares,
    tp: u64,
    pp: u64,
    /// Tokens per expert at which the expert share holds (`perf::Calibration::expert_tokens_ref`).
    expert_ref: f64,
}

/// The shares corrected for the engine, the vendor and the layout (`perf::Calibration`, the
/// fitted one unless `e` carries another): the bandwidth and matmul shares times the factor,
/// the per-layer overhead over it.
fn calibrated(z: &Sizing, e: &Efficiency, amd: bool, gpus: u64, fit: Shares) -> Shares {
    let s = &z.shape;
    let cal = calibration(e).factor(z.wl.engine, amd, s.moe && s.experts > 0, gpus);
    Shares {
        bandwidth: fit.bandwidth * cal,
        matmul: fit.matmul * cal,
        layer_us: fit.layer_us / cal,
        ..fit
    }
}

/// The corrections in force: the fitted ones unless `e` carries others.
fn calibration(e: &Efficiency) -> perf::Calibration {
    e.calibration.unwrap_or(super::fitted::CALIBRATION)
}

/// What `hw` reaches for the model of `z` under the efficiencies `e`.
fn replica(z: &Sizing, hw: &Hardware, e: &Efficiency) -> Replica {
    let s = &z.shape;
    let kind = EngineKind::of(z.wl.engine);
    match hw {
        Hardware::Gpu {
            gpu,
            per_server,
            servers,
        } => {
            let class = GpuClass::of(gpu);
            let (fit, (ref_bw, ref_mm)) = match &e.shares {
                Some(t) => {
                    let h = t[kind.index()][GpuClass::Hopper.index()];
                    (t[kind.index()][class.index()], (h.bandwidth, h.matmul))
                }
                None => (perf::shares(class, kind), perf::reference(kind)),
            };
            let (tp, pp) = z.split(*per_server, *servers);
            let fit = calibrated(z, e, gpu.vendor == Vendor::Amd, tp * pp, fit);
            // A person's bw_eff / flops_eff scale the fitted shares from the engine's reference.
            let bw_share = (fit.bandwidth * e.bandwidth / ref_bw).clamp(0.01, 1.0);
            let mm_share = (fit.matmul * e.compute / ref_mm).clamp(0.01, 1.0) / gguf_slowdown(z);
            // The matmul rate of the format's activations: FP8 and NVFP4 (W4A4) run at their own
            // rates; MXFP4 (gpt-oss) runs W4A8 on Blackwell and W4A16 on Hopper (TensorRT-LLM's
            // gpt-oss options: FP8 KV and activations on Blackwell, the Triton BF16 MoE on Hopper).
            let fp8_or_bf16 = gpu.fp8_tflops.unwrap_or(gpu.bf16_tflops);
            let peak = match z.weight_quant {
                Quant::Fp8 => fp8_or_bf16,
                Quant::Nvfp4 => gpu.fp4_tflops.unwrap_or(fp8_or_bf16),
                Quant::Mxfp4 if gpu.fp4_tflops.is_some() => fp8_or_bf16,
                _ => gpu.bf16_tflops,
            };
            let t = tp as f64;
            let flops = finite(peak) * 1e12 * mm_share * t;
            let layers = s.layers;
            // The catalogue states the link both ways (NVLink 4: 900 GB/s = 450 each way; PCIe
            // 5 x16: 128 = 64 each way); a ring sends one way at a time.
            let link = finite(gpu.interconnect_gbs).max(1.0) / 2.0 * 1e9 * e.interconnect;
            let (mut comm_fixed, mut per_tok) = (0.0, 0.0);
            if tp > 1 {
                // Two all-reduces of the hidden state (2 bytes an element) per layer; a ring moves
                // 2(tp-1)/tp of the data; each pays the link's latency.
                let ring = 2.0 * (t - 1.0) / t;
                let lat = if gpu.nvlink {
                    e.allreduce_latency_us_nvlink
                } else {
                    e.allreduce_latency_us_pcie
                } * 1e-6;
                let cal = calibration(e);
                let lat_exchange = (lat, cal.expert_exchange_us * 1e-6);
                let ep = cal.expert_parallel;
                let allreduce_b = ring * s.hidden * 2.0;
                let (tok, fixed) = tp_comm(z, t, layers, allreduce_b, link, lat_exchange, ep);
                per_tok += tok;
                comm_fixed += fixed;
            }
            if pp > 1 {
                // Stages hand the hidden state on: over the network between servers, over the
                // GPU interconnect within one.
                let stages_per_server = ((*per_server as u64).max(1) / tp).max(1);
                let across = (pp.div_ceil(stages_per_server) - 1) as f64;
                let within = (pp - 1) as f64 - across;
                per_tok += across * s.hidden * 2.0 / (e.inter_server_gbs * 1e9)
                    + within * s.hidden * 2.0 / link;
                comm_fixed += across * e.inter_server_latency_us * 1e-6 + within * 5e-6;
            }
            Replica {
                bw: finite(gpu.bandwidth_gbs) * 1e9 * bw_share * t,
                flops,
                expert_flops: flops * fit.experts,
                fixed_s: comm_fixed + layers * fit.layer_us * 1e-6,
                per_token_s: per_tok,
                comm_fixed_s: comm_fixed,
                class: Some(class),
                shares: Shares {
                    bandwidth: bw_share,
                    matmul: mm_share,
                    ..fit
                },
                tp,
                pp,
                expert_ref: calibration(e).expert_tokens_ref,
            }
        }
        Hardware::Cpu {
            bandwidth_gbs,
            cores,
            avx512,
            amx,
            ..
        } => {
            let speedup = if *avx512 || *amx {
                e.cpu_avx512_speedup
            } else {
                1.0
            };
            let flops = (*cores).max(1) as f64 * e.cpu_gflops_per_core_avx2 * 1e9 * speedup;
            Replica {
                bw: finite(*bandwidth_gbs) * 1e9 * e.cpu_bandwidth,
                flops,
                expert_flops: flops,
                fixed_s: 0.0,
                per_token_s: 0.0,
                comm_fixed_s: 0.0,
                class: None,
                shares: Shares {
                    bandwidth: e.cpu_bandwidth,
                    matmul: 1.0,
                    experts: 1.0,
                    layer_us: 0.0,
                },
                tp: 1,
                pp: 1,
                expert_ref: calibration(e).expert_tokens_ref,
            }
        }
    }
}

/// How much slower the matmuls of a GGUF file run on a server engine than the engine's own 4-bit
/// kernels: vLLM dequantises GGUF blocks on an experimental path ("highly experimental and
/// under-optimized", docs.vllm.ai, GGUF). Measured on vLLM 0.20.0 with identical flags, Qwen3-14B
/// Q4_K_M against AWQ INT4 on one RTX 4060 Ti: time to first token 2.52 s against 0.29 s for a
/// 925-token prompt, 8.7x (github:vllm-project/vllm#35987, 2026-05-20). Prefill and large decode
/// batches are matmul-bound, so the replica's compute share is divided by that factor: its
/// prompts and its concurrency are capped where compute binds, while a single user's decode (bound
/// by reading the weights) keeps its speed. llama.cpp and Ollama run GGUF natively (1).
pub const GGUF_ON_SERVER_ENGINE_SLOWDOWN: f64 = 8.7;

fn gguf_slowdown(z: &Sizing) -> f64 {
    let native = matches!(z.wl.engine, Engine::Llamacpp | Engine::Ollama);
    if z.weight_quant.is_gguf() && !native {
        GGUF_ON_SERVER_ENGINE_SLOWDOWN
    } else {
        1.0
    }
}

/// Communication of one forward pass over a tensor-parallel group of `t` GPUs: seconds per token
/// carried and fixed seconds, given one all-reduce's bytes per token (`allreduce_b`), the link's
/// bytes per second one way and its latency (`lat`).
///
/// Without expert parallelism a layer all-reduces the hidden state twice (after attention and
/// after the feed-forward). With it (a mixture of experts on vLLM, SGLang or TensorRT-LLM, as
/// [`Sizing::parallelism`] reports), a MoE layer keeps the attention all-reduce and replaces the
/// feed-forward's by an all-to-all **dispatch** of each token's hidden state to the GPUs holding
/// its experts and a **combine** back (DeepEP's and TensorRT-LLM's wide-EP kernels; the
/// `--enable-expert-parallel` path of vLLM). Each GPU sends the tokens it owns (`1/t` of the batch)
/// to the distinct GPUs among its `k` experts: with experts spread evenly, a token reaches
/// `D = t (1 - (1 - 1/t)^k)` GPUs, of which `(t - 1)/t` are remote. Per token of the batch and per
/// phase that is `D (t - 1)/t / t` hidden states over one GPU's link, against `2 (t - 1)/t` for a
/// ring all-reduce. Worked example (gpt-oss-120b, top-4 of 128, on 4 GPUs): `D = 4 (1 - 0.75^4)
/// = 2.73`; dispatch + combine = `2 x 2.73 x 0.75 / 4 = 1.02` hidden states per token, against
/// `1.5` for the all-reduce it replaces: on NVLink the expert exchange costs less than the
/// tensor-parallel all-reduce, and each phase pays the link's latency like an all-reduce.
///
/// With `expert_parallel` false (TensorRT-LLM's default without an expert-parallel size, as its
/// published runs with a plain TP layout ran) every GPU holds a slice of every expert and a MoE
/// layer all-reduces twice like a dense one.
fn tp_comm(
    z: &Sizing,
    t: f64,
    layers: f64,
    allreduce_b: f64,
    link: f64,
    (lat, exchange): (f64, f64),
    expert_parallel: bool,
) -> (f64, f64) {
    let s = &z.shape;
    let ep = expert_parallel
        && s.moe
        && s.moe_layers > 0.0
        && matches!(z.wl.engine, Engine::Vllm | Engine::Sglang | Engine::Trtllm);
    if !ep {
        return (2.0 * layers * allreduce_b / link, 2.0 * layers * lat);
    }
    let moe = s.moe_layers.min(layers);
    let k = s.experts_active.clamp(1, s.experts.max(1)) as f64;
    let ring = 2.0 * (t - 1.0) / t;
    let reached = t * (1.0 - (1.0 - 1.0 / t).powf(k));
    // One phase, in units of the all-reduce's per-token time (which moves `ring` hidden states).
    let phase = reached * (t - 1.0) / t / t / ring;
    let per_tok = (2.0 * (layers - moe) + moe * (1.0 + 2.0 * phase)) * allreduce_b / link;
    let fixed = (2.0 * (layers - moe) + 3.0 * moe) * lat + 2.0 * moe * exchange;
    (per_tok, fixed)
}

/// How the routed experts' matmul rate grows with the tokens each expert receives in a pass
/// (`tokens x k / E`): grouped GEMMs over few rows each waste the tensor cores, over many they
/// approach the dense rate. The fitted expert share holds at `reference` tokens per expert
/// ([`perf::EXPERT_TOKENS_REF`] as shipped) and scales with the square root of the tokens from
/// there, up to the dense rate.
fn expert_batching(sh: &super::sizing::Shape, tokens: f64, reference: f64) -> f64 {
    if !sh.moe || sh.experts == 0 {
        return 1.0;
    }
    let per_expert = tokens * sh.experts_active.min(sh.experts) as f64 / sh.experts as f64;
    finite((per_expert / reference.max(1.0)).sqrt()).clamp(0.2, 4.0)
}

/// Parameters a token multiplies, split into dense (attention, shared experts, head) and routed
/// experts (top-k of them).
fn active_split(z: &Sizing) -> (f64, f64) {
    let sh = &z.shape;
    let active = z.params.active as f64;
    if !sh.moe || sh.experts == 0 {
        return (active, 0.0);
    }
    let (total, e, k) = (
        z.params.total as f64,
        sh.experts as f64,
        sh.experts_active.min(sh.experts) as f64,
    );
    // total - active = the experts not chosen = expert params x (1 - k/E).
    let experts_all = if e > k {
        (total - active).max(0.0) / (1.0 - k / e)
    } else {
        0.0
    };
    let routed = (experts_all * k / e).min(active);
    (active - routed, routed)
}

impl Sizing {
    /// Milliseconds of a pass's attention matmuls (scores and values over `attn_ctx` tokens of
    /// context for each of `tokens` tokens): the part of [`StepBasis::compute_ms`] that runs in
    /// the attention kernel, beside its KV read.
    fn attention_ms(&self, r: &Replica, tokens: f64, attn_ctx: f64) -> f64 {
        let sh = &self.shape;
        4.0 * sh.layers * sh.attn_width * attn_ctx * tokens / r.flops.max(1.0) * 1e3
    }

    /// Seconds of one forward pass over `tokens` tokens, `attn_ctx` tokens of context each,
    /// streaming `weight_bytes` and `kv_bytes`; with its terms.
    fn pass(&self, r: &Replica, tokens: f64, attn_ctx: f64, weights: f64, kv: f64) -> StepBasis {
        let sh = &self.shape;
        let (dense, routed) = active_split(self);
        let attn = 4.0 * sh.layers * sh.attn_width * attn_ctx * tokens;
        let compute = (2.0 * dense * tokens + attn) / r.flops.max(1.0)
            + 2.0 * routed * tokens
                / (r.expert_flops * expert_batching(sh, tokens, r.expert_ref))
                    .min(r.flops)
                    .max(1.0);
        StepBasis {
            weights_ms: weights / r.bw.max(1.0) * 1e3,
            kv_ms: kv / r.bw.max(1.0) * 1e3,
            compute_ms: compute * 1e3,
            allreduce_ms: (r.comm_fixed_s + r.per_token_s * tokens) * 1e3,
            overhead_ms: (r.fixed_s - r.comm_fixed_s) * 1e3,
            gpu_class: r.class.map_or("cpu", |c| c.id()).into(),
            bandwidth_share: r.shares.bandwidth,
            matmul_share: r.shares.matmul,
            tp: r.tp,
            pp: r.pp,
        }
    }

    /// Decode and prefill speed on `hw` at the efficiencies `eff`, at the workload's concurrency.
    pub fn speed(&self, hw: &Hardware, eff: &Efficiency) -> Speed {
        self.speed_at(hw, eff, self.wl.seqs)
    }

    /// Decode and prefill speed on `hw` at the efficiencies `eff` with `seqs` sequences in the
    /// batch (the concurrency a load gives one copy, which the plan derives from the request
    /// rate); the memory stays the workload's.
    pub fn speed_at(&self, hw: &Hardware, eff: &Efficiency, seqs: u64) -> Speed {
        let mut one = self.speeds_at(hw, eff, &[seqs]);
        one.pop()
            .unwrap_or_else(|| unreachable!("one speed for one concurrency"))
    }

    /// [`Sizing::speed_at`] at each of `seqs`, the replica and its prefill worked out once: a
    /// copy's speed curve over its concurrencies (the traffic plan's).
    pub fn speeds_at(&self, hw: &Hardware, eff: &Efficiency, seqs: &[u64]) -> Vec<Speed> {
        let (wl, sh, w) = (&self.wl, &self.shape, &self.weights);
        let e = eff.sane();
        let r = replica(self, hw, &e);
        let keep = 1.0 - e.virtualization_penalty;
        let tin = wl.tokens_in.clamp(1, sh.max_position.max(1)) as f64;
        let weights_read = (w.total - w.embedding_lookup).max(0.0);
        let non_expert = (weights_read - w.experts_total).max(0.0);
        let streamed = |tokens: f64| {
            let share = distinct_expert_share(sh.experts, sh.experts_active, tokens);
            non_expert + w.experts_total * share
        };
        // A pass runs its attention kernels (reading the KV cache, scoring and weighing it) and
        // its matmul kernels (streaming the weights, multiplying the tokens) one after the other
        // in every layer: each kernel is bound by the larger of its reading and its computing,
        // and the two add. At long contexts and large batches the KV read is a step's largest
        // term, and the matmuls' compute does not hide it (published decode steps of Llama-3.3-70B
        // and Qwen3-30B-A3B at 1,000-2,000 tokens of context on B200 are 1.4-1.7 times the larger
        // of the two alone).
        let secs = |b: &StepBasis, attn_ms: f64| {
            let attn_ms = attn_ms.clamp(0.0, b.compute_ms);
            (b.kv_ms.max(attn_ms) + b.weights_ms.max(b.compute_ms - attn_ms)) * 1e-3
                + (b.allreduce_ms + b.overhead_ms) * 1e-3
        };

        // One prompt alone (causal attention over half the prompt on average).
        let single = self.pass(&r, tin, tin / 2.0, streamed(tin), 0.0);
        let prefill_single_s =
            finite(secs(&single, self.attention_ms(&r, tin, tin / 2.0))).max(1e-9);
        // Busy: prompts batched into passes of the engine's token budget.
        let chunk = tin.max(PREFILL_CHUNK_TOKENS);
        let busy = self.pass(&r, chunk, tin / 2.0, streamed(chunk), 0.0);
        let busy_s = secs(&busy, self.attention_ms(&r, chunk, tin / 2.0));
        let prefill_rate = finite(chunk / busy_s.max(1e-9));

        seqs.iter()
            .map(|&seqs| {
                let seqs = seqs.max(1);
                let batch = seqs as f64;
                if sh.encoder {
                    // Encoders: one forward pass per request; a batch shares one read of the weights.
                    let per_req = prefill_single_s / keep;
                    let all = self.pass(&r, tin * batch, tin / 2.0, weights_read, 0.0);
                    let batch_s =
                        secs(&all, self.attention_ms(&r, tin * batch, tin / 2.0)).max(1e-12) / keep;
                    return Speed {
                        decode_tokens_per_s_per_user: 0.0,
                        aggregate_tokens_per_s: 0.0,
                        prefill_tokens_per_s: finite(tin / per_req.max(1e-12)),
                        ttft_ms: finite(per_req * 1e3),
                        step_ms: 0.0,
                        requests_per_s: finite(batch / batch_s),
                        bound: "compute".into(),
                        provenance: Provenance::Heuristic,
                        cycle_s: finite(batch_s / batch),
                        queue_wait_ms: 0.0,
                        prefill_single_tokens_per_s: finite(tin / per_req.max(1e-12)),
                        basis: all,
                    };
                }

                // One decode step of the whole batch: every sequence holds its prompt and, on average,
                // half its output. The cells read are the tokens held (without llama.cpp's padding).
                let ctx_avg = (tin + wl.tokens_out as f64 / 2.0).min(wl.ctx.max(1) as f64);
                let (g, l) = kv_cells(&self.kv, ctx_avg.ceil() as u64, Engine::Vllm, &self.consts);
                let kv_read = (self.kv.global_per_token * g + self.kv.local_per_cell * l) * batch;
                let step_b = self.pass(&r, batch, ctx_avg, streamed(batch), kv_read);
                let step = finite(secs(&step_b, self.attention_ms(&r, batch, ctx_avg))).max(1e-9);

                // The cycle: C slots, each request O steps, prompts prefilled at the busy rate.
                let out = wl.tokens_out.max(1) as f64;
                let cycle = out * step + batch * tin / prefill_rate.max(1e-9);
                let rps = batch / cycle;
                let per_user = out / (out * step + (batch - 1.0) * tin / prefill_rate.max(1e-9));
                let ttft_service = prefill_single_s + step;
                // Each slot serves a request in `cycle` seconds; M/M/c over the C slots.
                let wait = mmc_wait_s(seqs, cycle, PLANNING_UTILISATION);
                Speed {
                    decode_tokens_per_s_per_user: finite(per_user * keep),
                    aggregate_tokens_per_s: finite(rps * out * keep),
                    prefill_tokens_per_s: finite(prefill_rate * keep),
                    ttft_ms: finite(ttft_service / keep * 1e3),
                    step_ms: finite(step * 1e3),
                    requests_per_s: finite(rps * keep),
                    bound: if step_b.weights_ms + step_b.kv_ms >= step_b.compute_ms {
                        "memory".into()
                    } else {
                        "compute".into()
                    },
                    provenance: Provenance::Heuristic,
                    cycle_s: finite(cycle / keep),
                    queue_wait_ms: finite(wait / keep * 1e3),
                    prefill_single_tokens_per_s: finite(tin / prefill_single_s * keep),
                    basis: step_b,
                }
            })
            .collect()
    }
}
