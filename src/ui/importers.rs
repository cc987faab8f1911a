//! The importers (a `config.json`, a checkpoint's index, a GGUF header), each a split point in the
//! web build (feature `split`): their code is fetched when a person first imports a model, not
//! with the page. Without the feature they are plain async functions.

use crate::model::checkpoint::Checkpoint;
use crate::model::gguf::{GgufError, GgufInfo};
use crate::model::import::{ImportError, Imported};

/// [`crate::model::import::from_config_json`].
#[cfg_attr(feature = "split", leptos::lazy)]
pub async fn config_json(text: String) -> Result<Imported, ImportError> {
    crate::model::import::from_config_json(&text)
}

/// [`crate::model::checkpoint::from_index_json`].
#[cfg_attr(feature = "split", leptos::lazy)]
pub async fn index_json(text: String) -> Result<Checkpoint, ImportError> {
    crate::model::checkpoint::from_index_json(&text)
}

/// [`crate::model::gguf::read_header`].
#[cfg_attr(feature = "split", leptos::lazy)]
pub async fn gguf_header(head: Vec<u8>) -> Result<GgufInfo, GgufError> {
    crate::model::gguf::read_header(&head)
}
