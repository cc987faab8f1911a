//! A fine-tuning job priced as a job, not as a month of rental: `epochs` x the hours of one epoch
//! on one copy of the model, at the offer's price for that duration, plus its setup fee.
//!
//! - **Hourly** offers (paid by the hour without commitment) charge the job's hours:
//!   hours x hourly price x the machines one copy spans.
//! - **Monthly** offers (a monthly fee, a reservation, a minimum term of a month or more) are
//!   rented for whole months: the months the job occupies (its hours spread over the `hours` a
//!   day it trains, 730 hours a month), and never fewer than the minimum term or one month. A
//!   12-month contract costs 12 months even for a 4-hour job.
//! - **Start-up** is billed once per machine on hourly offers: booting the machine, pulling the
//!   image and loading the weights before the first step, the same half hour a serving instance
//!   started each day pays ([`super::defaults::WARM_UP_HOURS_PER_DAY`]). Without it a job of a
//!   few minutes on an 8-GPU machine looks cheaper than an hour on one GPU, which no one who has
//!   waited for a bare-metal server to boot and 16 GB of weights to load would sign.
//! - A **setup fee** is paid once per machine.
//! - **Interruptible** capacity adds the spot allowance for work lost and redone
//!   ([`super::defaults::SPOT_INTERRUPTION_ALLOWANCE`]).
//!
//! Storage and traffic for the duration of a job are left out (a few euros beside the compute).
//! A job that would not end within the horizon (`months`) cannot be rented for that long: the
//! option says so ([`super::Shortfall::JobBeyondHorizon`]).

use super::evaluate::{Billing, Costing, Placement, Usage};
use super::{nonneg, EpochCost, Shortfall};
use crate::units::{Money, HOURS_PER_MONTH};

/// What one fine-tuning job costs on an option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JobCost {
    /// Passes over the training data.
    pub epochs: f64,
    /// Compute hours of the whole job on one copy of the model (`epochs` x an epoch's hours).
    pub hours: f64,
    /// Hours billed before the first step on each machine (boot, image, weights) on an hourly
    /// offer; 0 when rented by the month (the machine is up already).
    pub startup_hours: f64,
    /// What the job costs: the compute billed for it, the spot allowance, the setup fees.
    pub cost: Money,
    /// How it is billed.
    pub billing: JobBilling,
    /// Machines one copy spans (each paid).
    pub machines: u32,
    /// Setup fees in `cost`, for all the machines.
    pub setup: f64,
    /// Share added for work lost to interruptions (0 on capacity that cannot be interrupted).
    pub allowance: f64,
}

/// How a job is billed on an option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JobBilling {
    /// By the hour: `rate` an hour for each machine.
    Hourly { rate: f64 },
    /// Whole months at `rate` a month for each machine: `months` in all, of which the job
    /// itself occupies `occupied` and the offer's minimum term asks `min_term`.
    Monthly {
        rate: f64,
        months: f64,
        occupied: f64,
        min_term: f64,
    },
}

impl Costing<'_> {
    /// The job on this option, from one epoch's hours; `None` when serving or without an epoch.
    /// A job that would not end within the horizon is a shortfall (it cannot be rented so long).
    pub(super) fn job(
        &self,
        epoch: Option<&EpochCost>,
        p: &Placement,
        b: &Billing,
        u: &Usage,
        shortfalls: &mut Vec<Shortfall>,
    ) -> Option<JobCost> {
        let (w, offer) = (self.demand, self.offer);
        let epoch = epoch?;
        let epochs = w.epochs.max(1.0);
        let hours = nonneg(epoch.hours * epochs);
        let machines = p.instances_per_replica.max(1);
        // The job trains `hours_per_day` a day: the calendar it occupies.
        let calendar_hours = hours * 24.0 / w.hours_per_day.clamp(1.0, 24.0);
        let horizon_hours = w.months * HOURS_PER_MONTH;
        if self.sizing.fits && calendar_hours > horizon_hours {
            shortfalls.push(Shortfall::JobBeyondHorizon {
                hours,
                months: w.months,
            });
        }
        let startup_hours = if b.committed {
            0.0
        } else {
            nonneg(self.defaults.warm_up_hours_per_day)
        };
        let (compute, billing) = if b.committed {
            let rate = if b.monthly_fee {
                u.price
            } else {
                u.price_per_hour * HOURS_PER_MONTH
            };
            // Whole months; a job a hair over a month does not pay a second one for rounding.
            let occupied = (calendar_hours / HOURS_PER_MONTH - 1e-9).ceil().max(1.0);
            let min_term = nonneg(offer.min_term_months);
            let months = occupied.max(min_term.ceil()).max(1.0);
            (
                months * rate * machines as f64,
                JobBilling::Monthly {
                    rate,
                    months,
                    occupied,
                    min_term,
                },
            )
        } else {
            let rate = u.price_per_hour;
            (
                (hours + startup_hours) * rate * machines as f64,
                JobBilling::Hourly { rate },
            )
        };
        let allowance = if super::evaluate::is_interruptible(offer) {
            self.defaults.spot_interruption_allowance
        } else {
            0.0
        };
        let setup = offer
            .setup_fee
            .filter(|f| f.amount > 0.0)
            .map(|f| self.conv(Money::new(f.amount, f.currency)) * machines as f64)
            .unwrap_or(0.0);
        Some(JobCost {
            epochs,
            hours,
            startup_hours,
            cost: Money::new(nonneg(compute * (1.0 + allowance) + setup), self.cur),
            billing,
            machines,
            setup: nonneg(setup),
            allowance,
        })
    }
}
