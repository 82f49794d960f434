//! The formula language: what it computes, what it refuses and how it says so, that its check
//! agrees with the seed tricks and finds a wrong one's counter-example, and property tests against
//! an independent evaluator written here.

use proptest::prelude::*;
use sliders::{Bitboard, Direction, Line, Slider, Square, WordOrder};
use sliders_formula::examples::EXAMPLES;
use sliders_formula::{CheckOutcome, Checker, Formula, Target, MAX_LENGTH};

fn value(text: &str) -> u64 {
    value_on(text, Square::D4, 0)
}

fn value_on(text: &str, square: Square, occupied: u64) -> u64 {
    let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {}", e.describe(text)));
    formula.attacks(square.bit(), Bitboard(occupied)).unwrap_or_else(|f| panic!("{text}: {}", f.describe(text))).0
}

fn error(text: &str) -> String {
    match Formula::parse(text) {
        Ok(_) => panic!("{text:?} parsed"),
        Err(e) => e.describe(text),
    }
}

#[test]
fn the_examples_agree_on_every_square() {
    for example in &EXAMPLES {
        let formula = Formula::parse(example.text()).unwrap();
        let outcome = Checker::new(example.target).run(&formula);
        assert_eq!(outcome, CheckOutcome::Agrees { cases: 100_032 }, "{}", example.id);
    }
}

#[test]
fn a_wrong_formula_gets_its_first_counter_example() {
    // The borrow trick without its line mask: the borrow's trail off the file stays in.
    let formula = Formula::parse("o ^ (o - 2 * r)").unwrap();
    let CheckOutcome::Differs { counter_example: c, cases } = Checker::new(Target::Ray(Direction::North)).run(&formula)
    else {
        panic!("agreed")
    };
    assert_eq!(cases, 1, "the empty board already shows it");
    assert!(c.occupied.contains(c.square), "the slider's square is occupied");
    assert_eq!(c.expected, Target::Ray(Direction::North).expected(c.square, c.occupied));
    // Loading the board again shows the same difference.
    assert_eq!(c.got, formula.attacks(c.square.bit(), c.occupied));
    assert_ne!(c.got, Ok(c.expected));
    // A formula right on the north ray is wrong as a rook.
    let north = Formula::parse(EXAMPLES[0].text()).unwrap();
    assert!(matches!(Checker::new(Target::Piece(Slider::Rook)).run(&north), CheckOutcome::Differs { .. }));
}

#[test]
fn a_check_visits_every_blocker_subset_of_a_line() {
    // A formula that is wrong only when exactly the three squares north of d4 are occupied and
    // nothing else is on the file: the check must still find it.
    let text = format!(
        "{} ^ (((o & file(sq)) == (bit(d4) | bit(d5) | bit(d6) | bit(d7))) ? bit(h1) : 0)",
        "((o & file(sq)) ^ ((o & file(sq)) - 2 * r)) & file(sq)"
    );
    let formula = Formula::parse(&text).unwrap();
    let CheckOutcome::Differs { counter_example: c, .. } = Checker::new(Target::Ray(Direction::North)).run(&formula)
    else {
        panic!("the one subset was missed")
    };
    assert_eq!(c.square, Square::D4);
    assert_eq!(c.occupied & Bitboard(0x0808_0808_0808_0808), Bitboard((1 << 27) | (1 << 35) | (1 << 43) | (1 << 51)));
}

#[test]
fn values_operators_and_precedence_are_cs() {
    assert_eq!(value("0x10 + 0b101 + 1_000 + C64(0xFFULL) + 5ULL + 7u64"), 16 + 5 + 1000 + 255 + 5 + 7);
    assert_eq!(value("1 + 2 * 3"), 7);
    assert_eq!(value("1 << 2 + 1"), 8, "+ binds tighter than <<");
    assert_eq!(value("6 & 3 == 3"), 0, "== binds tighter than &, as in C");
    assert_eq!(value("1 | 2 ^ 3 & 1"), 1 | (2 ^ (3 & 1)));
    assert_eq!(value("0 - 1"), u64::MAX, "subtraction wraps");
    assert_eq!(value("~0"), u64::MAX);
    assert_eq!(value("-1"), u64::MAX);
    assert_eq!(value("!0 + !5"), 1);
    assert_eq!(value("(3 < 5) + (5 <= 5) + (6 > 5) + (4 >= 5) + (2 != 2)"), 3);
    assert_eq!(value("0 ? 1 : 2 ? 3 : 4"), 3, "?: groups to the right");
    assert_eq!(value("1 << 64"), 1, "a shift takes its amount mod 64");
    assert_eq!(value("0x100 >> 72"), 1);
    assert_eq!(value("rotl(0x8000000000000001, 1)"), 3);
    assert_eq!(value("rotr(1, 65)"), 1 << 63);
}

#[test]
fn scans_of_the_empty_set_give_64() {
    for scan in ["clz", "ctz", "bsf", "bsr"] {
        assert_eq!(value(&format!("{scan}(0)")), 64, "{scan}");
    }
    assert_eq!(value("clz(1) + ctz(0x8000000000000000)"), 126);
    assert_eq!(value("bsf(0x0100) + bsr(0x0100) + popcount(0xff00)"), 8 + 8 + 8);
    assert_eq!(value("ls1b(0b1100) | ms1b(0b1100) << 8"), 0b100 | 0b1000 << 8);
    assert_eq!(value("ms1b(0) + ls1b(0)"), 0);
    assert_eq!(value("bswap(0xff)"), 0xff << 56);
}

#[test]
fn the_board_names_and_the_masks() {
    let occupied = Square::D7.bit().0;
    assert_eq!(value_on("o", Square::D4, occupied), occupied | Square::D4.bit().0, "o includes the slider");
    assert_eq!(value_on("occ == occupied", Square::D4, occupied), 1);
    assert_eq!(value_on("r", Square::D4, occupied), Square::D4.bit().0);
    assert_eq!(value_on("slider == bit(sq)", Square::D4, occupied), 1);
    assert_eq!(value("sq"), 27);
    assert_eq!(value("a1 + h1 + a8 + h8"), 7 + 56 + 63);
    let formula = Formula::parse("r").unwrap();
    let sliders = Square::D4.bit() | Square::F6.bit();
    assert_eq!(formula.attacks(sliders, Bitboard::EMPTY).unwrap(), sliders, "r is every slider's bit");
    assert_eq!(Formula::parse("sq").unwrap().attacks(sliders, Bitboard::EMPTY).unwrap().0, 27, "sq is the lowest");
    assert_eq!(value("rank(d4)"), 0xff << 24);
    assert_eq!(value("file(d4)"), 0x0808_0808_0808_0808);
    assert_eq!(value("diagonal(a1)"), 0x8040_2010_0804_0201, "a1 to h8");
    assert_eq!(value("antidiagonal(h1)"), 0x0102_0408_1020_4080, "h1 to a8");
    assert_eq!(value("ray(d4, north)"), 0x0808_0808_0000_0000, "the square itself is not on its ray");
    assert_eq!(value("ray(d4, north_east) == ray(d4, northeast)"), 1);
    assert_eq!(value("bit(h8)"), 1 << 63);
    for line in Line::ALL {
        let name = match line {
            Line::AntiDiagonal => "antidiagonal",
            other => other.name(),
        };
        for square in Square::ALL {
            let expected = sliders::line_without(square, line) | square.bit();
            assert_eq!(value(&format!("{name}({square})")), expected.0, "{name}({square})");
        }
    }
    for (name, direction) in
        [("north", Direction::North), ("southwest", Direction::SouthWest), ("east", Direction::East)]
    {
        for square in Square::ALL {
            assert_eq!(value(&format!("ray({square}, {name})")), sliders::ray(square, direction).0);
        }
    }
}

#[test]
fn pext_and_pdep_gather_and_scatter() {
    assert_eq!(value("pext(0b1010_1100, 0b1111_0000)"), 0b1010);
    assert_eq!(value("pext(o, rank(d4))"), 1 << 3);
    assert_eq!(value("pdep(0b101, 0xf0)"), 0b0101_0000);
    assert_eq!(value("pdep(pext(0xdead_beef, 0xffff_0000), 0xffff_0000)"), 0xdead_0000);
}

#[test]
fn statements_functions_and_comments() {
    assert_eq!(value("U64 x = 3;\nu64 y = x * 2;\nlet mut z = y + 1;\nreturn z;"), 7);
    assert_eq!(value("x = 3; y = 4; x * y"), 12);
    assert_eq!(
        value("x = 1\nx <<= 3\nx |= 1\nx ^= 0b11\nx += 10\nx -= 1\nx *= 2\nx &= 0xff\nx >>= 1\nx"),
        ((((1u64 << 3) | 1) ^ 3) + 10 - 1) * 2 / 2
    );
    assert_eq!(value("fn twice(a) { return a + a }\ntwice(twice(5))"), 20);
    assert_eq!(value("U64 both(U64 a, U64 b) {\n  U64 s = a | b;\n  return s;\n}\nboth(1, 2)"), 3);
    assert_eq!(value("fn f(a: u64, b: u64) -> u64 { a ^ b }\nf(6, 3)"), 5);
    assert_eq!(value("fn g(x) { return x + sq }\ng(1)"), 28, "a function sees the board's names");
    assert_eq!(value("x = 2 *\n   3\nx"), 6, "an expression goes on after an operator");
    assert_eq!(value("(1 +\n 2)"), 3);
    assert_eq!(value("/* a block comment */ 5"), 5);
    // A comment is the why of its line's steps, or of the statement below it.
    let text = "// the pieces on the file\nm = o & file(sq)\nm ^ r // flips the slider's bit\n";
    let trace = Formula::parse(text).unwrap().trace(Slider::Rook, Square::D4.bit(), Bitboard::EMPTY).unwrap();
    assert_eq!(trace.steps.len(), 3);
    assert_eq!(trace.steps[0].label, "file(sq)");
    assert_eq!(trace.steps[1].label, "o & file(sq) = m");
    assert_eq!(trace.steps[1].why, "The pieces on the file.", "a why is said as a sentence");
    assert_eq!((trace.steps[1].place.line(), trace.steps[1].place.column()), (2, 5));
    assert_eq!(trace.steps[2].why, "Flips the slider's bit.");
    assert_eq!(trace.spans().len(), 3);
    assert_eq!(&text[trace.spans()[1].start..trace.spans()[1].end], "o & file(sq)");
    assert_eq!(&text[trace.spans()[0].start..trace.spans()[0].end], "file(sq)");
    // A comment above a statement and the line's own are both kept.
    let both = "// above it\nx = o & r // on it\nx";
    let trace = Formula::parse(both).unwrap().trace(Slider::Rook, Square::D4.bit(), Bitboard::EMPTY).unwrap();
    assert_eq!(trace.steps[0].why, "Above it. On it.");
}

#[test]
fn a_steps_label_is_its_sub_expression() {
    let text = "o^(o-2*r)";
    let trace =
        Formula::parse(text).unwrap().trace(Slider::Rook, Square::D2.bit(), Bitboard(0x4ced_2200_0146_f848)).unwrap();
    let labels: Vec<&str> = trace.steps.iter().map(|s| &*s.label).collect();
    assert_eq!(labels, ["2 * r", "o - 2 * r", "o ^ (o - 2 * r)"]);
    let typed: Vec<&str> = trace.spans().iter().map(|s| &text[s.start..s.end]).collect();
    assert_eq!(typed, ["2*r", "(o-2*r)", "o^(o-2*r)"], "parentheses go with what they enclose");
    // Only the branch chosen runs.
    let select =
        Formula::parse("0 ? bswap(o) : ~o").unwrap().trace(Slider::Rook, Square::D2.bit(), Bitboard::EMPTY).unwrap();
    let ops: Vec<sliders::Op> = select.steps.iter().map(|s| s.op).collect();
    assert_eq!(ops, [sliders::Op::Not, sliders::Op::Select]);
}

#[test]
fn errors_name_the_line_and_column_and_what_was_expected() {
    assert_eq!(
        error("x = 1\ny = x +\n"),
        "line 3, column 1: expected a value: a name, a number, a call or (, found the end of the formula."
    );
    assert_eq!(error("x = (1 + 2"), "line 1, column 11: expected ) to close the (, found the end of the formula.");
    assert!(error("x = o & filemask").ends_with("Did you mean file(s)?"));
    assert!(error("rankmask").ends_with("Did you mean rank(s)?"));
    // Called as the functions they are in other code, too.
    assert!(error("o & filemask(sq)").ends_with("there is no function filemask. Did you mean file(s)?"));
    assert!(error("o & DiagMask(sq)").ends_with("Did you mean diagonal(s)?"));
    assert!(error("lsb(o)").ends_with("Did you mean ls1b(x)?"));
    assert!(
        error("popcnt(o) + clzz(o)").starts_with("line 1, column 13: there is no function clzz. Did you mean clz(x)?")
    );
    assert!(error("o - 2r").contains("2 * r"));
    assert!(error("unknown").contains("unknown is not a name the formula knows"));
    assert!(error("o = 1\no").contains("one of the board's names"), "a board name is never overwritten");
    // A parameter may take a board name: inside its function it is the parameter (C's `U64 f(U64 occ)`).
    assert_eq!(value("fn f(r) { r }\nf(1)"), 1);
    assert!(error("x = 1").contains("gives no result"));
    assert!(error("").contains("empty"));
    assert!(error("return 1\n2").starts_with("line 2, column 1: nothing after return runs"));
    assert!(error("fn f(a) { return f(a) }\nf(1)").contains("f calls itself"));
    assert!(error("fn f(a) { return g(a) }\nfn g(a) { return a }\nf(1)").contains("g is defined below this call"));
    assert!(error("fn f(a, b) { a }\nf(1)").contains("f takes 2 arguments, and this call gives 1"));
    assert!(error("rotl(o)").contains("rotl(x, n)"));
    assert!(error("ray(sq, up)").contains("expected a direction"));
    assert!(error("a1 = 3").contains("square's name"));
    assert!(error("o / ").contains("expected"));
    assert!(error("t[3]").contains("t is not a table: declare it at the top level"));
    assert!(error("0x1_0000_0000_0000_0000").contains("64 bits"));
    let text = "x = 1\ny = x + @";
    let failure = Formula::parse(text).unwrap_err();
    assert_eq!(failure.position(text), (2, 9));
    assert_eq!(failure.caret(text), ("y = x + @".to_string(), "        ^".to_string()));
}

#[test]
fn every_bound_is_kept_with_a_message() {
    let long = "1 + ".repeat(MAX_LENGTH / 4) + "1";
    assert!(error(&long).contains(&format!("the most is {MAX_LENGTH}")));
    let deep = "(".repeat(100) + "1" + &")".repeat(100);
    assert!(error(&deep).contains("nests deeper than 64"));
    let unary = "~".repeat(200) + "o";
    assert!(error(&unary).contains("nests deeper"));
    // Each function calls the one above twice: 2^20 operations if it were let run.
    let mut doubling = String::from("fn f0(a) { return a + 1 }\n");
    for n in 1..20 {
        doubling.push_str(&format!("fn f{n}(a) {{ return f{m}(a) + f{m}(a) }}\n", m = n - 1));
    }
    doubling.push_str("f19(1)");
    assert!(error(&doubling).contains("operations"), "{}", error(&doubling));
    let mut chain = String::from("fn f0(a) { return a }\n");
    for n in 1..20 {
        chain.push_str(&format!("fn f{n}(a) {{ return f{m}(a) }}\n", m = n - 1));
    }
    chain.push_str("f19(1)");
    assert!(error(&chain).contains("calls nest"), "{}", error(&chain));
    // A square function given a number that is no square fails on that board, with a message.
    let fault = Formula::parse("rank(bsf(o & 0))").unwrap().attacks(Square::D4.bit(), Bitboard::EMPTY).unwrap_err();
    assert!(fault.message.contains("64 is not a square"), "{}", fault.message);
}

/// An expression the tests build, print fully parenthesised, and evaluate on their own.
#[derive(Clone, Debug)]
enum T {
    Num(u64),
    Hex(u64),
    Name(&'static str),
    Unary(&'static str, Box<T>),
    Binary(&'static str, Box<T>, Box<T>),
    Select(Box<T>, Box<T>, Box<T>),
    Call(&'static str, Vec<T>),
    Mask(&'static str, Box<T>),
    /// `/` or `%`, its divisor made odd so that it is never zero.
    Divide(&'static str, Box<T>, Box<T>),
}

impl T {
    fn text(&self) -> String {
        match self {
            T::Num(n) => n.to_string(),
            T::Hex(n) => format!("{n:#x}"),
            T::Name(name) => name.to_string(),
            T::Unary(op, a) => format!("{op}({})", a.text()),
            T::Binary(op, a, b) => format!("({}) {op} ({})", a.text(), b.text()),
            T::Select(c, a, b) => format!("({}) ? ({}) : ({})", c.text(), a.text(), b.text()),
            T::Call(f, args) => format!("{f}({})", args.iter().map(T::text).collect::<Vec<_>>().join(", ")),
            T::Mask(f, s) => format!("{f}(({}) & 63)", s.text()),
            T::Divide(op, a, b) => format!("({}) {op} (({}) | 1)", a.text(), b.text()),
        }
    }

    /// The value, by the language's rules as the issue states them, computed without the crate.
    fn eval(&self, o: u64, r: u64, sq: u64) -> u64 {
        let e = |t: &T| t.eval(o, r, sq);
        match self {
            T::Num(n) | T::Hex(n) => *n,
            T::Name("o") => o,
            T::Name("r") => r,
            T::Name(_) => sq,
            T::Unary("~", a) => !e(a),
            T::Unary("-", a) => e(a).wrapping_neg(),
            T::Unary(_, a) => (e(a) == 0) as u64,
            T::Binary(op, a, b) => {
                let (x, y) = (e(a), e(b));
                match *op {
                    "*" => x.wrapping_mul(y),
                    "+" => x.wrapping_add(y),
                    "-" => x.wrapping_sub(y),
                    "<<" => x.wrapping_shl((y % 64) as u32),
                    ">>" => x.wrapping_shr((y % 64) as u32),
                    "<" => (x < y) as u64,
                    "<=" => (x <= y) as u64,
                    ">" => (x > y) as u64,
                    ">=" => (x >= y) as u64,
                    "==" => (x == y) as u64,
                    "!=" => (x != y) as u64,
                    "&" => x & y,
                    "^" => x ^ y,
                    "&&" => (x != 0 && y != 0) as u64,
                    "||" => (x != 0 || y != 0) as u64,
                    _ => x | y,
                }
            }
            T::Select(c, a, b) => {
                if e(c) != 0 {
                    e(a)
                } else {
                    e(b)
                }
            }
            T::Call(f, args) => {
                let x = e(&args[0]);
                let y = args.get(1).map(e).unwrap_or(0);
                match *f {
                    "clz" => x.leading_zeros() as u64,
                    "ctz" | "bsf" => x.trailing_zeros() as u64,
                    "bsr" => {
                        if x == 0 {
                            64
                        } else {
                            63 - x.leading_zeros() as u64
                        }
                    }
                    "popcount" => x.count_ones() as u64,
                    "bswap" => x.swap_bytes(),
                    "rotl" => x.rotate_left((y % 64) as u32),
                    "rotr" => x.rotate_right((y % 64) as u32),
                    "ls1b" => x & x.wrapping_neg(),
                    "ms1b" => {
                        if x == 0 {
                            0
                        } else {
                            1 << (63 - x.leading_zeros())
                        }
                    }
                    "pext" => (0..64)
                        .filter(|&i| y >> i & 1 == 1)
                        .enumerate()
                        .fold(0, |acc, (k, i)| acc | ((x >> i & 1) << k)),
                    _ => (0..64)
                        .filter(|&i| y >> i & 1 == 1)
                        .enumerate()
                        .fold(0, |acc, (k, i)| acc | ((x >> k & 1) << i)),
                }
            }
            T::Divide(op, a, b) => match *op {
                "/" => e(a) / (e(b) | 1),
                _ => e(a) % (e(b) | 1),
            },
            T::Mask(f, s) => {
                let s = e(s) & 63;
                let (file, rank) = ((s % 8) as i64, (s / 8) as i64);
                (0..64u64)
                    .filter(|&t| {
                        let (tf, tr) = ((t % 8) as i64, (t / 8) as i64);
                        match *f {
                            "bit" => t == s,
                            "rank" => tr == rank,
                            "file" => tf == file,
                            "diagonal" => tf - tr == file - rank,
                            _ => tf + tr == file + rank,
                        }
                    })
                    .fold(0, |acc, t| acc | 1 << t)
            }
        }
    }
}

fn tree() -> impl Strategy<Value = T> {
    let leaf = prop_oneof![
        (0u64..100).prop_map(T::Num),
        any::<u64>().prop_map(T::Hex),
        prop::sample::select(vec!["o", "r", "sq"]).prop_map(T::Name),
    ];
    leaf.prop_recursive(6, 48, 3, |inner| {
        prop_oneof![
            (prop::sample::select(vec!["~", "-", "!"]), inner.clone()).prop_map(|(op, a)| T::Unary(op, Box::new(a))),
            (
                prop::sample::select(vec![
                    "*", "+", "-", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&", "^", "|", "&&", "||"
                ]),
                inner.clone(),
                inner.clone()
            )
                .prop_map(|(op, a, b)| T::Binary(op, Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, a, b)| T::Select(
                Box::new(c),
                Box::new(a),
                Box::new(b)
            )),
            (
                prop::sample::select(vec!["clz", "ctz", "bsf", "bsr", "popcount", "bswap", "ls1b", "ms1b"]),
                inner.clone()
            )
                .prop_map(|(f, a)| T::Call(f, vec![a])),
            (prop::sample::select(vec!["rotl", "rotr", "pext", "pdep"]), inner.clone(), inner.clone())
                .prop_map(|(f, a, b)| T::Call(f, vec![a, b])),
            (prop::sample::select(vec!["/", "%"]), inner.clone(), inner.clone()).prop_map(|(op, a, b)| T::Divide(
                op,
                Box::new(a),
                Box::new(b)
            )),
            (prop::sample::select(vec!["bit", "rank", "file", "diagonal", "antidiagonal"]), inner)
                .prop_map(|(f, s)| T::Mask(f, Box::new(s))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_is_read_without_a_panic(text in "\\PC{0,80}") {
        if let Ok(formula) = Formula::parse(&text) {
            let _ = formula.attacks(Square::E4.bit(), Bitboard(0x1234_5678_9abc_def0));
            let _ = formula.trace(Slider::Queen, Square::E4.bit(), Bitboard(0x1234_5678_9abc_def0));
        }
    }

    #[test]
    fn text_near_the_language_is_read_without_a_panic(
        parts in prop::collection::vec(prop::sample::select(vec![
            "o", "r", "sq", "x", "=", "(", ")", "{", "}", ",", ";", "\n", "fn", "f", "return", "U64", "let", "?", ":",
            "+", "-", "*", "/", "%", "/=", "&&", "||", "<<", ">>", "&", "^", "|", "~", "!", "==", "<", "1", "0x", "0xffULL", "rank", "ray", "north",
            "//c", "^=", "->", "u64", "a1", "h9",
        ]), 0..40)
    ) {
        let text = parts.join(" ");
        if let Ok(formula) = Formula::parse(&text) {
            let _ = formula.trace(Slider::Rook, Square::A1.bit(), Bitboard::FULL);
        }
    }

    #[test]
    fn a_printed_formula_parses_back_to_the_same_tree(t in tree(), u in tree()) {
        let text = format!("x = {}\nfn f(a, b) {{ y = a ^ b\n return y & ({}) }}\nreturn f(x, o) | {}", t.text(), u.text(), t.text());
        // Functions must come first to be callable: move the definition up.
        let text = text.replacen(&format!("x = {}\n", t.text()), "", 1) + "";
        let text = format!("x = {}\n{}", t.text(), text);
        if let Ok(formula) = Formula::parse(&text) {
            let printed = formula.program().to_string();
            let again = Formula::parse(&printed).map_err(|e| e.describe(&printed)).unwrap();
            prop_assert!(formula.program().same_shape(again.program()), "{text}\n--- printed ---\n{printed}");
            prop_assert_eq!(again.program().to_string(), printed);
        }
    }

    #[test]
    fn evaluation_agrees_with_an_independent_evaluator(t in tree(), occupied in any::<u64>(), square in 0u32..64) {
        let text = t.text();
        let square = Square::from_index(square);
        let o = occupied | square.bit().0;
        let expected = t.eval(o, square.bit().0, square.index() as u64);
        match Formula::parse(&text) {
            Ok(formula) => prop_assert_eq!(formula.attacks(square.bit(), Bitboard(occupied)).map(|b| b.0), Ok(expected), "{}", text),
            // Only a formula past a bound may be refused.
            Err(e) => prop_assert!(e.message.contains("nests") || e.message.contains("operations"), "{}: {}", text, e.describe(&text)),
        }
    }
}

/// Every step of every example, on every square over several boards and at every frame of its
/// animation, is said from its values: never empty, never a claim of intent a formula cannot
/// carry, and ending with the line's own why.
#[test]
fn every_step_of_the_examples_is_narrated_from_its_values() {
    use sliders_explain::animation::{frame, frame_count, Moment};
    use sliders_explain::narration::{narrate, on_screen, Board};
    let boards = [0u64, !0, 0x4ced_2200_0146_f848, 0x0008_0000_0022_0800, 0x8100_0000_0000_0081];
    for example in &EXAMPLES {
        let formula = Formula::parse(example.text()).unwrap();
        for square in Square::ALL {
            for occupied in boards {
                let trace = formula.trace(example.target.slider(), square.bit(), Bitboard(occupied)).unwrap();
                let board = Board::of(&trace);
                for (index, step) in trace.steps.iter().enumerate() {
                    let context =
                        format!("{} on {square}, {occupied:#x}, step {}: {}", example.id, index + 1, step.label);
                    let whole = narrate(&trace, index);
                    assert!(whole.len() > step.why.len() + 10, "{context}: {whole}");
                    assert!(whole.ends_with(&*step.why), "{context}: {whole}");
                    for claim in ["the technique set", "means nothing", "cuts its index", "top byte"] {
                        assert!(!whole.contains(claim), "{context}: {whole}");
                    }
                    // One value, one name: a sentence that calls it 2 * r does not call it 2r too.
                    let words: Vec<&str> = whole.split(|c: char| !c.is_alphanumeric()).collect();
                    assert!(!(whole.contains("2 * r") && words.contains(&"2r")), "{context}: {whole}");
                    for n in 0..frame_count(step) {
                        let said = on_screen(step, &frame(step, Moment::At(n)), &board);
                        assert!(!said.trim().is_empty(), "{context}, frame {n}");
                    }
                    let names = sliders_explain::operands::of(step);
                    for (name, present) in [(names.lhs, true), (names.rhs, step.rhs.is_some())] {
                        assert_eq!(!name.is_empty(), present, "{context}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_formulas_own_operations_are_said_from_their_values() {
    use sliders_explain::narration::narrate;
    let said = |text: &str, square: Square, occupied: u64| {
        let trace = Formula::parse(text).unwrap().trace(Slider::Rook, square.bit(), Bitboard(occupied)).unwrap();
        (0..trace.steps.len()).map(|i| narrate(&trace, i)).collect::<Vec<_>>().join(" | ")
    };
    let shift = said("r << 70", Square::D4, 0);
    assert!(shift.contains("The amount, 70, is taken mod 64") && shift.contains("a shift by 6"), "{shift}");
    assert!(shift.contains("bit 27 (d4) → bit 33 (b5)"), "{shift}");
    let empty = said("bsr(o & 0)", Square::D4, 0);
    assert!(empty.contains("a formula's scan of the empty set gives 64"), "{empty}");
    let pext = said("pext(o, rank(sq))", Square::D4, 1 << 30);
    assert!(
        pext.contains("under the 8 one bits of rank(sq)") && pext.contains("d4 → bit 3") && pext.contains("g4 → bit 6"),
        "{pext}"
    );
    assert!(
        pext.contains("WebAssembly has no pext instruction: here it is a loop over the mask's one bits."),
        "{pext}"
    );
    let count = said("popcount(o)", Square::D4, 1 << 30);
    assert!(count.contains("has 2 one bits (d4 and g4): the count is 2") && count.contains("i64.popcnt"), "{count}");
    let ray = said("ray(sq, northwest)", Square::A1, 0);
    assert!(ray.contains("There is no square north-west of a1"), "{ray}");
    let file = said("file(sq)", Square::D4, 0);
    assert!(file.starts_with("file(d4) is the d-file, d4 included: 8 squares"), "{file}");
    let choice = said("o ? 1 : 2", Square::D4, 0);
    assert!(
        choice.contains("not zero, so the value before the colon is the result: 1. Only that value was computed."),
        "{choice}"
    );
    // A square's name is its number: `o & d4` keeps the bits of 27 (a1, b1, d1, e1), not d4's.
    let mask = said("o & d4", Square::D4, 0x0000_0800_0840_0000);
    assert!(mask.contains("d4 (the number 27)") && !mask.contains("set in d4,"), "{mask}");
    // A bit operation on a number says its bits by number, never as squares or pieces.
    for (text, number, result) in [
        ("bsf(d4)", "d4 (the number 27) is 27, binary 11011", "bsf(d4) = 0 (binary 0)."),
        ("sq & 7", "sq is 27, binary 11011", "sq & 7 = 3 (binary 11)."),
    ] {
        let sentence = said(text, Square::D4, 0x0022_1400_0014_0023);
        assert!(sentence.contains(number) && sentence.contains(result), "{sentence}");
        assert!(!sentence.contains("a1") && !sentence.contains("holds a piece"), "{sentence}");
    }
    // A computed count shifted or added stays a number; a literal's bit shifted is a set.
    let shifted = said("popcount(o) << 8", Square::D4, 0x0022_1400_0814_0022);
    assert!(shifted.contains("popcount(o) is 9, binary 1001") && !shifted.contains("(a1)"), "{shifted}");
    let bit = said("1 << sq", Square::D4, 0);
    assert!(bit.contains("bit 0 (a1) → bit 27 (d4)"), "{bit}");
    // Numbers stay numbers below zero and past 32 bits: `0 - d4` wraps round, `~n` flips a
    // number's 64 bits; neither is said as squares or pieces.
    let below = said("0 - d4", Square::D4, 0x0000_0810_0022_0000);
    assert!(
        below.contains("0 − 27 = 18446744073709551589. 27 is more than 0")
            && below.contains("wraps round to 2^64 − 27")
            && !below.contains("borrow")
            && !below.contains("a1"),
        "{below}"
    );
    let flipped = said("n = popcount(o)\n~n & 63", Square::D4, 0x0000_0810_0022_0000);
    assert!(flipped.contains("~n = 18446744073709551610") && flipped.contains("= 58 (binary 111010)"), "{flipped}");
    assert!(!flipped.contains("b1") && !flipped.contains("one bits of ~n"), "{flipped}");
    // A name holds what its assignment gave it: a count in a name is still a number, a typed
    // one's bit shifted still a set, and a parameter typed int holds a number.
    let local = said("n = popcount(o)\nn - 1", Square::D4, 0x0022_1400_0814_0022);
    assert!(local.contains("9 − 1 = 8") && !local.contains("borrow"), "{local}");
    let typed = said("one = 1\none << sq", Square::D4, 0);
    assert!(typed.contains("bit 0 (a1) → bit 27 (d4)"), "{typed}");
    let parameter = said("U64 low(int s) { return s & 7; }\nlow(sq)", Square::D4, 0);
    assert!(parameter.contains("s & 7 = 3 (binary 11)") && !parameter.contains("(a1)"), "{parameter}");
    let rust = said("fn low(s: usize) -> u64 { s & 7 }\nlow(sq)", Square::D4, 0);
    assert!(rust.contains("s & 7 = 3 (binary 11)"), "{rust}");
    // An operand that is an expression keeps its brackets in the sentences that combine it.
    let zero = said("(o & file(sq)) - 2 * r", Square::H8, 0);
    assert!(zero.contains("2 * r is zero, so (o & file(sq)) − (2 * r) = o & file(sq) and"), "{zero}");
    let minus = said("o - (o & 3)", Square::A1, 0x3);
    assert!(minus.contains("o − (o & 3) only clears those bits"), "{minus}");
    let product = said("(o & rank(sq)) * 0x0202020202020202", Square::D4, 0x0022_1400_1814_0022);
    assert!(product.contains("(o & rank(sq)) × "), "{product}");
    let popcount = said("popcount(d4)", Square::D4, 0);
    assert!(popcount.contains("popcount(d4) = 4") && !popcount.contains("b1"), "{popcount}");
    // A square's name is a number wherever it stands, beside a set too: its bits are never
    // named as squares (27's are a1, b1, d1 and e1, not d4).
    for text in ["r - d4", "o - d4", "o | d4", "o ^ d4"] {
        let sentence = said(text, Square::D4, 0xff);
        assert!(sentence.contains("d4 (the number 27) is 27, binary 11011: a number"), "{text}: {sentence}");
        assert!(!sentence.contains("a1") && !sentence.contains("borrow"), "{text}: {sentence}");
    }
    // A reader's own byte swap turns the word round as HQ's does: the subtraction on swapped
    // words names what its bits stand for, and the swap back returns to the board.
    let text = "f = o & file(sq) & ~r\n(f - r) ^ bswap(bswap(f) - bswap(r))";
    let trace =
        Formula::parse(text).unwrap().trace(Slider::Rook, Square::D4.bit(), Bitboard(0x0008_0000_0000_0800)).unwrap();
    let orders: Vec<(String, WordOrder)> = trace.steps.iter().map(|s| (s.expression().to_string(), s.order)).collect();
    let order = |expression: &str| orders.iter().find(|(e, _)| e == expression).map(|(_, order)| *order);
    assert_eq!(order("bswap(f)"), Some(WordOrder::ByteSwapped), "{orders:?}");
    assert_eq!(order("bswap(f) - bswap(r)"), Some(WordOrder::ByteSwapped), "{orders:?}");
    assert_eq!(order("bswap(bswap(f) - bswap(r))"), Some(WordOrder::Board), "{orders:?}");
    assert_eq!(order("(f - r) ^ bswap(bswap(f) - bswap(r))"), Some(WordOrder::Board), "{orders:?}");
    let swapped = said(text, Square::D4, 0x0008_0000_0000_0800);
    assert!(
        swapped.contains("In the byte-swapped word d5 stands for d4 on the board.")
            && swapped.contains("In the byte-swapped word d7 stands for d2 on the board. d2 holds a piece."),
        "{swapped}"
    );
    // A function that returns a swapped word gives one: its value's bits are said for what
    // they stand for, not as the board's squares.
    let through =
        said("U64 g(U64 x) { return bswap(x); }\ng(o & file(sq) & ~r) - g(r)", Square::D4, 0x0008_1008_0041_0800);
    assert!(
        through.contains("In the byte-swapped word d7 stands for d2 on the board.")
            && !through.contains("d7 holds a piece"),
        "{through}"
    );
    // Through the wire, as the page receives the steps, each keeps its order.
    let mut writer = sliders_formula::wire::Writer::default();
    sliders_formula::wire::write_trace(&mut writer, &trace, None).unwrap();
    let (read, _) = sliders_formula::wire::read_trace(&writer.bytes).unwrap();
    assert_eq!(
        read.steps.iter().map(|s| s.order).collect::<Vec<_>>(),
        trace.steps.iter().map(|s| s.order).collect::<Vec<_>>()
    );
    let numbers = said("63 - clz(o)", Square::D4, 0);
    assert!(numbers.ends_with("63 − 36 = 27."), "{numbers}");
    let rotate = said("rotl(r, 40)", Square::D4, 0);
    assert!(rotate.contains("1 bit passes bit 63 and comes back in from bit 0"), "{rotate}");
    // A choice, a comparison and ! name their operand by its own text.
    let blockers = said("blockers = ray(sq, north) & o\nreturn blockers ? 1 : 2", Square::D4, 1 << 51);
    assert!(blockers.contains("blockers is 0x0008000000000000, not zero"), "{blockers}");
    let trace =
        Formula::parse("(o == r) + !o").unwrap().trace(Slider::Rook, Square::D4.bit(), Bitboard::EMPTY).unwrap();
    let names: Vec<(String, String)> = trace
        .steps
        .iter()
        .map(|s| {
            let n = sliders_explain::operands::of(s);
            (n.lhs.to_string(), n.rhs.to_string())
        })
        .collect();
    assert_eq!(names[0], ("o".to_string(), "r".to_string()));
    assert_eq!(names[1], ("o".to_string(), String::new()));
    let not = said("!o", Square::D4, 0);
    assert!(not.starts_with("o is 0x0000000008000000, not zero, so !o is 0."), "{not}");
    // A product by a single bit is a shift, and a product past bit 63 says what it loses.
    let double = said("2 * r", Square::D4, 0);
    assert!(
        double.starts_with(
            "2 is a single one bit, bit 1, so multiplying by it shifts r up by 1. Every one bit moves 1 place up"
        ),
        "{double}"
    );
    let lost = said("r * 0x0100000000000000", Square::D4, 0);
    assert!(lost.contains("1 bit passes bit 63 and is lost"), "{lost}");
    let bsr = said("bsr(o & 0)", Square::D4, 0);
    assert!(bsr.contains("gives 64 (63 − i64.clz would give −1"), "{bsr}");
    let stop = said("bsf(o)", Square::D4, 1 << 63);
    assert!(stop.contains("d4 is the rook's own square.") && !stop.contains("technique"), "{stop}");
}

/// A caret under a place in a very long line shows a window of the line around the place, cut
/// with … marks, the caret still under the place.
#[test]
fn a_caret_in_a_long_line_shows_a_window_around_the_place() {
    let text = format!("return o & {} @ r", "r | ".repeat(300));
    let error = Formula::parse(&text).unwrap_err();
    let (line, caret) = error.caret(&text);
    assert!(line.chars().count() <= sliders_formula::CARET_WINDOW + 2, "{line}");
    assert!(line.starts_with('…'), "{line}");
    let at = caret.chars().position(|c| c == '^').unwrap();
    assert_eq!(line.chars().nth(at), Some('@'), "{line}\n{caret}");
    // A short line is shown whole.
    let error = Formula::parse("o & @").unwrap_err();
    assert_eq!(error.caret("o & @"), ("o & @".to_string(), "    ^".to_string()));
}
