//! What a verdict says before its price: a hosted API far cheaper than self-hosting, or a machine
//! the load barely uses.

use crate::format::show::{money, number, percent};
use crate::lang::Lang;
use crate::units::Currency;

/// A hosted API sells the model for less than a third of the self-hosted cost at this load.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ApiFirst {
    pub provider: String,
    pub model_name: String,
    pub api_monthly: f64,
    pub self_hosted_monthly: f64,
    pub currency: Currency,
}

/// An API this many times cheaper than self-hosting is the answer first.
pub const API_FIRST_RATIO: f64 = 3.0;

/// The recommended machine runs at under this share of its capacity: said before the price.
pub const LOW_USE: f64 = 0.10;

impl ApiFirst {
    pub fn sentence(&self, lang: Lang) -> String {
        let (a, s) = (
            money(self.api_monthly, self.currency, lang),
            money(self.self_hosted_monthly, self.currency, lang),
        );
        let times = number(
            self.self_hosted_monthly / self.api_monthly.max(1e-9),
            0,
            lang,
        );
        let (p, m) = (&self.provider, &self.model_name);
        match lang {
            Lang::En => format!("At this load a hosted API is the cheaper answer: {p} serves {m} for about {a} a month, {times} times less than self-hosting at {s}. Self-host for what an API does not give (below); the self-hosted answer follows."),
            Lang::Es => format!("Con esta carga la respuesta más barata es una API alojada: {p} sirve {m} por unos {a} al mes, {times} veces menos que alojarlo usted por {s}. Alójelo usted por lo que una API no da (abajo); la respuesta para alojarlo sigue."),
        }
    }
}

/// The load uses `utilisation` of the recommended machine's capacity.
pub fn low_use(utilisation: f64, lang: Lang) -> String {
    let u = percent(utilisation, lang);
    match lang {
        Lang::En => format!("This load uses {u} of the recommended machine's capacity: the price below pays mostly for idle hardware."),
        Lang::Es => format!("Esta carga usa el {u} de la capacidad de la máquina recomendada: el precio de abajo paga sobre todo hardware ocioso."),
    }
}

/// The chosen offer's source leaves its configuration or availability unknown.
pub fn uncertain_offer(config_unknown: bool, availability_uncertain: bool, lang: Lang) -> String {
    let what = match (config_unknown, availability_uncertain, lang) {
        (true, true, Lang::En) => "its exact configuration and whether it can be ordered now",
        (true, true, Lang::Es) => "su configuración exacta y si se puede contratar ahora",
        (true, false, Lang::En) => "its exact configuration (CPU, memory, network)",
        (true, false, Lang::Es) => "su configuración exacta (CPU, memoria, red)",
        (false, _, Lang::En) => "whether it can be ordered now",
        (false, _, Lang::Es) => "si se puede contratar ahora",
    };
    match lang {
        Lang::En => format!("Check with the provider before ordering: this offer's own source leaves {what} unknown."),
        Lang::Es => format!("Compruébelo con el proveedor antes de contratar: la fuente de esta oferta deja sin precisar {what}."),
    }
}
