//! The reader's formula language, as a wasm module the page fetches when a reader first opens
//! a formula (`formula.wasm`, loaded by the page's `src/language.rs`), so that the parser, the
//! evaluator, the check and the compiler to WebAssembly weigh nothing on the first load. The work is the core's
//! (`sliders_formula`); the requests and answers are `sliders_formula::wire`'s bytes.
//!
//! The page writes a request into the buffer `buffer` gives it, calls [`answer`], and reads
//! the answer where `result` points: its length is `answer`'s value, negated for an error
//! message (`module-buffer`'s protocol, which pictures.wasm shares).

use std::cell::RefCell;

use sliders_formula::wire::{Request, Server};

thread_local! {
    static SERVER: RefCell<Option<Server>> = const { RefCell::new(None) };
}

module_buffer::exports!();

/// No randomness here (see Cargo.toml): a request for some is refused.
#[cfg(all(feature = "prove", target_arch = "wasm32"))]
fn no_randomness(_: &mut [u8]) -> Result<(), getrandom::Error> {
    Err(getrandom::Error::UNSUPPORTED)
}
#[cfg(all(feature = "prove", target_arch = "wasm32"))]
getrandom::register_custom_getrandom!(no_randomness);

/// Answers request `kind` (a [`Request`]) whose bytes are in the buffer.
#[no_mangle]
pub extern "C" fn answer(kind: u32) -> i32 {
    let request = module_buffer::take();
    let answered = match Request::ALL.get(kind as usize) {
        Some(&kind) => SERVER.with(|server| {
            server
                .borrow_mut()
                .get_or_insert_with(|| {
                    Server::compiling(wasm_encode::encode).saying(sliders_explain::narration::sentence)
                })
                .answer(kind, &request)
        }),
        None => Err(format!("formula.wasm has no request {kind}")),
    };
    module_buffer::answer(answered)
}
