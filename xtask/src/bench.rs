//! `cargo xtask bench`: the queen workload (xorshift96, 5,000,000 occupancies, 12 squares each)
//! for every technique, natively (default target and target-cpu=native) and as wasm in headless
//! Chromium, next to its hand-written twin; plus the page's weight and timing budgets. Prints
//! one table, one `bench …` line per technique, and writes BENCHMARKS.md.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use sliders::workload::for_each_position;
use sliders::{Bitboard, Slider, Square, Technique};

use crate::benchmarks::with_section;
use crate::{cargo, run, trunk_release_build, workspace_root};

/// Median, min and max of one measurement, in MQueens/s or milliseconds.
#[derive(Clone, Copy, Default)]
struct Figure {
    median: f64,
    min: f64,
    max: f64,
}

impl Figure {
    fn cell(&self) -> String {
        format!("{:.0} ({:.0}–{:.0})", self.median, self.min, self.max)
    }
}

fn output_of(command: &mut Command) -> Result<String, String> {
    let output = command.current_dir(workspace_root()).output().map_err(|e| format!("{command:?}: {e}"))?;
    if !output.status.success() {
        return Err(format!("{command:?} failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// A benchmark harness running as a child process (`sliders-bench … serve`, `wasm-bench serve …`):
/// the workload is prepared once, and each request line `TECHNIQUE KIND` gets one timed run back.
struct Harness {
    label: &'static str,
    /// What the harness said after `ready LOOKUPS`: the native ones, which form their SIMD
    /// lanes have.
    ready_note: String,
    child: Child,
    requests: Option<ChildStdin>,
    answers: BufReader<ChildStdout>,
}

impl Harness {
    fn start(label: &'static str, command: &mut Command) -> Result<Harness, String> {
        let mut child = command
            .current_dir(workspace_root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the {label} benchmark: {e}"))?;
        let requests = child.stdin.take();
        let answers = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut harness = Harness { label, ready_note: String::new(), child, requests, answers };
        let ready = harness.answer()?;
        let Some(rest) = ready.strip_prefix("ready ") else {
            return Err(format!("the {label} benchmark said `{ready}` instead of `ready`"));
        };
        harness.ready_note = rest.split_once(' ').map(|(_, note)| note.to_string()).unwrap_or_default();
        Ok(harness)
    }

    fn answer(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.answers.read_line(&mut line) {
            Ok(0) | Err(_) => Err(format!("the {} benchmark stopped", self.label)),
            Ok(_) => Ok(line.trim().to_string()),
        }
    }

    /// One timed run: MQueens/s and the accumulator.
    fn run(&mut self, technique: Technique, kind: &str) -> Result<(f64, String), String> {
        let requests = self.requests.as_mut().ok_or("closed")?;
        writeln!(requests, "{technique} {kind}").and_then(|()| requests.flush()).map_err(|e| e.to_string())?;
        let answer = self.answer()?;
        let mut fields = answer.split_whitespace();
        match (fields.next().and_then(|r| r.parse().ok()), fields.next()) {
            (Some(rate), Some(accumulator)) => Ok((rate, accumulator.to_string())),
            _ => Err(format!("the {} benchmark answered `{answer}`", self.label)),
        }
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        // Closing its input ends the harness (the browser one closes Chromium first).
        drop(self.requests.take());
        let _ = self.child.wait();
    }
}

const NATIVE: usize = 0;
const CPU_NATIVE: usize = 1;
const WASM: usize = 2;
const KINDS: [&str; 2] = ["traced", "handwritten"];

/// Every run of one technique: `rates[harness][kind]`, in run order in every harness, and each
/// harness's traced accumulator.
struct Runs {
    rates: [[Vec<f64>; 2]; 3],
    accumulators: [String; 3],
}

impl Runs {
    /// wasm/native of the traced version, run by run: the two rates of a run were taken back to back.
    fn paired_ratios(&self) -> Vec<f64> {
        self.rates[WASM][0].iter().zip(&self.rates[NATIVE][0]).map(|(wasm, native)| wasm / native).collect()
    }

    /// wasm/native of the traced version's fastest runs. A busy neighbour can only slow a run
    /// down, so each side's fastest run is the nearest to its undisturbed speed; on the machines
    /// seen here this moved least from one bench to the next.
    fn fastest_ratio(&self) -> f64 {
        figure(self.rates[WASM][0].clone()).max / figure(self.rates[NATIVE][0].clone()).max
    }
}

/// Builds the browser harness (`e2e`'s `wasm-bench`) and returns its path.
fn build_wasm_bench() -> Result<std::path::PathBuf, String> {
    run(cargo().args(["build", "--release", "-p", "e2e", "--bin", "wasm-bench"]))?;
    Ok(workspace_root().join("target/release/wasm-bench"))
}

fn start_harnesses(occupancies: usize, wasm_bench: &Path) -> Result<[Harness; 3], String> {
    run(cargo().args(["build", "--profile", "speed", "-p", "sliders-bench", "--bin", "sliders-bench"]))?;
    run(cargo()
        .args(["build", "--profile", "speed", "-p", "sliders-bench", "--bin", "sliders-bench"])
        .args(["--target-dir", "target/native-cpu"])
        .env("RUSTFLAGS", "-C target-cpu=native"))?;
    let module = crate::build_bench_wasm("speed")?;
    let count = occupancies.to_string();
    let root = workspace_root();
    println!("xtask bench: preparing the workload in the three harnesses …");
    Ok([
        Harness::start("native", Command::new(root.join("target/speed/sliders-bench")).args([&count, "serve"]))?,
        Harness::start(
            "native (target-cpu=native)",
            Command::new(root.join("target/native-cpu/speed/sliders-bench")).args([&count, "serve"]),
        )?,
        Harness::start("wasm", Command::new(wasm_bench).arg("serve").arg(&module).arg(&count))?,
    ])
}

/// Times `technique` `runs` times in every harness and both versions. Within a run the
/// harnesses go back to back, and which goes first rotates, so a slow spell of the shared
/// machine falls on both sides of a wasm/native ratio.
fn measure(harnesses: &mut [Harness; 3], technique: Technique, runs: usize) -> Result<Runs, String> {
    let mut result = Runs { rates: Default::default(), accumulators: Default::default() };
    for run in 0..runs {
        for (kind_index, kind) in KINDS.iter().enumerate() {
            for turn in 0..harnesses.len() {
                let harness = (turn + run) % harnesses.len();
                let (rate, accumulator) = harnesses[harness].run(technique, kind)?;
                result.rates[harness][kind_index].push(rate);
                if *kind == "traced" {
                    result.accumulators[harness] = accumulator;
                }
            }
        }
    }
    Ok(result)
}

/// HQ in SIMD lanes against magic in wasm, the issue's bar, taken as pairs: each of `runs`
/// turns times both back to back in the wasm harness (which goes first alternates), so a slow
/// spell of the shared machine falls on both sides of a ratio. Timed minutes apart, as the
/// table's rows are, the ratio swung from 0.4 to 0.8 on this machine.
fn simd_against_magic(harnesses: &mut [Harness; 3], runs: usize) -> Result<String, String> {
    let (simd, magic) = (Technique::HyperbolaQuintessenceSimd, Technique::Magic);
    let mut ratios = Vec::new();
    let mut rates = [Vec::new(), Vec::new()];
    for run in 0..runs {
        let order = if run % 2 == 0 { [simd, magic] } else { [magic, simd] };
        let mut pair = [0.0; 2];
        for technique in order {
            let (rate, _) = harnesses[WASM].run(technique, "traced")?;
            pair[usize::from(technique == magic)] = rate;
        }
        ratios.push(pair[0] / pair[1]);
        rates[0].push(pair[0]);
        rates[1].push(pair[1]);
    }
    let ratio = figure(ratios);
    let [simd_rate, magic_rate] = rates.map(figure);
    Ok(format!(
        "- {} against magic in WebAssembly, taking turns for {runs} runs: **{:.2}× magic** (median of the paired ratios, {:.2}–{:.2}); {} MQ/s against {} (goal 1×, bar 0.8×; magic's table stays hot in this loop, which favours it more than an engine's search does). Its lanes: native, {}; target-cpu=native, {}; wasm, simd128 with the byte swap an i8x16.swizzle by a pattern from memory (the wasm check finds it). An SSE form was slower natively (crates/sliders/src/lanes.rs says why)",
        simd.name(),
        ratio.median,
        ratio.min,
        ratio.max,
        simd_rate.cell(),
        magic_rate.cell(),
        harnesses[NATIVE].ready_note,
        harnesses[CPU_NATIVE].ready_note
    ))
}

fn figure(mut values: Vec<f64>) -> Figure {
    values.sort_by(f64::total_cmp);
    Figure { median: values[values.len() / 2], min: values[0], max: values[values.len() - 1] }
}

/// The page lines of `wasm-bench page`: first render and toggle timings on the built dist/.
fn page_timings(wasm_bench: &Path) -> Result<String, String> {
    println!("xtask bench: the page's timings in headless Chromium …");
    output_of(Command::new(wasm_bench).arg("page").env("SLIDER_LAB_DIST", workspace_root().join("dist")))
}

/// Raw and gzipped bytes of the files a visitor downloads.
fn page_weight(dist: &Path) -> Result<Vec<(String, usize, usize)>, String> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dist).map_err(|e| e.to_string())?.filter_map(Result::ok) {
        let path = entry.path();
        let wanted =
            path.extension().and_then(|e| e.to_str()).is_some_and(|e| ["html", "js", "wasm", "css"].contains(&e));
        if !wanted || crate::LAZY_MODULES.iter().any(|module| path.ends_with(module)) {
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

/// Mean operations (a SIMD operation once) of one queen lookup over the workload's first positions.
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

/// A field of the first CPU in /proc/cpuinfo ("model name", "flags", …), empty if not there.
fn cpuinfo(name: &str) -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    info.lines()
        .find(|l| l.split(':').next().map(str::trim) == Some(name))
        .and_then(|l| l.split(':').nth(1))
        .map(|v| v.trim().to_string())
        .unwrap_or_default()
}

fn machine() -> String {
    let cpu = Some(cpuinfo("model name")).filter(|m| !m.is_empty()).unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let version =
        |program: &str| output_of(Command::new(program).arg("--version")).unwrap_or_default().trim().to_string();
    format!("{cpu}, {cores} cores; {}; {}", version("rustc"), version(crate::toolchain::CHROMIUM))
}

/// What the CPU means for pext: whether it has BMI2, and whether its pext is the microcoded
/// one of AMD's Zen 1 and 2 (family 23), read from /proc/cpuinfo.
fn cpu_for_pext() -> String {
    let has_bmi2 = cpuinfo("flags").split_whitespace().any(|flag| flag == "bmi2");
    let (vendor, family, model) = (cpuinfo("vendor_id"), cpuinfo("cpu family"), cpuinfo("model"));
    let generation = match (vendor.as_str(), family.parse::<u32>().unwrap_or(0)) {
        ("AuthenticAMD", 23) => "Zen 1 or 2, where pext is microcoded and slow".to_string(),
        // Family 25 holds Zen 3 and Zen 4; Zen 4's models are 0x10–0x1f and 0x60–0xaf.
        ("AuthenticAMD", 25) if matches!(model.parse::<u32>().unwrap_or(0), 0x10..=0x1f | 0x60..=0xaf) => {
            "Zen 4, where pext is a fast instruction".to_string()
        }
        ("AuthenticAMD", 25) => "Zen 3, where pext is a fast instruction".to_string(),
        ("AuthenticAMD", f) if f > 25 => "Zen 5 or later, where pext is a fast instruction".to_string(),
        ("GenuineIntel", _) => "Intel, where pext is a fast instruction from Haswell on".to_string(),
        _ => "a CPU whose pext speed this check does not know".to_string(),
    };
    if has_bmi2 {
        format!("{vendor} family {family} model {model}: {generation}")
    } else {
        format!("{vendor} family {family} model {model}, which has no BMI2, so target-cpu=native runs the rounds too")
    }
}

/// PEXT's three figures side by side, with magic's wasm figure beside its wasm one.
fn pext_line([native, cpu_native, wasm]: [f64; 3], [_, _, magic_wasm]: [f64; 3], cpu: &str) -> String {
    format!(
        "- PEXT bitboards: {wasm:.0} MQ/s in WebAssembly, which has no pext, so each gather is six rounds of shifts with the moving bits worked out per mask ({:.0}% of magic's {magic_wasm:.0}); {native:.0} MQ/s native for plain x86-64 (the same rounds); **{cpu_native:.0} MQ/s native with `target-cpu=native`**, the BMI2 `pext` instruction, on {cpu}",
        wasm / magic_wasm.max(1e-9) * 100.0
    )
}

/// Techniques by falling rate: their ranks, 1 the fastest.
fn ranks(rates: &[Option<f64>]) -> Vec<Option<usize>> {
    rates
        .iter()
        .map(|rate| rate.map(|rate| 1 + rates.iter().flatten().filter(|other| **other > rate).count()))
        .collect()
}

/// What a technique computes of a queen's attacks, when it is not all of them: such a row says
/// so and is not ranked with the techniques that compute them all.
fn partial(technique: Technique) -> Option<&'static str> {
    technique.positive_rays_only().then_some("positive rays only")
}

/// `cargo xtask bench-panel`: the in-page Benchmark panel (a worker running dist/bench.wasm)
/// beside the harness `bench` times wasm with, on the panel's workload; docs/panel-vs-bench.md.
pub fn panel_beside_harness(rounds: usize) -> Result<(), String> {
    crate::toolchain::ensure_test_tools()?;
    run(&mut trunk_release_build())?;
    let wasm_bench = build_wasm_bench()?;
    println!("xtask bench-panel: {rounds} rounds of the panel and the harness, taking turns …");
    let output = output_of(
        Command::new(&wasm_bench)
            .args(["panel", &rounds.to_string()])
            .env("SLIDER_LAB_DIST", workspace_root().join("dist")),
    )?;
    let rows: Vec<(&str, f64, f64)> = output
        .lines()
        .filter_map(|line| {
            let mut words = line.strip_prefix("panel ")?.split_whitespace();
            Some((words.next()?, words.next()?.parse().ok()?, words.next()?.parse().ok()?))
        })
        .collect();
    if rows.len() != Technique::ALL.len() {
        return Err(format!("wasm-bench panel printed {} techniques:\n{output}", rows.len()));
    }
    let ranked = |name: &str| name.parse::<Technique>().ok().and_then(partial).is_none();
    let panel_ranks = ranks(&rows.iter().map(|row| ranked(row.0).then_some(row.1)).collect::<Vec<_>>());
    let harness_ranks = ranks(&rows.iter().map(|row| ranked(row.0).then_some(row.2)).collect::<Vec<_>>());
    let rank =
        |rank: &Option<usize>| rank.map_or_else(|| "not ranked: positive rays only".to_string(), |r| r.to_string());
    let mut text = format!(
        "# The Benchmark panel beside `cargo xtask bench`\n\n\
         Written by `cargo xtask bench-panel` on {}. Both sides run the same module, dist/bench.wasm,\n\
         on the panel's workload (500,000 occupancies, 6 million queen lookups), in headless\n\
         Chromium, each in a Web Worker: the panel's, and the harness `cargo xtask bench` times wasm\n\
         with. They take turns over {rounds} rounds; each figure is the median over the rounds\n\
         of each round's median of 5 runs, in MQueens/s. Compare only figures from one run of this\n\
         command: this shared machine's speed swings by up to 2x from one minute to the next.\n\n\
         | technique | panel | harness | panel/harness | rank in panel | rank in harness |\n|---|---|---|---|---|---|\n",
        machine()
    );
    for ((name, panel, harness), (panel_rank, harness_rank)) in rows.iter().zip(panel_ranks.iter().zip(&harness_ranks))
    {
        let _ = writeln!(
            text,
            "| {name} | {panel:.1} | {harness:.1} | {:.2} | {} | {} |",
            panel / harness,
            rank(panel_rank),
            rank(harness_rank)
        );
    }
    let path = workspace_root().join("docs/panel-vs-bench.md");
    std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    print!("{text}");
    Ok(())
}

/// The rows of `techniques` alone, printed: no page build, no BENCHMARKS.md.
pub fn bench_only(occupancies: usize, runs: usize, techniques: &[Technique]) -> Result<(), String> {
    crate::toolchain::ensure_test_tools()?;
    let wasm_bench = build_wasm_bench()?;
    let mut harnesses = start_harnesses(occupancies, &wasm_bench)?;
    let rows = technique_rows(&mut harnesses, runs, techniques)?;
    println!("\n{}\n{}", rows.table, rows.lines);
    if techniques.contains(&Technique::HyperbolaQuintessenceSimd) && techniques.contains(&Technique::Magic) {
        println!("{}", simd_against_magic(&mut harnesses, 2 * runs)?);
    }
    match rows.mismatches.is_empty() {
        true => Ok(()),
        false => Err(format!("wasm and native accumulators differ: {}", rows.mismatches.join("; "))),
    }
}

pub fn bench(occupancies: usize, runs: usize) -> Result<(), String> {
    crate::toolchain::ensure_test_tools()?;
    run(&mut trunk_release_build())?;
    let wasm_bench = build_wasm_bench()?;
    let page = page_timings(&wasm_bench)?;
    let mut harnesses = start_harnesses(occupancies, &wasm_bench)?;
    let rows = technique_rows(&mut harnesses, runs, Technique::ALL)?;
    let simd_line = simd_against_magic(&mut harnesses, 2 * runs)?;
    drop(harnesses);
    let mut budgets = weight_budgets()?;
    let _ = writeln!(budgets, "{simd_line}");
    let median_of = |wanted: Technique| rows.medians.iter().find(|(t, _)| *t == wanted).map(|(_, m)| *m);
    if let (Some(pext), Some(magic)) = (median_of(Technique::Pext), median_of(Technique::Magic)) {
        let _ = writeln!(budgets, "{}", pext_line(pext, magic, &cpu_for_pext()));
    }
    budgets.push_str(&page_budgets(&page));
    println!("\n{}\n{budgets}\n{}", rows.table, rows.lines);
    if !rows.mismatches.is_empty() {
        return Err(format!("wasm and native accumulators differ: {}", rows.mismatches.join("; ")));
    }
    let report = report(occupancies, runs, &rows, &budgets);
    let report = with_section(&report, crate::exports::HEADING, &crate::exports::section()?);
    let report = with_section(&report, crate::proofs::HEADING, &crate::proofs::section()?);
    std::fs::write(workspace_root().join("BENCHMARKS.md"), report).map_err(|e| e.to_string())?;
    println!("xtask bench: wrote BENCHMARKS.md");
    Ok(())
}

/// Every technique timed in the three harnesses: the table's rows, the machine-readable lines,
/// each technique's median MQ/s (native, target-cpu=native, wasm), and any accumulator that
/// differs between them.
struct TechniqueRows {
    table: String,
    lines: String,
    medians: Vec<(Technique, [f64; 3])>,
    mismatches: Vec<String>,
}

fn technique_rows(
    harnesses: &mut [Harness; 3],
    runs: usize,
    techniques: &[Technique],
) -> Result<TechniqueRows, String> {
    let mut table = String::new();
    let _ = writeln!(
        table,
        "| technique | native MQ/s | native, target-cpu=native | wasm MQ/s | wasm/native (paired) | wasm/native (fastest runs) | hand-written native | hand-written wasm | ops/lookup | table bytes |"
    );
    let _ = writeln!(table, "|---|---|---|---|---|---|---|---|---|---|");
    let mut lines = String::new();
    let mut mismatches = Vec::new();
    // Each technique's median MQ/s: native, target-cpu=native, wasm.
    let mut medians = Vec::new();
    for &technique in techniques {
        let runs = measure(harnesses, technique, runs)?;
        let [native, cpu_native, wasm] = &runs.accumulators;
        if native != wasm || native != cpu_native {
            mismatches.push(format!("{technique}: native {native}, target-cpu=native {cpu_native}, wasm {wasm}"));
        }
        let cell = |harness: usize, kind: usize| figure(runs.rates[harness][kind].clone());
        let ratio = figure(runs.paired_ratios());
        let row = format!(
            "| {} | {} | {} | {} | {:.2} ({:.2}–{:.2}) | {:.2} | {} | {} | {:.1} | {} |",
            match partial(technique) {
                Some(part) =>
                    format!("{} ({part}: half a queen's rays, not comparable with the rest)", technique.name()),
                None => technique.name().to_string(),
            },
            cell(NATIVE, 0).cell(),
            cell(CPU_NATIVE, 0).cell(),
            cell(WASM, 0).cell(),
            ratio.median,
            ratio.min,
            ratio.max,
            runs.fastest_ratio(),
            cell(NATIVE, 1).cell(),
            cell(WASM, 1).cell(),
            ops_per_lookup(technique),
            technique.table_bytes()
        );
        println!("{row}");
        let _ = writeln!(table, "{row}");
        medians.push((technique, [cell(NATIVE, 0).median, cell(CPU_NATIVE, 0).median, cell(WASM, 0).median]));
        let _ = writeln!(
            lines,
            "bench {} native={:.1} cpu_native={:.1} wasm={:.1} ratio={:.2}",
            technique.name(),
            cell(NATIVE, 0).median,
            cell(CPU_NATIVE, 0).median,
            cell(WASM, 0).median,
            ratio.median
        );
    }
    Ok(TechniqueRows { table, lines, medians, mismatches })
}

/// The gzip -9 size of `bytes`, as a static host would send them.
fn gzipped_len(bytes: &[u8]) -> Result<usize, String> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(bytes).map_err(|e| e.to_string())?;
    Ok(gz.finish().map_err(|e| e.to_string())?.len())
}

/// The page's weight: the first load file by file, what follows the lesson, the code by part
/// and the Benchmark panel's module.
fn weight_budgets() -> Result<String, String> {
    let weight = page_weight(&workspace_root().join("dist"))?;
    let (raw, zipped) = weight.iter().fold((0, 0), |(r, z), (_, a, b)| (r + a, z + b));
    let mut budgets = String::new();
    for (name, bytes, gz) in &weight {
        let _ = writeln!(budgets, "- `{name}`: {bytes} bytes, {gz} gzipped");
    }
    let _ = writeln!(
        budgets,
        "- page weight: {raw} bytes, **{:.1} KB gzipped** (bar 160 KB, goal 150 KB)",
        zipped as f64 / 1024.0
    );
    // What follows the lesson: the panels module and its glue, fetched once the lesson is up.
    for name in crate::PANELS_MODULE {
        if let Ok(bytes) = std::fs::read(workspace_root().join("dist").join(name)) {
            let zipped = gzipped_len(&bytes)?;
            let _ = writeln!(budgets, "- after the lesson, `{name}`: {} bytes, {zipped} gzipped", bytes.len());
        }
    }
    let (parts, code) = crate::size::release_code_by_part()?;
    let _ = writeln!(budgets, "- the wasm's code by part, from the release build's function names before wasm-opt ({code} bytes; `cargo xtask size`, docs/page-weight.md):");
    for (part, bytes) in parts {
        let _ = writeln!(budgets, "  - {part}: {bytes} bytes, {}%", bytes * 100 / code.max(1));
    }
    if let Ok(module) = std::fs::read(workspace_root().join("dist").join(crate::BENCH_MODULE)) {
        let zipped = gzipped_len(&module)?;
        let _ = writeln!(
            budgets,
            "- not in the first load: `{}`, the Benchmark panel's speed build, fetched when the reader starts it: {} bytes, {zipped} gzipped",
            crate::BENCH_MODULE,
            module.len()
        );
    }
    Ok(budgets)
}

/// The page's timings (`page_timings`' lines) as the budgets' sentences.
fn page_budgets(page: &str) -> String {
    let mut budgets = String::new();
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
            Some(&"frame-step") => {
                let _ = writeln!(
                    budgets,
                    "- one animation frame with a formula open (`,` and `.` move the frame as a tick of the player does; the first example's subtraction, step 4) to re-rendered page: median {} ms, min {}, max {}",
                    fields[2], fields[3], fields[4]
                );
            }
            Some(&"formula-keystroke") => {
                let _ = writeln!(
                    budgets,
                    "- formula edit to re-rendered page (the {}-line SBAMG example parsed, run and drawn again): median {} ms, min {}, max {} (budget 16 ms)",
                    fields.get(5).unwrap_or(&""),
                    fields[2],
                    fields[3],
                    fields[4]
                );
            }
            Some(&"formula-panels") => {
                let _ = writeln!(
                    budgets,
                    "- the same edit to the panels module's redraw (Compare's row, the listing and Copy for an article, which run the formula again in a later task; the page is already up to date): median {} ms, min {}, max {}",
                    fields[2],
                    fields[3],
                    fields[4]
                );
            }
            Some(&"formula-check") => {
                let (cases, ms) = (fields[3].parse::<f64>().unwrap_or(0.0), fields[4].parse::<f64>().unwrap_or(0.0));
                let _ = writeln!(
                    budgets,
                    "- the check of the `{}` example in the page: {} cases in {} ms, {:.0} cases/s (goal: 100,000 in under 1 s)",
                    fields[2],
                    fields[3],
                    fields[4],
                    cases / (ms / 1000.0).max(1e-3)
                );
            }
            Some(&"formula-compiled") => {
                let (formula, built_in) =
                    (fields[2].parse::<f64>().unwrap_or(0.0), fields[3].parse::<f64>().unwrap_or(0.0));
                let example = &sliders_formula::examples::EXAMPLES[1];
                let compiled = sliders_formula::Formula::parse(example.text())
                    .map(|f| f.wasm().instruction_count())
                    .unwrap_or_default();
                let built_in_count = obstruction_difference_instructions().unwrap_or_default();
                let _ = writeln!(
                    budgets,
                    "- the obstruction difference written as a formula (the `{}` example), compiled to WebAssembly in the page and timed by the Benchmark panel in the same run as the built-in: {formula} MQ/s against the built-in's {built_in} ({:.0}%; goal within 10%, bar 75%). Instructions per queen lookup: {compiled} compiled from the formula (`attacks` with its function inlined), {built_in_count} in the built-in's release wasm (`cargo xtask instructions`)",
                    example.id,
                    formula / built_in.max(1e-9) * 100.0
                );
            }
            _ => {}
        }
    }
    budgets
}

/// BENCHMARKS.md: how the figures were taken, the table and the budgets.
fn report(occupancies: usize, runs: usize, rows: &TechniqueRows, budgets: &str) -> String {
    let lookups = occupancies * 12;
    let machine = machine();
    let table = &rows.table;
    let lines = &rows.lines;
    format!(
        "# Benchmarks\n\n\
         Written by `cargo xtask bench` on {machine}.\n\n\
         Workload: xorshift96 (seed 123456789, 362436069, 521288629), {occupancies} occupancies of `rand64() & rand64()`, \
         12 squares each, {lookups} queen lookups XOR-ed into one accumulator; only that loop is timed. \
         MQ/s = million queen lookups per second, the median of {runs} runs (min–max in brackets). \
         Native is the `speed` profile (opt-level 3, LTO) for the default x86-64 target and for `target-cpu=native`; \
         wasm is the same code compiled for wasm32 and run in headless Chromium (V8), warmed up so V8 runs its optimising tier, \
         its accumulator checked equal to the native ones. \
         The three run side by side: each harness keeps its workload prepared and times one run on request, and for every run \
         of a technique xtask asks the three back to back, rotating which goes first. \
         **wasm/native** is the median of the per-run ratios (their min–max in brackets), so a slow spell of the shared \
         machine falls on both sides of a ratio; medians taken minutes apart can differ by 2× on this kind of machine. \
         **wasm/native (fastest runs)** divides the fastest wasm run by the fastest native run: interference only ever \
         slows a run, so these are the nearest to undisturbed speed, and this figure moved least between benches. \
         \"Hand-written\" is each technique written out on plain u64s without a tracer (crates/bench/src/handwritten.rs), \
         timed in the same rounds. Ops/lookup counts the operations of the traced steps (table reads apart; a SIMD operation on both lanes once), \
         averaged over the first 12,000 lookups. `cargo xtask instructions` gives the noise-free comparison: \
         the wasm instruction count of each queen lookup, traced and hand-written; `cargo xtask machine-code` counts \
         the x86-64 instructions of each lookup native and in V8 and sorts what V8 adds ([docs/machine-code.md](docs/machine-code.md)). \
         What the figures mean, and what is not yet understood, is written by hand in \
         [docs/benchmark-notes.md](docs/benchmark-notes.md).\n\n\
         {table}\n## Page budgets\n\n{budgets}\n## Machine-readable\n\n```\n{lines}```\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pexts_line_sets_its_figures_beside_magics() {
        let line =
            pext_line([130.0, 457.0, 99.0], [355.0, 353.0, 269.0], "AuthenticAMD family 25 model 17: Zen 3 or 4");
        assert!(line.contains("99 MQ/s in WebAssembly"), "{line}");
        assert!(line.contains("(37% of magic's 269)"), "{line}");
        assert!(line.contains("**457 MQ/s native with `target-cpu=native`**"), "{line}");
        assert!(line.ends_with("on AuthenticAMD family 25 model 17: Zen 3 or 4"), "{line}");
        assert!(!cpu_for_pext().is_empty());
    }

    #[test]
    fn ranks_count_the_faster_ones() {
        assert_eq!(ranks(&[Some(10.0), Some(30.0), Some(20.0), Some(30.0)]), vec![Some(4), Some(1), Some(3), Some(1)]);
        // A partial technique is not ranked, and no ranked one counts it.
        assert_eq!(ranks(&[Some(10.0), None, Some(20.0)]), vec![Some(2), None, Some(1)]);
    }

    #[test]
    fn ratios_pair_the_runs_or_take_each_sides_fastest() {
        let runs = Runs {
            rates: [[vec![100.0, 50.0, 80.0], vec![]], [vec![], vec![]], [vec![70.0, 45.0, 40.0], vec![]]],
            accumulators: Default::default(),
        };
        assert_eq!(runs.paired_ratios(), [70.0 / 100.0, 45.0 / 50.0, 40.0 / 80.0]);
        assert_eq!(runs.fastest_ratio(), 70.0 / 100.0);
    }
}

/// The instructions of the built-in obstruction difference's queen lookup in the release
/// bench wasm, as `cargo xtask instructions` counts them.
fn obstruction_difference_instructions() -> Option<usize> {
    let wasm = crate::build_bench_wasm("release").ok()?;
    let module = crate::wasm_check::Module::read(&wasm).ok()?;
    let name = crate::wasm_check::export_name("queen", Technique::ObstructionDifference);
    module.reachable(&name).map(|counts| counts.instructions)
}
