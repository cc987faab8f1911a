//! Open a local GGUF file: only its first megabytes (the header and tensor index) are read,
//! in the browser, and handed to the pure GGUF reader. Nothing is uploaded.

use super::app::ctx;
use super::i18n::{bytes, count, T};
use super::import_outcome::ImportOutcome;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

/// The header and tensor index of any GGUF fit in this many bytes for the models we size.
const HEADER_BYTES: f64 = 16.0 * 1024.0 * 1024.0;

async fn first_bytes(ev: &leptos::ev::Event) -> Result<(String, Vec<u8>), String> {
    let input = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .ok_or("no file input")?;
    let file = input.files().and_then(|f| f.get(0)).ok_or("no file")?;
    let name = file.name();
    let head = file
        .slice_with_f64_and_f64(0.0, HEADER_BYTES.min(file.size()))
        .map_err(|_| "the file could not be sliced")?;
    let buffer = wasm_bindgen_futures::JsFuture::from(head.array_buffer())
        .await
        .map_err(|_| "the file could not be read")?;
    Ok((name, js_sys::Uint8Array::new(&buffer).to_vec()))
}

/// The GGUF file button.
#[component]
pub fn GgufOpen() -> impl IntoView {
    let c = ctx();
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let busy = RwSignal::new(false);
    view! {
        <div class="field gguf-open">
            <label for="gguf-file">{move || c.t(T::OpenGguf)}</label>
            <input
                type="file"
                id="gguf-file"
                accept=".gguf"
                on:change=move |ev| {
                    busy.set(true);
                    spawn_local(async move {
                        let result = match first_bytes(&ev).await {
                            Ok((name, head)) => {
                                crate::model::gguf::read_header(&head)
                                    .map(|info| {
                                        c.cat.catalog.with_untracked(|cat| {
                                            c.sc.edit(|s| crate::report::import_into(s, &info.arch, cat))
                                        });
                                        let lang = c.lang();
                                        let mut text = format!(
                                            "{name} ({}, {} {}, {}: {})",
                                            info.architecture,
                                            count(lang, info.params as f64),
                                            c.t(T::ParamsLabel),
                                            c.t(T::TermWeights),
                                            bytes(lang, info.weight_bytes as f64),
                                        );
                                        for w in info.warnings.iter().take(3) {
                                            text.push_str(&format!(" · {w}"));
                                        }
                                        text
                                    })
                                    .map_err(|e| e.to_string())
                            }
                            Err(e) => Err(e.to_string()),
                        };
                        busy.set(false);
                        outcome.set(Some(result));
                    });
                }
            />
            <Show when=move || busy.get()>
                <p class="hint" role="status">{move || c.t(T::Reading)}</p>
            </Show>
            <ImportOutcome outcome=outcome />
        </div>
    }
}
