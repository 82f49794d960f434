//! C's preprocessor as the articles' and engines' listings use it: macros (object-like, empty,
//! function-like, `##`), include guards, `#if 0`, and `#include` skipped with a note. Lines
//! keep their numbers, and a step or an error inside a macro lights the macro's use.

use proptest::prelude::*;
use sliders::{Bitboard, Slider, Square};
use sliders_formula::preprocess::{preprocess, MAX_EXPANDED_TOKENS};
use sliders_formula::Formula;

mod common;

use common::{error, read};

fn attacks(formula: &Formula, square: Square, occupied: u64) -> Bitboard {
    formula.attacks(square.bit(), Bitboard(occupied)).unwrap_or_else(|f| panic!("{}", f.describe(formula.source())))
}

/// The north ray from the slider, in the wiki's style: a pasted `ULL` constant and a mask.
const PASTED: &str = "#define C64(constantU64) constantU64##ULL
#define NOT_A_FILE C64(0xfefefefefefefefe)
// the files but a: nothing wraps from h to a
return ray(sq, north) & (o | C64(0x8000000000000000)) & NOT_A_FILE";

#[test]
fn a_pasted_suffix_makes_one_number() {
    let formula = read(PASTED);
    let board = 0x0010_0000_0010_0000;
    let plain = read("return ray(sq, north) & (o | 0x8000000000000000) & 0xfefefefefefefefe");
    for square in [Square::D4, Square::E2, Square::A1, Square::H8] {
        assert_eq!(attacks(&formula, square, board), attacks(&plain, square, board), "{square:?}");
    }
}

#[test]
fn a_step_inside_a_macro_lights_the_macro_as_typed() {
    let formula = read(PASTED);
    let trace = formula.trace(Slider::Rook, Square::D4.bit(), Bitboard(1 << 51)).expect("runs");
    let typed: Vec<&str> = trace
        .steps
        .iter()
        .filter_map(|step| match step.place {
            sliders::trace::Place::Typed { span, .. } => Some(&PASTED[span.start..span.end]),
            _ => None,
        })
        .collect();
    assert!(typed.iter().any(|t| t.contains("C64(0x8000000000000000)")), "{typed:?}");
    assert!(typed.iter().all(|t| !t.contains('#')), "no step lights a directive: {typed:?}");
    // The comment above the line is still its why: lines keep their numbers.
    assert!(
        trace.steps.iter().any(|s| s.why.contains("nothing wraps")),
        "{:?}",
        trace.steps.iter().map(|s| &s.why).collect::<Vec<_>>()
    );
}

#[test]
fn a_label_says_a_macro_for_one_operand_as_typed_and_a_macro_with_operations_expanded() {
    // NOT_A_FILE and C64(…) each stand for one number: the labels say them as the code panel
    // marks them, never the number they expand to.
    let formula = read(PASTED);
    let trace = formula.trace(Slider::Rook, Square::D4.bit(), Bitboard(1 << 51)).expect("runs");
    let labels: Vec<&str> = trace.steps.iter().map(|step| &*step.label).collect();
    assert!(labels.contains(&"o | C64(0x8000000000000000)"), "{labels:?}");
    assert!(labels.iter().any(|label| label.ends_with("& NOT_A_FILE")), "{labels:?}");
    assert!(labels.iter().all(|label| !label.contains("0xfefefefefefefefe")), "{labels:?}");
    // An operand a step shows is named as typed too.
    let masked = trace.steps.iter().find(|step| step.label.ends_with("& NOT_A_FILE")).expect("the mask's step");
    assert_eq!(&*masked.operands.rhs, "NOT_A_FILE");
    // A constant in parentheses is one operand too; a macro with an operator in it is each of
    // its operations, so its steps are labelled expanded (one label per operation, no two alike).
    let text = "#define EDGE (0x8181818181818181ULL)
#define NORTH_ONE(x) ((x) << 8)
return NORTH_ONE(o & EDGE) | r";
    let formula = read(text);
    let trace = formula.trace(Slider::Rook, Square::D4.bit(), Bitboard(1 << 51)).expect("runs");
    let labels: Vec<&str> = trace.steps.iter().map(|step| &*step.label).collect();
    assert_eq!(
        labels,
        ["o & 0x8181818181818181ULL", "(o & 0x8181818181818181ULL) << 8", "((o & 0x8181818181818181ULL) << 8) | r"]
    );
    let text = "#define EDGE (0x8181818181818181ULL)
return (o & EDGE) << 8";
    let labels: Vec<String> = read(text)
        .trace(Slider::Rook, Square::D4.bit(), Bitboard(0))
        .expect("runs")
        .steps
        .iter()
        .map(|s| s.label.to_string())
        .collect();
    assert_eq!(labels, ["o & EDGE", "(o & EDGE) << 8"]);
}

#[test]
fn include_guards_and_if_0_choose_what_is_read() {
    let text = "#ifndef ATTACKS_H
#define ATTACKS_H
#include <stdint.h>
#if 0
this is not read: @ $ `
#else
#define EAST_OF(x) ((x) << 1)
#endif
#endif
#ifndef ATTACKS_H
not read either
#endif
#if defined(ATTACKS_H) && !defined(NOTHING)
return EAST_OF(r) & ~0x0101010101010101
#endif";
    let formula = read(text);
    assert_eq!(attacks(&formula, Square::D4, 0), Square::E4.bit());
    assert_eq!(attacks(&formula, Square::H4, 0), Bitboard(0));
    let note = formula.reading_note();
    assert!(note.contains("#include"), "{note}");
    // No directive, nothing of one.
    assert!(!read("return r << 1").reading_note().contains('#'));
    // An error later in the text keeps the note of how its start was read, and its place.
    let broken = "#include <stdint.h>\n#define EAST(x) ((x) << 1)\nreturn EAST(r) & ~";
    let error = Formula::parse(broken).unwrap_err();
    assert_eq!(error.notes.len(), 1, "{error:?}");
    assert!(error.notes[0].contains("#include"), "{error:?}");
    assert_eq!(error.position(broken).0, 3, "{error:?}");
    assert_eq!(Formula::parse("return r &").unwrap_err().notes, Vec::<String>::new());
    // So does an error in a directive after it.
    let error = Formula::parse("#include <stdint.h>\n#elsif\nreturn r").unwrap_err();
    assert!(error.notes.len() == 1 && error.notes[0].contains("#include"), "{error:?}");
}

#[test]
fn an_empty_macro_and_a_call_over_several_lines() {
    let text = "#define INLINE
#define ADD(a, b) \\
    ((a) + (b))
INLINE U64 north_one(U64 x) { return x << 8; }
return ADD(north_one(r),
           north_one(north_one(r)))";
    let formula = read(text);
    assert_eq!(attacks(&formula, Square::D4, 0), Bitboard((1 << 35) + (1 << 43)));
    // The line after the call keeps its number.
    let after = format!("{text}\nreturn @");
    assert!(error(&after).starts_with("line 7, column 8"), "{}", error(&after));
}

#[test]
fn arguments_keep_their_parentheses_and_commas() {
    let formula = read("#define PICK(a, b) b\n#define TWICE(x) ((x) * 2)\nreturn PICK((r, o), TWICE(r & o))");
    assert_eq!(attacks(&formula, Square::C3, 0), Bitboard(Square::C3.bit().0 * 2));
    let nested = read("#define SHIFT(x, n) ((x) << (n))\n#define UP(x) SHIFT(x, 8)\nreturn UP(UP(r))");
    assert_eq!(attacks(&nested, Square::A1, 0), Square::A3.bit());
}

#[test]
fn a_macro_does_not_expand_inside_itself() {
    // C leaves a macro's own name alone in its expansion: `r` here is the board's name.
    let formula = read("#define r (r | 1)\nreturn r");
    assert_eq!(attacks(&formula, Square::D4, 0), Bitboard(Square::D4.bit().0 | 1));
    let error = error("#define A B\n#define B A\nreturn A");
    assert!(error.starts_with("line 3, column 8"), "{error}");
}

#[test]
fn an_expansion_that_grows_without_end_stops_with_a_message() {
    let mut text = String::from("#define A0 r\n");
    for level in 1..=20 {
        text.push_str(&format!("#define A{level} (A{0} | A{0})\n", level - 1));
    }
    text.push_str("return A20");
    let error = error(&text);
    assert!(error.contains(&format!("more than {MAX_EXPANDED_TOKENS} tokens")), "{error}");
    assert!(error.starts_with("line 22, column 8"), "{error}");
}

#[test]
fn bad_directives_say_what_is_wrong_where() {
    let cases = [
        ("#defin X 1\nreturn r", "line 1, column 1: #defin is not a directive read here"),
        ("#if 1\nreturn r", "line 1, column 1: this conditional is never closed"),
        ("return r\n#endif", "line 2, column 1: #endif without an #if"),
        ("#if 1\n#else\n#else\n#endif\nreturn r", "line 3, column 1: #else after this conditional's #else"),
        ("#define F(a, b) a\nreturn F(r)", "line 2, column 8: F takes 2 arguments; this use gives 1"),
        ("#define F(a) a\nreturn F(r", "line 2, column 8: this use of F is never closed"),
        ("#define S(a) #a\nreturn r", "line 1, column 14: # (making a string"),
        ("#define P(a) a ## +\nreturn P(r)", "line 2, column 8: pasting r and + with ## does not make one token"),
        ("#define V(...) 1\nreturn r", "line 1, column 11: a macro of any number of arguments"),
        ("#error not for this board\nreturn r", "line 1, column 1: #error: not for this board"),
        ("#if banana(\n#endif\nreturn r", "line 1, column 1: this #if is not read here"),
        ("#define\nreturn r", "line 1, column 1: expected the macro's name"),
        // A character the language lacks, typed in a macro, is shown where the macro is used.
        ("#define BAD $\nreturn r | BAD", "line 2, column 12: \"$\" is not part of the language"),
    ];
    for (text, expected) in cases {
        let got = error(text);
        assert!(got.starts_with(expected), "{text:?}\n  got:      {got}\n  expected: {expected}");
    }
}

#[test]
fn skipped_branches_count_their_nesting() {
    let text =
        "#if 0\n#if 1\n#define X 1\n#endif\n#define X 2\n#endif\n#ifdef X\n#error X is defined\n#endif\nreturn r";
    read(text);
    let elif = read("#if 0\n#define N 1\n#elif 1\n#define N 8\n#else\n#define N 16\n#endif\nreturn r << N");
    assert_eq!(attacks(&elif, Square::A1, 0), Square::A2.bit());
}

proptest! {
    /// A text with no `#` is read exactly as typed, every span its own.
    #[test]
    fn text_without_directives_is_read_as_typed(text in "[a-z0-9 ()+*\\n/]{0,80}", start in 0usize..80, length in 0usize..10) {
        let expanded = preprocess(&text).expect("no directive can fail");
        prop_assert_eq!(&expanded.text, &text);
        let start = start.min(text.len());
        let end = (start + length).min(text.len());
        let span = sliders::trace::Span::new(start, end);
        prop_assert_eq!(expanded.span(span), span);
    }

    /// Whatever the lines hold, directives leave the line count as it was, and every span
    /// maps inside the source, in order.
    #[test]
    fn lines_and_spans_stay_in_the_source(lines in prop::collection::vec(prop::sample::select(vec![
        "#define A (r | o)", "#define F(x) ((x) << 1)", "#define C(a, b) a##b", "return F(A) | C(0x, 1)",
        "#if 0", "#ifdef A", "#endif", "#else", "F(\n r)", "A + A", "// note", "x = C(1, 2)",
    ]), 0..12)) {
        let text = lines.join("\n");
        if let Ok(expanded) = preprocess(&text) {
            prop_assert_eq!(expanded.text.matches('\n').count(), text.matches('\n').count());
            let mut last = 0;
            for at in 0..=expanded.text.len() {
                let span = expanded.span(sliders::trace::Span::new(at, at));
                prop_assert!(span.start <= span.end && span.end <= text.len());
                prop_assert!(span.start >= last, "spans go back at {}", at);
                last = span.start;
            }
        }
    }
}

/// A formula whose macros expand past the bound on operations (here in a loop, whose body
/// counts 64 times) is refused on the line that returns, never past the end of the text on an
/// empty line.
#[test]
fn too_many_operations_are_marked_on_the_line_that_returns() {
    let text = "#define A(x) (x ^ x ^ x ^ x ^ x ^ x ^ x ^ x ^ x ^ x ^ x)\n#define B(x) A(A(x))\nx = o\nwhile (x) {\n    x = B(x) & (x - 1)\n}\nreturn x\n\n";
    let said = error(text);
    // 64 runs of the test and the body's 122 operations, and the test once more.
    assert!(
        said.starts_with("line 7, column 1: one run of this formula can take 7873 operations; the most is 4096"),
        "{said}"
    );
    let spanned = sliders_formula::Formula::parse(text).err().map(|e| e.span);
    assert_eq!(spanned.map(|span| &text[span.start..span.end]), Some("return x"));
}
