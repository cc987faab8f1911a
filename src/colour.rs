//! Colours for the host's accent (`accent=#rrggbb`): the WCAG 2.x contrast ratio, and the accent
//! moved just far enough towards black (light theme) or white (dark theme) that text in it meets
//! level AA (4.5:1) on the theme's page and card backgrounds. Pure arithmetic, no browser.
//!
//! Definitions (WCAG 2.2, "relative luminance" and "contrast ratio"): each sRGB channel
//! `c = v / 255` is linearised as `c / 12.92` when `c <= 0.04045`, else `((c + 0.055) / 1.055)^2.4`;
//! `L = 0.2126 R + 0.7152 G + 0.0722 B`; the ratio of two colours is `(L1 + 0.05) / (L2 + 0.05)`
//! with `L1` the lighter.

/// The contrast WCAG level AA asks of normal-size text.
pub const AA_TEXT: f64 = 4.5;

/// An sRGB colour, 8 bits a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// Black and white, the ends an accent is moved towards.
pub const BLACK: Rgb = Rgb(0, 0, 0);
pub const WHITE: Rgb = Rgb(255, 255, 255);

/// The backgrounds accent-coloured text sits on in each theme: the page (`--bg`) and the cards
/// (`--card`) of `style/main.css`. Change both together.
pub const LIGHT_BACKGROUNDS: [Rgb; 2] = [Rgb(0xf7, 0xf7, 0xf5), Rgb(0xff, 0xff, 0xff)];
pub const DARK_BACKGROUNDS: [Rgb; 2] = [Rgb(0x14, 0x16, 0x1a), Rgb(0x1d, 0x20, 0x26)];

impl Rgb {
    /// `#rrggbb` (the `#` optional, either case); `None` for anything else.
    pub fn parse(text: &str) -> Option<Rgb> {
        let hex = text.trim();
        let hex = hex.strip_prefix('#').unwrap_or(hex);
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Rgb(channel(0)?, channel(2)?, channel(4)?))
    }

    /// `#rrggbb`, lower case.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// The relative luminance, 0 (black) to 1 (white).
    pub fn luminance(self) -> f64 {
        let lin = |v: u8| {
            let c = f64::from(v) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// `self` moved the fraction `t` (0 to 1) of the way to `to`, channel by channel, rounded.
    pub fn towards(self, to: Rgb, t: f64) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(mix(self.0, to.0), mix(self.1, to.1), mix(self.2, to.2))
    }
}

/// The contrast ratio of two colours, 1 (the same) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The smallest contrast of `c` against any of `backgrounds`.
fn worst(c: Rgb, backgrounds: &[Rgb]) -> f64 {
    backgrounds
        .iter()
        .map(|&b| contrast(c, b))
        .fold(f64::INFINITY, f64::min)
}

/// The host's accent as the page uses it: the colour itself when text in it already meets AA
/// on every background of the theme, else the first of 255 even steps towards black (light
/// theme) or white (dark theme) that does; and the text to write on an accent-filled button,
/// black or white, whichever contrasts more with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accent {
    /// `--accent`.
    pub colour: Rgb,
    /// `--accent-text`.
    pub text: Rgb,
    /// Whether `colour` differs from the host's.
    pub adjusted: bool,
}

/// [`Accent`] for `host` in the light theme (`dark == false`) or the dark one.
pub fn accessible_accent(host: Rgb, dark: bool) -> Accent {
    let (backgrounds, end): (&[Rgb], Rgb) = if dark {
        (&DARK_BACKGROUNDS, WHITE)
    } else {
        (&LIGHT_BACKGROUNDS, BLACK)
    };
    // Contrast only grows along the way once the colour is past the backgrounds' luminance, and
    // the end (black: 19.8 on #f7f7f5; white: 16.1 on #1d2026) always passes: the scan stops.
    let colour = (0..=255u8)
        .map(|k| host.towards(end, f64::from(k) / 255.0))
        .find(|&c| worst(c, backgrounds) >= AA_TEXT)
        .unwrap_or(end);
    let text = if contrast(colour, WHITE) >= contrast(colour, BLACK) {
        WHITE
    } else {
        BLACK
    };
    Accent {
        colour,
        text,
        adjusted: colour != host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luminance_and_contrast_of_the_ends() {
        // Black 0, white 1: (1 + 0.05) / (0 + 0.05) = 21.
        assert_eq!(BLACK.luminance(), 0.0);
        assert!((WHITE.luminance() - 1.0).abs() < 1e-12);
        assert!((contrast(BLACK, WHITE) - 21.0).abs() < 1e-9);
        assert_eq!(contrast(WHITE, BLACK), contrast(BLACK, WHITE));
    }

    #[test]
    fn worked_example_pure_yellow_on_white() {
        // #ffff00: L = 0.2126 + 0.7152 = 0.9278; on white (1.05) / (0.9778) = 1.074.
        let y = Rgb::parse("#FFFF00").unwrap();
        assert!((y.luminance() - 0.9278).abs() < 1e-4);
        assert!((contrast(y, WHITE) - 1.074).abs() < 1e-3);
    }

    #[test]
    fn parse_and_hex_round_trip() {
        assert_eq!(Rgb::parse("#1f5fbf"), Some(Rgb(0x1f, 0x5f, 0xbf)));
        assert_eq!(Rgb(0x1f, 0x5f, 0xbf).hex(), "#1f5fbf");
        assert_eq!(Rgb::parse("0B6BCB"), Some(Rgb(0x0b, 0x6b, 0xcb)));
        for bad in ["", "#fff", "#12345g", "#1f5fbf0", "red", "#ééé"] {
            assert_eq!(Rgb::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_default_accent_is_kept() {
        // #1f5fbf: R 0.0137, G 0.1144, B 0.5209 linear; L = 0.0029 + 0.0818 + 0.0376 = 0.1223;
        // on white 1.05 / 0.1723 = 6.09, already AA: unchanged, white text on it.
        let a = accessible_accent(Rgb(0x1f, 0x5f, 0xbf), false);
        assert_eq!(a.colour, Rgb(0x1f, 0x5f, 0xbf));
        assert!(!a.adjusted);
        assert_eq!(a.text, WHITE);
        assert!((contrast(a.colour, WHITE) - 6.09).abs() < 0.01);
    }

    #[test]
    fn yellow_is_darkened_just_enough_in_the_light_theme() {
        // #ffd700 (gold) on white: L = 0.2126 + 0.7152 * 0.6795 + 0 = 0.6986, 1.05 / 0.7486
        // = 1.40, far below 4.5. Moved towards black until it passes on both backgrounds.
        let gold = Rgb(0xff, 0xd7, 0x00);
        assert!((contrast(gold, WHITE) - 1.40).abs() < 0.01);
        let a = accessible_accent(gold, false);
        assert!(a.adjusted);
        let on_white = contrast(a.colour, WHITE);
        let on_page = contrast(a.colour, LIGHT_BACKGROUNDS[0]);
        assert!(
            on_white >= AA_TEXT && on_page >= AA_TEXT,
            "{on_white} {on_page}"
        );
        // Just enough: one step less dark fails.
        let k = (0..=255u8)
            .find(|&k| gold.towards(BLACK, f64::from(k) / 255.0) == a.colour)
            .unwrap();
        let lighter = gold.towards(BLACK, f64::from(k - 1) / 255.0);
        assert!(worst(lighter, &LIGHT_BACKGROUNDS) < AA_TEXT);
        // Still a yellow-brown: red above green above blue.
        assert!(
            a.colour.0 > a.colour.1 && a.colour.1 > a.colour.2,
            "{}",
            a.colour.hex()
        );
        // The page's #f7f7f5 is the darker background, so it decides: 4.5 to 4.6 there.
        assert!(on_page < 4.6, "{on_page}");
        // A dark accent takes white text.
        assert_eq!(a.text, WHITE);
    }

    #[test]
    fn a_dark_blue_is_lightened_in_the_dark_theme() {
        // #1f5fbf on the dark card #1d2026 (L 0.0144): (0.1223 + 0.05) / 0.0644 = 2.68: too dark.
        let a = accessible_accent(Rgb(0x1f, 0x5f, 0xbf), true);
        assert!(a.adjusted);
        assert!(worst(a.colour, &DARK_BACKGROUNDS) >= AA_TEXT);
        // The dark theme's own accent #7fb0ff already passes (8.0 on #1d2026) and stays.
        let own = accessible_accent(Rgb(0x7f, 0xb0, 0xff), true);
        assert!(!own.adjusted);
        assert_eq!(own.text, BLACK);
    }

    #[test]
    fn every_accent_ends_accessible() {
        // A coarse grid of the whole cube, both themes: text in the accent meets AA, and the
        // button's text meets AA on the accent (black or white, the better).
        for r in (0..=255u16).step_by(51) {
            for g in (0..=255u16).step_by(51) {
                for b in (0..=255u16).step_by(51) {
                    let host = Rgb(r as u8, g as u8, b as u8);
                    for dark in [false, true] {
                        let a = accessible_accent(host, dark);
                        let bgs: &[Rgb] = if dark {
                            &DARK_BACKGROUNDS
                        } else {
                            &LIGHT_BACKGROUNDS
                        };
                        assert!(worst(a.colour, bgs) >= AA_TEXT, "{} {dark}", host.hex());
                        assert!(contrast(a.colour, a.text) >= AA_TEXT, "{}", host.hex());
                    }
                }
            }
        }
    }
}
