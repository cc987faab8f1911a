//! The shipped catalogue, the loader's error messages, and the provider-catalogue rules.

use inference_sizer::catalog::{
    filter_provider, merge_provider, validate, Catalog, CatalogError, Fault, FieldError, IdList,
    Offer, OfferKind, OfferSources, PricePer, Problem, ProblemKind, Virtualization, SOURCE_IN_FILE,
};
use inference_sizer::scenario::Lang;
use inference_sizer::units::Currency;
use proptest::prelude::*;

const SHIPPED: &str = include_str!("../public/catalog.json");

fn shipped() -> Catalog {
    Catalog::from_json(SHIPPED).expect("the shipped catalogue parses")
}

#[track_caller]
fn offer<'a>(catalog: &'a Catalog, id: &str) -> &'a Offer {
    catalog
        .offer(id)
        .unwrap_or_else(|| panic!("no offer {id} in the catalogue"))
}

#[track_caller]
fn assert_close(actual: f64, expected: f64) {
    assert!(
        (actual - expected).abs() < 1e-9,
        "expected {expected}, got {actual}"
    );
}

/// A one-offer provider catalogue; `offer_fields` are spliced into a valid offer and override it.
fn provider_catalogue_with(offer_fields: &str) -> String {
    format!(
        r#"{{"schema": 1, "as_of": "2026-11-01", "usd_per_eur": 1.16,
            "offers": [{{"id": "acme-h100", "provider": "Acme", "name": "H100 box", "kind": "bare_metal",
              "gpu": {{"id": "nvidia_h100_sxm", "count": 1}}, "virtualization": "bare_metal",
              "price": {{"amount": 1500, "currency": "EUR", "per": "month"}},
              "jurisdiction": "EU", "source": "https://acme.example/prices", "as_of": "2026-11-01"{offer_fields}}}]}}"#
    )
}

/// Reads a provider catalogue and applies it over the built-in one.
fn merged_with_builtin(json: &str) -> Result<Catalog, Vec<Problem>> {
    let provider = Catalog::from_json(json).expect("provider catalogue parses");
    merge_provider(&shipped(), &provider)
}

/// The sentence a person sees when a provider catalogue is refused.
#[track_caller]
fn refusal(json: &str) -> String {
    match Catalog::load_over(&shipped(), json) {
        Ok(_) => panic!("the catalogue was accepted"),
        Err(e) => e.to_string(),
    }
}

#[track_caller]
fn problem_kinds(json: &str) -> Vec<ProblemKind> {
    match Catalog::load_over(&shipped(), json) {
        Err(CatalogError::Invalid(problems)) => problems.iter().map(|p| p.kind).collect(),
        other => panic!("expected validation problems, got {other:?}"),
    }
}

// ---- the shipped file ---------------------------------------------------------------------

#[test]
fn shipped_catalogue_parses_and_validates_with_no_problems() {
    let problems = validate(&shipped());
    assert!(problems.is_empty(), "problems: {problems:#?}");
    assert!(Catalog::builtin_problems().is_empty());
    // Catalog::builtin() is this file without its notes: see the test below.
}

#[test]
fn every_offer_has_a_source_and_a_date() {
    for o in &shipped().offers {
        assert!(!o.source.trim().is_empty(), "{} has no source", o.id);
        assert!(
            inference_sizer::catalog::is_date(&o.as_of),
            "{} has as_of {:?}",
            o.id,
            o.as_of
        );
    }
}

#[test]
fn offer_ids_are_unique_and_every_gpu_id_is_known() {
    let c = shipped();
    let mut ids: Vec<&str> = c.offers.iter().map(|o| o.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), c.offers.len());
    for o in &c.offers {
        if let Some(id) = o.gpu_id() {
            assert!(c.gpu(id).is_some(), "{} uses unknown GPU {id}", o.id);
        }
    }
}

#[test]
fn every_offer_kind_is_represented() {
    let c = shipped();
    // The CSV has every kind; these floors are what the build keeps after dropping undated rows.
    let at_least = [
        (OfferKind::CloudOnDemand, 15),
        (OfferKind::CloudReserved, 10),
        (OfferKind::CloudSpot, 5),
        (OfferKind::GpuCloud, 25),
        (OfferKind::BareMetal, 15),
        (OfferKind::Vps, 5),
        (OfferKind::DedicatedCpu, 5),
    ];
    for (kind, n) in at_least {
        let count = c.offers.iter().filter(|o| o.kind == kind).count();
        assert!(
            count >= n,
            "{}: {count} offers, expected at least {n}",
            kind.id()
        );
    }
    assert!(
        c.gpus.len() >= 25,
        "every GPU of gpus.csv plus the ones the offers need"
    );
}

#[test]
fn aws_p5_is_shipped_at_the_post_cut_price() {
    let c = shipped();
    let p5 = offer(&c, "aws-p5.48xlarge-us-east-1");
    assert_eq!(p5.kind, OfferKind::CloudOnDemand);
    assert_eq!(p5.gpu_id(), Some("nvidia_h100_sxm"));
    assert_eq!(p5.gpu_count(), 8);
    assert_close(p5.price.amount, 55.04); // June 2025 cut: 98.32 -> 55.04 (-44%)
    assert_eq!(
        (p5.price.currency, p5.price.per),
        (Currency::Usd, PricePer::Hour)
    );
    assert!(p5.reference);
    assert_eq!(p5.jurisdiction, "US");
    assert!(!p5.region_eu);
    let egress = p5.egress.expect("AWS egress terms");
    assert_close(egress.price_per_gb, 0.09);
    // No pre-cut price survives anywhere for AWS P4/P5.
    for o in c.offers.iter().filter(|o| o.provider == "AWS") {
        assert!(
            ![98.32, 32.7726, 40.96575].contains(&o.price.amount),
            "{} is pre-cut",
            o.id
        );
    }
}

#[test]
fn hetzner_gex131_is_a_monthly_eu_bare_metal_server_with_a_setup_fee() {
    let c = shipped();
    let gex = offer(&c, "hetzner-gex131");
    assert_eq!(gex.kind, OfferKind::BareMetal);
    assert_eq!(gex.virtualization, Virtualization::BareMetal);
    assert_close(gex.price.amount, 1497.30);
    assert_eq!(
        (gex.price.currency, gex.price.per),
        (Currency::Eur, PricePer::Month)
    );
    let fee = gex.setup_fee.expect("setup fee");
    assert_close(fee.amount, 1499.0);
    assert_eq!(fee.currency, Currency::Eur);
    assert!(gex.single_tenant && gex.region_eu && !gex.reference);
    assert_eq!(gex.jurisdiction, "EU");
    assert!(gex.egress.expect("egress terms").unmetered);
    // The GPU gpus.csv lacks was added: 96 GB label -> 96 x 81559/81920 = 95.58 GiB usable.
    let gpu = c.gpu(gex.gpu_id().expect("a GPU")).expect("known GPU");
    assert_close(gpu.memory_gib, 95.58);
    assert!(
        gex.amx == Some(true) && gex.avx512 == Some(true),
        "Xeon Gold 5412U is Sapphire Rapids"
    );
    // 8 channels x 4400 MT/s x 8 B = 281.6 GB/s.
    assert_close(gex.cpu_bandwidth_gbs.expect("derived"), 281.6);
}

#[test]
fn usable_gpu_memory_follows_the_documented_rule() {
    let c = shipped();
    let gib = |id: &str| c.gpu(id).expect(id).memory_gib;
    assert_close(gib("nvidia_h100_sxm"), 79.65); // 80 x 81559/81920 = 79.648
    assert_close(gib("nvidia_l40s"), 45.0); // 48 x 15/16 (ECC on)
    assert_close(gib("nvidia_a10g"), 22.5); // 24 x 15/16
}

#[test]
fn yearly_and_reserved_prices_carry_their_terms() {
    let c = shipped();
    let annual = offer(&c, "latitude-sh-g3.h100.small-annual-prepaid");
    assert_close(annual.price.amount, 861.0); // 10,332 USD a year / 12
    assert!(annual.price.approximate);
    assert_close(annual.min_term_months, 12.0);
    let cud = offer(&c, "gcp-a3-highgpu-8g-europe-west4-reserved-3y");
    assert_eq!(cud.kind, OfferKind::CloudReserved);
    assert_close(cud.min_term_months, 36.0);
    assert!(cud.name.contains("3-year"));
    assert_eq!(
        offer(&c, "aws-p5.48xlarge-us-east-1").kind,
        OfferKind::CloudOnDemand
    );
}

#[test]
fn cpu_offers_have_no_gpu_and_say_whether_cores_are_dedicated() {
    let c = shipped();
    for o in c.offers.iter().filter(|o| o.kind.is_cpu()) {
        assert!(o.gpu.is_none(), "{}", o.id);
        assert_eq!(
            o.dedicated_cores,
            Some(o.kind == OfferKind::DedicatedCpu),
            "{}",
            o.id
        );
        assert!(o.cpu_bandwidth_gbs.is_some_and(|b| b > 0.0), "{}", o.id);
    }
    let vps = offer(&c, "vultr-vc2-4-vcpu-8-gb");
    assert_close(vps.price.amount, 40.0); // the 40 USD VPS of the background worked example
}

// ---- messages for bad documents -------------------------------------------------------------

#[test]
fn malformed_json_is_refused_with_its_position() {
    let msg = refusal("{\"schema\": 1, \"as_of\": ");
    assert!(
        msg.contains("not valid JSON") && msg.contains("line 1"),
        "{msg}"
    );
}

#[test]
fn another_schema_version_is_refused_by_number() {
    let msg = refusal(r#"{"schema": 2, "as_of": "2026-11-01", "usd_per_eur": 1.16}"#);
    assert_eq!(
        msg,
        "The catalogue uses schema 2; this version reads schema 1 only."
    );
    assert!(refusal(r#"{"as_of": "2026-11-01"}"#).contains("no `schema`"));
    assert!(refusal("[1, 2]").contains("must be a JSON object"));
}

#[test]
fn an_unknown_gpu_is_named() {
    let json = provider_catalogue_with(r#", "gpu": {"id": "nvidia_h900", "count": 1}"#);
    let msg = refusal(&json);
    assert!(
        msg.contains("offers[0] (acme-h100)") && msg.contains("\"nvidia_h900\""),
        "{msg}"
    );
}

#[test]
fn a_negative_or_zero_price_is_refused() {
    let json =
        provider_catalogue_with(r#", "price": {"amount": -5, "currency": "EUR", "per": "month"}"#);
    assert!(refusal(&json).contains("price must be a positive amount, not -5 EUR"));
    let json =
        provider_catalogue_with(r#", "price": {"amount": 0, "currency": "EUR", "per": "month"}"#);
    assert_eq!(problem_kinds(&json), vec![ProblemKind::BadPrice]);
}

#[test]
fn an_unknown_currency_or_unit_names_the_field() {
    let json =
        provider_catalogue_with(r#", "price": {"amount": 5, "currency": "GBP", "per": "month"}"#);
    let msg = refusal(&json);
    assert!(
        msg.contains("offers[0] (acme-h100)") && msg.contains("GBP"),
        "{msg}"
    );
    let json =
        provider_catalogue_with(r#", "price": {"amount": 5, "currency": "EUR", "per": "day"}"#);
    let msg = refusal(&json);
    assert!(msg.contains("unknown variant `day`"), "{msg}");
}

#[test]
fn a_missing_source_or_date_is_refused() {
    let json = provider_catalogue_with(r#", "source": " ""#);
    assert_eq!(problem_kinds(&json), vec![ProblemKind::MissingSource]);
    let json = provider_catalogue_with(r#", "as_of": "last week""#);
    assert!(refusal(&json).contains("as_of \"last week\" is not a date"));
    let json = provider_catalogue_with(r#", "as_of": "2026-13-01""#);
    assert_eq!(problem_kinds(&json), vec![ProblemKind::BadDate]);
}

#[test]
fn a_zero_rate_and_duplicate_ids_are_refused() {
    let json = provider_catalogue_with("").replace("1.16", "0");
    assert_eq!(problem_kinds(&json), vec![ProblemKind::Rate]);
    let mut c = shipped();
    c.offers.push(c.offers[0].clone());
    let problems = validate(&c);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].kind, ProblemKind::DuplicateId);
}

#[test]
fn stated_gpu_memory_must_match_the_spec_within_two_percent() {
    // H100 SXM spec: 79.65 GiB. 80.0 is 0.4% off (fine); 40 is 50% off (a different card).
    let ok = provider_catalogue_with(r#", "gpu_memory_gib": 80.0"#);
    assert!(Catalog::load_over(&shipped(), &ok).is_ok());
    let wrong = provider_catalogue_with(r#", "gpu_memory_gib": 40"#);
    assert!(refusal(&wrong).contains("states 40 GiB per GPU but nvidia_h100_sxm has 79.65 GiB"));
}

/// An offer may state the network between its machines (docs/interface.md §3); it is read back
/// as written, and a speed that is not positive is refused in words.
#[test]
fn a_fabric_between_machines_is_read_and_checked() {
    use inference_sizer::catalog::{Fabric, FabricKind};
    let ok = provider_catalogue_with(r#", "fabric": {"kind": "infiniband", "gbps": 400}"#);
    let c = Catalog::load_over(&shipped(), &ok).expect("a fabric is accepted");
    let with_fabric: Vec<_> = c.offers.iter().filter_map(|o| o.fabric).collect();
    assert_eq!(
        with_fabric,
        [Fabric {
            kind: FabricKind::Infiniband,
            gbps: 400.0
        }]
    );
    let zero = provider_catalogue_with(r#", "fabric": {"kind": "roce", "gbps": 0}"#);
    assert!(
        refusal(&zero)
            .contains("fabric.gbps (the network between machines) must be a positive speed, not 0"),
        "{}",
        refusal(&zero)
    );
    assert!(refusal_es(&zero).contains("debe ser una velocidad positiva, no 0"));
    let unknown = provider_catalogue_with(r#", "fabric": {"kind": "carrier_pigeon", "gbps": 1}"#);
    assert!(Catalog::load_over(&shipped(), &unknown).is_err());
}

// ---- the same messages in Spanish ----------------------------------------------------------

/// The refusal as the Spanish page shows it.
#[track_caller]
fn refusal_es(json: &str) -> String {
    match Catalog::load_over(&shipped(), json) {
        Ok(_) => panic!("the catalogue was accepted"),
        Err(e) => e.sentence(Lang::Es),
    }
}

/// Words of the English messages that must not survive in a Spanish one. Names between
/// backticks, the document's own keys and paths (`offers[0]`), ids and quoted values are left
/// aside, as are words both languages share (GPU, JSON, RAM, id, no).
const ENGLISH: &str = "\
    the is are not of and or with at line column this valid expected value while parsing must \
    be object has field version reads schema only uses could read was but problem problems \
    price positive amount setup fee zero egress included volume storage bandwidth memory \
    figures throughput power interconnect source its for date used another model offer which \
    catalogue states per more than apart lists count leave out jurisdiction number dollars \
    list missing unknown variant one invalid type string integer floating point boolean \
    map sequence struct EOF key there variants duplicate";

#[path = "support/spanish.rs"]
mod spanish;

/// Fails when `text` keeps an English word outside backticks.
#[track_caller]
fn assert_spanish(text: &str) {
    spanish::assert_no_english(text, ENGLISH, &[]);
}

/// One of each validation fault; the match makes a new variant fail to compile here until it
/// is listed.
fn every_fault() -> Vec<Fault> {
    use Fault::*;
    let all = vec![
        Schema { found: 2 },
        Rate { usd_per_eur: -1.5 },
        MissingDate { field: "as_of" },
        BadDate {
            field: "as_of",
            date: "2026-13-01".into(),
        },
        MissingId,
        DuplicateId {
            id: "x".into(),
            list: IdList::Gpus,
        },
        DuplicateId {
            id: "x".into(),
            list: IdList::Models,
        },
        DuplicateId {
            id: "x".into(),
            list: IdList::Offers,
        },
        UnknownGpu {
            gpu: "nvidia_h900".into(),
        },
        ZeroGpuCount,
        MemoryMismatch {
            stated: 40.0,
            gpu: "nvidia_h100_sxm".into(),
            spec: 79.65,
        },
        BadPrice {
            amount: -5.0,
            currency: Currency::Eur,
        },
        BadSetupFee { amount: -100.0 },
        BadMinTerm { months: -1.0 },
        BadEgress,
        BadFabric { gbps: 0.0 },
        BadGpuFigure {
            field: "memory_gib",
            value: 0.0,
        },
        BadGpuRatings,
        BadOfferFigures,
        NoFiguresSource,
        NoPriceSource,
        BadJurisdiction { found: "CH".into() },
        Api(inference_sizer::catalog::ApiFault::BadPrice {
            field: "input_per_mtok",
            amount: -1.0,
        }),
        Own(inference_sizer::catalog::OwnFault::BadFigure {
            field: "price",
            value: -1.0,
        }),
        Own(inference_sizer::catalog::OwnFault::NoEnergyPrice),
    ];
    for f in &all {
        match f {
            Schema { .. } | Rate { .. } | MissingDate { .. } | BadDate { .. } | MissingId => {}
            DuplicateId { .. } | UnknownGpu { .. } | ZeroGpuCount | MemoryMismatch { .. } => {}
            BadPrice { .. } | BadSetupFee { .. } | BadMinTerm { .. } | BadEgress => {}
            BadFabric { .. } => {}
            BadGpuFigure { .. } | BadGpuRatings | BadOfferFigures | NoFiguresSource => {}
            NoPriceSource | BadJurisdiction { .. } | Api(_) | Own(_) => {}
        }
    }
    all
}

/// Documents that `serde` refuses field by field, so the test reads serde's own words.
fn field_errors() -> Vec<FieldError> {
    let offer_with = [
        r#", "price": {"amount": 5, "currency": "GBP", "per": "month"}"#,
        r#", "price": {"amount": 5, "currency": "EUR", "per": "day"}"#,
        r#", "price": {"amount": "5", "currency": "EUR", "per": "month"}"#,
        r#", "price": null"#,
        r#", "gpu": 5"#,
        r#", "gpu": {"id": "x", "count": -1}"#,
        r#", "gpu": {"id": "x", "count": 1.5}"#,
        r#", "gpu": {"id": "x"}"#,
        r#", "gpu": [1, 2]"#,
        r#", "vcpus": true"#,
        r#", "kind": "weird""#,
        r#", "kind": 3"#,
        r#", "avx512": "yes""#,
        r#", "region": {}"#,
    ]
    .map(provider_catalogue_with);
    let documents = [
        r#"{"schema": 1, "as_of": 5, "usd_per_eur": 1.16}"#,
        r#"{"schema": 1, "usd_per_eur": 1.16}"#,
        r#"{"schema": 1, "as_of": "x", "usd_per_eur": 1.16, "gpus": {}}"#,
        r#"{"schema": 1, "as_of": "x", "usd_per_eur": 1.16, "gpus": [{"id": "g"}]}"#,
        r#"{"schema": 1, "as_of": "x", "usd_per_eur": 1.16, "models": [{"id": "m", "layers": "x"}]}"#,
    ];
    let mut all = Vec::new();
    for json in offer_with.iter().map(String::as_str).chain(documents) {
        match Catalog::from_json(json) {
            Err(CatalogError::Fields(errors)) => all.extend(errors),
            other => panic!("expected field errors for {json}, got {other:?}"),
        }
    }
    all
}

#[test]
fn every_refusal_has_a_spanish_sentence_with_no_english_left() {
    for f in every_fault() {
        let problem = Problem {
            kind: f.kind(),
            path: "offers[0] (acme-h100)".into(),
            fault: f,
        };
        let (en, es) = (problem.sentence(Lang::En), problem.sentence(Lang::Es));
        assert_ne!(en, es);
        assert_eq!(problem.to_string(), en, "Display is the English sentence");
        assert_spanish(&es);
    }
    for e in field_errors() {
        let es = e.sentence(Lang::Es);
        assert!(!es.contains('«'), "serde's words left untranslated: {es}");
        assert_spanish(&es);
    }
    for json in [
        "{\"schema\": 1, \"as_of\": ",
        "{\"schema\": 1,, }",
        "",
        "[1, 2]",
        r#"{"as_of": "2026-11-01"}"#,
        r#"{"schema": 2}"#,
        r#"{"schema": "1"}"#,
        &provider_catalogue_with(r#", "source": "", "as_of": "2026-13-01""#),
        &provider_catalogue_with(r#", "price": {"amount": 5, "currency": "EUR", "per": "day"}"#),
    ] {
        let e = Catalog::load_over(&shipped(), json).unwrap_err();
        let (en, es) = (e.sentence(Lang::En), e.sentence(Lang::Es));
        assert_ne!(en, es);
        assert_eq!(e.to_string(), en, "Display is the English sentence");
        assert_spanish(&es);
    }
}

#[test]
fn a_refused_catalogue_is_explained_in_spanish_with_its_figures() {
    assert_eq!(
        refusal_es(&provider_catalogue_with(
            r#", "price": {"amount": -5, "currency": "EUR", "per": "month"}"#
        )),
        "El catálogo se leyó, pero tiene 1 problema: offers[0] (acme-h100): el precio debe ser un importe positivo, no -5 EUR."
    );
    // 40 GiB stated against the H100 SXM's 79.65: 50% apart, more than the 2% allowed.
    assert_eq!(
        refusal_es(&provider_catalogue_with(r#", "gpu_memory_gib": 40"#)),
        "El catálogo se leyó, pero tiene 1 problema: offers[0] (acme-h100): indica 40 GiB por GPU, pero nvidia_h100_sxm tiene 79,65 GiB (difieren más de un 2 %)."
    );
    assert_eq!(
        refusal_es(&provider_catalogue_with(
            r#", "source": " ", "jurisdiction": "Suiza""#
        )),
        "El catálogo se leyó, pero tiene 2 problemas: offers[0] (acme-h100): la jurisdicción debe ser `US`, `EU`, `other` o un código de país como `FI`, no \"Suiza\"; offers[0] (acme-h100): no indica la fuente de su precio."
    );
    assert_eq!(
        refusal_es(r#"{"schema": 2, "as_of": "2026-11-01", "usd_per_eur": 1.16}"#),
        "El catálogo usa el esquema 2; esta versión solo lee el esquema 1."
    );
    // serde's position kept, its words translated.
    assert_eq!(
        refusal_es("{\"schema\": 1, \"as_of\": "),
        "El catálogo no es JSON válido (el texto se acaba donde se esperaba un valor en la línea 1, columna 23)."
    );
}

#[test]
fn fields_serde_could_not_read_are_named_in_spanish() {
    assert_eq!(
        refusal_es(&provider_catalogue_with(
            r#", "price": {"amount": 5, "currency": "EUR", "per": "day"}"#
        )),
        "No se pudo leer el catálogo: offers[0] (acme-h100): valor `day` desconocido; se admite `hour` o `month`."
    );
    let es: Vec<String> = field_errors()
        .iter()
        .map(|e| e.sentence(Lang::Es))
        .collect();
    for expected in [
        "offers[0] (acme-h100): valor `weird` desconocido; se admite uno de `cloud_on_demand`, `cloud_reserved`, `cloud_spot`, `gpu_cloud`, `bare_metal`, `vps`, `dedicated_cpu`, `own`",
        "offers[0] (acme-h100): tipo no válido: la cadena \"5\" donde se esperaba un número",
        "offers[0] (acme-h100): valor no válido: el entero `-1` donde se esperaba un entero de 0 a 4.294.967.295",
        "offers[0] (acme-h100): falta el campo `count`",
        "offers[0] (acme-h100): tipo no válido: `null` donde se esperaba un objeto",
        "gpus: debe ser una lista",
        "catálogo: falta el campo `as_of`",
    ] {
        assert!(es.iter().any(|e| e == expected), "{expected} not in {es:#?}");
    }
    // A message of a form serde may add later is quoted whole rather than half translated.
    let new_form = FieldError {
        path: "offers[0]".into(),
        message: "a new kind of fault".into(),
    };
    assert_eq!(
        new_form.sentence(Lang::Es),
        "offers[0]: «a new kind of fault»"
    );
}

// ---- provider catalogues --------------------------------------------------------------------

#[test]
fn a_provider_catalogue_replaces_the_builtin_offers() {
    let merged = merged_with_builtin(&provider_catalogue_with("")).expect("valid");
    assert_eq!(merged.offers.len(), 1);
    assert_eq!(merged.offers[0].id, "acme-h100");
    // GPUs extend: the built-in H100 spec is still there for the provider's offer.
    assert!(merged.gpu("nvidia_h100_sxm").is_some());
}

#[test]
fn include_reference_keeps_the_builtin_reference_offers_beside_the_providers() {
    let json = provider_catalogue_with("").replace(
        r#""usd_per_eur": 1.16,"#,
        r#""usd_per_eur": 1.16, "include_reference": true,"#,
    );
    let merged = merged_with_builtin(&json).expect("valid");
    let builtin = shipped();
    let references = builtin.offers.iter().filter(|o| o.reference).count();
    assert!(references > 30);
    assert_eq!(merged.offers.len(), 1 + references);
    assert!(merged.offer("aws-p5.48xlarge-us-east-1").is_some());
    assert!(
        merged.offer("hetzner-gex131").is_none(),
        "non-reference built-in offers go"
    );
}

#[test]
fn a_provider_may_bring_its_own_gpu() {
    let json = format!(
        r#"{{"schema": 1, "as_of": "2026-11-01", "usd_per_eur": 1.16,
            "gpus": [{{"id": "acme_card", "name": "Acme Card", "memory_gib": 60, "bandwidth_gbs": 1000,
                       "bf16_tflops": 200, "source": "acme datasheet"}}],
            "offers": [{}]}}"#,
        &provider_catalogue_with(r#", "gpu": {"id": "acme_card", "count": 2}"#)
            .split_once("\"offers\": [")
            .expect("offers")
            .1
            .trim_end()
            .trim_end_matches("]}")
    );
    let merged = merged_with_builtin(&json).expect("valid");
    assert!(merged.gpu("acme_card").is_some() && merged.gpu("nvidia_h100_sxm").is_some());
}

#[test]
fn a_provider_catalogue_with_a_problem_is_refused_whole() {
    let json = provider_catalogue_with(r#", "gpu": {"id": "nvidia_h900", "count": 1}"#);
    let problems = merged_with_builtin(&json).expect_err("unknown GPU");
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].kind, ProblemKind::UnknownGpu);
}

#[test]
fn filtering_by_provider_keeps_its_offers_and_the_reference_ones() {
    let c = shipped();
    let hetzner = filter_provider(&c, " hetzner ");
    let own = c.offers.iter().filter(|o| o.provider == "Hetzner").count();
    let references = c
        .offers
        .iter()
        .filter(|o| o.reference && o.provider != "Hetzner")
        .count();
    assert!(own >= 8);
    assert_eq!(hetzner.offers.len(), own + references);
    assert!(hetzner
        .offers
        .iter()
        .all(|o| o.provider == "Hetzner" || o.reference));
    assert!(hetzner.offer("vultr-vbm-112c-2048gb-8-h100-gpu").is_none());
    assert_eq!(hetzner.gpus, c.gpus);
}

/// What loading any text may give: a catalogue that validates, or a refusal with words in both
/// languages.
fn valid_or_worded(result: Result<Catalog, CatalogError>) -> Result<(), TestCaseError> {
    match result {
        Ok(catalog) => prop_assert_eq!(validate(&catalog), Vec::new()),
        Err(e) => {
            prop_assert!(!e.sentence(Lang::En).is_empty());
            prop_assert!(!e.sentence(Lang::Es).is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,200}") {
        if let Err(e) = Catalog::from_json(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
        valid_or_worded(Catalog::load(&text))?;
        valid_or_worded(Catalog::load_over(&Catalog::builtin(), &text))?;
    }

    #[test]
    fn a_truncated_or_corrupted_catalogue_never_panics(cut in 0usize..SHIPPED.len(), byte in 0u8..128) {
        let cut = (0..=cut).rev().find(|&i| SHIPPED.is_char_boundary(i)).unwrap_or(0);
        valid_or_worded(Catalog::load(&SHIPPED[..cut]))?;
        let mut corrupted = SHIPPED[..cut].to_string();
        corrupted.push(char::from(byte));
        corrupted.push_str(&SHIPPED[cut..]);
        valid_or_worded(Catalog::load(&corrupted))?;
    }
}

#[test]
fn a_self_contained_catalogue_must_list_its_gpus() {
    // Catalog::load checks a file on its own: the provider sample names a GPU it does not define.
    let json = provider_catalogue_with("");
    assert!(
        matches!(Catalog::load(&json), Err(CatalogError::Invalid(p)) if p[0].kind == ProblemKind::UnknownGpu)
    );
    assert!(Catalog::load(SHIPPED).is_ok());
}

#[test]
fn the_empty_fallback_catalogue_validates() {
    assert!(validate(&Catalog::empty()).is_empty());
}

#[test]
fn jurisdiction_and_data_location_are_kept_apart() {
    let c = shipped();
    // A US provider's EU region: the data stays in the EU, the CLOUD Act still applies.
    let gcp_eu = offer(&c, "gcp-a3-highgpu-8g-europe-west4");
    assert!(gcp_eu.region_eu);
    assert_eq!(gcp_eu.jurisdiction, "US");
    // On-demand, so per hour (the 2026-12-02 row): stored per month at 730 h it was read as
    // committed capacity. 112.540479 x 730 = 82,154.55, the old monthly figure.
    assert_close(gcp_eu.price.amount, 112.540479);
    assert_eq!(gcp_eu.price.per, PricePer::Hour);
    assert_eq!(gcp_eu.min_term_months, 0.0);
    // An EU provider in the EU.
    let ovh = offer(&c, "ovhcloud-l40s-90-hourly-billing");
    assert!(ovh.region_eu && ovh.jurisdiction == "EU");
    assert!(!ovh.single_tenant, "a passthrough VM shares the host");
    assert_eq!(ovh.virtualization, Virtualization::Passthrough);
}

#[test]
fn hidden_cost_terms_come_from_the_provider_extras() {
    let c = shipped();
    // AWS: EBS gp3 0.08 USD/GB-month; 0.09 USD/GB egress after 100 GB free.
    let p5 = offer(&c, "aws-p5.48xlarge-us-east-1");
    assert_eq!(p5.storage_per_gb_month, Some(0.08));
    assert_close(p5.egress.expect("egress").included_tb, 0.1);
    // Hetzner cloud: 1 EUR per TB beyond the 20 TiB (21.99 TB) included; Volumes 0.0572 EUR/GB-month.
    let cx = offer(&c, "hetzner-cx33");
    let egress = cx.egress.expect("egress");
    assert_close(egress.price_per_gb, 0.001);
    assert_close(egress.included_tb, 21.99);
    assert_eq!(egress.currency, Currency::Eur);
    assert_eq!(cx.storage_per_gb_month, Some(0.0572));
    // Bare metal: local disks included, no network-volume price.
    assert_eq!(offer(&c, "hetzner-gex45").storage_per_gb_month, None);
}

#[test]
fn dates_may_be_as_precise_as_the_source() {
    use inference_sizer::catalog::is_date;
    for good in ["2026", "2026-03", "2026-11-09"] {
        assert!(is_date(good), "{good}");
    }
    for bad in [
        "",
        "26-11-09",
        "2026-00",
        "2026-11-32",
        "2026/11/09",
        "2026-1-9",
        "early 2026",
    ] {
        assert!(!is_date(bad), "{bad}");
    }
}

#[test]
fn single_tenancy_is_claimed_only_where_the_source_says_bare_metal() {
    let c = shipped();
    assert!(offer(&c, "hetzner-gex45").single_tenant);
    // Contabo's GPU offer: the source does not say whether it is a VPS or a dedicated server.
    assert!(!offer(&c, "contabo-l40s-gpu-offer").single_tenant);
    assert!(c
        .offers
        .iter()
        .filter(|o| o.kind.is_cloud() && o.virtualization != Virtualization::BareMetal)
        .all(|o| !o.single_tenant));
}

#[test]
fn the_provider_list_is_sorted_and_distinct() {
    let c = shipped();
    let providers = c.providers();
    assert!(providers.windows(2).all(|w| w[0] < w[1]));
    for name in [
        "AWS", "Azure", "GCP", "Hetzner", "OVHcloud", "Scaleway", "Vultr", "Lambda", "RunPod",
    ] {
        assert!(providers.contains(&name), "{name}");
    }
}

#[test]
fn a_nan_price_built_in_code_is_refused() {
    // JSON cannot carry NaN, but a catalogue edited in code can.
    let mut c = shipped();
    c.offers.push(Offer {
        id: "code-built".into(),
        provider: "Acme".into(),
        name: "box".into(),
        price: inference_sizer::catalog::Price {
            amount: f64::NAN,
            currency: Currency::Eur,
            per: PricePer::Month,
            approximate: false,
        },
        source: "test".into(),
        as_of: "2026-11".into(),
        ..Offer::default()
    });
    let problems = validate(&c);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].kind, ProblemKind::BadPrice);
    let expected = format!(
        "offers[{}] (code-built): price must be a positive amount",
        c.offers.len() - 1
    );
    assert!(
        problems[0].to_string().starts_with(&expected),
        "{}",
        problems[0]
    );
}

/// The catalogue compiled into the app (build.rs: `public/catalog.json` without its notes and
/// whitespace) reads to the shipped file's catalogue, notes aside, and is smaller.
#[test]
fn compiled_in_catalogue_is_the_shipped_one_without_notes() {
    use inference_sizer::catalog::BUILTIN_JSON;
    let mut expected = shipped();
    assert!(
        expected.offers.iter().any(|o| !o.notes.is_empty()),
        "the shipped file has notes (else this test checks nothing)"
    );
    expected.offers.iter_mut().for_each(|o| o.notes.clear());
    expected.gpus.iter_mut().for_each(|g| g.notes.clear());
    expected.apis.iter_mut().for_each(|a| a.notes.clear());
    expected.hardware.iter_mut().for_each(|h| h.notes.clear());
    expected.colocation.iter_mut().for_each(|c| c.notes.clear());
    assert_eq!(Catalog::builtin(), expected);
    assert!(!BUILTIN_JSON.contains("\"notes\""));
    assert!(!BUILTIN_JSON.contains('\n'));
    // 171.6 KB -> 112.0 KB when measured (2026-11-29).
    assert!(
        BUILTIN_JSON.len() * 10 < SHIPPED.len() * 7,
        "{} vs {}",
        BUILTIN_JSON.len(),
        SHIPPED.len()
    );
}

// ---- the 2026-12 market: the build's editorial rules, read back from the shipped file ------

/// Days from 0000-03-01 to a `YYYY-MM-DD` (or `YYYY-MM`, taken as its first day) date.
fn day_number(date: &str) -> i64 {
    let mut parts = date.split('-').map(|p| p.parse::<i64>().expect(date));
    let (y, m, d) = (
        parts.next().expect(date),
        parts.next().unwrap_or(1),
        parts.next().unwrap_or(1),
    );
    let (y, m) = if m <= 2 { (y - 1, m + 12) } else { (y, m) };
    365 * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + d
}

#[test]
fn no_shipped_price_is_older_than_twelve_months_on_the_build_date() {
    // The build drops any price dated before 2025-12-01 (12 months before 2026-12-01) that no
    // newer dated source re-confirms.
    let c = shipped();
    let cutoff = day_number("2025-12-01");
    for o in &c.offers {
        assert!(
            day_number(&o.as_of) >= cutoff,
            "{} is dated {}",
            o.id,
            o.as_of
        );
    }
    // The 2025-03-06 GCP a3-highgpu-8g price was read again unchanged: the 2026-07-30 pricing
    // file (the 2026-12-02 rows) now gives it.
    let a3 = offer(&c, "gcp-a3-highgpu-8g-us-central1");
    assert_eq!((a3.as_of.as_str(), a3.price.amount), ("2026-07-30", 88.49));
    // Its spot price changed: 52.96 in 2026-09, not the 35.40 of 2025.
    assert_close(
        offer(&c, "gcp-a3-highgpu-8g-us-central1-spot").price.amount,
        52.962296548,
    );
    // OVH's 2x/4x flavours (2025-01-27 catalogue) carry the date their 1-GPU flavour was re-read.
    assert_eq!(offer(&c, "ovhcloud-h100-1520").as_of, "2026-09-26");
}

#[test]
fn the_catalogue_date_is_its_newest_price() {
    let c = shipped();
    let newest = c
        .offers
        .iter()
        .map(|o| o.as_of.as_str())
        .filter(|d| d.len() == 10)
        .max()
        .expect("dated offers");
    assert_eq!(c.as_of, newest);
    assert_eq!(c.as_of, "2026-11-09");
}

#[test]
fn rows_that_cannot_be_ordered_are_not_shipped() {
    let c = shipped();
    for gone in [
        // Vultr plans-metal API, 2026-10-06: deploy_ondemand=false.
        "vultr-vbm-112c-2048gb-8-h100-gpu",
        "vultr-vbm-256c-3072gb-8-b200-gpu-hourly",
        "vultr-vbm-256c-2048gb-8-mi300x-gpu",
        // GCP sells the 1-GPU A3 only as Spot / Flex-start.
        "gcp-a3-highgpu-1g-us-central1",
        // Hetzner no longer lists GEX44; TensorDock's marketplace is empty.
        "hetzner-gex44",
        "tensordock-h100-sxm5-80gb",
        // Superseded by corrected rows (Azure's NC80adis is 2 x NC40ads = 13.96, not 17.64).
        "lambda-8x-h100-sxm",
    ] {
        assert!(c.offer(gone).is_none(), "{gone} is shipped");
    }
    let nc80 = offer(&c, "azure-standard-nc80adis-h100-v5-eastus");
    assert_close(nc80.price.amount, 13.96);
    assert!(c.offers.iter().all(|o| o.provider != "TensorDock"));
}

#[test]
fn per_gpu_providers_get_one_offer_per_machine_shape() {
    let c = shipped();
    // Verda sells 1x/2x/4x/8x VMs at one per-GPU rate: 2 x 3.81 = 7.62 USD/h, 4 x 3.81 = 15.24.
    for (id, gpus, price) in [
        ("verda-1x-h100-sxm5-80gb", 1, 3.81),
        ("verda-2x-h100-sxm5-80gb", 2, 7.62),
        ("verda-4x-h100-sxm5-80gb", 4, 15.24),
        ("verda-8x-h100-sxm5-80gb", 8, 30.48),
    ] {
        let o = offer(&c, id);
        assert_eq!(o.gpu.as_ref().map(|g| g.count), Some(gpus), "{id}");
        assert_close(o.price.amount, price);
    }
    // A shape the provider prices itself is not derived again: RunPod's 8x H200 Secure pod is
    // 36.72 (its own row), the only 8x H200 Secure offer.
    assert_close(
        offer(&c, "runpod-8x-h200-sxm-pod-secure-cloud")
            .price
            .amount,
        36.72,
    );
    // Scaleway rents H100 SXM machines of 2, 4 and 8 GPUs: three offers, each its machine's price.
    assert_close(offer(&c, "scaleway-h100-sxm-4-80g").price.amount, 12.771);
}

#[test]
fn every_new_gpu_has_datasheet_figures_and_a_source() {
    let c = shipped();
    // B300: 288 GB label; 268.2 GiB shipped (288e9 B = 268.2 GiB, Verda's "268GB").
    let b300 = c.gpu("nvidia_b300").expect("B300");
    assert_close(b300.memory_gib, 268.2);
    assert_close(b300.bf16_tflops, 2250.0); // HGX B300: 36 PFLOPS sparse / 8 GPUs / 2
                                            // MI355X: 288 GB x 81559/81920 = 286.73 GiB; 8 TB/s.
    let mi355x = c.gpu("amd_mi355x").expect("MI355X");
    assert_close(mi355x.memory_gib, 286.73);
    assert_close(mi355x.bandwidth_gbs, 8000.0);
    for id in [
        "nvidia_rtx_pro_6000_blackwell_workstation",
        "nvidia_rtx_5090",
        "nvidia_rtx_4090",
    ] {
        let g = c.gpu(id).expect(id);
        assert!(!g.source.trim().is_empty() && g.bandwidth_gbs > 0.0, "{id}");
    }
    // Every offer's GPU is in the table (the validator checks it; this names the B300 users).
    for id in ["scaleway-b300-sxm-8-288g", "digitalocean-amd-mi355x-spot"] {
        let gpu = offer(&c, id).gpu_id().expect("a GPU");
        assert!(c.gpu(gpu).is_some(), "{id} uses {gpu}");
    }
}

#[test]
fn fabric_is_shipped_only_where_the_provider_states_it() {
    let c = shipped();
    let oci = offer(&c, "oracle-cloud-oci-bm.gpu.h100.8")
        .fabric
        .expect("stated");
    // 8 x 2 x 200 Gbit/s RDMA = 3,200 Gbit/s.
    assert_close(oci.gbps, 3200.0);
    let ovh = offer(&c, "ovhcloud-h100-1520").fabric.expect("stated");
    assert_close(ovh.gbps, 25.0);
    // Lambda states no network between its machines: none is assumed.
    assert!(offer(&c, "lambda-gpu-8x-h100-sxm5").fabric.is_none());
}

#[test]
fn floors_and_marketplace_medians_are_marked_approximate() {
    let c = shipped();
    for id in [
        "vast-ai-rtx-5090",                                      // median of live offers
        "salad-rtx-5090-32gb",                                   // GPU-only: CPU/RAM extra
        "hyperstack-h100-sxm-reservation-starting-from-per-gpu", // 'starting from'
        "runpod-8x-h200-sxm-pod-community-marketplace-lowest",   // lowest live listing
        "leaseweb-l40s-dedicated-server",                        // low-confidence third party
    ] {
        assert!(offer(&c, id).price.approximate, "{id}");
    }
    assert!(!offer(&c, "verda-1x-h100-sxm5-80gb").price.approximate);
}

#[test]
fn an_eu_buyer_finds_single_tenant_machines_for_a_70b_model() {
    // The issue's complaint: no EU single-tenant machine with the memory for a 70B FP8 model.
    let c = shipped();
    let big: Vec<&str> = c
        .offers
        .iter()
        .filter(|o| o.region_eu && o.single_tenant)
        .filter(|o| {
            o.gpu.as_ref().is_some_and(|g| {
                c.gpu(&g.id).map(|s| s.memory_gib * f64::from(g.count)) >= Some(90.0)
            })
        })
        .map(|o| o.id.as_str())
        .collect();
    for id in ["hetzner-gex131", "sesterce-rtxpro6000x8"] {
        assert!(big.contains(&id), "{id} missing from {big:?}");
    }
}

// ---- freshness: ages counted to a day the caller gives -------------------------------------

#[test]
fn ages_are_whole_days_and_months_counted_to_the_day_given() {
    use inference_sizer::catalog::freshness::{days_between, months_between};
    // 2026-11-09 to 2027-02-07: 21 (rest of November) + 31 + 31 + 7 = 90 days.
    assert_eq!(days_between("2026-11-09", "2027-02-07"), Some(90));
    assert_eq!(days_between("2026-11-09", "2027-02-08"), Some(91));
    // Across a leap day: 2028-02-28 to 2028-03-01 is 2 days.
    assert_eq!(days_between("2028-02-28", "2028-03-01"), Some(2));
    // 2026-03-15 to 2026-11-14 is 7 whole months; a day later, 8.
    assert_eq!(months_between("2026-03-15", "2026-11-14"), Some(7));
    assert_eq!(months_between("2026-03-15", "2026-11-15"), Some(8));
    // A month-only date counts from the month's first day (the oldest it can be).
    assert_eq!(months_between("2026-02", "2026-08-01"), Some(6));
    // A day before the date is age 0, not a negative age; a non-date has no age.
    assert_eq!(days_between("2026-11-09", "2026-01-01"), Some(0));
    assert_eq!(months_between("last week", "2026-11-09"), None);
}

#[test]
fn freshness_flags_old_prices_and_a_stale_catalogue() {
    use inference_sizer::catalog::Freshness;
    let offers = [
        ("old", "2026-03-15"),
        ("fresh", "2026-10-06"),
        ("month-only", "2026-05"),
    ];
    // On 2026-12-01: 2026-03-15 is 8 months old (shown), 2026-10-06 under 2 (not shown),
    // 2026-05 counts from 2026-05-01: 7 months (shown). The catalogue (2026-11-09) is 22 days old.
    let f = Freshness::on("2026-12-01", "2026-11-09", offers);
    assert_eq!(f.today, "2026-12-01");
    assert_eq!(f.catalog_age_days, 22);
    assert!(!f.catalog_stale);
    assert_eq!(f.price_age("old"), Some(8));
    assert_eq!(f.price_age("fresh"), None);
    assert_eq!(f.price_age("month-only"), Some(7));
    // 91 days after the catalogue's date: over 90, stale.
    let later = Freshness::on("2027-02-08", "2026-11-09", offers);
    assert_eq!(later.catalog_age_days, 91);
    assert!(later.catalog_stale);
    // Exactly 90 days: not yet.
    assert!(!Freshness::on("2027-02-07", "2026-11-09", offers).catalog_stale);
    // A "today" that is not a full date falls back to the catalogue's date.
    let fallback = Freshness::on("tomorrow", "2026-11-09", offers);
    assert_eq!(
        (fallback.today.as_str(), fallback.catalog_age_days),
        ("2026-11-09", 0)
    );
}

#[test]
fn the_age_of_a_price_is_said_in_both_languages() {
    use inference_sizer::words::catalog::{catalogue_date, catalogue_stale, price_date};
    assert_eq!(
        price_date("2026-03-15", Some(8), Lang::En),
        "2026-03-15 · 8 months"
    );
    assert_eq!(
        price_date("2026-03-15", Some(8), Lang::Es),
        "2026-03-15 · 8 meses"
    );
    assert_eq!(
        price_date("2026-05-15", Some(1), Lang::Es),
        "2026-05-15 · 1 mes"
    );
    assert_eq!(price_date("2026-10-06", None, Lang::En), "2026-10-06");
    assert_eq!(
        catalogue_date("2026-11-09", Lang::En),
        "Prices as of 2026-11-09 (the catalogue's date)."
    );
    assert_eq!(
        catalogue_date("2026-11-09", Lang::Es),
        "Precios a fecha de 2026-11-09 (fecha del catálogo)."
    );
    assert!(catalogue_stale("2026-11-09", 1204, Lang::En)
        .starts_with("The price catalogue is 1,204 days old (prices as of 2026-11-09)"));
    assert!(catalogue_stale("2026-11-09", 1204, Lang::Es)
        .starts_with("El catálogo de precios tiene 1.204 días (precios a fecha de 2026-11-09)"));
}

/// The browser's compiled-in catalogue, as build.rs writes it for wasm32: every offer's source
/// pointing to the published file.
fn as_the_page_first_loads_it() -> Catalog {
    let mut c = Catalog::builtin();
    for o in &mut c.offers {
        o.source = SOURCE_IN_FILE.to_string();
    }
    c
}

#[test]
fn the_citations_file_puts_back_every_offer_source_the_first_load_left_out() {
    // What scripts/postbuild.mjs writes beside the page: each offer's id and source, from the
    // catalogue the build shipped.
    let doc: serde_json::Value = serde_json::from_str(SHIPPED).unwrap();
    let file: serde_json::Map<String, serde_json::Value> = doc["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["id"].as_str().unwrap().to_string(), o["source"].clone()))
        .collect();
    let sources = OfferSources::from_json(&serde_json::Value::Object(file).to_string()).unwrap();
    assert_eq!(sources, OfferSources::of(&Catalog::builtin()));
    let mut page = as_the_page_first_loads_it();
    assert_eq!(page.fill_sources(&sources), Catalog::builtin().offers.len());
    assert_eq!(
        page,
        Catalog::builtin(),
        "the same catalogue, citations and all"
    );
    // The figures never waited for them.
    let q = "model=llama-3.1-8b&rpd=50000";
    let before = inference_sizer::report::evaluate_query(q, &as_the_page_first_loads_it());
    let after = inference_sizer::report::evaluate_query(q, &page);
    assert_eq!(
        before
            .recommendation
            .as_ref()
            .map(|r| (&r.offer_id, r.monthly_cost)),
        after
            .recommendation
            .as_ref()
            .map(|r| (&r.offer_id, r.monthly_cost))
    );
}

#[test]
fn a_provider_offer_keeps_its_own_source_and_a_broken_file_fills_nothing() {
    let mut page = as_the_page_first_loads_it();
    page.offers[0].source = "https://provider.example/prices".into();
    let filled = page.fill_sources(&OfferSources::of(&Catalog::builtin()));
    assert_eq!(filled, page.offers.len() - 1);
    assert_eq!(page.offers[0].source, "https://provider.example/prices");
    for text in ["", "[]", "{\"a\": 1}", "not json"] {
        assert!(OfferSources::from_json(text).is_none(), "{text}");
    }
}

#[test]
fn a_provider_catalogue_may_name_its_jurisdiction_by_iso_code_as_api_rows_do() {
    // "FI" (Finland, an EU member state) is accepted and read as EU law; "CH" (Switzerland) is
    // accepted and is not; a word that is no code is refused with its sentence.
    let fi = merged_with_builtin(&provider_catalogue_with(r#", "jurisdiction": "FI""#))
        .expect("an ISO code is a jurisdiction");
    let acme = offer(&fi, "acme-h100");
    assert_eq!(acme.jurisdiction, "FI");
    assert!(acme.eu_jurisdiction());
    let ch = merged_with_builtin(&provider_catalogue_with(r#", "jurisdiction": "CH""#)).unwrap();
    assert!(!offer(&ch, "acme-h100").eu_jurisdiction());
    assert!(offer(&shipped(), "ovhcloud-l40s-180").eu_jurisdiction());
    assert!(
        refusal(&provider_catalogue_with(r#", "jurisdiction": "Finland""#)).contains(
            "jurisdiction must be US, EU, other or a country code such as FI, not \"Finland\""
        )
    );
}

#[test]
fn offers_carry_the_reliability_of_their_hosts_from_the_providers_own_words() {
    use inference_sizer::catalog::ReliabilityClass as R;
    let c = shipped();
    let class = |id: &str| offer(&c, id).reliability_class;
    // RunPod's Community Cloud: "third-party hosts renting out their own hardware ... no
    // datacentre SLA"; its Secure Cloud is provider-operated.
    assert_eq!(
        class("runpod-4x-rtx-4090-community-cloud"),
        Some(R::Community)
    );
    assert_eq!(
        class("runpod-4x-rtx-4090-secure-cloud"),
        Some(R::SecureCloud)
    );
    // Vast.ai: hosts "from individuals with a single gaming PC to Tier-4 datacenters".
    assert_eq!(class("vast-ai-rtx-4090"), Some(R::Marketplace));
    assert_eq!(class("salad-rtx-5090-32gb"), Some(R::Community));
    // OCI bare metal is dedicated although OCI is a hyperscaler; AWS VMs are hyperscaler.
    assert_eq!(class("oracle-cloud-oci-bm.gpu.h200.8"), Some(R::Dedicated));
    assert_eq!(class("aws-p5.48xlarge-eu-north-1"), Some(R::Hyperscaler));
    assert_eq!(
        class("ovhcloud-hgr-ai-2-with-4x-l40s-no-commitment"),
        Some(R::Dedicated)
    );
    assert_eq!(class("ovhcloud-l40s-180"), Some(R::SecureCloud));
    // Every offer is classed.
    assert!(c.offers.iter().all(|o| o.reliability_class.is_some()));
}

#[test]
fn what_a_source_leaves_unknown_is_flagged_for_the_verdict() {
    let c = shipped();
    // Contabo's row: "L40S GPU offer (config unknown)".
    assert!(offer(&c, "contabo-l40s-gpu-offer").config_unknown);
    // Gcore's bare-metal 8x H100: "TERM UNCLEAR" (the page's pricing-model toggle hid it).
    let gcore = offer(&c, "gcore-bare-metal-gpu-8x-h100-sxm");
    assert!(gcore.availability_uncertain && !gcore.config_unknown);
    // Latitude's vm.l40s.small: "availability uncertain".
    assert!(offer(&c, "latitude-sh-vm.l40s.small").availability_uncertain);
    assert!(!offer(&c, "ovhcloud-l40s-180").availability_uncertain);
}

#[test]
fn an_offer_sold_in_several_places_lists_them_and_eu_keeps_the_eu_ones() {
    let c = shipped();
    // OVH's HGR-AI-2 is orderable in Gravelines (FR) and Beauharnois (CA).
    let ovh = offer(&c, "ovhcloud-hgr-ai-2-with-4x-l40s-no-commitment");
    assert_eq!(ovh.shown_region(true), "GRA (Gravelines, FR)");
    assert!(ovh.shown_region(false).contains("BHS"));
    // Sesterce's 8x RTX PRO 6000: Amsterdam beside Sydney, Chicago and Ashburn; and the operator
    // behind each offer is unknown, so it is not under EU law.
    let sesterce = offer(&c, "sesterce-rtxpro6000x8");
    assert_eq!(sesterce.shown_region(true), "AMS (available)");
    assert_eq!(sesterce.jurisdiction, "other");
    // One location: shown as is.
    assert_eq!(
        offer(&c, "ovhcloud-l40s-180").shown_region(true),
        "GRA (FR)"
    );
}

#[test]
fn the_2026_12_02_rows_bring_eu_multi_gpu_bare_metal_and_small_servers_to_buy() {
    let c = shipped();
    // OVH HGR-AI-2, 4x L40S: EUR 2,969.99 base + EUR 800 for the 4x addon = EUR 3,769.99 a
    // month, a setup fee of one month; the 12-month upfront price / 12 = 42,977.89 / 12.
    let monthly = offer(&c, "ovhcloud-hgr-ai-2-with-4x-l40s-no-commitment");
    assert_close(monthly.price.amount, 3769.99);
    assert_eq!((monthly.gpu_count(), monthly.single_tenant), (4, true));
    assert_close(monthly.setup_fee.unwrap().amount, 2969.99);
    let upfront = offer(&c, "ovhcloud-hgr-ai-2-with-4x-l40s-12-months-upfront");
    assert_close(upfront.price.amount, 3581.49);
    assert_eq!(upfront.min_term_months, 12.0);
    // The third-party USD 1,145 Scale-GPU-1 row gave way to OVH's own EUR 969.99.
    assert!(c.offer("ovhcloud-scale-gpu-1").is_none());
    assert_close(
        offer(&c, "ovhcloud-scale-gpu-1-with-2x-l4").price.amount,
        969.99,
    );
    // RunPod's Secure H100 SXM rose from 3.49 to 3.99.
    assert!(c.offer("runpod-h100-sxm-secure-cloud").is_none());
    assert_close(
        offer(&c, "runpod-h100-sxm-secure-cloud-per-gpu")
            .price
            .amount,
        3.99,
    );
    // A CPU server with AMX: OVH Scale-i1 (Xeon Gold 6426Y), 8 x DDR5-4800 x 8 B = 307.2 GB/s.
    let i1 = offer(&c, "ovhcloud-scale-i1");
    assert_eq!((i1.amx, i1.avx512), (Some(true), Some(true)));
    assert_close(i1.cpu_bandwidth_gbs.unwrap(), 307.2);
    // Small servers to buy: 1, 2 and 4 GPUs, at the build guide's lower bounds.
    let hw = |id: &str| c.hardware.iter().find(|h| h.id == id).unwrap();
    assert_eq!(
        (hw("h100-pcie-1x").gpu_count, hw("h100-pcie-1x").price),
        (1, 34000.0)
    );
    assert_eq!(
        (hw("h100-nvl-2x").gpu_count, hw("h100-nvl-2x").price),
        (2, 73000.0)
    );
    assert_eq!(
        (
            hw("h100-sxm-4x").gpu_count,
            hw("h100-sxm-4x").price_kind.as_str()
        ),
        (4, "street")
    );
    // The stale, not orderable Vultr monthly row and the third-party TensorWave rates stay out.
    assert!(c.offers.iter().all(|o| o.provider != "TensorWave"));
    assert!(c
        .offers
        .iter()
        .all(|o| !o.name.contains("(monthly)") || o.provider != "Vultr"));
}
