//! Numbers and money written for a reader, per language: English `1,234.5`, Spanish `1.234,5`.

use crate::scenario::Lang;
use crate::units::Currency;

/// `x` with `decimals` decimals and the language's separators. Non-finite prints as `-`.
pub fn number(x: f64, decimals: usize, lang: Lang) -> String {
    if !x.is_finite() {
        return "-".to_string();
    }
    let (thousands, point) = match lang {
        Lang::En => (',', '.'),
        Lang::Es => ('.', ','),
    };
    let fixed = format!("{:.*}", decimals, x.abs());
    let (int, frac) = match fixed.split_once('.') {
        Some((i, f)) => (i.to_string(), Some(f.to_string())),
        None => (fixed, None),
    };
    let mut grouped = String::with_capacity(int.len() + int.len() / 3);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(thousands);
        }
        grouped.push(c);
    }
    let negative = x < 0.0 && fixed_is_nonzero(&grouped, frac.as_deref());
    let mut s = String::new();
    if negative {
        s.push('-');
    }
    s.push_str(&grouped);
    if let Some(f) = frac {
        s.push(point);
        s.push_str(&f);
    }
    s
}

fn fixed_is_nonzero(int: &str, frac: Option<&str>) -> bool {
    int.chars()
        .chain(frac.unwrap_or("").chars())
        .any(|c| c.is_ascii_digit() && c != '0')
}

/// A number with as many decimals as it deserves: none from 100 or when whole, 1 from 10, 2 from
/// 1; below 1
/// up to 4, trailing zeros trimmed down to 2 (`0.04`, `0.016`).
pub fn amount(x: f64, lang: Lang) -> String {
    let a = x.abs();
    if a == 0.0 || a >= 100.0 || (a >= 1.0 && a.fract() == 0.0) {
        number(x, 0, lang)
    } else if a >= 10.0 {
        number(x, 1, lang)
    } else if a >= 1.0 {
        number(x, 2, lang)
    } else {
        let mut s = number(x, 4, lang);
        while s.ends_with('0') && s.len() > 4 {
            s.pop();
        }
        s
    }
}

/// Money: `1,234 EUR` / `1.234 EUR`.
pub fn money(x: f64, cur: Currency, lang: Lang) -> String {
    format!("{} {}", amount(x, lang), cur.code())
}

/// A fraction as a percentage: `0.125` -> `12.5%` / `12,5 %`.
pub fn percent(fraction: f64, lang: Lang) -> String {
    let p = fraction * 100.0;
    let decimals = if p.abs() >= 10.0 || p == 0.0 { 0 } else { 1 };
    match lang {
        Lang::En => format!("{}%", number(p, decimals, lang)),
        Lang::Es => format!("{} %", number(p, decimals, lang)),
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
        assert_eq!(number(f64::NAN, 1, Lang::En), "-");
        assert_eq!(percent(0.126, Lang::Es), "13 %");
        assert_eq!(percent(0.05, Lang::En), "5.0%");
        assert_eq!(money(0.04, Currency::Usd, Lang::En), "0.04 USD");
    }
}
