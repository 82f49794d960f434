//! Every step as a compact chip: number, operator and a tiny result grid. Click to jump there.

use sliders::{Step, Value};
use yew::prelude::*;

use crate::components::class_names;

use crate::components::grid::MiniGrid;
use crate::model::{Action, PlayerAction};

#[derive(Properties, PartialEq)]
pub struct StepStripProps {
    pub steps: Vec<Step>,
    pub current: usize,
    /// Predict mode: the steps whose results are not shown yet (each until it is answered).
    #[prop_or_default]
    pub unanswered: Vec<bool>,
    pub on_action: Callback<Action>,
}

#[function_component(StepStrip)]
pub fn step_strip(props: &StepStripProps) -> Html {
    let chips = props.steps.iter().enumerate().map(|(index, step)| {
        let onclick = props.on_action.reform(move |_: MouseEvent| Action::Player(PlayerAction::GoTo(index)));
        let result = match step.result {
            _ if props.unanswered.get(index).copied().unwrap_or(false) => {
                html! { <span class="chip-number">{ "?" }</span> }
            }
            Value::Board(board) => html! { <MiniGrid {board} /> },
            Value::Number(n) => html! { <span class="chip-number">{ n }</span> },
            Value::Signed(n) => html! { <span class="chip-number">{ n }</span> },
        };
        let class = class_names(&[
            Some("chip"),
            (index == props.current).then_some("current"),
            (index > props.current).then_some("future"),
        ]);
        html! {
            <button type="button" ~className={class} {onclick} data-chip={index.to_string()}
                title={format!("step {}: {}", index + 1, step.label)}
                aria-current={(index == props.current).then_some("step")}>
                <span class="chip-index">{ index + 1 }</span>
                <span class="chip-op">{ step.op.symbol() }</span>
                { result }
            </button>
        }
    });
    html! { <nav class="step-strip" aria-label="All steps">{ for chips }</nav> }
}
