//! Facts about a step read from its values alone, which the sentences and the animation both
//! use: where a subtraction's borrow ends, which copies a product adds up.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use sliders::techniques::magic::relevant_mask;
use sliders::trace::{Focus, Op};
use sliders::{Bitboard, Slider, Square, Step, Technique, Value};

use crate::board::Board;

/// Kindergarten's index: the top 6 bits of its product (its `>> 58`), one per inner square.
const KINDERGARTEN_INDEX_BITS: u32 = 6;

/// How many top bits of a technique's product its next step shifts down into an index: magic's
/// one per relevant square of the slider part's mask on this square, kindergarten's six. `None`
/// for any other product (a formula's is not known to be cut into an index).
fn index_bits(step: &Step, board: Option<&Board>) -> Option<u32> {
    if Technique::Kindergarten.made(step) {
        return Some(KINDERGARTEN_INDEX_BITS);
    }
    if !Technique::Magic.made(step) {
        return None;
    }
    // Without the board (an animation frame), the most a magic index takes: a rook's 12.
    let Some(board) = board else { return Some(relevant_mask(Slider::Rook, Square::A1).count()) };
    let part = match step.focus {
        Focus::Part(part) => part,
        _ => board.slider,
    };
    Some(relevant_mask(part, board.square).count())
}

/// The bits of a product that the next step cuts its index from, and their name ("the top 10
/// bits (54 to 63)").
pub fn index_window(step: &Step, board: &Board) -> Option<(u64, String)> {
    let bits = index_bits(step, Some(board))?;
    Some((!0u64 << (64 - bits), format!("the top {bits} bits ({} to 63)", 64 - bits)))
}

/// True for the shift that cuts a technique's index from its product's top bits (magic's
/// `>> magic.shift`, kindergarten's `>> 58`): the product's bits and the index's are not squares.
pub fn cuts_index(step: &Step, board: &Board) -> bool {
    let Some(Value::Number(amount)) = step.rhs else { return false };
    step.op == Op::Shr && index_bits(step, Some(board)).is_some_and(|bits| amount == u64::from(64 - bits))
}

/// The copies of a product `a × b` that can be followed one by one: one per one bit of a, each
/// with the bits it lands on in the index's window (without a board, the widest a technique's
/// index can take). `None` when copies overlap (carries mix them) or a is empty.
pub fn product_copies(step: &Step, board: Option<&Board>) -> Option<Vec<(Square, Bitboard)>> {
    let (Value::Board(a), Some(Value::Board(b))) = (step.lhs, step.rhs) else { return None };
    let window = !0u64 << (64 - index_bits(step, board)?);
    let mut seen = 0u64;
    let mut copies = Vec::new();
    for square in a.squares() {
        let copy = b.0 << square.index();
        if seen & copy != 0 {
            return None;
        }
        seen |= copy;
        copies.push((square, Bitboard(copy & window)));
    }
    (!copies.is_empty()).then_some(copies)
}

/// The borrow of `a − b`, read from the values: where it starts, which bits it runs through,
/// and which bit absorbs it, or that it runs past h8.
/// How the borrow of a subtraction `a − b` ends, read from its values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BorrowEnd {
    /// Nothing borrows: every one bit of b is set in a.
    NoBorrow,
    /// The borrow starting at the first bit is absorbed by the second.
    AbsorbedAt { start: u32, stop: u32 },
    /// The borrow starting at this bit leaves bit 63: the result wraps around.
    PastH8 { start: u32 },
}

/// Where the (lowest) borrow of `a − b = difference` starts and ends: the first of
/// [`borrows`], or none.
pub fn borrow_end(a: Bitboard, b: Bitboard, difference: Bitboard) -> BorrowEnd {
    borrows(a, b, difference).next().unwrap_or(BorrowEnd::NoBorrow)
}

/// Every borrow of `a − b = difference`, lowest first: one for each run of bits that received
/// a borrow from below (several where several one bits of b each start their own, as with
/// several sliders).
pub fn borrows(a: Bitboard, b: Bitboard, difference: Bitboard) -> Borrows {
    // chain: the bits that received a borrow from below. A borrow leaves bit 63 exactly when the
    // subtraction wraps around, that is when a < b as unsigned numbers.
    Borrows { chain: (a ^ b ^ difference).0, wraps: a.0 < b.0 }
}

/// The borrows of a subtraction, lowest first (see [`borrows`]).
#[derive(Clone, Copy, Debug)]
pub struct Borrows {
    /// The bits that received a borrow from below and are not yet said.
    chain: u64,
    /// The subtraction wraps around, and its borrow leaving bit 63 is not yet said.
    wraps: bool,
}

impl Iterator for Borrows {
    type Item = BorrowEnd;

    fn next(&mut self) -> Option<BorrowEnd> {
        if self.chain == 0 {
            // A borrow that bit 63 starts itself (a zero of a under a one of b) has no run above
            // it: it is the last.
            return core::mem::take(&mut self.wraps).then_some(BorrowEnd::PastH8 { start: 63 });
        }
        // The lowest bit that borrows has no borrow coming in, so a has a zero there and b a
        // one; the bits above it receive the borrow until one of them absorbs it or it leaves
        // bit 63 (only the highest run can).
        let first_in = self.chain.trailing_zeros();
        let last_in = first_in + (self.chain >> first_in).trailing_ones() - 1;
        self.chain &= !range(first_in, last_in);
        let start = first_in - 1;
        Some(if last_in == 63 && self.wraps {
            self.wraps = false;
            BorrowEnd::PastH8 { start }
        } else {
            BorrowEnd::AbsorbedAt { start, stop: last_in }
        })
    }
}

/// Bits `low..=high` as a mask.
pub(crate) fn range(low: u32, high: u32) -> u64 {
    if low > high || low > 63 {
        return 0;
    }
    let above_high = if high >= 63 { u64::MAX } else { (1u64 << (high + 1)) - 1 };
    above_high & !((1u64 << low) - 1)
}

/// True for a bit operation of a formula on a number (`sq & 7`, `bsf(d4)`, `popcount(sq)`):
/// its bits are a number's, not squares, and are said by number.
pub fn on_a_number(step: &Step) -> bool {
    let lhs_number = matches!(step.lhs, Value::Number(_) | Value::Signed(_));
    let rhs_number = matches!(step.rhs, Some(Value::Number(_) | Value::Signed(_)));
    let result_number = matches!(step.result, Value::Number(_) | Value::Signed(_));
    let on_a_number = match step.op {
        Op::And | Op::Or | Op::Xor | Op::Pext | Op::Pdep => lhs_number || rhs_number,
        // A shift's and a rotation's amount is a number in every formula; what moves is the first.
        Op::Not
        | Op::Neg
        | Op::Shl
        | Op::Shr
        | Op::Scan(_)
        | Op::Popcount
        | Op::ByteSwap
        | Op::RotateLeft
        | Op::RotateRight
        | Op::LowestBit
        | Op::HighestBit => lhs_number,
        // Arithmetic on numbers alone is said as a sum; a number beside a set is said here.
        Op::Add | Op::Sub | Op::Mul => (lhs_number || rhs_number) && !(lhs_number && rhs_number && result_number),
        // Said by what they are: a comparison, a choice, a mask read for a square, a table
        // read, a division (of a number, or of a set read as one).
        Op::Compare(_)
        | Op::LogicalNot
        | Op::LogicalAnd
        | Op::LogicalOr
        | Op::Select
        | Op::Branch
        | Op::Case
        | Op::Loop
        | Op::Mask(_)
        | Op::Lookup
        | Op::RayWalk
        | Op::Swizzle(_)
        | Op::Div
        | Op::Rem => false,
    };
    step.place.is_typed() && on_a_number
}
