//! The owned-hardware assumptions (with `own=1`, inside the assumptions panel): each default as
//! the report states it (`Report::own_assumptions`), editable, empty meaning the default.

use super::app::ctx;
use super::fields::OptionalNumberField;
use super::i18n::T;
use crate::report::OwnAssumptions;
use crate::scenario::fields::{
    AMORT_MONTHS, COLO_KW, FINANCE, KWH_PRICE, OPS, OVERHEAD_W, RESIDUAL, SETUP,
};
use crate::scenario::Assumptions as A;
use leptos::prelude::*;

/// The owned-hardware fields; nothing without `own=1`.
#[component]
pub fn OwnAssumptions() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let own = Memo::new(move |_| c.report.with(|r| r.own_assumptions.clone()));
    let value = move |f: fn(&A) -> Option<f64>| {
        Signal::derive(move || sc.scenario.with(|s| f(&s.assumptions)))
    };
    // A default as a number, or the words for one each server states.
    let shown = move |f: fn(&OwnAssumptions) -> Option<f64>| {
        Signal::derive(move || {
            let lang = c.lang();
            match own.with(|o| o.as_ref().and_then(f)) {
                Some(v) => crate::format::amount(v, lang),
                None => c.t(T::PerServer).to_string(),
            }
        })
    };
    macro_rules! set {
        ($field:ident) => {
            Callback::new(move |v: Option<f64>| sc.edit(|s| s.assumptions.$field = v))
        };
    }
    view! {
        <Show when=move || own.with(Option::is_some)>
            <fieldset class="own-assumptions">
                <legend>
                    {c.text(T::OwnHardware)} " ("
                    {move || own.with(|o| o.as_ref().map(|o| o.site.clone()).unwrap_or_default())}
                    ")"
                </legend>
                <div class="two-col">
                    <OptionalNumberField
                        id="amort-months"
                        label=T::AmortMonths
                        value=value(|a| a.amort_months)
                        default_text=shown(|o| Some(o.amort_months))
                        on_change=set!(amort_months)
                        range=AMORT_MONTHS.range
                    />
                    <OptionalNumberField
                        id="residual"
                        label=T::Residual
                        value=value(|a| a.residual)
                        default_text=shown(|o| Some(o.residual))
                        on_change=set!(residual)
                        range=RESIDUAL.range
                    />
                    <OptionalNumberField
                        id="colo-kw"
                        label=T::ColoKw
                        value=value(|a| a.colo_kw)
                        default_text=shown(|o| o.colo_kw)
                        on_change=set!(colo_kw)
                        range=COLO_KW.range
                    />
                    <OptionalNumberField
                        id="own-kwh"
                        label=T::OwnKwh
                        value=value(|a| a.kwh_price)
                        default_text=shown(|o| o.kwh)
                        on_change=set!(kwh_price)
                        range=KWH_PRICE.range
                    />
                    <OptionalNumberField
                        id="ops"
                        label=T::Ops
                        value=value(|a| a.ops)
                        default_text=shown(|o| Some(o.ops))
                        on_change=set!(ops)
                        range=OPS.range
                    />
                    <OptionalNumberField
                        id="setup"
                        label=T::Setup
                        value=value(|a| a.setup)
                        default_text=shown(|o| Some(o.setup))
                        on_change=set!(setup)
                        range=SETUP.range
                    />
                    <OptionalNumberField
                        id="finance"
                        label=T::Finance
                        value=value(|a| a.finance)
                        default_text=shown(|o| Some(o.finance))
                        on_change=set!(finance)
                        range=FINANCE.range
                    />
                    <OptionalNumberField
                        id="overhead-w"
                        label=T::OverheadW
                        value=value(|a| a.overhead_w)
                        default_text=shown(|o| o.overhead_w)
                        on_change=set!(overhead_w)
                        range=OVERHEAD_W.range
                    />
                </div>
            </fieldset>
        </Show>
    }
}
