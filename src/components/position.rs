//! Pick the slider, the technique and what a click on the board does; type an occupancy.

use sliders::{Article, Bitboard, Slider, Technique};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::components::board::glyph;
use crate::input::parse_position;
use crate::model::{Action, Tool};
use crate::presets::{random_occupancy, PRESETS};

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub technique: Technique,
    pub slider: Slider,
    pub tool: Tool,
    pub occupied: Bitboard,
    pub show_indices: bool,
    pub on_action: Callback<Action>,
}

/// The articles in the order the selector groups them.
const ARTICLES: [Article; 5] = [
    Article::ClassicalApproach,
    Article::SubtractingARook,
    Article::ObstructionDifference,
    Article::Sbamg,
    Article::Reference,
];

#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let on_technique = props.on_action.reform(|event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        match select.value().parse::<Technique>() {
            Ok(technique) => Action::SetTechnique(technique),
            Err(error) => Action::Reject(error.to_string()),
        }
    });
    let sliders = Slider::ALL.iter().map(|&slider| {
        let on_click = props.on_action.reform(move |_: MouseEvent| Action::SetSlider(slider));
        html! {
            <button type="button" class="choice" data-choose-slider={slider.name()}
                aria-pressed={(slider == props.slider).to_string()} onclick={on_click}>
                <span class="glyph" aria-hidden="true">{ glyph(slider) }</span>{ " " }{ slider.name() }
            </button>
        }
    });
    let tools = [(Tool::Occupancy, "occupancy", "Toggle squares"), (Tool::PlaceSlider, "place", "Place slider")];
    let tools = tools.iter().map(|&(tool, hook, label)| {
        let on_click = props.on_action.reform(move |_: MouseEvent| Action::SetTool(tool));
        html! {
            <button type="button" class="choice" data-tool={hook}
                aria-pressed={(tool == props.tool).to_string()} onclick={on_click}>{ label }</button>
        }
    });
    let groups = ARTICLES.iter().map(|&article| {
        let options = Technique::ALL.iter().filter(|t| t.article() == article).map(|&technique| {
            html! {
                <option value={technique.name()} selected={technique == props.technique}>
                    { technique.title() }
                </option>
            }
        });
        html! { <optgroup label={article.title()}>{ for options }</optgroup> }
    });
    let occupied_input = use_node_ref();
    let on_occupied = {
        let input = occupied_input.clone();
        props.on_action.reform(move |event: SubmitEvent| {
            event.prevent_default();
            let text = input.cast::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default();
            match parse_position(&text) {
                Ok(board) => Action::SetOccupied(board),
                Err(why) => Action::Reject(why),
            }
        })
    };
    let value = props.occupied.to_string();
    // Re-show the current value when the board changes under the field.
    {
        let input = occupied_input.clone();
        use_effect_with(value.clone(), move |value| {
            if let Some(input) = input.cast::<HtmlInputElement>() {
                input.set_value(value);
            }
        });
    }
    let on_preset = props.on_action.reform(|event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        let id = select.value();
        select.set_value("");
        match PRESETS.iter().find(|p| p.id == id) {
            Some(preset) => Action::LoadPreset(preset.id),
            None => Action::Reject(format!("There is no preset \"{id}\".")),
        }
    });
    let density = use_state(|| 25u32);
    let on_density = {
        let density = density.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            density.set(input.value().parse().unwrap_or(25));
        })
    };
    let on_random = {
        let density = *density;
        props.on_action.reform(move |_: MouseEvent| {
            Action::SetOccupied(random_occupancy(density as f64 / 100.0, js_sys::Math::random))
        })
    };
    let on_indices = props.on_action.reform(|_: MouseEvent| Action::ToggleIndices);
    let presets = PRESETS.iter().map(|preset| html! { <option value={preset.id}>{ preset.title }</option> });
    html! {
        <div class="controls">
            <div class="control-row" role="group" aria-label="Slider">{ for sliders }</div>
            <label class="control-row">
                <span class="control-label">{ "Technique" }</span>
                <select data-technique-select="" onchange={on_technique}>{ for groups }</select>
            </label>
            <div class="control-row" role="group" aria-label="Click on the board">{ for tools }</div>
            <div class="control-row">
                <label>
                    <span class="control-label">{ "Start from" }</span>
                    <select data-preset-select="" onchange={on_preset}>
                        <option value="" selected=true>{ "a preset…" }</option>
                        { for presets }
                    </select>
                </label>
                <button type="button" data-random="" onclick={on_random}>{ "Random" }</button>
                <label class="density">
                    <span class="visually-hidden">{ "Random density" }</span>
                    <input type="range" min="5" max="95" step="5" value={density.to_string()}
                        oninput={on_density} data-density="" />
                    <span class="hint">{ format!("{}% full", *density) }</span>
                </label>
            </div>
            <form class="control-row" data-occupied-form="" onsubmit={on_occupied}>
                <label class="grow">
                    <span class="control-label">{ "Position" }</span>
                    <input ref={occupied_input} type="text" spellcheck="false" autocomplete="off"
                        data-occupied-input="" aria-describedby="occupied-help"/>
                </label>
                <button type="submit">{ "Set" }</button>
                <span id="occupied-help" class="hint">{ "a FEN, or a bitboard as 0x hex, 0b binary or decimal" }</span>
            </form>
            <div class="control-row">
                <button type="button" class="choice" data-indices="" aria-pressed={props.show_indices.to_string()}
                    onclick={on_indices}>{ "Bit indices" }</button>
            </div>
        </div>
    }
}
