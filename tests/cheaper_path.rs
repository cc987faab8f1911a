//! A cheaper path beside the verdict (`report::alternative`): a GGUF file served by vLLM or
//! SGLang runs about 9x slower at batch than AWQ weights, so the verdict buys GPUs the same load
//! does not need with another format or engine; the report names the cheaper path and its cost,
//! and the link it gives reproduces it.

use inference_sizer::catalog::Catalog;
use inference_sizer::report::{evaluate_query, Report};

fn objective(r: &Report) -> f64 {
    let rec = r.recommendation.as_ref().expect("a verdict");
    rec.cost()
}

#[test]
fn gguf_on_vllm_names_awq_on_the_same_engine_with_its_cost() {
    // An 8B chat at 200,000 requests a day as GGUF Q4_K_M on vLLM (the default engine): the
    // experimental GGUF path computes 8.7 times slower, so prefill binds and the load needs three
    // copies, each on one H100 (Latitude.sh's annual prepaid g3.h100.small, EUR 2,226.72 a month
    // for the three). With AWQ 4-bit weights on vLLM the same load fits one L40S (Latitude.sh's
    // vm.l40s.small, EUR 406.62): 1 - 406.62 / 2,226.72 = 81.7% less. (Before scenario version 4,
    // 64 sequences on every copy put the GGUF file on RunPod's 4x RTX 5090, then on 2x MI300X
    // once the attention kernels' KV read was added to the matmuls' time; with each copy's
    // concurrency from the rate, the L40S carries the AWQ peak alone.) llama.cpp with the same
    // file costs more than that.
    let catalog = Catalog::builtin();
    let q = "model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300";
    let r = evaluate_query(q, &catalog);
    let rec = r.recommendation.as_ref().unwrap();
    assert_eq!(rec.offer_id, "latitude-sh-g3.h100.small-annual-prepaid");
    let path = r.cheaper_path.as_ref().expect("a cheaper path");
    assert_eq!(
        (path.quant.as_str(), path.engine.as_str()),
        ("awq4", "vllm")
    );
    assert_eq!(path.offer_id, "latitude-sh-vm.l40s.small");
    assert!((path.cost - 406.62).abs() < 0.01, "{}", path.cost);
    assert!((path.saving - (1.0 - path.cost / rec.monthly_cost)).abs() < 1e-12);
    assert!((path.saving - 0.8174).abs() < 0.001, "{}", path.saving);
    assert_eq!(
        path.sentence,
        "A cheaper path: with AWQ 4-bit weights on vLLM instead of the GGUF file, the same load runs on 1 machine with 1× L40S (Latitude.sh vm.l40s.small) for €406.62 a month, 82% less."
    );
    assert_eq!(path.action, "Use AWQ 4-bit weights on vLLM");
    // The sentence ends the verdict's reasons, after the GGUF caveat.
    assert_eq!(rec.reasons().last(), Some(&path.sentence));
    // Its link opens the path: the same verdict and cost, and no path of its own.
    let there = evaluate_query(&path.query, &catalog);
    assert_eq!(
        there.recommendation.as_ref().unwrap().offer_id,
        path.offer_id
    );
    assert!((objective(&there) - path.cost).abs() < 1e-9);
    assert!(there.cheaper_path.is_none());
    // And llama.cpp with the same file: dearer than the AWQ path.
    let llama = evaluate_query(&format!("{q}&engine=llamacpp"), &catalog);
    assert!(objective(&llama) > path.cost);
    assert!(
        llama.cheaper_path.is_none(),
        "llama.cpp is GGUF's own engine"
    );
    // In Spanish.
    let es = evaluate_query(&format!("{q}&lang=es"), &catalog);
    assert_eq!(
        es.cheaper_path.unwrap().sentence,
        "Un camino más barato: con pesos AWQ de 4 bits en vLLM en lugar del archivo GGUF, la misma carga funciona en 1 máquina con 1× L40S (Latitude.sh vm.l40s.small) por 406,62 € al mes, un 82 % menos."
    );
}

#[test]
fn an_8_bit_gguf_file_is_compared_with_fp8_weights_not_4_bit_ones() {
    // Q8_0 keeps about 8.5 bits a weight: the path with the same quality is FP8 (on the RTX
    // 4090's FP8 tensor cores, EUR 352.41 a month against EUR 1,484.48 for the GGUF file on two
    // H100s).
    let r = evaluate_query(
        "model=llama-3.1-8b&quant=q8_0&seqs=64&rpd=200000&in=800&out=300",
        &Catalog::builtin(),
    );
    let path = r.cheaper_path.expect("a cheaper path");
    assert_eq!((path.quant.as_str(), path.engine.as_str()), ("fp8", "vllm"));
    assert_eq!(
        path.offer_id,
        "database-mart-gpu-mart-1x-rtx-4090-dedicated-server"
    );
    assert!((path.cost - 352.41).abs() < 0.01, "{}", path.cost);
    assert!(path
        .sentence
        .contains("with FP8 weights on vLLM instead of the GGUF file"));
}

#[test]
fn no_path_where_the_format_runs_as_it_should() {
    let catalog = Catalog::builtin();
    for q in [
        "",
        "model=llama-3.1-8b&quant=awq4&seqs=64",
        "model=mixtral-8x7b&quant=q4_k_m&engine=llamacpp&seqs=4",
        "model=llama-3.3-70b&quant=fp8&rpd=5000",
    ] {
        assert!(evaluate_query(q, &catalog).cheaper_path.is_none(), "{q}");
    }
}

#[test]
fn over_a_sweep_a_path_saves_more_than_the_near_tie_margin_and_its_link_reproduces_it() {
    let catalog = Catalog::builtin();
    let mut found = 0;
    for model in [
        "llama-3.1-8b",
        "qwen2.5-14b",
        "llama-3.3-70b",
        "mixtral-8x7b",
    ] {
        for quant in ["q4_k_m", "q5_k_m", "q8_0"] {
            for load in [
                "seqs=8&rpd=5000",
                "seqs=64&rpd=200000",
                "task=lora&train_tokens=50000000",
            ] {
                for engine in ["vllm", "sglang"] {
                    let q = format!("model={model}&quant={quant}&engine={engine}&{load}");
                    let r = evaluate_query(&q, &catalog);
                    let Some(path) = &r.cheaper_path else {
                        continue;
                    };
                    found += 1;
                    let mine = objective(&r);
                    assert!(path.cost < mine * 0.9, "{q}: {} against {mine}", path.cost);
                    assert!(path.saving > 0.1 && path.saving < 1.0, "{q}");
                    let there = evaluate_query(&path.query, &catalog);
                    assert!((objective(&there) - path.cost).abs() < 1e-6, "{q}");
                }
            }
        }
    }
    assert!(found >= 6, "only {found} scenarios had a cheaper path");
}
