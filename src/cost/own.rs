//! Owned hardware (kind `own`): a server bought, amortised over its depreciation period to a
//! residual value, colocated (per kW of its draw at the wall, or per rack unit), powered (per
//! kWh x PUE where the site bills energy apart), operated (remote hands and staff time), set up
//! and shipped, and financed when the user gives a rate. Every default is named here with its
//! source; the user's edits come from the scenario's assumptions (`amort_months`, `residual`,
//! `colo_kw`, `ops`, `setup`, `finance`, `overhead_w`, and `kwh`, `pue`).

use super::evaluate::{Costing, Placement};
use super::lines::{Basis, CostItem, LineKey};
use super::nonneg;
use crate::catalog::Purchase;
use crate::scenario::Assumptions;
use crate::units::{Currency, Money, DAYS_PER_MONTH};
pub use crate::words::own::{OwnBasis, OwnLine};

/// Months a bought server is depreciated over: 48, straight line. The hyperscalers book 5-6
/// years (Microsoft and Alphabet 6, Amazon's AI servers 5 from 2025, their 10-Ks), but that is an
/// accounting life, not a resale forecast; the research notes suggest 3-5 years for GPU servers,
/// whose value falls fast with each generation (theCUBE Research). Editable (`amort_months`).
pub const DEFAULT_AMORT_MONTHS: f64 = 48.0;

/// What a GPU server resells for, as a fraction of new, at 0, 1, 2, 3 and 4 years: SpotWire's
/// H100 PCIe vintage curve (valuator_data.json, CC-BY-4.0, 2026-06-04; an anchor-based curve).
/// It agrees with Silicon Data's ~45% for an H100 system in its third year (0.46 at 3 years).
/// Used between the points by straight lines; past 4 years it keeps falling by the last year's
/// 0.11 a year, to nothing.
pub const RESALE_CURVE: [f64; 5] = [1.0, 0.78, 0.60, 0.46, 0.35];

/// The default residual value after `months`: [`RESALE_CURVE`] there (0.35 at 48 months).
pub fn resale_fraction(months: f64) -> f64 {
    let years = nonneg(months) / 12.0;
    let last = RESALE_CURVE.len() - 1;
    if years >= last as f64 {
        let slope = RESALE_CURVE[last - 1] - RESALE_CURVE[last];
        return nonneg(RESALE_CURVE[last] - slope * (years - last as f64));
    }
    let i = years.floor() as usize;
    let t = years - i as f64;
    RESALE_CURVE[i] + (RESALE_CURVE[i + 1] - RESALE_CURVE[i]) * t
}

/// Remote hands a month: a 3-hour plan at 365 Data Centers, USD 345 ($115/h; ad hoc $165/h;
/// <https://www.365datacenters.com/services/client-support/remote-hands-policy/>).
pub const DEFAULT_REMOTE_HANDS: Money = Money {
    amount: 345.0,
    currency: Currency::Usd,
};

/// Your own staff's time on one server a month (patching, monitoring, a failed part): 8 hours.
/// An assumption, editable with the whole operations figure (`ops`).
pub const DEFAULT_STAFF_HOURS: f64 = 8.0;

/// What an hour of that staff time costs, loaded: USD 100 (an assumption).
pub const DEFAULT_STAFF_RATE: Money = Money {
    amount: 100.0,
    currency: Currency::Usd,
};

/// Rack-and-stack at the site when the server arrives: 4 hours of remote hands at QTS's ad hoc
/// USD 200/h (<https://qtsdatacenters.com/smartcart-service-catalog>).
pub const DEFAULT_INSTALL_HOURS: f64 = 4.0;
pub const DEFAULT_INSTALL_RATE: Money = Money {
    amount: 200.0,
    currency: Currency::Usd,
};

/// Freight and insurance of one server to the site: USD 1,500 (an assumption).
pub const DEFAULT_FREIGHT: Money = Money {
    amount: 1500.0,
    currency: Currency::Usd,
};

/// Operations a month by default: remote hands plus staff time (USD 1,145).
pub fn default_operations() -> Money {
    Money::new(
        DEFAULT_REMOTE_HANDS.amount + DEFAULT_STAFF_HOURS * DEFAULT_STAFF_RATE.amount,
        Currency::Usd,
    )
}

/// Setup and shipping by default: rack-and-stack plus freight (USD 2,300).
pub fn default_setup() -> Money {
    Money::new(
        DEFAULT_INSTALL_HOURS * DEFAULT_INSTALL_RATE.amount + DEFAULT_FREIGHT.amount,
        Currency::Usd,
    )
}

/// The owned-hardware assumptions the user gave (display currency), over the defaults above.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnDefaults {
    pub amort_months: f64,
    pub amort_given: bool,
    /// Residual value at the end of `amort_months`, fraction of new; `None`: [`resale_fraction`].
    pub residual: Option<f64>,
    /// Colocation per kW-month, display currency; `None`: the site's.
    pub colo_per_kw: Option<f64>,
    /// Operations per server a month, display currency; `None`: [`default_operations`].
    pub operations: Option<f64>,
    /// Setup and shipping per server, display currency; `None`: [`default_setup`].
    pub setup: Option<f64>,
    /// Yearly interest rate of a loan for the purchase, fraction; `None`: paid in cash.
    pub finance_rate: Option<f64>,
    /// Draw at the wall beyond the GPUs, W per server; `None`: the hardware row's.
    pub overhead_w: Option<f64>,
}

impl Default for OwnDefaults {
    fn default() -> Self {
        OwnDefaults {
            amort_months: DEFAULT_AMORT_MONTHS,
            amort_given: false,
            residual: None,
            colo_per_kw: None,
            operations: None,
            setup: None,
            finance_rate: None,
            overhead_w: None,
        }
    }
}

impl OwnDefaults {
    /// The defaults with the scenario's edits, each brought into range (a second guard after
    /// the scenario's own clamping).
    pub fn with_assumptions(a: &Assumptions) -> Self {
        let finite = |x: Option<f64>| x.filter(|v| v.is_finite());
        let money = |x: Option<f64>| finite(x).map(|v| v.max(0.0));
        let mut d = OwnDefaults::default();
        if let Some(m) = finite(a.amort_months) {
            d.amort_months = m.clamp(6.0, 120.0).round();
            d.amort_given = true;
        }
        d.residual = finite(a.residual).map(|r| r.clamp(0.0, 0.9));
        d.colo_per_kw = money(a.colo_kw);
        d.operations = money(a.ops);
        d.setup = money(a.setup);
        d.finance_rate = finite(a.finance)
            .map(|r| r.clamp(0.0, 50.0) / 100.0)
            .filter(|r| *r > 0.0);
        d.overhead_w = finite(a.overhead_w).map(|w| w.clamp(0.0, 100_000.0));
        d
    }

    /// The residual value at the end of the depreciation period, fraction of new.
    pub fn residual_fraction(&self) -> f64 {
        self.residual
            .unwrap_or_else(|| resale_fraction(self.amort_months))
    }
}

/// The monthly figures of one bought server, display currency (the lines before scaling by the
/// servers), and what they rest on.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnFigures {
    /// Purchase price of one server.
    pub price: f64,
    pub setup: f64,
    pub amortisation: f64,
    pub financing: Option<f64>,
    pub setup_monthly: f64,
    pub colocation: f64,
    pub power: f64,
    pub operations: f64,
    /// Draw at the wall at full load, kW.
    pub draw_kw: f64,
    /// Energy a month, kWh at the wall times PUE.
    pub energy_kwh: f64,
    pub basis: OwnBasis,
}

impl OwnFigures {
    /// Everything but the energy: what the server costs a month whether it runs or not.
    pub fn fixed(&self) -> f64 {
        self.amortisation
            + self.financing.unwrap_or(0.0)
            + self.setup_monthly
            + self.colocation
            + self.operations
    }
    /// Cash out of pocket a month once bought: colocation, power, operations.
    pub fn running(&self) -> f64 {
        self.colocation + self.power + self.operations
    }
}

/// The words' name of an owned line.
fn own_line(key: LineKey) -> OwnLine {
    match key {
        LineKey::Financing => OwnLine::Financing,
        LineKey::Setup => OwnLine::Setup,
        LineKey::Colocation => OwnLine::Colocation,
        LineKey::Power => OwnLine::Power,
        LineKey::Operations => OwnLine::Operations,
        _ => OwnLine::Amortisation,
    }
}

/// A loan's monthly payment less its principal share (`principal / months`): the interest paid
/// on average each month over a fully amortising loan at `yearly` interest.
fn average_interest(principal: f64, yearly: f64, months: f64) -> f64 {
    let i = yearly / 12.0;
    if !(i > 0.0 && months >= 1.0) {
        return 0.0;
    }
    let payment = principal * i / (1.0 - (1.0 + i).powf(-months));
    nonneg(payment - principal / months)
}

impl Costing<'_> {
    /// One bought server's figures: its price, the lines a month and the basis of each.
    pub(super) fn own_figures(&self, pu: &Purchase) -> OwnFigures {
        let (d, own) = (self.defaults, &self.defaults.own);
        let hw = &pu.hardware;
        let site = &pu.colocation;
        let price = self.conv(Money::new(hw.price, hw.currency));
        let months = own.amort_months.max(1.0);
        let residual = own.residual_fraction();
        let setup = own.setup.unwrap_or_else(|| self.conv(default_setup()));
        let operations = own
            .operations
            .unwrap_or_else(|| self.conv(default_operations()));
        let overhead_w = own.overhead_w.unwrap_or(nonneg(hw.overhead_w));
        let gpus_w = nonneg(pu.gpu_tdp_w) * hw.gpu_count as f64;
        let draw_kw = (gpus_w + overhead_w) / 1000.0;
        let site_per_kw = site
            .per_kw_month
            .map(|p| self.conv(Money::new(p, site.currency)));
        let per_kw = own.colo_per_kw.or(site_per_kw);
        let per_unit = site
            .per_rack_unit_month
            .map(|p| self.conv(Money::new(p, site.currency)));
        let units = hw.rack_units.map(nonneg);
        let colocation = match (per_kw, per_unit, units) {
            (Some(kw), _, _) => draw_kw * kw,
            (None, Some(u), Some(n)) => u * n,
            _ => 0.0,
        };
        let kwh_price = d.kwh_price.or_else(|| {
            site.kwh_price
                .map(|p| self.conv(Money::new(p, site.currency)))
        });
        let energy_kwh = draw_kw * self.demand.hours_per_day * DAYS_PER_MONTH * d.pue;
        let power = if site.power_included {
            0.0
        } else {
            energy_kwh * kwh_price.unwrap_or(0.0)
        };
        let financing = own.finance_rate.map(|r| average_interest(price, r, months));
        OwnFigures {
            price,
            setup,
            amortisation: nonneg(price * (1.0 - residual) / months),
            financing,
            setup_monthly: nonneg(setup / months),
            colocation: nonneg(colocation),
            power: nonneg(power),
            operations,
            draw_kw,
            energy_kwh: nonneg(energy_kwh),
            basis: OwnBasis {
                price,
                months,
                residual,
                residual_given: own.residual.is_some(),
                finance_rate: own.finance_rate.unwrap_or(0.0),
                setup,
                setup_given: own.setup.is_some(),
                gpus_w,
                overhead_w,
                draw_kw,
                per_kw,
                per_unit: per_unit.filter(|_| per_kw.is_none()),
                units,
                site: site.name.clone(),
                power_included: site.power_included,
                kwh_price: kwh_price.unwrap_or(0.0),
                pue: d.pue,
                hours_per_day: self.demand.hours_per_day,
                energy_kwh,
                operations,
                operations_given: own.operations.is_some(),
                servers: 1,
                line: OwnLine::Amortisation,
            },
        }
    }

    /// The lines of a bought server's bill, for `p.servers` servers, and the energy drawn (kWh).
    pub(super) fn own_lines(&self, pu: &Purchase, p: &Placement, lines: &mut Vec<CostItem>) -> f64 {
        let f = self.own_figures(pu);
        let n = p.servers as f64;
        let own = &self.defaults.own;
        let item = |key: LineKey, amount: f64, assumed: bool| CostItem {
            key,
            monthly: self.per_month(amount * n),
            assumed,
            basis: Basis::Own(Box::new(OwnBasis {
                servers: p.servers,
                line: own_line(key),
                ..f.basis.clone()
            })),
        };
        lines.push(item(
            LineKey::Amortisation,
            f.amortisation,
            !own.amort_given || own.residual.is_none(),
        ));
        if let Some(interest) = f.financing {
            lines.push(item(LineKey::Financing, interest, false));
        }
        lines.push(item(LineKey::Setup, f.setup_monthly, own.setup.is_none()));
        lines.push(item(LineKey::Colocation, f.colocation, false));
        lines.push(item(LineKey::Power, f.power, !self.defaults.pue_given));
        lines.push(item(
            LineKey::Operations,
            f.operations,
            own.operations.is_none(),
        ));
        f.energy_kwh * n
    }
}
