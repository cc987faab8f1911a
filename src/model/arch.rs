//! Model architectures with Hugging Face `config.json` meanings.

use serde::{Deserialize, Serialize};

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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// Of each `swa_period` consecutive layers, how many are global (full attention); the rest slide.
    #[serde(default)]
    pub swa_period: u64,
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
}
