//! Inference Sizer: what hardware an AI model needs, and whether it is cheaper in the cloud or on
//! bare metal.
//!
//! The crate is split in two:
//! - a **pure core** (`units`, `model`, `catalog`, `cost`, `plan`, `scenario`, `report`, `chart`)
//!   that knows nothing of the browser: no `leptos`, `web_sys`, `gloo` or `wasm_bindgen`. It
//!   compiles and is tested natively; [`report::evaluate`] is its one entry point;
//! - a thin **UI** (`ui`, wasm32 only) of Leptos components that read the scenario from the URL,
//!   call `evaluate` and render the report.

pub mod catalog;
pub mod chart;
pub mod cost;
pub mod embed_protocol;
pub mod model;
pub mod order;
pub mod plan;
pub mod report;
pub mod scenario;
pub mod units;

#[cfg(target_arch = "wasm32")]
pub mod ui;
