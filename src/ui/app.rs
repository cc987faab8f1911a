//! The page: header, inputs and results.

use leptos::prelude::*;

/// The whole calculator.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <main id="app">
            <h1>"Inference Sizer"</h1>
        </main>
    }
}
