//! C as the chessprogramming wiki writes it: names declared first and given values below
//! (`U64 a, b;`), `int` and `unsigned` read with C's meaning (and noted), and a function's
//! parameters that take the board's names.

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
fn int_and_unsigned_have_cs_meaning_and_the_note_says_why() {
    let value = |text: &str| read(text).attacks(Square::D4.bit(), Bitboard(0)).map(|b| b.0);
    // 1 is an int: shifted by 31 or more it is undefined, a fault where it was typed.
    let shifted = read("int shift = 63;\nunsigned int top = 1 << shift;\nreturn top");
    let fault = shifted.attacks(Square::A1.bit(), Bitboard(0)).unwrap_err();
    assert_eq!(fault.span.start, "int shift = 63;\nunsigned int top = ".len());
    assert!(
        fault.message.starts_with("1 << 63 is undefined in C: a shift of a 32-bit int must be by 0 to 31"),
        "{}",
        fault.message
    );
    assert!(value("int s = 30;\nreturn 1 << s").is_ok());
    assert!(value("int s = 31;\nreturn 1 << s").is_err(), "1 << 31 is past int's largest");
    assert_eq!(value("int s = 31;\nunsigned top = 1U << s;\nreturn top"), Ok(1 << 31));
    // unsigned wraps at 32 bits; int's overflow is undefined.
    assert_eq!(value("unsigned x = 0xffffffff;\nx = x + 1;\nreturn x"), Ok(0));
    assert_eq!(value("unsigned x = 0;\nx = x - 1;\nU64 y = x;\nreturn y"), Ok(0xffff_ffff));
    let overflow = read("int big = 2147483647;\nbig = big + 1;\nreturn big").attacks(Square::A1.bit(), Bitboard(0));
    assert!(overflow.unwrap_err().message.contains("past what int holds (-2147483648 to 2147483647)"));
    // A constant's sign is folded where C defines it; where not, it faults only if it runs
    // (CI's property test met -(~2147483647)).
    assert_eq!(value("return (U64)(0 ? -(~2147483647) : 1);"), Ok(1));
    let undefined = read("return (U64)-(~2147483647);").attacks(Square::D4.bit(), Bitboard(0)).unwrap_err();
    assert!(undefined.message.starts_with("-(-2147483648) is undefined in C"), "{}", undefined.message);
    // A negative int converted to a word is sign-extended; compared, it is below 0.
    assert_eq!(value("int m = -1;\nU64 w = m;\nreturn w"), Ok(u64::MAX));
    assert_eq!(value("int d = sq - 30;\nreturn d < 0"), Ok(1));
    assert_eq!(value("int d = sq - 30;\nreturn d >> 1"), Ok(-2i64 as u64));
    assert_eq!(value("int d = sq - 30;\nreturn d / 2"), Ok(-1i64 as u64));
    assert_eq!(value("int d = sq - 30;\nreturn d % 2"), Ok(-1i64 as u64));
    // An int beside an unsigned int is converted to it: -1 is then the largest.
    assert_eq!(value("int m = -1;\nunsigned u = 1;\nreturn m < u"), Ok(0));
    // ...and beside a 64-bit word too.
    assert_eq!(value("int m = -1;\nreturn m < o"), Ok(0));
    // The note says which reading, and what made it C.
    let note = shifted.reading_note();
    assert!(note.starts_with("Read as C, as line 1 uses C's type int: int is 32 bits and signed"), "{note}");
    assert!(read("U64 f(int s) { return bit(s); }\nf(sq)")
        .reading_note()
        .starts_with("Read as C, as line 1 uses C's type U64"));
    // A typedef of C's type makes the text C: 1 << sq is an int's shift there.
    let typedef = read("typedef unsigned long long U64;\nreturn 1 << sq;");
    assert!(typedef.reading_note().starts_with("Read as C, as line 1 uses C's type unsigned long long"));
    assert!(typedef.attacks(Square::H8.bit(), Bitboard(0)).is_err());
    // A name that only contains the word, or a comment that says it, is no type.
    for text in ["interval = o;\nreturn interval", "// an int\no", "x = 1 << 40\nreturn x"] {
        let formula = read(text);
        assert!(formula.reading_note().starts_with("Read in the lab's short form"), "{text}");
    }
    // The lab's short form keeps its meaning: 1 << 40 is a 64-bit word there.
    assert_eq!(value("x = 1 << 40\nreturn x"), Ok(1 << 40));
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
    // A cast to a narrower or signed type converts as C does (and makes the text C).
    let cast = |text: &str, occupied: u64| read(text).attacks(Square::D4.bit(), Bitboard(occupied)).map(|b| b.0);
    assert_eq!(cast("return 1 + (int)sq", 0), Ok(28));
    assert_eq!(cast("return (unsigned)o", 0xff00_0000_0000_8000), Ok(0x0800_8000));
    assert_eq!(cast("return (int)(o >> 32)", 0xffff_ffff_0000_0000), Ok(u64::MAX));
    assert_eq!(cast("return (unsigned char)(sq * 10)", 0), Ok(270 % 256));
    assert_eq!(cast("return (bool)(o & 0x100)", 0x100), Ok(1));
    assert_eq!(cast("return (unsigned)-1", 0), Ok(0xffff_ffff));
    assert!(error("return (int long char)o").contains("is not a type C has"));
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
    assert!(formula.reading_note().starts_with("Read as C, as line 2 uses C's type unsigned long long"));
    assert!(read("const unsigned long x = o;\nreturn x").reading_note().starts_with("Read as C"));
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
    assert!(formula.reading_note().starts_with("Read as C"));
    // A typedef of what is not an integer type, or a cast to a narrow one by its new name.
    assert!(error("typedef float F;\nreturn o").starts_with(
        "line 1, column 9: expected an integer type after typedef, such as unsigned long long, found the name float"
    ));
    // A cast by the type's new name.
    assert_eq!(read("typedef int Square;\nreturn (Square)sq").attacks(Square::D4.bit(), Bitboard(0)), Ok(Bitboard(27)));
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
fn inside_parentheses_a_line_break_ends_nothing_and_a_line_that_starts_with_an_operator_goes_on_only_in_c() {
    let value = |text: &str| read(text).attacks(Square::D4.bit(), Square::D7.bit()).map(|b| b.0);
    let both = Square::D4.bit().0 | Square::D7.bit().0;
    assert_eq!(value("return (o\n  & ~r\n  | r);"), Ok(both));
    assert_eq!(value("U64 f(U64 a,\n      U64 b) {\n  return (a\n    | b);\n}\nreturn f(o,\n  r)"), Ok(both));
    assert_eq!(value("x = (o & r\n  ? 1\n  : 2)\nreturn x"), Ok(1));
    // C64(1) is the wiki's 1ULL: shifted by 40 it is defined, as 1 << 40 of an int is not.
    assert_eq!(value("typedef unsigned long long U64;\nreturn C64(1) << 40;"), Ok(1 << 40));
    // Read as C, where `;` ends a statement, a line that starts with an operator goes on with
    // the expression above, as C reads it.
    assert_eq!(value("U64 x = o\n      - r;\nreturn x"), Ok(Square::D7.bit().0));
    assert_eq!(value("U64 x = o\n  & r\n  | r;\nreturn x"), Ok(Square::D4.bit().0));
    // In the lab's short form a statement ends with its line: a next line that starts with an
    // operator would change the meaning silently, so it is an error where it starts.
    for (text, column) in [("x = o\n  | r\nreturn x", 3), ("x = o\n\n+r", 1)] {
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
    // Any integer type may be typedef'd, and means its own type.
    for (narrow, value) in [("unsigned char", 27), ("int64_t", 27), ("long long", 27), ("short", 27), ("uint32_t", 27)]
    {
        let text = format!("typedef {narrow} T;\nT x = sq;\nreturn x");
        assert_eq!(read(&text).attacks(Square::D4.bit(), Bitboard(0)), Ok(Bitboard(value)), "{narrow}");
    }
    assert_eq!(
        read("typedef unsigned char T;\nT x = 300;\nreturn x").attacks(Square::D4.bit(), Bitboard(0)),
        Ok(Bitboard(44))
    );
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
for (int x = f - 1; x >= 0; x--) {
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

/// Read as C, a step of a narrower or signed type shows its value as that type's number and
/// says what the type did: an unsigned int kept mod 2^32, a quotient rounded toward zero, a
/// sign shifted in. Over many squares, each sentence is the values' own.
#[test]
fn steps_read_as_c_are_shown_and_said_as_their_types() {
    use sliders_explain::narration::narrate;
    let text = "unsigned x = 4294967295U;
unsigned top = x + 1;
int d = sq - 30;
int h = d / 4;
int m = d % 4;
int s = d >> 1;
unsigned w = 0U - 5;
return (U64)top + (U64)h + (U64)m + (U64)s + w;";
    let formula = read(text);
    for square in Square::ALL {
        let trace = formula.trace(Slider::Rook, square.bit(), Bitboard(0)).unwrap();
        let said = |label: &str| {
            let index = trace.steps.iter().position(|step| step.label.starts_with(label)).unwrap();
            (trace.steps[index].result, narrate(&trace, index))
        };
        let d = square.index() as i64 - 30;
        let (value, sentence) = said("x + 1");
        assert_eq!(value, sliders::Value::Number(0));
        assert!(sentence.contains("4294967295 + 1 = 0 in unsigned int. The exact value, 4294967296, is past what unsigned int holds (0 to 2^32 − 1): it keeps the value mod 2^32, 0."), "{sentence}");
        let (value, sentence) = said("sq - 30");
        assert_eq!(value, sliders::Value::Signed(d), "{square}");
        assert!(sentence.contains(&format!("{} − 30 = {d} in int.", d + 30)), "{sentence}");
        let (value, sentence) = said("d / 4");
        assert_eq!(value, sliders::Value::Signed(d / 4), "{square}");
        assert!(sentence.contains(&format!("{d} / 4 = {}: C rounds a quotient toward zero", d / 4)), "{sentence}");
        let (value, sentence) = said("d % 4");
        assert_eq!(value, sliders::Value::Signed(d % 4), "{square}");
        assert_eq!(sentence.contains("C gives it the sign of the number divided"), d < 0, "{sentence}");
        let (value, sentence) = said("d >> 1");
        assert_eq!(value, sliders::Value::Signed(d >> 1), "{square}");
        assert_eq!(sentence.contains("the sign bit is copied in from the top"), d < 0, "{sentence}");
        let (value, sentence) = said("0U - 5");
        assert_eq!(value, sliders::Value::Number(0xffff_fffb));
        assert!(
            sentence
                .contains("0 − 5 = 4294967291 in unsigned int. The exact value, -5, is past what unsigned int holds"),
            "{sentence}"
        );
    }
    // The lab's short form says its 64-bit words as before.
    let lab = read("x = 0 - 5\nreturn x");
    let trace = lab.trace(Slider::Rook, Square::D4.bit(), Bitboard(0)).unwrap();
    assert!(narrate(&trace, 0).contains("wraps round to 2^64 − 5"), "{}", narrate(&trace, 0));
}

/// C's declared name is the variable from its declarator on: its initializer cannot call a
/// function of that name.
#[test]
fn a_declared_name_is_the_variable_in_its_own_initializer() {
    let said = error("U64 ray = ray(sq, north);\nreturn ray & o;");
    assert!(said.starts_with("line 1, column 11: in C, ray here is the name being declared"), "{said}");
    assert!(error("U64 f = o | (file(sq) & ~file(sq ^ 1));\nU64 file = o & file(sq);\nreturn file | f;")
        .starts_with("line 2, column 16: in C, file here is the name being declared"));
    // Assigned, not declared, the name still calls the function, as C reads it.
    let ok = read("U64 x = o;\nx = file(sq) & x;\nreturn x;");
    assert_eq!(ok.reading(), sliders_formula::ctype::Reading::C);
}
