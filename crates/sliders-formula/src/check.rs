//! The sampled check: a formula's value against the reference walk on every square, over many
//! boards, and the first board where they part. For a line or a ray, every blocker subset of
//! that line or ray, first alone and then with random pieces elsewhere; for a piece, boards of
//! every density, the empty and the full board first. Agreeing here proves nothing (the prover
//! in `prove` decides every board); it finds most mistakes in milliseconds.

use alloc::format;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use super::{Fault, Formula};
use sliders::techniques::reference;
use sliders::workload::Xorshift96;
use sliders::{line_without, ray, Bitboard, Direction, Line, Slider, Square};

/// Boards tried per square: 64 × 1,563 = 100,032 cases in all.
pub const CASES_PER_SQUARE: usize = 1563;

/// What a formula should compute for a slider on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Target {
    Piece(Slider),
    Line(Line),
    Ray(Direction),
}

impl Target {
    pub const ALL: [Target; 15] = [
        Target::Piece(Slider::Rook),
        Target::Piece(Slider::Bishop),
        Target::Piece(Slider::Queen),
        Target::Line(Line::Rank),
        Target::Line(Line::File),
        Target::Line(Line::Diagonal),
        Target::Line(Line::AntiDiagonal),
        Target::Ray(Direction::North),
        Target::Ray(Direction::East),
        Target::Ray(Direction::NorthEast),
        Target::Ray(Direction::NorthWest),
        Target::Ray(Direction::South),
        Target::Ray(Direction::West),
        Target::Ray(Direction::SouthWest),
        Target::Ray(Direction::SouthEast),
    ];

    /// The name in links and on the command line: `rook`, `file`, `antidiagonal`, `northeast`.
    pub const fn name(self) -> &'static str {
        match self {
            Target::Piece(slider) => slider.name(),
            Target::Line(Line::AntiDiagonal) => "antidiagonal",
            Target::Line(line) => line.name(),
            Target::Ray(Direction::NorthEast) => "northeast",
            Target::Ray(Direction::NorthWest) => "northwest",
            Target::Ray(Direction::SouthWest) => "southwest",
            Target::Ray(Direction::SouthEast) => "southeast",
            Target::Ray(direction) => direction.name(),
        }
    }

    /// In words, for the page: "the rook's attacks", "the attacks along the file", "the north ray".
    pub fn describe(self) -> String {
        match self {
            Target::Piece(slider) => format!("the {slider}'s attacks"),
            Target::Line(line) => format!("the attacks along the {}", line.name()),
            Target::Ray(direction) => format!("the attacks on the {} ray", direction.name()),
        }
    }

    /// The squares to try blocker subsets of (none for a piece).
    fn blockers(self, square: Square) -> Bitboard {
        match self {
            Target::Piece(_) => Bitboard::EMPTY,
            Target::Line(line) => line_without(square, line),
            Target::Ray(direction) => ray(square, direction),
        }
    }

    /// The true answer: the reference walk along each ray of the target.
    pub fn expected(self, square: Square, occupied: Bitboard) -> Bitboard {
        let walk = |direction| reference::ray(square, direction, occupied);
        match self {
            Target::Piece(slider) => slider
                .lines()
                .iter()
                .fold(Bitboard::EMPTY, |all, line| all | walk(line.positive()) | walk(line.negative())),
            Target::Line(line) => walk(line.positive()) | walk(line.negative()),
            Target::Ray(direction) => walk(direction),
        }
    }

    /// The slider the page places for this target: the piece, or the one that moves that way.
    pub fn slider(self) -> Slider {
        let line = match self {
            Target::Piece(slider) => return slider,
            Target::Line(line) => line,
            Target::Ray(direction) => Line::ALL
                .into_iter()
                .find(|l| l.positive() == direction || l.negative() == direction)
                .unwrap_or(Line::File),
        };
        if matches!(line, Line::File | Line::Rank) {
            Slider::Rook
        } else {
            Slider::Bishop
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTargetError;

impl fmt::Display for ParseTargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a check target is rook, bishop, queen, rank, file, diagonal, antidiagonal, or a ray: north, east, northeast, northwest, south, west, southwest, southeast")
    }
}

impl FromStr for Target {
    type Err = ParseTargetError;
    fn from_str(text: &str) -> Result<Target, ParseTargetError> {
        let plain: String = text.chars().filter(|&c| c != '-' && c != '_').map(|c| c.to_ascii_lowercase()).collect();
        Target::ALL.into_iter().find(|t| t.name() == plain).ok_or(ParseTargetError)
    }
}

/// Whether the slider's own square is occupied on the boards a check or a proof tries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OwnSquare {
    /// As the lab's boards have it: `o` holds the slider (`o = occupied | r`), so a square's
    /// boards are the 2^63 of the other squares.
    #[default]
    Occupied,
    /// Occupied or empty, as an engine calls a getter from an empty square too (attackers-to,
    /// exchange evaluation): `o` is the board as given, 2^64 boards a square.
    Either,
}

impl OwnSquare {
    /// A square's boards: 2^63 with the slider's bit set, 2^64 either way.
    pub fn boards_a_square(self) -> u128 {
        match self {
            OwnSquare::Occupied => 1 << 63,
            OwnSquare::Either => 1 << 64,
        }
    }
}

/// Where a formula and the reference part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterExample {
    pub square: Square,
    /// The board: the slider's square included, unless the check or proof let it be empty
    /// ([`OwnSquare::Either`]).
    pub occupied: Bitboard,
    pub expected: Bitboard,
    /// What the formula gave, or how it failed.
    pub got: Result<Bitboard, Fault>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckOutcome {
    Agrees { cases: usize },
    Differs { cases: usize, counter_example: CounterExample },
}

impl CheckOutcome {
    /// The failing board found, if one was.
    pub fn counter_example(self) -> Option<CounterExample> {
        match self {
            CheckOutcome::Differs { counter_example, .. } => Some(counter_example),
            CheckOutcome::Agrees { .. } => None,
        }
    }
}

/// A check that runs in slices, so that a page can stay responsive: call
/// [`Checker::advance`] until it gives an outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Checker {
    pub(super) target: Target,
    pub(super) square: u32,
    pub(super) case: usize,
    pub(super) done: usize,
    pub(super) random: Xorshift96,
    pub(super) own: OwnSquare,
}

impl Checker {
    pub fn new(target: Target) -> Checker {
        Checker { target, square: 0, case: 0, done: 0, random: Xorshift96::default(), own: OwnSquare::Occupied }
    }

    /// The same check, the slider's square `own`: with [`OwnSquare::Either`], every other
    /// case has it empty.
    pub fn with_own_square(self, own: OwnSquare) -> Checker {
        Checker { own, ..self }
    }

    pub fn own_square(&self) -> OwnSquare {
        self.own
    }

    pub fn target(&self) -> Target {
        self.target
    }

    /// Cases checked so far, of [`Checker::total`].
    pub fn done(&self) -> usize {
        self.done
    }

    pub const fn total() -> usize {
        64 * CASES_PER_SQUARE
    }

    /// Checks up to `budget` more cases; the outcome once all agree or one differs.
    pub fn advance(&mut self, formula: &Formula, budget: usize) -> Option<CheckOutcome> {
        let own = self.own;
        self.advance_with(budget, |square, occupied| formula.attacks_on(square, occupied, own))
    }

    /// The same cases for any function of a slider's square and the board: the formula
    /// compiled to WebAssembly is checked by the page this way, case for case beside the
    /// formula itself.
    pub fn advance_with(
        &mut self,
        budget: usize,
        mut attacks: impl FnMut(Square, Bitboard) -> Result<Bitboard, Fault>,
    ) -> Option<CheckOutcome> {
        for _ in 0..budget {
            let Some((square, occupied)) = self.next_case() else {
                return Some(CheckOutcome::Agrees { cases: self.done });
            };
            let expected = self.target.expected(square, occupied);
            let got = attacks(square, occupied);
            if got.as_ref().ok() != Some(&expected) {
                let counter_example = CounterExample { square, occupied, expected, got };
                return Some(CheckOutcome::Differs { cases: self.done, counter_example });
            }
        }
        None
    }

    /// The first of the check's boards on which `differs` holds: the sample a comparison of
    /// two texts falls back on where its diagrams grow too large.
    pub fn find(mut self, mut differs: impl FnMut(Square, Bitboard) -> bool) -> Option<(Square, Bitboard)> {
        while let Some((square, occupied)) = self.next_case() {
            if differs(square, occupied) {
                return Some((square, occupied));
            }
        }
        None
    }

    /// The next case's square and board, the checker moved past it; `None` once every square
    /// is done. From an empty square too, each case is drawn twice in a row, with the slider's
    /// bit and without: the line's every blocker pattern (the empty line first) both ways, then
    /// random boards each way.
    fn next_case(&mut self) -> Option<(Square, Bitboard)> {
        if self.square == 64 {
            return None;
        }
        let square = Square::from_index(self.square);
        let (own_bit, index) = match self.own {
            OwnSquare::Occupied => (square.bit(), self.case),
            OwnSquare::Either if self.case.is_multiple_of(2) => (square.bit(), self.case / 2),
            OwnSquare::Either => (Bitboard::EMPTY, self.case / 2),
        };
        let occupied = self.board(square, index) | own_bit;
        self.done += 1;
        self.case += 1;
        if self.case == CASES_PER_SQUARE {
            self.case = 0;
            self.square += 1;
        }
        Some((square, occupied))
    }

    /// Runs the whole check.
    pub fn run(mut self, formula: &Formula) -> CheckOutcome {
        loop {
            if let Some(outcome) = self.advance(formula, usize::MAX) {
                return outcome;
            }
        }
    }

    /// The board of the case numbered `index` (without the slider).
    fn board(&mut self, square: Square, index: usize) -> Bitboard {
        let blockers = self.target.blockers(square).0;
        let noise = self.random_board(index) & !blockers;
        if blockers != 0 {
            // Every subset in turn, by the carry-rippler: the first round alone, then each
            // again with random pieces off the line.
            let subsets = 1usize << blockers.count_ones();
            let subset = pdep_index(index % subsets, blockers);
            let elsewhere = if index < subsets { 0 } else { noise };
            return Bitboard(subset | elsewhere);
        }
        match index {
            0 => Bitboard::EMPTY,
            1 => Bitboard::FULL,
            _ => Bitboard(noise),
        }
    }

    /// A board of a random density: an eighth, a quarter, a half or three quarters full.
    fn random_board(&mut self, index: usize) -> u64 {
        let (a, b, c) = (self.random.next_u64(), self.random.next_u64(), self.random.next_u64());
        match index % 4 {
            0 => a & b & c,
            1 => a & b,
            2 => a,
            _ => a | b,
        }
    }
}

/// The `index`-th subset of `mask`: the bits of `index` placed on the mask's one bits.
fn pdep_index(index: usize, mask: u64) -> u64 {
    sliders::pdep_loop(index as u64, mask)
}
