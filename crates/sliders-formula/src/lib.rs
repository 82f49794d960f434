//! The reader's own formula: a small C-like language of 64-bit words, parsed, checked and
//! run here, with every operation a traced step like a technique's.
//!
//! ```
//! use sliders_formula::Formula;
//! use sliders::{Bitboard, Slider, Square};
//! let formula = Formula::parse("m = file(sq)\nline = o & m\nreturn (line ^ (line - 2 * r)) & m").unwrap();
//! let attacks = formula.attacks(Square::D4.bit(), Bitboard(1 << 51)).unwrap();
//! assert_eq!(attacks, Bitboard((1 << 35) | (1 << 43) | (1 << 51)));
//! ```
//!
//! Every value is an unsigned 64-bit word: `+ - *` wrap, a shift or rotation takes its amount
//! mod 64 (as wasm and x86-64 do), and a scan of the empty set gives 64. The board's names
//! are `o` (the occupied squares, the sliders' own included), `r` (the sliders' bits) and `sq`
//! (the lowest slider's square).

#![no_std]

extern crate alloc;

mod c_arithmetic;
mod check;
mod compile;
pub mod ctype;
mod eval;
pub mod examples;
mod export;
pub mod listings;
pub use export::Prefix;
pub mod functions;
mod instructions;
mod lex;
mod names;
pub mod operators;
mod parse;
pub mod preprocess;
mod print;
pub mod prove;
pub mod tables;
pub mod wasm;
mod wasm_c;
pub mod wire;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

pub use check::{CheckOutcome, Checker, CounterExample, OwnSquare, ParseTargetError, Target, CASES_PER_SQUARE};
pub use lex::PUNCTUATION;
pub use parse::Program;

use sliders::trace::Trace;
use sliders::{Bitboard, Slider, Square};

/// The longest formula read, in characters: a link's, a file's or a typed one. Room for a
/// table's initializer: `rays[8][64]` of hex words takes about 12,000.
pub const MAX_LENGTH: usize = 32_000;

/// The most characters of a line [`Error::caret`] shows.
pub const CARET_WINDOW: usize = 100;
/// How deep parentheses, operators and calls may nest.
pub const MAX_NESTING: usize = 64;
/// The most operations one evaluation may take (counting every call of every function, and a
/// loop's body as many times as it may run): a loop of 64 runs of a 60-operation body fits.
pub const MAX_STEPS: usize = 4096;
/// How deep the reader's functions may call one another.
pub const MAX_CALL_DEPTH: usize = 16;
/// Where something was typed: byte offsets into the formula.
pub use sliders::trace::Span;

/// A formula that cannot be read or run: where, what was expected, and perhaps a suggestion.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    pub span: Span,
    pub message: String,
    /// "did you mean file(s)?"
    pub suggestion: Option<String>,
    /// What the preprocessor noted of the text before the error (`#include` lines skipped):
    /// kept with it, so that an error does not hide how the rest was read.
    pub notes: Vec<String>,
}

impl Error {
    pub(crate) fn at(span: Span, message: &str) -> Error {
        Error { span, message: message.to_string(), suggestion: None, notes: Vec::new() }
    }

    /// The 1-based line and column (in characters) where the error starts in `text`.
    pub fn position(&self, text: &str) -> (usize, usize) {
        position(text, self.span.start)
    }

    /// "line 2, column 7: expected …; did you mean file(s)?"
    pub fn describe(&self, text: &str) -> String {
        let (line, column) = self.position(text);
        let hint = self.suggestion.as_ref().map(|s| format!(" Did you mean {s}?")).unwrap_or_default();
        format!("line {line}, column {column}: {}.{hint}", self.message)
    }

    /// The line typed, and a caret under the place: what the page and the CLI show under the message.
    pub fn caret(&self, text: &str) -> (String, String) {
        let (line, column) = self.position(text);
        let typed: Vec<char> = text.lines().nth(line - 1).unwrap_or("").chars().collect();
        let width = text[self.span.start.min(text.len())..self.span.end.min(text.len())].chars().count().max(1);
        let width = width.min(typed.len().saturating_sub(column - 1).max(1));
        // A line longer than the window is cut around the place, marked … where it is cut: a
        // stranger's text may be one line of megabytes.
        let start = (column - 1).saturating_sub(CARET_WINDOW / 2).min(typed.len().saturating_sub(CARET_WINDOW));
        let end = (start + CARET_WINDOW).min(typed.len());
        let (before, after) = (if start > 0 { "…" } else { "" }, if end < typed.len() { "…" } else { "" });
        let shown: String = typed[start..end].iter().collect();
        let width = width.min(end.saturating_sub(column - 1).max(1));
        let indent = before.chars().count() + (column - 1 - start);
        (format!("{before}{shown}{after}"), format!("{}{}", " ".repeat(indent), "^".repeat(width)))
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..floor_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A parsed and resolved formula, ready to run on any board.
#[derive(Clone, Debug)]
pub struct Formula {
    source: String,
    program: Program,
    compiled: compile::Compiled,
    /// What the preprocessor notes of the directives it read.
    notes: Vec<String>,
}

impl PartialEq for Formula {
    fn eq(&self, other: &Formula) -> bool {
        self.source == other.source
    }
}

impl Formula {
    pub fn parse(text: &str) -> Result<Formula, Error> {
        let length = text.chars().count();
        if length > MAX_LENGTH {
            let cut = text.char_indices().nth(MAX_LENGTH).map_or(text.len(), |(at, _)| at);
            return Err(Error::at(
                Span::new(cut, text.len()),
                &format!("the formula is {length} characters long; the most is {MAX_LENGTH}"),
            ));
        }
        let (program, compiled, notes) = read(text, |lexed, expanded| {
            let program = parse::parse(&lexed.tokens)?;
            let mut written = expanded.written().to_vec();
            written.extend(&program.written);
            let typed = compile::Typed { text, comments: &lexed.comments, written: &written };
            let mut compiled = compile::compile(&program, typed)?;
            // The functions that fill tables run once, now: every later stage sees the tables
            // filled.
            if !compiled.fills.is_empty() {
                let (entries, operations) =
                    eval::fill(&compiled, &compiled.fills).map_err(|fault| Error::at(fault.span, &fault.message))?;
                for (table, entries) in compiled.tables.iter_mut().zip(entries) {
                    table.entries = entries;
                }
                compiled.filled_in = operations;
            }
            let mut notes = expanded.notes.clone();
            if !program.fills.is_empty() {
                let called: Vec<String> = program.fills.iter().map(|(name, _)| format!("{name}()")).collect();
                notes.push(format!(
                    "{} filled the tables once, before any board, in {} operations.",
                    called.join(" then "),
                    prove::thousands(u128::from(compiled.filled_in))
                ));
            }
            Ok((program, compiled, notes))
        })?;
        Ok(Formula { source: text.to_string(), program, compiled, notes })
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    /// What the editor notes of how the text was read: which reading, C's or the lab's short
    /// form, and why; and directives skipped (`#include`).
    pub fn reading_note(&self) -> String {
        let reading = self.program.reading_note(&self.source);
        self.notes.iter().map(String::as_str).chain([reading.as_str()]).collect::<Vec<_>>().join(" ")
    }

    /// Whether the preprocessor skipped a directive (`#include`), which the note says.
    pub fn skipped_directives(&self) -> bool {
        !self.notes.is_empty()
    }

    /// Which meaning the text has: C's, or the lab's short form.
    /// The reader's table of that name, worked out.
    pub fn table(&self, name: &str) -> Option<&tables::Table> {
        self.compiled.tables.iter().find(|table| table.name == name)
    }

    /// The operations its functions that fill tables took, once, when the text was read.
    pub fn filled_in(&self) -> u64 {
        self.compiled.filled_in
    }

    /// The value of the enum's constant `name`, if the text declares one.
    pub fn enumerator(&self, name: &str) -> Option<u64> {
        self.compiled.enumerators.iter().rev().find(|(constant, _)| constant == name).map(|(_, value)| *value)
    }

    /// The reader's tables, worked out, in the order declared.
    pub fn tables(&self) -> &[tables::Table] {
        &self.compiled.tables
    }

    pub fn reading(&self) -> ctype::Reading {
        self.program.reading
    }

    /// The syntax tree, which prints back as the formula with one statement per line.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The formula compiled to WebAssembly: `attacks(occupied, square)` and the benchmark's
    /// `run(count)`, as instructions tagged with their sub-expressions.
    pub fn wasm(&self) -> wasm::Module {
        wasm::module(&self.compiled)
    }

    /// The formula's value for a slider (or several, as a set) on this board: the fast path,
    /// recording nothing.
    pub fn attacks(&self, sliders: Bitboard, occupied: Bitboard) -> Result<Bitboard, Fault> {
        eval::run(&self.compiled, inputs(sliders, occupied), &mut eval::Silent).map(Bitboard)
    }

    /// The formula's value for one slider on `square`, its own square `own`: with
    /// [`OwnSquare::Either`], `o` is `occupied` as given, the slider's bit set or not.
    pub fn attacks_on(&self, square: Square, occupied: Bitboard, own: OwnSquare) -> Result<Bitboard, Fault> {
        let inputs = match own {
            OwnSquare::Occupied => inputs(square.bit(), occupied),
            OwnSquare::Either => Inputs { occupied: occupied.0, ..inputs(square.bit(), occupied) },
        };
        eval::run(&self.compiled, inputs, &mut eval::Silent).map(Bitboard)
    }

    /// Every operation the formula takes on this board, as the steps of a trace.
    pub fn trace(&self, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Result<Trace, Fault> {
        match self.trace_until_fault(slider, sliders, occupied) {
            (trace, None) => Ok(trace),
            (_, Some(fault)) => Err(fault),
        }
    }

    /// The steps up to a fault, if the formula meets one on this board (its result then empty),
    /// and the fault: what a page shows while the reader looks into it.
    pub fn trace_until_fault(&self, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> (Trace, Option<Fault>) {
        let mut recorder = eval::Recording::default();
        let outcome = eval::run(&self.compiled, inputs(sliders, occupied), &mut recorder);
        let square = sliders.squares().next().unwrap_or(Square::A1);
        let trace = Trace {
            technique: None,
            slider,
            square,
            sliders,
            occupied,
            steps: recorder.steps,
            result: Bitboard(*outcome.as_ref().unwrap_or(&0)),
        };
        (trace, outcome.err())
    }
}

/// The text preprocessed (`#define`, `#ifndef`, …) and cut into tokens, each token with the
/// span the reader typed; then `then`, given them.
pub(crate) fn read<R>(
    text: &str,
    then: impl FnOnce(&lex::Lexed<'_>, &preprocess::Expanded) -> Result<R, Error>,
) -> Result<R, Error> {
    let expanded = preprocess::preprocess(text)?;
    let noted = |error: Error| Error { notes: expanded.notes.clone(), ..error };
    let typed = |error: Error| noted(Error { span: expanded.span(error.span), ..error });
    let mut lexed = lex::lex(&expanded.text).map_err(typed)?;
    for (_, span) in &mut lexed.tokens {
        *span = expanded.span(*span);
    }
    then(&lexed, &expanded).map_err(noted)
}

/// What the board's names stand for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Inputs {
    pub occupied: u64,
    pub sliders: u64,
    pub square: u64,
}

fn inputs(sliders: Bitboard, occupied: Bitboard) -> Inputs {
    Inputs {
        occupied: (occupied | sliders).0,
        sliders: sliders.0,
        square: if sliders.is_empty() { 0 } else { sliders.0.trailing_zeros() as u64 },
    }
}

/// A formula that went wrong while it ran on one board: a square function given a number
/// that is no square.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fault {
    pub span: Span,
    pub message: String,
}

impl Fault {
    /// The line typed, and a caret under the place, as for an error.
    pub fn caret(&self, text: &str) -> (String, String) {
        Error::at(self.span, &self.message).caret(text)
    }

    pub fn describe(&self, text: &str) -> String {
        let (line, column) = position(text, self.span.start);
        format!("line {line}, column {column}: {}", self.message)
    }
}
