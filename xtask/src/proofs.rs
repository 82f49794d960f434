//! `cargo xtask proofs`: how long the prover takes on the five formula examples natively (here,
//! in this process) and in the page (the e2e test in headless Chromium, worker start and
//! prove.wasm's fetch included), and what a formula that blows up costs before its budget ends
//! it: the "Proofs" section of BENCHMARKS.md (`cargo xtask bench` writes it too).

use std::time::Instant;

use sliders_formula::examples::EXAMPLES;
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::{Formula, Target};

use crate::{cargo_command, workspace_root};

/// The section's heading in BENCHMARKS.md.
pub const HEADING: &str = "## Proofs";

/// The peak resident memory of this process so far, in MB (Linux's VmHWM).
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The page's proof times, as the e2e test prints them, by example id.
fn page_times() -> Result<Vec<(String, String)>, String> {
    let dist = workspace_root().join("dist");
    if !dist.join("prove.wasm").exists() {
        return Err("no dist/prove.wasm: run cargo xtask dist first".into());
    }
    let output =
        // One browser at a time, so that neither's times take the other's load.
        cargo_command(&[
            "test",
            "-q",
            "-p",
            "e2e",
            "--test",
            "proof",
            "are_proved_in_the_page",
            "--",
            "--nocapture",
            "--test-threads=1",
        ])
            .env("SLIDER_LAB_DIST", &dist)
            .output()
            .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!("the page's proofs failed:\n{text}{}", String::from_utf8_lossy(&output.stderr)));
    }
    Ok(text
        .lines()
        .filter_map(|line| {
            // A finished test's `.` may stand before the line.
            let (id, rest) = line.trim_start_matches('.').split_once(": proved in the page in ")?;
            Some((id.to_string(), rest.split(' ').next()?.to_string()))
        })
        .collect())
}

/// The section, measured now.
pub fn section() -> Result<String, String> {
    let page = page_times()?;
    let mut out = format!(
        "{HEADING}\n\nThe prover (binary decision diagrams, `sliders_formula::prove`) on every board of every square, \
         budget {NODE_BUDGET} nodes. Natively: this machine, one thread, the proof alone. In the page: from the check's \
         end to the verdict in headless Chromium, including the worker's start and prove.wasm's fetch (the worker runs no \
         sampled check of its own where the proof decides). Goal: every example under 1 s in the page; bar 5 s.\n\n\
         | example | target | verdict | nodes | native ms | page ms |\n|---|---|---|---|---|---|\n"
    );
    for example in &EXAMPLES {
        let formula = Formula::parse(example.text()).map_err(|e| e.describe(example.text()))?;
        let started = Instant::now();
        let proof = Prover::new(example.target, NODE_BUDGET).run(&formula);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let verdict = if proof.proved() { "proved" } else { "NOT PROVED" };
        let in_page = page.iter().find(|(id, _)| id == example.id).map_or("?", |(_, ms)| ms.as_str());
        out.push_str(&format!(
            "| {} | {} | {verdict} | {} | {ms:.0} | {in_page} |\n",
            example.id,
            example.target,
            proof.nodes()
        ));
    }
    out.push_str(
        "\nEngine C listings (`sliders_formula::listings`, the lab's own): read as C, the tables filled once when the \
         text is read (its time in the reading column, the fill's operations counted), then proved.\n\n\
         | listing | target | verdict | nodes | reading ms | fill operations | native ms | page ms |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for listing in &sliders_formula::examples::LISTINGS {
        let started = Instant::now();
        let formula = Formula::parse(listing.text()).map_err(|e| e.describe(listing.text()))?;
        let reading = started.elapsed().as_secs_f64() * 1000.0;
        let fill = formula.filled_in();
        let started = Instant::now();
        let proof = Prover::new(listing.target, NODE_BUDGET).run(&formula);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let verdict = if proof.proved() { "proved" } else { "NOT PROVED" };
        let in_page = page.iter().find(|(id, _)| id == listing.id).map_or("?", |(_, ms)| ms.as_str());
        out.push_str(&format!(
            "| {} | {} | {verdict} | {} | {reading:.0} | {fill} | {ms:.0} | {in_page} |\n",
            listing.id,
            listing.target,
            proof.nodes()
        ));
    }
    let before = peak_mb().unwrap_or(0.0);
    let hostile = format!("return {}o", "o * ".repeat(900));
    let formula = Formula::parse(&hostile).map_err(|e| e.describe(&hostile))?;
    let started = Instant::now();
    let proof = Prover::new(Target::Piece(sliders::Slider::Rook), NODE_BUDGET).run(&formula);
    let seconds = started.elapsed().as_secs_f64();
    // Its budget runs out; the formula is wrong, so the sampled check, run then, finds a board.
    let verdict = match &proof {
        Proof::Undecided { .. } => "undecided",
        Proof::Fails(failure) if failure.undecided.is_some() => {
            "fails on the sampled check's board, run once the budget ran out,"
        }
        _ => "NOT OUT OF BUDGET",
    };
    out.push_str(&format!(
        "\nA formula that blows up (900 multiplications of the board by itself, as a rook): {verdict} after {} nodes in \
         {seconds:.1} s natively; the process's peak memory went from {before:.0} MB to {:.0} MB. The same in the \
         page's worker ends the same way (a node budget, not a clock); Stop ends it sooner.\n",
        proof.nodes(),
        peak_mb().unwrap_or(0.0)
    ));
    Ok(out)
}

/// `cargo xtask proofs`.
pub fn proofs() -> Result<(), String> {
    let section = section()?;
    println!("{section}");
    crate::benchmarks::write_section(HEADING, &section)?;
    println!("xtask proofs: wrote its section of BENCHMARKS.md");
    Ok(())
}
