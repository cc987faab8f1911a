//! Leptos components, one per file; the URL-backed scenario hook; catalogue fetch; i18n.
//! A thin layer: it reads the scenario from the URL, calls `report::evaluate` and renders.

mod after_paint;
mod api_table;
mod app;
mod assumptions;
mod catalog_fetch;
mod charts;
mod comparison_columns;
mod comparison_filters;
mod comparison_row;
mod comparison_table;
mod config_import;
mod constraints;
mod context_inputs;
mod custom_model;
mod disclosure;
mod download;
pub mod embed;
mod embed_footer;
mod engine_select;
mod fields;
mod gguf_open;
pub mod i18n;
mod import_outcome;
mod memory_bar;
mod memory_stack;
mod memory_table;
mod model_picker;
mod notices;
mod own_assumptions;
mod panic_panel;
mod provider_card;
mod quant_select;
mod scenario_bar;
mod settings_bar;
mod share_bar;
mod speed;
mod use_scenario;
mod verdict;
mod workload_inputs;

/// Installs the panic panel and mounts the app on `<body>`, in place of the page shown before
/// the wasm arrived (`public/shell.js`, `#shell`): removed and replaced in one task, so no frame
/// falls between them.
pub fn mount() {
    panic_panel::install();
    if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(app::App);
}
