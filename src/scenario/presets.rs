//! Typical loads to start from: a first-time visitor picks one and the page sets the request
//! rate, the prompt and output lengths, the hours and the targets through the link, so the
//! per-token figures rest on a stated load instead of a GPU busy around the clock. The page's
//! workload panel shows one button per preset; the verdict quotes the team chat's load when no
//! request rate is given.

use super::Scenario;
use crate::lang::Lang;

/// A typical load: what it sets in a scenario.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoadPreset {
    /// `team_chat`, `product_feature`, `batch_job`.
    pub id: &'static str,
    /// Requests a day.
    pub rpd: f64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// Hours a day the service runs.
    pub hours: f64,
    /// Minimum decode speed per user, tokens/s.
    pub tps: f64,
    /// Maximum P95 time to first token, ms; `None`: the model type's default.
    pub ttft_ms: Option<f64>,
}

/// An internal chat assistant for a team of about 100 people, 50 requests each a working day:
/// 5,000 requests a day, prompts of 1,000 tokens (a question with its conversation) and answers
/// of 250, at reading speed (20 tokens/s) with the default latency target (2 s to the first token
/// for a model that writes).
pub const TEAM_CHAT: LoadPreset = LoadPreset {
    id: "team_chat",
    rpd: 5_000.0,
    tokens_in: 1_000,
    tokens_out: 250,
    hours: 24.0,
    tps: 20.0,
    ttft_ms: None,
};

/// A feature inside a product (summaries, drafting, search answers) used by its customers:
/// 100,000 requests a day, prompts of 800 tokens and answers of 200, the first token within 1 s.
pub const PRODUCT_FEATURE: LoadPreset = LoadPreset {
    id: "product_feature",
    rpd: 100_000.0,
    tokens_in: 800,
    tokens_out: 200,
    hours: 24.0,
    tps: 20.0,
    ttft_ms: Some(1_000.0),
};

/// A nightly batch (classifying or extracting from documents): 200,000 requests in 8 hours,
/// prompts of 2,000 tokens and outputs of 500; no one waits on a single answer (5 tokens/s,
/// a minute to the first token).
pub const BATCH_JOB: LoadPreset = LoadPreset {
    id: "batch_job",
    rpd: 200_000.0,
    tokens_in: 2_000,
    tokens_out: 500,
    hours: 8.0,
    tps: 5.0,
    ttft_ms: Some(60_000.0),
};

/// Every preset, in the order the page shows them.
pub const LOAD_PRESETS: [LoadPreset; 3] = [TEAM_CHAT, PRODUCT_FEATURE, BATCH_JOB];

impl LoadPreset {
    /// Sets the preset's load in `s` (the model, hardware and constraints stay).
    pub fn apply(&self, s: &mut Scenario) {
        s.rpd = self.rpd;
        s.tokens_in = self.tokens_in;
        s.tokens_out = self.tokens_out;
        s.hours = self.hours;
        s.tps = self.tps;
        s.ttft_ms = self.ttft_ms;
    }

    /// Whether `s` carries exactly this preset's load (the page marks its button).
    pub fn is_applied(&self, s: &Scenario) -> bool {
        let mut with = s.clone();
        self.apply(&mut with);
        with == *s
    }

    /// The preset's name: "Team chat".
    pub fn name(&self, lang: Lang) -> &'static str {
        crate::words::scenario::load_preset_name(self.id, lang)
    }

    /// What it sets, in a few words: "5,000 requests a day, 1,000 tokens in, 250 out".
    pub fn summary(&self, lang: Lang) -> String {
        crate::words::scenario::load_preset_summary(
            self.rpd,
            self.tokens_in,
            self.tokens_out,
            self.hours,
            lang,
        )
    }
}
