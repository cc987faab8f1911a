//! `prerender`: the page as HTML before the wasm arrives (issue 19). Prints, for each language,
//! a `<template id="shell-LANG">` (the page's frame: header, the input panel's frame with the
//! default scenario's values, the result cards' frames) and a `<template id="verdict-LANG">`
//! (the default scenario's verdict, written from `report::evaluate` against the built-in
//! catalogue, in the markup `src/ui/verdict.rs` renders). `scripts/postbuild.mjs` (a Trunk
//! post-build hook) puts them in `dist/index.html`; `public/shell.js` shows the frame at once and
//! the verdict only when the address carries no scenario; the app replaces both when it mounts.
//! Generated at every build, it cannot drift from the catalogue; `tests/e2e/shell.test.mjs`
//! checks that the pre-rendered verdict is the live one.
//!
//! The words are the page's own: `src/ui/i18n.rs` is compiled in here (it names only the core).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    print!("{}", shell::templates());
}

#[cfg(target_arch = "wasm32")]
fn main() {}

// `src/ui/i18n.rs` names `crate::report`, `crate::scenario` and `crate::model`: the core's.
#[cfg(not(target_arch = "wasm32"))]
use inference_sizer::{model, report, scenario};

#[cfg(not(target_arch = "wasm32"))]
#[allow(dead_code)]
#[path = "../ui/i18n.rs"]
mod i18n;

#[cfg(not(target_arch = "wasm32"))]
mod shell {
    use super::i18n::{deployment_name, t, T};
    use inference_sizer::catalog::Catalog;
    use inference_sizer::format::money;
    use inference_sizer::lang::Lang;
    use inference_sizer::report::{evaluate, Report};
    use inference_sizer::scenario::Scenario;
    use std::fmt::Write;

    /// Text for an element's content or a quoted attribute.
    pub fn esc(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' => out.push_str("&quot;"),
                '\'' => out.push_str("&#39;"),
                c => out.push(c),
            }
        }
        out
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
<div class=\"layout\"><section class=\"inputs\"><h2>{title}</h2>{inputs}<div class=\"panel shell-rest\"></div></section>\
<section class=\"results\"><h2 class=\"visually-hidden\">{results}</h2>\
<section class=\"card verdict shell-card\" data-shell-verdict><h2>{verdict}</h2></section>\
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

    /// The verdict card as `src/ui/verdict.rs` renders it.
    pub fn verdict(lang: Lang, r: &Report) -> String {
        let mut out = format!(
            "<section class=\"card verdict\" id=\"verdict\" aria-labelledby=\"verdict-title\" data-prerendered=\"{}\"><h2 id=\"verdict-title\">{}</h2>",
            lang.id(),
            esc(t(lang, T::Verdict))
        );
        match &r.recommendation {
            None => {
                let _ = write!(
                    out,
                    "<p class=\"no-verdict\">{}</p>",
                    esc(t(lang, T::NoVerdict))
                );
            }
            Some(rec) => out.push_str(&recommendation(lang, r, rec)),
        }
        let _ = write!(
            out,
            "<p class=\"verdict-footer\" id=\"verdict-as-of\">{}</p></section>",
            esc(&inference_sizer::words::catalog::catalogue_date(
                &r.catalog_as_of,
                lang
            ))
        );
        out
    }

    fn recommendation(
        lang: Lang,
        r: &Report,
        rec: &inference_sizer::plan::Recommendation,
    ) -> String {
        let cur = r.cur();
        let servers = if rec.servers > 1 && rec.deployment_shape(lang).is_none() {
            format!(" · {} {}", rec.servers, t(lang, T::Servers))
        } else {
            String::new()
        };
        let hardware = rec.hardware_line(lang);
        let mut out = format!(
            "<p class=\"verdict-hardware\" id=\"verdict-hardware\"><strong>{}</strong>{}</p>\
<p class=\"verdict-offer\"><span class=\"badge\">{}</span> <span id=\"verdict-offer\">{}</span></p>\
<p class=\"verdict-cost\" id=\"verdict-cost\">{}<strong>{}</strong> {}</p>",
            esc(&hardware),
            esc(&servers),
            esc(deployment_name(lang, rec.deployment)),
            esc(&format!("{} {}", rec.provider, rec.offer_name)),
            // An approximate price is marked before the amount: "≈ €2.04".
            if rec.approximate_price {
                format!(
                    "<span class=\"approx\" title=\"{}\">≈ </span>",
                    esc(t(lang, T::ApproximatePrice))
                )
            } else {
                String::new()
            },
            esc(&money(rec.cost(), cur, lang)),
            esc(t(
                lang,
                if rec.job.is_some() {
                    T::ForTheJob
                } else {
                    T::PerMonth
                }
            )),
        );
        if let Some(note) = &rec.price_note {
            let _ = write!(
                out,
                "<p class=\"verdict-price-note\" id=\"verdict-price-note\">{}</p>",
                esc(&format!("{}: {note}.", t(lang, T::ApproximatePrice)))
            );
        }
        let mut reasons = rec.reasons.iter();
        let why = reasons.next().cloned().unwrap_or_default();
        // The cheaper path's sentence, the last reason, shows in its own box.
        let path_sentence = r.cheaper_path.as_ref().map(|p| p.sentence.as_str());
        let reasons = reasons.filter(|m| Some(m.as_str()) != path_sentence);
        let _ = write!(
            out,
            "<p class=\"verdict-why\" id=\"verdict-why\">{}</p>",
            esc(&why)
        );
        if let Some(api) = &r.api_verdict {
            let _ = write!(
                out,
                "<p class=\"verdict-api\" id=\"verdict-api\">{}</p>",
                esc(api)
            );
        }
        // As src/ui/cheaper_path.rs draws it; the button does nothing until the app replaces it.
        if let Some(path) = &r.cheaper_path {
            let _ = write!(
                out,
                "<div class=\"cheaper-path\" id=\"cheaper-path\"><p>{}</p><button type=\"button\">{}</button></div>",
                esc(&path.sentence),
                esc(&path.action)
            );
        }
        let more: Vec<String> = reasons.map(|m| format!("<li>{}</li>", esc(m))).collect();
        if !more.is_empty() {
            let _ = write!(out, "<ul class=\"reasons\">{}</ul>", more.concat());
        }
        if !rec.runner_ups.is_empty() {
            let items: String = rec
                .runner_ups
                .iter()
                .map(|u| {
                    format!(
                        "<li><span>{}</span> · <span>{}</span> · <span>{}</span></li>",
                        esc(&u.display_name),
                        esc(&money(u.job_cost.unwrap_or(u.monthly_cost), cur, lang)),
                        esc(&u.difference)
                    )
                })
                .collect();
            let _ = write!(
                out,
                "<h3>{}</h3><ul class=\"runner-ups\" id=\"runner-ups\">{items}</ul>",
                esc(t(lang, T::RunnerUps))
            );
        }
        out
    }
}
