//! SBAMG, o^(o-3cbn): subtract three times the closest blocker below the slider from the line's
//! occupancy. One copy of the blocker's bit cbn clears the blocker's own bit; the other two (2cbn,
//! the bit above it) clear the first one bit at or above 2cbn and turn the zero bits below it into
//! ones: a borrow up through the zero bits, past the slider's (left out of the occupancy), to the
//! first blocker above, or past bit 63 with none (for a rook on a1 with a piece on b1, 2cbn is that
//! piece's bit, and nothing borrows). XOR with the occupancy marks every changed bit, and the line
//! mask leaves the attacks. a1 is always set, and the line's lower end whenever it lies below the
//! slider, so the reverse scan finds a square even with no blocker below (cbn is then that stop
//! bit); the upper end is not needed, because a borrow that runs off the top still marks every
//! square above the slider as changed. These are the article's `outer`: its prose calls the outer
//! squares always set, its code asks only that bit 0 be one, and its sample subtracts 3cbn from
//! 0x43, whose h1 bit is zero: no upper end is set there either.

use super::compose::by_lines;
use crate::geometry::{line_ends, line_without, ray};
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};
use traced::traced;

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| line_attacks(t, square, line, occupied))
}

/// The attacks along `line`, by the article's code and names: the line occupancy, occ, bsq,
/// cbnx3 (shown as 3cbn). The article's `occ &= lineEx; occ |= outer;` is two steps here too.
#[traced]
#[inline(always)]
fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let masks = &SBAMG_MASKS[square][line];
    // Keeps the pieces on this line, the article's line occupancy. The slider's own bit is left out, so the borrow of the subtraction below can pass it.
    let line_occupancy = occupied & masks.line_ex;
    // Adds the article's outer bits: a1 and, when it lies below the slider, the line's lower end, so the reverse scan always finds a bit (a1's, at the least). The upper end is left out: a borrow that runs off the top already marks every square above the slider.
    let occ = line_occupancy | masks.outer;
    // A reverse bit scan (bsr) finds the highest of those bits, at the square bsq; its bit is the article's cbn: the closest blocker below the slider or, with none, an added stop bit.
    // `occ & masks.lower`: Keeps the one bits below the slider's square. The mask always holds a1 (it lies below every other square, and a1's own mask is its bit), and occ always has a1: a stop the scan can find.
    let bsq = bsr(occ & masks.lower);
    // Three times cbn is cbn and 2cbn, the bit above it: the article's 3cbn.
    // shown as: 3cbn
    let cbnx3 = 3 << bsq.index();
    // XOR with occ marks every changed bit: cbn's own, and from 2cbn up to the first blocker above the slider, or up to h8.
    // `occ - 3cbn`: 3cbn is cbn + 2cbn. Subtracting cbn clears cbn's own bit (the blocker's, or the stop bit's); 2cbn is the next bit up from it, and subtracting it works as 2r does: it clears the first one bit at or above 2cbn, the first blocker above the slider, and turns every zero bit below that, down to 2cbn, into one; with no blocker above, every bit from 2cbn up turns to one.
    let changed = occ ^ (occ - cbnx3);
    // Keeps only this line's squares, without the slider's own.
    changed & masks.line_ex
}

#[derive(Clone, Copy)]
pub struct SbamgMasks {
    /// Every bit below the slider's square (just bit 0 for a1).
    pub lower: Bitboard,
    /// The line without the slider's square.
    pub line_ex: Bitboard,
    /// The line's lower end (when below the slider), and a1.
    pub outer: Bitboard,
}

table! {
    /// `SBAMG_MASKS[sq][line]` (6 KiB).
    pub static SBAMG_MASKS: [[SbamgMasks; 4]; 64] = {
        let empty = Bitboard::EMPTY;
        let mut table = [[SbamgMasks { lower: empty, line_ex: empty, outer: empty }; 4]; 64];
        let mut s = 0;
        while s < 64 {
            let square = Square::ALL[s];
            let lower = if s == 0 { 1 } else { (1u64 << s) - 1 };
            let mut l = 0;
            while l < 4 {
                let line: Line = Line::ALL[l];
                // The line's lowest square, unless that is the slider's own: a set bit there would
                // absorb the borrow before it reached the squares above.
                let lower_end = line_ends(square, line).0 & ray(square, line.negative()).0;
                table[s][l] = SbamgMasks {
                    lower: Bitboard(lower),
                    line_ex: line_without(square, line),
                    outer: Bitboard(lower_end | 1),
                };
                l += 1;
            }
            s += 1;
        }
        table
    };
}
