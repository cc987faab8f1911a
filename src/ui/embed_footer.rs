//! In compact (embedded) mode: where the prices come from and a link to the full calculator.

use super::app::ctx;
use super::i18n::T;
use leptos::prelude::*;

/// The embed footer; nothing outside embed mode.
#[component]
pub fn EmbedFooter() -> impl IntoView {
    let c = ctx();
    let embed = Memo::new(move |_| c.sc.scenario.with(|s| s.embed || s.compact));
    view! {
        <Show when=move || embed.get()>
            {move || {
                let full = c.sc.scenario.with(|s| {
                    let mut s = s.clone();
                    s.embed = false;
                    s.compact = false;
                    super::use_scenario::page_url_with(&s.to_query())
                });
                let prices = c.cat.catalog.with(|cat| {
                    crate::words::provider::prices_from(
                        cat.publisher.as_deref(),
                        &cat.as_of,
                        c.lang(),
                    )
                });
                view! {
                    <p class="embed-footer" id="embed-footer">
                        {prices}
                        " · "
                        <a href=full target="_blank" rel="noopener" id="open-full">{c.t(T::OpenFull)}</a>
                    </p>
                }
            }}
        </Show>
    }
}
