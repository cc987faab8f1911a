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
- Also dropped (each with its reason below): rows whose notes begin with SUPERSEDED (a corrected
  row replaces them); rows not orderable at their price (NOT_ORDERABLE: on-demand disabled,
  no longer listed, spot-only shapes, cluster-only products); stale providers (STALE_PROVIDERS);
  and any price older than 12 months on 2026-12-01 (OLDEST_DATE)
  that no newer dated source re-confirms (RECONFIRMED, or a sibling flavour re-read in its as_of).
- One offer per machine shape: providers that rent 1, 2, 4 or 8 GPUs in one machine at one
  per-GPU rate get an offer for each shape, at N x the rate (MACHINE_SHAPES).
- GPU slices (gpu_count below 1): `gpu.count` is the fraction, with the MIG profile where the
  provider names one (SLICES below: memory, compute and bandwidth shares and their sources); a
  fraction without a MIG profile is a time-shared vGPU partition, shipped as `vgpu`.
- `fabric` (the network between machines) only where the provider states it (FABRIC, OVH_NETWORK).
- Approximate prices (floors, marketplace medians, GPU-only rates) keep `approximate` on their
  price, the reason in the notes and a `price_note` key the app words (APPROXIMATE); a GPU-only
  rate whose provider publishes its vCPU and RAM add-ons is priced with them (ADDON_RATES).
- Capacity the provider can stop at short notice although it is not sold as spot (a network of
  consumer PCs whose nodes disconnect at any time) ships with `interruptible` (INTERRUPTIBLE).
- Hosted per-token API prices become the catalogue's `apis` (scripts/build_apis.py, its rules there).
- Servers to buy and the colocation site become `hardware` and `colocation` (scripts/build_own.py,
  its rules there).
- The catalogue's `as_of` is the newest price's date; the build prints per provider the number
  of offers and the oldest price date.
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
- The 2026-12-02 market rows (offers-2026-12-02.csv), reliability classes, the flags for what a
  source leaves unknown, per-offer data locations and ISO jurisdictions: scripts/build_market.py,
  its rules there.
- `reference` is true for the hyperscalers (AWS, GCP, Azure) and for GPU clouds: the offers a
  provider's own catalogue keeps beside its own with `include_reference`.
"""

import csv
import json
import os
import re
import sys

from build_apis import build_apis, num
from build_market import flags, jurisdiction as market_jurisdiction, merge_market, month_as_of
from build_market import regions as market_regions, reliability_class
from build_own import build_colocation, build_hardware

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

# GPUs the shipped offers use that gpus.csv lacks (Hetzner GEX45/GEX63/GEX131, Latitude g4, the
# RTX PRO 6000 editions of the 2026-12 rows, B300, MI355X).
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
        "Added for Latitude.sh g4.rtx6kpro.large; also the edition assumed where a cloud does not "
        "name one (the lowest bandwidth of the three editions, so decode estimates stay "
        "conservative). Verify against the datasheet before relying on it.",
    },
    {
        "id": "nvidia_rtx_pro_6000_blackwell_workstation",
        "vendor": "NVIDIA",
        "name": "RTX PRO 6000 Blackwell Workstation Edition",
        "form_factor": "PCIe",
        "memory_gb": 96,
        "ecc": False,
        "bandwidth_gbs": 1792.0,
        "fp32_tflops": 125.0,
        "bf16_tflops": 500.0,
        "fp8_tflops": 1000.0,
        "int8_tops": 1000.0,
        "fp4_tflops": 2000.0,
        "tdp_w": 600.0,
        "interconnect": (128, False),
        "source": "NVIDIA RTX PRO 6000 Blackwell Workstation Edition datasheet (96 GB GDDR7, "
        "512-bit, 1,792 GB/s, 600 W, 125 TFLOPS FP32, 4,000 AI TOPS FP4 with sparsity) as "
        "transcribed for this catalogue | https://gpu.name/posts/nvidia-unveils-rtx-pro-6000-"
        "blackwell-gpu-with-24-064-cores-and-96gb-memory (same memory on every edition)",
        "as_of": "2025-09-04",
        "notes": "Dense rates from the sparse datasheet figure: FP4 = 4,000/2, FP8 and INT8 = "
        "FP4/2, BF16 = FP8/2. Added for the Vast.ai marketplace median of Workstation cards.",
    },
    {
        "id": "nvidia_b300",
        "vendor": "NVIDIA",
        "name": "B300 (HGX B300, Blackwell Ultra)",
        "form_factor": "SXM",
        "memory_gb": 288,
        # Verda names the same GPU "268GB": 288e9 bytes are 268.2 GiB. Which of the two a tool
        # sees was not measured in any source, so the smaller is shipped: a plan that fits in
        # 268 GiB fits either way.
        "memory_gib": 268.2,
        "ecc": False,
        "bandwidth_gbs": 8000.0,
        "fp32_tflops": 75.0,
        "bf16_tflops": 2250.0,
        "fp8_tflops": 4500.0,
        "int8_tops": 125.0,
        "fp4_tflops": 13500.0,
        "tdp_w": 1100.0,
        "interconnect": (1800, True),
        "source": "https://www.nvidia.com/en-us/data-center/hgx/ (HGX B300, 8 GPUs: FP4 144 PFLOPS "
        "sparse / 108 dense, FP8 72 PFLOPS, BF16 36 PFLOPS, INT8 2 POPS, FP32 600 TFLOPS, all "
        "with sparsity where marked; up to 2.3 TB HBM3e; NVLink 5 1.8 TB/s per GPU) | "
        "https://acecloud.ai/blog/nvidia-hgx-b300 (288 GB HBM3e and up to 8 TB/s per GPU, "
        "2026-02-23) | https://fibermall.com/blog/?p=17161 (HGX B300 table)",
        "as_of": "2026-02-23",
        "notes": "Per GPU = the 8-GPU platform figure / 8; dense = sparse / 2 (FP8 72/8/2 = 4.5 PF, "
        "BF16 36/8/2 = 2.25 PF, INT8 2/8/2 = 0.125 POPS: Blackwell Ultra cut INT8), FP4 dense "
        "108/8 = 13.5 PF. TDP 1,100 W as reported for HGX B300 (not on the NVIDIA page read). "
        "Usable memory 268.2 GiB (see the build's comment).",
    },
    {
        "id": "amd_mi355x",
        "vendor": "AMD",
        "name": "Instinct MI355X",
        "form_factor": "OAM",
        "memory_gb": 288,
        "ecc": False,
        "bandwidth_gbs": 8000.0,
        "fp32_tflops": 157.3,
        "bf16_tflops": 2516.6,
        "fp8_tflops": 5033.2,
        "int8_tops": 5033.2,
        "fp4_tflops": 10066.3,
        "tdp_w": 1400.0,
        "interconnect": (1075, True),
        "source": "AMD Instinct MI355X data sheet (288 GB HBM3E, 8 TB/s, 1,400 W TBP; dense "
        "FP16 2.5 PF, FP8 5.0 PF, MXFP4 10 PF; 7 Infinity Fabric links x 153.6 GB/s) as quoted "
        "by https://www.theregister.com/2025/06/12/amd_mi355x/ (10 PF FP4 without sparsity, "
        "288 GB, 8 TB/s, 1.4 kW) | https://www.tomshardware.com/pc-components/gpus/amds-instinct-"
        "mi355x-accelerator-will-consume-1-400-watts (20.1 PF FP4 with sparsity) | ISSCC 2026 "
        "(FP8 five petaflops, https://www.world-today-news.com/?p=7253162)",
        "as_of": "2026-02-16",
        "notes": "Dense figures = the sparse peaks / 2 (FP4 20.1 -> 10.07 PF). Interconnect: 7 "
        "xGMI links x 153.6 GB/s = 1,075 GB/s per GPU on the 8-GPU platform.",
    },
]


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
                "mig_max_instances": int(mig) if mig else MIG_MAX.get(gid),
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
        ic, nvlink = e.get("interconnect") or ((64, False) if "4000" in e["id"] else (128, False))
        out.append(
            {
                "id": e["id"],
                "name": e["name"],
                "vendor": e["vendor"],
                "memory_gib": e.get("memory_gib") or usable_gib(e["id"], e["memory_gb"], e["ecc"]),
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
                "mig_max_instances": MIG_MAX.get(e["id"]),
                "form_factor": e["form_factor"],
                "source": e["source"],
                "as_of": e["as_of"],
                "notes": e["notes"]
                + (
                    ""
                    if e.get("memory_gib")
                    else " Usable memory: label x 15/16 (ECC on by default)."
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
    ("Lambda", "gpu_cloud", "gpu_8x_h100_sxm5", "23.92"): "older; the 2026-09-18 row (31.92) kept",
    # Vast.ai March 2026 low end; the 2026-10-19 median of verified offers is newer.
    ("Vast.ai", "gpu_cloud", "H100 (marketplace typical, low end)", "1.49"): "older low end; 2026-10-19 median kept",
    # Older Nebius catalogue price; the dated per-GPU row (3.85) is newer.
    ("Nebius", "gpu_cloud", "gpu-h100-sxm_1gpu-16vcpu-200gb", "2.95"): "undated; newer 3.85 row kept",
    # Nebius raised per-GPU prices on 2026-10-01 (H100 3.85 -> 4.50); the 1- and 8-GPU presets at
    # the new price are kept.
    ("Nebius", "gpu_cloud", "HGX H100 (per GPU)", "3.85"): "before the 2026-10-01 increase; 4.50 presets kept",
    # The same 8-GPU machine as the named shape gpu_8x_h100_sxm5 (31.92 = 8 x 3.99), which is kept.
    ("Lambda", "gpu_cloud", "8x H100 SXM (per GPU)", "3.99"): "same machine as gpu_8x_h100_sxm5 (31.92), kept",
}

# Rows whose notes begin with SUPERSEDED share their offer with a corrected, newer row that the
# notes name (AWS p5en.48xlarge pre-cut, Azure NC48ads / NC80adis wrong meter, Crusoe L40S).
SUPERSEDED_MARK = re.compile(r"^\s*SUPERSEDED\b")

# Rows that a buyer cannot order at the listed price, with the reason.
NOT_ORDERABLE = {
    # Vultr plans-metal API, 2026-10-06: deploy_ondemand=false and an empty locations list.
    ("Vultr", "bare_metal_hourly", "vbm-112c-2048gb-8-h100-gpu", "23.92"): "on-demand disabled, no location",
    ("Vultr", "bare_metal_hourly", "vbm-256c-2048gb-8-mi300x-gpu", "31.92"): "on-demand disabled",
    ("Vultr", "bare_metal_hourly", "vbm-256c-3072gb-8-b200-gpu", "68.0"): "on-demand disabled",
    # GCP sells a3-highgpu-1g/2g/4g only as Spot or Flex-start: the smallest on-demand GCP H100
    # machine has 8 GPUs; this row is an on-demand-equivalent computed from SKUs.
    ("GCP", "hyperscaler_on_demand", "a3-highgpu-1g (on-demand-equivalent)", "10.9791"): "Spot/Flex-start only",
    # Hetzner no longer lists GEX44 (replaced by GEX45); each GEX server has exactly one GPU.
    ("Hetzner", "bare_metal_monthly", "GEX44 (2026-06-15 price list)", "232.3"): "no longer listed",
    # Voltage Park's on-demand card showed 'Contact for pricing' on 2026-10-06: the 1.99 floor
    # is no longer a price one can order at.
    ("Voltage Park", "bare_metal_hourly", "On-demand HGX H100 (per GPU)", "1.99"): "'Contact for pricing' on 2026-10-06",
    # A cluster product: at least 16 GPUs (two 8-GPU machines) for at least two weeks. The schema
    # has no "at least two machines", and one 16-GPU machine would be a machine that does not exist.
    ("Lambda", "bare_metal_hourly", "1-Click Cluster H100 (per GPU, min 16 GPUs)", "6.16"): "cluster of 16+ GPUs only",
    # Azure's API gives NC48ads = 2 x NC24ads (7.346); NC96ads would be about 4 x 3.673 = 14.69,
    # but that was not read directly, and the 19.108 listed is the wrong meter (2026-12 notes).
    ("Azure", "hyperscaler_on_demand", "Standard_NC96ads_A100_v4", "19.108"): "wrong meter; corrected price not read",
    # Rack-scale product (a 4-GPU slice of a GB200 NVL72 rack) on an undated page; no GB200 entry
    # in the GPU table, and a slice of a rack is not a machine the planner can rent alone.
    ("CoreWeave", "gpu_cloud", "GB200 NVL72 (4x GB200 per node)", "42.0"): "rack slice, no GPU entry",
}

# Providers whose rows are stale as a whole, with the reason. TensorDock: its GPU-only rates need
# CPU/RAM/storage add-ons, its pricing page returned 404 on 2026-09-20 and 2026-10-06 and its
# public locations API returned an empty list on 2026-10-06 (marketplace emptied).
STALE_PROVIDERS = {"TensorDock": "marketplace emptied; pricing page 404 (2026-10-06)"}

# No shipped price older than 12 months: a row dated before this (as of 2026-12-01) is dropped
# unless a newer dated source re-confirms it (RECONFIRMED, or a sibling re-read in its as_of).
OLDEST_DATE = "2025-12-01"

# Old rows whose price a newer dated source read again unchanged: (as_of, source added, what).
RECONFIRMED = {
    ("GCP", "hyperscaler_on_demand", "a3-highgpu-8g", "88.49"): (
        "2026-04-20",
        "third-party copy 52567544169 (compute pricing table 'Last updated 2026-04-20': "
        "a3-highgpu-8g ~USD 88.49, us-central1) | third-party copy ('Raw Cloud GPU Instance "
        "Pricing - 2026 Research') citing https://cloud.google.com/products/compute/pricing/"
        "accelerator-optimized (USD 88.490000119, us-central1, 2026-09)",
        "price re-read unchanged in a table dated 2026-04-20 and on GCP's page in 2026-09",
    ),
}
# OVH's multi-GPU flavours come from a 2025-01-27 catalogue; OVH prices each flavour linearly
# (2x = 2 x 1x, 4x = 4 x 1x in that catalogue: l40s-180 2,016 = 2 x 1,008) and the 1-GPU
# flavour was read again unchanged later. The as_of cell says so: "... re-confirmed YYYY-MM-DD".
SIBLING_RECONFIRMED = re.compile(r"re-confirmed (\d{4}-\d{2}-\d{2})")

# GPU slices (gpu_count below 1). An offer's `gpu.count` is then the fraction of the GPU, with
# the slice's own figures where they differ from it (docs/interface.md section 3):
# (provider, instance name) -> (gpu id, {mig_profile, memory_gib, compute_share,
# bandwidth_share}, why). Rows with a fraction and no entry here ship as a time-shared vGPU at
# the fraction of memory, bandwidth and compute. The Vultr A100 fractions (1/20, 1/2) stay out:
# their prices come from an undated test payload (no date, dropped below like any undated row).
SLICES = {
    # NVIDIA MIG on the RTX PRO 6000 Blackwell: at most 4 instances (NVIDIA MIG User Guide,
    # "Supported GPUs", https://docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-gpus.html);
    # profiles 1g.24gb (x4), 2g.48gb (x2), 4g.96gb (x1) (NVIDIA GPU Operator profiles as listed in
    # github:aws/sagemaker-hyperpod-cli pull 403). RunPod's "MIG 48GB" is the 2g.48gb profile:
    # 2 of 4 compute slices, half the memory and its controllers. RunPod does not name the
    # edition: the Server Edition is assumed as for its whole RTX PRO 6000 (RTX_PRO_EDITION).
    ("RunPod", "RTX PRO 6000 MIG 48GB (1/2 GPU)"): (
        "nvidia_rtx_pro_6000_blackwell_server",
        {"mig_profile": "2g.48gb", "compute_share": 0.5, "bandwidth_share": 0.5},
        "MIG 2g.48gb: 2 of the 4 compute slices and half the memory of the GPU (NVIDIA MIG "
        "profiles for the RTX PRO 6000 Blackwell); edition not stated, Server Edition assumed",
    ),
    # Azure NVads A10 v5: NVIDIA vGPU partitions of one A10, time-shared (Microsoft Learn's size
    # table: NV6ads 1/6 GPU 4 GiB, NV12ads 1/3 8 GiB, NV18ads 1/2 12 GiB, as the rows cite it).
    ("Azure", "Standard_NV6ads_A10_v5 (1/6 A10)"): (
        "nvidia_a10",
        {"memory_gib": 4.0},
        "vGPU partition: 4 GiB of frame buffer as Azure lists it; compute and memory bus time-shared",
    ),
    ("Azure", "Standard_NV12ads_A10_v5 (1/3 A10)"): (
        "nvidia_a10",
        {"memory_gib": 8.0},
        "vGPU partition: 8 GiB of frame buffer as Azure lists it; compute and memory bus time-shared",
    ),
    ("Azure", "Standard_NV18ads_A10_v5 (1/2 A10)"): (
        "nvidia_a10",
        {"memory_gib": 12.0},
        "vGPU partition: 12 GiB of frame buffer as Azure lists it; compute and memory bus time-shared",
    ),
}
# MIG instances at most per GPU where gpus.csv leaves the column empty (NVIDIA MIG User Guide,
# "Supported GPUs": 7 on A100, H100, H200, B200; 4 on the RTX PRO 6000 Blackwell editions).
MIG_MAX = {
    "nvidia_a100_80gb_sxm": 7,
    "nvidia_a100_80gb_pcie": 7,
    "nvidia_a100_40gb": 7,
    "nvidia_h100_pcie": 7,
    "nvidia_b200": 7,
    "nvidia_rtx_pro_6000_blackwell_server": 4,
    "nvidia_rtx_pro_6000_blackwell_workstation": 4,
    "nvidia_rtx_pro_6000_blackwell_maxq": 4,
}

# Prices that are not what the buyer pays for the machine as described: shipped with
# `approximate` on the price and the reason in the notes. (regex on the row's notes and instance
# name, reason)
# The third item is the offer's `price_note`: a short key the app words in both languages (what the
# price leaves out); the first match names it.
APPROXIMATE = [
    (r"'Starting at'|starting from|Floor price|floor\)", "a 'starting at' price (a floor): the price varies by location or configuration", "floor"),
    (r"MEDIAN of live", "the median of a marketplace's live offers, not one offer's price", "median"),
    (r"CPU/RAM extra", "a GPU-only rate: CPU and RAM are billed on top", "gpu_only"),
    (r"marketplace median|marketplace, lowest", "a marketplace's live listing (its median or lowest), not a fixed price", "listing"),
    (r"LOW CONFIDENCE", "a third-party figure the vendor's own page did not confirm (low confidence)", "low_confidence"),
]

# Providers whose machines can stop at short notice whatever the tier: (provider regex, why). Salad
# runs containers on consumer PCs: "the nodes powering our network can disconnect at any time,
# stopping container instances running on the node"; even High priority instances "will still be
# reallocated if ... the node powering the instance disconnects", and "maintaining constant uptime
# requires multiple replicas" (docs.salad.com, Billing and pricing: Priority pricing; its FAQ:
# "GPUs on SaladCloud are similar to spot instances"). Serving on them is the user's call (spot=1).
INTERRUPTIBLE = [
    (r"^Salad", "Salad's nodes are consumer PCs that can disconnect at any time, at every priority level (docs.salad.com, Priority pricing)"),
]

# GPU-only marketplace rates whose provider publishes the add-ons (Salad: "CPU/RAM extra at USD
# 0.005/vCPU-h + 0.001/GB-h"): priced in at an assumed container of ADDON_VCPUS vCPUs and as much
# RAM as the GPU has memory (vLLM and llama.cpp stage the weights through host memory), so the
# offer's price is what such a container costs; `price_note` becomes "gpu_only_priced".
ADDON_RATES = re.compile(r"CPU/RAM extra at (USD|EUR) ([0-9.]+)/vCPU-h \+ ([0-9.]+)/GB-h")
ADDON_VCPUS = 8

# The network between machines of an offer, where the provider states it:
# (provider, regex on the instance name) -> (kind, Gbit/s per machine, why). Without it the planner
# never splits one copy of a model across machines of the offer.
FABRIC = [
    (
        "Oracle Cloud (OCI)",
        r"^BM\.GPU\.H100\.8$",
        ("roce", 3200.0, "8 x 2 x 200 Gbps RDMA cluster network (OCI's RDMA network is RoCE v2)"),
    ),
]
# OVHcloud GPU instances state their network speed in the notes ("25 Gbit/s"): Ethernet.
OVH_NETWORK = re.compile(r"(\d+) Gbit/s")

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

# GPU ids the CSV leaves empty but its notes name. Where the notes leave the edition or form factor
# open, the slower card is assumed so that estimates stay conservative.
RTX_PRO_EDITION = (
    "RTX PRO 6000 Blackwell, edition not stated: Server Edition assumed (1,597 GB/s, the lowest "
    "memory bandwidth of the three editions)"
)
H100_UNSTATED = "H100 80 GB, form factor not stated: PCIe assumed (the slower card, so estimates stay conservative)"
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
    # 2026-12 rows: GPUs gpus.csv lacks, or whose form factor the source does not state.
    "B300-SXM-8-288G": ("nvidia_b300", "GPU per name: B300 SXM 288 GB"),
    "1x B300 SXM6 268GB": ("nvidia_b300", "GPU per notes: B300 SXM6"),
    "NVIDIA HGX B300 (per GPU)": ("nvidia_b300", "GPU per name: HGX B300"),
    "NVIDIA B300 air-cooled (8x) spot": ("nvidia_b300", "GPU per name: B300"),
    "1x B300 SXM6 (Secure Cloud)": ("nvidia_b300", "GPU per notes: B300 288 GB"),
    "AMD MI355X (8x) spot": ("amd_mi355x", "GPU per name: Instinct MI355X"),
    "g4-standard-48": ("nvidia_rtx_pro_6000_blackwell_server", "GPU per notes: RTX PRO 6000 Server Edition"),
    "g4-standard-96": ("nvidia_rtx_pro_6000_blackwell_server", "GPU per notes: RTX PRO 6000 Server Edition"),
    "g4-standard-192": ("nvidia_rtx_pro_6000_blackwell_server", "GPU per notes: RTX PRO 6000 Server Edition"),
    "g4-standard-384": ("nvidia_rtx_pro_6000_blackwell_server", "GPU per notes: RTX PRO 6000 Server Edition"),
    "1x RTX PRO 6000 SE": ("nvidia_rtx_pro_6000_blackwell_server", "GPU per notes: RTX PRO 6000 Server Edition"),
    "RTX PRO 6000 WS (marketplace median, 17 offers)": (
        "nvidia_rtx_pro_6000_blackwell_workstation",
        "GPU per notes: RTX PRO 6000 Workstation Edition",
    ),
    "1x RTX PRO 6000 96GB": ("nvidia_rtx_pro_6000_blackwell_server", RTX_PRO_EDITION),
    "NVIDIA RTX PRO 6000 (per GPU)": ("nvidia_rtx_pro_6000_blackwell_server", RTX_PRO_EDITION),
    "1x RTX PRO 6000 (Community Cloud)": ("nvidia_rtx_pro_6000_blackwell_server", RTX_PRO_EDITION),
    "RTX PRO 6000 Blackwell (8x)": ("nvidia_rtx_pro_6000_blackwell_server", RTX_PRO_EDITION),
    "RTXPro6000x8 (bare metal)": ("nvidia_rtx_pro_6000_blackwell_server", RTX_PRO_EDITION),
    "h100-760 (monthly billing)": ("nvidia_h100_pcie", H100_UNSTATED),
    "h100-760 (hourly billing)": ("nvidia_h100_pcie", H100_UNSTATED),
    "h100-1520 (monthly billing)": ("nvidia_h100_pcie", H100_UNSTATED),
    "h100-1520 (hourly billing)": ("nvidia_h100_pcie", H100_UNSTATED),
    "Virtual GPU 1x H100": ("nvidia_h100_pcie", H100_UNSTATED),
    "plusAI H100 tier (70B)": ("nvidia_h100_pcie", H100_UNSTATED),
    "Virtual GPU 8x H100": (
        "nvidia_h100_sxm",
        "8-GPU H100 machine: SXM per the same page's '8x H100 SXM' bare-metal and GPU-cloud listings",
    ),
    "h200-1920": (
        "nvidia_h200_nvl",
        "H200 141 GB, form factor not stated: NVL (PCIe) assumed, the slower of the two H200 cards",
    ),
}

# Extra offers stated in the notes of a dated row: they reuse that row's fields and source.
# (base row key, overrides). The 2026-12 rows give DigitalOcean's on-demand H100, AWS p5.4xlarge
# and p5en.48xlarge rows of their own, so those are no longer taken from notes.
FROM_NOTES = [
    (
        # GCP a3-highgpu-8g spot has changed since the 2025-03-06 row (35.40): 52.96 in 2026-09.
        ("GCP", "spot", "a3-highgpu-8g", "35.3957"),
        {
            "price": "52.962296548",
            "as_of": "2026-09 (doc undated)",
            "source": "third-party copy ('Raw Cloud GPU Instance Pricing - 2026 Research') citing "
            "https://cloud.google.com/products/compute/pricing/accelerator-optimized (us-central1)",
            "notes": "Spot prices are dynamic; USD 52.962296548 read in 2026-09 (was 35.40 on 2025-03-06).",
        },
    ),
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
]
# OVHcloud monthly-billing rows also quote an hourly alternative (EUR, same source and date).
OVH_HOURLY = re.compile(r"hourly alternative EUR ([0-9.]+)/h")

# CPU memory systems: (regex on the CPU model, avx512, amx, channels, MT/s, sockets-regex-aware)
CPU_FAMILIES = [
    # Intel Xeon 4th/5th gen (Sapphire / Emerald Rapids): AVX-512 and AMX.
    (r"Xeon Gold 5412U", True, True, 8, 4400, "Xeon Gold 5412U (Sapphire Rapids): 8 x DDR5-4400"),
    (r"Xeon Platinum 8480C", True, True, 8, 4800, "Xeon Platinum 8480C (Sapphire Rapids): 8 x DDR5-4800"),
    (r"Xeon Gold 64(26|42)Y", True, True, 8, 4800, "Xeon Gold 6426Y/6442Y (Sapphire Rapids): 8 x DDR5-4800"),
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
    # AMD EPYC Genoa / Turin named by family only (GCP c3d, c4d): AVX-512, no AMX.
    (r"Genoa|Turin", True, False, None, None, "EPYC Genoa/Turin (Zen 4/5)"),
    # Arm: no AVX at all.
    (r"Grace", False, False, None, None, "NVIDIA Grace (Arm)"),
]
# Conservative CPU memory bandwidth when the CPU is unknown, by kind (GB/s): a VPS shares its
# host's channels with other tenants; a dedicated-vCPU VM has a larger but still shared slice.
DEFAULT_CPU_BANDWIDTH = {"vps": 20.0, "dedicated_cpu": 40.0, "cloud_on_demand": 40.0}

# An EU data location from the region's first part: provider region codes (Azure's
# germanywestcentral, swedencentral, francecentral; OVH's GRA9) and country or city names.
EU_REGION = re.compile(
    r"^(eu|europe|westeurope|northeurope|fr|de|fi|nl|ie|fsn1|nbg1|hel1|gra\d*|par|ams|fra|waw)\b|"
    r"^(germany|sweden|france|italy|spain|poland)[a-z]*$|"
    r"\b(EU|Europe|Gravelines|Falkenstein|Helsinki|Finland|Germany|France|Netherlands)\b|\(FR\)",
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
    return bool(EU_REGION.search(first)) or bool(re.search(r"\(FR\)", region))


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


# Providers that rent 1 to 8 GPUs in one machine at one per-GPU rate publish one per-GPU price:
# each machine shape they rent becomes an offer of its own, at that machine's price (N x the
# per-GPU rate), so that a plan can take one machine with the GPUs it needs instead of chaining
# one-GPU machines. (regex on the notes that states the linear pricing, shapes.) Shapes a row of
# their own already gives (RunPod 8x H100/H200/B200) are not derived again.
MACHINE_SHAPES = [
    # Verda: "sells 1x/2x/4x/8x VMs at the same per-GPU rate" (8x H200 32.00 when 1x was 4.00).
    (r"Verda sells 1x/2x/4x/8x VMs at the same per-GPU rate", (2, 4, 8)),
    # RunPod: "per-GPU price, multi-GPU pods at the same per-GPU rate" / "applies to 1-8 GPUs in
    # one pod" (8x H200 Secure 36.72 = 8 x 4.59).
    (r"multi-GPU pods at the same per-GPU rate|per-GPU price applies to 1-8 GPUs in one pod", (2, 4, 8)),
]


def machine_shapes(rows):
    """Rows for the 2-, 4- and 8-GPU machines of providers that price per GPU (MACHINE_SHAPES)."""
    stated = {
        (r["provider"].strip(), r["gpu_id"].strip(), int(num(r["gpu_count"]) or 0), r["offer_kind"].strip())
        for r in rows
    }
    out = []
    for r in rows:
        if num(r["gpu_count"]) != 1 or num(r["price"]) is None:
            continue
        shapes = next((n for pat, n in MACHINE_SHAPES if re.search(pat, r["notes"])), None)
        if not shapes:
            continue
        for n in shapes:
            gpu = r["gpu_id"].strip() or GPU_FROM_NOTES.get(r["instance_name"].strip(), ("",))[0]
            if (r["provider"].strip(), gpu, n, r["offer_kind"].strip()) in stated:
                continue
            d = dict(r)
            name = r["instance_name"].strip()
            d["instance_name"] = re.sub(r"^1x ", f"{n}x ", name) if name.startswith("1x ") else f"{n}x {name}"
            d["gpu_count"] = str(n)
            d["price"] = f"{round(num(r['price']) * n, 6):g}"
            for field in ("vcpus", "ram_gb", "local_storage_gb"):
                d[field] = ""  # not published per shape
            d["_gpu_id"] = gpu
            d["notes"] = (
                f"DERIVED machine shape: {n} x the per-GPU rate {r['price']} {r['currency']}/h of "
                f"the 1-GPU offer (same source and date; the provider prices every shape per GPU). "
                "vCPU, RAM and disk of this shape not published. " + r["notes"]
            )
            out.append(d)
    return out


def drop_reason(r, k, as_of):
    """Why a row is not shipped (None: it is shipped)."""
    if k in SUPERSEDED:
        return "superseded: " + SUPERSEDED[k]
    if SUPERSEDED_MARK.search(r["notes"]):
        return "superseded: its notes name the corrected row"
    if k in NOT_ORDERABLE:
        return "not orderable: " + NOT_ORDERABLE[k]
    if r["provider"].strip() in STALE_PROVIDERS:
        return "stale: " + STALE_PROVIDERS[r["provider"].strip()]
    price = num(r["price"])
    if price is None or price <= 0:
        return "no price"
    if r["currency"].strip().upper() not in ("EUR", "USD"):
        return "no currency"
    if not r["source"].strip():
        return "no source"
    if as_of is None:
        return "no date (" + (r["as_of"].strip() or "empty") + ")"
    if month_as_of(as_of) < OLDEST_DATE:
        return f"older than 12 months ({as_of}) and not re-confirmed"
    return None


def build_offers(data_dir, extras):
    with open(os.path.join(data_dir, "offers.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    by_key = {key(r): r for r in rows}
    dropped = []
    market = os.path.join(data_dir, "offers-2026-12-02.csv")
    if os.path.exists(market):
        with open(market, newline="", encoding="utf-8") as f:
            rows, replaced = merge_market(rows, list(csv.DictReader(f)), key)
        dropped.extend(replaced)
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
    for r in machine_shapes([t[0] for t in todo if drop_reason(t[0], key(t[0]), "9999") is None]):
        todo.append((r, "shape"))

    offers = []
    for r, origin in todo:
        k = key(r)
        source = r["source"].strip()
        as_of = parse_as_of(r["as_of"])
        extra_note = []
        if k in CORROBORATED and as_of is None:
            as_of, what = CORROBORATED[k]
            extra_note.append("Date: " + what + ".")
        if k in RECONFIRMED and as_of is not None and as_of < OLDEST_DATE:
            as_of, more, what = RECONFIRMED[k]
            source = source + " | " + more
            extra_note.append("Date: " + what + ".")
        m = SIBLING_RECONFIRMED.search(r["as_of"])
        if m and as_of is not None and as_of < OLDEST_DATE:
            as_of = m.group(1)
            extra_note.append(
                f"Date: the 1-GPU flavour's price was read again unchanged on {as_of}, and OVH prices "
                "each flavour linearly (this flavour's price is the 1-GPU price times its GPUs)."
            )
        why = drop_reason(r, k, as_of)
        if why:
            dropped.append((why, k))
            continue
        offers.append(make_offer(r, num(r["price"]), r["currency"].strip().upper(), source, as_of, extra_note, extras))
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

    gpu_id = r["gpu_id"].strip() or r.get("_gpu_id", "")
    fraction = num(r["gpu_count"]) or 0
    count = int(fraction)
    slice_gpu = None
    if 0 < fraction < 1:
        sid, figures, why = SLICES.get((provider, name), (gpu_id, {}, ""))
        gpu_id = gpu_id or sid
        slice_gpu = {"id": gpu_id, "count": fraction, **figures}
        if "mig_profile" not in figures:
            # A fraction without a MIG profile is a time-shared vGPU partition.
            virt = "vgpu"
        notes.append("GPU slice: " + (why or "time-shared vGPU at the listed fraction") + ".")
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

    price_note = "yearly" if approximate and per == "month" and r["price_unit"].strip() == "year" else None
    if provider == "Database Mart (GPU Mart)" and approximate and not price_note:
        price_note = "monthly_as_hourly"
    for pat, why, note_key in APPROXIMATE:
        if re.search(pat, r["notes"] + " " + r["instance_name"]):
            approximate = True
            notes.append("Approximate price: " + why + ".")
            price_note = price_note or note_key
    amount, vcpus, ram, price_note = price_addons(r, amount, per, gpu_id, vcpus, ram, price_note, notes)

    fabric = None
    for prov, pat, (fkind, gbps, why) in FABRIC:
        if provider == prov and re.search(pat, name):
            fabric = {"kind": fkind, "gbps": gbps}
            notes.append("Fabric: " + why + ".")
    m = OVH_NETWORK.search(r["notes"])
    if provider == "OVHcloud" and gpu_id and m:
        fabric = {"kind": "ethernet", "gbps": float(m.group(1))}
        notes.append(f"Fabric: the instance's {m.group(1)} Gbit/s network as OVH states it (Ethernet).")

    jurisdiction, why = market_jurisdiction(provider, r["jurisdiction"])
    if why:
        notes.append(why if why.endswith(".") else why + ".")

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
        parts.append(slug(re.sub(r"\s*\(.*", "", region)))
    if kind == "cloud_spot" and not parts[-1].endswith("spot"):
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

    config_unknown, availability_uncertain = flags(r)
    offer = {
        "id": oid,
        "provider": provider,
        "name": name,
        "kind": kind,
        "gpu": slice_gpu if slice_gpu and gpu_id else {"id": gpu_id, "count": count} if gpu_id and count > 0 else None,
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
        "fabric": fabric,
        "storage_per_gb_month": storage,
        "local_storage_gb": num(r["local_storage_gb"]),
        "region": region,
        "jurisdiction": jurisdiction,
        "region_eu": is_eu_region(region, jurisdiction),
        "regions": market_regions(region),
        "reliability_class": reliability_class(r, provider, kind, virt),
        "config_unknown": config_unknown or None,
        "availability_uncertain": availability_uncertain or None,
        "single_tenant": single_tenant,
        "reference": provider in HYPERSCALERS or kind == "gpu_cloud",
        "source": source,
        "as_of": as_of,
        "notes": " ".join(notes),
        "_disambiguator": disamb,
    }
    if approximate:
        offer["price"]["approximate"] = True
    for pat, why in INTERRUPTIBLE:
        if re.search(pat, provider):
            offer["interruptible"] = True
            offer["notes"] = (offer["notes"] + " Interruptible: " + why + ".").strip()
    if price_note:
        offer["price_note"] = price_note
    if not offer["reference"]:
        del offer["reference"]
    # Leave out nulls so the JSON stays readable; serde fills the defaults.
    return {k2: v for k2, v in offer.items() if v is not None and v != ""}


def price_addons(r, amount, per, gpu_id, vcpus, ram, price_note, notes):
    """A GPU-only hourly rate with published CPU and RAM add-ons, priced in (ADDON_RATES)."""
    m = ADDON_RATES.search(r["notes"])
    if not m or per != "hour" or price_note != "gpu_only":
        return amount, vcpus, ram, price_note
    gib = GPU_MEMORY_GB.get(gpu_id)
    if not gib:
        return amount, vcpus, ram, price_note
    vcpu_h, gb_h = float(m.group(2)), float(m.group(3))
    extra = ADDON_VCPUS * vcpu_h + gib * gb_h
    notes.append(
        f"Priced with add-ons: {amount} GPU + {ADDON_VCPUS} vCPU x {vcpu_h} + {gib:g} GB RAM x {gb_h} "
        f"= {round(amount + extra, 4)} {m.group(1)}/h (an assumed container: RAM as large as the GPU's memory)."
    )
    return round(amount + extra, 4), ADDON_VCPUS, float(gib), "gpu_only_priced"


# The memory label (GB) of the GPUs whose GPU-only rates are priced with add-ons.
GPU_MEMORY_GB = {"nvidia_rtx_5090": 32, "nvidia_rtx_4090": 24}


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
        # The catalogue's date: the newest price in it (a full date; month-only dates sort first).
        "as_of": max(o["as_of"] for o in offers if len(o["as_of"]) == 10),
        "usd_per_eur": USD_PER_EUR,
        "rate_source": RATE_SOURCE,
        "gpus": gpus,
        "models": read_models(os.path.join("catalog-src", "models.json")),
        "offers": offers,
    }
    # Hosted per-token APIs (scripts/build_apis.py): what the same model costs as a service.
    apis, apis_dropped = build_apis(data_dir, {m["id"] for m in catalog["models"]})
    catalog["apis"] = apis
    # Servers to buy and the site that houses them (scripts/build_own.py), for own=1.
    hardware, hardware_dropped = build_hardware(data_dir, gpu_ids)
    catalog["hardware"] = hardware
    catalog["colocation"] = build_colocation(data_dir)
    os.makedirs("public", exist_ok=True)
    with open(os.path.join("public", "catalog.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(catalog, f, indent=1, ensure_ascii=False, sort_keys=False)
        f.write("\n")
    kinds = {}
    for o in offers:
        kinds[o["kind"]] = kinds.get(o["kind"], 0) + 1
    print(f"wrote public/catalog.json: {len(gpus)} GPUs, {len(catalog['models'])} models, {len(offers)} offers")
    print("  by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print("  by provider (offers, oldest price date):")
    providers = {}
    for o in offers:
        n, oldest = providers.get(o["provider"], (0, "9999"))
        providers[o["provider"]] = (n + 1, min(oldest, o["as_of"]))
    for p, (n, oldest) in sorted(providers.items(), key=lambda x: x[0].lower()):
        print(f"    {p}: {n}, oldest {oldest}")
    print(f"  dropped {len(dropped)} rows:")
    for why, k in dropped:
        print(f"    {k[0]} / {k[2]} ({k[1]}, {k[3] or 'no price'}): {why}")
    print(f"  apis: {len(apis)} prices for {len({a['model_id'] for a in apis})} models "
          f"({sum(1 for a in apis if a.get('last_known'))} last known); dropped {len(apis_dropped)}:")
    for why, provider, model in apis_dropped:
        print(f"    {provider} / {model}: {why}")
    print(f"  hardware: {len(hardware)} servers, {len(catalog['colocation'])} colocation site; "
          f"dropped {len(hardware_dropped)}:")
    for why, item in hardware_dropped:
        print(f"    {item}: {why}")


if __name__ == "__main__":
    main()
