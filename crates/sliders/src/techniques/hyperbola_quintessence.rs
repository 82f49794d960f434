//! Hyperbola Quintessence: o^(o-2r) in both directions at once. Subtracting the slider's bit from
//! the line's pieces sends a borrow up to the first blocker above, or past bit 63 if there is none.
//! For the other direction the word is byte-swapped first: a file or diagonal has one square per
//! rank, so mirroring the ranks reverses its order, and the same subtraction now runs down the real
//! board. Swapping back and XOR-ing the two differences leaves both rays. A rank lies inside one
//! byte: a byte swap moves it to the mirrored rank but cannot reverse the order of its squares, so
//! ranks take a first-rank lookup instead (`rank_attacks`, shared with HQ in lanes, in
//! first_rank.rs). WebAssembly has no byte swap on a number; its SIMD reverses the bytes with one
//! swizzle by a fixed pattern (`Bitboard::swap_bytes`).

use super::compose::by_lines;
use super::first_rank::rank_attacks;
use crate::geometry::LINE_EX;
use crate::trace::{Tracer, WordOrder};
use crate::{Bitboard, Line, Slider, Square};
use traced::traced;

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| match line {
        Line::Rank => rank_attacks(t, square, occupied),
        _ => line_attacks(t, square, line, occupied),
    })
}

/// A file or diagonal: one subtraction up the board, and one up the mirrored board.
#[traced]
#[inline(always)]
fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let r = square.bit();
    // The line through the slider without its own square: only pieces on it can block.
    let line_ex = LINE_EX[line][square];
    // Keeps the pieces on the line; the slider's own bit is zero, so the borrow of the subtraction below can start there.
    let o = occupied & line_ex;
    // Subtracting the slider's bit r starts a borrow at the slider that runs up to the first piece above it, or past bit 63 if there is none. It is the article's o − 2r: with the slider's bit kept in o, (o + r) − 2r is the same number.
    let forward = o - r;
    t.word_order(WordOrder::ByteSwapped);
    // Swapping the bytes mirrors the ranks: this line has one square per rank, so what lay below the slider now lies above it.
    let o_mirrored = bswap(o);
    // The slider's bit, mirrored the same way.
    let r_mirrored = bswap(r);
    // The same subtraction on the mirrored word: its borrow runs up to the piece that stands nearest below the slider on the real board, or past bit 63 if there is none.
    let reverse = o_mirrored - r_mirrored;
    t.word_order(WordOrder::Board);
    // Swapping again puts the mirrored difference back on the real board.
    let reverse_back = bswap(reverse);
    // On the line, beyond the nearest blocker on each side, forward and reverse_back both still equal o, so they cancel. From blocker to blocker (the blockers included, or to the line's end on a side without one), exactly one of them has a one, so it stays; the slider's own bit is one in both and cancels. Off the line the borrows leave ones the mask clears next.
    let changed = forward ^ reverse_back;
    // The borrows also ran through bits off the line; the mask keeps this line's squares.
    changed & line_ex
}
