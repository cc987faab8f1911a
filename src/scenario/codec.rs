//! The URL codec: query string <-> [`Scenario`], with a warning for every unknown, clamped or
//! unparseable value. Nothing in a URL can make it panic; every value is bounded.

use super::{ArchOverrides, Lang, Scenario, Tenancy, Theme, SCENARIO_VERSION};
use crate::model::{Engine, KvType, Quant, Task};
use crate::units::Currency;
use serde::{Deserialize, Serialize};

/// Longest text value kept from a URL (ids, provider names, catalogue URLs).
const MAX_TEXT: usize = 200;
/// Most parameters read from one URL; the rest are ignored with one warning.
const MAX_PARAMS: usize = 100;
/// Most ids in a list value (`gpus=`, `kinds=`).
const MAX_LIST: usize = 64;

/// What went wrong with one URL parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WarningKind {
    /// The parameter is not part of the scenario schema.
    Unknown,
    /// The value was outside its range and was brought to the nearest bound.
    Clamped { given: String, used: String },
    /// The value could not be read; the default is used.
    Invalid { given: String, expected: String },
    /// A newer or unknown schema version.
    Version { given: String },
    /// Too many parameters; the rest were ignored.
    TooMany { ignored: usize },
}

/// A problem with one URL parameter, kept to show in the page and in the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Warning {
    pub param: String,
    #[serde(flatten)]
    pub kind: WarningKind,
}

impl Warning {
    fn new(param: &str, kind: WarningKind) -> Self {
        Warning {
            param: truncate(param, 40),
            kind,
        }
    }

    /// The warning as a sentence in the given language.
    pub fn message(&self, lang: Lang) -> String {
        let p = &self.param;
        match (&self.kind, lang) {
            (WarningKind::Unknown, Lang::En) => format!("Unknown parameter \"{p}\" was ignored."),
            (WarningKind::Unknown, Lang::Es) => {
                format!("Se ignoró el parámetro desconocido \"{p}\".")
            }
            (WarningKind::Clamped { given, used }, Lang::En) => {
                format!("\"{p}\" = {given} is out of range; {used} is used instead.")
            }
            (WarningKind::Clamped { given, used }, Lang::Es) => {
                format!("\"{p}\" = {given} está fuera de rango; se usa {used}.")
            }
            (WarningKind::Invalid { given, expected }, Lang::En) => {
                format!("\"{p}\" = \"{given}\" is not valid (expected {expected}); the default is used.")
            }
            (WarningKind::Invalid { given, expected }, Lang::Es) => {
                format!("\"{p}\" = \"{given}\" no es válido (se esperaba {expected}); se usa el valor por defecto.")
            }
            (WarningKind::Version { given }, Lang::En) => {
                format!("This link uses scenario version {given}; it was read as version {SCENARIO_VERSION}.")
            }
            (WarningKind::Version { given }, Lang::Es) => {
                format!("Este enlace usa la versión {given} del escenario; se leyó como versión {SCENARIO_VERSION}.")
            }
            (WarningKind::TooMany { ignored }, Lang::En) => {
                format!("The link has too many parameters; {ignored} were ignored.")
            }
            (WarningKind::TooMany { ignored }, Lang::Es) => {
                format!("El enlace tiene demasiados parámetros; se ignoraron {ignored}.")
            }
        }
    }
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// Decodes `%XX` escapes and `+` as space; invalid escapes are kept as written, invalid UTF-8 replaced.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a value for a query string: unreserved characters and `,` stay readable.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The query part of a bare query string or a whole share URL, without `?` and `#fragment`.
fn query_part(input: &str) -> &str {
    let s = input.trim();
    let s = s.split('#').next().unwrap_or("");
    match s.find('?') {
        Some(i) => &s[i + 1..],
        // A bare "a=b&c=d" string, or a URL with no query at all.
        None if s.contains('=') => s,
        None => "",
    }
}

/// Reads a number, accepting `8k`, `1.5M`, `2e6` and `_` or `,` as thousands separators… but a
/// comma is ambiguous in Spanish, so only `_` and a trailing k/m/g multiplier are accepted.
fn parse_number(raw: &str) -> Option<f64> {
    let s = raw.trim().replace('_', "");
    if s.is_empty() {
        return None;
    }
    let (num, mult) = match s.chars().last()? {
        'k' | 'K' => (&s[..s.len() - 1], 1e3),
        'm' | 'M' => (&s[..s.len() - 1], 1e6),
        'g' | 'G' | 'b' | 'B' => (&s[..s.len() - 1], 1e9),
        _ => (&s[..], 1.0),
    };
    let v: f64 = num.trim().parse().ok()?;
    let v = v * mult;
    v.is_finite().then_some(v)
}

fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

struct Reader {
    warnings: Vec<Warning>,
}

impl Reader {
    fn number(&mut self, key: &str, raw: &str, min: f64, max: f64) -> Option<f64> {
        match parse_number(raw) {
            None => {
                self.warnings.push(Warning::new(
                    key,
                    WarningKind::Invalid {
                        given: truncate(raw, 40),
                        expected: format!("a number from {} to {}", fmt_num(min), fmt_num(max)),
                    },
                ));
                None
            }
            Some(v) if v < min || v > max => {
                let used = v.clamp(min, max);
                self.warnings.push(Warning::new(
                    key,
                    WarningKind::Clamped {
                        given: truncate(raw, 40),
                        used: fmt_num(used),
                    },
                ));
                Some(used)
            }
            Some(v) => Some(v),
        }
    }

    fn integer(&mut self, key: &str, raw: &str, min: u64, max: u64) -> Option<u64> {
        self.number(key, raw, min as f64, max as f64)
            .map(|v| v.round() as u64)
    }

    fn flag(&mut self, key: &str, raw: &str) -> Option<bool> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Some(true),
            "0" | "false" | "no" | "off" => Some(false),
            _ => {
                self.invalid(key, raw, "0 or 1");
                None
            }
        }
    }

    fn choice<T>(
        &mut self,
        key: &str,
        raw: &str,
        parse: impl Fn(&str) -> Option<T>,
        expected: &str,
    ) -> Option<T> {
        let v = parse(raw);
        if v.is_none() {
            self.invalid(key, raw, expected);
        }
        v
    }

    fn invalid(&mut self, key: &str, raw: &str, expected: &str) {
        self.warnings.push(Warning::new(
            key,
            WarningKind::Invalid {
                given: truncate(raw, 40),
                expected: expected.to_string(),
            },
        ));
    }

    /// An id: lowercase letters, digits and `-_.:`, at most 80 characters.
    fn id(&mut self, key: &str, raw: &str) -> Option<String> {
        let s = raw.trim().to_ascii_lowercase();
        let ok = !s.is_empty()
            && s.len() <= 80
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
        if ok {
            Some(s)
        } else {
            self.invalid(key, raw, "an id of letters, digits, '-', '_' or '.'");
            None
        }
    }

    fn id_list(&mut self, key: &str, raw: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for part in raw
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .take(MAX_LIST)
        {
            if let Some(id) = self.id(key, part) {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    }

    /// Free text (provider name, catalogue URL): printable, bounded, no control characters.
    fn text(&mut self, key: &str, raw: &str) -> Option<String> {
        let s: String = raw.trim().chars().filter(|c| !c.is_control()).collect();
        if s.is_empty() {
            return None;
        }
        if s.chars().count() > MAX_TEXT {
            self.invalid(key, &s, &format!("at most {MAX_TEXT} characters"));
            return None;
        }
        Some(s)
    }
}

fn is_hex_colour(s: &str) -> bool {
    let s = s.trim();
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// A catalogue location: a relative path, or an http(s) URL. Anything else (javascript:, data:) is refused.
fn is_safe_catalog_url(s: &str) -> bool {
    let lower = s.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") {
        return true;
    }
    // Relative: no scheme at all.
    !lower.contains(':') && !lower.starts_with("//")
}

impl Scenario {
    /// Parses a query string or a whole share URL. Never fails: every problem becomes a warning and
    /// the value falls back to its default (or is clamped to its range).
    pub fn from_query(input: &str) -> (Scenario, Vec<Warning>) {
        let mut s = Scenario::default();
        let mut r = Reader {
            warnings: Vec::new(),
        };
        let pairs: Vec<&str> = query_part(input)
            .split('&')
            .filter(|p| !p.is_empty())
            .collect();
        if pairs.len() > MAX_PARAMS {
            r.warnings.push(Warning::new(
                "?",
                WarningKind::TooMany {
                    ignored: pairs.len() - MAX_PARAMS,
                },
            ));
        }
        for pair in pairs.into_iter().take(MAX_PARAMS) {
            let (k, v) = match pair.split_once('=') {
                Some((k, v)) => (k, v),
                None => (pair, ""),
            };
            let key = percent_decode(k).trim().to_ascii_lowercase();
            let val = percent_decode(v);
            s.apply(&key, &val, &mut r);
        }
        (s, r.warnings)
    }

    fn apply(&mut self, key: &str, val: &str, r: &mut Reader) {
        let a = &mut self.arch;
        let arch_field = |r: &mut Reader, f: &mut Option<u64>, max: u64| {
            if let Some(v) = r.integer(key, val, 1, max) {
                *f = Some(v);
            }
        };
        match key {
            "v" => {
                if val.trim() != "1" {
                    r.warnings.push(Warning::new(
                        key,
                        WarningKind::Version {
                            given: truncate(val, 10),
                        },
                    ));
                }
            }
            "model" => {
                if let Some(id) = r.id(key, val) {
                    self.model = id;
                }
            }
            "params" => self.params_b = r.number(key, val, 0.001, 10_000.0),
            "layers" => arch_field(r, &mut a.layers, 10_000),
            "hidden" => arch_field(r, &mut a.hidden, 1_000_000),
            "heads" => arch_field(r, &mut a.heads, 100_000),
            "kv_heads" => arch_field(r, &mut a.kv_heads, 100_000),
            "head_dim" => arch_field(r, &mut a.head_dim, 100_000),
            "ffn" => arch_field(r, &mut a.ffn, 10_000_000),
            "vocab" => arch_field(r, &mut a.vocab, 100_000_000),
            "experts" => arch_field(r, &mut a.experts, 100_000),
            "experts_active" => arch_field(r, &mut a.experts_active, 100_000),
            "moe_ffn" => arch_field(r, &mut a.moe_ffn, 10_000_000),
            "kv_lora_rank" => arch_field(r, &mut a.kv_lora_rank, 1_000_000),
            "rope_dim" => arch_field(r, &mut a.rope_dim, 1_000_000),
            "window" => arch_field(r, &mut a.window, 100_000_000),
            "tied" => {
                if let Some(b) = r.flag(key, val) {
                    a.tied = Some(b);
                }
            }
            "quant" => {
                if let Some(q) = r.choice(
                    key,
                    val,
                    Quant::parse,
                    "a weight format such as bf16, fp8, awq4 or q4_k_m",
                ) {
                    self.quant = q;
                }
            }
            "kv" => {
                if let Some(q) = r.choice(key, val, KvType::parse, "f16, bf16, fp8, q8_0 or q4_0") {
                    self.kv = q;
                }
            }
            "ctx" => {
                if let Some(v) = r.integer(key, val, 1, 10_000_000) {
                    self.ctx = v;
                }
            }
            "seqs" => {
                if let Some(v) = r.integer(key, val, 1, 100_000) {
                    self.seqs = v;
                }
            }
            "engine" => {
                if let Some(e) = r.choice(
                    key,
                    val,
                    Engine::parse,
                    "vllm, sglang, trtllm, llamacpp, ollama or transformers",
                ) {
                    self.engine = e;
                }
            }
            "task" => {
                if let Some(t) = r.choice(key, val, Task::parse, "infer, lora, qlora or full") {
                    self.task = t;
                }
            }
            "rpd" => {
                if let Some(v) = r.number(key, val, 0.0, 1e12) {
                    self.rpd = v.round();
                }
            }
            "train_tokens" => {
                if let Some(v) = r.number(key, val, 1.0, 1e13) {
                    self.train_tokens = v.round();
                }
            }
            "in" => {
                if let Some(v) = r.integer(key, val, 1, 10_000_000) {
                    self.tokens_in = v;
                }
            }
            "out" => {
                if let Some(v) = r.integer(key, val, 1, 10_000_000) {
                    self.tokens_out = v;
                }
            }
            "tps" => {
                if let Some(v) = r.number(key, val, 0.0, 10_000.0) {
                    self.tps = v;
                }
            }
            "ttft" => {
                if let Some(v) = r.number(key, val, 0.0, 600_000.0) {
                    self.ttft_ms = v;
                }
            }
            "hours" => {
                if let Some(v) = r.number(key, val, 1.0, 24.0) {
                    self.hours = v;
                }
            }
            "months" => {
                if let Some(v) = r.number(key, val, 1.0, 120.0) {
                    self.months = v.round();
                }
            }
            "eu" => {
                if let Some(b) = r.flag(key, val) {
                    self.eu = b;
                }
            }
            "tenancy" => {
                let t = r.choice(
                    key,
                    val,
                    |s| match s.trim().to_ascii_lowercase().as_str() {
                        "any" => Some(Tenancy::Any),
                        "single" => Some(Tenancy::Single),
                        _ => None,
                    },
                    "any or single",
                );
                if let Some(t) = t {
                    self.tenancy = t;
                }
            }
            "gpus" => self.gpus = r.id_list(key, val),
            "kinds" => {
                let ids = r.id_list(key, val);
                self.kinds = ids
                    .into_iter()
                    .filter(|k| {
                        let ok = crate::catalog::OfferKind::parse(k).is_some();
                        if !ok {
                            r.invalid(key, k, "an offer kind such as bare_metal, gpu_cloud or vps");
                        }
                        ok
                    })
                    .collect();
            }
            "egress_gb" => self.assumptions.egress_gb = r.number(key, val, 0.0, 1e9),
            "storage_gb" => self.assumptions.storage_gb = r.number(key, val, 0.0, 1e9),
            "monitoring" => self.assumptions.monitoring = r.number(key, val, 0.0, 1e9),
            "peak" => self.assumptions.peak = r.number(key, val, 1.0, 100.0),
            "bw_eff" => self.assumptions.bw_eff = r.number(key, val, 0.05, 1.0),
            "flops_eff" => self.assumptions.flops_eff = r.number(key, val, 0.05, 1.0),
            "vm_tax" => self.assumptions.vm_tax = r.number(key, val, 0.0, 0.5),
            "kwh" => self.assumptions.kwh_price = r.number(key, val, 0.0, 10.0),
            "pue" => self.assumptions.pue = r.number(key, val, 1.0, 3.0),
            "cur" => {
                if let Some(c) = r.choice(key, val, Currency::parse, "EUR or USD") {
                    self.cur = c;
                }
            }
            "lang" => {
                if let Some(l) = r.choice(key, val, Lang::parse, "en or es") {
                    self.lang = Some(l);
                }
            }
            "embed" => {
                if let Some(b) = r.flag(key, val) {
                    self.embed = b;
                }
            }
            "theme" => {
                let t = r.choice(
                    key,
                    val,
                    |s| match s.trim().to_ascii_lowercase().as_str() {
                        "light" => Some(Theme::Light),
                        "dark" => Some(Theme::Dark),
                        _ => None,
                    },
                    "light or dark",
                );
                if t.is_some() {
                    self.theme = t;
                }
            }
            "accent" => {
                if is_hex_colour(val) {
                    self.accent = Some(val.trim().to_ascii_lowercase());
                } else {
                    r.invalid(key, val, "a colour #rrggbb");
                }
            }
            "catalog" => {
                if let Some(t) = r.text(key, val) {
                    if is_safe_catalog_url(&t) {
                        self.catalog = Some(t);
                    } else {
                        r.invalid(key, &t, "an http(s) or relative URL");
                    }
                }
            }
            "provider" => self.provider = r.text(key, val),
            "asof" => {
                let ok = val.len() == 10
                    && val.chars().enumerate().all(|(i, c)| {
                        if i == 4 || i == 7 {
                            c == '-'
                        } else {
                            c.is_ascii_digit()
                        }
                    });
                if ok {
                    self.asof = Some(val.to_string());
                } else {
                    r.invalid(key, val, "a date YYYY-MM-DD");
                }
            }
            _ => r.warnings.push(Warning::new(key, WarningKind::Unknown)),
        }
    }

    /// The canonical query string: `v=1` then only the values that differ from the defaults, in a
    /// fixed order. `Scenario::from_query(&s.to_query())` gives `s` back.
    pub fn to_query(&self) -> String {
        let d = Scenario::default();
        let mut q: Vec<(&str, String)> = vec![("v", SCENARIO_VERSION.to_string())];
        let mut put = |k: &'static str, v: String| q.push((k, v));
        if self.model != d.model {
            put("model", self.model.clone());
        }
        if let Some(p) = self.params_b {
            put("params", fmt_num(p));
        }
        let a: &ArchOverrides = &self.arch;
        for (k, v) in [
            ("layers", a.layers),
            ("hidden", a.hidden),
            ("heads", a.heads),
            ("kv_heads", a.kv_heads),
            ("head_dim", a.head_dim),
            ("ffn", a.ffn),
            ("vocab", a.vocab),
            ("experts", a.experts),
            ("experts_active", a.experts_active),
            ("moe_ffn", a.moe_ffn),
            ("kv_lora_rank", a.kv_lora_rank),
            ("rope_dim", a.rope_dim),
            ("window", a.window),
        ] {
            if let Some(v) = v {
                put(k, v.to_string());
            }
        }
        if let Some(t) = a.tied {
            put("tied", (t as u8).to_string());
        }
        if self.quant != d.quant {
            put("quant", self.quant.id().to_string());
        }
        if self.kv != d.kv {
            put("kv", self.kv.id().to_string());
        }
        if self.ctx != d.ctx {
            put("ctx", self.ctx.to_string());
        }
        if self.seqs != d.seqs {
            put("seqs", self.seqs.to_string());
        }
        if self.engine != d.engine {
            put("engine", self.engine.id().to_string());
        }
        if self.task != d.task {
            put("task", self.task.id().to_string());
        }
        if self.rpd != d.rpd {
            put("rpd", fmt_num(self.rpd));
        }
        if self.train_tokens != d.train_tokens {
            put("train_tokens", fmt_num(self.train_tokens));
        }
        if self.tokens_in != d.tokens_in {
            put("in", self.tokens_in.to_string());
        }
        if self.tokens_out != d.tokens_out {
            put("out", self.tokens_out.to_string());
        }
        if self.tps != d.tps {
            put("tps", fmt_num(self.tps));
        }
        if self.ttft_ms != d.ttft_ms {
            put("ttft", fmt_num(self.ttft_ms));
        }
        if self.hours != d.hours {
            put("hours", fmt_num(self.hours));
        }
        if self.months != d.months {
            put("months", fmt_num(self.months));
        }
        if self.eu {
            put("eu", "1".into());
        }
        if self.tenancy == Tenancy::Single {
            put("tenancy", "single".into());
        }
        if !self.gpus.is_empty() {
            put("gpus", self.gpus.join(","));
        }
        if !self.kinds.is_empty() {
            put("kinds", self.kinds.join(","));
        }
        let asm = &self.assumptions;
        for (k, v) in [
            ("egress_gb", asm.egress_gb),
            ("storage_gb", asm.storage_gb),
            ("monitoring", asm.monitoring),
            ("peak", asm.peak),
            ("bw_eff", asm.bw_eff),
            ("flops_eff", asm.flops_eff),
            ("vm_tax", asm.vm_tax),
            ("kwh", asm.kwh_price),
            ("pue", asm.pue),
        ] {
            if let Some(v) = v {
                put(k, fmt_num(v));
            }
        }
        if self.cur != d.cur {
            put("cur", self.cur.code().to_string());
        }
        if let Some(l) = self.lang {
            put("lang", l.id().to_string());
        }
        if self.embed {
            put("embed", "1".into());
        }
        if let Some(t) = self.theme {
            put(
                "theme",
                if t == Theme::Dark { "dark" } else { "light" }.into(),
            );
        }
        if let Some(c) = &self.accent {
            put("accent", c.clone());
        }
        if let Some(c) = &self.catalog {
            put("catalog", c.clone());
        }
        if let Some(p) = &self.provider {
            put("provider", p.clone());
        }
        if let Some(d) = &self.asof {
            put("asof", d.clone());
        }
        q.iter()
            .map(|(k, v)| format!("{k}={}", percent_encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The scenario without the parts that only concern presentation (language, embedding):
    /// what decides the figures. Two links with the same `figures_query` show the same numbers.
    pub fn figures_query(&self) -> String {
        let mut s = self.clone();
        s.lang = None;
        s.embed = false;
        s.theme = None;
        s.accent = None;
        s.asof = None;
        s.to_query()
    }
}
