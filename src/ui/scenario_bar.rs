//! The links that skip the page's header to the verdict or the inputs (first for Tab, shown
//! when focused); and under the verdict on a narrow screen: the scenario in one line (the report's `scenario_line`)
//! and a link to the inputs, which follow it. Hidden on a wide screen, where the inputs sit
//! beside the verdict.

use super::app::ctx;
use super::i18n::T;
use leptos::prelude::*;

/// The "your scenario" bar.
#[component]
pub fn ScenarioBar() -> impl IntoView {
    let c = ctx();
    let line = Memo::new(move |_| c.report.with(|r| r.scenario_line.clone()));
    view! {
        <nav class="scenario-bar" id="scenario-bar" aria-labelledby="scenario-bar-title">
            <p>
                <strong id="scenario-bar-title">{c.text(T::YourScenario)}</strong>
                ": "
                <span id="scenario-bar-line">{move || line.get()}</span>
            </p>
            <a href="#inputs-title">{c.text(T::ChangeScenario)}</a>
        </nav>
    }
}

/// The skip links, first in the page.
#[component]
pub fn SkipLinks() -> impl IntoView {
    let c = ctx();
    view! {
        <div class="skip-links">
            <a href="#verdict">{c.text(T::SkipToVerdict)}</a>
            <a href="#inputs-title">{c.text(T::SkipToInputs)}</a>
        </div>
    }
}
