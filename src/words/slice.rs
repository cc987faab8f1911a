//! GPU slices in words: "½ of an A100 PCIe 80GB (vGPU, time-shared)", "½ de una RTX PRO 6000
//! (MIG 2g.48gb, aislada)", and why a model that does not fit one slice cannot use two.

use crate::format::{bytes, percent};
use crate::lang::Lang;

/// A share of a GPU as a reader writes it: `½`, `⅙`, `1/20`; a share that is no simple fraction
/// of up to 20ths as a percentage (`37%`).
pub fn fraction(f: f64, lang: Lang) -> String {
    if !(f.is_finite() && f > 0.0) {
        return percent(0.0, lang);
    }
    let Some((n, d)) = (1..=20u32).find_map(|d| {
        let n = (f * d as f64).round();
        ((f * d as f64 - n).abs() < 0.01 * d as f64 && n >= 1.0).then_some((n as u32, d))
    }) else {
        return percent(f, lang);
    };
    match (n, d) {
        (1, 1) => "1".into(),
        (1, 2) => "½".into(),
        (1, 3) => "⅓".into(),
        (2, 3) => "⅔".into(),
        (1, 4) => "¼".into(),
        (3, 4) => "¾".into(),
        (1, 5) => "⅕".into(),
        (1, 6) => "⅙".into(),
        (1, 7) => "⅐".into(),
        (1, 8) => "⅛".into(),
        (1, 10) => "⅒".into(),
        (n, d) => format!("{n}/{d}"),
    }
}

/// "an" before a GPU name read letter by letter or starting with a vowel sound (an A100, an
/// H100, an L4, an RTX PRO 6000), else "a" (a B200, a GeForce RTX 4090).
fn article(name: &str) -> &'static str {
    match name.chars().next() {
        Some(c) if "AEFHILMNORSX".contains(c) => "an",
        _ => "a",
    }
}

/// The slice as the verdict and the table name it: "½ of an A100 PCIe 80GB (vGPU, time-shared)",
/// "½ of an RTX PRO 6000 Blackwell Server Edition (MIG 2g.48gb, isolated)".
pub fn slice(
    share: f64,
    time_shared: bool,
    profile: Option<&str>,
    gpu_name: &str,
    lang: Lang,
) -> String {
    let f = fraction(share, lang);
    let how = match (time_shared, profile, lang) {
        (true, _, Lang::En) => "vGPU, time-shared".to_string(),
        (true, _, Lang::Es) => "vGPU, de tiempo compartido".to_string(),
        (false, Some(p), Lang::En) => format!("MIG {p}, isolated"),
        (false, Some(p), Lang::Es) => format!("MIG {p}, aislada"),
        (false, None, Lang::En) => "MIG, isolated".to_string(),
        (false, None, Lang::Es) => "MIG, aislada".to_string(),
    };
    match lang {
        Lang::En => format!("{f} of {} {gpu_name} ({how})", article(gpu_name)),
        Lang::Es => format!("{f} de una {gpu_name} ({how})"),
    }
}

/// How the copies of the model sit on slices: "⅙ of an A10 (vGPU, time-shared)", "3 replicas,
/// each ⅙ of an A10 (vGPU, time-shared)".
pub fn deployment(replicas: u32, slice_words: &str, lang: Lang) -> String {
    match (replicas, lang) {
        (0 | 1, _) => slice_words.to_string(),
        (n, Lang::En) => format!("{n} replicas, each {slice_words}"),
        (n, Lang::Es) => format!("{n} réplicas, cada una en {slice_words}"),
    }
}

/// Why a model that does not fit one slice does not run on the offer, as a clause (lower case,
/// no full stop) for the comparison table.
pub fn too_big(need: f64, has: f64, lang: Lang) -> String {
    let (need, has) = (bytes(need, lang), bytes(has, lang));
    match lang {
        Lang::En => format!(
            "needs {need} on one device and the slice has {has}; slices cannot be joined (tensor parallelism needs whole GPUs on a fast link)"
        ),
        Lang::Es => format!(
            "necesita {need} en un dispositivo y la fracción tiene {has}; las fracciones no se pueden unir (el paralelismo tensorial necesita GPU enteras con un enlace rápido)"
        ),
    }
}

/// Why the verdict's slice suits the service, said among its reasons: a MIG slice is isolated;
/// a time-shared one's P95 is taken `factor` times longer, with the measurements behind it.
pub fn verdict_reason(time_shared: bool, factor: f64, lang: Lang) -> String {
    let p = percent(factor - 1.0, lang);
    match (time_shared, lang) {
        (false, Lang::En) => "A MIG slice is partitioned in hardware: its own SMs, memory and memory bandwidth, so neighbours on the same GPU do not slow it (NVIDIA MIG User Guide); a model that outgrows it needs whole GPUs, since slices cannot be joined.".to_string(),
        (false, Lang::Es) => "Una fracción MIG está particionada en hardware: sus propios SM, memoria y ancho de banda, así que las vecinas en la misma GPU no la ralentizan (NVIDIA MIG User Guide); un modelo que la supere necesita GPU enteras, porque las fracciones no se pueden unir.".to_string(),
        (true, Lang::En) => format!(
            "A time-shared vGPU slice takes turns on the whole GPU with its neighbours: its P95 time to first token is taken {p} longer than a dedicated GPU's (a neighbour's load raised a time-sliced service's P99 by up to 66% in a published measurement; NVIDIA measured time-slicing at 0.76 of MIG's throughput on an A100). A MIG slice would be isolated."
        ),
        (true, Lang::Es) => format!(
            "Una fracción vGPU de tiempo compartido se turna con sus vecinas en toda la GPU: su P95 del tiempo hasta el primer token se toma un {p} más largo que el de una GPU dedicada (la carga de una vecina subió el P99 de un servicio con time-slicing hasta un 66% en una medición publicada; NVIDIA midió time-slicing a 0,76 del rendimiento de MIG en una A100). Una fracción MIG estaría aislada."
        ),
    }
}

/// What a slice's catalogue fields take, in serde's words: `catalog::slice` refuses a field
/// with "invalid value: ..., expected" one of these, and the reader's language words it.
pub const EXPECTED_COUNT: &str =
    "`gpu.count` as a whole number of GPUs, or a fraction below 1 for a slice";
pub const EXPECTED_SHARE: &str = "a share above 0 and at most 1";
pub const EXPECTED_MEMORY: &str = "a slice memory above 0 GiB";
pub const EXPECTED_SLICE_COUNT: &str =
    "a `gpu.count` of at most 1 with a MIG profile or a compute or bandwidth share";

/// What a slice's catalogue fields take, in Spanish.
pub fn expected_in_spanish(expected: &str) -> Option<&'static str> {
    Some(match expected {
        EXPECTED_COUNT => {
            "un `gpu.count` entero de GPU, o una fracción menor que 1 para una fracción de GPU"
        }
        EXPECTED_SHARE => "una proporción mayor que 0 y como mucho 1",
        EXPECTED_MEMORY => "una memoria de la fracción mayor que 0 GiB",
        EXPECTED_SLICE_COUNT => {
            "un `gpu.count` de como mucho 1 con un perfil MIG o una proporción de cómputo o de ancho de banda"
        }
        _ => return None,
    })
}
