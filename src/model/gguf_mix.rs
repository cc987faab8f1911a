//! llama.cpp's GGUF mixtures (`Q4_K_M`, `IQ2_M`, ...): the type llama.cpp gives each tensor, layer
//! by layer, and the bytes that makes (rules from `ggml-org/llama.cpp@007dbbf3:src/llama-quant.cpp`,
//! `llama_tensor_get_type_impl` and `tensor_type_fallback`; `docs/sizing-formulas.md` Part B.1).

use super::arch::{ArchFamily, ModelArch};
use super::ggml::GgmlType;
use super::options::Quant;
use super::params::{Role, Tensor};

/// The file rates measured on meta-llama/Llama-3.1-8B (`ggml-org/llama.cpp@311c2c9f:tools/quantize/README.md`,
/// `docs/sizing-formulas.md` B.1), bits per weight over all parameters. Used for params-only models.
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
pub(super) struct GgufCtx {
    q: Quant,
    base: GgmlType,
    n_layer: u64,
    n_gqa: u64,
    n_expert: u64,
    is_70b: bool,
    tied: bool,
}

impl GgufCtx {
    pub(super) fn new(a: &ModelArch, q: Quant) -> GgufCtx {
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
        match t.role {
            Role::Vector | Role::Router | Role::PosEmbd | Role::TokenTypes => return F32,
            // A vision tower ships in its own file (mmproj), kept 16-bit.
            Role::Extra => return F16,
            _ => {}
        }
        let base = self.base;
        if base == F16 || base == F32 {
            return base;
        }
        if t.role == Role::Output || (self.tied && t.role == Role::TokenEmbd) {
            return self.head_type(t);
        }
        if t.role == Role::TokenEmbd {
            return if self.q == Quant::Iq2M { IQ3_S } else { base };
        }
        // `category_is_attn_v`: a fused QKV tensor takes the value projection's rules (at this
        // commit the categorised rules reach `attn_v` first; llama.cpp before the categories gave
        // `attn_qkv` Q5_K under Q4_K_M, Q6_K under Q5_K_M, about the same bytes).
        let attn_v = matches!(t.role, Role::AttnV | Role::AttnKvB | Role::AttnQkv);
        if self.q == Quant::Iq2M {
            self.iq2m_type(t, i, attn_v)
        } else if attn_v {
            self.attn_v_type(i, umb)
        } else {
            self.layer_type(t, i, umb)
        }
    }

    /// The output head (or the tied embedding serving as head).
    fn head_type(&self, t: &Tensor) -> GgmlType {
        use GgmlType::*;
        let (qk, _) = self.base.block();
        if t.ne0 % qk != 0 {
            Q8_0
        } else if self.q == Quant::Iq2M {
            Q5_K
        } else if self.base != Q8_0 {
            Q6_K
        } else {
            self.base
        }
    }

    /// A layer tensor of an IQ2_M mixture.
    fn iq2m_type(&self, t: &Tensor, i: u64, attn_v: bool) -> GgmlType {
        use GgmlType::*;
        if attn_v {
            if self.n_gqa >= 4 || self.n_expert >= 4 {
                Q4_K
            } else {
                IQ3_S
            }
        } else if self.n_expert == 8 && t.role == Role::AttnK {
            Q4_K
        } else if t.role == Role::FfnDown {
            if i < self.n_layer / 8 {
                IQ3_S
            } else {
                self.base
            }
        } else if t.role == Role::AttnOutput {
            if self.n_expert == 8 {
                Q5_K
            } else {
                IQ3_S
            }
        } else {
            self.base
        }
    }

    /// The attention value projection (or MLA's `kv_b`) in layer `i`.
    fn attn_v_type(&self, i: u64, umb: bool) -> GgmlType {
        use GgmlType::*;
        let mut ty = match self.q {
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
            _ => self.base,
        };
        if self.is_70b && (ty == Q3_K || ty == Q4_K) {
            ty = Q5_K;
        }
        if self.n_expert == 8 {
            ty = Q8_0;
        }
        ty
    }

    /// Any other tensor of layer `i`: the key projection of an 8-expert model, the FFN down
    /// projection and the attention output get more bits in some mixtures.
    fn layer_type(&self, t: &Tensor, i: u64, umb: bool) -> GgmlType {
        use GgmlType::*;
        let (n, q, base) = (self.n_layer, self.q, self.base);
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
            Role::AttnOutput if self.n_expert == 8 => match q {
                Quant::Q2K
                | Quant::Q3KS
                | Quant::Q3KM
                | Quant::Q4KS
                | Quant::Q4KM
                | Quant::Iq3M
                | Quant::Iq4Xs => Q5_K,
                _ => base,
            },
            Role::AttnOutput => match q {
                Quant::Q2K => Q3_K,
                Quant::Q3KM | Quant::Iq3M => Q4_K,
                _ => base,
            },
            _ => base,
        }
    }

    /// Bytes of one inventory entry, splitting its layer range where the rules change type.
    pub(super) fn bytes(&self, t: &Tensor) -> f64 {
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
