//! What predict mode says of a wrong bit in a reader's answer: the square's bit in the step's
//! result, and where the operation took it from, computed from the step's values. The squares
//! are named as the step's grids draw them; in a word that holds the board turned round, a bit
//! by its index, and the square it stands for once.

use alloc::format;
use alloc::string::String;

use core::fmt;

use sliders::{Op, Square, Step, Value, WordOrder};

use crate::marks::captions;

/// Why the bit at `square` (the answer grid's cell: bit `square.index()` of the word) of
/// `step`'s result is what it is: "d5 should be 1: d5 is 1 in both o and mask." In a word that
/// holds the board turned round, the bit is named by its index, and the square it stands for
/// once: "bit 35 (d4 on the mirrored board) should be 1: …". For a step whose result is not a
/// board, nothing.
pub fn why_bit(step: &Step, square: Square) -> Option<String> {
    let named = match step.order.board_note() {
        Some(board) => format!("bit {} ({} on the {board})", square.index(), step.order.square_of_bit(square.index())),
        None => String::from(square.name()),
    };
    let bit = |value: Value| value.board().map(|board| u8::from(board.contains(square)));
    let cell = square;
    let square = Bit { index: cell.index(), order: step.order };
    let result = bit(step.result)?;
    let [lhs, rhs, result_name] = captions(step);
    let (a, b) = (bit(step.lhs), step.rhs.and_then(bit));
    // Where the bit comes from is the operation's to say; an operation whose bit has no short
    // story (a product, a table's entry) names the result's bit alone.
    let plain = || format!("bit {} of {result_name} is {result}", square.index);
    let because = match step.op {
        Op::And => match (a, b) {
            (Some(1), Some(1)) => format!("{square} is 1 in both {lhs} and {rhs}"),
            (Some(0), _) => format!("{square} is 0 in {lhs}"),
            (_, Some(0)) => format!("{square} is 0 in {rhs}"),
            _ => plain(),
        },
        Op::Or => match (a, b) {
            (Some(0), Some(0)) => format!("{square} is 0 in both {lhs} and {rhs}"),
            (Some(1), _) => format!("{square} is 1 in {lhs}"),
            (_, Some(1)) => format!("{square} is 1 in {rhs}"),
            _ => plain(),
        },
        Op::Xor => match (a, b) {
            (Some(x), Some(y)) if x == y => format!("{square} is {x} in both {lhs} and {rhs}"),
            (Some(x), Some(y)) => format!("{square} is {x} in {lhs} and {y} in {rhs}"),
            _ => plain(),
        },
        Op::Not => match a {
            Some(x) => format!("{square} is {x} in {lhs}, and NOT flips every bit"),
            None => plain(),
        },
        Op::Sub => match (step.lhs.board(), step.rhs.and_then(Value::board)) {
            (Some(minuend), Some(subtrahend)) => borrowed(square, minuend.0, subtrahend.0, step.result, [lhs, rhs]),
            _ => plain(),
        },
        Op::Neg => match step.lhs.board() {
            Some(operand) => negated(square, operand.0, step.result, lhs),
            None => plain(),
        },
        Op::Shl | Op::Shr => match (a, step.rhs) {
            (Some(_), Some(Value::Number(shift))) => shifted_from(step, square, shift, lhs),
            _ => plain(),
        },
        Op::ByteSwap => match step.lhs.board() {
            Some(board) => {
                let source = Bit { index: square.index ^ 56, order: step.operand_order() };
                let from = u8::from(board.contains(Square::from_index(source.index)));
                format!("the byte swap brings it from {source} of {lhs}, the same file on the mirrored rank, which is {from}")
            }
            None => plain(),
        },
        Op::LowestBit | Op::HighestBit => match (step.lhs.board(), result) {
            (Some(_), 1) => format!("{square} is the {} one bit of {lhs}", end_of(step.op)),
            (Some(board), _) if board.contains(cell) => {
                format!("{square} is 1 in {lhs}, but not its {} one bit", end_of(step.op))
            }
            (Some(_), _) => format!("{square} is 0 in {lhs}"),
            (None, _) => plain(),
        },
        Op::Scan(_)
        | Op::Mul
        | Op::Div
        | Op::Rem
        | Op::Add
        | Op::Lookup
        | Op::RayWalk
        | Op::Popcount
        | Op::RotateLeft
        | Op::RotateRight
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
        | Op::Swizzle(_) => plain(),
    };
    Some(format!("{named} should be {result}: {because}."))
}

/// A bit of a word as a sentence names it: by its square, or by its index in a word that holds
/// the board turned round (where the square of the same name is another bit).
#[derive(Clone, Copy)]
struct Bit {
    index: u32,
    order: WordOrder,
}

impl fmt::Display for Bit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.order.is_turned() {
            true => write!(f, "bit {}", self.index),
            false => f.write_str(Square::from_index(self.index).name()),
        }
    }
}

/// Which end a lowest- or highest-bit step takes its bit from.
fn end_of(op: Op) -> &'static str {
    if op == Op::HighestBit {
        "highest"
    } else {
        "lowest"
    }
}

/// Why `square`'s bit of `minuend - subtrahend` is what it is: the two operands' bits, and
/// whether a borrow comes into it from the bits below (the borrow into a bit is that bit of
/// `minuend ^ subtrahend ^ difference`).
fn borrowed(square: Bit, minuend: u64, subtrahend: u64, difference: Value, [lhs, rhs]: [&str; 2]) -> String {
    let difference = difference.board().map_or(0, |board| board.0);
    let at = |word: u64| (word >> square.index) & 1;
    let (x, y, borrow) = (at(minuend), at(subtrahend), at(minuend ^ subtrahend ^ difference));
    let operands = match x == y {
        true => format!("{square} is {x} in both {lhs} and {rhs}"),
        false => format!("{square} is {x} in {lhs} and {y} in {rhs}"),
    };
    let borrow_said = match (x, y, borrow) {
        (_, _, 0) if x >= y => String::from("no borrow comes into it from below"),
        (_, _, 0) => {
            String::from("no borrow comes into it from below, so 0 − 1 leaves 1 and borrows from the bit above")
        }
        (0, 0, _) => {
            String::from("the borrow from below runs through it: 0 − 1 leaves 1 and borrows on from the bit above")
        }
        (1, 0, _) => String::from("the borrow from below stops there: it takes that 1, leaving 0"),
        (0, _, _) => String::from("a borrow comes in from below too: 0 − 1 − 1 leaves 0 and borrows on"),
        _ => String::from("a borrow comes in from below: 1 − 1 − 1 leaves 1 and borrows on"),
    };
    format!("{operands}, and {borrow_said}")
}

/// Why `square`'s bit of `-operand` (`0 - operand`) is what it is.
fn negated(square: Bit, operand: u64, negation: Value, name: &str) -> String {
    let negation = negation.board().map_or(0, |board| board.0);
    let at = |word: u64| (word >> square.index) & 1;
    let (y, borrow) = (at(operand), at(operand ^ negation));
    let said = match (y, borrow) {
        (0, 0) => "no borrow comes into it from below, so 0 − 0 leaves 0",
        (0, _) => "the borrow from below runs through it: 0 − 1 leaves 1 and borrows on",
        (_, 0) => "no borrow comes into it from below, so 0 − 1 leaves 1 and borrows from the bit above",
        _ => "a borrow comes in from below too: 0 − 1 − 1 leaves 0 and borrows on",
    };
    format!("{square} is {y} in {name}, and in 0 − {name} {said}")
}

/// Where a shift took `square`'s bit from: the bit `shift` below (left) or above (right) in
/// `lhs`, or nowhere, when that is past the end of the word.
fn shifted_from(step: &Step, square: Bit, shift: u64, lhs: &str) -> String {
    let index = u64::from(square.index);
    let from = match step.op {
        Op::Shl => index.checked_sub(shift),
        _ => Some(index + shift).filter(|&from| from < 64),
    };
    let board = step.lhs.board().unwrap_or_default();
    match from {
        Some(from) => {
            let source = Bit { index: from as u32, order: square.order };
            format!(
                "it comes from {source} of {lhs}, {} places away, which is {}",
                shift,
                u8::from(board.contains(Square::from_index(source.index)))
            )
        }
        None => format!("the shift by {shift} brings a zero into it from beyond the end of the word"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Bitboard, Slider, Technique};

    /// Over every technique, slider, square and several boards, every bit of every board step's
    /// result: the sentence says the bit the result has, and each claim about an operand's bit
    /// is that operand's bit.
    #[test]
    fn each_sentence_says_the_results_bit_and_the_operands_bits_it_names() {
        let boards =
            [Bitboard::EMPTY, Bitboard(0x4ced_2200_0146_f848), Bitboard(0x0000_0800_0040_0000), Bitboard::FULL];
        let mut said = 0;
        for &technique in Technique::ALL {
            for slider in Slider::ALL {
                for &occupied in &boards {
                    let trace = technique.trace(slider, sliders::Square::D4, occupied);
                    for step in &trace.steps {
                        let Some(result) = step.result.board() else {
                            assert_eq!(why_bit(step, Square::A1), None);
                            continue;
                        };
                        for square in Square::ALL {
                            let text = why_bit(step, square).unwrap();
                            let bit = u8::from(result.contains(square));
                            let head = match step.order.is_turned() {
                                true => format!("bit {} (", square.index()),
                                false => format!("{square} should be {bit}: "),
                            };
                            assert!(text.starts_with(&head), "{text}");
                            assert!(text.contains(&format!(" should be {bit}: ")), "{text}");
                            let [lhs, rhs, _] = captions(step);
                            let named = Bit { index: square.index(), order: step.order };
                            for (name, value) in [(lhs, Some(step.lhs)), (rhs, step.rhs)] {
                                let Some(board) = value.and_then(|v| v.board()) else { continue };
                                let bit = u8::from(board.contains(square));
                                for claim in [
                                    format!("{named} is {} in {name}", 1 - bit),
                                    format!("is {} in both {name}", 1 - bit),
                                ] {
                                    assert!(!text.contains(&claim), "{technique}: {}: {text}", step.label);
                                }
                            }
                            said += 1;
                        }
                    }
                }
            }
        }
        assert!(said > 100_000, "{said}");
    }

    /// The borrow a subtraction's sentence speaks of is the borrow of long subtraction, done
    /// bit by bit from a1 up, as a reader would on paper.
    /// A mirrored word's bit is named by its index, and the square it stands for once: the
    /// cell drawn where d5 is holds d4's bit.
    #[test]
    fn a_mirrored_words_bit_says_which_square_it_stands_for() {
        let trace = Technique::HyperbolaQuintessence.trace(Slider::Rook, Square::D4, Bitboard(0x0000_0800_0040_0000));
        let swap = trace.steps.iter().find(|step| step.label == "bswap(r) = r_mirrored").unwrap();
        assert_eq!(
            why_bit(swap, Square::D5).unwrap(),
            "bit 35 (d4 on the mirrored board) should be 1: the byte swap brings it from d4 of r, the same file on the \
             mirrored rank, which is 1."
        );
        let back = trace.steps.iter().find(|step| step.op == Op::ByteSwap && !step.order.is_turned()).unwrap();
        let text = why_bit(back, Square::D4).unwrap();
        assert!(text.starts_with("d4 should be ") && text.contains("from bit 35 of "), "{text}");
    }

    #[test]
    fn a_subtractions_sentence_says_where_the_borrow_runs() {
        let boards = [Bitboard::EMPTY, Bitboard(0x4ced_2200_0146_f848), Bitboard(0x0000_0800_0040_0000)];
        let mut borrows_said = 0;
        for &technique in Technique::ALL {
            for &occupied in &boards {
                for from in [sliders::Square::D4, sliders::Square::A1, sliders::Square::H8] {
                    let trace = technique.trace(Slider::Rook, from, occupied);
                    for step in trace.steps.iter().filter(|s| s.op == Op::Sub) {
                        let (Some(a), Some(b)) = (step.lhs.board(), step.rhs.and_then(Value::board)) else { continue };
                        let mut borrow = 0;
                        for square in Square::ALL {
                            let (x, y) = ((a.0 >> square.index()) & 1, (b.0 >> square.index()) & 1);
                            let text = why_bit(step, square).unwrap();
                            let said_in =
                                text.contains("borrow from below") || text.contains("a borrow comes in from below");
                            assert_eq!(said_in, borrow == 1, "{technique}: {}: {text}", step.label);
                            borrows_said += borrow;
                            borrow = u64::from(x < y + borrow);
                        }
                    }
                }
            }
        }
        assert!(borrows_said > 100, "{borrows_said}");
    }

    #[test]
    fn the_borrow_through_an_empty_square_is_said_so() {
        // o - 2r for a rook on d1 with g1 occupied: 2r is e1, empty, so the borrow runs
        // through e1 and f1 and stops at g1.
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D1, Square::G1.bit());
        let on_rank_1 = |s: &&Step| s.lhs.board().is_some_and(|board| board.contains(Square::G1));
        let step = trace.steps.iter().filter(|s| s.op == Op::Sub).find(on_rank_1).unwrap();
        let f1 = why_bit(step, Square::F1).unwrap();
        assert!(
            f1.starts_with(
                "f1 should be 1: f1 is 0 in both potential_blockers and 2r, and the borrow from below runs through it"
            ),
            "{f1}"
        );
        let g1 = why_bit(step, Square::G1).unwrap();
        assert!(
            g1.starts_with(
                "g1 should be 0: g1 is 1 in potential_blockers and 0 in 2r, and the borrow from below stops there"
            ),
            "{g1}"
        );
        let e1 = why_bit(step, Square::E1).unwrap();
        assert!(
            e1.starts_with("e1 should be 1: e1 is 0 in potential_blockers and 1 in 2r, and no borrow comes into it"),
            "{e1}"
        );
    }
}
