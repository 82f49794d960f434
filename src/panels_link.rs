//! The page's side of the panels module. The panels a reader reaches below the lesson or opens
//! (Share, Copy for an article, Compare and Benchmark) are drawn by a second WebAssembly module,
//! `panels.wasm` (built from `src/bin/panels.rs`, its views in [`crate::panels`]), which the page
//! fetches once the lesson is on screen. So the first load carries only the lesson.
//!
//! The two modules share no memory. The page renders an empty host element for each panel, and
//! tells the module its state through the window: the address's query (which already describes
//! everything the panels show) and whether the reader's formula passed its check. The module
//! answers with actions, as the text of a query too (`technique=magic`, `formula`): the few that
//! its panels make, listed in [`action_of`].

use gloo::events::EventListener;
use js_sys::{Object, Reflect};
use sliders::{Bitboard, Technique};
use wasm_bindgen::JsValue;

use crate::model::{Action, BoardAction, ExerciseAction, FormulaAction, PageAction, PlayerAction, PredictAction};
use crate::presets::PRESETS;

/// The window's property that holds the page's state for the panels: `{ query, checkWhenRead,
/// indices }`, the last two what the address does not say (the page opened from a link whose
/// `expect=` asks for the check once the formula reads; the board shows square numbers).
pub const STATE: &str = "sliderLabState";
/// The event the page fires on the window after each change of [`STATE`].
pub const STATE_EVENT: &str = "slider-lab:state";
/// The window's property that holds the panels' last action, and the event that says it is new.
pub const ACTION: &str = "sliderLabAction";
pub const ACTION_EVENT: &str = "slider-lab:action";
/// The module's loader, relative to the page (asset URLs are relative, for any sub-path).
const SCRIPT: &str = "static/panels-loader.js";
const SCRIPT_ID: &str = "slider-lab-panels";

/// What the page says when the module cannot come (its loader or the module failed to load).
pub const FAILED: &str = "The panels below the lesson (panels.wasm) could not be loaded. Reload the page to try again.";

/// The selector of each panel's host, as the page renders it and the module finds it.
pub fn host(panel: &str) -> String {
    format!("[data-panel-host=\"{panel}\"]")
}

/// Puts the state where the module reads it, and tells it so.
pub fn publish(query: &str, check_when_read: bool, indices: bool) {
    let window = gloo::utils::window();
    let state = Object::new();
    let _ = Reflect::set(&state, &"query".into(), &query.into());
    let _ = Reflect::set(&state, &"checkWhenRead".into(), &check_when_read.into());
    let _ = Reflect::set(&state, &"indices".into(), &indices.into());
    let _ = Reflect::set(&window, &STATE.into(), &state);
    if let Ok(event) = web_sys::Event::new(STATE_EVENT) {
        let _ = window.dispatch_event(&event);
    }
}

/// Fetches the module, once: its loader is a module script of the page's own origin.
pub fn load() {
    let document = gloo::utils::document();
    if document.get_element_by_id(SCRIPT_ID).is_some() {
        return;
    }
    let (Ok(script), Some(head)) = (document.create_element("script"), document.head()) else { return };
    script.set_id(SCRIPT_ID);
    let _ = script.set_attribute("type", "module");
    let _ = script.set_attribute("src", SCRIPT);
    // The loader itself, or the glue it imports, did not come; the module's own failure the
    // loader reports.
    EventListener::once(&script, "error", |_| send("failed")).forget();
    let _ = head.append_child(&script);
}

/// The action a panel sent, read from its text.
pub fn action_of(text: &str) -> Option<Action> {
    Some(match text.split_once('=') {
        None if text == "formula" => Action::Formula(FormulaAction::OpenFormula),
        None if text == "indices" => Action::Page(PageAction::ToggleIndices),
        None if text == "failed" => Action::Page(PageAction::Reject(FAILED.into())),
        None => return None,
        Some(("technique", name)) => Action::Board(BoardAction::SetTechnique(name.parse::<Technique>().ok()?)),
        Some(("occupied", board)) => Action::Board(BoardAction::SetOccupied(board.parse::<Bitboard>().ok()?)),
        Some(("preset", id)) => {
            Action::Board(BoardAction::LoadPreset(PRESETS.iter().find(|preset| preset.id == id)?.id))
        }
        Some(("example", id)) => Action::Formula(FormulaAction::OpenExample(sliders_formula::examples::by_id(id)?.id)),
        Some(("reject", message)) => Action::Page(PageAction::Reject(message.to_string())),
        Some(("board", board)) => {
            let (square, occupied) = board.split_once(',')?;
            Action::Formula(FormulaAction::LoadBoard(square.parse().ok()?, occupied.parse().ok()?))
        }
        Some(_) => return None,
    })
}

/// An action as a panel sends it: `None` for those no panel makes. Every action is named, so a
/// new one is sorted here (sent or not) before the page compiles.
pub fn text_of(action: &Action) -> Option<String> {
    match action {
        Action::Board(action) => board_text(action),
        Action::Formula(action) => formula_text(action),
        Action::Player(
            PlayerAction::GoTo(_)
            | PlayerAction::First
            | PlayerAction::Back
            | PlayerAction::Next
            | PlayerAction::Last
            | PlayerAction::TogglePlay
            | PlayerAction::StepFrame(_)
            | PlayerAction::Tick
            | PlayerAction::Seen(_)
            | PlayerAction::SetSpeed(_)
            | PlayerAction::Traced(..),
        ) => None,
        // Predict mode is the page's alone: no panel answers for the reader.
        Action::Predict(
            PredictAction::Switch(_)
            | PredictAction::Press(_)
            | PredictAction::Drag(_)
            | PredictAction::Release
            | PredictAction::Type(_)
            | PredictAction::Check
            | PredictAction::Answer(_)
            | PredictAction::Show
            | PredictAction::NewBoard(_),
        ) => None,
        Action::Exercise(ExerciseAction::Next | ExerciseAction::Leave) => None,
        Action::Page(action) => page_text(action),
    }
}

fn board_text(action: &BoardAction) -> Option<String> {
    match action {
        BoardAction::SetTechnique(technique) => Some(format!("technique={}", technique.name())),
        BoardAction::SetOccupied(board) => Some(format!("occupied={board}")),
        BoardAction::LoadPreset(id) => Some(format!("preset={id}")),
        BoardAction::Press(_)
        | BoardAction::Drag(_)
        | BoardAction::Release
        | BoardAction::Activate(_)
        | BoardAction::SetTool(_)
        | BoardAction::SetSlider(_) => None,
    }
}

fn formula_text(action: &FormulaAction) -> Option<String> {
    match action {
        FormulaAction::OpenFormula => Some("formula".into()),
        FormulaAction::OpenExample(id) => Some(format!("example={id}")),
        FormulaAction::LoadBoard(square, occupied) => Some(format!("board={square},{occupied}")),
        FormulaAction::EditFormula(_)
        | FormulaAction::Typed { .. }
        | FormulaAction::Read { .. }
        | FormulaAction::LanguageLoading
        | FormulaAction::LanguageLoaded(_)
        | FormulaAction::ExampleText { .. }
        | FormulaAction::SetTarget(_) => None,
    }
}

fn page_text(action: &PageAction) -> Option<String> {
    match action {
        PageAction::ToggleIndices => Some("indices".into()),
        PageAction::Reject(message) => Some(format!("reject={message}")),
        PageAction::ShowKeys(_)
        | PageAction::Present(_)
        | PageAction::SetTheme(_)
        | PageAction::Restore(_)
        | PageAction::DismissMessage
        | PageAction::TechniquesLoading
        | PageAction::TechniquesLoaded(_) => None,
    }
}

/// Calls `dispatch` with every action the panels send, for as long as the listener lives.
pub fn listen(dispatch: impl Fn(Action) + 'static) -> EventListener {
    let window = gloo::utils::window();
    EventListener::new(&window.clone(), ACTION_EVENT, move |_| {
        let text = Reflect::get(&window, &ACTION.into()).ok().and_then(|value| value.as_string());
        if let Some(action) = text.as_deref().and_then(action_of) {
            dispatch(action);
        }
    })
}

/// The module's side of [`listen`]: sends `text` to the page.
pub fn send(text: &str) {
    let window = gloo::utils::window();
    let _ = Reflect::set(&window, &ACTION.into(), &JsValue::from_str(text));
    if let Ok(event) = web_sys::Event::new(ACTION_EVENT) {
        let _ = window.dispatch_event(&event);
    }
}

#[cfg(test)]
mod tests {
    use super::{action_of, text_of};
    use crate::model::{Action, BoardAction, FormulaAction, PageAction, PlayerAction};
    use sliders::{Bitboard, Technique};

    #[test]
    fn the_panels_actions_read_back() {
        let board: Bitboard = "0x0000000000000043".parse().unwrap();
        let sent = [
            Action::Formula(FormulaAction::OpenFormula),
            Action::Page(PageAction::ToggleIndices),
            Action::Board(BoardAction::SetTechnique(Technique::Magic)),
            Action::Board(BoardAction::SetOccupied(board)),
            Action::Board(BoardAction::LoadPreset(crate::presets::PRESETS[1].id)),
            Action::Formula(FormulaAction::OpenExample(sliders_formula::examples::EXAMPLES[2].id)),
            Action::Page(PageAction::Reject("There is no preset \"x=y\".".into())),
            Action::Formula(FormulaAction::LoadBoard(sliders::Square::H8, board)),
        ];
        for action in sent {
            let text = text_of(&action).unwrap();
            let back = action_of(&text).unwrap_or_else(|| panic!("{text} does not read back"));
            assert_eq!(text_of(&back).as_deref(), Some(&*text));
        }
        assert!(text_of(&Action::Player(PlayerAction::Next)).is_none());
        // The loader's word for a module that did not come: a message the page shows.
        assert!(
            matches!(action_of("failed"), Some(Action::Page(PageAction::Reject(message))) if message == super::FAILED)
        );
        for wrong in
            ["technique=black-magic", "occupied=0xg", "preset=none", "example=none", "square=d4", "", "=", "ready"]
        {
            assert!(action_of(wrong).is_none(), "{wrong}");
        }
    }
}
