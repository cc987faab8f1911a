//! What a text value from a link must be to be kept: an id, a colour, a catalogue URL, a date, or
//! free text that is printable and bounded. Each check gives the value to keep or why it is refused.

use super::kinds::Checked;

/// Longest text value kept from a URL (provider names, catalogue URLs).
pub const MAX_TEXT: usize = 200;

fn refused(given: &str, expected: &str) -> Checked {
    Checked::Invalid {
        given: given.to_string(),
        expected: expected.to_string(),
    }
}

/// An id: lowercase letters, digits and `-_.:`, at most 80 characters (kept trimmed and lowercased).
pub fn id(raw: &str) -> Checked {
    let s = raw.trim().to_ascii_lowercase();
    let ok = !s.is_empty()
        && s.len() <= 80
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
    if ok {
        Checked::Valid(s)
    } else {
        refused(raw, "an id of letters, digits, '-', '_' or '.'")
    }
}

/// A colour `#rrggbb` (kept trimmed and lowercased).
pub fn colour(raw: &str) -> Checked {
    let s = raw.trim();
    let ok = s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit());
    if ok {
        Checked::Valid(s.to_ascii_lowercase())
    } else {
        refused(raw, "a colour #rrggbb")
    }
}

/// Free text (a provider name): printable, bounded, no control characters; trimmed.
pub fn text(raw: &str) -> Checked {
    // Control characters out first, then the blanks around: the other order leaves the blank
    // after a control character ("\u{1} x" -> " x"), and a second reading would trim it.
    let kept: String = raw.chars().filter(|c| !c.is_control()).collect();
    let s = kept.trim().to_string();
    if s.is_empty() {
        Checked::Empty
    } else if s.chars().count() > MAX_TEXT {
        refused(&s, &format!("at most {MAX_TEXT} characters"))
    } else {
        Checked::Valid(s)
    }
}

/// A catalogue location: free text that is a relative path or an http(s) URL. Anything else
/// (`javascript:`, `data:`) is refused.
pub fn catalog_url(raw: &str) -> Checked {
    match text(raw) {
        Checked::Valid(t) if !is_safe_catalog_url(&t) => refused(&t, "an http(s) or relative URL"),
        checked => checked,
    }
}

fn is_safe_catalog_url(s: &str) -> bool {
    let lower = s.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") {
        return true;
    }
    // Relative: no scheme at all.
    !lower.contains(':') && !lower.starts_with("//")
}

/// A date `YYYY-MM-DD`, kept as written.
pub fn date(raw: &str) -> Checked {
    let ok = raw.len() == 10
        && raw.chars().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    if ok {
        Checked::Valid(raw.to_string())
    } else {
        refused(raw, "a date YYYY-MM-DD")
    }
}
