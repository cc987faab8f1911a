//! Charts drawn on canvas (plotters), each with its data table as a text alternative.

use super::app::ctx;
use super::i18n::T;
use leptos::prelude::*;

/// The three charts.
#[component]
pub fn Charts() -> impl IntoView {
    let c = ctx();
    view! {
        <section class="card charts" id="charts" aria-labelledby="charts-title">
            <h2 id="charts-title">{move || c.t(T::Charts)}</h2>
        </section>
    }
}
