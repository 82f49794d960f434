//! The pictures (`sliders_pictures::figure`, the wikitable) say exactly what the trace says: every board
//! of every step of every technique, parsed back from the SVG square by square; the PNG the
//! command renders has the set and clear colours where the squares are; a step's GIF has one
//! frame per animation frame.

use std::process::Command;

use sliders::trace::Value;
use sliders::{Bitboard, Slider, Square, Technique, Trace};
use sliders_pictures::figure::{self, colours, Moment};
use sliders_pictures::wikitable;

/// Boards with the edge cases: empty, full, the articles' examples, sliders in corners.
fn cases() -> Vec<(Slider, Bitboard, Bitboard)> {
    vec![
        (Slider::Rook, Square::D2.bit(), Bitboard(0x4ced_2200_0146_f848)),
        (Slider::Rook, Square::D1.bit(), Bitboard(0x43)),
        (Slider::Queen, Square::A1.bit(), Bitboard::EMPTY),
        (Slider::Bishop, Square::H8.bit(), Bitboard::FULL),
        (Slider::Queen, Square::E4.bit() | Square::B7.bit(), Bitboard(0x0010_2400_0842_1000)),
    ]
}

fn traces() -> impl Iterator<Item = Trace> {
    Technique::ALL.iter().flat_map(|&technique| {
        cases()
            .into_iter()
            .filter_map(move |(slider, sliders, occupied)| technique.trace_many(slider, sliders, occupied).ok())
    })
}

/// The boards a step draws, in order: the sets among its operands and its result.
fn boards_of(trace: &Trace, index: usize) -> Vec<Bitboard> {
    let step = &trace.steps[index];
    [Some(step.lhs), step.rhs, Some(step.result)].into_iter().flatten().filter_map(Value::board).collect()
}

/// Each board group of an SVG as (data-value, square name → set) read back from its squares.
fn parse_boards(svg: &str) -> Vec<(String, Vec<(String, bool)>)> {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some("board"))
        .map(|board| {
            let value = board.attribute("data-value").expect("every board carries data-value").to_string();
            let squares = board
                .descendants()
                .filter_map(|node| {
                    let classes: Vec<&str> = node.attribute("class")?.split(' ').collect();
                    classes.contains(&"square").then(|| {
                        let name =
                            classes.iter().find(|c| c.parse::<Square>().is_ok()).expect("a square name").to_string();
                        (name, classes.contains(&"set"))
                    })
                })
                .collect();
            (value, squares)
        })
        .collect()
}

fn check_boards(svg: &str, expected: &[Bitboard], context: &str) {
    let boards = parse_boards(svg);
    assert_eq!(boards.len(), expected.len(), "{context}: the number of boards");
    for ((value, squares), board) in boards.iter().zip(expected) {
        assert_eq!(value, &board.to_string(), "{context}: data-value");
        assert_eq!(squares.len(), 64, "{context}: 64 squares");
        let names: std::collections::BTreeSet<&str> = squares.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names.len(), 64, "{context}: each square named once");
        for (name, set) in squares {
            let square: Square = name.parse().unwrap();
            assert_eq!(*set, board.contains(square), "{context}: {name} of {board}");
        }
    }
}

#[test]
fn every_board_of_every_step_reads_back_bit_for_bit() {
    let mut steps = 0;
    for trace in traces() {
        for index in 0..trace.steps.len() {
            let context = format!("{} step {}", trace.technique.unwrap().name(), index + 1);
            let svg = figure::step_svg(&trace, index, Moment::Finished);
            check_boards(&svg, &boards_of(&trace, index), &context);
            let document = roxmltree::Document::parse(&svg).unwrap();
            let desc = document.descendants().find(|n| n.has_tag_name("desc")).and_then(|n| n.text()).unwrap();
            assert_eq!(desc, sliders_pictures::diagram::step(&trace, index), "{context}: the ASCII diagram in <desc>");
            steps += 1;
        }
        // The whole trace: every step's boards, in order.
        let all: Vec<Bitboard> = (0..trace.steps.len()).flat_map(|index| boards_of(&trace, index)).collect();
        for narration in [true, false] {
            check_boards(&figure::trace_svg(&trace, narration), &all, trace.technique.unwrap().name());
        }
    }
    assert!(steps > 500, "{steps} steps checked");
}

#[test]
fn animation_frames_draw_the_same_values() {
    for trace in traces().take(40) {
        for index in 0..trace.steps.len() {
            let count = figure::frame_count(&trace, index);
            let frames = (0..count).map(|frame| {
                figure::step_svg(&trace, index, if frame + 1 == count { Moment::Finished } else { Moment::At(frame) })
            });
            for (frame, svg) in frames.enumerate() {
                check_boards(
                    &svg,
                    &boards_of(&trace, index),
                    &format!("{} step {} frame {frame}", trace.technique.unwrap().name(), index + 1),
                );
            }
        }
    }
}

#[test]
fn the_wikitable_colours_each_square_by_its_bit() {
    for trace in traces() {
        for index in 0..trace.steps.len() {
            let table = wikitable::step(&trace, index);
            let cells: Vec<(Square, bool)> =
                wikitable::read_back(&table).into_iter().map(|(name, on)| (name.parse().unwrap(), on)).collect();
            let boards = boards_of(&trace, index);
            assert_eq!(cells.len(), 64 * boards.len());
            for (chunk, board) in cells.chunks(64).zip(&boards) {
                for (square, set) in chunk {
                    assert_eq!(*set, board.contains(*square), "{} step {}", trace.technique.unwrap().name(), index + 1);
                }
            }
        }
    }
}

fn sliders_command(args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_sliders")).args(args).output().expect("the sliders binary runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    output.stdout
}

const SUBTRACTION: [&str; 9] =
    ["trace", "--technique", "subtraction", "--slider", "rook", "--square", "d2", "--occupied", "0x4ced22000146f848"];

fn hex(colour: &str) -> [u8; 3] {
    let value = u32::from_str_radix(colour.trim_start_matches('#'), 16).unwrap();
    [(value >> 16) as u8, (value >> 8) as u8, value as u8]
}

#[test]
fn the_png_has_the_set_colour_on_set_squares_and_the_clear_colour_on_clear_ones() {
    for scale in [1u32, 2] {
        let mut args = SUBTRACTION.to_vec();
        let scale_text = scale.to_string();
        args.extend(["--step", "4", "--format", "png", "--scale", &scale_text]);
        let png = sliders_command(&args);
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgba);
        let pixel = |x: u32, y: u32| {
            let at = ((y * info.width + x) * 4) as usize;
            [pixels[at], pixels[at + 1], pixels[at + 2]]
        };
        // Where the SVG puts each square: its board's translation, and the square's corner in
        // half pixels.
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        let svg = figure::step_svg(&trace, 3, Moment::Finished);
        let document = roxmltree::Document::parse(&svg).unwrap();
        let mut checked = 0;
        for board in document.descendants().filter(|n| n.attribute("class") == Some("board")) {
            let value: Bitboard = board.attribute("data-value").unwrap().parse().unwrap();
            let translate = board.attribute("transform").unwrap();
            let origin: Vec<u32> = translate
                .trim_start_matches("translate(")
                .split([' ', ')'])
                .take(2)
                .map(|n| n.parse().unwrap())
                .collect();
            for node in board.descendants().filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("square "))) {
                let square: Square = node.attribute("class").unwrap().split(' ').nth(1).unwrap().parse().unwrap();
                if square == Square::D2 {
                    continue; // the slider's dot is drawn on its centre
                }
                // The square's centre: its board's origin, plus its corner and half its side
                // (17 half pixels), both in half pixels.
                let half = |attribute: &str, origin: u32| -> u32 {
                    origin * 2 + node.attribute(attribute).unwrap().parse::<u32>().unwrap() + 17
                };
                let (x, y) = (half("x", origin[0]) * scale / 2, half("y", origin[1]) * scale / 2);
                let expected = if value.contains(square) { colours::BIT_ON } else { colours::BIT_OFF };
                assert_eq!(pixel(x, y), hex(expected), "{square} of {value} at {scale}x");
                checked += 1;
            }
        }
        assert_eq!(checked, 3 * 63);
    }
}

#[test]
fn a_steps_gif_has_one_frame_per_animation_frame() {
    let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
    for step in [2usize, 4] {
        let mut args = SUBTRACTION.to_vec();
        let step_text = step.to_string();
        args.extend(["--step", &step_text, "--format", "gif"]);
        let gif = sliders_command(&args);
        let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
        let mut frames = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        assert_eq!(frames, figure::frame_count(&trace, step - 1), "step {step}");
        assert_eq!(frames, figure::gif_frame_count(&trace, Some(step - 1)));
        assert!(frames > 1, "step {step} animates");
    }
    // The whole trace: one frame per step.
    let mut args = SUBTRACTION.to_vec();
    args.extend(["--format", "gif"]);
    let gif = sliders_command(&args);
    let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, trace.steps.len());
}

#[test]
fn bad_picture_arguments_get_one_clear_error() {
    for (extra, needle) in [
        (&["--step", "0"][..], "--step 0 is out of range: this trace has steps 1 to 13"),
        (&["--step", "14"][..], "--step 14 is out of range"),
        (&["--format", "png", "--scale", "9"][..], "--scale 9 is out of range"),
        (&["--format", "jpeg"][..], "jpeg"),
        (&["--format", "svg", "--pre"][..], "--pre goes with --format text or ascii"),
        (&["--format", "wikitable", "--scale", "2"][..], "--scale goes with --format svg, png or gif"),
        (&["--no-narration"][..], "--no-narration goes with --format svg, png or gif"),
    ] {
        let mut args = SUBTRACTION.to_vec();
        args.extend(extra);
        let output = Command::new(env!("CARGO_BIN_EXE_sliders")).args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{stderr} should say {needle}");
    }
}
