#!/usr/bin/env python3
"""Derive catalog-src/models.json (the 30 preset architectures) from ../shared/data/models.csv.

The CSV holds config.json figures with their sources; the few flags the CSV states only in prose
(QKV bias, qk-norm, four norms per layer, the sliding-window pattern, MLA head sizes, the native
checkpoint format) are written below per family, each with the reason.

Usage: python3 scripts/models_from_csv.py [path/to/models.csv] > catalog-src/models.json
"""
import csv
import json
import re
import sys

CSV = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/models.csv"


def first_int(text):
    """The first integer in a cell such as '128 (derived h/heads)' or '14336 (per expert)'."""
    m = re.search(r"\d[\d,]*", text or "")
    return int(m.group(0).replace(",", "")) if m else 0


def family(arch):
    if "Deepseek" in arch:
        return "deepseek_mla"
    if "GptOss" in arch:
        return "gpt_oss"
    if "Mixtral" in arch or "Moe" in arch:
        return "moe"
    if "Bert" in arch:
        return "encoder"
    return "dense"


NAMES = {
    "gpt-oss-20b": "gpt-oss 20B", "gpt-oss-120b": "gpt-oss 120B", "phi-3-mini": "Phi-3 mini 4k",
    "phi-4": "Phi-4", "all-minilm-l6-v2": "all-MiniLM-L6-v2 (embeddings)",
    "bert-base-uncased": "BERT base uncased", "distilbert-base-uncased": "DistilBERT base uncased",
    "qwen3-30b-a3b": "Qwen3 30B-A3B", "qwen3-235b-a22b": "Qwen3 235B-A22B",
}

rows = list(csv.DictReader(open(CSV, newline="", encoding="utf-8")))
out = []
for r in rows:
    raw_id = r["id"].split(" ")[0]
    id_ = raw_id.lower()
    arch = r["architecture"]
    fam = family(arch)
    hidden = first_int(r["hidden_size"])
    heads = first_int(r["num_attention_heads"])
    hd_cell = r["head_dim"]
    head_dim = first_int(hd_cell)
    m = {
        "id": id_,
        "name": NAMES.get(raw_id.lower(), raw_id.replace("-", " ")),
        "family": fam,
        "hf_repo": r["hf_repo"].split(" ;")[0].strip(),
        "hidden": hidden,
        "layers": first_int(r["num_hidden_layers"]),
        "heads": heads,
        "kv_heads": first_int(r["num_key_value_heads"]),
        # Explicit only where config.json states it and it differs from hidden/heads.
        "head_dim": head_dim if head_dim and head_dim * heads != hidden else None,
        "ffn": first_int(r["intermediate_size"]),
        "vocab": first_int(r["vocab_size"]),
        "tied": r["tie_word_embeddings"].startswith("true"),
        "max_position": first_int(r["max_position_embeddings"]),
        "source": r["source"],
    }
    if r["num_experts"]:
        m["experts"] = first_int(r["num_experts"])
        m["experts_active"] = first_int(r["experts_per_token"])
        m["moe_ffn"] = first_int(r["moe_intermediate_size"])
        m["shared_experts"] = first_int(r["shared_experts"])
        m["first_dense_layers"] = first_int(r["first_k_dense_layers"])
    if r["kv_lora_rank"]:
        m["kv_lora_rank"] = first_int(r["kv_lora_rank"])
        m["rope_dim"] = first_int(r["qk_rope_head_dim"])
        m["q_lora_rank"] = first_int(r["q_lora_rank"])
    off = re.match(r'"?([\d,]{9,})', r["official_param_count"].strip())
    if off:
        m["official_params"] = int(off.group(1).replace(",", ""))
    low = id_
    # Qwen2/2.5: q/k/v projections carry biases (no o bias).
    if low.startswith("qwen2"):
        m["qkv_bias"] = True
    # Qwen3 and Gemma-3: q_norm/k_norm weights of head_dim each.
    if low.startswith("qwen3") or low.startswith("gemma-3"):
        m["qk_norm"] = True
    # Gemma-2/3: pre/post attention and pre/post feed-forward RMSNorms.
    if low.startswith("gemma"):
        m["norms_per_layer"] = 4
    # Sliding windows: Gemma-2 alternates local/global (period 2), Gemma-3 five local + one global
    # (period 6), gpt-oss alternates sliding/full (period 2). The last layer of each period is global.
    if low.startswith("gemma-2"):
        m["window"], m["swa_period"] = 4096, 2
    if low.startswith("gemma-3"):
        m["window"], m["swa_period"] = 1024, 6
    if low.startswith("gpt-oss"):
        m["window"], m["swa_period"] = 128, 2
        m["native_quant"] = "mxfp4"
        m["head_dim"] = 64
    if fam == "deepseek_mla":
        m.update(qk_nope_dim=128, v_head_dim=128, mtp_layers=1, native_quant="fp8",
                 official_params=671026419200)
        m["name"] = "DeepSeek V3"
        m["id"] = "deepseek-v3"
    if fam == "encoder":
        m["tied"] = False  # BertModel / DistilBertModel: no LM head
        m["token_types"] = 0 if low.startswith("distil") else 2
        m["pooler"] = not low.startswith("distil")
        m["max_position"] = 512
    # Keras-hub counts the tied head twice for Llama-3.2; the unique count is the official one here.
    if low in ("llama-3.2-1b", "llama-3.2-3b"):
        m["official_params"] = first_int(r["computed_param_count"])
    if low == "gemma-3-27b":
        m["official_params"] = 27009002240
    m = {k: v for k, v in m.items() if v is not None}
    out.append(m)
    if fam == "deepseek_mla":
        r1 = dict(m, id="deepseek-r1", name="DeepSeek R1", hf_repo="deepseek-ai/DeepSeek-R1")
        out.append(r1)

json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
