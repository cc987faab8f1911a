//! The URL-backed scenario: read once from `location.search`, written back with
//! `history.replaceState` (never push, no scroll), throttled while the person types.
//! The URL is the only store; parsing, defaults and clamping live in `crate::scenario`.

use crate::scenario::{Lang, Scenario, Warning};
use leptos::prelude::*;
use std::time::Duration;

/// How long edits are gathered before the URL is rewritten.
const URL_WRITE_DELAY: Duration = Duration::from_millis(250);

/// The scenario and what the page derives from it.
#[derive(Clone, Copy)]
pub struct UseScenario {
    /// Every input, read-only: writes go through `edit`, `replace` and `reset` (which keep
    /// `lang` in step); the URL follows.
    pub scenario: ReadSignal<Scenario>,
    write: WriteSignal<Scenario>,
    /// Problems found in the URL the page was opened with.
    pub warnings: RwSignal<Vec<Warning>>,
    /// The language shown: the scenario's, else the browser's. A signal set only when the
    /// language changes, not a memo of the scenario: hundreds of labels read it, and a memo would
    /// have every one of them checked again on every edit.
    pub lang: ReadSignal<Lang>,
    set_lang: WriteSignal<Lang>,
    browser: Lang,
}

impl UseScenario {
    /// Applies an edit, then brings the result into range as its link would be read
    /// ([`Scenario::normalise`]), so the page never holds a value a URL could not.
    pub fn edit(&self, f: impl FnOnce(&mut Scenario)) {
        self.write.update(|s| {
            f(s);
            s.normalise();
        });
        self.follow_lang();
    }

    /// Replaces the whole scenario (one opened from a file).
    pub fn replace(&self, scenario: Scenario) {
        self.write.set(scenario);
        self.follow_lang();
    }

    /// Brings `lang` in line with the scenario, notifying its readers only if it changed.
    fn follow_lang(&self) {
        let lang = self
            .scenario
            .with_untracked(|s| s.lang)
            .unwrap_or(self.browser);
        if self.lang.get_untracked() != lang {
            self.set_lang.set(lang);
        }
    }

    /// Back to the defaults, keeping the page's presentation (language, embedding, catalogue).
    pub fn reset(&self) {
        self.write.update(|s| {
            let fresh = Scenario {
                lang: s.lang,
                embed: s.embed,
                theme: s.theme,
                accent: s.accent.clone(),
                catalog: s.catalog.clone(),
                provider: s.provider.clone(),
                ..Scenario::default()
            };
            *s = fresh;
        });
        self.follow_lang();
        self.warnings.set(Vec::new());
    }

    /// The absolute link to the current scenario, recording the catalogue date it was made with.
    pub fn share_url(&self, catalog_as_of: String) -> String {
        let mut s = self.scenario.get_untracked();
        s.asof = Some(catalog_as_of);
        page_url_with(&s.to_query())
    }
}

/// Reads the scenario from the address bar and keeps the address bar in step with it.
pub fn use_scenario() -> UseScenario {
    let search = window().location().search().unwrap_or_default();
    let (initial, warnings) = Scenario::from_query(&search);
    let initial_lang = initial.lang;
    let (scenario, write) = signal(initial);
    let warnings = RwSignal::new(warnings);
    let browser = browser_lang();
    let (lang, set_lang) = signal(initial_lang.unwrap_or(browser));

    // Throttle: the first change after a write starts a timer; the timer writes whatever the
    // scenario is by then.
    let pending = StoredValue::new(false);
    Effect::new(move |first: Option<()>| {
        scenario.track();
        if first.is_none() || pending.get_value() {
            return;
        }
        pending.set_value(true);
        set_timeout(
            move || {
                pending.set_value(false);
                let query = scenario.with_untracked(|s| s.to_query());
                replace_query(&query);
            },
            URL_WRITE_DELAY,
        );
    });

    UseScenario {
        scenario,
        write,
        warnings,
        lang,
        set_lang,
        browser,
    }
}

/// The browser's preferred language, English when it is neither English nor Spanish.
pub(super) fn browser_lang() -> Lang {
    window()
        .navigator()
        .language()
        .and_then(|l| Lang::parse(&l))
        .unwrap_or(Lang::En)
}

/// The page's address with `query` as its search part (the fragment kept).
pub fn page_url_with(query: &str) -> String {
    let location = window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    format!("{origin}{}", relative_url_with(&path, query, &hash))
}

fn relative_url_with(path: &str, query: &str, hash: &str) -> String {
    // A scenario at its defaults writes only its version: the page's bare address.
    if query.is_empty() || query == format!("v={}", crate::scenario::SCENARIO_VERSION) {
        format!("{path}{hash}")
    } else {
        format!("{path}?{query}{hash}")
    }
}

/// Replaces the current history entry's query: no new entry, no scroll, no reload.
fn replace_query(query: &str) {
    let location = window().location();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url = relative_url_with(&path, query, &hash);
    let current = format!("{path}{}{hash}", location.search().unwrap_or_default());
    if url == current {
        return;
    }
    if let Ok(history) = window().history() {
        // A refusal (sandboxed iframe) only costs the shareable URL; the page keeps working.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}
