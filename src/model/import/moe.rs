//! The importer's reading of mixtures of experts (every spelling of the expert counts, shared
//! experts by count or width, dense prefixes, sparse steps, ERNIE's layer range) and of
//! multi-head latent attention.

use super::{ImportWarning, MissingField, Reader};
use crate::model::arch::ModelArch;

impl Reader<'_> {
    /// A mixture of experts: experts per token, the expert width (`ffn` when no
    /// `moe_intermediate_size`), shared experts and the dense leading layers.
    pub(super) fn experts(
        &mut self,
        a: &mut ModelArch,
        ffn: Option<u64>,
        missing: &mut Vec<MissingField>,
    ) {
        // Hunyuan lists its top-k and shared experts per layer.
        a.experts_active = self
            .per_layer(&[
                "num_experts_per_tok",
                "num_experts_per_token",
                "moe_top_k",
                "moe_k",
                "moe_topk",
            ])
            .unwrap_or(0);
        if a.experts_active == 0 {
            missing.push(MissingField::ExpertsPerToken);
        }
        a.moe_ffn = self.first_of_list(&["moe_intermediate_size", "expert_ffn_hidden_size"]);
        if a.moe_ffn == 0 {
            // Mixtral and gpt-oss give the expert width as `intermediate_size`.
            a.moe_ffn = ffn.unwrap_or(0);
        }
        if a.moe_ffn == 0 {
            missing.push(MissingField::ExpertFfn);
        }
        a.shared_experts = self
            .per_layer(&[
                "n_shared_experts",
                "num_shared_experts",
                "moe_num_shared_experts",
                "num_shared_expert",
            ])
            .unwrap_or(0);
        // A shared expert given by its width (Qwen2-MoE, Qwen3-Next; Granite-4.0's
        // `shared_intermediate_size`): so many experts of the routed width.
        if let Some(shared) = self.int(&[
            "shared_expert_intermediate_size",
            "shared_intermediate_size",
        ]) {
            if a.moe_ffn > 0 && shared % a.moe_ffn == 0 {
                a.shared_experts = shared / a.moe_ffn;
            } else if shared > 0 {
                self.warnings.push(ImportWarning::SharedExpertNotCounted);
            }
        }
        // Dense layers first: DeepSeek's prefix, ERNIE's start index, Qwen's listed MLP layers
        // (their place does not change the count).
        a.first_dense_layers = self
            .int(&["first_k_dense_replace", "moe_layer_start_index"])
            .unwrap_or(0);
        if let Some(m) = self.raw("mlp_only_layers").and_then(|v| v.as_array()) {
            a.first_dense_layers = a.first_dense_layers.max(m.len() as u64);
        }
        // MoE on every s-th layer, dense layers between (Llama 4 Maverick 2).
        a.moe_layer_step = self
            .int(&[
                "interleave_moe_layer_step",
                "decoder_sparse_step",
                "moe_layer_freq",
                "moe_layer_interval",
            ])
            .filter(|s| *s > 1)
            .unwrap_or(0);
        let end = self.raw("moe_layer_end_index").and_then(|v| v.as_u64());
        if let Some(end) = end.filter(|e| e + 1 < a.layers) {
            self.warnings.push(ImportWarning::MoeLayersEnd {
                end,
                layers: a.layers,
            });
        }
    }

    /// The first of `keys` as a whole number, or the first entry of a list (ERNIE-VL gives its
    /// expert width per modality); 0 when absent.
    fn first_of_list(&mut self, keys: &[&'static str]) -> u64 {
        for k in keys {
            if let Some(first) = self
                .raw(k)
                .and_then(|v| v.as_array())
                .and_then(|l| l.first())
                .and_then(|v| v.as_u64())
            {
                return first;
            }
        }
        self.int(keys).unwrap_or(0)
    }

    /// Multi-head latent attention (DeepSeek-V2/V3): the latent ranks and head widths.
    pub(super) fn mla(&mut self, a: &mut ModelArch, missing: &mut Vec<MissingField>) {
        a.kv_lora_rank = self.int(&["kv_lora_rank"]).unwrap_or(0);
        a.q_lora_rank = self.int(&["q_lora_rank"]).unwrap_or(0);
        a.rope_dim = self.int(&["qk_rope_head_dim"]).unwrap_or(0);
        a.qk_nope_dim = self.int(&["qk_nope_head_dim"]).unwrap_or(0);
        a.v_head_dim = self.int(&["v_head_dim"]).unwrap_or(a.qk_nope_dim);
        a.mtp_layers = self.int(&["num_nextn_predict_layers"]).unwrap_or(0);
        for (v, k) in [
            (a.kv_lora_rank, "kv_lora_rank"),
            (a.qk_nope_dim, "qk_nope_head_dim"),
            (a.rope_dim, "qk_rope_head_dim"),
        ] {
            if v == 0 {
                missing.push(MissingField::Mla(k));
            }
        }
        if a.first_dense_layers > 0 && a.ffn == 0 {
            missing.push(MissingField::DenseLayerFfn);
        }
    }
}
