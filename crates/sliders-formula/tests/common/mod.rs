//! What the language's tests share: reading a text that must read, the error of one that must
//! not, and a spread of boards.
// Each test file uses some of these.
#![allow(dead_code)]

use sliders::{Bitboard, Square};
use sliders_formula::Formula;

/// The formula `text` reads as; a test fails with the error, said as the editor says it.
pub fn read(text: &str) -> Formula {
    Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {}", e.describe(text)))
}

/// The error `text` gives, said as the editor says it; a test fails if it reads.
pub fn error(text: &str) -> String {
    match Formula::parse(text) {
        Ok(_) => panic!("{text:?} parsed"),
        Err(e) => e.describe(text),
    }
}

/// `rounds` boards on every square, from a xorshift: each the AND of a word and that word
/// turned by `round * turn + 1` bits, so about a quarter of the squares are occupied.
pub fn boards(rounds: u32, turn: u32) -> impl Iterator<Item = (Square, Bitboard)> {
    let mut random = 0x9e37_79b9_7f4a_7c15u64;
    (0..64u32).flat_map(move |index| {
        (0..rounds).map(move |round| {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            (Square::from_index(index), Bitboard(random & random.rotate_left(round * turn + 1)))
        })
    })
}
