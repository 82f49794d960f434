//! Presentation mode's layout, for a projector: the board, the step with its narration, and the
//! code, nothing else.

use yew::prelude::*;

use crate::components::parts::{stepper, Parts};
use crate::model::{Action, PageAction};

pub fn presentation(parts: Parts, on_action: &Callback<Action>) -> Html {
    html! {
        <main class="lab present-view" data-presenting="">
            <h1 class="visually-hidden">{ "Slider Lab, presentation" }</h1>
            { parts.notices }
            { parts.message }
            <div class="present-board">
                <h2 class="present-title">{ parts.title }</h2>
                { parts.exercise }
                { parts.board }
                <button type="button" class="present-exit" data-present-exit=""
                    onclick={on_action.reform(|_: MouseEvent| Action::Page(PageAction::Present(false)))}>
                    { "Leave presentation (P)" }
                </button>
            </div>
            { stepper(None, parts.player, parts.step_view, parts.code) }
            { parts.key_help }
        </main>
    }
}
