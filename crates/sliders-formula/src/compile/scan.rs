//! MSVC's `_BitScanForward64(&index, mask)` and `_BitScanReverse64`, read as MSVC documents
//! them: where the mask has a one bit the index gets its place and the value is 1; where it is
//! 0 the value is 0 and the index is left undefined.
//!
//! Each name a scan gives a value has a hidden companion, its flag: the mask the last scan
//! found, or 1 after any other assignment (and at the body's start, for a parameter). A read of
//! the name is [`Code::Defined`]: a fault where the flag is 0, in the evaluator, the prover
//! and WebAssembly alike. The scan itself is the flag's assignment (the mask's steps, as
//! typed) and the index's, a bit scan's step labelled as the call was typed.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{assign, converted_to, CallCost, Code, Defined, Holds, Instruction, Scanned, Scope};
use crate::ctype::{CType, Suffix};
use crate::lex::Radix;
use crate::parse::{BitScan, Expr, Node, Statement};
use crate::{Error, Span};

/// The hidden name of the flag of `index`: no name typed can be spelled so.
pub(super) fn flag_name(index: &str) -> String {
    format!("{index}#scanned")
}

/// The names the scans in `statements` give values, each once, in order.
pub(super) fn targets(statements: &[Statement]) -> Vec<String> {
    let mut found = Vec::new();
    collect(statements, &mut found);
    found
}

fn collect(statements: &[Statement], found: &mut Vec<String>) {
    for statement in statements {
        match statement {
            Statement::If { then, otherwise, .. } => {
                collect(then, found);
                collect(otherwise, found);
            }
            Statement::Loop { init, body, step, .. } => {
                collect(init, found);
                collect(body, found);
                collect(step, found);
            }
            Statement::Bare(_)
            | Statement::Assign { .. }
            | Statement::Return(_)
            | Statement::Break(_)
            | Statement::Continue(_)
            | Statement::Store { .. } => {}
        }
        if let Some(scan) = statement.bit_scan() {
            if !found.contains(&scan.index) {
                found.push(scan.index.clone());
            }
        }
    }
}

/// The scan a condition makes (its node too), and whether it is negated
/// (`!_BitScanForward64(&i, x)`), where it makes one.
pub(super) fn condition_scan(node: &Node) -> Option<(&BitScan, &Node, bool)> {
    if let Expr::Unary(crate::parse::Unary::LogicalNot, inner) = &node.expr {
        return scan_of(inner).map(|scan| (scan, &**inner, true));
    }
    scan_of(node).map(|scan| (scan, node, false))
}

/// A condition's test of its scan (the call typed at `call`): the scan's value, or its `!`,
/// each labelled as typed.
pub(super) fn condition_value(scan: &BitScan, negated: bool, (call, span): (Span, Span)) -> Node {
    let found = value(scan, call);
    match negated {
        true => Node { expr: Expr::Unary(crate::parse::Unary::LogicalNot, Box::new(found)), span },
        false => found,
    }
}

/// The scan an expression is, where it is one.
pub(super) fn scan_of(node: &Node) -> Option<&BitScan> {
    if let Expr::BitScan(scan) = &node.expr {
        Some(scan)
    } else {
        None
    }
}

/// At a body's start, each scanned name's flag is 1: a parameter has its value.
pub(super) fn start(scope: &mut Scope, calls: &mut CallCost, span: Span) -> Result<Vec<Instruction>, Error> {
    let mut instructions = Vec::new();
    for index in scope.scanned.clone() {
        let one = Node { expr: Expr::Number(1, Radix::Decimal, Suffix::None), span };
        instructions.push(assign((&flag_name(&index), span, true, Some(CType::WORD)), &one, scope, calls)?);
    }
    Ok(instructions)
}

/// After any other assignment of a scanned name, its flag is 1 again.
pub(super) fn assigned(name: &str, scope: &mut Scope) -> Option<Instruction> {
    if !scope.scanned.iter().any(|index| index == name) {
        return None;
    }
    let slot = flag_slot(name, scope)?;
    scope.holds[slot] = Holds::TypedCount;
    Some(Instruction::Set(slot, Code::Count(1)))
}

fn flag_slot(index: &str, scope: &Scope) -> Option<usize> {
    let flag = flag_name(index);
    scope.locals.iter().rposition(|local| local.name == flag)
}

/// The scan `node` is: the mask into the flag, then the index's bit scan. Its value, 1 where
/// the mask has a one bit, is the flag as C's `_Bool` (see [`value`]).
pub(super) fn scan(
    scan: &BitScan,
    node: &Node,
    scope: &mut Scope,
    calls: &mut CallCost,
) -> Result<Vec<Instruction>, Error> {
    let declared = scope.locals.iter().any(|local| local.visible && local.name == scan.index)
        || scope.declared.iter().any(|declared| declared.name == scan.index);
    if !declared {
        return Err(Error::at(
            scan.index_span,
            &format!("{} is not declared above: declare the index first (unsigned long {};)", scan.index, scan.index),
        ));
    }
    let Some(slot) = flag_slot(&scan.index, scope) else {
        return Err(Error::at(node.span, "this scan's index has no flag: a mistake in the lab"));
    };
    scope.bound = None;
    let mask = converted_to(&scan.mask, CType::WORD, scope, calls)?;
    scope.holds[slot] = Holds::of(&mask);
    let flag = Node { expr: Expr::Name(flag_name(&scan.index)), span: scan.mask.span };
    let function = if scan.reverse { "bsr" } else { "bsf" };
    // Spelled as typed (see [`crate::parse::Program::written`]): the step is the call's.
    let found = Node { expr: Expr::Call(function.to_string(), alloc::vec![flag]), span: node.span };
    let index = match assign((&scan.index, scan.index_span, false, None), &found, scope, calls)? {
        // Where the mask is 0 the scan gives nothing (and says nothing): the index is undefined.
        Instruction::Set(index, code) => {
            let flag = Code::Local(slot, scope.holds[slot]);
            Instruction::Set(index, Code::Scanned(Box::new(Scanned { flag, found: code })))
        }
        other => other,
    };
    Ok(alloc::vec![Instruction::Set(slot, mask), index])
}

/// The scan's value: 1 where its mask had a one bit, else 0, the flag as C's `_Bool`, where
/// the scan was typed.
pub(super) fn value(scan: &BitScan, span: Span) -> Node {
    let flag = Node { expr: Expr::Name(flag_name(&scan.index)), span };
    Node { expr: Expr::Cast(CType::Bool, Box::new(flag)), span }
}

/// A read of `name` in slot `slot`: checked against its flag where a scan gives it values.
pub(super) fn read(name: &str, value: Code, scope: &Scope, span: Span) -> Code {
    // Most names are never scanned: their reads need no flag looked up.
    if !scope.scanned.iter().any(|index| index == name) {
        return value;
    }
    let Some(flag) = flag_slot(name, scope) else { return value };
    let message = format!(
        "{name} is undefined here: the bit scan that gave it its value last found its mask 0, and MSVC leaves the index undefined then, so reading it is undefined in C"
    );
    Code::Defined(Box::new(Defined { value, flag: Code::Local(flag, scope.holds[flag]), span, message }))
}
