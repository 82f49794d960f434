//! Hyperbola Quintessence in SIMD lanes, the way engines now run it (Stockfish's "HQ attacks for
//! AVX2", official-stockfish/Stockfish pull request 6845): lines side by side in the 64-bit lanes
//! of one SIMD value, so that each subtraction, byte swap, XOR and AND works on every lane at once.
//! AVX2 has four lanes and takes a queen's file and both diagonals in one pass; WebAssembly's SIMD
//! has two, so a queen takes two rounds here: the rook's file in lane 0 beside an idle lane 1, then
//! the bishop's two diagonals. The rank never goes into a lane: its eight squares share one byte,
//! so a byte swap moves the rank but cannot reverse the order of its squares, and the rank's
//! attacks are read from the 512-byte first-rank table instead (`rank_attacks`, shared with scalar
//! HQ, in first_rank.rs). In WebAssembly each step on the lanes is one SIMD instruction, and the
//! byte swap of both lanes is one `i8x16.swizzle` by a fixed pattern.
//!
//! Two things Stockfish's AVX2 code does otherwise. It keeps the mirrored slider's bit in its
//! table beside the slider's own, where this file swaps it like the pieces. And its byte swap
//! reverses all sixteen bytes of each 128-bit half, which also trades that half's two lanes; it
//! can, because its slider bits are the same in every lane and the second swap trades the lanes
//! back. Here each 64-bit lane is reversed on its own, so each lane's grid shows its own line.

use super::first_rank::rank_attacks;
use crate::geometry::LINE_EX;
use crate::trace::{Focus, Tracer, WordOrder};
use crate::{Bitboard, Lanes, Line, Slider, Square};
use traced::traced;

// Inlined into its caller, which has SIMD enabled in the benchmark (see `queen_loops`): the
// lane operations then inline too, instead of each being a call.
#[inline(always)]
pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    match slider {
        Slider::Rook => rook(t, square, occupied),
        Slider::Bishop => bishop(t, square, occupied),
        Slider::Queen => queen(t, square, occupied),
    }
}

#[traced]
#[inline(always)]
fn queen<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    let rook = rook(t, square, occupied);
    let bishop = bishop(t, square, occupied);
    // A queen moves as a rook and a bishop together.
    rook | bishop
}

/// The file in lane 0, beside an idle lane 1; the rank from the table.
#[traced]
#[inline(always)]
fn rook<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    let r = Lanes::new(square.bit(), Bitboard::EMPTY);
    // The file through the slider, less the square the slider stands on.
    let file_ex = LINE_EX[Line::File][square];
    let line_ex = Lanes::new(file_ex, Bitboard::EMPTY);
    t.lanes(Some([Some(Line::File), None]));
    let [file_attacks, _] = lane_attacks(t, r, line_ex, occupied).lanes();
    t.lanes(None);
    t.focus(Focus::Line(Line::Rank));
    let rank_attacks = rank_attacks(t, square, occupied);
    t.focus(Focus::Piece);
    // A rook moves along its file and its rank: the lane's attacks and the table's, together.
    file_attacks | rank_attacks
}

/// The diagonal in lane 0 and the anti-diagonal in lane 1.
#[traced]
#[inline(always)]
fn bishop<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    let r = Lanes::splat(square.bit());
    // The diagonal (a1-h8 way) through the slider, less the square the slider stands on.
    let diagonal_ex = LINE_EX[Line::Diagonal][square];
    // The anti-diagonal (h1-a8 way) through the slider, less the square the slider stands on.
    let anti_diagonal_ex = LINE_EX[Line::AntiDiagonal][square];
    let line_ex = Lanes::new(diagonal_ex, anti_diagonal_ex);
    t.lanes(Some([Some(Line::Diagonal), Some(Line::AntiDiagonal)]));
    let [diagonal_attacks, anti_diagonal_attacks] = lane_attacks(t, r, line_ex, occupied).lanes();
    t.lanes(None);
    // A bishop moves along both diagonals: the two lanes' attacks, together.
    diagonal_attacks | anti_diagonal_attacks
}

/// The lines in the two lanes at once: a subtraction up the board and one up the mirrored
/// board, as scalar Hyperbola Quintessence does for one line, each step one SIMD instruction.
#[traced]
#[inline(always)]
fn lane_attacks<T: Tracer>(t: &mut T, r: Lanes, line_ex: Lanes, occupied: Bitboard) -> Lanes {
    let occupied = Lanes::splat(occupied);
    // Keeps the pieces on each lane's line (none in an idle lane, whose mask is empty); the slider's own bit is zero, so a borrow can start there.
    let o = occupied & line_ex;
    // In a lane that holds a line, subtracting the slider's bit r starts a borrow at the slider, which runs up to the first piece above it on that line, or out of the lane if there is none. An idle lane holds zero in o and r.
    let forward = o - r;
    t.word_order(WordOrder::ByteSwapped);
    // One byte shuffle reverses the eight bytes of both lanes: each line has one square per rank, so what lay below the slider now lies above it.
    let o_mirrored = bswap(o);
    // The slider's bit, mirrored the same way.
    let r_mirrored = bswap(r);
    // The same subtraction on the mirrored lanes: in a lane that holds a line, the borrow runs up to the piece that stands nearest below the slider on the real board, or out of the lane if there is none.
    let reverse = o_mirrored - r_mirrored;
    t.word_order(WordOrder::Board);
    // Shuffling the bytes again puts the mirrored differences back on the real board.
    let reverse_back = bswap(reverse);
    // On a lane's line, both differences equal o beyond the nearest blocker on each side that has one, and cancel; from blocker to blocker (to the line's end on a side without one), the slider aside, exactly one has a one.
    let changed = forward ^ reverse_back;
    // The borrows also ran through bits off the lines; the mask keeps each lane's own line.
    changed & line_ex
}
