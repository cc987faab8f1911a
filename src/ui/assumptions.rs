//! The assumptions panel: every cost default visible and editable; empty means the default.

use super::app::ctx;
use super::disclosure::Disclosure;
use super::fields::{NumberField, OptionalNumberField};
use super::i18n::T;
use crate::scenario::fields::{
    BW_EFF, EGRESS_GB, FLOPS_EFF, KWH_PRICE, MONITORING, MONTHS, PEAK, PUE, STORAGE_GB, VM_TAX,
};
use crate::scenario::Assumptions as A;
use leptos::prelude::*;

/// The default behind each assumption, as the cost model and the engine constants define it;
/// `None` where the default is derived from the rest of the scenario.
#[derive(Clone, Debug, PartialEq, Default)]
struct AssumptionDefaults {
    egress_gb: Option<f64>,
    storage_gb: Option<f64>,
    monitoring: Option<f64>,
    peak: Option<f64>,
    bw_eff: Option<f64>,
    flops_eff: Option<f64>,
    vm_tax: Option<f64>,
    kwh_price: Option<f64>,
    pue: Option<f64>,
}

fn defaults_for(engine: crate::model::Engine) -> AssumptionDefaults {
    let cost = crate::cost::CostDefaults::default();
    let eff = crate::model::Efficiency::for_engine(engine);
    AssumptionDefaults {
        peak: Some(cost.peak_factor),
        bw_eff: Some(eff.bandwidth),
        flops_eff: Some(eff.compute),
        vm_tax: Some(cost.tax.vm),
        pue: Some(cost.pue),
        kwh_price: cost.kwh_price,
        ..AssumptionDefaults::default()
    }
}

/// Assumption inputs and the horizon.
#[component]
pub fn Assumptions() -> impl IntoView {
    let c = ctx();
    let sc = c.sc;
    let value = move |f: fn(&A) -> Option<f64>| {
        Signal::derive(move || sc.scenario.with(|s| f(&s.assumptions)))
    };
    let defaults = Memo::new(move |_| sc.scenario.with(|s| defaults_for(s.engine)));
    let shown = move |f: fn(&AssumptionDefaults) -> Option<f64>| {
        Signal::derive(move || {
            let lang = c.lang();
            match defaults.with(f) {
                Some(v) => crate::format::number(v, if v.abs() >= 100.0 { 0 } else { 2 }, lang),
                None => c.t(T::Derived).to_string(),
            }
        })
    };
    macro_rules! set {
        ($field:ident) => {
            Callback::new(move |v: Option<f64>| sc.edit(|s| s.assumptions.$field = v))
        };
    }
    view! {
        <Disclosure class="panel assumptions" id="assumptions" summary=T::Assumptions>
            <p class="hint">{c.text(T::AssumptionsHint)}</p>
            <div class="two-col">
                <NumberField
                    id="months"
                    label=T::Horizon
                    value=Signal::derive(move || sc.scenario.with(|s| s.months))
                    on_change=Callback::new(move |v: f64| sc.edit(|s| s.months = v))
                    range=MONTHS.range
                />
                <OptionalNumberField
                    id="egress-gb"
                    label=T::EgressGb
                    value=value(|a| a.egress_gb)
                    default_text=shown(|d| d.egress_gb)
                    on_change=set!(egress_gb)
                    range=EGRESS_GB.range
                />
                <OptionalNumberField
                    id="storage-gb"
                    label=T::StorageGb
                    value=value(|a| a.storage_gb)
                    default_text=shown(|d| d.storage_gb)
                    on_change=set!(storage_gb)
                    range=STORAGE_GB.range
                />
                <OptionalNumberField
                    id="monitoring"
                    label=T::Monitoring
                    value=value(|a| a.monitoring)
                    default_text=shown(|d| d.monitoring)
                    on_change=set!(monitoring)
                    range=MONITORING.range
                />
                <OptionalNumberField
                    id="peak"
                    label=T::PeakFactor
                    value=value(|a| a.peak)
                    default_text=shown(|d| d.peak)
                    on_change=set!(peak)
                    range=PEAK.range
                />
                <OptionalNumberField
                    id="bw-eff"
                    label=T::BwEff
                    value=value(|a| a.bw_eff)
                    default_text=shown(|d| d.bw_eff)
                    on_change=set!(bw_eff)
                    range=BW_EFF.range
                />
                <OptionalNumberField
                    id="flops-eff"
                    label=T::FlopsEff
                    value=value(|a| a.flops_eff)
                    default_text=shown(|d| d.flops_eff)
                    on_change=set!(flops_eff)
                    range=FLOPS_EFF.range
                />
                <OptionalNumberField
                    id="vm-tax"
                    label=T::VmTax
                    value=value(|a| a.vm_tax)
                    default_text=shown(|d| d.vm_tax)
                    on_change=set!(vm_tax)
                    range=VM_TAX.range
                />
                // One control for `kwh`: with owned hardware in the comparison, the field of
                // the owned-hardware fieldset below edits it, with the site's rate as default.
                <Show when=move || !sc.scenario.with(|s| s.own)>
                    <OptionalNumberField
                        id="kwh-price"
                        label=T::KwhPrice
                        value=value(|a| a.kwh_price)
                        default_text=shown(|d| d.kwh_price)
                        on_change=set!(kwh_price)
                        range=KWH_PRICE.range
                    />
                </Show>
                <OptionalNumberField
                    id="pue"
                    label=T::Pue
                    value=value(|a| a.pue)
                    default_text=shown(|d| d.pue)
                    on_change=set!(pue)
                    range=PUE.range
                />
            </div>
            <super::own_assumptions::OwnAssumptions />
        </Disclosure>
    }
}
