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
    /// Bytes per cached cell over all sliding-window layers together.
    pub local_per_cell: f64,
    /// Sliding window, tokens (0: none).
    pub window: u64,
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
        self.global_per_token * t + self.local_per_cell * local
    }
    /// Whether the model caches anything at all (encoders do not).
    pub fn is_empty(&self) -> bool {
        self.global_per_token <= 0.0 && self.local_per_cell <= 0.0
    }
}

/// The KV-cache shape of `a` with elements of type `kv`.
pub fn kv_shape(a: &ModelArch, kv: KvType) -> KvShape {
    let e = kv_elem_bytes(kv);
    match a.family {
        ArchFamily::Encoder => KvShape {
            global_per_token: 0.0,
            local_per_cell: 0.0,
            window: 0,
            kv_heads: 0,
            provenance: Provenance::Exact,
        },
        ArchFamily::DeepseekMla => {
            // The compressed latent c_KV plus the head-shared rope key, one "head" per layer.
            let per_layer = (a.kv_lora_rank as f64 + a.rope_dim as f64) * e;
            KvShape {
                global_per_token: a.layers as f64 * per_layer,
                local_per_cell: 0.0,
                window: 0,
                kv_heads: 0,
                provenance: Provenance::Exact,
            }
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
                kv_heads: 8,
                provenance: Provenance::Heuristic,
            }
        }
        _ => {
            let per_layer = 2.0 * a.kv_heads() as f64 * a.head_dim() as f64 * e;
            KvShape {
                global_per_token: a.global_layers() as f64 * per_layer,
                local_per_cell: a.local_layers() as f64 * per_layer,
                window: if a.local_layers() > 0 { a.window } else { 0 },
                kv_heads: a.kv_heads(),
                provenance: Provenance::Exact,
            }
        }
    }
}

/// KV bytes per token as the report shows it: full-attention layers at the chosen element type
/// (sliding-window layers add a fixed amount per sequence, not per token).
pub fn kv_bytes_per_token(a: &ModelArch, kv: KvType) -> f64 {
    kv_shape(a, kv).global_per_token
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
    (shape.global_per_token * g + shape.local_per_cell * l) * seqs as f64
}
