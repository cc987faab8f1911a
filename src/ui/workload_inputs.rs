//! The workload: requests per day, tokens in and out, speed and latency targets, hours per day.

use super::app::{ctx, handler};
use super::fields::{NumberField, OptionalNumberField};
use super::i18n::T;
use crate::model::Task;
use crate::scenario::fields::{
    EPOCHS, HOURS, RPD, TOKENS_IN, TOKENS_OUT, TPS, TRAIN_TOKENS, TTFT_MS,
};
use crate::scenario::presets::LOAD_PRESETS;
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
            <legend>{c.text(T::Workload)}</legend>
            <Show when=move || !training.get()>
                <div class="presets" role="group" aria-labelledby="presets-label">
                    <span id="presets-label">{c.text(T::TypicalLoads)}</span>
                    {LOAD_PRESETS
                        .iter()
                        .map(|&p| {
                            let lang = move || c.lang();
                            view! {
                                <button
                                    type="button"
                                    class="preset"
                                    id=format!("preset-{}", p.id)
                                    title=move || p.summary(lang())
                                    aria-pressed=move || {
                                        sc.scenario.with(|s| p.is_applied(s)).to_string()
                                    }
                                    on:click=handler(move |_| sc.edit(|s| p.apply(s)))
                                >
                                    {move || p.name(lang())}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
            <NumberField
                id="rpd"
                label=T::RequestsPerDay
                value=get(|s| s.rpd)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.rpd = v))
                range=RPD.range
            />
            <NumberField
                id="hours"
                label=T::HoursPerDay
                value=get(|s| s.hours)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.hours = v))
                range=HOURS.range
            />
            <NumberField
                id="tokens-in"
                label=T::TokensIn
                value=get(|s| s.tokens_in as f64)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.tokens_in = v as u64))
                range=TOKENS_IN.range
            />
            <NumberField
                id="tokens-out"
                label=T::TokensOut
                value=get(|s| s.tokens_out as f64)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.tokens_out = v as u64))
                range=TOKENS_OUT.range
            />
            <NumberField
                id="tps"
                label=T::MinSpeed
                value=get(|s| s.tps)
                on_change=Callback::new(move |v: f64| sc.edit(|s| s.tps = v))
                range=TPS.range
            />
            <OptionalNumberField
                id="ttft"
                label=T::MaxTtft
                value=Signal::derive(move || sc.scenario.with(|s| s.ttft_ms))
                default_text=Signal::derive(move || c.t(T::DefaultTtft).to_string())
                on_change=Callback::new(move |v: Option<f64>| sc.edit(|s| s.ttft_ms = v))
                range=TTFT_MS.range
            />
            <Show when=move || training.get()>
                <NumberField
                    id="train-tokens"
                    label=T::TrainTokens
                    value=get(|s| s.train_tokens)
                    on_change=Callback::new(move |v: f64| sc.edit(|s| s.train_tokens = v))
                    range=TRAIN_TOKENS.range
                />
                <NumberField
                    id="epochs"
                    label=T::Epochs
                    value=get(|s| s.epochs as f64)
                    on_change=Callback::new(move |v: f64| sc.edit(|s| s.epochs = v as u64))
                    range=EPOCHS.range
                />
            </Show>
        </fieldset>
    }
}
