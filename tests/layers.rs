//! The core stacks one way: a module names only modules of its own layer or below
//! (`src/lib.rs` lists the layers). This scans the source for `crate::` paths outside comments
//! and fails on any that runs upward, naming the file and line.

use std::path::Path;

/// Top-level modules by layer, bottom first. Within a layer, a later module may use an earlier
/// one (the catalogue lists models; cost reads the scenario; the planner ranks costed options).
const LAYERS: &[&[&str]] = &[
    &["units", "order", "lang", "format", "words"],
    &["model", "catalog"],
    &["scenario", "cost", "plan"],
    &["report"],
    &["chart", "embed_protocol"],
    &["ui"],
];

/// (layer, position within it) of a top-level module.
fn rank(module: &str) -> Option<(usize, usize)> {
    LAYERS.iter().enumerate().find_map(|(layer, mods)| {
        mods.iter()
            .position(|m| *m == module)
            .map(|pos| (layer, pos))
    })
}

/// The top-level modules a line names through `crate::` paths (`crate::x::..`, `crate::{x, y::..}`).
fn named_modules(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(first_ident(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            out.push(first_ident(&item));
        } else {
            out.push(first_ident(rest));
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

fn first_ident(s: &str) -> String {
    s.trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every upward `crate::` path in the core: `file:line: a names b`.
fn upward_imports(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let rel = path.strip_prefix(src).expect("under src");
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or_default()
            .trim_end_matches(".rs")
            .to_string();
        // The crate root, the binaries and the UI sit on top: they may use anything.
        let Some(own) = rank(&top) else { continue };
        if top == "ui" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let mut multi = String::new();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            // A `use crate::{` group may run over several lines: join it first.
            if !multi.is_empty() || (code.contains("crate::{") && !code.contains('}')) {
                multi.push_str(code);
                if !code.contains('}') || multi.matches('{').count() > multi.matches('}').count() {
                    continue;
                }
            }
            let joined = if multi.is_empty() {
                code.to_string()
            } else {
                std::mem::take(&mut multi)
            };
            for named in named_modules(&joined) {
                match rank(&named) {
                    Some(theirs) if theirs > own && named != top => found.push(format!(
                        "src/{}:{}: {top} names {named}",
                        rel.display(),
                        n + 1
                    )),
                    Some(_) => {}
                    None => found.push(format!(
                        "src/{}:{}: {named} is in no layer (add it to LAYERS and src/lib.rs)",
                        rel.display(),
                        n + 1
                    )),
                }
            }
        }
    }
    found
}

#[test]
fn no_module_names_a_higher_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = upward_imports(&src);
    assert!(
        found.is_empty(),
        "imports that run upward:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_single_grouped_and_nested_paths() {
    assert_eq!(named_modules("use crate::report::Provenance;"), ["report"]);
    assert_eq!(
        named_modules("use crate::{cost::words::number, scenario::{Lang, Scenario}};"),
        ["cost", "scenario"]
    );
    assert_eq!(
        named_modules("let x = crate::plan::recommend(&o, crate::units::Money::ZERO);"),
        ["plan", "units"]
    );
    assert!(rank("report") > rank("model") && rank("plan") > rank("cost"));
}
