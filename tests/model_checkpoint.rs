//! A safetensors checkpoint's exact size (its index's `metadata.total_size`, or a file's header)
//! beside the config: used for the weights in the checkpoint's own format, carried by the link,
//! and a check on the count.

use inference_sizer::catalog::Catalog;
use inference_sizer::model::checkpoint::{apply, from_index_json, from_safetensors_header};
use inference_sizer::model::import::{from_config_json, ImportError, ImportWarning};
use inference_sizer::model::*;
use inference_sizer::scenario::{import_into, resolve_model, Lang, Scenario};

fn config(name: &str) -> ModelArch {
    let path = format!(
        "{}/tests/data/configs/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    from_config_json(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .arch
}

/// The head of SmolLM3-3B's `model.safetensors.index.json` (fetchwiki/HuggingFaceTB-SmolLM3-3B
/// @2db8990c), its weight map cut to one entry.
const SMOLLM3_INDEX: &str = r#"{
  "metadata": {"total_parameters": 3075098624, "total_size": 6150197248},
  "weight_map": {"model.embed_tokens.weight": "model-00001-of-00002.safetensors"}
}"#;

#[test]
fn an_index_gives_the_exact_bf16_weights_and_the_link_carries_them() {
    let mut a = config("smollm3-3b");
    let c = from_index_json(SMOLLM3_INDEX).unwrap();
    assert_eq!((c.bytes, c.params), (6_150_197_248, Some(3_075_098_624)));
    // The count agrees with the file (3,075,098,624 both): no warning.
    assert_eq!(apply(&mut a, &c), []);
    assert_eq!(a.checkpoint_format, Some(Quant::Bf16));
    assert_eq!(weight_bytes(&a, Quant::Bf16).total, 6_150_197_248.0);
    // Another format is still estimated: FP8 one byte a weight, the 16-bit embedding apart
    // (262,668,288 x 2): about 3.34 GB.
    let fp8 = weight_bytes(&a, Quant::Fp8);
    assert!(fp8.total > 3.3e9 && fp8.total < 3.4e9, "{}", fp8.total);
    let catalog = Catalog::builtin();
    let mut s = Scenario::default();
    import_into(&mut s, &a, &catalog);
    let query = s.to_query();
    assert!(
        query.contains("ckpt_bytes=6150197248&ckpt_format=bf16"),
        "{query}"
    );
    let back = resolve_model(
        &Scenario::from_query(&query).0,
        &catalog,
        Lang::En,
        &mut Vec::new(),
    );
    assert_eq!(weight_bytes(&back, Quant::Bf16).total, 6_150_197_248.0);
}

#[test]
fn a_checkpoint_holding_more_than_the_count_is_said() {
    // LocateAnything-3B's index (oguzaybilir/LocateAnything-3B-FineTuning@1f55ca04c084) stores
    // `language_model.lm_head.weight` although its `text_config` ties it: total_size
    // 7,661,331,936 = 2 x 3,830,665,968; the architecture counts 3,517,975,280 (the Qwen2.5-3B
    // text model, MoonViT and its projector), 312,690,688 = 152,681 x 2,048 (the head's copy)
    // fewer, 8.2% short.
    let mut a = config("locateanything-3b");
    let c =
        from_index_json(r#"{"metadata": {"total_size": 7661331936}, "weight_map": {}}"#).unwrap();
    let w = apply(&mut a, &c);
    assert_eq!(
        w,
        [ImportWarning::CheckpointCount {
            held: 3_830_665_968,
            counted: 3_517_975_280
        }]
    );
    assert_eq!(
        w[0].sentence(Lang::Es),
        "el checkpoint tiene 3.830.665.968 parámetros y la arquitectura cuenta 3.517.975.280: lo que no cuenta se carga igualmente"
    );
    // What is loaded is the file.
    assert_eq!(weight_bytes(&a, Quant::Bf16).total, 7_661_331_936.0);
}

#[test]
fn a_checkpoint_with_its_mtp_layer_matches_the_count_beside_it() {
    // MiMo-7B ships its multi-token-prediction layer: total_size 15,666,819,072 = 2 x
    // 7,833,409,536 = the main model (7,622,619,136) + its MTP layer (210,790,400, see
    // tests/model_import.rs): nothing to say, and the file is what is loaded.
    let mut a = config("mimo-7b-kor");
    let c =
        from_index_json(r#"{"metadata": {"total_size": 15666819072}, "weight_map": {}}"#).unwrap();
    assert_eq!(apply(&mut a, &c), []);
    assert_eq!(weight_bytes(&a, Quant::Bf16).total, 15_666_819_072.0);
}

/// A `.safetensors` file's first bytes: the header's length (8 bytes, little endian), then
/// its JSON.
fn header(json: &str) -> Vec<u8> {
    let mut b = (json.len() as u64).to_le_bytes().to_vec();
    b.extend_from_slice(json.as_bytes());
    b.extend_from_slice(&[0; 16]);
    b
}

#[test]
fn a_safetensors_header_gives_bytes_parameters_and_format() {
    // Two BF16 tensors (4 x 8 and 8): 32 + 8 = 40 parameters, 80 bytes; one F32 norm of 2
    // (8 bytes): BF16 holds 80 of 88 bytes, 91%, so the format is BF16.
    let h = header(
        r#"{"__metadata__": {"format": "pt"},
        "a.weight": {"dtype": "BF16", "shape": [4, 8], "data_offsets": [0, 64]},
        "b.weight": {"dtype": "BF16", "shape": [8], "data_offsets": [64, 80]},
        "n.weight": {"dtype": "F32", "shape": [2], "data_offsets": [80, 88]}}"#,
    );
    let c = from_safetensors_header(&h).unwrap();
    assert_eq!(
        (c.bytes, c.params, c.format),
        (88, Some(42), Some(Quant::Bf16))
    );
    // Not a checkpoint, in words.
    for bad in [
        &b"short"[..],
        &header(r#"{"a": {"dtype": "BF16"}}"#),
        &header("[1]"),
    ] {
        let e = from_safetensors_header(bad).unwrap_err();
        assert!(!e.message(Lang::En).is_empty() && !e.message(Lang::Es).is_empty());
    }
    assert_eq!(
        from_index_json(r#"{"weight_map": {}}"#).unwrap_err(),
        ImportError::NotCheckpoint
    );
}

#[test]
fn one_shard_of_several_is_said_and_not_used() {
    let mut a = config("smollm3-3b");
    // The first shard of two: 5 GB of 6.15.
    let c =
        from_index_json(r#"{"metadata": {"total_size": 4988000000}, "weight_map": {}}"#).unwrap();
    let w = apply(&mut a, &c);
    assert_eq!(a.checkpoint_bytes, None);
    assert_eq!(
        w[0].sentence(Lang::En),
        "the checkpoint holds 2,494,000,000 parameters and the architecture counts 3,075,098,624: one shard of several? its size is not used"
    );
    assert_eq!(weight_bytes(&a, Quant::Bf16).total, 6_150_197_248.0);
}
