//! How old the prices are on a given day: the catalogue's date, each offer's date, and "today"
//! as the caller gives it (the page: the browser's date; `sizer`: `--today`, else the
//! catalogue's own date). The core never reads a clock.
//!
//! Dates are the catalogue's (`YYYY-MM-DD`, or `YYYY-MM` / `YYYY` where the source gives no more):
//! a month-only date is taken as the month's first day, the oldest it can be, so an age is never
//! understated.

use serde::{Deserialize, Serialize};

/// A price older than this many whole months shows its age beside its date.
pub const PRICE_AGE_SHOWN_MONTHS: u32 = 6;
/// A catalogue older than this many days on the day it is used gets a notice.
pub const CATALOGUE_STALE_DAYS: u32 = 90;

/// The ages the page shows, counted to `today`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Freshness {
    /// The day the ages are counted to (`YYYY-MM-DD`).
    pub today: String,
    /// Whole days from the catalogue's date to `today` (0 when `today` is earlier).
    pub catalog_age_days: u32,
    /// Over [`CATALOGUE_STALE_DAYS`]: the page says the prices may have changed.
    pub catalog_stale: bool,
    /// Prices more than [`PRICE_AGE_SHOWN_MONTHS`] whole months old on `today`, by offer.
    #[serde(default)]
    pub old_prices: Vec<PriceAge>,
}

/// One price's age.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PriceAge {
    pub offer_id: String,
    pub as_of: String,
    /// Whole months from `as_of` to `today`.
    pub months: u32,
}

impl Freshness {
    /// The ages on `today` of a catalogue dated `catalog_as_of` and of `offers` (id, as_of). A
    /// `today` that is not a full date falls back to the catalogue's date (ages of 0 days).
    pub fn on<'a>(
        today: &str,
        catalog_as_of: &str,
        offers: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Freshness {
        let today = if is_full_date(today) {
            today.trim().to_string()
        } else {
            catalog_as_of.trim().to_string()
        };
        let catalog_age_days = days_between(catalog_as_of, &today).unwrap_or(0);
        let old_prices = offers
            .into_iter()
            .filter_map(|(id, as_of)| {
                let months = months_between(as_of, &today)?;
                (months >= PRICE_AGE_SHOWN_MONTHS).then(|| PriceAge {
                    offer_id: id.to_string(),
                    as_of: as_of.to_string(),
                    months,
                })
            })
            .collect();
        Freshness {
            today,
            catalog_age_days,
            catalog_stale: catalog_age_days > CATALOGUE_STALE_DAYS,
            old_prices,
        }
    }

    /// The age of `offer_id`'s price when it is old enough to show.
    pub fn price_age(&self, offer_id: &str) -> Option<u32> {
        self.old_prices
            .iter()
            .find(|p| p.offer_id == offer_id)
            .map(|p| p.months)
    }
}

/// (year, month, day) of a catalogue date; a missing month or day is 1.
fn parts(date: &str) -> Option<(i64, i64, i64)> {
    let date = date.trim();
    if !super::is_date(date) {
        return None;
    }
    let mut it = date.split('-').map(|p| p.parse::<i64>().ok());
    let y = it.next()??;
    let m = it.next().unwrap_or(Some(1))?;
    let d = it.next().unwrap_or(Some(1))?;
    Some((y, m, d))
}

fn is_full_date(s: &str) -> bool {
    s.trim().len() == 10 && parts(s).is_some()
}

/// Days since 0000-03-01 of a proleptic Gregorian date (the usual shift of March to the start of
/// the year, so February's length only matters at the year's end).
fn day_number((y, m, d): (i64, i64, i64)) -> i64 {
    let (y, m) = if m <= 2 { (y - 1, m + 12) } else { (y, m) };
    365 * y + y / 4 - y / 100 + y / 400 + (153 * (m - 3) + 2) / 5 + d
}

/// Whole days from `from` to `to`, 0 when `to` is earlier; `None` when either is not a date.
pub fn days_between(from: &str, to: &str) -> Option<u32> {
    let days = day_number(parts(to)?) - day_number(parts(from)?);
    Some(u32::try_from(days.max(0)).unwrap_or(u32::MAX))
}

/// Whole months from `from` to `to` (2026-03-15 to 2026-11-14: 7; to 2026-11-15: 8), 0 when
/// `to` is earlier; `None` when either is not a date.
pub fn months_between(from: &str, to: &str) -> Option<u32> {
    let (y1, m1, d1) = parts(from)?;
    let (y2, m2, d2) = parts(to)?;
    let months = (y2 * 12 + m2) - (y1 * 12 + m1) - i64::from(d2 < d1);
    Some(u32::try_from(months.max(0)).unwrap_or(u32::MAX))
}
