//! The hosted-API baseline (`api_reference`, `api_verdict`), the catalogue's `apis` and their
//! validation, and the honest-price notes (`price_note`). Worked examples with the arithmetic in
//! comments; the prices are the shipped catalogue's (catalog-src/data/apis.csv, its source and
//! date in each row).

use inference_sizer::catalog::{ApiFault, ApiPrice, Catalog, Fault, ProblemKind};
use inference_sizer::cost::api::{size_class, ApiReference};
use inference_sizer::report::{evaluate_query, Report};
use inference_sizer::scenario::Lang;

const SHIPPED: &str = include_str!("../public/catalog.json");

fn shipped() -> Catalog {
    Catalog::from_json(SHIPPED).expect("the shipped catalogue parses")
}

fn report(query: &str) -> Report {
    evaluate_query(query, &shipped())
}

#[track_caller]
fn close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "expected {expected}, got {actual}"
    );
}

const DAYS: f64 = 365.0 / 12.0;

#[test]
fn a_70b_model_at_5000_requests_a_day_costs_27_usd_a_month_on_the_cheapest_api() {
    let r = report("model=llama-3.3-70b&rpd=5000&in=1000&out=250&cur=usd");
    let first = &r.api_reference[0];
    // DeepInfra Llama-3.3-70B-Instruct-Turbo (FP8), 0.10 / 0.32 USD per million tokens
    // (models.dev @f3fc6922, 2026-07-02).
    assert_eq!(first.provider, "DeepInfra");
    assert_eq!((first.input_per_mtok, first.output_per_mtok), (0.10, 0.32));
    assert!(first.same_model);
    assert_eq!(first.load_basis, "requests_per_day");
    // One request: 1,000 x 0.10 / 10^6 + 250 x 0.32 / 10^6 = 0.0001 + 0.00008 = 0.00018 USD.
    // A month: 5,000 requests x 0.00018 USD x 365 / 12 days = 0.9 x 30.4167 = 27.375 USD.
    close(first.monthly_cost.unwrap(), 27.375, 1e-9);
    // Cheapest first, at most 5 (plus one under EU law when none of the 5 is).
    let costs: Vec<f64> = r
        .api_reference
        .iter()
        .filter_map(|a| a.monthly_cost)
        .collect();
    assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
    assert!(r.api_reference.len() <= 6);
    assert!(r.api_reference.iter().any(|a| a.eu_jurisdiction));
    // The verdict says by how much and what self-hosting gives in return.
    let v = r.api_verdict.expect("a verdict about the API");
    let own = r.recommendation.unwrap().monthly_cost;
    assert!(
        own > 27.375,
        "self-hosting a 70B costs more than 27 USD a month"
    );
    assert!(v.starts_with("A hosted API is cheaper: DeepInfra sells Llama 3.3 70B at $0.10 / $0.32 per million input / output tokens, about $27.38 a month at 5,000 requests a day"), "{v}");
    assert!(v.contains("the data stays in your jurisdiction (the API's provider is under US law), no rate limits"), "{v}");
}

#[test]
fn prices_in_euros_are_converted_at_the_catalogues_rate() {
    // With eu=1 only providers under EU law: Nebius (NL) 0.13 / 0.40 USD comes first.
    // One request: 1,000 x 0.13 + 250 x 0.40 = 230 USD per 10^6 requests = 0.00023 USD.
    // A month: 5,000 x 0.00023 x 30.4167 = 34.979 USD / 1.16 USD per EUR = 30.154 EUR.
    let r = report("model=llama-3.3-70b&rpd=5000&in=1000&out=250&eu=1&cur=eur");
    let first = &r.api_reference[0];
    assert_eq!(first.provider, "Nebius AI Studio / Token Factory");
    close(
        first.monthly_cost.unwrap(),
        5000.0 * 0.00023 * DAYS / 1.16,
        1e-9,
    );
    assert!(r.api_reference.iter().all(|a| a.eu_jurisdiction));
    // OVHcloud sells it in EUR, 0.67 / 0.67: 5,000 x 1,250 x 0.67 / 10^6 x 30.4167 = 127.37 EUR,
    // no conversion.
    let ovh = r
        .api_reference
        .iter()
        .find(|a| a.provider == "OVHcloud AI Endpoints")
        .expect("OVHcloud is under EU law and in the five cheapest");
    assert_eq!(ovh.currency, "EUR");
    close(
        ovh.monthly_cost.unwrap(),
        5000.0 * 1250.0 * 0.67 / 1e6 * DAYS,
        1e-9,
    );
    let v = r.api_verdict.unwrap();
    assert!(v.contains("the data stays on machines you control"), "{v}");
}

#[test]
fn without_a_request_rate_the_load_is_what_the_recommendation_serves_at_full_use() {
    let r = report("model=llama-3.3-70b&in=1000&out=250&cur=usd");
    let first: &ApiReference = &r.api_reference[0];
    assert_eq!(first.load_basis, "full_load");
    assert!(first.requests_per_day > 0.0);
    // The same arithmetic at that load: rpd x 0.00018 USD x 30.4167.
    close(
        first.monthly_cost.unwrap(),
        first.requests_per_day * 0.00018 * DAYS,
        1e-6,
    );
    let v = r.api_verdict.unwrap();
    assert!(
        v.contains("what this deployment serves at full use (no request rate given)"),
        "{v}"
    );
}

#[test]
fn a_model_no_api_sells_is_compared_with_the_nearest_of_its_size_class() {
    // Llama 3.1 70B: no row sells it; Llama 3.3 70B (70.6 B, the same class 50-150 B) does.
    let r = report("model=llama-3.1-70b&rpd=2000");
    assert!(!r.api_reference.is_empty());
    assert!(r
        .api_reference
        .iter()
        .all(|a| !a.same_model && a.model_id == "llama-3.3-70b"));
    let v = r.api_verdict.unwrap();
    assert!(
        v.contains("(no hosted API sells Llama 3.1 70B; this is the nearest model of its size)"),
        "{v}"
    );
    // Spanish says it too.
    let es = report("model=llama-3.1-70b&rpd=2000&lang=es")
        .api_verdict
        .unwrap();
    assert!(
        es.contains("ninguna API alojada vende Llama 3.1 70B"),
        "{es}"
    );
}

#[test]
fn size_classes_are_by_total_parameters() {
    // Under 1.5 B, 1.5-15 B, 15-50 B, 50-150 B, 150-500 B, 500 B and more.
    assert_eq!(size_class(568_000_000), 0); // bge-m3
    assert_eq!(size_class(8_030_000_000), 1); // Llama 3.1 8B
    assert_eq!(size_class(32_800_000_000), 2); // Qwen3 32B
    assert_eq!(size_class(70_600_000_000), 3); // Llama 3.3 70B
    assert_eq!(size_class(117_000_000_000), 3); // gpt-oss-120b
    assert_eq!(size_class(405_000_000_000), 4);
    assert_eq!(size_class(671_000_000_000), 5); // DeepSeek V3
}

#[test]
fn an_embedding_model_is_billed_for_its_input_tokens_only() {
    // Novita bge-m3: 0.01 USD per million input tokens, no output price.
    // 100,000 requests x 512 tokens x 0.01 / 10^6 = 0.512 USD a day x 30.4167 = 15.573 USD.
    let r = report("model=bge-m3&rpd=100000&in=512&cur=usd");
    let first = &r.api_reference[0];
    assert_eq!(first.provider, "Novita AI");
    close(first.monthly_cost.unwrap(), 0.512 * DAYS, 1e-9);
    let v = r.api_verdict.unwrap();
    assert!(v.contains("at $0.01 per million input tokens"), "{v}");
}

#[test]
fn fine_tuning_has_no_api_comparison() {
    let r = report("model=llama-3.1-8b&task=lora");
    assert!(r.api_reference.is_empty());
    assert_eq!(r.api_verdict, None);
}

#[test]
fn last_known_prices_are_shown_only_when_nothing_else_sells_the_model_and_never_headline() {
    let c = shipped();
    // Cerebras's Llama 3.3 70B is gone from its May 2026 list: a last known price.
    let cerebras = c
        .apis
        .iter()
        .find(|a| a.provider == "Cerebras" && a.model_id == "llama-3.3-70b")
        .unwrap();
    assert!(cerebras.last_known);
    let r = report("model=llama-3.3-70b&rpd=5000");
    assert!(r.api_reference.iter().all(|a| !a.last_known));
}

#[test]
fn the_shipped_apis_are_valid_and_name_preset_models() {
    let c = Catalog::load(SHIPPED).expect("the shipped catalogue validates");
    assert!(c.apis.len() > 100);
    for a in &c.apis {
        assert!(c.model(&a.model_id).is_some(), "{} names no model", a.model);
        assert!(!a.source.is_empty() && !a.as_of.is_empty());
    }
    // Scaleway bills in EUR (its FAQ: 0.90 EUR per million tokens for llama-3.3-70b).
    let scaleway = c
        .apis
        .iter()
        .find(|a| a.provider.starts_with("Scaleway") && a.model_id == "llama-3.3-70b")
        .unwrap();
    assert_eq!(scaleway.currency, inference_sizer::units::Currency::Eur);
    assert!(scaleway.eu_jurisdiction());
}

// ---- validation -------------------------------------------------------------------------

/// A provider catalogue with one `apis` row; `fields` override the valid row's.
fn with_api(fields: &str) -> String {
    format!(
        r#"{{"schema": 1, "as_of": "2026-11-01", "usd_per_eur": 1.16, "apis": [{{
            "provider": "Acme", "model": "Llama 3.3 70B", "model_id": "llama-3.3-70b",
            "input_per_mtok": 0.5, "output_per_mtok": 0.7, "currency": "EUR", "region": "EU",
            "jurisdiction": "DE", "source": "https://acme.example/prices", "as_of": "2026-11-01"{fields}}}]}}"#
    )
}

#[track_caller]
fn refusal(json: &str) -> (Vec<ProblemKind>, String, String) {
    match Catalog::load_over(&Catalog::builtin(), json) {
        Ok(_) => panic!("accepted: {json}"),
        Err(e) => {
            let kinds = match &e {
                inference_sizer::catalog::CatalogError::Invalid(p) => {
                    p.iter().map(|p| p.kind).collect()
                }
                _ => Vec::new(),
            };
            (kinds, e.sentence(Lang::En), e.sentence(Lang::Es))
        }
    }
}

#[test]
fn a_valid_api_row_is_added_to_the_builtin_ones_and_a_catalogue_without_apis_still_loads() {
    let builtin = Catalog::builtin();
    let merged = Catalog::load_over(&builtin, &with_api("")).expect("valid");
    assert_eq!(merged.apis.len(), builtin.apis.len() + 1);
    let none = r#"{"schema": 1, "as_of": "2026-11-01", "usd_per_eur": 1.16, "offers": []}"#;
    let merged = Catalog::load_over(&builtin, none).expect("no apis is fine");
    assert_eq!(merged.apis, builtin.apis);
}

#[test]
fn bad_api_rows_are_refused_with_a_sentence_per_row() {
    let (kinds, en, es) = refusal(&with_api(r#", "input_per_mtok": -1"#));
    assert_eq!(kinds, vec![ProblemKind::BadApi]);
    assert_eq!(
        en,
        "The catalogue was read but has 1 problem(s): apis[0] (Acme Llama 3.3 70B): `input_per_mtok` must be a price per million tokens (above 0), not -1."
    );
    assert!(
        es.contains(
            "`input_per_mtok` debe ser un precio por millón de tokens (mayor que 0), no -1"
        ),
        "{es}"
    );

    let (_, en, _) = refusal(&with_api(
        r#", "output_per_mtok": -0.5, "model_id": "llama-9-900b""#,
    ));
    assert!(
        en.contains("`output_per_mtok` must be a price per million tokens (0 or more), not -0.5"),
        "{en}"
    );
    assert!(
        en.contains("`model_id` \"llama-9-900b\" is not a model of the catalogue"),
        "{en}"
    );
    assert!(en.contains("2 problem(s)"), "{en}");

    let (_, en, _) = refusal(&with_api(r#", "source": " ", "as_of": "last week""#));
    assert!(en.contains("`source` is empty"), "{en}");
    assert!(en.contains("`as_of` \"last week\" is not a date"), "{en}");

    let (_, en, _) = refusal(&with_api(
        r#", "cached_input_per_mtok": -0.1, "provider": """#,
    ));
    assert!(en.contains("`provider` is empty"), "{en}");
    assert!(
        en.contains(
            "`cached_input_per_mtok` must be a price per million tokens (0 or more), not -0.1"
        ),
        "{en}"
    );
}

#[test]
fn an_unreadable_api_row_names_its_field_and_never_panics() {
    for fields in [
        r#", "currency": "GBP""#,
        r#", "input_per_mtok": "cheap""#,
        r#", "flags": "aggregator""#,
    ] {
        let json = with_api(fields);
        let e = Catalog::load_over(&Catalog::builtin(), &json).unwrap_err();
        assert!(e.to_string().contains("apis[0]"), "{e}");
    }
    let e = Catalog::from_json(
        r#"{"schema": 1, "as_of": "2026-11-01", "usd_per_eur": 1.16, "apis": 5}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("apis"), "{e}");
}

#[test]
fn api_faults_have_their_kind() {
    let f = Fault::Api(ApiFault::UnknownModel { id: "x".into() });
    assert_eq!(f.kind(), ProblemKind::BadApi);
}

#[test]
fn eu_jurisdiction_is_a_member_state_or_eu() {
    let row = |j: &str| ApiPrice {
        provider: "p".into(),
        model: "m".into(),
        model_id: String::new(),
        input_per_mtok: 1.0,
        output_per_mtok: 1.0,
        cached_input_per_mtok: None,
        currency: inference_sizer::units::Currency::Usd,
        region: String::new(),
        jurisdiction: j.into(),
        source: "s".into(),
        as_of: "2026-01-01".into(),
        last_known: false,
        flags: Vec::new(),
        notes: String::new(),
    };
    assert!(
        row("FR").eu_jurisdiction() && row("se").eu_jurisdiction() && row("EU").eu_jurisdiction()
    );
    assert!(
        !row("US").eu_jurisdiction()
            && !row("CN").eu_jurisdiction()
            && !row("CH").eu_jurisdiction()
    );
}

// ---- honest prices ----------------------------------------------------------------------

#[test]
fn a_gpu_only_rate_is_priced_with_the_providers_published_add_ons() {
    let c = shipped();
    // Salad RTX 5090 High priority: 0.50 USD/h for the GPU, "CPU/RAM extra at USD 0.005/vCPU-h +
    // 0.001/GB-h"; an assumed container of 8 vCPUs and 32 GB: 0.50 + 8 x 0.005 + 32 x 0.001 =
    // 0.50 + 0.04 + 0.032 = 0.572 USD/h.
    let o = c.offer("salad-rtx-5090-32gb").unwrap();
    close(o.price.amount, 0.572, 1e-9);
    assert!(o.price.approximate);
    assert_eq!(o.price_note, "gpu_only_priced");
    assert_eq!((o.vcpus, o.ram_gib), (Some(8), Some(32.0)));
    // RTX 4090: 0.33 + 8 x 0.005 + 24 x 0.001 = 0.394 USD/h.
    close(
        c.offer("salad-rtx-4090-24gb").unwrap().price.amount,
        0.394,
        1e-9,
    );
    // Every approximate price says what it leaves out.
    for o in c.offers.iter().filter(|o| o.price.approximate) {
        assert!(!o.price_note.is_empty(), "{} has no price_note", o.id);
    }
}

#[test]
fn the_report_says_what_an_approximate_price_leaves_out() {
    let r = report("model=llama-3.1-8b&rpd=1000");
    let floor = r
        .options
        .iter()
        .find(|o| o.offer_id == "hyperstack-h100-sxm-reservation-starting-from-per-gpu")
        .unwrap();
    assert!(floor.approximate_price);
    assert_eq!(
        floor.price_note.as_deref(),
        Some("a 'starting at' price: the location or configuration you get may cost more")
    );
    assert!(r
        .options
        .iter()
        .filter(|o| !o.approximate_price)
        .all(|o| o.price_note.is_none()));
    let es = report("model=llama-3.1-8b&rpd=1000&lang=es");
    let floor = es
        .options
        .iter()
        .find(|o| o.offer_id == "hyperstack-h100-sxm-reservation-starting-from-per-gpu")
        .unwrap();
    assert!(floor
        .price_note
        .as_deref()
        .unwrap()
        .starts_with("un precio «desde»"));
}

#[test]
fn a_recommendation_at_an_approximate_price_carries_the_mark_and_the_note() {
    // Only Salad's RTX 5090 allowed: its GPU-only rate with add-ons is the verdict.
    let r = report("model=llama-3.1-8b&rpd=1000&gpus=nvidia_rtx_5090&spot=1");
    let rec = r.recommendation.expect("a 5090 serves an 8B model");
    if rec.offer_id.starts_with("salad") {
        assert!(rec.approximate_price);
        assert!(rec.price_note.clone().unwrap().starts_with(
            "a GPU-only rate with the provider's published vCPU and RAM add-ons priced in"
        ));
    } else {
        assert_eq!(rec.approximate_price, rec.price_note.is_some());
    }
}

#[test]
fn with_eu_jurisdiction_and_no_api_under_eu_law_the_verdict_says_the_api_misses_the_constraint() {
    // Kimi K2: no row under EU law sells it; the five cheapest are shown, none of them EU.
    let r = report("model=kimi-k2&rpd=10000&eu=1");
    assert!(!r.api_reference.is_empty());
    assert!(r.api_reference.iter().all(|a| !a.eu_jurisdiction));
    let v = r.api_verdict.unwrap();
    assert!(
        v.contains("No hosted API under EU law sells it, so this one does not meet your EU jurisdiction constraint."),
        "{v}"
    );
}
