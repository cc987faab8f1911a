//! Golden reports: the whole JSON report of a panel of scenarios against the built-in catalogue,
//! compared byte for byte with the files in `tests/golden/`. A refactoring must leave them
//! unchanged; a change that means to move a figure rewrites them on purpose
//! (`UPDATE_GOLDEN=1 cargo test --test golden`) and the diff shows what moved.

use inference_sizer::catalog::Catalog;
use inference_sizer::lang::Lang;
use inference_sizer::report::{evaluate_query, Report, VerdictCard};

/// (file name, scenario): chat, team, MoE, long context, RAG, jobs, CPU, EU, both languages and
/// currencies, imports by raw counts and architecture overrides, hostile input.
const PANEL: &[(&str, &str)] = &[
    ("default", ""),
    ("default-es", "lang=es"),
    (
        "small-chat",
        "model=llama-3.1-8b&quant=q4_k_m&seqs=64&rpd=200000&in=800&out=300",
    ),
    (
        "small-chat-usd-es",
        "model=llama-3.1-8b&quant=awq4&seqs=64&cur=USD&lang=es",
    ),
    ("team-70b", "model=llama-3.3-70b&quant=fp8&seqs=8&rpd=5000"),
    (
        "team-70b-eu-single",
        "model=llama-3.3-70b&quant=fp8&eu=1&tenancy=single&lang=es",
    ),
    ("moe-deepseek", "model=deepseek-v3&quant=fp8&seqs=32"),
    ("moe-gpt-oss", "model=gpt-oss-120b&seqs=64&rpd=100000"),
    (
        "mixtral-gguf",
        "model=mixtral-8x7b&quant=q4_k_m&engine=llamacpp&seqs=4",
    ),
    (
        "long-context",
        "model=llama-3.1-8b&ctx=131072&seqs=4&kv=fp8",
    ),
    (
        "rag-prompt-heavy",
        "model=llama-3.3-70b&quant=fp8&rpd=200000&in=6000&out=300&seqs=32",
    ),
    (
        "batch-night",
        "model=qwen2.5-72b&quant=awq4&hours=8&rpd=50000&tps=5&ttft=60000",
    ),
    (
        "lora-8b",
        "model=llama-3.1-8b&task=lora&train_tokens=50000000",
    ),
    (
        "qlora-70b",
        "model=llama-3.3-70b&task=qlora&train_tokens=20000000&lang=es",
    ),
    (
        "full-ft-8b",
        "model=llama-3.1-8b&task=full&train_tokens=100000000&cur=USD",
    ),
    (
        "cpu-small",
        "model=llama-3.1-8b&quant=q4_k_m&engine=llamacpp&seqs=1&tps=5&kinds=vps,dedicated_cpu",
    ),
    (
        "encoder",
        "model=all-minilm-l6-v2&seqs=64&rpd=1000000&in=200&out=1",
    ),
    ("raw-params", "params=13&seqs=4"),
    (
        "arch-overrides",
        "model=llama-3.1-8b&layers=40&hidden=5120&heads=40&kv_heads=8&ffn=13824&vocab=128256",
    ),
    (
        "constrained-gpus",
        "model=llama-3.3-70b&gpus=nvidia_a100_80gb,nvidia_l40s&months=12&egress_gb=5000",
    ),
    (
        "sliding-window",
        "model=llama-3.1-8b&window=4096&ctx=32768&seqs=8&engine=sglang",
    ),
    (
        "hostile",
        "model=nope&ctx=-5&seqs=1e99&quant=zzz&tps=abc&months=999&foo=bar",
    ),
];

/// A verdict a reviewer can read: the card's headline, machines, copies and cost, the typed
/// reasons in order (their kind, with the figure that decided for the headline and the load),
/// the first three runner-ups, the cheaper path and the API comparison. It changes only when a
/// verdict does; the JSON beside it holds every figure.
fn summary(query: &str, r: &Report) -> String {
    let card = VerdictCard::of(r, Lang::En);
    let mut out = format!("scenario: {query}\n");
    let Some((rec, v)) = r.recommendation.as_ref().zip(card.verdict.as_ref()) else {
        out.push_str("verdict: none\n");
        for w in &r.warnings {
            out.push_str(&format!("warning: {w}\n"));
        }
        return out;
    };
    out.push_str(&format!("verdict: {} ({})\n", v.offer, v.deployment));
    out.push_str(&format!("hardware: {}\n", v.hardware));
    out.push_str(&format!(
        "machines: {}, replicas: {}, GPUs: {}\n",
        rec.servers, rec.replicas, rec.gpu_count
    ));
    let approx = if v.approximate.is_some() { "≈ " } else { "" };
    out.push_str(&format!("cost: {approx}{} {}\n", v.amount, v.per));
    out.push_str("reasons:\n");
    for typed in rec.reasons_typed() {
        let json = serde_json::to_value(typed).expect("a reason serialises");
        let kind = json["kind"].as_str().unwrap_or_default().to_string();
        let detail = match kind.as_str() {
            "cheapest" => format!(" of {}", json["candidates"]),
            "job" => format!(" of {}", json["candidates"]),
            "near_tie" => format!(" by {}", json["rule"]["rule"].as_str().unwrap_or_default()),
            "replicas_for_load" => format!(
                ": {} for the load, bound by {}",
                json["need"]["replicas"],
                json["need"]["bound"]["kind"].as_str().unwrap_or_default()
            ),
            "workload" => format!(
                ": {}, {}",
                json["class"].as_str().unwrap_or_default(),
                json["follow"]["kind"].as_str().unwrap_or_default()
            ),
            "engine_caveat" => format!(": {}", json["caveat"].as_str().unwrap_or_default()),
            _ => String::new(),
        };
        out.push_str(&format!("  - {kind}{detail}\n"));
    }
    out.push_str("runner-ups:\n");
    for u in v.runner_ups.iter().take(3) {
        out.push_str(&format!(
            "  - {} · {} · {}\n",
            u.name, u.amount, u.difference
        ));
    }
    if let Some(p) = &r.cheaper_path {
        out.push_str(&format!(
            "cheaper path: {} on {}: {} ({}), {:.0}% less\n",
            p.quant,
            p.engine,
            p.provider,
            p.hardware,
            p.saving * 100.0
        ));
    }
    if let Some(a) = r.api_reference.first() {
        out.push_str(&format!("cheapest API: {} {}\n", a.provider, a.model));
    }
    out
}

#[test]
fn golden_summaries_are_unchanged() {
    let catalog = Catalog::builtin();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut changed = Vec::new();
    for (name, query) in PANEL {
        let got = summary(query, &evaluate_query(query, &catalog));
        let path = dir.join(format!("{name}.summary.txt"));
        if update {
            std::fs::write(&path, &got).expect("tests/golden is writable");
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
        if want != got {
            changed.push(format!("{name}:\n--- want\n{want}--- got\n{got}"));
        }
    }
    assert!(
        changed.is_empty(),
        "verdicts changed (read the summaries, then the JSON):\n{}",
        changed.join("\n")
    );
}

#[test]
fn golden_reports_are_unchanged() {
    let catalog = Catalog::builtin();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut changed = Vec::new();
    for (name, query) in PANEL {
        let report = evaluate_query(query, &catalog);
        let json = serde_json::to_string_pretty(&report).expect("a report serialises") + "\n";
        let path = dir.join(format!("{name}.json"));
        if update {
            std::fs::write(&path, &json).expect("tests/golden is writable");
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
        if want != json {
            let line = want
                .lines()
                .zip(json.lines())
                .position(|(a, b)| a != b)
                .map_or(want.lines().count().min(json.lines().count()), |i| i);
            changed.push(format!(
                "{name} ({query}): first difference at line {}:\n  want: {}\n  got:  {}",
                line + 1,
                want.lines().nth(line).unwrap_or("<end>"),
                json.lines().nth(line).unwrap_or("<end>")
            ));
        }
    }
    assert!(
        changed.is_empty(),
        "golden reports changed:\n{}",
        changed.join("\n")
    );
}

/// FNV-1a, 64 bits: a digest that stays the same across Rust versions (std's hasher may not).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A report as a `v=1` link showed it: the JSON without the fields added since (the full-context
/// KV cache, the headroom's tokens per request in flight, an option's caveat, whether it can be
/// interrupted and its job's cost, the per-token basis, the verdict's typed reasons, the scenario line, the speed's range at the top) and without the
/// canonical query,
/// which is now written in the current version (`v=2&kv_basis=full&...`).
fn as_v1(report: &inference_sizer::report::Report) -> String {
    let mut json = serde_json::to_value(report).expect("a report serialises");
    json["memory"]
        .as_object_mut()
        .map(|m| m.remove("kv_cache_full_context_bytes"));
    if let Some(h) = json["memory"]["headroom"].as_object_mut() {
        h.remove("request_tokens");
    }
    json.as_object_mut().map(|r| r.remove("scenario"));
    // The cheaper path's link is written at the current version (`v=N&...`): the version a link
    // is written at is not what the report shows.
    if let Some(q) = json["cheaper_path"]["query"].as_str() {
        let unversioned = q.split_once('&').map_or("", |(_, rest)| rest).to_string();
        json["cheaper_path"]["query"] = unversioned.into();
    }
    json.as_object_mut().map(|r| r.remove("per_token_basis"));
    json.as_object_mut().map(|r| r.remove("scenario_line"));
    json.as_object_mut().map(|r| r.remove("load"));
    json["throughput"]
        .as_object_mut()
        .map(|t| t.remove("range"));
    if let Some(r) = json["recommendation"].as_object_mut() {
        r.remove("reasons_typed");
        // Said since scenario version 4 beside every one-machine 24/7 verdict, old links too.
        if let Some(reasons) = r.get_mut("reasons").and_then(|x| x.as_array_mut()) {
            reasons.retain(|x| {
                let x = x.as_str().unwrap_or_default();
                !x.starts_with("One machine carries the whole service")
                    && !x.starts_with("Una sola máquina lleva todo el servicio")
            });
        }
    }
    for o in json["options"].as_array_mut().into_iter().flatten() {
        o.as_object_mut().map(|o| o.remove("caveat"));
        o.as_object_mut().map(|o| o.remove("interruptible"));
        o.as_object_mut().map(|o| o.remove("job_cost"));
        o.as_object_mut().map(|o| o.remove("at_load"));
        o.as_object_mut().map(|o| o.remove("spare_copies"));
        o.as_object_mut().map(|o| o.remove("sized_by"));
        o.as_object_mut().map(|o| o.remove("cold_start_s"));
        o.as_object_mut().map(|o| o.remove("servers_off_peak"));
        for key in [
            "reliability_class",
            "config_unknown",
            "availability_uncertain",
        ] {
            o.as_object_mut().map(|o| o.remove(key));
        }
    }
    serde_json::to_string_pretty(&json).expect("JSON") + "\n"
}

/// Scenario version 2 sizes the KV cache for the tokens in flight; a `v=1` link is read with
/// `kv_basis=full` and shows what it showed. The panel read as `v=1` links gives the reports it
/// gave before version 2 (their digests, written by `UPDATE_GOLDEN=1` in the commit that
/// introduced version 2 from the reports of the commit before, and rewritten only by changes
/// that mean to move figures), and each equals the same scenario with `kv_basis=full`.
#[test]
fn version_1_links_show_what_they_showed() {
    let catalog = Catalog::builtin();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/v1.digests");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut lines = Vec::new();
    for (name, query) in PANEL {
        let v1 = evaluate_query(&format!("v=1&{query}"), &catalog);
        // Before version 3, community and marketplace hosts carried a 24/7 service.
        // Before version 5, a link without `ttft` meant 2,000 ms whatever the model; before
        // version 4, `seqs` was every copy's concurrency (`conc=stated`).
        let ttft = if query.contains("ttft=") {
            ""
        } else {
            "&ttft=2000"
        };
        let full = evaluate_query(
            &format!("{query}&kv_basis=full&community=1&conc=stated{ttft}"),
            &catalog,
        );
        assert_eq!(
            v1, full,
            "{name}: v=1 reads as kv_basis=full, community=1, conc=stated{ttft}"
        );
        let v2 = evaluate_query(&format!("v=2&{query}"), &catalog);
        let with_community =
            evaluate_query(&format!("{query}&community=1&conc=stated{ttft}"), &catalog);
        assert_eq!(
            v2, with_community,
            "{name}: v=2 reads as community=1, conc=stated{ttft}"
        );
        let v3 = evaluate_query(&format!("v=3&{query}"), &catalog);
        let stated = evaluate_query(&format!("{query}&conc=stated{ttft}"), &catalog);
        assert_eq!(v3, stated, "{name}: v=3 reads as conc=stated{ttft}");
        let v4 = evaluate_query(&format!("v=4&{query}"), &catalog);
        let as_given = evaluate_query(&format!("{query}{ttft}"), &catalog);
        assert_eq!(v4, as_given, "{name}: v=4 reads as{ttft}");
        let text = as_v1(&v1);
        lines.push(format!("{name} {:016x} {}", fnv1a(&text), text.len()));
    }
    let got = lines.join("\n") + "\n";
    if update {
        std::fs::write(&path, &got).expect("tests/golden is writable");
        return;
    }
    let want = std::fs::read_to_string(&path).expect("tests/golden/v1.digests");
    assert_eq!(want, got, "a v=1 link's report changed");
}
