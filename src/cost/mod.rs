//! Monthly total cost of ownership, break-even, cost per token and per request. Pure Rust.
