//! The calculator's side of embedding: tells the host page (through `public/embed.js`) that it is
//! ready, how tall its content is, and what it recommends; checks `catalog=` against the
//! deployment's `embed-config.json`. Message shapes and origin rules live in the pure
//! [`crate::embed_protocol`]; this module only talks to the browser.
//!
//! # Wiring (what the app calls, and when; steps 1-3 are done on branch `embed`)
//! 1. `ui/mod.rs`: `pub mod embed;` (done on this branch).
//! 2. `ui/app.rs`, in `App` after `let c = Ctx { sc, cat, report };`. Every function below is a
//!    no-op when the page is not inside a frame, so no `if` is needed around them:
//!    ```ignore
//!    // The host's accent colour (theme and data-embed are already set by the effect above).
//!    Effect::new(move |_| accent.with(|(a, dark)| embed::apply_accent(a.as_deref(), *dark)));
//!    // Once, after the first render is mounted: observe the height, then say `ready`.
//!    Effect::new(move |_| {
//!        embed::start_resize_reporting();
//!        embed::announce_ready();
//!    });
//!    // Whenever the report changes: the `result` summary (sent only when it differs).
//!    Effect::new(move |_| report.with(|r| embed::post_result(r)));
//!    ```
//! 3. `ui/catalog_fetch.rs`: replace `ALLOWED_CATALOG_ORIGINS` / `resolve_allowed` with the
//!    deployment's config (one extra same-origin request, only when `catalog=` is given):
//!    ```ignore
//!    spawn_local(async move {
//!        let config = super::embed::load_config().await;   // embed-config.json, or defaults
//!        match super::embed::check_catalog_url(&url, &config) {
//!            Ok(absolute) => { status.set(CatalogStatus::Loading(absolute.clone())); /* fetch */ }
//!            Err(refused) => status.set(CatalogStatus::NotAllowed(refused.to_string())),
//!        }
//!    });
//!    ```
//! 4. Optional, when the deployment restricts who may embed (`embed_origins` is not `["*"]`):
//!    `if !embed::embedding_allowed(&config) { /* show a notice with a link to the full page */ }`.
//!    The real enforcement is the server's `Content-Security-Policy: frame-ancestors`
//!    (`EmbedConfig::csp_directives` prints what to send); this check only explains the refusal.
//!
//! # Target origin of messages
//! Messages go to the parent window addressed to the parent's origin when the browser tells it
//! (`location.ancestorOrigins`, else the origin of `document.referrer`; `embed.js` sets
//! `referrerpolicy="strict-origin"` so the referrer carries the host's origin). When neither is
//! available they go with target `"*"`: acceptable because every version-1 message is public
//! (`Message::is_public`): `ready` and `resize` carry nothing, and `result` carries only the
//! recommendation the calculator already shows for the scenario in its own URL, which the host
//! page wrote itself. Nothing the visitor did outside this frame is in it.

use crate::embed_protocol::{CatalogRefused, EmbedConfig, Message, Origin, ResultSummary};
use crate::report::Report;
use crate::scenario::Scenario;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Where the deployment's configuration lives, relative to the page.
pub const CONFIG_PATH: &str = "embed-config.json";
/// Quiet time before a height change is reported, ms: a re-render settles in one burst.
const RESIZE_DEBOUNCE_MS: i32 = 40;

thread_local! {
    static READY_SENT: Cell<bool> = const { Cell::new(false) };
    static RESIZE_STARTED: Cell<bool> = const { Cell::new(false) };
    static LAST_HEIGHT: Cell<f64> = const { Cell::new(-1.0) };
    static RESIZE_TIMER: Cell<Option<i32>> = const { Cell::new(None) };
    static LAST_RESULT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// True when the page runs inside a frame (`window !== top`). Asked once: a page does not
/// move between frames, and every edit asks (three calls into the browser each time).
pub fn is_framed() -> bool {
    thread_local! {
        static FRAMED: bool = {
            match web_sys::window() {
                None => false,
                Some(window) => match window.top() {
                    Ok(Some(top)) => !js_sys::Object::is(&top, &window),
                    // Access to `top` refused: certainly framed.
                    Ok(None) | Err(_) => true,
                },
            }
        };
    }
    FRAMED.with(|f| *f)
}

/// Compact embedded mode: asked for with `embed=1`, or running inside someone's frame.
pub fn is_embedded(scenario: &Scenario) -> bool {
    scenario.embed || is_framed()
}

/// This page's origin (`https://sizer.example`), if the browser gives one.
pub fn page_origin() -> Option<String> {
    web_sys::window()?.location().origin().ok()
}

/// The origin of the page that frames this one, when the browser says: the first of
/// `location.ancestorOrigins` (Chromium, Safari), else the origin of `document.referrer`.
pub fn parent_origin() -> Option<String> {
    let window = web_sys::window()?;
    let location = window.location();
    // `ancestorOrigins` read reflectively: no extra web-sys feature, and absent in Firefox.
    if let Ok(list) = js_sys::Reflect::get(&location, &JsValue::from_str("ancestorOrigins")) {
        if !list.is_undefined() && !list.is_null() {
            if let Ok(first) = js_sys::Reflect::get(&list, &JsValue::from_f64(0.0)) {
                if let Some(o) = first.as_string().and_then(|s| Origin::parse(&s)) {
                    return Some(o.serialize());
                }
            }
        }
    }
    let referrer = window.document()?.referrer();
    Origin::parse(&referrer).map(|o| o.serialize())
}

/// Posts a protocol message to the parent window. Does nothing when not framed. The target
/// origin is the parent's when known, else `"*"` for public messages only (see the module docs).
pub fn post_to_parent(msg: &Message) {
    if !is_framed() {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    let target = match parent_origin() {
        Some(o) => o,
        None if msg.is_public() => "*".to_string(),
        None => return,
    };
    // A plain object, not a string, so the loader reads fields directly.
    let Ok(value) = js_sys::JSON::parse(&msg.to_json()) else {
        return;
    };
    // Fails only when `target` is malformed; a message lost is better than a broken page.
    let _ = parent.post_message(&value, &target);
}

/// Sends `ready` once per page load.
pub fn announce_ready() {
    if !is_framed() || READY_SENT.with(|s| s.replace(true)) {
        return;
    }
    post_to_parent(&Message::Ready);
    // The first height, in case the observer fired before the host's listener was attached.
    LAST_HEIGHT.with(|h| h.set(-1.0));
    report_height();
}

/// Sends the summary of `report` when embedded and when it differs from the last one sent.
pub fn post_result(report: &Report) {
    if !is_framed() {
        return;
    }
    let msg = Message::Result(ResultSummary::from_report(report));
    let json = msg.to_json();
    let changed = LAST_RESULT.with(|last| {
        let mut last = last.borrow_mut();
        if last.as_deref() == Some(json.as_str()) {
            false
        } else {
            *last = Some(json);
            true
        }
    });
    if changed {
        post_to_parent(&msg);
    }
}

/// The content's height in CSS pixels: the `<html>` element's box. (A stylesheet that gives
/// `html`/`body` a `height: 100%` or `min-height: 100vh` in embedded mode would make this the
/// frame's height, and the frame could then never shrink: keep embedded layout content-sized.)
pub fn content_height() -> Option<f64> {
    let root = web_sys::window()?.document()?.document_element()?;
    let h = root.get_bounding_client_rect().height();
    h.is_finite().then_some(h)
}

fn report_height() {
    let Some(h) = content_height() else {
        return;
    };
    let msg = Message::resize(h);
    let Message::Resize { height } = msg else {
        return;
    };
    if LAST_HEIGHT.with(|last| last.replace(height)) != height {
        post_to_parent(&msg);
    }
}

/// Observes the document's size and posts `resize` after each burst of changes. Idempotent;
/// lives as long as the page (the observer and its callbacks are deliberately leaked).
pub fn start_resize_reporting() {
    if !is_framed() || RESIZE_STARTED.with(|s| s.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(root) = window.document().and_then(|d| d.document_element()) else {
        return;
    };
    let fire: Closure<dyn FnMut()> = Closure::new(move || {
        RESIZE_TIMER.with(|t| t.set(None));
        report_height();
    });
    let fire_fn: js_sys::Function = fire.as_ref().unchecked_ref::<js_sys::Function>().clone();
    fire.forget();
    let on_resize: Closure<dyn FnMut(JsValue)> = Closure::new(move |_entries: JsValue| {
        let Some(window) = web_sys::window() else {
            return;
        };
        if let Some(old) = RESIZE_TIMER.with(|t| t.take()) {
            window.clear_timeout_with_handle(old);
        }
        if let Ok(id) = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(&fire_fn, RESIZE_DEBOUNCE_MS)
        {
            RESIZE_TIMER.with(|t| t.set(Some(id)));
        }
    });
    if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(&root);
        on_resize.forget();
        // Keep the observer reachable for the page's lifetime.
        std::mem::forget(observer);
    }
}

/// Sets the `--accent` and `--accent-text` custom properties on `<html>` from `accent=#rrggbb`,
/// or removes them when the scenario has none (the stylesheet's own accent then applies, in both
/// themes). The host's colour is first brought to WCAG AA contrast (4.5:1) against the theme's
/// backgrounds by [`crate::colour::accessible_accent`] (a yellow is darkened on the light theme,
/// a dark blue lightened on the dark one), and the button text is black or white, the better on
/// it. Set through the CSS object model, which a `style-src 'self'` policy allows (a `style`
/// attribute would not be). The scenario codec has already checked the colour is `#` and six hex
/// digits. (`data-theme` and `data-embed` on `<html>` are set by `app.rs`'s effect.)
pub fn apply_accent(accent: Option<&str>, dark: bool) {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    match accent.and_then(crate::colour::Rgb::parse) {
        Some(host) => {
            let a = crate::colour::accessible_accent(host, dark);
            call_style(&root, "setProperty", &["--accent", &a.colour.hex()]);
            call_style(&root, "setProperty", &["--accent-text", &a.text.hex()]);
        }
        None => {
            call_style(&root, "removeProperty", &["--accent"]);
            call_style(&root, "removeProperty", &["--accent-text"]);
        }
    }
}

/// `element.style.METHOD(args...)`, reflectively (no extra web-sys feature).
fn call_style(element: &web_sys::Element, method: &str, args: &[&str]) {
    let Ok(style) = js_sys::Reflect::get(element, &JsValue::from_str("style")) else {
        return;
    };
    let Ok(f) = js_sys::Reflect::get(&style, &JsValue::from_str(method)) else {
        return;
    };
    if let Some(f) = f.dyn_ref::<js_sys::Function>() {
        let list: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
        let _ = f.apply(&style, &list);
    }
}

/// Reads the deployment's `embed-config.json` from the page's own origin. Missing or invalid:
/// the defaults (catalogues from this origin only; anyone may embed), with the problem logged.
pub async fn load_config() -> EmbedConfig {
    let text = match gloo_net::http::Request::get(CONFIG_PATH).send().await {
        Ok(resp) if resp.ok() => resp.text().await.ok(),
        _ => None,
    };
    match text.map(|t| EmbedConfig::from_json(&t)) {
        Some(Ok(config)) => config,
        Some(Err(e)) => {
            leptos::logging::warn!("{e}");
            EmbedConfig::default()
        }
        None => EmbedConfig::default(),
    }
}

/// Checks a `catalog=` address against the page's origin and `config`, and returns the absolute
/// URL to fetch. Both the pure parser and the browser's URL parser must name the same origin
/// (a disagreement means an unusual URL, refused rather than guessed at).
pub fn check_catalog_url(url: &str, config: &EmbedConfig) -> Result<String, CatalogRefused> {
    let window = web_sys::window().ok_or(CatalogRefused::UnknownPage)?;
    let page_origin = window
        .location()
        .origin()
        .map_err(|_| CatalogRefused::UnknownPage)?;
    let page_href = window
        .location()
        .href()
        .map_err(|_| CatalogRefused::UnknownPage)?;
    config.catalog_allowed(url, &page_origin)?;
    let page = Origin::parse(&page_origin).ok_or(CatalogRefused::UnknownPage)?;
    let ours = Origin::of_url(url, &page).ok_or(CatalogRefused::NotHttp)?;
    let browsers =
        web_sys::Url::new_with_base(url, &page_href).map_err(|_| CatalogRefused::NotHttp)?;
    if Origin::parse(&browsers.origin()).as_ref() != Some(&ours) {
        return Err(CatalogRefused::NotHttp);
    }
    Ok(browsers.href())
}

/// Whether the page framing this one may do so under `config` (always true when not framed).
pub fn embedding_allowed(config: &EmbedConfig) -> bool {
    if !is_framed() {
        return true;
    }
    let page = page_origin().unwrap_or_default();
    config.embedding_allowed(parent_origin().as_deref(), &page)
}
