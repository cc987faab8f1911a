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
