//! What predict mode says of a wrong bit in a reader's answer: the square's bit in the step's
//! result, and where the operation took it from, computed from the step's values. The squares
//! are named as the step's grids draw them.

use alloc::format;
use alloc::string::String;

use sliders::{Op, Square, Step, Value};

use crate::marks::captions;

/// Why `square`'s bit of `step`'s result is what it is: "d5 should be 1: d5 is 1 in both o and
/// mask." For a step whose result is not a board, nothing.
pub fn why_bit(step: &Step, square: Square) -> Option<String> {
    let bit = |value: Value| value.board().map(|board| u8::from(board.contains(square)));
    let result = bit(step.result)?;
    let [lhs, rhs, _] = captions(step);
    let (a, b) = (bit(step.lhs), step.rhs.and_then(bit));
    let because = match (step.op, a, b, step.rhs) {
        (Op::And, Some(1), Some(1), _) => format!("{square} is 1 in both {lhs} and {rhs}"),
        (Op::And, Some(0), _, _) => format!("{square} is 0 in {lhs}"),
        (Op::And, _, Some(0), _) => format!("{square} is 0 in {rhs}"),
        (Op::Or, Some(0), Some(0), _) => format!("{square} is 0 in both {lhs} and {rhs}"),
        (Op::Or, Some(1), _, _) => format!("{square} is 1 in {lhs}"),
        (Op::Or, _, Some(1), _) => format!("{square} is 1 in {rhs}"),
        (Op::Xor, Some(x), Some(y), _) if x == y => format!("{square} is {x} in both {lhs} and {rhs}"),
        (Op::Xor, Some(x), Some(y), _) => format!("{square} is {x} in {lhs} and {y} in {rhs}"),
        (Op::Not, Some(x), _, _) => format!("{square} is {x} in {lhs}, and NOT flips every bit"),
        (Op::Shl | Op::Shr, Some(_), _, Some(Value::Number(shift))) => shifted_from(step, square, shift, lhs),
        _ => format!("bit {} of {} is {result}", square.index(), captions(step)[2]),
    };
    Some(format!("{square} should be {result}: {because}."))
}

/// Where a shift took `square`'s bit from: the bit `shift` below (left) or above (right) in
/// `lhs`, or nowhere, when that is past the end of the word.
fn shifted_from(step: &Step, square: Square, shift: u64, lhs: &str) -> String {
    let index = u64::from(square.index());
    let from = match step.op {
        Op::Shl => index.checked_sub(shift),
        _ => Some(index + shift).filter(|&from| from < 64),
    };
    let board = step.lhs.board().unwrap_or_default();
    match from {
        Some(from) => {
            let source = Square::from_index(from as u32);
            format!(
                "it comes from {source} of {lhs}, {} places away, which is {}",
                shift,
                u8::from(board.contains(source))
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
                            assert!(text.starts_with(&format!("{square} should be {bit}: ")), "{text}");
                            let [lhs, rhs, _] = captions(step);
                            for (name, value) in [(lhs, Some(step.lhs)), (rhs, step.rhs)] {
                                let Some(board) = value.and_then(|v| v.board()) else { continue };
                                let bit = u8::from(board.contains(square));
                                for claim in [
                                    format!("{square} is {} in {name}", 1 - bit),
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
}
