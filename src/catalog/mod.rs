//! GPU specs, offers and prices with units and sources; loading and validating catalogue JSON.
//! Pure Rust: no browser APIs.

mod types;
pub use types::*;
