//! The URL codec: query string <-> [`Scenario`], with a warning for every unknown, clamped or
//! unparseable value. It walks the table of fields ([`super::fields::FIELDS`]) to read a link,
//! write one and normalise a scenario. Nothing in a URL can make it panic; every value is bounded.

use super::fields::FIELDS;
use super::kinds::Range;
use super::{Lang, Scenario, SCENARIO_VERSION};
pub use crate::words::scenario::{Warning, WarningKind};

/// Most parameters read from one URL (every field once, with room); the rest are ignored with
/// one warning.
const MAX_PARAMS: usize = 160;

impl Warning {
    /// The warning as a sentence in the given language (written by [`crate::words::scenario`]).
    pub fn message(&self, lang: Lang) -> String {
        crate::words::scenario::url_warning(self, SCENARIO_VERSION, lang)
    }
}

/// A warning about `param`, its name cut to 40 characters.
pub(super) fn warning(param: &str, kind: WarningKind) -> Warning {
    Warning {
        param: truncate(param, 40),
        kind,
    }
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// Decodes `%XX` escapes and `+` as space; invalid escapes are kept as written, invalid UTF-8 replaced.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a value for a query string: unreserved characters and `,` stay readable.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The query part of a bare query string or a whole share URL, without `?` and `#fragment`.
fn query_part(input: &str) -> &str {
    let s = input.trim();
    let s = s.split('#').next().unwrap_or("");
    match s.find('?') {
        Some(i) => &s[i + 1..],
        // A bare "a=b&c=d" string, or a URL with no query at all.
        None if s.contains('=') => s,
        None => "",
    }
}

/// Reads a number, accepting `8k`, `1.5M`, `2e6` and `_` or `,` as thousands separators… but a
/// comma is ambiguous in Spanish, so only `_` and a trailing k/m/g multiplier are accepted.
pub(super) fn parse_number(raw: &str) -> Option<f64> {
    let s = raw.trim().replace('_', "");
    if s.is_empty() {
        return None;
    }
    let (num, mult) = match s.chars().last()? {
        'k' | 'K' => (&s[..s.len() - 1], 1e3),
        'm' | 'M' => (&s[..s.len() - 1], 1e6),
        'g' | 'G' | 'b' | 'B' => (&s[..s.len() - 1], 1e9),
        _ => (&s[..], 1.0),
    };
    let v = crate::format::parse_decimal(num.trim())?;
    let v = v * mult;
    v.is_finite().then_some(v)
}

/// A number as a link writes it: whole numbers in full, others with at most six decimals.
pub(super) fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Reads a number for `key` into `range`: clamped to the nearest bound with a warning, or `None`
/// with a warning when the text is not a number.
pub(super) fn read_number(
    key: &str,
    raw: &str,
    range: &Range,
    warnings: &mut Vec<Warning>,
) -> Option<f64> {
    let (min, max) = (range.min, range.max);
    match parse_number(raw) {
        None => {
            let expected = format!("a number from {} to {}", fmt_num(min), fmt_num(max));
            invalid(warnings, key, raw, &expected);
            None
        }
        Some(v) if v < min || v > max => {
            let used = v.clamp(min, max);
            warnings.push(warning(
                key,
                WarningKind::Clamped {
                    given: truncate(raw, 40),
                    used: fmt_num(used),
                },
            ));
            Some(used)
        }
        Some(v) => Some(v),
    }
}

/// A value of `key` that cannot be read: what was given (cut to 40 characters) and what was expected.
pub(super) fn invalid(warnings: &mut Vec<Warning>, key: &str, given: &str, expected: &str) {
    warnings.push(warning(
        key,
        WarningKind::Invalid {
            given: truncate(given, 40),
            expected: expected.to_string(),
        },
    ));
}

/// Parameters that ad and analytics tools add to shared links (`utm_source`, `fbclid`, ...):
/// ignored without a notice, since the person who opens the link did not write them.
pub fn is_tracking(key: &str) -> bool {
    key.starts_with("utm_")
        || matches!(
            key,
            "fbclid"
                | "gclid"
                | "dclid"
                | "msclkid"
                | "yclid"
                | "mc_cid"
                | "mc_eid"
                | "igshid"
                | "ref"
                | "_ga"
        )
}

impl Scenario {
    /// Parses a query string or a whole share URL. Never fails: every problem becomes a warning and
    /// the value falls back to its default (or is clamped to its range).
    pub fn from_query(input: &str) -> (Scenario, Vec<Warning>) {
        let d = Scenario::default();
        let mut s = d.clone();
        let mut warnings = Vec::new();
        let pairs: Vec<&str> = query_part(input)
            .split('&')
            .filter(|p| !p.is_empty())
            .collect();
        if pairs.len() > MAX_PARAMS {
            let ignored = pairs.len() - MAX_PARAMS;
            warnings.push(warning("?", WarningKind::TooMany { ignored }));
        }
        let mut kv_basis_given = false;
        let mut community_given = false;
        let mut conc_given = false;
        let mut ttft_given = false;
        let mut rpm_given = false;
        for pair in pairs.into_iter().take(MAX_PARAMS) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let key = percent_decode(k).trim().to_ascii_lowercase();
            let val = percent_decode(v);
            kv_basis_given |= key == "kv_basis";
            community_given |= key == "community";
            conc_given |= key == "conc";
            ttft_given |= key == "ttft";
            rpm_given |= key == "rpm";
            match FIELDS.iter().find(|f| f.key() == key) {
                Some(field) => field.read(&mut s, &val, &d, &mut warnings),
                None if is_tracking(&key) => {}
                None => warnings.push(warning(&key, WarningKind::Unknown)),
            }
        }
        // Migration: a `v=1` link sized the KV cache for every sequence at its full context.
        if s.v < 2 && !kv_basis_given {
            s.kv_basis = crate::model::KvBasis::Full;
        }
        // Migration: before `v=3`, community and marketplace hosts carried a 24/7 service.
        if s.v < 3 && !community_given {
            s.community = true;
        }
        // Migration: before `v=4`, `seqs` was the concurrency every copy held, with a rate too.
        if s.v < 4 && !conc_given {
            s.concurrency = super::Concurrency::Stated;
        }
        // Migration: before `v=5`, a link without `ttft` had a 2,000 ms target whatever the model.
        if s.v < 5 && !ttft_given {
            s.ttft_ms = Some(super::DEFAULT_TTFT_MS);
        }
        // Migration: before `v=6`, people chatting sent a message a minute at the busiest hour.
        if s.v < 6 && !rpm_given && s.users > 0 && s.usecase == super::UseCase::Chat {
            s.rpm = Some(1.0);
        }
        s.v = SCENARIO_VERSION;
        (s, warnings)
    }

    /// The canonical query string: `v=4` then only the values that differ from the defaults, in
    /// the table's order. `Scenario::from_query(&s.to_query())` gives `s` back.
    pub fn to_query(&self) -> String {
        let d = Scenario::default();
        FIELDS
            .iter()
            .filter_map(|f| {
                let value = f.write(self, &d)?;
                Some(format!("{}={}", f.key(), percent_encode(&value)))
            })
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The scenario without the parts that only concern presentation (language, embedding):
    /// what decides the figures. Two links with the same `figures_query` show the same numbers.
    pub fn figures_query(&self) -> String {
        let mut s = self.clone();
        s.lang = None;
        s.embed = false;
        s.compact = false;
        s.theme = None;
        s.accent = None;
        s.asof = None;
        s.to_query()
    }

    /// Brings every value into what a link can carry, in place: numbers clamped into their
    /// range, rounded where whole and cut to the six decimals a link writes; ids, lists and texts
    /// checked, the default where a value would be refused. The scenario is then the one its own
    /// link reads back as (`Scenario::from_query(&s.to_query())`), without the text in between:
    /// the page normalises after every edit, so it never holds a value a URL could not.
    pub fn normalise(&mut self) {
        let d = Scenario::default();
        for field in FIELDS {
            field.normalise(self, &d);
        }
    }
}
