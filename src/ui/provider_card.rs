//! The host's provider's pick (`report.provider_pick`), in provider mode (`pick=provider`) or
//! the compact embed (`compact=1`): its best fitting offer first, the market's cheapest beside
//! it in the same card (never hidden), and the provider's offers. Every figure and sentence is
//! the report's; this only lays them out.

use super::app::ctx;
use crate::format::money;
use crate::scenario::PickFrom;
use leptos::prelude::*;

/// The provider's card; nothing without a provider, or outside provider and compact modes.
#[component]
pub fn ProviderCard() -> impl IntoView {
    let c = ctx();
    let shown = Memo::new(move |_| {
        c.sc.scenario
            .with(|s| s.pick == PickFrom::Provider || s.compact)
    });
    move || {
        if !shown.get() {
            return None;
        }
        let lang = c.lang();
        let cur = c.sc.scenario.with(|s| s.cur);
        c.report.with(|r| {
            let p = r.provider_pick.as_ref()?;
            let offers = p
                .offers
                .iter()
                .map(|o| {
                    let class = if o.usable { "usable" } else { "no-fit" };
                    let chosen = p.offer_id.as_deref() == Some(o.offer_id.as_str());
                    view! {
                        <li class=class data-offer=o.offer_id.clone() aria-current=chosen.then_some("true")>
                            <strong>{o.name.clone()}</strong>
                            " · "
                            {money(o.monthly_cost, cur, lang)}
                            <span class="note">{format!(": {}", o.note)}</span>
                        </li>
                    }
                })
                .collect_view();
            Some(view! {
                <section
                    class="card provider-pick"
                    id="provider-pick"
                    data-leads=p.leads.to_string()
                    aria-labelledby="provider-pick-title"
                >
                    <h2 id="provider-pick-title">{p.headline.clone()}</h2>
                    <p class="provider-pick-market" id="provider-pick-market">
                        {p.market_line.clone()}
                    </p>
                    <h3>{p.offers_title.clone()}</h3>
                    <ul class="provider-offers" id="provider-offers">{offers}</ul>
                </section>
            })
        })
    }
}
