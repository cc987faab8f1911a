#!/usr/bin/env python3
"""Writes the committed seed corpus, fuzz/corpus/<target>/seed-*, from real inputs: share links,
Hugging Face config.json files, minimal GGUF headers, and the shipped catalogues trimmed.

The seeds give libFuzzer valid inputs to mutate, so a short fixed-budget run (scripts/test) gets
past the parsers' first checks. Files libFuzzer adds while running are not named seed-* and are
ignored by git. Run again after changing the catalogue schema: python3 fuzz/make_seeds.py
"""
import json
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"


def write(target, name, data):
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / f"seed-{name}").write_bytes(data if isinstance(data, bytes) else data.encode())


# Share links as the page writes them, and one pasted as a whole address.
URLS = {
    "default": "v=1",
    "llama-q4": "model=llama-3.1-8b&quant=q4_k_m&ctx=8192",
    "embed-acme": "model=llama-3.3-70b&quant=fp8&ctx=8192&seqs=8&embed=1&provider=Acme%20Metal"
    "&theme=light&accent=%23c2410c&catalog=demo-provider-catalog.json",
    "eu-single-gpus": "v=1&model=llama-3.3-70b&quant=bf16&ctx=16384&eu=1&tenancy=single"
    "&gpus=nvidia_h100_sxm,nvidia_l40s",
    "custom-arch": "v=1&params=70&layers=80&hidden=8192&heads=64&kv_heads=8&ffn=28672&vocab=128256"
    "&experts=8&experts_active=2&window=4096&tied=0&kv=fp8&seqs=32&engine=vllm&task=infer&rpd=50000"
    "&in=2000&out=500&tps=30&ttft=800&hours=12&months=24&cur=USD&lang=es",
    "assumptions": "model=mixtral-8x7b&quant=fp8&eu=1&tenancy=single&cur=USD&lang=en&egress_gb=500"
    "&storage_gb=200&monitoring=50&peak=3&bw_eff=0.7&flops_eff=0.4&vm_tax=0.05&kwh=0.3&pue=1.4"
    "&asof=2026-11-01",
    "whole-link": "https://example.org/tools/sizer/?model=qwen2.5-72b&quant=q8_0&ctx=32768&seqs=4",
    "own": "model=llama-3.1-405b&quant=fp8&own=1&gpus=nvidia_h100_sxm&amort_months=36&residual=0.4"
    "&colo_kw=170&ops=800&setup=3000&finance=6&overhead_w=4000&kwh=0.2",
}
for name, q in URLS.items():
    write("url", name, q)

# Hugging Face config.json files (the ones tests/model_import.rs checks against published counts).
CONFIGS = {
    "llama-3.1-8b": {
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 4096,
        "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32,
        "num_key_value_heads": 8, "vocab_size": 128256, "max_position_embeddings": 131072,
        "tie_word_embeddings": False, "attention_bias": False,
        "rope_scaling": {"factor": 8.0, "rope_type": "llama3"}, "torch_dtype": "bfloat16",
    },
    "mixtral-8x7b": {
        "architectures": ["MixtralForCausalLM"], "model_type": "mixtral", "hidden_size": 4096,
        "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32,
        "num_key_value_heads": 8, "vocab_size": 32000, "num_local_experts": 8,
        "num_experts_per_tok": 2, "sliding_window": None, "tie_word_embeddings": False,
    },
    "deepseek-v3": {
        "architectures": ["DeepseekV3ForCausalLM"], "model_type": "deepseek_v3",
        "hidden_size": 7168, "intermediate_size": 18432, "moe_intermediate_size": 2048,
        "num_hidden_layers": 61, "num_attention_heads": 128, "num_key_value_heads": 128,
        "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8,
        "first_k_dense_replace": 3, "kv_lora_rank": 512, "q_lora_rank": 1536,
        "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128, "vocab_size": 129280,
        "num_nextn_predict_layers": 1, "tie_word_embeddings": False,
        "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]},
    },
    "gemma-3-27b": {
        "architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
        "text_config": {
            "model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504,
            "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128,
            "num_hidden_layers": 62, "vocab_size": 262144, "sliding_window": 1024,
            "sliding_window_pattern": 6, "max_position_embeddings": 131072,
        },
        "vision_config": {"hidden_size": 1152},
    },
}
for name, config in CONFIGS.items():
    write("config_json", name, json.dumps(config, indent=2))


def gguf(metadata, tensors):
    """A GGUF v3 header: metadata as (key, value) with str or int values, tensors as (name, dims, type)."""
    def string(s):
        b = s.encode()
        return struct.pack("<Q", len(b)) + b
    out = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata))
    for key, value in metadata:
        out += string(key)
        if isinstance(value, str):
            out += struct.pack("<I", 8) + string(value)
        else:
            out += struct.pack("<II", 4, value)  # uint32
    for name, dims, ggml_type in tensors:
        out += string(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", ggml_type, 0)
    return out


# The tiny header of tests/hostile_input.rs: one string, one F16 tensor.
write("gguf", "tiny", gguf([("general.architecture", "llama")], [("token_embd.weight", [4096, 1000], 1)]))
# A small llama with every field the reader uses, Q4_K (12) and F32 (0) tensors.
LLAMA = [
    ("general.architecture", "llama"), ("general.name", "Tiny Llama"),
    ("llama.block_count", 2), ("llama.embedding_length", 256), ("llama.attention.head_count", 8),
    ("llama.attention.head_count_kv", 2), ("llama.feed_forward_length", 512),
    ("llama.context_length", 4096), ("llama.vocab_size", 1000),
]
write("gguf", "llama", gguf(LLAMA, [
    ("token_embd.weight", [256, 1000], 12), ("blk.0.attn_q.weight", [256, 256], 12),
    ("blk.0.ffn_up.weight", [256, 512], 12), ("output_norm.weight", [256], 0),
]))
# A mixture of experts.
write("gguf", "moe", gguf(LLAMA[:-1] + [
    ("llama.expert_count", 8), ("llama.expert_used_count", 2), ("llama.attention.sliding_window", 1024),
], [("token_embd.weight", [256, 1000], 1), ("output.weight", [256, 1000], 8)]))

# The catalogues: Acme's provider catalogue as shipped, and the built-in one trimmed to a few entries.
demo = (ROOT / "public" / "demo-provider-catalog.json").read_text()
write("catalog", "demo-provider", demo)
full = json.loads((ROOT / "public" / "catalog.json").read_text())
offers = full["offers"][:4]
gpu_ids = {o["gpu"]["id"] for o in offers if o.get("gpu")}
models = full["models"][:2]
model_ids = {m["id"] for m in models}
apis = [a for a in full.get("apis", []) if a["model_id"] in model_ids][:3]
hardware = [h for h in full.get("hardware", []) if h["gpu_id"] in gpu_ids]
trimmed = dict(full, gpus=[g for g in full["gpus"] if g["id"] in gpu_ids], models=models, offers=offers, apis=apis,
               hardware=hardware)
write("catalog", "builtin-trimmed", json.dumps(trimmed, indent=1))
# A provider's own GPU and offer, with include_reference off.
own = json.loads(demo)
own.update(include_reference=False, gpus=trimmed["gpus"][:1], offers=own["offers"][:1])
own["gpus"][0] = dict(own["gpus"][0], id="acme_custom_gpu", name="Acme Custom GPU")
own["offers"][0]["gpu"]["id"] = "acme_custom_gpu"
write("catalog", "own-gpu", json.dumps(own))
# GPU slices: a MIG instance and a time-shared vGPU partition (gpu.count below 1).
slices = dict(trimmed, offers=[o for o in full["offers"] if (o.get("gpu") or {}).get("count", 1) < 1])
slice_gpus = {o["gpu"]["id"] for o in slices["offers"]}
slices["gpus"] = [g for g in full["gpus"] if g["id"] in slice_gpus]
write("catalog", "slices", json.dumps(slices, indent=1))
# A provider's own hosted-API prices beside its offers (one with a cached-input price and flags).
with_apis = json.loads(demo)
with_apis["apis"] = [
    dict(apis[0], provider="Acme", currency="EUR", jurisdiction="DE", cached_input_per_mtok=0.01,
         flags=["currency_unverified"]),
    dict(apis[-1], provider="Acme", model_id="", last_known=True),
]
write("catalog", "provider-apis", json.dumps(with_apis))
# A provider's own server to buy and a site priced per rack unit with power included.
with_own = json.loads(demo)
with_own["hardware"] = [dict(full["hardware"][0], id="acme-hgx", name="Acme HGX", price=290000)]
with_own["colocation"] = [dict(full["colocation"][0], id="acme-dc", name="Acme DC", per_kw_month=None,
                               per_rack_unit_month=90, power_included=True, kwh_price=None)]
write("catalog", "provider-own", json.dumps(with_own))
