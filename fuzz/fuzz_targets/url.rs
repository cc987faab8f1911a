//! Any URL: parsed, evaluated, and every figure of the report finite; the scenario read writes a
//! link that reads back without a warning, as the scenario `normalise` makes of it.
#![no_main]
use inference_sizer::catalog::Catalog;
use inference_sizer::report::evaluate_query;
use inference_sizer::scenario::Scenario;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../../tests/support/finite.rs"]
mod finite;

static CATALOG: OnceLock<Catalog> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (read, _) = Scenario::from_query(&text);
    let (read_back, warnings) = Scenario::from_query(&read.to_query());
    assert!(warnings.is_empty(), "its own link warns: {warnings:?}");
    let mut normal = read;
    normal.normalise();
    assert_eq!(normal, read_back, "normalise differs from the link's reading");
    let report = evaluate_query(&text, CATALOG.get_or_init(Catalog::builtin));
    let bad = finite::non_finite_numbers(&report);
    assert!(bad.is_empty(), "non-finite figures in the report: {bad:?}");
});
