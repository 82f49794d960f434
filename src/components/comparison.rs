//! Two texts against each other in the page: the reader's formula and another text (the
//! article's other version, an engine's getter), proved equal on every board or their
//! differing boards counted, with the board of fewest pieces on which they part. Drawn inside
//! the proof (src/components/proof.rs), whose worker runs the comparison a square at a time.

use std::rc::Rc;

use sliders::Bitboard;
use sliders_formula::prove::{thousands, Comparison, Difference};
use sliders_formula::{Fault, OwnSquare, Target};
use yew::prelude::*;

use crate::components::grid::Grid;
use crate::components::proof_map::square_map;
use crate::model::{Action, FormulaAction};

/// The other text's field and its button: the text typed, and the one being compared (`None`
/// while the proof is against the target).
pub fn against_field(comparing: Option<Rc<str>>, set: UseStateSetter<Option<Rc<str>>>) -> Html {
    let compare = {
        let set = set.clone();
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let text = event
                .target_dyn_into::<web_sys::HtmlFormElement>()
                .and_then(|form| form.elements().named_item("against"))
                .and_then(|field| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlTextAreaElement>(field).ok())
                .map(|field| field.value())
                .unwrap_or_default();
            set.set((!text.trim().is_empty()).then(|| Rc::from(text.as_str())));
        })
    };
    let back = comparing.is_some().then(|| {
        let set = set.clone();
        html! {
            <button type="button" data-proof-against-target="" onclick={Callback::from(move |_: MouseEvent| set.set(None))}>
                { "Prove against the target again" }
            </button>
        }
    });
    html! {
        <details class="proof-against" open={comparing.is_some()} data-proof-against-open="">
            <summary>{ "Compare with another text" }</summary>
            <form class="proof-against-form" onsubmit={compare}>
                <label for="proof-against">{ "Another text (an article's other version, your engine's getter)" }</label>
                <textarea id="proof-against" name="against" rows="5" spellcheck="false" data-proof-against=""
                    value={comparing.as_deref().unwrap_or_default().to_string()} />
                <div class="proof-against-buttons">
                    <button type="submit" data-proof-compare="">{ "Prove equal on every board" }</button>
                    { for back }
                </div>
            </form>
        </details>
    }
}

/// The comparison's answer: equal, or where the texts part.
pub fn comparison_verdict(
    comparison: &Comparison,
    (text, other): (&str, &str),
    (target, own): (Target, OwnSquare),
    ms: f64,
    on_action: &Callback<Action>,
) -> Html {
    let summary = comparison.summary("Your formula", "the other text", own);
    let ms = (ms.round() as u64).to_string();
    match comparison {
        Comparison::Equal { nodes } => html! {
            <p class="check-agrees" data-formula-proof="" data-compared="" data-proved="yes" data-proof-ms={ms.clone()}>
                { format!("✓ {summary} Decided in {ms} ms ({} diagram nodes).", thousands(*nodes as u128)) }
            </p>
        },
        Comparison::Differ { boards, squares, example, undecided, .. } => html! {
            <div class="check-differs" data-formula-proof="" data-compared="" data-proved="no"
                data-failing={boards.map(|n| n.to_string()).unwrap_or_default()}
                data-square={example.square.name()} data-occupied={example.occupied.to_string()}>
                <p>{ format!("✗ {summary}") }</p>
                if !squares.is_empty() {
                    { square_map((squares, *undecided), own, "Differing") }
                }
                { difference(example, (text, other), target, undecided.is_none(), on_action) }
            </div>
        },
        Comparison::Undecided { .. } | Comparison::Mistake(_) => html! {
            <p class="check-note" data-formula-proof="" data-compared="" data-proved="undecided">{ format!("? {summary}") }</p>
        },
    }
}

/// The board where the texts part, what each gives there, and the board to load (when the
/// lesson can show it: the slider on its square).
fn difference(
    d: &Difference,
    (text, other): (&str, &str),
    target: Target,
    fewest: bool,
    on_action: &Callback<Action>,
) -> Html {
    let said =
        |value: &Result<Bitboard, Fault>| value.as_ref().map_or_else(|_| "a fault".to_string(), |b| b.to_string());
    let grid = |value: &Result<Bitboard, Fault>, caption: &'static str, typed: &str| match value {
        Ok(board) => html! { <Grid board={*board} caption={caption} sliders={d.square.bit()} /> },
        Err(fault) => html! { <p class="formula-error">{ format!("{caption}: {}", fault.describe(typed)) }</p> },
    };
    let which =
        if fewest { "The board with the fewest pieces on which they differ" } else { "A board on which they differ" };
    let empty = !d.occupied.contains(d.square);
    let load = (!empty).then(|| {
        let (square, occupied) = (d.square, d.occupied);
        let load = on_action.reform(move |_: MouseEvent| Action::Formula(FormulaAction::LoadBoard(square, occupied)));
        html! {
            <button type="button" data-load-proof-counter-example="" onclick={load}>{ "Load this board and step through your formula" }</button>
        }
    });
    html! {
        <>
            <p>{ format!(
                "{which}: the {} on {}{}, occupied {}. Your formula gives {}, the other text {}.",
                target.slider(), d.square, if empty { " (empty)" } else { "" }, d.occupied, said(&d.first), said(&d.second)
            ) }</p>
            <div class="check-grids">
                <Grid board={d.occupied} caption="the board" sliders={d.square.bit()} />
                { grid(&d.first, "your formula", text) }
                { grid(&d.second, "the other text", other) }
            </div>
            { for load }
        </>
    }
}
