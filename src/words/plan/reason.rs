//! The sentence of each [`super::Reason`], by topic: price and break-even, the load and how it
//! is billed, hosting and latency, the user's rules.

use crate::format::show::{amount, money, number, percent};
use crate::lang::Lang;
use crate::units::Currency;

use super::super::cost::virtualization;
use super::MatrixCase;

// Price and break-even.

/// `option`: provider and name; `[monthly, total]` in `currency`.
pub(super) fn cheapest(
    (provider, name): (&str, &str),
    [monthly, total]: [f64; 2],
    months: f64,
    currency: Currency,
    candidates: usize,
    lang: Lang,
) -> String {
    let (m, t) = (money(monthly, currency, lang), money(total, currency, lang));
    let months = amount(months, lang);
    match (lang, candidates) {
        (Lang::Es, 1) => format!(
            "{provider} {name} es la única opción que cumple los requisitos: {m} al mes, {t} en {months} meses."
        ),
        (Lang::En, 1) => format!(
            "{provider} {name} is the only option that meets the requirements: {m} a month, {t} over {months} months."
        ),
        (Lang::Es, _) => format!(
            "{provider} {name} es la opción más barata de {candidates} que cumplen los requisitos: {m} al mes, {t} en {months} meses."
        ),
        (Lang::En, _) => format!(
            "{provider} {name} is the cheapest of {candidates} options that meet the requirements: {m} a month, {t} over {months} months."
        ),
    }
}

pub(super) fn utilisation_vs_break_even(
    fixed_provider: &str,
    fixed_chosen: bool,
    utilisation: f64,
    break_even: f64,
    lang: Lang,
) -> String {
    let es = lang == Lang::Es;
    let (u, b) = (percent(utilisation, lang), percent(break_even, lang));
    if break_even >= 1.0 {
        return match (fixed_chosen, es) {
            (false, false) => format!(
                "The cheapest fixed-fee server, {fixed_provider}, would cost more than hourly cloud even if fully used: paying by the hour is cheaper."
            ),
            (false, true) => format!(
                "El servidor de cuota fija más barato, {fixed_provider}, costaría más que la nube por horas incluso a pleno uso: pagar por horas es más barato."
            ),
            (true, false) => format!(
                "Hourly cloud would cost less for the same capacity fully used, but the capacity this load needs and cloud's hidden costs make it dearer here (utilisation {u})."
            ),
            (true, true) => format!(
                "La nube por horas costaría menos por la misma capacidad a pleno uso, pero la capacidad que pide esta carga y sus costes ocultos la encarecen aquí (utilización {u})."
            ),
        };
    }
    match (fixed_chosen, utilisation >= break_even, es) {
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
            "The cheapest fixed-fee server, {fixed_provider}, would be busy {u} of its paid capacity, below its break-even utilisation of {b}: paying by the hour for the hours used is cheaper."
        ),
        (false, false, true) => format!(
            "El servidor de cuota fija más barato, {fixed_provider}, estaría ocupado el {u} de su capacidad pagada, por debajo de su utilización de equilibrio del {b}: pagar por horas las horas usadas es más barato."
        ),
        (false, true, false) => format!(
            "The cheapest fixed-fee server, {fixed_provider}, would be busy {u} of its paid capacity, above its break-even utilisation of {b}, but it costs more in total for this workload."
        ),
        (false, true, true) => format!(
            "El servidor de cuota fija más barato, {fixed_provider}, estaría ocupado el {u} de su capacidad pagada, por encima de su utilización de equilibrio del {b}, pero cuesta más en total para esta carga."
        ),
    }
}

/// `cloud`: the cheapest cloud option's provider and monthly cost.
pub(super) fn break_even_weeks(
    weeks: f64,
    setup_fee: f64,
    (cloud_provider, cloud_monthly): (&str, f64),
    currency: Currency,
    lang: Lang,
) -> String {
    let es = lang == Lang::Es;
    let (f, c) = (
        money(setup_fee, currency, lang),
        money(cloud_monthly, currency, lang),
    );
    if setup_fee <= 0.0 {
        if es {
            format!("Sin cuota de alta: ahorra desde la primera semana frente a la nube más barata ({cloud_provider}, {c} al mes).")
        } else {
            format!("No setup fee: it saves from the first week against the cheapest cloud option ({cloud_provider}, {c} a month).")
        }
    } else {
        let weeks = number(weeks, 1, lang);
        if es {
            format!("La cuota de alta de {f} se recupera en {weeks} semanas con el ahorro mensual frente a la nube más barata ({cloud_provider}, {c} al mes).")
        } else {
            format!("The setup fee of {f} is recovered in {weeks} weeks by the monthly savings against the cheapest cloud option ({cloud_provider}, {c} a month).")
        }
    }
}

/// `cloud`: the cheapest cloud option's provider and monthly cost.
pub(super) fn cheaper_than_cloud(
    saving: f64,
    (cloud_provider, cloud_monthly): (&str, f64),
    currency: Currency,
    lang: Lang,
) -> String {
    let (s, c) = (percent(saving, lang), money(cloud_monthly, currency, lang));
    match lang {
        Lang::Es => format!("Cuesta un {s} menos que la opción de nube más barata que cumple ({cloud_provider}, {c} al mes)."),
        Lang::En => format!("It costs {s} less than the cheapest cloud option that qualifies ({cloud_provider}, {c} a month)."),
    }
}

pub(super) fn cpu_is_enough(
    gpu_monthly: Option<f64>,
    dedicated_cores: bool,
    currency: Currency,
    lang: Lang,
) -> String {
    let es = lang == Lang::Es;
    let gpu = gpu_monthly.map(|g| money(g, currency, lang));
    let cores = match (dedicated_cores, es) {
        (true, false) => " Dedicated cores keep the whole L3 cache and memory bandwidth.",
        (true, true) => {
            " Los núcleos dedicados conservan toda la caché L3 y el ancho de banda de memoria."
        }
        (false, false) => {
            " A VPS shares its vCPUs with other customers: its speed varies with their load, which the P95 above allows for."
        }
        (false, true) => {
            " Un VPS comparte sus vCPU con otros clientes: su velocidad varía con la carga de ellos, que el P95 de arriba tiene en cuenta."
        }
    };
    match (gpu, es) {
        (Some(g), false) => format!("A small model: a CPU server is enough, cheaper than the cheapest GPU option ({g} a month).{cores}"),
        (Some(g), true) => format!("Un modelo pequeño: basta un servidor de CPU, más barato que la opción con GPU más barata ({g} al mes).{cores}"),
        (None, false) => format!("A small model: a CPU server is enough.{cores}"),
        (None, true) => format!("Un modelo pequeño: basta un servidor de CPU.{cores}"),
    }
}

// The load and how it is billed.

pub(super) fn steady_load(utilisation: f64, fixed_chosen: bool, lang: Lang) -> String {
    let u = percent(utilisation, lang);
    match (fixed_chosen, lang) {
        (true, Lang::En) => format!(
            "The service runs 24 hours a day: a steady load, which favours a fixed monthly fee over hourly billing ({u} of the paid capacity in use)."
        ),
        (true, Lang::Es) => format!(
            "El servicio funciona las 24 horas: una carga continua, que favorece una cuota mensual fija frente al pago por horas (capacidad pagada en uso: {u})."
        ),
        (false, Lang::En) => format!(
            "The service runs 24 hours a day: a steady load, billed here for all 730 hours a month ({u} of the paid capacity in use); no fixed-fee option that qualifies costs less."
        ),
        (false, Lang::Es) => format!(
            "El servicio funciona las 24 horas: una carga continua, que aquí se paga las 730 horas del mes (capacidad pagada en uso: {u}); ninguna opción de cuota fija que cumpla cuesta menos."
        ),
    }
}

pub(super) fn bursty_load(
    hours_per_day: f64,
    hourly_billed_hours: Option<f64>,
    fixed_chosen: bool,
    lang: Lang,
) -> String {
    let h = amount(hours_per_day, lang);
    let billed = hourly_billed_hours.map(|b| number(b, 0, lang));
    match (fixed_chosen, billed, lang) {
        (false, Some(b), Lang::En) => format!(
            "The service runs {h} hours a day: a bursty load; billed by the hour it pays about {b} hours a month instead of 730."
        ),
        (false, Some(b), Lang::Es) => format!(
            "El servicio funciona {h} horas al día: una carga intermitente; por horas se pagan unas {b} horas al mes en lugar de 730."
        ),
        (true, Some(b), Lang::En) => format!(
            "The service runs {h} hours a day: a bursty load, yet the fixed monthly fee costs less than paying by the hour (about {b} hours a month)."
        ),
        (true, Some(b), Lang::Es) => format!(
            "El servicio funciona {h} horas al día: una carga intermitente, pero la cuota mensual fija cuesta menos que pagar por horas (unas {b} horas al mes)."
        ),
        (_, None, Lang::En) => format!(
            "The service runs {h} hours a day: a bursty load, and no option billed by the hour qualifies."
        ),
        (_, None, Lang::Es) => format!(
            "El servicio funciona {h} horas al día: una carga intermitente, y ninguna opción por horas cumple los requisitos."
        ),
    }
}

pub(super) fn spot_interruptions(allowance: f64, job_default: bool, lang: Lang) -> String {
    let a = percent(allowance, lang);
    match (lang, job_default) {
        (Lang::Es, true) => format!(
            "La capacidad spot puede retirarse con poco aviso; un ajuste fino guarda puntos de control y se reanuda, así que se admite por defecto (desmarque las interrupciones en Restricciones para excluirla): el coste incluye un {a} más por el trabajo perdido."
        ),
        (Lang::Es, false) => format!(
            "La capacidad spot puede retirarse con poco aviso y usted ha permitido las interrupciones: el coste incluye un {a} más para cubrirlas; para un servicio que no puede pararse, compare con las alternativas."
        ),
        (Lang::En, true) => format!(
            "Spot capacity can be reclaimed at short notice; a fine-tuning job checkpoints and resumes, so it is allowed by default (untick interruptions in Constraints to rule it out): the cost includes {a} extra for lost work."
        ),
        (Lang::En, false) => format!(
            "Spot capacity can be reclaimed at short notice and you allowed interruptions: the cost includes {a} extra for them; for a service that must not stop, compare the runner-ups."
        ),
    }
}

pub(super) fn fine_tune_epoch(
    tokens: f64,
    hours: f64,
    cost: f64,
    currency: Currency,
    lang: Lang,
) -> String {
    let c = money(cost, currency, lang);
    let t = amount(tokens / 1e6, lang);
    // Under an hour, in minutes.
    let (en_time, es_time) = if hours < 1.0 {
        let m = number(hours * 60.0, 0, lang);
        (format!("{m} minutes"), format!("unos {m} minutos"))
    } else {
        let h = number(hours, 1, lang);
        (format!("{h} hours"), format!("unas {h} horas"))
    };
    match lang {
        Lang::Es => format!("Ajuste fino: una época de {t} millones de tokens tarda {es_time} y cuesta {c} a la tarifa por hora de esta opción."),
        Lang::En => format!("Fine-tuning: one epoch of {t} million tokens takes about {en_time} and costs {c} at this option's hourly rate."),
    }
}

// Hosting and latency.

pub(super) fn hypervisor_overhead(
    virtualization_id: &str,
    tax: f64,
    replicas: u32,
    lang: Lang,
) -> String {
    let t = percent(tax, lang);
    let v = virtualization(virtualization_id, lang);
    match (replicas, lang) {
        (1, Lang::En) => format!("Virtualisation ({v}) costs about {t} of the throughput; the figures already include it (1 replica)."),
        (n, Lang::En) => format!("Virtualisation ({v}) costs about {t} of the throughput; the figures already include it ({n} replicas)."),
        (1, Lang::Es) => format!("La virtualización ({v}) resta en torno al {t} del rendimiento; ya está incluido en el cálculo (1 réplica)."),
        (n, Lang::Es) => format!("La virtualización ({v}) resta en torno al {t} del rendimiento; ya está incluido en el cálculo ({n} réplicas)."),
    }
}

pub(super) fn no_hypervisor(cloud_tax: f64, lang: Lang) -> String {
    let t = percent(cloud_tax, lang);
    match lang {
        Lang::Es => format!("Bare metal no tiene hipervisor: la nube más barata pierde en torno al {t} del rendimiento por la virtualización."),
        Lang::En => format!("Bare metal has no hypervisor: the cheapest cloud option loses about {t} of its throughput to virtualisation."),
    }
}

pub(super) fn matrix_prefers_bare_metal(
    case: MatrixCase,
    bare_metal_extra: Option<f64>,
    lang: Lang,
) -> String {
    let why = match (case, lang) {
        (MatrixCase::StrictLatency, Lang::En) => "For a strict P95 latency target the usual choice is bare metal, whose tail latency stays close to the mean",
        (MatrixCase::StrictLatency, Lang::Es) => "Con un objetivo estricto de latencia P95 lo habitual es bare metal, cuya latencia de cola se mantiene cerca de la media",
        (MatrixCase::FineTuning, Lang::En) => "For fine-tuning the usual choice is bare metal (full NVLink, no hypervisor, a shorter time to result)",
        (MatrixCase::FineTuning, Lang::Es) => "Para el ajuste fino lo habitual es bare metal (NVLink completo, sin hipervisor, menos tiempo hasta el resultado)",
    };
    match (bare_metal_extra.map(|x| percent(x, lang)), lang) {
        (Some(x), Lang::En) => {
            format!("{why}; the cheapest bare-metal option that qualifies costs {x} more.")
        }
        (Some(x), Lang::Es) => {
            format!("{why}; la opción bare metal más barata que cumple cuesta un {x} más.")
        }
        (None, Lang::En) => format!("{why}; no bare-metal option qualifies here."),
        (None, Lang::Es) => format!("{why}; aquí ninguna opción bare metal cumple los requisitos."),
    }
}

pub(super) fn latency_met(
    p95_ms: f64,
    target_ms: f64,
    mean_ms: f64,
    spread: f64,
    embeds: bool,
    lang: Lang,
) -> String {
    let (p95, mean) = (number(p95_ms, 0, lang), number(mean_ms, 0, lang));
    let (spread, target) = (amount(spread, lang), number(target_ms, 0, lang));
    match (lang, embeds) {
        (Lang::Es, false) => format!(
            "El tiempo hasta el primer token en P95 es de {p95} ms (media {mean} ms x {spread}), dentro del objetivo de {target} ms."
        ),
        (Lang::En, false) => format!(
            "P95 time to first token is {p95} ms (mean {mean} ms x {spread}), within the {target} ms target."
        ),
        (Lang::Es, true) => format!(
            "Un modelo de embeddings no genera tokens: responde cada petición en una pasada, en {p95} ms en P95 (media {mean} ms x {spread}), dentro del objetivo de {target} ms."
        ),
        (Lang::En, true) => format!(
            "An embedding model generates no tokens: it answers each request in one pass, in {p95} ms at P95 (mean {mean} ms x {spread}), within the {target} ms target."
        ),
    }
}

pub(super) fn latency_rules_out(
    target_ms: f64,
    count: usize,
    shared_hosts: usize,
    lang: Lang,
) -> String {
    let t = number(target_ms, 0, lang);
    let shared = match (shared_hosts, lang) {
        (0, _) => String::new(),
        (n, Lang::En) => format!(
            " ({n} of them on shared vCPUs, whose response time spreads with the host's load)"
        ),
        (n, Lang::Es) => format!(
            " ({n} en vCPU compartidas, cuyo tiempo de respuesta varía con la carga del host)"
        ),
    };
    match (count, lang) {
        (1, Lang::En) => format!("The latency target (P95 of {t} ms) rules out 1 option{shared}."),
        (n, Lang::En) => {
            format!("The latency target (P95 of {t} ms) rules out {n} options{shared}.")
        }
        (1, Lang::Es) => {
            format!("El objetivo de latencia (P95 de {t} ms) descarta 1 opción{shared}.")
        }
        (n, Lang::Es) => {
            format!("El objetivo de latencia (P95 de {t} ms) descarta {n} opciones{shared}.")
        }
    }
}

// The user's rules.

pub(super) fn eu_jurisdiction(region: &str, lang: Lang) -> String {
    let region = region.trim();
    match (lang, region.is_empty()) {
        (Lang::Es, false) => format!(
            "Se exige jurisdicción de la UE: solo se consideran proveedores sujetos al derecho europeo (la región UE de un proveedor estadounidense sigue expuesta a la CLOUD Act); región de los datos: {region}."
        ),
        (Lang::Es, true) => "Se exige jurisdicción de la UE: solo se consideran proveedores sujetos al derecho europeo (la región UE de un proveedor estadounidense sigue expuesta a la CLOUD Act); el proveedor no indica la región de los datos: pregúntela antes de contratar.".to_string(),
        (Lang::En, false) => format!(
            "EU jurisdiction required: only providers under EU law are considered (a US provider's EU region stays exposed to the CLOUD Act); data region: {region}."
        ),
        (Lang::En, true) => "EU jurisdiction required: only providers under EU law are considered (a US provider's EU region stays exposed to the CLOUD Act); the provider does not state the data region: ask before signing.".to_string(),
    }
}

pub(super) fn single_tenant(lang: Lang) -> String {
    match lang {
        Lang::Es => {
            "Datos regulados: solo hardware de uso exclusivo, que simplifica las auditorías."
        }
        Lang::En => "Regulated data: single-tenant hardware only, which keeps audits simple.",
    }
    .to_string()
}
