//! Prepaid money counted when it is paid (issue 29): a prepaid year is paid on its first day, not
//! month by month, in the break-even against cloud and on the cumulative-cost chart.

#[path = "support/cost.rs"]
mod fixtures;

use fixtures::*;
use inference_sizer::catalog::{Catalog, OfferKind};
use inference_sizer::chart::from_report::cumulative_summary;
use inference_sizer::cost::CashSchedule;
use inference_sizer::report::evaluate_query;
use inference_sizer::scenario::Lang;
use inference_sizer::units::{Currency, WEEKS_PER_MONTH};

/// Latitude.sh's prepaid H100 year, USD 10,332 (the catalogue's row), at USD 1.16 to the euro:
/// EUR 10,332 / 1.16 = 8,906.90 on day one, shown as EUR 742.24 a month (8,906.90 / 12).
const PREPAID_YEAR: f64 = 10_332.0 / 1.16;

fn prepaid_year() -> CashSchedule {
    CashSchedule {
        prepaid: PREPAID_YEAR,
        period_months: 12.0,
        ..CashSchedule::default()
    }
}

#[test]
fn a_prepaid_year_is_overtaken_by_a_rental_only_when_the_rental_has_cost_as_much() {
    // The example: EUR 8,906.90 on day one against a EUR 878/month rental. The rental
    // has cost as much after 8,906.90 / 878 = 10.14 months, not from the first month (which is
    // what the monthly price, EUR 742 < 878, would say).
    let rental = CashSchedule::monthly(0.0, 878.0);
    let m = prepaid_year().overtaken_by(&rental, f64::INFINITY).unwrap();
    assert_close(m, PREPAID_YEAR / 878.0, 1e-9);
    assert_close(m, 10.14, 0.01);
    // Within a 6-month horizon it does not happen.
    assert_eq!(prepaid_year().overtaken_by(&rental, 6.0), None);
    // At EUR 700 a month the rental never catches up: 12 x 700 = 8,400 < 8,906.90 in the first
    // year, and each year it falls a further 506.90 behind.
    let cheap = CashSchedule::monthly(0.0, 700.0);
    assert_eq!(prepaid_year().overtaken_by(&cheap, f64::INFINITY), None);
    // A setup fee of EUR 3,000 on top: (3,000 + 8,906.90) / 878 = 13.56 months is past the first
    // year, when a second year (17,813.79 + 3,000) is due: the rental catches that up at
    // 20,813.79 / 878 = 23.71 months (12 x 878 - 8,906.90 = 1,629.10 gained each year).
    let with_setup = CashSchedule {
        upfront: 3_000.0,
        ..prepaid_year()
    };
    let m = with_setup.overtaken_by(&rental, f64::INFINITY).unwrap();
    assert_close(m, (3_000.0 + 2.0 * PREPAID_YEAR) / 878.0, 1e-9);
    assert_close(m, 23.71, 0.01);
    // Without a prepaid period, the straight lines of before: 3,000 / (878 - 742.24) = 22.10.
    let monthly = CashSchedule::monthly(3_000.0, PREPAID_YEAR / 12.0);
    assert_close(
        monthly.overtaken_by(&rental, f64::INFINITY).unwrap(),
        3_000.0 / (878.0 - PREPAID_YEAR / 12.0),
        1e-9,
    );
}

#[test]
fn the_cash_curve_steps_on_each_prepaid_year() {
    // Over 24 months: 8,906.90 from month 0 to 12, then the second year at month 12 (the month
    // given twice, before then after), flat to 24; no third year at the horizon's end.
    let p = prepaid_year().points(24.0);
    assert_eq!(p.len(), 26);
    assert_eq!(p[0], (0.0, PREPAID_YEAR));
    assert_eq!(p[12], (12.0, PREPAID_YEAR));
    assert_eq!(p[13], (12.0, 2.0 * PREPAID_YEAR));
    assert_eq!(p[25], (24.0, 2.0 * PREPAID_YEAR));
    assert_close(prepaid_year().at(24.0), 2.0 * PREPAID_YEAR, 1e-9);
    assert_close(prepaid_year().at(24.5), 3.0 * PREPAID_YEAR, 1e-9);
    // Month by month: a straight line, one point a month.
    let line = CashSchedule::monthly(100.0, 10.0).points(3.0);
    assert_eq!(
        line,
        vec![(0.0, 100.0), (1.0, 110.0), (2.0, 120.0), (3.0, 130.0)]
    );
}

#[test]
fn break_even_weeks_count_the_prepaid_year_on_its_first_day() {
    // A 1x H100 server at EUR 742.24 a month, priced as a prepaid year (`price_note` `yearly`,
    // 12-month term), against a cloud H100 at 878 / 730 = EUR 1.2027 an hour, 24 h a day:
    // 1.2027 x 730 = EUR 878 a month. Compute only.
    let w = demand(0.0, 24.0);
    let mut prepaid = h100_bare_metal("prepaid-h100", 1, PREPAID_YEAR / 12.0);
    prepaid.min_term_months = 12.0;
    prepaid.price_note = "yearly".into();
    prepaid.price.approximate = true;
    let cloud = h100_cloud("cloud-h100", OfferKind::GpuCloud, 1, 878.0 / 730.0);
    let s = llm_sizing(1, 2000.0, 300.0);
    let opts = evaluate(
        &[(prepaid, s.clone()), (cloud, s)],
        &w,
        &compute_only(),
        Currency::Eur,
    );
    let p = opts.iter().find(|o| o.offer_id == "prepaid-h100").unwrap();
    assert_eq!(p.prepaid_months, 12.0);
    assert_close(p.monthly.amount(), 742.24, 0.01);
    // Before: no setup fee, so "0 weeks". Now: 8,906.90 / 878 = 10.14 months x 4.345 weeks =
    // 44.1 weeks.
    let weeks = p.break_even_weeks().unwrap();
    assert_close(weeks, PREPAID_YEAR / 878.0 * WEEKS_PER_MONTH, 1e-6);
    assert_close(weeks, 44.1, 0.1);
    // The report row says the fee is prepaid a year at a time; the cloud row says nothing.
    let row = p.to_report(Lang::En);
    assert_eq!(row.prepaid_months, Some(12.0));
    let json = serde_json::to_value(&row).unwrap();
    assert_eq!(json["prepaid_months"], 12.0);
    let c = opts.iter().find(|o| o.offer_id == "cloud-h100").unwrap();
    assert_eq!(c.prepaid_months, 0.0);
    assert!(serde_json::to_value(c.to_report(Lang::En))
        .unwrap()
        .get("prepaid_months")
        .is_none());
}

/// The built-in catalogue with only Latitude.sh's prepaid H100 year and Hyperstack's H100 PCIe
/// by the hour.
fn prepaid_against_cloud() -> Catalog {
    let mut c = Catalog::builtin();
    c.offers.retain(|o| {
        o.id == "latitude-sh-g3.h100.small-annual-prepaid" || o.id == "hyperstack-h100-pcie"
    });
    assert_eq!(c.offers.len(), 2);
    c
}

#[test]
fn the_cumulative_chart_pays_the_prepaid_year_on_its_first_day() {
    // An 8B model around the clock on one H100 PCIe, over 24 months, in euros.
    let q = "model=llama-3.1-8b&rpd=20000&hours=24&months=24&cur=EUR";
    let r = evaluate_query(q, &prepaid_against_cloud());
    let row = |id: &str| r.options.iter().find(|o| o.offer_id == id).unwrap();
    let lat = row("latitude-sh-g3.h100.small-annual-prepaid");
    let cloud = row("hyperstack-h100-pcie");
    assert!(
        lat.usable && cloud.usable,
        "{:?} {:?}",
        lat.why_not,
        cloud.why_not
    );
    assert_eq!(lat.prepaid_months, Some(12.0));
    let line = |o: &inference_sizer::report::OptionReport, key: &str| -> f64 {
        o.cost_lines
            .iter()
            .filter(|l| l.key == key)
            .map(|l| l.monthly)
            .sum()
    };
    // The year: (compute + idle) x 12 = USD 861 x 12 / 1.16 = EUR 8,906.90.
    let year = (line(lat, "compute") + line(lat, "idle")) * 12.0;
    assert_close(year, PREPAID_YEAR, 0.01);
    let curve = |id: &str| {
        r.curves
            .cumulative_cost
            .iter()
            .find(|c| c.offer_id == id)
            .unwrap()
            .points
            .clone()
    };
    let lat_points = curve("latitude-sh-g3.h100.small-annual-prepaid");
    // Day one: the year alone; then only the other lines (storage, monitoring) each month; the
    // second year at month 12.
    let others = lat.monthly_cost - line(lat, "compute") - line(lat, "idle");
    assert_close(lat_points[0].1, year, 0.01);
    assert_close(lat_points[12].1, year + 12.0 * others, 0.01);
    assert_eq!(lat_points[13].0, 12.0);
    assert_close(lat_points[13].1, 2.0 * year + 12.0 * others, 0.01);
    // The cloud's straight line: its monthly cost each month from 0.
    let cloud_points = curve("hyperstack-h100-pcie");
    assert_close(cloud_points[1].1, cloud.monthly_cost, 0.01);
    // The break-even: the cloud's bills reach the prepaid year (and the other lines) at
    // year / (cloud monthly - others) months, if within the year.
    let expected = year / (cloud.monthly_cost - others);
    assert!(expected < 12.0, "{expected}");
    let (month, cost) = r.curves.break_even.expect("a break-even within 24 months");
    assert_close(month, expected, 1e-6);
    assert_close(cost, cloud.monthly_cost * expected, 1e-6);
    assert_eq!(r.curves.overtakes_month, Some(month));
    // The summary says the year is paid up front, in both languages.
    let en = cumulative_summary(&r, Lang::En);
    assert!(
        en.starts_with("Break-even at month ")
            && en.ends_with("whose 12 months are paid up front on the first day."),
        "{en}"
    );
    assert!(cumulative_summary(&r, Lang::Es)
        .ends_with("cuyos 12 meses se pagan por adelantado el primer día."));
}

#[test]
fn a_prepaid_verdict_says_what_is_paid_on_the_first_day_and_when_renting_catches_up() {
    // The prepaid H100 year (EUR 742.24 a month, 8,906.90 on day one) against the same server
    // month to month at EUR 878: 15% apart, beyond the 10% near-tie margin, so the prepaid year
    // is the verdict. Renting month by month has cost as much after 8,906.90 / 878 = 10.1
    // months: said beside what the term binds (12 x 742.24 = 8,906.90).
    let w = demand(0.0, 24.0);
    let mut prepaid = h100_bare_metal("prepaid-h100", 1, PREPAID_YEAR / 12.0);
    prepaid.min_term_months = 12.0;
    prepaid.price_note = "yearly".into();
    let monthly = h100_bare_metal("monthly-h100", 1, 878.0);
    let s = llm_sizing(1, 2000.0, 300.0);
    let opts = evaluate(
        &[(prepaid, s.clone()), (monthly, s)],
        &w,
        &compute_only(),
        Currency::Eur,
    );
    let rec = inference_sizer::plan::recommend(&opts, &w, Lang::En).unwrap();
    assert_eq!(rec.offer_id, "prepaid-h100");
    let c = rec.commitment().expect("a term");
    assert_close(c.commitment_total, PREPAID_YEAR, 0.01);
    let p = c.prepaid.as_ref().expect("a prepaid term");
    assert_eq!(p.months, 12.0);
    assert_close(p.amount, PREPAID_YEAR, 0.01);
    assert_close(p.caught_up_after.unwrap(), PREPAID_YEAR / 878.0, 1e-6);
    let words = rec
        .reasons()
        .iter()
        .find(|r| r.starts_with("A 12-month minimum term commits you to €8,907"))
        .cloned()
        .expect("the commitment's reason");
    assert!(
        words.ends_with(
            "The first 12 months, €8,907, are paid on the first day: monthly monthly-h100 has cost as much only after 10.1 months."
        ),
        "{words}"
    );
    assert!(rec.reasons().iter().all(|r| !r.contains("first week")));
    let es = inference_sizer::plan::recommend(&opts, &w, Lang::Es).unwrap();
    assert!(es.reasons().iter().any(|r| r.contains(
        "Los primeros 12 meses, 8.907 €, se pagan el primer día: monthly monthly-h100 no ha costado lo mismo hasta pasados 10,1 meses."
    )), "{:?}", es.reasons());
    // In the JSON of the typed reason.
    let json = serde_json::to_value(rec.commitment().unwrap()).unwrap();
    assert_eq!(json["prepaid"]["months"], 12.0);
}

#[test]
fn the_stepped_curve_draws_and_tabulates_each_month_once() {
    use inference_sizer::chart::{draw_cumulative_cost, from_report, render_svg, ChartStyle};
    let q = "model=llama-3.1-8b&rpd=20000&hours=24&months=24&cur=EUR";
    let r = evaluate_query(q, &prepaid_against_cloud());
    let data = from_report::cumulative_cost(&r, Lang::En);
    let svg = render_svg(640, 400, |root| {
        draw_cumulative_cost(root, &data, &ChartStyle::default())
    })
    .unwrap();
    assert!(svg.contains("<svg"));
    // Months 0 to 24, month 12 once: paid through month 12 there (one year), two years from 13.
    let (headers, rows) = data.table();
    assert_eq!(rows.len(), 25);
    let col = headers
        .iter()
        .position(|h| h.contains("annual prepaid"))
        .unwrap();
    let at = |m: usize| rows[m][col].parse::<f64>().unwrap();
    assert!(
        at(13) - at(12) > PREPAID_YEAR - 1.0,
        "{} {}",
        at(12),
        at(13)
    );
    assert!(at(12) - at(11) < 100.0, "{} {}", at(11), at(12));
}
