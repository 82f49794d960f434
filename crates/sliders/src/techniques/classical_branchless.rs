//! Classical Approach, branchless: instead of testing for a blocker, add the far corner to
//! the blockers. Bit 63 ends every positive ray and bit 0 every negative ray, and the ray
//! beyond either is empty, so when nothing blocks the scan finds the corner and the XOR
//! takes nothing away.

use super::compose::by_lines;
use crate::geometry::ray_attacks;
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Slider, Square};

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let positive = positive_ray(t, line.positive(), square, occupied);
        let negative = negative_ray(t, line.negative(), square, occupied);
        t.focus(Focus::Line(line));
        t.or("positive | negative = line attacks", positive, negative)
    })
}

#[inline(always)]
fn positive_ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let attacks = t.lookup("rayAttacks[dir][sq]", square.index(), ray_attacks(direction, square));
    let blocker = t.and("attacks & occupied = blocker", attacks, occupied);
    let blocker = t.or("blocker | bit 63", blocker, Square::H8.bit());
    let first = t.bsf("bitScanForward(blocker | bit 63)", blocker);
    let shadow = t.lookup("rayAttacks[dir][first blocker]", first.index(), ray_attacks(direction, first));
    t.xor("attacks ^ ray behind the blocker", attacks, shadow)
}

#[inline(always)]
fn negative_ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let attacks = t.lookup("rayAttacks[dir][sq]", square.index(), ray_attacks(direction, square));
    let blocker = t.and("attacks & occupied = blocker", attacks, occupied);
    let blocker = t.or("blocker | 1", blocker, Square::A1.bit());
    let first = t.bsr("bitScanReverse(blocker | 1)", blocker);
    let shadow = t.lookup("rayAttacks[dir][first blocker]", first.index(), ray_attacks(direction, first));
    t.xor("attacks ^ ray behind the blocker", attacks, shadow)
}
