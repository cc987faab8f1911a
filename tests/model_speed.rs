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

#[test]
fn decode_is_bandwidth_over_bytes_read() {
    // Llama-3.1-8B bf16 on one H100, one user, 1000 in / 250 out (average context 1125):
    // bytes per token = weights without the looked-up input embedding
    //   16,060,522,496 - 1,050,673,152 = 15,009,849,344
    // + KV read 131,072 x 1125 = 147,456,000  -> 15,157,305,344 B
    // at 3350 GB/s x 0.75 = 2.5125e12 B/s: 6.0328 ms -> 165.76 tokens/s (memory bound).
    let s = sized(&model("llama-3.1-8b"), &one_user()).speed(
        &Hardware::gpu(h100()),
        &Efficiency::for_engine(Engine::Vllm),
    );
    let want = 2.5125e12 / 15_157_305_344.0;
    assert!(
        (s.decode_tokens_per_s_per_user / want - 1.0).abs() < 1e-9,
        "{}",
        s.decode_tokens_per_s_per_user
    );
    assert_eq!(s.bound, "memory");
    assert_eq!(s.aggregate_tokens_per_s, s.decode_tokens_per_s_per_user);
    // Prefill of 1000 tokens: 2 x 8.03e9 x 1000 + attention 2 x 32 x 4096 x 1000^2 FLOPs at
    // 989 TFLOPS x 0.5 = 32.99 ms; TTFT adds one decode step.
    let flops = 2.0 * 8_030_261_248.0 * 1000.0 + 2.0 * 32.0 * 4096.0 * 1e6;
    let prefill_ms = flops / (989e12 * 0.5) * 1e3;
    assert!(
        (s.ttft_ms - prefill_ms - 1e3 / want).abs() < 1e-6,
        "{}",
        s.ttft_ms
    );
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
    // Mixtral at one user reads ~13B of its 47B parameters: ~3x faster than a 47B dense read.
    let hw = Hardware::Gpu {
        gpu: h100(),
        per_server: 2,
        servers: 1,
    };
    let e = Efficiency::for_engine(Engine::Vllm);
    let s = sized(&model("mixtral-8x7b"), &one_user()).speed(&hw, &e);
    let dense_equiv = 2.0 * 3350e9 * 0.75 / (46.7e9 * 2.0);
    assert!(
        s.decode_tokens_per_s_per_user > 3.0 * dense_equiv,
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
