//! The reason that says how many copies of the model the load needs, and why.

use crate::format::show::{amount, number};
use crate::lang::Lang;
use crate::words::cost::{LoadBound, LoadNeed};

/// "The load needs 7 replicas: 23.1 requests/s at peak x 8,200 tokens x 2 FLOPs per active
/// parameter = 3,040 TFLOP/s, and one replica reaches 378 TFLOP/s; 7 machines run 7 replicas."
pub(super) fn replicas_for_load(
    need: &LoadNeed,
    replicas: u32,
    servers: u32,
    lang: Lang,
) -> String {
    let es = lang == Lang::Es;
    let n = need.replicas.max(1);
    let copies = |k: u32| match (k, es) {
        (1, false) => "1 replica".to_string(),
        (1, true) => "1 réplica".to_string(),
        (k, false) => format!("{k} replicas"),
        (k, true) => format!("{k} réplicas"),
    };
    let machines = |k: u32| match (k, es) {
        (1, false) => "1 machine".to_string(),
        (1, true) => "1 máquina".to_string(),
        (k, false) => format!("{k} machines"),
        (k, true) => format!("{k} máquinas"),
    };
    let peak = amount(need.peak_rps, lang);
    let why = match need.bound {
        LoadBound::Throughput { replica_rps } => {
            let one = amount(replica_rps, lang);
            if es {
                format!("{peak} peticiones/s en el pico, y una réplica completa {one} peticiones/s (prefill y decodificación)")
            } else {
                format!("{peak} requests/s at peak, and one replica completes {one} requests/s (prefill and decode)")
            }
        }
        LoadBound::Memory {
            in_flight,
            per_replica,
        } => {
            let (held, one) = (
                number(in_flight.ceil(), 0, lang),
                number(per_replica.floor(), 0, lang),
            );
            if es {
                format!("en el pico hay {held} peticiones en curso a la vez, y una réplica guarda {one} en memoria")
            } else {
                format!("at peak {held} requests are in flight at once, and one replica holds {one} in memory")
            }
        }
        LoadBound::Compute {
            tokens_per_request,
            flops_needed,
            flops_per_replica,
        } => {
            let tokens = number(tokens_per_request, 0, lang);
            let (needed, one) = (
                number(flops_needed / 1e12, 0, lang),
                number(flops_per_replica / 1e12, 0, lang),
            );
            if es {
                format!("{peak} peticiones/s en el pico x {tokens} tokens (entrada y salida) x 2 FLOP por parámetro activo = {needed} TFLOP/s, y una réplica alcanza {one} TFLOP/s")
            } else {
                format!("{peak} requests/s at peak x {tokens} tokens (prompt and output) x 2 FLOPs per active parameter = {needed} TFLOP/s, and one replica reaches {one} TFLOP/s")
            }
        }
    };
    let filled = (replicas > n).then(|| match (servers, es) {
        (1, false) => format!("; 1 machine runs {}, filling its GPUs", copies(replicas)),
        (_, false) => format!(
            "; {} run {}, filling their GPUs",
            machines(servers),
            copies(replicas)
        ),
        (1, true) => format!(
            "; 1 máquina ejecuta {}, una en cada hueco de sus GPU",
            copies(replicas)
        ),
        (_, true) => format!(
            "; {} ejecutan {}, una en cada hueco de sus GPU",
            machines(servers),
            copies(replicas)
        ),
    });
    if es {
        format!(
            "La carga necesita {}: {why}{}.",
            copies(n),
            filled.unwrap_or_default()
        )
    } else {
        format!(
            "The load needs {}: {why}{}.",
            copies(n),
            filled.unwrap_or_default()
        )
    }
}

/// With no request rate given: the per-token figure is at full load (one copy busy the hours
/// the service runs, `full_rpd` requests a day); `typical`: the same option at a stated
/// realistic load (requests a day, cost per million output tokens, the load's name).
pub(super) fn per_token_at_load(
    full_rpd: f64,
    full_per_million: f64,
    typical: Option<super::TypicalLoad>,
    currency: crate::units::Currency,
    lang: Lang,
) -> String {
    use crate::format::show::money;
    let (r, m) = (
        number(full_rpd, 0, lang),
        money(full_per_million, currency, lang),
    );
    let mut s = match lang {
        Lang::En => format!("No request rate given: the per-token figures are at full load, every copy busy the hours the service runs (about {r} requests a day), {m} per million output tokens."),
        Lang::Es => format!("Sin ritmo de peticiones: las cifras por token son a plena carga, cada copia ocupada todas las horas de servicio (unas {r} peticiones al día), {m} por millón de tokens de salida."),
    };
    if let Some(t) = typical {
        let (r, m) = (
            number(t.requests_per_day, 0, lang),
            money(t.per_million, currency, lang),
        );
        let name = crate::words::scenario::load_preset_name(t.load, lang).to_lowercase();
        s.push_str(&match lang {
            Lang::En => format!(" At a realistic load, {r} requests a day ({name}), the same deployment costs {m} per million; give your request rate in Workload."),
            Lang::Es => format!(" A una carga realista, {r} peticiones al día ({name}), el mismo despliegue cuesta {m} por millón; indique su ritmo de peticiones en Carga de trabajo."),
        });
    }
    s
}
