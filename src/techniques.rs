//! The techniques' traces, as the page gets them. The first load carries the traced code of
//! one technique, [`CARRIED`], the one the page opens on; every other technique's is
//! `techniques.wasm` (crates/techniques-module), fetched once the lesson is on screen, or at
//! once when a link opens on another technique, and asked in the bytes of
//! `sliders_formula::wire` ([`TechniqueRequest`]).
//!
//! Native builds (the model's tests) answer the same requests with the same core, in process,
//! so the tests go through the same bytes as the page. So does the panels module, which carries
//! every technique for its own panels ([`answer_here`]).

use sliders::{Bitboard, Slider, Technique, Trace};
use sliders_formula::wire::{self, TechniqueRequest, Writer};

pub use crate::fetched::Status;

/// The technique whose traced code is in the first load: the one the page opens on
/// (`Setup::default`).
pub const CARRIED: Technique = Technique::ObstructionDifference;

/// Where `techniques.wasm` is when this code starts: here already in a build that answers in
/// process (tests, the panels module), else not asked for yet.
pub fn status_at_start() -> Status {
    if transport::ready() {
        Status::Ready
    } else {
        Status::Absent
    }
}

/// Every step of `technique` on the board (the union for the techniques that take several
/// sliders, the lowest slider's for the others); `None` while `techniques.wasm` is on its way,
/// and `Err` with why, in a sentence, if it could not answer.
pub fn trace(
    technique: Technique,
    slider: Slider,
    sliders: Bitboard,
    occupied: Bitboard,
) -> Option<Result<Trace, String>> {
    // Here before techniques.wasm, without its sentences; once it is here, asked of it, which
    // says them.
    if technique == CARRIED && !transport::ready() {
        let lowest = sliders.squares().next().unwrap_or(sliders::Square::A1);
        return Some(Ok(CARRIED.trace(slider, lowest, occupied)));
    }
    let mut writer = Writer::default();
    wire::write_trace_request(&mut writer, technique, slider, sliders, occupied);
    let answer = transport::ask(TechniqueRequest::Trace, &writer.bytes)?;
    Some(answer.and_then(|bytes| {
        wire::read_trace(&bytes)
            .map(|(trace, _)| trace)
            .ok_or_else(|| "the page could not read techniques.wasm's answer".into())
    }))
}

/// Fills `technique`'s large table if it reads one: `None` while `techniques.wasm` is on its
/// way (the page times this call, to say how long the fill took).
pub fn fill_table(technique: Technique) -> Option<Result<(), String>> {
    let mut writer = Writer::default();
    wire::write_fill_request(&mut writer, technique);
    transport::ask(TechniqueRequest::FillTable, &writer.bytes).map(|answer| answer.map(drop))
}

#[cfg(target_arch = "wasm32")]
pub use transport::answer_here;
pub use transport::load;

/// In process: the core answers as the module would.
#[cfg(not(target_arch = "wasm32"))]
mod transport {
    use sliders_formula::wire::{answer_technique, TechniqueRequest};

    pub fn ready() -> bool {
        true
    }

    pub async fn load() -> Result<(), String> {
        Ok(())
    }

    pub fn ask(request: TechniqueRequest, bytes: &[u8]) -> Option<Result<Vec<u8>, String>> {
        Some(answer_technique(request, bytes, Some(sliders_explain::narration::sentence)))
    }
}

/// In the browser: `techniques.wasm`, instantiated once and called synchronously from then on;
/// or, in the panels module, the core in process.
#[cfg(target_arch = "wasm32")]
mod transport {
    use std::cell::{Cell, RefCell};

    use sliders_formula::wire::TechniqueRequest;

    use crate::fetched::{self, Module};

    /// What answers in process, where a build carries every technique.
    type Answer = fn(TechniqueRequest, &[u8]) -> Result<Vec<u8>, String>;

    thread_local! {
        static LOADED: RefCell<Option<Module>> = const { RefCell::new(None) };
        static HERE: Cell<Option<Answer>> = const { Cell::new(None) };
    }

    /// Answers every request in process from now on: the panels module carries every
    /// technique for its own panels, and calls this as it starts. (The page never names
    /// `answer`'s code, so its first load does not hold it.)
    pub fn answer_here(answer: Answer) {
        HERE.with(|here| here.set(Some(answer)));
    }

    pub fn ready() -> bool {
        HERE.with(Cell::get).is_some() || LOADED.with(|loaded| loaded.borrow().is_some())
    }

    /// Fetches and instantiates the module; `Err` says why it could not, in a sentence.
    pub async fn load() -> Result<(), String> {
        if ready() {
            return Ok(());
        }
        let module = fetched::load("techniques.wasm", "The techniques' code").await?;
        LOADED.with(|loaded| *loaded.borrow_mut() = Some(module));
        Ok(())
    }

    pub fn ask(request: TechniqueRequest, bytes: &[u8]) -> Option<Result<Vec<u8>, String>> {
        if let Some(answer) = HERE.with(Cell::get) {
            return Some(answer(request, bytes));
        }
        LOADED.with(|loaded| Some(loaded.borrow().as_ref()?.ask(request as u32, bytes)))
    }
}
