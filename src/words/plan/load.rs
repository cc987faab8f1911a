//! The reason that says how many copies of the model the load needs, and why.

use crate::format::show::{amount, number, percent};
use crate::lang::Lang;
use crate::words::cost::{AtLoad, Binding, LoadBound, LoadNeed};

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
    let why = why(need, lang);
    let spare = spare(need.spare, lang);
    let filled = (replicas > n + need.spare).then(|| match (servers, es) {
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
            "La carga necesita {}: {why}{}{spare}.",
            copies(n),
            filled.unwrap_or_default()
        )
    } else {
        format!(
            "The load needs {}: {why}{}{spare}.",
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

/// Why the load needs the copies it does: the limit of one copy, with its figures.
fn why(need: &LoadNeed, lang: Lang) -> String {
    if let Some(a) = &need.at_load {
        return at_load(need.replicas.max(1), a, lang);
    }
    let es = lang == Lang::Es;
    let peak = amount(need.peak_rps, lang);
    match need.bound {
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
    }
}

/// Each copy at the peak, its concurrency derived from the rate, and the limit that set the
/// number of copies: "one copy fewer would put the P95 time to first token over its target;
/// each copy takes 2.9 requests/s at peak, 14 of its 256 sequences at once (61% of what it
/// completes), 38 tokens/s per user, first token within 1.4 s at P95 (0.3 s of it queueing)".
fn at_load(copies: u32, a: &AtLoad, lang: Lang) -> String {
    let es = lang == Lang::Es;
    let slots = number(a.slots, 0, lang);
    let limit = match (a.binding, es) {
        (Binding::OneCopy, false) => "one copy carries the peak within every limit".to_string(),
        (Binding::OneCopy, true) => "una copia lleva el pico dentro de todos los límites".to_string(),
        (Binding::KvMemory, false) => format!("the KV cache a copy's memory holds caps it at {slots} sequences at once, and with them its throughput"),
        (Binding::KvMemory, true) => format!("la caché KV que cabe en la memoria de una copia la limita a {slots} secuencias a la vez, y con ellas su rendimiento"),
        (Binding::EngineCap, false) => format!("the engine's cap of {slots} sequences a copy (seqs) limits its throughput; a higher cap would raise it"),
        (Binding::EngineCap, true) => format!("el límite del motor de {slots} secuencias por copia (seqs) limita su rendimiento; un límite mayor lo subiría"),
        (Binding::PrefillCompute, false) => "the prompts' prefill takes most of each copy's compute".to_string(),
        (Binding::PrefillCompute, true) => "el prefill de las entradas ocupa la mayor parte del cómputo de cada copia".to_string(),
        (Binding::DecodeCompute, false) => "decoding at the cap is bound by the GPUs' arithmetic".to_string(),
        (Binding::DecodeCompute, true) => "la decodificación en el límite está limitada por la aritmética de las GPU".to_string(),
        (Binding::DecodeBandwidth, false) => "decoding at the cap is bound by reading the weights and the cache".to_string(),
        (Binding::DecodeBandwidth, true) => "la decodificación en el límite está limitada por la lectura de los pesos y la caché".to_string(),
        (Binding::TtftTarget, false) => format!("{} would put the P95 time to first token, queue included, over its target", fewer(copies, es)),
        (Binding::TtftTarget, true) => format!("{} pondría el tiempo al primer token P95, cola incluida, por encima del objetivo", fewer(copies, es)),
        (Binding::TpotTarget, false) => format!("{} would slow each user below the target speed", fewer(copies, es)),
        (Binding::TpotTarget, true) => format!("{} bajaría la velocidad de cada usuario por debajo del objetivo", fewer(copies, es)),
    };
    let (rps, conc, util) = (
        amount(a.requests_per_s, lang),
        amount(a.concurrency, lang),
        percent(a.utilisation.min(9.99), lang),
    );
    let ttft = seconds(a.ttft_p95_ms, lang);
    let queue = seconds(a.queue_p95_ms, lang);
    let speed = (a.decode_tokens_per_s > 0.0).then(|| number(a.decode_tokens_per_s, 0, lang));
    match (es, speed) {
        (false, Some(tps)) => format!("{limit}; each copy takes {rps} requests/s at peak, {conc} of its {slots} sequences at once ({util} of what it completes), {tps} tokens/s per user, first token within {ttft} at P95 ({queue} of it queueing)"),
        (true, Some(tps)) => format!("{limit}; cada copia recibe {rps} peticiones/s en el pico, {conc} de sus {slots} secuencias a la vez ({util} de lo que completa), {tps} tokens/s por usuario, primer token en {ttft} como P95 ({queue} de cola)"),
        (false, None) => format!("{limit}; each copy takes {rps} requests/s at peak ({util} of what it completes), answering within {ttft} at P95 ({queue} of it queueing)"),
        (true, None) => format!("{limit}; cada copia recibe {rps} peticiones/s en el pico ({util} de lo que completa) y responde en {ttft} como P95 ({queue} de cola)"),
    }
}

/// "one copy fewer" / "una copia menos" (or "a single copy" when there is one).
fn fewer(copies: u32, es: bool) -> &'static str {
    match (copies, es) {
        (1, false) => "a slower load",
        (1, true) => "una carga mayor",
        (_, false) => "one copy fewer",
        (_, true) => "una copia menos",
    }
}

/// Milliseconds as seconds above one second ("1.4 s", "350 ms").
fn seconds(ms: f64, lang: Lang) -> String {
    if ms >= 1000.0 {
        format!("{} s", amount(ms / 1000.0, lang))
    } else {
        format!("{} ms", number(ms, 0, lang))
    }
}

/// "; plus 1 spare copy, so that one failure leaves the peak served" (empty without spares).
fn spare(n: u32, lang: Lang) -> String {
    match (n, lang) {
        (0, _) => String::new(),
        (1, Lang::En) => "; plus 1 spare copy, so that one failure leaves the peak served".into(),
        (1, Lang::Es) => "; más 1 copia de reserva, para que un fallo deje el pico atendido".into(),
        (n, Lang::En) => {
            format!("; plus {n} spare copies, so that {n} failures leave the peak served")
        }
        (n, Lang::Es) => {
            format!("; más {n} copias de reserva, para que {n} fallos dejen el pico atendido")
        }
    }
}

/// The limit that set an option's copies, for its row: "3 copies: one copy fewer would ..."
pub fn sized_by(need: &LoadNeed, lang: Lang) -> String {
    let n = need.replicas.max(1);
    let why = why(need, lang);
    let spare = spare(need.spare, lang);
    match (n, lang) {
        (1, Lang::En) => format!("1 copy: {why}{spare}."),
        (1, Lang::Es) => format!("1 copia: {why}{spare}."),
        (n, Lang::En) => format!("{n} copies: {why}{spare}."),
        (n, Lang::Es) => format!("{n} copias: {why}{spare}."),
    }
}

/// A 24/7 service on one machine without a spare: one failure stops it. With `spare=1` the
/// load's copies plus one run on `machines_with_spare` machines for `extra_monthly` more a month
/// (0 when the machine has a free slot for it).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SingleFailure {
    pub machines_with_spare: u32,
    pub extra_monthly: f64,
    pub currency: crate::units::Currency,
}

impl SingleFailure {
    pub fn sentence(&self, lang: Lang) -> String {
        let extra = crate::format::show::money(self.extra_monthly, self.currency, lang);
        let m = self.machines_with_spare;
        match (lang, m > 1, self.extra_monthly > 0.0) {
            (Lang::En, true, _) => format!("One machine carries the whole service: if it fails, the service stops until it is replaced. A spare copy (spare=1) on a second machine would keep it running for {extra} more a month."),
            (Lang::Es, true, _) => format!("Una sola máquina lleva todo el servicio: si falla, el servicio se detiene hasta sustituirla. Una copia de reserva (spare=1) en una segunda máquina lo mantendría en marcha por {extra} más al mes."),
            (Lang::En, false, true) => format!("One machine carries the whole service: if it fails, the service stops until it is replaced. A spare copy (spare=1) fits on the same machine for {extra} more a month and covers a GPU failing, not the machine; only a second machine covers that."),
            (Lang::Es, false, true) => format!("Una sola máquina lleva todo el servicio: si falla, el servicio se detiene hasta sustituirla. Una copia de reserva (spare=1) cabe en la misma máquina por {extra} más al mes y cubre el fallo de una GPU, no el de la máquina; solo una segunda máquina cubre eso."),
            (Lang::En, false, false) => "One machine carries the whole service: if it fails, the service stops until it is replaced. It has room for a spare copy at no extra cost (spare=1), which covers a GPU failing, not the machine; only a second machine covers that.".to_string(),
            (Lang::Es, false, false) => "Una sola máquina lleva todo el servicio: si falla, el servicio se detiene hasta sustituirla. Tiene sitio para una copia de reserva sin coste adicional (spare=1), que cubre el fallo de una GPU, no el de la máquina; solo una segunda máquina cubre eso.".to_string(),
        }
    }
}

/// A day with busy hours on the chosen option: the machines in and outside them and what is
/// billed (an hourly offer), or that a fixed fee pays for the peak around the clock.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct DayProfileWords {
    pub busy_hours: f64,
    pub servers: u32,
    pub servers_off_peak: u32,
    /// Machine-hours billed a month (hourly offers), against `servers` x 730 around the clock.
    pub machine_hours: f64,
    pub fixed: bool,
    pub cold_start_s: f64,
}

impl DayProfileWords {
    pub fn sentence(&self, lang: Lang) -> String {
        let (b, off) = (
            amount(self.busy_hours, lang),
            number(self.servers_off_peak as f64, 0, lang),
        );
        let n = match (self.servers, lang) {
            (1, Lang::En) => "1 machine".to_string(),
            (1, Lang::Es) => "1 máquina".to_string(),
            (k, Lang::En) => format!("{k} machines"),
            (k, Lang::Es) => format!("{k} máquinas"),
        };
        let all = number(self.servers as f64 * crate::units::HOURS_PER_MONTH, 0, lang);
        let billed = number(self.machine_hours, 0, lang);
        let cold = seconds(self.cold_start_s * 1000.0, lang);
        match (lang, self.fixed, self.servers_off_peak) {
            (Lang::En, true, _) => format!("Busy {b} h a day: a fixed fee or a commitment pays for the peak's {n} around the clock, busy hours or not; an hourly offer would follow the day."),
            (Lang::Es, true, _) => format!("Ocupado {b} h al día: una cuota fija o un compromiso paga el pico ({n}) todo el día, haya carga o no; una oferta por horas seguiría el día."),
            (Lang::En, false, 0) => format!("Busy {b} h a day: {n} then and none outside (scaled to zero), {billed} machine-hours billed a month instead of {all} around the clock; each machine started takes about {cold} to its first answer (boot, the engine's image, the weights), billed too."),
            (Lang::Es, false, 0) => format!("Ocupado {b} h al día: {n} entonces y ninguna fuera (escala a cero), {billed} horas-máquina facturadas al mes en lugar de {all} todo el día; cada máquina que arranca tarda unos {cold} en dar su primera respuesta (arranque, imagen del motor, pesos), también facturados."),
            (Lang::En, false, _) => format!("Busy {b} h a day: {n} then and {off} outside, {billed} machine-hours billed a month instead of {all} around the clock; each machine started takes about {cold} to its first answer (boot, the engine's image, the weights), billed too."),
            (Lang::Es, false, _) => format!("Ocupado {b} h al día: {n} entonces y {off} fuera, {billed} horas-máquina facturadas al mes en lugar de {all} todo el día; cada máquina que arranca tarda unos {cold} en dar su primera respuesta (arranque, imagen del motor, pesos), también facturados."),
        }
    }
}
