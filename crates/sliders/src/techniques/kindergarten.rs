//! Kindergarten bitboards. A rank or a diagonal holds at most one square per file, so
//! multiplying its masked pieces by the b-file (a one in every byte, one bit in) makes one copy
//! of them per rank, shifted up, and the copies never overlap. In the top byte each piece on
//! files a to g lands on its own file's bit, one place up (an h-file piece lands on bit 56, or
//! leaves the word from h8): the line's inner pieces gathered into one byte. Shifting
//! right by 58 keeps the six inner files as an index, and a table of first-rank attacks,
//! copied onto all eight ranks, masked by the line, gives the attacks. A file has all its squares
//! in one bit column instead; it is moved to the a-file and gathered by the c2-h7 diagonal,
//! which lands a2 to a7 on bits 63 down to 58. One multiply, one shift and one read per line.

use super::compose::by_lines;
use super::first_rank::{attacks_on_rank, FIRST_RANK_ATTACKS};
use crate::geometry::LINE_EX;
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};
use traced::traced;

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| match line {
        Line::File => file_attacks(t, square, occupied),
        _ => line_attacks(t, square, line, occupied),
    })
}

/// A rank or diagonal: gather its pieces into the top byte with one multiply.
#[traced]
#[inline(always)]
fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let file = square.file() as usize;
    // The line through the slider without its own square: only pieces on it can block.
    let line_ex = LINE_EX[line][square];
    // Keeps the pieces on this line.
    let pieces = occupied & line_ex;
    // Keeps the top six bits: the pieces on the inner files b to g, which are all that can change the attacks.
    // `pieces * B_FILE`: One copy of the pieces per rank, each shifted up one more rank: in the top byte every piece on files a to g lands on its own file's bit, one place up.
    let index = (pieces * B_FILE) >> 58;
    let index = index.0 as usize & 63;

    // The first-rank attacks of a slider on this file for these inner pieces, copied onto all eight ranks.
    let fill = FILL_UP_ATTACKS[file][index];
    // Every rank holds the same attacks by file; the line mask keeps, on each file, the one square of the line.
    fill & line_ex
}

/// A file: move it to the a-file, gather it with the c2-h7 diagonal, and move the attacks back.
#[traced]
#[inline(always)]
fn file_attacks<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = (square.file() as u32, square.rank() as usize);
    t.moved(-(file as i8));
    // Moves the slider's file onto the a-file: every bit moves down by the file's number, so a square on the slider's file or east of it lands that many files west on its own rank, and one west of it wraps onto the rank below or off the board (the a-file mask next drops it).
    let moved = occupied >> file;
    // Keeps the a-file, now holding the pieces of the slider's file.
    let pieces = moved & A_FILE;
    // Keeps the top six bits: the pieces on ranks 2 to 7 of the file, in reverse order.
    // `pieces * C2_H7`: Each piece adds a copy of the c2-h7 diagonal shifted up to its square; the copies reach the top byte one bit apart, a7 on bit 58 up to a2 on bit 63.
    let index = (pieces * C2_H7) >> 58;
    let index = index.0 as usize & 63;

    // The attacks of a slider on the a-file at this rank, for these pieces.
    let a_file = A_FILE_ATTACKS[rank][index];
    t.moved(0);
    // Moves the a-file attacks back east to the slider's file.
    a_file << file
}

pub const A_FILE: Bitboard = Bitboard(0x0101_0101_0101_0101);
pub const B_FILE: Bitboard = Bitboard(0x0202_0202_0202_0202);
pub const C2_H7: Bitboard = Bitboard(0x0080_4020_1008_0400);

table! {
    /// `FILL_UP_ATTACKS[file][index]`: the first-rank attacks for a slider on `file` and the inner
    /// pieces of `index`, repeated on every rank (4 KiB).
    pub static FILL_UP_ATTACKS: [[Bitboard; 64]; 8] = {
        let mut table = [[Bitboard::EMPTY; 64]; 8];
        let mut file = 0;
        while file < 8 {
            let mut index = 0;
            while index < 64 {
                table[file][index] = Bitboard(FIRST_RANK_ATTACKS[file][index] as u64 * 0x0101_0101_0101_0101);
                index += 1;
            }
            file += 1;
        }
        table
    };
}

table! {
    /// `A_FILE_ATTACKS[rank][index]`: the a-file attacks of a slider on `rank`, for every index the
    /// c2-h7 multiply makes. Built by doing that multiply on each set of pieces on a2..a7, so the
    /// table and the lookup agree by construction (the tests check no two sets share an index).
    pub static A_FILE_ATTACKS: [[Bitboard; 64]; 8] = {
        let mut table = [[Bitboard::EMPTY; 64]; 8];
        let mut rank = 0;
        while rank < 8 {
            let mut inner = 0u32;
            while inner < 64 {
                // Bit k of `inner` is a piece on rank k + 2 (a2 to a7); as a byte, bit k + 1.
                let ranks = (inner as u8) << 1;
                let mut pieces = 0u64;
                let mut k = 0;
                while k < 8 {
                    if ranks & (1 << k) != 0 {
                        pieces |= 1 << (8 * k);
                    }
                    k += 1;
                }
                let index = (pieces.wrapping_mul(C2_H7.0) >> 58) as usize;
                let along = attacks_on_rank(rank as u32, ranks);
                let mut attacks = 0u64;
                let mut k = 0;
                while k < 8 {
                    if along & (1 << k) != 0 {
                        attacks |= 1 << (8 * k);
                    }
                    k += 1;
                }
                table[rank][index] = Bitboard(attacks);
                inner += 1;
            }
            rank += 1;
        }
        table
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_c2_h7_multiply_gives_each_set_of_file_pieces_its_own_index() {
        let mut seen = [false; 64];
        for inner in 0u64..64 {
            let pieces = (0..6).filter(|k| inner >> k & 1 == 1).fold(0u64, |all, k| all | 1 << (8 * (k + 1)));
            let index = (pieces.wrapping_mul(C2_H7.0) >> 58) as usize;
            assert!(!seen[index], "two sets of a-file pieces share index {index}");
            seen[index] = true;
        }
    }
}
