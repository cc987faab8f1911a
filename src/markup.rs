//! The verdict card as HTML: one function from [`crate::report::VerdictCard`] to the card's
//! markup, which the page sets as the card's content and the pre-render writes into
//! `index.html`, so the first paint is the live page's card to the byte. Every text is escaped.

use crate::lang::Lang;
use crate::report::{CardVerdict, VerdictCard};
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

/// The id of the button that takes the cheaper path (the page listens for its clicks).
pub const TAKE_CHEAPER_PATH: &str = "take-cheaper-path";

/// The whole card, as the page draws it before its interface has mounted: the pre-render's
/// default verdict in `index.html` and a shared link's verdict drawn by the first module
/// (`ui::first_card`), each marked `data-prerendered` with its language.
pub fn verdict_section(card: &VerdictCard, lang: Lang) -> String {
    format!(
        "<section class=\"card verdict\" id=\"verdict\" aria-labelledby=\"verdict-title\" data-prerendered=\"{}\">{}</section>",
        lang.id(),
        verdict(card)
    )
}

/// The card's content: its heading, the verdict (or why there is none) and the catalogue's date.
pub fn verdict(card: &VerdictCard) -> String {
    let mut out = format!("<h2 id=\"verdict-title\">{}</h2>", esc(&card.title));
    if !card.question.is_empty() {
        let _ = write!(
            out,
            "<p class=\"verdict-question\" id=\"verdict-question\">{}</p>",
            esc(&card.question)
        );
    }
    match &card.verdict {
        Some(v) => body(v, &mut out),
        None => {
            let _ = write!(out, "<p class=\"no-verdict\">{}</p>", esc(&card.no_verdict));
        }
    }
    let _ = write!(
        out,
        "<p class=\"verdict-footer\" id=\"verdict-as-of\">{}</p>",
        esc(&card.footer)
    );
    out
}

fn body(v: &CardVerdict, out: &mut String) {
    // Said before the price: a hosted API far cheaper, a machine the load barely uses.
    for (i, lead) in v.lead.iter().enumerate() {
        let id = if i == 0 { " id=\"verdict-lead\"" } else { "" };
        let _ = write!(out, "<p class=\"verdict-lead\"{id}>{}</p>", esc(lead));
    }
    let servers = v
        .servers
        .as_deref()
        .map(|s| format!(" · {}", esc(s)))
        .unwrap_or_default();
    // An approximate price is marked before the amount: "≈ €2.04". What it leaves out is said in
    // visible text under it (`price_note`), not in a tooltip a keyboard or a finger cannot reach.
    let approx = if v.approximate.is_some() {
        "<span class=\"approx\">≈ </span>"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<p class=\"verdict-hardware\" id=\"verdict-hardware\"><strong>{}</strong>{servers}</p>\
<p class=\"verdict-offer\"><span class=\"badge\">{}</span> <span id=\"verdict-offer\">{}</span></p>\
<p class=\"verdict-cost\" id=\"verdict-cost\">{approx}<strong>{}</strong> {}</p>",
        esc(&v.hardware),
        esc(&v.deployment),
        esc(&v.offer),
        esc(&v.amount),
        esc(&v.per),
    );
    if let Some(note) = &v.price_note {
        let _ = write!(
            out,
            "<p class=\"verdict-price-note\" id=\"verdict-price-note\">{}</p>",
            esc(note)
        );
    }
    let _ = write!(
        out,
        "<p class=\"verdict-why\" id=\"verdict-why\">{}</p>",
        esc(&v.why)
    );
    if let Some(c) = &v.commitment {
        let _ = write!(
            out,
            "<p class=\"verdict-commitment\" id=\"verdict-commitment\">{}</p>",
            esc(c)
        );
    }
    if let Some(api) = &v.api {
        let _ = write!(
            out,
            "<p class=\"verdict-api\" id=\"verdict-api\">{}</p>",
            esc(api)
        );
    }
    if let Some(path) = &v.cheaper_path {
        let _ = write!(
            out,
            "<div class=\"cheaper-path\" id=\"cheaper-path\"><p>{}</p><button type=\"button\" id=\"{TAKE_CHEAPER_PATH}\">{}</button></div>",
            esc(&path.sentence),
            esc(&path.action)
        );
    }
    if !v.reasons.is_empty() {
        out.push_str("<ul class=\"reasons\">");
        for r in &v.reasons {
            let _ = write!(out, "<li>{}</li>", esc(r));
        }
        out.push_str("</ul>");
    }
    if !v.runner_ups.is_empty() {
        let _ = write!(
            out,
            "<h3>{}</h3><ul class=\"runner-ups\" id=\"runner-ups\">",
            esc(&v.runner_ups_title)
        );
        for u in &v.runner_ups {
            let _ = write!(
                out,
                "<li><span>{}</span> · <span>{}</span> · <span>{}</span></li>",
                esc(&u.name),
                esc(&u.amount),
                esc(&u.difference)
            );
        }
        out.push_str("</ul>");
    }
}
