//! The masks both obstruction differences read: for each square and line, the part of the line
//! below the square, the part above it, and the whole line without the square (lineEx).

use crate::geometry::{line_without, ray};
use crate::{Bitboard, Line, Square};

#[derive(Clone, Copy)]
pub struct ObstructionMasks {
    pub lower: Bitboard,
    pub upper: Bitboard,
    pub line_ex: Bitboard,
}

table! {
    /// `OBSTRUCTION_MASKS[sq][line]` (6 KiB).
    pub static OBSTRUCTION_MASKS: [[ObstructionMasks; 4]; 64] = {
        let empty = Bitboard::EMPTY;
        let mut table = [[ObstructionMasks { lower: empty, upper: empty, line_ex: empty }; 4]; 64];
        let mut s = 0;
        while s < 64 {
            let square = Square::ALL[s];
            let mut l = 0;
            while l < 4 {
                let line: Line = Line::ALL[l];
                table[s][l] = ObstructionMasks {
                    lower: ray(square, line.negative()),
                    upper: ray(square, line.positive()),
                    line_ex: line_without(square, line),
                };
                l += 1;
            }
            s += 1;
        }
        table
    };
}
