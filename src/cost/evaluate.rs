//! Costing one offer against the demand, step by step: speeds after the hypervisor tax, replicas
//! for the load, the targets, billed hours and capacity in use, the bill's lines (`bill.rs`),
//! one fine-tuning epoch, then the totals; and the user's constraints the offer breaks.

pub use super::constraints::{exclusions, is_interruptible};
use super::defaults::{clamp_fraction, CostDefaults};
use super::{
    nonneg, Demand, Deployment, EpochCost, LoadBound, LoadNeed, OfferSizing, OptionCost, Shortfall,
};
use crate::catalog::{Offer, OfferKind, PricePer};
use crate::model::Task;
use crate::units::{
    Currency, Money, PerHour, PerMonth, UsdPerEur, DAYS_PER_MONTH, HOURS_PER_MONTH,
};

/// Costs one offer for the demand, in `cur` (prices converted at `rate`, USD per EUR).
/// Never panics and never returns NaN or infinity, whatever the inputs.
/// Break-even fields stay `None`: they need the other options ([`super::evaluate_all`]).
pub fn evaluate_offer(
    offer: &Offer,
    sizing: &OfferSizing,
    demand: &Demand,
    defaults: &CostDefaults,
    cur: Currency,
    rate: UsdPerEur,
) -> OptionCost {
    let rate = if rate.0.is_finite() && rate.0 > 0.0 {
        rate
    } else {
        UsdPerEur(1.0)
    };
    let c = Costing {
        offer,
        sizing,
        demand,
        defaults,
        cur,
        rate,
    };
    let mut shortfalls = Vec::new();
    if let Some(why) = &sizing.cannot_run {
        shortfalls.push(Shortfall::CannotRun(why.clone()));
    }
    if !sizing.fits {
        shortfalls.push(Shortfall::DoesNotFit(sizing.why_not.clone()));
    }
    let speeds = c.speeds();
    c.check_targets(&speeds, &mut shortfalls);
    let placement = c.placement(&speeds, &mut shortfalls);
    let billing = c.billing(&placement);
    let usage = c.usage(&speeds, &placement, &billing);
    let bill = c.bill(&billing, &placement, &usage);
    let epoch = c.epoch(&speeds, &placement, &usage, &mut shortfalls);
    let job = c.job(
        epoch.as_ref(),
        &placement,
        &billing,
        &usage,
        &mut shortfalls,
    );
    c.assemble(Parts {
        speeds,
        placement,
        billing,
        usage,
        bill,
        epoch,
        job,
        shortfalls,
    })
}

/// One offer being costed: what it is costed from, and the currency and rate of the figures.
#[derive(Clone, Copy)]
pub(super) struct Costing<'a> {
    pub offer: &'a Offer,
    pub sizing: &'a OfferSizing,
    pub demand: &'a Demand,
    pub defaults: &'a CostDefaults,
    pub cur: Currency,
    /// USD per EUR, finite and positive.
    pub rate: UsdPerEur,
}

/// Virtualisation: the throughput lost and the latency spread, and the speeds after them.
pub(super) struct Speeds {
    /// Throughput lost to the hypervisor, fraction.
    pub tax: f64,
    /// P95 / mean of the time to first token on this host.
    pub spread: f64,
    /// A VPS on time-sliced vCPUs.
    pub shared_cpu: bool,
    pub decode_user: f64,
    /// Requests/s the sizing gives directly (0: derived from the token speeds).
    pub direct_rps: f64,
    pub ttft_mean: f64,
    pub ttft_p95: f64,
    /// Requests/s one replica serves when busy.
    pub replica_rps: f64,
}

/// Replicas and servers for the load.
pub(super) struct Placement {
    pub instances_per_replica: u32,
    /// How many copies the peak load needs and why (with a request rate only).
    pub need: Option<LoadNeed>,
    pub replicas: u32,
    pub servers: u32,
    /// The requests a day costed (with no rate given: what one busy replica serves).
    pub requests_per_day: f64,
    /// With a day profile: the machines kept outside the busy hours (`profile.rs`).
    pub servers_off_peak: Option<u32>,
}

/// How the offer is paid: a monthly fee, a commitment, and the hours billed a month.
pub(super) struct Billing {
    pub monthly_fee: bool,
    /// Paid around the clock whatever the hours (monthly fee, reservation, long minimum term).
    pub committed: bool,
    pub billed_hours: f64,
    /// Warm-up hours billed a day on top of the service hours (0 when paid around the clock).
    pub warm_up: f64,
}

/// The compute bill and the share of the paid capacity the load uses.
pub(super) struct Usage {
    /// The offer's price in the display currency, per hour or per month as quoted.
    pub price: f64,
    pub price_per_hour: f64,
    /// The whole compute bill a month.
    pub compute: f64,
    pub requests_per_month: f64,
    pub capacity_rps: f64,
    pub utilisation: f64,
}

/// The lines of the bill and the energy drawn, from `bill.rs`.
pub(super) struct Bill {
    pub lines: Vec<super::CostItem>,
    pub energy_kwh: f64,
}

/// Every step's result, for [`Costing::assemble`].
struct Parts {
    speeds: Speeds,
    placement: Placement,
    billing: Billing,
    usage: Usage,
    bill: Bill,
    epoch: Option<EpochCost>,
    job: Option<super::JobCost>,
    shortfalls: Vec<Shortfall>,
}

impl Costing<'_> {
    /// An amount in the display currency, never negative or NaN.
    pub fn conv(&self, m: Money) -> f64 {
        nonneg(m.to(self.cur, self.rate).amount)
    }

    /// A monthly amount in the display currency, never negative or NaN.
    pub fn per_month(&self, x: f64) -> PerMonth {
        PerMonth::new(nonneg(x), self.cur)
    }

    fn speeds(&self) -> Speeds {
        let Costing { offer, sizing, .. } = *self;
        let d = self.defaults;
        let tax = d.tax.of(offer.virtualization);
        let speed = 1.0 - tax;
        let shared_cpu = offer.kind == OfferKind::Vps && offer.dedicated_cores != Some(true);
        let spread = d.latency_spread.of_offer(offer, shared_cpu);

        let decode_user = nonneg(sizing.decode_tokens_per_s_per_user) * speed;
        let aggregate = nonneg(sizing.aggregate_tokens_per_s_per_replica) * speed;
        let prefill = nonneg(sizing.prefill_tokens_per_s_per_replica) * speed;
        let direct_rps = nonneg(sizing.requests_per_s_per_replica) * speed;
        let ttft_mean = nonneg(sizing.ttft_ms_mean) / speed;

        // A load that gives each copy its concurrency: the targets are first checked on a copy
        // serving one request (more copies cannot make a copy faster than that), and a copy's
        // capacity is what it completes at its cap.
        let curve = &sizing.curve;
        if let (true, Some(first), Some(top)) = (
            self.demand.concurrency_from_load,
            curve.points.first(),
            curve.points.last(),
        ) {
            let ttft_mean = nonneg(first.ttft_ms) / speed;
            return Speeds {
                tax,
                spread,
                shared_cpu,
                decode_user: nonneg(first.decode_user) * speed,
                direct_rps,
                ttft_mean,
                ttft_p95: ttft_mean * spread,
                replica_rps: nonneg(top.requests_per_s) * speed,
            };
        }
        // Requests/s one replica serves when busy.
        let replica_rps = if direct_rps > 0.0 {
            direct_rps
        } else if aggregate > 0.0 {
            let prefill_s = if prefill > 0.0 {
                self.demand.tokens_in / prefill
            } else {
                0.0
            };
            nonneg(1.0 / (prefill_s + self.demand.tokens_out / aggregate))
        } else {
            0.0
        };
        Speeds {
            tax,
            spread,
            shared_cpu,
            decode_user,
            direct_rps,
            ttft_mean,
            ttft_p95: ttft_mean * spread,
            replica_rps,
        }
    }

    /// Replicas for the peak load (`load.rs`, or the stated concurrency's `load_need`), within
    /// the most servers one option may take; one copy where the option cannot serve.
    fn placement(&self, s: &Speeds, shortfalls: &mut Vec<Shortfall>) -> Placement {
        let (w, d, sizing) = (self.demand, self.defaults, self.sizing);
        let active_s_per_day = w.hours_per_day * 3600.0;
        let instances_per_replica = sizing.instances_per_replica.max(1);
        // One copy misses a target: priced for one copy, for reference only (not as many as the
        // load would take of a deployment that cannot serve it).
        let misses_target = !shortfalls.is_empty();
        let mut need = None;
        let (replicas_needed, requests_per_day) = if !sizing.fits {
            // Not placed: one server, priced for reference only.
            (1.0, w.requests_per_day)
        } else if w.requests_per_day > 0.0 {
            let peak_rps = w.peak_rps(d);
            if s.replica_rps > 0.0 && misses_target {
                (1.0, w.requests_per_day)
            } else if s.replica_rps > 0.0
                && w.concurrency_from_load
                && !sizing.curve.points.is_empty()
            {
                let per_machine = if instances_per_replica > 1 {
                    1
                } else {
                    sizing.replicas_per_instance.max(1)
                };
                let max_copies = (d.max_servers / instances_per_replica).max(1) * per_machine;
                let copy = super::load::Copy {
                    curve: &sizing.curve,
                    tax: s.tax,
                    spread: s.spread,
                    replica_rps: s.replica_rps,
                };
                match super::load::need(&copy, w, peak_rps, max_copies) {
                    Some((copies, n)) => {
                        need = Some(n);
                        (copies, w.requests_per_day)
                    }
                    None => {
                        shortfalls.push(Shortfall::NoThroughput);
                        (1.0, w.requests_per_day)
                    }
                }
            } else if s.replica_rps > 0.0 {
                let mut n = self.load_need(s, peak_rps);
                n.spare = w.spare;
                need = Some(n);
                ((n.replicas + w.spare) as f64, w.requests_per_day)
            } else {
                if w.task == Task::Infer {
                    shortfalls.push(Shortfall::NoThroughput);
                }
                (1.0, w.requests_per_day)
            }
        } else {
            // No request rate given: one replica kept busy the hours the service runs (and the
            // spares beside it, idle).
            (1.0 + w.spare as f64, s.replica_rps * active_s_per_day)
        };
        // A copy spans `instances_per_replica` servers, or a server holds `per_server` copies
        // side by side; every GPU paid for runs a copy.
        let per_server = if instances_per_replica > 1 {
            1
        } else {
            sizing.replicas_per_instance.max(1)
        };
        let servers_needed = if instances_per_replica > 1 {
            replicas_needed * instances_per_replica as f64
        } else {
            (replicas_needed / per_server as f64).ceil().max(1.0)
        };
        if servers_needed > d.max_servers as f64 {
            shortfalls.push(Shortfall::TooManyServers {
                needed: servers_needed,
                max: d.max_servers,
            });
        }
        let servers = if servers_needed >= d.max_servers as f64 {
            // Whole copies within the most servers one option may take.
            (d.max_servers / instances_per_replica).max(1) * instances_per_replica
        } else {
            servers_needed as u32
        };
        let replicas = if instances_per_replica > 1 {
            (servers / instances_per_replica).max(1)
        } else {
            servers.saturating_mul(per_server)
        };
        let servers_off_peak = super::profile::off_peak_servers(
            self,
            s,
            need.as_ref(),
            servers,
            per_server,
            instances_per_replica,
        );
        Placement {
            instances_per_replica,
            need,
            replicas,
            servers,
            requests_per_day,
            servers_off_peak,
        }
    }

    /// Copies for a peak of `peak_rps` requests a second: the most of what one copy completes,
    /// what it holds in memory at once, and what its GPUs compute (every prompt and output token
    /// costs 2 FLOPs per active parameter, and prefill and decode share the copy's compute).
    fn load_need(&self, s: &Speeds, peak_rps: f64) -> LoadNeed {
        let (w, sizing) = (self.demand, self.sizing);
        let by_throughput = nonneg(peak_rps / s.replica_rps);
        let mut best = (
            by_throughput,
            LoadBound::Throughput {
                replica_rps: s.replica_rps,
            },
        );
        if s.decode_user > 0.0 && sizing.max_concurrent_sequences_per_replica > 0.0 {
            let seconds_per_request = s.ttft_mean / 1000.0 + w.tokens_out / s.decode_user;
            let in_flight = nonneg(peak_rps * seconds_per_request);
            let per_replica = sizing.max_concurrent_sequences_per_replica;
            if in_flight / per_replica > best.0 {
                best = (
                    in_flight / per_replica,
                    LoadBound::Memory {
                        in_flight,
                        per_replica,
                    },
                );
            }
        }
        let flops_per_replica = nonneg(sizing.serving_flops_per_replica) * (1.0 - s.tax);
        if w.task == Task::Infer && flops_per_replica > 0.0 {
            let tokens_per_request = w.tokens_in + w.tokens_out;
            let flops_needed = nonneg(peak_rps * tokens_per_request * 2.0 * sizing.compute_params);
            if flops_needed / flops_per_replica > best.0 {
                best = (
                    flops_needed / flops_per_replica,
                    LoadBound::Compute {
                        tokens_per_request,
                        flops_needed,
                        flops_per_replica,
                    },
                );
            }
        }
        let replicas = nonneg(best.0).ceil().clamp(1.0, u32::MAX as f64) as u32;
        LoadNeed {
            replicas,
            peak_rps,
            bound: best.1,
            at_load: None,
            spare: 0,
        }
    }

    /// Targets (inference only). A model that answers in requests and generates no tokens
    /// (an encoder: no decode speed, a requests/s figure) has no per-user speed to meet.
    fn check_targets(&self, s: &Speeds, shortfalls: &mut Vec<Shortfall>) {
        let w = self.demand;
        if w.task != Task::Infer || !self.sizing.fits {
            return;
        }
        let generates_tokens = s.decode_user > 0.0 || s.direct_rps <= 0.0;
        if generates_tokens
            && w.min_tokens_per_s_per_user > 0.0
            && s.decode_user < w.min_tokens_per_s_per_user
        {
            shortfalls.push(Shortfall::TooSlow {
                tokens_per_s: s.decode_user,
                target: w.min_tokens_per_s_per_user,
            });
        }
        if w.max_ttft_p95_ms > 0.0 && s.ttft_p95 > w.max_ttft_p95_ms {
            shortfalls.push(Shortfall::TooLateFirstToken {
                p95_ms: s.ttft_p95,
                target_ms: w.max_ttft_p95_ms,
                spread: s.spread,
                embeds: w.embeds,
            });
        }
    }

    /// Billed hours: a month for a monthly fee or a commitment and for a steady service; else
    /// the service hours plus a warm-up allowance.
    fn billing(&self, p: &Placement) -> Billing {
        let (offer, d) = (self.offer, self.defaults);
        let monthly_fee = offer.price.per == PricePer::Month;
        // A reservation or contract (reserved kind, or a minimum term of a month or more) is paid
        // around the clock like a monthly fee, even when its price is quoted per hour.
        let committed = monthly_fee
            || offer.kind == OfferKind::CloudReserved
            || nonneg(offer.min_term_months) >= 1.0;
        let scales_to_zero = !committed && !self.demand.is_steady();
        let profiled = (!committed)
            .then(|| super::profile::billed_hours(self, p))
            .flatten();
        let (billed_hours, warm_up) = if let Some(h) = profiled {
            (h, 0.0)
        } else if scales_to_zero {
            let h = ((self.demand.hours_per_day + d.warm_up_hours_per_day) * DAYS_PER_MONTH)
                .min(HOURS_PER_MONTH);
            (h, d.warm_up_hours_per_day)
        } else {
            (HOURS_PER_MONTH, 0.0)
        };
        Billing {
            monthly_fee,
            committed,
            billed_hours,
            warm_up,
        }
    }

    /// Compute: the price for the servers and hours billed, and the share of it the load uses.
    fn usage(&self, s: &Speeds, p: &Placement, b: &Billing) -> Usage {
        // A bought server's "price" is what it costs a month whether it runs or not.
        let price = match &self.offer.purchase {
            Some(pu) => self.own_figures(pu).fixed(),
            None => self.conv(self.offer.price.money()),
        };
        let servers = p.servers as f64;
        let (price_per_hour, compute) = if b.monthly_fee {
            (price / HOURS_PER_MONTH, price * servers)
        } else {
            (price, price * servers * b.billed_hours)
        };
        let requests_per_month = p.requests_per_day * DAYS_PER_MONTH;
        let capacity_rps = s.replica_rps * p.replicas as f64;
        let paid_capacity = capacity_rps * 3600.0 * b.billed_hours;
        let utilisation = if paid_capacity > 0.0 {
            clamp_fraction(requests_per_month / paid_capacity, 1.0)
        } else {
            0.0
        };
        Usage {
            price,
            price_per_hour,
            compute,
            requests_per_month,
            capacity_rps,
            utilisation,
        }
    }

    /// Fine-tuning: one epoch on one replica (the job's duration and price are `job.rs`'s).
    fn epoch(
        &self,
        s: &Speeds,
        p: &Placement,
        u: &Usage,
        shortfalls: &mut Vec<Shortfall>,
    ) -> Option<EpochCost> {
        let (w, d, sizing) = (self.demand, self.defaults, self.sizing);
        if w.task == Task::Infer {
            return None;
        }
        let per_param_token = if w.task == Task::Full {
            d.full_flops_per_param_token
        } else {
            d.lora_flops_per_param_token
        };
        let flops = per_param_token * nonneg(sizing.compute_params) * w.train_tokens;
        let flops_per_s = nonneg(sizing.peak_flops_per_replica) * d.training_mfu * (1.0 - s.tax);
        if flops_per_s <= 0.0 {
            if sizing.fits {
                shortfalls.push(Shortfall::NoTrainingSpeed);
            }
            return None;
        }
        let hours = flops / flops_per_s / 3600.0;
        let replica_rate = u.price_per_hour * p.instances_per_replica as f64;
        Some(EpochCost {
            flops,
            hours: nonneg(hours),
            cost: Money::new(nonneg(hours * replica_rate), self.cur),
        })
    }

    /// The totals, per token and per request, and the option as the plan and the report read it.
    fn assemble(&self, parts: Parts) -> OptionCost {
        let (offer, sizing, w, cur) = (self.offer, self.sizing, self.demand, self.cur);
        let Parts {
            speeds: s,
            placement: p,
            billing: b,
            usage: u,
            bill,
            epoch,
            job,
            shortfalls,
        } = parts;
        let monthly_amount: f64 = bill.lines.iter().map(|l| l.monthly.amount()).sum();
        let output_tokens_per_month = u.requests_per_month * w.tokens_out;
        let per = |quantity: f64| {
            if quantity > 0.0 {
                nonneg(monthly_amount / quantity)
            } else {
                0.0
            }
        };
        let gpu_per_server = offer.gpu_count();
        let at_load = p.need.and_then(|n| n.at_load);
        OptionCost {
            offer_id: offer.id.clone(),
            provider: offer.provider.clone(),
            name: offer.name.clone(),
            kind: offer.kind,
            deployment: Deployment::of(offer.kind),
            virtualization: offer.virtualization,
            gpu_id: offer.gpu_id().map(str::to_string),
            gpu_name: None,
            gpu_count: gpu_per_server.saturating_mul(p.servers),
            servers: p.servers,
            replicas: p.replicas,
            gpus_per_replica: sizing.gpus_per_replica,
            servers_per_replica: p.instances_per_replica,
            parallelism: sizing.parallelism,
            fabric: sizing.fabric,
            caveat: sizing.caveat.or_else(|| {
                super::constraints::geforce_tensor_parallel(offer, sizing.parallelism.tp)
            }),
            load_need: p.need,
            servers_off_peak: p.servers_off_peak,
            cold_start_s: super::profile::cold_start_s(sizing.weights_bytes as f64),
            region: offer.shown_region(w.constraints.eu_jurisdiction),
            jurisdiction: offer.jurisdiction.clone(),
            region_eu: offer.region_eu,
            single_tenant: offer.single_tenant,
            interruptible: is_interruptible(offer),
            reliability_class: offer.reliability_class,
            config_unknown: offer.config_unknown,
            availability_uncertain: offer.availability_uncertain,
            source: offer.source.clone(),
            as_of: offer.as_of.clone(),
            approximate_price: offer.price.approximate,
            monthly_fee: b.monthly_fee,
            committed: b.committed,
            term_months: nonneg(offer.min_term_months),
            prepaid_months: super::prepaid_months(offer),
            fits: sizing.fits,
            shortfalls,
            exclusions: exclusions(offer, w),
            currency: cur,
            price_per_hour: PerHour::new(u.price_per_hour, cur),
            price_per_gpu_hour: (gpu_per_server > 0)
                .then(|| PerHour::new(u.price_per_hour / gpu_per_server as f64, cur)),
            billed_hours_per_month: b.billed_hours,
            compute: self.per_month(u.compute),
            lines: bill.lines,
            monthly: self.per_month(monthly_amount),
            total: Money::new(nonneg(monthly_amount * w.months), cur),
            cost_per_million_tokens: Money::new(per(output_tokens_per_month / 1e6), cur),
            cost_per_thousand_requests: Money::new(per(u.requests_per_month / 1e3), cur),
            requests_per_month: nonneg(u.requests_per_month),
            output_tokens_per_month: nonneg(output_tokens_per_month),
            utilisation: u.utilisation,
            capacity_requests_per_s: nonneg(u.capacity_rps),
            hypervisor_tax: s.tax,
            // With the concurrency from the load, what a user sees at the peak.
            decode_tokens_per_s_per_user: at_load.map_or(s.decode_user, |a| a.decode_tokens_per_s),
            ttft_ms_mean: nonneg(s.ttft_mean),
            ttft_ms_p95: nonneg(at_load.map_or(s.ttft_p95, |a| a.ttft_p95_ms)),
            latency_spread: s.spread,
            shared_cpu: s.shared_cpu,
            energy_kwh_per_month: nonneg(bill.energy_kwh),
            memory_per_gpu_bytes: sizing.memory_per_gpu_bytes,
            sequences_held: nonneg(sizing.max_concurrent_sequences_per_replica) * p.replicas as f64,
            epoch,
            job,
            break_even: None,
        }
    }
}
