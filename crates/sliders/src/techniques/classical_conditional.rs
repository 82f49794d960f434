//! Classical Approach, conditional: take the ray on the empty board, and if anything stands on
//! it, scan for the first blocker and take away the part of the ray that lies behind it.
//! Positive rays meet their first blocker at the lowest bit (bit scan forward), negative rays
//! at the highest (bit scan reverse).

use super::compose::by_lines;
use crate::geometry::RAYS;
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Slider, Square};
use traced::traced;

#[traced]
pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let positive = positive_ray(t, line.positive(), square, occupied);
        let negative = negative_ray(t, line.negative(), square, occupied);
        t.focus(Focus::Line(line));
        // A line's attacks are its two rays together.
        positive | negative
    })
}

#[traced]
#[inline(always)]
fn positive_ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    // The ray on an empty board: every square the slider could reach in this direction.
    let attacks = RAYS[direction][square];
    // Keeps the pieces that stand on the ray.
    let blocker = attacks & occupied;
    if blocker.is_empty() {
        return attacks;
    }
    // On a positive ray the nearest piece has the lowest bit, so a forward scan (from bit 0 up) finds it.
    let first = bsf(blocker);
    // Removes the squares behind the blocker; the blocker itself stays attacked.
    // `RAYS[direction][first]`: The same ray seen from that square: what lies behind it, out of the slider's reach.
    attacks ^ RAYS[direction][first]
}

#[traced]
#[inline(always)]
fn negative_ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    // The ray on an empty board: every square the slider could reach in this direction.
    let attacks = RAYS[direction][square];
    // Keeps the pieces that stand on the ray.
    let blocker = attacks & occupied;
    if blocker.is_empty() {
        return attacks;
    }
    // On a negative ray the nearest piece has the highest bit, so a reverse scan (from bit 63 down) finds it.
    let first = bsr(blocker);
    // Removes the squares behind the blocker; the blocker itself stays attacked.
    // `RAYS[direction][first]`: The same ray seen from that square: what lies behind it, out of the slider's reach.
    attacks ^ RAYS[direction][first]
}
