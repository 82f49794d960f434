//! Developer commands. `cargo xtask serve` runs the app locally, `cargo xtask test` runs every
//! test, `cargo xtask dist` builds the static site. Each installs what it needs first.

mod bench;
mod benchmarks;
mod exports;
mod machine_code;
mod magics;
mod proofs;
mod side_by_side;
mod size;
mod toolchain;
mod wasm_check;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Slider Lab developer commands")]
struct Cli {
    #[command(subcommand)]
    command: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Install the toolchain if needed, then serve a development build of the app on
    /// http://127.0.0.1:8080 with live reload, from target/serve (dist/ is left alone).
    Serve {
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Install the toolchain and Chromium if needed, then run every test: native, browser, end-to-end.
    Test,
    /// The release build into dist/, ready for any static host and any sub-path.
    Dist,
    /// Benchmark every technique natively and in the browser; writes BENCHMARKS.md.
    Bench {
        /// Occupancies of the workload (12 lookups each).
        #[arg(long, default_value_t = 5_000_000)]
        occupancies: usize,
        /// Runs per figure (the median is reported).
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Time only these techniques, side by side in the same rounds, and print their rows
        /// without building the page or writing BENCHMARKS.md (for a quick comparison).
        #[arg(long, value_parser = parse_technique)]
        only: Vec<sliders::Technique>,
    },
    /// The Benchmark panel beside the harness of `bench`, on the same module and workload, in
    /// alternating rounds; writes docs/panel-vs-bench.md.
    BenchPanel {
        /// Rounds; in each, the panel and the harness each time every technique 5 times.
        #[arg(long, default_value_t = 9)]
        rounds: usize,
    },
    /// Count the x86-64 instructions of each technique's queen lookup, native (LLVM) and as V8
    /// compiles its wasm; writes docs/machine-code.md. Installs a Node with V8's disassembler.
    MachineCode,
    /// Where the page's bytes go: the first load's files, gzipped, and the wasm's code by part.
    Size,
    /// Measure the wiki exports (wikitext and GIF bytes a step, the longest whole traces) and
    /// write their section of BENCHMARKS.md.
    Exports,
    /// Time the prover on the formula examples, natively and in the page (needs dist/), and
    /// write their section of BENCHMARKS.md.
    Proofs,
    /// Search the magic numbers of the magic technique (seeded) and write them as data.
    Magics,
    /// Count each technique's instructions (and i64.clz / i64.ctz) in a bench wasm module.
    Instructions {
        /// A wasm file built from crates/bench (default: the release build).
        wasm: Option<PathBuf>,
    },
}

/// Where the test command puts the release build whose `?panic=1` panics (never dist/).
const PANIC_DIST: &str = "target/dist-force-panic";

/// The Benchmark panel's speed-built module in the site: fetched only when the reader starts the
/// benchmark, so it is no part of the page's first load.
pub const BENCH_MODULE: &str = "bench.wasm";

/// The page's pictures module (crates/pictures-module): fetched only when the reader first asks
/// for a picture, so it is no part of the first load either.
pub const PICTURES_MODULE: &str = "pictures.wasm";

/// The formula language (crates/formula-module): fetched only when a reader first opens a
/// formula.
pub const FORMULA_MODULE: &str = "formula.wasm";

/// The formula language with its prover (crates/formula-module, feature prove): fetched only by
/// the proof's worker.
pub const PROVE_MODULE: &str = "prove.wasm";

/// Every technique's traced code but the one the first load carries (crates/techniques-module):
/// fetched once the lesson is on screen.
pub const TECHNIQUES_MODULE: &str = "techniques.wasm";

/// The panels module (src/bin/panels.rs) and its glue: Share, Copy for an article, Compare and
/// Benchmark, fetched once the lesson is on screen.
pub const PANELS_MODULE: [&str; 2] = ["panels.wasm", "panels.js"];

/// The service worker (build/sw.js): registered once the page has loaded, it keeps the page
/// working offline.
pub const SERVICE_WORKER: &str = "sw.js";

/// The modules the page fetches on demand or after the lesson is up, left out of the first load.
pub const LAZY_MODULES: [&str; 8] = [
    BENCH_MODULE,
    PICTURES_MODULE,
    FORMULA_MODULE,
    PROVE_MODULE,
    TECHNIQUES_MODULE,
    PANELS_MODULE[0],
    PANELS_MODULE[1],
    SERVICE_WORKER,
];

/// Where `cargo xtask serve` puts its development build (never dist/).
pub const SERVE_DIR: &str = "target/serve";

/// The workspace root: xtask's manifest sits one folder below it.
///
/// Found when xtask runs, never from the path it was compiled in: a checkout moved or restored
/// with its `target/` keeps the old binary, which cargo does not rebuild for a new path. `cargo
/// run` (which `cargo xtask` is) names xtask's own folder in `CARGO_MANIFEST_DIR`; run some other
/// way, xtask asks `cargo locate-project --workspace` from where it was started.
pub fn workspace_root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| match std::env::var_os("CARGO_MANIFEST_DIR") {
        Some(xtask) => {
            let xtask = PathBuf::from(xtask);
            xtask.parent().map(PathBuf::from).unwrap_or(xtask)
        }
        None => located_workspace().unwrap_or_else(|| PathBuf::from(".")),
    })
    .clone()
}

/// The workspace around the current folder, as cargo finds it.
fn located_workspace() -> Option<PathBuf> {
    let output = Command::new("cargo")
        .args(["locate-project", "--workspace", "--message-format", "plain"])
        .output()
        .ok()
        .filter(|output| output.status.success())?;
    let manifest = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    manifest.parent().map(PathBuf::from)
}

/// Runs a command in the workspace root, failing with the command's name if it fails.
pub fn run(command: &mut Command) -> Result<(), String> {
    let status =
        command.current_dir(workspace_root()).status().map_err(|e| format!("cannot start {command:?}: {e}"))?;
    status.success().then_some(()).ok_or_else(|| format!("{command:?} failed ({status})"))
}

/// Test counts read from the runners' "test result:" lines.
#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
}

impl Tally {
    /// Reads "test result: ok. 7 passed; 0 failed; …" (cargo test and wasm-bindgen-test alike).
    fn read(&mut self, line: &str) {
        let Some(rest) = line.trim().strip_prefix("test result: ") else { return };
        for part in rest.split([';', '.']) {
            let mut words = part.split_whitespace();
            if let (Some(count), Some(kind)) = (words.next(), words.next()) {
                match (count.parse::<u64>(), kind) {
                    (Ok(n), "passed") => self.passed += n,
                    (Ok(n), "failed") => self.failed += n,
                    _ => {}
                }
            }
        }
    }
}

/// Runs a test command, echoing its output and adding its counts to `tally`.
fn run_counted(command: &mut Command, tally: &mut Tally) -> Result<(), String> {
    let mut child = command
        .current_dir(workspace_root())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {command:?}: {e}"))?;
    let stdout = child.stdout.take().ok_or("the test runner's output was not piped")?;
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        println!("{line}");
        tally.read(&line);
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    status.success().then_some(()).ok_or_else(|| format!("{command:?} failed ({status})"))
}

pub fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// `trunk build --release`, with the page's standard library rebuilt for size: `build-std`
/// with the `immediate-abort` panic strategy leaves out panic messages, their source places
/// and the formatting they need, 14 KB of the gzipped wasm (docs/page-weight.md). See
/// [`SIZE_BUILD`] for the rest. All of it is unstable; RUSTC_BOOTSTRAP lets the pinned stable
/// compiler take it. The Benchmark panel's module is built without them (Trunk.toml), as
/// `cargo xtask bench` builds it.
pub fn trunk_release_build() -> Command {
    let mut trunk = Command::new("trunk");
    trunk.args(["build", "--release"]).envs(SIZE_BUILD);
    trunk
}

/// The environment of the page's size build (see `trunk_release_build`), each part measured
/// alone in docs/page-weight.md:
/// - `build-std` with `immediate-abort`: panics trap, with no message;
/// - `optimize_for_size`: the standard library's smaller variants of its algorithms;
/// - `-Zfmt-debug=none`: every `{:?}` prints nothing and Debug code is left out, so the page
///   never shows Debug text (tests/no_debug_text.rs checks its sources);
/// - `-Zlocation-detail=file,line,column`: the default, said out loud: the tracer records each
///   step's place in its technique's source through `#[track_caller]`, and the code panel marks
///   the step's expression at that line and column.
pub const SIZE_BUILD: [(&str, &str); 4] = [
    ("RUSTC_BOOTSTRAP", "1"),
    ("CARGO_UNSTABLE_BUILD_STD", "std,panic_abort"),
    ("CARGO_UNSTABLE_BUILD_STD_FEATURES", "optimize_for_size"),
    (
        "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
        "-Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none -Zlocation-detail=file,line,column",
    ),
];

/// One stage of `cargo xtask test`.
enum Stage {
    /// A test runner whose "test result:" lines are counted.
    Counted(Command),
    /// Test binaries built by one cargo command and run two at a time, counted likewise.
    SideBySide(side_by_side::SideBySide),
    /// A build step: it passes or fails.
    Build(Command),
    /// A check run here, counted like a test runner through its printed result line.
    Check(fn(&mut Tally) -> Result<(), String>),
}

fn parse_technique(name: &str) -> Result<sliders::Technique, String> {
    name.parse().map_err(|_| format!("no technique is called {name} (see `sliders techniques`)"))
}

pub fn cargo_command(args: &[&str]) -> Command {
    let mut command = cargo();
    command.args(args);
    command
}

/// Builds the benchmark crate as a bare wasm module with `profile` and returns its path.
pub fn build_bench_wasm(profile: &str) -> Result<PathBuf, String> {
    run(&mut cargo_command(&[
        "build",
        "--profile",
        profile,
        "-p",
        "sliders-bench",
        "--lib",
        "--target",
        "wasm32-unknown-unknown",
    ]))?;
    Ok(workspace_root().join(format!("target/wasm32-unknown-unknown/{profile}/sliders_bench.wasm")))
}

/// Builds the bench module in the page's release profile and checks its bit-scan instructions.
fn check_wasm_instructions(tally: &mut Tally) -> Result<(), String> {
    let bench = build_bench_wasm("release")?;
    let root = workspace_root();
    let page = std::fs::read_dir(root.join("dist"))
        .map_err(|e| format!("no dist/: {e}"))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        // trunk's name for the page's module: slider-lab-<hash>_bg.wasm.
        .find(|path| {
            path.extension().is_some_and(|e| e == "wasm")
                && path.file_name().is_some_and(|name| name.to_string_lossy().starts_with("slider-lab-"))
        });
    let outcome = wasm_check::check(&bench, page.as_deref());
    match &outcome {
        Ok(()) => tally.passed += sliders::Technique::ALL.len() as u64,
        Err(_) => tally.failed += 1,
    }
    outcome
}

/// Clippy over everything but test code, with `unwrap` and `expect` denied: outside tests, bad
/// input gets a message, never a panic. (The e2e crate is test code and says so itself.)
fn clippy(tally: &mut Tally) -> Result<(), String> {
    let outcome = run(&mut cargo_command(&[
        "clippy",
        "--workspace",
        "--lib",
        "--bins",
        "--",
        "-D",
        "clippy::unwrap_used",
        "-D",
        "clippy::expect_used",
    ]));
    match &outcome {
        Ok(()) => tally.passed += 1,
        Err(_) => tally.failed += 1,
    }
    outcome
}

fn test() -> Result<(), String> {
    let whole = Instant::now();
    toolchain::ensure_test_tools()?;
    let tools = whole.elapsed();
    let mut tally = Tally::default();
    let dist = workspace_root().join("dist");
    // Every end-to-end test binary runs, one test at a time each, two binaries side by side;
    // a failure stops none of the others, so the summary counts them all.
    let end_to_end = side_by_side::SideBySide {
        packages: vec!["e2e"],
        run_args: vec!["--test-threads=1", "--nocapture"],
        envs: vec![("SLIDER_LAB_DIST", dist), ("SLIDER_LAB_PANIC_DIST", workspace_root().join(PANIC_DIST))],
        // Measured in a fresh clone's run (lesson 417 s, visualizer 207 s, …; 1,144 s in all).
        slowest_first: &["lesson", "visualizer", "screenshots", "share", "embed"],
    };
    // The same release build with `?panic=1` switched on, for the panic banner's test; it goes to
    // a folder of its own, so dist/ never holds it.
    let mut panic_build = trunk_release_build();
    panic_build.args(["--features", "force-panic", "--dist", PANIC_DIST]);
    let stages: Vec<(&str, Stage)> = vec![
        ("clippy: no unwrap or expect outside tests", Stage::Check(clippy)),
        (
            "native tests (core, explanation, pictures, formula and its WebAssembly, CLI, bench, xtask)",
            Stage::SideBySide(side_by_side::SideBySide {
                packages: vec![
                    "sliders",
                    "sliders-explain",
                    "sliders-pictures",
                    "sliders-formula",
                    "sliders-cli",
                    "traced-syntax",
                    "module-buffer",
                    "rasterize",
                    "gif-encode",
                    "pictures-module",
                    "formula-module",
                    "wasm-encode",
                    "sliders-bench",
                    "xtask",
                ],
                run_args: Vec::new(),
                envs: Vec::new(),
                // The narration and exhaustive tests use both cores; MediaWiki's mostly waits on PHP.
                slowest_first: &["narration", "exhaustive", "mediawiki", "pictures", "formula_export"],
            }),
        ),
        (
            // Apart from the core's: cargo would give the core the page's features (whys-in-files
            // leaves the whys out of the binary), and the core's tests check its whys.
            "native tests of the app model",
            Stage::Counted(cargo_command(&["test", "--no-fail-fast", "-p", "slider-lab"])),
        ),
        (
            "component tests in headless Chromium (wasm-bindgen-test)",
            Stage::Counted(cargo_command(&[
                "test",
                "--no-fail-fast",
                "-p",
                "slider-lab",
                "--target",
                "wasm32-unknown-unknown",
                "--test",
                "components",
            ])),
        ),
        ("release build with trunk (offline)", Stage::Build(trunk_release_build())),
        ("release build that can be told to panic, into target/dist-force-panic", Stage::Build(panic_build)),
        (
            "wasm instruction check: i64.clz, i64.ctz and i8x16.swizzle in the release wasm and techniques.wasm",
            Stage::Check(check_wasm_instructions),
        ),
        ("end-to-end tests: dist/ served on 127.0.0.1, driven over WebDriver", Stage::SideBySide(end_to_end)),
    ];
    let total = stages.len();
    let mut failed_stages = Vec::new();
    let mut times = Vec::new();
    for (number, (name, stage)) in stages.into_iter().enumerate() {
        println!("\nxtask test: stage {}/{total}: {name}", number + 1);
        let started = Instant::now();
        let is_build = matches!(stage, Stage::Build(_));
        let outcome = match stage {
            Stage::Counted(mut command) => run_counted(&mut command, &mut tally),
            Stage::SideBySide(binaries) => binaries.run(&mut tally),
            Stage::Build(mut command) => run(&mut command),
            Stage::Check(check) => check(&mut tally),
        };
        times.push((name, started.elapsed()));
        match outcome {
            Ok(()) => println!("xtask test: stage {}/{total} done in {:.1?}", number + 1, started.elapsed()),
            Err(error) => {
                println!("\nxtask test: stage {}/{total} ({name}) failed: {error}", number + 1);
                failed_stages.push(name);
                // The stages after a build test what it built: without it they cannot run.
                if is_build {
                    break;
                }
            }
        }
    }
    println!("\nxtask test: each stage's time");
    println!("{:>8.1} s  the tools, installed where missing", tools.as_secs_f64());
    for (number, (name, time)) in times.iter().enumerate() {
        println!("{:>8.1} s  {}/{total} {name}", time.as_secs_f64(), number + 1);
    }
    println!("{:>8.1} s  in all", whole.elapsed().as_secs_f64());
    if failed_stages.is_empty() {
        println!("\nxtask test: all {total} stages passed");
        println!("summary: {} passed, {} failed", tally.passed, tally.failed);
        Ok(())
    } else {
        println!("\nxtask test: failed stages: {}", failed_stages.join("; "));
        // A stage can fail without a counted test failing (a build, a crash): count it.
        println!("summary: {} passed, {} failed", tally.passed, tally.failed.max(failed_stages.len() as u64));
        Err("tests failed".into())
    }
}

fn main() -> ExitCode {
    let outcome = match Cli::parse().command {
        Task::Serve { port } => toolchain::ensure_build_tools().and_then(|()| {
            println!("xtask: serving on http://127.0.0.1:{port}/");
            // A folder of its own: dist/ only ever holds the release site `cargo xtask dist` makes.
            let folder = workspace_root().join(SERVE_DIR);
            run(Command::new("trunk")
                .args(["serve", "--public-url", "/", "--port", &port.to_string(), "--dist"])
                .arg(folder))
        }),
        Task::Test => test(),
        Task::Bench { occupancies, runs, only } if only.is_empty() => bench::bench(occupancies, runs),
        Task::Bench { occupancies, runs, only } => bench::bench_only(occupancies, runs, &only),
        Task::BenchPanel { rounds } => bench::panel_beside_harness(rounds),
        Task::MachineCode => machine_code::machine_code(),
        Task::Magics => magics::run(),
        Task::Size => size::size(),
        Task::Exports => exports::exports(),
        Task::Proofs => proofs::proofs(),
        // Without a module given, the bench module is built first, as the test's check builds it.
        Task::Instructions { wasm } => match wasm {
            Some(wasm) => wasm_check::check(&wasm, None),
            None => build_bench_wasm("release").and_then(|wasm| wasm_check::check(&wasm, None)),
        },
        Task::Dist => toolchain::ensure_build_tools().and_then(|()| run(&mut trunk_release_build())).map(|()| {
            println!("xtask: dist/ is ready: copy it to any static host, under any path");
        }),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn tally_reads_cargo_and_wasm_bindgen_test_lines() {
        let mut tally = Tally::default();
        tally.read("test result: ok. 7 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s");
        tally.read("test result: FAILED. 2 passed; 1 failed; 0 ignored");
        tally.read("running 3 tests");
        assert_eq!((tally.passed, tally.failed), (9, 1));
    }
}
