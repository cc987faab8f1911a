"""Servers to buy and the sites that house them: the catalogue's `hardware` and `colocation`
lists (docs/interface.md section 3), for owned options (`own=1`).

Read by scripts/build_catalog.py from catalog-src/data/hardware-purchase.csv and
catalog-src/data/colocation-power.csv. Python 3 standard library only; deterministic.

Editorial rules for hardware-purchase.csv, each with its reason:
- Only money rows ship. Depreciation conventions (`price_kind` convention) and resale fractions
  (`fraction_of_new`) are not prices: the cost model's defaults cite them (src/cost/own.rs:
  48 months, the H100 resale curve 1.00/0.78/0.60/0.46/0.35).
- Undated rows are dropped: a price that cannot be aged cannot be compared with dated rents
  (DGX H100 list, "8x H200 ~$400K+", the L40S systems and cards, L4, the undated used-H100 range,
  the 10x RTX 5090 rig).
- Used prices are dropped: an owned option is bought new; what it resells for is its residual.
- Rows older than 24 months (before 2024-12) are dropped (the SemiAnalysis DGX H100 estimate of
  2023-05 is a pre-2024 price level), except a vendor's quote for a complete server, the only
  complete price of its class in the data: the HGX H100 quote of 2024-08-22 ships, its age shown in
  the comparison (Silicon Data reports H100 prices in the same USD 25-40k range from mid-2024 into
  2026).
- Rows whose GPU the catalogue does not list (RTX 3090, RTX PRO 6000 Blackwell) and component
  rows (CPUs, memory) are not servers.
- A complete server with a dated price ships as is, one per GPU type and count: the Thinkmate
  HGX H100 quote (2024-08-22, with 8x400G InfiniBand), the DGX B200 (2025-03-16, reported list
  price with NVIDIA's software bundle), the RTX 5090 workstation (2026-06-25).
- Where only a per-GPU price exists for a GPU sold on 8-GPU baseboards (H200 SXM, MI300X), the
  server is composed: 8 GPUs at their dated street price plus the platform of the same class
  (baseboard, chassis, CPUs, memory, network), derived from the one complete quote of that class:
  the HGX H100 quote less eight H100s at Silicon Data's USD 25,000 (the lower bound of the range
  it reports from mid-2024 into 2026) = USD 117,000. Composed prices are approximate. PCIe-card
  servers are not composed: no complete PCIe server price is in the data to derive a platform.
- Small servers of 1 to 4 GPUs (hardware-purchase-2026-12-02.csv, read after the first file):
  the component sums of one build guide ("Pricing last verified: January 2025") ship as `street`
  (approximate), at the guide's lower bound; per-card rows and undated agency quotes do not.
  They predate the 2026 DRAM shortage: large-memory builds now cost more.
- The draw beyond the GPUs (`overhead_w`, W at full load): 8-GPU servers 4,600 W, the DGX H100's
  ~10.2 kW at the wall (servnetuk.com, 2026-07-05; Supermicro's 8x H100 ~10.5 kW) less 8 x 700 W
  of TDP; the DGX B200 6,300 W, its 14.3 kW less 8 x 1,000 W; the single-GPU workstation 150 W
  (a desktop CPU, board and drives at load: an assumption).

Editorial rules for colocation-power.csv:
- One site ships, the first the cost model prices: Frankfurt, the one EU market with a per-kW
  rate in the data. Its rate is the midpoint of the guide's EUR 130-180 per kW-month range
  (datacentres.com); the guide is undated, with 2025/26 content, so it is dated 2025, the earliest
  its figures can be.
- That rate is space, cooling and power capacity; energy is metered on top (the research notes:
  "before energy if metered"), so the site bills power apart.
- Its energy price is Germany's modelled industrial price for companies without reductions,
  EUR 0.1677/kWh, the 2024 average (Bundesnetzagentur SMARD; data centres usually do not qualify
  for reductions): a dated official figure, preferred to the undated guide's EUR 0.12-0.16.
- The other rows (other markets' rates, stale 2015/2018 figures, PUE, remote hands, network) do not
  ship as sites; the cost model's defaults cite the ones it uses (PUE, remote hands, setup).
"""

import csv
import os

GPU_TDP_W = {"nvidia_h100_sxm": 700, "nvidia_h200_sxm": 700, "amd_mi300x": 750, "nvidia_b200": 1000}

# Complete servers: CSV item prefix -> (id, name, overhead W, rack units).
COMPLETE = {
    "HGX H100 8-GPU server (Thinkmate quote": (
        "hgx-h100-8x", "8x H100 SXM server (HGX, Thinkmate quote)", 4600, 8),
    "NVIDIA DGX B200 (8x B200": ("dgx-b200", "NVIDIA DGX B200 (8x B200)", 6300, 10),
    "Single-GPU 70B-capable AI workstation (RTX 5090": (
        "workstation-rtx-5090", "RTX 5090 workstation (complete)", 150, 4),
    # Small servers (hardware-purchase-2026-12-02.csv): component sums of one build guide priced
    # in January 2025, shipped as `street` (approximate). The draw beyond the GPUs: the guide's
    # typical draw less the GPUs' TDP where it states one (4x H100 PCIe 1.8 kW - 4 x 350 W =
    # 400 W; 4x H100 SXM 3.5 kW - 4 x 700 W = 700 W); for the 1- and 2-GPU builds, one EPYC
    # socket (EPYC 9124 200 W, 9354 280 W TDP) with board, memory and drives: 300 and 400 W.
    "1x H100 PCIe 80GB server, self-built": ("h100-pcie-1x", "1x H100 PCIe server (self-built)", 300, 4),
    "2x H100 NVL 94GB server with NVLink bridge": ("h100-nvl-2x", "2x H100 NVL server with NVLink bridge (self-built)", 400, 4),
    "4x H100 PCIe 80GB server, self-built": ("h100-pcie-4x", "4x H100 PCIe server (self-built)", 400, 4),
    "4x H100 SXM (HGX 4-GPU) server": ("h100-sxm-4x", "4x H100 SXM server (HGX 4-GPU, self-built)", 700, 4),
}
# The 2026-12-02 file's `estimate` (a component sum from a build guide) ships as `street`: an
# approximate price, as its notes ask.
PRICE_KIND = {"estimate": "street"}

# Per-GPU rows composed into 8-GPU servers: item prefix -> (id, name).
COMPOSED = {
    "H200 SXM (retail, per GPU)": ("h200-sxm-8x", "8x H200 SXM server (composed)"),
    "AMD Instinct MI300X (per GPU, street)": ("mi300x-8x", "8x MI300X server (composed)"),
}

# The platform of an 8-GPU baseboard server: the HGX H100 quote less its eight GPUs.
PLATFORM_8GPU_USD = 317000 - 8 * 25000
PLATFORM_SOURCE = ("platform USD 117,000 = Thinkmate HGX H100 quote USD 317,000 (2024-08-22) "
                   "less 8 x USD 25,000 (H100, Silicon Data 2026-01-30)")


def _dated(as_of):
    return as_of[:4].isdigit()


def build_hardware(data_dir, gpu_ids):
    """The `hardware` list and the dropped rows (reason, item)."""
    out, dropped = [], []
    with open(os.path.join(data_dir, "hardware-purchase.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    more = os.path.join(data_dir, "hardware-purchase-2026-12-02.csv")
    if os.path.exists(more):
        with open(more, encoding="utf-8") as f:
            rows += list(csv.DictReader(f))
    for r in rows:
        item, as_of = r["item"], r["as_of"].strip()
        kind = PRICE_KIND.get(r["price_kind"], r["price_kind"])
        complete = next((v for k, v in COMPLETE.items() if item.startswith(k)), None)
        composed = next((v for k, v in COMPOSED.items() if item.startswith(k)), None)
        if kind == "convention" or r["currency"] == "fraction_of_new":
            dropped.append(("not a price (a default of the cost model)", item))
        elif not _dated(as_of):
            dropped.append(("undated", item))
        elif as_of[:7] < "2024-12" and kind != "quote":
            dropped.append(("older than 24 months", item))
        elif kind == "used":
            dropped.append(("used: an owned option is bought new", item))
        elif r["gpu_id"] not in gpu_ids:
            dropped.append(("no GPU of the catalogue (a component or an unlisted card)", item))
        elif complete:
            hid, name, overhead, units = complete
            out.append(_row(hid, name, r, float(r["price"]), kind, overhead, units, as_of, r["source"]))
        elif composed:
            hid, name = composed
            price = 8 * float(r["price"]) + PLATFORM_8GPU_USD
            source = f"8 x {r['source']} + {PLATFORM_SOURCE}"
            row = _row(hid, name, r, price, "composed", 4600, 8, as_of, source)
            row["gpu_count"] = 8
            out.append(row)
        else:
            dropped.append(("a complete server of this GPU ships instead, or no platform to compose", item))
    return out, dropped


def _row(hid, name, r, price, kind, overhead, units, as_of, source):
    return {
        "id": hid,
        "name": name,
        "gpu_id": r["gpu_id"],
        "gpu_count": int(r["gpu_count"]),
        "price": price,
        "currency": r["currency"],
        "price_kind": kind,
        "overhead_w": overhead,
        "rack_units": units,
        "source": source,
        "as_of": as_of,
        "notes": r["notes"],
    }


def build_colocation(data_dir):
    """The `colocation` list: the Frankfurt site (see the module's rules)."""
    with open(os.path.join(data_dir, "colocation-power.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    low = next(r for r in rows if r["item"] == "Colocation rate, Frankfurt")
    high = next(r for r in rows if r["item"] == "Colocation rate, Frankfurt (upper bound)")
    power = next(r for r in rows if r["item"].startswith("Industrial electricity price Germany")
                 and r["as_of"] == "2024")
    rate = (float(low["price"]) + float(high["price"])) / 2
    return [{
        "id": "frankfurt",
        "name": "Frankfurt colocation",
        "region": "Frankfurt, DE",
        "jurisdiction": "EU",
        "region_eu": True,
        "per_kw_month": rate,
        "currency": "EUR",
        "power_included": False,
        "kwh_price": float(power["price"]),
        "source": f"{low['source']} (EUR {low['price']}-{high['price']}/kW-month, midpoint); "
                  f"energy: {power['source']}",
        "as_of": "2025",
        "notes": low["notes"] + " Energy: " + power["notes"],
    }]
