//! The queen-attack benchmark: 5,000,000 occupancies of the xorshift96 workload, twelve squares
//! each, XOR-ed into an accumulator. `run` times nothing itself: the native harness and the
//! browser page time it, so both measure exactly the same loop.

pub mod handwritten;

use sliders::workload::{extend, Xorshift96, SQUARES_PER_OCCUPANCY};
use sliders::{Bitboard, Technique};

/// The prepared positions: occupancies, and the twelve squares drawn after each.
pub struct Workload {
    pub occupancies: Vec<u64>,
    pub squares: Vec<u8>,
}

impl Workload {
    pub fn new(occupancies: usize) -> Workload {
        let mut workload = Workload {
            occupancies: Vec::with_capacity(occupancies),
            squares: Vec::with_capacity(occupancies * SQUARES_PER_OCCUPANCY),
        };
        extend(&mut Xorshift96::default(), occupancies, &mut workload.occupancies, &mut workload.squares);
        // Magic's and PEXT's tables are filled on first use: fill them here, so no timed run
        // pays for it.
        sliders::techniques::magic::attack_table();
        sliders::techniques::pext::attack_table();
        workload
    }

    pub fn lookups(&self) -> usize {
        self.squares.len()
    }
}

/// The traced techniques' fast path (tracer compiled out) on the whole workload: the core's own
/// benchmark loop, the one the page's Benchmark panel runs too.
pub fn run(technique: Technique, workload: &Workload) -> u64 {
    technique.xor_queen_attacks(&workload.occupancies, &workload.squares)
}

macro_rules! per_technique {
    ($($variant:ident => $module:ident, $export:ident, $handwritten_export:ident $(, wasm $feature:literal)?;)*) => {

        /// The same techniques hand-written without a tracer.
        pub fn run_handwritten(technique: Technique, workload: &Workload) -> u64 {
            match technique {
                $(Technique::$variant => handwritten_loops::$module(workload),)*
            }
        }

        /// Each hand-written twin's loop in a function of its own, compiled with the
        /// WebAssembly feature its technique uses, as the core's loops are.
        mod handwritten_loops {
            use super::*;
            $(
                $(#[cfg_attr(target_arch = "wasm32", target_feature(enable = $feature))])?
                // The core's benchmark loop, the same as the traced versions'. The closure is
                // written here, in the function with the feature: a closure written elsewhere
                // would be compiled without it, and each of its SIMD operations would be a call.
                pub fn $module(workload: &Workload) -> u64 {
                    sliders::workload::xor_all(&workload.occupancies, &workload.squares, |square, occupied| {
                        Bitboard(handwritten::$module(square.index() as usize, occupied.0))
                    })
                }
            )*
        }

        /// One queen lookup per technique under its own export name, so the instructions of
        /// each can be found in the compiled wasm and in the native library (`cargo xtask
        /// machine-code` compares the two). Each calls its technique's module directly:
        /// through `Technique::attacks` a size-optimised build keeps the dispatch over all
        /// techniques, and every export would reach every technique's code.
        pub mod exports {
            use super::*;
            use sliders::{NoTrace, Slider, Square};

            /// The core's byte swap, a swizzle in WebAssembly's SIMD, alone (inlined, which it
            /// is only into a function with SIMD enabled).
            #[no_mangle]
            #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
            pub extern "C" fn byte_swap(word: u64) -> u64 {
                sliders::swap_bytes(word)
            }
            $(
                #[no_mangle]
                $(#[cfg_attr(target_arch = "wasm32", target_feature(enable = $feature))])?
                pub extern "C" fn $export(square: u32, occupancy: u64) -> u64 {
                    sliders::techniques::$module::attacks(&mut NoTrace, Slider::Queen, Square::from_index(square), Bitboard(occupancy)).0
                }

                #[no_mangle]
                $(#[cfg_attr(target_arch = "wasm32", target_feature(enable = $feature))])?
                pub extern "C" fn $handwritten_export(square: u32, occupancy: u64) -> u64 {
                    handwritten::$module(square as usize & 63, occupancy)
                }
            )*
        }
    };
}

per_technique! {
    Reference => reference, queen_reference, handwritten_reference;
    ClassicalConditional => classical_conditional, queen_classical_conditional, handwritten_classical_conditional;
    ClassicalBranchless => classical_branchless, queen_classical_branchless, handwritten_classical_branchless;
    ClassicalGeneralized => classical_generalized, queen_classical_generalized, handwritten_classical_generalized;
    ClassicalZeroCount => classical_zero_count, queen_classical_zero_count, handwritten_classical_zero_count;
    ClassicalInOneRun => classical_in_one_run, queen_classical_in_one_run, handwritten_classical_in_one_run;
    Subtraction => subtraction, queen_subtraction, handwritten_subtraction;
    ObstructionDifference => obstruction_difference, queen_obstruction_difference, handwritten_obstruction_difference;
    ObstructionDifferenceHoffmann => obstruction_difference_hoffmann, queen_obstruction_difference_hoffmann, handwritten_obstruction_difference_hoffmann;
    Sbamg => sbamg, queen_sbamg, handwritten_sbamg;
    HyperbolaQuintessence => hyperbola_quintessence, queen_hyperbola_quintessence, handwritten_hyperbola_quintessence, wasm "simd128";
    HyperbolaQuintessenceSimd => hyperbola_quintessence_simd, queen_hyperbola_quintessence_simd, handwritten_hyperbola_quintessence_simd, wasm "simd128";
    HyperbolaQuintessenceRbit => hyperbola_quintessence_rbit, queen_hyperbola_quintessence_rbit, handwritten_hyperbola_quintessence_rbit, wasm "simd128";
    KoggeStone => kogge_stone, queen_kogge_stone, handwritten_kogge_stone;
    Dumb7Fill => dumb7fill, queen_dumb7fill, handwritten_dumb7fill;
    Kindergarten => kindergarten, queen_kindergarten, handwritten_kindergarten;
    Magic => magic, queen_magic, handwritten_magic;
    Pext => pext, queen_pext, handwritten_pext;
}

/// The wasm module's interface for the browser page: prepare once, then run by technique index.
#[cfg(target_arch = "wasm32")]
mod browser {
    use super::*;
    use std::cell::RefCell;

    thread_local! {
        static WORKLOAD: RefCell<Workload> = RefCell::new(Workload { occupancies: Vec::new(), squares: Vec::new() });
    }

    #[no_mangle]
    pub extern "C" fn prepare(occupancies: u32) -> u32 {
        WORKLOAD.with(|w| *w.borrow_mut() = Workload::new(occupancies as usize));
        WORKLOAD.with(|w| w.borrow().lookups() as u32)
    }

    #[no_mangle]
    pub extern "C" fn technique_count() -> u32 {
        Technique::ALL.len() as u32
    }

    /// Where the prepared occupancies are in memory (8 bytes each), for the reader's compiled
    /// formula, which the worker gives a copy of the same workload.
    #[no_mangle]
    pub extern "C" fn occupancies_at() -> *const u64 {
        WORKLOAD.with(|w| w.borrow().occupancies.as_ptr())
    }

    /// Where the prepared squares are (12 bytes per occupancy).
    #[no_mangle]
    pub extern "C" fn squares_at() -> *const u8 {
        WORKLOAD.with(|w| w.borrow().squares.as_ptr())
    }

    #[no_mangle]
    pub extern "C" fn run_technique(index: u32) -> u64 {
        let technique = Technique::ALL[index as usize % Technique::ALL.len()];
        WORKLOAD.with(|w| run(technique, &w.borrow()))
    }

    #[no_mangle]
    pub extern "C" fn run_handwritten_technique(index: u32) -> u64 {
        let technique = Technique::ALL[index as usize % Technique::ALL.len()];
        WORKLOAD.with(|w| run_handwritten(technique, &w.borrow()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_and_its_handwritten_twin_agree() {
        let workload = Workload::new(2_000);
        let expected = run(Technique::Reference, &workload);
        for &technique in Technique::ALL {
            if technique.positive_rays_only() {
                assert_eq!(run(technique, &workload), run_handwritten(technique, &workload), "{technique}");
                continue;
            }
            assert_eq!(run(technique, &workload), expected, "{technique}");
            assert_eq!(run_handwritten(technique, &workload), expected, "{technique} hand-written");
        }
    }

    #[test]
    fn the_workload_follows_the_published_generator() {
        let workload = Workload::new(3);
        assert_eq!(workload.lookups(), 36);
        assert!(workload.squares.iter().all(|&s| s < 64));
        // Both halves of each rand64 come from the generator, high half first.
        let mut rng = sliders::workload::Xorshift96::default();
        let first = (rng.next_u64()) & (rng.next_u64());
        assert_eq!(workload.occupancies[0], first);
    }
}
