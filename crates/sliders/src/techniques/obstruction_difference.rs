//! Obstruction Difference with Daniel Infuehr's improvement. Split the line's occupancy into the
//! part below the slider and the part above it. The highest blocker below (at least bit 0, so
//! there is always one) is subtracted from the blockers above: the borrow clears the first
//! blocker above and fills everything down to the blocker below. XOR with the upper blockers
//! flips the bits above back, and the line mask leaves exactly the attacked squares.
//! `leading_zeros` here is a single `i64.clz` in WebAssembly.

use super::compose::by_lines;
use super::obstruction_masks::OBSTRUCTION_MASKS;
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| line_attacks(t, square, line, occupied))
}

#[inline(always)]
pub fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let masks = &OBSTRUCTION_MASKS[square as usize][line as usize];
    let lower = t.and("occupied & lowerMask[sq] = lower", occupied, masks.lower);
    let upper = t.and("occupied & upperMask[sq] = upper", occupied, masks.upper);
    let lower_or_one = t.or("lower | 1", lower, Square::A1.bit());
    let zeros = t.lzcnt("lzcnt(lower | 1)", lower_or_one);
    let ms1b = t.shr("0x8000000000000000 >> lzcnt = ms1b", Square::H8.bit(), zeros);
    let difference = t.sub("upper - ms1b", upper, ms1b);
    let odiff = t.xor("upper ^ (upper - ms1b) = odiff", upper, difference);
    t.and("lineEx & odiff = line attacks", masks.line_ex, odiff)
}
