//! Hyperbola Quintessence: o^(o-2r) in both directions at once. Subtracting the slider's bit from
//! the line's pieces sends a borrow up to the first blocker above. For the other direction the
//! word is byte-swapped first: a file or diagonal has one square per rank, so mirroring the
//! ranks reverses its order, and the same subtraction now runs down the real board. Swapping
//! back and XOR-ing the two differences leaves both rays. A rank lies inside one byte: a byte
//! swap moves it to the mirrored rank but cannot reverse the order of its squares, so ranks take
//! a first-rank lookup instead. WebAssembly has no
//! byte swap on a number; its SIMD reverses the bytes with one shuffle (`Bitboard::swap_bytes`).

use super::compose::by_lines;
use super::first_rank::FIRST_RANK_ATTACKS;
use crate::geometry::LINE_EX;
use crate::trace::Tracer;
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
    // Keeps the pieces on the line; the slider's own bit is zero, so the borrow can start there.
    let o = occupied & line_ex;
    // Subtracting the slider's bit r starts a borrow at the slider that runs up to the first piece above it.
    let forward = o - r;
    t.mirrored(true);
    // Swapping the bytes mirrors the ranks: this line has one square per rank, so what lay below the slider now lies above it.
    let o_mirrored = bswap(o);
    // The slider's bit, mirrored the same way.
    let r_mirrored = bswap(r);
    // The same subtraction on the mirrored word: its borrow runs up to the piece that stands nearest below the slider on the real board.
    let reverse = o_mirrored - r_mirrored;
    t.mirrored(false);
    // Swapping again puts the mirrored difference back on the real board.
    let reverse_back = bswap(reverse);
    // On the squares of the line, both differences equal o below the lower blocker and above the upper one, and cancel; from blocker to blocker, the slider aside, exactly one has a one. Off the line the borrows leave ones the mask clears next.
    let changed = forward ^ reverse_back;
    // The borrows also ran through bits off the line; the mask keeps this line's squares.
    changed & line_ex
}

/// A rank: bring it down to the first rank and read its attacks from a 512-byte table.
#[traced]
#[inline(always)]
fn rank_attacks<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    let (rank_shift, file) = (8 * square.rank() as u32, square.file() as usize);
    t.moved(-(rank_shift as i8 + 1));
    // Moves the slider's rank down to bit 0, past its a-file square: the six inner squares b to g become bits 0 to 5.
    let shifted = occupied >> (rank_shift + 1);
    // Keeps the six inner squares, now bits 0 to 5 (drawn on a1 to f1, where the shift put them). The end squares never change what a rank attack reaches, so they need no bit.
    let inner = shifted & 63;
    let inner = inner.0 as usize & 63;
    // The table's attacks sit on the first rank at the slider's own file: one bit up from inner.
    t.moved(-(rank_shift as i8));
    // The attacks of a slider on this file of the first rank, for exactly these inner pieces.
    let first_rank = FIRST_RANK_ATTACKS[file][inner];
    t.moved(0);
    // Moves the first-rank attacks back up to the slider's rank.
    first_rank << rank_shift
}
