//! Any URL: parsed, evaluated, and every figure of the report finite.
#![no_main]
use inference_sizer::catalog::Catalog;
use inference_sizer::report::evaluate_query;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../../tests/support/finite.rs"]
mod finite;

static CATALOG: OnceLock<Catalog> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let report = evaluate_query(&text, CATALOG.get_or_init(Catalog::builtin));
    let bad = finite::non_finite_numbers(&report);
    assert!(bad.is_empty(), "non-finite figures in the report: {bad:?}");
});
