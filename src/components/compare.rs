//! Every technique on the current board and slider, side by side, each checked against what
//! the reference walk says it should compute.

use sliders::techniques::reference;
use sliders_explain::narration::square_list;
use std::rc::Rc;

use sliders::{Bitboard, Direction, Reach, Slider, Square, Technique};
use sliders_formula::Target;
use yew::prelude::*;

use crate::components::grid::MiniGrid;
use crate::model::{Action, BoardAction, FormulaAction};

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub slider: Slider,
    pub square: Square,
    /// More sliders: only the set-wise techniques can run, the rest say they take one.
    #[prop_or_default]
    pub others: Bitboard,
    pub occupied: Bitboard,
    /// The lesson's technique, marked in its row unless the formula is what the lesson shows.
    pub selected: Technique,
    /// The reader's formula and what it should compute, when there is one that runs.
    #[prop_or_default]
    pub formula: Option<(Rc<str>, Target)>,
    /// The formula is what the lesson shows.
    #[prop_or_default]
    pub formula_open: bool,
    pub on_action: Callback<Action>,
}

/// "south", "south and west", "south, west and north-west".
fn join_words(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[function_component(Compare)]
pub fn compare(props: &CompareProps) -> Html {
    let refresh = use_force_update();
    let rows = Technique::ALL.iter().map(|&technique| {
        if !crate::attack_tables::ready(technique) {
            // Comparing would fill an 841 KiB table: leave that to the reader's choice.
            let fill = {
                let refresh = refresh.clone();
                Callback::from(move |_: MouseEvent| {
                    crate::attack_tables::ensure(technique);
                    refresh.force_update();
                })
            };
            return html! {
                <tr data-compare={technique.name()}>
                    <th scope="row">{ technique.title() }</th>
                    <td colspan="5">
                        { format!("{} reads a {} KiB table the page fills on first use. ", technique.title(), crate::attack_tables::table_kib()) }
                        <button type="button" class="link-button" data-fill-table={technique.name()} onclick={fill}>{ "Fill it and compare" }</button>
                    </td>
                </tr>
            };
        }
        let sliders = props.square.bit() | props.others;
        let trace = match technique.trace_many(props.slider, sliders, props.occupied) {
            Ok(trace) => trace,
            Err(problem) => {
                return html! {
                    <tr data-compare={technique.name()} data-one-slider="">
                        <th scope="row">{ technique.title() }</th>
                        <td colspan="5">{ one_slider_only(&problem) }</td>
                    </tr>
                };
            }
        };
        let expected = technique.expected_many(props.slider, sliders, props.occupied);
        let wrong = trace.result ^ expected;
        let reach = technique.reach(props.slider, sliders.count());
        let verdict = if wrong.is_empty() && reach != Reach::Whole {
            // It matches only part of the reference: say which part, and show what it leaves out.
            let occupied = props.occupied | sliders;
            let full = Technique::Reference.expected_many(props.slider, sliders, props.occupied);
            let left_out = full & !trace.result;
            let seen: Vec<Direction> = technique.rays(props.slider, sliders.count()).collect();
            let rays: Vec<&str> = Technique::Reference
                .rays(props.slider, 1)
                .filter(|direction| !seen.contains(direction))
                .filter(|&direction| sliders.squares().any(|square| !reference::ray(square, direction, occupied).is_empty()))
                .map(Direction::name)
                .collect();
            let left = if left_out.is_empty() {
                "it leaves out nothing here: the negative rays are empty".to_string()
            } else {
                let noun = if rays.len() == 1 { "ray" } else { "rays" };
                format!("it leaves out the {} {noun}: {}", join_words(&rays), square_list(left_out))
            };
            html! {
                <span class="verdict ok" data-left-out={left_out.to_string()}>
                    { format!("✓ matches the reference's {}", reach_words(reach)) }
                    <span class="left-out">{ format!("; {left}") }</span>
                </span>
            }
        } else if wrong.is_empty() {
            html! { <span class="verdict ok">{ "✓ matches reference" }</span> }
        } else {
            let squares: Vec<String> = wrong.squares().map(|s| s.to_string()).collect();
            html! { <span class="verdict wrong">{ format!("✗ differs on {}", squares.join(", ")) }</span> }
        };
        let scope = match reach {
            Reach::Whole => String::new(),
            Reach::PositiveRays | Reach::East => format!(" ({})", reach_words(reach)),
        };
        // The lesson is far above the table: bring it into view with the technique it now shows.
        let select = props.on_action.reform(move |_: MouseEvent| {
            let lesson = gloo::utils::document().query_selector(".lesson").ok().flatten();
            if let Some(lesson) = lesson {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Start);
                lesson.scroll_into_view_with_scroll_into_view_options(&options);
            }
            Action::Board(BoardAction::SetTechnique(technique))
        });
        html! {
            <tr data-compare={technique.name()} data-match={wrong.is_empty().to_string()}
                ~className={if technique == props.selected && !props.formula_open { "selected" } else { "" }}>
                <th scope="row">
                    <button type="button" class="link-button" onclick={select}>{ technique.title() }</button>
                    if technique.article().title() != technique.title() {
                        <span class="article-name">{ technique.article().title() }{ scope }</span>
                    }
                </th>
                { result_cells(&trace, wrong, verdict) }
            </tr>
        }
    });
    let formula_row = props.formula.as_ref().map(|(formula, target)| formula_row(props, formula, *target));
    html! {
        <section class="compare" aria-label="Compare techniques">
            <h2>{ "Compare every technique" }</h2>
            <div class="table-scroll">
                <table>
                    <thead>
                        <tr>
                            <th scope="col">{ "technique" }</th>
                            <th scope="col">{ "result" }</th>
                            <th scope="col">{ "value" }</th>
                            <th scope="col" class="num">{ "steps" }</th>
                            <th scope="col" class="num" title="64-bit operations; a SIMD operation on both lanes counts once">{ "operations" }</th>
                            <th scope="col" class="num">{ "table reads" }</th>
                        </tr>
                    </thead>
                    <tbody>{ for formula_row }{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}

/// The rays a technique computes, in words.
fn reach_words(reach: Reach) -> &'static str {
    match reach {
        Reach::Whole => "attacks",
        Reach::PositiveRays => "positive rays",
        Reach::East => "east rays",
    }
}

/// The reader's formula on this board, checked against what it says it computes.
fn formula_row(props: &CompareProps, formula: &str, target: Target) -> Html {
    let sliders = props.square.bit() | props.others;
    let open = props.on_action.reform(|_: MouseEvent| Action::Formula(FormulaAction::OpenFormula));
    let trace = match crate::language::trace(formula, props.slider, sliders, props.occupied) {
        (trace, None) => trace,
        (_, Some(fault)) => {
            return html! {
                <tr data-compare="formula" data-match="false">
                    <th scope="row"><button type="button" class="link-button" onclick={open}>{ "Your formula" }</button></th>
                    <td colspan="5">{ format!("On this board, {}.", fault.describe(formula)) }</td>
                </tr>
            };
        }
    };
    // Each slider's expected set on the board with every slider occupied, as the set-wise
    // techniques are checked.
    let occupied = props.occupied | sliders;
    let expected = sliders.squares().fold(Bitboard::EMPTY, |all, square| all | target.expected(square, occupied));
    let wrong = trace.result ^ expected;
    let verdict = if wrong.is_empty() {
        html! { <span class="verdict ok">{ format!("✓ matches {}", target.describe()) }</span> }
    } else {
        let squares: Vec<String> = wrong.squares().map(|s| s.to_string()).collect();
        html! { <span class="verdict wrong">{ format!("✗ differs from {} on {}", target.describe(), squares.join(", ")) }</span> }
    };
    html! {
        <tr data-compare="formula" data-match={wrong.is_empty().to_string()}
            ~className={if props.formula_open { "selected" } else { "" }}>
            <th scope="row">
                <button type="button" class="link-button" onclick={open}>{ "Your formula" }</button>
                <span class="article-name">{ format!("checked as {}", target.describe()) }</span>
            </th>
            { result_cells(&trace, wrong, verdict) }
        </tr>
    }
}

/// A row's result, its value and verdict, and its counts: the same for a technique and a formula.
fn result_cells(trace: &sliders::Trace, wrong: Bitboard, verdict: Html) -> Html {
    html! {
        <>
            <td><MiniGrid board={trace.result} {wrong} /></td>
            <td><code>{ trace.result.to_string() }</code><br/>{ verdict }</td>
            <td class="num">{ trace.steps.len() }</td>
            <td class="num">{ trace.arithmetic_ops() }</td>
            <td class="num">{ trace.table_reads() }</td>
        </>
    }
}

/// Why a one-slider technique's row is empty, by the names the table shows (its titles and
/// articles, not the command line's names): "Takes one slider, and 2 were given (d4 and f6);
/// Kogge-Stone Algorithm and Dumb7Fill take several."
fn one_slider_only(problem: &sliders::OneSliderOnly) -> String {
    let many: Vec<&str> =
        Technique::ALL.iter().filter(|t| t.takes_many_sliders(problem.slider)).map(|t| t.article().title()).collect();
    format!(
        "Takes one slider, and {} were given ({}); {} take several {}s.",
        problem.sliders.count(),
        square_list(problem.sliders),
        join_words(&many),
        problem.slider
    )
}
