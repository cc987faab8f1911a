//! `prerender`: the page as HTML before the wasm arrives (issue 19). Prints, for each language,
//! a `<template id="shell-LANG">` (the page's frame: header, the input panel's frame with the
//! default scenario's values, the result cards' frames) and a `<template id="verdict-LANG">`
//! (the default scenario's verdict card, from `report::evaluate` against the built-in catalogue,
//! drawn by `markup::verdict`: the very function the live page draws its card with).
//! `scripts/postbuild.mjs` (a Trunk post-build hook) puts them in `dist/index.html`;
//! `public/shell.js` shows the frame at once and the verdict only when the address carries no
//! scenario; the app replaces both when it mounts. `tests/e2e/shell.test.mjs` checks that the
//! pre-rendered card is the live one.
//!
//! `prerender --card QUERY` prints the card's content for any scenario (the end-to-end tests
//! compare it with the live page's).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag, query] if flag == "--card" => print!("{}", shell::card(query)),
        _ => print!("{}", shell::templates()),
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod shell {
    use inference_sizer::catalog::Catalog;
    use inference_sizer::lang::Lang;
    use inference_sizer::markup::esc;
    use inference_sizer::report::{evaluate, evaluate_query, Report, VerdictCard};
    use inference_sizer::scenario::Scenario;
    use inference_sizer::words::page::{t, T};
    use std::fmt::Write;

    /// The card's content for the scenario `query`, as the live page draws it.
    pub fn card(query: &str) -> String {
        let (scenario, _) = Scenario::from_query(query);
        let report = evaluate_query(query, &Catalog::builtin());
        inference_sizer::markup::verdict(&VerdictCard::of(
            &report,
            scenario.lang.unwrap_or_default(),
        ))
    }

    /// The default scenario in `lang`, as the page evaluates it for an address with no scenario.
    fn default_report(lang: Lang, catalog: &Catalog) -> (Scenario, Report) {
        let (mut scenario, _) = Scenario::from_query("");
        scenario.lang = Some(lang);
        let report = evaluate(&scenario, catalog);
        (scenario, report)
    }

    /// Every template, both languages.
    pub fn templates() -> String {
        let catalog = Catalog::builtin();
        let mut out = String::new();
        for lang in [Lang::En, Lang::Es] {
            let (scenario, report) = default_report(lang, &catalog);
            let _ = writeln!(
                out,
                "<template id=\"shell-{}\">{}</template>",
                lang.id(),
                frame(lang, &scenario, &report)
            );
            let _ = writeln!(
                out,
                "<template id=\"verdict-{}\">{}</template>",
                lang.id(),
                verdict(lang, &report)
            );
        }
        out
    }

    /// A control of the input panel as the app draws it, without its id (the frame is `inert`):
    /// its value only for the default scenario (`data-default`, emptied by shell.js when the
    /// address carries a scenario).
    fn select(label: &str, value: &str) -> String {
        format!(
            "<div class=\"field\"><label>{}</label><select><option data-default>{}</option></select></div>",
            esc(label),
            esc(value)
        )
    }

    fn number(label: &str, value: u64) -> String {
        format!(
            "<div class=\"field\"><label>{}</label><div class=\"slider-row\"><input type=\"range\"><span class=\"shell-input\" data-default>{value}</span></div></div>",
            esc(label)
        )
    }

    fn fieldset(legend: &str, body: &str) -> String {
        format!(
            "<fieldset class=\"panel\"><legend>{}</legend>{body}</fieldset>",
            esc(legend)
        )
    }

    /// The page around the results: header, the input panel's first panels, the result cards'
    /// frames, at about the height the app gives them.
    fn frame(lang: Lang, s: &Scenario, r: &Report) -> String {
        let tx = |k| esc(t(lang, k));
        let model = if r.model.name.is_empty() {
            &s.model
        } else {
            &r.model.name
        };
        let inputs = [
            fieldset(
                t(lang, T::Model),
                &format!(
                    "<div class=\"field\"><label>{}</label><input type=\"search\"></div><div class=\"shell-input shell-list\" data-default>{}</div>",
                    tx(T::SearchModels),
                    esc(model)
                ),
            ),
            format!(
                "<details class=\"panel\"><summary>{}</summary></details>",
                tx(T::CustomModel)
            ),
            fieldset(
                t(lang, T::Load),
                &[
                    number(t(lang, T::RequestsPerDay), s.rpd as u64),
                    number(t(lang, T::HoursPerDay), s.hours as u64),
                ]
                .concat(),
            ),
            fieldset(
                t(lang, T::Quantisation),
                &[
                    select(t(lang, T::Quantisation), s.quant.id()),
                    select(t(lang, T::KvCache), s.kv.id()),
                ]
                .concat(),
            ),
            fieldset(
                t(lang, T::Context),
                &[
                    number(t(lang, T::Context), s.ctx),
                    number(t(lang, T::Concurrency), s.seqs),
                ]
                .concat(),
            ),
        ]
        .concat();
        let setting = |label: T, value: &str, default: &str| {
            format!(
                "<div class=\"field inline\"><label>{}</label><select><option{default}>{}</option></select></div>",
                tx(label),
                esc(value)
            )
        };
        let cur = match s.cur {
            inference_sizer::units::Currency::Eur => "EUR €",
            inference_sizer::units::Currency::Usd => "USD $",
        };
        format!(
            "<main id=\"shell\" class=\"app shell\" inert>\
<header class=\"page-header\"><div class=\"title\"><h1>Inference Sizer</h1><p class=\"tagline\">{tagline}</p></div>\
<div class=\"settings\">{language}{currency}</div></header>\
<div class=\"layout\"><div class=\"answer\">\
<section class=\"card verdict shell-card\" data-shell-verdict><h2>{verdict}</h2></section></div>\
<section class=\"inputs\"><h2>{title}</h2>{inputs}<div class=\"panel shell-rest\"></div></section>\
<section class=\"results\"><h2 class=\"visually-hidden\">{results}</h2>\
<section class=\"card memory shell-card\"><h2>{memory}</h2></section>\
<section class=\"card speed shell-card\"><h2>{speed}</h2></section></section></div></main>",
            tagline = tx(T::Tagline),
            language = setting(
                T::Language,
                if lang == Lang::Es { "Español" } else { "English" },
                ""
            ),
            currency = setting(T::Currency, cur, " data-default"),
            title = tx(T::Inputs),
            results = tx(T::Results),
            verdict = tx(T::Verdict),
            memory = tx(T::Memory),
            speed = tx(T::Speed),
        )
    }

    /// The verdict card, marked as pre-rendered in `lang`, as the live page draws it.
    pub fn verdict(lang: Lang, r: &Report) -> String {
        inference_sizer::markup::verdict_section(&VerdictCard::of(r, lang), lang)
    }
}
