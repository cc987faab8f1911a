//! The one place the page talks to the network: fetching a provider's catalogue (`catalog=URL`).
//! The built-in catalogue is used at once; a fetched one replaces it only when it loads and
//! validates, otherwise the page says so and keeps the built-in prices.

use crate::catalog::Catalog;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Origins besides the page's own a catalogue may come from. Empty: same origin only.
/// A deployment that allows a partner's catalogue lists its origin here (`https://host:port`).
pub const ALLOWED_CATALOG_ORIGINS: &[&str] = &[];

/// Where the catalogue in use came from.
#[derive(Clone, Debug, PartialEq)]
pub enum CatalogStatus {
    /// The built-in catalogue; nothing was asked for.
    BuiltIn,
    /// A catalogue is being fetched; the built-in one is in use meanwhile.
    Loading(String),
    /// The catalogue at this address is in use.
    Loaded(String),
    /// The address was refused or the file could not be used: why, in words.
    Failed(String),
    /// The address is not on an allowed origin.
    NotAllowed(String),
}

/// The catalogue in use and how it was obtained.
#[derive(Clone, Copy)]
pub struct CatalogState {
    pub catalog: RwSignal<Catalog>,
    pub status: RwSignal<CatalogStatus>,
}

/// The built-in catalogue at once; then, when `url` is given, the provider's catalogue over it.
pub fn use_catalog(url: Option<String>) -> CatalogState {
    let base = Catalog::builtin();
    let catalog = RwSignal::new(base.clone());
    let status = RwSignal::new(CatalogStatus::BuiltIn);
    if let Some(url) = url.filter(|u| !u.trim().is_empty()) {
        match resolve_allowed(&url) {
            Some(absolute) => {
                status.set(CatalogStatus::Loading(absolute.clone()));
                spawn_local(async move {
                    match fetch_text(&absolute).await {
                        Ok(text) => match Catalog::load_over(&base, &text) {
                            Ok(loaded) => {
                                catalog.set(loaded);
                                status.set(CatalogStatus::Loaded(absolute));
                            }
                            Err(e) => status.set(CatalogStatus::Failed(e.to_string())),
                        },
                        Err(e) => status.set(CatalogStatus::Failed(e)),
                    }
                });
            }
            None => status.set(CatalogStatus::NotAllowed(url)),
        }
    }
    CatalogState { catalog, status }
}

/// The absolute address of `url` (relative to the page) when its origin is allowed.
fn resolve_allowed(url: &str) -> Option<String> {
    let location = window().location();
    let href = location.href().ok()?;
    let own = location.origin().ok()?;
    let parsed = web_sys::Url::new_with_base(url, &href).ok()?;
    let protocol = parsed.protocol();
    if protocol != "https:" && protocol != "http:" {
        return None;
    }
    let origin = parsed.origin();
    (origin == own || ALLOWED_CATALOG_ORIGINS.contains(&origin.as_str())).then(|| parsed.href())
}

async fn fetch_text(url: &str) -> Result<String, String> {
    let response = gloo_net::http::Request::get(url)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !response.ok() {
        return Err(format!(
            "HTTP {} {}",
            response.status(),
            response.status_text()
        ));
    }
    response.text().await.map_err(|e| e.to_string())
}
