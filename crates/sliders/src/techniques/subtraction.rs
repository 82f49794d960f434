//! Subtracting a rook from a blocking piece, o^(o-2r). Subtracting the bit just above the
//! slider from the line's occupancy makes a borrow that runs up through the empty squares and
//! is absorbed by the first blocker; the XOR with the occupancy shows which bits changed, and
//! those are exactly the squares attacked upwards. A borrow only runs towards higher bits, so
//! this sees the positive rays alone: north and east for a rook, north-east and north-west for
//! a bishop, all four for a queen.

use super::compose::by_lines;
use crate::geometry::line_without;
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let mask = t.lookup("lineMask[sq]", square.index(), LINE_MASKS[square as usize][line as usize]);
        let blockers = t.and("occupancy & lineMask = potential blockers", occupied, mask);
        let twice_slider = t.shl("2 * squarebit[sq]", square.bit(), 1);
        let difference = t.sub("potential blockers - 2r = difference", blockers, twice_slider);
        let changed = t.xor("difference ^ occupancy = changed", difference, occupied);
        t.and("changed & lineMask = positive ray attacks", changed, mask)
    })
}

/// East attacks of any number of rooks at once, on all eight ranks: the setwise form.
/// Setting the h-file in the occupancy stops every rank's borrow at its own end, and rooks
/// already on the h-file are dropped, as their doubled bit would start a borrow on the next rank.
pub fn east_attacks_setwise<T: Tracer>(t: &mut T, rooks: Bitboard, occupied: Bitboard) -> Bitboard {
    let rooks = t.and("rooks & ~hFile", rooks, !H_FILE);
    let with_rooks = t.or("occupied | rooks", occupied, rooks);
    let stopped = t.or("o = occupied | rooks | hFile", with_rooks, H_FILE);
    let twice_rooks = t.shl("2r", rooks, 1);
    let difference = t.sub("o - 2r", stopped, twice_rooks);
    t.xor("o ^ (o - 2r) = east attacks", stopped, difference)
}

const H_FILE: Bitboard = Bitboard(0x8080_8080_8080_8080);

/// `LINE_MASKS[sq][line]`: the whole line through the square, the square included.
pub static LINE_MASKS: [[Bitboard; 4]; 64] = {
    let mut table = [[Bitboard::EMPTY; 4]; 64];
    let mut s = 0;
    while s < 64 {
        let square = Square::ALL[s];
        let mut l = 0;
        while l < 4 {
            let line: Line = Line::ALL[l];
            table[s][l] = Bitboard(line_without(square, line).0 | square.bit().0);
            l += 1;
        }
        s += 1;
    }
    table
};
