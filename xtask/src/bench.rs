//! `cargo xtask bench`: the queen workload (xorshift96, 5,000,000 occupancies, 12 squares each)
//! for every technique, natively (default target and target-cpu=native) and as wasm in headless
//! Chromium, next to its hand-written twin; plus the page's weight and timing budgets. Prints
//! one table, one `bench …` line per technique, and writes BENCHMARKS.md.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::Command;

use sliders::workload::for_each_position;
use sliders::{Bitboard, Slider, Square, Technique};

use crate::{cargo, run, trunk_release_build, workspace_root};

/// Median, min and max of one measurement, in MQueens/s or milliseconds.
#[derive(Clone, Copy, Default)]
struct Figure {
    median: f64,
    min: f64,
    max: f64,
}

impl Figure {
    fn parse(fields: &[&str]) -> Option<Figure> {
        Some(Figure {
            median: fields.first()?.parse().ok()?,
            min: fields.get(1)?.parse().ok()?,
            max: fields.get(2)?.parse().ok()?,
        })
    }

    fn cell(&self) -> String {
        format!("{:.0} ({:.0}–{:.0})", self.median, self.min, self.max)
    }
}

/// (technique, traced|handwritten) → figure and accumulator.
type Results = BTreeMap<(String, String), (Figure, String)>;

fn output_of(command: &mut Command) -> Result<String, String> {
    let output = command.current_dir(workspace_root()).output().map_err(|e| format!("{command:?}: {e}"))?;
    if !output.status.success() {
        return Err(format!("{command:?} failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Reads lines `[prefix] technique kind median min max accumulator`.
fn parse_results(text: &str, prefix: Option<&str>) -> Results {
    let mut results = Results::new();
    for line in text.lines() {
        let mut fields: Vec<&str> = line.split_whitespace().collect();
        if let Some(prefix) = prefix {
            if fields.first() != Some(&prefix) {
                continue;
            }
            fields.remove(0);
        }
        if let (Some(figure), Some(accumulator)) = (fields.get(2..5).and_then(Figure::parse), fields.get(5)) {
            results.insert((fields[0].to_string(), fields[1].to_string()), (figure, accumulator.to_string()));
        }
    }
    results
}

fn native(occupancies: usize, runs: usize, cpu_native: bool) -> Result<Results, String> {
    let mut build = cargo();
    build.args(["build", "--profile", "speed", "-p", "sliders-bench", "--bin", "sliders-bench"]);
    let binary = if cpu_native {
        build.args(["--target-dir", "target/native-cpu"]).env("RUSTFLAGS", "-C target-cpu=native");
        "target/native-cpu/speed/sliders-bench"
    } else {
        "target/speed/sliders-bench"
    };
    run(&mut build)?;
    println!("xtask bench: native{} …", if cpu_native { " (target-cpu=native)" } else { "" });
    let text =
        output_of(Command::new(workspace_root().join(binary)).args([occupancies.to_string(), runs.to_string()]))?;
    Ok(parse_results(&text, None))
}

/// The wasm figures and the page lines (`page first-render …`, `page toggle …`).
fn wasm(occupancies: usize, runs: usize) -> Result<(Results, String), String> {
    let module = crate::build_bench_wasm("speed")?;
    run(cargo().args(["build", "--release", "-p", "e2e", "--bin", "wasm-bench"]))?;
    println!("xtask bench: wasm in headless Chromium …");
    let text = output_of(
        Command::new(workspace_root().join("target/release/wasm-bench"))
            .arg(&module)
            .args([occupancies.to_string(), runs.to_string()])
            .env("SLIDER_LAB_DIST", workspace_root().join("dist")),
    )?;
    let page: Vec<&str> = text.lines().filter(|l| l.starts_with("page ")).collect();
    Ok((parse_results(&text, Some("wasm")), page.join("\n")))
}

/// Raw and gzipped bytes of the files a visitor downloads.
fn page_weight(dist: &Path) -> Result<Vec<(String, usize, usize)>, String> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dist).map_err(|e| e.to_string())?.filter_map(Result::ok) {
        let path = entry.path();
        let wanted = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| ["html", "js", "wasm", "css", "svg"].contains(&e));
        if !wanted {
            continue;
        }
        let bytes = std::fs::read(&path).map_err(|e| e.to_string())?;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&bytes).map_err(|e| e.to_string())?;
        let zipped = gz.finish().map_err(|e| e.to_string())?.len();
        files.push((path.file_name().unwrap_or_default().to_string_lossy().into_owned(), bytes.len(), zipped));
    }
    files.sort();
    Ok(files)
}

/// Mean 64-bit operations of one queen lookup over the workload's first positions.
fn ops_per_lookup(technique: Technique) -> f64 {
    let (mut ops, mut lookups) = (0usize, 0usize);
    for_each_position(1_000, |occupancy, squares| {
        for square in squares {
            ops +=
                technique.trace(Slider::Queen, Square::from_index(square as u32), Bitboard(occupancy)).arithmetic_ops();
            lookups += 1;
        }
    });
    ops as f64 / lookups as f64
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let version =
        |program: &str| output_of(Command::new(program).arg("--version")).unwrap_or_default().trim().to_string();
    format!("{cpu}, {cores} cores; {}; {}", version("rustc"), version(crate::toolchain::CHROMIUM))
}

pub fn bench(occupancies: usize, runs: usize) -> Result<(), String> {
    crate::toolchain::ensure_test_tools()?;
    run(&mut trunk_release_build())?;
    let default_target = native(occupancies, runs, false)?;
    let cpu_native = native(occupancies, runs, true)?;
    let (browser, page) = wasm(occupancies, runs)?;
    let lookups = occupancies * 12;

    let mut table = String::new();
    let _ = writeln!(
        table,
        "| technique | native MQ/s | native, target-cpu=native | wasm MQ/s | wasm/native | hand-written native | hand-written wasm | ops/lookup | table bytes |"
    );
    let _ = writeln!(table, "|---|---|---|---|---|---|---|---|---|");
    let mut lines = String::new();
    let mut mismatches = Vec::new();
    for &technique in Technique::ALL {
        let key = |kind: &str| (technique.name().to_string(), kind.to_string());
        let get = |results: &Results, kind: &str| results.get(&key(kind)).cloned().unwrap_or_default();
        let (native_traced, native_acc) = get(&default_target, "traced");
        let (native_hand, _) = get(&default_target, "handwritten");
        let (cpu_traced, _) = get(&cpu_native, "traced");
        let (wasm_traced, wasm_acc) = get(&browser, "traced");
        let (wasm_hand, _) = get(&browser, "handwritten");
        if native_acc != wasm_acc {
            mismatches.push(format!("{technique}: native {native_acc}, wasm {wasm_acc}"));
        }
        let ratio = wasm_traced.median / native_traced.median;
        let _ = writeln!(
            table,
            "| {} | {} | {} | {} | {:.2} | {} | {} | {:.1} | {} |",
            technique.name(),
            native_traced.cell(),
            cpu_traced.cell(),
            wasm_traced.cell(),
            ratio,
            native_hand.cell(),
            wasm_hand.cell(),
            ops_per_lookup(technique),
            technique.table_bytes()
        );
        let _ = writeln!(
            lines,
            "bench {} native={:.1} wasm={:.1} ratio={:.2}",
            technique.name(),
            native_traced.median,
            wasm_traced.median,
            ratio
        );
    }
    let weight = page_weight(&workspace_root().join("dist"))?;
    let (raw, zipped) = weight.iter().fold((0, 0), |(r, z), (_, a, b)| (r + a, z + b));
    let mut budgets = String::new();
    for (name, bytes, gz) in &weight {
        let _ = writeln!(budgets, "- `{name}`: {bytes} bytes, {gz} gzipped");
    }
    let _ =
        writeln!(budgets, "- page weight: {raw} bytes, **{:.1} KB gzipped** (budget 150 KB)", zipped as f64 / 1024.0);
    for line in page.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields.get(1) {
            Some(&"first-render") => {
                let _ = writeln!(
                    budgets,
                    "- first render of the board after navigation: median {} ms, min {}, max {} (budget 300 ms)",
                    fields[2], fields[3], fields[4]
                );
            }
            Some(&"toggle") => {
                let _ = writeln!(
                    budgets,
                    "- square toggle to re-rendered page ({} queen, the biggest trace): median {} ms, min {}, max {} (budget 16 ms)",
                    fields.get(5).unwrap_or(&""),
                    fields[2],
                    fields[3],
                    fields[4]
                );
            }
            _ => {}
        }
    }
    let machine = machine();
    println!("\n{table}\n{budgets}\n{lines}");
    if !mismatches.is_empty() {
        return Err(format!("wasm and native accumulators differ: {}", mismatches.join("; ")));
    }
    let report = format!(
        "# Benchmarks\n\n\
         Written by `cargo xtask bench` on {machine}.\n\n\
         Workload: xorshift96 (seed 123456789, 362436069, 521288629), {occupancies} occupancies of `rand64() & rand64()`, \
         12 squares each, {lookups} queen lookups XOR-ed into one accumulator; only that loop is timed. \
         MQ/s = million queen lookups per second, the median of {runs} runs (min–max in brackets). \
         Native is the `speed` profile (opt-level 3, LTO) for the default x86-64 target and for `target-cpu=native`; \
         wasm is the same code compiled for wasm32 and run in headless Chromium (V8), its accumulator checked equal to the native one. \
         \"Hand-written\" is each technique written out on plain u64s without a tracer (crates/bench/src/handwritten.rs), \
         run alternately with the traced version. Ops/lookup counts the 64-bit operations of the traced steps (table reads apart), \
         averaged over the first 12,000 lookups. Timing on this shared 2-core machine varies by ±15% between runs; \
         `cargo xtask instructions` gives the noise-free comparison: the wasm instruction count of each queen lookup, traced and hand-written.\n\n\
         {table}\n## Page budgets\n\n{budgets}\n## Machine-readable\n\n```\n{lines}```\n"
    );
    std::fs::write(workspace_root().join("BENCHMARKS.md"), report).map_err(|e| e.to_string())?;
    println!("xtask bench: wrote BENCHMARKS.md");
    Ok(())
}
