//! The reader's formula: the language fetched when a formula first opens, each typed text read
//! (parsed, and compiled when new) as soon as it is typed. (A link's check is the panels
//! module's to start: `crate::panels`.)

use yew::prelude::*;

use crate::effects;
use crate::language::Status;
use crate::model::FormulaAction;
use crate::model::Lab;

/// The formula language is fetched the first time a formula opens (a menu, an example or a
/// link); until it is here, the editor holds the text and says it is on its way.
#[hook]
pub fn use_language(lab: &UseReducerHandle<Lab>) {
    use_effect_with((lab.setup.formula_open, lab.language == Status::Absent), {
        let dispatcher = lab.dispatcher();
        move |&(open, absent)| {
            if open && absent {
                dispatcher.dispatch(crate::model::Action::Formula(FormulaAction::LanguageLoading));
                wasm_bindgen_futures::spawn_local(async move {
                    let loaded = crate::language::load().await.map_err(Into::into);
                    dispatcher.dispatch(crate::model::Action::Formula(FormulaAction::LanguageLoaded(loaded)));
                });
            }
        }
    });
}

/// Each typed text is read (by formula.wasm) once the language is here: its error, or the new
/// formula with its compiled module. It runs before the browser draws, so the editor never
/// shows a text as unread while the language is loaded.
#[hook]
pub fn use_formula_reading(lab: &UseReducerHandle<Lab>) {
    let ready = lab.language == Status::Ready;
    use_effect_with((lab.playground.text.clone(), lab.playground.unread(), ready), {
        let (dispatcher, playground) = (lab.dispatcher(), lab.playground.clone());
        move |&(_, unread, ready)| {
            if unread && ready {
                if let Some(read) = effects::reading(&playground) {
                    dispatcher.dispatch(read);
                }
            }
        }
    });
}

/// An example's text, once the language is here to give it (the first load does not carry
/// the examples' texts).
#[hook]
pub fn use_example_text(lab: &UseReducerHandle<Lab>) {
    let ready = lab.language == Status::Ready;
    use_effect_with((lab.playground.awaited_example, ready), {
        let (dispatcher, playground) = (lab.dispatcher(), lab.playground.clone());
        move |&(_, ready)| {
            if ready {
                if let Some(text) = effects::example_text(&playground) {
                    dispatcher.dispatch(text);
                }
            }
        }
    });
}
