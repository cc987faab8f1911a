//! The question a verdict answers, in one line: the model and its format, the load, and the
//! constraints in force ("Llama 3.3 70B, FP8 on vLLM · 5,000 requests a day (1,000 + 250
//! tokens), 24 h a day · EU jurisdiction, single tenant"). The card shows it above the amount;
//! the report carries it as `scenario_line`, the embed's `result` event too.

use crate::format::show::{amount, number};
use crate::lang::Lang;

/// What the line says.
#[derive(Clone, Debug, PartialEq)]
pub struct Question<'a> {
    pub model: &'a str,
    /// The weight format as a person reads it (`FP8`, `Q4_K_M`).
    pub format: String,
    /// The engine's name (`vLLM`).
    pub engine: &'static str,
    pub load: Load,
    pub constraints: Constraints,
}

/// Serving at a request rate or a stated concurrency, or a fine-tuning job.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Load {
    Requests {
        per_day: f64,
        tokens_in: u64,
        tokens_out: u64,
        hours: f64,
    },
    /// People and what they do (`chat`, `code`, ...), with the requests a day they make.
    Users {
        users: u64,
        usecase: &'static str,
        per_day: f64,
        tokens_in: u64,
        tokens_out: u64,
        hours: f64,
    },
    Concurrent {
        seqs: u64,
        ctx: u64,
        hours: f64,
    },
    Job {
        /// `LoRA`, `QLoRA`, `full fine-tuning`.
        mode: &'static str,
        tokens: f64,
        epochs: u64,
    },
}

/// The user's constraints, as the line names them (only those in force).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Constraints {
    pub eu: bool,
    pub single_tenant: bool,
    pub gpus_limited: bool,
    pub kinds_limited: bool,
    pub max_term: Option<f64>,
    pub interruptions_allowed: bool,
    pub own: bool,
}

/// An engine's name as its project writes it, from its URL id.
pub fn engine_name(id: &str) -> &'static str {
    match id {
        "vllm" => "vLLM",
        "sglang" => "SGLang",
        "trtllm" => "TensorRT-LLM",
        "llamacpp" => "llama.cpp",
        "ollama" => "Ollama",
        "transformers" => "Transformers",
        _ => "another engine",
    }
}

/// A weight format as a person reads it, from its URL id (`awq4` -> `AWQ 4-bit`, `q4_k_m` ->
/// `Q4_K_M`).
pub fn format_name(id: &str) -> String {
    match id {
        "awq4" => "AWQ 4-bit".to_string(),
        "gptq4" => "GPTQ 4-bit".to_string(),
        other => other.to_ascii_uppercase(),
    }
}

/// A fine-tuning mode's name, from its URL id.
pub fn task_name(id: &str, lang: Lang) -> &'static str {
    match (id, lang) {
        ("lora", _) => "LoRA",
        ("qlora", _) => "QLoRA",
        (_, Lang::En) => "Full fine-tuning",
        (_, Lang::Es) => "Ajuste fino completo",
    }
}

impl Question<'_> {
    pub fn line(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        let n = |x: f64| number(x, 0, lang);
        let what = if es {
            format!("{}, {} en {}", self.model, self.format, self.engine)
        } else {
            format!("{}, {} on {}", self.model, self.format, self.engine)
        };
        let hours = |h: f64| {
            if es {
                format!("{} h al día", amount(h, lang))
            } else {
                format!("{} h a day", amount(h, lang))
            }
        };
        let requests = |per_day: f64, tokens_in: u64, tokens_out: u64, h: f64| {
            let (i, o, d) = (
                n(tokens_in as f64),
                n(tokens_out as f64),
                n(per_day.round()),
            );
            if es {
                format!("{d} peticiones al día ({i} + {o} tokens), {}", hours(h))
            } else {
                format!("{d} requests a day ({i} + {o} tokens), {}", hours(h))
            }
        };
        let load = match self.load {
            Load::Requests {
                per_day,
                tokens_in,
                tokens_out,
                hours: h,
            } => requests(per_day, tokens_in, tokens_out, h),
            Load::Users {
                users,
                usecase,
                per_day,
                tokens_in,
                tokens_out,
                hours: h,
            } => {
                let (u, r) = (n(users as f64), requests(per_day, tokens_in, tokens_out, h));
                if es {
                    format!("{u} personas ({usecase}), unas {r}")
                } else {
                    format!("{u} people ({usecase}), about {r}")
                }
            }
            Load::Concurrent {
                seqs,
                ctx,
                hours: h,
            } => {
                let (s, c) = (n(seqs as f64), n(ctx as f64));
                if es {
                    format!(
                        "{s} peticiones simultáneas, contexto de {c} tokens, {}",
                        hours(h)
                    )
                } else {
                    format!("{s} concurrent requests, {c}-token context, {}", hours(h))
                }
            }
            Load::Job {
                mode,
                tokens,
                epochs,
            } => {
                let t = amount(tokens / 1e6, lang);
                match (es, epochs) {
                    (false, 1) => format!("{mode} on {t} million tokens, 1 epoch"),
                    (false, e) => format!("{mode} on {t} million tokens, {e} epochs"),
                    (true, 1) => format!("{mode} con {t} millones de tokens, 1 época"),
                    (true, e) => format!("{mode} con {t} millones de tokens, {e} épocas"),
                }
            }
        };
        let c = self.constraints;
        let mut rules: Vec<String> = Vec::new();
        let mut say = |on: bool, en: &str, es_: &str| {
            if on {
                rules.push(if es { es_ } else { en }.to_string());
            }
        };
        say(c.eu, "EU jurisdiction", "jurisdicción UE");
        say(c.single_tenant, "single tenant", "uso exclusivo");
        say(c.gpus_limited, "chosen GPUs only", "solo las GPU elegidas");
        say(
            c.kinds_limited,
            "chosen offer kinds only",
            "solo los tipos de oferta elegidos",
        );
        say(
            c.interruptions_allowed,
            "interruptions allowed",
            "interrupciones admitidas",
        );
        say(c.own, "buying compared", "compra comparada");
        if let Some(m) = c.max_term {
            rules.push(match (es, m <= 0.0) {
                (false, true) => "no commitment".to_string(),
                (true, true) => "sin compromiso".to_string(),
                (false, false) => format!("terms up to {} months", amount(m, lang)),
                (true, false) => format!("plazos de hasta {} meses", amount(m, lang)),
            });
        }
        if rules.is_empty() {
            format!("{what} · {load}")
        } else {
            format!("{what} · {load} · {}", rules.join(", "))
        }
    }
}
