//! `sliders eval --prove TARGET`: the prover's verdict, the failing boards square by square,
//! and the counter-example with the fewest pieces.

use std::process::ExitCode;

use sliders_formula::prove::{all_boards, square_count, Comparison, Difference, Proof, Prover};
use sliders_formula::{CounterExample, Fault, Formula, OwnSquare};

/// Runs `prover` on `formula` and prints its verdict. Where its budget runs out, the sampled
/// check's board, if it has one, answers: the one the caller handed it, or its own check's.
pub fn prove(formula: &Formula, text: &str, prover: Prover) -> ExitCode {
    let (target, own) = (prover.target(), prover.boards());
    let proof = prover.run(formula);
    println!("{}", proof.summary(target, own).to_lowercase_first());
    match &proof {
        Proof::Proved { .. } => ExitCode::SUCCESS,
        Proof::Fails(failure) => {
            if !failure.squares.is_empty() && failure.boards != Some(all_boards(own)) {
                let squares: Vec<String> =
                    failure.squares.iter().map(|(square, n)| format!("{square} {}", square_count(*n, own))).collect();
                println!("failing boards by square: {}", squares.join(", "));
            }
            let c = &failure.counter_example;
            let fewest = if failure.fewest_known { "the fewest pieces" } else { "a known failing board" };
            let pieces = pieces(c.square, c.occupied);
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

/// The two texts of `--prove @FILE`: the formula's and the file's, each parsed with its text,
/// and the file's path, which names it.
pub struct Texts<'a> {
    pub first: (&'a Formula, &'a str),
    pub second: (&'a Formula, &'a str),
    pub path: &'a str,
}

/// Compares the two texts on every board and prints the answer: exit 0 when equal, 1 when they
/// differ, 3 when the budget ran out first.
pub fn compare(texts: Texts, own: OwnSquare, budget: u64) -> ExitCode {
    let ((first, first_text), (second, second_text)) = (texts.first, texts.second);
    let comparison = sliders_formula::prove::compare(first, second, own, budget);
    let other = format!("the text of {}", texts.path);
    println!("{}", comparison.summary("the formula", &other, own).to_lowercase_first());
    match &comparison {
        Comparison::Equal { .. } => ExitCode::SUCCESS,
        Comparison::Differ { example, undecided, .. } => {
            // Every board of every square says no more square by square.
            let all = matches!(comparison, Comparison::Differ { boards: Some(n), .. } if n == all_boards(own));
            if let Some(squares) = comparison.squares(own).filter(|_| !all) {
                println!("differing boards by square: {squares}");
            }
            let fewest = if undecided.is_none() { "the fewest pieces" } else { "a known differing board" };
            println!(
                "{fewest} ({}): {}",
                pieces(example.square, example.occupied),
                difference(example, first_text, (second_text, texts.path))
            );
            ExitCode::FAILURE
        }
        Comparison::Undecided { .. } => ExitCode::from(3),
        Comparison::Mistake(example) => {
            eprintln!(
                "error: the prover's board gives the same from both texts: {}",
                difference(example, first_text, (second_text, texts.path))
            );
            ExitCode::from(3)
        }
    }
}

/// The pieces of a board: the slider's square counted, or said empty.
fn pieces(square: sliders::Square, occupied: sliders::Bitboard) -> String {
    match (occupied.contains(square), occupied.0.count_ones()) {
        (true, 1) => "1 piece, the slider".to_string(),
        (true, pieces) => format!("{pieces} pieces, the slider's included"),
        (false, 1) => format!("1 piece, {square} empty"),
        (false, pieces) => format!("{pieces} pieces, {square} empty"),
    }
}

/// The board and what each text gives there, the other text named by its file, a fault as the
/// target's check says one.
fn difference(d: &Difference, first_text: &str, (second_text, path): (&str, &str)) -> String {
    let value = |name: &str, value: &Result<sliders::Bitboard, Fault>, text: &str| match value {
        Ok(value) => format!("{name}={value}"),
        Err(fault) => format!("{name}=fault \"{}\"", fault.describe(text)),
    };
    format!(
        "square={} occupied={} {} {}",
        d.square,
        d.occupied,
        value("formula", &d.first, first_text),
        value(path, &d.second, second_text)
    )
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
