//! The one place the page talks to the network: fetching a provider's catalogue (`catalog=URL`),
//! and the offers' citations once the page is interactive (`catalog-sources.json`, see
//! `crate::catalog::OfferSources`).
//! The built-in catalogue is used at once; a fetched one replaces it only when it loads and
//! validates, otherwise the page says so and keeps the built-in prices. A fetch that has not
//! ended after [`CATALOG_TIMEOUT`] is given up: the built-in prices stay, with a notice, and a late
//! answer is ignored, so the prices never change under a visitor who has been told they will not.

use crate::catalog::{Catalog, OfferSources, SOURCES_FILE};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::time::Duration;

/// How long a provider's catalogue may take before the page stops waiting for it. The notice
/// (`T::CatalogTimedOut`) states this figure in words: change both together.
pub const CATALOG_TIMEOUT: Duration = Duration::from_secs(10);

/// Where the catalogue in use came from.
#[derive(Clone, Debug, PartialEq)]
pub enum CatalogStatus {
    /// The built-in catalogue; nothing was asked for.
    BuiltIn,
    /// A catalogue is being fetched; the built-in one is in use meanwhile.
    Loading(String),
    /// The catalogue at this address is in use.
    Loaded(String),
    /// The file could not be fetched (network, HTTP status): why, in words.
    Failed(String),
    /// The file arrived but the catalogue was refused: why, said in the page's language.
    Refused(std::sync::Arc<crate::catalog::CatalogError>),
    /// The address is not on an allowed origin.
    NotAllowed(String),
    /// The catalogue at this address did not arrive within [`CATALOG_TIMEOUT`].
    TimedOut(String),
}

/// The catalogue in use and how it was obtained.
#[derive(Clone, Copy)]
pub struct CatalogState {
    pub catalog: RwSignal<Catalog>,
    pub status: RwSignal<CatalogStatus>,
    /// The offers' citations, once `catalog-sources.json` has arrived.
    sources: StoredValue<Option<OfferSources>>,
}

/// The built-in catalogue at once; then, when `url` is given, the provider's catalogue over it.
pub fn use_catalog(url: Option<String>) -> CatalogState {
    let base = Catalog::builtin();
    let catalog = RwSignal::new(base.clone());
    let status = RwSignal::new(CatalogStatus::BuiltIn);
    let sources = StoredValue::new(None::<OfferSources>);
    if let Some(url) = url.filter(|u| !u.trim().is_empty()) {
        status.set(CatalogStatus::Loading(url.clone()));
        set_timeout(
            move || {
                status.update(|s| {
                    if let CatalogStatus::Loading(url) = s {
                        *s = CatalogStatus::TimedOut(std::mem::take(url));
                    }
                })
            },
            CATALOG_TIMEOUT,
        );
        // Every outcome below applies only while the page still waits (not after the timeout).
        let settle = move |outcome: CatalogStatus, loaded: Option<Catalog>| {
            if matches!(status.get_untracked(), CatalogStatus::Loading(_)) {
                if let Some(mut loaded) = loaded {
                    // The built-in reference offers kept beside a provider's own need their
                    // citations too, when they have already arrived.
                    sources.with_value(|s| {
                        if let Some(s) = s {
                            loaded.fill_sources(s);
                        }
                    });
                    catalog.set(loaded);
                }
                status.set(outcome);
            }
        };
        spawn_local(async move {
            // Allowed: this site's own origin, or one listed in the deployment's embed-config.json.
            let config = super::embed::load_config().await;
            let absolute = match super::embed::check_catalog_url(&url, &config) {
                Ok(absolute) => absolute,
                Err(_) => return settle(CatalogStatus::NotAllowed(url), None),
            };
            settle(CatalogStatus::Loading(absolute.clone()), None);
            match fetch_text(&absolute).await {
                Ok(text) => match Catalog::load_over(&base, &text) {
                    Ok(loaded) => settle(CatalogStatus::Loaded(absolute), Some(loaded)),
                    Err(e) => settle(CatalogStatus::Refused(e.into()), None),
                },
                Err(e) => settle(CatalogStatus::Failed(e), None),
            }
        });
    }
    CatalogState {
        catalog,
        status,
        sources,
    }
}

impl CatalogState {
    /// Fetches the offers' citations and puts them into the catalogue in use (and any later
    /// one). Called once the page is interactive: the citations are not part of the first
    /// load. A failure leaves each source pointing to `catalog.json`, which holds them.
    pub fn fetch_sources(self) {
        spawn_local(async move {
            let Some(loaded) = fetch_text(SOURCES_FILE)
                .await
                .ok()
                .and_then(|text| OfferSources::from_json(&text))
            else {
                return;
            };
            // Nothing filled (a provider's catalogue without reference offers): no new report.
            self.catalog.maybe_update(|c| c.fill_sources(&loaded) > 0);
            self.sources.set_value(Some(loaded));
        });
    }
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
