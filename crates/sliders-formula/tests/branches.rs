//! `if` and `else` as C writes them in attack getters: each runs the branch its condition
//! chooses, and only that one (a fault in the branch not taken never happens); a step says
//! which way it went; a return inside a branch ends the function there; a name given its first
//! value inside a branch has one after the `if` only when every path that goes on gave it one;
//! the prover and the compiled module read it as the evaluator.

use sliders::trace::{Op, Value};
use sliders::{Bitboard, Direction, Slider, Square};
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::{CheckOutcome, Checker, Target};

mod common;

use common::{boards, error, read};

/// An engine's classical getter for the north ray, written with an `if`: the ray, and the
/// squares beyond its first blocker taken off.
const NORTH: &str = "typedef unsigned long long U64;
// The north ray from sq, up to and including its first piece.
U64 north(U64 occ, int sq) {
    U64 rays = 0x0101010101010100ULL << sq;
    U64 blocker = rays & occ;
    if (blocker) {
        int b = __builtin_ctzll(blocker);
        rays ^= 0x0101010101010100ULL << b;
    }
    return rays;
}
north(o, sq)";

#[test]
fn an_if_runs_the_branch_its_condition_chooses_and_says_which() {
    let north = read(NORTH);
    for (square, occupied) in boards(8, 7) {
        let expected = Target::Ray(Direction::North).expected(square, occupied | square.bit());
        assert_eq!(north.attacks(square.bit(), occupied | square.bit()), Ok(expected), "{square} {occupied}");
        let trace = north.trace(Slider::Rook, square.bit(), occupied | square.bit()).unwrap();
        let branch = trace.steps.iter().find(|step| step.op == Op::Branch).expect("the if's step");
        assert_eq!(&*branch.label, "if (blocker)");
        let Value::Board(blocker) = branch.lhs else { panic!("the condition is a set") };
        assert_eq!(branch.result, Value::Number(u64::from(!blocker.is_empty())));
        // The branch's own steps run only when it is taken: the scan, and the XOR.
        let scans = trace.steps.iter().filter(|step| matches!(step.op, Op::Scan(_))).count();
        assert_eq!(scans, usize::from(!blocker.is_empty()), "{square} {occupied}");
    }
    assert!(matches!(Checker::new(Target::Ray(Direction::North)).run(&north), CheckOutcome::Agrees { .. }));
    let proof = Prover::new(Target::Ray(Direction::North), NODE_BUDGET).run(&north);
    assert!(proof.proved(), "{proof:?}");
}

/// `__builtin_ctzll(0)` is undefined: in the branch not taken it never runs, so the getter
/// never faults, and the prover finds no failing board; the same scan outside the `if` faults
/// on every board with no piece north of the slider.
#[test]
fn a_fault_in_the_branch_not_taken_never_happens() {
    let guarded = read(NORTH);
    let unguarded = read(&NORTH.replace("if (blocker)", "if (1)"));
    let bare = read(
        "U64 rays = ray(sq, north);\nU64 blocker = rays & o;\nint b = __builtin_ctzll(blocker);\nif (blocker) {\n    rays ^= ray(b, north);\n}\nreturn rays;",
    );
    let empty = Bitboard::EMPTY.with(Square::D4);
    assert!(guarded.attacks(Square::D4.bit(), empty).is_ok());
    assert!(unguarded.attacks(Square::D4.bit(), empty).is_err(), "if (1) always runs its branch");
    assert!(bare.attacks(Square::D4.bit(), empty).is_err());
    let Proof::Fails(failure) = Prover::new(Target::Ray(Direction::North), NODE_BUDGET).run(&bare) else {
        panic!("the bare scan faults")
    };
    // Faulting boards: no piece on the north ray. On a square with k squares north of it,
    // 2^(63 - k) of its 2^63 (on the eighth rank, all of them).
    let expected: u128 = Square::ALL.iter().map(|square| 1u128 << (56 + square.rank())).sum();
    assert_eq!(failure.boards, Some(expected));
}

#[test]
fn else_and_else_if_choose_one_branch_and_nested_ifs_too() {
    // The rook's north and south rays, by one getter whose direction is a parameter.
    let text = "U64 along(U64 occ, int sq, int up) {
    U64 rays, blocker;
    if (up) {
        rays = ray(sq, north);
    } else {
        rays = ray(sq, south);
    }
    blocker = rays & occ;
    if (blocker == 0)
        return_value = rays;
    else if (up)
        return_value = rays ^ ray(bsf(blocker), north);
    else {
        int first = bsr(blocker);
        return_value = rays ^ ray(first, south);
    }
    return return_value;
}
along(o, sq, 1) | along(o, sq, 0)";
    let both = read(text);
    for (square, occupied) in boards(6, 5) {
        let o = occupied | square.bit();
        let expected =
            Target::Ray(Direction::North).expected(square, o) | Target::Ray(Direction::South).expected(square, o);
        assert_eq!(both.attacks(square.bit(), o), Ok(expected), "{square} {occupied}");
    }
    assert!(Prover::new(Target::Line(sliders::Line::File), NODE_BUDGET).run(&both).proved());
}

#[test]
fn a_name_has_a_value_after_an_if_only_where_every_path_gave_it_one() {
    // Given in both branches: read after the if.
    let both = read("if (o & r) {\n    x = o;\n} else {\n    x = r;\n}\nreturn x;");
    assert_eq!(both.attacks(Square::A1.bit(), Bitboard(0x3)), Ok(Bitboard(0x3)));
    // Given before the if, and again in one branch: the branch's value where it ran.
    let before = read("x = r;\nif (o & 2) {\n    x = o;\n}\nreturn x;");
    assert_eq!(before.attacks(Square::A1.bit(), Bitboard(0x3)), Ok(Bitboard(0x3)));
    assert_eq!(before.attacks(Square::A1.bit(), Bitboard(0x1)), Ok(Bitboard(0x1)));
    // Given in one branch only, or declared inside the braces: not after it.
    assert_eq!(
        error("if (o & r) {\n    x = o;\n}\nreturn x;"),
        "line 4, column 8: x has a value only inside a block above (an if's branch or a loop's body): give it one before that block, or in both branches of the if."
    );
    assert!(error("if (o) {\n    int b = 1;\n} else if (r) {\n    b = 2;\n}\nreturn b;")
        .starts_with("line 6, column 8: b has a value only"));
    // Inside the branch that gave it, it has one.
    let inside = read("y = 0;\nif (o) {\n    U64 b = o & 3;\n    y = b | 4;\n}\nreturn y;");
    assert_eq!(inside.attacks(Square::A1.bit(), Bitboard(0x1)), Ok(Bitboard(0x5)));
    // One branch's name is not the other's to read.
    assert!(error("if (o) {\n    b = 1;\n} else {\n    y = b;\n}\nreturn 0;")
        .starts_with("line 4, column 9: b has a value only"));
}

/// Engines return early: `if (!blocker) return ray;`. A return inside a branch ends the
/// function there (in the evaluator, the prover and the module alike), and what follows the
/// if runs only on the boards that did not return.
#[test]
fn a_return_inside_a_branch_ends_the_function_there() {
    let early = read(
        "U64 north(U64 occ, int sq) {
    U64 rays = ray(sq, north);
    U64 blocker = rays & occ;
    if (!blocker)
        return rays;
    // Here blocker has a piece: the scan is defined.
    return rays ^ ray(__builtin_ctzll(blocker), north);
}
U64 south(U64 occ, int sq) {
    U64 rays = ray(sq, south);
    if (rays & occ) {
        return rays ^ ray(63 - __builtin_clzll(rays & occ), south);
    } else {
        return rays;
    }
}
if (sq & 1) return north(o, sq) | south(o, sq);
return south(o, sq) | north(o, sq);",
    );
    for (square, occupied) in boards(6, 5) {
        let o = occupied | square.bit();
        let expected = Target::Line(sliders::Line::File).expected(square, o);
        assert_eq!(early.attacks(square.bit(), o), Ok(expected), "{square} {occupied}");
        // The second return's scan runs only where the first did not return.
        let trace = early.trace(Slider::Rook, square.bit(), o).unwrap();
        let returned_early = (o & Target::Ray(Direction::North).expected(square, Bitboard::EMPTY)).is_empty();
        let scans = trace.steps.iter().filter(|step| step.op == Op::Scan(sliders::trace::Scan::TrailingZeros)).count();
        assert_eq!(scans, usize::from(!returned_early), "{square} {occupied}");
    }
    let proof = Prover::new(Target::Line(sliders::Line::File), NODE_BUDGET).run(&early);
    assert!(proof.proved(), "{proof:?}");
    // A name given a value only where the branch did not return has one after the if.
    let after =
        read("if (!(o & ray(sq, north))) {\n    return 0;\n} else {\n    x = o & ray(sq, north);\n}\nreturn ls1b(x);");
    assert_eq!(after.attacks(Square::D4.bit(), Bitboard(0x0008_0800_0800_0000)), Ok(Square::D6.bit()));
    assert_eq!(after.attacks(Square::D4.bit(), Square::D4.bit()), Ok(Bitboard::EMPTY));
    // Both branches may end the formula: then the if is its end.
    let both = read("if (o & 2)\n    return o;\nelse\n    return r;");
    assert_eq!(both.attacks(Square::A1.bit(), Bitboard(0x3)), Ok(Bitboard(0x3)));
    assert_eq!(both.attacks(Square::A1.bit(), Bitboard(0x1)), Ok(Bitboard(0x1)));
}

#[test]
fn what_an_if_cannot_hold_is_said_where_it_was_typed() {
    assert_eq!(
        error("if (o) {\n    return o;\n} else {\n    return r;\n}\nreturn 0;"),
        "line 6, column 8: nothing after this runs: each branch of the if above returns."
    );
    assert!(error("if (o) {\n    return o;\n    x = r;\n}\nreturn r;")
        .starts_with("line 3, column 5: nothing after return runs"));
    for text in ["if (o) {\n    return o;\n}", "x = o;\nif (x) {\n    x = r;\n}"] {
        let said = error(text);
        assert!(said.contains("the formula gives no result where its last if does not return"), "{said}");
    }
    assert!(error("if (o) {\n    o & r;\n}\nreturn r;")
        .starts_with("line 2, column 5: an expression alone inside an if's branch gives nothing"));
    assert!(error("x = o;\nelse {\n    x = r;\n}\nx")
        .starts_with("line 2, column 1: else follows an if's branch: there is no if before it"));
    // A switch reads as the ifs it chooses between; what it cannot be read as is refused.
    for (text, expected) in [
        (
            "int k = sq & 3;\nU64 x = o;\nswitch (k) {\ncase 0:\n    x = r;\ncase 1:\n    x = o;\n    break;\n}\nreturn x;",
            "line 4, column 1: this case runs on into the next",
        ),
        (
            "int k = sq & 3;\nU64 x = o;\nswitch (k) {\ncase 0:\n    if (o) break;\n    x = r;\n    break;\n}\nreturn x;",
            "line 4, column 1: a break inside this case's if leaves the switch early",
        ),
        ("switch (sq) {\n    return o;\n}\nreturn o;", "line 2, column 5: expected case or default"),
        ("case 1:\nreturn o;", "line 1, column 1: a case label stands inside a switch's braces"),
        ("switch (sq) {\ncase 1:\n    return o;\n", "this switch's { is never closed"),
    ] {
        let said = error(text);
        assert!(said.starts_with(expected) || said.contains(expected), "{text}\n{said}\nwanted: {expected}");
    }
    assert!(
        error("if o {\n    x = r;\n}\nreturn o;").starts_with("line 1, column 4: expected ( and the if's condition")
    );
    assert!(error("if (o {\n    x = r;\n}\nreturn o;").contains("expected ) to close the if's condition"));
    assert!(error("x = o;\nif (o) {\n    x = r;\nreturn x;")
        .starts_with("line 2, column 8: this { of the if is never closed"));
}

/// A switch on an enum's constants, cases sharing statements, braces in a case, a default, and
/// a name given a value in every case: as the ifs it chooses between, proved for the rook; each
/// case's test is a step labelled with the switch.
#[test]
fn a_switch_reads_as_the_ifs_it_chooses_between() {
    let text = include_str!("../listings/switch_getter.c");
    let formula = read(text);
    let proof = sliders_formula::prove::Prover::new(
        sliders_formula::Target::Piece(sliders::Slider::Rook),
        sliders_formula::prove::NODE_BUDGET,
    )
    .run(&formula);
    assert!(proof.proved(), "{proof:?}");
    let square: sliders::Square = "d4".parse().unwrap();
    // A piece on d7 blocks the north ray: the second switch chooses the lowest bit.
    let occupied = square.bit() | sliders::Bitboard(1 << 51);
    let trace = formula.trace(sliders::Slider::Rook, square.bit(), occupied).unwrap();
    let cases: Vec<&str> =
        trace.steps.iter().map(|step| &*step.label).filter(|label| label.starts_with("switch (dir): ")).collect();
    assert!(cases.contains(&"switch (dir): dir == nort || dir == east"), "{cases:?}");
    // The value switched on is compared again for each case: a switch with a default alone
    // runs its statements.
    let alone = read("U64 x = r;\nswitch (sq) {\ndefault:\n    x = o;\n}\nreturn x;");
    assert_eq!(alone.attacks(square.bit(), square.bit() | sliders::Bitboard(1)).map(|b| b.0), Ok(square.bit().0 | 1));
}
