//! C as the chessprogramming wiki writes it: names declared first and given values below
//! (`U64 a, b;`), `int` and `unsigned` read as the language's 64-bit word (and noted), and a
//! function's parameters that take the board's names.

use sliders::{Bitboard, Slider, Square};
use sliders_formula::{CheckOutcome, Checker, Target};

mod common;

use common::{error, read};

fn boards() -> impl Iterator<Item = (Square, Bitboard)> {
    common::boards(8, 7)
}

/// Boards that vary: each square, with pieces scattered differently on each.

/// Hyperbola quintessence on a file, declared first in C's way.
const DECLARED: &str = "U64 forward, reverse;
U64 mask = file(sq) & ~r;
forward = o & mask;
reverse = bswap(forward);
forward -= r;
reverse -= bswap(r);
forward ^= bswap(reverse);
return forward & mask;";

/// The same, each name given its value where it is declared.
const ASSIGNED: &str = "U64 mask = file(sq) & ~r;
U64 forward = o & mask;
U64 reverse = bswap(forward);
forward -= r;
reverse -= bswap(r);
forward ^= bswap(reverse);
return forward & mask;";

#[test]
fn names_declared_first_compute_as_names_assigned_at_once() {
    let (declared, assigned) = (read(DECLARED), read(ASSIGNED));
    for (square, occupied) in boards() {
        let slider = square.bit();
        assert_eq!(declared.attacks(slider, occupied), assigned.attacks(slider, occupied), "{square:?} {occupied:?}");
    }
    assert!(matches!(Checker::new(Target::Line(sliders::Line::File)).run(&declared), CheckOutcome::Agrees { .. }));
    // Declared in a function too, and one at a time.
    let in_function =
        read("U64 f(U64 m) {\n    U64 x;\n    unsigned y;\n    x = o & m;\n    y = x;\n    return y;\n}\nf(0xff)");
    assert_eq!(in_function.attacks(Square::A1.bit(), Bitboard(0x0f00)).unwrap(), Bitboard(0x01));
}

#[test]
fn a_declared_name_read_before_its_value_is_an_error_where_it_is_read() {
    assert_eq!(
        error("U64 x;\nreturn x;"),
        "line 2, column 8: x is declared on line 1 but has no value here: give it one (x = …) before this."
    );
    assert!(error("U64 a, b;\na = o;\n  return a | b").starts_with("line 3, column 14: b is declared on line 1"));
    // `x ^= v` reads x.
    assert!(error("U64 x;\nx ^= o;\nx").starts_with("line 2, column 1: x is declared"));
    assert!(error("U64 f(U64 m) {\n  int y;\n  return y & m;\n}\nf(o)")
        .starts_with("line 3, column 10: y is declared on line 2"));
    // What cannot be declared, and what is not a declaration.
    // A board's name declared is the reader's, with no value until it is given one.
    assert!(
        error("U64 occ;\nreturn occ").starts_with("line 2, column 8: occ is declared on line 1 but has no value here")
    );
    assert!(error("U64 a, ;").starts_with("line 1, column 8: expected a name to declare after the ,"));
    assert!(error("U64 a, b = 1 2;").starts_with("line 1, column 14: expected , or the end of the declaration"));
    assert!(error("U64 f(U64 m) {\n  U64 m;\n  return m;\n}\nf(o)").contains("m is already a parameter of f"));
}

#[test]
fn int_and_unsigned_are_64_bit_words_and_noted() {
    let formula = read("int shift = 63;\nunsigned int top = 1 << shift;\nreturn top");
    assert_eq!(formula.attacks(Square::A1.bit(), Bitboard(0)).unwrap(), Bitboard(1 << 63));
    let note = formula.program().reading_note();
    assert_eq!(note, Some("C's narrower and signed types (int, unsigned, char, long long, …) are read as unsigned 64-bit words here, as U64 is."));
    // As a parameter's type, too.
    assert!(read("U64 f(int s) { return bit(s); }\nf(sq)").program().reading_note().is_some());
    // U64 alone, or a name that only contains the word, is nothing to note.
    assert_eq!(read("U64 x = o;\nreturn x").program().reading_note(), None);
    assert_eq!(read("interval = o;\nreturn interval").program().reading_note(), None);
    // A comment that says int is no type of the formula's.
    assert_eq!(read("// an int\no").program().reading_note(), None);
}

#[test]
fn a_parameter_takes_a_board_name_inside_its_function() {
    // Inside f, occ is the argument, not the board.
    let shadow = read("U64 f(U64 occ) { return occ; }\nf(0x5)");
    assert_eq!(shadow.attacks(Square::D4.bit(), Bitboard(0xff00)).unwrap(), Bitboard(0x5));
    let bishop = read(
        "// Hyperbola quintessence, written as the wiki writes it.
U64 lineAttacks(U64 occ, U64 mask, int sq) {
    U64 forward, reverse;
    mask &= ~bit(sq);
    forward = occ & mask;
    reverse = bswap(forward);
    forward -= bit(sq);
    reverse -= bswap(bit(sq));
    forward ^= bswap(reverse);
    forward &= mask;
    return forward;
}
U64 bishopAttacks(U64 occ, int sq) {
    return lineAttacks(occ, diagonal(sq), sq) | lineAttacks(occ, antidiagonal(sq), sq);
}
bishopAttacks(o, sq)",
    );
    let reference = Target::Piece(Slider::Bishop);
    for (square, occupied) in boards() {
        let expected = reference.expected(square, occupied | square.bit());
        assert_eq!(bishop.attacks(square.bit(), occupied).unwrap(), expected, "{square:?} {occupied:?}");
    }
    assert!(matches!(Checker::new(reference).run(&bishop), CheckOutcome::Agrees { .. }));
    // Outside its function the name is the board's again.
    let outside = read("U64 f(U64 occ) { return occ; }\nf(1) | occ");
    assert_eq!(outside.attacks(Square::H8.bit(), Bitboard(0x10)).unwrap(), Bitboard(0x11 | 1 << 63));
}

#[test]
fn casts_to_a_64_bit_word_and_unary_plus_stand_for_their_operand() {
    let value = |text: &str| read(text).attacks(Square::D4.bit(), Bitboard(0)).map(|b| b.0);
    assert_eq!(value("(U64)1 << 40"), Ok(1 << 40));
    assert_eq!(value("(unsigned long long)sq * 2"), Ok(54));
    assert_eq!(value("((uint64_t)1 << sq) | (const U64)+r"), Ok(1 << 27));
    assert_eq!(value("+sq + -(+1)"), Ok(26));
    // Parentheses round a name are no cast.
    assert_eq!(value("x = 3\nreturn (x) + 1"), Ok(4));
    // A cast to a narrower or signed type is refused where it was typed: its meaning in C is
    // not this language's 64-bit word.
    for (text, cast) in [("1 + (int)sq", "int"), ("(unsigned)o", "unsigned"), ("(long long)o", "long long")] {
        let said = error(text);
        let column = text.find('(').unwrap() + 1;
        assert!(said.starts_with(&format!("line 1, column {column}: a cast to {cast} would give C's")), "{said}");
    }
}

#[test]
fn unsigned_long_long_is_a_64_bit_word_and_not_noted() {
    // As a header spells U64 with the preprocessor.
    let text = "#define U64 unsigned long long
U64 north(U64 occ, unsigned long long sq) {
    return ray(sq, north) & occ;
}
return north(o, sq)";
    let formula = read(text);
    assert_eq!(
        formula.attacks(Square::D4.bit(), Square::D6.bit() | Square::D8.bit()),
        Ok(Square::D6.bit() | Square::D8.bit())
    );
    assert_eq!(formula.program().reading_note(), None);
    // int beside it still is.
    assert!(read(&text.replace("unsigned long long sq", "int sq")).program().reading_note().is_some());
    assert!(read("unsigned int x = sq;\nreturn x").program().reading_note().is_some());
    assert_eq!(read("const unsigned long x = o;\nreturn x").program().reading_note(), None);
}

#[test]
fn typedef_names_an_integer_type_as_engines_do() {
    let text = "typedef unsigned long long Bitboard64;
typedef int Square;
Bitboard64 north(Bitboard64 occ, Square s) {
    return ray(s, north) & occ & ~(Bitboard64)0 & (Bitboard64)-1;
}
return north(o, sq)";
    let formula = read(text);
    assert_eq!(formula.attacks(Square::D4.bit(), Square::D6.bit()), Ok(Square::D6.bit()));
    // Square is an int: noted; a typedef of a 64-bit word alone is not.
    assert!(formula.program().reading_note().is_some());
    let words = read("typedef unsigned long long Word;\nWord x = o;\nreturn x");
    assert_eq!(words.program().reading_note(), None);
    // A typedef of what is not an integer type, or a cast to a narrow one by its new name.
    assert!(error("typedef struct { U64 a; } S;\nreturn o").starts_with(
        "line 1, column 9: expected an integer type after typedef, such as unsigned long long, found the name struct"
    ));
    assert!(error("typedef int Square;\nreturn (Square)sq")
        .starts_with("line 2, column 8: a cast to Square (int) would give C's"));
}

#[test]
fn a_declaration_gives_several_names_values_and_every_assignment_operator_works() {
    let text = "U64 a = o, b = r;
U64 c, d = 3;
c = a;
c <<= 1; c >>= 1; c |= b; c ^= b; c &= a;
c += 5; c -= 1; c *= 6; c /= 4; c %= 5;
return c | d << 8";
    // c: 0 after the bitwise ones, then (0 + 5 - 1) * 6 / 4 % 5 = 24 / 4 % 5 = 1.
    assert_eq!(read(text).attacks(Square::D4.bit(), Bitboard(0)), Ok(Bitboard(1 | 3 << 8)));
    // In a function too, and a declared name read before its value is still an error there.
    let function = read("U64 f(U64 x) {\n    U64 y = x << 1, z;\n    z = y | x;\n    return z;\n}\nreturn f(r)");
    assert_eq!(function.attacks(Square::A1.bit(), Bitboard(0)), Ok(Bitboard(3)));
    assert!(error("U64 c, d = c;\nreturn d")
        .starts_with("line 1, column 12: c is declared on line 1 but has no value here"));
    assert!(error("U64 a = o b;\nreturn a").starts_with("line 1, column 11: expected , or the end of the declaration"));
}

#[test]
fn increments_are_statements_of_their_own() {
    let value = |text: &str| read(text).attacks(Square::D4.bit(), Bitboard(0)).map(|b| b.0);
    assert_eq!(value("n = 5;\nn++;\n++n;\nn--;\nreturn n"), Ok(6));
    assert_eq!(value("n = sq\n--n\nreturn n"), Ok(26));
    // Inside an expression, before or after its operand, the message says why and what to write.
    for (text, at) in [
        ("n = 1\nm = n++ + 1\nreturn m", "line 2, column 6"),
        ("n = 1\nreturn ++n", "line 2, column 8"),
        ("U64 x = o;\nU64 y = x++ & r;\nreturn y", "line 2, column 10"),
        ("U64 x = popcount(o--);\nreturn x", "line 1, column 19"),
    ] {
        let said = error(text);
        assert!(said.starts_with(&format!("{at}: ++ and -- are read as statements of their own")), "{text}: {said}");
        assert!(said.contains("write x + 1"), "{said}");
    }
    // Two minus signs apart are still two negations.
    assert_eq!(value("return - -sq"), Ok(27));
}

#[test]
fn inside_parentheses_a_line_break_ends_nothing_and_a_line_that_starts_with_an_operator_is_an_error() {
    let value = |text: &str| read(text).attacks(Square::D4.bit(), Square::D7.bit()).map(|b| b.0);
    let both = Square::D4.bit().0 | Square::D7.bit().0;
    assert_eq!(value("return (o\n  & ~r\n  | r);"), Ok(both));
    assert_eq!(value("U64 f(U64 a,\n      U64 b) {\n  return (a\n    | b);\n}\nreturn f(o,\n  r)"), Ok(both));
    assert_eq!(value("x = (o & r\n  ? 1\n  : 2)\nreturn x"), Ok(1));
    // Outside them, a statement ends with its line: a next line that starts with an operator
    // would change the meaning silently, so it is an error where it starts.
    for (text, column) in [("U64 x = o\n      - r;\nreturn x", 7), ("x = o\n  | r\nreturn x", 3), ("x = o\n\n+r", 1)] {
        let said = error(text);
        assert!(said.contains(&format!(", column {column}: this line starts with ")), "{said}");
        assert!(said.contains("a statement ends at the end of its line"), "{said}");
    }
}

#[test]
fn typedef_may_name_a_type_the_language_knows_and_32_bit_intrinsics_are_named_as_such() {
    let text = "typedef unsigned long long U64;\ntypedef uint64_t Bitboard;\nBitboard x = o;\nU64 y = r;\nreturn x ^ y";
    let formula = read(text);
    assert_eq!(formula.attacks(Square::D4.bit(), Square::D7.bit()), Ok(Square::D7.bit()));
    assert_eq!(formula.program().reading_note(), None);
    // Any integer type may be typedef'd, and a narrow or signed one is noted.
    for narrow in ["unsigned char", "int64_t", "long long", "short", "uint32_t"] {
        let text = format!("typedef {narrow} T;\nT x = sq;\nreturn x");
        assert!(read(&text).program().reading_note().is_some(), "{narrow}");
    }
    let said = error("return __builtin_popcount(o)");
    assert!(said.contains("__builtin_popcount is the compilers' 32-bit intrinsic, for an unsigned int: a bitboard's 64 bits need __builtin_popcountll"), "{said}");
    // GCC's long forms are 64 bits on Linux, and as undefined at zero.
    let ctzl = read("return __builtin_ctzl(o & ray(sq, north))");
    assert!(ctzl.attacks(Square::D8.bit(), Bitboard(0)).is_err());
    assert_eq!(ctzl.attacks(Square::D4.bit(), Square::D6.bit()), Ok(Bitboard(43)));
}

/// Engines name their own values `r`, `o` or `sq`: a declared name shadows the board's from
/// its declaration on, in the formula's statements and in a function; an undeclared one is
/// refused, saying how to declare it.
#[test]
fn a_declared_name_shadows_the_boards_name_of_that_spelling() {
    let text = "typedef unsigned long long U64;
// The rank's attacks, in an engine's names: r is the rank, o the occupancy of its row.
int r = sq >> 3;
int f = sq & 7;
U64 o = (occupied >> (8 * r)) & 0xff;
U64 row = 0;
for (int x = f + 1; x < 8; x++) {
    row |= 1ULL << x;
    if (o & (1ULL << x)) break;
}
for (int x = f - 1; x < 8; x--) {
    row |= 1ULL << x;
    if (o & (1ULL << x)) break;
}
return row << (8 * r);";
    let rank = read(text);
    for (square, occupied) in boards() {
        let o = occupied | square.bit();
        assert_eq!(rank.attacks(square.bit(), o), Ok(Target::Line(sliders::Line::Rank).expected(square, o)));
    }
    let proof = sliders_formula::prove::Prover::new(Target::Line(sliders::Line::Rank), 30_000_000).run(&rank);
    assert!(proof.proved(), "{proof:?}");
    // Declared first, given its value below; and inside a function.
    let later = read("U64 r;\nr = o & 0xff;\nreturn r;");
    assert_eq!(later.attacks(Square::A1.bit(), Bitboard(0x1_0003)), Ok(Bitboard(0x3)));
    let in_function = read("U64 f(U64 x) {\n    U64 sq = x & 7;\n    return sq;\n}\nf(o)");
    assert_eq!(in_function.attacks(Square::A1.bit(), Bitboard(0xff)), Ok(Bitboard(0x7)));
    assert_eq!(
        error("r = sq >> 3;\nreturn r;"),
        "line 1, column 1: r is one of the board's names: give your value a name of its own, or declare it (U64 r = …) to make r yours from here on."
    );
    // A square's name never is.
    assert!(error("U64 d4 = o;\nreturn d4;").starts_with("line 1, column 5: d4 is a square's name"));
}
