#!/usr/bin/env python3
"""Derive catalog-src/models.json (the preset architectures) from catalog-src/data/models.csv.

The CSV holds config.json figures with their sources (each row's `source` column; the research
notes behind rows 31-62 are summarised in docs/sizing-formulas.md); the flags the CSV states only
in prose (QKV bias, qk-norm, four norms per layer, the sliding-window or chunk pattern, MLA head
sizes, the indexer, the linear-attention layers, fused tensors, the native checkpoint format) are
written below per family, each with the reason.

Usage: python3 scripts/models_from_csv.py [path/to/models.csv] > catalog-src/models.json
"""
import csv
import json
import re
import sys

CSV = sys.argv[1] if len(sys.argv) > 1 else "catalog-src/data/models.csv"


def first_int(text):
    """The first integer in a cell such as '128 (derived h/heads)' or '14336 (per expert)'."""
    m = re.search(r"\d[\d,]*", text or "")
    return int(m.group(0).replace(",", "")) if m else 0


def family(arch):
    if "Qwen3Next" in arch:
        return "hybrid_linear"
    if "Deepseek" in arch:
        return "deepseek_mla"
    if "GptOss" in arch:
        return "gpt_oss"
    if ("Mixtral" in arch or "Moe" in arch or "MoE" in arch or "Llama4" in arch
            or "MiniMax" in arch):
        return "moe"
    if "Bert" in arch or "Roberta" in arch:
        return "encoder"
    return "dense"


NAMES = {
    "gpt-oss-20b": "gpt-oss 20B", "gpt-oss-120b": "gpt-oss 120B", "phi-3-mini": "Phi-3 mini 4k",
    "phi-4": "Phi-4", "all-minilm-l6-v2": "all-MiniLM-L6-v2 (embeddings)",
    "bert-base-uncased": "BERT base uncased", "distilbert-base-uncased": "DistilBERT base uncased",
    "qwen3-30b-a3b": "Qwen3 30B-A3B", "qwen3-235b-a22b": "Qwen3 235B-A22B",
    "llama-4-scout-17b-16e": "Llama 4 Scout 17B-16E", "llama-4-maverick-17b-128e":
    "Llama 4 Maverick 17B-128E", "deepseek-v3.1": "DeepSeek V3.1",
    "deepseek-v3.2-exp": "DeepSeek V3.2-Exp", "kimi-k2-instruct": "Kimi K2 Instruct",
    "glm-4.5": "GLM 4.5", "glm-4.5-air": "GLM 4.5 Air", "glm-4.6": "GLM 4.6",
    "qwen3-coder-480b-a35b": "Qwen3 Coder 480B-A35B", "qwen3-next-80b-a3b": "Qwen3 Next 80B-A3B",
    "qwen3-4b": "Qwen3 4B", "qwen3-14b": "Qwen3 14B", "qwen2.5-coder-32b": "Qwen2.5 Coder 32B",
    "gemma-3-1b": "Gemma 3 1B", "gemma-3-4b": "Gemma 3 4B", "gemma-3-12b": "Gemma 3 12B",
    "mistral-nemo-12b": "Mistral Nemo 12B", "mistral-large-2411": "Mistral Large 2411",
    "magistral-small-2506": "Magistral Small 2506", "mistral-small-3.2-24b": "Mistral Small 3.2 24B",
    "phi-4-mini": "Phi-4 mini", "falcon3-7b": "Falcon3 7B", "falcon3-10b": "Falcon3 10B",
    "deepseek-r1-distill-qwen-14b": "DeepSeek R1 Distill Qwen 14B",
    "deepseek-r1-distill-qwen-32b": "DeepSeek R1 Distill Qwen 32B",
    "deepseek-r1-distill-llama-70b": "DeepSeek R1 Distill Llama 70B", "minimax-m2": "MiniMax M2",
    "hunyuan-a13b": "Hunyuan A13B", "bge-m3": "BGE M3 (embeddings)",
    "bge-reranker-v2-m3": "BGE reranker v2 M3 (reranker)",
    "qwen3-embedding-0.6b": "Qwen3 Embedding 0.6B (embeddings)",
    "qwen3-embedding-4b": "Qwen3 Embedding 4B (embeddings)",
    "qwen3-embedding-8b": "Qwen3 Embedding 8B (embeddings)",
}

# Names start with the family's word, which the page's model picker groups by ("GLM 4.5 Air" with
# "GLM 4.6", "Phi-4 mini" with "Phi-4", "Qwen3 Coder" with "Qwen3").
# Shorter ids for the new presets (the CSV's ids carry the expert layout).
IDS = {
    "llama-4-scout-17b-16e": "llama-4-scout", "llama-4-maverick-17b-128e": "llama-4-maverick",
    "kimi-k2-instruct": "kimi-k2", "mistral-nemo-12b": "mistral-nemo",
    "mistral-small-3.2-24b": "mistral-small-3.2",
}

# Official figures the CSV gives rounded, in words ("109B total / 17B activated"): (total, active), from
# each row's official_param_count cell and its source (model cards and READMEs).
OFFICIAL = {
    "llama-4-scout-17b-16e": (109e9, 17e9), "llama-4-maverick-17b-128e": (400e9, 17e9),
    "deepseek-v3.1": (671e9, 37e9), "deepseek-v3.2-exp": (671e9, 37e9),
    "kimi-k2-instruct": (1000e9, 32e9), "glm-4.5": (355e9, 32e9), "glm-4.5-air": (106e9, 12e9),
    "glm-4.6": (355e9, 32e9), "qwen3-coder-480b-a35b": (480e9, 35e9),
    "qwen3-next-80b-a3b": (80e9, 3e9), "minimax-m2": (230e9, 10e9), "hunyuan-a13b": (80e9, 13e9),
    "mistral-nemo-12b": (12e9, None), "mistral-large-2411": (123e9, None),
    "mistral-small-3.2-24b": (24e9, None), "phi-4-mini": (3.8e9, None), "bge-m3": (568e6, None),
}
# Falcon3 7B/10B and the R1 distills state no count beyond their names; the reranker's "568M"
# is from third-party tables: their computed counts are pinned in tests/model_params.rs instead.

rows = list(csv.DictReader(open(CSV, newline="", encoding="utf-8")))
out = []
for r in rows:
    raw_id = r["id"].split(" ")[0]
    low_csv = raw_id.lower()
    id_ = IDS.get(low_csv, low_csv)
    arch = r["architecture"]
    fam = family(arch)
    hidden = first_int(r["hidden_size"])
    heads = first_int(r["num_attention_heads"])
    hd_cell = r["head_dim"]
    head_dim = first_int(hd_cell)
    m = {
        "id": id_,
        "name": NAMES.get(low_csv, raw_id.replace("-", " ")),
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
    if low_csv in OFFICIAL:
        total, active = OFFICIAL[low_csv]
        m["stated_params"] = int(total)
        if active:
            m["stated_active_params"] = int(active)
    low = id_
    # Qwen2/2.5 (and the R1 distills built on them), GLM-4.5: q/k/v projections carry biases.
    if low.startswith("qwen2") or "Qwen2ForCausalLM" in arch or low.startswith("glm-4"):
        m["qkv_bias"] = True
    # Qwen3, Gemma-3, GLM-4.5/4.6 (use_qk_norm; not Air: its count matches without), Hunyuan:
    # q_norm/k_norm weights of head_dim each (formula checked against each row's computed count).
    if (low.startswith("qwen3") or low.startswith("gemma-3") or low in ("glm-4.5", "glm-4.6")
            or low.startswith("hunyuan")):
        m["qk_norm"] = True
    # MiniMax-M2 normalises q and k across all heads; GLM and MiniMax route with a score bias.
    if low.startswith("minimax"):
        m["qk_norm_all_heads"] = True
    if low.startswith("glm-4") or low.startswith("minimax"):
        m["router_bias"] = True
    # MiniMax-M2 ships its checkpoint in FP8 (block-scaled), as DeepSeek and Kimi do (row notes).
    if low.startswith("minimax"):
        m["native_quant"] = "fp8"
    # Phi-3 family: q, k, v in one tensor (qkv_proj) and gate and up in one (gate_up_proj).
    if "Phi3" in arch:
        m["fused_qkv"] = True
        m["fused_gate_up"] = True
    # Llama 4: a shared expert of the routed experts' size in every MoE layer, implicit in the
    # config (no n_shared_experts key); intermediate_size_mlp 16384 for the dense layers;
    # chunked attention of 8192 on three layers of four (every 4th is a NoPE global layer);
    # Maverick interleaves MoE and dense layers (interleave_moe_layer_step 2).
    if low.startswith("llama-4"):
        m["shared_experts"] = 1
        m["ffn"] = 16384
        m["attention_chunk"] = 8192
        m["swa_period"] = 4
        m["max_position"] = first_int(r["max_position_embeddings"])
        if "maverick" in low:
            m["moe_layer_step"] = 2
        else:
            # The computed count includes the vision tower and projector (row notes).
            m["extra_params"] = 871932416
    # Qwen3-Next: full attention every 4th layer, Gated DeltaNet between (16 key heads, 32 value
    # heads, head size 128, conv kernel 4), gated shared expert.
    if fam == "hybrid_linear":
        m.update(full_attention_interval=4, linear_key_heads=16, linear_value_heads=32,
                 linear_key_dim=128, linear_value_dim=128, linear_conv_kernel=4)
    # DeepSeek-V3.2: the lightning indexer (64 heads of 128) in every layer.
    if low.startswith("deepseek-v3.2"):
        m.update(index_heads=64, index_head_dim=128)
    if low == "phi-4-mini":
        m["tied"] = True
    # Gemma-2/3: pre/post attention and pre/post feed-forward RMSNorms.
    if low.startswith("gemma"):
        m["norms_per_layer"] = 4
    # Sliding windows: Gemma-2 alternates local/global (period 2), Gemma-3 five local + one global
    # (period 6), gpt-oss alternates sliding/full (period 2). The last layer of each period is global.
    if low.startswith("gemma-2"):
        m["window"], m["swa_period"] = 4096, 2
    if low.startswith("gemma-3"):
        m["window"], m["swa_period"] = first_int(r["sliding_window(+pattern)"]) or 1024, 6
    if low.startswith("gpt-oss"):
        m["window"], m["swa_period"] = 128, 2
        m["native_quant"] = "mxfp4"
        m["head_dim"] = 64
    if fam == "deepseek_mla":
        # V3 family and Kimi K2: 128 + 64 query/key head, 128 value head, FP8 checkpoints.
        m.update(qk_nope_dim=128, v_head_dim=128, native_quant="fp8")
        if not low.startswith("kimi"):
            m["mtp_layers"] = 1
        if low == "deepseek-v3":
            m.update(official_params=671026419200, stated_params=int(671e9),
                     stated_active_params=int(37e9))
            m["name"] = "DeepSeek V3"
    if fam == "encoder":
        m["tied"] = False  # BertModel / DistilBertModel / XLMRobertaModel: no LM head
        if "Roberta" in arch:
            # XLM-RoBERTa: one token type, 8,194 positions (8,192 + the padding offset).
            m["token_types"] = 1
            m["max_position"] = first_int(r["max_position_embeddings"])
            m["pooler"] = True
            if "SequenceClassification" in arch:
                m["classifier_labels"] = 1
        else:
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
    if low == "deepseek-v3":
        r1 = dict(m, id="deepseek-r1", name="DeepSeek R1", hf_repo="deepseek-ai/DeepSeek-R1")
        out.append(r1)

json.dump(out, sys.stdout, indent=1)
sys.stdout.write("\n")
