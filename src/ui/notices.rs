//! Notices above the results: problems in the link, the catalogue's state, changed prices.

use super::app::ctx;
use super::catalog_fetch::CatalogStatus;
use super::i18n::T;
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
    let prices_changed = Memo::new(move |_| {
        let asof = c.sc.scenario.with(|s| s.asof.clone());
        let current = c.report.with(|r| r.catalog_as_of.clone());
        asof.filter(|a| *a != current).map(|a| (a, current))
    });
    view! {
        <div class="notices" id="notices">
            {move || {
                let failed = move |why: String| {
                    view! {
                        <p class="notice error" role="alert" id="catalog-status">
                            {c.text(T::CatalogFailed)}
                            " "
                            <span class="detail">{why}</span>
                        </p>
                    }
                        .into_any()
                };
                match c.cat.status.get() {
                    CatalogStatus::BuiltIn => ().into_any(),
                    CatalogStatus::Loading(url) => {
                        view! {
                            <p class="notice info" role="status" id="catalog-status">
                                <progress aria-label=c.text(T::CatalogLoading)></progress>
                                " "
                                {c.text(T::CatalogLoading)}
                                " "
                                <span class="url">{url.clone()}</span>
                            </p>
                        }
                            .into_any()
                    }
                    CatalogStatus::Loaded(url) => {
                        view! {
                            <p class="notice ok" role="status" id="catalog-status">
                                {c.text(T::CatalogLoaded)}
                                " "
                                <span class="url">{url.clone()}</span>
                            </p>
                        }
                            .into_any()
                    }
                    CatalogStatus::Failed(why) => failed(why),
                    // Said in the page's language, again when it changes.
                    CatalogStatus::Refused(e) => failed(e.sentence(c.lang())),
                    CatalogStatus::NotAllowed(url) => {
                        view! {
                            <p class="notice error" role="alert" id="catalog-status">
                                {c.text(T::CatalogNotAllowed)}
                                " "
                                <span class="url">{url.clone()}</span>
                            </p>
                        }
                            .into_any()
                    }
                    CatalogStatus::TimedOut(url) => {
                        view! {
                            <p class="notice error" role="alert" id="catalog-status">
                                {c.text(T::CatalogTimedOut)}
                                " "
                                <span class="url">{url.clone()}</span>
                            </p>
                        }
                            .into_any()
                    }
                }
            }}
            {move || {
                prices_changed
                    .get()
                    .map(|(then, now)| {
                        view! {
                            <p class="notice info" id="prices-changed">
                                {format!("{} ({then} → {now}).", c.t(T::PricesChanged))}
                            </p>
                        }
                    })
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
