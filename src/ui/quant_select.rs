//! Weight format and KV-cache type, each format with its one-line explanation.

use super::app::{ctx, handler};
use super::i18n::{quant_help, T};
use crate::model::{KvType, Quant};
use leptos::prelude::*;

/// Weight format and KV-cache selects.
#[component]
pub fn QuantSelect() -> impl IntoView {
    let c = ctx();
    let quant = Memo::new(move |_| c.sc.scenario.with(|s| s.quant));
    let kv = Memo::new(move |_| c.sc.scenario.with(|s| s.kv));
    view! {
        <fieldset class="panel">
            <legend>{c.text(T::Quantisation)}</legend>
            <div class="field">
                <label for="quant">{c.text(T::Quantisation)}</label>
                <select
                    id="quant"
                    aria-describedby="quant-help"
                    prop:value=move || quant.get().id()
                    on:change=handler(move |ev| {
                        if let Some(q) = Quant::parse(&event_target_value(&ev)) {
                            c.sc.edit(|s| s.quant = q);
                        }
                    })
                >
                    {Quant::ALL
                        .iter()
                        .map(|q| {
                            let q = *q;
                            view! {
                                <option value=q.id() selected=move || quant.get() == q>
                                    {q.id()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
                <p class="hint" id="quant-help">{move || quant_help(c.lang(), quant.get())}</p>
            </div>
            <div class="field">
                <label for="kv">{c.text(T::KvCache)}</label>
                <select
                    id="kv"
                    prop:value=move || kv.get().id()
                    on:change=handler(move |ev| {
                        if let Some(k) = KvType::parse(&event_target_value(&ev)) {
                            c.sc.edit(|s| s.kv = k);
                        }
                    })
                >
                    {KvType::ALL
                        .iter()
                        .map(|k| {
                            let k = *k;
                            view! {
                                <option value=k.id() selected=move || kv.get() == k>
                                    {k.id()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
        </fieldset>
    }
}
