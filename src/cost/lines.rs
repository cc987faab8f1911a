//! The cost lines of an option, each with its basis in figures and in words (English, Spanish).

use super::words::show::{amount, money, number, percent};
use super::{Exclusion, Shortfall};
use crate::scenario::Lang;
use crate::units::{Currency, PerMonth};

/// Which cost a line is. The ids are the report's `CostLine.key`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKey {
    /// The compute bill for the share of paid capacity the load uses.
    Compute,
    /// The compute bill for capacity paid while idle (peak headroom, warm-up, quiet hours).
    Idle,
    /// Extra spot capacity against interruptions.
    SpotAllowance,
    /// Setup fee spread over the horizon.
    Setup,
    /// Months of a minimum term beyond the horizon, spread over it.
    MinTerm,
    Egress,
    Storage,
    Monitoring,
    /// Power paid by the user (own or colocated hardware with `kwh_price`).
    Energy,
}

impl LineKey {
    pub fn id(self) -> &'static str {
        match self {
            LineKey::Compute => "compute",
            LineKey::Idle => "idle",
            LineKey::SpotAllowance => "spot_allowance",
            LineKey::Setup => "setup",
            LineKey::MinTerm => "min_term",
            LineKey::Egress => "egress",
            LineKey::Storage => "storage",
            LineKey::Monitoring => "monitoring",
            LineKey::Energy => "energy",
        }
    }
}

/// The figures behind a line.
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
}

/// One cost line of an option, in the display currency.
#[derive(Clone, Debug, PartialEq)]
pub struct CostItem {
    pub key: LineKey,
    pub monthly: PerMonth,
    /// Rests on a default the user did not set.
    pub assumed: bool,
    pub basis: Basis,
}

impl CostItem {
    /// The line's basis as a sentence.
    pub fn sentence(&self, lang: Lang) -> String {
        self.basis.sentence(self.monthly.currency(), lang)
    }
}

impl Basis {
    pub fn sentence(&self, cur: Currency, lang: Lang) -> String {
        let es = lang == Lang::Es;
        let m = |x: f64| money(x, cur, lang);
        match *self {
            Basis::Compute {
                servers,
                rate,
                per_month,
                hours,
                busy,
            } => {
                if per_month {
                    if es {
                        format!(
                            "{servers} x {} al mes; {} de la capacidad en uso",
                            m(rate),
                            percent(busy, lang)
                        )
                    } else {
                        format!(
                            "{servers} x {} a month; {} of the capacity in use",
                            m(rate),
                            percent(busy, lang)
                        )
                    }
                } else if es {
                    format!(
                        "{servers} x {} por hora x {} h al mes; {} de la capacidad en uso",
                        m(rate),
                        number(hours, 0, lang),
                        percent(busy, lang)
                    )
                } else {
                    format!(
                        "{servers} x {} an hour x {} h a month; {} of the capacity in use",
                        m(rate),
                        number(hours, 0, lang),
                        percent(busy, lang)
                    )
                }
            }
            Basis::Idle {
                share,
                peak_factor,
                warm_up_hours_per_day,
                hours_per_day,
            } => {
                let warm = if warm_up_hours_per_day > 0.0 {
                    if es {
                        format!(
                            ", {} h de arranque al día",
                            amount(warm_up_hours_per_day, lang)
                        )
                    } else {
                        format!(", {} h warm-up a day", amount(warm_up_hours_per_day, lang))
                    }
                } else {
                    String::new()
                };
                if es {
                    format!(
                        "{} de la capacidad pagada sin uso: margen para el pico (x{}), {} h de servicio al día{warm}",
                        percent(share, lang),
                        amount(peak_factor, lang),
                        amount(hours_per_day, lang)
                    )
                } else {
                    format!(
                        "{} of the paid capacity unused: headroom for the peak (x{}), {} h of service a day{warm}",
                        percent(share, lang),
                        amount(peak_factor, lang),
                        amount(hours_per_day, lang)
                    )
                }
            }
            Basis::SpotAllowance { share } => {
                if es {
                    format!(
                        "{} más de capacidad spot para cubrir interrupciones",
                        percent(share, lang)
                    )
                } else {
                    format!(
                        "{} extra spot capacity to ride out interruptions",
                        percent(share, lang)
                    )
                }
            }
            Basis::Setup {
                fee,
                servers,
                months,
            } => {
                if es {
                    format!(
                        "alta de {servers} x {} repartida en {} meses",
                        m(fee),
                        amount(months, lang)
                    )
                } else {
                    format!(
                        "setup fee {servers} x {} spread over {} months",
                        m(fee),
                        amount(months, lang)
                    )
                }
            }
            Basis::MinTerm { min_months, months } => {
                if es {
                    format!(
                        "permanencia mínima de {} meses, más que el horizonte de {} meses",
                        amount(min_months, lang),
                        amount(months, lang)
                    )
                } else {
                    format!(
                        "minimum term of {} months, longer than the {}-month horizon",
                        amount(min_months, lang),
                        amount(months, lang)
                    )
                }
            }
            Basis::Egress {
                gb,
                included_gb,
                price_per_gb,
                unmetered,
                derived,
            } => {
                let how = match (derived, es) {
                    (Some((b, o)), false) => format!(
                        " (requests x output tokens x {} bytes x {} for JSON/HTTP)",
                        amount(b, lang),
                        amount(o, lang)
                    ),
                    (Some((b, o)), true) => format!(
                        " (peticiones x tokens de salida x {} bytes x {} por JSON/HTTP)",
                        amount(b, lang),
                        amount(o, lang)
                    ),
                    (None, _) => String::new(),
                };
                if unmetered {
                    if es {
                        format!("{} GB al mes{how}; tráfico sin medir", amount(gb, lang))
                    } else {
                        format!("{} GB a month{how}; unmetered", amount(gb, lang))
                    }
                } else if es {
                    format!(
                        "{} GB al mes{how}, {} GB incluidos, {} por GB",
                        amount(gb, lang),
                        amount(included_gb, lang),
                        m(price_per_gb)
                    )
                } else {
                    format!(
                        "{} GB a month{how}, {} GB included, {} per GB",
                        amount(gb, lang),
                        amount(included_gb, lang),
                        m(price_per_gb)
                    )
                }
            }
            Basis::Storage {
                gb,
                versions,
                price_per_gb_month,
                local_gb,
            } => {
                let (g, v) = (amount(gb, lang), amount(versions, lang));
                if local_gb >= gb {
                    if es {
                        format!("{g} GB ({v} versiones de los pesos) en los discos locales, incluidos en la cuota")
                    } else {
                        format!("{g} GB ({v} versions of the weights) on the local disks, included in the fee")
                    }
                } else if local_gb > 0.0 {
                    let l = amount(local_gb, lang);
                    if es {
                        format!(
                            "{g} GB ({v} versiones de los pesos): {l} GB en los discos locales por servidor, el resto a {} por GB y mes",
                            m(price_per_gb_month)
                        )
                    } else {
                        format!(
                            "{g} GB ({v} versions of the weights): {l} GB on the local disks per server, the rest at {} per GB-month",
                            m(price_per_gb_month)
                        )
                    }
                } else if es {
                    format!(
                        "{g} GB ({v} versiones de los pesos) a {} por GB y mes",
                        m(price_per_gb_month)
                    )
                } else {
                    format!(
                        "{g} GB ({v} versions of the weights) at {} per GB-month",
                        m(price_per_gb_month)
                    )
                }
            }
            Basis::Monitoring {
                per_server,
                servers,
                given,
                included,
            } => match (given, included, es) {
                (true, _, false) => "as given".to_string(),
                (true, _, true) => "según lo indicado".to_string(),
                (false, true, false) => {
                    "self-hosted on the server, included in the fee".to_string()
                }
                (false, true, true) => {
                    "autoalojada en el servidor, incluida en la cuota".to_string()
                }
                (false, false, false) => format!(
                    "{servers} x {} a month per instance (metrics, logs, alerts)",
                    m(per_server)
                ),
                (false, false, true) => {
                    format!(
                        "{servers} x {} al mes por instancia (métricas, registros, alertas)",
                        m(per_server)
                    )
                }
            },
            Basis::Energy {
                kwh,
                price_per_kwh,
                pue,
            } => {
                if es {
                    format!(
                        "{} kWh al mes (PUE {}) a {} por kWh",
                        number(kwh, 0, lang),
                        amount(pue, lang),
                        m(price_per_kwh)
                    )
                } else {
                    format!(
                        "{} kWh a month (PUE {}) at {} per kWh",
                        number(kwh, 0, lang),
                        amount(pue, lang),
                        m(price_per_kwh)
                    )
                }
            }
        }
    }
}

impl Shortfall {
    /// Why the option does not serve the workload, as a sentence.
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match self {
            Shortfall::DoesNotFit(Some(why)) => why.clone(),
            Shortfall::DoesNotFit(None) => if es {
                "no cabe en memoria"
            } else {
                "does not fit in memory"
            }
            .to_string(),
            Shortfall::TooSlow {
                tokens_per_s,
                target,
            } => {
                if es {
                    format!(
                        "demasiado lento: {} tokens/s por usuario, el objetivo es {}",
                        amount(*tokens_per_s, lang),
                        amount(*target, lang)
                    )
                } else {
                    format!(
                        "too slow: {} tokens/s per user against a target of {}",
                        amount(*tokens_per_s, lang),
                        amount(*target, lang)
                    )
                }
            }
            Shortfall::TooLateFirstToken {
                p95_ms,
                target_ms,
                spread,
            } => {
                if es {
                    format!(
                        "primer token demasiado lento: P95 {} ms (media x {}), el objetivo es {} ms",
                        number(*p95_ms, 0, lang),
                        amount(*spread, lang),
                        number(*target_ms, 0, lang)
                    )
                } else {
                    format!(
                        "first token too late: P95 {} ms (mean x {}) against a target of {} ms",
                        number(*p95_ms, 0, lang),
                        amount(*spread, lang),
                        number(*target_ms, 0, lang)
                    )
                }
            }
            Shortfall::NoThroughput => {
                if es {
                    "sin estimación de rendimiento para esta carga".to_string()
                } else {
                    "no throughput estimate for this load".to_string()
                }
            }
            Shortfall::TooManyServers { needed, max } => {
                if es {
                    format!(
                        "necesitaría {} servidores, más del máximo de {max}",
                        number(*needed, 0, lang)
                    )
                } else {
                    format!(
                        "would need {} servers, more than the limit of {max}",
                        number(*needed, 0, lang)
                    )
                }
            }
            Shortfall::EpochTooLong { hours, available } => {
                if es {
                    format!(
                        "una época tarda {} horas, más que las {} horas de entrenamiento al mes",
                        number(*hours, 0, lang),
                        number(*available, 0, lang)
                    )
                } else {
                    format!(
                        "one epoch takes {} hours, more than the {} hours of training a month",
                        number(*hours, 0, lang),
                        number(*available, 0, lang)
                    )
                }
            }
            Shortfall::NoTrainingSpeed => {
                if es {
                    "sin cifra de FLOP/s para estimar el entrenamiento".to_string()
                } else {
                    "no FLOP/s figure to estimate training time".to_string()
                }
            }
        }
    }
}

impl Exclusion {
    /// Which of the user's constraints rules the option out, as a sentence.
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match self {
            Exclusion::NotEuJurisdiction { jurisdiction } => {
                let j = super::words::jurisdiction(jurisdiction, lang);
                if es {
                    format!("{j}, se exige la UE")
                } else {
                    format!("{j}, EU required")
                }
            }
            Exclusion::NotSingleTenant => {
                if es {
                    "hardware compartido, se exige uso exclusivo".to_string()
                } else {
                    "shared hardware, single tenancy required".to_string()
                }
            }
            Exclusion::GpuNotAllowed { gpu } => {
                if es {
                    format!("GPU {gpu} no permitida")
                } else {
                    format!("GPU {gpu} not allowed")
                }
            }
            Exclusion::KindNotAllowed { kind } => {
                if es {
                    format!("tipo de oferta {} no permitido", kind.id())
                } else {
                    format!("offer kind {} not allowed", kind.id())
                }
            }
        }
    }
}
