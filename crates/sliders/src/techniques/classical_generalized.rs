//! Classical Approach, generalized: one routine for all eight directions. A reverse scan finds
//! the first blocker of a negative ray directly; for a positive ray the routine first isolates
//! the lowest blocker (x & -x), so the same reverse scan finds it too. dirMask switches the
//! isolation off for negative rays, and dirBit is the corner whose ray is empty, added first
//! so the scan always has a bit to find.

use super::compose::by_lines;
use crate::geometry::ray_attacks;
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Slider, Square};

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let positive = ray(t, line.positive(), square, occupied);
        let negative = ray(t, line.negative(), square, occupied);
        t.focus(Focus::Line(line));
        t.or("positive | negative = line attacks", positive, negative)
    })
}

/// Empty for positive directions (keep only the LS1B), universal for negative ones (keep all).
#[inline(always)]
const fn dir_mask(direction: Direction) -> Bitboard {
    if direction.is_positive() {
        Bitboard::EMPTY
    } else {
        Bitboard::FULL
    }
}

/// The corner that ends every ray of the direction: bit 63 for positive, bit 0 for negative.
#[inline(always)]
const fn dir_bit(direction: Direction) -> Bitboard {
    if direction.is_positive() {
        Square::H8.bit()
    } else {
        Square::A1.bit()
    }
}

#[inline(always)]
fn ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let attacks = t.lookup("rayAttacks[dir][sq]", square.index(), ray_attacks(direction, square));
    let blocker = t.and("attacks & occupied = blocker", attacks, occupied);
    let blocker = t.or("blocker | dirBit[dir]", blocker, dir_bit(direction));
    let negated = t.neg("-blocker", blocker);
    let keep = t.or("-blocker | dirMask[dir]", negated, dir_mask(direction));
    let blocker = t.and("blocker & (-blocker | dirMask[dir])", blocker, keep);
    let first = t.bsr("bitScanReverse(blocker) = first blocker", blocker);
    let shadow = t.lookup("rayAttacks[dir][first blocker]", first.index(), ray_attacks(direction, first));
    t.xor("attacks ^ ray behind the blocker", attacks, shadow)
}
