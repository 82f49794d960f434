//! `/` and `%`: unsigned division of 64-bit words, C's precedence (with `*`), a zero divisor a
//! fault at its place (and the prover's count of the boards that reach one), `/=` and `%=`,
//! and each step narrated from its values.

use sliders::{Bitboard, Direction, Slider, Square};
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::Target;

mod common;

use common::read;

fn value(text: &str, square: Square, occupied: u64) -> u64 {
    read(text).attacks(square.bit(), Bitboard(occupied)).unwrap_or_else(|f| panic!("{text}: {}", f.describe(text))).0
}

#[test]
fn a_square_divided_by_8_is_its_rank_and_the_remainder_its_file() {
    for index in 0..64u32 {
        let square = Square::from_index(index);
        assert_eq!(value("sq / 8", square, 0), u64::from(index >> 3));
        assert_eq!(value("sq % 8", square, 0), u64::from(index & 7));
        assert_eq!(value("x = sq\nx /= 8\ny = sq\ny %= 8\nreturn x * 8 + y", square, 0), u64::from(index));
    }
    // C's precedence: * / % bind alike, from the left, above + and <<.
    assert_eq!(value("1 + 7 / 2 * 3", Square::A1, 0), 10);
    assert_eq!(value("100 % 7 % 4 << 1", Square::A1, 0), 2 << 1);
    assert_eq!(value("2 * 9 / 4", Square::A1, 0), 4);
    // Unsigned, as every value: -1 is 2^64 - 1.
    assert_eq!(value("-1 / 2", Square::A1, 0), u64::MAX / 2);
}

#[test]
fn a_zero_divisor_faults_where_it_was_typed() {
    let text = "n = popcount(o & ray(sq, north))\nreturn o / n";
    let fault = read(text).attacks(Square::D8.bit(), Bitboard(0)).expect_err("no piece north of d8");
    assert_eq!(
        fault.describe(text),
        "line 2, column 8: 576460752303423488 / 0: a division by zero has no value (C leaves it undefined)"
    );
    assert!(read("sq % (sq - sq)").attacks(Square::C3.bit(), Bitboard(0)).is_err());
}

/// The classical north ray, guarded; its file from `sq % 8`.
const NORTH: &str = "north_ray = (0x0101010101010101 << (sq % 8)) & ~((2 << sq) - 1)
blockers = north_ray & o
attacks = blockers ? north_ray ^ ray(ctz(blockers), north) : north_ray";

#[test]
fn the_prover_reads_division_and_counts_the_boards_a_zero_divisor_faults_on() {
    let north = Target::Ray(Direction::North);
    assert!(Prover::new(north, NODE_BUDGET).run(&read(&format!("{NORTH}\nreturn attacks"))).proved());
    // Division by a number that depends on the board, checked by C's identity: n = d(n / d) + n % d.
    let identity = format!(
        "{NORTH}\nn = popcount(o & file(sq)) * 9\nd = popcount(o & rank(sq)) + 1\nreturn attacks ^ (n - d * (n / d) - n % d)"
    );
    let proof = Prover::new(north, NODE_BUDGET).run(&read(&identity));
    assert!(proof.proved(), "{proof:?}");
    // A divisor of the blockers' count faults wherever the ray holds no piece.
    let faulting = format!("{NORTH}\nreturn attacks + 0 * (64 / popcount(blockers))");
    let Proof::Fails(failure) = Prover::new(north, NODE_BUDGET).run(&read(&faulting)) else { panic!("not refuted") };
    let expected: Vec<(u32, u128)> = (0..64u32)
        .map(|index| (index, 1u128 << (63 - sliders::ray(Square::from_index(index), Direction::North).count())))
        .collect();
    let got: Vec<(u32, u128)> = failure.squares.iter().map(|&(s, n)| (s.index(), n)).collect();
    assert_eq!(got, expected);
    assert!(failure.counter_example.got.is_err());
    // A wrong remainder is refuted: % 7 is no file.
    let wrong = NORTH.replace("sq % 8", "sq % 7");
    assert!(matches!(Prover::new(north, NODE_BUDGET).run(&read(&format!("{wrong}\nreturn attacks"))), Proof::Fails(_)));
}

#[test]
fn division_steps_say_the_quotient_and_the_shift_it_equals() {
    let text =
        "rank_index = sq / 8\nfile_index = sq % 8\nthird = popcount(o) / 3\nreturn rank_index + file_index + third";
    let trace = read(text).trace(Slider::Rook, Square::F3.bit(), Bitboard(0xff)).expect("runs");
    let said: Vec<String> =
        (0..trace.steps.len()).map(|index| sliders_explain::narration::narrate(&trace, index)).collect();
    assert!(said.iter().any(|s| s == "21 / 8 = 2: 8 goes into 21 2 times, rounded down. By 8, 2 to the 3, that is a shift right by 3: 21 >> 3 = 2."), "{said:#?}");
    assert!(said.iter().any(|s| s == "21 % 8 = 5: what is left of 21 after 2 times 8. By 8, 2 to the 3, that is the lowest 3 bits: 21 & 7 = 5."), "{said:#?}");
    assert!(said.iter().any(|s| s.starts_with("9 / 3 = 3: 3 goes into 9 3 times")), "{said:#?}");
}
