//! Small labelled form controls shared by the input panels: a number, a number with a
//! logarithmic slider, an optional number (empty means the default), a checkbox, a select.
//! They only read and report values; clamping is the scenario module's job. The bounds and steps
//! they show are the field's [`Range`] in the scenario's table (`crate::scenario::fields`).
//!
//! Every field reads the one scenario signal, so each edit re-runs every field's value closure.
//! A memo per field stops there: the input element is only written when its own value changed.
//! One case needs help: a number clamped back to the value already shown (typing 30 in an
//! hours field at 24) changes nothing, so the handler puts the clamped value back itself.

use super::app::{ctx, handler};
use super::i18n::T;
use crate::scenario::Range;
use leptos::prelude::*;

/// How far one notch of a logarithmic slider moves: a quarter of a power of two.
const LOG2_NOTCH: f64 = 0.25;

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
    parse_number(&event_target_value(ev))
}

fn parse_number(text: &str) -> Option<f64> {
    crate::format::parse_decimal(&text.trim().replace(',', ".")).filter(|x| x.is_finite())
}

/// After an edit: when the value kept is not the one typed (it was clamped, rounded or
/// refused), shows the value kept. The memo does not, when the kept value did not change.
fn show_kept(ev: &leptos::ev::Event, kept: Option<f64>) {
    let target = event_target::<web_sys::HtmlInputElement>(ev);
    let text = target.value();
    let typed = parse_number(&text);
    let blank_kept_blank = kept.is_none() && text.trim().is_empty();
    if typed != kept && !blank_kept_blank {
        target.set_value(&kept.map(plain).unwrap_or_default());
    }
}

/// A labelled number input.
#[component]
pub fn NumberField(
    /// DOM id (also used by tests).
    id: &'static str,
    label: T,
    #[prop(into)] value: Signal<f64>,
    #[prop(into)] on_change: Callback<f64>,
    /// The field's range in the scenario's table.
    range: Range,
) -> impl IntoView {
    let c = ctx();
    let shown = Memo::new(move |_| value.get());
    view! {
        <div class="field">
            <label for=id>{c.text(label)}</label>
            <input
                type="number"
                id=id
                inputmode="decimal"
                min=plain(range.input_min())
                max=plain(range.max)
                step=plain(range.step)
                prop:value=move || plain(shown.get())
                on:input=handler(move |ev| {
                    if let Some(x) = parsed(&ev) {
                        on_change.run(x);
                        show_kept(&ev, Some(value.get_untracked()));
                    }
                })
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
    /// The field's range in the scenario's table.
    range: Range,
) -> impl IntoView {
    let c = ctx();
    let shown = Memo::new(move |_| value.get());
    let default_text = Memo::new(move |_| default_text.get());
    view! {
        <div class="field">
            <label for=id>{c.text(label)}</label>
            <input
                type="number"
                id=id
                inputmode="decimal"
                min=plain(range.input_min())
                max=plain(range.max)
                step=plain(range.step)
                placeholder=move || default_text.get()
                prop:value=move || shown.get().map(plain).unwrap_or_default()
                on:input=handler(move |ev| {
                    if event_target_value(&ev).trim().is_empty() {
                        on_change.run(None);
                    } else if let Some(x) = parsed(&ev) {
                        on_change.run(Some(x));
                    } else {
                        return;
                    }
                    show_kept(&ev, value.get_untracked());
                })
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
    /// The field's range in the scenario's table; the slider covers its `log2_span` (the whole
    /// range when it has none).
    range: Range,
) -> impl IntoView {
    let c = ctx();
    let slider_id = format!("{id}-slider");
    let (min_log2, max_log2) = range
        .log2_span
        .unwrap_or((range.min.log2(), range.max.log2()));
    let shown = Memo::new(move |_| value.get());
    view! {
        <div class="field slider-field">
            <label for=id>{c.text(label)}</label>
            <div class="slider-row">
                <input
                    type="range"
                    id=slider_id
                    aria-label=c.text(label)
                    min=plain(min_log2)
                    max=plain(max_log2)
                    step=plain(LOG2_NOTCH)
                    prop:value=move || plain(shown.get().max(range.min).log2())
                    on:input=handler(move |ev| {
                        if let Some(x) = parsed(&ev) {
                            // A range input cannot hold a value out of its range: nothing to re-show.
                            on_change.run(x.exp2().round());
                        }
                    })
                />
                <input
                    type="number"
                    id=id
                    inputmode="numeric"
                    min=plain(range.input_min())
                    max=plain(range.max)
                    step=plain(range.step)
                    prop:value=move || plain(shown.get())
                    on:input=handler(move |ev| {
                        if let Some(x) = parsed(&ev) {
                            on_change.run(x.round());
                            show_kept(&ev, Some(value.get_untracked()));
                        }
                    })
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
    let shown = Memo::new(move |_| checked.get());
    view! {
        <div class="field check">
            <input
                type="checkbox"
                id=id
                prop:checked=move || shown.get()
                on:change=handler(move |ev| {
                    on_change.run(event_target_checked(&ev));
                    let kept = checked.get_untracked();
                    if event_target_checked(&ev) != kept {
                        event_target::<web_sys::HtmlInputElement>(&ev).set_checked(kept);
                    }
                })
            />
            <label for=id>{c.text(label)}</label>
        </div>
    }
}
