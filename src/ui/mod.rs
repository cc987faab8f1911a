//! Leptos components, one per file; the URL-backed scenario hook; catalogue fetch; i18n.
//! A thin layer: it reads the scenario from the URL, calls `report::evaluate` and renders.

/// Calls a split function (`wasm_split`'s `fallible` option): in the web build (feature `split`)
/// it is async, as it awaits its module first; without the feature it is called directly.
#[cfg(feature = "split")]
macro_rules! split_call {
    ($e:expr) => {
        $e.await
    };
}
#[cfg(not(feature = "split"))]
macro_rules! split_call {
    ($e:expr) => {
        $e
    };
}

mod after_paint;
mod api_table;
mod app;
mod assumptions;
mod catalog_fetch;
mod chart_canvas;
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
mod first_card;
mod gguf_open;
pub mod i18n;
mod import_outcome;
mod importers;
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

/// Installs the panic panel, starts fetching the interface, draws a shared link's verdict (core
/// only, [`first_card`]) and then mounts the interface on `<body>`, in place of the page shown
/// before the wasm arrived (`public/shell.js`, `#shell`): removed and replaced in one task, so no
/// frame falls between them.
///
/// The web build splits the interface out of the first module (feature `split`;
/// `scripts/postbuild.mjs`, wasm-split): [`mount_interface`] is a split point, its code (Leptos and
/// the components) a second module. Its fetch starts first, while the card is evaluated and drawn
/// (a task later), so a shared link's verdict waits only for the core and the interface's bytes
/// flow meanwhile.
pub fn mount() {
    panic_panel::install();
    wasm_bindgen_futures::spawn_local(async {
        mount_interface().await;
        // public/boot.js announces the app as started (TrunkApplicationStarted) on this.
        if let Some(w) = web_sys::window() {
            if let Ok(ev) = web_sys::Event::new("sizer-mounted") {
                let _ = w.dispatch_event(&ev);
            }
        }
    });
    wasm_bindgen_futures::spawn_local(async { first_card::draw() });
}

/// The interface: Leptos and every component, from the second module in the web build.
#[cfg_attr(feature = "split", leptos::lazy)]
async fn mount_interface() {
    if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(app::App);
}
