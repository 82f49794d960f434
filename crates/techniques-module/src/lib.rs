//! Every technique's traced code, as a wasm module the page fetches (`techniques.wasm`, loaded
//! by the page's `src/techniques.rs`) once the lesson is on screen, or at once when a link
//! opens on a technique the page does not carry: the page's first load traces only the
//! technique it opens on by default. The work is the core's; the requests and answers are
//! `sliders_formula::wire`'s bytes ([`TechniqueRequest`]).
//!
//! The page writes a request into the buffer `buffer` gives it, calls [`answer`], and reads
//! the answer where `result` points: its length is `answer`'s value, negated for an error
//! message (`module-buffer`'s protocol).

use sliders_formula::wire::{answer_technique, TechniqueRequest};

module_buffer::exports!();

/// Answers request `kind` (a [`TechniqueRequest`]) whose bytes are in the buffer.
#[no_mangle]
pub extern "C" fn answer(kind: u32) -> i32 {
    let request = module_buffer::take();
    let answered = match TechniqueRequest::ALL.get(kind as usize) {
        Some(&kind) => answer_technique(kind, &request, Some(sliders_explain::narration::sentence)),
        None => Err(format!("techniques.wasm has no request {kind}")),
    };
    module_buffer::answer(answered)
}
