//! Open a local GGUF file: only its first megabytes (the header and tensor index) are read,
//! in the browser, and handed to the pure GGUF reader. Nothing is uploaded.

use super::app::{ctx, handler};
use super::i18n::T;
use super::import_outcome::ImportOutcome;
use super::importers::{Failed, NotArrived};
use crate::format::{bytes, count};
use crate::model::gguf::{GgufError, GgufWarning};
use crate::scenario::Lang;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

/// The header and tensor index of any GGUF fit in this many bytes for the models we size.
const HEADER_BYTES: f64 = 16.0 * 1024.0 * 1024.0;

/// Why the browser could not hand over the file's first bytes.
#[derive(Clone, Copy, Debug)]
enum FileProblem {
    NoInput,
    NoFile,
    NotSliced,
    NotRead,
}

impl FileProblem {
    fn sentence(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (FileProblem::NoInput, Lang::En) => "no file input",
            (FileProblem::NoInput, Lang::Es) => "no hay selector de ficheros",
            (FileProblem::NoFile, Lang::En) => "no file",
            (FileProblem::NoFile, Lang::Es) => "no se ha elegido ningún fichero",
            (FileProblem::NotSliced, Lang::En) => "the file could not be sliced",
            (FileProblem::NotSliced, Lang::Es) => "no se pudo recortar el fichero",
            (FileProblem::NotRead, Lang::En) => "the file could not be read",
            (FileProblem::NotRead, Lang::Es) => "no se pudo leer el fichero",
        }
    }
}

/// What the header said, kept so that the notice can be worded again in another language.
#[derive(Clone, Debug)]
struct Opened {
    file: String,
    architecture: String,
    params: u64,
    weight_bytes: u64,
    warnings: Vec<GgufWarning>,
}

#[derive(Clone, Debug)]
enum Failure {
    File(FileProblem),
    Header(GgufError),
    /// The importer's module did not arrive.
    NotArrived,
}

async fn first_bytes(ev: &leptos::ev::Event) -> Result<(String, Vec<u8>), FileProblem> {
    let input = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .ok_or(FileProblem::NoInput)?;
    let file = input
        .files()
        .and_then(|f| f.get(0))
        .ok_or(FileProblem::NoFile)?;
    let name = file.name();
    let head = file
        .slice_with_f64_and_f64(0.0, HEADER_BYTES.min(file.size()))
        .map_err(|_| FileProblem::NotSliced)?;
    let buffer = wasm_bindgen_futures::JsFuture::from(head.array_buffer())
        .await
        .map_err(|_| FileProblem::NotRead)?;
    Ok((name, js_sys::Uint8Array::new(&buffer).to_vec()))
}

/// The GGUF file button.
#[component]
pub fn GgufOpen() -> impl IntoView {
    let c = ctx();
    let outcome = RwSignal::new(None::<Result<Opened, Failure>>);
    let busy = RwSignal::new(false);
    // Said in the page's language, and again if the language changes.
    let notice = Signal::derive(move || {
        let lang = c.lang();
        outcome.with(|o| {
            o.as_ref().map(|r| match r {
                Ok(opened) => {
                    let mut text = format!(
                        "{} ({}, {} {}, {}: {})",
                        opened.file,
                        opened.architecture,
                        count(opened.params as f64, lang),
                        c.t(T::ParamsLabel),
                        c.t(T::TermWeights),
                        bytes(opened.weight_bytes as f64, lang),
                    );
                    for w in opened.warnings.iter().take(3) {
                        text.push_str(&format!(" · {}", w.sentence(lang)));
                    }
                    Ok(text)
                }
                Err(Failure::File(problem)) => Err(problem.sentence(lang).to_string()),
                Err(Failure::Header(e)) => Err(e.message(lang)),
                Err(Failure::NotArrived) => Err(NotArrived.sentence(lang).to_string()),
            })
        })
    });
    view! {
        <div class="field gguf-open">
            <label for="gguf-file">{c.text(T::OpenGguf)}</label>
            <input
                type="file"
                id="gguf-file"
                accept=".gguf"
                on:change=handler(move |ev| {
                    busy.set(true);
                    spawn_local(async move {
                        let result = match first_bytes(&ev).await {
                            Ok((file, head)) => {
                                super::importers::gguf_header(head)
                                    .await
                                    .map(|info| {
                                        c.cat.catalog.with_untracked(|cat| {
                                            c.sc.edit(|s| crate::report::import_into(s, &info.arch, cat))
                                        });
                                        Opened {
                                            file,
                                            architecture: info.architecture,
                                            params: info.params,
                                            weight_bytes: info.weight_bytes,
                                            warnings: info.warnings,
                                        }
                                    })
                                    .map_err(|f| match f {
                                        Failed::Import(e) => Failure::Header(e),
                                        Failed::NotArrived => Failure::NotArrived,
                                    })
                            }
                            Err(problem) => Err(Failure::File(problem)),
                        };
                        busy.set(false);
                        outcome.set(Some(result));
                    });
                })
            />
            <Show when=move || busy.get()>
                <p class="hint" role="status">{c.text(T::Reading)}</p>
            </Show>
            <ImportOutcome outcome=notice />
        </div>
    }
}
