//! The URL codec: defaults, clamping, warnings, and round trips; the table of fields it walks;
//! `Scenario::normalise`, which the page runs after every edit.

use inference_sizer::catalog::Catalog;
use inference_sizer::model::{Engine, KvBasis, KvType, Quant, Task};
use inference_sizer::scenario::fields::{self, FIELDS};
use inference_sizer::scenario::{
    from_file_json, resolve_model, to_file_json, Lang, Scenario, Tenancy, WarningKind,
};
use inference_sizer::units::Currency;
use proptest::prelude::*;

fn parse(q: &str) -> (Scenario, Vec<String>) {
    let (s, w) = Scenario::from_query(q);
    (s, w.iter().map(|w| w.message(Lang::En)).collect())
}

#[test]
fn an_empty_url_gives_the_documented_defaults() {
    let (s, w) = parse("");
    assert!(w.is_empty());
    assert_eq!(s.model, "llama-3.3-70b");
    assert_eq!(s.quant, Quant::Bf16);
    assert_eq!(s.kv, KvType::F16);
    assert_eq!((s.ctx, s.seqs), (8192, 16));
    assert_eq!(s.engine, Engine::Vllm);
    assert_eq!(s.task, Task::Infer);
    assert_eq!((s.tokens_in, s.tokens_out), (1000, 250));
    assert_eq!(
        (s.tps, s.ttft_ms, s.hours, s.months),
        (20.0, None, 24.0, 36.0)
    );
    assert_eq!(s.train_tokens, 100_000_000.0);
    assert_eq!(s.cur, Currency::Eur);
    assert_eq!(s.kv_basis, KvBasis::Inflight);
    assert_eq!(s.to_query(), "v=6");
    assert!(!s.community);
}

#[test]
fn a_whole_share_url_is_read_like_its_query() {
    let (s, w) =
        parse("https://example.com/sizer/?model=llama-3.1-8b&quant=q4_k_m&ctx=32k&cur=usd#top");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(s.model, "llama-3.1-8b");
    assert_eq!(s.quant, Quant::Q4KM);
    assert_eq!(s.ctx, 32_000);
    assert_eq!(s.cur, Currency::Usd);
}

#[test]
fn out_of_range_values_are_clamped_with_a_warning() {
    let (s, w) = parse("ctx=99999999999&seqs=0&hours=30");
    assert_eq!(s.ctx, 10_000_000);
    assert_eq!(s.seqs, 1);
    assert_eq!(s.hours, 24.0);
    assert_eq!(w.len(), 3);
    assert!(
        w[0].contains("\"ctx\"") && w[0].contains("10000000"),
        "{}",
        w[0]
    );
}

#[test]
fn unparseable_values_fall_back_to_the_default_and_say_so() {
    let (s, w) = Scenario::from_query("quant=q9_z&ctx=lots&eu=maybe");
    assert_eq!(s.quant, Quant::Bf16);
    assert_eq!(s.ctx, 8192);
    assert!(!s.eu);
    assert_eq!(w.len(), 3);
    assert!(matches!(w[0].kind, WarningKind::Invalid { .. }));
}

#[test]
fn unknown_parameters_are_listed_not_fatal() {
    let (_, w) = parse("foo=1&model=llama-3.1-8b");
    assert_eq!(
        w,
        vec!["Unknown parameter \"foo\" was ignored.".to_string()]
    );
    let (_, w) = Scenario::from_query("foo=1");
    assert_eq!(
        w[0].message(Lang::Es),
        "Se ignoró el parámetro desconocido \"foo\"."
    );
}

#[test]
fn scripts_and_unsafe_urls_are_refused() {
    let (s, w) =
        parse("model=%3Cscript%3Ealert(1)%3C%2Fscript%3E&catalog=javascript:alert(1)&accent=red");
    assert_eq!(s.model, "llama-3.3-70b");
    assert_eq!(s.catalog, None);
    assert_eq!(s.accent, None);
    assert_eq!(w.len(), 3);
}

#[test]
fn only_values_that_differ_from_the_defaults_are_written() {
    let (s, _) = parse("model=llama-3.3-70b&quant=bf16&ctx=16384&eu=1&tenancy=single&gpus=nvidia_h100_sxm,nvidia_l40s");
    assert_eq!(
        s.to_query(),
        "v=6&ctx=16384&eu=1&tenancy=single&gpus=nvidia_h100_sxm,nvidia_l40s"
    );
    assert_eq!(s.tenancy, Tenancy::Single);
}

#[test]
fn every_warning_reads_in_english_and_in_spanish() {
    let many = "x=1&".repeat(163);
    let (_, w) = Scenario::from_query(&format!("v=7&ctx=0&quant=q9_z&foo=1&{many}"));
    let en: Vec<String> = w.iter().map(|w| w.message(Lang::En)).collect();
    let es: Vec<String> = w.iter().map(|w| w.message(Lang::Es)).collect();
    assert_eq!(
        en[..5],
        [
            "The link has too many parameters; 7 were ignored.",
            "This link uses scenario version 7; it was read as version 6.",
            "\"ctx\" = 0 is out of range; 1 is used instead.",
            "\"quant\" = \"q9_z\" is not valid (expected a weight format such as bf16, fp8, awq4 or q4_k_m); the default is used.",
            "Unknown parameter \"foo\" was ignored.",
        ]
    );
    assert_eq!(
        es[..5],
        [
            "El enlace tiene demasiados parámetros; se ignoraron 7.",
            "Este enlace usa la versión 7 del escenario; se leyó como versión 6.",
            "\"ctx\" = 0 está fuera de rango; se usa 1.",
            "\"quant\" = \"q9_z\" no es válido (se esperaba a weight format such as bf16, fp8, awq4 or q4_k_m); se usa el valor por defecto.",
            "Se ignoró el parámetro desconocido \"foo\".",
        ]
    );
}

#[test]
fn a_custom_or_unknown_model_is_named_in_both_languages() {
    let catalog = Catalog::builtin();
    let (custom, _) = Scenario::from_query("params=13.5");
    let (unknown, _) = Scenario::from_query("model=nope");
    let mut warnings = Vec::new();
    let name = |s: &Scenario, lang, w: &mut Vec<String>| resolve_model(s, &catalog, lang, w).name;
    assert_eq!(
        name(&custom, Lang::En, &mut warnings),
        "Custom model (13.5 B parameters)"
    );
    assert_eq!(
        name(&custom, Lang::Es, &mut warnings),
        "Modelo propio (13.5 B de parámetros)"
    );
    assert!(warnings.is_empty());
    name(&unknown, Lang::En, &mut warnings);
    name(&unknown, Lang::Es, &mut warnings);
    assert_eq!(
        warnings,
        [
            "Unknown model \"nope\"; showing llama-3.3-70b instead.",
            "Modelo desconocido \"nope\"; se muestra llama-3.3-70b en su lugar.",
        ]
    );
}

/// Keys are read lowercased: a key with a capital in the table could never be read.
#[test]
fn the_table_names_each_key_once_in_lowercase() {
    let keys: Vec<&str> = FIELDS.iter().map(|f| f.key()).collect();
    // 52, 17 architecture fields added after `tied` (name, ctx_limit, the MoE layout, layer
    // patterns, linear attention, the indexer, active_params), kv_basis, spot and epochs; own
    // and owned hardware's seven assumptions; max_term; community. 24 more for imports (issue
    // 27): the Mamba-2 layers (6), kv_shared, per-layer embeddings (2), towers, native, the
    // family's flags (7), MLA's q_lora_rank, qk_nope_dim, v_head_dim, mtp, the checkpoint's bytes
    // and format, MiniMax's lightning layers. Two for embedding hosts (issue 30): pick, compact.
    assert_eq!(keys.len(), 121);
    assert_eq!(keys[0], "v");
    for (i, k) in keys.iter().enumerate() {
        assert!(!keys[..i].contains(k), "{k} twice");
        assert_eq!(*k, k.to_ascii_lowercase());
    }
}

#[test]
fn every_range_is_well_formed_and_holds_its_default() {
    let d = Scenario::default();
    let mut defaults_checked = 0;
    for f in FIELDS {
        let Some(r) = f.range() else { continue };
        assert!(r.min < r.max && r.step > 0.0, "{}: {r:?}", f.key());
        if r.whole {
            assert!(r.min.fract() == 0.0 && r.max.fract() == 0.0, "{}", f.key());
        }
        if let Some((low, high)) = r.log2_span {
            assert!(
                low < high && low.exp2() >= r.min && high.exp2() <= r.max,
                "{}",
                f.key()
            );
        }
        if let Some(x) = f.number(&d) {
            assert!(r.contains(x), "{}: default {x} outside {r:?}", f.key());
            defaults_checked += 1;
        }
    }
    // ctx, seqs, rpd, train_tokens, epochs, in, out, tps, hours, months, spare, users; the rest
    // (ttft among them: the model type's) default to unset.
    assert_eq!(defaults_checked, 12);
    assert_eq!(fields::CTX.range.log2_span, Some((9.0, 23.0)));
    assert_eq!(
        (fields::HOURS.range.min, fields::HOURS.range.max),
        (1.0, 24.0)
    );
}

/// The values tried for a field: for a number, its bounds, a value inside and values beyond;
/// for a choice, every id; for the rest, one valid text of each kind.
fn candidates(f: &dyn inference_sizer::scenario::Field) -> Vec<String> {
    if let Some(r) = f.range() {
        let mid = (r.min + r.max) / 2.0;
        return [r.min, r.max, mid, mid + 0.25, r.min - 1.0, r.max * 2.0]
            .iter()
            .map(|x| x.to_string())
            .collect();
    }
    let choices = f.choices();
    if !choices.is_empty() {
        return choices.iter().map(|c| c.to_string()).collect();
    }
    [
        "llama-3.1-8b",
        "%23AbCdEf",
        "https://example.org/catalog.json",
        "Acme GPU Cloud",
        "2026-11-01",
        "nvidia_h100_sxm,nvidia_l40s",
        "bare_metal,vps",
        "2",
    ]
    .iter()
    .map(|c| c.to_string())
    .collect()
}

/// Every field, given each of its candidate values: the canonical link reads back to the same
/// scenario, with no warning, and normalising that scenario changes nothing. Each field but the
/// version is written for at least one value (so its reading and its writing agree on the key).
#[test]
fn every_field_round_trips() {
    for f in FIELDS {
        let key = f.key();
        let mut written = false;
        for raw in candidates(*f) {
            let (s, _) = Scenario::from_query(&format!("{key}={raw}"));
            let canonical = s.to_query();
            let (again, warnings) = Scenario::from_query(&canonical);
            assert!(
                warnings.is_empty(),
                "{key}={raw}: {canonical}: {warnings:?}"
            );
            assert_eq!(again, s, "{key}={raw}: {canonical}");
            let mut normal = s.clone();
            normal.normalise();
            assert_eq!(normal, s, "{key}={raw}");
            written |= canonical
                .split('&')
                .any(|p| p.starts_with(&format!("{key}=")));
        }
        assert!(written || key == "v", "{key} is never written");
    }
}

fn arb_scenario() -> impl Strategy<Value = String> {
    let pairs = prop::collection::vec(
        (
            prop::sample::select(vec![
                "model",
                "params",
                "layers",
                "quant",
                "kv",
                "ctx",
                "seqs",
                "engine",
                "task",
                "rpd",
                "in",
                "out",
                "tps",
                "ttft",
                "hours",
                "months",
                "eu",
                "spot",
                "tenancy",
                "gpus",
                "kinds",
                "cur",
                "lang",
                "embed",
                "theme",
                "accent",
                "provider",
                "egress_gb",
                "pue",
                "window",
                "tied",
                "catalog",
                "asof",
                "zzz",
            ]),
            prop::sample::select(vec![
                "1",
                "0",
                "8k",
                "-5",
                "1e30",
                "NaN",
                "q4_k_m",
                "awq4",
                "single",
                "es",
                "USD",
                "dark",
                "#112233",
                "bare_metal,vps",
                "nvidia_h100_sxm",
                "llama-3.1-8b",
                "%ZZ",
                "%E2%82%AC",
                "2026-11-01",
                "inf",
                "",
            ]),
        ),
        0..12,
    );
    pairs.prop_map(|ps| {
        ps.iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A canonical URL reads back to the same scenario, and writes the same string again.
    #[test]
    fn a_url_round_trips(q in arb_scenario()) {
        let (s, _) = Scenario::from_query(&q);
        let canonical = s.to_query();
        let (again, warnings) = Scenario::from_query(&canonical);
        prop_assert!(warnings.is_empty(), "{canonical}: {warnings:?}");
        prop_assert_eq!(&again, &s);
        prop_assert_eq!(again.to_query(), canonical);
    }

    /// The exported scenario file reads back to the same scenario, with no warning.
    #[test]
    fn a_scenario_file_round_trips(q in arb_scenario()) {
        let (s, _) = Scenario::from_query(&q);
        let file = to_file_json(&s);
        let (again, warnings) = from_file_json(&file).expect("the page's own file is read");
        prop_assert!(warnings.is_empty(), "{file}: {warnings:?}");
        prop_assert_eq!(again, s);
    }

    /// No input, however broken, panics; every number stays finite and in range.
    #[test]
    fn any_string_parses_without_panic(q in ".{0,300}") {
        let (s, _) = Scenario::from_query(&q);
        prop_assert!(s.ctx >= 1 && s.ctx <= 10_000_000);
        prop_assert!(s.hours.is_finite() && (1.0..=24.0).contains(&s.hours));
        prop_assert!(s.rpd.is_finite());
    }
}

/// Numbers anything could put in a scenario: out of range, not finite, with more decimals than a
/// link writes, huge.
fn wild_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::sample::select(vec![
            0.0,
            -0.0,
            -1.0,
            0.5,
            2.5,
            24.0000001,
            0.123456789,
            1e15 + 0.5,
            1e300,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ]),
        -1e7..1e14f64,
    ]
}

fn wild_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            String::new(),
            " Llama-3.1-8B ".into(),
            "bare_metal,VPS, ,x".into(),
            "#ABCDEF ".into(),
            "javascript:alert(1)".into(),
            "2026-11-01".into(),
            "a\u{1}b".into(),
        ]),
        ".{0,24}",
    ]
}

/// A scenario as an edit could leave it, before `normalise`.
fn wild_scenario() -> impl Strategy<Value = Scenario> {
    (
        prop::collection::vec(wild_number(), 10),
        prop::collection::vec(any::<u64>(), 6),
        prop::collection::vec(wild_text(), 6),
        prop::collection::vec(any::<bool>(), 8),
    )
        .prop_map(|(x, n, t, b)| {
            let mut s = Scenario::default();
            (s.rpd, s.train_tokens, s.tps, s.hours, s.months) = (x[0], x[1], x[2], x[4], x[5]);
            s.ttft_ms = Some(x[3]);
            s.params_b = b[0].then_some(x[6]);
            s.assumptions.peak = b[1].then_some(x[7]);
            s.assumptions.bw_eff = b[2].then_some(x[8]);
            s.assumptions.egress_gb = b[3].then_some(x[9]);
            (s.ctx, s.seqs, s.tokens_in, s.tokens_out) = (n[0], n[1], n[2], n[3]);
            s.arch.layers = b[4].then_some(n[4]);
            s.arch.window = b[5].then_some(n[5]);
            s.model = t[0].clone();
            s.gpus = vec![t[1].clone(), t[2].clone()];
            s.kinds = vec![t[2].clone(), t[1].clone()];
            s.accent = b[6].then(|| t[3].clone());
            s.provider = b[7].then(|| t[4].clone());
            s.catalog = Some(t[5].clone());
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// `normalise` is the scenario its own link reads back as, and it is done once for all.
    #[test]
    fn normalise_gives_what_the_link_reads_back_as(s in wild_scenario()) {
        let mut normal = s.clone();
        normal.normalise();
        let (read_back, _) = Scenario::from_query(&s.to_query());
        prop_assert_eq!(&normal, &read_back);
        // Bit for bit: -0.0 comes back as the default 0.0, not as itself.
        prop_assert_eq!(format!("{normal:?}"), format!("{read_back:?}"));
        let mut twice = normal.clone();
        twice.normalise();
        prop_assert_eq!(&twice, &normal);
        prop_assert!((1.0..=24.0).contains(&normal.hours) && normal.ctx >= 1);
    }
}

/// An input's arrows step on a grid that starts at its `min`: a custom model's size (from 0.001
/// B, in steps of 0.1) shows `min=0` so that 13 steps to 13.1, not 13.001; training tokens (from
/// 1, in steps of a million) show `min=0`; a range whose minimum is on its grid keeps it.
#[test]
fn input_minimums_sit_on_the_arrows_grid() {
    use inference_sizer::scenario::fields::{CTX, PARAMS_B, PEAK, TRAIN_TOKENS};
    assert_eq!(PARAMS_B.range.input_min(), 0.0);
    assert_eq!(TRAIN_TOKENS.range.input_min(), 0.0);
    assert_eq!(CTX.range.input_min(), 1.0);
    assert_eq!(PEAK.range.input_min(), PEAK.range.min);
}

/// An imported config that differs from every preset keeps its own name and context limit
/// through the link (Mistral Nemo's 128,000, not the nearest preset's).
#[test]
fn an_import_keeps_its_name_and_context_limit_through_the_link() {
    use inference_sizer::model::import::from_config_json;
    use inference_sizer::scenario::import_into;
    let catalog = Catalog::builtin();
    // Its published config says `sliding_window: null` (absent, MistralConfig's 4,096 applies).
    let nemo = from_config_json(
        r#"{"architectures": ["MistralForCausalLM"], "model_type": "mistral",
        "hidden_size": 5120, "intermediate_size": 14336, "num_attention_heads": 32,
        "num_key_value_heads": 8, "head_dim": 128, "num_hidden_layers": 40, "vocab_size": 131072,
        "max_position_embeddings": 128000, "tie_word_embeddings": false, "sliding_window": null,
        "_name_or_path": "mistralai/Mistral-Nemo-Instruct-2407"}"#,
    )
    .unwrap()
    .arch;
    // A fine-tune with a different vocabulary is no preset: overrides, with its name and limit.
    let tuned = inference_sizer::model::ModelArch {
        vocab: 131_080,
        name: "my-org/nemo-tuned".into(),
        ..nemo.clone()
    };
    let mut s = Scenario::default();
    import_into(&mut s, &tuned, &catalog);
    let link = s.to_query();
    assert!(link.contains("name=my-org"), "{link}");
    let back = Scenario::from_query(&link).0;
    let mut warnings = Vec::new();
    let m = resolve_model(&back, &catalog, Lang::En, &mut warnings);
    assert_eq!(m.name, "my-org/nemo-tuned");
    assert_eq!(m.max_position, 128_000);
    assert_eq!(
        inference_sizer::model::param_counts(&m).total,
        inference_sizer::model::param_counts(&tuned).total
    );
    // The exact architecture of a preset is that preset.
    let mut s = Scenario::default();
    import_into(&mut s, &nemo, &catalog);
    assert_eq!(s.model, "mistral-nemo");
    assert!(s.arch.is_empty());
}

/// A Qwen3-Next-like import and a Llama 4-like one carry their layer kinds through the link.
#[test]
fn new_architecture_fields_round_trip_through_the_link() {
    let catalog = Catalog::builtin();
    let q = "model=qwen3-next-80b-a3b&layers=64&full_attn_every=8&linear_v_heads=16\
             &linear_k_heads=8&linear_k_dim=64&linear_v_dim=64&linear_conv=3";
    let s = Scenario::from_query(q).0;
    let mut w = Vec::new();
    let m = resolve_model(
        &Scenario::from_query(&s.to_query()).0,
        &catalog,
        Lang::En,
        &mut w,
    );
    assert_eq!((m.layers, m.full_attention_interval), (64, 8));
    assert_eq!((m.attention_layers(), m.linear_layers()), (8, 56));
    // State per sequence: 56 x ((2·8·64 + 16·64)·2 + 16·64·64) = 56 x 69,632 = 3,899,392.
    let kv = inference_sizer::model::kv_shape(&m, KvType::Bf16);
    assert_eq!(kv.state_per_seq, 3_899_392.0);
    let l4 = "model=llama-4-scout&chunk=4096&global_layers=6&shared_experts=0&dense_layers=2\
              &moe_step=2&index_heads=1&ctx_limit=65536";
    let s = Scenario::from_query(l4).0;
    assert_eq!(Scenario::from_query(&s.to_query()).0, s);
    let m = resolve_model(&s, &catalog, Lang::En, &mut w);
    assert_eq!(
        (m.attention_chunk, m.global_layers(), m.shared_experts),
        (4096, 6, 0)
    );
    assert_eq!((m.first_dense_layers, m.moe_layer_step), (2, 2));
    assert_eq!(m.max_position, 65_536);
}

/// `params=` takes the architecture given with it (the cache from its attention, exactly) and
/// `active_params` for an MoE.
#[test]
fn params_with_architecture_fields_sizes_the_cache_and_the_active_parameters() {
    let catalog = Catalog::builtin();
    let mut w = Vec::new();
    let s = Scenario::from_query(
        "params=110&active_params=17&layers=48&hidden=5120&heads=40&kv_heads=8&head_dim=128",
    )
    .0;
    let m = resolve_model(&s, &catalog, Lang::En, &mut w);
    let p = inference_sizer::model::param_counts(&m);
    assert_eq!((p.total, p.active), (110_000_000_000, 17_000_000_000));
    // 2 · 48 · 8 · 128 · 2 = 196,608 B/token, exact (the bare size would guess it).
    let kv = inference_sizer::model::kv_shape(&m, KvType::Bf16);
    assert_eq!(kv.global_per_token, 196_608.0);
    assert_eq!(kv.provenance, inference_sizer::model::Provenance::Exact);
    // With chunk and a pattern as well: 12 global, 36 chunked layers.
    let s = Scenario::from_query(
        "params=110&layers=48&hidden=5120&heads=40&kv_heads=8&head_dim=128&chunk=8192&swa_period=4",
    )
    .0;
    let m = resolve_model(&s, &catalog, Lang::En, &mut w);
    let kv = inference_sizer::model::kv_shape(&m, KvType::Bf16);
    assert_eq!(
        (kv.global_per_token, kv.local_per_cell, kv.window),
        (49_152.0, 147_456.0, 8192)
    );
}

/// Scenario version 2 sizes the KV cache for the tokens in flight; a `v=1` link meant every
/// sequence at its full context and is read so (docs/interface.md §1). A link without `v` is
/// read as the current version; an explicit `kv_basis` wins over the migration.
#[test]
fn a_version_1_link_sizes_the_kv_cache_for_full_contexts() {
    let (old, w) = parse("v=1&model=llama-3.1-8b&seqs=64");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(old.kv_basis, KvBasis::Full);
    assert_eq!(
        old.to_query(),
        "v=6&model=llama-3.1-8b&seqs=64&kv_basis=full&ttft=2000&community=1&conc=stated"
    );
    let (again, _) = parse(&old.to_query());
    assert_eq!(again, old);
    let (bare, _) = parse("model=llama-3.1-8b&seqs=64");
    assert_eq!(bare.kv_basis, KvBasis::Inflight);
    let (current, _) = parse("v=3&model=llama-3.1-8b");
    assert_eq!(current.kv_basis, KvBasis::Inflight);
    let (chosen, _) = parse("kv_basis=inflight&v=1");
    assert_eq!(chosen.kv_basis, KvBasis::Inflight);
    // The last `v` counts, as for every other key.
    assert_eq!(parse("v=2&v=1").0.kv_basis, KvBasis::Full);
    assert_eq!(parse("v=1&v=2").0.kv_basis, KvBasis::Inflight);
    let (bad, w) = parse("kv_basis=half");
    assert_eq!(bad.kv_basis, KvBasis::Inflight);
    assert_eq!(w.len(), 1);
}

#[test]
fn a_scenario_file_is_read_through_its_query_which_wins_over_its_fields() {
    // What "Export scenario" writes: the fields for a person, the query for the page. A field
    // edited by hand without the query is not what the page reads: the query is the scenario.
    let (s, _) = Scenario::from_query("model=llama-3.1-8b&ctx=32768&cur=usd");
    let file = to_file_json(&s);
    assert!(
        file.contains("\"query\": \"v=6&model=llama-3.1-8b&ctx=32768&cur=USD\""),
        "{file}"
    );
    assert!(
        file.contains("\"ctx\": 32768"),
        "the fields are written for a person: {file}"
    );
    let edited = file.replace("\"ctx\": 32768", "\"ctx\": 4096");
    let (read, warnings) = from_file_json(&edited).unwrap();
    assert!(warnings.is_empty());
    assert_eq!((read.model.as_str(), read.ctx), ("llama-3.1-8b", 32768));
}

#[test]
fn a_hand_written_scenario_file_may_give_url_parameters_as_keys() {
    let (s, warnings) = from_file_json(
        r#"{"model": "qwen2.5-72b", "ctx": 16384, "eu": true, "gpus": ["nvidia_h100_sxm", "nvidia_h200_sxm"], "note": "mine"}"#,
    )
    .unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        (s.model.as_str(), s.ctx, s.eu),
        ("qwen2.5-72b", 16384, true)
    );
    assert_eq!(s.gpus, ["nvidia_h100_sxm", "nvidia_h200_sxm"]);
    // Clamped and warned like a link.
    let (s, warnings) = from_file_json(r#"{"ctx": 1e12}"#).unwrap();
    assert_eq!(s.ctx, 10_000_000);
    assert_eq!(warnings.len(), 1);
}

#[test]
fn a_file_that_is_not_a_scenario_is_refused() {
    for text in [
        "",
        "[]",
        "42",
        "{",
        r#"{"title": "not a scenario"}"#,
        r#"{"query": 7}"#,
    ] {
        assert!(from_file_json(text).is_none(), "{text}");
    }
}

/// Decimal texts of every shape core's parser reads, and some it refuses.
fn decimal_text() -> impl Strategy<Value = String> {
    let digits = "[0-9]{0,22}";
    (
        prop_oneof![Just(""), Just("-"), Just("+")],
        digits,
        prop_oneof![Just(String::new()), digits.prop_map(|d| format!(".{d}"))],
        prop_oneof![
            Just(String::new()),
            (
                prop_oneof![Just("e"), Just("E")],
                prop_oneof![Just(""), Just("-"), Just("+")],
                0u32..400
            )
                .prop_map(|(e, s, p)| format!("{e}{s}{p}")),
        ],
    )
        .prop_map(|(sign, int, frac, exp)| format!("{sign}{int}{frac}{exp}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// The page reads numbers without core's float parser: the same texts are numbers, to the
    /// same double whenever the digits are at most 15 significant (all the app writes), else
    /// within 1e-14 of it.
    #[test]
    fn decimals_read_as_core_reads_them(text in decimal_text()) {
        let ours = inference_sizer::format::parse_decimal(&text);
        let core = text.parse::<f64>().ok();
        prop_assert_eq!(ours.is_some(), core.is_some(), "{}", text);
        if let (Some(a), Some(b)) = (ours, core) {
            let significant = text
                .split(['e', 'E'])
                .next()
                .unwrap()
                .trim_start_matches(['-', '+'])
                .replace('.', "")
                .trim_start_matches('0')
                .trim_end_matches('0')
                .len();
            let exponent_small = b == 0.0 || (b.abs() > 1e-250 && b.abs() < 1e250);
            if significant <= 15 && (b.abs() < 9e15 && b.abs() > 1e-7 || b == 0.0) {
                prop_assert_eq!(a.to_bits(), b.to_bits(), "{}", text);
            } else if b.is_finite() && exponent_small {
                prop_assert!((a - b).abs() <= b.abs() * 1e-14, "{}: {} against {}", text, a, b);
            }
        }
    }

    /// What a link writes reads back to the same double: six decimals below 10^9 (the
    /// largest range with decimals), whole numbers up to 10^15 (`rpd` reaches 10^12).
    #[test]
    fn every_number_a_link_writes_reads_back_exactly(v in -1e9f64..1e9, whole in -1e15f64..1e15) {
        for text in [format!("{v:.6}"), format!("{}", whole.round() as i64)] {
            let expected = text.parse::<f64>().unwrap();
            prop_assert_eq!(inference_sizer::format::parse_decimal(&text).map(f64::to_bits), Some(expected.to_bits()), "{}", text);
        }
    }
}

#[test]
fn decimal_words_and_refusals_follow_core() {
    use inference_sizer::format::parse_decimal;
    for text in [
        "inf",
        "-inf",
        "+Infinity",
        "NaN",
        "nan",
        "-NaN",
        "infinity",
        "1.",
        ".5",
        "-.5e2",
        "0",
        "-0",
        "1e400",
        "1e-400",
        "",
        ".",
        "-",
        "+",
        "e5",
        "1e",
        "1e+",
        "1.2.3",
        " 1",
        "1 ",
        "1_000",
        "0x10",
        "1,5",
        "--1",
        "+-1",
        "1e5.5",
        "infinite",
        "in",
    ] {
        let core = text.parse::<f64>().ok();
        let ours = parse_decimal(text);
        assert_eq!(ours.is_some(), core.is_some(), "{text:?}");
        if let (Some(a), Some(b)) = (ours, core) {
            assert!(
                a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                "{text:?}: {a} {b}"
            );
        }
    }
}

#[test]
fn trailing_zeros_do_not_cost_a_decimal_its_exactness() {
    // Found by `decimals_read_as_core_reads_them`: 17 digits, 15 of them significant.
    for text in [
        "3603000.0000000700",
        "1.2300000000000000000000",
        "120000000000000000000e-20",
    ] {
        assert_eq!(
            inference_sizer::format::parse_decimal(text).map(f64::to_bits),
            text.parse::<f64>().ok().map(f64::to_bits),
            "{text}"
        );
    }
}

#[test]
fn tracking_parameters_are_ignored_without_a_notice() {
    let (s, warnings) = Scenario::from_query(
        "model=llama-3.1-8b&utm_source=newsletter&utm_medium=email&fbclid=IwAR0x&gclid=Cj0K&ref=hn&foo=1",
    );
    assert_eq!(s.model, "llama-3.1-8b");
    // Only the parameter nobody recognises is noted.
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(!s.to_query().contains("utm_") && !s.to_query().contains("fbclid"));
}

/// Scenario version 3 keeps a 24/7 service off community and marketplace hosts unless
/// `community=1`; a `v=1` or `v=2` link showed them beside the others and is read with
/// `community=1`, so that an old link's verdict does not move silently. A link without `v`, and
/// an explicit `community`, are read as they say.
#[test]
fn a_version_2_link_keeps_community_hosts_as_it_showed_them() {
    let (old, w) = parse("v=2&model=llama-3.3-70b");
    assert!(w.is_empty(), "{w:?}");
    assert!(old.community && old.allows_community_hosts());
    assert_eq!(old.to_query(), "v=6&ttft=2000&community=1&conc=stated");
    assert_eq!(parse(&old.to_query()).0, old);
    assert!(parse("v=1").0.community);
    assert!(!parse("v=2&community=0").0.community);
    assert!(!parse("model=llama-3.3-70b").0.community);
    assert!(!parse("v=3").0.community);
    assert!(parse("v=3&community=1").0.community);
    let (bad, w) = parse("community=maybe");
    assert!(!bad.community);
    assert_eq!(w.len(), 1);
}

/// Scenario version 4 derives each copy's concurrency from the request rate, `seqs` becoming
/// the engine's cap (`conc=load`); a link of an earlier version meant `seqs` as the concurrency
/// every copy holds and is read with `conc=stated`, so that its verdict does not move. A link
/// without `v`, and an explicit `conc`, are read as they say.
#[test]
fn a_version_3_link_keeps_its_stated_concurrency() {
    use inference_sizer::scenario::Concurrency;
    let (old, w) = parse("v=3&model=llama-3.3-70b&seqs=8&rpd=5000");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(old.concurrency, Concurrency::Stated);
    assert!(!old.concurrency_from_load());
    assert_eq!(old.to_query(), "v=6&seqs=8&rpd=5000&ttft=2000&conc=stated");
    assert_eq!(parse(&old.to_query()).0, old);
    let (now, _) = parse("model=llama-3.3-70b&seqs=8&rpd=5000");
    assert_eq!(now.concurrency, Concurrency::Load);
    assert!(now.concurrency_from_load());
    // Without a rate, or fine-tuning, `seqs` is what is sized either way.
    assert!(!parse("seqs=8").0.concurrency_from_load());
    assert!(!parse("rpd=5000&task=lora").0.concurrency_from_load());
    assert_eq!(parse("v=3&conc=load").0.concurrency, Concurrency::Load);
    // The layout and the spares: `tp` from 0 (searched, as unset) to 64; `spare` from 0 to 8.
    assert_eq!(parse("tp=4").0.tp, Some(4));
    assert_eq!(parse("").0.tp, None);
    assert_eq!(parse("tp=0").0.tp, Some(0));
    assert_eq!(parse("spare=1").0.spare, 1);
    assert_eq!(parse("spare=99").0.spare, 8);
}
