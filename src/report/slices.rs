//! GPU slices in the report: each slice option's `slice` (kind, shares, memory, words), the
//! memory of one device (the slice's, not the whole GPU's), and the verdict's when it rents one.

use crate::catalog::{Catalog, Offer};
use crate::cost::{OptionCost, OptionReport, SliceReport};
use crate::lang::Lang;
use crate::plan::Reason;
use crate::units::Bytes;

/// The offers of the catalogue that rent a slice of a GPU: a few of its hundreds, looked up for
/// every option.
struct Sliced<'c> {
    view: &'c Catalog,
    offers: Vec<&'c Offer>,
}

impl<'c> Sliced<'c> {
    fn of(view: &'c Catalog) -> Sliced<'c> {
        Sliced {
            view,
            offers: view
                .offers
                .iter()
                .filter(|o| o.gpu_slice().is_some())
                .collect(),
        }
    }

    /// The slice offer `offer_id` rents, priced at `price_per_hour`; `None` for a whole GPU.
    fn slice(&self, offer_id: &str, price_per_hour: f64, lang: Lang) -> Option<SliceReport> {
        let o = *self.offers.iter().find(|o| o.id == offer_id)?;
        // The catalogue's offer of that id (its first) is this one.
        if !std::ptr::eq(self.view.offer(offer_id)?, o) {
            return None;
        }
        let spec = self.view.gpu(o.gpu_id()?)?;
        SliceReport::of(o, spec, price_per_hour, lang)
    }
}

/// Slice options name their GPU as the slice ("⅙ of an A10 (vGPU, time-shared)"), so the
/// runner-ups' differences and the table say what is rented.
pub(super) fn name_slices(all: &mut [OptionCost], view: &Catalog, lang: Lang) {
    let sliced = Sliced::of(view);
    for o in all {
        if let Some(s) = sliced.slice(&o.offer_id, 0.0, lang) {
            o.gpu_name = Some(s.words);
        }
    }
}

/// Each slice option's `slice` and device memory; when the verdict (`chosen`) rents a slice, the
/// hardware in words becomes the slice's ("2 replicas, each ⅙ of an A10 (vGPU, time-shared)")
/// and the verdict gains the reason that says what the slice's kind means for the service.
pub(super) fn fill(
    options: &mut [OptionReport],
    chosen: Option<&str>,
    view: &Catalog,
    hw_name: String,
    lang: Lang,
) -> (String, Option<Reason>) {
    fill_options(options, view, lang);
    let slice = chosen
        .and_then(|id| options.iter().find(|o| o.offer_id == id))
        .and_then(|o| o.slice.as_ref().map(|s| (o.replicas, s)));
    match slice {
        Some((replicas, s)) => (
            crate::words::slice::deployment(replicas, &s.words, lang),
            Some(Reason::Slice {
                time_shared: s.kind.is_time_shared(),
                tail_factor: crate::cost::TIME_SLICED_TAIL_FACTOR,
            }),
        ),
        None => (hw_name, None),
    }
}

/// Each slice option's `slice`, and the memory of its one device.
fn fill_options(options: &mut [OptionReport], view: &Catalog, lang: Lang) {
    let sliced = Sliced::of(view);
    for o in options {
        if let Some(s) = sliced.slice(&o.offer_id, o.price_per_hour, lang) {
            o.gpu_memory = Some(Bytes(s.memory_bytes as f64));
            o.slice = Some(s);
        }
    }
}
