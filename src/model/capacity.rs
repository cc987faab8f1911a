//! The capacity searches: the most concurrent sequences ([`Sizing::max_concurrency`]) and the
//! longest context ([`Sizing::max_context`]) that fit on given hardware.

use super::numbers::Layout;
use super::placement::capacity;
use super::sizing::Sizing;
use super::workload::Hardware;

/// Most concurrent sequences [`Sizing::max_concurrency`] looks for.
const MAX_SEQS: u64 = 1_000_000;

/// Longest context [`Sizing::max_context`] looks for when the model states none, tokens.
const MAX_CONTEXT: u64 = 10_000_000;

impl Sizing {
    /// Most concurrent sequences of the workload's context that fit on `hw` (0 if not even
    /// one), up to 10^6.
    ///
    /// Memory grows with the sequences (linearly for most engines, piecewise where a batch cap
    /// or a reserve starts to bite), so the limit is estimated from the growth between 1 and 2
    /// sequences and confirmed around the estimate: 3-4 evaluations instead of a bisection's
    /// ~22. The answer is the one bisection finds (the test `concurrency_search_matches_bisection`
    /// compares them).
    pub fn max_concurrency(&self, hw: &Hardware) -> u64 {
        let (per_device, cap) = self.per_device_at(hw);
        let fits = |s: u64| per_device(s) <= cap;
        // Figures and capacity come through `finite`: never NaN.
        let one = per_device(1);
        if one > cap {
            return 0;
        }
        if cap >= 1e300 {
            return largest(MAX_SEQS, fits);
        }
        // Memory can stay flat over the first sequences: a KV cache sized for the tokens in
        // flight holds at least one full context, so 1 and 2 requests of 1,250 tokens need the
        // same as one of 8,192. Walk up by doubling to where it grows (a few evaluations), then
        // estimate from that growth as below.
        let (mut a, mut va) = (1u64, one);
        let (mut b, mut vb) = (2u64, per_device(2));
        // `fits` is monotone, so any search finds bisection's answer, when every term is a
        // non-decreasing function of the sequences built from correctly rounded (monotone)
        // operations: true except for SGLang's reserve (need - used), whose rounding is a few ulps
        // of the total, far below a step of more than 1e-10 of the capacity; and `finite` clamps
        // an overflow to f64::MAX / 1e6, above any capacity under 1e300.
        while vb <= cap && vb - va <= cap * 1e-10 {
            if b >= MAX_SEQS {
                return MAX_SEQS;
            }
            (a, va) = (b, vb);
            b = b.saturating_mul(2).min(MAX_SEQS);
            vb = per_device(b);
        }
        if vb > cap {
            // The limit lies between a (fits) and b (does not).
            return bisect(a, b, &fits);
        }
        let step = (vb - va) / (b - a) as f64;
        let guess = ((cap - vb) / step).floor() + b as f64;
        let guess = if guess >= MAX_SEQS as f64 {
            MAX_SEQS
        } else {
            (guess as u64).max(b)
        };
        largest_near(MAX_SEQS, b, guess, fits)
    }

    /// Longest context per sequence (at the workload's sequences) that fits on `hw`, up to the
    /// model's `max_position` when known (else 10^7 tokens); 0 if nothing fits.
    pub fn max_context(&self, hw: &Hardware) -> u64 {
        let (at, cap) = self.search_layout(hw);
        let limit = match self.shape.context_limit {
            0 => MAX_CONTEXT,
            known => known.min(MAX_CONTEXT),
        };
        let seqs = self.wl.seqs;
        largest(limit, |ctx| self.numbers(at, ctx, seqs).per_device() <= cap)
    }

    /// How the searches spread the model on `hw` (the states on the TP x PP devices), and the
    /// memory of one device.
    fn search_layout(&self, hw: &Hardware) -> (Layout, f64) {
        let at = match hw {
            Hardware::Gpu {
                per_server,
                servers,
                ..
            } => {
                let (tp, pp) = self.split(*per_server, *servers);
                Layout::gpus(tp, pp, tp * pp)
            }
            Hardware::Cpu { .. } => Layout::CPU,
        };
        (at, capacity(hw))
    }

    /// The memory one device holds for `s` sequences of the workload on `hw`, and the device's
    /// capacity (bytes): what the concurrency search compares.
    fn per_device_at(&self, hw: &Hardware) -> (impl Fn(u64) -> f64 + '_, f64) {
        let (at, cap) = self.search_layout(hw);
        let ctx = self.wl.ctx;
        (move |s: u64| self.numbers(at, ctx, s).per_device(), cap)
    }
}

/// Largest value in `1..=max` for which `fits` holds (0 if none), for a monotone predicate.
fn largest(max: u64, fits: impl Fn(u64) -> bool) -> u64 {
    if max == 0 || !fits(1) {
        return 0;
    }
    if fits(max) {
        return max;
    }
    bisect(1, max, &fits)
}

/// Largest value in `lo..=max` for which the monotone `fits` holds, given that it holds at `lo`:
/// tries `guess`, then gallops away from it (steps 1, 2, 4, ...) to bracket the answer and
/// bisects the bracket.
fn largest_near(max: u64, mut lo: u64, guess: u64, fits: impl Fn(u64) -> bool) -> u64 {
    let guess = guess.clamp(lo, max);
    // `hi`: the smallest value known not to fit, if any.
    let mut hi = None;
    if guess > lo {
        if fits(guess) {
            lo = guess;
        } else {
            hi = Some(guess);
        }
    }
    let mut step = 1u64;
    let hi = match hi {
        Some(mut h) => {
            // Down from a guess that does not fit.
            loop {
                let probe = h - step.min(h - lo);
                if probe == lo {
                    break h;
                }
                if fits(probe) {
                    lo = probe;
                    break h;
                }
                h = probe;
                step = step.saturating_mul(2);
            }
        }
        None => loop {
            // Up from a value that fits.
            if lo == max {
                return max;
            }
            let probe = lo.saturating_add(step).min(max);
            if !fits(probe) {
                break probe;
            }
            lo = probe;
            step = step.saturating_mul(2);
        },
    };
    bisect(lo, hi, &fits)
}

/// Largest value in `lo..hi` for which the monotone `fits` holds, given that it holds at `lo`
/// and not at `hi`.
fn bisect(mut lo: u64, mut hi: u64, fits: &impl Fn(u64) -> bool) -> u64 {
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::KvBasis;
    use crate::model::{
        builtin_presets, ArchFamily, Engine, EngineConstants, GpuFigures, KvType, ModelArch, Quant,
        Task, Workload,
    };
    use crate::units::{Bytes, GIB};
    use proptest::prelude::*;
    use std::cell::Cell;

    /// The search before the estimate, kept as the reference: `largest` (bisection) over 1..=10^6.
    fn max_concurrency_bisect(z: &Sizing, hw: &Hardware) -> u64 {
        let (per_device, cap) = z.per_device_at(hw);
        largest(1_000_000, |s| per_device(s) <= cap)
    }

    fn field() -> impl Strategy<Value = u64> {
        prop_oneof![
            Just(0u64),
            Just(1u64),
            0u64..100_000,
            Just(u32::MAX as u64),
            Just(u64::MAX),
        ]
    }

    /// A preset, a bare parameter count or architecture fields that can be anything.
    fn models() -> impl Strategy<Value = ModelArch> {
        let presets = builtin_presets();
        let n = presets.len();
        prop_oneof![
            3 => (0..n).prop_map(move |i| presets[i].clone()),
            1 => (1_000_000u64..2_000_000_000_000).prop_map(|p| ModelArch::params_only("x", p)),
            1 => (
                prop::sample::select(vec![
                    ArchFamily::Dense,
                    ArchFamily::Moe,
                    ArchFamily::GptOss,
                    ArchFamily::DeepseekMla,
                    ArchFamily::Encoder,
                    ArchFamily::ParamsOnly,
                ]),
                prop::collection::vec(field(), 10),
            )
                .prop_map(|(family, v)| ModelArch {
                    family,
                    hidden: v[0],
                    layers: v[1],
                    heads: v[2],
                    kv_heads: v[3],
                    ffn: v[4],
                    vocab: v[5],
                    experts: v[6],
                    experts_active: v[7],
                    kv_lora_rank: v[8],
                    window: v[9],
                    params: Some(v[0]),
                    ..ModelArch::default()
                }),
        ]
    }

    /// Memory per GPU or server, GiB: 1/8 GiB to 16 PiB, and values a catalogue or URL can hold.
    fn memories() -> impl Strategy<Value = f64> {
        prop_oneof![
            6 => (-3.0f64..24.0).prop_map(|e| e.exp2()),
            1 => prop::sample::select(vec![0.0, 1e-9, 80.0, 1e12, 1e290, f64::MAX, f64::INFINITY, f64::NAN, -5.0]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// The estimated search returns bisection's answer for any model, workload and hardware.
        #[test]
        fn concurrency_search_matches_bisection(
            a in models(),
            quant in prop::sample::select(Quant::ALL.to_vec()),
            kv in prop::sample::select(KvType::ALL.to_vec()),
            engine in prop::sample::select(Engine::ALL.to_vec()),
            task in prop::sample::select(Task::ALL.to_vec()),
            ctx in prop_oneof![Just(0u64), 1u64..64, 1u64..1_000_000, Just(u64::MAX)],
            tokens_in in prop_oneof![Just(0u64), 1u64..100_000],
            grad_checkpointing in any::<bool>(),
            mem in memories(),
            per_server in prop_oneof![Just(0u32), 1u32..=8, Just(16u32)],
            servers in prop_oneof![1u32..=4, Just(64u32)],
            fractions in (0.0f64..1.2, 0.0f64..1.2, 0.0f64..1.2),
            batched in prop_oneof![Just(8192u64), 0u64..100_000],
            flash_attention in any::<bool>(),
            defaults in any::<bool>(),
            kv_basis in prop::sample::select(vec![KvBasis::Full, KvBasis::Inflight]),
        ) {
            let wl = Workload {
                quant, kv, engine, task, ctx, tokens_in, grad_checkpointing, kv_basis,
                native_default: false,
                ..Workload::default()
            };
            let c = if defaults {
                EngineConstants::default()
            } else {
                EngineConstants {
                    vllm_gpu_memory_utilization: fractions.0,
                    sglang_mem_fraction_static: fractions.1,
                    trtllm_free_gpu_memory_fraction: fractions.2,
                    max_batched_tokens: batched,
                    llamacpp_flash_attention: flash_attention,
                    ..EngineConstants::default()
                }
            };
            let z = Sizing::new(&a, &wl, &c);
            let gpu = GpuFigures { memory: Bytes(mem * GIB), ..GpuFigures::with_memory_gib(80.0) };
            for hw in [
                Hardware::Gpu { gpu, per_server, servers },
                Hardware::Cpu { ram_bytes: Bytes(mem * GIB), bandwidth_gbs: 100.0, cores: 16, avx512: true, amx: false },
            ] {
                let fast = z.max_concurrency(&hw);
                let slow = max_concurrency_bisect(&z, &hw);
                prop_assert_eq!(fast, slow, "{:?} {:?} {:?}", a.family, wl, hw);
            }
        }

        /// The bracketing search alone, on thresholds anywhere (edges included) and any guess.
        #[test]
        fn largest_near_finds_the_threshold(
            max in prop_oneof![Just(1u64), Just(2u64), 2u64..2_000_000, Just(u64::MAX)],
            t in any::<u64>(), lo in any::<u64>(), guess in any::<u64>(),
        ) {
            let lo = 1 + lo % max;
            let t = lo + t % (max - lo + 1);
            let calls = Cell::new(0u32);
            let found = largest_near(max, lo, guess, |s| {
                calls.set(calls.get() + 1);
                s <= t
            });
            prop_assert_eq!(found, t);
            prop_assert!(calls.get() <= 2 * 64 + 2, "{} calls", calls.get());
        }
    }

    /// An exact estimate costs two evaluations of the bracket.
    #[test]
    fn an_exact_guess_costs_two_evaluations() {
        let calls = Cell::new(0u32);
        let fits = |s: u64| {
            calls.set(calls.get() + 1);
            s <= 1234
        };
        assert_eq!(largest_near(1_000_000, 2, 1234, fits), 1234);
        assert_eq!(calls.get(), 2);
    }
}
