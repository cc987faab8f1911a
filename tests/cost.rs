//! The cost model: worked examples from docs/background.md, break-even, hidden lines,
//! hypervisor tax, latency spread, fine-tuning, and invariants.

#[path = "support/cost.rs"]
mod fixtures;

use fixtures::*;
use inference_sizer::catalog::{Egress, OfferKind, PricePer, Virtualization};
use inference_sizer::cost::{CostDefaults, LineKey, Shortfall};
use inference_sizer::model::Task;
use inference_sizer::scenario::Lang;
use inference_sizer::units::{Currency, DAYS_PER_MONTH, WEEKS_PER_MONTH};
use proptest::prelude::*;

fn steady_service() -> inference_sizer::cost::Demand {
    demand(0.0, 24.0)
}

#[test]
fn four_h100_at_hyperscaler_prices_cost_32_to_35_thousand_eur_a_month() {
    // 4 GPUs x 11 EUR = 44 EUR/h x 730 h = 32,120 EUR; at 12 EUR: 48 x 730 = 35,040 EUR
    // (docs/background.md: "32,000-35,000 EUR a month").
    let sizing = llm_sizing(4, 2000.0, 300.0);
    for (eur_per_gpu_hour, expected) in [(11.0, 32_120.0), (12.0, 35_040.0)] {
        let o = h100_cloud("aws-p5", OfferKind::CloudOnDemand, 4, eur_per_gpu_hour);
        let c = cost_of(
            &o,
            &sizing,
            &steady_service(),
            &CostDefaults::default(),
            Currency::Eur,
        );
        assert_close(c.compute.amount(), expected, 1e-6);
        assert_eq!(c.billed_hours_per_month, 730.0);
        // The compute bill is split into the busy and the idle share, which add up to it.
        assert_close(
            c.line(LineKey::Compute) + c.line(LineKey::Idle),
            expected,
            1e-6,
        );
        assert_close(
            c.price_per_gpu_hour.unwrap().amount(),
            eur_per_gpu_hour,
            1e-9,
        );
    }
}

#[test]
fn four_h100_at_gpu_cloud_prices_cost_5_8_to_8_7_thousand_eur_a_month() {
    // 4 x 2 EUR = 8 EUR/h x 730 = 5,840 EUR; 4 x 3 = 12 EUR/h x 730 = 8,760 EUR
    // (docs/background.md: "about 5,800-8,700 EUR a month").
    let sizing = llm_sizing(4, 2000.0, 300.0);
    for (eur_per_gpu_hour, expected) in [(2.0, 5_840.0), (3.0, 8_760.0)] {
        let o = h100_cloud("lambda-4xh100", OfferKind::GpuCloud, 4, eur_per_gpu_hour);
        let c = cost_of(
            &o,
            &sizing,
            &steady_service(),
            &CostDefaults::default(),
            Currency::Eur,
        );
        assert_close(c.compute.amount(), expected, 1e-6);
    }
}

#[test]
fn a_40_usd_vps_serving_a_million_requests_a_month_costs_4_cents_per_thousand() {
    // 1,000,000 requests a month = 32,877 a day over 30.42 days; 40 USD / 1,000 thousands
    // = 0.04 USD per 1,000 requests (docs/background.md). Traffic, disk and monitoring are included.
    let vps = cpu_server("vps-small", OfferKind::Vps, 40.0);
    let w = demand(1_000_000.0 / DAYS_PER_MONTH, 24.0);
    let c = cost_of(
        &vps,
        &cpu_sizing(50.0, 20.0),
        &w,
        &CostDefaults::default(),
        Currency::Usd,
    );
    assert_eq!(c.servers, 1);
    assert_close(c.monthly.amount(), 40.0, 1e-9);
    assert_close(c.cost_per_thousand_requests.amount, 0.04, 1e-9);
}

#[test]
fn an_80_usd_dedicated_server_serving_5_million_requests_costs_1_6_cents_per_thousand() {
    // 80 USD / 5,000 thousands = 0.016 USD per 1,000 requests: 2.5x cheaper than the VPS.
    let dedicated = cpu_server("dedi-entry", OfferKind::DedicatedCpu, 80.0);
    let w = demand(5_000_000.0 / DAYS_PER_MONTH, 24.0);
    let c = cost_of(
        &dedicated,
        &cpu_sizing(200.0, 20.0),
        &w,
        &CostDefaults::default(),
        Currency::Usd,
    );
    assert_eq!(c.servers, 1);
    assert_close(c.cost_per_thousand_requests.amount, 0.016, 1e-9);
}

#[test]
fn prices_are_converted_to_the_display_currency() {
    // 80 USD at 1.16 USD per EUR = 68.97 EUR.
    let dedicated = cpu_server("dedi-entry", OfferKind::DedicatedCpu, 80.0);
    let c = cost_of(
        &dedicated,
        &cpu_sizing(200.0, 20.0),
        &steady_service(),
        &CostDefaults::default(),
        Currency::Eur,
    );
    assert_close(c.monthly.amount(), 80.0 / 1.16, 1e-9);
    assert_eq!(c.currency, Currency::Eur);
}

#[test]
fn break_even_weeks_and_utilisation_on_a_hand_made_pair() {
    // Bare metal: 2,000 EUR a month + 1,000 EUR setup over 10 months = 2,100 EUR a month.
    // Cloud (VM, 10% tax): 10 EUR/h x 730 h = 7,300 EUR a month.
    // Weeks: 1,000 / (7,300 - 2,000) x 4.345 weeks a month = 0.82 weeks.
    // Utilisation: one replica serves 2,000 / 250 = 8 requests/s on bare metal, 7.2 on the VM.
    //   Cloud costs 10 / 7.2 EUR per (request/s)-hour; the bare-metal capacity around the clock
    //   would cost 10 / 7.2 x 8 x 730 = 8,111 EUR on cloud; 2,100 / 8,111 = 0.259 (= 2,100 x 0.9 / 7,300).
    let mut w = steady_service();
    w.months = 10.0;
    let bm = with_setup_fee(h100_bare_metal("hetzner-gex", 4, 2_000.0), 1_000.0);
    let cloud = h100_cloud("cloud-4xh100", OfferKind::GpuCloud, 4, 2.5);
    let sizing = llm_sizing(4, 2000.0, 300.0);
    let all = evaluate(
        &[(bm, sizing.clone()), (cloud, sizing)],
        &w,
        &compute_only(),
        Currency::Eur,
    );
    let bm = all.iter().find(|o| o.offer_id == "hetzner-gex").unwrap();
    assert_close(bm.monthly.amount(), 2_100.0, 1e-9);
    assert_close(bm.line(LineKey::Setup), 100.0, 1e-9);
    let expected_weeks = 1_000.0 / (7_300.0 - 2_000.0) * WEEKS_PER_MONTH;
    assert_close(bm.break_even_weeks().unwrap(), expected_weeks, 1e-9);
    assert_close(expected_weeks, 0.82, 0.005);
    assert_close(
        bm.break_even_utilisation().unwrap(),
        2_100.0 * 0.9 / 7_300.0,
        1e-9,
    );
    assert_eq!(
        bm.break_even.as_ref().unwrap().against_offer_id,
        "cloud-4xh100"
    );
    // Cloud options get no break-even of their own.
    let cloud = all.iter().find(|o| o.offer_id == "cloud-4xh100").unwrap();
    assert!(cloud.break_even.is_none());
}

#[test]
fn break_even_utilisation_compares_with_the_cheapest_hourly_capacity_not_a_reservation() {
    // Bare metal 2,000 EUR a month. Reserved cloud 1.8 EUR/GPU-h x 4 = 7.2 EUR/h, committed:
    // 5,256 EUR a month, the cheapest cloud by the month (so the weeks compare with it).
    // On-demand cloud 10 EUR/h, 7.2 requests/s: 10 / 7.2 EUR per (request/s)-hour, the rate the
    // utilisation uses (a reservation cannot be paid for the used share only):
    // 2,000 / (10 / 7.2 x 8 x 730) = 2,000 x 0.9 / 7,300 = 0.2466.
    let bm = h100_bare_metal("hetzner-gex", 4, 2_000.0);
    let reserved = h100_cloud("cloud-reserved", OfferKind::CloudReserved, 4, 1.8);
    let hourly = h100_cloud("cloud-hourly", OfferKind::GpuCloud, 4, 2.5);
    let sizing = llm_sizing(4, 2000.0, 300.0);
    let all = evaluate(
        &[
            (bm, sizing.clone()),
            (reserved, sizing.clone()),
            (hourly, sizing),
        ],
        &steady_service(),
        &compute_only(),
        Currency::Eur,
    );
    let benchmark = inference_sizer::cost::hourly_benchmark(&all).expect("an hourly cloud");
    assert_eq!(benchmark.offer_id, "cloud-hourly");
    assert_close(benchmark.rate, 10.0 / 7.2, 1e-9);
    let be = all
        .iter()
        .find(|o| o.offer_id == "hetzner-gex")
        .and_then(|o| o.break_even.clone())
        .unwrap();
    assert_eq!(be.against_offer_id, "cloud-reserved");
    assert_close(be.against_monthly.amount(), 7.2 * 730.0, 1e-9);
    assert_eq!(
        be.utilisation_against_offer_id.as_deref(),
        Some("cloud-hourly")
    );
    assert_close(be.utilisation.unwrap(), 2_000.0 * 0.9 / 7_300.0, 1e-9);
}

#[test]
fn a_fixed_fee_that_never_saves_has_no_break_even_weeks() {
    // Bare metal at 9,000 EUR a month against cloud at 7,300: no savings, no break-even week.
    let bm = with_setup_fee(h100_bare_metal("pricey-bm", 4, 9_000.0), 500.0);
    let cloud = h100_cloud("cloud-4xh100", OfferKind::GpuCloud, 4, 2.5);
    let sizing = llm_sizing(4, 2000.0, 300.0);
    let all = evaluate(
        &[(bm, sizing.clone()), (cloud, sizing)],
        &steady_service(),
        &compute_only(),
        Currency::Eur,
    );
    let bm = all.iter().find(|o| o.offer_id == "pricey-bm").unwrap();
    assert_eq!(bm.break_even_weeks(), None);
    // Break-even utilisation above 1: cloud would be cheaper even around the clock.
    assert!(bm.break_even_utilisation().unwrap() > 1.0);
}

#[test]
fn hourly_offers_bill_only_the_active_hours_plus_warm_up_when_the_load_stops() {
    // 4 h a day + 0.5 h warm-up = 4.5 h x 30.42 days = 136.9 h; at 10 EUR/h = 1,368.75 EUR.
    let cloud = h100_cloud("cloud-4xh100", OfferKind::GpuCloud, 4, 2.5);
    let c = cost_of(
        &cloud,
        &llm_sizing(4, 2000.0, 300.0),
        &demand(0.0, 4.0),
        &compute_only(),
        Currency::Eur,
    );
    assert_close(c.billed_hours_per_month, 4.5 * DAYS_PER_MONTH, 1e-9);
    assert_close(c.compute.amount(), 10.0 * 4.5 * DAYS_PER_MONTH, 1e-9);
    // Busy 4 of the 4.5 billed hours: utilisation 0.889, idle line 1/9 of the bill.
    assert_close(c.utilisation, 4.0 / 4.5, 1e-9);
    assert_close(c.line(LineKey::Idle), c.compute.amount() / 9.0, 1e-9);
}

#[test]
fn monthly_fees_and_reserved_terms_pay_the_whole_month_whatever_the_hours() {
    // Bare metal 6,000 EUR a month is 6,000 at 4 h a day too; reserved 1.8 EUR/GPU-h is
    // committed: 7.2 EUR/h x 730 = 5,256 EUR.
    let w = demand(0.0, 4.0);
    let s = llm_sizing(4, 2000.0, 300.0);
    let bm = cost_of(
        &h100_bare_metal("bm", 4, 6_000.0),
        &s,
        &w,
        &compute_only(),
        Currency::Eur,
    );
    assert_close(bm.compute.amount(), 6_000.0, 1e-9);
    // A quarter... 4 of 24 hours busy: utilisation 1/6.
    assert_close(bm.utilisation, 4.0 / 24.0, 1e-9);
    let reserved = cost_of(
        &h100_cloud("res", OfferKind::CloudReserved, 4, 1.8),
        &s,
        &w,
        &compute_only(),
        Currency::Eur,
    );
    assert_close(reserved.compute.amount(), 7.2 * 730.0, 1e-9);
}

#[test]
fn an_hourly_price_under_a_long_minimum_term_is_paid_around_the_clock() {
    // A 36-month bare-metal reservation quoted at 20 EUR/h: 20 x 730 = 14,600 EUR a month even at
    // 4 h a day; a 2-week minimum (0.46 months) still scales: 20 x 4.5 x 30.42 = 2,737.5 EUR.
    let mut reserved = h100_bare_metal("vultr-b200-36m", 8, 20.0);
    reserved.price.per = PricePer::Hour;
    reserved.min_term_months = 36.0;
    let s = llm_sizing(8, 4000.0, 100.0);
    let c = cost_of(
        &reserved,
        &s,
        &demand(0.0, 4.0),
        &compute_only(),
        Currency::Eur,
    );
    assert!(c.committed);
    assert_close(c.compute.amount(), 14_600.0, 1e-9);
    reserved.min_term_months = 0.46;
    let c = cost_of(
        &reserved,
        &s,
        &demand(0.0, 4.0),
        &compute_only(),
        Currency::Eur,
    );
    assert!(!c.committed);
    assert_close(c.compute.amount(), 20.0 * 4.5 * DAYS_PER_MONTH, 1e-9);
}

#[test]
fn spot_carries_a_named_interruption_allowance() {
    // 10 EUR/h x 730 = 7,300; allowance 15% = 1,095 EUR, its own assumed line.
    let spot = h100_cloud("spot", OfferKind::CloudSpot, 4, 2.5);
    let c = cost_of(
        &spot,
        &llm_sizing(4, 2000.0, 300.0),
        &steady_service(),
        &compute_only(),
        Currency::Eur,
    );
    assert_close(c.line(LineKey::SpotAllowance), 1_095.0, 1e-9);
    assert!(c
        .lines
        .iter()
        .any(|l| l.key == LineKey::SpotAllowance && l.assumed));
    assert_close(c.monthly.amount(), 8_395.0, 1e-9);
}

#[test]
fn a_horizon_shorter_than_the_minimum_term_pays_the_minimum_term() {
    // 1,000 EUR a month, 12-month minimum, 3-month horizon: 12,000 EUR in all, i.e. 4,000 a month
    // over the horizon (1,000 fee + 9 x 1,000 / 3 = 3,000 minimum-term line).
    let mut bm = h100_bare_metal("bm", 1, 1_000.0);
    bm.min_term_months = 12.0;
    let mut w = steady_service();
    w.months = 3.0;
    let c = cost_of(
        &bm,
        &llm_sizing(1, 500.0, 300.0),
        &w,
        &compute_only(),
        Currency::Eur,
    );
    assert_close(c.line(LineKey::MinTerm), 3_000.0, 1e-9);
    assert_close(c.total.amount, 12_000.0, 1e-9);
}

#[test]
fn egress_is_derived_from_requests_and_output_size_beyond_the_free_allowance() {
    // 10,000,000 requests a day x 30.42 days x 250 tokens x 4 bytes x 1.5 = 456.25 GB a month;
    // 100 GB free; 356.25 GB x 0.09 USD = 32.06 USD = 27.64 EUR at 1.16.
    let cloud = h100_cloud("cloud", OfferKind::CloudOnDemand, 8, 6.0);
    let mut w = steady_service();
    w.requests_per_day = 10_000_000.0;
    let d = CostDefaults {
        storage_gb: Some(0.0),
        monitoring: Some(0.0),
        ..CostDefaults::default()
    };
    // One replica serves it all: 10,000 sequences in memory, 1e6 tokens/s.
    let big = inference_sizer::cost::OfferSizing {
        max_concurrent_sequences_per_replica: 10_000.0,
        ..llm_sizing(8, 1e6, 100.0)
    };
    let c = cost_of(&cloud, &big, &w, &d, Currency::Eur);
    assert_eq!(c.servers, 1);
    let gb = 10_000_000.0 * DAYS_PER_MONTH * 250.0 * 4.0 * 1.5 / 1e9;
    assert_close(gb, 456.25, 1e-6);
    assert_close(c.line(LineKey::Egress), (gb - 100.0) * 0.09 / 1.16, 1e-9);
    assert!(
        c.lines
            .iter()
            .find(|l| l.key == LineKey::Egress)
            .unwrap()
            .assumed
    );
    // The same traffic on an unmetered server costs nothing.
    let bm = cost_of(
        &h100_bare_metal("bm", 8, 20_000.0),
        &big,
        &w,
        &d,
        Currency::Eur,
    );
    assert_eq!(bm.line(LineKey::Egress), 0.0);
}

#[test]
fn egress_given_by_the_user_is_not_assumed_and_uses_the_offers_price() {
    // 5,000 GB given; 1 TB included; 4,000 GB x 0.01 EUR = 40 EUR.
    let mut bm = h100_bare_metal("bm", 1, 1_000.0);
    bm.egress = Some(Egress {
        included_tb: 1.0,
        price_per_gb: 0.01,
        currency: Currency::Eur,
        unmetered: false,
    });
    let d = CostDefaults {
        egress_gb: Some(5_000.0),
        ..CostDefaults::default()
    };
    let c = cost_of(
        &bm,
        &llm_sizing(1, 500.0, 300.0),
        &steady_service(),
        &d,
        Currency::Eur,
    );
    assert_close(c.line(LineKey::Egress), 40.0, 1e-9);
    assert!(
        !c.lines
            .iter()
            .find(|l| l.key == LineKey::Egress)
            .unwrap()
            .assumed
    );
}

#[test]
fn storage_and_monitoring_are_billed_on_cloud_and_included_on_bare_metal() {
    // Cloud: 140 GB x 3 versions = 420 GB x 0.08 USD = 33.6 USD; monitoring 25 USD per instance.
    let s = llm_sizing(4, 2000.0, 300.0);
    let cloud = cost_of(
        &h100_cloud("c", OfferKind::CloudOnDemand, 4, 11.0),
        &s,
        &steady_service(),
        &CostDefaults::default(),
        Currency::Usd,
    );
    assert_close(cloud.line(LineKey::Storage), 33.6, 1e-9);
    assert_close(cloud.line(LineKey::Monitoring), 25.0, 1e-9);
    let bm = cost_of(
        &h100_bare_metal("bm", 4, 6_000.0),
        &s,
        &steady_service(),
        &CostDefaults::default(),
        Currency::Usd,
    );
    assert_eq!(bm.line(LineKey::Storage), 0.0);
    assert_eq!(bm.line(LineKey::Monitoring), 0.0);
    // Every line of the option adds up to the monthly total.
    let sum: f64 = cloud.lines.iter().map(|l| l.monthly.amount()).sum();
    assert_close(cloud.monthly.amount(), sum, 1e-9);
    assert_close(cloud.total.amount, sum * 36.0, 1e-6);
}

#[test]
fn storage_uses_the_providers_volume_price_and_the_servers_local_disks() {
    // Cloud with its own volume price: 420 GB x 0.1865 USD (GCP pd-ssd) = 78.33 USD.
    let s = llm_sizing(4, 2000.0, 300.0);
    let mut gcp = h100_cloud("gcp", OfferKind::CloudOnDemand, 4, 11.0);
    gcp.price.currency = Currency::Usd;
    gcp.storage_per_gb_month = Some(0.1865);
    let c = cost_of(
        &gcp,
        &s,
        &steady_service(),
        &CostDefaults::default(),
        Currency::Usd,
    );
    assert_close(c.line(LineKey::Storage), 420.0 * 0.1865, 1e-9);
    // Bare metal with 200 GB of local disk and volumes at 0.0572 EUR: (420 - 200) x 0.0572 = 12.58 EUR.
    let mut bm = h100_bare_metal("hetzner", 4, 6_000.0);
    bm.local_storage_gb = Some(200.0);
    bm.storage_per_gb_month = Some(0.0572);
    let c = cost_of(
        &bm,
        &s,
        &steady_service(),
        &CostDefaults::default(),
        Currency::Eur,
    );
    assert_close(c.line(LineKey::Storage), 220.0 * 0.0572, 1e-9);
    let line = c.lines.iter().find(|l| l.key == LineKey::Storage).unwrap();
    assert_eq!(
        line.sentence(inference_sizer::scenario::Lang::En),
        "420 GB (3 versions of the weights): 200 GB on the local disks per server, the rest at €0.0572 per GB-month"
    );
    // With 2 TB of local NVMe the weights fit on the server: nothing to pay.
    bm.local_storage_gb = Some(2_000.0);
    let c = cost_of(
        &bm,
        &s,
        &steady_service(),
        &CostDefaults::default(),
        Currency::Eur,
    );
    assert_eq!(c.line(LineKey::Storage), 0.0);
}

#[test]
fn energy_is_reported_everywhere_and_charged_only_where_the_user_pays_the_power() {
    // 4 x 700 W x PUE 1.58 x 24 h x 30.42 days = 3,229.5 kWh; at 0.20 EUR = 645.9 EUR.
    let s = llm_sizing(4, 2000.0, 300.0);
    let d = CostDefaults {
        kwh_price: Some(0.20),
        ..compute_only()
    };
    let bm = cost_of(
        &h100_bare_metal("bm", 4, 6_000.0),
        &s,
        &steady_service(),
        &d,
        Currency::Eur,
    );
    let kwh = 2_800.0 * 1.58 * 24.0 * DAYS_PER_MONTH / 1000.0;
    assert_close(kwh, 3_229.6, 0.1);
    assert_close(bm.energy_kwh_per_month, kwh, 1e-9);
    assert_close(bm.line(LineKey::Energy), kwh * 0.20, 1e-9);
    let cloud = cost_of(
        &h100_cloud("c", OfferKind::GpuCloud, 4, 2.5),
        &s,
        &steady_service(),
        &d,
        Currency::Eur,
    );
    assert_close(cloud.energy_kwh_per_month, kwh, 1e-9);
    assert_eq!(cloud.line(LineKey::Energy), 0.0);
}

#[test]
fn the_hypervisor_tax_makes_a_vm_need_more_replicas_than_the_same_hardware_on_bare_metal() {
    // One replica: 1,000 tokens/s / 100 output tokens = 10 requests/s on bare metal, 9 on a VM (-10%).
    // Load: 410,400 requests a day = 4.75/s, peak x2 = 9.5/s: 1 replica on bare metal, 2 on the VM.
    let mut w = demand(410_400.0, 24.0);
    w.tokens_out = 100.0;
    let s = llm_sizing(1, 1_000.0, 100.0);
    let mut vm = h100_bare_metal("same-box-vm", 1, 1_000.0);
    vm.virtualization = Virtualization::Vm;
    let bm = cost_of(
        &h100_bare_metal("same-box", 1, 1_000.0),
        &s,
        &w,
        &compute_only(),
        Currency::Eur,
    );
    let vm = cost_of(&vm, &s, &w, &compute_only(), Currency::Eur);
    assert_eq!(bm.replicas, 1);
    assert_eq!(vm.replicas, 2);
    assert_close(vm.hypervisor_tax, 0.10, 1e-12);
    assert_close(vm.compute.amount(), 2.0 * bm.compute.amount(), 1e-9);
    // vm_tax edits the VM penalty: at 4% the VM serves 9.6/s and one replica is enough again.
    let d = CostDefaults::with_assumptions(&inference_sizer::scenario::Assumptions {
        vm_tax: Some(0.04),
        ..Default::default()
    });
    let mut vm_box = h100_bare_metal("same-box-vm", 1, 1_000.0);
    vm_box.virtualization = Virtualization::Vm;
    assert_eq!(cost_of(&vm_box, &s, &w, &d, Currency::Eur).replicas, 1);
}

#[test]
fn replicas_follow_the_peak_and_the_concurrency_held_in_memory() {
    // 8,640,000 requests a day = 100/s, peak 200/s. A replica: 2,000 tokens/s / 250 = 8 requests/s
    // on bare metal, so 25 replicas by throughput. Memory: each request lasts 0.3 s + 250/40 s
    // = 6.55 s, 200/s x 6.55 = 1,310 sequences / 64 = 20.5 -> 21 replicas: throughput decides.
    let s = llm_sizing(4, 2000.0, 300.0);
    let c = cost_of(
        &h100_bare_metal("bm", 4, 6_000.0),
        &s,
        &demand(8_640_000.0, 24.0),
        &compute_only(),
        Currency::Eur,
    );
    assert_eq!(c.replicas, 25);
    assert_eq!(c.servers, 25);
    assert_eq!(c.gpu_count, 100);
    // Fewer concurrent sequences per replica (16): 1,310 / 16 = 81.9 -> 82 replicas.
    let tight = inference_sizer::cost::OfferSizing {
        max_concurrent_sequences_per_replica: 16.0,
        ..s
    };
    let c = cost_of(
        &h100_bare_metal("bm", 4, 6_000.0),
        &tight,
        &demand(8_640_000.0, 24.0),
        &compute_only(),
        Currency::Eur,
    );
    assert_eq!(c.replicas, 82);
}

#[test]
fn p95_latency_turns_the_mean_into_a_tail_by_hosting_type() {
    // Mean 100 ms: bare metal P95 108 ms; VM 100 / 0.9 x 1.2 = 133 ms; shared VPS 100 / 0.9 x 3 = 333 ms.
    let w = demand(1_000.0, 24.0);
    let s = cpu_sizing(50.0, 100.0);
    let d = CostDefaults::default();
    let dedicated = cost_of(
        &cpu_server("dedi", OfferKind::DedicatedCpu, 80.0),
        &s,
        &w,
        &d,
        Currency::Usd,
    );
    let vps = cost_of(
        &cpu_server("vps", OfferKind::Vps, 40.0),
        &s,
        &w,
        &d,
        Currency::Usd,
    );
    let mut vm = h100_cloud("vm", OfferKind::CloudOnDemand, 1, 3.0);
    vm.virtualization = Virtualization::Vm;
    let vm = cost_of(&vm, &s, &w, &d, Currency::Usd);
    assert_close(dedicated.ttft_ms_p95, 108.0, 1e-9);
    assert_close(vm.ttft_ms_p95, 100.0 / 0.9 * 1.2, 1e-9);
    assert_close(vps.ttft_ms_p95, 100.0 / 0.9 * 3.0, 1e-9);
    // A strict 200 ms target rules the shared VPS out, not the dedicated server.
    let mut strict = w.clone();
    strict.max_ttft_p95_ms = 200.0;
    let vps = cost_of(
        &cpu_server("vps", OfferKind::Vps, 40.0),
        &s,
        &strict,
        &d,
        Currency::Usd,
    );
    assert!(matches!(
        vps.shortfalls.as_slice(),
        [Shortfall::TooLateFirstToken { .. }]
    ));
    assert!(cost_of(
        &cpu_server("dedi", OfferKind::DedicatedCpu, 80.0),
        &s,
        &strict,
        &d,
        Currency::Usd
    )
    .is_usable());
}

#[test]
fn a_per_user_speed_below_the_target_is_a_shortfall() {
    // 40 tokens/s per user on bare metal; a vGPU (-15%) gives 34 < 35 target.
    let mut w = steady_service();
    w.min_tokens_per_s_per_user = 35.0;
    let mut vgpu = h100_cloud("vgpu", OfferKind::GpuCloud, 1, 2.0);
    vgpu.virtualization = Virtualization::Vgpu;
    let c = cost_of(
        &vgpu,
        &llm_sizing(1, 500.0, 100.0),
        &w,
        &compute_only(),
        Currency::Eur,
    );
    assert!(
        matches!(c.shortfalls.as_slice(), [Shortfall::TooSlow { tokens_per_s, .. }] if (*tokens_per_s - 34.0).abs() < 1e-9)
    );
}

#[test]
fn fine_tuning_an_epoch_costs_its_hours_at_the_replicas_rate() {
    // Full fine-tuning of 8 B parameters on 100 M tokens: 6 x 8e9 x 1e8 = 4.8e18 FLOPs.
    // One H100 at 989 TFLOP/s x MFU 0.35 = 3.4615e14 FLOP/s -> 13,867 s = 3.85 h; x 2.5 EUR = 9.63 EUR.
    // LoRA: 4 x instead of 6 x -> 2.57 h.
    let mut s = llm_sizing(1, 500.0, 100.0);
    s.compute_params = 8e9;
    s.peak_flops_per_replica = 989e12;
    let mut bm = h100_bare_metal("bm", 1, 0.0);
    bm.virtualization = Virtualization::BareMetal;
    bm.price.amount = 2.5;
    bm.price.per = PricePer::Hour;
    let mut w = steady_service();
    w.task = Task::Full;
    w.train_tokens = 1e8;
    let full = cost_of(&bm, &s, &w, &compute_only(), Currency::Eur)
        .epoch
        .unwrap();
    assert_close(full.flops, 4.8e18, 1e3);
    assert_close(full.hours, 4.8e18 / (989e12 * 0.35) / 3600.0, 1e-9);
    assert_close(full.hours, 3.85, 0.01);
    assert_close(full.cost.amount, full.hours * 2.5, 1e-9);
    w.task = Task::Lora;
    let lora = cost_of(&bm, &s, &w, &compute_only(), Currency::Eur)
        .epoch
        .unwrap();
    assert_close(lora.hours, full.hours * 4.0 / 6.0, 1e-9);
}

#[test]
fn constraints_mark_exclusions_but_leave_the_costs_alone() {
    // A US provider in an EU region is still US jurisdiction (CLOUD Act): excluded with eu=1.
    let mut w = steady_service();
    w.constraints.eu_jurisdiction = true;
    w.constraints.single_tenant = true;
    let s = llm_sizing(4, 2000.0, 300.0);
    let us_in_eu = h100_cloud("aws-frankfurt", OfferKind::CloudOnDemand, 4, 11.0);
    assert!(us_in_eu.region_eu);
    let c = cost_of(&us_in_eu, &s, &w, &compute_only(), Currency::Eur);
    assert_eq!(c.exclusions.len(), 2, "{:?}", c.exclusions);
    assert!(!c.is_usable() && c.serves());
    assert_eq!(
        c.exclusions[0].sentence(Lang::En),
        "US jurisdiction, EU required"
    );
    assert_eq!(
        c.exclusions[0].sentence(Lang::Es),
        "jurisdicción de EE. UU., se exige la UE"
    );
    assert_close(c.compute.amount(), 44.0 * 730.0, 1e-9);
    assert!(cost_of(
        &h100_bare_metal("bm", 4, 6_000.0),
        &s,
        &w,
        &compute_only(),
        Currency::Eur
    )
    .is_usable());
}

#[test]
fn evaluate_all_lists_usable_options_first_and_cheapest_first() {
    let s = llm_sizing(4, 2000.0, 300.0);
    let mut too_small = s.clone();
    too_small.fits = false;
    too_small.why_not = Some("needs 160 GB, has 80".to_string());
    let pairs = vec![
        (
            h100_cloud("hyperscaler", OfferKind::CloudOnDemand, 4, 11.0),
            s.clone(),
        ),
        (h100_bare_metal("small-bm", 1, 100.0), too_small),
        (
            h100_cloud("gpu-cloud", OfferKind::GpuCloud, 4, 2.5),
            s.clone(),
        ),
        (h100_bare_metal("bm", 4, 6_000.0), s),
    ];
    let all = evaluate(
        &pairs,
        &steady_service(),
        &CostDefaults::default(),
        Currency::Eur,
    );
    let ids: Vec<&str> = all.iter().map(|o| o.offer_id.as_str()).collect();
    assert_eq!(ids, ["bm", "gpu-cloud", "hyperscaler", "small-bm"]);
    let report = all[3].to_report(inference_sizer::scenario::Lang::En);
    assert_eq!(report.why_not.as_deref(), Some("needs 160 GB, has 80"));
    assert!(!report.usable);
}

#[test]
fn the_report_row_carries_the_figures_and_sentences() {
    let all = evaluate(
        &[
            (
                with_setup_fee(h100_bare_metal("bm", 4, 6_000.0), 1_200.0),
                llm_sizing(4, 2000.0, 300.0),
            ),
            (
                h100_cloud("gpu-cloud", OfferKind::GpuCloud, 4, 2.5),
                llm_sizing(4, 2000.0, 300.0),
            ),
        ],
        &steady_service(),
        &CostDefaults::default(),
        Currency::Eur,
    );
    let es = all[0].to_report(inference_sizer::scenario::Lang::Es);
    assert_eq!(es.offer_id, "bm");
    assert_eq!(es.deployment, inference_sizer::cost::Deployment::BareMetal);
    assert_eq!(es.currency, "EUR");
    assert_close(es.monthly_cost, 6_000.0 + 1_200.0 / 36.0, 1e-9);
    let setup = es.cost_lines.iter().find(|l| l.key == "setup").unwrap();
    assert_eq!(setup.basis, "alta de 1 x 1.200 € repartida en 36 meses");
    assert_eq!(es.break_even_against.as_deref(), Some("gpu-cloud"));
}

#[test]
fn a_sizing_that_gives_no_reason_still_says_it_does_not_fit_in_each_language() {
    use inference_sizer::scenario::Lang;
    let none = Shortfall::DoesNotFit(None);
    assert_eq!(none.sentence(Lang::En), "does not fit in memory");
    assert_eq!(none.sentence(Lang::Es), "no cabe en memoria");
    let given = Shortfall::DoesNotFit(Some("necesita 160 GiB".to_string()));
    assert_eq!(given.sentence(Lang::En), "necesita 160 GiB");
}

#[test]
fn bad_sizing_numbers_never_reach_the_figures() {
    let s = inference_sizer::cost::OfferSizing {
        fits: true,
        aggregate_tokens_per_s_per_replica: f64::NAN,
        decode_tokens_per_s_per_user: f64::INFINITY,
        ttft_ms_mean: -5.0,
        power_w_per_instance: f64::NAN,
        ..Default::default()
    };
    let c = cost_of(
        &h100_cloud("c", OfferKind::CloudOnDemand, 4, 11.0),
        &s,
        &demand(1e6, 24.0),
        &CostDefaults::default(),
        Currency::Eur,
    );
    assert!(c.shortfalls.contains(&Shortfall::NoThroughput));
    assert_all_finite(&c);
}

fn assert_all_finite(c: &inference_sizer::cost::OptionCost) {
    let figures = [
        c.monthly.amount(),
        c.total.amount,
        c.compute.amount(),
        c.cost_per_million_tokens.amount,
        c.cost_per_thousand_requests.amount,
        c.utilisation,
        c.energy_kwh_per_month,
        c.ttft_ms_p95,
        c.decode_tokens_per_s_per_user,
        c.billed_hours_per_month,
    ];
    for f in figures {
        assert!(f.is_finite() && f >= 0.0, "figure {f} in {c:#?}");
    }
    for l in &c.lines {
        assert!(
            l.monthly.amount().is_finite() && l.monthly.amount() >= 0.0,
            "line {l:?}"
        );
    }
}

fn any_offer() -> impl Strategy<Value = inference_sizer::catalog::Offer> {
    (
        0usize..7,
        0usize..5,
        0.0f64..50_000.0,
        any::<bool>(),
        0.0f64..5_000.0,
        0.0f64..36.0,
    )
        .prop_map(|(k, v, price, hourly, setup, min_term)| {
            let kind = OfferKind::ALL[k];
            let virt = [
                Virtualization::BareMetal,
                Virtualization::Passthrough,
                Virtualization::Vm,
                Virtualization::Vgpu,
                Virtualization::Container,
            ][v];
            let per = if hourly {
                PricePer::Hour
            } else {
                PricePer::Month
            };
            let price = if hourly { price / 730.0 } else { price };
            let mut o = with_setup_fee(h100_cloud("x", kind, 4, 1.0), setup);
            o.virtualization = virt;
            o.price.amount = price;
            o.price.per = per;
            o.min_term_months = min_term;
            o
        })
}

fn any_sizing() -> impl Strategy<Value = inference_sizer::cost::OfferSizing> {
    (
        any::<bool>(),
        0.0f64..10_000.0,
        0.0f64..200.0,
        0.0f64..512.0,
        0.0f64..5_000.0,
        1u32..4,
    )
        .prop_map(|(fits, aggregate, per_user, seqs, ttft, instances)| {
            inference_sizer::cost::OfferSizing {
                fits,
                instances_per_replica: instances,
                aggregate_tokens_per_s_per_replica: aggregate,
                decode_tokens_per_s_per_user: per_user,
                max_concurrent_sequences_per_replica: seqs,
                ttft_ms_mean: ttft,
                ..llm_sizing(4, 1.0, 1.0)
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn costs_are_never_negative_or_nan(
        offer in any_offer(),
        sizing in any_sizing(),
        rpd in 0.0f64..1e9,
        hours in 1.0f64..24.0,
        months in 1.0f64..120.0,
        tokens_out in 1.0f64..10_000.0,
    ) {
        let mut w = demand(rpd, hours);
        w.months = months;
        w.tokens_out = tokens_out;
        let c = cost_of(&offer, &sizing, &w, &CostDefaults::default(), Currency::Usd);
        assert_all_finite(&c);
    }

    #[test]
    fn more_requests_never_lower_the_monthly_cost_of_an_option(
        offer in any_offer(),
        sizing in any_sizing(),
        rpd in 1.0f64..1e8,
        more in 1.0f64..100.0,
        hours in 1.0f64..24.0,
    ) {
        let d = CostDefaults::default();
        let less = cost_of(&offer, &sizing, &demand(rpd, hours), &d, Currency::Eur);
        let more = cost_of(&offer, &sizing, &demand(rpd * more, hours), &d, Currency::Eur);
        prop_assert!(more.monthly.amount() >= less.monthly.amount() * (1.0 - 1e-12) - 1e-9,
            "{} < {}", more.monthly.amount(), less.monthly.amount());
    }
}

/// Replicas from the load: a copy completes `1 / (in / prefill + out / aggregate)` requests a
/// second, holds so many in memory, and computes so many FLOP/s; the most demanding decides.
#[test]
fn the_load_takes_the_replicas_its_arithmetic_needs() {
    use inference_sizer::cost::{Demand, LoadBound, OfferSizing};
    // 70e9 active parameters, 1,000 prompt + 250 output tokens (Demand's defaults), 400,000
    // requests a day around the clock, peak factor 2: 400,000 / 86,400 x 2 = 9.26 requests/s.
    // Arithmetic: 9.26 x 1,250 x 2 x 70e9 = 1.620e15 FLOP/s; a copy reaching 0.5e15 needs
    // 1.620 / 0.5 = 3.24, so 4 copies. By throughput: 2,000 tokens/s aggregate serve
    // 2,000 / 250 = 8 requests/s (no prefill figure): 9.26 / 8 = 1.16, so 2. Compute decides.
    let s = OfferSizing {
        serving_flops_per_replica: 0.5e15,
        ..llm_sizing(4, 2000.0, 300.0)
    };
    let offer = h100_bare_metal("metal-4xh100", 4, 6_000.0);
    let w = Demand {
        min_tokens_per_s_per_user: 0.0,
        max_ttft_p95_ms: 0.0,
        ..demand(400_000.0, 24.0)
    };
    let c = cost_of(&offer, &s, &w, &compute_only(), Currency::Eur);
    let need = c.load_need.expect("a request rate gives a need");
    assert_eq!((need.replicas, c.replicas, c.servers), (4, 4, 4));
    let LoadBound::Compute {
        flops_needed,
        flops_per_replica,
        ..
    } = need.bound
    else {
        panic!("compute decides: {need:?}");
    };
    assert_close(
        flops_needed,
        400_000.0 / 86_400.0 * 2.0 * 1_250.0 * 2.0 * 70e9,
        1e-9,
    );
    assert_close(flops_per_replica, 0.5e15, 1e-12);
    // Without a compute figure the token speeds decide: 2 copies.
    let c = cost_of(
        &offer,
        &llm_sizing(4, 2000.0, 300.0),
        &w,
        &compute_only(),
        Currency::Eur,
    );
    assert_eq!(c.replicas, 2);
    assert!(matches!(
        c.load_need.map(|n| n.bound),
        Some(LoadBound::Throughput { .. })
    ));
    // A machine that holds two copies (each on 2 of its 4 GPUs) needs half the machines.
    let half = OfferSizing {
        gpus_per_replica: 2,
        replicas_per_instance: 2,
        serving_flops_per_replica: 0.5e15,
        ..llm_sizing(4, 2000.0, 300.0)
    };
    let c = cost_of(&offer, &half, &w, &compute_only(), Currency::Eur);
    assert_eq!((c.replicas, c.servers), (4, 2));
}
