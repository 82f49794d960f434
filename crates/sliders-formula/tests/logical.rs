//! `&&` and `||`: 1 or 0, C's precedence (below `|`, above `?:`, `&&` above `||`), and C's
//! short circuit: the second operand is computed, stepped through and proved only where the
//! first leaves the answer open.

use sliders::{Bitboard, Direction, Slider, Square};
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::Target;

mod common;

use common::read;

fn value(text: &str) -> u64 {
    read(text).attacks(Square::D4.bit(), Bitboard(0xff)).unwrap_or_else(|f| panic!("{text}: {}", f.describe(text))).0
}

#[test]
fn truth_tables_and_precedence_are_cs() {
    for (a, b) in [(0, 0), (0, 7), (5, 0), (5, 7)] {
        assert_eq!(value(&format!("{a} && {b}")), u64::from(a != 0 && b != 0));
        assert_eq!(value(&format!("{a} || {b}")), u64::from(a != 0 || b != 0));
    }
    assert_eq!(value("1 || 0 && 0"), 1, "&& binds tighter than ||");
    assert_eq!(value("o & r && sq"), 1, "& binds tighter than &&");
    assert_eq!(value("0 || 1 ? 5 : 6"), 5, "?: is looser than ||");
    assert_eq!(value("1 < 2 && 3 > 2"), 1);
    // The printed tree reads back the same, with parentheses where C's mix would ask for them.
    let mixed = read("x = o & r && sq || !o && (r | 1)\nreturn x");
    assert_eq!(mixed.program().to_string().lines().next(), Some("x = ((o & r) && sq) || (!o && (r | 1))"));
}

#[test]
fn the_second_operand_runs_only_where_the_first_leaves_it_open() {
    // rank(64) faults, but is never reached.
    assert_eq!(value("0 && rank(64)"), 0);
    assert_eq!(value("1 || rank(64)"), 1);
    let fault = read("1 && rank(64)").attacks(Square::D4.bit(), Bitboard(0)).expect_err("reached");
    assert!(fault.message.contains("64 is not a square"), "{}", fault.message);
    // The steps say so: no step of the second operand, and the sentence names it unneeded.
    let text = "blockers = ray(sq, north) & o\nfound = blockers && ctz(blockers) < 60\nreturn found";
    let formula = read(text);
    let empty = formula.trace(Slider::Rook, Square::D4.bit(), Bitboard(0)).expect("runs");
    assert!(empty.steps.iter().all(|s| s.op != sliders::trace::Op::Scan(sliders::Scan::TrailingZeros)));
    let said: Vec<String> = (0..empty.steps.len()).map(|i| sliders_explain::narration::narrate(&empty, i)).collect();
    assert!(
        said.iter().any(|s| s.starts_with("blockers is zero, so blockers && ctz(blockers) < 60 is 0 without ctz(blockers) < 60: C does not compute it.")),
        "{said:#?}"
    );
    let blocked = formula.trace(Slider::Rook, Square::D4.bit(), Square::D6.bit()).expect("runs");
    let said: Vec<String> =
        (0..blocked.steps.len()).map(|i| sliders_explain::narration::narrate(&blocked, i)).collect();
    assert!(said.iter().any(|s| s.contains("which leaves it to ctz(blockers) < 60: ctz(blockers) < 60 is 1, not zero, so blockers && ctz(blockers) < 60 is 1.")), "{said:#?}");
}

/// A bit scan C leaves undefined at zero, guarded by && (C's short circuit) or by & (no
/// guard at all: both sides run).
const GUARDED: &str = "attacks = ray(sq, north)
blockers = attacks & o
found = blockers != 0 && __builtin_ctzll(blockers) < 64
return found ? attacks ^ ray(ctz(blockers), north) : attacks";

#[test]
fn the_prover_follows_the_short_circuit() {
    let north = Target::Ray(Direction::North);
    let proof = Prover::new(north, NODE_BUDGET).run(&read(GUARDED));
    assert!(proof.proved(), "{proof:?}");
    let unguarded = GUARDED.replace("!= 0 &&", "!= 0 &");
    let Proof::Fails(failure) = Prover::new(north, NODE_BUDGET).run(&read(&unguarded)) else { panic!("not refuted") };
    let expected: u128 =
        (0..64u32).map(|i| 1u128 << (63 - sliders::ray(Square::from_index(i), Direction::North).count())).sum();
    assert_eq!(failure.boards, Some(expected));
    // || the other way round: proved again.
    let either = GUARDED.replace(
        "blockers != 0 && __builtin_ctzll(blockers) < 64",
        "!(blockers == 0 || __builtin_ctzll(blockers) >= 64)",
    );
    assert!(Prover::new(north, NODE_BUDGET).run(&read(&either)).proved());
}
