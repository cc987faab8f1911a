//! Speed: the decode roofline worked through, MoE expert reads, interconnect, virtualisation,
//! CPU instruction sets, prefill and TTFT.

use inference_sizer::model::presets::preset;
use inference_sizer::model::*;
use inference_sizer::units::{Bytes, GIB};

#[track_caller]
fn model(id: &str) -> ModelArch {
    preset(id).unwrap_or_else(|| panic!("preset {id} missing"))
}

/// The model under the workload, at the default engine constants.
fn sized(a: &ModelArch, wl: &Workload) -> Sizing {
    Sizing::new(a, wl, &EngineConstants::default())
}

fn h100() -> GpuFigures {
    GpuFigures::with_memory_gib(79.6)
}

fn one_user() -> Workload {
    Workload {
        seqs: 1,
        ..Workload::default()
    }
}

#[track_caller]
fn close(got: f64, want: f64, tol: f64) {
    assert!(
        (got / want - 1.0).abs() < tol,
        "got {got}, want {want} (within {tol})"
    );
}

/// vLLM's shares without the fitted corrections (`perf::Calibration::NONE`): the worked examples
/// check the step's physics; `the_fitted_corrections_scale_the_shares` checks the corrections.
fn vllm() -> Efficiency {
    Efficiency {
        calibration: Some(inference_sizer::model::perf::Calibration::NONE),
        ..Efficiency::for_engine(Engine::Vllm)
    }
}

#[test]
fn eight_b_on_one_h100_at_batch_1_streams_its_weights_once_a_token() {
    // Llama-3.1-8B BF16 on one H100 SXM (a Hopper: server-engine shares 0.70 of bandwidth, 0.50
    // of matmul, 15 us a layer; `model::perf`), 1000 in / 250 out, one user.
    // Weights streamed: 16,060,522,496 - 1,050,673,152 looked-up embedding = 15,009,849,344 B
    //   at 3,350 GB/s x 0.70 = 2.345e12 B/s: 6.4008 ms.
    // KV read: 131,072 B a token x 1,125 tokens held on average (1000 + 250/2) = 147.5 MB: 0.0629 ms.
    // Compute 2 x 8.03e9 FLOPs at 989 TFLOPS x 0.5: 0.03 ms (memory bound).
    // Overhead: 32 layers x 15 us = 0.48 ms. Step = 6.4637 + 0.48 = 6.9437 ms: 144.0 tokens/s.
    let s = sized(&model("llama-3.1-8b"), &one_user()).speed(&Hardware::gpu(h100()), &vllm());
    close(s.basis.weights_ms, 15_009_849_344.0 / 2.345e12 * 1e3, 1e-9);
    close(s.basis.kv_ms, 131_072.0 * 1125.0 / 2.345e12 * 1e3, 1e-9);
    close(s.basis.overhead_ms, 0.48, 1e-9);
    let step_ms = 15_009_849_344.0 / 2.345e9 + 131_072.0 * 1125.0 / 2.345e9 + 0.48;
    close(s.step_ms, step_ms, 1e-9);
    // One user: no one else's prompt shares the replica, the speed is one over the step.
    close(s.decode_tokens_per_s_per_user, 1e3 / step_ms, 1e-9);
    assert_eq!(s.bound, "memory");
    assert_eq!(s.basis.gpu_class, "hopper");
    // Prefill of the 1000-token prompt alone: 2 x 8.03e9 x 1000 + causal attention
    // 4 x 32 x 4096 x 500 x 1000 = 1.6323e13 FLOPs at 494.5 TFLOPS = 33.01 ms, + 0.48 ms
    // overhead; the first token also waits one decode step.
    let prefill_ms =
        (2.0 * 8_030_261_248.0 * 1000.0 + 4.0 * 32.0 * 4096.0 * 500.0 * 1000.0) / 494.5e12 * 1e3
            + 0.48;
    close(s.ttft_ms, prefill_ms + step_ms, 1e-9);
}

#[test]
fn eight_b_on_one_h100_at_batch_64_reads_every_sequences_cache_and_shares_with_prefill() {
    // The same at 64 users. KV read 64 x 147.5 MB = 9.437 GB: 4.0244 ms on top of the weights'
    // 6.4008 ms; compute (2 x 8.03e9 x 64 + 4 x 32 x 4096 x 1125 x 64 = 1.0656e12 FLOPs at
    // 494.5 TFLOPS = 2.155 ms) stays under the memory time. Step = 10.4252 + 0.48 = 10.905 ms.
    // Busy prefill: 8,192-token passes, 2 x 8.03e9 x 8192 + 4 x 32 x 4096 x 500 x 8192 =
    // 1.3371e14 FLOPs = 270.40 ms + 0.48 ms: P = 30,242 tokens/s.
    // Cycle of the 64 slots: 250 x 10.905 ms + 64 x 1000 / 30,242 = 2.726 + 2.116 = 4.843 s:
    // 13.22 requests/s, 3,304 output tokens/s. Each user: 250 / (2.726 + 63 x 1000 / 30,242)
    // = 52.0 tokens/s (the others' prompts take 2.08 s of every request's life).
    let wl = Workload {
        seqs: 64,
        ..Workload::default()
    };
    let s = sized(&model("llama-3.1-8b"), &wl).speed(&Hardware::gpu(h100()), &vllm());
    close(s.basis.kv_ms, 64.0 * 131_072.0 * 1125.0 / 2.345e9, 1e-9);
    close(s.step_ms, 10.905, 1e-3);
    close(s.prefill_tokens_per_s, 30_242.0, 1e-3);
    let cycle = 250.0 * s.step_ms / 1e3 + 64.0 * 1000.0 / s.prefill_tokens_per_s;
    close(s.requests_per_s, 64.0 / cycle, 1e-9);
    close(s.requests_per_s, 13.22, 2e-3);
    close(s.aggregate_tokens_per_s, 250.0 * 64.0 / cycle, 1e-9);
    close(s.decode_tokens_per_s_per_user, 51.98, 2e-3);
    close(s.cycle_s, cycle, 1e-9);
}

#[test]
fn seventy_b_on_four_h100_pays_the_all_reduce_at_every_layer() {
    // Llama-3.3-70B BF16 on 4x H100 TP4, 32 users, 1000 in / 250 out.
    // Weights 139,006,066,688 B over 4 x 2.345e12 B/s = 14.819 ms; KV 327,680 B a token x 1,125
    // x 32 = 11.80 GB: 1.258 ms; compute 2 x 70.55e9 x 32 + 4 x 80 x 8192 x 1125 x 32 =
    // 4.610e12 FLOPs at 4 x 494.5 TFLOPS = 2.331 ms (memory bound).
    // All-reduce: 2 a layer, a ring moves 2 x 3/4 of 8192 x 2 B a token at 450 GB/s x 0.45 =
    // 202.5 GB/s (the share the all-reduce reaches in serving, `Efficiency::interconnect`):
    // 2 x 80 x 1.5 x 16,384 / 202.5e9 = 19.42 us a token, x 32 = 0.6214 ms, plus
    // 2 x 80 x 8 us of latency = 1.28 ms. Overhead 80 x 15 us = 1.2 ms.
    // Step = 16.077 + 1.901 + 1.2 = 19.178 ms.
    let wl = Workload {
        seqs: 32,
        ..Workload::default()
    };
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 4,
        servers: 1,
    };
    let s = sized(&model("llama-3.3-70b"), &wl).speed(&hw, &vllm());
    assert_eq!((s.basis.tp, s.basis.pp), (4, 1));
    close(s.basis.weights_ms, 14.819, 1e-4);
    close(s.basis.kv_ms, 1.2576, 1e-4);
    close(s.basis.allreduce_ms, 0.6214 + 1.28, 1e-3);
    close(s.basis.overhead_ms, 1.2, 1e-9);
    close(s.step_ms, 19.178, 1e-4);
}

#[test]
fn expert_parallelism_trades_the_feed_forward_all_reduce_for_an_all_to_all() {
    // gpt-oss-120b on 4x H100 (NVLink) with vLLM, 32 users: a mixture of experts on an engine
    // with expert parallelism (ep = tp = 4; `Sizing::parallelism`). 36 layers, all MoE, top-4 of
    // 128 experts, hidden 2,880 (openai/gpt-oss-120b config.json).
    // One all-reduce moves 2 x 3/4 of 2,880 x 2 B a token at 450 GB/s x 0.45 = 202.5 GB/s:
    //   1.5 x 5,760 / 202.5e9 = 42.667 ns a token.
    // A token reaches D = 4 x (1 - 0.75^4) = 2.734 GPUs, 3/4 of them remote; each GPU sends the
    // 1/4 of the batch it owns: one phase = 2.734 x 0.75 / 4 = 0.5127 hidden states a token =
    // 0.3418 all-reduces. A MoE layer: the attention all-reduce + dispatch + combine =
    // 1 + 2 x 0.3418 = 1.6836 all-reduces (against 2 without expert parallelism).
    // Bytes: 36 x 1.6836 x 42.667 ns x 32 tokens = 82.75 us; latency: 3 exchanges a layer x
    // 36 x 8 us = 864 us. Communication = 0.9468 ms (tensor parallelism alone: 0.0983 + 0.576).
    // Source of the exchange: DeepEP's dispatch/combine (github:deepseek-ai/DeepEP README) and
    // vLLM's `--enable-expert-parallel` (docs.vllm.ai, expert parallel deployment).
    let wl = Workload {
        seqs: 32,
        engine: Engine::Vllm,
        ..Workload::default()
    };
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 4,
        servers: 1,
    };
    let z = sized(&model("gpt-oss-120b"), &wl);
    assert_eq!(z.parallelism(&hw).ep, 4);
    let s = z.speed(&hw, &vllm());
    assert_eq!(s.basis.tp, 4);
    let per_allreduce = 1.5 * 5760.0 / 202.5e9;
    let phase = 4.0 * (1.0 - 0.75f64.powi(4)) * 0.75 / 4.0 / 1.5;
    close(phase, 0.341_796_875, 1e-12);
    let bytes_ms = 36.0 * (1.0 + 2.0 * phase) * per_allreduce * 32.0 * 1e3;
    close(bytes_ms, 0.082_75, 1e-3);
    close(s.basis.allreduce_ms, bytes_ms + 0.864, 1e-3);
    // The same copy on Transformers (no expert parallelism) pays two all-reduces a layer.
    let hf = sized(
        &model("gpt-oss-120b"),
        &Workload {
            engine: Engine::Transformers,
            ..wl
        },
    );
    assert_eq!(hf.parallelism(&hw).ep, 1);
}

#[test]
fn gguf_on_vllm_runs_its_matmuls_at_the_measured_experimental_speed() {
    // vLLM 0.20.0, Qwen3-14B Q4_K_M against AWQ INT4, same flags: TTFT 2.52 s against 0.29 s
    // for a 925-token prompt, 8.7x (github:vllm-project/vllm#35987). Both formats multiply at the
    // BF16 rate (weight-only 4-bit), so the compute term of a GGUF replica on vLLM is 8.7x the AWQ
    // one; one user's decode, bound by reading the weights, barely moves.
    let m = model("llama-3.1-8b");
    let hw = Hardware::gpu(h100());
    let at = |quant: Quant, seqs: u64| {
        let wl = Workload {
            quant,
            seqs,
            engine: Engine::Vllm,
            ..Workload::default()
        };
        sized(&m, &wl).speed(&hw, &vllm())
    };
    let (gguf, awq) = (at(Quant::Q4KM, 64), at(Quant::Awq4, 64));
    close(gguf.basis.compute_ms / awq.basis.compute_ms, 8.7, 1e-9);
    assert!(gguf.aggregate_tokens_per_s < 0.5 * awq.aggregate_tokens_per_s);
    assert!(gguf.ttft_ms > 3.0 * awq.ttft_ms);
    // One user: weight reads dominate; Q4_K_M (4.9 bits) reads a little more than AWQ (4.25).
    let (g1, a1) = (at(Quant::Q4KM, 1), at(Quant::Awq4, 1));
    assert!(g1.decode_tokens_per_s_per_user > 0.75 * a1.decode_tokens_per_s_per_user);
}

#[test]
fn an_moe_on_eight_gpus_streams_the_experts_its_batch_touches() {
    // DeepSeek-R1 (native FP8) on 8x H200 TP8, 64 users. Each token picks 8 of 256 experts a
    // layer: 64 tokens touch 1 - (31/32)^64 = 86.9% of them. Weights streamed: the
    // 17.229e9 B outside the routed experts + 654.068e9 x 0.8689 = 585.6e9 B, over
    // 8 x 4,800 GB/s x 0.70 = 26.88e12 B/s: 21.78 ms (one user: 17.23e9 + 654.07e9 x 8/256 =
    // 37.67e9 B, 1.40 ms).
    let h200 = GpuFigures {
        memory: Bytes(140.38 * GIB),
        bandwidth_gbs: 4800.0,
        ..h100()
    };
    let hw = Hardware::Gpu {
        gpu: h200,
        per_server: 8,
        servers: 1,
    };
    let m = model("deepseek-r1");
    let wl = Workload {
        seqs: 64,
        ..Workload::default()
    };
    let many = sized(&m, &wl).speed(&hw, &vllm());
    let share = 1.0 - (31.0f64 / 32.0).powi(64);
    let z = sized(&m, &wl);
    let w = z.weights();
    let non_expert = w.total - w.embedding_lookup - w.experts_total;
    close(
        many.basis.weights_ms,
        (non_expert + w.experts_total * share) / 26.88e12 * 1e3,
        1e-9,
    );
    close(many.basis.weights_ms, 21.78, 1e-3);
    let one = sized(&m, &one_user()).speed(&hw, &vllm());
    close(
        one.basis.weights_ms,
        (non_expert + w.experts_total / 32.0) / 26.88e12 * 1e3,
        1e-9,
    );
    // A batch of 64 reads 15x the bytes of one token, yet yields 64 tokens a step.
    assert!(many.basis.weights_ms > 14.0 * one.basis.weights_ms);
    assert!(many.aggregate_tokens_per_s > 5.0 * one.aggregate_tokens_per_s);
}

#[test]
fn every_catalogue_gpu_has_the_class_its_generation_says() {
    use inference_sizer::catalog::Catalog;
    let c = Catalog::builtin();
    let want = |id: &str| match id {
        "nvidia_a100_80gb_sxm" | "nvidia_a100_80gb_pcie" | "nvidia_a100_40gb" => "ampere_hbm",
        "nvidia_h100_sxm" | "nvidia_h100_pcie" | "nvidia_h100_nvl" | "nvidia_h200_sxm"
        | "nvidia_h200_nvl" | "nvidia_gh200" => "hopper",
        "nvidia_b200" | "nvidia_b300" => "blackwell_hbm",
        "amd_mi300x" | "amd_mi325x" | "amd_mi355x" => "cdna3",
        "intel_gaudi3" | "nvidia_v100_32gb" => "other",
        _ => "gddr",
    };
    for g in &c.gpus {
        assert_eq!(
            GpuClass::of(&GpuFigures::from(g)).id(),
            want(&g.id),
            "{}",
            g.id
        );
    }
}

#[test]
fn an_m_m_c_queue_waits_as_erlang_c_says() {
    // M/M/1 at 70%: Wq = rho / (1 - rho) x S = 2.333 S.
    close(mmc_wait_s(1, 1.0, 0.7), 0.7 / 0.3, 1e-12);
    // M/M/2 at rho 0.5 (a = 1 erlang): P(wait) = 1/3, Wq = P x S / (c (1 - rho)) = S / 3.
    close(mmc_wait_s(2, 3.0, 0.5), 1.0, 1e-12);
    // More slots at the same utilisation wait less; no load, no wait; nothing absurd panics.
    assert!(mmc_wait_s(64, 1.0, 0.7) < mmc_wait_s(8, 1.0, 0.7));
    // 1,000 slots at 70%: (1 - rho) sqrt(c) = 9.5, the wait is nil; near saturation it is not.
    assert!(mmc_wait_s(1000, 1.0, 0.7) < 1e-9);
    assert_eq!(mmc_wait_s(50_000, 1.0, 0.7), 0.0);
    assert!(mmc_wait_s(50_000, 1.0, 0.99) > 0.0);
    assert_eq!(mmc_wait_s(4, 1.0, 0.0), 0.0);
    for (c, s, r) in [
        (0, 1.0, 0.5),
        (3, f64::NAN, 0.5),
        (3, 1.0, f64::NAN),
        (u64::MAX, 1.0, 2.0),
    ] {
        let w = mmc_wait_s(c, s, r);
        assert!(w.is_finite() && w >= 0.0, "{c} {s} {r}: {w}");
    }
}

#[test]
fn a_prompt_heavy_load_gets_the_compute_its_prefill_needs() {
    // 70B at 6,000-token prompts: 2 x 70.55e9 x 6000 = 8.5e14 FLOPs a request before any
    // decode, about 1.7 s of an H100's 494.5 effective TFLOPS. A replica's requests per second
    // can never exceed its compute over that arithmetic (the old model let every slot prefill
    // at the whole machine's speed).
    let wl = Workload {
        seqs: 32,
        tokens_in: 6000,
        tokens_out: 300,
        ctx: 8192,
        quant: Quant::Fp8,
        ..Workload::default()
    };
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 4,
        servers: 1,
    };
    let s = sized(&model("llama-3.3-70b"), &wl).speed(&hw, &vllm());
    let compute = 4.0 * 1979e12 * 0.5;
    let prefill_flops = 2.0 * 70_553_706_496.0 * 6000.0;
    assert!(
        s.requests_per_s < compute / prefill_flops,
        "{} req/s",
        s.requests_per_s
    );
    // Decode (300 steps of 32 sequences holding 6,150 tokens each) takes the rest of the cycle.
    let cycle = 300.0 * s.step_ms / 1e3 + 32.0 * 6000.0 / s.prefill_tokens_per_s;
    close(s.requests_per_s, 32.0 / cycle, 1e-9);
    assert!(s.prefill_tokens_per_s < compute / (2.0 * 70_553_706_496.0));
}

#[test]
fn batching_raises_aggregate_and_lowers_each_users_speed() {
    let e = Efficiency::for_engine(Engine::Vllm);
    let hw = Hardware::gpu(h100());
    let m = model("llama-3.1-8b");
    let one = sized(&m, &one_user()).speed(&hw, &e);
    let many = sized(
        &m,
        &Workload {
            seqs: 64,
            ..Workload::default()
        },
    )
    .speed(&hw, &e);
    assert!(many.aggregate_tokens_per_s > 10.0 * one.aggregate_tokens_per_s);
    assert!(many.decode_tokens_per_s_per_user < one.decode_tokens_per_s_per_user);
}

#[test]
fn moe_reads_only_the_experts_a_batch_routes_to() {
    // One token reads k/E of the experts; a batch of b reads 1 - (1 - k/E)^b of them.
    assert_eq!(distinct_expert_share(8, 2, 1.0), 0.25);
    assert!((distinct_expert_share(8, 2, 16.0) - (1.0 - 0.75f64.powi(16))).abs() < 1e-12);
    assert!(
        (distinct_expert_share(256, 8, 32.0) - (1.0 - (31.0f64 / 32.0).powi(32))).abs() < 1e-12
    );
    assert_eq!(distinct_expert_share(0, 0, 5.0), 1.0);
    // Mixtral at one user reads ~13B of its 47B parameters: ~3x faster than a 47B dense read
    // (2.71x: the expert exchange of expert parallelism adds a third latency a layer, 32 x 8 us,
    // and two phases of 25 us, `perf::Calibration::expert_exchange_us`: 1.6 ms a step; 2.96x
    // before that cost).
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 2,
        servers: 1,
    };
    let e = Efficiency::for_engine(Engine::Vllm);
    let s = sized(&model("mixtral-8x7b"), &one_user()).speed(&hw, &e);
    let dense_equiv = 2.0 * 3350e9 * 0.70 / (46.7e9 * 2.0);
    assert!(
        s.decode_tokens_per_s_per_user > 2.65 * dense_equiv,
        "{}",
        s.decode_tokens_per_s_per_user
    );
}

#[test]
fn pcie_is_slower_than_nvlink_under_tensor_parallelism() {
    let e = Efficiency::for_engine(Engine::Vllm);
    let wl = Workload {
        seqs: 32,
        ..Workload::default()
    };
    let nvl = Hardware::Gpu {
        gpu: h100(),
        per_server: 8,
        servers: 1,
    };
    let pcie = Hardware::Gpu {
        gpu: GpuFigures {
            nvlink: false,
            interconnect_gbs: 64.0,
            ..h100()
        },
        per_server: 8,
        servers: 1,
    };
    let a = sized(&model("llama-3.3-70b"), &wl).speed(&nvl, &e);
    let b = sized(&model("llama-3.3-70b"), &wl).speed(&pcie, &e);
    assert!(a.decode_tokens_per_s_per_user > b.decode_tokens_per_s_per_user * 1.05);
}

#[test]
fn a_virtual_machine_costs_throughput() {
    let m = model("llama-3.1-8b");
    let hw = Hardware::gpu(h100());
    let bare = sized(&m, &one_user()).speed(&hw, &Efficiency::for_engine(Engine::Vllm));
    let vm = sized(&m, &one_user()).speed(
        &hw,
        &Efficiency::for_engine(Engine::Vllm).with_virtualization_penalty(0.12),
    );
    assert!(
        (vm.decode_tokens_per_s_per_user / bare.decode_tokens_per_s_per_user - 0.88).abs() < 1e-9
    );
}

#[test]
fn cpus_without_avx512_run_encoders_three_to_four_times_slower() {
    let wl = Workload {
        seqs: 32,
        ctx: 256,
        tokens_in: 128,
        engine: Engine::Transformers,
        ..Workload::default()
    };
    let cpu = |avx512| Hardware::Cpu {
        ram_bytes: Bytes(16.0 * GIB),
        bandwidth_gbs: 40.0,
        cores: 8,
        avx512,
        amx: false,
    };
    let e = Efficiency::for_engine(Engine::Transformers);
    let fast = sized(&model("bert-base-uncased"), &wl).speed(&cpu(true), &e);
    let slow = sized(&model("bert-base-uncased"), &wl).speed(&cpu(false), &e);
    let ratio = fast.requests_per_s / slow.requests_per_s;
    assert!((3.0..=4.0).contains(&ratio), "{ratio}");
    assert_eq!(
        fast.decode_tokens_per_s_per_user, 0.0,
        "encoders do not decode"
    );
    // 8 AVX2 cores at 40 GFLOPS: 2 x 109.5M params x 128 tokens = 28 GFLOP per request ->
    // about 11 requests/s.
    assert!(
        slow.requests_per_s > 8.0 && slow.requests_per_s < 14.0,
        "{}",
        slow.requests_per_s
    );
}

#[test]
fn cpu_decode_is_bound_by_memory_bandwidth() {
    // Llama-3.1-8B Q4_K_M (4.58 GiB minus the 0.27 GiB looked-up embedding) at 100 GB/s x 0.6:
    // about 13 tokens/s.
    let wl = Workload {
        quant: Quant::Q4KM,
        engine: Engine::Llamacpp,
        seqs: 1,
        ..Workload::default()
    };
    let hw = Hardware::Cpu {
        ram_bytes: Bytes(64.0 * GIB),
        bandwidth_gbs: 100.0,
        cores: 16,
        avx512: true,
        amx: false,
    };
    let s =
        sized(&model("llama-3.1-8b"), &wl).speed(&hw, &Efficiency::for_engine(Engine::Llamacpp));
    assert!(
        s.decode_tokens_per_s_per_user > 11.0 && s.decode_tokens_per_s_per_user < 15.0,
        "{}",
        s.decode_tokens_per_s_per_user
    );
    assert_eq!(s.bound, "memory");
}

#[test]
fn the_fitted_corrections_scale_the_shares() {
    use inference_sizer::model::fitted::CALIBRATION;
    use inference_sizer::model::perf::Calibration;
    // The shipped corrections (`src/model/fitted.rs`, fitted by `tests/calibration.rs`; on
    // 2026-12-02 vLLM 1.06, 0.96 per doubling of GPUs): Llama-3.1-8B BF16 on one H100 at batch 1
    // streams its 15,009,849,344 B at 3,350 GB/s x 0.70 x 1.06 and pays 32 layers x 15 us / 1.06.
    let f = CALIBRATION.engine[0];
    let s = sized(&model("llama-3.1-8b"), &one_user()).speed(
        &Hardware::gpu(h100()),
        &Efficiency::for_engine(Engine::Vllm),
    );
    close(
        s.basis.weights_ms,
        15_009_849_344.0 / (3.35e12 * 0.70 * f) * 1e3,
        1e-9,
    );
    close(s.basis.overhead_ms, 32.0 * 0.015 / f, 1e-9);
    close(s.basis.bandwidth_share, 0.70 * f, 1e-9);
    // On 4 GPUs the factor is 1.06 x 0.96^log2(4) = 0.977: the 70B's weights over 4 x 3,350
    // GB/s x 0.70 x 0.977.
    let four = CALIBRATION.factor(Engine::Vllm, false, false, 4);
    close(four, f * CALIBRATION.per_doubling[0].powi(2), 1e-12);
    let wl = Workload {
        seqs: 32,
        ..Workload::default()
    };
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 4,
        servers: 1,
    };
    let s = sized(&model("llama-3.3-70b"), &wl).speed(&hw, &Efficiency::for_engine(Engine::Vllm));
    close(
        s.basis.weights_ms,
        139_006_066_688.0 / (4.0 * 3.35e12 * 0.70 * four) * 1e3,
        1e-9,
    );
    // A mixture of experts on several GPUs takes its own factor too; on AMD the AMD one; an
    // engine without published runs (transformers) none.
    let moe = CALIBRATION.factor(Engine::Trtllm, false, true, 8);
    close(
        moe,
        CALIBRATION.engine[2] * CALIBRATION.moe_multi[2] * CALIBRATION.per_doubling[2].powi(3),
        1e-12,
    );
    close(
        CALIBRATION.factor(Engine::Vllm, true, false, 1),
        CALIBRATION.engine[0] * CALIBRATION.amd[0],
        1e-12,
    );
    assert_eq!(CALIBRATION.factor(Engine::Transformers, true, true, 8), 1.0);
    assert_eq!(Calibration::NONE.factor(Engine::Sglang, true, true, 8), 1.0);
}
