//! The importer's reading of layer kinds beyond attention: Mamba-2 mixers of hybrid
//! state-space models (Granite-4.0-H, Bamba) and Gemma-3n's per-layer embeddings and KV
//! sharing.

use super::{MissingField, Reader};
use crate::model::arch::ModelArch;

impl Reader<'_> {
    /// Mamba-2 layers: which layers are Mamba (`layer_types` "mamba", or all but Bamba's
    /// `attn_layer_indices`), their heads, head size (`mamba_d_head`, or `mamba_expand` x hidden
    /// over the heads), state, groups and conv kernel; Granite-4.0's FFN (`shared_intermediate_size`
    /// beside its experts, or alone in a dense model).
    pub(super) fn state_space_layers(
        &mut self,
        a: &mut ModelArch,
        missing: &mut Vec<MissingField>,
    ) {
        let types = self.raw("layer_types").and_then(|v| v.as_array());
        let listed_mamba = types.map(|t| {
            t.iter()
                .filter(|x| x.as_str().is_some_and(|s| s.eq_ignore_ascii_case("mamba")))
                .count() as u64
        });
        let attn_indices = self
            .raw("attn_layer_indices")
            .and_then(|v| v.as_array())
            .map(|l| l.len() as u64);
        let mamba = match (listed_mamba, attn_indices) {
            (Some(m), _) if m > 0 => m,
            (_, Some(n)) if self.model_type == "bamba" => a.layers.saturating_sub(n),
            _ if self.model_type == "granitemoehybrid" && types.is_none() => a.layers,
            _ => 0,
        };
        if self.model_type == "granitemoehybrid" && a.experts == 0 {
            // A dense Granite-4.0-H: its one FFN is the "shared" MLP.
            if let Some(shared) = self.int(&["shared_intermediate_size"]) {
                a.ffn = shared;
            }
        }
        if mamba == 0 {
            return;
        }
        a.mamba_layers = mamba;
        a.mamba_heads = self.int(&["mamba_n_heads"]).unwrap_or(128);
        a.mamba_state = self
            .int(&["mamba_d_state", "ssm_state_size"])
            .unwrap_or(256);
        a.mamba_groups = self.int(&["mamba_n_groups", "n_groups"]).unwrap_or(1);
        a.mamba_conv = self.int(&["mamba_d_conv", "conv_kernel"]).unwrap_or(4);
        let expand = self.int(&["mamba_expand", "expand"]).unwrap_or(2);
        // `mamba_d_head` may be "auto": the inner width (expand x hidden) over the heads.
        a.mamba_head_dim = match self.raw("mamba_d_head").and_then(|v| v.as_u64()) {
            Some(d) if d > 0 => d,
            _ => expand
                .saturating_mul(a.hidden)
                .checked_div(a.mamba_heads)
                .unwrap_or(0),
        };
        if a.mamba_head_dim == 0 {
            missing.push(MissingField::Hidden);
        }
    }

    /// MiniMax-01/M1: `attn_type_list`, 0 for a lightning (linear) attention layer, 1 for softmax.
    pub(super) fn lightning_layers(&mut self, a: &mut ModelArch) {
        if let Some(list) = self.raw("attn_type_list").and_then(|v| v.as_array()) {
            a.lightning_layers = list.iter().filter(|x| x.as_u64() == Some(0)).count() as u64;
        }
    }

    /// Gemma-3n: the last `num_kv_shared_layers` layers reuse an earlier layer's cache (the
    /// global layers are counted among the layers that keep one), and the per-layer embeddings
    /// (`hidden_size_per_layer_input` wide, `vocab_size_per_layer_input` tokens).
    pub(super) fn gemma_3n(&mut self, a: &mut ModelArch) {
        a.ple_dim = self.int(&["hidden_size_per_layer_input"]).unwrap_or(0);
        if a.ple_dim > 0 {
            a.ple_vocab = self.int(&["vocab_size_per_layer_input"]).unwrap_or(a.vocab);
        }
        let shared = self.int(&["num_kv_shared_layers"]).unwrap_or(0);
        if shared == 0 {
            return;
        }
        a.kv_shared_layers = shared.min(a.layers);
        let own = (a.layers - a.kv_shared_layers) as usize;
        if let Some(types) = self.raw("layer_types").and_then(|v| v.as_array()) {
            let global = types
                .iter()
                .take(own)
                .filter(|t| t.as_str().is_some_and(|s| s.contains("full")))
                .count() as u64;
            if a.window > 0 {
                a.global_layers = Some(global);
            }
        }
    }
}
