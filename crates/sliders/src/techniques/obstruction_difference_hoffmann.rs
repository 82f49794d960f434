//! Obstruction Difference as Michael Hoffmann first proposed it: twice the lowest blocker above
//! the slider, minus the highest blocker below it (at least bit 0), sets every bit from that
//! lower blocker up to the upper one; the line mask keeps the attacked squares. With no blocker
//! above, the doubled LS1B is zero and the subtraction borrows from the hidden 2^64 bit.

use super::compose::by_lines;
use super::obstruction_masks::OBSTRUCTION_MASKS;
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| line_attacks(t, square, line, occupied))
}

#[inline(always)]
fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let masks = &OBSTRUCTION_MASKS[square as usize][line as usize];
    let lower = t.and("occupied & lowerMask[sq] = lower", occupied, masks.lower);
    let upper = t.and("occupied & upperMask[sq] = upper", occupied, masks.upper);
    let lower_or_one = t.or("lower | 1", lower, Square::A1.bit());
    let zeros = t.lzcnt("lzcnt(lower | 1)", lower_or_one);
    let ms1b = t.shr("0x8000000000000000 >> lzcnt = ms1b", Square::H8.bit(), zeros);
    let negated = t.neg("-upper", upper);
    let ls1b = t.and("upper & -upper = ls1b", upper, negated);
    let doubled = t.shl("2 * ls1b", ls1b, 1);
    let odiff = t.sub("2 * ls1b - ms1b = odiff", doubled, ms1b);
    t.and("lineEx & odiff = line attacks", masks.line_ex, odiff)
}
