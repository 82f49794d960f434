//! A step as MediaWiki table markup, for a wiki that takes no uploads: each board a table of
//! 64 cells, each titled with its square, captions above, values in hex below, the slider a
//! dot, the borrow trail dashed, and under it the key to those marks. Pasted into any MediaWiki
//! page, it renders as is.
//!
//! The markup is compact: a board's table and its rows carry the look every cell shares, and a
//! cell carries a style only where it differs (a one bit, the slider's dot, the borrow's path),
//! so a step is a few kilobytes, not the tens a style on every cell would make. Every text the
//! table writes goes through [`text`], so a label such as `file | rank` is never read as markup.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use crate::figure::colours::*;
use sliders::trace::{Trace, Value};
use sliders::{Bitboard, Square};
use sliders_explain::animation::{self, Moment};
use sliders_explain::marks::{equation, Marks, Term};
use sliders_explain::narration::{step_focus_name, Board};

/// A MediaWiki page's default size limit, `$wgMaxArticleSize`: 2,048 KiB.
pub const PAGE_LIMIT_BYTES: usize = 2048 * 1024;

/// A square's side and the gap between squares, in pixels.
const CELL: u32 = 14;
/// A board's side: eight squares and nine 1 px gaps.
const SIDE: u32 = 8 * CELL + 9;
/// A board's squares, and the rank numbers' and file letters' cells, 1 px apart.
const SPACED: &str = "border-collapse:separate;border-spacing:1px";

/// `raw` as text MediaWiki shows as it is: HTML's special characters as entities, the rest
/// inside `<nowiki>`, where `|`, `!`, `{{`, `[[`, `''`, `~~~` and a leading `*#:;` are plain
/// characters.
pub fn text(raw: &str) -> String {
    let escaped = raw.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    format!("<nowiki>{escaped}</nowiki>")
}

/// The table of one board: a one bit dark, a zero bit light, the slider's square with a dot, the
/// borrow's squares dashed. Each row takes the colour most of its squares have, and a square of
/// the other colour says its own (`bgcolor`, the shortest way MediaWiki keeps): at most four a
/// row. The board's value is in `data-board`.
fn board(out: &mut String, value: Bitboard, marks: &Marks) {
    let _ = writeln!(
        out,
        "{{| data-board=\"{value}\" style=\"{SPACED};table-layout:fixed;width:{SIDE}px;height:{SIDE}px;background:{PAPER};border:1px solid {LINE};line-height:1\""
    );
    let colour = |on: bool| if on { BIT_ON } else { BIT_OFF };
    for rank in (0..8).rev() {
        let row = Bitboard(value.0 >> (rank * 8) & 0xff);
        let row_on = row.count() > 4;
        // The table's height and fixed layout share it among the rows: no row needs its own.
        let _ = writeln!(out, "|- bgcolor={}", colour(row_on));
        for file in 0..8 {
            let square = Square::from_index(rank * 8 + file);
            let on = value.contains(square);
            let _ = write!(out, "|title={square}");
            if on != row_on {
                let _ = write!(out, " bgcolor={}", colour(on));
            }
            let borrow = marks.borrow.contains(square);
            let dot = marks.slider.contains(square);
            if borrow || dot {
                out.push_str(" style=\"");
                if borrow {
                    let _ = write!(out, "outline:2px dashed {BORROW};outline-offset:-3px;");
                }
                if dot {
                    let _ = write!(out, "color:{ACCENT};font-size:11px;text-align:center");
                }
                out.push('"');
            }
            let _ = writeln!(out, "|{}", if dot { "●" } else { "" });
        }
    }
    out.push_str("|}\n");
}

/// The rank numbers, 8 at the top, as a column as tall as a board, so they line up with its rows.
fn rank_numbers(out: &mut String) {
    let _ = writeln!(
        out,
        "{{| style=\"{SPACED};height:{SIDE}px;border:1px solid transparent;font-size:10px;line-height:1;color:{MUTED}\""
    );
    for rank in (1..=8).rev() {
        let _ = writeln!(out, "|- style=\"height:{CELL}px\"\n|{rank}");
    }
    out.push_str("|}\n");
}

/// The file letters, a to h, as a row as wide as a board, so they line up with its columns.
fn file_letters(out: &mut String) {
    let _ = writeln!(
        out,
        "{{| style=\"{SPACED};table-layout:fixed;width:{SIDE}px;border:1px solid transparent;font-size:10px;line-height:1;color:{MUTED};text-align:center\""
    );
    out.push_str("|-\n");
    for file in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        let _ = writeln!(out, "|{file}");
    }
    out.push_str("|}\n");
}

/// "Step 4 of 13, the d-file, mirrored board: `o - 2r`"
fn heading(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    let focus = step_focus_name(step, &Board::of(trace)).map(|f| format!(", {f}")).unwrap_or_default();
    let mirrored = step.board_note().map(|note| format!(", {note}")).unwrap_or_default();
    let place = format!("{focus}{mirrored}");
    let place = if place.is_empty() { place } else { text(&place) };
    format!("Step {} of {}{place}: <code>{}</code>", index + 1, trace.steps.len(), text(&step.label))
}

/// Step `index` of `trace`: `A op B = C` as one table (captions, boards, values in hex), with
/// the rank numbers left of the boards and the file letters under them, then the key to its
/// marks and what its placeholder names stand for.
pub fn step(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    let columns = equation(step, &animation::frame(step, Moment::Finished), trace.sliders);
    let mut out = String::from("{| style=\"border-collapse:collapse;text-align:center\"\n");
    let _ = writeln!(out, "|+ style=\"text-align:left;white-space:nowrap\" | {}", heading(trace, index));
    // Captions, over an empty cell above the rank numbers.
    out.push_str("|-\n|\n");
    for term in &columns {
        let caption = match term {
            Term::Operand { caption, .. } => caption,
            Term::Operator(_) => "",
        };
        let _ = writeln!(out, "| style=\"white-space:nowrap;font-size:85%\" | {}", text(caption));
    }
    // Every board at the top of its cell (a cell's own default is the middle): their ranks line
    // up with each other and with the rank numbers.
    out.push_str("|- style=\"vertical-align:top\"\n| style=\"padding:0 2px 0 0\" |\n");
    rank_numbers(&mut out);
    for term in &columns {
        match term {
            Term::Operand { value: Value::Board(value), marks, .. } => {
                out.push_str("| style=\"padding:0 4px\" |\n");
                board(&mut out, *value, marks);
            }
            Term::Operand { value: n @ (Value::Number(_) | Value::Signed(_)), .. } => {
                let _ = writeln!(
                    out,
                    "| style=\"vertical-align:middle;padding:0 6px;font-size:150%;font-weight:bold\" | {n}"
                );
            }
            Term::Operator(symbol) => {
                let _ = writeln!(
                    out,
                    "| style=\"vertical-align:middle;padding:0 4px;font-size:150%;color:{MUTED}\" | {}",
                    text(symbol)
                );
            }
        }
    }
    // The file letters under the first board (the others' columns are the same), and the
    // values in hex under the boards.
    out.push_str("|-\n|\n");
    let mut lettered = false;
    for term in &columns {
        match term {
            Term::Operand { value: Value::Board(_), .. } if !lettered => {
                out.push_str("| style=\"padding:0 4px\" |\n");
                file_letters(&mut out);
                lettered = true;
            }
            _ => out.push_str("|\n"),
        }
    }
    out.push_str("|-\n|\n");
    for term in &columns {
        match term {
            Term::Operand { value: Value::Board(value), .. } => {
                let _ = writeln!(out, "| style=\"font-size:85%\" | <code>{value}</code>");
            }
            _ => out.push_str("|\n"),
        }
    }
    out.push_str("|}\n");
    // What the step did, in the sentences the page says under it.
    let said = sliders_explain::narration::narrate(trace, index);
    let _ = writeln!(out, "<div data-narration=\"\">{}</div>", text(&said));
    let key = crate::figure::legend_of_mark(trace, step, &columns, true, "The dot marks");
    let lanes = sliders_explain::narration::lanes_sentence(trace, index);
    let key: Vec<&str> =
        key.as_deref().into_iter().chain(crate::positive_rays_note(trace)).chain(lanes.as_deref()).collect();
    if !key.is_empty() {
        let _ = writeln!(out, "<small>{}</small>", text(&key.join(" ")));
    }
    out
}

/// Every step of `trace`, one table each, under a line saying what the trace ran on (and, for a
/// technique that sees only some rays, which). Refused with what to do instead when it would
/// not fit a wiki page: a reader's paste would be cut, or the wiki would refuse the edit.
pub fn trace(trace: &Trace) -> Result<String, String> {
    let mut out = format!("'''{}'''\n", text(&crate::diagram::setup(trace)));
    if let Some(note) = crate::positive_rays_note(trace) {
        let _ = writeln!(out, "\n{}", text(note));
    }
    for index in 0..trace.steps.len() {
        out.push('\n');
        out.push_str(&step(trace, index));
    }
    fit_page(out)
}

/// `wikitext` if it fits a wiki page, or why not and what to do.
fn fit_page(wikitext: String) -> Result<String, String> {
    match wikitext.len() {
        bytes if bytes > PAGE_LIMIT_BYTES => Err(format!(
            "the whole trace is {} KiB of wikitext, more than a MediaWiki page holds by default ({} KiB); \
             export its steps one at a time (--step N)",
            bytes.div_ceil(1024),
            PAGE_LIMIT_BYTES / 1024
        )),
        _ => Ok(wikitext),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Slider, Technique};

    #[test]
    fn text_keeps_markup_characters_plain() {
        assert_eq!(text("file | rank"), "<nowiki>file | rank</nowiki>");
        assert_eq!(text("a < b && c"), "<nowiki>a &lt; b &amp;&amp; c</nowiki>");
        assert_eq!(text("</nowiki>"), "<nowiki>&lt;/nowiki&gt;</nowiki>");
    }

    #[test]
    fn a_step_is_a_few_kilobytes() {
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        let sizes: Vec<usize> = (0..trace.steps.len()).map(|index| step(&trace, index).len()).collect();
        // Three boards of 64 cells, and the step's narration (about 1 KiB for the borrow's).
        assert!(sizes.iter().all(|&bytes| bytes < 9 * 1024), "{sizes:?}");
    }

    #[test]
    fn wikitext_over_a_pages_limit_is_refused_with_what_to_do() {
        assert!(fit_page("x".repeat(PAGE_LIMIT_BYTES)).is_ok());
        let why = fit_page("x".repeat(PAGE_LIMIT_BYTES + 1)).unwrap_err();
        assert!(why.contains("2049 KiB") && why.contains("--step"), "{why}");
    }

    #[test]
    fn the_longest_whole_traces_fit_a_page() {
        let every_square = Bitboard(0x0000_0000_0000_00ff);
        for technique in [Technique::Dumb7Fill, Technique::KoggeStone] {
            let trace = technique.trace_many(Slider::Queen, every_square, Bitboard::EMPTY).unwrap();
            let bytes = super::trace(&trace).map(|text| text.len());
            assert!(bytes.is_ok(), "{technique:?}: {bytes:?}");
        }
    }
}

/// A table [`step`] wrote, read back: each square's name and whether the table colours it as a
/// one bit, board after board in the table's order (a square takes its row's colour unless it
/// gives its own). For the tests that check the table against the values it shows.
pub fn read_back(table: &str) -> Vec<(String, bool)> {
    let one_bit = |line: &str| line.split(" bgcolor=").nth(1).map(|colour| colour.starts_with(BIT_ON));
    let mut row_on = false;
    let mut cells = Vec::new();
    for line in table.lines() {
        if line.starts_with("|- ") {
            row_on = one_bit(line).unwrap_or(false);
        } else if let Some(cell) = line.strip_prefix("|title=") {
            let name = cell.split([' ', '|']).next().unwrap_or_default();
            cells.push((String::from(name), one_bit(line).unwrap_or(row_on)));
        }
    }
    cells
}
