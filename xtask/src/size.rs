//! `cargo xtask size`: where the page's bytes go. The first load's files in dist/ with their
//! gzipped sizes, the wasm's sections, and the code of the release build (before wasm-opt, which
//! strips the names) grouped by what it is, read from the function names of its name section.

use std::collections::BTreeMap;
use std::io::Write as _;

use wasmparser::{KnownCustom, Name, Parser, Payload};

use crate::{
    cargo_command, run, workspace_root, BENCH_MODULE, FORMULA_MODULE, PANELS_MODULE, PICTURES_MODULE, PROVE_MODULE,
    SERVICE_WORKER, SIZE_BUILD, TECHNIQUES_MODULE,
};

fn gzipped(bytes: &[u8]) -> Result<usize, String> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).map_err(|e| e.to_string())?;
    Ok(gz.finish().map_err(|e| e.to_string())?.len())
}

/// What a function is, from its mangled name. Views and narration are told by a name in their
/// path; everything else by the crate its path starts from, the first crate the name mentions
/// (a yew function made for an app type mentions yew first: it is yew's code).
pub fn part(name: &str) -> &'static str {
    const VIEWS: &str = "component views (html! through yew)";
    const NARRATION: &str = "narration and diagrams";
    const GLUE: &str = "wasm-bindgen, web-sys, js-sys glue";
    const STD: &str = "core, alloc, std (formatting, collections)";
    const ANYWHERE: [(&str, &str); 2] = [("CompStateInner", VIEWS), ("FunctionProvider", VIEWS)];
    // Crate names as both manglings write them, with their length.
    const CRATES: [(&str, &str); 16] = [
        ("7sliders", "technique code (traced and fast paths)"),
        ("15sliders_explain", NARRATION),
        ("16sliders_pictures", NARRATION),
        ("15sliders_formula", "the formula's types and wire (the language is in formula.wasm)"),
        ("10slider_lab", "app logic (model, url, input, hooks)"),
        ("3yew", "yew runtime (diffing, scheduling, hooks)"),
        ("12wasm_bindgen", GLUE),
        ("7web_sys", GLUE),
        ("6js_sys", GLUE),
        ("4talc", "allocator (talc)"),
        ("8dlmalloc", "allocator (dlmalloc)"),
        ("9hashbrown", STD),
        ("4core", STD),
        ("5alloc", STD),
        ("3std", STD),
        ("14form_urlencoded", STD),
    ];
    if let Some((_, part)) = ANYWHERE.iter().find(|(needle, _)| name.contains(needle)) {
        return part;
    }
    CRATES
        .iter()
        .filter_map(|(needle, part)| name.find(needle).map(|at| (at, *part)))
        .min_by_key(|(at, _)| *at)
        .map_or("unnamed (closures, shims)", |(_, part)| part)
}

/// Bytes of code per part, and the total, from a wasm with a name section.
fn code_by_part(wasm: &[u8]) -> Result<(BTreeMap<&'static str, usize>, usize), String> {
    let mut imported = 0u32;
    let mut sizes = Vec::new();
    let mut names = BTreeMap::new();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(|e| e.to_string())? {
            Payload::ImportSection(imports) => {
                for import in imports {
                    if matches!(import.map_err(|e| e.to_string())?.ty, wasmparser::TypeRef::Func(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::CodeSectionEntry(body) => sizes.push(body.range().len()),
            Payload::CustomSection(section) => {
                if let KnownCustom::Name(reader) = section.as_known() {
                    for name in reader {
                        if let Name::Function(map) = name.map_err(|e| e.to_string())? {
                            for naming in map {
                                let naming = naming.map_err(|e| e.to_string())?;
                                names.insert(naming.index, naming.name.to_string());
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut parts = BTreeMap::new();
    let mut total = 0;
    for (index, size) in sizes.iter().enumerate() {
        let name = names.get(&(imported + index as u32)).map(String::as_str).unwrap_or("");
        // wasm-bindgen runs these to learn the exported types, then deletes them.
        if name.starts_with("__wbindgen_describe") {
            continue;
        }
        *parts.entry(part(name)).or_default() += size;
        total += size;
    }
    Ok((parts, total))
}

pub fn size() -> Result<(), String> {
    let root = workspace_root();
    println!(
        "first load (dist/; {} and {} and {TECHNIQUES_MODULE} come once the lesson is on screen, {SERVICE_WORKER} once the page has loaded, {BENCH_MODULE} only for the benchmark, {PICTURES_MODULE} for a picture, {FORMULA_MODULE} for a formula, {PROVE_MODULE} for its proof):",
        PANELS_MODULE[0],
        PANELS_MODULE[1]
    );
    let mut total = (0, 0);
    for entry in std::fs::read_dir(root.join("dist")).map_err(|e| format!("no dist/ (cargo xtask dist): {e}"))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let first_load =
            path.extension().is_some_and(|e| ["html", "js", "wasm", "css"].contains(&e.to_str().unwrap_or("")));
        if !first_load || crate::LAZY_MODULES.iter().any(|module| path.ends_with(module)) {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| e.to_string())?;
        let gz = gzipped(&bytes)?;
        total = (total.0 + bytes.len(), total.1 + gz);
        println!(
            "  {:>9} bytes {:>8} gzipped  {}",
            bytes.len(),
            gz,
            path.file_name().unwrap_or_default().to_string_lossy()
        );
    }
    println!(
        "  {:>9} bytes {:>8} gzipped  = {:.1} KB (bar 140 KB, goal 120 KB)",
        total.0,
        total.1,
        total.1 as f64 / 1024.0
    );

    let (parts, total) = release_code_by_part()?;
    println!("code of the release wasm before wasm-opt, by part ({total} bytes):");
    for (part, bytes) in parts {
        println!("  {bytes:>8} {:>3}%  {part}", bytes * 100 / total.max(1));
    }
    Ok(())
}

/// Bytes of code per part, largest first.
pub type Parts = Vec<(&'static str, usize)>;

/// Builds the page's release wasm and sorts its code by part, largest first, with the total.
pub fn release_code_by_part() -> Result<(Parts, usize), String> {
    // The same settings as the page's build, so the parts are the shipped code's.
    run(cargo_command(&[
        "build",
        "--release",
        "-p",
        "slider-lab",
        "--bin",
        "slider-lab",
        "--target",
        "wasm32-unknown-unknown",
    ])
    .envs(SIZE_BUILD))?;
    let wasm = std::fs::read(workspace_root().join("target/wasm32-unknown-unknown/release/slider-lab.wasm"))
        .map_err(|e| e.to_string())?;
    let (parts, total) = code_by_part(&wasm)?;
    let mut parts: Vec<_> = parts.into_iter().collect();
    parts.sort_by_key(|part| std::cmp::Reverse(part.1));
    Ok((parts, total))
}

#[cfg(test)]
mod tests {
    use super::part;

    #[test]
    fn names_fall_into_their_parts() {
        assert_eq!(part("_ZN7sliders10techniques5magic7attacks17h0E"), "technique code (traced and fast paths)");
        assert_eq!(part("_ZN3yew10dom_bundle5bnode"), "yew runtime (diffing, scheduling, hooks)");
        assert_eq!(part("CompStateInner<COMP> as Stateful>::view"), "component views (html! through yew)");
        assert_eq!(part("_ZN8dlmalloc6malloc17h0E"), "allocator (dlmalloc)");
        assert_eq!(part("_RNvMs_NtCs1_4talc4base4Talc6malloc"), "allocator (talc)");
        // v0 mangling names the generic arguments too: the first crate is the code's own.
        let hook = "_RNCNvXNvNtNtCsa_3yew10functional5hooksINtB6_12HookProviderNtNtCsb_10slider_lab5model3LabE";
        assert_eq!(part(hook), "yew runtime (diffing, scheduling, hooks)");
        assert_eq!(part("_RNvNtCsb_10slider_lab3url10from_query"), "app logic (model, url, input, hooks)");
        assert_eq!(part("_ZN15sliders_explain9narration7narrate17h0E"), "narration and diagrams");
        assert_eq!(part("_ZN16sliders_pictures6figure8step_svg17h0E"), "narration and diagrams");
        assert_eq!(part(""), "unnamed (closures, shims)");
    }
}
