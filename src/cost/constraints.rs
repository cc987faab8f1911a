//! The user's constraints an offer breaks (jurisdiction, tenancy, interruptible capacity,
//! community hosts for a 24/7 service, GPUs, kinds, terms), each an [`Exclusion`] the option keeps
//! with its reason.

use super::{nonneg, Demand, Exclusion};
use crate::catalog::{Offer, OfferKind};
use crate::model::Task;

/// The user's constraints this offer breaks.
pub fn exclusions(offer: &Offer, demand: &Demand) -> Vec<Exclusion> {
    let c = &demand.constraints;
    let mut out = Vec::new();
    if c.eu_jurisdiction && !offer.eu_jurisdiction() {
        out.push(Exclusion::NotEuJurisdiction {
            jurisdiction: offer.jurisdiction.clone(),
        });
    }
    if c.single_tenant && !offer.single_tenant {
        out.push(Exclusion::NotSingleTenant);
    }
    if !c.interruptible && is_interruptible(offer) {
        out.push(Exclusion::Interruptible);
    }
    if let Some(class) = offer.reliability_class.filter(|r| r.is_unmanaged()) {
        // A 24/7 service on hosts without a datacentre SLA: the provider's own words (RunPod's
        // Community Cloud "no datacentre SLA", Vast.ai's hosts "from individuals with a single
        // gaming PC to Tier-4 datacenters"). A job checkpoints; a service of fewer hours is
        // watched while it runs.
        if !c.community && demand.task == Task::Infer && demand.is_steady() {
            out.push(Exclusion::UnmanagedHost { class: class.id() });
        }
    }
    if !c.gpus.is_empty() {
        let gpu = offer.gpu_id().unwrap_or("cpu");
        if !c.gpus.iter().any(|g| g.trim().eq_ignore_ascii_case(gpu)) {
            out.push(Exclusion::GpuNotAllowed {
                gpu: gpu.to_string(),
            });
        }
    }
    if !c.kinds.is_empty() && !c.kinds.contains(&offer.kind) {
        out.push(Exclusion::KindNotAllowed {
            kind: offer.kind.id(),
        });
    }
    // Owned hardware has no term: it is bought, and what ties the buyer is its payback.
    if let Some(allowed) = c.max_term_months.filter(|_| offer.kind != OfferKind::Own) {
        let term = nonneg(offer.min_term_months);
        if term > allowed {
            out.push(Exclusion::TermTooLong {
                months: term,
                allowed,
            });
        }
    }
    out
}

/// Whether the provider may stop the offer's machines at short notice: a spot offer, one the
/// catalogue marks `interruptible` (nodes that can disconnect at any time), or one whose name
/// says preemptible, interruptible or spot (notes are not read: an on-demand row's notes often
/// quote the spot price beside it).
pub fn is_interruptible(offer: &Offer) -> bool {
    offer.kind == OfferKind::CloudSpot
        || offer.interruptible
        // Its words, split on bytes (a non-ASCII character's bytes separate words as the
        // character would): this runs for every offer of every evaluation.
        || offer
            .name
            .as_bytes()
            .split(|b| !b.is_ascii_alphanumeric())
            .any(|w| {
                [&b"spot"[..], b"preemptible", b"interruptible"]
                    .iter()
                    .any(|k| w.eq_ignore_ascii_case(k))
            })
}

/// Tensor parallelism above 2 over PCIe on GeForce cards (RTX 4090, 5090: ids `nvidia_rtx_`
/// then a digit) carries a caveat: no NVLink, and the driver enables no peer-to-peer between
/// GeForce cards, so a TP4 or TP8 copy's all-reduces go through the host.
pub(super) fn geforce_tensor_parallel(
    offer: &Offer,
    tp: u32,
) -> Option<crate::model::compat::Degraded> {
    let id = offer.gpu_id()?;
    let geforce = id
        .strip_prefix("nvidia_rtx_")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    (geforce && tp > 2).then_some(crate::model::compat::Degraded::GeforceTensorParallel)
}
