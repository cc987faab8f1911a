//! What the memory was sized for when the context is far above the request: the tokens in
//! flight, and what the full context would take.

use crate::format::show::{amount, number};
use crate::lang::Lang;

/// The KV cache is sized for the tokens in flight (`seqs` requests of `request_tokens`), well
/// below `ctx`; every one of them at the full context would need `full_kv_gib` of KV cache and
/// about `full_ttft_s` to its first token.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ContextSizedFor {
    pub ctx: u64,
    pub request_tokens: u64,
    pub seqs: u64,
    pub full_kv_gib: f64,
    pub full_ttft_s: f64,
}

impl ContextSizedFor {
    pub fn sentence(&self, lang: Lang) -> String {
        let (ctx, req, seqs) = (
            number(self.ctx as f64, 0, lang),
            number(self.request_tokens as f64, 0, lang),
            number(self.seqs as f64, 0, lang),
        );
        let (gib, s) = (
            amount(self.full_kv_gib, lang),
            amount(self.full_ttft_s, lang),
        );
        match lang {
            Lang::En => format!("Sized for the requests as given, {req} tokens each ({seqs} at once), with room for one at the full {ctx}-token context: {seqs} requests at the full context would need {gib} GiB of KV cache, and each about {s} s to its first token."),
            Lang::Es => format!("Dimensionado para las peticiones indicadas, {req} tokens cada una ({seqs} a la vez), con sitio para una con el contexto completo de {ctx} tokens: {seqs} peticiones con el contexto completo necesitarían {gib} GiB de caché KV, y cada una unos {s} s hasta su primer token."),
        }
    }
}

/// The chosen deployment at the low end of the speed range (`factor` of the model's figures):
/// the machines and copies the load needs then, their monthly cost, whether it still serves.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AtLowEnd {
    pub factor: f64,
    pub servers: u32,
    pub servers_low: u32,
    pub replicas_low: u32,
    pub monthly_low: f64,
    pub serves: bool,
    pub currency: crate::units::Currency,
}

impl AtLowEnd {
    pub fn sentence(&self, lang: Lang) -> String {
        use crate::format::show::{money, percent};
        let f = percent(self.factor, lang);
        let m = money(self.monthly_low, self.currency, lang);
        let machines = |n: u32| match (n, lang) {
            (1, Lang::En) => "1 machine".to_string(),
            (1, Lang::Es) => "1 máquina".to_string(),
            (n, Lang::En) => format!("{n} machines"),
            (n, Lang::Es) => format!("{n} máquinas"),
        };
        let (now, low) = (machines(self.servers), machines(self.servers_low));
        match (lang, self.serves, self.servers_low > self.servers) {
            (Lang::En, true, false) => format!("At the low end of the speed range (runs like this one have measured down to {f} of these figures), the same {now} still carry the load."),
            (Lang::Es, true, false) => format!("En el extremo bajo del rango de velocidad (en ejecuciones como esta se ha medido hasta el {f} de estas cifras), las mismas {now} siguen bastando para la carga."),
            (Lang::En, true, true) => format!("At the low end of the speed range (runs like this one have measured down to {f} of these figures), the load would need {low} instead of {now}, {m} a month; the link parameter speed=conservative sizes for it."),
            (Lang::Es, true, true) => format!("En el extremo bajo del rango de velocidad (en ejecuciones como esta se ha medido hasta el {f} de estas cifras), la carga necesitaría {low} en lugar de {now}, {m} al mes; el parámetro speed=conservative del enlace dimensiona para ello."),
            (Lang::En, false, _) => format!("At the low end of the speed range (runs like this one have measured down to {f} of these figures), this deployment would miss the speed or latency target; the link parameter speed=conservative sizes for it."),
            (Lang::Es, false, _) => format!("En el extremo bajo del rango de velocidad (en ejecuciones como esta se ha medido hasta el {f} de estas cifras), este despliegue no alcanzaría el objetivo de velocidad o latencia; el parámetro speed=conservative del enlace dimensiona para ello."),
        }
    }
}
