//! The one place the page talks to the network: fetching a provider's catalogue (`catalog=URL`).
//! The built-in catalogue is used at once; a fetched one replaces it only when it loads and
//! validates, otherwise the page says so and keeps the built-in prices.

use crate::catalog::Catalog;
use leptos::prelude::*;
use leptos::task::spawn_local;

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
        status.set(CatalogStatus::Loading(url.clone()));
        spawn_local(async move {
            // Allowed: this site's own origin, or one listed in the deployment's embed-config.json.
            let config = super::embed::load_config().await;
            let absolute = match super::embed::check_catalog_url(&url, &config) {
                Ok(absolute) => absolute,
                Err(_) => {
                    status.set(CatalogStatus::NotAllowed(url));
                    return;
                }
            };
            status.set(CatalogStatus::Loading(absolute.clone()));
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
    CatalogState { catalog, status }
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
