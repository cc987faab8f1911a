//! What a buyer would sign (issue 17): interruptible capacity only when the user allows it
//! (fine-tuning allows it by default), and the small wrong things a buyer sees.

#[path = "support/cost.rs"]
mod fixtures;

use fixtures::*;
use inference_sizer::catalog::{Catalog, OfferKind};
use inference_sizer::cost::{self, Demand, Exclusion, OptionCost};
use inference_sizer::plan;
use inference_sizer::report::evaluate_query;
use inference_sizer::scenario::{Lang, Scenario};
use inference_sizer::units::Currency;

/// A GPU cloud's 4x H100 at 2.5 EUR/GPU-h beside the same machine as spot at 1.0 EUR/GPU-h.
fn spot_market() -> Vec<(inference_sizer::catalog::Offer, cost::OfferSizing)> {
    let s = llm_sizing(4, 2000.0, 300.0);
    vec![
        (
            h100_cloud("gpucloud-4xh100", OfferKind::GpuCloud, 4, 2.5),
            s.clone(),
        ),
        (
            h100_cloud("spotcloud-4xh100", OfferKind::CloudSpot, 4, 1.0),
            s,
        ),
    ]
}

fn options(w: &Demand) -> Vec<OptionCost> {
    evaluate(&spot_market(), w, &compute_only(), Currency::Eur)
}

#[test]
fn a_cheaper_spot_offer_is_excluded_from_serving_until_interruptions_are_allowed() {
    // Compute alone, 24 h a day (730 h a month):
    //   GPU cloud: 4 x 2.5 EUR x 730 h = 7,300 EUR.
    //   Spot: 4 x 1.0 EUR x 730 h = 2,920 EUR + 15% allowance for interruptions = 3,358 EUR.
    // The spot machine is the cheaper by far, but a service must not be stopped at short notice.
    let mut w = demand(0.0, 24.0);
    let opts = options(&w);
    let spot = opts
        .iter()
        .find(|o| o.offer_id == "spotcloud-4xh100")
        .unwrap();
    assert_close(spot.monthly.amount(), 3_358.0, 1.0);
    assert!(spot.interruptible);
    assert_eq!(spot.exclusions, vec![Exclusion::Interruptible]);
    assert!(spot.fits && spot.shortfalls.is_empty() && !spot.is_usable());
    let rec = plan::recommend(&opts, &w, Lang::En).expect("a usable option");
    assert_eq!(rec.offer_id, "gpucloud-4xh100");
    assert_close(rec.monthly_cost, 7_300.0, 1.0);
    // The spot row stays in the table with its reason, in both languages.
    let spot_row = spot.to_report(Lang::En);
    assert_eq!(
        spot_row.why_not.as_ref().map(|w| w.as_str()),
        Some("interruptible capacity (spot): allow interruptions in Constraints to use it")
    );
    assert_eq!(
        Exclusion::Interruptible.sentence(Lang::Es),
        "capacidad interrumpible (spot): permita las interrupciones en Restricciones para usarla"
    );

    // Allowed: the spot machine is chosen, and the reasons say the user allowed it.
    w.constraints.interruptible = true;
    let opts = options(&w);
    let rec = plan::recommend(&opts, &w, Lang::En).expect("a usable option");
    assert_eq!(rec.offer_id, "spotcloud-4xh100");
    assert_close(rec.monthly_cost, 3_358.0, 1.0);
    assert!(
        rec.reasons()
            .iter()
            .any(|r| r.contains("you allowed interruptions") && r.contains("15%")),
        "{:?}",
        rec.reasons()
    );
}

#[test]
fn an_offer_named_preemptible_is_interruptible_whatever_its_kind() {
    let mut o = h100_cloud("vultr-gh200", OfferKind::GpuCloud, 1, 2.0);
    assert!(!cost::is_interruptible(&o));
    o.name = "vbm-72c-480gb-gh200-gpu (preemptible)".to_string();
    assert!(cost::is_interruptible(&o));
    o.name = "Interruptible A100".to_string();
    assert!(cost::is_interruptible(&o));
    // A word inside another word does not count.
    o.name = "Spotless H100".to_string();
    assert!(!cost::is_interruptible(&o));
    // Notes are not read: on-demand rows quote the spot price beside theirs.
    o.notes = "Spot USD 1.357541.".to_string();
    assert!(!cost::is_interruptible(&o));
    assert!(cost::is_interruptible(&h100_cloud(
        "x",
        OfferKind::CloudSpot,
        1,
        1.0
    )));
}

#[test]
fn fine_tuning_allows_interruptions_by_default_and_the_link_can_say_otherwise() {
    // (query, interruptions allowed): serving no, fine-tuning yes (jobs checkpoint); `spot`
    // overrides either way.
    let cases = [
        ("", false),
        ("spot=1", true),
        ("spot=0", false),
        ("task=lora", true),
        ("task=full", true),
        ("task=qlora&spot=0", false),
    ];
    for (query, allowed) in cases {
        let (s, warnings) = Scenario::from_query(query);
        assert!(warnings.is_empty(), "{query}: {warnings:?}");
        assert_eq!(s.allows_interruptions(), allowed, "{query}");
        assert_eq!(
            Demand::from_scenario(&s).constraints.interruptible,
            allowed,
            "{query}"
        );
    }
    // The link keeps what the user set, and writes nothing when it is the task's default.
    assert!(!Scenario::default().to_query().contains("spot"));
    let (s, _) = Scenario::from_query("spot=1");
    assert!(s.to_query().contains("spot=1"));
    let (s, _) = Scenario::from_query("task=lora&spot=0");
    assert!(s.to_query().contains("spot=0"));
}

#[test]
fn fine_tuning_chooses_spot_by_default_and_says_why() {
    // The same market for a fine-tuning job: spot is allowed without asking, and the reason
    // says the job checkpoints.
    let mut w = demand(0.0, 24.0);
    w.task = inference_sizer::model::Task::Lora;
    w.constraints.interruptible = true;
    let opts = options(&w);
    let spot = opts
        .iter()
        .find(|o| o.offer_id == "spotcloud-4xh100")
        .unwrap();
    assert!(spot.exclusions.is_empty());
    let rec = plan::recommend(&opts, &w, Lang::En).expect("a usable option");
    assert_eq!(rec.offer_id, "spotcloud-4xh100");
    assert!(
        rec.reasons()
            .iter()
            .any(|r| r.contains("checkpoints and resumes")),
        "{:?}",
        rec.reasons()
    );
    let es = plan::recommend(&opts, &w, Lang::Es).expect("a usable option");
    assert!(es.reasons().iter().any(|r| r.contains("puntos de control")));
}

#[test]
fn the_default_scenario_headlines_a_machine_that_cannot_be_interrupted() {
    let catalog = Catalog::builtin();
    let r = evaluate_query("", &catalog);
    let rec = r.recommendation.as_ref().expect("a recommendation");
    let offer = catalog
        .offers
        .iter()
        .find(|o| o.id == rec.offer_id)
        .unwrap();
    assert!(!cost::is_interruptible(offer), "{}", rec.offer_id);
    // Spot rows, and Salad's consumer PCs (whose nodes disconnect at any time, at every
    // priority level), are still in the table, with their reason.
    let stoppable = |id: &str| id.ends_with("-spot") || id.starts_with("salad-");
    let spot_rows: Vec<_> = r
        .options
        .iter()
        .filter(|o| stoppable(&o.offer_id))
        .collect();
    assert!(spot_rows.len() > 2, "{}", spot_rows.len());
    assert!(spot_rows
        .iter()
        .any(|o| o.offer_id == "salad-rtx-5090-32gb"));
    // And the JSON marks them, for a consumer that filters on it.
    assert!(r
        .options
        .iter()
        .all(|o| o.interruptible == stoppable(&o.offer_id)));
    let json = serde_json::to_value(&r).expect("JSON");
    assert_eq!(
        json["options"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["interruptible"] == true)
            .count(),
        spot_rows.len()
    );
    for o in spot_rows {
        let why = o.why_not.as_ref().map(|w| w.as_str()).unwrap_or_default();
        assert!(
            why.contains("interruptible capacity (spot)"),
            "{}: {why}",
            o.offer_id
        );
    }
    // Allowing interruptions brings them back into the running: more options qualify.
    let usable = |q: &str| {
        evaluate_query(q, &catalog)
            .options
            .iter()
            .filter(|o| o.why_not.is_none())
            .count()
    };
    assert!(usable("spot=1") > usable(""));
}

#[test]
fn options_that_cannot_serve_have_no_per_token_per_request_or_break_even_figures() {
    // Llama 3.3 70B in FP8 at 40 tokens/s per user: some options do not fit, others are too
    // slow. Their per-token, per-request and break-even figures are null in the JSON (a 0.0
    // would sort them first) and empty in the CSV; every option that serves has them.
    // Interruptions and community hosts allowed, so that every option is either usable or
    // cannot serve.
    let catalog = Catalog::builtin();
    let r = evaluate_query(
        "model=llama-3.3-70b&quant=fp8&tps=40&spot=1&community=1",
        &catalog,
    );
    let json = serde_json::to_value(&r).expect("JSON");
    let options = json["options"].as_array().expect("options");
    let mut cannot = 0;
    for (o, row) in options.iter().zip(&r.options) {
        let serves = row.fits && row.why_not.is_none();
        assert_eq!(serves, row.usable);
        for f in ["cost_per_million_tokens", "cost_per_thousand_requests"] {
            if serves {
                assert!(
                    o[f].as_f64().is_some_and(|x| x > 0.0),
                    "{}: {f}",
                    row.offer_id
                );
            } else {
                assert!(o[f].is_null(), "{}: {f} = {}", row.offer_id, o[f]);
            }
        }
        if !serves {
            cannot += 1;
            assert!(o["break_even_weeks"].is_null(), "{}", row.offer_id);
        }
    }
    assert!(cannot > 10, "{cannot} options cannot serve");
    let slow = r
        .options
        .iter()
        .find(|o| o.fits && o.cost_per_million_tokens.is_none())
        .expect("one fits but is too slow");
    let text = inference_sizer::report::csv::comparison([slow]);
    let cells: Vec<&str> = text.split("\r\n").nth(1).unwrap().split("\",\"").collect();
    // Columns 10 and 11 (from 0): cost_per_million_tokens, cost_per_thousand_requests; 14:
    // break_even_weeks.
    assert_eq!((cells[10], cells[11], cells[14]), ("", "", ""), "{text}");
}

#[test]
fn one_usable_option_is_the_only_one_not_the_cheapest_of_one() {
    let reason = |candidates| plan::Reason::Cheapest {
        provider: "Hetzner".into(),
        name: "GEX44".into(),
        monthly: 184.0,
        total: 6_624.0,
        months: 36.0,
        currency: Currency::Eur,
        candidates,
    };
    assert_eq!(
        reason(1).sentence(Lang::En),
        "Hetzner GEX44 is the only option that meets the requirements: €184.00 a month, €6,624 over 36 months."
    );
    assert!(reason(1)
        .sentence(Lang::Es)
        .starts_with("Hetzner GEX44 es la única opción que cumple los requisitos: "));
    assert!(reason(2)
        .sentence(Lang::En)
        .starts_with("Hetzner GEX44 is the cheapest of 2 options that meet the requirements: "));
}

#[test]
fn an_eu_verdict_without_a_stated_region_says_so_instead_of_an_empty_one() {
    for (region, en, es) in [
        (
            "",
            "the provider does not state the data region: ask before signing.",
            "el proveedor no indica la región de los datos: pregúntela antes de contratar.",
        ),
        (
            " ",
            "the provider does not state the data region: ask before signing.",
            "el proveedor no indica la región de los datos: pregúntela antes de contratar.",
        ),
        ("fsn1", "data region: fsn1.", "región de los datos: fsn1."),
    ] {
        let r = plan::Reason::EuJurisdiction {
            region: region.into(),
        };
        assert!(
            r.sentence(Lang::En).ends_with(en),
            "{}",
            r.sentence(Lang::En)
        );
        assert!(
            r.sentence(Lang::Es).ends_with(es),
            "{}",
            r.sentence(Lang::Es)
        );
        assert!(!r.sentence(Lang::En).contains("region: ."));
    }
}

#[test]
fn an_encoder_answers_requests_and_reads_at_most_its_context_limit() {
    // all-MiniLM-L6-v2 reads at most 512 tokens; the scenario's ctx (8,192 by default) does not
    // apply to it. Its memory is the same at ctx=8192 and ctx=512, and the headroom counts
    // requests of 512 tokens.
    let catalog = Catalog::builtin();
    let r = evaluate_query("model=all-minilm-l6-v2", &catalog);
    let at_512 = evaluate_query("model=all-minilm-l6-v2&ctx=512", &catalog);
    let h = r
        .memory
        .headroom
        .as_ref()
        .expect("headroom on real hardware");
    let h512 = at_512.memory.headroom.as_ref().expect("headroom");
    assert_eq!(h.context_limit, 512);
    assert_eq!(h.at_context, 512);
    assert_eq!(h.max_sequences, h512.max_sequences);
    assert_eq!(r.memory.total_bytes, at_512.memory.total_bytes);
    let words = h.sentence(Lang::En);
    assert!(
        words.ends_with(" concurrent requests at 512 tokens."),
        "{words}"
    );
    // A decoder keeps the scenario's context.
    let llama = evaluate_query("model=llama-3.1-8b", &catalog);
    assert_eq!(llama.memory.headroom.as_ref().unwrap().at_context, 8192);

    // The speed card's basis: no decode step, and no speed per user in the range sentence.
    let basis = r.throughput.basis.as_ref().expect("a speed basis");
    for lang in [Lang::En, Lang::Es] {
        let sentences = basis.sentences(lang);
        assert!(
            sentences[0].starts_with("No decode step: the model generates no tokens")
                || sentences[0]
                    .starts_with("Sin pasos de decodificación: el modelo no genera tokens"),
            "{sentences:?}"
        );
        assert!(
            !sentences.iter().any(|s| s.contains("tokens/s p")),
            "{sentences:?}"
        );
    }
    // A decoder's basis keeps its decode step.
    let llama_basis = llama.throughput.basis.as_ref().unwrap().sentences(Lang::En);
    assert!(llama_basis[0].starts_with("Each decode step of the batch takes "));

    // It generates no tokens: the latency reason is the time to answer a request.
    let rec = r.recommendation.as_ref().expect("a recommendation");
    let latency = rec
        .reasons()
        .iter()
        .find(|s| s.contains("within the 200 ms target"))
        .expect("a latency reason");
    assert!(
        latency.starts_with(
            "An embedding model generates no tokens: it answers each request in one pass, in "
        ),
        "{latency}"
    );
    assert!(!rec.reasons().iter().any(|s| s.contains("first token")));
    let es = evaluate_query("model=all-minilm-l6-v2&lang=es", &catalog);
    assert!(es
        .recommendation
        .unwrap()
        .reasons()
        .iter()
        .any(|s| s.starts_with("Un modelo de embeddings no genera tokens")));
    // An option too slow to answer within a tight target says so in the same terms.
    let tight = evaluate_query("model=all-minilm-l6-v2&ttft=100", &catalog);
    let late = tight
        .options
        .iter()
        .filter_map(|o| o.why_not.as_ref().map(|w| w.as_str().to_string()))
        .find(|w| w.contains("answers too late: P95 "))
        .expect("an option answers too late");
    assert!(!late.contains("first token"), "{late}");
}

#[test]
fn when_only_spot_would_serve_the_no_option_sentence_names_the_interruptions() {
    // Only the spot machine serves (the GPU cloud is restricted away by allowed kinds): no
    // verdict, and the sentence names both constraints in force.
    let mut w = demand(0.0, 24.0);
    w.constraints.kinds = vec![OfferKind::CloudSpot];
    let opts = options(&w);
    let none = plan::why_none(&opts, &w).expect("no usable option");
    assert!(none.reach.no_interruptions);
    assert!(
        none.sentence(Lang::En).contains(
            "2 of them meet the speed and latency targets, none of those passes the constraints (allowed offer kinds, interruptible capacity not allowed)"
        ),
        "{}",
        none.sentence(Lang::En)
    );
    assert!(none
        .sentence(Lang::Es)
        .contains("(tipos de oferta permitidos, capacidad interrumpible no permitida)"));
    w.constraints.interruptible = true;
    let opts = options(&w);
    assert!(plan::why_none(&opts, &w).is_none());
}

#[test]
fn salad_capacity_is_interruptible_so_an_8b_chat_service_is_not_headlined_on_it() {
    // Salad's nodes are consumer PCs: "the nodes powering our network can disconnect at any
    // time", High priority included (docs.salad.com, Priority pricing). The catalogue marks its
    // offers `interruptible`; serving on them needs spot=1, and is then costed with the 15%
    // allowance for lost work.
    let catalog = Catalog::builtin();
    let salad = catalog
        .offers
        .iter()
        .find(|o| o.id == "salad-rtx-5090-32gb")
        .expect("Salad's RTX 5090 ships");
    assert!(salad.interruptible && cost::is_interruptible(salad));
    let q = "model=llama-3.1-8b&hours=8&rpd=50000";
    let r = evaluate_query(q, &catalog);
    let rec = r.recommendation.as_ref().expect("a recommendation");
    assert!(!rec.offer_id.starts_with("salad-"), "{}", rec.offer_id);
    let row = r
        .options
        .iter()
        .find(|o| o.offer_id == "salad-rtx-5090-32gb")
        .unwrap();
    assert!(row.interruptible && !row.usable);
    // With interruptions allowed the same row serves, and pays the allowance.
    let r = evaluate_query(&format!("{q}&spot=1"), &catalog);
    let row = r
        .options
        .iter()
        .find(|o| o.offer_id == "salad-rtx-5090-32gb")
        .unwrap();
    assert!(row.usable, "{:?}", row.why_not);
    assert!(row.cost_lines.iter().any(|l| l.key == "spot_allowance"));
}

/// The verdict's offer in the built-in catalogue, its minimum term and monthly cost.
fn headline(query: &str) -> (String, f64, f64, inference_sizer::report::Report) {
    let catalog = Catalog::builtin();
    let report = evaluate_query(query, &catalog);
    let rec = report.recommendation.clone().expect("a verdict");
    let term = catalog.offer(&rec.offer_id).unwrap().min_term_months;
    (rec.offer_id.clone(), term, rec.monthly_cost, report)
}

#[test]
fn the_longest_commitment_accepted_rules_out_longer_terms_and_says_so() {
    // The prompt-heavy RAG load of tests/panel.rs with 32 sequences on every copy (`conc=stated`,
    // what a link before version 4 meant). With any term its cheapest machine that serves is a
    // 36-month commitment: the whole default horizon, which not every buyer can sign.
    let rag = "model=llama-3.3-70b&quant=fp8&rpd=200000&in=6000&out=300&seqs=32&conc=stated";
    let (committed, term, committed_cost, _) = headline(rag);
    assert_eq!(term, 36.0, "{committed}");
    // At most a year: the 36-month machine stays in the comparison with its reason, and the
    // verdict is the cheapest that asks 12 months or less, at a higher monthly cost.
    let (chosen, term, cost, report) = headline(&format!("{rag}&max_term=12"));
    assert!(term <= 12.0, "{chosen}: {term} months");
    assert!(cost > committed_cost, "{cost} against {committed_cost}");
    let row = report
        .options
        .iter()
        .find(|o| o.offer_id == committed)
        .unwrap();
    assert!(row.fits && !row.usable);
    assert_eq!(
        row.why_not.as_ref().map(|w| w.as_str()),
        Some("a 36-month minimum term, longer than the 12 months accepted")
    );
    let (_, _, _, es) = headline(&format!("{rag}&max_term=12&lang=es"));
    let row = es.options.iter().find(|o| o.offer_id == committed).unwrap();
    assert_eq!(
        row.why_not.as_ref().map(|w| w.as_str()),
        Some("compromiso mínimo de 36 meses, más que los 12 aceptados")
    );
    // No commitment at all: billed by the hour, or by the month with no minimum.
    let (chosen, term, _, _) = headline(&format!("{rag}&max_term=0"));
    assert_eq!(term, 0.0, "{chosen}");
    // Unset, the link and the verdict are what they were.
    assert_eq!(Scenario::from_query(rag).0.max_term, None);
    assert!(!Scenario::from_query(rag).0.to_query().contains("max_term"));
}

#[test]
fn a_commitment_limit_that_pushes_off_the_decision_matrix_is_named() {
    // A steady 24/7 load fits dedicated or committed capacity; with no commitment accepted and
    // only bare metal allowed (monthly servers ask at least a month), nothing of that type is
    // left, and the warning names the constraint.
    let w = Demand {
        constraints: cost::Constraints {
            max_term_months: Some(0.0),
            ..Default::default()
        },
        ..demand(0.0, 24.0)
    };
    let mut metal = h100_cloud("metal-4xh100", OfferKind::BareMetal, 4, 2.0);
    metal.min_term_months = 1.0;
    let s = llm_sizing(4, 2000.0, 300.0);
    let opts = evaluate(
        &[
            (metal, s.clone()),
            (h100_cloud("cloud-4xh100", OfferKind::GpuCloud, 4, 2.5), s),
        ],
        &w,
        &compute_only(),
        Currency::Eur,
    );
    let metal = opts.iter().find(|o| o.offer_id == "metal-4xh100").unwrap();
    assert_eq!(
        metal.exclusions,
        vec![Exclusion::TermTooLong {
            months: 1.0,
            allowed: 0.0
        }]
    );
    let chosen = plan::choose(&opts, &w).expect("the cloud serves").chosen;
    assert_eq!(chosen.offer_id, "cloud-4xh100");
    let warning =
        plan::matrix::warning(chosen, &opts, &w).expect("the constraint pushes against the matrix");
    assert_eq!(warning.constraints, vec![plan::matrix::Constraint::MaxTerm]);
    let warning = warning.sentence(Lang::En);
    assert!(
        warning.contains("the longest commitment accepted"),
        "{warning}"
    );
}

#[test]
fn a_term_too_long_is_said_in_the_right_number() {
    let said =
        |months: f64, allowed: f64, lang| Exclusion::TermTooLong { months, allowed }.sentence(lang);
    assert_eq!(
        said(1.0, 0.0, Lang::Es),
        "compromiso mínimo de 1 mes, se exige sin compromiso"
    );
    assert_eq!(
        said(12.0, 1.0, Lang::Es),
        "compromiso mínimo de 12 meses, más que el mes aceptado"
    );
    assert_eq!(
        said(36.0, 12.0, Lang::Es),
        "compromiso mínimo de 36 meses, más que los 12 aceptados"
    );
    assert_eq!(
        said(1.0, 0.0, Lang::En),
        "a 1-month minimum term, no commitment accepted"
    );
}

/// Two 4x H100 machines with the same sizing: a 12-month contract at `contract` a month and a
/// month-to-month server at `monthly` a month, both bare metal (compute only).
fn term_market(contract: f64, monthly: f64) -> (Vec<OptionCost>, Demand) {
    let w = demand(0.0, 24.0);
    let mut committed = fixtures::h100_bare_metal("contract-4xh100", 4, contract);
    committed.min_term_months = 12.0;
    let free = fixtures::h100_bare_metal("monthly-4xh100", 4, monthly);
    let s = llm_sizing(4, 2000.0, 300.0);
    let opts = evaluate(
        &[(committed, s.clone()), (free, s)],
        &w,
        &compute_only(),
        Currency::Eur,
    );
    (opts, w)
}

#[test]
fn a_committed_headline_comes_with_the_best_option_without_commitment() {
    // 12 months at €8,000 against €10,000 month to month: 25% apart, beyond the near-tie margin,
    // so the contract wins; it binds 12 x €8,000 = €96,000 and saves €2,000 a month.
    let (opts, w) = term_market(8_000.0, 10_000.0);
    let rec = plan::recommend(&opts, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "contract-4xh100");
    let c = rec
        .commitment()
        .expect("a committed verdict says what it binds");
    assert_eq!(c.term_months, 12.0);
    assert_close(c.commitment_total, 96_000.0, 1e-6);
    let n = c
        .no_commitment
        .as_ref()
        .expect("the option without commitment");
    assert_eq!(n.offer_id, "monthly-4xh100");
    assert_close(n.monthly_cost, 10_000.0, 1e-6);
    assert_close(n.saving_per_month, 2_000.0, 1e-6);
    // It is among the first reasons, after the headline, and in the JSON.
    let at = rec
        .reasons_typed()
        .iter()
        .position(|r| matches!(r, plan::Reason::Commitment(_)))
        .unwrap();
    assert!(at <= 2, "{:?}", rec.reasons());
    assert_eq!(
        rec.reasons()[at],
        "A 12-month minimum term commits you to €96,000, which cannot be cancelled if the load goes away. Without a commitment, the best option is monthly monthly-4xh100 at €10,000 a month: the term saves €2,000 a month."
    );
    let json = serde_json::to_value(&rec).unwrap();
    assert_eq!(json["no_commitment"]["offer_id"], "monthly-4xh100");
    // No "saves from the first week" for what is paid for a year.
    assert!(
        rec.reasons().iter().all(|r| !r.contains("first week")),
        "{:?}",
        rec.reasons()
    );
    let es = plan::recommend(&opts, &w, Lang::Es).unwrap();
    assert!(es.reasons()[at].starts_with(
        "Una permanencia mínima de 12 meses le compromete a 96.000 €, que no se pueden cancelar"
    ));
}

#[test]
fn a_near_tie_goes_to_the_shorter_term() {
    // 12 months at €9,600 against €10,000 month to month: 4% apart, within the 10% margin, so
    // the plan keeps the buyer free and says which rule decided.
    let (opts, w) = term_market(9_600.0, 10_000.0);
    let plan = plan::choose(&opts, &w).unwrap();
    assert_eq!(plan.chosen.offer_id, "monthly-4xh100");
    match &plan.reasons[0] {
        plan::Reason::NearTie {
            rule,
            cheapest_offer_id,
            ..
        } => {
            assert_eq!(cheapest_offer_id, "contract-4xh100");
            assert_eq!(
                *rule,
                plan::TieRule::ShorterTerm {
                    chosen: 0.0,
                    cheapest: 12.0
                }
            );
        }
        other => panic!("{other:?}"),
    }
    let rec = plan::recommend(&opts, &w, Lang::En).unwrap();
    assert!(rec.reasons()[0].ends_with(
        "within 10% the plan prefers a shorter term (no commitment instead of 12 months)."
    ));
    assert!(rec.commitment().is_none());
}

#[test]
fn a_long_commitment_at_low_utilisation_says_so_first() {
    // The prompt-heavy RAG load with 32 sequences on every copy (`conc=stated`): Vultr's
    // 36-month 8x B200 serves it at a quarter of its capacity.
    let rag = "model=llama-3.3-70b&quant=fp8&rpd=200000&in=6000&out=300&seqs=32&conc=stated";
    let (id, term, monthly, report) = headline(rag);
    assert_eq!(term, 36.0, "{id}");
    let rec = report.recommendation.as_ref().unwrap();
    let c = rec.commitment().unwrap();
    assert!(c.utilisation < 0.5);
    assert_close(c.monthly, monthly, 1e-9);
    let n = c.no_commitment.as_ref().unwrap();
    assert!(n.monthly_cost > monthly);
    let sentence = &rec.reasons()[rec
        .reasons_typed()
        .iter()
        .position(|r| matches!(r, plan::Reason::Commitment(_)))
        .unwrap()];
    assert!(
        sentence.starts_with("Think twice about the term: the load uses 24% of this capacity"),
        "{sentence}"
    );
    // The card shows it in its own box.
    let card = inference_sizer::report::VerdictCard::of(&report, Lang::En);
    assert_eq!(card.verdict.unwrap().commitment.as_ref(), Some(sentence));
}

#[test]
fn a_cpu_near_tie_is_broken_on_throughput_never_on_requests_in_ram() {
    // Two dedicated CPU servers 5% apart on a 1M-requests-a-day load (11.6 requests/s on
    // average): the cheaper holds 256 requests in RAM but completes 25 requests/s; the dearer
    // holds 64 and completes 60. RAM says nothing of throughput: the plan weighs capacity at the
    // load, 60 / 11.6 = 5.2x against 25 / 11.6 = 2.2x, and takes the dearer.
    let w = demand(1_000_000.0, 24.0);
    let big_ram = cost::OfferSizing {
        max_concurrent_sequences_per_replica: 256.0,
        ..cpu_sizing(25.0, 50.0)
    };
    let fast = cost::OfferSizing {
        max_concurrent_sequences_per_replica: 64.0,
        ..cpu_sizing(60.0, 50.0)
    };
    let opts = evaluate(
        &[
            (
                fixtures::cpu_server("ram-heavy", OfferKind::DedicatedCpu, 100.0),
                big_ram,
            ),
            (
                fixtures::cpu_server("fast-cores", OfferKind::DedicatedCpu, 105.0),
                fast,
            ),
        ],
        &w,
        &compute_only(),
        Currency::Usd,
    );
    assert!(opts.iter().all(|o| o.servers == 1 && o.is_usable()));
    let plan = plan::choose(&opts, &w).unwrap();
    assert_eq!(plan.chosen.offer_id, "fast-cores");
    match &plan.reasons[0] {
        plan::Reason::NearTie {
            rule: plan::TieRule::MoreCapacity { chosen, cheapest },
            ..
        } => {
            let peak = 1_000_000.0 / 86_400.0;
            assert!((chosen - 60.0 / peak).abs() / chosen < 0.05, "{chosen}");
            assert!(
                (cheapest - 25.0 / peak).abs() / cheapest < 0.05,
                "{cheapest}"
            );
        }
        other => panic!("{other:?}"),
    }
    // No VPS threshold that the verdict itself could contradict.
    let rec = plan::recommend(&opts, &w, Lang::En).unwrap();
    assert!(
        rec.reasons()
            .iter()
            .all(|r| !r.contains("100,000 requests")),
        "{:?}",
        rec.reasons()
    );
}

#[test]
fn a_context_beyond_the_models_limit_is_clamped_and_said() {
    // Llama 3.1 8B reads at most 131,072 tokens: 200,000 is sized at that, and said.
    let r = evaluate_query("model=llama-3.1-8b&ctx=200000", &Catalog::builtin());
    assert!(
        r.warnings.iter().any(|w| w
            == "A context of 200,000 tokens is beyond Llama 3.1 8B's limit of 131,072: sized at 131,072 tokens."),
        "{:?}",
        r.warnings
    );
    assert!(r.scenario.contains("ctx=131072"), "{}", r.scenario);
    assert_eq!(r.memory.headroom.as_ref().unwrap().at_context, 131_072);
    let es = evaluate_query("model=llama-3.1-8b&ctx=200000&lang=es", &Catalog::builtin());
    assert!(es.warnings.iter().any(|w| w
        .starts_with("Un contexto de 200.000 tokens supera el límite de Llama 3.1 8B, 131.072")));
}

#[test]
fn a_context_far_above_the_request_says_what_was_sized() {
    // 4 requests of 1,000 + 250 tokens with a 131,072-token context and an FP8 cache: Llama 3.1
    // 8B keeps 32 layers x 8 KV heads x 128 x 2 (K and V) x 1 byte = 65,536 bytes a token, so
    // all four at the full context would need 4 x 131,072 x 65,536 B = 32 GiB.
    let r = evaluate_query(
        "model=llama-3.1-8b&ctx=131072&seqs=4&kv=fp8",
        &Catalog::builtin(),
    );
    let rec = r.recommendation.as_ref().unwrap();
    let c = rec
        .reasons_typed()
        .iter()
        .find_map(|t| match t {
            plan::Reason::ContextSizedFor(c) => Some(c),
            _ => None,
        })
        .expect("the reason says what was sized");
    assert_eq!((c.ctx, c.request_tokens, c.seqs), (131_072, 1_250, 4));
    assert_close(c.full_kv_gib, 32.0, 1e-9);
    assert!(c.full_ttft_s > 1.0, "{}", c.full_ttft_s);
    // The default context (8,192 for 1,250-token requests) is not far above: no such reason.
    let d = evaluate_query("model=llama-3.1-8b", &Catalog::builtin());
    assert!(!d
        .recommendation
        .unwrap()
        .reasons_typed()
        .iter()
        .any(|t| matches!(t, plan::Reason::ContextSizedFor(_))));
}

#[test]
fn no_option_for_a_concurrency_names_the_concurrency_not_the_weights() {
    // 100,000 sequences of Llama 3.1 8B: its 15 GiB of BF16 weights fit any 8-GPU machine; it
    // is the KV cache of the sequences that no option holds.
    let r = evaluate_query("model=llama-3.1-8b&seqs=100000", &Catalog::builtin());
    assert!(r.recommendation.is_none());
    assert!(
        r.warnings.iter().any(|w| w
            .starts_with("The weights alone (15.0 GiB) fit the largest machine")
            && w.contains("the KV cache of 100,000 concurrent sequences")),
        "{:?}",
        r.warnings
    );
    // A model too big for any machine keeps the plain sentence.
    let huge = evaluate_query("params=9000&seqs=1", &Catalog::builtin());
    assert!(huge.warnings.iter().all(|w| !w.contains("weights alone")));
}
