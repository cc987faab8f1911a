"""What a buyer risks on an offer: its hosts' reliability class, what its source leaves unknown,
the data locations it is sold in, and the 2026-12-02 market rows. Read by
scripts/build_catalog.py (docs/interface.md section 3 says what each field means).

Editorial rules, each with its reason:
- `reliability_class` (community, marketplace, secure_cloud, dedicated, hyperscaler) describes
  the offer line, not the provider: the class a row of offers-2026-12-02.csv states, else the one
  catalog-src/data/provider-reliability.csv gives the provider's offer line, chosen by the
  offer's kind and name (RELIABILITY below). RunPod's Community Cloud: "third-party hosts renting
  out their own hardware ... no datacentre SLA"; Vast.ai: hosts "from individuals with a single
  gaming PC to Tier-4 datacenters"; Salad: "PC owners ... sharing their idle hardware". A 24/7
  service does not rest on community or marketplace hosts unless the user allows them.
- `config_unknown` where the row's own notes or name say the configuration is unknown;
  `availability_uncertain` where they say the availability or the term is uncertain (TERM
  UNCLEAR, "availability uncertain", stock not verified). The verdict reads both.
- `regions`: where one offer is sold in several data locations (a region cell listing several,
  separated by `;`, `,` or ` / `), each location with whether it is in the EU, so that `eu=1`
  shows only the EU ones.
- Jurisdiction: ISO country codes of EU members read as EU (FI, FR, DE...), other codes as
  `other`. Sesterce hides the operator behind each offer (its console shows anonymised
  underlying clouds), so its rows are `other` whatever the company's seat: the law behind a given
  machine is unknown.
- The 2026-12-02 rows (offers-2026-12-02.csv) join the catalogue under the same rules as the
  others, and also: rows whose notes start with STALE or NOT ORDERABLE are dropped; a row of the
  same provider, kind, instance name and region as an older row replaces it (the GCP on-demand
  prices, now per hour: GCP's on-demand europe-west4 a3-highgpu-8g was stored per month and read
  as committed capacity); third-party per-GPU rates whose machine shape and tenancy no source
  states are dropped (TensorWave); a second shape of the same GPUs at a higher price is dropped
  (OVH Scale-GPU-3 4x L4 beside Scale-GPU-1 4x L4, one offer per machine shape).
"""

import re

CLASSES = {"community", "marketplace", "secure_cloud", "dedicated", "hyperscaler"}

# Per provider: (regex on the instance name, class) tried in order, then the class by kind.
# From provider-reliability.csv (2026-12-02), one row per provider and offer line.
RELIABILITY = {
    "RunPod": ([(r"Community", "community")], "secure_cloud"),
    "Vast.ai": ([], "marketplace"),
    "TensorDock": ([], "marketplace"),
    "Salad": ([], "community"),
    "Lambda": ([(r"1-Click|Private Cloud", "dedicated")], "secure_cloud"),
    "Oracle Cloud (OCI)": ([(r"^BM\.", "dedicated")], "hyperscaler"),
    "Voltage Park": ([], "dedicated"),
    "Crusoe": ([], "secure_cloud"),
    "CoreWeave": ([], "dedicated"),
    "IBM Cloud": ([(r"^gx", "hyperscaler")], "dedicated"),
    "AWS": ([], "hyperscaler"),
    "GCP": ([], "hyperscaler"),
    "Azure": ([], "hyperscaler"),
    "Hetzner": ([], None),
    "OVHcloud": ([], None),
    "Scaleway": ([(r"^EM-", "dedicated")], "secure_cloud"),
    "Leaseweb": ([], "dedicated"),
    "LeaderGPU": ([], "dedicated"),
    "Cherry Servers": ([], "dedicated"),
    "Latitude.sh": ([(r"^vm\.", "secure_cloud")], "dedicated"),
    "Vultr": ([(r"^vbm-", "dedicated")], "secure_cloud"),
    "Nebius": ([], "secure_cloud"),
    "Verda": ([], "secure_cloud"),
    "Gcore": ([(r"[Bb]are-metal", "dedicated")], "secure_cloud"),
    "Sesterce": ([], "secure_cloud"),
    "DigitalOcean": ([], "secure_cloud"),
    "Hyperstack": ([], "secure_cloud"),
    "Massed Compute": ([], "secure_cloud"),
    "Hot Aisle": ([], "secure_cloud"),
    "Cirrascale": ([], "dedicated"),
    "plusserver": ([], "dedicated"),
    "Fluidstack": ([], "dedicated"),
    "TensorWave": ([], "secure_cloud"),
    "Denvr Dataworks": ([], "secure_cloud"),
    "Database Mart (GPU Mart)": ([], "dedicated"),
    "Contabo": ([], "secure_cloud"),
}


def reliability_class(row, provider, kind, virt):
    """The class a 2026-12-02 row states, else the provider's offer line (RELIABILITY)."""
    stated = (row.get("reliability_class") or "").strip()
    if stated in CLASSES:
        return stated
    name = row["instance_name"].strip()
    rules, default = RELIABILITY.get(provider, ([], None))
    for pat, cls in rules:
        if re.search(pat, name):
            return cls
    if default:
        return default
    # OVHcloud and Hetzner sell both: whole servers from their dedicated-server catalogues
    # (bare metal) and VMs (Public Cloud, Cloud/VPS).
    if provider in ("OVHcloud", "Hetzner"):
        return "dedicated" if virt == "bare_metal" else "secure_cloud"
    return None


CONFIG_UNKNOWN = re.compile(r"config(uration)? (is )?unknown|configuration not (stated|published)", re.I)
AVAILABILITY_UNCERTAIN = re.compile(
    r"availability (is )?(uncertain|unknown|unverified)|TERM UNCLEAR|stock (per location )?not verified",
    re.I,
)


def flags(row):
    """(config_unknown, availability_uncertain) from the row's own notes and name."""
    text = row["instance_name"] + " " + row["notes"]
    return bool(CONFIG_UNKNOWN.search(text)), bool(AVAILABILITY_UNCERTAIN.search(text))


# EU member states' ISO 3166 codes (Greece's ISO code is GR; the EU writes EL).
EU_ISO = {
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "EL", "HU", "IE",
    "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
}
# Operators whose law behind a given machine is unknown (see the module's rules).
OPERATOR_UNKNOWN = {"Sesterce": "Sesterce shows anonymised underlying clouds per offer (console 'AZ_02'): the operator and law behind a machine are unknown, so it is not shipped as EU"}


def jurisdiction(provider, raw):
    """(US | EU | other, note or None)."""
    j = (raw or "").strip()
    if provider in OPERATOR_UNKNOWN:
        return "other", OPERATOR_UNKNOWN[provider]
    if j in ("US", "EU", "other"):
        return j, None
    if j.upper() in EU_ISO:
        return "EU", f"Jurisdiction {j}: an EU member state."
    if j.upper() == "US":
        return "US", None
    if re.fullmatch(r"[A-Za-z]{2}", j):
        return "other", f"Jurisdiction {j}: not an EU member state."
    return "other", "Jurisdiction not verified."


# A data location in the EU: an EU member's ISO code, a provider's EU region code (eu-north1,
# europe-west4, fr-par-2, pl-waw-2), an OVH/Hetzner site code or a European place name.
EU_LOCATION = re.compile(
    r"\b(" + "|".join(sorted(EU_ISO)) + r")\b|"
    r"\b(eu|europe)(-|\b)|\b(fr-par|pl-waw|nl-ams)|"
    r"\b(gra|rbx|sbg|par|fra|waw|ams|hel|nbg|fsn|lux)\d*\b|"
    r"\b(Paris|Gravelines|Roubaix|Strasbourg|Frankfurt|Warsaw|Amsterdam|Helsinki|Finland|France|"
    r"Germany|Netherlands|Poland|Luxembourg|Sweden)\b",
)
EU_LOCATION_CI = re.compile(EU_LOCATION.pattern.replace("(" + "|".join(sorted(EU_ISO)) + ")", "(?!)"), re.I)


def is_eu_location(name):
    return bool(EU_LOCATION.search(name) or EU_LOCATION_CI.search(name))


def split_locations(region):
    """The parts of a region cell separated by `;`, `,` or ` / ` outside parentheses."""
    parts, depth, cur = [], 0, ""
    i = 0
    while i < len(region):
        ch = region[i]
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and (ch in ";," or region[i:i + 3] == " / "):
            parts.append(cur)
            cur = ""
            i += 3 if ch == " " else 1
            continue
        cur += ch
        i += 1
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def regions(region):
    """Each data location of a region cell that lists several, with whether it is in the EU;
    None where the cell names one location, or where all or none of them are in the EU."""
    out = []
    for p in split_locations(region or ""):
        # "plan also orderable in BHS (Beauharnois, CA)": the location is what follows "in".
        name = re.sub(r"^.*\b(orderable in|also)\s+", "", p).strip()
        out.append({"name": name, "eu": is_eu_location(name)})
    if len(out) < 2 or all(r["eu"] for r in out) or not any(r["eu"] for r in out):
        return None
    return out


# Rows of offers-2026-12-02.csv that do not ship, by (provider, instance name) -> why.
MARKET_DROPPED = {
    ("TensorWave", "MI300X (per GPU)"): "third-party per-GPU rate; machine shape, term and tenancy not stated",
    ("TensorWave", "MI325X (per GPU)"): "third-party per-GPU rate; machine shape, term and tenancy not stated",
    ("OVHcloud", "Scale-GPU-3 with 4x L4 (no commitment)"): "same GPUs as Scale-GPU-1 with 4x L4 at a higher price (a bigger CPU): one offer per machine shape",
}
STALE_MARK = re.compile(r"^\s*(STALE|NOT ORDERABLE)\b")

# Old rows the 2026-12-02 rows replace although their names differ: (provider, kind, name,
# price) -> why.
REPLACED = {
    ("RunPod", "gpu_cloud", "H100 SXM (Secure Cloud)", "3.49"): "RunPod raised Secure H100 SXM to 3.99 (seen 2026-10-19 and 2026-11-09)",
    ("OVHcloud", "bare_metal_monthly", "Scale-GPU-1", "1145"): "a third-party US-price-list figure; OVH's FR catalogue prices Scale-GPU-1 at EUR 969.99",
}


def same_offer(r):
    """Provider, kind, instance name and the region's first word: the offer a row prices."""
    region = re.split(r"[\s(,;/]", (r["region"] or "").strip() + " ")[0].lower()
    return (r["provider"].strip(), r["offer_kind"].strip(), r["instance_name"].strip(), region)


def merge_market(rows, market_rows, key):
    """The old rows less those the market rows replace, then the market rows that ship; and the
    dropped (reason, key) pairs."""
    dropped = []
    newer = {same_offer(r) for r in market_rows}
    kept = []
    for r in rows:
        k = key(r)
        if same_offer(r) in newer:
            dropped.append(("superseded by the 2026-12-02 row of the same offer", k))
        elif k in REPLACED:
            dropped.append(("superseded: " + REPLACED[k], k))
        else:
            kept.append(r)
    for r in market_rows:
        k = key(r)
        why = MARKET_DROPPED.get((r["provider"].strip(), r["instance_name"].strip()))
        if why:
            dropped.append(("not shipped: " + why, k))
        elif STALE_MARK.search(r["notes"]):
            dropped.append(("not orderable or stale per its notes", k))
        else:
            kept.append(r)
    return kept, dropped


def month_as_of(as_of):
    """A month-only date compares as its last day (a 2025-12 catalogue is not older than
    2025-12-01)."""
    return as_of + "-31" if as_of and len(as_of) == 7 else as_of
