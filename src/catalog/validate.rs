//! What a catalogue must satisfy before the engine uses it; one worded problem per fault.

use super::load::SCHEMA;
use super::types::{Catalog, GpuSpec, Offer};
use crate::lang::Lang;
use std::collections::HashSet;
use std::fmt;

/// How far an offer's stated per-GPU memory may differ from the GPU spec: 2%, enough for the
/// GB-vs-GiB rounding providers do (79.6 vs 80.0 GiB is 0.5%), too little to hide a wrong card
/// (a 40 GB A100 listed as 80 GB is 100%).
pub const MEMORY_TOLERANCE: f64 = 0.02;

/// The kinds of fault, so callers and tests can tell them apart without parsing the sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    Schema,
    Rate,
    MissingDate,
    BadDate,
    MissingId,
    DuplicateId,
    UnknownGpu,
    GpuCount,
    MemoryMismatch,
    BadPrice,
    BadFee,
    BadEgress,
    BadFigure,
    MissingSource,
    BadJurisdiction,
    /// A row of `apis` (`crate::catalog::ApiPrice`).
    BadApi,
    /// A row of `hardware` or `colocation` (`crate::catalog::HardwarePrice`, `Colocation`).
    BadOwn,
}

/// One thing wrong with a catalogue: where it is, and what ([`Problem::sentence`] says it in the
/// reader's language; `Display`: English).
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub kind: ProblemKind,
    /// Where: `offers[3] (aws-p5.48xlarge-us-east-1)`, `gpus[0] (nvidia_h100_sxm)`, `catalogue`.
    pub path: String,
    pub fault: Fault,
}

// What is wrong, with the figures its sentence quotes: typed values that live with their words
// in `crate::words::catalog`.
pub use crate::words::catalog::{Fault, IdList};

impl Fault {
    /// The kind of fault, as [`Problem::kind`] holds it.
    pub fn kind(&self) -> ProblemKind {
        use Fault::*;
        match self {
            Schema { .. } => ProblemKind::Schema,
            Rate { .. } => ProblemKind::Rate,
            MissingDate { .. } => ProblemKind::MissingDate,
            BadDate { .. } => ProblemKind::BadDate,
            MissingId => ProblemKind::MissingId,
            DuplicateId { .. } => ProblemKind::DuplicateId,
            UnknownGpu { .. } => ProblemKind::UnknownGpu,
            ZeroGpuCount => ProblemKind::GpuCount,
            MemoryMismatch { .. } => ProblemKind::MemoryMismatch,
            BadPrice { .. } => ProblemKind::BadPrice,
            BadSetupFee { .. } | BadMinTerm { .. } => ProblemKind::BadFee,
            BadEgress => ProblemKind::BadEgress,
            BadFabric { .. } => ProblemKind::BadFigure,
            BadGpuFigure { .. } | BadGpuRatings | BadOfferFigures => ProblemKind::BadFigure,
            NoFiguresSource | NoPriceSource => ProblemKind::MissingSource,
            BadJurisdiction { .. } => ProblemKind::BadJurisdiction,
            Api(_) => ProblemKind::BadApi,
            Own(_) => ProblemKind::BadOwn,
        }
    }

    /// The fault as a clause (lower case, no full stop): `price must be a positive amount, not
    /// -5 EUR` / `el precio debe ser un importe positivo, no -5 EUR`; quotes this build's schema
    /// and [`MEMORY_TOLERANCE`].
    pub fn message(&self, lang: Lang) -> String {
        self.clause(SCHEMA, MEMORY_TOLERANCE, lang)
    }
}

impl Problem {
    /// Where and what: `offers[0] (acme-h100): price must be a positive amount, not -5 EUR`.
    pub fn sentence(&self, lang: Lang) -> String {
        crate::words::catalog::at(&self.path, &self.fault.message(lang), lang)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence(Lang::En))
    }
}

struct Report(Vec<Problem>);

impl Report {
    fn add(&mut self, path: &str, fault: Fault) {
        self.0.push(Problem {
            kind: fault.kind(),
            path: path.to_string(),
            fault,
        });
    }
}

/// Every problem of the catalogue; empty means it may be used.
pub fn validate(catalog: &Catalog) -> Vec<Problem> {
    let mut r = Report(Vec::new());
    let top = "catalogue";
    if catalog.schema != SCHEMA {
        r.add(
            top,
            Fault::Schema {
                found: catalog.schema,
            },
        );
    }
    if !(catalog.usd_per_eur.is_finite() && catalog.usd_per_eur > 0.0) {
        r.add(
            top,
            Fault::Rate {
                usd_per_eur: catalog.usd_per_eur,
            },
        );
    }
    check_date(&mut r, top, "as_of", &catalog.as_of, true);

    let mut gpu_ids = HashSet::new();
    for (i, g) in catalog.gpus.iter().enumerate() {
        let path = label("gpus", i, &g.id);
        if g.id.trim().is_empty() {
            r.add(&path, Fault::MissingId);
        } else if !gpu_ids.insert(g.id.as_str()) {
            r.add(
                &path,
                Fault::DuplicateId {
                    id: g.id.clone(),
                    list: IdList::Gpus,
                },
            );
        }
        check_gpu(&mut r, &path, g);
    }

    let mut model_ids = HashSet::new();
    for (i, m) in catalog.models.iter().enumerate() {
        let path = label("models", i, &m.id);
        if m.id.trim().is_empty() {
            r.add(&path, Fault::MissingId);
        } else if !model_ids.insert(m.id.as_str()) {
            r.add(
                &path,
                Fault::DuplicateId {
                    id: m.id.clone(),
                    list: IdList::Models,
                },
            );
        }
    }

    let mut offer_ids = HashSet::new();
    for (i, o) in catalog.offers.iter().enumerate() {
        let path = label("offers", i, &o.id);
        if o.id.trim().is_empty() {
            r.add(&path, Fault::MissingId);
        } else if !offer_ids.insert(o.id.as_str()) {
            r.add(
                &path,
                Fault::DuplicateId {
                    id: o.id.clone(),
                    list: IdList::Offers,
                },
            );
        }
        check_offer(&mut r, &path, o, catalog);
    }
    r.0.extend(super::apis::check_apis(&catalog.apis, |id| {
        catalog.model(id).is_some()
    }));
    r.0.extend(super::own::check_own(
        &catalog.hardware,
        &catalog.colocation,
        |id| catalog.gpu(id).is_some(),
    ));
    r.0
}

fn label(list: &str, i: usize, id: &str) -> String {
    if id.trim().is_empty() {
        format!("{list}[{i}]")
    } else {
        format!("{list}[{i}] ({id})")
    }
}

fn positive(x: f64) -> bool {
    x.is_finite() && x > 0.0
}

fn non_negative(x: f64) -> bool {
    x.is_finite() && x >= 0.0
}

fn check_gpu(r: &mut Report, path: &str, g: &GpuSpec) {
    for (field, value) in [
        ("memory_gib", g.memory_gib),
        ("bandwidth_gbs", g.bandwidth_gbs),
    ] {
        if !positive(value) {
            r.add(path, Fault::BadGpuFigure { field, value });
        }
    }
    let optional = [g.fp8_tflops, g.int8_tops, g.fp4_tflops];
    let figures = [
        g.bf16_tflops,
        g.fp32_tflops,
        g.tdp_w,
        g.interconnect_gbs,
        g.memory_gb_label,
    ];
    if figures
        .iter()
        .chain(optional.iter().flatten())
        .any(|x| !non_negative(*x))
    {
        r.add(path, Fault::BadGpuRatings);
    }
    if g.source.trim().is_empty() {
        r.add(path, Fault::NoFiguresSource);
    }
    if !g.as_of.trim().is_empty() {
        check_date(r, path, "as_of", &g.as_of, false);
    }
}

fn check_offer(r: &mut Report, path: &str, o: &Offer, catalog: &Catalog) {
    if let Some(gpu) = &o.gpu {
        match catalog.gpu(&gpu.id) {
            None => r.add(
                path,
                Fault::UnknownGpu {
                    gpu: gpu.id.clone(),
                },
            ),
            Some(spec) => {
                if let Some(stated) = o.gpu_memory_gib {
                    // A slice states its own memory.
                    let has = o
                        .gpu_slice()
                        .map_or(spec.memory_gib, |s| s.memory_gib(spec.memory_gib));
                    let off = (stated - has).abs() / has;
                    if off.is_nan() || off > MEMORY_TOLERANCE {
                        r.add(
                            path,
                            Fault::MemoryMismatch {
                                stated,
                                gpu: spec.id.clone(),
                                spec: has,
                            },
                        );
                    }
                }
            }
        }
        if gpu.count == 0 {
            r.add(path, Fault::ZeroGpuCount);
        }
    }
    let price = o.price.amount;
    if !positive(price) {
        r.add(
            path,
            Fault::BadPrice {
                amount: price,
                currency: o.price.currency,
            },
        );
    }
    if let Some(fee) = o.setup_fee {
        if !non_negative(fee.amount) {
            r.add(path, Fault::BadSetupFee { amount: fee.amount });
        }
    }
    if !non_negative(o.min_term_months) {
        r.add(
            path,
            Fault::BadMinTerm {
                months: o.min_term_months,
            },
        );
    }
    if let Some(e) = o.egress {
        if !non_negative(e.price_per_gb) || !non_negative(e.included_tb) {
            r.add(path, Fault::BadEgress);
        }
    }
    if let Some(f) = o.fabric {
        if !(f.gbps.is_finite() && f.gbps > 0.0) {
            r.add(path, Fault::BadFabric { gbps: f.gbps });
        }
    }
    let optional = [
        o.storage_per_gb_month,
        o.local_storage_gb,
        o.ram_gib,
        o.cpu_bandwidth_gbs,
        o.gpu_memory_gib,
    ];
    if optional.iter().flatten().any(|x| !non_negative(*x)) {
        r.add(path, Fault::BadOfferFigures);
    }
    // `US`, `EU`, `other`, or an ISO 3166 alpha-2 country code (`FI` is read as EU, as in the
    // `apis` rows; `CH` as not).
    let iso = o.jurisdiction.len() == 2 && o.jurisdiction.chars().all(|c| c.is_ascii_uppercase());
    if !iso && !matches!(o.jurisdiction.as_str(), "US" | "EU" | "other") {
        r.add(
            path,
            Fault::BadJurisdiction {
                found: o.jurisdiction.clone(),
            },
        );
    }
    if o.source.trim().is_empty() {
        r.add(path, Fault::NoPriceSource);
    }
    check_date(r, path, "as_of", &o.as_of, true);
}

/// Dates are `YYYY-MM-DD`, or `YYYY-MM` / `YYYY` where the source gives no more precision.
fn check_date(r: &mut Report, path: &str, field: &'static str, date: &str, required: bool) {
    let date = date.trim();
    if date.is_empty() {
        if required {
            r.add(path, Fault::MissingDate { field });
        }
        return;
    }
    if !is_date(date) {
        r.add(
            path,
            Fault::BadDate {
                field,
                date: date.to_string(),
            },
        );
    }
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` with a month 1-12 and a day 1-31.
pub fn is_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
    let in_range = |p: &str, hi: u32| p.parse::<u32>().is_ok_and(|v| (1..=hi).contains(&v));
    match parts.as_slice() {
        [y] => digits(y, 4),
        [y, m] => digits(y, 4) && digits(m, 2) && in_range(m, 12),
        [y, m, d] => {
            digits(y, 4) && digits(m, 2) && in_range(m, 12) && digits(d, 2) && in_range(d, 31)
        }
        _ => false,
    }
}
