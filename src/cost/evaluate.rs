//! Costing one offer against the workload, then all offers with break-even against cloud.

use super::defaults::{clamp_fraction, CostDefaults};
use super::lines::{Basis, CostItem, LineKey};
use super::{
    nonneg, BreakEven, Demand, Deployment, EpochCost, Exclusion, OfferSizing, OptionCost, Shortfall,
};
use crate::catalog::{Offer, OfferKind, PricePer, Virtualization};
use crate::model::Task;
use crate::units::{
    Currency, Money, PerHour, PerMonth, UsdPerEur, DAYS_PER_MONTH, HOURS_PER_MONTH, WEEKS_PER_MONTH,
};
use std::cmp::Ordering;

/// Costs one offer for the workload, in `cur` (prices converted at `rate`, USD per EUR).
/// Never panics and never returns NaN or infinity, whatever the inputs.
/// Break-even fields stay `None`: they need the other options ([`evaluate_all`]).
pub fn evaluate_offer(
    offer: &Offer,
    sizing: &OfferSizing,
    w: &Demand,
    d: &CostDefaults,
    cur: Currency,
    rate: UsdPerEur,
) -> OptionCost {
    let rate = if rate.0.is_finite() && rate.0 > 0.0 {
        rate
    } else {
        UsdPerEur(1.0)
    };
    let conv = |m: Money| nonneg(m.to(cur, rate).amount);

    // Virtualisation: throughput lost and latency spread.
    let tax = d.tax.of(offer.virtualization);
    let speed = 1.0 - tax;
    let shared_cpu = offer.kind == OfferKind::Vps && offer.dedicated_cores != Some(true);
    let spread = d.latency_spread.of(offer.virtualization, shared_cpu);

    let decode_user = nonneg(sizing.decode_tokens_per_s_per_user) * speed;
    let aggregate = nonneg(sizing.aggregate_tokens_per_s_per_replica) * speed;
    let prefill = nonneg(sizing.prefill_tokens_per_s_per_replica) * speed;
    let direct_rps = nonneg(sizing.requests_per_s_per_replica) * speed;
    let ttft_mean = nonneg(sizing.ttft_ms_mean) / speed;
    let ttft_p95 = ttft_mean * spread;

    // Requests/s one replica serves when busy.
    let replica_rps = if direct_rps > 0.0 {
        direct_rps
    } else if aggregate > 0.0 {
        let prefill_s = if prefill > 0.0 {
            w.tokens_in / prefill
        } else {
            0.0
        };
        nonneg(1.0 / (prefill_s + w.tokens_out / aggregate))
    } else {
        0.0
    };

    let mut shortfalls = Vec::new();
    if !sizing.fits {
        shortfalls.push(Shortfall::DoesNotFit(sizing.why_not.clone()));
    }

    // Replicas from the load.
    let active_s_per_day = w.hours_per_day * 3600.0;
    let instances_per_replica = sizing.instances_per_replica.max(1);
    let (replicas_needed, requests_per_day) = if !sizing.fits {
        // Not placed: one server, priced for reference only.
        (1.0, w.requests_per_day)
    } else if w.requests_per_day > 0.0 {
        let peak_rps = w.requests_per_day / active_s_per_day * d.peak_factor;
        if replica_rps > 0.0 {
            let by_throughput = peak_rps / replica_rps;
            let by_memory =
                if decode_user > 0.0 && sizing.max_concurrent_sequences_per_replica > 0.0 {
                    let seconds_per_request = ttft_mean / 1000.0 + w.tokens_out / decode_user;
                    peak_rps * seconds_per_request / sizing.max_concurrent_sequences_per_replica
                } else {
                    0.0
                };
            (
                nonneg(by_throughput.max(by_memory)).ceil().max(1.0),
                w.requests_per_day,
            )
        } else {
            if w.task == Task::Infer {
                shortfalls.push(Shortfall::NoThroughput);
            }
            (1.0, w.requests_per_day)
        }
    } else {
        // No request rate given: one replica kept busy the hours the service runs.
        (1.0, replica_rps * active_s_per_day)
    };
    let max_replicas = (d.max_servers / instances_per_replica).max(1);
    if replicas_needed * instances_per_replica as f64 > d.max_servers as f64 {
        shortfalls.push(Shortfall::TooManyServers {
            needed: replicas_needed * instances_per_replica as f64,
            max: d.max_servers,
        });
    }
    let replicas = if replicas_needed >= max_replicas as f64 {
        max_replicas
    } else {
        replicas_needed as u32
    };
    let servers = replicas * instances_per_replica;

    // Targets (inference only). A model that answers in requests and generates no tokens
    // (an encoder: no decode speed, a requests/s figure) has no per-user speed to meet.
    let generates_tokens = decode_user > 0.0 || direct_rps <= 0.0;
    if w.task == Task::Infer && sizing.fits {
        if generates_tokens
            && w.min_tokens_per_s_per_user > 0.0
            && decode_user < w.min_tokens_per_s_per_user
        {
            shortfalls.push(Shortfall::TooSlow {
                tokens_per_s: decode_user,
                target: w.min_tokens_per_s_per_user,
            });
        }
        if w.max_ttft_p95_ms > 0.0 && ttft_p95 > w.max_ttft_p95_ms {
            shortfalls.push(Shortfall::TooLateFirstToken {
                p95_ms: ttft_p95,
                target_ms: w.max_ttft_p95_ms,
                spread,
            });
        }
    }

    // Billed hours.
    let monthly_fee = offer.price.per == PricePer::Month;
    // A reservation or contract (reserved kind, or a minimum term of a month or more) is paid
    // around the clock like a monthly fee, even when its price is quoted per hour.
    let committed = monthly_fee
        || offer.kind == OfferKind::CloudReserved
        || nonneg(offer.min_term_months) >= 1.0;
    let scales_to_zero = !committed && !w.is_steady();
    let (billed_hours, warm_up) = if scales_to_zero {
        let h = ((w.hours_per_day + d.warm_up_hours_per_day) * DAYS_PER_MONTH).min(HOURS_PER_MONTH);
        (h, d.warm_up_hours_per_day)
    } else {
        (HOURS_PER_MONTH, 0.0)
    };

    // Compute.
    let price = conv(offer.price.money());
    let price_per_hour = if monthly_fee {
        price / HOURS_PER_MONTH
    } else {
        price
    };
    let compute = if monthly_fee {
        price * servers as f64
    } else {
        price * servers as f64 * billed_hours
    };
    let requests_per_month = requests_per_day * DAYS_PER_MONTH;
    let capacity_rps = replica_rps * replicas as f64;
    let paid_capacity = capacity_rps * 3600.0 * billed_hours;
    let utilisation = if paid_capacity > 0.0 {
        clamp_fraction(requests_per_month / paid_capacity, 1.0)
    } else {
        0.0
    };

    let per_month = |x: f64| PerMonth::new(nonneg(x), cur);
    let mut lines = Vec::with_capacity(9);
    lines.extend([
        CostItem {
            key: LineKey::Compute,
            monthly: per_month(compute * utilisation),
            assumed: false,
            basis: Basis::Compute {
                servers,
                rate: price,
                per_month: monthly_fee,
                hours: billed_hours,
                busy: utilisation,
            },
        },
        CostItem {
            key: LineKey::Idle,
            monthly: per_month(compute * (1.0 - utilisation)),
            assumed: !d.peak_given,
            basis: Basis::Idle {
                share: 1.0 - utilisation,
                peak_factor: d.peak_factor,
                warm_up_hours_per_day: warm_up,
                hours_per_day: w.hours_per_day,
            },
        },
    ]);
    if offer.kind == OfferKind::CloudSpot {
        lines.push(CostItem {
            key: LineKey::SpotAllowance,
            monthly: per_month(compute * d.spot_interruption_allowance),
            assumed: true,
            basis: Basis::SpotAllowance {
                share: d.spot_interruption_allowance,
            },
        });
    }
    if let Some(fee) = offer.setup_fee.filter(|f| f.amount > 0.0) {
        let fee = conv(Money::new(fee.amount, fee.currency));
        lines.push(CostItem {
            key: LineKey::Setup,
            monthly: per_month(fee * servers as f64 / w.months),
            assumed: false,
            basis: Basis::Setup {
                fee,
                servers,
                months: w.months,
            },
        });
    }
    let min_term = nonneg(offer.min_term_months);
    if min_term > w.months {
        lines.push(CostItem {
            key: LineKey::MinTerm,
            monthly: per_month(compute * (min_term - w.months) / w.months),
            assumed: false,
            basis: Basis::MinTerm {
                min_months: min_term,
                months: w.months,
            },
        });
    }

    // Egress.
    let (egress_gb, derived) = match d.egress_gb {
        Some(gb) => (gb, None),
        None => (
            requests_per_month
                * w.tokens_out
                * d.bytes_per_output_token
                * d.response_overhead_factor
                / 1e9,
            Some((d.bytes_per_output_token, d.response_overhead_factor)),
        ),
    };
    let (egress_terms, terms_assumed) = match offer.egress {
        Some(e) => (
            (
                e.included_tb,
                conv(Money::new(e.price_per_gb, e.currency)),
                e.unmetered,
            ),
            false,
        ),
        None if offer.kind.is_cloud() => (
            (
                d.cloud_egress_included_tb,
                conv(d.cloud_egress_per_gb),
                false,
            ),
            true,
        ),
        // Bare metal, VPS and dedicated servers without stated terms: traffic included.
        None => ((0.0, 0.0, true), true),
    };
    let (included_tb, egress_price, unmetered) = egress_terms;
    let included_gb = nonneg(included_tb) * 1000.0 * servers as f64;
    let egress_cost = if unmetered {
        0.0
    } else {
        nonneg(egress_gb - included_gb) * egress_price
    };
    lines.push(CostItem {
        key: LineKey::Egress,
        monthly: per_month(egress_cost),
        assumed: derived.is_some() || terms_assumed,
        basis: Basis::Egress {
            gb: nonneg(egress_gb),
            included_gb,
            price_per_gb: egress_price,
            unmetered,
            derived,
        },
    });

    // Storage for the weights and their versions. Cloud: a persistent volume at the provider's
    // price (or the named default), local instance disks being ephemeral. Bare metal, VPS and
    // dedicated servers: the local disks in the fee; beyond a stated local disk, the provider's
    // volumes where priced.
    let storage_gb = nonneg(
        d.storage_gb
            .unwrap_or(sizing.weights_bytes as f64 / 1e9 * d.weight_versions_kept),
    );
    let offer_storage_price = offer
        .storage_per_gb_month
        .filter(|p| p.is_finite() && *p >= 0.0)
        .map(|p| conv(Money::new(p, offer.price.currency)));
    let (billable_gb, storage_price, price_assumed, local_gb) = if offer.kind.is_cloud() {
        let price = offer_storage_price.unwrap_or_else(|| conv(d.cloud_storage_per_gb_month));
        (storage_gb, price, offer_storage_price.is_none(), 0.0)
    } else {
        match (offer.local_storage_gb.map(nonneg), offer_storage_price) {
            (Some(local), Some(price)) if local < storage_gb => {
                ((storage_gb - local) * servers as f64, price, false, local)
            }
            (local, price) => (
                0.0,
                price.unwrap_or(0.0),
                false,
                local.unwrap_or(storage_gb),
            ),
        }
    };
    lines.push(CostItem {
        key: LineKey::Storage,
        monthly: per_month(billable_gb * storage_price),
        assumed: d.storage_gb.is_none() || price_assumed,
        basis: Basis::Storage {
            gb: storage_gb,
            versions: d.weight_versions_kept,
            price_per_gb_month: storage_price,
            local_gb,
        },
    });

    // Monitoring, logging, alerting.
    let monitoring_included = !offer.kind.is_cloud();
    let per_server = conv(d.cloud_monitoring_per_instance);
    let monitoring = match d.monitoring {
        Some(m) => m,
        None if monitoring_included => 0.0,
        None => per_server * servers as f64,
    };
    lines.push(CostItem {
        key: LineKey::Monitoring,
        monthly: per_month(monitoring),
        assumed: d.monitoring.is_none(),
        basis: Basis::Monitoring {
            per_server,
            servers,
            given: d.monitoring.is_some(),
            included: monitoring_included,
        },
    });

    // Energy: at load for the hours the service runs; paid only on physical servers the user
    // powers (own or colocated) when an energy price is given. Rented prices include power.
    let energy_kwh = nonneg(sizing.power_w_per_instance)
        * servers as f64
        * d.pue
        * w.hours_per_day
        * DAYS_PER_MONTH
        / 1000.0;
    if let Some(kwh_price) = d.kwh_price {
        if pays_own_power(offer) {
            lines.push(CostItem {
                key: LineKey::Energy,
                monthly: per_month(energy_kwh * kwh_price),
                assumed: !d.pue_given,
                basis: Basis::Energy {
                    kwh: energy_kwh,
                    price_per_kwh: kwh_price,
                    pue: d.pue,
                },
            });
        }
    }

    // Fine-tuning: one epoch on one replica.
    let epoch = if w.task == Task::Infer {
        None
    } else {
        let per_param_token = if w.task == Task::Full {
            d.full_flops_per_param_token
        } else {
            d.lora_flops_per_param_token
        };
        let flops = per_param_token * nonneg(sizing.compute_params) * w.train_tokens;
        let flops_per_s = nonneg(sizing.peak_flops_per_replica) * d.training_mfu * speed;
        if flops_per_s > 0.0 {
            let hours = flops / flops_per_s / 3600.0;
            // At least one epoch a month in the hours the user trains.
            let available = w.hours_per_day * DAYS_PER_MONTH;
            if sizing.fits && hours > available {
                shortfalls.push(Shortfall::EpochTooLong { hours, available });
            }
            let replica_rate = price_per_hour * instances_per_replica as f64;
            Some(EpochCost {
                flops,
                hours: nonneg(hours),
                cost: Money::new(nonneg(hours * replica_rate), cur),
            })
        } else {
            if sizing.fits {
                shortfalls.push(Shortfall::NoTrainingSpeed);
            }
            None
        }
    };

    let monthly_amount: f64 = lines.iter().map(|l| l.monthly.amount()).sum();
    let monthly = per_month(monthly_amount);
    let output_tokens_per_month = requests_per_month * w.tokens_out;
    let per = |quantity: f64| {
        if quantity > 0.0 {
            nonneg(monthly_amount / quantity)
        } else {
            0.0
        }
    };
    let gpu_per_server = offer.gpu_count();

    OptionCost {
        offer_id: offer.id.clone(),
        provider: offer.provider.clone(),
        name: offer.name.clone(),
        kind: offer.kind,
        deployment: Deployment::of(offer.kind),
        virtualization: offer.virtualization,
        gpu_id: offer.gpu_id().map(str::to_string),
        gpu_name: None,
        gpu_count: gpu_per_server.saturating_mul(servers),
        servers,
        replicas,
        region: offer.region.clone(),
        jurisdiction: offer.jurisdiction.clone(),
        region_eu: offer.region_eu,
        single_tenant: offer.single_tenant,
        source: offer.source.clone(),
        as_of: offer.as_of.clone(),
        approximate_price: offer.price.approximate,
        monthly_fee,
        committed,
        fits: sizing.fits,
        shortfalls,
        exclusions: exclusions(offer, w),
        currency: cur,
        price_per_hour: PerHour::new(price_per_hour, cur),
        price_per_gpu_hour: (gpu_per_server > 0)
            .then(|| PerHour::new(price_per_hour / gpu_per_server as f64, cur)),
        billed_hours_per_month: billed_hours,
        compute: per_month(compute),
        lines,
        monthly,
        total: Money::new(nonneg(monthly_amount * w.months), cur),
        cost_per_million_tokens: Money::new(per(output_tokens_per_month / 1e6), cur),
        cost_per_thousand_requests: Money::new(per(requests_per_month / 1e3), cur),
        requests_per_month: nonneg(requests_per_month),
        output_tokens_per_month: nonneg(output_tokens_per_month),
        utilisation,
        capacity_requests_per_s: nonneg(capacity_rps),
        hypervisor_tax: tax,
        decode_tokens_per_s_per_user: decode_user,
        ttft_ms_mean: nonneg(ttft_mean),
        ttft_ms_p95: nonneg(ttft_p95),
        latency_spread: spread,
        shared_cpu,
        energy_kwh_per_month: nonneg(energy_kwh),
        memory_per_gpu_bytes: sizing.memory_per_gpu_bytes,
        epoch,
        break_even: None,
    }
}

/// Physical servers whose power the user may pay (own or colocated hardware): bare-metal GPU
/// servers and dedicated CPU servers, not virtualised or cloud offers.
fn pays_own_power(offer: &Offer) -> bool {
    offer.virtualization == Virtualization::BareMetal
        && matches!(offer.kind, OfferKind::BareMetal | OfferKind::DedicatedCpu)
}

/// The user's constraints this offer breaks.
pub fn exclusions(offer: &Offer, w: &Demand) -> Vec<Exclusion> {
    let c = &w.constraints;
    let mut out = Vec::new();
    if c.eu_jurisdiction && !offer.jurisdiction.trim().eq_ignore_ascii_case("EU") {
        out.push(Exclusion::NotEuJurisdiction {
            jurisdiction: offer.jurisdiction.clone(),
        });
    }
    if c.single_tenant && !offer.single_tenant {
        out.push(Exclusion::NotSingleTenant);
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
    out
}

/// Costs every offer, fills break-even against the cheapest usable cloud option, and sorts:
/// usable options first, then those that serve but are excluded, then the rest; cheapest first.
pub fn evaluate_all<'a, I>(
    items: I,
    w: &Demand,
    d: &CostDefaults,
    cur: Currency,
    rate: UsdPerEur,
) -> Vec<OptionCost>
where
    I: IntoIterator<Item = (&'a Offer, &'a OfferSizing)>,
{
    let mut all: Vec<OptionCost> = items
        .into_iter()
        .map(|(offer, sizing)| evaluate_offer(offer, sizing, w, d, cur, rate))
        .collect();
    fill_break_even(&mut all, w);
    sort_options(&mut all);
    all
}

/// Sorts usable first, then serving-but-excluded, then the rest; cheapest first in each group.
pub fn sort_options(all: &mut Vec<OptionCost>) {
    // Sort small keys, then move each (large) option once.
    let mut keys: Vec<(u8, f64, usize)> = all
        .iter()
        .enumerate()
        .map(|(i, o)| (rank(o), o.monthly.amount(), i))
        .collect();
    crate::order::sort_by(&mut keys, |a, b| {
        a.0.cmp(&b.0)
            .then_with(|| a.1.total_cmp(&b.1))
            .then_with(|| all[a.2].offer_id.cmp(&all[b.2].offer_id))
    });
    let mut slots: Vec<Option<OptionCost>> = std::mem::take(all).into_iter().map(Some).collect();
    all.extend(keys.iter().filter_map(|k| slots[k.2].take()));
}

fn rank(o: &OptionCost) -> u8 {
    if o.is_usable() {
        0
    } else if o.serves() {
        1
    } else {
        2
    }
}

/// The hourly cloud option the break-even utilisation compares with: among usable cloud options
/// paid by the hour without commitment, the one whose capacity costs least, at `rate` (the price
/// of one request/s of capacity for one hour: instances x hourly price / requests/s). The
/// break-even utilisation and the cost-per-token chart both use it, so they agree.
#[derive(Clone, Debug, PartialEq)]
pub struct HourlyBenchmark {
    pub offer_id: String,
    pub provider: String,
    pub name: String,
    /// Price per (request/s) of capacity per hour, in the options' currency.
    pub rate: f64,
}

/// See [`HourlyBenchmark`]; `None` when no usable hourly cloud option has a capacity.
pub fn hourly_benchmark(all: &[OptionCost]) -> Option<HourlyBenchmark> {
    all.iter()
        .filter(|o| o.is_usable() && o.kind.is_cloud() && !o.committed)
        .filter(|o| o.capacity_requests_per_s > 0.0)
        .map(|o| {
            let rate = o.price_per_hour.amount() * o.servers as f64 / o.capacity_requests_per_s;
            (o, rate)
        })
        .filter(|(_, r)| r.is_finite() && *r > 0.0)
        // The first of equals wins, whatever the order of the options.
        .min_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then_with(|| a.0.offer_id.cmp(&b.0.offer_id))
        })
        .map(|(o, rate)| HourlyBenchmark {
            offer_id: o.offer_id.clone(),
            provider: o.provider.clone(),
            name: o.name.clone(),
            rate,
        })
}

/// Break-even of every fixed-fee (monthly) non-cloud option against cloud:
/// - weeks: setup fee / (cheapest usable cloud monthly - this option's monthly without setup),
///   in weeks (`None` when it saves nothing);
/// - utilisation: this option's monthly / ([`hourly_benchmark`]'s rate per request/s x this
///   option's capacity x 730 h): the busy share below which paying hourly cloud for just the
///   capacity used would cost less. Cloud's hidden costs are left out (which favours cloud).
pub fn fill_break_even(all: &mut [OptionCost], w: &Demand) {
    let cheapest_cloud = all
        .iter()
        .filter(|o| o.is_usable() && o.kind.is_cloud())
        .min_by(|a, b| {
            a.monthly
                .amount()
                .partial_cmp(&b.monthly.amount())
                .unwrap_or(Ordering::Equal)
        })
        .map(|o| (o.offer_id.clone(), o.provider.clone(), o.monthly));
    let hourly = hourly_benchmark(all);
    let Some((id, provider, cloud_monthly)) = cheapest_cloud else {
        return;
    };
    for o in all.iter_mut().filter(|o| o.committed && !o.kind.is_cloud()) {
        let setup_monthly = o.line(LineKey::Setup);
        let setup_total = setup_monthly * w.months;
        let savings = cloud_monthly.amount() - (o.monthly.amount() - setup_monthly);
        let weeks = (savings > 0.0).then(|| nonneg(setup_total / savings * WEEKS_PER_MONTH));
        let utilisation = hourly.as_ref().and_then(|h| {
            let cloud_full = h.rate * o.capacity_requests_per_s * HOURS_PER_MONTH;
            (cloud_full > 0.0).then(|| nonneg(o.monthly.amount() / cloud_full))
        });
        o.break_even = Some(BreakEven {
            against_offer_id: id.clone(),
            against_provider: provider.clone(),
            against_monthly: cloud_monthly,
            weeks,
            utilisation,
            utilisation_against_offer_id: utilisation
                .and(hourly.as_ref())
                .map(|h| h.offer_id.clone()),
        });
    }
}
