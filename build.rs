//! Compiles the shipped catalogue (`public/catalog.json`) into the binary in its smallest form:
//! without the `notes` fields (remarks for the people who maintain the prices; the page never
//! shows them) and without whitespace. The file in `public/` stays the readable, complete one;
//! `tests/catalog.rs` checks that both read to the same catalogue, notes aside.
//! This saves about 10 KB of the page's gzipped first load.
//!
//! For the browser (wasm32) it also leaves out the citations: the GPUs' and models', which the
//! page never shows, and the offers', which the page reads from `catalog-sources.json` once it
//! is interactive (`src/catalog/sources.rs`). Each becomes `catalog.json`, the readable file
//! published beside the page that holds them: about 17 KB less of the gzipped first load. `sizer` and the
//! tests read them in full.

use std::{env, fs, path::Path};

fn strip_notes(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            map.remove("notes");
            map.values_mut().for_each(strip_notes);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_notes),
        _ => {}
    }
}

/// The `source` of every item of the array `key` replaced by a pointer to the published file.
fn point_sources_to_file(doc: &mut serde_json::Value, key: &str) {
    if let Some(items) = doc.get_mut(key).and_then(serde_json::Value::as_array_mut) {
        for item in items {
            if let Some(source) = item.get_mut("source") {
                *source = serde_json::Value::String("catalog.json".into());
            }
        }
    }
}

fn main() {
    let source = "public/catalog.json";
    println!("cargo::rerun-if-changed={source}");
    println!("cargo::rerun-if-changed=build.rs");
    let text = fs::read_to_string(source).expect("public/catalog.json is part of the repository");
    // A catalogue that is not JSON is shipped as it is: the app reports the problem at run time
    // (and the catalogue tests fail), rather than the build stopping here.
    let compact = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(mut doc) => {
            strip_notes(&mut doc);
            if env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
                point_sources_to_file(&mut doc, "gpus");
                point_sources_to_file(&mut doc, "models");
                point_sources_to_file(&mut doc, "offers");
            }
            serde_json::to_string(&doc).unwrap_or(text)
        }
        Err(_) => text,
    };
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("catalog.min.json");
    fs::write(out, compact).expect("OUT_DIR is writable");
}
