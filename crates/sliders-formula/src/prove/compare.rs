//! Two texts against each other: equal on every board of every square, or the exact number of
//! boards they differ on (a board where either faults counts), with the one of fewest pieces,
//! run again by the evaluator. The same diagrams as a proof against a target, the second text
//! standing where the target's walk stood.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::prover::{fewest, square_boards};
use super::report::{share_of, square_count, thousands};
use super::symbolic::{self, Liveness};
use super::words::Builder;
use super::BlowUp;
use crate::check::{Checker, OwnSquare, Target};
use crate::{Fault, Formula};
use sliders::{Bitboard, Slider, Square};

/// What two texts give on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub square: Square,
    /// The board: the slider's square included, unless the comparison let it be empty.
    pub occupied: Bitboard,
    pub first: Result<Bitboard, Fault>,
    pub second: Result<Bitboard, Fault>,
}

/// A comparison's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// Equal on every board of every square.
    Equal { nodes: u64 },
    Differ {
        /// Differing boards in all, when every square was decided.
        boards: Option<u128>,
        /// The decided squares they differ on, with their counts.
        squares: Vec<(Square, u128)>,
        /// The differing board with the fewest pieces of the squares decided.
        example: Difference,
        /// Where the budget ran out, if it did, and in which operation.
        undecided: Option<Square>,
        blew_up: Option<BlowUp>,
        nodes: u64,
    },
    /// The budget ran out on `square` before a differing board was known.
    Undecided { square: Square, decided: u32, nodes: u64, blew_up: Option<BlowUp> },
    /// The board the diagrams gave agrees when both texts run on it: a mistake of this prover,
    /// never shown as a difference.
    Mistake(Difference),
}

/// Compares `first` with `second` on every board of every square (the slider's own square
/// `own`), within `budget` diagram nodes.
pub fn compare(first: &Formula, second: &Formula, own: OwnSquare, budget: u64) -> Comparison {
    let mut builder = Builder::new(budget);
    let (first_live, second_live) = (Liveness::of(&first.compiled), Liveness::of(&second.compiled));
    let mut squares = Vec::new();
    // Fewest pieces first; then the lowest square, then the lowest occupancy.
    let mut least: Option<(Square, Bitboard)> = None;
    let order = |(square, occupied): (Square, Bitboard)| (occupied.0.count_ones(), square.index(), occupied.0);
    for square in Square::ALL {
        let texts = ((&first.compiled, &first_live), (&second.compiled, &second_live));
        let differing = match symbolic::differing_boards(texts.0, texts.1, own, square, &mut builder) {
            Ok(differing) => differing,
            Err(blew_up) => {
                let nodes = builder.spent();
                // No differing board known yet: the sampled check's boards may show one.
                let known = least.or_else(|| sampled_difference(first, second, own));
                return match known {
                    Some((square_of, occupied)) => checked(Comparison::Differ {
                        boards: None,
                        squares,
                        example: run_both(first, second, square_of, occupied, own),
                        undecided: Some(square),
                        blew_up,
                        nodes,
                    }),
                    None => Comparison::Undecided { square, decided: square.index(), nodes, blew_up },
                };
            }
        };
        if let Some(occupied) = fewest(&differing) {
            let (boards, occupied) = square_boards(&differing, occupied, square, own);
            squares.push((square, boards));
            if least.is_none_or(|best| order((square, occupied)) < order(best)) {
                least = Some((square, occupied));
            }
        }
    }
    let nodes = builder.spent();
    match least {
        None => Comparison::Equal { nodes },
        Some((square, occupied)) => checked(Comparison::Differ {
            boards: Some(squares.iter().map(|&(_, n)| n).sum()),
            squares,
            example: run_both(first, second, square, occupied, own),
            undecided: None,
            blew_up: None,
            nodes,
        }),
    }
}

/// The first of the sampled check's boards (a queen's, so every line's blocker patterns) on
/// which the texts differ or either faults.
fn sampled_difference(first: &Formula, second: &Formula, own: OwnSquare) -> Option<(Square, Bitboard)> {
    let sample = Checker::new(Target::Piece(Slider::Queen)).with_own_square(own);
    sample.find(|square, occupied| {
        let (a, b) = (first.attacks_on(square, occupied, own), second.attacks_on(square, occupied, own));
        a.is_err() || b.is_err() || a != b
    })
}

fn run_both(first: &Formula, second: &Formula, square: Square, occupied: Bitboard, own: OwnSquare) -> Difference {
    let (a, b) = (first.attacks_on(square, occupied, own), second.attacks_on(square, occupied, own));
    Difference { square, occupied, first: a, second: b }
}

/// A difference whose board really differs when run: the texts give different values there,
/// or one of them faults.
fn checked(comparison: Comparison) -> Comparison {
    match comparison {
        Comparison::Differ { ref example, .. } if matches!((&example.first, &example.second), (Ok(a), Ok(b)) if a == b) => {
            Comparison::Mistake(example.clone())
        }
        other => other,
    }
}

impl Comparison {
    /// The answer in one sentence: `first` and `second` name the texts.
    pub fn summary(&self, first: &str, second: &str, own: OwnSquare) -> String {
        let each = format!("2^{}", own.boards_a_square().trailing_zeros());
        let all = format!("2^{}", super::all_boards(own).trailing_zeros());
        let empty_too = match own {
            OwnSquare::Occupied => "",
            OwnSquare::Either => ", counting boards with the slider's square empty as well as occupied",
        };
        let at = |blew_up: &Option<BlowUp>| {
            blew_up.as_ref().map_or_else(String::new, |b| format!(", in line {}'s {}", b.line, b.operation))
        };
        match self {
            Comparison::Equal { .. } => {
                format!("Proved: {first} and {second} are equal on all {each} boards of each of the 64 squares{empty_too}.")
            }
            Comparison::Differ { boards: Some(boards), .. } if *boards == super::all_boards(own) => {
                format!("{first} and {second} differ on all {all} boards: every board of every square{empty_too}.")
            }
            Comparison::Differ { boards: Some(boards), squares, .. } => format!(
                "{first} and {second} differ on {} of the {all} boards ({}), on {} of the 64 squares{empty_too}.",
                thousands(*boards),
                share_of(*boards, own).unwrap_or_default(),
                squares.len()
            ),
            Comparison::Differ { boards: None, undecided, blew_up, .. } => format!(
                "{first} and {second} differ on the board below. The prover's budget ran out on {}{}, so how many boards differ, and the fewest pieces one needs, are unknown.",
                undecided.map_or_else(String::new, |square| format!("{square}")),
                at(blew_up)
            ),
            Comparison::Undecided { square, decided, blew_up, .. } => format!(
                "Undecided: the prover's budget ran out on {square}{}, and the sampled check's boards showed no difference; {}.",
                at(blew_up),
                match decided {
                    0 => String::from("no square was decided before it"),
                    1 => String::from("they are equal on all boards of a1, the one square before it"),
                    n => format!("they are equal on all boards of the {n} squares before it"),
                }
            ),
            Comparison::Mistake(example) => format!(
                "The prover is wrong here: the board it found ({} on {}) gives the same from both texts when run. This is a bug in Slider Lab.",
                example.occupied, example.square
            ),
        }
    }

    /// The differing boards square by square, as "a1 2^57, b1 …".
    pub fn squares(&self, own: OwnSquare) -> Option<String> {
        let Comparison::Differ { squares, .. } = self else { return None };
        let counts: Vec<String> =
            squares.iter().map(|&(square, n)| format!("{square} {}", square_count(n, own))).collect();
        Some(counts.join(", "))
    }
}
