//! Reading a GGUF header in words: what the reader could not take into account
//! ([`GgufWarning`]) and why a header cannot be read ([`GgufError`]). The reader
//! (`model::gguf`) returns these values; this module writes them in English or Spanish.

use super::import::whole;
use crate::lang::Lang;
use std::fmt;

/// Something in the header the reader could not take into account; [`GgufWarning::sentence`]
/// says it in the reader's language (`Display`: English).
#[derive(Clone, Debug, PartialEq)]
pub enum GgufWarning {
    /// A tensor of a ggml type this reader does not know: its bytes are not counted.
    UnknownTensorType { tensor: String, ggml_type: u32 },
    /// No `general.architecture`: no architecture field is read.
    NoArchitecture,
    /// A needed field (`key`, with its architecture prefix) is missing or unreadable.
    FieldMissing { key: String },
    /// An MLA model without `<arch>.attention.kv_lora_rank` (`key`): its KV cache is not sized.
    KvLoraRankMissing { key: String },
}

/// The part of the header being read when the buffer ended.
#[derive(Clone, Debug, PartialEq)]
pub enum HeaderPart {
    /// Magic, version and counts.
    FileHeader,
    /// The key of metadata entry `index` (1-based) of `count`.
    MetadataEntry { index: u64, count: u64 },
    /// The value of the metadata entry `key`.
    MetadataValue { key: String },
    /// The description of tensor `index` (1-based) of `count`.
    TensorInfo { index: u64, count: u64 },
}

/// What makes a header malformed.
#[derive(Clone, Debug, PartialEq)]
pub enum Malformed {
    UnknownValueType(u32),
    UnknownArrayElementType(u32),
    NestedArrayTooLong,
    ImplausibleCounts { tensors: u64, metadata: u64 },
    TooManyDimensions { tensor: String, dims: u32 },
}

/// Why the header cannot be read; [`GgufError::message`] says it in the reader's language
/// (`Display`: English).
#[derive(Clone, Debug, PartialEq)]
pub enum GgufError {
    NotGguf,
    UnsupportedVersion(u32),
    /// The buffer ends (after `have` bytes) inside `what`; the header needs at least `needed`.
    Truncated {
        have: u64,
        needed: u64,
        what: HeaderPart,
    },
    Invalid(Malformed),
}

impl GgufWarning {
    /// The warning as a clause (lower case, no full stop), as the import notice shows it.
    pub fn sentence(&self, lang: Lang) -> String {
        use GgufWarning::*;
        match (self, lang) {
            (UnknownTensorType { tensor, ggml_type }, Lang::En) => format!(
                "tensor `{tensor}` has ggml type {ggml_type}, unknown to this reader: its bytes are not counted"
            ),
            (UnknownTensorType { tensor, ggml_type }, Lang::Es) => format!(
                "el tensor `{tensor}` es de un tipo ggml ({ggml_type}) que este lector no conoce: sus bytes no se cuentan"
            ),
            (NoArchitecture, Lang::En) => {
                "`general.architecture` missing: architecture fields not read".into()
            }
            (NoArchitecture, Lang::Es) => {
                "falta `general.architecture`: no se leen los campos de la arquitectura".into()
            }
            (FieldMissing { key }, Lang::En) => format!("`{key}` missing or unreadable"),
            (FieldMissing { key }, Lang::Es) => format!("`{key}` falta o no se puede leer"),
            (KvLoraRankMissing { key }, Lang::En) => {
                format!("`{key}` missing: KV cache not sized")
            }
            (KvLoraRankMissing { key }, Lang::Es) => {
                format!("falta `{key}`: no se dimensiona la caché KV")
            }
        }
    }
}

impl fmt::Display for GgufWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence(Lang::En))
    }
}

impl HeaderPart {
    /// "inside" this part (Spanish contracts "de el" to "del").
    fn inside(&self, lang: Lang) -> String {
        use HeaderPart::*;
        match (self, lang) {
            (FileHeader, Lang::En) => "inside the file header".into(),
            (FileHeader, Lang::Es) => "dentro de la cabecera del fichero".into(),
            (MetadataEntry { index, count }, Lang::En) => {
                format!("inside metadata entry {index} of {count}")
            }
            (MetadataEntry { index, count }, Lang::Es) => format!(
                "dentro de la entrada de metadatos {} de {}",
                whole(*index, lang),
                whole(*count, lang)
            ),
            (MetadataValue { key }, Lang::En) => format!("inside metadata `{key}`"),
            (MetadataValue { key }, Lang::Es) => format!("dentro del metadato `{key}`"),
            (TensorInfo { index, count }, Lang::En) => {
                format!("inside tensor info {index} of {count}")
            }
            (TensorInfo { index, count }, Lang::Es) => format!(
                "dentro de la descripción del tensor {} de {}",
                whole(*index, lang),
                whole(*count, lang)
            ),
        }
    }
}

impl Malformed {
    fn sentence(&self, lang: Lang) -> String {
        use Malformed::*;
        match (self, lang) {
            (UnknownValueType(t), Lang::En) => format!("unknown metadata value type {t}"),
            (UnknownValueType(t), Lang::Es) => {
                format!("un valor de metadatos de tipo desconocido ({t})")
            }
            (UnknownArrayElementType(t), Lang::En) => format!("unknown array element type {t}"),
            (UnknownArrayElementType(t), Lang::Es) => {
                format!("una lista con elementos de tipo desconocido ({t})")
            }
            (NestedArrayTooLong, Lang::En) => "nested array longer than the buffer".into(),
            (NestedArrayTooLong, Lang::Es) => {
                "una lista anidada más larga que los datos leídos".into()
            }
            (ImplausibleCounts { tensors, metadata }, Lang::En) => {
                format!("{tensors} tensors and {metadata} metadata entries is not plausible")
            }
            (ImplausibleCounts { tensors, metadata }, Lang::Es) => format!(
                "declarar {} tensores y {} entradas de metadatos no es creíble",
                whole(*tensors, lang),
                whole(*metadata, lang)
            ),
            (TooManyDimensions { tensor, dims }, Lang::En) => {
                format!("tensor `{tensor}` has {dims} dimensions")
            }
            (TooManyDimensions { tensor, dims }, Lang::Es) => {
                format!("el tensor `{tensor}` tiene {dims} dimensiones")
            }
        }
    }
}

impl GgufError {
    /// The error as a clause (lower case, no full stop), as the import notice shows it.
    pub fn message(&self, lang: Lang) -> String {
        use GgufError::*;
        match (self, lang) {
            (NotGguf, Lang::En) => "not a GGUF file (it does not start with the bytes `GGUF`)".into(),
            (NotGguf, Lang::Es) => "no es un fichero GGUF (no empieza por los bytes `GGUF`)".into(),
            (UnsupportedVersion(v), Lang::En) => {
                format!("GGUF version {v} is not supported (versions 2 and 3 are)")
            }
            (UnsupportedVersion(v), Lang::Es) => {
                format!("la versión {v} de GGUF no está admitida (sí lo están la 2 y la 3)")
            }
            (Truncated { have, needed, what }, Lang::En) => format!(
                "the first {have} bytes end {}: read at least {needed} bytes from the start of the file (the header, metadata and tensor table)",
                what.inside(lang)
            ),
            (Truncated { have, needed, what }, Lang::Es) => format!(
                "los primeros {} bytes acaban {}: hay que leer al menos {} bytes desde el principio del fichero (la cabecera, los metadatos y la tabla de tensores)",
                whole(*have, lang),
                what.inside(lang),
                whole(*needed, lang)
            ),
            (Invalid(m), Lang::En) => format!("the GGUF header is malformed: {}", m.sentence(lang)),
            (Invalid(m), Lang::Es) => {
                format!("la cabecera GGUF está mal formada: {}", m.sentence(lang))
            }
        }
    }
}

impl fmt::Display for GgufError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for GgufError {}
