//! A shared link's verdict before the interface arrives. The frame the page paints first
//! (`public/shell.js`) carries the default scenario's verdict only when the address carries no
//! scenario; for a shared link its verdict slot stays empty. This draws that scenario's card into
//! the slot, from the core alone (no Leptos: the build splits the interface into a second module,
//! see [`super::mount`]), exactly as the live card draws it: the same scenario read from the
//! address, the same language (the address's, else the browser's), the built-in catalogue and the
//! browser's date, the same renderer ([`crate::markup::verdict_section`]). The interface replaces
//! it when it mounts. A provider's catalogue (`catalog=`) comes by fetch: that verdict waits for
//! the interface, and the slot stays empty.

use crate::catalog::Catalog;
use crate::report::{evaluate, VerdictCard};
use crate::scenario::Scenario;

/// Draws the address's verdict into the frame's empty slot, if the frame left one.
pub fn draw() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let Ok(Some(slot)) = document.query_selector("#shell [data-shell-verdict]") else {
        return;
    };
    let search = window.location().search().unwrap_or_default();
    let (mut scenario, _) = Scenario::from_query(&search);
    if scenario
        .catalog
        .as_deref()
        .is_some_and(|url| !url.trim().is_empty())
    {
        return;
    }
    let lang = scenario
        .lang
        .unwrap_or_else(super::use_scenario::browser_lang);
    scenario.lang = Some(lang);
    let report = evaluate(&scenario, &Catalog::builtin()).counted_to(&super::app::browser_today());
    slot.set_outer_html(&crate::markup::verdict_section(
        &VerdictCard::of(&report, lang),
        lang,
    ));
}
