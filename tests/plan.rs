//! The recommendation: cheapest usable option, bare metal vs hourly cloud vs CPU, constraints,
//! runner-ups, and reasons in English and Spanish.

#[path = "support/cost.rs"]
mod fixtures;

use fixtures::*;
use inference_sizer::catalog::{OfferKind, Virtualization};
use inference_sizer::cost::{CostDefaults, Demand, Deployment, OfferSizing, OptionCost};
use inference_sizer::model::Task;
use inference_sizer::plan::{self, Reason};
use inference_sizer::report::Recommendation;
use inference_sizer::scenario::Lang;
use inference_sizer::units::Currency;

/// Three ways to run 4x H100: a hyperscaler VM at 11 EUR/GPU-h, a GPU cloud VM at 2.5 EUR/GPU-h
/// and a bare-metal server at 6,000 EUR a month with a 1,200 EUR setup fee.
fn h100_market() -> Vec<(inference_sizer::catalog::Offer, OfferSizing)> {
    let s = llm_sizing(4, 2000.0, 300.0);
    vec![
        (
            h100_cloud("hyperscaler-p5", OfferKind::CloudOnDemand, 4, 11.0),
            s.clone(),
        ),
        (
            h100_cloud("gpucloud-4xh100", OfferKind::GpuCloud, 4, 2.5),
            s.clone(),
        ),
        (
            with_setup_fee(h100_bare_metal("baremetal-4xh100", 4, 6_000.0), 1_200.0),
            s,
        ),
    ]
}

fn options_for(
    pairs: &[(inference_sizer::catalog::Offer, OfferSizing)],
    w: &Demand,
) -> Vec<OptionCost> {
    evaluate(pairs, w, &CostDefaults::default(), Currency::Eur)
}

fn recommendation(
    pairs: &[(inference_sizer::catalog::Offer, OfferSizing)],
    w: &Demand,
    lang: Lang,
) -> Recommendation {
    plan::recommend(&options_for(pairs, w), w, lang).expect("a usable option")
}

#[test]
fn the_recommendation_moves_from_bare_metal_to_hourly_cloud_as_daily_hours_fall() {
    // Bare metal: 6,000 + 1,200 / 36 = 6,033 EUR whatever the hours.
    // GPU cloud: 10 EUR/h x (h + 0.5 warm-up) x 30.42 days + 29 EUR storage + 21.6 EUR monitoring.
    //   24 h: 7,300 + 50.5 -> bare metal. 20 h: 20.5 x 30.42 x 10 = 6,235 -> bare metal.
    //   16 h: 16.5 x 30.42 x 10 = 5,019 -> cloud; 4 h: 4.5 x 30.42 x 10 = 1,369 -> cloud.
    let expected = [
        (24.0, "baremetal-4xh100"),
        (20.0, "baremetal-4xh100"),
        (16.0, "gpucloud-4xh100"),
        (12.0, "gpucloud-4xh100"),
        (8.0, "gpucloud-4xh100"),
        (4.0, "gpucloud-4xh100"),
    ];
    for (hours, offer) in expected {
        let rec = recommendation(&h100_market(), &demand(0.0, hours), Lang::En);
        assert_eq!(rec.offer_id, offer, "at {hours} h a day");
    }
    let steady = recommendation(&h100_market(), &demand(0.0, 24.0), Lang::En);
    assert_eq!(steady.deployment, Deployment::BareMetal);
    let bursty = recommendation(&h100_market(), &demand(0.0, 4.0), Lang::En);
    assert_eq!(bursty.deployment, Deployment::Cloud);
}

#[test]
fn steady_bare_metal_reasons_quote_utilisation_break_even_and_weeks() {
    // Bare metal busy 100% (one replica kept busy 24 h). Break-even utilisation:
    // 6,033 / (10 EUR/h / 0.9 x 730 h) = 0.744 -> "74%". Weeks: 1,200 / (7,350.5 - 6,000) x 4.345 = 3.9.
    let rec = recommendation(&h100_market(), &demand(0.0, 24.0), Lang::En);
    let text = rec.reasons().join("\n");
    assert!(
        text.contains("baremetal baremetal-4xh100 is the cheapest of 3 options"),
        "{text}"
    );
    assert!(text.contains("€6,033 a month"), "{text}");
    assert!(text.contains("steady load"), "{text}");
    assert!(
        text.contains("Utilisation of 100% is above the break-even utilisation of 74%"),
        "{text}"
    );
    assert!(
        text.contains("The setup fee of €1,200 is recovered in 3.9 weeks"),
        "{text}"
    );
    assert!(text.contains("Bare metal has no hypervisor"), "{text}");
    assert!(
        text.contains(
            "P95 time to first token is 324 ms (mean 300 ms x 1.08), within the 2,000 ms target"
        ),
        "{text}"
    );
}

#[test]
fn bursty_cloud_reasons_say_the_fixed_fee_would_sit_idle() {
    // At 4 h a day bare metal is busy 4 / 24 = 17% of its paid capacity, below 74%.
    let rec = recommendation(&h100_market(), &demand(0.0, 4.0), Lang::En);
    let text = rec.reasons().join("\n");
    assert!(text.contains("bursty load"), "{text}");
    assert!(
        text.contains("about 137 hours a month instead of 730"),
        "{text}"
    );
    assert!(
        text.contains(
            "would be busy 17% of its paid capacity, below its break-even utilisation of 74%"
        ),
        "{text}"
    );
    assert!(
        text.contains("Virtualisation (virtual machine) costs about 10% of the throughput"),
        "{text}"
    );
}

#[test]
fn reasons_are_written_in_spanish_with_spanish_numbers() {
    let rec = recommendation(&h100_market(), &demand(0.0, 24.0), Lang::Es);
    let text = rec.reasons().join("\n");
    assert!(text.contains("es la opción más barata de 3"), "{text}");
    assert!(text.contains("6.033 € al mes"), "{text}");
    assert!(
        text.contains("La cuota de alta de 1.200 € se recupera en 3,9 semanas"),
        "{text}"
    );
    assert!(text.contains("dentro del objetivo de 2.000 ms"), "{text}");
    // Every reason has a Spanish sentence distinct from the English one.
    let en = recommendation(&h100_market(), &demand(0.0, 24.0), Lang::En);
    assert_eq!(en.reasons().len(), rec.reasons().len());
    for (a, b) in en.reasons().iter().zip(rec.reasons()) {
        assert_ne!(a, b);
    }
}

#[test]
fn runner_ups_say_how_they_differ() {
    // GPU cloud at 24 h: 7,300 + 29.0 storage + 21.6 monitoring = 7,350.5 EUR, +21.8% on 6,033;
    // its P95 first token 300 / 0.9 x 1.2 = 400 ms against 324 ms on bare metal.
    let rec = recommendation(&h100_market(), &demand(0.0, 24.0), Lang::En);
    assert_eq!(rec.runner_ups().len(), 2);
    assert_eq!(rec.runner_ups()[0].offer_id, "gpucloud-4xh100");
    assert_eq!(
        rec.runner_ups()[0].difference,
        "+22% cost, cloud (virtual machine, -10% throughput), US jurisdiction, gpucloud, P95 400 ms"
    );
    assert_eq!(rec.runner_ups()[1].offer_id, "hyperscaler-p5");
    let es = recommendation(&h100_market(), &demand(0.0, 24.0), Lang::Es);
    assert_eq!(
        es.runner_ups()[0].difference,
        "+22 % de coste, nube (máquina virtual, -10 % de rendimiento), jurisdicción de EE. UU., gpucloud, P95 400 ms"
    );
}

#[test]
fn a_runner_up_names_its_gpu_and_jurisdiction_in_words_not_codes() {
    // The GPU cloud of `h100_market` moved to 4x A100 under another jurisdiction: the same
    // +21.8% on 6,033 EUR, and the words name the card as the catalogue does.
    let w = demand(0.0, 24.0);
    let mut options = options_for(&h100_market(), &w);
    let cloud = options
        .iter_mut()
        .find(|o| o.offer_id == "gpucloud-4xh100")
        .unwrap();
    cloud.gpu_id = Some("nvidia_a100_80gb_pcie".into());
    cloud.gpu_name = Some("A100 PCIe 80GB".into());
    cloud.jurisdiction = "other".into();
    let difference = |options: &[OptionCost], lang| {
        plan::recommend(options, &w, lang).unwrap().runner_ups()[0]
            .difference
            .clone()
    };
    assert_eq!(
        difference(&options, Lang::En),
        "+22% cost, cloud (virtual machine, -10% throughput), other jurisdiction, 4x A100 PCIe 80GB, 1 machine, gpucloud, P95 400 ms"
    );
    assert_eq!(
        difference(&options, Lang::Es),
        "+22 % de coste, nube (máquina virtual, -10 % de rendimiento), otra jurisdicción, 4x A100 PCIe 80GB, 1 máquina, gpucloud, P95 400 ms"
    );
    // Options costed without a catalogue have no names: the id is the best there is.
    for o in &mut options {
        o.gpu_name = None;
    }
    assert!(difference(&options, Lang::Es).contains("4x nvidia_a100_80gb_pcie, 1 máquina"));
}

#[test]
fn eu_jurisdiction_excludes_us_providers_even_in_eu_regions() {
    // The GPU cloud and hyperscaler are US providers with EU regions; an EU GPU cloud at
    // 3 EUR/GPU-h (8,760 EUR a month) is dearer than the US one but qualifies, as does bare metal.
    let mut market = h100_market();
    market.push((
        in_jurisdiction(
            h100_cloud("eucloud-4xh100", OfferKind::GpuCloud, 4, 3.0),
            "EU",
        ),
        llm_sizing(4, 2000.0, 300.0),
    ));
    let mut w = demand(0.0, 4.0);
    let anywhere = recommendation(&market, &w, Lang::En);
    assert_eq!(anywhere.offer_id, "gpucloud-4xh100");
    w.constraints.eu_jurisdiction = true;
    let eu = recommendation(&market, &w, Lang::En);
    assert_eq!(eu.offer_id, "eucloud-4xh100");
    assert!(eu
        .reasons()
        .iter()
        .any(|r| r.contains("EU jurisdiction required") && r.contains("CLOUD Act")));
    assert!(eu
        .runner_ups()
        .iter()
        .all(|r| r.offer_id != "gpucloud-4xh100" && r.offer_id != "hyperscaler-p5"));
}

#[test]
fn single_tenancy_keeps_only_single_tenant_hardware() {
    // At 4 h a day the shared EU cloud is cheapest; regulated data takes the single-tenant server.
    let mut market = h100_market();
    market.push((
        in_jurisdiction(
            h100_cloud("eucloud-4xh100", OfferKind::GpuCloud, 4, 3.0),
            "EU",
        ),
        llm_sizing(4, 2000.0, 300.0),
    ));
    let mut w = demand(0.0, 4.0);
    w.constraints.eu_jurisdiction = true;
    w.constraints.single_tenant = true;
    let rec = recommendation(&market, &w, Lang::En);
    assert_eq!(rec.offer_id, "baremetal-4xh100");
    assert!(rec.runner_ups().is_empty());
    assert!(rec
        .reasons()
        .iter()
        .any(|r| r.starts_with("Regulated data: single-tenant")));
    // A single-tenant cloud (dedicated host) qualifies too, and is cheaper at 4 h a day.
    market.push((
        single_tenant(in_jurisdiction(
            h100_cloud("eu-dedicated-host", OfferKind::CloudOnDemand, 4, 4.0),
            "EU",
        )),
        llm_sizing(4, 2000.0, 300.0),
    ));
    assert_eq!(
        recommendation(&market, &w, Lang::En).offer_id,
        "eu-dedicated-host"
    );
}

#[test]
fn no_usable_option_gives_no_recommendation() {
    let mut w = demand(0.0, 24.0);
    w.constraints.eu_jurisdiction = true;
    let market: Vec<_> = h100_market()
        .into_iter()
        .filter(|(o, _)| o.jurisdiction != "EU")
        .collect();
    assert!(plan::recommend(&options_for(&market, &w), &w, Lang::En).is_none());
}

#[test]
fn allowed_gpus_and_kinds_narrow_the_choice() {
    let mut w = demand(0.0, 24.0);
    w.constraints.kinds = vec![OfferKind::CloudOnDemand];
    assert_eq!(
        recommendation(&h100_market(), &w, Lang::En).offer_id,
        "hyperscaler-p5"
    );
    w.constraints.kinds.clear();
    w.constraints.gpus = vec!["nvidia_a100_80gb".to_string()];
    assert!(plan::recommend(&options_for(&h100_market(), &w), &w, Lang::En).is_none());
}

/// A small embedding model: a 40 USD VPS, an 80 USD dedicated server, and a 1x GPU cloud.
fn small_model_market() -> Vec<(inference_sizer::catalog::Offer, OfferSizing)> {
    let mut gpu = h100_cloud("gpucloud-1xl4", OfferKind::GpuCloud, 1, 0.8);
    gpu.virtualization = Virtualization::Container;
    vec![
        (
            cpu_server("vps-8vcpu", OfferKind::Vps, 40.0),
            cpu_sizing(50.0, 100.0),
        ),
        (
            cpu_server("dedi-8core", OfferKind::DedicatedCpu, 80.0),
            cpu_sizing(150.0, 100.0),
        ),
        (gpu, cpu_sizing(2_000.0, 15.0)),
    ]
}

#[test]
fn a_small_model_is_served_on_cpu() {
    // 30,000 requests a day: peak 0.69/s; the VPS at 40 USD = 34.48 EUR is cheapest.
    let rec = recommendation(&small_model_market(), &demand(30_000.0, 24.0), Lang::En);
    assert_eq!(rec.offer_id, "vps-8vcpu");
    assert_eq!(rec.deployment, Deployment::Cpu);
    assert_eq!(rec.gpu_id, None);
    assert!(
        rec.reasons()
            .iter()
            .any(|r| r.starts_with("A small model: a CPU server is enough")),
        "{:?}",
        rec.reasons()
    );
}

#[test]
fn a_strict_latency_target_rules_the_shared_vps_out() {
    // VPS P95: 100 / 0.9 x 3 = 333 ms > 200 ms; dedicated: 100 x 1.08 = 108 ms. The dedicated
    // server wins although it costs twice the VPS.
    let mut w = demand(30_000.0, 24.0);
    w.max_ttft_p95_ms = 200.0;
    let rec = recommendation(&small_model_market(), &w, Lang::En);
    assert_eq!(rec.offer_id, "dedi-8core");
    assert!(
        rec.reasons().iter().any(|r| r == "The latency target (P95 of 200 ms) rules out 1 option (1 of them on shared vCPUs, whose response time spreads with the host's load)."),
        "{:?}",
        rec.reasons()
    );
}

/// One-GPU fine-tuning offers: bare metal 1,500 EUR a month, a GPU cloud container at 2.5 EUR/h,
/// and a slow cloud (200 TFLOP/s) at 1 EUR/h; full fine-tuning of 8 B parameters on 1e9 tokens.
fn fine_tuning_market() -> Vec<(inference_sizer::catalog::Offer, OfferSizing)> {
    let mut market = h100_market();
    for (o, s) in market.iter_mut() {
        o.gpu.as_mut().unwrap().count = 1;
        o.price.amount /= 4.0;
        o.setup_fee = None;
        s.compute_params = 8e9;
        s.peak_flops_per_replica = 989e12;
        if o.kind == OfferKind::GpuCloud {
            o.virtualization = Virtualization::Container;
        }
    }
    let mut slow = llm_sizing(1, 500.0, 300.0);
    slow.compute_params = 8e9;
    slow.peak_flops_per_replica = 200e12;
    market.push((
        h100_cloud("slowcloud-1x", OfferKind::GpuCloud, 1, 1.0),
        slow,
    ));
    market
}

fn full_fine_tuning(hours: f64) -> Demand {
    let mut w = demand(0.0, hours);
    w.task = Task::Full;
    w.train_tokens = 1e9;
    w
}

#[test]
fn fine_tuning_takes_the_cheapest_job() {
    // 6 x 8e9 x 1e9 = 4.8e19 FLOPs an epoch; one job of one epoch.
    // Each hourly job also pays half an hour to start (boot, image, weights).
    // Slow cloud (vm, -10%): 4.8e19 / (200e12 x 0.35 x 0.9) = 211.6 h + 0.5 h x 1 EUR = 212.14 EUR
    //   (the cheapest month around the clock, which ranked it first before jobs were priced as
    //   jobs).
    // GPU cloud (container, -2%): 4.8e19 / (989e12 x 0.35 x 0.98) = 39.3 h + 0.5 h x 2.5 EUR =
    //   99.51 EUR.
    // Bare metal (no tax): 38.52 h, within its first month: 1,500 EUR.
    let w = full_fine_tuning(24.0);
    let options = options_for(&fine_tuning_market(), &w);
    let plan = plan::choose(&options, &w).unwrap();
    assert_eq!(plan.chosen.offer_id, "gpucloud-4xh100");
    let job = plan.chosen.job.unwrap();
    assert_close(job.hours, 4.8e19 / (989e12 * 0.35 * 0.98) / 3600.0, 1e-9);
    assert_close(job.cost.amount, (job.hours + 0.5) * 2.5, 1e-9);
    let slow = options
        .iter()
        .find(|o| o.offer_id == "slowcloud-1x")
        .unwrap();
    assert_close(
        slow.epoch.unwrap().hours,
        4.8e19 / (200e12 * 0.35 * 0.9) / 3600.0,
        1e-9,
    );
    assert_close(slow.job.unwrap().cost.amount, 212.14, 0.01);
    assert!(slow.monthly.amount() < plan.chosen.monthly.amount());
    let text: Vec<String> = plan.reasons.iter().map(|r| r.sentence(Lang::En)).collect();
    assert!(
        text[0].starts_with("About 39.3 hours, €99.51 on gpucloud gpucloud-4xh100: 1 epoch of 1,000 million tokens; the cheapest of 4 options that can run the job."),
        "{text:?}"
    );
    // Bare metal: 38.52 h at 1,500 / 730 EUR/h = 79.1 EUR an epoch at its hourly rate, but the
    // job rents the whole month.
    let bm = options
        .iter()
        .find(|o| o.offer_id == "baremetal-4xh100")
        .unwrap();
    assert_close(bm.epoch.unwrap().cost.amount, 38.52 * 1_500.0 / 730.0, 0.05);
    assert_close(bm.job.unwrap().cost.amount, 1_500.0, 1e-6);
}

#[test]
fn fine_tuning_a_few_hours_a_day_occupies_more_months_of_a_monthly_server() {
    // Ten times the data: bare metal trains 385.2 hours. Around the clock that is within one
    // month (1,500 EUR); 4 hours a day spreads it over 385.2 x 24 / 4 = 2,311 hours of calendar,
    // 4 months of 730 hours (6,000 EUR). By the hour the job costs the same either way.
    let mut w = full_fine_tuning(24.0);
    w.train_tokens = 1e10;
    let steady = options_for(&fine_tuning_market(), &w);
    w.hours_per_day = 4.0;
    let part_time = options_for(&fine_tuning_market(), &w);
    let job =
        |all: &[OptionCost], id: &str| all.iter().find(|o| o.offer_id == id).unwrap().job.unwrap();
    assert_close(job(&steady, "baremetal-4xh100").hours, 385.2, 0.1);
    assert_close(job(&steady, "baremetal-4xh100").cost.amount, 1_500.0, 1e-6);
    assert_close(
        job(&part_time, "baremetal-4xh100").cost.amount,
        6_000.0,
        1e-6,
    );
    assert_close(
        job(&part_time, "gpucloud-4xh100").cost.amount,
        job(&steady, "gpucloud-4xh100").cost.amount,
        1e-9,
    );
}

#[test]
fn an_encoder_has_no_per_user_speed_to_meet() {
    // An embedding model: no decode speed, 50 requests/s; the 20 tokens/s target does not apply.
    let mut s = cpu_sizing(50.0, 20.0);
    s.decode_tokens_per_s_per_user = 0.0;
    let w = demand(30_000.0, 24.0);
    let options = options_for(&[(cpu_server("vps-8vcpu", OfferKind::Vps, 40.0), s)], &w);
    assert!(options[0].is_usable(), "{:?}", options[0].shortfalls);
}

#[test]
fn with_no_usable_option_the_planner_says_how_far_the_options_got() {
    // EU jurisdiction and single tenancy: only bare metal qualifies, and it is too slow here.
    let mut market = h100_market();
    market[2].1.decode_tokens_per_s_per_user = 15.0;
    let mut w = demand(0.0, 24.0);
    w.constraints.eu_jurisdiction = true;
    w.constraints.single_tenant = true;
    let options = options_for(&market, &w);
    assert!(plan::recommend(&options, &w, Lang::En).is_none());
    let none = plan::why_none(&options, &w).unwrap();
    assert_eq!(
        (none.reach.total, none.reach.fit, none.reach.serve),
        (3, 3, 2)
    );
    assert_eq!(
        none.sentence(Lang::En),
        "No option meets every requirement: of 3 offers, 3 hold the model in memory, 2 of them meet the speed and latency targets, none of those passes the constraints (EU jurisdiction, single tenancy). Closest: baremetal baremetal-4xh100 (too slow: 15 tokens/s per user against a target of 20)."
    );
    assert!(none
        .sentence(Lang::Es)
        .starts_with("Ninguna opción cumple todos los requisitos: de 3 ofertas"));
    assert!(plan::why_none(&options_for(&h100_market(), &demand(0.0, 24.0)), &w).is_none());
}

#[test]
fn spot_recommendations_warn_about_interruptions() {
    // Spot at 1 EUR/GPU-h: 4 x 730 = 2,920 + 15% allowance = 3,358 EUR, under bare metal's 6,033;
    // chosen once the user allows interruptions (without, bare metal: tests/buyer.rs).
    let mut market = h100_market();
    market.push((
        h100_cloud("spot-4xh100", OfferKind::CloudSpot, 4, 1.0),
        llm_sizing(4, 2000.0, 300.0),
    ));
    let mut w = demand(0.0, 24.0);
    assert_eq!(
        recommendation(&market, &w, Lang::En).offer_id,
        "baremetal-4xh100"
    );
    w.constraints.interruptible = true;
    let rec = recommendation(&market, &w, Lang::En);
    assert_eq!(rec.offer_id, "spot-4xh100");
    assert!(
        rec.reasons().iter().any(|r| r.starts_with(
            "Spot capacity can be reclaimed at short notice and you allowed interruptions: the cost includes 15% extra"
        )),
        "{:?}",
        rec.reasons()
    );
    assert!(
        rec.reasons()
            .iter()
            .any(|r| r.contains("billed here for all 730 hours a month")),
        "{:?}",
        rec.reasons()
    );
}

#[test]
fn a_strict_latency_target_on_a_virtualised_choice_cites_the_decision_matrix() {
    // P95 target 450 ms: the GPU cloud VM (300 / 0.9 x 1.2 = 400 ms) qualifies and is cheapest at
    // 4 h a day (1,419 EUR); bare metal (6,033 EUR) costs 325% more.
    let mut w = demand(0.0, 4.0);
    w.max_ttft_p95_ms = 450.0;
    let options = options_for(&h100_market(), &w);
    let plan = plan::choose(&options, &w).unwrap();
    assert_eq!(plan.chosen.offer_id, "gpucloud-4xh100");
    let bm = options
        .iter()
        .find(|o| o.offer_id == "baremetal-4xh100")
        .unwrap();
    let extra = bm.monthly.amount() / plan.chosen.monthly.amount() - 1.0;
    assert_close(extra, 6_033.33 / 1_419.27 - 1.0, 0.001);
    assert!(plan.reasons.contains(&Reason::MatrixPrefersBareMetal {
        case: plan::MatrixCase::StrictLatency,
        bare_metal_extra: Some(extra)
    }));
    let rec = plan::recommend(&options, &w, Lang::En).unwrap();
    assert!(rec.reasons().iter().any(|r| r
        == "For a strict P95 latency target the usual choice is bare metal, whose tail latency stays close to the mean; the cheapest bare-metal option that qualifies costs 325% more."));
    // A tolerant target (2,000 ms) does not invoke it.
    let tolerant = options_for(&h100_market(), &demand(0.0, 4.0));
    let tolerant = plan::choose(&tolerant, &demand(0.0, 4.0)).unwrap();
    assert!(!tolerant
        .reasons
        .iter()
        .any(|r| matches!(r, Reason::MatrixPrefersBareMetal { .. })));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn any_market() -> impl Strategy<Value = Vec<(inference_sizer::catalog::Offer, OfferSizing)>> {
        proptest::collection::vec(
            (
                0usize..7,
                0.5f64..15.0,
                any::<bool>(),
                any::<bool>(),
                1u32..9,
                10.0f64..60.0,
                50.0f64..900.0,
            ),
            1..12,
        )
        .prop_map(|rows| {
            rows.into_iter()
                .enumerate()
                .map(
                    |(i, (k, eur_per_gpu_hour, eu, single, gpus, per_user, ttft))| {
                        let kind = OfferKind::ALL[k];
                        let mut o = if kind == OfferKind::BareMetal {
                            h100_bare_metal(
                                &format!("bm{i}"),
                                gpus,
                                eur_per_gpu_hour * gpus as f64 * 500.0,
                            )
                        } else if kind.is_cpu() {
                            cpu_server(&format!("cpu{i}"), kind, eur_per_gpu_hour * 10.0)
                        } else {
                            h100_cloud(&format!("cloud{i}"), kind, gpus, eur_per_gpu_hour)
                        };
                        o.jurisdiction = if eu { "EU" } else { "US" }.to_string();
                        o.single_tenant = single;
                        let mut s = llm_sizing(gpus, 500.0 * gpus as f64, ttft);
                        s.decode_tokens_per_s_per_user = per_user;
                        (o, s)
                    },
                )
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn the_recommendation_is_the_cheapest_or_a_near_tie_and_honours_the_constraints(
            market in any_market(),
            rpd in 0.0f64..2e6,
            hours in 1.0f64..24.0,
            eu in any::<bool>(),
            single in any::<bool>(),
        ) {
            let mut w = demand(rpd, hours);
            w.constraints.eu_jurisdiction = eu;
            w.constraints.single_tenant = single;
            let options = options_for(&market, &w);
            match plan::choose(&options, &w) {
                Some(p) => {
                    let c = p.chosen;
                    prop_assert!(c.is_usable());
                    prop_assert!(!eu || c.jurisdiction == "EU");
                    prop_assert!(!single || c.single_tenant);
                    // The cheapest, or a near-tie within 10% of it on no more machines than
                    // any other option in that margin.
                    let usable: Vec<&OptionCost> = options.iter().filter(|o| o.is_usable()).collect();
                    let cheapest = usable.iter().map(|o| o.monthly.amount()).fold(f64::INFINITY, f64::min);
                    prop_assert!(c.monthly.amount() <= cheapest * (1.0 + plan::ties::NEAR_TIE) + 1e-9);
                    for o in usable.iter().filter(|o| o.monthly.amount() <= cheapest * 1.1) {
                        prop_assert!(c.servers <= o.servers);
                    }
                    let mut last = 0.0;
                    for (r, _) in &p.runner_ups {
                        prop_assert!(r.is_usable() && r.monthly.amount() >= last);
                        last = r.monthly.amount();
                    }
                    let rec = plan::recommend(&options, &w, Lang::Es).unwrap();
                    prop_assert!(rec.monthly_cost.is_finite() && !rec.reasons().is_empty());
                }
                None => {
                    prop_assert!(options.iter().all(|o| !o.is_usable()));
                    let none = plan::why_none(&options, &w).unwrap();
                    prop_assert!(!none.sentence(Lang::En).is_empty());
                }
            }
        }
    }
}
