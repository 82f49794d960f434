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
        t.or("positive | negative = line attacks", "A line's attacks are its two rays together.", positive, negative)
    })
}

#[inline(always)]
fn positive_ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let mut attacks = t.lookup(
        "rayAttacks[dir][sq]",
        "The ray on an empty board: every square the slider could reach in this direction.",
        square.index(),
        ray_attacks(direction, square),
    );
    let blocker = t.and("attacks & occupied = blocker", "Keeps the pieces that stand on the ray.", attacks, occupied);
    if !blocker.is_empty() {
        let first = t.bsf(
            "bitScanForward(blocker) = first blocker",
            "On a positive ray the nearest piece has the lowest bit, so a forward scan (from bit 0 up) finds it.",
            blocker,
        );
        let shadow = t.lookup(
            "rayAttacks[dir][first blocker]",
            "The same ray seen from that square: what lies behind it, out of the slider's reach.",
            first.index(),
            ray_attacks(direction, first),
        );
        attacks = t.xor(
            "attacks ^ ray behind the blocker",
            "Removes the squares behind the blocker; the blocker itself stays attacked.",
            attacks,
            shadow,
        );
    }
    attacks
}

#[inline(always)]
fn negative_ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let mut attacks = t.lookup(
        "rayAttacks[dir][sq]",
        "The ray on an empty board: every square the slider could reach in this direction.",
        square.index(),
        ray_attacks(direction, square),
    );
    let blocker = t.and("attacks & occupied = blocker", "Keeps the pieces that stand on the ray.", attacks, occupied);
    if !blocker.is_empty() {
        let first = t.bsr(
            "bitScanReverse(blocker) = first blocker",
            "On a negative ray the nearest piece has the highest bit, so a reverse scan (from bit 63 down) finds it.",
            blocker,
        );
        let shadow = t.lookup(
            "rayAttacks[dir][first blocker]",
            "The same ray seen from that square: what lies behind it, out of the slider's reach.",
            first.index(),
            ray_attacks(direction, first),
        );
        attacks = t.xor(
            "attacks ^ ray behind the blocker",
            "Removes the squares behind the blocker; the blocker itself stays attacked.",
            attacks,
            shadow,
        );
    }
    attacks
}
