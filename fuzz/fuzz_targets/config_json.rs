//! Any text pasted as a config.json: read or refused in words, never a panic; what is read is
//! imported into the default scenario as the page does, and evaluates to finite figures.
#![no_main]
use inference_sizer::catalog::Catalog;
use inference_sizer::report::{evaluate, import_into};
use inference_sizer::scenario::Scenario;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../../tests/support/finite.rs"]
mod finite;

static CATALOG: OnceLock<Catalog> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(imported) = inference_sizer::model::import::from_config_json(&text) {
        let _ = inference_sizer::model::param_counts(&imported.arch);
        let catalog = CATALOG.get_or_init(Catalog::builtin);
        let mut scenario = Scenario::default();
        import_into(&mut scenario, &imported.arch, catalog);
        let report = evaluate(&scenario, catalog);
        let bad = finite::non_finite_numbers(&report);
        assert!(bad.is_empty(), "non-finite figures in the report: {bad:?}");
    }
});
