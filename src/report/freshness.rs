//! The report's ages of the prices, counted to a day the caller gives (the page: the browser's
//! date; `sizer --today`). `evaluate` counts them to the catalogue's own date.

use super::{OptionReport, Report};
use crate::catalog::Freshness;

/// The ages of `options`' prices and of a catalogue dated `catalog_as_of`, on `today`.
pub(super) fn of(options: &[OptionReport], catalog_as_of: &str, today: &str) -> Freshness {
    Freshness::on(
        today,
        catalog_as_of,
        options
            .iter()
            .map(|o| (o.offer_id.as_str(), o.as_of.as_str())),
    )
}

impl Report {
    /// The same report with its ages counted to `today` (`YYYY-MM-DD`); a `today` that is not a
    /// date counts them to the catalogue's date.
    pub fn counted_to(mut self, today: &str) -> Report {
        self.freshness = of(&self.options, &self.catalog_as_of, today);
        self
    }
}
