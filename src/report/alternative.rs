//! A cheaper path beside the verdict. A GGUF file served by vLLM or SGLang runs an experimental
//! path whose batched prompts are about 9x slower than AWQ's (`model::compat`), so the verdict
//! buys several times the GPUs the same load needs otherwise. The report then also evaluates the
//! scenario with AWQ 4-bit weights on the same engine (FP8 for the 5- to 8-bit GGUF types, so the
//! quality does not drop) and with the same file on llama.cpp, and names the cheaper of the two
//! when it saves more than the near-tie margin (10%).

use super::Recommendation;
use crate::catalog::Catalog;
use crate::model::{Engine, Quant};
use crate::plan::Reason;
use crate::scenario::Scenario;
use crate::words::alternative::{Change, CheaperPathWords};
use crate::words::plan::NEAR_TIE;
use serde::{Deserialize, Serialize};

/// The same load with another weight format or engine, when it costs clearly less.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CheaperPath {
    /// The weight format and engine of the path (URL ids: `awq4`, `vllm`).
    pub quant: String,
    pub engine: String,
    /// The offer it would run on, and the hardware in words.
    pub offer_id: String,
    pub provider: String,
    pub hardware: String,
    /// Its monthly cost, or its job's cost when fine-tuning, in the report's currency.
    pub cost: f64,
    /// What it saves against the verdict, a fraction (0.86: 86% less).
    pub saving: f64,
    /// The scenario's query string with the change, to open it.
    pub query: String,
    pub sentence: String,
    /// The label of the control that takes it.
    pub action: String,
}

/// The cheaper path of a verdict costing `mine` on `s`, and its reason, if the scenario serves a
/// GGUF file on vLLM or SGLang and another format or engine saves more than the near-tie
/// margin. `evaluate` runs the paths through `run`, which gives each one's verdict and must not
/// look for paths itself.
pub(super) fn cheaper_path(
    s: &Scenario,
    catalog: &Catalog,
    mine: f64,
    run: impl Fn(&Scenario, &Catalog) -> Option<Recommendation>,
) -> Option<(CheaperPath, Reason)> {
    if !s.quant.is_gguf() || !matches!(s.engine, Engine::Vllm | Engine::Sglang) {
        return None;
    }
    let lang = s.lang.unwrap_or_default();
    let format = match s.quant {
        Quant::Q8_0 | Quant::Q6K | Quant::Q5KM | Quant::Q5KS => Quant::Fp8,
        _ => Quant::Awq4,
    };
    let paths = [
        (
            Scenario {
                quant: format,
                ..s.clone()
            },
            Change::Format {
                quant: format.id(),
                engine: s.engine.id(),
            },
        ),
        (
            Scenario {
                engine: Engine::Llamacpp,
                ..s.clone()
            },
            Change::Engine {
                engine: Engine::Llamacpp.id(),
            },
        ),
    ];
    let (cost, other, path, change) = paths
        .into_iter()
        .filter_map(|(path, change)| {
            let other = run(&path, catalog)?;
            Some((other.cost(), other, path, change))
        })
        .filter(|(cost, ..)| cost.is_finite() && *cost >= 0.0)
        .min_by(|a, b| a.0.total_cmp(&b.0))?;
    if !(mine.is_finite() && mine > 0.0 && cost < mine * (1.0 - NEAR_TIE)) {
        return None;
    }
    let saving = 1.0 - cost / mine;
    let hardware = other.hardware_line(lang);
    let words = CheaperPathWords {
        change,
        offer_id: other.offer_id.clone(),
        hardware: hardware.clone(),
        provider: other.provider.clone(),
        offer_name: other.offer_name().to_string(),
        cost,
        job: other.job().is_some(),
        saving,
        currency: s.cur,
    };
    let path = CheaperPath {
        quant: path.quant.id().to_string(),
        engine: path.engine.id().to_string(),
        offer_id: other.offer_id.clone(),
        provider: other.provider.clone(),
        cost,
        saving,
        query: path.to_query(),
        sentence: words.sentence(lang),
        action: CheaperPathWords::action(change, lang),
        hardware,
    };
    Some((path, Reason::CheaperPath(words)))
}
