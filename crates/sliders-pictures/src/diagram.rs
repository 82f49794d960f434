//! Steps drawn the way the articles draw them: 8x8 grids of `.` and `1`, rank 8 on top, side by
//! side as `A op B = C`, followed by the values in hex. The `sliders trace` command and the
//! page's export both print through here, so an author gets the same text from either.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use sliders::trace::{Op, Step, Trace, Value};
use sliders::Bitboard;
use sliders_explain::animation::Moment;
use sliders_explain::marks::{equation, Term};
use sliders_explain::narration::{self, step_focus_name};

/// The row of a grid on which the operator is written, as in the articles.
const OPERATOR_ROW: usize = 4;

enum Cell {
    Grid(Bitboard),
    Text(String),
}

impl Cell {
    fn of(value: Value) -> Cell {
        match value {
            Value::Board(board) => Cell::Grid(board),
            Value::Number(_) | Value::Signed(_) => Cell::Text(format!("{value}")),
        }
    }

    fn width(&self) -> usize {
        match self {
            Cell::Grid(_) => 15,
            Cell::Text(text) => text.len(),
        }
    }

    fn row(&self, row: usize) -> String {
        match self {
            Cell::Grid(board) => {
                let rank = 7 - row;
                let squares: Vec<&str> =
                    (0..8).map(|file| if board.0 >> (rank * 8 + file) & 1 == 1 { "1" } else { "." }).collect();
                squares.join(" ")
            }
            Cell::Text(text) if row == OPERATOR_ROW => text.clone(),
            Cell::Text(text) => " ".repeat(text.len()),
        }
    }
}

/// `0x` and 16 hex digits for a set, plain decimal for a number.
pub fn format_value(value: Value) -> String {
    match value {
        Value::Board(board) => format!("{board}"),
        Value::Number(_) | Value::Signed(_) => format!("{value}"),
    }
}

/// The `A op B = C` grids of one step, then its values in hex, without the label.
pub fn step_grids(step: &Step) -> String {
    let symbol = step.op.symbol();
    let mut cells: Vec<Cell> = Vec::new();
    let mut values = String::new();
    match (step.op, step.rhs) {
        (Op::Lookup, _) => {
            cells.push(Cell::Text(format!("[{}]", format_value(step.lhs))));
            values.push_str(&format!("[{}]", format_value(step.lhs)));
        }
        // A loop's test and the run of the body it allows: `while 1 (run 2)`, not an operator
        // between the two.
        (Op::Loop, Some(run)) => {
            let run = format!("(run {})", format_value(run));
            cells.extend([Cell::Text(symbol.into()), Cell::of(step.lhs), Cell::Text(run.clone())]);
            values.push_str(&format!("{symbol} {} {run}", format_value(step.lhs)));
        }
        (_, Some(rhs)) => {
            cells.extend([Cell::of(step.lhs), Cell::Text(symbol.into()), Cell::of(rhs)]);
            values.push_str(&format!("{} {symbol} {}", format_value(step.lhs), format_value(rhs)));
        }
        (_, None) => {
            cells.extend([Cell::Text(symbol.into()), Cell::of(step.lhs)]);
            values.push_str(&format!("{symbol} {}", format_value(step.lhs)));
        }
    }
    cells.extend([Cell::Text("=".into()), Cell::of(step.result)]);
    values.push_str(&format!(" = {}", format_value(step.result)));

    let mut out = String::new();
    for row in 0..8 {
        let line: Vec<String> = cells
            .iter()
            .map(|cell| match cell {
                Cell::Text(_) => format!("{:^width$}", cell.row(row), width = cell.width() + 2),
                Cell::Grid(_) => cell.row(row),
            })
            .collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out.push_str(&values);
    out.push('\n');
    out
}

/// Step `index` of `trace` with its heading (number, where it works, label), its grids, and
/// what it did in words, with why.
pub fn step(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    let focus = step_focus_name(step, &narration::Board::of(trace)).map(|f| format!("[{f}] ")).unwrap_or_default();
    // The narration calls a long operand "a" or "b": say once what it stands for.
    let mut letters =
        sliders_explain::operands::of(step).legend().map(|letters| format!("({letters})\n")).unwrap_or_default();
    if let Some(lanes) = narration::lanes_sentence(trace, index) {
        letters.push_str(&lanes);
        letters.push('\n');
    }
    format!(
        "step {}: {focus}{}\n{}{letters}{}\n",
        index + 1,
        step.label,
        step_grids(step),
        narration::narrate(trace, index)
    )
}

/// What a trace ran on, in one line: "sbamg (o^(o-3cbn)): rook on d1, occupied 0x…".
pub fn setup(trace: &Trace) -> String {
    format!(
        "{} ({}): {} on {}, occupied {}",
        trace.technique.map_or("formula", |t| t.name()),
        trace.technique.map_or("the reader's formula", |t| t.title()),
        trace.slider,
        narration::square_list(trace.sliders),
        trace.occupied
    )
}

/// The whole trace: what went in, every step, and the result.
pub fn trace(trace: &Trace) -> String {
    let mut out = setup(trace) + "\n";
    if trace.technique.is_some_and(|t| t.positive_rays_only()) {
        out.push_str("note: this technique sees positive rays only (towards higher bit indices)\n");
    }
    for index in 0..trace.steps.len() {
        out.push('\n');
        out.push_str(&step(trace, index));
    }
    out.push_str(&format!("\nresult: {}\n{}{}\n", trace.result, trace.result.diagram(), counts(trace)));
    out
}

/// Columns an article's `<pre>` block gives the narration.
pub const ARTICLE_COLUMNS: usize = 72;

/// A value as a labelled ASCII grid, 18 columns wide: the slider's square in parentheses,
/// `(1)` or `(.)`, so its bit still shows.
fn labelled_grid(board: Bitboard, slider: Bitboard, row: usize) -> String {
    let rank = 7 - row;
    let mut chars = [' '; 18];
    for file in 0..8 {
        let square = sliders::Square::from_index((rank * 8 + file) as u32);
        chars[2 * file + 1] = if board.contains(square) { '1' } else { '.' };
        if slider.contains(square) {
            chars[2 * file] = '(';
            chars[2 * file + 2] = ')';
        }
    }
    chars.iter().collect()
}

/// Step `index` as an article can paste it into a `<pre>` block: a heading, the grids with
/// rank and file labels, the slider in parentheses, each value in hex under its grid, and the
/// narration wrapped to [`ARTICLE_COLUMNS`]. With `pre`, wrapped in `<pre>…</pre>` for
/// MediaWiki, its `&` and `<` escaped (MediaWiki reads entities inside `<pre>`).
pub fn article_step(trace: &Trace, index: usize, pre: bool) -> String {
    let step = &trace.steps[index];
    let board = narration::Board::of(trace);
    // (caption, board or text, slider bits)
    let terms = equation(step, &sliders_explain::animation::frame(step, Moment::Finished), trace.sliders);
    let columns: Vec<(&str, Cell, Bitboard)> = terms
        .iter()
        .copied()
        .map(|term| match term {
            Term::Operand { value, caption, marks } => (caption, Cell::of(value), marks.slider),
            Term::Operator(symbol) => ("", Cell::Text(symbol.into()), Bitboard::EMPTY),
        })
        .collect();

    let width = |cell: &Cell| match cell {
        Cell::Grid(_) => 18,
        Cell::Text(text) => text.chars().count().max(1) + 2,
    };
    let mut lines: Vec<String> = Vec::new();
    let focus = step_focus_name(step, &board).map(|f| format!(", {f}")).unwrap_or_default();
    let mirrored = step.board_note().map(|note| format!(", {note}")).unwrap_or_default();
    lines.push(format!("Step {} of {}{focus}{mirrored}: {}", index + 1, trace.steps.len(), step.label));
    lines.push(String::new());
    let join = |cells: &mut dyn FnMut(&Cell, &str, Bitboard) -> String, label: &str| {
        let parts: Vec<String> = columns.iter().map(|(caption, cell, slider)| cells(cell, caption, *slider)).collect();
        format!("{label:<2}{}", parts.join(" ")).trim_end().into()
    };
    lines.push(join(&mut |cell, caption, _| format!("{:<w$}", format!(" {caption}"), w = width(cell)), ""));
    for row in 0..8 {
        let line = join(
            &mut |cell, _, slider| match cell {
                Cell::Grid(board) => labelled_grid(*board, slider, row),
                Cell::Text(text) if row == OPERATOR_ROW => format!("{:^w$}", text, w = width(cell)),
                Cell::Text(_) => " ".repeat(width(cell)),
            },
            &format!("{}", 8 - row),
        );
        lines.push(line);
    }
    lines.push(join(
        &mut |cell, _, _| match cell {
            Cell::Grid(_) => " a b c d e f g h  ".into(),
            Cell::Text(_) => " ".repeat(width(cell)),
        },
        "",
    ));
    lines.push(join(
        &mut |cell, _, _| match cell {
            Cell::Grid(board) => format!("{board}"),
            Cell::Text(_) => " ".repeat(width(cell)),
        },
        "",
    ));
    if let Some(letters) = sliders_explain::operands::of(step).legend() {
        lines.push(String::new());
        lines.extend(crate::wrap::wrap(&format!("{letters}."), ARTICLE_COLUMNS));
    }
    if let Some(lanes) = narration::lanes_sentence(trace, index) {
        lines.push(String::new());
        lines.extend(crate::wrap::wrap(&lanes, ARTICLE_COLUMNS));
    }
    if let Some(legend) = sliders_explain::marks::slider_legend(&terms, trace.slider, trace.sliders) {
        lines.push(String::new());
        lines.extend(crate::wrap::wrap(&format!("(x) marks {legend}."), ARTICLE_COLUMNS));
    }
    if let Some(note) = crate::positive_rays_note(trace) {
        lines.push(String::new());
        lines.extend(crate::wrap::wrap(note, ARTICLE_COLUMNS));
    }
    lines.push(String::new());
    lines.extend(crate::wrap::wrap(&narration::narrate(trace, index), ARTICLE_COLUMNS));
    let text = lines.join("\n") + "\n";
    if pre {
        in_pre(&text)
    } else {
        text
    }
}

/// `text` inside `<pre>…</pre>` for MediaWiki, which reads entities there: `&` and `<` escaped.
pub fn in_pre(text: &str) -> String {
    // A wiki's skin may wrap `pre` (MediaWiki's does, `white-space: pre-wrap`), which breaks a
    // board's rows on a narrow screen; the style, which MediaWiki keeps, holds them.
    format!("<pre style=\"white-space:pre\">\n{}</pre>\n", text.replace('&', "&amp;").replace('<', "&lt;"))
}

/// "13 steps, 9 operations, 4 table reads"; "1 step, 1 operation, 0 table reads".
pub fn counts(trace: &Trace) -> String {
    let counted = |count: usize, noun: &str| format!("{count} {noun}{}", if count == 1 { "" } else { "s" });
    format!(
        "{}, {}, {}",
        counted(trace.steps.len(), "step"),
        counted(trace.arithmetic_ops(), "operation"),
        counted(trace.table_reads(), "table read")
    )
}
