//! The memory breakdown as a stacked bar against the chosen hardware's capacity, with the range
//! of every term that is not exact, and its legend. Widths are SVG attributes (no inline style),
//! so a strict `style-src 'self'` holds.

use super::app::ctx;
use super::i18n::term_name;
use crate::report::MemoryTerm;
use leptos::prelude::*;

/// SVG user units across the bar.
const WIDTH: f64 = 1000.0;

/// The terms stacked left to right, each with its range, and the capacity as a rule.
#[component]
pub fn MemoryStack(
    terms: Vec<MemoryTerm>,
    /// Bytes needed in all.
    total: f64,
    /// Bytes of every GPU of the recommendation together, when there is one.
    capacity: Option<f64>,
    /// The figures in words, the bar's accessible name.
    summary: String,
) -> impl IntoView {
    let c = ctx();
    let lang = c.lang();
    let high: f64 = terms.iter().map(|t| t.high_bytes.max(t.bytes) as f64).sum();
    let scale_max = [total, high, capacity.unwrap_or(0.0)]
        .into_iter()
        .fold(1.0_f64, f64::max);
    let scale = WIDTH / scale_max;
    let mut x = 0.0;
    let segments: Vec<_> = terms
        .iter()
        .map(|term| {
            let w = term.bytes as f64 * scale;
            let seg = (
                term.key.id(),
                x,
                w,
                term.low_bytes as f64 * scale,
                term.high_bytes as f64 * scale,
            );
            x += w;
            seg
        })
        .collect();
    view! {
        <svg
            class="stacked-bar"
            viewBox=format!("0 0 {WIDTH} 48")
            preserveAspectRatio="none"
            role="img"
            aria-label=summary
        >
            {segments
                .into_iter()
                .map(|(key, start, w, low, high)| {
                    view! {
                        <rect class=format!("seg seg-{key}") x=start y="8" width=w.max(0.0) height="24"></rect>
                        {(high > low)
                            .then(|| {
                                view! { <line class="range" x1=start + low x2=start + high y1="38" y2="38"></line> }
                            })}
                    }
                })
                .collect_view()}
            {capacity
                .map(|cap| {
                    let cx = cap * scale;
                    view! { <line class="capacity" x1=cx x2=cx y1="0" y2="48"></line> }
                })}
        </svg>
        <ul class="legend">
            {terms
                .iter()
                .map(|t| {
                    view! {
                        <li>
                            <svg class="swatch" viewBox="0 0 10 10" aria-hidden="true">
                                <rect class=format!("seg seg-{}", t.key.id()) width="10" height="10"></rect>
                            </svg>
                            {term_name(lang, t.key)}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
