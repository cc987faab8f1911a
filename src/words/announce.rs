//! The verdict in one sentence, for a screen reader: the page announces it politely when the
//! verdict changes (a visually hidden live region), instead of reading out the whole results
//! column. Written from the verdict card's own parts, which are already in the page's language.

use crate::lang::Lang;

/// "Recommended: 1 machine with 1× H100 SXM (80GB) on Lambda 1x H100, €2,083 per month."; when
/// the card says something before its price (`lead`: a hosted API far cheaper, a machine barely
/// used), that sentence's first clause comes first, as on the card.
pub fn verdict(
    lead: Option<&str>,
    hardware: &str,
    offer: &str,
    amount: &str,
    per: &str,
    lang: Lang,
) -> String {
    let said = match lang {
        Lang::En => format!("Recommended: {hardware} on {offer}, {amount} {per}."),
        Lang::Es => format!("Recomendación: {hardware} en {offer}, {amount} {per}."),
    };
    match lead.map(first_sentence).filter(|l| !l.is_empty()) {
        Some(first) => format!("{first} {said}"),
        None => said,
    }
}

/// The text up to its first full stop followed by a space (or all of it), the stop kept.
fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(i) => &text[..=i],
        None => text.trim_end(),
    }
}

/// When no option qualifies.
pub fn no_verdict(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "No offer fits these constraints.",
        Lang::Es => "Ninguna oferta cumple estas restricciones.",
    }
}
