//! Evaluating a catalogue-sized list of offers (170) against a scenario: costing, break-even,
//! sorting and the recommendation must stay well under 1 ms natively.

use criterion::{criterion_group, criterion_main, Criterion};
use inference_sizer::catalog::{
    Egress, Fee, Offer, OfferGpu, OfferKind, Price, PricePer, Virtualization,
};
use inference_sizer::cost::{self, CostDefaults, Demand, OfferSizing};
use inference_sizer::plan;
use inference_sizer::scenario::{Lang, Scenario};
use inference_sizer::units::{Currency, UsdPerEur};
use std::hint::black_box;

/// 170 offers across every kind and virtualisation, with plausible sizings.
fn market() -> Vec<(Offer, OfferSizing)> {
    let virt = [
        Virtualization::BareMetal,
        Virtualization::Passthrough,
        Virtualization::Vm,
        Virtualization::Vgpu,
        Virtualization::Container,
    ];
    (0..170)
        .map(|i| {
            let kind = OfferKind::ALL[i % OfferKind::ALL.len()];
            let gpus = if kind.is_cpu() { 0 } else { 1 << (i % 4) };
            let per = if matches!(
                kind,
                OfferKind::BareMetal | OfferKind::Vps | OfferKind::DedicatedCpu
            ) {
                PricePer::Month
            } else {
                PricePer::Hour
            };
            let amount = match per {
                PricePer::Hour => 1.5 * gpus.max(1) as f64 + i as f64 * 0.01,
                PricePer::Month => 40.0 + 900.0 * gpus as f64 + i as f64,
            };
            let offer = Offer {
                id: format!("offer-{i}"),
                provider: format!("provider-{}", i % 23),
                name: format!("instance {i}"),
                kind,
                gpu: (gpus > 0).then(|| OfferGpu::whole("nvidia_h100_sxm", gpus)),
                vcpus: Some(16),
                ram_gib: Some(64.0),
                cpu: None,
                avx512: Some(true),
                amx: None,
                cpu_bandwidth_gbs: None,
                dedicated_cores: Some(kind == OfferKind::DedicatedCpu),
                virtualization: if kind == OfferKind::BareMetal {
                    Virtualization::BareMetal
                } else {
                    virt[i % 5]
                },
                price: Price {
                    amount,
                    currency: if i % 2 == 0 {
                        Currency::Eur
                    } else {
                        Currency::Usd
                    },
                    per,
                    approximate: false,
                },
                setup_fee: (i % 3 == 0).then_some(Fee {
                    amount: 99.0,
                    currency: Currency::Eur,
                }),
                min_term_months: (i % 5) as f64,
                egress: (i % 4 != 0).then_some(Egress {
                    included_tb: 1.0,
                    price_per_gb: 0.05,
                    currency: Currency::Usd,
                    unmetered: i % 7 == 0,
                }),
                region: "eu".to_string(),
                jurisdiction: if i % 2 == 0 {
                    "EU".to_string()
                } else {
                    "US".to_string()
                },
                region_eu: true,
                single_tenant: kind == OfferKind::BareMetal,
                reference: false,
                source: "bench".to_string(),
                as_of: "2026-11-01".to_string(),
                notes: String::new(),
                ..Offer::default()
            };
            let sizing = OfferSizing {
                fits: i % 11 != 0,
                why_not: None,
                gpus_per_replica: gpus,
                instances_per_replica: 1,
                decode_tokens_per_s_per_user: 30.0 + (i % 13) as f64,
                max_concurrent_sequences_per_replica: 32.0 * gpus.max(1) as f64,
                aggregate_tokens_per_s_per_replica: 800.0 * gpus.max(1) as f64,
                prefill_tokens_per_s_per_replica: 10_000.0 * gpus.max(1) as f64,
                requests_per_s_per_replica: 0.0,
                ttft_ms_mean: 150.0 + (i % 17) as f64 * 20.0,
                memory_per_gpu_bytes: 80_000_000_000,
                weights_bytes: 140_000_000_000,
                power_w_per_instance: 700.0 * gpus.max(1) as f64,
                compute_params: 70e9,
                peak_flops_per_replica: 989e12 * gpus.max(1) as f64,
                ..OfferSizing::default()
            };
            (offer, sizing)
        })
        .collect()
}

fn bench_evaluate(c: &mut Criterion) {
    let pairs = market();
    let scenario = Scenario {
        rpd: 200_000.0,
        hours: 12.0,
        ttft_ms: Some(1000.0),
        ..Scenario::default()
    };
    let demand = Demand::from_scenario(&scenario);
    let defaults = CostDefaults::with_assumptions(&scenario.assumptions);
    c.bench_function("evaluate 170 offers + recommend + report rows", |b| {
        b.iter(|| {
            let options = cost::evaluate_all(
                black_box(&pairs).iter().map(|(o, s)| (o, s)),
                &demand,
                &defaults,
                Currency::Eur,
                UsdPerEur(1.16),
            );
            let rec = plan::recommend(&options, &demand, Lang::En);
            let rows: Vec<_> = options
                .into_iter()
                .map(|o| o.into_report(Lang::En))
                .collect();
            black_box((rec, rows))
        })
    });
}

fn bench_parts(c: &mut Criterion) {
    let pairs = market();
    let scenario = Scenario {
        rpd: 200_000.0,
        hours: 12.0,
        ttft_ms: Some(1000.0),
        ..Scenario::default()
    };
    let demand = Demand::from_scenario(&scenario);
    let defaults = CostDefaults::with_assumptions(&scenario.assumptions);
    let options = cost::evaluate_all(
        pairs.iter().map(|(o, s)| (o, s)),
        &demand,
        &defaults,
        Currency::Eur,
        UsdPerEur(1.16),
    );
    c.bench_function("evaluate_all 170 offers", |b| {
        b.iter(|| {
            cost::evaluate_all(
                black_box(&pairs).iter().map(|(o, s)| (o, s)),
                &demand,
                &defaults,
                Currency::Eur,
                UsdPerEur(1.16),
            )
        })
    });
    c.bench_function("recommend", |b| {
        b.iter(|| plan::recommend(black_box(&options), &demand, Lang::En))
    });
    c.bench_function("to_report 170 rows", |b| {
        b.iter(|| {
            black_box(&options)
                .iter()
                .map(|o| o.to_report(Lang::En))
                .collect::<Vec<_>>()
        })
    });
}

criterion_group!(benches, bench_evaluate, bench_parts);
criterion_main!(benches);
