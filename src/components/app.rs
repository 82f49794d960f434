//! The page: state in a reducer, everything else derived from it. The full page, the embedded
//! view (`?embed=1`) and presentation mode share every part; only the layout differs
//! ([`full_page`], [`embed_view`], [`presentation`]), each drawing the same
//! [`Parts`](crate::components::parts::Parts). The effects are custom hooks (`crate::hooks`).

use yew::prelude::*;

use crate::components::embed_view::embed_view;
use crate::components::full_page::full_page;
use crate::components::parts::parts;
use crate::components::presentation::presentation;
use crate::hooks;
use crate::model::{Action, Preferences};
use crate::sources::{use_source, SourceFile};
use crate::url::Embed;

#[function_component(App)]
pub fn app() -> Html {
    let opened = use_memo((), |_| hooks::load());
    let loaded = &opened.0;
    let embed: Embed = loaded.embed;
    let notices = use_state(|| loaded.notices.clone());
    // A new shape of the trace alone changes nothing on screen: `Lab`'s equality leaves it out.
    let lab = use_reducer_eq({
        let mut lab = loaded.lab.clone();
        lab.preferences = Preferences { reduced_motion: hooks::prefers_reduced_motion(), ..lab.preferences };
        if crate::language::ready() {
            lab.language = crate::language::Status::Ready;
        }
        move || lab
    });
    let on_action = {
        let lab = lab.clone();
        Callback::from(move |action: Action| lab.dispatch(action))
    };
    hooks::use_address_sync(&lab, embed);
    hooks::use_panels_link(&lab, embed);
    hooks::use_once(&lab, embed, notices.clone());
    hooks::use_root_flags(&lab, embed);
    hooks::use_language(&lab);
    hooks::use_techniques(&lab);
    hooks::use_example_text(&lab);
    hooks::use_formula_reading(&lab);
    hooks::use_frame_timer(&lab);
    hooks::use_shortcuts(&lab, embed);
    let traced = hooks::use_trace(&lab, opened.1.clone());
    // The file that made the current step, for its why (not in the wasm: feature whys-in-files);
    // a formula's steps carry their own.
    let step_file = traced
        .0
        .steps
        .get(lab.player.step)
        .filter(|_| !lab.setup.formula_open)
        .map(|step| SourceFile::of_step(lab.setup.technique, step).name());
    let step_source = use_source(step_file);
    let parts = parts(&lab, &traced, &step_source, &notices, &on_action);
    if embed.enabled {
        embed_view(&lab, embed, parts, &on_action)
    } else if lab.preferences.presenting {
        presentation(parts, &on_action)
    } else {
        full_page(&lab, &traced.0, parts, &on_action)
    }
}
