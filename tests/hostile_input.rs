//! Bad input never panics (a panic kills a WASM app): random and mutated input to every parser a
//! visitor can feed (URL, config.json, GGUF header, catalogue), with a fixed case budget so the
//! run is repeatable and quick. The cargo-fuzz targets in `fuzz/` explore the same entry points
//! without a budget.

use inference_sizer::catalog::Catalog;
use inference_sizer::model::gguf::read_header;
use inference_sizer::model::import::from_config_json;
use inference_sizer::report::{evaluate, evaluate_query, import_into};
use inference_sizer::scenario::Scenario;
use proptest::prelude::*;

const LLAMA_CONFIG: &str = r#"{"architectures":["LlamaForCausalLM"],"hidden_size":4096,"num_hidden_layers":32,
"num_attention_heads":32,"num_key_value_heads":8,"intermediate_size":14336,"vocab_size":128256,
"tie_word_embeddings":false,"max_position_embeddings":131072,"sliding_window":null}"#;

#[path = "support/finite.rs"]
mod finite;
use finite::non_finite_numbers;

/// True when every number in `value` is finite; a failing case prints the paths of those that are not.
fn all_finite<T: serde::Serialize>(value: &T) -> bool {
    let bad = non_finite_numbers(value);
    if !bad.is_empty() {
        eprintln!("non-finite figures: {bad:?}");
    }
    bad.is_empty()
}

#[test]
fn the_finiteness_check_finds_nan_and_infinity_that_json_would_hide() {
    #[derive(serde::Serialize)]
    struct Figures {
        fine: f64,
        rows: Vec<Option<f64>>,
    }
    let hidden = Figures {
        fine: 1.0,
        rows: vec![Some(2.0), Some(f64::NAN), None, Some(f64::INFINITY)],
    };
    // serde_json writes both as null, as it does the None: a JSON-based check sees nothing wrong.
    assert_eq!(
        serde_json::to_string(&hidden).unwrap(),
        r#"{"fine":1.0,"rows":[2.0,null,null,null]}"#
    );
    assert_eq!(
        non_finite_numbers(&hidden),
        vec![".rows[1] = NaN", ".rows[3] = inf"]
    );
    assert!(all_finite(&Figures {
        fine: 0.0,
        rows: vec![None]
    }));
}

/// A minimal GGUF v3 header with one metadata string and one F16 tensor.
fn tiny_gguf() -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(b"GGUF");
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&1u64.to_le_bytes()); // tensors
    b.extend_from_slice(&1u64.to_le_bytes()); // metadata entries
    let key = b"general.architecture";
    b.extend_from_slice(&(key.len() as u64).to_le_bytes());
    b.extend_from_slice(key);
    b.extend_from_slice(&8u32.to_le_bytes()); // string
    b.extend_from_slice(&5u64.to_le_bytes());
    b.extend_from_slice(b"llama");
    let name = b"token_embd.weight";
    b.extend_from_slice(&(name.len() as u64).to_le_bytes());
    b.extend_from_slice(name);
    b.extend_from_slice(&2u32.to_le_bytes()); // dims
    b.extend_from_slice(&4096u64.to_le_bytes());
    b.extend_from_slice(&1000u64.to_le_bytes());
    b.extend_from_slice(&1u32.to_le_bytes()); // F16
    b.extend_from_slice(&0u64.to_le_bytes()); // offset
    b
}

#[test]
fn the_tiny_gguf_fixture_is_read() {
    let info = read_header(&tiny_gguf()).expect("a valid header");
    assert_eq!(info.architecture, "llama");
    // 4096 x 1000 F16 values, 2 bytes each.
    assert_eq!(info.weight_bytes, 8_192_000);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_never_panic_the_gguf_reader(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = read_header(&bytes);
        let mut with_magic = b"GGUF\x03\x00\x00\x00".to_vec();
        with_magic.extend_from_slice(&bytes);
        let _ = read_header(&with_magic);
    }

    #[test]
    fn a_mutated_gguf_header_never_panics(pos in 0usize..120, byte in any::<u8>(), cut in 0usize..140) {
        let mut b = tiny_gguf();
        let p = pos % b.len();
        b[p] = byte;
        b.truncate(cut.min(b.len()));
        let _ = read_header(&b);
    }

    #[test]
    fn random_text_never_panics_the_config_import(text in ".{0,400}") {
        let _ = from_config_json(&text);
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A real config with one value replaced by something absurd: read or refused, and whatever is
    /// read evaluates to finite figures.
    #[test]
    fn an_absurd_config_value_gives_finite_figures(
        field in prop::sample::select(vec!["hidden_size", "num_hidden_layers", "num_attention_heads",
            "num_key_value_heads", "intermediate_size", "vocab_size"]),
        value in prop::sample::select(vec!["0", "-1", "1e300", "18446744073709551615", "\"x\"", "null", "[]", "3.5"]),
    ) {
        let text = LLAMA_CONFIG.replacen(&format!("\"{field}\":"), &format!("\"{field}\":{value},\"_was\":"), 1);
        if let Ok(imported) = from_config_json(&text) {
            let catalog = Catalog::builtin();
            let mut s = Scenario::default();
            import_into(&mut s, &imported.arch, &catalog);
            let r = evaluate(&s, &catalog);
            prop_assert!(all_finite(&r));
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_text_never_panics_the_catalogue_loader(text in ".{0,400}") {
        let _ = Catalog::from_json(&text);
        let _ = Catalog::load_over(&Catalog::empty(), &text);
    }

}

// Each case evaluates the whole catalogue: a smaller budget keeps the debug run short.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn hostile_urls_give_a_report_with_finite_figures(q in "[a-z_=&%0-9.eE+-]{0,120}") {
        let r = evaluate_query(&q, &Catalog::builtin());
        prop_assert!(all_finite(&r));
    }

    /// The page's inputs write numbers straight into the scenario (a pasted 1e308, a negative
    /// count, a u64 cast from anything) and then normalise it: the report stays finite.
    #[test]
    fn absurd_edits_once_normalised_give_finite_figures(
        x in prop::collection::vec(prop_oneof![
            prop::sample::select(vec![-1.0, 0.0, 1e308, -1e308, f64::NAN, f64::INFINITY]),
            any::<f64>(),
        ], 8),
        n in prop::collection::vec(prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()], 4),
    ) {
        let mut s = Scenario::default();
        (s.rpd, s.tps, s.hours, s.months) = (x[0], x[1], x[3], x[4]);
        s.ttft_ms = Some(x[2]);
        s.params_b = Some(x[5]);
        s.assumptions.peak = Some(x[6]);
        s.assumptions.bw_eff = Some(x[7]);
        (s.ctx, s.seqs, s.tokens_in, s.tokens_out) = (n[0], n[1], n[2], n[3]);
        s.normalise();
        let r = evaluate(&s, &Catalog::builtin());
        prop_assert!(all_finite(&r));
    }
}

/// The committed fuzz seeds (fuzz/corpus/<target>/seed-*, written by fuzz/make_seeds.py) are valid
/// inputs, so the short fuzzing run in scripts/test mutates real documents, not text every parser
/// refuses at its first byte.
#[test]
fn the_fuzz_seeds_are_inputs_the_parsers_accept() {
    let seeds = |target: &str| -> Vec<(String, Vec<u8>)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/corpus")
            .join(target);
        let mut found: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("seed-"))
            })
            .map(|p| {
                (
                    p.display().to_string(),
                    std::fs::read(&p).expect("a readable seed"),
                )
            })
            .collect();
        found.sort();
        assert!(found.len() >= 3, "{target}: only {} seeds", found.len());
        found
    };
    let catalog = Catalog::builtin();
    for (path, bytes) in seeds("url") {
        // Every parameter is read: no warning about the link itself.
        let (_, warnings) = Scenario::from_query(&String::from_utf8(bytes).unwrap());
        assert!(warnings.is_empty(), "{path}: {warnings:?}");
    }
    for (path, bytes) in seeds("config_json") {
        let text = String::from_utf8(bytes).unwrap();
        from_config_json(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    for (path, bytes) in seeds("gguf") {
        let info = read_header(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(info.weight_bytes > 0, "{path}");
    }
    for (path, bytes) in seeds("catalog") {
        let text = String::from_utf8(bytes).unwrap();
        Catalog::load_over(&catalog, &text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
