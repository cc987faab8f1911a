//! The last line of defence: a panic hook that logs the panic, writes the current scenario into
//! the address bar and shows a panel offering a reload with the scenario kept. It builds the
//! panel with plain DOM calls, because after a panic the reactive system cannot be trusted.

use super::i18n::{t, T};
use super::use_scenario::UseScenario;
use crate::scenario::Lang;
use leptos::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// The latest scenario query and language, kept outside the reactive graph for the hook.
    static LAST: RefCell<(String, Lang)> = RefCell::new((String::new(), Lang::En));
}

/// Keeps a copy of the scenario's query for the panic hook.
pub fn remember_scenario(sc: UseScenario) {
    Effect::new(move |_| {
        let query = sc.scenario.with(|s| s.to_query());
        let lang = sc.lang.get();
        LAST.with(|last| {
            if let Ok(mut last) = last.try_borrow_mut() {
                *last = (query, lang);
            }
        });
    });
}

/// Installs the hook. Call before mounting.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        leptos::logging::error!("Inference Sizer panicked: {info}");
        let (query, lang) =
            LAST.with(|last| last.try_borrow().map(|l| l.clone()).unwrap_or_default());
        show_panel(&query, lang);
    }));
}

fn show_panel(query: &str, lang: Lang) -> Option<()> {
    let window = web_sys::window()?;
    let document = window.document()?;
    if document.get_element_by_id("panic-panel").is_some() {
        return Some(());
    }
    let path = window.location().pathname().unwrap_or_default();
    let href = if query.is_empty() {
        path
    } else {
        format!("{path}?{query}")
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&href));
    }
    let panel = document.create_element("div").ok()?;
    panel.set_id("panic-panel");
    panel.set_class_name("panic-panel");
    let _ = panel.set_attribute("role", "alert");
    let title = document.create_element("h2").ok()?;
    title.set_text_content(Some(t(lang, T::ErrorTitle)));
    let body = document.create_element("p").ok()?;
    body.set_text_content(Some(t(lang, T::ErrorBody)));
    let reload = document.create_element("a").ok()?;
    reload.set_class_name("button");
    let _ = reload.set_attribute("href", &href);
    reload.set_text_content(Some(t(lang, T::Reload)));
    panel.append_child(&title).ok()?;
    panel.append_child(&body).ok()?;
    panel.append_child(&reload).ok()?;
    document.body()?.append_child(&panel).ok()?;
    Some(())
}
