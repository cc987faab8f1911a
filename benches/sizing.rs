//! One full sizing evaluation: parameters, weights, KV, memory on the chosen GPUs, the smallest
//! placement, speed, and the largest concurrency and context (target < 50 µs).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use inference_sizer::model::presets::builtin_presets;
use inference_sizer::model::*;

fn full_evaluation(a: &ModelArch, wl: &Workload, gpu: &GpuFigures) -> f64 {
    let c = EngineConstants::default();
    let e = Efficiency::for_engine(wl.engine);
    let z = Sizing::new(a, wl, &c);
    let placement = z.place(gpu, 8);
    // Run on the placement found (or one full server when nothing fits).
    let (per_server, servers) = match &placement {
        Ok(pl) => (pl.gpus.clamp(1, 8), pl.servers.max(1)),
        Err(_) => (8, 1),
    };
    let hw = Hardware::Gpu {
        gpu: *gpu,
        per_server,
        servers,
    };
    let m = z.memory(&hw);
    let s = z.speed(&hw, &e);
    let conc = z.max_concurrency(&hw);
    let ctx = z.max_context(&hw);
    m.total.0
        + s.decode_tokens_per_s_per_user
        + conc as f64
        + ctx as f64
        + param_counts(a).active as f64
}

fn bench(c: &mut Criterion) {
    let presets = builtin_presets();
    let find = |id: &str| {
        presets
            .iter()
            .find(|m| m.id == id)
            .cloned()
            .expect("preset")
    };
    let h100 = GpuFigures::with_memory_gib(79.6);
    let cases = [
        (
            "llama-3.3-70b bf16 vllm",
            find("llama-3.3-70b"),
            Workload::default(),
        ),
        (
            "deepseek-v3 q4_k_m llamacpp",
            find("deepseek-v3"),
            Workload {
                quant: Quant::Q4KM,
                engine: Engine::Llamacpp,
                ..Workload::default()
            },
        ),
        (
            "gpt-oss-120b native vllm",
            find("gpt-oss-120b"),
            Workload::default(),
        ),
    ];
    for (name, arch, wl) in cases {
        c.bench_function(&format!("full sizing: {name}"), |b| {
            b.iter(|| full_evaluation(black_box(&arch), black_box(&wl), black_box(&h100)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
