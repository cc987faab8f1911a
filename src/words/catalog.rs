//! The catalogue's words: what is wrong with a catalogue ([`Fault`], one clause each), a field
//! that could not be read ([`FieldError`], with serde's English put into Spanish), and why a
//! whole document was refused. The typed values live here so the sentences can match on them;
//! `crate::catalog` re-exports them under their old paths.
//!
//! Both languages put the figures in the same order: each message is one list of pieces, the
//! words chosen by language (smaller in the download than a `format!` for each).

use crate::lang::Lang;
use crate::units::Currency;
use std::fmt;

/// What is wrong, with the figures the sentence quotes.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    Schema {
        found: u32,
    },
    Rate {
        usd_per_eur: f64,
    },
    MissingDate {
        field: &'static str,
    },
    BadDate {
        field: &'static str,
        date: String,
    },
    MissingId,
    /// The id is used by another entry of the same list.
    DuplicateId {
        id: String,
        list: IdList,
    },
    UnknownGpu {
        gpu: String,
    },
    ZeroGpuCount,
    /// Stated GiB per GPU against the spec's `memory_gib` of `gpu`.
    MemoryMismatch {
        stated: f64,
        gpu: String,
        spec: f64,
    },
    BadPrice {
        amount: f64,
        currency: Currency,
    },
    BadSetupFee {
        amount: f64,
    },
    BadMinTerm {
        months: f64,
    },
    BadEgress,
    /// The network between an offer's machines with no positive speed.
    BadFabric {
        gbps: f64,
    },
    /// A GPU figure that must be positive (`memory_gib`, `bandwidth_gbs`).
    BadGpuFigure {
        field: &'static str,
        value: f64,
    },
    BadGpuRatings,
    BadOfferFigures,
    NoFiguresSource,
    NoPriceSource,
    BadJurisdiction {
        found: String,
    },
    /// A row of `apis` (words in `crate::words::api`).
    Api(super::api::ApiFault),
    /// A row of `hardware` or `colocation` (words in `crate::words::own`).
    Own(super::own::OwnFault),
}

/// The lists of a catalogue whose entries have ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdList {
    Gpus,
    Models,
    Offers,
}

/// A clause in English and in Spanish.
type Both = (&'static str, &'static str);

/// The clause of `lang`.
fn pick(lang: Lang, (en, es): Both) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Es => es,
    }
}

const NO_ID: Both = ("has no id", "no tiene `id`");
const ZERO_GPU_COUNT: Both = (
    "lists a GPU with a count of 0 (leave `gpu` out for CPU offers)",
    "indica una GPU con `count` 0 (en las ofertas solo de CPU, omita `gpu`)",
);
const BAD_EGRESS: Both = (
    "egress price and included volume must be zero or positive",
    "el precio de la salida de datos y el volumen incluido deben ser cero o positivos",
);
const BAD_GPU_RATINGS: Both = (
    "throughput, power and interconnect figures must be zero or positive",
    "las cifras de rendimiento, potencia e interconexión deben ser cero o positivas",
);
const BAD_OFFER_FIGURES: Both = (
    "storage, RAM, bandwidth and memory figures must be zero or positive",
    "las cifras de almacenamiento, RAM, ancho de banda y memoria deben ser cero o positivas",
);
const NO_FIGURES_SOURCE: Both = (
    "has no source for its figures",
    "no indica la fuente de sus cifras",
);
const NO_PRICE_SOURCE: Both = (
    "has no source for its price",
    "no indica la fuente de su precio",
);
const BAD_RATE: Both = (
    "usd_per_eur must be a positive number of dollars per euro, not ",
    "`usd_per_eur` debe ser un número positivo de dólares por euro, no ",
);
const BAD_SETUP_FEE: Both = (
    "setup fee must be zero or positive, not ",
    "la cuota de alta debe ser cero o positiva, no ",
);
const BAD_FABRIC: Both = (
    "fabric.gbps (the network between machines) must be a positive speed, not ",
    "`fabric.gbps` (la red entre máquinas) debe ser una velocidad positiva, no ",
);
const BAD_MIN_TERM: Both = (
    "min_term_months must be zero or positive, not ",
    "`min_term_months` debe ser cero o positivo, no ",
);

impl Fault {
    /// The fault as a clause (lower case, no full stop): `price must be a positive amount, not
    /// -5 EUR` / `el precio debe ser un importe positivo, no -5 EUR`. `schema` is the version
    /// this build reads; `memory_tolerance` how far an offer's stated memory may differ from
    /// the GPU spec (fraction). `crate::catalog`'s `Fault::message` passes its own.
    pub fn clause(&self, schema: u32, memory_tolerance: f64, lang: Lang) -> String {
        use Fault::*;
        let w = Pieces(lang);
        match self {
            Schema { found } => w.schema(*found, schema),
            Rate { usd_per_eur } => w.not(BAD_RATE, *usd_per_eur),
            MissingDate { field } => w.missing_date(field),
            BadDate { field, date } => w.bad_date(field, date),
            MissingId => w.fixed(NO_ID),
            DuplicateId { id, list } => w.duplicate_id(id, *list),
            UnknownGpu { gpu } => w.unknown_gpu(gpu),
            ZeroGpuCount => w.fixed(ZERO_GPU_COUNT),
            MemoryMismatch { stated, gpu, spec } => {
                w.memory_mismatch(*stated, gpu, *spec, memory_tolerance)
            }
            BadPrice { amount, currency } => w.bad_price(*amount, *currency),
            BadSetupFee { amount } => w.not(BAD_SETUP_FEE, *amount),
            BadMinTerm { months } => w.not(BAD_MIN_TERM, *months),
            BadEgress => w.fixed(BAD_EGRESS),
            BadFabric { gbps } => w.not(BAD_FABRIC, *gbps),
            BadGpuFigure { field, value } => w.bad_gpu_figure(field, *value),
            BadGpuRatings => w.fixed(BAD_GPU_RATINGS),
            BadOfferFigures => w.fixed(BAD_OFFER_FIGURES),
            NoFiguresSource => w.fixed(NO_FIGURES_SOURCE),
            NoPriceSource => w.fixed(NO_PRICE_SOURCE),
            BadJurisdiction { found } => w.bad_jurisdiction(found),
            Api(fault) => fault.clause(lang),
            Own(fault) => fault.clause(lang),
        }
    }
}

/// Writes the clauses of [`Fault`] in one language.
struct Pieces(Lang);

impl Pieces {
    fn t(&self, both: Both) -> &'static str {
        pick(self.0, both)
    }

    /// A figure as the document has it (see [`decimal`]).
    fn n(&self, x: f64) -> String {
        decimal(x, self.0)
    }

    fn fixed(&self, clause: Both) -> String {
        self.t(clause).to_string()
    }

    /// `... must be ..., not <value>`.
    fn not(&self, clause: Both, value: f64) -> String {
        [self.t(clause), &self.n(value)].concat()
    }

    fn schema(&self, found: u32, reads: u32) -> String {
        [
            self.t(("schema is ", "el esquema es el ")),
            &found.to_string(),
            self.t((", this version reads ", "; esta versión lee el ")),
            &reads.to_string(),
        ]
        .concat()
    }

    fn missing_date(&self, field: &str) -> String {
        [
            self.t(("has no ", "no tiene fecha `")),
            field,
            self.t((" date", "`")),
        ]
        .concat()
    }

    fn bad_date(&self, field: &str, date: &str) -> String {
        [
            self.t(("", "`")),
            field,
            self.t((" \"", "` \"")),
            date,
            self.t((
                "\" is not a date (YYYY-MM-DD, YYYY-MM or YYYY)",
                "\" no es una fecha (AAAA-MM-DD, AAAA-MM o AAAA)",
            )),
        ]
        .concat()
    }

    fn duplicate_id(&self, id: &str, list: IdList) -> String {
        [
            self.t(("id \"", "el id \"")),
            id,
            self.t(("\" is used by another ", "\" ya lo usa ")),
            self.t(match list {
                IdList::Gpus => ("GPU", "otra GPU"),
                IdList::Models => ("model", "otro modelo"),
                IdList::Offers => ("offer", "otra oferta"),
            }),
        ]
        .concat()
    }

    fn unknown_gpu(&self, gpu: &str) -> String {
        [
            self.t(("uses GPU \"", "usa la GPU \"")),
            gpu,
            self.t((
                "\", which is not in the catalogue's gpus",
                "\", que no está en la lista `gpus` del catálogo",
            )),
        ]
        .concat()
    }

    fn memory_mismatch(&self, stated: f64, gpu: &str, spec: f64, tolerance: f64) -> String {
        [
            self.t(("states ", "indica ")),
            &self.n(stated),
            self.t((" GiB per GPU but ", " GiB por GPU, pero ")),
            gpu,
            self.t((" has ", " tiene ")),
            &self.n(spec),
            self.t((" GiB (more than ", " GiB (difieren más de un ")),
            &self.n(tolerance * 100.0),
            self.t(("% apart)", " %)")),
        ]
        .concat()
    }

    fn bad_price(&self, amount: f64, currency: Currency) -> String {
        [
            self.t((
                "price must be a positive amount, not ",
                "el precio debe ser un importe positivo, no ",
            )),
            &self.n(amount),
            " ",
            currency.code(),
        ]
        .concat()
    }

    fn bad_gpu_figure(&self, field: &str, value: f64) -> String {
        [
            self.t(("", "`")),
            field,
            self.t((
                " must be a positive number, not ",
                "` debe ser un número positivo, no ",
            )),
            &self.n(value),
        ]
        .concat()
    }

    fn bad_jurisdiction(&self, found: &str) -> String {
        [
            self.t((
                "jurisdiction must be US, EU, other or a country code such as FI, not \"",
                "la jurisdicción debe ser `US`, `EU`, `other` o un código de país como `FI`, no \"",
            )),
            found,
            "\"",
        ]
        .concat()
    }
}

/// A decimal as Rust writes it, with a decimal comma in Spanish (`79,65`): exact, as the file
/// has it (not rounded as [`crate::format`] would for a reader).
fn decimal(x: f64, lang: Lang) -> String {
    match lang {
        Lang::En => x.to_string(),
        Lang::Es => x.to_string().replace('.', ","),
    }
}

/// Where and what: `offers[0] (acme-h100): price must be a positive amount, not -5 EUR`; the
/// document itself (`catalogue`) named in the reader's language.
pub fn at(path: &str, clause: &str, lang: Lang) -> String {
    let path = match (path, lang) {
        ("catalogue", Lang::Es) => "catálogo",
        _ => path,
    };
    [path, ": ", clause].concat()
}

/// The message of a field given as something other than a list where a list is expected.
pub const MUST_BE_A_LIST: &str = "must be a list";

/// One field of the document that could not be read, named by its path (`offers[3].price.currency`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub path: String,
    /// What is wrong, in English: `serde`'s words, or ours ([`MUST_BE_A_LIST`]).
    pub message: String,
}

impl FieldError {
    /// Where and what, in the reader's language: `offers[0] (acme-h100): falta el campo `count``.
    pub fn sentence(&self, lang: Lang) -> String {
        match lang {
            Lang::En => at(&self.path, &self.message, lang),
            Lang::Es => at(&self.path, &serde_in_spanish(&self.message), lang),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence(Lang::En))
    }
}

/// `serde`'s message about a field in Spanish. `serde` words a fixed set of faults; those a
/// catalogue read through a `Value` can meet are `missing field`, `unknown variant` and `invalid
/// type` or `value: X, expected Y`. Names between backticks stay as they are; a message of
/// another form is quoted whole.
fn serde_in_spanish(message: &str) -> String {
    let after = |prefix: &str| message.strip_prefix(prefix);
    let translated = if message == MUST_BE_A_LIST {
        Some("debe ser una lista".to_string())
    } else if let Some(field) = after("missing field ") {
        Some(["falta el campo ", field].concat())
    } else if let Some((value, expected)) =
        after("unknown variant ").and_then(|m| m.split_once(", expected "))
    {
        let choices = match expected.strip_prefix("one of ") {
            Some(list) => ["uno de ", list].concat(),
            None => expected.replace("` or `", "` o `"),
        };
        Some(["valor ", value, " desconocido; se admite ", &choices].concat())
    } else {
        [
            ("invalid type: ", "tipo no válido: "),
            ("invalid value: ", "valor no válido: "),
        ]
        .into_iter()
        .find_map(|(en, es)| {
            let (found, expected) = after(en)?.split_once(", expected ")?;
            Some(
                [
                    es,
                    &found_in_spanish(found)?,
                    " donde se esperaba ",
                    expected_in_spanish(expected)?,
                ]
                .concat(),
            )
        })
    };
    translated.unwrap_or_else(|| ["«", message, "»"].concat())
}

/// `serde`'s `Unexpected` (what the document has) in Spanish.
fn found_in_spanish(found: &str) -> Option<String> {
    for (en, es) in [
        ("string ", "la cadena "),
        ("integer ", "el entero "),
        ("floating point ", "el número "),
        ("boolean ", "el booleano "),
    ] {
        if let Some(value) = found.strip_prefix(en) {
            return Some([es, value].concat());
        }
    }
    let words = match found {
        "null" => "`null`",
        "map" => "un objeto",
        "sequence" => "una lista",
        "unit value" => "un valor vacío",
        _ => return None,
    };
    Some(words.to_string())
}

/// `serde`'s `Expected` (what the field takes) in Spanish.
fn expected_in_spanish(expected: &str) -> Option<&'static str> {
    Some(match expected {
        "f64" | "f32" => "un número",
        "u8" => "un entero de 0 a 255",
        "u16" => "un entero de 0 a 65.535",
        "u32" => "un entero de 0 a 4.294.967.295",
        "u64" | "usize" => "un entero no negativo",
        "i32" | "i64" => "un entero",
        "a string" => "una cadena",
        "a boolean" => "un booleano (`true` o `false`)",
        "a sequence" => "una lista",
        "a map" => "un objeto",
        "string or map" => "una cadena o un objeto",
        "option" => "un valor o `null`",
        e if e.starts_with("struct ") => "un objeto",
        _ => return super::slice::expected_in_spanish(expected),
    })
}

// Why a whole document was refused (`crate::catalog::CatalogError`).

/// Not JSON; `said` is the parser's complaint, already in the reader's language.
pub fn not_json(said: &str, lang: Lang) -> String {
    [
        pick(
            lang,
            (
                "The catalogue is not valid JSON (",
                "El catálogo no es JSON válido (",
            ),
        ),
        said,
        ").",
    ]
    .concat()
}

pub fn not_an_object(lang: Lang) -> String {
    pick(lang, (
        "The catalogue must be a JSON object with `schema`, `as_of`, `usd_per_eur` and `offers`.",
        "El catálogo debe ser un objeto JSON con `schema`, `as_of`, `usd_per_eur` y `offers`.",
    ))
    .to_string()
}

/// No `schema` field; `reads`: the version this build reads.
pub fn missing_schema(reads: u32, lang: Lang) -> String {
    [
        pick(
            lang,
            (
                "The catalogue has no `schema` field; this version reads schema ",
                "El catálogo no tiene el campo `schema`; esta versión lee el esquema ",
            ),
        ),
        &reads.to_string(),
        ".",
    ]
    .concat()
}

/// A schema other than `reads`; `found` as the document has it.
pub fn wrong_schema(found: &str, reads: u32, lang: Lang) -> String {
    [
        pick(
            lang,
            ("The catalogue uses schema ", "El catálogo usa el esquema "),
        ),
        found,
        pick(
            lang,
            (
                "; this version reads schema ",
                "; esta versión solo lee el esquema ",
            ),
        ),
        &reads.to_string(),
        pick(lang, (" only.", ".")),
    ]
    .concat()
}

/// Fields that could not be read, each named by its place in the document.
pub fn unreadable(errors: &[FieldError], lang: Lang) -> String {
    let sentences: Vec<String> = errors.iter().map(|e| e.sentence(lang)).collect();
    [
        pick(
            lang,
            (
                "The catalogue could not be read: ",
                "No se pudo leer el catálogo: ",
            ),
        ),
        &sentences.join("; "),
        ".",
    ]
    .concat()
}

/// Read, but with problems; `problems`: each problem's sentence ([`at`] its place).
pub fn invalid(problems: &[String], lang: Lang) -> String {
    [
        pick(
            lang,
            (
                "The catalogue was read but has ",
                "El catálogo se leyó, pero tiene ",
            ),
        ),
        &problems.len().to_string(),
        match (lang, problems.len()) {
            (Lang::En, _) => " problem(s): ",
            (Lang::Es, 1) => " problema: ",
            (Lang::Es, _) => " problemas: ",
        },
        &problems.join("; "),
        ".",
    ]
    .concat()
}

// ---- how old the prices are (`crate::catalog::freshness`) --------------------------------------

/// `1 month` / `8 months`, `1 mes` / `8 meses`.
pub(crate) fn months(n: f64, lang: Lang) -> String {
    let unit = match (n == 1.0, lang) {
        (true, Lang::En) => "month",
        (false, Lang::En) => "months",
        (true, Lang::Es) => "mes",
        (false, Lang::Es) => "meses",
    };
    [crate::format::amount(n, lang), " ".into(), unit.into()].concat()
}

/// A price's date for the comparison, with its age when it is old enough to show:
/// `2026-03-15 · 8 months` / `2026-03-15 · 8 meses`; the date alone otherwise.
pub fn price_date(as_of: &str, age_months: Option<u32>, lang: Lang) -> String {
    match age_months {
        Some(n) => [as_of, " · ", &months(f64::from(n), lang)].concat(),
        None => as_of.to_string(),
    }
}

/// The verdict's footer: `Prices as of 2026-11-09 (the catalogue's date).`
pub fn catalogue_date(as_of: &str, lang: Lang) -> String {
    match lang {
        Lang::En => ["Prices as of ", as_of, " (the catalogue's date)."].concat(),
        Lang::Es => ["Precios a fecha de ", as_of, " (fecha del catálogo)."].concat(),
    }
}

/// The notice for a catalogue too old on the day the page is used.
pub fn catalogue_stale(as_of: &str, age_days: u32, lang: Lang) -> String {
    let days = crate::format::number(f64::from(age_days), 0, lang);
    match lang {
        Lang::En => [
            "The price catalogue is ",
            &days,
            " days old (prices as of ",
            as_of,
            "): prices may have changed since; check them with the provider before ordering.",
        ]
        .concat(),
        Lang::Es => [
            "El catálogo de precios tiene ",
            &days,
            " días (precios a fecha de ",
            as_of,
            "): pueden haber cambiado; compruébelos con el proveedor antes de contratar.",
        ]
        .concat(),
    }
}
