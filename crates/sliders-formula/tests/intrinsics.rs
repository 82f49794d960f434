//! The compilers' intrinsics by their real names (`_tzcnt_u64`, `__lzcnt64`, `_mm_popcnt_u64`,
//! `_byteswap_uint64`, …), and C's meaning of the two builtins that are undefined at zero:
//! `__builtin_ctzll(0)` and `__builtin_clzll(0)` fault where a run reaches them, and the
//! prover counts the boards that do as failing.

use sliders::{Bitboard, Direction, Square};
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::Target;

mod common;

use common::read;

fn boards() -> impl Iterator<Item = (Square, Bitboard)> {
    common::boards(4, 9)
}

/// Boards that vary: each square, with pieces scattered differently on each.

#[test]
fn each_real_name_computes_as_the_labs_own() {
    let pairs = [
        ("_tzcnt_u64(o)", "ctz(o)"),
        ("_lzcnt_u64(o)", "clz(o)"),
        ("__lzcnt64(o)", "clz(o)"),
        ("_mm_popcnt_u64(o)", "popcount(o)"),
        ("__popcnt64(o)", "popcount(o)"),
        ("_byteswap_uint64(o)", "bswap(o)"),
        ("__builtin_bswap64(o)", "bswap(o)"),
        ("_rotl64(o, sq)", "rotl(o, sq)"),
        ("_rotr64(o, sq)", "rotr(o, sq)"),
        ("_blsi_u64(o)", "ls1b(o)"),
        ("_pext_u64(o, rank(sq))", "pext(o, rank(sq))"),
        ("_pdep_u64(o, file(sq))", "pdep(o, file(sq))"),
        ("__builtin_ctzll(o)", "ctz(o)"),
        ("__builtin_clzll(o)", "clz(o)"),
    ];
    for (real, own) in pairs {
        let (real_formula, own_formula) = (read(real), read(own));
        for (square, occupied) in boards() {
            assert_eq!(
                real_formula.attacks(square.bit(), occupied),
                own_formula.attacks(square.bit(), occupied),
                "{real}"
            );
        }
    }
}

#[test]
fn a_builtin_given_zero_faults_where_the_instruction_gives_64() {
    let text = "blockers = ray(sq, north) & o\ncount = __builtin_ctzll(blockers)\nreturn count";
    let formula = read(text);
    let fault = formula.attacks(Square::D8.bit(), Bitboard(0)).expect_err("d8 has no square north");
    assert_eq!(
        fault.describe(text),
        "line 2, column 9: __builtin_ctzll(0) is undefined in C: GCC and Clang promise no value for zero (the lab's ctz(0) is 64)"
    );
    // The trace keeps the steps up to the fault.
    let (trace, fault) = formula.trace_until_fault(sliders::Slider::Rook, Square::D8.bit(), Bitboard(0));
    assert!(fault.is_some() && !trace.steps.is_empty());
    // A piece north: a value, the same as tzcnt's.
    assert_eq!(formula.attacks(Square::D4.bit(), Square::D6.bit()), Ok(Bitboard(43)));
    for name in ["_tzcnt_u64", "ctz", "tzcnt"] {
        let defined = read(&text.replace("__builtin_ctzll", name));
        assert_eq!(defined.attacks(Square::D8.bit(), Bitboard(0)), Ok(Bitboard(64)), "{name}");
    }
    let clz = read("return __builtin_clzll(o & ray(sq, south))");
    assert!(clz.attacks(Square::D1.bit(), Bitboard(0)).is_err());
    assert_eq!(clz.attacks(Square::D4.bit(), Square::D2.bit()), Ok(Bitboard(63 - 11)));
}

/// The classical approach's north ray, the first blocker found by a bit scan: guarded, the
/// scan is never given zero; unguarded, it is on every board whose ray is empty.
const GUARDED: &str = "attacks = ray(sq, north)
blockers = attacks & o
return blockers ? attacks ^ ray(__builtin_ctzll(blockers), north) : attacks";

const UNGUARDED: &str = "attacks = ray(sq, north)
blockers = attacks & o
first = __builtin_ctzll(blockers)
return blockers ? attacks ^ ray(first, north) : attacks";

#[test]
fn the_prover_counts_the_boards_that_reach_an_undefined_scan() {
    let north = Target::Ray(Direction::North);
    assert!(Prover::new(north, NODE_BUDGET).run(&read(GUARDED)).proved());
    // With the lab's ctz the unguarded scan gives 64, unused: proved.
    assert!(Prover::new(north, NODE_BUDGET).run(&read(&UNGUARDED.replace("__builtin_ctzll", "ctz"))).proved());
    let Proof::Fails(failure) = Prover::new(north, NODE_BUDGET).run(&read(UNGUARDED)) else { panic!("not refuted") };
    // By brute force: a square fails on every board whose north ray holds no piece, 2^(63 - n)
    // boards of its 2^63, n the squares north of it.
    let expected: Vec<(u32, u128)> = (0..64u32)
        .map(|index| {
            let north_of = sliders::ray(Square::from_index(index), Direction::North).count() as u32;
            (index, 1u128 << (63 - north_of))
        })
        .collect();
    let got: Vec<(u32, u128)> = failure.squares.iter().map(|&(s, n)| (s.index(), n)).collect();
    assert_eq!(got, expected);
    assert_eq!(failure.boards, Some(expected.iter().map(|&(_, n)| n as u128).sum()));
    // The fewest pieces: the slider alone on a1, its ray empty; the evaluator faults there too.
    assert_eq!(failure.counter_example.square, Square::A1);
    assert_eq!(failure.counter_example.occupied, Square::A1.bit());
    assert!(failure.counter_example.got.is_err());
}
