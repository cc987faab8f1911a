//! The memory card: what the model needs against what the recommended hardware holds, how far
//! that hardware stretches, then the breakdown as a stacked bar and as a table.

use super::app::{ctx, handler};
use super::i18n::T;
use super::memory_stack::MemoryStack;
use super::memory_table::MemoryTable;
use crate::format::bytes;
use crate::model::KvBasis;
use crate::words::memory::{kv_basis_choice, kv_basis_label};
use leptos::prelude::*;

/// Memory needed, by term.
#[component]
pub fn MemoryBar() -> impl IntoView {
    let c = ctx();
    let data = Memo::new(move |_| {
        c.report.with(|r| {
            // The memory is one copy's: every GPU of one replica (across machines over a fabric)
            // holds a share of it.
            let capacity = r.recommendation.as_ref().and_then(|rec| {
                let gpus = if rec.gpus_per_replica > 0 {
                    rec.gpus_per_replica
                } else {
                    rec.gpu_count
                };
                Some((rec.gpu_memory?, gpus.max(1)))
            });
            (r.memory.clone(), capacity)
        })
    });
    let basis = Memo::new(move |_| c.sc.scenario.with(|s| s.kv_basis));
    view! {
        <section class="card memory" id="memory" aria-labelledby="memory-title">
            <h2 id="memory-title">{c.text(T::Memory)}</h2>
            // What the KV cache is sized for (`kv_basis`): the term's basis says both figures.
            // A setting: left off paper, as the inputs are.
            <div class="settings">
                <div class="field inline kv-basis">
                    <label for="kv-basis">{move || kv_basis_label(c.lang())}</label>
                    <select
                        id="kv-basis"
                        prop:value=move || basis.get().id()
                        on:change=handler(move |ev| {
                            if let Some(b) = KvBasis::parse(&event_target_value(&ev)) {
                                c.sc.edit(|s| s.kv_basis = b);
                            }
                        })
                    >
                        {KvBasis::ALL
                            .iter()
                            .map(|b| {
                                let b = *b;
                                view! {
                                    <option value=b.id() selected=move || basis.get() == b>
                                        {move || kv_basis_choice(b == KvBasis::Inflight, c.lang())}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </div>
            </div>
            {move || {
                let lang = c.lang();
                let (memory, capacity) = data.get();
                let total = memory.total_bytes as f64;
                let all_gpus = capacity.map(|(one, n)| one.0 * n as f64);
                let summary = match capacity {
                    Some((one, n)) => format!(
                        "{}: {} · {}: {} ({n} × {})",
                        c.t(T::MemoryNeeded),
                        bytes(total, lang),
                        c.t(T::Capacity),
                        bytes(one.0 * n as f64, lang),
                        bytes(one.0, lang),
                    ),
                    None => format!("{}: {}", c.t(T::MemoryNeeded), bytes(total, lang)),
                };
                view! {
                    <p class="memory-summary" id="memory-total">{summary.clone()}</p>
                    {memory
                        .headroom
                        .as_ref()
                        .map(|h| view! { <p class="hint" id="memory-headroom">{h.sentence(lang)}</p> })}
                    <MemoryStack terms=memory.terms.clone() total=total capacity=all_gpus summary=summary />
                    <MemoryTable terms=memory.terms />
                }
            }}
        </section>
    }
}
