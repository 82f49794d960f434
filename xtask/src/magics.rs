//! `cargo xtask magics`: a seeded search for the magic numbers of `sliders::techniques::magic`.
//! For each square it tries sparse random numbers (the AND of three draws, so about one bit in
//! eight is set) until one maps every set of relevant pieces to an index whose entry attacks
//! alike, then writes all 128 numbers to `magic_numbers.rs` as data. The same seed always gives
//! the same file, so the committed numbers can be regenerated and checked.

use std::fmt::Write as _;

use sliders::techniques::magic::{collision, relevant_mask};
use sliders::{Slider, Square};

/// The seed of the search; change it only together with the committed file.
const SEED: u64 = 0x5eed_51de_7ab5_2026;

const FILE: &str = "crates/sliders/src/techniques/magic_numbers.rs";

/// xorshift64*: small, fast, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// The first working magic the generator yields for this square, and how many it tried.
fn find(slider: Slider, square: Square, rng: &mut Rng, scratch: &mut [(u64, u64)]) -> (u64, u64) {
    let mask = relevant_mask(slider, square).0;
    for tries in 1.. {
        let magic = rng.sparse();
        // A magic that leaves few bits in the top byte cannot spread the pieces over the index.
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        if collision(slider, square, magic, scratch).is_none() {
            return (magic, tries);
        }
    }
    unreachable!("the loop only ends by returning")
}

/// The whole file for these numbers.
fn render(rook: &[u64], bishop: &[u64]) -> String {
    let mut text = String::from(
        "//! Written by `cargo xtask magics` (a seeded search); do not edit by hand.\n\
         //! `tests/magic.rs` checks that every number maps each set of pieces without a harmful collision.\n\n",
    );
    for (name, numbers) in [("ROOK_MAGICS", rook), ("BISHOP_MAGICS", bishop)] {
        let _ = writeln!(text, "pub const {name}: [u64; 64] = [");
        for row in numbers.chunks(4) {
            let row: Vec<String> = row.iter().map(|n| format!("0x{n:016x}")).collect();
            let _ = writeln!(text, "    {},", row.join(", "));
        }
        text.push_str("];\n");
    }
    text
}

pub fn run() -> Result<(), String> {
    let mut rng = Rng(SEED);
    let mut scratch = vec![(0u64, 0u64); 1 << 12];
    let mut found = Vec::new();
    for slider in [Slider::Rook, Slider::Bishop] {
        let mut tries = 0;
        let numbers: Vec<u64> = Square::ALL
            .iter()
            .map(|&square| {
                let (magic, count) = find(slider, square, &mut rng, &mut scratch);
                tries += count;
                magic
            })
            .collect();
        println!("{slider}: 64 magics after {tries} candidates");
        found.push(numbers);
    }
    let path = crate::workspace_root().join(FILE);
    std::fs::write(&path, render(&found[0], &found[1])).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote {FILE}");
    Ok(())
}
