//! The reader's tables, read as C: declared at the top level with their sizes and
//! initializers, read with computed indices, a read outside a fault; and every bad declaration
//! or read refused with a message at the place it was typed.

use sliders::{Bitboard, Square};

mod common;

use common::{error, read};

const TABLES: &str = "typedef unsigned long long U64;
const int small[2][3] = { { 1, -2, 3 }, { 4 } };
const U64 flat[] = { 0x10, 0x20, 0x30 };
const unsigned char bytes[2][2] = { 300, 2, 3 };
";

fn value(text: &str, square: &str, occupied: u64) -> Result<u64, String> {
    let formula = read(&format!("{TABLES}{text}"));
    let square: Square = square.parse().unwrap();
    formula.attacks(square.bit(), Bitboard(occupied) | square.bit()).map(|b| b.0).map_err(|f| f.message)
}

#[test]
fn entries_are_laid_out_as_c_lays_them_and_converted_to_their_type() {
    // Rows braced or not, missing entries 0, each converted to the table's type (300 as an
    // unsigned char is 44), a signed entry sign-extended where it widens.
    assert_eq!(value("return (U64)small[0][1];", "a1", 0), Ok((-2i64) as u64));
    assert_eq!(value("return (U64)small[1][2];", "a1", 0), Ok(0));
    assert_eq!(value("return (U64)(small[1][0] + bytes[0][0] + bytes[1][0]);", "a1", 0), Ok(4 + 44 + 3));
    // The open size is the initializer's: flat has three entries, and flat[3] is outside.
    assert_eq!(value("return flat[sq];", "c1", 0), Ok(0x30));
    assert_eq!(
        value("return flat[sq];", "d1", 0),
        Err("flat: index 3 is outside the table, which C leaves undefined: flat's index runs from 0 to 2".into())
    );
    // A negative index is outside too.
    let negative = value("return (U64)small[sq - 1][0];", "a1", 0).unwrap_err();
    assert!(
        negative.contains("index -1 is outside") && negative.contains("first index runs from 0 to 1"),
        "{negative}"
    );
}

#[test]
fn a_read_is_a_step_that_says_which_entry() {
    let formula = read(&format!("{TABLES}int row = sq & 1;\nreturn flat[row + 1] | (U64)small[row][2];"));
    let square: Square = "b1".parse().unwrap();
    let trace = formula.trace(sliders::Slider::Rook, square.bit(), square.bit()).unwrap();
    let reads: Vec<_> = trace.steps.iter().filter(|step| step.op == sliders::trace::Op::Lookup).collect();
    assert_eq!(reads.len(), 2);
    assert_eq!(reads[0].label, "flat[row + 1]");
    assert_eq!(reads[0].lhs, sliders::trace::Value::Number(2));
    assert_eq!(reads[1].label, "small[row][2]");
    // Row 1, entry 2: entry 5 counted row after row.
    assert_eq!(reads[1].lhs, sliders::trace::Value::Number(5));
    assert_eq!(reads[1].operands.lhs, "[row][2]");
}

#[test]
fn bad_tables_and_reads_are_refused_where_typed() {
    let cases: [(&str, &str); 12] = [
        (
            "U64 f(U64 x) {\n  U64 t[2] = {1, 2};\n  return t[x];\n}\nreturn f(o);",
            "line 2, column 3: a table inside a function is read only if it is const with its entries",
        ),
        (
            "const U64 t[2] = {1, 2};\nt[0] = o;\nreturn o;",
            "line 2, column 1: a table's entries are written only by a function that fills tables",
        ),
        ("const U64 t[2][2] = {1, 2};\nreturn t[1];", "t is declared t[2][2]: read an entry with 2 indices"),
        ("const U64 t[2] = {o, 2};\nreturn t[1];", "o is not a constant"),
        ("const U64 t[2] = {1, 2, 3};\nreturn t[1];", "t has no room for this entry: it holds 2 here"),
        ("const U64 t[2] = {1, 2};\nreturn u[1];", "u is not a table: declare it at the top level"),
        ("const u64 t[2] = {1, 2};\nreturn t[1];", "a table is C's: give t a C type"),
        ("const U64 t[0];\nreturn t[0];", "a table's size is at least 1"),
        ("const U64 t[];\nreturn o;", "only the first may be left out, where an initializer gives the entries"),
        ("const U64 t[4][4][4][4];\nreturn o;", "a table has at most 3 dimensions"),
        ("const U64 t[400][400];\nreturn o;", "more than 131072 entries"),
        (
            "const int t[2] = {1 << 40, 2};\nreturn (U64)t[1];",
            "undefined in C, so it cannot give a table's size or entry",
        ),
    ];
    for (text, expected) in cases {
        let said = error(text);
        assert!(said.contains(expected), "{text}\n{said}\nwanted: {expected}");
    }
    // A value is not a table, and a table named like the board is refused.
    assert!(error("U64 x = o;\nreturn x[1];").contains("x is a value, not a table"));
    assert!(error("const U64 o[2] = {1, 2};\nreturn o[1];").contains("o is already a name of the board"));
}

#[test]
fn a_text_with_a_table_prints_and_reads_back_the_same() {
    let formula = read(&format!("{TABLES}return flat[sq & 1];"));
    let printed = formula.program().to_string();
    assert!(printed.contains("const int small[2][3] = {{1, -2, 3}, {4}};"), "{printed}");
    let again = read(&printed);
    let square: Square = "b1".parse().unwrap();
    assert_eq!(again.attacks(square.bit(), square.bit()), formula.attacks(square.bit(), square.bit()));
}

const RAYS_INIT: &str = include_str!("../listings/rays_init_getter.c");

#[test]
fn a_function_that_fills_tables_runs_once_and_its_tables_are_read_per_board() {
    let formula = read(RAYS_INIT);
    // The note says what filled the tables, and how much work it took.
    let note = formula.reading_note();
    assert!(note.starts_with("init_rays() filled the tables once, before any board, in "), "{note}");
    let rays = formula.table("rays").unwrap();
    let north_of_d4 = rays.entry(&[0, 27]).unwrap();
    assert_eq!(north_of_d4, 0x0808_0808_0000_0000);
    assert_eq!(rays.entry(&[3, 7]).unwrap(), 0x7f, "west of h1");
    // Per board it agrees with the rook's attacks.
    for (square, occupied) in common::boards(3, 7) {
        let expected = sliders_formula::Target::Piece(sliders::Slider::Rook).expected(square, occupied | square.bit());
        assert_eq!(formula.attacks(square.bit(), occupied | square.bit()), Ok(expected), "{square}");
    }
}

#[test]
fn filling_is_bounded_and_keeps_to_its_own_work() {
    let table = "typedef unsigned long long U64;\nU64 t[64];\n";
    let cases: [(&str, &str); 9] = [
        // The board is not there while tables are filled.
        ("void init(void) {\n  t[0] = o;\n}\ninit();\nreturn t[0];", "o is the board's, and a function that fills tables runs once"),
        ("void init(void) {\n  t[0] = 1;\n  return t[0];\n}\ninit();\nreturn t[0];", "a function that fills tables gives no value"),
        ("t[0] = 1;\nreturn o;", "a table's entries are written only by a function that fills tables"),
        ("U64 f(U64 x) {\n  t[0] = x;\n  return x;\n}\nreturn f(o);", "a table's entries are written only by a function that fills tables"),
        ("void init(void) {\n  t[0] = 1;\n}\nreturn init() | o;", "init fills tables and gives no value: call it alone, as init();, before any other statement"),
        ("void init(int k) {\n  t[0] = k;\n}\ninit();\nreturn o;", "init takes 1 parameter: a function called first to fill tables takes none"),
        ("void init(void) {\n  for (int i = 0; i < 65; i++) t[i] = i;\n}\ninit();\nreturn o;", "t: index 64 is outside the table"),
        ("void init(void) {\n  for (U64 i = 0; i < 2000000; i++) t[0] = i;\n}\ninit();\nreturn o;", "this loop ran 1000000 times and would run again: a loop of a function that fills tables runs at most 1000000 times"),
        ("void init(void) {\n  for (int i = 0; i < 900000; i++) for (int j = 0; j < 900; j++) t[0] = j;\n}\ninit();\nreturn o;", "filling the tables takes more than 100000000 operations"),
    ];
    for (text, expected) in cases {
        let text = format!("{table}{text}");
        let said = error(&text);
        assert!(said.contains(expected), "{text}\n{said}\nwanted: {expected}");
    }
    // A const table is C's to keep: nothing writes it.
    let constant = "const unsigned long long t[2] = {1, 2};\nvoid init(void) {\n  t[0] = 3;\n}\ninit();\nreturn t[0];";
    assert!(error(constant).contains("t is declared const"), "{}", error(constant));
}

#[test]
fn an_enums_constants_are_ints_and_its_name_a_type() {
    let text = include_str!("../listings/rays_enum_getter.c");
    let formula = read(text);
    assert_eq!(formula.enumerator("nort"), Some(0));
    assert_eq!(formula.enumerator("count"), Some(4));
    assert_eq!(formula.table("rayAttacks").unwrap().dims, vec![4, 64]);
    assert_eq!(formula.reading(), sliders_formula::ctype::Reading::C);
    // An enum alone makes the text C; its constants count on from the last given value.
    let alone = read("enum { a = -2, b, c = 7, d };\nreturn (unsigned long long)(a + b + c + d);");
    assert_eq!(alone.reading(), sliders_formula::ctype::Reading::C);
    let square: Square = "a1".parse().unwrap();
    assert_eq!(alone.attacks(square.bit(), square.bit()).map(|b| b.0), Ok((-2i64 - 1 + 7 + 8) as u64));
    // A name declared in a function shadows the constant, as in C.
    let shadowed = read("enum { k = 5 };\nint f(int k) {\n  return k;\n}\nreturn (unsigned long long)f(1);");
    assert_eq!(shadowed.attacks(square.bit(), square.bit()).map(|b| b.0), Ok(1));
    // typedef enum, with a tag or without: its new name is a type of int.
    let typedefs = read(
        "typedef enum { nort, east } Dir;\ntypedef enum Corner { a1sq = 0, h8sq = 63 } Corner;\nDir d = east;\nCorner c = h8sq;\nreturn (unsigned long long)(d + c);",
    );
    assert_eq!(typedefs.attacks(square.bit(), square.bit()).map(|b| b.0), Ok(64));
    let twice = error("typedef enum { a } Dir;\ntypedef enum { b } Dir;\nreturn o;");
    assert!(twice.contains("line 2, column 20: Dir names a type above already"), "{twice}");
    for (text, expected) in [
        ("enum { a, b, a };\nreturn o;", "a is a constant of an enum above already"),
        ("enum { a = o };\nreturn o;", "o is not a constant"),
        ("enum { a = 0x80000000 };\nreturn o;", "an enum's constant is an int"),
        ("enum { a b };\nreturn o;", "expected , or } to close the enum"),
    ] {
        let said = error(text);
        assert!(said.contains(expected), "{text}\n{said}\nwanted: {expected}");
    }
}

/// A const table inside a function is kept with the tables at the top level: one name each.
#[test]
fn a_const_table_inside_a_function_is_read_as_a_table() {
    let text = "typedef unsigned long long U64;
U64 f(int s) {
    const int steps[4] = {8, 1, -8, -1};
    return (U64)(s + steps[1]);
}
return f(sq);";
    let square: Square = "d4".parse().unwrap();
    assert_eq!(read(text).attacks(square.bit(), square.bit()).map(|b| b.0), Ok(28));
    let twice = error(&format!(
        "{}\nU64 g(int s) {{\n    const int steps[2] = {{1, 2}};\n    return 0;\n}}\nreturn f(sq);",
        text.trim_end_matches("return f(sq);")
    ));
    assert!(twice.contains("a table named steps is declared above"), "{twice}");
}

/// C99's designated initializers: `[i] = …` goes on from entry or row i (a later entry
/// overrides an earlier one, as in C), `.field = …` from the field.
#[test]
fn designated_initializers_place_entries_as_c_does() {
    let text = "typedef unsigned long long U64;
enum { nort, east, sout, west };
const U64 steps[4] = { [east] = 1, [nort] = 8, 7 };
typedef struct { U64 mask; int shift; U64 magic; } M;
const M ms[3] = { [1] = { .shift = 5, 9 }, { .magic = 3 } };
const int grid[2][3] = { [1] = { [2] = 6 } };
";
    let formula = read(&format!("{text}return o;"));
    assert_eq!(formula.table("steps").unwrap().entries, vec![8, 7, 0, 0]);
    assert_eq!(formula.table("ms.shift").unwrap().entries, vec![0, 5, 0]);
    assert_eq!(formula.table("ms.magic").unwrap().entries, vec![0, 9, 3]);
    assert_eq!(formula.table("grid").unwrap().entries, vec![0, 0, 0, 0, 0, 6]);
    for (bad, expected) in [
        ("const U64 t[2] = { [2] = 1 };", "line 1, column 21: [2] is outside t here: its index runs from 0 to 1"),
        ("const U64 t[2] = { .a = 1 };", "t's entries are values, not structs: it has no field a"),
        ("typedef struct { U64 a; } S;\nconst S t[2] = { { .b = 1 } };", "S has no field b: its fields are a"),
        (
            "typedef struct { U64 a; } S;\nconst S t[2] = { { [0] = 1 } };",
            "a S's fields are named, .field = …, not numbered",
        ),
        ("const U64 t[2] = { [0] 1 };", "expected = and the entry after the designator"),
    ] {
        let said = error(&format!("{bad}\nreturn o;"));
        assert!(said.contains(expected), "{bad}\n{said}");
    }
}

/// What an engine author met first, mended: each C mistake refused as C refuses it, each
/// common form read, each message about what was typed.
#[test]
fn an_engine_authors_first_tries_read_or_are_refused_as_c_would() {
    let square: Square = "d4".parse().unwrap();
    let value = |text: &str| read(text).attacks(square.bit(), square.bit()).map(|b| b.0).map_err(|f| f.message);
    // Read: a statement after a block's } on its line, commas in a for's header, t[i]++ in a fill.
    assert_eq!(value("int f(int x) { if (x) { x = 2; } return 9; }\nreturn (unsigned long long)f(sq);"), Ok(9));
    assert_eq!(
        value(
            "unsigned long long m = 0;\nfor (int i = 0, j = 7; i < 8; i++, j--) m |= 1ULL << (i * 8 + j);\nreturn m;"
        ),
        Ok(0x0102_0408_1020_4080)
    );
    let counted = "typedef unsigned long long U64;\nU64 t[2];\nvoid init(void) {\n  t[0]++;\n  t[1]--;\n}\ninit();\nreturn t[0] ^ t[1];";
    assert_eq!(value(counted), Ok(1 ^ u64::MAX));
    // Refused, as gcc refuses them.
    for (text, expected) in [
        ("enum { A = 2147483647, B };\nreturn o;", "line 1, column 24: this constant would be 2147483648, past what an int holds"),
        ("enum { a, sq };\nreturn o;", "line 1, column 11: sq is already a name of the board"),
        ("enum {};\nreturn o;", "an enum has at least one constant"),
        ("enum a { x };\nenum a { y };\nreturn o;", "line 2, column 6: a names a type above already"),
        ("int k = sq & 3;\nswitch (k) {\ncase 1: return o;\ncase 1: return r;\n}\nreturn o;", "line 4, column 6: this case's value is a case above already"),
        ("unsigned long long k = o;\nswitch (k) {\ncase 0xFFFFFFFFFFFFFFFFULL: return o;\ncase -1: return r;\n}\nreturn o;", "line 4, column 6: this case's value is a case above already"),
        ("int k = sq;\nswitch (k) {\ndefault: return o;\ndefault: return r;\n}", "line 4, column 1: this switch has a default above already"),
        // Messages about what was typed.
        ("unsigned long long t[2];\nvoid init(void) {\n}\ninit();\nreturn o;", "has no statement: a function that fills tables writes their entries"),
        ("unsigned long long t[2];\nvoid init(void) {\n  t[0] = 1;\n  return;\n}\ninit();\nreturn o;", "line 4, column 3: return without a value"),
        ("unsigned long long t[2];\nvoid init(void) {\n  t[0] = 1;\n}\nunsigned long long x = o;\ninit();\nreturn x;", "call it alone, as init();, before any other statement"),
        ("unsigned long long t[2];\nvoid init(void) {\n  t[0] = 1;\n}\ninit(5);\nreturn o;", "init takes no arguments"),
    ] {
        let said = error(text);
        assert!(said.contains(expected), "{text}\n{said}\nwanted: {expected}");
    }
    // An unsigned index past the table is said as the unsigned number it is.
    let past = value("const unsigned long long t[4] = {1};\nreturn t[1ULL << 63];").unwrap_err();
    assert!(past.contains("index 9223372036854775808 is outside the table"), "{past}");
    // A case that continues its loop ends there, as one that breaks or returns does.
    let walked = "unsigned long long m = 0;\nfor (int i = 0; i < 8; i++) {\n  switch (i & 1) {\n  case 0: continue;\n  default: m |= 1ULL << i;\n  }\n}\nreturn m;";
    assert_eq!(value(walked), Ok(0xaa));
}

/// Tables declared together, filled by a function that reads the board's masks: the export
/// writes the tables the getter reads, and neither the one only the fill wrote nor the masks
/// only the fill read.
#[test]
fn tables_declared_together_export_as_the_getter_reads_them() {
    let text = "typedef unsigned long long U64;\nU64 diag[64], anti[64], scratch[2];\nvoid init(void) {\n  for (int s = 0; s < 64; s++) { diag[s] = diagonal(s); anti[s] = antidiagonal(s); scratch[s & 1] = 1; }\n}\ninit();\nreturn (diag[sq] | anti[sq]) & o;";
    let formula = read(text);
    assert_eq!(
        formula.table("anti").unwrap().entry(&[27]),
        Ok(sliders::trace::Mask::Line(sliders::Line::AntiDiagonal).of("d4".parse().unwrap()).0)
    );
    for exported in [formula.to_c(), formula.to_rust()] {
        // Declared only where the getter reads it (the header quotes the text, scratch included).
        let declared = |name: &str| {
            exported.contains(&format!("static const uint64_t {name}[")) || exported.contains(&format!("const {name}:"))
        };
        assert!(declared("diag") && declared("anti"), "{exported}");
        assert!(!declared("scratch") && !exported.contains("DIAGONAL"), "{exported}");
    }
    assert!(error("unsigned long long a[2], b;\nreturn o;").contains("expected [ and the table's size"));
}
