//! The `?` overlay: every key the page answers to, and where it works.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::model::{Action, PageAction};

/// Every key and what it does; the player's hint and this list are the page's only key docs.
pub const KEYS: [(&str, &str); 13] = [
    ("[ ]", "previous / next step, anywhere but in a text field, also while a board square or a menu has focus"),
    ("K", "play or pause, anywhere but in a text field or a menu (there K picks an option)"),
    ("← →", "previous / next step (on the board they move between squares)"),
    ("Space", "play or pause (on a square it toggles the square, on a button it presses it)"),
    (", .", "one animation frame back / on"),
    ("Home End", "first / last step"),
    ("arrows on the board", "move between squares"),
    ("Enter on a square", "toggle it, or place the slider there"),
    ("P", "presentation mode: only the board, the step and the code, scaled up"),
    ("A", "predict mode: each step asks you for its result before it shows it"),
    ("Enter on your answer", "check it (arrows move between its squares, Space flips one)"),
    ("?", "show or hide this list"),
    ("Esc", "close this list"),
];

/// The short list beside the step: the keys that work everywhere, and the way to all of them.
pub fn keys_hint(on_action: &Callback<Action>) -> Html {
    html! {
        <button type="button" class="keys-hint" data-keys-open="" onclick={on_action.reform(|_: MouseEvent| Action::Page(PageAction::ShowKeys(true)))}
            title="[ and ] step, K plays or pauses, ? lists every key">
            <kbd>{ "[" }</kbd><kbd>{ "]" }</kbd>{ " step · " }<kbd>{ "K" }</kbd>{ " play · " }<kbd>{ "?" }</kbd>{ " keys" }
        </button>
    }
}

/// The list itself. A plain view function, not a component: the app moves focus into it when it
/// opens (see `focus_key_help`), so it needs no hooks of its own.
pub fn key_help(on_action: &Callback<Action>) -> Html {
    let close = on_action.reform(|_: MouseEvent| Action::Page(PageAction::ShowKeys(false)));
    let rows = KEYS.iter().map(|(keys, what)| {
        html! { <tr><th scope="row"><kbd>{ *keys }</kbd></th><td>{ *what }</td></tr> }
    });
    html! {
        <div class="key-help-backdrop">
            <div class="key-help" role="dialog" aria-modal="true" aria-labelledby="key-help-title" data-key-help="">
                <h2 id="key-help-title">{ "Keys" }</h2>
                <table><tbody>{ for rows }</tbody></table>
                <div class="dialog-actions">
                    <button type="button" onclick={close}>{ "Close (Esc)" }</button>
                </div>
            </div>
        </div>
    }
}

/// Moves focus into the open list, so Esc and Tab work from there.
pub fn focus_key_help() {
    let button = gloo::utils::document().query_selector("[data-key-help] button").ok().flatten();
    if let Some(button) = button.and_then(|b| b.dyn_into::<HtmlElement>().ok()) {
        let _ = button.focus();
    }
}
