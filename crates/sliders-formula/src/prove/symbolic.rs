//! The formula run on every board of one square at once: the compiled code, evaluated on
//! words of decision diagrams instead of numbers. Where a run would fault (a square function
//! given 64), the boards that reach it under the conditions of the `?:`s around it are kept,
//! and they count as failing.

use alloc::vec::Vec;

use super::super::check::{OwnSquare, Target};
use super::super::compile::{Body, Code, Compiled, Instruction, Site, MAX_ITERATIONS};
use super::super::ctype::Arith;
use super::super::functions::{AtZero, Symbolic, WordFunction};
use super::super::names::BoardName;
use super::super::operators::Kind;
use super::super::parse::{Binary, Logic, Unary};
use super::super::tables::Table;
use super::c_arith;
use super::words::{Builder, Built, OutOfNodes, Word};
use super::BlowUp;
use biodivine_lib_bdd::Bdd;
use sliders::trace::{Comparison, Mask};
use sliders::{Direction, Square};

/// The boards of `square` on which the formula faults or differs from the target: a function
/// of the 64 occupancy bits, which reads the slider's own only when it may be empty. If the budget runs out, the
/// operation where it did, if it was one of the formula's.
pub fn failing_boards(
    compiled: &Compiled,
    live: &Liveness,
    (target, own): (Target, OwnSquare),
    square: Square,
    builder: &mut Builder,
) -> Result<Bdd, Option<BlowUp>> {
    let occupied = board(square, own, builder);
    let (value, faults) = value_of((compiled, live), &occupied, square, builder)?;
    let compared = (|| {
        let expected = expected(target, square, &occupied, builder)?;
        let differs = builder.bitwise(&value, &expected, Builder::xor)?;
        let differs = builder.any(&differs)?;
        builder.or(&differs, &faults)
    })();
    compared.map_err(|OutOfNodes| None)
}

/// The boards of `square` on which two formulas differ, or either faults.
pub fn differing_boards(
    first: (&Compiled, &Liveness),
    second: (&Compiled, &Liveness),
    own: OwnSquare,
    square: Square,
    builder: &mut Builder,
) -> Result<Bdd, Option<BlowUp>> {
    let occupied = board(square, own, builder);
    let (a, a_faults) = value_of(first, &occupied, square, builder)?;
    let (b, b_faults) = value_of(second, &occupied, square, builder)?;
    let compared = (|| {
        let differs = builder.bitwise(&a, &b, Builder::xor)?;
        let differs = builder.any(&differs)?;
        let faults = builder.or(&a_faults, &b_faults)?;
        builder.or(&differs, &faults)
    })();
    compared.map_err(|OutOfNodes| None)
}

/// The board of `square` as 64 functions: each other square's bit a variable; the slider's own
/// bit set on the lab's boards, as free as the others from an empty square.
fn board(square: Square, own: OwnSquare, builder: &mut Builder) -> Word {
    let s = square.index() as usize;
    let own_bit = |builder: &mut Builder| match own {
        OwnSquare::Occupied => builder.bit(true),
        OwnSquare::Either => builder.variable(s),
    };
    Word((0..64).map(|i| if i == s { own_bit(builder) } else { builder.variable(i) }).collect())
}

/// A formula's value on the board `occupied`, and the boards on which it faults; the
/// operation where the budget ran out, if it did.
fn value_of(
    (compiled, live): (&Compiled, &Liveness),
    occupied: &Word,
    square: Square,
    builder: &mut Builder,
) -> Result<(Word, Bdd), Option<BlowUp>> {
    let s = square.index() as usize;
    let mut machine = Machine {
        compiled,
        live,
        occupied: occupied.clone(),
        sliders: builder.constant(square.bit().0),
        square: builder.constant(s as u64),
        faults: builder.bit(false),
        stack: Vec::new(),
        blew_up: None,
        builder,
    };
    let guard = machine.builder.bit(true);
    match machine.body(&compiled.main, &live.main, 0, &guard) {
        Ok(value) => Ok((value, machine.faults)),
        Err(OutOfNodes) => Err(machine.blew_up.map(|site| BlowUp { line: site.line, operation: site.label })),
    }
}

/// The target's attacks as functions of the board: along each ray, a square is attacked when
/// every square before it is empty.
fn expected(target: Target, square: Square, occupied: &Word, builder: &mut Builder) -> Built<Word> {
    let mut attacks: Vec<Bdd> = (0..64).map(|_| builder.bit(false)).collect();
    for direction in directions(target) {
        let (file_step, rank_step) = direction.step();
        let mut open = builder.bit(true);
        let mut current = square;
        while let Some(next) = current.offset(file_step, rank_step) {
            let i = next.index() as usize;
            attacks[i] = builder.or(&attacks[i], &open)?;
            let empty = builder.not(&occupied.0[i])?;
            open = builder.and(&open, &empty)?;
            current = next;
        }
    }
    Ok(Word(attacks))
}

fn directions(target: Target) -> Vec<Direction> {
    match target {
        Target::Piece(slider) => slider.lines().iter().flat_map(|line| [line.positive(), line.negative()]).collect(),
        Target::Line(line) => alloc::vec![line.positive(), line.negative()],
        Target::Ray(direction) => alloc::vec![direction],
    }
}

struct Machine<'c, 'b> {
    compiled: &'c Compiled,
    live: &'c Liveness,
    builder: &'b mut Builder,
    occupied: Word,
    sliders: Word,
    square: Word,
    /// The boards on which the run has faulted so far.
    faults: Bdd,
    stack: Vec<Word>,
    /// The operation where the budget ran out, if it did.
    blew_up: Option<Site>,
}

/// Which instructions of each body the prover runs ([`live_instructions`]), for the formula's
/// main body and each of its functions. They depend on the code alone, so a proof works them
/// out once for its 64 squares.
pub struct Liveness {
    main: Vec<bool>,
    functions: Vec<Vec<bool>>,
}

impl Liveness {
    pub fn of(compiled: &Compiled) -> Liveness {
        Liveness {
            main: live_instructions(&compiled.main, compiled),
            functions: compiled.functions.iter().map(|function| live_instructions(function, compiled)).collect(),
        }
    }
}

/// Which of a body's instructions can change what it returns or whether it faults: an
/// assignment whose name is never read again, or a value before the last, counts only if it
/// can fault (a square function, here or in a function it calls). The evaluator runs them all;
/// their values make no difference, so the prover leaves them out.
fn live_instructions(body: &Body, compiled: &Compiled) -> Vec<bool> {
    let mut read = alloc::vec![false; body.slots];
    let mut live = alloc::vec![false; body.instructions.len()];
    let mut after_last_value = true;
    for (i, instruction) in body.instructions.iter().enumerate().rev() {
        let (needed, code) = match instruction {
            Instruction::Return(code) => (true, code),
            Instruction::Value(code) => (core::mem::replace(&mut after_last_value, false), code),
            Instruction::Set(slot, code) => (core::mem::replace(&mut read[*slot], false), code),
            // An if or a loop runs whole: what it reads is read, and a name it assigns may keep
            // its earlier value.
            Instruction::If { .. }
            | Instruction::Loop { .. }
            | Instruction::Break
            | Instruction::Continue
            | Instruction::Store { .. } => {
                live[i] = true;
                instruction.codes().into_iter().for_each(|code| mark_reads(code, &mut read));
                continue;
            }
        };
        live[i] = needed || can_fault(code, compiled, 0);
        if live[i] {
            mark_reads(code, &mut read);
        }
    }
    live
}

/// Where boards have gone, within a body: those that returned (and the value each returned),
/// and within the innermost loop, those that broke out of it or went on to its next run.
struct Exit {
    returned: Bdd,
    value: Word,
    broke: Bdd,
    continued: Bdd,
}

fn children(code: &Code) -> Vec<&Code> {
    match code {
        Code::Unary(_, a, _) | Code::Mask(_, a, _) | Code::Convert(_, a) => alloc::vec![&**a],
        Code::Binary(_, a, b, _, _) | Code::Logical(_, a, b, _) => alloc::vec![&**a, &**b],
        Code::Select(c, a, b, _) => alloc::vec![&**c, &**a, &**b],
        Code::Function(_, a, b, _) => core::iter::once(&**a).chain(b.as_deref()).collect(),
        Code::Call(_, arguments, _) => arguments.iter().collect(),
        Code::Read(read, _) => read.indices.iter().collect(),
        Code::Defined(defined) => alloc::vec![&defined.value, &defined.flag],
        Code::Scanned(scanned) => alloc::vec![&scanned.flag, &scanned.found],
        Code::Constant(_) | Code::Count(_) | Code::Square(_) | Code::Local(..) | Code::Board(_) => Vec::new(),
    }
}

fn mark_reads(code: &Code, read: &mut [bool]) {
    if let Code::Local(slot, _) = code {
        read[*slot] = true;
    }
    for child in children(code) {
        mark_reads(child, read);
    }
}

/// Whether running `code` can fault: a square function or a C builtin undefined at zero in
/// it, or in a function it calls.
fn can_fault(code: &Code, compiled: &Compiled, depth: usize) -> bool {
    let calls_one = match code {
        // An index outside its table; a name a bit scan left undefined.
        Code::Mask(..) | Code::Read(..) | Code::Defined(..) => return true,
        Code::Function(called, ..) if called.at_zero == AtZero::Undefined => return true,
        // A zero divisor; and read as C, what overflows or shifts too far.
        Code::Binary(op, .., site) => {
            op.definition().kind == Kind::Division
                || site.arith != Arith::Lab
                    && !matches!(op, Binary::And | Binary::Or | Binary::Xor | Binary::Compare(_))
        }
        Code::Unary(op, _, site) => site.arith != Arith::Lab && *op == Unary::Negate,
        Code::Call(index, ..) => {
            depth < 32
                && compiled.functions[*index]
                    .instructions
                    .iter()
                    .flat_map(Instruction::codes)
                    .any(|code| can_fault(code, compiled, depth + 1))
        }
        Code::Constant(_)
        | Code::Count(_)
        | Code::Square(_)
        | Code::Local(..)
        | Code::Board(_)
        | Code::Select(..)
        | Code::Logical(..)
        | Code::Convert(..)
        | Code::Scanned(..)
        | Code::Function(..) => false,
    };
    calls_one || children(code).into_iter().any(|child| can_fault(child, compiled, depth))
}

impl Machine<'_, '_> {
    /// `live`: the body's instructions that are run ([`Liveness`]); `guard`: the boards on
    /// which this body runs (the `?:` conditions around it).
    fn body(&mut self, body: &Body, live: &[bool], base: usize, guard: &Bdd) -> Built<Word> {
        let zero = self.builder.constant(0);
        self.stack.resize(base + body.slots, zero.clone());
        let none = self.builder.bit(false);
        let mut exit = Exit { returned: none.clone(), value: zero.clone(), broke: none.clone(), continued: none };
        let mut last = zero;
        let everywhere = self.builder.bit(true);
        for (instruction, &live) in body.instructions.iter().zip(live) {
            if !live {
                continue;
            }
            // What follows runs on the boards that have not returned inside an if above.
            let path = self.going(&everywhere, &exit)?;
            match instruction {
                Instruction::Value(code) => {
                    let reached = self.reach(guard, &path)?;
                    last = self.eval(code, base, &reached)?;
                }
                Instruction::Return(code) => {
                    let reached = self.reach(guard, &path)?;
                    let value = self.eval(code, base, &reached)?;
                    return self.choose_word(&exit.returned, &exit.value, &value);
                }
                Instruction::Set(..)
                | Instruction::If { .. }
                | Instruction::Loop { .. }
                | Instruction::Break
                | Instruction::Continue
                | Instruction::Store { .. } => self.run(instruction, base, (guard, &path), &mut exit)?,
            }
        }
        self.choose_word(&exit.returned, &exit.value, &last)
    }

    /// The boards of `path` that have not returned, broken out or gone on to the next run.
    fn going(&mut self, path: &Bdd, exit: &Exit) -> Built<Bdd> {
        let mut going = path.clone();
        for gone in [&exit.returned, &exit.broke, &exit.continued] {
            if !gone.is_false() {
                let not_gone = self.builder.not(gone)?;
                going = self.builder.and(&going, &not_gone)?;
            }
        }
        Ok(going)
    }

    /// The boards that reach code on `path` within a body the boards of `guard` run.
    fn reach(&mut self, guard: &Bdd, path: &Bdd) -> Built<Bdd> {
        if path.is_true() {
            return Ok(guard.clone());
        }
        self.builder.and(guard, path)
    }

    /// As [`Machine::at`], for a test's one bit.
    fn at_bit(&mut self, site: &Site, bit: Built<Bdd>) -> Built<Bdd> {
        if bit.is_err() && self.blew_up.is_none() {
            self.blew_up = Some(site.clone());
        }
        bit
    }

    /// Bit by bit, `a` on the boards of `c` and `b` on the others.
    fn choose_word(&mut self, c: &Bdd, a: &Word, b: &Word) -> Built<Word> {
        if c.is_false() {
            return Ok(b.clone());
        }
        if c.is_true() {
            return Ok(a.clone());
        }
        (0..64).map(|i| self.builder.choose(c, &a.0[i], &b.0[i])).collect::<Built<Vec<_>>>().map(Word)
    }

    /// An instruction of a body, a branch or a loop, run by the boards of `path` (within the
    /// body the boards of `guard` run). A name it assigns takes the new value on those boards
    /// and keeps its own on the others; a return, a break and a continue note their boards in
    /// `exit`.
    fn run(
        &mut self,
        instruction: &Instruction,
        base: usize,
        (guard, path): (&Bdd, &Bdd),
        exit: &mut Exit,
    ) -> Built<()> {
        let reached = self.reach(guard, path)?;
        match instruction {
            // Only a function that fills tables writes one, and the prover never runs it: a
            // write where a board is read faults, as the evaluator's does.
            Instruction::Store { .. } => {
                self.faults = self.builder.or(&self.faults.clone(), &reached)?;
            }
            Instruction::Set(slot, code) => {
                let value = self.eval(code, base, &reached)?;
                let old = self.stack[base + slot].clone();
                self.stack[base + slot] = self.choose_word(path, &value, &old)?;
            }
            Instruction::Return(code) => {
                let value = self.eval(code, base, &reached)?;
                exit.value = self.choose_word(path, &value, &exit.value)?;
                exit.returned = self.builder.or(&exit.returned, path)?;
            }
            Instruction::Break => exit.broke = self.builder.or(&exit.broke, path)?,
            Instruction::Continue => exit.continued = self.builder.or(&exit.continued, path)?,
            Instruction::If { condition, then, otherwise, site, .. } => {
                let c = self.eval(condition, base, &reached)?;
                let taken = self.builder.any(&c);
                let taken = self.at_bit(site, taken)?;
                let not_taken = self.builder.not(&taken)?;
                let then_path = self.builder.and(path, &taken)?;
                self.block(then, base, (guard, &then_path), exit)?;
                let otherwise_path = self.builder.and(path, &not_taken)?;
                self.block(otherwise, base, (guard, &otherwise_path), exit)?;
            }
            Instruction::Loop { test, body, step, tests_first, site } => {
                self.looped((test, body, step), *tests_first, site, base, (guard, path), exit)?;
            }
            // A value alone in a branch is refused by the compiler; run, it is computed.
            Instruction::Value(code) => {
                self.eval(code, base, &reached)?;
            }
        }
        Ok(())
    }

    /// A loop, unrolled: each run of the body on the boards still in the loop, until none is;
    /// the boards that would run it a 65th time fault, as the evaluator does.
    #[allow(clippy::too_many_arguments)]
    fn looped(
        &mut self,
        (test, body, step): (&Code, &[Instruction], &[Instruction]),
        tests_first: bool,
        site: &Site,
        base: usize,
        (guard, path): (&Bdd, &Bdd),
        exit: &mut Exit,
    ) -> Built<()> {
        let none = self.builder.bit(false);
        let outer = (core::mem::replace(&mut exit.broke, none.clone()), core::mem::replace(&mut exit.continued, none));
        let mut active = path.clone();
        for run in 1..=MAX_ITERATIONS + 1 {
            if tests_first {
                active = self.holds(test, site, base, (guard, &active))?;
            }
            if active.is_false() {
                break;
            }
            if run > MAX_ITERATIONS {
                let looping = self.reach(guard, &active)?;
                self.faults = self.builder.or(&self.faults.clone(), &looping)?;
                break;
            }
            self.block(body, base, (guard, &active), exit)?;
            exit.continued = self.builder.bit(false);
            // The boards that broke out or returned are out of the loop.
            active = self.going(&active, exit)?;
            self.block(step, base, (guard, &active), exit)?;
            active = self.going(&active, exit)?;
            if !tests_first {
                active = self.holds(test, site, base, (guard, &active))?;
            }
        }
        (exit.broke, exit.continued) = outer;
        Ok(())
    }

    /// The boards of `path` on which a loop's test holds.
    fn holds(&mut self, test: &Code, site: &Site, base: usize, (guard, path): (&Bdd, &Bdd)) -> Built<Bdd> {
        let reached = self.reach(guard, path)?;
        let value = self.eval(test, base, &reached)?;
        let any = self.builder.any(&value);
        let any = self.at_bit(site, any)?;
        self.builder.and(path, &any)
    }

    /// A branch's or a loop body's instructions, each on the boards of `path` that have not
    /// left it (none: the evaluator never runs it).
    fn block(
        &mut self,
        instructions: &[Instruction],
        base: usize,
        (guard, path): (&Bdd, &Bdd),
        exit: &mut Exit,
    ) -> Built<()> {
        for instruction in instructions {
            let going = self.going(path, exit)?;
            if going.is_false() {
                return Ok(());
            }
            self.run(instruction, base, (guard, &going), exit)?;
        }
        Ok(())
    }

    fn eval(&mut self, code: &Code, base: usize, guard: &Bdd) -> Built<Word> {
        Ok(match code {
            Code::Constant(value) | Code::Count(value) | Code::Square(value) => self.builder.constant(*value),
            Code::Local(slot, _) => self.stack[base + slot].clone(),
            Code::Board(BoardName::Occupied) => self.occupied.clone(),
            Code::Board(BoardName::Sliders) => self.sliders.clone(),
            Code::Board(BoardName::Square) => self.square.clone(),
            Code::Unary(op, inner, site) if site.arith != Arith::Lab => {
                let a = self.eval(inner, base, guard)?;
                let checked = c_arith::unary(self.builder, *op, site.arith.ty(), &a);
                self.checked(site, checked, guard)?
            }
            Code::Binary(op, lhs, rhs, _, site) if site.arith != Arith::Lab => {
                let a = self.eval(lhs, base, guard)?;
                let b = self.eval(rhs, base, guard)?;
                let checked = c_arith::binary(self.builder, *op, site.arith.ty(), &a, &b);
                self.checked(site, checked, guard)?
            }
            Code::Convert(ty, inner) => {
                let a = self.eval(inner, base, guard)?;
                c_arith::convert(self.builder, *ty, &a)?
            }
            // The scan runs on the boards whose mask is not 0; the others give 0.
            Code::Scanned(scanned) => {
                let flag = self.eval(&scanned.flag, base, guard)?;
                let set = self.builder.any(&flag)?;
                let scanning = self.builder.and(guard, &set)?;
                let found = self.reached(&scanned.found, base, &scanning)?;
                let kept: Vec<_> = (0..64).map(|i| self.builder.and(&set, &found.0[i])).collect::<Built<Vec<_>>>()?;
                Word(kept)
            }
            // Where the flag is 0 the name is undefined: those boards fault.
            Code::Defined(defined) => {
                let flag = self.eval(&defined.flag, base, guard)?;
                let set = self.builder.any(&flag)?;
                let unset = self.builder.not(&set)?;
                let faulting = self.builder.and(guard, &unset)?;
                self.faults = self.builder.or(&self.faults.clone(), &faulting)?;
                self.eval(&defined.value, base, guard)?
            }
            Code::Unary(op, inner, site) => {
                let a = self.eval(inner, base, guard)?;
                let value = self.unary(*op, &a);
                self.at(site, value)?
            }
            Code::Binary(op, lhs, rhs, _, site) => {
                let a = self.eval(lhs, base, guard)?;
                let b = self.eval(rhs, base, guard)?;
                // A zero divisor faults on the boards that reach it.
                if op.definition().kind == Kind::Division {
                    let nonzero = self.builder.any(&b)?;
                    let zero = self.builder.not(&nonzero)?;
                    let faulting = self.builder.and(guard, &zero)?;
                    self.faults = self.builder.or(&self.faults.clone(), &faulting)?;
                }
                let value = self.binary(*op, &a, &b);
                self.at(site, value)?
            }
            Code::Select(condition, then, otherwise, site) => {
                let c = self.eval(condition, base, guard)?;
                let taken = self.builder.any(&c)?;
                let not_taken = self.builder.not(&taken)?;
                let then_guard = self.builder.and(guard, &taken)?;
                let otherwise_guard = self.builder.and(guard, &not_taken)?;
                // A branch no board reaches is not run, as the evaluator never runs it.
                let a = self.reached(then, base, &then_guard)?;
                let b = self.reached(otherwise, base, &otherwise_guard)?;
                let bits = (0..64).map(|i| self.builder.choose(&taken, &a.0[i], &b.0[i])).collect::<Built<Vec<_>>>();
                self.at(site, bits.map(Word))?
            }
            Code::Logical(op, first, second, site) => {
                let a = self.eval(first, base, guard)?;
                let first_true = self.builder.any(&a)?;
                // The second operand runs on the boards the first leaves open.
                let open = match op {
                    Logic::And => first_true.clone(),
                    Logic::Or => self.builder.not(&first_true)?,
                };
                let second_guard = self.builder.and(guard, &open)?;
                let b = self.reached(second, base, &second_guard)?;
                let second_true = self.builder.any(&b)?;
                let holds = match op {
                    Logic::And => self.builder.and(&first_true, &second_true),
                    Logic::Or => self.builder.or(&first_true, &second_true),
                };
                let value = holds.map(|holds| self.truth(holds));
                self.at(site, value)?
            }
            Code::Function(function, first, second, site) => {
                let a = self.eval(first, base, guard)?;
                let b = match second {
                    Some(code) => self.eval(code, base, guard)?,
                    None => self.builder.constant(0),
                };
                // A C builtin given zero is undefined: those boards fault here.
                if function.at_zero == AtZero::Undefined {
                    let nonzero = self.builder.any(&a)?;
                    let zero = self.builder.not(&nonzero)?;
                    let faulting = self.builder.and(guard, &zero)?;
                    self.faults = self.builder.or(&self.faults.clone(), &faulting)?;
                }
                let value = self.function(function.function, &a, &b);
                self.at(site, value)?
            }
            Code::Mask(mask, square, site) => {
                let s = self.eval(square, base, guard)?;
                let value = self.mask(*mask, &s, guard);
                self.at(site, value)?
            }
            Code::Read(read, site) => {
                let mut indices = Vec::with_capacity(read.indices.len());
                for index in &read.indices {
                    indices.push(self.eval(index, base, guard)?);
                }
                let value = self.read((read.table, &read.dims), &indices, guard);
                self.at(site, value)?
            }
            Code::Call(index, arguments, _) => {
                let (callee, live) = (&self.compiled.functions[*index], &self.live.functions[*index]);
                let frame = self.stack.len();
                for argument in arguments {
                    let value = self.eval(argument, base, guard)?;
                    self.stack.push(value);
                }
                let result = self.body(callee, live, frame, guard)?;
                self.stack.truncate(frame);
                result
            }
        })
    }

    /// The value of code that runs on the boards of `guard`: nothing to compute if it is none.
    fn reached(&mut self, code: &Code, base: usize, guard: &Bdd) -> Built<Word> {
        if guard.is_false() {
            return Ok(self.builder.constant(0));
        }
        self.eval(code, base, guard)
    }

    /// A C operation's value; the boards of `guard` on which it is undefined fault.
    fn checked(&mut self, site: &Site, checked: Built<c_arith::Checked>, guard: &Bdd) -> Built<Word> {
        let (value, undefined) = self.at(site, checked)?;
        let faulting = self.builder.and(guard, &undefined)?;
        self.faults = self.builder.or(&self.faults.clone(), &faulting)?;
        Ok(value)
    }

    /// Notes the innermost operation whose diagrams ran out of nodes.
    fn at<T>(&mut self, site: &Site, value: Built<T>) -> Built<T> {
        if value.is_err() && self.blew_up.is_none() {
            self.blew_up = Some(site.clone());
        }
        value
    }

    fn unary(&mut self, op: Unary, a: &Word) -> Built<Word> {
        match op {
            Unary::Not => self.builder.complement(a),
            Unary::Negate => {
                let zero = self.builder.constant(0);
                self.builder.sub(&zero, a)
            }
            Unary::LogicalNot => {
                let any = self.builder.any(a)?;
                let none = self.builder.not(&any)?;
                Ok(self.truth(none))
            }
        }
    }

    /// A comparison's answer: 1 or 0.
    fn truth(&self, holds: Bdd) -> Word {
        let mut word = self.builder.constant(0);
        word.0[0] = holds;
        word
    }

    fn binary(&mut self, op: Binary, a: &Word, b: &Word) -> Built<Word> {
        if let (Some(x), Some(y)) = (a.known(), b.known()) {
            return Ok(self.builder.constant(super::super::eval::binary(op, x, y)));
        }
        let b_ = &mut *self.builder;
        Ok(match op {
            Binary::And => b_.bitwise(a, b, Builder::and)?,
            Binary::Or => b_.bitwise(a, b, Builder::or)?,
            Binary::Xor => b_.bitwise(a, b, Builder::xor)?,
            Binary::Add => b_.add(a, b)?,
            Binary::Sub => b_.sub(a, b)?,
            // A known factor on the right: one shifted copy for each of its bits.
            Binary::Mul if a.known().is_some() => b_.mul(b, a)?,
            Binary::Mul => b_.mul(a, b)?,
            Binary::Shl => self.shift(a, b, 1)?,
            Binary::Shr => self.shift(a, b, -1)?,
            // By a known power of two, a shift or a mask; else long division.
            Binary::Div | Binary::Rem => match b.known().filter(|d| d.is_power_of_two()) {
                Some(d) if op == Binary::Div => b_.shift_by(a, -(d.trailing_zeros() as i32)),
                Some(d) => {
                    let mask = b_.constant(d - 1);
                    b_.bitwise(a, &mask, Builder::and)?
                }
                None => {
                    let (quotient, remainder) = b_.divide(a, b)?;
                    if op == Binary::Div {
                        quotient
                    } else {
                        remainder
                    }
                }
            },
            Binary::Compare(Comparison::Less) => {
                let holds = b_.less(a, b)?;
                self.truth(holds)
            }
            Binary::Compare(Comparison::Greater) => {
                let holds = b_.less(b, a)?;
                self.truth(holds)
            }
            // a <= b fails where b < a; a >= b where a < b.
            Binary::Compare(Comparison::LessEqual) => {
                let fails = b_.less(b, a)?;
                let holds = b_.not(&fails)?;
                self.truth(holds)
            }
            Binary::Compare(Comparison::GreaterEqual) => {
                let fails = b_.less(a, b)?;
                let holds = b_.not(&fails)?;
                self.truth(holds)
            }
            Binary::Compare(Comparison::Equal) => {
                let holds = b_.equal(a, b)?;
                self.truth(holds)
            }
            Binary::Compare(Comparison::NotEqual) => {
                let equal = b_.equal(a, b)?;
                let holds = b_.not(&equal)?;
                self.truth(holds)
            }
        })
    }

    /// `a << n` (direction 1) or `a >> n` (-1), the amount mod 64.
    fn shift(&mut self, a: &Word, amount: &Word, direction: i32) -> Built<Word> {
        if let Some(n) = amount.known() {
            return Ok(self.builder.shift_by(a, direction * (n % 64) as i32));
        }
        self.builder.barrel(a, amount, |builder, word, by| builder.shift_by(word, direction * by as i32))
    }

    /// Rotation left (direction 1) or right (-1), the amount mod 64.
    fn rotate(&mut self, a: &Word, amount: &Word, direction: i32) -> Built<Word> {
        let turn = |builder: &Builder, word: &Word, by: u32| {
            builder.permute(word, |i| (i as i32 - direction * by as i32).rem_euclid(64) as usize)
        };
        if let Some(n) = amount.known() {
            return Ok(turn(self.builder, a, (n % 64) as u32));
        }
        self.builder.barrel(a, amount, turn)
    }

    fn function(&mut self, function: WordFunction, a: &Word, b: &Word) -> Built<Word> {
        let builder = &mut *self.builder;
        Ok(match function.definition().symbolic {
            // clz: i where bit 63 - i is the highest set; 64 for zero.
            Symbolic::LeadingZeros => {
                let at = builder.highest(a)?;
                builder.encode(&at)?
            }
            Symbolic::TrailingZeros => {
                let at = builder.lowest(a)?;
                builder.encode(&at)?
            }
            // bsr: the highest set bit's index, 63 - clz; 64 for zero.
            Symbolic::HighestIndex => {
                let mut at = builder.highest(a)?;
                at[..64].reverse();
                builder.encode(&at)?
            }
            Symbolic::Popcount => builder.popcount(a)?,
            Symbolic::Permute(from) => builder.permute(a, from),
            Symbolic::Rotate(direction) => return self.rotate(a, b, direction),
            Symbolic::LowestBitAlone => {
                let mut at = builder.lowest(a)?;
                at.truncate(64);
                Word(at)
            }
            Symbolic::HighestBitAlone => {
                let mut at = builder.highest(a)?;
                at.truncate(64);
                at.reverse();
                Word(at)
            }
            Symbolic::Pext => self.pext(a, b)?,
            Symbolic::Pdep => self.pdep(a, b)?,
        })
    }

    /// pext: bit k of the result is bit j of `a`, where j is the mask's k-th set bit.
    fn pext(&mut self, a: &Word, mask: &Word) -> Built<Word> {
        if let (Some(x), Some(m)) = (a.known(), mask.known()) {
            return Ok(self.builder.constant(sliders::pext_loop(x, m)));
        }
        let ranks = self.builder.ranks(mask)?;
        let mut bits: Vec<Bdd> = (0..64).map(|_| self.builder.bit(false)).collect();
        for ((x, m), rank) in a.0.iter().zip(&mask.0).zip(&ranks) {
            let taken = self.builder.and(x, m)?;
            for (bit, exactly) in bits.iter_mut().zip(rank) {
                let here = self.builder.and(&taken, exactly)?;
                *bit = self.builder.or(bit, &here)?;
            }
        }
        Ok(Word(bits))
    }

    /// pdep: bit j of the result, where the mask is set, is bit k of `a`, k the number of the
    /// mask's set bits below j.
    fn pdep(&mut self, a: &Word, mask: &Word) -> Built<Word> {
        if let (Some(x), Some(m)) = (a.known(), mask.known()) {
            return Ok(self.builder.constant(sliders::pdep_loop(x, m)));
        }
        let ranks = self.builder.ranks(mask)?;
        let mut bits = Vec::with_capacity(64);
        for (rank, m) in ranks.iter().zip(&mask.0) {
            let mut placed = self.builder.bit(false);
            for (exactly, x) in rank.iter().zip(&a.0) {
                let here = self.builder.and(exactly, x)?;
                placed = self.builder.or(&placed, &here)?;
            }
            bits.push(self.builder.and(&placed, m)?);
        }
        Ok(Word(bits))
    }

    /// A square's mask, for a square that may depend on the board. Boards on which it is no
    /// square (64 or more) fault.
    /// A table's entry, chosen among its entries by the indices' bits; the boards of `guard`
    /// on which an index is outside the table fault.
    fn read(&mut self, (table, dims): (usize, &[u64]), indices: &[Word], guard: &Bdd) -> Built<Word> {
        let table = &self.compiled.tables[table];
        let mut inside = self.builder.bit(true);
        for (index, &dim) in indices.iter().zip(dims) {
            let size = self.builder.constant(dim);
            let below = self.builder.less(index, &size)?;
            inside = self.builder.and(&inside, &below)?;
        }
        let outside = self.builder.not(&inside)?;
        let faulting = self.builder.and(guard, &outside)?;
        self.faults = self.builder.or(&self.faults.clone(), &faulting)?;
        let reached = self.builder.and(guard, &inside)?;
        self.entries((table, dims), indices, (0, 0), &reached)
    }

    /// The entries of the row that starts at entry `offset`, chosen by the indices from
    /// dimension `d` of `dims` on, on the boards of `path`. Inside the table an index's bits
    /// above the size's are zero, so only the bits below choose; an entry no board of `path`
    /// reaches is never built.
    fn entries(
        &mut self,
        (table, dims): (&Table, &[u64]),
        indices: &[Word],
        (d, offset): (usize, u64),
        path: &Bdd,
    ) -> Built<Word> {
        let Some(&dim) = dims.get(d) else {
            return Ok(self.builder.constant(table.entries[offset as usize]));
        };
        let bits = 64 - (dim - 1).leading_zeros();
        self.choose_entry((table, dims), indices, (d, offset), (bits, 0), path)
    }

    /// [`Self::entries`] for the index of dimension `d` whose bits above `bits` are `value`.
    fn choose_entry(
        &mut self,
        (table, dims): (&Table, &[u64]),
        indices: &[Word],
        (d, offset): (usize, u64),
        (bits, value): (u32, u64),
        path: &Bdd,
    ) -> Built<Word> {
        if path.is_false() {
            return Ok(self.builder.constant(0));
        }
        if bits == 0 {
            let row: u64 = dims[d + 1..].iter().product();
            return self.entries((table, dims), indices, (d + 1, offset + value * row), path);
        }
        let bit = bits - 1;
        let chooser = indices[d].0[bit as usize].clone();
        let one = value | 1 << bit;
        // With this bit set, an index from here on is past the size: no board reads there.
        let set_path = match one >= dims[d] {
            true => self.builder.bit(false),
            false => self.builder.and(path, &chooser)?,
        };
        let clear = self.builder.not(&chooser)?;
        let clear_path = self.builder.and(path, &clear)?;
        let set = self.choose_entry((table, dims), indices, (d, offset), (bit, one), &set_path)?;
        let zero = self.choose_entry((table, dims), indices, (d, offset), (bit, value), &clear_path)?;
        match (set_path.is_false(), clear_path.is_false()) {
            (true, _) => Ok(zero),
            (false, true) => Ok(set),
            (false, false) => {
                let chosen = (0..64).map(|i| self.builder.choose(&chooser, &set.0[i], &zero.0[i]));
                chosen.collect::<Built<Vec<_>>>().map(Word)
            }
        }
    }

    fn mask(&mut self, mask: Mask, s: &Word, guard: &Bdd) -> Built<Word> {
        if let Some(n) = s.known() {
            if n > 63 {
                self.faults = self.builder.or(&self.faults.clone(), guard)?;
                return Ok(self.builder.constant(0));
            }
            return Ok(self.builder.constant(mask.of(Square::from_index(n as u32)).0));
        }
        let mut bits: Vec<Bdd> = (0..64).map(|_| self.builder.bit(false)).collect();
        let mut a_square = self.builder.bit(false);
        for k in 0..64u32 {
            let k_word = self.builder.constant(k as u64);
            let is_k = self.builder.equal(s, &k_word)?;
            a_square = self.builder.or(&a_square, &is_k)?;
            for i in mask.of(Square::from_index(k)).squares() {
                let bit = &mut bits[i.index() as usize];
                *bit = self.builder.or(bit, &is_k)?;
            }
        }
        let no_square = self.builder.not(&a_square)?;
        let faulting = self.builder.and(guard, &no_square)?;
        self.faults = self.builder.or(&self.faults.clone(), &faulting)?;
        Ok(Word(bits))
    }
}
