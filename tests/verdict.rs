//! The verdict built once and drawn once: its typed reasons (what each says, with its figures,
//! beside its sentence), the card the core owns on the golden panel's scenarios, and the one
//! renderer's markup. Wording is checked elsewhere in a few tests per language; here the reasons
//! are read by kind and figure.

use inference_sizer::catalog::Catalog;
use inference_sizer::lang::Lang;
use inference_sizer::model::compat::Degraded;
use inference_sizer::plan::Reason;
use inference_sizer::report::{evaluate_query, Report, VerdictCard};
use inference_sizer::words::alternative::Change;
use inference_sizer::words::matrix::{Follow, WorkloadClass};

fn report(query: &str) -> Report {
    evaluate_query(query, &Catalog::builtin())
}

fn kinds(r: &Report) -> Vec<String> {
    r.recommendation
        .as_ref()
        .expect("a verdict")
        .reasons_typed()
        .iter()
        .map(|t| {
            serde_json::to_value(t).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// Scenarios of the golden panel: chat, team, MoE, RAG, jobs, CPU, EU, both languages and
/// currencies, a GGUF file on vLLM (cheaper path), owned hardware, no verdict.
const PANEL: &[&str] = &[
    "",
    "lang=es",
    "model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300",
    "model=llama-3.1-8b&quant=awq4&seqs=64&cur=USD&lang=es",
    "model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000",
    "model=llama-3.3-70b&quant=fp8&eu=1&tenancy=single&lang=es",
    "model=gpt-oss-120b&seqs=64&rpd=100000",
    "model=llama-3.3-70b&quant=fp8&rpd=200000&in=6000&out=300&seqs=32",
    "model=llama-3.1-8b&task=lora&train_tokens=50000000",
    "model=llama-3.3-70b&task=qlora&train_tokens=20000000&lang=es",
    "model=llama-3.1-8b&quant=q4_k_m&engine=llamacpp&seqs=1&tps=5&kinds=vps,dedicated_cpu",
    "model=all-minilm-l6-v2&seqs=64&rpd=1000000&in=200&out=1",
    "model=llama-3.1-405b&quant=fp8&own=1&gpus=nvidia_h100_sxm",
    "model=nope&ctx=-5&seqs=1e99&quant=zzz&tps=abc&months=999&foo=bar",
];

#[test]
fn every_typed_reason_writes_the_sentence_beside_it() {
    for q in PANEL {
        let r = report(q);
        let lang = if q.contains("lang=es") {
            Lang::Es
        } else {
            Lang::En
        };
        let Some(rec) = &r.recommendation else {
            continue;
        };
        assert_eq!(rec.reasons().len(), rec.reasons_typed().len(), "{q}");
        for (sentence, typed) in rec.reasons().iter().zip(rec.reasons_typed()) {
            assert_eq!(&typed.sentence(lang), sentence, "{q}");
        }
    }
}

#[test]
fn the_card_shows_the_report_on_every_panel_scenario() {
    for q in PANEL {
        let r = report(q);
        let lang = if q.contains("lang=es") {
            Lang::Es
        } else {
            Lang::En
        };
        let card = VerdictCard::of(&r, lang);
        assert_eq!(card.verdict.is_some(), r.recommendation.is_some(), "{q}");
        assert!(
            !card.footer.is_empty() && card.footer.contains(&r.catalog_as_of),
            "{q}"
        );
        let (Some(rec), Some(v)) = (&r.recommendation, &card.verdict) else {
            continue;
        };
        // The amount with its mark, the hardware line, the offer.
        assert_eq!(
            v.amount,
            inference_sizer::format::money(rec.cost(), r.cur(), lang)
        );
        assert_eq!(v.approximate.is_some(), rec.approximate_price, "{q}");
        assert_eq!(v.hardware, rec.hardware_line(lang));
        assert_eq!(v.offer, format!("{} {}", rec.provider, rec.offer_name()));
        // Every other reason once, but the cheaper path's, which has its own box.
        let path = rec
            .reasons_typed()
            .iter()
            .filter(|t| matches!(t, Reason::CheaperPath(_)))
            .count();
        let committed = usize::from(rec.commitment().is_some());
        let leads = rec
            .reasons_typed()
            .iter()
            .filter(|t| matches!(t, Reason::ApiFirst(_) | Reason::LowUse { .. }))
            .count();
        assert_eq!(v.lead.len(), leads, "{q}");
        // The lead comes first, then the headline.
        assert_eq!(v.why, rec.reasons()[leads], "{q}");
        assert_eq!(v.commitment.is_some(), committed == 1, "{q}");
        assert_eq!(
            v.reasons.len() + 1 + path + committed + leads,
            rec.reasons().len(),
            "{q}"
        );
        assert_eq!(v.cheaper_path.is_some(), r.cheaper_path.is_some(), "{q}");
        assert_eq!(path, usize::from(r.cheaper_path.is_some()), "{q}");
        assert_eq!(v.api, r.api_verdict, "{q}");
        assert_eq!(v.runner_ups.len(), rec.runner_ups().len(), "{q}");
    }
}

#[test]
fn a_gguf_file_on_vllm_says_its_caveat_then_its_cheaper_path_with_the_figures() {
    let r = report("model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300");
    let rec = r.recommendation.as_ref().unwrap();
    let typed = rec.reasons_typed();
    // The headline: the cheapest of the usable options, at the verdict's own cost.
    let usable = r.options.iter().filter(|o| o.usable).count();
    // A hosted API far cheaper, and a machine barely used, are said first.
    assert!(matches!(typed[0], Reason::ApiFirst(_)), "{typed:?}");
    match typed
        .iter()
        .find(|t| matches!(t, Reason::Cheapest { .. }))
        .unwrap()
    {
        Reason::Cheapest {
            candidates,
            monthly,
            provider,
            ..
        } => {
            assert_eq!(*candidates, usable);
            assert_eq!(*monthly, rec.monthly_cost);
            assert_eq!(provider, &rec.provider);
        }
        other => panic!("{other:?}"),
    }
    let n = typed.len();
    assert_eq!(
        typed[n - 2],
        Reason::EngineCaveat {
            caveat: Degraded::GgufExperimental
        }
    );
    let path = r.cheaper_path.as_ref().unwrap();
    match &typed[n - 1] {
        Reason::CheaperPath(p) => {
            assert_eq!(
                p.change,
                Change::Format {
                    quant: "awq4",
                    engine: "vllm"
                }
            );
            assert_eq!((p.cost, p.saving), (path.cost, path.saving));
            assert_eq!(p.offer_id, path.offer_id);
            // 1 - 406.62 / 1,759.46 = 77% less.
            assert!((p.saving - (1.0 - p.cost / rec.monthly_cost)).abs() < 1e-12);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_job_leads_with_itself_then_how_it_is_billed_and_the_matrix_it_follows() {
    let r = report("model=llama-3.1-8b&task=lora&train_tokens=50000000");
    let rec = r.recommendation.as_ref().unwrap();
    let typed = rec.reasons_typed();
    let job = rec.job().unwrap();
    match &typed[0] {
        Reason::Job { cost, hours, .. } => assert_eq!((*cost, *hours), (job.cost, job.hours)),
        other => panic!("{other:?}"),
    }
    match &typed[1] {
        Reason::JobBilling { billing, .. } => {
            // An hourly machine: half an hour to start, no monthly term.
            assert_eq!(billing.startup_hours, 0.5);
            assert_eq!(billing.months, None);
        }
        other => panic!("{other:?}"),
    }
    assert!(typed.iter().any(|t| matches!(
        t,
        Reason::Workload(m) if m.class == WorkloadClass::FineTuning && m.follow == Follow::Follows
    )));
}

#[test]
fn constraints_and_the_load_basis_are_typed_reasons() {
    let eu = report("model=llama-3.3-70b&quant=fp8&eu=1&tenancy=single&lang=es");
    let rec = eu.recommendation.as_ref().unwrap();
    assert!(rec.reasons_typed().contains(&Reason::EuJurisdiction {
        region: rec.region.clone()
    }));
    assert!(rec.reasons_typed().contains(&Reason::SingleTenant));
    // No request rate: the per-token basis follows the headline, at the team chat's load.
    let k = kinds(&report(""));
    assert_eq!(k[1], "per_token_at_load", "{k:?}");
    let r = report("");
    match &r.recommendation.as_ref().unwrap().reasons_typed()[1] {
        Reason::PerTokenAtLoad { typical, .. } => {
            let t = typical.expect("the team chat's load is below full load");
            assert_eq!((t.load, t.requests_per_day), ("team_chat", 5_000.0));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn owned_hardware_closes_the_reasons_with_its_figures() {
    let r = report("model=llama-3.1-405b&quant=fp8&own=1&gpus=nvidia_h100_sxm");
    let rec = r.recommendation.as_ref().unwrap();
    let own = r.own.as_ref().expect("buying compared");
    let k = kinds(&r);
    assert_eq!(
        &k[k.len() - 2..],
        ["own_compared", "own_compared_not_chosen"],
        "{k:?}"
    );
    match &rec.reasons_typed()[k.len() - 2] {
        Reason::OwnCompared(v) => {
            assert_eq!(v.upfront, own.upfront);
            assert_eq!(v.break_even_weeks, own.break_even_weeks);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(rec.reasons()[k.len() - 2], own.sentence);
}

#[test]
fn the_json_carries_the_typed_reasons_beside_the_sentences() {
    let r = report("model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000&conc=stated");
    let json = serde_json::to_value(&r).unwrap();
    let rec = &json["recommendation"];
    let typed = rec["reasons_typed"].as_array().unwrap();
    assert_eq!(typed.len(), rec["reasons"].as_array().unwrap().len());
    // At 5,000 requests a day a hosted API is far cheaper and the GPUs run at a few percent:
    // both are said before the headline, which (community hosts off a 24/7 service, scenario v3)
    // is the near-tie that chose RunPod's Secure Cloud MI300X over Lambda's GH200.
    assert_eq!(typed[0]["kind"], "api_first");
    assert_eq!(typed[0]["provider"], "DeepInfra");
    assert_eq!(typed[1]["kind"], "low_use");
    assert_eq!(typed[2]["kind"], "near_tie");
    assert_eq!(typed[2]["cheapest_provider"], "Lambda");
    assert_eq!(rec["provider"], "RunPod");
    assert!(typed
        .iter()
        .any(|t| t["kind"] == "replicas_for_load" && t["need"]["bound"]["kind"].is_string()));
}

#[test]
fn the_renderer_escapes_every_text() {
    let r = report("model=llama-3.1-8b&task=lora&train_tokens=50000000");
    let mut card = VerdictCard::of(&r, Lang::En);
    let v = card.verdict.as_mut().unwrap();
    v.offer = "<script>alert(1)</script> & \"co\"".into();
    v.approximate = Some("it's \"about\"".into());
    let html = inference_sizer::markup::verdict(&card);
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;"));
    // The approximate price's mark has no tooltip: the note under the amount says it in words.
    assert!(html.contains("<span class=\"approx\">≈ </span><strong>"));
    assert!(!html.contains("title="));
    assert!(!html.contains("<script>"));
    // The card's parts, with the ids the page's tests and style read.
    for id in [
        "verdict-title",
        "verdict-hardware",
        "verdict-offer",
        "verdict-cost",
        "verdict-why",
        "runner-ups",
        "verdict-as-of",
    ] {
        assert!(html.contains(&format!("id=\"{id}\"")), "{id}");
    }
    let none = VerdictCard::of(&report("model=nope&ctx=-5&seqs=1e99&tps=abc"), Lang::Es);
    let html = inference_sizer::markup::verdict(&none);
    assert!(html.contains("<p class=\"no-verdict\">") && html.contains("Veredicto"));
}

#[test]
fn the_verdict_names_its_question() {
    // The model and format, the load, the constraints in force: in the report, the card and the
    // embed's result event.
    let r = report("model=llama-3.3-70b&quant=fp8&rpd=5000&eu=1&tenancy=single&max_term=12");
    assert_eq!(
        r.scenario_line,
        "Llama 3.3 70B, FP8 on vLLM · 5,000 requests a day (1,000 + 250 tokens), 24 h a day · EU jurisdiction, single tenant, terms up to 12 months"
    );
    let card = VerdictCard::of(&r, Lang::En);
    assert_eq!(card.question, r.scenario_line);
    assert!(inference_sizer::markup::verdict(&card).contains(&format!(
        "<p class=\"verdict-question\" id=\"verdict-question\">{}</p>",
        r.scenario_line
    )));
    let summary = inference_sizer::embed_protocol::ResultSummary::from_report(&r);
    assert_eq!(summary.scenario_line, r.scenario_line);
    // A job, in Spanish; a stated concurrency.
    assert_eq!(
        report("model=llama-3.3-70b&task=qlora&train_tokens=20000000&epochs=2&lang=es")
            .scenario_line,
        "Llama 3.3 70B, BF16 en vLLM · QLoRA con 20 millones de tokens, 2 épocas"
    );
    assert_eq!(
        report("model=llama-3.1-8b&quant=q4_k_m&engine=llamacpp&seqs=4&hours=8&spot=1").scenario_line,
        "Llama 3.1 8B, Q4_K_M on llama.cpp · 4 concurrent requests, 8,192-token context, 8 h a day · interruptions allowed"
    );
    // With no verdict the question is still said.
    let none = report("model=llama-3.1-8b&seqs=100000");
    assert!(none.recommendation.is_none());
    assert!(VerdictCard::of(&none, Lang::En)
        .question
        .starts_with("Llama 3.1 8B, BF16 on vLLM · 100,000 concurrent requests"));
}

#[test]
fn a_hosted_api_far_cheaper_is_said_first_unless_a_constraint_requires_self_hosting() {
    // A team of 5,000 requests a day on Llama 3.3 70B FP8: DeepInfra sells it at $0.10 / $0.32
    // per million input / output tokens, 5,000 x (1,000 x 0.10 + 250 x 0.32) / 10^6 x 365/12 =
    // $27.38, about €23.60 a month, against €1,541 self-hosted (RunPod's Secure MI300X): 65
    // times less, more than 3.
    // Eight sequences on every copy (`conc=stated`, a link before scenario version 4).
    let r = report("model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000&conc=stated");
    let rec = r.recommendation.as_ref().unwrap();
    match &rec.reasons_typed()[0] {
        Reason::ApiFirst(a) => {
            assert_eq!(a.provider, "DeepInfra");
            assert!((a.api_monthly - 23.60).abs() < 0.01, "{}", a.api_monthly);
            assert_eq!(a.self_hosted_monthly, rec.monthly_cost);
        }
        other => panic!("{other:?}"),
    }
    // The machine runs at 7% of its capacity: said before the price too.
    assert!(matches!(rec.reasons_typed()[1], Reason::LowUse { utilisation } if utilisation < 0.1));
    let card = VerdictCard::of(&r, Lang::En);
    let v = card.verdict.unwrap();
    assert!(
        v.lead[0].starts_with("At this load a hosted API is the cheaper answer: DeepInfra serves Llama 3.3 70B for about €23.60 a month, 65 times less than self-hosting at €1,541."),
        "{}",
        v.lead[0]
    );
    // The headline follows: here the near-tie that chose RunPod's Secure MI300X.
    assert_eq!(v.why, rec.reasons()[2]);
    // Single tenancy requires self-hosting: no API first.
    let single = report("model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000&tenancy=single");
    assert!(!single
        .recommendation
        .unwrap()
        .reasons_typed()
        .iter()
        .any(|t| matches!(t, Reason::ApiFirst(_))));
    // No request rate: the comparison is at full load, not the user's: no API first either.
    let full = report("model=llama-3.3-70b&quant=fp8&seqs=8");
    assert!(!full
        .recommendation
        .unwrap()
        .reasons_typed()
        .iter()
        .any(|t| matches!(t, Reason::ApiFirst(_) | Reason::LowUse { .. })));
}

#[test]
fn the_speed_carries_its_range_with_its_class_and_count() {
    let r = report("model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000");
    let range = r
        .throughput
        .range
        .as_ref()
        .expect("a range on a GPU with published runs");
    assert_eq!(
        Some(range),
        r.throughput.basis.as_ref().and_then(|b| b.range.as_ref())
    );
    assert!(range.low < 1.0 && range.high > 1.0, "{range:?}");
    assert!(range.runs >= 8, "{range:?}");
    assert!(!range.class.is_empty());
}

#[test]
fn the_verdict_says_how_it_fares_at_the_low_end_and_conservative_sizes_for_it() {
    // The team's 70B on one MI300X: vLLM on AMD, dense, one GPU: runs like it (14 of them, no
    // fit saw) have measured down to 80% of the model's figures. With 24 sequences on every copy
    // (`conc=stated`) a user gets 24.5 tokens/s, at the low end 0.8 x 24.5 = 19.6: the deployment
    // misses the 20 tokens/s a user is promised, which the verdict says.
    let q = "model=llama-3.3-70b&quant=fp8&seqs=24&rpd=5000&conc=stated";
    let r = report(q);
    let rec = r.recommendation.as_ref().unwrap();
    let low = rec
        .reasons_typed()
        .iter()
        .find_map(|t| match t {
            Reason::AtLowEnd(l) => Some(l),
            _ => None,
        })
        .expect("the low end is said");
    let range = r.throughput.range.as_ref().unwrap();
    assert!(
        (low.factor - range.low).abs() < 1e-9,
        "{} {}",
        low.factor,
        range.low
    );
    assert!(!low.serves);
    // Sized for the low end, the verdict costs at least the cheapest usable central option (the
    // near-tie chose the MI300X over Lambda's GH200 at the central estimate), and says nothing
    // of a lower end.
    let c = report(&format!("{q}&speed=conservative"));
    let crec = c.recommendation.as_ref().unwrap();
    let cheapest = r
        .options
        .iter()
        .filter(|o| o.usable)
        .map(|o| o.monthly_cost)
        .fold(f64::INFINITY, f64::min);
    // (equal within rounding when the conservative sizing lands on the same option)
    assert!(
        crec.monthly_cost >= cheapest * (1.0 - 1e-12),
        "{} {cheapest}",
        crec.monthly_cost
    );
    assert!(!crec
        .reasons_typed()
        .iter()
        .any(|t| matches!(t, Reason::AtLowEnd(_))));
    assert!(c.scenario.contains("speed=conservative"));
}

/// The page's polite announcement of a new verdict: one sentence from the card's own parts, in
/// the page's language; when nothing qualifies, the card's first sentence.
#[test]
fn a_new_verdict_is_announced_in_one_sentence() {
    use inference_sizer::words::announce;
    let said = |query: &str, lang: Lang| VerdictCard::of(&report(query), lang).announcement(lang);
    // sizer "model=llama-3.1-8b&quant=q4_k_m": the card's hardware line, its offer and its amount.
    assert_eq!(
        said("model=llama-3.1-8b&quant=q4_k_m", Lang::En),
        "Recommended: 1 machine with 1× GeForce RTX 5090 on RunPod 1x RTX 5090 (Secure Cloud), €645.59 per month."
    );
    assert_eq!(
        said("model=llama-3.1-8b&quant=q4_k_m&lang=es", Lang::Es),
        "Recomendación: 1 máquina con 1× GeForce RTX 5090 en RunPod 1x RTX 5090 (Secure Cloud), 645,59 € al mes."
    );
    // A team of 30 people: the hosted API, said first on the card, is said first here too.
    let team = said("users=30", Lang::En);
    assert!(
        team.starts_with("At this load a hosted API is the cheaper answer: DeepInfra serves Llama 3.3 70B for about €"),
        "{team}"
    );
    assert!(team.contains("times less than self-hosting at €"), "{team}");
    assert!(team.ends_with("per month."), "{team}");
    assert!(
        team.contains(" Recommended: 1 machine with 1× Instinct MI300X on RunPod"),
        "{team}"
    );
    let none = VerdictCard::of(&report("model=nope&ctx=-5&seqs=1e99&tps=abc"), Lang::Es);
    assert!(none.no_verdict.starts_with(announce::no_verdict(Lang::Es)));
    assert!(VerdictCard::of(&report(""), Lang::En)
        .no_verdict
        .starts_with(announce::no_verdict(Lang::En)));
}

/// The offers' names inside the verdict's reasons read in the page's language, as the options'
/// names do: sizer "model=llama-3.1-70b&quant=q4_k_m&lang=es" names Vultr's 36-month reserved
/// B200 server as the cheapest fixed-fee one.
#[test]
fn the_reasons_name_offers_with_their_catalogue_words_in_spanish() {
    let es = report("model=llama-3.1-70b&quant=q4_k_m&lang=es");
    let reasons = es.recommendation.as_ref().unwrap().reasons();
    assert!(reasons
        .iter()
        .any(|r| r.contains("Vultr vbm-256c-3072gb-8-b200-gpu (reserva de 36 meses)")));
    assert!(reasons.iter().all(|r| !r.contains("(36-month reserved)")));
    let en = report("model=llama-3.1-70b&quant=q4_k_m");
    assert!(en
        .recommendation
        .as_ref()
        .unwrap()
        .reasons()
        .iter()
        .any(|r| r.contains("(36-month reserved)")));
}
