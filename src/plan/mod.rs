//! The recommendation: GPU, count, offer, bare metal vs cloud vs CPU, with reasons. Pure Rust.
