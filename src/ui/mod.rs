//! Leptos components, one per file; the URL-backed scenario hook; catalogue fetch; i18n.
