//! The front door of the sizing model: [`Sizing`], built once from an architecture, a workload
//! and the engine constants (the tensor inventory walked once: parameter counts, weight bytes,
//! KV shape), then asked for memory, placement, speed and capacity on given hardware. The
//! questions live beside their arithmetic: `memory.rs`, `placement.rs`, `capacity.rs`, `speed.rs`.

use super::arch::{ArchFamily, ModelArch};
use super::engine::EngineConstants;
use super::formats::{weight_bytes_of, WeightBytes};
use super::kv::{kv_shape, KvShape};
use super::options::{Quant, Task};
use super::params::{param_counts, tensors, ParamCounts, Role};
use super::placement::TpRules;
use super::workload::Workload;

/// One model under one workload, ready to be sized on any hardware.
///
/// Building it does the model-dependent work (tensor inventory, weight bytes, KV shape); each
/// question after that is arithmetic on the hardware given. Cloning allocates nothing.
#[derive(Clone, Debug)]
pub struct Sizing {
    pub(super) wl: Workload,
    pub(super) consts: EngineConstants,
    pub(super) params: ParamCounts,
    pub(super) weights: WeightBytes,
    /// The format the weights are actually held in for this task ([`effective_quant`]).
    pub(super) weight_quant: Quant,
    pub(super) kv: KvShape,
    pub(super) shape: Shape,
    /// The model as an engine loads it: its Hugging Face repository, else the app's id (the
    /// benchmark command names it).
    pub(super) repo: std::sync::Arc<str>,
}

/// The architecture as the memory and speed arithmetic sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    pub moe: bool,
    pub encoder: bool,
    /// Per-layer LoRA-targetable linear shapes: sum over modules of (in + out), per layer.
    pub lora_in_out: f64,
    pub hidden: f64,
    /// Layers for the arithmetic (32 for a bare parameter count).
    pub layers: f64,
    pub heads: u64,
    pub q_width: f64,
    /// Attention width for FLOP counts: heads x head_dim, or for MLA with absorbed projections
    /// heads x (2 x kv_lora_rank + rope) / 2 (scores over 576 latent dims, values over 512).
    pub attn_width: f64,
    pub ffn_width: f64,
    pub vocab: f64,
    /// Routed experts (0 for a dense model) and experts per token.
    pub experts: u64,
    /// Layers whose feed-forward is a mixture of experts (0 for a dense model).
    pub moe_layers: f64,
    pub experts_active: u64,
    /// Tokens an encoder reads at most (`u64::MAX` for decoders).
    pub max_position: u64,
    /// The architecture's own layer count (pipeline stages split these).
    pub layer_count: u64,
    /// The architecture's context limit as it states it (0: unknown).
    pub context_limit: u64,
    /// Which tensor-parallel degrees the attention heads allow.
    pub tp: TpRules,
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

impl Sizing {
    /// Model `a` running `wl` under the engine constants `consts`.
    pub fn new(a: &ModelArch, wl: &Workload, consts: &EngineConstants) -> Sizing {
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
        Sizing {
            wl: wl.clone(),
            consts: consts.clone(),
            params,
            weights,
            weight_quant: q,
            kv: kv_shape(a, wl.kv),
            shape: Shape::of(a, params, lora),
            repo: if a.hf_repo.is_empty() {
                a.id.as_str().into()
            } else {
                a.hf_repo.as_str().into()
            },
        }
    }

    /// The same model and workload at another context length per sequence.
    pub fn with_context(&self, ctx: u64) -> Sizing {
        let mut s = self.clone();
        s.wl.ctx = ctx;
        s
    }

    /// The model as an engine loads it (Hugging Face repository, else the app's id).
    pub fn repo(&self) -> &str {
        &self.repo
    }

    pub fn workload(&self) -> &Workload {
        &self.wl
    }

    /// The same model and workload sized for `seqs` concurrent sequences (at least 1): where a
    /// load gives each copy its concurrency, a copy is placed for one sequence and its memory
    /// shown for the sequences it takes.
    pub fn with_concurrency(&self, seqs: u64) -> Sizing {
        let mut z = self.clone();
        z.wl.seqs = seqs.max(1);
        z
    }
    pub fn params(&self) -> ParamCounts {
        self.params
    }
    pub fn weights(&self) -> &WeightBytes {
        &self.weights
    }
    /// The format the weights are held in ([`effective_quant`]).
    pub fn weight_quant(&self) -> Quant {
        self.weight_quant
    }
    pub fn kv(&self) -> &KvShape {
        &self.kv
    }
    /// The model's context limit as the architecture states it (0: unknown).
    pub fn context_limit(&self) -> u64 {
        self.shape.context_limit
    }
}

impl Shape {
    /// The shape of `a`; `lora` is the sum over the per-layer linear tensors of (in + out).
    fn of(a: &ModelArch, params: ParamCounts, lora: f64) -> Shape {
        let layers = a.layers.max(1) as f64;
        let params_only = a.family == ArchFamily::ParamsOnly;
        let (hidden, q_width, ffn_width, vocab, lora) = if params_only {
            // A Llama-like shape for a bare count: hidden ~ sqrt(P / (12 L)), L = 32.
            let p = params.total as f64;
            let h = (p / (12.0 * 32.0)).sqrt().max(64.0);
            (h, h, 3.5 * h, 128_000.0, 7.0 * 2.0 * h * 32.0)
        } else {
            let i = if a.experts > 1 {
                a.moe_ffn.max(1) as f64 * a.experts_active.max(1) as f64
            } else {
                a.ffn as f64
            };
            let q_width = a.heads as f64 * a.head_dim() as f64;
            (a.hidden as f64, q_width, i, a.vocab as f64, lora)
        };
        Shape {
            moe: a.is_moe(),
            encoder: a.family == ArchFamily::Encoder,
            lora_in_out: lora / layers,
            hidden,
            layers: if params_only { 32.0 } else { layers },
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
            moe_layers: if a.is_moe() && !params_only {
                super::params::moe_layer_count(a) as f64
            } else {
                0.0
            },
            experts_active: a.experts_active,
            max_position: if a.family == ArchFamily::Encoder && a.max_position > 0 {
                a.max_position
            } else {
                u64::MAX
            },
            layer_count: a.layers,
            context_limit: a.max_position,
            tp: TpRules::of(a),
        }
    }
}
