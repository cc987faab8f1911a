//! TEMPORARY stand-ins for core functions that are being written in other branches
//! (report::evaluate, catalogue, model import, assumption defaults). Removed when they land.

use crate::report::Report;
use crate::scenario::Scenario;

pub fn evaluate(_s: &Scenario, _c: &crate::catalog::Catalog) -> Report {
    Report::default()
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct AssumptionDefaults {
    pub egress_gb: Option<f64>,
    pub storage_gb: Option<f64>,
    pub monitoring: Option<f64>,
    pub peak: Option<f64>,
    pub bw_eff: Option<f64>,
    pub flops_eff: Option<f64>,
    pub vm_tax: Option<f64>,
    pub kwh_price: Option<f64>,
    pub pue: Option<f64>,
}

pub fn assumption_defaults(_s: &Scenario) -> AssumptionDefaults {
    AssumptionDefaults::default()
}

pub struct Imported {
    pub arch: crate::model::ModelArch,
    pub quant: Option<crate::model::Quant>,
}

pub fn import_config_json(_t: &str) -> Result<crate::model::ModelArch, String> {
    Err("config.json import is not available yet".into())
}

pub fn read_gguf(_b: &[u8]) -> Result<Imported, String> {
    Err("GGUF reading is not available yet".into())
}

