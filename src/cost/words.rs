//! An offer's jurisdiction, GPUs and virtualisation in words; numbers and money are written by
//! [`crate::format`] (re-exported here for the callers that name them through this module).

pub use crate::format::{amount, money, number, percent, show};
use crate::lang::Lang;

/// A provider's jurisdiction (catalogue `EU`, `US`, `other`) as a phrase: `US jurisdiction`,
/// `jurisdicción de EE. UU.`. A code outside the schema is quoted as given.
pub fn jurisdiction(code: &str, lang: Lang) -> String {
    let code = code.trim();
    let is = |known: &str| code.eq_ignore_ascii_case(known);
    match lang {
        Lang::En => format!("{code} jurisdiction"),
        Lang::Es if is("EU") => "jurisdicción de la UE".to_string(),
        Lang::Es if is("US") => "jurisdicción de EE. UU.".to_string(),
        Lang::Es if is("other") => "otra jurisdicción".to_string(),
        Lang::Es => format!("jurisdicción {code}"),
    }
}

/// GPUs as the page names them: `8× H100 SXM (80GB)` in one server, `1× GH200 … × 3 servers`
/// (`× 3 servidores`) over several, from the GPUs per server and the number of servers.
pub fn gpus(per_server: u32, name: &str, servers: u32, lang: Lang) -> String {
    match (servers > 1, lang) {
        (true, Lang::En) => format!("{per_server}× {name} × {servers} servers"),
        (true, Lang::Es) => format!("{per_server}× {name} × {servers} servidores"),
        (false, _) => format!("{per_server}× {name}"),
    }
}

/// How an offer's hardware is shared out (`vm`, `passthrough`...), in words; an unknown id as given.
pub fn virtualization(id: &str, lang: Lang) -> &str {
    let (en, es) = match id {
        "bare_metal" => ("bare metal", "bare metal"),
        "passthrough" => ("GPU passthrough", "GPU en passthrough"),
        "vm" => ("virtual machine", "máquina virtual"),
        "vgpu" => ("shared vGPU", "vGPU compartida"),
        "container" => ("container", "contenedor"),
        other => return other,
    };
    match lang {
        Lang::En => en,
        Lang::Es => es,
    }
}
