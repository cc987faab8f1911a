//! The interface language: every sentence and number is written for one of these.

use serde::{Deserialize, Serialize};

/// Interface language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    En,
    Es,
}

impl Lang {
    pub fn id(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }
    /// From a URL value or a browser language tag (`es-ES`, `en-US`).
    pub fn parse(s: &str) -> Option<Lang> {
        let s = s.trim().to_ascii_lowercase();
        if s == "en" || s.starts_with("en-") {
            Some(Lang::En)
        } else if s == "es" || s.starts_with("es-") {
            Some(Lang::Es)
        } else {
            None
        }
    }
}
