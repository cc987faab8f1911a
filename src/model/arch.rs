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
    /// Hybrid linear attention (Qwen3-Next): a gated full-attention layer every
    /// `full_attention_interval` layers, Gated DeltaNet layers between them (a fixed state per
    /// sequence, no per-token cache), MoE with a gated shared expert.
    HybridLinear,
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
    /// The total parameters a model card states, rounded ("109B"), when no exact official count
    /// is published.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stated_params: Option<u64>,
    /// The active (per token) parameters a model card states for an MoE, rounded ("17B
    /// activated").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stated_active_params: Option<u64>,
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
    /// MoE on every n-th layer after the dense prefix (Llama 4 `interleave_moe_layer_step`:
    /// Maverick 2, the layers between hold a dense FFN of `ffn`); 0 or 1: every layer.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub moe_layer_step: u64,
    /// Chunked attention (Llama 4 `attention_chunk_size`): the local layers attend within aligned
    /// chunks of this many tokens, so they keep at most a chunk of KV. Layers follow the same
    /// pattern fields as a sliding window (`swa_period`, `global_layers`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub attention_chunk: u64,
    /// Hybrid models: one full-attention layer in every `full_attention_interval` (Qwen3-Next 4).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub full_attention_interval: u64,
    /// Gated DeltaNet layers: key heads, value heads, key and value head sizes, conv kernel.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub linear_key_heads: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub linear_value_heads: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub linear_key_dim: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub linear_value_dim: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub linear_conv_kernel: u64,
    /// DeepSeek sparse attention (V3.2): the lightning indexer's heads and head size per layer.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub index_heads: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub index_head_dim: u64,
    /// q, k and v in one tensor (Phi-3 `qkv_proj`, GGUF `attn_qkv`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fused_qkv: bool,
    /// gate and up projections in one tensor (Phi-3 `gate_up_proj`, GGUF `ffn_up` of 2 x ffn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fused_gate_up: bool,
    /// q/k norms over all heads at once (MiniMax-M2: `nq*hd + nkv*hd` weights per layer).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub qk_norm_all_heads: bool,
    /// The router's score-correction bias of `experts` values per MoE layer (GLM-4.5, MiniMax-M2;
    /// DeepSeek's family always has it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub router_bias: bool,
    /// Parameters outside the language model that load with it (a vision tower and projector):
    /// counted in the total, never active for text, kept 16-bit by every format.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra_params: u64,
    /// Encoders: a sequence-classification head of this many labels (a reranker: 1).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub classifier_labels: u64,
    /// Hybrid state-space models (Granite-4.0-H, Nemotron-H, Falcon-H1, pure Mamba-2): layers
    /// whose mixer is a Mamba-2 block instead of attention (no per-token cache, a fixed state per
    /// sequence). Every layer keeps its FFN (dense or MoE).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mamba_layers: u64,
    /// Mamba-2 heads (`mamba_n_heads`), head size (`mamba_d_head`): the inner width is their
    /// product (`mamba_expand` x hidden).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mamba_heads: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mamba_head_dim: u64,
    /// Mamba-2 state size per head channel (`mamba_d_state`, `ssm_state_size`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mamba_state: u64,
    /// Mamba-2 B/C groups (`mamba_n_groups`, `n_groups`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mamba_groups: u64,
    /// Mamba-2 causal convolution kernel (`mamba_d_conv`, `conv_kernel`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mamba_conv: u64,
    /// The last layers that reuse an earlier layer's keys and values and keep no cache of their
    /// own (Gemma-3n `num_kv_shared_layers`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub kv_shared_layers: u64,
    /// Per-layer embeddings (Gemma-3n): width per layer (`hidden_size_per_layer_input`) and
    /// vocabulary (`vocab_size_per_layer_input`). A table of vocabulary x layers x width, read by
    /// lookup, plus a projection from the hidden state and a gate per layer.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ple_dim: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ple_vocab: u64,
    /// The exact bytes of the published checkpoint (a safetensors index's `total_size`, or a
    /// header's tensors), used instead of the estimate when the weights are in its format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint_bytes: Option<u64>,
    /// The format of the published checkpoint (`torch_dtype`, or its quantisation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint_format: Option<Quant>,
    /// MiniMax-01/M1 lightning (linear) attention layers (`attn_type_list` 0): every head has its
    /// own q, k and v, an output gate and a norm; a state of heads x head size^2 per sequence
    /// instead of a KV cache.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lightning_layers: u64,
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
                ArchFamily::Moe
                    | ArchFamily::GptOss
                    | ArchFamily::DeepseekMla
                    | ArchFamily::HybridLinear
            )
    }
    /// The span a local layer keeps: the sliding window, else the attention chunk (0: none).
    pub fn local_span(&self) -> u64 {
        if self.window > 0 {
            self.window
        } else {
            self.attention_chunk
        }
    }
    /// Whether the model has Gated DeltaNet (linear-attention) layers.
    pub fn is_hybrid_linear(&self) -> bool {
        self.full_attention_interval > 0
            && (self.family == ArchFamily::HybridLinear
                || self.family == ArchFamily::ParamsOnly && self.linear_value_heads > 0)
    }
    /// Linear-attention layers of a hybrid model (0 otherwise).
    pub fn linear_layers(&self) -> u64 {
        if self.is_hybrid_linear() {
            self.layers - self.layers / self.full_attention_interval
        } else {
            0
        }
    }
    /// Mamba-2 layers of a hybrid state-space model (0 otherwise), at most the layers.
    pub fn mamba_layers(&self) -> u64 {
        if self.is_hybrid_linear() {
            0
        } else {
            self.mamba_layers.min(self.layers)
        }
    }
    /// Lightning (linear) attention layers (MiniMax), at most the layers left by the others.
    pub fn lightning_layers(&self) -> u64 {
        self.lightning_layers.min(
            self.layers
                .saturating_sub(self.linear_layers())
                .saturating_sub(self.mamba_layers()),
        )
    }
    /// Layers whose mixer is softmax attention (all but the linear-attention, Mamba and
    /// lightning layers).
    pub fn attention_mixer_layers(&self) -> u64 {
        self.layers
            .saturating_sub(self.linear_layers())
            .saturating_sub(self.mamba_layers())
            .saturating_sub(self.lightning_layers())
    }
    /// Layers that keep a per-token KV cache of their own: the attention layers but those that
    /// reuse an earlier layer's cache.
    pub fn attention_layers(&self) -> u64 {
        self.attention_mixer_layers()
            .saturating_sub(self.kv_shared_layers)
    }
    /// Full-attention layers (the rest are sliding-window or chunked layers when the model has a
    /// window or a chunk, linear-attention layers in a hybrid).
    pub fn global_layers(&self) -> u64 {
        if self.local_span() == 0 {
            return self.attention_layers();
        }
        if let Some(g) = self.global_layers {
            return g.min(self.attention_layers());
        }
        self.attention_layers()
            .checked_div(self.swa_period)
            .unwrap_or(0)
    }
    /// Sliding-window (or chunked) layers.
    pub fn local_layers(&self) -> u64 {
        self.attention_layers().saturating_sub(self.global_layers())
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
            stated_params: None,
            stated_active_params: None,
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
            moe_layer_step: 0,
            attention_chunk: 0,
            full_attention_interval: 0,
            linear_key_heads: 0,
            linear_value_heads: 0,
            linear_key_dim: 0,
            linear_value_dim: 0,
            linear_conv_kernel: 0,
            index_heads: 0,
            index_head_dim: 0,
            fused_qkv: false,
            fused_gate_up: false,
            qk_norm_all_heads: false,
            router_bias: false,
            extra_params: 0,
            classifier_labels: 0,
            mamba_layers: 0,
            mamba_heads: 0,
            mamba_head_dim: 0,
            mamba_state: 0,
            mamba_groups: 0,
            mamba_conv: 0,
            kv_shared_layers: 0,
            ple_dim: 0,
            ple_vocab: 0,
            checkpoint_bytes: None,
            checkpoint_format: None,
            lightning_layers: 0,
        }
    }
}
