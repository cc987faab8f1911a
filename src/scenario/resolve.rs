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
    set(&mut arch.max_position, o.ctx_limit);
    set(&mut arch.shared_experts, o.shared_experts);
    set(&mut arch.first_dense_layers, o.dense_layers);
    set(&mut arch.moe_layer_step, o.moe_step);
    set(&mut arch.attention_chunk, o.chunk);
    set(&mut arch.swa_period, o.swa_period);
    set(&mut arch.full_attention_interval, o.full_attn_every);
    set(&mut arch.linear_key_heads, o.linear_k_heads);
    set(&mut arch.linear_value_heads, o.linear_v_heads);
    set(&mut arch.linear_key_dim, o.linear_k_dim);
    set(&mut arch.linear_value_dim, o.linear_v_dim);
    set(&mut arch.linear_conv_kernel, o.linear_conv);
    set(&mut arch.index_heads, o.index_heads);
    set(&mut arch.index_head_dim, o.index_dim);
    set(&mut arch.mamba_layers, o.mamba_layers);
    set(&mut arch.mamba_heads, o.mamba_heads);
    set(&mut arch.mamba_head_dim, o.mamba_head_dim);
    set(&mut arch.mamba_state, o.mamba_state);
    set(&mut arch.mamba_groups, o.mamba_groups);
    set(&mut arch.mamba_conv, o.mamba_conv);
    set(&mut arch.kv_shared_layers, o.kv_shared);
    set(&mut arch.ple_dim, o.ple_dim);
    set(&mut arch.ple_vocab, o.ple_vocab);
    set(&mut arch.extra_params, o.towers);
    let flag = |field: &mut bool, v: Option<bool>| {
        if let Some(v) = v {
            *field = v;
        }
    };
    flag(&mut arch.qkv_bias, o.qkv_bias);
    flag(&mut arch.qk_norm, o.qk_norm);
    flag(&mut arch.qk_norm_all_heads, o.qk_norm_all);
    flag(&mut arch.router_bias, o.router_bias);
    flag(&mut arch.fused_qkv, o.fused_qkv);
    flag(&mut arch.fused_gate_up, o.fused_gate_up);
    set(&mut arch.norms_per_layer, o.norms);
    set(&mut arch.q_lora_rank, o.q_lora_rank);
    set(&mut arch.qk_nope_dim, o.qk_nope_dim);
    set(&mut arch.v_head_dim, o.v_head_dim);
    set(&mut arch.mtp_layers, o.mtp);
    set(&mut arch.lightning_layers, o.lightning_layers);
    if o.ckpt_bytes.is_some() {
        arch.checkpoint_bytes = o.ckpt_bytes.filter(|b| *b > 0);
    }
    if o.ckpt_format.is_some() {
        arch.checkpoint_format = o.ckpt_format;
    }
    if let Some(q) = o.native {
        arch.native_quant = (q != model::Quant::Bf16).then_some(q);
    }
    if o.global_layers.is_some() {
        arch.global_layers = o.global_layers;
    }
    if let Some(b) = o.active_b {
        arch.active_params = Some((b * 1e9).round() as u64);
    }
    if o.head_dim.is_some() {
        arch.head_dim = o.head_dim;
    }
    if let Some(t) = o.tied {
        arch.tied = t;
    }
    if let Some(name) = &o.name {
        arch.name = name.clone();
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
            && m.fused_qkv == imported.fused_qkv
            && m.fused_gate_up == imported.fused_gate_up
            && m.router_bias == imported.router_bias
            && m.qk_norm_all_heads == imported.qk_norm_all_heads
            && (m.classifier_labels > 0) == (imported.classifier_labels > 0)
    };
    let size = |m: &ModelArch| (m.hidden as f64).max(1.0) * (m.layers as f64).max(1.0);
    let target = size(imported);
    // Closest in size, then fewest fields to override (Mistral Nemo and Mistral Small share a
    // size; an import of either is that preset).
    let distance = |m: &&ModelArch| (size(m) / target).ln().abs();
    let fields = |m: &ModelArch| {
        [
            m.ffn,
            m.vocab,
            m.heads,
            m.kv_heads,
            m.head_dim.unwrap_or(0),
            m.experts,
            m.moe_ffn,
            m.window,
            m.max_position,
            m.tied as u64,
        ]
    };
    let mismatch = |m: &&ModelArch| {
        let (a, b) = (fields(m), fields(imported));
        a.iter().zip(b.iter()).filter(|(x, y)| x != y).count()
    };
    let base = catalog
        .models
        .iter()
        .filter(same_flavour)
        .min_by(|a, b| {
            distance(a)
                .total_cmp(&distance(b))
                .then(mismatch(a).cmp(&mismatch(b)))
        })
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
    s.arch = overrides_from(imported, base);
    // A model that differs from the preset keeps its own name (an exact match is the preset).
    if !s.arch.is_empty() && !imported.name.is_empty() && imported.name != base.name {
        s.arch.name = Some(imported.name.clone());
    }
}

/// Every field of `imported` that differs from `base`, zeros, "none" and flags included: an
/// import leaves nothing of the preset it is written over but its family (and the encoder's
/// token types and pooler, which only encoder presets have).
fn overrides_from(imported: &ModelArch, base: &ModelArch) -> super::ArchOverrides {
    // A value the preset does not have; 0 is a value (no window, no chunking, no experts).
    let diff = |a: u64, b: u64| (a != b).then_some(a);
    let flag = |a: bool, b: bool| (a != b).then_some(a);
    // Sizes where 0 means "not given" (the preset's then stands).
    let size = |a: u64, b: u64| (a != b && a > 0).then_some(a);
    let global_layers = match (imported.global_layers, base.global_layers) {
        (a, b) if a == b => None,
        (Some(g), _) => Some(g),
        // The preset counts its global layers; the import has a pattern instead.
        (None, Some(_)) => Some(imported.global_layers()),
        (None, None) => None,
    };
    // The preset's head width as the link will derive it: its own, or the imported hidden size
    // over the imported heads.
    let base_head_dim = match base.head_dim {
        Some(d) if d > 0 => d,
        _ => imported.hidden.checked_div(imported.heads).unwrap_or(0),
    };
    super::ArchOverrides {
        layers: size(imported.layers, base.layers),
        hidden: size(imported.hidden, base.hidden),
        heads: size(imported.heads, base.heads),
        kv_heads: size(imported.kv_heads(), base.kv_heads()),
        head_dim: size(imported.head_dim(), base_head_dim),
        ffn: diff(imported.ffn, base.ffn),
        vocab: size(imported.vocab, base.vocab),
        experts: diff(imported.experts, base.experts),
        experts_active: diff(imported.experts_active, base.experts_active),
        moe_ffn: diff(imported.moe_ffn, base.moe_ffn),
        kv_lora_rank: diff(imported.kv_lora_rank, base.kv_lora_rank),
        rope_dim: diff(imported.rope_dim, base.rope_dim),
        window: diff(imported.window, base.window),
        tied: (imported.tied != base.tied).then_some(imported.tied),
        name: None,
        ctx_limit: size(imported.max_position, base.max_position),
        shared_experts: diff(imported.shared_experts, base.shared_experts),
        dense_layers: diff(imported.first_dense_layers, base.first_dense_layers),
        moe_step: diff(imported.moe_layer_step, base.moe_layer_step),
        chunk: diff(imported.attention_chunk, base.attention_chunk),
        swa_period: diff(imported.swa_period, base.swa_period),
        global_layers,
        full_attn_every: diff(
            imported.full_attention_interval,
            base.full_attention_interval,
        ),
        linear_k_heads: diff(imported.linear_key_heads, base.linear_key_heads),
        linear_v_heads: diff(imported.linear_value_heads, base.linear_value_heads),
        linear_k_dim: diff(imported.linear_key_dim, base.linear_key_dim),
        linear_v_dim: diff(imported.linear_value_dim, base.linear_value_dim),
        linear_conv: diff(imported.linear_conv_kernel, base.linear_conv_kernel),
        index_heads: diff(imported.index_heads, base.index_heads),
        index_dim: diff(imported.index_head_dim, base.index_head_dim),
        active_b: None,
        mamba_layers: diff(imported.mamba_layers, base.mamba_layers),
        mamba_heads: diff(imported.mamba_heads, base.mamba_heads),
        mamba_head_dim: diff(imported.mamba_head_dim, base.mamba_head_dim),
        mamba_state: diff(imported.mamba_state, base.mamba_state),
        mamba_groups: diff(imported.mamba_groups, base.mamba_groups),
        mamba_conv: diff(imported.mamba_conv, base.mamba_conv),
        kv_shared: diff(imported.kv_shared_layers, base.kv_shared_layers),
        ple_dim: diff(imported.ple_dim, base.ple_dim),
        ple_vocab: diff(imported.ple_vocab, base.ple_vocab),
        towers: diff(imported.extra_params, base.extra_params),
        native: (imported.native_quant != base.native_quant)
            .then_some(imported.native_quant.unwrap_or(model::Quant::Bf16)),
        qkv_bias: flag(imported.qkv_bias, base.qkv_bias),
        qk_norm: flag(imported.qk_norm, base.qk_norm),
        qk_norm_all: flag(imported.qk_norm_all_heads, base.qk_norm_all_heads),
        router_bias: flag(imported.router_bias, base.router_bias),
        norms: diff(imported.norms_per_layer, base.norms_per_layer),
        fused_qkv: flag(imported.fused_qkv, base.fused_qkv),
        fused_gate_up: flag(imported.fused_gate_up, base.fused_gate_up),
        q_lora_rank: diff(imported.q_lora_rank, base.q_lora_rank),
        qk_nope_dim: diff(imported.qk_nope_dim, base.qk_nope_dim),
        v_head_dim: diff(imported.v_head_dim, base.v_head_dim),
        mtp: diff(imported.mtp_layers, base.mtp_layers),
        lightning_layers: diff(imported.lightning_layers, base.lightning_layers),
        ckpt_bytes: (imported.checkpoint_bytes != base.checkpoint_bytes)
            .then_some(imported.checkpoint_bytes.unwrap_or(0)),
        // The format only matters beside the bytes.
        ckpt_format: imported
            .checkpoint_bytes
            .and(imported.checkpoint_format)
            .filter(|f| Some(*f) != base.checkpoint_format),
    }
}

/// Puts a checkpoint's exact size (a safetensors index or header) into a scenario, beside the
/// model it already holds (an imported config's): the link carries its bytes and format. Returns
/// the model as sized with it and the warnings (a count more than 2% from the file's).
pub fn import_checkpoint(
    s: &mut Scenario,
    c: &model::checkpoint::Checkpoint,
    catalog: &Catalog,
) -> (ModelArch, Vec<model::import::ImportWarning>) {
    let mut arch = resolve_model(s, catalog, Lang::En, &mut Vec::new());
    let warnings = model::checkpoint::apply(&mut arch, c);
    s.arch.ckpt_bytes = arch.checkpoint_bytes;
    s.arch.ckpt_format = arch.checkpoint_format;
    (arch, warnings)
}
