//! Where one copy of the model goes on an offer's machine, beyond the smallest placement: a
//! faster layout when a copy misses its targets, every layout the engine accepts when the load
//! gives each copy its concurrency, or the one the user pins (`tp`).

use super::sizing::{replica_hardware, OfferContext, ReplicaShape};
use crate::catalog::Offer;
use crate::cost;
use crate::model::{self, Efficiency, Hardware, Sizing};
use crate::units::finite_or_zero;
use std::cell::RefCell;

/// The speed curves of one evaluation's sizing (its rented offers and its servers to buy), each
/// computed once: a curve depends only on the hardware of one copy and the efficiency, and many
/// offers share them (every offer of H100s tries a copy on one H100 first; the same machine is
/// sold bare-metal and virtualised).
pub(super) struct Curves<'z> {
    z: &'z Sizing,
    done: RefCell<Vec<(Hardware, Efficiency, cost::load::SpeedCurve)>>,
}

impl<'z> Curves<'z> {
    /// The curves of `z`'s copies.
    pub fn of(z: &'z Sizing) -> Curves<'z> {
        Curves {
            z,
            done: RefCell::default(),
        }
    }

    /// One copy's curve on `hw` with `eff` ([`speed_curve`]), computed on its first use.
    fn curve(&self, hw: &Hardware, eff: &Efficiency) -> cost::load::SpeedCurve {
        let known = self
            .done
            .borrow()
            .iter()
            .find(|(h, e, _)| h == hw && e == eff)
            .map(|(_, _, curve)| curve.clone());
        known.unwrap_or_else(|| {
            let curve = speed_curve(self.z, hw, eff);
            self.done
                .borrow_mut()
                .push((hw.clone(), eff.clone(), curve.clone()));
            curve
        })
    }
}

/// A copy that stays in one machine but misses the speed or latency target takes more of the
/// machine's GPUs, at the next tensor-parallel degree the engine accepts, until it meets them
/// (fewer copies per machine, each faster); if none does, the smallest copy stays.
pub(super) fn faster_shape(
    z: &Sizing,
    o: &Offer,
    at: &OfferContext,
    shape: ReplicaShape,
    hw: Hardware,
) -> (ReplicaShape, Hardware) {
    let Some(g) = o.gpu.as_ref().filter(|g| g.count > 0) else {
        return (shape, hw);
    };
    if shape.machines > 1 || z.workload().task != model::Task::Infer {
        return (shape, hw);
    }
    if at.targets.met_by(o, &z.speed(&hw, at.eff)) {
        return (shape, hw);
    }
    for tp in z.tp_degrees(g.count) {
        if tp <= shape.gpus_per_machine {
            continue;
        }
        let bigger = ReplicaShape {
            gpus_per_machine: tp,
            machines: 1,
            per_machine: (g.count / tp).max(1),
        };
        let Some(bigger_hw) = replica_hardware(o, at.catalog, bigger) else {
            continue;
        };
        if at.targets.met_by(o, &z.speed(&bigger_hw, at.eff)) {
            return (bigger, bigger_hw);
        }
    }
    (shape, hw)
}

/// The concurrencies a copy's speed curve is evaluated at: 1, 2, 4, ... below `cap`, and `cap`.
fn curve_points(cap: u64) -> impl Iterator<Item = u64> {
    let cap = cap.max(1);
    (0..20)
        .map(|k| 1u64 << k)
        .take_while(move |&c| c < cap)
        .chain(std::iter::once(cap))
}

/// How one copy's speed on `hw` grows with its concurrency up to its cap: the engine's
/// (`seqs`) or what memory holds, the lower; with one point beyond an engine's cap.
fn speed_curve(z: &Sizing, hw: &Hardware, eff: &Efficiency) -> cost::load::SpeedCurve {
    let memory = z.max_concurrency(hw).max(1);
    let engine = z.workload().seqs.max(1);
    let cap = engine.min(memory);
    let beyond = (memory > engine).then(|| (engine * 2).min(memory));
    let at: Vec<u64> = curve_points(cap).chain(beyond).collect();
    let mut speeds = z.speeds_at(hw, eff, &at);
    let point = |sp: &model::Speed, c: u64| cost::load::SpeedAt {
        seqs: c as f64,
        requests_per_s: finite_or_zero(sp.requests_per_s),
        decode_user: finite_or_zero(sp.decode_tokens_per_s_per_user),
        ttft_ms: finite_or_zero(sp.ttft_ms),
        compute_bound: sp.bound == "compute",
    };
    let beyond = beyond.and_then(|c| speeds.pop().map(|sp| point(&sp, c)));
    let prefill = speeds
        .first()
        .map_or(0.0, |sp| finite_or_zero(sp.prefill_tokens_per_s));
    cost::load::SpeedCurve {
        points: speeds
            .iter()
            .zip(curve_points(cap))
            .map(|(sp, c)| point(sp, c))
            .collect(),
        beyond,
        cap: cap as f64,
        cap_by_memory: memory < engine,
        memory_slots: memory as f64,
        prefill_tokens_per_s: prefill,
    }
}

/// Where a copy goes when the load gives each copy its concurrency: every layout of the machine
/// the engine accepts (one copy on the smallest tensor-parallel degree that holds the model,
/// or on 2, 4, 8 GPUs, the machine holding as many copies as fit), each planned for the load
/// ([`cost::load::plan_copies`]); the layout that needs the fewest machines wins, then the one
/// with the shortest P95 time to first token. A pinned `tp` is the only layout tried (when it
/// holds the model and divides the machine). A copy over several machines keeps its layout.
pub(super) fn load_shape(
    z: &Sizing,
    o: &Offer,
    at: &OfferContext,
    shape: ReplicaShape,
    hw: Hardware,
    eff: &Efficiency,
) -> (ReplicaShape, Hardware, cost::load::SpeedCurve) {
    // The curves are `z`'s: the evaluation sizes every offer with one sizing.
    debug_assert!(std::ptr::eq(z, at.curves.z));
    let Some(g) = o
        .gpu
        .as_ref()
        .filter(|g| g.count > 0 && shape.machines == 1)
    else {
        let curve = at.curves.curve(&hw, eff);
        return (shape, hw, curve);
    };
    let t = &at.targets;
    let traffic = cost::load::Traffic {
        peak_rps: t.peak_rps,
        tokens_in: t.tokens_in,
        min_decode: t.min_decode,
        max_ttft_p95_ms: t.max_ttft_p95_ms,
        tax: t.defaults.tax.of(o.virtualization),
        spread: t.defaults.latency_spread.of_offer(o, false),
        max_copies: t.defaults.max_servers.saturating_mul(g.count),
    };
    let mut layouts = vec![shape];
    for tp in z.tp_degrees(g.count) {
        if tp > shape.gpus_per_machine && g.slice.is_none() {
            layouts.push(ReplicaShape {
                gpus_per_machine: tp,
                machines: 1,
                per_machine: (g.count / tp).max(1),
            });
        }
    }
    if let Some(pin) = t.tp {
        if let Some(l) = layouts.iter().find(|l| l.gpus_per_machine == pin) {
            layouts = vec![*l];
        }
    }
    let mut best: Option<Planned> = None;
    for l in layouts {
        let Some(lhw) = replica_hardware(o, at.catalog, l) else {
            continue;
        };
        let curve = at.curves.curve(&lhw, eff);
        let score = match cost::load::plan_copies(&curve, &traffic) {
            Some(p) => (
                !p.meets,
                p.copies.div_ceil(l.per_machine.max(1)),
                p.at_load.ttft_p95_ms,
            ),
            None => (true, u32::MAX, f64::MAX),
        };
        let better = best.as_ref().is_none_or(|b| {
            let b = b.score;
            (score.0, score.1) < (b.0, b.1) || ((score.0, score.1) == (b.0, b.1) && score.2 < b.2)
        });
        if better {
            best = Some(Planned {
                shape: l,
                hw: lhw,
                curve,
                score,
            });
        }
    }
    match best {
        Some(p) => (p.shape, p.hw, p.curve),
        None => {
            let curve = at.curves.curve(&hw, eff);
            (shape, hw, curve)
        }
    }
}

/// One layout planned for the load, and how it ranks: whether it misses the load even at the
/// most copies, the machines it takes, its P95 time to first token at peak.
struct Planned {
    shape: ReplicaShape,
    hw: Hardware,
    curve: cost::load::SpeedCurve,
    score: (bool, u32, f64),
}

/// A pinned tensor-parallel degree (`tp`) as the copy's shape on a machine of `count` GPUs,
/// when the engine accepts it there and it is at least the smallest that holds the model.
pub(super) fn pinned_shape(
    z: &Sizing,
    shape: ReplicaShape,
    count: u32,
    tp: u32,
) -> Option<ReplicaShape> {
    (shape.machines == 1 && tp >= shape.gpus_per_machine && z.tp_degrees(count).contains(&tp))
        .then_some(ReplicaShape {
            gpus_per_machine: tp,
            machines: 1,
            per_machine: (count / tp).max(1),
        })
}
