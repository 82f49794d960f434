//! Hyperbola Quintessence with each word's bits reversed instead of its bytes swapped, as engines
//! do on ARM, where one `rbit` instruction reverses a 64-bit word (Stockfish uses it there,
//! official-stockfish/Stockfish pull request 6795). Reversing the bits turns the board half round:
//! every line runs the other way, the rank too, which a byte swap leaves in place. So the rank
//! takes the same two subtractions as the other lines, and no first-rank table is read.
//! Stockfish's ARM code does this one line at a time, in plain 64-bit registers; putting a rook's
//! file and rank side by side in two SIMD lanes, as a bishop's two diagonals, is this page's own
//! arrangement, after the byte-swapping lanes. WebAssembly has no bit reversal: one
//! `i8x16.swizzle` by a fixed pattern reverses each lane's bytes, and two more, each reading a
//! 16-byte table, reverse the bits inside each byte, four bits at a time.

use crate::geometry::LINE_EX;
use crate::trace::{Tracer, WordOrder};
use crate::{Bitboard, ByteTable, Lanes, Line, Slider, Square};
use traced::traced;

/// Entry n is n's four bits in reverse order, moved `shift` bits up: a table `swizzle` reads
/// with each byte's four low bits as the index.
const fn reversed_nibbles(shift: u32) -> ByteTable {
    let mut table = [0; 16];
    let mut n = 0;
    while n < 16 {
        table[n] = ((n as u8).reverse_bits() >> 4) << shift;
        n += 1;
    }
    ByteTable(table)
}

/// A byte's low four bits, reversed into its high four: 0001 becomes 1000 0000.
pub const REVERSED_INTO_HIGH: ByteTable = reversed_nibbles(4);
/// A byte's high four bits (moved down first), reversed into its low four: 0001 becomes 1000.
pub const REVERSED_INTO_LOW: ByteTable = reversed_nibbles(0);

// Inlined into its caller, which has SIMD enabled in the benchmark (see `queen_loops`).
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

/// The file in lane 0 and the rank in lane 1.
#[traced]
#[inline(always)]
fn rook<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    // The file through the slider, less the square the slider stands on.
    let file_ex = LINE_EX[Line::File][square];
    // The rank through the slider, less the square the slider stands on.
    let rank_ex = LINE_EX[Line::Rank][square];
    t.lanes(Some([Some(Line::File), Some(Line::Rank)]));
    let [file_attacks, rank_attacks] = lane_attacks(t, square, Lanes::new(file_ex, rank_ex), occupied).lanes();
    t.lanes(None);
    // A rook moves along its file and its rank: the two lanes' attacks, together.
    file_attacks | rank_attacks
}

/// The diagonal in lane 0 and the anti-diagonal in lane 1.
#[traced]
#[inline(always)]
fn bishop<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    // The diagonal (a1-h8 way) through the slider, less the square the slider stands on.
    let diagonal_ex = LINE_EX[Line::Diagonal][square];
    // The anti-diagonal (h1-a8 way) through the slider, less the square the slider stands on.
    let anti_diagonal_ex = LINE_EX[Line::AntiDiagonal][square];
    let line_ex = Lanes::new(diagonal_ex, anti_diagonal_ex);
    t.lanes(Some([Some(Line::Diagonal), Some(Line::AntiDiagonal)]));
    let [diagonal_attacks, anti_diagonal_attacks] = lane_attacks(t, square, line_ex, occupied).lanes();
    t.lanes(None);
    // A bishop moves along both diagonals: the two lanes' attacks, together.
    diagonal_attacks | anti_diagonal_attacks
}

/// Both lanes' lines at once: a subtraction up the board, and one up the board turned half
/// round, each step one SIMD instruction.
#[traced]
#[inline(always)]
fn lane_attacks<T: Tracer>(t: &mut T, square: Square, line_ex: Lanes, occupied: Bitboard) -> Lanes {
    let r = Lanes::splat(square.bit());
    let occupied = Lanes::splat(occupied);
    // Keeps the pieces on each lane's line; the slider's own bit is zero, so a borrow can start there.
    let o = occupied & line_ex;
    // Subtracting the slider's bit r starts a borrow at the slider, which runs up to the first piece above it on the lane's line, or out of the lane if there is none.
    let forward = o - r;
    let o_reversed = reverse_bits(t, o, WordOrder::Board);
    // The top bit in both lanes: in a bit-reversed word it stands for a1.
    let top = Lanes::splat(Bitboard(1 << 63));
    // Moved down as many places as the slider's square number, it lands where the slider's bit stands in the reversed word (an engine may read that bit from a table instead).
    let r_reversed = top >> square.index();
    // The same subtraction on the reversed lanes: the borrow runs up to the piece nearest the slider the other way along the lane's line on the real board, or out of the lane if there is none.
    let reverse = o_reversed - r_reversed;
    let reverse_back = reverse_bits(t, reverse, WordOrder::BitReversed);
    // On a lane's line, both differences equal o beyond the nearest blocker on each side that has one, and cancel; from blocker to blocker (to the line's end on a side without one), the slider aside, exactly one has a one.
    let changed = forward ^ reverse_back;
    // The borrows also ran through bits off the lines; the mask keeps each lane's own line.
    changed & line_ex
}

/// Reverses the 64 bits of each lane, whose word is in the order `from`: one shuffle reverses
/// the bytes, then each byte's two halves are reversed by reading a 16-byte table.
#[traced]
#[inline(always)]
// The last value is bound to a name, which its step then shows.
#[allow(clippy::let_and_return)]
fn reverse_bits<T: Tracer>(t: &mut T, word: Lanes, from: WordOrder) -> Lanes {
    let nibbles = Lanes::splat(Bitboard(0x0f0f_0f0f_0f0f_0f0f));
    let (bytes_swapped, reversed) = (from.bytes_swapped(), from.bytes_swapped().bits_reversed_in_bytes());
    t.word_order(bytes_swapped);
    // The word is o on the way in and the reverse difference on the way back. One byte shuffle reverses the eight bytes of both lanes: half of reversing their bits.
    let swapped = bswap(word);
    // Each byte's low four bits.
    let low = swapped & nibbles;
    t.word_order(reversed);
    // Each byte's low four bits number an entry of the table, which holds those four bits reversed, in the byte's high four.
    let low_reversed = swizzle(REVERSED_INTO_HIGH, low);
    t.word_order(bytes_swapped);
    t.moved(-4);
    // Each byte's high four bits, moved down four places into its low four; the lanes shift as 64-bit words, so each byte also takes the low four bits of the byte above it into its high four.
    let high = swapped >> 4;
    // Keeps, in each byte, the four bits that were its own high four.
    let high_nibbles = high & nibbles;
    t.word_order(reversed);
    t.moved(0);
    // Those four bits number an entry of the second table, which holds them reversed, in the byte's low four.
    let high_reversed = swizzle(REVERSED_INTO_LOW, high_nibbles);
    // The two halves together: the bits of each lane in reverse order, which the caller names o_reversed on the way in and reverse_back on the way back.
    let reversed = low_reversed | high_reversed;
    reversed
}
