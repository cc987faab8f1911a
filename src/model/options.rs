//! The user's choices that the sizing engine reads: weight format, KV-cache type, engine, task.
//! The ids are the URL values of `docs/interface.md` §1: add, never rename.

use serde::{Deserialize, Serialize};

macro_rules! id_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident = $id:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $id)] $variant),+
        }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The id used in URLs and JSON.
            pub fn id(self) -> &'static str {
                match self { $($name::$variant => $id),+ }
            }
            /// Parses an id, case-insensitively.
            pub fn parse(s: &str) -> Option<$name> {
                let s = s.trim();
                $name::ALL.iter().copied().find(|v| v.id().eq_ignore_ascii_case(s))
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }
    };
}

id_enum!(
    /// Weight format.
    Quant {
        Fp32 = "fp32", Bf16 = "bf16", Fp16 = "fp16", Fp8 = "fp8", Int8 = "int8",
        Awq4 = "awq4", Gptq4 = "gptq4", Nf4 = "nf4", Mxfp4 = "mxfp4", Nvfp4 = "nvfp4",
        Q8_0 = "q8_0", Q6K = "q6_k", Q5KM = "q5_k_m", Q5KS = "q5_k_s", Q4KM = "q4_k_m",
        Q4KS = "q4_k_s", Q4_0 = "q4_0", Q3KM = "q3_k_m", Q3KS = "q3_k_s", Q2K = "q2_k",
        Iq4Xs = "iq4_xs", Iq3M = "iq3_m", Iq2M = "iq2_m",
    }
);

id_enum!(
    /// KV-cache element type.
    KvType { F16 = "f16", Bf16 = "bf16", Fp8 = "fp8", Q8_0 = "q8_0", Q4_0 = "q4_0" }
);

id_enum!(
    /// Serving engine: decides memory reserve, overheads and efficiency.
    Engine {
        Vllm = "vllm", Sglang = "sglang", Trtllm = "trtllm", Llamacpp = "llamacpp",
        Ollama = "ollama", Transformers = "transformers",
    }
);

id_enum!(
    /// Workload: inference or a fine-tuning mode.
    Task { Infer = "infer", Lora = "lora", Qlora = "qlora", Full = "full" }
);

impl Quant {
    /// llama.cpp's GGUF mixtures (quantised tensor by tensor).
    pub fn is_gguf(self) -> bool {
        matches!(
            self,
            Quant::Q8_0
                | Quant::Q6K
                | Quant::Q5KM
                | Quant::Q5KS
                | Quant::Q4KM
                | Quant::Q4KS
                | Quant::Q4_0
                | Quant::Q3KM
                | Quant::Q3KS
                | Quant::Q2K
                | Quant::Iq4Xs
                | Quant::Iq3M
                | Quant::Iq2M
        )
    }
}
