//! `cargo xtask machine-code`: where the wasm/native gap comes from, counted in x86-64
//! instructions rather than timed. Each technique's queen lookup (crates/bench's `queen_*`
//! exports) is read twice: as LLVM compiled it for the default x86-64 target (decoded here with
//! iced-x86) and as V8's optimising compiler compiled its wasm (printed by a Node whose V8 keeps
//! its disassembler; Chromium's release build has none). Writes docs/machine-code.md.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use iced_x86::{Decoder, DecoderOptions, Formatter, IntelFormatter};
use object::{Object, ObjectSection, ObjectSymbol};
use sliders::Technique;

use crate::{cargo, run, toolchain, workspace_root};

/// One compiled function: its instructions as text, padding left out.
pub struct Listing {
    pub instructions: Vec<String>,
}

/// The instructions of a listing sorted into the kinds that tell V8's code from LLVM's.
#[derive(Debug, Default, PartialEq)]
pub struct Kinds {
    pub total: usize,
    /// Frame set-up and tear-down: pushes, pops, moves of rsp and rbp, the return.
    pub frame: usize,
    /// `movl r,r`: a 32-bit copy of a register onto itself, which clears its upper half. V8 emits
    /// one for each `i32.wrap_i64`, here after every bit scan that indexes a table.
    pub zero_extensions: usize,
    /// A 32-bit shift or `lea` that scales a table index by the entry size. x86 folds the scale
    /// into the load's address; a wasm32 address is a 32-bit sum that must wrap, so V8 cannot.
    pub index_scaling: usize,
    /// A load of the very address the next instruction reads again: V8 keeps the load that may
    /// trap and also folds a second copy into the instruction that uses the value.
    pub repeated_loads: usize,
    /// Instructions on 128-bit registers: LLVM's SSE2 vectorization of independent lines.
    pub vector: usize,
}

impl Kinds {
    /// The instructions that are not the frame: what a loop repeats once this is inlined.
    pub fn body(&self) -> usize {
        self.total - self.frame
    }
}

impl Listing {
    pub fn kinds(&self) -> Kinds {
        let mut kinds = Kinds { total: self.instructions.len(), ..Kinds::default() };
        for (index, instruction) in self.instructions.iter().enumerate() {
            let (mnemonic, operands) = instruction.split_once(' ').unwrap_or((instruction, ""));
            let operands: Vec<&str> = operands.split(',').map(str::trim).collect();
            let touches_frame = operands.iter().any(|o| matches!(*o, "rsp" | "rbp"));
            if matches!(mnemonic, "push" | "pop" | "ret" | "retl") || (mnemonic.starts_with("mov") && touches_frame) {
                kinds.frame += 1;
            } else if mnemonic == "movl" && operands.len() == 2 && operands[0] == operands[1] {
                kinds.zero_extensions += 1;
            } else if is_index_scaling(mnemonic, &operands) {
                kinds.index_scaling += 1;
            } else if mnemonic.starts_with("mov") && self.next_reads_same_memory(index, &operands) {
                kinds.repeated_loads += 1;
            }
            if instruction.contains("xmm") {
                kinds.vector += 1;
            }
        }
        kinds
    }

    fn next_reads_same_memory(&self, index: usize, operands: &[&str]) -> bool {
        let Some(address) = operands.get(1).filter(|o| o.starts_with('[')) else { return false };
        self.instructions.get(index + 1).is_some_and(|next| next.contains(address))
    }
}

/// `shll r,3` or `leal r,[r*8+0x0]`, V8's 32-bit forms; LLVM's native code scales inside loads.
fn is_index_scaling(mnemonic: &str, operands: &[&str]) -> bool {
    match (mnemonic, operands) {
        ("shll", [_, amount]) => amount.parse::<u32>().is_ok(),
        // A scaled index with no base register: `[rax*8+0x0]`.
        ("leal", [_, address]) => address.trim_start_matches('[').split('+').next().is_some_and(|t| t.contains('*')),
        _ => false,
    }
}

/// Reads `node --print-wasm-code` output: every function's name and its instructions.
pub fn parse_v8(output: &str) -> Vec<(String, Listing)> {
    let mut functions: Vec<(String, Listing)> = Vec::new();
    let mut in_instructions = false;
    for line in output.lines() {
        if let Some(name) = line.strip_prefix("name: ") {
            functions.push((name.trim().to_string(), Listing { instructions: Vec::new() }));
            in_instructions = false;
        } else if line.starts_with("Instructions (size") {
            in_instructions = true;
        } else if in_instructions {
            // "0x37eacaad06c1     1  4889e5               REX.W movq rbp,rsp": address, offset,
            // bytes, then the instruction; the first line of any other shape ends the listing.
            let mut fields = line.split_whitespace();
            match (fields.next(), fields.next(), fields.next()) {
                (Some(address), Some(_), Some(_)) if address.starts_with("0x") => {}
                _ => {
                    in_instructions = false;
                    continue;
                }
            }
            let text: Vec<&str> = fields.filter(|f| *f != "REX.W").collect();
            if let (Some((_, listing)), Some(&mnemonic)) = (functions.last_mut(), text.first()) {
                if mnemonic != "nop" {
                    listing.instructions.push(text.join(" "));
                }
            }
        }
    }
    functions
}

/// Decodes the exported function `name` of a native shared library.
pub fn native_listing(library: &[u8], name: &str) -> Result<Listing, String> {
    let file = object::File::parse(library).map_err(|e| format!("cannot read the native library: {e}"))?;
    let symbol = file
        .dynamic_symbols()
        .find(|s| s.name() == Ok(name))
        .ok_or_else(|| format!("the native library does not export {name}"))?;
    let (address, size) = (symbol.address(), symbol.size());
    let bytes = file
        .sections()
        .find_map(|section| section.data_range(address, size).ok().flatten())
        .ok_or_else(|| format!("no section holds {name}"))?;
    let mut formatter = IntelFormatter::new();
    let mut instructions = Vec::new();
    for instruction in Decoder::with_ip(64, bytes, address, DecoderOptions::NONE) {
        let mut text = String::new();
        formatter.format(&instruction, &mut text);
        let text = text.replace(", ", ",");
        if !matches!(text.split(' ').next(), Some("nop" | "int3")) {
            instructions.push(text);
        }
    }
    Ok(Listing { instructions })
}

const DRIVER: &str = r#"import { readFileSync } from "node:fs";
const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]), {});
// Without Liftoff, each export's first call compiles it with TurboFan, which prints its code.
for (const [name, run] of Object.entries(instance.exports)) if (name.startsWith("queen_")) run(0, 0n);
"#;

pub fn machine_code() -> Result<(), String> {
    if std::env::consts::ARCH != "x86_64" || std::env::consts::OS != "linux" {
        return Err("machine-code compares x86-64 code on Linux; this machine is not one".into());
    }
    toolchain::ensure_build_tools()?;
    let node = toolchain::ensure_v8_node()?;
    run(cargo().args(["build", "--profile", "speed", "-p", "sliders-bench", "--lib"]))?;
    let wasm = crate::build_bench_wasm("speed")?;
    let library_path = workspace_root().join("target/speed/libsliders_bench.so");
    let library = std::fs::read(&library_path).map_err(|e| format!("cannot read {}: {e}", library_path.display()))?;

    let driver = std::env::temp_dir().join(format!("slider-lab-machine-code-{}.mjs", std::process::id()));
    std::fs::write(&driver, DRIVER).map_err(|e| e.to_string())?;
    let output = Command::new(&node)
        .args(["--print-wasm-code", "--no-liftoff"])
        .arg(&driver)
        .arg(&wasm)
        .output()
        .map_err(|e| format!("cannot start {}: {e}", node.display()))?;
    let _ = std::fs::remove_file(&driver);
    if !output.status.success() {
        return Err(format!("node failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    let v8 = parse_v8(&String::from_utf8_lossy(&output.stdout));
    let v8_version = version_of(&node);

    let mut table = String::from(
        "| technique | native x86-64 | of which SSE2 | V8 x86-64 | V8 extra | zero-extensions | index scaling | repeated loads | native/V8 |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for &technique in Technique::ALL.iter().filter(|&&t| t != Technique::Reference) {
        let export = crate::wasm_check::export_name("queen", technique);
        let native = native_listing(&library, &export)?.kinds();
        let compiled = v8
            .iter()
            .find(|(name, _)| *name == export)
            .ok_or_else(|| format!("V8 printed no code for {export}"))?
            .1
            .kinds();
        let _ = writeln!(
            table,
            "| {technique} | {} | {} | {} | {:+} | {} | {} | {} | {:.2} |",
            native.body(),
            native.vector,
            compiled.body(),
            compiled.body() as i64 - native.body() as i64,
            compiled.zero_extensions,
            compiled.index_scaling,
            compiled.repeated_loads,
            native.body() as f64 / compiled.body() as f64,
        );
    }
    println!("{table}");
    let report = format!(
        "# Machine code of one queen lookup, native and in V8\n\n\
         Written by `cargo xtask machine-code`. Each row counts the x86-64 instructions of one technique's queen lookup \
         (the `queen_*` exports of crates/bench, tracer compiled out, padding left out): **native** as LLVM compiles it \
         for the default x86-64 target (`speed` profile, decoded with iced-x86), **V8** as TurboFan compiles the same \
         code's wasm, printed by Node {v8_version} (`--print-wasm-code`; Chromium's release build has no disassembler, \
         so this is a neighbouring V8, not the exact one the benchmark runs in). The counts leave out each function's \
         frame (entry, exit, return), which disappears when the lookup is inlined into the benchmark loop. They are \
         static counts of standalone functions: inside the loop both compilers also share work between the twelve \
         lookups of one occupancy, and a branch (classical-conditional) runs only one of its sides.\n\n\
         The V8 columns sort what V8 emits that LLVM does not:\n\n\
         - **zero-extensions**: `movl r,r`, one per `i32.wrap_i64`, which the wasm has after each bit scan that indexes a table.\n\
         - **index scaling**: `shll` / `leal` scaling a table index by the entry size. Native code scales inside the load \
         (`[base+index*8]`); a wasm32 address is a 32-bit sum that must wrap at 4 GiB, so V8 computes it apart.\n\
         - **repeated loads**: a load immediately read again by the next instruction. V8 keeps the load that may trap and \
         also folds a second copy of it into the instruction that uses the value (only the first is in V8's list of \
         protected instructions). A three-instruction wasm function, `i64.load` then `i64.xor`, comes out the same way, \
         so this is how this V8 lowers every load that feeds an arithmetic instruction, not something in our code.\n\n\
         Two gaps have no column. wasm has no bit-scan-reverse, so `63 ^ clz` costs V8 an `lzcnt` and an `xor` where \
         LLVM emits one `bsr`; and LLVM pairs independent lines in SSE2 registers (the *of which SSE2* column), which \
         wasm's simd128 does not give back in V8 (measured: LLVM then vectorizes across lookups, with lane shuffles, and \
         runs slower). native/V8 is the instruction ratio: a noise-free estimate, no more, of the wasm/native speed ratio \
         in BENCHMARKS.md.\n\n\
         Tried without gain, each measured in Chromium against the current build: `+simd128` (alone, and with LLVM's \
         vectorizer pushed to pair lines); the twelve lookups of an occupancy rolled into a loop in wasm (V8 then pays \
         its loop-head interrupt check per lookup); each technique's benchmark loop in a function of its own. No \
         bounds checks appear (V8's trap handler covers them) and every lookup is inlined into its loop.\n\n\
         What did gain: the Hyperbola Quintessence byte swaps. Written as a constant `i8x16.shuffle`, V8 compiled each to \
         six dependent instructions (pshuflw, pshufhw, two shifts and an OR) or to a pshufb after rebuilding the 16-byte \
         pattern from two immediates; as an `i8x16.swizzle` by a pattern loaded from memory, each is one pshufb on the \
         line's value (crates/sliders/src/lanes.rs). The wasm reads the pattern at each swap; this V8 merges the reads into \
         one load per function and keeps the pattern in a register, with a paddusb per swap that depends on the pattern \
         alone. That took scalar HQ from 94 to 84 V8 instructions and HQ in \
         lanes from 86 to 73, and their wasm rates in the queen benchmark by 1.7× and 1.4× (docs/benchmark-notes.md).\n\n{table}"
    );
    let path = workspace_root().join("docs/machine-code.md");
    std::fs::write(&path, report).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("xtask machine-code: wrote docs/machine-code.md");
    Ok(())
}

fn version_of(node: &Path) -> String {
    Command::new(node)
        .args(["-p", "process.version + ' (V8 ' + process.versions.v8 + ')'"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const V8_OUTPUT: &str = "--- WebAssembly code ---
name: queen_example
index: 27
kind: wasm function
compiler: TurboFan
Body (size = 192 = 156 + 36 padding)
Instructions (size = 144)
0x37eacaad06c0     0  55                   push rbp
0x37eacaad06c1     1  4889e5               REX.W movq rbp,rsp
0x37eacaad06c7     7  488b5e1f             REX.W movq rbx,[rsi+0x1f]
0x37eacaad06cb     b  f3480fbcd0           REX.W tzcntq rdx,rax
0x37eacaad06cf     f  8bd2                 movl rdx,rdx
0x37eacaad06d1    11  c1e203               shll rdx,3
0x37eacaad06d4    14  488b8c1338661000     REX.W movq rcx,[rbx+rdx*1+0x106638]
0x37eacaad06dc    1c  4833b41338661000     REX.W xorq rsi,[rbx+rdx*1+0x106638]
0x37eacaad06e4    24  8d0cc500000000       leal rcx,[rax*8+0x0]
0x37eacaad06eb    2b  488be5               REX.W movq rsp,rbp
0x37eacaad06ee    2e  5d                   pop rbp
0x37eacaad06ef    2f  c3                   retl
0x37eacaad06f0    30  90                   nop

Protected instructions:
 pc offset
        14
";

    #[test]
    fn reads_v8_listings_and_sorts_its_extra_instructions() {
        let functions = parse_v8(V8_OUTPUT);
        assert_eq!(functions.len(), 1);
        let (name, listing) = &functions[0];
        assert_eq!(name, "queen_example");
        assert_eq!(listing.instructions.len(), 12, "nop and the protected-instruction table are left out");
        assert_eq!(listing.instructions[1], "movq rbp,rsp");
        assert_eq!(
            listing.kinds(),
            Kinds { total: 12, frame: 5, zero_extensions: 1, index_scaling: 2, repeated_loads: 1, vector: 0 }
        );
    }
}
