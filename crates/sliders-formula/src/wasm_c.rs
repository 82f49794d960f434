//! C's arithmetic in WebAssembly, on values kept as [`ctype`](super::ctype) keeps them (a
//! signed type's sign-extended in an i64, an unsigned one's zero-extended): each operation's
//! instructions, and a trap (`unreachable`) wherever C leaves the result undefined, as the
//! evaluator faults there.

use alloc::vec;
use alloc::vec::Vec;

use super::ctype::CType;
use super::instructions::Instr;
use super::parse::{Binary, Unary};
use sliders::trace::Comparison;

/// Three i64 locals an operation keeps its operands and result in while it checks them,
/// named here by stand-ins ([`Temps::STAND_IN`]) that the compiler replaces with locals of its
/// own, made only for those an operation uses.
#[derive(Clone, Copy)]
pub struct Temps {
    pub a: u32,
    pub b: u32,
    pub r: u32,
}

impl Temps {
    /// The stand-ins' numbers: past any local a function has.
    pub const STAND_IN: Temps = Temps { a: u32::MAX - 2, b: u32::MAX - 1, r: u32::MAX };

    /// Which of the three a local's number stands for, if it is a stand-in.
    pub const fn which(local: u32) -> Option<usize> {
        match local {
            l if l >= u32::MAX - 2 => Some((l - (u32::MAX - 2)) as usize),
            _ => None,
        }
    }
}

/// Traps if the i32 on the stack is not zero.
const TRAP_IF: [Instr; 3] = [Instr::If, Instr::Unreachable, Instr::End];

/// The value on the stack converted to `ty`.
pub fn convert(ty: CType) -> Vec<Instr> {
    match ty {
        CType::Bool => vec![Instr::I64Const(0), Instr::I64Ne, Instr::I64ExtendI32U],
        CType::SignedChar => vec![Instr::I64Extend8S],
        CType::Short => vec![Instr::I64Extend16S],
        CType::Int => vec![Instr::I64Extend32S],
        CType::Long | CType::UnsignedLong => vec![],
        CType::UnsignedChar | CType::UnsignedShort | CType::Unsigned => {
            vec![Instr::I64Const(ty.largest() as i64), Instr::I64And]
        }
    }
}

/// Traps unless the local holds a value of `ty` as it keeps one.
fn trap_unless_held(ty: CType, local: u32) -> Vec<Instr> {
    let mut out = vec![Instr::LocalGet(local)];
    out.extend(convert(ty));
    out.extend([Instr::LocalGet(local), Instr::I64Ne]);
    out.extend(TRAP_IF);
    out
}

/// The smallest value of a signed type, as kept.
fn smallest(ty: CType) -> i64 {
    -(ty.largest() as i64) - 1
}

/// `a op b` of type `ty` (a shift's amount of its own type), both on the stack.
pub fn binary(op: Binary, ty: CType, t: Temps) -> Vec<Instr> {
    let signed = ty.signed();
    let wide = ty.bits() == 64;
    let mut out = vec![Instr::LocalSet(t.b), Instr::LocalSet(t.a)];
    let (a, b, r) = (Instr::LocalGet(t.a), Instr::LocalGet(t.b), Instr::LocalGet(t.r));
    match op {
        // Bit by bit, values of one type stay of it.
        Binary::And | Binary::Or | Binary::Xor => {
            out.extend([a, b]);
            out.extend(op.definition().wasm);
        }
        Binary::Add | Binary::Sub | Binary::Mul => {
            out.extend([a, b]);
            out.extend(op.definition().wasm);
            out.push(Instr::LocalSet(t.r));
            match (signed, wide) {
                // Of two narrower values the i64 result is exact: it must fit the type.
                (true, false) => out.extend(trap_unless_held(ty, t.r)),
                // Addition: both operands' signs differ from the result's.
                (true, true) if op == Binary::Add => {
                    out.extend([a, r, Instr::I64Xor, b, r, Instr::I64Xor, Instr::I64And]);
                    out.extend([Instr::I64Const(0), Instr::I64LtS]);
                    out.extend(TRAP_IF);
                }
                // Subtraction: the operands' signs differ, and the result's differs from a's.
                (true, true) if op == Binary::Sub => {
                    out.extend([a, b, Instr::I64Xor, a, r, Instr::I64Xor, Instr::I64And]);
                    out.extend([Instr::I64Const(0), Instr::I64LtS]);
                    out.extend(TRAP_IF);
                }
                // Multiplication: a = -1 overflows only with the smallest b; any other nonzero
                // a divides the result back to b exactly when nothing was lost.
                (true, true) => {
                    out.extend([a, Instr::I64Const(-1), Instr::I64Eq, Instr::If]);
                    out.extend([b, Instr::I64Const(i64::MIN), Instr::I64Eq]);
                    out.extend(TRAP_IF);
                    out.extend([Instr::Else, a, Instr::I64Const(0), Instr::I64Ne, Instr::If]);
                    out.extend([r, a, Instr::I64DivS, b, Instr::I64Ne]);
                    out.extend(TRAP_IF);
                    out.extend([Instr::End, Instr::End]);
                }
                (false, _) => {}
            }
            out.push(r);
            if !signed {
                out.extend(convert(ty));
            }
        }
        Binary::Div | Binary::Rem => {
            // WebAssembly traps on a zero divisor itself; the smallest value over -1 is past
            // the type, and C leaves its remainder undefined too.
            if signed {
                out.extend([a, Instr::I64Const(smallest(ty)), Instr::I64Eq]);
                out.extend([b, Instr::I64Const(-1), Instr::I64Eq, Instr::I32And]);
                out.extend(TRAP_IF);
            }
            let instr = match (op == Binary::Div, signed) {
                (true, true) => Instr::I64DivS,
                (true, false) => Instr::I64DivU,
                (false, true) => Instr::I64RemS,
                (false, false) => Instr::I64RemU,
            };
            out.extend([a, b, instr]);
        }
        Binary::Shl | Binary::Shr => {
            // An amount past the width, or negative (kept as a huge word), is undefined.
            out.extend([b, Instr::I64Const(i64::from(ty.bits())), Instr::I64GeU]);
            out.extend(TRAP_IF);
            match (op == Binary::Shl, signed) {
                (true, true) => {
                    out.extend([a, Instr::I64Const(0), Instr::I64LtS]);
                    out.extend(TRAP_IF);
                    out.extend([a, b, Instr::I64Shl, Instr::LocalSet(t.r)]);
                    if wide {
                        // A bit shifted out or into the sign: shifted back, it is not a.
                        out.extend([r, b, Instr::I64ShrS, a, Instr::I64Ne]);
                        out.extend(TRAP_IF);
                    } else {
                        out.extend(trap_unless_held(ty, t.r));
                    }
                    out.push(r);
                }
                (true, false) => {
                    out.extend([a, b, Instr::I64Shl]);
                    out.extend(convert(ty));
                }
                (false, true) => out.extend([a, b, Instr::I64ShrS]),
                (false, false) => out.extend([a, b, Instr::I64ShrU]),
            }
        }
        Binary::Compare(comparison) => {
            let instr = match (comparison, signed) {
                (Comparison::Less, true) => Instr::I64LtS,
                (Comparison::Less, false) => Instr::I64LtU,
                (Comparison::LessEqual, true) => Instr::I64LeS,
                (Comparison::LessEqual, false) => Instr::I64LeU,
                (Comparison::Greater, true) => Instr::I64GtS,
                (Comparison::Greater, false) => Instr::I64GtU,
                (Comparison::GreaterEqual, true) => Instr::I64GeS,
                (Comparison::GreaterEqual, false) => Instr::I64GeU,
                (Comparison::Equal, _) => Instr::I64Eq,
                (Comparison::NotEqual, _) => Instr::I64Ne,
            };
            out.extend([a, b, instr, Instr::I64ExtendI32U]);
        }
    }
    out
}

/// `~a`, `-a` or `!a` of type `ty`, on the stack.
pub fn unary(op: Unary, ty: CType, t: Temps) -> Vec<Instr> {
    let a = Instr::LocalGet(t.a);
    let mut out = vec![Instr::LocalSet(t.a)];
    match op {
        Unary::Not => {
            out.extend([a, Instr::I64Const(-1), Instr::I64Xor]);
            out.extend(convert(ty));
        }
        Unary::Negate => {
            if ty.signed() {
                out.extend([a, Instr::I64Const(smallest(ty)), Instr::I64Eq]);
                out.extend(TRAP_IF);
            }
            out.extend([Instr::I64Const(0), a, Instr::I64Sub]);
            if !ty.signed() {
                out.extend(convert(ty));
            }
        }
        Unary::LogicalNot => out.extend([a, Instr::I64Eqz, Instr::I64ExtendI32U]),
    }
    out
}
