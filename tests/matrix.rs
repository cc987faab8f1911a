//! The decision matrix by workload (issue 18): the class derived from the scenario, the hosting
//! type it fits, the first reason of the verdict when the recommendation follows it, and the
//! warning when the user's constraints push against it. Sources in `src/plan/matrix.rs` and
//! docs/background.md.

use inference_sizer::catalog::Catalog;
use inference_sizer::cost::Demand;
use inference_sizer::plan::matrix::{classify, WorkloadClass, DEV_MAX_REQUESTS_PER_DAY};
use inference_sizer::report::{evaluate_query, Report};
use inference_sizer::scenario::Scenario;

fn demand(query: &str) -> Demand {
    Demand::from_scenario(&Scenario::from_query(query).0)
}

fn report(query: &str) -> Report {
    evaluate_query(query, &Catalog::builtin())
}

/// The matrix's reason when the verdict follows it (right after the headline).
fn matrix_reason(r: &Report) -> &str {
    let rec = r.recommendation.as_ref().expect("a verdict");
    let at = rec
        .reasons()
        .iter()
        .position(|s| s.starts_with("Decision matrix: ") || s.starts_with("Matriz de decisión: "))
        .expect("the matrix's reason");
    assert!(at <= 3, "{:#?}", rec.reasons());
    &rec.reasons()[at]
}

#[test]
fn the_class_comes_from_the_task_the_hours_and_the_request_rate() {
    use WorkloadClass::*;
    for (q, class) in [
        ("", Steady),                       // 24 hours a day by default
        ("rpd=10", Steady),                 // around the clock, however light
        ("hours=8", Bursty),                // part-day, no stated rate
        ("hours=23&rpd=1000", Development), // at most 1,000 requests a day
        ("hours=23&rpd=1001", Bursty),      // one more: bursty
        ("hours=2&rpd=50000", Bursty),
        ("task=lora", FineTuning),
        ("task=full&hours=24", FineTuning), // a job, whatever its hours
        ("task=qlora&hours=2&rpd=10", FineTuning),
    ] {
        assert_eq!(classify(&demand(q)), class, "{q}");
    }
    assert_eq!(DEV_MAX_REQUESTS_PER_DAY, 1000.0);
}

#[test]
fn each_class_leads_the_verdict_with_its_hosting_type_when_the_verdict_follows_it() {
    // Steady: only bare metal allowed, so a fixed-fee server serves it (committed capacity).
    let r = report("model=llama-3.1-8b&kinds=bare_metal");
    assert!(
        matrix_reason(&r).starts_with(
            "Decision matrix: steady 24/7 inference (24 hours a day) fits dedicated or committed capacity"
        ),
        "{}",
        matrix_reason(&r)
    );
    // Bursty: 8 hours a day at 50,000 requests: capacity paid by the hour.
    let r = report("model=llama-3.1-8b&hours=8&rpd=50000");
    assert!(
        matrix_reason(&r).starts_with(
            "Decision matrix: bursty inference (8 hours a day) fits capacity paid by the hour"
        ),
        "{}",
        matrix_reason(&r)
    );
    // Fine-tuning: a job by the hour.
    let r = report("model=llama-3.1-8b&task=lora");
    assert!(
        matrix_reason(&r).starts_with(
            "Decision matrix: fine-tuning (a job that ends) fits capacity rented by the hour"
        ),
        "{}",
        matrix_reason(&r)
    );
    // Development: a slice or a small hourly instance.
    let r = report("model=llama-3.2-1b&hours=8&rpd=500");
    assert!(
        matrix_reason(&r).starts_with(
            "Decision matrix: development and experimentation (500 requests a day, 8 hours a day) fits a GPU slice"
        ),
        "{}",
        matrix_reason(&r)
    );
    // Spanish.
    let r = report("model=llama-3.2-1b&hours=8&rpd=500&lang=es");
    assert!(
        matrix_reason(&r).starts_with(
            "Matriz de decisión: desarrollo y experimentación (500 peticiones al día, 8 horas al día)"
        ),
        "{}",
        matrix_reason(&r)
    );
    for r in [
        report("model=llama-3.1-8b&kinds=bare_metal"),
        report("model=llama-3.1-8b&task=lora"),
    ] {
        assert!(r.warnings.iter().all(|w| !w.contains("decision matrix")));
    }
}

#[test]
fn a_cheaper_kind_that_departs_from_the_matrix_says_what_the_fitting_kind_costs() {
    // Llama 3.1 8B around the clock: an hourly GPU cloud run 730 hours a month is cheaper than
    // the cheapest committed option; the matrix's reason is not first and says by how much.
    let r = report("model=llama-3.1-8b");
    let rec = r.recommendation.as_ref().unwrap();
    assert!(!rec.reasons()[0].starts_with("Decision matrix"));
    let m = rec
        .reasons()
        .iter()
        .find(|s| s.starts_with("Decision matrix: steady 24/7 inference"))
        .expect("the matrix's reason");
    assert!(
        m.contains("Here the cheapest such option") && m.contains("more"),
        "{m}"
    );
}

#[test]
fn constraints_that_push_against_the_matrix_are_a_warning_in_both_languages() {
    // Two hours a day, but only EU bare metal with L40S allowed: monthly servers only, while
    // an hourly L40S (excluded by the allowed kinds alone) would serve it for far less.
    let q = "model=llama-3.1-8b&hours=2&kinds=bare_metal&eu=1&gpus=nvidia_l40s";
    let r = report(q);
    let w = r
        .warnings
        .iter()
        .find(|w| w.contains("push against the decision matrix"))
        .expect("the warning");
    assert!(
        w.starts_with("Your constraints (the allowed offer kinds)"),
        "{w}"
    );
    assert!(w.contains("bursty inference (2 hours a day)"), "{w}");
    let rec = r.recommendation.as_ref().unwrap();
    assert!(rec
        .reasons()
        .iter()
        .any(|s| s.contains("No option of that kind")));
    let es = report(&format!("{q}&lang=es"));
    assert!(
        es.warnings.iter().any(|w| w.starts_with(
            "Sus restricciones (los tipos de oferta permitidos) van contra la matriz de decisión"
        )),
        "{:?}",
        es.warnings
    );
}

/// Over a sweep of hours, request rates and tasks: the verdict carries the matrix's sentence
/// once; it leads exactly when the recommendation is of the fitting kind, which for a part-day
/// load is capacity paid by the hour (billed fewer than the month's 730 hours).
#[test]
fn the_matrix_leads_only_when_the_verdict_follows_it() {
    let c = Catalog::builtin();
    for task in ["infer", "lora"] {
        for hours in [1, 2, 8, 16, 23] {
            for rpd in [0, 100, 1000, 1001, 50000] {
                let q = format!("model=llama-3.1-8b&task={task}&hours={hours}&rpd={rpd}");
                let r = evaluate_query(&q, &c);
                let Some(rec) = r.recommendation.as_ref() else {
                    continue;
                };
                let at: Vec<usize> = rec
                    .reasons()
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.starts_with("Decision matrix: "))
                    .map(|(i, _)| i)
                    .collect();
                assert_eq!(at.len(), 1, "{q}: {:#?}", rec.reasons());
                let chosen = r
                    .options
                    .iter()
                    .find(|o| o.offer_id == rec.offer_id)
                    .unwrap();
                let hourly = chosen.billed_hours_per_month < 730.0;
                let small = chosen.replicas <= 1 && chosen.servers <= 1;
                let class = classify(&demand(&q));
                let follows = match class {
                    WorkloadClass::Development => hourly && small,
                    _ => hourly,
                };
                // Following, it comes right after the headline (the cheapest, or the job and
                // how it is billed); departing, it says what the fitting kind costs, last.
                let said = &rec.reasons()[at[0]];
                assert_eq!(
                    said.ends_with("The recommendation is of that kind.") && at[0] <= 3,
                    follows,
                    "{q} ({class:?}): {}",
                    rec.reasons()[at[0]]
                );
            }
        }
    }
}
