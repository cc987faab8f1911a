//! The memory arithmetic: what one device holds (weights, KV cache, activations, runtime
//! overhead, the engine's reserve, fine-tuning states) for a placement and a load, each figure
//! with its range. `memory.rs` turns these into the breakdown a reader sees.

use super::engine::{clamp, EngineConstants};
use super::formats::finite;
use super::kv::{kv_cache_bytes, kv_cells};
use super::options::{Engine, Task};
use super::sizing::{Shape, Sizing};
use super::workload::KvBasis;
use super::Provenance;
use crate::units::{GIB, MIB};

/// How a workload is spread: `tp` x `pp` GPUs, or one CPU server; `devices` hold the model
/// states of a fine-tuning run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub tp: u64,
    pub pp: u64,
    pub cpu: bool,
    pub devices: u64,
}

impl Layout {
    pub(super) const CPU: Layout = Layout {
        tp: 1,
        pp: 1,
        cpu: true,
        devices: 1,
    };
    pub(super) fn gpus(tp: u64, pp: u64, devices: u64) -> Layout {
        Layout {
            tp,
            pp,
            cpu: false,
            devices,
        }
    }
}

/// A value with its range.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Num {
    pub v: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Num {
    fn exact(v: f64) -> Num {
        let v = finite(v);
        Num { v, lo: v, hi: v }
    }
    fn range(v: f64, lo: f64, hi: f64) -> Num {
        let v = finite(v);
        Num {
            v,
            lo: finite(lo).min(v),
            hi: finite(hi).max(v),
        }
    }
    pub(super) fn scale(self, k: f64) -> Num {
        Num {
            v: finite(self.v * k),
            lo: finite(self.lo * k),
            hi: finite(self.hi * k),
        }
    }
}

/// Per-device figures (the most loaded device).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Numbers {
    /// Weights over all devices (pipeline stages are not all equal: see `weights`).
    pub weights_total: Num,
    pub weights: Num,
    pub kv: Num,
    pub activations: Num,
    pub overhead: Num,
    pub reserve: Num,
    pub gradients: Num,
    pub optimizer: Num,
    pub adapters: Num,
    pub os_reserve: Num,
}

impl Numbers {
    fn all(&self) -> [Num; 9] {
        [
            self.weights,
            self.kv,
            self.activations,
            self.overhead,
            self.reserve,
            self.gradients,
            self.optimizer,
            self.adapters,
            self.os_reserve,
        ]
    }
    pub(super) fn per_device(&self) -> f64 {
        finite(self.all().iter().map(|n| n.v).sum())
    }
}

fn gib(x: f64) -> f64 {
    x * GIB
}

impl Sizing {
    /// Per-device numbers at layout `at` for `seqs` sequences of `ctx` tokens.
    pub(super) fn numbers(&self, at: Layout, ctx: u64, seqs: u64) -> Numbers {
        let tp = at.tp.max(1);
        let pp = at.pp.max(1);
        let train = self.wl.task != Task::Infer;
        // Model states of a fine-tuning run are sharded over all devices (FSDP / ZeRO-3).
        let shard = if train {
            at.devices.max(1) as f64
        } else {
            (tp * pp) as f64
        };
        let n = self.weights_numbers(tp, pp, shard);
        if train {
            return self.training_numbers(n, ctx, seqs, shard, at.cpu);
        }
        let kv_total = self.kv_bytes(ctx, seqs);
        let kv_dev = kv_total * kv_share(self, tp) / pp as f64;
        let n = Numbers {
            kv: if self.kv.provenance == Provenance::Exact {
                Num::exact(kv_dev)
            } else {
                Num::range(kv_dev, kv_dev * 0.5, kv_dev * 1.5)
            },
            ..n
        };
        if self.shape.encoder {
            self.encoder_numbers(n, ctx, seqs, at.cpu)
        } else if at.cpu {
            self.cpu_numbers(n, ctx, seqs)
        } else {
            self.gpu_numbers(n, ctx, seqs, tp, kv_total)
        }
    }

    /// The weights over all devices and on the most loaded one (inference: split over `tp` x
    /// `pp`; fine-tuning: sharded over `shard` devices).
    fn weights_numbers(&self, tp: u64, pp: u64, shard: f64) -> Numbers {
        let w = &self.weights;
        let train = self.wl.task != Task::Infer;
        // A tied embedding split over pipeline stages is held twice (first and last stage).
        let dup = if pp > 1 && !train && w.embedding_lookup == 0.0 {
            w.head
        } else {
            0.0
        };
        let mut n = Numbers {
            weights_total: Num::range(w.total + dup, w.low + dup, w.high + dup),
            weights: Num::range(w.total / shard, w.low / shard, w.high / shard),
            ..Numbers::default()
        };
        if pp > 1 && !train {
            // Pipeline stages: the first holds the input embedding, the last the head (a tied
            // embedding is duplicated there); the heaviest stage carries the larger of the two.
            let split = (tp * pp) as f64;
            let ends = w.embedding_lookup + w.head;
            let per = ((w.total - ends).max(0.0) / split
                + w.embedding_lookup.max(w.head) / tp as f64)
                / w.total.max(1.0);
            n.weights = Num::range(w.total * per, w.low * per, w.high * per);
        }
        n
    }

    /// Encoders run one forward pass per request: eager activations of the batch, whatever the
    /// engine (TEI, sentence-transformers, ONNX Runtime behave alike).
    fn encoder_numbers(&self, mut n: Numbers, ctx: u64, seqs: u64, cpu: bool) -> Numbers {
        let (s, c) = (&self.shape, &self.consts);
        let len = ctx.min(s.max_position) as f64;
        let tokens = seqs as f64 * len;
        // Hidden states and the FFN's intermediate, and one layer's attention scores (heads x
        // len per token, 16-bit): layers run one at a time, so depth adds weights, not these.
        let act = tokens * (4.0 * s.hidden + 2.0 * s.ffn_width) * 2.0
            + tokens * s.heads.max(1) as f64 * len * 2.0;
        n.activations = Num::range(act, act * 0.5, act * 2.0);
        let rt = gib(if cpu {
            c.cpu_runtime_gib
        } else {
            c.transformers_runtime_gib
        });
        n.overhead = Num::range(rt, rt * 0.3, rt * 2.0);
        if cpu {
            let os = gib(c.cpu_os_reserve_gib);
            n.os_reserve = Num::range(os, os * 0.5, os * 2.0);
        }
        n
    }

    /// Decoder inference on a CPU server: llama.cpp's compute buffer or eager activations, the
    /// runtime and the operating system's share.
    fn cpu_numbers(&self, mut n: Numbers, ctx: u64, seqs: u64) -> Numbers {
        let c = &self.consts;
        let act = match self.wl.engine {
            Engine::Llamacpp | Engine::Ollama => {
                let (cells, _) = kv_cells(&self.kv, ctx, self.wl.engine, c);
                llamacpp_compute(&self.shape, c, cells)
            }
            _ => {
                let in_flight = self.in_flight(ctx, seqs);
                eager_activation(
                    &self.shape,
                    in_flight.min(c.max_batched_tokens as f64),
                    seqs as f64,
                )
            }
        };
        n.activations = Num::range(act, act * 0.5, act * 2.0);
        let rt = gib(c.cpu_runtime_gib);
        n.overhead = Num::range(rt, rt * 0.5, rt * 3.0);
        let os = gib(c.cpu_os_reserve_gib);
        n.os_reserve = Num::range(os, os * 0.5, os * 2.0);
        n
    }

    /// KV-cache bytes of `seqs` sequences at context `ctx`, on the workload's basis: every
    /// sequence at its full context, or the tokens in flight ([`Sizing::kv_tokens_in_flight`]).
    pub(super) fn kv_bytes(&self, ctx: u64, seqs: u64) -> f64 {
        let (engine, c) = (self.wl.engine, &self.consts);
        let full = kv_cache_bytes(&self.kv, ctx, seqs, engine, c);
        if !self.kv_in_flight() {
            return full;
        }
        let per_seq = self.in_flight_per_sequence(ctx);
        let flight = kv_cache_bytes(&self.kv, per_seq, seqs, engine, c);
        let one_full = kv_cache_bytes(&self.kv, ctx, 1, engine, c);
        flight.max(one_full).min(full)
    }

    /// The KV cache is sized for the tokens in flight: serving a decoder on a paged cache with
    /// `KvBasis::Inflight`. llama.cpp and Ollama allocate every slot's whole context up front
    /// (`-c` = ctx x `-np`), so they stay on the full basis.
    pub fn kv_in_flight(&self) -> bool {
        self.wl.kv_basis == KvBasis::Inflight
            && self.wl.task == Task::Infer
            && !self.shape.encoder
            && !matches!(self.wl.engine, Engine::Llamacpp | Engine::Ollama)
    }

    /// Data-parallel attention for DeepSeek-style latent attention on SGLang and vLLM
    /// (`--enable-dp-attention`; vLLM's data parallel attention with expert parallel MoE): with
    /// `tp` GPUs per copy, each GPU runs attention for its own requests and holds only their
    /// latent cache, instead of a copy of all of it on every GPU (the single latent head cannot
    /// be split by heads). Serving only.
    pub fn dp_attention(&self, tp: u64) -> bool {
        tp > 1
            && self.shape.tp.is_mla()
            && self.wl.task == Task::Infer
            && matches!(self.wl.engine, Engine::Sglang | Engine::Vllm)
    }

    /// Tokens one request holds at its end: prompt and output, at most `ctx`.
    fn in_flight_per_sequence(&self, ctx: u64) -> u64 {
        (self.wl.tokens_in.saturating_add(self.wl.tokens_out)).clamp(1, ctx.max(1))
    }

    /// Tokens the KV cache is sized for at `ctx` and `seqs`: `seqs` x (prompt + output), at
    /// least one request at `ctx`, at most every sequence at `ctx` (all of them on the full
    /// basis).
    pub fn kv_tokens_in_flight(&self, ctx: u64, seqs: u64) -> u64 {
        let full = ctx.saturating_mul(seqs);
        if !self.kv_in_flight() {
            return full;
        }
        self.in_flight_per_sequence(ctx)
            .saturating_mul(seqs)
            .max(ctx)
            .min(full)
    }

    /// Prompt tokens in flight over the batch, at most the whole context of every sequence.
    fn in_flight(&self, ctx: u64, seqs: u64) -> f64 {
        let seqs = seqs as f64;
        (seqs * self.wl.tokens_in.max(1) as f64).min(seqs * ctx.max(1) as f64)
    }

    /// Decoder inference on GPUs: each engine's activations, runtime overhead and reserve.
    fn gpu_numbers(&self, mut n: Numbers, ctx: u64, seqs: u64, tp: u64, kv_total: f64) -> Numbers {
        let (s, c) = (&self.shape, &self.consts);
        let cuda = gib(c.cuda_context_gib);
        match self.wl.engine {
            Engine::Vllm => {
                let base = if s.moe {
                    c.vllm_activation_moe_gib
                } else {
                    c.vllm_activation_dense_gib
                };
                let ratio = c.aic_coeff(s.moe, tp) / c.aic_coeff(s.moe, 1).max(1e-9);
                // Measured at 8192 batched tokens; the peak follows the tokens of one forward pass.
                let tokens = (c.max_batched_tokens as f64 / 8192.0).clamp(0.25, 4.0);
                let act = gib(base) * ratio * tokens;
                let (lo, hi) = if s.moe {
                    (7.38 / 8.0, 1.1)
                } else {
                    (4.76 / 5.5, 5.56 / 5.5 * 1.1)
                };
                n.activations = Num::range(act, act * lo, act * hi);
                let nt = gib(if tp > 1 {
                    c.vllm_non_torch_gib_tp_multi
                } else {
                    c.vllm_non_torch_gib_tp1
                });
                n.overhead = Num::range(nt + cuda, nt + cuda * 0.6, nt + cuda * 2.0);
                let util = clamp(c.vllm_gpu_memory_utilization, 0.05, 1.0);
                let used = n.weights.v + n.kv.v + n.activations.v + n.overhead.v;
                n.reserve = Num::exact(used * (1.0 / util - 1.0));
            }
            Engine::Sglang => {
                let act =
                    (aic_activation(s, c, c.max_batched_tokens as f64, tp) * 1.15).max(90.0 * MIB);
                n.activations = Num::range(act, act * 0.5, act * 2.0);
                n.overhead = Num::range(cuda, cuda * 0.6, cuda * 2.0);
                let f = clamp(c.sglang_mem_fraction_static, 0.05, 1.0);
                let static_part = n.weights.v + n.kv.v;
                let need = static_part / f;
                let used = static_part + n.activations.v + n.overhead.v;
                n.reserve = Num::exact((need - used).max(0.0));
            }
            Engine::Trtllm => {
                let act = aic_activation(s, c, c.max_batched_tokens as f64, tp)
                    .max(c.activation_floor_mib * MIB);
                n.activations = Num::range(act, act * 0.5, act * 2.0);
                n.overhead = Num::range(cuda, cuda * 0.6, cuda * 2.0);
                let f = clamp(c.trtllm_free_gpu_memory_fraction, 0.05, 1.0);
                n.reserve = Num::exact(n.kv.v * (1.0 / f - 1.0));
            }
            Engine::Llamacpp | Engine::Ollama => {
                let (cells, _) = kv_cells(&self.kv, ctx, self.wl.engine, c);
                let act = llamacpp_compute(s, c, cells);
                n.activations = Num::range(act, act * 0.7, act * 1.5);
                let mut ov = c.llamacpp_vram_footprint_mib * MIB;
                if self.wl.engine == Engine::Ollama {
                    // MinimumMemory plus one layer (weights + its KV) kept free as a buffer.
                    let layer_kv = kv_total / s.layers.max(1.0);
                    ov += c.ollama_minimum_mib * MIB + self.weights.per_layer + layer_kv;
                }
                n.overhead = Num::range(ov, ov * 0.6, ov * 2.0);
            }
            Engine::Transformers => {
                let act = eager_activation(s, self.in_flight(ctx, seqs), seqs as f64) / tp as f64;
                n.activations = Num::range(act, act * 0.5, act * 2.0);
                let rt = gib(c.transformers_runtime_gib);
                // EleutherAI: "add up to an additional 20%" of the weights for inference.
                n.overhead = Num::range(rt, rt * 0.3, rt * 2.0 + 0.2 * n.weights.v);
            }
        }
        n
    }

    /// Fine-tuning: LoRA / QLoRA adapters or full AdamW states, plus activations.
    fn training_numbers(
        &self,
        mut n: Numbers,
        ctx: u64,
        seqs: u64,
        shard: f64,
        cpu: bool,
    ) -> Numbers {
        let (s, c) = (&self.shape, &self.consts);
        let params = self.params.total as f64;
        let (b, t) = (seqs.max(1) as f64, ctx.max(1) as f64);
        let (h, l) = (s.hidden, s.layers);
        // Korthikanti et al.: s·b·h·(34 + 5·a·s/h) bytes per layer in 16-bit; FlashAttention removes
        // the 5·a·s/h score term (kept as the upper bound).
        let per_layer = 34.0 * t * b * h;
        let scores = 5.0 * s.heads.max(1) as f64 * t * t * b;
        let logits = b * t * s.vocab * 4.0;
        let (act, hi) = if self.wl.grad_checkpointing {
            // Layer inputs kept, one layer recomputed at a time.
            (
                2.0 * t * b * h * l + per_layer + logits,
                2.0 * t * b * h * l + per_layer + scores + 2.0 * logits,
            )
        } else {
            (
                per_layer * l + logits,
                (per_layer + scores) * l + 2.0 * logits,
            )
        };
        n.activations = Num::range(act, act * 0.7, hi);
        match self.wl.task {
            Task::Full => {
                // Mixed-precision AdamW: bf16 grads 2 (fp32 grads 4 more in some recipes), fp32 master
                // 4 + Adam m, v 8 = 16-18 B/param with the bf16 weights (EleutherAI Transformer Math;
                // DeepSpeed's 18 counts fp16 + fp32 grads).
                n.gradients = Num::range(
                    2.0 * params / shard,
                    2.0 * params / shard,
                    4.0 * params / shard,
                );
                n.optimizer = Num::exact(12.0 * params / shard);
            }
            _ => {
                let r = if self.wl.lora_rank > 0 {
                    self.wl.lora_rank
                } else {
                    c.lora_rank
                } as f64;
                let adapter_params = r * s.lora_in_out * l;
                // Adapters trained in fp32 with AdamW: weight 4 + grad 4 + m, v 8 = 16 B/param.
                n.adapters = Num::exact(16.0 * adapter_params / shard);
            }
        }
        let rt = if cpu {
            gib(c.cpu_runtime_gib + c.cpu_os_reserve_gib)
        } else {
            gib(c.cuda_context_gib + 0.5)
        };
        n.overhead = Num::range(rt, rt * 0.5, rt * 3.0);
        n
    }
}

/// KV heads held by one GPU at TP degree `tp`: n_kv / tp, or one replicated head when there are
/// fewer KV heads than GPUs; MLA's latent is replicated on every GPU.
fn kv_share(z: &Sizing, tp: u64) -> f64 {
    if z.dp_attention(tp) {
        // Each GPU of the copy attends for its own share of the requests: its latent cache only.
        return 1.0 / tp as f64;
    }
    let kv_heads = z.kv.kv_heads;
    if kv_heads == 0 || tp <= 1 {
        return if kv_heads == 0 {
            1.0
        } else {
            1.0 / tp.max(1) as f64
        };
    }
    let per_gpu = (kv_heads / tp).max(1);
    per_gpu as f64 / kv_heads as f64
}

/// AIConfigurator's activation estimate: 2 x tokens x (heads x head_dim) x coeff.
fn aic_activation(s: &Shape, c: &EngineConstants, tokens: f64, tp: u64) -> f64 {
    2.0 * tokens * s.q_width * c.aic_coeff(s.moe, tp)
}

/// llama.cpp's compute buffer, modelled after gguf-parser: the largest of attention and FFN
/// for one micro-batch, plus the logits and input buffers.
fn llamacpp_compute(s: &Shape, c: &EngineConstants, cells: f64) -> f64 {
    let ub = c.llamacpp_ubatch.max(1) as f64;
    let n_tok = ub.min(cells.max(1.0));
    let attn = if c.llamacpp_flash_attention {
        cells * n_tok * 2.0 + n_tok * s.q_width * 4.0
    } else {
        cells * n_tok * s.heads.max(1) as f64 * 4.0 + 2.0 * n_tok * s.q_width * 4.0
    };
    let ffn = n_tok * s.ffn_width * 4.0 * 2.0;
    let logits = s.vocab * n_tok * 4.0;
    let inputs = n_tok * s.hidden * 4.0 + cells * n_tok * 4.0;
    attn.max(ffn) + logits + inputs
}

/// Eager (transformers) peak activation of one layer for `tokens` tokens in flight, plus the
/// last-position logits of each sequence.
fn eager_activation(s: &Shape, tokens: f64, seqs: f64) -> f64 {
    tokens * (4.0 * s.hidden + 2.0 * s.ffn_width) * 2.0 + seqs * s.vocab * 4.0
}
