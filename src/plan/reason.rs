//! Reasons and differences with their figures, written in English or Spanish.

use crate::cost::words::show::{amount, money, number, percent};
use crate::cost::Deployment;
use crate::scenario::Lang;
use crate::units::Currency;

/// One reason for the recommendation, with the figures it quotes.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// The cheapest of `candidates` usable options.
    Cheapest {
        provider: String,
        name: String,
        monthly: f64,
        total: f64,
        months: f64,
        currency: Currency,
        candidates: usize,
    },
    /// Around the clock: the chosen option is busy `utilisation` of its paid capacity;
    /// `fixed_chosen`: it is a fixed monthly fee (or committed term).
    SteadyLoad {
        utilisation: f64,
        fixed_chosen: bool,
    },
    /// A few hours a day: hourly billing pays `hourly_billed_hours` a month (when an hourly
    /// option qualifies); `fixed_chosen`: a fixed fee wins all the same.
    BurstyLoad {
        hours_per_day: f64,
        hourly_billed_hours: Option<f64>,
        fixed_chosen: bool,
    },
    /// The chosen option is spot capacity, costed with an interruption allowance (fraction).
    SpotInterruptions { allowance: f64 },
    /// A fixed-fee option's utilisation against its break-even utilisation (below it hourly cloud
    /// wins); `fixed_chosen` says whether that option is the one recommended.
    UtilisationVsBreakEven {
        fixed_provider: String,
        fixed_chosen: bool,
        utilisation: f64,
        break_even: f64,
    },
    /// Weeks for the setup fee to be recovered by the savings against the cheapest cloud option.
    BreakEvenWeeks {
        weeks: f64,
        setup_fee: f64,
        cloud_provider: String,
        cloud_monthly: f64,
        currency: Currency,
    },
    /// Cheaper than the cheapest usable cloud option by `saving` (fraction).
    CheaperThanCloud {
        saving: f64,
        cloud_provider: String,
        cloud_monthly: f64,
        currency: Currency,
    },
    /// The chosen option is virtualised and loses `tax` of its throughput.
    HypervisorOverhead {
        virtualization: String,
        tax: f64,
        replicas: u32,
    },
    /// The chosen option is bare metal; the cheapest cloud option loses `cloud_tax`.
    NoHypervisor { cloud_tax: f64 },
    /// The P95 time to first token meets the target.
    LatencyMet {
        p95_ms: f64,
        target_ms: f64,
        mean_ms: f64,
        spread: f64,
    },
    /// The latency target rules out `count` options that would otherwise serve, `shared_hosts`
    /// of them VPS on shared vCPUs.
    LatencyRulesOut {
        target_ms: f64,
        count: usize,
        shared_hosts: usize,
    },
    /// A CPU server is enough for this model.
    CpuIsEnough {
        gpu_monthly: Option<f64>,
        dedicated_cores: bool,
        currency: Currency,
    },
    /// Fine-tuning: one epoch of `tokens`.
    FineTuneEpoch {
        tokens: f64,
        hours: f64,
        cost: f64,
        currency: Currency,
    },
    /// EU jurisdiction required; the data sits in `region`.
    EuJurisdiction { region: String },
    /// Single-tenant hardware required.
    SingleTenant,
    /// The decision matrix of shared/background.md favours bare metal for this case, but a
    /// virtualised option is cheaper; `bare_metal_extra` is what the cheapest usable bare-metal
    /// option costs more (fraction), when there is one.
    MatrixPrefersBareMetal {
        case: MatrixCase,
        bare_metal_extra: Option<f64>,
    },
}

/// A row of the decision matrix where bare metal is the base recommendation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatrixCase {
    /// A P95 target in strict milliseconds (at most [`super::STRICT_P95_MS`]).
    StrictLatency,
    /// Fine-tuning: time-to-result favours bare metal.
    FineTuning,
}

impl Reason {
    /// The reason as a plain sentence quoting its figures.
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        let pct = |x: f64| percent(x, lang);
        match self {
            Reason::Cheapest {
                provider,
                name,
                monthly,
                total,
                months,
                currency,
                candidates,
            } => {
                let (m, t) = (
                    money(*monthly, *currency, lang),
                    money(*total, *currency, lang),
                );
                if es {
                    format!(
                        "{provider} {name} es la opción más barata de {candidates} que cumplen los requisitos: {m} al mes, {t} en {} meses.",
                        amount(*months, lang)
                    )
                } else {
                    format!(
                        "{provider} {name} is the cheapest of {candidates} options that meet the requirements: {m} a month, {t} over {} months.",
                        amount(*months, lang)
                    )
                }
            }
            Reason::SteadyLoad {
                utilisation,
                fixed_chosen,
            } => {
                let u = pct(*utilisation);
                match (*fixed_chosen, es) {
                    (true, false) => format!(
                        "The service runs 24 hours a day: a steady load, which favours a fixed monthly fee over hourly billing ({u} of the paid capacity in use)."
                    ),
                    (true, true) => format!(
                        "El servicio funciona las 24 horas: una carga continua, que favorece una cuota mensual fija frente al pago por horas (capacidad pagada en uso: {u})."
                    ),
                    (false, false) => format!(
                        "The service runs 24 hours a day: a steady load, billed here for all 730 hours a month ({u} of the paid capacity in use); no fixed-fee option that qualifies costs less."
                    ),
                    (false, true) => format!(
                        "El servicio funciona las 24 horas: una carga continua, que aquí se paga las 730 horas del mes (capacidad pagada en uso: {u}); ninguna opción de cuota fija que cumpla cuesta menos."
                    ),
                }
            }
            Reason::BurstyLoad {
                hours_per_day,
                hourly_billed_hours,
                fixed_chosen,
            } => {
                let h = amount(*hours_per_day, lang);
                match (*fixed_chosen, hourly_billed_hours, es) {
                    (false, Some(b), false) => format!(
                        "The service runs {h} hours a day: a bursty load; billed by the hour it pays about {} hours a month instead of 730.",
                        number(*b, 0, lang)
                    ),
                    (false, Some(b), true) => format!(
                        "El servicio funciona {h} horas al día: una carga intermitente; por horas se pagan unas {} horas al mes en lugar de 730.",
                        number(*b, 0, lang)
                    ),
                    (true, Some(b), false) => format!(
                        "The service runs {h} hours a day: a bursty load, yet the fixed monthly fee costs less than paying by the hour (about {} hours a month).",
                        number(*b, 0, lang)
                    ),
                    (true, Some(b), true) => format!(
                        "El servicio funciona {h} horas al día: una carga intermitente, pero la cuota mensual fija cuesta menos que pagar por horas (unas {} horas al mes).",
                        number(*b, 0, lang)
                    ),
                    (_, None, false) => format!(
                        "The service runs {h} hours a day: a bursty load, and no option billed by the hour qualifies."
                    ),
                    (_, None, true) => format!(
                        "El servicio funciona {h} horas al día: una carga intermitente, y ninguna opción por horas cumple los requisitos."
                    ),
                }
            }
            Reason::SpotInterruptions { allowance } => {
                if es {
                    format!(
                        "La capacidad spot puede retirarse con poco aviso: el coste incluye un {} más para cubrir interrupciones; para un servicio que no puede pararse, compare con las alternativas.",
                        pct(*allowance)
                    )
                } else {
                    format!(
                        "Spot capacity can be reclaimed at short notice: the cost includes {} extra for interruptions; for a service that must not stop, compare the runner-ups.",
                        pct(*allowance)
                    )
                }
            }
            Reason::UtilisationVsBreakEven {
                fixed_provider,
                fixed_chosen,
                utilisation,
                break_even,
            } => {
                let (u, b) = (pct(*utilisation), pct(*break_even));
                if *break_even >= 1.0 {
                    return match (*fixed_chosen, es) {
                        (false, false) => format!(
                            "The cheapest fixed-fee option, {fixed_provider}, would cost more than hourly cloud even if fully used: paying by the hour is cheaper."
                        ),
                        (false, true) => format!(
                            "La opción de cuota fija más barata, {fixed_provider}, costaría más que la nube por horas incluso a pleno uso: pagar por horas es más barato."
                        ),
                        (true, false) => format!(
                            "Hourly cloud would cost less for the same capacity fully used, but the capacity this load needs and cloud's hidden costs make it dearer here (utilisation {u})."
                        ),
                        (true, true) => format!(
                            "La nube por horas costaría menos por la misma capacidad a pleno uso, pero la capacidad que pide esta carga y sus costes ocultos la encarecen aquí (utilización {u})."
                        ),
                    };
                }
                match (*fixed_chosen, utilisation >= break_even, es) {
                    (true, true, false) => format!(
                        "Utilisation of {u} is above the break-even utilisation of {b}: below it, hourly cloud paid only for the capacity used would be cheaper."
                    ),
                    (true, true, true) => format!(
                        "La utilización del {u} supera la utilización de equilibrio del {b}: por debajo, la nube por horas pagando solo la capacidad usada sería más barata."
                    ),
                    (true, false, false) => format!(
                        "Utilisation of {u} is below the break-even utilisation of {b}, yet no usable hourly cloud option costs less for this workload."
                    ),
                    (true, false, true) => format!(
                        "La utilización del {u} queda por debajo de la de equilibrio del {b}, pero ninguna opción de nube por horas utilizable cuesta menos para esta carga."
                    ),
                    (false, false, false) => format!(
                        "The cheapest fixed-fee option, {fixed_provider}, would be busy {u} of its paid capacity, below its break-even utilisation of {b}: paying by the hour for the hours used is cheaper."
                    ),
                    (false, false, true) => format!(
                        "La opción de cuota fija más barata, {fixed_provider}, estaría ocupada el {u} de su capacidad pagada, por debajo de su utilización de equilibrio del {b}: pagar por horas las horas usadas es más barato."
                    ),
                    (false, true, false) => format!(
                        "The cheapest fixed-fee option, {fixed_provider}, would be busy {u} of its paid capacity, above its break-even utilisation of {b}, but it costs more in total for this workload."
                    ),
                    (false, true, true) => format!(
                        "La opción de cuota fija más barata, {fixed_provider}, estaría ocupada el {u} de su capacidad pagada, por encima de su utilización de equilibrio del {b}, pero cuesta más en total para esta carga."
                    ),
                }
            }
            Reason::BreakEvenWeeks {
                weeks,
                setup_fee,
                cloud_provider,
                cloud_monthly,
                currency,
            } => {
                let (f, c) = (
                    money(*setup_fee, *currency, lang),
                    money(*cloud_monthly, *currency, lang),
                );
                if *setup_fee <= 0.0 {
                    if es {
                        format!("Sin cuota de alta: ahorra desde la primera semana frente a la nube más barata ({cloud_provider}, {c} al mes).")
                    } else {
                        format!("No setup fee: it saves from the first week against the cheapest cloud option ({cloud_provider}, {c} a month).")
                    }
                } else if es {
                    format!(
                        "La cuota de alta de {f} se recupera en {} semanas con el ahorro mensual frente a la nube más barata ({cloud_provider}, {c} al mes).",
                        number(*weeks, 1, lang)
                    )
                } else {
                    format!(
                        "The setup fee of {f} is recovered in {} weeks by the monthly savings against the cheapest cloud option ({cloud_provider}, {c} a month).",
                        number(*weeks, 1, lang)
                    )
                }
            }
            Reason::CheaperThanCloud {
                saving,
                cloud_provider,
                cloud_monthly,
                currency,
            } => {
                let c = money(*cloud_monthly, *currency, lang);
                if es {
                    format!("Cuesta un {} menos que la opción de nube más barata que cumple ({cloud_provider}, {c} al mes).", pct(*saving))
                } else {
                    format!("It costs {} less than the cheapest cloud option that qualifies ({cloud_provider}, {c} a month).", pct(*saving))
                }
            }
            Reason::HypervisorOverhead {
                virtualization,
                tax,
                replicas,
            } => {
                let t = pct(*tax);
                let virtualization = crate::cost::words::virtualization(virtualization, lang);
                match (*replicas, es) {
                    (1, false) => format!("Virtualisation ({virtualization}) costs about {t} of the throughput; the figures already include it (1 replica)."),
                    (n, false) => format!("Virtualisation ({virtualization}) costs about {t} of the throughput; the figures already include it ({n} replicas)."),
                    (1, true) => format!("La virtualización ({virtualization}) resta en torno al {t} del rendimiento; ya está incluido en el cálculo (1 réplica)."),
                    (n, true) => format!("La virtualización ({virtualization}) resta en torno al {t} del rendimiento; ya está incluido en el cálculo ({n} réplicas)."),
                }
            }
            Reason::NoHypervisor { cloud_tax } => {
                if es {
                    format!("Bare metal no tiene hipervisor: la nube más barata pierde en torno al {} del rendimiento por la virtualización.", pct(*cloud_tax))
                } else {
                    format!("Bare metal has no hypervisor: the cheapest cloud option loses about {} of its throughput to virtualisation.", pct(*cloud_tax))
                }
            }
            Reason::LatencyMet {
                p95_ms,
                target_ms,
                mean_ms,
                spread,
            } => {
                if es {
                    format!(
                        "El tiempo hasta el primer token en P95 es de {} ms (media {} ms x {}), dentro del objetivo de {} ms.",
                        number(*p95_ms, 0, lang),
                        number(*mean_ms, 0, lang),
                        amount(*spread, lang),
                        number(*target_ms, 0, lang)
                    )
                } else {
                    format!(
                        "P95 time to first token is {} ms (mean {} ms x {}), within the {} ms target.",
                        number(*p95_ms, 0, lang),
                        number(*mean_ms, 0, lang),
                        amount(*spread, lang),
                        number(*target_ms, 0, lang)
                    )
                }
            }
            Reason::LatencyRulesOut {
                target_ms,
                count,
                shared_hosts,
            } => {
                let t = number(*target_ms, 0, lang);
                let shared = match (*shared_hosts, es) {
                    (0, _) => String::new(),
                    (n, false) => format!(
                        " ({n} of them on shared vCPUs, whose response time spreads with the host's load)"
                    ),
                    (n, true) => format!(
                        " ({n} en vCPU compartidas, cuyo tiempo de respuesta varía con la carga del host)"
                    ),
                };
                match (*count, es) {
                    (1, false) => {
                        format!("The latency target (P95 of {t} ms) rules out 1 option{shared}.")
                    }
                    (n, false) => {
                        format!("The latency target (P95 of {t} ms) rules out {n} options{shared}.")
                    }
                    (1, true) => format!(
                        "El objetivo de latencia (P95 de {t} ms) descarta 1 opción{shared}."
                    ),
                    (n, true) => format!(
                        "El objetivo de latencia (P95 de {t} ms) descarta {n} opciones{shared}."
                    ),
                }
            }
            Reason::CpuIsEnough {
                gpu_monthly,
                dedicated_cores,
                currency,
            } => {
                let gpu = gpu_monthly.map(|g| money(g, *currency, lang));
                let cores = match (dedicated_cores, es) {
                    (true, false) => " Dedicated cores keep the whole L3 cache and memory bandwidth.",
                    (true, true) => " Los núcleos dedicados conservan toda la caché L3 y el ancho de banda de memoria.",
                    (false, false) => " A VPS suits up to about 100,000 requests a day.",
                    (false, true) => " Un VPS sirve hasta unas 100.000 peticiones al día.",
                };
                match (gpu, es) {
                    (Some(g), false) => format!("A small model: a CPU server is enough, cheaper than the cheapest GPU option ({g} a month).{cores}"),
                    (Some(g), true) => format!("Un modelo pequeño: basta un servidor de CPU, más barato que la opción con GPU más barata ({g} al mes).{cores}"),
                    (None, false) => format!("A small model: a CPU server is enough.{cores}"),
                    (None, true) => format!("Un modelo pequeño: basta un servidor de CPU.{cores}"),
                }
            }
            Reason::FineTuneEpoch {
                tokens,
                hours,
                cost,
                currency,
            } => {
                let c = money(*cost, *currency, lang);
                let t = amount(tokens / 1e6, lang);
                // Under an hour, in minutes.
                let (en_time, es_time) = if *hours < 1.0 {
                    let m = number(hours * 60.0, 0, lang);
                    (format!("{m} minutes"), format!("unos {m} minutos"))
                } else {
                    let h = number(*hours, 1, lang);
                    (format!("{h} hours"), format!("unas {h} horas"))
                };
                if es {
                    format!("Ajuste fino: una época de {t} millones de tokens tarda {es_time} y cuesta {c} a la tarifa por hora de esta opción.")
                } else {
                    format!("Fine-tuning: one epoch of {t} million tokens takes about {en_time} and costs {c} at this option's hourly rate.")
                }
            }
            Reason::EuJurisdiction { region } => {
                if es {
                    format!(
                        "Se exige jurisdicción de la UE: solo se consideran proveedores sujetos al derecho europeo (la región UE de un proveedor estadounidense sigue expuesta a la CLOUD Act); región de los datos: {region}."
                    )
                } else {
                    format!(
                        "EU jurisdiction required: only providers under EU law are considered (a US provider's EU region stays exposed to the CLOUD Act); data region: {region}."
                    )
                }
            }
            Reason::MatrixPrefersBareMetal {
                case,
                bare_metal_extra,
            } => {
                let why = match (case, es) {
                    (MatrixCase::StrictLatency, false) => "For a strict P95 latency target the usual choice is bare metal, whose tail latency stays close to the mean",
                    (MatrixCase::StrictLatency, true) => "Con un objetivo estricto de latencia P95 lo habitual es bare metal, cuya latencia de cola se mantiene cerca de la media",
                    (MatrixCase::FineTuning, false) => "For fine-tuning the usual choice is bare metal (full NVLink, no hypervisor, a shorter time to result)",
                    (MatrixCase::FineTuning, true) => "Para el ajuste fino lo habitual es bare metal (NVLink completo, sin hipervisor, menos tiempo hasta el resultado)",
                };
                match (bare_metal_extra, es) {
                    (Some(x), false) => format!(
                        "{why}; the cheapest bare-metal option that qualifies costs {} more.",
                        pct(*x)
                    ),
                    (Some(x), true) => format!(
                        "{why}; la opción bare metal más barata que cumple cuesta un {} más.",
                        pct(*x)
                    ),
                    (None, false) => format!("{why}; no bare-metal option qualifies here."),
                    (None, true) => {
                        format!("{why}; aquí ninguna opción bare metal cumple los requisitos.")
                    }
                }
            }
            Reason::SingleTenant => {
                if es {
                    "Datos regulados: solo hardware de uso exclusivo, que simplifica las auditorías.".to_string()
                } else {
                    "Regulated data: single-tenant hardware only, which keeps audits simple."
                        .to_string()
                }
            }
        }
    }
}

/// How a runner-up differs from the recommendation.
#[derive(Clone, Debug, PartialEq)]
pub enum Difference {
    /// Monthly cost change, fraction (+0.12 = 12% more).
    Cost {
        change: f64,
    },
    Hosting {
        deployment: Deployment,
        virtualization: String,
        tax: f64,
    },
    Jurisdiction {
        jurisdiction: String,
    },
    Hardware {
        gpu_id: Option<String>,
        /// The GPU's catalogue name, written instead of the id when known.
        gpu_name: Option<String>,
        gpu_count: u32,
        servers: u32,
    },
    Provider {
        provider: String,
    },
    Latency {
        p95_ms: f64,
    },
}

impl Difference {
    /// A short phrase: `+12% cost`, `US jurisdiction`, `cloud (virtual machine, -10% throughput)`.
    pub fn words(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match self {
            Difference::Cost { change } => {
                let sign = if *change >= 0.0 { "+" } else { "-" };
                let p = percent(change.abs(), lang);
                if es {
                    format!("{sign}{p} de coste")
                } else {
                    format!("{sign}{p} cost")
                }
            }
            Difference::Hosting {
                deployment,
                virtualization,
                tax,
            } => {
                let d = match (deployment, es) {
                    (Deployment::BareMetal, _) => "bare metal",
                    (Deployment::Cloud, false) => "cloud",
                    (Deployment::Cloud, true) => "nube",
                    (Deployment::Cpu, _) => "CPU",
                };
                if virtualization == "bare_metal" {
                    match (deployment, es) {
                        (Deployment::BareMetal, _) => d.to_string(),
                        _ => format!("{d} (bare metal)"),
                    }
                } else if *tax > 0.0 {
                    let virtualization = crate::cost::words::virtualization(virtualization, lang);
                    if es {
                        format!(
                            "{d} ({virtualization}, -{} de rendimiento)",
                            percent(*tax, lang)
                        )
                    } else {
                        format!(
                            "{d} ({virtualization}, -{} throughput)",
                            percent(*tax, lang)
                        )
                    }
                } else {
                    let virtualization = crate::cost::words::virtualization(virtualization, lang);
                    format!("{d} ({virtualization})")
                }
            }
            Difference::Jurisdiction { jurisdiction } => {
                crate::cost::words::jurisdiction(jurisdiction, lang)
            }
            Difference::Hardware {
                gpu_id,
                gpu_name,
                gpu_count,
                servers,
            } => {
                let servers_word = match (servers, es) {
                    (1, false) => "1 server".to_string(),
                    (1, true) => "1 servidor".to_string(),
                    (n, false) => format!("{n} servers"),
                    (n, true) => format!("{n} servidores"),
                };
                match gpu_name.as_ref().or(gpu_id.as_ref()) {
                    Some(g) => format!("{gpu_count}x {g}, {servers_word}"),
                    None if es => format!("solo CPU, {servers_word}"),
                    None => format!("CPU only, {servers_word}"),
                }
            }
            Difference::Provider { provider } => provider.clone(),
            Difference::Latency { p95_ms } => format!("P95 {} ms", number(*p95_ms, 0, lang)),
        }
    }
}
