//! Calibration as code: every published measurement in `tests/data/throughput.csv` that the
//! sizing model can express (a known architecture, a weight format, a GPU of the catalogue, the
//! GPU count and layout, the lengths and the concurrency) is run through the real
//! `Sizing::speed` and compared with the published figure. The table of errors by GPU, engine and
//! model size prints with `cargo test --test calibration -- --nocapture`.
//!
//! The data: 115 rows, each with its source and date (`source`, `as_of`), read by hand from
//! vendor documentation (TensorRT-LLM perf-overview at 00f37686 and 03e27c7d, performance.md at
//! 138f96d4), MLPerf Inference v4.1 result logs (mlcommons/inference_results_v4.1@a2f5d66), the
//! vLLM and LMSYS blogs, NVIDIA NIM's benchmark page and llama.cpp benchmark tables
//! (XiongjieDai/GPU-Benchmarks-on-LLM-Inference@aa72e0e and @eafac9d, llama.cpp PRs #19053,
//! #17505). Caveats a row carries are in its `notes`; rows the model cannot express are skipped
//! with the reason printed.

use inference_sizer::catalog::Catalog;
use inference_sizer::model::perf::{self, EngineKind, ShareTable};
use inference_sizer::model::presets::preset;
use inference_sizer::model::*;

const DATA: &str = include_str!("data/throughput.csv");

const RUNS_HEAD: &str =
    "//! The calibration table: every published run of `tests/data/throughput.csv` the speed model
//! expresses, with the model's error on it. Written by `tests/calibration.rs`
//! (`UPDATE_CALIBRATION=1 cargo test --test calibration`), which fails when it is stale: do not
//! edit by hand. The report cites the nearest run and widens a figure into a range from it.

use super::perf::Run;

#[rustfmt::skip]
pub const RUNS: &[Run] = &[
";

/// One CSV record (RFC 4180 quoting: commas and doubled quotes inside quotes).
fn records(text: &str) -> Vec<Vec<String>> {
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

struct Row {
    line: usize,
    fields: Vec<String>,
}

impl Row {
    fn get(&self, col: usize) -> &str {
        self.fields.get(col).map_or("", |s| s.trim())
    }
}

// Columns of throughput.csv.
const ENGINE: usize = 0;
const MODEL: usize = 2;
const FORMAT: usize = 3;
const KV: usize = 4;
const GPU: usize = 5;
const COUNT: usize = 6;
const TP: usize = 7;
const BATCH: usize = 8;
const TIN: usize = 9;
const TOUT: usize = 10;
const METRIC: usize = 11;
const VALUE: usize = 12;
const UNIT: usize = 13;

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
    } else if n.starts_with("deepseek-r1") {
        "deepseek-r1"
    } else if n.starts_with("mixtral-8x7b") {
        "mixtral-8x7b"
    } else {
        // Llama 4 Maverick (interleaved MoE layers), Qwen3.6 (hybrid attention), DeepSeek-V3
        // multi-node runs: not expressible by one architecture row here.
        return None;
    };
    preset(id)
}

fn quant_of(fmt: &str, gpu: &str) -> Option<Quant> {
    let f = fmt.to_ascii_lowercase();
    Some(if f.contains("q4_k_m") {
        Quant::Q4KM
    } else if f.contains("q4_0") {
        Quant::Q4_0
    } else if f.contains("gguf f16") || f == "fp16" {
        Quant::Fp16
    } else if f.contains("nvfp4") {
        Quant::Nvfp4
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

fn engine_of(e: &str) -> Option<Engine> {
    let e = e.to_ascii_lowercase();
    Some(if e.starts_with("llama.cpp") {
        Engine::Llamacpp
    } else if e.starts_with("tensorrt-llm") || e.contains("nim") {
        Engine::Trtllm
    } else if e.starts_with("vllm") {
        Engine::Vllm
    } else if e.starts_with("sglang") {
        Engine::Sglang
    } else {
        return None;
    })
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Metric {
    PerUser,
    Total,
    Prefill,
    Ttft,
    Tpot,
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

struct Case {
    arch: ModelArch,
    wl: Workload,
    gpu: String,
    /// GPUs in one replica's server, and replicas over the row's GPUs.
    per_replica: u32,
    replicas: f64,
    offline: bool,
    metric: Metric,
    published: f64,
    layout: &'static str,
}

fn num(s: &str) -> Option<u64> {
    let s = s.trim().trim_start_matches('~');
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

fn express(r: &Row, catalog: &Catalog) -> Result<Case, String> {
    let metric = match r.get(METRIC) {
        "output_tokens_per_s_per_user" => Metric::PerUser,
        "output_tokens_per_s_total" => Metric::Total,
        "prefill_tokens_per_s" => Metric::Prefill,
        "ttft_ms" => Metric::Ttft,
        "tpot_ms" => Metric::Tpot,
        m => return Err(format!("metric {m}")),
    };
    let unit = r.get(UNIT);
    if unit.contains("per node") || unit.contains("per GPU") {
        return Err(format!("unit '{unit}': a multi-node share"));
    }
    let arch = arch_of(r.get(MODEL)).ok_or_else(|| format!("model {}", r.get(MODEL)))?;
    let quant =
        quant_of(r.get(FORMAT), r.get(GPU)).ok_or_else(|| format!("format {}", r.get(FORMAT)))?;
    let engine = engine_of(r.get(ENGINE)).ok_or_else(|| format!("engine {}", r.get(ENGINE)))?;
    let gpu = r.get(GPU).to_string();
    let spec = catalog
        .gpu(&gpu)
        .ok_or_else(|| format!("GPU {gpu} not in the catalogue"))?;
    let count: u32 = num(r.get(COUNT)).ok_or("GPU count")? as u32;
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
    } else if metric == Metric::Prefill || metric == Metric::Ttft {
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
    let tp = r.get(TP);
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
    let (per_replica, replicas, layout) = if tp.is_empty() {
        // MLPerf 8-GPU systems do not state their layout: replicas of the fewest GPUs the model
        // fits on, as the app would place it.
        // Submitters tune it: the layout of the fewest GPUs the model fits on or any larger
        // one dividing the system, whichever serves most (chosen in `predict`).
        let z = Sizing::new(&arch, &wl, &EngineConstants::default());
        let pl = z
            .place(&GpuFigures::from(spec), count)
            .map_err(|_| "does not fit".to_string())?;
        let g = pl.gpus.max(1);
        (g, (count / g).max(1) as f64, "best layout")
    } else if tp.starts_with("DEP") {
        (count, 1.0, "DEP as TP")
    } else if num(tp).is_some() {
        (count, 1.0, if count > 1 { "TP/split" } else { "1 GPU" })
    } else {
        return Err(format!("layout '{tp}'"));
    };
    Ok(Case {
        arch,
        wl,
        gpu,
        per_replica,
        replicas,
        offline,
        metric,
        published,
        layout,
    })
}

/// The model's figure for a case, and the concurrency it ran at; for an unstated layout the
/// best of the replica sizes from the fewest GPUs that fit up to the whole system.
fn predict(c: &Case, catalog: &Catalog, t: Option<&ShareTable>) -> (f64, u64) {
    if c.layout != "best layout" {
        return predict_at(c, catalog, t);
    }
    let total = (c.per_replica as f64 * c.replicas) as u32;
    let mut best = predict_at(c, catalog, t);
    let mut g = c.per_replica * 2;
    while g <= total {
        if total % g == 0 {
            let at = Case {
                arch: c.arch.clone(),
                wl: c.wl.clone(),
                gpu: c.gpu.clone(),
                per_replica: g,
                replicas: (total / g) as f64,
                ..*c
            };
            let p = predict_at(&at, catalog, t);
            if p.0 > best.0 {
                best = p;
            }
        }
        g *= 2;
    }
    best
}

fn predict_at(c: &Case, catalog: &Catalog, t: Option<&ShareTable>) -> (f64, u64) {
    let spec = catalog.gpu(&c.gpu).expect("checked in express");
    let hw = Hardware::Gpu {
        gpu: GpuFigures::from(spec),
        per_server: c.per_replica,
        servers: 1,
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
    let s = z.speed(&hw, &eff);
    let v = match c.metric {
        Metric::PerUser => s.decode_tokens_per_s_per_user,
        Metric::Total => s.requests_per_s * wl.tokens_out as f64 * c.replicas,
        Metric::Prefill => s.prefill_single_tokens_per_s,
        Metric::Ttft => s.ttft_ms,
        Metric::Tpot => 1e3 / s.decode_tokens_per_s_per_user.max(1e-9),
    };
    (v, wl.seqs)
}

fn size_class(a: &ModelArch) -> &'static str {
    let p = param_counts(a);
    if a.is_moe() {
        return "MoE";
    }
    match p.total as f64 / 1e9 {
        x if x < 10.0 => "7-8B",
        x if x < 20.0 => "13B",
        x if x < 40.0 => "30B",
        x if x < 100.0 => "70B",
        _ => "405B",
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

struct Scored {
    line: usize,
    gpu: String,
    engine: Engine,
    size: &'static str,
    metric: Metric,
    err: f64,
    /// The row as `src/model/runs.rs` lists it.
    run: String,
}

fn table(title: &str, rows: &[Scored], key: impl Fn(&Scored) -> String) {
    let mut keys: Vec<String> = rows.iter().map(&key).collect();
    keys.sort();
    keys.dedup();
    println!(
        "\n{title:<22} {:>4} {:>10} {:>10} {:>8}",
        "rows", "median|e|", "median e", "<=30%"
    );
    for k in keys {
        let errs: Vec<f64> = rows.iter().filter(|r| key(r) == k).map(|r| r.err).collect();
        let within = errs.iter().filter(|e| e.abs() <= 0.30).count();
        println!(
            "{k:<22} {:>4} {:>9.1}% {:>9.1}% {:>4}/{}",
            errs.len(),
            100.0 * median(errs.iter().map(|e| e.abs()).collect()),
            100.0 * median(errs.clone()),
            within,
            errs.len()
        );
    }
}

/// Every expressible row, scored: (predicted / published - 1) for speeds, the same on time for
/// TTFT and TPOT (a time 20% too long is a speed 17% too slow: both count as errors).
fn score() -> (Vec<Scored>, Vec<(usize, String)>) {
    let catalog = Catalog::builtin();
    let recs = records(DATA);
    let header = &recs[0];
    assert_eq!(
        header[METRIC], "metric",
        "the column layout of throughput.csv"
    );
    assert_eq!(header[VALUE], "value");
    let (mut scored, mut skipped) = (Vec::new(), Vec::new());
    println!(
        "{:>4} {:<26} {:<22} {:<9} {:>5} {:>11} {:<8} {:>10} {:>10} {:>7}",
        "line",
        "model",
        "gpu x n",
        "engine",
        "conc",
        "in/out",
        "metric",
        "published",
        "model",
        "error"
    );
    for (i, fields) in recs.into_iter().enumerate().skip(1) {
        if fields.len() < 14 {
            continue;
        }
        let r = Row {
            line: i + 1,
            fields,
        };
        let c = match express(&r, &catalog) {
            Ok(c) => c,
            Err(why) => {
                skipped.push((r.line, why));
                continue;
            }
        };
        let (v, seqs) = predict(&c, &catalog, None);
        let err = v / c.published - 1.0;
        println!(
            "{:>4} {:<26} {:<22} {:<9} {:>5} {:>11} {:<8} {:>10.1} {:>10.1} {:>+6.0}%  {}",
            r.line,
            c.arch.id,
            format!("{} x{}", c.gpu, c.per_replica as f64 * c.replicas),
            c.wl.engine.id(),
            seqs,
            format!("{}/{}", c.wl.tokens_in, c.wl.tokens_out),
            format!("{:?}", c.metric),
            c.published,
            v,
            100.0 * err,
            c.layout
        );
        let class = GpuClass::of(&GpuFigures::from(catalog.gpu(&c.gpu).expect("checked")));
        let metric = match c.metric {
            Metric::PerUser => "per_user",
            Metric::Total => "total",
            Metric::Prefill => "prefill",
            Metric::Ttft => "ttft",
            Metric::Tpot => "tpot",
        };
        let source: String = r.fields[14]
            .split(" (")
            .next()
            .unwrap_or("")
            .chars()
            .take(90)
            .collect();
        let run = format!(
            "    Run {{ line: {}, engine: {:?}, model: {:?}, params_b: {:.2}, moe: {}, gpu: {:?}, class: {:?}, gpus: {}, seqs: {}, tokens_in: {}, tokens_out: {}, metric: {:?}, published: {:?}, error: {:.3}, source: {:?}, as_of: {:?} }},\n",
            r.line,
            c.wl.engine.id(),
            c.arch.id,
            param_counts(&c.arch).total as f64 / 1e9,
            c.arch.is_moe(),
            c.gpu,
            class.id(),
            (c.per_replica as f64 * c.replicas) as u32,
            seqs,
            c.wl.tokens_in,
            c.wl.tokens_out,
            metric,
            c.published,
            err,
            source,
            r.fields[15].trim(),
        );
        scored.push(Scored {
            line: r.line,
            gpu: c.gpu.clone(),
            engine: c.wl.engine,
            size: size_class(&c.arch),
            metric: c.metric,
            err,
            run,
        });
    }
    (scored, skipped)
}

#[test]
fn the_speed_model_stays_within_its_published_error() {
    let (scored, skipped) = score();
    println!("\nskipped {} rows:", skipped.len());
    for (line, why) in &skipped {
        println!("  line {line}: {why}");
    }
    table("GPU", &scored, |r| r.gpu.clone());
    table("engine", &scored, |r| r.engine.id().to_string());
    table("model size", &scored, |r| r.size.to_string());
    table("metric", &scored, |r| format!("{:?}", r.metric));
    let abs: Vec<f64> = scored.iter().map(|r| r.err.abs()).collect();
    let med = median(abs.clone());
    let within = abs.iter().filter(|e| **e <= 0.30).count() as f64 / abs.len().max(1) as f64;
    println!(
        "\nall: {} rows, median |error| {:.1}%, median error {:+.1}%, {:.0}% within 30%",
        abs.len(),
        100.0 * med,
        100.0 * median(scored.iter().map(|r| r.err).collect()),
        100.0 * within
    );
    let worst = scored
        .iter()
        .max_by(|a, b| a.err.abs().total_cmp(&b.err.abs()))
        .map(|r| (r.line, r.err));
    println!("worst: {worst:?}");
    // The table the report cites (nearest published run, error band) is this very run:
    // `UPDATE_CALIBRATION=1` rewrites it, otherwise it must match.
    let table: String = scored.iter().map(|r| r.run.as_str()).collect();
    let text = format!("{RUNS_HEAD}{table}];\n");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/model/runs.rs");
    if std::env::var_os("UPDATE_CALIBRATION").is_some() {
        std::fs::write(path, &text).expect("write src/model/runs.rs");
    } else {
        let shipped = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            shipped == text,
            "src/model/runs.rs is stale: UPDATE_CALIBRATION=1 cargo test --test calibration"
        );
    }
    // The data must stay expressible: a test that skips every row could not fail.
    assert!(scored.len() >= 70, "only {} rows expressible", scored.len());
    // The goals (issue 15): median |error| <= 15% and 90% of rows within 30%; the test fails
    // when the median drifts past 20% or fewer than 85% stay within 30%.
    assert!(
        med <= 0.20,
        "median absolute error {:.1}% > 20%",
        100.0 * med
    );
    assert!(within >= 0.85, "{:.0}% of rows within 30%", 100.0 * within);
}

#[test]
fn the_csv_reader_keeps_quoted_commas_and_quotes() {
    let r = records("a,\"b, c\",\"say \"\"hi\"\"\"\n1,2,3\n");
    assert_eq!(r[0], vec!["a", "b, c", "say \"hi\""]);
    assert_eq!(r[1], vec!["1", "2", "3"]);
    // Every data row of the shipped file has the header's 17 columns and a source and date.
    let all = records(DATA);
    assert_eq!(all[0].len(), 17);
    for (i, row) in all.iter().enumerate().skip(1) {
        assert_eq!(row.len(), 17, "line {}", i + 1);
        assert!(!row[14].is_empty() && !row[15].is_empty(), "line {}", i + 1);
    }
}

#[test]
fn the_report_says_what_its_speed_rests_on_and_widens_it_where_runs_are_few() {
    use inference_sizer::report::evaluate_query;
    let catalog = Catalog::builtin();
    // TensorRT-LLM on an H100 SXM: 23 rows on the GPU, 56 with the engine: a figure, no range.
    let r = evaluate_query(
        "model=llama-3.1-8b&engine=trtllm&gpus=nvidia_h100_sxm",
        &catalog,
    );
    let t = &r.throughput;
    let b = t.basis.as_ref().expect("a basis on real hardware");
    assert_eq!((b.runs_on_gpu, b.runs_on_engine), (23, 56));
    assert!(b.range.is_none());
    assert_eq!(b.gpu_class, "hopper");
    let near = b.nearest.as_ref().expect("a nearest run");
    assert_eq!(
        (near.engine.as_str(), near.gpu.as_str()),
        ("trtllm", "H100 SXM (80GB)")
    );
    assert_eq!(near.model, "llama-3.1-8b");
    // The terms add up to the step: the larger of memory and compute, plus the fixed terms.
    let s = &b.terms;
    let step = (s.weights_ms + s.kv_ms).max(s.compute_ms) + s.allreduce_ms + s.overhead_ms;
    assert!(
        (step / b.step_ms - 1.0).abs() < 1e-9,
        "{step} vs {}",
        b.step_ms
    );
    // vLLM has two rows: the page shows a range around the figure.
    let r = evaluate_query("model=llama-3.1-8b", &catalog);
    let t = &r.throughput;
    let b = t.basis.as_ref().expect("a basis");
    assert!(b.runs_on_engine < 3);
    let g = b.range.as_ref().expect("a range where the data is thin");
    assert!(g.low < 1.0 && g.high > 1.0, "{g:?}");
    assert!(g.per_user_low < t.decode_tokens_per_s_per_user);
    assert!(g.per_user_high > t.decode_tokens_per_s_per_user);
    // Sentences in both languages, the range among them.
    for lang in [
        inference_sizer::lang::Lang::En,
        inference_sizer::lang::Lang::Es,
    ] {
        let words = b.sentences(lang);
        assert_eq!(words.len(), 4, "{words:?}");
    }
    // Without a recommendation (no GPU allowed), no basis.
    let r = evaluate_query("model=llama-3.1-8b&gpus=no_such_gpu", &catalog);
    assert!(r.throughput.basis.is_none());
}

/// The error of every expressible row under a table of shares, as in [`score`] (speed or time).
fn errors(cases: &[Case], catalog: &Catalog, t: &ShareTable) -> Vec<f64> {
    cases
        .iter()
        .map(|c| predict(c, catalog, Some(t)).0 / c.published - 1.0)
        .collect()
}

/// The fit's objective: the median |error| plus a third of the share of rows beyond 30% (the
/// issue's two goals in one number).
fn objective(e: &[f64]) -> f64 {
    let abs: Vec<f64> = e.iter().map(|x| x.abs()).collect();
    let beyond = abs.iter().filter(|x| **x > 0.30).count() as f64 / abs.len().max(1) as f64;
    median(abs) + beyond / 3.0
}

/// The fit of `model::perf::shares`: a coordinate search from the shipped table over every
/// share of a class and engine kind the data covers (bandwidth, matmul, experts, per-layer
/// overhead), each tried at x0.85, x0.93, x1.07 and x1.15 in a fixed order, keeping what lowers
/// the objective, until a sweep changes nothing (at most 8). Deterministic. Prints the table to
/// copy into `perf::shares` (rounded to two figures there):
/// `cargo test --test calibration fit_the_constants -- --ignored --nocapture`.
#[test]
#[ignore]
fn fit_the_constants() {
    let catalog = Catalog::builtin();
    let cases: Vec<Case> = records(DATA)
        .into_iter()
        .enumerate()
        .skip(1)
        .filter(|(_, f)| f.len() >= 14)
        .filter_map(|(i, fields)| {
            express(
                &Row {
                    line: i + 1,
                    fields,
                },
                &catalog,
            )
            .ok()
        })
        .collect();
    // The cells the data covers: (kind, class) of every case.
    let mut cells: Vec<(usize, usize)> = cases
        .iter()
        .map(|c| {
            let class = GpuClass::of(&GpuFigures::from(catalog.gpu(&c.gpu).expect("checked")));
            (EngineKind::of(c.wl.engine).index(), class.index())
        })
        .collect();
    cells.sort();
    cells.dedup();
    let mut t = perf::table();
    let mut best = objective(&errors(&cases, &catalog, &t));
    println!("start: objective {best:.4}");
    for sweep in 0..8 {
        let mut changed = false;
        for &(k, c) in &cells {
            for field in 0..4 {
                for f in [0.85, 0.93, 1.07, 1.15] {
                    let mut trial = t;
                    let s = &mut trial[k][c];
                    let v = match field {
                        0 => &mut s.bandwidth,
                        1 => &mut s.matmul,
                        2 => &mut s.experts,
                        _ => &mut s.layer_us,
                    };
                    *v = if field == 3 {
                        (*v * f).clamp(0.0, 500.0)
                    } else {
                        (*v * f).clamp(0.02, 0.95)
                    };
                    let o = objective(&errors(&cases, &catalog, &trial));
                    if o < best - 1e-9 {
                        (best, t, changed) = (o, trial, true);
                    }
                }
            }
        }
        println!("sweep {sweep}: objective {best:.4}");
        if !changed {
            break;
        }
    }
    let e = errors(&cases, &catalog, &t);
    let within = e.iter().filter(|x| x.abs() <= 0.30).count();
    println!(
        "fitted: median |error| {:.1}%, {within}/{} within 30%",
        100.0 * median(e.iter().map(|x| x.abs()).collect()),
        e.len()
    );
    for &(k, c) in &cells {
        let s = t[k][c];
        println!(
            "{:?} {:?}: bandwidth {:.3}, matmul {:.3}, experts {:.3}, layer_us {:.1}",
            EngineKind::ALL[k],
            GpuClass::ALL[c],
            s.bandwidth,
            s.matmul,
            s.experts,
            s.layer_us
        );
    }
}
