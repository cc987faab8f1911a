//! Colours and type of the charts: a light or dark theme, an accent colour given as `#rrggbb`.

use plotters::style::{Color, FontFamily, IntoFont, RGBColor, TextStyle};

/// Light or dark page behind the chart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

/// How a chart looks. Every text shown (axis names, labels, the empty-state message) comes with
/// the data, already translated; this only says how to draw it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartStyle {
    pub theme: Theme,
    /// Colour of the first series and of the markers (break-even, capacity).
    pub accent: RGBColor,
    /// A CSS font family; the browser resolves it on canvas, SVG passes it through.
    pub font_family: String,
    /// Font size in pixels, clamped to 8..=32 when drawing.
    pub font_size: u32,
    /// Write tick numbers as `1,5` rather than `1.5` (Spanish).
    pub decimal_comma: bool,
    /// Shown instead of a chart when there is nothing finite to draw.
    pub empty_message: String,
    /// Draw the legend inside the chart. Never drawn in the browser build (wasm32), which lists
    /// the series in HTML: plotters measures legend text on wasm with a `style` attribute, which a
    /// strict Content-Security-Policy (`style-src 'self'`) refuses.
    pub legend: bool,
}

impl Default for ChartStyle {
    fn default() -> Self {
        Self {
            theme: Theme::Light,
            accent: DEFAULT_ACCENT,
            font_family: "sans-serif".into(),
            font_size: 13,
            decimal_comma: false,
            empty_message: "No data to chart".into(),
            legend: true,
        }
    }
}

const DEFAULT_ACCENT: RGBColor = RGBColor(0x00, 0x72, 0xb2);

/// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies; the series after
/// the first take these in turn.
const PALETTE: [RGBColor; 5] = [
    RGBColor(0xe6, 0x9f, 0x00),
    RGBColor(0x00, 0x9e, 0x73),
    RGBColor(0xcc, 0x79, 0xa7),
    RGBColor(0xd5, 0x5e, 0x00),
    RGBColor(0x56, 0xb4, 0xe9),
];

/// Parses `#rrggbb` (or `rrggbb`); anything else is `None`, never a panic.
pub fn parse_hex_colour(text: &str) -> Option<RGBColor> {
    let hex = text.trim();
    let hex = hex.strip_prefix('#').unwrap_or(hex);
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(RGBColor(byte(0)?, byte(2)?, byte(4)?))
}

/// The colours a theme draws with.
pub(crate) struct Colours {
    pub background: RGBColor,
    pub text: RGBColor,
    pub muted: RGBColor,
    pub grid: RGBColor,
}

impl ChartStyle {
    /// A style with the accent parsed from `#rrggbb`, falling back to the default accent.
    pub fn new(theme: Theme, accent_hex: &str) -> Self {
        Self {
            theme,
            accent: parse_hex_colour(accent_hex).unwrap_or(DEFAULT_ACCENT),
            ..Self::default()
        }
    }

    pub(crate) fn colours(&self) -> Colours {
        match self.theme {
            Theme::Light => Colours {
                background: RGBColor(0xff, 0xff, 0xff),
                text: RGBColor(0x1f, 0x23, 0x28),
                muted: RGBColor(0x59, 0x63, 0x6e),
                grid: RGBColor(0xe1, 0xe4, 0xe8),
            },
            Theme::Dark => Colours {
                background: RGBColor(0x16, 0x1b, 0x22),
                text: RGBColor(0xe6, 0xed, 0xf3),
                muted: RGBColor(0x9d, 0xa7, 0xb3),
                grid: RGBColor(0x30, 0x36, 0x3d),
            },
        }
    }

    /// Colour of the series at `index`: the accent first, then the palette.
    pub fn series_colour(&self, index: usize) -> RGBColor {
        match index {
            0 => self.accent,
            i => PALETTE[(i - 1) % PALETTE.len()],
        }
    }

    pub(crate) fn font_px(&self) -> u32 {
        self.font_size.clamp(8, 32)
    }

    pub(crate) fn text<C: Color>(&self, colour: &C) -> TextStyle<'_> {
        // The family as written: `FontFamily::from(&str)` would lowercase it, and Rust's Unicode
        // lowercasing tables would cost the page several KB for a name the browser resolves.
        (
            FontFamily::Name(&self.font_family),
            f64::from(self.font_px()),
        )
            .into_font()
            .color(colour)
    }
}

/// `colour` moved towards `toward` by `t` in 0..=1: an opaque tint, so stacked areas do not blend.
pub(crate) fn tint(colour: RGBColor, toward: RGBColor, t: f64) -> RGBColor {
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    RGBColor(
        mix(colour.0, toward.0),
        mix(colour.1, toward.1),
        mix(colour.2, toward.2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours_parse_with_or_without_hash() {
        assert_eq!(parse_hex_colour("#0a7BfF"), Some(RGBColor(10, 123, 255)));
        assert_eq!(parse_hex_colour(" 102030 "), Some(RGBColor(16, 32, 48)));
    }

    #[test]
    fn malformed_hex_colours_are_refused() {
        for bad in [
            "", "#", "#12345", "#1234567", "#gg0000", "#+1+2+3", "#ééé", "#€€",
        ] {
            assert_eq!(parse_hex_colour(bad), None, "{bad:?}");
        }
        assert_eq!(ChartStyle::new(Theme::Dark, "red").accent, DEFAULT_ACCENT);
    }
}
