//! How a step unfolds over animation frames, as pure functions of the step and the frame: the
//! page animates them, and the pictures (`figure`) draw them, one GIF frame each.
//! A subtraction walks its borrow bit by bit, a mask reveals its result rank by rank, and a
//! scan sweeps from the end it counts from to the bit it finds. Everything else is one frame.

use alloc::vec::Vec;

use crate::facts::{borrow_end, product_copies, BorrowEnd};
use sliders::trace::Scan;
use sliders::{Bitboard, Op, Square, Step, Value};

/// What one frame of a step shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Frame {
    /// Result bits already shown; the rest are drawn as pending.
    pub shown: Bitboard,
    /// Borrow bits the walk has reached so far (subtractions only).
    pub borrow: Bitboard,
    /// The bit the animation is at, if it moves along the bits.
    pub cursor: Option<u32>,
    /// Squares being combined right now (a mask step's current rank), on operands and result;
    /// for a product, the top-byte bits the current copy lands on (result only).
    pub active: Bitboard,
    /// A product's current one bit of a, whose copy of b is being followed (first operand only).
    pub picked: Bitboard,
    /// True on the last frame, when the whole result is shown.
    pub done: bool,
}

/// The range of bit positions a subtraction's borrow walks through, low to high: from the
/// subtrahend's lowest bit to the highest bit that received a borrow (or changed).
fn borrow_walk(step: &Step) -> Option<(u32, u32)> {
    let chain = step.borrow_chain()?;
    let (Value::Board(a), Some(Value::Board(b)), Value::Board(c)) = (step.lhs, step.rhs, step.result) else {
        return None;
    };
    let moved = chain | b | (a ^ c);
    if moved.is_empty() {
        return None;
    }
    Some((moved.0.trailing_zeros(), 63 - moved.0.leading_zeros()))
}

/// The scan's start, end and direction: (from, found, upward).
fn scan(step: &Step) -> Option<(u32, u32, bool)> {
    let Value::Number(n) = step.result else { return None };
    // A scan's result is at most 64.
    let n = n.min(64) as u32;
    Some(match step.op.scan()? {
        Scan::Forward => (0, n.min(63), true),
        Scan::TrailingZeros => (0, n.min(64), true),
        Scan::Reverse => (63, n, false),
        // lzcnt counts from bit 63 down; a count of n stops on bit 63 - n (or runs off at 64).
        Scan::LeadingZeros => (63, 63u32.saturating_sub(n), false),
    })
}

/// The bits a subtraction's borrow marks: the bit where it starts and every bit it reaches.
fn trail(step: &Step) -> Bitboard {
    // Only a subtraction borrows; a multiply or a mask has operands of the same shape but no trail.
    let (Op::Sub, Value::Board(a), Some(Value::Board(b)), Value::Board(c)) = (step.op, step.lhs, step.rhs, step.result)
    else {
        return Bitboard::EMPTY;
    };
    let start = match borrow_end(a, b, c) {
        BorrowEnd::NoBorrow => Bitboard::EMPTY,
        BorrowEnd::AbsorbedAt { start, .. } | BorrowEnd::PastH8 { start } => Square::from_index(start).bit(),
    };
    step.borrow_chain().unwrap_or_default() | start
}

/// A product's copies, when each can be followed into the bits its index is cut from (kindergarten's gathers).
fn copies(step: &Step) -> Option<Vec<(Square, Bitboard)>> {
    match (step.op, step.lhs, step.rhs) {
        (Op::Mul, Value::Board(_), Some(Value::Board(_))) => product_copies(step, None),
        _ => None,
    }
}

/// A pext's gathers, one per one bit of the mask, lowest first: the mask's bit, and the bit of
/// the result it fills.
pub fn gathers(step: &Step) -> Option<Vec<(Square, Bitboard)>> {
    let (Op::Pext, Value::Board(_), Some(Value::Board(mask)), Value::Board(_)) =
        (step.op, step.lhs, step.rhs, step.result)
    else {
        return None;
    };
    let gathers: Vec<(Square, Bitboard)> = mask.squares().enumerate().map(|(k, s)| (s, Bitboard(1 << k))).collect();
    (!gathers.is_empty()).then_some(gathers)
}

/// How many frames the step takes; always at least one.
pub fn frame_count(step: &Step) -> usize {
    // A formula's operation on a number has no squares to walk: it is shown finished.
    if crate::facts::on_a_number(step) {
        return 1;
    }
    if let Some(gathers) = gathers(step) {
        return gathers.len() + 1;
    }
    if let Some(copies) = copies(step) {
        return copies.len() + 1;
    }
    if let Some((low, high)) = borrow_walk(step) {
        return (high - low + 2) as usize;
    }
    if let Some((from, to, _)) = scan(step) {
        return from.abs_diff(to) as usize + 2;
    }
    // A bitwise step combines one rank a frame; the rest are shown whole.
    match step.op {
        Op::And | Op::Or | Op::Xor => 9,
        Op::Not
        | Op::Neg
        | Op::Sub
        | Op::Shl
        | Op::Shr
        | Op::Scan(_)
        | Op::Mul
        | Op::Div
        | Op::Rem
        | Op::ByteSwap
        | Op::Add
        | Op::Lookup
        | Op::RayWalk
        | Op::Popcount
        | Op::RotateLeft
        | Op::RotateRight
        | Op::LowestBit
        | Op::HighestBit
        | Op::Pext
        | Op::Pdep
        | Op::Compare(_)
        | Op::LogicalNot
        | Op::LogicalAnd
        | Op::LogicalOr
        | Op::Select
        | Op::Branch
        | Op::Case
        | Op::Loop
        | Op::Mask(_)
        | Op::Swizzle(_) => 1,
    }
}

/// A moment of a step's animation: its frame `n`, from 0, or the step finished, shown whole.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Moment {
    At(usize),
    Finished,
}

/// What the step shows at `moment` (a frame past the last shows the finished step).
pub fn frame(step: &Step, moment: Moment) -> Frame {
    let total = frame_count(step);
    let result = step.result.board().unwrap_or_default();
    let frame = match moment {
        Moment::At(frame) if frame + 1 < total => frame,
        _ => return Frame { shown: result, borrow: trail(step), done: true, ..Frame::default() },
    };
    if let Some((low, _)) = borrow_walk(step) {
        let at = low + frame as u32;
        let upto = Bitboard(if at >= 63 { !0 } else { (1u64 << (at + 1)) - 1 });
        return Frame { shown: result & upto, borrow: trail(step) & upto, cursor: Some(at), ..Frame::default() };
    }
    if let Some(gathers) = gathers(step) {
        // One bit of the mask per frame: the operand's bit there, and the result bit it fills;
        // the result's bits below it are already in.
        let (source, landing) = gathers[frame];
        let shown = Bitboard(result.0 & (landing.0 << 1).wrapping_sub(1));
        return Frame { shown, active: landing, picked: source.bit(), ..Frame::default() };
    }
    if let Some(copies) = copies(step) {
        // One copy of b per frame: a's bit, and where its copy lands in the index's bits.
        let (source, landing) = copies[frame];
        return Frame { shown: result, active: landing, picked: source.bit(), ..Frame::default() };
    }
    if let Some((from, _, upward)) = scan(step) {
        // A scan reads its operand, which stays fully visible while the cursor sweeps it.
        let at = if upward { from + frame as u32 } else { from - frame as u32 };
        let operand = step.lhs.board().unwrap_or_default();
        return Frame { shown: operand, cursor: Some(at.min(63)), ..Frame::default() };
    }
    // Masks: rank by rank in bit order, rank 1 first; frame n has combined ranks 1..=n.
    let ranks = Bitboard(if frame >= 8 { !0 } else { (1u64 << (8 * frame)) - 1 });
    let active = if (1..=8).contains(&frame) { Bitboard(0xff << (8 * (frame - 1))) } else { Bitboard::EMPTY };
    Frame { shown: result & ranks, active, ..Frame::default() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Slider, Square, Technique};

    fn steps(technique: Technique, slider: Slider, square: Square, occupied: u64) -> Vec<Step> {
        technique.trace(slider, square, Bitboard(occupied)).steps
    }

    #[test]
    fn the_borrow_walks_from_2r_to_the_blocker() {
        // Rook d2 of the subtraction article: the borrow enters at e2 (bit 12) and stops at d7 (bit 51).
        let trace = steps(Technique::Subtraction, Slider::Rook, Square::D2, 0x4ced_2200_0146_f848);
        let sub = trace.iter().find(|s| s.op == Op::Sub).unwrap();
        assert_eq!(frame_count(sub), (51 - 12 + 2) as usize);
        let first = frame(sub, Moment::At(0));
        assert_eq!(first.cursor, Some(12));
        let last_moving = frame(sub, Moment::At(frame_count(sub) - 2));
        assert_eq!(last_moving.cursor, Some(Square::D7.index()));
        assert!(last_moving.borrow.contains(Square::D7), "the blocker absorbs the borrow");
        assert!(frame(sub, Moment::At(frame_count(sub) - 1)).done);
    }

    #[test]
    fn scans_sweep_from_the_correct_end() {
        let trace = steps(Technique::ObstructionDifference, Slider::Rook, Square::D2, 0x4ced_2200_0146_f848);
        let lzcnt = trace.iter().find(|s| s.op == Op::Scan(Scan::LeadingZeros)).unwrap();
        // lower = {d1}: lzcnt = 60, so the sweep runs from bit 63 down to bit 3.
        assert_eq!(frame(lzcnt, Moment::At(0)).cursor, Some(63));
        assert_eq!(Value::Board(frame(lzcnt, Moment::At(0)).shown), lzcnt.lhs, "the scanned operand stays visible");
        assert_eq!(frame(lzcnt, Moment::At(frame_count(lzcnt) - 2)).cursor, Some(3));
        let conditional = steps(Technique::ClassicalConditional, Slider::Bishop, Square::G2, 0xfdfd_0600_0040_bfdf);
        let bsf = conditional.iter().find(|s| s.op == Op::Scan(Scan::Forward)).unwrap();
        assert_eq!(frame(bsf, Moment::At(0)).cursor, Some(0));
    }

    #[test]
    fn a_gathering_multiply_follows_one_copy_per_frame() {
        // Kindergarten, bishop d4 with b2, c3 and f6 on its diagonal: three copies, then the whole.
        let trace = steps(Technique::Kindergarten, Slider::Bishop, Square::D4, 0x0000_2000_0004_0200);
        let multiply = trace.iter().find(|s| s.op == Op::Mul).unwrap();
        assert_eq!(frame_count(multiply), 4);
        let first = frame(multiply, Moment::At(0));
        assert_eq!((first.picked, first.active), (Square::B2.bit(), Bitboard(1 << 58)));
        assert_eq!(frame(multiply, Moment::At(2)).active, Bitboard(1 << 62), "f6 lands on bit 62");
        assert!(frame(multiply, Moment::At(3)).done);
        // Magic's copies overlap: no copy-by-copy walk there.
        let magic = steps(Technique::Magic, Slider::Rook, Square::A1, 0x0100_0000_0000_0012);
        assert_eq!(frame_count(magic.iter().find(|s| s.op == Op::Mul).unwrap()), 1);
    }

    #[test]
    fn only_a_subtraction_leaves_a_borrow_trail() {
        let trace = steps(Technique::Kindergarten, Slider::Bishop, Square::D4, 0x0000_2000_0004_0200);
        let multiply = trace.iter().find(|s| s.op == Op::Mul).unwrap();
        assert_eq!(frame(multiply, Moment::Finished).borrow, Bitboard::EMPTY);
    }

    #[test]
    fn masks_reveal_rank_by_rank_and_end_complete() {
        let trace = steps(Technique::Subtraction, Slider::Rook, Square::D2, 0x4ced_2200_0146_f848);
        let and = trace.iter().find(|s| s.op == Op::And).unwrap();
        assert_eq!(frame_count(and), 9);
        assert_eq!(frame(and, Moment::At(0)).shown, Bitboard::EMPTY);
        assert_eq!(frame(and, Moment::At(8)).shown, and.result.board().unwrap());
        assert_eq!(frame(and, Moment::At(3)).active, Bitboard(0xff << 16), "frame 3 combines rank 3");
        assert!(frame(and, Moment::At(100)).done);
        assert!(frame(and, Moment::Finished).done, "the finished-step sentinel");
        let sub = trace.iter().find(|s| s.op == Op::Sub).unwrap();
        assert_eq!(frame(sub, Moment::Finished).cursor, None);
    }
}
