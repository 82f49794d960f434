//! C read as C, checked against a C compiler: random texts of C's integer types (each width
//! and sign, casts, literals typed by their suffixes, a function of typed parameters) are
//! exported as typed ("Copy as C") and compiled by GCC or Clang with UndefinedBehaviorSanitizer.
//! Where the evaluator gives a value, the compiled code gives the same value and the sanitizer
//! finds nothing undefined; where the evaluator faults, the sanitizer stops the program there.
//! (One exception, GCC's own: a signed `+`, `-` or `*` whose value is converted to a narrower
//! type, `(int)(l * k)`, GCC computes in the narrower unsigned type, where it cannot overflow;
//! C leaves the overflow undefined, and the evaluator faults. Those are counted apart, and most
//! overflows must still be caught. Likewise a table read outside the table whose value
//! GCC's front end folds away, unread, as in `(unsigned)(w[15] != x) < -1U`, which is true
//! whatever the read gives: counted apart, and most reads outside must still be caught.)
//! So the evaluator's C, and the prover's and WebAssembly's that agree with it (tests/prove.rs,
//! crates/wasm-encode), is the compiler's.
//!
//! The exported Rust of the same texts gives the same values where the evaluator gives one.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use sliders::workload::Xorshift96;
use sliders::{Bitboard, Square};
use sliders_formula::ctype::Reading;
use sliders_formula::Formula;

const TEXTS: usize = 150;
const BOARDS_PER_SQUARE: usize = 6;
/// The faulting cases of each text run one program each (the sanitizer stops at the first).
const FAULTS_PER_TEXT: usize = 3;

fn one<'a>(rng: &mut Xorshift96, items: &[&'a str]) -> &'a str {
    items[rng.next_u32() as usize % items.len()]
}

/// An expression over `names` of C's operators, casts and typed literals.
fn expression(rng: &mut Xorshift96, depth: u32, names: &[&str]) -> String {
    const BINARY: [&str; 18] =
        ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "&&", "||"];
    const LITERALS: [&str; 14] =
        ["0", "1", "2", "3", "31", "32", "63", "1U", "1ULL", "7LL", "0x80000000", "2147483647", "0xffffffffU", "65535"];
    const CASTS: [&str; 7] =
        ["(int)", "(unsigned)", "(unsigned char)", "(short)", "(long long)", "(U64)", "(signed char)"];
    let choice = rng.next_u32() % if depth == 0 { 3 } else { 9 };
    let below = depth.saturating_sub(1);
    match choice {
        0 | 1 => one(rng, names).to_string(),
        2 => one(rng, &LITERALS).to_string(),
        3 => format!("{}({})", one(rng, &["~", "-", "!"]), expression(rng, below, names)),
        4 => format!("{}({})", one(rng, &CASTS), expression(rng, below, names)),
        5 => format!(
            "({} ? {} : {})",
            expression(rng, below, names),
            expression(rng, below, names),
            expression(rng, below, names)
        ),
        _ => format!("({} {} {})", expression(rng, below, names), one(rng, &BINARY), expression(rng, below, names)),
    }
}

/// A text of C's types: names of each width and sign from the board, a function of typed
/// parameters, and a value of a random type, returned as a 64-bit word.
fn text(rng: &mut Xorshift96) -> String {
    let function = expression(rng, 2, &["a", "b"]);
    // Table reads: most inside, some that can run past a size (`w[s & 15]`, `t[c][0]`).
    let value = expression(
        rng,
        3,
        &["i", "u", "c", "s", "l", "sq", "f(i, u)", "f(c, s)", "t[i & 1][u % 5]", "w[c & 7]", "w[s & 15]", "t[c][0]"],
    );
    let ints: Vec<String> = (0..8).map(|_| format!("{}", rng.next_u32() as i32 >> (rng.next_u32() % 31))).collect();
    let words: Vec<String> = (0..8).map(|_| format!("{:#x}ULL", rng.next_u64())).collect();
    let ty = one(rng, &["int", "unsigned", "unsigned char", "short", "long long", "U64", "_Bool"]);
    let shifts: Vec<u32> = (0..4).map(|_| rng.next_u32() % 60).collect();
    format!(
        "typedef unsigned long long U64;
const int t[2][5] = {{ {{ {} }}, {{ {} }} }};
const U64 w[] = {{ {} }};
int f(int a, unsigned b) {{
    return {function};
}}
int i = (int)(o >> {});
unsigned u = o >> {};
unsigned char c = o >> {};
short s = (short)(o >> {});
long long l = o;
{ty} v = {value};
return (U64)v;
",
        ints[..5].join(", "),
        ints[5..].join(", "),
        words.join(", "),
        shifts[0],
        shifts[1],
        shifts[2],
        shifts[3]
    )
}

struct Case {
    text: usize,
    occupied: u64,
    square: u32,
    /// The evaluator's value, or its fault.
    expected: Result<u64, String>,
}

fn cases(formulas: &[Formula]) -> Vec<Case> {
    let mut rng = Xorshift96::default();
    let mut cases = Vec::new();
    for (index, formula) in formulas.iter().enumerate() {
        for square in 0..64u32 {
            let slider = 1u64 << square;
            let mut boards = vec![slider, u64::MAX];
            while boards.len() < BOARDS_PER_SQUARE {
                let (a, b) = (rng.next_u64(), rng.next_u64());
                boards.push(if boards.len() % 2 == 0 { a & b } else { a } | slider);
            }
            for occupied in boards {
                let expected = formula
                    .attacks(Square::from_index(square).bit(), Bitboard(occupied))
                    .map(|b| b.0)
                    .map_err(|f| f.message);
                cases.push(Case { text: index, occupied, square, expected });
            }
        }
    }
    cases
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slider-lab-c-meaning-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn prefix(index: usize) -> sliders_formula::Prefix {
    format!("text{index}").parse().unwrap()
}

fn c_main(count: usize) -> String {
    let mut program = String::from("#include <inttypes.h>\n#include <stdint.h>\n#include <stdio.h>\n\n");
    for index in 0..count {
        program.push_str(&format!("uint64_t text{index}_attacks(uint64_t occupied, unsigned square);\n"));
    }
    program.push_str(
        "
int main(void)
{
    unsigned text, square;
    uint64_t occupied;
    while (scanf(\"%u %\" SCNx64 \" %u\", &text, &occupied, &square) == 3) {
        uint64_t value;
        switch (text) {
",
    );
    for index in 0..count {
        program.push_str(&format!("        case {index}: value = text{index}_attacks(occupied, square); break;\n"));
    }
    program.push_str("        default: return 2;\n        }\n        printf(\"%\" PRIx64 \"\\n\", value);\n    }\n    return 0;\n}\n");
    program
}

/// Runs the program on `cases`: its exit status, its values, and what it said on stderr.
fn run(program: &Path, cases: &[&Case]) -> (bool, Vec<u64>, String) {
    let input: String =
        cases.iter().map(|case| format!("{} {:x} {}\n", case.text, case.occupied, case.square)).collect();
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    let _ = writer.join().unwrap();
    let values =
        String::from_utf8_lossy(&output.stdout).lines().map(|line| u64::from_str_radix(line, 16).unwrap()).collect();
    (output.status.success(), values, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// The first of cc, gcc and clang that links a program with the sanitizer.
fn sanitizing_compiler(dir: &Path) -> Option<&'static str> {
    let probe = dir.join("probe.c");
    std::fs::write(&probe, "int main(void) { return 0; }\n").unwrap();
    ["cc", "gcc", "clang"].into_iter().find(|compiler| {
        Command::new(compiler)
            .args(["-fsanitize=undefined", "-o"])
            .arg(dir.join("probe"))
            .arg(&probe)
            .output()
            .is_ok_and(|output| output.status.success())
    })
}

fn texts() -> Vec<Formula> {
    let mut rng = Xorshift96::default();
    (0..TEXTS)
        .map(|_| {
            let text = text(&mut rng);
            let formula = Formula::parse(&text).unwrap_or_else(|e| panic!("{text}\n{}", e.describe(&text)));
            assert_eq!(formula.reading(), Reading::C, "{text}");
            formula
        })
        .collect()
}

#[test]
fn c_read_as_c_agrees_with_the_compiler_and_its_sanitizer() {
    let dir = scratch("c");
    let Some(compiler) = sanitizing_compiler(&dir) else {
        let message = "no C compiler links with -fsanitize=undefined, so C's meaning is not checked against one";
        assert!(std::env::var_os("SLIDER_LAB_REQUIRE_CC").is_none(), "{message}, and SLIDER_LAB_REQUIRE_CC is set");
        eprintln!("note: {message}; install gcc to test it");
        return;
    };
    let formulas = texts();
    let cases = cases(&formulas);
    let mut sources = vec![dir.join("main.c")];
    std::fs::write(&sources[0], c_main(formulas.len())).unwrap();
    for (index, formula) in formulas.iter().enumerate() {
        let path = dir.join(format!("text{index}.c"));
        std::fs::write(&path, formula.to_c_named(&prefix(index))).unwrap();
        sources.push(path);
    }
    let program = dir.join("texts");
    // -O0: nothing optimised on the assumption that the undefined never happens; -w: a random
    // text's silliness (a constant shift too far) is its own.
    let output = Command::new(compiler)
        .args(["-O0", "-std=c99", "-w", "-fsanitize=undefined", "-fno-sanitize-recover=all", "-o"])
        .arg(&program)
        .args(&sources)
        .output()
        .unwrap();
    assert!(output.status.success(), "{compiler}: {}", String::from_utf8_lossy(&output.stderr));
    // Where the evaluator gives a value: the same value, and nothing undefined.
    let valued: Vec<&Case> = cases.iter().filter(|case| case.expected.is_ok()).collect();
    let (ok, values, said) = run(&program, &valued);
    assert!(ok, "the sanitizer stopped a case the evaluator gives a value for: {said}");
    assert_eq!(values.len(), valued.len());
    for (case, value) in valued.iter().zip(&values) {
        assert_eq!(
            case.expected.as_ref().ok(),
            Some(value),
            "text {} on square {}, occupied {:#x}:\n{}",
            case.text,
            case.square,
            case.occupied,
            formulas[case.text].source()
        );
    }
    // Where it faults: the sanitizer stops the program, naming what C leaves undefined.
    let (mut faults, mut overflows, mut narrowed) = (0, 0, 0);
    let (mut outside, mut unread) = (0, 0);
    for (index, formula) in formulas.iter().enumerate() {
        for case in cases.iter().filter(|case| case.text == index && case.expected.is_err()).take(FAULTS_PER_TEXT) {
            let (ok, _, said) = run(&program, &[case]);
            let overflow = case.expected.as_ref().err().is_some_and(|fault| fault.contains("the result is past what"));
            overflows += usize::from(overflow);
            if overflow && ok {
                narrowed += 1;
                continue;
            }
            let read_outside = case.expected.as_ref().err().is_some_and(|fault| fault.contains("outside the table"));
            outside += usize::from(read_outside);
            if read_outside && ok {
                unread += 1;
                continue;
            }
            assert!(
                !ok && said.contains("runtime error"),
                "the evaluator faults ({:?}) where the compiled code runs: text {index} on square {}, occupied {:#x}:\n{}\n{said}",
                case.expected,
                case.square,
                case.occupied,
                formula.source()
            );
            faults += 1;
        }
    }
    // The texts meet both: values, and faults on some boards; and GCC's narrowing is the
    // exception, not the rule.
    assert!(valued.len() > cases.len() / 4 && faults > TEXTS / 4, "{} valued, {faults} faults", valued.len());
    assert!(narrowed * 3 < overflows, "{narrowed} of {overflows} overflows computed narrower by the compiler");
    assert!(
        outside > 10 && unread * 3 < outside,
        "{unread} of {outside} reads outside a table left unread by the compiler"
    );
    eprintln!("{} cases with values, {faults} faults caught by the sanitizer, {narrowed} of {overflows} overflows computed narrower, {unread} of {outside} reads outside a table unread", valued.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The exported Rust of the same texts, compiled with warnings denied, gives the evaluator's
/// value wherever it gives one.
#[test]
fn c_read_as_c_exported_as_rust_gives_the_evaluators_values() {
    let formulas = texts();
    let cases = cases(&formulas);
    let dir = scratch("rust");
    let mut program = String::new();
    for (index, formula) in formulas.iter().enumerate() {
        program.push_str("#[allow(unused_comparisons, dead_code)] // A random text may compare with a bound.\n");
        program.push_str(&format!("mod t{index} {{\n{}}}\n\n", formula.to_rust_named(&prefix(index))));
    }
    program.push_str("use std::io::{Read, Write};\n\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n    let mut out = String::new();\n    for line in input.lines() {\n        let mut words = line.split(' ');\n        let text: usize = words.next().unwrap().parse().unwrap();\n        let occupied = u64::from_str_radix(words.next().unwrap(), 16).unwrap();\n        let square: u32 = words.next().unwrap().parse().unwrap();\n        let value = match text {\n");
    for index in 0..formulas.len() {
        program.push_str(&format!("            {index} => t{index}::text{index}_attacks(occupied, square),\n"));
    }
    program.push_str("            _ => panic!(\"no text {text}\"),\n        };\n        out.push_str(&format!(\"{value:x}\\n\"));\n    }\n    std::io::stdout().write_all(out.as_bytes()).unwrap();\n}\n");
    let source = dir.join("main.rs");
    std::fs::write(&source, program).unwrap();
    let binary = dir.join("texts");
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(&rustc)
        .args(["-O", "--edition", "2021", "-D", "warnings", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap();
    assert!(output.status.success(), "rustc: {}", String::from_utf8_lossy(&output.stderr));
    let valued: Vec<&Case> = cases.iter().filter(|case| case.expected.is_ok()).collect();
    let (ok, values, said) = run(&binary, &valued);
    assert!(ok, "{said}");
    for (case, value) in valued.iter().zip(&values) {
        assert_eq!(case.expected.as_ref().ok(), Some(value), "text {}:\n{}", case.text, formulas[case.text].source());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The header of the exported Rust says a debug build panics where C leaves an operation
/// undefined: so it does, for a signed overflow, a shift too far, and a division by zero.
#[test]
fn exported_rust_of_c_panics_in_a_debug_build_where_c_is_undefined() {
    let dir = scratch("rust-debug");
    let texts = [
        "int big = 2147483647 - popcount(o);\nreturn (unsigned long long)(big + 5);",
        "int s = popcount(o) + 40;\nreturn (unsigned long long)(1 << s);",
        "int d = popcount(o) - 1;\nreturn (unsigned long long)(7 / d);",
    ];
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    for (index, text) in texts.iter().enumerate() {
        let formula = Formula::parse(text).unwrap();
        // The evaluator faults on the slider alone (popcount 1).
        assert!(formula.attacks(Square::A1.bit(), Bitboard(1)).is_err(), "{text}");
        let program = format!(
            "{}\nfn main() {{ println!(\"{{:x}}\", text{index}_attacks(1, 0)); }}\n",
            formula.to_rust_named(&prefix(index))
        );
        let source = dir.join(format!("t{index}.rs"));
        std::fs::write(&source, program).unwrap();
        let binary = dir.join(format!("t{index}"));
        let output = Command::new(&rustc).args(["--edition", "2021", "-o"]).arg(&binary).arg(&source).output().unwrap();
        assert!(output.status.success(), "rustc: {}", String::from_utf8_lossy(&output.stderr));
        let run = Command::new(&binary).output().unwrap();
        assert!(!run.status.success(), "{text}: the debug build ran on: {}", String::from_utf8_lossy(&run.stdout));
        assert!(String::from_utf8_lossy(&run.stderr).contains("panicked"), "{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
