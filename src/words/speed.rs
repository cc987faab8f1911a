//! What a speed figure rests on, in words: the terms of a decode step, the shares of peak the
//! fit gives the GPU and engine, the nearest published run and the model's error on it, and the
//! range the figure spans where the calibration data is thin.

use crate::format::show::number;
use crate::format::{percent, significant};
use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// The terms of one decode step of the whole batch, milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StepTerms {
    pub weights_ms: f64,
    pub kv_ms: f64,
    pub compute_ms: f64,
    pub allreduce_ms: f64,
    pub overhead_ms: f64,
}

/// A published run the figure is compared with.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NearestRun {
    /// Line of the row in the calibration data (`tests/data/throughput.csv`, or with `file` 1
    /// `tests/data/throughput-2026-12-02.csv`).
    pub line: u32,
    #[serde(default)]
    pub file: u32,
    pub engine: String,
    pub model: String,
    /// The GPU's name, and how many the run used.
    pub gpu: String,
    pub gpus: u32,
    pub seqs: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// `per_user`, `total`, `prefill`, `ttft` or `tpot`.
    pub metric: String,
    pub published: f64,
    /// The model's figure on that run over the published one, minus 1.
    pub error: f64,
    /// The model's speed on that run over the published one, minus 1, with the corrections
    /// fitted without the run's source (held out).
    #[serde(default)]
    pub held_out: f64,
    pub source: String,
    pub as_of: String,
    /// The engine's version as the source states it.
    #[serde(default)]
    pub engine_version: String,
}

/// The range a speed figure carries: multipliers of the figure from the error the model makes on
/// published runs of its class that no fit saw (the 96th and 4th percentiles of the held-out
/// ratio of the model's speed to the published one), and the figures it spans.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpeedRange {
    pub low: f64,
    pub high: f64,
    /// The class the error comes from (`nvidia/vllm/dense/multi`; a broader one, `nvidia/vllm`,
    /// `vllm` or `all`, where the class has fewer than 8 runs) and how many runs it holds.
    #[serde(default)]
    pub class: String,
    #[serde(default)]
    pub runs: u64,
    /// The class's median held-out |error| (0.18 = 18%).
    #[serde(default)]
    pub median_abs_error: f64,
    /// The period the engine's figures represent: the first and last year-month of its
    /// published runs (`2024-08`, `2026-04`).
    #[serde(default)]
    pub period_from: String,
    #[serde(default)]
    pub period_to: String,
    pub per_user_low: f64,
    pub per_user_high: f64,
    pub aggregate_low: f64,
    pub aggregate_high: f64,
}

/// What the report's speed rests on.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpeedBasis {
    /// `memory` or `compute`: which bounds a decode step.
    pub bound: String,
    pub step_ms: f64,
    pub terms: StepTerms,
    /// The class of GPU the shares are fitted for (`hopper`, `gddr`, ...; `cpu`).
    pub gpu_class: String,
    pub bandwidth_share: f64,
    pub matmul_share: f64,
    pub tp: u64,
    pub pp: u64,
    pub nearest: Option<NearestRun>,
    /// Calibration rows on this GPU and with this engine.
    pub runs_on_gpu: u64,
    pub runs_on_engine: u64,
    /// The range from the held-out error of runs of this class (on real hardware with a
    /// calibrated engine).
    pub range: Option<SpeedRange>,
    /// The three nearest published runs, the nearest first (`nearest` is the first).
    #[serde(default)]
    pub nearest_runs: Vec<NearestRun>,
    /// The engine's own benchmark for this scenario (server, then client; empty for an engine
    /// without one), so a buyer can measure and compare.
    #[serde(default)]
    pub benchmark: String,
}

/// A signed percentage: "+12%", "-8%".
fn signed(x: f64, lang: Lang) -> String {
    format!("{}{}", if x >= 0.0 { "+" } else { "" }, percent(x, lang))
}

fn class_name(id: &str, lang: Lang) -> &'static str {
    match (id, lang) {
        ("ampere_hbm", _) => "A100 (Ampere, HBM)",
        ("hopper", _) => "Hopper (H100, H200, GH200)",
        ("blackwell_hbm", _) => "Blackwell (B200)",
        ("cdna3", _) => "AMD CDNA 3 (MI300X, MI325X)",
        ("gddr", Lang::En) => "GDDR cards (GeForce, RTX, L40S, L4)",
        ("gddr", Lang::Es) => "tarjetas GDDR (GeForce, RTX, L40S, L4)",
        ("cpu", Lang::En) => "CPU",
        ("cpu", Lang::Es) => "CPU",
        (_, Lang::En) => "other accelerators (untested shares)",
        (_, Lang::Es) => "otros aceleradores (proporciones sin contrastar)",
    }
}

fn metric_name(m: &str, lang: Lang) -> &'static str {
    match (m, lang) {
        ("per_user", Lang::En) => "tokens/s per user",
        ("per_user", Lang::Es) => "tokens/s por usuario",
        ("prefill", Lang::En) => "prompt tokens/s",
        ("prefill", Lang::Es) => "tokens/s de prompt",
        ("ttft", Lang::En) => "ms to first token",
        ("ttft", Lang::Es) => "ms hasta el primer token",
        ("tpot", Lang::En) => "ms per output token",
        ("tpot", Lang::Es) => "ms por token de salida",
        (_, Lang::En) => "output tokens/s in all",
        (_, Lang::Es) => "tokens/s de salida en total",
    }
}

impl SpeedBasis {
    /// The runs after the nearest, with the model's held-out error on each; none: `None`.
    fn next_nearest(&self, lang: Lang) -> Option<String> {
        let others: Vec<String> = self
            .nearest_runs
            .iter()
            .skip(1)
            .map(|r| {
                format!(
                    "{} {}× {} {} {}/{} ({})",
                    r.model,
                    r.gpus,
                    r.gpu,
                    r.engine,
                    r.tokens_in,
                    r.tokens_out,
                    signed(r.held_out, lang)
                )
            })
            .collect();
        if others.is_empty() {
            return None;
        }
        let list = others.join("; ");
        Some(match lang {
            Lang::En => format!("Next nearest runs, with the model's held-out error: {list}."),
            Lang::Es => format!(
                "Siguientes ejecuciones más cercanas, con el error del modelo fuera del ajuste: {list}."
            ),
        })
    }

    /// The basis in sentences: the step's terms, the shares, the nearest run, the range.
    pub fn sentences(&self, lang: Lang) -> Vec<String> {
        let ms = |x: f64| significant(x, lang);
        let t = &self.terms;
        let bound = match (self.bound.as_str(), lang) {
            ("compute", Lang::En) => "compute-bound",
            ("compute", Lang::Es) => "limitado por el cálculo",
            (_, Lang::En) => "memory-bound",
            (_, Lang::Es) => "limitado por la memoria",
        };
        let mut out = vec![match (lang, self.step_ms > 0.0) {
            // No decode step: a model that generates no tokens (an encoder) reads each prompt
            // in one forward pass.
            (Lang::En, false) => format!(
                "No decode step: the model generates no tokens and reads the batch's prompts in one forward pass, {bound}: reading the weights {} ms, compute {} ms.",
                ms(t.weights_ms), ms(t.compute_ms)
            ),
            (Lang::Es, false) => format!(
                "Sin pasos de decodificación: el modelo no genera tokens y lee las entradas del lote en una sola pasada, {bound}: leer los pesos {} ms, cálculo {} ms.",
                ms(t.weights_ms), ms(t.compute_ms)
            ),
            (Lang::En, true) => format!(
                "Each decode step of the batch takes {} ms, {bound}: reading the weights {} ms, the KV cache {} ms, compute {} ms; all-reduce {} ms, fixed overhead {} ms.",
                ms(self.step_ms), ms(t.weights_ms), ms(t.kv_ms), ms(t.compute_ms), ms(t.allreduce_ms), ms(t.overhead_ms)
            ),
            (Lang::Es, true) => format!(
                "Cada paso de decodificación del lote tarda {} ms, {bound}: leer los pesos {} ms, la caché KV {} ms, cálculo {} ms; all-reduce {} ms, coste fijo {} ms.",
                ms(self.step_ms), ms(t.weights_ms), ms(t.kv_ms), ms(t.compute_ms), ms(t.allreduce_ms), ms(t.overhead_ms)
            ),
        }];
        let (bw, mm) = (
            percent(self.bandwidth_share, lang),
            percent(self.matmul_share, lang),
        );
        let class = class_name(&self.gpu_class, lang);
        let (tp, pp) = (self.tp.max(1), self.pp.max(1));
        out.push(match lang {
            Lang::En => format!(
                "Shares of peak fitted to published runs for {class}: {bw} of memory bandwidth, {mm} of matmul throughput; tensor parallel {tp}, pipeline stages {pp}."
            ),
            Lang::Es => format!(
                "Proporciones del máximo ajustadas a ejecuciones publicadas para {class}: {bw} del ancho de banda de memoria, {mm} del rendimiento de matrices; paralelismo tensorial {tp}, etapas de pipeline {pp}."
            ),
        });
        if let Some(r) = &self.nearest {
            let err = format!(
                "{}{}",
                if r.error >= 0.0 { "+" } else { "" },
                percent(r.error, lang)
            );
            let held = signed(r.held_out, lang);
            let (gpus, seqs) = (r.gpus, number(r.seqs as f64, 0, lang));
            let (pub_v, metric) = (significant(r.published, lang), metric_name(&r.metric, lang));
            let (tin, tout) = (r.tokens_in, r.tokens_out);
            out.push(match lang {
                Lang::En => format!(
                    "Nearest published run: {} on {gpus}× {}, {}, {seqs} concurrent, {tin}/{tout} tokens: {pub_v} {metric} ({}, {}); this model is {err} off it ({held} in speed with its source held out of the fit).",
                    r.model, r.gpu, r.engine, r.source, r.as_of
                ),
                Lang::Es => format!(
                    "Ejecución publicada más cercana: {} en {gpus}× {}, {}, {seqs} simultáneas, {tin}/{tout} tokens: {pub_v} {metric} ({}, {}); este modelo se desvía un {err} ({held} en velocidad con su fuente fuera del ajuste).",
                    r.model, r.gpu, r.engine, r.source, r.as_of
                ),
            });
        }
        if let Some(next) = self.next_nearest(lang) {
            out.push(next);
        }
        if let Some(g) = &self.range {
            let (lo, hi) = (percent(g.low, lang), percent(g.high, lang));
            // Whole tokens from 10 a second, three figures below.
            let tps = |x: f64| {
                if x >= 10.0 {
                    number(x, 0, lang).to_string()
                } else {
                    significant(x, lang)
                }
            };
            let (ul, uh) = (tps(g.per_user_low), tps(g.per_user_high));
            let (class, n, med) = (&g.class, g.runs, percent(g.median_abs_error, lang));
            let (from, to) = (&g.period_from, &g.period_to);
            // A model that generates no tokens has no speed per user to give a range of.
            let per_user = g.per_user_high > 0.0;
            // A range wholly on one side of the figure says so: the figure itself is not what to
            // expect (the default scenario's class: AMD's own runs, all slower than the model).
            let lean = match (lang, g.high < 1.0, g.low > 1.0) {
                (Lang::En, true, _) => ", its figure too high on nearly all of them",
                (Lang::En, _, true) => ", its figure too low on nearly all of them",
                (Lang::Es, true, _) => ", con su cifra demasiado alta en casi todas",
                (Lang::Es, _, true) => ", con su cifra demasiado baja en casi todas",
                _ => "",
            };
            out.push(match (lang, per_user) {
                (Lang::En, true) => format!(
                    "On {n} published runs of its class ({class}) that no fit saw, the model was {med} off in the median{lean}; 92% of them fell between {lo} and {hi} of its figure: expect {ul}-{uh} tokens/s per user (the engine as published {from} to {to})."
                ),
                (Lang::Es, true) => format!(
                    "En {n} ejecuciones publicadas de su clase ({class}) que ningún ajuste vio, el modelo se desvió un {med} en la mediana{lean}; el 92% quedó entre el {lo} y el {hi} de su cifra: cuente con {ul}-{uh} tokens/s por usuario (el motor tal como se publicó de {from} a {to})."
                ),
                (Lang::En, false) => format!(
                    "On {n} published runs of its class ({class}) that no fit saw, the model was {med} off in the median{lean}; 92% of them fell between {lo} and {hi} of its figure (the engine as published {from} to {to})."
                ),
                (Lang::Es, false) => format!(
                    "En {n} ejecuciones publicadas de su clase ({class}) que ningún ajuste vio, el modelo se desvió un {med} en la mediana{lean}; el 92% quedó entre el {lo} y el {hi} de su cifra (el motor tal como se publicó de {from} a {to})."
                ),
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A TensorRT-LLM basis on one GPU, its range around the figure.
    fn basis() -> SpeedBasis {
        SpeedBasis {
            bound: "memory".into(),
            step_ms: 10.81,
            terms: StepTerms {
                weights_ms: 6.4,
                kv_ms: 4.02,
                compute_ms: 2.15,
                allreduce_ms: 0.0,
                overhead_ms: 0.38,
            },
            gpu_class: "hopper".into(),
            bandwidth_share: 0.7,
            matmul_share: 0.5,
            tp: 1,
            pp: 1,
            nearest: Some(NearestRun {
                line: 46,
                engine: "trtllm".into(),
                model: "llama-3.1-8b".into(),
                gpu: "H100 SXM (80GB)".into(),
                gpus: 1,
                seqs: 516,
                tokens_in: 1000,
                tokens_out: 1000,
                metric: "total".into(),
                published: 15220.0,
                error: -0.002,
                held_out: 0.031,
                file: 0,
                source: "github:NVIDIA/TensorRT-LLM".into(),
                as_of: "2025-09".into(),
                engine_version: "1.0".into(),
            }),
            runs_on_gpu: 1,
            runs_on_engine: 56,
            range: Some(SpeedRange {
                low: 0.75,
                high: 1.25,
                per_user_low: 39.0,
                per_user_high: 65.0,
                aggregate_low: 2490.0,
                aggregate_high: 4150.0,
                class: "nvidia/trtllm/dense/1gpu".into(),
                runs: 168,
                median_abs_error: 0.13,
                period_from: "2023-10".into(),
                period_to: "2025-12".into(),
            }),
            nearest_runs: vec![],
            benchmark: String::new(),
        }
    }

    #[test]
    fn every_sentence_is_written_in_both_languages_from_the_figures() {
        let b = basis();
        let en = b.sentences(Lang::En);
        let es = b.sentences(Lang::Es);
        assert_eq!(en.len(), 4);
        assert_eq!(es.len(), 4);
        assert!(
            en[0].contains("10.8 ms") && en[0].contains("memory-bound"),
            "{}",
            en[0]
        );
        assert!(
            es[0].contains("10,8 ms") && es[0].contains("memoria"),
            "{}",
            es[0]
        );
        assert!(
            en[1].contains("70%") && en[1].contains("Hopper"),
            "{}",
            en[1]
        );
        assert!(
            en[2].contains("15,220") && en[2].contains("2025-09"),
            "{}",
            en[2]
        );
        assert!(es[2].contains("15.220"), "{}", es[2]);
        assert!(en[2].contains("+3.1%"), "{}", en[2]);
        assert!(
            en[3].contains("39-65")
                && en[3].contains("168")
                && en[3].contains("nvidia/trtllm")
                && en[3].contains("2023-10 to 2025-12"),
            "{}",
            en[3]
        );
        assert!(
            !en[3].contains("too high") && !en[3].contains("too low"),
            "{}",
            en[3]
        );
        // Without a nearest run or a range, two sentences.
        let bare = SpeedBasis {
            nearest: None,
            range: None,
            ..b
        };
        assert_eq!(bare.sentences(Lang::En).len(), 2);
    }

    #[test]
    fn a_range_wholly_on_one_side_of_the_figure_says_which() {
        let b = basis();
        // A range wholly below the figure says the figure is too high (AMD's own TP8 runs of the
        // default scenario's class: published 51-92% of the model's figure).
        let below = |low: f64, high: f64| SpeedBasis {
            range: Some(SpeedRange {
                low,
                high,
                ..b.range.clone().unwrap()
            }),
            ..b.clone()
        };
        let (en_low, es_low) = (
            below(0.51, 0.92).sentences(Lang::En),
            below(0.51, 0.92).sentences(Lang::Es),
        );
        assert!(
            en_low[3].contains("off in the median, its figure too high on nearly all of them;"),
            "{}",
            en_low[3]
        );
        assert!(
            es_low[3].contains("en la mediana, con su cifra demasiado alta en casi todas;"),
            "{}",
            es_low[3]
        );
        assert!(below(1.05, 1.6).sentences(Lang::En)[3].contains("its figure too low"));
    }
}
