//! What became of an import (a pasted or uploaded config.json, an opened GGUF file): the model's
//! name, or why it could not be read.

use super::app::ctx;
use super::i18n::T;
use leptos::prelude::*;

/// The notice under an import control; nothing until something was imported. The text is in the
/// page's language: callers derive it from their typed outcome with `ctx().lang()`.
#[component]
pub fn ImportOutcome(
    #[prop(into)] outcome: Signal<Option<Result<String, String>>>,
) -> impl IntoView {
    let c = ctx();
    move || {
        outcome.get().map(|r| match r {
            Ok(name) => view! {
                <p class="notice ok" role="status">
                    {format!("{}: {}", c.t(T::Imported), name)}
                </p>
            }
            .into_any(),
            Err(e) => view! {
                <p class="notice error" role="alert">
                    {format!("{}: {}", c.t(T::ImportFailed), e)}
                </p>
            }
            .into_any(),
        })
    }
}
