//! Small labelled form controls shared by the input panels: a number, a number with a
//! logarithmic slider, an optional number (empty means the default), a checkbox, a select.
//! They only read and report values; clamping is the scenario module's job.

use super::app::ctx;
use super::i18n::T;
use leptos::prelude::*;

/// A number as an `<input type=number>` shows it: no exponent, no trailing zeros.
pub fn plain(x: f64) -> String {
    if !x.is_finite() {
        return String::new();
    }
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// The number typed in an input, if it is one.
fn parsed(ev: &leptos::ev::Event) -> Option<f64> {
    event_target_value(ev)
        .trim()
        .replace(',', ".")
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
}

/// A labelled number input.
#[component]
pub fn NumberField(
    /// DOM id (also used by tests).
    id: &'static str,
    label: T,
    #[prop(into)] value: Signal<f64>,
    #[prop(into)] on_change: Callback<f64>,
    #[prop(default = 0.0)] min: f64,
    #[prop(optional)] max: Option<f64>,
    #[prop(default = 1.0)] step: f64,
) -> impl IntoView {
    let c = ctx();
    view! {
        <div class="field">
            <label for=id>{move || c.t(label)}</label>
            <input
                type="number"
                id=id
                inputmode="decimal"
                min=plain(min)
                max=max.map(plain)
                step=plain(step)
                prop:value=move || plain(value.get())
                on:input=move |ev| {
                    if let Some(x) = parsed(&ev) {
                        on_change.run(x);
                    }
                }
            />
        </div>
    }
}

/// An optional number: empty means "use the default", which is shown as the placeholder.
#[component]
pub fn OptionalNumberField(
    id: &'static str,
    label: T,
    #[prop(into)] value: Signal<Option<f64>>,
    /// The default in words (shown when the field is empty).
    #[prop(into)]
    default_text: Signal<String>,
    #[prop(into)] on_change: Callback<Option<f64>>,
    #[prop(default = 0.01)] step: f64,
) -> impl IntoView {
    let c = ctx();
    view! {
        <div class="field">
            <label for=id>{move || c.t(label)}</label>
            <input
                type="number"
                id=id
                inputmode="decimal"
                min="0"
                step=plain(step)
                placeholder=move || default_text.get()
                prop:value=move || value.get().map(plain).unwrap_or_default()
                on:input=move |ev| {
                    if event_target_value(&ev).trim().is_empty() {
                        on_change.run(None);
                    } else if let Some(x) = parsed(&ev) {
                        on_change.run(Some(x));
                    }
                }
            />
            <span class="hint">{move || format!("{}: {}", c.t(T::Default), default_text.get())}</span>
        </div>
    }
}

/// A number with a slider on a base-2 logarithmic scale (context lengths, concurrency span
/// orders of magnitude), plus the exact number beside it.
#[component]
pub fn LogSliderNumber(
    id: &'static str,
    label: T,
    #[prop(into)] value: Signal<f64>,
    #[prop(into)] on_change: Callback<f64>,
    /// Slider bounds as powers of two.
    min_log2: f64,
    max_log2: f64,
    #[prop(default = 1.0)] min: f64,
    max: f64,
) -> impl IntoView {
    let c = ctx();
    let slider_id = format!("{id}-slider");
    view! {
        <div class="field slider-field">
            <label for=id>{move || c.t(label)}</label>
            <div class="slider-row">
                <input
                    type="range"
                    id=slider_id
                    aria-label=move || c.t(label)
                    min=plain(min_log2)
                    max=plain(max_log2)
                    step="0.25"
                    prop:value=move || plain(value.get().max(1.0).log2())
                    on:input=move |ev| {
                        if let Some(x) = parsed(&ev) {
                            on_change.run(x.exp2().round());
                        }
                    }
                />
                <input
                    type="number"
                    id=id
                    inputmode="numeric"
                    min=plain(min)
                    max=plain(max)
                    step="1"
                    prop:value=move || plain(value.get())
                    on:input=move |ev| {
                        if let Some(x) = parsed(&ev) {
                            on_change.run(x.round());
                        }
                    }
                />
            </div>
        </div>
    }
}

/// A labelled checkbox.
#[component]
pub fn CheckField(
    id: &'static str,
    label: T,
    #[prop(into)] checked: Signal<bool>,
    #[prop(into)] on_change: Callback<bool>,
) -> impl IntoView {
    let c = ctx();
    view! {
        <div class="field check">
            <input
                type="checkbox"
                id=id
                prop:checked=move || checked.get()
                on:change=move |ev| on_change.run(event_target_checked(&ev))
            />
            <label for=id>{move || c.t(label)}</label>
        </div>
    }
}
