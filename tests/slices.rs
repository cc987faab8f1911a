//! GPU slices (issue 18): a catalogue `gpu.count` below 1, with a MIG profile or as a
//! time-shared vGPU, sized on the slice's memory and its shares of bandwidth and compute; a small
//! model's verdict can be a slice; a model that needs tensor parallelism cannot be split over
//! slices. Worked examples with the arithmetic in comments; figures from NVIDIA's MIG User Guide
//! ("Supported MIG Profiles": on an A100 80GB, 1g.10gb is 1/8 of the memory and 1/7 of the SMs).

use inference_sizer::catalog::{
    Catalog, Offer, OfferGpu, OfferKind, Price, PricePer, SliceKind, Virtualization,
};
use inference_sizer::cost::TIME_SLICED_TAIL_FACTOR;
use inference_sizer::report::{evaluate_query, OptionReport, Report};
use inference_sizer::units::{Bytes, Currency};

/// An offer from catalogue JSON, as a provider would list it.
fn offer_json(id: &str, gpu: &str, virt: &str, usd_an_hour: f64) -> Offer {
    serde_json::from_str(&format!(
        r#"{{"id": "{id}", "provider": "Test", "name": "{id}", "kind": "gpu_cloud",
            "gpu": {gpu}, "virtualization": "{virt}",
            "price": {{"amount": {usd_an_hour}, "currency": "USD", "per": "hour"}},
            "region": "us", "jurisdiction": "US", "source": "test", "as_of": "2026-12-01"}}"#
    ))
    .expect("offer JSON loads")
}

/// The shipped GPUs and models with: a MIG 1g.10gb slice of an A100 80GB SXM at 0.30 USD/h, a
/// MIG 3g.40gb slice at 1.00 USD/h, a time-shared half of the same GPU at 0.90 USD/h, and the
/// whole GPU at 1.80 USD/h.
fn slice_catalog() -> Catalog {
    let mut c = Catalog::builtin();
    c.offers = vec![
        offer_json(
            "mig-1g",
            r#"{"id": "nvidia_a100_80gb_sxm", "count": 0.125, "mig_profile": "1g.10gb"}"#,
            "container",
            0.30,
        ),
        offer_json(
            "mig-3g",
            r#"{"id": "nvidia_a100_80gb_sxm", "count": 0.5, "mig_profile": "3g.40gb"}"#,
            "container",
            1.00,
        ),
        offer_json(
            "vgpu-half",
            r#"{"id": "nvidia_a100_80gb_sxm", "count": 0.5}"#,
            "vgpu",
            0.90,
        ),
        offer_json(
            "whole",
            r#"{"id": "nvidia_a100_80gb_sxm", "count": 1}"#,
            "container",
            1.80,
        ),
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
fn a_fractional_count_loads_as_one_device_with_its_slice_and_writes_back_the_same() {
    let c = slice_catalog();
    let mig = &c.offers[0];
    let g = mig.gpu.as_ref().unwrap();
    // One device: every u32 count of GPUs, replicas and machines keeps its meaning.
    assert_eq!((g.count, mig.gpu_count()), (1, 1));
    let s = g.slice.as_ref().unwrap();
    assert_eq!((s.fraction, s.kind), (0.125, SliceKind::Mig));
    assert_eq!(s.profile.as_deref(), Some("1g.10gb"));
    // A fraction without a profile is a time-shared vGPU partition.
    assert_eq!(
        c.offers[2].gpu_slice().map(|s| s.kind),
        Some(SliceKind::Vgpu)
    );
    // Whole counts load exactly as before.
    assert_eq!(
        c.offers[3].gpu,
        Some(OfferGpu::whole("nvidia_a100_80gb_sxm", 1))
    );
    // Written back as the catalogue listed it.
    let json = serde_json::to_value(mig).unwrap();
    assert_eq!(json["gpu"]["count"], 0.125);
    assert_eq!(json["gpu"]["mig_profile"], "1g.10gb");
    let whole = serde_json::to_value(&c.offers[3]).unwrap();
    assert_eq!(
        whole["gpu"],
        serde_json::json!({"id": "nvidia_a100_80gb_sxm", "count": 1.0})
    );
}

#[test]
fn counts_that_are_no_number_of_gpus_are_refused_with_a_reason() {
    // In serde's own form, so the reader's language words them (words::catalog); a negative
    // whole count reads as before (not a u32).
    for (gpu, says) in [
        (
            r#"{"id": "nvidia_a10", "count": 2.5}"#,
            "floating point `2.5`, expected `gpu.count` as a whole number of GPUs, or a fraction below 1",
        ),
        (
            r#"{"id": "nvidia_a10", "count": -1}"#,
            "invalid value: integer `-1`, expected u32",
        ),
        (
            r#"{"id": "nvidia_a10", "count": 2, "mig_profile": "1g.10gb"}"#,
            "integer `2`, expected a `gpu.count` of at most 1 with a MIG profile",
        ),
        (
            r#"{"id": "nvidia_a10", "count": 0.5, "compute_share": 1.5}"#,
            "floating point `1.5`, expected a share above 0 and at most 1",
        ),
        (
            r#"{"id": "nvidia_a10", "count": 0.5, "memory_gib": 0}"#,
            "expected a slice memory above 0 GiB",
        ),
    ] {
        let doc = format!(
            r#"{{"id": "x", "provider": "T", "name": "x", "kind": "gpu_cloud", "gpu": {gpu},
                "virtualization": "vm", "price": {{"amount": 1, "currency": "USD", "per": "hour"}},
                "jurisdiction": "US", "source": "t", "as_of": "2026-12-01"}}"#
        );
        let err = serde_json::from_str::<Offer>(&doc).unwrap_err().to_string();
        assert!(err.contains(says), "{gpu}: {err}");
    }
}

#[test]
fn a_mig_slice_is_sized_on_its_memory_and_its_shares_of_bandwidth_and_compute() {
    // A100 80GB SXM in the shipped catalogue: 79.65 GiB usable, 2,039 GB/s, 312 TFLOPS BF16
    // dense, 7 MIG instances at most. MIG 1g.10gb (NVIDIA's table): 1/8 of the memory and its
    // memory controllers, 1/7 of the SMs:
    //   memory    0.125 x 79.65 GiB = 9.956 GiB
    //   bandwidth 0.125 x 2,039     = 254.9 GB/s
    //   BF16      312 / 7           = 44.57 TFLOPS ("1g" of 7 compute slices)
    let c = slice_catalog();
    let spec = c.gpu("nvidia_a100_80gb_sxm").unwrap();
    let f = c.offers[0].gpu_figures(spec);
    assert!(
        (f.memory.gib() - 9.956_25).abs() < 1e-9,
        "{}",
        f.memory.gib()
    );
    assert!((f.bandwidth_gbs - 254.875).abs() < 1e-9);
    assert!((f.bf16_tflops - 312.0 / 7.0).abs() < 1e-9);
    assert!(!f.nvlink);
    // MIG 3g.40gb: half the memory, 3/7 of the SMs (not the fraction 1/2).
    let f3 = c.offers[1].gpu_figures(spec);
    assert!((f3.memory.gib() - 39.825).abs() < 1e-9);
    assert!((f3.bf16_tflops - 312.0 * 3.0 / 7.0).abs() < 1e-9);
    // The time-shared half: half of everything.
    let fv = c.offers[2].gpu_figures(spec);
    assert!((fv.bf16_tflops - 156.0).abs() < 1e-9 && (fv.bandwidth_gbs - 1019.5).abs() < 1e-9);
}

#[test]
fn a_1b_model_runs_on_a_mig_slice_and_the_verdict_says_so() {
    // Llama 3.2 1B in BF16: 1.24e9 parameters x 2 B = 2.47 GB of weights; KV 32 KiB a token
    // (16 layers x 8 KV heads x 64 x 2 (K, V) x 2 B); 4 sequences of up to 4,096 tokens: well
    // within the 9.96 GiB of a 1g.10gb slice. A development load (500 requests a day, 8 hours
    // a day): billed (8 + 0.5 warm-up) x 365/12 = 258.5 hours a month, 0.30 USD x 258.5 =
    // 77.56 USD for the slice against 1.80 x 258.5 = 465 USD for the whole GPU. The month adds
    // monitoring (25 USD per cloud instance) and storage (2.47 GB x 3 versions x 0.08 USD per
    // GB-month = 0.59 USD): 77.56 + 25 + 0.59 = 103.15 USD.
    let q = "model=llama-3.2-1b&ctx=4096&seqs=4&hours=8&rpd=500&cur=USD&tps=10";
    let r = evaluate_query(q, &slice_catalog());
    let rec = r.recommendation.as_ref().expect("a verdict");
    assert_eq!(rec.offer_id, "mig-1g");
    assert!(
        (rec.monthly_cost - 103.15).abs() < 0.05,
        "{}",
        rec.monthly_cost
    );
    let s = rec.slice.as_ref().expect("the verdict's slice");
    assert_eq!((s.fraction, s.kind), (0.125, SliceKind::Mig));
    assert_eq!(s.memory_bytes, Bytes::from_gib(0.125 * 79.65).whole());
    assert!((s.compute_share - 1.0 / 7.0).abs() < 1e-12 && s.bandwidth_share == 0.125);
    // 0.30 USD/h for 1/8 of a GPU is 2.40 USD/h for a whole one.
    assert!((s.price_per_whole_gpu_hour - 2.40).abs() < 1e-9);
    assert_eq!(s.words, "⅛ of an A100 SXM4 80GB (MIG 1g.10gb, isolated)");
    assert_eq!(r.throughput.hardware, s.words);
    // The decision matrix follows the headline: development fits a slice or a small hourly
    // instance.
    assert!(
        rec.reasons()[1..3].iter().any(|s| s.starts_with(
            "Decision matrix: development and experimentation (500 requests a day, 8 hours a day)"
        )),
        "{:#?}",
        rec.reasons()
    );
    // Why a MIG slice: isolated.
    assert!(rec
        .reasons()
        .iter()
        .any(|r| r.starts_with("A MIG slice is partitioned in hardware")));
    // Memory per device is the slice's, and the model fits it.
    let o = option(&r, "mig-1g");
    assert!(o.memory_per_gpu_bytes <= s.memory_bytes && o.usable);
    // Spanish.
    let es = evaluate_query(&format!("{q}&lang=es"), &slice_catalog());
    let s_es = es.recommendation.unwrap().slice.clone().unwrap();
    assert_eq!(s_es.words, "⅛ de una A100 SXM4 80GB (MIG 1g.10gb, aislada)");
}

#[test]
fn a_model_that_needs_tensor_parallelism_cannot_be_split_over_slices() {
    // Llama 3.3 70B in BF16: 70.6e9 x 2 B = 141 GB of weights. No slice holds it (the largest,
    // 3g.40gb, has 39.8 GiB), and slices cannot be joined: tensor parallelism needs whole GPUs on
    // a fast link. The whole 80 GB GPU does not hold it either (it needs two).
    let r = evaluate_query("model=llama-3.3-70b&cur=USD", &slice_catalog());
    for id in ["mig-1g", "mig-3g", "vgpu-half"] {
        let o = option(&r, id);
        assert!(!o.fits && !o.usable, "{id}");
        let why = o.why_not.as_ref().unwrap().as_str().to_string();
        assert!(why.contains("slices cannot be joined"), "{id}: {why}");
        assert_eq!((o.gpus_per_replica, o.parallelism.tp), (0, 1), "{id}");
    }
    // A model that fits one slice never takes two: one device a copy, copies side by side.
    let r = evaluate_query(
        "model=llama-3.2-1b&ctx=4096&seqs=4&rpd=5000000&cur=USD",
        &slice_catalog(),
    );
    let o = option(&r, "mig-1g");
    assert!(o.usable && o.gpus_per_replica == 1 && o.parallelism.tp == 1);
    assert_eq!(o.replicas, o.servers, "one copy on each slice rented");
}

#[test]
fn a_time_shared_slice_widens_the_p95_and_a_mig_slice_does_not() {
    // P95 = mean x the host's spread: container 1.15 for the MIG slices; vGPU 1.5 x 1.66 (a
    // neighbour's load raised a time-sliced service's P99 by up to 66%) = 2.49 for the
    // time-shared half.
    let r = evaluate_query(
        "model=llama-3.2-1b&ctx=4096&seqs=4&ttft=0",
        &slice_catalog(),
    );
    let mig = option(&r, "mig-3g");
    let vgpu = option(&r, "vgpu-half");
    assert!((mig.ttft_p95_ms / mig.ttft_ms - 1.15).abs() < 1e-9);
    assert!((vgpu.ttft_p95_ms / vgpu.ttft_ms - 1.5 * TIME_SLICED_TAIL_FACTOR).abs() < 1e-9);
    assert_eq!(
        vgpu.slice.as_ref().unwrap().words,
        "½ of an A100 SXM4 80GB (vGPU, time-shared)"
    );
    // A verdict on the time-shared half says what its neighbours do to the tail, and why.
    let mut c = slice_catalog();
    c.offers.retain(|o| o.id == "vgpu-half" || o.id == "whole");
    let r = evaluate_query("model=llama-3.2-1b&ctx=4096&seqs=4&hours=8&rpd=500", &c);
    let rec = r.recommendation.unwrap();
    assert_eq!(rec.offer_id, "vgpu-half");
    assert!(
        rec.reasons().iter().any(|s| s.starts_with(
            "A time-shared vGPU slice takes turns on the whole GPU with its neighbours: its P95 time to first token is taken 66% longer"
        )),
        "{:#?}",
        rec.reasons()
    );
}

#[test]
fn the_shipped_slices_load_with_their_kind_and_memory() {
    // Azure NVads A10 v5 (vGPU partitions of an A10: 4, 8, 12 GiB) and RunPod's RTX PRO 6000
    // MIG 2g.48gb (half the memory and 2 of 4 compute slices).
    let c = Catalog::builtin();
    let slices: Vec<&Offer> = c
        .offers
        .iter()
        .filter(|o| o.gpu_slice().is_some())
        .collect();
    assert_eq!(slices.len(), 4);
    let nv6 = c.offer("azure-standard-nv6ads-a10-v5-not-stated").unwrap();
    let a10 = c.gpu("nvidia_a10").unwrap();
    assert_eq!(nv6.gpu_slice().unwrap().kind, SliceKind::Vgpu);
    assert_eq!(nv6.virtualization, Virtualization::Vgpu);
    assert!((nv6.gpu_figures(a10).memory.gib() - 4.0).abs() < 1e-9);
    assert_eq!(nv6.kind, OfferKind::CloudOnDemand);
    let mig = c.offer("runpod-rtx-pro-6000-mig-48gb").unwrap();
    let rtx = c.gpu("nvidia_rtx_pro_6000_blackwell_server").unwrap();
    assert_eq!(mig.gpu_slice().unwrap().profile.as_deref(), Some("2g.48gb"));
    assert!((mig.compute_share(rtx) - 0.5).abs() < 1e-12);
    assert_eq!(mig.price.per, PricePer::Hour);
    let _ = (Price { ..mig.price }, Currency::Usd);
}

#[test]
fn a_small_models_verdict_on_the_shipped_catalogue_can_be_a_slice() {
    // Llama 3.2 1B among the RTX PRO 6000 offers: RunPod's MIG half at 1.09 USD/h beats the
    // whole cards (1.69 USD/h and up) for a development load.
    let r = evaluate_query(
        "model=llama-3.2-1b&hours=8&rpd=500&gpus=nvidia_rtx_pro_6000_blackwell_server",
        &Catalog::builtin(),
    );
    let rec = r.recommendation.unwrap();
    assert_eq!(rec.offer_id, "runpod-rtx-pro-6000-mig-48gb");
    assert_eq!(
        rec.slice.clone().unwrap().words,
        "½ of an RTX PRO 6000 Blackwell Server Edition (MIG 2g.48gb, isolated)"
    );
}

#[test]
fn a_refused_slice_is_explained_in_spanish_too() {
    use inference_sizer::catalog::CatalogError;
    use inference_sizer::scenario::Lang;
    let doc = r#"{"schema": 1, "as_of": "2026-11-01", "usd_per_eur": 1.16,
        "offers": [{"id": "acme-a10", "provider": "Acme", "name": "A10 half", "kind": "gpu_cloud",
          "gpu": {"id": "nvidia_a10", "count": 0.5, "compute_share": 1.5}, "virtualization": "vgpu",
          "price": {"amount": 1, "currency": "EUR", "per": "hour"},
          "jurisdiction": "EU", "source": "https://acme.example/prices", "as_of": "2026-11-01"}]}"#;
    let Err(CatalogError::Fields(errors)) = Catalog::from_json(doc) else {
        panic!("refused field by field");
    };
    assert_eq!(
        errors[0].sentence(Lang::Es),
        "offers[0] (acme-a10): valor no válido: el número `1.5` donde se esperaba una proporción mayor que 0 y como mucho 1"
    );
    assert_eq!(
        errors[0].sentence(Lang::En),
        "offers[0] (acme-a10): invalid value: floating point `1.5`, expected a share above 0 and at most 1"
    );
}

#[test]
fn a_slice_states_its_own_memory_to_the_validator() {
    use inference_sizer::catalog::validate;
    // Azure's NV6ads: 4 GiB of an A10's 22.5. Stated as 4 GiB it passes; stated as the whole
    // GPU's 22.5 GiB it contradicts the slice.
    let mut c = Catalog::builtin();
    let mut nv6 = c
        .offer("azure-standard-nv6ads-a10-v5-not-stated")
        .unwrap()
        .clone();
    nv6.gpu_memory_gib = Some(4.0);
    c.offers = vec![nv6.clone()];
    assert!(validate(&c).is_empty(), "{:?}", validate(&c));
    nv6.gpu_memory_gib = Some(22.5);
    c.offers = vec![nv6];
    assert_eq!(validate(&c).len(), 1);
}

/// Over every shipped model and a few loads: a slice option never takes more than one device for
/// a copy, never splits one with tensor parallelism, and holds it in the slice's own memory.
#[test]
fn no_copy_of_any_model_is_split_over_slices() {
    let c = Catalog::builtin();
    let mut slices_seen = 0;
    for m in &c.models {
        for load in [
            "",
            "&rpd=2000000",
            "&ctx=32768&seqs=64",
            "&quant=q4_k_m&engine=llamacpp",
        ] {
            let r = evaluate_query(&format!("model={}{load}", m.id), &c);
            for o in r.options.iter().filter(|o| o.slice.is_some()) {
                slices_seen += 1;
                let s = o.slice.as_ref().unwrap();
                assert!(o.gpus_per_replica <= 1, "{} {}: {}", m.id, load, o.offer_id);
                assert_eq!(o.parallelism.tp, 1, "{} {}: {}", m.id, load, o.offer_id);
                assert_eq!(o.gpu_count, o.servers, "one slice per instance");
                if o.fits {
                    assert!(
                        o.memory_per_gpu_bytes <= s.memory_bytes,
                        "{}: {}",
                        m.id,
                        o.offer_id
                    );
                    assert!(o.replicas <= o.servers);
                }
            }
        }
    }
    assert_eq!(slices_seen, c.models.len() * 4 * 4);
}
