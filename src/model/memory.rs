//! Memory: weights, KV cache, activations, runtime overhead and framework reserve per engine,
//! fine-tuning states; split over tensor- and pipeline-parallel GPUs; placement, and the largest
//! concurrency and context that fit.

use super::arch::{ArchFamily, ModelArch};
use super::engine::{clamp, EngineConstants};
use super::formats::{finite, weight_bytes_of, WeightBytes};
use super::kv::{kv_cache_bytes, kv_cells, kv_shape, KvShape};
use super::options::{Engine, Quant, Task};
use super::params::{param_counts, tensors, ParamCounts, Role};
use super::workload::{GpuFigures, Hardware, Workload};
use super::{MemoryTerm, Provenance, TermKey};
use crate::format::number;
use crate::lang::Lang;
use crate::units::{Bytes, GIB, MIB};
use serde::{Deserialize, Serialize};

/// One term of the memory breakdown, with its range where it is not exact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Term {
    /// `weights`, `kv_cache`, `activations`, `overhead`, `reserve`, `gradients`, `optimizer`,
    /// `adapters`, `os_reserve`.
    pub key: String,
    /// Over all devices.
    pub bytes: Bytes,
    pub low: Bytes,
    pub high: Bytes,
    pub provenance: Provenance,
    /// Where the figure comes from, in words.
    pub basis: String,
}

impl From<&Term> for MemoryTerm {
    fn from(t: &Term) -> MemoryTerm {
        MemoryTerm {
            // Every key the breakdown writes is a `TermKey` (tests/report.rs checks them all);
            // anything else is the engine's overhead, which is what the breakdown sums it into.
            key: TermKey::parse(&t.key).unwrap_or(TermKey::Overhead),
            bytes: t.bytes.whole(),
            low_bytes: t.low.whole(),
            high_bytes: t.high.whole(),
            provenance: t.provenance,
            basis: t.basis.clone(),
        }
    }
}

/// The memory answer for a workload on some hardware.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryBreakdown {
    /// In display order; sums to `total`.
    pub terms: Vec<Term>,
    pub weights: Bytes,
    /// Full-attention KV bytes per token per sequence at the chosen element type (0 for encoders).
    pub kv_bytes_per_token: Bytes,
    pub kv_cache: Bytes,
    pub activations: Bytes,
    /// Everything else: runtime, framework reserve, training states, OS reserve.
    pub overhead: Bytes,
    pub total: Bytes,
    /// The most loaded device (GPU, or the CPU server's RAM).
    pub per_device: Bytes,
    pub device_capacity: Bytes,
    pub devices: u32,
    pub tp: u32,
    pub pp: u32,
    pub fits: bool,
}

/// A placement on GPUs of one model.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// Tensor-parallel degree (within a server).
    pub tp: u32,
    /// Pipeline stages (across servers when one is not enough).
    pub pp: u32,
    pub gpus: u32,
    pub servers: u32,
    pub per_gpu_bytes: Bytes,
}

/// Why nothing fits; [`NoFit::sentence`] says it in the reader's language (`Display`: English).
#[derive(Clone, Debug, PartialEq)]
pub enum NoFit {
    /// The GPU's memory is unknown or zero.
    NoMemoryFigure,
    /// Even one pipeline stage per layer leaves more than a GPU holds.
    TooBig {
        gpu_memory: Bytes,
        stages: u64,
        one_layer_weights: Bytes,
    },
}

impl NoFit {
    /// The reason as a clause (lower case, no full stop), as the comparison table shows it.
    pub fn sentence(&self, lang: Lang) -> String {
        let gib = |b: &Bytes, decimals| number(b.0 / GIB, decimals, lang);
        match (self, lang) {
            (NoFit::NoMemoryFigure, Lang::En) => "the GPU has no memory figure".to_string(),
            (NoFit::NoMemoryFigure, Lang::Es) => "la GPU no indica su memoria".to_string(),
            (
                NoFit::TooBig {
                    gpu_memory,
                    stages,
                    one_layer_weights,
                },
                _,
            ) => {
                let (cap, layer) = (gib(gpu_memory, 1), gib(one_layer_weights, 2));
                match (lang, *stages > 1) {
                    (Lang::En, true) => format!(
                        "does not fit on {cap} GiB GPUs even split over {stages} pipeline stages (one layer alone needs {layer} GiB of weights plus runtime and cache)"
                    ),
                    (Lang::En, false) => format!(
                        "does not fit on {cap} GiB GPUs: its one layer alone needs {layer} GiB of weights plus runtime and cache"
                    ),
                    (Lang::Es, true) => format!(
                        "no cabe en GPU de {cap} GiB ni repartiendo sus capas en {stages} etapas (una sola capa necesita {layer} GiB de pesos, más el entorno de ejecución y la caché)"
                    ),
                    (Lang::Es, false) => format!(
                        "no cabe en GPU de {cap} GiB: su única capa ya necesita {layer} GiB de pesos, más el entorno de ejecución y la caché"
                    ),
                }
            }
        }
    }
}

impl std::fmt::Display for NoFit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.sentence(Lang::En))
    }
}

impl std::error::Error for NoFit {}

/// Everything that depends on the model and format only, computed once per evaluation.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub params: ParamCounts,
    pub weights: WeightBytes,
    pub kv: KvShape,
    pub moe: bool,
    pub encoder: bool,
    /// Per-layer LoRA-targetable linear shapes: sum over modules of (in + out), per layer.
    lora_in_out: f64,
    hidden: f64,
    layers: f64,
    heads: u64,
    q_width: f64,
    attn_width: f64,
    ffn_width: f64,
    vocab: f64,
    experts: u64,
    experts_active: u64,
    max_position: u64,
    /// The format the weights are actually held in for this task.
    pub weight_quant: Quant,
}

impl Prepared {
    pub(crate) fn layers_f(&self) -> f64 {
        self.layers
    }
    /// Attention width for FLOP counts: heads x head_dim, or for MLA with absorbed projections
    /// heads x (2 x kv_lora_rank + rope) / 2 (scores over 576 latent dims, values over 512).
    pub(crate) fn attn_width(&self) -> f64 {
        self.attn_width
    }
    pub(crate) fn hidden_size(&self) -> f64 {
        self.hidden
    }
    pub(crate) fn experts(&self) -> u64 {
        self.experts
    }
    pub(crate) fn experts_active(&self) -> u64 {
        self.experts_active
    }
    pub(crate) fn max_position(&self) -> u64 {
        self.max_position
    }
}

/// The format weights are held in: QLoRA loads a 4-bit NF4 base, full fine-tuning a BF16 copy
/// (FP32 if asked), gpt-oss by default its native MXFP4 mix.
pub fn effective_quant(a: &ModelArch, wl: &Workload) -> Quant {
    match wl.task {
        Task::Qlora => Quant::Nf4,
        Task::Full => {
            if wl.quant == Quant::Fp32 {
                Quant::Fp32
            } else {
                Quant::Bf16
            }
        }
        _ => match a.native_quant {
            // BF16 is the app's default; gpt-oss ships MXFP4 experts and DeepSeek-V3 FP8 weights,
            // the formats people run.
            Some(native) if wl.native_default && wl.quant == Quant::Bf16 => native,
            _ => wl.quant,
        },
    }
}

/// Computes the model-dependent parts once.
pub fn prepare(a: &ModelArch, wl: &Workload) -> Prepared {
    let q = effective_quant(a, wl);
    let ts = tensors(a);
    let weights = weight_bytes_of(a, q, &ts);
    let params = param_counts(a);
    let mut lora = 0.0;
    for t in &ts {
        if t.per_layer
            && t.experts == 0
            && t.is_quantisable_linear()
            && t.role != Role::Opaque
            && t.ne0 > 0
        {
            let out = t.elems as f64 / t.ne0 as f64;
            lora += (t.ne0 as f64 + out) * t.copies as f64;
        }
    }
    let layers = a.layers.max(1) as f64;
    let (hidden, q_width, ffn_width, vocab) = if a.family == ArchFamily::ParamsOnly {
        // A Llama-like shape for a bare count: hidden ~ sqrt(P / (12 L)), L = 32.
        let p = params.total as f64;
        let h = (p / (12.0 * 32.0)).sqrt().max(64.0);
        lora = 7.0 * 2.0 * h * 32.0;
        (h, h, 3.5 * h, 128_000.0)
    } else {
        let i = if a.experts > 1 {
            a.moe_ffn.max(1) as f64 * a.experts_active.max(1) as f64
        } else {
            a.ffn as f64
        };
        (
            a.hidden as f64,
            a.heads as f64 * a.head_dim() as f64,
            i,
            a.vocab as f64,
        )
    };
    Prepared {
        params,
        weights,
        kv: kv_shape(a, wl.kv),
        moe: a.is_moe(),
        encoder: a.family == ArchFamily::Encoder,
        lora_in_out: lora / layers,
        hidden,
        layers: if a.family == ArchFamily::ParamsOnly {
            32.0
        } else {
            layers
        },
        heads: a.heads,
        q_width,
        attn_width: if a.family == ArchFamily::DeepseekMla {
            a.heads as f64 * (2.0 * a.kv_lora_rank as f64 + a.rope_dim as f64) / 2.0
        } else {
            q_width
        },
        ffn_width,
        vocab,
        experts: if a.is_moe() { a.experts } else { 0 },
        experts_active: a.experts_active,
        max_position: if a.family == ArchFamily::Encoder && a.max_position > 0 {
            a.max_position
        } else {
            u64::MAX
        },
        weight_quant: q,
    }
}

/// A value with its range.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Num {
    v: f64,
    lo: f64,
    hi: f64,
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
    fn scale(self, k: f64) -> Num {
        Num {
            v: finite(self.v * k),
            lo: finite(self.lo * k),
            hi: finite(self.hi * k),
        }
    }
}

/// Per-device figures (the most loaded device).
#[derive(Clone, Copy, Debug, Default)]
struct Numbers {
    /// Weights over all devices (pipeline stages are not all equal: see `weights`).
    weights_total: Num,
    weights: Num,
    kv: Num,
    activations: Num,
    overhead: Num,
    reserve: Num,
    gradients: Num,
    optimizer: Num,
    adapters: Num,
    os_reserve: Num,
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
    fn per_device(&self) -> f64 {
        finite(self.all().iter().map(|n| n.v).sum())
    }
}

/// KV heads held by one GPU at TP degree `tp`: n_kv / tp, or one replicated head when there are
/// fewer KV heads than GPUs; MLA's latent is replicated on every GPU.
fn kv_share(p: &Prepared, tp: u64) -> f64 {
    if p.kv.kv_heads == 0 || tp <= 1 {
        return if p.kv.kv_heads == 0 {
            1.0
        } else {
            1.0 / tp.max(1) as f64
        };
    }
    let per_gpu = (p.kv.kv_heads / tp).max(1);
    per_gpu as f64 / p.kv.kv_heads as f64
}

fn gib(x: f64) -> f64 {
    x * GIB
}

/// AIConfigurator's activation estimate: 2 x tokens x (heads x head_dim) x coeff.
fn aic_activation(p: &Prepared, c: &EngineConstants, tokens: f64, tp: u64) -> f64 {
    2.0 * tokens * p.q_width * c.aic_coeff(p.moe, tp)
}

/// llama.cpp's compute buffer, modelled after gguf-parser: the largest of attention and FFN
/// for one micro-batch, plus the logits and input buffers.
fn llamacpp_compute(p: &Prepared, c: &EngineConstants, cells: f64) -> f64 {
    let ub = c.llamacpp_ubatch.max(1) as f64;
    let n_tok = ub.min(cells.max(1.0));
    let attn = if c.llamacpp_flash_attention {
        cells * n_tok * 2.0 + n_tok * p.q_width * 4.0
    } else {
        cells * n_tok * p.heads.max(1) as f64 * 4.0 + 2.0 * n_tok * p.q_width * 4.0
    };
    let ffn = n_tok * p.ffn_width * 4.0 * 2.0;
    let logits = p.vocab * n_tok * 4.0;
    let inputs = n_tok * p.hidden * 4.0 + cells * n_tok * 4.0;
    attn.max(ffn) + logits + inputs
}

/// Eager (transformers) peak activation of one layer for `tokens` tokens in flight, plus the
/// last-position logits of each sequence.
fn eager_activation(p: &Prepared, tokens: f64, seqs: f64) -> f64 {
    tokens * (4.0 * p.hidden + 2.0 * p.ffn_width) * 2.0 + seqs * p.vocab * 4.0
}

/// Per-device numbers for a placement (`tp` x `pp`) and a workload.
fn numbers(
    p: &Prepared,
    wl: &Workload,
    tp: u64,
    pp: u64,
    cpu: bool,
    devices: u64,
    c: &EngineConstants,
) -> Numbers {
    let tp = tp.max(1);
    let pp = pp.max(1);
    let split = (tp * pp) as f64;
    let seqs = wl.seqs as f64;
    let ctx = wl.ctx;
    let mut n = Numbers::default();
    let w = &p.weights;
    let train = wl.task != Task::Infer;
    // A tied embedding split over pipeline stages is held twice (first and last stage).
    let dup = if pp > 1 && !train && w.embedding_lookup == 0.0 {
        w.head
    } else {
        0.0
    };
    n.weights_total = Num::range(w.total + dup, w.low + dup, w.high + dup);
    // Model states of a fine-tuning run are sharded over all devices (FSDP / ZeRO-3).
    let shard = if train { devices.max(1) as f64 } else { split };
    n.weights = Num::range(w.total / shard, w.low / shard, w.high / shard);
    if pp > 1 && !train {
        // Pipeline stages: the first holds the input embedding, the last the head (a tied
        // embedding is duplicated there); the heaviest stage carries the larger of the two.
        let ends = w.embedding_lookup + w.head;
        let per = ((w.total - ends).max(0.0) / split + w.embedding_lookup.max(w.head) / tp as f64)
            / w.total.max(1.0);
        n.weights = Num::range(w.total * per, w.low * per, w.high * per);
    }

    if train {
        return training_numbers(p, wl, n, shard, cpu, c);
    }

    // KV cache.
    let kv_total = kv_cache_bytes(&p.kv, ctx, wl.seqs, wl.engine, c);
    let kv_dev = kv_total * kv_share(p, tp) / pp as f64;
    n.kv = if p.kv.provenance == Provenance::Exact {
        Num::exact(kv_dev)
    } else {
        Num::range(kv_dev, kv_dev * 0.5, kv_dev * 1.5)
    };

    if p.encoder {
        // Encoders run one forward pass per request: eager activations of the batch, whatever
        // the engine (TEI, sentence-transformers, ONNX Runtime behave alike).
        let tokens = seqs * ctx.min(p.max_position) as f64;
        let act = tokens * (4.0 * p.hidden + 2.0 * p.ffn_width) * 2.0
            + tokens * p.heads.max(1) as f64 * ctx.min(p.max_position) as f64 * 2.0
                / p.layers.max(1.0);
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
        return n;
    }
    let (cells, _) = kv_cells(&p.kv, ctx, wl.engine, c);
    let in_flight = (seqs * wl.tokens_in.max(1) as f64).min(seqs * ctx.max(1) as f64);
    if cpu {
        let act = match wl.engine {
            Engine::Llamacpp | Engine::Ollama => llamacpp_compute(p, c, cells),
            _ => eager_activation(p, in_flight.min(c.max_batched_tokens as f64), seqs),
        };
        n.activations = Num::range(act, act * 0.5, act * 2.0);
        let rt = gib(c.cpu_runtime_gib);
        n.overhead = Num::range(rt, rt * 0.5, rt * 3.0);
        let os = gib(c.cpu_os_reserve_gib);
        n.os_reserve = Num::range(os, os * 0.5, os * 2.0);
        return n;
    }

    let cuda = gib(c.cuda_context_gib);
    match wl.engine {
        Engine::Vllm => {
            let base = if p.moe {
                c.vllm_activation_moe_gib
            } else {
                c.vllm_activation_dense_gib
            };
            let ratio = c.aic_coeff(p.moe, tp) / c.aic_coeff(p.moe, 1).max(1e-9);
            // Measured at 8192 batched tokens; the peak follows the tokens of one forward pass.
            let tokens = (c.max_batched_tokens as f64 / 8192.0).clamp(0.25, 4.0);
            let act = gib(base) * ratio * tokens;
            let (lo, hi) = if p.moe {
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
                (aic_activation(p, c, c.max_batched_tokens as f64, tp) * 1.15).max(90.0 * MIB);
            n.activations = Num::range(act, act * 0.5, act * 2.0);
            n.overhead = Num::range(cuda, cuda * 0.6, cuda * 2.0);
            let f = clamp(c.sglang_mem_fraction_static, 0.05, 1.0);
            let static_part = n.weights.v + n.kv.v;
            let need = static_part / f;
            let used = static_part + n.activations.v + n.overhead.v;
            n.reserve = Num::exact((need - used).max(0.0));
        }
        Engine::Trtllm => {
            let act = aic_activation(p, c, c.max_batched_tokens as f64, tp)
                .max(c.activation_floor_mib * MIB);
            n.activations = Num::range(act, act * 0.5, act * 2.0);
            n.overhead = Num::range(cuda, cuda * 0.6, cuda * 2.0);
            let f = clamp(c.trtllm_free_gpu_memory_fraction, 0.05, 1.0);
            n.reserve = Num::exact(n.kv.v * (1.0 / f - 1.0));
        }
        Engine::Llamacpp | Engine::Ollama => {
            let act = llamacpp_compute(p, c, cells);
            n.activations = Num::range(act, act * 0.7, act * 1.5);
            let mut ov = c.llamacpp_vram_footprint_mib * MIB;
            if wl.engine == Engine::Ollama {
                // MinimumMemory plus one layer (weights + its KV) kept free as a buffer.
                let layer_kv = kv_total / p.layers.max(1.0);
                ov += c.ollama_minimum_mib * MIB + w.per_layer + layer_kv;
            }
            n.overhead = Num::range(ov, ov * 0.6, ov * 2.0);
        }
        Engine::Transformers => {
            let act = eager_activation(p, in_flight, seqs) / tp as f64;
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
    p: &Prepared,
    wl: &Workload,
    mut n: Numbers,
    shard: f64,
    cpu: bool,
    c: &EngineConstants,
) -> Numbers {
    let params = p.params.total as f64;
    let (b, s) = (wl.seqs.max(1) as f64, wl.ctx.max(1) as f64);
    let (h, l) = (p.hidden, p.layers);
    // Korthikanti et al.: s·b·h·(34 + 5·a·s/h) bytes per layer in 16-bit; FlashAttention removes
    // the 5·a·s/h score term (kept as the upper bound).
    let per_layer = 34.0 * s * b * h;
    let scores = 5.0 * p.heads.max(1) as f64 * s * s * b;
    let logits = b * s * p.vocab * 4.0;
    let (act, hi) = if wl.grad_checkpointing {
        // Layer inputs kept, one layer recomputed at a time.
        (
            2.0 * s * b * h * l + per_layer + logits,
            2.0 * s * b * h * l + per_layer + scores + 2.0 * logits,
        )
    } else {
        (
            per_layer * l + logits,
            (per_layer + scores) * l + 2.0 * logits,
        )
    };
    n.activations = Num::range(act, act * 0.7, hi);
    match wl.task {
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
            let r = if wl.lora_rank > 0 {
                wl.lora_rank
            } else {
                c.lora_rank
            } as f64;
            let adapter_params = r * p.lora_in_out * l;
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

/// Valid tensor-parallel degrees up to `max`: attention heads divisible, and KV heads either
/// divisible or replicated (TP a multiple of the KV heads), as vLLM and TensorRT-LLM require.
pub fn valid_tp_degrees(a: &ModelArch, max: u32) -> Vec<u32> {
    let max = max.clamp(1, 1024);
    let mut v = Vec::new();
    for t in 1..=max {
        let t64 = t as u64;
        let ok = match a.family {
            ArchFamily::ParamsOnly => t.is_power_of_two(),
            ArchFamily::Encoder => t == 1,
            _ => {
                let heads_ok = a.heads == 0 || a.heads % t64 == 0;
                let kv = a.kv_heads();
                let kv_ok = a.family == ArchFamily::DeepseekMla
                    || kv == 0
                    || kv % t64 == 0
                    || t64 % kv == 0;
                heads_ok && kv_ok
            }
        };
        if ok {
            v.push(t);
        }
    }
    v
}

/// TP degrees an engine can use: llama.cpp and Ollama split by layers (`--split-mode layer`, the
/// default), i.e. pipeline stages only.
pub fn engine_tp_degrees(a: &ModelArch, engine: Engine, max: u32) -> Vec<u32> {
    match engine {
        Engine::Llamacpp | Engine::Ollama => vec![1],
        _ => valid_tp_degrees(a, max),
    }
}

/// How a GPU set is used: the largest valid TP within a server, pipeline stages for the rest.
pub(crate) fn split_for(
    a: &ModelArch,
    engine: Engine,
    per_server: u32,
    servers: u32,
) -> (u64, u64) {
    let devices = per_server.max(1) as u64 * servers.max(1) as u64;
    let layers = a.layers.max(1);
    let mut best = (1u64, 1u64);
    let mut best_used = 0u64;
    for tp in engine_tp_degrees(a, engine, per_server.max(1)) {
        let tp = tp as u64;
        let pp = (devices / tp).clamp(1, layers);
        let used = tp * pp;
        if used > best_used || (used == best_used && tp > best.0) {
            best = (tp, pp);
            best_used = used;
        }
    }
    best
}

fn capacity_of(hw: &Hardware) -> f64 {
    match hw {
        Hardware::Gpu { gpu, .. } => finite(gpu.memory.0),
        Hardware::Cpu { ram_bytes, .. } => finite(ram_bytes.0),
    }
}

/// Memory of `wl` running model `a` on `hw` with the engine constants `c`.
pub fn memory(a: &ModelArch, wl: &Workload, hw: &Hardware, c: &EngineConstants) -> MemoryBreakdown {
    let p = prepare(a, wl);
    memory_prepared(a, &p, wl, hw, c)
}

/// [`memory`] with the model-dependent parts already computed.
pub fn memory_prepared(
    a: &ModelArch,
    p: &Prepared,
    wl: &Workload,
    hw: &Hardware,
    c: &EngineConstants,
) -> MemoryBreakdown {
    memory_prepared_in(a, p, wl, hw, c, Lang::En)
}

/// [`memory_prepared`] with each term's basis in `lang`.
pub fn memory_prepared_in(
    a: &ModelArch,
    p: &Prepared,
    wl: &Workload,
    hw: &Hardware,
    c: &EngineConstants,
    lang: Lang,
) -> MemoryBreakdown {
    let (tp, pp, cpu, devices) = layout_of(a, wl, hw);
    let n = numbers(p, wl, tp, pp, cpu, devices, c);
    let cap = capacity_of(hw);
    breakdown(p, wl, &n, tp, pp, devices, cap, cpu, lang)
}

/// [`memory_prepared`] without the terms (`terms` is empty): the figures alone, for callers that
/// size many offers or context lengths and never show the words.
pub fn memory_figures_prepared(
    a: &ModelArch,
    p: &Prepared,
    wl: &Workload,
    hw: &Hardware,
    c: &EngineConstants,
) -> MemoryBreakdown {
    let (tp, pp, cpu, devices) = layout_of(a, wl, hw);
    let n = numbers(p, wl, tp, pp, cpu, devices, c);
    figures(p, &n, tp, pp, devices, capacity_of(hw), Vec::new())
}

/// TP, PP, CPU or not, and the devices the model states are spread on.
fn layout_of(a: &ModelArch, wl: &Workload, hw: &Hardware) -> (u64, u64, bool, u64) {
    match hw {
        Hardware::Gpu {
            per_server,
            servers,
            ..
        } => {
            let (tp, pp) = split_for(a, wl.engine, *per_server, *servers);
            let devices = if wl.task == Task::Infer {
                tp * pp
            } else {
                hw.gpu_count()
            };
            (tp, pp, false, devices)
        }
        Hardware::Cpu { .. } => (1, 1, true, 1),
    }
}

/// The totals of a breakdown from its per-device numbers.
fn figures(
    p: &Prepared,
    n: &Numbers,
    tp: u64,
    pp: u64,
    devices: u64,
    cap: f64,
    terms: Vec<Term>,
) -> MemoryBreakdown {
    let d = devices.max(1) as f64;
    let per_device = n.per_device();
    let weights = finite(n.weights_total.v);
    let total = finite(per_device * d - n.weights.v * d + weights);
    let kv_cache = finite(n.kv.v * d);
    let activations = finite(n.activations.v * d);
    MemoryBreakdown {
        terms,
        weights: Bytes(weights),
        kv_bytes_per_token: Bytes(finite(p.kv.global_per_token)),
        kv_cache: Bytes(kv_cache),
        activations: Bytes(activations),
        overhead: Bytes(finite(total - weights - kv_cache - activations)),
        total: Bytes(total),
        per_device: Bytes(per_device),
        device_capacity: Bytes(cap),
        devices: devices.min(u32::MAX as u64) as u32,
        tp: tp.min(u32::MAX as u64) as u32,
        pp: pp.min(u32::MAX as u64) as u32,
        fits: per_device <= cap,
    }
}

#[allow(clippy::too_many_arguments)]
fn breakdown(
    p: &Prepared,
    wl: &Workload,
    n: &Numbers,
    tp: u64,
    pp: u64,
    devices: u64,
    cap: f64,
    cpu: bool,
    lang: Lang,
) -> MemoryBreakdown {
    let es = lang == Lang::Es;
    let d = devices.max(1) as f64;
    let mut terms = Vec::with_capacity(9);
    let w = &p.weights;
    let wt = n.weights_total;
    terms.push(Term {
        key: "weights".into(),
        bytes: Bytes(wt.v),
        low: Bytes(wt.lo),
        high: Bytes(wt.hi),
        provenance: w.provenance,
        basis: w.basis.sentence(lang),
    });
    let mut push = |key: &str, num: Num, prov: Provenance, basis: String| {
        if num.v > 0.0 || key == "kv_cache" {
            let t = num.scale(d);
            terms.push(Term {
                key: key.to_string(),
                bytes: Bytes(t.v),
                low: Bytes(t.lo),
                high: Bytes(t.hi),
                provenance: prov,
                basis,
            });
        }
    };
    // Each basis in the reader's language; the English one is the source the Spanish follows.
    let say = |en: &str, es_text: &str| if es { es_text } else { en }.to_string();
    let kv_basis = if p.encoder {
        say(
            "encoders keep no KV cache",
            "los codificadores no guardan caché KV",
        )
    } else if p.kv.window > 0 {
        let llama = wl.engine == Engine::Llamacpp;
        if es {
            format!(
                "{} B/token en las capas de atención completa x {} tokens x {} secuencias; las capas de ventana deslizante guardan {} tokens{}",
                number(p.kv.global_per_token, 0, lang),
                number(wl.ctx as f64, 0, lang),
                number(wl.seqs as f64, 0, lang),
                number(p.kv.window as f64, 0, lang),
                if llama { " (llama.cpp rellena la caché de ventana hasta n_swa + n_ubatch, en múltiplos de 256)" } else { "" }
            )
        } else {
            format!(
                "{} B/token on full-attention layers x {} tokens x {} sequences; sliding-window layers hold {} tokens{}",
                number(p.kv.global_per_token, 0, lang),
                number(wl.ctx as f64, 0, lang),
                number(wl.seqs as f64, 0, lang),
                number(p.kv.window as f64, 0, lang),
                if llama { " (llama.cpp pads the SWA cache to n_swa + n_ubatch, multiple of 256)" } else { "" }
            )
        }
    } else if es {
        format!(
            "{} B/token x {} tokens x {} secuencias",
            number(p.kv.global_per_token, 0, lang),
            number(wl.ctx as f64, 0, lang),
            number(wl.seqs as f64, 0, lang)
        )
    } else {
        format!(
            "{} B/token x {} tokens x {} sequences",
            number(p.kv.global_per_token, 0, lang),
            number(wl.ctx as f64, 0, lang),
            number(wl.seqs as f64, 0, lang)
        )
    };
    push("kv_cache", n.kv, p.kv.provenance, kv_basis);
    let train = wl.task != Task::Infer;
    let (act_prov, act_basis) = if train {
        let (b, s) = (wl.seqs.max(1), wl.ctx.max(1));
        (
            Provenance::Heuristic,
            match (es, wl.grad_checkpointing) {
                (false, gc) => format!(
                    "training activations of a micro-batch of {b} x {s} tokens per device per Korthikanti et al. (34·s·b·h per layer, FlashAttention){}",
                    if gc {
                        ", gradient checkpointing keeps layer inputs only"
                    } else {
                        ", every layer's activations kept (no gradient checkpointing)"
                    }
                ),
                (true, gc) => format!(
                    "activaciones de entrenamiento de un microlote de {} x {} tokens por dispositivo según Korthikanti et al. (34·s·b·h por capa, FlashAttention){}",
                    number(b as f64, 0, lang),
                    number(s as f64, 0, lang),
                    if gc {
                        "; al recalcularlas en la pasada hacia atrás solo se guardan las entradas de cada capa"
                    } else {
                        "; se guardan las de todas las capas, sin recalcularlas"
                    }
                ),
            },
        )
    } else if cpu {
        (
            Provenance::Heuristic,
            say(
                "compute buffers of one micro-batch (modelled after gguf-parser)",
                "búferes de cálculo de un microlote (según el modelo de gguf-parser)",
            ),
        )
    } else {
        match wl.engine {
            Engine::Vllm => (Provenance::Empirical, say(
                "vLLM peak activation measured roughly constant per model type: dense 4.8-5.6 GiB, MoE 7.4-8 GiB per GPU (llm-d empirical results); scaled by AIConfigurator's TP coefficients",
                "pico de activaciones de vLLM medido casi constante por tipo de modelo: densos 4,8-5,6 GiB, MoE 7,4-8 GiB por GPU (resultados empíricos de llm-d); escalado con los coeficientes de TP de AIConfigurator",
            )),
            Engine::Sglang => (Provenance::Heuristic, say(
                "AIConfigurator: 2 x tokens x heads x head_dim x coeff, +15% for SGLang",
                "AIConfigurator: 2 x tokens x cabezas x head_dim x coeficiente, +15 % para SGLang",
            )),
            Engine::Trtllm => (Provenance::Heuristic, say(
                "AIConfigurator: 2 x max_num_tokens x heads x head_dim x coeff",
                "AIConfigurator: 2 x max_num_tokens x cabezas x head_dim x coeficiente",
            )),
            Engine::Llamacpp | Engine::Ollama => (Provenance::Heuristic, say(
                "llama.cpp compute buffer: largest of attention and FFN for one 512-token micro-batch plus logits (modelled after gguf-parser)",
                "búfer de cálculo de llama.cpp: el mayor entre atención y FFN para un microlote de 512 tokens, más los logits (según el modelo de gguf-parser)",
            )),
            Engine::Transformers => (Provenance::Heuristic, say(
                "eager activations of one layer for the prompt tokens in flight plus logits",
                "activaciones de una capa, sin compilar, para los tokens de entrada en curso, más los logits",
            )),
        }
    };
    push("activations", n.activations, act_prov, act_basis);
    let ov_basis = if cpu {
        say(
            "runtime resident memory",
            "memoria residente del entorno de ejecución",
        )
    } else {
        match wl.engine {
            Engine::Vllm => say(
                "CUDA context (~0.5 GiB) + vLLM non-torch memory 0.15 GiB at TP 1, 0.6 GiB at TP >= 2 (llm-d)",
                "contexto CUDA (~0,5 GiB) + memoria de vLLM ajena a torch: 0,15 GiB con TP 1, 0,6 GiB con TP >= 2 (llm-d)",
            ),
            Engine::Llamacpp => say(
                "llama.cpp platform footprint 250 MiB (gguf-parser)",
                "huella de la plataforma llama.cpp, 250 MiB (gguf-parser)",
            ),
            Engine::Ollama => say(
                "llama.cpp footprint + Ollama MinimumMemory 457 MiB + one layer buffer (ollama llm/memory.go)",
                "huella de llama.cpp + MinimumMemory de Ollama, 457 MiB, + el búfer de una capa (ollama llm/memory.go)",
            ),
            Engine::Transformers => say(
                "PyTorch runtime and allocator slack (0.3-2 GiB quoted; up to +20% of weights per EleutherAI)",
                "entorno de PyTorch y holgura del asignador (se citan 0,3-2 GiB; hasta un 20 % más de los pesos según EleutherAI)",
            ),
            _ => say(
                "CUDA context and runtime (~0.5 GiB)",
                "contexto CUDA y entorno de ejecución (~0,5 GiB)",
            ),
        }
    };
    push(
        "overhead",
        n.overhead,
        if cpu {
            Provenance::Heuristic
        } else {
            Provenance::Empirical
        },
        ov_basis,
    );
    let rs_basis = match wl.engine {
        Engine::Vllm => say(
            "vLLM uses gpu_memory_utilization (0.90) of each GPU: the rest stays free",
            "vLLM usa gpu_memory_utilization (0,90) de cada GPU: el resto queda libre",
        ),
        Engine::Sglang => say(
            "SGLang mem_fraction_static (0.88): weights + KV take that share of memory",
            "SGLang mem_fraction_static (0,88): pesos + KV ocupan esa parte de la memoria",
        ),
        Engine::Trtllm => say(
            "TensorRT-LLM gives the KV cache 90% of the free memory (free_gpu_memory_fraction)",
            "TensorRT-LLM da a la caché KV el 90 % de la memoria libre (free_gpu_memory_fraction)",
        ),
        _ => String::new(),
    };
    push("reserve", n.reserve, Provenance::Empirical, rs_basis);
    push(
        "gradients",
        n.gradients,
        Provenance::Empirical,
        say(
            "bf16 gradients 2 B/param (4 more with fp32 gradient copies)",
            "gradientes bf16, 2 B/parámetro (4 más con copias fp32 de los gradientes)",
        ),
    );
    push("optimizer", n.optimizer, Provenance::Empirical, say(
        "AdamW: fp32 master weights 4 + moments 8 = 12 B/param (16-18 B/param in total; EleutherAI, DeepSpeed)",
        "AdamW: pesos maestros fp32 4 + momentos 8 = 12 B/parámetro (16-18 B/parámetro en total; EleutherAI, DeepSpeed)",
    ));
    push("adapters", n.adapters, Provenance::Exact, say(
        "LoRA adapters on every linear layer, trained in fp32 with AdamW (16 B per adapter parameter)",
        "adaptadores LoRA en cada capa lineal, entrenados en fp32 con AdamW (16 B por parámetro de adaptador)",
    ));
    push(
        "os_reserve",
        n.os_reserve,
        Provenance::Heuristic,
        say(
            "memory kept for the operating system",
            "memoria reservada para el sistema operativo",
        ),
    );

    figures(p, n, tp, pp, devices, cap, terms)
}

/// The smallest placement of `wl` on GPUs of one model, `gpus_per_server` per server: fewest
/// servers, then fewest pipeline stages (tensor parallelism within a server first, as usual),
/// then fewest GPUs. llama.cpp and Ollama split by layers only.
pub fn place(
    a: &ModelArch,
    wl: &Workload,
    gpu: &GpuFigures,
    gpus_per_server: u32,
    c: &EngineConstants,
) -> Result<Placement, NoFit> {
    let p = prepare(a, wl);
    place_prepared(a, &p, wl, gpu, gpus_per_server, c)
}

/// [`place`] with the model-dependent parts already computed.
pub fn place_prepared(
    a: &ModelArch,
    p: &Prepared,
    wl: &Workload,
    gpu: &GpuFigures,
    gpus_per_server: u32,
    c: &EngineConstants,
) -> Result<Placement, NoFit> {
    let cap = finite(gpu.memory.0);
    let per_server = gpus_per_server.max(1);
    if cap <= 0.0 {
        return Err(NoFit::NoMemoryFigure);
    }
    let layers = a.layers.clamp(1, 1 << 20);
    let mut best: Option<Placement> = None;
    let max_gpus: u64 = 1 << 20;
    for tp in engine_tp_degrees(a, wl.engine, per_server) {
        let tp64 = tp as u64;
        let max_pp = (max_gpus / tp64).clamp(1, layers);
        let fits = |pp: u64| {
            let devices = tp64 * pp;
            numbers(p, wl, tp64, pp, false, devices, c).per_device() <= cap
        };
        if !fits(max_pp) {
            continue;
        }
        // Per-device memory falls as stages are added: binary search the fewest stages.
        let (mut lo, mut hi) = (1u64, max_pp);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if fits(mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let pp = lo;
        let gpus = tp64 * pp;
        let per = numbers(p, wl, tp64, pp, false, gpus, c).per_device();
        let cand = Placement {
            tp,
            pp: pp as u32,
            gpus: gpus as u32,
            servers: gpus.div_ceil(per_server as u64) as u32,
            per_gpu_bytes: Bytes(per),
        };
        let better = match &best {
            None => true,
            Some(b) => (cand.servers, cand.pp, cand.gpus) < (b.servers, b.pp, b.gpus),
        };
        if better {
            best = Some(cand);
        }
    }
    best.ok_or_else(|| NoFit::TooBig {
        gpu_memory: Bytes(cap),
        stages: layers,
        one_layer_weights: Bytes(p.weights.total / p.layers.max(1.0)),
    })
}

/// Largest value in `1..=max` for which `fits` holds (0 if none), for a monotone predicate.
fn largest(max: u64, fits: impl Fn(u64) -> bool) -> u64 {
    if max == 0 || !fits(1) {
        return 0;
    }
    if fits(max) {
        return max;
    }
    let (mut lo, mut hi) = (1u64, max);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

fn placement_of(a: &ModelArch, engine: Engine, hw: &Hardware) -> (u64, u64, bool, u64, f64) {
    match hw {
        Hardware::Gpu {
            gpu,
            per_server,
            servers,
        } => {
            let (tp, pp) = split_for(a, engine, *per_server, *servers);
            (tp, pp, false, tp * pp, finite(gpu.memory.0))
        }
        Hardware::Cpu { ram_bytes, .. } => (1, 1, true, 1, finite(ram_bytes.0)),
    }
}

/// Most concurrent sequences of `wl.ctx` tokens that fit on `hw` (0 if not even one), up to 10^6.
pub fn max_concurrency(a: &ModelArch, wl: &Workload, hw: &Hardware, c: &EngineConstants) -> u64 {
    max_concurrency_prepared(a, &prepare(a, wl), wl, hw, c)
}

/// [`max_concurrency`] with the model-dependent parts already computed.
///
/// Memory grows with the sequences (linearly for most engines, piecewise where a batch cap or a
/// reserve starts to bite), so the limit is estimated from the growth between 1 and 2 sequences
/// and confirmed around the estimate: 3-4 evaluations instead of a bisection's ~22. The answer
/// is the one bisection finds (the test `concurrency_search_matches_bisection` compares them).
pub fn max_concurrency_prepared(
    a: &ModelArch,
    p: &Prepared,
    wl: &Workload,
    hw: &Hardware,
    c: &EngineConstants,
) -> u64 {
    let (per_device, cap) = per_device_at(a, p, wl, hw, c);
    let fits = |s: u64| per_device(s) <= cap;
    // Figures and capacity come through `finite`: never NaN.
    let one = per_device(1);
    if one > cap {
        return 0;
    }
    let two = per_device(2);
    let step = two - one;
    // `fits` is monotone, so any search finds bisection's answer, when every term is a
    // non-decreasing function of the sequences built from correctly rounded (monotone)
    // operations: true except for SGLang's reserve (need - used), whose rounding is a few ulps of
    // the total, far below a step of more than 1e-10 of the capacity; and `finite` clamps an
    // overflow to f64::MAX / 1e6, above any capacity under 1e300. Elsewhere: bisection.
    if cap >= 1e300 || step <= cap * 1e-10 {
        return largest(MAX_SEQS, fits);
    }
    if two > cap {
        return 1;
    }
    let guess = ((cap - one) / step).floor() + 1.0;
    let guess = if guess >= MAX_SEQS as f64 {
        MAX_SEQS
    } else {
        (guess as u64).max(2)
    };
    largest_near(MAX_SEQS, 2, guess, fits)
}

/// The memory one device holds for `s` sequences of `wl` on `hw`, and the device's capacity
/// (bytes): what the concurrency search compares.
fn per_device_at<'a>(
    a: &ModelArch,
    p: &'a Prepared,
    wl: &'a Workload,
    hw: &Hardware,
    c: &'a EngineConstants,
) -> (impl Fn(u64) -> f64 + 'a, f64) {
    let (tp, pp, cpu, devices, cap) = placement_of(a, wl.engine, hw);
    let per_device = move |s: u64| {
        let w = Workload {
            seqs: s,
            ..wl.clone()
        };
        numbers(p, &w, tp, pp, cpu, devices, c).per_device()
    };
    (per_device, cap)
}

/// Most concurrent sequences [`max_concurrency`] looks for.
const MAX_SEQS: u64 = 1_000_000;

/// Largest value in `lo..=max` for which the monotone `fits` holds, given that it holds at `lo`:
/// tries `guess`, then gallops away from it (steps 1, 2, 4, ...) to bracket the answer and
/// bisects the bracket.
fn largest_near(max: u64, mut lo: u64, guess: u64, fits: impl Fn(u64) -> bool) -> u64 {
    let guess = guess.clamp(lo, max);
    // `hi`: the smallest value known not to fit, if any.
    let mut hi = None;
    if guess > lo {
        if fits(guess) {
            lo = guess;
        } else {
            hi = Some(guess);
        }
    }
    let mut step = 1u64;
    let mut hi = match hi {
        Some(mut h) => {
            // Down from a guess that does not fit.
            loop {
                let probe = h - step.min(h - lo);
                if probe == lo {
                    break h;
                }
                if fits(probe) {
                    lo = probe;
                    break h;
                }
                h = probe;
                step = step.saturating_mul(2);
            }
        }
        None => loop {
            // Up from a value that fits.
            if lo == max {
                return max;
            }
            let probe = lo.saturating_add(step).min(max);
            if !fits(probe) {
                break probe;
            }
            lo = probe;
            step = step.saturating_mul(2);
        },
    };
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Longest context per sequence (at `wl.seqs` sequences) that fits on `hw`, up to the model's
/// `max_position` when known (else 10^7 tokens); 0 if nothing fits.
pub fn max_context(a: &ModelArch, wl: &Workload, hw: &Hardware, c: &EngineConstants) -> u64 {
    max_context_prepared(a, &prepare(a, wl), wl, hw, c)
}

/// [`max_context`] with the model-dependent parts already computed.
pub fn max_context_prepared(
    a: &ModelArch,
    p: &Prepared,
    wl: &Workload,
    hw: &Hardware,
    c: &EngineConstants,
) -> u64 {
    let (tp, pp, cpu, devices, cap) = placement_of(a, wl.engine, hw);
    let limit = if a.max_position > 0 {
        a.max_position.min(10_000_000)
    } else {
        10_000_000
    };
    largest(limit, |x| {
        let w = Workload {
            ctx: x,
            ..wl.clone()
        };
        numbers(p, &w, tp, pp, cpu, devices, c).per_device() <= cap
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{builtin_presets, KvType};
    use proptest::prelude::*;
    use std::cell::Cell;

    /// The search before the estimate, kept as the reference: `largest` (bisection) over 1..=10^6.
    fn max_concurrency_bisect(
        a: &ModelArch,
        p: &Prepared,
        wl: &Workload,
        hw: &Hardware,
        c: &EngineConstants,
    ) -> u64 {
        let (per_device, cap) = per_device_at(a, p, wl, hw, c);
        largest(1_000_000, |s| per_device(s) <= cap)
    }

    fn field() -> impl Strategy<Value = u64> {
        prop_oneof![
            Just(0u64),
            Just(1u64),
            0u64..100_000,
            Just(u32::MAX as u64),
            Just(u64::MAX),
        ]
    }

    /// A preset, a bare parameter count or architecture fields that can be anything.
    fn models() -> impl Strategy<Value = ModelArch> {
        let presets = builtin_presets();
        let n = presets.len();
        prop_oneof![
            3 => (0..n).prop_map(move |i| presets[i].clone()),
            1 => (1_000_000u64..2_000_000_000_000).prop_map(|p| ModelArch::params_only("x", p)),
            1 => (
                prop::sample::select(vec![
                    ArchFamily::Dense,
                    ArchFamily::Moe,
                    ArchFamily::GptOss,
                    ArchFamily::DeepseekMla,
                    ArchFamily::Encoder,
                    ArchFamily::ParamsOnly,
                ]),
                prop::collection::vec(field(), 10),
            )
                .prop_map(|(family, v)| ModelArch {
                    family,
                    hidden: v[0],
                    layers: v[1],
                    heads: v[2],
                    kv_heads: v[3],
                    ffn: v[4],
                    vocab: v[5],
                    experts: v[6],
                    experts_active: v[7],
                    kv_lora_rank: v[8],
                    window: v[9],
                    params: Some(v[0]),
                    ..ModelArch::default()
                }),
        ]
    }

    /// Memory per GPU or server, GiB: 1/8 GiB to 16 PiB, and values a catalogue or URL can hold.
    fn memories() -> impl Strategy<Value = f64> {
        prop_oneof![
            6 => (-3.0f64..24.0).prop_map(|e| e.exp2()),
            1 => prop::sample::select(vec![0.0, 1e-9, 80.0, 1e12, 1e290, f64::MAX, f64::INFINITY, f64::NAN, -5.0]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// The estimated search returns bisection's answer for any model, workload and hardware.
        #[test]
        fn concurrency_search_matches_bisection(
            a in models(),
            quant in prop::sample::select(Quant::ALL.to_vec()),
            kv in prop::sample::select(KvType::ALL.to_vec()),
            engine in prop::sample::select(Engine::ALL.to_vec()),
            task in prop::sample::select(Task::ALL.to_vec()),
            ctx in prop_oneof![Just(0u64), 1u64..64, 1u64..1_000_000, Just(u64::MAX)],
            tokens_in in prop_oneof![Just(0u64), 1u64..100_000],
            grad_checkpointing in any::<bool>(),
            mem in memories(),
            per_server in prop_oneof![Just(0u32), 1u32..=8, Just(16u32)],
            servers in prop_oneof![1u32..=4, Just(64u32)],
            fractions in (0.0f64..1.2, 0.0f64..1.2, 0.0f64..1.2),
            batched in prop_oneof![Just(8192u64), 0u64..100_000],
            flash_attention in any::<bool>(),
            defaults in any::<bool>(),
        ) {
            let wl = Workload {
                quant, kv, engine, task, ctx, tokens_in, grad_checkpointing,
                native_default: false,
                ..Workload::default()
            };
            let p = prepare(&a, &wl);
            let c = if defaults {
                EngineConstants::default()
            } else {
                EngineConstants {
                    vllm_gpu_memory_utilization: fractions.0,
                    sglang_mem_fraction_static: fractions.1,
                    trtllm_free_gpu_memory_fraction: fractions.2,
                    max_batched_tokens: batched,
                    llamacpp_flash_attention: flash_attention,
                    ..EngineConstants::default()
                }
            };
            let gpu = GpuFigures { memory: Bytes(mem * GIB), ..GpuFigures::with_memory_gib(80.0) };
            for hw in [
                Hardware::Gpu { gpu, per_server, servers },
                Hardware::Cpu { ram_bytes: Bytes(mem * GIB), bandwidth_gbs: 100.0, cores: 16, avx512: true, amx: false },
            ] {
                let fast = max_concurrency_prepared(&a, &p, &wl, &hw, &c);
                let slow = max_concurrency_bisect(&a, &p, &wl, &hw, &c);
                prop_assert_eq!(fast, slow, "{:?} {:?} {:?}", a.family, wl, hw);
            }
        }

        /// The bracketing search alone, on thresholds anywhere (edges included) and any guess.
        #[test]
        fn largest_near_finds_the_threshold(
            max in prop_oneof![Just(1u64), Just(2u64), 2u64..2_000_000, Just(u64::MAX)],
            t in any::<u64>(), lo in any::<u64>(), guess in any::<u64>(),
        ) {
            let lo = 1 + lo % max;
            let t = lo + t % (max - lo + 1);
            let calls = Cell::new(0u32);
            let found = largest_near(max, lo, guess, |s| {
                calls.set(calls.get() + 1);
                s <= t
            });
            prop_assert_eq!(found, t);
            prop_assert!(calls.get() <= 2 * 64 + 2, "{} calls", calls.get());
        }
    }

    /// An exact estimate costs two evaluations of the bracket.
    #[test]
    fn an_exact_guess_costs_two_evaluations() {
        let calls = Cell::new(0u32);
        let fits = |s: u64| {
            calls.set(calls.get() + 1);
            s <= 1234
        };
        assert_eq!(largest_near(1_000_000, 2, 1234, fits), 1234);
        assert_eq!(calls.get(), 2);
    }
}
