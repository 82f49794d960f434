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
use crate::operands::{self, Operands};
use crate::techniques::reference;
use crate::trace::{Focus, Op, Step, Trace, Value};
use crate::{line_ends, Bitboard, Direction, Line, Slider, Square};

/// The position a step belongs to: what the sentences relate its bits to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    pub slider: Slider,
    pub square: Square,
    pub occupied: Bitboard,
    /// Every slider's square: `square` alone, or several for the set-wise techniques.
    pub sliders: Bitboard,
    /// The values are in the byte-swapped word: squares are named as the word has them, and
    /// what they stand for on the real board is said beside them.
    pub mirror: bool,
    /// The steps are a reader's formula: a stop or a mask there is not known to be meant as
    /// one, so the sentences say what the bits are and never what the author intended.
    pub formula: bool,
}

/// The square a byte swap moves `square` to: same file, rank 1 <-> 8, 2 <-> 7, …
pub const fn mirror(square: Square) -> Square {
    Square::from_index(square.index() ^ 56)
}

impl Board {
    pub fn of(trace: &Trace) -> Board {
        Board {
            slider: trace.slider,
            square: trace.square,
            occupied: trace.occupied,
            sliders: trace.sliders,
            mirror: false,
            formula: trace.technique.is_none(),
        }
    }

    /// The first piece from the slider in `direction`, if any stands on that ray.
    pub fn first_blocker(&self, direction: Direction) -> Option<Square> {
        let reached = reference::ray(self.square, direction, self.occupied);
        (reached & self.occupied).squares().next()
    }

    /// The board as a byte-swapped word shows it: ranks mirrored, the slider on its mirror square.
    pub fn mirrored(&self) -> Board {
        Board {
            slider: self.slider,
            square: mirror(self.square),
            occupied: Bitboard(self.occupied.0.swap_bytes()),
            sliders: Bitboard(self.sliders.0.swap_bytes()),
            mirror: !self.mirror,
            formula: self.formula,
        }
    }

    fn slider_phrase(&self) -> String {
        format!("the {} on {}", self.slider, self.square)
    }
}

/// The whole sentence for step `index` of `trace`: what happened, then why.
pub fn narrate(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    with_why(describe(step, &Board::of(trace)), &step.why)
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
            return describe_copy(step, source);
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
    const WORDS: [(&str, &str); 15] = [
        ("<<", " shifted left by "),
        (">>", " shifted right by "),
        ("&=", " and-equals "),
        ("|=", " or-equals "),
        ("^", " xor "),
        ("|", " or "),
        ("&", " and "),
        ("-", " minus "),
        ("+", " plus "),
        ("·", " times "),
        ("*", " times "),
        ("~", " not "),
        ("=", " equals "),
        ("'", " prime"),
        ("→", " to "),
    ];
    let mut text = String::from(label);
    for (symbol, word) in WORDS {
        text = text.replace(symbol, word);
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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
    };
    let borrow = match (step.op, step.lhs, step.rhs, step.result) {
        (Op::Sub, Value::Board(a), Some(Value::Board(b)), Value::Board(difference)) => {
            match borrow_end(a, b, difference) {
                BorrowEnd::NoBorrow => ", nothing borrows".into(),
                BorrowEnd::AbsorbedAt { stop, .. } => {
                    format!(", the borrow stops at {}", bit_in_frame(stop, step.mirrored))
                }
                BorrowEnd::PastH8 { .. } => format!(", the borrow runs past {}", top_bit(step.mirrored)),
            }
        }
        _ => String::new(),
    };
    let focus = focus_name(step.focus, board).map(|focus| format!(", {focus}")).unwrap_or_default();
    format!("Step {} of {count}{focus}. {}: {result}{borrow}.", index + 1, spoken_label(&step.label))
}

/// Results up to this are also said as a number.
pub const SPOKEN_VALUE_LIMIT: u64 = 0xffff;

/// "bit 12 (e2)".
pub fn bit_name(bit: u32) -> String {
    format!("bit {bit} ({})", Square::from_index(bit & 63))
}

/// "1 bit", "3 bits"; with a kind: "1 one bit", "3 zero bits".
fn bits(count: u32) -> String {
    kind_bits(count, "")
}

fn ones(count: u32) -> String {
    kind_bits(count, "one ")
}

fn zeros(count: u32) -> String {
    kind_bits(count, "zero ")
}

fn kind_bits(count: u32, kind: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {kind}bit{plural}")
}

/// The squares of a set, at most six named: "d3, d5 and d7", "a3, b3, c3, d3, e3, f3 and 9 more".
pub fn square_list(board: Bitboard) -> String {
    const NAMED: usize = 6;
    let names: Vec<&str> = board.squares().map(Square::name).collect();
    // "and 1 more" would be longer than the square's name.
    match names.len() {
        0 => "none".into(),
        1 => names[0].into(),
        n if n <= NAMED + 1 => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
        n => format!("{} and {} more", names[..NAMED].join(", "), n - NAMED),
    }
}

fn ordinal(n: i32) -> String {
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

/// The directions a step's focus covers, positive ones first.
fn directions(focus: Focus, slider: Slider) -> Vec<Direction> {
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
fn focus_squares(focus: Focus, board: &Board) -> Bitboard {
    match focus {
        Focus::Ray(direction) => crate::ray(board.square, direction),
        Focus::Line(line) => crate::line_without(board.square, line),
        Focus::Piece | Focus::Part(_) => part_or_slider(focus, board)
            .lines()
            .iter()
            .fold(Bitboard::EMPTY, |all, &line| all | crate::line_without(board.square, line)),
    }
}

/// A focus in words: "the north ray", "the d-file", "the rook's lines".
fn focus_words(focus: Focus, board: &Board) -> String {
    match focus {
        Focus::Ray(direction) => format!("the {} ray", direction.name()),
        Focus::Line(line) => line_name(line, board.square),
        Focus::Piece | Focus::Part(_) => format!("the {}'s lines", part_or_slider(focus, board)),
    }
}

/// The piece whose lines a whole-piece focus covers: the part looked at, or the slider.
fn part_or_slider(focus: Focus, board: &Board) -> Slider {
    match focus {
        Focus::Part(part) => part,
        _ => board.slider,
    }
}

/// What a found or stopping square is on the board, as far as the values show it. `side` is the
/// side of the slider the step looks at, when it looks at one: `Some(true)` for the positive
/// rays (a subtraction's stop, a forward scan), `Some(false)` for the negative ones.
fn relation_of(square: Square, focus: Focus, board: &Board, side: Option<bool>) -> String {
    let looked_at: Vec<Direction> = directions(focus, board.slider)
        .into_iter()
        .filter(|d| side.is_none_or(|positive| d.is_positive() == positive))
        .collect();
    for &direction in &looked_at {
        if board.first_blocker(direction) == Some(square) {
            return format!(
                " {square} holds the first piece {} of {}: the first blocker.",
                direction.name(),
                board.slider_phrase()
            );
        }
    }
    if board.formula {
        // Nothing is known of what a formula's author meant a bit to be: say only what it is.
        return if square == board.square {
            format!(" {square} is the {}'s own square.", board.slider)
        } else if board.occupied.contains(square) {
            format!(" {square} holds a piece.")
        } else {
            format!(" No piece stands on {square}.")
        };
    }
    let stop = if square == board.square {
        format!(" {square} is the {}'s own square: its bit here is a stop the technique set.", board.slider)
    } else if !focus_squares(focus, board).contains(square) {
        format!(" {square} is not on {}: its bit is a stop the technique set.", focus_words(focus, board))
    } else if board.occupied.contains(square) {
        return format!(" {square} holds a piece.");
    } else {
        format!(" No piece stands on {square}: its bit is a stop the technique set.")
    };
    // Finding the stop means no piece stood in the way: say so where the board agrees.
    let free: Vec<&str> = looked_at.iter().filter(|&&d| board.first_blocker(d).is_none()).map(|d| d.name()).collect();
    if !free.is_empty() && free.len() == looked_at.len() {
        format!("{stop} No piece stands {} of {}.", free.join(" or "), board.slider_phrase())
    } else {
        stop
    }
}

/// What the operation did to these values, in one or more sentences.
pub fn describe(step: &Step, board: &Board) -> String {
    let lhs = step.lhs.board().unwrap_or_default();
    let rhs = step.rhs.and_then(Value::board).unwrap_or_default();
    let amount = match step.rhs {
        Some(Value::Number(n)) => n,
        _ => 0,
    };
    let result = step.result.board().unwrap_or_default();
    let found = match step.result {
        Value::Number(n) => n,
        Value::Board(_) => 0,
    };
    // The operands by the names the label gives them: "o", "r2"; "a" and "b" for long ones.
    let names = operands::of(step);
    let (a, b) = (&prose(names.lhs), &prose(names.rhs));
    if let Some(text) = crate::formula::narration::describe(step, a, b, board) {
        return text;
    }
    match step.op {
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
        Op::Shl | Op::Shr => shift(a, step.op, lhs, amount, result),
        Op::Sub if step.mirrored => subtraction(&names, lhs, rhs, result, step.focus, &board.mirrored(), board),
        Op::Sub => subtraction(&names, lhs, rhs, result, step.focus, board, board),
        Op::BitScanForward | Op::BitScanReverse | Op::Lzcnt | Op::Tzcnt => scan(step, a, lhs, found, board),
        Op::Mul => multiply(a, b, lhs, rhs, result, index_window(step)),
        Op::ByteSwap => byte_swap(a, lhs),
        Op::Add => match (step.lhs, step.rhs) {
            (Value::Number(a), Some(Value::Number(b))) => format!("{a} + {b} = {found}."),
            _ => String::new(),
        },
        Op::Lookup => lookup(step, result, board),
        Op::RayWalk => walk(step.focus, result, board),
        Op::Pext => pext(a, b, lhs, rhs, step.file != crate::formula::FILE),
        // A formula's own operations: said above.
        _ => String::new(),
    }
}

/// `name_a & name_b`: which one bits of the first operand the second keeps.
fn and(name_a: &str, name_b: &str, a: Bitboard, result: Bitboard) -> String {
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

fn or(name_a: &str, name_b: &str, a: Bitboard, b: Bitboard, result: Bitboard) -> String {
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

fn xor(name_a: &str, name_b: &str, a: Bitboard, b: Bitboard) -> String {
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

fn negate(name: &str, a: Bitboard) -> String {
    match a.squares().next() {
        None => format!("−0 is 0: {name} has no one bit."),
        Some(lowest) => format!(
            "−{name} = ~{name} + 1 keeps the lowest one bit of {name}, {}, and flips every bit above it; the bits below it stay zero.",
            bit_name(lowest.index())
        ),
    }
}

pub(crate) fn shift(name: &str, op: Op, a: Bitboard, amount: u32, result: Bitboard) -> String {
    let (way, end) =
        if op == Op::Shl { ("up, towards h8", "past bit 63") } else { ("down, towards a1", "below bit 0") };
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
fn multiply(
    name_a: &str,
    name_b: &str,
    a: Bitboard,
    b: Bitboard,
    product: Bitboard,
    window: Option<(u64, &str)>,
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
    let intro = if count == 1 {
        format!("{name_a} × {name_b} is 1 copy of {name_b}, shifted up by the index of the one bit of {name_a}.")
    } else {
        format!(
            "{name_a} × {name_b} adds up {count} copies of {name_b}, each shifted up by the index of one of the {} of {name_a}.",
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

/// The bits of a product that a gather's index is cut from, and their name: a magic's index
/// takes up to 12 (a rook's shift is at least 52), kindergarten's 6 come from the top byte.
pub fn index_window(step: &Step) -> Option<(u64, &'static str)> {
    if step.file == crate::formula::FILE {
        // A formula's product is not known to be cut into an index.
        None
    } else if step.label.contains("magic.") {
        Some((0xfff << 52, "the top 12 bits (52 to 63)"))
    } else {
        Some((0xff << 56, "the top byte (bits 56 to 63)"))
    }
}

/// The copies of a product `a × b` that can be followed one by one: one per one bit of a, each
/// with the top-byte bits it lands on. `None` when copies overlap (carries mix them) or a is empty.
pub fn product_copies(step: &Step) -> Option<Vec<(Square, Bitboard)>> {
    let (Value::Board(a), Some(Value::Board(b))) = (step.lhs, step.rhs) else { return None };
    let (window, _) = index_window(step)?;
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

/// pext, said alike for PEXT bitboards' index and a formula's call, but for how WebAssembly
/// does it: PEXT bitboards' masks come with their rounds of shifts worked out (`PextMask`).
fn pext(a: &str, b: &str, x: Bitboard, mask: Bitboard, in_rounds: bool) -> String {
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
pub fn describe_copy(step: &Step, source: Square) -> String {
    let Some(copies) = product_copies(step) else { return String::new() };
    let Some((_, window_name)) = index_window(step) else { return String::new() };
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

/// How many WebAssembly instructions `u64::swap_bytes` compiles to: wasm has no byte swap.
/// `cargo xtask test` checks this figure against the page's real wasm.
pub const BSWAP_WASM_INSTRUCTIONS: u32 = 42;

fn byte_swap(name: &str, a: Bitboard) -> String {
    let cost = format!(
        " WebAssembly has no byte-swap instruction: Rust's swap_bytes compiles to {BSWAP_WASM_INSTRUCTIONS} instructions of shifts, masks and ORs."
    );
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

/// Where the (lowest) borrow of `a − b = difference` starts and ends.
pub fn borrow_end(a: Bitboard, b: Bitboard, difference: Bitboard) -> BorrowEnd {
    // chain: the bits that received a borrow from below. A borrow leaves bit 63 exactly when the
    // subtraction wraps around, that is when a < b as unsigned numbers.
    let chain = (a ^ b ^ difference).0;
    if chain == 0 {
        return if a.0 < b.0 { BorrowEnd::PastH8 { start: 63 } } else { BorrowEnd::NoBorrow };
    }
    // The lowest bit that borrows has no borrow coming in, so a has a zero there and b a one; the
    // bits above it receive the borrow until one of them absorbs it or it leaves bit 63.
    let first_in = chain.trailing_zeros();
    let last_in = first_in + (chain >> first_in).trailing_ones() - 1;
    let start = first_in - 1;
    if last_in == 63 && a.0 < b.0 {
        BorrowEnd::PastH8 { start }
    } else {
        BorrowEnd::AbsorbedAt { start, stop: last_in }
    }
}

/// The bit strip's one-line caption for a subtraction's end, its bits named as the
/// announcement names them.
pub fn borrow_caption(end: BorrowEnd, mirrored: bool) -> String {
    match end {
        BorrowEnd::NoBorrow => "no borrow".into(),
        BorrowEnd::AbsorbedAt { stop, .. } => format!("borrow absorbed at {}", bit_in_frame(stop, mirrored)),
        BorrowEnd::PastH8 { .. } => format!("borrow ran past {}", top_bit(mirrored)),
    }
}

/// A bit of a step's value by its square: "bit 51 (d7)"; in a byte-swapped word, what it
/// stands for on the board, "bit 59 of the byte-swapped word, which stands for d1".
pub fn bit_in_frame(bit: u32, mirrored: bool) -> String {
    if mirrored {
        format!("bit {bit} of the byte-swapped word, which stands for {}", mirror(Square::from_index(bit)))
    } else {
        bit_name(bit)
    }
}

/// Where a borrow that leaves the word goes: past h8, or past the swapped word's top bit,
/// which stands for h1.
fn top_bit(mirrored: bool) -> &'static str {
    if mirrored {
        "bit 63 of the byte-swapped word"
    } else {
        "h8 (bit 63)"
    }
}

/// `frame` is the board as the values show it (mirrored for a byte-swapped word), `real` the
/// board itself: bits are named in the frame, and what they stand for on the real board.
fn subtraction(
    names: &Operands,
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
            return format!("{name_b} is zero, so {name_a} − {name_b} = {name_a} and nothing borrows.");
        }
        return format!(
            "Every one bit of {name_b} ({}) is set in {name_a} too, so nothing borrows: {name_a} − {name_b} only clears those bits.",
            square_list(b)
        );
    };
    // The bits that took the borrow and passed it on (all of them when it runs past h8).
    let passed = Bitboard(if past_h8 { range(start + 1, 63) } else { range(start + 1, last_in - 1) });
    let plain = (a & passed).is_empty() && (b & passed).is_empty();
    let mut text = format!(
        "A borrow starts at {}, where {name_b} has a one and {name_a} has a zero: that bit turns to one.",
        bit_name(start)
    );
    if frame.mirror {
        let square = Square::from_index(start);
        text.push_str(&format!(" In the byte-swapped word {square} stands for {} on the board.", mirror(square)));
    }
    let more = passed.count();
    let run = match (more, plain) {
        (0, _) if past_h8 => String::new(),
        (0, _) => String::from(" The borrow moves up one bit"),
        (_, true) => format!(
            " The borrow then runs up through {} more {} of {name_a}, turning each to one",
            more,
            if more == 1 { "zero bit" } else { "zero bits" }
        ),
        (_, false) => {
            format!(" The borrow then runs on through {} more {}", more, if more == 1 { "bit" } else { "bits" })
        }
    };
    text.push_str(&run);
    if past_h8 && start == 63 {
        text.push_str(&format!(
            " Bit 63 is the top bit, so it runs past {} at once, and the result wraps around.",
            top_bit(frame.mirror)
        ));
    } else if past_h8 {
        text.push_str(&format!(
            ". No one bit of {name_a} above {} stops it: it runs past {}",
            bit_name(start),
            top_bit(frame.mirror)
        ));
    }
    if past_h8 {
        if start == 63 {
            // Said above: nothing to list.
        } else if plain {
            text.push_str(&format!(", so every bit from {} up to bit 63 turns to one.", bit_name(start)));
        } else {
            text.push_str(", and the result wraps around.");
        }
        if let Some(direction) = borrow_direction(focus, frame, real) {
            if crate::ray(real.square, direction).is_empty() {
                text.push_str(&format!(
                    " There is no square {} of {}, so nothing could stop it.",
                    direction.name(),
                    real.slider_phrase()
                ));
            } else if real.first_blocker(direction).is_none() {
                text.push_str(&format!(
                    " No piece stands {} of {}, so nothing could stop it.",
                    direction.name(),
                    real.slider_phrase()
                ));
            }
        }
    } else {
        let stop = Square::from_index(last_in);
        let first = (a.0 & range(start + 1, 63)).trailing_zeros() == last_in;
        let which = if first {
            format!("the first one bit of {name_a} above {}", bit_name(start))
        } else {
            format!("a one bit of {name_a}")
        };
        text.push_str(&format!(", until {}, {which}, absorbs it and turns to zero.", bit_name(last_in)));
        if frame.mirror {
            let on_board = mirror(stop);
            text.push_str(&format!(" In the byte-swapped word {stop} stands for {on_board} on the board."));
            text.push_str(&stop_relation(on_board, focus, borrow_direction(focus, frame, real), real, false));
        } else {
            text.push_str(&stop_relation(stop, focus, positive_direction(focus, real), real, true));
        }
    }
    // Pieces the mask took out: said of the bit where the borrow starts, then of those it passes.
    let masked_out = frame.occupied & !frame.sliders & !a;
    let start_bit = Square::from_index(start).bit();
    if !(start_bit & masked_out).is_empty() {
        let square = Square::from_index(start);
        let holds = if frame.mirror {
            format!("stands for {} on the board, which holds a piece,", mirror(square))
        } else {
            String::from("holds a piece on the board")
        };
        text.push_str(&format!(" {square}, where it starts, {holds} but is zero in {name_a}."));
    }
    let pieces = passed & !start_bit & masked_out;
    if !pieces.is_empty() {
        let (verb, it) = if pieces.count() == 1 { ("holds a piece", "is") } else { ("hold pieces", "are") };
        let bits = if frame.mirror {
            let stand_for = Bitboard(pieces.0.swap_bytes());
            let bits = if pieces.count() == 1 { "a bit that stands" } else { "bits that stand" };
            format!("{bits} for {}", square_list(stand_for))
        } else {
            square_list(pieces)
        };
        text.push_str(&format!(" On its way it passes {bits}, which {verb} on the board but {it} zero in {name_a}."));
    }
    text
}

/// Bits `low..=high` as a mask.
fn range(low: u32, high: u32) -> u64 {
    if low > high || low > 63 {
        return 0;
    }
    let above_high = if high >= 63 { u64::MAX } else { (1u64 << (high + 1)) - 1 };
    above_high & !((1u64 << low) - 1)
}

/// The positive ray a line focus or ray focus looks along, if it has exactly one.
fn positive_direction(focus: Focus, board: &Board) -> Option<Direction> {
    match focus {
        Focus::Line(line) => Some(line.positive()),
        Focus::Ray(direction) if direction.is_positive() => Some(direction),
        Focus::Piece if board.slider.lines().len() == 1 => Some(board.slider.lines()[0].positive()),
        _ => None,
    }
}

/// The ray a borrow runs along on the real board: the line's positive ray, or for a
/// byte-swapped word the negative one (up the mirrored word is down the board).
fn borrow_direction(focus: Focus, frame: &Board, real: &Board) -> Option<Direction> {
    let direction = positive_direction(focus, real)?;
    Some(if frame.mirror { Direction::ALL[(direction as usize + 4) % 8] } else { direction })
}

/// What the square that absorbed a borrow is on the board. `one_bit_above`: the word is the
/// board's own, so a stop one bit above the blocker (Hoffmann's) can be named as such.
fn stop_relation(
    stop: Square,
    focus: Focus,
    direction: Option<Direction>,
    board: &Board,
    one_bit_above: bool,
) -> String {
    let Some(direction) = direction else {
        return relation_of(stop, focus, board, Some(true));
    };
    let blocker = board.first_blocker(direction);
    let below = stop.index().checked_sub(1).map(Square::from_index);
    let slider = board.slider_phrase();
    match blocker {
        Some(blocker) if blocker == stop => {
            format!(" {stop} holds the first piece {} of {slider}: the first blocker.", direction.name())
        }
        Some(blocker) if one_bit_above && below == Some(blocker) => {
            format!(" {stop} is one bit above {blocker}, which holds the first piece {} of {slider}.", direction.name())
        }
        _ if board.occupied.contains(stop) => format!(" {stop} holds a piece."),
        _ => format!(" No piece stands on {stop}."),
    }
}

fn scan(step: &Step, name: &str, a: Bitboard, found: u32, board: &Board) -> String {
    let from_top = matches!(step.op, Op::Lzcnt | Op::BitScanReverse);
    let start = if from_top { "Counting down from bit 63 (h8)" } else { "Counting up from bit 0 (a1)" };
    let instruction = match step.op {
        Op::Lzcnt => " In WebAssembly this count is one i64.clz instruction.",
        Op::Tzcnt => " In WebAssembly this count is one i64.ctz instruction.",
        Op::BitScanForward => " In WebAssembly the scan is one i64.ctz instruction.",
        _ => " In WebAssembly the scan is 63 − i64.clz.",
    };
    if a.is_empty() {
        return match step.op {
            Op::Lzcnt | Op::Tzcnt => {
                format!("{name} is empty: all 64 bits are zero, so the count is 64.{instruction}")
            }
            Op::BitScanForward if board.formula => format!(
                "{name} is empty, so there is no one bit to find: a formula's scan of the empty set gives 64, as i64.ctz does."
            ),
            _ if board.formula => format!(
                "{name} is empty, so there is no one bit to find: a formula's scan of the empty set gives 64 (63 − i64.clz would give −1, so the empty set is a case of its own)."
            ),
            _ => format!("{name} is empty, so there is no one bit to find; the scan's answer, {found}, means nothing."),
        };
    }
    let bit = match step.op {
        Op::Lzcnt => 63 - found,
        _ => found,
    };
    let zero_count = if from_top { 63 - bit } else { bit };
    let counted = match step.op {
        Op::Lzcnt | Op::Tzcnt => {
            format!(
                "{start}, {} {} before the first one bit, {}: the count is {found}.",
                zeros(zero_count),
                if zero_count == 1 { "comes" } else { "come" },
                bit_name(bit)
            )
        }
        _ => format!("{start}, the first one bit is {}, after {}.", bit_name(bit), zeros(zero_count)),
    };
    // A scan from the top looks below the slider (negative rays), one from the bottom above it.
    let side = match step.focus {
        Focus::Ray(_) => None,
        _ => Some(!from_top),
    };
    format!("{counted}{}{instruction}", relation_of(Square::from_index(bit), step.focus, board, side))
}

fn lookup(step: &Step, entry: Bitboard, board: &Board) -> String {
    let Value::Number(index) = step.lhs else { return String::new() };
    // Only tables indexed by a square have entries that name one; a table with a row per file
    // or rank is read in the slider's row.
    let by_square = ["[sq]", "[square]", "[first]", "[first blocker]"].iter().any(|index| step.label.contains(index));
    let file = (b'a' + board.square.file() as u8) as char;
    let at = if index < 64 && by_square {
        format!("entry {index} ({})", Square::from_index(index))
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

fn walk(focus: Focus, attacks: Bitboard, board: &Board) -> String {
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
        square_list(attacks)
    );
    match board.first_blocker(direction) {
        Some(blocker) => format!("{reached}; it stops on {blocker}, the first piece {} of {slider}.", direction.name()),
        None => format!("{reached}; no piece stands in the way, so it runs to the board's edge."),
    }
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
            format!(
                "{}: {} has {a_bit}, {} has {b_bit}{came}, so the result bit is {r_bit}{then}.",
                capitalised(&bit_name(bit)),
                names.lhs,
                names.rhs
            )
        }
        (Op::Lzcnt | Op::Tzcnt | Op::BitScanForward | Op::BitScanReverse, _, _) => {
            let from_top = matches!(step.op, Op::Lzcnt | Op::BitScanReverse);
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
    format!(
        "Rank by rank, now rank {rank}: here {name_a} has {a} and {name_b} has {b}, so {name_a} {} {name_b} has {result} on rank {rank}.",
        step.op.symbol()
    )
}

/// An operand's name as a sentence says it: a constant is called one ("the constant 1").
fn prose(name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("the constant {name}")
    } else {
        name.into()
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::frame;
    use crate::Technique;

    #[test]
    fn a_finished_step_is_narrated_with_its_why_and_frames_say_where_they_are() {
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        let board = Board::of(&trace);
        let sub = trace.steps.iter().find(|s| s.op == Op::Sub).unwrap();
        let text = on_screen(sub, &frame(sub, usize::MAX), &board);
        assert!(text.contains("until bit 51 (d7)") && text.ends_with(&*sub.why), "{text}");
        assert!(on_screen(sub, &frame(sub, 3), &board).starts_with("Bit 15 (h2)"), "frame 3 is at bit 12 + 3");
        let and = &trace.steps[1];
        let rank = on_screen(and, &frame(and, 3), &board);
        assert!(
            rank.starts_with("Rank by rank, now rank 3: here occupied has") && rank.ends_with("on rank 3."),
            "{rank}"
        );
        assert!(rank.contains("so occupied & line_mask has"), "the operands by their names: {rank}");
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
