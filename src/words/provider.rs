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

/// A provider's catalogue on its way; `name` is [`crate::embed_protocol::catalogue_label`]'s.
pub fn catalogue_loading(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Loading the price catalogue of {name}…"),
        Lang::Es => format!("Cargando el catálogo de precios de {name}…"),
    }
}

/// A provider's catalogue in use; `name` is its `publisher` when it gives one.
pub fn catalogue_loaded(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Prices from {name}."),
        Lang::Es => format!("Precios de {name}."),
    }
}

/// The file could not be fetched or was refused (the reason follows, in its own words).
pub fn catalogue_failed(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "The price catalogue of {name} could not be loaded; showing the built-in prices."
        ),
        Lang::Es => format!(
            "No se pudo cargar el catálogo de precios de {name}; se muestran los precios incorporados."
        ),
    }
}

/// The catalogue's address is not on an origin this deployment accepts.
pub fn catalogue_not_allowed(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("The price catalogue of {name} is not allowed on this site (only this site's own, or those its operator lists); showing the built-in prices."),
        Lang::Es => format!("El catálogo de precios de {name} no está permitido en este sitio (solo el de este sitio o los que su operador indica); se muestran los precios incorporados."),
    }
}

/// The catalogue did not arrive in time (`secs`: the page's timeout).
pub fn catalogue_timed_out(name: &str, secs: u64, lang: Lang) -> String {
    match lang {
        Lang::En => format!("The price catalogue of {name} did not arrive within {secs} seconds; showing the built-in prices."),
        Lang::Es => format!("El catálogo de precios de {name} no llegó en {secs} segundos; se muestran los precios incorporados."),
    }
}

/// The embed footer's source of the prices: the provider's catalogue in use, or the built-in
/// one (also when a provider's was refused: never an empty name).
pub fn prices_from(publisher: Option<&str>, as_of: &str, lang: Lang) -> String {
    match (publisher.map(str::trim).filter(|p| !p.is_empty()), lang) {
        (Some(p), Lang::En) => format!("Prices from {p} · as of {as_of}"),
        (Some(p), Lang::Es) => format!("Precios de {p} · a fecha de {as_of}"),
        (None, Lang::En) => format!("Built-in prices · as of {as_of}"),
        (None, Lang::Es) => format!("Precios incorporados · a fecha de {as_of}"),
    }
}
