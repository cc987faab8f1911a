//! Leptos components, one per file; the URL-backed scenario hook; catalogue fetch; i18n.
//! A thin layer: it reads the scenario from the URL, calls `report::evaluate` and renders.

mod app;
pub mod embed;

/// Mounts the app on `<body>`.
pub fn mount() {
    leptos::mount::mount_to_body(app::App);
}
