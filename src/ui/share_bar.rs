//! Reset, copy link (with a visible fallback when the clipboard is blocked), scenario JSON
//! download and upload, print.

use super::app::{ctx, handler};
use super::config_import::first_file_text;
use super::download::download;
use super::i18n::T;
use crate::scenario::{from_file_json, to_file_json};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The share and reset buttons.
#[component]
pub fn ShareBar() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let copied = RwSignal::new(false);
    let fallback = RwSignal::new(None::<String>);
    let bad_file = RwSignal::new(false);
    let link = move || sc.share_url(c.cat.catalog.with_untracked(|cat| cat.as_of.clone()));
    let copy = move |_| {
        let url = link();
        copied.set(false);
        // Insecure contexts and some frames have no clipboard at all: show the link instead.
        let navigator = window().navigator();
        let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
            .ok()
            .filter(|c| !c.is_undefined() && !c.is_null());
        let Some(clipboard) = clipboard else {
            fallback.set(Some(url));
            return;
        };
        use wasm_bindgen::JsCast;
        let promise = clipboard
            .unchecked_into::<web_sys::Clipboard>()
            .write_text(&url);
        spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(_) => {
                    copied.set(true);
                    fallback.set(None);
                }
                Err(_) => fallback.set(Some(url)),
            }
        });
    };
    view! {
        <div class="share-bar" role="group">
            <button type="button" id="reset" on:click=handler(move |_| sc.reset())>
                {c.text(T::Reset)}
            </button>
            <button type="button" id="copy-link" on:click=copy>
                {c.text(T::CopyLink)}
            </button>
            <button
                type="button"
                id="export-json"
                on:click=handler(move |_| {
                    let json = sc.scenario.with_untracked(to_file_json);
                    download("inference-sizer-scenario.json", "application/json", &json);
                })
            >
                {c.text(T::ExportJson)}
            </button>
            <label class="button file-button" for="import-json">{c.text(T::ImportJson)}</label>
            <input
                type="file"
                id="import-json"
                class="visually-hidden"
                accept=".json,application/json"
                on:change=handler(move |ev| {
                    spawn_local(async move {
                        match first_file_text(&ev).await.as_deref().and_then(from_file_json) {
                            Some((s, _)) => {
                                bad_file.set(false);
                                sc.replace(s);
                            }
                            None => bad_file.set(true),
                        }
                    });
                })
            />
            <button type="button" id="print" on:click=handler(move |_| {
                let _ = window().print();
            })>{c.text(T::Print)}</button>
            <Show when=move || copied.get()>
                <p class="notice ok" role="status">{c.text(T::Copied)}</p>
            </Show>
            <Show when=move || bad_file.get()>
                <p class="notice error" role="alert">{c.text(T::ImportFailed)}</p>
            </Show>
            {move || {
                fallback
                    .get()
                    .map(|url| {
                        view! {
                            <div class="field copy-fallback">
                                <label for="share-url">{c.text(T::CopyFallback)}</label>
                                <input
                                    type="text"
                                    id="share-url"
                                    readonly=true
                                    prop:value=url
                                    on:focus=handler(move |ev: leptos::ev::FocusEvent| {
                                        use wasm_bindgen::JsCast;
                                        if let Some(input) = ev
                                            .target()
                                            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                                        {
                                            input.select();
                                        }
                                    })
                                />
                            </div>
                        }
                    })
            }}
        </div>
    }
}
