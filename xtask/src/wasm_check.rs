//! A check that the bit scans really are single instructions in the shipped WebAssembly: the
//! release build of each technique's queen lookup is disassembled, every function it can call is
//! followed, and the `i64.clz` / `i64.ctz` instructions are counted. A technique whose trace
//! uses lzcnt or a reverse scan must contain `i64.clz`; one that uses tzcnt or a forward scan
//! must contain `i64.ctz`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use sliders::{Bitboard, Op, Slider, Square, Technique};
use sliders_explain::narration::BSWAP_WASM_INSTRUCTIONS;
use wasmparser::{ExternalKind, Operator, Parser, Payload};

/// The page's and the panels' release wasm as rustc linked them, function names included.
const WASM_WITH_NAMES: [&str; 2] =
    ["target/wasm32-unknown-unknown/release/slider-lab.wasm", "target/wasm32-unknown-unknown/release/panels.wasm"];
/// Parts of core and yew the page and the panels must not link, as they appear in mangled
/// function names, each with its cure. Each has crept in by one innocent call and cost 2–8 KB
/// gzipped.
const FORBIDDEN: [(&str, &str); 3] = [
    // Formatting one float (`{:.1}`, or `to_string` of an f64).
    ("flt2dec", "the page's wasm prints floats: format integers instead, as benchmark::tenths does"),
    // `str::to_lowercase` or `char::to_uppercase`: Unicode's case tables, about 13 KB of data.
    (
        "unicode_data",
        "the page's wasm links Unicode's character tables: use the ASCII case changes (`to_ascii_lowercase`)",
    ),
    // A dynamic `class={…}` in html!, which yew reads into `Classes`, an ordered hash set.
    ("IndexSet", "a dynamic class={…} links yew's Classes: set ~className={…} with components::class_names"),
];

/// Per function (by index): its instruction count, clz and ctz counts, and the functions it calls.
#[derive(Default, Clone)]
struct Body {
    instructions: usize,
    clz: usize,
    ctz: usize,
    calls: Vec<u32>,
}

pub struct Module {
    exports: BTreeMap<String, u32>,
    bodies: BTreeMap<u32, Body>,
}

/// Counts reachable from one function.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Counts {
    pub instructions: usize,
    pub clz: usize,
    pub ctz: usize,
}

impl Module {
    pub fn read(path: &Path) -> Result<Module, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut module = Module { exports: BTreeMap::new(), bodies: BTreeMap::new() };
        let mut imported_functions = 0u32;
        let mut next_body = 0u32;
        for payload in Parser::new(0).parse_all(&bytes) {
            match payload.map_err(|e| e.to_string())? {
                Payload::ImportSection(imports) => {
                    for import in imports {
                        if matches!(import.map_err(|e| e.to_string())?.ty, wasmparser::TypeRef::Func(_)) {
                            imported_functions += 1;
                        }
                    }
                }
                Payload::ExportSection(exports) => {
                    for export in exports {
                        let export = export.map_err(|e| e.to_string())?;
                        if export.kind == ExternalKind::Func {
                            module.exports.insert(export.name.to_string(), export.index);
                        }
                    }
                }
                Payload::CodeSectionEntry(body) => {
                    let mut counted = Body::default();
                    let mut reader = body.get_operators_reader().map_err(|e| e.to_string())?;
                    while !reader.eof() {
                        match reader.read().map_err(|e| e.to_string())? {
                            Operator::I64Clz => counted.clz += 1,
                            Operator::I64Ctz => counted.ctz += 1,
                            Operator::Call { function_index } => counted.calls.push(function_index),
                            _ => {}
                        }
                        counted.instructions += 1;
                    }
                    module.bodies.insert(imported_functions + next_body, counted);
                    next_body += 1;
                }
                _ => {}
            }
        }
        Ok(module)
    }

    /// Everything the exported function `name` executes or can call.
    pub fn reachable(&self, name: &str) -> Option<Counts> {
        let start = *self.exports.get(name)?;
        let mut seen = BTreeSet::new();
        let mut stack = vec![start];
        let mut counts = Counts::default();
        while let Some(index) = stack.pop() {
            if !seen.insert(index) {
                continue;
            }
            if let Some(body) = self.bodies.get(&index) {
                counts.instructions += body.instructions;
                counts.clz += body.clz;
                counts.ctz += body.ctz;
                stack.extend(&body.calls);
            }
        }
        Some(counts)
    }

    /// Totals over the whole module.
    pub fn totals(&self) -> Counts {
        self.bodies.values().fold(Counts::default(), |c, b| Counts {
            instructions: c.instructions + b.instructions,
            clz: c.clz + b.clz,
            ctz: c.ctz + b.ctz,
        })
    }
}

/// Which of clz and ctz a technique needs, read from what its trace does.
pub fn needs(technique: Technique) -> (bool, bool) {
    let trace = technique.trace(Slider::Queen, Square::D4, Bitboard(0x0012_0400_2800_4100));
    let clz = trace.steps.iter().any(|s| matches!(s.op, Op::Lzcnt | Op::BitScanReverse));
    let ctz = trace.steps.iter().any(|s| matches!(s.op, Op::Tzcnt | Op::BitScanForward));
    (clz, ctz)
}

/// Checks every technique in the bench module and the page's wasm; prints a table.
/// The name under which crates/bench exports a technique's queen lookup (`queen`) or its
/// hand-written twin (`handwritten`), e.g. `queen_classical_branchless`.
pub fn export_name(prefix: &str, technique: Technique) -> String {
    format!("{prefix}_{}", technique.name().replace('-', "_"))
}

pub fn check(bench_wasm: &Path, page_wasm: Option<&Path>) -> Result<(), String> {
    let module = Module::read(bench_wasm)?;
    let mut failures = Vec::new();
    println!(
        "{:<34} {:>8} {:>6} {:>6}   {:>22}",
        "technique (queen lookup)", "instrs", "clz", "ctz", "hand-written: instrs"
    );
    for &technique in Technique::ALL {
        let export = export_name("queen", technique);
        let twin = export_name("handwritten", technique);
        let counts = module.reachable(&export).ok_or(format!("{export} is not exported"))?;
        let handwritten = module.reachable(&twin).ok_or(format!("{twin} is not exported"))?;
        let (need_clz, need_ctz) = needs(technique);
        println!(
            "{:<34} {:>8} {:>6} {:>6}   {:>22}",
            technique.name(),
            counts.instructions,
            counts.clz,
            counts.ctz,
            handwritten.instructions
        );
        if need_clz && counts.clz == 0 {
            failures.push(format!("{technique} uses leading zeros but its wasm has no i64.clz"));
        }
        if need_ctz && counts.ctz == 0 {
            failures.push(format!("{technique} uses trailing zeros but its wasm has no i64.ctz"));
        }
    }
    // The byte swap hyperbola quintessence narrates: its body without `local.get 0` and `end`.
    let byte_swap = module.reachable("byte_swap").ok_or("byte_swap is not exported")?.instructions - 2;
    println!(
        "u64::swap_bytes compiles to {byte_swap} wasm instructions (the narration says {BSWAP_WASM_INSTRUCTIONS})"
    );
    if byte_swap != BSWAP_WASM_INSTRUCTIONS as usize {
        failures.push(format!(
            "swap_bytes compiles to {byte_swap} wasm instructions, but sliders_explain::narration::BSWAP_WASM_INSTRUCTIONS says {BSWAP_WASM_INSTRUCTIONS}"
        ));
    }
    if let Some(page) = page_wasm {
        let totals = Module::read(page)?.totals();
        println!("the page's wasm ({}): {} i64.clz, {} i64.ctz", page.display(), totals.clz, totals.ctz);
        if totals.clz == 0 {
            failures.push("the page's wasm has no i64.clz".into());
        }
    }
    // The release build before wasm-opt keeps function names, so a forbidden part shows by name
    // (checked where the page was built, as `cargo xtask test` builds it).
    let built = if page_wasm.is_some() { &WASM_WITH_NAMES[..] } else { &[] };
    for module in built {
        let named = crate::workspace_root().join(module);
        let bytes = std::fs::read(&named).map_err(|e| format!("{}: {e} (the release build)", named.display()))?;
        for (marker, cure) in FORBIDDEN {
            let functions = bytes.windows(marker.len()).filter(|w| *w == marker.as_bytes()).count();
            println!("the release wasm {}: {functions} `{marker}` functions", named.display());
            if functions > 0 {
                failures.push(format!("{}: {cure} ({functions} `{marker}` functions)", named.display()));
            }
        }
    }
    if failures.is_empty() {
        println!(
            "test result: ok. {} passed; 0 failed (wasm instruction check)",
            Technique::ALL.len() + 2 + FORBIDDEN.len() * built.len()
        );
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_follow_the_traces() {
        assert_eq!(needs(Technique::ObstructionDifference), (true, false));
        assert_eq!(needs(Technique::ClassicalZeroCount), (true, true));
        assert_eq!(needs(Technique::Subtraction), (false, false));
    }
}
