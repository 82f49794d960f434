//! The reader's formula language, which the page does not carry: the parser, the evaluator and
//! the check are `formula.wasm` (crates/formula-module), fetched the first time a reader opens
//! a formula, so that they weigh nothing on the first load. This file asks it for what the page
//! shows (whether a text reads, its steps on a board, its result, a slice of its check, its
//! WebAssembly, its C or Rust) in the bytes of `sliders_formula::wire`, and reads the answers back into the
//! core's own types.
//!
//! Native builds (the model's tests) answer the same requests with the same core (and the same
//! encoder), in process, so the tests go through the same bytes as the page.

use sliders::{Bitboard, Slider, Trace};
use sliders_formula::wire::{self, CompiledModule, Request, Writer};
use sliders_formula::{CheckOutcome, Checker, Error, Fault, Span};

pub use crate::fetched::Status;

/// Whether the language can answer now.
pub fn ready() -> bool {
    transport::ready()
}

/// What the language says of `text`: nothing if it reads, else where and why not.
pub fn parse(text: &str) -> Result<(), Error> {
    let answer = ask(Request::Parse, text, |_| ()).map_err(|message| Error {
        span: Span::default(),
        message,
        suggestion: None,
        notes: Vec::new(),
    })?;
    wire::read_parse(&answer).unwrap_or_else(|| Err(unreadable_error()))
}

/// The formula's steps on a board, up to its fault if it meets one there.
pub fn trace(text: &str, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> (Trace, Option<Fault>) {
    let answer = ask(Request::Trace, text, |writer| wire::write_board(writer, slider, sliders, occupied));
    match answer.map(|bytes| wire::read_trace(&bytes).ok_or_else(unreadable)) {
        Ok(Ok(traced)) => traced,
        Ok(Err(message)) | Err(message) => {
            (Trace::not_run(slider, sliders, occupied), Some(Fault { span: Span::default(), message }))
        }
    }
}

/// The formula's result on a board, or its fault there.
pub fn attacks(text: &str, sliders: Bitboard, occupied: Bitboard) -> Result<Bitboard, Fault> {
    let answer = ask(Request::Attacks, text, |writer| wire::write_board(writer, Slider::Rook, sliders, occupied));
    answer
        .and_then(|bytes| wire::read_attacks(&bytes).ok_or_else(unreadable))
        .unwrap_or_else(|message| Err(Fault { span: Span::default(), message }))
}

/// Up to `budget` more cases of the check: the checker moved on, and the outcome once there is
/// one; `Err` if the language could not run it.
pub fn advance(text: &str, checker: &Checker, budget: usize) -> Result<(Checker, Option<CheckOutcome>), String> {
    let answer = ask(Request::Check, text, |writer| {
        writer.checker(checker);
        writer.u32(budget.min(u32::MAX as usize) as u32);
    })?;
    wire::read_check(&answer).ok_or_else(unreadable)
}

/// The formula compiled to WebAssembly: its bytes, its text and its instruction count.
pub fn compile(text: &str) -> Result<CompiledModule, String> {
    let answer = ask(Request::Compile, text, |_| ())?;
    wire::read_compiled(&answer).ok_or_else(unreadable)
}

/// The formula as a function to paste into an engine: C, or else Rust.
pub fn export(text: &str, c: bool, prefix: &str) -> Result<String, String> {
    let answer = ask(Request::Export, text, |writer| {
        writer.u8(if c { 0 } else { 1 });
        writer.str(prefix);
    })?;
    wire::Reader::new(&answer).str().map(String::from).ok_or_else(unreadable)
}

/// An example's text, by the example's id.
pub fn example(id: &str) -> Result<String, String> {
    let answer = ask(Request::Example, id, |_| ())?;
    wire::Reader::new(&answer).str().map(String::from).ok_or_else(unreadable)
}

/// A request: the text, then what `rest` writes.
fn ask(request: Request, text: &str, rest: impl FnOnce(&mut Writer)) -> Result<Vec<u8>, String> {
    let mut writer = Writer::default();
    writer.str(text);
    rest(&mut writer);
    transport::ask(request, &writer.bytes)
}

fn unreadable() -> String {
    "the page could not read formula.wasm's answer".into()
}

fn unreadable_error() -> Error {
    Error { span: Span::default(), message: unreadable(), suggestion: None, notes: Vec::new() }
}

pub use transport::load;

/// In process: the core answers as the module would.
#[cfg(not(target_arch = "wasm32"))]
mod transport {
    use std::cell::RefCell;

    use sliders_formula::wire::{Request, Server};

    thread_local! {
        static SERVER: RefCell<Server> = RefCell::new(
            Server::compiling(wasm_encode::encode).saying(sliders_explain::narration::sentence),
        );
    }

    pub fn ready() -> bool {
        true
    }

    pub async fn load() -> Result<(), String> {
        Ok(())
    }

    pub fn ask(request: Request, bytes: &[u8]) -> Result<Vec<u8>, String> {
        SERVER.with(|server| server.borrow_mut().answer(request, bytes))
    }
}

/// In the browser: `formula.wasm`, instantiated once and called synchronously from then on.
#[cfg(target_arch = "wasm32")]
mod transport {
    use std::cell::RefCell;

    use sliders_formula::wire::Request;

    use crate::fetched::{self, Module};

    thread_local! {
        static LOADED: RefCell<Option<Module>> = const { RefCell::new(None) };
    }

    pub fn ready() -> bool {
        LOADED.with(|loaded| loaded.borrow().is_some())
    }

    /// Fetches and instantiates the module; `Err` says why it could not, in a sentence.
    pub async fn load() -> Result<(), String> {
        if ready() {
            return Ok(());
        }
        let module = fetched::load("formula.wasm", "The formula language").await?;
        LOADED.with(|loaded| *loaded.borrow_mut() = Some(module));
        Ok(())
    }

    pub fn ask(request: Request, bytes: &[u8]) -> Result<Vec<u8>, String> {
        LOADED.with(|loaded| {
            let loaded = loaded.borrow();
            let module = loaded.as_ref().ok_or("the formula language has not loaded yet")?;
            module.ask(request as u32, bytes)
        })
    }
}
