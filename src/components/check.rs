//! The check of the reader's formula against the reference, drawn by the panels module into
//! the formula panel's hosts: its button beside the target, and its verdict below, with the
//! counter-example's grids and its compiled function's verdict. `crate::hooks::use_formula_check`
//! runs it.

use sliders_formula::{CheckOutcome, Checker, Target};
use yew::prelude::*;

use crate::components::benchmark::grouped;
use crate::components::grid::Grid;
use crate::model::{Action, Check, FormulaAction};

/// The check's button: it waits while the check runs, and while the typed text does not read.
pub fn check_start(check: &Check, can_start: bool, on_start: Callback<MouseEvent>) -> Html {
    html! {
        <button type="button" data-formula-check-start="" onclick={on_start}
            disabled={matches!(check, Check::Running { .. }) || !can_start}>
            { format!("Check on {} cases", grouped(Checker::total())) }
        </button>
    }
}

/// The check's verdict (or its progress, or what it will do), and its compiled function's.
pub fn check_verdict(formula: &str, target: Target, check: &Check, on_action: &Callback<Action>) -> Html {
    html! {
        <>
            { check_view(formula, target, check, on_action) }
            { compiled_check_view(check) }
        </>
    }
}

fn check_view(formula: &str, target: Target, check: &Check, on_action: &Callback<Action>) -> Html {
    match check {
        Check::NotRun => html! {
            <p class="check-note">{ format!(
                "Compares the formula with {} on 100,032 sample boards, then proves it on every board.",
                target.describe()
            ) }</p>
        },
        Check::Running { checker, .. } => html! {
            <p class="check-progress" data-check-progress={checker.done().to_string()}>
                <progress max={Checker::total().to_string()} value={checker.done().to_string()} />
                { format!(" {} of {} cases…", grouped(checker.done()), grouped(Checker::total())) }
            </p>
        },
        Check::Done { outcome: CheckOutcome::Agrees { cases }, ms, .. } => html! {
            // `data-formula-check`: the outcome's stable hook, for tests and embedding pages.
            <p class="check-agrees" data-check-result="agrees" data-check-cases={cases.to_string()} data-check-ms={(ms.round() as u64).to_string()}
                data-formula-check="" data-cases={cases.to_string()} data-failures="0">
                { format!(
                    "✓ Agrees with {} on all {} sample boards, in {} ms.",
                    target.describe(),
                    grouped(*cases),
                    ms.round() as u64
                ) }
            </p>
        },
        Check::Done { outcome: CheckOutcome::Differs { cases, counter_example: c }, ms, .. } => {
            let slider = target.slider();
            let got = match &c.got {
                Ok(board) => html! { <Grid board={*board} caption="your formula" sliders={c.square.bit()} /> },
                Err(fault) => html! { <p class="formula-error">{ fault.describe(formula) }</p> },
            };
            html! {
                <div class="check-differs" data-check-result="differs" data-check-cases={cases.to_string()} data-check-ms={(ms.round() as u64).to_string()}
                    data-counter-square={c.square.name()} data-counter-occupied={c.occupied.to_string()}
                    data-formula-check="" data-cases={cases.to_string()} data-failures="1" data-square={c.square.name()}
                    data-occupied={c.occupied.to_string()}>
                    <p>{ format!(
                        "✗ Differs on case {}: the {slider} on {}, occupied {}. Expected {}, the formula gives {}.",
                        grouped(*cases),
                        c.square,
                        c.occupied,
                        c.expected,
                        c.got.as_ref().map_or_else(|_| "a fault".to_string(), |b| b.to_string())
                    ) }</p>
                    <div class="check-grids">
                        <Grid board={c.expected} caption="expected" sliders={c.square.bit()} />
                        { got }
                    </div>
                    <button type="button" data-load-counter-example="" onclick={on_action.reform({
                        let (square, occupied) = (c.square, c.occupied);
                        move |_: MouseEvent| Action::Formula(FormulaAction::LoadBoard(square, occupied))
                    })}>
                        { "Load this board and step through it" }
                    </button>
                </div>
            }
        }
    }
}

/// Whether the compiled function gave the formula's value on every case.
fn compiled_check_view(check: &Check) -> Html {
    match check {
        Check::Done { compiled: Some(Ok(cases)), outcome: CheckOutcome::Agrees { .. }, .. } => html! {
            <p class="check-agrees" data-compiled-check="agrees" data-compiled-cases={cases.to_string()}>
                { format!("✓ Its compiled WebAssembly gives the formula's value on all {} cases.", grouped(*cases)) }
            </p>
        },
        // The formula went wrong: the compiled function did the same, on the same case.
        Check::Done { compiled: Some(Ok(cases)), outcome: CheckOutcome::Differs { counter_example, .. }, .. } => {
            html! {
                <p class="check-note" data-compiled-check="agrees" data-compiled-cases={cases.to_string()}>
                    { if counter_example.got.is_err() {
                        format!("Its compiled WebAssembly traps on the same case, number {}, where the formula faults.", grouped(*cases))
                    } else {
                        format!("Its compiled WebAssembly gives the same wrong value on the same case, number {}.", grouped(*cases))
                    } }
                </p>
            }
        }
        Check::Done { compiled: Some(Err(why)), .. } => html! {
            <p class="formula-error" role="alert" data-compiled-check="differs">{ format!("✗ {why}") }</p>
        },
        _ => html! {},
    }
}
