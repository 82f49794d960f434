//! A subtraction laid out as 64 bits in bit order, a1 (bit 0) on the left to h8 (bit 63) on
//! the right, eight bits per rank: the borrow visibly runs rightwards, which on the board is
//! along the rank and then up the board — the reason LERF makes it follow a line.

use sliders::narration::{borrow_caption, borrow_end};
use sliders::{Bitboard, Square};
use yew::prelude::*;

use crate::animation::Frame;

#[derive(Properties, PartialEq)]
pub struct BitStripProps {
    pub minuend: Bitboard,
    pub subtrahend: Bitboard,
    pub difference: Bitboard,
    pub frame: Frame,
}

fn row(name: &'static str, board: Bitboard, frame: Option<&Frame>) -> Html {
    let ranks = (0..8).map(|rank| {
        let bits = (0..8).map(|file| {
            let bit = rank * 8 + file;
            let square = Square::from_index(bit);
            let pending = frame.is_some_and(|f| !f.done && !f.shown.contains(square));
            let class = classes!(
                "bit",
                if pending {
                    "pending"
                } else if board.contains(square) {
                    "on"
                } else {
                    "off"
                },
                frame.is_some_and(|f| f.borrow.contains(square)).then_some("borrow"),
                frame.is_some_and(|f| f.cursor == Some(bit)).then_some("cursor"),
            );
            html! { <span {class} title={format!("bit {bit} ({square})")}></span> }
        });
        html! { <span class="strip-rank">{ for bits }</span> }
    });
    html! {
        <div class="strip-row">
            <span class="strip-name">{ name }</span>
            <span class="strip-bits">{ for ranks }</span>
        </div>
    }
}

#[function_component(BitStrip)]
pub fn bit_strip(props: &BitStripProps) -> Html {
    let at = props.frame.cursor.map(|bit| format!("borrow at bit {bit} ({})", Square::from_index(bit)));
    let end = borrow_caption(borrow_end(props.minuend, props.subtrahend, props.difference));
    html! {
        <div class="bit-strip" aria-label="the subtraction in bit order">
            <div class="strip-scale" aria-hidden="true">
                <span>{ "bit 0 (a1)" }</span>
                <span data-borrow-end="">{ at.unwrap_or(end) }</span>
                <span>{ "bit 63 (h8)" }</span>
            </div>
            { row("a", props.minuend, None) }
            { row("b", props.subtrahend, None) }
            { row("a − b", props.difference, Some(&props.frame)) }
        </div>
    }
}
