//! The page: header, notices, inputs and results. Holds the shared state in a context.

use super::catalog_fetch::{use_catalog, CatalogState};
use super::i18n::{t, T};
use super::use_scenario::{use_scenario, UseScenario};
use super::*;
use crate::report::Report;
use crate::scenario::Lang;
use after_paint::after_next_paint;
use leptos::prelude::*;
use std::sync::Arc;

/// What every component reads: the scenario, the catalogue and the report derived from them.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub sc: UseScenario,
    pub cat: CatalogState,
    pub report: Memo<Arc<Report>>,
}

impl Ctx {
    pub fn lang(&self) -> Lang {
        self.sc.lang.get()
    }
    /// The text of `key` in the page's language (reactive).
    pub fn t(&self, key: T) -> &'static str {
        t(self.lang(), key)
    }
    /// The text of `key` as a reactive view or attribute. One closure type for every label, so
    /// Leptos's render code is compiled once for all of them, not once per label (each
    /// `move || c.t(T::..)` was its own type: about 0.5 KB of wasm apiece).
    pub fn text(self, key: T) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
        move || self.t(key)
    }
}

/// An event handler as one boxed type per kind of event, so the code that attaches a handler is
/// compiled once per event kind, not once per handler.
pub fn handler<E: 'static>(f: impl FnMut(E) + 'static) -> Box<dyn FnMut(E)> {
    Box::new(f)
}

/// The browser's local date, `YYYY-MM-DD`.
pub(super) fn browser_today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// The host's accent (`accent=`), brought to AA contrast against the theme in use.
fn host_accent(sc: UseScenario) {
    let accent = Memo::new(move |_| {
        sc.scenario.with(|s| {
            let dark = s.theme == Some(crate::scenario::Theme::Dark);
            (s.accent.clone(), dark)
        })
    });
    Effect::new(move |_| accent.with(|(a, dark)| embed::apply_accent(a.as_deref(), *dark)));
}

/// The document's language and theme follow the scenario (screen readers, dark mode), and
/// whether it is embedded or compact. Set only when they change: a `lang` written on <html>,
/// even unchanged, restyles the whole page.
fn root_attributes(sc: UseScenario) {
    let root_attributes = Memo::new(move |_| {
        sc.scenario.with(|s| {
            (
                sc.lang.get(),
                s.theme == Some(crate::scenario::Theme::Dark),
                s.embed,
                s.compact,
            )
        })
    });
    Effect::new(move |_| {
        let (lang, dark, embed, compact) = root_attributes.get();
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.id());
            let _ = root.set_attribute("data-theme", if dark { "dark" } else { "light" });
            let _ = root.set_attribute("data-embed", if embed || compact { "1" } else { "0" });
            let _ = root.set_attribute("data-compact", if compact { "1" } else { "0" });
        }
    });
}

/// The shared state, for components.
pub fn ctx() -> Ctx {
    expect_context::<Ctx>()
}

/// The whole calculator.
#[component]
pub fn App() -> impl IntoView {
    let sc = use_scenario();
    let cat = use_catalog(sc.scenario.with_untracked(|s| s.catalog.clone()));
    // Freeing a report (a few thousand strings) can wait until its successor is on screen: the
    // memo hands the old one over here, and it is dropped after the next paint.
    let retired = StoredValue::new(Vec::<Arc<Report>>::new());
    let today = browser_today();
    let report = Memo::new(move |previous: Option<&Arc<Report>>| {
        if let Some(old) = previous {
            let first = retired.with_value(Vec::is_empty);
            retired.update_value(|r| r.push(Arc::clone(old)));
            if first {
                after_next_paint(move || {
                    let old = retired.try_update_value(std::mem::take);
                    drop(old);
                });
            }
        }
        let mut scenario = sc.scenario.get();
        // The report's sentences follow the page's language, even when the URL has none.
        scenario.lang = Some(sc.lang.get());
        // The first report may have been evaluated by the first module while this one downloaded
        // (`first_card`); the catalogue is still followed.
        if previous.is_none() {
            if let Some(report) = super::first_card::take_report(&scenario) {
                cat.catalog.track();
                return Arc::new(report);
            }
        }
        let report = cat.catalog.with(|c| crate::report::evaluate(&scenario, c));
        // The prices' ages are counted to the browser's date (the core reads no clock).
        Arc::new(report.counted_to(&today))
    });
    let c = Ctx { sc, cat, report };
    provide_context(c);
    panic_panel::remember_scenario(sc);

    root_attributes(sc);

    // Embedded in a host page (public/embed.js): the host's accent, then `ready`, the content's
    // height and the recommendation, posted to the host. No-ops when not in a frame.
    host_accent(sc);
    Effect::new(move |_| {
        embed::start_resize_reporting();
        embed::announce_ready();
    });
    Effect::new(move |_| report.with(|r| embed::post_result(r)));

    // The comparison of every offer and the charts are built after the first paint: the verdict,
    // memory and speed show first (they are what a person reads first, and building 25 table rows
    // and three charts would otherwise delay them).
    // The offers' citations (left out of the first load) are asked for then too.
    let later = RwSignal::new(false);
    let compact = Memo::new(move |_| sc.scenario.with(|s| s.compact));
    after_paint::after_next_paint(move || {
        later.set(true);
        cat.fetch_sources();
    });

    // The order in the document is the order on a narrow screen, and the order of Tab: the
    // verdict (the answer), the inputs (the question), then the figures behind the answer. A wide
    // screen puts the inputs in a column on the left (style/main.css, `.layout`'s areas).
    view! {
        <main id="app" class="app">
            <scenario_bar::SkipLinks />
            <header class="page-header">
                <div class="title">
                    <h1>"Inference Sizer"</h1>
                    <p class="tagline">{c.text(T::Tagline)}</p>
                </div>
                <settings_bar::SettingsBar />
            </header>
            <notices::Notices />
            <div class="layout">
                <div class="answer">
                    <provider_card::ProviderCard />
                    <verdict::Verdict />
                    <scenario_bar::ScenarioBar />
                </div>
                <section class="inputs" aria-labelledby="inputs-title">
                    <h2 id="inputs-title" tabindex="-1">{c.text(T::Inputs)}</h2>
                    <model_picker::ModelPicker />
                    <custom_model::CustomModel />
                    <workload_inputs::LoadInputs />
                    <constraints::WhereItRuns />
                    <quant_select::QuantSelect />
                    <context_inputs::ContextInputs />
                    <engine_select::EngineSelect />
                    <workload_inputs::RequestInputs />
                    <constraints::Constraints />
                    <assumptions::Assumptions />
                    <share_bar::ShareBar />
                </section>
                <section class="results" aria-labelledby="results-title">
                    <h2 id="results-title" class="visually-hidden">{c.text(T::Results)}</h2>
                    <memory_bar::MemoryBar />
                    <speed::Speed />
                    // The compact embed shows the verdict, the model, the load and the provider's
                    // offers: the comparison and the charts are not built at all.
                    <Show when=move || later.get() && !compact.get()>
                        <comparison_table::ComparisonTable />
                        <api_table::ApiTable />
                        <charts::Charts />
                    </Show>
                </section>
            </div>
            <footer class="page-footer">
                <p>{c.text(T::Privacy)}</p>
                <embed_footer::EmbedFooter />
            </footer>
        </main>
    }
}
