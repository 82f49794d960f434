//! Test binaries built once by cargo, then run two at a time.
//!
//! `cargo test` runs its test binaries one after another. On this project's two-core machines
//! that leaves a core idle whenever a binary waits: the end-to-end tests wait on Chromium
//! (about 30% of the stage's core time was idle), and a binary such as the MediaWiki test waits
//! on PHP. Each test binary is independent (every end-to-end test starts its own Chromium,
//! chromedriver and static server on free ports), so two of them can run side by side; each
//! binary's own `--test-threads` is left as the stage asks.
//!
//! A binary's output is printed whole when it ends, so two binaries never interleave their
//! lines; its start is announced when it starts.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use serde::Deserialize;

use crate::{cargo, run_counted, workspace_root, Tally};

/// How many test binaries run at once.
const JOBS: usize = 2;

/// One test binary cargo built.
struct TestBinary {
    /// The file it was built from, as cargo names it ("tests/lesson.rs", "src/lib.rs").
    source: String,
    /// The target's name ("lesson"), to put the slowest first.
    name: String,
    executable: PathBuf,
    /// Its package's folder: cargo runs every test binary there, so tests may read relative
    /// paths from it.
    package_dir: PathBuf,
}

/// The part of cargo's `--message-format=json` read here: artifacts, the rest skipped.
#[derive(Deserialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
enum CargoMessage {
    CompilerArtifact(Artifact),
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
struct Artifact {
    manifest_path: PathBuf,
    target: ArtifactTarget,
    profile: ArtifactProfile,
    /// Set for binaries, test binaries included.
    executable: Option<PathBuf>,
}

#[derive(Deserialize)]
struct ArtifactTarget {
    name: String,
    src_path: PathBuf,
}

#[derive(Deserialize)]
struct ArtifactProfile {
    test: bool,
}

/// A stage of test binaries: the `packages`' test binaries built by `cargo test --no-run`, then
/// run two at a time with `run_args`, those named in `slowest_first` first (in that order), so
/// that the longest is not left to run alone at the end; then the packages' doc tests.
pub struct SideBySide {
    pub packages: Vec<&'static str>,
    pub run_args: Vec<&'static str>,
    pub envs: Vec<(&'static str, PathBuf)>,
    pub slowest_first: &'static [&'static str],
}

impl SideBySide {
    pub fn run(&self, tally: &mut Tally) -> Result<(), String> {
        let packages: Vec<&str> = self.packages.iter().flat_map(|&package| ["-p", package]).collect();
        let mut binaries = build(&packages)?;
        // A stable sort: the named ones first, in their order; the rest in cargo's.
        binaries.sort_by_key(|binary| {
            self.slowest_first.iter().position(|&name| name == binary.name).unwrap_or(self.slowest_first.len())
        });
        let queue = Mutex::new(VecDeque::from(binaries));
        let tally = Mutex::new(tally);
        let failures = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..JOBS {
                scope.spawn(|| {
                    loop {
                        // Taken in a statement of its own, so the queue's lock is let go
                        // before the binary runs.
                        let next = lock(&queue).pop_front();
                        let Some(binary) = next else { break };
                        let outcome = self.run_one(&binary, &tally);
                        if let Err(failure) = outcome {
                            lock(&failures).push(failure);
                        }
                    }
                });
            }
        });
        let mut failures = failures.into_inner().unwrap_or_else(PoisonError::into_inner);
        let tally = tally.into_inner().unwrap_or_else(PoisonError::into_inner);
        // Doc tests are not binaries cargo leaves behind: rustdoc builds and runs them.
        let mut doc_tests = cargo();
        doc_tests.args(["test", "--doc", "--no-fail-fast"]).args(&packages);
        if let Err(failure) = run_counted(&mut doc_tests, tally) {
            failures.push(failure);
        }
        if failures.is_empty() {
            Ok(())
        } else {
            Err(failures.join("; "))
        }
    }

    /// Runs one binary, then prints its whole output and counts its results.
    fn run_one(&self, binary: &TestBinary, tally: &Mutex<&mut Tally>) -> Result<(), String> {
        println!("xtask test: started {} ({})", binary.source, binary.executable.display());
        let started = Instant::now();
        let (output, status) = run_capturing(binary, &self.run_args, &self.envs)?;
        let mut tally = lock(tally);
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "     Running {} ({}), {:.1?}",
            binary.source,
            binary.executable.display(),
            started.elapsed()
        );
        for line in output.lines() {
            let _ = writeln!(out, "{line}");
            tally.read(line);
        }
        let _ = out.flush();
        status.success().then_some(()).ok_or_else(|| format!("{} failed ({status})", binary.source))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `binary` in its package's folder, its standard output and error in one pipe, as a
/// terminal would show them; returns what it printed and how it ended.
fn run_capturing(
    binary: &TestBinary,
    args: &[&str],
    envs: &[(&str, PathBuf)],
) -> Result<(String, std::process::ExitStatus), String> {
    let cannot = |e: std::io::Error| format!("cannot run {}: {e}", binary.executable.display());
    let (mut reader, writer) = std::io::pipe().map_err(cannot)?;
    let mut child = {
        // The command holds the pipe's writing ends: dropped at the end of this block, so the
        // read below ends when the child closes its own.
        let mut command = Command::new(&binary.executable);
        command
            .args(args)
            .current_dir(&binary.package_dir)
            .env("CARGO_MANIFEST_DIR", &binary.package_dir)
            .envs(envs.iter().map(|(name, value)| (name, value)))
            .stdin(Stdio::null())
            .stdout(writer.try_clone().map_err(cannot)?)
            .stderr(writer);
        command.spawn().map_err(cannot)?
    };
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(cannot)?;
    let status = child.wait().map_err(cannot)?;
    Ok((String::from_utf8_lossy(&bytes).into_owned(), status))
}

/// `cargo test --no-run` with `cargo_args`: the test binaries it built.
fn build(cargo_args: &[&str]) -> Result<Vec<TestBinary>, String> {
    let mut command = cargo();
    command
        .args(["test", "--no-run", "--message-format=json-render-diagnostics"])
        .args(cargo_args)
        .current_dir(workspace_root())
        .stderr(Stdio::inherit());
    let output = command.output().map_err(|e| format!("cannot start {command:?}: {e}"))?;
    if !output.status.success() {
        return Err(format!("{command:?} failed ({})", output.status));
    }
    let root = workspace_root();
    let mut binaries = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let message: CargoMessage =
            serde_json::from_str(line).map_err(|e| format!("cargo said what xtask cannot read ({e}): {line}"))?;
        let CargoMessage::CompilerArtifact(artifact) = message else { continue };
        let Some(executable) = artifact.executable.filter(|_| artifact.profile.test) else { continue };
        let package_dir = artifact.manifest_path.parent().map(Path::to_path_buf).unwrap_or_else(|| root.clone());
        let source = artifact.target.src_path.strip_prefix(&package_dir).unwrap_or(&artifact.target.src_path);
        binaries.push(TestBinary {
            source: source.display().to_string(),
            name: artifact.target.name,
            executable,
            package_dir,
        });
    }
    Ok(binaries)
}
