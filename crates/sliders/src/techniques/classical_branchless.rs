//! Classical Approach, branchless: instead of testing for a blocker, add a stop bit to the
//! blockers. In bit order no square of a positive ray comes after bit 63 and no square of a
//! negative ray before bit 0: the stop bit is the ray's own last square when the ray ends on h8
//! (or a1) and lies beyond the ray otherwise. The ray behind either corner is empty, so when
//! nothing blocks, the scan finds the stop bit and the XOR takes nothing away.

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
    // A forward scan (from bit 0 up) finds the lowest one bit: the nearest piece on the ray, or h8.
    // `blocker | 0x8000000000000000`: Adds bit 63 (h8), the highest bit: no square of a positive ray comes after it in bit order, so the scan always finds a bit, and the ray behind h8 is empty.
    let first = bsf(blocker | 0x8000000000000000);
    // Removes what lies behind the square the scan found: behind the nearest piece, out of reach (the piece itself stays attacked); behind the stop bit, nothing.
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
    // A reverse scan (from bit 63 down) finds the highest one bit: the nearest piece on the ray, or a1.
    // `blocker | 1`: Adds bit 0 (a1), the lowest bit: no square of a negative ray comes before it in bit order, so the scan always finds a bit, and the ray behind a1 is empty.
    let first = bsr(blocker | 1);
    // Removes what lies behind the square the scan found: behind the nearest piece, out of reach (the piece itself stays attacked); behind the stop bit, nothing.
    // `RAYS[direction][first]`: The same ray seen from that square: what lies behind it, out of the slider's reach.
    attacks ^ RAYS[direction][first]
}
