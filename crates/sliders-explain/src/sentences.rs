//! The sentence for each kind of operation a technique takes, computed from the step's values
//! and the board.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::board::{mirror, Board};
use crate::facts::{borrow_end, borrows, range, BorrowEnd};
use crate::operands::Names;
use crate::words::*;
use sliders::trace::Scan;
use sliders::{Bitboard, Direction, Focus, Op, Slider, Square, Step, Value, WordOrder};

/// What a stop bit is, said where the borrow stops at one.
const STOP_BIT: &str = "a stop bit the technique set, standing in for a blocker.";

/// What a borrow past bit 63 does to the result, said wherever one does.
const WRAPS_AROUND: &str =
    "the result wraps around: the borrow out of bit 63 is dropped, as a 64-bit subtraction keeps only 64 bits.";

/// The directions a step's focus covers, positive ones first.
pub(crate) fn directions(focus: Focus, slider: Slider) -> Vec<Direction> {
    match focus {
        Focus::Ray(direction) => alloc::vec![direction],
        Focus::Line(line) => alloc::vec![line.positive(), line.negative()],
        Focus::Piece | Focus::Part(_) => {
            let lines = match focus {
                Focus::Part(part) => part.lines(),
                _ => slider.lines(),
            };
            lines.iter().map(|l| l.positive()).chain(lines.iter().map(|l| l.negative())).collect()
        }
    }
}

/// The squares a focus covers: its ray, its line, or all the slider's lines.
pub(crate) fn focus_squares(focus: Focus, board: &Board) -> Bitboard {
    match focus {
        Focus::Ray(direction) => sliders::ray(board.square, direction),
        Focus::Line(line) => sliders::line_without(board.square, line),
        Focus::Piece | Focus::Part(_) => part_or_slider(focus, board)
            .lines()
            .iter()
            .fold(Bitboard::EMPTY, |all, &line| all | sliders::line_without(board.square, line)),
    }
}

/// A focus in words: "the north ray", "the d-file", "the rook's lines".
pub(crate) fn focus_words(focus: Focus, board: &Board) -> String {
    match focus {
        Focus::Ray(direction) => format!("the {} ray", direction.name()),
        Focus::Line(line) => line_name(line, board.square),
        Focus::Piece | Focus::Part(_) => format!("the {}'s lines", part_or_slider(focus, board)),
    }
}

/// The piece whose lines a whole-piece focus covers: the part looked at, or the slider.
pub(crate) fn part_or_slider(focus: Focus, board: &Board) -> Slider {
    match focus {
        Focus::Part(part) => part,
        _ => board.slider,
    }
}

/// " d7 holds the first piece north of the rook on d2: the first blocker."
fn first_blocker(square: Square, direction: Direction, from: Square, board: &Board) -> String {
    format!(" {square} holds the first piece {} of {}: the first blocker.", direction.name(), board.phrase_of(from))
}

/// What a found or stopping square is on the board, as far as the values show it. `side` is the
/// side of the slider the step looks at, when it looks at one: `Some(true)` for the positive
/// rays (a subtraction's stop, a forward scan), `Some(false)` for the negative ones.
pub(crate) fn relation_of(square: Square, focus: Focus, board: &Board, side: Option<bool>) -> String {
    let looked_at: Vec<Direction> = directions(focus, board.slider)
        .into_iter()
        .filter(|d| side.is_none_or(|positive| d.is_positive() == positive))
        .collect();
    // With several sliders, the one whose first piece it is.
    for &direction in &looked_at {
        if let Some(from) = board.slider_blocked_at(square, direction) {
            return first_blocker(square, direction, from, board);
        }
    }
    if board.formula {
        // Nothing is known of what a formula's author meant a bit to be: say only what it is.
        return if square == board.square {
            format!(" {square} is the {}'s own square.", board.slider)
        } else if board.sliders.contains(square) {
            format!(" {square} holds one of the {}s.", board.slider)
        } else if board.occupied.contains(square) {
            format!(" {square} holds a piece.")
        } else {
            format!(" No piece stands on {square}.")
        };
    }
    let stop = if square == board.square {
        format!(" {square} is the {}'s own square: its bit here is {STOP_BIT}", board.slider)
    } else if board.sliders.contains(square) {
        return format!(" {square} holds one of the {}s.", board.slider);
    } else if !focus_squares(focus, board).contains(square) {
        format!(" {square} is not on {}: its bit is {STOP_BIT}", focus_words(focus, board))
    } else if board.occupied.contains(square) {
        return format!(" {square} holds a piece.");
    } else {
        format!(" No piece stands on {square}: its bit is {STOP_BIT}")
    };
    // Finding the stop means no piece stood in the way: say so where the board agrees.
    let free = looked_at.iter().filter(|&&d| board.first_blocker(d).is_none()).count();
    if free == 0 || free < looked_at.len() {
        return stop;
    }
    // A ray with no square (a rook's west on the a-file) has no piece either: say which it is.
    let (unblocked, squareless): (Vec<Direction>, Vec<Direction>) =
        looked_at.iter().partition(|&&d| !sliders::ray(board.square, d).is_empty());
    let names = |directions: &[Direction]| directions.iter().map(|d| d.name()).collect::<Vec<_>>().join(" or ");
    let mut said = stop;
    if !unblocked.is_empty() {
        said.push_str(&format!(" No piece stands {} of {}.", names(&unblocked), board.slider_phrase()));
    }
    if !squareless.is_empty() {
        said.push_str(&format!(" There is no square {} of {}.", names(&squareless), board.slider_phrase()));
    }
    said
}

/// `name_a & name_b`: which one bits of the first operand the second keeps.
pub(crate) fn and(name_a: &str, name_b: &str, a: Bitboard, result: Bitboard) -> String {
    if a.is_empty() {
        return format!("{name_a} has no one bit, so the result is empty.");
    }
    if result.is_empty() {
        if a.count() == 1 {
            return format!("The only one bit of {name_a} is not set in {name_b}, so the result is empty.");
        }
        return format!("None of the {} of {name_a} is set in {name_b}, so the result is empty.", ones(a.count()));
    }
    let dropped = a.count() - result.count();
    if dropped == 0 && a.count() == 1 {
        return format!("The only one bit of {name_a}, {}, is set in {name_b} too, so it stays.", square_list(result));
    }
    if dropped == 0 {
        return format!(
            "All {} of {name_a} are set in {name_b} too, so all stay: {}.",
            ones(a.count()),
            square_list(result)
        );
    }
    let kept = if result.count() == 1 {
        format!("1 is also set in {name_b} and stays ({})", square_list(result))
    } else {
        format!("{} are also set in {name_b} and stay ({})", result.count(), square_list(result))
    };
    let rest = if dropped == 1 {
        String::from("the other one becomes a zero bit")
    } else {
        format!("the other {dropped} become zero bits")
    };
    format!("Of the {} of {name_a}, {kept}; {rest}.", ones(a.count()))
}

pub(crate) fn or(name_a: &str, name_b: &str, a: Bitboard, b: Bitboard, result: Bitboard) -> String {
    let added = b & !a;
    if added.is_empty() {
        if b.is_empty() {
            return format!("{name_b} has no one bit, so the result is {name_a} again: {}.", ones(result.count()));
        }
        return format!(
            "Every one bit of {name_b} is already set in {name_a}, so the result is {name_a} again: {}.",
            ones(result.count())
        );
    }
    format!(
        "{name_b} adds {} that {name_a} lacks ({}), for {} in all.",
        ones(added.count()),
        square_list(added),
        ones(result.count())
    )
}

pub(crate) fn xor(name_a: &str, name_b: &str, a: Bitboard, b: Bitboard) -> String {
    let cleared = a & b;
    let set = b & !a;
    if b.is_empty() {
        return format!("{name_b} is empty, so nothing flips: the result is {name_a}.");
    }
    let mut parts = Vec::new();
    if !cleared.is_empty() {
        let verb = if cleared.count() == 1 { "turns" } else { "turn" };
        parts.push(format!("{} set in both {verb} to zero ({})", ones(cleared.count()), square_list(cleared)));
    }
    if !set.is_empty() {
        let verb = if set.count() == 1 { "turns" } else { "turn" };
        parts.push(format!("{} of {name_a} {verb} to one ({})", zeros(set.count()), square_list(set)));
    }
    let result = a ^ b;
    let left = match result.count() {
        0 => String::from(" Nothing is left: the result is empty."),
        count => format!(" What is left: {} ({}).", ones(count), square_list(result)),
    };
    format!("Wherever {name_b} has a one, the bit of {name_a} flips: {}.{left}", parts.join(", and "))
}

pub(crate) fn negate(name: &str, a: Bitboard) -> String {
    match a.squares().next() {
        None => format!("−0 is 0: {name} has no one bit."),
        Some(lowest) => format!(
            "−{name} = ~{name} + 1 keeps the lowest one bit of {name}, {}, and flips every bit above it; the bits below it stay zero.",
            bit_name(lowest.index())
        ),
    }
}

/// `squares`: the bits stand for squares; an index cut from a product's top bits names bits only.
pub(crate) fn shift(name: &str, op: Op, a: Bitboard, amount: u32, result: Bitboard, squares: bool) -> String {
    let bit_name = |bit: u32| if squares { bit_name(bit) } else { format!("bit {bit}") };
    // Bits that stand for no square, or for others than their names, move towards a bit.
    let (way, end) = match (op == Op::Shl, squares) {
        (true, true) => ("up, towards h8", "past bit 63"),
        (false, true) => ("down, towards a1", "below bit 0"),
        (true, false) => ("up, towards bit 63", "past bit 63"),
        (false, false) => ("down, towards bit 0", "below bit 0"),
    };
    if a.is_empty() {
        return format!("{name} has no one bit, so the result is empty.");
    }
    if amount >= 64 {
        return format!("A shift by {amount} moves every bit out of the 64: the result is empty.");
    }
    if amount == 0 {
        return "A shift by 0 leaves every bit where it is: the value is unchanged.".into();
    }
    let lost = a.count() - result.count();
    let moves = if a.count() <= 3 {
        let pairs: Vec<String> = a
            .squares()
            .map(|s| {
                let to = if op == Op::Shl { s.index() + amount } else { s.index().wrapping_sub(amount) };
                if to < 64 {
                    format!("{} → {}", bit_name(s.index()), bit_name(to))
                } else {
                    format!("{} falls off", bit_name(s.index()))
                }
            })
            .collect();
        format!(": {}", pairs.join(", "))
    } else {
        String::new()
    };
    let fell = match lost {
        _ if a.count() <= 3 => String::new(),
        0 => String::new(),
        1 => format!("; 1 bit falls off {end}"),
        _ => format!("; {} fall off {end}", bits(lost)),
    };
    // A few survivors of many (the top bits of a product kept as an index): say where each lands.
    let kept = if a.count() > 3 && (1..=8).contains(&result.count()) {
        let pairs: Vec<String> = result
            .squares()
            .map(|to| {
                let from = if op == Op::Shl { to.index() - amount } else { to.index() + amount };
                format!("bit {from} → bit {}", to.index())
            })
            .collect();
        // "What is left" only when bits fell off; otherwise every bit is there, moved.
        format!(". {}: {}", if lost == 0 { "Where they land" } else { "What is left" }, pairs.join(", "))
    } else {
        String::new()
    };
    let places = if amount == 1 { "1 place".into() } else { format!("{amount} places") };
    format!("Every one bit moves {places} {way}{moves}{fell}{kept}.")
}

/// A product as the copies of b it adds up: one copy shifted up by the index of each one bit of
/// a. Where the copies do not overlap the product is their OR, and each bit of a can be followed
/// into the bits the index is cut from; where they overlap, carries mix them.
pub(crate) fn multiply(
    name_a: &str,
    name_b: &str,
    a: Bitboard,
    b: Bitboard,
    product: Bitboard,
    window: Option<(u64, String)>,
) -> String {
    if a.is_empty() || b.is_empty() {
        return "One factor is zero, so the product is zero.".into();
    }
    let copies: Vec<(Square, u64)> = a.squares().map(|s| (s, b.0 << s.index())).collect();
    let mut seen = 0u64;
    let mut overlap = 0u64;
    for &(_, copy) in &copies {
        overlap |= seen & copy;
        seen |= copy;
    }
    let count = a.count();
    let product_of = format!("{} × {}", grouped(name_a, name_a), grouped(name_b, name_b));
    let intro = if count == 1 {
        format!("{product_of} is 1 copy of {name_b}, shifted up by the index of the one bit of {name_a}.")
    } else {
        format!(
            "{product_of} adds up {count} copies of {name_b}, each shifted up by the index of one of the {} of {name_a}.",
            ones(count)
        )
    };
    if overlap != 0 {
        // Where the sum differs from the plain OR of the copies, a carry changed the bit.
        let carried = Bitboard(product.0 ^ seen);
        let reach = match carried.squares().last() {
            Some(highest) => {
                format!("the product differs from their OR in {}, up to bit {}", bits(carried.count()), highest.index())
            }
            None => "yet the carries cancel out: the product equals their OR".into(),
        };
        return format!(
            "{intro} The copies overlap in {}, so adding them carries: {reach}.",
            bits(overlap.count_ones())
        );
    }
    let apart = if count == 1 { "" } else { " No two copies overlap, so no carry arises and the product is their OR." };
    let Some((window, window_name)) = window else {
        // A formula's product: no index is cut from it, but what passes bit 63 is lost.
        let lost: u32 = copies.iter().map(|&(_, copy)| b.count() - copy.count_ones()).sum();
        let lost = match lost {
            0 => String::new(),
            1 => String::from(" 1 bit of the copies passes bit 63 and is lost: a product keeps the low 64 bits."),
            n => format!(" {n} bits of the copies pass bit 63 and are lost: a product keeps the low 64 bits."),
        };
        return format!("{intro}{apart}{lost}");
    };
    let landings: Vec<String> = copies
        .iter()
        .take(8)
        .map(|&(square, copy)| match copy & window {
            0 => format!("{square} adds nothing there"),
            top => {
                let targets: Vec<String> = Bitboard(top).squares().map(|t| format!("bit {}", t.index())).collect();
                format!("{square} → {}", targets.join(" and "))
            }
        })
        .collect();
    let more = if copies.len() > 8 { format!(" and {} more", copies.len() - 8) } else { String::new() };
    format!(
        "{intro}{apart} Into {window_name}, where the next step cuts its index from: {}{more}.",
        landings.join(", ")
    )
}

/// pext, said alike for PEXT bitboards' index and a formula's call, but for how WebAssembly
/// does it: PEXT bitboards' masks come with their rounds of shifts worked out (`PextMask`).
pub(crate) fn pext(a: &str, b: &str, x: Bitboard, mask: Bitboard, in_rounds: bool) -> String {
    let cost = if in_rounds {
        " WebAssembly has no pext instruction: here it is six rounds of shifts, with the bits that move in each round worked out once for this mask."
    } else {
        " WebAssembly has no pext instruction: here it is a loop over the mask's one bits."
    };
    if mask.is_empty() {
        return format!("{b} has no one bit, so nothing is gathered: the result is 0.{cost}");
    }
    let count = mask.count();
    let kept = x & mask;
    let which = match kept.count() {
        0 => format!("none of them is set in {a}, so the result is 0"),
        n if n <= 6 => {
            let moves: Vec<String> = mask
                .squares()
                .enumerate()
                .filter(|(_, s)| kept.contains(*s))
                .map(|(i, s)| format!("{s} → bit {i}"))
                .collect();
            format!("{n} of them {} set in {a}: {}", if n == 1 { "is" } else { "are" }, moves.join(", "))
        }
        n => format!("{n} of them are set in {a}, so {n} of the result's low bits are one"),
    };
    format!(
        "pext gathers the bits of {a} under the {count} one bit{} of {b}, lowest first, into bits 0 to {}: {which}.{cost}",
        if count == 1 { "" } else { "s" },
        count - 1
    )
}

/// The WebAssembly instructions of the core's byte swap (`sliders::swap_bytes`), in order
/// (leaving out the reads of locals and the pattern's address): WebAssembly has no byte swap on
/// a number, so it is done with SIMD. `cargo xtask test` checks them against the real wasm.
pub const BYTE_SWAP_WASM: [&str; 4] = ["i64x2.splat", "v128.load", "i8x16.swizzle", "i64x2.extract_lane"];

/// The WebAssembly instruction that swaps the bytes of both lanes of a SIMD value at once: the
/// one instruction of a lane-wise byte swap on the lines' values (its pattern is loaded once).
/// `cargo xtask test` checks it against the real wasm.
pub const LANES_BYTE_SWAP_WASM: &str = "i8x16.swizzle";

/// `lanes`: the step shows one lane of a two-lane SIMD value, whose bytes one swizzle swaps.
pub(crate) fn byte_swap(name: &str, a: Bitboard, lanes: bool) -> String {
    let [splat, load, swizzle, extract] = BYTE_SWAP_WASM;
    let first_half: Vec<String> = sliders::BYTES_REVERSED[..8].iter().map(|byte| format!("{byte}")).collect();
    let cost = if lanes {
        format!(
            " In WebAssembly one {LANES_BYTE_SWAP_WASM} reverses the eight bytes of each lane, both lanes at once, by a 16-byte pattern that says which byte goes where."
        )
    } else {
        format!(
            " WebAssembly has no byte swap for a 64-bit number; on its own, the swap here takes four SIMD instructions: {splat} copies the word into both halves of one 128-bit value, {load} reads a 16-byte pattern ({} for the first half), {swizzle} picks the word's bytes in the pattern's order, so they come back in reverse, and {extract} takes the first half out.",
            first_half.join(", ")
        )
    };
    if a.is_empty() {
        return format!("{name} has no one bit, so the swapped word is empty too.{cost}");
    }
    let moves = if a.count() <= 4 {
        let pairs: Vec<String> = a.squares().map(|s| format!("{s} → {}", mirror(s))).collect();
        format!(": {}", pairs.join(", "))
    } else {
        ", each to the same file on the mirrored rank".into()
    };
    let what = if a.count() == 1 {
        format!("The only one bit of {name} moves")
    } else {
        format!("The {} of {name} move", ones(a.count()))
    };
    format!(
        "The eight bytes trade places, so the ranks mirror: rank 1 with rank 8, 2 with 7, 3 with 6, 4 with 5. {what}{moves}.{cost}"
    )
}

/// The WebAssembly instruction that reads a 16-byte table for every byte of both lanes at once.
/// `cargo xtask test` checks each lane-wise table read is one.
pub const LANES_SWIZZLE_WASM: &str = "i8x16.swizzle";

/// `swizzle(table, a)`: each byte of `a` numbers the entry of the 16-byte table it becomes.
pub(crate) fn swizzle(name: &str, table: &[u8; 16], a: Bitboard, result: Bitboard) -> String {
    let binary = |byte: u8| format!("{byte} (binary {:04b} {:04b})", byte >> 4, byte & 15);
    let entry = |index: u8| match table.get(usize::from(index)) {
        Some(&byte) => format!("entry {index} is {}", binary(byte)),
        None => String::from("that is past the table's 16 entries, which gives 0"),
    };
    let opening = format!(
        "Each byte of {name} is a number, and becomes the entry of the 16-byte table it numbers{}.",
        nibble_rule(table)
    );
    let bytes = a.0.to_le_bytes();
    let said: Vec<String> = bytes
        .iter()
        .enumerate()
        .filter(|(_, &byte)| byte != 0)
        .map(|(at, &byte)| format!("byte {at} holds {byte}, and {}", entry(byte)))
        .collect();
    let rest = match said.len() {
        0 => format!("Every byte of {name} is 0, and {}", entry(0)),
        8 => said.join("; "),
        _ => format!("{}; every other byte is 0, and {}", said.join("; "), entry(0)),
    };
    let ending = if result.is_empty() { " The result is empty." } else { "" };
    let cost = format!(" In WebAssembly one {LANES_SWIZZLE_WASM} does it for the sixteen bytes of both lanes at once.");
    format!("{opening} {}.{ending}{cost}", capitalised(&rest))
}

/// What every entry of a swizzle's table is, when one rule says it: a nibble's four bits in
/// reverse order, in the byte's high or low four bits.
fn nibble_rule(table: &[u8; 16]) -> &'static str {
    let reversed = |n: u8| n.reverse_bits() >> 4;
    if (0..16u8).all(|n| table[usize::from(n)] == reversed(n) << 4) {
        ": entry n holds n's four bits in reverse order, in the high four bits"
    } else if (0..16u8).all(|n| table[usize::from(n)] == reversed(n)) {
        ": entry n holds n's four bits in reverse order"
    } else {
        ""
    }
}

/// In a turned word, what its one bits stand for on the board: "In the bit-reversed word e2 and
/// e7 stand for d7 and d2 on the board."
pub(crate) fn standing_for(bits: Bitboard, order: WordOrder) -> String {
    let named = bits.squares().map(Square::name).collect();
    let stand_for = bits.squares().map(|bit| order.square_of_bit(bit.index()).name()).collect();
    let verb = if bits.count() == 1 { "stands" } else { "stand" };
    // Bit by bit, each with the square it stands for; a whole line's eight, every one.
    let list = if crate::words::whole_line(bits).is_some() { crate::words::list_every } else { list_of };
    format!(" In {} {} {verb} for {} on the board.", order.word(), list(named), list(stand_for))
}

/// `frame` is the board as the values show it (turned round in a turned word), `real` the
/// board itself: bits are named in the frame, and what they stand for on the real board.
pub(crate) fn subtraction(
    names: &Names,
    a: Bitboard,
    b: Bitboard,
    difference: Bitboard,
    focus: Focus,
    frame: &Board,
    real: &Board,
) -> String {
    let (name_a, name_b) = (names.lhs, names.rhs);
    let (start, last_in, past_h8) = match borrow_end(a, b, difference) {
        BorrowEnd::NoBorrow => (0, 0, None),
        BorrowEnd::AbsorbedAt { start, stop } => (start, stop, Some(false)),
        BorrowEnd::PastH8 { start } => (start, 63, Some(true)),
    };
    let Some(past_h8) = past_h8 else {
        if b.is_empty() {
            return format!(
                "{name_b} is zero, so {} − {} = {name_a} and nothing borrows.",
                grouped(name_a, name_a),
                grouped(name_b, name_b)
            );
        }
        return format!(
            "Every one bit of {name_b} ({}) is set in {name_a} too, so nothing borrows: {} − {} only clears those bits.",
            square_list(b),
            grouped(name_a, name_a),
            grouped(name_b, name_b)
        );
    };
    // The bits that took the borrow and passed it on (all of them when it runs past h8).
    let passed = Bitboard(if past_h8 { range(start + 1, 63) } else { range(start + 1, last_in - 1) });
    let plain = (a & passed).is_empty() && (b & passed).is_empty();
    // Where the borrow starts, then how far it runs and what absorbs it or that nothing does.
    let mut text = format!("A borrow starts at {}, where {name_b} has a one and {name_a} a zero.", bit_name(start));
    let start_note = match frame.order.is_turned() {
        true => {
            let (square, word) = (Square::from_index(start), frame.order.word());
            format!(" In {word} {square} stands for {} on the board.", frame.order.square_of_bit(start))
        }
        false => String::new(),
    };
    let more = passed.count();
    let run = match (more, plain) {
        (0, _) => String::from(" It turns that bit to one"),
        (_, true) => {
            format!(" It turns that bit and {more} more zero {} to one", if more == 1 { "bit" } else { "bits" })
        }
        (_, false) => {
            format!(
                " It turns that bit to one and runs on through {} more {}",
                more,
                if more == 1 { "bit" } else { "bits" }
            )
        }
    };
    text.push_str(&run);
    if past_h8 {
        text.push('.');
        text.push_str(&start_note);
    }
    if past_h8 && start == 63 {
        text.push_str(&format!(
            " Bit 63 is the top bit, so it runs past {} at once, and {WRAPS_AROUND}",
            top_bit(frame.order)
        ));
    } else if past_h8 {
        text.push_str(&format!(
            " No bit of {name_a} above {} is one, so nothing stops it: it runs past {}",
            bit_name(start),
            top_bit(frame.order)
        ));
    }
    if past_h8 {
        if start == 63 {
            // Said above: nothing to list.
        } else if plain {
            text.push_str(&format!(", so every bit from {} up to bit 63 turns to one.", bit_name(start)));
        } else {
            text.push_str(", and ");
            text.push_str(WRAPS_AROUND);
        }
        if let Some(direction) = borrow_direction(focus, frame, real) {
            // The slider the borrow runs from: with several, the one whose ray reaches its start.
            let from = match real.sliders.count() {
                0 | 1 => Some(real.square),
                _ => real.slider_reaching(frame.order.square_of_bit(start), direction),
            };
            if let Some(from) = from {
                if sliders::ray(from, direction).is_empty() {
                    text.push_str(&format!(
                        " There is no square {} of {}, so nothing could stop it.",
                        direction.name(),
                        real.phrase_of(from)
                    ));
                } else if real.first_blocker_from(from, direction).is_none() {
                    text.push_str(&format!(
                        " No piece stands {} of {}, so nothing could stop it.",
                        direction.name(),
                        real.phrase_of(from)
                    ));
                }
            }
        }
    } else {
        let first = (a.0 & range(start + 1, 63)).trailing_zeros() == last_in;
        let which = if first { format!("the next one bit of {name_a}") } else { format!("a one bit of {name_a}") };
        text.push_str(&format!(", until {}, {which}, absorbs it and turns to zero.", bit_name(last_in)));
        text.push_str(&start_note);
        text.push_str(&absorbed_by(last_in, focus, frame, real));
    }
    text.push_str(&off_the_line(passed, start, focus, frame, real));
    text.push_str(&passed_squares(a, start, passed, name_a, frame, real));
    // Several sliders start several borrows: each is said, with the slider it runs from.
    if real.sliders.count() > 1 {
        text.push_str(&other_borrows(a, b, difference, focus, frame, real));
    }
    text
}

/// On a file or a diagonal the borrow runs through the bits between, not along the line: how
/// many of the bits it passes are off it.
fn off_the_line(passed: Bitboard, start: u32, focus: Focus, frame: &Board, real: &Board) -> String {
    let (Focus::Line(line), false, 1) = (focus, frame.order.is_turned(), real.sliders.count()) else {
        return String::new();
    };
    let off = passed & !sliders::line_without(real.square, line) & !real.square.bit();
    if off.is_empty() {
        return String::new();
    }
    let across = passed.squares().any(|bit| bit.rank() != Square::from_index(start).rank());
    let share = match (off.count(), passed.count()) {
        (1, 1) => String::from("the one bit it passes is"),
        (off, passed) if off == passed => format!("all {passed} bits it passes are"),
        (1, passed) => format!("1 of the {passed} bits it passes is"),
        (off, passed) => format!("{off} of the {passed} bits it passes are"),
    };
    format!(
        " It runs up the bits{}, not along {}: {share} off it.",
        if across { ", across the ranks" } else { "" },
        line_name(line, real.square),
    )
}

/// Each borrow after the first, where several sliders start several: where it starts, and
/// what absorbs it or that it runs past the top bit.
fn other_borrows(a: Bitboard, b: Bitboard, difference: Bitboard, focus: Focus, frame: &Board, real: &Board) -> String {
    let mut text = String::new();
    for other in borrows(a, b, difference).skip(1) {
        let (start, stop) = match other {
            BorrowEnd::AbsorbedAt { start, stop } => (start, Some(stop)),
            BorrowEnd::PastH8 { start } => (start, None),
            BorrowEnd::NoBorrow => continue,
        };
        text.push_str(" Another borrow starts at ");
        text.push_str(&bit_name(start));
        match stop {
            Some(stop) => {
                text.push_str(" and runs to ");
                text.push_str(&bit_name(stop));
                text.push_str(", which absorbs it.");
                text.push_str(&absorbed_by(stop, focus, frame, real));
            }
            None => {
                text.push_str(" and runs past ");
                text.push_str(&top_bit(frame.order));
                text.push_str(", and ");
                text.push_str(WRAPS_AROUND);
            }
        }
    }
    text
}

/// What the bit that absorbed a borrow is on the board: in a turned word, the square it stands
/// for first.
fn absorbed_by(last_in: u32, focus: Focus, frame: &Board, real: &Board) -> String {
    let stop = Square::from_index(last_in);
    if frame.order.is_turned() {
        let (on_board, word) = (frame.order.square_of_bit(last_in), frame.order.word());
        let mut text = format!(" In {word} {stop} stands for {on_board} on the board.");
        text.push_str(&stop_relation(on_board, focus, borrow_direction(focus, frame, real), real, false));
        text
    } else {
        stop_relation(stop, focus, positive_direction(focus, real), real, true)
    }
}

/// What the borrow starts on and passes that the mask took out: pieces, and the slider's own
/// square, each named as its word's bit and what it stands for in a turned word.
fn passed_squares(a: Bitboard, start: u32, passed: Bitboard, name_a: &str, frame: &Board, real: &Board) -> String {
    let mut text = String::new();
    // Pieces the mask took out: said of the bit where the borrow starts, then of those it passes.
    let masked_out = frame.occupied & !frame.sliders & !a;
    let start_bit = Square::from_index(start).bit();
    if !(start_bit & masked_out).is_empty() {
        let square = Square::from_index(start);
        let holds = if frame.order.is_turned() {
            format!("stands for {} on the board, which holds a piece,", frame.order.square_of_bit(start))
        } else {
            String::from("holds a piece on the board")
        };
        text.push_str(&format!(" {square}, where it starts, {holds} but is zero in {name_a}."));
    }
    let pieces = passed & !start_bit & masked_out;
    if !pieces.is_empty() {
        let (verb, it) = if pieces.count() == 1 { ("holds a piece", "is") } else { ("hold pieces", "are") };
        let bits = if frame.order.is_turned() {
            // In the order the borrow meets them: up the word.
            let stand_for = pieces.squares().map(|bit| frame.order.square_of_bit(bit.index()).name()).collect();
            let bits = if pieces.count() == 1 { "a bit that stands" } else { "bits that stand" };
            format!("{bits} for {}", list_of(stand_for))
        } else {
            square_list(pieces)
        };
        text.push_str(&format!(" On its way it passes {bits}, which {verb} on the board but {it} zero in {name_a}."));
    }
    // A slider's own square is no piece in its way, but the borrow passes it all the same.
    let own = (passed & !start_bit & frame.sliders & !a).squares().next();
    if let (Some(bit), 1) = (own, real.sliders.count()) {
        let stands = match frame.order.is_turned() {
            true => format!(", which stands for {}", real.square),
            false => String::new(),
        };
        let slider = real.slider;
        text.push_str(&format!(" It also passes {bit}{stands}, the {slider}'s own square, a zero bit of {name_a}."));
    }
    text
}

/// The positive ray a line focus or ray focus looks along, if it has exactly one.
pub(crate) fn positive_direction(focus: Focus, board: &Board) -> Option<Direction> {
    match focus {
        Focus::Line(line) => Some(line.positive()),
        Focus::Ray(direction) if direction.is_positive() => Some(direction),
        Focus::Piece if board.slider.lines().len() == 1 => Some(board.slider.lines()[0].positive()),
        _ => None,
    }
}

/// The ray a borrow runs along on the real board: the line's positive ray, or for a turned
/// word the negative one (up the byte-swapped word is down the board).
pub(crate) fn borrow_direction(focus: Focus, frame: &Board, real: &Board) -> Option<Direction> {
    let direction = positive_direction(focus, real)?;
    Some(if frame.order.is_turned() { Direction::ALL[(direction as usize + 4) % 8] } else { direction })
}

/// What the square that absorbed a borrow is on the board. `one_bit_above`: the word is the
/// board's own, so a stop one bit above the blocker (Hoffmann's) can be named as such.
pub(crate) fn stop_relation(
    stop: Square,
    focus: Focus,
    direction: Option<Direction>,
    board: &Board,
    one_bit_above: bool,
) -> String {
    let Some(direction) = direction else {
        return relation_of(stop, focus, board, Some(true));
    };
    let below = stop.index().checked_sub(1).map(Square::from_index).filter(|_| one_bit_above);
    // With several sliders, the one whose borrow this is: the one whose first piece it is.
    let stopped = board.slider_blocked_at(stop, direction);
    let below_stopped = below.and_then(|below| Some((below, board.slider_blocked_at(below, direction)?)));
    match (stopped, below_stopped) {
        (Some(from), _) => first_blocker(stop, direction, from, board),
        (None, Some((blocker, from))) => format!(
            " {stop} is one bit above {blocker}, which holds the first piece {} of {}.",
            direction.name(),
            board.phrase_of(from)
        ),
        _ if board.sliders.contains(stop) && stop != board.square => {
            format!(" {stop} holds one of the {}s.", board.slider)
        }
        _ if board.occupied.contains(stop) => format!(" {stop} holds a piece."),
        _ => format!(" No piece stands on {stop}."),
    }
}

pub(crate) fn scan(step: &Step, kind: Scan, name: &str, a: Bitboard, found: u32, board: &Board) -> String {
    let from_top = kind.from_top();
    let start = if from_top { "Counting down from bit 63 (h8)" } else { "Counting up from bit 0 (a1)" };
    let instruction = match kind {
        Scan::LeadingZeros => " In WebAssembly this count is one i64.clz instruction.",
        Scan::TrailingZeros => " In WebAssembly this count is one i64.ctz instruction.",
        Scan::Forward => " In WebAssembly the scan is one i64.ctz instruction.",
        Scan::Reverse => " In WebAssembly the scan is 63 − i64.clz.",
    };
    if a.is_empty() {
        return match kind {
            Scan::LeadingZeros | Scan::TrailingZeros => {
                format!("{name} is empty: all 64 bits are zero, so the count is 64.{instruction}")
            }
            Scan::Forward if board.formula => format!(
                "{name} is empty, so there is no one bit to find: a formula's scan of the empty set gives 64, as i64.ctz does."
            ),
            Scan::Reverse if board.formula => format!(
                "{name} is empty, so there is no one bit to find: a formula's scan of the empty set gives 64 (63 − i64.clz would give −1, so the empty set is a case of its own)."
            ),
            Scan::Forward | Scan::Reverse => {
                format!("{name} is empty, so there is no one bit to find; the scan's answer, {found}, means nothing.")
            }
        };
    }
    // The bit found: a leading-zero count of n stops on bit 63 − n; the others give its index.
    let bit = match kind {
        Scan::LeadingZeros => 63 - found,
        Scan::TrailingZeros | Scan::Forward | Scan::Reverse => found,
    };
    let zero_count = if from_top { 63 - bit } else { bit };
    let counted = match kind {
        Scan::LeadingZeros | Scan::TrailingZeros => {
            format!(
                "{start}, {} {} before the first one bit, {}: the count is {found}.",
                zeros(zero_count),
                if zero_count == 1 { "comes" } else { "come" },
                bit_name(bit)
            )
        }
        Scan::Forward | Scan::Reverse => {
            format!("{start}, the first one bit is {}, after {}.", bit_name(bit), zeros(zero_count))
        }
    };
    // A scan from the top looks below the slider (negative rays), one from the bottom above it.
    let side = match step.focus {
        Focus::Ray(_) => None,
        _ => Some(!from_top),
    };
    format!("{counted}{}{instruction}", relation_of(Square::from_index(bit), step.focus, board, side))
}

pub(crate) fn lookup(step: &Step, entry: Bitboard, board: &Board) -> String {
    let Value::Number(index) = step.lhs else { return String::new() };
    // Only tables indexed by a square have entries that name one; a table with a row per file
    // or rank is read in the slider's row.
    let by_square = ["[sq]", "[square]", "[first]", "[first blocker]"].iter().any(|index| step.label.contains(index));
    let file = (b'a' + board.square.file() as u8) as char;
    let at = if index < 64 && by_square {
        format!("entry {index} ({})", Square::from_index(index as u32))
    } else if step.label.contains("[file][") {
        format!("entry {index} in the row of the {file}-file, the slider's file,")
    } else if step.label.contains("[rank][") {
        format!("entry {index} in the row of rank {}, the slider's rank,", board.square.rank() + 1)
    } else {
        format!("entry {index}")
    };
    if entry.is_empty() {
        format!("Reads {at} of the table: an empty set.")
    } else {
        format!("Reads {at} of the table: {} ({}).", bits(entry.count()), square_list(entry))
    }
}

pub(crate) fn walk(focus: Focus, attacks: Bitboard, board: &Board) -> String {
    let Focus::Ray(direction) = focus else { return String::new() };
    let slider = board.slider_phrase();
    if attacks.is_empty() {
        return format!("{} is on the board's edge: there is no square {} of it.", board.square, direction.name());
    }
    let reached = format!(
        "Walking {} from {}, the {} reaches {}",
        direction.name(),
        board.square,
        board.slider,
        walk_list(attacks, direction)
    );
    match board.first_blocker(direction) {
        Some(blocker) => format!("{reached}; it stops on {blocker}, the first piece {} of {slider}.", direction.name()),
        None => format!("{reached}; no piece stands in the way, so it runs to the board's edge."),
    }
}

/// Where a ray's stop bit lies, for a step that adds it to one ray: an OR with the corner the
/// ray runs towards in bit order (h8 for a positive ray, a1 for a negative one) or a read of a
/// table of rays with their stop bits. Computed from the ray: the corner is the ray's own last
/// square when the ray ends on it, all the scan can find when the ray has no squares, and beyond
/// the ray in bit order otherwise. Built from a few pieces, not a format of its own per case:
/// the page's first load has little room.
pub(crate) fn stop_bit(step: &Step, board: &Board) -> Option<String> {
    let Focus::Ray(direction) = step.focus else { return None };
    if board.formula || board.order.is_turned() || step.order.is_turned() {
        return None;
    }
    let corner = if direction.is_positive() { Square::H8 } else { Square::A1 };
    let adds_corner = match (step.op, step.rhs) {
        (Op::Or, Some(Value::Board(b))) => b == corner.bit(),
        (Op::Lookup, _) => step.label.contains("WITH_STOP"),
        _ => false,
    };
    if !adds_corner || !step.result.board().is_some_and(|result| result.contains(corner)) {
        return None;
    }
    let ray = focus_squares(step.focus, board);
    let (before, after) = if ray.contains(corner) {
        (" is the ", " ray's own last square: the stop bit lies on the ray.")
    } else if ray.is_empty() {
        (" is all the scan can find: the ", " ray has no squares.")
    } else {
        (" lies beyond the ", " ray in bit order.")
    };
    let mut text = String::from(if direction.is_positive() { " h8" } else { " a1" });
    for part in [before, direction.name(), after] {
        text.push_str(part);
    }
    Some(text)
}
