//! GPU slices in the report: each slice option's `slice` (kind, shares, memory, words), the
//! memory of one device (the slice's, not the whole GPU's), and the verdict's when it rents one.

use crate::catalog::Catalog;
use crate::cost::{OptionCost, OptionReport, SliceReport};
use crate::lang::Lang;
use crate::plan::Recommendation;
use crate::units::Bytes;

/// The slice an offer of the catalogue rents, priced at `price_per_hour`.
fn slice_of(
    view: &Catalog,
    offer_id: &str,
    price_per_hour: f64,
    lang: Lang,
) -> Option<SliceReport> {
    let o = view.offer(offer_id)?;
    let spec = view.gpu(o.gpu_id()?)?;
    SliceReport::of(o, spec, price_per_hour, lang)
}

/// Slice options name their GPU as the slice ("⅙ of an A10 (vGPU, time-shared)"), so the
/// runner-ups' differences and the table say what is rented.
pub(super) fn name_slices(all: &mut [OptionCost], view: &Catalog, lang: Lang) {
    for o in all {
        if let Some(s) = slice_of(view, &o.offer_id, 0.0, lang) {
            o.gpu_name = Some(s.words);
        }
    }
}

/// Each slice option's `slice` and device memory, and the verdict's: the hardware in words
/// becomes the slice's when the verdict rents one.
pub(super) fn fill(
    options: &mut [OptionReport],
    verdict: Option<&mut Recommendation>,
    view: &Catalog,
    hw_name: String,
    lang: Lang,
) -> String {
    fill_options(options, view, lang);
    verdict
        .and_then(|r| fill_verdict(r, options, lang))
        .unwrap_or(hw_name)
}

/// Each slice option's `slice`, and the memory of its one device.
fn fill_options(options: &mut [OptionReport], view: &Catalog, lang: Lang) {
    for o in options {
        if let Some(s) = slice_of(view, &o.offer_id, o.price_per_hour, lang) {
            o.gpu_memory = Some(Bytes(s.memory_bytes as f64));
            o.slice = Some(s);
        }
    }
}

/// The verdict's slice, its device memory, and the hardware in words ("2 replicas, each ⅙ of an
/// A10 (vGPU, time-shared)"); `None` when the verdict rents whole GPUs.
fn fill_verdict(r: &mut Recommendation, options: &[OptionReport], lang: Lang) -> Option<String> {
    let chosen = options.iter().find(|o| o.offer_id == r.offer_id)?;
    let s = chosen.slice.clone()?;
    // The engine's caveat ends the reasons (`plan::Plan::to_recommendation`).
    let caveat_last = chosen.caveat.is_some() && !r.reasons.is_empty();
    r.gpu_memory = Some(Bytes(s.memory_bytes as f64));
    // What the slice's kind means for the service, before the engine's caveat (if any).
    let why = crate::words::slice::verdict_reason(
        s.kind.is_time_shared(),
        crate::cost::TIME_SLICED_TAIL_FACTOR,
        lang,
    );
    let at = r.reasons.len() - usize::from(caveat_last);
    r.reasons.insert(at.min(r.reasons.len()), why);
    let words = crate::words::slice::deployment(r.replicas, &s.words, lang);
    r.slice = Some(s);
    Some(words)
}
