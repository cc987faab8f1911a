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

/// One term of the memory breakdown, with its range where it is not exact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemoryTerm {
    /// `weights`, `kv_cache`, `activations`, `overhead`, `reserve`, ...
    pub key: String,
    pub bytes: u64,
    pub low_bytes: u64,
    pub high_bytes: u64,
    pub provenance: Provenance,
    /// Where the figure comes from, in words (formula or citation).
    pub basis: String,
}
