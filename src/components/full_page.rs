//! The full page's layout: the header, the lesson (the board beside the step and its code), every
//! step, and the hosts of the panels module's panels below.

use sliders::Trace;
use yew::prelude::*;

use crate::components::parts::{stepper, Parts};
use crate::components::setup::{setup, SetupProps};
use crate::components::step_strip::StepStrip;
use crate::components::step_view::values_table;
use crate::model::{Action, Lab, PageAction, Theme};

pub fn full_page(lab: &Lab, trace: &Trace, parts: Parts, on_action: &Callback<Action>) -> Html {
    let on_theme = on_action.reform(|event: Event| {
        let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
        Action::Page(PageAction::SetTheme(Theme::from_name(&select.value()).unwrap_or(Theme::Auto)))
    });
    let themes = Theme::ALL.iter().map(|theme| {
        html! { <option value={theme.name()} selected={*theme == lab.preferences.theme}>{ theme.name() }</option> }
    });
    let current = trace.steps.get(lab.player.step);
    let unanswered: Vec<bool> = if lab.predict.on {
        (0..trace.steps.len()).map(|step| lab.predict.outcome(step).is_none()).collect()
    } else {
        Vec::new()
    };
    let setup_props = SetupProps {
        technique: lab.setup.technique,
        formula_open: lab.setup.formula_open,
        slider: lab.setup.slider,
        tool: lab.setup.tool,
        on_action: on_action.clone(),
    };
    html! {
        <>
            <header class="page-header">
                <h1>{ "Slider Lab" }</h1>
                <p class="tagline">{ "Sliding-piece attacks with bitboards, step by step, computed in WebAssembly" }</p>
                <div class="header-tools">
                    <label>
                        <span class="control-label">{ "Theme" }</span>
                        <select onchange={on_theme} data-theme-select="">{ for themes }</select>
                    </label>
                    <button type="button" data-present-open="" title="The board, the step and the code, scaled up for a projector"
                        onclick={on_action.reform(|_: MouseEvent| Action::Page(PageAction::Present(true)))}>
                        { "Present (P)" }
                    </button>
                    <div class="share-host" data-panel-host="share"></div>
                </div>
            </header>
            <main class="lab">
                { parts.notices }
                { parts.message }
                { parts.exercise }
                // The lesson: the board the reader edits beside the step it changes, its
                // narration and the line of code, all on one screen from 1280x720 up.
                <div class="lesson">
                    <div class="board-column">
                        { parts.board }
                        { setup(&setup_props) }
                        { parts.result }
                    </div>
                    { stepper(Some((parts.title, parts.predict_toggle)), parts.player, parts.step_view, parts.code) }
                    <div class="more">
                        // The position's field, and the technique's explanation (or the language's):
                        // drawn by the panels module too.
                        <div class="position-host" data-panel-host="position"></div>
                        <div data-panel-host="info"></div>
                    </div>
                </div>
                <section class="step-details" aria-label="Every step">
                    <StepStrip steps={trace.steps.clone()} current={lab.player.step} {unanswered} on_action={on_action.clone()} />
                    // The values give the result away while the step asks.
                    { for current.filter(|_| !lab.asking()).map(values_table) }
                </section>
                // Drawn by the panels module, fetched once the lesson is on screen (panels_link.rs).
                <div data-panel-host="export"></div>
                // Compare lists every technique's result: hidden while predict mode keeps it so
                // (the host stays, for the panels module to draw into).
                <div data-panel-host="compare" hidden={lab.predict.hides_final(trace.steps.len())}></div>
                <div data-panel-host="benchmark"></div>
            </main>
            { parts.key_help }
            <footer class="page-footer">
                { "Techniques from the chessprogramming wiki (CC BY-SA). LERF mapping: a1 = bit 0, h8 = bit 63." }
            </footer>
        </>
    }
}
