//! The importers (a `config.json`, a checkpoint's index, a GGUF header), each a split point in the
//! web build (feature `split`): their code is fetched when a person first imports a model, not
//! with the page. A module that does not arrive (a failed fetch) is said in words
//! ([`NotArrived`]) and fetched again on the next import; the page goes on. Without the feature
//! they are plain functions.

use crate::model::checkpoint::Checkpoint;
use crate::model::gguf::{GgufError, GgufInfo};
use crate::model::import::{ImportError, Imported};
use crate::scenario::Lang;

/// A module of the page that did not arrive (its fetch failed): an importer's, or the charts'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotArrived;

impl NotArrived {
    /// Why the import did not run, as the import notice says it (a clause).
    pub fn sentence(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => "the importer could not be loaded (is the connection down?): try again",
            Lang::Es => {
                "no se pudo cargar el importador (¿falla la conexión?): vuelva a intentarlo"
            }
        }
    }
}

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for NotArrived {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        NotArrived
    }
}

/// An import that did not succeed: the importer's answer, or its module did not arrive.
#[derive(Clone, Debug, PartialEq)]
pub enum Failed<E> {
    Import(E),
    NotArrived,
}

impl Failed<ImportError> {
    /// The failure as a clause, as the import notice shows it.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Failed::Import(e) => e.message(lang),
            Failed::NotArrived => NotArrived.sentence(lang).to_string(),
        }
    }
}

/// Flattens a split call's outcome.
fn flat<T, E>(r: Result<Result<T, E>, NotArrived>) -> Result<T, Failed<E>> {
    match r {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(Failed::Import(e)),
        Err(NotArrived) => Err(Failed::NotArrived),
    }
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(import_config, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn config_json_split(text: String) -> Result<Result<Imported, ImportError>, NotArrived> {
    Ok(crate::model::import::from_config_json(&text))
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(import_index, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn index_json_split(text: String) -> Result<Result<Checkpoint, ImportError>, NotArrived> {
    Ok(crate::model::checkpoint::from_index_json(&text))
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(import_gguf, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn gguf_header_split(head: Vec<u8>) -> Result<Result<GgufInfo, GgufError>, NotArrived> {
    Ok(crate::model::gguf::read_header(&head))
}

/// [`crate::model::import::from_config_json`].
pub async fn config_json(text: String) -> Result<Imported, Failed<ImportError>> {
    flat(split_call!(config_json_split(text)))
}

/// [`crate::model::checkpoint::from_index_json`].
pub async fn index_json(text: String) -> Result<Checkpoint, Failed<ImportError>> {
    flat(split_call!(index_json_split(text)))
}

/// [`crate::model::gguf::read_header`].
pub async fn gguf_header(head: Vec<u8>) -> Result<GgufInfo, Failed<GgufError>> {
    flat(split_call!(gguf_header_split(head)))
}
