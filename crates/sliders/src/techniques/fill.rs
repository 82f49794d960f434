//! What the two fill techniques share: shifting a set one or more steps along a direction, and
//! the masks that catch bits which crossed the board's east or west edge. A shift by 1 moves h4
//! to a5, which is no step east; after any shift with an eastward part, a one bit on the a-file
//! must have wrapped, so AND with not-A-file removes it (not-H-file for westward shifts).

use crate::trace::{Site, Tracer};
use crate::{Bitboard, Direction};

pub const NOT_A_FILE: Bitboard = Bitboard(!0x0101_0101_0101_0101);
pub const NOT_H_FILE: Bitboard = Bitboard(!0x8080_8080_8080_8080);

/// The squares a one-step shift in `direction` may land on: every square whose bit cannot have
/// wrapped around an edge. North and south shifts never wrap (bits past h8 or a1 just fall off).
#[inline(always)]
pub const fn landing(direction: Direction) -> Bitboard {
    match direction.step().0 {
        1 => NOT_A_FILE,
        -1 => NOT_H_FILE,
        _ => Bitboard::FULL,
    }
}

/// `set` moved `steps` squares along `direction`: a left shift for the positive directions, a
/// right shift for the negative ones. Wrapped bits are the caller's to mask. Under `#[traced]`,
/// `shift(set, direction, steps)` is written without the first three arguments.
#[inline(always)]
#[track_caller]
pub fn shift<T: Tracer>(t: &mut T, site: &'static Site, set: Bitboard, direction: Direction, steps: u32) -> Bitboard {
    let amount = direction.delta().unsigned_abs() * steps;
    if direction.is_positive() {
        t.shl(site, set, amount)
    } else {
        t.shr(site, set, amount)
    }
}
