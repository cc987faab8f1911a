//! Any bytes as the start of a GGUF file: a header or an error saying what is wrong, never a
//! panic; a header that is read is imported as the page's GGUF opener does and evaluates to
//! finite figures.
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
    if let Ok(info) = inference_sizer::model::gguf::read_header(data) {
        let catalog = CATALOG.get_or_init(Catalog::builtin);
        let mut scenario = Scenario::default();
        import_into(&mut scenario, &info.arch, catalog);
        let report = evaluate(&scenario, catalog);
        let bad = finite::non_finite_numbers(&report);
        assert!(bad.is_empty(), "non-finite figures in the report: {bad:?}");
    }
});
