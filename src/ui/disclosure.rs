//! A closed-by-default panel whose content exists only while it is open: the assumptions and the
//! constraints are dozens of inputs (a checkbox per GPU), and kept in the page while closed they
//! were rendered at load and checked again on every edit for nothing. Opened, the content reads
//! the scenario as it is then.

use super::app::{ctx, handler};
use super::i18n::T;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// Whether the `<details>` a `toggle` event comes from is now open (`open` read reflectively:
/// no extra web-sys feature).
pub fn is_open(ev: &leptos::ev::Event) -> bool {
    ev.target()
        .and_then(|t| js_sys::Reflect::get(&t, &JsValue::from_str("open")).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// `<details class=class id=id>` with `summary` as its title and `children` while open.
/// Generic over the content's view type (not `ChildrenFn`, which would erase it to an `AnyView`
/// and cost the page about 7 KB gzip of view code).
#[component]
pub fn Disclosure<C>(
    class: &'static str,
    /// DOM id of the `<details>` element.
    id: &'static str,
    summary: T,
    children: TypedChildrenFn<C>,
) -> impl IntoView
where
    C: IntoView + 'static,
{
    let c = ctx();
    let open = RwSignal::new(false);
    let children = children.into_inner();
    view! {
        <details class=class id=id on:toggle=handler(move |ev| open.set(is_open(&ev)))>
            <summary>{c.text(summary)}</summary>
            {move || open.get().then(|| children())}
        </details>
    }
}

/// An explanation once shown only on hover (`title=`), reachable by keyboard and touch: `mark` (a
/// symbol, or a citation's start) opens `text` under it. A native `<details>`: no script and no
/// state, one function for every such mark of the page (comparison, hosted APIs).
pub fn tip(class: &'static str, mark: String, text: String) -> AnyView {
    view! {
        <details class=class>
            <summary>{mark}</summary>
            <span class="tip-text">{text}</span>
        </details>
    }
    .into_any()
}
