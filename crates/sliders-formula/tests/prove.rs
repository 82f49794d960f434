//! The prover against what can be counted another way: the five examples proved, broken
//! formulas refuted with the exact number of failing boards (checked by brute force where a
//! formula reads one line), and a failure too rare for the sampled check.

use sliders_formula::examples::EXAMPLES;
use std::sync::atomic::{AtomicUsize, Ordering};

use sliders_formula::prove::{sampled_check, Failure, Proof, Prover, NODE_BUDGET};
use sliders_formula::{CheckOutcome, Checker, CounterExample, Formula, OwnSquare, Target};

fn prove(text: &str, target: Target) -> Proof {
    let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Prover::new(target, NODE_BUDGET).run(&formula)
}

#[test]
fn the_five_examples_are_proved() {
    for example in EXAMPLES {
        let start = std::time::Instant::now();
        let proof = prove(example.text(), example.target);
        eprintln!("{}: {:?} in {:?}", example.id, proof.nodes(), start.elapsed());
        assert!(proof.proved(), "{}: {proof:?}", example.id);
    }
}

/// A formula whose failure needs a 40-square pattern: the queen's attacks, plus the slider's
/// own square whenever the first five ranks hold exactly one pattern of pieces. The sampled
/// check can't see it; the prover counts it exactly.
#[test]
fn a_failure_on_one_pattern_of_forty_squares_is_counted_exactly() {
    const PATTERN_SQUARES: u64 = 0x0000_00FF_FFFF_FFFF;
    const PATTERN: u64 = 0x0000_0055_AA55_AA55;
    let queen = EXAMPLES.iter().find(|e| e.id == "obstruction-difference").unwrap();
    let text = queen.text().replace(
        "return rook | bishop",
        &format!("return rook | bishop | (((o & {PATTERN_SQUARES:#x}) == {PATTERN:#x}) ? r : 0)"),
    );
    let formula = Formula::parse(&text).unwrap();
    let target = Target::Piece(sliders::Slider::Queen);
    assert!(matches!(Checker::new(target).run(&formula), CheckOutcome::Agrees { .. }));

    // On a square off the pattern, 40 bits are fixed: 2^23 of its 2^63 boards. On one of the
    // pattern's squares, the pattern must have a piece there (the slider), and 39 bits are
    // fixed: 2^24 boards; where the pattern has no piece, none.
    let mut expected_squares = Vec::new();
    for s in 0..64u32 {
        let bit = 1u64 << s;
        if PATTERN_SQUARES & bit == 0 {
            expected_squares.push((s, 1u128 << 23));
        } else if PATTERN & bit != 0 {
            expected_squares.push((s, 1u128 << 24));
        }
    }
    let Proof::Fails(failure) = Prover::new(target, NODE_BUDGET).run(&formula) else { panic!("not refuted") };
    let squares: Vec<(u32, u128)> = failure.squares.iter().map(|&(s, n)| (s.index(), n)).collect();
    assert_eq!(squares, expected_squares);
    let total: u128 = expected_squares.iter().map(|&(_, n)| n).sum();
    assert_eq!(failure.boards, Some(total));
    // The fewest pieces: the pattern alone, the slider on its lowest piece, a1.
    assert!(failure.fewest_known);
    assert_eq!(failure.counter_example.square, sliders::Square::A1);
    assert_eq!(failure.counter_example.occupied.0, PATTERN);
    assert_eq!(failure.counter_example.got, Ok(failure.counter_example.expected | sliders::Square::A1.bit()));
}

/// Failing boards per square by brute force, for a formula and a target that read only the
/// line `line` through the slider: each of its blocker patterns stands for 2^(63 - k) boards.
/// With the slider's square `own` either way, its bit is one more of the pattern's (still
/// 2^(63 - k) boards each, of a square's 2^64).
fn brute_force(formula: &Formula, target: Target, line: sliders::Line, own: OwnSquare) -> Vec<(u32, u128)> {
    let mut counts = Vec::new();
    for square in sliders::Square::ALL {
        let blockers = sliders::line_without(square, line);
        let k = blockers.0.count_ones();
        let own_bits: &[u64] = match own {
            OwnSquare::Occupied => &[1],
            OwnSquare::Either => &[0, 1],
        };
        let failing = (0..1u64 << k)
            .flat_map(|pattern| own_bits.iter().map(move |&bit| (pattern, bit)))
            .filter(|&(pattern, bit)| {
                let own_bit = if bit == 1 { square.bit() } else { sliders::Bitboard::EMPTY };
                let occupied = sliders::Bitboard(sliders::pdep_loop(pattern, blockers.0)) | own_bit;
                formula.attacks_on(square, occupied, own) != Ok(target.expected(square, occupied))
            })
            .count() as u128;
        if failing > 0 {
            counts.push((square.index(), failing << (63 - k)));
        }
    }
    counts
}

fn proved_counts(formula: &Formula, target: Target, own: OwnSquare) -> Vec<(u32, u128)> {
    decided_counts(formula, target, own).unwrap_or_else(|| panic!("{}: the budget ran out", formula.source()))
}

/// The same, or `None` where the budget ran out (a division by a board-dependent divisor may
/// blow up, in either reading).
fn decided_counts(formula: &Formula, target: Target, own: OwnSquare) -> Option<Vec<(u32, u128)>> {
    Some(match Prover::new(target, NODE_BUDGET).own_square(own).run(formula) {
        Proof::Proved { .. } => Vec::new(),
        Proof::Undecided { blew_up: Some(_), .. } => return None,
        Proof::Fails(failure) if !failure.fewest_known => return None,
        Proof::Fails(failure) => {
            let total: u128 = failure.squares.iter().map(|&(_, n)| n).sum();
            assert_eq!(failure.boards, Some(total));
            let c = &failure.counter_example;
            assert_ne!(c.got.as_ref().ok(), Some(&c.expected), "a false counter-example");
            assert_eq!(c.got, formula.attacks_on(c.square, c.occupied, own), "the counter-example as it runs");
            failure.squares.iter().map(|&(s, n)| (s.index(), n)).collect()
        }
        other => panic!("{}: {other:?}", formula.source()),
    })
}

/// An engine's getter that clears the slider's bit as the lowest of its file (`x & (x - 1)`):
/// right on every board where the slider stands on its square, wrong from an empty square
/// (attackers-to), where it clears the nearest blocker instead.
const OWN_BIT_GETTER: &str = include_str!("data/own_bit_getter.c");

#[test]
fn a_getter_that_relies_on_its_own_bit_is_proved_and_refuted_from_an_empty_square() {
    let formula = Formula::parse(OWN_BIT_GETTER).unwrap();
    let north = Target::Ray(sliders::Direction::North);
    assert!(Prover::new(north, NODE_BUDGET).run(&formula).proved());
    let counts = proved_counts(&formula, north, OwnSquare::Either);
    assert_eq!(counts, brute_force(&formula, north, sliders::Line::File, OwnSquare::Either));
    // It fails only with the square empty and two pieces or more above it: every square
    // below the sixth rank, 48 in all; on a1, 2^63 - 2^57 boards (2^57: no second piece).
    assert_eq!(counts.len(), 48);
    assert_eq!(counts[0], (0, (1 << 63) - (1 << 57)));
    let Proof::Fails(failure) = Prover::new(north, NODE_BUDGET).own_square(OwnSquare::Either).run(&formula) else {
        panic!("not refuted")
    };
    // The fewest pieces: a1 empty, one piece on a2 (the getter clears it, and sees none above).
    let c = &failure.counter_example;
    assert_eq!((c.square, c.occupied), (sliders::Square::A1, sliders::Square::A2.bit()));
    assert!(!c.occupied.contains(c.square));
    let words =
        Prover::new(north, NODE_BUDGET).own_square(OwnSquare::Either).run(&formula).summary(north, OwnSquare::Either);
    assert!(words.starts_with("Fails on 370,087,802,978,797,879,296 of the 2^70 boards (about 31.3% of them), on 48 of the 64 squares, counting boards with the slider's square empty as well as occupied."), "{words}");
    // The sampled check finds it too, from the empty square's half of its cases.
    let sampled = Checker::new(north).with_own_square(OwnSquare::Either).run(&formula);
    let Some(found) = sampled.counter_example() else { panic!("the sample missed it") };
    assert!(!found.occupied.contains(found.square));
    assert!(matches!(Checker::new(north).run(&formula), CheckOutcome::Agrees { .. }));
}

/// Deliberately broken formulas, each reading one line, and what they should compute.
const BROKEN: [(&str, Target, sliders::Line); 12] = {
    use sliders::{Direction, Line};
    [
        // Only the positive ray of the file.
        (
            "m = file(sq)\nline = o & m\nreturn (line ^ (line - 2 * r)) & m",
            Target::Line(Line::File),
            Line::File,
        ),
        // Rank 8 dropped.
        (
            "m = file(sq)\nline = o & m\nreturn (line ^ (line - 2 * r)) & m & ~rank(63)",
            Target::Ray(Direction::North),
            Line::File,
        ),
        // Right everywhere but a fault on rank 8, where sq + 8 is no square.
        (
            "m = file(sq)\nline = o & m\nreturn ((line ^ (line - 2 * r)) & m) | (bit(sq + 8) & 0)",
            Target::Ray(Direction::North),
            Line::File,
        ),
        // A name never read, whose square function still faults on rank 8, as the evaluator's.
        (
            "m = file(sq)\nline = o & m\nunused = bit(sq + 8)\nreturn (line ^ (line - 2 * r)) & m",
            Target::Ray(Direction::North),
            Line::File,
        ),
        // Hyperbola quintessence with the slider's bit not swapped on the way down.
        (
            "line_ex = diagonal(sq) ^ r\nforward = o & line_ex\nreverse = bswap(forward)\nforward = forward - r\nreverse = reverse - r\nreturn (forward ^ bswap(reverse)) & line_ex",
            Target::Line(Line::Diagonal),
            Line::Diagonal,
        ),
        // SBAMG without its a1 stop: on the a-file bsr finds nothing, and 3 << 64 is 3.
        (
            "line_ex = rank(sq) ^ r\nbelow = line_ex & (r - 1)\npieces = (o & line_ex) | ls1b(below)\ncbn = bsr(pieces & ((r - 1) | 1))\nreturn (pieces ^ (pieces - (3 << cbn))) & line_ex",
            Target::Line(Line::Rank),
            Line::Rank,
        ),
        // The ray whatever blocks it, through a count and a comparison.
        (
            "n = popcount(o & ray(sq, north))\nreturn n < 2 ? ray(sq, north) : ray(sq, north) & ~ms1b(o & ray(sq, north))",
            Target::Ray(Direction::North),
            Line::File,
        ),
        // Blockers, not attacks: through pext and pdep, and a rotation by the square.
        (
            "m = file(sq)\nx = rotl(pdep(pext(o, m), m), sq)\nreturn rotr(x, sq) & ray(sq, north)",
            Target::Ray(Direction::North),
            Line::File,
        ),
        // A product of two board-dependent words, and scans of it.
        (
            "line = o & rank(sq)\np = line * (line >> 1)\nreturn ray(sq, east) & ~(bit(ctz(p | 0x8000000000000000)) | bit(63 - clz(p | 1)))",
            Target::Ray(Direction::East),
            Line::Rank,
        ),
        // The classical approach with an if, the blocker's ray XORed in only when the ray
        // holds two pieces or more: one blocker is left with the squares beyond it.
        (
            "attacks = ray(sq, north)\nblockers = attacks & o\nif (popcount(blockers) > 1) {\n    attacks ^= ray(bsf(blockers), north);\n}\nreturn attacks",
            Target::Ray(Direction::North),
            Line::File,
        ),
        // A walk north that stops one square short of its blocker: the test reads the next
        // square before the step takes it.
        (
            "U64 ray = 0;\nU64 at = r;\nwhile ((at << 8) && !((at << 8) & o)) {\n    at = at << 8;\n    ray |= at;\n}\nreturn ray;",
            Target::Ray(Direction::North),
            Line::File,
        ),
        // The classical approach, but the bit scan the wrong way: bsr finds the far blocker.
        (
            "attacks = ray(sq, northeast)\nblockers = attacks & o\nreturn blockers ? attacks ^ ray(bsr(blockers), northeast) : attacks",
            Target::Ray(Direction::NorthEast),
            Line::Diagonal,
        ),
    ]
};

#[test]
fn broken_formulas_fail_on_exactly_the_boards_brute_force_finds() {
    for (text, target, line) in BROKEN {
        let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected = brute_force(&formula, target, line, OwnSquare::Occupied);
        assert!(!expected.is_empty(), "{text} is not broken");
        assert_eq!(proved_counts(&formula, target, OwnSquare::Occupied), expected, "{text}");
    }
}

/// The hostile formula of the issue: a thousand multiplications of the board by itself. Its
/// diagrams blow up; the proof ends once the budget is spent, never in a hang: as "fails" on
/// the sampled check's board (the formula is wrong), with the count and the fewest pieces
/// unknown, or as undecided where the check found nothing.
#[test]
fn a_formula_that_blows_up_ends_within_its_budget() {
    let text = format!("return {}o", "o * ".repeat(900));
    let formula = Formula::parse(&text).unwrap();
    let target = Target::Piece(sliders::Slider::Rook);
    const BUDGET: u64 = 5_000_000;
    // A diagram is charged once made, so the last may pass the budget by its own size.
    let within = |nodes: u64| nodes <= BUDGET + 2_000_000;
    let counter_example =
        sampled_check(target, OwnSquare::Occupied, &formula).expect("the sample finds a failing board");
    let proof = Prover::new(target, BUDGET).run(&formula);
    let Proof::Fails(failure) = proof else { panic!("{proof:?}") };
    assert_eq!((failure.boards, failure.fewest_known), (None, false));
    assert_eq!((failure.squares.len(), failure.undecided), (0, Some(sliders::Square::A1)));
    assert_eq!(failure.counter_example, counter_example);
    assert!(within(failure.nodes), "{}", failure.nodes);
    // The check's board handed over, as when the check has run already: the same answer.
    let proof = Prover::new(target, BUDGET).knowing(Some(counter_example)).run(&formula);
    assert_eq!(proof, Proof::Fails(failure));
    match Prover::new(target, BUDGET).knowing(None).run(&formula) {
        Proof::Undecided { square, decided, nodes, .. } => {
            assert_eq!(square, sliders::Square::A1);
            assert!(decided.is_empty());
            assert!(within(nodes), "{nodes}");
        }
        other => panic!("{other:?}"),
    }
}

/// The sampled checks [`counted_check`] ran.
static CHECKS: AtomicUsize = AtomicUsize::new(0);

fn counted_check(target: Target, own: OwnSquare, formula: &Formula) -> Option<CounterExample> {
    CHECKS.fetch_add(1, Ordering::SeqCst);
    sampled_check(target, own, formula)
}

/// A proof that decides, proved or failing, never runs the sampled check; one whose budget runs
/// out runs it once, and answers with its board.
#[test]
fn the_sampled_check_runs_only_when_the_budget_runs_out() {
    let rook = Target::Piece(sliders::Slider::Rook);
    for (text, target) in [(EXAMPLES[0].text(), EXAMPLES[0].target), ("rank(bsf(o & ~o & r))", rook)] {
        let formula = Formula::parse(text).unwrap();
        let proof = Prover::new(target, NODE_BUDGET).sampling_with(counted_check).run(&formula);
        assert!(matches!(proof, Proof::Proved { .. } | Proof::Fails(Failure { undecided: None, .. })), "{proof:?}");
        assert_eq!(CHECKS.load(Ordering::SeqCst), 0, "{text}");
    }
    let formula = Formula::parse(&format!("return {}o", "o * ".repeat(900))).unwrap();
    let proof = Prover::new(rook, 1_000_000).sampling_with(counted_check).run(&formula);
    assert_eq!(CHECKS.load(Ordering::SeqCst), 1);
    let Proof::Fails(failure) = proof else { panic!("{proof:?}") };
    assert_eq!(Some(failure.counter_example), sampled_check(rook, OwnSquare::Occupied, &formula));
}

/// What cannot change the value is not built: a name never read and a branch no board takes
/// hold products of the board by itself that would blow up, yet the proof ends, on a budget
/// far below what they would take. Where the budget does run out, the verdict says where.
#[test]
fn code_that_cannot_change_the_value_is_not_built() {
    let classical = "attacks = ray(sq, north)\nblockers = attacks & o\nseen = blockers ? attacks ^ ray(bsf(blockers), north) : attacks";
    let unused = format!("{classical}\nx = o * o * o * o * o * o\nreturn seen");
    let untaken = format!("{classical}\nx = (sq >= 64) ? o * o * o * o * o * o : 0\nreturn seen ^ x");
    for text in [unused, untaken] {
        let formula = Formula::parse(&text).unwrap();
        let proof = Prover::new(Target::Ray(sliders::Direction::North), 2_000_000).run(&formula);
        assert!(proof.proved(), "{text}: {proof:?}");
    }
    let used = format!("{classical}\nx = o * o * o * o * o * o\nreturn seen ^ x ^ x");
    let formula = Formula::parse(&used).unwrap();
    match Prover::new(Target::Ray(sliders::Direction::North), 2_000_000).run(&formula) {
        Proof::Undecided { blew_up: Some(blew_up), .. } => {
            assert_eq!((blew_up.line, blew_up.operation.as_str()), (4, "o * o"), "{blew_up:?}")
        }
        other => panic!("{other:?}"),
    }
}

mod random {
    use super::*;
    use proptest::prelude::*;

    /// Small expressions over the file's pieces (`line`), the slider and its square.
    fn expression() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("line".to_string()),
            Just("r".to_string()),
            Just("sq".to_string()),
            Just("m".to_string()),
            (0u64..70).prop_map(|n| n.to_string()),
            any::<u64>().prop_map(|n| format!("{n:#x}")),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            let binary = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "<=", "==", "!=", "&&", "||"];
            let unary = ["~", "-", "!"];
            let one = ["clz", "ctz", "bsf", "bsr", "popcount", "bswap", "ls1b", "ms1b", "bit", "ray_north"];
            let two = ["rotl", "rotr", "pext", "pdep"];
            prop_oneof![
                (inner.clone(), 0..binary.len(), inner.clone())
                    .prop_map(move |(a, op, b)| format!("({a} {} {b})", binary[op])),
                (0..unary.len(), inner.clone()).prop_map(move |(op, a)| format!("{}({a})", unary[op])),
                (0..one.len(), inner.clone()).prop_map(move |(f, a)| match one[f] {
                    "ray_north" => format!("ray({a}, north)"),
                    name => format!("{name}({a})"),
                }),
                (0..two.len(), inner.clone(), inner.clone()).prop_map(move |(f, a, b)| format!("{}({a}, {b})", two[f])),
                (inner.clone(), inner.clone(), inner).prop_map(|(c, a, b)| format!("({c} ? {a} : {b})")),
            ]
        })
    }

    /// The same over C's types: names of each width and sign, casts, and literals typed by
    /// their suffix, so that conversions, signed comparisons, overflows and shifts past the
    /// width are met.
    fn c_expression() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("line".to_string()),
            Just("sq".to_string()),
            Just("i".to_string()),
            Just("u".to_string()),
            Just("c".to_string()),
            Just("l".to_string()),
            prop::sample::select(vec!["1", "1U", "1ULL", "31", "-1", "0x80000000", "2147483647", "7LL"])
                .prop_map(String::from),
        ];
        leaf.prop_recursive(3, 16, 2, |inner| {
            let binary = ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", ">=", "==", "&&"];
            let unary = ["~", "-", "!", "(int)", "(unsigned)", "(unsigned char)", "(long long)", "(U64)", "(short)"];
            prop_oneof![
                (inner.clone(), 0..binary.len(), inner.clone())
                    .prop_map(move |(a, op, b)| format!("({a} {} {b})", binary[op])),
                (0..unary.len(), inner.clone()).prop_map(move |(op, a)| format!("{}({a})", unary[op])),
                (inner.clone(), inner.clone(), inner).prop_map(|(c, a, b)| format!("({c} ? {a} : {b})")),
            ]
        })
    }

    /// A C text around `body`: names of C's types from the file's pieces, the body converted
    /// to `ty`, and the file's north attacks or not.
    fn c_text(body: &str, ty: &str, right: bool) -> String {
        let value = if right { "(line ^ (line - 2 * r)) ^ ((U64)v ^ (U64)v)" } else { "(U64)v" };
        format!(
            "typedef unsigned long long U64;\nU64 m = file(sq);\nU64 line = o & m;\nint i = popcount(line) - 3;\nunsigned u = line >> 24;\nunsigned char c = line >> (sq & 56);\nlong long l = line - 0x0101010101010101;\n{ty} v = {body};\nreturn ({value}) & m;"
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

        /// Read as C, counted exactly against every blocker pattern of the file: each
        /// undefined operation a fault on the same boards the evaluator faults on.
        #[test]
        fn the_prover_reads_c_as_c_on_every_blocker_pattern(
            body in c_expression(),
            ty in prop::sample::select(vec!["U64", "int", "unsigned", "unsigned char", "long long", "bool"]),
            right in any::<bool>(),
            from_empty in any::<bool>(),
        ) {
            let text = c_text(&body, ty, right);
            let Ok(formula) = Formula::parse(&text) else { return Ok(()) };
            prop_assert_eq!(formula.reading(), sliders_formula::ctype::Reading::C);
            let target = Target::Ray(sliders::Direction::North);
            let own = if from_empty { OwnSquare::Either } else { OwnSquare::Occupied };
            // A division by a board-dependent divisor may spend the budget: undecided, and said so.
            let Some(counts) = decided_counts(&formula, target, own) else { return Ok(()) };
            prop_assert_eq!(&counts, &brute_force(&formula, target, sliders::Line::File, own), "{}", text);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Counted exactly against every blocker pattern of the file; never a false
        /// counter-example; and a "proved" survives the sampled check.
        #[test]
        fn the_prover_agrees_with_every_blocker_pattern_of_the_line(
            body in expression(),
            ray in any::<bool>(),
            right in any::<bool>(),
            from_empty in any::<bool>(),
        ) {
            // Half of them right on the north ray unless the random part faults: it is
            // evaluated, then cancels itself.
            let body = if right { format!("(line ^ (line - 2 * r)) ^ (({body}) ^ ({body}))") } else { body };
            let text = format!("m = file(sq)\nline = o & m\nreturn ({body}) & m");
            let Ok(formula) = Formula::parse(&text) else { return Ok(()) };
            let target = if ray { Target::Ray(sliders::Direction::North) } else { Target::Line(sliders::Line::File) };
            let own = if from_empty { OwnSquare::Either } else { OwnSquare::Occupied };
            let counts = proved_counts(&formula, target, own);
            prop_assert_eq!(&counts, &brute_force(&formula, target, sliders::Line::File, own), "{}", text);
            if counts.is_empty() {
                let agrees = matches!(Checker::new(target).with_own_square(own).run(&formula), CheckOutcome::Agrees { .. });
                prop_assert!(agrees, "{}", text);
            }
        }
    }
}

/// Boards per square on which two texts that read only the file differ (or either faults), by
/// brute force over the file's patterns (and the slider's bit, from an empty square too).
fn differing_by_brute_force(first: &Formula, second: &Formula, own: OwnSquare) -> Vec<(sliders::Square, u128)> {
    let mut counts = Vec::new();
    for square in sliders::Square::ALL {
        let blockers = sliders::line_without(square, sliders::Line::File);
        let k = blockers.0.count_ones();
        let own_bits: &[bool] = match own {
            OwnSquare::Occupied => &[true],
            OwnSquare::Either => &[false, true],
        };
        let differing = (0..1u64 << k)
            .flat_map(|pattern| own_bits.iter().map(move |&set| (pattern, set)))
            .filter(|&(pattern, set)| {
                let own_bit = if set { square.bit() } else { sliders::Bitboard::EMPTY };
                let occupied = sliders::Bitboard(sliders::pdep_loop(pattern, blockers.0)) | own_bit;
                let (a, b) = (first.attacks_on(square, occupied, own), second.attacks_on(square, occupied, own));
                a.is_err() || b.is_err() || a != b
            })
            .count() as u128;
        if differing > 0 {
            counts.push((square, differing << (63 - k)));
        }
    }
    counts
}

/// Two texts against each other: two pairs equal on every board, two that differ, counted
/// exactly against brute force, their fewest-piece board run again; the getter that relies on
/// its own bit equals the article's o ^ (o - 2r) on the lab's boards, not from an empty square.
#[test]
fn two_texts_are_proved_equal_or_their_differing_boards_counted() {
    use sliders_formula::prove::{compare, Comparison};
    let read = |text: &str| Formula::parse(text).unwrap();
    let by_id = |id: &str| read(sliders_formula::examples::by_id(id).unwrap().text());
    let (subtraction, classical) = (by_id("subtraction-file"), by_id("classical-ray"));
    let occupied = OwnSquare::Occupied;
    // Equal: two of the articles' ways to the north ray, and two spellings of the lowest bit.
    assert!(matches!(compare(&subtraction, &classical, occupied, NODE_BUDGET), Comparison::Equal { .. }));
    let lowest = (read("x = o & file(sq)\nreturn x & (0 - x)"), read("x = o & file(sq)\nreturn x & ~(x - 1)"));
    assert!(matches!(compare(&lowest.0, &lowest.1, occupied, NODE_BUDGET), Comparison::Equal { .. }));
    // Differ: a copy-paste bug (r for 2r), and a faulting text against a right one.
    let pasted = read(&sliders_formula::examples::by_id("subtraction-file").unwrap().text().replace("2 * r", "r"));
    let faulting = read("x = o & file(sq) & ~r\nreturn ray(sq, north) & (bit(bsf(x)) - 1)");
    let getter = read(OWN_BIT_GETTER);
    let pairs = [
        (&subtraction, &pasted, occupied),
        (&classical, &faulting, occupied),
        (&subtraction, &getter, OwnSquare::Either),
    ];
    for (first, second, own) in pairs {
        let comparison = compare(first, second, own, NODE_BUDGET);
        let Comparison::Differ { boards, squares, example, undecided: None, .. } = &comparison else {
            panic!("{}\nagainst\n{}: {comparison:?}", first.source(), second.source())
        };
        assert_eq!(squares, &differing_by_brute_force(first, second, own), "{}", second.source());
        assert_eq!(*boards, Some(squares.iter().map(|&(_, n)| n).sum()));
        assert_eq!(example.first, first.attacks_on(example.square, example.occupied, own));
        assert_eq!(example.second, second.attacks_on(example.square, example.occupied, own));
        assert!(example.first.is_err() || example.second.is_err() || example.first != example.second);
    }
    // The getter is the article's subtraction wherever the slider stands on its square.
    assert!(matches!(compare(&subtraction, &getter, occupied, NODE_BUDGET), Comparison::Equal { .. }));
    let words = compare(&subtraction, &getter, OwnSquare::Either, NODE_BUDGET).summary("a", "b", OwnSquare::Either);
    assert!(words.starts_with("a and b differ on ") && words.contains("of the 2^70 boards"), "{words}");
    assert!(words.ends_with("counting boards with the slider's square empty as well as occupied."), "{words}");
}

/// From an empty square too, the sampled check tries each blocker pattern of the line with the
/// slider's bit and without, the empty board first: a getter that scans an empty board (ctz of
/// 0, as attackers-to on an empty square meets) is caught by the sample as by the proof.
#[test]
fn the_sample_from_an_empty_square_tries_the_empty_board() {
    let text = "__builtin_ctzll(o) < 64 ? (o ^ (o - 2 * r)) & ray(sq, east) : 0";
    let formula = Formula::parse(text).unwrap();
    let east = Target::Ray(sliders::Direction::East);
    assert!(matches!(Checker::new(east).run(&formula), CheckOutcome::Agrees { .. }));
    let sampled = Checker::new(east).with_own_square(OwnSquare::Either).run(&formula);
    let Some(found) = sampled.counter_example() else { panic!("the sample from an empty square missed it") };
    assert_eq!((found.square, found.occupied), (sliders::Square::A1, sliders::Bitboard::EMPTY));
    let proof = Prover::new(east, NODE_BUDGET).own_square(OwnSquare::Either).run(&formula);
    let Proof::Fails(failure) = proof else { panic!("{proof:?}") };
    assert_eq!(failure.boards, Some(64), "one board a square: the empty one");
}

/// Where the diagrams of a comparison grow too large before a difference is known, the sampled
/// check's boards answer, as for a target: a differing board, its count unknown.
#[test]
fn a_comparison_that_blows_up_falls_back_on_the_sample() {
    use sliders_formula::prove::{compare, Comparison};
    let right = Formula::parse("ray(sq, north)").unwrap();
    let hashed = Formula::parse("ray(sq, north) ^ (o * o * o * o * o * 0x9e3779b97f4a7c15)").unwrap();
    let comparison = compare(&right, &hashed, OwnSquare::Occupied, 1_000_000);
    let Comparison::Differ { boards: None, undecided: Some(square), example, .. } = &comparison else {
        panic!("{comparison:?}")
    };
    assert_eq!(*square, sliders::Square::A1);
    assert_ne!(example.first, example.second);
    assert!(comparison.summary("a", "b", OwnSquare::Occupied).contains("the board below"), "{comparison:?}");
    // Equal texts that blow up stay undecided, saying that no square was decided.
    let same = Formula::parse("ray(sq, north) ^ (o * o * o * o * o) ^ (o * o * o * o * o)").unwrap();
    let words = compare(&right, &same, OwnSquare::Occupied, 1_000_000).summary("a", "b", OwnSquare::Occupied);
    assert!(words.starts_with("Undecided: ") && words.ends_with("no square was decided before it."), "{words}");
}

/// An engine author's getter with C's `int` 1: `(1 << b) * 2 - 1` is undefined once the first
/// blocker's bit b is 30 or more (2^31 is past int; a shift by 31 or more too). Read as C, the
/// prover counts exactly the boards brute force finds failing; written with 1ULL it is proved.
#[test]
fn an_int_shift_is_counted_exactly_and_its_1ull_form_proved() {
    let text = "typedef unsigned long long U64;
U64 up = ray(sq, north);
U64 blocker = up & o;
if (!blocker) return up;
U64 below = (1 << __builtin_ctzll(blocker)) * 2 - 1;
return up & below;";
    let target = Target::Ray(sliders::Direction::North);
    let formula = Formula::parse(text).unwrap();
    let expected = brute_force(&formula, target, sliders::Line::File, OwnSquare::Occupied);
    assert!(!expected.is_empty(), "the int shift fails somewhere");
    // Only squares whose north ray reaches bit 30 (g4) or beyond can fail.
    assert!(expected.iter().all(|&(square, _)| square < 56), "{expected:?}");
    assert_eq!(proved_counts(&formula, target, OwnSquare::Occupied), expected);
    // The lab's short form of the same reads 1 as a 64-bit word: right everywhere.
    let lab = Formula::parse("up = ray(sq, north)\nblocker = up & o\nif (!blocker) return up;\nbelow = (1 << ctz(blocker)) * 2 - 1\nreturn up & below").unwrap();
    assert!(prove(lab.source(), target).proved());
    let wide = Formula::parse(&text.replace("(1 << ", "(1ULL << ")).unwrap();
    assert!(prove(wide.source(), target).proved());
}

/// The seed articles' tricks as an engine writes them in C (`U64`, `int sq`, intrinsics by
/// their compilers' names), read as C, are proved on every board; and the same with a classic
/// C slip is refuted.
#[test]
fn the_seed_tricks_written_in_c_are_proved_read_as_c() {
    let subtraction = "typedef unsigned long long U64;
// o ^ (o - 2r) on the slider's file: the attacks north.
U64 north_attacks(U64 occ, int sq) {
    U64 mask = file(sq);
    U64 line = occ & mask;
    U64 slider = 1ULL << sq;
    return (line ^ (line - 2 * slider)) & mask;
}
return north_attacks(o, sq);";
    let obstruction = "typedef unsigned long long U64;
// The obstruction difference on one line: the nearest blocker below, then a subtraction above.
U64 line_attacks(U64 occ, U64 lower, U64 upper) {
    U64 lo = lower & occ;
    U64 up = upper & occ;
    U64 nearest_below = 0x8000000000000000ULL >> __builtin_clzll(lo | 1);
    U64 difference = up ^ (up - nearest_below);
    return (lower | upper) & difference;
}
return line_attacks(o, ray(sq, south), ray(sq, north)) | line_attacks(o, ray(sq, west), ray(sq, east));";
    let classical = "typedef unsigned long long U64;
// The classical approach on a positive ray: the ray, less the ray beyond its first blocker.
U64 attacks = ray(sq, northeast);
U64 blocker = attacks & o;
if (blocker) {
    int s = __builtin_ctzll(blocker);
    attacks ^= ray(s, northeast);
}
return attacks;";
    for (text, target) in [
        (subtraction, Target::Ray(sliders::Direction::North)),
        (obstruction, Target::Piece(sliders::Slider::Rook)),
        (classical, Target::Ray(sliders::Direction::NorthEast)),
    ] {
        let formula = Formula::parse(text).unwrap();
        assert_eq!(formula.reading(), sliders_formula::ctype::Reading::C);
        let proof = prove(text, target);
        assert!(proof.proved(), "{text}: {proof:?}");
    }
    // The slip: the slider's bit as an int 1 shifted, undefined from the fifth rank up.
    let slipped = subtraction.replace("1ULL << sq", "1 << sq");
    let formula = Formula::parse(&slipped).unwrap();
    let target = Target::Ray(sliders::Direction::North);
    let counts = proved_counts(&formula, target, OwnSquare::Occupied);
    assert_eq!(counts, brute_force(&formula, target, sliders::Line::File, OwnSquare::Occupied));
    // Every square from h4 (31) up faults on every board; none below does.
    assert_eq!(counts.iter().map(|&(square, _)| square).collect::<Vec<_>>(), (31..64).collect::<Vec<_>>());
}

/// `const U64 rays[4][64]`, north, east, south and west from each square: written out from
/// the core's masks, as an engine's initializer would hold them.
fn rays_table() -> String {
    use sliders::trace::Mask;
    use sliders::Direction::{East, North, South, West};
    let rows: Vec<String> = [North, East, South, West]
        .iter()
        .map(|&direction| {
            let entries: Vec<String> = sliders::Square::ALL
                .iter()
                .map(|&square| format!("0x{:016x}ULL", Mask::Ray(direction).of(square).0))
                .collect();
            format!("    {{ {} }}", entries.join(", "))
        })
        .collect();
    format!("const U64 rays[4][64] = {{\n{}\n}};\n", rows.join(",\n"))
}

/// The classical approach with a table of rays, as engines write it: each ray's attacks, less
/// those past its first blocker, found by a bit scan of the right end; a read of the table at
/// the scan's square is a choice among its 64 entries for the prover.
#[test]
fn a_getter_reading_a_table_at_a_bit_scans_square_is_proved_and_its_slips_counted() {
    let getter = |north_scan: &str| {
        format!(
            "typedef unsigned long long U64;
{}U64 positive(U64 occ, int dir, int sq) {{
    U64 attacks = rays[dir][sq];
    U64 blocker = attacks & occ;
    if (blocker) attacks ^= rays[dir][{north_scan}];
    return attacks;
}}
U64 negative(U64 occ, int dir, int sq) {{
    U64 attacks = rays[dir][sq];
    U64 blocker = attacks & occ;
    if (blocker) attacks ^= rays[dir][63 - __builtin_clzll(blocker)];
    return attacks;
}}
return positive(o, 0, sq) | positive(o, 1, sq) | negative(o, 2, sq) | negative(o, 3, sq);
",
            rays_table()
        )
    };
    let right = Formula::parse(&getter("__builtin_ctzll(blocker)")).unwrap();
    assert!(prove(right.source(), Target::Piece(sliders::Slider::Rook)).proved());
    // The north ray alone: the slip (the highest blocker's ray, as for a negative ray) and a
    // read one row past the table's end are counted exactly, against every board of the file.
    for (slip, north) in [
        ("63 - __builtin_clzll(blocker)", "positive(o, 0, sq)"),
        ("__builtin_ctzll(blocker)", "positive(o, 0, sq) | rays[sq >> 4][sq]"),
    ] {
        let text = getter(slip).replace(
            "return positive(o, 0, sq) | positive(o, 1, sq) | negative(o, 2, sq) | negative(o, 3, sq);",
            &format!("return {north};"),
        );
        let formula = Formula::parse(&text).unwrap();
        let target = Target::Ray(sliders::Direction::North);
        let expected = brute_force(&formula, target, sliders::Line::File, OwnSquare::Occupied);
        assert!(!expected.is_empty(), "{north} with {slip} fails somewhere");
        assert_eq!(proved_counts(&formula, target, OwnSquare::Occupied), expected, "{north} with {slip}");
    }
}

/// The same getter with its table filled by a function run once (`init_rays();`): proved, and
/// a slip in the fill (north rays stopping short of rank 8) counted exactly.
#[test]
fn a_getter_whose_table_a_function_fills_is_proved_and_a_slip_in_the_fill_counted() {
    let text = include_str!("../listings/rays_init_getter.c");
    assert!(prove(text, Target::Piece(sliders::Slider::Rook)).proved());
    let north = text.replace(
        "return positive(o, 0, sq) | positive(o, 1, sq) | negative(o, 2, sq) | negative(o, 3, sq);",
        "return positive(o, 0, sq);",
    );
    let slip = north.replace("for (int s = sq + 8; s < 64; s += 8)", "for (int s = sq + 8; s < 56; s += 8)");
    assert_ne!(slip, north);
    let formula = Formula::parse(&slip).unwrap();
    let target = Target::Ray(sliders::Direction::North);
    let expected = brute_force(&formula, target, sliders::Line::File, OwnSquare::Occupied);
    assert!(!expected.is_empty() && expected.iter().all(|&(square, _)| square < 56), "{expected:?}");
    assert_eq!(proved_counts(&formula, target, OwnSquare::Occupied), expected);
}

/// A rook's fancy magic bitboards with their own initialisation (masks, shifts, offsets and a
/// 102,400-entry attack table filled from a slow walk) is proved; a walk that stops short of
/// rank 8 is counted exactly on the north ray, against every board of the file.
#[test]
fn a_fancy_magic_getter_that_fills_its_own_tables_is_proved_and_a_slip_counted() {
    let text = include_str!("../listings/fancy_magic_rook.c");
    let formula = Formula::parse(text).unwrap();
    assert!(formula.reading_note().starts_with("init_magics() filled the tables once"), "{}", formula.reading_note());
    assert!(prove(text, Target::Piece(sliders::Slider::Rook)).proved());
    // The queen's, one table for both pieces (107,648 entries), the rays walked by direction.
    let queen = include_str!("../listings/fancy_magic_queen.c");
    assert!(prove(queen, Target::Piece(sliders::Slider::Queen)).proved());
    let short_walk = text
        .replace(
            "for (int i = r + 1; i < 8; i++) { attacks |= 1ULL << (i * 8 + f);",
            "for (int i = r + 1; i < 7; i++) { attacks |= 1ULL << (i * 8 + f);",
        )
        .replace("return rook_attacks(o, sq);", "return rook_attacks(o, sq) & ray(sq, north);");
    assert_ne!(short_walk, text);
    let formula = Formula::parse(&short_walk).unwrap();
    let target = Target::Ray(sliders::Direction::North);
    let expected = brute_force(&formula, target, sliders::Line::File, OwnSquare::Occupied);
    assert!(!expected.is_empty() && expected.iter().all(|&(square, _)| square < 56), "{expected:?}");
    assert_eq!(proved_counts(&formula, target, OwnSquare::Occupied), expected);
}
