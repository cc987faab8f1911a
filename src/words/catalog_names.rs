//! The descriptive words inside catalogue names, in the page's language: an offer named
//! "a100-180 (monthly billing)" reads "a100-180 (facturación mensual)" in Spanish, an API
//! provider "OpenRouter (aggregator)" reads "OpenRouter (agregador)". Only a parenthesis whose
//! whole text is a known phrase is translated; product names ("Secure Cloud"), plan codes and
//! everything outside parentheses stay as the catalogue writes them.

use crate::lang::Lang;
use std::borrow::Cow;

/// English phrase -> Spanish, as they appear in parentheses in `public/catalog.json`'s offer,
/// API-provider and hardware names.
const PHRASES: &[(&str, &str)] = &[
    ("aggregator", "agregador"),
    ("monthly billing", "facturación mensual"),
    ("hourly billing", "facturación por horas"),
    ("1-year reserved", "reserva de 1 año"),
    ("3-year reserved", "reserva de 3 años"),
    ("36-month reserved", "reserva de 36 meses"),
    ("per GPU", "por GPU"),
    ("preemptible", "interrumpible"),
    ("per-GPU price x 8", "precio por GPU x 8"),
    ("no commitment", "sin permanencia"),
    ("12-month contract", "contrato de 12 meses"),
    ("1-month contract", "contrato de 1 mes"),
    ("config unknown", "configuración desconocida"),
    ("on-demand, per GPU", "bajo demanda, por GPU"),
    ("on-demand", "bajo demanda"),
    ("12 months upfront", "12 meses por adelantado"),
    ("High priority", "alta prioridad"),
    ("first-party API", "API propia"),
    ("self-built", "montaje propio"),
    ("composed", "compuesto"),
    ("annual prepaid", "prepago anual"),
    ("monthly", "mensual"),
    (
        "Community/marketplace, lowest",
        "Community/mercado, el más bajo",
    ),
    ("Secure Cloud, per GPU", "Secure Cloud, por GPU"),
    (
        "reservation, 'starting from', per GPU",
        "reserva, «desde», por GPU",
    ),
    ("complete", "completo"),
    ("HGX 4-GPU, self-built", "HGX 4-GPU, montaje propio"),
    ("HGX, Thinkmate quote", "HGX, presupuesto de Thinkmate"),
    ("bare metal", "bare metal"),
];

/// One parenthesis's text in Spanish, when it is a known phrase (or "marketplace median, N
/// offers").
fn phrase_es(inner: &str) -> Option<String> {
    if let Some((_, es)) = PHRASES.iter().find(|(en, _)| *en == inner) {
        return Some((*es).to_string());
    }
    let n = inner
        .strip_prefix("marketplace median, ")?
        .strip_suffix(" offers")?;
    n.parse::<u32>()
        .ok()
        .map(|n| format!("mediana del mercado, {n} ofertas"))
}

/// A catalogue name in `lang`: unchanged in English, and in Spanish with each known
/// parenthesised phrase translated.
pub fn catalogue_name(name: &str, lang: Lang) -> Cow<'_, str> {
    if lang == Lang::En || !name.contains('(') {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 8);
    let mut rest = name;
    let mut changed = false;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..close];
        match phrase_es(inner) {
            Some(es) => {
                changed |= es != inner;
                out.push_str(&es);
            }
            None => out.push_str(inner),
        }
        out.push(')');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_phrases_are_translated_and_the_rest_is_kept() {
        let es = |n| catalogue_name(n, Lang::Es).into_owned();
        assert_eq!(
            es("a100-180 (monthly billing)"),
            "a100-180 (facturación mensual)"
        );
        assert_eq!(es("OpenRouter (aggregator)"), "OpenRouter (agregador)");
        assert_eq!(
            es("8x H100 (1-year reserved) (per GPU)"),
            "8x H100 (reserva de 1 año) (por GPU)"
        );
        assert_eq!(
            es("RTX 4090 (marketplace median, 41 offers)"),
            "RTX 4090 (mediana del mercado, 41 ofertas)"
        );
        // Product names, unknown words, unbalanced parentheses: as written.
        assert_eq!(es("1x MI300X (Secure Cloud)"), "1x MI300X (Secure Cloud)");
        assert_eq!(
            es("gpu-1 (planCode 23scaleintel01-v1)"),
            "gpu-1 (planCode 23scaleintel01-v1)"
        );
        assert_eq!(es("odd (monthly billing"), "odd (monthly billing");
        assert_eq!(
            catalogue_name("a (monthly billing)", Lang::En),
            "a (monthly billing)"
        );
    }

    #[test]
    fn every_parenthesis_of_the_builtin_catalogue_in_the_table_is_translated() {
        // The table's phrases are the catalogue's: each one (but "bare metal", the same in
        // Spanish) changes the name it is in.
        for (en, es) in PHRASES.iter().filter(|(en, _)| *en != "bare metal") {
            assert_ne!(en, es);
            let name = format!("x ({en})");
            assert_eq!(catalogue_name(&name, Lang::Es), format!("x ({es})"));
        }
    }
}
