//! Native benchmark. `sliders-bench OCCUPANCIES RUNS` times every technique and its
//! hand-written twin on the workload and prints one line each: `name kind median min max
//! accumulator`, rates in MQueens/s; the two versions of a technique run alternately, so drift
//! in the machine's speed affects both alike.
//!
//! `sliders-bench OCCUPANCIES serve` prepares the workload once, prints `ready LOOKUPS LANES`
//! (LANES: which form this build's SIMD lanes have, [`sliders::Lanes::MACHINE`]), then
//! answers each line `TECHNIQUE traced|handwritten` on standard input with one timed run,
//! `RATE ACCUMULATOR`. `cargo xtask bench` drives it next to the browser's wasm the same way,
//! so the native and wasm runs it compares are taken side by side.

use std::io::{BufRead, Write};
use std::time::Instant;

use sliders::Technique;
use sliders_bench::{run, run_handwritten, Workload};

type Runner = fn(Technique, &Workload) -> u64;

fn rate(workload: &Workload, runner: Runner, technique: Technique) -> (f64, u64) {
    let started = Instant::now();
    let accumulator = std::hint::black_box(runner(technique, std::hint::black_box(workload)));
    (workload.lookups() as f64 / started.elapsed().as_secs_f64() / 1e6, accumulator)
}

fn summary(mut rates: Vec<f64>) -> String {
    rates.sort_by(f64::total_cmp);
    format!("{:.1} {:.1} {:.1}", rates[rates.len() / 2], rates[0], rates[rates.len() - 1])
}

fn runner(kind: &str) -> Option<Runner> {
    match kind {
        "traced" => Some(run),
        "handwritten" => Some(run_handwritten),
        _ => None,
    }
}

fn serve(workload: &Workload) {
    println!("ready {} {}", workload.lookups(), sliders::Lanes::MACHINE);
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let mut words = line.split_whitespace();
        let request = (words.next().and_then(|t| t.parse::<Technique>().ok()), words.next().and_then(runner));
        let answer = match request {
            (Some(technique), Some(runner)) => {
                let (rate, accumulator) = rate(workload, runner, technique);
                format!("{rate:.3} {accumulator:#018x}")
            }
            _ => format!("error: expected `TECHNIQUE traced|handwritten`, got `{line}`"),
        };
        if writeln!(out, "{answer}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let occupancies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5_000_000);
    let mode = args.next().unwrap_or_else(|| "5".into());
    let workload = Workload::new(occupancies);
    if mode == "serve" {
        return serve(&workload);
    }
    let runs: usize = mode.parse().unwrap_or(5).max(1);
    for &technique in Technique::ALL {
        let (mut traced, mut handwritten) = (Vec::new(), Vec::new());
        let mut accumulators = (0, 0);
        for _ in 0..runs {
            let (r, a) = rate(&workload, run, technique);
            traced.push(r);
            let (h, b) = rate(&workload, run_handwritten, technique);
            handwritten.push(h);
            accumulators = (a, b);
        }
        println!("{} traced {} {:#018x}", technique.name(), summary(traced), accumulators.0);
        println!("{} handwritten {} {:#018x}", technique.name(), summary(handwritten), accumulators.1);
    }
}
