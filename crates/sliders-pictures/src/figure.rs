//! Pictures of a step, or of a whole trace, drawn the way the articles draw them: the operands
//! and the result as 8x8 boards side by side, `A op B = C`, each with its caption above and its
//! value in hex below, the slider marked, a subtraction's borrow trail dashed as on the page.
//!
//! The output is one standalone SVG: no fonts, styles or scripts from outside, colours of the
//! page's light theme on white. Like python-chess's `chess.svg`, each square is an element with
//! its name as a class (`a1` … `h8`), plus `set` where its bit is one, and each board is a group
//! carrying `data-value`; the step's ASCII diagram travels in `<desc>`. The page and the
//! `sliders` command draw through here; PNG and GIF are rasterised from this SVG, never drawn
//! again.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use crate::diagram;
use crate::wrap::wrap;
use sliders::trace::{Step, Trace, Value};
use sliders::{Bitboard, Square};
use sliders_explain::animation;
/// Which moment of a step's animation a picture shows.
pub use sliders_explain::animation::Moment;
use sliders_explain::marks::{equation, slider_legend, Marks, Term};
use sliders_explain::narration::{self, step_focus_name, Board};

/// The page's light theme.
pub mod colours {
    pub const PAPER: &str = "#ffffff";
    pub const INK: &str = "#1d2125";
    pub const MUTED: &str = "#5e6670";
    pub const LINE: &str = "#d5d9de";
    pub const BIT_ON: &str = "#1d2125";
    pub const BIT_OFF: &str = "#e4e7ea";
    pub const BORROW: &str = "#e39b12";
    pub const FOCUS: &str = "#ffb000";
    pub const ACCENT: &str = "#1f6fd1";
}
use colours::*;

/// One square's side, in pixels at scale 1; squares are 1 px apart.
pub const CELL: u32 = 18;
const BOARD: u32 = 8 * CELL + 1;
const MARGIN: u32 = 14;
/// Room for the rank numbers left of a row's first board.
const RANK_LABELS: u32 = 14;
const CAPTION: u32 = 18;
const BELOW: u32 = 30;
const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
/// Width of a character of the monospaced font at 12 px, in tenths of a pixel, rounded up.
const CHAR_12_TENTHS: u32 = 73;
const LINE_12: u32 = 16;

/// The font size of a text item, and how it looks.
#[derive(Clone, Copy)]
enum Style {
    Heading,
    Caption,
    Hex,
    Label,
    Operator,
    Number,
    Sentence,
}

impl Style {
    fn attributes(self) -> &'static str {
        match self {
            Style::Heading => "font-size=\"14\" font-weight=\"bold\"",
            Style::Caption => "font-size=\"12\"",
            Style::Hex => "font-size=\"11\"",
            Style::Label => "font-size=\"10\"",
            Style::Operator => "font-size=\"20\" font-weight=\"bold\"",
            Style::Number => "font-size=\"22\" font-weight=\"bold\"",
            Style::Sentence => "font-size=\"12\"",
        }
    }

    fn colour(self) -> &'static str {
        match self {
            Style::Hex | Style::Label | Style::Operator => MUTED,
            _ => INK,
        }
    }
}

/// Text for XML: `&`, `<`, `>` and quotes escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// An SVG being written: elements appended, the size known at the end.
struct Canvas {
    body: String,
}

impl Canvas {
    fn text(&mut self, x: u32, y: u32, anchor: &str, style: Style, text: &str) {
        let _ = writeln!(
            self.body,
            "<text x=\"{x}\" y=\"{y}\" text-anchor=\"{anchor}\" fill=\"{}\" {}>{}</text>",
            style.colour(),
            style.attributes(),
            escape(text)
        );
    }

    /// Lines of `text` wrapped to `width` pixels at 12 px, from `y` down; returns the y after.
    fn paragraph(&mut self, x: u32, y: u32, width: u32, text: &str) -> u32 {
        let mut y = y;
        for line in wrap(text, chars_in(width)) {
            y += LINE_12;
            self.text(x, y, "start", Style::Sentence, &line);
        }
        y
    }

    /// A muted line (or lines) of 11 px text, wrapped to `width`, from `y` down; returns the y after.
    fn note(&mut self, x: u32, y: u32, width: u32, text: &str) -> u32 {
        let mut y = y;
        for line in wrap(text, (width * 10 / 67) as usize) {
            y += 15;
            self.text(x, y, "start", Style::Hex, &line);
        }
        y
    }

    /// One 8x8 board with its top-left corner at (x, y). Inside its group the board is drawn in
    /// half pixels, so every coordinate is a whole number (no float is ever formatted).
    fn board(&mut self, x: u32, y: u32, value: Bitboard, marks: &Marks, labels: bool) {
        let _ = writeln!(
            self.body,
            "<g class=\"board\" data-value=\"{value}\" transform=\"translate({x} {y}) scale(0.5)\">\n<rect class=\"frame\" width=\"{b}\" height=\"{b}\" fill=\"{LINE}\"/>",
            b = 2 * BOARD
        );
        for square in Square::ALL {
            let (sx, sy) = corner(square);
            let set = value.contains(square);
            let pending = marks.shown.is_some_and(|shown| !shown.contains(square));
            let fill = if pending {
                "url(#pending)"
            } else if set {
                BIT_ON
            } else {
                BIT_OFF
            };
            let _ = writeln!(
                self.body,
                "<rect class=\"square {square}{}{}\" x=\"{sx}\" y=\"{sy}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"{fill}\"/>",
                if set { " set" } else { "" },
                if pending { " pending" } else { "" },
            );
        }
        // Marks, each its own shape as on the page: the combined squares a solid ring, the
        // borrow trail dashed, the bit the animation is at a thick outline, the slider a ring
        // and a dot.
        for square in marks.active.squares() {
            self.outline(square, FOCUS, 4, 4, "");
        }
        for square in marks.borrow.squares() {
            self.outline(square, BORROW, 3, 4, " stroke-dasharray=\"5 4\"");
        }
        if let Some(bit) = marks.cursor {
            self.outline(Square::from_index(bit.min(63)), FOCUS, 6, 0, "");
        }
        for square in marks.slider.squares() {
            let (sx, sy) = corner(square);
            let _ = writeln!(
                self.body,
                "<g class=\"slider\"><rect x=\"{}\" y=\"{}\" width=\"30\" height=\"30\" fill=\"none\" stroke=\"{ACCENT}\" stroke-width=\"4\"/><circle cx=\"{}\" cy=\"{}\" r=\"7\" fill=\"{ACCENT}\" stroke=\"{PAPER}\" stroke-width=\"2\"/></g>",
                sx + 2,
                sy + 2,
                sx + SIDE / 2,
                sy + SIDE / 2,
            );
        }
        self.body.push_str("</g>\n");
        if labels {
            for rank in 0..8 {
                self.text(x - 5, y + rank * CELL + CELL / 2 + 4, "end", Style::Label, &format!("{}", 8 - rank));
            }
            for (file, name) in ["a", "b", "c", "d", "e", "f", "g", "h"].into_iter().enumerate() {
                self.text(x + file as u32 * CELL + CELL / 2 + 1, y + BOARD + 11, "middle", Style::Label, name);
            }
        }
    }

    /// A square outlined inside its edge, `width` and `inset` in half pixels.
    fn outline(&mut self, square: Square, colour: &str, width: u32, inset: u32, extra: &str) {
        let (sx, sy) = corner(square);
        let offset = inset + width / 2;
        let side = SIDE - 2 * offset;
        let _ = writeln!(
            self.body,
            "<rect class=\"mark\" x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\"{extra}/>",
            sx + offset,
            sy + offset,
        );
    }

    fn finish(self, width: u32, height: u32, title: &str, desc: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\">\n<title>{}</title>\n<desc>{}</desc>\n<defs><pattern id=\"pending\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"4\" height=\"4\" fill=\"{PAPER}\"/><rect width=\"2\" height=\"4\" fill=\"{BIT_OFF}\"/></pattern></defs>\n<rect class=\"paper\" width=\"{width}\" height=\"{height}\" fill=\"{PAPER}\"/>\n{}</svg>\n",
            escape(title),
            escape(desc),
            self.body
        )
    }
}

/// A square's side inside its board, in half pixels: squares stand 1 px apart.
const SIDE: u32 = 2 * CELL - 2;

/// The top-left corner of a square inside its board, in half pixels, rank 8 on top.
fn corner(square: Square) -> (u32, u32) {
    (2 + square.file() as u32 * 2 * CELL, 2 + (7 - square.rank() as u32) * 2 * CELL)
}

/// How many characters of 12 px text fit in `width` pixels.
fn chars_in(width: u32) -> usize {
    ((width * 10 / CHAR_12_TENTHS) as usize).max(20)
}

/// One item of a row: a board, a number, or an operator between them.
enum Item<'a> {
    Board { value: Bitboard, caption: &'a str, marks: Marks },
    Number { text: String, caption: &'a str },
    Operator(&'a str),
}

impl Item<'_> {
    fn width(&self) -> u32 {
        match self {
            Item::Board { .. } => BOARD,
            Item::Number { text, caption } => (text.len().max(caption.len()) as u32 * 14 + 24).max(56),
            Item::Operator(symbol) => symbol.len() as u32 * 13 + 18,
        }
    }
}

/// The items of `A op B = C` for a step's terms, as the page lays them out.
fn items<'a>(terms: &[Term<'a>]) -> Vec<Item<'a>> {
    terms
        .iter()
        .map(|term| match *term {
            Term::Operator(symbol) => Item::Operator(symbol),
            Term::Operand { value: Value::Board(value), caption, marks } => Item::Board { value, caption, marks },
            Term::Operand { value: value @ (Value::Number(_) | Value::Signed(_)), caption, marks } => {
                Item::Number { text: if marks.pending() { "…".into() } else { format!("{value}") }, caption }
            }
        })
        .collect()
}

/// What the marks of a step's grids stand for, in words: the slider's mark (where each grid holds
/// its bit) and the borrow's dashed path. With `plain_too` unset, only a legend that says more
/// than "the rook on d2" (a moved or mirrored board), for the rows of a whole trace.
pub(crate) fn legend(trace: &Trace, step: &Step, terms: &[Term], plain_too: bool) -> Option<String> {
    legend_of_mark(trace, step, terms, plain_too, "The ring and dot mark")
}

/// [`legend`], where the slider's mark is `mark` ("The dot marks", for a picture drawn with a dot
/// alone).
pub(crate) fn legend_of_mark(
    trace: &Trace,
    step: &Step,
    terms: &[Term],
    plain_too: bool,
    mark: &str,
) -> Option<String> {
    let slider = slider_legend(terms, trace.slider, trace.sliders);
    let plain = slider.as_deref().is_some_and(|text| !text.contains("'s bit"));
    let borrow = terms.iter().any(|term| matches!(term, Term::Operand { marks, .. } if !marks.borrow.is_empty()));
    let mut parts = Vec::new();
    // A grid captioned "a" or "b" stands for a longer expression: say which, first.
    if let Some(letters) = sliders_explain::operands::of(step).legend() {
        parts.push(format!("{letters}."));
    }
    if let Some(slider) = slider.filter(|_| plain_too || !plain) {
        parts.push(format!("{mark} {slider}."));
    }
    if borrow && plain_too {
        parts.push("Dashed squares: the borrow's path.".into());
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn row_width(items: &[Item]) -> u32 {
    RANK_LABELS + items.iter().map(Item::width).sum::<u32>() + 8 * (items.len() as u32 - 1)
}

/// Draws a row with its top at `y` (captions first); returns the y below it.
fn draw_row(canvas: &mut Canvas, y: u32, items: &[Item]) -> u32 {
    let top = y + CAPTION;
    let mut x = MARGIN + RANK_LABELS;
    let mut first_board = true;
    for item in items {
        let width = item.width();
        let middle = x + width / 2;
        match item {
            Item::Board { value, caption, marks } => {
                canvas.text(middle, y + 13, "middle", Style::Caption, caption);
                canvas.board(x, top, *value, marks, first_board);
                canvas.text(middle, top + BOARD + 25, "middle", Style::Hex, &format!("{value}"));
                first_board = false;
            }
            Item::Number { text, caption } => {
                canvas.text(middle, y + 13, "middle", Style::Caption, caption);
                let _ = writeln!(
                    canvas.body,
                    "<rect class=\"number\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"40\" rx=\"6\" fill=\"{BIT_OFF}\"/>",
                    x,
                    top + BOARD / 2 - 20,
                    width
                );
                canvas.text(middle, top + BOARD / 2 + 8, "middle", Style::Number, text);
            }
            Item::Operator(symbol) => canvas.text(middle, top + BOARD / 2 + 7, "middle", Style::Operator, symbol),
        }
        x += width + 8;
    }
    top + BOARD + BELOW
}

/// The width a heading needs: bold 14 px monospaced characters are 8.5 px wide.
fn heading_width(text: &str) -> u32 {
    text.chars().count() as u32 * 85 / 10 + 2 * MARGIN
}

/// "Step 4 of 13 · the d-file: o - 2r"
fn heading(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    let focus = step_focus_name(step, &Board::of(trace)).map(|f| format!(" · {f}")).unwrap_or_default();
    let mirrored = step.board_note().map(|note| format!(" · {note}")).unwrap_or_default();
    format!("Step {} of {}{focus}{mirrored}: {}", index + 1, trace.steps.len(), step.label)
}

/// Step `index` of `trace` at a moment of its animation, with its
/// heading, its boards and the sentence the page says under it at that frame.
pub fn step_svg(trace: &Trace, index: usize, moment: Moment) -> String {
    step_picture(trace, index, moment, Sentence::Whole)
}

/// What a step's picture says under its boards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sentence {
    /// What the page says at that frame: the whole narration once the step is finished.
    Whole,
    /// Only the first sentence of the finished step's narration.
    First,
    /// Nothing: the boards and their key alone.
    None,
}

/// Step `index` at `moment` with the sentence chosen.
pub fn step_picture(trace: &Trace, index: usize, moment: Moment, sentence: Sentence) -> String {
    let step = &trace.steps[index];
    let shown = animation::frame(step, moment);
    let terms = equation(step, &shown, trace.sliders);
    let items = items(&terms);
    let width = (row_width(&items) + 2 * MARGIN).max(heading_width(&heading(trace, index))).max(360);
    let mut canvas = Canvas { body: String::new() };
    canvas.text(MARGIN, 22, "start", Style::Heading, &heading(trace, index));
    let mut y = draw_row(&mut canvas, 34, &items);
    if let Some(legend) = legend(trace, step, &terms, true) {
        y = canvas.note(MARGIN, y + 2, width - 2 * MARGIN, &legend);
    }
    if let Some(lanes) = narration::lanes_sentence(trace, index) {
        y = canvas.note(MARGIN, y + 2, width - 2 * MARGIN, &lanes);
    }
    let said = narration::on_screen(step, &shown, &Board::of(trace));
    let said = match sentence {
        Sentence::Whole => said.as_str(),
        Sentence::First => narration::first_sentence(&said),
        Sentence::None => "",
    };
    let y = canvas.paragraph(MARGIN, y, width - 2 * MARGIN, said);
    let title = format!("Slider Lab: {}, step {} of {}", diagram::setup(trace), index + 1, trace.steps.len());
    canvas.finish(width, y + MARGIN, &title, &diagram::step(trace, index))
}

/// Every step of `trace`, one row each, labelled as the page labels them, with the first
/// sentence of each step's narration under its row when `narration` is set, and the result.
pub fn trace_svg(trace: &Trace, narration: bool) -> String {
    let terms: Vec<Vec<Term>> = trace
        .steps
        .iter()
        .map(|step| equation(step, &animation::frame(step, Moment::Finished), trace.sliders))
        .collect();
    let rows: Vec<Vec<Item>> = terms.iter().map(|terms| items(terms)).collect();
    let widest_row = rows.iter().map(|row| row_width(row)).max().unwrap_or(0) + 2 * MARGIN;
    let widest_heading = (0..rows.len()).map(|index| heading_width(&heading(trace, index))).max().unwrap_or(0);
    let width = widest_row.max(widest_heading).max(heading_width(&diagram::setup(trace))).max(480);
    let mut canvas = Canvas { body: String::new() };
    canvas.text(MARGIN, 22, "start", Style::Heading, &diagram::setup(trace));
    let mut y = 30;
    let any_borrow =
        terms.iter().flatten().any(|t| matches!(t, Term::Operand { marks, .. } if !marks.borrow.is_empty()));
    let key = format!(
        "The ring and dot mark the {} on {} (or where its bit stands, when a row says so).{}",
        trace.slider,
        narration::square_list(trace.sliders),
        if any_borrow { " Dashed squares: the borrow's path." } else { "" }
    );
    y = canvas.note(MARGIN, y, width - 2 * MARGIN, &key);
    if trace.technique.is_some_and(|t| t.positive_rays_only()) {
        y = canvas.paragraph(MARGIN, y, width - 2 * MARGIN, crate::POSITIVE_RAYS_ONLY);
    }
    for (index, row) in rows.iter().enumerate() {
        y += 22;
        canvas.text(MARGIN, y + 4, "start", Style::Heading, &heading(trace, index));
        y = draw_row(&mut canvas, y + 8, row);
        if let Some(legend) = legend(trace, &trace.steps[index], &terms[index], false) {
            y = canvas.note(MARGIN, y + 2, width - 2 * MARGIN, &legend);
        }
        if narration {
            let sentence = narration::narrate(trace, index);
            y = canvas.paragraph(MARGIN, y - 4, width - 2 * MARGIN, narration::first_sentence(&sentence));
        }
    }
    y += 10;
    let result = format!("Result: {}, {}", trace.result, diagram::counts(trace));
    canvas.text(MARGIN, y + 10, "start", Style::Caption, &result);
    let title = format!("Slider Lab: {}, every step", diagram::setup(trace));
    canvas.finish(width, y + 10 + MARGIN, &title, &diagram::trace(trace))
}

/// `svg` drawn `scale` times its size: its width and height multiplied, its view box kept.
pub fn scaled(svg: &str, scale: u32) -> String {
    let size = |name: &str| -> Option<u32> {
        let start = svg.find(&format!(" {name}=\""))? + name.len() + 3;
        svg[start..].split('"').next()?.parse().ok()
    };
    match (size("width"), size("height")) {
        (Some(width), Some(height)) if scale > 1 => svg.replacen(
            &format!("width=\"{width}\" height=\"{height}\""),
            &format!("width=\"{}\" height=\"{}\"", width * scale, height * scale),
            1,
        ),
        _ => svg.into(),
    }
}

/// How many frames a step's picture animates through: the page's.
pub fn frame_count(trace: &Trace, index: usize) -> usize {
    animation::frame_count(&trace.steps[index])
}

/// How many frames a GIF has: a step's animation frames, or one per step of the whole trace.
pub fn gif_frame_count(trace: &Trace, step: Option<usize>) -> usize {
    match step {
        Some(index) => frame_count(trace, index),
        None => trace.steps.len(),
    }
}

/// Frame `index` of a GIF (see [`gif_frame_count`]) and how long it shows, in hundredths of a
/// second. A step's walk moves every 0.12 s and its finished frame holds 3 s, each with the
/// step's whole narration if `narration` (the page's sentence for each frame of the walk would
/// change too fast to read); a
/// trace's frames show each finished step with its first sentence, each long enough to read.
pub fn gif_frame(trace: &Trace, step: Option<usize>, index: usize, narration: bool) -> (String, u16) {
    let words = |sentence: Sentence| if narration { sentence } else { Sentence::None };
    match step {
        Some(step) => {
            let last = index + 1 >= frame_count(trace, step);
            match last {
                true => (step_picture(trace, step, Moment::Finished, words(Sentence::Whole)), 300),
                false => (step_picture(trace, step, Moment::At(index), words(Sentence::Whole)), 12),
            }
        }
        None => {
            let first = narration::narrate(trace, index);
            // 1.5 s, and a tenth of a second for every 20 characters of the sentence, at most 8 s.
            let reading = if narration { narration::first_sentence(&first).len() as u16 / 2 } else { 0 };
            (step_picture(trace, index, Moment::Finished, words(Sentence::First)), (150 + reading).min(800))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Op, Slider, Technique};

    /// A letter keeps its case in the picture's legend: the grid is captioned "b", not "B".
    #[test]
    fn a_letters_legend_names_it_as_its_caption_does() {
        // Magic's table read: its index, a long expression with spaces, is "a".
        let trace = Technique::Magic.trace(Slider::Rook, Square::D1, Bitboard(0x43));
        let index = trace.steps.iter().position(|s| s.label.starts_with("table[(magic.offset")).unwrap();
        let svg = step_picture(&trace, index, Moment::Finished, Sentence::None);
        assert!(svg.contains("a is magic.offset + index.0 as u32.") && !svg.contains("A is"), "{svg}");
    }

    #[test]
    fn scaling_multiplies_the_size_and_keeps_the_view_box() {
        let svg =
            "<svg xmlns=\"x\" width=\"10\" height=\"6\" viewBox=\"0 0 10 6\"><rect width=\"10\" height=\"6\"/></svg>";
        assert_eq!(
            scaled(svg, 2),
            "<svg xmlns=\"x\" width=\"20\" height=\"12\" viewBox=\"0 0 10 6\"><rect width=\"10\" height=\"6\"/></svg>"
        );
        assert_eq!(scaled(svg, 1), svg);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("o & m < \"x\" >"), "o &amp; m &lt; &quot;x&quot; &gt;");
    }

    #[test]
    fn a_step_picture_carries_its_diagram_and_boards() {
        let trace = Technique::Sbamg.trace(Slider::Rook, Square::D1, Bitboard(0x43));
        let sub = trace.steps.iter().position(|s| s.op == Op::Sub).unwrap();
        let svg = step_svg(&trace, sub, Moment::Finished);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains(&format!("<desc>step {}:", sub + 1)), "the ASCII diagram is the description");
        assert_eq!(svg.matches("class=\"board\"").count(), 3, "{svg}");
        assert!(!svg.contains("<script") && !svg.contains("href"), "nothing from outside");
    }
}
