//! Towers of wrappers that ship their own modelling code (`trust_remote_code`), counted from the
//! keys their code reads: MoonViT (Kimi-VL's `MoonVitPretrainedModel`, used by LocateAnything)
//! with the wrapper's projector, and MiniCPM-V 1/2's timm SigLIP with its perceiver resampler.

use super::towers::n;
use serde_json::{Map, Value};

/// MoonViT (`MoonVitPretrainedModel`) and the projector of its `wrapper`, for a text model of
/// width `text_hidden`; `None` for a wrapper whose projector is not known.
///
/// Tower: the patch conv with bias (3 x p^2 x h + h), a learnt 2-D position table
/// (`init_pos_emb_height` x `init_pos_emb_width` x h), per layer two LayerNorms (4h), fused qkv
/// and output with biases (3h^2 + 3h + h^2 + h) and the MLP with biases (2hi + i + h), a final
/// LayerNorm (2h). The patch merger folds `merge_kernel_size` (2 x 2) patches into one token of
/// 4h. Projectors: Kimi-VL's `KimiVLMultiModalProjector` (LayerNorm(h), 4h -> 4h, 4h -> text,
/// with biases); LocateAnything's `mlp1` (LayerNorm(4h), 4h -> text, text -> text, with biases).
/// MoonViT-SO-400M (h 1,152, i 4,304, 27 layers, patch 14, 64 x 64 positions): 416,866,032.
pub(super) fn moonvit(wrapper: &str, c: &Map<String, Value>, text_hidden: f64) -> Option<f64> {
    let (h, i, l, p) = (
        n(c, "hidden_size"),
        n(c, "intermediate_size"),
        n(c, "num_hidden_layers"),
        n(c, "patch_size"),
    );
    if h == 0.0 || i == 0.0 || l == 0.0 || p == 0.0 || text_hidden == 0.0 {
        return None;
    }
    let or = |key: &str, default: f64| match n(c, key) {
        x if x > 0.0 => x,
        _ => default,
    };
    let positions = or("init_pos_emb_height", 64.0) * or("init_pos_emb_width", 64.0);
    let merge: f64 = c
        .get("merge_kernel_size")
        .and_then(|v| v.as_array())
        .map(|k| {
            k.iter()
                .filter_map(|x| x.as_u64())
                .map(|x| x as f64)
                .product()
        })
        .filter(|m: &f64| *m > 0.0)
        .unwrap_or(4.0);
    let embeddings = 3.0 * p * p * h + h + positions * h;
    let layer = 4.0 * h + (3.0 * h * h + 3.0 * h) + (h * h + h) + (h * i + i) + (i * h + h);
    let tower = embeddings + l * layer + 2.0 * h;
    let m = merge * h;
    let projector = match wrapper {
        "kimi_vl" => 2.0 * h + (m * m + m) + (m * text_hidden + text_hidden),
        "locateanything" => {
            2.0 * m + (m * text_hidden + text_hidden) + (text_hidden * text_hidden + text_hidden)
        }
        _ => return None,
    };
    Some(tower + projector)
}

/// The width, depth and MLP width of timm's SigLIP ViTs (`vit_{size}_patch{p}_siglip_{img}`).
const TIMM_SIGLIP: [(&str, f64, f64, f64); 3] = [
    ("so400m", 1152.0, 27.0, 4304.0),
    ("large", 1024.0, 24.0, 4096.0),
    ("base", 768.0, 12.0, 3072.0),
];

/// MiniCPM-V 1/2 (`vision_encoder` names a timm SigLIP, e.g.
/// `vit_so400m_patch14_siglip_384.webli`): the timm ViT without its pooling head (MiniCPM sets
/// `attn_pool` to identity, `num_classes=0`) and, by `drop_vision_last_layer` (default true),
/// without its last block; then the `Resampler` of `query_num` queries onto the text width E.
///
/// ViT (width w, MLP i, patch p, image s): patch conv with bias (3p^2 w + w), one position per
/// patch ((s/p)^2 w, no class token), per block two LayerNorms (4w), qkv and proj with biases
/// (3w^2 + 3w + w^2 + w), MLP with biases (2wi + i + w); the final LayerNorm (2w).
/// Resampler (Q queries): the queries and the fixed 2-D sin-cos position table, both Q x E
/// parameters; `kv_proj` w -> E without bias; `nn.MultiheadAttention` (3E^2 + 3E in, E^2 + E
/// out); `ln_q`, `ln_kv`, `ln_post` (6E); `proj` (E^2).
pub(super) fn minicpm_v_timm(
    wrapper: &str,
    top: &Map<String, Value>,
    text_hidden: f64,
) -> Option<f64> {
    let name = top.get("vision_encoder").and_then(|v| v.as_str())?;
    if wrapper != "minicpmv" || text_hidden == 0.0 || !name.contains("_siglip_") {
        return None;
    }
    let (_, w, depth, i) = TIMM_SIGLIP
        .iter()
        .find(|(size, ..)| name.starts_with(&format!("vit_{size}_patch")))?;
    // `vit_so400m_patch14_siglip_384.webli`: the patch after `patch`, the image after `siglip_`.
    let number_after = |tag: &str| -> Option<f64> {
        let rest = &name[name.find(tag)? + tag.len()..];
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse::<f64>().ok().filter(|x| *x > 0.0)
    };
    let (p, s) = (number_after("patch")?, number_after("siglip_")?);
    let drop = top
        .get("drop_vision_last_layer")
        .and_then(|v| v.as_bool())
        .unwrap_or(true);
    let blocks = if drop { depth - 1.0 } else { *depth };
    let patches = (s / p).floor() * (s / p).floor();
    let block = 4.0 * w + (3.0 * w * w + 3.0 * w) + (w * w + w) + (w * i + i) + (i * w + w);
    let vit = 3.0 * p * p * w + w + patches * w + blocks * block + 2.0 * w;
    // `grid_size = int(sqrt(query_num))`: Q = grid^2 queries.
    let grid = n(top, "query_num").sqrt().floor();
    let (q, e) = (grid * grid, text_hidden);
    if q == 0.0 {
        return None;
    }
    let kv_proj = if (*w - e).abs() > 0.0 { w * e } else { 0.0 };
    let resampler = 2.0 * q * e + kv_proj + (3.0 * e * e + 3.0 * e) + (e * e + e) + 6.0 * e + e * e;
    Some(vit + resampler)
}
