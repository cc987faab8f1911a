//! How a buyer checks a speed figure: the engine's own benchmark for the scenario, the server
//! started with the model and its parallelism, the client at the workload's lengths and
//! concurrency. The figures to compare: output tokens/s (the aggregate), the median TPOT (1000 /
//! the per-user speed) and the median TTFT.

use super::options::Engine;

/// The scenario a benchmark runs.
#[derive(Clone, Copy, Debug)]
pub struct BenchSetting<'a> {
    pub engine: Engine,
    /// The model as the engine loads it: a Hugging Face repository (or the app's id).
    pub model: &'a str,
    pub tp: u64,
    pub pp: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub concurrency: u64,
}

/// The engine's benchmark command for `b`, server then client, one shell line each; empty for
/// an engine with no benchmark of its own (transformers).
///
/// - vLLM: `vllm serve` and `vllm bench serve` with random prompts (docs.vllm.ai,
///   `vllm.benchmarks.serve`);
/// - SGLang: `sglang.launch_server` and `sglang.bench_serving` (docs.sglang.io, Bench Serving
///   Guide);
/// - TensorRT-LLM: `trtllm-serve` and `tensorrt_llm.serve.scripts.benchmark_serving` (TensorRT-LLM
///   docs, "Run benchmarking with trtllm-serve");
/// - llama.cpp: `llama-bench` at the prompt and output lengths (one stream);
/// - Ollama: `ollama run --verbose` (prints the prompt and eval rates).
///
/// The client sends ten requests per concurrent slot (at least 100) so the load settles.
pub fn benchmark_command(b: &BenchSetting) -> String {
    let (m, tp, pp) = (b.model, b.tp.max(1), b.pp.max(1));
    let (tin, tout, c) = (
        b.tokens_in.max(1),
        b.tokens_out.max(1),
        b.concurrency.max(1),
    );
    let n = (c * 10).max(100);
    let random = format!(
        "--dataset-name random --random-input-len {tin} --random-output-len {tout} --max-concurrency {c} --num-prompts {n}"
    );
    match b.engine {
        Engine::Vllm => format!(
            "vllm serve {m} --tensor-parallel-size {tp}{}\nvllm bench serve --model {m} {random}",
            if pp > 1 {
                format!(" --pipeline-parallel-size {pp}")
            } else {
                String::new()
            }
        ),
        Engine::Sglang => format!(
            "python -m sglang.launch_server --model-path {m} --tp {tp}{}\npython -m sglang.bench_serving --backend sglang --model {m} {random}",
            if pp > 1 {
                format!(" --pp-size {pp}")
            } else {
                String::new()
            }
        ),
        Engine::Trtllm => format!(
            "trtllm-serve {m} --tp_size {tp} --pp_size {pp}\npython -m tensorrt_llm.serve.scripts.benchmark_serving --model {m} {random}"
        ),
        Engine::Llamacpp => format!("llama-bench -m model.gguf -p {tin} -n {tout} -ngl 99"),
        Engine::Ollama => format!("ollama run {m} --verbose"),
        Engine::Transformers => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_engine_benchmarks_the_scenario_it_is_given() {
        let b = BenchSetting {
            engine: Engine::Vllm,
            model: "meta-llama/Llama-3.3-70B-Instruct",
            tp: 4,
            pp: 1,
            tokens_in: 1000,
            tokens_out: 200,
            concurrency: 32,
        };
        assert_eq!(
            benchmark_command(&b),
            "vllm serve meta-llama/Llama-3.3-70B-Instruct --tensor-parallel-size 4\nvllm bench serve --model meta-llama/Llama-3.3-70B-Instruct --dataset-name random --random-input-len 1000 --random-output-len 200 --max-concurrency 32 --num-prompts 320"
        );
        let s = benchmark_command(&BenchSetting {
            engine: Engine::Sglang,
            pp: 2,
            ..b
        });
        assert!(s.contains("--tp 4 --pp-size 2") && s.contains("sglang.bench_serving"));
        let t = benchmark_command(&BenchSetting {
            engine: Engine::Trtllm,
            concurrency: 1,
            ..b
        });
        assert!(
            t.contains("--tp_size 4") && t.contains("--num-prompts 100"),
            "{t}"
        );
        let l = benchmark_command(&BenchSetting {
            engine: Engine::Llamacpp,
            ..b
        });
        assert_eq!(l, "llama-bench -m model.gguf -p 1000 -n 200 -ngl 99");
        assert!(benchmark_command(&BenchSetting {
            engine: Engine::Transformers,
            ..b
        })
        .is_empty());
    }
}
