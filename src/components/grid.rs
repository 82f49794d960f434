//! Bitboards drawn as 8x8 grids, rank 8 on top. `Grid` is the large, animated one; `MiniGrid`
//! is a single SVG path, cheap enough to draw for every step and every technique at once.

use sliders::{Bitboard, Square};
use yew::prelude::*;

use crate::components::class_names;

#[derive(Properties, PartialEq)]
pub struct GridProps {
    pub board: Bitboard,
    /// Spoken and shown name of the grid, e.g. "potential blockers".
    pub caption: AttrValue,
    /// Bits revealed so far; `None` shows the whole board.
    #[prop_or_default]
    pub shown: Option<Bitboard>,
    /// Bits the borrow has reached (drawn as a trail).
    #[prop_or_default]
    pub borrow: Bitboard,
    /// The bit an animation is at.
    #[prop_or_default]
    pub cursor: Option<u32>,
    /// Squares being combined right now.
    #[prop_or_default]
    pub active: Bitboard,
    /// The sliders' squares, outlined for orientation.
    #[prop_or_default]
    pub sliders: Bitboard,
    /// Carry the result hooks `data-value` and `data-current-result` (the step's result grid does).
    #[prop_or_default]
    pub value_hook: bool,
}

#[function_component(Grid)]
pub fn grid(props: &GridProps) -> Html {
    let cells = (0..8).rev().flat_map(|rank| (0..8).map(move |file| rank * 8 + file)).map(|bit: u32| {
        let square = Square::from_index(bit);
        let on = props.board.contains(square);
        let pending = props.shown.is_some_and(|shown| !shown.contains(square));
        let class = class_names(&[
            Some("cell"),
            Some(if pending {
                "pending"
            } else if on {
                "on"
            } else {
                "off"
            }),
            props.borrow.contains(square).then_some("borrow"),
            (props.cursor == Some(bit)).then_some("cursor"),
            props.active.contains(square).then_some("active"),
            props.sliders.contains(square).then_some("slider-cell"),
        ]);
        html! { <span ~className={class}></span> }
    });
    let value = props.board.to_string();
    let label = match props.caption.is_empty() {
        true => value.clone(),
        false => format!("{}: {value}", props.caption),
    };
    html! {
        <figure class="grid-figure">
            <div class="grid" role="img" aria-label={label} data-value={props.value_hook.then(|| value.clone())}
                data-current-result={props.value_hook.then_some("")}>
                { for cells }
            </div>
            // Where the hex must break (a phone), it breaks between its two 32-bit halves. While
            // the animation still hides bits, the value is not given away: "…", as a number shows.
            <figcaption>if !props.caption.is_empty() { { props.caption.clone() }{ " " } }<code class="grid-hex">
                if props.shown.is_some() { { "…" } } else { { &value[..value.len().min(10)] }<wbr/>{ &value[value.len().min(10)..] } }
            </code></figcaption>
        </figure>
    }
}

#[derive(Properties, PartialEq)]
pub struct MiniGridProps {
    pub board: Bitboard,
    /// Squares to mark as wrong (drawn in the danger colour).
    #[prop_or_default]
    pub wrong: Bitboard,
}

/// One `h1v1h-1z` square per set bit, as an SVG path in an 8x8 viewBox, rank 8 at y = 0.
fn path_of(board: Bitboard) -> String {
    board.squares().map(|s| format!("M{} {}h1v1h-1z", s.file(), 7 - s.rank())).collect()
}

#[function_component(MiniGrid)]
pub fn mini_grid(props: &MiniGridProps) -> Html {
    html! {
        <svg class="mini-grid" viewBox="0 0 8 8" aria-hidden="true" focusable="false">
            <rect class="mini-bg" width="8" height="8" />
            <path class="mini-on" d={path_of(props.board & !props.wrong)} />
            <path class="mini-wrong" d={path_of(props.wrong)} />
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_puts_rank_8_on_top() {
        assert_eq!(path_of(Square::A8.bit()), "M0 0h1v1h-1z");
        assert_eq!(path_of(Square::H1.bit()), "M7 7h1v1h-1z");
    }
}
