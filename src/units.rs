//! Units that carry their meaning in the type: bytes, money per hour, per month, one-off.
//!
//! Per hour vs per month is the classic costing bug, so the two are different types and the only
//! way from one to the other is through an explicit number of hours ([`HOURS_PER_MONTH`] for a
//! service that runs around the clock).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Sub};

/// Hours in the average month (8,760 h / 12), the convention every cloud price page uses.
pub const HOURS_PER_MONTH: f64 = 730.0;
/// Weeks in the average month (52.143 / 12).
pub const WEEKS_PER_MONTH: f64 = 365.0 / 7.0 / 12.0;
/// Days in the average month.
pub const DAYS_PER_MONTH: f64 = 365.0 / 12.0;

pub const KIB: f64 = 1024.0;
pub const MIB: f64 = 1024.0 * 1024.0;
pub const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
pub const GB: f64 = 1e9;

/// A quantity of memory in bytes. `f64` because some formats store fractional bytes per element
/// (q8_0 is 34 bytes per 32 values); integers are exact up to 2^53 (9 PB).
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Bytes(pub f64);

impl Bytes {
    pub const ZERO: Bytes = Bytes(0.0);
    pub fn from_gib(gib: f64) -> Self {
        Bytes(gib * GIB)
    }
    pub fn from_gb(gb: f64) -> Self {
        Bytes(gb * GB)
    }
    pub fn gib(self) -> f64 {
        self.0 / GIB
    }
    pub fn gb(self) -> f64 {
        self.0 / GB
    }
    /// Whole bytes, rounded up, saturating (never negative, never NaN).
    pub fn whole(self) -> u64 {
        if self.0.is_nan() || self.0 <= 0.0 {
            0
        } else if self.0 >= u64::MAX as f64 {
            u64::MAX
        } else {
            self.0.ceil() as u64
        }
    }
    pub fn max(self, other: Bytes) -> Bytes {
        Bytes(self.0.max(other.0))
    }
}

impl Add for Bytes {
    type Output = Bytes;
    fn add(self, rhs: Bytes) -> Bytes {
        Bytes(self.0 + rhs.0)
    }
}
impl AddAssign for Bytes {
    fn add_assign(&mut self, rhs: Bytes) {
        self.0 += rhs.0;
    }
}
impl Sub for Bytes {
    type Output = Bytes;
    fn sub(self, rhs: Bytes) -> Bytes {
        Bytes(self.0 - rhs.0)
    }
}
impl Mul<f64> for Bytes {
    type Output = Bytes;
    fn mul(self, rhs: f64) -> Bytes {
        Bytes(self.0 * rhs)
    }
}
impl std::iter::Sum for Bytes {
    fn sum<I: Iterator<Item = Bytes>>(iter: I) -> Bytes {
        Bytes(iter.map(|b| b.0).sum())
    }
}

/// The two currencies prices are quoted and shown in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Currency {
    #[default]
    #[serde(rename = "EUR")]
    Eur,
    #[serde(rename = "USD")]
    Usd,
}

impl Currency {
    pub fn code(self) -> &'static str {
        match self {
            Currency::Eur => "EUR",
            Currency::Usd => "USD",
        }
    }
    pub fn parse(s: &str) -> Option<Currency> {
        match s.trim().to_ascii_uppercase().as_str() {
            "EUR" => Some(Currency::Eur),
            "USD" => Some(Currency::Usd),
            _ => None,
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The exchange rate of the catalogue: US dollars for one euro.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UsdPerEur(pub f64);

/// An amount of money in a currency, with no time unit: wrap it in [`PerHour`], [`PerMonth`] or
/// [`OneOff`] to say what it is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Money {
    pub amount: f64,
    pub currency: Currency,
}

impl Money {
    pub fn new(amount: f64, currency: Currency) -> Self {
        Money { amount, currency }
    }
    pub fn zero(currency: Currency) -> Self {
        Money {
            amount: 0.0,
            currency,
        }
    }
    /// The same value in another currency at the catalogue's rate.
    pub fn to(self, currency: Currency, rate: UsdPerEur) -> Money {
        let amount = match (self.currency, currency) {
            (a, b) if a == b => self.amount,
            (Currency::Eur, Currency::Usd) => self.amount * rate.0,
            (Currency::Usd, Currency::Eur) => self.amount / rate.0,
            _ => unreachable!(),
        };
        Money { amount, currency }
    }
    fn plus(self, rhs: Money) -> Money {
        debug_assert_eq!(
            self.currency, rhs.currency,
            "adding money in two currencies"
        );
        Money {
            amount: self.amount + rhs.amount,
            currency: self.currency,
        }
    }
    fn times(self, k: f64) -> Money {
        Money {
            amount: self.amount * k,
            currency: self.currency,
        }
    }
}

macro_rules! money_period {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub Money);

        impl $name {
            pub fn new(amount: f64, currency: Currency) -> Self {
                $name(Money::new(amount, currency))
            }
            pub fn zero(currency: Currency) -> Self {
                $name(Money::zero(currency))
            }
            pub fn amount(self) -> f64 {
                self.0.amount
            }
            pub fn currency(self) -> Currency {
                self.0.currency
            }
            pub fn to(self, currency: Currency, rate: UsdPerEur) -> Self {
                $name(self.0.to(currency, rate))
            }
        }
        impl Add for $name {
            type Output = $name;
            fn add(self, rhs: $name) -> $name {
                $name(self.0.plus(rhs.0))
            }
        }
        impl AddAssign for $name {
            fn add_assign(&mut self, rhs: $name) {
                *self = *self + rhs;
            }
        }
        impl Mul<f64> for $name {
            type Output = $name;
            fn mul(self, k: f64) -> $name {
                $name(self.0.times(k))
            }
        }
    };
}

money_period!(
    /// A price per hour of use.
    PerHour
);
money_period!(
    /// A cost per month.
    PerMonth
);
money_period!(
    /// A one-off payment (setup fee).
    OneOff
);

impl PerHour {
    /// The monthly bill for `hours` billed hours a month.
    pub fn for_hours_a_month(self, hours: f64) -> PerMonth {
        PerMonth(self.0.times(hours))
    }
    /// Around the clock: 730 hours a month.
    pub fn around_the_clock(self) -> PerMonth {
        self.for_hours_a_month(HOURS_PER_MONTH)
    }
}

impl PerMonth {
    /// The equivalent rate per hour when the month is `hours` long.
    pub fn per_hour_over(self, hours: f64) -> PerHour {
        PerHour(self.0.times(1.0 / hours))
    }
    /// Total over `months` months.
    pub fn over_months(self, months: f64) -> Money {
        self.0.times(months)
    }
}

impl OneOff {
    /// The fee spread evenly over a horizon of `months`.
    pub fn spread_over(self, months: f64) -> PerMonth {
        PerMonth(self.0.times(1.0 / months.max(1.0)))
    }
}

/// `v`, or 0 where it is NaN or infinite: a figure the report can always print.
pub fn finite_or_zero(v: f64) -> f64 {
    if v.is_finite() {
        v
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_hourly_price_around_the_clock_is_730_hours() {
        // 4 x H100 at 11 EUR per GPU-hour = 44 EUR/h; 44 x 730 = 32,120 EUR a month.
        let m = PerHour::new(44.0, Currency::Eur).around_the_clock();
        assert_eq!(m.amount(), 32_120.0);
    }

    #[test]
    fn money_converts_at_the_catalogue_rate() {
        let rate = UsdPerEur(1.16);
        let usd = Money::new(100.0, Currency::Eur).to(Currency::Usd, rate);
        assert!((usd.amount - 116.0).abs() < 1e-9);
        let back = usd.to(Currency::Eur, rate);
        assert!((back.amount - 100.0).abs() < 1e-9);
    }

    #[test]
    fn bytes_saturate_when_made_whole() {
        assert_eq!(Bytes(f64::NAN).whole(), 0);
        assert_eq!(Bytes(-5.0).whole(), 0);
        assert_eq!(Bytes(1e30).whole(), u64::MAX);
        assert_eq!(Bytes(1.5).whole(), 2);
    }
}
