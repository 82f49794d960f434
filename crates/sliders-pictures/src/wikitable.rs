//! A step as MediaWiki table markup, for a wiki that takes no uploads: each board a table of
//! 64 coloured cells (each titled with its square), captions above, values in hex below, the
//! slider a dot, the borrow trail dashed. Pasted into any MediaWiki page, it renders as is.

use alloc::format;
use alloc::string::String;
use core::fmt::Write;

use crate::figure::colours::*;
use sliders::trace::{Trace, Value};
use sliders::{Bitboard, Square};
use sliders_explain::animation::{self, Moment};
use sliders_explain::marks::{equation, Marks, Term};
use sliders_explain::narration::{focus_name, Board};

/// One board as a nested table; `labels` adds rank numbers and file letters.
fn board(out: &mut String, value: Bitboard, marks: &Marks, labels: bool) {
    out.push_str("\n{| style=\"border-collapse:collapse;border:1px solid #d5d9de;line-height:1\"\n");
    let label = format!("style=\"font-size:10px;color:{MUTED};padding:0 3px;text-align:center\"");
    for rank in (0..8).rev() {
        out.push_str("|-\n");
        if labels {
            let _ = writeln!(out, "| {label} | {}", rank + 1);
        }
        for file in 0..8 {
            let square = Square::from_index(rank * 8 + file);
            let background = if value.contains(square) { BIT_ON } else { BIT_OFF };
            let mut style =
                format!("width:14px;height:14px;padding:0;border:1px solid {PAPER};background:{background}");
            if marks.borrow.contains(square) {
                let _ = write!(style, ";outline:2px dashed {BORROW};outline-offset:-3px");
            }
            let dot = if marks.slider.contains(square) {
                format!("<span style=\"color:{ACCENT};font-size:11px\">●</span>")
            } else {
                String::new()
            };
            let _ = writeln!(out, "| title=\"{square}\" style=\"{style};text-align:center\" | {dot}");
        }
    }
    if labels {
        out.push_str("|-\n| \n");
        for name in ["a", "b", "c", "d", "e", "f", "g", "h"] {
            let _ = writeln!(out, "| {label} | {name}");
        }
    }
    out.push_str("|}\n");
}

/// Step `index` of `trace`: `A op B = C` as one table, caption row, boards, values in hex.
pub fn step(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    let columns = equation(step, &animation::frame(step, Moment::Finished), trace.sliders);
    let focus = focus_name(step.focus, &Board::of(trace)).map(|f| format!(", {f}")).unwrap_or_default();
    let mut out = String::from("{| style=\"border-collapse:collapse;text-align:center;vertical-align:middle\"\n");
    let _ = writeln!(
        out,
        "|+ Step {} of {}{focus}: <code><nowiki>{}</nowiki></code>",
        index + 1,
        trace.steps.len(),
        step.label
    );
    out.push_str("|-\n");
    for term in &columns {
        let caption = match term {
            Term::Operand { caption, .. } => caption,
            Term::Operator(_) => "",
        };
        let _ = writeln!(out, "| <small>{caption}</small>");
    }
    out.push_str("|-\n");
    let mut first = true;
    for term in &columns {
        match term {
            Term::Operand { value: Value::Board(value), marks, .. } => {
                out.push_str("| style=\"padding:0 4px\" |");
                board(&mut out, *value, marks, first);
                first = false;
            }
            Term::Operand { value: Value::Number(n), .. } => {
                let _ = writeln!(
                    out,
                    "| style=\"padding:0 6px;font-size:150%;font-weight:bold;background:{BIT_OFF}\" | {n}"
                );
            }
            Term::Operator(symbol) => {
                let _ =
                    writeln!(out, "| style=\"padding:0 4px;font-size:150%;color:{MUTED}\" | <nowiki>{symbol}</nowiki>");
            }
        }
    }
    out.push_str("|-\n");
    for term in &columns {
        match term {
            Term::Operand { value: Value::Board(value), .. } => {
                let _ = writeln!(out, "| <small><code>{value}</code></small>");
            }
            _ => out.push_str("| \n"),
        }
    }
    out.push_str("|}\n");
    out
}

/// Every step of `trace`, one table each, under a line saying what the trace ran on.
pub fn trace(trace: &Trace) -> String {
    let mut out = format!("'''{}'''\n", crate::diagram::setup(trace));
    for index in 0..trace.steps.len() {
        out.push('\n');
        out.push_str(&step(trace, index));
    }
    out
}
