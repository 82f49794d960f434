//! The position on the board: start from a preset or a random board, or type one (a FEN or a
//! bitboard). A typed value that cannot be read is named beside the box, the box is marked
//! invalid, and the board keeps its state.

use sliders::Bitboard;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::input::parse_position;
use crate::model::{Action, BoardAction, PageAction};
use crate::presets::{random_occupancy, PRESETS};

#[derive(Properties, PartialEq)]
pub struct PositionProps {
    pub occupied: Bitboard,
    pub show_indices: bool,
    pub on_action: Callback<Action>,
}

#[function_component(Position)]
pub fn position(props: &PositionProps) -> Html {
    let occupied_input = use_node_ref();
    // The problem with the last typed value, shown beside the box until the next good one.
    let error = use_state(|| None::<String>);
    // The text of the last value that was taken, and the board it gave: a FEN keeps its own
    // text in the box for as long as the board is the one it describes.
    let applied = use_mut_ref(|| None::<(String, Bitboard)>);
    let on_occupied = {
        let input = occupied_input.clone();
        let error = error.clone();
        let applied = applied.clone();
        let on_action = props.on_action.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let text = input.cast::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default();
            match parse_position(&text) {
                Ok(board) => {
                    *applied.borrow_mut() = Some((text.trim().to_string(), board));
                    error.set(None);
                    on_action.emit(Action::Board(BoardAction::SetOccupied(board)));
                }
                Err(why) => error.set(Some(why)),
            }
        })
    };
    let value = props.occupied.to_string();
    // Re-show the board's value when it changes under the field, unless the typed text describes it.
    {
        let input = occupied_input.clone();
        let applied = applied.clone();
        let occupied = props.occupied;
        use_effect_with(value.clone(), move |value| {
            if let Some(input) = input.cast::<HtmlInputElement>() {
                let kept =
                    applied.borrow().as_ref().filter(|(_, board)| *board == occupied).map(|(text, _)| text.clone());
                input.set_value(&kept.unwrap_or_else(|| value.clone()));
            }
        });
    }
    let on_typing = {
        let error = error.clone();
        Callback::from(move |_: InputEvent| error.set(None))
    };
    let on_preset = props.on_action.reform(|event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        let id = select.value();
        select.set_value("");
        match PRESETS.iter().find(|p| p.id == id) {
            Some(preset) => Action::Board(BoardAction::LoadPreset(preset.id)),
            None => Action::Page(PageAction::Reject(format!("There is no preset \"{id}\"."))),
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
            Action::Board(BoardAction::SetOccupied(random_occupancy(density as f64 / 100.0, js_sys::Math::random)))
        })
    };
    let on_indices = props.on_action.reform(|_: MouseEvent| Action::Page(PageAction::ToggleIndices));
    let presets = PRESETS.iter().map(|preset| html! { <option value={preset.id}>{ preset.title }</option> });
    let invalid = error.is_some();
    html! {
        <section class="position-panel" aria-label="Position">
            <h2>{ "Position" }</h2>
            <form class="control-row" data-occupied-form="" onsubmit={on_occupied}>
                <label class="grow">
                    <span class="control-label">{ "Position" }</span>
                    <input ref={occupied_input} type="text" spellcheck="false" autocomplete="off"
                        data-occupied-input="" aria-invalid={invalid.to_string()} oninput={on_typing}
                        aria-describedby={if invalid { "occupied-error occupied-help" } else { "occupied-help" }}/>
                </label>
                <button type="submit">{ "Set" }</button>
            </form>
            if let Some(why) = (*error).clone() {
                <p id="occupied-error" class="field-error" role="alert" data-message="" data-field-error="">{ why }</p>
            }
            <p id="occupied-help" class="hint">{ "a FEN, or a bitboard as 0x hex, 0b binary or decimal" }</p>
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
                <button type="button" class="choice" data-indices="" aria-pressed={props.show_indices.to_string()}
                    onclick={on_indices}>{ "Bit indices" }</button>
            </div>
        </section>
    }
}
