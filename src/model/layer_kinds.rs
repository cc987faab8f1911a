//! The tensors of the layer kinds beyond attention and FFN: Mamba-2 mixers, MiniMax's lightning
//! attention, Gemma-3n's per-layer embeddings (`docs/sizing-formulas.md` §7).

use super::arch::ModelArch;
use super::params::{Role, Tensor};

fn mul(a: u64, b: u64) -> u64 {
    a.saturating_mul(b)
}
fn mul3(a: u64, b: u64, c: u64) -> u64 {
    a.saturating_mul(b).saturating_mul(c)
}

/// Mamba-2 mixers (`transformers` `Mamba2Mixer`, as in Bamba, Granite-4.0-H and Nemotron-H):
/// `in_proj` (hidden -> z, x, B, C and dt: inner + conv + heads), a depthwise conv with bias over
/// x, B and C (conv = inner + 2 x groups x state), `dt_bias`, `A_log` and `D` per head, a gated
/// norm of the inner width, `out_proj` (inner -> hidden).
pub(super) fn mamba_mixer(a: &ModelArch, first: u64, n: u64, t: &mut Vec<Tensor>) {
    if n == 0 {
        return;
    }
    let h = a.hidden;
    let (inner, conv) = mamba_widths(a);
    let heads = a.mamba_heads;
    let in_proj = mul(h, inner.saturating_add(conv).saturating_add(heads));
    t.push(Tensor::layers(Role::Dense2d, h, in_proj, first, n));
    let vectors = mul(conv, a.mamba_conv.saturating_add(1))
        .saturating_add(mul(3, heads))
        .saturating_add(inner);
    t.push(Tensor::layers(Role::Vector, h, vectors, first, n));
    t.push(Tensor::layers(
        Role::Dense2d,
        inner,
        mul(inner, h),
        first,
        n,
    ));
}

/// MiniMax's lightning attention (`MiniMaxLightningAttention`): fused q/k/v of every head
/// (hidden -> 3 x heads x head size), the output gate (hidden -> heads x head size), the norm over
/// heads x head size and the output projection.
pub(super) fn lightning_attention(a: &ModelArch, first: u64, n: u64, t: &mut Vec<Tensor>) {
    if n == 0 {
        return;
    }
    let (h, inner) = (a.hidden, mul(a.heads, a.head_dim()));
    t.push(Tensor::layers(
        Role::AttnQkv,
        h,
        mul3(h, 3, inner),
        first,
        n,
    ));
    t.push(Tensor::layers(Role::Dense2d, h, mul(h, inner), first, n));
    t.push(Tensor::layers(Role::Vector, inner, inner, first, n));
    t.push(Tensor::layers(
        Role::AttnOutput,
        inner,
        mul(inner, h),
        first,
        n,
    ));
}

/// A Mamba-2 layer's inner width (heads x head size) and its conv channels (inner + 2 x groups x
/// state).
pub(super) fn mamba_widths(a: &ModelArch) -> (u64, u64) {
    let inner = mul(a.mamba_heads, a.mamba_head_dim);
    let conv = inner.saturating_add(mul3(2, a.mamba_groups.max(1), a.mamba_state));
    (inner, conv)
}

/// Gemma-3n's per-layer embeddings (`Gemma3nTextModel`): `embed_tokens_per_layer` (a lookup
/// table of vocabulary x layers x width), `per_layer_model_projection` (hidden -> layers x width)
/// and its norm; in each layer `per_layer_input_gate` (hidden -> width), `per_layer_projection`
/// (width -> hidden) and `post_per_layer_input_norm`.
pub(super) fn per_layer_embeddings(a: &ModelArch, t: &mut Vec<Tensor>) {
    let (d, l, h) = (a.ple_dim, a.layers, a.hidden);
    if d == 0 {
        return;
    }
    let vocab = if a.ple_vocab > 0 {
        a.ple_vocab
    } else {
        a.vocab
    };
    t.push(Tensor::global(
        Role::TokenEmbd,
        mul(l, d),
        mul3(vocab, l, d),
    ));
    t.push(Tensor::global(Role::Dense2d, h, mul3(h, l, d)));
    t.push(Tensor::global(Role::Vector, d, d));
    t.push(Tensor::layers(Role::Dense2d, h, mul3(2, h, d), 0, l));
    t.push(Tensor::layers(Role::Vector, h, h, 0, l));
}
