//! The offers' citations, kept out of the page's first load. The browser's compiled-in
//! catalogue points each offer's `source` to the published file (build.rs); the page reads the
//! citations from `catalog-sources.json` (written beside it at build time from
//! `public/catalog.json`: each offer's id and source) once it is interactive, and puts them
//! back. Until then, or if the file cannot be read, a source cell links to `catalog.json`.
//! The figures never depend on a source. Native builds (`sizer`, the tests) read every
//! citation from the catalogue itself.

use super::Catalog;
use std::collections::HashMap;

/// What a source reads in the browser's compiled-in catalogue until the citation arrives: the
/// readable catalogue published beside the page, which holds it.
pub const SOURCE_IN_FILE: &str = "catalog.json";

/// The file, beside the page, that holds the offers' citations.
pub const SOURCES_FILE: &str = "catalog-sources.json";

/// Each offer's citation by offer id.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OfferSources(HashMap<String, String>);

impl OfferSources {
    /// Reads `catalog-sources.json`: one object of offer id to citation. `None` when the text
    /// is not such an object.
    pub fn from_json(text: &str) -> Option<OfferSources> {
        serde_json::from_str(text).ok().map(OfferSources)
    }

    /// The citations of `catalog`'s offers, as the file holds them.
    pub fn of(catalog: &Catalog) -> OfferSources {
        OfferSources(
            catalog
                .offers
                .iter()
                .map(|o| (o.id.clone(), o.source.clone()))
                .collect(),
        )
    }
}

impl Catalog {
    /// Puts back the citation of every offer whose source points to the file; the others
    /// (a provider's own offers) keep theirs. Returns how many were filled.
    pub fn fill_sources(&mut self, sources: &OfferSources) -> usize {
        let mut filled = 0;
        for offer in &mut self.offers {
            if offer.source == SOURCE_IN_FILE {
                if let Some(source) = sources.0.get(&offer.id) {
                    offer.source.clone_from(source);
                    filled += 1;
                }
            }
        }
        filled
    }
}
