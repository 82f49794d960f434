//! The page's effects, as custom hooks: each watches part of the state and does what the
//! reducer does not (the address, the panels module, the browser's events, the frame timer,
//! formula.wasm), dispatching actions with what it found.

mod browser;
mod check;
mod formula;
mod keys;

pub use browser::{load, prefers_reduced_motion, use_address_sync, use_once, use_root_flags};
pub use check::{use_formula_check, CheckedFormula};
pub use formula::{use_example_text, use_formula_reading, use_language};
pub use keys::use_shortcuts;

use std::rc::Rc;

use gloo::timers::callback::Interval;
use yew::prelude::*;

use crate::effects::{techniques_fault, trace_of, traced, Traced};
use crate::fetched::Status;
use crate::model::{Action, Lab, PageAction, PlayerAction, TraceKey, SPEEDS_MS};
use crate::url::{self, Embed};

/// The trace of the state on screen, computed once per setup (technique, formula, sliders,
/// pieces) and shared: the views draw from it, and the reducer is handed its shape. The trace
/// the page computed as it opened the link serves until the setup changes.
#[hook]
pub fn use_trace(lab: &UseReducerHandle<Lab>, opened: Option<(TraceKey, Traced)>) -> Traced {
    let key = lab.trace_key();
    let traced_now = use_memo(key.clone(), move |key| match opened {
        Some((opened_key, traced)) if opened_key == *key => traced,
        _ => Rc::new(trace_of(key)),
    });
    let traced_now: Traced = (*traced_now).clone();
    use_effect_with(key, {
        let (dispatcher, traced_now) = (lab.dispatcher(), traced_now.clone());
        move |key| {
            dispatcher.dispatch(traced(key.clone(), &traced_now.0));
            if let Some(why) = techniques_fault(key, &traced_now.0) {
                dispatcher.dispatch(Action::Page(PageAction::TechniquesLoaded(Err(why))));
            }
        }
    });
    traced_now
}

/// Every technique's traced code but the one the first load carries, `techniques.wasm`, is
/// fetched once the lesson is on screen (an effect runs after the first render): a link that
/// opens on another technique shows its steps when it comes, and a reader who picks another
/// finds it here.
#[hook]
pub fn use_techniques(lab: &UseReducerHandle<Lab>) {
    use_effect_with(lab.techniques == Status::Absent, {
        let dispatcher = lab.dispatcher();
        move |&absent| {
            if absent {
                dispatcher.dispatch(Action::Page(PageAction::TechniquesLoading));
                wasm_bindgen_futures::spawn_local(async move {
                    let loaded = crate::techniques::load().await.map_err(Into::into);
                    dispatcher.dispatch(Action::Page(PageAction::TechniquesLoaded(loaded)));
                });
            }
        }
    });
}

/// The frame timer, running only while something animates.
#[hook]
pub fn use_frame_timer(lab: &UseReducerHandle<Lab>) {
    use_effect_with((lab.player.running, lab.player.speed), {
        let dispatcher = lab.dispatcher();
        move |&(running, speed)| {
            let timer = running.then(|| {
                Interval::new(SPEEDS_MS[speed], move || dispatcher.dispatch(Action::Player(PlayerAction::Tick)))
            });
            move || drop(timer)
        }
    });
}

/// The panels module draws from the state the address describes: told after every change of
/// it, or of the formula panel's hosts, and fetched once the lesson is on screen.
#[hook]
pub fn use_panels_link(lab: &UseReducerHandle<Lab>, embed: Embed) {
    let playground = &lab.playground;
    let hosts = (playground.formula.is_some(), playground.error.is_some());
    use_effect_with((browser::addressed(lab), lab.check_when_read, lab.preferences.show_indices, hosts), {
        let lab = (**lab).clone();
        move |(_, check_when_read, indices, _)| {
            crate::panels_link::publish(&url::query_of(&lab), *check_when_read, *indices)
        }
    });
    // An embed draws the module's hosts only in a formula's panel, when it shows its code.
    let panels_shown = !embed.enabled || (embed.code && lab.setup.formula_open);
    use_effect_with(panels_shown, {
        let dispatcher = lab.dispatcher();
        move |&shown| {
            let listener = shown.then(|| {
                crate::panels_link::load();
                crate::panels_link::listen(move |action| dispatcher.dispatch(action))
            });
            move || drop(listener)
        }
    });
}
