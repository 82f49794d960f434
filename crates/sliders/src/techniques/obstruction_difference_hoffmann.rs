//! Obstruction Difference as Michael Hoffmann first proposed it: twice the lowest blocker above
//! the slider, minus the highest blocker below it (at least bit 0), sets every bit from that
//! lower blocker up to the upper one; the line mask keeps the attacked squares. With no blocker
//! above, the doubled LS1B is zero and the subtraction borrows from the hidden 2^64 bit.

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
fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let masks = &OBSTRUCTION_MASKS[square][line];
    // Keeps the pieces on the line below the slider; the nearest of them bounds the attacks from below.
    let lower = occupied & masks.lower;
    // Keeps the pieces on the line above the slider; the lowest of them bounds the attacks from above.
    let upper = occupied & masks.upper;
    // Turns the count back into a single bit, the most significant one bit (ms1b) of lower | 1.
    // `lower | 1`: Adds bit 0 (a1), so the count below always finds a one bit, even with no piece below the slider.
    // `lzcnt(lower | 1)`: The leading zeros lead down to the highest one bit: the nearest piece below the slider, or a1.
    let ms1b = 0x8000000000000000 >> lzcnt(lower | 1);
    // Only the lowest one bit survives: the least significant one bit (ls1b), the first piece above the slider.
    // `-upper`: Two's complement keeps upper's lowest one bit and flips every bit above it.
    let ls1b = upper & -upper;
    // Subtracting ms1b from the bit above the blocker sets every bit from ms1b up to the blocker. Where ls1b << 1 is zero (no piece above, or the blocker on h8, whose bit the shift drops), it sets every bit from ms1b up to h8.
    // `ls1b << 1`: Moves that bit one place up (2 * ls1b in the article), so the blocker's own bit ends up inside the difference.
    let odiff = (ls1b << 1) - ms1b;
    // Keeps only this line's squares, without the slider's own.
    masks.line_ex & odiff
}
