//! GPU specs, offers and prices with units and sources; loading and validating catalogue JSON.
//! Pure Rust: no browser APIs.

mod apis;
pub mod freshness;
mod load;
mod own;
mod slice;
mod sources;
mod types;
mod validate;

pub use apis::{ApiFault, ApiPrice};
pub use freshness::{Freshness, PriceAge};
pub use load::{filter_provider, merge_provider, CatalogError, FieldError, BUILTIN_JSON, SCHEMA};
pub use own::{Colocation, HardwarePrice, OwnFault, Purchase};
pub use slice::{profile_compute_slices, GpuSlice, SliceKind};
pub use sources::{OfferSources, SOURCES_FILE, SOURCE_IN_FILE};
pub use types::*;
pub use validate::{is_date, validate, Fault, IdList, Problem, ProblemKind, MEMORY_TOLERANCE};
