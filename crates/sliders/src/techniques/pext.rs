//! PEXT bitboards: what strong engines long used where the CPU has fast BMI2; Stockfish did until
//! June 2026, when it removed them as "slower or equal" to its Hyperbola Quintessence in AVX2
//! lanes (official-stockfish/Stockfish pull request 6939; see hyperbola_quintessence_simd.rs). The
//! pieces that can change a slider's attacks are magic's relevant squares (its lines, without
//! its own square and without the last square of each ray); the BMI2 instruction `pext`
//! gathers the occupancy's bits under that mask into the low bits, lowest first. That packed
//! number is already a perfect index, a different one for every set of pieces, so there is no
//! multiplier to search for and no shift. The square's offset places its slice in one shared
//! table of 107,648 entries (841 KiB), filled on first use as magic's is.
//!
//! WebAssembly has no pext instruction. Each mask here carries, worked out once, which of its
//! bits move in each of six rounds of shifts (`PextMask`), so a gather is six rounds of four
//! instructions rather than a loop over the mask's bits; x86-64 builds that target BMI2 use the
//! instruction itself.

use super::compose::by_parts;
use super::filled_table::FilledTable;
use super::magic::relevant_mask;
use super::reference;
use crate::trace::{NoTrace, TableEntry, Tracer};
use crate::{Bitboard, PextMask, Slider, Square};
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
    entries: &[PextEntry; 64],
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    // The square's entry, drawn as its mask: the squares whose pieces can change the attacks, the slider's lines without its own square and without the last square of each ray.
    let entry = entries[square];
    // One bit per relevant square: every set of pieces gets an index of its own, below 2 to the number of those squares, and there is no multiplier to search for.
    let index = pext(occupied, entry.mask);
    // The attacks stored for this set of pieces.
    // `entry.offset + index.0 as u32`: Each square's slice of the shared table starts at its own offset.
    table[(entry.offset + index.0 as u32) as usize]
}

/// One square's entry: which pieces count, and where its slice of the table starts.
#[derive(Clone, Copy, Debug)]
pub struct PextEntry {
    /// The relevant squares, with the shifts that gather them without the instruction.
    pub mask: PextMask,
    pub offset: u32,
}

/// A read of a square's entry shows its mask, the part of the entry that is a set of squares.
impl TableEntry for PextEntry {
    type Read = PextEntry;
    fn read(self) -> (Bitboard, PextEntry) {
        (self.mask.bits(), self)
    }
}

/// Every square's entry for `slider`, slices from `first_offset` on, and the offset after them.
const fn entries(slider: Slider, first_offset: u32) -> ([PextEntry; 64], u32) {
    let mut table = [PextEntry { mask: PextMask::EMPTY, offset: 0 }; 64];
    let mut offset = first_offset;
    let mut s = 0;
    while s < 64 {
        let mask = relevant_mask(slider, Square::ALL[s]);
        table[s] = PextEntry { mask: PextMask::new(mask), offset };
        offset += 1 << mask.count();
        s += 1;
    }
    (table, offset)
}

/// Entries in the rooks' part of the shared table: the bishops' slices start there.
const ROOK_ENTRIES: u32 = entries(Slider::Rook, 0).1;

table! {
    /// Each square's rook entry, slices first in the shared table.
    pub static ROOK: [PextEntry; 64] = entries(Slider::Rook, 0).0;
}
table! {
    /// Each square's bishop entry, slices after all the rooks'.
    pub static BISHOP: [PextEntry; 64] = entries(Slider::Bishop, ROOK_ENTRIES).0;
}
/// Entries in the shared attack table: 102,400 for rooks and 5,248 for bishops, as magic's.
pub const TABLE_ENTRIES: usize = entries(Slider::Bishop, ROOK_ENTRIES).1 as usize;

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

/// Fills the table: for every square and every index below 2^n, the set of pieces that pext
/// packs into that index (pdep puts it back), and the attacks the rays give for it.
fn fill_table(table: &mut [Bitboard]) {
    for (slider, entries) in [(Slider::Rook, &ROOK), (Slider::Bishop, &BISHOP)] {
        for (square, entry) in Square::ALL.iter().zip(entries.iter()) {
            let mask = entry.mask.bits();
            for index in 0..1u64 << mask.count() {
                let pieces = Bitboard(crate::bitboard::pdep_loop(index, mask.0));
                table[entry.offset as usize + index as usize] =
                    reference::attacks(&mut NoTrace, slider, *square, pieces);
            }
        }
    }
}
