//! Subtracting a rook from a blocking piece, o^(o-2r). Subtracting the bit just above the
//! slider from the line's occupancy o makes a borrow that runs up through the zero bits and is
//! absorbed by the first one bit above the slider, the first blocker; the XOR with o shows
//! which bits changed, and on the line those are exactly the squares attacked upwards. A borrow only runs towards higher bits, so
//! this sees the positive rays alone: north and east for a rook, north-east and north-west for
//! a bishop, all four for a queen.

use super::compose::by_lines;
use crate::geometry::line_without;
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| {
        let mask = t.lookup(
            "lineMask[sq]",
            "The whole line through the slider: only pieces on it can block along this line.",
            square.index(),
            LINE_MASKS[square as usize][line as usize],
        );
        let o = t.and(
            "o = occupancy & lineMask",
            "Keeps the pieces on this line. Every other bit becomes zero, so only a piece on the line can stop the borrow.",
            occupied,
            mask,
        );
        let twice_slider = t.shl(
            "2r = squarebit[sq] << 1",
            "Twice the slider's bit is the bit just above it, where the borrow has to start.",
            square.bit(),
            1,
        );
        let difference = t.sub(
            "o - 2r",
            "Subtracting 2r clears the first one bit at or above 2r, the first blocker above the slider, and turns every zero bit below it, down to 2r, into one; with no blocker, every bit from 2r up turns to one.",
            o,
            twice_slider,
        );
        let changed =
            t.xor("o ^ (o - 2r) = changed", "XOR with o marks every bit the subtraction changed.", o, difference);
        t.and(
            "changed & lineMask = positive ray attacks",
            "The subtraction can change bits off the line too; the line mask keeps only this line's squares.",
            changed,
            mask,
        )
    })
}

/// East attacks of any number of rooks at once, on all eight ranks: the setwise form.
/// Setting the h-file in the occupancy stops every rank's borrow at its own end, and rooks
/// already on the h-file are dropped, as their doubled bit would start a borrow on the next rank.
pub fn east_attacks_setwise<T: Tracer>(t: &mut T, rooks: Bitboard, occupied: Bitboard) -> Bitboard {
    let rooks = t.and("rooks & ~hFile", "A rook on the h-file attacks nothing east.", rooks, !H_FILE);
    let with_rooks = t.or("occupied | rooks", "Each rook's own bit is part of the occupancy.", occupied, rooks);
    let stopped = t.or(
        "o = occupied | rooks | hFile",
        "The h-file stops every rank's borrow at its own end.",
        with_rooks,
        H_FILE,
    );
    let twice_rooks = t.shl("2r", "The bit just east of each rook, where its borrow starts.", rooks, 1);
    let difference = t.sub("o - 2r", "Each rank's borrow runs east to its first blocker.", stopped, twice_rooks);
    t.xor("o ^ (o - 2r) = east attacks", "The changed bits are the squares attacked east.", stopped, difference)
}

const H_FILE: Bitboard = Bitboard(0x8080_8080_8080_8080);

table! {
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
}
