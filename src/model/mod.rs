//! Architectures, parameter counts, quantisation, memory and throughput. Pure Rust.

mod arch;
mod options;
pub use arch::*;
pub use options::*;
