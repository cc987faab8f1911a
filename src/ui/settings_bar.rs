//! Language and currency switches in the page header.

use super::app::{ctx, handler};
use super::i18n::T;
use crate::scenario::Lang;
use crate::units::Currency;
use leptos::prelude::*;

/// Language and currency selects.
#[component]
pub fn SettingsBar() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    view! {
        <div class="settings">
            <div class="field inline">
                <label for="lang">{c.text(T::Language)}</label>
                <select
                    id="lang"
                    prop:value=move || sc.lang.get().id()
                    on:change=handler(move |ev| {
                        if let Some(l) = Lang::parse(&event_target_value(&ev)) {
                            sc.edit(|s| s.lang = Some(l));
                        }
                    })
                >
                    <option value="en" selected=move || sc.lang.get() == Lang::En>"English"</option>
                    <option value="es" selected=move || sc.lang.get() == Lang::Es>"Español"</option>
                </select>
            </div>
            <div class="field inline">
                <label for="cur">{c.text(T::Currency)}</label>
                <select
                    id="cur"
                    prop:value=move || sc.scenario.with(|s| s.cur.code())
                    on:change=handler(move |ev| {
                        if let Some(cur) = Currency::parse(&event_target_value(&ev)) {
                            sc.edit(|s| s.cur = cur);
                        }
                    })
                >
                    <option value="EUR" selected=move || sc.scenario.with(|s| s.cur == Currency::Eur)>
                        "EUR €"
                    </option>
                    <option value="USD" selected=move || sc.scenario.with(|s| s.cur == Currency::Usd)>
                        "USD $"
                    </option>
                </select>
            </div>
        </div>
    }
}
