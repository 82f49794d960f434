//! Predict mode's part of the step view: while a step asks, an answer grid the reader paints
//! (or a number field) with Check and Show me; once checked, the answer marked square by square
//! (right, missed, extra) with what the first wrong bit should be and why; and at the end of the
//! trace, the score, with the missed steps to go back to.

use sliders::trace::Truth;
use sliders::{Bitboard, Square, Step, Value, WordOrder};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

use crate::components::{arrow_step, class_names};
use crate::model::{Action, Answer, Exercise, ExerciseAction, Outcome, PlayerAction, PredictAction};

/// What the answer area shows for the step on screen.
pub enum Asked<'a> {
    /// The step asks: the answer being set, and why a typed number was refused.
    Asking { answer: &'a Answer, error: Option<&'a str> },
    /// The step was answered.
    Answered(Outcome),
}

/// Predict mode's part of the step view for `step`: what stands in the equation (the answer
/// grid or number field in the result's place while the step asks; the answer marked beside the
/// result once checked), and what goes under it (the prompt with Check and Show me, or the
/// verdict).
pub struct AnswerArea {
    pub in_equation: Html,
    pub below: Html,
}

pub fn answer_area(step: &Step, asked: Asked, on_action: &Callback<Action>) -> AnswerArea {
    let caption = sliders_explain::marks::captions(step)[2];
    let figure = |field: Html, label: String, checked: bool| {
        let class = if checked { "grid-figure answer-figure checked" } else { "grid-figure answer-figure" };
        html! { <figure ~className={class}>{ field }<figcaption>{ label }</figcaption></figure> }
    };
    match asked {
        Asked::Asking { answer, error } => {
            let check = on_action.reform(|_: MouseEvent| Action::Predict(PredictAction::Check));
            let show = on_action.reform(|_: MouseEvent| Action::Predict(PredictAction::Show));
            let (prompt, field) = match step.result {
                Value::Board(_) => (
                    format!("Your turn: set the bits of {caption}."),
                    answer_grid(answer.bits, None, step.order, on_action),
                ),
                Value::Number(_) if step.op.gives_truth() => (truth_question(step), yes_or_no(on_action)),
                // A signed number may be below zero: a field that takes a minus sign.
                Value::Signed(_) => (
                    format!("Your turn: what number is {caption}? It may be below zero."),
                    number_field(answer, error, "text", on_action),
                ),
                Value::Number(_) => match step.result_square() {
                    Some(_) => (
                        format!("Your turn: which square is {caption}? Its name or its index, 0 (a1) to 63 (h8)."),
                        number_field(answer, error, "text", on_action),
                    ),
                    None => (
                        format!("Your turn: what number is {caption}?"),
                        number_field(answer, error, "numeric", on_action),
                    ),
                },
            };
            AnswerArea {
                // Under the grid, what to do with it: on a phone the prompt gives way to the
                // buttons' bar, and this is what says it there.
                in_equation: figure(
                    field,
                    match step.result {
                        Value::Board(_) => match step.order.board_note() {
                            None => format!("{caption}: your answer, click its squares"),
                            // The labels beside it say which square each bit stands for there.
                            Some(board) => format!("{caption}: your answer on the {board}, click its squares"),
                        },
                        Value::Number(_) if step.op.gives_truth() => {
                            format!("{caption}: your answer, yes (1) or no (0)")
                        }
                        Value::Number(_) if step.result_square().is_some() => {
                            format!("{caption}: your answer, a square or its index")
                        }
                        Value::Number(_) | Value::Signed(_) => format!("{caption}: your answer"),
                    },
                    false,
                ),
                below: html! {
                    <div class="predict" data-predict="" data-state="asking">
                        <p class="predict-prompt">{ prompt }</p>
                        // Yes and No answer at once; the other answers wait for Check.
                        if !step.op.gives_truth() {
                            <button type="button" class="primary" data-predict-check="" onclick={check} title="Check (Enter)">{ "Check" }</button>
                        }
                        <button type="button" data-predict-skip="" onclick={show}>{ "Show me" }</button>
                    </div>
                },
            }
        }
        Asked::Answered(Outcome::Shown) => AnswerArea {
            in_equation: Html::default(),
            below: html! {
                <div class="predict" data-predict="" data-state="shown">
                    <p class="predict-verdict">{ "Shown without an answer." }</p>
                </div>
            },
        },
        Asked::Answered(Outcome::Checked { answer, wrong }) => {
            let (grid, sentence) = match (answer, step.result) {
                (Value::Board(given), Value::Board(truth)) => {
                    let first_wrong = (given ^ truth).squares().next();
                    let why = first_wrong.and_then(|square| sliders_explain::grading::why_bit(step, square));
                    let verdict = match wrong {
                        0 => String::from("Right: every bit."),
                        1 => String::from("1 bit wrong."),
                        n => format!("{n} bits wrong."),
                    };
                    let sentence = why.map_or(verdict.clone(), |why| format!("{verdict} {why}"));
                    (
                        figure(
                            answer_grid(given, Some(truth), step.order, on_action),
                            String::from("your answer"),
                            true,
                        ),
                        sentence,
                    )
                }
                (Value::Number(given), Value::Number(truth)) => {
                    // A scan's index is said with the square it numbers, a truth as yes or no.
                    let named = |n: u64| match step.result_square() {
                        _ if step.op.gives_truth() && n <= 1 => String::from(if n == 1 { "yes (1)" } else { "no (0)" }),
                        Some(_) if n < 64 => format!("{n} ({})", Square::from_index(n as u32)),
                        _ => n.to_string(),
                    };
                    match given == truth {
                        true => (Html::default(), format!("Right: {}.", named(truth))),
                        false => (Html::default(), format!("Not {}: {caption} is {}.", named(given), named(truth))),
                    }
                }
                (Value::Signed(given), Value::Signed(truth)) => match given == truth {
                    true => (Html::default(), format!("Right: {truth}.")),
                    false => (Html::default(), format!("Not {given}: {caption} is {truth}.")),
                },
                // An answer of the other kind is never graded (`Predict::grade`).
                (Value::Board(_), Value::Number(_) | Value::Signed(_))
                | (Value::Number(_), Value::Board(_) | Value::Signed(_))
                | (Value::Signed(_), Value::Board(_) | Value::Number(_)) => (Html::default(), String::new()),
            };
            // The marks' key, once some square is marked wrong.
            let key = (wrong > 0 && matches!(answer, Value::Board(_))).then(|| {
                html! { <p class="predict-key" data-predict-key="">{ "On your answer: ○ missed, should be 1; × extra, should be 0." }</p> }
            });
            AnswerArea {
                in_equation: grid,
                below: html! {
                    <div class="predict" data-predict="" data-state="checked" data-wrong={wrong.to_string()}>
                        <p class="predict-verdict" data-predict-verdict="">{ sentence }</p>
                        { for key }
                    </div>
                },
            }
        }
    }
}

/// The number field of a step whose result is a number; Enter checks it.
/// What a step whose result is a truth asks: whether its comparison holds, whether its `if`'s
/// branch runs, whether its logical operation is true.
fn truth_question(step: &Step) -> String {
    let [lhs, rhs, caption] = sliders_explain::marks::captions(step);
    match step.op.truth() {
        Some(Truth::Comparison(comparison)) => format!("Your turn: does {lhs} {} {rhs} hold?", comparison.symbol()),
        Some(Truth::IfTest) => format!("Your turn: does the if's own branch run (is {lhs} nonzero)?"),
        Some(Truth::CaseTest) => format!("Your turn: do this case's statements run (is {lhs} nonzero)?"),
        Some(Truth::LoopTest) => format!("Your turn: does the loop's body run again (is {lhs} nonzero)?"),
        Some(Truth::Logical) | None => format!("Your turn: is {caption} true?"),
    }
}

/// Yes and No, each an answer checked at once.
fn yes_or_no(on_action: &Callback<Action>) -> Html {
    let answer =
        |text: &'static str| on_action.reform(move |_: MouseEvent| Action::Predict(PredictAction::Answer(text.into())));
    html! {
        <span class="predict-truth" role="group" aria-label="Your answer">
            <button type="button" class="primary" data-predict-yes="" onclick={answer("1")}>{ "Yes (1)" }</button>
            <button type="button" data-predict-no="" onclick={answer("0")}>{ "No (0)" }</button>
        </span>
    }
}

/// `inputmode`: "numeric" for a number, "text" where a square's name is an answer too.
fn number_field(answer: &Answer, error: Option<&str>, inputmode: &'static str, on_action: &Callback<Action>) -> Html {
    let on_input = on_action.reform(|event: InputEvent| {
        let input: HtmlInputElement = event.target_unchecked_into();
        Action::Predict(PredictAction::Type(input.value()))
    });
    let on_submit = on_action.reform(|event: SubmitEvent| {
        event.prevent_default();
        Action::Predict(PredictAction::Check)
    });
    html! {
        <form class="predict-number" onsubmit={on_submit}>
            <label>
                <span class="control-label">{ "Your answer" }</span>
                <input type="text" {inputmode} autocomplete="off" data-predict-number="" value={answer.number.clone()}
                    oninput={on_input} aria-invalid={error.is_some().then_some("true")} aria-describedby="predict-error" />
            </label>
            if let Some(error) = error {
                <p class="field-error" id="predict-error" role="alert" data-predict-error="">{ error.to_string() }</p>
            }
        </form>
    }
}

/// The reader's answer as a grid of 64 buttons, bit 63 at the top right as in every grid:
/// pressed to flip a bit, dragged across to paint, arrow keys to move. Its labels name the
/// squares the bits stand for in the word's `order` (a mirrored board has rank 8 at the bottom).
/// Once checked (`truth`), each square is marked right, missed (should be 1) or extra (should
/// be 0), by a symbol as well as its colour.
fn answer_grid(given: Bitboard, truth: Option<Bitboard>, order: WordOrder, on_action: &Callback<Action>) -> Html {
    let cells = (0..8).rev().flat_map(|rank| (0..8).map(move |file| Square::from_index(rank * 8 + file))).map(|square| {
        let on = given.contains(square);
        let mark = truth.map(|truth| match (on, truth.contains(square)) {
            (true, true) | (false, false) => "right",
            (false, true) => "missed",
            (true, false) => "extra",
        });
        let class = class_names(&[Some("answer-cell"), Some(if on { "on" } else { "off" }), mark]);
        // The square the bit stands for, which is the cell's own but in a turned word.
        let named = order.square_of_bit(square.index());
        let label = match mark {
            Some("missed") => format!("{named}: 0, should be 1"),
            Some("extra") => format!("{named}: 1, should be 0"),
            _ => format!("{named}: {}", u8::from(on)),
        };
        html! {
            <button type="button" ~className={class} data-predict-cell={square.name()} data-on={if on { "1" } else { "0" }}
                data-mark={mark} aria-pressed={on.to_string()} aria-label={label}
                aria-disabled={truth.is_some().then_some("true")}
                tabindex={if square == Square::A8 { "0" } else { "-1" }}></button>
        }
    });
    let answered = truth.is_some();
    let on_pointer_down = on_action.reform(move |event: PointerEvent| match cell_of(&event) {
        Some(square) if event.button() == 0 && !answered => {
            event.prevent_default();
            focus_cell(square);
            Action::Predict(PredictAction::Press(square))
        }
        _ => Action::Predict(PredictAction::Release),
    });
    let on_pointer_move = {
        let on_action = on_action.clone();
        Callback::from(move |event: PointerEvent| {
            // A touch keeps its pointer on the cell it started on: find the cell under it.
            let under = gloo::utils::document().element_from_point(event.client_x() as f32, event.client_y() as f32);
            let square = under.and_then(|element| square_of(&element));
            if let (Some(square), true) = (square, event.buttons() & 1 == 1) {
                on_action.emit(Action::Predict(PredictAction::Drag(square)));
            }
        })
    };
    let on_release = on_action.reform(|_: PointerEvent| Action::Predict(PredictAction::Release));
    // A keyboard's Space or Enter on a cell is a click with detail 0: flip that one cell.
    let on_click = {
        let on_action = on_action.clone();
        Callback::from(move |event: MouseEvent| {
            if let (0, Some(square), false) = (event.detail(), cell_of(&event), answered) {
                on_action.emit(Action::Predict(PredictAction::Press(square)));
                on_action.emit(Action::Predict(PredictAction::Release));
            }
        })
    };
    let on_key_down = Callback::from(|event: KeyboardEvent| {
        let Some(square) = cell_of(&event) else { return };
        if let Some(next) = arrow_step(&event, square) {
            focus_cell(next);
        }
    });
    // The ranks beside the cells and the files under them, as on the board: a blank grid gives
    // no other clue which square is which. (The cells' own names are what a screen reader says.)
    let ranks = (0..8).rev().map(|row| &order.square_of_bit(row * 8).name()[1..]);
    let ranks = ranks.map(|rank| html! { <span>{ rank }</span> });
    let files = (0..8).map(|column| &order.square_of_bit(column).name()[..1]);
    let files = files.map(|file| html! { <span>{ file }</span> });
    html! {
        <div class="answer-board">
            <div class="answer-ranks" aria-hidden="true">{ for ranks }</div>
            <div class="answer-grid" role="group" aria-label="Your answer: arrow keys move, Space flips a bit"
                onpointerdown={on_pointer_down} onpointermove={on_pointer_move} onpointerup={on_release.clone()}
                onpointercancel={on_release} onclick={on_click} onkeydown={on_key_down}>
                { for cells }
            </div>
            <div class="answer-files" aria-hidden="true">{ for files }</div>
        </div>
    }
}

fn square_of(element: &Element) -> Option<Square> {
    element.closest("[data-predict-cell]").ok()??.get_attribute("data-predict-cell")?.parse().ok()
}

fn cell_of(event: &Event) -> Option<Square> {
    square_of(&event.target()?.dyn_into::<Element>().ok()?)
}

fn focus_cell(square: Square) {
    let selector = format!("[data-predict-cell=\"{}\"]", square.name());
    let cell = gloo::utils::document().query_selector(&selector).ok().flatten();
    if let Some(cell) = cell.and_then(|cell| cell.dyn_into::<HtmlElement>().ok()) {
        let _ = cell.focus();
    }
}

/// The switch of predict mode: at the player's end, and on a phone on the lesson's title line.
pub fn toggle(on: bool, on_action: &Callback<Action>) -> Html {
    let onclick = on_action.reform(move |_: MouseEvent| Action::Predict(PredictAction::Switch(!on)));
    html! {
        <button type="button" class="predict-toggle" data-predict-toggle="" aria-pressed={on.to_string()}
            title="Predict each step's result before it shows (A)" {onclick}>{ "Predict" }</button>
    }
}

/// What follows the score: a new board to try again, or, in an exercise, the next lesson or
/// the exercise's total.
pub enum AfterScore<'a> {
    NewBoard,
    NextLesson { next: usize, count: usize },
    ExerciseDone(&'a Exercise),
}

/// The score once every step is answered: the steps right at the first try out of the steps
/// asked, a way back to each step missed, and what comes next.
pub fn score(right: usize, asked: usize, missed: &[usize], after: AfterScore, on_action: &Callback<Action>) -> Html {
    let links = missed.iter().map(|&step| {
        let go = on_action.reform(move |_: MouseEvent| Action::Player(PlayerAction::GoTo(step)));
        html! {
            <button type="button" class="link-button" data-predict-missed={step.to_string()} onclick={go}
                aria-label={format!("Go back to step {}", step + 1)}>{ (step + 1).to_string() }</button>
        }
    });
    let after = match after {
        AfterScore::NewBoard => {
            // A seed below 2^32 keeps the address short; Math.random is the page's dice.
            let deal = on_action.reform(|_: MouseEvent| {
                Action::Predict(PredictAction::NewBoard((js_sys::Math::random() * 4_294_967_296.0) as u32))
            });
            html! {
                <button type="button" data-predict-new="" onclick={deal}
                    title="A random board for the same technique and slider">{ "New board" }</button>
            }
        }
        AfterScore::NextLesson { next, count } => {
            let go = on_action.reform(|_: MouseEvent| Action::Exercise(ExerciseAction::Next));
            html! {
                <button type="button" class="primary" data-exercise-next="" onclick={go}>
                    { format!("Next lesson ({} of {count})", next + 1) }
                </button>
            }
        }
        AfterScore::ExerciseDone(exercise) => exercise_total(exercise),
    };
    html! {
        <div class="predict-end">
            <p class="predict-score" data-predict-score="" data-right={right.to_string()} data-asked={asked.to_string()}>
                { format!("Score: {right} of {asked} steps right at the first try.") }
                if !missed.is_empty() {
                    { if missed.len() == 1 { " Missed: step" } else { " Missed: steps" } }{ for links }
                }
            </p>
            { after }
        </div>
    }
}

/// The exercise's total over its lessons, and each lesson's score.
fn exercise_total(exercise: &Exercise) -> Html {
    let (right, asked) = exercise.total();
    let each = exercise.scores.iter().enumerate().map(|(index, score)| {
        let said = match score {
            Some((right, asked)) => format!("lesson {}: {right} of {asked}", index + 1),
            None => format!("lesson {}: not answered", index + 1),
        };
        html! { <li>{ said }</li> }
    });
    html! {
        <div class="exercise-total" data-exercise-score="" data-right={right.to_string()} data-asked={asked.to_string()}>
            <p><strong>{ format!("Exercise done: {right} of {asked} steps right at the first try, over {} lessons.", exercise.lessons.len()) }</strong></p>
            <ul>{ for each }</ul>
        </div>
    }
}

/// "Exercise: lesson 2 of 3, SBAMG (o^(o-3cbn)) for the rook on d1. Predict each step, then Check."
fn lesson_said(exercise: &Exercise) -> String {
    let lesson = exercise.lesson();
    let technique = lesson.technique;
    let squares = sliders_explain::narration::square_list(lesson.sliders);
    let slider =
        if lesson.sliders.count() == 1 { lesson.slider.name().to_string() } else { format!("{}s", lesson.slider) };
    format!(
        "Exercise: lesson {} of {}, {} ({}) for the {slider} on {squares}. Predict each step, then Check.",
        exercise.index + 1,
        exercise.lessons.len(),
        technique.article().title(),
        technique.title(),
    )
}

/// Where the reader is in a teacher's exercise, and the way out of it.
pub fn exercise_banner(exercise: &Exercise, on_action: &Callback<Action>) -> Html {
    let leave = on_action.reform(|_: MouseEvent| Action::Exercise(ExerciseAction::Leave));
    let count = exercise.lessons.len();
    html! {
        <div class="exercise-banner" data-exercise="" data-index={(exercise.index + 1).to_string()} data-count={count.to_string()}>
            <p>{ lesson_said(exercise) }</p>
            <button type="button" class="link-button" data-exercise-leave="" onclick={leave}>{ "Leave the exercise" }</button>
        </div>
    }
}
