//! The lines of one offer's monthly bill, each with the figures behind it: compute (busy and idle),
//! spot allowance, setup fee, minimum term, egress, storage, monitoring and energy.

use super::evaluate::{Bill, Billing, Costing, Placement, Usage};
use super::lines::{Basis, CostItem, LineKey};
use super::nonneg;
use crate::catalog::{Offer, OfferKind, Virtualization};
use crate::units::{Money, DAYS_PER_MONTH};

impl Costing<'_> {
    /// Every line of the bill, in the report's order, and the energy drawn a month (kWh).
    pub(super) fn bill(&self, b: &Billing, p: &Placement, u: &Usage) -> Bill {
        let mut lines = Vec::with_capacity(9);
        // A bought server: amortisation, financing, setup, colocation, power and operations
        // instead of a rental's compute bill and energy (`own.rs`).
        let own_kwh = match &self.offer.purchase {
            Some(pu) => Some(self.own_lines(pu, p, &mut lines)),
            None => {
                self.compute_lines(b, p, u, &mut lines);
                None
            }
        };
        lines.push(self.egress(p, u));
        lines.push(self.storage(p));
        lines.push(self.monitoring(p));
        if let Some(energy_kwh) = own_kwh {
            return Bill { lines, energy_kwh };
        }
        let energy_kwh = self.energy_kwh(p);
        if let Some(energy) = self.energy(energy_kwh) {
            lines.push(energy);
        }
        Bill { lines, energy_kwh }
    }

    /// Compute: the busy share and the idle share of the bill; spot's interruption allowance; the
    /// setup fee spread over the horizon; a minimum term beyond it.
    fn compute_lines(&self, b: &Billing, p: &Placement, u: &Usage, lines: &mut Vec<CostItem>) {
        let (offer, w, d) = (self.offer, self.demand, self.defaults);
        let (compute, servers) = (u.compute, p.servers);
        lines.extend([
            CostItem {
                key: LineKey::Compute,
                monthly: self.per_month(compute * u.utilisation),
                assumed: false,
                basis: Basis::Compute {
                    servers,
                    rate: u.price,
                    per_month: b.monthly_fee,
                    hours: b.billed_hours,
                    busy: u.utilisation,
                },
            },
            CostItem {
                key: LineKey::Idle,
                monthly: self.per_month(compute * (1.0 - u.utilisation)),
                assumed: !d.peak_given,
                basis: Basis::Idle {
                    share: 1.0 - u.utilisation,
                    peak_factor: d.peak_factor,
                    warm_up_hours_per_day: b.warm_up,
                    hours_per_day: w.hours_per_day,
                },
            },
        ]);
        if super::evaluate::is_interruptible(offer) {
            lines.push(CostItem {
                key: LineKey::SpotAllowance,
                monthly: self.per_month(compute * d.spot_interruption_allowance),
                assumed: true,
                basis: Basis::SpotAllowance {
                    share: d.spot_interruption_allowance,
                },
            });
        }
        if let Some(fee) = offer.setup_fee.filter(|f| f.amount > 0.0) {
            let fee = self.conv(Money::new(fee.amount, fee.currency));
            lines.push(CostItem {
                key: LineKey::Setup,
                monthly: self.per_month(fee * servers as f64 / w.months),
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
                monthly: self.per_month(compute * (min_term - w.months) / w.months),
                assumed: false,
                basis: Basis::MinTerm {
                    min_months: min_term,
                    months: w.months,
                },
            });
        }
    }

    /// Egress: the traffic given, or derived from requests x output tokens x bytes per token x
    /// JSON/HTTP overhead; beyond the free allowance of each server, at the offer's price (cloud
    /// without stated terms: the default; other servers without stated terms: included).
    fn egress(&self, p: &Placement, u: &Usage) -> CostItem {
        let (offer, w, d) = (self.offer, self.demand, self.defaults);
        // An encoder answers each request with one vector: its values x 4 bytes, not tokens
        // of text (all-MiniLM-L6-v2: 384 x 4 = 1,536 bytes a request before framing).
        let dims = if w.embedding_dims > 0.0 {
            w.embedding_dims
        } else {
            super::defaults::EMBEDDING_DIMS
        };
        let vector = w.embeds.then_some(dims);
        let (egress_gb, derived) = match (d.egress_gb, vector) {
            (Some(gb), _) => (gb, None),
            (None, Some(dims)) => (
                u.requests_per_month
                    * dims
                    * super::defaults::BYTES_PER_EMBEDDING_VALUE
                    * d.response_overhead_factor
                    / 1e9,
                Some((
                    super::defaults::BYTES_PER_EMBEDDING_VALUE,
                    d.response_overhead_factor,
                )),
            ),
            (None, None) => (
                u.requests_per_month
                    * w.tokens_out
                    * d.bytes_per_output_token
                    * d.response_overhead_factor
                    / 1e9,
                Some((d.bytes_per_output_token, d.response_overhead_factor)),
            ),
        };
        let ((included_tb, egress_price, unmetered), terms_assumed) = match offer.egress {
            Some(e) => (
                (
                    e.included_tb,
                    self.conv(Money::new(e.price_per_gb, e.currency)),
                    e.unmetered,
                ),
                false,
            ),
            None if offer.kind.is_cloud() => (
                (
                    d.cloud_egress_included_tb,
                    self.conv(d.cloud_egress_per_gb),
                    false,
                ),
                true,
            ),
            // Bare metal, VPS and dedicated servers without stated terms: traffic included.
            None => ((0.0, 0.0, true), true),
        };
        let included_gb = nonneg(included_tb) * 1000.0 * p.servers as f64;
        let egress_cost = if unmetered {
            0.0
        } else {
            nonneg(egress_gb - included_gb) * egress_price
        };
        CostItem {
            key: LineKey::Egress,
            monthly: self.per_month(egress_cost),
            assumed: derived.is_some() || terms_assumed,
            basis: Basis::Egress {
                gb: nonneg(egress_gb),
                included_gb,
                price_per_gb: egress_price,
                unmetered,
                derived,
                vector: vector.filter(|_| derived.is_some()),
            },
        }
    }

    /// Storage for the weights and their versions. Cloud: a persistent volume at the provider's
    /// price (or the named default), local instance disks being ephemeral. Bare metal, VPS and
    /// dedicated servers: the local disks in the fee; beyond a stated local disk, the provider's
    /// volumes where priced.
    fn storage(&self, p: &Placement) -> CostItem {
        let (offer, d) = (self.offer, self.defaults);
        let storage_gb = nonneg(
            d.storage_gb
                .unwrap_or(self.sizing.weights_bytes as f64 / 1e9 * d.weight_versions_kept),
        );
        let offer_storage_price = offer
            .storage_per_gb_month
            .filter(|p| p.is_finite() && *p >= 0.0)
            .map(|p| self.conv(Money::new(p, offer.price.currency)));
        let (billable_gb, storage_price, price_assumed, local_gb) = if offer.kind.is_cloud() {
            let price =
                offer_storage_price.unwrap_or_else(|| self.conv(d.cloud_storage_per_gb_month));
            (storage_gb, price, offer_storage_price.is_none(), 0.0)
        } else {
            match (offer.local_storage_gb.map(nonneg), offer_storage_price) {
                (Some(local), Some(price)) if local < storage_gb => {
                    ((storage_gb - local) * p.servers as f64, price, false, local)
                }
                (local, price) => (
                    0.0,
                    price.unwrap_or(0.0),
                    false,
                    local.unwrap_or(storage_gb),
                ),
            }
        };
        CostItem {
            key: LineKey::Storage,
            monthly: self.per_month(billable_gb * storage_price),
            assumed: d.storage_gb.is_none() || price_assumed,
            basis: Basis::Storage {
                gb: storage_gb,
                versions: d.weight_versions_kept,
                price_per_gb_month: storage_price,
                local_gb,
            },
        }
    }

    /// Monitoring, logging, alerting: as given; else a cloud default per instance, or self-hosted
    /// on the server and included in its fee.
    fn monitoring(&self, p: &Placement) -> CostItem {
        let d = self.defaults;
        let monitoring_included = !self.offer.kind.is_cloud();
        let per_server = self.conv(d.cloud_monitoring_per_instance);
        let monitoring = match d.monitoring {
            Some(m) => m,
            None if monitoring_included => 0.0,
            None => per_server * p.servers as f64,
        };
        CostItem {
            key: LineKey::Monitoring,
            monthly: self.per_month(monitoring),
            assumed: d.monitoring.is_none(),
            basis: Basis::Monitoring {
                per_server,
                servers: p.servers,
                given: d.monitoring.is_some(),
                included: monitoring_included,
            },
        }
    }

    /// Energy at load for the hours the service runs, kWh a month (PUE included).
    fn energy_kwh(&self, p: &Placement) -> f64 {
        nonneg(self.sizing.power_w_per_instance)
            * p.servers as f64
            * self.defaults.pue
            * self.demand.hours_per_day
            * DAYS_PER_MONTH
            / 1000.0
    }

    /// Energy's cost: paid only on physical servers the user powers (own or colocated) when an
    /// energy price is given. Rented prices include power.
    fn energy(&self, kwh: f64) -> Option<CostItem> {
        let d = self.defaults;
        let kwh_price = d.kwh_price.filter(|_| pays_own_power(self.offer))?;
        Some(CostItem {
            key: LineKey::Energy,
            monthly: self.per_month(kwh * kwh_price),
            assumed: !d.pue_given,
            basis: Basis::Energy {
                kwh,
                price_per_kwh: kwh_price,
                pue: d.pue,
            },
        })
    }
}

/// Physical servers whose power the user may pay (own or colocated hardware): bare-metal GPU
/// servers and dedicated CPU servers, not virtualised or cloud offers.
fn pays_own_power(offer: &Offer) -> bool {
    offer.virtualization == Virtualization::BareMetal
        && matches!(offer.kind, OfferKind::BareMetal | OfferKind::DedicatedCpu)
}
