//! Reading a catalogue document: JSON text to [`Catalog`], with errors a person can act on, the
//! built-in catalogue shipped in `public/catalog.json`, and the provider-catalogue rules of
//! docs/interface.md §3 (merge, filter).

use super::types::{Catalog, GpuSpec, Offer};
use super::validate::{validate, Problem};
use crate::lang::Lang;
use crate::model::import::JsonSyntax;
use crate::model::ModelArch;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use std::fmt;
use std::sync::OnceLock;

/// The one schema version this build reads.
pub const SCHEMA: u32 = 1;

/// The shipped catalogue, compiled into the binary: `public/catalog.json` without its `notes`
/// and whitespace (see build.rs).
pub const BUILTIN_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog.min.json"));

// One field of the document that could not be read: it lives with its words in
// `crate::words::catalog`.
pub use crate::words::catalog::FieldError;

/// Why a catalogue document was refused; [`CatalogError::sentence`] says it in the reader's
/// language (`Display`: English, as `sizer` prints it).
#[derive(Clone, Debug, PartialEq)]
pub enum CatalogError {
    Syntax(JsonSyntax),
    NotAnObject,
    MissingSchema,
    WrongSchema { found: String },
    Fields(Vec<FieldError>),
    Invalid(Vec<Problem>),
}

impl CatalogError {
    /// The refusal as a sentence, each field or problem named by its place in the document.
    pub fn sentence(&self, lang: Lang) -> String {
        use crate::words::catalog as words;
        match self {
            CatalogError::Syntax(s) => words::not_json(&s.said(lang), lang),
            CatalogError::NotAnObject => words::not_an_object(lang),
            CatalogError::MissingSchema => words::missing_schema(SCHEMA, lang),
            CatalogError::WrongSchema { found } => words::wrong_schema(found, SCHEMA, lang),
            CatalogError::Fields(errors) => words::unreadable(errors, lang),
            CatalogError::Invalid(problems) => {
                let sentences: Vec<String> = problems.iter().map(|p| p.sentence(lang)).collect();
                words::invalid(&sentences, lang)
            }
        }
    }
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence(Lang::En))
    }
}

impl std::error::Error for CatalogError {}

/// The top-level fields, read apart from the arrays so each array item can be named on error.
#[derive(Deserialize)]
struct Head {
    schema: u32,
    as_of: String,
    usd_per_eur: f64,
    #[serde(default)]
    include_reference: bool,
    #[serde(default)]
    publisher: Option<String>,
    #[serde(default)]
    rate_source: String,
}

impl Catalog {
    /// Parses a catalogue document. Never panics; every field that cannot be read is reported
    /// with its path. Does not check meaning (prices, GPU ids...): see [`Catalog::load`].
    pub fn from_json(text: &str) -> Result<Catalog, CatalogError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| CatalogError::Syntax(JsonSyntax::of(&e)))?;
        let Value::Object(mut map) = value else {
            return Err(CatalogError::NotAnObject);
        };
        match map.get("schema") {
            None => return Err(CatalogError::MissingSchema),
            Some(Value::Number(n)) if n.as_u64() == Some(u64::from(SCHEMA)) => {}
            Some(other) => {
                return Err(CatalogError::WrongSchema {
                    found: other.to_string(),
                })
            }
        }
        let mut errors = Vec::new();
        let gpus: Vec<GpuSpec> = take_array(&mut map, "gpus", &mut errors);
        let models: Vec<ModelArch> = take_array(&mut map, "models", &mut errors);
        let offers: Vec<Offer> = take_array(&mut map, "offers", &mut errors);
        let apis: Vec<super::ApiPrice> = take_array(&mut map, "apis", &mut errors);
        let hardware: Vec<super::HardwarePrice> = take_array(&mut map, "hardware", &mut errors);
        let colocation: Vec<super::Colocation> = take_array(&mut map, "colocation", &mut errors);
        let head = match serde_json::from_value::<Head>(Value::Object(map)) {
            Ok(head) => Some(head),
            Err(e) => {
                errors.push(FieldError {
                    path: "catalogue".into(),
                    message: e.to_string(),
                });
                None
            }
        };
        match head {
            Some(head) if errors.is_empty() => Ok(Catalog {
                schema: head.schema,
                as_of: head.as_of,
                usd_per_eur: head.usd_per_eur,
                gpus,
                models,
                offers,
                apis,
                hardware,
                colocation,
                include_reference: head.include_reference,
                publisher: head.publisher,
                rate_source: head.rate_source,
            }),
            _ => Err(CatalogError::Fields(errors)),
        }
    }

    /// Parses and validates a self-contained catalogue (one that lists every GPU its offers use).
    /// A catalogue with any problem is refused whole. For a provider's file that relies on the
    /// built-in GPUs and models, use [`Catalog::load_over`].
    pub fn load(text: &str) -> Result<Catalog, CatalogError> {
        let catalog = Catalog::from_json(text)?;
        let problems = validate(&catalog);
        if problems.is_empty() {
            Ok(catalog)
        } else {
            Err(CatalogError::Invalid(problems))
        }
    }

    /// Reads a provider's catalogue (`catalog=URL`, `--catalog FILE`) and applies it over `base`
    /// (normally [`Catalog::builtin`]) by the rules of [`merge_provider`]. The provider's file may
    /// use `base`'s GPU ids without repeating their specs.
    pub fn load_over(base: &Catalog, text: &str) -> Result<Catalog, CatalogError> {
        let provider = Catalog::from_json(text)?;
        merge_provider(base, &provider).map_err(CatalogError::Invalid)
    }

    /// The catalogue shipped with the app (`public/catalog.json`), parsed once.
    ///
    /// A test guarantees the shipped file parses and validates. Should it ever fail, this returns
    /// an empty but valid catalogue instead of panicking, and [`Catalog::builtin_problems`] says why.
    pub fn builtin() -> Catalog {
        builtin_cell().0.clone()
    }

    /// Why the built-in catalogue could not be used (empty when it loaded).
    pub fn builtin_problems() -> Vec<String> {
        builtin_cell().1.clone()
    }

    /// An empty catalogue that validates: schema 1, the default rate, no offers.
    pub fn empty() -> Catalog {
        Catalog {
            schema: SCHEMA,
            as_of: "2026-11-29".into(),
            usd_per_eur: 1.16,
            rate_source: "default rate (the built-in catalogue could not be read)".into(),
            ..Catalog::default()
        }
    }
}

fn builtin_cell() -> &'static (Catalog, Vec<String>) {
    static BUILTIN: OnceLock<(Catalog, Vec<String>)> = OnceLock::new();
    BUILTIN.get_or_init(|| match Catalog::load(BUILTIN_JSON) {
        Ok(catalog) => (catalog, Vec::new()),
        Err(CatalogError::Invalid(problems)) => (
            Catalog::empty(),
            problems
                .iter()
                .map(|p| format!("built-in catalogue: {p}"))
                .collect(),
        ),
        Err(e) => (Catalog::empty(), vec![format!("built-in catalogue: {e}")]),
    })
}

/// Removes `key` from the object and reads it as an array of `T`, one item at a time so that each
/// failure names its item (`offers[3] (aws-p5...)`). A missing key is an empty array.
fn take_array<T: DeserializeOwned>(
    map: &mut serde_json::Map<String, Value>,
    key: &str,
    errors: &mut Vec<FieldError>,
) -> Vec<T> {
    let items = match map.remove(key) {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => {
            errors.push(FieldError {
                path: key.into(),
                message: crate::words::catalog::MUST_BE_A_LIST.into(),
            });
            return Vec::new();
        }
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let label = match item.get("id").and_then(Value::as_str) {
            Some(id) => format!("{key}[{i}] ({id})"),
            None => format!("{key}[{i}]"),
        };
        match serde_json::from_value::<T>(item) {
            Ok(v) => out.push(v),
            Err(e) => errors.push(FieldError {
                path: label,
                message: e.to_string(),
            }),
        }
    }
    out
}

/// A provider's catalogue applied over the built-in one (docs/interface.md §3): the provider's
/// offers replace the built-in offers; its GPUs and models extend the built-in ones (an entry with
/// the same id replaces the built-in entry); with `include_reference: true` the built-in reference
/// offers (hyperscalers, GPU clouds) stay beside the provider's own, unless an id collides.
/// The result is validated; any problem refuses the whole provider catalogue (the caller keeps
/// the last good one).
pub fn merge_provider(builtin: &Catalog, provider: &Catalog) -> Result<Catalog, Vec<Problem>> {
    let gpus = extend_by_id(&builtin.gpus, &provider.gpus, |g| &g.id);
    let models = extend_by_id(&builtin.models, &provider.models, |m| &m.id);
    let mut offers = provider.offers.clone();
    if provider.include_reference {
        for o in builtin.offers.iter().filter(|o| o.reference) {
            if !offers.iter().any(|p| p.id == o.id) {
                offers.push(o.clone());
            }
        }
    }
    let merged = Catalog {
        schema: provider.schema,
        as_of: provider.as_of.clone(),
        usd_per_eur: provider.usd_per_eur,
        gpus,
        models,
        offers,
        // The built-in API prices stay as the baseline; a provider's own come first, so that a
        // problem is named by its place in the provider's file.
        apis: provider.apis.iter().chain(&builtin.apis).cloned().collect(),
        // Servers and sites: a provider's first (so that a problem is named by its place in the
        // provider's file, and its first site is the one priced), then the built-in ones it does
        // not replace by id.
        hardware: own_first(&provider.hardware, &builtin.hardware, |h| &h.id),
        colocation: own_first(&provider.colocation, &builtin.colocation, |c| &c.id),
        include_reference: provider.include_reference,
        publisher: provider.publisher.clone(),
        rate_source: if provider.rate_source.is_empty() {
            builtin.rate_source.clone()
        } else {
            provider.rate_source.clone()
        },
    };
    let problems = validate(&merged);
    if problems.is_empty() {
        Ok(merged)
    } else {
        Err(problems)
    }
}

/// `provider=NAME`: that provider's offers (name compared without case) plus the reference offers.
pub fn filter_provider(catalog: &Catalog, name: &str) -> Catalog {
    let wanted = name.trim();
    Catalog {
        offers: catalog
            .offers
            .iter()
            .filter(|o| o.reference || o.provider.trim().eq_ignore_ascii_case(wanted))
            .cloned()
            .collect(),
        ..catalog.clone()
    }
}

/// `first`, then the items of `then` whose id is not in `first`.
fn own_first<T: Clone>(first: &[T], then: &[T], id: impl Fn(&T) -> &String) -> Vec<T> {
    let mut out = first.to_vec();
    out.extend(
        then.iter()
            .filter(|t| !first.iter().any(|f| id(f) == id(t)))
            .cloned(),
    );
    out
}

fn extend_by_id<T: Clone>(base: &[T], extra: &[T], id: impl Fn(&T) -> &String) -> Vec<T> {
    let mut out: Vec<T> = base
        .iter()
        .filter(|b| !extra.iter().any(|e| id(e) == id(b)))
        .cloned()
        .collect();
    out.extend(extra.iter().cloned());
    out
}
