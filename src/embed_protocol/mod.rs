//! The embedding protocol: what the calculator inside an iframe tells the host page's loader
//! (`public/embed.js`), and which origins may serve a catalogue or embed the calculator
//! (`public/embed-config.json`). Pure Rust, no browser APIs: the wasm side is `ui::embed`.
//!
//! # Messages (calculator → host page), version 1
//! Every message is a JSON object `{"source": "inference-sizer", "version": 1, "type": ...}`:
//! - `{"type": "ready"}`: the calculator is mounted;
//! - `{"type": "resize", "height": 812}`: the content height in CSS pixels (0-20000);
//! - `{"type": "result", "summary": {"offer_id", "provider", "gpu_id", "gpu_count", "deployment",
//!   "monthly_cost", "currency", "scenario", "scenario_line", "pick", "market_offer_id",
//!   "market_provider", "market_monthly_cost"}}`: the recommendation changed (fields `null` when
//!   nothing fits). With `pick=provider` the offer is the host catalogue's provider's best usable
//!   one (`pick: "provider"`) and the market's cheapest rides beside it (`market_*`).
//!
//! Within version 1, fields are only ever added: a reader ignores fields it does not know, but a
//! known field of the wrong type, a wrong `source`, another `version` or an unknown `type` is
//! refused. A message that changes meaning gets `version: 2`, which a version-1 loader ignores.
//!
//! # Origins
//! An origin is `scheme://host[:port]`, compared exactly after normalising case and default ports.
//! The parser accepts only plain `http`/`https` URLs with an ASCII host; anything a browser would
//! rewrite (user info, backslashes, percent escapes, whitespace) is refused, so the check fails
//! closed instead of disagreeing with the browser about which host a URL names.

mod config;
mod origin;

pub use config::{catalogue_label, CatalogRefused, ConfigError, EmbedConfig, EmbedOrigins};
pub use origin::{origin_allowed, Origin};

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use thiserror::Error;

/// The `source` every message carries.
pub const SOURCE: &str = "inference-sizer";
/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u64 = 1;
/// Largest message accepted, bytes of JSON.
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;
/// Largest height a `resize` may ask for, CSS pixels (a runaway layout must not make a 10^9 px frame).
pub const MAX_HEIGHT_PX: f64 = 20_000.0;
/// Longest id, provider name, deployment or currency in a result summary.
pub const MAX_FIELD_CHARS: usize = 200;
/// Longest scenario query string in a result summary.
pub const MAX_SCENARIO_CHARS: usize = 4096;
/// Most GPUs a summary may report (the engine saturates well below).
pub const MAX_GPU_COUNT: u64 = 1_000_000;

/// What the host page may show about the current recommendation. Only what the calculator itself
/// displays publicly: no visitor data beyond the scenario the visitor typed into the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultSummary {
    /// `None` when no option fits.
    pub offer_id: Option<String>,
    pub provider: Option<String>,
    pub gpu_id: Option<String>,
    pub gpu_count: u32,
    /// `bare_metal`, `cloud` or `cpu`.
    pub deployment: Option<String>,
    /// Per month, in `currency`.
    pub monthly_cost: Option<f64>,
    pub currency: String,
    /// The canonical query string of the scenario (what a share link carries).
    pub scenario: String,
    /// The question the verdict answers, in one line (the report's `scenario_line`).
    #[serde(default)]
    pub scenario_line: String,
    /// Whose offer `offer_id` is: `"provider"` when the page leads with the host catalogue's
    /// provider's best usable offer (`pick=provider`), else `"market"` (the cheapest usable of
    /// every offer). Added in December 2026: a message from an older page has `"market"`.
    #[serde(default = "market")]
    pub pick: String,
    /// The market's verdict beside a provider's pick (null when nothing fits, and in market mode
    /// the same as `offer_id`): never hidden from the host.
    #[serde(default)]
    pub market_offer_id: Option<String>,
    #[serde(default)]
    pub market_provider: Option<String>,
    #[serde(default)]
    pub market_monthly_cost: Option<f64>,
}

fn market() -> String {
    "market".to_string()
}

impl Default for ResultSummary {
    /// Nothing recommended, in market mode.
    fn default() -> Self {
        ResultSummary {
            offer_id: None,
            provider: None,
            gpu_id: None,
            gpu_count: 0,
            deployment: None,
            monthly_cost: None,
            currency: String::new(),
            scenario: String::new(),
            scenario_line: String::new(),
            pick: market(),
            market_offer_id: None,
            market_provider: None,
            market_monthly_cost: None,
        }
    }
}

impl ResultSummary {
    /// The summary of a report: its recommendation, or empty fields when nothing fits.
    /// A non-finite cost (which the engine should never produce) becomes `None`, never NaN in JSON.
    pub fn from_report(report: &crate::report::Report) -> ResultSummary {
        let scenario = truncate(&report.scenario, MAX_SCENARIO_CHARS);
        let scenario_line = truncate(&report.scenario_line, MAX_SCENARIO_CHARS);
        let text = |s: &str| truncate(s, MAX_FIELD_CHARS);
        let cost = |c: f64| Some(c).filter(|c| c.is_finite() && *c >= 0.0);
        let verdict = report.recommendation.as_ref();
        let base = ResultSummary {
            currency: text(&report.currency),
            scenario,
            scenario_line,
            pick: market(),
            market_offer_id: verdict.map(|r| text(&r.offer_id)),
            market_provider: verdict.map(|r| text(&r.provider)),
            market_monthly_cost: verdict.and_then(|r| cost(r.monthly_cost)),
            ..ResultSummary::default()
        };
        // The provider's pick leads when the scenario asks for it and one of its offers fits.
        if let Some(p) = report.provider_pick.as_ref().filter(|p| p.leads) {
            return ResultSummary {
                offer_id: p.offer_id.as_deref().map(text),
                provider: Some(text(&p.provider)),
                gpu_id: p.gpu_id.as_deref().map(text),
                gpu_count: p.gpu_count,
                deployment: p.deployment.as_deref().map(text),
                monthly_cost: p.monthly_cost.and_then(cost),
                pick: "provider".to_string(),
                ..base
            };
        }
        match verdict {
            Some(r) => ResultSummary {
                offer_id: Some(text(&r.offer_id)),
                provider: Some(text(&r.provider)),
                gpu_id: r.gpu_id.as_deref().map(text),
                gpu_count: r.gpu_count,
                deployment: Some(r.deployment.id().to_string()),
                monthly_cost: cost(r.monthly_cost),
                currency: text(&r.currency),
                ..base
            },
            None => base,
        }
    }
}

fn truncate(s: &str, max_chars: usize) -> String {
    s.chars().take(max_chars).collect()
}

/// One protocol message.
// A `result` is larger than `ready` or `resize` (its summary's texts): messages are made one at a
// time and posted at once, never stored in bulk, so the size of the enum costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// The calculator is mounted and listening.
    Ready,
    /// The content is this many CSS pixels tall.
    Resize { height: f64 },
    /// The recommendation changed.
    Result(ResultSummary),
}

impl Message {
    /// The `type` field.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Ready => "ready",
            Message::Resize { .. } => "resize",
            Message::Result(_) => "result",
        }
    }

    /// A resize message; a non-finite or out-of-range height is clamped to 0..=[`MAX_HEIGHT_PX`]
    /// and rounded up to a whole pixel, so what the app sends always passes [`parse_incoming`].
    pub fn resize(height: f64) -> Message {
        let h = if height.is_finite() {
            height.ceil().clamp(0.0, MAX_HEIGHT_PX)
        } else {
            0.0
        };
        Message::Resize { height: h }
    }

    /// The message as a JSON value.
    pub fn to_value(&self) -> Value {
        let mut v = json!({ "source": SOURCE, "version": PROTOCOL_VERSION, "type": self.kind() });
        match self {
            Message::Ready => {}
            Message::Resize { height } => {
                let h = if height.is_finite() { *height } else { 0.0 };
                v["height"] = json!(h);
            }
            Message::Result(s) => {
                v["summary"] = serde_json::to_value(s).unwrap_or(Value::Null);
            }
        }
        v
    }

    /// The message as JSON text (what `postMessage` carries, once parsed into an object).
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    /// Whether the message may be posted with target origin `"*"` when the parent's origin is
    /// unknown. All version-1 messages are: `ready` and `resize` carry nothing, and `result`
    /// carries only what the calculator shows on screen for the scenario in its own URL.
    pub fn is_public(&self) -> bool {
        true
    }
}

/// Why a message was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProtocolError {
    #[error("the message is {0} bytes long; at most {MAX_MESSAGE_BYTES} are accepted")]
    Oversized(usize),
    #[error("the message is not valid JSON")]
    NotJson,
    #[error("the message is not a JSON object")]
    NotAnObject,
    #[error("the message does not come from Inference Sizer (source is not \"{SOURCE}\")")]
    WrongSource,
    #[error(
        "the message speaks protocol version {0}; this page understands version {PROTOCOL_VERSION}"
    )]
    UnsupportedVersion(String),
    #[error("the message type {0:?} is not one of ready, resize, result")]
    UnknownType(String),
    #[error("the message field {field} {problem}")]
    BadField {
        field: &'static str,
        problem: &'static str,
    },
}

fn bad(field: &'static str, problem: &'static str) -> ProtocolError {
    ProtocolError::BadField { field, problem }
}

/// Reads a message: the envelope, then the shape its type requires. Never panics on any input.
pub fn parse_incoming(text: &str) -> Result<Message, ProtocolError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::Oversized(text.len()));
    }
    let value: Value = serde_json::from_str(text).map_err(|_| ProtocolError::NotJson)?;
    parse_value(&value)
}

/// [`parse_incoming`] for an already parsed JSON value.
pub fn parse_value(value: &Value) -> Result<Message, ProtocolError> {
    let obj = value.as_object().ok_or(ProtocolError::NotAnObject)?;
    if obj.get("source").and_then(Value::as_str) != Some(SOURCE) {
        return Err(ProtocolError::WrongSource);
    }
    // A number equal to 1, however written (`1` or `1.0`: the same number to JavaScript).
    match obj.get("version") {
        Some(v) if v.as_f64() == Some(PROTOCOL_VERSION as f64) => {}
        Some(v) => return Err(ProtocolError::UnsupportedVersion(short(&v.to_string()))),
        None => return Err(ProtocolError::UnsupportedVersion("(none)".into())),
    }
    let kind = match obj.get("type") {
        Some(Value::String(s)) => s.as_str(),
        Some(other) => return Err(ProtocolError::UnknownType(short(&other.to_string()))),
        None => return Err(ProtocolError::UnknownType("(none)".into())),
    };
    match kind {
        "ready" => Ok(Message::Ready),
        "resize" => {
            let h = obj
                .get("height")
                .ok_or(bad("height", "is missing"))?
                .as_f64()
                .ok_or(bad("height", "is not a number"))?;
            if !(0.0..=MAX_HEIGHT_PX).contains(&h) {
                return Err(bad("height", "is outside 0-20000 pixels"));
            }
            Ok(Message::Resize { height: h })
        }
        "result" => {
            let s = obj
                .get("summary")
                .ok_or(bad("summary", "is missing"))?
                .as_object()
                .ok_or(bad("summary", "is not an object"))?;
            parse_summary(s).map(Message::Result)
        }
        other => Err(ProtocolError::UnknownType(short(other))),
    }
}

fn short(s: &str) -> String {
    let t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        format!("{t}...")
    } else {
        t
    }
}

fn parse_summary(s: &Map<String, Value>) -> Result<ResultSummary, ProtocolError> {
    let gpu_count = match s.get("gpu_count") {
        Some(v) => v
            .as_f64()
            .filter(|n| n.fract() == 0.0 && (0.0..=MAX_GPU_COUNT as f64).contains(n))
            .ok_or(bad("summary.gpu_count", "is not a whole number 0-1000000"))?
            as u64,
        None => return Err(bad("summary.gpu_count", "is missing")),
    };
    let monthly_cost = match s.get("monthly_cost") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_f64()
                .filter(|c| c.is_finite() && *c >= 0.0)
                .ok_or(bad("summary.monthly_cost", "is not a number of at least 0"))?,
        ),
    };
    Ok(ResultSummary {
        offer_id: optional_text(s, "offer_id", "summary.offer_id", MAX_FIELD_CHARS)?,
        provider: optional_text(s, "provider", "summary.provider", MAX_FIELD_CHARS)?,
        gpu_id: optional_text(s, "gpu_id", "summary.gpu_id", MAX_FIELD_CHARS)?,
        gpu_count: u32::try_from(gpu_count).unwrap_or(u32::MAX),
        deployment: optional_text(s, "deployment", "summary.deployment", MAX_FIELD_CHARS)?,
        monthly_cost,
        currency: optional_text(s, "currency", "summary.currency", MAX_FIELD_CHARS)?
            .ok_or(bad("summary.currency", "is missing"))?,
        scenario: optional_text(s, "scenario", "summary.scenario", MAX_SCENARIO_CHARS)?
            .ok_or(bad("summary.scenario", "is missing"))?,
        // Added in December 2026: a message from an older page has none.
        scenario_line: optional_text(
            s,
            "scenario_line",
            "summary.scenario_line",
            MAX_SCENARIO_CHARS,
        )?
        .unwrap_or_default(),
        // Added in December 2026 with the provider's pick: absent from an older page.
        pick: match optional_text(s, "pick", "summary.pick", MAX_FIELD_CHARS)?.as_deref() {
            None | Some("market") => market(),
            Some("provider") => "provider".to_string(),
            Some(_) => return Err(bad("summary.pick", "is not \"market\" or \"provider\"")),
        },
        market_offer_id: optional_text(
            s,
            "market_offer_id",
            "summary.market_offer_id",
            MAX_FIELD_CHARS,
        )?,
        market_provider: optional_text(
            s,
            "market_provider",
            "summary.market_provider",
            MAX_FIELD_CHARS,
        )?,
        market_monthly_cost: match s.get("market_monthly_cost") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_f64()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or(bad(
                        "summary.market_monthly_cost",
                        "is not a number of at least 0",
                    ))?,
            ),
        },
    })
}

fn optional_text(
    s: &Map<String, Value>,
    key: &str,
    field: &'static str,
    max_chars: usize,
) -> Result<Option<String>, ProtocolError> {
    match s.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(t)) if t.chars().count() <= max_chars => Ok(Some(t.clone())),
        Some(Value::String(_)) => Err(bad(field, "is too long")),
        Some(_) => Err(bad(field, "is not text")),
    }
}
