//! Dumb7Fill: flood outwards from the slider one square at a time. Seven times, move the newest
//! squares one step along the ray and keep those that land where no piece stands; six such steps
//! reach every square a ray can hold before its last, and a seventh step from the whole flood
//! adds the squares it attacks, the first blocker included. Simple and table-free, it works on
//! any number of sliders at once, but takes seven dependent shifts per direction. The
//! not-A-file and not-H-file masks stop east- and westward shifts from wrapping around an edge.

use super::compose::by_lines;
use super::fill::{landing, shift};
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Slider, Square};
use traced::traced;

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    attacks_of_set(t, slider, square.bit(), occupied)
}

/// The union of the attacks of every slider in `sliders`, each slider counted as occupied.
#[traced]
pub fn attacks_of_set<T: Tracer>(t: &mut T, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Bitboard {
    // The sliders stand on the board too: each one blocks the others.
    let pieces = occupied | sliders;
    // The flood may only flow through squares no piece stands on.
    let empty = !pieces;
    by_lines(t, slider, |t, line| {
        let positive = ray_attacks(t, line.positive(), sliders, empty);
        let negative = ray_attacks(t, line.negative(), sliders, empty);
        t.focus(Focus::Line(line));
        // A line's attacks are its two rays together.
        positive | negative
    })
}

#[traced]
#[inline(always)]
fn ray_attacks<T: Tracer>(t: &mut T, direction: Direction, sliders: Bitboard, empty: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let landing = landing(direction);
    let empty = if landing == Bitboard::FULL {
        empty
    } else {
        // Removes the file a wrapped bit would land on (not-A-file going east, not-H-file going west), so no step crosses the edge.
        empty & landing
    };
    let mut flood = sliders;
    let mut newest = sliders;
    for _ in 0..6 {
        // Keeps the squares no piece stands on: the flood stops in front of a piece.
        // `shift(newest, direction, 1)`: Moves the newest squares one step along the ray.
        newest = shift(newest, direction, 1) & empty;
        // Adds the new squares to the flood.
        flood = flood | newest;
    }
    // The seventh step, from the whole flood: every square it reaches is attacked, the first blocker included.
    let one_more = shift(flood, direction, 1);
    if landing == Bitboard::FULL {
        return one_more;
    }
    // A bit that stepped over the edge landed on the far file; the mask removes it.
    one_more & landing
}
