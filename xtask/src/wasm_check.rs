//! A check that the bit scans really are single instructions in the shipped WebAssembly: the
//! release build of each technique's queen lookup is disassembled, every function it can call is
//! followed, and the `i64.clz` / `i64.ctz` instructions are counted. A technique whose trace
//! uses lzcnt or a reverse scan must contain `i64.clz`; one that uses tzcnt or a forward scan
//! must contain `i64.ctz`; one that swaps bytes must contain `i8x16.swizzle`, the SIMD byte
//! reordering that stands in for the byte swap WebAssembly lacks, and no constant
//! `i8x16.shuffle` (which V8 compiles to six instructions: `sliders`' lanes.rs says why); one that
//! works in lanes must contain one `i8x16.swizzle` for each lane-wise byte swap or table read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use sliders::{Bitboard, Op, Scan, Slider, Square, Technique};
use sliders_explain::narration::{BYTE_SWAP_WASM, LANES_BYTE_SWAP_WASM, LANES_SWIZZLE_WASM};
use wasmparser::{ExternalKind, Operator, Parser, Payload};

/// The page's, the panels' and the techniques' release wasm as rustc linked them, function
/// names included.
const WASM_WITH_NAMES: [&str; 3] = [
    "target/wasm32-unknown-unknown/release/slider-lab.wasm",
    "target/wasm32-unknown-unknown/release/panels.wasm",
    "target/wasm32-unknown-unknown/techniques/techniques_module.wasm",
];
/// Parts of core and yew the page and the panels must not link, as they appear in mangled
/// function names, each with its cure. Each has crept in by one innocent call and cost 2–8 KB
/// gzipped.
/// The Benchmark's module, as the page's build makes it (build/post-build.mjs copies it to dist).
const SPEED_BENCH_WASM: &str = "target/wasm32-unknown-unknown/speed/sliders_bench.wasm";
/// In a function's name: one of core::arch's wasm32 SIMD operations, compiled on its own.
const OUT_OF_LINE_SIMD: &str = "core_arch6wasm327simd128";

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

/// Per function (by index): its instruction count, clz, ctz and byte-shuffle counts, the
/// functions it calls, and (for the byte swap's check) its instructions' names.
#[derive(Default, Clone)]
struct Body {
    instructions: usize,
    clz: usize,
    ctz: usize,
    shuffles: usize,
    swizzles: usize,
    calls: Vec<u32>,
    mnemonics: Vec<&'static str>,
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
    pub shuffles: usize,
    pub swizzles: usize,
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
                        let operator = reader.read().map_err(|e| e.to_string())?;
                        counted.mnemonics.push(mnemonic(&operator));
                        match operator {
                            Operator::I64Clz => counted.clz += 1,
                            Operator::I64Ctz => counted.ctz += 1,
                            Operator::I8x16Shuffle { .. } => counted.shuffles += 1,
                            Operator::I8x16Swizzle => counted.swizzles += 1,
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
                counts.shuffles += body.shuffles;
                counts.swizzles += body.swizzles;
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
            shuffles: c.shuffles + b.shuffles,
            swizzles: c.swizzles + b.swizzles,
        })
    }

    /// The instructions of the exported function `name`'s own body, by name.
    fn mnemonics(&self, name: &str) -> Option<&[&'static str]> {
        Some(&self.bodies.get(self.exports.get(name)?)?.mnemonics)
    }
}

/// The text format's name of the instructions the byte swap's check looks for.
fn mnemonic(operator: &Operator) -> &'static str {
    match operator {
        Operator::LocalGet { .. } => "local.get",
        Operator::End => "end",
        Operator::I32Const { .. } => "i32.const",
        Operator::I64x2Splat => "i64x2.splat",
        Operator::V128Load { .. } => "v128.load",
        Operator::I8x16Shuffle { .. } => "i8x16.shuffle",
        Operator::I8x16Swizzle => "i8x16.swizzle",
        Operator::I64x2ExtractLane { .. } => "i64x2.extract_lane",
        _ => "another",
    }
}

/// Which of clz, ctz and a byte swap a technique needs, read from what its trace does.
pub fn needs(technique: Technique) -> Needs {
    let trace = technique.trace(Slider::Queen, Square::D4, Bitboard(0x0012_0400_2800_4100));
    let uses = |ops: &[Op]| trace.steps.iter().any(|s| ops.contains(&s.op));
    Needs {
        clz: uses(&[Op::Scan(Scan::LeadingZeros), Op::Scan(Scan::Reverse)]),
        ctz: uses(&[Op::Scan(Scan::TrailingZeros), Op::Scan(Scan::Forward)]),
        byte_swap: uses(&[Op::ByteSwap]),
        lane_byte_swaps: trace
            .steps
            .iter()
            .filter(|s| s.op == Op::ByteSwap && s.lane.is_some_and(|lane| lane.index == 0))
            .count(),
        lane_swizzles: trace
            .steps
            .iter()
            .filter(|s| matches!(s.op, Op::Swizzle(_)) && s.lane.is_some_and(|lane| lane.index == 0))
            .count(),
    }
}

/// The instructions a technique's trace says it uses.
#[derive(Debug, PartialEq)]
pub struct Needs {
    pub clz: bool,
    pub ctz: bool,
    pub byte_swap: bool,
    /// Byte swaps of both lanes of a SIMD value at once.
    pub lane_byte_swaps: usize,
    /// Table reads by every byte of both lanes at once.
    pub lane_swizzles: usize,
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
        let needs = needs(technique);
        println!(
            "{:<34} {:>8} {:>6} {:>6}   {:>22}",
            technique.name(),
            counts.instructions,
            counts.clz,
            counts.ctz,
            handwritten.instructions
        );
        if needs.clz && counts.clz == 0 {
            failures.push(format!("{technique} uses leading zeros but its wasm has no i64.clz"));
        }
        if needs.ctz && counts.ctz == 0 {
            failures.push(format!("{technique} uses trailing zeros but its wasm has no i64.ctz"));
        }
        if needs.byte_swap && (counts.swizzles == 0 || handwritten.swizzles == 0) {
            failures.push(format!(
                "{technique} swaps bytes but its wasm (or its hand-written twin's) has no i8x16.swizzle"
            ));
        }
        if needs.byte_swap && (counts.shuffles > 0 || handwritten.shuffles > 0) {
            failures.push(format!(
                "{technique} swaps bytes by a constant i8x16.shuffle ({} in its wasm, {} in its twin's), which V8 compiles to six instructions: the pattern must come from memory (lanes::simd::load)",
                counts.shuffles, handwritten.shuffles
            ));
        }
        // The narration says one swizzle swaps both lanes' bytes, and one reads a byte table for
        // every byte of both lanes: one per lane-wise step.
        let lane_steps = needs.lane_byte_swaps + needs.lane_swizzles;
        if lane_steps > 0
            && (counts.swizzles != lane_steps
                || LANES_BYTE_SWAP_WASM != "i8x16.swizzle"
                || LANES_SWIZZLE_WASM != "i8x16.swizzle")
        {
            failures.push(format!(
                "{technique} swaps the bytes of two lanes {} times and reads a byte table for both lanes {} times in a queen's trace, each said to be one {LANES_BYTE_SWAP_WASM} or {LANES_SWIZZLE_WASM}, but its wasm has {} swizzles",
                needs.lane_byte_swaps, needs.lane_swizzles, counts.swizzles
            ));
        }
        if !needs.byte_swap && lane_steps == 0 && counts.swizzles > 0 {
            failures.push(format!("{technique} has {} swizzles its trace does not show", counts.swizzles));
        }
    }
    // The byte swap the narration describes: the core's, without its reads of locals (the word),
    // the pattern's address and `end`.
    let byte_swap: Vec<&str> = module
        .mnemonics("byte_swap")
        .ok_or("byte_swap is not exported")?
        .iter()
        .copied()
        .filter(|name| !["local.get", "i32.const", "end"].contains(name))
        .collect();
    println!("sliders::swap_bytes compiles to {byte_swap:?} (the narration says {BYTE_SWAP_WASM:?})");
    if byte_swap != BYTE_SWAP_WASM {
        failures.push(format!(
            "sliders::swap_bytes compiles to {byte_swap:?}, but sliders_explain::narration::BYTE_SWAP_WASM says {BYTE_SWAP_WASM:?}"
        ));
    }
    // The page carries one technique (obstruction difference, whose count is an lzcnt); every
    // other is in techniques.wasm, Hyperbola Quintessence's byte swap with it.
    if let Some(page) = page_wasm {
        let totals = Module::read(page)?.totals();
        println!("the page's wasm ({}): {} i64.clz", page.display(), totals.clz);
        if totals.clz == 0 {
            failures
                .push("the page's wasm has no i64.clz: obstruction difference's lzcnt is not one instruction".into());
        }
        let techniques = page.with_file_name(crate::TECHNIQUES_MODULE);
        let totals = Module::read(&techniques)?.totals();
        println!(
            "the techniques' wasm ({}): {} i64.clz, {} i64.ctz, {} i8x16.swizzle",
            techniques.display(),
            totals.clz,
            totals.ctz,
            totals.swizzles
        );
        for (count, instruction) in
            [(totals.clz, "i64.clz"), (totals.ctz, "i64.ctz"), (totals.swizzles, "i8x16.swizzle")]
        {
            if count == 0 {
                failures.push(format!("{}: no {instruction}", techniques.display()));
            }
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
    // The Benchmark's speed build (dist/bench.wasm): a SIMD operation compiled out of line, as
    // a function of its own, is a call through memory in every lookup (HQ-SIMD once ran 3.5x
    // slower so). Its names show it: core::arch's wasm32 SIMD functions.
    let speed_checked = if page_wasm.is_some() {
        let speed = crate::workspace_root().join(SPEED_BENCH_WASM);
        let bytes =
            std::fs::read(&speed).map_err(|e| format!("{}: {e} (the page's build makes it)", speed.display()))?;
        let functions = bytes.windows(OUT_OF_LINE_SIMD.len()).filter(|w| *w == OUT_OF_LINE_SIMD.as_bytes()).count();
        println!("the speed-built bench {}: {functions} SIMD operations compiled as functions", speed.display());
        if functions > 0 {
            failures.push(format!(
                "{}: {functions} SIMD operations are functions of their own: inline the lane code (inline(always)) into a function with simd128, and write closures in it",
                speed.display()
            ));
        }
        1
    } else {
        0
    };
    if failures.is_empty() {
        println!(
            "test result: ok. {} passed; 0 failed (wasm instruction check)",
            Technique::ALL.len()
                + 1
                + usize::from(page_wasm.is_some()) * 2
                + FORBIDDEN.len() * built.len()
                + speed_checked
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
        let needs_of = |technique| {
            let Needs { clz, ctz, byte_swap, .. } = needs(technique);
            (clz, ctz, byte_swap)
        };
        assert_eq!(needs_of(Technique::ObstructionDifference), (true, false, false));
        assert_eq!(needs_of(Technique::ClassicalZeroCount), (true, true, false));
        assert_eq!(needs_of(Technique::Subtraction), (false, false, false));
        assert_eq!(needs_of(Technique::HyperbolaQuintessence), (false, false, true));
    }
}
