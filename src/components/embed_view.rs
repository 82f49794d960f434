//! The embedded view's layout (`?embed=1`), laid out by the frame's own width (container
//! queries in main.css): the board beside the step in a wide frame, above it in a narrow one, so
//! that the board, the step and its narration fill about one screen of an article.

use yew::prelude::*;

use crate::components::parts::Parts;
use crate::components::player::PlayerButton;
use crate::model::{Action, Lab};
use crate::url::{self, Embed};

pub fn embed_view(lab: &Lab, embed: Embed, parts: Parts, on_action: &Callback<Action>) -> Html {
    let full_page =
        format!("{}{}", gloo::utils::window().location().pathname().unwrap_or_default(), url::query_of(lab));
    html! {
        <main class="lab embed-view">
            { parts.notices }
            { parts.message }
            <div class="embed-head">
                <h1 class="embed-title">{ parts.title }</h1>
                <a class="open-full" href={full_page} target="_blank" rel="noopener" data-open-full="">{ "Open in Slider Lab ↗" }</a>
                { parts.exercise }
            </div>
            <div class="embed-board">{ parts.board }</div>
            <div class="embed-side">
                { parts.result }
                if embed.controls { { parts.player } } else {
                    // Steps that play by themselves can always be paused (WCAG 2.2.2).
                    <button type="button" class="player-button" data-player={PlayerButton::Toggle.hook()}
                        onclick={on_action.reform(|_: MouseEvent| PlayerButton::Toggle.action())}>
                        { if lab.player.playing() { "❚❚ Pause" } else { "▶ Play" } }
                    </button>
                }
            </div>
            <div class="embed-step">{ parts.step_view }</div>
            if embed.code {
                { parts.code }
            }
            { parts.key_help }
        </main>
    }
}
