//! The `sliders` command: its outputs, and one clear error line for each kind of bad input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sliders(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sliders"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sliders binary runs");
    // Feed stdin from a thread: the child's output must be read while it is still writing.
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_owned();
    let feeder = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap().expect("stdin accepted");
    output
}

/// A getter that clears the slider's bit as the lowest of its file: right where the slider
/// stands on its square, wrong from an empty one (the formula crate's test data).
const OWN_BIT_GETTER: &str = include_str!("../../sliders-formula/tests/data/own_bit_getter.c");

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A failure: non-zero exit, exactly one stderr line that says `needle`, and no panic.
fn assert_one_error(output: &Output, needle: &str) {
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "one error line, got {stderr:?}");
    assert!(stderr.contains(needle), "{stderr:?} should mention {needle:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn lists_the_techniques() {
    let output = sliders(&["techniques"], "");
    assert!(output.status.success());
    let names: Vec<String> = text(&output.stdout).lines().map(String::from).collect();
    let expected: Vec<&str> = sliders::Technique::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(names, expected);
    assert!(names.contains(&"obstruction-difference-hoffmann".to_string()));
}

#[test]
fn prints_attacks_as_padded_hex() {
    let args = ["attacks", "--technique", "sbamg", "--slider", "rook", "--square", "d1", "--occupied", "0x43"];
    let output = sliders(&args, "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The nibble sample's rank attacks 0x76, plus the d-file above d1 (empty, up to d8).
    assert_eq!(text(&output.stdout), "0x0808080808080876\n");
}

#[test]
fn trace_draws_the_article_grids() {
    let args = [
        "trace",
        "--technique",
        "subtraction",
        "--slider",
        "rook",
        "--square",
        "d2",
        "--occupied",
        "0x4ced22000146f848",
    ];
    let output = sliders(&args, "");
    assert!(output.status.success());
    let out = text(&output.stdout);
    assert!(out.contains("positive rays only"));
    assert!(out.contains("step 4: [the d-file] potential_blockers - 2r = difference"), "{out}");
    // Each step says what it did, computed from its values.
    assert!(out.contains("until bit 51 (d7), the next one bit of potential_blockers, absorbs it"), "{out}");
    // The difference grid's fifth row beside the operator, as in the article.
    assert!(out.contains(". . . . . . . .   -   . . . . . . . .   =   1 1 1 1 1 1 1 1"), "{out}");
    assert!(out.contains("0x0808000000000808 - 0x0000000000001000 = 0x0807fffffffff808"));
}

#[test]
fn batch_answers_line_by_line() {
    let input = "rook d1 0x43\nqueen a1 0x0\nbishop h8 0xffffffffffffffff\n";
    let output = sliders(&["attacks", "--technique", "obstruction-difference", "--batch"], input);
    assert!(output.status.success());
    assert_eq!(text(&output.stdout), "0x0808080808080876\n0x81412111090503fe\n0x0040000000000000\n");
}

#[test]
fn batch_reports_a_bad_line_and_skips_it() {
    let input = "rook d1 0x43\nrook i9 0x0\nrook a1 0x1\n";
    let output = sliders(&["attacks", "--technique", "sbamg", "--batch"], input);
    assert_one_error(&output, "line 2");
    assert!(text(&output.stderr).contains("\"rook i9 0x0\""));
    assert_eq!(text(&output.stdout).lines().count(), 2, "nothing printed for the bad line");
}

#[test]
fn batch_reports_a_malformed_line() {
    let output = sliders(&["attacks", "--technique", "sbamg", "--batch"], "rook d4\n");
    assert_one_error(&output, "expected 3 fields");
}

#[test]
fn bad_arguments_get_one_line_each() {
    let base = ["attacks", "--slider", "rook", "--square", "d4", "--occupied", "0x0"];
    let mut unknown = base.to_vec();
    unknown.extend(["--technique", "black-magic"]);
    assert_one_error(&sliders(&unknown, ""), "unknown technique");

    let square = ["attacks", "--technique", "sbamg", "--slider", "rook", "--square", "i9", "--occupied", "0x0"];
    assert_one_error(&sliders(&square, ""), "i9");

    let hex =
        ["attacks", "--technique", "sbamg", "--slider", "rook", "--square", "d4", "--occupied", "0x1ffffffffffffffff"];
    assert_one_error(&sliders(&hex, ""), "17 hex digits");

    let slider = ["attacks", "--technique", "sbamg", "--slider", "king", "--square", "d4", "--occupied", "0x0"];
    assert_one_error(&sliders(&slider, ""), "rook, bishop or queen");
}

#[test]
fn a_million_batch_lines_are_answered() {
    let mut input = String::with_capacity(30_000_000);
    sliders::workload::for_each_position(1_000_000 / 12 + 1, |occupancy, squares| {
        for square in squares {
            input.push_str(&format!("queen {} {:#x}\n", sliders::Square::from_index(square as u32), occupancy));
        }
    });
    let lines = input.lines().count();
    let output = sliders(&["attacks", "--technique", "obstruction-difference", "--batch"], &input);
    assert!(output.status.success());
    assert_eq!(text(&output.stdout).lines().count(), lines);
}

#[test]
fn several_sliders_for_the_set_wise_techniques_and_a_clear_refusal_for_the_rest() {
    let many = sliders(
        &["attacks", "--technique", "kogge-stone", "--slider", "rook", "--square", "d4,f6", "--occupied", "0x0"],
        "",
    );
    assert!(many.status.success());
    let expected =
        sliders::Technique::Reference.attacks(sliders::Slider::Rook, sliders::Square::D4, sliders::Square::F6.bit())
            | sliders::Technique::Reference.attacks(
                sliders::Slider::Rook,
                sliders::Square::F6,
                sliders::Square::D4.bit(),
            );
    assert_eq!(text(&many.stdout).trim(), expected.to_string());
    let trace = sliders(
        &["trace", "--technique", "dumb7fill", "--slider", "rook", "--square", "d4,f6", "--occupied", "0x0"],
        "",
    );
    assert!(text(&trace.stdout).starts_with("dumb7fill (Seven one-step shifts): rook on d4 and f6"));
    let one = ["attacks", "--technique", "magic", "--slider", "rook", "--square", "d4,f6", "--occupied", "0x0"];
    assert_one_error(&sliders(&one, ""), "magic takes one slider, and 2 were given (d4 and f6)");
    let twice = ["attacks", "--technique", "kogge-stone", "--slider", "rook", "--square", "d4,d4", "--occupied", "0x0"];
    assert_one_error(&sliders(&twice, ""), "d4 is named twice");
}

#[test]
fn eval_prints_a_formulas_value_first_and_its_steps() {
    let output = sliders(
        &[
            "eval",
            "--formula",
            "o ^ (o - 2 * r)",
            "--slider",
            "rook",
            "--square",
            "d4",
            "--occupied",
            "0x0008000000000000",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The borrow runs from e4 up to the piece on d7, which absorbs it.
    assert_eq!(text(&output.stdout), "0x000ffffff0000000\n");
    let traced = sliders(
        &[
            "eval",
            "--formula",
            "o ^ (o - 2 * r)",
            "--trace",
            "--slider",
            "rook",
            "--square",
            "d4",
            "--occupied",
            "0x0008000000000000",
        ],
        "",
    );
    let out = text(&traced.stdout);
    assert!(out.starts_with("0x000ffffff0000000\nformula (the reader's formula): rook on d4"), "{out}");
    assert!(out.contains("\nstep 2: o - 2 * r\n") && out.contains("A borrow starts at bit 28 (e4)"), "{out}");
    // A formula may start with a minus, as its own argument: -r is 2^64 - 2^27.
    let negated = sliders(&["eval", "--formula", "-r", "--slider", "rook", "--square", "d4", "--occupied", "0x0"], "");
    assert!(negated.status.success(), "{}", text(&negated.stderr));
    assert_eq!(text(&negated.stdout), "0xfffffffff8000000\n");
}

#[test]
fn eval_reads_a_formula_from_a_file_and_checks_it() {
    let path = std::env::temp_dir().join(format!("sliders-eval-{}.formula", std::process::id()));
    std::fs::write(&path, sliders_formula::examples::EXAMPLES[1].text()).unwrap();
    let at = format!("@{}", path.display());
    let output = sliders(&["eval", "--formula", &at, "--check", "queen"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "agrees with the queen's attacks on all 100032 cases\n");
    let wrong = sliders(&["eval", "--formula", &at, "--check", "rook"], "");
    assert_eq!(wrong.status.code(), Some(1));
    let line = text(&wrong.stdout);
    assert_eq!(line.lines().count(), 1, "{line}");
    assert!(
        line.contains("square=a1 occupied=0x0000000000000001 expected=0x01010101010101fe formula=0x81412111090503fe"),
        "{line}"
    );
    std::fs::remove_file(&path).unwrap();
    let missing = sliders(&["eval", "--formula", "@/nonexistent/formula", "--check", "rook"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("cannot read the formula from /nonexistent/formula"));
}

#[test]
fn eval_names_a_formula_errors_line_and_column_and_exits_2() {
    let output = sliders(&["eval", "--formula", "x = 1\ny = x + filemask\ny", "--check", "rook"], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with("error: line 2, column 9: filemask is not a name"), "{stderr}");
    assert!(
        stderr.contains("Did you mean file(s)?") && stderr.contains("\n  y = x + filemask\n          ^^^^^^^^"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"));
    let fault =
        sliders(&["eval", "--formula", "rank(bsf(0))", "--slider", "rook", "--square", "d4", "--occupied", "0"], "");
    assert_eq!(fault.status.code(), Some(2));
    assert!(text(&fault.stderr).contains("line 1, column 1: rank(64): 64 is not a square"), "{}", text(&fault.stderr));
    // With --prove, a fault on the board given is said, and the proof still runs: it counts
    // that board among the failing ones, and the exit code is the proof's.
    let proved = sliders(
        &[
            "eval",
            "--formula",
            "rank(bsf(o & ray(sq, north)))",
            "--slider",
            "rook",
            "--square",
            "h8",
            "--occupied",
            "0",
            "--prove",
            "north",
        ],
        "",
    );
    assert_eq!(proved.status.code(), Some(1), "{}", text(&proved.stderr));
    assert!(text(&proved.stderr).contains("rank(64): 64 is not a square"), "{}", text(&proved.stderr));
    assert!(text(&proved.stdout).starts_with("fails on "), "{}", text(&proved.stdout));
    assert_one_error(&sliders(&["eval", "--formula", "o", "--check", "knight"], ""), "a check target is rook");
    assert_one_error(&sliders(&["eval", "--formula", "o"], ""), "eval needs --slider, --square and --occupied");
}

#[test]
fn eval_proves_the_examples_and_counts_the_boards_a_wrong_target_fails_on() {
    for example in sliders_formula::examples::EXAMPLES {
        let output = sliders(&["eval", "--formula", example.text(), "--prove", example.target.name()], "");
        assert_eq!(output.status.code(), Some(0), "{}: {}", example.id, text(&output.stderr));
        let said = text(&output.stdout);
        assert!(said.starts_with("proved: equal to "), "{said}");
        assert!(said.contains("on all 2^63 boards of each of the 64 squares"), "{said}");
    }
    // The queen's formula is no rook's: a bishop attacks a square on every board.
    let queen = sliders_formula::examples::EXAMPLES[1].text();
    let output = sliders(&["eval", "--formula", queen, "--prove", "rook"], "");
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stdout);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines[0], "fails on all 2^69 boards: every board of every square.");
    // Every square's "all" would say nothing more.
    assert_eq!(
        lines[1],
        "the fewest pieces (1 piece, the slider): square=a1 occupied=0x0000000000000001 expected=0x01010101010101fe formula=0x81412111090503fe"
    );
}

#[test]
fn eval_prove_ends_undecided_when_its_budget_runs_out() {
    // Right on every board, but with a product of the board by itself that blows up.
    let text_ = "m = file(sq)\nline = o & m\nblow = o * o * o * o * o * o\nreturn ((line ^ (line - 2 * r)) & m) ^ (blow ^ blow)";
    let output = sliders(&["eval", "--formula", text_, "--prove", "north", "--nodes", "2000000"], "");
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "undecided: the prover's budget ran out on a1, in line 3's o * o; no square was decided before it.\n"
    );
}

/// A wrong formula that blows up, checked and proved: the budget runs out, and the proof fails
/// on the board the check printed, which it was handed, its count unknown.
#[test]
fn eval_check_and_prove_answers_with_the_checks_board_when_the_budget_runs_out() {
    let text_ = "blow = o * o * o * o * o * o\nreturn ray(sq, north) ^ blow ^ blow";
    let output =
        sliders(&["eval", "--formula", text_, "--check", "north", "--prove", "north", "--nodes", "2000000"], "");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let said = text(&output.stdout);
    let lines: Vec<&str> = said.lines().collect();
    let (_, board) = lines[0].split_once(": ").unwrap_or_else(|| panic!("{said}"));
    assert!(lines[0].starts_with("differs from "), "{said}");
    assert!(
        lines[1].starts_with("fails: the board below is one it fails on. The prover's budget ran out on a1"),
        "{said}"
    );
    assert!(lines[2].starts_with("a known failing board (") && lines[2].ends_with(&format!("): {board}")), "{said}");
}

#[test]
fn eval_emits_the_formula_as_c_that_gcc_compiles_and_that_agrees_on_every_square() {
    let example = &sliders_formula::examples::EXAMPLES[1];
    let formula = sliders_formula::Formula::parse(example.text()).unwrap();
    let output = sliders(&["eval", "--formula", example.text(), "--emit", "c"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let c = text(&output.stdout);
    assert_eq!(c, formula.to_c(), "what the page's Copy as C copies");
    let rust = text(&sliders(&["eval", "--formula", example.text(), "--emit", "rust"], "").stdout);
    assert_eq!(rust, formula.to_rust());

    let dir = std::env::temp_dir().join(format!("sliders-emit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let main = "#include <inttypes.h>\n#include <stdio.h>\nint main(void) {\n    unsigned square; uint64_t occupied, expected; int wrong = 0;\n    while (scanf(\"%u %\" SCNx64 \" %\" SCNx64, &square, &occupied, &expected) == 3)\n        if (formula_attacks(occupied, square) != expected) wrong++;\n    printf(\"%d\\n\", wrong);\n    return 0;\n}\n";
    std::fs::write(dir.join("emitted.c"), format!("{c}\n{main}")).unwrap();
    let compiled = Command::new("gcc")
        .args(["-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(dir.join("emitted"))
        .arg(dir.join("emitted.c"))
        .output()
        .expect("gcc runs");
    assert!(compiled.status.success(), "{}", text(&compiled.stderr));
    // Every square, each with boards of several densities, against the reference walk.
    let target = sliders_formula::Target::Piece(sliders::Slider::Queen);
    let mut cases = String::new();
    let mut random = 0x2545_f491_4f6c_dd1du64;
    for square in sliders::Square::ALL {
        for round in 0..16u32 {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let occupied = sliders::Bitboard(random & random.rotate_left(round * 5 + 3)) | square.bit();
            let expected = target.expected(square, occupied);
            cases.push_str(&format!("{} {:x} {:x}\n", square.index(), occupied.0, expected.0));
        }
    }
    let mut run = Command::new(dir.join("emitted")).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    run.stdin.take().unwrap().write_all(cases.as_bytes()).unwrap();
    let ran = run.wait_with_output().unwrap();
    assert_eq!(text(&ran.stdout), "0\n", "boards where the emitted C differs from the reference");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn eval_reads_c_with_directives_notes_the_include_and_proves_it() {
    // The north ray as a header might give it: a guard, an include, a pasted constant.
    let header = "#ifndef NORTH_H
#define NORTH_H
#include <stdint.h>
#define C64(constant) constant##ULL
#define FILE_A C64(0x0101010101010101)
U64 north(U64 occ, int sq) {
    U64 ray = (FILE_A << sq) ^ (1ULL << sq);
    U64 blockers = ray & occ;
    // the lowest blocker ends the ray
    U64 first = blockers & (0 - blockers);
    return blockers ? ray & ((first << 1) - 1) : ray;
}
#endif
return north(o, sq)";
    let path = std::env::temp_dir().join(format!("sliders-eval-{}.c", std::process::id()));
    std::fs::write(&path, header).unwrap();
    let at = format!("@{}", path.display());
    let output = sliders(
        &["eval", "--formula", &at, "--slider", "rook", "--square", "d4", "--occupied", "0x0008000000000000"],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "0x0008080800000000\n");
    assert!(text(&output.stderr).contains("note: #include lines are skipped"), "{}", text(&output.stderr));
    let proved = sliders(&["eval", "--formula", &at, "--prove", "north"], "");
    assert_eq!(proved.status.code(), Some(0), "{}", text(&proved.stdout));
    assert!(text(&proved.stdout).starts_with("proved: equal to "), "{}", text(&proved.stdout));
    // A directive the lab does not read is named at its line.
    std::fs::write(&path, format!("{header}\n#elsif\n")).unwrap();
    let wrong = sliders(&["eval", "--formula", &at, "--prove", "north"], "");
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        text(&wrong.stderr).starts_with("error: line 15, column 1: #elsif is not a directive read here"),
        "{}",
        text(&wrong.stderr)
    );
    assert!(text(&wrong.stderr).contains("\nnote: #include lines are skipped"), "{}", text(&wrong.stderr));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn eval_proves_from_an_empty_square_when_asked() {
    // A getter that clears the slider's bit as the lowest of its file: right while the slider
    // stands on its square, wrong from an empty one, where it clears the nearest blocker.
    let getter = OWN_BIT_GETTER;
    let proved = sliders(&["eval", "--formula", getter, "--prove", "north"], "");
    assert_eq!(proved.status.code(), Some(0), "{}", text(&proved.stdout));
    assert!(text(&proved.stdout).starts_with("proved: equal to the attacks on the north ray on all 2^63 boards"));
    let refuted = sliders(&["eval", "--formula", getter, "--check", "north", "--prove", "north", "--from-empty"], "");
    assert_eq!(refuted.status.code(), Some(1), "{}", text(&refuted.stdout));
    let out = text(&refuted.stdout);
    assert!(
        out.contains("differs from the attacks on the north ray"),
        "the sampled check tries empty squares too: {out}"
    );
    assert!(
        out.contains("of the 2^70 boards (about 31.3% of them), on 48 of the 64 squares, counting boards with the slider's square empty as well as occupied."),
        "{out}"
    );
    assert!(out.contains("the fewest pieces (1 piece, a1 empty): square=a1 occupied=0x0000000000000100"), "{out}");
}

#[test]
fn eval_proves_two_texts_equal_or_counts_where_they_differ() {
    let dir = std::env::temp_dir().join(format!("sliders-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        format!("@{}", path.display())
    };
    let subtraction = write("subtraction.f", "line = o & file(sq)\nreturn (line ^ (line - 2 * r)) & ray(sq, north)");
    let classical = write("classical.f", "blockers = ray(sq, north) & o & ~r\nfirst = blockers & (0 - blockers)\nreturn blockers ? ray(sq, north) & ((first << 1) - 1) : ray(sq, north)");
    let pasted = write("pasted.f", "line = o & file(sq)\nreturn (line ^ (line - r)) & ray(sq, north)");
    let equal = sliders(&["eval", "--formula", &subtraction, "--prove", &classical], "");
    assert_eq!(equal.status.code(), Some(0), "{}", text(&equal.stdout));
    assert!(text(&equal.stdout).starts_with("proved: the formula and the text of "), "{}", text(&equal.stdout));
    assert!(text(&equal.stdout).contains("are equal on all 2^63 boards of each of the 64 squares."));
    let differ = sliders(&["eval", "--formula", &subtraction, "--prove", &pasted], "");
    assert_eq!(differ.status.code(), Some(1), "{}", text(&differ.stdout));
    let out = text(&differ.stdout);
    // r for 2r gives nothing where a ray has squares: every board of the 56 squares below the
    // eighth rank, 56 × 2^63.
    assert!(
        out.contains(
            " differ on 516,508,834,063,867,445,248 of the 2^69 boards (87.5% of them), on 56 of the 64 squares."
        ),
        "{out}"
    );
    // The other text's value is named by its file.
    let fewest = format!(
        "the fewest pieces (1 piece, the slider): square=a1 occupied=0x0000000000000001 formula=0x0101010101010100 {}=0x0000000000000000",
        &pasted[1..]
    );
    assert!(out.contains(&fewest), "{out}");
    // A file that is not there, or does not read: one error, exit 2.
    let missing = sliders(&["eval", "--formula", &subtraction, "--prove", "@/nonexistent/x.f"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).starts_with("error: cannot read the text to prove against from /nonexistent/x.f"));
    let broken = write("broken.f", "return o &");
    let unread = sliders(&["eval", "--formula", &subtraction, "--prove", &broken], "");
    assert_eq!(unread.status.code(), Some(2));
    assert!(text(&unread.stderr).starts_with("error: in "), "{}", text(&unread.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn emit_takes_a_prefix_for_every_generated_name() {
    let output =
        sliders(&["eval", "--formula", "return bit(sq) | ray(sq, north)", "--emit", "c", "--prefix", "rook"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let c = text(&output.stdout);
    assert!(c.contains("uint64_t rook_attacks(uint64_t occupied, unsigned square)"), "{c}");
    assert!(c.contains("static const uint64_t ROOK_RAY_NORTH[64]") && !c.contains("formula_"), "{c}");
    let wrong = sliders(&["eval", "--formula", "o", "--emit", "rust", "--prefix", "Rook"], "");
    assert_eq!(wrong.status.code(), Some(2));
    assert!(text(&wrong.stderr).contains("\"Rook\" is no prefix"), "{}", text(&wrong.stderr));
}

/// What an engine author met: a counter-example from an empty square replays with --from-empty,
/// the sample from an empty square tries the empty board, a flag that cannot apply is refused,
/// and a file is read as text from a stranger (a byte-order mark skipped, an endless file
/// stopped, a missing name asked for).
#[test]
fn from_an_empty_square_replays_and_files_are_read_within_bounds() {
    let getter = OWN_BIT_GETTER;
    let board = ["--slider", "rook", "--square", "a1", "--occupied", "0x0000000000000100"];
    let replayed = sliders(&[&["eval", "--formula", getter, "--from-empty"][..], &board[..]].concat(), "");
    assert_eq!(text(&replayed.stdout), "0x0101010101010100\n", "o is the board as given");
    let lab = sliders(&[&["eval", "--formula", getter][..], &board[..]].concat(), "");
    assert_eq!(text(&lab.stdout), "0x0000000000000100\n", "o = occupied | r");
    let emit = sliders(&["eval", "--formula", getter, "--emit", "c", "--from-empty"], "");
    assert_eq!(emit.status.code(), Some(2));
    assert!(text(&emit.stderr).contains("error: --from-empty applies to --check, --prove and one board's value"));
    // ctz of the empty board, as attackers-to from an empty square meets it.
    let scan = "__builtin_ctzll(o) < 64 ? (o ^ (o - 2 * r)) & ray(sq, east) : 0";
    let checked = sliders(&["eval", "--formula", scan, "--check", "east", "--from-empty"], "");
    assert!(
        text(&checked.stdout).starts_with(
            "differs from the attacks on the east ray on case 2 (a1 empty): square=a1 occupied=0x0000000000000000"
        ),
        "{}",
        text(&checked.stdout)
    );
    let agrees =
        sliders(&["eval", "--formula", "(o ^ (o - 2 * r)) & ray(sq, east)", "--check", "east", "--from-empty"], "");
    assert!(
        text(&agrees.stdout).ends_with("cases, the slider's square empty on half of them\n"),
        "{}",
        text(&agrees.stdout)
    );
    let dir = std::env::temp_dir().join(format!("sliders-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let marked = dir.join("marked.f");
    std::fs::write(&marked, "\u{feff}o & r").unwrap();
    let read = sliders(&["eval", "--formula", &format!("@{}", marked.display()), "--check", "rook"], "");
    assert!(
        text(&read.stderr).is_empty() && text(&read.stdout).starts_with("differs from the rook's"),
        "{}",
        text(&read.stderr)
    );
    let endless = dir.join("endless.f");
    std::fs::write(&endless, "o".repeat(1_000_000)).unwrap();
    let long = sliders(&["eval", "--formula", &format!("@{}", endless.display()), "--check", "rook"], "");
    assert_eq!(long.status.code(), Some(2));
    assert_eq!(text(&long.stderr).lines().count(), 1, "one line: {}", text(&long.stderr));
    assert!(text(&long.stderr).contains("it is longer than a formula may be (32000 characters)"));
    let unnamed = sliders(&["eval", "--formula", "o", "--prove", "@"], "");
    assert_eq!(unnamed.status.code(), Some(2));
    assert!(text(&unnamed.stderr).contains("name the file after @"), "{}", text(&unnamed.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A loop's test is drawn as the test and the run of the body it allows, not as an operator
/// between two numbers.
#[test]
fn a_loops_test_is_drawn_with_the_run_it_allows() {
    let walk = "U64 at = r;\nU64 walked = 0;\nwhile (at << 8) {\n    at = at << 8;\n    walked |= at;\n    if (at & o) break;\n}\nreturn walked;";
    let out = sliders(
        &[
            "eval",
            "--formula",
            walk,
            "--slider",
            "rook",
            "--square",
            "d4",
            "--occupied",
            "0x0008000000080009",
            "--trace",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let trace = text(&out.stdout);
    assert!(trace.contains("while 0x0000000800000000 (run 1) = 1"), "{trace}");
    assert!(trace.contains("while 0x0000080000000000 (run 2) = 1"), "{trace}");
    assert!(!trace.contains("(run 4)"), "the piece on d7 ends the walk in its third run: {trace}");
}
