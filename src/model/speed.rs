//! Speed: decode tokens/s per user and in aggregate (memory-bandwidth roofline over the active
//! weights plus the KV read, against the compute roofline; MoE reads the distinct experts the
//! batch routes to), prefill throughput and time to first token. Heuristic by nature: every
//! efficiency is a named, editable field of [`Efficiency`].

use super::engine::Efficiency;
use super::formats::finite;
use super::kv::kv_cells;
use super::options::{Engine, Quant};
use super::sizing::Sizing;
use super::workload::Hardware;
use super::Provenance;
use serde::{Deserialize, Serialize};

/// Speed estimates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Speed {
    /// Decode speed each user sees at the workload's concurrency (0 for encoders).
    pub decode_tokens_per_s_per_user: f64,
    /// All users together.
    pub aggregate_tokens_per_s: f64,
    /// Prompt processing speed of one request.
    pub prefill_tokens_per_s: f64,
    /// Prefill of one prompt plus the first decode step, milliseconds.
    pub ttft_ms: f64,
    /// One decode step of the whole batch, milliseconds.
    pub step_ms: f64,
    /// Requests per second the hardware can complete at this concurrency (prefill + decode).
    pub requests_per_s: f64,
    /// `memory` or `compute`: which roofline bounds decode.
    pub bound: String,
    pub provenance: Provenance,
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

struct Machine {
    /// Aggregate memory bandwidth reached over the TP group, bytes/s.
    bw: f64,
    /// Compute reached over all devices doing one token, FLOP/s.
    flops: f64,
    /// Communication time per decode step per token in the batch (s) and fixed (s).
    comm_per_token: f64,
    comm_fixed: f64,
}

/// What `hw` reaches for the model of `z` under the efficiencies `e`.
fn machine(z: &Sizing, hw: &Hardware, e: &Efficiency) -> Machine {
    let s = &z.shape;
    match hw {
        Hardware::Gpu {
            gpu,
            per_server,
            servers,
        } => {
            let (tp, pp) = z.split(*per_server, *servers);
            let peak = match z.weight_quant {
                Quant::Fp8 => gpu.fp8_tflops.unwrap_or(gpu.bf16_tflops),
                Quant::Nvfp4 | Quant::Mxfp4 => {
                    gpu.fp4_tflops.or(gpu.fp8_tflops).unwrap_or(gpu.bf16_tflops)
                }
                _ => gpu.bf16_tflops,
            };
            let bw = finite(gpu.bandwidth_gbs) * 1e9 * e.bandwidth * tp as f64;
            let flops = finite(peak) * 1e12 * e.compute * tp as f64;
            // Two all-reduces of the hidden state per layer under TP (ring: 2(tp-1)/tp of the data).
            let (mut per_tok, mut fixed) = (0.0, 0.0);
            if tp > 1 {
                let link = finite(gpu.interconnect_gbs).max(1.0) * 1e9 * e.interconnect;
                let ring = 2.0 * (tp as f64 - 1.0) / tp as f64;
                let lat = if gpu.nvlink {
                    e.allreduce_latency_us_nvlink
                } else {
                    e.allreduce_latency_us_pcie
                } * 1e-6;
                let layers = s.layers;
                per_tok += 2.0 * layers * ring * s.hidden * 2.0 / link;
                fixed += 2.0 * layers * lat;
            }
            if pp > 1 {
                // Stages hand the hidden state on: over the network between servers, over the
                // GPU interconnect within one.
                let stages_per_server = ((*per_server as u64).max(1) / tp).max(1);
                let across = (pp.div_ceil(stages_per_server) - 1) as f64;
                let within = (pp - 1) as f64 - across;
                let link = finite(gpu.interconnect_gbs).max(1.0) * 1e9 * e.interconnect;
                per_tok += across * s.hidden * 2.0 / (e.inter_server_gbs * 1e9)
                    + within * s.hidden * 2.0 / link;
                fixed += across * e.inter_server_latency_us * 1e-6 + within * 5e-6;
            }
            Machine {
                bw,
                flops,
                comm_per_token: per_tok,
                comm_fixed: fixed,
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
            Machine {
                bw: finite(*bandwidth_gbs) * 1e9 * e.cpu_bandwidth,
                flops: (*cores).max(1) as f64 * e.cpu_gflops_per_core_avx2 * 1e9 * speedup,
                comm_per_token: 0.0,
                comm_fixed: 0.0,
            }
        }
    }
}

impl Sizing {
    /// Decode and prefill speed on `hw` at the efficiencies `eff`.
    pub fn speed(&self, hw: &Hardware, eff: &Efficiency) -> Speed {
        let (wl, sh, w) = (&self.wl, &self.shape, &self.weights);
        let e = eff.sane();
        let m = machine(self, hw, &e);
        let keep = 1.0 - e.virtualization_penalty;
        let batch = wl.seqs.max(1) as f64;
        let active = self.params.active as f64;
        let tin = wl.tokens_in.clamp(1, sh.max_position.max(1)) as f64;

        // Prefill of one prompt: 2 FLOPs per active parameter per token, plus causal attention
        // (2 x 2 x layers x heads x head_dim x T^2 / 2); at least one read of the weights.
        let attn_flops = 2.0 * sh.layers * sh.attn_width * tin * tin;
        let prefill_flops = 2.0 * active * tin + attn_flops;
        let weights_read = (w.total - w.embedding_lookup).max(0.0);
        let prefill_s = (prefill_flops / m.flops.max(1.0)).max(weights_read / m.bw.max(1.0))
            + m.comm_per_token * tin
            + m.comm_fixed;

        if sh.encoder {
            // Encoders: one forward pass per request; a batch shares one read of the weights.
            let per_req = finite(prefill_s) / keep;
            let batch_s = ((prefill_flops * batch) / m.flops.max(1.0))
                .max(weights_read / m.bw.max(1.0))
                / keep;
            return Speed {
                decode_tokens_per_s_per_user: 0.0,
                aggregate_tokens_per_s: 0.0,
                prefill_tokens_per_s: finite(tin / per_req.max(1e-12)),
                ttft_ms: finite(per_req * 1e3),
                step_ms: 0.0,
                requests_per_s: finite(batch / batch_s.max(1e-12)),
                bound: "compute".into(),
                provenance: Provenance::Heuristic,
            };
        }

        // Decode step for the whole batch.
        let non_expert = (weights_read - w.experts_total).max(0.0);
        let share = distinct_expert_share(sh.experts, sh.experts_active, batch);
        let weight_bytes = non_expert + w.experts_total * share;
        let ctx_avg = (tin + wl.tokens_out as f64 / 2.0).min(wl.ctx.max(1) as f64);
        // The cells read: the tokens held, without llama.cpp's padding (as any other engine
        // caches them).
        let (g, l) = kv_cells(&self.kv, ctx_avg.ceil() as u64, Engine::Vllm, &self.consts);
        let kv_read = (self.kv.global_per_token * g + self.kv.local_per_cell * l) * batch;
        let t_mem = (weight_bytes + kv_read) / m.bw.max(1.0);
        let decode_attn = 4.0 * sh.layers * sh.attn_width * ctx_avg * batch;
        let t_cmp = (2.0 * active * batch + decode_attn) / m.flops.max(1.0);
        let step = t_mem.max(t_cmp) + m.comm_per_token * batch + m.comm_fixed;
        let step = finite(step).max(1e-9);
        let per_user = keep / step;
        let ttft = prefill_s / keep + step;
        let per_request_s = prefill_s + step * wl.tokens_out.max(1) as f64;
        Speed {
            decode_tokens_per_s_per_user: finite(per_user),
            aggregate_tokens_per_s: finite(per_user * batch),
            prefill_tokens_per_s: finite(tin * keep / prefill_s.max(1e-12)),
            ttft_ms: finite(ttft * 1e3),
            step_ms: finite(step * 1e3),
            requests_per_s: finite(batch * keep / per_request_s.max(1e-12)),
            bound: if t_mem >= t_cmp {
                "memory".into()
            } else {
                "compute".into()
            },
            provenance: Provenance::Heuristic,
        }
    }
}
