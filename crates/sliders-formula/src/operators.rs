//! The language's binary operators, each defined once: its symbol and precedence, the step it
//! records, its value, and its WebAssembly. Every stage reads [`Binary::definition`], whose match names every operator, so a new one is a
//! compile error until it is defined; a new [`Kind`] is a compile error in each stage that
//! matches on kinds. Comparisons are one operator, [`Binary::Compare`], of six kinds of their
//! own.

use sliders::trace::{Comparison, Op};

use super::instructions::Instr;
use super::parse::Binary;

/// What family an operator is of, which says how its operands are shown, whether its value is
/// a count, and how the prover builds it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// `&`, `|`, `^`: bit by bit.
    Bitwise,
    /// `+`, `-`, `*`: wrapping arithmetic on 64-bit words.
    Arithmetic,
    /// `<<`, `>>`: the amount mod 64 (1 to the left, -1 to the right).
    Shift(i32),
    /// `/`, `%`: unsigned division; a zero divisor faults (and traps in WebAssembly).
    Division,
    /// 1 when the comparison holds, else 0.
    Comparison(Comparison),
}

/// Everything the language knows of one binary operator.
#[derive(Clone, Copy, Debug)]
pub struct Operator {
    pub symbol: &'static str,
    /// C's precedence: higher binds tighter.
    pub precedence: u8,
    pub kind: Kind,
    /// The step it records, which sliders-explain narrates.
    pub op: Op,
    pub value: fn(u64, u64) -> u64,
    /// In WebAssembly, after both operands (a comparison's i32 widened back to a word).
    pub wasm: &'static [Instr],
}

impl Binary {
    pub const fn definition(self) -> Operator {
        match self {
            Binary::Mul => Operator {
                symbol: "*",
                precedence: 10,
                kind: Kind::Arithmetic,
                op: Op::Mul,
                value: u64::wrapping_mul,
                wasm: &[Instr::I64Mul],
            },
            // A zero divisor faults before the value is asked for; the value's 0 is never shown.
            Binary::Div => Operator {
                symbol: "/",
                precedence: 10,
                kind: Kind::Division,
                op: Op::Div,
                value: |a, b| a.checked_div(b).unwrap_or(0),
                wasm: &[Instr::I64DivU],
            },
            Binary::Rem => Operator {
                symbol: "%",
                precedence: 10,
                kind: Kind::Division,
                op: Op::Rem,
                value: |a, b| a.checked_rem(b).unwrap_or(0),
                wasm: &[Instr::I64RemU],
            },
            Binary::Add => Operator {
                symbol: "+",
                precedence: 9,
                kind: Kind::Arithmetic,
                op: Op::Add,
                value: u64::wrapping_add,
                wasm: &[Instr::I64Add],
            },
            Binary::Sub => Operator {
                symbol: "-",
                precedence: 9,
                kind: Kind::Arithmetic,
                op: Op::Sub,
                value: u64::wrapping_sub,
                wasm: &[Instr::I64Sub],
            },
            // The amount mod 64, as wasm's i64.shl and x86-64's shl do.
            Binary::Shl => Operator {
                symbol: "<<",
                precedence: 8,
                kind: Kind::Shift(1),
                op: Op::Shl,
                value: |a, b| a << (b % 64),
                wasm: &[Instr::I64Shl],
            },
            Binary::Shr => Operator {
                symbol: ">>",
                precedence: 8,
                kind: Kind::Shift(-1),
                op: Op::Shr,
                value: |a, b| a >> (b % 64),
                wasm: &[Instr::I64ShrU],
            },
            Binary::And => Operator {
                symbol: "&",
                precedence: 5,
                kind: Kind::Bitwise,
                op: Op::And,
                value: |a, b| a & b,
                wasm: &[Instr::I64And],
            },
            Binary::Xor => Operator {
                symbol: "^",
                precedence: 4,
                kind: Kind::Bitwise,
                op: Op::Xor,
                value: |a, b| a ^ b,
                wasm: &[Instr::I64Xor],
            },
            Binary::Or => Operator {
                symbol: "|",
                precedence: 3,
                kind: Kind::Bitwise,
                op: Op::Or,
                value: |a, b| a | b,
                wasm: &[Instr::I64Or],
            },
            Binary::Compare(comparison) => comparison_operator(comparison),
        }
    }
}

/// A comparison's precedence, value and WebAssembly (the i32 it gives widened back to a word).
type ComparisonParts = (u8, fn(u64, u64) -> u64, &'static [Instr]);

const fn comparison_operator(comparison: Comparison) -> Operator {
    let (precedence, value, wasm): ComparisonParts = match comparison {
        Comparison::Less => (7, |a, b| u64::from(a < b), &[Instr::I64LtU, Instr::I64ExtendI32U]),
        Comparison::LessEqual => (7, |a, b| u64::from(a <= b), &[Instr::I64LeU, Instr::I64ExtendI32U]),
        Comparison::Greater => (7, |a, b| u64::from(a > b), &[Instr::I64GtU, Instr::I64ExtendI32U]),
        Comparison::GreaterEqual => (7, |a, b| u64::from(a >= b), &[Instr::I64GeU, Instr::I64ExtendI32U]),
        Comparison::Equal => (6, |a, b| u64::from(a == b), &[Instr::I64Eq, Instr::I64ExtendI32U]),
        Comparison::NotEqual => (6, |a, b| u64::from(a != b), &[Instr::I64Ne, Instr::I64ExtendI32U]),
    };
    Operator {
        symbol: comparison.symbol(),
        precedence,
        kind: Kind::Comparison(comparison),
        op: Op::Compare(comparison),
        value,
        wasm,
    }
}
