//! Any text as a provider catalogue: merged over the built-in one or refused, never a panic; a
//! catalogue that is accepted gives a report (default scenario) whose every figure is finite.
#![no_main]
use inference_sizer::catalog::Catalog;
use inference_sizer::report::evaluate;
use inference_sizer::scenario::Scenario;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../../tests/support/finite.rs"]
mod finite;

static BUILTIN: OnceLock<Catalog> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let builtin = BUILTIN.get_or_init(Catalog::builtin);
    if let Ok(catalog) = Catalog::load_over(builtin, &text) {
        let report = evaluate(&Scenario::default(), &catalog);
        let bad = finite::non_finite_numbers(&report);
        assert!(bad.is_empty(), "non-finite figures in the report: {bad:?}");
    }
});
