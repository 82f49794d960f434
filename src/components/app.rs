//! The page: state in a reducer, everything else derived from it.

use gloo::events::EventListener;
use gloo::timers::callback::Interval;
use sliders::{Bitboard, Technique};
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use crate::animation;
use crate::components::board::Board;
use crate::components::code_panel::CodePanel;
use crate::components::compare::Compare;
use crate::components::controls::Controls;
use crate::components::player::Player;
use crate::components::result::AttackResult;
use crate::components::step_strip::StepStrip;
use crate::components::step_view::StepView;
use crate::components::technique_info::TechniqueInfo;
use crate::model::{Action, Lab, SPEEDS_MS};
use crate::url;

/// The rays a positive-rays-only technique leaves out: what `reference` sees beyond its result.
fn unseen(lab: &Lab, attacks: Bitboard) -> Bitboard {
    if lab.technique.positive_rays_only() {
        Technique::Reference.attacks(lab.slider, lab.square, lab.occupied) & !attacks
    } else {
        Bitboard::EMPTY
    }
}

/// The player's shortcut for a key, unless the key belongs to a form field or the board.
fn shortcut(event: &KeyboardEvent) -> Option<Action> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    if target.closest("input, select, textarea, [data-square]").ok()?.is_some()
        || event.ctrl_key()
        || event.meta_key()
        || event.alt_key()
    {
        return None;
    }
    Some(match event.key().as_str() {
        "ArrowLeft" => Action::Back,
        "ArrowRight" => Action::Next,
        " " => Action::TogglePlay,
        "Home" => Action::First,
        "End" => Action::Last,
        "," => Action::StepFrame(-1),
        "." => Action::StepFrame(1),
        _ => return None,
    })
}

#[function_component(App)]
pub fn app() -> Html {
    let (initial, problems) = use_memo((), |_| {
        let query = gloo::utils::window().location().search().unwrap_or_default();
        url::lab_from_query(&query)
    })
    .as_ref()
    .clone();
    let lab = use_reducer(move || Lab { message: (!problems.is_empty()).then(|| problems.join("; ")), ..initial });
    let on_action = {
        let lab = lab.clone();
        Callback::from(move |action: Action| lab.dispatch(action))
    };

    // Keep the address in step with the page without adding a history entry per click.
    use_effect_with((lab.technique, lab.slider, lab.square, lab.occupied), {
        let lab = (*lab).clone();
        move |_| {
            if let Ok(history) = gloo::utils::window().history() {
                let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url::query_of(&lab)));
            }
        }
    });

    // The frame timer runs only while something animates.
    use_effect_with((lab.running, lab.speed), {
        let dispatcher = lab.dispatcher();
        move |&(running, speed)| {
            let timer = running.then(|| Interval::new(SPEEDS_MS[speed], move || dispatcher.dispatch(Action::Tick)));
            move || drop(timer)
        }
    });

    // Page-wide keyboard shortcuts for the player.
    use_effect_with((), {
        let dispatcher = lab.dispatcher();
        move |_| {
            let listener = EventListener::new(&gloo::utils::document(), "keydown", move |event| {
                let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                if let Some(action) = shortcut(event) {
                    event.prevent_default();
                    dispatcher.dispatch(action);
                }
            });
            move || drop(listener)
        }
    });

    let trace = use_memo((lab.technique, lab.slider, lab.square, lab.occupied), |_| lab.trace());
    let attacks = trace.result;
    let current = trace.steps.get(lab.step).copied();
    let frame = current.map(|step| animation::frame(&step, lab.frame)).unwrap_or_default();
    let dismiss = on_action.reform(|_: MouseEvent| Action::DismissMessage);
    html! {
        <>
            <header class="page-header">
                <h1>{ "Slider Lab" }</h1>
                <p class="tagline">{ "Sliding-piece attacks with bitboards, step by step, computed in WebAssembly" }</p>
            </header>
            <main class="lab">
                if let Some(message) = &lab.message {
                    <div class="message" role="alert" data-message="">
                        <span>{ message }</span>
                        <button type="button" class="dismiss" aria-label="Dismiss" onclick={dismiss}>{ "×" }</button>
                    </div>
                }
                <div class="workbench">
                    <div class="board-column">
                        <Board occupied={lab.occupied} slider={lab.slider} square={lab.square} {attacks}
                            unseen={unseen(&lab, attacks)} show_indices={lab.show_indices} on_action={on_action.clone()} />
                        <AttackResult technique={lab.technique} {attacks} />
                    </div>
                    <div class="side">
                        <Controls technique={lab.technique} slider={lab.slider} tool={lab.tool}
                            occupied={lab.occupied} show_indices={lab.show_indices} on_action={on_action.clone()} />
                        <TechniqueInfo technique={lab.technique} />
                    </div>
                </div>
                <section class="stepper" aria-label="Steps of the technique">
                    <Player step={lab.step} count={trace.steps.len()} playing={lab.running || lab.autoplay}
                        speed={lab.speed} on_action={on_action.clone()} />
                    <div class="stepper-body">
                        if let Some(step) = current {
                            <StepView {step} index={lab.step} count={trace.steps.len()} {frame} slider={lab.square} />
                        }
                        <CodePanel technique={lab.technique} step={current} />
                    </div>
                    <StepStrip steps={trace.steps.clone()} current={lab.step} on_action={on_action.clone()} />
                </section>
                <Compare slider={lab.slider} square={lab.square} occupied={lab.occupied}
                    selected={lab.technique} on_action={on_action.clone()} />
            </main>
            <footer class="page-footer">
                { "Techniques from the chessprogramming wiki (CC BY-SA). LERF mapping: a1 = bit 0, h8 = bit 63." }
            </footer>
        </>
    }
}
