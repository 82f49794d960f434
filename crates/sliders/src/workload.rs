//! The standard queen-attack benchmark workload, shared by the benchmarks and the tests' random
//! boards, so that figures compare with published ones.

/// Marsaglia's xorshift96 with the benchmark's fixed seed.
#[derive(Clone, Debug)]
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

    /// High half first, as the workload defines it.
    pub fn next_u64(&mut self) -> u64 {
        let high = self.next_u32() as u64;
        let low = self.next_u32() as u64;
        high << 32 | low
    }
}

/// Squares drawn after each occupancy.
pub const SQUARES_PER_OCCUPANCY: usize = 12;

/// Calls `visit(occupancy, squares)` for `occupancies` boards of the workload, in order.
/// Each occupancy is `rand64() & rand64()` (about a quarter of the squares set), and the
/// twelve squares that follow it are `rand32() % 64`.
pub fn for_each_position(occupancies: usize, mut visit: impl FnMut(u64, [u8; SQUARES_PER_OCCUPANCY])) {
    let mut rng = Xorshift96::default();
    for _ in 0..occupancies {
        let occupancy = rng.next_u64() & rng.next_u64();
        let mut squares = [0u8; SQUARES_PER_OCCUPANCY];
        for square in &mut squares {
            *square = (rng.next_u32() % 64) as u8;
        }
        visit(occupancy, squares);
    }
}
