//! The cost lines of an option: which cost each is, its monthly amount and the figures behind it
//! (a [`Basis`], written in words by [`crate::words::cost`]).

use crate::lang::Lang;
use crate::units::PerMonth;
pub use crate::words::cost::Basis;

/// Which cost a line is. The ids are the report's `CostLine.key`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKey {
    /// The compute bill for the share of paid capacity the load uses.
    Compute,
    /// The compute bill for capacity paid while idle (peak headroom, warm-up, quiet hours).
    Idle,
    /// Extra spot capacity against interruptions.
    SpotAllowance,
    /// Setup fee spread over the horizon.
    Setup,
    /// Months of a minimum term beyond the horizon, spread over it.
    MinTerm,
    Egress,
    Storage,
    Monitoring,
    /// Power paid by the user (own or colocated hardware with `kwh_price`).
    Energy,
    /// A bought server's price less its residual value, spread over its depreciation period.
    Amortisation,
    /// Interest on a loan for the purchase (with a rate given).
    Financing,
    /// The site's rent for a bought server (per kW of its draw, or per rack unit).
    Colocation,
    /// A bought server's energy, where the site bills it apart.
    Power,
    /// Remote hands and staff time for a bought server.
    Operations,
}

impl LineKey {
    pub fn id(self) -> &'static str {
        match self {
            LineKey::Compute => "compute",
            LineKey::Idle => "idle",
            LineKey::SpotAllowance => "spot_allowance",
            LineKey::Setup => "setup",
            LineKey::MinTerm => "min_term",
            LineKey::Egress => "egress",
            LineKey::Storage => "storage",
            LineKey::Monitoring => "monitoring",
            LineKey::Energy => "energy",
            LineKey::Amortisation => "amortisation",
            LineKey::Financing => "financing",
            LineKey::Colocation => "colocation",
            LineKey::Power => "power",
            LineKey::Operations => "operations",
        }
    }
}

/// One cost line of an option, in the display currency.
#[derive(Clone, Debug, PartialEq)]
pub struct CostItem {
    pub key: LineKey,
    pub monthly: PerMonth,
    /// Rests on a default the user did not set.
    pub assumed: bool,
    pub basis: Basis,
}

impl CostItem {
    /// The line's basis as a sentence.
    pub fn sentence(&self, lang: Lang) -> String {
        self.basis.sentence(self.monthly.currency(), lang)
    }
}
