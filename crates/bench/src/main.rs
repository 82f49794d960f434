//! Native benchmark: times every technique and its hand-written twin on the workload and prints
//! one line each: `name kind median min max accumulator`, rates in MQueens/s. The two versions
//! of a technique run alternately, so drift in the machine's speed affects both alike.

use std::time::Instant;

use sliders::Technique;
use sliders_bench::{run, run_handwritten, Workload};

fn rate(workload: &Workload, runner: fn(Technique, &Workload) -> u64, technique: Technique) -> (f64, u64) {
    let started = Instant::now();
    let accumulator = std::hint::black_box(runner(technique, std::hint::black_box(workload)));
    (workload.lookups() as f64 / started.elapsed().as_secs_f64() / 1e6, accumulator)
}

fn summary(mut rates: Vec<f64>) -> String {
    rates.sort_by(f64::total_cmp);
    format!("{:.1} {:.1} {:.1}", rates[rates.len() / 2], rates[0], rates[rates.len() - 1])
}

fn main() {
    let mut args = std::env::args().skip(1);
    let occupancies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5_000_000);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let workload = Workload::new(occupancies);
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
