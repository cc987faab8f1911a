//! The verdict's cheaper path: the same load with a format or engine that runs better on the
//! hardware than the one the scenario asks for ("with AWQ 4-bit weights on vLLM instead of the
//! GGUF file, the same load runs on ... 86% less").

use crate::format::show::{money, percent};
use crate::lang::Lang;
use crate::units::Currency;

/// What the cheaper path changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    /// Weights in another format (its id: `awq4`, `fp8`) on the same engine (its id).
    Format {
        quant: &'static str,
        engine: &'static str,
    },
    /// The same GGUF file served by another engine (its id).
    Engine { engine: &'static str },
}

/// The cheaper path's sentence.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CheaperPathWords {
    pub change: Change,
    /// The offer it would run on.
    pub offer_id: String,
    /// The hardware in words ("1 machine with 4× RTX 5090, tensor parallel 4").
    pub hardware: String,
    pub provider: String,
    pub offer_name: String,
    /// Its monthly cost, or its job's cost when fine-tuning.
    pub cost: f64,
    pub job: bool,
    /// Its saving against the verdict, a fraction.
    pub saving: f64,
    pub currency: Currency,
}

fn format_name(id: &str, lang: Lang) -> &'static str {
    match (id, lang) {
        ("awq4", Lang::En) => "AWQ 4-bit weights",
        ("awq4", Lang::Es) => "pesos AWQ de 4 bits",
        ("fp8", Lang::En) => "FP8 weights",
        ("fp8", Lang::Es) => "pesos FP8",
        (_, Lang::En) => "another weight format",
        (_, Lang::Es) => "otro formato de pesos",
    }
}

fn engine_name(id: &str) -> &'static str {
    match id {
        "vllm" => "vLLM",
        "sglang" => "SGLang",
        "llamacpp" => "llama.cpp",
        "ollama" => "Ollama",
        "trtllm" => "TensorRT-LLM",
        _ => "another engine",
    }
}

impl CheaperPathWords {
    pub fn sentence(&self, lang: Lang) -> String {
        let c = money(self.cost, self.currency, lang);
        let s = percent(self.saving, lang);
        let (hw, p, n) = (&self.hardware, &self.provider, &self.offer_name);
        match (self.change, lang) {
            (Change::Format { quant, engine }, Lang::En) => format!(
                "A cheaper path: with {} on {} instead of the GGUF file, the same load runs on {hw} ({p} {n}) for {c}{}, {s} less.",
                format_name(quant, lang),
                engine_name(engine),
                if self.job { " for the job" } else { " a month" },
            ),
            (Change::Format { quant, engine }, Lang::Es) => format!(
                "Un camino más barato: con {} en {} en lugar del archivo GGUF, la misma carga funciona en {hw} ({p} {n}) por {c}{}, un {s} menos.",
                format_name(quant, lang),
                engine_name(engine),
                if self.job { " el trabajo" } else { " al mes" },
            ),
            (Change::Engine { engine }, Lang::En) => format!(
                "A cheaper path: serving the same GGUF file with {}, the same load runs on {hw} ({p} {n}) for {c}{}, {s} less.",
                engine_name(engine),
                if self.job { " for the job" } else { " a month" },
            ),
            (Change::Engine { engine }, Lang::Es) => format!(
                "Un camino más barato: sirviendo el mismo archivo GGUF con {}, la misma carga funciona en {hw} ({p} {n}) por {c}{}, un {s} menos.",
                engine_name(engine),
                if self.job { " el trabajo" } else { " al mes" },
            ),
        }
    }

    /// The button's label that takes the cheaper path.
    pub fn action(change: Change, lang: Lang) -> String {
        match (change, lang) {
            (Change::Format { quant, engine }, Lang::En) => {
                format!(
                    "Use {} on {}",
                    format_name(quant, lang),
                    engine_name(engine)
                )
            }
            (Change::Format { quant, engine }, Lang::Es) => {
                format!(
                    "Usar {} en {}",
                    format_name(quant, lang),
                    engine_name(engine)
                )
            }
            (Change::Engine { engine }, Lang::En) => {
                format!("Serve it with {}", engine_name(engine))
            }
            (Change::Engine { engine }, Lang::Es) => {
                format!("Servirlo con {}", engine_name(engine))
            }
        }
    }
}
