//! Hyperbola Quintessence: o^(o-2r) in both directions at once. Subtracting the slider's bit from
//! the line's pieces sends a borrow up to the first blocker above. For the other direction the
//! word is byte-swapped first: a file or diagonal has one square per rank, so mirroring the
//! ranks reverses its order, and the same subtraction now runs down the real board. Swapping
//! back and XOR-ing the two differences leaves both rays. A rank lies inside one byte, where a
//! byte swap changes nothing, so ranks take a first-rank lookup instead. WebAssembly has no
//! byte-swap instruction: `swap_bytes` compiles to shifts, masks and ORs.

use super::compose::by_lines;
use super::first_rank::FIRST_RANK_ATTACKS;
use crate::geometry::LINE_EX;
use crate::trace::Tracer;
use crate::{Bitboard, Line, Slider, Square};

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    by_lines(t, slider, |t, line| match line {
        Line::Rank => rank_attacks(t, square, occupied),
        _ => line_attacks(t, square, line, occupied),
    })
}

/// A file or diagonal: one subtraction up the board, and one up the mirrored board.
#[inline(always)]
fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    let mask = t.lookup(
        "lineEx[sq]",
        "The line through the slider without its own square: only pieces on it can block.",
        square.index(),
        LINE_EX[square as usize][line as usize],
    );
    let o = t.and(
        "o = occupied & lineEx",
        "Keeps the pieces on the line; the slider's own bit is zero, so the borrow can start there.",
        occupied,
        mask,
    );
    let forward = t.sub(
        "o - r",
        "Subtracting the slider's bit r starts a borrow at the slider that runs up to the first piece above it.",
        o,
        square.bit(),
    );
    t.mirrored(true);
    let o_mirrored = t.bswap(
        "o' = bswap(o)",
        "Swapping the bytes mirrors the ranks: this line has one square per rank, so what lay below the slider now lies above it.",
        o,
    );
    let r_mirrored = t.bswap("r' = bswap(r)", "The slider's bit, mirrored the same way.", square.bit());
    let reverse = t.sub(
        "o' - r'",
        "The same subtraction on the mirrored word: its borrow runs up to the piece that stands nearest below the slider on the real board.",
        o_mirrored,
        r_mirrored,
    );
    t.mirrored(false);
    let reverse_back =
        t.bswap("bswap(o' - r')", "Swapping again puts the mirrored difference back on the real board.", reverse);
    let changed = t.xor(
        "(o - r) ^ bswap(o' - r')",
        "On the squares of the line, both differences equal o below the lower blocker and above the upper one, and cancel; from blocker to blocker, the slider aside, exactly one has a one. Off the line the borrows leave ones the mask clears next.",
        forward,
        reverse_back,
    );
    t.and(
        "changed & lineEx = line attacks",
        "The borrows also ran through bits off the line; the mask keeps this line's squares.",
        changed,
        mask,
    )
}

/// A rank: bring it down to the first rank and read its attacks from a 512-byte table.
#[inline(always)]
fn rank_attacks<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    let rank_shift = 8 * square.rank() as u32;
    t.moved(-(rank_shift as i8 + 1));
    let shifted = t.shr(
        "occupied >> (8·rank + 1)",
        "Moves the slider's rank down to bit 0, past its a-file square: the six inner squares b to g become bits 0 to 5.",
        occupied,
        rank_shift + 1,
    );
    let inner = t.and(
        "& 63 = inner",
        "Keeps the six inner squares, now bits 0 to 5 (drawn on a1 to f1, where the shift put them). The end squares never change what a rank attack reaches, so they need no bit.",
        shifted,
        Bitboard(63),
    );
    // The table's attacks sit on the first rank at the slider's own file: one bit up from inner.
    t.moved(-(rank_shift as i8));
    let first_rank = t.lookup(
        "firstRankAttacks[file][inner]",
        "The attacks of a slider on this file of the first rank, for exactly these inner pieces.",
        inner.0 as u32,
        Bitboard(FIRST_RANK_ATTACKS[square.file() as usize][inner.0 as usize & 63] as u64),
    );
    t.moved(0);
    t.shl(
        "<< 8·rank = rank attacks",
        "Moves the first-rank attacks back up to the slider's rank.",
        first_rank,
        rank_shift,
    )
}
