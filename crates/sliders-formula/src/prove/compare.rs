//! Two texts against each other: equal on every board of every square, or the exact number of
//! boards they differ on (a board where either faults counts), with the one of fewest pieces,
//! run again by the evaluator. The same diagrams as a proof against a target, the second text
//! standing where the target's walk stood.

use alloc::vec::Vec;

use super::prover::{fewest, square_boards};
use super::symbolic::{self, Liveness};
use super::words::Builder;
use super::{Comparison, Difference};
use crate::check::{Checker, OwnSquare, Target};
use crate::Formula;
use sliders::{Bitboard, Slider, Square};

/// Compares `first` with `second` on every board of every square (the slider's own square
/// `own`), within `budget` diagram nodes.
pub fn compare(first: &Formula, second: &Formula, own: OwnSquare, budget: u64) -> Comparison {
    let mut comparer = Comparer::new(own, budget);
    loop {
        if let Some(comparison) = comparer.advance(first, second) {
            return comparison;
        }
    }
}

/// A comparison that runs a square at a time, as [`super::Prover`] does, so that a page can
/// show how far it got: call [`Comparer::advance`] with the same two texts until it answers.
pub struct Comparer {
    own: OwnSquare,
    builder: Builder,
    square: u32,
    /// The instructions each text runs, worked out on the first square.
    live: Option<(Liveness, Liveness)>,
    squares: Vec<(Square, u128)>,
    /// The differing board with the fewest pieces so far.
    least: Option<(Square, Bitboard)>,
}

impl Comparer {
    pub fn new(own: OwnSquare, budget: u64) -> Comparer {
        Comparer { own, builder: Builder::new(budget), square: 0, live: None, squares: Vec::new(), least: None }
    }

    /// Whether the boards compared have the slider's square occupied, or either.
    pub fn boards(&self) -> OwnSquare {
        self.own
    }

    /// Squares decided so far, of 64.
    pub fn squares_done(&self) -> u32 {
        self.square
    }

    /// Compares the next square; the answer once the last square is done or the budget ran out.
    pub fn advance(&mut self, first: &Formula, second: &Formula) -> Option<Comparison> {
        let own = self.own;
        let square = Square::from_index(self.square);
        let (first_live, second_live) =
            self.live.get_or_insert_with(|| (Liveness::of(&first.compiled), Liveness::of(&second.compiled)));
        let texts = ((&first.compiled, &*first_live), (&second.compiled, &*second_live));
        let differing = match symbolic::differing_boards(texts.0, texts.1, own, square, &mut self.builder) {
            Ok(differing) => differing,
            Err(blew_up) => {
                let nodes = self.builder.spent();
                // No differing board known yet: the sampled check's boards may show one.
                let known = self.least.or_else(|| sampled_difference(first, second, own));
                return Some(match known {
                    Some((square_of, occupied)) => checked(Comparison::Differ {
                        boards: None,
                        squares: core::mem::take(&mut self.squares),
                        example: run_both(first, second, square_of, occupied, own),
                        undecided: Some(square),
                        blew_up,
                        nodes,
                    }),
                    None => Comparison::Undecided { square, decided: square.index(), nodes, blew_up },
                });
            }
        };
        if let Some(occupied) = fewest(&differing) {
            let (boards, occupied) = square_boards(&differing, occupied, square, own);
            self.squares.push((square, boards));
            // Fewest pieces first; then the lowest square, then the lowest occupancy.
            let order = |(square, occupied): (Square, Bitboard)| (occupied.0.count_ones(), square.index(), occupied.0);
            if self.least.is_none_or(|best| order((square, occupied)) < order(best)) {
                self.least = Some((square, occupied));
            }
        }
        self.square += 1;
        if self.square < 64 {
            return None;
        }
        let nodes = self.builder.spent();
        Some(match self.least {
            None => Comparison::Equal { nodes },
            Some((square, occupied)) => checked(Comparison::Differ {
                boards: Some(self.squares.iter().map(|&(_, n)| n).sum()),
                squares: core::mem::take(&mut self.squares),
                example: run_both(first, second, square, occupied, own),
                undecided: None,
                blew_up: None,
                nodes,
            }),
        })
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
        // Each case named, so that a new one must say whether it is checked too.
        kept @ (Comparison::Differ { .. }
        | Comparison::Equal { .. }
        | Comparison::Undecided { .. }
        | Comparison::Mistake(_)) => kept,
    }
}
