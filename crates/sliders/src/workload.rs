//! The standard queen-attack benchmark workload, shared by the benchmarks and the tests' random
//! boards, so that figures compare with published ones.

/// Marsaglia's xorshift96 with the benchmark's fixed seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xorshift96 {
    x: u32,
    y: u32,
    z: u32,
}

impl Default for Xorshift96 {
    fn default() -> Xorshift96 {
        Xorshift96 { x: 123_456_789, y: 362_436_069, z: 521_288_629 }
    }
}

impl Xorshift96 {
    /// The generator's words, to carry a check's place from one module to another.
    pub fn state(&self) -> [u32; 3] {
        [self.x, self.y, self.z]
    }

    pub fn from_state([x, y, z]: [u32; 3]) -> Xorshift96 {
        Xorshift96 { x, y, z }
    }

    pub fn next_u32(&mut self) -> u32 {
        self.x ^= self.x << 16;
        self.x ^= self.x >> 5;
        self.x ^= self.x << 1;
        let t = self.x;
        self.x = self.y;
        self.y = self.z;
        self.z = t ^ self.x ^ self.y;
        self.z
    }

    /// One position of the workload: the occupancy `rand64() & rand64()` (about a quarter of
    /// the squares set), then the twelve squares `rand32() % 64` drawn right after it.
    pub fn next_position(&mut self) -> (u64, [u8; SQUARES_PER_OCCUPANCY]) {
        let occupancy = self.next_u64() & self.next_u64();
        let mut squares = [0u8; SQUARES_PER_OCCUPANCY];
        for square in &mut squares {
            *square = (self.next_u32() % 64) as u8;
        }
        (occupancy, squares)
    }

    /// High half first, as the workload defines it.
    pub fn next_u64(&mut self) -> u64 {
        let high = self.next_u32() as u64;
        let low = self.next_u32() as u64;
        high << 32 | low
    }
}

use crate::{Bitboard, Square};

/// The benchmark's loop over prepared positions: `squares` holds twelve squares per occupancy.
/// Used for the core's techniques and for the bench crate's hand-written twins alike.
#[inline(always)]
pub fn xor_all(occupancies: &[u64], squares: &[u8], queen: impl Fn(Square, Bitboard) -> Bitboard) -> u64 {
    let mut accumulator = 0u64;
    for (&occupancy, squares) in occupancies.iter().zip(squares.as_chunks::<SQUARES_PER_OCCUPANCY>().0) {
        accumulator ^= xor_position(squares, |square| queen(Square::from_index(square as u32), Bitboard(occupancy)).0);
    }
    accumulator
}

/// The twelve lookups of one occupancy, as a loop: LLVM's x86 backend vectorizes the rolled
/// loop's body better than the written-out form, which runs 10–15% slower natively for the
/// classical techniques and o^(o-2r).
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn xor_position(squares: &[u8; SQUARES_PER_OCCUPANCY], lookup: impl Fn(u8) -> u64) -> u64 {
    squares.iter().fold(0, |accumulator, &square| accumulator ^ lookup(square))
}

/// The twelve lookups of one occupancy, written out: V8 checks for interrupts and reloads
/// spilled registers at the head of every wasm loop iteration, which costs 5–13% of a fast
/// lookup; without the inner loop that cost is paid once per occupancy.
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn xor_position(squares: &[u8; SQUARES_PER_OCCUPANCY], lookup: impl Fn(u8) -> u64) -> u64 {
    let [a, b, c, d, e, f, g, h, i, j, k, l] = *squares;
    lookup(a)
        ^ lookup(b)
        ^ lookup(c)
        ^ lookup(d)
        ^ lookup(e)
        ^ lookup(f)
        ^ (lookup(g) ^ lookup(h) ^ lookup(i) ^ lookup(j) ^ lookup(k) ^ lookup(l))
}

/// Squares drawn after each occupancy.
pub const SQUARES_PER_OCCUPANCY: usize = 12;

/// Appends the next `count` positions of `rng` to the two lists: the workload generated in
/// pieces, so a page can prepare it between frames.
pub fn extend(
    rng: &mut Xorshift96,
    count: usize,
    occupancies: &mut alloc::vec::Vec<u64>,
    squares: &mut alloc::vec::Vec<u8>,
) {
    for _ in 0..count {
        let (occupancy, drawn) = rng.next_position();
        occupancies.push(occupancy);
        squares.extend_from_slice(&drawn);
    }
}

/// Calls `visit(occupancy, squares)` for `occupancies` boards of the workload, in order.
pub fn for_each_position(occupancies: usize, mut visit: impl FnMut(u64, [u8; SQUARES_PER_OCCUPANCY])) {
    let mut rng = Xorshift96::default();
    for _ in 0..occupancies {
        let (occupancy, squares) = rng.next_position();
        visit(occupancy, squares);
    }
}
