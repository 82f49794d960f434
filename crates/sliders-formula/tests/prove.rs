//! The prover against what can be counted another way: the five examples proved, broken
//! formulas refuted with the exact number of failing boards (checked by brute force where a
//! formula reads one line), and a failure too rare for the sampled check.

use sliders_formula::examples::EXAMPLES;
use sliders_formula::prove::{Proof, Prover, NODE_BUDGET};
use sliders_formula::{CheckOutcome, Checker, Formula, Target};

fn prove(text: &str, target: Target) -> Proof {
    let formula = Formula::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Prover::new(target, NODE_BUDGET).run(&formula)
}

#[test]
fn the_five_examples_are_proved() {
    for example in EXAMPLES {
        let start = std::time::Instant::now();
        let proof = prove(example.text, example.target);
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
    let text = queen.text.replace(
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
            expected_squares.push((s, 1u64 << 23));
        } else if PATTERN & bit != 0 {
            expected_squares.push((s, 1u64 << 24));
        }
    }
    let Proof::Fails(failure) = Prover::new(target, NODE_BUDGET).run(&formula) else { panic!("not refuted") };
    let squares: Vec<(u32, u64)> = failure.squares.iter().map(|&(s, n)| (s.index(), n)).collect();
    assert_eq!(squares, expected_squares);
    let total: u128 = expected_squares.iter().map(|&(_, n)| n as u128).sum();
    assert_eq!(failure.boards, Some(total));
    // The fewest pieces: the pattern alone, the slider on its lowest piece, a1.
    assert!(failure.fewest_known);
    assert_eq!(failure.counter_example.square, sliders::Square::A1);
    assert_eq!(failure.counter_example.occupied.0, PATTERN);
    assert_eq!(failure.counter_example.got, Ok(failure.counter_example.expected | sliders::Square::A1.bit()));
}
