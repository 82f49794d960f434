//! Proves a formula right on every board, or finds every board it is wrong on: for each of the
//! 64 squares, the formula and its target become Boolean functions of the other 63 occupancy
//! bits (binary decision diagrams, `biodivine-lib-bdd`), and the boards where they differ are
//! counted exactly. The counter-example shown is the failing board with the fewest pieces.
//!
//! The work is bounded by a budget of diagram nodes, not by a clock, so the verdict is the
//! same on every machine: a formula that blows up (multiplications of the board by itself)
//! ends as undecided, or as failing on a board of the sampled check, which runs then (and only
//! then, unless its caller ran it already: `Prover::knowing`). Every counter-example is run
//! again by the evaluator and compared with the reference walk before it is given, so a mistake
//! here can never show a false one.
//!
//! The verdict's types and words are here for every build (the page reads them); the prover
//! itself, and its dependency on decision diagrams, comes with the `prove` feature.

#[cfg(feature = "prove")]
mod c_arith;
#[cfg(feature = "prove")]
mod compare;
mod comparison;
#[cfg(feature = "prove")]
mod prover;
mod report;
#[cfg(feature = "prove")]
mod symbolic;
#[cfg(feature = "prove")]
mod words;

use alloc::vec::Vec;

use super::check::CounterExample;
#[cfg(feature = "prove")]
pub use compare::{compare, Comparer};
pub use comparison::{Comparison, Difference};
#[cfg(feature = "prove")]
pub use prover::{sampled_check, Prover, SampledCheck};
pub use report::{all_boards, share_of, square_count, thousands};
use sliders::{Bitboard, Square};

/// Nodes a whole proof may make before it ends as undecided: the five examples take under a
/// hundredth of it (190,000 at most), and formulas that blow up end within about 10 to 30
/// seconds on the machine BENCHMARKS.md was measured on (a node costs about a microsecond).
/// One diagram of more than 2 million nodes, or one word of more than 4 million, ends a proof
/// the same way.
pub const NODE_BUDGET: u64 = 30_000_000;

/// The operation whose decision diagrams grew past the budget: its line and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlowUp {
    pub line: u32,
    pub operation: alloc::string::String,
}

/// A proof's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Equal to the target on every board of every square.
    Proved {
        nodes: u64,
    },
    Fails(Failure),
    /// The budget ran out on `square` before a counter-example was known.
    Undecided {
        square: Square,
        decided: Bitboard,
        nodes: u64,
        blew_up: Option<BlowUp>,
    },
    /// The prover's counter-example, run again by the evaluator, agrees with the target: a
    /// mistake in this prover, never shown as a failure.
    Mistake(CounterExample),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Failing boards in all, when every square was decided.
    pub boards: Option<u128>,
    /// The decided squares the formula fails on, with their counts.
    pub squares: Vec<(Square, u128)>,
    /// The failing board with the fewest pieces (ties: the lowest square, then the lowest
    /// occupancy), run again by the evaluator.
    pub counter_example: CounterExample,
    /// Whether that board is known to have the fewest pieces of all failing boards.
    pub fewest_known: bool,
    /// Where the budget ran out, if it did, and in which operation.
    pub undecided: Option<Square>,
    pub blew_up: Option<BlowUp>,
    pub nodes: u64,
}

impl Proof {
    /// True for "proved" only.
    pub fn proved(&self) -> bool {
        matches!(self, Proof::Proved { .. })
    }

    /// Diagram nodes made.
    pub fn nodes(&self) -> u64 {
        match self {
            Proof::Proved { nodes } | Proof::Undecided { nodes, .. } => *nodes,
            Proof::Fails(failure) => failure.nodes,
            Proof::Mistake(_) => 0,
        }
    }
}

/// Every board of 2^69: 2^63 a square, the slider's own square occupied ([`all_boards`] for either).
pub const BOARDS: u128 = 1 << 69;
