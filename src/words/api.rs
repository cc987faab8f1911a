//! Hosted APIs and honest prices in words: what is wrong with an `apis` row of a catalogue, what a
//! row's flags and an offer's `price_note` mean, and the verdict's comparison with the cheapest
//! hosted API.

use crate::format::show::{money, percent};
use crate::lang::Lang;
use crate::units::Currency;

type Both = (&'static str, &'static str);

fn pick(lang: Lang, (en, es): Both) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Es => es,
    }
}

/// What is wrong with one row of a catalogue's `apis`.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiFault {
    /// A text field that must not be empty.
    MissingField {
        field: &'static str,
    },
    /// A price per million tokens that is negative, not a number, or (input) zero.
    BadPrice {
        field: &'static str,
        amount: f64,
    },
    /// `model_id` names no model of the catalogue.
    UnknownModel {
        id: String,
    },
    BadDate {
        date: String,
    },
}

impl ApiFault {
    /// The fault as a clause (lower case, no full stop).
    pub fn clause(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match (self, es) {
            (ApiFault::MissingField { field }, false) => format!("`{field}` is empty"),
            (ApiFault::MissingField { field }, true) => format!("`{field}` está vacío"),
            (ApiFault::BadPrice { field, amount }, false) => format!(
                "`{field}` must be a price per million tokens ({}), not {amount}",
                if *field == "input_per_mtok" {
                    "above 0"
                } else {
                    "0 or more"
                }
            ),
            (ApiFault::BadPrice { field, amount }, true) => format!(
                "`{field}` debe ser un precio por millón de tokens ({}), no {amount}",
                if *field == "input_per_mtok" {
                    "mayor que 0"
                } else {
                    "0 o más"
                }
            ),
            (ApiFault::UnknownModel { id }, false) => {
                format!("`model_id` \"{id}\" is not a model of the catalogue")
            }
            (ApiFault::UnknownModel { id }, true) => {
                format!("`model_id` \"{id}\" no es un modelo del catálogo")
            }
            (ApiFault::BadDate { date }, false) => {
                format!("`as_of` \"{date}\" is not a date (YYYY-MM-DD, YYYY-MM or YYYY)")
            }
            (ApiFault::BadDate { date }, true) => {
                format!("`as_of` \"{date}\" no es una fecha (AAAA-MM-DD, AAAA-MM o AAAA)")
            }
        }
    }
}

/// What an offer's price leaves out, from its `price_note` (docs/interface.md §3); a note that is
/// not one of the keys is a provider's own words, shown as written.
pub fn price_note(key: &str, lang: Lang) -> String {
    let both: Both = match key {
        "floor" => (
            "a 'starting at' price: the location or configuration you get may cost more",
            "un precio «desde»: la ubicación o configuración que obtenga puede costar más",
        ),
        "median" => (
            "the median of a marketplace's live offers: the host you rent may charge more",
            "la mediana de las ofertas en vivo de un mercado: el anfitrión que alquile puede cobrar más",
        ),
        "gpu_only" => (
            "a GPU-only rate: vCPUs, RAM and disk are billed on top",
            "una tarifa solo de GPU: vCPU, RAM y disco se cobran aparte",
        ),
        "gpu_only_priced" => (
            "a GPU-only rate with the provider's published vCPU and RAM add-ons priced in for an assumed container (8 vCPUs, RAM as large as the GPU's memory); disk is billed on top",
            "una tarifa solo de GPU con los suplementos publicados de vCPU y RAM incluidos para un contenedor supuesto (8 vCPU, tanta RAM como memoria tiene la GPU); el disco se cobra aparte",
        ),
        "listing" => (
            "a marketplace's live listing: the price moves daily and the listing may be gone",
            "un anuncio en vivo de un mercado: el precio cambia cada día y el anuncio puede haber desaparecido",
        ),
        "low_confidence" => (
            "a third-party figure the provider's own page did not confirm",
            "una cifra de terceros que la página del proveedor no confirmó",
        ),
        "yearly" => (
            "a yearly prepaid price divided by 12: the year is paid up front",
            "un precio anual prepagado dividido entre 12: el año se paga por adelantado",
        ),
        "monthly_as_hourly" => (
            "a monthly rental worked out from an hourly equivalent (x 730 h)",
            "un alquiler mensual calculado a partir de un equivalente por hora (x 730 h)",
        ),
        "converted" => (
            "converted from another currency or another billing period: the invoice may differ",
            "convertido de otra moneda u otro periodo de facturación: la factura puede variar",
        ),
        other => return other.to_string(),
    };
    pick(lang, both).to_string()
}

/// What an API row's flags and `last_known` warn about, as one clause; `None` when nothing.
pub fn api_caveats(last_known: bool, flags: &[String], lang: Lang) -> Option<String> {
    let mut out: Vec<String> = Vec::new();
    if last_known {
        out.push(
            pick(
                lang,
                (
                    "last known price (may be retired)",
                    "último precio conocido (puede estar retirado)",
                ),
            )
            .into(),
        );
    }
    for f in flags {
        let both: Both = match f.as_str() {
            "currency_unverified" => ("currency not verified", "moneda sin verificar"),
            "sources_disagree" => (
                "sources disagree on the price",
                "las fuentes no coinciden en el precio",
            ),
            "aggregator" => (
                "an aggregator: the provider it routes to sets the price",
                "un agregador: el proveedor al que enruta fija el precio",
            ),
            "blended" => (
                "one price for input and output",
                "un solo precio para entrada y salida",
            ),
            other => {
                out.push(other.to_string());
                continue;
            }
        };
        out.push(pick(lang, both).into());
    }
    (!out.is_empty()).then(|| out.join("; "))
}

/// The facts the verdict's API sentence is written from.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiVerdict<'a> {
    pub provider: &'a str,
    /// The model the API sells, by its catalogue name.
    pub model_name: &'a str,
    /// The scenario's model, by name, when the API sells another model of its size class.
    pub instead_of: Option<&'a str>,
    /// The scenario's model is a preset with architecture fields the user changed.
    pub modified: bool,
    pub input_per_mtok: f64,
    pub output_per_mtok: f64,
    pub price_currency: Currency,
    /// The API at the scenario's load, in the report's currency.
    pub api_monthly: f64,
    /// The recommendation's monthly cost, in the report's currency.
    pub self_hosted_monthly: f64,
    pub currency: Currency,
    pub requests_per_day: f64,
    /// The load is the recommendation's capacity at full use (no request rate given).
    pub full_load: bool,
    /// The API provider's legal home is in the EU.
    pub api_in_eu: bool,
    pub api_jurisdiction: &'a str,
    /// The user asked for EU jurisdiction and no API under EU law sells the model.
    pub none_in_eu: bool,
}

impl ApiVerdict<'_> {
    /// "A hosted API is cheaper: DeepInfra sells Llama 3.3 70B at $0.10 / $0.32 per million input
    /// / output tokens, about $311 a month at 5,000 requests a day, $2,180 (88%) less than this.
    /// Self-hosting gives in return: ..."
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        let cur = self.currency;
        let pc = self.price_currency;
        // An embedding API bills input tokens only.
        let prices = if self.output_per_mtok > 0.0 {
            let (i, o) = (
                money(self.input_per_mtok, pc, lang),
                money(self.output_per_mtok, pc, lang),
            );
            match lang {
                Lang::En => format!("{i} / {o} per million input / output tokens"),
                Lang::Es => format!("{i} / {o} por millón de tokens de entrada / salida"),
            }
        } else {
            let i = money(self.input_per_mtok, pc, lang);
            match lang {
                Lang::En => format!("{i} per million input tokens"),
                Lang::Es => format!("{i} por millón de tokens de entrada"),
            }
        };
        let load = crate::format::count(self.requests_per_day.round(), lang);
        let load = match (self.full_load, es) {
            (false, false) => format!("at {load} requests a day"),
            (false, true) => format!("con {load} peticiones al día"),
            (true, false) => format!(
                "at {load} requests a day, what this deployment serves at full use (no request rate given)"
            ),
            (true, true) => format!(
                "con {load} peticiones al día, lo que este despliegue atiende a pleno uso (sin tasa de peticiones)"
            ),
        };
        let api = money(self.api_monthly, cur, lang);
        let own = money(self.self_hosted_monthly, cur, lang);
        let d = money(
            (self.self_hosted_monthly - self.api_monthly).abs(),
            cur,
            lang,
        );
        let cheaper = self.api_monthly < self.self_hosted_monthly;
        // How the two compare: a share of the deployment when the API is cheaper (0.8% of it),
        // a multiple when it is dearer (6.3 times).
        let (share, times) = if self.self_hosted_monthly > 0.0 {
            let share = self.api_monthly / self.self_hosted_monthly;
            (
                match (share < 0.001, es) {
                    (true, _) => pick(lang, ("under 0.1%", "menos del 0,1 %")).to_string(),
                    (false, false) => percent(share, lang).to_string(),
                    (false, true) => format!("el {}", percent(share, lang)),
                },
                crate::format::significant(self.api_monthly / self.self_hosted_monthly, lang),
            )
        } else {
            (String::new(), String::new())
        };
        let own_model = |own: &str| match (self.modified, es) {
            (false, _) => own.to_string(),
            (true, false) => format!("your modified {own}"),
            (true, true) => format!("su {own} modificado"),
        };
        let what = match (self.instead_of.map(own_model), es) {
            (None, _) => self.model_name.to_string(),
            (Some(own), false) => format!(
                "{} (no hosted API sells {own}; this is the nearest model of its size)",
                self.model_name
            ),
            (Some(own), true) => format!(
                "{} (ninguna API alojada vende {own}; es el modelo más cercano de su tamaño)",
                self.model_name
            ),
        };
        let p = self.provider;
        let mut s = match (cheaper, es) {
            (true, false) => format!(
                "A hosted API is cheaper: {p} sells {what} at {prices}, about {api} a month {load}: {share} of this deployment's {own}, {d} less."
            ),
            (true, true) => format!(
                "Una API alojada sale más barata: {p} vende {what} a {prices}, unos {api} al mes {load}: {share} de los {own} de este despliegue, {d} menos."
            ),
            (false, false) => format!(
                "Cheaper than the cheapest hosted API: {p} sells {what} at {prices}, about {api} a month {load}, {times} times this deployment's {own} ({d} more)."
            ),
            (false, true) => format!(
                "Más barato que la API alojada más barata: {p} vende {what} a {prices}, unos {api} al mes {load}, {times} veces los {own} de este despliegue ({d} más)."
            ),
        };
        if self.none_in_eu {
            s.push(' ');
            s.push_str(pick(
                lang,
                (
                    "No hosted API under EU law sells it, so this one does not meet your EU jurisdiction constraint.",
                    "Ninguna API alojada bajo ley de la UE lo vende, así que esta no cumple su restricción de jurisdicción UE.",
                ),
            ));
        }
        if cheaper {
            s.push(' ');
            s.push_str(&self.in_return(lang));
        }
        s
    }

    /// What self-hosting gives for the difference.
    fn in_return(&self, lang: Lang) -> String {
        let j = self.api_jurisdiction;
        let data = match (self.api_in_eu, lang) {
            (false, Lang::En) => {
                format!("the data stays in your jurisdiction (the API's provider is under {j} law)")
            }
            (false, Lang::Es) => format!(
                "los datos quedan en su jurisdicción (el proveedor de la API está bajo {})",
                crate::words::cost::jurisdiction(j, lang)
            ),
            (true, Lang::En) => "the data stays on machines you control".to_string(),
            (true, Lang::Es) => "los datos quedan en máquinas que usted controla".to_string(),
        };
        match lang {
            Lang::En => format!("Self-hosting gives in return: {data}, no rate limits or model retirements, and your own fine-tunes."),
            Lang::Es => format!("A cambio, alojarlo usted le da: {data}, sin límites de uso ni retiradas de modelos, y sus propios ajustes finos."),
        }
    }
}
