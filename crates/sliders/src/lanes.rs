//! Two bitboards side by side in one 128-bit SIMD value, as engines now run Hyperbola
//! Quintessence: one subtraction, one AND, one XOR and one byte shuffle work on two lines at
//! once. In WebAssembly a [`Lanes`] is a `v128` and each operation one SIMD instruction
//! (`i64x2.sub`, `v128.and`, `v128.xor`, and `i8x16.swizzle` for the byte swap); elsewhere it is
//! a plain `[u64; 2]`, which the compiler may vectorise itself, so native builds and tests need
//! no SIMD at all. [`Lanes::MACHINE`] says which form a build has.
//!
//! An x86-64 form in SSE registers (SSSE3's `pshufb` for the byte swap) was tried and measured
//! slower than the plain words with `-C target-cpu=native` (263 against 337 MQueens/s in one
//! `cargo xtask bench --only hyperbola-quintessence-simd` each, side by side): x86-64 swaps a
//! word's bytes in one `bswap`, and moving the lanes in and out of SSE registers cost more than
//! the lanes saved, where LLVM is free to choose.

use core::ops::{BitAnd, BitOr, BitXor, Shr};

use crate::Bitboard;

/// Lane 0 and lane 1, each a 64-bit word.
#[derive(Clone, Copy)]
pub struct Lanes(Inner);

/// Sixteen bytes a swizzle reads, aligned to 16 so that WebAssembly loads them as one `v128`
/// (see `simd::load`, which says why they are loaded and not written as a constant).
#[repr(C, align(16))]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ByteTable(pub [u8; 16]);

impl core::ops::Deref for ByteTable {
    type Target = [u8; 16];
    fn deref(&self) -> &[u8; 16] {
        &self.0
    }
}

/// Byte i of a byte swap's result is byte `BYTES_REVERSED[i]` of its value: bytes 7 to 0 of
/// lane 0, then 15 to 8 of lane 1, so each lane's ranks come out in reverse order. A reader's
/// formula compiled to WebAssembly swaps bytes by the same pattern.
pub static BYTES_REVERSED: ByteTable = ByteTable([7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8]);

#[cfg(target_arch = "wasm32")]
type Inner = core::arch::wasm32::v128;
#[cfg(not(target_arch = "wasm32"))]
type Inner = [u64; 2];

#[cfg(target_arch = "wasm32")]
pub(crate) mod simd {
    //! The WebAssembly form: every operation is one SIMD instruction. SIMD is enabled on the
    //! functions that run it (the technique's loop), not on the whole crate.
    use super::{ByteTable, Inner, Lanes, BYTES_REVERSED};
    use core::arch::wasm32::{
        i64x2_sub, i8x16_swizzle, u64x2, u64x2_extract_lane, u64x2_shr, v128, v128_and, v128_or, v128_xor,
    };

    pub(super) const MACHINE: &str = "WebAssembly simd128, byte swap by i8x16.swizzle with its pattern from memory";

    /// A byte pattern or table, loaded from memory on purpose. Written as a constant
    /// `i8x16.shuffle`, the byte swap cost V8 (14.6, read with `--print-wasm-code`) six dependent
    /// instructions (pshuflw, pshufhw, then two shifts and an OR to swap each pair of bytes), or a
    /// pshufb after rebuilding the 16-byte pattern from two immediates at every use; a constant
    /// table is rebuilt the same way at every swizzle. A swizzle whose pattern is a value V8
    /// loaded stays one pshufb on the line's value; V8's paddusb, which makes indices past 15
    /// give zero, depends on the pattern alone, off the chain of the lines' values. The read is
    /// volatile so that LLVM does not fold the bytes back into a constant; so the wasm reads the
    /// pattern at every swap, and V8 14.6 merges those reads into one load per function. In the queen benchmark this took HQ in lanes from 311 to 427 MQueens/s and
    /// scalar HQ from 208 to 363 (docs/benchmark-notes.md).
    #[inline(always)]
    pub(crate) fn load(table: &ByteTable) -> v128 {
        // SAFETY: a reference is valid, initialised and aligned for reads; `ByteTable` is 16
        // bytes, aligned to 16, as a v128 needs.
        unsafe { core::ptr::read_volatile((table as *const ByteTable).cast::<v128>()) }
    }

    /// The byte swap's pattern, [`BYTES_REVERSED`], loaded.
    #[inline(always)]
    pub(crate) fn bytes_reversed() -> v128 {
        load(&BYTES_REVERSED)
    }

    #[inline(always)]
    pub(super) fn new(lane0: u64, lane1: u64) -> Lanes {
        Lanes(u64x2(lane0, lane1))
    }

    #[inline(always)]
    pub(super) fn words(lanes: Lanes) -> [u64; 2] {
        [u64x2_extract_lane::<0>(lanes.0), u64x2_extract_lane::<1>(lanes.0)]
    }

    #[inline(always)]
    pub(super) fn and(a: Inner, b: Inner) -> Inner {
        v128_and(a, b)
    }

    #[inline(always)]
    pub(super) fn or(a: Inner, b: Inner) -> Inner {
        v128_or(a, b)
    }

    #[inline(always)]
    pub(super) fn xor(a: Inner, b: Inner) -> Inner {
        v128_xor(a, b)
    }

    #[inline(always)]
    pub(super) fn sub(a: Inner, b: Inner) -> Inner {
        i64x2_sub(a, b)
    }

    /// Each lane's ranks in reverse order: one swizzle by [`bytes_reversed`].
    #[inline(always)]
    pub(super) fn swap_bytes(a: Inner) -> Inner {
        i8x16_swizzle(a, bytes_reversed())
    }

    #[inline(always)]
    pub(super) fn shr(a: Inner, amount: u32) -> Inner {
        u64x2_shr(a, amount)
    }

    /// Each byte of `indices` picks one of the table's bytes, the table [`load`]ed.
    #[inline(always)]
    pub(super) fn swizzle(table: &ByteTable, indices: Inner) -> Inner {
        i8x16_swizzle(load(table), indices)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod simd {
    //! The portable form: each operation on both words in turn.
    use super::{ByteTable, Inner, Lanes};

    /// What the lanes are. (Their byte-table reads, which only the bit reversal makes, are
    /// SSSE3's pshufb where the build targets it, and sixteen byte reads elsewhere: `swizzle`.)
    pub(super) const MACHINE: &str = "two plain 64-bit words, which LLVM compiles as it sees fit";

    #[inline(always)]
    pub(super) const fn new(lane0: u64, lane1: u64) -> Lanes {
        Lanes([lane0, lane1])
    }

    #[inline(always)]
    pub(super) const fn words(lanes: Lanes) -> [u64; 2] {
        lanes.0
    }

    #[inline(always)]
    pub(super) fn and(a: Inner, b: Inner) -> Inner {
        [a[0] & b[0], a[1] & b[1]]
    }

    #[inline(always)]
    pub(super) fn or(a: Inner, b: Inner) -> Inner {
        [a[0] | b[0], a[1] | b[1]]
    }

    #[inline(always)]
    pub(super) fn xor(a: Inner, b: Inner) -> Inner {
        [a[0] ^ b[0], a[1] ^ b[1]]
    }

    #[inline(always)]
    pub(super) fn sub(a: Inner, b: Inner) -> Inner {
        [a[0].wrapping_sub(b[0]), a[1].wrapping_sub(b[1])]
    }

    #[inline(always)]
    pub(super) fn swap_bytes(a: Inner) -> Inner {
        [a[0].swap_bytes(), a[1].swap_bytes()]
    }

    #[inline(always)]
    pub(super) fn shr(a: Inner, amount: u32) -> Inner {
        [a[0] >> (amount & 63), a[1] >> (amount & 63)]
    }

    /// Sixteen table reads, one a byte, where the build targets no byte-table instruction.
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    #[inline(always)]
    pub(super) fn swizzle(table: &ByteTable, indices: Inner) -> Inner {
        indices.map(|word| {
            let bytes = word.to_le_bytes().map(|index| table.get(usize::from(index)).copied().unwrap_or(0));
            u64::from_le_bytes(bytes)
        })
    }

    /// SSSE3's `pshufb` reads a 16-byte table for all sixteen bytes at once, as WebAssembly's
    /// swizzle does, where the build targets it (`-C target-cpu=native`).
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    #[inline(always)]
    pub(super) fn swizzle(table: &ByteTable, indices: Inner) -> Inner {
        use core::arch::x86_64::{_mm_adds_epu8, _mm_set1_epi8, _mm_set_epi64x, _mm_shuffle_epi8, _mm_storeu_si128};
        let table = u128::from_le_bytes(table.0);
        let mut out = [0u64; 2];
        // SAFETY: the build targets SSSE3 (and so SSE2), so every CPU it runs on has these
        // instructions; the store writes 16 bytes into `out`, which has 16.
        unsafe {
            let bytes = _mm_set_epi64x((table >> 64) as i64, table as i64);
            // pshufb reads entry (index & 15), or gives 0 when the index's top bit is set; a
            // swizzle gives 0 for any index past 15. Adding 112 with saturation sets the top bit
            // of exactly those and keeps the low four bits of the others.
            let index = _mm_adds_epu8(_mm_set_epi64x(indices[1] as i64, indices[0] as i64), _mm_set1_epi8(112));
            _mm_storeu_si128(out.as_mut_ptr().cast(), _mm_shuffle_epi8(bytes, index));
        }
        out
    }
}

impl Lanes {
    /// Which form this build's lanes have: WebAssembly SIMD, or two plain words.
    pub const MACHINE: &'static str = simd::MACHINE;

    /// `lane0` in lane 0, `lane1` in lane 1.
    #[inline(always)]
    pub fn new(lane0: Bitboard, lane1: Bitboard) -> Lanes {
        simd::new(lane0.0, lane1.0)
    }

    /// The same board in both lanes.
    #[inline(always)]
    pub fn splat(board: Bitboard) -> Lanes {
        simd::new(board.0, board.0)
    }

    /// Lane 0 and lane 1 as bitboards.
    #[inline(always)]
    pub fn lanes(self) -> [Bitboard; 2] {
        let [lane0, lane1] = simd::words(self);
        [Bitboard(lane0), Bitboard(lane1)]
    }

    /// Each lane minus the same lane of `other`, wrapping: the borrow never crosses lanes.
    #[inline(always)]
    pub fn wrapping_sub(self, other: Lanes) -> Lanes {
        Lanes(simd::sub(self.0, other.0))
    }

    /// Each lane's bytes in reverse order: both lanes' boards mirrored top to bottom at once.
    #[inline(always)]
    pub fn swap_bytes(self) -> Lanes {
        Lanes(simd::swap_bytes(self.0))
    }

    /// Each of the sixteen bytes replaced by the byte of `table` it numbers, or by zero if it is
    /// 16 or more: one `i8x16.swizzle`.
    #[inline(always)]
    pub fn swizzle(self, table: &ByteTable) -> Lanes {
        Lanes(simd::swizzle(table, self.0))
    }
}

/// Each lane shifted right by `amount`, which must be below 64 (WebAssembly takes it modulo 64).
impl Shr<u32> for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn shr(self, amount: u32) -> Lanes {
        Lanes(simd::shr(self.0, amount))
    }
}

impl BitAnd for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitand(self, other: Lanes) -> Lanes {
        Lanes(simd::and(self.0, other.0))
    }
}

impl BitOr for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitor(self, other: Lanes) -> Lanes {
        Lanes(simd::or(self.0, other.0))
    }
}

impl BitXor for Lanes {
    type Output = Lanes;
    #[inline(always)]
    fn bitxor(self, other: Lanes) -> Lanes {
        Lanes(simd::xor(self.0, other.0))
    }
}

impl PartialEq for Lanes {
    fn eq(&self, other: &Lanes) -> bool {
        self.lanes() == other.lanes()
    }
}

impl Eq for Lanes {}

impl core::fmt::Debug for Lanes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Lanes").field(&self.lanes()[0]).field(&self.lanes()[1]).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{ByteTable, Lanes};
    use crate::Bitboard;

    #[test]
    fn each_lane_works_alone() {
        let a = Lanes::new(Bitboard(0x0100), Bitboard(0));
        let b = Lanes::new(Bitboard(1), Bitboard(1));
        // Lane 1's borrow runs through all 64 bits and stops there: nothing reaches lane 0.
        assert_eq!(a.wrapping_sub(b).lanes(), [Bitboard(0xff), Bitboard(u64::MAX)]);
        assert_eq!((a & b).lanes(), [Bitboard(0), Bitboard(0)]);
        assert_eq!((a ^ b).lanes(), [Bitboard(0x0101), Bitboard(1)]);
        assert_eq!((a | b).lanes(), [Bitboard(0x0101), Bitboard(1)]);
        let swapped = Lanes::new(Bitboard(0x0102), Bitboard(0xff)).swap_bytes();
        assert_eq!(swapped.lanes(), [Bitboard(0x0201 << 48), Bitboard(0xff << 56)]);
        assert_eq!(Lanes::splat(Bitboard(7)), Lanes::new(Bitboard(7), Bitboard(7)));
        assert_eq!((Lanes::new(Bitboard(0xf0), Bitboard(1 << 63)) >> 4).lanes(), [Bitboard(0x0f), Bitboard(1 << 59)]);
        // Byte 0 of lane 0 numbers 2, byte 1 numbers 1; byte 0 of lane 1 numbers 16, past the table.
        let table = ByteTable([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
        let picked = Lanes::new(Bitboard(0x0102), Bitboard(16)).swizzle(&table);
        assert_eq!(picked.lanes(), [Bitboard(0x0a0a_0a0a_0a0a_0b0c), Bitboard(0x0a0a_0a0a_0a0a_0a00)]);
    }

    /// Hyperbola Quintessence in lanes agrees with the reference walk on every square of 2,000
    /// boards of every density (the exhaustive tests cover each line; this, whole queens).
    #[test]
    fn hq_in_lanes_agrees_with_the_reference_walk() {
        use crate::{Slider, Square, Technique};
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..2_000 {
            // Sparse to dense: one to three words AND-ed or OR-ed together.
            let occupied = Bitboard(match round % 4 {
                0 => next() & next() & next(),
                1 => next() & next(),
                2 => next(),
                _ => next() | next(),
            });
            for square in Square::ALL {
                assert_eq!(
                    Technique::HyperbolaQuintessenceSimd.attacks(Slider::Queen, square, occupied),
                    Technique::Reference.attacks(Slider::Queen, square, occupied),
                    "{} on {square}, occupied {occupied}",
                    Lanes::MACHINE
                );
            }
        }
    }
}
