//! `while`, `do … while` and `for`, with `break` and `continue`, as engines write ray walks:
//! each run of the body is preceded (or, for `do`, followed) by a step of the test that says
//! which run it allows; a loop runs at most 64 times each time it is reached, and a 65th run
//! is a fault where the loop was typed, in the evaluator, the prover and the module alike.

use sliders::trace::{Op, Value};
use sliders::{Bitboard, Direction, Line, Slider, Square};
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::Target;

mod common;

use common::{boards, error, read};

/// The file's attacks by walking: north with a while and a break, south with a for and a
/// continue, and a do-while that counts.
const WALKS: &str = "typedef unsigned long long U64;
U64 north(U64 occ, int sq) {
    U64 ray = 0;
    U64 at = bit(sq);
    while (at << 8) {
        at = at << 8;
        ray |= at;
        if (at & occ) break;
    }
    return ray;
}
U64 south(U64 occ, int sq) {
    U64 ray = 0;
    for (int s = sq - 8; s >= 0; s -= 8) {
        ray |= bit(s);
        if (!(bit(s) & occ)) continue;
        break;
    }
    return ray;
}
U64 count(U64 x) {
    int n = 0;
    do {
        if (x) n++;
        x &= x - 1;
    } while (x);
    return n;
}
U64 file_attacks = north(o, sq) | south(o, sq);
return file_attacks ^ ((U64)(count(file_attacks) > 14) << 63);";

#[test]
fn a_loop_runs_its_body_while_its_test_holds_and_says_each_run() {
    let walks = read(WALKS);
    for (square, occupied) in boards(6, 5) {
        let o = occupied | square.bit();
        assert_eq!(walks.attacks(square.bit(), o), Ok(Target::Line(Line::File).expected(square, o)), "{square}");
        let trace = walks.trace(Slider::Rook, square.bit(), o).unwrap();
        // The north walk's tests: one allowing each run, numbered 1, 2, …, and where the walk
        // reached the board's edge, one that ends it.
        let north = Target::Ray(Direction::North).expected(square, o).count() as u64;
        let tests: Vec<(u64, u64)> = trace
            .steps
            .iter()
            .filter(|step| step.op == Op::Loop && step.label.starts_with("while (at"))
            .map(|step| match (step.rhs, step.result) {
                (Some(Value::Number(run)), Value::Number(holds)) => (run, holds),
                _ => panic!("a loop's test gives its run and whether it holds"),
            })
            .collect();
        let ran: Vec<u64> = tests.iter().filter(|(_, holds)| *holds == 1).map(|(run, _)| *run).collect();
        assert_eq!(ran, (1..=north).collect::<Vec<_>>(), "{square} {occupied}");
    }
    let proof = Prover::new(Target::Line(Line::File), NODE_BUDGET).run(&walks);
    assert!(proof.proved(), "{proof:?}");
}

/// A loop that never ends faults on its 65th run, where it was typed: the evaluator says so,
/// and the prover counts exactly the boards on which it does.
#[test]
fn a_65th_run_is_a_fault_counted_on_exactly_its_boards() {
    // Walks north until a piece: on a board with no piece north of the slider, it never stops
    // (the shift runs off the board and the word stays zero).
    let text = "U64 at = r;\nU64 walked = 0;\nwhile (!(at & o & ~r)) {\n    at = at << 8;\n    walked |= at;\n}\nreturn walked & ray(sq, north);";
    let endless = read(text);
    let empty = Square::D4.bit();
    let fault = endless.attacks(Square::D4.bit(), empty).unwrap_err();
    assert!(fault.message.contains("this loop ran 64 times and would run again"), "{}", fault.message);
    assert_eq!(&text[fault.span.start..fault.span.end], "while (!(at & o & ~r))");
    let blocked = Square::D4.bit() | Square::D6.bit();
    assert_eq!(endless.attacks(Square::D4.bit(), blocked), Ok(Square::D5.bit() | Square::D6.bit()));
    let Proof::Fails(failure) = Prover::new(Target::Ray(Direction::North), NODE_BUDGET).run(&endless) else {
        panic!("it faults")
    };
    // A board faults where no piece stands north of the slider: 2^(63 - k) of a square's
    // boards, k the squares north of it.
    let expected: u128 = Square::ALL.iter().map(|square| 1u128 << (56 + square.rank())).sum();
    assert_eq!(failure.boards, Some(expected));
}

#[test]
fn break_and_continue_leave_the_innermost_loop() {
    // The lowest piece above the slider, by a walk over the squares: continue past the empty
    // ones, break at the first piece, in a for whose step still runs after a continue.
    let text = "U64 found = 0;
int s;
for (s = sq + 1; s < 64; s++) {
    if (!(o & bit(s))) continue;
    found = bit(s);
    break;
}
return found;";
    let first = read(text);
    for (square, occupied) in boards(4, 3) {
        let o = occupied | square.bit();
        let above = o & Bitboard(u64::MAX.checked_shl(square.index() + 1).unwrap_or(0));
        let expected = above.squares().next().map_or(Bitboard::EMPTY, Square::bit);
        assert_eq!(first.attacks(square.bit(), o), Ok(expected), "{square} {occupied}");
    }
    // A loop inside a loop may run its body 64 × 64 times: more than one run may take.
    let nested = error("x = 0;\nfor (int a = 0; a < 8; a++) {\n    for (int b = 0; b < 8; b++) {\n        x = x + 1;\n    }\n}\nreturn x;");
    assert!(nested.contains("operations; the most is 4096"), "{nested}");
}

#[test]
fn what_a_loop_cannot_hold_is_said_where_it_was_typed() {
    assert!(error("x = o;\nbreak;\nreturn x;").starts_with("line 2, column 1: break is outside a loop"));
    assert!(error("if (o) {\n    continue;\n}\nreturn o;").starts_with("line 2, column 5: continue is outside a loop"));
    assert!(error("x = o;\nwhile (x) {\n    x &= x - 1;\n}").contains("gives no result after its last loop"));
    assert!(error("while (o) {\n    y = 1;\n}\nreturn y;").starts_with("line 4, column 8: y has a value only"));
    assert!(error("do {\n    x = 1;\n} (o);\nreturn o;").contains("expected while and the loop's test after do's body"));
    assert!(error("for (x = 0, x < 3) {\n}\nreturn o;").contains("; after the for's init"));
    // Each loop counts 64 runs of its body against the formula's 4096 operations.
    let long =
        "x - (x & 1) - popcount(x) + ctz(x) - (x >> 3) + (x << 2) - bsr(x) + (x ^ 7) - (x | 5) + (x & 9) - (x % 3) + 1";
    let text = format!("x = o;\nwhile (x) {{\n    x = {long};\n    x = {long};\n    x = {long};\n}}\nreturn x;");
    assert!(error(&text).contains("operations; the most is 4096"));
}

/// What C reads otherwise, refused where it is typed: a name declared again inside braces (C
/// makes a new one until the `}`), a board's name declared after the board's was read (or in
/// its own initializer, which C reads as the new name), and a test with 0 that an unsigned
/// word makes constant (C's `int` counting down would end there).
#[test]
fn what_c_reads_otherwise_is_refused_where_it_is_typed() {
    assert!(error("U64 a = 1;\nif (sq < 64) {\n    U64 a = 2;\n}\nreturn a;")
        .starts_with("line 3, column 9: a is declared again inside braces"));
    assert!(error("U64 i = 9;\nfor (int i = 0; i < 3; i++) {\n}\nreturn i;")
        .starts_with("line 2, column 10: i is declared again inside braces"));
    assert!(error("U64 m = r;\nU64 r = 5;\nreturn m + r;")
        .starts_with("line 2, column 5: r is the board's r on line 1, column 9"));
    assert!(error("U64 o = o & ~r;\nreturn o;").starts_with("line 1, column 5: o is the board's o on line 1, column 9"));
    for (text, column) in
        [("t = 7\nwhile (t >= 0) {\n    t--;\n}\nreturn o;", 0), ("x = o;\nif (0 > x) x = 1;\nreturn x;", 0)]
    {
        let said = error(text);
        assert!(said.contains("in the lab's short form every value is an unsigned 64-bit word"), "{said}");
        if column > 0 {
            assert!(said.starts_with(&format!("line 1, column {column}: this test always holds")), "{said}");
        }
    }
    // Read as C, an int counting down ends as C's does.
    let counted = read("int n = 0;\nfor (int t = 7; t >= 0; t--) {\n    n++;\n}\nreturn n;");
    assert_eq!(counted.attacks(Square::A1.bit(), Bitboard(0)), Ok(Bitboard(8)));
    // Outside a test, such a comparison is a value like any other (CI's property test met `0 <= 0`).
    assert_eq!(read("return (0 <= 0) + (o >= 0) + (o < 0);").attacks(Square::A1.bit(), Bitboard(6)), Ok(Bitboard(2)));
    // A for's own name has no value after the loop, as C scopes it.
    assert!(error("for (int i = 0; i < 3; i++) {\n}\nreturn i;")
        .starts_with("line 3, column 8: i has a value only inside a block"));
    // A do's body runs once: what it assigns before anything can leave the loop has a value after it.
    let once = read("U64 b;\ndo {\n    b = o & 7;\n} while (0);\nreturn b;");
    assert_eq!(once.attacks(Square::A1.bit(), Bitboard(0xff)), Ok(Bitboard(7)));
    let forever = read("U64 b;\nwhile (1) {\n    b = 3;\n    break;\n}\nreturn b;");
    assert_eq!(forever.attacks(Square::A1.bit(), Bitboard(1)), Ok(Bitboard(3)));
    assert!(error("U64 b;\ndo {\n    if (o) break;\n    b = 1;\n} while (0);\nreturn b;")
        .starts_with("line 6, column 8: b has a value only inside a block"));
    // The bound says how loops count.
    let nested = error("x = 0;\nfor (int a = 0; a < 2; a++) {\n    for (int b = 0; b < 2; b++) {\n        x = x + 1;\n    }\n}\nreturn x;");
    assert!(
        nested.contains(
            "each loop's body counts 64 times, the most it may run, so a loop inside a loop counts 4096 times"
        ),
        "{nested}"
    );
}
