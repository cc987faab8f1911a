//! Memory on given hardware: the totals ([`Sizing::memory_figures`], the per-offer fast path)
//! and the full breakdown with its terms, each with a range, a provenance and the basis it rests
//! on ([`Sizing::memory`]).

use super::numbers::{Layout, Num, Numbers};
use super::options::{Engine, Task};
use super::placement::capacity;
use super::sizing::Sizing;
use super::workload::Hardware;
use super::{MemoryTerm, Provenance, TermKey};
use crate::lang::Lang;
use crate::units::Bytes;

pub use crate::words::memory::TermBasis;

/// One term of the memory breakdown, with its range where it is not exact.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// `weights`, `kv_cache`, `activations`, `overhead`, `reserve`, `gradients`, `optimizer`,
    /// `adapters`, `os_reserve`.
    pub key: &'static str,
    /// Over all devices.
    pub bytes: Bytes,
    pub low: Bytes,
    pub high: Bytes,
    pub provenance: Provenance,
    /// Where the figure comes from; [`Term::written`] says it in words.
    pub basis: TermBasis,
}

impl Term {
    /// The term as the report shows it, its basis written in `lang`.
    pub fn written(&self, lang: Lang) -> MemoryTerm {
        MemoryTerm {
            // Every key the breakdown writes is a `TermKey` (tests/report.rs checks them all);
            // anything else is the engine's overhead, which is what the breakdown sums it into.
            key: TermKey::parse(self.key).unwrap_or(TermKey::Overhead),
            bytes: self.bytes.whole(),
            low_bytes: self.low.whole(),
            high_bytes: self.high.whole(),
            provenance: self.provenance,
            basis: self.basis.sentence(lang),
        }
    }
}

/// The memory answer for a workload on some hardware.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryBreakdown {
    /// In display order; sums to `total`. Empty from [`Sizing::memory_figures`].
    pub terms: Vec<Term>,
    pub weights: Bytes,
    /// Full-attention KV bytes per token per sequence at the chosen element type (0 for encoders).
    pub kv_bytes_per_token: Bytes,
    /// The KV cache on the workload's basis (the tokens in flight, or every sequence at `ctx`).
    pub kv_cache: Bytes,
    /// The KV cache if every sequence held its full `ctx` at once (equal to `kv_cache` on the
    /// full basis): the worst case.
    pub kv_cache_full_context: Bytes,
    pub activations: Bytes,
    /// Everything else: runtime, framework reserve, training states, OS reserve.
    pub overhead: Bytes,
    pub total: Bytes,
    /// The most loaded device (GPU, or the CPU server's RAM).
    pub per_device: Bytes,
    pub device_capacity: Bytes,
    pub devices: u32,
    pub tp: u32,
    pub pp: u32,
    pub fits: bool,
}

impl Sizing {
    /// Memory on `hw`, term by term.
    pub fn memory(&self, hw: &Hardware) -> MemoryBreakdown {
        let at = self.layout(hw);
        let n = self.numbers(at, self.wl.ctx, self.wl.seqs);
        let full = n.kv.v * at.devices.max(1) as f64 * self.kv_full_ratio();
        let terms = self.terms(&n, at, full);
        self.figures(&n, at, capacity(hw), terms)
    }

    /// [`Sizing::memory`] without the terms (`terms` is empty, nothing is allocated): the
    /// figures alone, for callers that size many offers or context lengths.
    pub fn memory_figures(&self, hw: &Hardware) -> MemoryBreakdown {
        let at = self.layout(hw);
        let n = self.numbers(at, self.wl.ctx, self.wl.seqs);
        self.figures(&n, at, capacity(hw), Vec::new())
    }

    /// The KV cache with every sequence at its full context over the one sized (1 on the full
    /// basis).
    fn kv_full_ratio(&self) -> f64 {
        let (ctx, seqs) = (self.wl.ctx, self.wl.seqs);
        let sized = self.kv_bytes(ctx, seqs);
        if !self.kv_in_flight() || sized <= 0.0 {
            return 1.0;
        }
        let full =
            crate::model::kv::kv_cache_bytes(&self.kv, ctx, seqs, self.wl.engine, &self.consts);
        super::formats::finite(full / sized).max(1.0)
    }

    /// The totals of a breakdown from its per-device numbers.
    fn figures(&self, n: &Numbers, at: Layout, cap: f64, terms: Vec<Term>) -> MemoryBreakdown {
        let finite = super::formats::finite;
        let d = at.devices.max(1) as f64;
        let per_device = n.per_device();
        let weights = finite(n.weights_total.v);
        let total = finite(per_device * d - n.weights.v * d + weights);
        let kv_cache = finite(n.kv.v * d);
        let kv_cache_full_context = finite(kv_cache * self.kv_full_ratio());
        let activations = finite(n.activations.v * d);
        MemoryBreakdown {
            terms,
            weights: Bytes(weights),
            kv_bytes_per_token: Bytes(finite(self.kv.bytes_per_token_at(self.wl.ctx))),
            kv_cache: Bytes(kv_cache),
            kv_cache_full_context: Bytes(kv_cache_full_context),
            activations: Bytes(activations),
            overhead: Bytes(finite(total - weights - kv_cache - activations)),
            total: Bytes(total),
            per_device: Bytes(per_device),
            device_capacity: Bytes(cap),
            devices: at.devices.min(u32::MAX as u64) as u32,
            tp: at.tp.min(u32::MAX as u64) as u32,
            pp: at.pp.min(u32::MAX as u64) as u32,
            fits: per_device <= cap,
        }
    }

    /// The terms over all devices, in display order: weights and KV cache always, the others
    /// when they hold anything.
    fn terms(&self, n: &Numbers, at: Layout, kv_full_context: f64) -> Vec<Term> {
        let d = at.devices.max(1) as f64;
        let wt = n.weights_total;
        // The towers (vision, audio) are weights shown as their own term.
        let finite = super::formats::finite;
        let towers = finite(self.weights.towers).min(finite(wt.v));
        let mut terms = Vec::with_capacity(10);
        terms.push(Term {
            key: "weights",
            bytes: Bytes(wt.v - towers),
            low: Bytes((wt.lo - towers).max(0.0)),
            high: Bytes((wt.hi - towers).max(0.0)),
            provenance: self.weights.provenance,
            basis: TermBasis::Weights(self.weights.basis),
        });
        if towers > 0.0 {
            terms.push(Term {
                key: "towers",
                bytes: Bytes(towers),
                low: Bytes(towers),
                high: Bytes(towers),
                provenance: Provenance::Exact,
                basis: TermBasis::Towers,
            });
        }
        let mut push = |key: &'static str, num: Num, provenance, basis: Option<TermBasis>| {
            let Some(basis) = basis else { return };
            if num.v > 0.0 || key == "kv_cache" {
                let t = num.scale(d);
                terms.push(Term {
                    key,
                    bytes: Bytes(t.v),
                    low: Bytes(t.lo),
                    high: Bytes(t.hi),
                    provenance,
                    basis,
                });
            }
        };
        let kv_basis = self.kv_basis(kv_full_context, at.tp);
        push("kv_cache", n.kv, self.kv.provenance, Some(kv_basis));
        let (act_provenance, act_basis) = self.activation_basis(at.cpu);
        push(
            "activations",
            n.activations,
            act_provenance,
            Some(act_basis),
        );
        let (ov_provenance, ov_basis) = if at.cpu {
            (Provenance::Heuristic, TermBasis::CpuRuntime)
        } else {
            (Provenance::Empirical, self.overhead_basis())
        };
        push("overhead", n.overhead, ov_provenance, Some(ov_basis));
        let reserve = match self.wl.engine {
            Engine::Vllm => Some(TermBasis::VllmReserve),
            Engine::Sglang => Some(TermBasis::SglangReserve),
            Engine::Trtllm => Some(TermBasis::TrtllmReserve),
            // No reserve: the term is zero and not shown.
            _ => None,
        };
        push("reserve", n.reserve, Provenance::Empirical, reserve);
        let empirical = Provenance::Empirical;
        push(
            "gradients",
            n.gradients,
            empirical,
            Some(TermBasis::Gradients),
        );
        push(
            "optimizer",
            n.optimizer,
            empirical,
            Some(TermBasis::Optimizer),
        );
        push(
            "adapters",
            n.adapters,
            Provenance::Exact,
            Some(TermBasis::Adapters),
        );
        let os = Some(TermBasis::OsReserve);
        push("os_reserve", n.os_reserve, Provenance::Heuristic, os);
        terms
    }

    fn kv_basis(&self, full_context_bytes: f64, tp: u64) -> TermBasis {
        if self.shape.encoder {
            return TermBasis::NoKvCache;
        }
        let (ctx, seqs) = (self.wl.ctx, self.wl.seqs);
        TermBasis::KvCache {
            bytes_per_token: self.kv.global_per_token,
            ctx,
            seqs,
            in_flight: self.kv_in_flight().then(|| crate::words::memory::InFlight {
                tokens: self.kv_tokens_in_flight(ctx, seqs),
                per_request: self
                    .wl
                    .tokens_in
                    .saturating_add(self.wl.tokens_out)
                    .clamp(1, ctx.max(1)),
                full_context_bytes,
            }),
            dp_attention: self.dp_attention(tp),
            window: self.kv.window,
            llamacpp_padding: self.wl.engine == Engine::Llamacpp,
            chunked: self.kv.chunked,
            state_per_seq: self.kv.state_per_seq * super::kv::state_elem_bytes(self.wl.engine),
        }
    }

    fn activation_basis(&self, cpu: bool) -> (Provenance, TermBasis) {
        if self.wl.task != Task::Infer {
            let basis = TermBasis::TrainingActivations {
                batch: self.wl.seqs.max(1),
                seq_len: self.wl.ctx.max(1),
                checkpointing: self.wl.grad_checkpointing,
            };
            return (Provenance::Heuristic, basis);
        }
        if cpu {
            return (Provenance::Heuristic, TermBasis::CpuComputeBuffers);
        }
        match self.wl.engine {
            Engine::Vllm => (Provenance::Empirical, TermBasis::VllmActivations),
            Engine::Sglang => (Provenance::Heuristic, TermBasis::SglangActivations),
            Engine::Trtllm => (Provenance::Heuristic, TermBasis::TrtllmActivations),
            Engine::Llamacpp | Engine::Ollama => {
                (Provenance::Heuristic, TermBasis::LlamacppComputeBuffer)
            }
            Engine::Transformers => (Provenance::Heuristic, TermBasis::EagerActivations),
        }
    }

    fn overhead_basis(&self) -> TermBasis {
        match self.wl.engine {
            Engine::Vllm => TermBasis::VllmOverhead,
            Engine::Llamacpp => TermBasis::LlamacppFootprint,
            Engine::Ollama => TermBasis::OllamaOverhead,
            Engine::Transformers => TermBasis::TransformersRuntime,
            _ => TermBasis::CudaRuntime,
        }
    }
}
