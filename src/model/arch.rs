//! Model architectures with Hugging Face `config.json` meanings.

use super::options::Quant;
use serde::{Deserialize, Serialize};

fn two() -> u64 {
    2
}

/// The family of architecture: decides which parameter-count formula applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArchFamily {
    /// Llama-style dense decoder (Llama, Mistral, Qwen2/2.5/3, Phi, Gemma 2/3).
    #[default]
    Dense,
    /// Classic MoE (Mixtral, Qwen3-MoE).
    Moe,
    /// gpt-oss: MoE with biases, attention sinks, MXFP4 experts.
    GptOss,
    /// DeepSeek-V3/R1: MLA attention, shared expert, first dense layers.
    DeepseekMla,
    /// BERT-family encoder.
    Encoder,
    /// Only a parameter count is known.
    ParamsOnly,
}

/// One model's architecture. Field names follow `config.json` where one exists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelArch {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub family: ArchFamily,
    #[serde(default)]
    pub hf_repo: String,
    #[serde(default)]
    pub hidden: u64,
    #[serde(default)]
    pub layers: u64,
    #[serde(default)]
    pub heads: u64,
    #[serde(default)]
    pub kv_heads: u64,
    /// Explicit head dimension; `None` means hidden / heads.
    #[serde(default)]
    pub head_dim: Option<u64>,
    /// Dense FFN (intermediate) size.
    #[serde(default)]
    pub ffn: u64,
    #[serde(default)]
    pub vocab: u64,
    #[serde(default)]
    pub tied: bool,
    #[serde(default)]
    pub experts: u64,
    #[serde(default)]
    pub experts_active: u64,
    #[serde(default)]
    pub moe_ffn: u64,
    #[serde(default)]
    pub shared_experts: u64,
    #[serde(default)]
    pub first_dense_layers: u64,
    #[serde(default)]
    pub kv_lora_rank: u64,
    #[serde(default)]
    pub q_lora_rank: u64,
    #[serde(default)]
    pub rope_dim: u64,
    /// Sliding-window size for local layers (0: none).
    #[serde(default)]
    pub window: u64,
    /// Period of the local/global layer pattern (llama.cpp `sliding_window_pattern`): of each
    /// `swa_period` consecutive layers the last is global (full attention), the others slide.
    /// 0 with a window: every layer slides. Gemma-2 and gpt-oss 2, Gemma-3 6.
    #[serde(default)]
    pub swa_period: u64,
    /// Number of full-attention layers when known exactly (from `layer_types`); overrides `swa_period`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub global_layers: Option<u64>,
    #[serde(default)]
    pub max_position: u64,
    /// The official parameter count, when published.
    #[serde(default)]
    pub official_params: Option<u64>,
    /// Parameter count for a params-only model.
    #[serde(default)]
    pub params: Option<u64>,
    #[serde(default)]
    pub source: String,
    /// q/k/v projections carry biases (Qwen2/2.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub qkv_bias: bool,
    /// q_norm and k_norm weights of `head_dim` each per layer (Qwen3, Gemma-3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub qk_norm: bool,
    /// RMSNorm/LayerNorm weight vectors per layer: 2 (pre-attention, pre-FFN), 4 for Gemma-2/3.
    #[serde(default = "two")]
    pub norms_per_layer: u64,
    /// MLA: non-rotary part of the q/k head (`qk_nope_head_dim`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub qk_nope_dim: u64,
    /// MLA: value head size (`v_head_dim`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub v_head_dim: u64,
    /// Multi-token-prediction layers shipped beside the main model (`num_nextn_predict_layers`).
    /// Not counted in the parameters nor loaded unless speculative decoding uses them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mtp_layers: u64,
    /// Encoders: token-type embeddings (BERT 2, DistilBERT 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub token_types: u64,
    /// Encoders: a pooler dense layer (BertModel).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pooler: bool,
    /// The format the official checkpoint ships in (gpt-oss `mxfp4`: MXFP4 experts, BF16 rest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub native_quant: Option<Quant>,
    /// Active parameters of a params-only model, when published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_params: Option<u64>,
    /// Exact weight bytes read from a file (GGUF tensor infos); used instead of the format's estimate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_weight_bytes: Option<u64>,
}

fn is_zero(v: &u64) -> bool {
    *v == 0
}

impl ModelArch {
    /// Head dimension: the explicit one, else hidden / heads (never 0 for a valid architecture).
    pub fn head_dim(&self) -> u64 {
        match self.head_dim {
            Some(d) if d > 0 => d,
            _ => self.hidden.checked_div(self.heads).unwrap_or(0),
        }
    }
    /// KV heads, defaulting to the attention heads (MHA) when not given.
    pub fn kv_heads(&self) -> u64 {
        if self.kv_heads == 0 {
            self.heads
        } else {
            self.kv_heads
        }
    }
    /// Whether the model routes tokens to experts.
    pub fn is_moe(&self) -> bool {
        self.experts > 1
            && matches!(
                self.family,
                ArchFamily::Moe | ArchFamily::GptOss | ArchFamily::DeepseekMla
            )
    }
    /// Full-attention layers (the rest are sliding-window layers when `window > 0`).
    pub fn global_layers(&self) -> u64 {
        if self.window == 0 {
            return self.layers;
        }
        if let Some(g) = self.global_layers {
            return g.min(self.layers);
        }
        self.layers.checked_div(self.swa_period).unwrap_or(0)
    }
    /// Sliding-window layers.
    pub fn local_layers(&self) -> u64 {
        self.layers - self.global_layers()
    }
    /// A bare model known only by its parameter count.
    pub fn params_only(id: &str, params: u64) -> ModelArch {
        ModelArch {
            id: id.to_string(),
            name: id.to_string(),
            family: ArchFamily::ParamsOnly,
            params: Some(params),
            norms_per_layer: 2,
            ..ModelArch::default()
        }
    }
}

impl Default for ModelArch {
    fn default() -> Self {
        ModelArch {
            id: String::new(),
            name: String::new(),
            family: ArchFamily::Dense,
            hf_repo: String::new(),
            hidden: 0,
            layers: 0,
            heads: 0,
            kv_heads: 0,
            head_dim: None,
            ffn: 0,
            vocab: 0,
            tied: false,
            experts: 0,
            experts_active: 0,
            moe_ffn: 0,
            shared_experts: 0,
            first_dense_layers: 0,
            kv_lora_rank: 0,
            q_lora_rank: 0,
            rope_dim: 0,
            window: 0,
            swa_period: 0,
            global_layers: None,
            max_position: 0,
            official_params: None,
            params: None,
            source: String::new(),
            qkv_bias: false,
            qk_norm: false,
            norms_per_layer: 2,
            qk_nope_dim: 0,
            v_head_dim: 0,
            mtp_layers: 0,
            token_types: 0,
            pooler: false,
            native_quant: None,
            active_params: None,
            file_weight_bytes: None,
        }
    }
}
