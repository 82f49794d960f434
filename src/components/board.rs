//! The editable 8x8 board, rank 8 on top. Each square is a button with the stable hooks
//! (`data-square`, `data-occupied`, `data-attacked`, `data-slider`) and a spoken name.
//! Arrow keys move between squares; Enter or Space activates one.

use sliders::{Bitboard, Slider, Square};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

use crate::components::{arrow_step, class_names};

use crate::model::{Action, BoardAction};

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub occupied: Bitboard,
    pub slider: Slider,
    pub square: Square,
    /// More sliders of the same kind, for the techniques that take several.
    #[prop_or_default]
    pub others: Bitboard,
    pub attacks: Bitboard,
    /// Squares the technique cannot see (e.g. negative rays for o^(o-2r)), drawn apart.
    #[prop_or_default]
    pub unseen: Bitboard,
    #[prop_or_default]
    pub show_indices: bool,
    pub on_action: Callback<Action>,
}

/// The chess glyph of a slider (white pieces, drawn in the board's ink colour).
pub fn glyph(slider: Slider) -> &'static str {
    match slider {
        Slider::Rook => "♜",
        Slider::Bishop => "♝",
        Slider::Queen => "♛",
    }
}

/// The square under a viewport point, found through its `data-square` hook.
fn square_at(x: i32, y: i32) -> Option<Square> {
    let element = gloo::utils::document().element_from_point(x as f32, y as f32)?;
    let square = element.closest("[data-square]").ok()??;
    square.get_attribute("data-square")?.parse().ok()
}

fn spoken_name(square: Square, props: &BoardProps) -> String {
    let mut name = square.name().to_string();
    if square == props.square || props.others.contains(square) {
        name.push_str(&format!(", {}", props.slider));
    } else if props.occupied.contains(square) {
        name.push_str(", occupied");
    } else {
        name.push_str(", empty");
    }
    if props.attacks.contains(square) {
        name.push_str(", attacked");
    }
    name
}

#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let on_pointer_down = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: PointerEvent| {
            if event.button() != 0 {
                return;
            }
            if let Some(square) = square_at(event.client_x(), event.client_y()) {
                event.prevent_default();
                // No explicit pointer capture: moves bubble to the board from whatever element has
                // them (touch captures to the pressed square implicitly), and elementFromPoint
                // finds the square under the pointer either way.
                if let Some(button) = event.target().and_then(|t| t.dyn_into::<HtmlElement>().ok()) {
                    let _ = button.focus();
                }
                on_action.emit(Action::Board(BoardAction::Press(square)));
            }
        })
    };
    let on_pointer_move = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: PointerEvent| {
            if event.buttons() & 1 == 1 {
                if let Some(square) = square_at(event.client_x(), event.client_y()) {
                    on_action.emit(Action::Board(BoardAction::Drag(square)));
                }
            }
        })
    };
    let on_release = props.on_action.reform(|_: PointerEvent| Action::Board(BoardAction::Release));
    let on_click = {
        let on_action = props.on_action.clone();
        Callback::from(move |event: MouseEvent| {
            // Pointer presses were handled on pointerdown; a click with detail 0 came from the keyboard.
            if event.detail() == 0 {
                if let Some(square) = square_of_event(&event) {
                    on_action.emit(Action::Board(BoardAction::Activate(square)));
                }
            }
        })
    };
    let on_key_down = Callback::from(move |event: KeyboardEvent| {
        let Some(square) = square_of_event(&event) else { return };
        if let Some(next) = arrow_step(&event, square) {
            focus_square(next);
        }
    });

    let focus_target = props.square;
    let square_button = |(file, rank): (i32, i32)| {
        let square = Square::from_index((rank * 8 + file) as u32);
        let is_slider = square == props.square || props.others.contains(square);
        let occupied = props.occupied.contains(square) && !is_slider;
        let attacked = props.attacks.contains(square);
        let shade = if (file + rank) % 2 == 0 { "dark" } else { "light" };
        let class = class_names(&[
            Some("square"),
            Some(shade),
            occupied.then_some("occupied"),
            attacked.then_some("attacked"),
            props.unseen.contains(square).then_some("unseen"),
            is_slider.then_some("slider"),
        ]);
        html! {
            <button
                type="button"
                ~className={class}
                role="gridcell"
                data-square={square.name()}
                data-occupied={props.occupied.contains(square).to_string()}
                data-attacked={attacked.then_some("true")}
                data-slider={is_slider.then(|| props.slider.name())}
                aria-label={spoken_name(square, props)}
                tabindex={if square == focus_target { "0" } else { "-1" }}
            >
                if is_slider {
                    <span class="glyph" aria-hidden="true">{ glyph(props.slider) }</span>
                } else if occupied {
                    <span class="blocker" aria-hidden="true"></span>
                }
                if props.show_indices {
                    <span class="bit-index" aria-hidden="true">{ square.index() }</span>
                }
            </button>
        }
    };
    // One row per rank, rank 8 first: a grid of rows of cells, as screen readers expect.
    let rows = (0..8).rev().map(|rank| {
        html! {
            <div class="board-row" role="row" aria-label={format!("rank {}", rank + 1)}>
                { for (0..8).map(|file| square_button((file, rank))) }
            </div>
        }
    });
    let file_labels = ["a", "b", "c", "d", "e", "f", "g", "h"];
    html! {
        <div class="board-frame">
            <div class="rank-labels" aria-hidden="true">
                { for (1..=8).rev().map(|rank| html! { <span>{ rank }</span> }) }
            </div>
            <div
                class="board"
                role="grid"
                aria-label="Board: arrow keys move, Enter toggles the square"
                onpointerdown={on_pointer_down}
                onpointermove={on_pointer_move}
                onpointerup={on_release.clone()}
                onpointercancel={on_release}
                onclick={on_click}
                onkeydown={on_key_down}
            >
                { for rows }
            </div>
            <div class="file-labels" aria-hidden="true">
                { for file_labels.iter().map(|file| html! { <span>{ file }</span> }) }
            </div>
        </div>
    }
}

fn square_of_event(event: &Event) -> Option<Square> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    let square = target.closest("[data-square]").ok()??;
    square.get_attribute("data-square")?.parse().ok()
}

fn focus_square(square: Square) {
    let selector = format!("[data-square=\"{}\"]", square.name());
    if let Ok(Some(element)) = gloo::utils::document().query_selector(&selector) {
        if let Ok(element) = element.dyn_into::<HtmlElement>() {
            let _ = element.focus();
        }
    }
}
