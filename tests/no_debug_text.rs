//! The page's release build is compiled with `-Zfmt-debug=none` (xtask's `SIZE_BUILD`), which
//! makes every `{:?}` print nothing and drops the Debug code: about 3 KB of the download. So no
//! code the page runs may format with Debug: text a reader sees would silently go blank. This
//! reads the page's sources and the core's (its tests and the native command-line tool aside).
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            // The command-line tool is native only; its messages keep Debug's quoting.
            if !path.ends_with("bin") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines of `source` that format with Debug, before its tests and outside comments.
fn debug_formats(source: &str) -> Vec<(usize, &str)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .filter(|(_, line)| line.contains(":?}") || line.contains(":#?}") || line.contains("dbg!("))
        .map(|(number, line)| (number + 1, line.trim()))
        .collect()
}

#[test]
fn the_page_never_formats_with_debug() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates/sliders/src"), &mut files);
    assert!(files.len() > 40, "found only {} source files", files.len());
    let found: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let source = std::fs::read_to_string(file).unwrap();
            debug_formats(&source)
                .into_iter()
                .map(|(number, line)| format!("{}:{number}: {line}", file.display()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(found.is_empty(), "Debug formatting in the page's code:\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_what_it_looks_for() {
    let source = "fn a() {}\n    // {:?} in a comment is fine\n    let s = format!(\"{x:?}\");\n#[cfg(test)]\nmod tests { \"{:?}\" }";
    assert_eq!(debug_formats(source), [(3, "let s = format!(\"{x:?}\");")]);
}
