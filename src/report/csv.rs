//! The comparison as CSV: the page's "Export comparison" and `sizer --csv`. One row per option,
//! amounts as plain numbers with four decimals in the report's currency, the `why_not` text in
//! the scenario's language.

use crate::cost::api::ApiReference;
use crate::cost::OptionReport;

/// The columns, in order.
pub const COLUMNS: [&str; WIDTH] = [
    "offer_id",
    "provider",
    "name",
    "kind",
    "gpu_id",
    "gpu_count",
    "servers",
    "fits",
    "why_not",
    "monthly_cost",
    "cost_per_million_tokens",
    "cost_per_thousand_requests",
    "price_per_hour",
    "price_per_gpu_hour",
    "break_even_weeks",
    "currency",
    "region",
    "jurisdiction",
    "source",
    "as_of",
    "usable",
    "replicas",
    "gpus_per_replica",
    "tp",
    "pp",
    "ep",
    "fabric",
    "caveat",
    "job_cost",
    "per_token_basis",
    // Honest prices and the hosted-API rows (`apis`).
    "approximate_price",
    "price_note",
    "input_per_mtok",
    "output_per_mtok",
    "price_currency",
    // What a buyer risks: the hosts' reliability and what the source leaves unknown.
    "reliability_class",
    "config_unknown",
    "availability_uncertain",
    // Each copy at the peak when its concurrency follows from the rate (`at_load`), the limit
    // that set the copies, and the spares.
    "concurrency_per_copy",
    "peak_utilisation",
    "tpot_ms_at_peak",
    "ttft_p95_ms_at_peak",
    "binding",
    "spare_copies",
    // Money paid up front, and on the verdict's row, when it asks a minimum term over a month,
    // the best usable option without one (the report's `recommendation.no_commitment`).
    "prepaid_months",
    "no_commitment_offer_id",
    "no_commitment_monthly_cost",
    "commitment_saving_per_month",
    "commitment_total",
    // The question the verdict answers, in one line (the report's `scenario_line`), on every
    // line of an export; empty where no report is at hand.
    "scenario_line",
];

/// How many columns a line has.
const WIDTH: usize = 50;

/// The index of column `name` (a name of [`COLUMNS`]).
fn col(name: &str) -> usize {
    COLUMNS
        .iter()
        .position(|c| *c == name)
        .expect("a column of COLUMNS")
}

/// The header and one line per option, each ended by CRLF; the per-token basis left empty
/// (see [`comparison_at`]).
pub fn comparison<'a>(options: impl IntoIterator<Item = &'a OptionReport>) -> String {
    lines(options, "")
}

/// As [`comparison`], each row saying the load its per-token and per-request figures are at
/// (the report's `per_token_basis`: `full_load` or `requests_per_day`).
pub fn comparison_at<'a>(
    options: impl IntoIterator<Item = &'a OptionReport>,
    basis: super::PerTokenBasis,
) -> String {
    lines(options, basis.id())
}

/// What the page's "Export comparison" and `sizer --csv` write for a report: the `options`
/// shown (all of `r.options`, or the rows the table shows) at the report's per-token basis, the
/// verdict's row with its option without commitment, then the hosted APIs ([`api_rows`]); each
/// line carries the report's `scenario_line`.
pub fn export<'a>(
    r: &super::Report,
    options: impl IntoIterator<Item = &'a OptionReport>,
) -> String {
    let verdict = r.recommendation.as_ref().and_then(|rec| {
        let c = rec.commitment()?.no_commitment.as_ref()?;
        Some((rec.offer_id.as_str(), c))
    });
    let mut out = lines_with(options, r.per_token_basis.id(), verdict, &r.scenario_line);
    out.push_str(&api_rows(&r.api_reference, &r.currency, &r.scenario_line));
    out
}

fn lines<'a>(options: impl IntoIterator<Item = &'a OptionReport>, basis: &str) -> String {
    lines_with(options, basis, None, "")
}

fn lines_with<'a>(
    options: impl IntoIterator<Item = &'a OptionReport>,
    basis: &str,
    verdict: Option<(&str, &crate::words::plan::NoCommitment)>,
    scenario_line: &str,
) -> String {
    let mut out = line(&COLUMNS);
    out.push_str("\r\n");
    for o in options {
        let mut fields = row(o, basis);
        fields[col("scenario_line")] = scenario_line.to_string();
        if let Some((_, n)) = verdict.filter(|(id, _)| *id == o.offer_id) {
            for (name, value) in [
                ("no_commitment_offer_id", n.offer_id.clone()),
                ("no_commitment_monthly_cost", figure(n.monthly_cost)),
                ("commitment_saving_per_month", figure(n.saving_per_month)),
                ("commitment_total", figure(n.commitment_total)),
            ] {
                fields[col(name)] = value;
            }
        }
        out.push_str(&line(&fields));
        out.push_str("\r\n");
    }
    out
}

/// A number with four decimals; nothing for a missing or non-finite one.
fn figure(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.4}")
    } else {
        String::new()
    }
}

fn row(o: &OptionReport, basis: &str) -> [String; WIDTH] {
    [
        o.offer_id.clone(),
        o.provider.clone(),
        o.name.clone(),
        o.kind.id().to_string(),
        o.gpu_id.clone().unwrap_or_default(),
        o.gpu_count.to_string(),
        o.servers.to_string(),
        o.fits.to_string(),
        o.why_not.as_deref().unwrap_or_default().to_string(),
        figure(o.monthly_cost),
        o.cost_per_million_tokens.map(figure).unwrap_or_default(),
        o.cost_per_thousand_requests.map(figure).unwrap_or_default(),
        figure(o.price_per_hour),
        o.price_per_gpu_hour.map(figure).unwrap_or_default(),
        o.break_even_weeks.map(figure).unwrap_or_default(),
        o.currency.clone(),
        o.region.clone(),
        o.jurisdiction.clone(),
        o.source.clone(),
        o.as_of.clone(),
        o.usable.to_string(),
        o.replicas.to_string(),
        o.gpus_per_replica.to_string(),
        o.parallelism.tp.to_string(),
        o.parallelism.pp.to_string(),
        o.parallelism.ep.to_string(),
        // The fabric a copy crosses between machines: `infiniband 400`; empty within one.
        o.fabric
            .as_ref()
            .map(|f| {
                let (kind, gbps) = crate::cost::fabric_id(f);
                format!("{kind} {gbps}")
            })
            .unwrap_or_default(),
        o.caveat.clone().unwrap_or_default(),
        o.job_cost.map(figure).unwrap_or_default(),
        basis.to_string(),
        o.approximate_price.to_string(),
        o.price_note.clone().unwrap_or_default(),
        String::new(),
        String::new(),
        String::new(),
        o.reliability_class.clone().unwrap_or_default(),
        o.config_unknown.to_string(),
        o.availability_uncertain.to_string(),
        at(o, |a| figure(a.concurrency)),
        at(o, |a| figure(a.utilisation)),
        at(o, |a| figure(a.tpot_ms)),
        at(o, |a| figure(a.ttft_p95_ms)),
        at(o, |a| a.binding.id().to_string()),
        o.spare_copies.to_string(),
        o.prepaid_months.map(figure).unwrap_or_default(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
    ]
}

/// A figure of the option's copy at the peak, empty without one.
fn at(o: &OptionReport, f: impl Fn(&crate::cost::load::AtLoad) -> String) -> String {
    o.at_load.as_ref().map(f).unwrap_or_default()
}

/// The hosted APIs of the report (`api_reference`) as lines of the same table, one per API, ended
/// by CRLF: kind `hosted_api`, the model as the name, the monthly cost at the report's load in
/// its currency, the per-token prices in their own (`price_currency`); the columns about
/// machines are empty; `scenario_line` ends each line, as on the options' lines.
pub fn api_rows(apis: &[ApiReference], currency: &str, scenario_line: &str) -> String {
    let mut out = String::new();
    for a in apis {
        let mut f: [String; WIDTH] = std::array::from_fn(|_| String::new());
        for (name, value) in [
            ("offer_id", format!("api:{}:{}", a.provider, a.model)),
            ("provider", a.provider.clone()),
            ("name", a.model.clone()),
            ("kind", "hosted_api".into()),
            ("fits", "true".into()),
            (
                "monthly_cost",
                a.monthly_cost.map(figure).unwrap_or_default(),
            ),
            ("currency", currency.to_string()),
            ("region", a.region.clone()),
            ("jurisdiction", a.jurisdiction.clone()),
            ("source", a.source.clone()),
            ("as_of", a.as_of.clone()),
            ("usable", (!a.last_known).to_string()),
            // A last known price is not a firm one.
            ("approximate_price", a.last_known.to_string()),
            ("price_note", a.note.clone().unwrap_or_default()),
            ("input_per_mtok", figure(a.input_per_mtok)),
            ("output_per_mtok", figure(a.output_per_mtok)),
            ("price_currency", a.currency.clone()),
            ("scenario_line", scenario_line.to_string()),
        ] {
            f[col(name)] = value;
        }
        out.push_str(&line(&f));
        out.push_str("\r\n");
    }
    out
}

/// One CSV line (without its end): every field quoted, quotes doubled; a field starting with
/// `=`, `+`, `@`, or with `-` when it is not a number, gets a leading `'` so that a spreadsheet
/// never runs a formula from a catalogue's text.
pub fn line<S: AsRef<str>>(fields: &[S]) -> String {
    let mut out = String::new();
    for (i, f) in fields.iter().map(AsRef::as_ref).enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('"');
        if f.starts_with(['=', '+', '@'])
            || (f.starts_with('-') && crate::format::parse_decimal(f).is_none())
        {
            out.push('\'');
        }
        out.push_str(&f.replace('"', "\"\""));
        out.push('"');
    }
    out
}
