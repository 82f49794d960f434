//! Fancy magic bitboards, what most engines use. Only the pieces on the slider's lines count,
//! and not the last square of each ray (a slider reaches an edge square whatever stands there),
//! so a rook has at most 12 relevant squares and a bishop 9. Multiplying those pieces by the
//! square's magic number, found by a seeded search and kept as data, lets carries mix the
//! scattered bits into the top of the word; shifting down keeps just enough bits to index every
//! set of pieces without two sets that attack differently sharing an index. The square's
//! offset places its slice in one shared table, and one read gives the attacks. The table has
//! 107,648 entries (841 KiB), too large to ship in the page: it is filled on first use.

use super::compose::by_parts;
use super::filled_table::FilledTable;
use super::magic_numbers::{BISHOP_MAGICS, ROOK_MAGICS};
use super::reference;
use crate::geometry::ray;
use crate::trace::{NoTrace, TableEntry, Tracer};
use crate::{Bitboard, Direction, Slider, Square};
use traced::traced;

pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    let table = attack_table();
    by_parts(t, slider, |t, part| {
        let entries = if part == Slider::Rook { &ROOK } else { &BISHOP };
        lookup(t, table, entries, square, occupied)
    })
}

#[traced]
#[inline(always)]
fn lookup<T: Tracer>(
    t: &mut T,
    table: &[Bitboard],
    magics: &[Magic; 64],
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    // The square's magic entry, drawn as its mask: the squares whose pieces can change the attacks, the slider's lines without its own square and without the last square of each ray.
    let magic = magics[square];
    // Keeps the pieces that matter.
    let relevant = occupied & magic.mask;
    // Keeps the top bits, as many as the mask has squares, though no one of them stands for a square: the search made sure no two sets of pieces that attack differently share them.
    // `relevant * magic.number`: Each piece adds a copy of the magic number shifted up by its square. The search chose the number so that the top bits of the sum tell apart every two sets of pieces that attack differently.
    let index = (relevant * magic.number) >> magic.shift;
    // The attacks stored for every set of pieces that lands on this entry.
    // `magic.offset + index.0 as u32`: Each square's slice of the shared table starts at its own offset.
    table[(magic.offset + index.0 as u32) as usize]
}

/// One square's magic: which pieces count, the multiplier, how far to shift, where its slice starts.
#[derive(Clone, Copy, Debug)]
pub struct Magic {
    pub square: u8,
    pub mask: Bitboard,
    pub number: Bitboard,
    pub shift: u32,
    pub offset: u32,
}

/// A read of a square's magic shows its mask, the part of the entry that is a set of squares.
impl TableEntry for Magic {
    type Read = Magic;
    fn read(self) -> (Bitboard, Magic) {
        (self.mask, self)
    }
}

/// The squares whose pieces can change a slider's attacks: its rays without their last square.
pub const fn relevant_mask(slider: Slider, square: Square) -> Bitboard {
    let lines = slider.lines();
    let mut mask = 0u64;
    let mut l = 0;
    while l < lines.len() {
        mask |= ray_without_end(square, lines[l].positive()) | ray_without_end(square, lines[l].negative());
        l += 1;
    }
    Bitboard(mask)
}

const fn ray_without_end(square: Square, direction: Direction) -> u64 {
    let ray = ray(square, direction).0;
    if ray == 0 {
        return 0;
    }
    // The last square is the farthest from the slider: the highest bit of a positive ray,
    // the lowest of a negative one.
    let end = if direction.is_positive() { 1u64 << (63 - ray.leading_zeros()) } else { ray & ray.wrapping_neg() };
    ray & !end
}

const fn magics(slider: Slider, numbers: &[u64; 64], first_offset: u32) -> ([Magic; 64], u32) {
    let empty = Magic { square: 0, mask: Bitboard::EMPTY, number: Bitboard::EMPTY, shift: 64, offset: 0 };
    let mut table = [empty; 64];
    let mut offset = first_offset;
    let mut s = 0;
    while s < 64 {
        let mask = relevant_mask(slider, Square::ALL[s]);
        let bits = mask.count();
        table[s] = Magic { square: s as u8, mask, number: Bitboard(numbers[s]), shift: 64 - bits, offset };
        offset += 1 << bits;
        s += 1;
    }
    (table, offset)
}

/// Entries in the rooks' part of the shared table: the bishops' slices start there.
const ROOK_ENTRIES: u32 = magics(Slider::Rook, &ROOK_MAGICS, 0).1;

table! {
    /// Each square's rook magic, slices first in the shared table.
    pub static ROOK: [Magic; 64] = magics(Slider::Rook, &ROOK_MAGICS, 0).0;
}
table! {
    /// Each square's bishop magic, slices after all the rooks'.
    pub static BISHOP: [Magic; 64] = magics(Slider::Bishop, &BISHOP_MAGICS, ROOK_ENTRIES).0;
}
/// Entries in the shared attack table: 102,400 for rooks and 5,248 for bishops.
pub const TABLE_ENTRIES: usize = magics(Slider::Bishop, &BISHOP_MAGICS, ROOK_ENTRIES).1 as usize;

/// The shared attack table, filled on first use.
static TABLE: FilledTable = FilledTable::new(TABLE_ENTRIES, fill_table);

/// True once the attack table has been filled.
pub fn table_built() -> bool {
    TABLE.is_filled()
}

/// The shared attack table, filled on the first call.
#[inline]
pub fn attack_table() -> &'static [Bitboard] {
    TABLE.get()
}

/// Fills the table by walking the rays for every set of relevant pieces of every square.
fn fill_table(table: &mut [Bitboard]) {
    for (slider, magics) in [(Slider::Rook, &ROOK), (Slider::Bishop, &BISHOP)] {
        for magic in magics.iter() {
            let square = Square::from_index(magic.square as u32);
            let mut pieces = 0u64;
            loop {
                let index = (pieces.wrapping_mul(magic.number.0) >> magic.shift) as usize;
                table[magic.offset as usize + index] =
                    reference::attacks(&mut NoTrace, slider, square, Bitboard(pieces));
                // The next subset of the mask (the carry-rippler); back at zero means done.
                pieces = pieces.wrapping_sub(magic.mask.0) & magic.mask.0;
                if pieces == 0 {
                    break;
                }
            }
        }
    }
}

/// Checks one square's magic: every set of relevant pieces must land on an index whose entry
/// attacks like it. Used by the search and the tests; `None` means the magic works.
pub fn collision(slider: Slider, square: Square, magic: u64, scratch: &mut [(u64, u64)]) -> Option<(u64, u64)> {
    let mask = relevant_mask(slider, square).0;
    let shift = 64 - mask.count_ones();
    let size = 1usize << mask.count_ones();
    // (stamp, attacks); a stamp other than `magic` marks an entry not yet written.
    for slot in scratch[..size].iter_mut() {
        *slot = (!magic, 0);
    }
    let mut pieces = 0u64;
    loop {
        let index = (pieces.wrapping_mul(magic) >> shift) as usize;
        let attacks = reference::attacks(&mut NoTrace, slider, square, Bitboard(pieces)).0;
        match scratch[index] {
            (stamp, stored) if stamp == magic && stored != attacks => return Some((pieces, attacks)),
            _ => scratch[index] = (magic, attacks),
        }
        pieces = pieces.wrapping_sub(mask) & mask;
        if pieces == 0 {
            return None;
        }
    }
}
