//! Sentences for what only a formula does: its own operations (counts, rotations, pext,
//! comparisons, choices, masks), arithmetic on numbers, and shifts by 64 or more. Computed
//! from the step's values like every other sentence.

use alloc::format;
use alloc::string::String;

use crate::board::Board;
use crate::sentences::shift;
use crate::words::{bit_name, bits, line_name, square_list};
use sliders::trace::{Mask, Op, Step, Value};
use sliders::{Bitboard, Square};

/// The sentence for `step`, if it is one a formula alone takes; `None` for the rest, which
/// the techniques' sentences say.
pub fn describe(step: &Step, a: &str, b: &str, board: &Board) -> Option<String> {
    let lhs = step.lhs.board().unwrap_or_default();
    let rhs = step.rhs.and_then(Value::board).unwrap_or_default();
    let result = step.result.board().unwrap_or_default();
    // A technique's steps are said as the techniques' sentences say them (magic multiplies by
    // a single bit too, and that step is said as a gather).
    if !step.place.is_typed() {
        return None;
    }
    // A reader's table: its entry's number, counted as C lays the entries out.
    if step.op == Op::Lookup {
        return table_read(step);
    }
    // Read as C, an operation of a type narrower than 64 bits, or signed, is said as that
    // type's numbers.
    if let Some(int) = step.int {
        if let Some(said) = crate::typed::describe(step, a, int) {
            return Some(said);
        }
    }
    if crate::facts::on_a_number(step) {
        return Some(numbers(step, a, b));
    }
    let amount = step.rhs.map(value_of);
    Some(match step.op {
        // Numbers are 64-bit words: below zero or past 2^64 they wrap round.
        Op::Add => match (step.lhs, step.rhs, step.result) {
            (Value::Number(x), Some(Value::Number(y)), Value::Number(z)) => {
                arithmetic(x, "+", y, z, x.checked_add(y).is_none().then(past_two_to_the_64))
            }
            _ => add(a, b, lhs, rhs, result),
        },
        Op::Sub => match (step.lhs, step.rhs, step.result) {
            (Value::Number(x), Some(Value::Number(y)), Value::Number(z)) => {
                let below_zero = (x < y).then(|| {
                    format!(
                        " {y} is more than {x}, so the difference is below zero: the 64-bit word wraps round to 2^64 − {}.",
                        y - x
                    )
                });
                arithmetic(x, "−", y, z, below_zero)
            }
            // A subtraction of sets: the techniques' sentences say its borrow.
            _ => return None,
        },
        Op::Mul => match (step.lhs, step.rhs, step.result) {
            (Value::Number(x), Some(Value::Number(y)), Value::Number(z)) => {
                arithmetic(x, "×", y, z, x.checked_mul(y).is_none().then(past_two_to_the_64))
            }
            (Value::Board(x), Some(Value::Board(y)), _) => multiply(a, b, x, y, result)?,
            _ => return None,
        },
        Op::Div | Op::Rem => division(a, step)?,
        Op::Shl | Op::Shr => {
            let amount = amount?;
            let effective = (amount % 64) as u32;
            let moved = shift(a, step.op, lhs, effective, result, true);
            if amount < 64 {
                moved
            } else {
                let instruction = if step.op == Op::Shl { "i64.shl" } else { "i64.shr_u" };
                format!("The amount, {amount}, is taken mod 64, as WebAssembly's {instruction} and x86-64's shifts do: this is a shift by {effective}. {moved}")
            }
        }
        Op::Popcount => {
            let count = lhs.count();
            let ones = match count {
                0 => format!("{a} has no one bit: the count is 0."),
                1 => format!("{a} has 1 one bit ({}): the count is 1.", square_list(lhs)),
                _ if count <= 8 => format!("{a} has {count} one bits ({}): the count is {count}.", square_list(lhs)),
                _ => format!("{a} has {count} one bits: the count is {count}."),
            };
            format!("{ones} In WebAssembly the count is one i64.popcnt instruction.")
        }
        Op::RotateLeft | Op::RotateRight => rotate(a, step.op, lhs, amount?),
        Op::LowestBit | Op::HighestBit => {
            let which = if step.op == Op::LowestBit { "lowest" } else { "highest" };
            match result.squares().next() {
                None => format!("{a} has no one bit, so the result is empty."),
                Some(square) if lhs.count() == 1 => {
                    format!(
                        "The only one bit of {a}, {}, is also its {which}: the result is {a} again.",
                        bit_name(square.index())
                    )
                }
                Some(square) => format!(
                    "The {which} of the {} one bits of {a} is {}; every other bit becomes zero.",
                    lhs.count(),
                    bit_name(square.index())
                ),
            }
        }
        Op::Pdep => pdep(a, b, lhs, rhs, result),
        Op::Compare(comparison) => {
            let (Some(y), Value::Number(holds)) = (step.rhs, step.result) else { return None };
            let (x, y) = (text_of(step.lhs), text_of(y));
            let verdict = if holds == 1 { "holds, so the result is 1" } else { "does not hold, so the result is 0" };
            format!("{x} {} {y} {verdict}.", comparison.symbol())
        }
        Op::LogicalNot if value_of(step.lhs) == 0 => format!("{a} is zero, so !{a} is 1."),
        Op::LogicalNot => format!("{a} is {}, not zero, so !{a} is 0.", text_of(step.lhs)),
        Op::LogicalAnd | Op::LogicalOr => logical(a, b, step),
        Op::Select => {
            let which = if value_of(step.lhs) != 0 {
                format!("{a} is {}, not zero, so the value before the colon is the result", text_of(step.lhs))
            } else {
                format!("{a} is zero, so the value after the colon is the result")
            };
            format!("{which}: {}. Only that value was computed.", described(step.result))
        }
        // An `if`'s test: which way it went, from the condition's value.
        Op::Branch if value_of(step.lhs) != 0 => {
            format!("{a} is {}, not zero, so the if's own branch runs.", text_of(step.lhs))
        }
        Op::Branch => format!("{a} is zero, so the if's own branch does not run."),
        // A switch's case: whether the value is one of the case's.
        Op::Case if value_of(step.lhs) != 0 => format!("{a} is {}, so this case's statements run.", text_of(step.lhs)),
        Op::Case => format!("{a} is zero, so this case's statements do not run."),
        // A loop's test: which run of the body it allows, or that the loop ends.
        Op::Loop => {
            let Some(Value::Number(run)) = step.rhs else { return None };
            match value_of(step.lhs) {
                0 if run == 1 => format!("{a} is zero, so the loop's body does not run at all."),
                0 => format!("{a} is zero, so the loop ends after {} of its body.", runs(run - 1)),
                _ => format!("{a} is {}, not zero, so the loop's body runs {}.", text_of(step.lhs), nth_time(run)),
            }
        }
        Op::Mask(mask) => {
            let Value::Number(index) = step.lhs else { return None };
            masked(mask, Square::from_index(index.min(63) as u32), result, board)
        }
        // What a formula shares with the techniques: said by the techniques' sentences.
        Op::And
        | Op::Or
        | Op::Xor
        | Op::Not
        | Op::Neg
        | Op::Scan(_)
        | Op::ByteSwap
        | Op::Lookup
        | Op::RayWalk
        | Op::Pext
        | Op::Swizzle(_) => return None,
    })
}

/// `a && b`, `a || b`: what the first operand settled, or what the second then decided.
fn logical(a: &str, b: &str, step: &Step) -> String {
    // The second operand as typed (short enough to read), even where it was not computed and
    // so has no value or name of its own.
    let b = match (&*step.operands.rhs, b) {
        (typed, _) if !typed.is_empty() && typed.chars().count() <= 40 => typed,
        (_, "") => "the second operand",
        (_, named) => named,
    };
    let symbol = step.op.symbol();
    let (first, result) = (value_of(step.lhs), value_of(step.result));
    let first_said = match first {
        0 => format!("{a} is zero"),
        _ => format!("{a} is {}, not zero", text_of(step.lhs)),
    };
    match step.rhs {
        None => format!("{first_said}, so {a} {symbol} {b} is {result} without {b}: C does not compute it."),
        Some(second) => {
            let second_said = match value_of(second) {
                0 => format!("{b} is zero"),
                _ => format!("{b} is {}, not zero", text_of(second)),
            };
            format!("{first_said}, which leaves it to {b}: {second_said}, so {a} {symbol} {b} is {result}.")
        }
    }
}

/// `x / y = q` or `x % y = r`, of a number or of a set read as its 64-bit number; by a power
/// of two, the shift or the mask that gives the same.
fn division(a: &str, step: &Step) -> Option<String> {
    let Some(Value::Number(y)) = step.rhs else { return None };
    let (x, z) = (value_of(step.lhs), value_of(step.result));
    let read = match step.lhs {
        Value::Number(_) | Value::Signed(_) => String::new(),
        Value::Board(_) => format!("{a}, read as one 64-bit number, is {x}. "),
    };
    let quotient = step.op == Op::Div;
    let said = match quotient {
        true => format!("{x} / {y} = {z}: {y} goes into {x} {z} times, rounded down."),
        false => format!("{x} % {y} = {z}: what is left of {x} after {} times {y}.", x / y.max(1)),
    };
    let same = match (y.is_power_of_two().then(|| y.trailing_zeros()), quotient) {
        (None | Some(0), _) => String::new(),
        (Some(k), true) => format!(" By {y}, 2 to the {k}, that is a shift right by {k}: {x} >> {k} = {z}."),
        (Some(k), false) => format!(" By {y}, 2 to the {k}, that is the lowest {k} bits: {x} & {} = {z}.", y - 1),
    };
    Some(format!("{read}{said}{same}"))
}

/// `x + y = z` of numbers, and what the 64-bit word did if the exact value does not fit.
fn arithmetic(x: u64, sign: &str, y: u64, z: u64, wrapped: Option<String>) -> String {
    format!("{x} {sign} {y} = {z}.{}", wrapped.unwrap_or_default())
}

fn past_two_to_the_64() -> String {
    String::from(" The exact value passes 2^64: the 64-bit word keeps its lowest 64 bits.")
}

fn value_of(value: Value) -> u64 {
    match value {
        Value::Number(n) => n,
        Value::Signed(n) => n as u64,
        Value::Board(board) => board.0,
    }
}

/// "sq is 27, binary 11011: a number, not a set of squares. sq & 7 = 3 (binary 11)."
fn numbers(step: &Step, a: &str, b: &str) -> String {
    let mut text = String::new();
    // A shift's or rotation's second operand is its amount; a constant says its number itself.
    let amount = matches!(step.op, Op::RotateLeft | Op::RotateRight | Op::Shl | Op::Shr);
    for (name, value) in [(a, Some(step.lhs)), (b, step.rhs.filter(|_| !amount))] {
        let number = match value {
            Some(Value::Number(n)) => Some(n),
            Some(Value::Signed(n)) => u64::try_from(n).ok(),
            Some(Value::Board(_)) | None => None,
        };
        if let (Some(n), false) = (number, name.starts_with("the constant")) {
            text.push_str(&format!("{name} is {}: a number, not a set of squares. ", in_digits(n)));
        }
    }
    let result = match step.result {
        Value::Number(n) => format!("{n} ({})", digits(n)),
        Value::Signed(n) if n >= 0 => format!("{n} ({})", digits(n as u64)),
        Value::Signed(n) => format!("{n}"),
        Value::Board(board) => format!("{board}"),
    };
    text.push_str(&format!("{} = {result}.", step.expression()));
    text
}

/// "27, binary 11011"; a number past 32 bits in hex: "18446744073709551589, 0xffffffffffffffe5".
fn in_digits(n: u64) -> String {
    format!("{n}, {}", digits(n))
}

/// "binary 11011"; a number past 32 bits in hex, whose 64 binary digits would not read:
/// "0xffffffffffffffe5".
fn digits(n: u64) -> String {
    if n <= u32::MAX as u64 {
        format!("binary {n:b}")
    } else {
        format!("0x{n:016x}")
    }
}

/// A number as a number, a set in hex.
fn text_of(value: Value) -> String {
    match value {
        Value::Number(n) => format!("{n}"),
        Value::Signed(n) => format!("{n}"),
        Value::Board(board) => format!("{board}"),
    }
}

/// A value in words: a number, or a set's squares.
fn described(value: Value) -> String {
    match value {
        Value::Number(n) => format!("{n}"),
        Value::Signed(n) => format!("{n}"),
        Value::Board(board) if board.is_empty() => String::from("the empty set"),
        Value::Board(board) if board.count() <= 8 => format!("{} ({})", board, square_list(board)),
        Value::Board(board) => format!("{board}, {} one bits", board.count()),
    }
}

/// A product by a single one bit is a shift: said as one. Other products are said as the
/// techniques' are (copies of b), with the bits that pass bit 63 counted.
fn multiply(a: &str, b: &str, x: Bitboard, y: Bitboard, product: Bitboard) -> Option<String> {
    if x.count() != 1 || y.is_empty() {
        return None;
    }
    let k = x.0.trailing_zeros();
    let factor = if x.0 < 1 << 32 { format!("{}", x.0) } else { format!("{x}") };
    let shift = shift(b, Op::Shl, y, k, product, true);
    let lost = y.count() - product.count();
    let lost = match lost {
        0 => String::new(),
        1 => String::from(" 1 bit passes bit 63 and is lost: a product keeps the low 64 bits."),
        n => format!(" {n} bits pass bit 63 and are lost: a product keeps the low 64 bits."),
    };
    let _ = a;
    Some(format!("{factor} is a single one bit, bit {k}, so multiplying by it shifts {b} up by {k}. {shift}{lost}"))
}

fn add(a: &str, b: &str, x: Bitboard, y: Bitboard, sum: Bitboard) -> String {
    let shared = x & y;
    if shared.is_empty() {
        return format!(
            "{a} and {b} share no one bit, so nothing carries: the sum is their OR, {}.",
            described(Value::Board(sum))
        );
    }
    let carried = Bitboard(sum.0 ^ (x.0 | y.0));
    format!(
        "{a} and {b} share {} ({}), so adding them carries: the sum differs from their OR in {} bit{}.",
        if shared.count() == 1 { String::from("1 one bit") } else { format!("{} one bits", shared.count()) },
        square_list(shared),
        carried.count(),
        if carried.count() == 1 { "" } else { "s" }
    )
}

fn rotate(name: &str, op: Op, a: Bitboard, amount: u64) -> String {
    let places = (amount % 64) as u32;
    let modulo =
        if amount >= 64 { format!(" The amount, {amount}, is taken mod 64: {places}.") } else { String::new() };
    let instruction = if op == Op::RotateLeft { "i64.rotl" } else { "i64.rotr" };
    if a.is_empty() {
        return format!("{name} has no one bit, so the rotated word is empty too.{modulo}");
    }
    if places == 0 {
        return format!("A rotation by 0 leaves every bit where it is.{modulo}");
    }
    let (way, from, to) = if op == Op::RotateLeft { ("up", "bit 63", "bit 0") } else { ("down", "bit 0", "bit 63") };
    let wrapped =
        a.squares().filter(|s| if op == Op::RotateLeft { s.index() + places > 63 } else { s.index() < places }).count();
    let around = match wrapped {
        0 => String::from("no bit passes the end"),
        1 => format!("1 bit passes {from} and comes back in from {to}"),
        n => format!("{n} bits pass {from} and come back in from {to}"),
    };
    format!("Every one bit moves {places} place{} {way}; {around}, so no bit is lost.{modulo} In WebAssembly this is one {instruction} instruction.", if places == 1 { "" } else { "s" })
}

fn pdep(a: &str, b: &str, x: Bitboard, mask: Bitboard, result: Bitboard) -> String {
    if mask.is_empty() {
        return format!("{b} has no one bit, so there is nowhere to place the bits of {a}: the result is 0.");
    }
    let count = mask.count();
    let low = if count >= 64 { x } else { Bitboard(x.0 & ((1u64 << count) - 1)) };
    let placed = match result.count() {
        0 => format!("none of bits 0 to {} of {a} is one, so the result is 0", count - 1),
        n if n <= 6 => format!(
            "the {} that are one land on {}",
            if n == 1 { String::from("1") } else { format!("{n}") },
            square_list(result)
        ),
        n => format!("{n} of them are one"),
    };
    let _ = low;
    format!(
        "pdep places bits 0 to {} of {a}, lowest first, on the {count} one bit{} of {b}: {placed}. WebAssembly has no pdep instruction either: here it is a loop.",
        count - 1,
        if count == 1 { "" } else { "s" }
    )
}

fn masked(mask: Mask, square: Square, result: Bitboard, board: &Board) -> String {
    let call = match mask {
        Mask::Ray(direction) => format!("ray({square}, {})", direction.name().replace('-', "")),
        Mask::Bit | Mask::Line(_) => format!("{}({square})", mask.function()),
    };
    let _ = board;
    match mask {
        Mask::Bit => format!("{call} is the one bit of {square}, bit {}.", square.index()),
        Mask::Line(line) => format!(
            "{call} is {}, {square} included: {} squares, {}.",
            line_name(line, square),
            result.count(),
            square_list(result)
        ),
        Mask::Ray(direction) if result.is_empty() => {
            format!("There is no square {} of {square}: {call} is empty.", direction.name())
        }
        Mask::Ray(direction) => format!(
            "{call} is every square {} of {square}, {square} excluded: {}.",
            direction.name(),
            square_list(result)
        ),
    }
}

/// "1 run", "3 runs".
fn runs(count: u64) -> String {
    if count == 1 {
        String::from("1 run")
    } else {
        format!("{count} runs")
    }
}

/// "for the first time", "for the 3rd time".
fn nth_time(run: u64) -> String {
    let suffix = match (run % 10, run % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    match run {
        1 => String::from("for the first time"),
        _ => format!("for the {run}{suffix} time"),
    }
}

/// A read of the reader's table: which entry, and what it holds.
fn table_read(step: &Step) -> Option<String> {
    let Value::Number(entry) = step.lhs else { return None };
    let holds = match step.result {
        Value::Board(set) if set.is_empty() => String::from("an empty set"),
        Value::Board(set) => format!("{} ({})", bits(set.count()), square_list(set)),
        Value::Number(_) | Value::Signed(_) => format!("the number {}", text_of(step.result)),
    };
    // The table as declared: a struct's field's table (`masks.lower`) is that field of each.
    let table = match step.operands.rhs.split_once('.') {
        Some((table, field)) => format!("the {field} fields of {table}"),
        None if step.operands.rhs.is_empty() => String::from("the table"),
        None => String::from(&*step.operands.rhs),
    };
    Some(format!(
        "Reads entry {entry} of {table}, its entries numbered from 0 row after row as C lays them out: {holds}."
    ))
}
