//! The importer's reading of what differs by family: Llama 4, Qwen3-Next, DeepSeek-V3.2, Phi-3,
//! GLM-4.5, MiniMax-M2, classification heads, and a quantised checkpoint's native format.

use super::{ImportWarning, Reader};
use crate::model::arch::{ArchFamily, ModelArch};
use crate::model::options::Quant;

impl Reader<'_> {
    /// The layer kinds and tensors of the 2025 architectures: Llama 4 (implicit shared expert,
    /// dense FFN width, chunked attention and its NoPE global layers), Qwen3-Next (Gated DeltaNet
    /// layers), DeepSeek-V3.2 (the indexer), the Phi-3 family (fused tensors), GLM-4.5 and
    /// MiniMax-M2 (biases and norms), a classification head (rerankers).
    pub(super) fn recent_architectures(&mut self, a: &mut ModelArch) {
        let mt = self.model_type.clone();
        if mt.starts_with("llama4") {
            if a.experts > 1 {
                a.shared_experts = a.shared_experts.max(1);
            }
            if let Some(i) = self.int(&["intermediate_size_mlp"]) {
                a.ffn = i;
            }
            if let Some(c) = self.int(&["attention_chunk_size"]) {
                a.attention_chunk = c;
                // `no_rope_layers`: 1 for a RoPE (chunked) layer, 0 for a NoPE global one; else
                // every `no_rope_layer_interval`-th layer (default 4) is global.
                let listed = self.raw("no_rope_layers").and_then(|v| v.as_array());
                match listed {
                    Some(l) if !l.is_empty() => {
                        let global = l.iter().filter(|x| x.as_u64() == Some(0)).count() as u64;
                        a.global_layers = Some(global);
                    }
                    _ => a.swa_period = self.int(&["no_rope_layer_interval"]).unwrap_or(4),
                }
            }
        }
        if a.family == ArchFamily::HybridLinear {
            a.full_attention_interval = self.int(&["full_attention_interval"]).unwrap_or(4);
            a.linear_key_heads = self.int(&["linear_num_key_heads"]).unwrap_or(0);
            a.linear_value_heads = self.int(&["linear_num_value_heads"]).unwrap_or(0);
            a.linear_key_dim = self.int(&["linear_key_head_dim"]).unwrap_or(0);
            a.linear_value_dim = self.int(&["linear_value_head_dim"]).unwrap_or(0);
            a.linear_conv_kernel = self.int(&["linear_conv_kernel_dim"]).unwrap_or(4);
        }
        if a.family == ArchFamily::DeepseekMla {
            a.index_heads = self.int(&["index_n_heads"]).unwrap_or(0);
            a.index_head_dim = self.int(&["index_head_dim"]).unwrap_or(0);
        }
        if mt == "phi3" {
            a.fused_qkv = true;
            a.fused_gate_up = true;
        }
        if mt == "glm4_moe" {
            a.qk_norm = self.boolean("use_qk_norm").unwrap_or(false);
            a.router_bias = true;
        }
        if mt == "minimax_m2" {
            a.qk_norm_all_heads = self.boolean("use_qk_norm").unwrap_or(true);
            a.router_bias = self.boolean("use_routing_bias").unwrap_or(true);
        }
        if a.family == ArchFamily::Encoder
            && self.architecture.contains("ForSequenceClassification")
        {
            let labels = self
                .raw("id2label")
                .and_then(|v| v.as_object())
                .map(|m| m.len() as u64);
            a.classifier_labels = self.int(&["num_labels"]).or(labels).unwrap_or(1).max(1);
        }
    }

    /// `attention_bias` as given, true when absent.
    pub(super) fn top_bias(&mut self) -> bool {
        self.boolean("attention_bias") != Some(false)
    }

    /// A quantised checkpoint: named in a warning, and its native format when the sizing knows it.
    pub(super) fn quantisation(&mut self, a: &mut ModelArch) {
        if let Some(q) = self.raw("quantization_config") {
            let method = q.get("quant_method").and_then(|m| m.as_str());
            self.warnings.push(ImportWarning::Quantised {
                method: method.map(str::to_string),
            });
            let text = q.to_string().to_ascii_lowercase();
            a.native_quant = match method {
                Some("mxfp4") => Some(Quant::Mxfp4),
                Some("fp8") => Some(Quant::Fp8),
                Some("awq") => Some(Quant::Awq4),
                Some("gptq") if q.get("bits").and_then(|b| b.as_u64()) == Some(4) => {
                    Some(Quant::Gptq4)
                }
                Some("bitsandbytes") if text.contains("\"load_in_4bit\":true") => Some(Quant::Nf4),
                Some("modelopt" | "compressed-tensors") if text.contains("nvfp4") => {
                    Some(Quant::Nvfp4)
                }
                Some("modelopt" | "compressed-tensors") if text.contains("fp8") => Some(Quant::Fp8),
                _ => None,
            };
        } else if a.family == ArchFamily::GptOss {
            a.native_quant = Some(Quant::Mxfp4);
        }
        // The checkpoint's format: its quantisation, else `torch_dtype` (`dtype` since
        // transformers 4.56).
        let dtype = self
            .string("torch_dtype")
            .or_else(|| self.string("dtype"))
            .or_else(|| self.top.get("torch_dtype").and_then(|v| v.as_str()));
        a.checkpoint_format = a.native_quant.or(match dtype {
            Some("bfloat16") => Some(Quant::Bf16),
            Some("float16") => Some(Quant::Fp16),
            Some("float32") => Some(Quant::Fp32),
            _ => None,
        });
    }
}
