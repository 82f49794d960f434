//! `sliders eval --prove TARGET`: the prover's verdict, the failing boards square by square,
//! and the counter-example with the fewest pieces.

use std::process::ExitCode;

use sliders_formula::prove::{square_count, Proof, Prover};
use sliders_formula::{CounterExample, Formula};

/// Runs `prover` on `formula` and prints its verdict. Where its budget runs out, the sampled
/// check's board, if it has one, answers: the one the caller handed it, or its own check's.
pub fn prove(formula: &Formula, text: &str, prover: Prover) -> ExitCode {
    let (target, own) = (prover.target(), prover.boards());
    let proof = prover.run(formula);
    println!("{}", proof.summary(target, own).to_lowercase_first());
    match &proof {
        Proof::Proved { .. } => ExitCode::SUCCESS,
        Proof::Fails(failure) => {
            if !failure.squares.is_empty() {
                let squares: Vec<String> =
                    failure.squares.iter().map(|(square, n)| format!("{square} {}", square_count(*n, own))).collect();
                println!("failing boards by square: {}", squares.join(", "));
            }
            let c = &failure.counter_example;
            let pieces = c.occupied.0.count_ones();
            let fewest = if failure.fewest_known { "the fewest pieces" } else { "a known failing board" };
            let pieces = match (c.occupied.contains(c.square), pieces) {
                (true, 1) => "1 piece, the slider".to_string(),
                (true, pieces) => format!("{pieces} pieces, the slider's included"),
                (false, 1) => format!("1 piece, {} empty", c.square),
                (false, pieces) => format!("{pieces} pieces, {} empty", c.square),
            };
            println!("{fewest} ({pieces}): {}", counter_example(c, text));
            ExitCode::FAILURE
        }
        Proof::Undecided { .. } => ExitCode::from(3),
        Proof::Mistake(c) => {
            eprintln!("error: the prover's counter-example agrees when run: {}", counter_example(c, text));
            ExitCode::from(3)
        }
    }
}

fn counter_example(c: &CounterExample, text: &str) -> String {
    let got = match &c.got {
        Ok(value) => format!("formula={value}"),
        Err(fault) => format!("fault=\"{}\"", fault.describe(text)),
    };
    format!("square={} occupied={} expected={} {got}", c.square, c.occupied, c.expected)
}

trait LowercaseFirst {
    fn to_lowercase_first(&self) -> String;
}

impl LowercaseFirst for String {
    /// "Proved: …" as the command line's lines begin, "proved: …".
    fn to_lowercase_first(&self) -> String {
        let mut chars = self.chars();
        chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or_default()
    }
}
