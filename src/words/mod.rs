//! The sentences of the core, one module per topic, in English and Spanish. Domain code returns
//! typed values (reasons, bases, shortfalls, warnings); these modules write them for a reader, so
//! a change of wording touches one place and both languages sit side by side. Numbers and money
//! inside the sentences are written by [`crate::format`].

pub mod alternative;
pub mod announce;
pub mod api;
pub mod catalog;
pub mod catalog_names;
pub mod chart;
pub mod compat;
pub mod cost;
pub mod gguf;
pub mod import;
pub mod matrix;
pub mod memory;
pub mod own;
pub mod page;
pub mod plan;
pub mod provider;
pub mod question;
pub mod report;
pub mod scenario;
pub mod slice;
pub mod speed;
