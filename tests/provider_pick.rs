//! The host's provider's pick (`report::ProviderPick`, issue 30 item 6): its best usable offer by
//! the verdict's own rules among its offers alone, beside the market's verdict, and the embed
//! `result` summary that carries it with `pick=provider`. The catalogue is the fictional Acme
//! Metal's (`public/demo-provider-catalog.json`: 1x L40S EUR 690, 4x L40S EUR 2,490, 8x H100
//! EUR 14,900 + 1,500 setup over a 3-month term, all bare metal in Frankfurt, with the reference
//! clouds beside them).

use inference_sizer::catalog::Catalog;
use inference_sizer::embed_protocol::{parse_incoming, Message, ResultSummary};
use inference_sizer::report::{evaluate_query, Report};

fn acme() -> Catalog {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/public/demo-provider-catalog.json"
    ))
    .expect("public/demo-provider-catalog.json");
    Catalog::load_over(&Catalog::builtin(), &text).expect("the demo catalogue validates")
}

/// The scenario of public/embed-demo.html.
const DEMO: &str = "model=llama-3.3-70b&quant=fp8&ctx=8192&seqs=8&embed=1&provider=Acme%20Metal";

fn demo(extra: &str) -> Report {
    evaluate_query(&format!("{DEMO}{extra}"), &acme())
}

#[test]
fn provider_mode_leads_with_acmes_best_fit_and_keeps_the_markets_cheapest_beside_it() {
    let r = demo("&pick=provider");
    let p = r.provider_pick.as_ref().expect("a provider's pick");
    assert_eq!(p.provider, "Acme Metal");
    assert!(p.leads);
    // About 70 GB of FP8 weights and the KV cache of 8 sequences: one 48 GB L40S cannot hold
    // them (three single-GPU machines with no network between them are not a deployment), four
    // in one server can, at the list price EUR 2,490 a month (no setup fee, unmetered traffic);
    // eight H100 cost EUR 14,900 + 1,500 / 36 months = EUR 14,941.67.
    assert_eq!(p.offer_id.as_deref(), Some("acme-metal-4x-l40s"));
    assert_eq!(p.gpu_count, 4);
    assert_eq!(p.deployment.as_deref(), Some("bare_metal"));
    assert_eq!(p.monthly_cost, Some(2490.0));
    let h100 = p
        .offers
        .iter()
        .find(|o| o.offer_id == "acme-metal-8x-h100")
        .unwrap();
    assert!((h100.monthly_cost - (14_900.0 + 1_500.0 / 36.0)).abs() < 0.01);
    assert!(h100.usable);
    let one = p
        .offers
        .iter()
        .find(|o| o.offer_id == "acme-metal-1x-l40s")
        .unwrap();
    assert!(!one.usable);
    assert!(one.note.contains("3 machines of 1 GPU"), "{}", one.note);
    // The market's verdict is unchanged and named beside it: RunPod's Secure Cloud MI300X,
    // 2.39 USD/h x 730 h / 1.16 = EUR 1,504 plus storage and monitoring.
    let market = r.recommendation.as_ref().expect("a verdict");
    assert_eq!(market.offer_id, "runpod-1x-mi300x");
    assert_eq!(p.market_offer_id.as_deref(), Some("runpod-1x-mi300x"));
    assert_eq!(p.market_monthly_cost, Some(market.monthly_cost));
    assert!((1_504.0..1_600.0).contains(&market.monthly_cost));
    let premium = p.premium.unwrap();
    assert!((premium - (2_490.0 - market.monthly_cost)).abs() < 1e-9);
    assert_eq!(
        p.headline,
        "Acme Metal's best fit: AM-L40S-4 (4x L40S, bare metal), €2,490 a month."
    );
    assert!(
        p.market_line
            .starts_with("The cheapest option in the whole comparison: RunPod 1x MI300X"),
        "{}",
        p.market_line
    );
    assert!(p.market_line.contains("€949.36 less"), "{}", p.market_line);

    // The host's event carries Acme's offer, and the market's beside it.
    let s = ResultSummary::from_report(&r);
    assert_eq!(s.pick, "provider");
    assert_eq!(s.offer_id.as_deref(), Some("acme-metal-4x-l40s"));
    assert_eq!(s.provider.as_deref(), Some("Acme Metal"));
    assert_eq!(s.gpu_id.as_deref(), Some("nvidia_l40s"));
    assert_eq!(s.monthly_cost, Some(2490.0));
    assert_eq!(s.market_offer_id.as_deref(), Some("runpod-1x-mi300x"));
    assert_eq!(s.market_provider.as_deref(), Some("RunPod"));
    // What the page sends is what a host's loader accepts, field for field.
    let json = Message::Result(s.clone()).to_json();
    assert_eq!(parse_incoming(&json), Ok(Message::Result(s)));
}

#[test]
fn the_pick_is_reported_in_market_mode_too_but_the_event_keeps_the_market_verdict() {
    let r = demo("");
    let p = r.provider_pick.as_ref().expect("a provider's pick");
    assert!(!p.leads);
    assert_eq!(p.offer_id.as_deref(), Some("acme-metal-4x-l40s"));
    let s = ResultSummary::from_report(&r);
    assert_eq!(s.pick, "market");
    assert_eq!(s.offer_id.as_deref(), Some("runpod-1x-mi300x"));
    assert_eq!(s.market_offer_id.as_deref(), Some("runpod-1x-mi300x"));
}

#[test]
fn the_provider_is_the_catalogues_publisher_when_the_link_names_none() {
    let r = evaluate_query(
        "model=llama-3.3-70b&quant=fp8&ctx=8192&seqs=8&pick=provider",
        &acme(),
    );
    let p = r.provider_pick.as_ref().expect("the publisher's pick");
    assert_eq!(p.provider, "Acme Metal");
    assert_eq!(p.offer_id.as_deref(), Some("acme-metal-4x-l40s"));
    assert!(p.leads);
}

#[test]
fn the_builtin_catalogue_has_no_provider_to_pick_for() {
    let r = evaluate_query(
        "model=llama-3.3-70b&quant=fp8&pick=provider",
        &Catalog::builtin(),
    );
    assert_eq!(r.provider_pick, None);
    let json = serde_json::to_value(&r).unwrap();
    assert!(json.get("provider_pick").is_none());
    // And the event is the market's, as before.
    assert_eq!(ResultSummary::from_report(&r).pick, "market");
}

#[test]
fn when_none_of_the_providers_offers_fits_the_markets_verdict_leads_and_says_why() {
    // 405 B parameters in BF16 are 810 GB of weights: more than Acme's 8 x 80 GB H100 server,
    // and its servers state no network between machines.
    let r = demo("&model=llama-3.1-405b&quant=bf16&pick=provider");
    let p = r.provider_pick.as_ref().expect("a provider's pick");
    assert_eq!(p.offer_id, None);
    assert!(!p.leads);
    assert!(p.offers.iter().all(|o| !o.usable));
    assert!(
        p.headline
            .starts_with("None of Acme Metal's offers can serve this scenario. The cheapest of them: one copy of the model needs"),
        "{}",
        p.headline
    );
    let s = ResultSummary::from_report(&r);
    assert_eq!(s.pick, "market");
    let market = r.recommendation.as_ref().expect("a market verdict");
    assert_eq!(s.offer_id.as_deref(), Some(market.offer_id.as_str()));
}

#[test]
fn when_acmes_offer_is_the_cheapest_it_says_so() {
    // A small model, which Acme's 1x L40S (EUR 690) serves, in a catalogue of Acme's offers
    // alone: its pick is the market's verdict, and the card says so rather than comparing.
    let mut alone = acme();
    alone.offers.retain(|o| o.provider == "Acme Metal");
    let r = evaluate_query("model=llama-3.1-8b&quant=fp8&pick=provider&lang=es", &alone);
    let p = r.provider_pick.as_ref().unwrap();
    assert_eq!(p.offer_id.as_deref(), Some("acme-metal-1x-l40s"));
    assert_eq!(p.market_offer_id.as_deref(), Some("acme-metal-1x-l40s"));
    assert_eq!(p.premium, Some(0.0));
    assert_eq!(
        p.market_line,
        "Es también la opción más barata de toda la comparación."
    );
    assert!(
        p.headline
            .starts_with("La mejor opción de Acme Metal: AM-L40S-1"),
        "{}",
        p.headline
    );
    assert_eq!(p.offers_title, "Ofertas de Acme Metal");
}

#[test]
fn a_result_from_an_older_page_reads_as_market_and_a_strange_pick_is_refused() {
    let old = r#"{"source":"inference-sizer","version":1,"type":"result","summary":{"offer_id":"x","provider":"P","gpu_id":null,"gpu_count":1,"deployment":"cloud","monthly_cost":10,"currency":"EUR","scenario":"model=a"}}"#;
    match parse_incoming(old) {
        Ok(Message::Result(s)) => {
            assert_eq!(s.pick, "market");
            assert_eq!(s.market_offer_id, None);
        }
        other => panic!("{other:?}"),
    }
    let strange = old.replace(
        r#""scenario":"model=a""#,
        r#""scenario":"model=a","pick":"mine""#,
    );
    assert!(parse_incoming(&strange).is_err());
    let negative = old.replace(
        r#""scenario":"model=a""#,
        r#""scenario":"model=a","market_monthly_cost":-1"#,
    );
    assert!(parse_incoming(&negative).is_err());
}

#[test]
fn a_catalogue_notice_names_the_provider_not_the_address() {
    use inference_sizer::embed_protocol::catalogue_label;
    let url = "https://acme.example/prices/sizer-catalog.json?v=3";
    assert_eq!(catalogue_label(url, Some(" Acme Metal ")), "Acme Metal");
    assert_eq!(catalogue_label(url, None), "acme.example");
    assert_eq!(catalogue_label(url, Some("  ")), "acme.example");
    assert_eq!(
        catalogue_label("demo-provider-catalog.json", None),
        "demo-provider-catalog.json"
    );
    assert_eq!(catalogue_label("/c/acme.json?x=1", None), "acme.json");
}

#[test]
fn the_footer_never_has_an_empty_provider() {
    use inference_sizer::lang::Lang;
    use inference_sizer::words::provider::prices_from;
    assert_eq!(
        prices_from(Some("Acme Metal"), "2026-11-01", Lang::Es),
        "Precios de Acme Metal · a fecha de 2026-11-01"
    );
    // A refused catalogue leaves the built-in one, which has no publisher.
    assert_eq!(
        prices_from(None, "2026-12-01", Lang::Es),
        "Precios incorporados · a fecha de 2026-12-01"
    );
    assert_eq!(
        prices_from(Some(" "), "2026-12-01", Lang::En),
        "Built-in prices · as of 2026-12-01"
    );
}

/// Under the host's pick the verdict card below the provider's is the whole market's answer, and
/// its heading says so; in market mode it is the verdict.
#[test]
fn the_markets_card_says_whose_verdict_it_is() {
    use inference_sizer::lang::Lang;
    use inference_sizer::report::VerdictCard;
    let picked = demo("&pick=provider");
    assert_eq!(
        VerdictCard::of(&picked, Lang::En).title,
        "The whole market's verdict"
    );
    assert_eq!(
        VerdictCard::of(&picked, Lang::Es).title,
        "El veredicto de todo el mercado"
    );
    assert_eq!(VerdictCard::of(&demo(""), Lang::En).title, "Verdict");
}
