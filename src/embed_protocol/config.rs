//! The deployment's configuration (`public/embed-config.json`): which other origins may serve
//! catalogues to the calculator and which sites may embed it.

use super::origin::{split_scheme, Origin};
use super::short;
use serde::Deserialize;
use serde_json::Value;
use thiserror::Error;

/// The one place a deployment lists which other origins may serve catalogues to the calculator
/// and which sites may embed it. See docs/embedding.md.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedConfig {
    /// Origins, besides the calculator's own, whose catalogues (`catalog=`) may be loaded.
    pub catalog_origins: Vec<Origin>,
    /// Who may embed the calculator in an iframe.
    pub embed_origins: EmbedOrigins,
}

/// Which host pages may embed the calculator.
#[derive(Clone, Debug, PartialEq)]
pub enum EmbedOrigins {
    /// Any site (`["*"]`, the default: embedding is what the calculator is for).
    Anyone,
    /// Only these origins (and the calculator's own).
    Only(Vec<Origin>),
}

impl Default for EmbedConfig {
    /// Without a config file: catalogues from the calculator's own origin only; any site may embed.
    fn default() -> Self {
        EmbedConfig {
            catalog_origins: Vec::new(),
            embed_origins: EmbedOrigins::Anyone,
        }
    }
}

/// Why `embed-config.json` was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConfigError {
    #[error("embed-config.json is not valid JSON: {0}")]
    NotJson(String),
    #[error("embed-config.json has schema {0}; this build reads schema 1")]
    UnsupportedSchema(String),
    #[error("embed-config.json: {list} entry {entry:?} is not an origin like https://example.org (scheme, host and optional port, nothing else)")]
    BadOrigin { list: &'static str, entry: String },
    #[error("embed-config.json: \"*\" is allowed only in embed_origins, alone")]
    MisplacedWildcard,
}

#[derive(Deserialize)]
struct RawConfig {
    schema: Value,
    #[serde(default)]
    catalog_origins: Vec<String>,
    #[serde(default)]
    embed_origins: Option<Vec<String>>,
}

/// Reads an origin exactly as a config file must write it: `scheme://host[:port]`, at most a
/// trailing `/`, no path, query or fragment.
fn config_origin(entry: &str, list: &'static str) -> Result<Origin, ConfigError> {
    let err = || ConfigError::BadOrigin {
        list,
        entry: short(entry),
    };
    let trimmed = entry.strip_suffix('/').unwrap_or(entry);
    let (_, rest) = split_scheme(trimmed).ok_or_else(err)?;
    if rest.contains(['/', '?', '#']) {
        return Err(err());
    }
    Origin::parse(trimmed).ok_or_else(err)
}

impl EmbedConfig {
    /// Parses `embed-config.json`. A missing `embed_origins` means anyone may embed; a missing
    /// `catalog_origins` means same-origin catalogues only. Any bad entry refuses the whole file
    /// (the caller then falls back to [`EmbedConfig::default`], the safe choice for catalogues).
    pub fn from_json(text: &str) -> Result<EmbedConfig, ConfigError> {
        if text.len() > 64 * 1024 {
            return Err(ConfigError::NotJson(
                "the file is larger than 64 KiB".into(),
            ));
        }
        let raw: RawConfig =
            serde_json::from_str(text).map_err(|e| ConfigError::NotJson(e.to_string()))?;
        if raw.schema.as_u64() != Some(1) {
            return Err(ConfigError::UnsupportedSchema(short(
                &raw.schema.to_string(),
            )));
        }
        let mut catalog_origins = Vec::new();
        for entry in &raw.catalog_origins {
            if entry.trim() == "*" {
                return Err(ConfigError::MisplacedWildcard);
            }
            catalog_origins.push(config_origin(entry, "catalog_origins")?);
        }
        let embed_origins = match raw.embed_origins {
            None => EmbedOrigins::Anyone,
            Some(list) if list.len() == 1 && list[0].trim() == "*" => EmbedOrigins::Anyone,
            Some(list) => {
                let mut out = Vec::new();
                for entry in &list {
                    if entry.trim() == "*" {
                        return Err(ConfigError::MisplacedWildcard);
                    }
                    out.push(config_origin(entry, "embed_origins")?);
                }
                EmbedOrigins::Only(out)
            }
        };
        Ok(EmbedConfig {
            catalog_origins,
            embed_origins,
        })
    }

    /// Whether a catalogue at `catalog_url` (absolute, protocol-relative or relative to the page)
    /// may be loaded by the calculator served from `page_origin`.
    pub fn catalog_allowed(
        &self,
        catalog_url: &str,
        page_origin: &str,
    ) -> Result<(), CatalogRefused> {
        let page = Origin::parse(page_origin).ok_or(CatalogRefused::UnknownPage)?;
        let origin = Origin::of_url(catalog_url, &page).ok_or(CatalogRefused::NotHttp)?;
        if origin == page || self.catalog_origins.contains(&origin) {
            Ok(())
        } else {
            Err(CatalogRefused::NotAllowed(origin.serialize()))
        }
    }

    /// Whether a host page at `parent_origin` may embed the calculator served from `page_origin`.
    /// `None` (the parent's origin is unknown, e.g. the host hides its referrer) passes only when
    /// anyone may embed.
    pub fn embedding_allowed(&self, parent_origin: Option<&str>, page_origin: &str) -> bool {
        match &self.embed_origins {
            EmbedOrigins::Anyone => true,
            EmbedOrigins::Only(list) => {
                let Some(parent) = parent_origin.and_then(Origin::parse) else {
                    return false;
                };
                Origin::parse(page_origin).as_ref() == Some(&parent) || list.contains(&parent)
            }
        }
    }

    /// The `Content-Security-Policy` directives the web server should send so the browser
    /// enforces the same lists: `connect-src` (catalogue fetches) and `frame-ancestors`
    /// (who may embed). E.g. `connect-src 'self' https://acme.example; frame-ancestors *`.
    pub fn csp_directives(&self) -> String {
        let mut connect = String::from("connect-src 'self'");
        for o in &self.catalog_origins {
            connect.push(' ');
            connect.push_str(&o.serialize());
        }
        let frame = match &self.embed_origins {
            EmbedOrigins::Anyone => "frame-ancestors *".to_string(),
            EmbedOrigins::Only(list) => {
                let mut f = String::from("frame-ancestors 'self'");
                for o in list {
                    f.push(' ');
                    f.push_str(&o.serialize());
                }
                f
            }
        };
        format!("{connect}; {frame}")
    }
}

/// Why a `catalog=` URL was not loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogRefused {
    #[error("the catalogue address is not an http(s) address this page can check")]
    NotHttp,
    #[error("the page's own address is not an http(s) origin")]
    UnknownPage,
    #[error("catalogues from {0} are not allowed here: this site accepts catalogues from its own address and from the origins listed in embed-config.json")]
    NotAllowed(String),
}

/// What a notice about a provider's catalogue calls it, before (or without) its `publisher`:
/// the provider the link names (`provider=`), else the host the file comes from
/// (`acme.example`), else the file's name; never the raw address with its path and query.
pub fn catalogue_label(url: &str, provider: Option<&str>) -> String {
    if let Some(p) = provider.map(str::trim).filter(|p| !p.is_empty()) {
        return short(p);
    }
    if let Some(o) = Origin::parse(url.trim()) {
        return o.host().to_string();
    }
    let path = url.trim().split(['?', '#']).next().unwrap_or_default();
    let file = path.rsplit('/').find(|s| !s.is_empty()).unwrap_or(path);
    short(file)
}
