//! The tensor inventory of an architecture and its exact parameter counts
//! (`docs/sizing-formulas.md` §1: every tensor of the checkpoint, by family).
//!
//! One inventory serves parameter counts, weight bytes per format (GGUF tensor by tensor) and the
//! bytes read per decoded token. Tensors repeated over layers are one entry with a layer range, so
//! the inventory stays small (about a dozen entries) whatever the depth.

use super::arch::{ArchFamily, ModelArch};

/// What a tensor does: decides how each weight format stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    TokenEmbd,
    /// Learned position embeddings (encoders): never quantised.
    PosEmbd,
    /// Token-type embeddings (BERT): never quantised.
    TokenTypes,
    /// The LM head (`output.weight`).
    Output,
    AttnQ,
    /// q, k and v fused in one tensor (Phi-3 `attn_qkv`): llama.cpp gives it the rules of
    /// `attn_v`.
    AttnQkv,
    AttnK,
    AttnV,
    AttnOutput,
    /// MLA low-rank projections: q_a, q_b, kv_a (with the shared rope key), kv_b.
    AttnQA,
    AttnQB,
    AttnKvA,
    AttnKvB,
    FfnGate,
    FfnUp,
    FfnDown,
    /// MoE router (`ffn_gate_inp`): kept in full precision by every format.
    Router,
    /// Other 2-D matrices (encoder pooler, MTP projection, indexer and linear-attention
    /// projections).
    Dense2d,
    /// Parameters outside the language model (a vision tower): loaded, kept 16-bit, never
    /// active for text.
    Extra,
    /// 1-D tensors: norms, biases, attention sinks. Kept 16/32-bit by every format.
    Vector,
    /// A params-only model: one opaque block.
    Opaque,
}

/// A tensor (or the same tensor in a run of layers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tensor {
    pub role: Role,
    /// Row length (ggml `ne[0]`, the input dimension): decides k-quant shape fallbacks.
    pub ne0: u64,
    /// Elements per copy (all experts included for expert tensors).
    pub elems: u64,
    /// First layer holding it, and the number of consecutive layers (1 for global tensors).
    pub first_layer: u64,
    pub copies: u64,
    /// Experts stacked in this tensor (0: not an expert tensor). Shared experts are not counted here.
    pub experts: u64,
    /// Experts read per token (top-k), for expert tensors.
    pub experts_active: u64,
    /// Per-layer tensor (subject to llama.cpp's layer-dependent rules).
    pub per_layer: bool,
}

impl Tensor {
    pub(super) fn global(role: Role, ne0: u64, elems: u64) -> Tensor {
        Tensor {
            role,
            ne0,
            elems,
            first_layer: 0,
            copies: 1,
            experts: 0,
            experts_active: 0,
            per_layer: false,
        }
    }
    pub(super) fn layers(role: Role, ne0: u64, elems: u64, first: u64, count: u64) -> Tensor {
        Tensor {
            role,
            ne0,
            elems,
            first_layer: first,
            copies: count,
            experts: 0,
            experts_active: 0,
            per_layer: true,
        }
    }
    fn experts(mut self, e: u64, k: u64) -> Tensor {
        self.experts = e;
        self.experts_active = k.min(e);
        self
    }
    /// Parameters over all copies, saturating.
    pub fn params(&self) -> u64 {
        self.elems.saturating_mul(self.copies)
    }
    /// Parameters used for one token: expert tensors scaled by top-k / experts.
    pub fn active_params(&self) -> f64 {
        let p = self.params() as f64;
        if self.role == Role::Extra {
            0.0
        } else if self.experts > 0 {
            p * self.experts_active as f64 / self.experts as f64
        } else {
            p
        }
    }
    /// Whether this tensor is a linear-layer weight that weight-quantisation formats (GPTQ/AWQ,
    /// NF4, FP8, MXFP4, NVFP4) compress; embeddings, the head, routers and vectors stay 16-bit.
    pub fn is_quantisable_linear(&self) -> bool {
        !matches!(
            self.role,
            Role::TokenEmbd
                | Role::PosEmbd
                | Role::TokenTypes
                | Role::Output
                | Role::Router
                | Role::Vector
                | Role::Extra
        )
    }
}

/// Total and active parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParamCounts {
    /// Every tensor of the main model (tied embeddings counted once; DeepSeek MTP excluded).
    pub total: u64,
    /// Parameters used for one token: MoE experts scaled to top-k (router, attention, embeddings
    /// and head always counted, as in `docs/sizing-formulas.md` §1b-1d).
    pub active: u64,
    /// The input embedding matrix (read by lookup, not streamed per token).
    pub embedding: u64,
    /// DeepSeek multi-token-prediction layers shipped beside the model (not in `total`).
    pub mtp: u64,
}

fn mul(a: u64, b: u64) -> u64 {
    a.saturating_mul(b)
}
fn mul3(a: u64, b: u64, c: u64) -> u64 {
    a.saturating_mul(b).saturating_mul(c)
}

/// The tensor inventory of the main model (no MTP layers).
pub fn tensors(a: &ModelArch) -> Vec<Tensor> {
    let mut t = Vec::with_capacity(24);
    let h = a.hidden;
    let l = a.layers;
    let v = a.vocab;
    match a.family {
        ArchFamily::ParamsOnly => {
            let p = a.params.unwrap_or(0);
            t.push(Tensor::layers(Role::Opaque, 4096, p, 0, 1));
            return t;
        }
        ArchFamily::Encoder => {
            encoder(a, &mut t);
            return t;
        }
        _ => {}
    }
    t.push(Tensor::global(Role::TokenEmbd, h, mul(v, h)));
    match a.family {
        ArchFamily::DeepseekMla => {
            let dense = a.first_dense_layers.min(l);
            mla_attention(a, 0, l, &mut t);
            indexer(a, l, &mut t);
            t.push(Tensor::layers(Role::Vector, h, mul(2, h), 0, l));
            dense_ffn(a, a.ffn, 0, dense, &mut t);
            moe_ffn(a, dense, l - dense, true, &mut t);
        }
        ArchFamily::GptOss => {
            gqa_attention(a, 0, l, &mut t);
            let d = a.head_dim();
            let (nq, nkv) = (a.heads, a.kv_heads());
            // q, k, v, o biases and one attention sink per head.
            let vec = mul(nq, d)
                .saturating_add(mul3(2, nkv, d))
                .saturating_add(h)
                .saturating_add(nq);
            t.push(Tensor::layers(
                Role::Vector,
                h,
                vec.saturating_add(mul(2, h)),
                0,
                l,
            ));
            let (e, k, i) = (a.experts, a.experts_active, a.moe_ffn.max(a.ffn));
            t.push(Tensor::layers(Role::Router, h, mul(h, e), 0, l));
            // Router bias and expert biases (fused gate_up 2I, down h) are vectors.
            t.push(Tensor::layers(Role::Vector, h, e, 0, l));
            t.push(
                Tensor::layers(Role::Vector, h, mul(e, mul(2, i).saturating_add(h)), 0, l)
                    .experts(e, k),
            );
            t.push(Tensor::layers(Role::FfnGate, h, mul3(e, h, i), 0, l).experts(e, k));
            t.push(Tensor::layers(Role::FfnUp, h, mul3(e, h, i), 0, l).experts(e, k));
            t.push(Tensor::layers(Role::FfnDown, i, mul3(e, i, h), 0, l).experts(e, k));
        }
        ArchFamily::HybridLinear => hybrid_linear(a, &mut t),
        _ => {
            // Attention layers first, then the Mamba-2 layers of a hybrid (counts exact).
            let attn = a.attention_mixer_layers();
            gqa_attention(a, 0, attn, &mut t);
            super::layer_kinds::mamba_mixer(a, attn, a.mamba_layers(), &mut t);
            super::layer_kinds::lightning_attention(a, attn, a.lightning_layers(), &mut t);
            let d = a.head_dim();
            let mut vec: u64 = 0;
            if a.qkv_bias {
                vec = vec.saturating_add(mul(a.heads, d).saturating_add(mul3(2, a.kv_heads(), d)));
            }
            if a.qk_norm_all_heads {
                vec = vec.saturating_add(mul(a.heads, d).saturating_add(mul(a.kv_heads(), d)));
            } else if a.qk_norm {
                vec = vec.saturating_add(mul(2, d));
            }
            if vec > 0 && attn > 0 {
                t.push(Tensor::layers(Role::Vector, h, vec, 0, attn));
            }
            t.push(Tensor::layers(
                Role::Vector,
                h,
                mul(a.norms_per_layer, h),
                0,
                l,
            ));
            super::layer_kinds::per_layer_embeddings(a, &mut t);
            if a.experts > 1 {
                // Dense layers (a prefix, or those between interleaved MoE layers) first.
                let moe = moe_layer_count(a);
                dense_ffn(a, a.ffn, 0, l - moe, &mut t);
                moe_ffn(a, l - moe, moe, a.router_bias, &mut t);
            } else {
                dense_ffn(a, a.ffn, 0, l, &mut t);
            }
        }
    }
    if a.extra_params > 0 {
        // A vision tower and projector: one opaque 16-bit block, never read for text tokens.
        t.push(Tensor::global(Role::Extra, h.max(1), a.extra_params));
    }
    if !a.tied || a.family == ArchFamily::GptOss {
        t.push(Tensor::global(Role::Output, h, mul(v, h)));
    }
    t.push(Tensor::global(Role::Vector, h, h));
    t
}

fn gqa_attention(a: &ModelArch, first: u64, n: u64, t: &mut Vec<Tensor>) {
    let (h, d, nq, nkv) = (a.hidden, a.head_dim(), a.heads, a.kv_heads());
    if a.fused_qkv {
        let qkv = mul3(h, nq.saturating_add(mul(2, nkv)), d);
        t.push(Tensor::layers(Role::AttnQkv, h, qkv, first, n));
    } else {
        // Gated attention (Qwen3-Next) projects a gate of the query's size with the query.
        let gate = if a.family == ArchFamily::HybridLinear {
            2
        } else {
            1
        };
        t.push(Tensor::layers(
            Role::AttnQ,
            h,
            mul3(h, mul(gate, nq), d),
            first,
            n,
        ));
        t.push(Tensor::layers(Role::AttnK, h, mul3(h, nkv, d), first, n));
        t.push(Tensor::layers(Role::AttnV, h, mul3(h, nkv, d), first, n));
    }
    t.push(Tensor::layers(
        Role::AttnOutput,
        mul(nq, d),
        mul3(nq, d, h),
        first,
        n,
    ));
}

fn mla_attention(a: &ModelArch, first: u64, n: u64, t: &mut Vec<Tensor>) {
    let (h, nh) = (a.hidden, a.heads);
    let (ql, kl, rope, nope) = (a.q_lora_rank, a.kv_lora_rank, a.rope_dim, a.qk_nope_dim);
    let vd = if a.v_head_dim > 0 { a.v_head_dim } else { nope };
    let qk = nope.saturating_add(rope);
    if ql > 0 {
        t.push(Tensor::layers(Role::AttnQA, h, mul(h, ql), first, n));
        t.push(Tensor::layers(Role::AttnQB, ql, mul3(ql, nh, qk), first, n));
    } else {
        t.push(Tensor::layers(Role::AttnQ, h, mul3(h, nh, qk), first, n));
    }
    t.push(Tensor::layers(
        Role::AttnKvA,
        h,
        mul(h, kl.saturating_add(rope)),
        first,
        n,
    ));
    t.push(Tensor::layers(
        Role::AttnKvB,
        kl,
        mul3(kl, nh, nope.saturating_add(vd)),
        first,
        n,
    ));
    t.push(Tensor::layers(
        Role::AttnOutput,
        mul(nh, vd),
        mul3(nh, vd, h),
        first,
        n,
    ));
    // q_a_norm and kv_a_norm.
    t.push(Tensor::layers(
        Role::Vector,
        h,
        ql.saturating_add(kl),
        first,
        n,
    ));
}

fn dense_ffn(a: &ModelArch, i: u64, first: u64, n: u64, t: &mut Vec<Tensor>) {
    if n == 0 {
        return;
    }
    let h = a.hidden;
    if a.fused_gate_up {
        t.push(Tensor::layers(Role::FfnUp, h, mul3(2, h, i), first, n));
    } else {
        t.push(Tensor::layers(Role::FfnGate, h, mul(h, i), first, n));
        t.push(Tensor::layers(Role::FfnUp, h, mul(h, i), first, n));
    }
    t.push(Tensor::layers(Role::FfnDown, i, mul(i, h), first, n));
}

/// MoE layers after the dense prefix: every `moe_layer_step`-th one (Llama 4 Maverick: the odd
/// layers, 24 of 48), else all. The inventory puts the dense layers first: the counts are exact;
/// llama.cpp's layer-dependent rules then see the MoE layers as the later ones.
pub(super) fn moe_layer_count(a: &ModelArch) -> u64 {
    let rest = a.layers - a.first_dense_layers.min(a.layers);
    if a.moe_layer_step > 1 {
        rest / a.moe_layer_step
    } else {
        rest
    }
}

/// DeepSeek sparse attention's lightning indexer, per layer (`deepseek-ai/DeepSeek-V3.2-Exp@3b99a535:
/// inference/model.py`, `Indexer`): `wq_b` (q_lora x heads*dim), `wk` (hidden x dim), `k_norm`
/// (LayerNorm, weight and bias of dim), `weights_proj` (hidden x heads).
fn indexer(a: &ModelArch, l: u64, t: &mut Vec<Tensor>) {
    let (heads, d) = (a.index_heads, a.index_head_dim);
    if heads == 0 || d == 0 {
        return;
    }
    let (h, ql) = (a.hidden, a.q_lora_rank);
    let mats = mul3(ql, heads, d)
        .saturating_add(mul(h, d))
        .saturating_add(mul(h, heads));
    t.push(Tensor::layers(Role::Dense2d, h, mats, 0, l));
    t.push(Tensor::layers(Role::Vector, d, mul(2, d), 0, l));
}

/// Qwen3-Next (`transformers` `Qwen3NextForCausalLM`): the full-attention layers (gated query,
/// per-head q/k norms) and the Gated DeltaNet layers (`in_proj_qkvz`, `in_proj_ba`, a depthwise
/// conv over q, k and v, `dt_bias`, `A_log`, a gated norm of the value head size, `out_proj`); every
/// layer an MoE with a shared expert and its sigmoid gate, two norms.
fn hybrid_linear(a: &ModelArch, t: &mut Vec<Tensor>) {
    let (h, l) = (a.hidden, a.layers);
    let linear = a.linear_layers();
    let full = l - linear;
    // Full-attention layers first: the counts are exact, the order is the inventory's.
    gqa_attention(a, 0, full, t);
    t.push(Tensor::layers(
        Role::Vector,
        h,
        mul(2, a.head_dim()),
        0,
        full,
    ));
    let (nk, nv) = (a.linear_key_heads, a.linear_value_heads);
    let key = mul(nk, a.linear_key_dim);
    let value = mul(nv, a.linear_value_dim);
    let conv = mul(2, key).saturating_add(value);
    // q, k, v and the output gate z; the beta and alpha of each value head.
    let in_proj = mul(h, conv.saturating_add(value)).saturating_add(mul3(h, 2, nv));
    t.push(Tensor::layers(Role::Dense2d, h, in_proj, full, linear));
    let vectors = mul(conv, a.linear_conv_kernel)
        .saturating_add(mul(2, nv))
        .saturating_add(a.linear_value_dim);
    t.push(Tensor::layers(Role::Vector, h, vectors, full, linear));
    t.push(Tensor::layers(
        Role::Dense2d,
        value,
        mul(value, h),
        full,
        linear,
    ));
    t.push(Tensor::layers(Role::Vector, h, mul(2, h), 0, l));
    moe_ffn(a, 0, l, false, t);
    // The shared expert's gate (hidden -> 1), kept whole like the router.
    if a.shared_experts > 0 {
        t.push(Tensor::layers(Role::Router, h, h, 0, l));
    }
}

/// Routed experts (+ shared experts, + router, + DeepSeek's score-correction bias).
fn moe_ffn(a: &ModelArch, first: u64, n: u64, score_bias: bool, t: &mut Vec<Tensor>) {
    if n == 0 {
        return;
    }
    let h = a.hidden;
    let (e, k) = (a.experts, a.experts_active);
    let i = if a.moe_ffn > 0 { a.moe_ffn } else { a.ffn };
    t.push(Tensor::layers(Role::Router, h, mul(h, e), first, n));
    if score_bias {
        t.push(Tensor::layers(Role::Vector, h, e, first, n));
    }
    t.push(Tensor::layers(Role::FfnGate, h, mul3(e, h, i), first, n).experts(e, k));
    t.push(Tensor::layers(Role::FfnUp, h, mul3(e, h, i), first, n).experts(e, k));
    t.push(Tensor::layers(Role::FfnDown, i, mul3(e, i, h), first, n).experts(e, k));
    if a.shared_experts > 0 {
        dense_ffn(a, mul(i, a.shared_experts), first, n, t);
    }
}

fn encoder(a: &ModelArch, t: &mut Vec<Tensor>) {
    let (h, l, i) = (a.hidden, a.layers, a.ffn);
    let p = if a.max_position > 0 {
        a.max_position
    } else {
        512
    };
    t.push(Tensor::global(Role::TokenEmbd, h, mul(a.vocab, h)));
    t.push(Tensor::global(Role::PosEmbd, h, mul(p, h)));
    if a.token_types > 0 {
        t.push(Tensor::global(Role::TokenTypes, h, mul(a.token_types, h)));
    }
    // Embedding LayerNorm (weight + bias).
    t.push(Tensor::global(Role::Vector, h, mul(2, h)));
    t.push(Tensor::layers(Role::AttnQ, h, mul(h, h), 0, l));
    t.push(Tensor::layers(Role::AttnK, h, mul(h, h), 0, l));
    t.push(Tensor::layers(Role::AttnV, h, mul(h, h), 0, l));
    t.push(Tensor::layers(Role::AttnOutput, h, mul(h, h), 0, l));
    t.push(Tensor::layers(Role::FfnUp, h, mul(h, i), 0, l));
    t.push(Tensor::layers(Role::FfnDown, i, mul(i, h), 0, l));
    // q/k/v/o biases (4h), FFN biases (I + h), two LayerNorms with bias (4h).
    let vec = mul(4, h)
        .saturating_add(i)
        .saturating_add(h)
        .saturating_add(mul(4, h));
    t.push(Tensor::layers(Role::Vector, h, vec, 0, l));
    if a.pooler {
        t.push(Tensor::global(Role::Dense2d, h, mul(h, h)));
        t.push(Tensor::global(Role::Vector, h, h));
    }
    if a.classifier_labels > 0 {
        // A classification head's output projection (hidden -> labels, with bias); its dense
        // layer has the pooler's shape and is counted as `pooler`.
        let labels = a.classifier_labels;
        t.push(Tensor::global(Role::Dense2d, h, mul(h, labels)));
        t.push(Tensor::global(Role::Vector, labels, labels));
    }
}

/// Multi-token-prediction module parameters: per prediction layer one decoder layer of the
/// model (a MoE layer for DeepSeek) + two input norms (DeepSeek's enorm/hnorm, MiMo's
/// token_layernorm/hidden_layernorm), the projection of both (eh_proj, MiMo's input_proj: 2h x h)
/// and a final norm (shared_head.norm, final_layernorm); embedding and head shared with the main
/// model: `docs/sizing-formulas.md` §1d. DeepSeek (MLA), MoE (GLM-4.5) and dense models (MiMo).
pub fn mtp_params(a: &ModelArch) -> u64 {
    let family = matches!(
        a.family,
        ArchFamily::DeepseekMla | ArchFamily::Moe | ArchFamily::Dense
    );
    if !family || a.mtp_layers == 0 {
        return 0;
    }
    let mut one = ModelArch {
        layers: 1,
        first_dense_layers: 0,
        vocab: 0,
        tied: true,
        extra_params: 0,
        classifier_labels: 0,
        ..a.clone()
    };
    one.mtp_layers = 0;
    let layer: u64 = tensors(&one)
        .iter()
        .map(|t| t.params())
        .fold(0, u64::saturating_add);
    // `tensors` added the final norm (h) of the one-layer model: it stands for shared_head.norm.
    let h = a.hidden;
    let extra = mul(2, h).saturating_add(mul3(2, h, h));
    mul(a.mtp_layers, layer.saturating_add(extra))
}

/// Exact total and active parameter counts.
pub fn param_counts(a: &ModelArch) -> ParamCounts {
    if a.family == ArchFamily::ParamsOnly {
        let total = a.params.unwrap_or(0);
        let active = a.active_params.unwrap_or(total).min(total);
        return ParamCounts {
            total,
            active,
            embedding: 0,
            mtp: 0,
        };
    }
    let ts = tensors(a);
    let total = ts
        .iter()
        .map(|t| t.params())
        .fold(0u64, u64::saturating_add);
    let active_f: f64 = ts.iter().map(|t| t.active_params()).sum();
    let active = if active_f >= total as f64 {
        total
    } else {
        active_f.round() as u64
    };
    let embedding = ts
        .iter()
        .filter(|t| t.role == Role::TokenEmbd)
        .map(|t| t.params())
        .fold(0u64, u64::saturating_add);
    ParamCounts {
        total,
        active,
        embedding,
        mtp: mtp_params(a),
    }
}
