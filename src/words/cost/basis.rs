//! The figures behind each cost line of an option and the phrase that quotes them: the compute
//! bill (busy, idle, spot, setup, minimum term), traffic and storage, upkeep (monitoring, energy).

use crate::format::show::{amount, money, number, percent};
use crate::lang::Lang;
use crate::units::Currency;

/// The figures behind a line (`crate::cost::CostItem`), amounts in the line's currency.
#[derive(Clone, Debug, PartialEq)]
pub enum Basis {
    /// `servers` x `rate` per hour x `hours` (or per month), times the busy share.
    Compute {
        servers: u32,
        rate: f64,
        per_month: bool,
        hours: f64,
        busy: f64,
    },
    /// The idle share of the compute bill.
    Idle {
        share: f64,
        peak_factor: f64,
        warm_up_hours_per_day: f64,
        hours_per_day: f64,
    },
    SpotAllowance {
        share: f64,
    },
    Setup {
        fee: f64,
        servers: u32,
        months: f64,
    },
    MinTerm {
        min_months: f64,
        months: f64,
    },
    /// Egress: `gb` a month, `included_gb` free, `price_per_gb`; `derived` holds (bytes per
    /// token, overhead factor) when computed from requests x output tokens x bytes x overhead.
    Egress {
        gb: f64,
        included_gb: f64,
        price_per_gb: f64,
        unmetered: bool,
        derived: Option<(f64, f64)>,
        /// An encoder's vector: values a request (then `derived` holds bytes per value).
        vector: Option<f64>,
    },
    /// Storage: `gb` for the weights' versions; `local_gb` of it (per server) on the server's
    /// local disks, included in the fee; the rest at `price_per_gb_month`.
    Storage {
        gb: f64,
        versions: f64,
        price_per_gb_month: f64,
        local_gb: f64,
    },
    Monitoring {
        per_server: f64,
        servers: u32,
        given: bool,
        included: bool,
    },
    Energy {
        kwh: f64,
        price_per_kwh: f64,
        pue: f64,
    },
    /// A line of a bought server's bill (amortisation, financing, setup, colocation, power,
    /// operations), written by [`crate::words::own`].
    Own(Box<crate::words::own::OwnBasis>),
}

impl Basis {
    /// The line's figures as a phrase, money in `cur`.
    pub fn sentence(&self, cur: Currency, lang: Lang) -> String {
        let w = Words { cur, lang };
        match *self {
            Basis::Compute {
                servers,
                rate,
                per_month,
                hours,
                busy,
            } => w.compute(servers, rate, (!per_month).then_some(hours), busy),
            Basis::Idle {
                share,
                peak_factor,
                warm_up_hours_per_day,
                hours_per_day,
            } => w.idle(share, peak_factor, warm_up_hours_per_day, hours_per_day),
            Basis::SpotAllowance { share } => w.spot_allowance(share),
            Basis::Setup {
                fee,
                servers,
                months,
            } => w.setup(fee, servers, months),
            Basis::MinTerm { min_months, months } => w.min_term(min_months, months),
            Basis::Egress {
                gb,
                included_gb,
                price_per_gb,
                unmetered,
                derived,
                vector,
            } => w.egress(gb, included_gb, price_per_gb, unmetered, derived, vector),
            Basis::Storage {
                gb,
                versions,
                price_per_gb_month,
                local_gb,
            } => w.storage(gb, versions, price_per_gb_month, local_gb),
            Basis::Monitoring {
                per_server,
                servers,
                given,
                included,
            } => w.monitoring(per_server, servers, given, included),
            Basis::Energy {
                kwh,
                price_per_kwh,
                pue,
            } => w.energy(kwh, price_per_kwh, pue),
            Basis::Own(ref b) => b.sentence(cur, lang),
        }
    }
}

/// Writes the phrases of one line in one language and currency.
struct Words {
    cur: Currency,
    lang: Lang,
}

// The compute bill.
impl Words {
    fn es(&self) -> bool {
        self.lang == Lang::Es
    }

    /// `hours`: billed hours a month, `None` for a monthly fee.
    fn compute(&self, servers: u32, rate: f64, hours: Option<f64>, busy: f64) -> String {
        let lang = self.lang;
        let m = money(rate, self.cur, lang);
        let busy = percent(busy, lang);
        match (hours, self.es()) {
            (None, true) => format!("{servers} x {m} al mes; {busy} de la capacidad en uso"),
            (None, false) => format!("{servers} x {m} a month; {busy} of the capacity in use"),
            (Some(h), true) => format!(
                "{servers} x {m} por hora x {} h al mes; {busy} de la capacidad en uso",
                number(h, 0, lang)
            ),
            (Some(h), false) => format!(
                "{servers} x {m} an hour x {} h a month; {busy} of the capacity in use",
                number(h, 0, lang)
            ),
        }
    }

    fn idle(&self, share: f64, peak_factor: f64, warm_up_hours: f64, hours_per_day: f64) -> String {
        let lang = self.lang;
        let warm = if warm_up_hours <= 0.0 {
            String::new()
        } else if self.es() {
            format!(", {} h de arranque al día", amount(warm_up_hours, lang))
        } else {
            format!(", {} h warm-up a day", amount(warm_up_hours, lang))
        };
        let (share, peak) = (percent(share, lang), amount(peak_factor, lang));
        let hours = amount(hours_per_day, lang);
        if self.es() {
            format!("{share} de la capacidad pagada sin uso: margen para el pico (x{peak}), {hours} h de servicio al día{warm}")
        } else {
            format!("{share} of the paid capacity unused: headroom for the peak (x{peak}), {hours} h of service a day{warm}")
        }
    }

    fn spot_allowance(&self, share: f64) -> String {
        let share = percent(share, self.lang);
        if self.es() {
            format!("{share} más de capacidad spot para cubrir interrupciones")
        } else {
            format!("{share} extra spot capacity to ride out interruptions")
        }
    }

    fn setup(&self, fee: f64, servers: u32, months: f64) -> String {
        let (fee, months) = (money(fee, self.cur, self.lang), amount(months, self.lang));
        if self.es() {
            format!("alta de {servers} x {fee} repartida en {months} meses")
        } else {
            format!("setup fee {servers} x {fee} spread over {months} months")
        }
    }

    fn min_term(&self, min_months: f64, months: f64) -> String {
        let (min, months) = (amount(min_months, self.lang), amount(months, self.lang));
        if self.es() {
            format!("permanencia mínima de {min} meses, más que el horizonte de {months} meses")
        } else {
            format!("minimum term of {min} months, longer than the {months}-month horizon")
        }
    }
}

// Traffic and storage.
impl Words {
    fn egress(
        &self,
        gb: f64,
        included_gb: f64,
        price_per_gb: f64,
        unmetered: bool,
        derived: Option<(f64, f64)>,
        vector: Option<f64>,
    ) -> String {
        let lang = self.lang;
        let how = match (derived, vector, self.es()) {
            (Some((b, o)), Some(dims), false) => format!(
                " (requests x a vector of {} values x {} bytes x {} for JSON/HTTP)",
                amount(dims, lang),
                amount(b, lang),
                amount(o, lang)
            ),
            (Some((b, o)), Some(dims), true) => format!(
                " (peticiones x un vector de {} valores x {} bytes x {} por JSON/HTTP)",
                amount(dims, lang),
                amount(b, lang),
                amount(o, lang)
            ),
            (Some((b, o)), None, false) => format!(
                " (requests x output tokens x {} bytes x {} for JSON/HTTP)",
                amount(b, lang),
                amount(o, lang)
            ),
            (Some((b, o)), None, true) => format!(
                " (peticiones x tokens de salida x {} bytes x {} por JSON/HTTP)",
                amount(b, lang),
                amount(o, lang)
            ),
            (None, _, _) => String::new(),
        };
        let gb = amount(gb, lang);
        let (included, price) = (
            amount(included_gb, lang),
            money(price_per_gb, self.cur, lang),
        );
        match (unmetered, self.es()) {
            (true, true) => format!("{gb} GB al mes{how}; tráfico sin medir"),
            (true, false) => format!("{gb} GB a month{how}; unmetered"),
            (false, true) => {
                format!("{gb} GB al mes{how}, {included} GB incluidos, {price} por GB")
            }
            (false, false) => {
                format!("{gb} GB a month{how}, {included} GB included, {price} per GB")
            }
        }
    }

    fn storage(&self, gb: f64, versions: f64, price_per_gb_month: f64, local_gb: f64) -> String {
        let lang = self.lang;
        let (g, v) = (amount(gb, lang), amount(versions, lang));
        let price = money(price_per_gb_month, self.cur, lang);
        if local_gb >= gb {
            if self.es() {
                format!("{g} GB ({v} versiones de los pesos) en los discos locales, incluidos en la cuota")
            } else {
                format!(
                    "{g} GB ({v} versions of the weights) on the local disks, included in the fee"
                )
            }
        } else if local_gb > 0.0 {
            let l = amount(local_gb, lang);
            if self.es() {
                format!("{g} GB ({v} versiones de los pesos): {l} GB en los discos locales por servidor, el resto a {price} por GB y mes")
            } else {
                format!("{g} GB ({v} versions of the weights): {l} GB on the local disks per server, the rest at {price} per GB-month")
            }
        } else if self.es() {
            format!("{g} GB ({v} versiones de los pesos) a {price} por GB y mes")
        } else {
            format!("{g} GB ({v} versions of the weights) at {price} per GB-month")
        }
    }
}

// Upkeep: monitoring and energy.
impl Words {
    fn monitoring(&self, per_server: f64, servers: u32, given: bool, included: bool) -> String {
        let m = money(per_server, self.cur, self.lang);
        match (given, included, self.es()) {
            (true, _, false) => "as given".to_string(),
            (true, _, true) => "según lo indicado".to_string(),
            (false, true, false) => "self-hosted on the server, included in the fee".to_string(),
            (false, true, true) => "autoalojada en el servidor, incluida en la cuota".to_string(),
            (false, false, false) => {
                format!("{servers} x {m} a month per instance (metrics, logs, alerts)")
            }
            (false, false, true) => {
                format!("{servers} x {m} al mes por instancia (métricas, registros, alertas)")
            }
        }
    }

    fn energy(&self, kwh: f64, price_per_kwh: f64, pue: f64) -> String {
        let lang = self.lang;
        let (kwh, pue) = (number(kwh, 0, lang), amount(pue, lang));
        let price = money(price_per_kwh, self.cur, lang);
        if self.es() {
            format!("{kwh} kWh al mes (PUE {pue}) a {price} por kWh")
        } else {
            format!("{kwh} kWh a month (PUE {pue}) at {price} per kWh")
        }
    }
}
