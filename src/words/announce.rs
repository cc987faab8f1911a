//! The verdict in one sentence, for a screen reader: the page announces it politely when the
//! verdict changes (a visually hidden live region), instead of reading out the whole results
//! column. Written from the verdict card's own parts, which are already in the page's language.

use crate::lang::Lang;

/// "Recommended: 1 machine with 1× H100 SXM (80GB) on Lambda 1x H100, €2,083 per month."
pub fn verdict(hardware: &str, offer: &str, amount: &str, per: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Recommended: {hardware} on {offer}, {amount} {per}."),
        Lang::Es => format!("Recomendación: {hardware} en {offer}, {amount} {per}."),
    }
}

/// When no option qualifies.
pub fn no_verdict(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "No offer fits these constraints.",
        Lang::Es => "Ninguna oferta cumple estas restricciones.",
    }
}
