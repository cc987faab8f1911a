//! The scenario file: the page's "Export scenario (JSON)" written, and read back by "Import".
//! The file carries the scenario's canonical `query`, the stable form, and each parameter under
//! its URL key for a person to read: reading goes through the query and the URL codec, so a file
//! is clamped and migrated exactly as a link is. A hand-written file without `query` may give
//! URL parameters as top-level keys (`{"model": "llama-3.1-8b", "ctx": 8192}`).
//!
//! Neither way goes through serde's per-field code for the whole scenario (the URL table
//! already knows every field): that cost the page about 9 KB of gzipped wasm.

use super::fields::FIELDS;
use super::{Scenario, Warning};
use serde_json::{Map, Value};

/// The scenario as a JSON document: its canonical `query` (what a link carries), then each of
/// its parameters under its URL key, numbers as numbers (`{"query": "v=6&model=llama-3.1-8b&ctx=32768",
/// "v": 2, "model": "llama-3.1-8b", "ctx": 32768}`): the form a person can also write by hand.
pub fn to_file_json(s: &Scenario) -> String {
    let d = Scenario::default();
    let mut map = Map::new();
    map.insert("query".into(), Value::String(s.to_query()));
    for field in FIELDS {
        let Some(text) = field.write(s, &d) else {
            continue;
        };
        // Whole numbers as the link writes them (`8192`, not `8192.0`), then decimals.
        let value = if let Ok(whole) = text.parse::<i64>() {
            Value::Number(whole.into())
        } else if let Some(n) =
            crate::format::parse_decimal(&text).and_then(serde_json::Number::from_f64)
        {
            Value::Number(n)
        } else {
            Value::String(text)
        };
        map.insert(field.key().into(), value);
    }
    serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_default()
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
