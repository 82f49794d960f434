//! The page: state in a reducer, everything else derived from it.

use sliders::Technique;
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::controls::Controls;
use crate::components::result::AttackResult;
use crate::model::{Action, Lab};
use crate::url;

/// The rays a positive-rays-only technique leaves out: what `reference` sees beyond its result.
fn unseen(lab: &Lab) -> sliders::Bitboard {
    if lab.technique.positive_rays_only() {
        Technique::Reference.attacks(lab.slider, lab.square, lab.occupied) & !lab.attacks()
    } else {
        sliders::Bitboard::EMPTY
    }
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

    let attacks = lab.attacks();
    let dismiss = on_action.reform(|_: MouseEvent| Action::DismissMessage);
    html! {
        <>
            <header class="page-header">
                <h1>{ "Slider Lab" }</h1>
                <p class="tagline">{ "Sliding-piece attacks with bitboards, computed in WebAssembly" }</p>
            </header>
            <main class="lab">
                if let Some(message) = &lab.message {
                    <div class="message" role="alert" data-message="">
                        <span>{ message }</span>
                        <button type="button" class="dismiss" aria-label="Dismiss" onclick={dismiss}>{ "×" }</button>
                    </div>
                }
                <div class="workbench">
                    <Board occupied={lab.occupied} slider={lab.slider} square={lab.square} {attacks}
                        unseen={unseen(&lab)} on_action={on_action.clone()} />
                    <div class="side">
                        <Controls technique={lab.technique} slider={lab.slider} tool={lab.tool}
                            occupied={lab.occupied} on_action={on_action.clone()} />
                        <AttackResult technique={lab.technique} {attacks} />
                    </div>
                </div>
            </main>
        </>
    }
}
