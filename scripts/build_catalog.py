#!/usr/bin/env python3
"""Build public/catalog.json (schema 1, docs/interface.md section 3) from the reference CSVs.

Usage (from the repository root):
    python3 scripts/build_catalog.py [DATA_DIR]      # DATA_DIR defaults to catalog-src/data

Reads DATA_DIR/{gpus,offers,extras}.csv (catalog-src/data/README.md says what they hold) and, when present, catalog-src/models.json (written by the
model helper: a list of ModelArch objects, or {"models": [...]}); writes public/catalog.json.
Python 3 standard library only; the output is deterministic (same input, same bytes).

Editorial rules (each one is applied in code below, with the reason next to it):
- GPU memory: `memory_gib` is what a tool (nvidia-smi, vLLM, PyTorch) sees, not the vendor label.
  * HBM and non-ECC GDDR: the "GB" label is really GiB of physical memory (HBM stacks and GDDR
    chips are binary-sized) minus the driver's reservation, 0.44% on an H100 (81,559 of 81,920 MiB,
    as nvidia-smi shows it): usable = label x 81559/81920 (80 GB H100 -> 79.65 GiB).
  * GDDR with ECC on by default (data-centre L4, L40, L40S, A10, A10G, T4, RTX PRO server/Max-Q
    cards): ECC takes 1/16 of the memory: usable = label x 15/16 (L40S 48 GB -> 45.0 GiB, as the
    46,068 MiB nvidia-smi shows; A10G 24 GB -> 22.5 GiB vs the 22,888 MiB in gpus.csv's source).
- Offer kinds: hyperscaler_on_demand -> cloud_on_demand, hyperscaler_reserved_1y/3y ->
  cloud_reserved (min_term_months 12/36, the term kept in the name), spot -> cloud_spot,
  gpu_cloud -> gpu_cloud, bare_metal_monthly/bare_metal_hourly -> bare_metal (hourly-billed bare
  metal keeps its hourly price), vps, dedicated_cpu.
- Dropped rows: no price, no currency, no source, or no date (an `as_of` that is "unknown ..."
  is no date: undated snapshots are not shipped); superseded rows (SUPERSEDED below: AWS P4/P5
  list prices from before the June 2025 cut where the post-cut row exists, Hetzner prices from
  before the 2026 increases); prices flagged as suspect by the data notes.
- Undated rows whose price a dated source confirms are kept with that date (CORROBORATED below).
- A few offers are taken from the notes of a dated row (FROM_NOTES below), with that row's source.
- Per-GPU prices of instances that only come whole (8-GPU HGX nodes) become whole-instance prices.
- Yearly prices become monthly (/12) and are marked approximate; an hourly-equivalent of a monthly
  rental becomes monthly (x730) and is marked approximate. No price needed a currency conversion:
  every shipped price is in the currency its source quotes (EUR or USD).
- `single_tenant` is true when the source says the hardware is not shared (bare metal, dedicated
  servers); an offer whose virtualisation had to be assumed is not single-tenant;
  `region_eu` from the region (or, with no region, from an EU provider); `jurisdiction` as given
  (US, EU, other; empty becomes "other" and the notes say it was not verified).
- `avx512` / `amx` from the CPU model where the vendor documents it (Intel Xeon 4th/5th gen
  Sapphire/Emerald Rapids: both; AMD EPYC / Ryzen Zen 4 / Zen 5: AVX-512 without AMX; Intel Core
  12th-14th gen and Core Ultra 200 client parts: neither (AVX-512 fused off); Arm (Graviton, Grace):
  neither); unknown CPU: left out (null).
- `cpu_bandwidth_gbs` = channels x MT/s x 8 B / 1000 per socket where the CPU model is known
  (CPU_MEMORY below); otherwise a conservative default by kind (DEFAULT_CPU_BANDWIDTH), noted.
- `reference` is true for the hyperscalers (AWS, GCP, Azure) and for GPU clouds: the offers a
  provider's own catalogue keeps beside its own with `include_reference`.
"""

import csv
import json
import os
import re
import sys

AS_OF = "2026-11-29"
USD_PER_EUR = 1.16
RATE_SOURCE = (
    "EUR/USD reference rate rounded to 1.16 USD per EUR, the rate of the catalogue schema in "
    "docs/interface.md; within 1% of the ECB euro reference rate through H2 2026. Editable by the user."
)
HOURS_PER_MONTH = 730.0
HYPERSCALERS = {"AWS", "GCP", "Azure"}

KIND = {
    "hyperscaler_on_demand": "cloud_on_demand",
    "hyperscaler_reserved_1y": "cloud_reserved",
    "hyperscaler_reserved_3y": "cloud_reserved",
    "spot": "cloud_spot",
    "gpu_cloud": "gpu_cloud",
    "bare_metal_monthly": "bare_metal",
    "bare_metal_hourly": "bare_metal",
    "vps": "vps",
    "dedicated_cpu": "dedicated_cpu",
}
RESERVED_TERM = {"hyperscaler_reserved_1y": 12, "hyperscaler_reserved_3y": 36}
VIRT = {"vm", "passthrough", "vgpu", "container", "bare_metal"}

# ---------------------------------------------------------------------------------------------
# GPUs
# ---------------------------------------------------------------------------------------------

H100_USABLE = 81559.0 / 81920.0  # driver reservation on HBM / non-ECC cards: nvidia-smi shows 81,559 MiB on an 80 GB H100
ECC_USABLE = 15.0 / 16.0  # GDDR with ECC on: 1/16 of memory holds the check bits
ECC_ON_BY_DEFAULT = {
    "nvidia_l4",
    "nvidia_l40",
    "nvidia_l40s",
    "nvidia_a10",
    "nvidia_a10g",
    "nvidia_t4",
    "nvidia_rtx_pro_6000_blackwell_server",
}

# GPU-to-GPU bandwidth per GPU, GB/s, both directions (NVIDIA's "900 GB/s" convention), read from
# the `interconnect` column of gpus.csv; PCIe x16 where there is no GPU fabric.
INTERCONNECT = {
    "nvidia_b200": (1800, True),
    "nvidia_h200_sxm": (900, True),
    "nvidia_h200_nvl": (900, True),
    "nvidia_h100_sxm": (900, True),
    "nvidia_h100_pcie": (128, False),
    "nvidia_h100_nvl": (600, True),
    "nvidia_a100_80gb_sxm": (600, True),
    "nvidia_a100_80gb_pcie": (64, False),
    "nvidia_a100_40gb": (600, True),
    "nvidia_l40s": (64, False),
    "nvidia_l40": (64, False),
    "nvidia_l4": (64, False),
    "nvidia_a10": (64, False),
    "nvidia_a10g": (64, False),
    "nvidia_t4": (32, False),
    "nvidia_v100_32gb": (300, True),
    "nvidia_rtx_6000_ada": (64, False),
    "nvidia_rtx_4000_sff_ada": (64, False),
    "nvidia_rtx_a6000": (64, False),  # 2-way NVLink bridge only; PCIe Gen4 beyond two cards
    "nvidia_rtx_4090": (64, False),
    "nvidia_rtx_5090": (128, False),
    "nvidia_gh200": (900, True),
    "amd_mi300x": (896, True),  # 448 GB/s aggregate per direction (xGMI, 8-GPU board)
    "amd_mi325x": (896, True),
    "intel_gaudi3": (1200, True),  # 600 GB/s per direction (on-die Ethernet scale-up)
}

# Figures gpus.csv leaves empty that the engine needs; each with its reason (goes to `notes`).
GPU_FILL = {
    "nvidia_a10g": (
        {"bandwidth_gbs": 600.0, "fp32_tflops": 31.2, "bf16_tflops": 62.5, "tdp_w": 300.0},
        "NVIDIA publishes no A10G datasheet: bandwidth, FP32 and FP16 from third-party tables "
        "(HF gpu_catalog.json: 600 GB/s, 31.2 FP32, 62.5 FP16; TDP 300 W from nvidia-smi per the "
        "AWS GPU table gist); treat as estimates.",
    ),
    "nvidia_t4": (
        {"bf16_tflops": 65.0},
        "No BF16 on Turing: bf16_tflops holds the FP16 tensor rate (65 TFLOPS, datasheet).",
    ),
    "nvidia_v100_32gb": (
        {"bf16_tflops": 125.0},
        "No BF16 on Volta: bf16_tflops holds the FP16 tensor rate (125 TFLOPS SXM2, datasheet).",
    ),
    "nvidia_rtx_6000_ada": (
        {"bf16_tflops": 364.4},
        "DERIVED: dense BF16 = 4 x FP32 (91.1), the ratio of NVIDIA's professional Ampere/Ada "
        "datasheets (A40 149.7 vs 37.4; L40S 362 vs 91.6); tensor figures not captured.",
    ),
    "nvidia_rtx_a6000": (
        {"bf16_tflops": 154.8},
        "DERIVED: dense BF16 = 4 x FP32 (38.71), the ratio of the A40 datasheet (149.7 vs 37.4, "
        "same GA102 die); tensor figures not captured.",
    ),
    "nvidia_rtx_4000_sff_ada": (
        {"bandwidth_gbs": 280.0, "fp32_tflops": 19.2, "bf16_tflops": 76.8},
        "ESTIMATE: 280 GB/s = 160-bit bus (computerbase) x 14 Gbps GDDR6; 19.2 TFLOPS FP32 "
        "(6,144 shaders); dense BF16 = 4 x FP32 as on NVIDIA's professional Ada datasheets.",
    ),
    "nvidia_gh200": (
        {"tdp_w": 900.0},
        "Module power is configurable; 900 W is the module ml-engineering measured.",
    ),
}

# GPUs the shipped offers use that gpus.csv lacks (Hetzner GEX45/GEX63/GEX131, Latitude g4).
EXTRA_GPUS = [
    {
        "id": "nvidia_rtx_pro_4000_blackwell_sff",
        "vendor": "NVIDIA",
        "name": "RTX PRO 4000 Blackwell SFF",
        "form_factor": "PCIe",
        "memory_gb": 24,
        "ecc": True,
        "bandwidth_gbs": 432.0,
        "fp32_tflops": 23.96,
        "bf16_tflops": 95.84,
        "fp8_tflops": 191.67,
        "int8_tops": 191.67,
        "fp4_tflops": 383.35,
        "tdp_w": 70.0,
        "source": "https://hmc-tech.com/gpu/nvidia-rtx-pro-4000-blackwell-sff (24 GB GDDR7 ECC, "
        "192-bit, 432 GB/s, 70 W; dense tensor rates, sparse = 2x) | Hetzner GPU matrix "
        "(GEX45: 770 TOPS, via offers.csv notes)",
        "as_of": "2025-08-11",
        "notes": "Dense figures (the page lists sparse at 2x: FP4 766.69 sparse = Hetzner's 770 "
        "TOPS). Added for Hetzner GEX45.",
    },
    {
        "id": "nvidia_rtx_pro_6000_blackwell_maxq",
        "vendor": "NVIDIA",
        "name": "RTX PRO 6000 Blackwell Max-Q",
        "form_factor": "PCIe",
        "memory_gb": 96,
        "ecc": False,
        "bandwidth_gbs": 1792.0,
        "fp32_tflops": 109.7,
        "bf16_tflops": 438.9,
        "fp8_tflops": 877.8,
        "int8_tops": 877.8,
        "fp4_tflops": 1755.5,
        "tdp_w": 300.0,
        "source": "https://blog.us.fixstars.com/what-kind-of-gpu-is-the-nvidia-rtx-pro-6000-"
        "blackwell-max-q (from NVIDIA's datasheet: GB202, 300 W) | https://gpu.name/posts/nvidia-"
        "unveils-rtx-pro-6000-blackwell-gpu-with-24-064-cores-and-96gb-memory (96 GB GDDR7, "
        "512-bit, 1,792 GB/s; same memory on every variant)",
        "as_of": "2025-09-04",
        "notes": "ESTIMATE for compute: NVIDIA rates the Max-Q at 3,511 AI TOPS (FP4, sparse) vs "
        "4,000 for the 600 W Workstation Edition (125 TFLOPS FP32); dense FP4 = 3511/2, FP8 and "
        "INT8 = FP4/2, BF16 = FP8/2, FP32 = 125 x 3511/4000. Added for Hetzner GEX63/GEX131.",
    },
    {
        "id": "nvidia_rtx_pro_6000_blackwell_server",
        "vendor": "NVIDIA",
        "name": "RTX PRO 6000 Blackwell Server Edition",
        "form_factor": "PCIe",
        "memory_gb": 96,
        "ecc": True,
        "bandwidth_gbs": 1597.0,
        "fp32_tflops": 117.0,
        "bf16_tflops": 500.0,
        "fp8_tflops": 1000.0,
        "int8_tops": 1000.0,
        "fp4_tflops": 2000.0,
        "tdp_w": 600.0,
        "source": "NVIDIA RTX PRO 6000 Blackwell Server Edition datasheet (96 GB GDDR7 ECC, "
        "1,597 GB/s, up to 600 W, 4 PFLOPS FP4 sparse) as transcribed for this catalogue | "
        "https://www.ferreiradozezere.net (three variants share GB202 with 188 SMs)",
        "as_of": "2025-05",
        "notes": "ESTIMATE for compute: dense FP4 = 4,000/2 TOPS, FP8 = FP4/2, BF16 = FP8/2. "
        "Added for Latitude.sh g4.rtx6kpro.large. Verify against the datasheet before relying "
        "on it.",
    },
]


def num(s):
    """A float from a CSV cell, or None when empty / not a number."""
    s = (s or "").strip().replace(",", "")
    if not s:
        return None
    try:
        return float(s)
    except ValueError:
        return None


def usable_gib(gpu_id, label_gb, ecc):
    factor = ECC_USABLE if ecc else H100_USABLE
    return round(label_gb * factor, 2)


def gpu_as_of(s):
    s = (s or "").strip()
    m = re.match(r"^(\d{4}(-\d{2}(-\d{2})?)?)$", s)
    return m.group(1) if m else ""


def build_gpus(data_dir):
    out = []
    with open(os.path.join(data_dir, "gpus.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            gid = r["id"].strip()
            label = num(r["memory_gb"]) or 0.0
            ecc = gid in ECC_ON_BY_DEFAULT
            fill, fill_note = GPU_FILL.get(gid, ({}, ""))
            ic, nvlink = INTERCONNECT.get(gid, (0, False))
            mig = num(r["mig_max_instances"])
            g = {
                "id": gid,
                "name": r["name"].strip(),
                "vendor": r["vendor"].strip(),
                "memory_gib": usable_gib(gid, label, ecc),
                "memory_gb_label": label,
                "bandwidth_gbs": num(r["mem_bandwidth_gbps"]) or fill.get("bandwidth_gbs", 0.0),
                "fp32_tflops": num(r["fp32_tflops"]) or fill.get("fp32_tflops", 0.0),
                "bf16_tflops": num(r["bf16_dense_tflops"]) or fill.get("bf16_tflops", 0.0),
                "fp8_tflops": num(r["fp8_dense_tflops"]),
                "int8_tops": num(r["int8_dense_tops"]),
                "fp4_tflops": num(r["fp4_dense_tflops"]),
                "tdp_w": num(r["tdp_w"]) or fill.get("tdp_w", 0.0),
                "interconnect_gbs": float(ic),
                "nvlink": nvlink,
                "mig_max_instances": int(mig) if mig else None,
                "form_factor": r["form_factor"].strip(),
                "source": r["source"].strip(),
                "as_of": gpu_as_of(r["as_of"]),
                "notes": " ".join(
                    x
                    for x in [
                        r["notes"].strip(),
                        "Usable memory: label x 15/16 (ECC on by default)."
                        if ecc
                        else "Usable memory: label x 81559/81920 (driver reservation).",
                        fill_note,
                    ]
                    if x
                ),
            }
            out.append(g)
    for e in EXTRA_GPUS:
        ic, nvlink = (64, False) if "4000" in e["id"] else (128, False)
        out.append(
            {
                "id": e["id"],
                "name": e["name"],
                "vendor": e["vendor"],
                "memory_gib": usable_gib(e["id"], e["memory_gb"], e["ecc"]),
                "memory_gb_label": float(e["memory_gb"]),
                "bandwidth_gbs": e["bandwidth_gbs"],
                "fp32_tflops": e["fp32_tflops"],
                "bf16_tflops": e["bf16_tflops"],
                "fp8_tflops": e["fp8_tflops"],
                "int8_tops": e["int8_tops"],
                "fp4_tflops": e["fp4_tflops"],
                "tdp_w": e["tdp_w"],
                "interconnect_gbs": float(ic),
                "nvlink": nvlink,
                "mig_max_instances": None,
                "form_factor": e["form_factor"],
                "source": e["source"],
                "as_of": e["as_of"],
                "notes": e["notes"]
                + (
                    " Usable memory: label x 15/16 (ECC on by default)."
                    if e["ecc"]
                    else " Usable memory: label x 81559/81920 (driver reservation)."
                ),
            }
        )
    return out


# ---------------------------------------------------------------------------------------------
# Offers
# ---------------------------------------------------------------------------------------------


def key(r):
    return (r["provider"].strip(), r["offer_kind"].strip(), r["instance_name"].strip(), r["price"].strip())


# Rows replaced by a newer row of the same offer (provider, kind, instance name, price).
SUPERSEDED = {
    # AWS cut P4/P5 on-demand prices in June 2025 (p5.48xlarge 98.32 -> 55.04 USD/h, -44%; p4d/p4de
    # -33%; G instances were not cut); the post-cut rows are kept.
    ("AWS", "hyperscaler_on_demand", "p5.48xlarge", "98.32"): "pre-June-2025 price; post-cut 55.04",
    ("AWS", "hyperscaler_on_demand", "p4d.24xlarge", "32.7726"): "pre-June-2025 price; post-cut 21.957642",
    ("AWS", "hyperscaler_on_demand", "p4de.24xlarge", "40.96575"): "pre-June-2025 price; post-cut 27.44705",
    # Hetzner launch price, replaced by the 2026-06-15 price list row.
    ("Hetzner", "bare_metal_monthly", "GEX44", "184"): "launch price; 2026-06-15 list is 232.30",
    # VAT-inclusive 2025 price, before two 2026 increases.
    ("Hetzner", "vps", "CPX32 (no IPv4)", "12.48"): "includes VAT and predates the 2026 increases",
    # Same box and price as the L40S server: the data notes call it a documentation copy error.
    ("Scaleway", "bare_metal_monthly", "EM-T620E-H100S (Elastic Metal Titanium)", "1499.99"): "suspect price",
    # Older Lambda catalogue price (2.99/GPU-h); silybench 2026-09-25 lists 3.99/GPU-h.
    ("Lambda", "gpu_cloud", "gpu_8x_h100_sxm5", "23.92"): "older; 2026-09-25 row (3.99/GPU-h) kept",
    # Vast.ai March 2026 low end; the 2026-10-19 median of verified offers is newer.
    ("Vast.ai", "gpu_cloud", "H100 (marketplace typical, low end)", "1.49"): "older low end; 2026-10-19 median kept",
    # Older Nebius catalogue price; the dated per-GPU row (3.85) is newer.
    ("Nebius", "gpu_cloud", "gpu-h100-sxm_1gpu-16vcpu-200gb", "2.95"): "undated; newer 3.85 row kept",
}

# Undated rows whose price a dated source confirms: (as_of, what confirms it).
CORROBORATED = {
    ("AWS", "hyperscaler_on_demand", "g6e.xlarge", "1.861"): (
        "2026-01-21",
        "on-demand rate confirmed by the 2026-01-21 reserved-rate snapshot (github:tsaol/aws-gpu)",
    ),
    ("AWS", "hyperscaler_on_demand", "g6e.12xlarge", "10.49264"): (
        "2026-01-21",
        "on-demand rate confirmed by the 2026-01-21 reserved-rate snapshot (github:tsaol/aws-gpu)",
    ),
    ("AWS", "hyperscaler_on_demand", "g6.xlarge", "0.8048"): (
        "2026-01-21",
        "on-demand rate confirmed by the 2026-01-21 reserved-rate snapshot (github:tsaol/aws-gpu)",
    ),
}

# Per-GPU rows of instances that only come whole: (gpu count, vcpus, ram_gib, why).
WHOLE_INSTANCE = {
    ("Lambda", "gpu_cloud", "8x H100 SXM (per GPU)", "3.99"): (8, None, None, "min 8 GPUs"),
    ("Crusoe", "gpu_cloud", "h100-80gb-sxm-ib.8x (per GPU)", "3.9"): (8, 176, 960, "8x HGX instance"),
    ("Crusoe", "gpu_cloud", "mi300x-192gb-ib.8x (per GPU)", "3.45"): (8, 240, None, "8x instance, 27.60 USD/h"),
    ("Massed Compute", "gpu_cloud", "H100 SXM5 8x (per GPU)", "3.14"): (8, None, None, "8x = 25.12 USD/h"),
    ("Lambda", "bare_metal_hourly", "1-Click Cluster H100 (per GPU, min 16 GPUs)", "6.16"): (
        16,
        None,
        None,
        "min 16 GPUs",
    ),
}

# GPU ids the CSV leaves empty but its notes name.
GPU_FROM_NOTES = {
    "GEX45": ("nvidia_rtx_pro_4000_blackwell_sff", "GPU per notes: RTX PRO 4000 Blackwell SFF 24 GB"),
    "GEX63": ("nvidia_rtx_pro_6000_blackwell_maxq", "GPU per notes: RTX PRO 6000 Blackwell Max-Q 96 GB"),
    "GEX131": ("nvidia_rtx_pro_6000_blackwell_maxq", "GPU per notes: RTX PRO 6000 Blackwell Max-Q 96 GB"),
    "h100-380 (hourly billing)": (
        "nvidia_h100_pcie",
        "H100 80 GB, form factor not stated: PCIe assumed (the slower card, so estimates stay conservative)",
    ),
    "h100-380 (monthly billing)": (
        "nvidia_h100_pcie",
        "H100 80 GB, form factor not stated: PCIe assumed (the slower card, so estimates stay conservative)",
    ),
    "g4.rtx6kpro.large": ("nvidia_rtx_pro_6000_blackwell_server", "8x RTX PRO 6000 Server Edition per notes"),
    "vbm-112c-2048gb-8-h100-gpu": (
        "nvidia_h100_sxm",
        "8-GPU HGX H100 board: SXM assumed (form factor not stated)",
    ),
    "vbm-112c-2048gb-8-h100-gpu (preemptible)": (
        "nvidia_h100_sxm",
        "8-GPU HGX H100 board: SXM assumed (form factor not stated)",
    ),
    "vbm-48c-1024gb-4-a100-gpu": (
        "nvidia_a100_80gb_pcie",
        "A100 80 GB, form factor not stated: PCIe assumed (conservative)",
    ),
    "BM.GPU.H100.8": ("nvidia_h100_sxm", "8-GPU H100 bare-metal shape: SXM assumed (form factor not stated)"),
}

# Extra offers stated in the notes of a dated row: they reuse that row's fields and source.
# (base row key, overrides)
FROM_NOTES = [
    (
        ("Azure", "hyperscaler_on_demand", "Standard_ND96isr_H100_v5", "98.32"),
        {"offer_kind": "spot", "price": "18.169536", "notes": "Spot, eastus (from the 2026-10-06 Azure Retail Prices API read)."},
    ),
    (
        ("Azure", "hyperscaler_reserved_1y", "Standard_ND96isr_H100_v5", "81.84"),
        {
            "offer_kind": "hyperscaler_on_demand",
            "price": "127.84",
            "min_term": "none",
            "notes": "westeurope pay-as-you-go, 15.98 USD/GPU-h x 8 (same 2026-09-08 API request).",
        },
    ),
    (
        ("GCP", "hyperscaler_on_demand", "a3-highgpu-8g", "82154"),
        {
            "offer_kind": "hyperscaler_reserved_1y",
            "price": "56991",
            "min_term": "1 year (committed use discount)",
            "notes": "EU region (Netherlands) of a US provider; 1y CUD from the same test file.",
        },
    ),
    (
        ("GCP", "hyperscaler_on_demand", "a3-highgpu-8g", "82154"),
        {
            "offer_kind": "hyperscaler_reserved_3y",
            "price": "36078",
            "min_term": "3 years (committed use discount)",
            "notes": "EU region (Netherlands) of a US provider; 3y CUD from the same test file.",
        },
    ),
    (
        ("DigitalOcean", "gpu_cloud", "H100 GPU Droplet 12-month reserved (per GPU)", "3.26"),
        {
            "instance_name": "H100 GPU Droplet (on-demand, per GPU)",
            "price": "4.41",
            "min_term": "none",
            "notes": "'New pricing is effective as of August 1, 2026': on-demand H100 4.41 USD/GPU-h. "
            "Boot disk, 5 TiB scratch NVMe and 15,000 GiB transfer bundled.",
        },
    ),
    (
        ("AWS", "hyperscaler_reserved_1y", "p5.48xlarge", ""),
        {
            "offer_kind": "hyperscaler_on_demand",
            "instance_name": "p5.4xlarge",
            "gpu_count": "1",
            "vcpus": "16",
            "ram_gb": "256",
            "local_storage_gb": "3840",
            "price": "6.88",
            "min_term": "none",
            "notes": "On-demand, post-cut (instances.vantage.sh-derived data). vCPU/RAM/storage "
            "from AWS's p5.4xlarge shape (16 vCPU, 256 GiB, 3.84 TB NVMe).",
        },
    ),
    (
        ("AWS", "hyperscaler_reserved_1y", "p5.48xlarge", ""),
        {
            "offer_kind": "hyperscaler_on_demand",
            "instance_name": "p5en.48xlarge",
            "gpu_id": "nvidia_h200_sxm",
            "price": "63.296",
            "min_term": "none",
            "notes": "On-demand (instances.vantage.sh-derived data, 2026-01-21 snapshot).",
        },
    ),
]
# OVHcloud monthly-billing rows also quote an hourly alternative (EUR, same source and date).
OVH_HOURLY = re.compile(r"hourly alternative EUR ([0-9.]+)/h")

# CPU memory systems: (regex on the CPU model, avx512, amx, channels, MT/s, sockets-regex-aware)
CPU_FAMILIES = [
    # Intel Xeon 4th/5th gen (Sapphire / Emerald Rapids): AVX-512 and AMX.
    (r"Xeon Gold 5412U", True, True, 8, 4400, "Xeon Gold 5412U (Sapphire Rapids): 8 x DDR5-4400"),
    (r"Xeon Platinum 8480C", True, True, 8, 4800, "Xeon Platinum 8480C (Sapphire Rapids): 8 x DDR5-4800"),
    (r"Sapphire Rapids|Emerald Rapids", True, True, None, None, "Xeon Sapphire/Emerald Rapids"),
    # AMD EPYC 9004 (Genoa, Zen 4): AVX-512, no AMX; 12 channels DDR5-4800.
    (r"EPYC (GENOA )?9[0-9]{2}4", True, False, 12, 4800, "EPYC 9004 (Zen 4): 12 x DDR5-4800"),
    # AMD Ryzen 9000 (Zen 5) desktop: AVX-512, no AMX; 2 channels DDR5-5600.
    (r"Ryzen [579] 9[0-9]{3}", True, False, 2, 5600, "Ryzen 9000 (Zen 5): 2 x DDR5-5600"),
    # AMD Ryzen 8000G (Zen 4): AVX-512, no AMX; 2 channels DDR5-5200.
    (r"Ryzen 7 PRO 8700GE", True, False, 2, 5200, "Ryzen 8000G (Zen 4): 2 x DDR5-5200"),
    # Intel Core 13th gen / Core Ultra 200: AVX-512 fused off, no AMX; 2 channels.
    (r"Core i5-13500", False, False, 2, 4800, "Core i5-13500 (Raptor Lake, no AVX-512): 2 x DDR5-4800"),
    (r"Core Ultra 7 265", False, False, 2, 6400, "Core Ultra 7 265 (Arrow Lake, no AVX-512): 2 x DDR5-6400"),
    # Arm: no AVX at all.
    (r"Grace", False, False, None, None, "NVIDIA Grace (Arm)"),
]
# Conservative CPU memory bandwidth when the CPU is unknown, by kind (GB/s): a VPS shares its
# host's channels with other tenants; a dedicated-vCPU VM has a larger but still shared slice.
DEFAULT_CPU_BANDWIDTH = {"vps": 20.0, "dedicated_cpu": 40.0, "cloud_on_demand": 40.0}

EU_REGION = re.compile(
    r"^(eu|europe|westeurope|northeurope|fr|de|fi|nl|ie|fsn1|nbg1|hel1|gra|par|ams|fra|waw)\b|"
    r"\b(EU|Europe|Gravelines|Falkenstein|Helsinki|Finland|Germany|France|Netherlands)\b",
    re.IGNORECASE,
)


def slug(s, keep_dots=True):
    s = s.lower()
    s = re.sub(r"[^a-z0-9.]+" if keep_dots else r"[^a-z0-9]+", "-", s)
    return re.sub(r"-+", "-", s).strip("-.")


def parse_as_of(s):
    """The first date in an as_of cell, unless the cell says the date is unknown."""
    s = (s or "").strip()
    if not s or s.lower().startswith("unknown"):
        return None
    m = re.match(r"^(\d{4}-\d{2}-\d{2}|\d{4}-\d{2}|\d{4})", s)
    return m.group(1) if m else None


def parse_term_months(text, kind):
    if kind in RESERVED_TERM:
        return float(RESERVED_TERM[kind])
    t = (text or "").strip().lower()
    if not t or t.startswith("none") or t.startswith("reserved (term not stated)"):
        return 0.0
    m = re.match(r"(\d+)\s*(year|month|week)", t)
    if not m:
        return 0.0
    n = float(m.group(1))
    unit = m.group(2)
    return {"year": n * 12, "month": n, "week": round(n * 7 / (365 / 12), 2)}[unit]


def is_eu_region(region, jurisdiction):
    region = (region or "").strip()
    if not region or region.lower().startswith("none listed") or region.lower().startswith("varies"):
        return jurisdiction == "EU" and not region
    first = re.split(r"[/,(]", region)[0].strip()
    return bool(EU_REGION.search(first))


def cpu_facts(cpu_model, instance_name, kind, sockets):
    """(avx512, amx, bandwidth GB/s or None, note)."""
    model = (cpu_model or "").strip()
    for pat, avx, amx, ch, mts, label in CPU_FAMILIES:
        if re.search(pat, model):
            bw = None
            note = f"CPU flags from the model ({label})"
            if ch:
                bw = round(ch * mts * 8 / 1000 * sockets, 1)
                note += f"; memory bandwidth {ch} ch x {mts} MT/s x 8 B" + (
                    f" x {sockets} sockets" if sockets > 1 else ""
                ) + f" = {bw} GB/s"
            return avx, amx, bw, note + "."
    if re.match(r"^[mc][0-9]+g\.", instance_name):
        return False, False, None, "Graviton (Arm): no AVX-512/AMX."
    return None, None, None, ""


def is_pure_cpu(r):
    return not r["gpu_id"].strip() and (num(r["gpu_count"]) or 0) == 0


def build_offers(data_dir, extras):
    with open(os.path.join(data_dir, "offers.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    by_key = {key(r): r for r in rows}
    dropped = []
    todo = []
    for r in rows:
        todo.append((r, ""))
    for base_key, over in FROM_NOTES:
        base = by_key.get(base_key)
        if base is None:
            dropped.append(("missing base row for a note-derived offer", base_key))
            continue
        r = dict(base)
        r.update(over)
        todo.append((r, "from-notes"))
    for r in rows:
        m = OVH_HOURLY.search(r["notes"])
        if r["provider"] == "OVHcloud" and m:
            h = dict(r)
            h["instance_name"] = r["instance_name"].replace("(monthly billing)", "(hourly billing)")
            h["price"] = m.group(1)
            h["price_unit"] = "hour"
            h["min_term"] = "none"
            h["notes"] = "Hourly alternative of the monthly-billing offer (same source). " + r["notes"]
            todo.append((h, "from-notes"))

    offers = []
    for r, origin in todo:
        k = key(r)
        why = None
        if k in SUPERSEDED:
            why = "superseded: " + SUPERSEDED[k]
        price = num(r["price"])
        currency = r["currency"].strip().upper()
        source = r["source"].strip()
        as_of = parse_as_of(r["as_of"])
        extra_note = []
        if k in CORROBORATED and as_of is None:
            as_of, what = CORROBORATED[k]
            extra_note.append("Date: " + what + ".")
        if why is None and (price is None or price <= 0):
            why = "no price"
        if why is None and currency not in ("EUR", "USD"):
            why = "no currency"
        if why is None and not source:
            why = "no source"
        if why is None and as_of is None:
            why = "no date (" + (r["as_of"].strip() or "empty") + ")"
        if why:
            dropped.append((why, k))
            continue
        offers.append(make_offer(r, price, currency, source, as_of, extra_note, extras))
    # Stable unique ids.
    seen = {}
    for o in offers:
        seen.setdefault(o["id"], []).append(o)
    for oid, group in seen.items():
        if len(group) > 1:
            for o in group:
                o["id"] = oid + "-" + o.pop("_disambiguator")
    for o in offers:
        o.pop("_disambiguator", None)
    ids = [o["id"] for o in offers]
    assert len(ids) == len(set(ids)), "duplicate ids: " + ", ".join(sorted(i for i in ids if ids.count(i) > 1))
    offers.sort(key=lambda o: o["id"])
    return offers, dropped


def egress_for(r, provider, kind, virt, currency, extras, notes):
    price = num(r["egress_price_per_gb"])
    included = num(r["included_egress_tb"])
    text = r["notes"]
    if provider == "Hetzner" and virt == "bare_metal":
        notes.append("Egress: Hetzner dedicated servers come with unlimited traffic on a 1 Gbit/s port "
                     "(stated for GEX44 by the same sources; assumed for the GEX line).")
        return {"included_tb": 0.0, "price_per_gb": 0.0, "currency": currency, "unmetered": True}
    if re.search(r"no bandwidth charges|'unlimited'|unlimited traffic", text, re.IGNORECASE):
        notes.append("Egress: unmetered per source" + (" (fair-use throttling)." if "fair-use" in text else "."))
        return {"included_tb": 0.0, "price_per_gb": 0.0, "currency": currency, "unmetered": True}
    ex = extras.get(provider)
    if price is None and ex and ex.get("egress"):
        price, ex_cur, ex_incl = ex["egress"]
        if included is None:
            included = ex_incl
        if ex_cur != currency:
            notes.append(f"Egress price in {ex_cur} per extras.csv.")
            currency = ex_cur
    if price is None and ex is None and included is None:
        return None
    if price is None:
        if included is not None:
            notes.append(f"Egress: {included} TB a month included; overage price not published.")
        return None
    return {"included_tb": included or 0.0, "price_per_gb": price, "currency": currency}


def make_offer(r, price, currency, source, as_of, extra_note, extras):
    provider = r["provider"].strip()
    csv_kind = r["offer_kind"].strip()
    kind = KIND[csv_kind]
    name = r["instance_name"].strip()
    region = r["region"].strip()
    notes = list(extra_note)
    k = key(r)

    virt = r["virtualisation"].strip()
    virt_stated = virt in VIRT
    if virt not in VIRT:
        virt = "bare_metal" if kind == "bare_metal" else "vm"
        notes.append(f"Virtualisation not stated; {virt} assumed from the offer kind.")

    gpu_id = r["gpu_id"].strip()
    count = int(num(r["gpu_count"]) or 0)
    if not gpu_id and name in GPU_FROM_NOTES:
        gpu_id, why = GPU_FROM_NOTES[name]
        notes.append(why + ".")
    vcpus = num(r["vcpus"])
    ram = num(r["ram_gb"])
    per = r["price_unit"].strip()
    approximate = False
    amount = price
    if k in WHOLE_INSTANCE:
        n, v, ram_whole, why = WHOLE_INSTANCE[k]
        notes.append(f"Per-GPU list price {price} x {n} GPUs ({why}).")
        amount = round(price * n, 6)
        count = n
        vcpus = v if v is not None else None
        ram = ram_whole
    if per == "year":
        amount = round(amount / 12, 2)
        per = "month"
        approximate = True
        notes.append(f"Yearly price {price} / 12.")
    if provider == "Database Mart (GPU Mart)" and per == "hour" and kind == "bare_metal":
        amount = round(amount * HOURS_PER_MONTH, 2)
        per = "month"
        approximate = True
        notes.append(f"Source gives an hourly equivalent of a monthly rental: {price} x 730 h.")

    jurisdiction = r["jurisdiction"].strip()
    if jurisdiction not in ("US", "EU", "other"):
        jurisdiction = "other"
        notes.append("Jurisdiction not verified.")

    cpu_model = r["cpu_model"].strip()
    sockets = 2 if re.match(r"^2x ", cpu_model) else 1
    avx, amx, cpu_bw, cpu_note = cpu_facts(cpu_model, name, kind, sockets)
    if cpu_bw is not None and re.search(r"per GPU", name, re.IGNORECASE):
        cpu_bw = None  # a slice of a node: the node's bandwidth would overstate it
    if cpu_note:
        notes.append(cpu_note)
    if cpu_bw is None and kind in DEFAULT_CPU_BANDWIDTH and is_pure_cpu(r):
        cpu_bw = DEFAULT_CPU_BANDWIDTH[kind]
        notes.append(f"CPU memory bandwidth {cpu_bw} GB/s is an assumed conservative default for a {kind} slice.")

    # Single tenancy is a promise for regulated data: only where the source says bare metal.
    single_tenant = virt == "bare_metal" and virt_stated
    if virt == "bare_metal" and not virt_stated:
        notes.append("Not marked single-tenant: the source does not say the hardware is dedicated.")
    if kind == "vps":
        dedicated = False
    elif kind == "dedicated_cpu" or kind == "bare_metal":
        dedicated = True
    else:
        dedicated = None

    setup = num(r["setup_fee"])
    term = parse_term_months(r["min_term"], csv_kind)
    if csv_kind in RESERVED_TERM:
        years = RESERVED_TERM[csv_kind] // 12
        name = f"{name} ({years}-year reserved)"

    egress = egress_for(r, provider, kind, virt, currency, extras, notes)
    ex = extras.get(provider) or {}
    storage = None
    if ex.get("storage") and virt != "bare_metal":
        s_price, s_cur = ex["storage"]
        if s_cur == currency:
            storage = s_price

    # Ids: provider-instance[-region for hyperscalers][-spot|-reserved-Ny].
    base_name = re.sub(r"\s*\(.*?\)\s*", " ", r["instance_name"]).strip() or r["instance_name"]
    parts = [slug(provider, keep_dots=False), slug(base_name)]
    if provider in HYPERSCALERS and region:
        parts.append(slug(region))
    if kind == "cloud_spot":
        parts.append("spot")
    if csv_kind in RESERVED_TERM:
        parts.append(f"reserved-{RESERVED_TERM[csv_kind] // 12}y")
    oid = "-".join(p for p in parts if p)
    paren = re.findall(r"\((.*?)\)", r["instance_name"])
    disamb = slug(paren[0], keep_dots=False) if paren else {"hour": "hourly", "month": "monthly"}.get(per, per)

    if r["notes"].strip():
        notes.insert(0, r["notes"].strip())
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", r["as_of"].strip()) and r["as_of"].strip():
        notes.append("Source date as recorded: " + r["as_of"].strip() + ".")

    offer = {
        "id": oid,
        "provider": provider,
        "name": name,
        "kind": kind,
        "gpu": {"id": gpu_id, "count": count} if gpu_id and count > 0 else None,
        "vcpus": int(vcpus) if vcpus else None,
        "ram_gib": ram if ram else None,
        "cpu": cpu_model or None,
        "avx512": avx,
        "amx": amx,
        "cpu_bandwidth_gbs": cpu_bw,
        "dedicated_cores": dedicated,
        "virtualization": virt,
        "price": {"amount": amount, "currency": currency, "per": per},
        "setup_fee": {"amount": setup, "currency": currency} if setup else None,
        "min_term_months": term,
        "egress": egress,
        "storage_per_gb_month": storage,
        "local_storage_gb": num(r["local_storage_gb"]),
        "region": region,
        "jurisdiction": jurisdiction,
        "region_eu": is_eu_region(region, jurisdiction),
        "single_tenant": single_tenant,
        "reference": provider in HYPERSCALERS or kind == "gpu_cloud",
        "source": source,
        "as_of": as_of,
        "notes": " ".join(notes),
        "_disambiguator": disamb,
    }
    if approximate:
        offer["price"]["approximate"] = True
    if not offer["reference"]:
        del offer["reference"]
    # Leave out nulls so the JSON stays readable; serde fills the defaults.
    return {k2: v for k2, v in offer.items() if v is not None and v != ""}


def read_extras(data_dir):
    """Per provider: egress (price/GB, currency, included TB) and block storage (price/GB-month)."""
    out = {}
    with open(os.path.join(data_dir, "extras.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    free = {}
    for r in rows:
        p = r["provider"].strip()
        item = r["item"].lower()
        price = num(r["price"])
        cur = r["currency"].strip().upper()
        if price is None or not r["source"].strip() or not parse_as_of(r["as_of"]) and not r["as_of"].startswith("early"):
            continue
        if "free" in item and r["unit"].strip() == "GB per month":
            free[p] = price / 1000.0
        elif ("data transfer out to internet, first" in item or item.startswith("internet egress")) and "free" not in item:
            out.setdefault(p, {})["egress"] = (price, cur, None)
        elif r["unit"].strip() == "per GB-month":
            out.setdefault(p, {})["storage"] = (price, cur)
        elif p == "Hetzner" and "traffic overage" in item:
            out.setdefault(p, {})["egress"] = (price / 1000.0, cur, 20 * 1.099511627776)
    for p, tb in free.items():
        if "egress" in out.get(p, {}):
            price, cur, _ = out[p]["egress"]
            out[p]["egress"] = (price, cur, tb)
    return out


def read_models(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if isinstance(data, dict):
        data = data.get("models", [])
    return data


def main():
    if len(sys.argv) > 1:
        data_dir = sys.argv[1]
    else:
        data_dir = os.path.join("catalog-src", "data")
    extras = read_extras(data_dir)
    gpus = build_gpus(data_dir)
    offers, dropped = build_offers(data_dir, extras)
    gpu_ids = {g["id"] for g in gpus}
    for o in offers:
        if "gpu" in o:
            assert o["gpu"]["id"] in gpu_ids, o["id"] + " uses unknown GPU " + o["gpu"]["id"]
    catalog = {
        "schema": 1,
        "as_of": AS_OF,
        "usd_per_eur": USD_PER_EUR,
        "rate_source": RATE_SOURCE,
        "gpus": gpus,
        "models": read_models(os.path.join("catalog-src", "models.json")),
        "offers": offers,
    }
    os.makedirs("public", exist_ok=True)
    with open(os.path.join("public", "catalog.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(catalog, f, indent=1, ensure_ascii=False, sort_keys=False)
        f.write("\n")
    kinds = {}
    for o in offers:
        kinds[o["kind"]] = kinds.get(o["kind"], 0) + 1
    print(f"wrote public/catalog.json: {len(gpus)} GPUs, {len(catalog['models'])} models, {len(offers)} offers")
    print("  by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"  dropped {len(dropped)} rows:")
    for why, k in dropped:
        print(f"    {k[0]} / {k[2]} ({k[1]}, {k[3] or 'no price'}): {why}")


if __name__ == "__main__":
    main()
