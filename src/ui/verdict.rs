//! The verdict, first on the page: the core's card ([`crate::report::VerdictCard`]) drawn by the
//! core's one renderer ([`crate::markup::verdict`]), the same markup the pre-render writes into
//! `index.html`. The cheaper path's button, inside it, is heard here. A new verdict is announced
//! to screen readers in one sentence (`words::announce`), politely, from a visually hidden region.

use super::app::{ctx, handler};
use crate::markup::TAKE_CHEAPER_PATH;
use crate::model::{Engine, Quant};
use crate::report::VerdictCard;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The recommendation.
#[component]
pub fn Verdict() -> impl IntoView {
    let c = ctx();
    // The card's markup and its one-sentence announcement, from one card.
    let card = Memo::new(move |_| {
        let lang = c.lang();
        let card = c.report.with(|r| VerdictCard::of(r, lang));
        let said = card.announcement(lang);
        (crate::markup::verdict(&card), said)
    });
    // Announced only when the sentence changes, not on every change of the card.
    let said = Memo::new(move |_| card.with(|(_, said)| said.clone()));
    // The cheaper path's button sets its format and engine in the scenario (and so in the link).
    let take = handler(move |ev: leptos::ev::MouseEvent| {
        let on_button = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest(&format!("#{TAKE_CHEAPER_PATH}")).ok().flatten())
            .is_some();
        let path = c.report.with_untracked(|r| r.cheaper_path.clone());
        if let (true, Some(path)) = (on_button, path) {
            let (quant, engine) = (Quant::parse(&path.quant), Engine::parse(&path.engine));
            c.sc.edit(|s| {
                if let Some(q) = quant {
                    s.quant = q;
                }
                if let Some(e) = engine {
                    s.engine = e;
                }
            });
        }
    });
    view! {
        <p class="visually-hidden" id="verdict-announcement" role="status" aria-live="polite">
            {move || said.get()}
        </p>
        <section
            class="card verdict"
            id="verdict"
            tabindex="-1"
            aria-labelledby="verdict-title"
            inner_html=move || card.with(|(html, _)| html.clone())
            on:click=take
        ></section>
    }
}
