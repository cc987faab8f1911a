//! The cost layer's words: why an option cannot serve (shortfalls and exclusions), how it would
//! be deployed, an offer's jurisdiction, GPUs and virtualisation; the cost lines' bases are in
//! [`Basis`]. The typed values live here so the sentences can match on them; `crate::cost`
//! re-exports them under their old paths.

mod basis;
pub use basis::Basis;

use crate::format::show::{amount, number};
use crate::lang::Lang;

/// How one option would be deployed (`Deployment::of` an offer kind is in `crate::cost`);
/// serialised as its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deployment {
    BareMetal,
    Cloud,
    Cpu,
}

impl Deployment {
    /// `bare_metal`, `cloud` or `cpu` (report JSON).
    pub fn id(self) -> &'static str {
        match self {
            Deployment::BareMetal => "bare_metal",
            Deployment::Cloud => "cloud",
            Deployment::Cpu => "cpu",
        }
    }
}

/// Why an option cannot serve the demand (it does not fit, or misses a target).
#[derive(Clone, Debug, PartialEq)]
pub enum Shortfall {
    /// The sizing engine's words, already in the report's language; `None`: it gave none.
    DoesNotFit(Option<String>),
    /// The engine cannot run these weights on this hardware (the sizing's words, already in
    /// the report's language).
    CannotRun(String),
    /// Per-user decode speed below the target, after the hypervisor tax.
    TooSlow { tokens_per_s: f64, target: f64 },
    /// P95 time to first token above the target.
    TooLateFirstToken {
        p95_ms: f64,
        target_ms: f64,
        spread: f64,
        /// An encoder: the time to answer a request, as no token is generated.
        embeds: bool,
    },
    /// Shared vCPUs under a strict P95 target (at most `cost::defaults::STRICT_P95_MS`): their
    /// response time spreads with the host's load, which no estimate holds to it.
    SharedCpuStrictTarget {
        target_ms: f64,
        /// An encoder: the time to answer a request, as no token is generated.
        embeds: bool,
    },
    /// The sizing gives no throughput, so the load cannot be placed.
    NoThroughput,
    /// The load needs more servers than one option may take.
    TooManyServers { needed: f64, max: u32 },
    /// Fine-tuning needs a FLOP/s figure the sizing did not give.
    NoTrainingSpeed,
    /// One fine-tuning epoch takes longer than the hours trained in a month. No longer produced
    /// by the cost model, which prices a job for its whole duration ([`Shortfall::JobBeyondHorizon`]
    /// is its limit); its words stay for a caller that builds one.
    EpochTooLong { hours: f64, available: f64 },
    /// The fine-tuning job (`hours` of compute) would not end within the `months` horizon.
    JobBeyondHorizon { hours: f64, months: f64 },
}

/// How many copies of the model the peak load needs, and which limit of one copy decides it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct LoadNeed {
    /// Copies the load needs (before filling the machines' GPUs).
    pub replicas: u32,
    /// Requests a second at peak.
    pub peak_rps: f64,
    pub bound: LoadBound,
    /// Each copy at the peak when its concurrency follows from the request rate (scenario
    /// version 4): its concurrency, utilisation and latencies there, and the limit that decided
    /// the number of copies; `None` when the scenario states the concurrency.
    pub at_load: Option<AtLoad>,
    /// Copies added beyond the load's need (`spare`: N+1).
    pub spare: u32,
}

/// One copy at the peak of the load, its concurrency derived from the request rate: the arrival
/// rate it takes (the peak over the copies), the sequences it then holds on average (where its
/// throughput meets that rate), and the latencies a request sees there, queue included.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AtLoad {
    /// Requests a second each copy takes at peak.
    pub requests_per_s: f64,
    /// Sequences each copy holds on average at peak (below 1: idle part of the time).
    pub concurrency: f64,
    /// Sequences a copy takes at once: the engine's cap (`seqs`) or what its memory holds.
    pub slots: f64,
    /// The peak arrival rate over what a copy completes with every slot busy.
    pub utilisation: f64,
    /// Decode speed each user sees at that concurrency, tokens/s (after the hypervisor's tax).
    pub decode_tokens_per_s: f64,
    /// Time per output token at that concurrency, ms (1,000 / the decode speed).
    pub tpot_ms: f64,
    /// P95 time to first token at peak: the prompt's prefill and one step (times the hosting's
    /// spread), plus the P95 waits for a slot and for the prompts ahead.
    pub ttft_p95_ms: f64,
    /// The queue's part of `ttft_p95_ms`, ms.
    pub queue_p95_ms: f64,
    /// The limit that decided the number of copies.
    pub binding: Binding,
}

/// What decides how many copies a load needs (one copy fewer would break it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Binding {
    /// One copy carries the peak within every limit.
    #[default]
    OneCopy,
    /// The sequences a copy's memory holds (its KV cache) cap its throughput.
    KvMemory,
    /// The engine's cap on sequences (`seqs`) caps its throughput.
    EngineCap,
    /// The prompts' prefill takes most of the copy's compute.
    PrefillCompute,
    /// Decode steps at the cap are bound by the GPUs' arithmetic.
    DecodeCompute,
    /// Decode steps at the cap are bound by reading the weights and the cache.
    DecodeBandwidth,
    /// The P95 time to first token, queue included, would miss its target.
    TtftTarget,
    /// Each user's decode speed (time per output token) would miss its target.
    TpotTarget,
}

impl Binding {
    pub fn id(self) -> &'static str {
        match self {
            Binding::OneCopy => "one_copy",
            Binding::KvMemory => "kv_memory",
            Binding::EngineCap => "engine_cap",
            Binding::PrefillCompute => "prefill_compute",
            Binding::DecodeCompute => "decode_compute",
            Binding::DecodeBandwidth => "decode_bandwidth",
            Binding::TtftTarget => "ttft_target",
            Binding::TpotTarget => "tpot_target",
        }
    }
}

/// The limit of one copy that decides how many the load needs.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LoadBound {
    /// Requests a second one copy completes (prefill and decode).
    Throughput { replica_rps: f64 },
    /// Requests in flight at the peak, against the requests one copy holds in memory.
    Memory { in_flight: f64, per_replica: f64 },
    /// The prefill and decode arithmetic of the peak (2 FLOPs per active parameter per prompt
    /// and output token), FLOP/s, against what one copy's GPUs reach.
    Compute {
        tokens_per_request: f64,
        flops_needed: f64,
        flops_per_replica: f64,
    },
}

/// A constraint of the user that rules an option out.
#[derive(Clone, Debug, PartialEq)]
pub enum Exclusion {
    NotEuJurisdiction {
        jurisdiction: String,
    },
    NotSingleTenant,
    /// `gpu` is the offer's GPU id (`cpu` for a CPU offer) until the report names it.
    GpuNotAllowed {
        gpu: String,
    },
    /// `kind` is the offer kind's id (`cloud_spot`, `vps`...).
    KindNotAllowed {
        kind: &'static str,
    },
    /// Spot or preemptible capacity, and the user has not allowed interruptions.
    Interruptible,
    /// Hosts without a datacentre SLA (`class` is the offer's reliability class id, `community`
    /// or `marketplace`) for a 24/7 service, and the user has not allowed them (`community=1`).
    UnmanagedHost {
        class: &'static str,
    },
    /// The offer's minimum term (`months`) is longer than the buyer accepts (`allowed`).
    TermTooLong {
        months: f64,
        allowed: f64,
    },
}

impl Shortfall {
    /// Why the option does not serve the demand, as a sentence.
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match self {
            Shortfall::DoesNotFit(Some(why)) | Shortfall::CannotRun(why) => why.clone(),
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
                let (speed, target) = (amount(*tokens_per_s, lang), amount(*target, lang));
                if es {
                    format!(
                        "demasiado lento: {speed} tokens/s por usuario, el objetivo es {target}"
                    )
                } else {
                    format!("too slow: {speed} tokens/s per user against a target of {target}")
                }
            }
            Shortfall::TooLateFirstToken {
                p95_ms,
                target_ms,
                spread,
                embeds,
            } => {
                let (p95, spread) = (number(*p95_ms, 0, lang), amount(*spread, lang));
                let target = number(*target_ms, 0, lang);
                if *embeds {
                    if es {
                        format!("respuesta demasiado lenta: P95 {p95} ms por petición (media x {spread}), el objetivo es {target} ms")
                    } else {
                        format!("answers too late: P95 {p95} ms per request (mean x {spread}) against a target of {target} ms")
                    }
                } else if es {
                    format!("primer token demasiado lento: P95 {p95} ms (media x {spread}), el objetivo es {target} ms")
                } else {
                    format!("first token too late: P95 {p95} ms (mean x {spread}) against a target of {target} ms")
                }
            }
            Shortfall::SharedCpuStrictTarget { target_ms, embeds } => {
                let target = number(*target_ms, 0, lang);
                match (es, *embeds) {
                    (true, true) => format!("vCPU compartidas: su tiempo de respuesta varía con la carga del anfitrión (de 50 a 500 ms), así que no garantizan un P95 de {target} ms por petición; núcleos dedicados o bare metal sí"),
                    (true, false) => format!("vCPU compartidas: su tiempo de respuesta varía con la carga del anfitrión (de 50 a 500 ms), así que no garantizan un primer token en {target} ms al P95; núcleos dedicados o bare metal sí"),
                    (false, true) => format!("shared vCPUs: their response time varies with the host's load (50 to 500 ms), so they cannot promise a P95 of {target} ms per request; dedicated cores or bare metal can"),
                    (false, false) => format!("shared vCPUs: their response time varies with the host's load (50 to 500 ms), so they cannot promise a first token within {target} ms at P95; dedicated cores or bare metal can"),
                }
            }
            Shortfall::NoThroughput => if es {
                "sin estimación de rendimiento para esta carga"
            } else {
                "no throughput estimate for this load"
            }
            .to_string(),
            Shortfall::TooManyServers { needed, max } => {
                let needed = number(*needed, 0, lang);
                if es {
                    format!("necesitaría {needed} servidores, más del máximo de {max}")
                } else {
                    format!("would need {needed} servers, more than the limit of {max}")
                }
            }
            Shortfall::EpochTooLong { hours, available } => {
                let (hours, available) = (number(*hours, 0, lang), number(*available, 0, lang));
                if es {
                    format!("una época tarda {hours} horas, más que las {available} horas de entrenamiento al mes")
                } else {
                    format!("one epoch takes {hours} hours, more than the {available} hours of training a month")
                }
            }
            Shortfall::JobBeyondHorizon { hours, months } => {
                let (hours, months) = (number(*hours, 0, lang), amount(*months, lang));
                if es {
                    format!("el trabajo tarda unas {hours} horas y no termina en el horizonte de {months} meses: no se puede alquilar tanto tiempo")
                } else {
                    format!("the job takes about {hours} hours and would not end within the {months}-month horizon: it cannot be rented for that long")
                }
            }
            Shortfall::NoTrainingSpeed => if es {
                "sin cifra de FLOP/s para estimar el entrenamiento"
            } else {
                "no FLOP/s figure to estimate training time"
            }
            .to_string(),
        }
    }
}

impl Exclusion {
    /// Which of the user's constraints rules the option out, as a sentence.
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        match self {
            Exclusion::NotEuJurisdiction { jurisdiction: j } => {
                let j = jurisdiction(j, lang);
                if es {
                    format!("{j}, se exige la UE")
                } else {
                    format!("{j}, EU required")
                }
            }
            Exclusion::NotSingleTenant => if es {
                "hardware compartido, se exige uso exclusivo"
            } else {
                "shared hardware, single tenancy required"
            }
            .to_string(),
            Exclusion::GpuNotAllowed { gpu } => {
                if es {
                    format!("GPU {gpu} no permitida")
                } else {
                    format!("GPU {gpu} not allowed")
                }
            }
            Exclusion::Interruptible => if es {
                "capacidad interrumpible (spot): permita las interrupciones en Restricciones para usarla"
            } else {
                "interruptible capacity (spot): allow interruptions in Constraints to use it"
            }
            .to_string(),
            Exclusion::UnmanagedHost { class } => {
                match (es, *class == "marketplace") {
                    (true, true) => "máquinas de un mercado, de calidad variable y sin SLA de centro de datos, para un servicio 24/7: admita las máquinas comunitarias en Restricciones para usarlas",
                    (true, false) => "máquinas comunitarias (de particulares) sin SLA de centro de datos, para un servicio 24/7: admítalas en Restricciones para usarlas",
                    (false, true) => "marketplace hosts of mixed quality without a datacentre SLA, for a 24/7 service: allow community hosts in Constraints to use them",
                    (false, false) => "community hosts (individuals' hardware) without a datacentre SLA, for a 24/7 service: allow them in Constraints to use them",
                }
                .to_string()
            }
            Exclusion::KindNotAllowed { kind } => {
                if es {
                    format!("tipo de oferta {kind} no permitido")
                } else {
                    format!("offer kind {kind} not allowed")
                }
            }
            Exclusion::TermTooLong { months, allowed } => {
                let (m, a) = (
                    crate::format::amount(*months, lang),
                    crate::format::amount(*allowed, lang),
                );
                // Spanish agrees in number: `1 mes`, `el mes aceptado`.
                let term = super::catalog::months(*months, lang);
                match (es, *allowed < 1.0) {
                    (true, true) => format!("compromiso mínimo de {term}, se exige sin compromiso"),
                    (true, false) if *allowed == 1.0 => {
                        format!("compromiso mínimo de {term}, más que el mes aceptado")
                    }
                    (true, false) => format!("compromiso mínimo de {term}, más que los {a} aceptados"),
                    (false, true) => format!("a {m}-month minimum term, no commitment accepted"),
                    (false, false) => format!("a {m}-month minimum term, longer than the {a} months accepted"),
                }
            }
        }
    }
}

/// Why an option cannot serve: every shortfall, then every exclusion, joined by `; `.
pub fn why_not(shortfalls: &[Shortfall], exclusions: &[Exclusion], lang: Lang) -> String {
    let sentences: Vec<String> = shortfalls
        .iter()
        .map(|s| s.sentence(lang))
        .chain(exclusions.iter().map(|e| e.sentence(lang)))
        .collect();
    sentences.join("; ")
}

/// A provider's jurisdiction (catalogue `EU`, `US`, `other`) as a phrase: `US jurisdiction`,
/// `jurisdicción de EE. UU.`. A code outside the schema is quoted as given.
pub fn jurisdiction(code: &str, lang: Lang) -> String {
    let code = code.trim();
    let is = |known: &str| code.eq_ignore_ascii_case(known);
    match lang {
        Lang::En => format!("{code} jurisdiction"),
        Lang::Es if is("EU") => "jurisdicción de la UE".to_string(),
        Lang::Es if is("US") => "jurisdicción de EE. UU.".to_string(),
        Lang::Es if is("other") => "otra jurisdicción".to_string(),
        Lang::Es => format!("jurisdicción {code}"),
    }
}

/// GPUs as the page names them: `8× H100 SXM (80GB)` in one server, `1× GH200 … × 3 servers`
/// (`× 3 servidores`) over several, from the GPUs per server and the number of servers.
pub fn gpus(per_server: u32, name: &str, servers: u32, lang: Lang) -> String {
    match (servers > 1, lang) {
        (true, Lang::En) => format!("{per_server}× {name} × {servers} servers"),
        (true, Lang::Es) => format!("{per_server}× {name} × {servers} servidores"),
        (false, _) => format!("{per_server}× {name}"),
    }
}

/// How the copies of a model sit on an option's machines, as the verdict and the table say it
/// ([`DeploymentShape::sentence`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeploymentShape<'a> {
    /// Copies of the model running.
    pub replicas: u32,
    /// GPUs one copy uses.
    pub gpus_per_replica: u32,
    /// Machines in all.
    pub servers: u32,
    /// Machines one copy spans (more than 1 only over a stated fabric).
    pub servers_per_replica: u32,
    /// The GPU's name.
    pub gpu: &'a str,
    pub tp: u32,
    pub pp: u32,
    /// The fabric between machines: its kind's id (`infiniband`, `roce`, `ethernet`) and Gbit/s.
    pub fabric: Option<(&'a str, f64)>,
}

impl DeploymentShape<'_> {
    /// "1 machine with 4× H100, tensor parallel 4"; "2 replicas, each 1× H100 80GB, on 1
    /// machine"; "1 replica over 2 machines of 8× H100, tensor parallel 8, pipeline parallel 2
    /// over InfiniBand at 400 Gb/s".
    pub fn sentence(&self, lang: Lang) -> String {
        let es = lang == Lang::Es;
        let (replicas, servers) = (self.replicas.max(1), self.servers.max(1));
        let span = self.servers_per_replica.max(1);
        let per_machine = (self.gpus_per_replica / span).max(1);
        let gpus = format!("{per_machine}× {}", self.gpu);
        let machines = |n: u32| match (n, es) {
            (1, false) => "1 machine".to_string(),
            (1, true) => "1 máquina".to_string(),
            (n, false) => format!("{n} machines"),
            (n, true) => format!("{n} máquinas"),
        };
        let mut split = String::new();
        if self.tp > 1 {
            split.push_str(&if es {
                format!(", paralelismo tensorial {}", self.tp)
            } else {
                format!(", tensor parallel {}", self.tp)
            });
        }
        if self.pp > 1 {
            split.push_str(&if es {
                format!(", {} etapas de pipeline", self.pp)
            } else {
                format!(", pipeline parallel {}", self.pp)
            });
            if let (true, Some((kind, gbps))) = (span > 1, self.fabric) {
                let kind = fabric_kind(kind);
                let gbps = amount(gbps, lang);
                split.push_str(&if es {
                    format!(" por {kind} a {gbps} Gb/s")
                } else {
                    format!(" over {kind} at {gbps} Gb/s")
                });
            }
        }
        let out = if span > 1 {
            let copies = match (replicas, es) {
                (1, false) => "1 replica".to_string(),
                (1, true) => "1 réplica".to_string(),
                (n, false) => format!("{n} replicas"),
                (n, true) => format!("{n} réplicas"),
            };
            match (replicas, es) {
                (1, true) => format!(
                    "{copies} sobre {} de {gpus} cada una{split}",
                    machines(span)
                ),
                (1, false) => format!("{copies} over {} of {gpus} each{split}", machines(span)),
                (_, true) => format!(
                    "{copies}, cada una sobre {} de {gpus}{split}, {} en total",
                    machines(span),
                    machines(servers)
                ),
                (_, false) => format!(
                    "{copies}, each over {} of {gpus}{split}, {} in all",
                    machines(span),
                    machines(servers)
                ),
            }
        } else if replicas == 1 {
            if es {
                format!("{} con {gpus}{split}", machines(servers))
            } else {
                format!("{} with {gpus}{split}", machines(servers))
            }
        } else if es {
            format!(
                "{replicas} réplicas, cada una {gpus}{split}, en {}",
                machines(servers)
            )
        } else {
            format!(
                "{replicas} replicas, each {gpus}{split}, on {}",
                machines(servers)
            )
        };
        out
    }
}

/// A fabric's kind as its makers write it; an unknown id as given.
pub fn fabric_kind(id: &str) -> &str {
    match id {
        "infiniband" => "InfiniBand",
        "roce" => "RoCE",
        "ethernet" => "Ethernet",
        other => other,
    }
}

/// How an offer's hardware is shared out (`vm`, `passthrough`...), in words; an unknown id as given.
pub fn virtualization(id: &str, lang: Lang) -> &str {
    let (en, es) = match id {
        "bare_metal" => ("bare metal", "bare metal"),
        "passthrough" => ("GPU passthrough", "GPU en passthrough"),
        "vm" => ("virtual machine", "máquina virtual"),
        "vgpu" => ("shared vGPU", "vGPU compartida"),
        "container" => ("container", "contenedor"),
        other => return other,
    };
    match lang {
        Lang::En => en,
        Lang::Es => es,
    }
}
