//! The page-wide keyboard shortcuts.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use crate::components::key_help::focus_key_help;
use crate::model::{Action, Lab, PageAction, PlayerAction, PredictAction};
use crate::url::Embed;

/// The page's shortcut for a key, if it has one where the key was pressed. `[`, `]`, `K`, `,`,
/// `.`, `?`, Esc, Home and End work everywhere, the board included (its arrows move between
/// squares, and Home and End would only scroll the page); the arrows and Space step the player
/// everywhere else. Text fields keep every key, and
/// Space still presses a focused button or square. A menu keeps its letters (K there picks an
/// option whose name starts with K), Space and the arrows, but `[` and `]` pick nothing: they
/// step from a menu too.
fn shortcut(event: &KeyboardEvent, keys_shown: bool, presenting: bool, predicting: bool) -> Option<Action> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    let within = |selector: &str| target.closest(selector).ok().flatten().is_some();
    if event.ctrl_key() || event.meta_key() || event.alt_key() {
        return None;
    }
    let key = event.key();
    if within("input[type=text], textarea, [contenteditable]") || key != "[" && key != "]" && within("select") {
        return (key == "Escape" && keys_shown).then_some(Action::Page(PageAction::ShowKeys(false)));
    }
    // The answer grid of predict mode moves between its cells with the arrows, as the board does.
    let on_board = within("[data-square], [data-predict-cell]");
    let on_input = within("input");
    let on_button = within("button, a, summary");
    Some(match key.as_str() {
        "?" => Action::Page(PageAction::ShowKeys(!keys_shown)),
        "Escape" if keys_shown => Action::Page(PageAction::ShowKeys(false)),
        "Escape" if presenting => Action::Page(PageAction::Present(false)),
        "p" | "P" => Action::Page(PageAction::Present(!presenting)),
        "a" | "A" => Action::Predict(PredictAction::Switch(!predicting)),
        "Enter" if within("[data-predict-cell]") => Action::Predict(PredictAction::Check),
        "[" => Action::Player(PlayerAction::Back),
        "]" => Action::Player(PlayerAction::Next),
        "k" | "K" => Action::Player(PlayerAction::TogglePlay),
        "," => Action::Player(PlayerAction::StepFrame(-1)),
        "." => Action::Player(PlayerAction::StepFrame(1)),
        "ArrowLeft" if !on_board && !on_input => Action::Player(PlayerAction::Back),
        "ArrowRight" if !on_board && !on_input => Action::Player(PlayerAction::Next),
        "Home" if !on_input => Action::Player(PlayerAction::First),
        "End" if !on_input => Action::Player(PlayerAction::Last),
        " " if !on_board && !on_button && !on_input => Action::Player(PlayerAction::TogglePlay),
        _ => return None,
    })
}

/// Page-wide keyboard shortcuts for the player; re-bound when the key list opens or closes,
/// or presentation mode starts or ends. The list, when it opens, takes the focus.
#[hook]
pub fn use_shortcuts(lab: &UseReducerHandle<Lab>, embed: Embed) {
    use_effect_with((lab.preferences.show_keys, lab.preferences.presenting, lab.predict.on), {
        let dispatcher = lab.dispatcher();
        move |&(keys_shown, presenting, predicting)| {
            if keys_shown {
                focus_key_help();
            }
            // Not passive (gloo's default): Space must be able to cancel the page's scroll.
            let options = EventListenerOptions::enable_prevent_default();
            let listener =
                EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |event| {
                    let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                    if let Some(action) = shortcut(event, keys_shown, presenting && !embed.enabled, predicting) {
                        event.prevent_default();
                        dispatcher.dispatch(action);
                    }
                });
            move || drop(listener)
        }
    });
}
