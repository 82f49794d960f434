//! Obstruction Difference with Daniel Infuehr's improvement. Split the line's occupancy into the
//! part below the slider and the part above it. The highest blocker below (at least bit 0, so there
//! is always one) is subtracted from the blockers above: the borrow clears the first blocker above
//! (with none, it runs past bit 63) and fills everything down to the blocker below. XOR with the
//! upper blockers flips the bits above back, and the line mask leaves exactly the attacked squares.
//! `leading_zeros` here is a single `i64.clz` in WebAssembly.

use super::compose::by_lines;
use super::obstruction_masks::OBSTRUCTION_MASKS;
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};
use traced::traced;

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| line_attacks(t, square, line, occupied))
}

#[traced]
#[inline(always)]
pub fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let masks = &OBSTRUCTION_MASKS[square][line];
    // Keeps the pieces on the line below the slider; the nearest of them bounds the attacks from below.
    let lower = occupied & masks.lower;
    // Keeps the pieces on the line above the slider; the lowest of them bounds the attacks from above.
    let upper = occupied & masks.upper;
    // Turns the count back into a single bit, the most significant one bit (ms1b) of lower | 1.
    // `lower | 1`: Adds bit 0 (a1), so the count below always finds a one bit, even with no piece below the slider.
    // `lzcnt(lower | 1)`: lzcnt counts the leading zeros, from bit 63 down to the highest one bit: the nearest piece below the slider, or a1.
    let ms1b = 0x8000000000000000 >> lzcnt(lower | 1);
    // XOR with upper marks the changed bits: everything from ms1b up to the first piece above the slider, or up to h8.
    // `upper - ms1b`: Subtracting ms1b turns the zero bits from ms1b upward into ones and clears the first one bit of upper, the nearest piece above the slider; with no piece above, the ones run up to h8.
    let odiff = upper ^ (upper - ms1b);
    // Keeps only this line's squares, without the slider's own.
    masks.line_ex & odiff
}
