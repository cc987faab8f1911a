"""Hosted per-token API prices for the catalogue's `apis` list (docs/interface.md §3).

Read by scripts/build_catalog.py from catalog-src/data/apis.csv. Python 3 standard library only;
deterministic (rows keep the CSV's order).

Editorial rules, each with its reason:
- A row ships only when its model is one of the catalogue's preset models (MODEL_IDS): the report
  compares an API with self-hosting the same weights, or the nearest preset of the same size class,
  which needs the model's architecture.
- A row ships only with a full date: an undated third-party copy cannot be aged.
- A "per-million-token floor" for a class of models (Hyperbolic's small LLMs) is not one model's
  price: dropped.
- Rows whose notes call them historical, retired, scheduled for deprecation or STALE ship with
  `last_known: true`: the page shows them as the last known price, never as the cheaper option.
- Short flags say what the notes warn about (currency not verified, sources disagree, an
  aggregator's routed price, one blended price for input and output); the long notes stay in
  `notes`, which the app's build strips (build.rs).
- `source` is shortened to the file and key the price was read from; the full provenance is in
  `notes`.
"""

import csv
import os
import re

# Display name in apis.csv (a regex, first match wins) -> preset model id (catalog-src/models.json).
# Variants that serve the same weights (Turbo, FP8, MaaS, Versatile, Instant) map to the same id.
MODEL_IDS = [
    (r"Llama-3\.1-8B", "llama-3.1-8b"),
    (r"Llama-3\.3-70B", "llama-3.3-70b"),
    (r"Llama-3\.1-405B", "llama-3.1-405b"),
    (r"Llama-4-Scout", "llama-4-scout"),
    (r"Llama-4-Maverick", "llama-4-maverick"),
    (r"DeepSeek-V3\.1|deepseek-chat-v3\.1", "deepseek-v3.1"),
    (r"^DeepSeek-V3(-0324)?$", "deepseek-v3"),
    (r"DeepSeek-R1", "deepseek-r1"),
    (r"Qwen2\.5-72B", "qwen2.5-72b"),
    (r"Qwen3-235B", "qwen3-235b-a22b"),
    (r"Qwen3-Coder-480B", "qwen3-coder-480b-a35b"),
    (r"Qwen3-32B", "qwen3-32b"),
    (r"Qwen3-Embedding-8B", "qwen3-embedding-8b"),
    (r"gpt-oss-120b", "gpt-oss-120b"),
    (r"gpt-oss-20b", "gpt-oss-20b"),
    (r"Mistral[- ]Small[- ]3\.2|Mistral-Small-3\.2", "mistral-small-3.2"),
    (r"Mistral-Small-24B-Instruct-2501|Mistral-Small-2503", "mistral-small-24b"),
    (r"Mistral-Large-2411", "mistral-large-2411"),
    (r"Gemma-3-27B", "gemma-3-27b"),
    (r"^Kimi-K2(-Instruct)?-0905$", "kimi-k2"),
    (r"^GLM-4\.5$", "glm-4.5"),
    (r"^GLM-4\.6$", "glm-4.6"),
    (r"^bge-m3", "bge-m3"),
    (r"all-MiniLM-L6-v2", "all-minilm-l6-v2"),
]

# Not one model's price.
CLASS_FLOOR = re.compile(r"-class \(|pricing floor", re.IGNORECASE)

# Notes that say the price may no longer be orderable.
LAST_KNOWN = re.compile(
    r"\bSTALE\b|[Hh]istorical|may be retired|likely retired|scheduled for deprecation|"
    r"Not on the 2026-10-07 SambaNova table"
)

FLAGS = [
    ("currency_unverified", re.compile(r"[Cc]urrency (unverified|not stated|assumed)|currency unverified|Treat currency as unverified|may bill EUR")),
    ("sources_disagree", re.compile(r"disagree")),
    ("aggregator", re.compile(r"routed provider|model-level default")),
    ("blended", re.compile(r"[Bb]lended")),
]

JURISDICTION = re.compile(r"^([A-Z]{2})\b")

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def num(s):
    """A float from a CSV cell, or None when empty / not a number (thousands commas dropped)."""
    s = (s or "").strip().replace(",", "")
    if not s:
        return None
    try:
        return float(s)
    except ValueError:
        return None


def model_id(name):
    for pat, mid in MODEL_IDS:
        if re.search(pat, name):
            return mid
    return None


def short_source(src):
    """The file and key a price was read from, without the mirror's explanation."""
    m = re.search(r'model_prices_and_context_window\.json @(\w+).*?key ""?([^"]+)""?', src)
    if "RoCry/llm-api-price" in src and m:
        return f"LiteLLM prices @{m.group(1)}: {m.group(2)}"
    m = re.search(r"models\.dev (providers/\S+) @(\w+)", src)
    if m:
        return f"models.dev @{m.group(2)}: {m.group(1)}"
    first = src.split(" | ")[0].strip()
    return first if len(first) <= 140 else first[:137] + "..."


def build_apis(data_dir, model_ids):
    """The `apis` list and the dropped rows ((reason, provider, model))."""
    path = os.path.join(data_dir, "apis.csv")
    if not os.path.exists(path):
        return [], []
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    out, dropped = [], []
    for r in rows:
        provider = r["provider"].strip()
        name = r["model"].strip()
        notes = r["notes"].strip()
        mid = model_id(name)
        inp = num(r["input_per_mtok"])
        outp = num(r["output_per_mtok"])
        if CLASS_FLOOR.search(name + " " + notes):
            dropped.append(("a floor for a class of models, not one model's price", provider, name))
            continue
        if mid is None or mid not in model_ids:
            dropped.append(("no preset model to compare with", provider, name))
            continue
        if not DATE.match(r["as_of"].strip()):
            dropped.append(("undated (" + r["as_of"].strip() + ")", provider, name))
            continue
        if inp is None or inp <= 0:
            dropped.append(("no input price", provider, name))
            continue
        juris = JURISDICTION.match(r["jurisdiction"].strip())
        row = {
            "provider": provider,
            "model": name,
            "model_id": mid,
            "input_per_mtok": inp,
            # Embeddings bill input tokens only.
            "output_per_mtok": outp if outp is not None else 0.0,
        }
        cached = num(r["cached_input_per_mtok"])
        if cached is not None:
            row["cached_input_per_mtok"] = cached
        row["currency"] = r["currency"].strip().upper()
        row["region"] = r["region"].strip()
        row["jurisdiction"] = juris.group(1) if juris else "other"
        row["source"] = short_source(r["source"].strip())
        row["as_of"] = r["as_of"].strip()
        if LAST_KNOWN.search(notes):
            row["last_known"] = True
        flags = [key for key, pat in FLAGS if pat.search(notes)]
        if flags:
            row["flags"] = flags
        row["notes"] = (notes + " Source: " + r["source"].strip()).strip()
        out.append(row)
    return out, dropped
