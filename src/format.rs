//! Numbers and money written for a reader, per language: English `1,234.5`, Spanish `1.234,5`.
//!
//! The functions at the top return `String`s; [`show`] has the same functions returning
//! `Display` values that write straight into a `format!`, with no intermediate allocation
//! (a report writes thousands of numbers and the whole evaluation has a 1 ms budget).

use crate::lang::Lang;
use crate::units::Currency;
use std::fmt::{self, Display, Write};

/// `x` with `decimals` decimals and the language's separators. Not finite: `—` (a NaN never
/// reaches a reader as "NaN").
pub fn number(x: f64, decimals: usize, lang: Lang) -> String {
    show::number(x, decimals, lang).to_string()
}

/// A number with as many decimals as it deserves: none from 100 or when whole, 1 from 10, 2 from
/// 1; below 1 up to 4, trailing zeros trimmed down to 2 (`0.04`, `0.016`).
pub fn amount(x: f64, lang: Lang) -> String {
    show::amount(x, lang).to_string()
}

/// Money as a reader of the language writes it: English `€4,414`, `€12.50`, `-$3.00`; Spanish
/// `4.414 €`, `12,50 €`. Whole units from 1,000, cents below; under 1, up to four decimals so that
/// a price per token keeps its figures (`€0.016`, `0,04 $`). The page and the report's sentences
/// write every amount with this one function.
pub fn money(x: f64, cur: Currency, lang: Lang) -> String {
    show::money(x, cur, lang).to_string()
}

/// A fraction as a percentage: `0.125` -> `13%` / `13 %`; one decimal below 10%.
pub fn percent(fraction: f64, lang: Lang) -> String {
    show::percent(fraction, lang).to_string()
}

/// A number with about three significant figures: no decimals from 100 (and for 0), one from 10,
/// two from 1, three below (`8.03`, `70.6`, `0.125`). Speeds and scaled counts.
pub fn significant(x: f64, lang: Lang) -> String {
    let a = x.abs();
    let decimals = if a >= 100.0 || a == 0.0 {
        0
    } else if a >= 10.0 {
        1
    } else if a >= 1.0 {
        2
    } else {
        3
    };
    number(x, decimals, lang)
}

/// A size in bytes as GiB with one decimal (`13.9 GiB`), or as whole MiB below 1 GiB (`512 MiB`).
pub fn bytes(b: f64, lang: Lang) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    const GIB: f64 = 1024.0 * MIB;
    if b.is_finite() && b.abs() < GIB {
        format!("{} MiB", number(b / MIB, 0, lang))
    } else {
        format!("{} GiB", number(b / GIB, 1, lang))
    }
}

/// A large count with a word for its scale: English `8.03 B`, Spanish `8,03 mil millones`;
/// below a million, the whole number (`950,000`).
pub fn count(n: f64, lang: Lang) -> String {
    let (scale, en, es) = if n >= 1e12 {
        (1e12, "T", "billones")
    } else if n >= 1e9 {
        (1e9, "B", "mil millones")
    } else if n >= 1e6 {
        (1e6, "M", "millones")
    } else {
        return number(n, 0, lang);
    };
    let figure = significant(n / scale, lang);
    match lang {
        Lang::En => format!("{figure} {en}"),
        Lang::Es => format!("{figure} {es}"),
    }
}

/// A plain number with at most three decimals and no trailing zeros (`13`, `0.5`, `1.125`), the
/// same in every language: how a URL value or a size in a name is written.
pub fn trim_number(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Reads a decimal number as Rust's `str::parse::<f64>` does (`12`, `-0.5`, `.5`, `1.`, `+3`,
/// `2.5e-3`, `inf`, `NaN`; nothing else, no spaces), without core's float parser, whose table
/// of powers of five and code cost the page about 12 KB of gzipped wasm.
///
/// Exact (the nearest double, as core's) when the significant digits form an integer up to
/// 2^53 and the power of ten is within 10^±22: every number a link, a field or a catalogue of
/// this app writes (at most 15 significant digits). Beyond, the digits past the 19th are
/// dropped and the power applied in steps: a relative error below 1e-14 (`tests/scenario.rs`
/// checks both against core's parser).
pub fn parse_decimal(text: &str) -> Option<f64> {
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let signed = |v: f64| if negative { -v } else { v };
    if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        return Some(signed(f64::INFINITY));
    }
    if body.eq_ignore_ascii_case("nan") {
        return Some(f64::NAN);
    }
    let bytes = body.as_bytes();
    let (mut i, mut mantissa, mut exponent, mut digits) = (0, 0u64, 0i64, false);
    let mut fraction = false;
    while i < bytes.len() {
        match bytes[i] {
            d @ b'0'..=b'9' => {
                digits = true;
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa * 10 + u64::from(d - b'0');
                    exponent -= i64::from(fraction);
                } else {
                    // A 20th significant digit and beyond: dropped (an integer's scale kept).
                    exponent += i64::from(!fraction);
                }
            }
            b'.' if !fraction => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if !digits {
        return None;
    }
    if i < bytes.len() {
        if !matches!(bytes[i], b'e' | b'E') {
            return None;
        }
        let rest = &body[i + 1..];
        let (sign, power) = match rest.as_bytes().first() {
            Some(b'-') => (-1, &rest[1..]),
            Some(b'+') => (1, &rest[1..]),
            _ => (1, rest),
        };
        if power.is_empty() || !power.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Saturated far beyond any double's range: 1e999999999 is infinite, as in core.
        let power = power
            .bytes()
            .fold(0i64, |p, b| (p * 10 + i64::from(b - b'0')).min(1_000_000));
        exponent += sign * power;
    }
    // Trailing zeros (`3603000.0000000700`) would push the digits past the exact path.
    while mantissa != 0 && mantissa % 10 == 0 {
        mantissa /= 10;
        exponent += 1;
    }
    Some(signed(scale(mantissa, exponent)))
}

/// `mantissa` x 10^`exponent`, exactly rounded in Clinger's fast path.
fn scale(mantissa: u64, exponent: i64) -> f64 {
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    if mantissa == 0 {
        return 0.0;
    }
    let m = mantissa as f64;
    if mantissa <= 1 << 53 && exponent.abs() <= 22 {
        // Both operands exact: one correctly rounded operation.
        let p = POW10[exponent.unsigned_abs() as usize];
        return if exponent < 0 { m / p } else { m * p };
    }
    if exponent > 330 {
        return f64::INFINITY;
    }
    if exponent < -360 {
        return 0.0;
    }
    // Steps of 10^22 (exact), then the remainder; dividing keeps subnormals reachable.
    let (mut v, mut e) = (m, exponent);
    while e > 22 {
        v *= POW10[22];
        e -= 22;
    }
    while e < -22 {
        v /= POW10[22];
        e += 22;
    }
    let p = POW10[e.unsigned_abs() as usize];
    if e < 0 {
        v / p
    } else {
        v * p
    }
}

/// The same functions, returning values that format themselves.
pub mod show {
    use super::*;

    pub fn number(x: f64, decimals: usize, lang: Lang) -> Number {
        Number { x, decimals, lang }
    }
    pub fn amount(x: f64, lang: Lang) -> Amount {
        Amount { x, lang }
    }
    pub fn money(x: f64, currency: Currency, lang: Lang) -> MoneyText {
        MoneyText { x, currency, lang }
    }
    pub fn percent(fraction: f64, lang: Lang) -> Percent {
        Percent { fraction, lang }
    }

    pub struct Number {
        x: f64,
        decimals: usize,
        lang: Lang,
    }
    pub struct Amount {
        x: f64,
        lang: Lang,
    }
    pub struct MoneyText {
        x: f64,
        currency: Currency,
        lang: Lang,
    }
    pub struct Percent {
        fraction: f64,
        lang: Lang,
    }

    impl Display for Number {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_number(f, self.x, self.decimals, self.lang)
        }
    }

    impl Display for Amount {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let (x, lang) = (self.x, self.lang);
            let a = x.abs();
            if !x.is_finite() || a == 0.0 || a >= 100.0 || (a >= 1.0 && a.fract() == 0.0) {
                write_number(f, x, 0, lang)
            } else if a >= 10.0 {
                write_number(f, x, 1, lang)
            } else if a >= 1.0 {
                write_number(f, x, 2, lang)
            } else {
                let mut buf = StackBuf::default();
                format_number(&mut buf, x, 4, lang)?;
                let mut s = buf.as_str();
                while s.ends_with('0') && s.len() > 4 {
                    s = &s[..s.len() - 1];
                }
                f.write_str(s)
            }
        }
    }

    impl Display for MoneyText {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let (x, lang) = (self.x, self.lang);
            let symbol = match self.currency {
                Currency::Eur => "€",
                Currency::Usd => "$",
            };
            let a = x.abs();
            let mut digits = StackBuf::default();
            if a > 0.0 && a < 1.0 {
                // Up to four decimals, trailing zeros trimmed down to cents.
                format_number(&mut digits, a, 4, lang)?;
                while digits.as_str().ends_with('0') && digits.len > 4 {
                    digits.len -= 1;
                }
            } else {
                let decimals = if a >= 1000.0 || !a.is_finite() { 0 } else { 2 };
                if format_number(&mut digits, a, decimals, lang).is_err() {
                    // Longer than the stack buffer (over 10^40): plain digits, no grouping.
                    let sign = if x < 0.0 { "-" } else { "" };
                    return match lang {
                        Lang::En => write!(f, "{sign}{symbol}{a:.0}"),
                        Lang::Es => write!(f, "{sign}{a:.0} {symbol}"),
                    };
                }
            }
            let negative = x < 0.0
                && digits
                    .as_str()
                    .bytes()
                    .any(|b| b.is_ascii_digit() && b != b'0');
            let sign = if negative { "-" } else { "" };
            match lang {
                Lang::En => write!(f, "{sign}{symbol}{}", digits.as_str()),
                Lang::Es => write!(f, "{sign}{} {symbol}", digits.as_str()),
            }
        }
    }

    impl Display for Percent {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let p = self.fraction * 100.0;
            let decimals = if p.abs() >= 10.0 || p == 0.0 { 0 } else { 1 };
            write_number(f, p, decimals, self.lang)?;
            match self.lang {
                Lang::En => f.write_char('%'),
                Lang::Es => f.write_str(" %"),
            }
        }
    }
}

/// Writes `x` with `decimals` decimals and the language's separators, in one `write_str`.
fn write_number(out: &mut impl Write, x: f64, decimals: usize, lang: Lang) -> fmt::Result {
    let mut buf = StackBuf::default();
    match format_number(&mut buf, x, decimals, lang) {
        Ok(()) => out.write_str(buf.as_str()),
        // Longer than the stack buffer (over 10^40): plain digits, no grouping.
        Err(_) => write!(out, "{:.*}", decimals, x),
    }
}

fn format_number(out: &mut StackBuf, x: f64, decimals: usize, lang: Lang) -> fmt::Result {
    if !x.is_finite() {
        return out.write_str("—");
    }
    let (thousands, point) = match lang {
        Lang::En => (b',', b'.'),
        Lang::Es => (b'.', b','),
    };
    let a = x.abs();
    let mut digits = [0u8; 20];
    if decimals <= 6 && a < 1e15 {
        // Integer arithmetic, rounding half away from zero.
        let pow = 10u64.pow(decimals as u32);
        let scaled = (a * pow as f64).round() as u64;
        if x < 0.0 && scaled != 0 {
            out.push(b'-')?;
        }
        write_grouped(out, write_digits(scaled / pow, &mut digits), thousands)?;
        if decimals > 0 {
            out.push(point)?;
            let frac = write_digits(scaled % pow, &mut digits);
            for _ in frac.len()..decimals {
                out.push(b'0')?;
            }
            for &d in frac {
                out.push(d)?;
            }
        }
        return Ok(());
    }
    let mut fixed = StackBuf::default();
    fmt::write(&mut fixed, format_args!("{:.*}", decimals, a))?;
    let fixed = fixed.as_str();
    let (int, frac) = match fixed.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (fixed, None),
    };
    if x < 0.0 && fixed.bytes().any(|b| b.is_ascii_digit() && b != b'0') {
        out.push(b'-')?;
    }
    write_grouped(out, int.as_bytes(), thousands)?;
    if let Some(f) = frac {
        out.push(point)?;
        out.write_str(f)?;
    }
    Ok(())
}

/// Writes ASCII digits with a separator every three from the right.
fn write_grouped(out: &mut StackBuf, int: &[u8], thousands: u8) -> fmt::Result {
    for (i, &d) in int.iter().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(thousands)?;
        }
        out.push(d)?;
    }
    Ok(())
}

/// The decimal digits of `n`, most significant first, in `buf`.
fn write_digits(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

/// A small fixed buffer that `fmt::write` fills without touching the heap.
struct StackBuf {
    bytes: [u8; 48],
    len: usize,
}

impl Default for StackBuf {
    fn default() -> Self {
        StackBuf {
            bytes: [0; 48],
            len: 0,
        }
    }
}

impl StackBuf {
    /// Appends one ASCII byte.
    fn push(&mut self, b: u8) -> fmt::Result {
        if self.len >= self.bytes.len() {
            return Err(fmt::Error);
        }
        self.bytes[self.len] = b;
        self.len += 1;
        Ok(())
    }
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl Write for StackBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.bytes.len() {
            return Err(fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(number(1234.5, 1, Lang::En), "1,234.5");
        assert_eq!(number(1234.5, 1, Lang::Es), "1.234,5");
        assert_eq!(number(1_234_567.0, 0, Lang::Es), "1.234.567");
        assert_eq!(number(-0.001, 1, Lang::En), "0.0");
        assert_eq!(number(-12.0, 0, Lang::En), "-12");
        assert_eq!(number(f64::NAN, 1, Lang::En), "—");
        assert_eq!(number(1e300, 0, Lang::En).len(), 301);
        assert_eq!(percent(0.125, Lang::Es), "13 %");
        assert_eq!(number(0.5, 0, Lang::En), "1");
        assert_eq!(number(9.999_96, 4, Lang::En), "10.0000");
        assert_eq!(number(1e20, 0, Lang::En), "100,000,000,000,000,000,000");
        assert_eq!(percent(0.05, Lang::En), "5.0%");
        assert_eq!(money(0.04, Currency::Usd, Lang::En), "$0.04");
    }

    #[test]
    fn money_is_written_one_way_per_language() {
        assert_eq!(money(4414.2, Currency::Eur, Lang::En), "€4,414");
        assert_eq!(money(4414.2, Currency::Eur, Lang::Es), "4.414 €");
        assert_eq!(money(234.5, Currency::Eur, Lang::Es), "234,50 €");
        assert_eq!(money(-12.0, Currency::Usd, Lang::En), "-$12.00");
        assert_eq!(money(0.016, Currency::Eur, Lang::En), "€0.016");
        assert_eq!(money(0.5, Currency::Usd, Lang::Es), "0,50 $");
        assert_eq!(money(0.0, Currency::Eur, Lang::En), "€0.00");
        assert_eq!(money(-0.001, Currency::Eur, Lang::En), "-€0.001");
        assert_eq!(money(-0.00001, Currency::Eur, Lang::En), "€0.00");
        assert_eq!(money(f64::NAN, Currency::Eur, Lang::En), "€—");
        assert_eq!(money(1e300, Currency::Eur, Lang::En).len(), 301 + "€".len());
    }

    #[test]
    fn significant_figures_sizes_and_counts() {
        assert_eq!(significant(8.0312, Lang::En), "8.03");
        assert_eq!(significant(70.55, Lang::Es), "70,6");
        assert_eq!(significant(0.1254, Lang::En), "0.125");
        assert_eq!(significant(1234.5, Lang::En), "1,235");
        assert_eq!(significant(0.0, Lang::En), "0");
        assert_eq!(significant(f64::NAN, Lang::En), "—");
        assert_eq!(bytes(14.9 * 1024.0 * 1024.0 * 1024.0, Lang::En), "14.9 GiB");
        assert_eq!(bytes(14.9 * 1024.0 * 1024.0 * 1024.0, Lang::Es), "14,9 GiB");
        assert_eq!(bytes(512.0 * 1024.0 * 1024.0, Lang::En), "512 MiB");
        assert_eq!(bytes(1024.0 * 1024.0 * 1024.0, Lang::En), "1.0 GiB");
        assert_eq!(bytes(f64::NAN, Lang::En), "— GiB");
        assert_eq!(count(8.03e9, Lang::En), "8.03 B");
        assert_eq!(count(8.03e9, Lang::Es), "8,03 mil millones");
        assert_eq!(count(70.6e9, Lang::En), "70.6 B");
        assert_eq!(count(1.5e12, Lang::Es), "1,50 billones");
        assert_eq!(count(350e6, Lang::En), "350 M");
        assert_eq!(count(950_000.0, Lang::En), "950,000");
        assert_eq!(count(950_000.0, Lang::Es), "950.000");
    }

    /// The page's cards and the report's sentences write money one way (the old page writer
    /// gave `€0.02` where a sentence said `€0.016`).
    #[test]
    fn the_page_writes_numbers_and_money_as_the_sentences_do() {
        assert_eq!(number(1234.5, 1, Lang::En), "1,234.5");
        assert_eq!(number(1234.5, 1, Lang::Es), "1.234,5");
        assert_eq!(number(-1_234_567.0, 0, Lang::En), "-1,234,567");
        assert_eq!(number(f64::NAN, 1, Lang::En), "—");
        assert_eq!(money(1234.5, Currency::Eur, Lang::En), "€1,235");
        assert_eq!(money(234.5, Currency::Eur, Lang::Es), "234,50 €");
        assert_eq!(money(-12.0, Currency::Usd, Lang::En), "-$12.00");
        assert_eq!(money(0.016, Currency::Eur, Lang::En), "€0.016");
    }
}
