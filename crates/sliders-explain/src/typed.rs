//! Sentences for a formula's operation read as C, on a type narrower than 64 bits or signed:
//! said as that type's numbers, with what C's type does to them (a value past an unsigned
//! type kept mod 2^bits, a quotient rounded toward zero, a sign shifted in). Computed from the
//! step's values like every other sentence; an undefined operation faults before it is a step.

use alloc::format;
use alloc::string::String;

use sliders::trace::{IntType, Op, Step, Value};

/// The step's value read as a number of `int`.
fn number(value: Value, int: IntType) -> i128 {
    match value {
        Value::Number(n) => int.read(n),
        Value::Signed(n) => n as i128,
        Value::Board(board) => int.read(board.0),
    }
}

/// What an unsigned type does to an exact value past it, said where it did something.
fn kept(exact: i128, result: i128, int: IntType) -> String {
    if exact == result {
        return String::new();
    }
    format!(
        " The exact value, {exact}, is past what {} holds (0 to 2^{} − 1): it keeps the value mod 2^{}, {result}.",
        int.name(),
        int.bits,
        int.bits
    )
}

/// The sentence for a step of `int`, or `None` for one said as the lab's (a comparison, a
/// logical operation, a choice: said the same in every type).
pub fn describe(step: &Step, a: &str, int: IntType) -> Option<String> {
    let x = number(step.lhs, int);
    let y = step.rhs.map(|value| number(value, int));
    let z = number(step.result, int);
    let name = int.name();
    // A number below zero after an operator is in parentheses: 5 − (-3), ~(-257).
    let p = |n: i128| if n < 0 { format!("({n})") } else { format!("{n}") };
    Some(match (step.op, y) {
        (Op::Add, Some(y)) => format!("{x} + {} = {z} in {name}.{}", p(y), kept(x + y, z, int)),
        (Op::Sub, Some(y)) => format!("{x} − {} = {z} in {name}.{}", p(y), kept(x - y, z, int)),
        (Op::Mul, Some(y)) => format!("{x} × {} = {z} in {name}.{}", p(y), kept(x * y, z, int)),
        (Op::Div, Some(y)) if int.signed => {
            format!("{x} / {} = {z}: C rounds a quotient toward zero, so {z} times {} is the nearest to {x} on zero's side.", p(y), p(y))
        }
        (Op::Div, Some(y)) => format!("{x} / {y} = {z}: {y} goes into {x} {z} times, rounded down."),
        (Op::Rem, Some(y)) => format!(
            "{x} % {} = {z}: what is left of {x} after {} times {}{}.",
            p(y),
            if y == 0 { 0 } else { x / y },
            p(y),
            if int.signed && x < 0 { "; C gives it the sign of the number divided" } else { "" }
        ),
        // The amount is of its own type, always 0 to the width less one here (C leaves any
        // other undefined, a fault).
        (Op::Shl, Some(amount)) => {
            let exact = x << amount.clamp(0, 127);
            format!("{x} << {amount} = {z} in {name}: {x} times 2 to the {amount}.{}", kept(exact, z, int))
        }
        (Op::Shr, Some(amount)) if x < 0 => format!(
            "{x} >> {amount} = {z} in {name}: {a} is below zero, and the sign bit is copied in from the top (C leaves this to the compiler; GCC and Clang do it), so it is {x} divided by 2 to the {amount}, rounded down."
        ),
        (Op::Shr, Some(amount)) => {
            format!("{x} >> {amount} = {z} in {name}: {x} divided by 2 to the {amount}, rounded down.")
        }
        (Op::Not, _) if int.signed => {
            format!("~{} = {z} in {name}: every one of its {} bits flips, which for a signed value is −{} − 1.", p(x), int.bits, p(x))
        }
        (Op::Not, _) => format!("~{x} = {z} in {name}: every one of its {} bits flips, which is 2^{} − 1 − {x}.", int.bits, int.bits),
        (Op::Neg, _) => format!("−{} = {z} in {name}.{}", p(x), kept(-x, z, int)),
        // A value below zero is said by its bits in the type's width; others as any number's.
        (Op::And | Op::Or | Op::Xor, Some(y)) if x < 0 || y < 0 || z < 0 => format!(
            "{x} {} {y} = {z} in {name}, bit by bit: {} {} {} = {}.",
            step.op.symbol(),
            bits(x, int),
            step.op.symbol(),
            bits(y, int),
            bits(z, int)
        ),
        // Said as in every type.
        (Op::And | Op::Or | Op::Xor, Some(_))
        | (Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Rem | Op::Shl | Op::Shr | Op::And | Op::Or | Op::Xor, None)
        | (
            Op::Scan(_)
            | Op::ByteSwap
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
            | Op::Swizzle(_),
            _,
        ) => return None,
    })
}

/// A number's bits in its type's width, in hex: "0xfffffffd".
fn bits(n: i128, int: IntType) -> String {
    let mask = if int.bits == 64 { u64::MAX } else { (1u64 << int.bits) - 1 };
    let digits = usize::from(int.bits / 4);
    format!("{:#0width$x}", (n as u64) & mask, width = digits + 2)
}
