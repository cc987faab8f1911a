//! Every user input, its default and its range; the versioned URL codec (`docs/interface.md` §1).
//! The URL is the single store of a scenario: the UI only reads and writes it through this module.
//!
//! The struct below holds the values and [`Scenario::default`] their defaults; the table in
//! [`fields`] gives each field's URL key, kind and range once, and drives reading a link
//! ([`Scenario::from_query`]), writing one ([`Scenario::to_query`]), bringing an edited scenario
//! into range ([`Scenario::normalise`]) and the ranges the page's inputs show.

mod checks;
mod codec;
pub mod fields;
mod file;
pub mod kinds;
pub mod presets;
mod resolve;
pub use codec::{percent_decode, percent_encode, Warning, WarningKind};
pub use file::{from_file_json, to_file_json};
pub use kinds::{Field, Range};
pub use resolve::{import_checkpoint, import_into, resolve_model};

pub use crate::lang::Lang;
use crate::model::{Engine, KvBasis, KvType, Quant, Task};
use crate::units::Currency;

/// Current scenario schema version (`v=`).
/// Version 2 sizes the KV cache for the tokens in flight (`kv_basis=inflight`); a `v=1` link is
/// read with `kv_basis=full`, what it showed. Version 3 keeps a 24/7 service off community and
/// marketplace hosts unless `community=1`; a `v=1` or `v=2` link is read with `community=1`,
/// what it showed. Version 4 derives each copy's concurrency from the request rate, `seqs`
/// becoming the engine's cap (`conc=load`); a link of an earlier version is read with
/// `conc=stated`, `seqs` the concurrency every copy holds, what it showed. Version 5 sets the
/// latency target by the model's type when the link gives none (`ttft` unset:
/// [`DEFAULT_TTFT_MS`], or [`ENCODER_TTFT_MS`] for an encoder); a link of an earlier version
/// without `ttft` is read with `ttft=2000`, what it showed. Version 6 takes a chat user's
/// requests a minute at the busiest hour from a published planner ([`CHAT_RPM`]); a link of an
/// earlier version with people chatting and no `rpm` is read with `rpm=1`, what it showed. A
/// link without `v` is read as this version.
pub const SCENARIO_VERSION: u32 = 6;

/// The P95 time-to-first-token target when the link gives none, for a model that generates
/// text: a reader waits about 2 s for an answer to start.
pub const DEFAULT_TTFT_MS: f64 = 2_000.0;

/// Prompts longer than this wait longer for their first token by default: reading a long
/// document takes the server longer, and a reader of the answer expects it.
pub const LONG_PROMPT_TOKENS: u64 = 4_096;

/// Milliseconds the default target grows by for each prompt token beyond [`LONG_PROMPT_TOKENS`]:
/// 0.3 ms, 300 ms per 1,000 tokens, which puts it near the limits MLPerf Inference's server
/// scenario sets for its long-prompt benchmark (Llama 3.1 405B: 6 s to the first token for
/// prompts of up to about 20,000 tokens; 2,000 + 0.3 x 15,904 = 6.8 s at 20,000) while a chat
/// prompt keeps 2 s (Llama 2 70B's limit in the same suite). A 64k-token prompt gets 20.4 s.
pub const LONG_PROMPT_TTFT_MS_PER_TOKEN: f64 = 0.3;

/// The P95 target when the link gives none, for an encoder (embeddings, rerankers): it answers
/// in one pass inside another request (a search, a retrieval step), which budgets a few hundred
/// milliseconds for it; 200 ms rules out shared vCPUs whose tail spreads with the host's load.
pub const ENCODER_TTFT_MS: f64 = 200.0;

/// What `seqs` means when a request rate is given: the engine's cap on the sequences a copy
/// takes, each copy's concurrency following from the load (`load`, from `v=4`); or the
/// concurrency every copy holds (`stated`, what a link of an earlier version meant). Without a
/// request rate `seqs` is the concurrency sized for either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Concurrency {
    #[default]
    Load,
    Stated,
}

/// Whether the workload needs single-tenant hardware.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tenancy {
    #[default]
    Any,
    Single,
}

/// The point of the speed model's range the plan sizes for: its central estimate, or the low
/// end of the held-out error on published runs of the hardware's class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SpeedPoint {
    #[default]
    Central,
    Conservative,
}

/// What the users of a load do: the share of them active at the busiest hour and the requests
/// each active user sends a minute, when the link does not say (`active`, `rpm`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UseCase {
    /// A chat assistant, as Red Hat's Compass planner for llm-d converts people into a request
    /// rate (github.com/redhat-et/compass, `TrafficProfileGenerator._estimate_qps`): 10
    /// requests a person a day, all within 8 busy hours, the busiest at twice their mean, so
    /// `users x 10 / (8 x 3,600) x 2 = users / 1,440` a second at peak. Here: a quarter of the
    /// people at it at the busiest hour, a message every 6 minutes each (0.25 x 1/6 / 60 =
    /// 1/1,440). Before scenario version 6: a message a minute (`rpm=1`).
    #[default]
    Chat,
    /// Code completion in an editor: a completion every 15 s or so while typing, 40% of the
    /// developers typing at once at the busiest hour.
    Code,
    /// Questions over documents: one every two minutes, a fifth of the people at once.
    Rag,
    /// Agents: each task makes several model calls, six a minute while one runs, a fifth of the
    /// people running one at once.
    Agent,
    /// A batch: every "user" is a worker sending one request a minute, all of them at once (a
    /// job has no busier hour: its peak is its mean).
    Batch,
}

impl UseCase {
    /// Every use case, in the order the page lists them.
    pub const ALL: [UseCase; 5] = [
        UseCase::Chat,
        UseCase::Code,
        UseCase::Rag,
        UseCase::Agent,
        UseCase::Batch,
    ];

    /// `chat`, `code`, `rag`, `agent` or `batch` (`usecase=` in a link).
    pub fn id(self) -> &'static str {
        match self {
            UseCase::Chat => "chat",
            UseCase::Code => "code",
            UseCase::Rag => "rag",
            UseCase::Agent => "agent",
            UseCase::Batch => "batch",
        }
    }

    /// (share active at the busiest hour, requests per active user a minute): assumptions of
    /// this tool, said as such, for a person to correct with `active` and `rpm`.
    pub fn defaults(self) -> (f64, f64) {
        match self {
            UseCase::Chat => (0.25, CHAT_RPM),
            UseCase::Code => (0.4, 4.0),
            UseCase::Rag => (0.2, 0.5),
            UseCase::Agent => (0.2, 6.0),
            UseCase::Batch => (1.0, 1.0),
        }
    }
}

/// Embedding theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

/// Whose offer an embedded verdict leads with (`pick=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PickFrom {
    /// The market's cheapest usable option (every catalogue's verdict).
    #[default]
    Market,
    /// The host catalogue's provider's best usable offer when one fits, the market's cheapest
    /// beside it (`report::ProviderPick`).
    Provider,
}

/// Architecture fields given in the URL that override the preset's (HF `config.json` meanings).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArchOverrides {
    pub layers: Option<u64>,
    pub hidden: Option<u64>,
    pub heads: Option<u64>,
    pub kv_heads: Option<u64>,
    pub head_dim: Option<u64>,
    pub ffn: Option<u64>,
    pub vocab: Option<u64>,
    pub experts: Option<u64>,
    pub experts_active: Option<u64>,
    pub moe_ffn: Option<u64>,
    pub kv_lora_rank: Option<u64>,
    pub rope_dim: Option<u64>,
    pub window: Option<u64>,
    pub tied: Option<bool>,
    /// The model's own name (an imported config's `_name_or_path`, a GGUF's `general.name`).
    pub name: Option<String>,
    /// The model's context limit (`max_position_embeddings`).
    pub ctx_limit: Option<u64>,
    pub shared_experts: Option<u64>,
    /// Dense layers before the MoE layers (`first_k_dense_replace`).
    pub dense_layers: Option<u64>,
    /// MoE on every n-th layer (`interleave_moe_layer_step`).
    pub moe_step: Option<u64>,
    /// Chunked attention's chunk (`attention_chunk_size`).
    pub chunk: Option<u64>,
    /// Of each `swa_period` layers the last attends globally, the others slide or chunk.
    pub swa_period: Option<u64>,
    /// Full-attention layers, exactly (overrides `swa_period`).
    pub global_layers: Option<u64>,
    /// Hybrid models: one full-attention layer in every `full_attn_every`.
    pub full_attn_every: Option<u64>,
    pub linear_k_heads: Option<u64>,
    pub linear_v_heads: Option<u64>,
    pub linear_k_dim: Option<u64>,
    pub linear_v_dim: Option<u64>,
    pub linear_conv: Option<u64>,
    /// DeepSeek sparse attention's indexer heads and head size.
    pub index_heads: Option<u64>,
    pub index_dim: Option<u64>,
    /// Active parameters per token, billions (a custom MoE known by its size).
    pub active_b: Option<f64>,
    /// Hybrid state-space models: Mamba-2 layers, their heads, head size, state size, groups
    /// and conv kernel.
    pub mamba_layers: Option<u64>,
    pub mamba_heads: Option<u64>,
    pub mamba_head_dim: Option<u64>,
    pub mamba_state: Option<u64>,
    pub mamba_groups: Option<u64>,
    pub mamba_conv: Option<u64>,
    /// The last layers that reuse an earlier layer's cache (`num_kv_shared_layers`).
    pub kv_shared: Option<u64>,
    /// Per-layer embeddings: width per layer and vocabulary (Gemma-3n).
    pub ple_dim: Option<u64>,
    pub ple_vocab: Option<u64>,
    /// Parameters of towers loaded beside the language model (vision, audio), whole.
    pub towers: Option<u64>,
    /// The format the checkpoint ships in (`bf16`: 16-bit, no native format).
    pub native: Option<crate::model::Quant>,
    /// Tensors the family formula adds or fuses: q/k/v biases, per-head q/k norms, q/k norms
    /// over all heads, the router's score-correction bias, norms per layer, fused q/k/v and
    /// fused gate/up.
    pub qkv_bias: Option<bool>,
    pub qk_norm: Option<bool>,
    pub qk_norm_all: Option<bool>,
    pub router_bias: Option<bool>,
    pub norms: Option<u64>,
    pub fused_qkv: Option<bool>,
    pub fused_gate_up: Option<bool>,
    /// MLA: the query's low rank (0: a full query projection), the non-rotary q/k head size and
    /// the value head size.
    pub q_lora_rank: Option<u64>,
    pub qk_nope_dim: Option<u64>,
    pub v_head_dim: Option<u64>,
    /// Multi-token-prediction layers shipped beside the model (`num_nextn_predict_layers`).
    pub mtp: Option<u64>,
    /// The published checkpoint: its exact bytes and its format.
    pub ckpt_bytes: Option<u64>,
    pub ckpt_format: Option<crate::model::Quant>,
    /// MiniMax's lightning (linear) attention layers.
    pub lightning_layers: Option<u64>,
}

impl ArchOverrides {
    pub fn is_empty(&self) -> bool {
        *self == ArchOverrides::default()
    }
}

/// Cost assumptions a person can edit (the "assumptions" panel); `None` means the documented default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Assumptions {
    /// Egress per month, GB (default derived from requests and output size).
    pub egress_gb: Option<f64>,
    /// Storage kept for weights and their versions, GB.
    pub storage_gb: Option<f64>,
    /// Monitoring and logging, per month in the display currency.
    pub monitoring: Option<f64>,
    /// Peak-to-average load factor.
    pub peak: Option<f64>,
    /// Decode efficiency: share of peak memory bandwidth reached (0.05-1).
    pub bw_eff: Option<f64>,
    /// Prefill efficiency: share of peak tensor throughput reached (0.05-1).
    pub flops_eff: Option<f64>,
    /// Throughput penalty of a VM, fraction (0-0.5).
    pub vm_tax: Option<f64>,
    /// Energy price per kWh in the display currency (own hardware only).
    pub kwh_price: Option<f64>,
    /// Power usage effectiveness of the data centre.
    pub pue: Option<f64>,
    /// Owned hardware: months a bought server is depreciated over (default 48).
    pub amort_months: Option<f64>,
    /// Owned hardware: residual value at the end of those months, fraction of new.
    pub residual: Option<f64>,
    /// Owned hardware: colocation per kW of the server's draw a month, display currency.
    pub colo_kw: Option<f64>,
    /// Owned hardware: operations (remote hands, staff time) per server a month.
    pub ops: Option<f64>,
    /// Owned hardware: setup and shipping per server, once.
    pub setup: Option<f64>,
    /// Owned hardware: yearly interest of a loan for the purchase, percent.
    pub finance: Option<f64>,
    /// Owned hardware: the server's draw at the wall beyond its GPUs, W.
    pub overhead_w: Option<f64>,
}

/// A complete scenario: what the URL carries, parsed, defaulted and clamped.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub v: u32,
    pub model: String,
    /// Total parameters, billions, for a custom model.
    pub params_b: Option<f64>,
    pub arch: ArchOverrides,
    pub quant: Quant,
    pub kv: KvType,
    pub ctx: u64,
    pub seqs: u64,
    /// What the KV cache is sized for: the tokens in flight (from `v=2`) or every sequence at
    /// its full context (what a `v=1` link meant).
    pub kv_basis: KvBasis,
    pub engine: Engine,
    pub task: Task,
    pub rpd: f64,
    pub train_tokens: f64,
    /// Passes over `train_tokens` in one fine-tuning job (1-1000).
    pub epochs: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub tps: f64,
    /// The P95 time-to-first-token target, ms (0: none); `None`: the model type's default
    /// ([`Scenario::ttft_target_ms`]).
    pub ttft_ms: Option<f64>,
    pub hours: f64,
    pub months: f64,
    pub eu: bool,
    /// Whether interruptible (spot, preemptible) capacity may be used; `None`: the task's
    /// default (no for serving, yes for fine-tuning, whose jobs checkpoint). See
    /// [`Scenario::allows_interruptions`].
    pub spot: Option<bool>,
    /// Community and marketplace hosts (no datacentre SLA) allowed for a 24/7 service
    /// (`community=1`, from `v=3`; a link of an earlier version is read with `community=1`, what
    /// it showed).
    pub community: bool,
    /// Owned options (hardware bought and colocated) in the comparison (`own=1`).
    pub own: bool,
    /// The longest minimum term the buyer accepts, months (`max_term`); `None`: any. An offer
    /// that asks more (a 36-month reservation when 12 is the most) stays in the comparison
    /// with its reason.
    pub max_term: Option<f64>,
    pub tenancy: Tenancy,
    /// The point of the speed range the plan sizes for (`speed`).
    pub speed: SpeedPoint,
    /// What `seqs` means with a request rate (`conc`).
    pub concurrency: Concurrency,
    /// The tensor-parallel degree one copy takes (`tp`); `None`: searched, the cheapest layout
    /// that meets the targets.
    pub tp: Option<u64>,
    /// Copies added beyond what the load needs (`spare`, N+1 with 1).
    pub spare: u64,
    /// People using the service (`users`); 0: the load is `rpd`.
    pub users: u64,
    /// The share of them active at the busiest hour (`active`); `None`: the use case's.
    pub active: Option<f64>,
    /// Requests each active user sends a minute (`rpm`); `None`: the use case's.
    pub rpm: Option<f64>,
    /// What the users do (`usecase`): the defaults of `active` and `rpm`.
    pub usecase: UseCase,
    /// The day's busy hours (`busy_from`, `busy_to`, hours of the day; the span may wrap
    /// midnight): the peak falls in them, and outside them the rate is `offpeak` of it.
    pub busy_from: Option<f64>,
    pub busy_to: Option<f64>,
    /// The rate outside the busy hours, as a share of the busy hours' (`offpeak`); unset: 0.1.
    pub offpeak: Option<f64>,
    /// The fewest copies kept running outside the busy hours (`min_replicas`; 0: scale to
    /// zero); unset: 1.
    pub min_replicas: Option<u64>,
    /// Allowed GPU ids; empty means all.
    pub gpus: Vec<String>,
    /// Allowed offer kinds (ids); empty means all.
    pub kinds: Vec<String>,
    pub assumptions: Assumptions,
    pub cur: Currency,
    /// `None`: the browser's language.
    pub lang: Option<Lang>,
    pub embed: bool,
    /// Whose offer the verdict leads with (`pick=provider`: the host catalogue's provider's).
    pub pick: PickFrom,
    /// The compact embedded layout (`compact=1`): the verdict, the model, the load and the
    /// provider's offers, with a link to the full calculator.
    pub compact: bool,
    pub theme: Option<Theme>,
    pub accent: Option<String>,
    pub catalog: Option<String>,
    pub provider: Option<String>,
    /// The catalogue date the link was made with (`asof=`), to tell when prices changed since.
    pub asof: Option<String>,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            v: SCENARIO_VERSION,
            model: DEFAULT_MODEL.to_string(),
            params_b: None,
            arch: ArchOverrides::default(),
            quant: Quant::Bf16,
            kv: KvType::F16,
            ctx: 8192,
            seqs: 16,
            kv_basis: KvBasis::Inflight,
            engine: Engine::Vllm,
            task: Task::Infer,
            rpd: 0.0,
            train_tokens: 100_000_000.0,
            epochs: 1,
            tokens_in: 1000,
            tokens_out: 250,
            tps: 20.0,
            ttft_ms: None,
            hours: 24.0,
            months: 36.0,
            eu: false,
            spot: None,
            community: false,
            own: false,
            max_term: None,
            tenancy: Tenancy::Any,
            speed: SpeedPoint::Central,
            concurrency: Concurrency::Load,
            tp: None,
            spare: 0,
            users: 0,
            active: None,
            rpm: None,
            usecase: UseCase::Chat,
            busy_from: None,
            busy_to: None,
            offpeak: None,
            min_replicas: None,
            gpus: Vec::new(),
            kinds: Vec::new(),
            assumptions: Assumptions::default(),
            cur: Currency::Eur,
            lang: None,
            embed: false,
            pick: PickFrom::Market,
            compact: false,
            theme: None,
            accent: None,
            catalog: None,
            provider: None,
            asof: None,
        }
    }
}

/// Fine-tuning batch while `seqs` and `ctx` stay at their defaults (a link that does not set
/// them): a micro-batch of 2 sequences of 4,096 tokens per device, with gradient checkpointing
/// and gradient accumulation for a larger effective batch, as LoRA recipes for 7-8B models use
/// (Axolotl's Llama-3 LoRA example: `micro_batch_size: 2`, `sequence_len: 4096`,
/// `gradient_checkpointing: true`). The serving defaults, 16 sequences of 8,192 tokens, are
/// not a training micro-batch: they would ask for about 120 GB of activations on each GPU.
pub const TRAIN_MICRO_BATCH: u64 = 2;
/// See [`TRAIN_MICRO_BATCH`].
pub const TRAIN_SEQUENCE_TOKENS: u64 = 4096;

impl Scenario {
    /// `(sequences, tokens per sequence)` the memory is sized for: `seqs` and `ctx` as set, except
    /// when fine-tuning with them at their (serving) defaults, where the training defaults
    /// [`TRAIN_MICRO_BATCH`] and [`TRAIN_SEQUENCE_TOKENS`] apply (a value the user sets is kept).
    pub fn sized_batch(&self) -> (u64, u64) {
        let d = Scenario::default();
        if self.task == Task::Infer {
            return (self.seqs, self.ctx);
        }
        (
            if self.seqs == d.seqs {
                TRAIN_MICRO_BATCH
            } else {
                self.seqs
            },
            if self.ctx == d.ctx {
                TRAIN_SEQUENCE_TOKENS
            } else {
                self.ctx
            },
        )
    }

    /// Whether interruptible (spot, preemptible) capacity may be used: as `spot` says, else
    /// only for fine-tuning (a job checkpoints and resumes; a service cannot be stopped at
    /// short notice).
    pub fn allows_interruptions(&self) -> bool {
        self.spot.unwrap_or(self.task != Task::Infer)
    }

    /// The P95 time-to-first-token target, ms (0: none): the link's, else the model type's
    /// default ([`ENCODER_TTFT_MS`] for an encoder; [`DEFAULT_TTFT_MS`] otherwise, longer for
    /// prompts beyond [`LONG_PROMPT_TOKENS`] by [`LONG_PROMPT_TTFT_MS_PER_TOKEN`] a token).
    pub fn ttft_target_ms(&self, encoder: bool) -> f64 {
        match self.ttft_ms {
            Some(ms) => ms,
            None if encoder => ENCODER_TTFT_MS,
            None => {
                let beyond = self.tokens_in.saturating_sub(LONG_PROMPT_TOKENS) as f64;
                DEFAULT_TTFT_MS + LONG_PROMPT_TTFT_MS_PER_TOKEN * beyond
            }
        }
    }

    /// Requests a second at the busiest hour from `users` (0 without users): people x the share
    /// active x their requests a minute / 60.
    pub fn users_peak_rps(&self) -> f64 {
        if self.users == 0 {
            return 0.0;
        }
        let (active, rpm) = self.usecase.defaults();
        let active = self.active.unwrap_or(active).clamp(0.0, 1.0);
        let rpm = self.rpm.unwrap_or(rpm).max(0.0);
        let x = self.users as f64 * active * rpm / 60.0;
        if x.is_finite() {
            x
        } else {
            0.0
        }
    }

    /// The day's profile of a service run around the clock with busy hours given: (the busy
    /// hours, the off-peak rate as a share of the busy hours'); `None` otherwise (no span, a
    /// span of 0 or 24 hours, fewer hours of service, or a job).
    pub fn day_profile(&self) -> Option<(f64, f64)> {
        let (from, to) = (self.busy_from?, self.busy_to?);
        if self.task != Task::Infer || self.hours < 24.0 || !(from.is_finite() && to.is_finite()) {
            return None;
        }
        let busy = (to - from).rem_euclid(24.0);
        let offpeak = self.offpeak.unwrap_or(DEFAULT_OFFPEAK).clamp(0.0, 1.0);
        (busy > 0.0 && busy < 24.0).then_some((busy, offpeak))
    }

    /// Whether each copy's concurrency follows from the request rate (`seqs` the engine's cap):
    /// serving, with a rate, in a `conc=load` scenario.
    pub fn concurrency_from_load(&self) -> bool {
        self.task == Task::Infer
            && (self.rpd > 0.0 || self.users_peak_rps() > 0.0)
            && self.concurrency == Concurrency::Load
    }

    /// Whether hosts without a datacentre SLA (community, marketplace) may carry a 24/7 service.
    pub fn allows_community_hosts(&self) -> bool {
        self.community
    }
}

/// Requests a minute of a person at a chat assistant at the busiest hour: one every 6 minutes
/// (see [`UseCase::Chat`]; 1 before scenario version 6).
pub const CHAT_RPM: f64 = 1.0 / 6.0;

/// The rate outside a day's busy hours, as a share of the busy hours', when the link does not
/// say (`offpeak`): an office service's night and weekend traffic (an assumption, editable).
pub const DEFAULT_OFFPEAK: f64 = 0.1;

/// The default model of a new scenario.
pub const DEFAULT_MODEL: &str = "llama-3.3-70b";
