//! Inference Sizer: what hardware an AI model needs, and whether it is cheaper in the cloud or on
//! bare metal.
//!
//! The crate is a **pure core** that knows nothing of the browser (no `leptos`, `web_sys`, `gloo`
//! or `wasm_bindgen`; compiled and tested natively) under a thin **UI** (`ui`, wasm32 only) of
//! Leptos components that read the scenario from the URL, call [`report::evaluate`] and render
//! the report. The command-line tool (`src/bin/sizer.rs`) prints the same report as JSON.
//!
//! # Layers
//! The core stacks one way: a module names only modules of its own layer or below, never one
//! above (`tests/layers.rs` scans the source and fails on an upward path). Bottom to top:
//!
//! 1. **base**: [`units`] (bytes, money, rates, with their unit in the type), [`order`] (the one
//!    sort), [`lang`] (the interface language), [`format`] (numbers and money for a reader),
//!    [`colour`] (contrast, for the host's accent), and [`words`] (the sentences of every topic, in English and Spanish).
//! 2. **model and catalogue**: [`model`] (architectures, parameter counts, formats, memory,
//!    speed; knows only the base), then [`catalog`] (GPU specs, presets and offers; it lists
//!    models, so it may name the model's types).
//! 3. **scenario, cost, plan**, each returning its own types: [`scenario`] (every input, its
//!    range and default, the URL codec, the model a scenario names), [`cost`] (each offer costed
//!    against the scenario: [`cost::OptionReport`]), [`plan`] (the verdict among the costed
//!    options: [`plan::Recommendation`]).
//! 4. **report**: [`report::evaluate`] assembles the report from the layers below; its one
//!    front door.
//! 5. **presentation**: [`chart`] (drawing, generic over plotters' `DrawingBackend`),
//!    [`embed_protocol`] (the `postMessage` protocol of an embedded page) and [`markup`] (the
//!    verdict card as HTML, for the page and its pre-render).
//! 6. **edges**: `ui` (Leptos, wasm32 only) and the `sizer` binary.

pub mod catalog;
pub mod chart;
pub mod colour;
pub mod cost;
pub mod embed_protocol;
pub mod format;
pub mod lang;
pub mod markup;
pub mod model;
pub mod order;
pub mod plan;
pub mod report;
pub mod scenario;
pub mod units;
pub mod words;

#[cfg(target_arch = "wasm32")]
pub mod ui;
