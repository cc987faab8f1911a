//! What a catalogue must satisfy before the engine uses it; one worded problem per fault.

use super::load::SCHEMA;
use super::types::{Catalog, GpuSpec, Offer};
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
}

/// One thing wrong with a catalogue, with where it is and a sentence saying what.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub kind: ProblemKind,
    /// Where: `offers[3] (aws-p5.48xlarge-us-east-1)`, `gpus[0] (nvidia_h100_sxm)`, `catalogue`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

struct Report(Vec<Problem>);

impl Report {
    fn add(&mut self, kind: ProblemKind, path: &str, message: String) {
        self.0.push(Problem {
            kind,
            path: path.to_string(),
            message,
        });
    }
}

/// Every problem of the catalogue; empty means it may be used.
pub fn validate(catalog: &Catalog) -> Vec<Problem> {
    let mut r = Report(Vec::new());
    let top = "catalogue";
    if catalog.schema != SCHEMA {
        r.add(
            ProblemKind::Schema,
            top,
            format!("schema is {}, this version reads {SCHEMA}", catalog.schema),
        );
    }
    if !(catalog.usd_per_eur.is_finite() && catalog.usd_per_eur > 0.0) {
        r.add(
            ProblemKind::Rate,
            top,
            format!(
                "usd_per_eur must be a positive number of dollars per euro, not {}",
                catalog.usd_per_eur
            ),
        );
    }
    check_date(&mut r, top, "as_of", &catalog.as_of, true);

    let mut gpu_ids = HashSet::new();
    for (i, g) in catalog.gpus.iter().enumerate() {
        let path = label("gpus", i, &g.id);
        if g.id.trim().is_empty() {
            r.add(ProblemKind::MissingId, &path, "has no id".into());
        } else if !gpu_ids.insert(g.id.as_str()) {
            r.add(
                ProblemKind::DuplicateId,
                &path,
                format!("id \"{}\" is used by another GPU", g.id),
            );
        }
        check_gpu(&mut r, &path, g);
    }

    let mut model_ids = HashSet::new();
    for (i, m) in catalog.models.iter().enumerate() {
        let path = label("models", i, &m.id);
        if m.id.trim().is_empty() {
            r.add(ProblemKind::MissingId, &path, "has no id".into());
        } else if !model_ids.insert(m.id.as_str()) {
            r.add(
                ProblemKind::DuplicateId,
                &path,
                format!("id \"{}\" is used by another model", m.id),
            );
        }
    }

    let mut offer_ids = HashSet::new();
    for (i, o) in catalog.offers.iter().enumerate() {
        let path = label("offers", i, &o.id);
        if o.id.trim().is_empty() {
            r.add(ProblemKind::MissingId, &path, "has no id".into());
        } else if !offer_ids.insert(o.id.as_str()) {
            r.add(
                ProblemKind::DuplicateId,
                &path,
                format!("id \"{}\" is used by another offer", o.id),
            );
        }
        check_offer(&mut r, &path, o, catalog);
    }
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
    for (name, value) in [
        ("memory_gib", g.memory_gib),
        ("bandwidth_gbs", g.bandwidth_gbs),
    ] {
        if !positive(value) {
            r.add(
                ProblemKind::BadFigure,
                path,
                format!("{name} must be a positive number, not {value}"),
            );
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
        r.add(
            ProblemKind::BadFigure,
            path,
            "throughput, power and interconnect figures must be zero or positive".into(),
        );
    }
    if g.source.trim().is_empty() {
        r.add(
            ProblemKind::MissingSource,
            path,
            "has no source for its figures".into(),
        );
    }
    if !g.as_of.trim().is_empty() {
        check_date(r, path, "as_of", &g.as_of, false);
    }
}

fn check_offer(r: &mut Report, path: &str, o: &Offer, catalog: &Catalog) {
    if let Some(gpu) = &o.gpu {
        match catalog.gpu(&gpu.id) {
            None => r.add(
                ProblemKind::UnknownGpu,
                path,
                format!(
                    "uses GPU \"{}\", which is not in the catalogue's gpus",
                    gpu.id
                ),
            ),
            Some(spec) => {
                if let Some(stated) = o.gpu_memory_gib {
                    let off = (stated - spec.memory_gib).abs() / spec.memory_gib;
                    if off.is_nan() || off > MEMORY_TOLERANCE {
                        r.add(
                            ProblemKind::MemoryMismatch,
                            path,
                            format!(
                                "states {stated} GiB per GPU but {} has {} GiB (more than {}% apart)",
                                spec.id,
                                spec.memory_gib,
                                MEMORY_TOLERANCE * 100.0
                            ),
                        );
                    }
                }
            }
        }
        if gpu.count == 0 {
            r.add(
                ProblemKind::GpuCount,
                path,
                "lists a GPU with a count of 0 (leave `gpu` out for CPU offers)".into(),
            );
        }
    }
    let price = o.price.amount;
    if !positive(price) {
        r.add(
            ProblemKind::BadPrice,
            path,
            format!(
                "price must be a positive amount, not {price} {}",
                o.price.currency
            ),
        );
    }
    if let Some(fee) = o.setup_fee {
        if !non_negative(fee.amount) {
            r.add(
                ProblemKind::BadFee,
                path,
                format!("setup fee must be zero or positive, not {}", fee.amount),
            );
        }
    }
    if !non_negative(o.min_term_months) {
        r.add(
            ProblemKind::BadFee,
            path,
            format!(
                "min_term_months must be zero or positive, not {}",
                o.min_term_months
            ),
        );
    }
    if let Some(e) = o.egress {
        if !non_negative(e.price_per_gb) || !non_negative(e.included_tb) {
            r.add(
                ProblemKind::BadEgress,
                path,
                "egress price and included volume must be zero or positive".into(),
            );
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
        r.add(
            ProblemKind::BadFigure,
            path,
            "storage, RAM, bandwidth and memory figures must be zero or positive".into(),
        );
    }
    if !matches!(o.jurisdiction.as_str(), "US" | "EU" | "other") {
        r.add(
            ProblemKind::BadJurisdiction,
            path,
            format!(
                "jurisdiction must be US, EU or other, not \"{}\"",
                o.jurisdiction
            ),
        );
    }
    if o.source.trim().is_empty() {
        r.add(
            ProblemKind::MissingSource,
            path,
            "has no source for its price".into(),
        );
    }
    check_date(r, path, "as_of", &o.as_of, true);
}

/// Dates are `YYYY-MM-DD`, or `YYYY-MM` / `YYYY` where the source gives no more precision.
fn check_date(r: &mut Report, path: &str, field: &str, date: &str, required: bool) {
    let date = date.trim();
    if date.is_empty() {
        if required {
            r.add(
                ProblemKind::MissingDate,
                path,
                format!("has no {field} date"),
            );
        }
        return;
    }
    if !is_date(date) {
        r.add(
            ProblemKind::BadDate,
            path,
            format!("{field} \"{date}\" is not a date (YYYY-MM-DD, YYYY-MM or YYYY)"),
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
