//! Kogge-Stone occluded fill. Instead of finding the first blocker, flood outwards from the
//! slider through the squares no piece stands on: every round doubles the distance covered, 1, 2, then 4 squares,
//! so three rounds fill a whole ray. Alongside the fill, the set of free squares shrinks to
//! those with a free run of the next round's length behind them, so a fill can never jump a
//! piece. One more step from the filled squares gives the attacks, the first blocker included.
//! No table and no multiply: only shifts, ANDs and ORs, the same for any number of sliders at
//! once. For eastward and westward rays the not-A-file and not-H-file masks stop the wrap-around.

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
    // The fill may only flow through squares no piece stands on.
    let free = !pieces;
    by_lines(t, slider, |t, line| {
        let positive = ray_attacks(t, line.positive(), sliders, free);
        let negative = ray_attacks(t, line.negative(), sliders, free);
        t.focus(Focus::Line(line));
        // A line's attacks are its two rays together.
        positive | negative
    })
}

#[traced]
#[inline(always)]
fn ray_attacks<T: Tracer>(t: &mut T, direction: Direction, sliders: Bitboard, free: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    let landing = landing(direction);
    let mut free = if landing == Bitboard::FULL {
        free
    } else {
        // Removes the file a wrapped bit would land on (not-A-file going east, not-H-file going west), so no fill crosses the edge.
        free & landing
    };
    let mut filled = sliders;
    // Round 1. Adds what this round reached: each round can double how far the fill runs, until a piece or the edge stops it.
    // `shift(filled, direction, 1)`: Moves the filled squares as far again as the fill already reaches: 1, then 2, then 4 steps.
    // `shift(filled, direction, 1) & free`: Keeps only the moves that land on squares with a free run behind them, so no fill jumps a piece.
    filled = filled | (shift(filled, direction, 1) & free);
    // A free square stays in the set only if the square that far back is free too: the runs double with the fill.
    // `shift(free, direction, 1)`: Moves the free set the same distance, to find squares whose whole run back is free.
    free = free & shift(free, direction, 1);
    // Round 2. Adds what this round reached: each round can double how far the fill runs, until a piece or the edge stops it.
    // `shift(filled, direction, 2)`: Moves the filled squares as far again as the fill already reaches: 1, then 2, then 4 steps.
    // `shift(filled, direction, 2) & free`: Keeps only the moves that land on squares with a free run behind them, so no fill jumps a piece.
    filled = filled | (shift(filled, direction, 2) & free);
    // A free square stays in the set only if the square that far back is free too: the runs double with the fill.
    // `shift(free, direction, 2)`: Moves the free set the same distance, to find squares whose whole run back is free.
    free = free & shift(free, direction, 2);
    // Round 3. Adds what this round reached: each round can double how far the fill runs, until a piece or the edge stops it.
    // `shift(filled, direction, 4)`: Moves the filled squares as far again as the fill already reaches: 1, then 2, then 4 steps.
    // `shift(filled, direction, 4) & free`: Keeps only the moves that land on squares with a free run behind them, so no fill jumps a piece.
    filled = filled | (shift(filled, direction, 4) & free);
    // One step on from every filled square: the squares the fill reached and the first blocker beyond them.
    let one_more = shift(filled, direction, 1);
    if landing == Bitboard::FULL {
        return one_more;
    }
    // A bit that stepped over the edge landed on the far file; the mask removes it.
    one_more & landing
}
