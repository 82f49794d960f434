//! The reader's formula: the language fetched when a formula first opens, each typed text read
//! (parsed, and compiled when new) as soon as it is typed, and a link's check started once its
//! formula reads.

use yew::prelude::*;

use crate::effects;
use crate::language::Status;
use crate::model::Lab;
use crate::url::Embed;

/// The formula language is fetched the first time a formula opens (a menu, an example or a
/// link); until it is here, the editor holds the text and says it is on its way.
#[hook]
pub fn use_language(lab: &UseReducerHandle<Lab>) {
    use_effect_with((lab.setup.formula_open, lab.language == Status::Absent), {
        let dispatcher = lab.dispatcher();
        move |&(open, absent)| {
            if open && absent {
                dispatcher.dispatch(crate::model::Action::LanguageLoading);
                wasm_bindgen_futures::spawn_local(async move {
                    let loaded = crate::language::load().await.map_err(Into::into);
                    dispatcher.dispatch(crate::model::Action::LanguageLoaded(loaded));
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

/// A link with `expect=` starts the check once its formula reads, where the formula panel
/// (which drives the check's slices) is on screen.
#[hook]
pub fn use_check_when_read(lab: &UseReducerHandle<Lab>, embed: Embed) {
    let due = lab.check_when_read
        && lab.setup.formula_open
        && lab.playground.formula.is_some()
        && (!embed.enabled || embed.code);
    use_effect_with(due, {
        let (dispatcher, playground) = (lab.dispatcher(), lab.playground.clone());
        move |&due| {
            if due {
                let now = gloo::utils::window().performance().map_or(0.0, |p| p.now());
                dispatcher.dispatch(effects::start_check(&playground, now));
            }
        }
    });
}
