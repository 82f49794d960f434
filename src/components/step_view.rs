//! The current step, large: its operands and result as `A op B = C` with each value in hex under
//! its grid, the label in the articles' notation, the step's animation, and a sentence computed
//! from the values (`sliders_explain::narration`) that says what happened and why.

use sliders::{Bitboard, Op, Step, Value};
use sliders_explain::marks::{captions, step_marks, Marks};
use sliders_explain::narration::{first_sentence, on_screen_with_why, square_list, step_focus_name, told, Board};
use sliders_pictures::diagram::format_value;
use yew::prelude::*;

use crate::components::bit_strip::BitStrip;
use crate::components::grid::Grid;
use sliders_explain::animation::Frame;

pub struct StepViewProps {
    pub step: Step,
    pub index: usize,
    pub count: usize,
    pub frame: Frame,
    /// The position the trace ran on: the narration relates the bits to it.
    pub board: Board,
    /// The keys that step the player, shown beside the heading.
    pub keys_hint: Html,
    /// Shown right after the narration (the embed's "more").
    pub after_narration: Html,
    /// The step's why, read from the file that made it; `None` while that file is on its way.
    pub why: Option<String>,
    /// On a step of one lane of a SIMD value, both lanes' steps, lane 0 first.
    pub lanes: Option<[Step; 2]>,
    /// Predict mode asks for this step's result: the result, and all that would give it away,
    /// wait for the reader's answer.
    pub asking: bool,
    /// Predict mode's answer in the equation (in the result's place while the step asks,
    /// beside it once checked), and its prompt, verdict and score under the equation; empty
    /// without predict mode.
    pub answer: Html,
    pub predict: Html,
    /// techniques.wasm, which says what each step does, could not be loaded.
    pub techniques_failed: bool,
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

fn operand(value: Value, caption: &str, marks: &Marks, result: bool) -> Html {
    match value {
        Value::Board(board) => {
            // A hex constant's name is the hex the caption shows beside it: said once.
            let spelled = caption.starts_with("0x") && sliders_explain::operands::spells(caption, board.0);
            let caption = if spelled { AttrValue::default() } else { AttrValue::from(caption.to_string()) };
            html! {
            <Grid {board} {caption} sliders={marks.slider} active={marks.active} shown={marks.shown}
                borrow={marks.borrow} cursor={marks.cursor} value_hook={result} />
            }
        }
        Value::Number(_) | Value::Signed(_) => {
            let n = value;
            let text = if marks.pending() { "…".to_string() } else { n.to_string() };
            html! {
                <figure class="grid-figure number-figure">
                    <div class="number" data-value={result.then(|| n.to_string())}
                        data-current-result={result.then_some("")}>{ text }</div>
                    <figcaption>{ caption.to_string() }</figcaption>
                </figure>
            }
        }
    }
}

/// The step's values in hex and binary, for readers who want the digits, each row named as
/// its grid is.
pub fn values_table(step: &Step) -> Html {
    let [lhs, rhs_name, result] = captions(step);
    let mut rows: Vec<(&str, Value)> = vec![(lhs, step.lhs)];
    if let Some(rhs) = step.rhs {
        rows.push((rhs_name, rhs));
    }
    rows.push((result, step.result));
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
    // The bit strip runs from bit 0 on the left; binary is written from bit 63: each says which.
    html! {
        <table class="values" aria-label="The step's values in hex and binary">
            <thead>
                <tr><td></td><th scope="col">{ "hex" }</th><th scope="col">{ "binary, bit 63 (h8) first, bit 0 (a1) last" }</th></tr>
            </thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}

/// The narration's first sentence, and the rest apart: where room is short, the stylesheet
/// keeps the first and folds the rest behind "more".
fn narration(text: &str) -> Html {
    let first = first_sentence(text);
    let rest = text[first.len()..].trim_start();
    html! {
        <>
            <span class="narration-first">{ first }</span>
            if !rest.is_empty() {
                { " " }<span class="narration-rest">{ rest }</span>
            }
        </>
    }
}

/// Both lanes of the SIMD value a lane's step works on, side by side, each result labelled with
/// the line its lane holds; the lane the step shows is marked.
fn lanes_view(step: &Step, lanes: &[Step; 2], board: &Board) -> Html {
    let grids = lanes.iter().enumerate().map(|(index, lane)| {
        let caption = step_focus_name(lane, board).unwrap_or_default();
        html! {
            <div class="lane" data-lane={index.to_string()} data-shown-lane={(lane.lane == step.lane).then_some("")}>
                <Grid board={lane.result.board().unwrap_or_default()} caption={AttrValue::from(caption)} />
            </div>
        }
    });
    html! {
        <div class="lanes" role="group" aria-label="The result in both lanes of the 128-bit value">{ for grids }</div>
    }
}

/// A plain view function, not a component: the step changes on every frame the app renders, so
/// a component's props comparison would spare nothing, and its machinery costs download.
pub fn step_view(props: &StepViewProps) -> Html {
    let step = &props.step;
    let frame = &props.frame;
    let marks = step_marks(step, frame, props.board.sliders);
    let [lhs_caption, rhs_caption, result_caption] = captions(step);
    let equation = match step.rhs {
        Some(rhs) => html! {
            <>
                { operand(step.lhs, lhs_caption, &marks.lhs, false) }
                <span class="operator">{ step.op.symbol() }</span>
                { operand(rhs, rhs_caption, &marks.rhs, false) }
            </>
        },
        None if step.op == Op::Lookup => operand(step.lhs, lhs_caption, &marks.lhs, false),
        None => html! {
            <>
                <span class="operator">{ step.op.symbol() }</span>
                { operand(step.lhs, lhs_caption, &marks.lhs, false) }
            </>
        },
    };
    // A grid captioned "a" or "b" stands for a longer expression: say which, once, under the grids.
    let legend = sliders_explain::operands::of(step)
        .legend()
        .map(|legend| html! { <p class="operand-legend" data-operand-legend="">{ legend }</p> });
    // What the grids' marks stand for, as the pictures' key says it: the slider's ring and dot
    // (drawn on a zero bit too) and the borrow's dashed path.
    let (board, all) = (&props.board, [&marks.lhs, &marks.rhs, &marks.result]);
    let marked = all.iter().map(|m| m.slider).filter(|squares| !squares.is_empty());
    let (plural, real) = (if board.sliders.count() > 1 { "s" } else { "" }, square_list(board.sliders));
    // Said of this frame's marks: the borrow's path is dashed only once the frames reach it.
    let mut key = if marked.clone().next().is_none() {
        String::new()
    } else if marked.clone().all(|squares| squares == board.sliders) {
        format!("The ring and dot mark the {}{plural} on {real}.", board.slider)
    } else {
        // A moved or mirrored grid marks where the slider's bit went.
        let owner = if plural.is_empty() { "'s" } else { "s'" };
        format!(
            "The ring and dot mark where the {}{owner} bit stands in each grid ({real} on the board).",
            board.slider
        )
    };
    if all.iter().any(|m| !m.borrow.is_empty()) {
        key.push_str(" Dashed squares: the borrow's path.");
    }
    let strip = match (step.op, step.lhs, step.rhs, step.result) {
        (Op::Sub, Value::Board(minuend), Some(Value::Board(subtrahend)), Value::Board(difference)) => {
            let names = [lhs_caption, rhs_caption, result_caption].map(|name| AttrValue::from(name.to_string()));
            html! { <BitStrip {minuend} {subtrahend} {difference} {names} frame={*frame} order={step.order} /> }
        }
        _ => html! {},
    };
    let focus = step_focus_name(step, &props.board).map(|f| html! { <span class="focus">{ f }</span> });
    let frame_note = step.board_note().map(|note| html! { <span class="focus" data-mirrored="">{ note }</span> });
    html! {
        <section class="step-view" data-current-step="" data-step-index={props.index.to_string()}>
            <header class="step-heading">
                <span class="step-number">{ format!("Step {} of {}", props.index + 1, props.count) }</span>
                { for focus }
                { for frame_note }
                <h3 class="step-label" data-step-label="">{ step.label.to_string() }</h3>
                { props.keys_hint.clone() }
            </header>
            <div class="equation">
                { equation }
                // "=" and the result stay together when the equation wraps.
                <span class="equals-result">
                    <span class="operator">{ "=" }</span>
                    if !props.asking {
                        { operand(step.result, result_caption, &marks.result, true) }
                    }
                    { props.answer.clone() }
                </span>
                // Beside the result where the row has room, under it where not.
                if !props.asking {
                    { for props.lanes.as_ref().map(|lanes| lanes_view(step, lanes, &props.board)) }
                }
            </div>
            { for legend }
            { props.predict.clone() }
            if props.asking {
                <p class="visually-hidden" aria-live="polite" data-announcement="">
                    { format!("Step {} of {}: {}. Your turn: predict {result_caption}.", props.index + 1, props.count, step.label) }
                </p>
            } else {
                if !key.is_empty() {
                    <p class="operand-legend" data-grid-key="">{ key.trim_start() }</p>
                }
                // `data-why-loading`: the end-to-end tests wait for the why, and the sentence (which
                // techniques.wasm says), before they read the narration.
                if told(step) {
                    <p class="narration" data-narration="" data-why-loading={props.why.is_none().then_some("")}>
                        { narration(&on_screen_with_why(step, frame, &props.board, props.why.as_deref().unwrap_or(""))) }
                    </p>
                } else if props.techniques_failed {
                    <p class="narration" data-narration="">{ "What this step does is said by techniques.wasm, which could not be loaded: reload the page to try again." }</p>
                } else {
                    <p class="narration" data-narration="" data-why-loading="">{ "Loading what this step does (techniques.wasm)…" }</p>
                }
                { props.after_narration.clone() }
                { strip }
                // What a screen reader says once per step: the label and the result in words. The
                // animation's frames leave it alone; only a new step (or an edit that changes this
                // step's values) changes its text.
                <p class="visually-hidden" aria-live="polite" data-announcement="">{ sliders_explain::narration::announcement(step, props.index, props.count, &props.board) }</p>
            }
        </section>
    }
}
