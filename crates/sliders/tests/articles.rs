//! The worked examples of the four articles, with their exact values, intermediate steps included.

use sliders::techniques::subtraction::east_attacks_setwise;
use sliders::{bitboard, Bitboard, Direction, Focus, Line, Op, Scan, Slider, Square, Step, Technique, Value};

fn board(step: &Step) -> Bitboard {
    step.result.board().expect("a bitboard result")
}

/// The steps that worked on one line or ray, in order.
fn steps_on(trace: &sliders::Trace, focus: Focus) -> Vec<Step> {
    trace.steps.iter().cloned().filter(|s| s.focus == focus).collect()
}

#[test]
fn subtraction_byte_example() {
    // "00000010 blocking piece - 01000000 rook", bytes written LSB first: rook on bit 1, blocker on bit 6.
    let occupied = Bitboard(0b0100_0010);
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::B1, occupied);
    let rank = steps_on(&trace, Focus::Line(Line::Rank));
    let values: Vec<Bitboard> = rank.iter().map(board).collect();
    // lineMask, potential blockers, 2r, difference, changed (the difference XOR the whole
    // occupancy), attacks.
    assert_eq!(
        values,
        [Bitboard(0xff), Bitboard(0x42), Bitboard(0x04), Bitboard(0x3e), Bitboard(0x7c), Bitboard(0x7c)]
    );
    let labels: Vec<&str> = rank.iter().map(|s| &*s.label).collect();
    assert_eq!(
        labels,
        [
            "LINE_MASKS[line][square] = line_mask",
            "occupied & line_mask = potential_blockers",
            "square.bit() << 1 = 2r",
            "potential_blockers - 2r = difference",
            "difference ^ occupied = changed",
            "changed & line_mask = east_attacks",
        ]
    );
    // 2*squarebit is shown by the article's name, 2r, wherever it is an operand or a result.
    assert_eq!((&*rank[2].operands.result, &*rank[3].operands.rhs), ("2r", "2r"));
    assert_eq!(trace.result & Bitboard(0xff), Bitboard(0b0111_1100), "c1..g1: 00111110 read LSB first");
    // The borrow entered at bit 2 and walked through bits 3, 4 and 5 to the blocker on bit 6.
    assert_eq!(rank[3].borrow_chain(), Some(Bitboard(0b0111_1000)));
    // The setwise form gives the same east attacks.
    assert_eq!(east_attacks_setwise(Square::B1.bit(), occupied), Bitboard(0x7c));
}

#[test]
fn subtraction_rook_d2_north_attacks() {
    let occupancy = bitboard!(
        ". . 1 1 . . 1 ."
        "1 . 1 1 . 1 1 1"
        ". 1 . . . 1 . ."
        ". . . . . . . ."
        "1 . . . . . . ."
        ". 1 1 . . . 1 ."
        ". . . 1 1 1 1 1"
        ". . . 1 . . 1 ."
    );
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, occupancy);
    let file = steps_on(&trace, Focus::Line(Line::File));
    let [mask, blockers, twice, difference, changed, attacks] = &file[..] else { panic!("six file steps") };
    assert_eq!(board(&mask), Bitboard(0x0808_0808_0808_0808), "filemask[d]");
    assert_eq!(
        board(&blockers),
        bitboard!(
            ". . . 1 . . . ."
            ". . . 1 . . . ."
            ". . . . . . . ."
            ". . . . . . . ."
            ". . . . . . . ."
            ". . . . . . . ."
            ". . . 1 . . . ."
            ". . . 1 . . . ."
        )
    );
    assert_eq!(board(&twice), Square::E2.bit(), "2*squarebit[d2] is e2");
    assert_eq!(
        board(&difference),
        bitboard!(
            ". . . 1 . . . ."
            "1 1 1 . . . . ."
            "1 1 1 1 1 1 1 1"
            "1 1 1 1 1 1 1 1"
            "1 1 1 1 1 1 1 1"
            "1 1 1 1 1 1 1 1"
            ". . . 1 1 1 1 1"
            ". . . 1 . . . ."
        )
    );
    // difference ^ occupancy = changed, the whole occupancy as in the article's diagram.
    assert_eq!(
        board(&changed),
        bitboard!(
            ". . 1 . . . 1 ."
            ". 1 . 1 . 1 1 1"
            "1 . 1 1 1 . 1 1"
            "1 1 1 1 1 1 1 1"
            ". 1 1 1 1 1 1 1"
            "1 . . 1 1 1 . 1"
            ". . . . . . . ."
            ". . . . . . 1 ."
        )
    );
    assert_eq!(
        board(&attacks),
        bitboard!(
            ". . . . . . . ."
            ". . . 1 . . . ."
            ". . . 1 . . . ."
            ". . . 1 . . . ."
            ". . . 1 . . . ."
            ". . . 1 . . . ."
            ". . . . . . . ."
            ". . . . . . . ."
        )
    );
    assert_eq!(difference.op, Op::Sub);
    // The borrow starts at e2 and runs through every bit up to d7, the first blocker.
    let chain = difference.borrow_chain().unwrap();
    assert!(chain.contains(Square::D7) && !chain.contains(Square::D8) && !chain.contains(Square::E2));
    assert_eq!(chain.count(), Square::D7.index() - Square::E2.index());
}

#[test]
fn classical_bishop_g2_north_west() {
    let occupied = bitboard!(
        "1 . 1 1 1 1 1 1"
        "1 . 1 1 1 1 1 1"
        ". 1 1 . . . . ."
        ". . . . . . . ."
        ". . . . . . . ."
        ". . . . . . 1 ."
        "1 1 1 1 1 1 B 1"
        "1 1 1 1 1 . 1 1"
    );
    let north_west_g2 = bitboard!(
        "1 . . . . . . ."
        ". 1 . . . . . ."
        ". . 1 . . . . ."
        ". . . 1 . . . ."
        ". . . . 1 . . ."
        ". . . . . 1 . ."
        ". . . . . . . ."
        ". . . . . . . ."
    );
    let trace = Technique::ClassicalConditional.trace(Slider::Bishop, Square::G2, occupied);
    let ray = steps_on(&trace, Focus::Ray(Direction::NorthWest));
    let [attacks, blocker, scan, shadow, result] = &ray[..] else { panic!("five north-west steps") };
    assert_eq!(board(&attacks), north_west_g2);
    assert_eq!(board(&blocker), Square::A8.bit() | Square::C6.bit(), "{{a8, c6}}");
    assert_eq!((scan.op, scan.result), (Op::Scan(Scan::Forward), Value::Number(Square::C6.index().into())));
    assert_eq!(board(&shadow), Square::A8.bit() | Square::B7.bit(), "NorthWest(c6)");
    assert_eq!(board(&result), Square::C6.bit() | Square::D5.bit() | Square::E4.bit() | Square::F3.bit());
}

#[test]
fn sbamg_nibble_sample() {
    // ".b.. r.bb" by bit index 7..0: rook on bit 3 (d1), blockers on bits 0, 1 and 6.
    let trace = Technique::Sbamg.trace(Slider::Rook, Square::D1, Bitboard(0x43));
    let rank = steps_on(&trace, Focus::Line(Line::Rank));
    let value = |label: &str| rank.iter().find(|s| s.label == label).unwrap_or_else(|| panic!("{label}")).result;
    // The labels are the article's code's own names: the line occupancy, occ, bsq (the square
    // index; its bit is the sample's cbn, 0x02) and the code's cbnx3, shown as the article's 3cbn.
    assert_eq!(value("occupied & masks.line_ex = line_occupancy"), Value::Board(Bitboard(0x43)));
    assert_eq!(value("line_occupancy | masks.outer = occ"), Value::Board(Bitboard(0x43)));
    assert_eq!(value("bsr(occ & masks.lower) = bsq"), Value::Number(1), "cbn = 0x02 = 1 << bsq");
    assert_eq!(value("3 << bsq.index() = 3cbn"), Value::Board(Bitboard(0x06)));
    assert_eq!(value("occ - 3cbn"), Value::Board(Bitboard(0x3d)));
    assert_eq!(value("occ ^ (occ - 3cbn) = changed"), Value::Board(Bitboard(0x7e)));
    assert_eq!(value("changed & masks.line_ex = rank_attacks"), Value::Board(Bitboard(0x76)));
    let three = rank.iter().find(|s| s.label == "3 << bsq.index() = 3cbn").unwrap();
    let minus = rank.iter().find(|s| s.label == "occ - 3cbn").unwrap();
    assert_eq!((&*three.operands.result, &*minus.operands.rhs), ("3cbn", "3cbn"));
    // The scan's square goes by one name, bsq, where it is found and where its number is shifted
    // by (not bsq, then bsq.index()).
    let scan = rank.iter().find(|s| s.label == "bsr(occ & masks.lower) = bsq").unwrap();
    assert_eq!((&*scan.operands.result, &*three.operands.rhs), ("bsq", "bsq"));
    assert_eq!(trace.result & Bitboard(0xff), Bitboard(0x76));
}

#[test]
fn obstruction_difference_on_the_d2_example() {
    // North attacks d3..d7 as in the subtraction article, plus d1 south, and the rank.
    let occupied = Bitboard(0x4ced_2200_0146_f848);
    let expected = Technique::Reference.attacks(Slider::Rook, Square::D2, occupied);
    for technique in [Technique::ObstructionDifference, Technique::ObstructionDifferenceHoffmann] {
        let trace = technique.trace(Slider::Rook, Square::D2, occupied);
        assert_eq!(trace.result, expected);
        let file = steps_on(&trace, Focus::Line(Line::File));
        let lzcnt = file.iter().find(|s| s.op == Op::Scan(Scan::LeadingZeros)).unwrap();
        // lower = {d1}, so lzcnt(lower | 1) = 63 - 3.
        assert_eq!(lzcnt.result, Value::Number(60));
    }
}

#[test]
fn setwise_east_attacks_of_many_rooks() {
    let occupied = Bitboard(0x4ced_2200_0146_f848);
    let rooks = Square::A1.bit() | Square::C1.bit() | Square::H3.bit() | Square::B5.bit() | Square::G8.bit();
    let expected = rooks.squares().fold(Bitboard::EMPTY, |all, rook| {
        all | sliders::techniques::reference::ray(rook, Direction::East, occupied | rooks)
    });
    assert_eq!(east_attacks_setwise(rooks, occupied), expected);
    sliders::workload::for_each_position(2_000, |occupancy, squares| {
        let rooks: Bitboard = squares.iter().map(|&s| Square::from_index(s as u32)).collect();
        let occupied = Bitboard(occupancy);
        let expected = rooks.squares().fold(Bitboard::EMPTY, |all, rook| {
            all | sliders::techniques::reference::ray(rook, Direction::East, occupied | rooks)
        });
        assert_eq!(east_attacks_setwise(rooks, occupied), expected, "rooks {rooks} occupied {occupied}");
    });
}

/// The source text that starts at `line` and `column` (both 1-based), as one line: each line
/// break and the indentation after it read as one space.
fn text_at(source: &str, line: u32, column: u32) -> String {
    let mut lines = source.lines().skip(line as usize - 1);
    let first: String = lines.next().unwrap_or("").chars().skip(column as usize - 1).collect();
    lines.fold(first, |text, next| format!("{text} {}", next.trim_start()))
}

/// The names the file's comments declare, each with the code's own: `shown as: 2r` right above
/// `let two_r = …` gives ("2r", "two_r").
fn declared_names(source: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    let declared = lines.windows(2).filter_map(|pair| {
        let shown = pair[0].strip_prefix("// shown as:")?.trim();
        let name = pair[1].strip_prefix("let ")?.split(' ').next()?;
        Some((shown.to_string(), name.to_string()))
    });
    declared.collect()
}

#[test]
fn every_step_of_a_technique_points_into_its_own_source() {
    for &technique in Technique::ALL {
        let trace = technique.trace(Slider::Queen, Square::D4, Bitboard(0x0012_0400_2800_4100));
        let source_lines = technique.source().lines().count() as u32;
        for step in trace.steps.iter().filter(|s| technique.made(s)) {
            assert!(
                step.place.line() >= 1 && step.place.line() <= source_lines,
                "{technique}: line {}",
                step.place.line()
            );
            // A step's label is its expression as the file spells it, at the step's own line and
            // column, and ` = name` when a `let` binds it; a name a comment declared shows as declared.
            let mut code = step.expression().to_string();
            for (shown, name) in declared_names(technique.source()) {
                code = code.replace(&shown, &name);
            }
            let (first, last) = technique.statement_lines(step.place.line());
            let statement: Vec<&str> =
                technique.source().lines().skip(first as usize - 1).take((last - first + 1) as usize).collect();
            let statement = statement.join("\n");
            let at = text_at(technique.source(), step.place.line(), step.place.column());
            assert!(
                at.starts_with(&code) || statement.contains(&*step.label),
                "{technique} line {} column {} is {at:?}, not {:?}",
                step.place.line(),
                step.place.column(),
                step.label
            );
        }
        let own = trace.steps.iter().filter(|s| technique.made(s)).count();
        assert!(own > 0, "{technique} made no step in its own file");
    }
}

#[test]
fn the_panel_folds_everything_but_the_algorithm_and_keeps_every_step_in_view() {
    for &technique in Technique::ALL {
        let source = technique.source();
        let aside = sliders::techniques::aside_lines(source);
        assert!(aside.iter().any(|&a| a) && aside.iter().any(|&a| !a), "{technique}: nothing folded, or nothing shown");
        let trace = technique.trace(Slider::Queen, Square::D4, Bitboard(0x0012_0400_2800_4100));
        for step in trace.steps.iter().filter(|s| technique.made(s)) {
            assert!(
                !aside[step.place.line() as usize - 1],
                "{technique}: step {:?} is on folded line {}",
                step.label,
                step.place.line()
            );
        }
        // Imports, attributes and the tracer's bookkeeping (`t.focus(…)`, `// shown as: 2r`)
        // are folded away.
        for (text, &aside) in source.lines().zip(&aside) {
            let statement = text.trim_start();
            let naming = statement.starts_with("// shown as:");
            if text.starts_with("use ") || statement.starts_with("#[") || statement.starts_with("t.") || naming {
                assert!(aside, "{technique}: {text:?} is shown");
            }
        }
    }
    // The article's listing is about 7 lines; the panel's line_attacks is at most about twice that,
    // with a comment line for each step's why.
    let source = Technique::ObstructionDifference.source();
    let start = source.lines().position(|l| l.contains("fn line_attacks")).unwrap();
    let length = source.lines().skip(start).position(|l| l == "}").unwrap() + 1;
    assert!(length <= 20, "obstruction difference's line_attacks is {length} lines");
}

#[test]
fn every_steps_why_reads_back_from_its_file_as_the_macro_gave_it() {
    assert!(
        !cfg!(feature = "whys-in-files"),
        "the page's whys-in-files feature is on, so the steps carry no whys: test the core on its own (cargo test -p sliders)"
    );
    for &technique in Technique::ALL {
        for (slider, square, occupied) in
            [(Slider::Queen, Square::D4, Bitboard(0x0012_0400_2800_4100)), (Slider::Rook, Square::A1, Bitboard(0))]
        {
            let trace = technique.trace(slider, square, occupied);
            for step in &trace.steps {
                let (file, source) = technique.source_of(step);
                let read = traced_syntax::why_in_source(source, step.place.line(), step.expression());
                assert_eq!(
                    read.as_deref(),
                    Some(&*step.why),
                    "{technique} {file}:{}: {}",
                    step.place.line(),
                    step.label
                );
            }
        }
    }
}
