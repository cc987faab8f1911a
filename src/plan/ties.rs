//! Near-ties: among the usable options within [`NEAR_TIE`] of the cheapest objective (the monthly
//! cost, or the job's cost when fine-tuning), the plan prefers the shorter commitment (a minimum
//! term over a month against none), then fewer machines, then fewer GPUs (GPU options serving a
//! load only, and only while the one with fewer carries its peak at no more than [`BUSY`] of its
//! capacity), then more headroom (concurrent requests held in memory; serving only), then the
//! faster option; only when none of these tells them apart does the cheapest win. Fewer GPUs
//! before headroom: at the same price and the same number of machines, both sized for the peak
//! and the targets, a buyer takes the smaller machine (a smaller tensor-parallel group, fewer
//! parts to fail, less power, easier to rent again) rather than spare memory they did not ask
//! for. Headroom and speed keep the options within [`DECISIVE`] of the best on them, so they
//! decide only on a difference a buyer would weigh against the price (62 against 70 requests in
//! memory is noise; 350 against 2,169 is not). The rule that set the cheapest aside is the one the
//! reasons name.

use crate::cost::OptionCost;
pub use crate::words::plan::{Pace, TieRule};

/// Options within this share of the cheapest objective are a near-tie (10%).
pub const NEAR_TIE: f64 = 0.10;

/// Headroom or speed decides a near-tie only when the best is more than this much above the
/// cheapest (25%).
pub const DECISIVE: f64 = 0.25;

/// Fewer GPUs decide a near-tie only while the option with fewer carries its peak at no more than
/// this share of what a copy completes with every slot busy (80%): beyond it the spare capacity
/// of the larger machine is worth its GPUs.
pub const BUSY: f64 = 0.80;

/// Why the plan chose an option other than the cheapest.
#[derive(Clone, Debug, PartialEq)]
pub struct TieBreak<'a> {
    /// The cheapest usable option, set aside.
    pub cheapest: &'a OptionCost,
    pub rule: TieRule,
}

/// The option to choose among `sorted` (usable options, cheapest objective first, not empty):
/// its index, and the tie-break when it is not the cheapest.
pub fn pick<'a>(sorted: &[&'a OptionCost], job: bool) -> (usize, Option<TieBreak<'a>>) {
    let Some(&cheapest) = sorted.first() else {
        return (0, None);
    };
    let limit = cheapest.objective() * (1.0 + NEAR_TIE);
    let mut keep: Vec<usize> = (0..sorted.len())
        .filter(|&i| sorted[i].objective() <= limit)
        .collect();
    if keep.len() < 2 {
        return (0, None);
    }
    // A shorter commitment: a term saves little within the margin and binds a buyer for its
    // whole length (a month-to-month rental is no commitment).
    let term = |o: &OptionCost| {
        if o.term_months > 1.0 {
            o.term_months
        } else {
            0.0
        }
    };
    let shortest = keep
        .iter()
        .map(|&i| term(sorted[i]))
        .fold(f64::INFINITY, f64::min);
    keep.retain(|&i| term(sorted[i]) <= shortest);
    if keep[0] != 0 {
        let chosen = sorted[keep[0]];
        let rule = TieRule::ShorterTerm {
            chosen: term(chosen),
            cheapest: term(cheapest),
        };
        return (keep[0], Some(TieBreak { cheapest, rule }));
    }
    // Fewer machines.
    let fewest = keep.iter().map(|&i| sorted[i].servers).min().unwrap_or(0);
    keep.retain(|&i| sorted[i].servers == fewest);
    if keep[0] != 0 {
        let chosen = sorted[keep[0]];
        let rule = TieRule::FewerMachines {
            chosen: chosen.servers,
            cheapest: cheapest.servers,
        };
        return (keep[0], Some(TieBreak { cheapest, rule }));
    }
    // Fewer GPUs, among GPU options serving a load that are not busy at its peak (a job takes
    // the faster: its GPUs are paid by the hour either way).
    let gpu_only = keep
        .iter()
        .all(|&i| sorted[i].deployment != crate::cost::Deployment::Cpu && sorted[i].gpu_count > 0);
    if gpu_only && !job {
        let calm = |o: &OptionCost| {
            o.load_need
                .as_ref()
                .and_then(|n| n.at_load)
                .is_none_or(|a| a.utilisation <= BUSY)
        };
        let fewest = keep
            .iter()
            .filter(|&&i| calm(sorted[i]))
            .map(|&i| sorted[i].gpu_count)
            .min();
        // The calm option with the fewest GPUs stays, so `keep` is never emptied.
        if let Some(fewest) = fewest {
            keep.retain(|&i| sorted[i].gpu_count == fewest && calm(sorted[i]));
            if keep[0] != 0 {
                let chosen = sorted[keep[0]];
                let rule = TieRule::FewerGpus {
                    chosen: chosen.gpu_count,
                    cheapest: cheapest.gpu_count,
                };
                return (keep[0], Some(TieBreak { cheapest, rule }));
            }
        }
    }
    // More headroom, then faster: the options within NEAR_TIE of the best on each. Requests
    // that fit in a CPU server's RAM say nothing of its throughput: with a CPU option in the tie
    // the headroom compared is the throughput's at the load (capacity over the load).
    let cpu = keep
        .iter()
        .any(|&i| sorted[i].deployment == crate::cost::Deployment::Cpu);
    let headroom: Measure = if cpu { throughput_headroom } else { headroom };
    let measures: [(Measure, bool); 2] = [(headroom, false), (speed, true)];
    for (measure, is_speed) in measures {
        let Some(best) = keep
            .iter()
            .filter_map(|&i| measure(sorted[i], job))
            .max_by(f64::total_cmp)
        else {
            continue;
        };
        keep.retain(|&i| measure(sorted[i], job).is_some_and(|m| m * (1.0 + DECISIVE) >= best));
        if keep.first() != Some(&0) {
            let Some(&first) = keep.first() else {
                return (0, None);
            };
            let chosen = sorted[first];
            let rule = if is_speed {
                pace(chosen, cheapest, job)
            } else if cpu {
                TieRule::MoreCapacity {
                    chosen: throughput_headroom(chosen, job).unwrap_or(0.0),
                    cheapest: throughput_headroom(cheapest, job).unwrap_or(0.0),
                }
            } else {
                TieRule::MoreHeadroom {
                    chosen: chosen.sequences_held,
                    cheapest: cheapest.sequences_held,
                }
            };
            return (first, Some(TieBreak { cheapest, rule }));
        }
    }
    (0, None)
}

/// A figure an option is compared on (more is better), `None` where it has none; the flag: a job.
type Measure = fn(&OptionCost, bool) -> Option<f64>;

/// Concurrent requests held in memory over all the copies (serving only; more is better).
fn headroom(o: &OptionCost, job: bool) -> Option<f64> {
    (!job && o.sequences_held > 0.0).then_some(o.sequences_held)
}

/// Capacity over the load at peak (serving only; more is better): 1 / the share in use.
fn throughput_headroom(o: &OptionCost, job: bool) -> Option<f64> {
    (!job && o.utilisation > 0.0 && o.utilisation.is_finite()).then(|| 1.0 / o.utilisation)
}

/// Speed, more is better: the job's time to result (its hours and its start-up) inverted; each user's decode speed; for a model that
/// generates no tokens, its P95 time to answer inverted.
fn speed(o: &OptionCost, job: bool) -> Option<f64> {
    let inverse = |x: f64| (x > 0.0 && x.is_finite()).then(|| 1.0 / x);
    if job {
        o.job.and_then(|j| inverse(j.hours + j.startup_hours))
    } else if o.decode_tokens_per_s_per_user > 0.0 {
        Some(o.decode_tokens_per_s_per_user)
    } else {
        inverse(o.ttft_ms_p95)
    }
}

/// The speeds the reasons quote, in the measure that decided.
fn pace(chosen: &OptionCost, cheapest: &OptionCost, job: bool) -> TieRule {
    let hours = |o: &OptionCost| o.job.map_or(0.0, |j| j.hours + j.startup_hours);
    let (pace, a, b) = if job {
        (Pace::JobHours, hours(chosen), hours(cheapest))
    } else if chosen.decode_tokens_per_s_per_user > 0.0 {
        (
            Pace::TokensPerSecond,
            chosen.decode_tokens_per_s_per_user,
            cheapest.decode_tokens_per_s_per_user,
        )
    } else {
        (Pace::P95Ms, chosen.ttft_ms_p95, cheapest.ttft_ms_p95)
    };
    TieRule::Faster {
        pace,
        chosen: a,
        cheapest: b,
    }
}
