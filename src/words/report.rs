//! The report's own sentences: how far the recommended hardware stretches (the memory card's
//! headroom), and the notes on the catalogue an evaluation adds to the report's warnings.

use crate::format::show::number;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// How far the recommended hardware stretches: the longest context per request at the
/// scenario's concurrency, and the most concurrent requests at its context.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Headroom {
    /// Longest context per request that fits with `at_sequences` requests (capped at
    /// `context_limit`).
    pub max_context_tokens: u64,
    pub at_sequences: u64,
    /// Most concurrent requests that fit with `at_context` tokens each.
    pub max_sequences: u64,
    pub at_context: u64,
    /// The model's own context limit (`max_position`); 0 when unknown.
    pub context_limit: u64,
    /// With the KV cache sized for the tokens in flight: the prompt and output tokens of one
    /// request, which the concurrent requests above each hold (one of them up to the longest
    /// context); 0 when every request is sized at its full context.
    #[serde(default)]
    pub request_tokens: u64,
}

impl Headroom {
    /// "On this hardware: up to 23,456 tokens of context per request at 16 concurrent requests,
    /// or up to 42 concurrent requests at 8,192 tokens."
    pub fn sentence(&self, lang: Lang) -> String {
        let n = |x: u64| number(x as f64, 0, lang);
        let (ctx, seqs) = (n(self.max_context_tokens), n(self.at_sequences));
        let whole = self.context_limit > 0 && self.max_context_tokens >= self.context_limit;
        let context = match (whole, lang) {
            (true, Lang::En) => {
                format!("the model's whole context ({ctx} tokens) per request even at {seqs} concurrent requests")
            }
            (true, Lang::Es) => {
                format!("todo el contexto del modelo ({ctx} tokens) por petición incluso con {seqs} peticiones simultáneas")
            }
            (false, Lang::En) => {
                format!("up to {ctx} tokens of context per request at {seqs} concurrent requests")
            }
            (false, Lang::Es) => {
                format!(
                    "hasta {ctx} tokens de contexto por petición con {seqs} peticiones simultáneas"
                )
            }
        };
        let (most, at) = (n(self.max_sequences), n(self.at_context));
        if self.request_tokens > 0 {
            let per = n(self.request_tokens);
            let whole_en = if whole {
                " (the model's whole context)"
            } else {
                ""
            };
            let whole_es = if whole {
                " (todo el contexto del modelo)"
            } else {
                ""
            };
            return match lang {
                Lang::En => format!(
                    "On this hardware: {seqs} concurrent requests of {per} tokens leave room for one of up to {ctx} tokens{whole_en}, or up to {most} concurrent requests of {per} tokens with one at {at}."
                ),
                Lang::Es => format!(
                    "En este equipo: {seqs} peticiones simultáneas de {per} tokens dejan sitio para una de hasta {ctx} tokens{whole_es}, o hasta {most} peticiones simultáneas de {per} tokens con una de {at}."
                ),
            };
        }
        match lang {
            Lang::En => format!(
                "On this hardware: {context}, or up to {most} concurrent requests at {at} tokens."
            ),
            Lang::Es => format!(
                "En este equipo: {context}, o hasta {most} peticiones simultáneas con {at} tokens."
            ),
        }
    }
}

/// A note on the catalogue that an evaluation adds to the report's warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CatalogNote<'a> {
    /// The scenario names a provider (`provider=`) with no offers in this catalogue.
    NoOffersFrom { provider: &'a str },
    /// The link was made against the catalogue of `link_as_of`; prices are now of `now_as_of`.
    PricesChanged {
        link_as_of: &'a str,
        now_as_of: &'a str,
    },
}

impl CatalogNote<'_> {
    pub fn sentence(&self, lang: Lang) -> String {
        match (self, lang) {
            (CatalogNote::NoOffersFrom { provider }, Lang::En) => {
                format!("No offers from provider \"{provider}\" in this catalogue.")
            }
            (CatalogNote::NoOffersFrom { provider }, Lang::Es) => {
                format!("No hay ofertas del proveedor \"{provider}\" en este catálogo.")
            }
            (
                CatalogNote::PricesChanged {
                    link_as_of,
                    now_as_of,
                },
                Lang::En,
            ) => format!(
                "Prices have changed since this link was made ({link_as_of}); they are now as of {now_as_of}."
            ),
            (
                CatalogNote::PricesChanged {
                    link_as_of,
                    now_as_of,
                },
                Lang::Es,
            ) => format!(
                "Los precios han cambiado desde que se creó este enlace ({link_as_of}); ahora son del {now_as_of}."
            ),
        }
    }
}

/// The context asked for is beyond the model's own limit: the sizing uses the limit.
pub fn context_beyond_limit(ctx: u64, limit: u64, model: &str, lang: Lang) -> String {
    let (c, l) = (number(ctx as f64, 0, lang), number(limit as f64, 0, lang));
    match lang {
        Lang::En => format!("A context of {c} tokens is beyond {model}'s limit of {l}: sized at {l} tokens."),
        Lang::Es => format!("Un contexto de {c} tokens supera el límite de {model}, {l}: se dimensiona con {l} tokens."),
    }
}

/// Nothing fits, but the weights alone fit the largest machine: the concurrency is the limit.
pub fn concurrency_is_the_limit(
    weights_gib: f64,
    largest_gib: f64,
    seqs: u64,
    lang: Lang,
) -> String {
    let (w, l, n) = (
        number(weights_gib, 1, lang),
        number(largest_gib, 0, lang),
        number(seqs as f64, 0, lang),
    );
    match lang {
        Lang::En => format!("The weights alone ({w} GiB) fit the largest machine ({l} GiB): what no option holds is the KV cache of {n} concurrent sequences. Lower the concurrency or the context, or give a request rate."),
        Lang::Es => format!("Los pesos solos ({w} GiB) caben en la máquina más grande ({l} GiB): lo que ninguna opción aloja es la caché KV de {n} secuencias simultáneas. Reduzca la concurrencia o el contexto, o indique un ritmo de peticiones."),
    }
}
