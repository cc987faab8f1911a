//! Hand-made offers, sizings and demands shared by tests/cost.rs and tests/plan.rs (each includes
//! it with `#[path]`; under `tests/support/` it is not a test target of its own).
// Each including test uses part of it.
#![allow(dead_code)]

use inference_sizer::catalog::{
    Egress, Fee, Offer, OfferGpu, OfferKind, Price, PricePer, Virtualization,
};
use inference_sizer::cost::{self, CostDefaults, Demand, OfferSizing, OptionCost};
use inference_sizer::units::{Currency, UsdPerEur};

pub const RATE: UsdPerEur = UsdPerEur(1.16);

/// An offer with the essentials; tweak the rest with the builder methods below.
pub fn offer(
    id: &str,
    kind: OfferKind,
    virtualization: Virtualization,
    amount: f64,
    per: PricePer,
    currency: Currency,
) -> Offer {
    Offer {
        id: id.to_string(),
        provider: id.split('-').next().unwrap_or(id).to_string(),
        name: id.to_string(),
        kind,
        gpu: None,
        vcpus: None,
        ram_gib: None,
        cpu: None,
        avx512: None,
        amx: None,
        cpu_bandwidth_gbs: None,
        dedicated_cores: None,
        virtualization,
        price: Price {
            amount,
            currency,
            per,
            approximate: false,
        },
        setup_fee: None,
        min_term_months: 0.0,
        egress: None,
        region: "eu-central".to_string(),
        jurisdiction: "US".to_string(),
        region_eu: true,
        single_tenant: false,
        reference: false,
        source: "test".to_string(),
        as_of: "2026-11-01".to_string(),
        notes: String::new(),
        ..Offer::default()
    }
}

/// A cloud instance with `count` H100s at `eur_per_gpu_hour`.
pub fn h100_cloud(id: &str, kind: OfferKind, count: u32, eur_per_gpu_hour: f64) -> Offer {
    let mut o = offer(
        id,
        kind,
        Virtualization::Vm,
        eur_per_gpu_hour * count as f64,
        PricePer::Hour,
        Currency::Eur,
    );
    o.gpu = Some(OfferGpu::whole("nvidia_h100_sxm", count));
    o
}

/// A bare-metal server with `count` H100s at `eur_a_month`, unmetered, single tenant.
pub fn h100_bare_metal(id: &str, count: u32, eur_a_month: f64) -> Offer {
    let mut o = offer(
        id,
        OfferKind::BareMetal,
        Virtualization::BareMetal,
        eur_a_month,
        PricePer::Month,
        Currency::Eur,
    );
    o.gpu = Some(OfferGpu::whole("nvidia_h100_sxm", count));
    o.egress = Some(Egress {
        included_tb: 0.0,
        price_per_gb: 0.0,
        currency: Currency::Eur,
        unmetered: true,
    });
    o.single_tenant = true;
    o.jurisdiction = "EU".to_string();
    o
}

/// A CPU server (VPS on shared vCPUs, or dedicated cores) at `usd_a_month`.
pub fn cpu_server(id: &str, kind: OfferKind, usd_a_month: f64) -> Offer {
    let virtualization = if kind == OfferKind::Vps {
        Virtualization::Vm
    } else {
        Virtualization::BareMetal
    };
    let mut o = offer(
        id,
        kind,
        virtualization,
        usd_a_month,
        PricePer::Month,
        Currency::Usd,
    );
    o.dedicated_cores = Some(kind == OfferKind::DedicatedCpu);
    o.single_tenant = kind == OfferKind::DedicatedCpu;
    o
}

pub fn with_setup_fee(mut o: Offer, amount: f64) -> Offer {
    o.setup_fee = Some(Fee {
        amount,
        currency: o.price.currency,
    });
    o
}

pub fn in_jurisdiction(mut o: Offer, jurisdiction: &str) -> Offer {
    o.jurisdiction = jurisdiction.to_string();
    o
}

pub fn single_tenant(mut o: Offer) -> Offer {
    o.single_tenant = true;
    o
}

/// An LLM replica on bare metal: `tokens_per_s` aggregate, 40 tokens/s per user, 64 sequences,
/// TTFT mean `ttft_ms`, 140 GB of weights, 700 W per GPU.
pub fn llm_sizing(gpus: u32, tokens_per_s: f64, ttft_ms: f64) -> OfferSizing {
    OfferSizing {
        fits: true,
        why_not: None,
        gpus_per_replica: gpus,
        instances_per_replica: 1,
        replicas_per_instance: 1,
        parallelism: inference_sizer::cost::Parallelism {
            tp: gpus.max(1),
            pp: 1,
            ep: 1,
        },
        fabric: None,
        cannot_run: None,
        caveat: None,
        decode_tokens_per_s_per_user: 40.0,
        max_concurrent_sequences_per_replica: 64.0,
        aggregate_tokens_per_s_per_replica: tokens_per_s,
        prefill_tokens_per_s_per_replica: 0.0,
        requests_per_s_per_replica: 0.0,
        ttft_ms_mean: ttft_ms,
        curve: Default::default(),
        memory_per_gpu_bytes: 80_000_000_000,
        weights_bytes: 140_000_000_000,
        power_w_per_instance: 700.0 * gpus as f64,
        compute_params: 70e9,
        peak_flops_per_replica: 989e12 * gpus as f64,
        // Unknown: the replicas follow the token speeds alone.
        serving_flops_per_replica: 0.0,
    }
}

/// A small model on CPU that serves `requests_per_s` per server, TTFT mean `ttft_ms`.
pub fn cpu_sizing(requests_per_s: f64, ttft_ms: f64) -> OfferSizing {
    OfferSizing {
        fits: true,
        gpus_per_replica: 0,
        instances_per_replica: 1,
        decode_tokens_per_s_per_user: 100.0,
        max_concurrent_sequences_per_replica: 16.0,
        requests_per_s_per_replica: requests_per_s,
        ttft_ms_mean: ttft_ms,
        weights_bytes: 90_000_000,
        power_w_per_instance: 150.0,
        ..OfferSizing::default()
    }
}

/// A workload running `hours` a day with `rpd` requests a day (0: one replica kept busy).
pub fn demand(rpd: f64, hours: f64) -> Demand {
    Demand {
        requests_per_day: rpd,
        hours_per_day: hours,
        months: 36.0,
        min_tokens_per_s_per_user: 20.0,
        max_ttft_p95_ms: 2000.0,
        ..Demand::default()
    }
}

/// Defaults with the hidden cost lines zeroed, for arithmetic on compute alone.
pub fn compute_only() -> CostDefaults {
    CostDefaults {
        egress_gb: Some(0.0),
        storage_gb: Some(0.0),
        monitoring: Some(0.0),
        ..CostDefaults::default()
    }
}

pub fn cost_of(
    o: &Offer,
    s: &OfferSizing,
    w: &Demand,
    d: &CostDefaults,
    cur: Currency,
) -> OptionCost {
    cost::evaluate_offer(o, s, w, d, cur, RATE)
}

/// Every offer with its sizing, through `evaluate_all`.
pub fn evaluate(
    pairs: &[(Offer, OfferSizing)],
    w: &Demand,
    d: &CostDefaults,
    cur: Currency,
) -> Vec<OptionCost> {
    cost::evaluate_all(pairs.iter().map(|(o, s)| (o, s)), w, d, cur, RATE)
}

#[track_caller]
pub fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "expected {expected} (± {tolerance}), got {actual}"
    );
}
