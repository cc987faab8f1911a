//! Vision towers the importer counts from their `vision_config`: SigLIP with Gemma 3's projector,
//! Qwen2-VL's ViT with its merger, Llama 4's ViT with its adapter and projector; and the towers of
//! wrappers with their own code: MoonViT (Kimi-VL, LocateAnything) and MiniCPM-V's SigLIP with its
//! resampler (`custom.rs`). Each count is the parameters of the reference implementation's
//! modules, tensor by tensor; a tower of another kind is named in a warning instead.

use serde_json::{Map, Value};

/// A whole number of `c` (0 when absent), as f64: the counts are summed in f64 (exact to 2^53,
/// and an absurd config saturates instead of overflowing).
pub(super) fn n(c: &Map<String, Value>, key: &str) -> f64 {
    c.get(key).and_then(|v| v.as_u64()).unwrap_or(0) as f64
}

/// A count in f64 as a whole number (saturating).
pub(super) fn whole(x: f64) -> u64 {
    if x.is_finite() && x > 0.0 {
        x.round() as u64
    } else {
        0
    }
}

/// The parameters of the vision tower and projector of a `wrapper` model type, from its
/// `vision_config`, for a text model of width `text_hidden`; `None` for a tower not known.
pub(super) fn vision_params(
    wrapper: &str,
    top: &Map<String, Value>,
    text_hidden: u64,
) -> Option<u64> {
    let text_hidden = text_hidden as f64;
    let vision = match top.get("vision_config").and_then(|v| v.as_object()) {
        Some(v) => v,
        // MiniCPM-V 1/2 name a timm tower instead of a `vision_config`.
        None => {
            let count = whole(super::custom::minicpm_v_timm(wrapper, top, text_hidden)?);
            return (count > 0).then_some(count);
        }
    };
    let kind = vision
        .get("model_type")
        .and_then(|v| v.as_str())
        .unwrap_or("");
    let count = match (wrapper, kind) {
        ("gemma3", "siglip_vision_model") => siglip(vision).map(|v| {
            // Gemma3MultiModalProjector: `mm_input_projection_weight` and `mm_soft_emb_norm`.
            let h = n(vision, "hidden_size");
            v + h * text_hidden + h
        }),
        ("qwen2_vl", _) => qwen2_vl(vision, text_hidden),
        ("llama4", "llama4_vision_model") => llama4(vision, text_hidden),
        (_, "moonvit") => super::custom::moonvit(wrapper, vision, text_hidden),
        ("deepseek_vl_v2", _) => super::custom::deepencoder_v2(top, vision, text_hidden),
        _ => None,
    }?;
    let count = whole(count);
    (count > 0).then_some(count)
}

/// SigLIP's vision transformer (`SiglipVisionTransformer`): the patch conv with bias, one
/// position embedding per patch, per layer q/k/v/out with biases, two LayerNorms and the MLP
/// with biases, the post LayerNorm (and the pooling head when `vision_use_head`).
/// Gemma 3: 1,152 wide, 4,304 MLP, 27 layers, 896/14 = 64^2 patches: 416,866,032.
fn siglip(c: &Map<String, Value>) -> Option<f64> {
    let (h, i, l, p, img) = (
        n(c, "hidden_size"),
        n(c, "intermediate_size"),
        n(c, "num_hidden_layers"),
        n(c, "patch_size"),
        n(c, "image_size"),
    );
    if h == 0.0 || i == 0.0 || l == 0.0 || p == 0.0 || img == 0.0 {
        return None;
    }
    let channels = c.get("num_channels").and_then(|v| v.as_u64()).unwrap_or(3) as f64;
    let patches = (img / p).floor() * (img / p).floor();
    let embeddings = channels * p * p * h + h + patches * h;
    let layer = 4.0 * (h * h + h) + 4.0 * h + (h * i + i) + (i * h + h);
    let mut total = embeddings + l * layer + 2.0 * h;
    if c.get("vision_use_head").and_then(|v| v.as_bool()) != Some(false) {
        // SiglipMultiheadAttentionPoolingHead: a probe, attention in/out, LayerNorm, MLP.
        total += h + (3.0 * h * h + 3.0 * h) + (h * h + h) + 2.0 * h + (h * i + i) + (i * h + h);
    }
    Some(total)
}

/// Qwen2-VL's ViT (`Qwen2VisionTransformerPretrainedModel`): a 3-D patch conv without bias
/// (channels x temporal x patch^2 x width), per block two LayerNorms, fused qkv and proj with
/// biases, the MLP (`mlp_ratio` x width) with biases; the merger (LayerNorm, 4 x width -> 4 x
/// width -> text width, with biases). Qwen2-VL-7B: 675,759,104.
fn qwen2_vl(c: &Map<String, Value>, text_hidden: f64) -> Option<f64> {
    // What the config leaves out is `Qwen2VLVisionConfig`'s default (Qwen2-VL-7B's tower); the
    // merger projects onto the text model's width.
    let or = |key: &str, default: f64| match n(c, key) {
        x if x > 0.0 => x,
        _ => default,
    };
    let (e, depth, out, p) = (
        or("embed_dim", 1280.0),
        or("depth", 32.0),
        or("hidden_size", text_hidden),
        or("patch_size", 14.0),
    );
    if out == 0.0 {
        return None;
    }
    let ratio = or("mlp_ratio", 4.0);
    let channels = or("in_chans", 3.0);
    let temporal = or("temporal_patch_size", 2.0);
    let merge = or("spatial_merge_size", 2.0);
    let m = e * ratio;
    let patch = channels * temporal * p * p * e;
    let block = 4.0 * e + (e * 3.0 * e + 3.0 * e) + (e * e + e) + (e * m + m) + (m * e + e);
    let merged = e * merge * merge;
    let merger = 2.0 * e + (merged * merged + merged) + (merged * out + out);
    Some(patch + depth * block + merger)
}

/// Llama 4's ViT (`Llama4VisionModel`): the unfolded patch projection without bias, a class
/// embedding and one position embedding per patch and class, LayerNorms before and after, per
/// layer q/k/v/o and the MLP with biases and two LayerNorms; the pixel-shuffle adapter (two
/// projections without bias) and the projector to the text width. Scout: 871,932,416.
fn llama4(c: &Map<String, Value>, text_hidden: f64) -> Option<f64> {
    let (h, i, l, p, img) = (
        n(c, "hidden_size"),
        n(c, "intermediate_size"),
        n(c, "num_hidden_layers"),
        n(c, "patch_size"),
        n(c, "image_size"),
    );
    let (adapter_in, adapter_out, vision_out) = (
        n(c, "projector_input_dim"),
        n(c, "projector_output_dim"),
        n(c, "vision_output_dim"),
    );
    if h == 0.0 || i == 0.0 || l == 0.0 || p == 0.0 || img == 0.0 || adapter_in == 0.0 {
        return None;
    }
    let channels = c.get("num_channels").and_then(|v| v.as_u64()).unwrap_or(3) as f64;
    let ratio = c
        .get("pixel_shuffle_ratio")
        .and_then(|v| v.as_f64())
        .filter(|r| *r > 0.0)
        .unwrap_or(0.5);
    let shuffled = (h / (ratio * ratio)).round();
    let patches = (img / p).floor() * (img / p).floor() + 1.0;
    let embeddings = channels * p * p * h + h + patches * h + 4.0 * h;
    let layer = 4.0 * (h * h + h) + (h * i + i) + (i * h + h) + 4.0 * h;
    let adapter = shuffled * adapter_in + adapter_in * adapter_out;
    let projector = vision_out * text_hidden;
    Some(embeddings + l * layer + adapter + projector)
}
