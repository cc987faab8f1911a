//! A day with busy hours (`busy_from`, `busy_to`, `offpeak`, `min_replicas`): the copies an
//! hourly offer runs follow the load, the peak's in the busy hours and the off-peak rate's
//! outside them (at least `min_replicas`, 0 to scale to zero), and the bill counts the
//! machine-hours that runs plus a cold start for every machine started each day. A fixed fee or a
//! commitment pays for the peak's machines around the clock.
//!
//! A cold start is the machine's boot, the engine's image and the weights read into the GPUs:
//! [`COLD_START_BOOT_S`] + [`COLD_START_IMAGE_S`] + the weights' bytes at
//! [`WEIGHT_LOAD_BYTES_PER_S`].

use super::evaluate::{Costing, Placement, Speeds};
use super::{nonneg, Demand, LoadNeed};
use crate::units::{DAYS_PER_MONTH, HOURS_PER_MONTH};

/// A GPU machine's boot until its container starts, seconds (an assumption: cloud GPU VMs and
/// pods report about a minute).
pub const COLD_START_BOOT_S: f64 = 60.0;
/// Pulling the engine's container image (vLLM's is about 10 GB) at about 100 MB/s, seconds
/// (an assumption; a cached image takes none of it).
pub const COLD_START_IMAGE_S: f64 = 100.0;
/// Reading the weights from a network volume or object store into the GPUs, bytes a second
/// (an assumption: 1 GB/s; a local NVMe copy reads faster, a pull from a hub slower).
pub const WEIGHT_LOAD_BYTES_PER_S: f64 = 1e9;

/// Seconds from starting a machine to its first answer, for weights of `weights_bytes`.
pub fn cold_start_s(weights_bytes: f64) -> f64 {
    COLD_START_BOOT_S + COLD_START_IMAGE_S + nonneg(weights_bytes) / WEIGHT_LOAD_BYTES_PER_S
}

/// The machines an option keeps outside the busy hours: the copies the off-peak rate needs (as
/// the peak's were planned), at least the profile's minimum and at most the peak's, with the
/// spares; `None` without a profile or a request rate.
pub(super) fn off_peak_servers(
    c: &Costing,
    s: &Speeds,
    need: Option<&LoadNeed>,
    servers: u32,
    per_server: u32,
    instances_per_replica: u32,
) -> Option<u32> {
    let w = c.demand;
    let profile = w.profile?;
    let need = need?;
    let off_rps = need.peak_rps * profile.offpeak;
    let copies = if off_rps <= 0.0 || s.replica_rps <= 0.0 {
        0
    } else if need.at_load.is_some() {
        let copy = super::load::Copy {
            curve: &c.sizing.curve,
            tax: s.tax,
            spread: s.spread,
            replica_rps: s.replica_rps,
        };
        let calm = Demand {
            spare: 0,
            ..w.clone()
        };
        super::load::need(&copy, &calm, off_rps, need.replicas.max(1))
            .map_or(need.replicas, |(_, n)| n.replicas)
    } else {
        (off_rps / s.replica_rps)
            .ceil()
            .clamp(1.0, need.replicas.max(1) as f64) as u32
    };
    let copies = copies.max(profile.min_copies).min(need.replicas) + w.spare;
    let machines = if instances_per_replica > 1 {
        copies.saturating_mul(instances_per_replica)
    } else {
        copies.div_ceil(per_server.max(1))
    };
    Some(machines.min(servers))
}

/// Hours billed a month for each of the peak's machines on an hourly offer with a profile: the
/// busy hours on every machine, the rest on the off-peak machines, and a cold start for each
/// machine started every day, over the peak's machines; `None` without a profile.
pub(super) fn billed_hours(c: &Costing, p: &Placement) -> Option<f64> {
    let profile = c.demand.profile?;
    let off = p.servers_off_peak? as f64;
    let servers = p.servers.max(1) as f64;
    let started = (servers - off).max(0.0);
    let cold_h = cold_start_s(c.sizing.weights_bytes as f64) / 3600.0;
    let per_day =
        servers * profile.busy_hours + off * (24.0 - profile.busy_hours) + started * cold_h;
    Some((per_day * DAYS_PER_MONTH / servers).min(HOURS_PER_MONTH))
}
