//! Classical Approach, conditional: take the ray on the empty board, and if anything stands on
//! it, scan for the first blocker and take away the part of the ray that lies behind it.
//! Positive rays meet their first blocker at the lowest bit (bit scan forward), negative rays
//! at the highest (bit scan reverse).

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
    let mut attacks = t.lookup("rayAttacks[dir][sq]", square.index(), ray_attacks(direction, square));
    let blocker = t.and("attacks & occupied = blocker", attacks, occupied);
    if !blocker.is_empty() {
        let first = t.bsf("bitScanForward(blocker) = first blocker", blocker);
        let shadow = t.lookup("rayAttacks[dir][first blocker]", first.index(), ray_attacks(direction, first));
        attacks = t.xor("attacks ^ ray behind the blocker", attacks, shadow);
    }
    attacks
}

#[inline(always)]
fn negative_ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let mut attacks = t.lookup("rayAttacks[dir][sq]", square.index(), ray_attacks(direction, square));
    let blocker = t.and("attacks & occupied = blocker", attacks, occupied);
    if !blocker.is_empty() {
        let first = t.bsr("bitScanReverse(blocker) = first blocker", blocker);
        let shadow = t.lookup("rayAttacks[dir][first blocker]", first.index(), ray_attacks(direction, first));
        attacks = t.xor("attacks ^ ray behind the blocker", attacks, shadow);
    }
    attacks
}
