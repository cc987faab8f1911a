//! The built-in preset architectures (`catalog-src/models.json`, copied into the catalogue).

use super::arch::ModelArch;

/// The preset JSON as shipped.
pub const PRESETS_JSON: &str = include_str!("../../catalog-src/models.json");

/// The built-in presets; an empty list (never a panic) if the embedded JSON were malformed.
pub fn builtin_presets() -> Vec<ModelArch> {
    try_builtin_presets().unwrap_or_default()
}

/// The built-in presets, or the parse error.
pub fn try_builtin_presets() -> Result<Vec<ModelArch>, serde_json::Error> {
    serde_json::from_str(PRESETS_JSON)
}

/// Whether a model answers a search: every word of the query is in its name, id or Hugging Face
/// repository, ignoring ASCII case ("llama 70b" finds "Llama 3.3 70B"). An empty query matches
/// every model. ASCII folding, not Unicode's: the names are ASCII, and Rust's full lowercase
/// tables would cost the page about 11 KB of data.
pub fn matches_query(m: &ModelArch, query: &str) -> bool {
    let q = query.to_ascii_lowercase();
    let (name, id, repo) = (
        m.name.to_ascii_lowercase(),
        m.id.to_ascii_lowercase(),
        m.hf_repo.to_ascii_lowercase(),
    );
    q.split_whitespace()
        .all(|word| name.contains(word) || id.contains(word) || repo.contains(word))
}

/// One preset by id (case-insensitive).
pub fn preset(id: &str) -> Option<ModelArch> {
    builtin_presets()
        .into_iter()
        .find(|m| m.id.eq_ignore_ascii_case(id.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn llama() -> ModelArch {
        preset("llama-3.3-70b").expect("Llama 3.3 70B is a preset")
    }

    #[test]
    fn every_word_must_match_name_id_or_repository_in_any_ascii_case() {
        let m = llama();
        assert_eq!(m.name, "Llama 3.3 70B");
        assert!(matches_query(&m, ""));
        assert!(matches_query(&m, "   "));
        assert!(matches_query(&m, "llama 70b"));
        assert!(matches_query(&m, "  LLAMA   70B "));
        assert!(matches_query(&m, "3.3-70b"), "the id");
        assert!(matches_query(&m, "meta-llama/"), "the repository");
        assert!(!matches_query(&m, "llama 8b"), "every word, not any word");
        assert!(!matches_query(&m, "qwen"));
    }

    #[test]
    fn a_non_ascii_query_matches_nothing_it_should_not_and_never_panics() {
        let m = llama();
        assert!(!matches_query(&m, "Llamá"));
        assert!(!matches_query(&m, "ß İ ﬀ"));
        let every = builtin_presets();
        assert_eq!(
            every.iter().filter(|m| matches_query(m, "")).count(),
            every.len()
        );
        assert!(
            every.iter().all(|m| m.name.is_ascii()),
            "ASCII folding needs ASCII names"
        );
    }
}
