//! GGUF header reader: the first bytes of a `.gguf` file (the browser reads them with
//! `File.slice`, nothing is uploaded) give the metadata and every tensor's name, shape and real
//! type, hence the exact weight bytes. Pure: takes `&[u8]`, never panics, and says how many
//! bytes it needs when the buffer ends before the tensor table does.
//!
//! Layout (GGUF v2/v3, `ggml/docs/gguf.md`): magic `GGUF`, u32 version, u64 tensor count, u64
//! metadata count, metadata key/value pairs, then per tensor: name, u32 n_dims, u64 dims,
//! u32 ggml type, u64 offset. Little-endian.
//!
//! Warnings and errors are typed values of [`crate::words::gguf`], which writes them in English
//! or Spanish (`sentence(lang)` / `message(lang)`).

use super::arch::{ArchFamily, ModelArch};
use super::formats::GgmlType;
pub use crate::words::gguf::{GgufError, GgufWarning, HeaderPart, Malformed};
use std::collections::HashMap;

/// One tensor of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct GgufTensor {
    pub name: String,
    /// ggml `ne`: dims[0] is the row length.
    pub dims: Vec<u64>,
    pub ggml_type: u32,
    /// Known type (None for a type id this reader does not know).
    pub kind: Option<GgmlType>,
    pub elements: u64,
    /// Bytes of the tensor data (0 when the type is unknown).
    pub bytes: u64,
}

/// A metadata value kept by the reader (arrays are summarised by their length).
#[derive(Clone, Debug, PartialEq)]
pub enum MetaValue {
    Int(i128),
    Float(f64),
    Bool(bool),
    Str(String),
    /// An array: element type id, length, and the integers when it holds numbers (<= 4096).
    Array {
        elem_type: u32,
        len: u64,
        ints: Vec<i128>,
    },
}

/// What the header says.
#[derive(Clone, Debug, PartialEq)]
pub struct GgufInfo {
    pub version: u32,
    /// `general.architecture` (`llama`, `qwen2`, `deepseek2`, `gpt-oss`, ...).
    pub architecture: String,
    pub metadata: HashMap<String, MetaValue>,
    pub tensors: Vec<GgufTensor>,
    /// Sum of the tensor sizes at their real types.
    pub weight_bytes: u64,
    /// Sum of the tensor elements.
    pub params: u64,
    /// Architecture fields found, with `file_weight_bytes` set to `weight_bytes`.
    pub arch: ModelArch,
    /// Fields that could not be read, unknown tensor types.
    pub warnings: Vec<GgufWarning>,
    /// Where the tensor table ends: the header needs these many bytes.
    pub header_bytes: u64,
}

struct Cursor<'a> {
    buf: &'a [u8],
    pos: usize,
    what: HeaderPart,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: u64) -> Result<&'a [u8], GgufError> {
        let have = self.buf.len() as u64;
        let end = (self.pos as u64).saturating_add(n);
        if end > have {
            return Err(GgufError::Truncated {
                have,
                needed: end,
                what: self.what.clone(),
            });
        }
        let s = &self.buf[self.pos..end as usize];
        self.pos = end as usize;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, GgufError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, GgufError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64, GgufError> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    fn string(&mut self) -> Result<String, GgufError> {
        let n = self.u64()?;
        let b = self.take(n)?;
        Ok(String::from_utf8_lossy(b).into_owned())
    }
    fn skip_string(&mut self) -> Result<(), GgufError> {
        let n = self.u64()?;
        self.take(n).map(|_| ())
    }
}

/// Size of a scalar metadata type, or None for string/array.
fn scalar_size(t: u32) -> Option<u64> {
    match t {
        0 | 1 | 7 => Some(1),
        2 | 3 => Some(2),
        4..=6 => Some(4),
        10..=12 => Some(8),
        _ => None,
    }
}

fn read_scalar(c: &mut Cursor, t: u32) -> Result<MetaValue, GgufError> {
    Ok(match t {
        0 => MetaValue::Int(c.u8()? as i128),
        1 => MetaValue::Int(c.u8()? as i8 as i128),
        2 => {
            let b = c.take(2)?;
            MetaValue::Int(u16::from_le_bytes([b[0], b[1]]) as i128)
        }
        3 => {
            let b = c.take(2)?;
            MetaValue::Int(i16::from_le_bytes([b[0], b[1]]) as i128)
        }
        4 => MetaValue::Int(c.u32()? as i128),
        5 => MetaValue::Int(c.u32()? as i32 as i128),
        6 => MetaValue::Float(f32::from_bits(c.u32()?) as f64),
        7 => MetaValue::Bool(c.u8()? != 0),
        10 => MetaValue::Int(c.u64()? as i128),
        11 => MetaValue::Int(c.u64()? as i64 as i128),
        12 => MetaValue::Float(f64::from_bits(c.u64()?)),
        8 => MetaValue::Str(c.string()?),
        other => return Err(GgufError::Invalid(Malformed::UnknownValueType(other))),
    })
}

fn read_value(c: &mut Cursor, t: u32) -> Result<MetaValue, GgufError> {
    if t != 9 {
        return read_scalar(c, t);
    }
    let et = c.u32()?;
    let len = c.u64()?;
    let remaining = (c.buf.len() - c.pos) as u64;
    if let Some(sz) = scalar_size(et) {
        let bytes = len.saturating_mul(sz);
        if len <= 4096 {
            let mut ints = Vec::with_capacity(len as usize);
            for _ in 0..len {
                match read_scalar(c, et)? {
                    MetaValue::Int(i) => ints.push(i),
                    MetaValue::Float(f) => ints.push(f as i128),
                    MetaValue::Bool(b) => ints.push(b as i128),
                    _ => {}
                }
            }
            return Ok(MetaValue::Array {
                elem_type: et,
                len,
                ints,
            });
        }
        c.take(bytes)?;
        return Ok(MetaValue::Array {
            elem_type: et,
            len,
            ints: Vec::new(),
        });
    }
    match et {
        8 => {
            // Each string has at least its 8-byte length.
            if len.saturating_mul(8) > remaining {
                let needed = (c.pos as u64).saturating_add(len.saturating_mul(8));
                return Err(GgufError::Truncated {
                    have: c.buf.len() as u64,
                    needed,
                    what: c.what.clone(),
                });
            }
            for _ in 0..len {
                c.skip_string()?;
            }
            Ok(MetaValue::Array {
                elem_type: et,
                len,
                ints: Vec::new(),
            })
        }
        9 => {
            if len > remaining {
                return Err(GgufError::Invalid(Malformed::NestedArrayTooLong));
            }
            for _ in 0..len {
                let _ = read_value(c, 9)?;
            }
            Ok(MetaValue::Array {
                elem_type: et,
                len,
                ints: Vec::new(),
            })
        }
        other => Err(GgufError::Invalid(Malformed::UnknownArrayElementType(
            other,
        ))),
    }
}

fn int_of(m: &HashMap<String, MetaValue>, key: &str) -> Option<u64> {
    match m.get(key)? {
        MetaValue::Int(i) if *i >= 0 => Some((*i).min(u64::MAX as i128) as u64),
        MetaValue::Float(f) if *f >= 0.0 => Some(*f as u64),
        // Per-layer arrays (head counts, FFN widths): the largest value.
        MetaValue::Array { ints, .. } if !ints.is_empty() => {
            ints.iter().copied().max().map(|v| v.max(0) as u64)
        }
        _ => None,
    }
}

/// One entry of the tensor table: name, dimensions, type and (skipped) offset; its bytes are 0
/// when the type is unknown.
fn read_tensor(c: &mut Cursor) -> Result<GgufTensor, GgufError> {
    let name = c.string()?;
    let nd = c.u32()?;
    if nd > 8 {
        return Err(GgufError::Invalid(Malformed::TooManyDimensions {
            tensor: name,
            dims: nd,
        }));
    }
    let mut dims = Vec::with_capacity(nd as usize);
    for _ in 0..nd {
        dims.push(c.u64()?);
    }
    let ty = c.u32()?;
    let _offset = c.u64()?;
    let elements = dims.iter().fold(1u64, |a, d| a.saturating_mul(*d));
    let kind = GgmlType::from_id(ty);
    let bytes = kind.map_or(0, |k| {
        let b = k.tensor_bytes(dims.first().copied().unwrap_or(1), elements);
        if b.is_finite() && b < u64::MAX as f64 {
            b as u64
        } else {
            u64::MAX
        }
    });
    Ok(GgufTensor {
        name,
        dims,
        ggml_type: ty,
        kind,
        elements,
        bytes,
    })
}

/// Reads the header from the first bytes of a GGUF file.
pub fn read_header(buf: &[u8]) -> Result<GgufInfo, GgufError> {
    let mut c = Cursor {
        buf,
        pos: 0,
        what: HeaderPart::FileHeader,
    };
    if buf.len() >= 4 && &buf[..4] != b"GGUF" {
        return Err(GgufError::NotGguf);
    }
    c.take(4)?;
    let version = c.u32()?;
    if !(2..=3).contains(&version) {
        return Err(GgufError::UnsupportedVersion(version));
    }
    let n_tensors = c.u64()?;
    let n_kv = c.u64()?;
    if n_tensors > 10_000_000 || n_kv > 10_000_000 {
        return Err(GgufError::Invalid(Malformed::ImplausibleCounts {
            tensors: n_tensors,
            metadata: n_kv,
        }));
    }
    let mut metadata = HashMap::new();
    for i in 0..n_kv {
        c.what = HeaderPart::MetadataEntry {
            index: i + 1,
            count: n_kv,
        };
        let key = c.string()?;
        c.what = HeaderPart::MetadataValue { key: key.clone() };
        let t = c.u32()?;
        let v = read_value(&mut c, t)?;
        metadata.insert(key, v);
    }
    let mut tensors = Vec::with_capacity(n_tensors.min(100_000) as usize);
    let mut warnings = Vec::new();
    let mut weight_bytes = 0u64;
    let mut params = 0u64;
    for i in 0..n_tensors {
        c.what = HeaderPart::TensorInfo {
            index: i + 1,
            count: n_tensors,
        };
        let t = read_tensor(&mut c)?;
        if t.kind.is_none() {
            warnings.push(GgufWarning::UnknownTensorType {
                tensor: t.name.clone(),
                ggml_type: t.ggml_type,
            });
        }
        weight_bytes = weight_bytes.saturating_add(t.bytes);
        params = params.saturating_add(t.elements);
        tensors.push(t);
    }
    let header_bytes = c.pos as u64;
    let architecture = match metadata.get("general.architecture") {
        Some(MetaValue::Str(s)) => s.clone(),
        _ => {
            warnings.push(GgufWarning::NoArchitecture);
            String::new()
        }
    };
    let arch = arch_from(
        &architecture,
        &metadata,
        &tensors,
        weight_bytes,
        params,
        &mut warnings,
    );
    Ok(GgufInfo {
        version,
        architecture,
        metadata,
        tensors,
        weight_bytes,
        params,
        arch,
        warnings,
        header_bytes,
    })
}

fn arch_from(
    name: &str,
    m: &HashMap<String, MetaValue>,
    tensors: &[GgufTensor],
    weight_bytes: u64,
    params: u64,
    warnings: &mut Vec<GgufWarning>,
) -> ModelArch {
    let k = |s: &str| format!("{name}.{s}");
    let get = |s: &str| int_of(m, &k(s));
    let mut a = ModelArch {
        id: "custom".into(),
        name: match m.get("general.name") {
            Some(MetaValue::Str(s)) => s.clone(),
            _ => format!("GGUF {name}"),
        },
        source: "GGUF header".into(),
        file_weight_bytes: Some(weight_bytes),
        official_params: Some(params),
        ..ModelArch::default()
    };
    let need = |key: &str, warnings: &mut Vec<GgufWarning>| -> u64 {
        match get(key) {
            Some(v) => v,
            None => {
                warnings.push(GgufWarning::FieldMissing { key: k(key) });
                0
            }
        }
    };
    a.layers = need("block_count", warnings);
    a.hidden = need("embedding_length", warnings);
    a.heads = need("attention.head_count", warnings);
    a.kv_heads = get("attention.head_count_kv").unwrap_or(a.heads);
    a.ffn = get("feed_forward_length").unwrap_or(0);
    a.max_position = get("context_length").unwrap_or(0);
    a.vocab = get("vocab_size")
        .or_else(|| match m.get("tokenizer.ggml.tokens") {
            Some(MetaValue::Array { len, .. }) => Some(*len),
            _ => None,
        })
        .or_else(|| {
            tensors
                .iter()
                .find(|t| t.name == "token_embd.weight")
                .and_then(|t| t.dims.get(1).copied())
        })
        .unwrap_or(0);
    let key_len = get("attention.key_length");
    let experts = get("expert_count").unwrap_or(0);
    a.tied = !tensors.iter().any(|t| t.name == "output.weight");
    a.family = match name {
        "deepseek2" | "deepseek3" | "deepseek32" => ArchFamily::DeepseekMla,
        "qwen3next" => ArchFamily::HybridLinear,
        "gpt-oss" | "gpt_oss" => ArchFamily::GptOss,
        "bert" | "nomic-bert" | "jina-bert-v2" => ArchFamily::Encoder,
        _ if experts > 1 => ArchFamily::Moe,
        _ => ArchFamily::Dense,
    };
    if experts > 1 {
        a.experts = experts;
        a.experts_active = get("expert_used_count").unwrap_or(0);
        a.moe_ffn = get("expert_feed_forward_length").unwrap_or(a.ffn);
        a.shared_experts = get("expert_shared_count").unwrap_or(0);
        a.first_dense_layers = get("leading_dense_block_count").unwrap_or(0);
    }
    if a.family == ArchFamily::DeepseekMla {
        a.kv_lora_rank = get("attention.kv_lora_rank").unwrap_or(0);
        a.q_lora_rank = get("attention.q_lora_rank").unwrap_or(0);
        a.rope_dim = get("rope.dimension_count").unwrap_or(64);
        a.qk_nope_dim = key_len.unwrap_or(192).saturating_sub(a.rope_dim);
        a.v_head_dim = get("attention.value_length").unwrap_or(a.qk_nope_dim);
        if a.kv_lora_rank == 0 {
            warnings.push(GgufWarning::KvLoraRankMissing {
                key: k("attention.kv_lora_rank"),
            });
        }
    } else if let Some(d) = key_len {
        if a.heads > 0 && d.checked_mul(a.heads) != Some(a.hidden) {
            a.head_dim = Some(d);
        }
    }
    if let Some(w) = get("attention.sliding_window") {
        a.window = w;
        a.swa_period = get("attention.sliding_window_pattern").unwrap_or(
            if name == "gemma2" || name == "gpt-oss" {
                2
            } else if name.starts_with("gemma3") {
                6
            } else {
                0
            },
        );
    }
    later_architectures(name, &get, &mut a);
    state_space_and_sharing(name, m, &get, &mut a);
    // Phi-3 family: q, k and v in one `attn_qkv` tensor, gate and up in one `ffn_up` of 2 x ffn
    // (no `ffn_gate`).
    a.fused_qkv = tensors.iter().any(|t| t.name.ends_with(".attn_qkv.weight"));
    a.fused_gate_up = name == "phi3" && !tensors.iter().any(|t| t.name.contains(".ffn_gate."));
    if name == "qwen2" {
        a.qkv_bias = true;
    }
    if matches!(name, "qwen3" | "qwen3moe" | "gemma3") {
        a.qk_norm = true;
    }
    if name.starts_with("gemma2") || name.starts_with("gemma3") {
        a.norms_per_layer = 4;
    }
    if a.family == ArchFamily::Encoder {
        a.token_types = get("token_type_count").unwrap_or(2);
        a.max_position = a.max_position.max(512);
    }
    a
}

/// Hybrid state-space models as llama.cpp writes them (`granitehybrid`, `bamba`): a per-layer
/// `attention.head_count_kv` that is 0 on the Mamba layers, and the Mamba-2 shape in `ssm.*`
/// (`ssm.inner_size` = heads x head size, `ssm.time_step_rank` = heads, `ssm.state_size`,
/// `ssm.group_count`, `ssm.conv_kernel`); Granite's shared MLP (`expert_shared_feed_forward_length`);
/// Gemma-3n's KV sharing (`attention.shared_kv_layers`) and per-layer embeddings
/// (`embedding_length_per_layer_input`); the MoE step of ERNIE-4.5 and others.
fn state_space_and_sharing(
    name: &str,
    m: &HashMap<String, MetaValue>,
    get: &dyn Fn(&str) -> Option<u64>,
    a: &mut ModelArch,
) {
    if a.moe_layer_step == 0 {
        a.moe_layer_step = get("interleave_moe_layer_step")
            .filter(|s| *s > 1)
            .unwrap_or(0);
    }
    if let Some(shared) = get("expert_shared_feed_forward_length") {
        if a.experts > 1 && a.moe_ffn > 0 && shared % a.moe_ffn == 0 {
            a.shared_experts = shared / a.moe_ffn;
        }
    }
    a.kv_shared_layers = get("attention.shared_kv_layers").unwrap_or(0);
    a.ple_dim = get("embedding_length_per_layer_input").unwrap_or(0);
    if a.family == ArchFamily::HybridLinear {
        return;
    }
    let kv_per_layer = match m.get(&format!("{name}.attention.head_count_kv")) {
        Some(MetaValue::Array { ints, .. }) => ints.clone(),
        _ => Vec::new(),
    };
    let mamba = kv_per_layer.iter().filter(|h| **h == 0).count() as u64;
    let inner = get("ssm.inner_size").unwrap_or(0);
    if mamba == 0 || inner == 0 {
        return;
    }
    a.mamba_layers = mamba;
    a.mamba_heads = get("ssm.time_step_rank").unwrap_or(0);
    a.mamba_head_dim = inner.checked_div(a.mamba_heads).unwrap_or(0);
    a.mamba_state = get("ssm.state_size").unwrap_or(0);
    a.mamba_groups = get("ssm.group_count").unwrap_or(1);
    a.mamba_conv = get("ssm.conv_kernel").unwrap_or(4);
}

/// Keys of the 2025 architectures (`ggml-org/llama.cpp@00395eb2:src/llama-arch.cpp`): NextN
/// (multi-token-prediction) layers counted in `block_count`, Llama 4's
/// MoE interleave (its chunk of 8,192 on three layers of four is fixed in llama.cpp's loader,
/// not a key), the DeepSeek-V3.2 indexer, and Qwen3-Next's Gated DeltaNet written as `ssm.*`
/// (`convert_hf_to_gguf.py`: conv kernel, state size = key head size, group count = key heads,
/// time-step rank = value heads, inner size = value heads x value head size).
fn later_architectures(name: &str, get: &dyn Fn(&str) -> Option<u64>, a: &mut ModelArch) {
    // GLM-4.5, DeepSeek-V3.2, Qwen3.5 and others count their multi-token-prediction layers in
    // `block_count` and say how many in `nextn_predict_layers` (llama.cpp: "92 layers + 1
    // NextN layer"); the model runs and caches the others.
    let nextn = get("nextn_predict_layers").unwrap_or(0);
    if nextn > 0 && nextn < a.layers {
        a.layers -= nextn;
        a.mtp_layers = nextn;
    }
    if name == "llama4" {
        a.attention_chunk = 8192;
        a.swa_period = 4;
        a.moe_layer_step = get("interleave_moe_layer_step").unwrap_or(0);
        if a.experts > 1 {
            a.shared_experts = a.shared_experts.max(1);
        }
    }
    if a.family == ArchFamily::DeepseekMla {
        a.index_heads = get("attention.indexer.head_count").unwrap_or(0);
        a.index_head_dim = get("attention.indexer.key_length").unwrap_or(0);
    }
    if a.family == ArchFamily::HybridLinear {
        a.full_attention_interval = get("full_attention_interval").unwrap_or(4);
        a.linear_conv_kernel = get("ssm.conv_kernel").unwrap_or(4);
        a.linear_key_dim = get("ssm.state_size").unwrap_or(0);
        a.linear_key_heads = get("ssm.group_count").unwrap_or(0);
        a.linear_value_heads = get("ssm.time_step_rank").unwrap_or(0);
        a.linear_value_dim = get("ssm.inner_size")
            .unwrap_or(0)
            .checked_div(a.linear_value_heads)
            .unwrap_or(0);
        a.qk_norm = true;
    }
}
