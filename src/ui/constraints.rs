//! Constraints: EU jurisdiction and single tenancy (always shown), interruptible capacity, community hosts, owned hardware, the longest commitment
//! accepted, single tenancy, allowed GPUs and offer kinds.

use super::app::{ctx, handler};
use super::disclosure::Disclosure;
use super::fields::{CheckField, OptionalNumberField};
use super::i18n::{kind_name, T};
use crate::catalog::OfferKind;
use crate::scenario::fields::MAX_TERM;
use crate::scenario::Tenancy;
use leptos::prelude::*;

/// Adds or removes `id` from a list of allowed ids.
fn toggle(list: &mut Vec<String>, id: &str, on: bool) {
    list.retain(|x| x != id);
    if on {
        list.push(id.to_string());
    }
}

/// The constraints a buyer states first, near the top of the inputs and always open: EU
/// jurisdiction and single-tenant hardware.
#[component]
pub fn WhereItRuns() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    view! {
        <fieldset class="panel where" id="where">
            <legend>{c.text(T::WhereItRuns)}</legend>
            <CheckField
                id="eu"
                label=T::EuOnly
                checked=Signal::derive(move || sc.scenario.with(|s| s.eu))
                on_change=Callback::new(move |v: bool| sc.edit(|s| s.eu = v))
            />
            <CheckField
                id="single-tenant"
                label=T::SingleTenant
                checked=Signal::derive(move || sc.scenario.with(|s| s.tenancy == Tenancy::Single))
                on_change=Callback::new(move |v: bool| {
                    sc.edit(|s| s.tenancy = if v { Tenancy::Single } else { Tenancy::Any })
                })
            />
        </fieldset>
    }
}

/// The other constraints, in a panel that opens.

#[component]
pub fn Constraints() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let gpus = Memo::new(move |_| {
        c.cat.catalog.with(|cat| {
            cat.gpus
                .iter()
                .map(|g| (g.id.clone(), g.name.clone()))
                .collect::<Vec<_>>()
        })
    });
    // The allowed lists, so an edit elsewhere does not re-check every box.
    let kinds = Memo::new(move |_| sc.scenario.with(|s| s.kinds.clone()));
    let allowed_gpus = Memo::new(move |_| sc.scenario.with(|s| s.gpus.clone()));
    view! {
        <Disclosure class="panel constraints" id="constraints" summary=T::Constraints>
            <CheckField
                id="spot"
                label=T::AllowSpot
                checked=Signal::derive(move || sc.scenario.with(|s| s.allows_interruptions()))
                on_change=Callback::new(move |v: bool| sc.edit(|s| s.spot = Some(v)))
            />
            <CheckField
                id="community"
                label=T::AllowCommunity
                checked=Signal::derive(move || sc.scenario.with(|s| s.community))
                on_change=Callback::new(move |v: bool| sc.edit(|s| s.community = v))
            />
            <CheckField
                id="own"
                label=T::IncludeOwn
                checked=Signal::derive(move || sc.scenario.with(|s| s.own))
                on_change=Callback::new(move |v: bool| sc.edit(|s| s.own = v))
            />
            <OptionalNumberField
                id="max-term"
                label=T::MaxTerm
                value=Signal::derive(move || sc.scenario.with(|s| s.max_term))
                default_text=Signal::derive(move || c.t(T::AnyTerm).to_string())
                on_change=Callback::new(move |v: Option<f64>| sc.edit(|s| s.max_term = v))
                range=MAX_TERM.range
            />
            <fieldset class="checklist">
                <legend>{c.text(T::AllowedKinds)}</legend>
                {OfferKind::ALL
                    .iter()
                    .map(|k| {
                        let (kind, id) = (*k, k.id());
                        let dom_id = format!("kind-{id}");
                        view! {
                            <div class="check">
                                <input
                                    type="checkbox"
                                    id=dom_id.clone()
                                    prop:checked=move || kinds.with(|k| k.iter().any(|x| x == id))
                                    on:change=handler(move |ev| {
                                        let on = event_target_checked(&ev);
                                        sc.edit(|s| toggle(&mut s.kinds, id, on));
                                    })
                                />
                                <label for=dom_id>{move || kind_name(c.lang(), kind)}</label>
                            </div>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <fieldset class="checklist">
                <legend>{c.text(T::AllowedGpus)}</legend>
                {move || {
                    gpus.get()
                        .into_iter()
                        .map(|(id, name)| {
                            let dom_id = format!("gpu-{id}");
                            let id_check = id.clone();
                            view! {
                                <div class="check">
                                    <input
                                        type="checkbox"
                                        id=dom_id.clone()
                                        prop:checked=move || allowed_gpus.with(|g| g.contains(&id_check))
                                        on:change=handler(move |ev| {
                                            let on = event_target_checked(&ev);
                                            sc.edit(|s| toggle(&mut s.gpus, &id, on));
                                        })
                                    />
                                    <label for=dom_id>{name}</label>
                                </div>
                            }
                        })
                        .collect_view()
                }}
            </fieldset>
        </Disclosure>
    }
}
