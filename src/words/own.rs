//! Owned hardware in words: the basis of each line of a bought server's bill, the verdict's
//! comparison of buying with the recommended rental, and the faults of the catalogue's
//! `hardware` and `colocation` rows. English and Spanish side by side.

use crate::format::show::{amount, money, number, percent};
use crate::lang::Lang;
use crate::units::Currency;

/// The figures behind one line of a bought server's bill (`crate::cost::own`), amounts in the
/// line's currency, per server unless said.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnBasis {
    /// Purchase price of one server.
    pub price: f64,
    /// Depreciation period, months.
    pub months: f64,
    /// Residual value at its end, fraction of new.
    pub residual: f64,
    pub residual_given: bool,
    /// Yearly loan interest, fraction (0: paid in cash).
    pub finance_rate: f64,
    /// Setup and shipping, once.
    pub setup: f64,
    pub setup_given: bool,
    /// The GPUs' TDP together, W.
    pub gpus_w: f64,
    /// Draw beyond the GPUs, W.
    pub overhead_w: f64,
    /// Draw at the wall at full load, kW.
    pub draw_kw: f64,
    /// Colocation per kW-month, or per rack unit a month with the units taken.
    pub per_kw: Option<f64>,
    pub per_unit: Option<f64>,
    pub units: Option<f64>,
    /// The colocation site's name.
    pub site: String,
    pub power_included: bool,
    pub kwh_price: f64,
    pub pue: f64,
    pub hours_per_day: f64,
    /// Energy a month, kWh (PUE included), per server.
    pub energy_kwh: f64,
    /// Operations a month.
    pub operations: f64,
    pub operations_given: bool,
    pub servers: u32,
    /// Which line this basis is of.
    pub line: OwnLine,
}

/// The lines of a bought server's bill (the cost layer's `LineKey` of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnLine {
    Amortisation,
    Financing,
    Setup,
    Colocation,
    Power,
    Operations,
}

impl OwnBasis {
    /// The line's figures as a phrase, money in `cur`.
    pub fn sentence(&self, cur: Currency, lang: Lang) -> String {
        use OwnLine as K;
        let es = lang == Lang::Es;
        let m = |x: f64| money(x, cur, lang).to_string();
        let n = self.servers;
        let months = amount(self.months, lang);
        match self.line {
            K::Amortisation => {
                let (price, residual) = (m(self.price), percent(self.residual, lang));
                let whose = match (self.residual_given, es) {
                    (true, false) => "as given",
                    (true, true) => "el indicado",
                    (false, false) => "resale curve of GPU servers",
                    (false, true) => "curva de reventa de servidores GPU",
                };
                if es {
                    format!("{n} x {price} de compra, menos un valor residual del {residual} ({whose}), en {months} meses lineales")
                } else {
                    format!("{n} x {price} purchase, less a {residual} residual value ({whose}), straight line over {months} months")
                }
            }
            K::Financing => {
                let (price, rate) = (m(self.price), percent(self.finance_rate, lang));
                if es {
                    format!("interés medio de un préstamo de {n} x {price} al {rate} anual, devuelto en {months} meses")
                } else {
                    format!("average interest on a loan of {n} x {price} at {rate} a year, repaid over {months} months")
                }
            }
            K::Setup => {
                let setup = m(self.setup);
                let what = match (self.setup_given, es) {
                    (true, _) => String::new(),
                    (false, false) => {
                        " (4 h of remote hands to rack it, freight and insurance)".into()
                    }
                    (false, true) => {
                        " (4 h de manos remotas para montarlo, transporte y seguro)".into()
                    }
                };
                if es {
                    format!("instalación y envío {n} x {setup}{what}, repartidos en {months} meses")
                } else {
                    format!("setup and shipping {n} x {setup}{what}, spread over {months} months")
                }
            }
            K::Colocation => self.colocation(cur, lang),
            K::Power => self.power(cur, lang),
            K::Operations => {
                let ops = m(self.operations);
                match (self.operations_given, es) {
                    (true, false) => format!("{n} x {ops} a month, as given"),
                    (true, true) => format!("{n} x {ops} al mes, el indicado"),
                    (false, false) => format!("{n} x {ops} a month: a 3-hour remote-hands plan and 8 h of your staff's time"),
                    (false, true) => format!("{n} x {ops} al mes: un plan de 3 h de manos remotas y 8 h de su personal"),
                }
            }
        }
    }

    fn draw(&self, lang: Lang) -> String {
        let (kw, gpus, rest) = (
            number(self.draw_kw, 1, lang),
            number(self.gpus_w, 0, lang),
            number(self.overhead_w, 0, lang),
        );
        match lang {
            Lang::En => format!("{kw} kW at the wall ({gpus} W of GPUs + {rest} W for CPUs, memory, fans, network)"),
            Lang::Es => format!("{kw} kW en el enchufe ({gpus} W de GPU + {rest} W de CPU, memoria, ventiladores, red)"),
        }
    }

    fn colocation(&self, cur: Currency, lang: Lang) -> String {
        let (n, site) = (self.servers, &self.site);
        match (self.per_kw, self.per_unit, self.units) {
            (Some(kw), _, _) => {
                let (kw, draw) = (money(kw, cur, lang), self.draw(lang));
                match lang {
                    Lang::En => format!("{n} x {draw} x {kw} per kW a month ({site})"),
                    Lang::Es => format!("{n} x {draw} x {kw} por kW al mes ({site})"),
                }
            }
            (None, Some(u), Some(units)) => {
                let (u, units) = (money(u, cur, lang), amount(units, lang));
                match lang {
                    Lang::En => format!("{n} x {units} rack units x {u} a month ({site})"),
                    Lang::Es => format!("{n} x {units} unidades de rack x {u} al mes ({site})"),
                }
            }
            _ => match lang {
                Lang::En => format!("no colocation price for this server ({site})"),
                Lang::Es => format!("sin precio de colocación para este servidor ({site})"),
            },
        }
    }

    fn power(&self, cur: Currency, lang: Lang) -> String {
        if self.power_included {
            return match lang {
                Lang::En => format!("included in the colocation price ({})", self.site),
                Lang::Es => format!("incluida en el precio de colocación ({})", self.site),
            };
        }
        let (kwh, price, pue, hours) = (
            number(self.energy_kwh * self.servers as f64, 0, lang),
            money(self.kwh_price, cur, lang),
            amount(self.pue, lang),
            amount(self.hours_per_day, lang),
        );
        let kw = number(self.draw_kw, 1, lang);
        match lang {
            Lang::En => format!(
                "{kwh} kWh a month ({} x {kw} kW x {hours} h a day x PUE {pue}) x {price} per kWh",
                self.servers
            ),
            Lang::Es => format!(
                "{kwh} kWh al mes ({} x {kw} kW x {hours} h al día x PUE {pue}) x {price} por kWh",
                self.servers
            ),
        }
    }
}

/// How buying compares with the recommended rental (the report's `own`), for its sentence.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OwnVerdict {
    /// The bought server's name and the rental's.
    pub own: String,
    pub rental: String,
    pub months: f64,
    /// Cash before the first request: the purchase and its setup.
    pub upfront: f64,
    /// Weeks until the rental's bills pass the purchase and its running costs; `None`: never
    /// (buying's running costs alone reach the rental's).
    pub break_even_weeks: Option<f64>,
    /// Over the horizon: bought (cash out, less its value at the end) and rented.
    pub cumulative_own: f64,
    pub cumulative_rental: f64,
    /// The bought server's value at the end of the horizon.
    pub value_at_end: f64,
    pub currency: Currency,
}

impl OwnVerdict {
    /// "Buying 8x H100 SXM server: EUR 275,259 up front; it pays for itself against Scaleway's
    /// ... in 84 weeks; over 36 months EUR 286,949 (after selling it for EUR 140,054) against
    /// EUR 665,694 rented."
    pub fn sentence(&self, lang: Lang) -> String {
        let m = |x: f64| money(x, self.currency, lang).to_string();
        let (own, rental) = (&self.own, &self.rental);
        let (upfront, months) = (m(self.upfront), amount(self.months, lang));
        let (c_own, c_rent, value) = (
            m(self.cumulative_own),
            m(self.cumulative_rental),
            m(self.value_at_end),
        );
        let weeks = self.break_even_weeks.map(|w| number(w, 0, lang));
        match (lang, weeks) {
            (Lang::En, Some(w)) => format!("Buying {own} takes {upfront} up front and pays for itself against renting {rental} in {w} weeks; over {months} months it costs {c_own} (after selling it for {value}) against {c_rent} rented."),
            (Lang::En, None) => format!("Buying {own} takes {upfront} up front and never pays for itself against renting {rental}: its running costs alone reach the rent; over {months} months it costs {c_own} (after selling it for {value}) against {c_rent} rented."),
            (Lang::Es, Some(w)) => format!("Comprar {own} exige {upfront} por adelantado y se amortiza frente a alquilar {rental} en {w} semanas; en {months} meses cuesta {c_own} (tras venderlo por {value}) frente a {c_rent} de alquiler."),
            (Lang::Es, None) => format!("Comprar {own} exige {upfront} por adelantado y nunca se amortiza frente a alquilar {rental}: sus costes corrientes ya alcanzan el alquiler; en {months} meses cuesta {c_own} (tras venderlo por {value}) frente a {c_rent} de alquiler."),
        }
    }
}

/// Why the verdict stays a rental with owned options compared (the reasons say it).
pub fn compared_not_chosen(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Buying is compared, not recommended: it needs the cash up front, weeks of lead time and your own people at the site, and its figures rest on a resale value and staff time that are assumptions; the verdict stays the rental it would replace.",
        Lang::Es => "La compra se compara, no se recomienda: exige el dinero por adelantado, semanas de plazo y personal propio en el centro de datos, y sus cifras descansan en un valor de reventa y un tiempo de personal que son supuestos; el veredicto sigue siendo el alquiler al que sustituiría.",
    }
}

/// Why a `hardware` or `colocation` row cannot be used.
#[derive(Clone, Debug, PartialEq)]
pub enum OwnFault {
    MissingField {
        field: &'static str,
    },
    /// A figure that must be positive (a price, a count) or not negative (a draw).
    BadFigure {
        field: &'static str,
        value: f64,
    },
    UnknownGpu {
        id: String,
    },
    /// A site with neither `per_kw_month` nor `per_rack_unit_month`.
    NoColocationPrice,
    /// A site that bills power apart without `kwh_price`.
    NoEnergyPrice,
    BadDate {
        date: String,
    },
}

impl OwnFault {
    /// The fault as a clause (lower case, no full stop).
    pub fn clause(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match (self, es) {
            (OwnFault::MissingField { field }, false) => format!("`{field}` is empty"),
            (OwnFault::MissingField { field }, true) => format!("`{field}` está vacío"),
            (OwnFault::BadFigure { field, value }, false) => {
                format!("`{field}` must be a positive figure, not {value}")
            }
            (OwnFault::BadFigure { field, value }, true) => {
                format!("`{field}` debe ser una cifra positiva, no {value}")
            }
            (OwnFault::UnknownGpu { id }, false) => {
                format!("`gpu_id` \"{id}\" is not a GPU of the catalogue")
            }
            (OwnFault::UnknownGpu { id }, true) => {
                format!("`gpu_id` \"{id}\" no es una GPU del catálogo")
            }
            (OwnFault::NoColocationPrice, false) => {
                "a site needs `per_kw_month` or `per_rack_unit_month`".into()
            }
            (OwnFault::NoColocationPrice, true) => {
                "un centro necesita `per_kw_month` o `per_rack_unit_month`".into()
            }
            (OwnFault::NoEnergyPrice, false) => {
                "a site whose price excludes power needs `kwh_price`".into()
            }
            (OwnFault::NoEnergyPrice, true) => {
                "un centro cuyo precio no incluye la energía necesita `kwh_price`".into()
            }
            (OwnFault::BadDate { date }, false) => {
                format!("`as_of` \"{date}\" is not a date (YYYY-MM-DD, YYYY-MM or YYYY)")
            }
            (OwnFault::BadDate { date }, true) => {
                format!("`as_of` \"{date}\" no es una fecha (AAAA-MM-DD, AAAA-MM o AAAA)")
            }
        }
    }
}
