//! Notices above the results: problems in the link, the catalogue's state, changed prices.
//! Each is said once: the prices changed since the link was made is the report's warning
//! (`CatalogNote::PricesChanged`), not a second paragraph of its own here.

use super::app::ctx;
use super::catalog_fetch::CatalogStatus;
use super::i18n::T;
use crate::embed_protocol::catalogue_label;
use crate::words::provider as words;
use leptos::prelude::*;

/// Warnings and catalogue notices; nothing when all is well.
#[component]
pub fn Notices() -> impl IntoView {
    let c = ctx();
    let warnings = Memo::new(move |_| {
        let lang = c.lang();
        let mut all: Vec<String> =
            c.sc.warnings
                .with(|w| w.iter().map(|w| w.message(lang)).collect());
        c.report.with(|r| {
            for w in &r.warnings {
                if !all.contains(w) {
                    all.push(w.clone());
                }
            }
        });
        all
    });
    view! {
        <div class="notices" id="notices">
            {move || {
                // Named by the provider (its catalogue's publisher once loaded, else the link's
                // `provider=` or the file's host), never by the raw address.
                let lang = c.lang();
                // The address as the link wrote it (a file beside the calculator is named by its
                // file, another site's by its host), not the absolute one the status carries.
                let name = c.sc.scenario.with(|s| {
                    catalogue_label(s.catalog.as_deref().unwrap_or_default(), s.provider.as_deref())
                });
                let failed = move |lead: String, why: String| {
                    view! {
                        <p class="notice error" role="alert" id="catalog-status">
                            {lead}
                            " "
                            <span class="detail">{why}</span>
                        </p>
                    }
                        .into_any()
                };
                let error = move |text: String| {
                    view! {
                        <p class="notice error" role="alert" id="catalog-status">
                            {text}
                        </p>
                    }
                        .into_any()
                };
                match c.cat.status.get() {
                    CatalogStatus::BuiltIn => ().into_any(),
                    CatalogStatus::Loading(_) => {
                        let text = words::catalogue_loading(&name, lang);
                        view! {
                            <p class="notice info" role="status" id="catalog-status">
                                <progress aria-label=text.clone()></progress>
                                " "
                                {text}
                            </p>
                        }
                            .into_any()
                    }
                    CatalogStatus::Loaded(_) => {
                        let name = c
                            .cat
                            .catalog
                            .with(|cat| cat.publisher.clone())
                            .unwrap_or(name);
                        view! {
                            <p class="notice ok" role="status" id="catalog-status">
                                {words::catalogue_loaded(&name, lang)}
                            </p>
                        }
                            .into_any()
                    }
                    CatalogStatus::Failed(why) => {
                        failed(words::catalogue_failed(&name, lang), why)
                    }
                    // Said in the page's language, again when it changes.
                    CatalogStatus::Refused(e) => {
                        failed(words::catalogue_failed(&name, lang), e.sentence(lang))
                    }
                    CatalogStatus::NotAllowed(_) => {
                        error(words::catalogue_not_allowed(&name, lang))
                    }
                    CatalogStatus::TimedOut(_) => {
                        let secs = super::catalog_fetch::CATALOG_TIMEOUT.as_secs();
                        error(words::catalogue_timed_out(&name, secs, lang))
                    }
                }
            }}
            <CatalogStale />
            <Show when=move || !warnings.with(|w| w.is_empty())>
                <div class="notice warn" role="status" id="warnings">
                    <strong>{c.text(T::Warnings)}</strong>
                    <ul>
                        {move || {
                            warnings.get().into_iter().map(|w| view! { <li>{w}</li> }).collect_view()
                        }}
                    </ul>
                </div>
            </Show>
        </div>
    }
}

/// The catalogue is over 90 days old on the browser's date (the report counts it): its prices
/// may have changed.
#[component]
fn CatalogStale() -> impl IntoView {
    let c = ctx();
    let stale = Memo::new(move |_| {
        let lang = c.lang();
        c.report.with(|r| {
            r.freshness.catalog_stale.then(|| {
                crate::words::catalog::catalogue_stale(
                    &r.catalog_as_of,
                    r.freshness.catalog_age_days,
                    lang,
                )
            })
        })
    });
    move || {
        stale.get().map(
            |text| view! { <p class="notice warn" role="status" id="catalog-stale">{text}</p> },
        )
    }
}
