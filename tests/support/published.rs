//! The published runs of `tests/data/throughput.csv`, `tests/data/throughput-2026-12-02.csv` and
//! `tests/data/throughput-2026-12-03.csv` as the speed model expresses them: a known architecture, a weight format, a GPU of the
//! catalogue, the GPU count and layout, the lengths and the concurrency; and the model's figure
//! for each under a given calibration. Rows the model cannot express are skipped with the reason.

use inference_sizer::catalog::Catalog;
use inference_sizer::model::perf::{Calibration, EngineKind, ShareTable};
use inference_sizer::model::presets::preset;
use inference_sizer::model::*;

/// The three files, by name: the runs of issue 15, the runs gathered on 2026-12-02, and the
/// SGLang and vLLM runs of publishers other than InferenceX gathered on 2026-12-03 (dstack,
/// the SGLang cookbook, GPUStack, LMSYS, AMD's ROCm vLLM docs; notes beside the file).
pub const FILES: [(&str, &str); 3] = [
    ("throughput.csv", include_str!("../data/throughput.csv")),
    (
        "throughput-2026-12-02.csv",
        include_str!("../data/throughput-2026-12-02.csv"),
    ),
    (
        "throughput-2026-12-03.csv",
        include_str!("../data/throughput-2026-12-03.csv"),
    ),
];

/// One CSV record (RFC 4180 quoting: commas and doubled quotes inside quotes).
pub fn records(text: &str) -> Vec<Vec<String>> {
    let (mut out, mut row, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                out.push(std::mem::take(&mut row));
            }
            (false, '\r') => {}
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        out.push(row);
    }
    out
}

pub struct Row {
    /// 0: throughput.csv, 1: throughput-2026-12-02.csv, 2: throughput-2026-12-03.csv.
    pub file: usize,
    pub line: usize,
    pub fields: Vec<String>,
}

impl Row {
    pub fn get(&self, col: usize) -> &str {
        self.fields.get(col).map_or("", |s| s.trim())
    }
}

// Columns of both files.
pub const ENGINE: usize = 0;
pub const MODEL: usize = 2;
pub const FORMAT: usize = 3;
pub const KV: usize = 4;
pub const GPU: usize = 5;
pub const COUNT: usize = 6;
pub const TP: usize = 7;
pub const BATCH: usize = 8;
pub const TIN: usize = 9;
pub const TOUT: usize = 10;
pub const METRIC: usize = 11;
pub const VALUE: usize = 12;
pub const UNIT: usize = 13;
pub const SOURCE: usize = 14;
pub const AS_OF: usize = 15;
pub const NOTES: usize = 16;

/// Every data row of both files.
pub fn rows() -> Vec<Row> {
    let mut out = Vec::new();
    for (file, (_, text)) in FILES.iter().enumerate() {
        for (i, fields) in records(text).into_iter().enumerate().skip(1) {
            if fields.len() >= 14 {
                out.push(Row {
                    file,
                    line: i + 1,
                    fields,
                });
            }
        }
    }
    out
}

/// Architectures the presets lack, from each model's `config.json` on Hugging Face
/// (meta-llama/Llama-2-7b-hf, meta-llama/Llama-2-70b-hf, huggyllama/llama-13b,
/// huggyllama/llama-30b): hidden, layers, heads, KV heads, FFN, vocabulary 32,000.
fn llama_v1_v2(id: &str, hidden: u64, layers: u64, heads: u64, kv: u64, ffn: u64) -> ModelArch {
    ModelArch {
        id: id.into(),
        name: id.into(),
        family: ArchFamily::Dense,
        hidden,
        layers,
        heads,
        kv_heads: kv,
        ffn,
        vocab: 32_000,
        max_position: 4096,
        ..ModelArch::default()
    }
}

fn arch_of(name: &str) -> Option<ModelArch> {
    let n = name.to_ascii_lowercase();
    let id = if n.contains("llama-2-7b") {
        return Some(llama_v1_v2("llama-2-7b", 4096, 32, 32, 32, 11008));
    } else if n.contains("llama-2-70b") {
        return Some(llama_v1_v2("llama-2-70b", 8192, 80, 64, 8, 28672));
    } else if n.contains("llama-13b") {
        return Some(llama_v1_v2("llama-13b", 5120, 40, 40, 40, 13824));
    } else if n.contains("llama-30b") {
        return Some(llama_v1_v2("llama-30b", 6656, 60, 52, 52, 17920));
    } else if n.contains("llama-3") && n.contains("8b") || n.contains("llama 8b") {
        // Llama 3 and 3.1 8B share the architecture (3.1 extends RoPE and the context).
        "llama-3.1-8b"
    } else if n.contains("llama-3") && n.contains("70b") {
        "llama-3.3-70b"
    } else if n.contains("405b") {
        "llama-3.1-405b"
    } else if n.starts_with("qwen3-235b") {
        "qwen3-235b-a22b"
    } else if n.starts_with("qwen3-30b-a3b") {
        "qwen3-30b-a3b"
    } else if n.starts_with("qwen3-8b") {
        "qwen3-8b"
    } else if n == "gpt-oss-120b" {
        "gpt-oss-120b"
    } else if n == "gpt-oss-20b" {
        "gpt-oss-20b"
    } else if n.starts_with("deepseek-r1") || n.starts_with("deepseek-v3") {
        // DeepSeek-V3, V3.1 and R1 share the 671B architecture (their config.json in
        // tests/data/configs differ in no dimension).
        "deepseek-r1"
    } else if n.starts_with("mixtral-8x7b") {
        "mixtral-8x7b"
    } else {
        return imported(&n);
    };
    preset(id)
}

/// Architectures no preset carries, imported from their `config.json` in `tests/data/configs`
/// (sources in its `manifest.csv`) by the app's own importer, as a user who pastes the file
/// would size them: Llama 4 Scout and Maverick (MoE every layer or every other layer, chunked
/// attention), Qwen3.5-397B-A17B (Gated DeltaNet linear attention on three layers of four),
/// GLM-5 (MLA; its sparse-attention indexer is not in the config read and not modelled),
/// Kimi-K2.5 (DeepSeek-V3 layout, 384 experts) and MiniMax-M2.5 (GQA, 256 experts). Qwen3.6
/// has no config here.
fn imported(n: &str) -> Option<ModelArch> {
    let (file, text) = if n.starts_with("llama-4-scout") {
        (
            "llama-4-scout",
            include_str!("../data/configs/llama-4-scout.json"),
        )
    } else if n.starts_with("llama-4-maverick") {
        (
            "llama-4-maverick",
            include_str!("../data/configs/llama-4-maverick.json"),
        )
    } else if n.starts_with("qwen3.5-397b-a17b") {
        (
            "qwen3.5-397b-a17b",
            include_str!("../data/configs/qwen3.5-397b-a17b.json"),
        )
    } else if n.starts_with("glm-5") {
        ("glm-5", include_str!("../data/configs/glm-5-fp8.json"))
    } else if n.starts_with("kimi-k2.5") {
        ("kimi-k2.5", include_str!("../data/configs/kimi-k2.5.json"))
    } else if n.starts_with("minimax-m2.5") {
        (
            "minimax-m2.5",
            include_str!("../data/configs/minimax-m2.5.json"),
        )
    } else {
        return None;
    };
    let mut arch = import::from_config_json(text).ok()?.arch;
    arch.id = file.into();
    arch.name = file.into();
    Some(arch)
}

/// Architectures imported from their config after the fit was last made (2026-12-03): their
/// runs, like every run of the third file, are the **wider check**, never fitted on.
pub const IMPORTED_SINCE_FIT: [&str; 6] = [
    "llama-4-scout",
    "llama-4-maverick",
    "qwen3.5-397b-a17b",
    "glm-5",
    "kimi-k2.5",
    "minimax-m2.5",
];

/// Whether a case is in the wider check: gathered after the fit (the third file, a run of an
/// architecture in [`IMPORTED_SINCE_FIT`], or on [`RTX_PRO_6000_SERVER`]), scored with the
/// shipped corrections and never fitted on; its error is a test set's, not a cross-validation's.
pub fn wider_check(c: &Case) -> bool {
    c.file >= 2 || IMPORTED_SINCE_FIT.contains(&c.arch.id.as_str()) || c.gpu == RTX_PRO_6000_SERVER
}

/// The RTX PRO 6000 Blackwell Server Edition, whose runs of the second file (TensorRT-LLM 1.0's
/// perf-overview) the fit never saw: its data id (`nvidia_rtx_pro_6000_bw`) was not the
/// catalogue's until 2026-12-03, so they are in the wider check.
pub const RTX_PRO_6000_SERVER: &str = "nvidia_rtx_pro_6000_blackwell_server";

/// The model family a row belongs to (held out together by the cross-validation).
pub fn family(arch_id: &str) -> &'static str {
    if arch_id.starts_with("llama") {
        "llama"
    } else if arch_id.starts_with("qwen3") {
        "qwen3"
    } else if arch_id.starts_with("gpt-oss") {
        "gpt-oss"
    } else if arch_id.starts_with("deepseek") {
        "deepseek"
    } else if arch_id.starts_with("mixtral") {
        "mixtral"
    } else if arch_id.starts_with("glm") {
        "glm"
    } else if arch_id.starts_with("kimi") {
        "kimi"
    } else if arch_id.starts_with("minimax") {
        "minimax"
    } else {
        "other"
    }
}

fn quant_of(fmt: &str, gpu: &str) -> Option<Quant> {
    let f = fmt.to_ascii_lowercase();
    let amd = gpu.starts_with("amd_");
    Some(if f.contains("q4_k_m") {
        Quant::Q4KM
    } else if f.contains("q4_0") {
        Quant::Q4_0
    } else if f.contains("gguf f16") || f == "fp16" {
        Quant::Fp16
    } else if f.contains("nvfp4") && !f.starts_with("fp4") {
        Quant::Nvfp4
    } else if f.starts_with("fp4") {
        // InferenceX's 'FP4': NVFP4 checkpoints on NVIDIA, MXFP4 on AMD.
        if amd {
            Quant::Mxfp4
        } else {
            Quant::Nvfp4
        }
    } else if f.contains("mxfp4") {
        // gpt-oss ships MXFP4 experts: the app's default (bf16 = as shipped) sizes them.
        Quant::Bf16
    } else if f.starts_with("fp8") {
        Quant::Fp8
    } else if f.starts_with("bf16") {
        Quant::Bf16
    } else if f.starts_with("not stated") && gpu == "nvidia_b200" {
        // NVIDIA's MLPerf v4.1 B200 preview ran Llama-2-70B in FP4 (NVIDIA's announcement of the
        // round; the precision is not in the files read: an assumption).
        Quant::Nvfp4
    } else if f.starts_with("not stated") {
        // NVIDIA's MLPerf v4.1 Llama-2-70B and Mixtral submissions on Hopper run FP8 (the
        // precision is not in the files read: an assumption).
        Quant::Fp8
    } else {
        return None;
    })
}

fn engine_of(e: &str) -> Result<Engine, String> {
    let e = e.to_ascii_lowercase();
    if e.contains("disaggregated") {
        return Err("disaggregated prefill/decode: not a layout the model expresses".into());
    }
    Ok(if e.starts_with("llama.cpp") {
        Engine::Llamacpp
    } else if e.starts_with("tensorrt-llm") || e.contains("nim") {
        Engine::Trtllm
    } else if e.starts_with("vllm") {
        Engine::Vllm
    } else if e.starts_with("sglang") {
        Engine::Sglang
    } else {
        return Err(format!("engine {e}"));
    })
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Metric {
    PerUser,
    Total,
    /// Input and output tokens per second per GPU (InferenceX's `tput_per_gpu`).
    TotalPerGpu,
    Prefill,
    Ttft,
    Tpot,
}

impl Metric {
    pub fn id(self) -> &'static str {
        match self {
            Metric::PerUser => "per_user",
            Metric::Total => "total",
            Metric::TotalPerGpu => "total_per_gpu",
            Metric::Prefill => "prefill",
            Metric::Ttft => "ttft",
            Metric::Tpot => "tpot",
        }
    }
    /// Times: the error is taken on the speed (published time over the model's).
    pub fn is_time(self) -> bool {
        matches!(self, Metric::Ttft | Metric::Tpot)
    }
}

/// MLPerf v4.1 datasets: output tokens per sample from the row's own figures (tokens/s over
/// samples/s in its notes: Llama-2-70B 24,524.9 / 84.48 = 290; Mixtral 52,415.9 / 359.17 =
/// 146); input about 300 tokens (OpenOrca prompts capped at 1,024; an assumption).
const MLPERF_IN: u64 = 300;

/// The largest batch an offline run reaches: all requests queued at once, the engine's cap on
/// running sequences (TensorRT-LLM `max_batch_size` 2,048 by default in trtllm-bench's engines;
/// vLLM `max_num_seqs` 256) or what fits in memory, whichever is smaller.
fn offline_cap(e: Engine) -> u64 {
    match e {
        Engine::Trtllm => 2048,
        _ => 256,
    }
}

pub struct Case {
    pub file: usize,
    pub line: usize,
    pub arch: ModelArch,
    pub wl: Workload,
    pub gpu: String,
    /// GPUs in one replica's server, servers (pipeline stages across servers), and replicas
    /// over the row's GPUs.
    pub per_replica: u32,
    pub servers: u32,
    pub replicas: f64,
    pub offline: bool,
    pub metric: Metric,
    pub published: f64,
    pub layout: &'static str,
    /// The publication or benchmark suite, held out together.
    pub source: String,
    pub family: &'static str,
    pub amd: bool,
    pub moe: bool,
    pub as_of: String,
    /// Whether a mixture of experts ran expert parallel over the replica's GPUs (the app's
    /// layout) or tensor parallel (`perf::Calibration::expert_parallel`).
    pub expert_parallel: bool,
    /// A run of an earlier period (`perf::earlier_period`) whose engine ran the same model on the
    /// same GPU in the current period too (in either file): the runs a period factor is fitted
    /// on and applied to (`perf::Calibration::period`); other runs keep their figures as they are.
    pub paired_earlier: bool,
}

impl Case {
    pub fn gpus(&self) -> u32 {
        (self.per_replica as f64 * self.servers as f64 * self.replicas) as u32
    }
    /// The class a range is stated for: vendor, engine, dense or MoE, one GPU or several.
    pub fn class(&self) -> String {
        inference_sizer::model::perf::SpeedClass {
            amd: self.amd,
            engine: self.wl.engine,
            moe: self.moe,
            multi: self.per_replica * self.servers > 1,
        }
        .id()
    }
}

fn num(s: &str) -> Option<u64> {
    let s = s.trim().trim_start_matches('~');
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// The benchmark suite or publication a source belongs to: the repository and file before the
/// commit (each TensorRT-LLM edition apart), every InferenceX post as one suite.
fn source_key(source: &str) -> String {
    let s = source.split(" (").next().unwrap_or("").trim();
    if s.contains("InferenceX") {
        return "InferenceX".into();
    }
    if s.contains("mlcommons") {
        return "MLPerf v4.1".into();
    }
    if s.contains("XiongjieDai") {
        return "XiongjieDai llama.cpp benchmarks".into();
    }
    let s = s.split('@').next().unwrap_or(s);
    s.chars().take(80).collect()
}

/// InferenceX does not state its GPU count; each row's notes give a derived hint ("implies about
/// 4.4 GPUs"). Taken where it lands within 15% of 1, 2, 4 or 8 (single node), else not used.
fn gpu_count_hint(notes: &str) -> Option<u32> {
    let at = notes.find("implies about ")? + "implies about ".len();
    let x: f64 = notes[at..].split_whitespace().next()?.parse().ok()?;
    [1u32, 2, 4, 8]
        .into_iter()
        .find(|&n| (x / n as f64 - 1.0).abs() <= 0.15)
}

/// The same run's throughput row (same source, GPU, engine, model, load and lengths): its notes
/// carry the GPU-count hint the TTFT and TPOT rows lack.
fn sibling_hint(r: &Row, all: &[Row]) -> Option<u32> {
    all.iter()
        .filter(|o| o.file == r.file && o.get(METRIC) == "total_tokens_per_s")
        .find(|o| {
            [ENGINE, 1, MODEL, GPU, BATCH, TIN, TOUT, SOURCE, AS_OF]
                .iter()
                .all(|&c| o.get(c) == r.get(c))
        })
        .and_then(|o| gpu_count_hint(o.get(NOTES)))
}

pub fn express(r: &Row, all: &[Row], catalog: &Catalog) -> Result<Case, String> {
    let unit = r.get(UNIT);
    let metric = match r.get(METRIC) {
        "output_tokens_per_s_per_user" => Metric::PerUser,
        "output_tokens_per_s_total" => Metric::Total,
        "total_tokens_per_s" if unit.contains("per GPU (input+output)") => Metric::TotalPerGpu,
        "prefill_tokens_per_s" => Metric::Prefill,
        "ttft_ms" => Metric::Ttft,
        "tpot_ms" => Metric::Tpot,
        m => return Err(format!("metric {m}")),
    };
    if metric != Metric::TotalPerGpu && (unit.contains("per node") || unit.contains("per GPU")) {
        return Err(format!("unit '{unit}': a multi-node share"));
    }
    let engine = engine_of(r.get(ENGINE))?;
    let arch = arch_of(r.get(MODEL)).ok_or_else(|| format!("model {}", r.get(MODEL)))?;
    let quant =
        quant_of(r.get(FORMAT), r.get(GPU)).ok_or_else(|| format!("format {}", r.get(FORMAT)))?;
    // The data's id for the RTX PRO 6000 Blackwell its sources name: the Server Edition
    // (TensorRT-LLM's perf-overview: "RTX PRO 6000 Blackwell Server Edition").
    let gpu = match r.get(GPU) {
        "nvidia_rtx_pro_6000_bw" => RTX_PRO_6000_SERVER,
        g => g,
    }
    .to_string();
    let spec = catalog
        .gpu(&gpu)
        .ok_or_else(|| format!("GPU {gpu} not in the catalogue"))?;
    let tp = r.get(TP);
    let count: u32 = match num(r.get(COUNT)) {
        Some(n) => n as u32,
        None if tp == "not stated" => {
            let hint = if metric == Metric::TotalPerGpu {
                gpu_count_hint(r.get(NOTES))
            } else {
                sibling_hint(r, all)
            };
            hint.ok_or("GPU count not stated and the derived hint is not 1, 2, 4 or 8")?
        }
        None => return Err("GPU count".into()),
    };
    let batch = r.get(BATCH).to_ascii_lowercase();
    let (seqs, offline) = if let Some(b) = num(&batch) {
        (b, false)
    } else if batch.starts_with("max") || batch == "offline" {
        (1, true)
    } else {
        return Err(format!("load '{batch}'"));
    };
    let dataset = r.get(TIN).starts_with("variable");
    let tin = if dataset {
        MLPERF_IN
    } else {
        num(r.get(TIN)).ok_or_else(|| format!("input '{}'", r.get(TIN)))?
    };
    let tout = if dataset {
        if arch.id == "mixtral-8x7b" {
            146
        } else {
            290
        }
    } else if metric == Metric::Prefill || metric == Metric::Ttft && r.get(TOUT) == "1" {
        num(r.get(TOUT)).unwrap_or(1).max(1)
    } else {
        num(r.get(TOUT)).ok_or_else(|| format!("output '{}'", r.get(TOUT)))?
    };
    if metric == Metric::Prefill && tin == 0 {
        return Err("prefill of an unstated prompt".into());
    }
    let published: f64 = r.get(VALUE).parse().map_err(|_| "value")?;
    // TensorRT-LLM's ModelOpt FP8 and NVFP4 checkpoints quantise the KV cache to FP8 too
    // (their `kv_cache_quant_algo`); the rows leave the KV type unstated.
    let modelopt = r.get(FORMAT).contains("ModelOpt");
    let kv = if r.get(KV).eq_ignore_ascii_case("fp8") || modelopt {
        KvType::Fp8
    } else {
        KvType::F16
    };
    let wl = Workload {
        quant,
        kv,
        ctx: (tin + tout).max(1),
        seqs,
        engine,
        tokens_in: tin.max(1),
        tokens_out: tout,
        ..Workload::default()
    };
    // "TP4 PP2", "DEP8 PP1": tensor (or attention-DP + expert) parallel within a server, the
    // pipeline stages as servers.
    let pp_of = |t: &str| {
        t.split_whitespace()
            .find_map(|w| w.strip_prefix("PP"))
            .and_then(num)
    };
    let (per_replica, servers, replicas, layout) = if tp.is_empty() {
        // MLPerf 8-GPU systems do not state their layout: replicas of the fewest GPUs the model
        // fits on or any larger one dividing the system, whichever serves most (`predict`).
        let z = Sizing::new(&arch, &wl, &EngineConstants::default());
        let pl = z
            .place(&GpuFigures::from(spec), count)
            .map_err(|_| "does not fit".to_string())?;
        let g = pl.gpus.max(1);
        (g, 1, (count / g).max(1) as f64, "best layout")
    } else if tp == "not stated" {
        // InferenceX: the best-throughput layout of the hinted GPUs, as one replica.
        (count, 1, 1.0, "stated count")
    } else if let Some(pp) = pp_of(tp) {
        let pp = pp.max(1) as u32;
        // Stages within one server (TensorRT-LLM's perf-overview on the RTX PRO 6000, 8 GPUs at
        // most, the only such rows): the model would run them as machines over a network and one
        // after the other, where the engine keeps a micro-batch in every stage at once; expressed
        // so, it was 30-85% too slow on all of them. Not a layout the app recommends either.
        if pp > 1 && count <= 8 {
            return Err("pipeline stages within one server: not pipelined by the model".into());
        }
        ((count / pp).max(1), pp, 1.0, "TP x PP")
    } else if tp.starts_with("DEP") {
        (count, 1, 1.0, "DEP as TP")
    } else if num(tp).is_some() {
        (count, 1, 1.0, if count > 1 { "TP/split" } else { "1 GPU" })
    } else {
        return Err(format!("layout '{tp}'"));
    };
    let moe = arch.is_moe();
    // TensorRT-LLM runs a mixture of experts tensor parallel unless an expert-parallel size is
    // given (its `Mapping`: `moe_tp_size = tp_size`, `moe_ep_size = 1` by default, in the C++
    // engine of 0.14 and the PyTorch backend of 1.x alike): the perf-overview's plain TP layouts
    // ("8", "TP2 PP4") ran so; its "DEP" layouts are attention data parallel with expert
    // parallelism. Rows without a stated layout keep the app's expert-parallel layout.
    let plain_tp = num(tp).is_some() || tp.starts_with("TP");
    let expert_parallel = !(engine == Engine::Trtllm && moe && plain_tp);
    Ok(Case {
        file: r.file,
        line: r.line,
        family: family(&arch.id),
        arch,
        wl,
        gpu,
        per_replica,
        servers,
        replicas,
        offline,
        metric,
        published,
        layout,
        source: source_key(r.get(SOURCE)),
        amd: r.get(GPU).starts_with("amd_"),
        moe,
        as_of: r.get(AS_OF).to_string(),
        expert_parallel,
        paired_earlier: false,
    })
}

/// The model's figure for a case under the shares `t` and the calibration `cal` (the shipped
/// ones when `None`), and the concurrency it ran at; for an unstated layout the best of the
/// replica sizes from the fewest GPUs that fit up to the whole system.
pub fn predict(
    c: &Case,
    catalog: &Catalog,
    t: Option<&ShareTable>,
    cal: Option<&Calibration>,
) -> (f64, u64) {
    if c.layout != "best layout" {
        return predict_at(c, c.per_replica, c.replicas, catalog, t, cal);
    }
    let total = (c.per_replica as f64 * c.replicas) as u32;
    let mut best = predict_at(c, c.per_replica, c.replicas, catalog, t, cal);
    let mut g = c.per_replica * 2;
    while g <= total {
        if total % g == 0 {
            let p = predict_at(c, g, (total / g) as f64, catalog, t, cal);
            if p.0 > best.0 {
                best = p;
            }
        }
        g *= 2;
    }
    best
}

fn predict_at(
    c: &Case,
    per_replica: u32,
    replicas: f64,
    catalog: &Catalog,
    t: Option<&ShareTable>,
    cal: Option<&Calibration>,
) -> (f64, u64) {
    let spec = catalog.gpu(&c.gpu).expect("checked in express");
    let hw = Hardware::Gpu {
        gpu: GpuFigures::from(spec),
        per_server: per_replica,
        servers: c.servers,
    };
    let consts = EngineConstants::default();
    let mut wl = c.wl.clone();
    if c.offline {
        let z = Sizing::new(&c.arch, &wl, &consts);
        wl.seqs = z.max_concurrency(&hw).clamp(1, offline_cap(wl.engine));
    }
    let z = Sizing::new(&c.arch, &wl, &consts);
    let mut eff = Efficiency::for_engine(wl.engine);
    if let Some(t) = t {
        // The table's Hopper shares are the engine's reference: the scale stays 1.
        let h = t[EngineKind::of(wl.engine).index()][GpuClass::Hopper.index()];
        (eff.bandwidth, eff.compute, eff.shares) = (h.bandwidth, h.matmul, Some(*t));
    }
    // The corrections given (the shipped ones otherwise), with the run's own MoE layout and the
    // all-reduce share chosen with them.
    let mut run_cal = cal
        .copied()
        .unwrap_or(inference_sizer::model::fitted::CALIBRATION);
    run_cal.expert_parallel = run_cal.expert_parallel && c.expert_parallel;
    // A run of an earlier period than the model's carries its engine's period factor.
    let run_cal = run_cal.of_period(c.paired_earlier);
    eff.interconnect = run_cal.link_share;
    eff.calibration = Some(run_cal);
    let s = z.speed(&hw, &eff);
    let gpus = (per_replica * c.servers) as f64 * replicas;
    let v = match c.metric {
        Metric::PerUser => s.decode_tokens_per_s_per_user,
        Metric::Total => s.requests_per_s * wl.tokens_out as f64 * replicas,
        Metric::TotalPerGpu => {
            s.requests_per_s * (wl.tokens_in + wl.tokens_out) as f64 * replicas / gpus.max(1.0)
        }
        Metric::Prefill => s.prefill_single_tokens_per_s,
        Metric::Ttft => s.ttft_ms,
        Metric::Tpot => 1e3 / s.decode_tokens_per_s_per_user.max(1e-9),
    };
    (v, wl.seqs)
}

/// The model's speed over the published one, as a ratio (on times: the published time over the
/// model's, so that 1.25 is always "25% too fast").
pub fn ratio(c: &Case, model: f64) -> f64 {
    if c.metric.is_time() {
        c.published / model.max(1e-12)
    } else {
        model / c.published.max(1e-12)
    }
}

/// Every expressible case of both files, and the rows skipped with the reason.
pub fn cases(catalog: &Catalog) -> (Vec<Case>, Vec<(usize, usize, String)>) {
    let all = rows();
    let (mut ok, mut skipped) = (Vec::new(), Vec::new());
    for r in &all {
        match express(r, &all, catalog) {
            Ok(c) => ok.push(c),
            Err(why) => skipped.push((r.file, r.line, why)),
        }
    }
    // The same engine, model and GPU measured in both periods: the pairs a period factor rests on.
    let earlier = |c: &Case| inference_sizer::model::perf::earlier_period(&c.as_of);
    let current: Vec<(Engine, String, String)> = ok
        .iter()
        .filter(|c| !earlier(c))
        .map(|c| (c.wl.engine, c.arch.id.clone(), c.gpu.clone()))
        .collect();
    for c in ok.iter_mut() {
        c.paired_earlier = earlier(c)
            && current
                .iter()
                .any(|(e, m, g)| *e == c.wl.engine && *m == c.arch.id && *g == c.gpu);
    }
    (ok, skipped)
}
