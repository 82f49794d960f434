//! The reader's formula language, as a wasm module the page fetches when a reader first opens
//! a formula (`formula.wasm`, loaded by the page's `src/language.rs`), so that the parser, the
//! evaluator, the check and the compiler to WebAssembly weigh nothing on the first load. The work is the core's
//! (`sliders::formula`); the requests and answers are `sliders::formula::wire`'s bytes.
//!
//! The page writes a request into the buffer [`buffer`] gives it, calls [`answer`], and reads
//! the answer where [`result`] points: its length is `answer`'s value, negated for an error
//! message.

use std::cell::RefCell;

use sliders::formula::wire::{Request, Server};

thread_local! {
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static SERVER: RefCell<Option<Server>> = const { RefCell::new(None) };
}

/// A buffer of `length` bytes for the next request; returns where it starts.
#[no_mangle]
pub extern "C" fn buffer(length: u32) -> *mut u8 {
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        buffer.clear();
        buffer.resize(length as usize, 0);
        buffer.as_mut_ptr()
    })
}

/// Where the last answer is.
#[no_mangle]
pub extern "C" fn result() -> *const u8 {
    BUFFER.with(|buffer| buffer.borrow().as_ptr())
}

/// Answers request `kind` (a [`Request`]) whose bytes are in the buffer.
#[no_mangle]
pub extern "C" fn answer(kind: u32) -> i32 {
    let request = BUFFER.with(|buffer| std::mem::take(&mut *buffer.borrow_mut()));
    let answered = match Request::ALL.get(kind as usize) {
        Some(&kind) => SERVER.with(|server| {
            server.borrow_mut().get_or_insert_with(|| Server::compiling(wasm_encode::encode)).answer(kind, &request)
        }),
        None => Err(format!("formula.wasm has no request {kind}")),
    };
    let (bytes, sign) = match answered {
        Ok(bytes) => (bytes, 1),
        Err(message) => (message.into_bytes(), -1),
    };
    let length = bytes.len() as i32;
    BUFFER.with(|buffer| *buffer.borrow_mut() = bytes);
    sign * length
}
