//! A subtraction laid out as 64 bits in bit order, a1 (bit 0) on the left to h8 (bit 63) on
//! the right, eight bits per rank: the borrow visibly runs rightwards, which on the board is
//! along the rank and then up the board — the reason LERF makes it follow a line.

use sliders::{Bitboard, Square, WordOrder};
use sliders_explain::narration::{bit_in_frame, borrow_caption, borrow_end, borrows, BorrowEnd};
use yew::prelude::*;

use crate::components::class_names;

use sliders_explain::animation::Frame;

#[derive(Properties, PartialEq)]
pub struct BitStripProps {
    pub minuend: Bitboard,
    pub subtrahend: Bitboard,
    pub difference: Bitboard,
    pub frame: Frame,
    /// How the word holds the board: in a turned one, bits are named by what they stand for.
    pub order: WordOrder,
    /// What the step calls the minuend, the subtrahend and the difference (`potential_blockers`, `2r`, `difference`).
    pub names: [AttrValue; 3],
}

/// The strip's end bit, and in a turned word the square it stands for: "bit 0 (a8 on the board)".
fn end_label(bit: u32, order: WordOrder) -> String {
    let square = order.square_of_bit(bit);
    if order.is_turned() {
        format!("bit {bit} ({square} on the board)")
    } else {
        format!("bit {bit} ({square})")
    }
}

fn row(name: &str, board: Bitboard, frame: Option<&Frame>, order: WordOrder) -> Html {
    let ranks = (0..8).map(|rank| {
        let bits = (0..8).map(|file| {
            let bit = rank * 8 + file;
            let square = Square::from_index(bit);
            let pending = frame.is_some_and(|f| !f.done && !f.shown.contains(square));
            let class = class_names(&[
                Some("bit"),
                Some(if pending {
                    "pending"
                } else if board.contains(square) {
                    "on"
                } else {
                    "off"
                }),
                frame.is_some_and(|f| f.borrow.contains(square)).then_some("borrow"),
                frame.is_some_and(|f| f.cursor == Some(bit)).then_some("cursor"),
            ]);
            html! { <span ~className={class} title={bit_in_frame(bit, order)}></span> }
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
    let end = borrow_end(props.minuend, props.subtrahend, props.difference);
    // Several sliders start several borrows: the caret points at the first, and says the others are there.
    let others = borrows(props.minuend, props.subtrahend, props.difference).count().saturating_sub(1);
    let others = match others {
        0 => String::new(),
        1 => String::from(" (1 more borrow on the strip)"),
        n => format!(" ({n} more borrows on the strip)"),
    };
    // The caption points at the bit it names: where the borrow is while it walks, then where it
    // ended (bit 63 when it ran past h8). Without a borrow there is no bit to point at.
    let (caption, bit) = match (props.frame.cursor, end) {
        (Some(bit), _) => (format!("borrow at {}", bit_in_frame(bit, props.order)), Some(bit)),
        (None, BorrowEnd::AbsorbedAt { stop, .. }) => (borrow_caption(end, props.order) + &others, Some(stop)),
        (None, BorrowEnd::PastH8 { .. }) => (borrow_caption(end, props.order) + &others, Some(63)),
        (None, BorrowEnd::NoBorrow) => (borrow_caption(end, props.order), None),
    };
    let pointer = use_node_ref();
    // Named as the step names them; a short unbound difference by its expression (`occ - cbnx3`).
    let [minuend, subtrahend, difference] = props.names.clone();
    {
        // The position reaches CSS as custom properties set through the CSSOM: the strict
        // Content-Security-Policy allows no inline style attribute.
        let pointer = pointer.clone();
        use_effect_with(bit, move |bit| {
            if let Some(element) = pointer.cast::<web_sys::HtmlElement>() {
                let style = element.style();
                // Integers only: formatting a float would pull its machinery into the wasm.
                let (rank, file) =
                    bit.map_or(("3".into(), "4".into()), |bit| ((bit / 8).to_string(), (bit % 8).to_string()));
                let _ = style.set_property("--rank", &rank);
                let _ = style.set_property("--file", &file);
            }
        });
    }
    html! {
        <div class="bit-strip" aria-label="the subtraction in bit order">
            <div class="strip-scale" aria-hidden="true">
                // A byte-swapped word's bit 0 stands for a8, and its bit 63 for h1.
                <span>{ end_label(0, props.order) }</span>
                <span>{ end_label(63, props.order) }</span>
            </div>
            { row(&minuend, props.minuend, None, props.order) }
            { row(&subtrahend, props.subtrahend, None, props.order) }
            { row(&difference, props.difference, Some(&props.frame), props.order) }
            <div class="strip-pointer" ref={pointer} aria-hidden="true">
                if bit.is_some() {
                    <span class="strip-caret">{ "▲" }</span>
                }
                // Beside the caret, on the side with room: right of it in the low half, left in the high.
                <span ~className={class_names(&[Some("strip-caption"), bit.map(|bit| if bit < 32 { "after" } else { "before" })])}
                    data-borrow-end="">{ caption }</span>
            </div>
        </div>
    }
}
