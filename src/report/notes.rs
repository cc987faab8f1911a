//! What the report says of the scenario beside the verdict: the question it answers in one line,
//! a context beyond the model's limit, a context far above the request, and a concurrency no
//! option holds.

use crate::catalog::Catalog;
use crate::cost::OptionCost;
use crate::model::{self, ArchFamily, ModelArch, Sizing};
use crate::plan;
use crate::scenario::{Lang, Scenario};
use crate::units::Bytes;
use std::borrow::Cow;

/// The scenario with its context at most the model's own limit (when the model states one), and
/// the warning that says so.
pub(super) fn within_context_limit<'a>(
    s: &'a Scenario,
    arch: &ModelArch,
    lang: Lang,
    warnings: &mut Vec<String>,
) -> Cow<'a, Scenario> {
    let limit = arch.max_position;
    // An encoder reads at most its limit of each request by design (its sizing says so).
    if limit == 0 || s.ctx <= limit || arch.family == ArchFamily::Encoder {
        return Cow::Borrowed(s);
    }
    warnings.push(crate::words::report::context_beyond_limit(
        s.ctx, limit, &arch.name, lang,
    ));
    Cow::Owned(Scenario {
        ctx: limit,
        ..s.clone()
    })
}

/// A context at least this many times the request (prompt and answer) is far above it: a 128k
/// context for 1,250-token requests (105x) is; the default 8,192 for them (6.5x) is not.
const CONTEXT_FAR_ABOVE: u64 = 16;

/// Serving with the context far above the request (at least [`CONTEXT_FAR_ABOVE`] times it):
/// the KV cache is sized for the tokens in flight, and the reason says what the full context
/// would take on the chosen hardware.
pub(super) fn context_sized_for(
    z: &Sizing,
    mem: &model::MemoryBreakdown,
    speed: &model::Speed,
    real_hw: bool,
) -> Option<plan::Reason> {
    let wl = z.workload();
    let request = wl.tokens_in.saturating_add(wl.tokens_out).max(1);
    let ctx = if z.context_limit() > 0 {
        wl.ctx.min(z.context_limit())
    } else {
        wl.ctx
    };
    let wanted = real_hw
        && wl.task == model::Task::Infer
        && z.kv_in_flight()
        && !z.kv().is_empty()
        && ctx >= request.saturating_mul(CONTEXT_FAR_ABOVE);
    let prefill = speed.prefill_single_tokens_per_s;
    wanted.then(|| {
        plan::Reason::ContextSizedFor(crate::words::plan::ContextSizedFor {
            ctx,
            request_tokens: request,
            seqs: wl.seqs,
            full_kv_gib: mem.kv_cache_full_context.gib(),
            full_ttft_s: if prefill > 0.0 {
                ctx as f64 / prefill
            } else {
                0.0
            },
        })
    })
}

/// The question the verdict answers, in one line.
pub(super) fn question(s: &Scenario, model: &str, lang: Lang) -> String {
    use crate::words::question::{
        engine_name, format_name, task_name, Constraints, Load, Question,
    };
    let load = match s.task {
        model::Task::Infer if s.users_peak_rps() > 0.0 => Load::Users {
            users: s.users,
            usecase: crate::words::scenario::usecase_name(s.usecase.id(), lang),
            per_day: crate::cost::Demand::from_scenario(s).requests_per_day,
            tokens_in: s.tokens_in,
            tokens_out: s.tokens_out,
            hours: s.hours,
        },
        model::Task::Infer if s.rpd > 0.0 => Load::Requests {
            per_day: s.rpd,
            tokens_in: s.tokens_in,
            tokens_out: s.tokens_out,
            hours: s.hours,
        },
        model::Task::Infer => Load::Concurrent {
            seqs: s.seqs,
            ctx: s.ctx,
            hours: s.hours,
        },
        task => Load::Job {
            mode: task_name(task.id(), lang),
            tokens: s.train_tokens,
            epochs: s.epochs,
        },
    };
    Question {
        model,
        format: format_name(s.quant.id()),
        engine: engine_name(s.engine.id()),
        load,
        constraints: Constraints {
            eu: s.eu,
            single_tenant: s.tenancy == crate::scenario::Tenancy::Single,
            gpus_limited: !s.gpus.is_empty(),
            kinds_limited: !s.kinds.is_empty(),
            max_term: s.max_term,
            // Allowed beyond the default: for serving (a job allows them by default).
            interruptions_allowed: s.task == model::Task::Infer && s.allows_interruptions(),
            own: s.own,
        },
    }
    .line(lang)
}

/// When nothing fits but the weights alone would fit the largest machine of the catalogue (by a
/// tenth to spare), the limit is the KV cache of the concurrency asked for, not the model: said.
pub(super) fn concurrency_is_the_limit(
    all: &[OptionCost],
    z: &Sizing,
    view: &Catalog,
    lang: Lang,
) -> Option<String> {
    if all.iter().any(|o| o.fits) || z.workload().task != model::Task::Infer {
        return None;
    }
    let weights = Bytes(z.weights().total);
    let largest = view
        .offers
        .iter()
        .filter_map(|o| {
            let g = o.gpu.as_ref().filter(|g| g.count >= 1)?;
            Some(view.gpu(&g.id)?.memory_gib * g.count as f64)
        })
        .fold(0.0, f64::max);
    (weights.gib() * 1.1 < largest).then(|| {
        crate::words::report::concurrency_is_the_limit(
            weights.gib(),
            largest,
            z.workload().seqs,
            lang,
        )
    })
}

/// Sized at the central estimate: how the chosen deployment fares at the low end of the speed
/// range of its class (the 96th percentile of the model's held-out over-estimate), costed again
/// at those speeds: the machines and copies the load would need then, and their cost.
pub(super) fn at_low_end(
    chosen: &OptionCost,
    at: &super::load_basis::Recost,
    e: &super::evaluate::Engine,
    view: &Catalog,
) -> Option<plan::Reason> {
    let z = &e.sizing;
    if e.speed != crate::scenario::SpeedPoint::Central || z.workload().task != model::Task::Infer {
        return None;
    }
    let (offer, sizing) = at.offers.iter().find(|(o, _)| o.id == chosen.offer_id)?;
    let spec = view.gpu(offer.gpu_id()?)?;
    let family = crate::model::compat::GpuFamily::of(&spec.id, &spec.name, &spec.vendor);
    let low = super::sizing::low_end(z, family, sizing.gpus_per_replica)?;
    let slow = super::sizing::at_speed(sizing.clone(), low);
    let o = crate::cost::evaluate_offer(offer, &slow, at.demand, at.defaults, at.cur, at.rate);
    Some(plan::Reason::AtLowEnd(crate::words::plan::AtLowEnd {
        factor: low,
        servers: chosen.servers,
        servers_low: o.servers,
        replicas_low: o.replicas,
        monthly_low: o.monthly.amount(),
        serves: o.serves(),
        currency: chosen.currency,
    }))
}

/// A 24/7 service headlined on one machine without a spare: the reason that says a single
/// failure stops it, with what `spare=1` costs on the same offer (costed again).
pub(super) fn single_failure(
    chosen: &OptionCost,
    at: &super::load_basis::Recost,
) -> Option<plan::Reason> {
    let w = at.demand;
    let scales = w.profile.is_some_and(|p| p.min_copies == 0);
    if w.task != model::Task::Infer
        || !w.is_steady()
        || scales
        || w.spare > 0
        || chosen.servers != 1
    {
        return None;
    }
    if !chosen.serves() {
        return None;
    }
    let (offer, sizing) = at.offers.iter().find(|(o, _)| o.id == chosen.offer_id)?;
    let demand = crate::cost::Demand {
        spare: 1,
        ..w.clone()
    };
    let o = crate::cost::evaluate_offer(offer, sizing, &demand, at.defaults, at.cur, at.rate);
    Some(plan::Reason::SingleFailure(
        crate::words::plan::SingleFailure {
            machines_with_spare: o.servers,
            extra_monthly: (o.monthly.amount() - chosen.monthly.amount()).max(0.0),
            currency: chosen.currency,
        },
    ))
}

/// The load the plan reads: the demand's requests a day and peak, and the users behind them.
pub(super) fn load_report(
    s: &Scenario,
    w: &crate::cost::Demand,
    d: &crate::cost::CostDefaults,
) -> super::LoadReport {
    let users = (s.users_peak_rps() > 0.0).then(|| s.usecase.defaults());
    super::LoadReport {
        requests_per_day: w.requests_per_day,
        peak_requests_per_s: w.peak_rps(d),
        users: if users.is_some() { s.users } else { 0 },
        active: users.map(|(a, _)| s.active.unwrap_or(a)),
        rpm: users.map(|(_, r)| s.rpm.unwrap_or(r)),
        usecase: users.map(|_| s.usecase.id().to_string()),
    }
}

/// A service with busy hours: what the chosen option runs in and outside them and is billed.
pub(super) fn day_profile(chosen: &OptionCost, w: &crate::cost::Demand) -> Option<plan::Reason> {
    let profile = w.profile?;
    if !chosen.serves() {
        return None;
    }
    let off = chosen.servers_off_peak?;
    Some(plan::Reason::DayProfile(
        crate::words::plan::DayProfileWords {
            busy_hours: profile.busy_hours,
            servers: chosen.servers,
            servers_off_peak: off,
            machine_hours: chosen.billed_hours_per_month * chosen.servers as f64,
            fixed: chosen.committed,
            cold_start_s: chosen.cold_start_s,
        },
    ))
}
