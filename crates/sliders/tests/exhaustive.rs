//! Every technique against the reference walk, for every slider and square and every subset of
//! the squares that can matter; and the recorded trace against the fast path, case by case.

use std::thread;

use sliders::{line_without, Bitboard, Recorder, Slider, Square, Technique};

/// All subsets of `mask`, by the carry-rippler: (subset - mask) & mask steps to the next one.
fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let subset = next?;
        let following = subset.wrapping_sub(mask.0) & mask.0;
        next = (following != 0).then_some(following);
        Some(Bitboard(subset))
    })
}

/// Every square any of the slider's lines passes through, edges included.
fn relevant(slider: Slider, square: Square) -> Bitboard {
    slider.lines().iter().fold(Bitboard::EMPTY, |all, &line| all | line_without(square, line))
}

/// Checks one case: fast result, trace result, and the slider's own square made occupied.
fn check(technique: Technique, recorder: &mut Recorder, slider: Slider, square: Square, occupied: Bitboard) {
    let expected = technique.expected(slider, square, occupied);
    let fast = technique.attacks(slider, square, occupied);
    assert_eq!(fast, expected, "{technique} {slider} on {square}, occupied {occupied}");
    let own_square = technique.attacks(slider, square, occupied.with(square));
    assert_eq!(own_square, expected, "{technique} {slider} on {square}, own square occupied, {occupied}");
    recorder.clear();
    let traced = technique.run(recorder, slider, square, occupied);
    assert_eq!(traced, fast, "{technique} trace differs from the fast path, {slider} {square} {occupied}");
}

/// Runs `body` for each technique, spread over the machine's cores.
fn for_each_technique(body: impl Fn(Technique) + Sync) {
    thread::scope(|scope| {
        for &technique in Technique::ALL {
            let body = &body;
            scope.spawn(move || body(technique));
        }
    });
}

#[test]
fn rook_and_bishop_on_every_subset_of_their_lines() {
    for_each_technique(|technique| {
        let mut recorder = Recorder::new();
        let mut cases = 0u64;
        for slider in [Slider::Rook, Slider::Bishop] {
            for square in Square::ALL {
                for occupied in subsets(relevant(slider, square)) {
                    check(technique, &mut recorder, slider, square, occupied);
                    cases += 1;
                }
            }
        }
        // 64 squares x 2^14 rook subsets, plus the bishops' 2^7..2^13 each.
        assert_eq!(cases, 64 * (1 << 14) + bishop_subsets());
    });
}

fn bishop_subsets() -> u64 {
    Square::ALL.iter().map(|&s| 1u64 << relevant(Slider::Bishop, s).count()).sum()
}

#[test]
fn queen_on_every_subset_of_each_line_pair() {
    // A queen's lines hold up to 27 squares, too many for all 2^27 subsets. Enumerate every
    // subset of the rook lines with the bishop lines empty, full, and half filled, and the
    // other way round.
    let fills = [0u64, !0, 0x5555_aaaa_5555_aaaa, 0x3c3c_c3c3_0ff0_f00f];
    for_each_technique(|technique| {
        let mut recorder = Recorder::new();
        for square in Square::ALL {
            let rook_lines = relevant(Slider::Rook, square);
            let bishop_lines = relevant(Slider::Bishop, square);
            for fill in fills {
                for subset in subsets(rook_lines) {
                    let occupied = subset | (Bitboard(fill) & bishop_lines);
                    check(technique, &mut recorder, Slider::Queen, square, occupied);
                }
                for subset in subsets(bishop_lines) {
                    let occupied = subset | (Bitboard(fill) & rook_lines);
                    check(technique, &mut recorder, Slider::Queen, square, occupied);
                }
            }
        }
    });
}

#[test]
fn random_full_boards() {
    for_each_technique(|technique| {
        let mut recorder = Recorder::new();
        sliders::workload::for_each_position(20_000, |occupancy, squares| {
            for (i, &index) in squares.iter().enumerate() {
                let slider = Slider::ALL[i % 3];
                let square = Square::from_index(index as u32);
                check(technique, &mut recorder, slider, square, Bitboard(occupancy));
                // Dense boards too: the workload's boards are a quarter full.
                check(technique, &mut recorder, slider, square, Bitboard(occupancy | occupancy.rotate_left(19)));
            }
        });
    });
}

#[test]
fn subsets_enumerates_each_subset_once() {
    let all: Vec<Bitboard> = subsets(Bitboard(0b1011)).collect();
    assert_eq!(all.len(), 8);
    let mut sorted: Vec<u64> = all.iter().map(|b| b.0).collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, [0, 1, 2, 3, 8, 9, 10, 11]);
}

#[test]
fn set_wise_techniques_give_the_union_of_several_sliders() {
    let many = |slider| Technique::ALL.iter().copied().filter(move |t| t.takes_many_sliders(slider));
    assert_eq!(many(Slider::Bishop).collect::<Vec<_>>(), [Technique::KoggeStone, Technique::Dumb7Fill]);
    assert_eq!(
        many(Slider::Rook).collect::<Vec<_>>(),
        [Technique::Subtraction, Technique::KoggeStone, Technique::Dumb7Fill]
    );
    for technique in many(Slider::Rook) {
        let mut cases = 0;
        sliders::workload::for_each_position(5_000, |occupancy, squares| {
            for count in 2..=4 {
                let set =
                    squares[..count].iter().fold(Bitboard::EMPTY, |all, &s| all.with(Square::from_index(s as u32)));
                for slider in Slider::ALL.into_iter().filter(|&slider| technique.takes_many_sliders(slider)) {
                    let expected = technique.expected_many(slider, set, Bitboard(occupancy));
                    let fast = technique.attacks_many(slider, set, Bitboard(occupancy)).unwrap();
                    assert_eq!(fast, expected, "{technique} {slider} on {set}, occupied {occupancy:#x}");
                    let traced = technique.trace_many(slider, set, Bitboard(occupancy)).unwrap();
                    assert_eq!((traced.result, traced.sliders), (fast, set));
                    cases += 1;
                }
            }
        });
        assert!(cases > 10_000, "{technique}: {cases}");
    }
    // Two rooks on one file block each other: d1 and d8 see each other, and nothing beyond.
    let two = Square::D1.bit() | Square::D8.bit();
    let file = Technique::KoggeStone.attacks_many(Slider::Rook, two, Bitboard::EMPTY).unwrap();
    assert!(file.contains(Square::D1) && file.contains(Square::D8) && file.contains(Square::D5));
}

#[test]
fn one_slider_techniques_refuse_several() {
    let two = Square::D4.bit() | Square::F6.bit();
    for &technique in Technique::ALL.iter().filter(|t| !t.takes_many_sliders(Slider::Bishop)) {
        let refused = technique.attacks_many(Slider::Bishop, two, Bitboard::EMPTY).unwrap_err();
        assert!(refused.to_string().contains("takes one slider, and 2 were given (d4 and f6)"), "{refused}");
        assert!(technique.trace_many(Slider::Rook, Bitboard::EMPTY, Bitboard::EMPTY).is_err(), "no slider at all");
        // One slider in a set is the ordinary lookup.
        let one = technique.attacks_many(Slider::Bishop, Square::D4.bit(), Square::D6.bit()).unwrap();
        assert_eq!(one, technique.attacks(Slider::Bishop, Square::D4, Square::D6.bit()));
    }
}

/// A scan's square is the scanned word's first one bit from the scan's end, on the board as the
/// word holds it; the sense of every index-scan step of every technique but a turned word's.
#[test]
fn a_scans_result_square_is_the_first_one_bit_it_met() {
    use sliders::trace::{Op, Value};
    let mut squares_named = 0;
    for &technique in Technique::ALL {
        sliders::workload::for_each_position(300, |occupancy, squares| {
            for (i, &index) in squares.iter().enumerate() {
                let (slider, square) = (Slider::ALL[i % 3], Square::from_index(index as u32));
                let trace = technique.trace(slider, square, Bitboard(occupancy));
                for step in &trace.steps {
                    let Some(named) = step.result_square() else { continue };
                    let (Op::Scan(scan), Value::Board(scanned)) = (step.op, step.lhs) else {
                        panic!("{technique:?} {}: a square from a step that is no scan", step.label)
                    };
                    let first =
                        if scan.from_top() { 63 - scanned.0.leading_zeros() } else { scanned.0.trailing_zeros() };
                    assert_eq!(named, Square::from_index(first), "{technique:?} {}", step.label);
                    squares_named += 1;
                }
            }
        });
    }
    assert!(squares_named > 1_000, "only {squares_named} scans named a square");
}
