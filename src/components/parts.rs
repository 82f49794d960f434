//! What every layout of the page draws ([`Parts`]), each part built once from the state, its
//! trace and the current step's source file.

use sliders::{Bitboard, Reach, Technique};
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::code_panel::CodePanel;
use crate::components::formula_panel::FormulaPanel;
use crate::components::key_help::{key_help, keys_hint};
use crate::components::notices::{message, notice_list};
use crate::components::player::{player, PlayerProps};
use crate::components::predict::{
    answer_area, exercise_banner, score as predict_score, toggle as predict_toggle, AfterScore, AnswerArea, Asked,
};
use crate::components::result::{attack_result, ResultProps};
use crate::components::step_view::{step_view, StepViewProps};
use crate::effects::Traced;
use crate::fetched::Status;
use crate::model::{Action, Lab, Moment, Outcome};
use crate::sources::Source;

/// The rays a positive-rays-only technique leaves out: what `reference` sees beyond its result.
fn unseen(lab: &Lab, attacks: Bitboard) -> Bitboard {
    let setup = &lab.setup;
    match reach(lab) {
        Reach::Whole => Bitboard::EMPTY,
        Reach::PositiveRays | Reach::East => {
            Technique::Reference.expected_many(setup.slider, setup.sliders(), setup.occupied) & !attacks
        }
    }
}

/// Which rays the technique on screen computes: a formula's, all it says.
fn reach(lab: &Lab) -> Reach {
    let setup = &lab.setup;
    match setup.formula_open {
        true => Reach::Whole,
        false => setup.technique.reach(setup.slider, setup.sliders().count()),
    }
}

/// What every layout draws, each part built once.
pub struct Parts {
    pub notices: Html,
    /// Where the reader is in a teacher's exercise, or nothing.
    pub exercise: Html,
    pub message: Html,
    pub board: Html,
    pub player: Html,
    pub result: Html,
    /// The current step, large, with its narration: empty for a trace without steps.
    pub step_view: Html,
    /// Predict mode's switch for the lesson's title line on a phone (the player has its own).
    pub predict_toggle: Html,
    /// The code that runs: the technique's file, or the reader's formula in its editor.
    pub code: Html,
    /// The list of keys, or nothing. Like the message, it is one node, drawn or empty, never an
    /// item spliced into a layout's children: yew matches unkeyed children from the end, so a
    /// node that appears in the middle of a list re-creates every node before it, and with them
    /// the empty hosts the panels module draws into (which it would not know to draw again).
    pub key_help: Html,
    pub title: String,
}

/// The parts of the page, from the state, its trace and the current step's source file.
pub fn parts(
    lab: &Lab,
    traced: &Traced,
    step_source: &Source,
    notices: &UseStateHandle<Vec<crate::url::Notice>>,
    on_action: &Callback<Action>,
) -> Parts {
    let (trace, fault) = &**traced;
    let (setup, player_state) = (&lab.setup, &lab.player);
    let attacks = trace.result;
    let current = trace.steps.get(player_state.step).cloned();
    let frame =
        current.as_ref().map(|step| sliders_explain::animation::frame(step, player_state.frame)).unwrap_or_default();
    let frames_of_step = current.as_ref().map_or(1, sliders_explain::animation::frame_count);
    // A formula whose last step gives a number, and that number as its result, computed a
    // count or a square, not attacks.
    let number = match trace.steps.last().map(|step| step.result) {
        Some(sliders::Value::Number(n)) if setup.formula_open && trace.result.0 == n => Some(n),
        _ => None,
    };
    let reach = reach(lab);
    // The embed clamps the narration to three lines, and the lesson folds all but its first
    // sentence where the code would get under 8 lines; "more" opens it (main.css: a checkbox,
    // so no state of the app's, and shown only when something is hidden).
    let after_narration = html! {
        <>
            <input type="checkbox" id="narration-more" class="visually-hidden" data-narration-more=""
                aria-label="Show the whole explanation" />
            <label for="narration-more" class="narration-more"></label>
        </>
    };
    // A technique whose code is on its way has no steps and no result yet: the lesson says so
    // in place of the step, and shows no result it has not computed.
    let waiting =
        lab.trace_key().waits_for_techniques().then(|| waiting_for_techniques(setup.technique, &lab.techniques));
    // Predict mode: while the step asks, nothing on the page gives its result away, and the
    // final result waits until every step is answered.
    let asking = lab.asking();
    let final_hidden = lab.predict.hides_final(trace.steps.len());
    let predict_area = |step: &sliders::Step| {
        let asked = match lab.predict.outcome(player_state.step) {
            _ if !lab.predict.on => return AnswerArea { in_equation: Html::default(), below: Html::default() },
            Some(outcome) => Asked::Answered(outcome),
            None => Asked::Asking { answer: &lab.predict.answer, error: lab.predict.error.as_deref() },
        };
        let AnswerArea { in_equation, below } = answer_area(step, asked, on_action);
        let score = lab.predict.score(trace.steps.len()).map(|(right, asked)| {
            let missed: Vec<usize> = (0..trace.steps.len())
                .filter(|&step| !matches!(lab.predict.outcome(step), Some(Outcome::Checked { wrong: 0, .. })))
                .collect();
            predict_score(right, asked, &missed, after_score(lab), on_action)
        });
        AnswerArea { in_equation, below: html! { <>{ below }{ for score }</> } }
    };
    let step_view = current.clone().map(|step| {
        let AnswerArea { in_equation: answer, below: predict } = predict_area(&step);
        // A why the trace gave at an earlier step (each line's pass repeats the first one's) is
        // said once: after it, only what is particular to the step, and where to read the why.
        let given_at = sliders_explain::narration::why_given_at(trace, player_state.step);
        let why = match step_source {
            _ if setup.formula_open => Some(step.why.to_string()),
            _ if given_at.is_some() => given_at.map(sliders_explain::narration::why_as_at),
            Source::Ready(text) => {
                Some(traced_syntax::why_in_source(text, step.place.line(), step.expression()).unwrap_or_default())
            }
            // A file that cannot come leaves the sentence without its why, not waiting forever.
            Source::Failed(_) => Some(String::new()),
            Source::Loading => None,
        };
        step_view(&StepViewProps {
            step,
            index: player_state.step,
            count: trace.steps.len(),
            frame,
            board: sliders_explain::narration::Board::of(trace),
            keys_hint: keys_hint(on_action),
            after_narration,
            why,
            lanes: trace.lane_pair(player_state.step).map(|pair| pair.map(Clone::clone)),
            asking,
            answer,
            predict,
            techniques_failed: matches!(lab.techniques, Status::Failed(_)),
        })
    });
    let code = if setup.formula_open {
        html! {
            <FormulaPanel playground={lab.playground.clone()} span={trace.spans().get(player_state.step).copied()} spans={trace.spans()} step={player_state.step}
                fault={fault.clone()} steps={trace.steps.len()} language={lab.language.clone()}
                on_action={on_action.clone()} />
        }
    } else {
        html! { <CodePanel technique={setup.technique} step={current} /> }
    };
    let title = if setup.formula_open {
        format!("Your formula · {}", lab.playground.target.describe())
    } else {
        format!("{} · {}", setup.technique.article().title(), setup.technique.title())
    };
    // An exercise keeps predict mode on: no switch to turn it off.
    let switch = if lab.exercise.is_some() { Html::default() } else { predict_toggle(lab.predict.on, on_action) };
    Parts {
        notices: notice_list(notices),
        exercise: lab.exercise.as_ref().map(|exercise| exercise_banner(exercise, on_action)).unwrap_or_default(),
        message: message(lab.message.as_deref(), on_action),
        board: html! {
            <Board occupied={setup.occupied} slider={setup.slider} square={setup.square} others={setup.others}
                attacks={if final_hidden { Bitboard::EMPTY } else { attacks }}
                unseen={if final_hidden { Bitboard::EMPTY } else { unseen(lab, attacks) }} show_indices={lab.preferences.show_indices} on_action={on_action.clone()} />
        },
        player: player(&PlayerProps {
            step: player_state.step,
            count: trace.steps.len(),
            first_frame: frames_of_step <= 1 || player_state.frame == Moment::At(0),
            last_frame: match player_state.frame {
                Moment::At(frame) => frame + 1 >= frames_of_step,
                Moment::Finished => true,
            },
            playing: player_state.playing(),
            speed: player_state.speed,
            predict_toggle: switch.clone(),
            on_action: on_action.clone(),
        }),
        result: if waiting.is_some() {
            Html::default()
        } else if final_hidden {
            // The section keeps its heading (the page's headings stay in order) and says when
            // the attacks show.
            html! {
                <section class="result" data-result-waits="">
                    <h2>{ "Attacks" }</h2>
                    <p class="note">{ "Shown once you have answered every step." }</p>
                </section>
            }
        } else {
            attack_result(&ResultProps { reach, attacks, number })
        },
        step_view: waiting.or(step_view).unwrap_or_default(),
        predict_toggle: switch,
        code,
        key_help: if lab.preferences.show_keys { key_help(on_action) } else { Html::default() },
        title,
    }
}

/// What follows the score: a new board, or in an exercise the next lesson or the total.
fn after_score(lab: &Lab) -> AfterScore<'_> {
    match &lab.exercise {
        None => AfterScore::NewBoard,
        Some(exercise) if exercise.index + 1 < exercise.lessons.len() => {
            AfterScore::NextLesson { next: exercise.index + 1, count: exercise.lessons.len() }
        }
        Some(exercise) => AfterScore::ExerciseDone(exercise),
    }
}

/// What the lesson says while `technique`'s code (`techniques.wasm`) is on its way, or why it
/// could not come.
fn waiting_for_techniques(technique: Technique, status: &Status) -> Html {
    match status {
        Status::Failed(why) => html! {
            <p class="step-waiting" role="alert" data-trace-error="">
                { format!("{why} The steps of {} cannot be shown; reload the page to try again.", technique.title()) }
            </p>
        },
        // `data-trace-loading`: the end-to-end tests wait for it to go before they read a step.
        Status::Absent | Status::Loading | Status::Ready => html! {
            <p class="step-waiting" role="status" data-trace-loading="">
                { format!("Loading the code of {} (techniques.wasm)…", technique.title()) }
            </p>
        },
    }
}

/// The player, the step and its code, as the lesson and presentation mode both show them;
/// in the lesson, under the technique's name, which a narrow screen shows (where the technique
/// menu is out of sight below the step).
pub fn stepper(title: Option<(String, Html)>, player: Html, step_view: Html, code: Html) -> Html {
    html! {
        <section class="stepper" aria-label="Steps of the technique">
            // On a phone the title line holds predict mode's switch too (main.css), where it moves
            // nothing down the first screen.
            { for title.map(|(title, toggle)| html! { <div class="lesson-title-line"><h2 class="lesson-title" data-lesson-title="">{ title }</h2>{ toggle }</div> }) }
            { player }
            { step_view }
            { code }
        </section>
    }
}
