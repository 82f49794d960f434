//! Classical Approach with zero counts: trailing zeros of a positive ray's blockers and leading
//! zeros of a negative ray's are the first blocker's distance from the word's end, and both
//! give 64 when nothing blocks. A 65-entry table per direction, indexed by the count, turns
//! that straight into the ray behind the blocker, with entry 64 empty: no branch, no forced bit.

use super::compose::by_lines;
use crate::geometry::{ray, RAYS};
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Slider, Square};
use traced::traced;

#[traced]
pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let positive = ray_by_count(t, line.positive(), square, occupied);
        let negative = ray_by_count(t, line.negative(), square, occupied);
        t.focus(Focus::Line(line));
        // A line's attacks are its two rays together.
        positive | negative
    })
}

#[traced]
#[inline(always)]
fn ray_by_count<T: Tracer>(t: &mut T, direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(direction));
    // The ray on an empty board: every square the slider could reach in this direction.
    let attacks = RAYS[direction][square];
    // Keeps the pieces that stand on the ray.
    let blocker = attacks & occupied;
    let count = if direction.is_positive() {
        // On a positive ray the trailing zeros lead up to the nearest piece; with no piece the count is 64.
        tzcnt(blocker)
    } else {
        // On a negative ray the leading zeros lead down to the nearest piece; with no piece the count is 64.
        lzcnt(blocker)
    };
    // Removes what lies behind the nearest piece, out of reach (the piece itself stays attacked); with no piece on the ray, the count is 64 and nothing goes.
    // `RAYS_BY_COUNT[direction][count as usize]`: The table turns the count straight into the ray behind the blocker; entry 64, for no blocker, is empty.
    attacks ^ RAYS_BY_COUNT[direction][count as usize]
}

table! {
    /// `RAYS_BY_COUNT[dir][n]`: the ray from the square n zeros in from the scanned end
    /// (the low end for positive directions, the high end for negative ones); entry 64 is empty.
    pub static RAYS_BY_COUNT: [[Bitboard; 65]; 8] = {
        let mut table = [[Bitboard::EMPTY; 65]; 8];
        let mut d = 0;
        while d < 8 {
            let direction = Direction::ALL[d];
            let mut count = 0;
            while count < 64 {
                let index = if direction.is_positive() { count } else { 63 - count };
                table[d][count as usize] = ray(Square::from_index(index), direction);
                count += 1;
            }
            d += 1;
        }
        table
    };
}
