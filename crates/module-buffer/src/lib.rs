//! How the page talks to a wasm module it fetches later (`formula.wasm`, `pictures.wasm`): one
//! buffer in the module's memory. The page asks [`buffer`] for room, writes its request there
//! and calls one of the module's entry points, which takes the request ([`take`]) and leaves its
//! answer in the same buffer ([`answer`]); the entry point returns the answer's length, negated
//! when the answer is an error message, and the page reads it where [`result`] points.
//!
//! [`exports!`] writes the two exports every such module has, `buffer` and `result`.

use std::cell::RefCell;

thread_local! {
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `length` zero bytes for the next request; where it starts.
pub fn buffer(length: u32) -> *mut u8 {
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        buffer.clear();
        buffer.resize(length as usize, 0);
        buffer.as_mut_ptr()
    })
}

/// Where the last answer starts.
pub fn result() -> *const u8 {
    BUFFER.with(|buffer| buffer.borrow().as_ptr())
}

/// The request in the buffer, which is left empty.
pub fn take() -> Vec<u8> {
    BUFFER.with(|buffer| std::mem::take(&mut *buffer.borrow_mut()))
}

/// A copy of what the buffer holds, which stays.
pub fn contents() -> Vec<u8> {
    BUFFER.with(|buffer| buffer.borrow().clone())
}

/// Puts `bytes` in the buffer: a request, in a module's own tests.
pub fn put(bytes: Vec<u8>) {
    BUFFER.with(|buffer| *buffer.borrow_mut() = bytes);
}

/// Leaves the answer in the buffer and returns what the entry point returns: its length, negated
/// for an error message.
pub fn answer(answer: Result<Vec<u8>, String>) -> i32 {
    let (bytes, sign) = match answer {
        Ok(bytes) => (bytes, 1),
        Err(message) => (message.into_bytes(), -1),
    };
    let length = bytes.len() as i32;
    put(bytes);
    sign * length
}

/// The module's `buffer(length)` and `result()` exports, as the page calls them.
#[macro_export]
macro_rules! exports {
    () => {
        /// A buffer of `length` bytes for the next request; returns where it starts.
        #[no_mangle]
        pub extern "C" fn buffer(length: u32) -> *mut u8 {
            $crate::buffer(length)
        }

        /// Where the last answer is.
        #[no_mangle]
        pub extern "C" fn result() -> *const u8 {
            $crate::result()
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_its_length_and_an_error_its_negated_length() {
        assert_eq!(answer(Ok(b"abc".to_vec())), 3);
        assert_eq!(contents(), b"abc");
        assert_eq!(answer(Err("no".into())), -2);
        assert_eq!(take(), b"no");
        assert!(contents().is_empty());
        let at = buffer(4);
        assert_eq!(at as *const u8, result());
        assert_eq!(contents(), [0; 4]);
    }
}
