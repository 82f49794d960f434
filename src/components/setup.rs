//! What runs: the slider, the technique, and what a click on the board does. Compact, so it sits
//! under the board and the reader sets up and sees the step on one screen.

use sliders::{Article, Slider, Technique};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::components::board::glyph;
use crate::model::{Action, BoardAction, FormulaAction, PageAction, Tool};

pub struct SetupProps {
    pub technique: Technique,
    /// The reader's formula is shown instead of the technique.
    pub formula_open: bool,
    pub slider: Slider,
    pub tool: Tool,
    pub on_action: Callback<Action>,
}

/// The articles in the order the selector groups them: the four this page grew from, then
/// what engines use, then the fills, then the oracle.
const ARTICLES: [Article; 11] = [
    Article::ClassicalApproach,
    Article::SubtractingARook,
    Article::ObstructionDifference,
    Article::Sbamg,
    Article::HyperbolaQuintessence,
    Article::Kindergarten,
    Article::Magic,
    Article::Pext,
    Article::KoggeStone,
    Article::Dumb7Fill,
    Article::Reference,
];

/// A plain view function, not a component (see `result::attack_result`).
pub fn setup(props: &SetupProps) -> Html {
    let on_technique = props.on_action.reform(|event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        match select.value().parse::<Technique>() {
            _ if select.value() == "formula" => Action::Formula(FormulaAction::OpenFormula),
            Ok(technique) => Action::Board(BoardAction::SetTechnique(technique)),
            Err(error) => Action::Page(PageAction::Reject(error.to_string())),
        }
    });
    let sliders = Slider::ALL.iter().map(|&slider| {
        let on_click = props.on_action.reform(move |_: MouseEvent| Action::Board(BoardAction::SetSlider(slider)));
        html! {
            <button type="button" class="choice" data-choose-slider={slider.name()}
                aria-pressed={(slider == props.slider).to_string()} onclick={on_click}>
                <span class="glyph" aria-hidden="true">{ glyph(slider) }</span>{ " " }{ slider.name() }
            </button>
        }
    });
    let place = if props.technique.takes_many_sliders(props.slider) || props.formula_open {
        "Add or remove sliders"
    } else {
        "Place slider"
    };
    let tools = [(Tool::Occupancy, "occupancy", "Toggle squares"), (Tool::PlaceSlider, "place", place)];
    let tools = tools.iter().map(|&(tool, hook, label)| {
        let on_click = props.on_action.reform(move |_: MouseEvent| Action::Board(BoardAction::SetTool(tool)));
        html! {
            <button type="button" class="choice" data-tool={hook}
                aria-pressed={(tool == props.tool).to_string()} onclick={on_click}>{ label }</button>
        }
    });
    let groups = ARTICLES.iter().map(|&article| {
        let options = Technique::ALL.iter().filter(|t| t.article() == article).map(|&technique| {
            let selected = technique == props.technique && !props.formula_open;
            // The closed menu shows the chosen option alone, out of its group: it names the
            // article too ("SBAMG · o^(o-3cbn)"); in the open list the group's label does.
            html! {
                <option value={technique.name()} {selected}>
                    if selected { { article.title() }{ " · " } }
                    { technique.title() }
                </option>
            }
        });
        html! { <optgroup label={article.title()}>{ for options }</optgroup> }
    });
    html! {
        <div class="setup">
            <label class="setup-technique">
                <span class="control-label">{ "Technique" }</span>
                <select data-technique-select="" onchange={on_technique}>
                    <optgroup label="Your own">
                        <option value="formula" selected={props.formula_open}>{ "Your formula" }</option>
                    </optgroup>
                    { for groups }
                </select>
            </label>
            <div class="control-row" role="group" aria-label="Slider">{ for sliders }</div>
            <div class="control-row" role="group" aria-label="Click on the board">{ for tools }</div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_is_in_a_group_of_the_selector() {
        for &technique in Technique::ALL {
            assert!(ARTICLES.contains(&technique.article()), "{technique} is missing from the selector");
        }
    }
}
