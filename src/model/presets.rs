//! The built-in preset architectures (`catalog-src/models.json`, copied into the catalogue).

use super::arch::ModelArch;

/// The preset JSON as shipped.
pub const PRESETS_JSON: &str = include_str!("../../catalog-src/models.json");

/// The built-in presets; an empty list (never a panic) if the embedded JSON were malformed.
pub fn builtin_presets() -> Vec<ModelArch> {
    try_builtin_presets().unwrap_or_default()
}

/// The built-in presets, or the parse error.
pub fn try_builtin_presets() -> Result<Vec<ModelArch>, serde_json::Error> {
    serde_json::from_str(PRESETS_JSON)
}

/// One preset by id (case-insensitive).
pub fn preset(id: &str) -> Option<ModelArch> {
    builtin_presets()
        .into_iter()
        .find(|m| m.id.eq_ignore_ascii_case(id.trim()))
}
