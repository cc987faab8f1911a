//! The workload: requests per day, tokens in and out, speed and latency targets, hours per day.

use super::app::ctx;
use super::fields::NumberField;
use super::i18n::T;
use crate::model::Task;
use leptos::prelude::*;

/// Workload inputs.
#[component]
pub fn WorkloadInputs() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let get =
        move |f: fn(&crate::scenario::Scenario) -> f64| Signal::derive(move || sc.scenario.with(f));
    let training = Memo::new(move |_| sc.scenario.with(|s| s.task != Task::Infer));
    view! {
        <fieldset class="panel two-col">
            <legend>{move || c.t(T::Workload)}</legend>
            <NumberField
                id="rpd"
                label=T::RequestsPerDay
                value=get(|s| s.rpd)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.rpd = v))
                step=100.0
            />
            <NumberField
                id="hours"
                label=T::HoursPerDay
                value=get(|s| s.hours)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.hours = v))
                min=1.0
                max=24.0
            />
            <NumberField
                id="tokens-in"
                label=T::TokensIn
                value=get(|s| s.tokens_in as f64)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.tokens_in = v as u64))
                min=1.0
            />
            <NumberField
                id="tokens-out"
                label=T::TokensOut
                value=get(|s| s.tokens_out as f64)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.tokens_out = v as u64))
                min=1.0
            />
            <NumberField
                id="tps"
                label=T::MinSpeed
                value=get(|s| s.tps)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.tps = v))
            />
            <NumberField
                id="ttft"
                label=T::MaxTtft
                value=get(|s| s.ttft_ms)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.ttft_ms = v))
                step=100.0
            />
            <Show when=move || training.get()>
                <NumberField
                    id="train-tokens"
                    label=T::TrainTokens
                    value=get(|s| s.train_tokens)
                    on_change=Callback::new(move |v: f64| sc.edit(|s| s.train_tokens = v))
                    min=1.0
                    step=1_000_000.0
                />
            </Show>
        </fieldset>
    }
}
