//! The proof's driver: a square at a time, each square's failing boards counted and its
//! fewest-piece board found, the budget shared by all.

use alloc::vec::Vec;

use super::symbolic::{self, Liveness};
use super::words::Builder;
use super::{BlowUp, Failure, Proof};
use crate::check::{Checker, CounterExample, OwnSquare, Target};
use crate::Formula;
use biodivine_lib_bdd::{Bdd, BddPointer};
use sliders::{Bitboard, Square};

/// What is known about one square once its proof ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SquareVerdict {
    Equal,
    /// The number of boards of this square (of 2^63, or 2^64 with its own square either way)
    /// the formula fails on, and the failing board with the fewest pieces (the slider's own
    /// included, when it is always there).
    Fails {
        boards: u128,
        fewest: Bitboard,
    },
}

/// Runs a sampled check of a formula against a target, the slider's own square as given: a
/// failing board among its samples, if it finds one.
pub type SampledCheck = fn(Target, OwnSquare, &Formula) -> Option<CounterExample>;

/// The sampled check of 100,032 boards ([`Checker`]).
pub fn sampled_check(target: Target, own: OwnSquare, formula: &Formula) -> Option<CounterExample> {
    Checker::new(target).with_own_square(own).run(formula).counter_example()
}

/// The sampled check's part in a proof: its counter-example answers "fails" when the budget
/// runs out before one is found.
enum Sample {
    /// Not run yet: run only if the budget runs out, so that a proof that decides never pays
    /// for it.
    NotRun(SampledCheck),
    /// Run already, by whoever started the proof, with the counter-example it found, if any.
    Ran(Option<CounterExample>),
}

/// A proof that runs a square at a time, so that a page can stay responsive: call
/// [`Prover::advance`] until it gives the proof.
pub struct Prover {
    target: Target,
    builder: Builder,
    square: u32,
    verdicts: Vec<SquareVerdict>,
    /// The instructions run, worked out from the formula's code on the first square and kept
    /// for the other 63.
    live: Option<Liveness>,
    sample: Sample,
    own: OwnSquare,
}

impl Prover {
    /// A proof that runs the sampled check ([`sampled_check`]) if its budget runs out.
    pub fn new(target: Target, budget: u64) -> Prover {
        let sample = Sample::NotRun(sampled_check);
        let own = OwnSquare::Occupied;
        Prover { target, builder: Builder::new(budget), square: 0, verdicts: Vec::new(), live: None, sample, own }
    }

    /// The same proof over the boards where the slider's own square is `own`: with
    /// [`OwnSquare::Either`], empty too, as an engine calls a getter (2^64 boards a square).
    pub fn own_square(mut self, own: OwnSquare) -> Prover {
        self.own = own;
        self
    }

    /// The sampled check was run already, and found this counter-example, or none: the proof
    /// answers "fails" with it if the budget runs out, and never runs the check again.
    pub fn knowing(mut self, counter_example: Option<CounterExample>) -> Prover {
        self.sample = Sample::Ran(counter_example);
        self
    }

    /// `check` in place of the sampled check, run as it would be: only if the budget runs out.
    pub fn sampling_with(mut self, check: SampledCheck) -> Prover {
        self.sample = Sample::NotRun(check);
        self
    }

    pub fn target(&self) -> Target {
        self.target
    }

    /// Whether the boards proved have the slider's square occupied, or either.
    pub fn boards(&self) -> OwnSquare {
        self.own
    }

    /// Squares decided so far, of 64.
    pub fn squares_done(&self) -> u32 {
        self.square
    }

    /// Proves the next square; the proof once the last square is done or the budget ran out.
    /// Every call of one proof is given the same formula.
    pub fn advance(&mut self, formula: &Formula) -> Option<Proof> {
        let square = Square::from_index(self.square);
        let live = self.live.get_or_insert_with(|| Liveness::of(&formula.compiled));
        match symbolic::failing_boards(&formula.compiled, live, (self.target, self.own), square, &mut self.builder) {
            Ok(failing) => self.verdicts.push(verdict(&failing, square, self.own)),
            Err(blew_up) => return Some(self.out_of_nodes(formula, square, blew_up)),
        }
        self.square += 1;
        (self.square == 64).then(|| self.decided(formula))
    }

    pub fn run(mut self, formula: &Formula) -> Proof {
        loop {
            if let Some(proof) = self.advance(formula) {
                return proof;
            }
        }
    }

    /// Every square decided.
    fn decided(&self, formula: &Formula) -> Proof {
        let nodes = self.builder.spent();
        match self.failure(formula, None) {
            Some(failure) => checked(failure),
            None => Proof::Proved { nodes },
        }
    }

    fn out_of_nodes(&self, formula: &Formula, square: Square, blew_up: Option<BlowUp>) -> Proof {
        let nodes = self.builder.spent();
        if let Some(failure) = self.failure(formula, Some(square)) {
            return checked(Failure { blew_up, ..failure });
        }
        let known = match &self.sample {
            Sample::Ran(known) => known.clone(),
            Sample::NotRun(check) => check(self.target, self.own, formula),
        };
        match known {
            Some(counter_example) => checked(Failure {
                boards: None,
                squares: Vec::new(),
                counter_example,
                fewest_known: false,
                undecided: Some(square),
                blew_up,
                nodes,
            }),
            None => Proof::Undecided { square, decided: self.decided_squares(), nodes, blew_up },
        }
    }

    fn decided_squares(&self) -> Bitboard {
        Bitboard((0..self.verdicts.len()).fold(0u64, |set, i| set | 1 << i))
    }

    /// The failing squares decided so far, and their fewest-piece board, if any fail.
    fn failure(&self, formula: &Formula, undecided: Option<Square>) -> Option<Failure> {
        // Fewest pieces first; then the lowest square, then the lowest occupancy.
        let order = |(square, occupied): (Square, Bitboard)| (occupied.0.count_ones(), square.index(), occupied.0);
        let mut squares: Vec<(Square, u128)> = Vec::new();
        let mut total: u128 = 0;
        let mut least: Option<(Square, Bitboard)> = None;
        for (i, verdict) in self.verdicts.iter().enumerate() {
            if let SquareVerdict::Fails { boards, fewest } = *verdict {
                let square = Square::from_index(i as u32);
                squares.push((square, boards));
                total += boards;
                if least.is_none_or(|best| order((square, fewest)) < order(best)) {
                    least = Some((square, fewest));
                }
            }
        }
        let (square, occupied) = least?;
        let counter_example = self.rerun(formula, square, occupied);
        let boards = undecided.is_none().then_some(total);
        Some(Failure {
            boards,
            squares,
            counter_example,
            fewest_known: undecided.is_none(),
            undecided,
            blew_up: None,
            nodes: self.builder.spent(),
        })
    }

    /// The counter-example as the evaluator and the reference walk give it.
    fn rerun(&self, formula: &Formula, square: Square, occupied: Bitboard) -> CounterExample {
        let expected = self.target.expected(square, occupied);
        let got = formula.attacks_on(square, occupied, self.own);
        CounterExample { square, occupied, expected, got }
    }
}

/// A failure whose counter-example really fails.
fn checked(failure: Failure) -> Proof {
    let c = &failure.counter_example;
    if c.got.as_ref().ok() == Some(&c.expected) {
        return Proof::Mistake(c.clone());
    }
    Proof::Fails(failure)
}

fn verdict(failing: &Bdd, square: Square, own: OwnSquare) -> SquareVerdict {
    match fewest(failing) {
        None => SquareVerdict::Equal,
        Some(occupied) => {
            let (boards, fewest) = square_boards(failing, occupied, square, own);
            SquareVerdict::Fails { boards, fewest }
        }
    }
}

/// The boards of a square a function of its bits holds, and its fewest-piece valuation as a
/// board.
pub(super) fn square_boards(set: &Bdd, fewest: u64, square: Square, own: OwnSquare) -> (u128, Bitboard) {
    let valuations = u128::try_from(set.exact_cardinality()).unwrap_or(u128::MAX);
    match own {
        // The slider's own bit is a variable the function never reads: every board is counted
        // twice among the 2^64 valuations.
        OwnSquare::Occupied => (valuations / 2, Bitboard(fewest) | square.bit()),
        // Each valuation is a board.
        OwnSquare::Either => (valuations, Bitboard(fewest)),
    }
}

/// The satisfying valuation with the fewest ones, the lowest value among those: for each node,
/// the best completion of the variables from it down, its children's best first.
pub(super) fn fewest(bdd: &Bdd) -> Option<u64> {
    let mut best: Vec<Option<Option<(u32, u64)>>> = alloc::vec![None; bdd.size()];
    best_below(bdd, bdd.root_pointer(), &mut best).map(|(_, value)| value)
}

fn best_below(bdd: &Bdd, node: BddPointer, memo: &mut Vec<Option<Option<(u32, u64)>>>) -> Option<(u32, u64)> {
    if node.is_one() {
        return Some((0, 0));
    }
    if node.is_zero() {
        return None;
    }
    if let Some(known) = memo[node.to_index()] {
        return known;
    }
    let bit = 1u64 << bdd.var_of(node).to_index();
    let low = best_below(bdd, bdd.low_link_of(node), memo);
    let high = best_below(bdd, bdd.high_link_of(node), memo).map(|(ones, value)| (ones + 1, value | bit));
    let found = match (low, high) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    memo[node.to_index()] = Some(found);
    found
}
