//! Everything the page computes, with no interface: the built-in catalogue and a provider's
//! (parsed and validated), the scenario codec, the whole report (sizing, costing, planning, every
//! sentence in both languages, as JSON), config.json and GGUF import, the embedding protocol.
//! Only the charts are left out (plotters on canvas needs the browser's types). One exported
//! function reaches all of it, so the linker keeps what the page would need and nothing else.

use inference_sizer::catalog::Catalog;
use inference_sizer::model::{gguf, import};
use inference_sizer::scenario::Lang;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn run(query: &str, catalog: &str, config: &str, model_file: &[u8], message: &str) -> String {
    let lang = if query.contains("lang=es") {
        Lang::Es
    } else {
        Lang::En
    };
    let catalog = if catalog.is_empty() {
        Catalog::builtin()
    } else {
        match Catalog::from_json(catalog) {
            Ok(c) => c,
            Err(e) => return e.sentence(lang),
        }
    };
    let report = inference_sizer::report::evaluate_query(query, &catalog);
    let mut out = serde_json::to_string(&report).unwrap_or_default();
    match import::from_config_json(config) {
        Ok(i) => out.push_str(&i.arch.name),
        Err(e) => out.push_str(&e.message(lang)),
    }
    match gguf::read_header(model_file) {
        Ok(i) => out.push_str(&i.arch.name),
        Err(e) => out.push_str(&e.message(lang)),
    }
    if let Ok(m) = inference_sizer::embed_protocol::parse_incoming(message) {
        out.push_str(&m.to_json());
    }
    let summary = inference_sizer::embed_protocol::ResultSummary::from_report(&report);
    out.push_str(&serde_json::to_string(&summary).unwrap_or_default());
    out
}
