//! The oracle: walk each ray square by square and stop on the first occupied square.
//! Slow and obviously right, so every other technique is tested against it.

use super::compose::by_lines;
use crate::trace::{Focus, Site, Tracer};
use crate::{Bitboard, Direction, Slider, Square};
use traced::traced;

#[traced]
pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let positive = walk(t, square, line.positive(), occupied);
        let negative = walk(t, square, line.negative(), occupied);
        t.focus(Focus::Line(line));
        // A line's attacks are its two rays together.
        positive | negative
    })
}

/// The squares reached from `square` in `direction`, the first occupied one included.
pub fn ray(square: Square, direction: Direction, occupied: Bitboard) -> Bitboard {
    let (file_step, rank_step) = direction.step();
    let mut attacks = Bitboard::EMPTY;
    let mut current = square;
    while let Some(next) = current.offset(file_step, rank_step) {
        attacks = attacks.with(next);
        if occupied.contains(next) {
            break;
        }
        current = next;
    }
    attacks
}

#[traced]
fn walk<T: Tracer>(t: &mut T, square: Square, direction: Direction, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    // The oracle: step square by square and stop on the first piece, the way a player counts.
    walk_ray(square, direction, occupied)
}

/// [`ray`] as one traced step, written `walk_ray(square, direction, occupied)` under `#[traced]`.
#[inline(always)]
#[track_caller]
fn walk_ray<T: Tracer>(
    t: &mut T,
    site: &'static Site,
    square: Square,
    direction: Direction,
    occupied: Bitboard,
) -> Bitboard {
    t.ray_walk(site, occupied, ray(square, direction, occupied))
}
