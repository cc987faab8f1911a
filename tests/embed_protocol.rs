//! The embedding protocol: message shapes and versions, origin checks, the deployment config.

use inference_sizer::embed_protocol::{
    origin_allowed, parse_incoming, CatalogRefused, ConfigError, EmbedConfig, EmbedOrigins,
    Message, Origin, ProtocolError, ResultSummary, MAX_MESSAGE_BYTES,
};
use inference_sizer::lang::Lang;
use inference_sizer::plan::Reason;
use inference_sizer::report::{OptionReport, Recommendation, Report};
use proptest::prelude::*;
use serde_json::{json, Value};

// ----- helpers that read like sentences -------------------------------------------------------

fn a_summary() -> ResultSummary {
    ResultSummary {
        offer_id: Some("acme-metal-2x-h100".into()),
        provider: Some("Acme Metal".into()),
        gpu_id: Some("nvidia_h100_sxm".into()),
        gpu_count: 2,
        deployment: Some("bare_metal".into()),
        monthly_cost: Some(3980.0),
        currency: "EUR".into(),
        scenario: "model=llama-3.3-70b&quant=fp8".into(),
        scenario_line:
            "Llama 3.3 70B, FP8 on vLLM · 16 concurrent requests, 8,192-token context, 24 h a day"
                .into(),
        ..ResultSummary::default()
    }
}

/// A valid result message with one field of the summary replaced.
fn result_with(field: &str, value: Value) -> String {
    let mut v = Message::Result(a_summary()).to_value();
    v["summary"][field] = value;
    v.to_string()
}

/// A valid resize message with one envelope field replaced.
fn resize_with(field: &str, value: Value) -> String {
    let mut v = Message::resize(500.0).to_value();
    v[field] = value;
    v.to_string()
}

#[track_caller]
fn refused(text: &str) -> ProtocolError {
    match parse_incoming(text) {
        Ok(m) => panic!("expected {text} to be refused, got {m:?}"),
        Err(e) => e,
    }
}

#[track_caller]
fn assert_allowed(origin: &str, page: &str, allowed: &[&str]) {
    let list: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
    assert!(
        origin_allowed(origin, page, &list),
        "{origin} should be allowed on {page} with {allowed:?}"
    );
}

#[track_caller]
fn assert_refused(origin: &str, page: &str, allowed: &[&str]) {
    let list: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
    assert!(
        !origin_allowed(origin, page, &list),
        "{origin} should be refused on {page} with {allowed:?}"
    );
}

fn config(text: &str) -> EmbedConfig {
    EmbedConfig::from_json(text).expect("a valid config")
}

// ----- messages --------------------------------------------------------------------------------

#[test]
fn every_message_round_trips_through_its_json() {
    for m in [
        Message::Ready,
        Message::resize(812.0),
        Message::Result(a_summary()),
        Message::Result(ResultSummary {
            currency: "USD".into(),
            scenario: String::new(),
            ..ResultSummary::default()
        }),
    ] {
        assert_eq!(
            parse_incoming(&m.to_json()),
            Ok(m.clone()),
            "{}",
            m.to_json()
        );
    }
}

#[test]
fn messages_carry_the_versioned_envelope_the_loader_checks() {
    let v: Value = serde_json::from_str(&Message::resize(812.4).to_json()).unwrap();
    // 812.4 px of content needs an 813 px frame to show without a scrollbar.
    assert_eq!(
        v,
        json!({"source": "inference-sizer", "version": 1, "type": "resize", "height": 813.0})
    );
    let v: Value = serde_json::from_str(&Message::Ready.to_json()).unwrap();
    assert_eq!(
        v,
        json!({"source": "inference-sizer", "version": 1, "type": "ready"})
    );
    let v = Message::Result(a_summary()).to_value();
    assert_eq!(v["type"], "result");
    assert_eq!(v["summary"]["provider"], "Acme Metal");
    assert_eq!(v["summary"]["gpu_count"], 2);
    assert_eq!(v["summary"]["monthly_cost"], 3980.0);
}

#[test]
fn resize_clamps_what_the_app_measures_to_what_the_loader_accepts() {
    assert_eq!(Message::resize(-5.0), Message::Resize { height: 0.0 });
    assert_eq!(Message::resize(1e9), Message::Resize { height: 20_000.0 });
    assert_eq!(Message::resize(f64::NAN), Message::Resize { height: 0.0 });
    assert_eq!(
        Message::resize(f64::INFINITY),
        Message::Resize { height: 0.0 }
    );
    assert!(parse_incoming(&Message::resize(1e9).to_json()).is_ok());
}

#[test]
fn a_message_from_anyone_else_is_refused() {
    assert_eq!(
        refused(&resize_with("source", json!("iframe-resizer"))),
        ProtocolError::WrongSource
    );
    assert_eq!(
        refused(r#"{"version":1,"type":"ready"}"#),
        ProtocolError::WrongSource
    );
    assert_eq!(refused(r#"[1,2,3]"#), ProtocolError::NotAnObject);
    assert_eq!(refused(r#""inference-sizer""#), ProtocolError::NotAnObject);
    assert_eq!(refused("{not json"), ProtocolError::NotJson);
    assert_eq!(refused(""), ProtocolError::NotJson);
}

#[test]
fn another_protocol_version_is_refused() {
    for v in [
        json!(2),
        json!(0),
        json!("1"),
        json!(1.5),
        json!(null),
        json!(-1),
    ] {
        assert!(
            matches!(
                refused(&resize_with("version", v.clone())),
                ProtocolError::UnsupportedVersion(_)
            ),
            "version {v}"
        );
    }
    let mut no_version = Message::Ready.to_value();
    no_version.as_object_mut().unwrap().remove("version");
    assert!(matches!(
        refused(&no_version.to_string()),
        ProtocolError::UnsupportedVersion(_)
    ));
}

#[test]
fn an_unknown_type_is_refused() {
    for t in [
        json!("navigate"),
        json!("RESIZE"),
        json!(3),
        json!(null),
        json!(""),
    ] {
        assert!(
            matches!(
                refused(&resize_with("type", t.clone())),
                ProtocolError::UnknownType(_)
            ),
            "type {t}"
        );
    }
}

#[test]
fn a_resize_outside_zero_to_twenty_thousand_pixels_is_refused() {
    for h in [
        json!(-1),
        json!(20_001),
        json!(1e300),
        json!("500"),
        json!(null),
        json!([500]),
    ] {
        assert!(
            matches!(
                refused(&resize_with("height", h.clone())),
                ProtocolError::BadField {
                    field: "height",
                    ..
                }
            ),
            "height {h}"
        );
    }
    assert_eq!(
        parse_incoming(&resize_with("height", json!(0))),
        Ok(Message::Resize { height: 0.0 })
    );
    assert_eq!(
        parse_incoming(&resize_with("height", json!(20_000))),
        Ok(Message::Resize { height: 20_000.0 })
    );
}

#[test]
fn a_result_with_a_field_of_the_wrong_type_is_refused() {
    let cases = [
        ("gpu_count", json!(-1), "summary.gpu_count"),
        ("gpu_count", json!(2.5), "summary.gpu_count"),
        ("gpu_count", json!(1_000_001), "summary.gpu_count"),
        ("monthly_cost", json!(-3), "summary.monthly_cost"),
        ("monthly_cost", json!("3980"), "summary.monthly_cost"),
        ("provider", json!(42), "summary.provider"),
        ("provider", json!("x".repeat(201)), "summary.provider"),
        ("currency", json!(null), "summary.currency"),
        ("scenario", json!({"model": "x"}), "summary.scenario"),
    ];
    for (key, value, field) in cases {
        match refused(&result_with(key, value.clone())) {
            ProtocolError::BadField { field: f, .. } => assert_eq!(f, field, "{key}={value}"),
            other => panic!("{key}={value}: {other:?}"),
        }
    }
    let mut no_summary = Message::Result(a_summary()).to_value();
    no_summary.as_object_mut().unwrap().remove("summary");
    assert!(matches!(
        refused(&no_summary.to_string()),
        ProtocolError::BadField {
            field: "summary",
            ..
        }
    ));
}

#[test]
fn fields_added_later_in_version_one_are_ignored_not_refused() {
    let mut v = Message::Result(a_summary()).to_value();
    v["summary"]["servers"] = json!(1);
    v["sent_at"] = json!("2026-11-29T20:00:00Z");
    assert_eq!(
        parse_incoming(&v.to_string()),
        Ok(Message::Result(a_summary()))
    );
}

#[test]
fn an_oversized_message_is_refused_before_it_is_parsed() {
    let big = result_with("scenario", json!("a".repeat(MAX_MESSAGE_BYTES)));
    assert_eq!(refused(&big), ProtocolError::Oversized(big.len()));
}

#[test]
fn every_refusal_is_a_sentence() {
    let e = refused(&resize_with("height", json!(-1)));
    assert_eq!(
        e.to_string(),
        "the message field height is outside 0-20000 pixels"
    );
    assert_eq!(
        ProtocolError::UnsupportedVersion("2".into()).to_string(),
        "the message speaks protocol version 2; this page understands version 1"
    );
}

/// A recommendation of one Hetzner GEX44 server.
fn gex44() -> Recommendation {
    gex44_at(184.0)
}

/// The same at a monthly cost of `monthly`.
fn gex44_at(monthly: f64) -> Recommendation {
    let mut row: OptionReport = serde_json::from_value(json!({
        "offer_id": "hetzner-gex44", "provider": "Hetzner", "name": "GEX44",
        "kind": "bare_metal", "gpu_id": "nvidia_rtx_4000_sff_ada", "gpu_count": 1,
        "servers": 1, "replicas": 1, "gpus_per_replica": 1, "fits": true,
        "monthly_cost": 184.0, "total_cost": 6624.0, "utilisation": 0.5,
        "energy_kwh_per_month": 0.0, "price_per_hour": 0.25, "currency": "EUR",
        "region": "fsn1", "jurisdiction": "DE", "virtualization": "bare_metal",
        "memory_per_gpu_bytes": 21474836480u64, "decode_tokens_per_s_per_user": 30.0,
        "ttft_ms": 200.0, "cost_lines": [], "source": "https://www.hetzner.com",
        "as_of": "2026-11-01", "approximate_price": false, "deployment": "bare_metal"
    }))
    .expect("an option row");
    row.monthly_cost = monthly;
    let reasons = vec![Reason::SingleTenant];
    Recommendation::new(row, reasons, vec![], None, Lang::En)
}

#[test]
fn the_result_summary_is_the_reports_recommendation() {
    let report = Report {
        scenario: "model=llama-3.1-8b&quant=q4_k_m".into(),
        currency: "EUR".into(),
        recommendation: Some(gex44()),
        ..Report::default()
    };
    let s = ResultSummary::from_report(&report);
    assert_eq!(s.offer_id.as_deref(), Some("hetzner-gex44"));
    assert_eq!(s.provider.as_deref(), Some("Hetzner"));
    assert_eq!(s.gpu_id.as_deref(), Some("nvidia_rtx_4000_sff_ada"));
    assert_eq!(s.gpu_count, 1);
    assert_eq!(s.deployment.as_deref(), Some("bare_metal"));
    assert_eq!(s.monthly_cost, Some(184.0));
    assert_eq!(s.scenario, "model=llama-3.1-8b&quant=q4_k_m");
    assert!(!Message::Result(s).to_json().contains("single-tenant"));
}

#[test]
fn nothing_fits_gives_an_empty_summary_and_a_nan_cost_never_reaches_json() {
    let nothing = Report {
        scenario: "model=deepseek-v3".into(),
        currency: "USD".into(),
        ..Report::default()
    };
    let s = ResultSummary::from_report(&nothing);
    assert_eq!(
        (s.offer_id, s.monthly_cost, s.currency.as_str()),
        (None, None, "USD")
    );

    let nan = Report {
        recommendation: Some(gex44_at(f64::NAN)),
        ..Report::default()
    };
    let json = Message::Result(ResultSummary::from_report(&nan)).to_json();
    assert!(json.contains("\"monthly_cost\":null"), "{json}");
    assert!(parse_incoming(&json).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_text_never_panics_the_parser(text in ".{0,300}") {
        let _ = parse_incoming(&text);
    }

    #[test]
    fn arbitrary_json_objects_never_panic_the_parser(
        source in prop_oneof![Just("inference-sizer".to_string()), ".{0,20}"],
        version in prop_oneof![Just(json!(1)), any::<i64>().prop_map(|n| json!(n)), any::<f64>().prop_map(|x| json!(x))],
        kind in prop_oneof![Just("ready"), Just("resize"), Just("result"), Just("other")],
        height in any::<f64>(),
        count in any::<i64>(),
        cost in any::<f64>(),
        name in ".{0,250}",
    ) {
        let v = json!({
            "source": source, "version": version, "type": kind, "height": height,
            "summary": {"gpu_count": count, "monthly_cost": cost, "provider": name,
                        "currency": "EUR", "scenario": ""}
        });
        if let Ok(Message::Resize { height }) = parse_incoming(&v.to_string()) {
            prop_assert!((0.0..=20_000.0).contains(&height));
        }
    }

    #[test]
    fn any_measured_height_makes_an_acceptable_resize(h in any::<f64>()) {
        prop_assert!(parse_incoming(&Message::resize(h).to_json()).is_ok());
    }

    #[test]
    fn arbitrary_text_never_panics_the_origin_checks(a in ".{0,80}", b in ".{0,80}") {
        let _ = origin_allowed(&a, &b, std::slice::from_ref(&a));
        let _ = EmbedConfig::default().catalog_allowed(&a, "https://sizer.example");
        let _ = EmbedConfig::from_json(&b);
    }
}

// ----- origins -------------------------------------------------------------------------------

#[test]
fn the_same_origin_is_allowed_without_any_list() {
    assert_allowed("https://sizer.example", "https://sizer.example", &[]);
    assert_allowed("https://SIZER.example:443", "https://sizer.example", &[]);
    assert_allowed("http://127.0.0.1:8080", "http://127.0.0.1:8080", &[]);
}

#[test]
fn a_listed_origin_is_allowed_exactly() {
    assert_allowed(
        "https://example.org",
        "https://sizer.example",
        &["https://example.org"],
    );
    assert_allowed(
        "https://example.org/prices.json",
        "https://sizer.example",
        &["https://example.org/"],
    );
    assert_allowed(
        "https://[::1]:8443",
        "https://sizer.example",
        &["https://[::1]:8443"],
    );
}

#[test]
fn look_alike_origins_do_not_pass_for_a_listed_one() {
    let page = "https://sizer.example";
    let list = ["https://example.org"];
    for evil in [
        "https://evil.com.example.org",
        "https://example.org.evil.com",
        "https://evilexample.org",
        "https://sub.example.org",
        "http://example.org",
        "https://example.org:8443",
        "https://example.org@evil.com",
        "https://evil.com#@example.org",
        "https://evil.com\\@example.org",
        "https://example.org\\.evil.com",
        "https://exa%6dple.org",
        "https://example.org.",
        "https://exam\tple.org",
        "https:example.org",
        "https:///example.org",
        "ftp://example.org",
        "javascript://example.org/%0aalert(1)",
        "null",
        "",
    ] {
        assert_refused(evil, page, &list);
    }
}

#[test]
fn a_broken_list_entry_allows_nothing() {
    assert_refused(
        "https://example.org",
        "https://sizer.example",
        &["example.org"],
    );
    assert_refused("https://example.org", "https://sizer.example", &["*"]);
    assert_refused("https://example.org", "null", &[]);
}

#[test]
fn a_url_names_its_origin_relative_to_the_page() {
    let page = Origin::parse("https://sizer.example/tools/").unwrap();
    let of = |u: &str| Origin::of_url(u, &page).map(|o| o.serialize());
    assert_eq!(
        of("demo-provider-catalog.json").as_deref(),
        Some("https://sizer.example")
    );
    assert_eq!(
        of("/x/y.json?a=b:c").as_deref(),
        Some("https://sizer.example")
    );
    assert_eq!(
        of("//acme.example/c.json").as_deref(),
        Some("https://acme.example")
    );
    assert_eq!(
        of("http://acme.example:8080/c.json").as_deref(),
        Some("http://acme.example:8080")
    );
    assert_eq!(of("javascript:alert(1)"), None);
    assert_eq!(of("data:application/json,{}"), None);
    assert_eq!(of("https:/acme.example/c.json"), None);
}

// ----- the deployment config -----------------------------------------------------------------

#[test]
fn without_a_config_catalogues_come_from_the_calculators_own_origin_only() {
    let c = EmbedConfig::default();
    let page = "https://sizer.example";
    assert_eq!(c.catalog_allowed("catalog.json", page), Ok(()));
    assert_eq!(
        c.catalog_allowed("https://sizer.example/a/b.json", page),
        Ok(())
    );
    assert_eq!(
        c.catalog_allowed("https://acme.example/c.json", page),
        Err(CatalogRefused::NotAllowed("https://acme.example".into()))
    );
    assert_eq!(
        c.catalog_allowed("javascript:alert(1)", page),
        Err(CatalogRefused::NotHttp)
    );
    assert!(c.embedding_allowed(None, page));
}

#[test]
fn the_config_lists_catalogue_origins_and_who_may_embed() {
    let c = config(
        r#"{"schema": 1, "about": "comments go here",
            "catalog_origins": ["https://acme.example", "http://127.0.0.1:9000/"],
            "embed_origins": ["https://acme.example", "https://partner.example:8443"]}"#,
    );
    let page = "https://sizer.example";
    assert_eq!(
        c.catalog_allowed("https://acme.example/prices.json", page),
        Ok(())
    );
    assert_eq!(
        c.catalog_allowed("http://127.0.0.1:9000/c.json", page),
        Ok(())
    );
    assert!(c
        .catalog_allowed("http://127.0.0.1:9001/c.json", page)
        .is_err());
    assert!(c
        .catalog_allowed("https://acme.example.evil.net/c.json", page)
        .is_err());

    assert!(c.embedding_allowed(Some("https://acme.example"), page));
    assert!(c.embedding_allowed(Some("https://partner.example:8443"), page));
    assert!(c.embedding_allowed(Some("https://sizer.example"), page));
    assert!(!c.embedding_allowed(Some("https://partner.example"), page));
    assert!(!c.embedding_allowed(Some("https://evil.acme.example"), page));
    assert!(!c.embedding_allowed(None, page));
    assert_eq!(
        c.csp_directives(),
        "connect-src 'self' https://acme.example http://127.0.0.1:9000; \
         frame-ancestors 'self' https://acme.example https://partner.example:8443"
    );
}

#[test]
fn a_wildcard_lets_anyone_embed_but_never_serve_catalogues() {
    let c = config(r#"{"schema": 1, "embed_origins": ["*"]}"#);
    assert_eq!(c.embed_origins, EmbedOrigins::Anyone);
    assert_eq!(c.csp_directives(), "connect-src 'self'; frame-ancestors *");
    assert_eq!(
        EmbedConfig::from_json(r#"{"schema": 1, "catalog_origins": ["*"]}"#),
        Err(ConfigError::MisplacedWildcard)
    );
    assert_eq!(
        EmbedConfig::from_json(r#"{"schema": 1, "embed_origins": ["*", "https://a.example"]}"#),
        Err(ConfigError::MisplacedWildcard)
    );
}

#[test]
fn a_bad_config_is_refused_with_the_entry_named() {
    let e = EmbedConfig::from_json(
        r#"{"schema": 1, "catalog_origins": ["https://acme.example/prices/"]}"#,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("\"https://acme.example/prices/\""),
        "{e}"
    );
    assert!(matches!(
        EmbedConfig::from_json(r#"{"schema": 2}"#),
        Err(ConfigError::UnsupportedSchema(_))
    ));
    assert!(matches!(
        EmbedConfig::from_json("{"),
        Err(ConfigError::NotJson(_))
    ));
    assert!(matches!(
        EmbedConfig::from_json(r#"{"schema": 1, "embed_origins": ["acme.example"]}"#),
        Err(ConfigError::BadOrigin {
            list: "embed_origins",
            ..
        })
    ));
}

#[test]
fn the_shipped_config_file_parses() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/public/embed-config.json"
    ))
    .expect("public/embed-config.json");
    let c = config(&text);
    assert_eq!(c.embed_origins, EmbedOrigins::Anyone);
    assert!(c.catalog_origins.is_empty());
}

#[test]
fn the_shared_fixture_is_judged_as_embed_js_judges_it() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/embed-messages.json"
    ))
    .expect("tests/fixtures/embed-messages.json");
    let fixture: Value = serde_json::from_str(&text).expect("fixture is JSON");
    let cases = fixture["cases"].as_array().expect("cases");
    assert!(cases.len() >= 30);
    for case in cases {
        let valid = case["valid"].as_bool().expect("valid");
        let got = parse_incoming(&case["message"].to_string());
        assert_eq!(got.is_ok(), valid, "{}: {got:?}", case["why"]);
    }
}

// ----- the demo provider's catalogue (public/demo-provider-catalog.json) ------------------------

fn demo_catalogue() -> inference_sizer::catalog::Catalog {
    use inference_sizer::catalog::Catalog;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/public/demo-provider-catalog.json"
    ))
    .expect("public/demo-provider-catalog.json");
    Catalog::load_over(&Catalog::builtin(), &text).expect("the demo catalogue validates")
}

#[test]
fn the_demo_catalogue_puts_acme_metal_beside_the_reference_clouds() {
    let catalog = demo_catalogue();
    let acme: Vec<&str> = catalog
        .offers
        .iter()
        .filter(|o| o.provider == "Acme Metal")
        .map(|o| o.id.as_str())
        .collect();
    assert_eq!(
        acme,
        [
            "acme-metal-1x-l40s",
            "acme-metal-4x-l40s",
            "acme-metal-8x-h100"
        ]
    );
    // include_reference: the built-in reference offers stay, every other built-in offer goes.
    assert!(catalog.offers.iter().any(|o| o.reference));
    assert!(catalog
        .offers
        .iter()
        .all(|o| o.provider == "Acme Metal" || o.reference));
    assert_eq!(catalog.publisher.as_deref(), Some("Acme Metal"));
}

#[test]
fn the_demo_scenario_compares_acme_metal_with_the_clouds_only() {
    // The scenario of public/embed-demo.html, as embed.js sends it.
    let report = inference_sizer::report::evaluate_query(
        "model=llama-3.3-70b&quant=fp8&ctx=8192&seqs=8&embed=1&provider=Acme%20Metal",
        &demo_catalogue(),
    );
    let acme: Vec<_> = report
        .options
        .iter()
        .filter(|o| o.provider == "Acme Metal")
        .collect();
    assert_eq!(acme.len(), 3);
    // 70 B parameters in FP8 are about 70 GB of weights plus the KV cache: four 48 GB L40S hold
    // them in one server, and at EUR 2,490 a month (no setup fee, unmetered traffic, so the
    // monthly cost is the list price) that beats eight H100 at EUR 14,900 + 1,500 setup.
    let best_acme = acme
        .iter()
        .filter(|o| o.usable)
        .min_by(|a, b| a.monthly_cost.total_cmp(&b.monthly_cost))
        .expect("a usable Acme option");
    assert_eq!(best_acme.offer_id, "acme-metal-4x-l40s");
    assert_eq!(best_acme.gpu_count, 4);
    assert_eq!(best_acme.monthly_cost, 2490.0);
    // The reference GPU clouds stay beside it, and one of them is cheaper since the 2026-12
    // catalogue, now that the KV cache holds the 8 x 1,250 tokens in flight rather than 8 full
    // contexts. RunPod's Community 4x RTX 4090 (EUR 892 a month) no longer carries a 24/7
    // service by default (community hosts, no datacentre SLA): one copy on RunPod's Secure Cloud
    // MI300X (192 GB) at 2.39 USD/h x 730 h / 1.16 = EUR 1,504 before storage and monitoring.
    let summary = ResultSummary::from_report(&report);
    assert_eq!(summary.offer_id.as_deref(), Some("runpod-1x-mi300x"));
    assert_eq!(summary.deployment.as_deref(), Some("cloud"));
    assert_eq!(summary.currency, "EUR");
}
