//! The bytes between the page and `formula.wasm`: every answer reads back as what the core
//! computes directly, a check run a slice at a time through them ends where the whole check
//! does, and no bytes, however garbled, make either side panic.

use proptest::prelude::*;
use sliders::{Bitboard, Direction, Slider, Square};
use sliders_formula::examples::EXAMPLES;
use sliders_formula::wire::{self, Request, Server, Writer};
use sliders_formula::{CheckOutcome, Checker, Formula, OwnSquare, Target};

fn request(text: &str, rest: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut writer = Writer::default();
    writer.str(text);
    rest(&mut writer);
    writer.bytes
}

fn boards() -> Vec<(Bitboard, Bitboard)> {
    let mut random = sliders::workload::Xorshift96::default();
    let mut boards = vec![(Square::A1.bit(), Bitboard::EMPTY), (Square::H8.bit(), Bitboard::FULL)];
    for square in [Square::D4, Square::G2, Square::B7] {
        boards.push((square.bit(), Bitboard(random.next_u64() & random.next_u64())));
    }
    boards.push((Square::D4.bit() | Square::F6.bit(), Bitboard(0x0042_0010_0800_2400)));
    boards
}

#[test]
fn traces_and_results_read_back_as_the_core_computes_them() {
    let mut server = Server::default();
    let texts = EXAMPLES.iter().map(|e| e.text()).chain([
        // A fault on some boards: a square function given 64.
        "rank(bsf(o & ~o & r))",
        // A count, and every family of operation the language has.
        "popcount(o) + (rotl(o, 3) ^ rotr(o, 70) ^ ls1b(o) ^ ms1b(o) ^ pext(o, file(sq)) ^ pdep(r, rank(sq)))",
        "c = o > r ? !o : bswap(o) == 0; c ^ ray(sq, northwest) ^ bit(sq) ^ diagonal(sq) ^ (clz(o) <= ctz(o))",
        // Read as C: numbers below zero, narrower types, and an int shift that faults on some boards.
        "int d = sq - 40;\nunsigned u = (unsigned)o + 7U;\nshort s = (short)(d * 1000);\nreturn (unsigned long long)(d / 3 + (d >> 2) + s) ^ u ^ (1 << popcount(o & file(sq)));",
    ]);
    for text in texts {
        let formula = Formula::parse(text).unwrap();
        for (sliders, occupied) in boards() {
            for slider in Slider::ALL {
                let asked = request(text, |w| wire::write_board(w, slider, sliders, occupied));
                let answer = server.answer(Request::Trace, &asked).unwrap();
                let (trace, fault) = wire::read_trace(&answer).unwrap();
                assert_eq!((trace, fault), formula.trace_until_fault(slider, sliders, occupied), "{text}");
            }
            let asked = request(text, |w| wire::write_board(w, Slider::Rook, sliders, occupied));
            let answer = server.answer(Request::Attacks, &asked).unwrap();
            assert_eq!(wire::read_attacks(&answer).unwrap(), formula.attacks(sliders, occupied), "{text}");
        }
    }
}

/// formula.wasm says each step and sends the sentence with it, since the page's first load
/// says no step itself: every step arrives with the sentence the full narration says of it, a
/// formula's own operations (division, counts, rotations, && and ||, comparisons and ?:) and
/// the techniques' (o - 2 * r) alike.
#[test]
fn a_saying_server_sends_each_step_with_its_sentence() {
    use sliders_explain::narration::{describe, sentence, Board};
    let mut server = Server::default().saying(sentence);
    let text = "q = o / 8 + o % 8 + popcount(o); d = o && rotl(o, 3) || r; x = o - 2 * r; q ^ d ^ (x > r ? x : ~x)";
    let formula = Formula::parse(text).unwrap();
    let mut said = 0;
    for (sliders, occupied) in boards() {
        let asked = request(text, |w| wire::write_board(w, Slider::Rook, sliders, occupied));
        let (trace, _) = wire::read_trace(&server.answer(Request::Trace, &asked).unwrap()).unwrap();
        let (computed, _) = formula.trace_until_fault(Slider::Rook, sliders, occupied);
        assert_eq!(trace.steps.len(), computed.steps.len());
        let board = Board::of(&computed);
        for (sent, step) in trace.steps.iter().zip(&computed.steps) {
            assert_eq!(sent.sentence.as_deref(), Some(describe(step, &board).as_str()), "{}", step.label);
            said += 1;
        }
    }
    assert!(said > 20, "{said} said");
}

#[test]
fn a_parse_answers_nothing_or_the_error_with_its_suggestion() {
    let mut server = Server::default();
    let answer = server.answer(Request::Parse, &request("o ^ (o - 2 * r)", |_| ())).unwrap();
    assert_eq!(wire::read_parse(&answer), Some(Ok(())));
    let included = "#include <stdint.h>\nreturn o ^ (o - 2 * r";
    for text in ["o & filemask(sq)", "o ^ (o - 2 * r", "", "fn f(a) { return f(a) }\nf(o)", included] {
        let answer = server.answer(Request::Parse, &request(text, |_| ())).unwrap();
        let expected = Formula::parse(text).unwrap_err();
        assert_eq!(wire::read_parse(&answer), Some(Err(expected.clone())), "{text}");
        assert!(expected.suggestion.is_some() || !text.contains("filemask"));
        // The preprocessor's note travels with the error.
        assert_eq!(expected.notes.len(), usize::from(text == included), "{text}");
    }
    // A request that needs a formula says why there is none.
    let refused = server
        .answer(Request::Trace, &request("o ^", |w| wire::write_board(w, Slider::Rook, Bitboard(1), Bitboard(0))));
    assert_eq!(
        refused.unwrap_err(),
        "line 1, column 4: expected a value: a name, a number, a call or (, found the end of the formula."
    );
}

#[test]
fn a_check_in_slices_through_the_bytes_ends_where_the_whole_check_does() {
    let mut server = Server::default();
    let cases = [
        (EXAMPLES[0].text(), EXAMPLES[0].target),
        // Wrong for the north ray: its counter-example and its count come through.
        ("o ^ (o - 2 * r)", Target::Ray(Direction::North)),
        // A fault as the formula's answer in the counter-example.
        ("rank(bsf(o & ~o))", Target::Piece(Slider::Rook)),
    ];
    for (text, target) in cases {
        let whole = Checker::new(target).run(&Formula::parse(text).unwrap());
        let mut checker = Checker::new(target);
        let mut slices = 0;
        let outcome = loop {
            let asked = request(text, |w| {
                w.checker(&checker);
                w.u32(9_999);
            });
            let (next, outcome) = wire::read_check(&server.answer(Request::Check, &asked).unwrap()).unwrap();
            slices += 1;
            if let Some(outcome) = outcome {
                break outcome;
            }
            assert_eq!(next.done(), checker.done() + 9_999);
            checker = next;
        };
        assert_eq!(outcome, whole, "{text}");
        if let CheckOutcome::Agrees { cases } = whole {
            assert_eq!(slices, cases.div_ceil(9_999) + usize::from(cases % 9_999 == 0));
        }
    }
}

#[test]
fn requests_that_cannot_be_read_are_refused_in_words() {
    let mut server = Server::default();
    assert!(server.answer(Request::Trace, &[1, 0]).unwrap_err().contains("cannot read"));
    // The board cut short, and a byte too many.
    let short = request("o", |w| w.u8(0));
    assert!(server.answer(Request::Trace, &short).unwrap_err().contains("cannot read"));
    let long = request("o & r", |w| {
        wire::write_board(w, Slider::Rook, Bitboard(1), Bitboard(0));
        w.u8(7);
    });
    assert!(server.answer(Request::Attacks, &long).unwrap_err().contains("cannot read"));
    // A checker out of range is no checker.
    let mut writer = Writer::default();
    writer.str("o");
    writer.u8(200);
    assert!(server.answer(Request::Check, &writer.bytes).is_err());
}

/// A proof a square at a time through the bytes ends where the whole proof does: proved,
/// failing (its counts, its counter-example), and, on a small budget, failing on the sampled
/// check's board, which the proof runs only then. A square asked for with another formula's
/// text is refused, and the proof goes on.
#[test]
fn a_proof_in_squares_through_the_bytes_ends_where_the_whole_proof_does() {
    use sliders_formula::prove::{sampled_check, Proof, Prover, NODE_BUDGET};
    let blow_up = "x = o * o * o * o * o\nreturn ray(sq, north) ^ x ^ x";
    // From an empty square too (2^64 boards a square): o ^ r fails on nearly all of them, a
    // square's count past what a u64 holds on the way.
    let own_bit = "line = o & file(sq)\nabove = (line >> sq) & ((line >> sq) - 1)\nreturn ray(sq, north) & ~(ray(sq, north) & o & (0 - (o & ray(sq, north)))) & ~ray(bsf(above << sq), north)";
    let (occupied, either) = (OwnSquare::Occupied, OwnSquare::Either);
    let cases = [
        (EXAMPLES[0].text(), Target::Ray(Direction::North), NODE_BUDGET, occupied),
        (EXAMPLES[0].text(), Target::Line(sliders::Line::File), NODE_BUDGET, occupied),
        ("rank(bsf(o & ~o & r))", Target::Piece(Slider::Rook), NODE_BUDGET, occupied),
        (blow_up, Target::Piece(Slider::Rook), 1_000_000, occupied),
        (EXAMPLES[0].text(), Target::Ray(Direction::North), NODE_BUDGET, either),
        ("o ^ r", Target::Ray(Direction::North), NODE_BUDGET, either),
        (own_bit, Target::Ray(Direction::North), NODE_BUDGET, either),
    ];
    for (text, target, budget, own) in cases {
        let mut server = Server::default();
        let start = request(text, |w| {
            w.u8(Target::ALL.iter().position(|&t| t == target).unwrap() as u8);
            w.u64(budget);
            w.own_square(own);
        });
        assert_eq!(server.answer(Request::ProveStart, &start), Ok(Vec::new()));
        let refused = server.answer(Request::ProveSquare, &request("o", |_| ())).unwrap_err();
        assert!(refused.contains("another formula"), "{refused}");
        let mut slices = 0;
        let proof = loop {
            let bytes = server.answer(Request::ProveSquare, &request(text, |_| ())).unwrap();
            let (done, proof) = wire::read_proof_step(&bytes).unwrap();
            slices += 1;
            if let Some(proof) = proof {
                break proof;
            }
            assert_eq!(done, slices);
        };
        let formula = Formula::parse(text).unwrap();
        assert_eq!(proof, Prover::new(target, budget).own_square(own).run(&formula), "{text}");
        if text == blow_up {
            let Proof::Fails(failure) = &proof else { panic!("{proof:?}") };
            assert_eq!(failure.undecided, Some(Square::A1));
            assert_eq!(Some(&failure.counter_example), sampled_check(target, OwnSquare::Occupied, &formula).as_ref());
        }
        // The proof has ended: its next square is no proof.
        assert!(server.answer(Request::ProveSquare, &request(text, |_| ())).is_err());
    }
}

/// techniques.wasm sends every technique's trace in the same bytes: each reads back as the core
/// traces it, step for step, every field kept (a step's file arrives as the file's name, which
/// is how the page finds the file: `Technique::made`, `SharedFile::of`), on every technique,
/// slider and board, with several sliders for the set-wise techniques and the lowest alone for
/// the others.
#[test]
fn every_techniques_trace_crosses_the_bytes_whole() {
    use sliders::techniques::{step_files, SharedFile};
    use sliders::trace::Place;
    use sliders::Technique;
    use sliders_explain::narration::{sentence, Board};
    use sliders_formula::wire::{answer_technique, TechniqueRequest};
    let mut steps = 0;
    for &technique in Technique::ALL {
        for (sliders, occupied) in boards() {
            for slider in Slider::ALL {
                let mut writer = Writer::default();
                wire::write_trace_request(&mut writer, technique, slider, sliders, occupied);
                let answer = answer_technique(TechniqueRequest::Trace, &writer.bytes, None).unwrap();
                let (read, fault) = wire::read_trace(&answer).unwrap();
                assert!(fault.is_none());
                let mut traced = technique.trace_sliders(slider, sliders, occupied);
                for step in &mut traced.steps {
                    let Place::File { file, line, column } = step.place else { panic!("{technique}: a typed step") };
                    let name = step_files().find(|name| file.ends_with(&format!("/{name}"))).unwrap();
                    step.place = Place::File { file: name, line, column };
                }
                assert_eq!(read, traced, "{technique} {slider:?} {sliders} {occupied}");
                for step in &read.steps {
                    // The page finds the step's file from the name as it did from the path.
                    let shared = SharedFile::of(step).is_some();
                    assert!(technique.made(step) != shared, "{technique}: {}", step.label);
                }
                steps += read.steps.len();
                // Narrated, each step goes with the sentence the page would have said of it.
                let narrated = answer_technique(TechniqueRequest::Trace, &writer.bytes, Some(sentence)).unwrap();
                let (narrated, _) = wire::read_trace(&narrated).unwrap();
                for (index, step) in narrated.steps.iter().enumerate() {
                    let said = sliders_explain::narration::describe(&traced.steps[index], &Board::of(&traced));
                    let sent = step.sentence.as_deref().unwrap_or_default();
                    // The page opens a sentence with a capital, and says an idle lane before it.
                    let idle = step.lane.is_some_and(|lane| lane.line.is_none());
                    let fits = idle || said.to_lowercase().ends_with(&sent.to_lowercase());
                    assert!(fits && !sent.is_empty(), "{technique}: {}: {sent:?} / {said:?}", step.label);
                }
            }
        }
    }
    assert!(steps > 5000, "{steps} steps");
    // A fill is an empty answer, and a request it cannot read is refused with a sentence.
    let mut writer = Writer::default();
    wire::write_fill_request(&mut writer, Technique::Magic);
    assert_eq!(answer_technique(TechniqueRequest::FillTable, &writer.bytes, None), Ok(Vec::new()));
    assert!(answer_technique(TechniqueRequest::Trace, &writer.bytes, None).is_err(), "a fill request has no board");
    let mut writer = Writer::default();
    wire::write_trace_request(&mut writer, Technique::Magic, Slider::Rook, Square::A1.bit(), Bitboard::EMPTY);
    assert!(Technique::Magic.large_table().is_some_and(|table| table.ready()));
    let refused = answer_technique(TechniqueRequest::Trace, &writer.bytes[..5], None).unwrap_err();
    assert_eq!(refused, "techniques.wasm could not read the request");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn garbled_bytes_are_refused_without_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..200), kind in 0usize..4) {
        let mut server = Server::default();
        let _ = server.answer(Request::ALL[kind], &bytes);
        let _ = wire::read_trace(&bytes);
        let _ = wire::read_check(&bytes);
        let _ = wire::read_parse(&bytes);
        let _ = wire::read_attacks(&bytes);
        let _ = wire::read_proof_step(&bytes);
        let _ = wire::answer_technique(wire::TechniqueRequest::ALL[kind % 2], &bytes, None);
    }

    #[test]
    fn a_trace_cut_anywhere_is_refused(cut in 0usize..2000, flip in any::<u8>()) {
        let text = EXAMPLES[2].text();
        let formula = Formula::parse(text).unwrap();
        let (trace, fault) = formula.trace_until_fault(Slider::Rook, Square::E4.bit(), Bitboard(0x0010_2000_4400_0800));
        let mut writer = Writer::default();
        wire::write_trace(&mut writer, &trace, fault.as_ref()).unwrap();
        let mut bytes = writer.bytes;
        let cut = cut % bytes.len();
        prop_assert!(wire::read_trace(&bytes[..cut]).is_none());
        // A changed byte reads as something or nothing, never a panic.
        bytes[cut] ^= flip;
        let _ = wire::read_trace(&bytes);
    }
}

/// A compile request comes back as the module's text, its instruction count and the encoder's
/// bytes; a server without an encoder says so; a cut answer is refused.
#[test]
fn a_compiled_formula_crosses_the_bytes_whole() {
    use sliders_formula::wire::{read_compiled, Request, Server, Writer};
    use sliders_formula::Formula;
    for example in sliders_formula::examples::EXAMPLES {
        let mut writer = Writer::default();
        writer.str(example.text());
        let mut server = Server::compiling(|module| vec![module.functions.len() as u8; 3]);
        let answer = server.answer(Request::Compile, &writer.bytes).unwrap();
        let compiled = read_compiled(&answer).unwrap();
        let module = Formula::parse(example.text()).unwrap().wasm();
        assert_eq!(compiled.lines, module.text());
        assert_eq!(compiled.instructions, module.instruction_count());
        assert_eq!(compiled.table_bytes, module.tables.len() * 64 * 8);
        assert_eq!(compiled.bytes, vec![module.functions.len() as u8; 3]);
        for cut in 0..answer.len() {
            assert!(read_compiled(&answer[..cut]).is_none(), "{} cut at {cut}", example.id);
        }
        let refused = Server::default().answer(Request::Compile, &writer.bytes).unwrap_err();
        assert!(refused.contains("cannot compile"), "{refused}");
    }
}

/// An export request gives the formula's C or Rust under the prefix asked for; any other
/// language byte, and a prefix that is no identifier, is refused.
#[test]
fn an_export_crosses_the_bytes_as_text() {
    use sliders_formula::wire::{Reader, Request, Server, Writer};
    use sliders_formula::{Formula, Prefix};
    let text = sliders_formula::examples::EXAMPLES[1].text();
    let formula = Formula::parse(text).unwrap();
    let ask = |language: u8, prefix: &str| {
        let mut writer = Writer::default();
        writer.str(text);
        writer.u8(language);
        writer.str(prefix);
        Server::default().answer(Request::Export, &writer.bytes)
    };
    let rook: Prefix = "rook".parse().unwrap();
    for (language, prefix, expected) in [
        (0, "formula", formula.to_c()),
        (1, "formula", formula.to_rust()),
        (0, "rook", formula.to_c_named(&rook)),
        (1, "rook", formula.to_rust_named(&rook)),
    ] {
        let answer = ask(language, prefix).unwrap();
        assert_eq!(Reader::new(&answer).str(), Some(expected.as_str()));
    }
    assert!(ask(7, "formula").is_err());
    let refused = ask(0, "Rook").unwrap_err();
    assert!(refused.contains("\"Rook\" is no prefix"), "{refused}");
}

#[test]
fn an_example_is_asked_for_by_its_id_and_an_unknown_id_is_refused() {
    let mut server = Server::default();
    for example in &EXAMPLES {
        let answer = server.answer(Request::Example, &request(example.id, |_| ())).unwrap();
        assert_eq!(wire::Reader::new(&answer).str(), Some(example.text()));
        assert!(!example.text().is_empty(), "{} has a text", example.id);
    }
    let refused = server.answer(Request::Example, &request("magic", |_| ())).unwrap_err();
    assert_eq!(refused, "no example is called magic");
}

/// Two texts compared a square at a time through the bytes end where the whole comparison does:
/// equal, differing (counts past a u64, a fault on one side), and on a small budget the
/// sample's board. Another text that does not read is refused, saying which text.
#[test]
fn a_comparison_in_squares_through_the_bytes_ends_where_the_whole_comparison_does() {
    use sliders_formula::prove::{compare, Comparison, NODE_BUDGET};
    let subtraction = EXAMPLES[0].text();
    let classical = sliders_formula::examples::by_id("classical-ray").unwrap().text();
    let cases = [
        (subtraction, classical, OwnSquare::Occupied, NODE_BUDGET),
        (subtraction, "o ^ r", OwnSquare::Either, NODE_BUDGET),
        ("ray(sq, north)", "ray(bsf(o & ~o), north)", OwnSquare::Occupied, NODE_BUDGET),
        ("ray(sq, north)", "ray(sq, north) ^ (o * o * o * o * o * 0x9e3779b97f4a7c15)", OwnSquare::Occupied, 1_000_000),
    ];
    for (first, second, own, budget) in cases {
        let mut server = Server::default();
        let start = request(first, |w| {
            w.u64(budget);
            w.own_square(own);
            w.str(second);
        });
        assert_eq!(server.answer(Request::CompareStart, &start), Ok(Vec::new()));
        let mut slices = 0;
        let comparison = loop {
            let bytes = server.answer(Request::ProveSquare, &request(first, |_| ())).unwrap();
            let (done, comparison) = wire::read_comparison_step(&bytes).unwrap();
            slices += 1;
            if let Some(comparison) = comparison {
                break comparison;
            }
            assert_eq!(done, slices);
        };
        let whole = compare(&Formula::parse(first).unwrap(), &Formula::parse(second).unwrap(), own, budget);
        assert_eq!(comparison, whole, "{first} against {second}");
        assert!(!matches!(comparison, Comparison::Mistake(_)));
        assert!(server.answer(Request::ProveSquare, &request(first, |_| ())).is_err(), "it has ended");
    }
    let mut server = Server::default();
    let start = request("o", |w| {
        w.u64(NODE_BUDGET);
        w.own_square(OwnSquare::Occupied);
        w.str("o &");
    });
    let refused = server.answer(Request::CompareStart, &start).unwrap_err();
    assert!(refused.starts_with("the other text: "), "{refused}");
}
