//! The workload: requests per day, tokens in and out, speed and latency targets, hours per day.

use super::app::{ctx, handler};
use super::fields::{CheckField, NumberField, OptionalNumberField};
use super::i18n::T;
use crate::model::Task;
use crate::scenario::fields::{
    ACTIVE, BUSY_FROM, BUSY_TO, EPOCHS, HOURS, OFFPEAK, RPD, RPM, TOKENS_IN, TOKENS_OUT, TPS,
    TRAIN_TOKENS, TTFT_MS, USERS,
};
use crate::scenario::presets::LOAD_PRESETS;
use crate::scenario::UseCase;
use leptos::prelude::*;

/// The load, near the top of the inputs: a typical load to start from (each explained in
/// visible text), the people who use it and what they do, or the requests a day, and the hours.
#[component]
pub fn LoadInputs() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let get =
        move |f: fn(&crate::scenario::Scenario) -> f64| Signal::derive(move || sc.scenario.with(f));
    let training = Memo::new(move |_| sc.scenario.with(|s| s.task != Task::Infer));
    view! {
        <fieldset class="panel two-col load" id="load">
            <legend>{c.text(T::Load)}</legend>
            <Show when=move || !training.get()>
                <div class="presets" role="group" aria-labelledby="presets-label">
                    <span id="presets-label">{c.text(T::TypicalLoads)}</span>
                    {LOAD_PRESETS
                        .iter()
                        .map(|&p| {
                            let lang = move || c.lang();
                            let summary_id = format!("preset-{}-summary", p.id);
                            let described_by = summary_id.clone();
                            view! {
                                <button
                                    type="button"
                                    class="preset"
                                    id=format!("preset-{}", p.id)
                                    aria-describedby=described_by
                                    aria-pressed=move || {
                                        sc.scenario.with(|s| p.is_applied(s)).to_string()
                                    }
                                    on:click=handler(move |_| sc.edit(|s| p.apply(s)))
                                >
                                    <span class="preset-name">{move || p.name(lang())}</span>
                                    <span class="preset-summary" id=summary_id>
                                        {move || p.summary(lang())}
                                    </span>
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <UsersInputs />
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
        </fieldset>
    }
}

/// The rest of the workload: the requests' tokens, the speed and latency targets, what the
/// people's habits are (the use case's defaults, editable), the day's busy hours and the spare
/// copy; for a fine-tuning job, its tokens and epochs.
#[component]
pub fn RequestInputs() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let get =
        move |f: fn(&crate::scenario::Scenario) -> f64| Signal::derive(move || sc.scenario.with(f));
    let training = Memo::new(move |_| sc.scenario.with(|s| s.task != Task::Infer));
    view! {
        <fieldset class="panel two-col" id="workload">
            <legend>{c.text(T::RequestShape)}</legend>
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
            <Show when=move || !training.get()>
                <HabitsInputs />
                <DayProfileInputs />
                <SpareInput />
            </Show>
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

/// The load as people: how many, what they do, and the request rate they make as the report
/// reads it.
#[component]
fn UsersInputs() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let usecase = Memo::new(move |_| sc.scenario.with(|s| s.usecase));
    let users = Signal::derive(move || sc.scenario.with(|s| s.users as f64));
    let derived = move || {
        let r = c.report.get();
        (r.load.users > 0).then(|| {
            crate::words::scenario::derived_load(
                r.load.requests_per_day,
                r.load.peak_requests_per_s,
                c.lang(),
            )
        })
    };
    view! {
        <NumberField
            id="users"
            label=T::Users
            value=users
            on_change=Callback::new(move |v: f64| sc.edit(|s| s.users = v as u64))
            range=USERS.range
        />
        <div class="field">
            <label for="usecase">{c.text(T::UseCase)}</label>
            <select
                id="usecase"
                prop:value=move || usecase.get().id()
                on:change=handler(move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(u) = UseCase::ALL.into_iter().find(|u| u.id() == id) {
                        sc.edit(|s| s.usecase = u);
                    }
                })
            >
                {UseCase::ALL
                    .into_iter()
                    .map(|u| {
                        view! {
                            <option value=u.id() selected=move || usecase.get() == u>
                                {move || crate::words::scenario::usecase_name(u.id(), c.lang())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </div>
        <p class="derived-load" id="derived-load" aria-live="off">{derived}</p>
    }
}

/// What the people do, as the use case's defaults (editable): the share active at the busiest
/// hour and their requests a minute.
#[component]
fn HabitsInputs() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let usecase = Memo::new(move |_| sc.scenario.with(|s| s.usecase));
    let defaults = move || usecase.get().defaults();
    let active = Signal::derive(move || sc.scenario.with(|s| s.active.unwrap_or(defaults().0)));
    let rpm = Signal::derive(move || sc.scenario.with(|s| s.rpm.unwrap_or(defaults().1)));
    view! {
        <NumberField
            id="active"
            label=T::ActiveShare
            value=active
            on_change=Callback::new(move |v: f64| sc.edit(|s| s.active = Some(v)))
            range=ACTIVE.range
        />
        <NumberField
            id="rpm"
            label=T::RequestsPerMinute
            value=rpm
            on_change=Callback::new(move |v: f64| sc.edit(|s| s.rpm = Some(v)))
            range=RPM.range
        />
    }
}

/// One copy beyond what the load needs (N+1).
#[component]
fn SpareInput() -> impl IntoView {
    let sc = ctx().sc;
    view! {
        <CheckField
            id="spare"
            label=T::SpareCopy
            checked=Signal::derive(move || sc.scenario.with(|s| s.spare > 0))
            on_change=Callback::new(move |on: bool| sc.edit(|s| s.spare = u64::from(on)))
        />
    }
}

/// The day's busy hours, the rate outside them, and scaling to zero there.
#[component]
fn DayProfileInputs() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let num = move |f: fn(&crate::scenario::Scenario) -> Option<f64>, default: f64| {
        Signal::derive(move || sc.scenario.with(|s| f(s).unwrap_or(default)))
    };
    view! {
        <NumberField
            id="busy-from"
            label=T::BusyFrom
            value=num(|s| s.busy_from, 0.0)
            on_change=Callback::new(move |v: f64| sc.edit(|s| s.busy_from = Some(v)))
            range=BUSY_FROM.range
        />
        <NumberField
            id="busy-to"
            label=T::BusyTo
            value=num(|s| s.busy_to, 0.0)
            on_change=Callback::new(move |v: f64| sc.edit(|s| s.busy_to = Some(v)))
            range=BUSY_TO.range
        />
        <NumberField
            id="offpeak"
            label=T::OffPeak
            value=num(|s| s.offpeak, crate::scenario::DEFAULT_OFFPEAK)
            on_change=Callback::new(move |v: f64| sc.edit(|s| s.offpeak = Some(v)))
            range=OFFPEAK.range
        />
        <CheckField
            id="scale-to-zero"
            label=T::ScaleToZero
            checked=Signal::derive(move || sc.scenario.with(|s| s.min_replicas == Some(0)))
            on_change=Callback::new(move |on: bool| sc.edit(|s| s.min_replicas = on.then_some(0)))
        />
    }
}
