//! The single entry point end to end: `evaluate` and the `sizer` command over the shipped catalogue.

use inference_sizer::catalog::Catalog;
use inference_sizer::report::{
    evaluate, evaluate_query, Deployment, OptionReport, Report, TermKey,
};
use inference_sizer::scenario::{Lang, Scenario};
use proptest::prelude::*;
use std::process::Command;

fn report_for(query: &str) -> Report {
    evaluate_query(query, &Catalog::builtin())
}

fn all_numbers_finite(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::Number(n) => n.as_f64().is_some_and(f64::is_finite),
        serde_json::Value::Array(a) => a.iter().all(all_numbers_finite),
        serde_json::Value::Object(o) => o.values().all(all_numbers_finite),
        _ => true,
    }
}

#[test]
fn llama_8b_in_q4_k_m_is_sized_exactly_and_gets_a_verdict() {
    let r = report_for("model=llama-3.1-8b&quant=q4_k_m&ctx=8192&seqs=16&kv_basis=inflight");
    assert_eq!(r.model.params, 8_030_261_248);
    // KV per token: 2 x 32 layers x 8 KV heads x 128 x 2 B = 131,072 B. Sized for the tokens in
    // flight: 16 sequences x (1,000 prompt + 250 output) = 20,000 tokens (at least one request
    // at 8,192); every sequence at its full context would be 8,192 x 16 = 131,072 tokens.
    assert_eq!(r.memory.kv_bytes_per_token, 131_072);
    assert_eq!(r.memory.kv_cache_bytes, 131_072 * 20_000);
    assert_eq!(r.memory.kv_cache_full_context_bytes, 131_072 * 8192 * 16);
    let full = report_for("model=llama-3.1-8b&quant=q4_k_m&ctx=8192&seqs=16&kv_basis=full");
    assert_eq!(full.memory.kv_cache_bytes, 131_072 * 8192 * 16);
    assert_eq!(full.memory.kv_cache_full_context_bytes, 131_072 * 8192 * 16);
    // Q4_K_M on Llama-3.1-8B: 4.8944 bpw x 8.03e9 / 8 = 4.913e9 B (llama.cpp quantize README), within 1%.
    let expected = 4.8944 * 8_030_261_248.0 / 8.0;
    assert!(
        (r.memory.weights_bytes as f64 / expected - 1.0).abs() < 0.01,
        "{}",
        r.memory.weights_bytes
    );
    let v = r.recommendation.as_ref().expect("a verdict");
    assert!(v.monthly_cost > 0.0 && !v.reasons().is_empty());
    assert!(r
        .options
        .iter()
        .any(|o| o.offer_id == v.offer_id && o.usable));
    assert!(
        r.throughput.decode_tokens_per_s_per_user > 20.0,
        "{:?}",
        r.throughput
    );
}

#[test]
fn the_options_put_usable_ones_first_and_say_why_the_others_do_not_fit() {
    let r = report_for("model=llama-3.1-405b");
    let first_unusable = r
        .options
        .iter()
        .position(|o| !o.usable)
        .unwrap_or(r.options.len());
    assert!(r.options[first_unusable..].iter().all(|o| !o.usable));
    for o in r.options.iter().filter(|o| !o.fits) {
        assert!(
            o.why_not.as_deref().is_some_and(|w| !w.is_empty()),
            "{} has no reason",
            o.offer_id
        );
    }
    // 405B in BF16 is ~811 GB of weights: a single L4 (24 GB) cannot hold it on one server.
    let l4 = r
        .options
        .iter()
        .find(|o| o.gpu_id.as_deref() == Some("nvidia_l4") && o.gpu_count == 1);
    if let Some(l4) = l4 {
        assert!(!l4.usable);
    }
}

#[test]
fn an_unknown_model_falls_back_with_a_warning() {
    let r = report_for("model=no-such-model");
    assert_eq!(r.model.id, "llama-3.3-70b");
    assert!(
        r.warnings.iter().any(|w| w.contains("no-such-model")),
        "{:?}",
        r.warnings
    );
}

#[test]
fn a_bare_parameter_count_is_a_custom_model() {
    let r = report_for("params=13");
    assert_eq!(r.model.id, "custom");
    assert_eq!(r.model.params, 13_000_000_000);
    // BF16: 2 bytes a parameter, at least.
    assert!(r.memory.weights_bytes >= 26_000_000_000);
}

#[test]
fn eu_and_single_tenant_constraints_shape_the_verdict() {
    let r = report_for("model=llama-3.1-8b&eu=1&tenancy=single");
    let v = r.recommendation.expect("an EU single-tenant option exists");
    let o = r.options.iter().find(|o| o.offer_id == v.offer_id).unwrap();
    assert_eq!(o.jurisdiction, "EU");
    assert_eq!(v.deployment, Deployment::BareMetal);
}

#[test]
fn prices_follow_the_display_currency() {
    let eur = report_for("model=llama-3.1-8b");
    let usd = report_for("model=llama-3.1-8b&cur=USD");
    let (a, b) = (eur.recommendation.unwrap(), usd.recommendation.unwrap());
    assert_eq!(a.offer_id, b.offer_id);
    assert_eq!(b.currency, "USD");
    // The catalogue rate is 1.16 USD per EUR.
    assert!(
        (b.monthly_cost / a.monthly_cost - 1.16).abs() < 1e-6,
        "{} {}",
        a.monthly_cost,
        b.monthly_cost
    );
}

#[test]
fn every_preset_evaluates_to_finite_figures() {
    let catalog = Catalog::builtin();
    assert!(catalog.models.len() >= 30);
    for m in &catalog.models {
        let s = Scenario {
            model: m.id.clone(),
            ..Scenario::default()
        };
        let r = evaluate(&s, &catalog);
        assert_eq!(r.model.id, m.id);
        assert!(r.model.params > 0, "{}", m.id);
        assert!(r.memory.weights_bytes > 0, "{}", m.id);
        let json = serde_json::to_value(&r).unwrap();
        assert!(
            all_numbers_finite(&json),
            "{} has a non-finite number",
            m.id
        );
    }
}

#[test]
fn sizer_prints_the_documented_fields_for_every_preset() {
    let catalog = Catalog::builtin();
    for m in &catalog.models {
        let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
            .args(["--compact", &format!("model={}&quant=q4_k_m", m.id)])
            .output()
            .expect("sizer runs");
        assert!(
            out.status.success(),
            "{}: {}",
            m.id,
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(v["schema"], 1);
        assert_eq!(v["model"]["id"], m.id.as_str());
        for f in ["params", "active_params"] {
            assert!(
                v["model"][f].as_u64().is_some_and(|n| n > 0),
                "{} model.{f}",
                m.id
            );
        }
        for f in [
            "weights_bytes",
            "kv_bytes_per_token",
            "kv_cache_bytes",
            "activation_bytes",
            "overhead_bytes",
            "total_bytes",
        ] {
            assert!(v["memory"][f].is_u64(), "{} memory.{f}", m.id);
        }
        for f in [
            "decode_tokens_per_s_per_user",
            "aggregate_tokens_per_s",
            "ttft_ms",
        ] {
            assert!(v["throughput"][f].is_number(), "{} throughput.{f}", m.id);
        }
        let options = v["options"].as_array().expect("options");
        assert!(!options.is_empty());
        for f in [
            "offer_id",
            "provider",
            "kind",
            "gpu_count",
            "servers",
            "fits",
            "why_not",
            "monthly_cost",
            "cost_per_million_tokens",
            "cost_per_thousand_requests",
            "break_even_weeks",
        ] {
            assert!(options[0].get(f).is_some(), "{} options[].{f}", m.id);
        }
        if !v["recommendation"].is_null() {
            for f in [
                "offer_id",
                "provider",
                "gpu_id",
                "gpu_count",
                "servers",
                "deployment",
                "monthly_cost",
                "currency",
                "reasons",
            ] {
                assert!(
                    v["recommendation"].get(f).is_some(),
                    "{} recommendation.{f}",
                    m.id
                );
            }
        }
    }
}

#[test]
fn sizer_refuses_an_unreadable_catalogue_and_warns_on_bad_input() {
    let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args(["--catalog", "/nonexistent.json", "model=x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read catalogue"));
    let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args(["--compact", "https://x.example/?ctx=-4&bogus=1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["warnings"].as_array().unwrap().len(), 2);
}

#[test]
fn sizer_help_prints_usage_to_stdout_and_exits_0_but_an_unknown_flag_exits_2() {
    for flag in ["--help", "-h"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
            .arg(flag)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{flag}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.starts_with("Sizes the hardware"), "{stdout}");
        assert!(
            stdout
                .contains("usage: sizer [--catalog FILE] [--today YYYY-MM-DD] [--compact | --csv]"),
            "{stdout}"
        );
        assert!(stdout.contains("--compact"), "{stdout}");
        assert!(stdout.contains("  --csv  "), "{stdout}");
        assert!(out.stderr.is_empty(), "{flag}");
    }
    // Help wins over the rest of the line, even an unreadable catalogue.
    let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args(["--catalog", "/nonexistent.json", "--help"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    for flag in ["--bogus", "-x"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
            .args([flag, "model=llama-3.1-8b"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(out.stdout.is_empty(), "{flag}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("sizer: unknown option {flag}\nusage: sizer")),
            "{stderr}"
        );
    }
}

#[test]
fn why_an_option_does_not_fit_is_said_in_spanish_with_decimal_commas() {
    // DeepSeek-V3 (61 layers) at its full 163,840-token context x 400 sequences: a small GPU
    // does not hold one layer's share plus its cache, and the CPU servers would need far more
    // memory than they have.
    let r = report_for("model=deepseek-v3&ctx=163840&seqs=400&kv_basis=full&lang=es");
    let why: Vec<&str> = r
        .options
        .iter()
        .filter_map(|o| o.why_not.as_deref())
        .collect();
    assert!(
        why.contains(&"no cabe en GPU de 22,5 GiB ni repartiendo sus capas en 61 etapas (una sola capa necesita 10,28 GiB de pesos, más el entorno de ejecución y la caché)"),
        "{why:?}"
    );
    assert!(
        why.iter()
            .any(|w| w.starts_with("necesita 4.918,4 GiB por dispositivo; este equipo tiene ")),
        "{why:?}"
    );
    // No English word left in any reason an option is ruled out.
    for w in &why {
        for english in [
            "does not", "fit", "needs", "GPUs", "pipeline", "stages", "layer", "weights",
            "runtime", "hardware", "memory", "unknown", "offer", "too ",
        ] {
            assert!(!w.contains(english), "{english:?} in {w:?}");
        }
    }
    let r = report_for("params=10000&lang=es");
    let [warning] = r.warnings.as_slice() else {
        panic!("{:?}", r.warnings)
    };
    assert_eq!(
        warning,
        &format!(
            "Ninguna opción sirve: el modelo no cabe en la memoria de ninguna de las {} ofertas.",
            r.options.len()
        )
    );
}

#[test]
fn runner_ups_name_their_gpus_and_jurisdictions_in_the_scenarios_language() {
    // Qwen2.5-72B: the runner-ups include other cards and a provider under another jurisdiction.
    let catalog = Catalog::builtin();
    let mut other_cards = 0;
    for (lang, jurisdictions) in [
        (
            "en",
            ["EU jurisdiction", "US jurisdiction", "other jurisdiction"],
        ),
        (
            "es",
            [
                "jurisdicción de la UE",
                "jurisdicción de EE. UU.",
                "otra jurisdicción",
            ],
        ),
    ] {
        for model in ["qwen2.5-72b", "llama-3.1-8b"] {
            let r = report_for(&format!("model={model}&lang={lang}"));
            let rec = r.recommendation.as_ref().expect("a verdict");
            for u in rec.runner_ups() {
                let o = r.options.iter().find(|o| o.offer_id == u.offer_id).unwrap();
                if let Some(gpu) = o.gpu_id.as_deref().and_then(|id| catalog.gpu(id)) {
                    assert!(!u.difference.contains(&gpu.id), "{lang}: {}", u.difference);
                    if o.gpu_id != rec.gpu_id {
                        other_cards += 1;
                        assert!(u.difference.contains(&gpu.name), "{lang}: {}", u.difference);
                    }
                }
                let chosen = r
                    .options
                    .iter()
                    .find(|o| o.offer_id == rec.offer_id)
                    .unwrap();
                if o.jurisdiction != chosen.jurisdiction {
                    let i = ["EU", "US", "other"]
                        .iter()
                        .position(|j| *j == o.jurisdiction);
                    assert!(
                        u.difference.contains(jurisdictions[i.unwrap()]),
                        "{}",
                        u.difference
                    );
                }
            }
        }
    }
    assert!(other_cards >= 2, "no runner-up on another card was checked");
    // Qwen2.5-7B: Salad (US) wins; clouds whose jurisdiction is not verified ("other") run up.
    let es = report_for("model=qwen2.5-7b&lang=es");
    let all: Vec<&str> = es
        .recommendation
        .iter()
        .flat_map(|r| r.runner_ups())
        .map(|u| u.difference.as_str())
        .collect();
    assert!(
        all.iter().any(|d| d.contains("otra jurisdicción")),
        "{all:?}"
    );
    assert!(
        !all.iter().any(|d| d.contains("jurisdicción other")),
        "{all:?}"
    );
}

#[test]
fn the_memory_breakdown_speaks_the_scenarios_language() {
    let basis = |query: &str, key: TermKey| {
        let r = report_for(query);
        let t = r.memory.terms.iter().find(|t| t.key == key).unwrap();
        t.basis.clone()
    };
    assert_eq!(
        basis("model=llama-3.1-8b&lang=es", TermKey::Weights),
        "cada parámetro en 2 bytes"
    );
    assert_eq!(
        basis("model=llama-3.1-8b&lang=en", TermKey::Weights),
        "every parameter at 2 bytes"
    );
    assert_eq!(
        basis("model=llama-3.1-8b&kv_basis=full&lang=es", TermKey::KvCache),
        "131.072 B/token x 8.192 tokens x 16 secuencias"
    );
    // The tokens in flight and the full-context figure in one line: 16 x 1,250 = 20,000 tokens;
    // 16 x 8,192 x 131,072 B = 16 GiB.
    assert_eq!(
        basis("model=llama-3.1-8b&kv_basis=inflight&lang=es", TermKey::KvCache),
        "dimensionada para 20.000 tokens en curso (16 peticiones x 1.250 tokens de entrada y salida, al menos una petición con el contexto completo) x 131.072 B/token; si cada petición usara su contexto completo de 8.192 tokens: 16,0 GiB"
    );
    assert_eq!(
        basis("model=llama-3.1-8b&kv_basis=inflight&lang=en", TermKey::KvCache),
        "sized for 20,000 tokens in flight (16 requests x 1,250 prompt and output tokens, at least one request at the full context) x 131,072 B/token; if every request used its full 8,192-token context: 16.0 GiB"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Absurd but in-range inputs give finite figures, never a panic.
    #[test]
    fn extreme_scenarios_stay_finite(
        params in prop::sample::select(vec![0.001, 1.0, 70.0, 10_000.0]),
        ctx in prop::sample::select(vec![1u64, 8192, 10_000_000]),
        seqs in prop::sample::select(vec![1u64, 100_000]),
        rpd in prop::sample::select(vec![0.0, 1e6, 1e12]),
    ) {
        let r = report_for(&format!("params={params}&ctx={ctx}&seqs={seqs}&rpd={rpd}"));
        let json = serde_json::to_value(&r).unwrap();
        prop_assert!(all_numbers_finite(&json));
    }
}

#[test]
fn an_imported_config_becomes_a_preset_plus_overrides_in_the_url() {
    use inference_sizer::model::import::from_config_json;
    use inference_sizer::report::import_into;
    let catalog = Catalog::builtin();
    // Llama-3.1-8B's own config.json: exactly the preset, no overrides.
    let llama = r#"{"architectures":["LlamaForCausalLM"],"hidden_size":4096,"num_hidden_layers":32,
        "num_attention_heads":32,"num_key_value_heads":8,"intermediate_size":14336,"vocab_size":128256,
        "tie_word_embeddings":false,"max_position_embeddings":131072}"#;
    let imported = from_config_json(llama).expect("reads").arch;
    let mut s = Scenario::default();
    import_into(&mut s, &imported, &catalog);
    assert_eq!(s.model, "llama-3.1-8b");
    assert!(s.arch.is_empty(), "{:?}", s.arch);
    // The same with 40 layers: an override, and the count follows (each Llama-8B layer has
    // 218,112,000 parameters: 8 more layers add 1,744,896,000).
    let deeper = llama.replace("\"num_hidden_layers\":32", "\"num_hidden_layers\":40");
    let imported = from_config_json(&deeper).expect("reads").arch;
    import_into(&mut s, &imported, &catalog);
    assert_eq!(s.arch.layers, Some(40));
    let (back, w) = Scenario::from_query(&s.to_query());
    assert!(w.is_empty());
    let r = evaluate(&back, &catalog);
    assert_eq!(r.model.params, 8_030_261_248 + 8 * 218_112_000);
}

#[test]
fn the_charts_are_drawn_from_the_report_with_their_words() {
    use inference_sizer::chart::{self, from_report};
    use inference_sizer::scenario::Lang;
    let r = report_for("model=llama-3.1-8b&quant=q4_k_m&ctx=8192&kv_basis=full");
    let mem = from_report::memory_vs_context(&r, 8192, Lang::Es);
    assert_eq!(mem.series.len(), 4);
    assert_eq!(mem.series[1].label, "Caché KV");
    // The KV term at 8192 tokens is the report's KV cache on one device (the chosen offer is a
    // single GPU here): 131,072 B x 8192 x 16 = 16 GiB; twice the context, twice the cache.
    assert_eq!(r.recommendation.as_ref().map(|v| v.gpu_count), Some(1));
    let at = |ctx: f64| {
        mem.series[1]
            .points
            .iter()
            .find(|p| p.0 == ctx)
            .expect("on the grid")
            .1
    };
    assert!((at(8192.0) - 16.0).abs() < 1e-9);
    assert!((at(16384.0) - 32.0).abs() < 1e-9);
    let svg = chart::render_svg_memory_vs_context(&mem, 640, 360).expect("draws");
    assert!(svg.contains("Caché KV"));
    let cum = from_report::cumulative_cost(&r, Lang::En);
    assert!(!cum.series.is_empty());
    // Month 0 of every curve is its setup fee.
    for (s, o) in cum.series.iter().zip(&r.curves.cumulative_cost) {
        assert_eq!(s.points[0].0, 0.0);
        assert_eq!(s.label, o.label);
    }
    let svg = chart::render_svg_cumulative_cost(&cum, 640, 360).expect("draws");
    assert!(svg.contains("Cumulative cost"));
}

#[test]
fn an_empty_verdict_says_why() {
    // No EU single-tenant offer holds Llama-3.1-405B in BF16 (~811 GB of weights on one server).
    let r = report_for("model=llama-3.1-405b&eu=1&tenancy=single");
    if r.recommendation.is_none() {
        assert!(
            r.warnings.iter().any(|w| w.contains("offers")),
            "{:?}",
            r.warnings
        );
    }
    let r = report_for("model=llama-3.1-8b&gpus=no_such_gpu");
    assert!(r.recommendation.is_none());
    assert!(!r.warnings.is_empty(), "an empty verdict must be explained");
}

#[test]
fn the_cost_per_token_curves_cross_at_the_break_even_utilisation() {
    // Llama 3.1 8B AWQ, 500k requests a day, EU only: Hetzner GEX45 (bare metal, a monthly fee)
    // against the hourly cloud its break-even utilisation compares with (Gcore's 8x H100
    // virtual machine, the cheapest EU capacity paid by the hour). With the December 2026
    // catalogue and the calibrated speed model the marker sits at 0.892.
    let r = report_for("model=llama-3.1-8b&quant=awq4&rpd=500000&eu=1");
    let u = r
        .curves
        .break_even_utilisation
        .expect("a break-even marker");
    assert!((0.05..=1.0).contains(&u), "{u}");
    let [fixed, cloud] = r.curves.cost_vs_utilisation.as_slice() else {
        panic!("a fixed-fee curve and a cloud curve");
    };
    // The cloud curve is the option the break-even uses, named as in the comparison.
    let fixed_row = r
        .options
        .iter()
        .find(|o| o.offer_id == fixed.offer_id)
        .unwrap();
    assert_eq!(fixed_row.break_even_utilisation, Some(u));
    assert_eq!(
        fixed_row.break_even_utilisation_against.as_deref(),
        Some(cloud.offer_id.as_str())
    );
    let cloud_row = r
        .options
        .iter()
        .find(|o| o.offer_id == cloud.offer_id)
        .unwrap();
    assert_eq!(
        cloud.label,
        format!("{} {}", cloud_row.provider, cloud_row.name)
    );
    assert!(cloud_row.usable && cloud_row.deployment == Deployment::Cloud);
    // The first utilisation on the grid (steps of 5 %) where the fixed-fee curve is the cheaper
    // one is the first grid step at or above the marker.
    let crossing = fixed
        .points
        .iter()
        .zip(&cloud.points)
        .find(|(f, c)| f.1 <= c.1)
        .map(|(f, _)| f.0)
        .expect("the curves cross");
    assert!(
        crossing >= u && crossing - u <= 0.05,
        "curves cross at {crossing}, break-even says {u}"
    );
    // At the marker itself the two costs per token are equal: the fee over the tokens served at
    // u is 1/u times its cost at full use.
    let fixed_at = |x: f64| fixed.points[19].1 / x;
    assert!(
        (fixed_at(u) / cloud.points[0].1 - 1.0).abs() < 1e-9,
        "{} vs {}",
        fixed_at(u),
        cloud.points[0].1
    );
}

#[test]
fn cost_line_bases_written_on_first_read_serialise_as_plain_strings() {
    let r = report_for("model=llama-3.1-8b&quant=q4_k_m&lang=es");
    let json = serde_json::to_string(&r).unwrap();
    // Read back, the bases are the same words (floats may move in the last digit: not compared).
    let back: Vec<OptionReport> = serde_json::from_value(
        serde_json::from_str::<serde_json::Value>(&json).unwrap()["options"].take(),
    )
    .unwrap();
    let bases = |options: &[OptionReport]| -> Vec<String> {
        options
            .iter()
            .flat_map(|o| o.cost_lines.iter().map(|l| l.basis.to_string()))
            .collect()
    };
    assert_eq!(bases(&back), bases(&r.options));
    let line = &r.options[0].cost_lines[0];
    assert_eq!(line.key, "compute");
    assert!(
        line.basis.contains("de la capacidad en uso"),
        "{}",
        line.basis
    );
    assert!(json.contains(&format!("\"basis\":\"{}\"", &*line.basis)));
}

/// Two evaluations of one scenario compare equal without writing every cost-line sentence (the
/// page compares each new report with the last); a basis written out as text still compares
/// equal to the same basis not yet written, and different words compare unequal.
#[test]
fn cost_line_bases_compare_by_their_words() {
    use inference_sizer::report::LazyText;
    let a = report_for("model=llama-3.1-8b&quant=q4_k_m&lang=es");
    let b = report_for("model=llama-3.1-8b&quant=q4_k_m&lang=es");
    assert!(a == b);
    let lazy = &a.options[0].cost_lines[0].basis;
    let written = LazyText::from(lazy.to_string());
    assert_eq!(&written, lazy);
    assert_eq!(lazy, &written);
    let english = report_for("model=llama-3.1-8b&quant=q4_k_m&lang=en");
    assert_ne!(english.options[0].cost_lines[0].basis, *lazy);
    assert_ne!(LazyText::from("something else"), *lazy);
}

/// Why an option cannot serve is written when read (the page shows 25 options of over a hundred):
/// every shortfall, then every exclusion, joined by "; "; no words when nothing stands in the way.
#[test]
fn why_not_is_each_shortfall_then_each_exclusion_joined_by_semicolons() {
    use inference_sizer::cost::{Exclusion, Shortfall};
    use inference_sizer::report::LazyText;
    let shortfalls = vec![
        Shortfall::TooSlow {
            tokens_per_s: 12.0,
            target: 20.0,
        },
        Shortfall::NoThroughput,
    ];
    let exclusions = vec![Exclusion::NotSingleTenant];
    for lang in [Lang::En, Lang::Es] {
        let expected = [
            shortfalls[0].sentence(lang),
            shortfalls[1].sentence(lang),
            exclusions[0].sentence(lang),
        ]
        .join("; ");
        let lazy = LazyText::why_not(shortfalls.clone(), exclusions.clone(), lang).expect("words");
        assert_eq!(lazy.as_str(), expected);
        assert_eq!(expected.matches("; ").count(), 2, "{expected}");
        assert_eq!(
            LazyText::why_not(shortfalls.clone(), exclusions.clone(), lang),
            Some(LazyText::from(expected))
        );
    }
    assert!(LazyText::why_not(Vec::new(), Vec::new(), Lang::En).is_none());
    // In a report: usable options have none; the others say why (some fit in memory but are
    // too slow), in JSON as a plain string. Interruptions allowed, so that the first that fits
    // and is not usable is too slow rather than spot.
    let r = report_for("model=llama-3.3-70b&quant=fp8&tps=40&spot=1&community=1");
    let (usable, not): (Vec<_>, Vec<_>) = r.options.iter().partition(|o| o.usable);
    assert!(!usable.is_empty() && !not.is_empty());
    assert!(usable.iter().all(|o| o.why_not.is_none()));
    assert!(not
        .iter()
        .all(|o| o.why_not.as_deref().is_some_and(|w| !w.is_empty())));
    let slow = not
        .iter()
        .find(|o| o.fits)
        .expect("one fits in memory but is not usable");
    assert!(slow
        .why_not
        .as_deref()
        .is_some_and(|w| w.starts_with("too slow: ")));
    let json: serde_json::Value = serde_json::to_value(&r).expect("JSON");
    let first_no = json["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["usable"] == false))
        .expect("an option that is not usable");
    assert_eq!(first_no["why_not"].as_str(), not[0].why_not.as_deref());
}

#[test]
fn an_offer_ruled_out_by_the_allowed_gpus_names_its_gpu_and_virtualisation_in_words() {
    // Only L40S allowed: an H100 SXM offer is ruled out, said with the catalogue's GPU name.
    for (lang, words) in [
        ("en", "GPU H100 SXM (80GB) not allowed"),
        ("es", "GPU H100 SXM (80GB) no permitida"),
    ] {
        let r = report_for(&format!("model=llama-3.1-8b&gpus=nvidia_l40s&lang={lang}"));
        let h100 = r
            .options
            .iter()
            .find(|o| o.gpu_id.as_deref() == Some("nvidia_h100_sxm"))
            .expect("an H100 SXM offer in the shipped catalogue");
        let why = h100.why_not.as_deref().unwrap_or_default();
        assert!(why.contains(words), "{lang}: {why}");
        assert!(!why.contains("nvidia_"), "{lang}: {why}");
        // No option, used or not, words a virtualisation by its id.
        for o in &r.options {
            let text = o.why_not.as_deref().unwrap_or_default();
            assert!(
                !text.contains("(vm") && !text.contains("(vgpu"),
                "{lang}: {text}"
            );
        }
        if let Some(rec) = &r.recommendation {
            for line in rec
                .reasons()
                .iter()
                .chain(rec.runner_ups().iter().map(|u| &u.difference))
            {
                // English calls container hosting "container": only the other ids would leak.
                let ids: &[&str] = if lang == "en" {
                    &["(vm", "(vgpu", "(passthrough"]
                } else {
                    &["(vm", "(vgpu", "(passthrough", "(container"]
                };
                for id in ids {
                    assert!(!line.contains(id), "{lang}: {line}");
                }
            }
        }
    }
}

#[test]
fn speed_names_hardware_spread_over_servers_in_the_scenarios_language() {
    // The speed is named by the deployment of the verdict: machines, GPUs per copy, the split.
    // The default scenario (Llama 3.3 70B in fp8, 16k x 32) runs one copy on one machine with
    // tensor parallelism over its GPUs (it was spread over three separately rented one-GPU
    // servers before copies stayed in one machine).
    for (lang, machine, tp) in [
        ("en", "1 machine with ", "tensor parallel "),
        ("es", "1 máquina con ", "paralelismo tensorial "),
    ] {
        let r = report_for(&format!("lang={lang}"));
        let rec = r.recommendation.as_ref().expect("a recommendation");
        let hw = &r.throughput.hardware;
        assert_eq!(
            Some(hw.clone()),
            rec.deployment_shape(Lang::parse(lang).unwrap())
        );
        assert_eq!((rec.servers, rec.replicas), (1, 1), "{lang}: {hw}");
        assert!(rec.fabric.is_none());
        assert!(
            hw.starts_with(&format!("{machine}{}× ", rec.gpus_per_replica)),
            "{lang}: {hw}"
        );
        assert_eq!(rec.parallelism.tp, rec.gpus_per_replica);
        assert!(
            hw.ends_with(&format!("{tp}{}", rec.parallelism.tp)),
            "{lang}: {hw}"
        );
    }
    // A small model on one GPU: one machine, no split named.
    let r = report_for("model=llama-3.1-8b&quant=q4_k_m");
    assert_eq!(r.recommendation.as_ref().map(|x| x.servers), Some(1));
    assert!(
        !r.throughput.hardware.contains("parallel"),
        "{}",
        r.throughput.hardware
    );
}

/// How far the recommended hardware stretches, in numbers and in words.
#[test]
fn headroom_of_the_recommended_hardware() {
    use inference_sizer::report::Headroom;
    let h = Headroom {
        max_context_tokens: 21_758,
        at_sequences: 16,
        max_sequences: 42,
        at_context: 8_192,
        context_limit: 131_072,
        request_tokens: 0,
    };
    assert_eq!(
        h.sentence(Lang::En),
        "On this hardware: up to 21,758 tokens of context per request at 16 concurrent requests, or up to 42 concurrent requests at 8,192 tokens."
    );
    assert_eq!(
        h.sentence(Lang::Es),
        "En este equipo: hasta 21.758 tokens de contexto por petición con 16 peticiones simultáneas, o hasta 42 peticiones simultáneas con 8.192 tokens."
    );
    let whole = Headroom {
        max_context_tokens: 131_072,
        ..h.clone()
    };
    assert!(whole
        .sentence(Lang::En)
        .starts_with("On this hardware: the model's whole context (131,072 tokens) per request even at 16 concurrent requests, or"));

    // The recommended hardware holds the scenario, so it stretches at least that far.
    for q in [
        "",
        "model=llama-3.1-8b&quant=q4_k_m&ctx=32768&seqs=4",
        "model=qwen2.5-7b&seqs=64",
    ] {
        let r = report_for(q);
        let s = Scenario::from_query(q).0;
        let h = r
            .memory
            .headroom
            .clone()
            .unwrap_or_else(|| panic!("{q}: headroom"));
        assert_eq!((h.at_sequences, h.at_context), (s.seqs, s.ctx), "{q}");
        assert!(h.max_context_tokens >= s.ctx, "{q}: {h:?}");
        assert!(h.max_sequences >= s.seqs, "{q}: {h:?}");
        assert!(
            h.context_limit == 0 || h.max_context_tokens <= h.context_limit,
            "{q}: {h:?}"
        );
    }
    // Fine-tuning, and no recommendation: none.
    assert_eq!(
        report_for("model=llama-3.1-8b&task=lora").memory.headroom,
        None
    );
    let none = report_for("model=llama-3.1-405b&eu=1&tenancy=single&gpus=nvidia_t4");
    assert!(none.recommendation.is_none());
    assert_eq!(none.memory.headroom, None);
}

/// The comparison CSV, worked out by hand for one option: every field quoted, quotes doubled,
/// amounts with four decimals, and text that a spreadsheet would run as a formula (`=`, `+`,
/// `@`, a `-` that is not a number) defused with a leading `'`.
#[test]
fn the_comparison_csv_quotes_every_field_and_defuses_formulas() {
    use inference_sizer::report::{csv, OfferKind};
    let mut o = report_for("").options.remove(0);
    o.offer_id = "acme-8xh100".into();
    o.provider = "Acme \"GPU\" Cloud".into();
    o.name = "=HYPERLINK(\"http://x\")".into();
    o.kind = OfferKind::CloudOnDemand;
    o.gpu_id = Some("nvidia_h100_sxm".into());
    o.gpu_count = 8;
    o.servers = 1;
    o.fits = true;
    o.why_not = None;
    o.monthly_cost = 17_520.0;
    o.cost_per_million_tokens = Some(1.25);
    o.cost_per_thousand_requests = Some(0.5);
    o.price_per_hour = 24.0;
    o.price_per_gpu_hour = Some(3.0);
    o.break_even_weeks = None;
    o.currency = "EUR".into();
    o.region = "-eu-west".into();
    o.jurisdiction = "EU".into();
    o.source = "https://acme.example/pricing".into();
    o.as_of = "2026-01-15".into();
    o.usable = true;
    o.replicas = 2;
    o.gpus_per_replica = 4;
    o.parallelism = inference_sizer::cost::Parallelism {
        tp: 4,
        pp: 1,
        ep: 4,
    };
    o.fabric = None;
    o.caveat = Some("=weight-only".into());
    o.job_cost = None;
    let text = csv::comparison_at([&o], inference_sizer::report::PerTokenBasis::FullLoad);
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "\"offer_id\",\"provider\",\"name\",\"kind\",\"gpu_id\",\"gpu_count\",\"servers\",\"fits\",\
         \"why_not\",\"monthly_cost\",\"cost_per_million_tokens\",\"cost_per_thousand_requests\",\
         \"price_per_hour\",\"price_per_gpu_hour\",\"break_even_weeks\",\"currency\",\"region\",\
         \"jurisdiction\",\"source\",\"as_of\",\"usable\",\"replicas\",\"gpus_per_replica\",\"tp\",\
         \"pp\",\"ep\",\"fabric\",\"caveat\",\"job_cost\",\"per_token_basis\",\
         \"approximate_price\",\"price_note\",\"input_per_mtok\",\"output_per_mtok\",\
         \"price_currency\",\"reliability_class\",\"config_unknown\",\"availability_uncertain\",\
         \"concurrency_per_copy\",\"peak_utilisation\",\"tpot_ms_at_peak\",\"ttft_p95_ms_at_peak\",\
         \"binding\",\"spare_copies\",\"prepaid_months\",\"no_commitment_offer_id\",\"no_commitment_monthly_cost\",\
         \"commitment_saving_per_month\",\"commitment_total\",\"scenario_line\""
    );
    assert_eq!(
        lines[1],
        "\"acme-8xh100\",\"Acme \"\"GPU\"\" Cloud\",\"'=HYPERLINK(\"\"http://x\"\")\",\"cloud_on_demand\",\
         \"nvidia_h100_sxm\",\"8\",\"1\",\"true\",\"\",\"17520.0000\",\"1.2500\",\"0.5000\",\"24.0000\",\
         \"3.0000\",\"\",\"EUR\",\"'-eu-west\",\"EU\",\"https://acme.example/pricing\",\"2026-01-15\",\"true\",\
         \"2\",\"4\",\"4\",\"1\",\"4\",\"\",\"'=weight-only\",\"\",\"full_load\",\"false\",\"\",\"\",\"\",\"\",\"secure_cloud\",\"false\",\"false\",\
         \"\",\"\",\"\",\"\",\"\",\"0\",\"\",\"\",\"\",\"\",\"\",\"\""
    );
    assert_eq!(lines[2], "", "every line ends with CRLF");
    assert_eq!(lines.len(), 3);
    // A negative number is a number, not a formula.
    assert_eq!(
        csv::line(&["-12.5", "+1", "@me"]),
        "\"-12.5\",\"'+1\",\"'@me\""
    );
}

/// `sizer --csv` prints every option of the scenario, `why_not` in its language.
#[test]
fn sizer_prints_the_comparison_as_csv() {
    let query = "model=llama-3.3-70b&quant=fp8&lang=es";
    let out = Command::new(env!("CARGO_BIN_EXE_sizer"))
        .args(["--csv", query])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let r = report_for(query);
    let expected = inference_sizer::report::csv::export(&r, &r.options);
    assert_eq!(text, expected);
    // The header, one line per option, then one per hosted API.
    assert!(!r.api_reference.is_empty());
    assert_eq!(
        text.matches("\r\n").count(),
        r.options.len() + r.api_reference.len() + 1
    );
    // DeepInfra's Llama 3.3 70B: 0.10 / 0.32 USD per million tokens; the machine columns empty.
    assert!(text.contains("\"hosted_api\",\"\",\"\",\"\",\"true\",\"\",\""));
    assert!(text.contains("\"0.1000\",\"0.3200\",\"USD\",\"\",\"\",\"\","));
    let unusable = r.options.iter().find(|o| o.why_not.is_some()).unwrap();
    let why = unusable.why_not.as_deref().unwrap().replace('"', "\"\"");
    assert!(text.contains(&why), "{why}");
    assert!(text.contains("GiB por dispositivo; este equipo tiene"));
    // Every line of the export names the question: the report's scenario line, last.
    let last = format!("\"{}\"\r\n", r.scenario_line);
    assert!(
        r.scenario_line.starts_with("Llama 3.3 70B, FP8"),
        "{}",
        r.scenario_line
    );
    assert_eq!(
        text.matches(&last).count(),
        r.options.len() + r.api_reference.len()
    );
}

/// Every memory term the model writes, whatever the engine, task and hardware, is a `TermKey`
/// whose id is the model's own key, so the report's JSON keeps the model's words.
#[test]
fn every_memory_term_the_model_writes_has_its_key() {
    use inference_sizer::model::presets::preset;
    use inference_sizer::model::{
        Engine, EngineConstants, GpuFigures, Hardware, Quant, Sizing, Task, Workload,
    };
    use inference_sizer::report::TermKey;
    use inference_sizer::units::{Bytes, GIB};
    let cpu = Hardware::Cpu {
        ram_bytes: Bytes(64.0 * GIB),
        bandwidth_gbs: 60.0,
        cores: 16,
        avx512: false,
        amx: false,
    };
    let gpu = Hardware::gpu(GpuFigures::with_memory_gib(79.6));
    let mut seen = std::collections::HashSet::new();
    // Llama 4 Scout's preset carries its vision tower: the `towers` term.
    for arch in [
        preset("llama-3.1-8b").unwrap(),
        preset("llama-4-scout").unwrap(),
    ] {
        for engine in [Engine::Vllm, Engine::Llamacpp, Engine::Transformers] {
            for task in [Task::Infer, Task::Lora, Task::Qlora, Task::Full] {
                let wl = Workload {
                    engine,
                    task,
                    quant: if task == Task::Qlora {
                        Quant::Nf4
                    } else {
                        Quant::Bf16
                    },
                    ..Workload::default()
                };
                for hw in [&gpu, &cpu] {
                    let m = Sizing::new(&arch, &wl, &EngineConstants::default()).memory(hw);
                    for t in &m.terms {
                        assert_eq!(t.written(Lang::En).key.id(), t.key);
                        seen.insert(TermKey::parse(t.key).unwrap());
                    }
                }
            }
        }
    }
    assert_eq!(seen.len(), TermKey::ALL.len(), "{seen:?}");
}

/// The page reads the GPU's name, one GPU's memory and the runner-ups' names from the report,
/// not from the catalogue; the JSON report leaves them out.
#[test]
fn the_report_carries_the_names_and_sizes_the_page_shows() {
    let catalog = Catalog::builtin();
    let r = evaluate_query("model=llama-3.3-70b&quant=fp8&seqs=8", &catalog);
    let rec = r.recommendation.as_ref().unwrap();
    let spec = catalog.gpu(rec.gpu_id.as_deref().unwrap()).unwrap();
    assert_eq!(rec.gpu_name.as_deref(), Some(spec.name.as_str()));
    assert_eq!(
        rec.gpu_memory,
        Some(inference_sizer::units::Bytes::from_gib(spec.memory_gib))
    );
    let chosen = r
        .options
        .iter()
        .find(|o| o.offer_id == rec.offer_id)
        .unwrap();
    assert_eq!(rec.offer_name(), chosen.name);
    assert!(!rec.runner_ups().is_empty());
    for u in rec.runner_ups() {
        let o = r.options.iter().find(|o| o.offer_id == u.offer_id).unwrap();
        assert_eq!(u.display_name, format!("{} {}", o.provider, o.name));
    }
    for o in &r.options {
        match o.gpu_id.as_deref() {
            // A slice names itself ("⅙ of an A10 (vGPU, time-shared)") and its own memory.
            Some(_) if o.slice.is_some() => {
                let slice = o.slice.as_ref().unwrap();
                assert_eq!(o.gpu_name.as_deref(), Some(slice.words.as_str()));
                assert_eq!(o.gpu_memory.map(|b| b.whole()), Some(slice.memory_bytes));
            }
            Some(id) => {
                let spec = catalog.gpu(id).unwrap();
                assert_eq!(o.gpu_name.as_deref(), Some(spec.name.as_str()), "{id}");
                assert_eq!(o.gpu_memory.map(|b| b.gib()), Some(spec.memory_gib), "{id}");
            }
            None => assert_eq!((&o.gpu_name, o.gpu_memory), (&None, None)),
        }
    }
    let json = serde_json::to_string(&r).unwrap();
    for page_only in ["gpu_name", "gpu_memory\"", "offer_name", "display_name"] {
        assert!(!json.contains(page_only), "{page_only}");
    }
}

#[test]
fn the_report_notes_an_unknown_provider_and_prices_newer_than_the_link() {
    let r = report_for("provider=Nobody%20Inc");
    assert!(
        r.warnings
            .contains(&"No offers from provider \"Nobody Inc\" in this catalogue.".to_string()),
        "{:?}",
        r.warnings
    );
    let r = report_for("asof=2001-01-01&lang=es");
    let now = &Catalog::builtin().as_of;
    assert!(
        r.warnings.contains(&format!(
            "Los precios han cambiado desde que se creó este enlace (2001-01-01); ahora son del {now}."
        )),
        "{:?}",
        r.warnings
    );
    assert!(report_for(&format!("asof={now}")).warnings.is_empty());
}

#[test]
fn the_report_carries_the_ages_the_page_shows_counted_to_the_day_given() {
    let r = report_for("model=llama-3.1-8b");
    // By default the ages are counted to the catalogue's own date: never stale on that day.
    assert_eq!(r.freshness.today, r.catalog_as_of);
    assert_eq!(r.freshness.catalog_age_days, 0);
    // On a later day, each option's price date gives its age; the catalogue's, the notice.
    let later = r.clone().counted_to("2027-06-01");
    assert_eq!(later.freshness.today, "2027-06-01");
    assert!(later.freshness.catalog_stale);
    for o in &later.options {
        let months = inference_sizer::catalog::freshness::months_between(&o.as_of, "2027-06-01");
        assert_eq!(
            later.freshness.price_age(&o.offer_id),
            months.filter(|m| *m >= 6),
            "{}",
            o.offer_id
        );
    }
    // Latitude.sh vm.l40s.small is dated 2026-03-22: 14 whole months on 2027-06-01.
    assert_eq!(
        later.freshness.price_age("latitude-sh-vm.l40s.small"),
        Some(14)
    );
    // The JSON carries it.
    let json = serde_json::to_value(&later).expect("JSON");
    assert_eq!(json["freshness"]["catalog_stale"], true);
}

#[test]
fn the_csv_gives_the_verdicts_option_without_commitment_and_prepaid_months() {
    use inference_sizer::report::csv;
    // The RAG load's verdict (32 sequences on every copy, conc=stated) is Vultr's 8x B200 on a
    // 36-month term; its row carries the best
    // option without commitment as the report's `recommendation.no_commitment` gives it; other
    // rows leave those columns empty. A prepaid year's row says 12 in `prepaid_months`.
    let r =
        report_for("model=llama-3.3-70b&quant=fp8&rpd=200000&in=6000&out=300&seqs=32&conc=stated");
    let rec = r.recommendation.as_ref().unwrap();
    let n = rec.commitment().unwrap().no_commitment.clone().unwrap();
    let text = csv::export(&r, &r.options);
    let at = |name: &str| csv::COLUMNS.iter().position(|c| *c == name).unwrap();
    // Every field is quoted, a quote inside doubled.
    let cells = |line: &str| -> Vec<String> {
        let mut cells = vec![String::new()];
        let mut quoted = false;
        let mut chars = line.chars().peekable();
        while let Some(ch) = chars.next() {
            match (ch, quoted) {
                ('"', true) if chars.peek() == Some(&'"') => {
                    chars.next();
                    cells.last_mut().unwrap().push('"');
                }
                ('"', _) => quoted = !quoted,
                (',', false) => cells.push(String::new()),
                (ch, _) => cells.last_mut().unwrap().push(ch),
            }
        }
        cells
    };
    let rows: Vec<Vec<String>> = text.lines().skip(1).map(cells).collect();
    assert!(rows.iter().all(|c| c.len() == csv::COLUMNS.len()));
    let verdict = rows.iter().find(|c| c[0] == rec.offer_id).unwrap();
    assert_eq!(verdict[at("no_commitment_offer_id")], n.offer_id);
    assert_eq!(
        verdict[at("no_commitment_monthly_cost")],
        format!("{:.4}", n.monthly_cost)
    );
    assert_eq!(
        verdict[at("commitment_saving_per_month")],
        format!("{:.4}", n.saving_per_month)
    );
    assert_eq!(
        verdict[at("commitment_total")],
        format!("{:.4}", n.commitment_total)
    );
    // What the term binds: 36 x the verdict's monthly cost (no setup fee).
    assert!((n.commitment_total - 36.0 * rec.monthly_cost).abs() < 1.0);
    assert_eq!(
        rows.iter()
            .filter(|c| !c[at("no_commitment_offer_id")].is_empty())
            .count(),
        1
    );
    let prepaid = rows
        .iter()
        .find(|c| c[0] == "latitude-sh-g3.h100.small-annual-prepaid")
        .unwrap();
    assert_eq!(prepaid[at("prepaid_months")], "12.0000");
    assert_eq!(verdict[at("prepaid_months")], "");
}
