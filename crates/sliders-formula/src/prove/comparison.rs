//! A comparison's answer and its words, the same for the page and the command line (the
//! comparison itself, [`super::Comparer`], comes with the `prove` feature).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::report::{at, empty_too, power, share_of, square_count, thousands};
use super::BlowUp;
use crate::check::OwnSquare;
use crate::Fault;
use sliders::{Bitboard, Square};

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

impl Comparison {
    /// The answer in one sentence: `first` and `second` name the texts.
    pub fn summary(&self, first: &str, second: &str, own: OwnSquare) -> String {
        let (each, all) = (power(own.boards_a_square()), power(super::all_boards(own)));
        let empty_too = empty_too(own);
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
                at(blew_up.as_ref())
            ),
            Comparison::Undecided { square, decided, blew_up, .. } => format!(
                "Undecided: the prover's budget ran out on {square}{}, and the sampled check's boards showed no difference; {}.",
                at(blew_up.as_ref()),
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
