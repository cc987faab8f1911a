//! The report: everything the app shows and `sizer` prints (docs/interface.md).
//! `evaluate(&Scenario, &Catalog) -> Report` is the single entry point of the pure core; it
//! assembles the types of the layers below (the model's memory terms, the cost layer's options,
//! the planner's verdict) with its own.

mod alternative;
mod api;
mod card;
pub mod csv;
mod curves;
mod evaluate;
mod freshness;
mod layout;
mod load_basis;
mod notes;
mod own;
mod provider_pick;
mod sizing;
mod slices;
mod throughput;
mod types;
mod verdict;

pub use crate::catalog::{OfferKind, Virtualization};
pub use crate::cost::{CostLine, Deployment, LazyText, OptionReport};
pub use crate::model::{MemoryTerm, Provenance, TermKey};
pub use crate::plan::{Recommendation, RunnerUp};
pub use crate::scenario::{import_checkpoint, import_into, resolve_model};
pub use alternative::CheaperPath;
pub use card::{CardPath, CardRunnerUp, CardVerdict, VerdictCard};
pub use evaluate::{evaluate, evaluate_query};
pub use load_basis::PerTokenBasis;
pub use provider_pick::{host_provider, ProviderOffer, ProviderPick};
pub use sizing::model_workload;
pub use types::*;
