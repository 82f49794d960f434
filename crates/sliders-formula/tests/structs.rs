//! C's structs and pointers: a table of structs is a table per field, a pointer the number of
//! the entry it points to in one table, known where it is declared. Reads through pointers are
//! steps named as typed, checked against the whole table; the prover counts a slip exactly;
//! every bad struct or pointer is refused where it was typed.

use sliders::trace::{Op, Value};
use sliders::{Bitboard, Slider, Square};
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::{Formula, OwnSquare, Target};

mod common;

use common::{error, read};

const OBSTRUCTION_DIFFERENCE: &str = include_str!("../listings/obstruction_difference.c");
const SBAMG: &str = include_str!("../listings/sbamg.c");

fn value(formula: &Formula, square: &str, occupied: u64) -> Result<u64, String> {
    let square: Square = square.parse().unwrap();
    formula.attacks(square.bit(), Bitboard(occupied) | square.bit()).map(|b| b.0).map_err(|f| f.message)
}

fn verdict(text: &str, target: Target, own: OwnSquare) -> Proof {
    Prover::new(target, NODE_BUDGET).own_square(own).run(&read(text))
}

#[test]
fn the_listings_with_structs_and_pointers_are_proved_from_an_empty_square_too() {
    for (text, slider) in [(OBSTRUCTION_DIFFERENCE, Slider::Queen), (SBAMG, Slider::Rook)] {
        for own in [OwnSquare::Occupied, OwnSquare::Either] {
            let verdict = verdict(text, Target::Piece(slider), own);
            assert!(verdict.proved(), "{slider:?} {own:?}: {verdict:?}");
        }
    }
}

#[test]
fn a_pointer_to_the_wrong_line_is_refuted_on_the_boards_it_gets_wrong() {
    // The file's masks where the rank's belong: wrong on every board (a rook always attacks
    // along its rank), and proved for the file and the diagonals it still reads.
    let slip = OBSTRUCTION_DIFFERENCE.replace("masks[sq] + 0)", "masks[sq] + 1)");
    match verdict(&slip, Target::Piece(Slider::Queen), OwnSquare::Occupied) {
        Proof::Fails(failure) => {
            assert_eq!(failure.boards, Some(64u128 << 63), "every board of every square");
            let example = failure.counter_example;
            assert_eq!(example.occupied, example.square.bit(), "the fewest pieces: the slider alone");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn reads_through_pointers_are_steps_named_as_typed() {
    let formula = read(OBSTRUCTION_DIFFERENCE);
    let d4: Square = "d4".parse().unwrap();
    let trace = formula.trace(Slider::Queen, d4.bit(), d4.bit()).unwrap();
    let reads: Vec<_> = trace.steps.iter().filter(|step| step.op == Op::Lookup).collect();
    // Three reads a line, four lines.
    assert_eq!(reads.len(), 12);
    assert_eq!(reads[0].label, "pMask->lower");
    // d4 is square 27: its first line's masks are entry 27 * 4 = 108, row after row.
    assert_eq!(reads[0].lhs, Value::Number(108));
    assert_eq!(reads[0].result, Value::Board(Bitboard(0x0000_0000_0700_0000)), "a4, b4 and c4 lie below d4");
    assert_eq!(reads[2].label, "pMask->lineEx");
    // The bishop's lines by &masks[sq][2] and &masks[sq][3]: entries 110 and 111.
    assert_eq!(reads[6].lhs, Value::Number(110));
    assert_eq!(reads[9].lhs, Value::Number(111));
    // A pointer's value is the entry's number: the address arithmetic is a step of its own,
    // labelled as typed.
    let row = trace.steps.iter().find(|step| step.label == "masks[sq]").expect("masks[sq] is a step");
    assert_eq!(row.result, Value::Signed(108), "{:?}", labels(&trace.steps));
    // &masks[sq][2] is 27 * 4 + 2: the product a step of its own, the sum the pointer.
    let second = trace.steps.iter().position(|step| step.label == "&masks[sq][2]").unwrap();
    assert_eq!(&*trace.steps[second - 1].label, "sq * 4");
    assert_eq!(trace.steps[second].result, Value::Signed(110));
    assert!(trace.steps.iter().any(|step| step.label == "masks[sq] + 1"), "{:?}", labels(&trace.steps));
}

fn labels(steps: &[sliders::trace::Step]) -> Vec<&str> {
    steps.iter().map(|step| &*step.label).collect()
}

#[test]
fn a_pointer_past_its_table_is_a_fault_where_it_is_read() {
    let past = read(&OBSTRUCTION_DIFFERENCE.replace("masks[sq] + 0)", "masks[sq] + 4)"));
    // From g8 entry 62 * 4 + 4 is h8's first line: a value, wrong but defined.
    assert!(value(&past, "g8", 0).is_ok());
    assert_eq!(
        value(&past, "h8", 0),
        Err("masks: a pointer here points to entry 256, outside the table, which C leaves undefined: masks has 256 entries, numbered from 0 to 255".into())
    );
    // The prover counts h8's boards as failing, and proves nothing.
    let verdict = verdict(
        &OBSTRUCTION_DIFFERENCE.replace("masks[sq] + 0)", "masks[sq] + 4)"),
        Target::Piece(Slider::Queen),
        OwnSquare::Occupied,
    );
    assert!(matches!(verdict, Proof::Fails(_)), "{verdict:?}");
}

/// Fancy magic with the struct engines keep per square, its `U64 *attacks` pointing into the
/// shared table: filled once, read through the field, proved.
#[test]
fn fancy_magic_with_a_pointer_field_is_proved() {
    let text = include_str!("../listings/fancy_magic_struct.c");
    let start = std::time::Instant::now();
    let proof = verdict(text, Target::Piece(Slider::Rook), OwnSquare::Occupied);
    eprintln!("fancy magic with SMagic: {:?} in {:?}", proof.nodes(), start.elapsed());
    assert!(proof.proved(), "{proof:?}");
    let formula = read(text);
    let d4: Square = "d4".parse().unwrap();
    let trace = formula.trace(Slider::Rook, d4.bit(), d4.bit()).unwrap();
    let last_read = trace.steps.iter().rev().find(|step| step.op == Op::Lookup).unwrap();
    assert_eq!(&*last_read.label, "m->attacks[((occ & m->mask) * m->magic) >> m->shift]");
}

const POINTER_FIELD: &str = "typedef unsigned long long U64;
typedef struct { U64 *rays; int count; } Lines;
Lines lines[64];
U64 rayTable[128];
U64 other[4];
";

#[test]
fn bad_pointer_fields_are_refused_where_typed() {
    let fill = "void init(void) {\n    for (int s = 0; s < 64; s++) lines[s].rays = rayTable + 2 * s;\n}\ninit();\n";
    let cases: [(&str, &str); 4] = [
        (
            "return lines[sq].rays[0];",
            "rays points into no table yet: give it a value in a function that fills tables above",
        ),
        ("RETURN", "rays is a pointer: read what it points to with an index, rays[i]"),
        (
            "void init(void) {\n    lines[0].rays = rayTable;\n    lines[1].rays = other;\n}\ninit();\nreturn o;",
            "this field points into rayTable above, and here into other",
        ),
        (
            "void init(void) {\n    lines[0].rays |= 1;\n}\ninit();\nreturn o;",
            "a pointer field is given a pointer with =",
        ),
    ];
    for (text, expected) in cases {
        let text = match text {
            "RETURN" => format!("{fill}return (U64)lines[sq].rays;"),
            other => other.to_string(),
        };
        let message = error(&format!("{POINTER_FIELD}{text}"));
        assert!(message.contains(expected), "{text}\n{message}");
    }
    let message =
        error("typedef unsigned long long U64;\ntypedef struct { U64 *p; } S;\nS t[2] = { { 0 } };\nreturn o;");
    assert!(
        message.contains("a struct with a pointer field gets its values in a function that fills tables"),
        "{message}"
    );
}

const STRUCTS: &str = "typedef unsigned long long U64;
typedef struct { U64 mask; int shift; } Entry;
const Entry entries[3] = { { 0xff, 1 }, { 0xff00, -2 }, { 7 } };
const int steps[4] = { 10, 20, 30, 40 };
";

#[test]
fn struct_initializers_pointers_to_values_and_moved_pointers_read_as_c() {
    let run = |text: &str| value(&read(&format!("{STRUCTS}{text}")), "a1", 0);
    // Fields from each struct's braces, a missing one 0; a field keeps its own type.
    assert_eq!(run("return entries[1].mask | (U64)entries[1].shift;"), Ok(0xff00 | (-2i64) as u64));
    assert_eq!(run("return (U64)entries[2].shift;"), Ok(0));
    // A pointer to values: *p, p[k], *(p + k); moved with +=, ++ and =.
    assert_eq!(run("const int *p = &steps[1];\nreturn (U64)(*p + p[1] + *(p + 2));"), Ok(20 + 30 + 40));
    assert_eq!(run("const int *p = steps;\np += 2;\np++;\nreturn (U64)*p;"), Ok(40));
    assert_eq!(run("const Entry *e = entries;\ne = &entries[1];\nreturn e->mask;"), Ok(0xff00));
    assert_eq!(run("const Entry *e = entries + 1;\nreturn e[1].mask;"), Ok(7));
    // Through a pointer in parentheses: (p + k)->field and (*p).field.
    assert_eq!(
        run("const Entry *e = entries;\nreturn (e + 1)->mask | (*e).mask | (*(e + 2)).mask;"),
        Ok(0xff00 | 0xff | 7)
    );
    // Past the table only where it is read.
    let past = run("const int *p = steps + 4;\nreturn (U64)*p;").unwrap_err();
    assert!(past.contains("points to entry 4, outside the table"), "{past}");
    assert_eq!(run("const int *p = steps + 4;\nreturn (U64)p[-1];"), Ok(40));
}

#[test]
fn a_function_that_fills_writes_fields_through_a_pointer() {
    let text = "typedef unsigned long long U64;
struct Pair { U64 low; U64 high; } pairs[64];
void init(void) {
    for (int s = 0; s < 64; s++) {
        struct Pair *p = &pairs[s];
        p->low = (1ULL << s) - 1;
        pairs[s].high = ~p->low << 1;
    }
}
init();
return pairs[sq].low | pairs[sq].high;";
    let formula = read(text);
    // Every square but the slider's own.
    assert_eq!(value(&formula, "d4", 0), Ok(!(1u64 << 27)));
}

#[test]
fn bad_structs_and_pointers_are_refused_where_typed() {
    let cases: [(&str, &str); 14] = [
        ("return p->below;", "p is not a pointer declared above"),
        ("return masks[sq][0].wide;", "SMasks has no field wide: its fields are lower, upper, lineEx"),
        ("return masks[sq][0];", "masks holds structs: read a field of one, as masks[…][…].lower"),
        ("return masks[sq];", "masks holds structs: read a field of one"),
        ("return &masks[sq][0];", "& makes a pointer, which is read only as a pointer's value"),
        ("const struct SMasks *m = masks[sq];\nreturn m;", "m is a pointer: read what it points to (m->lower)"),
        ("const struct SMasks *m = masks[sq];\nreturn m[0];", "this is a whole struct: read one of its fields"),
        ("const struct SMasks *m = masks;\nreturn o;", "masks points at a row's first entry with 1 index"),
        ("const struct SMasks *m = &masks[sq];\nreturn o;", "&masks takes an index per dimension, 2"),
        ("const struct SMasks *m = masks[sq];\nm |= 1;\nreturn o;", "m is a pointer: it moves by += and -="),
        ("const int *p = fileStep;\nreturn p->x;", "p points to a value, not a struct: read it as *p"),
        (
            "const int *p = fileStep;\np = rankStep;\nreturn o;",
            "p points into fileStep where it is declared, and here into rankStep",
        ),
        (
            "const struct SMasks *m = fileStep;\nreturn o;",
            "this points into fileStep, whose entries are not of the type m points to",
        ),
        (
            "return lineAttacks(o, fileStep);",
            "this points into fileStep, whose entries are not of the type lineAttacks points to",
        ),
    ];
    let base = OBSTRUCTION_DIFFERENCE.split("U64 rookAttacks").next().unwrap();
    for (text, expected) in cases {
        let message = error(&format!("{base}{text}"));
        assert!(message.contains(expected), "{text}\n{message}");
    }
    let declarations: [(&str, &str); 7] = [
        (
            "struct S { U64 a; } t[2];\nstruct S x = t[1];",
            "line 3, column 10: a struct by value is not part of the language yet",
        ),
        (
            "struct S { U64 a; } t[2];\nU64 f(struct S x) { return x.a; }",
            "a struct by value is not part of the language yet",
        ),
        ("struct S { U64 a[2]; } t[2];", "a table inside a struct is not part of the language yet"),
        ("struct S { U64 a; int a; } t[2];", "the struct has a field named a above"),
        ("struct S { } t[2];", "a struct has at least one field"),
        ("struct S { U64 a; };\nstruct S t[2] = { 1, 2 };", "give each S its own braces"),
        ("struct S { U64 a; };\nstruct S t[2] = { { 1, 2 } };", "a S has 1 fields, and this gives more"),
    ];
    for (text, expected) in declarations {
        let message = error(&format!("typedef unsigned long long U64;\n{text}\nreturn o;"));
        assert!(message.contains(expected), "{text}\n{message}");
    }
}
