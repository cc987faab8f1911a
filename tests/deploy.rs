//! Recommendations one can deploy: an offer is one machine; one copy of the model (a replica)
//! is split with tensor parallelism over GPUs of one machine and spans machines only over a
//! fabric the offer states; load beyond one copy adds copies. Worked examples on hand-made
//! offers (with the shipped GPU specs and models), and a sweep over the shipped catalogue.

use inference_sizer::catalog::{
    Catalog, Fabric, FabricKind, Offer, OfferGpu, OfferKind, Price, PricePer, Virtualization,
};
use inference_sizer::report::{evaluate_query, OptionReport, Report};
use inference_sizer::scenario::Lang;
use inference_sizer::units::Currency;

/// One machine of `count` H100 SXM at `eur_a_month`, with `fabric` between its machines.
fn h100_machine(id: &str, count: u32, eur_a_month: f64, fabric: Option<Fabric>) -> Offer {
    Offer {
        id: id.to_string(),
        provider: "Test".to_string(),
        name: id.to_string(),
        kind: OfferKind::BareMetal,
        gpu: Some(OfferGpu {
            id: "nvidia_h100_sxm".to_string(),
            count,
        }),
        virtualization: Virtualization::BareMetal,
        price: Price {
            amount: eur_a_month,
            currency: Currency::Eur,
            per: PricePer::Month,
            approximate: false,
        },
        region: "eu-central".to_string(),
        jurisdiction: "EU".to_string(),
        region_eu: true,
        single_tenant: true,
        source: "test".to_string(),
        as_of: "2026-12-01".to_string(),
        fabric,
        ..Offer::default()
    }
}

const INFINIBAND_400: Fabric = Fabric {
    kind: FabricKind::Infiniband,
    gbps: 400.0,
};

/// The shipped GPUs and models with three offers: an 8x H100 machine, a one-H100 machine with
/// no stated network, and the same with 400 Gb/s InfiniBand between machines.
fn test_catalog() -> Catalog {
    let mut c = Catalog::builtin();
    c.offers = vec![
        h100_machine("box-8xh100", 8, 16_000.0, None),
        h100_machine("one-h100", 1, 1_500.0, None),
        h100_machine("one-h100-ib", 1, 2_000.0, Some(INFINIBAND_400)),
    ];
    c
}

fn option<'a>(r: &'a Report, id: &str) -> &'a OptionReport {
    r.options
        .iter()
        .find(|o| o.offer_id == id)
        .unwrap_or_else(|| panic!("{id} in the report"))
}

#[test]
fn a_model_that_fits_one_gpu_runs_one_copy_per_gpu_of_a_machine() {
    // Llama 3.1 8B in BF16: 8.03e9 x 2 B = 16.1 GB of weights; KV 128 KiB a token
    // (32 layers x 8 KV heads x 128 x 2 (K, V) x 2 B) for the default load: well within one
    // 80 GB H100. On an 8-GPU machine vLLM runs 8 copies side by side (data parallel, one per
    // GPU: vLLM's "data parallel deployment", docs.vllm.ai serving/data_parallel_deployment),
    // not one copy split 8 ways.
    let r = evaluate_query("model=llama-3.1-8b&tps=0&ttft=0", &test_catalog());
    let o = option(&r, "box-8xh100");
    assert!(o.usable, "{:?}", o.why_not);
    assert_eq!(
        (o.servers, o.gpus_per_replica, o.replicas, o.gpu_count),
        (1, 1, 8, 8)
    );
    assert_eq!((o.parallelism.tp, o.parallelism.pp), (1, 1));
    assert!(o.fabric.is_none());
    // Words: all eight copies on the one machine.
    let mut named = o.clone();
    named.gpu_name = Some("H100 SXM (80GB)".into());
    assert_eq!(
        named.deployment_shape(Lang::En).as_deref(),
        Some("8 replicas, each 1× H100 SXM (80GB), on 1 machine")
    );
    assert_eq!(
        named.deployment_shape(Lang::Es).as_deref(),
        Some("8 réplicas, cada una 1× H100 SXM (80GB), en 1 máquina")
    );
}

#[test]
fn a_copy_too_big_for_one_gpu_is_tensor_parallel_within_one_machine() {
    // Llama 3.1 405B in FP8: 405e9 x 1 B = 405 GB of weights, more than five H100s (5 x 79.6
    // GiB usable = 398 GiB = 428 GB before runtime and cache): the smallest tensor-parallel
    // degree the heads allow (128 heads, 8 KV heads: 1, 2, 4, 8, ...) that holds it on one
    // 8-GPU machine is 8.
    let r = evaluate_query(
        "model=llama-3.1-405b&quant=fp8&tps=0&ttft=0",
        &test_catalog(),
    );
    let o = option(&r, "box-8xh100");
    assert!(o.fits, "{:?}", o.why_not);
    assert_eq!((o.servers, o.replicas, o.gpus_per_replica), (1, 1, 8));
    assert_eq!((o.parallelism.tp, o.parallelism.pp), (8, 1));
    assert!(o.fabric.is_none());
}

#[test]
fn a_copy_spans_machines_only_over_a_stated_fabric() {
    // The same 405B FP8 model on one-H100 machines: a copy needs pipeline stages over several
    // machines. Without a stated network between them it is not a deployment (the old plan
    // chained separately rented VMs over an assumed 400 Gb/s): not usable, priced for one
    // machine, and the reason says why, in both languages.
    let catalog = test_catalog();
    for (lang, words) in [
        ("en", "states no network between its machines"),
        ("es", "no indica una red entre sus máquinas"),
    ] {
        let r = evaluate_query(
            &format!("model=llama-3.1-405b&quant=fp8&tps=0&ttft=0&lang={lang}"),
            &catalog,
        );
        let alone = option(&r, "one-h100");
        assert!(!alone.usable && !alone.fits);
        assert_eq!(alone.servers, 1, "not costed at the machines it would need");
        let why = alone.why_not.as_deref().unwrap_or_default();
        assert!(why.contains(words), "{lang}: {why}");
    }
    // With 400 Gb/s InfiniBand stated: one copy over as many machines as pipeline stages, the
    // fabric reported, and the words say so.
    let r = evaluate_query("model=llama-3.1-405b&quant=fp8&tps=0&ttft=0", &catalog);
    let o = option(&r, "one-h100-ib");
    assert!(o.usable, "{:?}", o.why_not);
    assert_eq!(o.fabric, Some(INFINIBAND_400));
    assert_eq!(o.parallelism.tp, 1);
    assert!(o.parallelism.pp >= 6, "{:?}", o.parallelism);
    assert_eq!(o.servers, o.parallelism.pp * o.replicas);
    assert_eq!(o.gpus_per_replica, o.parallelism.pp);
    let mut named = o.clone();
    named.gpu_name = Some("H100 SXM (80GB)".into());
    let pp = o.parallelism.pp;
    assert_eq!(
        named.deployment_shape(Lang::En),
        Some(format!(
            "1 replica over {pp} machines of 1× H100 SXM (80GB) each, pipeline parallel {pp} over InfiniBand at 400 Gb/s"
        ))
    );
    assert_eq!(
        named.deployment_shape(Lang::Es),
        Some(format!(
            "1 réplica sobre {pp} máquinas de 1× H100 SXM (80GB) cada una, {pp} etapas de pipeline por InfiniBand a 400 Gb/s"
        ))
    );
}

#[test]
fn the_verdict_reports_the_deployment_of_its_option() {
    let r = evaluate_query("model=llama-3.3-70b&quant=fp8", &test_catalog());
    let rec = r.recommendation.as_ref().expect("a verdict");
    let o = option(&r, &rec.offer_id);
    assert_eq!(
        (
            rec.servers,
            rec.replicas,
            rec.gpus_per_replica,
            rec.parallelism,
            rec.fabric
        ),
        (
            o.servers,
            o.replicas,
            o.gpus_per_replica,
            o.parallelism,
            o.fabric
        )
    );
    // The speed is that of one copy on its GPUs, named as the deployment.
    assert_eq!(
        Some(r.throughput.hardware.clone()),
        rec.deployment_shape(Lang::En)
    );
    let json = serde_json::to_value(&r).expect("JSON");
    for key in [
        "replicas",
        "gpus_per_replica",
        "servers",
        "parallelism",
        "fabric",
    ] {
        assert!(json["recommendation"].get(key).is_some(), "{key}");
        assert!(json["options"][0].get(key).is_some(), "{key}");
    }
    // Null when each copy stays in one machine, the offer's fabric when a copy spans machines.
    for row in json["options"].as_array().expect("options") {
        let id = row["offer_id"].as_str().unwrap_or_default();
        let spans = option(&r, id).servers > option(&r, id).replicas;
        assert_eq!(row["fabric"].is_null(), !spans, "{id}");
    }
    assert!(json["recommendation"]["parallelism"]["tp"].is_u64());
}

/// The sweep of the done-when: models, formats, contexts and loads against the shipped
/// catalogue.
fn sweep() -> Vec<String> {
    let mut out = Vec::new();
    for model in [
        "llama-3.1-8b",
        "llama-3.3-70b",
        "qwen2.5-72b",
        "mixtral-8x7b",
        "gpt-oss-120b",
        "deepseek-v3",
        "llama-3.1-405b",
    ] {
        for quant in ["bf16", "fp8", "awq4", "q4_k_m"] {
            for ctx in [4096, 32768, 131072] {
                for rpd in [0, 20_000, 2_000_000] {
                    out.push(format!("model={model}&quant={quant}&ctx={ctx}&rpd={rpd}"));
                }
            }
        }
    }
    out
}

#[test]
fn no_usable_option_spans_machines_without_a_stated_fabric() {
    let catalog = Catalog::builtin();
    let (mut split, mut side_by_side) = (0, 0);
    for q in sweep() {
        let r = evaluate_query(&q, &catalog);
        for o in r.options.iter().filter(|o| o.usable && o.gpu_count > 0) {
            split += usize::from(o.gpus_per_replica > 1);
            side_by_side += usize::from(o.replicas > o.servers);
            let per_machine = o.gpu_count / o.servers.max(1);
            let offer = catalog.offer(&o.offer_id).expect("offer");
            assert_eq!(
                Some(per_machine),
                offer.gpu.as_ref().map(|g| g.count),
                "{q}"
            );
            let Parallelism { tp, pp, .. } = o.parallelism;
            assert_eq!(tp * pp, o.gpus_per_replica, "{q}: {}", o.offer_id);
            if o.fabric.is_none() {
                // Each copy in one machine: its GPUs within the machine's, the machines all
                // filled with whole copies.
                assert!(o.gpus_per_replica <= per_machine, "{q}: {}", o.offer_id);
                assert_eq!(
                    o.replicas,
                    o.servers * (per_machine / o.gpus_per_replica),
                    "{q}: {}",
                    o.offer_id
                );
            } else {
                assert!(offer.fabric.is_some(), "{q}: {}", o.offer_id);
            }
        }
        if let Some(rec) = &r.recommendation {
            assert!(rec.fabric.is_none() || catalog.offer(&rec.offer_id).unwrap().fabric.is_some());
            assert!(rec.replicas >= 1 && rec.servers >= 1, "{q}");
        }
    }
    // The sweep saw both shapes: copies split over GPUs, and several copies in one machine.
    assert!(split > 100 && side_by_side > 100, "{split} {side_by_side}");
}

use inference_sizer::cost::Parallelism;
