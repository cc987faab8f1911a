//! Memory per engine, placement over GPUs and servers, largest concurrency and context,
//! fine-tuning and CPU inference: worked examples with the arithmetic in comments.

use inference_sizer::model::presets::preset;
use inference_sizer::model::*;
use inference_sizer::report::{MemoryTerm, Provenance};
use inference_sizer::units::{Bytes, GIB, MIB};

#[track_caller]
fn model(id: &str) -> ModelArch {
    preset(id).unwrap_or_else(|| panic!("preset {id} missing"))
}

fn h100() -> GpuFigures {
    GpuFigures::with_memory_gib(79.6)
}

fn h200() -> GpuFigures {
    GpuFigures {
        memory: Bytes(131.0 * GIB),
        bandwidth_gbs: 4800.0,
        ..h100()
    }
}

fn on_one(gpu: GpuFigures) -> Hardware {
    Hardware::gpu(gpu)
}

fn term<'a>(m: &'a MemoryBreakdown, key: &str) -> &'a Term {
    m.terms
        .iter()
        .find(|t| t.key == key)
        .unwrap_or_else(|| panic!("no term {key}"))
}

#[track_caller]
fn assert_close(got: f64, want: f64, tol: f64) {
    assert!((got - want).abs() <= tol, "{got} vs {want}");
}

#[test]
fn vllm_reserves_a_tenth_of_the_gpu() {
    // Llama-3.1-8B bf16, 16 x 8192 tokens, one H100, vLLM:
    // weights 16,060,522,496 B = 14.957 GiB; KV 131,072 x 8192 x 16 = 16 GiB; activations 5.5 GiB
    // (llm-d); overhead 0.15 + 0.5 GiB; used 37.107 GiB; reserve used x (1/0.9 - 1) = 4.123 GiB.
    let wl = Workload::default();
    let m = Sizing::new(&model("llama-3.1-8b"), &wl, &EngineConstants::default())
        .memory(&on_one(h100()));
    assert_eq!(m.weights.0, 16_060_522_496.0);
    assert_eq!(m.kv_cache.0, 16.0 * GIB);
    assert_eq!(m.activations.0, 5.5 * GIB);
    let used = 16_060_522_496.0 + 16.0 * GIB + 5.5 * GIB + 0.65 * GIB;
    assert_close(term(&m, "reserve").bytes.0, used / 9.0, 1.0);
    assert_close(m.total.0, used / 0.9, 1.0);
    assert_eq!(m.kv_bytes_per_token.0, 131_072.0);
    assert!(m.fits);
    assert_eq!((m.tp, m.pp, m.devices), (1, 1, 1));
    // The terms add up to the total and carry provenance.
    let sum: f64 = m.terms.iter().map(|t| t.bytes.0).sum();
    assert_close(sum, m.total.0, 1.0);
    assert_eq!(term(&m, "weights").provenance, Provenance::Exact);
    assert_eq!(term(&m, "kv_cache").provenance, Provenance::Exact);
    assert_eq!(term(&m, "activations").provenance, Provenance::Empirical);
    let act = term(&m, "activations");
    assert!(act.low.0 < act.bytes.0 && act.high.0 > act.bytes.0);
    let r: MemoryTerm = act.written(inference_sizer::scenario::Lang::En);
    assert_eq!(r.bytes, (5.5 * GIB) as u64);
    assert_eq!(
        (r.key.id(), r.provenance),
        ("activations", Provenance::Empirical)
    );
    assert!(
        r.basis.starts_with("vLLM peak activation measured"),
        "{}",
        r.basis
    );
}

#[test]
fn activations_follow_the_batched_tokens() {
    let m = model("llama-3.1-8b");
    let wl = Workload::default();
    let half = EngineConstants {
        max_batched_tokens: 4096,
        ..EngineConstants::default()
    };
    let vllm = Sizing::new(&m, &wl, &half).memory(&on_one(h100()));
    assert_eq!(vllm.activations.0, 2.75 * GIB);
    let trt = Workload {
        engine: Engine::Trtllm,
        ..Workload::default()
    };
    // AIConfigurator: 2 x 4096 x 4096 x 11 = 369,098,752 B.
    assert_eq!(
        Sizing::new(&m, &trt, &half)
            .memory(&on_one(h100()))
            .activations
            .0,
        369_098_752.0
    );
}

#[test]
fn llama_cpp_has_a_compute_buffer_and_a_small_footprint() {
    // Llama-3.1-8B Q4_K_M, one sequence of 8192, llama.cpp with flash attention, ubatch 512:
    // logits 128,256 x 512 x 4 = 262,668,288; FFN 512 x 14,336 x 4 x 2 = 58,720,256 (> attention
    // 8192 x 512 x 2 + 512 x 4096 x 4 = 16,777,216); inputs 512 x 4096 x 4 + 8192 x 512 x 4
    // = 25,165,824 -> 346,554,368 B (330.5 MiB); footprint 250 MiB.
    let wl = Workload {
        quant: Quant::Q4KM,
        seqs: 1,
        engine: Engine::Llamacpp,
        ..Workload::default()
    };
    let m = Sizing::new(&model("llama-3.1-8b"), &wl, &EngineConstants::default())
        .memory(&on_one(h100()));
    assert_eq!(m.activations.0, 346_554_368.0);
    assert_eq!(term(&m, "overhead").bytes.0, 250.0 * MIB);
    assert_eq!(m.kv_cache.0, GIB);
    assert!(m.terms.iter().all(|t| t.key != "reserve"));
    // Q4_K_M weights 4.8944 bpw x 8,030,261,248 / 8 = 4.58 GiB.
    assert_close(m.weights.gib(), 4.575, 0.01);
}

#[test]
fn ollama_adds_its_minimum_and_a_layer_buffer() {
    let c = EngineConstants::default();
    let base = Workload {
        quant: Quant::Q4KM,
        seqs: 1,
        engine: Engine::Llamacpp,
        ..Workload::default()
    };
    let ollama = Workload {
        engine: Engine::Ollama,
        ..base.clone()
    };
    let a = Sizing::new(&model("llama-3.1-8b"), &base, &c).memory(&on_one(h100()));
    let b = Sizing::new(&model("llama-3.1-8b"), &ollama, &c).memory(&on_one(h100()));
    // 457 MiB + one layer of weights (~133 MiB at Q4_K_M) + its KV (32 MiB).
    let extra = b.total.0 - a.total.0;
    assert!(
        extra > 600.0 * MIB && extra < 650.0 * MIB,
        "{}",
        extra / MIB
    );
}

#[test]
fn trtllm_and_sglang_reserve_their_own_way() {
    let c = EngineConstants::default();
    let m = model("llama-3.1-8b");
    let trt = Sizing::new(
        &m,
        &Workload {
            engine: Engine::Trtllm,
            ..Workload::default()
        },
        &c,
    )
    .memory(&on_one(h100()));
    // KV gets 90% of the free memory: the reserve is KV/0.9 - KV = 16/9 GiB.
    assert_close(term(&trt, "reserve").bytes.0, 16.0 * GIB / 9.0, 1.0);
    // AIConfigurator: 2 x 8192 tokens x 4096 x 11 = 738,197,504 B of activations.
    assert_eq!(trt.activations.0, 738_197_504.0);
    let sg = Sizing::new(
        &m,
        &Workload {
            engine: Engine::Sglang,
            ..Workload::default()
        },
        &c,
    )
    .memory(&on_one(h100()));
    // Weights + KV = 30.957 GiB are 88% of the need: total = 35.18 GiB.
    assert_close(sg.total.gib(), (16_060_522_496.0 / GIB + 16.0) / 0.88, 1e-6);
}

#[test]
fn tensor_parallel_degrees_need_divisible_heads() {
    assert_eq!(
        valid_tp_degrees(&model("llama-3.1-8b"), 8),
        vec![1, 2, 4, 8]
    );
    // Phi-4: 40 heads, 10 KV heads: 4 and 8 divide 40 but not 10 (nor are multiples of 10).
    assert_eq!(valid_tp_degrees(&model("phi-4"), 8), vec![1, 2, 5]);
    // Qwen2.5-7B: 28 heads, 4 KV heads: 7 divides 28 but 4 and 7 are incompatible.
    assert_eq!(valid_tp_degrees(&model("qwen2.5-7b"), 8), vec![1, 2, 4]);
    // Llama-3.1-8B at TP 16: 8 KV heads, each replicated on two GPUs.
    assert_eq!(
        valid_tp_degrees(&model("llama-3.1-8b"), 16),
        vec![1, 2, 4, 8, 16]
    );
}

#[test]
fn kv_heads_are_replicated_when_fewer_than_gpus() {
    // 16 GPUs, 8 KV heads: every GPU holds one head, 1/8 of the cache, so the 16 GPUs together
    // hold twice the ideal 16 GiB.
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 16,
        servers: 1,
    };
    let m = Sizing::new(
        &model("llama-3.1-8b"),
        &Workload::default(),
        &EngineConstants::default(),
    )
    .memory(&hw);
    assert_eq!((m.tp, m.pp), (16, 1));
    assert_eq!(m.kv_cache.0, 32.0 * GIB);
}

#[test]
fn placement_prefers_tensor_parallelism_within_a_server() {
    let c = EngineConstants::default();
    // Llama-3.3-70B bf16 (131.4 GiB of weights + 40 GiB KV at 16 x 8k): TP 2 leaves 65.7 + 20
    // GiB per GPU (too much), TP 4 fits.
    let p = Sizing::new(&model("llama-3.3-70b"), &Workload::default(), &c)
        .place(&h100(), 8)
        .unwrap();
    assert_eq!((p.tp, p.pp, p.gpus, p.servers), (4, 1, 4, 1));
    assert!(p.per_gpu_bytes.0 <= h100().memory.0);
    // Llama-3.1-8B fits on one.
    let p = Sizing::new(&model("llama-3.1-8b"), &Workload::default(), &c)
        .place(&h100(), 8)
        .unwrap();
    assert_eq!((p.tp, p.gpus), (1, 1));
}

#[test]
fn pipeline_stages_span_servers_when_one_is_not_enough() {
    let c = EngineConstants::default();
    // DeepSeek-V3 in its native FP8: 671e9 params ~ 626 GiB of weights; 8 x 79.6 GiB = 637 GiB
    // is not enough with cache and runtime, so two servers of 8 H100 (TP 8, PP 2).
    let wl = Workload::default();
    let p = Sizing::new(&model("deepseek-v3"), &wl, &c)
        .place(&h100(), 8)
        .unwrap();
    assert_eq!((p.tp, p.pp, p.gpus, p.servers), (8, 2, 16, 2));
    // One server of 8 H200 (131 GiB each) holds it.
    let p = Sizing::new(&model("deepseek-v3"), &wl, &c)
        .place(&h200(), 8)
        .unwrap();
    assert_eq!((p.tp, p.pp, p.servers), (8, 1, 1));
    // llama.cpp splits by layers only.
    let lc = Workload {
        engine: Engine::Llamacpp,
        quant: Quant::Q4KM,
        ..Workload::default()
    };
    let p = Sizing::new(&model("llama-3.3-70b"), &lc, &c)
        .place(&GpuFigures::with_memory_gib(22.0), 4)
        .unwrap();
    assert_eq!(p.tp, 1);
    assert!(p.pp >= 2);
}

#[test]
fn pipeline_stages_carry_the_embedding_and_the_head() {
    // Gemma-3-27B bf16 split by llama.cpp over 4 GPUs: 54,018,004,480 B of weights, the tied
    // 262,144 x 5376 embedding (2,818,572,288 B) on the first stage and again as head on the last.
    // Heaviest stage: (54,018,004,480 - 2,818,572,288) / 4 + 2,818,572,288 = 15,618,430,336 B.
    let wl = Workload {
        engine: Engine::Llamacpp,
        seqs: 1,
        ..Workload::default()
    };
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 4,
        servers: 1,
    };
    let m = Sizing::new(&model("gemma-3-27b"), &wl, &EngineConstants::default()).memory(&hw);
    assert_eq!((m.tp, m.pp), (1, 4));
    assert_eq!(m.weights.0, 54_018_004_480.0 + 2_818_572_288.0);
    // The other terms are spread evenly over the 4 stages.
    let per_device_weights = m.per_device.0 - (m.kv_cache.0 + m.activations.0 + m.overhead.0) / 4.0;
    assert!(
        (per_device_weights - 15_618_430_336.0).abs() < 1.0,
        "{per_device_weights}"
    );
    let sum: f64 = m.terms.iter().map(|t| t.bytes.0).sum();
    assert!((sum - m.total.0).abs() < 1.0);
}

#[test]
fn an_impossible_placement_says_why_in_english_and_spanish() {
    use inference_sizer::scenario::Lang;
    // Llama-3.1-405B in BF16: 405,853,388,800 parameters x 2 B = 811.7 GB over 126 layers
    // = 6.44e9 B = 6.00 GiB a layer, far beyond a 0.5 GiB GPU even at one stage per layer.
    let tiny = GpuFigures::with_memory_gib(0.5);
    let err = Sizing::new(
        &model("llama-3.1-405b"),
        &Workload::default(),
        &EngineConstants::default(),
    )
    .place(&tiny, 8)
    .unwrap_err();
    assert_eq!(
        err.sentence(Lang::En),
        "does not fit on 0.5 GiB GPUs even split over 126 pipeline stages (one layer alone needs 6.00 GiB of weights plus runtime and cache)"
    );
    assert_eq!(err.to_string(), err.sentence(Lang::En));
    assert_eq!(
        err.sentence(Lang::Es),
        "no cabe en GPU de 0,5 GiB ni repartiendo sus capas en 126 etapas (una sola capa necesita 6,00 GiB de pesos, más el entorno de ejecución y la caché)"
    );
    // A one-layer model says so without "1 stages"; a GPU without a memory figure says that.
    let one_layer = NoFit::TooBig {
        gpu_memory: Bytes(24.0 * GIB),
        stages: 1,
        one_layer_weights: Bytes(1536.5 * GIB),
    };
    assert_eq!(
        one_layer.sentence(Lang::En),
        "does not fit on 24.0 GiB GPUs: its one layer alone needs 1,536.50 GiB of weights plus runtime and cache"
    );
    assert_eq!(
        one_layer.sentence(Lang::Es),
        "no cabe en GPU de 24,0 GiB: su única capa ya necesita 1.536,50 GiB de pesos, más el entorno de ejecución y la caché"
    );
    let no_memory = Sizing::new(
        &model("llama-3.1-8b"),
        &Workload::default(),
        &EngineConstants::default(),
    )
    .place(&GpuFigures::with_memory_gib(0.0), 8)
    .unwrap_err();
    assert_eq!(no_memory, NoFit::NoMemoryFigure);
    assert_eq!(no_memory.sentence(Lang::En), "the GPU has no memory figure");
    assert_eq!(no_memory.sentence(Lang::Es), "la GPU no indica su memoria");
}

#[test]
fn each_term_says_where_it_comes_from_in_spanish_too() {
    use inference_sizer::scenario::Lang;
    let c = EngineConstants::default();
    let m = model("llama-3.1-8b");
    let basis_in = |wl: &Workload, hw: &Hardware, lang: Lang| {
        let b = Sizing::new(&m, wl, &c).memory(hw);
        b.terms
            .iter()
            .map(|t| (t.key.to_string(), t.basis.sentence(lang)))
            .collect::<Vec<_>>()
    };
    let serving = Workload::default();
    let es = basis_in(&serving, &on_one(h100()), Lang::Es);
    let said = |key: &str| es.iter().find(|t| t.0 == key).unwrap().1.as_str();
    // KV per token 131,072 B; thousands with a point, as in Spain.
    assert_eq!(
        said("kv_cache"),
        "131.072 B/token x 8.192 tokens x 16 secuencias"
    );
    assert_eq!(said("weights"), "cada parámetro en 2 bytes");
    assert_eq!(
        said("reserve"),
        "vLLM usa gpu_memory_utilization (0,90) de cada GPU: el resto queda libre"
    );
    // The same terms in English, written as the report writes them.
    let en = basis_in(&serving, &on_one(h100()), Lang::En);
    assert_eq!(
        en,
        Sizing::new(&m, &serving, &c)
            .memory(&on_one(h100()))
            .terms
            .iter()
            .map(|t| {
                let r = t.written(Lang::En);
                (r.key.id().to_string(), r.basis)
            })
            .collect::<Vec<_>>()
    );
    assert_eq!(en[1].1, "131,072 B/token x 8,192 tokens x 16 sequences");

    let lora = Workload {
        task: Task::Lora,
        seqs: 2,
        ctx: 4096,
        ..Workload::default()
    };
    let es_lora = basis_in(&lora, &on_one(h100()), Lang::Es);
    let said = |key: &str| es_lora.iter().find(|t| t.0 == key).unwrap().1.as_str();
    assert_eq!(
        said("activations"),
        "activaciones de entrenamiento de un microlote de 2 x 4.096 tokens por dispositivo según Korthikanti et al. (34·s·b·h por capa, FlashAttention); al recalcularlas en la pasada hacia atrás solo se guardan las entradas de cada capa"
    );
    assert_eq!(
        said("adapters"),
        "adaptadores LoRA en cada capa lineal, entrenados en fp32 con AdamW (16 B por parámetro de adaptador)"
    );

    // No English sentence left, whatever the engine, task or hardware.
    let cpu = Hardware::Cpu {
        ram_bytes: Bytes(64.0 * GIB),
        bandwidth_gbs: 60.0,
        cores: 16,
        avx512: false,
        amx: false,
    };
    for engine in [
        Engine::Vllm,
        Engine::Sglang,
        Engine::Trtllm,
        Engine::Llamacpp,
        Engine::Ollama,
        Engine::Transformers,
    ] {
        for task in [Task::Infer, Task::Lora, Task::Full] {
            for quant in [Quant::Bf16, Quant::Fp32, Quant::Q4KM, Quant::Awq4] {
                let wl = Workload {
                    engine,
                    task,
                    quant,
                    ..Workload::default()
                };
                for hw in [on_one(h100()), cpu.clone()] {
                    for (key, basis) in basis_in(&wl, &hw, Lang::Es) {
                        // Words, leaving out identifiers and file paths (`llm/memory.go`).
                        let words: Vec<&str> = basis
                            .split_whitespace()
                            .filter(|t| !t.contains(['/', '_', '.']))
                            .flat_map(|t| t.split(|c: char| !c.is_alphanumeric()))
                            .collect();
                        for english in [
                            "every",
                            "layers",
                            "sequences",
                            "keeps",
                            "memory",
                            "weights",
                            "runtime",
                            "gradients",
                            "master",
                            "adapters",
                            "trained",
                            "device",
                            "measured",
                            "parameters",
                            "quoted",
                            "footprint",
                            "free",
                            "share",
                            "compute",
                            "buffer",
                            "context",
                            "elsewhere",
                            "kept",
                            "of",
                            "the",
                            "and",
                            "per",
                            "with",
                            "for",
                            "at",
                            "uses",
                        ] {
                            assert!(!words.contains(&english), "{english:?} in {key}: {basis}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_largest_concurrency_and_context_that_fit() {
    let c = EngineConstants::default();
    let hw = on_one(h100());
    // vLLM may use 0.9 x 79.6 = 71.64 GiB; fixed 14.957 + 5.5 + 0.65 = 21.107 GiB; each 8k
    // sequence adds 1 GiB: 50.53 -> 50 sequences.
    assert_eq!(
        Sizing::new(&model("llama-3.1-8b"), &Workload::default(), &c).max_concurrency(&hw),
        50
    );
    // 16 sequences share 50.533 GiB: 50.533 x 2^30 / (16 x 131,072) = 25,872 tokens each.
    let ctx = Sizing::new(&model("llama-3.1-8b"), &Workload::default(), &c).max_context(&hw);
    assert!((25_860..=25_880).contains(&ctx), "{ctx}");
    // Capped at the model's own limit: Llama-3.1-8B Q4 alone on an H200 reaches 131,072.
    let one = Workload {
        seqs: 1,
        quant: Quant::Q4KM,
        engine: Engine::Llamacpp,
        ..Workload::default()
    };
    assert_eq!(
        Sizing::new(&model("llama-3.1-8b"), &one, &c).max_context(&on_one(h200())),
        131_072
    );
    // Nothing fits: 0.
    assert_eq!(
        Sizing::new(&model("llama-3.1-405b"), &Workload::default(), &c).max_concurrency(&hw),
        0
    );
}

#[test]
fn fine_tuning_memory_by_method() {
    let c = EngineConstants::default();
    let hw = Hardware::unbounded();
    let m = model("llama-3.1-8b");
    let p = 8_030_261_248.0;
    let at = |task: Task, gc: bool| {
        let wl = Workload {
            task,
            seqs: 1,
            ctx: 2048,
            grad_checkpointing: gc,
            ..Workload::default()
        };
        Sizing::new(&m, &wl, &c).memory(&hw)
    };
    let full = at(Task::Full, true);
    // Mixed-precision AdamW: bf16 weights 2 + grads 2 + fp32 master and moments 12 = 16 B/param.
    assert_eq!(
        full.weights.0 + term(&full, "gradients").bytes.0 + term(&full, "optimizer").bytes.0,
        16.0 * p
    );
    assert_eq!(
        term(&full, "gradients").high.0,
        4.0 * p,
        "18 B/param with fp32 gradients"
    );
    let lora = at(Task::Lora, true);
    // Rank 16 on q,k,v,o,gate,up,down: per layer (in + out) = 81,920; x 16 x 32 layers
    // = 41,943,040 adapter params x 16 B = 671,088,640 B.
    assert_eq!(term(&lora, "adapters").bytes.0, 671_088_640.0);
    assert_eq!(lora.weights.0, 2.0 * p);
    let qlora = at(Task::Qlora, true);
    // 4-bit NF4 base (embeddings and head stay 16-bit): 5.7 GB against 16.1 GB.
    assert!(
        qlora.weights.0 < 0.36 * lora.weights.0,
        "{}",
        qlora.weights.0 / lora.weights.0
    );
    assert!(qlora.total < lora.total && lora.total < full.total);
    // Gradient checkpointing keeps only layer inputs: 34x -> 2x per layer.
    let no_gc = at(Task::Full, false);
    assert!(no_gc.activations.0 > 5.0 * full.activations.0);
    // Unsloth/LLaMA-Factory scale: QLoRA of an 8B near 6-10 GB, full FT over 120 GB.
    assert!(
        qlora.total.gb() > 5.0 && qlora.total.gb() < 12.0,
        "{}",
        qlora.total.gb()
    );
    assert!(full.total.gb() > 128.0);
}

#[test]
fn a_lora_of_llama_8b_at_the_default_batch_fits_one_48_gb_gpu() {
    use inference_sizer::report::model_workload;
    use inference_sizer::scenario::Scenario;
    // `task=lora` alone: the training defaults, a micro-batch of 2 sequences x 4,096 tokens with
    // gradient checkpointing (not the serving 16 x 8,192, which asked for ~120 GB of activations
    // per GPU and 984 GB over the 8 GPUs it then needed).
    let (s, _) = Scenario::from_query("model=llama-3.1-8b&task=lora");
    let wl = model_workload(&s);
    assert_eq!((wl.seqs, wl.ctx, wl.grad_checkpointing), (2, 4096, true));
    let m = Sizing::new(&model("llama-3.1-8b"), &wl, &EngineConstants::default())
        .memory(&on_one(h100()));
    // Weights, BF16: 8,030,261,248 x 2 = 16,060,522,496 B.
    assert_eq!(m.weights.0, 16_060_522_496.0);
    // Activations with checkpointing (h 4,096, 32 layers, vocabulary 128,256; s·b = 8,192 tokens):
    //   layer inputs   2 x 8,192 x 4,096 x 32   =  2,147,483,648
    //   one layer     34 x 8,192 x 4,096         =  1,140,850,688
    //   fp32 logits    4 x 8,192 x 128,256       =  4,202,692,608
    //                                     total     7,491,026,944 B (6.98 GiB)
    assert_eq!(m.activations.0, 7_491_026_944.0);
    // Adapters, rank 16: 41,943,040 params x 16 B = 671,088,640; runtime 0.5 + 0.5 GiB.
    assert_eq!(term(&m, "adapters").bytes.0, 671_088_640.0);
    assert_eq!(term(&m, "overhead").bytes.0, 1_073_741_824.0);
    // 16,060,522,496 + 7,491,026,944 + 671,088,640 + 1,073,741,824 = 25,296,379,904 B (23.6 GiB):
    // one 48 GB L40S holds it; LLaMA-Factory quotes 16 GB for a 7B LoRA before activations.
    assert_eq!(m.total.0, 25_296_379_904.0);
    assert!(term(&m, "activations")
        .basis
        .sentence(inference_sizer::scenario::Lang::En)
        .contains("2 x 4096 tokens"));

    // A batch the user sets is kept; serving is unchanged.
    let (s, _) = Scenario::from_query("model=llama-3.1-8b&task=lora&seqs=8&ctx=2048");
    let wl = model_workload(&s);
    assert_eq!((wl.seqs, wl.ctx), (8, 2048));
    let (s, _) = Scenario::from_query("model=llama-3.1-8b&task=lora&ctx=16384");
    assert_eq!(model_workload(&s).seqs, 2);
    assert_eq!(model_workload(&s).ctx, 16384);
    let (s, _) = Scenario::from_query("model=llama-3.1-8b");
    assert_eq!(
        (model_workload(&s).seqs, model_workload(&s).ctx),
        (16, 8192)
    );
}

#[test]
fn fine_tuning_states_are_sharded_over_the_gpus() {
    let c = EngineConstants::default();
    let wl = Workload {
        task: Task::Full,
        seqs: 1,
        ctx: 2048,
        ..Workload::default()
    };
    let m = model("llama-3.1-8b");
    let one = Sizing::new(&m, &wl, &c).memory(&Hardware::gpu(h100()));
    let eight = Sizing::new(&m, &wl, &c).memory(&Hardware::Gpu {
        gpu: h100(),
        per_server: 8,
        servers: 1,
    });
    assert!(!one.fits);
    assert!(eight.fits, "{} GiB per GPU", eight.per_device.gib());
    assert_close(eight.weights.0, one.weights.0, 1.0);
}

#[test]
fn cpu_inference_counts_ram_for_the_os() {
    let c = EngineConstants::default();
    let vps = Hardware::Cpu {
        ram_bytes: Bytes(8.0 * GIB),
        bandwidth_gbs: 20.0,
        cores: 4,
        avx512: false,
        amx: false,
    };
    let wl = Workload {
        seqs: 8,
        ctx: 256,
        engine: Engine::Transformers,
        ..Workload::default()
    };
    let m = Sizing::new(&model("all-minilm-l6-v2"), &wl, &c).memory(&vps);
    assert!(m.fits);
    assert_eq!(term(&m, "os_reserve").bytes.0, GIB);
    assert!(m.total.gib() < 2.0, "{}", m.total.gib());
    // Llama-3.1-70B Q4_K_M does not fit a 32 GiB server.
    let server = Hardware::Cpu {
        ram_bytes: Bytes(32.0 * GIB),
        bandwidth_gbs: 300.0,
        cores: 32,
        avx512: true,
        amx: true,
    };
    let big = Workload {
        quant: Quant::Q4KM,
        engine: Engine::Llamacpp,
        seqs: 1,
        ..Workload::default()
    };
    assert!(
        !Sizing::new(&model("llama-3.1-70b"), &big, &c)
            .memory(&server)
            .fits
    );
    assert!(
        Sizing::new(&model("llama-3.1-8b"), &big, &c)
            .memory(&server)
            .fits
    );
}

#[test]
fn a_sizing_holds_what_it_prepared_and_answers_at_another_context() {
    // gpt-oss-120b at the app's default bf16 runs its native MXFP4 mix: the Sizing holds the
    // counts, weights and KV shape of that format, as the free functions give them.
    let c = EngineConstants::default();
    let a = model("gpt-oss-120b");
    let wl = Workload::default();
    let z = Sizing::new(&a, &wl, &c);
    assert_eq!(z.weight_quant(), Quant::Mxfp4);
    assert_eq!(z.params(), param_counts(&a));
    assert_eq!(*z.weights(), weight_bytes(&a, Quant::Mxfp4));
    assert_eq!(*z.kv(), kv_shape(&a, wl.kv));
    assert_eq!(z.context_limit(), a.max_position);
    assert_eq!(z.workload(), &wl);
    // At another context: the figures of a Sizing built for that context, terms left out.
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 2,
        servers: 1,
    };
    let long = Workload {
        ctx: 65_536,
        ..wl.clone()
    };
    let direct = Sizing::new(&a, &long, &c).memory(&hw);
    let moved = z.with_context(65_536).memory_figures(&hw);
    assert!(moved.terms.is_empty());
    assert_eq!(
        MemoryBreakdown {
            terms: Vec::new(),
            ..direct.clone()
        },
        moved
    );
    assert!(moved.kv_cache.0 > z.memory_figures(&hw).kv_cache.0);
    assert_eq!(direct.terms.len(), 5);
}

/// The KV cache for the tokens in flight (vLLM's paged cache holds the tokens actually in use:
/// Kwon et al. 2023, "Efficient Memory Management for Large Language Model Serving with
/// PagedAttention"), never less than one request at the full context.
#[test]
fn the_kv_cache_follows_the_tokens_in_flight() {
    // Llama 3.1 8B: 131,072 B a token. 200 concurrent chats of 1,000 + 250 tokens at ctx 8,192.
    let a = model("llama-3.1-8b");
    let wl = |basis, engine| Workload {
        ctx: 8192,
        seqs: 200,
        tokens_in: 1000,
        tokens_out: 250,
        engine,
        kv_basis: basis,
        ..Workload::default()
    };
    let consts = EngineConstants::default();
    let flight = Sizing::new(&a, &wl(KvBasis::Inflight, Engine::Vllm), &consts);
    let full = Sizing::new(&a, &wl(KvBasis::Full, Engine::Vllm), &consts);
    let hw = Hardware::unbounded();
    // In flight: 200 x 1,250 = 250,000 tokens x 131,072 B = 30.5 GiB; every request at its full
    // context: 200 x 8,192 = 1,638,400 tokens = 200 GiB, 6.55 times as much.
    assert_eq!(flight.kv_tokens_in_flight(8192, 200), 250_000);
    let m = flight.memory(&hw);
    assert_eq!(m.kv_cache.0, 250_000.0 * 131_072.0);
    assert_eq!(m.kv_cache_full_context.0, 200.0 * 8192.0 * 131_072.0);
    assert_eq!(m.kv_cache_full_context.0 / GIB, 200.0);
    let f = full.memory(&hw);
    assert_eq!(
        (f.kv_cache, f.kv_cache_full_context),
        (m.kv_cache_full_context, m.kv_cache_full_context)
    );
    // Never less than one request at the full context: 2 chats of 1,250 tokens still leave room
    // for one request of 8,192 tokens.
    assert_eq!(flight.kv_tokens_in_flight(8192, 2), 8192);
    // A request longer than the context is cut to it: at ctx 1,000 each of 2 holds 1,000 tokens.
    assert_eq!(flight.kv_tokens_in_flight(1000, 2), 2000);
    // llama.cpp and Ollama allocate every slot's whole context: full either way.
    let llama = Sizing::new(&a, &wl(KvBasis::Inflight, Engine::Llamacpp), &consts);
    assert!(!llama.kv_in_flight());
    assert_eq!(llama.kv_tokens_in_flight(8192, 200), 8192 * 200);
    // More requests of 1,250 tokens fit than requests of 8,192 (an 80 GB H100 after the 16 GB
    // of weights): the concurrency follows the basis.
    let gpu = Hardware::gpu(h100());
    assert!(flight.max_concurrency(&gpu) > 5 * full.max_concurrency(&gpu));
    // The KV term says both figures in one line.
    let kv = term(&m, "kv_cache")
        .basis
        .sentence(inference_sizer::lang::Lang::En);
    assert_eq!(
        kv,
        "sized for 250,000 tokens in flight (200 requests x 1,250 prompt and output tokens, at least one request at the full context) x 131,072 B/token; if every request used its full 8,192-token context: 200.0 GiB"
    );
}

/// DeepSeek-style latent attention keeps one latent head, so tensor parallelism copies the whole
/// latent cache onto every GPU; SGLang's data-parallel attention (`--enable-dp-attention`,
/// SGLang's DeepSeek docs) and vLLM's data-parallel attention give each GPU its own requests
/// and their cache only.
#[test]
fn latent_attention_runs_data_parallel_on_sglang_and_vllm() {
    // DeepSeek-V3: (512 latent + 64 rope) x 61 layers x 2 B = 70,272 B a token.
    let a = model("deepseek-v3");
    let wl = |engine| Workload {
        quant: Quant::Fp8,
        ctx: 8192,
        seqs: 32,
        engine,
        kv_basis: KvBasis::Full,
        ..Workload::default()
    };
    let consts = EngineConstants::default();
    let hw = Hardware::Gpu {
        gpu: h200(),
        per_server: 8,
        servers: 1,
    };
    let sizing = |engine| Sizing::new(&a, &wl(engine), &consts);
    let one_copy = 32.0 * 8192.0 * 70_272.0;
    let trt = sizing(Engine::Trtllm).memory(&hw);
    let sgl = sizing(Engine::Sglang).memory(&hw);
    assert_eq!(sgl.kv_bytes_per_token.0, 70_272.0);
    // TensorRT-LLM: every one of the 8 GPUs holds all 32 requests' latent cache (18.4 GB).
    assert_close(trt.kv_cache.0, 8.0 * one_copy, 1.0);
    // SGLang: the 8 GPUs hold it once between them.
    assert_close(sgl.kv_cache.0, one_copy, 1.0);
    assert!(sizing(Engine::Vllm).dp_attention(8));
    assert!(!sizing(Engine::Sglang).dp_attention(1));
    assert!(term(&sgl, "kv_cache")
        .basis
        .sentence(inference_sizer::lang::Lang::En)
        .ends_with("data-parallel attention: each GPU holds only the latent cache of its own requests, not a copy of all of it"));
}
