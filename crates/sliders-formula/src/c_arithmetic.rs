//! C's operations on values kept as [`ctype`](super::ctype) keeps them (a signed type's
//! sign-extended in a 64-bit word, an unsigned one's zero-extended): each binary and unary
//! operator's value on a type, or what C leaves undefined there, and the fault's words. The
//! evaluator computes with these; the prover and WebAssembly have their own forms of the same
//! (prove/c_arith.rs, wasm_c.rs), tested against these and against a C compiler.

use alloc::format;
use alloc::string::String;

use super::ctype::CType;
use super::parse::{Binary, Unary};
use sliders::trace::Comparison;

/// What C leaves undefined, met by an operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Undefined {
    /// A signed result past its type's range.
    Overflow,
    /// A shift by the type's width or more, or by a negative amount.
    ShiftAmount,
    /// A signed negative value shifted left.
    NegativeShifted,
    DivisionByZero,
}

/// An operation's result in C, on values of `ty` kept as this module keeps them (a shift's
/// amount of its own type); `Err` where C leaves it undefined.
pub fn binary(op: Binary, ty: CType, a: u64, b: u64) -> Result<u64, Undefined> {
    let bits = ty.bits();
    let checked =
        |exact: u64| if ty.signed() && !ty.holds(exact) { Err(Undefined::Overflow) } else { Ok(ty.convert(exact)) };
    match op {
        Binary::And => Ok(a & b),
        Binary::Or => Ok(a | b),
        Binary::Xor => Ok(a ^ b),
        // Of two 32-bit values the 64-bit result is exact; of 64-bit signed ones, i64's check.
        Binary::Add if bits == 64 && ty.signed() => {
            (a as i64).checked_add(b as i64).map(|v| v as u64).ok_or(Undefined::Overflow)
        }
        Binary::Sub if bits == 64 && ty.signed() => {
            (a as i64).checked_sub(b as i64).map(|v| v as u64).ok_or(Undefined::Overflow)
        }
        Binary::Mul if bits == 64 && ty.signed() => {
            (a as i64).checked_mul(b as i64).map(|v| v as u64).ok_or(Undefined::Overflow)
        }
        Binary::Add => checked(a.wrapping_add(b)),
        Binary::Sub => checked(a.wrapping_sub(b)),
        Binary::Mul => checked(a.wrapping_mul(b)),
        Binary::Div | Binary::Rem if b == 0 => Err(Undefined::DivisionByZero),
        Binary::Div | Binary::Rem if ty.signed() => {
            let (x, y) = (a as i64, b as i64);
            let exact = if op == Binary::Div { x.checked_div(y) } else { x.checked_rem(y) };
            // i64::MIN / -1, and for int the quotient 2^31, are past the type: undefined (the
            // remainder too, as C11 says).
            let quotient = x.checked_div(y).map(|q| q as u64).filter(|q| ty.holds(*q));
            match (exact, quotient) {
                (Some(v), Some(_)) => Ok(v as u64),
                _ => Err(Undefined::Overflow),
            }
        }
        Binary::Div => Ok(a / b),
        Binary::Rem => Ok(a % b),
        // The amount's own type is kept as this module keeps values: a negative one is huge.
        Binary::Shl | Binary::Shr if b >= u64::from(bits) => Err(Undefined::ShiftAmount),
        Binary::Shl if ty.signed() && (a as i64) < 0 => Err(Undefined::NegativeShifted),
        Binary::Shl if ty.signed() => {
            let shifted = a << b;
            // The bits shifted out, or into the sign, are lost: past the type's largest.
            if shifted >> b != a || !ty.holds(shifted) || (shifted as i64) < 0 {
                Err(Undefined::Overflow)
            } else {
                Ok(shifted)
            }
        }
        Binary::Shl => Ok(ty.convert(a << b)),
        // A negative signed value shifts its sign in (GCC's choice).
        Binary::Shr if ty.signed() => Ok(((a as i64) >> b) as u64),
        Binary::Shr => Ok(a >> b),
        Binary::Compare(comparison) => Ok(u64::from(compare(comparison, ty, a, b))),
    }
}

/// The types C converts a binary operation's operands to: a shift's each promoted alone (the
/// amount keeps a type of its own), any other's both to their common type.
pub const fn operand_types(op: Binary, a: CType, b: CType) -> (CType, CType) {
    match op {
        Binary::Shl | Binary::Shr => (a.promoted(), b.promoted()),
        Binary::Mul
        | Binary::Div
        | Binary::Rem
        | Binary::Add
        | Binary::Sub
        | Binary::And
        | Binary::Xor
        | Binary::Or
        | Binary::Compare(_) => (CType::common(a, b), CType::common(a, b)),
    }
}

/// The type of a binary operation's value: `int` for a comparison, else the type its first
/// operand was converted to.
pub const fn result_type(op: Binary, a: CType, b: CType) -> CType {
    match op {
        Binary::Compare(_) => CType::Int,
        Binary::Shl
        | Binary::Shr
        | Binary::Mul
        | Binary::Div
        | Binary::Rem
        | Binary::Add
        | Binary::Sub
        | Binary::And
        | Binary::Xor
        | Binary::Or => operand_types(op, a, b).0,
    }
}

/// Whether a comparison of two values of `ty` holds.
pub const fn compare(comparison: Comparison, ty: CType, a: u64, b: u64) -> bool {
    if ty.signed() {
        // Flipping the sign bit orders signed words as unsigned ones.
        comparison.holds(a ^ (1 << 63), b ^ (1 << 63))
    } else {
        comparison.holds(a, b)
    }
}

/// `~a`, `-a` or `!a` in C, `a` of the (promoted) type `ty`.
pub fn unary(op: Unary, ty: CType, a: u64) -> Result<u64, Undefined> {
    match op {
        Unary::Not => Ok(ty.convert(!a)),
        Unary::Negate if ty.signed() && ty.bits() == 64 => {
            (a as i64).checked_neg().map(|v| v as u64).ok_or(Undefined::Overflow)
        }
        Unary::Negate if ty.signed() => {
            let exact = a.wrapping_neg();
            if ty.holds(exact) {
                Ok(exact)
            } else {
                Err(Undefined::Overflow)
            }
        }
        Unary::Negate => Ok(ty.convert(a.wrapping_neg())),
        Unary::LogicalNot => Ok(u64::from(a == 0)),
    }
}

/// What an undefined operation's fault says: "int 2147483647 + 1 overflows: int holds at most
/// 2147483647".
pub fn describe(undefined: Undefined, (symbol, ty): (&str, CType), a: u64, b: Option<u64>) -> String {
    let shown = |v: u64| ty.show(v);
    // A number below zero after an operator is in parentheses: 1 << (-1), -(-2147483648).
    let after = |text: String| if text.starts_with('-') { format!("({text})") } else { text };
    let operation = match b {
        Some(b) => format!("{} {symbol} {}", shown(a), after(format!("{}", b as i64))),
        None => format!("{symbol}{}", after(shown(a))),
    };
    match undefined {
        Undefined::Overflow => format!(
            "{operation} is undefined in C: the result is past what {} holds ({} to {})",
            ty.name(),
            shown(ty.convert(ty.largest().wrapping_add(1))),
            shown(ty.largest())
        ),
        Undefined::ShiftAmount => format!(
            "{operation} is undefined in C: a shift of a {}-bit {} must be by 0 to {}{}",
            ty.bits(),
            ty.name(),
            ty.bits() - 1,
            if ty.bits() < 64 { "; make the shifted value 64-bit, as 1ULL or (U64)x" } else { "" }
        ),
        Undefined::NegativeShifted => format!("{operation} is undefined in C: a negative {} shifted left", ty.name()),
        Undefined::DivisionByZero => format!("{operation} divides by zero, which is undefined in C"),
    }
}
