//! The verdict's cheaper path (the report's `cheaper_path`: the same load with another weight
//! format or engine), its sentence beside the headline with the button that takes it.

use super::app::{ctx, handler};
use crate::model::{Engine, Quant};
use crate::report::CheaperPath;
use leptos::prelude::*;

/// The path in words, and a button that sets its format and engine in the scenario (and so in
/// the link).
#[component]
pub fn CheaperPathButton(path: CheaperPath) -> impl IntoView {
    let c = ctx();
    let (quant, engine) = (Quant::parse(&path.quant), Engine::parse(&path.engine));
    view! {
        <div class="cheaper-path" id="cheaper-path">
            <p>{path.sentence}</p>
            <button
                type="button"
                id="take-cheaper-path"
                on:click=handler(move |_| {
                    c.sc.edit(|s| {
                        if let Some(q) = quant {
                            s.quant = q;
                        }
                        if let Some(e) = engine {
                            s.engine = e;
                        }
                    })
                })
            >
                {path.action}
            </button>
        </div>
    }
}
