//! Model picker: a search box over the catalogue's preset models, grouped by family, size shown.

use super::app::{ctx, handler};
use super::i18n::T;
use crate::format::count;
use crate::model::ModelArch;
use leptos::prelude::*;

/// The family a preset belongs to, for grouping: the first word of its name (Llama, Qwen2.5, ...).
fn family_of(m: &ModelArch) -> String {
    m.name
        .split_whitespace()
        .next()
        .unwrap_or(&m.id)
        .trim_end_matches(['-', ':'])
        .to_string()
}

/// Search and pick a preset model.
#[component]
pub fn ModelPicker() -> impl IntoView {
    let c = ctx();
    let query = RwSignal::new(String::new());
    let groups = Memo::new(move |_| {
        let q = query.get();
        let mut groups: Vec<(String, Vec<(String, String)>)> = Vec::new();
        c.cat.catalog.with(|cat| {
            for m in cat
                .models
                .iter()
                .filter(|m| crate::model::presets::matches_query(m, &q))
            {
                let fam = family_of(m);
                // The published count where there is one, else the architecture's own count.
                let size = m
                    .official_params
                    .or(m.params)
                    .unwrap_or_else(|| crate::model::param_counts(m).total)
                    as f64;
                let size = (size > 0.0).then_some(size);
                let lang = c.sc.lang.get_untracked();
                let label = match size {
                    Some(p) => format!("{} · {}", m.name, count(p, lang)),
                    None => m.name.clone(),
                };
                match groups.iter_mut().find(|(f, _)| *f == fam) {
                    Some((_, items)) => items.push((m.id.clone(), label)),
                    None => groups.push((fam, vec![(m.id.clone(), label)])),
                }
            }
        });
        groups
    });
    let selected = Memo::new(move |_| c.sc.scenario.with(|s| s.model.clone()));
    view! {
        <fieldset class="panel model-picker">
            <legend>{c.text(T::Model)}</legend>
            <div class="field">
                <label for="model-search">{c.text(T::SearchModels)}</label>
                <input
                    type="search"
                    id="model-search"
                    aria-controls="model"
                    autocomplete="off"
                    prop:value=move || query.get()
                    on:input=handler(move |ev| query.set(event_target_value(&ev)))
                />
            </div>
            <div class="field">
                <label for="model" class="visually-hidden">{c.text(T::Model)}</label>
                <select
                    id="model"
                    size="7"
                    prop:value=move || selected.get()
                    on:change=handler(move |ev| {
                        let id = event_target_value(&ev);
                        if !id.is_empty() {
                            c.sc.edit(|s| {
                                s.model = id;
                                s.params_b = None;
                                s.arch = Default::default();
                            });
                        }
                    })
                >
                    {move || {
                        let current = selected.get();
                        groups
                            .get()
                            .into_iter()
                            .map(|(family, items)| {
                                view! {
                                    <optgroup label=family>
                                        {items
                                            .into_iter()
                                            .map(|(id, label)| {
                                                let is = id == current;
                                                view! { <option value=id selected=is>{label}</option> }
                                            })
                                            .collect_view()}
                                    </optgroup>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </div>
        </fieldset>
    }
}
