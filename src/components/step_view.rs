//! The current step, large: its operands and result as `A op B = C` with each value in hex under
//! its grid, the label in the articles' notation, the step's animation, and a sentence computed
//! from the values (`sliders::narration`) that says what happened and why.

use sliders::diagram::format_value;
use sliders::narration::{describe, describe_bit, describe_copy, describe_rank, focus_name, Board};
use sliders::{Bitboard, Op, Step, Value};
use yew::prelude::*;

use crate::animation::Frame;
use crate::components::bit_strip::BitStrip;
use crate::components::grid::Grid;

pub struct StepViewProps {
    pub step: Step,
    pub index: usize,
    pub count: usize,
    pub frame: Frame,
    /// The position the trace ran on: the narration relates the bits to it.
    pub board: Board,
    /// The keys that step the player, shown beside the heading.
    pub keys_hint: Html,
}

/// MSB first, one byte (one rank, h to a) per group, so a line break can only fall between bytes.
fn binary(board: Bitboard) -> Html {
    let digits = format!("{:064b}", board.0);
    let bytes = digits.as_bytes().chunks(8).enumerate().map(|(index, byte)| {
        let byte = std::str::from_utf8(byte).unwrap_or("");
        html! { <>if index > 0 { { "_" }<wbr/> }<span class="byte">{ byte }</span></> }
    });
    html! { <>{ for bytes }</> }
}

fn operand(value: Value, caption: &'static str, frame: Option<&Frame>, sliders: Bitboard, result: bool) -> Html {
    match value {
        Value::Board(board) => html! {
            <Grid {board} caption={caption} {sliders} active={frame.map(|f| f.active).unwrap_or_default()}
                shown={frame.filter(|f| !f.done).map(|f| f.shown)}
                borrow={frame.map(|f| f.borrow).unwrap_or_default()}
                cursor={frame.and_then(|f| f.cursor)}
                value_hook={result} />
        },
        Value::Number(n) => {
            let text = if frame.is_some_and(|f| !f.done) { "…".to_string() } else { n.to_string() };
            html! {
                <figure class="grid-figure number-figure">
                    <div class="number" data-value={result.then(|| n.to_string())}
                        data-current-result={result.then_some("")}>{ text }</div>
                    <figcaption>{ caption }</figcaption>
                </figure>
            }
        }
    }
}

/// The step's values in hex and binary, for readers who want the digits.
pub fn values_table(step: &Step) -> Html {
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
    html! {
        <table class="values" aria-label="The step's values in hex and binary">
            <tbody>{ for rows }</tbody>
        </table>
    }
}

/// The sentence for what is on screen: the bit or rank an animation is at, or, once the step is
/// shown whole, what it did and why.
pub fn narration(step: &Step, frame: &Frame, board: &Board) -> String {
    if !frame.done {
        if let Some(source) = frame.picked.squares().next() {
            return describe_copy(step, source);
        }
        if let Some(bit) = frame.cursor {
            return describe_bit(step, bit);
        }
        if let Some(rank) = frame.active.squares().next().map(|s| s.rank() as u32 + 1) {
            return describe_rank(step, rank);
        }
    }
    format!("{} {}", describe(step, board), step.why)
}

/// A plain view function, not a component: the step changes on every frame the app renders, so
/// a component's props comparison would spare nothing, and its machinery costs download.
pub fn step_view(props: &StepViewProps) -> Html {
    let step = &props.step;
    let frame = &props.frame;
    // A byte-swapped word shows the board mirrored: draw the slider where the word has it. A
    // byte swap's operand is in the other frame from its result.
    let real = props.board.sliders;
    let mirrored = Bitboard(real.0.swap_bytes());
    let (slider, operand_slider) = match (step.mirrored, step.op == Op::ByteSwap) {
        (false, false) => (real, real),
        (true, false) => (mirrored, mirrored),
        (true, true) => (mirrored, real),
        (false, true) => (real, mirrored),
    };
    // A moved board (`occupied >> file`, say) has the slider's bit where the move took it, or
    // nowhere if it fell off; the step that moves it takes its operand from before the move.
    let moved = |board: Bitboard, bits: i8| match bits {
        0.. => Bitboard(board.0 << bits),
        _ => Bitboard(board.0 >> bits.unsigned_abs()),
    };
    let (slider, operand_slider) = (moved(slider, step.moved), moved(operand_slider, step.operand_moved));
    // A product's bits, a multiplier's and an index cut from a product (a shift by 52 or more)
    // are not squares: marking the slider there would name a square that is not one.
    let index_cut = step.op == Op::Shr && matches!(step.rhs, Some(Value::Number(amount)) if amount >= 52);
    let none = Bitboard::EMPTY;
    let (lhs_slider, rhs_slider, slider) = match step.op {
        Op::Mul => (operand_slider, none, none),
        Op::Lookup => (none, operand_slider, slider),
        _ if index_cut => (none, none, none),
        _ => (operand_slider, operand_slider, slider),
    };
    let scans = matches!(step.op, Op::Lzcnt | Op::Tzcnt | Op::BitScanForward | Op::BitScanReverse);
    // Scans animate on their operand (the cursor sweeps it); everything else on the result.
    // Mask steps show the rank being combined on both operands; only the result hides bits.
    let combining = Frame { active: frame.active, done: true, ..Frame::default() };
    let combining = (!frame.active.is_empty()).then_some(&combining);
    // A product follows one copy: its bit of a on the first operand, its landing on the result.
    let picked = Frame { active: frame.picked, done: true, ..Frame::default() };
    let picked = (!frame.picked.is_empty()).then_some(&picked);
    let combining = if picked.is_some() { None } else { combining };
    // …and its result stays whole, the landing bits lit.
    let landing = Frame { active: frame.active, done: true, ..Frame::default() };
    let (lhs_frame, result_frame) = if scans {
        (Some(frame), Some(frame))
    } else if picked.is_some() {
        (picked, Some(&landing))
    } else {
        (combining, Some(frame))
    };
    let lhs_caption = if step.op == Op::Lookup { "index" } else { "a" };
    let equation = match step.rhs {
        Some(rhs) => html! {
            <>
                { operand(step.lhs, lhs_caption, lhs_frame, lhs_slider, false) }
                <span class="operator">{ step.op.symbol() }</span>
                { operand(rhs, "b", combining, rhs_slider, false) }
            </>
        },
        None if step.op == Op::Lookup => operand(step.lhs, lhs_caption, None, lhs_slider, false),
        None => html! {
            <>
                <span class="operator">{ step.op.symbol() }</span>
                { operand(step.lhs, lhs_caption, lhs_frame, lhs_slider, false) }
            </>
        },
    };
    let strip = match (step.op, step.lhs, step.rhs, step.result) {
        (Op::Sub, Value::Board(minuend), Some(Value::Board(subtrahend)), Value::Board(difference)) => {
            html! { <BitStrip {minuend} {subtrahend} {difference} frame={*frame} mirrored={step.mirrored} /> }
        }
        _ => html! {},
    };
    let focus = focus_name(step.focus, &props.board).map(|f| html! { <span class="focus">{ f }</span> });
    let frame_note = step.mirrored.then(|| html! { <span class="focus" data-mirrored="">{ "mirrored board" }</span> });
    html! {
        <section class="step-view" data-current-step="" data-step-index={props.index.to_string()}>
            <header class="step-heading">
                <span class="step-number">{ format!("Step {} of {}", props.index + 1, props.count) }</span>
                { for focus }
                { for frame_note }
                <h3 class="step-label" data-step-label="">{ step.label }</h3>
                { props.keys_hint.clone() }
            </header>
            <div class="equation">
                { equation }
                // "=" and the result stay together when the equation wraps.
                <span class="equals-result">
                    <span class="operator">{ "=" }</span>
                    { operand(step.result, "result", result_frame, slider, true) }
                </span>
            </div>
            <p class="narration" data-narration="">{ narration(step, frame, &props.board) }</p>
            { strip }
            // What a screen reader says once per step: the label and the result in words. The
            // animation's frames leave it alone; only a new step (or an edit that changes this
            // step's values) changes its text.
            <p class="visually-hidden" aria-live="polite" data-announcement="">{ sliders::narration::announcement(step, props.index, props.count, &props.board) }</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Slider, Square, Technique};

    #[test]
    fn a_finished_step_is_narrated_with_its_why() {
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        let board = Board::of(&trace);
        let sub = trace.steps.iter().find(|s| s.op == Op::Sub).unwrap();
        let done = crate::animation::frame(sub, usize::MAX);
        let text = narration(sub, &done, &board);
        assert!(text.contains("until bit 51 (d7)") && text.ends_with(sub.why), "{text}");
        let walking = crate::animation::frame(sub, 3);
        assert!(narration(sub, &walking, &board).starts_with("Bit 15 (h2)"), "frame 3 is at bit 12 + 3");
        let and = &trace.steps[1];
        let rank_3 = crate::animation::frame(and, 3);
        assert!(narration(and, &rank_3, &board).starts_with("Rank 3:"));
    }
}
