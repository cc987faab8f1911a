use inference_sizer::model::presets::preset;
use inference_sizer::model::*;

#[test]
fn dump() {
    let c = EngineConstants::default();
    let h100 = GpuFigures::with_memory_gib(79.6);
    for id in [
        "llama-3.1-8b",
        "llama-3.3-70b",
        "mixtral-8x7b",
        "deepseek-v3",
        "gpt-oss-120b",
        "gemma-3-27b",
        "all-minilm-l6-v2",
        "qwen2.5-72b",
    ] {
        let m = preset(id).unwrap();
        for engine in [Engine::Vllm, Engine::Llamacpp] {
            let wl = Workload {
                engine,
                ..Workload::default()
            };
            let mem = memory(&m, &wl, &Hardware::gpu(h100), &c);
            let pl = place(&m, &wl, &h100, 8, &c);
            let hw = match &pl {
                Ok(p) => Hardware::Gpu {
                    gpu: h100,
                    per_server: p.tp.min(8),
                    servers: 1.max(p.pp),
                },
                Err(_) => Hardware::gpu(h100),
            };
            let sp = speed(&m, &wl, &hw, &Efficiency::for_engine(engine));
            println!("{id} {:?} total {:.2} GiB w {:.2} kv {:.2} act {:.2} ov {:.2} | {:?} | {:.1} tok/s/user agg {:.0} ttft {:.0} ms | maxconc {} maxctx {}",
              engine, mem.total.gib(), mem.weights.gib(), mem.kv_cache.gib(), mem.activations.gib(), mem.overhead.gib(), pl.map(|p| (p.tp,p.pp,p.gpus)),
              sp.decode_tokens_per_s_per_user, sp.aggregate_tokens_per_s, sp.ttft_ms,
              max_concurrency(&m, &wl, &hw, &c), max_context(&m, &wl, &hw, &c));
        }
    }
}
