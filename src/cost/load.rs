//! The traffic plan of one option: how many copies of the model a request rate needs, each
//! copy's concurrency following from the load instead of a guess (scenario version 4).
//!
//! A copy takes `λ = peak / N` requests a second. Each request holds one of its sequence slots
//! for the time it spends in the system, so by Little's law the copy holds `C = λ x S(C)`
//! sequences, where `S(C) = C / R(C)` is the time a request holds a slot at concurrency `C` and
//! `R(C)` the requests a second the copy completes with `C` slots busy (the speed model's cycle:
//! prefill and decode sharing the copy). The fixed point is where the copy's throughput meets
//! the arrival rate, `R(C) = λ`; `R` grows with `C`, so it is found on the copy's speed curve
//! (a few concurrencies from 1 to the cap, interpolated). The cap is the engine's (`seqs`:
//! vLLM's `max_num_seqs`, llama.cpp's slots) or what the copy's memory holds, the lower.
//!
//! Latency at that load:
//! - per output token: `1,000 / decode speed at C`;
//! - first token, P95: the prompt's prefill and one step (times the hosting's spread), plus two
//!   waits taken at their 95th percentile and added (an upper bound): for a free slot, an M/M/c
//!   queue over the cap's slots each held `S` seconds (Erlang C; `P(W > t) = P_wait e^{-(c/S -
//!   λ) t}`); and for the prompts ahead in the prefill, an M/D/1 queue (prompts of one length:
//!   Pollaczek-Khinchine's mean `ρ t / (2 (1 - ρ))`, with `ρ = λ t` and `t` one prompt at the
//!   busy prefill rate; its tail taken as exponential beyond the share `ρ` that waits).
//!
//! `N` is the fewest copies with the copy under [`MAX_COPY_UTILISATION`] of its throughput at the
//! cap and both targets met; the limit that rules out `N - 1` is the binding one.

use super::nonneg;
pub use crate::words::cost::{AtLoad, Binding};

/// The most of its throughput at the cap a copy is planned for at the peak: beyond it the queue
/// for a slot grows without bound as arrivals bunch (the peak factor already sizes for the busy
/// hour; this keeps a margin inside it).
pub const MAX_COPY_UTILISATION: f64 = 0.9;

/// One copy's speed at one concurrency, on bare metal (the solver applies the hypervisor's tax).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SpeedAt {
    /// Sequences in the batch.
    pub seqs: f64,
    /// Requests a second the copy completes with `seqs` slots busy.
    pub requests_per_s: f64,
    /// Decode speed each user sees, tokens/s (0 for an encoder).
    pub decode_user: f64,
    /// Time to first token once a slot is free (the prompt's prefill and one step), ms.
    pub ttft_ms: f64,
    /// One decode step at this batch is bound by compute (else by reading memory).
    pub compute_bound: bool,
}

impl SpeedAt {
    /// The same point with its speeds at `factor` (its first token `1 / factor` as long).
    pub fn scaled(self, factor: f64) -> SpeedAt {
        SpeedAt {
            requests_per_s: self.requests_per_s * factor,
            decode_user: self.decode_user * factor,
            ttft_ms: self.ttft_ms / factor,
            ..self
        }
    }
}

/// How a copy's speed grows with its concurrency, up to its cap.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpeedCurve {
    /// Points at increasing concurrency from 1, the last at `cap`.
    pub points: Vec<SpeedAt>,
    /// One point beyond the cap (twice it, within what memory holds), to tell whether a higher
    /// engine cap would raise the throughput; `None` when memory sets the cap.
    pub beyond: Option<SpeedAt>,
    /// Sequences a copy takes at once.
    pub cap: f64,
    /// Memory (the KV cache), not the engine's cap, sets `cap`.
    pub cap_by_memory: bool,
    /// The sequences the copy's memory holds (what `cap` was taken from with the engine's).
    pub memory_slots: f64,
    /// Prompt tokens a second the copy prefills when busy (prompts batched).
    pub prefill_tokens_per_s: f64,
}

impl SpeedCurve {
    fn last(&self) -> Option<&SpeedAt> {
        self.points.last()
    }

    /// The point where the copy completes `rps` requests a second (bare metal), interpolated
    /// linearly between the curve's points; below the first point's rate the copy is idle part
    /// of the time (its concurrency below 1, its speeds the first point's). `None` above the cap.
    fn at_rate(&self, rps: f64) -> Option<SpeedAt> {
        let first = *self.points.first()?;
        if rps <= first.requests_per_s {
            let share = if first.requests_per_s > 0.0 {
                rps / first.requests_per_s
            } else {
                0.0
            };
            return Some(SpeedAt {
                seqs: first.seqs * share,
                ..first
            });
        }
        for w in self.points.windows(2) {
            let (a, b) = (w[0], w[1]);
            if rps <= b.requests_per_s {
                let span = b.requests_per_s - a.requests_per_s;
                let f = if span > 0.0 {
                    (rps - a.requests_per_s) / span
                } else {
                    1.0
                };
                let mix = |x: f64, y: f64| x + (y - x) * f;
                return Some(SpeedAt {
                    seqs: mix(a.seqs, b.seqs),
                    requests_per_s: rps,
                    decode_user: mix(a.decode_user, b.decode_user),
                    ttft_ms: mix(a.ttft_ms, b.ttft_ms),
                    compute_bound: if f < 0.5 {
                        a.compute_bound
                    } else {
                        b.compute_bound
                    },
                });
            }
        }
        None
    }
}

/// What the load asks of an option's copies.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Traffic {
    /// Requests a second at peak, over all copies.
    pub peak_rps: f64,
    /// Prompt tokens of a request.
    pub tokens_in: f64,
    /// Decode speed each user needs, tokens/s (0: no target).
    pub min_decode: f64,
    /// P95 time to first token, ms (0: no target).
    pub max_ttft_p95_ms: f64,
    /// Throughput the hypervisor takes, fraction.
    pub tax: f64,
    /// P95 over mean of the time to first token on this hosting.
    pub spread: f64,
    /// The most copies one option may run.
    pub max_copies: u32,
}

/// The copies a load needs and each copy at the peak; `meets` is false when even `max_copies`
/// copies miss a limit (the plan is then at `max_copies`, for reference).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CopyPlan {
    pub copies: u32,
    pub at_load: AtLoad,
    pub meets: bool,
}

/// Why `n` copies do not carry the load (the first limit found).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Miss {
    Throughput,
    Tpot,
    Ttft,
}

/// Each of `n` copies at the peak, and the first limit it breaks.
fn copy_at(curve: &SpeedCurve, t: &Traffic, n: u32) -> (Option<AtLoad>, Option<Miss>) {
    let Some(top) = curve.last() else {
        return (None, Some(Miss::Throughput));
    };
    let keep = (1.0 - nonneg(t.tax)).clamp(0.01, 1.0);
    let lambda = nonneg(t.peak_rps) / n.max(1) as f64;
    let r_max = top.requests_per_s * keep;
    if r_max.is_nan() || r_max <= 0.0 || lambda > MAX_COPY_UTILISATION * r_max {
        return (None, Some(Miss::Throughput));
    }
    let Some(p) = curve.at_rate(lambda / keep) else {
        return (None, Some(Miss::Throughput));
    };
    let slots = curve.cap.max(1.0).floor();
    // Seconds a request holds its slot (Little's law: C = λ S).
    let hold_s = if lambda > 0.0 { p.seqs / lambda } else { 0.0 };
    let slot_p95_s = slot_wait_p95(slots, hold_s, p.seqs / slots);
    let prefill_s = if curve.prefill_tokens_per_s > 0.0 {
        nonneg(t.tokens_in) / (curve.prefill_tokens_per_s * keep)
    } else {
        0.0
    };
    let Some(prefill_p95_s) = prefill_wait_p95(lambda, prefill_s) else {
        return (None, Some(Miss::Throughput));
    };
    let queue_ms = (slot_p95_s + prefill_p95_s) * 1e3;
    let decode = nonneg(p.decode_user) * keep;
    let at = AtLoad {
        requests_per_s: lambda,
        concurrency: nonneg(p.seqs),
        slots,
        utilisation: nonneg(lambda / r_max),
        decode_tokens_per_s: decode,
        tpot_ms: if decode > 0.0 { 1e3 / decode } else { 0.0 },
        ttft_p95_ms: nonneg(p.ttft_ms / keep * t.spread.max(1.0) + queue_ms),
        queue_p95_ms: nonneg(queue_ms),
        binding: Binding::OneCopy,
    };
    let miss = if t.min_decode > 0.0 && decode > 0.0 && decode < t.min_decode {
        Some(Miss::Tpot)
    } else if t.max_ttft_p95_ms > 0.0 && at.ttft_p95_ms > t.max_ttft_p95_ms {
        Some(Miss::Ttft)
    } else {
        None
    };
    (Some(at), miss)
}

/// Each of `n` copies past what it can carry: every slot busy, the arrival rate over its
/// throughput (above [`MAX_COPY_UTILISATION`]); the queue grows without bound, left at 0 (the
/// plan does not meet the load, and says so).
fn saturated(curve: &SpeedCurve, t: &Traffic, n: u32) -> AtLoad {
    let keep = (1.0 - nonneg(t.tax)).clamp(0.01, 1.0);
    let top = curve.last().copied().unwrap_or_default();
    let lambda = nonneg(t.peak_rps) / n.max(1) as f64;
    let r_max = top.requests_per_s * keep;
    let decode = nonneg(top.decode_user) * keep;
    AtLoad {
        requests_per_s: lambda,
        concurrency: curve.cap.max(1.0).floor(),
        slots: curve.cap.max(1.0).floor(),
        utilisation: if r_max > 0.0 {
            nonneg(lambda / r_max)
        } else {
            0.0
        },
        decode_tokens_per_s: decode,
        tpot_ms: if decode > 0.0 { 1e3 / decode } else { 0.0 },
        ttft_p95_ms: nonneg(top.ttft_ms / keep * t.spread.max(1.0)),
        queue_p95_ms: 0.0,
        binding: binding(curve, t, Miss::Throughput),
    }
}

/// P95 wait for one of `slots` slots held `hold_s` seconds each, at occupancy `rho` (M/M/c):
/// `P(W > t) = P_wait e^{-(1 - rho) c t / S}`, with `P_wait` from Erlang C (the mean wait of
/// [`crate::model::mmc_wait_s`] is `P_wait S / (c (1 - rho))`).
fn slot_wait_p95(slots: f64, hold_s: f64, rho: f64) -> f64 {
    if hold_s.is_nan() || hold_s <= 0.0 || rho.is_nan() || rho <= 0.0 {
        return 0.0;
    }
    let rho = rho.min(0.99);
    let c = slots.max(1.0);
    let rate = c * (1.0 - rho) / hold_s;
    let p_wait = crate::model::mmc_wait_s(c as u64, hold_s, rho) * rate;
    if p_wait > 0.05 {
        nonneg((p_wait / 0.05).ln() / rate)
    } else {
        0.0
    }
}

/// P95 wait behind the prompts ahead in the prefill, one prompt taking `prefill_s` seconds, at
/// `lambda` prompts a second (M/D/1; its tail exponential beyond the share that waits); `None`
/// when the prompts alone fill the copy.
fn prefill_wait_p95(lambda: f64, prefill_s: f64) -> Option<f64> {
    let rho = lambda * prefill_s;
    if rho.is_nan() || rho <= 0.0 {
        return Some(0.0);
    }
    if rho >= 0.99 {
        return None;
    }
    let mean = rho * prefill_s / (2.0 * (1.0 - rho));
    Some(if rho > 0.05 {
        nonneg(mean / rho * (rho / 0.05).ln())
    } else {
        0.0
    })
}

/// Why `n - 1` copies would not do, in the plan's terms.
fn binding(curve: &SpeedCurve, t: &Traffic, miss: Miss) -> Binding {
    match miss {
        Miss::Tpot => Binding::TpotTarget,
        Miss::Ttft => Binding::TtftTarget,
        Miss::Throughput => {
            let Some(top) = curve.last() else {
                return Binding::DecodeBandwidth;
            };
            // The prompts' share of a copy's time at the cap: R x in / prefill rate.
            let prefill_share = if curve.prefill_tokens_per_s > 0.0 {
                top.requests_per_s * nonneg(t.tokens_in) / curve.prefill_tokens_per_s
            } else {
                0.0
            };
            let more_slots_help = curve
                .beyond
                .is_some_and(|b| b.requests_per_s > 1.15 * top.requests_per_s);
            if prefill_share >= 0.5 {
                Binding::PrefillCompute
            } else if curve.cap_by_memory {
                Binding::KvMemory
            } else if more_slots_help {
                Binding::EngineCap
            } else if top.compute_bound {
                Binding::DecodeCompute
            } else {
                Binding::DecodeBandwidth
            }
        }
    }
}

/// The fewest copies that carry `t` within every limit (see the module's docs), searched by
/// doubling then bisection (more copies never break a limit fewer met), at most `t.max_copies`.
pub fn plan_copies(curve: &SpeedCurve, t: &Traffic) -> Option<CopyPlan> {
    let top = curve.last()?;
    let keep = (1.0 - nonneg(t.tax)).clamp(0.01, 1.0);
    let max = t.max_copies.max(1);
    let r_max = top.requests_per_s * keep * MAX_COPY_UTILISATION;
    let floor = if r_max > 0.0 {
        (nonneg(t.peak_rps) / r_max).ceil().clamp(1.0, max as f64) as u32
    } else {
        max
    };
    let ok = |n: u32| matches!(copy_at(curve, t, n), (Some(_), None));
    let copies = if ok(floor) {
        floor
    } else {
        let (mut lo, mut hi) = (floor, floor);
        while !ok(hi) && hi < max {
            lo = hi;
            hi = hi.saturating_mul(2).min(max);
        }
        if !ok(hi) {
            return Some(CopyPlan {
                copies: max,
                at_load: copy_at(curve, t, max)
                    .0
                    .unwrap_or_else(|| saturated(curve, t, max)),
                meets: false,
            });
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if ok(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        hi
    };
    let (at, _) = copy_at(curve, t, copies);
    let mut at = at?;
    at.binding = if copies > 1 {
        match copy_at(curve, t, copies - 1) {
            (_, Some(miss)) => binding(curve, t, miss),
            (_, None) => Binding::OneCopy,
        }
    } else {
        Binding::OneCopy
    };
    Some(CopyPlan {
        copies,
        at_load: at,
        meets: true,
    })
}

/// One option's copy as the cost model sees it: its speed curve (bare metal), the hosting's
/// tax and latency spread, and what it completes at its cap after the tax.
pub struct Copy<'a> {
    pub curve: &'a SpeedCurve,
    pub tax: f64,
    pub spread: f64,
    pub replica_rps: f64,
}

/// The copies the demand `w` needs at `peak_rps` (at most `max_copies`, plus its spares), and
/// the need as the option reports it; beyond `max_copies`, one more than they allow (the cost
/// model's server limit turns that into its shortfall). `None` when the copy has no speed.
pub fn need(
    copy: &Copy,
    w: &super::Demand,
    peak_rps: f64,
    max_copies: u32,
) -> Option<(f64, super::LoadNeed)> {
    let traffic = Traffic {
        peak_rps,
        tokens_in: w.tokens_in,
        min_decode: w.min_tokens_per_s_per_user,
        max_ttft_p95_ms: w.max_ttft_p95_ms,
        tax: copy.tax,
        spread: copy.spread,
        max_copies,
    };
    let plan = plan_copies(copy.curve, &traffic)?;
    let need = super::LoadNeed {
        replicas: plan.copies,
        peak_rps,
        bound: super::LoadBound::Throughput {
            replica_rps: copy.replica_rps,
        },
        at_load: Some(plan.at_load),
        spare: w.spare,
    };
    let beyond = if plan.meets { 0.0 } else { 1.0 };
    Some((plan.copies as f64 + beyond + w.spare as f64, need))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy whose throughput grows linearly to 8 sequences and flattens: 1 rps at 1 slot, 5 at
    /// 8; 50 tokens/s per user alone, 30 at 8; 200 ms to the first token.
    fn curve() -> SpeedCurve {
        let p = |seqs: f64, rps: f64, dec: f64| SpeedAt {
            seqs,
            requests_per_s: rps,
            decode_user: dec,
            ttft_ms: 200.0,
            compute_bound: false,
        };
        SpeedCurve {
            points: vec![p(1.0, 1.0, 50.0), p(4.0, 3.0, 40.0), p(8.0, 5.0, 30.0)],
            beyond: Some(p(16.0, 8.0, 20.0)),
            cap: 8.0,
            cap_by_memory: false,
            memory_slots: 100.0,
            prefill_tokens_per_s: 20_000.0,
        }
    }

    fn traffic(peak: f64) -> Traffic {
        Traffic {
            peak_rps: peak,
            tokens_in: 1000.0,
            min_decode: 0.0,
            max_ttft_p95_ms: 0.0,
            tax: 0.0,
            spread: 1.0,
            max_copies: 100,
        }
    }

    #[test]
    fn concurrency_is_where_throughput_meets_the_rate() {
        // 2 rps on one copy: between 1 slot (1 rps) and 4 (3 rps), halfway: 2.5 sequences,
        // 45 tokens/s each; utilisation 2 / 5 = 40%.
        let plan = plan_copies(&curve(), &traffic(2.0)).unwrap();
        assert_eq!(plan.copies, 1);
        let a = plan.at_load;
        assert!((a.concurrency - 2.5).abs() < 1e-9, "{a:?}");
        assert!((a.decode_tokens_per_s - 45.0).abs() < 1e-9);
        assert!((a.utilisation - 0.4).abs() < 1e-9);
        assert!((a.tpot_ms - 1000.0 / 45.0).abs() < 1e-9);
        assert_eq!(a.binding, Binding::OneCopy);
    }

    #[test]
    fn copies_follow_the_rate_and_name_the_limit() {
        // 20 rps at peak; one copy is planned for at most 0.9 x 5 = 4.5 rps: 20 / 4.5 = 4.4 ->
        // 5 copies, each taking 4 rps. The cap (8) binds and twice the slots would give 8 rps
        // (> 1.15 x 5): the engine's cap.
        let plan = plan_copies(&curve(), &traffic(20.0)).unwrap();
        assert_eq!(plan.copies, 5);
        assert!((plan.at_load.requests_per_s - 4.0).abs() < 1e-9);
        assert_eq!(plan.at_load.binding, Binding::EngineCap);
        let mut c = curve();
        c.cap_by_memory = true;
        c.beyond = None;
        assert_eq!(
            plan_copies(&c, &traffic(20.0)).unwrap().at_load.binding,
            Binding::KvMemory
        );
    }

    #[test]
    fn a_speed_target_adds_copies() {
        // 40 tokens/s each: a copy may run at most 4 sequences, 3 rps; 20 / 3 -> 7 copies
        // (each 2.86 rps, 3.86 sequences, 40.7 tokens/s).
        let mut t = traffic(20.0);
        t.min_decode = 40.0;
        let plan = plan_copies(&curve(), &t).unwrap();
        assert_eq!(plan.copies, 7);
        assert_eq!(plan.at_load.binding, Binding::TpotTarget);
        assert!(plan.at_load.decode_tokens_per_s >= 40.0);
    }

    #[test]
    fn the_queue_counts_in_the_first_token() {
        // One copy at 4.4 rps: 3 + 0.7 x 2 -> 6.8 of 8 slots busy (rho 0.85), each held
        // 6.8 / 4.4 = 1.55 s: Erlang C gives P(wait) = 0.56, and the P95 wait
        // ln(0.56 / 0.05) / (8 x 0.15 / 1.55) = 3.1 s; the prefill queue (each prompt 0.05 s,
        // rho = 0.22: M/D/1 mean 0.22 x 0.05 / (2 x 0.78) = 7 ms, P95 = 7 / 0.22 x ln(4.4) =
        // 47 ms) adds to it, and both to the 200 ms of service.
        let plan = plan_copies(&curve(), &traffic(4.4)).unwrap();
        let a = plan.at_load;
        assert!((a.concurrency - 6.8).abs() < 1e-9, "{a:?}");
        assert!(
            a.queue_p95_ms > 2_500.0 && a.queue_p95_ms < 3_600.0,
            "{a:?}"
        );
        assert!((a.ttft_p95_ms - 200.0 - a.queue_p95_ms).abs() < 1e-6);
        // A 500 ms target then needs a second copy.
        let mut t = traffic(4.4);
        t.max_ttft_p95_ms = 500.0;
        let plan = plan_copies(&curve(), &t).unwrap();
        assert_eq!(plan.copies, 2);
        assert_eq!(plan.at_load.binding, Binding::TtftTarget);
    }

    #[test]
    fn beyond_the_most_copies_the_plan_says_it_misses() {
        let mut t = traffic(1000.0);
        t.max_copies = 10;
        let plan = plan_copies(&curve(), &t).unwrap();
        assert!(!plan.meets);
        assert_eq!(plan.copies, 10);
        // 100 rps on a copy that completes 5 at its cap.
        assert!((plan.at_load.utilisation - 20.0).abs() < 1e-9);
    }
}
