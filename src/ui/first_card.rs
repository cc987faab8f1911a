//! A shared link's verdict before the interface arrives. The frame the page paints first
//! (`public/shell.js`) carries the default scenario's verdict only when the address carries no
//! scenario; for a shared link its verdict slot stays empty. This draws that scenario's card into
//! the slot, from the core alone (no Leptos: the build splits the interface into a second module,
//! see [`super::mount`]), exactly as the live card draws it: the same scenario read from the
//! address, the same language (the address's, else the browser's), the built-in catalogue and the
//! browser's date, the same renderer ([`crate::markup::verdict_section`]). The interface replaces
//! it when it mounts. A provider's catalogue (`catalog=`) comes by fetch: that verdict waits for
//! the interface, and the slot stays empty.
//!
//! The report is kept for the interface's first evaluation ([`take_report`]): evaluated while the
//! interface's module downloads, it is not evaluated again when the interface mounts. The default
//! page (whose verdict the frame pre-renders) is evaluated here too, for the same reason.

use crate::catalog::Catalog;
use crate::report::{evaluate, Report, VerdictCard};
use crate::scenario::Scenario;
use std::cell::RefCell;

thread_local! {
    /// The scenario [`draw`] evaluated (its language set) and its report, until the interface
    /// takes it.
    static EARLY: RefCell<Option<(Scenario, Report)>> = const { RefCell::new(None) };
}

/// The report [`draw`] evaluated, if it answers `scenario` (with the built-in catalogue and
/// today's date, as the interface evaluates it); taken once.
pub(super) fn take_report(scenario: &Scenario) -> Option<Report> {
    EARLY
        .with(|early| early.borrow_mut().take())
        .filter(|(evaluated, _)| evaluated == scenario)
        .map(|(_, report)| report)
}

/// Evaluates the address's scenario and draws its verdict into the frame's empty slot, if the
/// frame left one; keeps the report for the interface.
pub fn draw() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    // No frame: the interface has mounted already (or the page has none).
    if document.get_element_by_id("shell").is_none() {
        return;
    }
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
    if let Ok(Some(slot)) = document.query_selector("#shell [data-shell-verdict]") {
        slot.set_outer_html(&crate::markup::verdict_section(
            &VerdictCard::of(&report, lang),
            lang,
        ));
    }
    EARLY.with(|early| *early.borrow_mut() = Some((scenario, report)));
}
