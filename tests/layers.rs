//! The shape of the source: the core stacks one way (a module names only modules of its own
//! layer or below; `src/lib.rs` lists the layers), and its rooms stay small enough to live in (no
//! file in `src/` over 600 lines, no function over 120). These scan the source and fail naming
//! the file and line.

use std::path::Path;

/// Top-level modules by layer, bottom first. Within a layer, a later module may use an earlier
/// one (the catalogue lists models; cost reads the scenario; the planner ranks costed options).
const LAYERS: &[&[&str]] = &[
    &["units", "order", "lang", "format", "colour", "words"],
    &["model", "catalog"],
    &["scenario", "cost", "plan"],
    &["report"],
    &["chart", "embed_protocol", "markup"],
    &["ui"],
    &["bin"],
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
        // The crate root sits on top; the UI and the binaries (`bin`, which name the library as
        // `inference_sizer::`) are read too, though nothing sits above them.
        let Some(own) = rank(&top) else { continue };
        let text = std::fs::read_to_string(&path).expect("a source file");
        let text = text.replace("inference_sizer::", "crate::");
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

/// The top-level module (`bin` for the binaries) a path under `src/` belongs to.
fn top_module(rel: &Path) -> String {
    rel.components()
        .next()
        .and_then(|c| c.as_os_str().to_str())
        .unwrap_or_default()
        .trim_end_matches(".rs")
        .to_string()
}

/// Every `#[path = "..."]` include under `src` that pulls a file of another top-level module
/// into this one (the pre-render once compiled the interface's words in this way, out of sight
/// of the scan above): `file:line: a includes b/...`. Name the other module through the crate
/// instead, where the layers allow it.
fn crossing_includes(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let rel = path.strip_prefix(src).expect("under src");
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default().trim();
            let Some(target) = code
                .strip_prefix("#[path")
                .and_then(|rest| rest.split('"').nth(1))
            else {
                continue;
            };
            let dir = rel.parent().unwrap_or(Path::new(""));
            // Resolve `..` against the including file's folder, inside src/.
            let mut parts: Vec<String> = dir
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            for piece in target.split('/') {
                match piece {
                    ".." => {
                        parts.pop();
                    }
                    "." | "" => {}
                    p => parts.push(p.to_string()),
                }
            }
            let included = parts.join("/");
            let (from, to) = (top_module(rel), top_module(Path::new(&included)));
            if from != to {
                found.push(format!(
                    "src/{}:{}: {from} includes {included}",
                    rel.display(),
                    n + 1
                ));
            }
        }
    }
    found
}

#[test]
fn no_file_is_included_across_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = crossing_includes(&src);
    assert!(
        found.is_empty(),
        "#[path] includes across modules:\n{}",
        found.join("\n")
    );
}

#[test]
fn an_include_from_a_binary_into_the_interface_is_found() {
    // A tree with the include the pre-render once had, and one inside its own module.
    let root = std::env::temp_dir().join(format!("layers-include-{}", std::process::id()));
    let src = root.join("src");
    std::fs::create_dir_all(src.join("bin")).unwrap();
    std::fs::create_dir_all(src.join("ui")).unwrap();
    std::fs::create_dir_all(src.join("model")).unwrap();
    std::fs::write(
        src.join("bin/prerender.rs"),
        "#[path = \"../ui/i18n.rs\"]\nmod i18n;\nfn main() {}\n",
    )
    .unwrap();
    std::fs::write(src.join("ui/i18n.rs"), "pub fn t() {}\n").unwrap();
    std::fs::write(src.join("model/mod.rs"), "#[path = \"./kv.rs\"]\nmod kv;\n").unwrap();
    let found = crossing_includes(&src);
    std::fs::remove_dir_all(&root).ok();
    assert_eq!(found, ["src/bin/prerender.rs:1: bin includes ui/i18n.rs"]);
}

/// The verdict is built once: nothing outside its own file may hold it mutably.
#[test]
fn no_function_edits_a_built_recommendation() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains("mut Recommendation")
                || code.contains("mut plan::Recommendation")
                || code.contains("recommendation.as_mut()")
                || code.contains("recommendation.as_deref_mut()")
            {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a built verdict edited:\n{}",
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

/// Most lines a file in `src/` may have, and a function in it.
const MAX_FILE_LINES: usize = 600;
const MAX_FN_LINES: usize = 120;

/// The functions of a source text longer than `max` lines: `(line, name, lines)`. A function runs
/// from its `fn` line to the brace that closes its body (braces inside strings, characters and
/// line comments are skipped).
fn long_functions(text: &str, max: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else { continue };
        let mut depth = 0i32;
        let mut opened = false;
        for (end, body) in lines.iter().enumerate().skip(start) {
            let code = strip_literals(body);
            for c in code.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if !opened && code.trim_end().ends_with(';') {
                break; // a declaration without a body (trait item, extern)
            }
            if opened && depth <= 0 {
                let n = end - start + 1;
                if n > max {
                    found.push((start + 1, name.clone(), n));
                }
                break;
            }
        }
    }
    found
}

/// The name of the function a line declares, if it does (`pub(crate) async fn name<...>(`).
fn fn_name(line: &str) -> Option<String> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return None;
    }
    let at = code.find("fn ")?;
    let before = &code[..at];
    let words_before_ok = before.split_whitespace().all(|w| {
        matches!(
            w,
            "pub" | "const" | "async" | "unsafe" | "extern" | "default"
        ) || w.starts_with("pub(")
            || w.starts_with('"')
    });
    if !words_before_ok {
        return None;
    }
    let name = first_ident(&code[at + 3..]);
    (!name.is_empty()).then_some(name)
}

/// A line with its string and character literals emptied and its line comment cut.
fn strip_literals(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            // A character literal ('{', '\''), not a lifetime ('a).
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    chars.nth(2);
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.nth(1);
                }
            }
            '/' if chars.peek() == Some(&'/') => break,
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn no_file_or_function_in_src_is_too_long_to_live_in() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let rel = path
            .strip_prefix(&src)
            .expect("under src")
            .display()
            .to_string();
        let n = text.lines().count();
        if n > MAX_FILE_LINES {
            found.push(format!("src/{rel}: {n} lines (at most {MAX_FILE_LINES})"));
        }
        for (line, name, len) in long_functions(&text, MAX_FN_LINES) {
            found.push(format!(
                "src/{rel}:{line}: fn {name} is {len} lines (at most {MAX_FN_LINES})"
            ));
        }
    }
    assert!(
        found.is_empty(),
        "split along the seams the code marks:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_length_scan_counts_bodies_not_braces_in_text() {
    let short = "pub(crate) fn a(x: u8) -> char {\n    let s = \"}}}\";\n    '{'\n}\n";
    assert!(long_functions(short, 4).is_empty());
    assert_eq!(long_functions(short, 3), [(1, "a".to_string(), 4)]);
    let body: String = (0..5).map(|_| "    x();\n").collect();
    let text = format!("fn outer() {{\n{body}}}\n// fn not_code() {{\nfn declared();\n");
    assert_eq!(long_functions(&text, 6), [(1, "outer".to_string(), 7)]);
    assert_eq!(
        fn_name("    async fn load<'a>(x: &'a str)"),
        Some("load".to_string())
    );
    assert_eq!(fn_name("let f = |x| x; // fn nope"), None);
}
