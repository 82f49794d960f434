//! Steps drawn the way the articles draw them: 8x8 grids of `.` and `1`, rank 8 on top, side by
//! side as `A op B = C`, followed by the values in hex. The `sliders trace` command and the
//! page's export both print through here, so an author gets the same text from either.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::narration::{self, focus_name};
use crate::trace::{Op, Step, Trace, Value};
use crate::Bitboard;

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
            Value::Number(n) => Cell::Text(format!("{n}")),
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
        Value::Number(n) => format!("{n}"),
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
    let focus = focus_name(step.focus, &narration::Board::of(trace)).map(|f| format!("[{f}] ")).unwrap_or_default();
    format!("step {}: {focus}{}\n{}{}\n", index + 1, step.label, step_grids(step), narration::narrate(trace, index))
}

/// The whole trace: what went in, every step, and the result.
pub fn trace(trace: &Trace) -> String {
    let mut out = format!(
        "{} ({}): {} on {}, occupied {}\n",
        trace.technique.name(),
        trace.technique.title(),
        trace.slider,
        narration::square_list(trace.sliders),
        trace.occupied
    );
    if trace.technique.positive_rays_only() {
        out.push_str("note: this technique sees positive rays only (towards higher bit indices)\n");
    }
    for index in 0..trace.steps.len() {
        out.push('\n');
        out.push_str(&step(trace, index));
    }
    out.push_str(&format!(
        "\nresult: {}\n{}{} steps, {} 64-bit operations, {} table reads\n",
        trace.result,
        trace.result.diagram(),
        trace.steps.len(),
        trace.arithmetic_ops(),
        trace.table_reads()
    ));
    out
}
