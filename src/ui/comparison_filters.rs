//! The comparison's filters (kind, provider, jurisdiction, only the options that can serve) and
//! its export button.

use super::app::{ctx, handler};
use super::i18n::{jurisdiction_short, kind_name, T};
use crate::report::{OfferKind, OptionReport, Report};
use leptos::prelude::*;

/// The distinct kinds, providers and jurisdictions of the options, each sorted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choices {
    pub kinds: Vec<OfferKind>,
    pub providers: Vec<String>,
    pub jurisdictions: Vec<String>,
}

impl Choices {
    pub fn of(r: &Report) -> Choices {
        let mut kinds: Vec<OfferKind> = r.options.iter().map(|o| o.kind).collect();
        crate::order::sort_by(&mut kinds, |a, b| a.id().cmp(b.id()));
        kinds.dedup();
        let mut providers: Vec<String> = r.options.iter().map(|o| o.provider.clone()).collect();
        let mut jurisdictions: Vec<String> =
            r.options.iter().map(|o| o.jurisdiction.clone()).collect();
        for v in [&mut providers, &mut jurisdictions] {
            crate::order::sort(v);
            v.dedup();
        }
        Choices {
            kinds,
            providers,
            jurisdictions,
        }
    }
}

/// What the filters hold: the value picked in each select ("" for all) and the checkbox.
#[derive(Clone, Copy)]
pub struct Filter {
    pub kind: RwSignal<String>,
    pub provider: RwSignal<String>,
    pub jurisdiction: RwSignal<String>,
    pub only_usable: RwSignal<bool>,
}

/// The filters' values at one moment, to test options against.
pub struct Picked {
    kind: Option<OfferKind>,
    provider: String,
    jurisdiction: String,
    only_usable: bool,
}

impl Filter {
    pub fn new() -> Filter {
        Filter {
            kind: RwSignal::new(String::new()),
            provider: RwSignal::new(String::new()),
            jurisdiction: RwSignal::new(String::new()),
            only_usable: RwSignal::new(false),
        }
    }
    /// The current values (tracked).
    pub fn get(&self) -> Picked {
        Picked {
            kind: OfferKind::parse(&self.kind.get()),
            provider: self.provider.get(),
            jurisdiction: self.jurisdiction.get(),
            only_usable: self.only_usable.get(),
        }
    }
}

impl Picked {
    pub fn passes(&self, o: &OptionReport) -> bool {
        self.kind.is_none_or(|k| o.kind == k)
            && (self.provider.is_empty() || o.provider == self.provider)
            && (self.jurisdiction.is_empty() || o.jurisdiction == self.jurisdiction)
            && (!self.only_usable || o.usable)
    }
}

/// The three selects, the checkbox and the export button.
#[component]
pub fn Filters(filter: Filter, choices: Memo<Choices>, on_export: Callback<()>) -> impl IntoView {
    let c = ctx();
    let kinds = Signal::derive(move || {
        let lang = c.lang();
        let name = |k: &OfferKind| (k.id().to_string(), kind_name(lang, *k).to_string());
        choices.with(|ch| ch.kinds.iter().map(name).collect())
    });
    let providers = Signal::derive(move || {
        choices.with(|ch| {
            ch.providers
                .iter()
                .map(|p| (p.clone(), p.clone()))
                .collect()
        })
    });
    let jurisdictions = Signal::derive(move || {
        let lang = c.lang();
        let name = |j: &String| (j.clone(), jurisdiction_short(lang, j));
        choices.with(|ch| ch.jurisdictions.iter().map(name).collect())
    });
    view! {
        <div class="filters">
            <FilterSelect id="filter-kind" label=T::FilterKind selected=filter.kind options=kinds />
            <FilterSelect id="filter-provider" label=T::FilterProvider selected=filter.provider options=providers />
            <FilterSelect
                id="filter-jurisdiction"
                label=T::FilterJurisdiction
                selected=filter.jurisdiction
                options=jurisdictions
            />
            <div class="field check inline">
                <input
                    type="checkbox"
                    id="filter-fits"
                    prop:checked=move || filter.only_usable.get()
                    on:change=handler(move |ev| filter.only_usable.set(event_target_checked(&ev)))
                />
                <label for="filter-fits">{c.text(T::OnlyFitting)}</label>
            </div>
            <button type="button" id="export-csv" on:click=handler(move |_| on_export.run(()))>
                {c.text(T::ExportCsv)}
            </button>
        </div>
    }
}

/// A select of "All" and `options` (value, text): `selected` holds the value picked ("" for all).
#[component]
fn FilterSelect(
    id: &'static str,
    label: T,
    selected: RwSignal<String>,
    options: Signal<Vec<(String, String)>>,
) -> impl IntoView {
    let c = ctx();
    view! {
        <div class="field inline">
            <label for=id>{c.text(label)}</label>
            <select id=id prop:value=move || selected.get() on:change=handler(move |ev| selected.set(event_target_value(&ev)))>
                <option value="">{c.text(T::All)}</option>
                {move || {
                    options
                        .get()
                        .into_iter()
                        .map(|(value, text)| {
                            let is_selected = selected.get_untracked() == value;
                            view! { <option value=value selected=is_selected>{text}</option> }
                        })
                        .collect_view()
                }}
            </select>
        </div>
    }
}
