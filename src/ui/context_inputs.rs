//! Context length and concurrency: a slider for the order of magnitude, a number for the exact value.

use super::app::ctx;
use super::fields::LogSliderNumber;
use super::i18n::T;
use crate::scenario::fields::{CTX, SEQS};
use leptos::prelude::*;

/// Context and concurrency inputs. They show what is sized: for fine-tuning left at the serving
/// defaults, the training micro-batch (`Scenario::sized_batch`).
#[component]
pub fn ContextInputs() -> impl IntoView {
    let c = ctx();
    view! {
        <fieldset class="panel">
            <legend>{c.text(T::Context)}</legend>
            <LogSliderNumber
                id="ctx"
                label=T::Context
                value=Signal::derive(move || c.sc.scenario.with(|s| s.sized_batch().1 as f64))
                on_change=Callback::new(move |v: f64| c.sc.edit(|s| s.ctx = v as u64))
                range=CTX.range
            />
            <LogSliderNumber
                id="seqs"
                label=T::Concurrency
                value=Signal::derive(move || c.sc.scenario.with(|s| s.sized_batch().0 as f64))
                on_change=Callback::new(move |v: f64| c.sc.edit(|s| s.seqs = v as u64))
                range=SEQS.range
            />
        </fieldset>
    }
}
