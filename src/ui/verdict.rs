//! The verdict, first on the page: the core's card ([`crate::report::VerdictCard`]) drawn by the
//! core's one renderer ([`crate::markup::verdict`]), the same markup the pre-render writes into
//! `index.html`. The cheaper path's button, inside it, is heard here. A new verdict is announced
//! to screen readers in one sentence (`words::announce`), politely, from a visually hidden region.

use super::app::{ctx, handler};
use crate::markup::TAKE_CHEAPER_PATH;
use crate::model::{Engine, Quant};
use crate::report::VerdictCard;
use crate::words::announce;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The recommendation.
#[component]
pub fn Verdict() -> impl IntoView {
    let c = ctx();
    let card = Memo::new(move |_| {
        let lang = c.lang();
        c.report.with(|r| VerdictCard::of(r, lang))
    });
    let html = Memo::new(move |_| card.with(crate::markup::verdict));
    let said = Memo::new(move |_| {
        let lang = c.lang();
        card.with(|k| match &k.verdict {
            Some(v) => announce::verdict(&v.hardware, &v.offer, &v.amount, &v.per, lang),
            None => announce::no_verdict(lang).to_string(),
        })
    });
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
            aria-labelledby="verdict-title"
            inner_html=move || html.get()
            on:click=take
        ></section>
    }
}
