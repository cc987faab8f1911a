//! What buying the hardware costs (the catalogue's `hardware` and `colocation`, docs/interface.md
//! §3): servers with their purchase price and the draw at the wall beyond their GPUs, and the
//! colocation sites that house them, priced per kW of that draw (or per rack unit), with the
//! energy price where the site bills power apart. Field names are a public contract: add, never
//! rename.

use super::validate::{is_date, Fault, Problem, ProblemKind};
use crate::units::Currency;
use serde::{Deserialize, Serialize};

/// One server a person can buy, whole: GPUs, chassis, CPUs, memory and network.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HardwarePrice {
    pub id: String,
    pub name: String,
    /// The GPU model (an id of the catalogue's `gpus`).
    pub gpu_id: String,
    pub gpu_count: u32,
    /// The price of the whole server, new.
    pub price: f64,
    pub currency: Currency,
    /// `quote` (a vendor's quote), `street` (a dated retail price), `list`, or `composed` (the
    /// GPUs at their street price plus the platform of the same class: see `notes`).
    pub price_kind: String,
    /// Watts the server draws at full load beyond its GPUs' TDP (CPUs, memory, switches, fans,
    /// network cards, power-supply losses).
    pub overhead_w: f64,
    /// Rack units the server takes (for sites priced per unit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rack_units: Option<f64>,
    pub source: String,
    pub as_of: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// A colocation site: space, cooling and power capacity per kW of the server's draw a month (or
/// per rack unit), and power by the kWh when the site bills it apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Colocation {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub region: String,
    /// The law the server sits under: its site's (`EU`, an ISO code, `other`).
    pub jurisdiction: String,
    #[serde(default)]
    pub region_eu: bool,
    /// Price per kW of the server's draw at the wall, a month.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_kw_month: Option<f64>,
    /// Price per rack unit a month, where that is how the site sells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_rack_unit_month: Option<f64>,
    pub currency: Currency,
    /// The price includes the energy the server uses.
    #[serde(default)]
    pub power_included: bool,
    /// The energy price per kWh where the site bills it apart (in `currency`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kwh_price: Option<f64>,
    pub source: String,
    pub as_of: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

/// What an owned option is built from: the server bought and the site that houses it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Purchase {
    pub hardware: HardwarePrice,
    pub colocation: Colocation,
    /// The TDP of one of its GPUs, W (from the catalogue's `gpus`).
    #[serde(default)]
    pub gpu_tdp_w: f64,
}

/// Why a `hardware` or `colocation` row cannot be used, with the figure its sentence quotes.
pub use crate::words::own::OwnFault;

fn positive(x: f64) -> bool {
    x.is_finite() && x > 0.0
}

/// The problems of the `hardware` and `colocation` lists, one per fault, each named by its row
/// (`hardware[0] (hgx-h100-8x)`). `known_gpu` says whether a GPU id is in the catalogue.
pub(super) fn check_own(
    hardware: &[HardwarePrice],
    colocation: &[Colocation],
    known_gpu: impl Fn(&str) -> bool,
) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut add = |path: &str, fault: OwnFault| {
        out.push(Problem {
            kind: ProblemKind::BadOwn,
            path: path.to_string(),
            fault: Fault::Own(fault),
        })
    };
    for (i, h) in hardware.iter().enumerate() {
        let path = format!("hardware[{i}] ({})", h.id.trim());
        for (field, text) in [("id", &h.id), ("name", &h.name), ("source", &h.source)] {
            if text.trim().is_empty() {
                add(&path, OwnFault::MissingField { field });
            }
        }
        if !known_gpu(&h.gpu_id) {
            add(
                &path,
                OwnFault::UnknownGpu {
                    id: h.gpu_id.clone(),
                },
            );
        }
        if h.gpu_count == 0 {
            add(
                &path,
                OwnFault::BadFigure {
                    field: "gpu_count",
                    value: 0.0,
                },
            );
        }
        if !positive(h.price) {
            add(
                &path,
                OwnFault::BadFigure {
                    field: "price",
                    value: h.price,
                },
            );
        }
        if !(h.overhead_w.is_finite() && h.overhead_w >= 0.0) {
            add(
                &path,
                OwnFault::BadFigure {
                    field: "overhead_w",
                    value: h.overhead_w,
                },
            );
        }
        if let Some(u) = h.rack_units.filter(|u| !positive(*u)) {
            add(
                &path,
                OwnFault::BadFigure {
                    field: "rack_units",
                    value: u,
                },
            );
        }
        if !is_date(&h.as_of) {
            add(
                &path,
                OwnFault::BadDate {
                    date: h.as_of.clone(),
                },
            );
        }
    }
    for (i, c) in colocation.iter().enumerate() {
        let path = format!("colocation[{i}] ({})", c.id.trim());
        for (field, text) in [
            ("id", &c.id),
            ("name", &c.name),
            ("jurisdiction", &c.jurisdiction),
            ("source", &c.source),
        ] {
            if text.trim().is_empty() {
                add(&path, OwnFault::MissingField { field });
            }
        }
        for (field, value) in [
            ("per_kw_month", c.per_kw_month),
            ("per_rack_unit_month", c.per_rack_unit_month),
        ] {
            if let Some(v) = value.filter(|v| !positive(*v)) {
                add(&path, OwnFault::BadFigure { field, value: v });
            }
        }
        if c.per_kw_month.is_none() && c.per_rack_unit_month.is_none() {
            add(&path, OwnFault::NoColocationPrice);
        }
        match c.kwh_price {
            Some(p) if !(p.is_finite() && p >= 0.0) => add(
                &path,
                OwnFault::BadFigure {
                    field: "kwh_price",
                    value: p,
                },
            ),
            None if !c.power_included => add(&path, OwnFault::NoEnergyPrice),
            _ => {}
        }
        if !is_date(&c.as_of) {
            add(
                &path,
                OwnFault::BadDate {
                    date: c.as_of.clone(),
                },
            );
        }
    }
    out
}
