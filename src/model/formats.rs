//! Weight bytes per format: dense formats by bits per element, weight-only quantisation with
//! 16-bit embeddings and head, and llama.cpp's GGUF mixtures computed tensor by tensor
//! (`gguf_mix.rs`; `docs/sizing-formulas.md` §3 and Part B.1).

use super::arch::{ArchFamily, ModelArch};
pub use super::ggml::GgmlType;
pub use super::gguf_mix::measured_llama8b_bpw;
use super::gguf_mix::GgufCtx;
use super::options::Quant;
use super::params::{tensors, Role, Tensor};
use super::Provenance;
pub use crate::words::memory::WeightBasis;

/// Bytes per element of a linear-layer weight in a non-GGUF format.
fn linear_bytes_per_elem(q: Quant, ne0: u64) -> f64 {
    match q {
        Quant::Fp32 => 4.0,
        Quant::Bf16 | Quant::Fp16 => 2.0,
        // E4M3 with one fp32 scale per 128x128 block (DeepSeek-V3 checkpoint layout): 8.002 bits.
        Quant::Fp8 => 1.0 + 4.0 / 16384.0,
        // One fp16 scale per output row.
        Quant::Int8 => 1.0 + 2.0 / ne0.max(1) as f64,
        // b + (16 + b)/g bits with b = 4, g = 128: packed int4, fp16 scales, packed zeros.
        Quant::Awq4 | Quant::Gptq4 => (4.0 + 20.0 / 128.0) / 8.0,
        // NF4 with double quantisation (QLoRA paper): 4 + 8/64 + 32/(64*256) bits.
        Quant::Nf4 => (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0,
        // OCP MX: 32 FP4 values share one 8-bit scale: 4.25 bits.
        Quant::Mxfp4 => 4.25 / 8.0,
        // 16-element micro-blocks with an FP8 scale: 4.5 bits (+ a per-tensor fp32 scale).
        Quant::Nvfp4 => 4.5 / 8.0,
        _ => 2.0,
    }
}

/// Weight bytes of a model in a format, with what the speed model needs.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightBytes {
    pub total: f64,
    pub low: f64,
    pub high: f64,
    /// The input embedding when it is not also the head: looked up, not streamed per token.
    pub embedding_lookup: f64,
    /// The LM head (or the tied embedding that serves as head): held by the last pipeline stage.
    pub head: f64,
    /// Bytes of routed-expert tensors (all experts).
    pub experts_total: f64,
    /// Bytes of one transformer layer on average (for llama.cpp/Ollama layer buffers).
    pub per_layer: f64,
    /// Bytes of the towers loaded beside the language model (vision, audio), within `total`:
    /// the memory breakdown shows them as their own term.
    pub towers: f64,
    pub provenance: Provenance,
    pub basis: WeightBasis,
}

/// Whether quant `q` on this model means the gpt-oss style native mix (MXFP4 experts, BF16 rest).
fn mixed_mxfp4(a: &ModelArch, q: Quant) -> bool {
    q == Quant::Mxfp4 && a.is_moe()
}

/// Weight bytes of `a` stored as `q`.
pub fn weight_bytes(a: &ModelArch, q: Quant) -> WeightBytes {
    let ts = tensors(a);
    weight_bytes_of(a, q, &ts)
}

/// Weight bytes of a bare parameter count: at the rate measured on Llama-3.1-8B where there is
/// one, else at the format's bits per weight.
fn params_only_weight_bytes(a: &ModelArch, q: Quant) -> WeightBytes {
    let layers = a.layers.max(1) as f64;
    let p = a.params.unwrap_or(0) as f64;
    let (bpw, prov, basis) = if let Some(b) = measured_llama8b_bpw(q) {
        let basis = WeightBasis::MeasuredRate {
            params: p,
            bits: b,
            quant: q.id(),
        };
        (b, Provenance::Empirical, basis)
    } else {
        let b = linear_bytes_per_elem(q, 4096) * 8.0;
        let basis = WeightBasis::BareCount { params: p, bits: b };
        (b, Provenance::Heuristic, basis)
    };
    let total = p * bpw / 8.0;
    let (low, high) = if q.is_gguf() || matches!(q, Quant::Fp32 | Quant::Bf16 | Quant::Fp16) {
        (total * 0.97, total * 1.05)
    } else {
        (total, p * 2.0_f64.min(bpw / 8.0 * 1.3))
    };
    WeightBytes {
        total: finite(total),
        low: finite(low.min(total)),
        high: finite(high.max(total)),
        embedding_lookup: 0.0,
        head: 0.0,
        experts_total: 0.0,
        per_layer: finite(total / layers),
        provenance: prov,
        towers: 0.0,
        basis,
    }
}

/// Weight bytes of `a` stored as `q`, from its tensor inventory `ts`.
pub(crate) fn weight_bytes_of(a: &ModelArch, q: Quant, ts: &[Tensor]) -> WeightBytes {
    if a.family == ArchFamily::ParamsOnly {
        return params_only_weight_bytes(a, q);
    }
    let layers = a.layers.max(1) as f64;
    let mut total = 0.0;
    let mut emb = 0.0;
    let mut head = 0.0;
    let mut experts = 0.0;
    let mut towers = 0.0;
    let ctx = if q.is_gguf() {
        Some(GgufCtx::new(a, q))
    } else {
        None
    };
    let mixed = mixed_mxfp4(a, q);
    for t in ts {
        let b = if let Some(g) = &ctx {
            g.bytes(t)
        } else {
            let elems = t.params() as f64;
            match q {
                Quant::Fp32 => elems * 4.0,
                Quant::Bf16 | Quant::Fp16 => elems * 2.0,
                // Expert weight matrices MXFP4; their bias vectors stay BF16 like everything else.
                _ if mixed => {
                    elems
                        * if t.experts > 0 && t.role != Role::Vector {
                            4.25 / 8.0
                        } else {
                            2.0
                        }
                }
                _ if t.is_quantisable_linear() => elems * linear_bytes_per_elem(q, t.ne0),
                _ => elems * 2.0,
            }
        };
        let tied_head = a.tied && a.family != ArchFamily::GptOss;
        if t.role == Role::TokenEmbd && !tied_head {
            emb += b;
        }
        if t.role == Role::Output || (t.role == Role::TokenEmbd && tied_head) {
            head += b;
        }
        if t.experts > 0 && t.role != Role::Vector {
            experts += b;
        }
        if t.role == Role::Extra {
            towers += b;
        }
        total += b;
    }
    let basis = match q {
        _ if q.is_gguf() => WeightBasis::Gguf { quant: q.id() },
        _ if mixed => WeightBasis::NativeMxfp4,
        Quant::Fp32 => WeightBasis::Float { bytes: 4 },
        Quant::Bf16 | Quant::Fp16 => WeightBasis::Float { bytes: 2 },
        _ => WeightBasis::Linear {
            bits: linear_bytes_per_elem(q, 4096) * 8.0,
            quant: q.id(),
        },
    };
    let total = finite(total);
    // Exact bytes read from a file: a GGUF's tensors, or the safetensors checkpoint when the
    // weights are in its own format.
    let exact = a.file_weight_bytes.map(|b| (b, WeightBasis::GgufFile)).or(
        match (a.checkpoint_bytes, a.checkpoint_format) {
            (Some(b), Some(f)) if f == q => {
                Some((b, WeightBasis::CheckpointFile { quant: q.id() }))
            }
            _ => None,
        },
    );
    if let Some((fb, file_basis)) = exact {
        let f = fb as f64;
        return WeightBytes {
            total: f,
            low: f,
            high: f,
            embedding_lookup: if total > 0.0 { emb * f / total } else { 0.0 },
            head: if total > 0.0 { head * f / total } else { 0.0 },
            experts_total: if total > 0.0 {
                experts * f / total
            } else {
                0.0
            },
            per_layer: f / layers,
            towers: finite(towers).min(f),
            provenance: Provenance::Exact,
            basis: file_basis,
        };
    }
    WeightBytes {
        total,
        low: total,
        high: total,
        embedding_lookup: finite(emb),
        head: finite(head),
        experts_total: finite(experts),
        per_layer: finite((total - emb) / layers),
        towers: finite(towers),
        provenance: Provenance::Exact,
        basis,
    }
}

/// Clamp a figure to a finite, non-negative value.
pub(crate) fn finite(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        0.0
    } else if x.is_infinite() {
        f64::MAX / 1e6
    } else {
        x
    }
}
