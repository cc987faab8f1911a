//! The provider's pick (`report::ProviderPick`) in words: a host's best fitting offer and the
//! market's cheapest beside it, in English and Spanish.

use crate::lang::Lang;

/// "Acme Metal's best fit: AM-L40S-4 (4x L40S, bare metal), EUR 2,490 a month."
pub fn headline(provider: &str, offer: &str, amount: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{provider}'s best fit: {offer}, {amount} a month."),
        Lang::Es => format!("La mejor opción de {provider}: {offer}, {amount} al mes."),
    }
}

/// None of the provider's offers can serve the scenario; the first reason of its cheapest.
pub fn none_fits(provider: &str, why: Option<&str>, lang: Lang) -> String {
    match (lang, why) {
        (Lang::En, Some(why)) => {
            format!(
                "None of {provider}'s offers can serve this scenario. The cheapest of them: {why}."
            )
        }
        (Lang::En, None) => format!("None of {provider}'s offers can serve this scenario."),
        (Lang::Es, Some(why)) => format!(
            "Ninguna oferta de {provider} puede atender este escenario. La más barata: {why}."
        ),
        (Lang::Es, None) => format!("Ninguna oferta de {provider} puede atender este escenario."),
    }
}

/// The provider's offer is the market's cheapest too.
pub fn also_cheapest(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "It is also the cheapest option in the whole comparison.",
        Lang::Es => "Es también la opción más barata de toda la comparación.",
    }
}

/// The market's cheapest usable option, and how much less it costs than the provider's.
pub fn market_cheapest(market: &str, amount: &str, less: Option<&str>, lang: Lang) -> String {
    match (lang, less) {
        (Lang::En, Some(less)) => format!(
            "The cheapest option in the whole comparison: {market}, {amount} a month ({less} less)."
        ),
        (Lang::En, None) => {
            format!("The cheapest option in the whole comparison: {market}, {amount} a month.")
        }
        (Lang::Es, Some(less)) => format!(
            "La opción más barata de toda la comparación: {market}, {amount} al mes ({less} menos)."
        ),
        (Lang::Es, None) => {
            format!("La opción más barata de toda la comparación: {market}, {amount} al mes.")
        }
    }
}

/// The heading of the provider's offers.
pub fn offers_title(provider: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{provider}'s offers"),
        Lang::Es => format!("Ofertas de {provider}"),
    }
}

/// An offer of the provider that serves the scenario, in the list.
pub fn serves(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "serves this scenario",
        Lang::Es => "atiende este escenario",
    }
}
