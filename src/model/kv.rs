//! KV cache: bytes per token (GQA with explicit head_dim, MLA latent), sliding-window layers
//! capped at the window (llama.cpp's padded SWA cache when that engine is chosen), quantised
//! element sizes (`docs/sizing-formulas.md` §2).

use super::arch::{ArchFamily, ModelArch};
use super::engine::EngineConstants;
use super::options::{Engine, KvType};
use super::Provenance;

/// Bytes per cached element: f16/bf16 2, fp8 1, q8_0 34/32, q4_0 18/32 (ggml block sizes).
pub fn kv_elem_bytes(kv: KvType) -> f64 {
    match kv {
        KvType::F16 | KvType::Bf16 => 2.0,
        KvType::Fp8 => 1.0,
        KvType::Q8_0 => 34.0 / 32.0,
        KvType::Q4_0 => 18.0 / 32.0,
    }
}

/// The shape of a model's KV cache, per sequence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KvShape {
    /// Bytes per token over the full-attention layers (the tables of `docs/sizing-formulas.md`
    /// §2a-2c).
    pub global_per_token: f64,
    /// Bytes per cached cell over all sliding-window (or chunked) layers together.
    pub local_per_cell: f64,
    /// Sliding window or attention chunk, tokens: the most a local layer keeps (0: none).
    pub window: u64,
    /// The local layers attend within aligned chunks (Llama 4), not a sliding window.
    pub chunked: bool,
    /// Values of fixed state per sequence, whatever its length (Gated DeltaNet layers: the conv
    /// state and the recurrent state); bytes by [`state_elem_bytes`].
    pub state_per_seq: f64,
    /// Elements cached per token per layer and KV head group, for TP sharding: the KV heads
    /// (0 for MLA: one latent shared by all heads, replicated on every GPU).
    pub kv_heads: u64,
    pub provenance: Provenance,
}

impl KvShape {
    /// KV bytes of one sequence holding `tokens` tokens (ideal: local layers hold min(T, W)).
    pub fn seq_bytes(&self, tokens: f64) -> f64 {
        let t = tokens.max(0.0);
        let local = if self.window > 0 {
            t.min(self.window as f64)
        } else {
            t
        };
        let state = if t > 0.0 {
            self.state_per_seq * state_elem_bytes(Engine::Vllm)
        } else {
            0.0
        };
        self.global_per_token * t + self.local_per_cell * local + state
    }
    /// Cache bytes per token of a sequence of `tokens` tokens: [`KvShape::seq_bytes`] / tokens, so
    /// that cache = per token x tokens holds for every layer kind (full, sliding, chunked, linear
    /// state, indexer keys). Without local layers or state it is `global_per_token` whatever the
    /// length.
    pub fn bytes_per_token_at(&self, tokens: u64) -> f64 {
        if tokens == 0 {
            return self.global_per_token;
        }
        self.seq_bytes(tokens as f64) / tokens as f64
    }
    /// Whether the model caches anything at all (encoders do not).
    pub fn is_empty(&self) -> bool {
        self.global_per_token <= 0.0 && self.local_per_cell <= 0.0 && self.state_per_seq <= 0.0
    }
}

/// Bytes per value of a linear-attention state: llama.cpp keeps recurrent states in F32
/// (`llama_memory_recurrent`, `r_l`/`s_l` of type F32); vLLM and the others in the model's dtype
/// (`mamba_ssm_cache_dtype` auto: bf16).
pub fn state_elem_bytes(engine: Engine) -> f64 {
    match engine {
        Engine::Llamacpp | Engine::Ollama => 4.0,
        _ => 2.0,
    }
}

/// Bytes per token per layer of DeepSeek-V3.2's indexer key cache: `index_head_dim` FP8 values
/// and one FP32 scale (`deepseek-ai/DeepSeek-V3.2-Exp@3b99a535: inference/model.py`, the
/// indexer's `k_cache` and `k_scale_cache`), whatever the KV type of the MLA cache.
fn indexer_bytes_per_layer(a: &ModelArch) -> f64 {
    if a.index_heads == 0 || a.index_head_dim == 0 {
        return 0.0;
    }
    a.index_head_dim as f64 + 4.0
}

/// The KV-cache shape of `a` with elements of type `kv`.
pub fn kv_shape(a: &ModelArch, kv: KvType) -> KvShape {
    let e = kv_elem_bytes(kv);
    match a.family {
        ArchFamily::Encoder => KvShape {
            global_per_token: 0.0,
            local_per_cell: 0.0,
            window: 0,
            state_per_seq: 0.0,
            chunked: false,
            kv_heads: 0,
            provenance: Provenance::Exact,
        },
        ArchFamily::DeepseekMla => {
            // The compressed latent c_KV plus the head-shared rope key, one "head" per layer.
            // DeepSeek-V3.2 adds its indexer's keys for every token of every layer.
            let per_layer = (a.kv_lora_rank as f64 + a.rope_dim as f64) * e;
            let per_layer = per_layer + indexer_bytes_per_layer(a);
            KvShape {
                global_per_token: a.layers as f64 * per_layer,
                local_per_cell: 0.0,
                window: 0,
                state_per_seq: 0.0,
                chunked: false,
                kv_heads: 0,
                provenance: Provenance::Exact,
            }
        }
        // A model known by its size whose attention is given (`params=` with `layers`, `hidden`,
        // `heads`, ...): the cache from those fields, exactly.
        ArchFamily::ParamsOnly if a.layers > 0 && a.hidden > 0 && a.heads > 0 => {
            attention_shape(a, e)
        }
        ArchFamily::ParamsOnly => {
            // No architecture: scale Llama-3's GQA caches (8B 131,072 B/token, 70B 327,680,
            // 405B 516,096 at f16) by parameters^0.42, a fit to those three. Heuristic.
            let p = a.params.unwrap_or(0) as f64 / 8e9;
            let f16 = 131_072.0 * p.max(0.0).powf(0.42);
            KvShape {
                global_per_token: f16 * e / 2.0,
                local_per_cell: 0.0,
                window: 0,
                state_per_seq: 0.0,
                chunked: false,
                kv_heads: 8,
                provenance: Provenance::Heuristic,
            }
        }
        _ => attention_shape(a, e),
    }
}

/// The cache of GQA/MHA attention layers (full, sliding or chunked) and linear-attention state.
fn attention_shape(a: &ModelArch, e: f64) -> KvShape {
    let per_layer = 2.0 * a.kv_heads() as f64 * a.head_dim() as f64 * e;
    let local = a.local_layers();
    KvShape {
        global_per_token: a.global_layers() as f64 * per_layer,
        local_per_cell: local as f64 * per_layer,
        window: if local > 0 { a.local_span() } else { 0 },
        state_per_seq: linear_state_values(a),
        chunked: local > 0 && a.window == 0,
        kv_heads: a.kv_heads(),
        provenance: Provenance::Exact,
    }
}

/// Values of state one sequence keeps in the Gated DeltaNet layers of a hybrid model, per layer
/// the conv state (q, k and v channels x (kernel - 1)) and the recurrent state (value heads x key
/// dim x value dim): Qwen3-Next 8,192 x 3 + 32 x 128 x 128 = 548,864 values, x 36 layers.
fn linear_state_values(a: &ModelArch) -> f64 {
    let layers = a.linear_layers() as f64;
    if layers == 0.0 {
        return mamba_state_values(a);
    }
    let key = a.linear_key_heads as f64 * a.linear_key_dim as f64;
    let value = a.linear_value_heads as f64 * a.linear_value_dim as f64;
    let conv = (2.0 * key + value) * a.linear_conv_kernel.saturating_sub(1) as f64;
    let recurrent =
        a.linear_value_heads as f64 * a.linear_key_dim as f64 * a.linear_value_dim as f64;
    layers * (conv + recurrent)
}

/// Values of state one sequence keeps in the Mamba-2 layers of a hybrid, per layer the conv
/// state (conv channels x (kernel - 1)) and the SSM state (heads x head size x state size):
/// Granite-4.0-H-Small (inner 8,192, 1 group, state 128, kernel 4) 8,448 x 3 + 8,192 x 128 =
/// 1,073,920 values, x 36 layers.
fn mamba_state_values(a: &ModelArch) -> f64 {
    // MiniMax's lightning layers: a heads x head size x head size state each.
    let d = a.head_dim() as f64;
    let lightning = a.lightning_layers() as f64 * a.heads as f64 * d * d;
    let layers = a.mamba_layers() as f64;
    if layers == 0.0 {
        return lightning;
    }
    let (inner, conv) = super::layer_kinds::mamba_widths(a);
    let conv_state = conv as f64 * a.mamba_conv.saturating_sub(1) as f64;
    let ssm = inner as f64 * a.mamba_state as f64;
    layers * (conv_state + ssm) + lightning
}

/// KV bytes each further token adds once every window and chunk is full: the full-attention
/// layers at the chosen element type (sliding-window and chunked layers and linear-attention
/// state add a fixed amount per sequence). For the cache of a given length, per token, see
/// [`kv_bytes_per_token_at`].
pub fn kv_bytes_per_token(a: &ModelArch, kv: KvType) -> f64 {
    kv_shape(a, kv).global_per_token
}

/// KV bytes per token of a sequence of `ctx` tokens: the cache of one sequence over its tokens
/// ([`KvShape::bytes_per_token_at`]), so cache = per token x tokens for every layer kind (the
/// report's `kv_bytes_per_token`). For a model whose every layer attends the whole context it
/// equals [`kv_bytes_per_token`] at any length.
pub fn kv_bytes_per_token_at(a: &ModelArch, kv: KvType, ctx: u64) -> f64 {
    kv_shape(a, kv).bytes_per_token_at(ctx)
}

fn pad(x: u64, to: u64) -> u64 {
    x.div_ceil(to).saturating_mul(to)
}

/// KV cells per sequence as an engine allocates them: (full-attention cells, sliding cells).
/// llama.cpp pads the context to 256 (32 without flash attention) and gives SWA layers
/// `GGML_PAD(min(n_ctx, n_swa + n_ubatch), 256)` cells (`llama-kv-cache-iswa.cpp`, one stream per
/// sequence); other engines hold the ideal min(ctx, window).
pub fn kv_cells(shape: &KvShape, ctx: u64, engine: Engine, c: &EngineConstants) -> (f64, f64) {
    let ideal_local = if shape.window > 0 {
        ctx.min(shape.window)
    } else {
        ctx
    };
    if engine != Engine::Llamacpp {
        return (ctx as f64, ideal_local as f64);
    }
    let ctx_pad = pad(
        ctx.max(1),
        if c.llamacpp_flash_attention { 256 } else { 32 },
    );
    let local = if shape.window > 0 {
        pad(
            ctx_pad.min(shape.window.saturating_add(c.llamacpp_ubatch)),
            256,
        )
    } else {
        ctx_pad
    };
    (ctx_pad as f64, local as f64)
}

/// KV-cache bytes of `seqs` sequences of `ctx` tokens each on `engine`.
///
/// `ctx` is per sequence. llama.cpp's `-c` is the total shared by its `-np` slots (so `-c` =
/// ctx x seqs gives each slot `ctx`), Ollama multiplies `num_ctx` by `OLLAMA_NUM_PARALLEL`, vLLM
/// pages blocks of 16 tokens for whatever sequences are live: in every case the cache holds
/// ctx x seqs tokens, which is what this returns (plus llama.cpp's padding).
pub fn kv_cache_bytes(
    shape: &KvShape,
    ctx: u64,
    seqs: u64,
    engine: Engine,
    c: &EngineConstants,
) -> f64 {
    let (g, l) = kv_cells(shape, ctx, engine, c);
    let state = shape.state_per_seq * state_elem_bytes(engine);
    (shape.global_per_token * g + shape.local_per_cell * l + state) * seqs as f64
}
