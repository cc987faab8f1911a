//! Web origins (`scheme://host[:port]`) as the embedding protocol compares them, and the check a
//! catalogue's origin passes. The parser accepts only plain `http`/`https` URLs with an ASCII
//! host; anything a browser would rewrite is refused, so the check fails closed.

use std::fmt;

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

pub(super) fn split_scheme(text: &str) -> Option<(&'static str, &str)> {
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
