//! The exact size of a safetensors checkpoint: its `model.safetensors.index.json`
//! (`metadata.total_size`) or a `.safetensors` file's header (each tensor's dtype, shape and byte
//! range). The size is used for the checkpoint's own format instead of the estimate, and checks
//! the count the architecture gives.

use super::arch::ModelArch;
use super::import::{ImportError, ImportWarning, JsonSyntax};
use super::options::Quant;
use super::params::param_counts;
use serde_json::Value;

/// What a checkpoint file says of its size.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// Bytes of every tensor (the index's `total_size`, or the header's byte ranges summed).
    pub bytes: u64,
    /// Parameters, when the file says them (a header: the shapes; an index: `total_parameters`).
    pub params: Option<u64>,
    /// The format of its tensors when one 16/32-bit or FP8 type holds most of the bytes.
    pub format: Option<Quant>,
}

/// Reads a `model.safetensors.index.json`.
pub fn from_index_json(text: &str) -> Result<Checkpoint, ImportError> {
    let v: Value =
        serde_json::from_str(text).map_err(|e| ImportError::NotJson(JsonSyntax::of(&e)))?;
    let meta = v.get("metadata").ok_or(ImportError::NotCheckpoint)?;
    let bytes = meta
        .get("total_size")
        .and_then(|x| x.as_u64().or_else(|| x.as_f64().map(|f| f as u64)))
        .filter(|b| *b > 0)
        .ok_or(ImportError::NotCheckpoint)?;
    let params = meta.get("total_parameters").and_then(|x| x.as_u64());
    Ok(Checkpoint {
        bytes,
        params,
        format: None,
    })
}

/// Reads the header at the start of a `.safetensors` file: an 8-byte little-endian length, then
/// that much JSON naming each tensor's `dtype`, `shape` and `data_offsets`.
pub fn from_safetensors_header(head: &[u8]) -> Result<Checkpoint, ImportError> {
    let len = head
        .get(..8)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
        .ok_or(ImportError::NotCheckpoint)?;
    let end = 8usize.saturating_add(usize::try_from(len).unwrap_or(usize::MAX));
    let json = head.get(8..end).ok_or(ImportError::NotCheckpoint)?;
    let v: Value =
        serde_json::from_slice(json).map_err(|e| ImportError::NotJson(JsonSyntax::of(&e)))?;
    let tensors = v.as_object().ok_or(ImportError::NotCheckpoint)?;
    let (mut bytes, mut params) = (0u64, 0u64);
    let mut by_type: Vec<(String, u64)> = Vec::new();
    for (name, t) in tensors {
        if name == "__metadata__" {
            continue;
        }
        let range = t.get("data_offsets").and_then(|o| o.as_array());
        let b = match range.map(|r| r.iter().filter_map(|x| x.as_u64()).collect::<Vec<_>>()) {
            Some(r) if r.len() == 2 && r[1] >= r[0] => r[1] - r[0],
            _ => return Err(ImportError::NotCheckpoint),
        };
        let shape = t.get("shape").and_then(|s| s.as_array());
        let n = shape.map_or(0, |s| {
            s.iter()
                .map(|d| d.as_u64().unwrap_or(0))
                .fold(1u64, u64::saturating_mul)
        });
        bytes = bytes.saturating_add(b);
        params = params.saturating_add(n);
        let dtype = t.get("dtype").and_then(|d| d.as_str()).unwrap_or("");
        match by_type.iter_mut().find(|(d, _)| d == dtype) {
            Some((_, total)) => *total = total.saturating_add(b),
            None => by_type.push((dtype.to_string(), b)),
        }
    }
    if bytes == 0 {
        return Err(ImportError::NotCheckpoint);
    }
    // The type holding most bytes, when it holds at least 90% of them.
    let format = by_type
        .iter()
        .max_by_key(|(_, b)| *b)
        .filter(|(_, b)| *b as f64 >= 0.9 * bytes as f64)
        .and_then(|(d, _)| match d.as_str() {
            "BF16" => Some(Quant::Bf16),
            "F16" => Some(Quant::Fp16),
            "F32" => Some(Quant::Fp32),
            "F8_E4M3" | "F8_E5M2" => Some(Quant::Fp8),
            _ => None,
        });
    Ok(Checkpoint {
        bytes,
        params: Some(params),
        format,
    })
}

/// Bytes a parameter of a checkpoint format (16/32-bit, FP8), `None` for a mixed one.
fn bytes_per_param(q: Quant) -> Option<f64> {
    match q {
        Quant::Fp32 => Some(4.0),
        Quant::Bf16 | Quant::Fp16 => Some(2.0),
        Quant::Fp8 => Some(1.0),
        _ => None,
    }
}

/// Gives `a` the checkpoint's exact size in its format (the file's own, else the config's:
/// its native format or `torch_dtype`), and warns when the parameters the file holds and the
/// count of the architecture are more than 2% apart. A file holding fewer (one shard of several)
/// is not used.
pub fn apply(a: &mut ModelArch, c: &Checkpoint) -> Vec<ImportWarning> {
    let format = c
        .format
        .or(a.checkpoint_format)
        .or(a.native_quant)
        .unwrap_or(Quant::Bf16);
    // A checkpoint holds its multi-token-prediction layers beside the model (DeepSeek-V3, MiMo).
    let counts = param_counts(a);
    let counted = counts.total.saturating_add(counts.mtp);
    let held = c
        .params
        .filter(|p| *p > 0)
        .or_else(|| bytes_per_param(format).map(|b| (c.bytes as f64 / b).round() as u64));
    let ratio = match held {
        Some(h) if counted > 0 => h as f64 / counted as f64,
        _ => 1.0,
    };
    if ratio >= 0.98 {
        a.checkpoint_bytes = Some(c.bytes);
        a.checkpoint_format = Some(format);
    }
    match held {
        Some(held) if (ratio - 1.0).abs() > 0.02 => {
            vec![ImportWarning::CheckpointCount { held, counted }]
        }
        _ => Vec::new(),
    }
}
