//! The speed model's fitted constants, in one place: which class of GPU a figure set belongs to,
//! and for each class and kind of engine the shares of datasheet peak that published runs reach
//! and the fixed cost of a layer. Every constant says where it comes from: a published figure,
//! or the fit to `tests/data/throughput.csv` (`cargo test --test calibration -- --nocapture`
//! prints the errors; the fit is a deterministic coordinate search over these constants, the
//! ignored test `fit_the_constants` in the same file).

use super::compat::Vendor;
use super::options::Engine;
use super::workload::GpuFigures;
use serde::{Deserialize, Serialize};

/// Class of accelerator, told from its figures (the catalogue's GPUs and a custom one alike):
/// memory technology and generation decide how much of the peak kernels reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GpuClass {
    /// A100: HBM2e, no FP8.
    AmpereHbm,
    /// H100 / H200 / GH200: HBM3(e), FP8, no FP4.
    Hopper,
    /// B200 and later HBM parts with FP4.
    BlackwellHbm,
    /// AMD MI300X / MI325X: FP8 at twice BF16, BF16 above 1,100 TFLOPS.
    Cdna3,
    /// GDDR cards: GeForce, RTX professional, L40S, L4, A10 and the like.
    Gddr,
    /// Anything else (Gaudi, Volta): the Hopper shares, untested.
    Other,
}

impl GpuClass {
    /// The class of a GPU from its figures. The thresholds separate the catalogue's GPUs
    /// (`tests/model_speed.rs` checks every one): HBM parts stream at 1.5 TB/s and more (A100
    /// 40GB 1,555; GDDR7's RTX 5090 and RTX PRO 6000 reach 1,792 but carry FP4 below 4 TB/s).
    pub fn of(g: &GpuFigures) -> GpuClass {
        let (bw, bf16) = (g.bandwidth_gbs, g.bf16_tflops);
        // AMD's Instinct parts with FP8 (MI300X, MI325X, MI355X) share CDNA's matrix-core
        // efficiency: by its figures alone an MI355X (8 TB/s, FP4) would pass for a B200.
        if g.vendor == Vendor::Amd && g.fp8_tflops.is_some() {
            return GpuClass::Cdna3;
        }
        match (g.fp8_tflops, g.fp4_tflops) {
            (_, Some(_)) if bw >= 4000.0 => GpuClass::BlackwellHbm,
            (_, Some(_)) => GpuClass::Gddr,
            (Some(f8), None) if f8 >= 1.5 * bf16 && bf16 >= 1100.0 => GpuClass::Cdna3,
            (Some(f8), None) if f8 < 1.5 * bf16 => GpuClass::Other,
            (Some(_), None) if bw >= 1500.0 => GpuClass::Hopper,
            (None, None) if bw >= 1500.0 => GpuClass::AmpereHbm,
            (None, None) if bw >= 900.0 && g.nvlink => GpuClass::Other,
            _ => GpuClass::Gddr,
        }
    }
    pub const ALL: [GpuClass; 6] = [
        GpuClass::AmpereHbm,
        GpuClass::Hopper,
        GpuClass::BlackwellHbm,
        GpuClass::Cdna3,
        GpuClass::Gddr,
        GpuClass::Other,
    ];
    /// Position in [`GpuClass::ALL`] (a [`ShareTable`]'s column).
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn id(self) -> &'static str {
        match self {
            GpuClass::AmpereHbm => "ampere_hbm",
            GpuClass::Hopper => "hopper",
            GpuClass::BlackwellHbm => "blackwell_hbm",
            GpuClass::Cdna3 => "cdna3",
            GpuClass::Gddr => "gddr",
            GpuClass::Other => "other",
        }
    }
}

/// Serving engines grouped by how their kernels behave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// vLLM, SGLang, TensorRT-LLM: fused kernels, CUDA graphs, continuous batching.
    Server,
    /// llama.cpp and Ollama: portable kernels, one sequence at a time in the published runs.
    Portable,
    /// Hugging Face transformers: eager PyTorch.
    Eager,
}

impl EngineKind {
    pub const ALL: [EngineKind; 3] = [EngineKind::Server, EngineKind::Portable, EngineKind::Eager];
    /// Position in [`EngineKind::ALL`] (a [`ShareTable`]'s row).
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn of(e: Engine) -> EngineKind {
        match e {
            Engine::Vllm | Engine::Sglang | Engine::Trtllm => EngineKind::Server,
            Engine::Llamacpp | Engine::Ollama => EngineKind::Portable,
            Engine::Transformers => EngineKind::Eager,
        }
    }
}

/// What one class of GPU under one kind of engine reaches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shares {
    /// Share of peak memory bandwidth while streaming weights and KV cache.
    pub bandwidth: f64,
    /// Share of the format's peak matmul rate on dense layers (decode and prefill).
    pub matmul: f64,
    /// Share of the matmul rate the routed experts reach (grouped GEMMs over few tokens each),
    /// relative to `matmul`.
    pub experts: f64,
    /// Fixed time per layer per forward pass (kernel launches, scheduling, norms), microseconds.
    pub layer_us: f64,
}

/// The shares for a class of GPU and an engine kind.
///
/// Fitted by `fit_the_constants` in `tests/calibration.rs` (a coordinate search from the values
/// below, rounded to two figures; median |error| 8.1%, 94 of 101 rows within 30% before
/// rounding), starting from published figures:
/// - **Server engines on Hopper**: bandwidth 0.70 fits TensorRT-LLM's batch-1 70B FP8 ITL on
///   2x H100 (18.6 ms, NIM 1.8) with the all-reduce; matmul 0.50 the 2,048-token TTFT of
///   Llama-2-7B FP8 (36 ms, TensorRT-LLM 0.5) and the offline 8B FP8 runs at 128/128 (28,312
///   tok/s, TensorRT-LLM 1.0). The maximum achievable matmul is 80% of peak BF16 on H100 SXM and
///   71% in FP8 (published MAMF figures): whole models at 0.5 are plausible. 15 us a layer of
///   launches and scheduling (CUDA graphs: a few microseconds a kernel).
/// - **A100**: matmul 0.70 of the BF16 peak (MAMF 87%): its 133 ms Llama-2-7B TTFT at 2,048
///   tokens; bandwidth 0.64.
/// - **B200**: 0.62 and 0.38 (NVFP4 and FP8 peaks are reached less than Hopper's FP8).
/// - **MI300X**: MAMF is 51% of peak BF16: matmul 0.35; bandwidth 0.55 (MLPerf v4.1 Llama-2-70B
///   FP8 on one MI300X, 3,063 tok/s, vLLM 0.4.3). Two rows only: the page shows a range.
/// - **GDDR cards under server engines** (L40S, TensorRT-LLM 0.5): 0.74 and 0.51.
/// - **Portable engines (llama.cpp)**: GDDR cards stream at 80-87% of peak at batch 1 (RTX 4090
///   8B F16 at 54.8 tok/s = 881 GB/s of 1,008): 0.85; HBM parts reach 42-74% with the same
///   builds (H100 PCIe 8B F16 1.09 of 2.0 TB/s): 0.60 on Hopper with 90 us a layer (the 8B and
///   13B Q4 rows, where the weight read is short, fix it), 0.50 on A100. Prefill (pp512): about
///   90% of the 4090's FP16 rate, 23% of the H100 PCIe's: 0.51 and 0.19.
/// - **Experts**: grouped GEMMs over a few tokens per expert reach a quarter of the dense rate
///   on the TensorRT-LLM MoE rows (gpt-oss, Qwen3 MoE, DeepSeek-R1).
/// - **Eager transformers**: not in the data; below the portable shares (heuristic).
pub fn shares(class: GpuClass, kind: EngineKind) -> Shares {
    use EngineKind::*;
    use GpuClass::*;
    let s = |bandwidth, matmul, experts, layer_us| Shares {
        bandwidth,
        matmul,
        experts,
        layer_us,
    };
    match (kind, class) {
        (Server, Hopper | Other) => s(0.70, 0.50, 0.25, 15.0),
        (Server, BlackwellHbm) => s(0.62, 0.38, 0.27, 12.0),
        (Server, AmpereHbm) => s(0.64, 0.70, 0.25, 8.0),
        (Server, Cdna3) => s(0.55, 0.35, 0.25, 20.0),
        (Server, Gddr) => s(0.74, 0.51, 0.25, 15.0),
        (Portable, Gddr) => s(0.85, 0.51, 0.5, 33.0),
        (Portable, Hopper | Other | BlackwellHbm | Cdna3) => s(0.60, 0.19, 0.5, 90.0),
        (Portable, AmpereHbm) => s(0.50, 0.40, 0.5, 25.0),
        (Eager, _) => s(0.45, 0.30, 0.25, 60.0),
    }
}

/// Every kind of engine (rows) by every class of GPU (columns): the table the fit searches
/// ([`super::Efficiency::shares`] overrides [`shares`] with one).
pub type ShareTable = [[Shares; 6]; 3];

/// [`shares`] as a table.
pub fn table() -> ShareTable {
    EngineKind::ALL.map(|k| GpuClass::ALL.map(|c| shares(c, k)))
}

/// The bandwidth and matmul shares [`Efficiency::for_engine`](super::Efficiency::for_engine)
/// states for an engine: the reference the fitted shares scale from, so that a person's
/// `bw_eff` or `flops_eff` moves every class of GPU by the same ratio.
pub fn reference(kind: EngineKind) -> (f64, f64) {
    let s = shares(GpuClass::Hopper, kind);
    (s.bandwidth, s.matmul)
}

/// Corrections of the speed model by engine, vendor and layout: each multiplies the shares of
/// peak ([`shares`]) a replica reaches (bandwidth and matmul) and divides its per-layer overhead,
/// so a factor of 0.8 makes every step 20% slower where those terms bound it. The shares are the
/// physics of a class of GPU under a kind of engine; these say what the data shows beyond them:
/// that vLLM, SGLang and TensorRT-LLM do not reach the same share on the same GPU, that AMD's
/// CDNA reaches a different share under each engine, and that a mixture of experts spread over
/// several GPUs loses more to its per-step exchange than the all-to-all term accounts for.
///
/// Fitted by `tests/calibration.rs` (`fit_calibration`: per factor, the median log-ratio of
/// published over modelled speed over the rows it applies to, three sweeps), over
/// `tests/data/throughput.csv`, `tests/data/throughput-2026-12-02.csv` and
/// `tests/data/throughput-2026-12-03.csv`; the test refits them
/// with every source, model family and GPU held out in turn and reports the held-out error.
/// A factor whose rows are fewer than [`MIN_RUNS_TO_FIT`] stays at 1 (the shared class).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Per engine, in [`engine_slot`] order (vLLM, SGLang, TensorRT-LLM, llama.cpp/Ollama).
    pub engine: [f64; 4],
    /// On AMD Instinct GPUs, per engine (the same order), on top of `engine`.
    pub amd: [f64; 4],
    /// A mixture of experts on more than one GPU, per engine, on top of the others.
    pub moe_multi: [f64; 4],
    /// On runs of an earlier period than the one the model represents ([`earlier_period`]), per
    /// engine, on top of the others: the engine's speed then over its speed now on the same
    /// physics. It rests on pairs: earlier runs of an engine on a model and GPU it also ran in the
    /// current period (at least [`MIN_RUNS_TO_FIT`] of them, as many current runs, and in
    /// [`MIN_FAMILIES_FOR_PERIOD`] model families or more), and it
    /// applies to those runs only, so that they calibrate the current engine; other runs, and
    /// engines without such pairs, keep 1. The app sizes the current period and never applies
    /// it.
    pub period: [f64; 4],
    /// Per doubling of the GPUs of a replica, per engine: what the all-reduce and exchange terms
    /// leave out of the loss of tensor parallelism (TensorRT-LLM 0.20, Llama-3.3-70B FP8 on
    /// H200 at 1000/1000: 2,744 output tokens/s per GPU at TP1, 2,560 at TP2, 2,171 at TP4,
    /// 1,593 at TP8).
    pub per_doubling: [f64; 4],
    /// Tokens per expert per pass at which the fitted expert share ([`Shares::experts`]) holds
    /// ([`EXPERT_TOKENS_REF`] when chosen on every run); the cross-validation chooses it again in
    /// every fold among [`EXPERT_TOKENS_REF_CANDIDATES`].
    pub expert_tokens_ref: f64,
    /// The share of the link's one-way bandwidth the all-reduce and the expert exchange reach,
    /// as chosen with these factors (`Efficiency::interconnect` ships the choice made on every
    /// run; `tests/calibration.rs` fails when the two part); chosen again in every fold among
    /// [`LINK_SHARE_CANDIDATES`].
    pub link_share: f64,
    /// How a mixture of experts spreads over a replica's tensor-parallel GPUs: expert parallel
    /// (`true`, the layout the app sizes: each GPU holds whole experts, tokens go to them by
    /// all-to-all) or tensor parallel (`false`: every GPU holds a slice of every expert and the
    /// layer all-reduces as a dense one). TensorRT-LLM runs MoE tensor parallel unless an expert
    /// parallel size is set (`Mapping`: `moe_tp_size = tp_size`, `moe_ep_size = 1` by default),
    /// so its published runs with a plain TP layout are expressed with `false`
    /// (`tests/support/published.rs`); the shipped calibration says `true`.
    pub expert_parallel: bool,
    /// Microseconds each phase of an expert-parallel exchange (the dispatch of tokens to their
    /// experts' GPUs, the combine back) costs beyond the link's latency, in every MoE layer: the
    /// routing, the layout kernels and the synchronisation an all-to-all pays where an all-reduce
    /// does not (DeepEP's low-latency kernels on 8 H800s: 77 us a dispatch and 114 us a combine of
    /// 128 tokens, github:deepseek-ai/DeepEP README). It sets a floor under a small batch's step:
    /// DeepSeek-R1 on 8 B200s with SGLang decodes one sequence in 9.2 ms a token, 61 layers, where
    /// reading its 37 billion active FP8 weights takes under 1 ms (the SGLang cookbook, 2025-12).
    /// Chosen among [`EXPERT_EXCHANGE_US_CANDIDATES`] like the other structural constants.
    pub expert_exchange_us: f64,
}

/// The expert-batching references the cross-validation chooses among, per fold (tokens per
/// expert per pass).
pub const EXPERT_TOKENS_REF_CANDIDATES: [f64; 4] = [32.0, 64.0, 128.0, 256.0];

/// The all-reduce shares of the link the cross-validation chooses among, per fold: 0.88 is what
/// plain copies reach (55 of 63 GB/s on PCIe 5 x16), the others what serving leaves once the
/// exchange is not overlapped with compute.
pub const LINK_SHARE_CANDIDATES: [f64; 4] = [0.35, 0.45, 0.55, 0.88];

/// The expert-exchange costs per phase the cross-validation chooses among, per fold
/// ([`Calibration::expert_exchange_us`], microseconds).
pub const EXPERT_EXCHANGE_US_CANDIDATES: [f64; 6] = [0.0, 12.5, 25.0, 50.0, 100.0, 200.0];

/// Tokens per expert per pass at which the fitted expert share ([`Shares::experts`]) holds;
/// fewer make the grouped GEMMs slower, more faster (with the square root), up to the dense rate.
/// The reference [`Calibration::NONE`] starts from; the shipped one is
/// [`Calibration::expert_tokens_ref`] of `fitted::CALIBRATION`, chosen among
/// [`EXPERT_TOKENS_REF_CANDIDATES`] with the other factors on every run, and again in every fold
/// of the cross-validation on that fold's training runs (2026-12-02, second session: 64 on every
/// run and in 25 of 29 folds, 32 in the others). Adding the reference to the fixed share of issue 15 took the
/// held-out error (by source) from 20.6% and 64% within 30% to 17.5% and 75%.
pub const EXPERT_TOKENS_REF: f64 = 128.0;

/// The period the speed model represents: serving engines as they ran from this month on (the
/// engines' current lines: vLLM's V1 engine, SGLang 0.5, TensorRT-LLM 1.x's PyTorch backend, all
/// from the second half of 2025). A published run dated earlier is of an earlier period
/// ([`earlier_period`]): where an engine has runs of both periods its older runs carry
/// [`Calibration::period`], so that they calibrate the current engine, not the one they measured.
pub const CURRENT_PERIOD_FROM: (u32, u32) = (2025, 7);

/// Whether a run dated `as_of` (`2025-03-18`, `2024-05`, `2025-10/2025-12 (approx.)`; a year alone
/// counts as its middle, June) is of an earlier period than [`CURRENT_PERIOD_FROM`]. An undated
/// run is of the current period.
pub fn earlier_period(as_of: &str) -> bool {
    let t = as_of.trim();
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit()) && !s.is_empty();
    let year = t
        .get(..4)
        .filter(|y| digits(y))
        .and_then(|y| y.parse::<u32>().ok());
    let month = t
        .get(4..7)
        .filter(|m| m.starts_with('-') && digits(&m[1..]))
        .and_then(|m| m[1..].parse::<u32>().ok())
        .unwrap_or(6);
    year.is_some_and(|y| (y, month) < CURRENT_PERIOD_FROM)
}

/// Model families an engine's paired runs must span for a period factor
/// ([`Calibration::period`]): a gain seen on one model alone is that model's kernels maturing
/// (DeepSeek-R1 through 2025), not the engine's period.
pub const MIN_FAMILIES_FOR_PERIOD: usize = 2;

/// Fewer published runs than this behind a factor and the fit leaves it at 1.
pub const MIN_RUNS_TO_FIT: usize = 5;

/// The engine's slot in a [`Calibration`] row: `None` for engines with no published runs
/// (transformers), which keep the shares of their kind.
pub fn engine_slot(e: Engine) -> Option<usize> {
    match e {
        Engine::Vllm => Some(0),
        Engine::Sglang => Some(1),
        Engine::Trtllm => Some(2),
        Engine::Llamacpp | Engine::Ollama => Some(3),
        Engine::Transformers => None,
    }
}

impl Calibration {
    /// No correction: every factor 1.
    pub const NONE: Calibration = Calibration {
        engine: [1.0; 4],
        amd: [1.0; 4],
        moe_multi: [1.0; 4],
        period: [1.0; 4],
        per_doubling: [1.0; 4],
        expert_tokens_ref: EXPERT_TOKENS_REF,
        link_share: 0.45,
        expert_parallel: true,
        expert_exchange_us: 0.0,
    };
    /// These corrections for a run of an earlier period (`earlier`, [`earlier_period`]): each
    /// engine's factor times its period factor; as they are otherwise (the current period).
    pub fn of_period(&self, earlier: bool) -> Calibration {
        let mut c = *self;
        if earlier {
            for (e, p) in c.engine.iter_mut().zip(self.period) {
                *e *= p;
            }
        }
        c
    }
    /// The factor for a replica of `engine` on `gpus` GPUs of an AMD part or not, for a mixture
    /// of experts or not.
    pub fn factor(&self, engine: Engine, amd: bool, moe: bool, gpus: u64) -> f64 {
        let Some(i) = engine_slot(engine) else {
            return 1.0;
        };
        let mut f = self.engine[i];
        if amd {
            f *= self.amd[i];
        }
        if moe && gpus > 1 {
            f *= self.moe_multi[i];
        }
        if gpus > 1 {
            f *= self.per_doubling[i].powf((gpus as f64).log2());
        }
        if f.is_finite() && f > 0.0 {
            f
        } else {
            1.0
        }
    }
}

/// The class of runs a speed range is stated for: vendor, engine, dense or mixture of experts,
/// one GPU or several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeedClass {
    pub amd: bool,
    pub engine: Engine,
    pub moe: bool,
    pub multi: bool,
}

impl SpeedClass {
    /// `nvidia/trtllm/dense/1gpu`, `amd/vllm/moe/multi`: the id the report and the tables use.
    pub fn id(&self) -> String {
        format!(
            "{}/{}/{}/{}",
            if self.amd { "amd" } else { "nvidia" },
            self.engine.id(),
            if self.moe { "moe" } else { "dense" },
            if self.multi { "multi" } else { "1gpu" }
        )
    }
}

/// The error the model makes on published runs of one class that no fit saw (cross-validated:
/// each run's figure from constants fitted without its source; and the runs gathered after the
/// fit, of the current period, never fitted on): the 4th and 96th percentiles of the model's
/// speed over the published one, and how many runs. Ranges built from other sources' errors
/// held the published value for 85% of a source's runs at the 4th-96th, 79.6% at the 5th-95th
/// (`tests/calibration.rs`, 2026-12-03).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassError {
    /// [`SpeedClass::id`], or a broader class: `nvidia/trtllm` (vendor and engine), `trtllm`
    /// (engine), `all`.
    pub class: &'static str,
    pub runs: u32,
    /// Model over published, 4th and 96th percentiles, and the median of |ratio - 1|.
    pub low: f64,
    pub high: f64,
    pub median_abs: f64,
}

/// Fewer held-out runs than this in a class and its range comes from the broader class.
pub const MIN_RUNS_FOR_RANGE: u32 = 8;

/// The held-out error of the class nearest `c` with enough runs: the class itself, else its
/// vendor and engine, else its engine, else every run.
pub fn class_error(c: &SpeedClass) -> Option<&'static ClassError> {
    let id = c.id();
    let vendor_engine = format!("{}/{}", if c.amd { "amd" } else { "nvidia" }, c.engine.id());
    let table = super::fitted::CLASS_ERRORS;
    let find = |k: &str| {
        table
            .iter()
            .find(|e| e.class == k && e.runs >= MIN_RUNS_FOR_RANGE)
    };
    find(&id)
        .or_else(|| find(&vendor_engine))
        .or_else(|| find(c.engine.id()))
        .or_else(|| table.iter().find(|e| e.class == "all"))
}

/// Tokens one prefill forward pass carries when the replica is busy: prompts are batched (and
/// long ones chunked) up to the engine's token budget (TensorRT-LLM `max_num_tokens` 8,192,
/// vLLM `max_num_batched_tokens` 8,192 on large GPUs; `EngineConstants::max_batched_tokens`).
pub const PREFILL_CHUNK_TOKENS: f64 = 8192.0;

/// Utilisation a replica is planned at for the queueing wait the report shows (M/M/c): the
/// cost model sizes replicas for the peak rate, so the average is below it; 0.7 is a common
/// planning figure for interactive services (heuristic).
pub const PLANNING_UTILISATION: f64 = 0.7;

/// One published run of the calibration table (`tests/data/throughput.csv`) as the model
/// expressed it, with the model's error on it (`super::runs::RUNS`, written by
/// `tests/calibration.rs`, which fails when the table and the model disagree).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// The file of the row: 0 `tests/data/throughput.csv`, 1 `tests/data/throughput-2026-12-02.csv`,
    /// 2 `tests/data/throughput-2026-12-03.csv`.
    pub file: u32,
    /// Line of the row in its file.
    pub line: u32,
    /// The engine's URL id (`trtllm`, `vllm`, `llamacpp`, ...).
    pub engine: &'static str,
    pub model: &'static str,
    /// Total parameters, billions; whether the model routes to experts.
    pub params_b: f64,
    pub moe: bool,
    /// The catalogue's GPU id and its class ([`GpuClass::id`]).
    pub gpu: &'static str,
    pub class: &'static str,
    pub gpus: u32,
    /// Concurrent sequences the model ran the row at.
    pub seqs: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// `per_user`, `total`, `prefill`, `ttft` or `tpot`.
    pub metric: &'static str,
    pub published: f64,
    /// The model's figure over the published one, minus 1 (on times: the model's time over the
    /// published time, minus 1).
    pub error: f64,
    /// The same with the corrections refitted without the run's source (held out), as a speed:
    /// the model's speed over the published one, minus 1.
    pub held_out: f64,
    pub source: &'static str,
    pub as_of: &'static str,
    /// The engine's version as the source states it (or its release period).
    pub engine_version: &'static str,
    /// The run is of an earlier period than the one the model represents ([`earlier_period`] of
    /// `as_of`); where its engine also ran its model on its GPU in the current period, the
    /// model's figure for it carries the engine's [`Calibration::period`].
    pub earlier_period: bool,
}

/// The period an engine's figures represent: the first and last `as_of` (year and month) of the
/// runs its corrections rest on as they are (the current period's runs where the engine's older
/// runs carry a fitted [`Calibration::period`], every run otherwise), and how many runs of an
/// earlier period were brought to it. A run's own version is in [`Run::engine_version`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnginePeriod {
    /// The engine's URL id.
    pub engine: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub runs: u32,
    /// Runs of an earlier period ([`earlier_period`]) calibrated to this one by the engine's
    /// period factor, those paired with a current run of the same model and GPU (0 where the
    /// factor is not fitted: then `from` is the first run's date).
    pub earlier_runs: u32,
}

/// The period an engine's figures represent ([`EnginePeriod`]); `None` for an engine without
/// published runs (its kind's shares, no period).
pub fn engine_period(e: Engine) -> Option<&'static EnginePeriod> {
    let id = match e {
        Engine::Ollama => "llamacpp",
        e => e.id(),
    };
    super::fitted::ENGINE_PERIODS
        .iter()
        .find(|p| p.engine == id)
}

/// What a scenario's speed is compared with: the hardware and load it runs at.
#[derive(Clone, Copy, Debug)]
pub struct Setting<'a> {
    /// The catalogue's GPU id (None on a CPU).
    pub gpu: Option<&'a str>,
    pub class: Option<GpuClass>,
    pub engine: Engine,
    pub params_b: f64,
    pub moe: bool,
    pub gpus: u64,
    pub seqs: u64,
}

/// The published runs nearest a setting, the nearest first, at most `n`: the same GPU (else the
/// same class), the same engine, then the closest model size, GPU count and concurrency (log
/// ratios, weighted 1, 0.5, 0.25).
pub fn nearest_runs(at: &Setting, n: usize) -> Vec<&'static Run> {
    let ln = |a: f64, b: f64| (a.max(1e-3) / b.max(1e-3)).ln().abs();
    let class = at.class.map(GpuClass::id);
    let distance = |r: &Run| {
        let gpu = if Some(r.gpu) == at.gpu {
            0.0
        } else if Some(r.class) == class {
            1.0
        } else {
            3.0
        };
        gpu + if r.engine == at.engine.id() { 0.0 } else { 1.0 }
            + if r.moe == at.moe { 0.0 } else { 1.0 }
            + ln(at.params_b, r.params_b)
            + 0.5 * ln(at.gpus.max(1) as f64, r.gpus as f64)
            + 0.25 * ln(at.seqs.max(1) as f64, r.seqs as f64)
    };
    let mut runs: Vec<(f64, &'static Run)> =
        super::runs::RUNS.iter().map(|r| (distance(r), r)).collect();
    crate::order::sort_by(&mut runs, |a, b| a.0.total_cmp(&b.0));
    runs.into_iter().take(n).map(|(_, r)| r).collect()
}

/// The published run nearest a setting ([`nearest_runs`]).
pub fn nearest_run(at: &Setting) -> Option<&'static Run> {
    nearest_runs(at, 1).into_iter().next()
}

/// Published runs the report cites (one per engine, model, GPU, GPU count and metric) on a GPU
/// and with an engine.
pub fn runs_on(gpu: Option<&str>, engine: Engine) -> (usize, usize) {
    let runs = super::runs::RUNS;
    (
        gpu.map_or(0, |g| runs.iter().filter(|r| r.gpu == g).count()),
        runs.iter().filter(|r| r.engine == engine.id()).count(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_of_an_earlier_period_when_dated_before_the_current_one() {
        // The current period starts in July 2025.
        assert!(earlier_period("2025-03-18")); // dstack's DeepSeek-R1 runs
        assert!(earlier_period("2025-06"));
        assert!(!earlier_period("2025-07"));
        assert!(!earlier_period("2026-02-27")); // InferenceX
        assert!(earlier_period("2023-12"));
        // A range counts by its start; a year alone as its June.
        assert!(!earlier_period("2025-10/2025-12 (approx.)"));
        assert!(earlier_period("2025 (approx.)"));
        assert!(!earlier_period("2026"));
        // Undated: the current period.
        assert!(!earlier_period("not stated"));
        assert!(!earlier_period(""));
    }

    #[test]
    fn the_period_factor_applies_to_earlier_runs_only() {
        let c = Calibration {
            engine: [1.1, 0.5, 1.0, 1.0],
            period: [1.0, 0.8, 1.0, 1.0],
            ..Calibration::NONE
        };
        // SGLang on 8 GPUs of a mixture of experts: 0.5 now, 0.5 x 0.8 = 0.4 for an older run.
        assert_eq!(
            c.of_period(false).factor(Engine::Sglang, false, true, 8),
            0.5
        );
        let old = c.of_period(true).factor(Engine::Sglang, false, true, 8);
        assert!((old - 0.4).abs() < 1e-12, "{old}");
        // vLLM has no period factor: the same either way.
        assert_eq!(c.of_period(true).factor(Engine::Vllm, false, false, 1), 1.1);
    }
}
