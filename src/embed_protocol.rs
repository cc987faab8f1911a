//! The embedding protocol: what the calculator inside an iframe tells the host page's loader
//! (`public/embed.js`), and which origins may serve a catalogue or embed the calculator
//! (`public/embed-config.json`). Pure Rust, no browser APIs: the wasm side is `ui::embed`.
//!
//! # Messages (calculator → host page), version 1
//! Every message is a JSON object `{"source": "inference-sizer", "version": 1, "type": ...}`:
//! - `{"type": "ready"}`: the calculator is mounted;
//! - `{"type": "resize", "height": 812}`: the content height in CSS pixels (0-20000);
//! - `{"type": "result", "summary": {"offer_id", "provider", "gpu_id", "gpu_count", "deployment",
//!   "monthly_cost", "currency", "scenario"}}`: the recommendation changed (fields `null` when
//!   nothing fits).
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

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::fmt;
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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
}

impl ResultSummary {
    /// The summary of a report: its recommendation, or empty fields when nothing fits.
    /// A non-finite cost (which the engine should never produce) becomes `None`, never NaN in JSON.
    pub fn from_report(report: &crate::report::Report) -> ResultSummary {
        let scenario = truncate(&report.scenario, MAX_SCENARIO_CHARS);
        match &report.recommendation {
            Some(r) => ResultSummary {
                offer_id: Some(truncate(&r.offer_id, MAX_FIELD_CHARS)),
                provider: Some(truncate(&r.provider, MAX_FIELD_CHARS)),
                gpu_id: r.gpu_id.as_deref().map(|g| truncate(g, MAX_FIELD_CHARS)),
                gpu_count: r.gpu_count,
                deployment: Some(truncate(&r.deployment, MAX_FIELD_CHARS)),
                monthly_cost: Some(r.monthly_cost).filter(|c| c.is_finite() && *c >= 0.0),
                currency: truncate(&r.currency, MAX_FIELD_CHARS),
                scenario,
            },
            None => ResultSummary {
                currency: truncate(&report.currency, MAX_FIELD_CHARS),
                scenario,
                ..ResultSummary::default()
            },
        }
    }
}

fn truncate(s: &str, max_chars: usize) -> String {
    s.chars().take(max_chars).collect()
}

/// One protocol message.
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

// ---------------------------------------------------------------------------------------------
// Origins

/// A web origin: scheme, lower-case ASCII host and port (the scheme's default when not written).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    scheme: &'static str,
    host: String,
    port: u16,
}

impl Origin {
    /// Parses `http(s)://host[:port]`, optionally followed by a path, query or fragment
    /// (so a whole URL gives its origin). `None` for anything else, including what a browser
    /// would rewrite: user info (`@`), backslashes, `%` escapes, whitespace or control
    /// characters, non-ASCII hosts (write them in punycode), empty hosts, ports above 65535.
    pub fn parse(text: &str) -> Option<Origin> {
        if text.len() > 2048
            || text
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
        {
            return None;
        }
        let (scheme, rest) = split_scheme(text)?;
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        Origin::from_authority(scheme, &rest[..end])
    }

    fn from_authority(scheme: &'static str, authority: &str) -> Option<Origin> {
        let default_port = if scheme == "https" { 443 } else { 80 };
        // IPv6 literal `[...]` or a name / IPv4 address, then an optional `:port`.
        let (host, port_text) = if let Some(rest) = authority.strip_prefix('[') {
            let close = rest.find(']')?;
            let inside = &rest[..close];
            if inside.is_empty() || !inside.chars().all(|c| c.is_ascii_hexdigit() || c == ':') {
                return None;
            }
            let after = &rest[close + 1..];
            let port = match after {
                "" => None,
                p => Some(p.strip_prefix(':')?),
            };
            (format!("[{}]", inside.to_ascii_lowercase()), port)
        } else {
            let (h, p) = match authority.split_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (authority, None),
            };
            let valid_label = |l: &str| {
                !l.is_empty()
                    && l.len() <= 63
                    && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            };
            if h.is_empty() || h.len() > 253 || !h.split('.').all(valid_label) {
                return None;
            }
            (h.to_ascii_lowercase(), p)
        };
        let port = match port_text {
            None | Some("") => default_port,
            Some(p) if p.len() <= 5 && p.chars().all(|c| c.is_ascii_digit()) => {
                p.parse::<u16>().ok()?
            }
            Some(_) => return None,
        };
        Some(Origin { scheme, host, port })
    }

    /// The origin a URL names when found on a page of `base`: absolute `http(s)` URLs name their
    /// own, protocol-relative ones (`//host/x`) take the base's scheme, and relative paths
    /// (`catalog.json`, `/x/y.json`) are the base's origin. `None` for any other scheme
    /// (`data:`, `javascript:`, `blob:`) or anything [`Origin::parse`] refuses.
    pub fn of_url(url: &str, base: &Origin) -> Option<Origin> {
        let url = url.trim_matches(|c: char| c == ' ');
        if url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
        {
            return None;
        }
        if let Some(rest) = url.strip_prefix("//") {
            let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            return Origin::from_authority(base.scheme, &rest[..end]);
        }
        // A scheme is letters, digits, + - . before the first ':' that precedes any / ? #.
        let first_delim = url.find(['/', '?', '#']).unwrap_or(url.len());
        match url[..first_delim].find(':') {
            Some(_) => Origin::parse(url),
            None => Some(base.clone()),
        }
    }

    /// `scheme://host` with the port only when it is not the scheme's default.
    pub fn serialize(&self) -> String {
        let default_port = if self.scheme == "https" { 443 } else { 80 };
        if self.port == default_port {
            format!("{}://{}", self.scheme, self.host)
        } else {
            format!("{}://{}:{}", self.scheme, self.host, self.port)
        }
    }

    pub fn scheme(&self) -> &str {
        self.scheme
    }
    pub fn host(&self) -> &str {
        &self.host
    }
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialize())
    }
}

fn split_scheme(text: &str) -> Option<(&'static str, &str)> {
    let (scheme, rest) = text.split_once("://")?;
    let scheme = if scheme.eq_ignore_ascii_case("https") {
        "https"
    } else if scheme.eq_ignore_ascii_case("http") {
        "http"
    } else {
        return None;
    };
    Some((scheme, rest))
}

/// Whether a catalogue at `origin` may be loaded by a page at `page_origin`: the same origin, or
/// one listed in `allowed` (origins as written in `embed-config.json`). Exact scheme, host and
/// port: `https://evil.example.org.attacker.net` does not pass for `https://example.org`, nor does
/// `http://example.org` or `https://example.org:8443`. Anything unparsable is refused.
pub fn origin_allowed(origin: &str, page_origin: &str, allowed: &[String]) -> bool {
    let Some(o) = Origin::parse(origin) else {
        return false;
    };
    if Origin::parse(page_origin).as_ref() == Some(&o) {
        return true;
    }
    allowed
        .iter()
        .any(|a| Origin::parse(a).as_ref() == Some(&o))
}

// ---------------------------------------------------------------------------------------------
// Deployment configuration (public/embed-config.json)

/// The one place a deployment lists which other origins may serve catalogues to the calculator
/// and which sites may embed it. See docs/embedding.md.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedConfig {
    /// Origins, besides the calculator's own, whose catalogues (`catalog=`) may be loaded.
    pub catalog_origins: Vec<Origin>,
    /// Who may embed the calculator in an iframe.
    pub embed_origins: EmbedOrigins,
}

/// Which host pages may embed the calculator.
#[derive(Clone, Debug, PartialEq)]
pub enum EmbedOrigins {
    /// Any site (`["*"]`, the default: embedding is what the calculator is for).
    Anyone,
    /// Only these origins (and the calculator's own).
    Only(Vec<Origin>),
}

impl Default for EmbedConfig {
    /// Without a config file: catalogues from the calculator's own origin only; any site may embed.
    fn default() -> Self {
        EmbedConfig {
            catalog_origins: Vec::new(),
            embed_origins: EmbedOrigins::Anyone,
        }
    }
}

/// Why `embed-config.json` was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    #[error("embed-config.json is not valid JSON: {0}")]
    NotJson(String),
    #[error("embed-config.json has schema {0}; this build reads schema 1")]
    UnsupportedSchema(String),
    #[error("embed-config.json: {list} entry {entry:?} is not an origin like https://example.org (scheme, host and optional port, nothing else)")]
    BadOrigin { list: &'static str, entry: String },
    #[error("embed-config.json: \"*\" is allowed only in embed_origins, alone")]
    MisplacedWildcard,
}

#[derive(Deserialize)]
struct RawConfig {
    schema: Value,
    #[serde(default)]
    catalog_origins: Vec<String>,
    #[serde(default)]
    embed_origins: Option<Vec<String>>,
}

/// Reads an origin exactly as a config file must write it: `scheme://host[:port]`, at most a
/// trailing `/`, no path, query or fragment.
fn config_origin(entry: &str, list: &'static str) -> Result<Origin, ConfigError> {
    let err = || ConfigError::BadOrigin {
        list,
        entry: short(entry),
    };
    let trimmed = entry.strip_suffix('/').unwrap_or(entry);
    let (_, rest) = split_scheme(trimmed).ok_or_else(err)?;
    if rest.contains(['/', '?', '#']) {
        return Err(err());
    }
    Origin::parse(trimmed).ok_or_else(err)
}

impl EmbedConfig {
    /// Parses `embed-config.json`. A missing `embed_origins` means anyone may embed; a missing
    /// `catalog_origins` means same-origin catalogues only. Any bad entry refuses the whole file
    /// (the caller then falls back to [`EmbedConfig::default`], the safe choice for catalogues).
    pub fn from_json(text: &str) -> Result<EmbedConfig, ConfigError> {
        if text.len() > 64 * 1024 {
            return Err(ConfigError::NotJson(
                "the file is larger than 64 KiB".into(),
            ));
        }
        let raw: RawConfig =
            serde_json::from_str(text).map_err(|e| ConfigError::NotJson(e.to_string()))?;
        if raw.schema.as_u64() != Some(1) {
            return Err(ConfigError::UnsupportedSchema(short(
                &raw.schema.to_string(),
            )));
        }
        let mut catalog_origins = Vec::new();
        for entry in &raw.catalog_origins {
            if entry.trim() == "*" {
                return Err(ConfigError::MisplacedWildcard);
            }
            catalog_origins.push(config_origin(entry, "catalog_origins")?);
        }
        let embed_origins = match raw.embed_origins {
            None => EmbedOrigins::Anyone,
            Some(list) if list.len() == 1 && list[0].trim() == "*" => EmbedOrigins::Anyone,
            Some(list) => {
                let mut out = Vec::new();
                for entry in &list {
                    if entry.trim() == "*" {
                        return Err(ConfigError::MisplacedWildcard);
                    }
                    out.push(config_origin(entry, "embed_origins")?);
                }
                EmbedOrigins::Only(out)
            }
        };
        Ok(EmbedConfig {
            catalog_origins,
            embed_origins,
        })
    }

    /// Whether a catalogue at `catalog_url` (absolute, protocol-relative or relative to the page)
    /// may be loaded by the calculator served from `page_origin`.
    pub fn catalog_allowed(
        &self,
        catalog_url: &str,
        page_origin: &str,
    ) -> Result<(), CatalogRefused> {
        let page = Origin::parse(page_origin).ok_or(CatalogRefused::UnknownPage)?;
        let origin = Origin::of_url(catalog_url, &page).ok_or(CatalogRefused::NotHttp)?;
        if origin == page || self.catalog_origins.contains(&origin) {
            Ok(())
        } else {
            Err(CatalogRefused::NotAllowed(origin.serialize()))
        }
    }

    /// Whether a host page at `parent_origin` may embed the calculator served from `page_origin`.
    /// `None` (the parent's origin is unknown, e.g. the host hides its referrer) passes only when
    /// anyone may embed.
    pub fn embedding_allowed(&self, parent_origin: Option<&str>, page_origin: &str) -> bool {
        match &self.embed_origins {
            EmbedOrigins::Anyone => true,
            EmbedOrigins::Only(list) => {
                let Some(parent) = parent_origin.and_then(Origin::parse) else {
                    return false;
                };
                Origin::parse(page_origin).as_ref() == Some(&parent) || list.contains(&parent)
            }
        }
    }

    /// The `Content-Security-Policy` directives the web server should send so the browser
    /// enforces the same lists: `connect-src` (catalogue fetches) and `frame-ancestors`
    /// (who may embed). E.g. `connect-src 'self' https://acme.example; frame-ancestors *`.
    pub fn csp_directives(&self) -> String {
        let mut connect = String::from("connect-src 'self'");
        for o in &self.catalog_origins {
            connect.push(' ');
            connect.push_str(&o.serialize());
        }
        let frame = match &self.embed_origins {
            EmbedOrigins::Anyone => "frame-ancestors *".to_string(),
            EmbedOrigins::Only(list) => {
                let mut f = String::from("frame-ancestors 'self'");
                for o in list {
                    f.push(' ');
                    f.push_str(&o.serialize());
                }
                f
            }
        };
        format!("{connect}; {frame}")
    }
}

/// Why a `catalog=` URL was not loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogRefused {
    #[error("the catalogue address is not an http(s) address this page can check")]
    NotHttp,
    #[error("the page's own address is not an http(s) origin")]
    UnknownPage,
    #[error("catalogues from {0} are not allowed here: this site accepts catalogues from its own address and from the origins listed in embed-config.json")]
    NotAllowed(String),
}
