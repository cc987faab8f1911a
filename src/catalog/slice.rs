//! GPU slices: an offer that rents part of one GPU (docs/interface.md §3).
//!
//! A catalogue lists a slice on the offer's `gpu` as a `count` below 1 (the slice's share of the
//! GPU's memory: `0.5`, `0.1667`), optionally with a `mig_profile` (`"1g.10gb"`, `"2g.48gb"`)
//! and the slice's own `memory_gib`, `compute_share` and `bandwidth_share` where they differ from
//! the fraction. In the code a slice is **one device** (`OfferGpu::count` stays a whole number,
//! 1, so every `u32` count of GPUs, replicas and machines keeps its meaning) that carries a
//! [`GpuSlice`]: the sizing engine sees that device with the slice's memory and its shares of the
//! GPU's bandwidth and compute ([`GpuSlice::figures`]).
//!
//! Two kinds, as the providers sell them:
//! - **MIG** (NVIDIA Multi-Instance GPU): the GPU is partitioned in hardware. Each instance has
//!   its own streaming multiprocessors, L2 cache slices and memory controllers, so its memory,
//!   bandwidth and compute are its own and a neighbour does not slow it ("each fully isolated
//!   with its own high-bandwidth memory, cache, and compute cores": NVIDIA MIG User Guide,
//!   <https://docs.nvidia.com/datacenter/tesla/mig-user-guide/>). The profile's shares are
//!   NVIDIA's table ("Supported MIG Profiles"): on an A100 80GB, `1g.10gb` is 1/8 of the memory
//!   and 1/7 of the SMs, `3g.40gb` 4/8 of the memory and 3/7 of the SMs; the RTX PRO 6000
//!   Blackwell has 4 instances at most, so `2g.48gb` is 2/4 of both.
//! - **Time-shared vGPU** (NVIDIA vGPU time-slicing, Azure NVads A10 v5, Vultr's A100
//!   fractions): the slice has its own share of the memory, but takes turns with its neighbours
//!   on the whole GPU's SMs and memory bus. Sized at its share of both (what a fixed-share
//!   scheduler guarantees under load), and its latency spreads with the neighbours' load (see
//!   `cost::TIME_SLICED_TAIL_FACTOR`).
//!
//! A slice cannot be split further or joined to another: tensor parallelism needs whole GPUs on
//! a fast link, so a model that does not fit one slice does not run on that offer.

use serde::{Deserialize, Serialize};

/// How a slice shares its GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SliceKind {
    /// A MIG instance: memory, bandwidth and compute partitioned in hardware; isolated.
    Mig,
    /// A time-shared vGPU partition: own memory, compute and memory bus taken in turns.
    Vgpu,
}

impl SliceKind {
    pub fn id(self) -> &'static str {
        match self {
            SliceKind::Mig => "mig",
            SliceKind::Vgpu => "vgpu",
        }
    }
    /// Shares its GPU's compute and memory bus with neighbours in time.
    pub fn is_time_shared(self) -> bool {
        self == SliceKind::Vgpu
    }
}

/// The part of one GPU an offer rents.
#[derive(Clone, Debug, PartialEq)]
pub struct GpuSlice {
    /// The share of the GPU as listed (`gpu.count`): 0.5, 0.1667, 0.05.
    pub fraction: f64,
    pub kind: SliceKind,
    /// The MIG profile (`2g.48gb`), when the provider names one.
    pub profile: Option<String>,
    /// The slice's usable memory, GiB, when stated; else `fraction` of the GPU's.
    pub memory_gib: Option<f64>,
    /// Share of the GPU's tensor throughput (SMs), when stated; else from the profile or `fraction`.
    pub compute_share: Option<f64>,
    /// Share of the GPU's memory bandwidth, when stated; else `fraction`.
    pub bandwidth_share: Option<f64>,
}

/// A share in (0, 1], or `None`.
fn share(x: Option<f64>) -> Option<f64> {
    x.filter(|v| v.is_finite() && *v > 0.0 && *v <= 1.0)
}

impl GpuSlice {
    /// The memory of the slice, GiB, on a GPU of `gpu_memory_gib`.
    pub fn memory_gib(&self, gpu_memory_gib: f64) -> f64 {
        match self.memory_gib.filter(|m| m.is_finite() && *m > 0.0) {
            Some(m) => m.min(gpu_memory_gib.max(0.0)),
            None => gpu_memory_gib.max(0.0) * self.fraction,
        }
    }

    /// The share of the GPU's SMs: as stated; else the profile's compute slices over the GPU's
    /// MIG instances (`3g` of 7 on an A100 = 3/7) when the GPU states its maximum; else the
    /// fraction.
    pub fn compute_share(&self, mig_max_instances: Option<u32>) -> f64 {
        if let Some(s) = share(self.compute_share) {
            return s;
        }
        let from_profile = self
            .profile
            .as_deref()
            .and_then(profile_compute_slices)
            .zip(mig_max_instances.filter(|n| *n > 0))
            .map(|(g, n)| (g as f64 / n as f64).min(1.0));
        from_profile.unwrap_or(self.fraction)
    }

    /// The share of the GPU's memory bandwidth: as stated, else the fraction (MIG memory slices
    /// own their memory controllers; a vGPU partition gets its turn of the whole bus).
    pub fn bandwidth_share(&self) -> f64 {
        share(self.bandwidth_share).unwrap_or(self.fraction)
    }

    /// The figures of the device the slice is, from the whole GPU's: its memory, and its shares
    /// of bandwidth and of every tensor rate. No GPU-to-GPU link: a slice is never split.
    pub fn figures(
        &self,
        whole: crate::model::GpuFigures,
        gpu_memory_gib: f64,
        mig_max_instances: Option<u32>,
    ) -> crate::model::GpuFigures {
        let c = self.compute_share(mig_max_instances);
        let b = self.bandwidth_share();
        crate::model::GpuFigures {
            memory: crate::units::Bytes::from_gib(self.memory_gib(gpu_memory_gib)),
            bandwidth_gbs: whole.bandwidth_gbs * b,
            bf16_tflops: whole.bf16_tflops * c,
            fp8_tflops: whole.fp8_tflops.map(|t| t * c),
            fp4_tflops: whole.fp4_tflops.map(|t| t * c),
            nvlink: false,
            ..whole
        }
    }

    /// The key that sizes two offers alike: the same GPU sliced the same way.
    pub fn key(&self) -> [u64; 4] {
        [
            self.fraction.to_bits(),
            self.memory_gib.unwrap_or(0.0).to_bits(),
            self.compute_share.unwrap_or(0.0).to_bits(),
            self.bandwidth_share.unwrap_or(0.0).to_bits()
                ^ self.profile.as_deref().map_or(0, |p| p.len() as u64),
        ]
    }
}

/// The compute slices of a MIG profile name: `3g.40gb` -> 3, `1g.10gb+me` -> 1.
pub fn profile_compute_slices(profile: &str) -> Option<u32> {
    let g = profile.trim().split('.').next()?.strip_suffix('g')?;
    g.parse().ok().filter(|n| *n > 0)
}

/// The catalogue's `gpu` object as JSON: a whole `count`, or a fraction below 1 with the slice's
/// optional figures.
#[derive(Serialize, Deserialize)]
pub(super) struct OfferGpuJson {
    pub id: String,
    pub count: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mig_profile: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_gib: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compute_share: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bandwidth_share: Option<f64>,
}

use crate::words::slice::{EXPECTED_COUNT, EXPECTED_MEMORY, EXPECTED_SHARE, EXPECTED_SLICE_COUNT};

/// A refusal in serde's own form ("invalid value: integer `-1`, expected u32"), so the reader's
/// language can word it.
fn invalid(found: f64, expected: &str) -> String {
    if found.is_finite() && found.fract() == 0.0 && found.abs() < 1e15 {
        format!(
            "invalid value: integer `{}`, expected {expected}",
            found as i64
        )
    } else {
        format!("invalid value: floating point `{found}`, expected {expected}")
    }
}

impl TryFrom<OfferGpuJson> for super::OfferGpu {
    type Error = String;
    fn try_from(j: OfferGpuJson) -> Result<Self, String> {
        let n = j.count;
        if !n.is_finite() || n < 0.0 || n > u32::MAX as f64 {
            // A negative whole count reads as it always did: not a u32.
            let expected = if n.fract() == 0.0 {
                "u32"
            } else {
                EXPECTED_COUNT
            };
            return Err(invalid(n, expected));
        }
        for v in [j.compute_share, j.bandwidth_share].into_iter().flatten() {
            if share(Some(v)).is_none() {
                return Err(invalid(v, EXPECTED_SHARE));
            }
        }
        if let Some(m) = j.memory_gib.filter(|m| !(m.is_finite() && *m > 0.0)) {
            return Err(invalid(m, EXPECTED_MEMORY));
        }
        let sliced = n > 0.0 && n < 1.0;
        if !sliced && n.fract() != 0.0 {
            return Err(invalid(n, EXPECTED_COUNT));
        }
        // A MIG instance of a whole GPU (`7g.80gb`, count 1) is a slice of fraction 1.
        let mig_whole = j.mig_profile.is_some() && n == 1.0;
        if !sliced && !mig_whole {
            if j.mig_profile.is_some() || j.compute_share.is_some() || j.bandwidth_share.is_some() {
                return Err(invalid(n, EXPECTED_SLICE_COUNT));
            }
            return Ok(super::OfferGpu {
                id: j.id,
                count: n as u32,
                slice: None,
            });
        }
        let profile = j
            .mig_profile
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty());
        Ok(super::OfferGpu {
            id: j.id,
            count: 1,
            slice: Some(GpuSlice {
                fraction: n,
                kind: if profile.is_some() {
                    SliceKind::Mig
                } else {
                    SliceKind::Vgpu
                },
                profile,
                memory_gib: j.memory_gib,
                compute_share: j.compute_share,
                bandwidth_share: j.bandwidth_share,
            }),
        })
    }
}

impl From<super::OfferGpu> for OfferGpuJson {
    fn from(g: super::OfferGpu) -> Self {
        match g.slice {
            None => OfferGpuJson {
                id: g.id,
                count: g.count as f64,
                mig_profile: None,
                memory_gib: None,
                compute_share: None,
                bandwidth_share: None,
            },
            Some(s) => OfferGpuJson {
                id: g.id,
                count: s.fraction,
                mig_profile: s.profile,
                memory_gib: s.memory_gib,
                compute_share: s.compute_share,
                bandwidth_share: s.bandwidth_share,
            },
        }
    }
}

impl super::Offer {
    /// The part of one GPU this offer rents, when it rents a slice.
    pub fn gpu_slice(&self) -> Option<&GpuSlice> {
        self.gpu.as_ref().and_then(|g| g.slice.as_ref())
    }

    /// The figures of one of this offer's GPUs as the sizing engine reads them: the catalogue
    /// GPU's, or a slice of it.
    pub fn gpu_figures(&self, spec: &super::GpuSpec) -> crate::model::GpuFigures {
        let whole = crate::model::GpuFigures::from(spec);
        match self.gpu_slice() {
            Some(s) => s.figures(whole, spec.memory_gib, spec.mig_max_instances),
            None => whole,
        }
    }

    /// The share of its GPU's compute one device of this offer has (1 for a whole GPU).
    pub fn compute_share(&self, spec: &super::GpuSpec) -> f64 {
        self.gpu_slice()
            .map_or(1.0, |s| s.compute_share(spec.mig_max_instances))
    }
}
