//! The reader's formula compiled to WebAssembly (by `formula.wasm`, see `src/language.rs`),
//! validated when it is compiled, and instantiated when its check starts, so that the check can run the compiled function
//! beside the formula, case for case. The Benchmark panel times the same bytes in its worker.
//!
//! Native builds (the model's tests) have no WebAssembly engine: there nothing is instantiated,
//! and the check runs the formula alone.

use sliders::{Bitboard, Square};
use sliders_formula::{Fault, Span};

pub use instance::{attacks_of, load, validate, AVAILABLE};

/// The fault a trap becomes: a mask given a number that is no square, a division by zero, or
/// a C builtin given the zero it leaves undefined.
fn trapped() -> Fault {
    Fault {
        span: Span::default(),
        message: "the compiled function trapped (a mask was given a number that is no square, a number was divided by zero, or a C builtin undefined at zero was given zero)".into(),
    }
}

#[cfg(target_arch = "wasm32")]
mod instance {
    use std::cell::RefCell;
    use std::rc::Rc;

    use js_sys::{BigInt, Function, Object, Reflect, Uint8Array, WebAssembly};
    use wasm_bindgen::{JsCast, JsValue};

    use super::*;

    thread_local! {
        /// The text compiled, and its `attacks` export.
        static LOADED: RefCell<Option<(Rc<str>, Function)>> = const { RefCell::new(None) };
    }

    pub const AVAILABLE: bool = true;

    /// Whether the browser finds the bytes a valid module.
    pub fn validate(bytes: &[u8]) -> Result<(), String> {
        match WebAssembly::validate(&Uint8Array::from(bytes)) {
            Ok(true) => Ok(()),
            _ => Err("the browser found the compiled module invalid".into()),
        }
    }

    /// Validates and instantiates the module compiled from `text` (unless it is the one
    /// instantiated already); `Err` says why not.
    pub fn load(text: &Rc<str>, bytes: &[u8]) -> Result<(), String> {
        if ready(text) {
            return Ok(());
        }
        LOADED.with(|loaded| *loaded.borrow_mut() = None);
        validate(bytes)?;
        let array = Uint8Array::from(bytes);
        let refused = |_| String::from("the browser refused the compiled module");
        let module = WebAssembly::Module::new(&array).map_err(refused)?;
        let instance = WebAssembly::Instance::new(&module, &Object::new()).map_err(refused)?;
        let attacks = Reflect::get(&instance.exports(), &"attacks".into())
            .ok()
            .and_then(|value| value.dyn_into::<Function>().ok())
            .ok_or("the compiled module has no attacks function")?;
        LOADED.with(|loaded| *loaded.borrow_mut() = Some((text.clone(), attacks)));
        Ok(())
    }

    fn ready(text: &str) -> bool {
        LOADED.with(|loaded| loaded.borrow().as_ref().is_some_and(|(compiled, _)| &**compiled == text))
    }

    /// The compiled function of `text`, if it is the one instantiated.
    pub fn attacks_of(text: &str) -> Option<impl Fn(Square, Bitboard) -> Result<Bitboard, Fault>> {
        let function = LOADED.with(|loaded| {
            loaded.borrow().as_ref().filter(|(compiled, _)| &**compiled == text).map(|(_, f)| f.clone())
        })?;
        Some(move |square: Square, occupied: Bitboard| {
            let value = function
                .call2(&JsValue::NULL, &JsValue::from(occupied.0), &JsValue::from(square.index()))
                .map_err(|_| trapped())?;
            // An i64 comes back as a signed BigInt: read its 64 bits as unsigned.
            let unsigned = BigInt::as_uint_n(64.0, &value.unchecked_into());
            u64::try_from(unsigned).map(Bitboard).map_err(|_| trapped())
        })
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod instance {
    use std::rc::Rc;

    use super::*;

    pub const AVAILABLE: bool = false;

    pub fn validate(_: &[u8]) -> Result<(), String> {
        Ok(())
    }

    pub fn load(_: &Rc<str>, _: &[u8]) -> Result<(), String> {
        Err("there is no WebAssembly engine here".into())
    }

    /// The shape the browser's compiled function has, here never given.
    type Attacks = fn(Square, Bitboard) -> Result<Bitboard, Fault>;

    pub fn attacks_of(_: &str) -> Option<Attacks> {
        let _ = trapped;
        None
    }
}
