//! Sentences about a step, computed from that step's values and the board, never canned: what
//! the operation did to these bits, then why the technique takes the step (the `why` written
//! beside the step's label in the technique's source). The page and `sliders trace` say these.
//!
//! A bit that is zero is called a zero bit, not an empty square: a square can hold a piece and
//! still be a zero bit once a mask has taken it out.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::animation::Frame;
use crate::operands;
use crate::sentences::*;
use crate::words::*;
use sliders::trace::{Lane, Op, Step, Trace, Value};
use sliders::{Bitboard, Square};

// What the page, the pictures and the command line use by these names.
pub use crate::board::{mirror, Board};
pub use crate::facts::{borrow_end, borrows, index_window, product_copies, BorrowEnd};
pub use crate::sentences::{BYTE_SWAP_WASM, LANES_BYTE_SWAP_WASM, LANES_SWIZZLE_WASM};
pub use crate::words::{
    bit_in_frame, bit_name, borrow_caption, first_sentence, focus_name, line_name, spoken_label, square_list,
    step_focus_name, SPOKEN_VALUE_LIMIT,
};

/// The whole sentence for step `index` of `trace`: what happened, then why.
pub fn narrate(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    with_why(describe(step, &Board::of(trace)), &step.why)
}

/// The earlier step of `trace` whose why is step `index`'s, if there is one: the first step made
/// by the same expression at the same place in the code (each line's pass repeats the first
/// one's), as the page finds a why in the code. The page gives a step's general why once, there,
/// and says only what is particular after it.
pub fn why_given_at(trace: &Trace, index: usize) -> Option<usize> {
    let step = trace.steps.get(index)?;
    let same = |earlier: &Step| earlier.place == step.place && earlier.expression() == step.expression();
    trace.steps[..index].iter().position(same)
}

/// What the page says for a why given at an earlier step: where to read it.
pub fn why_as_at(earlier: usize) -> String {
    format!("Why: as at step {}.", earlier + 1)
}

/// The sentence for what a frame of a step shows: the copy, bit or rank the animation is at,
/// or, once the step is shown whole, what it did and why. The page says it under the step,
/// and a step's picture at that frame carries it.
pub fn on_screen(step: &Step, frame: &Frame, board: &Board) -> String {
    on_screen_with_why(step, frame, board, &step.why)
}

/// [`on_screen`] with the why given: the page reads it from the technique's file (the
/// `whys-in-files` feature leaves `step.why` empty in its wasm).
pub fn on_screen_with_why(step: &Step, frame: &Frame, board: &Board, why: &str) -> String {
    if !frame.done {
        if let Some(source) = frame.picked.squares().next() {
            if step.op == Op::Pext {
                return describe_gather(step, source);
            }
            return describe_copy(step, source, board);
        }
        if let Some(bit) = frame.cursor {
            return describe_bit(step, bit);
        }
        if let Some(rank) = frame.active.squares().next().map(|s| s.rank() as u32 + 1) {
            return describe_rank(step, rank);
        }
    }
    with_why(describe(step, board), why)
}

/// What happened, then why; a formula's line without a comment has no why.
fn with_why(what: String, why: &str) -> String {
    if why.is_empty() {
        what
    } else {
        format!("{what} {why}")
    }
}

/// On a step of one lane of a SIMD value, both lanes' results in one sentence, for the pictures
/// that draw one lane's grids: "Both lanes of the result: lane 0 (the d-file) 0x…, lane 1
/// (idle) 0x0000000000000000."
pub fn lanes_sentence(trace: &Trace, index: usize) -> Option<String> {
    let board = Board::of(trace);
    let lanes: Vec<String> = trace
        .lane_pair(index)?
        .iter()
        .map(|step| {
            let name = step_focus_name(step, &board).unwrap_or_default();
            let (lane, line) = name.split_once(": ").unwrap_or((&name, ""));
            format!("{lane} ({line}) {}", step.result.board().unwrap_or_default())
        })
        .collect();
    Some(format!("Both lanes of the result: {}.", lanes.join(", ")))
}

/// What a screen reader says when a step is shown, in one sentence computed from the step's
/// values: where it is, its label in words, how many bits its result has set (and a small
/// result's value, which an index is), and for a subtraction where the borrow ends.
/// "Step 4 of 13, the d-file. o minus 2r: 42 bits set, the borrow stops at bit 51 (d7)."
pub fn announcement(step: &Step, index: usize, count: usize, board: &Board) -> String {
    let result = match step.result {
        Value::Board(value) => {
            let set = match value.count() {
                0 => "no bits set".into(),
                count => format!("{} set", bits(count)),
            };
            // A small value is read as a number, an index into a table, more than as squares.
            if value.0 != 0 && value.0 <= SPOKEN_VALUE_LIMIT {
                format!("value {}, {set}", value.0)
            } else {
                set
            }
        }
        Value::Number(number) => format!("value {number}"),
        Value::Signed(number) => format!("value {number}"),
    };
    let borrow = match (step.op, step.lhs, step.rhs, step.result) {
        (Op::Sub, Value::Board(a), Some(Value::Board(b)), Value::Board(difference)) => {
            // Several sliders start several borrows: each is said, lowest first.
            let ends: Vec<String> = borrows(a, b, difference)
                .map(|end| match end {
                    BorrowEnd::NoBorrow => String::new(),
                    BorrowEnd::AbsorbedAt { stop, .. } => format!("stops at {}", bit_in_frame(stop, step.order)),
                    BorrowEnd::PastH8 { .. } => format!("runs past {}", top_bit(step.order)),
                })
                .collect();
            match ends.as_slice() {
                [] => ", nothing borrows".into(),
                [end] => format!(", the borrow {end}"),
                [ends @ .., last] => {
                    let ones: Vec<String> = ends.iter().map(|end| format!("one {end}")).collect();
                    format!(", {} borrows: {} and one {last}", ends.len() + 1, ones.join(", "))
                }
            }
        }
        _ => String::new(),
    };
    let focus = step_focus_name(step, board).map(|focus| format!(", {focus}")).unwrap_or_default();
    format!("Step {} of {count}{focus}. {}: {result}{borrow}.", index + 1, spoken_label(&step.label))
}

/// What the operation did to these values, in one or more sentences; on an idle lane of a SIMD
/// value, that the lane holds no line first.
pub fn describe(step: &Step, board: &Board) -> String {
    let what = describe_values(step, board);
    // A sentence may open with an operand said in words ("the constant 3 × r …"): a capital
    // then, though never on a name from the code, whose case is its own.
    let what = if what.starts_with("the constant") { crate::words::capitalised(&what) } else { what };
    let Some(Lane { index, line: None }) = step.lane else { return what };
    let idle = format!("Lane {index} is idle: it holds no line");
    let values = [step.lhs, step.result].into_iter().chain(step.rhs);
    if values.map(|value| value.board().unwrap_or_default()).all(Bitboard::is_empty) {
        let names = operands::of(step);
        let (a, b) = (prose(names.lhs), prose(names.rhs));
        let operands = if step.rhs.is_some() { format!("{a}, {b}") } else { a };
        let nothing = if step.op == Op::Sub { ": nothing borrows" } else { "" };
        return format!("{idle}, and every bit of {operands} and of the result is zero{nothing}.");
    }
    format!("{idle}. {what}")
}

/// What a formula's own operation did: computed here when this build carries the sentences
/// ([`crate::formula`]), else the one the step was sent with. The page's first load leaves
/// them out (its formula steps all come from the formula module, which says them).
#[cfg(feature = "formula-sentences")]
fn formula_sentence(step: &Step, a: &str, b: &str, board: &Board) -> Option<String> {
    crate::formula::describe(step, a, b, board)
}

#[cfg(not(feature = "formula-sentences"))]
fn formula_sentence(step: &Step, _: &str, _: &str, _: &Board) -> Option<String> {
    step.sentence.as_deref().map(String::from)
}

/// Whether this build can say what `step` did: it carries the sentences, or the step came with
/// one. The page's own trace of the technique it opens on comes without, until techniques.wasm
/// is here to say it.
pub fn told(step: &Step) -> bool {
    cfg!(feature = "technique-sentences") || step.sentence.is_some()
}

/// What a step did, in words, as a module sends it with the step ([`Step::sentence`]): the
/// page's first load says no step itself, and shows the sentence the module that traced the
/// step sent (the formula module, or techniques.wasm).
#[cfg(all(feature = "formula-sentences", feature = "technique-sentences"))]
pub fn sentence(trace: &Trace, step: &Step) -> Option<String> {
    Some(describe_values(step, &Board::of(trace)))
}

/// What the step did: said here when this build carries the sentences, else the one the step
/// was sent with (empty when it came with none: the page's own trace of the technique it
/// carries, until techniques.wasm narrates it).
#[cfg(feature = "technique-sentences")]
fn describe_values(step: &Step, board: &Board) -> String {
    match step.sentence.as_deref() {
        Some(sent) if !cfg!(feature = "formula-sentences") => String::from(sent),
        _ => say_values(step, board),
    }
}

#[cfg(not(feature = "technique-sentences"))]
fn describe_values(step: &Step, _: &Board) -> String {
    step.sentence.as_deref().map(String::from).unwrap_or_default()
}

#[cfg(feature = "technique-sentences")]
fn say_values(step: &Step, board: &Board) -> String {
    let lhs = step.lhs.board().unwrap_or_default();
    let rhs = step.rhs.and_then(Value::board).unwrap_or_default();
    // A technique's shift amount is below 64 (a formula's larger ones are said by formula.rs).
    let amount = match step.rhs {
        Some(Value::Number(n)) => n.min(64) as u32,
        _ => 0,
    };
    let result = step.result.board().unwrap_or_default();
    let found = match step.result {
        Value::Number(n) => n,
        Value::Signed(n) => n as u64,
        Value::Board(_) => 0,
    };
    // The operands by the names the label gives them: "potential_blockers", "2r"; "a" and "b" for long ones.
    let names = operands::of(step);
    let (a, b) = (&prose(names.lhs), &prose(names.rhs));
    if let Some(text) = formula_sentence(step, a, b, board) {
        return text;
    }
    let what = match step.op {
        Op::And => and(a, b, lhs, result),
        Op::Or => or(a, b, lhs, rhs, result),
        Op::Xor => xor(a, b, lhs, rhs),
        Op::Not => {
            let verb = |count: u32| if count == 1 { "becomes" } else { "become" };
            let (set, clear) = (lhs.count(), 64 - lhs.count());
            format!(
                "Every bit flips: the {} of {a} {} zero, and its {} {} one.",
                ones(set),
                verb(set),
                zeros(clear),
                verb(clear)
            )
        }
        Op::Neg => negate(a, lhs),
        // Bits of a turned word are named as bits: what they stand for is said after.
        Op::Shl | Op::Shr => {
            let squares = !crate::facts::cuts_index(step, board) && !step.order.is_turned();
            shift(a, step.op, lhs, amount, result, squares)
        }
        Op::Sub if step.order.is_turned() => {
            subtraction(&names, lhs, rhs, result, step.focus, &board.in_order(step.order), board)
        }
        Op::Sub => subtraction(&names, lhs, rhs, result, step.focus, board, board),
        // A scan finds at most 64.
        Op::Scan(kind) => scan(step, kind, a, lhs, found.min(64) as u32, board),
        Op::Mul => multiply(a, b, lhs, rhs, result, index_window(step, board)),
        Op::ByteSwap => byte_swap(a, lhs, step.lane.is_some()),
        Op::Add => match (step.lhs, step.rhs) {
            (Value::Number(a), Some(Value::Number(b))) => format!("{a} + {b} = {found}."),
            _ => String::new(),
        },
        Op::Lookup => lookup(step, result, board),
        Op::RayWalk => walk(step.focus, result, board),
        Op::Pext => pext(a, b, lhs, rhs, !step.place.is_typed()),
        Op::Swizzle(table) => swizzle(a, table, lhs, result),
        // A formula's own operations: said by crate::formula above.
        Op::Popcount
        | Op::RotateLeft
        | Op::RotateRight
        | Op::LowestBit
        | Op::HighestBit
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
        | Op::Div
        | Op::Rem => String::new(),
    };
    // A turned word's bits, named by their places in the word, stand for other squares.
    let turned = step.order.is_turned() && step.moved == 0 && !result.is_empty();
    if turned && matches!(step.op, Op::And | Op::Or | Op::Swizzle(_)) && !what.is_empty() {
        return format!("{what}{}", standing_for(result, step.order));
    }
    match stop_bit(step, board) {
        Some(place) if !what.is_empty() => format!("{what}{place}"),
        _ => what,
    }
}

/// One frame of a pext's animation: the mask's one bit on `source`, and the bit of the result
/// that the operand's bit there fills.
pub fn describe_gather(step: &Step, source: Square) -> String {
    let (Value::Board(x), Some(Value::Board(mask))) = (step.lhs, step.rhs) else { return String::new() };
    let Some(k) = mask.squares().position(|s| s == source) else { return String::new() };
    let names = operands::of(step);
    let (kind, value) = if x.contains(source) { ("one", 1) } else { ("zero", 0) };
    format!(
        "{} is one bit number {k} of {}, counting up from a1, and a {kind} bit of {}: bit {k} of the result is {value}.",
        capitalised(&bit_name(source.index())),
        names.rhs,
        names.lhs
    )
}

/// One frame of a product's animation: where the copy made by a's bit on `source` lands.
pub fn describe_copy(step: &Step, source: Square, board: &Board) -> String {
    let Some(copies) = product_copies(step, Some(board)) else { return String::new() };
    let Some((_, window_name)) = index_window(step, board) else { return String::new() };
    let Some(&(_, landing)) = copies.iter().find(|(square, _)| *square == source) else { return String::new() };
    let lands = match landing.count() {
        0 => format!("none of it reaches {window_name}"),
        _ => {
            let bits: Vec<String> = landing.squares().map(|s| format!("bit {}", s.index())).collect();
            format!("in {window_name} it lands on {}", bits.join(" and "))
        }
    };
    let names = operands::of(step);
    format!(
        "{} is a one bit of {}, so the product gets a copy of {} shifted up by {}: {lands}.",
        capitalised(&bit_name(source.index())),
        names.lhs,
        names.rhs,
        source.index()
    )
}

/// One frame of an animation that moves along the bits: what happens at `bit`.
pub fn describe_bit(step: &Step, bit: u32) -> String {
    let lhs = step.lhs.board().unwrap_or_default();
    let one = |board: Bitboard, bit: u32| board.0 >> bit & 1;
    match (step.op, step.rhs, step.result) {
        (Op::Sub, Some(Value::Board(b)), Value::Board(difference)) => {
            let chain = (lhs ^ b ^ difference).0;
            let borrow_in = chain >> bit & 1;
            let (a_bit, b_bit, r_bit) = (one(lhs, bit), one(b, bit), one(difference, bit));
            let borrow_out = (a_bit as i32 - b_bit as i32 - borrow_in as i32) < 0;
            let came = if borrow_in == 1 { ", and a borrow comes in" } else { "" };
            let names = operands::of(step);
            let then = match (borrow_out, bit == 63, borrow_in == 1) {
                (true, true, _) => ", and the borrow runs past h8".into(),
                (true, false, _) => format!(", and a borrow goes on to bit {}", bit + 1),
                (false, _, true) => ": the borrow stops here".into(),
                (false, _, false) => ", with nothing to borrow".into(),
            };
            // In a turned word a bit is named with the square it stands for.
            format!(
                "{}: {} has {a_bit}, {} has {b_bit}{came}, so the result bit is {r_bit}{then}.",
                capitalised(&bit_in_frame(bit, step.order)),
                names.lhs,
                names.rhs
            )
        }
        (Op::Scan(kind), _, _) => {
            let from_top = kind.from_top();
            let zeros_before = if from_top { 63 - bit } else { bit };
            if one(lhs, bit) == 1 {
                format!("{} is one: the scan stops after {}.", capitalised(&bit_name(bit)), zeros(zeros_before))
            } else {
                format!(
                    "{} is zero: {} so far, the scan goes on.",
                    capitalised(&bit_name(bit)),
                    zeros(zeros_before + 1)
                )
            }
        }
        _ => String::new(),
    }
}

/// One frame of a mask step, which combines one rank at a time: what rank `rank` (1–8) gives.
pub fn describe_rank(step: &Step, rank: u32) -> String {
    let rank_bits = Bitboard(0xff << (8 * (rank - 1)));
    let part = |value: Option<Value>| value.and_then(Value::board).map(|b| square_list(b & rank_bits));
    let (Some(a), Some(b), Some(result)) = (part(Some(step.lhs)), part(step.rhs), part(Some(step.result))) else {
        return String::new();
    };
    // Said as one rank of a step still under way, so that it never reads as the step's result.
    let names = operands::of(step);
    let (name_a, name_b) = (prose(names.lhs), prose(names.rhs));
    // An operand that is itself an expression keeps its brackets in the combined one:
    // `occ ^ (occ - 3cbn)`, never `occ ^ occ - 3cbn`.
    format!(
        "Rank by rank, now rank {rank}: here {name_a} has {a} and {name_b} has {b}, so {} {} {} has {result} on rank {rank}.",
        crate::words::grouped(names.lhs, &name_a),
        step.op.symbol(),
        crate::words::grouped(names.rhs, &name_b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::{frame, Moment};
    use sliders::{Slider, Technique};

    #[test]
    fn a_why_said_once_is_pointed_to_from_each_step_that_repeats_it() {
        let mut pointed = 0;
        for &technique in Technique::ALL {
            for slider in Slider::ALL {
                for square in [Square::A1, Square::D2, Square::H8, Square::E5] {
                    let trace = technique.trace(slider, square, Bitboard(0x0008_0000_0040_0800));
                    for (index, step) in trace.steps.iter().enumerate() {
                        let Some(earlier) = why_given_at(&trace, index) else { continue };
                        // The first step of that expression, earlier, and truly with the same why.
                        assert!(earlier < index, "{technique} {slider} {square} step {}", index + 1);
                        assert!(
                            !step.why.is_empty() && trace.steps[earlier].why == step.why,
                            "{technique} step {} {:?} | step {} {:?} {:?}",
                            index + 1,
                            step.why,
                            earlier + 1,
                            trace.steps[earlier].why,
                            step.place
                        );
                        assert!(
                            trace.steps[..earlier]
                                .iter()
                                .all(|s| (s.place, s.expression()) != (step.place, step.expression())),
                            "{technique} step {}",
                            index + 1
                        );
                        pointed += 1;
                    }
                }
            }
        }
        assert!(pointed > 500, "{pointed} repeated whys");
        // The subtraction's second line repeats the first's four steps with their whys.
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x0008_0000_0040_0800));
        assert_eq!(
            (7..=12).map(|index| why_given_at(&trace, index - 1)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5].map(Some)
        );
        assert_eq!(why_given_at(&trace, 12), None, "the OR of the lines is a step of its own");
        assert_eq!(why_as_at(3), "Why: as at step 4.");
    }

    #[test]
    fn a_finished_step_is_narrated_with_its_why_and_frames_say_where_they_are() {
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        let board = Board::of(&trace);
        let sub = trace.steps.iter().find(|s| s.op == Op::Sub).unwrap();
        let text = on_screen(sub, &frame(sub, Moment::Finished), &board);
        assert!(text.contains("until bit 51 (d7)") && text.ends_with(&*sub.why), "{text}");
        assert!(
            on_screen(sub, &frame(sub, Moment::At(3)), &board).starts_with("Bit 15 (h2)"),
            "frame 3 is at bit 12 + 3"
        );
        let and = &trace.steps[1];
        let rank = on_screen(and, &frame(and, Moment::At(3)), &board);
        assert!(
            rank.starts_with("Rank by rank, now rank 3: here occupied has") && rank.ends_with("on rank 3."),
            "{rank}"
        );
        assert!(rank.contains("so occupied & line_mask has"), "the operands by their names: {rank}");
        // An operand that is an expression keeps its brackets: occ ^ (occ - 3cbn).
        let sbamg = Technique::Sbamg.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        let changed = sbamg.steps.iter().find(|s| s.label.starts_with("occ ^ (occ - 3cbn)")).unwrap();
        let rank = on_screen(changed, &frame(changed, Moment::At(1)), &Board::of(&sbamg));
        assert!(rank.contains("so occ ^ (occ - 3cbn) has"), "{rank}");
    }

    #[test]
    fn the_first_sentence_ends_at_a_full_stop_before_a_capital() {
        assert_eq!(
            first_sentence("The borrow stops at bit 51 (d7). It clears it."),
            "The borrow stops at bit 51 (d7)."
        );
        assert_eq!(first_sentence("Value 0x1.5 is odd. Next."), "Value 0x1.5 is odd.");
        assert_eq!(first_sentence("No stop at all"), "No stop at all");
        assert_eq!(first_sentence("One."), "One.");
    }
}
