//! Speed: tokens per second per user and in aggregate, time to first token, and what the figures
//! rest on (the step's terms, the fitted shares, the nearest published runs, the range from the
//! model's held-out error on runs of its class), and the engine's benchmark command to check them.

use super::app::ctx;
use super::i18n::T;
use crate::format::{number, significant};
use leptos::prelude::*;

/// The speed figures.
#[component]
pub fn Speed() -> impl IntoView {
    let c = ctx();
    let tp = Memo::new(move |_| c.report.with(|r| r.throughput.clone()));
    // An encoder (embeddings, reranking) generates no tokens: it answers requests, reading their
    // tokens, and its latency is the time to answer one.
    let encoder = Memo::new(move |_| c.report.with(|r| r.model.family == "encoder"));
    // "35 tok/s (28-44)": the range from the held-out error of runs of its class.
    let per_user = move || {
        let lang = c.lang();
        if encoder.get() {
            return tp.with(|t| format!("{} req/s", significant(t.requests_per_s, lang)));
        }
        tp.with(|t| {
            let v = significant(t.decode_tokens_per_s_per_user, lang);
            match t.basis.as_ref().and_then(|b| b.range.as_ref()) {
                Some(r) => format!(
                    "{v} tok/s ({}-{})",
                    significant(r.per_user_low, lang),
                    significant(r.per_user_high, lang)
                ),
                None => format!("{v} tok/s"),
            }
        })
    };
    let aggregate = move || {
        let lang = c.lang();
        if encoder.get() {
            return tp.with(|t| format!("{} tok/s", number(t.prefill_tokens_per_s, 0, lang)));
        }
        tp.with(|t| {
            let v = number(t.aggregate_tokens_per_s, 0, lang);
            match t.basis.as_ref().and_then(|b| b.range.as_ref()) {
                Some(r) => format!(
                    "{v} tok/s ({}-{})",
                    number(r.aggregate_low, 0, lang),
                    number(r.aggregate_high, 0, lang)
                ),
                None => format!("{v} tok/s"),
            }
        })
    };
    view! {
        <section class="card speed" id="speed" aria-labelledby="speed-title">
            <h2 id="speed-title">{c.text(T::Speed)}</h2>
            <dl class="stats">
                <div>
                    <dt>{c.text(if encoder.get() { T::EncoderRequests } else { T::PerUser })}</dt>
                    <dd id="speed-user">{per_user}</dd>
                </div>
                <div>
                    <dt>{c.text(if encoder.get() { T::EncoderPrompt } else { T::Aggregate })}</dt>
                    <dd id="speed-aggregate">{aggregate}</dd>
                </div>
                <div>
                    <dt>{c.text(if encoder.get() { T::EncoderLatency } else { T::Ttft })}</dt>
                    <dd id="speed-ttft">{move || format!("{} ms", number(tp.with(|t| t.ttft_ms), 0, c.lang()))}</dd>
                </div>
            </dl>
            <p class="hint">
                {move || {
                    let hw = tp.with(|t| t.hardware.clone());
                    (!hw.is_empty()).then(|| format!("{} {hw}", c.t(T::On)))
                }}
            </p>
            <ul class="hint speed-basis" id="speed-basis">
                {move || {
                    let lang = c.lang();
                    tp.with(|t| {
                        t.basis
                            .as_ref()
                            .map(|b| b.sentences(lang))
                            .unwrap_or_default()
                            .into_iter()
                            .map(|s| view! { <li>{s}</li> })
                            .collect::<Vec<_>>()
                    })
                }}
            </ul>
            {move || {
                let cmd = tp.with(|t| t.basis.as_ref().map(|b| b.benchmark.clone()).unwrap_or_default());
                (!cmd.is_empty()).then(|| view! {
                    <details class="hint speed-check" id="speed-check">
                        <summary>{c.text(T::SpeedCheck)}</summary>
                        <pre id="speed-bench"><code>{cmd}</code></pre>
                    </details>
                })
            }}
        </section>
    }
}
