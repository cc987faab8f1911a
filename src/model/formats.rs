//! Weight bytes per format: dense formats by bits per element, weight-only quantisation with
//! 16-bit embeddings and head, and llama.cpp's GGUF mixtures computed tensor by tensor
//! (sizing-formulas.md §3 and Part B.1; rules from `ggml-org/llama.cpp@007dbbf3:src/llama-quant.cpp`,
//! `llama_tensor_get_type_impl` and `tensor_type_fallback`).

use super::arch::{ArchFamily, ModelArch};
use super::options::Quant;
use super::params::{tensors, Role, Tensor};
use super::Provenance;
pub use crate::words::memory::WeightBasis;

/// ggml tensor types with their block size and bytes per block (`ggml-common.h`).
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GgmlType {
    F32,
    F16,
    BF16,
    F64,
    I8,
    I16,
    I32,
    I64,
    Q4_0,
    Q4_1,
    Q5_0,
    Q5_1,
    Q8_0,
    Q8_1,
    Q2_K,
    Q3_K,
    Q4_K,
    Q5_K,
    Q6_K,
    Q8_K,
    IQ2_XXS,
    IQ2_XS,
    IQ2_S,
    IQ3_XXS,
    IQ3_S,
    IQ1_S,
    IQ1_M,
    IQ4_NL,
    IQ4_XS,
    TQ1_0,
    TQ2_0,
    MXFP4,
}

impl GgmlType {
    /// The type for a GGUF `ggml_type` id (`ggml.h` enum; removed ids 4, 5, 31-33, 36-38 are None).
    pub fn from_id(id: u32) -> Option<GgmlType> {
        use GgmlType::*;
        Some(match id {
            0 => F32,
            1 => F16,
            2 => Q4_0,
            3 => Q4_1,
            6 => Q5_0,
            7 => Q5_1,
            8 => Q8_0,
            9 => Q8_1,
            10 => Q2_K,
            11 => Q3_K,
            12 => Q4_K,
            13 => Q5_K,
            14 => Q6_K,
            15 => Q8_K,
            16 => IQ2_XXS,
            17 => IQ2_XS,
            18 => IQ3_XXS,
            19 => IQ1_S,
            20 => IQ4_NL,
            21 => IQ3_S,
            22 => IQ2_S,
            23 => IQ4_XS,
            24 => I8,
            25 => I16,
            26 => I32,
            27 => I64,
            28 => F64,
            29 => IQ1_M,
            30 => BF16,
            34 => TQ1_0,
            35 => TQ2_0,
            39 => MXFP4,
            _ => return None,
        })
    }
    /// (elements per block, bytes per block).
    pub fn block(self) -> (u64, u64) {
        use GgmlType::*;
        match self {
            F32 | I32 => (1, 4),
            F16 | BF16 | I16 => (1, 2),
            F64 | I64 => (1, 8),
            I8 => (1, 1),
            Q4_0 => (32, 18),
            Q4_1 => (32, 20),
            Q5_0 => (32, 22),
            Q5_1 => (32, 24),
            Q8_0 => (32, 34),
            Q8_1 => (32, 36),
            IQ4_NL => (32, 18),
            MXFP4 => (32, 17),
            Q2_K => (256, 84),
            Q3_K => (256, 110),
            Q4_K => (256, 144),
            Q5_K => (256, 176),
            Q6_K => (256, 210),
            Q8_K => (256, 292),
            IQ2_XXS => (256, 66),
            IQ2_XS => (256, 74),
            IQ2_S => (256, 82),
            IQ3_XXS => (256, 98),
            IQ3_S => (256, 110),
            IQ1_S => (256, 50),
            IQ1_M => (256, 56),
            IQ4_XS => (256, 136),
            TQ1_0 => (256, 54),
            TQ2_0 => (256, 66),
        }
    }
    /// Bits per weight.
    pub fn bits(self) -> f64 {
        let (b, s) = self.block();
        8.0 * s as f64 / b as f64
    }
    /// Bytes of a tensor of `elems` elements (rows of `ne0`), rounded to whole blocks per row.
    pub fn tensor_bytes(self, ne0: u64, elems: u64) -> f64 {
        let (b, s) = self.block();
        if ne0 == 0 || b == 1 {
            return elems as f64 * s as f64;
        }
        let rows = elems as f64 / ne0 as f64;
        rows * ne0.div_ceil(b) as f64 * s as f64
    }
    /// llama.cpp's `tensor_type_fallback`: a k-quant needs rows divisible by 256.
    fn fallback(self, ne0: u64) -> GgmlType {
        use GgmlType::*;
        let (b, _) = self.block();
        if ne0 == 0 || ne0 % b == 0 {
            return self;
        }
        let f = match self {
            IQ1_S | IQ1_M | IQ2_XXS | IQ2_XS | IQ2_S | IQ3_XXS | IQ3_S | IQ4_XS => IQ4_NL,
            Q2_K | Q3_K | TQ1_0 | TQ2_0 => Q4_0,
            Q4_K => Q5_0,
            Q5_K => Q5_1,
            Q6_K => Q8_0,
            _ => F16,
        };
        if ne0 % f.block().0 == 0 {
            f
        } else {
            F16
        }
    }
    /// Whether this is a quantised (block) type.
    pub fn is_quantized(self) -> bool {
        self.block().0 > 1
    }
}

/// The file rates measured on meta-llama/Llama-3.1-8B (`ggml-org/llama.cpp@311c2c9f:tools/quantize/README.md`,
/// sizing-formulas.md B.1), bits per weight over all parameters. Used for params-only models.
pub fn measured_llama8b_bpw(q: Quant) -> Option<f64> {
    Some(match q {
        Quant::Q2K => 3.1593,
        Quant::Q3KS => 3.6429,
        Quant::Q3KM => 3.9960,
        Quant::Q4KS => 4.6672,
        Quant::Q4KM => 4.8944,
        Quant::Q5KS => 5.5704,
        Quant::Q5KM => 5.7036,
        Quant::Q6K => 6.5633,
        Quant::Q8_0 => 8.5008,
        Quant::Iq4Xs => 4.4597,
        Quant::Iq3M => 3.7628,
        Quant::Iq2M => 2.9294,
        // Not in the measured table: the tensor-by-tensor rules give 4.64 on Llama-3.1-8B.
        Quant::Q4_0 => 4.64,
        _ => return None,
    })
}

/// Base type of a GGUF mixture (`llama_ftype_get_default_type`).
fn default_type(q: Quant) -> GgmlType {
    use GgmlType::*;
    match q {
        Quant::Q8_0 => Q8_0,
        Quant::Q6K => Q6_K,
        Quant::Q5KM | Quant::Q5KS => Q5_K,
        Quant::Q4KM | Quant::Q4KS => Q4_K,
        Quant::Q4_0 => Q4_0,
        Quant::Q3KM | Quant::Q3KS => Q3_K,
        Quant::Q2K => Q2_K,
        Quant::Iq4Xs => IQ4_XS,
        Quant::Iq3M => IQ3_S,
        Quant::Iq2M => IQ2_S,
        Quant::Fp32 => F32,
        _ => F16,
    }
}

/// What llama.cpp's rules look at besides the tensor.
struct GgufCtx {
    q: Quant,
    base: GgmlType,
    n_layer: u64,
    n_gqa: u64,
    n_expert: u64,
    is_70b: bool,
    tied: bool,
}

impl GgufCtx {
    fn new(a: &ModelArch, q: Quant) -> GgufCtx {
        let kvh = a.kv_heads().max(1);
        GgufCtx {
            q,
            base: default_type(q),
            n_layer: a.layers,
            n_gqa: a.heads / kvh,
            n_expert: if a.is_moe() { a.experts } else { 0 },
            // llama.cpp sets LLM_TYPE_70B for 80-layer Llama/Qwen2 models with GQA.
            is_70b: a.layers == 80 && a.family == ArchFamily::Dense && a.kv_heads() < a.heads,
            tied: a.tied && a.family != ArchFamily::GptOss,
        }
    }

    /// The type llama.cpp picks for one tensor in layer `i` (`umb` = use_more_bits(i, n)).
    fn pick(&self, t: &Tensor, i: u64, umb: bool) -> GgmlType {
        use GgmlType::*;
        let n = self.n_layer;
        let q = self.q;
        match t.role {
            Role::Vector | Role::Router | Role::PosEmbd | Role::TokenTypes => return F32,
            _ => {}
        }
        let base = self.base;
        if base == F16 || base == F32 {
            return base;
        }
        if t.role == Role::Output || (self.tied && t.role == Role::TokenEmbd) {
            let (qk, _) = base.block();
            return if t.ne0 % qk != 0 {
                Q8_0
            } else if q == Quant::Iq2M {
                Q5_K
            } else if base != Q8_0 {
                Q6_K
            } else {
                base
            };
        }
        if t.role == Role::TokenEmbd {
            return if q == Quant::Iq2M { IQ3_S } else { base };
        }
        let attn_v = matches!(t.role, Role::AttnV | Role::AttnKvB);
        if q == Quant::Iq2M {
            return if attn_v {
                if self.n_gqa >= 4 || self.n_expert >= 4 {
                    Q4_K
                } else {
                    IQ3_S
                }
            } else if self.n_expert == 8 && t.role == Role::AttnK {
                Q4_K
            } else if t.role == Role::FfnDown {
                if i < n / 8 {
                    IQ3_S
                } else {
                    base
                }
            } else if t.role == Role::AttnOutput {
                if self.n_expert == 8 {
                    Q5_K
                } else {
                    IQ3_S
                }
            } else {
                base
            };
        }
        if attn_v {
            let mut ty = match q {
                Quant::Q2K => {
                    if self.n_gqa >= 4 {
                        Q4_K
                    } else {
                        Q3_K
                    }
                }
                Quant::Iq3M => Q4_K,
                Quant::Q3KM => {
                    if i < 2 {
                        Q5_K
                    } else {
                        Q4_K
                    }
                }
                Quant::Iq4Xs if self.n_gqa >= 4 => Q5_K,
                Quant::Q4KM | Quant::Q5KM if umb => Q6_K,
                Quant::Q4KS if i < 4 => Q5_K,
                _ => base,
            };
            if self.is_70b && (ty == Q3_K || ty == Q4_K) {
                ty = Q5_K;
            }
            if self.n_expert == 8 {
                ty = Q8_0;
            }
            return ty;
        }
        match t.role {
            Role::AttnK if self.n_expert == 8 => Q8_0,
            Role::FfnDown => match q {
                Quant::Q2K => Q3_K,
                Quant::Q3KM => {
                    if i < n / 16 {
                        Q5_K
                    } else {
                        Q4_K
                    }
                }
                Quant::Iq3M if i < n / 8 || (self.n_expert == 8 && umb) => Q4_K,
                Quant::Q4KM if umb => Q6_K,
                // IQ4_XS without an importance matrix (as the measured README file was made).
                Quant::Iq4Xs if i < n / 8 => Q5_K,
                Quant::Q5KM if umb => Q6_K,
                Quant::Q4KS if i < n / 8 => Q5_K,
                _ => base,
            },
            Role::AttnOutput => {
                if self.n_expert == 8 {
                    match q {
                        Quant::Q2K
                        | Quant::Q3KS
                        | Quant::Q3KM
                        | Quant::Q4KS
                        | Quant::Q4KM
                        | Quant::Iq3M
                        | Quant::Iq4Xs => Q5_K,
                        _ => base,
                    }
                } else {
                    match q {
                        Quant::Q2K => Q3_K,
                        Quant::Q3KM | Quant::Iq3M => Q4_K,
                        _ => base,
                    }
                }
            }
            _ => base,
        }
    }

    /// Bytes of one inventory entry, splitting its layer range where the rules change type.
    fn bytes(&self, t: &Tensor) -> f64 {
        let one = |ty: GgmlType| ty.fallback(t.ne0).tensor_bytes(t.ne0, t.elems);
        if !t.per_layer || t.copies == 0 {
            return one(self.pick(t, 0, true)) * t.copies as f64;
        }
        let n = self.n_layer;
        let lo = t.first_layer;
        let hi = lo.saturating_add(t.copies);
        let (m_lo, m_hi) = (n / 8, 7u64.saturating_mul(n) / 8);
        let mut cuts = [lo, hi, 2, 4, n / 16, m_lo, m_hi];
        crate::order::sort(&mut cuts);
        let mut total = 0.0;
        let mut a = lo;
        for &c in cuts.iter().chain(std::iter::once(&hi)) {
            let b = c.clamp(lo, hi);
            if b <= a {
                continue;
            }
            let len = b - a;
            if a >= m_lo && b <= m_hi {
                // Middle layers: use_more_bits holds when (i - n/8) % 3 == 2.
                let k = (b - m_lo) / 3 - (a - m_lo) / 3;
                total += one(self.pick(t, a, true)) * k as f64;
                total += one(self.pick(t, a, false)) * (len - k) as f64;
            } else {
                total += one(self.pick(t, a, true)) * len as f64;
            }
            a = b;
        }
        total
    }
}

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

pub(crate) fn weight_bytes_of(a: &ModelArch, q: Quant, ts: &[Tensor]) -> WeightBytes {
    let layers = a.layers.max(1) as f64;
    if a.family == ArchFamily::ParamsOnly {
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
        return WeightBytes {
            total: finite(total),
            low: finite(low.min(total)),
            high: finite(high.max(total)),
            embedding_lookup: 0.0,
            head: 0.0,
            experts_total: 0.0,
            per_layer: finite(total / layers),
            provenance: prov,
            basis,
        };
    }
    let mut total = 0.0;
    let mut emb = 0.0;
    let mut head = 0.0;
    let mut experts = 0.0;
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
    if let Some(fb) = a.file_weight_bytes {
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
            provenance: Provenance::Exact,
            basis: WeightBasis::GgufFile,
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
