//! The table of a scenario's fields: every URL parameter once, in the order a link writes them,
//! with its key, where it lives in [`Scenario`](super::Scenario), its kind and the values it
//! accepts. Reading a link, writing one, normalising an edited scenario and the ranges the page's
//! inputs show all come from here; the defaults are `Scenario::default()`. The parameters are
//! documented in `docs/interface.md` §1: add, never rename.

use super::checks;
use super::kinds::{at, Allowed, Choice, Field, IdList, Number, Pick, Range, Text, Version};
use super::{Concurrency, Lang, PickFrom, SpeedPoint, Tenancy, Theme, UseCase};
use crate::catalog::OfferKind;
use crate::model::{Engine, KvBasis, KvType, Quant, Task};
use crate::units::Currency;

/// Declares each field as a public constant (its typed kind, for the page's inputs) and lists
/// them all, in order, in [`FIELDS`].
macro_rules! fields {
    ($($(#[$doc:meta])* $name:ident: $kind:ty = $value:expr;)+) => {
        $($(#[$doc])* pub const $name: $kind = $value;)+

        /// Every field, in the order `Scenario::to_query` writes them.
        pub static FIELDS: &[&dyn Field] = &[$(&$name),+];
    };
}

// A value a link gives but that cannot be used leaves the field as it was (an earlier value of
// the same key stays), except where a row says `refused_to_default`: the optional numbers (a
// custom size, the cost assumptions) and the provider name, which go back to their default.

/// Architecture overrides: whole numbers from 1 to `max`.
const fn arch(max: f64) -> Range {
    Range::whole(1.0, max)
}

/// Architecture counts where 0 is a value (no window, no chunking, no experts, none of a kind
/// of layer): whole numbers from 0 to `max`.
const fn count(max: f64) -> Range {
    Range::whole(0.0, max)
}

fields! {
    /// `v`: the scenario version.
    V: Version = Version { key: "v" };
    MODEL: Text<String> = Text::new("model", at!(model), checks::id);
    /// A custom model's total parameters, billions.
    PARAMS_B: Number<Option<f64>> =
        Number::new("params", at!(params_b), Range::new(0.001, 10_000.0).with_step(0.1))
            .refused_to_default();
    LAYERS: Number<Option<u64>> = Number::new("layers", at!(arch.layers), arch(10_000.0));
    HIDDEN: Number<Option<u64>> = Number::new("hidden", at!(arch.hidden), arch(1e6));
    HEADS: Number<Option<u64>> = Number::new("heads", at!(arch.heads), arch(1e5));
    KV_HEADS: Number<Option<u64>> = Number::new("kv_heads", at!(arch.kv_heads), arch(1e5));
    HEAD_DIM: Number<Option<u64>> = Number::new("head_dim", at!(arch.head_dim), arch(1e5));
    FFN: Number<Option<u64>> = Number::new("ffn", at!(arch.ffn), count(1e7));
    VOCAB: Number<Option<u64>> = Number::new("vocab", at!(arch.vocab), arch(1e8));
    EXPERTS: Number<Option<u64>> = Number::new("experts", at!(arch.experts), count(1e5));
    EXPERTS_ACTIVE: Number<Option<u64>> =
        Number::new("experts_active", at!(arch.experts_active), count(1e5));
    MOE_FFN: Number<Option<u64>> = Number::new("moe_ffn", at!(arch.moe_ffn), count(1e7));
    KV_LORA_RANK: Number<Option<u64>> =
        Number::new("kv_lora_rank", at!(arch.kv_lora_rank), count(1e6));
    ROPE_DIM: Number<Option<u64>> = Number::new("rope_dim", at!(arch.rope_dim), count(1e6));
    WINDOW: Number<Option<u64>> = Number::new("window", at!(arch.window), count(1e8));
    TIED: Choice<Option<bool>> = Choice::new("tied", at!(arch.tied));
    /// The model's own name, shown instead of the preset's (an import's).
    NAME: Text<Option<String>> =
        Text::new("name", at!(arch.name), checks::text).refused_to_default();
    /// The model's context limit, tokens.
    CTX_LIMIT: Number<Option<u64>> = Number::new("ctx_limit", at!(arch.ctx_limit), arch(1e9));
    SHARED_EXPERTS: Number<Option<u64>> =
        Number::new("shared_experts", at!(arch.shared_experts), Range::whole(0.0, 1e3));
    DENSE_LAYERS: Number<Option<u64>> =
        Number::new("dense_layers", at!(arch.dense_layers), Range::whole(0.0, 1e4));
    MOE_STEP: Number<Option<u64>> = Number::new("moe_step", at!(arch.moe_step), count(1e4));
    CHUNK: Number<Option<u64>> = Number::new("chunk", at!(arch.chunk), count(1e8));
    SWA_PERIOD: Number<Option<u64>> =
        Number::new("swa_period", at!(arch.swa_period), Range::whole(0.0, 1e4));
    GLOBAL_LAYERS: Number<Option<u64>> =
        Number::new("global_layers", at!(arch.global_layers), Range::whole(0.0, 1e4));
    FULL_ATTN_EVERY: Number<Option<u64>> =
        Number::new("full_attn_every", at!(arch.full_attn_every), count(1e4));
    LINEAR_K_HEADS: Number<Option<u64>> =
        Number::new("linear_k_heads", at!(arch.linear_k_heads), count(1e5));
    LINEAR_V_HEADS: Number<Option<u64>> =
        Number::new("linear_v_heads", at!(arch.linear_v_heads), count(1e5));
    LINEAR_K_DIM: Number<Option<u64>> =
        Number::new("linear_k_dim", at!(arch.linear_k_dim), count(1e5));
    LINEAR_V_DIM: Number<Option<u64>> =
        Number::new("linear_v_dim", at!(arch.linear_v_dim), count(1e5));
    LINEAR_CONV: Number<Option<u64>> =
        Number::new("linear_conv", at!(arch.linear_conv), count(1e3));
    INDEX_HEADS: Number<Option<u64>> =
        Number::new("index_heads", at!(arch.index_heads), count(1e5));
    INDEX_DIM: Number<Option<u64>> = Number::new("index_dim", at!(arch.index_dim), count(1e5));
    /// Active parameters per token, billions (an MoE given by `params`).
    ACTIVE_B: Number<Option<f64>> =
        Number::new("active_params", at!(arch.active_b), Range::new(0.001, 10_000.0).with_step(0.1))
            .refused_to_default();
    MAMBA_LAYERS: Number<Option<u64>> =
        Number::new("mamba_layers", at!(arch.mamba_layers), count(1e4));
    MAMBA_HEADS: Number<Option<u64>> =
        Number::new("mamba_heads", at!(arch.mamba_heads), count(1e5));
    MAMBA_HEAD_DIM: Number<Option<u64>> =
        Number::new("mamba_head_dim", at!(arch.mamba_head_dim), count(1e5));
    MAMBA_STATE: Number<Option<u64>> =
        Number::new("mamba_state", at!(arch.mamba_state), count(1e5));
    MAMBA_GROUPS: Number<Option<u64>> =
        Number::new("mamba_groups", at!(arch.mamba_groups), count(1e4));
    MAMBA_CONV: Number<Option<u64>> = Number::new("mamba_conv", at!(arch.mamba_conv), count(1e3));
    /// The last layers that reuse an earlier layer's KV cache.
    KV_SHARED: Number<Option<u64>> = Number::new("kv_shared", at!(arch.kv_shared), count(1e4));
    /// Per-layer embeddings: width per layer, vocabulary.
    PLE_DIM: Number<Option<u64>> = Number::new("ple_dim", at!(arch.ple_dim), count(1e5));
    PLE_VOCAB: Number<Option<u64>> = Number::new("ple_vocab", at!(arch.ple_vocab), count(1e8));
    /// Parameters of the towers loaded beside the language model (vision, audio).
    TOWERS: Number<Option<u64>> = Number::new("towers", at!(arch.towers), count(1e13));
    /// The checkpoint's own format (`bf16`: none beyond 16-bit).
    NATIVE: Choice<Option<Quant>> = Choice::new("native", at!(arch.native));
    /// Tensors the family formula adds or fuses (an import's, so that no flag of the preset a
    /// link is written over leaks into it).
    QKV_BIAS: Choice<Option<bool>> = Choice::new("qkv_bias", at!(arch.qkv_bias));
    QK_NORM: Choice<Option<bool>> = Choice::new("qk_norm", at!(arch.qk_norm));
    QK_NORM_ALL: Choice<Option<bool>> = Choice::new("qk_norm_all", at!(arch.qk_norm_all));
    ROUTER_BIAS: Choice<Option<bool>> = Choice::new("router_bias", at!(arch.router_bias));
    NORMS: Number<Option<u64>> = Number::new("norms", at!(arch.norms), count(16.0));
    FUSED_QKV: Choice<Option<bool>> = Choice::new("fused_qkv", at!(arch.fused_qkv));
    FUSED_GATE_UP: Choice<Option<bool>> = Choice::new("fused_gate_up", at!(arch.fused_gate_up));
    /// MLA: the query's low rank (0: none), the non-rotary q/k head size, the value head size.
    Q_LORA_RANK: Number<Option<u64>> =
        Number::new("q_lora_rank", at!(arch.q_lora_rank), count(1e6));
    QK_NOPE_DIM: Number<Option<u64>> =
        Number::new("qk_nope_dim", at!(arch.qk_nope_dim), count(1e5));
    V_HEAD_DIM: Number<Option<u64>> = Number::new("v_head_dim", at!(arch.v_head_dim), count(1e5));
    /// Multi-token-prediction layers shipped beside the model.
    MTP: Number<Option<u64>> = Number::new("mtp", at!(arch.mtp), count(100.0));
    /// The published checkpoint's exact bytes (a safetensors index's `total_size`) and format.
    CKPT_BYTES: Number<Option<u64>> = Number::new("ckpt_bytes", at!(arch.ckpt_bytes), count(1e15));
    CKPT_FORMAT: Choice<Option<Quant>> = Choice::new("ckpt_format", at!(arch.ckpt_format));
    /// Lightning (linear) attention layers (MiniMax-01/M1).
    LIGHTNING_LAYERS: Number<Option<u64>> =
        Number::new("lightning_layers", at!(arch.lightning_layers), count(1e4));
    QUANT: Choice<Quant> = Choice::new("quant", at!(quant));
    KV: Choice<KvType> = Choice::new("kv", at!(kv));
    /// Context length per sequence, tokens; the slider runs from 512 to 8M.
    CTX: Number<u64> =
        Number::new("ctx", at!(ctx), Range::whole(1.0, 1e7).with_log2_span(9.0, 23.0));
    /// Concurrent sequences; the slider runs from 1 to 4,096.
    SEQS: Number<u64> =
        Number::new("seqs", at!(seqs), Range::whole(1.0, 1e5).with_log2_span(0.0, 12.0));
    /// What the KV cache is sized for (`inflight` from `v=2`; a `v=1` link reads as `full`).
    KV_BASIS: Choice<KvBasis> = Choice::new("kv_basis", at!(kv_basis));
    ENGINE: Choice<Engine> = Choice::new("engine", at!(engine));
    TASK: Choice<Task> = Choice::new("task", at!(task));
    RPD: Number<f64> = Number::new("rpd", at!(rpd), Range::whole(0.0, 1e12).with_step(100.0));
    TRAIN_TOKENS: Number<f64> =
        Number::new("train_tokens", at!(train_tokens), Range::whole(1.0, 1e13).with_step(1e6));
    /// Passes over `train_tokens` in one fine-tuning job.
    EPOCHS: Number<u64> = Number::new("epochs", at!(epochs), Range::whole(1.0, 1000.0));
    TOKENS_IN: Number<u64> = Number::new("in", at!(tokens_in), Range::whole(1.0, 1e7));
    TOKENS_OUT: Number<u64> = Number::new("out", at!(tokens_out), Range::whole(1.0, 1e7));
    TPS: Number<f64> = Number::new("tps", at!(tps), Range::new(0.0, 10_000.0));
    /// Unset: the model type's default (`Scenario::ttft_target_ms`).
    TTFT_MS: Number<Option<f64>> =
        Number::new("ttft", at!(ttft_ms), Range::new(0.0, 600_000.0).with_step(100.0));
    HOURS: Number<f64> = Number::new("hours", at!(hours), Range::new(1.0, 24.0));
    MONTHS: Number<f64> = Number::new("months", at!(months), Range::whole(1.0, 120.0));
    EU: Choice<bool> = Choice::new("eu", at!(eu));
    /// Interruptible (spot, preemptible) capacity allowed; unset: the task's default.
    SPOT: Choice<Option<bool>> = Choice::new("spot", at!(spot));
    /// Community and marketplace hosts (no datacentre SLA) allowed for a 24/7 service.
    COMMUNITY: Choice<bool> = Choice::new("community", at!(community));
    /// Owned options (hardware bought and colocated) in the comparison.
    OWN: Choice<bool> = Choice::new("own", at!(own));
    /// The longest minimum term accepted, months; unset: any.
    MAX_TERM: Number<Option<f64>> =
        Number::new("max_term", at!(max_term), Range::whole(0.0, 120.0)).refused_to_default();
    TENANCY: Choice<Tenancy> = Choice::new("tenancy", at!(tenancy));
    /// The point of the speed range the plan sizes for: `central` or `conservative`.
    SPEED: Choice<SpeedPoint> = Choice::new("speed", at!(speed));
    /// What `seqs` means with a request rate: `load` (the engine's cap; each copy's concurrency
    /// follows from the rate) or `stated` (the concurrency each copy holds; links before `v=4`).
    CONC: Choice<Concurrency> = Choice::new("conc", at!(concurrency));
    /// The tensor-parallel degree of one copy; unset or 0: searched.
    TP: Number<Option<u64>> = Number::new("tp", at!(tp), count(64.0)).refused_to_default();
    /// Copies beyond the load's need (N+1 with 1).
    SPARE: Number<u64> = Number::new("spare", at!(spare), Range::whole(0.0, 8.0));
    /// People using the service; 0: the load is `rpd`.
    USERS: Number<u64> = Number::new("users", at!(users), Range::whole(0.0, 1e9).with_step(10.0));
    /// The share of the users active at the busiest hour; unset: the use case's.
    ACTIVE: Number<Option<f64>> =
        Number::new("active", at!(active), Range::new(0.001, 1.0).with_step(0.01)).refused_to_default();
    /// Requests each active user sends a minute; unset: the use case's.
    RPM: Number<Option<f64>> =
        Number::new("rpm", at!(rpm), Range::new(0.001, 1000.0).with_step(0.1)).refused_to_default();
    /// What the users do: `chat`, `code`, `rag`, `agent` or `batch`.
    USECASE: Choice<UseCase> = Choice::new("usecase", at!(usecase));
    /// The day's busy hours (hours of the day, 0-24) and the rate outside them.
    BUSY_FROM: Number<Option<f64>> =
        Number::new("busy_from", at!(busy_from), Range::new(0.0, 24.0).with_step(0.5)).refused_to_default();
    BUSY_TO: Number<Option<f64>> =
        Number::new("busy_to", at!(busy_to), Range::new(0.0, 24.0).with_step(0.5)).refused_to_default();
    OFFPEAK: Number<Option<f64>> =
        Number::new("offpeak", at!(offpeak), Range::new(0.0, 1.0).with_step(0.05)).refused_to_default();
    /// The fewest copies kept outside the busy hours (0: scale to zero).
    MIN_REPLICAS: Number<Option<u64>> =
        Number::new("min_replicas", at!(min_replicas), count(64.0)).refused_to_default();
    GPUS: IdList = IdList { key: "gpus", at: at!(gpus), id: checks::id, allowed: None };
    KINDS: IdList = IdList {
        key: "kinds",
        at: at!(kinds),
        id: checks::id,
        allowed: Some(Allowed {
            is: |k| OfferKind::parse(k).is_some(),
            expected: "an offer kind such as bare_metal, gpu_cloud or vps",
        }),
    };
    EGRESS_GB: Number<Option<f64>> =
        Number::new("egress_gb", at!(assumptions.egress_gb), Range::new(0.0, 1e9))
            .refused_to_default();
    STORAGE_GB: Number<Option<f64>> =
        Number::new("storage_gb", at!(assumptions.storage_gb), Range::new(0.0, 1e9))
            .refused_to_default();
    MONITORING: Number<Option<f64>> =
        Number::new("monitoring", at!(assumptions.monitoring), Range::new(0.0, 1e9))
            .refused_to_default();
    PEAK: Number<Option<f64>> =
        Number::new("peak", at!(assumptions.peak), Range::new(1.0, 100.0).with_step(0.1))
            .refused_to_default();
    BW_EFF: Number<Option<f64>> =
        Number::new("bw_eff", at!(assumptions.bw_eff), Range::new(0.05, 1.0).with_step(0.01))
            .refused_to_default();
    FLOPS_EFF: Number<Option<f64>> = Number::new(
        "flops_eff",
        at!(assumptions.flops_eff),
        Range::new(0.05, 1.0).with_step(0.01),
    )
    .refused_to_default();
    VM_TAX: Number<Option<f64>> =
        Number::new("vm_tax", at!(assumptions.vm_tax), Range::new(0.0, 0.5).with_step(0.01))
            .refused_to_default();
    KWH_PRICE: Number<Option<f64>> =
        Number::new("kwh", at!(assumptions.kwh_price), Range::new(0.0, 10.0).with_step(0.01))
            .refused_to_default();
    PUE: Number<Option<f64>> =
        Number::new("pue", at!(assumptions.pue), Range::new(1.0, 3.0).with_step(0.05))
            .refused_to_default();
    /// Owned hardware: depreciation months, residual fraction, colocation per kW-month,
    /// operations a month, setup once, loan interest a year (%), draw beyond the GPUs (W).
    AMORT_MONTHS: Number<Option<f64>> =
        Number::new("amort_months", at!(assumptions.amort_months), Range::whole(6.0, 120.0))
            .refused_to_default();
    RESIDUAL: Number<Option<f64>> =
        Number::new("residual", at!(assumptions.residual), Range::new(0.0, 0.9).with_step(0.01))
            .refused_to_default();
    COLO_KW: Number<Option<f64>> =
        Number::new("colo_kw", at!(assumptions.colo_kw), Range::new(0.0, 10_000.0))
            .refused_to_default();
    OPS: Number<Option<f64>> =
        Number::new("ops", at!(assumptions.ops), Range::new(0.0, 1e6).with_step(10.0))
            .refused_to_default();
    SETUP: Number<Option<f64>> =
        Number::new("setup", at!(assumptions.setup), Range::new(0.0, 1e7).with_step(100.0))
            .refused_to_default();
    FINANCE: Number<Option<f64>> =
        Number::new("finance", at!(assumptions.finance), Range::new(0.0, 50.0).with_step(0.1))
            .refused_to_default();
    OVERHEAD_W: Number<Option<f64>> =
        Number::new("overhead_w", at!(assumptions.overhead_w), Range::whole(0.0, 100_000.0).with_step(100.0))
            .refused_to_default();
    CUR: Choice<Currency> = Choice::new("cur", at!(cur));
    LANG: Choice<Option<Lang>> = Choice::new("lang", at!(lang));
    EMBED: Choice<bool> = Choice::new("embed", at!(embed));
    PICK: Choice<PickFrom> = Choice::new("pick", at!(pick));
    COMPACT: Choice<bool> = Choice::new("compact", at!(compact));
    THEME: Choice<Option<Theme>> = Choice::new("theme", at!(theme));
    ACCENT: Text<Option<String>> = Text::new("accent", at!(accent), checks::colour);
    CATALOG: Text<Option<String>> = Text::new("catalog", at!(catalog), checks::catalog_url);
    PROVIDER: Text<Option<String>> =
        Text::new("provider", at!(provider), checks::text).refused_to_default();
    ASOF: Text<Option<String>> = Text::new("asof", at!(asof), checks::date);
}

/// The choices of the model's options (weight format, KV-cache type, engine, task).
macro_rules! pick_options {
    ($($ty:ty => $expected:literal),+ $(,)?) => {$(
        impl Pick for $ty {
            const ALL: &'static [Self] = <$ty>::ALL;
            const EXPECTED: &'static str = $expected;
            fn id(self) -> &'static str {
                <$ty>::id(self)
            }
            fn read(text: &str) -> Option<Self> {
                <$ty>::parse(text)
            }
        }
    )+};
}

pick_options! {
    Quant => "a weight format such as bf16, fp8, awq4 or q4_k_m",
    KvType => "f16, bf16, fp8, q8_0 or q4_0",
    Engine => "vllm, sglang, trtllm, llamacpp, ollama or transformers",
    Task => "infer, lora, qlora or full",
    KvBasis => "inflight or full",
}

impl Pick for Currency {
    const ALL: &'static [Self] = &[Currency::Eur, Currency::Usd];
    const EXPECTED: &'static str = "EUR or USD";
    fn id(self) -> &'static str {
        self.code()
    }
    fn read(text: &str) -> Option<Self> {
        Currency::parse(text)
    }
}

impl Pick for Lang {
    const ALL: &'static [Self] = &[Lang::En, Lang::Es];
    const EXPECTED: &'static str = "en or es";
    fn id(self) -> &'static str {
        Lang::id(self)
    }
    fn read(text: &str) -> Option<Self> {
        Lang::parse(text)
    }
}

impl Pick for Tenancy {
    const ALL: &'static [Self] = &[Tenancy::Any, Tenancy::Single];
    const EXPECTED: &'static str = "any or single";
    fn id(self) -> &'static str {
        match self {
            Tenancy::Any => "any",
            Tenancy::Single => "single",
        }
    }
    fn read(text: &str) -> Option<Self> {
        read_id(text)
    }
}

impl Pick for SpeedPoint {
    const ALL: &'static [Self] = &[SpeedPoint::Central, SpeedPoint::Conservative];
    const EXPECTED: &'static str = "central or conservative";
    fn id(self) -> &'static str {
        match self {
            SpeedPoint::Central => "central",
            SpeedPoint::Conservative => "conservative",
        }
    }
    fn read(text: &str) -> Option<Self> {
        read_id(text)
    }
}

impl Pick for Concurrency {
    const ALL: &'static [Self] = &[Concurrency::Load, Concurrency::Stated];
    const EXPECTED: &'static str = "load or stated";
    fn id(self) -> &'static str {
        match self {
            Concurrency::Load => "load",
            Concurrency::Stated => "stated",
        }
    }
    fn read(text: &str) -> Option<Self> {
        read_id(text)
    }
}

impl Pick for UseCase {
    const ALL: &'static [Self] = &UseCase::ALL;
    const EXPECTED: &'static str = "chat, code, rag, agent or batch";
    fn id(self) -> &'static str {
        UseCase::id(self)
    }
    fn read(text: &str) -> Option<Self> {
        read_id(text)
    }
}

impl Pick for PickFrom {
    const ALL: &'static [Self] = &[PickFrom::Market, PickFrom::Provider];
    const EXPECTED: &'static str = "market or provider";
    fn id(self) -> &'static str {
        match self {
            PickFrom::Market => "market",
            PickFrom::Provider => "provider",
        }
    }
    fn read(text: &str) -> Option<Self> {
        read_id(text)
    }
}

impl Pick for Theme {
    const ALL: &'static [Self] = &[Theme::Light, Theme::Dark];
    const EXPECTED: &'static str = "light or dark";
    fn id(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
    fn read(text: &str) -> Option<Self> {
        read_id(text)
    }
}

/// A flag: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off`; a link writes `1` or `0`.
impl Pick for bool {
    const ALL: &'static [Self] = &[false, true];
    const EXPECTED: &'static str = "0 or 1";
    fn id(self) -> &'static str {
        if self {
            "1"
        } else {
            "0"
        }
    }
    fn read(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Some(true),
            "0" | "false" | "no" | "off" => Some(false),
            _ => None,
        }
    }
}

/// The value whose id is `text`, trimmed and in any case.
fn read_id<P: Pick>(text: &str) -> Option<P> {
    let text = text.trim().to_ascii_lowercase();
    P::ALL.iter().copied().find(|v| v.id() == text)
}
