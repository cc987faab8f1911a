//! The scenario file: the page's "Export scenario (JSON)" written, and read back by "Import".
//! The file carries the scenario's fields (for a person to read) and its canonical `query`,
//! the stable form: reading goes through the query and the URL codec, so a file is clamped and
//! migrated exactly as a link is. A hand-written file without `query` may give URL parameters
//! as top-level keys (`{"model": "llama-3.1-8b", "ctx": 8192}`).
//!
//! Reading never deserialises the fields themselves: the codec already knows every one, and
//! serde's per-field code for the whole scenario cost the page about 7 KB of gzipped wasm.

use super::fields::FIELDS;
use super::{Scenario, Warning};
use serde_json::{Map, Value};

/// The scenario as a JSON document: its fields and its canonical `query` (what a link carries).
pub fn to_file_json(s: &Scenario) -> String {
    let mut value = serde_json::to_value(s).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.insert("query".into(), Value::String(s.to_query()));
    }
    serde_json::to_string_pretty(&value).unwrap_or_default()
}

/// Reads a scenario file: through its `query` when it has one, else through its top-level keys
/// that are URL parameters. `None` when the text is not a JSON object, or names no parameter.
pub fn from_file_json(text: &str) -> Option<(Scenario, Vec<Warning>)> {
    let Value::Object(map) = serde_json::from_str::<Value>(text).ok()? else {
        return None;
    };
    if let Some(query) = map.get("query").and_then(Value::as_str) {
        return Some(Scenario::from_query(query));
    }
    let query = query_of_parameters(&map)?;
    Some(Scenario::from_query(&query))
}

/// The object's entries whose key is a URL parameter, as a query string; `None` when none is.
/// Texts, numbers and true/false are taken; lists are joined with commas, as a link writes them.
fn query_of_parameters(map: &Map<String, Value>) -> Option<String> {
    let pairs: Vec<String> = map
        .iter()
        .filter(|(key, _)| FIELDS.iter().any(|f| f.key() == key.as_str()))
        .filter_map(|(key, value)| {
            let text = match value {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                Value::Bool(b) => if *b { "1" } else { "0" }.to_string(),
                Value::Array(items) => items
                    .iter()
                    .filter_map(|i| {
                        i.as_str()
                            .map(str::to_string)
                            .or(i.as_number().map(|n| n.to_string()))
                    })
                    .collect::<Vec<_>>()
                    .join(","),
                Value::Null | Value::Object(_) => return None,
            };
            Some(format!("{key}={}", super::percent_encode(&text)))
        })
        .collect();
    (!pairs.is_empty()).then(|| pairs.join("&"))
}
