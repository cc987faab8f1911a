//! Paste or upload a Hugging Face `config.json`: its architecture becomes the scenario's
//! architecture overrides (so the link carries it). Reading is local; nothing is uploaded.

use super::app::{ctx, handler};
use super::i18n::T;
use super::import_outcome::ImportOutcome;
use super::importers::Failed;
use crate::model::import::{ImportError, Imported};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

/// Reads the text of the first file picked in a file input.
pub async fn first_file_text(ev: &leptos::ev::Event) -> Option<String> {
    let input = ev.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()?;
    let file = input.files()?.get(0)?;
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .ok()?;
    text.as_string()
}

/// The header of a `.safetensors` file picked in a file input: its first 8 bytes give the
/// header's length; only that much (at most 16 MiB) is read.
async fn safetensors_head(ev: &leptos::ev::Event) -> Option<Vec<u8>> {
    let input = ev.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()?;
    let file = input.files()?.get(0)?;
    let slice = file
        .slice_with_f64_and_f64(0.0, (16.0 * 1024.0 * 1024.0f64).min(file.size()))
        .ok()?;
    let buffer = wasm_bindgen_futures::JsFuture::from(slice.array_buffer())
        .await
        .ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Whether the file picked is a `.safetensors` file (not text to read whole).
fn picked_safetensors(ev: &leptos::ev::Event) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .and_then(|i| i.files())
        .and_then(|f| f.get(0))
        .is_some_and(|f| f.name().to_ascii_lowercase().ends_with(".safetensors"))
}

/// The `config.json` box.
#[component]
pub fn ConfigImport() -> impl IntoView {
    let c = ctx();
    let text = RwSignal::new(String::new());
    let outcome = RwSignal::new(None::<Result<Imported, Failed<ImportError>>>);
    let apply = move || {
        // A `model.safetensors.index.json` gives the checkpoint's exact size to the model
        // already imported; anything else is read as a config.
        let is_index = text.with(|t| t.contains("\"weight_map\"") && t.contains("\"total_size\""));
        let input = text.get_untracked();
        // The importers come from their own module in the web build (`importers`).
        spawn_local(async move {
            if is_index {
                let result = super::importers::index_json(input).await.map(|ckpt| {
                    let mut sized = None;
                    c.cat.catalog.with_untracked(|cat| {
                        c.sc.edit(|s| sized = Some(crate::report::import_checkpoint(s, &ckpt, cat)))
                    });
                    let (arch, warnings) = sized.unwrap_or_default();
                    Imported { arch, warnings }
                });
                outcome.set(Some(result));
                return;
            }
            let result = super::importers::config_json(input).await;
            if let Ok(imported) = &result {
                c.cat.catalog.with_untracked(|cat| {
                    c.sc.edit(|s| crate::report::import_into(s, &imported.arch, cat))
                });
            }
            outcome.set(Some(result));
        });
    };
    // Said in the page's language, and again if the language changes.
    let notice = Signal::derive(move || {
        let lang = c.lang();
        outcome.with(|o| {
            o.as_ref().map(|r| match r {
                Ok(imported) => {
                    let mut name = imported.arch.name.clone();
                    for w in &imported.warnings {
                        name.push_str(&format!(" · {}", w.sentence(lang)));
                    }
                    Ok(name)
                }
                Err(e) => Err(e.message(lang)),
            })
        })
    });
    view! {
        <div class="field config-import">
            <label for="config-json">{c.text(T::ImportConfig)}</label>
            <textarea
                id="config-json"
                rows="4"
                spellcheck="false"
                placeholder=c.text(T::ConfigPlaceholder)
                prop:value=move || text.get()
                on:input=handler(move |ev| text.set(event_target_value(&ev)))
            ></textarea>
            <div class="row">
                <label class="button file-button" for="config-file">{c.text(T::UploadConfig)}</label>
                <input
                    type="file"
                    id="config-file"
                    class="visually-hidden"
                    accept=".json,application/json,.safetensors"
                    on:change=handler(move |ev| {
                        spawn_local(async move {
                            if picked_safetensors(&ev) {
                                let head = safetensors_head(&ev).await.unwrap_or_default();
                                let result = crate::model::checkpoint::from_safetensors_header(&head)
                                    .map(|ckpt| {
                                        let mut sized = None;
                                        c.cat.catalog.with_untracked(|cat| {
                                            c.sc.edit(|s| {
                                                sized = Some(crate::report::import_checkpoint(s, &ckpt, cat))
                                            })
                                        });
                                        let (arch, warnings) = sized.unwrap_or_default();
                                        Imported { arch, warnings }
                                    });
                                outcome.set(Some(result.map_err(Failed::Import)));
                                return;
                            }
                            if let Some(contents) = first_file_text(&ev).await {
                                text.set(contents);
                                apply();
                            }
                        });
                    })
                />
                <button type="button" id="config-apply" on:click=handler(move |_| apply())>
                    {c.text(T::ApplyConfig)}
                </button>
            </div>
            <ImportOutcome outcome=notice />
        </div>
    }
}
