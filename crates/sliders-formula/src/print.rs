//! Formulas back to text, with the fewest parentheses C's precedence needs: a step's label is
//! its sub-expression printed this way, and a printed formula parses back to the same tree.

use alloc::string::String;
use core::fmt::{self, Write};

use super::ctype::CType;
use super::lex::Radix;
use super::parse::{
    Binary, Designator, Expr, Initializer, Keyword, Logic, Node, Program, Statement, Table, Unary, Written,
};
use super::Span;

/// How a label spells what a macro stood for: the source, and where in it macros standing for
/// one operand were used ([`super::preprocess::Expanded::written`]).
#[derive(Clone, Copy)]
pub struct Spelling<'a> {
    pub source: &'a str,
    pub written: &'a [Span],
}

impl Spelling<'_> {
    /// Everything as the tree has it, macros expanded: text that parses back without them.
    pub const EXPANDED: Spelling<'static> = Spelling { source: "", written: &[] };

    fn as_written(&self, node: &Node) -> Option<&str> {
        let typed = self.written.iter().find(|used| **used == node.span)?;
        self.source.get(typed.start..typed.end)
    }
}

/// Binds tighter than any binary operator.
const UNARY: u8 = 11;
/// Binds looser than any binary or logical operator.
const SELECT: u8 = 0;

fn precedence(node: &Node) -> u8 {
    match &node.expr {
        Expr::Binary(op, ..) => op.precedence(),
        Expr::Logical(op, ..) => op.precedence(),
        Expr::Select(..) => SELECT,
        Expr::Unary(..) => UNARY,
        Expr::Through(through) if through.written == Written::Star => UNARY,
        _ => UNARY + 1,
    }
}

/// `node`, in parentheses when it binds looser than `needed`.
fn operand(out: &mut String, node: &Node, needed: u8, spelling: Spelling) -> fmt::Result {
    if precedence(node) < needed && spelling.as_written(node).is_none() {
        out.push('(');
        expressed(out, node, spelling)?;
        out.push(')');
        Ok(())
    } else {
        expressed(out, node, spelling)
    }
}

/// The precedence an operand of `parent` must have to go without parentheses. Beyond C's
/// rules, an operand with another operator is parenthesised, as `o ^ (o - 2 * r)`, unless it
/// is a product in a sum: a reader should not need the precedence table.
fn needed(parent: Binary, child: &Node, by_precedence: u8) -> u8 {
    match &child.expr {
        Expr::Binary(op, ..) if *op != parent => {
            let product_in_sum = *op == Binary::Mul && matches!(parent, Binary::Add | Binary::Sub);
            if product_in_sum {
                by_precedence
            } else {
                UNARY
            }
        }
        _ => by_precedence,
    }
}

/// The same for an operand of `&&` or `||`: a comparison goes bare (`x < 3 && y > 2`), any
/// other operator, or the other logical one, in parentheses (`(o & r) && sq`).
fn needed_by_logic(parent: Logic, child: &Node, by_precedence: u8) -> u8 {
    match &child.expr {
        Expr::Binary(op, ..) if op.comparison().is_none() => UNARY,
        Expr::Logical(op, ..) if *op != parent => UNARY,
        Expr::Binary(..)
        | Expr::Logical(..)
        | Expr::Number(..)
        | Expr::Name(_)
        | Expr::Unary(..)
        | Expr::Select(..)
        | Expr::Cast(..)
        | Expr::Call(..)
        | Expr::Index(..)
        | Expr::Through(..)
        | Expr::BitScan(..) => by_precedence,
    }
}

pub fn expression(out: &mut String, node: &Node) -> fmt::Result {
    expressed(out, node, Spelling::EXPANDED)
}

/// `node` as text, a macro standing for one operand spelled as `spelling` has it.
fn expressed(out: &mut String, node: &Node, spelling: Spelling) -> fmt::Result {
    if let Some(typed) = spelling.as_written(node) {
        return out.write_str(typed);
    }
    match &node.expr {
        Expr::Number(value, Radix::Decimal, suffix) => write!(out, "{value}{}", suffix.spelling()),
        Expr::Number(value, Radix::Hex, suffix) => write!(out, "{value:#x}{}", suffix.spelling()),
        Expr::Number(value, Radix::Binary, suffix) => write!(out, "{value:#b}{}", suffix.spelling()),
        Expr::Name(name) => out.write_str(name),
        Expr::Unary(op, inner) => {
            out.push(match op {
                Unary::Not => '~',
                Unary::Negate => '-',
                Unary::LogicalNot => '!',
            });
            // `- -x`, never `--x`, which is a decrement.
            if *op == Unary::Negate && matches!(inner.expr, Expr::Unary(Unary::Negate, _)) {
                out.push(' ');
            }
            operand(out, inner, UNARY, spelling)
        }
        Expr::Binary(op, lhs, rhs) => {
            // Left to right: a right operand of the same precedence keeps its parentheses.
            operand(out, lhs, needed(*op, lhs, op.precedence()), spelling)?;
            write!(out, " {} ", op.symbol())?;
            operand(out, rhs, needed(*op, rhs, op.precedence() + 1), spelling)
        }
        Expr::Logical(op, lhs, rhs) => {
            operand(out, lhs, needed_by_logic(*op, lhs, op.precedence()), spelling)?;
            write!(out, " {} ", op.symbol())?;
            operand(out, rhs, needed_by_logic(*op, rhs, op.precedence() + 1), spelling)
        }
        Expr::Cast(ty, inner) => {
            write!(out, "({})", ty.name())?;
            operand(out, inner, UNARY, spelling)
        }
        Expr::Select(condition, then, otherwise) => {
            operand(out, condition, SELECT + 1, spelling)?;
            out.push_str(" ? ");
            expressed(out, then, spelling)?;
            out.push_str(" : ");
            expressed(out, otherwise, spelling)
        }
        Expr::Call(name, arguments) => {
            write!(out, "{name}(")?;
            for (index, argument) in arguments.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                expressed(out, argument, spelling)?;
            }
            out.push(')');
            Ok(())
        }
        Expr::Index(name, indices) => {
            // A struct's field's table, `masks.lower`, is read as `masks[sq][1].lower`.
            let (table, field) = name.split_once('.').map_or((name.as_str(), None), |(t, f)| (t, Some(f)));
            out.push_str(table);
            for index in indices {
                out.push('[');
                expressed(out, index, spelling)?;
                out.push(']');
            }
            if let Some(field) = field {
                write!(out, ".{field}")?;
            }
            Ok(())
        }
        Expr::BitScan(scan) => {
            write!(out, "{}(&{}, ", scan.name(), scan.index)?;
            expressed(out, &scan.mask, spelling)?;
            out.push(')');
            Ok(())
        }
        Expr::Through(through) => {
            match (through.written, &through.offset.expr) {
                (Written::Subscript, Expr::Binary(Binary::Add, pointer, index)) => {
                    expressed(out, pointer, spelling)?;
                    out.push('[');
                    expressed(out, index, spelling)?;
                    out.push(']');
                    if let Some(field) = &through.field {
                        write!(out, ".{field}")?;
                    }
                }
                (Written::Arrow, _) => {
                    operand(out, &through.offset, UNARY + 1, spelling)?;
                    write!(out, "->{}", through.field.as_deref().unwrap_or_default())?;
                }
                (Written::Star | Written::Subscript, _) => {
                    out.push('*');
                    operand(out, &through.offset, UNARY + 1, spelling)?;
                }
            }
            Ok(())
        }
    }
}

/// A table's declaration, its type's words as C's and its entries braced as typed.
fn table(out: &mut String, table: &Table) -> fmt::Result {
    write!(out, "const {} {}", table.ty.map_or("U64", CType::name), table.name)?;
    for (size, _) in &table.dims {
        out.push('[');
        if let Some(size) = size {
            expression(out, size)?;
        }
        out.push(']');
    }
    if let Some(entries) = &table.initializer {
        out.push_str(" = ");
        initializer(out, entries)?;
    }
    out.push_str(";\n");
    Ok(())
}

fn initializer(out: &mut String, entries: &Initializer) -> fmt::Result {
    match entries {
        Initializer::Value(node) => expression(out, node),
        Initializer::Designated(designator, value, _) => {
            match designator {
                Designator::Index(index) => {
                    out.push('[');
                    expression(out, index)?;
                    out.push_str("] = ");
                }
                Designator::Field(field, _) => write!(out, ".{field} = ")?,
            }
            initializer(out, value)
        }
        Initializer::List(items, _) => {
            out.push('{');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                initializer(out, item)?;
            }
            out.push('}');
            Ok(())
        }
    }
}

/// The text of one expression, for a label: macros standing for one operand as written.
pub fn spelled(node: &Node, spelling: Spelling) -> String {
    let mut out = String::new();
    let _ = expressed(&mut out, node, spelling);
    out
}

fn statement(out: &mut String, line: &Statement) -> fmt::Result {
    match line {
        Statement::Assign { name, value, .. } => {
            write!(out, "{name} = ")?;
            expression(out, value)
        }
        Statement::Return(value) => {
            out.push_str("return ");
            expression(out, value)
        }
        Statement::Bare(value) => expression(out, value),
        Statement::Store { target, value } => {
            expression(out, target)?;
            out.push_str(" = ");
            expression(out, value)
        }
        Statement::If { condition, then, otherwise, .. } => {
            out.push_str("if (");
            expression(out, condition)?;
            out.push_str(") {\n");
            branch(out, then)?;
            out.push('}');
            if !otherwise.is_empty() {
                out.push_str(" else {\n");
                branch(out, otherwise)?;
                out.push('}');
            }
            Ok(())
        }
        Statement::Loop { keyword, init, test, body, step, .. } => {
            match keyword {
                Keyword::While => out.push_str("while ("),
                Keyword::DoWhile => out.push_str("do {\n"),
                Keyword::For => {
                    // Several names an init declares stand before the loop, each a statement.
                    for (index, line) in init.iter().enumerate() {
                        if index + 1 < init.len() {
                            statement(out, line)?;
                            out.push('\n');
                        }
                    }
                    out.push_str("for (");
                    if let Some(last) = init.last() {
                        statement(out, last)?;
                    }
                    out.push_str("; ");
                }
            }
            match keyword {
                Keyword::DoWhile => {
                    branch(out, body)?;
                    out.push_str("} while (");
                    expression(out, test)?;
                    out.push(')');
                }
                Keyword::While | Keyword::For => {
                    expression(out, test)?;
                    if *keyword == Keyword::For {
                        out.push_str("; ");
                        if let Some(step) = step.first() {
                            statement(out, step)?;
                        }
                    }
                    out.push_str(") {\n");
                    branch(out, body)?;
                    out.push('}');
                }
            }
            Ok(())
        }
        Statement::Break(_) => {
            out.push_str("break");
            Ok(())
        }
        Statement::Continue(_) => {
            out.push_str("continue");
            Ok(())
        }
    }
}

/// A branch's statements, a line each, indented under their `if`.
fn branch(out: &mut String, statements: &[Statement]) -> fmt::Result {
    for line in statements {
        let mut text = String::new();
        statement(&mut text, line)?;
        for row in text.lines() {
            out.push_str("    ");
            out.push_str(row);
            out.push('\n');
        }
    }
    Ok(())
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        if !self.enumerators.is_empty() {
            out.push_str("enum {");
            for (index, enumerator) in self.enumerators.iter().enumerate() {
                out.push_str(if index == 0 { " " } else { ", " });
                out.push_str(&enumerator.name);
                if let Some(value) = &enumerator.value {
                    out.push_str(" = ");
                    expression(&mut out, value)?;
                }
            }
            out.push_str(" };\n");
        }
        for declared in &self.tables {
            table(&mut out, declared)?;
        }
        for function in &self.functions {
            out.push_str(if function.fills { "void " } else { "fn " });
            out.push_str(&function.name);
            out.push('(');
            for (index, parameter) in function.parameters.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                out.push_str(&parameter.name);
            }
            out.push_str(") {\n");
            for line in &function.body {
                out.push_str("    ");
                statement(&mut out, line)?;
                out.push('\n');
            }
            out.push_str("}\n");
        }
        for (name, _) in &self.fills {
            writeln!(out, "{name}();")?;
        }
        for line in &self.main {
            statement(&mut out, line)?;
            out.push('\n');
        }
        f.write_str(&out)
    }
}
