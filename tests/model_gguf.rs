//! GGUF header reader on a synthetic file built here: metadata, tensor table, exact bytes from
//! each tensor's real type, and clear errors on truncated or foreign input.

use inference_sizer::model::gguf::{read_header, GgufError};
use inference_sizer::model::*;

/// Builds a GGUF v3 header byte by byte.
struct Gguf {
    kv: Vec<u8>,
    n_kv: u64,
    tensors: Vec<u8>,
    n_tensors: u64,
}

fn string(out: &mut Vec<u8>, s: &str) {
    out.extend((s.len() as u64).to_le_bytes());
    out.extend(s.as_bytes());
}

impl Gguf {
    fn new() -> Gguf {
        Gguf {
            kv: Vec::new(),
            n_kv: 0,
            tensors: Vec::new(),
            n_tensors: 0,
        }
    }
    fn u32(mut self, key: &str, v: u32) -> Gguf {
        string(&mut self.kv, key);
        self.kv.extend(4u32.to_le_bytes());
        self.kv.extend(v.to_le_bytes());
        self.n_kv += 1;
        self
    }
    fn str(mut self, key: &str, v: &str) -> Gguf {
        string(&mut self.kv, key);
        self.kv.extend(8u32.to_le_bytes());
        string(&mut self.kv, v);
        self.n_kv += 1;
        self
    }
    /// An array of u32, one a layer (llama.cpp's per-layer `head_count_kv` of hybrids).
    fn u32s(mut self, key: &str, v: &[u32]) -> Gguf {
        string(&mut self.kv, key);
        self.kv.extend(9u32.to_le_bytes());
        self.kv.extend(4u32.to_le_bytes());
        self.kv.extend((v.len() as u64).to_le_bytes());
        for x in v {
            self.kv.extend(x.to_le_bytes());
        }
        self.n_kv += 1;
        self
    }
    fn tokens(mut self, n: usize) -> Gguf {
        string(&mut self.kv, "tokenizer.ggml.tokens");
        self.kv.extend(9u32.to_le_bytes());
        self.kv.extend(8u32.to_le_bytes());
        self.kv.extend((n as u64).to_le_bytes());
        for i in 0..n {
            string(&mut self.kv, &format!("tok{i}"));
        }
        self.n_kv += 1;
        self
    }
    /// `ggml_type`: 0 F32, 12 Q4_K, 14 Q6_K.
    fn tensor(mut self, name: &str, dims: &[u64], ggml_type: u32) -> Gguf {
        string(&mut self.tensors, name);
        self.tensors.extend((dims.len() as u32).to_le_bytes());
        for d in dims {
            self.tensors.extend(d.to_le_bytes());
        }
        self.tensors.extend(ggml_type.to_le_bytes());
        self.tensors.extend(0u64.to_le_bytes());
        self.n_tensors += 1;
        self
    }
    fn bytes(&self) -> Vec<u8> {
        let mut out = b"GGUF".to_vec();
        out.extend(3u32.to_le_bytes());
        out.extend(self.n_tensors.to_le_bytes());
        out.extend(self.n_kv.to_le_bytes());
        out.extend(&self.kv);
        out.extend(&self.tensors);
        out
    }
}

/// A two-layer Llama-style model: hidden 256, 4 heads (2 KV heads of 64), FFN 512, vocab 1000.
fn tiny_llama() -> Vec<u8> {
    let mut g = Gguf::new()
        .str("general.architecture", "llama")
        .str("general.name", "Tiny Llama")
        .u32("llama.block_count", 2)
        .u32("llama.embedding_length", 256)
        .u32("llama.attention.head_count", 4)
        .u32("llama.attention.head_count_kv", 2)
        .u32("llama.feed_forward_length", 512)
        .u32("llama.context_length", 4096)
        .tokens(1000)
        .tensor("token_embd.weight", &[256, 1000], 12);
    for i in 0..2 {
        g = g
            .tensor(&format!("blk.{i}.attn_norm.weight"), &[256], 0)
            .tensor(&format!("blk.{i}.attn_q.weight"), &[256, 256], 12)
            .tensor(&format!("blk.{i}.attn_k.weight"), &[256, 128], 12)
            .tensor(&format!("blk.{i}.attn_v.weight"), &[256, 128], 14)
            .tensor(&format!("blk.{i}.attn_output.weight"), &[256, 256], 12)
            .tensor(&format!("blk.{i}.ffn_norm.weight"), &[256], 0)
            .tensor(&format!("blk.{i}.ffn_gate.weight"), &[256, 512], 12)
            .tensor(&format!("blk.{i}.ffn_up.weight"), &[256, 512], 12)
            .tensor(&format!("blk.{i}.ffn_down.weight"), &[512, 256], 14);
    }
    g.tensor("output_norm.weight", &[256], 0)
        .tensor("output.weight", &[256, 1000], 14)
        .bytes()
}

#[test]
fn the_header_gives_architecture_and_exact_weight_bytes() {
    let buf = tiny_llama();
    let info = read_header(&buf).expect("reads");
    assert_eq!(info.version, 3);
    assert_eq!(info.architecture, "llama");
    assert_eq!(info.tensors.len(), 21);
    assert_eq!(info.header_bytes, buf.len() as u64);
    // Q4_K is 144 B per 256 weights, Q6_K 210 B per 256, F32 4 B:
    // token_embd 256,000 x 144/256 = 144,000
    // per layer: Q4_K q 65,536 + k 32,768 + o 65,536 + gate 131,072 + up 131,072 = 425,984 -> 239,616
    //            Q6_K v 32,768 + down 131,072 = 163,840 -> 134,400; norms 2 x 256 x 4 = 2,048
    // output 256,000 x 210/256 = 210,000; output_norm 1,024.
    let per_layer = 239_616 + 134_400 + 2_048;
    assert_eq!(info.weight_bytes, 144_000 + 2 * per_layer + 210_000 + 1_024);
    assert_eq!(
        info.params,
        256_000 * 2 + 2 * (425_984 + 163_840 + 512) + 256
    );
    let a = &info.arch;
    assert_eq!(
        (a.layers, a.hidden, a.heads, a.kv_heads, a.ffn, a.vocab),
        (2, 256, 4, 2, 512, 1000)
    );
    assert_eq!(a.max_position, 4096);
    assert!(!a.tied);
    assert_eq!(a.name, "Tiny Llama");
    // The architecture arithmetic agrees with the tensor table.
    assert_eq!(param_counts(a).total, info.params);
    // The file's bytes are what memory uses.
    assert_eq!(weight_bytes(a, Quant::Q4KM).total, info.weight_bytes as f64);
    assert_eq!(
        kv_bytes_per_token(a, KvType::F16),
        2.0 * 2.0 * 2.0 * 64.0 * 2.0
    );
}

#[test]
fn a_truncated_buffer_says_how_many_bytes_it_needs() {
    let buf = tiny_llama();
    // Cut inside the tokenizer array, then inside the tensor table.
    for cut in [40, 600, buf.len() - 30, buf.len() - 1] {
        let err = read_header(&buf[..cut]).unwrap_err();
        match &err {
            GgufError::Truncated { have, needed, .. } => {
                assert_eq!(*have, cut as u64);
                assert!(*needed > *have && *needed <= buf.len() as u64, "{needed}");
            }
            other => panic!("{other:?}"),
        }
        let text = err.to_string();
        assert!(
            text.contains("read at least") && text.contains(&cut.to_string()),
            "{text}"
        );
    }
    // A cut inside the tensor table names the tensor.
    let err = read_header(&buf[..buf.len() - 30]).unwrap_err();
    assert!(err.to_string().contains("tensor info 21 of 21"), "{err}");
}

#[test]
fn foreign_or_hostile_input_is_an_error() {
    assert_eq!(
        read_header(b"PK\x03\x04 not a gguf"),
        Err(GgufError::NotGguf)
    );
    let mut v1 = b"GGUF".to_vec();
    v1.extend(1u32.to_le_bytes());
    assert_eq!(read_header(&v1), Err(GgufError::UnsupportedVersion(1)));
    // Absurd counts are refused before any allocation.
    let mut huge = b"GGUF".to_vec();
    huge.extend(3u32.to_le_bytes());
    huge.extend(u64::MAX.to_le_bytes());
    huge.extend(u64::MAX.to_le_bytes());
    assert!(matches!(read_header(&huge), Err(GgufError::Invalid(_))));
    // A string length beyond the buffer is a truncation, not a panic.
    let mut bad = Gguf::new().str("general.architecture", "llama").bytes();
    bad[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(read_header(&bad).is_err());
    assert!(read_header(&[]).is_err());
}

// --- In Spanish ---------------------------------------------------------------------------

use inference_sizer::model::gguf::{GgufWarning, HeaderPart, Malformed};
use inference_sizer::scenario::Lang;

/// Words of the English messages that must not survive in a Spanish one; quoted keys (between
/// backticks) and names (GGUF, ggml, KV, bytes, tensor) are left aside.
const ENGLISH: &str = "\
    not a file it does start with the version is supported versions and are first end inside \
    read at least from of header metadata table entry info malformed unknown value type array \
    element nested longer than buffer tensors entries plausible has dimensions this reader its \
    counted missing architecture fields or unreadable cache sized";

#[track_caller]
fn assert_spanish(text: &str) {
    let outside: Vec<&str> = text.split('`').step_by(2).collect();
    let left: Vec<&str> = outside
        .iter()
        .flat_map(|part| part.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| {
            ENGLISH
                .split_whitespace()
                .any(|e| e.eq_ignore_ascii_case(w))
        })
        .collect();
    assert!(left.is_empty(), "English words {left:?} in: {text}");
}

#[test]
fn every_gguf_warning_and_error_has_a_spanish_sentence_with_no_english_left() {
    let warnings = [
        GgufWarning::UnknownTensorType {
            tensor: "blk.0.ffn_up.weight".into(),
            ggml_type: 99,
        },
        GgufWarning::NoArchitecture,
        GgufWarning::FieldMissing {
            key: "llama.block_count".into(),
        },
        GgufWarning::KvLoraRankMissing {
            key: "deepseek2.attention.kv_lora_rank".into(),
        },
    ];
    for w in &warnings {
        let (en, es) = (w.sentence(Lang::En), w.sentence(Lang::Es));
        assert_ne!(en, es);
        assert_eq!(w.to_string(), en);
        assert_spanish(&es);
    }
    let parts = [
        HeaderPart::FileHeader,
        HeaderPart::MetadataEntry { index: 3, count: 9 },
        HeaderPart::MetadataValue {
            key: "general.name".into(),
        },
        HeaderPart::TensorInfo {
            index: 12,
            count: 291,
        },
    ];
    let mut errors = vec![GgufError::NotGguf, GgufError::UnsupportedVersion(1)];
    errors.extend(parts.into_iter().map(|what| GgufError::Truncated {
        have: 1_048_576,
        needed: 2_000_000,
        what,
    }));
    errors.extend(
        [
            Malformed::UnknownValueType(77),
            Malformed::UnknownArrayElementType(77),
            Malformed::NestedArrayTooLong,
            Malformed::ImplausibleCounts {
                tensors: 20_000_000,
                metadata: 3,
            },
            Malformed::TooManyDimensions {
                tensor: "t".into(),
                dims: 9,
            },
        ]
        .map(GgufError::Invalid),
    );
    for e in &errors {
        let (en, es) = (e.message(Lang::En), e.message(Lang::Es));
        assert_ne!(en, es);
        assert_eq!(e.to_string(), en);
        assert_spanish(&es);
    }
}

#[test]
fn a_truncated_buffer_says_in_spanish_how_many_bytes_it_needs() {
    let buf = tiny_llama();
    let err = read_header(&buf[..buf.len() - 30]).unwrap_err();
    let GgufError::Truncated { have, needed, .. } = err else {
        panic!("{err:?}")
    };
    // The tiny file is over a thousand bytes: the Spanish counts take a thousands point.
    let dotted = |n: u64| format!("{}.{:03}", n / 1000, n % 1000);
    assert!(have >= 1000 && needed >= 1000);
    assert_eq!(
        err.message(Lang::Es),
        format!(
            "los primeros {} bytes acaban dentro de la descripción del tensor 21 de 21: hay que \
             leer al menos {} bytes desde el principio del fichero (la cabecera, los metadatos y \
             la tabla de tensores)",
            dotted(have),
            dotted(needed)
        )
    );
    assert_eq!(
        GgufError::Truncated {
            have: 60,
            needed: 64,
            what: HeaderPart::MetadataValue {
                key: "general.architecture".into()
            },
        }
        .message(Lang::Es),
        "los primeros 60 bytes acaban dentro del metadato `general.architecture`: hay que leer al \
         menos 64 bytes desde el principio del fichero (la cabecera, los metadatos y la tabla de \
         tensores)"
    );
}

#[test]
fn foreign_or_hostile_input_is_refused_in_spanish() {
    let es = |b: &[u8]| read_header(b).unwrap_err().message(Lang::Es);
    assert_eq!(
        es(b"PK\x03\x04 not a gguf"),
        "no es un fichero GGUF (no empieza por los bytes `GGUF`)"
    );
    let mut v1 = b"GGUF".to_vec();
    v1.extend(1u32.to_le_bytes());
    assert_eq!(
        es(&v1),
        "la versión 1 de GGUF no está admitida (sí lo están la 2 y la 3)"
    );
    let mut huge = b"GGUF".to_vec();
    huge.extend(3u32.to_le_bytes());
    huge.extend(20_000_000u64.to_le_bytes());
    huge.extend(1_500u64.to_le_bytes());
    assert_eq!(
        es(&huge),
        "la cabecera GGUF está mal formada: declarar 20.000.000 tensores y 1.500 entradas de \
         metadatos no es creíble"
    );
    assert_eq!(
        read_header(&huge).unwrap_err().to_string(),
        "the GGUF header is malformed: 20000000 tensors and 1500 metadata entries is not plausible"
    );
}

#[test]
fn header_warnings_are_said_in_spanish() {
    let no_arch = Gguf::new()
        .u32("llama.block_count", 2)
        .tensor("t", &[4], 99)
        .bytes();
    let info = read_header(&no_arch).expect("reads");
    let es: Vec<String> = info.warnings.iter().map(|w| w.sentence(Lang::Es)).collect();
    assert_eq!(
        es[..2],
        [
            "el tensor `t` es de un tipo ggml (99) que este lector no conoce: sus bytes no se cuentan",
            "falta `general.architecture`: no se leen los campos de la arquitectura",
        ]
    );
    let mla = Gguf::new().str("general.architecture", "deepseek2").bytes();
    let info = read_header(&mla).expect("reads");
    let es: Vec<String> = info.warnings.iter().map(|w| w.sentence(Lang::Es)).collect();
    assert_eq!(
        es,
        [
            "`deepseek2.block_count` falta o no se puede leer",
            "`deepseek2.embedding_length` falta o no se puede leer",
            "`deepseek2.attention.head_count` falta o no se puede leer",
            "falta `deepseek2.attention.kv_lora_rank`: no se dimensiona la caché KV",
        ]
    );
    assert_eq!(
        info.warnings[3].to_string(),
        "`deepseek2.attention.kv_lora_rank` missing: KV cache not sized"
    );
}

/// An eight-layer Phi-3-style model quantised to Q4_K_M as llama.cpp does it: hidden 256, 4 heads
/// of 64 (MHA), FFN 512, vocab 1000; q, k and v in one `attn_qkv` [256, 768] and gate and up in
/// one `ffn_up` [256, 1024] per layer.
fn tiny_phi3() -> Vec<u8> {
    let mut g = Gguf::new()
        .str("general.architecture", "phi3")
        .str("general.name", "Tiny Phi")
        .u32("phi3.block_count", 8)
        .u32("phi3.embedding_length", 256)
        .u32("phi3.attention.head_count", 4)
        .u32("phi3.attention.head_count_kv", 4)
        .u32("phi3.feed_forward_length", 512)
        .u32("phi3.context_length", 4096)
        .tokens(1000)
        .tensor("token_embd.weight", &[256, 1000], 12);
    // llama.cpp's use_more_bits(i, 8): i < 1, i >= 7, or (i - 1) % 3 == 2: layers 0, 3, 6, 7.
    let more_bits = |i: u32| [0, 3, 6, 7].contains(&i);
    for i in 0..8u32 {
        let v_like = if more_bits(i) { 14 } else { 12 };
        g = g
            .tensor(&format!("blk.{i}.attn_norm.weight"), &[256], 0)
            .tensor(&format!("blk.{i}.attn_qkv.weight"), &[256, 768], v_like)
            .tensor(&format!("blk.{i}.attn_output.weight"), &[256, 256], 12)
            .tensor(&format!("blk.{i}.ffn_norm.weight"), &[256], 0)
            .tensor(&format!("blk.{i}.ffn_up.weight"), &[256, 1024], 12)
            .tensor(&format!("blk.{i}.ffn_down.weight"), &[512, 256], v_like);
    }
    g.tensor("output_norm.weight", &[256], 0)
        .tensor("output.weight", &[256, 1000], 14)
        .bytes()
}

#[test]
fn a_fused_qkv_file_is_read_and_estimated_by_llama_cpp_rules() {
    // Worked example (rules of ggml-org/llama.cpp@007dbbf3 src/llama-quant.cpp): `attn_qkv` is in
    // `category_is_attn_v`, so under Q4_K_M it is Q6_K where use_more_bits holds and Q4_K
    // elsewhere, like `attn_v`; `ffn_down` the same; the rest Q4_K; the output Q6_K.
    let buf = tiny_phi3();
    let info = read_header(&buf).expect("reads");
    // token_embd 256,000 x 144/256 = 144,000; output 256,000 x 210/256 = 210,000; norms
    // (2 x 8 + 1) x 256 x 4 = 17,408.
    // attn_qkv 196,608 weights: Q6_K 161,280, Q4_K 110,592; ffn_down 131,072: Q6_K 107,520,
    // Q4_K 73,728; attn_output 65,536 -> 36,864; ffn_up 262,144 -> 147,456.
    // 4 layers at (161,280 + 107,520) + 4 at (110,592 + 73,728) + 8 x (36,864 + 147,456)
    // = 1,075,200 + 737,280 + 1,474,560 = 3,287,040.
    let expected = 144_000 + 210_000 + 17_408 + 3_287_040;
    assert_eq!(info.weight_bytes, expected);
    let a = &info.arch;
    assert!(a.fused_qkv && a.fused_gate_up);
    assert_eq!(param_counts(a).total, info.params);
    // The format's estimate for the same architecture, without the file, gives the same bytes.
    let estimated = ModelArch {
        file_weight_bytes: None,
        ..a.clone()
    };
    assert_eq!(weight_bytes(&estimated, Quant::Q4KM).total, expected as f64);
    // Had the three projections been separate, q and k (Q4_K) would be 2 x 36,864 and v the
    // attn_v mix 36,864 / 53,760: 8 x 73,728 + 4 x 53,760 + 4 x 36,864 = 952,320 instead of
    // 4 x 161,280 + 4 x 110,592 = 1,087,488, the fused tensor 14% more.
    let split = ModelArch {
        fused_qkv: false,
        ..estimated.clone()
    };
    let gap = weight_bytes(&estimated, Quant::Q4KM).total - weight_bytes(&split, Quant::Q4KM).total;
    assert_eq!(gap, 1_087_488.0 - 952_320.0);
}

/// `sizer --gguf FILE` reads the header as the page does and sizes the model it describes.
#[test]
fn the_command_line_reads_a_gguf_header() {
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("sizer-gguf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tiny-phi.gguf");
    std::fs::write(&path, tiny_phi3()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args([
            "--compact",
            "--gguf",
            path.to_str().unwrap(),
            "quant=q4_k_m&engine=llamacpp",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let info = read_header(&tiny_phi3()).unwrap();
    assert_eq!(report["model"]["params"], info.params);
    assert_eq!(report["model"]["name"], "Tiny Phi");
    // Truncated: the reason, exit 2.
    std::fs::write(&path, &tiny_phi3()[..40]).unwrap();
    let bad = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args(["--gguf", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_qwen3_next_header_gives_its_linear_attention_state() {
    // Qwen3-Next as convert_hf_to_gguf.py writes it: ssm.state_size = key head size 128,
    // ssm.group_count = 16 key heads, ssm.time_step_rank = 32 value heads, ssm.inner_size =
    // 32 x 128, ssm.conv_kernel 4, a full-attention layer every 4.
    let buf = Gguf::new()
        .str("general.architecture", "qwen3next")
        .u32("qwen3next.block_count", 48)
        .u32("qwen3next.embedding_length", 2048)
        .u32("qwen3next.attention.head_count", 16)
        .u32("qwen3next.attention.head_count_kv", 2)
        .u32("qwen3next.attention.key_length", 256)
        .u32("qwen3next.feed_forward_length", 5120)
        .u32("qwen3next.expert_count", 512)
        .u32("qwen3next.expert_used_count", 10)
        .u32("qwen3next.full_attention_interval", 4)
        .u32("qwen3next.ssm.conv_kernel", 4)
        .u32("qwen3next.ssm.state_size", 128)
        .u32("qwen3next.ssm.group_count", 16)
        .u32("qwen3next.ssm.time_step_rank", 32)
        .u32("qwen3next.ssm.inner_size", 4096)
        .tokens(10)
        .tensor("token_embd.weight", &[2048, 10], 0)
        .bytes();
    let a = read_header(&buf).expect("reads").arch;
    assert_eq!(a.family, ArchFamily::HybridLinear);
    let s = kv_shape(&a, KvType::F16);
    // 12 attention layers x 2 x 2 x 256 x 2 B = 24,576; state 36 x (8,192 x 3 + 32 x 128 x 128).
    assert_eq!(
        (s.global_per_token, s.state_per_seq),
        (24_576.0, 19_759_104.0)
    );
    // Llama 4: the chunk of 8,192 on three layers of four, fixed in llama.cpp's loader.
    let l4 = Gguf::new()
        .str("general.architecture", "llama4")
        .u32("llama4.block_count", 48)
        .u32("llama4.embedding_length", 5120)
        .u32("llama4.attention.head_count", 40)
        .u32("llama4.attention.head_count_kv", 8)
        .u32("llama4.feed_forward_length", 16384)
        .u32("llama4.expert_feed_forward_length", 8192)
        .u32("llama4.expert_count", 16)
        .u32("llama4.expert_used_count", 1)
        .u32("llama4.interleave_moe_layer_step", 1)
        .tokens(10)
        .tensor("token_embd.weight", &[5120, 10], 0)
        .bytes();
    let a = read_header(&l4).expect("reads").arch;
    let s = kv_shape(&a, KvType::Bf16);
    assert_eq!(
        (s.global_per_token, s.local_per_cell, s.window),
        (49_152.0, 147_456.0, 8192)
    );
    assert_eq!(a.shared_experts, 1);
}

#[test]
fn a_granite_hybrid_header_gives_its_mamba_layers_and_their_state() {
    // Granite-4.0-H-Tiny as llama.cpp writes it: head_count_kv per layer, 0 on the 36 Mamba
    // layers (attention on layers 5, 15, 25, 35); ssm.inner_size 3,072 = 48 heads
    // (time_step_rank) x 64; state 128, one group, conv 4; 64 experts of 512, a shared MLP of
    // 1,024 (two experts' width).
    let kv: Vec<u32> = (0..40).map(|i| if i % 10 == 5 { 4 } else { 0 }).collect();
    let buf = Gguf::new()
        .str("general.architecture", "granitehybrid")
        .u32("granitehybrid.block_count", 40)
        .u32("granitehybrid.embedding_length", 1536)
        .u32("granitehybrid.attention.head_count", 12)
        .u32s("granitehybrid.attention.head_count_kv", &kv)
        .u32("granitehybrid.feed_forward_length", 512)
        .u32("granitehybrid.expert_count", 64)
        .u32("granitehybrid.expert_used_count", 6)
        .u32("granitehybrid.expert_feed_forward_length", 512)
        .u32("granitehybrid.expert_shared_feed_forward_length", 1024)
        .u32("granitehybrid.ssm.conv_kernel", 4)
        .u32("granitehybrid.ssm.state_size", 128)
        .u32("granitehybrid.ssm.group_count", 1)
        .u32("granitehybrid.ssm.time_step_rank", 48)
        .u32("granitehybrid.ssm.inner_size", 3072)
        .tokens(10)
        .tensor("token_embd.weight", &[1536, 10], 0)
        .bytes();
    let a = read_header(&buf).expect("reads").arch;
    assert_eq!((a.mamba_layers, a.attention_layers()), (36, 4));
    assert_eq!(
        (a.mamba_heads, a.mamba_head_dim, a.shared_experts),
        (48, 64, 2)
    );
    let s = kv_shape(&a, KvType::F16);
    // 4 layers x 2 x 4 x 128 x 2 B = 8,192; state 36 x ((3,072 + 256) x 3 + 3,072 x 128).
    assert_eq!(
        (s.global_per_token, s.state_per_seq),
        (8_192.0, 14_515_200.0)
    );
    // llama.cpp keeps the state in F32: 4 bytes a value.
    assert_eq!(state_elem_bytes(Engine::Llamacpp), 4.0);
}

#[test]
fn gemma_3n_and_ernie_headers_give_their_sharing_and_moe_step() {
    let g = Gguf::new()
        .str("general.architecture", "gemma3n")
        .u32("gemma3n.block_count", 35)
        .u32("gemma3n.embedding_length", 2048)
        .u32("gemma3n.attention.head_count", 8)
        .u32("gemma3n.attention.head_count_kv", 2)
        .u32("gemma3n.attention.key_length", 256)
        .u32("gemma3n.feed_forward_length", 16384)
        .u32("gemma3n.attention.shared_kv_layers", 15)
        .u32("gemma3n.embedding_length_per_layer_input", 256)
        .tokens(10)
        .tensor("token_embd.weight", &[2048, 10], 0)
        .bytes();
    let a = read_header(&g).expect("reads").arch;
    // 20 of 35 layers keep a cache: 20 x 2 x 2 x 256 x 2 B = 40,960 bytes a token.
    assert_eq!((a.kv_shared_layers, a.ple_dim), (15, 256));
    assert_eq!(kv_bytes_per_token(&a, KvType::F16), 40_960.0);
    // ERNIE-4.5-style MoE on every second layer after a dense one.
    let e = Gguf::new()
        .str("general.architecture", "ernie4_5-moe")
        .u32("ernie4_5-moe.block_count", 28)
        .u32("ernie4_5-moe.embedding_length", 2560)
        .u32("ernie4_5-moe.attention.head_count", 20)
        .u32("ernie4_5-moe.attention.head_count_kv", 4)
        .u32("ernie4_5-moe.feed_forward_length", 12288)
        .u32("ernie4_5-moe.expert_count", 64)
        .u32("ernie4_5-moe.expert_used_count", 6)
        .u32("ernie4_5-moe.expert_feed_forward_length", 1536)
        .u32("ernie4_5-moe.expert_shared_count", 2)
        .u32("ernie4_5-moe.leading_dense_block_count", 1)
        .u32("ernie4_5-moe.interleave_moe_layer_step", 2)
        .tokens(10)
        .tensor("token_embd.weight", &[2560, 10], 0)
        .bytes();
    let a = read_header(&e).expect("reads").arch;
    assert_eq!(
        (
            a.experts,
            a.shared_experts,
            a.first_dense_layers,
            a.moe_layer_step
        ),
        (64, 2, 1, 2)
    );
}

#[test]
fn a_header_with_nextn_layers_sizes_them_beside_the_model() {
    // GLM-4.5 as llama.cpp writes it: `block_count` counts the multi-token-prediction layer
    // (`convert_hf_to_gguf.py`: num_hidden_layers + num_nextn_predict_layers, "92 layers + 1
    // NextN layer") and `nextn_predict_layers` says how many. A small MoE of that kind: 3
    // blocks of which 1 NextN; h 64, 4 heads of 16, 2 KV heads, 4 experts of 32, 2 active.
    let buf = Gguf::new()
        .str("general.architecture", "glm4moe")
        .u32("glm4moe.block_count", 3)
        .u32("glm4moe.nextn_predict_layers", 1)
        .u32("glm4moe.embedding_length", 64)
        .u32("glm4moe.attention.head_count", 4)
        .u32("glm4moe.attention.head_count_kv", 2)
        .u32("glm4moe.feed_forward_length", 128)
        .u32("glm4moe.expert_count", 4)
        .u32("glm4moe.expert_used_count", 2)
        .u32("glm4moe.expert_feed_forward_length", 32)
        .tokens(10)
        .tensor("token_embd.weight", &[64, 10], 0)
        .bytes();
    let a = read_header(&buf).expect("reads").arch;
    assert_eq!((a.layers, a.mtp_layers), (2, 1));
    // The cache is the two model layers': 2 x 2 (K, V) x 2 heads x 16 x 2 B = 256 a token.
    assert_eq!(kv_bytes_per_token(&a, KvType::F16), 256.0);
    // The NextN layer, beside the total: one MoE layer (q, o 64 x 64, k, v 64 x 32: 12,288;
    // experts 4 x 3 x 64 x 32 = 24,576; router 64 x 4 = 256; two norms 128) = 37,248, plus
    // enorm and hnorm (128), eh_proj 2 x 64 x 64 (8,192) and shared_head.norm (64) = 45,632.
    assert_eq!(param_counts(&a).mtp, 45_632);
    // Without the key every block is a model layer.
    let plain = Gguf::new()
        .str("general.architecture", "glm4moe")
        .u32("glm4moe.block_count", 3)
        .u32("glm4moe.embedding_length", 64)
        .u32("glm4moe.attention.head_count", 4)
        .u32("glm4moe.attention.head_count_kv", 2)
        .u32("glm4moe.feed_forward_length", 128)
        .u32("glm4moe.expert_count", 4)
        .u32("glm4moe.expert_used_count", 2)
        .u32("glm4moe.expert_feed_forward_length", 32)
        .tokens(10)
        .tensor("token_embd.weight", &[64, 10], 0)
        .bytes();
    let b = read_header(&plain).expect("reads").arch;
    assert_eq!((b.layers, b.mtp_layers, param_counts(&b).mtp), (3, 0, 0));
}
