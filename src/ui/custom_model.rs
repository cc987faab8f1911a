//! A model given some other way: a bare parameter count, a `config.json`, or a local GGUF file.

use super::app::ctx;
use super::config_import::ConfigImport;
use super::fields::OptionalNumberField;
use super::gguf_open::GgufOpen;
use super::i18n::T;
use crate::scenario::fields::PARAMS_B;
use leptos::prelude::*;

/// The "custom model" panel.
#[component]
pub fn CustomModel() -> impl IntoView {
    let c = ctx();
    view! {
        <details class="panel custom-model">
            <summary>{c.text(T::CustomModel)}</summary>
            <OptionalNumberField
                id="params"
                label=T::ParamsBillions
                value=Signal::derive(move || c.sc.scenario.with(|s| s.params_b))
                default_text=Signal::derive(move || c.t(T::FromModel).to_string())
                on_change=Callback::new(move |v: Option<f64>| c.sc.edit(|s| s.params_b = v))
                range=PARAMS_B.range
            />
            <p class="hint">{c.text(T::ParamsHint)}</p>
            <ConfigImport />
            <GgufOpen />
        </details>
    }
}
