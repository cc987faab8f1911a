//! The URL codec: defaults, clamping, warnings, and round trips.

use inference_sizer::model::{Engine, KvType, Quant, Task};
use inference_sizer::scenario::{Lang, Scenario, Tenancy, WarningKind};
use inference_sizer::units::Currency;
use proptest::prelude::*;

fn parse(q: &str) -> (Scenario, Vec<String>) {
    let (s, w) = Scenario::from_query(q);
    (s, w.iter().map(|w| w.message(Lang::En)).collect())
}

#[test]
fn an_empty_url_gives_the_documented_defaults() {
    let (s, w) = parse("");
    assert!(w.is_empty());
    assert_eq!(s.model, "llama-3.3-70b");
    assert_eq!(s.quant, Quant::Bf16);
    assert_eq!(s.kv, KvType::F16);
    assert_eq!((s.ctx, s.seqs), (8192, 16));
    assert_eq!(s.engine, Engine::Vllm);
    assert_eq!(s.task, Task::Infer);
    assert_eq!((s.tokens_in, s.tokens_out), (1000, 250));
    assert_eq!(
        (s.tps, s.ttft_ms, s.hours, s.months),
        (20.0, 2000.0, 24.0, 36.0)
    );
    assert_eq!(s.train_tokens, 100_000_000.0);
    assert_eq!(s.cur, Currency::Eur);
    assert_eq!(s.to_query(), "v=1");
}

#[test]
fn a_whole_share_url_is_read_like_its_query() {
    let (s, w) =
        parse("https://example.com/sizer/?model=llama-3.1-8b&quant=q4_k_m&ctx=32k&cur=usd#top");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(s.model, "llama-3.1-8b");
    assert_eq!(s.quant, Quant::Q4KM);
    assert_eq!(s.ctx, 32_000);
    assert_eq!(s.cur, Currency::Usd);
}

#[test]
fn out_of_range_values_are_clamped_with_a_warning() {
    let (s, w) = parse("ctx=99999999999&seqs=0&hours=30");
    assert_eq!(s.ctx, 10_000_000);
    assert_eq!(s.seqs, 1);
    assert_eq!(s.hours, 24.0);
    assert_eq!(w.len(), 3);
    assert!(
        w[0].contains("\"ctx\"") && w[0].contains("10000000"),
        "{}",
        w[0]
    );
}

#[test]
fn unparseable_values_fall_back_to_the_default_and_say_so() {
    let (s, w) = Scenario::from_query("quant=q9_z&ctx=lots&eu=maybe");
    assert_eq!(s.quant, Quant::Bf16);
    assert_eq!(s.ctx, 8192);
    assert!(!s.eu);
    assert_eq!(w.len(), 3);
    assert!(matches!(w[0].kind, WarningKind::Invalid { .. }));
}

#[test]
fn unknown_parameters_are_listed_not_fatal() {
    let (_, w) = parse("foo=1&model=llama-3.1-8b");
    assert_eq!(
        w,
        vec!["Unknown parameter \"foo\" was ignored.".to_string()]
    );
    let (_, w) = Scenario::from_query("foo=1");
    assert_eq!(
        w[0].message(Lang::Es),
        "Se ignoró el parámetro desconocido \"foo\"."
    );
}

#[test]
fn scripts_and_unsafe_urls_are_refused() {
    let (s, w) =
        parse("model=%3Cscript%3Ealert(1)%3C%2Fscript%3E&catalog=javascript:alert(1)&accent=red");
    assert_eq!(s.model, "llama-3.3-70b");
    assert_eq!(s.catalog, None);
    assert_eq!(s.accent, None);
    assert_eq!(w.len(), 3);
}

#[test]
fn only_values_that_differ_from_the_defaults_are_written() {
    let (s, _) = parse("model=llama-3.3-70b&quant=bf16&ctx=16384&eu=1&tenancy=single&gpus=nvidia_h100_sxm,nvidia_l40s");
    assert_eq!(
        s.to_query(),
        "v=1&ctx=16384&eu=1&tenancy=single&gpus=nvidia_h100_sxm,nvidia_l40s"
    );
    assert_eq!(s.tenancy, Tenancy::Single);
}

fn arb_scenario() -> impl Strategy<Value = String> {
    let pairs = prop::collection::vec(
        (
            prop::sample::select(vec![
                "model",
                "params",
                "layers",
                "quant",
                "kv",
                "ctx",
                "seqs",
                "engine",
                "task",
                "rpd",
                "in",
                "out",
                "tps",
                "ttft",
                "hours",
                "months",
                "eu",
                "tenancy",
                "gpus",
                "kinds",
                "cur",
                "lang",
                "embed",
                "theme",
                "accent",
                "provider",
                "egress_gb",
                "pue",
                "window",
                "tied",
                "catalog",
                "asof",
                "zzz",
            ]),
            prop::sample::select(vec![
                "1",
                "0",
                "8k",
                "-5",
                "1e30",
                "NaN",
                "q4_k_m",
                "awq4",
                "single",
                "es",
                "USD",
                "dark",
                "#112233",
                "bare_metal,vps",
                "nvidia_h100_sxm",
                "llama-3.1-8b",
                "%ZZ",
                "%E2%82%AC",
                "2026-11-01",
                "inf",
                "",
            ]),
        ),
        0..12,
    );
    pairs.prop_map(|ps| {
        ps.iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A canonical URL reads back to the same scenario, and writes the same string again.
    #[test]
    fn a_url_round_trips(q in arb_scenario()) {
        let (s, _) = Scenario::from_query(&q);
        let canonical = s.to_query();
        let (again, warnings) = Scenario::from_query(&canonical);
        prop_assert!(warnings.is_empty(), "{canonical}: {warnings:?}");
        prop_assert_eq!(&again, &s);
        prop_assert_eq!(again.to_query(), canonical);
    }

    /// No input, however broken, panics; every number stays finite and in range.
    #[test]
    fn any_string_parses_without_panic(q in ".{0,300}") {
        let (s, _) = Scenario::from_query(&q);
        prop_assert!(s.ctx >= 1 && s.ctx <= 10_000_000);
        prop_assert!(s.hours.is_finite() && (1.0..=24.0).contains(&s.hours));
        prop_assert!(s.rpd.is_finite());
    }
}
