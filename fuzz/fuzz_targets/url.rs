//! Any URL: parsed, evaluated, and every figure finite.
#![no_main]
use inference_sizer::catalog::Catalog;
use inference_sizer::report::evaluate_query;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static CATALOG: OnceLock<Catalog> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let report = evaluate_query(&text, CATALOG.get_or_init(Catalog::builtin));
    let json = serde_json_free_check(&report);
    assert!(json, "a non-finite number reached the report");
});

fn serde_json_free_check(r: &inference_sizer::report::Report) -> bool {
    let m = &r.throughput;
    [m.decode_tokens_per_s_per_user, m.aggregate_tokens_per_s, m.ttft_ms]
        .iter()
        .chain(r.options.iter().flat_map(|o| [o.monthly_cost, o.total_cost, o.cost_per_million_tokens, o.cost_per_thousand_requests]).collect::<Vec<_>>().iter())
        .all(|v| v.is_finite())
}
