//! Names and small phrases the sentences share: a bit, a list of squares, a line, a focus, the
//! borrow's end; a label as a screen reader says it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::board::Board;
use crate::facts::BorrowEnd;
use sliders::trace::{Lane, Step};
use sliders::{line_ends, Bitboard, Focus, Line, Square, WordOrder};

/// The first sentence of `text`: up to the first full stop that ends a sentence (followed by a
/// space and a capital, or by the end), so "bit 51 (d7)." ends one but "0x1.5" does not.
pub fn first_sentence(text: &str) -> &str {
    let bytes = text.as_bytes();
    for (index, &byte) in bytes.iter().enumerate() {
        if byte != b'.' {
            continue;
        }
        match (bytes.get(index + 1), bytes.get(index + 2)) {
            (None, _) => return text,
            (Some(b' '), Some(next)) if next.is_ascii_uppercase() => return &text[..=index],
            _ => {}
        }
    }
    text
}

/// A step's label as words a screen reader says: its operators, which speech synthesisers
/// skip at their usual punctuation level, spelled out: "o ^ (o - 2r)" is said
/// "o xor (o minus 2r)".
pub fn spoken_label(label: &str) -> String {
    let mut text = String::with_capacity(label.len() * 2);
    let mut rest = label;
    while let Some(next) = rest.chars().next() {
        match SPOKEN_SYMBOLS.iter().find(|(symbol, _)| rest.starts_with(symbol)) {
            Some((symbol, word)) => {
                text.push_str(word);
                rest = &rest[symbol.len()..];
            }
            None => {
                text.push(next);
                rest = &rest[next.len_utf8()..];
            }
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every operator a label can hold, and its words. Read in one pass, longest symbol first, so
/// that `&=` is never read as `&` then `=`, nor its words read again (`and-equals` holds a `-`).
/// Brackets, commas and semicolons stay: a screen reader pauses at them.
pub const SPOKEN_SYMBOLS: [(&str, &str); 40] = [
    ("<<=", " shift-left-equals "),
    (">>=", " shift-right-equals "),
    ("<<", " shifted left by "),
    (">>", " shifted right by "),
    ("<=", " is at most "),
    (">=", " is at least "),
    ("==", " is equal to "),
    ("!=", " is not equal to "),
    ("&=", " and-equals "),
    ("|=", " or-equals "),
    ("^=", " xor-equals "),
    ("+=", " plus-equals "),
    ("-=", " minus-equals "),
    ("*=", " times-equals "),
    ("/=", " divided-by-equals "),
    ("%=", " modulo-equals "),
    ("++", " incremented "),
    ("--", " decremented "),
    ("->", "'s "),
    // A struct's field (`masks[sq][1].lower`), a method (`square.bit()`).
    (".", " dot "),
    ("&&", " logical-and "),
    ("||", " logical-or "),
    ("~", " not "),
    ("!", " logical-not "),
    ("-", " minus "),
    ("+", " plus "),
    ("*", " times "),
    ("·", " times "),
    ("/", " divided by "),
    ("%", " modulo "),
    ("&", " and "),
    ("|", " or "),
    ("^", " xor "),
    ("<", " is less than "),
    (">", " is greater than "),
    ("=", " equals "),
    ("?", " then "),
    (":", " else "),
    ("'", " prime "),
    ("→", " to "),
];

/// Results up to this are also said as a number.
pub const SPOKEN_VALUE_LIMIT: u64 = 0xffff;

/// "bit 12 (e2)".
pub fn bit_name(bit: u32) -> String {
    format!("bit {bit} ({})", Square::from_index(bit & 63))
}

/// "1 bit", "3 bits"; with a kind: "1 one bit", "3 zero bits".
pub(crate) fn bits(count: u32) -> String {
    kind_bits(count, "")
}

pub(crate) fn ones(count: u32) -> String {
    kind_bits(count, "one ")
}

pub(crate) fn zeros(count: u32) -> String {
    kind_bits(count, "zero ")
}

pub(crate) fn kind_bits(count: u32, kind: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {kind}bit{plural}")
}

/// The squares of a set, at most six named: "d3, d5 and d7", "a3, b3, c3, d3, e3, f3 and 9 more";
/// a whole line of eight is named as the line, with all eight: "the whole d-file: d1, d2, d3,
/// d4, d5, d6, d7 and d8" (six and "2 more" would hide two of its squares).
pub fn square_list(board: Bitboard) -> String {
    let names: Vec<&str> = board.squares().map(Square::name).collect();
    match whole_line(board) {
        Some(line) => format!("the whole {}: {}", line.trim_start_matches("the "), list_every(names)),
        None => list_of(names),
    }
}

/// Every name of a list: "d1, d2 and d3".
pub(crate) fn list_every(names: Vec<&str>) -> String {
    list_up_to(names, usize::MAX)
}

/// The name of the line a set is, if it is a whole line of eight squares: a file, a rank or
/// one of the two long diagonals.
pub(crate) fn whole_line(board: Bitboard) -> Option<String> {
    let first = board.squares().next().filter(|_| board.count() == 8)?;
    Line::ALL
        .into_iter()
        .find(|&line| sliders::line_without(first, line).with(first) == board)
        .map(|line| line_name(line, first))
}

/// The squares a walk from the slider reaches, nearest first: in bit order up a positive ray,
/// from the top down a negative one.
pub(crate) fn walk_list(reached: Bitboard, direction: sliders::Direction) -> String {
    let mut names: Vec<&str> = reached.squares().map(Square::name).collect();
    if !direction.is_positive() {
        names.reverse();
    }
    list_of(names)
}

/// Names as a list, at most six said: "d3, d5 and d7", "a3, b3, … and 9 more".
pub(crate) fn list_of(names: Vec<&str>) -> String {
    list_up_to(names, 6)
}

/// Names as a list, at most `named` of them said, the rest counted.
fn list_up_to(names: Vec<&str>, named: usize) -> String {
    match names.len() {
        0 => "none".into(),
        1 => names[0].into(),
        // "and 1 more" would be longer than the square's name.
        n if n <= named.saturating_add(1) => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
        n => format!("{} and {} more", names[..named].join(", "), n - named),
    }
}

pub(crate) fn ordinal(n: i32) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A line in plain words: "the d-file", "the 4th rank", "the a1–h8 diagonal".
pub fn line_name(line: Line, square: Square) -> String {
    let ends: Vec<Square> = line_ends(square, line).squares().collect();
    match line {
        Line::File => format!("the {}-file", &square.name()[..1]),
        Line::Rank => format!("the {} rank", ordinal(square.rank() + 1)),
        _ if ends.len() == 1 => format!("the one-square diagonal of {}", square),
        // Name a diagonal from its west end to its east end, as players do.
        _ => {
            let (west, east) = if ends[0].file() < ends[1].file() { (ends[0], ends[1]) } else { (ends[1], ends[0]) };
            format!("the {west}–{east} diagonal")
        }
    }
}

/// Where a step works, for its heading: "the d-file", "north ray"; nothing for the whole piece.
/// With several sliders a line focus covers a line through each: "the files".
pub fn focus_name(focus: Focus, board: &Board) -> Option<String> {
    match focus {
        Focus::Piece => None,
        Focus::Part(part) => Some(format!("the {part} part")),
        Focus::Line(line) if board.sliders.count() > 1 => Some(format!("the {}s", line.name())),
        Focus::Line(line) => Some(line_name(line, board.square)),
        Focus::Ray(direction) => Some(format!("{} ray", direction.name())),
    }
}

/// Where a step works, lane included: "lane 0: the d-file", "lane 1: idle" for a step on one
/// lane of a SIMD value; else its focus ([`focus_name`]).
pub fn step_focus_name(step: &Step, board: &Board) -> Option<String> {
    match step.lane {
        Some(Lane { index, line: Some(line) }) => {
            let line = focus_name(Focus::Line(line), board).unwrap_or_default();
            Some(format!("lane {index}: {line}"))
        }
        Some(Lane { index, line: None }) => Some(format!("lane {index}: idle")),
        None => focus_name(step.focus, board),
    }
}

/// A bit of a step's value by its square: "bit 51 (d7)"; in a turned word, what it stands for
/// on the board, "bit 59 of the byte-swapped word, which stands for d1".
pub fn bit_in_frame(bit: u32, order: WordOrder) -> String {
    if order.is_turned() {
        format!("bit {bit} of {}, which stands for {}", order.word(), order.square_of_bit(bit))
    } else {
        bit_name(bit)
    }
}

/// Where a borrow that leaves the word goes: past h8, or past the swapped word's top bit,
/// which stands for h1.
pub(crate) fn top_bit(order: WordOrder) -> String {
    if order.is_turned() {
        format!("bit 63 of {}", order.word())
    } else {
        "h8 (bit 63)".into()
    }
}

/// The bit strip's one-line caption for a subtraction's end, its bits named as the
/// announcement names them.
pub fn borrow_caption(end: BorrowEnd, order: WordOrder) -> String {
    match end {
        BorrowEnd::NoBorrow => "no borrow".into(),
        BorrowEnd::AbsorbedAt { stop, .. } => format!("borrow absorbed at {}", bit_in_frame(stop, order)),
        BorrowEnd::PastH8 { .. } => format!("borrow ran past {}", top_bit(order)),
    }
}

/// An operand's name as a sentence says it: a constant is called one ("the constant 1").
/// A formula's square name, shown with its number (`d4 (27)`), is said as the number it is:
/// "d4 (the number 27)".
pub(crate) fn prose(name: &str) -> String {
    if is_number(name) {
        return format!("the constant {name}");
    }
    match name.strip_suffix(')').and_then(|rest| rest.split_once(" (")) {
        Some((square, number)) if square.parse::<Square>().is_ok() && is_number(number) => {
            format!("{square} (the number {number})")
        }
        _ => name.into(),
    }
}

/// An operand inside a combined expression, bracketed when it is itself an expression
/// (`occ - 3cbn` in `occ ^ (occ - 3cbn)`, `o & 3` in `o − (o & 3)`): `raw` is the operand's
/// name as the step gives it, `spoken` how the sentence says it.
pub(crate) fn grouped(raw: &str, spoken: &str) -> String {
    match raw.contains(' ') && raw.contains(|c| "&|^-+*<>".contains(c)) {
        true => format!("({spoken})"),
        false => spoken.into(),
    }
}

/// An integer literal (`1`, `0x8000000000000000`): not the articles' `2r` or `3cbn`.
fn is_number(text: &str) -> bool {
    text.starts_with("0x") || text.parse::<u64>().is_ok()
}

/// `text` with its first letter in capitals.
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_line_is_named_with_all_its_squares() {
        let file = sliders::line_without(Square::D2, Line::File).with(Square::D2);
        assert_eq!(square_list(file), "the whole d-file: d1, d2, d3, d4, d5, d6, d7 and d8");
        let rank = sliders::line_without(Square::D2, Line::Rank).with(Square::D2);
        assert_eq!(square_list(rank), "the whole 2nd rank: a2, b2, c2, d2, e2, f2, g2 and h2");
        let diagonal = sliders::line_without(Square::D4, Line::Diagonal).with(Square::D4);
        assert_eq!(square_list(diagonal), "the whole a1–h8 diagonal: a1, b2, c3, d4, e5, f6, g7 and h8");
        // Eight squares that are no line, and a line of seven, keep the short list.
        assert_eq!(square_list(rank.without(Square::H2).with(Square::A3)), "a2, b2, c2, d2, e2, f2 and 2 more");
        let short = sliders::line_without(Square::D3, Line::Diagonal).with(Square::D3);
        assert_eq!(square_list(short), "b1, c2, d3, e4, f5, g6 and h7");
    }
}
