//! Runs a compiled formula. One evaluator serves both paths: with [`Silent`] it records
//! nothing (the check's hundred thousand runs), with [`Recording`] every operation becomes a
//! [`Step`] whose label is the sub-expression's text and whose why is the line's comment.

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use super::c_arithmetic::{self, Undefined};
use super::compile::{is_count, number_anywhere, Body, Code, Compiled, Instruction, Read, Site, MAX_ITERATIONS};
use super::ctype::{Arith, CType};
use super::functions::{AtZero, Called, Gives, Second};
use super::names::BoardName;
use super::operators::Kind;
use super::parse::{Binary, Unary};
use super::{Fault, Inputs};
use sliders::trace::{Focus, Mask, Op, Place, Step, Value};
use sliders::{Bitboard, Square};

pub trait Sink {
    /// False for the fast path, so that it never builds a step's values.
    const RECORDS: bool;
    fn step(&mut self, site: &Site, op: Op, lhs: Value, rhs: Option<Value>, result: Value);
}

pub struct Silent;

impl Sink for Silent {
    const RECORDS: bool = false;
    #[inline(always)]
    fn step(&mut self, _: &Site, _: Op, _: Value, _: Option<Value>, _: Value) {}
}

/// Every step, each with where its sub-expression was typed.
#[derive(Default)]
pub struct Recording {
    pub steps: Vec<Step>,
}

impl Sink for Recording {
    const RECORDS: bool = true;
    fn step(&mut self, site: &Site, op: Op, lhs: Value, rhs: Option<Value>, result: Value) {
        // Read as C, a number of a signed type is shown with its sign; a truth (a comparison's,
        // `!`'s) and a shift's amount (of a type of its own) are numbers still.
        let signed = site.arith.int_type().is_some_and(|int| int.signed);
        let signed_number = |value: Value| match value {
            Value::Number(n) if signed => Value::Signed(n as i64),
            Value::Number(_) | Value::Signed(_) | Value::Board(_) => value,
        };
        let truth = op.gives_truth();
        let amount = matches!(op, Op::Shl | Op::Shr);
        // A table read's operand is the entry's number, of no type of the table's.
        let lhs = if op == Op::Lookup { lhs } else { signed_number(lhs) };
        let result = if truth { result } else { signed_number(result) };
        let rhs = if amount { rhs } else { rhs.map(signed_number) };
        self.steps.push(Step {
            label: Cow::Owned(site.label.clone()),
            why: Cow::Owned(site.why.clone()),
            op,
            lhs,
            rhs,
            result,
            place: Place::Typed { span: site.span, line: site.line, column: site.column },
            operands: site.operands.clone(),
            focus: Focus::Piece,
            order: site.order,
            moved: 0,
            operand_moved: 0,
            lane: None,
            sentence: None,
            int: site.arith.int_type(),
        });
    }
}

/// Where a run goes after an instruction.
enum Flow {
    /// On to the next instruction.
    Next,
    /// Out of the function, with its value.
    Returned(u64),
    /// Out of the innermost loop.
    Broke,
    /// On to the innermost loop's step and test.
    Continued,
}

pub fn run<S: Sink>(compiled: &Compiled, inputs: Inputs, sink: &mut S) -> Result<u64, Fault> {
    let mut machine = Machine { compiled, inputs, sink, stack: Vec::with_capacity(64), filling: None };
    machine.body(&compiled.main, 0)
}

/// The most a loop of a function that fills tables runs each time it is reached.
pub const MAX_FILL_ITERATIONS: u32 = 1_000_000;
/// The most operations filling the tables takes, all its functions together.
pub const MAX_FILL_OPERATIONS: u64 = 100_000_000;

/// Tables being filled: their entries, the operations taken so far, and the call running.
struct Filling {
    entries: Vec<Vec<u64>>,
    operations: u64,
    call: super::Span,
}

/// Runs the functions that fill tables, once, in the order called (each its function and
/// where the call was typed): every table's entries after them, and the operations taken.
pub fn fill(compiled: &Compiled, calls: &[(usize, super::Span)]) -> Result<(Vec<Vec<u64>>, u64), Fault> {
    let entries = compiled.tables.iter().map(|table| table.entries.clone()).collect();
    let inputs = Inputs { occupied: 0, sliders: 0, square: 0 };
    let filling = Filling { entries, operations: 0, call: super::Span::new(0, 0) };
    let mut machine = Machine { compiled, inputs, sink: &mut Silent, stack: Vec::new(), filling: Some(filling) };
    for &(index, call) in calls {
        if let Some(filling) = machine.filling.as_mut() {
            filling.call = call;
        }
        machine.stack.clear();
        machine.body(&compiled.functions[index], 0)?;
    }
    let filling = machine.filling.map_or((Vec::new(), 0), |filling| (filling.entries, filling.operations));
    Ok(filling)
}

struct Machine<'c, 's, S> {
    compiled: &'c Compiled,
    inputs: Inputs,
    sink: &'s mut S,
    /// Every running body's names, each body's from its base on.
    stack: Vec<u64>,
    /// While the tables are filled: their entries as written so far.
    filling: Option<Filling>,
}

fn set(value: u64) -> Value {
    Value::Board(Bitboard(value))
}

/// A count as the number it is, at any size (`0 - d4` wraps to 2^64 - 27, a number still);
/// anything else as the set its bits make.
fn counted(value: u64, count: bool) -> Value {
    if count {
        Value::Number(value)
    } else {
        set(value)
    }
}

/// An amount (of a shift or a rotation) as typed.
fn amount(value: u64) -> Value {
    counted(value, true)
}

impl<S: Sink> Machine<'_, '_, S> {
    fn body(&mut self, body: &Body, base: usize) -> Result<u64, Fault> {
        self.stack.resize(base + body.slots, 0);
        let mut last = 0;
        for instruction in &body.instructions {
            match instruction {
                Instruction::Value(code) => last = self.eval(code, base)?,
                Instruction::Return(_)
                | Instruction::Set(..)
                | Instruction::If { .. }
                | Instruction::Loop { .. }
                | Instruction::Break
                | Instruction::Continue
                | Instruction::Store { .. } => {
                    if let Flow::Returned(value) = self.run(instruction, base)? {
                        return Ok(value);
                    }
                }
            }
        }
        Ok(last)
    }

    /// An instruction of a body, a branch or a loop, and where the run goes from it.
    fn run(&mut self, instruction: &Instruction, base: usize) -> Result<Flow, Fault> {
        match instruction {
            Instruction::Set(slot, code) => {
                let value = self.eval(code, base)?;
                self.stack[base + slot] = value;
            }
            Instruction::Return(code) => return self.eval(code, base).map(Flow::Returned),
            Instruction::If { condition, then, otherwise, site, case } => {
                let c = self.eval(condition, base)?;
                if S::RECORDS {
                    let lhs = counted(c, is_count(condition));
                    let op = if *case { Op::Case } else { Op::Branch };
                    self.sink.step(site, op, lhs, None, Value::Number(u64::from(c != 0)));
                }
                return self.block(if c != 0 { then } else { otherwise }, base);
            }
            Instruction::Loop { test, body, step, tests_first, site } => {
                // Filling tables, a loop may run over every subset of a mask.
                let (most, whose) = match self.filling {
                    Some(_) => (MAX_FILL_ITERATIONS, "a loop of a function that fills tables"),
                    None => (MAX_ITERATIONS, "a loop"),
                };
                for run in 1..=most + 1 {
                    if *tests_first && !self.test(test, site, run, base)? {
                        break;
                    }
                    if run > most {
                        return Err(Fault {
                            span: site.span,
                            message: format!("this loop ran {most} times and would run again: {whose} runs at most {most} times each time it is reached"),
                        });
                    }
                    match self.block(body, base)? {
                        Flow::Returned(value) => return Ok(Flow::Returned(value)),
                        Flow::Broke => break,
                        Flow::Next | Flow::Continued => {}
                    }
                    if let Flow::Returned(value) = self.block(step, base)? {
                        return Ok(Flow::Returned(value));
                    }
                    if !*tests_first && !self.test(test, site, run + 1, base)? {
                        break;
                    }
                }
            }
            Instruction::Break => return Ok(Flow::Broke),
            Instruction::Continue => return Ok(Flow::Continued),
            Instruction::Store { entry, value, site } => {
                let mut indices = [0u64; super::parse::MAX_DIMENSIONS];
                for (index, code) in indices.iter_mut().zip(&entry.indices) {
                    *index = self.eval(code, base)?;
                }
                let value = self.eval(value, base)?;
                let table = &self.compiled.tables[entry.table];
                let indices = &indices[..entry.indices.len()];
                let flat = table.flat(&entry.dims, indices).map_err(|at| Fault {
                    span: site.span,
                    message: table.out_of_bounds(entry.through, at, (indices[at], entry.signed[at])),
                })?;
                let Some(filling) = self.filling.as_mut() else {
                    return Err(Fault {
                        span: site.span,
                        message: "a table is written only while it is filled, once, before any board".into(),
                    });
                };
                filling.entries[entry.table][flat] = value;
            }
            // A value alone in a branch is refused by the compiler; run, it is computed.
            Instruction::Value(code) => {
                self.eval(code, base)?;
            }
        }
        Ok(Flow::Next)
    }

    /// A branch's or a loop body's instructions, until one leaves them.
    fn block(&mut self, instructions: &[Instruction], base: usize) -> Result<Flow, Fault> {
        for instruction in instructions {
            match self.run(instruction, base)? {
                Flow::Next => {}
                left @ (Flow::Returned(_) | Flow::Broke | Flow::Continued) => return Ok(left),
            }
        }
        Ok(Flow::Next)
    }

    /// A loop's test before its `run`th run of the body: its step says which run it allows.
    fn test(&mut self, test: &Code, site: &Site, run: u32, base: usize) -> Result<bool, Fault> {
        let value = self.eval(test, base)?;
        if S::RECORDS {
            let lhs = counted(value, is_count(test));
            self.sink.step(
                site,
                Op::Loop,
                lhs,
                Some(Value::Number(u64::from(run))),
                Value::Number(u64::from(value != 0)),
            );
        }
        Ok(value != 0)
    }

    fn eval(&mut self, code: &Code, base: usize) -> Result<u64, Fault> {
        if let Some(filling) = self.filling.as_mut() {
            filling.operations += 1;
            if filling.operations > MAX_FILL_OPERATIONS {
                return Err(Fault {
                    span: filling.call,
                    message: format!(
                        "filling the tables takes more than {MAX_FILL_OPERATIONS} operations, the most the lab runs"
                    ),
                });
            }
        }
        Ok(match code {
            Code::Constant(value) | Code::Count(value) | Code::Square(value) => *value,
            Code::Local(slot, _) => self.stack[base + slot],
            Code::Board(BoardName::Occupied) => self.inputs.occupied,
            Code::Board(BoardName::Sliders) => self.inputs.sliders,
            Code::Board(BoardName::Square) => self.inputs.square,
            Code::Unary(op, inner, site) => {
                let a = self.eval(inner, base)?;
                let (result, step) = match op {
                    Unary::Not => (!a, Op::Not),
                    Unary::Negate => (a.wrapping_neg(), Op::Neg),
                    Unary::LogicalNot => ((a == 0) as u64, Op::LogicalNot),
                };
                let result = match site.arith {
                    Arith::Lab => result,
                    Arith::C(ty) => c_arithmetic::unary(*op, ty, a).map_err(|undefined| Fault {
                        span: site.span,
                        message: c_arithmetic::describe(undefined, (step.symbol(), ty), a, None),
                    })?,
                };
                if S::RECORDS {
                    // `~n` and `-n` of a number are numbers; `!x` is 0 or 1.
                    let lhs = counted(a, is_count(inner));
                    let result = counted(result, *op == Unary::LogicalNot || is_count(inner));
                    self.sink.step(site, step, lhs, None, result);
                }
                result
            }
            Code::Binary(op, lhs, rhs, counts, site) => {
                let (a, b) = (self.eval(lhs, base)?, self.eval(rhs, base)?);
                if b == 0 && op.definition().kind == Kind::Division && site.arith == Arith::Lab {
                    let message =
                        format!("{a} {} 0: a division by zero has no value (C leaves it undefined)", op.symbol());
                    return Err(Fault { span: site.span, message });
                }
                let result = typed_binary(*op, site.arith, a, b).map_err(|undefined| {
                    let ty = match site.arith {
                        Arith::C(ty) => ty,
                        Arith::Lab => CType::WORD,
                    };
                    Fault { span: site.span, message: c_arithmetic::describe(undefined, (op.symbol(), ty), a, Some(b)) }
                })?;
                if S::RECORDS {
                    // Beside a set, only a count the formula computes is shown as a number (`o & sq`,
                    // `popcount(o) << 8`): a literal there is a mask or a bit (`o & 3`, `1 << sq`).
                    let (a_count, b_count) = match op {
                        Binary::And | Binary::Or | Binary::Xor | Binary::Add | Binary::Sub | Binary::Mul => {
                            (*counts || number_anywhere(lhs), *counts || number_anywhere(rhs))
                        }
                        Binary::Shl => (number_anywhere(lhs), is_count(rhs)),
                        Binary::Shr | Binary::Div | Binary::Rem | Binary::Compare(_) => (is_count(lhs), is_count(rhs)),
                    };
                    self.record_binary(*op, (a, a_count), (b, b_count), result, *counts, site);
                }
                result
            }
            Code::Logical(op, first, second, site) => {
                let a = self.eval(first, base)?;
                // The first operand may settle it: the second is then never computed.
                let (b, result) = match op.settled_by(a != 0) {
                    true => (None, a != 0),
                    false => {
                        let b = self.eval(second, base)?;
                        (Some(b), b != 0)
                    }
                };
                if S::RECORDS {
                    let rhs = b.map(|b| counted(b, is_count(second)));
                    self.sink.step(site, op.op(), counted(a, is_count(first)), rhs, Value::Number(result as u64));
                }
                result as u64
            }
            Code::Select(condition, then, otherwise, site) => {
                let c = self.eval(condition, base)?;
                let code = if c != 0 { &**then } else { &**otherwise };
                let value = self.eval(code, base)?;
                if S::RECORDS {
                    let lhs = counted(c, is_count(condition));
                    self.sink.step(site, Op::Select, lhs, None, counted(value, is_count(code)));
                }
                value
            }
            Code::Function(function, first, second, site) => {
                let a = self.eval(first, base)?;
                let b = match second {
                    Some(code) => self.eval(code, base)?,
                    None => 0,
                };
                self.function(*function, (a, is_count(first)), b, site)?
            }
            Code::Mask(mask, square, site) => {
                let s = self.eval(square, base)?;
                self.mask(*mask, s, site)?
            }
            Code::Convert(ty, inner) => ty.convert(self.eval(inner, base)?),
            Code::Scanned(scanned) => match self.eval(&scanned.flag, base)? {
                0 => 0,
                _ => self.eval(&scanned.found, base)?,
            },
            Code::Defined(defined) => {
                if self.eval(&defined.flag, base)? == 0 {
                    return Err(Fault { span: defined.span, message: defined.message.clone() });
                }
                self.eval(&defined.value, base)?
            }
            Code::Read(read, site) => {
                let mut indices = [0u64; super::parse::MAX_DIMENSIONS];
                for (index, code) in indices.iter_mut().zip(&read.indices) {
                    *index = self.eval(code, base)?;
                }
                self.read(read, &indices[..read.indices.len()], site)?
            }
            Code::Call(index, arguments, _) => {
                let callee = &self.compiled.functions[*index];
                // The callee's frame starts at the top of the stack, its parameters first; a
                // call inside an argument uses the stack above and gives it back.
                let frame = self.stack.len();
                for argument in arguments {
                    let value = self.eval(argument, base)?;
                    self.stack.push(value);
                }
                let result = self.body(callee, frame)?;
                self.stack.truncate(frame);
                result
            }
        })
    }

    fn record_binary(
        &mut self,
        op: Binary,
        (a, a_count): (u64, bool),
        (b, b_count): (u64, bool),
        result: u64,
        counts: bool,
        site: &Site,
    ) {
        let definition = op.definition();
        let (lhs, rhs, value) = match definition.kind {
            // A number's bits (`sq & 7`) are shown as the number, never as squares; `counts`
            // says the result is one.
            Kind::Bitwise => (counted(a, a_count), counted(b, b_count), counted(result, counts)),
            // A computed count beside a set (`popcount(o) + r`) is still shown as the number it is.
            Kind::Arithmetic => (counted(a, a_count || counts), counted(b, b_count || counts), counted(result, counts)),
            // A count shifted (`popcount(o) << 8`) is a number, never a set of squares.
            Kind::Shift(_) => (counted(a, a_count), amount(b), counted(result, counts)),
            Kind::Comparison(_) => (counted(a, a_count), counted(b, b_count), Value::Number(result)),
            // The divisor is a number (`sq / 8`); the quotient and remainder are numbers of a number.
            Kind::Division => (counted(a, a_count), Value::Number(b), counted(result, counts)),
        };
        let step = definition.op;
        self.sink.step(site, step, lhs, Some(rhs), value);
    }

    /// `a_count`: the first argument is a number (`bsf(d4)`), shown as one.
    fn function(&mut self, called: Called, (a, a_count): (u64, bool), b: u64, site: &Site) -> Result<u64, Fault> {
        let definition = called.function.definition();
        if called.at_zero == AtZero::Undefined && a == 0 {
            let name = called.name;
            let message = format!(
                "{name}(0) is undefined in C: GCC and Clang promise no value for zero (the lab's {}(0) is 64)",
                definition.name()
            );
            return Err(Fault { span: site.span, message });
        }
        let result = (definition.value)(a, b);
        if S::RECORDS {
            let rhs = definition.second.map(|second| match second {
                Second::Amount => amount(b),
                Second::Mask => set(b),
            });
            let count = definition.gives == Gives::Count;
            self.sink.step(site, definition.op, counted(a, a_count), rhs, counted(result, count));
        }
        Ok(result)
    }

    /// A table's entry; a fault where an index is outside it, as C leaves that undefined.
    fn read(&mut self, read: &Read, indices: &[u64], site: &Site) -> Result<u64, Fault> {
        let table = &self.compiled.tables[read.table];
        let flat = table.flat(&read.dims, indices).map_err(|at| Fault {
            span: site.span,
            message: table.out_of_bounds(read.through, at, (indices[at], read.signed[at])),
        })?;
        let entry = match &self.filling {
            Some(filling) => filling.entries[read.table][flat],
            None => table.entries[flat],
        };
        if S::RECORDS {
            self.sink.step(site, Op::Lookup, Value::Number(flat as u64), None, counted(entry, !read.sets));
        }
        Ok(entry)
    }

    fn mask(&mut self, mask: Mask, square: u64, site: &Site) -> Result<u64, Fault> {
        if square > 63 {
            let call = match mask {
                Mask::Ray(direction) => format!("ray({square}, {})", direction.name().replace('-', "")),
                Mask::Bit | Mask::Line(_) => format!("{}({square})", mask.function()),
            };
            return Err(Fault {
                span: site.span,
                message: format!(
                    "{call}: {square} is not a square; bit, rank, file, diagonal, antidiagonal and ray take 0 to 63"
                ),
            });
        }
        let result = mask.of(Square::from_index(square as u32)).0;
        if S::RECORDS {
            self.sink.step(site, Op::Mask(mask), Value::Number(square), None, set(result));
        }
        Ok(result)
    }
}

pub fn binary(op: Binary, a: u64, b: u64) -> u64 {
    (op.definition().value)(a, b)
}

/// An operation's value as it computes: the lab's word, or C's on its type (`Err` where C
/// leaves it undefined).
pub fn typed_binary(op: Binary, arith: Arith, a: u64, b: u64) -> Result<u64, Undefined> {
    match arith {
        Arith::Lab => Ok(binary(op, a, b)),
        Arith::C(ty) => c_arithmetic::binary(op, ty, a, b),
    }
}
