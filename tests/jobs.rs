//! What a buyer would sign, continued (issue 17): a fine-tuning job priced as a job, near-ties
//! decided by machines, headroom and speed, per-token figures at a stated load, and rejected
//! options shown at sane machine counts. Worked examples with their arithmetic.

#[path = "support/cost.rs"]
mod fixtures;

use fixtures::*;
use inference_sizer::catalog::{Catalog, OfferKind, Virtualization};
use inference_sizer::cost::{Demand, JobBilling, OptionCost, Shortfall};
use inference_sizer::model::Task;
use inference_sizer::plan;
use inference_sizer::report::{evaluate_query, PerTokenBasis};
use inference_sizer::scenario::presets::{LOAD_PRESETS, TEAM_CHAT};
use inference_sizer::scenario::{Lang, Scenario};
use inference_sizer::units::Currency;

// Fine-tuning jobs.

/// Full fine-tuning of 8 B parameters on 100 M tokens a pass: 6 x 8e9 x 1e8 = 4.8e18 FLOPs; one
/// H100 at 989 TFLOP/s x MFU 0.35 = 3.4615e14 FLOP/s -> 13,867 s = 3.852 hours an epoch (no
/// hypervisor: every offer here is bare metal or a bare-metal cloud).
const EPOCH_HOURS: f64 = 4.8e18 / (989e12 * 0.35) / 3600.0;

fn one_h100() -> inference_sizer::cost::OfferSizing {
    let mut s = llm_sizing(1, 500.0, 100.0);
    s.compute_params = 8e9;
    s.peak_flops_per_replica = 989e12;
    s
}

fn job(epochs: f64) -> Demand {
    let mut w = demand(0.0, 24.0);
    w.task = Task::Full;
    w.train_tokens = 1e8;
    w.epochs = epochs;
    w.constraints.interruptible = true;
    w
}

/// An hourly cloud H100 at 2.5 EUR/h, the same machine on a 12-month contract at 1,200 EUR a
/// month, and a monthly server at 1,000 EUR with a 500 EUR setup fee.
fn job_market() -> Vec<(
    inference_sizer::catalog::Offer,
    inference_sizer::cost::OfferSizing,
)> {
    let mut cloud = h100_cloud("cloud-1xh100", OfferKind::GpuCloud, 1, 2.5);
    cloud.virtualization = Virtualization::BareMetal;
    let mut contract = h100_bare_metal("contract-1xh100", 1, 1_200.0);
    contract.min_term_months = 12.0;
    let monthly = with_setup_fee(h100_bare_metal("monthly-1xh100", 1, 1_000.0), 500.0);
    vec![
        (cloud, one_h100()),
        (contract, one_h100()),
        (monthly, one_h100()),
    ]
}

fn find<'a>(all: &'a [OptionCost], id: &str) -> &'a OptionCost {
    all.iter().find(|o| o.offer_id == id).unwrap()
}

#[test]
fn a_job_costs_its_hours_by_the_hour_or_whole_months_at_least_the_minimum_term() {
    let w = job(3.0);
    let all = evaluate(&job_market(), &w, &compute_only(), Currency::Eur);
    // Hourly: 3 epochs x 3.852 h = 11.556 h, plus half an hour to start (boot, image, weights:
    // cost::defaults::WARM_UP_HOURS_PER_DAY) = 12.056 h x 2.5 EUR = 30.14 EUR.
    let cloud = find(&all, "cloud-1xh100").job.unwrap();
    assert_close(cloud.hours, 3.0 * EPOCH_HOURS, 1e-9);
    assert_close(cloud.hours, 11.556, 0.001);
    assert_close(cloud.startup_hours, 0.5, 1e-12);
    assert_close(cloud.cost.amount, 30.14, 0.01);
    assert_eq!(cloud.billing, JobBilling::Hourly { rate: 2.5 });
    // A 12-month contract: the 11.6-hour job pays the whole term, 12 x 1,200 = 14,400 EUR; the
    // machine is up already, so no start-up is billed.
    let contract = find(&all, "contract-1xh100").job.unwrap();
    assert_eq!(contract.startup_hours, 0.0);
    assert_close(contract.cost.amount, 14_400.0, 1e-6);
    assert_eq!(
        contract.billing,
        JobBilling::Monthly {
            rate: 1_200.0,
            months: 12.0,
            occupied: 1.0,
            min_term: 12.0
        }
    );
    // A monthly server without a term: one month and the setup fee, 1,000 + 500 = 1,500 EUR.
    let monthly = find(&all, "monthly-1xh100").job.unwrap();
    assert_close(monthly.cost.amount, 1_500.0, 1e-6);
    assert_close(monthly.setup, 500.0, 1e-9);
}

#[test]
fn fine_tuning_is_ranked_by_the_job_not_by_a_month_of_rental() {
    // By the month the contract (1,200 EUR) and the monthly server (1,000 + 500/36) cost less
    // than the cloud around the clock (2.5 x 730 = 1,825 EUR); for one 11.6-hour job the cloud
    // costs 30.14 EUR (its start-up included) against 1,500 and 14,400.
    let w = job(3.0);
    let all = evaluate(&job_market(), &w, &compute_only(), Currency::Eur);
    let cloud = find(&all, "cloud-1xh100");
    let monthly = find(&all, "monthly-1xh100");
    assert!(cloud.monthly.amount() > monthly.monthly.amount());
    let order: Vec<&str> = all.iter().map(|o| o.offer_id.as_str()).collect();
    assert_eq!(order, ["cloud-1xh100", "monthly-1xh100", "contract-1xh100"]);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "cloud-1xh100");
    let j = rec.job().unwrap();
    assert_close(j.cost, 30.14, 0.01);
    assert_close(j.hours, 11.556, 0.001);
    // The verdict leads with the job's duration and cost, and gives no monthly figure.
    assert_eq!(
        rec.reasons()[0],
        "About 11.6 hours, €30.14 on cloud cloud-1xh100: 3 epochs of 100 million tokens (about 3.9 hours each); the cheapest of 3 options that can run the job. That is the price of a one-off job; the table's monthly figures are for keeping the machines rented all month."
    );
    assert_eq!(
        rec.reasons()[1],
        "Billed by the hour: (11.6 hours of training + 0.5 to start: boot the machine, pull the image, load the weights) x €2.50 an hour; nothing to pay once the job ends."
    );
    assert!(
        rec.reasons().iter().all(|r| !r.contains("a month,")),
        "{:?}",
        rec.reasons()
    );
    let es = plan::recommend(&all, &w, Lang::Es).unwrap();
    assert!(
        es.reasons()[0].starts_with(
            "Unas 11,6 horas, 30,14 € en cloud cloud-1xh100: 3 épocas de 100 millones de tokens"
        ),
        "{}",
        es.reasons()[0]
    );
    // The runner-ups carry their job's cost, and differ by it: 1,500 / 30.14 - 1 = +4,877%.
    assert_close(rec.runner_ups()[0].job_cost.unwrap(), 1_500.0, 1e-6);
    assert!(
        rec.runner_ups()[0].difference.starts_with("+4,877% cost"),
        "{}",
        rec.runner_ups()[0].difference
    );
}

#[test]
fn a_contract_says_why_a_short_job_pays_the_whole_term() {
    // Only the contract: 12 x 1,200 EUR for an 11.6-hour job, in both languages.
    let w = job(3.0);
    let market: Vec<_> = job_market().into_iter().skip(1).take(1).collect();
    let all = evaluate(&market, &w, &compute_only(), Currency::Eur);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert!(
        rec.reasons()[0].starts_with("About 11.6 hours, €14,400 on contract contract-1xh100"),
        "{}",
        rec.reasons()[0]
    );
    assert!(rec.reasons()[0].contains("the only option that can run the job"));
    assert_eq!(
        rec.reasons()[1],
        "Rented by the month: its minimum term is 12 months, so a job of 11.6 hours pays the whole term: 12 x €1,200 a month."
    );
    let es = plan::recommend(&all, &w, Lang::Es).unwrap();
    assert_eq!(
        es.reasons()[1],
        "Se alquila por meses: su permanencia mínima es de 12 meses, así que un trabajo de 11,6 horas paga todo el plazo: 12 x 1.200 € al mes."
    );
}

#[test]
fn interruptible_capacity_adds_its_allowance_to_the_job() {
    // A spot H100 at 1.0 EUR/h: (11.556 + 0.5) h x 1.0 x 1.15 = 13.86 EUR, cheaper than the 30.14 EUR
    // cloud; fine-tuning allows interruptions (the job checkpoints), and the reasons say so.
    let mut market = job_market();
    let mut spot = h100_cloud("spot-1xh100", OfferKind::CloudSpot, 1, 1.0);
    spot.virtualization = Virtualization::BareMetal;
    market.push((spot, one_h100()));
    let w = job(3.0);
    let all = evaluate(&market, &w, &compute_only(), Currency::Eur);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "spot-1xh100");
    assert_close(
        rec.job().unwrap().cost,
        (3.0 * EPOCH_HOURS + 0.5) * 1.15,
        1e-6,
    );
    assert_eq!(
        rec.reasons()[1],
        "Billed by the hour: (11.6 hours of training + 0.5 to start: boot the machine, pull the image, load the weights) x €1.00 an hour, plus 15% extra for work lost to interruptions; nothing to pay once the job ends."
    );
}

#[test]
fn a_job_that_would_not_end_within_the_horizon_cannot_be_rented_for_it() {
    // 1e11 tokens: 1,000 x 3.852 = 3,852 hours, beyond 3 months (3 x 730 = 2,190 hours).
    let mut w = job(1.0);
    w.train_tokens = 1e11;
    w.months = 3.0;
    let all = evaluate(&job_market(), &w, &compute_only(), Currency::Eur);
    let cloud = find(&all, "cloud-1xh100");
    assert!(!cloud.is_usable());
    assert!(matches!(
        cloud.shortfalls.as_slice(),
        [Shortfall::JobBeyondHorizon { months, .. }] if *months == 3.0
    ));
    assert_eq!(
        cloud.shortfalls[0].sentence(Lang::En),
        "the job takes about 3,852 hours and would not end within the 3-month horizon: it cannot be rented for that long"
    );
    assert!(plan::recommend(&all, &w, Lang::En).is_none());
    // The report leaves its job cost out: it cannot run the job.
    assert_eq!(cloud.to_report(Lang::En).job_cost, None);
}

#[test]
fn a_fine_tuning_verdict_on_the_catalogue_leads_with_the_job() {
    let catalog = Catalog::builtin();
    let r = evaluate_query("model=llama-3.1-8b&task=full&epochs=2&spot=0", &catalog);
    let rec = r.recommendation.as_ref().unwrap();
    let job = rec.job().unwrap();
    let chosen = r
        .options
        .iter()
        .find(|o| o.offer_id == rec.offer_id)
        .unwrap();
    assert_eq!(chosen.job_cost, Some(job.cost));
    // Two epochs: twice one epoch's hours.
    assert_close(job.hours, 2.0 * chosen.epoch_hours.unwrap(), 1e-9);
    assert!(
        rec.reasons()[0].starts_with("About "),
        "{}",
        rec.reasons()[0]
    );
    assert!(
        rec.reasons()[0].contains(&format!(" on {} ", rec.provider)),
        "{}",
        rec.reasons()[0]
    );
    // No usable option's job costs less than the verdict's by more than the near-tie margin.
    for o in r.options.iter().filter(|o| o.usable) {
        assert!(
            o.job_cost.unwrap() >= job.cost / 1.1 - 1e-9,
            "{}",
            o.offer_id
        );
    }
    let json = serde_json::to_value(&r).unwrap();
    assert!(json["recommendation"]["job"]["hours"].is_number());
    assert!(json["recommendation"]["job"]["cost"].is_number());
    // Serving has no job.
    let serving = evaluate_query("", &catalog);
    let json = serde_json::to_value(&serving).unwrap();
    assert!(json["recommendation"].get("job").is_none());
    assert!(json["options"][0]["job_cost"].is_null());
}

#[test]
fn epochs_is_a_scenario_field_from_1_to_1000() {
    let (s, w) = Scenario::from_query("epochs=3");
    assert_eq!((s.epochs, w.len()), (3, 0));
    assert_eq!(s.to_query(), "v=6&epochs=3");
    let (s, w) = Scenario::from_query("epochs=0");
    assert_eq!((s.epochs, w.len()), (1, 1));
    let (s, _) = Scenario::from_query("epochs=5000");
    assert_eq!(s.epochs, 1000);
    assert_eq!(Scenario::default().epochs, 1);
}

// Near-ties.

/// Dedicated CPU servers at 100 USD a month serving 1 request/s each, and one GPU cloud box at
/// `gpu_eur_per_hour`; 103,680 requests a day = 1.2/s, 2.4/s at the peak (x2): 3 CPU servers.
fn cpu_or_gpu(gpu_eur_per_hour: f64) -> (Vec<OptionCost>, Demand) {
    let mut gpu = h100_cloud("gpubox-1xh100", OfferKind::GpuCloud, 1, gpu_eur_per_hour);
    gpu.virtualization = Virtualization::BareMetal;
    let market = vec![
        (
            cpu_server("cpu-dedicated", OfferKind::DedicatedCpu, 100.0),
            cpu_sizing(1.0, 200.0),
        ),
        (gpu, llm_sizing(1, 2000.0, 15.0)),
    ];
    let w = demand(103_680.0, 24.0);
    (evaluate(&market, &w, &compute_only(), Currency::Eur), w)
}

#[test]
fn a_near_tie_goes_to_fewer_machines() {
    // CPU: 3 servers x 100 USD / 1.16 = 258.62 EUR a month. GPU box: 0.385 x 730 = 281.05 EUR,
    // 8.7% more: within 10%, one machine beats three.
    let (all, w) = cpu_or_gpu(0.385);
    let cpu = find(&all, "cpu-dedicated");
    assert_eq!(cpu.servers, 3);
    assert_close(cpu.monthly.amount(), 300.0 / 1.16, 1e-6);
    assert_close(find(&all, "gpubox-1xh100").monthly.amount(), 281.05, 1e-6);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "gpubox-1xh100");
    assert_eq!(
        rec.reasons()[0],
        "A near-tie: this option costs €281.05 a month (€10,118 over 36 months), 8.7% more than the cheapest that meets the requirements (cpu cpu-dedicated, €258.62 a month); within 10% the plan prefers fewer machines (1 machine instead of 3)."
    );
    let es = plan::recommend(&all, &w, Lang::Es).unwrap();
    assert!(
        es.reasons()[0].ends_with("con menos de un 10 % de diferencia se prefiere: menos máquinas (1 máquina en lugar de 3)."),
        "{}",
        es.reasons()[0]
    );
    // The cheapest is the first runner-up.
    assert_eq!(rec.runner_ups()[0].offer_id, "cpu-dedicated");
    // At 0.40 EUR/h (292 EUR, 12.9% more) it is no longer a near-tie: the cheapest wins.
    let (all, w) = cpu_or_gpu(0.40);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "cpu-dedicated");
    assert!(rec.reasons()[0].starts_with("cpu cpu-dedicated is the cheapest of 2 options"));
}

/// Two one-machine clouds: `a` at 1,000 EUR a month (1.3699 EUR/h), `b` at 1,050 (5% more),
/// with the sequences each holds and each user's speed.
fn two_boxes(b_sequences: f64, b_speed: f64) -> (Vec<OptionCost>, Demand) {
    let mut a = h100_cloud("a-box", OfferKind::GpuCloud, 1, 1_000.0 / 730.0);
    let mut b = h100_cloud("b-box", OfferKind::GpuCloud, 1, 1_050.0 / 730.0);
    a.virtualization = Virtualization::BareMetal;
    b.virtualization = Virtualization::BareMetal;
    let mut sb = llm_sizing(1, 2000.0, 100.0);
    sb.max_concurrent_sequences_per_replica = b_sequences;
    sb.decode_tokens_per_s_per_user = b_speed;
    let market = vec![(a, llm_sizing(1, 2000.0, 100.0)), (b, sb)];
    let w = demand(0.0, 24.0);
    (evaluate(&market, &w, &compute_only(), Currency::Eur), w)
}

#[test]
fn a_near_tie_between_equal_machine_counts_goes_to_headroom_then_speed() {
    // b holds 128 requests against a's 64 (more than 10% more): b, 5% dearer, wins on headroom.
    let (all, w) = two_boxes(128.0, 40.0);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "b-box");
    assert!(
        rec.reasons()[0].ends_with("within 10% the plan prefers more headroom (128 concurrent requests in memory against 64)."),
        "{}",
        rec.reasons()[0]
    );
    // Headroom too close to decide (76 is within 25% of 64), b faster (60 tokens/s against 40,
    // 50% more): speed decides.
    let (all, w) = two_boxes(76.0, 60.0);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "b-box");
    assert!(
        rec.reasons()[0]
            .ends_with("within 10% the plan prefers speed (60 tokens/s per user against 40)."),
        "{}",
        rec.reasons()[0]
    );
    let es = plan::recommend(&all, &w, Lang::Es).unwrap();
    assert!(
        es.reasons()[0].ends_with("velocidad (60 tokens/s por usuario frente a 40)."),
        "{}",
        es.reasons()[0]
    );
    // Nothing tells them apart: the cheapest.
    let (all, w) = two_boxes(64.0, 42.0);
    assert_eq!(
        plan::recommend(&all, &w, Lang::En).unwrap().offer_id,
        "a-box"
    );
}

/// An 8-GPU box at 1,000 EUR a month holding 512 requests, and a 2-GPU box at 1,050 (5% more)
/// holding 64: the same load, both meeting it; `busy`: the 2-GPU box's copy at its peak.
fn small_or_large(busy: Option<f64>) -> (Vec<OptionCost>, Demand) {
    let mut large = h100_cloud("large-8x", OfferKind::GpuCloud, 8, 1_000.0 / 730.0 / 8.0);
    let mut small = h100_cloud("small-2x", OfferKind::GpuCloud, 2, 1_050.0 / 730.0 / 2.0);
    large.virtualization = Virtualization::BareMetal;
    small.virtualization = Virtualization::BareMetal;
    let mut sl = llm_sizing(8, 8000.0, 100.0);
    sl.max_concurrent_sequences_per_replica = 512.0;
    let market = vec![(large, sl), (small, llm_sizing(2, 2000.0, 100.0))];
    let w = demand(0.0, 24.0);
    let mut all = evaluate(&market, &w, &compute_only(), Currency::Eur);
    if let Some(u) = busy {
        for o in all.iter_mut() {
            let utilisation = if o.offer_id == "small-2x" { u } else { u / 4.0 };
            o.load_need = Some(inference_sizer::cost::LoadNeed {
                replicas: 1,
                peak_rps: 1.0,
                bound: inference_sizer::cost::LoadBound::Throughput { replica_rps: 1.0 },
                at_load: Some(inference_sizer::cost::load::AtLoad {
                    utilisation,
                    ..Default::default()
                }),
                spare: 0,
            });
        }
    }
    (all, w)
}

#[test]
fn a_near_tie_between_one_machine_each_goes_to_fewer_gpus_while_they_carry_the_peak() {
    // Both one machine; the 2-GPU box 5% dearer. Eight times the headroom (512 requests against
    // 64) does not buy the larger box: a buyer takes the smaller one at the same price.
    let (all, w) = small_or_large(None);
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "small-2x");
    assert!(
        rec.reasons()[0].ends_with(
            "within 10% the plan prefers fewer GPUs (2 instead of 8), the peak still covered."
        ),
        "{}",
        rec.reasons()[0]
    );
    let es = plan::recommend(&all, &w, Lang::Es).unwrap();
    assert!(
        es.reasons()[0]
            .ends_with("se prefiere: menos GPU (2 en lugar de 8), con el pico cubierto."),
        "{}",
        es.reasons()[0]
    );
    // Its copy at 70% of what it completes at the peak: still calm (the bar is 80%).
    let (all, w) = small_or_large(Some(0.70));
    assert_eq!(
        plan::recommend(&all, &w, Lang::En).unwrap().offer_id,
        "small-2x"
    );
    // At 90% the larger box's spare capacity is worth its GPUs: headroom decides.
    let (all, w) = small_or_large(Some(0.90));
    let rec = plan::recommend(&all, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "large-8x");
    assert!(
        !rec.reasons()[0].contains("fewer GPUs"),
        "{}",
        rec.reasons()[0]
    );
}

// Per-token figures at a stated load.

#[test]
fn with_no_request_rate_the_per_token_figures_are_at_full_load_and_the_verdict_says_what_a_team_would_pay(
) {
    let catalog = Catalog::builtin();
    let r = evaluate_query("", &catalog);
    assert_eq!(r.per_token_basis, PerTokenBasis::FullLoad);
    let rec = r.recommendation.as_ref().unwrap();
    let chosen = r
        .options
        .iter()
        .find(|o| o.offer_id == rec.offer_id)
        .unwrap();
    let said = &rec.reasons()[1];
    assert!(
        said.starts_with("No request rate given: the per-token figures are at full load"),
        "{said}"
    );
    assert!(
        said.contains("At a realistic load, 5,000 requests a day (team chat)"),
        "{said}"
    );
    // The full-load figure is the option's own.
    let full = inference_sizer::format::money(
        chosen.cost_per_million_tokens.unwrap(),
        Currency::Eur,
        Lang::En,
    );
    assert!(
        said.contains(&format!("{full} per million output tokens")),
        "{said}"
    );
    // At 5,000 requests a day the same deployment is the same bill over far fewer tokens:
    // the scenario at rpd=5000 gives the figure the sentence quotes.
    let team = evaluate_query(
        &format!("rpd=5000&gpus={}", chosen.gpu_id.clone().unwrap()),
        &catalog,
    );
    let same = team
        .options
        .iter()
        .find(|o| o.offer_id == chosen.offer_id)
        .unwrap();
    let at_team = inference_sizer::format::money(
        same.cost_per_million_tokens.unwrap(),
        Currency::Eur,
        Lang::En,
    );
    assert!(
        said.contains(&format!("costs {at_team} per million")),
        "{said} / {at_team}"
    );
    assert!(same.cost_per_million_tokens.unwrap() > 10.0 * chosen.cost_per_million_tokens.unwrap());
    // With a request rate, the figures are at that rate and the sentence goes.
    let r = evaluate_query("rpd=5000", &catalog);
    assert_eq!(r.per_token_basis, PerTokenBasis::RequestsPerDay);
    assert!(r
        .recommendation
        .unwrap()
        .reasons()
        .iter()
        .all(|s| !s.contains("full load")));
    // The CSV says it on every row.
    let r = evaluate_query("", &catalog);
    let csv = inference_sizer::report::csv::comparison_at(&r.options, r.per_token_basis);
    let at = inference_sizer::report::csv::COLUMNS
        .iter()
        .position(|c| *c == "per_token_basis")
        .unwrap();
    for line in csv.lines().skip(1) {
        assert_eq!(line.split("\",\"").nth(at), Some("full_load"), "{line}");
    }
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["per_token_basis"], "full_load");
}

#[test]
fn typical_loads_are_set_through_the_link() {
    let mut s = Scenario::default();
    TEAM_CHAT.apply(&mut s);
    assert_eq!(s.to_query(), "v=6&rpd=5000");
    assert!(TEAM_CHAT.is_applied(&s));
    let mut s = Scenario::default();
    LOAD_PRESETS[2].apply(&mut s);
    assert_eq!(
        s.to_query(),
        "v=6&rpd=200000&in=2000&out=500&tps=5&ttft=60000&hours=8"
    );
    assert_eq!(LOAD_PRESETS[2].name(Lang::Es), "Proceso por lotes");
    assert_eq!(
        LOAD_PRESETS[2].summary(Lang::En),
        "200,000 requests in 8 hours a day, 2,000 tokens in, 500 out"
    );
    assert!(!TEAM_CHAT.is_applied(&s));
}

// Rejected options.

#[test]
fn a_copy_that_needs_more_than_8_machines_is_not_priced_on_them() {
    // Llama 3.3 70B in BF16 on OVHcloud's 4x L4 machines (96 GB each, over a stated network)
    // needed 12 of them for one copy; it is rejected and priced for one machine.
    let r = evaluate_query("", &Catalog::builtin());
    for id in ["ovhcloud-l4-90-hourly-billing", "ovhcloud-a10-45"] {
        let o = r.options.iter().find(|o| o.offer_id == id).unwrap();
        assert_eq!(o.servers, 1, "{id}");
        assert!(!o.fits);
        assert_eq!(
            o.why_not.as_deref(),
            Some("one copy of the model needs more than 8 machines of this offer")
        );
    }
    assert!(r.options.iter().all(|o| o.usable || o.servers <= 8));
}

#[test]
fn rejected_options_have_no_break_even() {
    let catalog = Catalog::builtin();
    for q in [
        "",
        "model=llama-3.3-70b&quant=fp8&eu=1&tenancy=single",
        "model=llama-3.1-8b&quant=q4_k_m&engine=llamacpp&seqs=1&tps=5&kinds=vps,dedicated_cpu",
        "model=llama-3.1-8b&quant=q4_k_m&gpus=cpu",
    ] {
        let r = evaluate_query(q, &catalog);
        for o in r.options.iter().filter(|o| !o.usable) {
            assert_eq!(o.break_even_weeks, None, "{q}: {}", o.offer_id);
        }
    }
}
