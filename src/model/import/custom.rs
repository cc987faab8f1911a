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

/// DeepSeek-OCR-2's DeepEncoder V2 (`vision_config.model_name` deepencoderv2, in a
/// `deepseek_vl_v2` wrapper), as `deepencoderv2.py` and `modeling_deepseekocr2.py` build it:
///
/// SAM ViT-B (`build_sam_vit_b`: width d 768, 12 blocks, 12 heads, global attention on blocks
/// 2, 5, 8, 11, 14-wide windows elsewhere, 1,024 px in 16 px patches): patch conv with bias
/// (3 x 16^2 x d + d), an absolute position per patch (64^2 x d), per block two LayerNorms (4d),
/// qkv and proj with biases (3d^2 + 3d + d^2 + d), the MLP with biases (8d^2 + 5d) and relative
/// positions for height and width (2 x (2s - 1) x d/heads, s = 64 global, 14 windowed); the neck
/// (1x1 conv d -> 256 and 3x3 conv 256 -> 256 without bias, two LayerNorm2d: 2 x 512); `net_2`
/// (3x3, 256 -> 512) and `net_3` (3x3, 512 -> q) without bias.
/// The Qwen2-0.5B decoder used as encoder (`build_qwen2_decoder_as_encoder`: width q 896, 24
/// layers, 14 heads, 2 KV heads, FFN 4,864, its token embedding deleted): per layer q/k/v with
/// biases and o, the gated MLP, two norms; the final norm; 144 + 256 learnt queries.
/// The projector (`projector_config`, linear: input_dim -> n_embed with bias) and
/// `view_seperator` (n_embed).
/// DeepSeek-OCR-2: SAM 94,979,328 + encoder 358,256,512 + projector 1,148,160 + 1,280
/// = 454,385,280.
pub(super) fn deepencoder_v2(
    top: &Map<String, Value>,
    vision: &Map<String, Value>,
    text_hidden: f64,
) -> Option<f64> {
    if vision.get("model_name").and_then(|v| v.as_str()) != Some("deepencoderv2") {
        return None;
    }
    let width = vision.get("width").and_then(|v| v.as_object());
    let part = |name: &str| width.and_then(|w| w.get(name)).and_then(|v| v.as_object());
    let or = |m: Option<&Map<String, Value>>, key: &str, default: f64| match m.map(|m| n(m, key)) {
        Some(x) if x > 0.0 => x,
        _ => default,
    };
    let sam = part("sam_vit_b");
    let (d, blocks, heads) = (
        or(sam, "width", 768.0),
        or(sam, "layers", 12.0),
        or(sam, "heads", 12.0),
    );
    let global = sam
        .and_then(|s| s.get("global_attn_indexes"))
        .and_then(|v| v.as_array())
        .map_or(4.0, |g| g.len() as f64)
        .min(blocks);
    let q = or(part("qwen2-0-5b"), "dim", 896.0);
    let (grid, window, neck) = (64.0, 14.0, 256.0);
    let block = 4.0 * d + (3.0 * d * d + 3.0 * d) + (d * d + d) + (8.0 * d * d + 5.0 * d);
    let rel_pos = |s: f64| 2.0 * (2.0 * s - 1.0) * (d / heads);
    let sam = 3.0 * 16.0 * 16.0 * d
        + d
        + grid * grid * d
        + blocks * block
        + global * rel_pos(grid)
        + (blocks - global) * rel_pos(window)
        + d * neck
        + neck * neck * 9.0
        + 2.0 * 2.0 * neck
        + neck * 512.0 * 9.0
        + 512.0 * q * 9.0;
    let kv = 2.0 * (q / 14.0);
    let layer = (q * q + q) + 2.0 * (q * kv + kv) + q * q + 3.0 * q * 4864.0 + 2.0 * q;
    let encoder = 24.0 * layer + q + (144.0 + 256.0) * q;
    let projector = top.get("projector_config").and_then(|v| v.as_object());
    let kind = projector
        .and_then(|p| p.get("projector_type"))
        .and_then(|v| v.as_str());
    if kind.is_some_and(|k| k != "linear") {
        return None;
    }
    let (input, out) = (
        or(projector, "input_dim", q),
        or(projector, "n_embed", text_hidden),
    );
    if out == 0.0 {
        return None;
    }
    Some(sam + encoder + input * out + out + out)
}
