//! Speed: tokens per second per user and in aggregate, time to first token.

use super::app::ctx;
use super::i18n::T;
use crate::format::{number, significant};
use leptos::prelude::*;

/// The speed figures.
#[component]
pub fn Speed() -> impl IntoView {
    let c = ctx();
    let tp = Memo::new(move |_| c.report.with(|r| r.throughput.clone()));
    view! {
        <section class="card speed" id="speed" aria-labelledby="speed-title">
            <h2 id="speed-title">{move || c.t(T::Speed)}</h2>
            <dl class="stats">
                <div>
                    <dt>{move || c.t(T::PerUser)}</dt>
                    <dd id="speed-user">
                        {move || format!("{} tok/s", significant(tp.with(|t| t.decode_tokens_per_s_per_user), c.lang()))}
                    </dd>
                </div>
                <div>
                    <dt>{move || c.t(T::Aggregate)}</dt>
                    <dd id="speed-aggregate">
                        {move || format!("{} tok/s", number(tp.with(|t| t.aggregate_tokens_per_s), 0, c.lang()))}
                    </dd>
                </div>
                <div>
                    <dt>{move || c.t(T::Ttft)}</dt>
                    <dd id="speed-ttft">{move || format!("{} ms", number(tp.with(|t| t.ttft_ms), 0, c.lang()))}</dd>
                </div>
            </dl>
            <p class="hint">
                {move || {
                    let hw = tp.with(|t| t.hardware.clone());
                    (!hw.is_empty()).then(|| format!("{} {hw}", c.t(T::On)))
                }}
            </p>
        </section>
    }
}
