//! The formula as WebAssembly: one exported function `attacks(occupied: i64, square: i32) ->
//! i64`, with the reader's functions inlined into it, and the masks it reads as tables in memory. This
//! file chooses the instructions and prints them as text, each tagged with the sub-expression
//! it computes, so that the page can show the module beside the formula and highlight the
//! instructions of the step on screen, as Compiler Explorer does. The bytes are written by
//! `crates/wasm-encode`, which maps these instructions to a well-kept encoder.
//!
//! What the language promises, WebAssembly mostly does itself: `i64.shl`, `i64.shr_u`,
//! `i64.rotl` and `i64.rotr` take their amount mod 64, and `i64.clz` / `i64.ctz` give 64 for
//! zero. What it lacks (a byte swap, pext and pdep, bsr's and ms1b's answer for zero) becomes a
//! small function of the module. A mask given a number that is no square traps
//! (`unreachable`), where the evaluator faults.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::compile::{Body, Code, Compiled, Instruction, Read, Site, MAX_ITERATIONS};
use super::ctype::Arith;
use super::functions::{AtZero, Wasm};
pub use super::instructions::{Helper, Instr};
use super::names::BoardName;
use super::parse::{Logic, Unary};
use super::tables::Table;
use super::wasm_c;
use super::Span;
use sliders::trace::Mask;
use sliders::{Direction, Square};

/// Where the benchmark's workload starts in memory in a module whose tables fit in its first
/// page (every module's [`Module::workload`] says where its own starts): the occupancies (8
/// bytes each), then the squares (12 bytes per occupancy). The first page holds the mask
/// tables, the reader's tables where they fit, and the byte swap's pattern last.
pub const WORKLOAD: u32 = 65536;
/// A page of WebAssembly's memory.
const PAGE: u32 = 65536;
/// Where the byte swap's pattern lies, in a module that swaps bytes: the first page's last 16
/// bytes, above the mask tables.
pub const BYTES_REVERSED_AT: u32 = WORKLOAD - 16;
/// The byte swap's pattern, which `i8x16.swizzle` reads: the core's.
pub use sliders::BYTES_REVERSED;
// A table per mask a formula can read (a square's bit, four lines, eight rays), 512 bytes each,
// all below the pattern; then the reader's tables, where they fit below it, else from the
// second page on, the workload after them.
const MASKS_END: u32 = 13 * 64 * 8;
const _: () = assert!(MASKS_END <= BYTES_REVERSED_AT);
/// Lookups per occupancy in the benchmark's workload, as in `crate::workload`.
pub const SQUARES_PER_OCCUPANCY: u32 = sliders::workload::SQUARES_PER_OCCUPANCY as u32;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValType {
    I32,
    I64,
}

impl ValType {
    pub const fn name(self) -> &'static str {
        match self {
            ValType::I32 => "i32",
            ValType::I64 => "i64",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Function {
    /// The name in the text (`$line_attacks`), and the export's name if it has one.
    pub name: String,
    pub export: Option<&'static str>,
    pub params: Vec<(String, ValType)>,
    pub locals: Vec<(String, ValType)>,
    pub result: ValType,
    /// Each instruction, and the sub-expression it computes part of (none for the
    /// function's own bookkeeping). The closing `end` is implied.
    pub code: Vec<(Instr, Option<Span>)>,
    /// Which inlined call of a reader's function each instruction is part of, numbered in
    /// the order the calls were written out (0: none).
    pub copies: Vec<u32>,
    /// Comment lines of the text, each before the instruction at its index.
    pub notes: Vec<(usize, String)>,
    /// Runs of instructions the text shows as one comment line: from, to (excluded), and what
    /// they are.
    pub folds: Vec<(usize, usize, String)>,
}

/// What a table of the module holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// A mask of the board's geometry, for the 64 squares.
    Mask(Mask),
    /// The reader's table (its place among them), under its name and sizes: `rays[8][64]`.
    Reader(usize, String),
}

#[derive(Clone, Debug)]
pub struct Module {
    pub functions: Vec<Function>,
    /// Tables: where each starts, what it holds, and its words.
    pub tables: Vec<(u32, Held, Vec<u64>)>,
    /// Where [`BYTES_REVERSED`] lies, if the module swaps bytes.
    pub bytes_reversed: Option<u32>,
    /// Where the benchmark's workload starts, past every table: a page boundary, and the
    /// memory's first pages (the module's memory holds this many bytes when it starts).
    pub workload: u32,
}

/// One line of the module's text, and the sub-expression its instruction computes part of.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TextLine {
    pub text: String,
    pub span: Option<Span>,
    /// The inlined call it is part of (0: none), as [`Function::copies`] numbers them.
    pub copy: u32,
}

impl Module {
    /// The index of the exported function `name`.
    pub fn export(&self, name: &str) -> Option<u32> {
        self.functions.iter().position(|f| f.export == Some(name)).map(|i| i as u32)
    }

    /// The instructions `attacks` runs or can call, counted as `cargo xtask instructions`
    /// counts a technique's (each function's closing `end` included).
    pub fn instruction_count(&self) -> usize {
        self.reachable().map(|f| f.code.len() + 1).sum()
    }

    /// How many times `attacks` and what it calls hold a mnemonic, for `i64.clz` and the like.
    pub fn uses(&self, mnemonic: &str) -> usize {
        self.reachable().flat_map(|f| &f.code).filter(|(i, _)| i.mnemonic() == mnemonic).count()
    }

    /// `attacks` and the functions it can call.
    fn reachable(&self) -> impl Iterator<Item = &Function> {
        let mut seen = vec![false; self.functions.len()];
        let mut stack: Vec<usize> = self.export("attacks").map(|a| a as usize).into_iter().collect();
        while let Some(index) = stack.pop() {
            if core::mem::replace(&mut seen[index], true) {
                continue;
            }
            stack.extend(self.functions[index].code.iter().filter_map(|(i, _)| match i {
                Instr::Call(callee) => Some(*callee as usize),
                _ => None,
            }));
        }
        self.functions.iter().zip(seen).filter(|(_, seen)| *seen).map(|(f, _)| f)
    }

    /// The module as the text format, a line per instruction.
    pub fn text(&self) -> Vec<TextLine> {
        let line = |text: String| TextLine { text, span: None, copy: 0 };
        let pages = self.workload / PAGE;
        let mut lines = vec![line("(module".into()), line(format!("  (memory (export \"memory\") {pages})"))];
        for (offset, held, _) in &self.tables {
            lines.push(line(match held {
                Held::Mask(mask) => {
                    format!("  ;; (data (i32.const {offset}) …) {} for the 64 squares, 8 bytes each", mask_call(*mask))
                }
                Held::Reader(_, shape) => format!("  ;; (data (i32.const {offset}) …) {shape}, 8 bytes an entry"),
            }));
        }
        if let Some(offset) = self.bytes_reversed {
            let pattern: Vec<String> = BYTES_REVERSED.iter().map(u8::to_string).collect();
            lines.push(line(format!(
                "  ;; (data (i32.const {offset}) …) the byte swap's pattern, bytes {}",
                pattern.join(" ")
            )));
        }
        for function in &self.functions {
            let export = function.export.map(|e| format!(" (export \"{e}\")")).unwrap_or_default();
            let params: String = function.params.iter().map(|(n, t)| format!(" (param ${n} {})", t.name())).collect();
            lines.push(line(format!("  (func ${}{export}{params} (result {})", function.name, function.result.name())));
            let whole = function.folds.iter().any(|(from, to, _)| *from == 0 && *to == function.code.len());
            for (name, ty) in function.locals.iter().filter(|_| !whole) {
                lines.push(line(format!("    (local ${name} {})", ty.name())));
            }
            let local = |index: u32| -> String {
                let index = index as usize;
                let (name, _) = function
                    .params
                    .get(index)
                    .or_else(|| function.locals.get(index - function.params.len().min(index)))
                    .map_or(("?".into(), ValType::I64), |(n, t)| (n.clone(), *t));
                format!("${name}")
            };
            let mut depth = 2;
            let mut folded_until = 0;
            for (at, (instr, span)) in function.code.iter().enumerate() {
                for (_, note) in function.notes.iter().filter(|(before, _)| *before == at) {
                    lines.push(line(format!("{}{note}", "  ".repeat(depth))));
                }
                if let Some((_, end, what)) = function.folds.iter().find(|(start, ..)| *start == at) {
                    lines.push(line(format!("{};; {what}", "  ".repeat(depth))));
                    folded_until = *end;
                }
                if at < folded_until {
                    continue;
                }
                if matches!(instr, Instr::End | Instr::Else) {
                    depth -= 1;
                }
                let immediate = match instr {
                    Instr::I32Const(v) => format!(" {v}"),
                    Instr::I64Const(v) => format!(" {}", constant(*v)),
                    Instr::LocalGet(i) | Instr::LocalSet(i) | Instr::LocalTee(i) => format!(" {}", local(*i)),
                    Instr::Call(f) => format!(" ${}", self.functions.get(*f as usize).map_or("?", |f| &f.name)),
                    Instr::IfI64 => " (result i64)".into(),
                    Instr::Br(d) | Instr::BrIf(d) => format!(" {d}"),
                    Instr::I64Load(offset) | Instr::I32Load8U(offset) | Instr::V128Load(offset) if *offset != 0 => {
                        format!(" offset={offset}")
                    }
                    Instr::I64x2ExtractLane(lane) => format!(" {lane}"),
                    _ => String::new(),
                };
                let indent = "  ".repeat(depth);
                let copy = function.copies.get(at).copied().unwrap_or(0);
                lines.push(TextLine { text: format!("{indent}{}{immediate}", instr.mnemonic()), span: *span, copy });
                if matches!(instr, Instr::IfI64 | Instr::If | Instr::Else | Instr::Block | Instr::Loop) {
                    depth += 1;
                }
            }
            lines.push(line("  )".into()));
        }
        lines.push(line(")".into()));
        lines
    }
}

/// A constant as the text shows it: small ones in decimal, masks in hex.
fn constant(value: i64) -> String {
    if (-4096..=4096).contains(&value) {
        value.to_string()
    } else {
        format!("0x{:x}", value as u64)
    }
}

fn mask_call(mask: Mask) -> String {
    match mask {
        Mask::Ray(direction) => format!("ray(s, {})", direction_word(direction)),
        Mask::Bit | Mask::Line(_) => format!("{}(s)", mask.function()),
    }
}

fn direction_word(direction: Direction) -> &'static str {
    match direction {
        Direction::NorthEast => "northeast",
        Direction::NorthWest => "northwest",
        Direction::SouthEast => "southeast",
        Direction::SouthWest => "southwest",
        other => other.name(),
    }
}

/// The board's names, in the order functions take them.
const BOARD: [BoardName; 3] = [BoardName::Occupied, BoardName::Sliders, BoardName::Square];

/// Where a board name stands in [`BOARD`].
const fn board_index(name: BoardName) -> usize {
    match name {
        BoardName::Occupied => 0,
        BoardName::Sliders => 1,
        BoardName::Square => 2,
    }
}

fn board_local(name: BoardName) -> &'static str {
    match name {
        BoardName::Occupied => "o",
        BoardName::Sliders => "r",
        BoardName::Square => "sq",
    }
}

/// Compiles a resolved formula. Never fails: every operation the language has is here.
///
/// The reader's functions are inlined where they are called, as an optimising compiler would:
/// they are small and never recursive, and the engine then sees one straight-line function
/// per lookup, as it does for a built-in technique.
pub(super) fn module(compiled: &Compiled) -> Module {
    // Which board names each reader's function needs, its callees' included.
    let mut needs: Vec<[bool; 3]> = Vec::new();
    for body in &compiled.functions {
        let own = body_needs(body, &needs);
        needs.push(own);
    }
    // The reader's tables in the first page where they fit, else from the second page on.
    let reader_bytes: u32 = compiled.tables.iter().map(|table| 8 * table.entries.len() as u32).sum();
    let (readers_at, workload) = if MASKS_END + reader_bytes <= BYTES_REVERSED_AT {
        (MASKS_END, WORKLOAD)
    } else {
        (PAGE, PAGE + reader_bytes.div_ceil(PAGE) * PAGE)
    };
    let mut builder = Builder {
        tables: Vec::new(),
        reader_tables: &compiled.tables,
        readers_at,
        helpers: Vec::new(),
        functions: &compiled.functions,
        inlined: 0,
    };
    let main_needs = body_needs(&compiled.main, &needs);
    let mut functions = vec![builder.entry(&compiled.main, main_needs)];
    for helper in builder.helpers.clone() {
        functions.push(helper_function(helper));
    }
    let run = run_function(&functions[0], workload);
    functions.push(run);
    let bytes_reversed = builder.helpers.contains(&Helper::Bswap).then_some(BYTES_REVERSED_AT);
    Module { functions, tables: builder.tables, bytes_reversed, workload }
}

/// Whether any of `instructions`, those of its branches and loops included, gives `slot` a
/// value.
fn assigns(instructions: &[Instruction], slot: usize) -> bool {
    instructions.iter().any(|instruction| match instruction {
        Instruction::Set(set, _) => *set == slot,
        Instruction::If { then, otherwise, .. } => assigns(then, slot) || assigns(otherwise, slot),
        Instruction::Loop { body, step, .. } => assigns(body, slot) || assigns(step, slot),
        Instruction::Value(_)
        | Instruction::Return(_)
        | Instruction::Break
        | Instruction::Continue
        | Instruction::Store { .. } => false,
    })
}

/// The sub-expression of a value's outermost step, if it is one.
fn outermost(code: &Code) -> Option<Span> {
    match code {
        Code::Unary(.., site)
        | Code::Binary(.., site)
        | Code::Select(.., site)
        | Code::Logical(.., site)
        | Code::Function(.., site)
        | Code::Mask(.., site)
        | Code::Read(.., site) => Some(site.span),
        Code::Constant(_)
        | Code::Count(_)
        | Code::Square(_)
        | Code::Local(..)
        | Code::Board(_)
        | Code::Call(..)
        | Code::Convert(..) => None,
        Code::Defined(defined) => Some(defined.span),
        Code::Scanned(scanned) => outermost(&scanned.found),
    }
}

fn body_needs(body: &Body, callees: &[[bool; 3]]) -> [bool; 3] {
    let mut needs = [false; 3];
    for code in body.instructions.iter().flat_map(Instruction::codes) {
        code_needs(code, callees, &mut needs);
    }
    needs
}

fn code_needs(code: &Code, callees: &[[bool; 3]], needs: &mut [bool; 3]) {
    match code {
        Code::Constant(_) | Code::Count(_) | Code::Square(_) | Code::Local(..) => {}
        Code::Board(name) => needs[board_index(*name)] = true,
        Code::Unary(_, a, _) | Code::Mask(_, a, _) | Code::Convert(_, a) => code_needs(a, callees, needs),
        Code::Defined(defined) => {
            code_needs(&defined.value, callees, needs);
            code_needs(&defined.flag, callees, needs);
        }
        Code::Scanned(scanned) => {
            code_needs(&scanned.flag, callees, needs);
            code_needs(&scanned.found, callees, needs);
        }
        Code::Binary(_, a, b, _, _) | Code::Logical(_, a, b, _) => {
            code_needs(a, callees, needs);
            code_needs(b, callees, needs);
        }
        Code::Select(c, a, b, _) => {
            for code in [c, a, b] {
                code_needs(code, callees, needs);
            }
        }
        Code::Function(_, a, b, _) => {
            code_needs(a, callees, needs);
            if let Some(b) = b {
                code_needs(b, callees, needs);
            }
        }
        Code::Read(read, _) => {
            for index in &read.indices {
                code_needs(index, callees, needs);
            }
        }
        Code::Call(index, arguments, _) => {
            for (need, callee) in needs.iter_mut().zip(callees.get(*index).copied().unwrap_or_default()) {
                *need |= callee;
            }
            for argument in arguments {
                code_needs(argument, callees, needs);
            }
        }
    }
}

/// Which blocks a return, a break and a continue leave, by level: a block opened with `open`
/// blocks around it has level `open + 1`, and a branch out of it from where `open` blocks
/// stand is `br (open - level)`.
#[derive(Clone, Copy)]
struct Targets {
    /// The blocks open here since the body began.
    open: u32,
    /// The body's block and the local that takes its value, where it returns inside an if or a
    /// loop.
    returns: Option<(u32, u32)>,
    /// The innermost loop's block that leaves it, and the block its continue leaves.
    innermost_loop: Option<(u32, u32)>,
}

impl Targets {
    fn deeper(self, by: u32) -> Targets {
        Targets { open: self.open + by, ..self }
    }
}

struct Builder<'c> {
    tables: Vec<(u32, Held, Vec<u64>)>,
    /// The reader's tables, laid down the first time one is read, each at its place from
    /// `readers_at` on (all of them, in the order declared).
    reader_tables: &'c [Table],
    readers_at: u32,
    helpers: Vec<Helper>,
    /// The reader's functions, inlined where they are called.
    functions: &'c [Body],
    /// Calls inlined so far, to name each copy's locals apart.
    inlined: usize,
}

/// The helpers' functions follow `attacks`, the first function.
const FIRST_HELPER: u32 = 1;

/// One function being written: its locals and its code.
struct Writer {
    /// Where the board's names are, for those the function has.
    board: [Option<u32>; 3],
    /// Where the current body's first name (slot 0) is.
    base: u32,
    /// A scratch local, for a value used twice, made the first time one is needed.
    scratch: Option<u32>,
    /// The locals C's operations check their operands in, each made the first time it is needed.
    c_temps: [Option<u32>; 3],
    /// The square as an i32 parameter, where the function has it (the entry's `square`).
    square: Option<u32>,
    params: u32,
    locals: Vec<(String, ValType)>,
    code: Vec<(Instr, Option<Span>)>,
    copies: Vec<u32>,
    /// The inlined call being written out (0: none).
    copy: u32,
    notes: Vec<(usize, String)>,
    /// Locals that hold the board's square wherever they are read (an inlined function's
    /// parameter given it and never assigned): 0 to 63, inside any table of 64 rows or more.
    square_locals: Vec<u32>,
}

impl Writer {
    /// Whether `code` is the board's square wherever it is read: 0 to 63.
    fn holds_the_square(&self, code: &Code) -> bool {
        match code {
            Code::Board(BoardName::Square) => true,
            Code::Local(slot, _) => self.square_locals.contains(&(self.base + *slot as u32)),
            Code::Constant(_)
            | Code::Count(_)
            | Code::Square(_)
            | Code::Board(BoardName::Occupied | BoardName::Sliders)
            | Code::Unary(..)
            | Code::Binary(..)
            | Code::Select(..)
            | Code::Logical(..)
            | Code::Function(..)
            | Code::Mask(..)
            | Code::Call(..)
            | Code::Convert(..)
            | Code::Read(..)
            | Code::Defined(..)
            | Code::Scanned(..) => false,
        }
    }

    /// The scratch local, made on first use so that a function that needs none has none.
    /// The local C's operations keep an operand (0, 1) or a result (2) in, made the first time
    /// one is needed.
    fn c_temp(&mut self, which: usize) -> u32 {
        if let Some(local) = self.c_temps[which] {
            return local;
        }
        self.locals.push((["c.a", "c.b", "c.r"][which].into(), ValType::I64));
        let local = self.params + self.locals.len() as u32 - 1;
        self.c_temps[which] = Some(local);
        local
    }

    fn scratch(&mut self) -> u32 {
        if let Some(local) = self.scratch {
            return local;
        }
        self.locals.push(("scratch".into(), ValType::I64));
        let local = self.params + self.locals.len() as u32 - 1;
        self.scratch = Some(local);
        local
    }
}

impl<'c> Builder<'c> {
    /// `attacks(occupied, square)`: the board's names from the two, then the formula.
    fn entry(&mut self, body: &Body, needs: [bool; 3]) -> Function {
        let params = vec![("occupied".to_string(), ValType::I64), ("square".to_string(), ValType::I32)];
        let mut locals = Vec::new();
        let mut board = [None; 3];
        for (at, name) in BOARD.iter().enumerate() {
            // o is occupied with the slider's bit, which needs r.
            let needed = needs[at] || (at == 1 && needs[0]);
            if needed {
                board[at] = Some((params.len() + locals.len()) as u32);
                locals.push((board_local(*name).to_string(), ValType::I64));
            }
        }
        let base = (params.len() + locals.len()) as u32;
        locals.extend(body.names.iter().map(|n| (n.clone(), ValType::I64)));
        let mut writer = Writer {
            board,
            base,
            scratch: None,
            c_temps: [None; 3],
            square: Some(1),
            params: params.len() as u32,
            locals,
            code: Vec::new(),
            copies: Vec::new(),
            copy: 0,
            notes: Vec::new(),
            square_locals: Vec::new(),
        };
        if let Some(sq) = board[2] {
            writer.put(&[Instr::LocalGet(1), Instr::I64ExtendI32U, Instr::LocalSet(sq)], None);
        }
        if let Some(r) = board[1] {
            let square = match board[2] {
                Some(sq) => vec![Instr::LocalGet(sq)],
                None => vec![Instr::LocalGet(1), Instr::I64ExtendI32U],
            };
            writer.put(&[Instr::I64Const(1)], None);
            writer.put(&square, None);
            writer.put(&[Instr::I64Shl, Instr::LocalSet(r)], None);
        }
        if let (Some(o), Some(r)) = (board[0], board[1]) {
            writer.put(&[Instr::LocalGet(0), Instr::LocalGet(r), Instr::I64Or, Instr::LocalSet(o)], None);
        }
        self.body(&mut writer, body);
        Function {
            name: "attacks".into(),
            export: Some("attacks"),
            params,
            locals: writer.locals,
            result: ValType::I64,
            code: writer.code,
            copies: writer.copies,
            notes: writer.notes,
            folds: Vec::new(),
        }
    }

    /// A body's instructions, leaving its value on the stack. A body that returns inside an
    /// `if` or a loop runs in a block its returns break out of, its value in a local of its own.
    fn body(&mut self, writer: &mut Writer, body: &Body) {
        let mut targets = Targets { open: 0, returns: None, innermost_loop: None };
        if body.instructions.iter().any(Instruction::returns_within) {
            let name = if body.name.is_empty() { "return".to_string() } else { format!("return.{}", writer.copy) };
            writer.locals.push((name, ValType::I64));
            writer.put(&[Instr::Block], None);
            targets =
                Targets { open: 1, returns: Some((1, writer.params + writer.locals.len() as u32 - 1)), ..targets };
        }
        let last = body.instructions.len().saturating_sub(1);
        for (index, instruction) in body.instructions.iter().enumerate() {
            match instruction {
                Instruction::Value(code) | Instruction::Return(code) => {
                    self.code(writer, code, None);
                    match targets.returns {
                        _ if index != last => writer.put(&[Instr::Drop], None),
                        Some((_, local)) => writer.put(&[Instr::LocalSet(local)], None),
                        None => {}
                    }
                }
                Instruction::Set(..)
                | Instruction::If { .. }
                | Instruction::Loop { .. }
                | Instruction::Break
                | Instruction::Continue
                | Instruction::Store { .. } => self.statement(writer, instruction, targets),
            }
        }
        if let Some((_, local)) = targets.returns {
            writer.put(&[Instr::End, Instr::LocalGet(local)], None);
        }
    }

    /// An instruction of a body, a branch or a loop, where `targets` says which block a return,
    /// a break or a continue leaves.
    fn statement(&mut self, writer: &mut Writer, instruction: &Instruction, targets: Targets) {
        match instruction {
            // Only a function that fills tables writes one, and it runs when the text is read,
            // never in the module: a write where a board is read traps, as the evaluator faults.
            Instruction::Store { site, .. } => writer.put(&[Instr::Unreachable], Some(site.span)),
            Instruction::Set(slot, code) => {
                self.code(writer, code, None);
                // Naming the value is part of the statement's outermost step.
                writer.put(&[Instr::LocalSet(writer.base + *slot as u32)], outermost(code));
            }
            Instruction::If { condition, then, otherwise, site, .. } => {
                let here = Some(site.span);
                let inner = targets.deeper(1);
                self.code(writer, condition, here);
                writer.put(&[Instr::I64Const(0), Instr::I64Ne, Instr::If], here);
                then.iter().for_each(|instruction| self.statement(writer, instruction, inner));
                if !otherwise.is_empty() {
                    writer.put(&[Instr::Else], here);
                    otherwise.iter().for_each(|instruction| self.statement(writer, instruction, inner));
                }
                writer.put(&[Instr::End], here);
            }
            Instruction::Loop { test, body, step, tests_first, site } => {
                self.looped(writer, (test, body, step), *tests_first, site, targets);
            }
            Instruction::Return(code) => {
                self.code(writer, code, None);
                match targets.returns {
                    Some((level, local)) => {
                        writer.put(&[Instr::LocalSet(local), Instr::Br(targets.open - level)], outermost(code))
                    }
                    // Only a body with a return inside an if or a loop has returns here.
                    None => writer.put(&[Instr::Drop], None),
                }
            }
            // The compiler keeps break and continue inside loops.
            Instruction::Break | Instruction::Continue => {
                if let Some((exit, next)) = targets.innermost_loop {
                    let level = if matches!(instruction, Instruction::Break) { exit } else { next };
                    writer.put(&[Instr::Br(targets.open - level)], None);
                }
            }
            // A value alone in a branch is refused by the compiler; computed, it is dropped.
            Instruction::Value(code) => {
                self.code(writer, code, None);
                writer.put(&[Instr::Drop], None);
            }
        }
    }

    /// A loop: a block to leave it, a loop to run it again, and inside, a block its body's
    /// continue leaves for the step. A count of runs traps on the 65th, as the evaluator faults.
    fn looped(
        &mut self,
        writer: &mut Writer,
        (test, body, step): (&Code, &[Instruction], &[Instruction]),
        tests_first: bool,
        site: &Site,
        targets: Targets,
    ) {
        let here = Some(site.span);
        writer.locals.push((format!("runs.{}", writer.locals.len()), ValType::I64));
        let runs = writer.params + writer.locals.len() as u32 - 1;
        writer.put(&[Instr::I64Const(0), Instr::LocalSet(runs), Instr::Block, Instr::Loop], here);
        let (exit, top) = (targets.open + 1, targets.open + 2);
        let at_top = targets.deeper(2);
        if tests_first {
            self.code(writer, test, here);
            writer.put(&[Instr::I64Eqz, Instr::BrIf(at_top.open - exit)], here);
        }
        let count = [
            Instr::LocalGet(runs),
            Instr::I64Const(i64::from(MAX_ITERATIONS)),
            Instr::I64GeU,
            Instr::If,
            Instr::Unreachable,
            Instr::End,
            Instr::LocalGet(runs),
            Instr::I64Const(1),
            Instr::I64Add,
            Instr::LocalSet(runs),
            Instr::Block,
        ];
        writer.put(&count, here);
        let inner = Targets { innermost_loop: Some((exit, targets.open + 3)), ..targets.deeper(3) };
        body.iter().for_each(|instruction| self.statement(writer, instruction, inner));
        writer.put(&[Instr::End], here);
        let after_body = Targets { innermost_loop: Some((exit, top)), ..at_top };
        step.iter().for_each(|instruction| self.statement(writer, instruction, after_body));
        match tests_first {
            true => writer.put(&[Instr::Br(at_top.open - top)], here),
            false => {
                self.code(writer, test, here);
                writer.put(&[Instr::I64Const(0), Instr::I64Ne, Instr::BrIf(at_top.open - top)], here);
            }
        }
        writer.put(&[Instr::End, Instr::End], here);
    }

    /// 1 if `code` is nonzero, else 0.
    fn truth_of(&mut self, w: &mut Writer, code: &Code, within: Option<Span>) {
        self.code(w, code, within);
        w.put(&[Instr::I64Const(0), Instr::I64Ne, Instr::I64ExtendI32U], within);
    }

    /// The instructions of `code`, tagged with the innermost step around them (`within`).
    fn code(&mut self, w: &mut Writer, code: &Code, within: Option<Span>) {
        match code {
            Code::Constant(value) | Code::Count(value) | Code::Square(value) => {
                w.put(&[Instr::I64Const(*value as i64)], within)
            }
            Code::Local(slot, _) => w.put(&[Instr::LocalGet(w.base + *slot as u32)], within),
            Code::Board(name) => {
                let at = board_index(*name);
                w.put(&[Instr::LocalGet(w.board[at].unwrap_or(0))], within);
            }
            Code::Unary(op, inner, site) if site.arith != Arith::Lab => {
                let here = Some(site.span);
                self.code(w, inner, here);
                w.put_with_temps(&wasm_c::unary(*op, site.arith.ty(), wasm_c::Temps::STAND_IN), here);
            }
            Code::Binary(op, a, b, _, site) if site.arith != Arith::Lab => {
                let here = Some(site.span);
                self.code(w, a, here);
                self.code(w, b, here);
                w.put_with_temps(&wasm_c::binary(*op, site.arith.ty(), wasm_c::Temps::STAND_IN), here);
            }
            Code::Convert(ty, inner) => {
                self.code(w, inner, within);
                w.put(&wasm_c::convert(*ty), within);
            }
            // The scan where the mask has a bit, else 0.
            Code::Scanned(scanned) => {
                self.code(w, &scanned.flag, within);
                w.put(&[Instr::I64Const(0), Instr::I64Ne, Instr::IfI64], within);
                self.code(w, &scanned.found, within);
                w.put(&[Instr::Else, Instr::I64Const(0), Instr::End], within);
            }
            // `unreachable` where a bit scan left the name undefined, as the evaluator faults.
            Code::Defined(defined) => {
                let here = Some(defined.span);
                self.code(w, &defined.flag, here);
                w.put(&[Instr::I64Eqz, Instr::If, Instr::Unreachable, Instr::End], here);
                self.code(w, &defined.value, here);
            }
            Code::Unary(op, inner, site) => {
                let here = Some(site.span);
                match op {
                    Unary::Not => {
                        self.code(w, inner, here);
                        w.put(&[Instr::I64Const(-1), Instr::I64Xor], here);
                    }
                    Unary::Negate => {
                        w.put(&[Instr::I64Const(0)], here);
                        self.code(w, inner, here);
                        w.put(&[Instr::I64Sub], here);
                    }
                    Unary::LogicalNot => {
                        self.code(w, inner, here);
                        w.put(&[Instr::I64Eqz, Instr::I64ExtendI32U], here);
                    }
                }
            }
            Code::Binary(op, a, b, _, site) => {
                let here = Some(site.span);
                self.code(w, a, here);
                self.code(w, b, here);
                w.put(op.definition().wasm, here);
            }
            // The second operand in a branch of its own, run only where the first leaves the
            // answer open, as C runs it.
            Code::Logical(op, first, second, site) => {
                let here = Some(site.span);
                self.code(w, first, here);
                w.put(&[Instr::I64Const(0), Instr::I64Ne, Instr::IfI64], here);
                match op {
                    // if first { second != 0 } else { 0 }
                    Logic::And => {
                        self.truth_of(w, second, here);
                        w.put(&[Instr::Else, Instr::I64Const(0), Instr::End], here);
                    }
                    // if first { 1 } else { second != 0 }
                    Logic::Or => {
                        w.put(&[Instr::I64Const(1), Instr::Else], here);
                        self.truth_of(w, second, here);
                        w.put(&[Instr::End], here);
                    }
                }
            }
            Code::Select(condition, then, otherwise, site) => {
                let here = Some(site.span);
                self.code(w, condition, here);
                w.put(&[Instr::I64Const(0), Instr::I64Ne, Instr::IfI64], here);
                self.code(w, then, here);
                w.put(&[Instr::Else], here);
                self.code(w, otherwise, here);
                w.put(&[Instr::End], here);
            }
            Code::Function(function, a, b, site) => {
                let here = Some(site.span);
                self.code(w, a, here);
                // C leaves a zero argument undefined here (`__builtin_ctzll(0)`): the module
                // traps where the evaluator faults.
                if function.at_zero == AtZero::Undefined {
                    let scratch = w.scratch();
                    let check = [Instr::LocalTee(scratch), Instr::I64Eqz, Instr::If, Instr::Unreachable, Instr::End];
                    w.put(&check, here);
                    w.put(&[Instr::LocalGet(scratch)], here);
                }
                if let Some(b) = b {
                    self.code(w, b, here);
                }
                match function.function.definition().wasm {
                    Wasm::Instructions(instructions) => w.put(instructions, here),
                    Wasm::WithScratch(instructions) => {
                        let scratch = w.scratch();
                        w.put(&instructions(scratch), here)
                    }
                    Wasm::Helper(helper) => self.helper(w, helper, here),
                }
            }
            Code::Mask(mask, square, site) => self.mask(w, *mask, square, Some(site.span)),
            Code::Read(read, site) => self.read(w, read, Some(site.span)),
            Code::Call(index, arguments, _) => {
                let Some(callee) = self.functions.get(*index) else { return };
                self.inlined += 1;
                let copy = self.inlined;
                // The callee's names as locals of their own, its parameters first.
                let base = w.params + w.locals.len() as u32;
                w.locals.extend(callee.names.iter().map(|name| (format!("{name}.{copy}"), ValType::I64)));
                w.notes.push((w.code.len(), format!(";; {} inlined: its names end in .{copy}", callee.name)));
                for (at, argument) in arguments.iter().enumerate() {
                    self.code(w, argument, within);
                    w.put(&[Instr::LocalSet(base + at as u32)], within);
                    if w.holds_the_square(argument) && !assigns(&callee.instructions, at) {
                        w.square_locals.push(base + at as u32);
                    }
                }
                let caller = core::mem::replace(&mut w.base, base);
                let outer = core::mem::replace(&mut w.copy, copy as u32);
                self.body(w, callee);
                (w.base, w.copy) = (caller, outer);
            }
        }
    }

    fn helper(&mut self, w: &mut Writer, helper: Helper, here: Option<Span>) {
        let at = match self.helpers.iter().position(|h| *h == helper) {
            Some(at) => at,
            None => {
                self.helpers.push(helper);
                self.helpers.len() - 1
            }
        };
        w.put(&[Instr::Call(FIRST_HELPER + at as u32)], here);
    }

    /// A mask of a square: a constant when the square is typed, a load from its table
    /// otherwise, after a check that the number is a square.
    fn mask(&mut self, w: &mut Writer, mask: Mask, square: &Code, here: Option<Span>) {
        if let Code::Count(value) | Code::Square(value) = square {
            if *value < 64 {
                let bits = mask.of(Square::from_index(*value as u32)).0;
                return w.put(&[Instr::I64Const(bits as i64)], here);
            }
        }
        // The board's square is always one; anything else is checked.
        let board_square = matches!(square, Code::Board(BoardName::Square));
        if let (true, Some(param), false) = (board_square, w.square, mask == Mask::Bit) {
            let offset = self.table(mask);
            return w.put(&[Instr::LocalGet(param), Instr::I32Const(3), Instr::I32Shl, Instr::I64Load(offset)], here);
        }
        if !board_square {
            self.code(w, square, here);
            let t = w.scratch();
            w.put(
                &[Instr::LocalTee(t), Instr::I64Const(63), Instr::I64GtU, Instr::If, Instr::Unreachable, Instr::End],
                here,
            );
            w.put(&[Instr::LocalGet(t)], here);
        } else {
            self.code(w, square, here);
        }
        if mask == Mask::Bit {
            let t = w.scratch();
            return w.put(&[Instr::LocalSet(t), Instr::I64Const(1), Instr::LocalGet(t), Instr::I64Shl], here);
        }
        let offset = self.table(mask);
        w.put(&[Instr::I32WrapI64, Instr::I32Const(3), Instr::I32Shl, Instr::I64Load(offset)], here);
    }

    /// Where the table of `mask` is, laid down the first time it is needed.
    fn table(&mut self, mask: Mask) -> u32 {
        if let Some((offset, ..)) = self.tables.iter().find(|(_, held, _)| *held == Held::Mask(mask)) {
            return *offset;
        }
        let masks = self.tables.iter().filter(|(_, held, _)| matches!(held, Held::Mask(_))).count();
        let offset = masks as u32 * 64 * 8;
        let words = (0..64).map(|s| mask.of(Square::from_index(s)).0).collect();
        self.tables.push((offset, Held::Mask(mask), words));
        offset
    }

    /// Where the reader's table `index` is, laid down the first time it is read.
    fn reader_table(&mut self, index: usize) -> u32 {
        let before: u32 = self.reader_tables[..index].iter().map(|table| 8 * table.entries.len() as u32).sum();
        let offset = self.readers_at + before;
        let held_here = |held: &Held| matches!(held, Held::Reader(at, _) if *at == index);
        if !self.tables.iter().any(|(_, held, _)| held_here(held)) {
            let table = &self.reader_tables[index];
            let held = Held::Reader(index, format!("{}{}", table.name, table.shape()));
            self.tables.push((offset, held, table.entries.clone()));
        }
        offset
    }

    /// A table's entry: each index checked against its size (`unreachable` outside, where the
    /// evaluator faults), the entry's number made row after row, and its word loaded.
    fn read(&mut self, w: &mut Writer, read: &Read, here: Option<Span>) {
        let table = &self.reader_tables[read.table];
        let known: Option<Vec<u64>> = read
            .indices
            .iter()
            .map(|index| match index {
                Code::Constant(value) | Code::Count(value) | Code::Square(value) => Some(*value),
                _ => None,
            })
            .collect();
        if let Some(Ok(flat)) = known.as_deref().map(|indices| table.flat(&read.dims, indices)) {
            return w.put(&[Instr::I64Const(table.entries[flat] as i64)], here);
        }
        // The entry's number is the sum of each index times its stride: known indices add to
        // the load's offset, the board's square (always 0 to 63) needs no check against a size
        // of 64 or more, and any other index is checked.
        let mut known_part = 0u64;
        let mut computed = false;
        for (d, (index, &dim)) in read.indices.iter().zip(&read.dims).enumerate() {
            let stride: u64 = read.dims[d + 1..].iter().product();
            if let Code::Constant(value) | Code::Count(value) | Code::Square(value) = index {
                if *value < dim {
                    known_part += value * stride;
                    continue;
                }
            }
            self.code(w, index, here);
            let always_inside = dim >= 64 && w.holds_the_square(index);
            if !always_inside {
                let t = w.scratch();
                w.put(
                    &[
                        Instr::LocalTee(t),
                        Instr::I64Const(dim as i64),
                        Instr::I64GeU,
                        Instr::If,
                        Instr::Unreachable,
                        Instr::End,
                        Instr::LocalGet(t),
                    ],
                    here,
                );
            }
            if stride > 1 {
                w.put(&[Instr::I64Const(stride as i64), Instr::I64Mul], here);
            }
            if computed {
                w.put(&[Instr::I64Add], here);
            }
            computed = true;
        }
        let offset = self.reader_table(read.table) + 8 * known_part as u32;
        w.put(&[Instr::I32WrapI64, Instr::I32Const(3), Instr::I32Shl, Instr::I64Load(offset)], here);
    }
}

impl Writer {
    /// `instrs`, their stand-ins for C's locals replaced by locals of this function.
    fn put_with_temps(&mut self, instrs: &[Instr], span: Option<Span>) {
        let mut placed = alloc::vec::Vec::with_capacity(instrs.len());
        for instr in instrs {
            placed.push(match *instr {
                Instr::LocalGet(l) => Instr::LocalGet(wasm_c::Temps::which(l).map_or(l, |k| self.c_temp(k))),
                Instr::LocalSet(l) => Instr::LocalSet(wasm_c::Temps::which(l).map_or(l, |k| self.c_temp(k))),
                Instr::LocalTee(l) => Instr::LocalTee(wasm_c::Temps::which(l).map_or(l, |k| self.c_temp(k))),
                other => other,
            });
        }
        self.put(&placed, span);
    }

    fn put(&mut self, instrs: &[Instr], span: Option<Span>) {
        self.code.extend(instrs.iter().map(|i| (*i, span)));
        self.copies.extend(instrs.iter().map(|_| self.copy));
    }
}

fn helper_function(helper: Helper) -> Function {
    use Instr::*;
    let x = || ("x".to_string(), ValType::I64);
    let one = |name: &str| (name.to_string(), ValType::I64);
    let (name, params, locals, code): (&str, _, _, Vec<Instr>) = match helper {
        // 63 - clz(x), or 64 for zero.
        Helper::Bsr => (
            "bsr",
            vec![x()],
            vec![],
            vec![I64Const(64), I64Const(63), LocalGet(0), I64Clz, I64Sub, LocalGet(0), I64Eqz, Select],
        ),
        // x's top one bit: the top bit shifted down by clz(x), kept only where x has it (0 for 0).
        Helper::Ms1b => {
            ("ms1b", vec![x()], vec![], vec![LocalGet(0), I64Const(i64::MIN), LocalGet(0), I64Clz, I64ShrU, I64And])
        }
        // WebAssembly has no byte swap on a number, but its SIMD can reorder bytes: x goes into
        // both lanes of a 128-bit value, a swizzle by the pattern in memory reads lane 0's eight
        // bytes back in reverse, and lane 0 comes out, as in the core's sliders::swap_bytes. A
        // pattern from memory, not a constant shuffle, is what V8 compiles to one pshufb (the
        // core's `lanes::simd::load` says why).
        Helper::Bswap => (
            "bswap",
            vec![x()],
            vec![],
            vec![LocalGet(0), I64x2Splat, I32Const(0), V128Load(BYTES_REVERSED_AT), I8x16Swizzle, I64x2ExtractLane(0)],
        ),
        // One round per one bit of the mask, from the lowest: bit `next` of the result is the
        // bit of x under it.
        Helper::Pext => {
            let lowest_of_x = [LocalGet(0), LocalGet(1), I64Const(0), LocalGet(1), I64Sub, I64And, I64And];
            (
                "pext",
                vec![x(), one("mask")],
                vec![one("result"), one("next")],
                over_mask_bits(&lowest_of_x, &[LocalGet(3)]),
            )
        }
        // The reverse: bit `next` of x goes to the mask's lowest remaining one bit.
        Helper::Pdep => {
            let lowest_of_mask = [LocalGet(1), I64Const(0), LocalGet(1), I64Sub, I64And];
            (
                "pdep",
                vec![x(), one("mask")],
                vec![one("result"), one("next")],
                over_mask_bits(&[LocalGet(0), LocalGet(3), I64And], &lowest_of_mask),
            )
        }
    };
    Function {
        name: name.into(),
        export: None,
        params,
        locals,
        result: ValType::I64,
        copies: vec![0; code.len()],
        code: code.into_iter().map(|i| (i, None)).collect(),
        notes: Vec::new(),
        folds: Vec::new(),
    }
}

/// pext's and pdep's loop, one round per one bit of `mask` (local 1), lowest first, with
/// `next` (local 3) the round's bit of the packed side: where `condition` is not zero, `added`
/// is OR-ed into `result` (local 2), which the function gives.
fn over_mask_bits(condition: &[Instr], added: &[Instr]) -> Vec<Instr> {
    use Instr::*;
    let mut code = vec![I64Const(1), LocalSet(3), Block, Loop, LocalGet(1), I64Eqz, BrIf(1)];
    code.extend(condition);
    code.extend([I64Const(0), I64Ne, If, LocalGet(2)]);
    code.extend(added);
    code.extend([I64Or, LocalSet(2), End]);
    // next <<= 1; mask &= mask - 1, which clears its lowest one bit.
    code.extend([LocalGet(3), I64Const(1), I64Shl, LocalSet(3)]);
    code.extend([LocalGet(1), LocalGet(1), I64Const(1), I64Sub, I64And, LocalSet(1), Br(0), End, End, LocalGet(2)]);
    code
}

/// `run(count)`: the benchmark's loop over the workload in memory, as the core's
/// `workload::xor_all` runs it in wasm: twelve lookups per occupancy written out, XOR-ed.
fn run_function(attacks: &Function, workload: u32) -> Function {
    use Instr::*;
    let (count, index, squares, occupied, accumulator, square) = (0, 1, 2, 3, 4, 5);
    // attacks' own locals follow run's; its parameters are run's `occupied` and `square`.
    let first = 6;
    let local = |at: u32| match at {
        0 => occupied,
        1 => square,
        other => other - 2 + first,
    };
    let body: Vec<Instr> = attacks
        .code
        .iter()
        .map(|(instr, _)| match *instr {
            LocalGet(at) => LocalGet(local(at)),
            LocalSet(at) => LocalSet(local(at)),
            LocalTee(at) => LocalTee(local(at)),
            other => other,
        })
        .collect();
    let mut code = vec![
        // The squares follow the occupancies.
        LocalGet(count),
        I32Const(3),
        I32Shl,
        I32Const(workload as i32),
        I32Add,
        LocalSet(squares),
        Block,
        Loop,
        LocalGet(index),
        LocalGet(count),
        I32GeU,
        BrIf(1),
        LocalGet(index),
        I32Const(3),
        I32Shl,
        I64Load(workload),
        LocalSet(occupied),
    ];
    for k in 0..SQUARES_PER_OCCUPANCY {
        code.extend([LocalGet(squares), I32Load8U(k), LocalSet(square)]);
        code.extend(&body);
        code.extend([LocalGet(accumulator), I64Xor, LocalSet(accumulator)]);
    }
    code.extend([
        LocalGet(squares),
        I32Const(SQUARES_PER_OCCUPANCY as i32),
        I32Add,
        LocalSet(squares),
        LocalGet(index),
        I32Const(1),
        I32Add,
        LocalSet(index),
        Br(0),
        End,
        End,
        LocalGet(accumulator),
    ]);
    // The listing teaches attacks; the loop around it is said in one line.
    let folds = vec![(
        0,
        code.len(),
        format!(
            "the benchmark's loop: {SQUARES_PER_OCCUPANCY} lookups per occupancy, attacks inlined into each, as rustc inlines a built-in technique into its loop ({} instructions, not listed)",
            code.len() + 1
        ),
    )];
    Function {
        name: "run".into(),
        export: Some("run"),
        params: vec![("count".into(), ValType::I32)],
        locals: vec![
            ("index".into(), ValType::I32),
            ("squares".into(), ValType::I32),
            ("occupied".into(), ValType::I64),
            ("accumulator".into(), ValType::I64),
            ("square".into(), ValType::I32),
        ]
        .into_iter()
        .chain(attacks.locals.iter().cloned())
        .collect(),
        result: ValType::I64,
        copies: vec![0; code.len()],
        code: code.into_iter().map(|i| (i, None)).collect(),
        notes: Vec::new(),
        folds,
    }
}
