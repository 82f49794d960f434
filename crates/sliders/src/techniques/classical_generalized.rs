//! Classical Approach, generalized: one routine for all eight directions. A reverse scan finds
//! the first blocker of a negative ray directly; for a positive ray the routine first isolates
//! the lowest blocker (x & -x), so the same reverse scan finds it too. dirMask switches the
//! isolation off for negative rays, and dirBit is the stop bit at the end of bit order the rays
//! of the direction run towards (63 or 0): every such ray ends on it or before it. It is added
//! first so the scan always has a bit to find.

use super::compose::by_lines;
use crate::geometry::RAYS;
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Slider, Square};
use traced::traced;

#[traced]
pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let positive = ray(t, line.positive(), square, occupied);
        let negative = ray(t, line.negative(), square, occupied);
        t.focus(Focus::Line(line));
        // A line's attacks are its two rays together.
        positive | negative
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

#[traced]
#[inline(always)]
fn ray<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    // The ray on an empty board: every square the slider could reach in this direction.
    let attacks = RAYS[direction][square];
    // Keeps the pieces that stand on the ray.
    let blocker = attacks & occupied;
    // Adds a stop bit at the end of bit order the ray runs towards, bit 63 (h8) for a positive ray and bit 0 (a1) for a negative one: the ray ends on it or before it, so the scan always finds a bit.
    let with_stop = blocker | dir_bit(direction);
    // dir_mask is empty for a positive ray and all ones for a negative ray: with all ones, the next step keeps every bit.
    // `-with_stop`: Two's complement: the first half of isolating the lowest one bit.
    let keep = -with_stop | dir_mask(direction);
    // On a positive ray only the lowest one bit survives: the nearest piece, or the stop bit h8 when no piece stands on the ray. On a negative ray every bit does.
    let scanned = with_stop & keep;
    // The same reverse scan then works for both kinds of ray: the highest one bit left is the nearest piece, or the stop bit.
    let first = bsr(scanned);
    // Removes what lies behind the square the scan found: behind the nearest piece, out of reach (the piece itself stays attacked); behind the stop bit, nothing.
    // `RAYS[direction][first]`: The same ray seen from that square: what lies behind it, out of the slider's reach.
    attacks ^ RAYS[direction][first]
}
