//! The check of the reader's formula, run in the panels module (`crate::panels`): a slice at a
//! time, each after the page has had its turn to draw and answer the reader; started by its
//! button, or once by a link's `expect=` when the formula reads.

use std::cell::Cell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use sliders_formula::wire::CompiledModule;
use sliders_formula::Target;
use yew::prelude::*;

use crate::clock::now_ms;
use crate::effects;
use crate::model::{Action, Check, CheckAction, FormulaCheck, PageAction};

/// The formula the check is of, as the panels read it from the page.
#[derive(Clone, PartialEq)]
pub struct CheckedFormula {
    /// The formula that read, while a formula is open.
    pub formula: Option<Rc<str>>,
    pub target: Target,
    /// Its compiled module, which runs beside it.
    pub module: Option<Rc<CompiledModule>>,
    /// The page opened from a link that asks for the check once the formula reads.
    pub check_when_read: bool,
}

/// The check of `of`'s formula, and what its button does. `on_page` takes what the page is
/// told: why a check was dropped (the language could not run it).
#[hook]
pub fn use_formula_check(of: &CheckedFormula, on_page: &Callback<Action>) -> (Check, Callback<MouseEvent>) {
    let state = use_reducer_eq(FormulaCheck::default);
    let check = match &of.formula {
        Some(formula) => state.of(formula, of.target).clone(),
        None => Check::NotRun,
    };
    // Whether the reader pressed the button: only then is the verdict brought into view, never
    // by scrolling a page or an embed that just opened.
    let asked = use_mut_ref(|| false);
    let start = {
        let (of, dispatcher, asked) = (of.clone(), state.dispatcher(), asked.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(formula) = &of.formula {
                *asked.borrow_mut() = true;
                dispatcher.dispatch(effects::start_check(formula, of.target, of.module.as_deref(), now_ms()));
            }
        })
    };
    // A link's check starts once, when its formula first reads.
    let link_started = use_mut_ref(|| Cell::new(false));
    use_effect_with((of.check_when_read, of.formula.is_some()), {
        let (of, dispatcher) = (of.clone(), state.dispatcher());
        move |&(asked_by_link, read)| {
            if let (true, true, Some(formula)) = (asked_by_link, read, &of.formula) {
                if !link_started.borrow().replace(true) {
                    dispatcher.dispatch(effects::start_check(formula, of.target, of.module.as_deref(), now_ms()));
                }
            }
        }
    });
    use_effect_with(check.clone(), {
        let (of, dispatcher, on_page) = (of.clone(), state.dispatcher(), on_page.clone());
        move |check| {
            let next = of.formula.clone().filter(|_| matches!(check, Check::Running { .. })).map(|formula| {
                let check = check.clone();
                Timeout::new(0, move || {
                    if let Some(done) = effects::check_slice(&formula, of.target, &check, now_ms()) {
                        if let CheckAction::SliceDone {
                            slice: crate::model::CheckSlice { formula: Err(why), .. },
                            ..
                        } = &done
                        {
                            on_page.emit(Action::Page(PageAction::Reject(why.clone())));
                        }
                        dispatcher.dispatch(done);
                    }
                })
            });
            // The verdict, once it is in, is brought into view (it can fall below the fold).
            if matches!(check, Check::Done { .. }) && asked.replace(false) {
                if let Ok(Some(verdict)) = gloo::utils::document().query_selector("[data-check-result]") {
                    let options = web_sys::ScrollIntoViewOptions::new();
                    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                    verdict.scroll_into_view_with_scroll_into_view_options(&options);
                }
            }
            move || drop(next)
        }
    });
    (check, start)
}
