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
        gpu: Some(OfferGpu::whole("nvidia_h100_sxm", count)),
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

/// A mixture of experts on vLLM spreads its experts over the tensor-parallel GPUs of its copy
/// (expert parallelism, `--enable-expert-parallel`, `ep = tp`); llama.cpp keeps every expert
/// whole on its pipeline stage (`ep = 1`). Mixtral 8x7B in BF16 is 46.7e9 x 2 B = 93 GB: two
/// H100s hold one copy (TP 2) on the 8-GPU machine.
#[test]
fn a_mixture_of_experts_reports_its_expert_parallelism_by_engine() {
    let catalog = test_catalog();
    let vllm = evaluate_query("model=mixtral-8x7b&tps=0&ttft=0", &catalog);
    let o = option(&vllm, "box-8xh100");
    assert!(o.fits, "{:?}", o.why_not);
    assert!(o.parallelism.tp >= 2, "{:?}", o.parallelism);
    assert_eq!(o.parallelism.ep, o.parallelism.tp);
    let llamacpp = evaluate_query(
        "model=mixtral-8x7b&quant=q4_k_m&engine=llamacpp&tps=0&ttft=0",
        &catalog,
    );
    assert_eq!(option(&llamacpp, "box-8xh100").parallelism.ep, 1);
    // A dense model has no experts to spread.
    let dense = evaluate_query("model=llama-3.3-70b&tps=0&ttft=0", &catalog);
    assert_eq!(option(&dense, "box-8xh100").parallelism.ep, 1);
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

mod what_runs_where {
    use inference_sizer::catalog::Catalog;
    use inference_sizer::model::compat::{
        check, Compat, Degraded, Generation, GpuFamily, Impossible, Vendor,
    };
    use inference_sizer::model::{Engine, Quant};
    use inference_sizer::report::evaluate_query;
    use inference_sizer::scenario::Lang;

    /// Every GPU of the shipped catalogue has a vendor and a generation, read from its id, name
    /// and vendor in one place.
    #[test]
    fn every_shipped_gpu_has_a_vendor_and_a_generation() {
        let c = Catalog::builtin();
        let expected = |id: &str| -> (Vendor, Generation) {
            use Generation::*;
            let nv = Vendor::Nvidia;
            match id {
                "nvidia_b200"
                | "nvidia_b300"
                | "nvidia_rtx_pro_6000_blackwell_workstation"
                | "nvidia_rtx_5090"
                | "nvidia_rtx_pro_4000_blackwell_sff"
                | "nvidia_rtx_pro_6000_blackwell_maxq"
                | "nvidia_rtx_pro_6000_blackwell_server" => (nv, Blackwell),
                "nvidia_h200_sxm" | "nvidia_h200_nvl" | "nvidia_h100_sxm" | "nvidia_h100_pcie"
                | "nvidia_h100_nvl" | "nvidia_gh200" => (nv, Hopper),
                "nvidia_l40s"
                | "nvidia_l40"
                | "nvidia_l4"
                | "nvidia_rtx_6000_ada"
                | "nvidia_rtx_4000_sff_ada"
                | "nvidia_rtx_4090" => (nv, Ada),
                "nvidia_a100_80gb_sxm"
                | "nvidia_a100_80gb_pcie"
                | "nvidia_a100_40gb"
                | "nvidia_a10"
                | "nvidia_a10g"
                | "nvidia_rtx_a6000" => (nv, Ampere),
                "nvidia_t4" | "nvidia_v100_32gb" => (nv, PreAmpere),
                "amd_mi300x" | "amd_mi325x" | "amd_mi355x" => (Vendor::Amd, AmdMi300),
                "intel_gaudi3" => (Vendor::Intel, Gaudi),
                other => panic!("a GPU this test does not know: {other}"),
            }
        };
        for g in &c.gpus {
            let f = GpuFamily::of(&g.id, &g.name, &g.vendor);
            assert_eq!((f.vendor, f.generation), expected(&g.id), "{}", g.id);
        }
    }

    fn family(vendor: Vendor, generation: Generation) -> Option<GpuFamily> {
        Some(GpuFamily { vendor, generation })
    }

    #[test]
    fn the_rules_one_by_one() {
        use Generation::*;
        let (nv, amd) = (Vendor::Nvidia, Vendor::Amd);
        // TensorRT-LLM: NVIDIA only (NVIDIA/TensorRT-LLM README); llama.cpp everywhere.
        assert_eq!(
            check(Engine::Trtllm, Quant::Bf16, family(amd, AmdMi300)),
            Compat::Impossible(Impossible::TrtllmNeedsNvidia)
        );
        assert_eq!(
            check(Engine::Trtllm, Quant::Bf16, None),
            Compat::Impossible(Impossible::TrtllmNeedsNvidia)
        );
        assert_eq!(
            check(Engine::Trtllm, Quant::Fp8, family(nv, Hopper)),
            Compat::Runs
        );
        for f in [family(amd, AmdMi300), family(nv, Ampere), None] {
            assert_eq!(check(Engine::Llamacpp, Quant::Q4KM, f), Compat::Runs);
        }
        // NVFP4: FP4 on Blackwell; weight-only with vLLM's FP4 Marlin kernel on Ampere, Ada and
        // Hopper (SM80+); not on AMD, nor before Blackwell on the other engines.
        assert_eq!(
            check(Engine::Vllm, Quant::Nvfp4, family(nv, Blackwell)),
            Compat::Runs
        );
        for g in [Ampere, Ada, Hopper] {
            assert_eq!(
                check(Engine::Vllm, Quant::Nvfp4, family(nv, g)),
                Compat::Degraded(Degraded::Nvfp4WeightOnly)
            );
        }
        for (e, f) in [
            (Engine::Vllm, family(amd, AmdMi300)),
            (Engine::Vllm, family(nv, PreAmpere)),
            (Engine::Trtllm, family(nv, Hopper)),
            (Engine::Sglang, family(nv, Hopper)),
        ] {
            assert_eq!(
                check(e, Quant::Nvfp4, f),
                Compat::Impossible(Impossible::Nvfp4NeedsBlackwell)
            );
        }
        // FP8 compute on Ada, Hopper, Blackwell, MI300+; weight-only on Ampere; not before.
        for g in [Ada, Hopper, Blackwell] {
            assert_eq!(check(Engine::Vllm, Quant::Fp8, family(nv, g)), Compat::Runs);
        }
        assert_eq!(
            check(Engine::Vllm, Quant::Fp8, family(amd, AmdMi300)),
            Compat::Runs
        );
        assert_eq!(
            check(Engine::Vllm, Quant::Fp8, family(nv, Ampere)),
            Compat::Degraded(Degraded::Fp8WeightOnly)
        );
        assert_eq!(
            check(Engine::Vllm, Quant::Fp8, family(nv, PreAmpere)),
            Compat::Impossible(Impossible::Fp8TooOld)
        );
        // GGUF: llama.cpp and Ollama; vLLM with a warning; not TensorRT-LLM.
        assert_eq!(
            check(Engine::Ollama, Quant::Q4KM, family(nv, Hopper)),
            Compat::Runs
        );
        assert_eq!(
            check(Engine::Vllm, Quant::Q4KM, family(nv, Hopper)),
            Compat::Degraded(Degraded::GgufExperimental)
        );
        assert_eq!(
            check(Engine::Trtllm, Quant::Q4KM, family(nv, Hopper)),
            Compat::Impossible(Impossible::GgufNotOnEngine)
        );
        // llama.cpp loads GGUF files, not AWQ checkpoints; BF16 converts losslessly.
        assert_eq!(
            check(Engine::Llamacpp, Quant::Awq4, family(nv, Hopper)),
            Compat::Impossible(Impossible::NeedsGguf)
        );
        assert_eq!(
            check(Engine::Llamacpp, Quant::Bf16, family(nv, Hopper)),
            Compat::Runs
        );
    }

    #[test]
    fn an_impossible_choice_is_not_usable_and_says_why_in_both_languages() {
        let c = Catalog::builtin();
        for (lang, words) in [
            ("en", "TensorRT-LLM runs on NVIDIA GPUs only"),
            ("es", "TensorRT-LLM solo funciona en GPU de NVIDIA"),
        ] {
            let r = evaluate_query(&format!("model=llama-3.1-8b&engine=trtllm&lang={lang}"), &c);
            let amd: Vec<_> = r
                .options
                .iter()
                .filter(|o| o.gpu_id.as_deref().is_some_and(|g| g.starts_with("amd_")))
                .collect();
            assert!(!amd.is_empty());
            for o in amd {
                assert!(!o.usable, "{}", o.offer_id);
                let why = o.why_not.as_deref().unwrap_or_default();
                assert!(why.contains(words), "{lang}: {why}");
            }
            let rec = r.recommendation.as_ref().expect("an NVIDIA option");
            assert!(rec
                .gpu_id
                .as_deref()
                .is_some_and(|g| g.starts_with("nvidia_")));
        }
        // NVFP4 before Blackwell on TensorRT-LLM: every usable option is a Blackwell GPU.
        let r = evaluate_query("model=llama-3.3-70b&quant=nvfp4&engine=trtllm", &c);
        for o in r.options.iter().filter(|o| o.gpu_count > 0) {
            let g = c.gpu(o.gpu_id.as_deref().unwrap()).unwrap();
            let f = GpuFamily::of(&g.id, &g.name, &g.vendor);
            if f.generation != Generation::Blackwell && f.vendor == Vendor::Nvidia {
                assert!(!o.usable, "{}", o.offer_id);
                assert!(o.why_not.as_deref().unwrap_or_default().contains("NVFP4"));
            }
        }
        assert!(r.options.iter().any(|o| o.usable));
    }

    #[test]
    fn a_degraded_choice_runs_and_says_what_it_costs() {
        let c = Catalog::builtin();
        // FP8 on an A100 runs weight-only: usable, with the caveat; the speed model reads the
        // A100's BF16 peak for it (it has no FP8 figure).
        let r = evaluate_query("model=llama-3.1-8b&quant=fp8&gpus=nvidia_a100_80gb_sxm", &c);
        let rec = r.recommendation.as_ref().expect("an A100 option");
        let caveat = Degraded::Fp8WeightOnly.sentence(Lang::En);
        assert!(rec.reasons().contains(&caveat), "{:?}", rec.reasons());
        let a100 = r
            .options
            .iter()
            .find(|o| o.offer_id == rec.offer_id)
            .unwrap();
        assert_eq!(a100.caveat.as_deref(), Some(caveat.as_str()));
        assert!(c.gpu("nvidia_a100_80gb_sxm").unwrap().fp8_tflops.is_none());
        // GGUF on vLLM: usable, with the warning; on llama.cpp no warning.
        let r = evaluate_query("model=llama-3.1-8b&quant=q4_k_m&lang=es", &c);
        let rec = r.recommendation.as_ref().expect("a verdict");
        assert!(rec
            .reasons()
            .contains(&Degraded::GgufExperimental.sentence(Lang::Es)));
        let r = evaluate_query("model=llama-3.1-8b&quant=q4_k_m&engine=llamacpp", &c);
        assert!(r.options.iter().all(|o| o.caveat.is_none()));
    }
}

mod replicas_from_the_load {
    use inference_sizer::catalog::Catalog;
    use inference_sizer::cost::Parallelism;
    use inference_sizer::report::evaluate_query;

    /// A hand-worked prompt-heavy load: Llama 3.1 8B (8.03e9 parameters, BF16), 1,000,000
    /// requests a day of 8,000 prompt and 200 output tokens, around the clock, peak factor 2.
    /// Peak: 1e6 / 86,400 s x 2 = 23.15 requests/s. Arithmetic: 2 FLOPs per parameter per token
    /// (Kaplan et al. 2020, "Scaling laws", C_forward = 2N): 23.15 x 8,200 x 2 x 8.03e9 =
    /// 3.05e15 FLOP/s. An H100 SXM peaks at 989 TFLOP/s dense BF16 (NVIDIA H100 datasheet), 495
    /// at vLLM's 0.5 compute efficiency: at least 3.05e15 / 4.95e14 = 6.2, so 7 H100 SXM, however
    /// fast the memory-bound decode is.
    #[test]
    fn a_prompt_heavy_load_gets_enough_compute() {
        let c = Catalog::builtin();
        let r = evaluate_query(
            "model=llama-3.1-8b&in=8000&out=200&rpd=1000000&gpus=nvidia_h100_sxm",
            &c,
        );
        let rec = r.recommendation.as_ref().expect("a verdict");
        let peak: f64 = 1e6 / 86_400.0 * 2.0;
        let need = peak * 8_200.0 * 2.0 * 8_030_261_248.0;
        assert!((need / 3.05e15 - 1.0).abs() < 0.01, "{need}");
        let h100 = 989e12 * 0.5;
        assert!(rec.replicas >= 7, "{} replicas", rec.replicas);
        assert!(
            rec.gpu_count as f64 * h100 >= need,
            "{} GPUs",
            rec.gpu_count
        );
        // The reason says how many copies the load needs and which limit decides, with its
        // figures: here what one copy completes (prefill and decode sharing its compute) binds
        // before the bare arithmetic does, and it asks for more copies than the 7 above.
        let o = r
            .options
            .iter()
            .find(|o| o.offer_id == rec.offer_id)
            .unwrap();
        // Each copy's concurrency follows from the rate (scenario version 4): the layouts of an
        // 8x H100 machine are searched and TP2 (4 copies a machine) meets the 2 s target with
        // the fewest machines.
        assert_eq!(o.gpus_per_replica, 2);
        let reason = rec
            .reasons()
            .iter()
            .find(|x| x.starts_with("The load needs "))
            .expect("a reason on the replicas");
        // 8 copies share the 23.15 requests/s of the peak: 23.15 / 8 = 2.89 each, and prefill
        // (8,000 prompt tokens a request) is what binds.
        assert!(
            reason.starts_with("The load needs 8 replicas: the prompts' prefill takes most of each copy's compute; each copy takes 2.89 requests/s at peak"),
            "{reason}"
        );
        assert_eq!(rec.replicas, 8);
    }

    /// The done-when sweep: every usable option's GPUs, at the dense peak of the weights'
    /// precision, cover the prefill and decode arithmetic of the peak load with room to spare
    /// (at least 1.5x: the engines reach about half of the peak).
    #[test]
    fn every_usable_option_covers_the_arithmetic_of_its_load() {
        let c = Catalog::builtin();
        for model in [
            "llama-3.1-8b",
            "llama-3.3-70b",
            "qwen2.5-72b",
            "mixtral-8x7b",
        ] {
            for quant in ["bf16", "fp8", "awq4"] {
                for (tin, tout, rpd) in [
                    (1000, 250, 20_000),
                    (8000, 200, 500_000),
                    (500, 500, 2_000_000),
                ] {
                    let q = format!(
                        "model={model}&quant={quant}&in={tin}&out={tout}&rpd={rpd}&ctx=16384"
                    );
                    let r = evaluate_query(&q, &c);
                    let active = r.model.active_params as f64;
                    let need = rpd as f64 / 86_400.0 * 2.0 * (tin + tout) as f64 * 2.0 * active;
                    for o in r.options.iter().filter(|o| o.usable && o.gpu_count > 0) {
                        let g = c.gpu(o.gpu_id.as_deref().unwrap()).unwrap();
                        let peak = match quant {
                            "fp8" => g.fp8_tflops.unwrap_or(g.bf16_tflops),
                            _ => g.bf16_tflops,
                        } * 1e12;
                        let Parallelism { tp, pp, .. } = o.parallelism;
                        assert_eq!(o.gpus_per_replica, tp * pp, "{q}");
                        let gpus = o.replicas * o.gpus_per_replica;
                        assert!(
                            gpus as f64 * peak >= 1.5 * need,
                            "{q}: {} has {gpus} GPUs for {need:e} FLOP/s",
                            o.offer_id
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_reason_names_the_limit_that_decides() {
        // A chat load on one GPU: a request rate one replica completes.
        let r = evaluate_query("model=llama-3.1-8b&rpd=200000&lang=es", &Catalog::builtin());
        let rec = r.recommendation.as_ref().unwrap();
        // 200,000 a day over 86,400 s x 2 = 4.63 requests/s at peak, 2.31 on each of 2 copies.
        assert!(
            rec.reasons()
                .iter()
                .any(|x| x.starts_with("La carga necesita 2 réplicas")
                    && x.contains("cada copia recibe 2,31 peticiones/s en el pico")),
            "{:?}",
            rec.reasons()
        );
    }
}

/// Over the sweep: a `v=1` link reads as the same scenario with `kv_basis=full`, and gives the
/// same report; a link without `v` reads as the current version (the tokens in flight).
#[test]
fn version_1_links_read_as_full_context_kv_over_the_sweep() {
    let catalog = Catalog::builtin();
    for q in sweep().iter().step_by(5) {
        let v1 = evaluate_query(&format!("v=1&{q}"), &catalog);
        // Before version 5, a link without `ttft` meant 2,000 ms whatever the model.
        let ttft = if q.contains("ttft=") {
            ""
        } else {
            "&ttft=2000"
        };
        let full = evaluate_query(
            &format!("{q}&kv_basis=full&community=1&conc=stated{ttft}"),
            &catalog,
        );
        assert_eq!(v1, full, "{q}");
        assert_eq!(
            v1.memory.kv_cache_bytes, v1.memory.kv_cache_full_context_bytes,
            "{q}"
        );
        let now = evaluate_query(q, &catalog);
        assert!(
            now.memory.kv_cache_bytes <= now.memory.kv_cache_full_context_bytes,
            "{q}"
        );
    }
}

#[test]
fn several_copies_over_a_fabric_say_each_and_in_all() {
    use inference_sizer::words::cost::DeploymentShape;
    let shape = DeploymentShape {
        replicas: 2,
        gpus_per_replica: 16,
        servers: 4,
        servers_per_replica: 2,
        gpu: "H100 SXM (80GB)",
        tp: 8,
        pp: 2,
        fabric: Some(("roce", 400.0)),
    };
    assert_eq!(
        shape.sentence(Lang::En),
        "2 replicas, each over 2 machines of 8× H100 SXM (80GB), tensor parallel 8, pipeline parallel 2 over RoCE at 400 Gb/s, 4 machines in all"
    );
    assert_eq!(
        shape.sentence(Lang::Es),
        "2 réplicas, cada una sobre 2 máquinas de 8× H100 SXM (80GB), paralelismo tensorial 8, 2 etapas de pipeline por RoCE a 400 Gb/s, 4 máquinas en total"
    );
}
