//! How far a figure can be trusted, and one memory term as the report shows it.

use serde::{Deserialize, Serialize};

/// How much a figure can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Provenance {
    /// Architecture arithmetic: exact.
    Exact,
    /// A measured constant, cited.
    Empirical,
    /// A rule of thumb.
    Heuristic,
}

/// Which memory term a figure is; serialised as its id (`kv_cache`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TermKey {
    Weights,
    KvCache,
    Activations,
    /// The serving engine's own memory (runtime, CUDA context).
    Overhead,
    /// The framework's reserve beyond the model.
    Reserve,
    Gradients,
    Optimizer,
    Adapters,
    /// What the operating system keeps of a CPU server's RAM.
    OsReserve,
    /// Vision and audio towers loaded beside the language model.
    Towers,
}

impl TermKey {
    pub const ALL: [TermKey; 10] = [
        TermKey::Weights,
        TermKey::KvCache,
        TermKey::Activations,
        TermKey::Overhead,
        TermKey::Reserve,
        TermKey::Gradients,
        TermKey::Optimizer,
        TermKey::Adapters,
        TermKey::OsReserve,
        TermKey::Towers,
    ];
    /// The id the report writes (`kv_cache`), as a CSS class too.
    pub fn id(self) -> &'static str {
        match self {
            TermKey::Weights => "weights",
            TermKey::KvCache => "kv_cache",
            TermKey::Activations => "activations",
            TermKey::Overhead => "overhead",
            TermKey::Reserve => "reserve",
            TermKey::Gradients => "gradients",
            TermKey::Optimizer => "optimizer",
            TermKey::Adapters => "adapters",
            TermKey::OsReserve => "os_reserve",
            TermKey::Towers => "towers",
        }
    }
    pub fn parse(id: &str) -> Option<TermKey> {
        TermKey::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// One term of the memory breakdown, with its range where it is not exact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryTerm {
    pub key: TermKey,
    pub bytes: u64,
    pub low_bytes: u64,
    pub high_bytes: u64,
    pub provenance: Provenance,
    /// Where the figure comes from, in words (formula or citation).
    pub basis: String,
}
