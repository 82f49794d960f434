//! The current step, large: its operands and result as `A op B = C`, the label in the
//! articles' notation, the values in hex and binary, and the step's animation.

use sliders::diagram::format_value;
use sliders::narration::focus_name;
use sliders::{Bitboard, Op, Square, Step, Value};
use yew::prelude::*;

use crate::animation::Frame;
use crate::components::bit_strip::BitStrip;
use crate::components::grid::Grid;

#[derive(Properties, PartialEq)]
pub struct StepViewProps {
    pub step: Step,
    pub index: usize,
    pub count: usize,
    pub frame: Frame,
    pub slider: Square,
}

/// MSB first, bytes apart: how the number reads as a binary literal.
fn binary(board: Bitboard) -> String {
    let digits = format!("{:064b}", board.0);
    digits.as_bytes().chunks(8).map(|byte| std::str::from_utf8(byte).unwrap_or("")).collect::<Vec<_>>().join("_")
}

fn operand(value: Value, caption: &'static str, frame: Option<&Frame>, slider: Square, result: bool) -> Html {
    match value {
        Value::Board(board) => html! {
            <Grid {board} caption={caption} slider={Some(slider)} active={frame.map(|f| f.active).unwrap_or_default()}
                shown={frame.filter(|f| !f.done).map(|f| f.shown)}
                borrow={frame.map(|f| f.borrow).unwrap_or_default()}
                cursor={frame.and_then(|f| f.cursor)}
                value_hook={result} />
        },
        Value::Number(n) => {
            let text = if frame.is_some_and(|f| !f.done) { "…".to_string() } else { n.to_string() };
            html! {
                <figure class="grid-figure number-figure">
                    <div class="number" data-value={result.then(|| n.to_string())}>{ text }</div>
                    <figcaption>{ caption }</figcaption>
                </figure>
            }
        }
    }
}

fn value_rows(step: &Step) -> Html {
    let mut rows: Vec<(&str, Value)> = vec![("a", step.lhs)];
    if let Some(rhs) = step.rhs {
        rows.push(("b", rhs));
    }
    rows.push(("=", step.result));
    let rows = rows.into_iter().map(|(name, value)| {
        let bin = value.board().map(binary).unwrap_or_default();
        html! {
            <tr>
                <th scope="row">{ name }</th>
                <td><code>{ format_value(value) }</code></td>
                <td><code class="binary">{ bin }</code></td>
            </tr>
        }
    });
    html! { <table class="values"><tbody>{ for rows }</tbody></table> }
}

/// A sentence on what the animation shows, for the ops that animate.
fn narration(step: &Step, frame: &Frame) -> Option<String> {
    let Value::Number(found) = step.result else {
        return match step.op {
            Op::Sub => Some(match frame.cursor {
                Some(bit) => format!(
                    "The borrow walks up from the subtrahend's bit through the empty squares: now at bit {bit} ({}).",
                    Square::from_index(bit)
                ),
                None => "The borrow was absorbed by the first set bit it met: that square is the first blocker.".into(),
            }),
            Op::And | Op::Or | Op::Xor if !frame.done => {
                Some("Combining the two operands rank by rank, from rank 1 up.".into())
            }
            _ => None,
        };
    };
    if let Some(bit) = frame.cursor {
        let end = if matches!(step.op, Op::Lzcnt | Op::BitScanReverse) { "bit 63 down" } else { "bit 0 up" };
        return Some(format!("Scanning from {end}: now at bit {bit} ({}).", Square::from_index(bit)));
    }
    let square = || Square::from_index(found);
    Some(match step.op {
        Op::Lzcnt => format!(
            "Counted from bit 63 down: {found} leading zeros. This count is the `i64.clz` instruction your browser just executed in WebAssembly."
        ),
        Op::Tzcnt => format!("Counted from bit 0 up: {found} trailing zeros, WebAssembly's `i64.ctz`."),
        Op::BitScanForward => format!("Bit scan forward: the lowest set bit is {found} ({}), found with `i64.ctz`.", square()),
        Op::BitScanReverse => {
            format!("Bit scan reverse: the highest set bit is {found} ({}), found as 63 − `i64.clz`.", square())
        }
        _ => return None,
    })
}

#[function_component(StepView)]
pub fn step_view(props: &StepViewProps) -> Html {
    let step = &props.step;
    let frame = &props.frame;
    let scans = matches!(step.op, Op::Lzcnt | Op::Tzcnt | Op::BitScanForward | Op::BitScanReverse);
    // Scans animate on their operand (the cursor sweeps it); everything else on the result.
    // Mask steps show the rank being combined on both operands; only the result hides bits.
    let combining = Frame { active: frame.active, done: true, ..Frame::default() };
    let combining = (!frame.active.is_empty()).then_some(&combining);
    let (lhs_frame, result_frame) = if scans { (Some(frame), Some(frame)) } else { (combining, Some(frame)) };
    // A number result (a scan's count) shows "…" until the sweep ends.
    let lhs_caption = if step.op == Op::Lookup { "index" } else { "a" };
    let equation = match step.rhs {
        Some(rhs) => html! {
            <>
                { operand(step.lhs, lhs_caption, lhs_frame, props.slider, false) }
                <span class="operator">{ step.op.symbol() }</span>
                { operand(rhs, "b", combining, props.slider, false) }
            </>
        },
        None if step.op == Op::Lookup => operand(step.lhs, lhs_caption, None, props.slider, false),
        None => html! {
            <>
                <span class="operator">{ step.op.symbol() }</span>
                { operand(step.lhs, lhs_caption, lhs_frame, props.slider, false) }
            </>
        },
    };
    let strip = match (step.op, step.lhs, step.rhs, step.result) {
        (Op::Sub, Value::Board(minuend), Some(Value::Board(subtrahend)), Value::Board(difference)) => {
            html! { <BitStrip {minuend} {subtrahend} {difference} frame={*frame} /> }
        }
        _ => html! {},
    };
    let focus = focus_name(step.focus, props.slider).map(|f| html! { <span class="focus">{ f }</span> });
    html! {
        <section class="step-view" data-step-index={props.index.to_string()} aria-live="polite">
            <header class="step-heading">
                <span class="step-number">{ format!("Step {} of {}", props.index + 1, props.count) }</span>
                { for focus }
                <h3 class="step-label" data-step-label="">{ step.label }</h3>
            </header>
            <div class="equation">
                { equation }
                <span class="operator">{ "=" }</span>
                { operand(step.result, "result", result_frame, props.slider, true) }
            </div>
            if let Some(text) = narration(step, frame) {
                <p class="narration">{ text }</p>
            }
            { strip }
            { value_rows(step) }
        </section>
    }
}
