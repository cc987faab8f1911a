//! The model a scenario names: a preset with its URL overrides, a custom model known by its
//! size, and the way back (an imported architecture written into a scenario).

use super::Scenario;
use crate::catalog::Catalog;
use crate::lang::Lang;
use crate::model::{self, ArchFamily, ModelArch};
use crate::words::scenario::{custom_model_name, unknown_model};

/// The model a scenario describes: a preset with the URL's architecture overrides applied, or a
/// custom model known only by its parameter count. Unknown presets fall back to the default with a
/// warning.
pub fn resolve_model(
    s: &Scenario,
    catalog: &Catalog,
    lang: Lang,
    warnings: &mut Vec<String>,
) -> ModelArch {
    if let Some(billions) = s.params_b {
        let params = (billions * 1e9).round() as u64;
        let mut arch = ModelArch {
            id: "custom".into(),
            name: custom_model_name(billions, lang),
            family: ArchFamily::ParamsOnly,
            params: Some(params),
            ..ModelArch::default()
        };
        apply_overrides(&mut arch, s);
        return arch;
    }
    let mut arch = match catalog.model(&s.model) {
        Some(m) => m.clone(),
        None => {
            let fallback = super::DEFAULT_MODEL;
            warnings.push(unknown_model(&s.model, fallback, lang));
            catalog
                .model(fallback)
                .or_else(|| catalog.models.first())
                .cloned()
                .unwrap_or_else(|| ModelArch {
                    id: "custom".into(),
                    name: custom_model_name(70.0, Lang::En),
                    family: ArchFamily::ParamsOnly,
                    params: Some(70_000_000_000),
                    ..ModelArch::default()
                })
        }
    };
    apply_overrides(&mut arch, s);
    arch
}

fn apply_overrides(arch: &mut ModelArch, s: &Scenario) {
    let o = &s.arch;
    if o.is_empty() {
        return;
    }
    let set = |field: &mut u64, v: Option<u64>| {
        if let Some(v) = v {
            *field = v;
        }
    };
    set(&mut arch.layers, o.layers);
    set(&mut arch.hidden, o.hidden);
    set(&mut arch.heads, o.heads);
    set(&mut arch.kv_heads, o.kv_heads);
    set(&mut arch.ffn, o.ffn);
    set(&mut arch.vocab, o.vocab);
    set(&mut arch.experts, o.experts);
    set(&mut arch.experts_active, o.experts_active);
    set(&mut arch.moe_ffn, o.moe_ffn);
    set(&mut arch.kv_lora_rank, o.kv_lora_rank);
    set(&mut arch.rope_dim, o.rope_dim);
    set(&mut arch.window, o.window);
    if o.head_dim.is_some() {
        arch.head_dim = o.head_dim;
    }
    if let Some(t) = o.tied {
        arch.tied = t;
    }
    // Overridden fields make it a different model: say so in its name and id.
    arch.id = format!("{}+custom", arch.id);
    arch.official_params = None;
}

/// Puts an imported architecture (a pasted `config.json`, a GGUF header) into a scenario, the
/// only store of inputs: the preset of the same family and flavour (biases, norms) closest in size
/// becomes `model=`, and every field that differs becomes a URL override. An import that matches a
/// preset exactly is that preset. Flags the URL cannot carry come from that preset.
pub fn import_into(s: &mut Scenario, imported: &ModelArch, catalog: &Catalog) {
    let same_flavour = |m: &&ModelArch| {
        m.family == imported.family
            && m.qkv_bias == imported.qkv_bias
            && m.qk_norm == imported.qk_norm
            && m.norms_per_layer == imported.norms_per_layer
    };
    let size = |m: &ModelArch| (m.hidden as f64).max(1.0) * (m.layers as f64).max(1.0);
    let target = size(imported);
    let distance = |m: &&ModelArch| (size(m) / target).ln().abs();
    let base = catalog
        .models
        .iter()
        .filter(same_flavour)
        .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        .or_else(|| {
            catalog
                .models
                .iter()
                .filter(|m| m.family == imported.family)
                .min_by(|a, b| distance(a).total_cmp(&distance(b)))
        });
    let Some(base) = base else {
        // No preset of that family: keep only the size.
        let counts = model::param_counts(imported);
        s.params_b = Some((counts.total as f64 / 1e9).max(0.001));
        s.arch = Default::default();
        return;
    };
    s.model = base.id.clone();
    s.params_b = None;
    let diff = |a: u64, b: u64| (a != b && a > 0).then_some(a);
    s.arch = super::ArchOverrides {
        layers: diff(imported.layers, base.layers),
        hidden: diff(imported.hidden, base.hidden),
        heads: diff(imported.heads, base.heads),
        kv_heads: diff(imported.kv_heads, base.kv_heads),
        head_dim: match (imported.head_dim, base.head_dim) {
            (Some(a), Some(b)) if a == b => None,
            (Some(a), _) => Some(a),
            _ => None,
        },
        ffn: diff(imported.ffn, base.ffn),
        vocab: diff(imported.vocab, base.vocab),
        experts: diff(imported.experts, base.experts),
        experts_active: diff(imported.experts_active, base.experts_active),
        moe_ffn: diff(imported.moe_ffn, base.moe_ffn),
        kv_lora_rank: diff(imported.kv_lora_rank, base.kv_lora_rank),
        rope_dim: diff(imported.rope_dim, base.rope_dim),
        window: diff(imported.window, base.window),
        tied: (imported.tied != base.tied).then_some(imported.tied),
    };
}
