//! What the page's effects compute for the reducer, which computes none of it: the trace (a
//! technique run, its table filled first, or a formula through formula.wasm), the reading of a
//! typed formula, and the check's slices (formula.wasm, and the compiled function in the
//! browser's WebAssembly). Each gives the action that carries its result; `crate::hooks` runs
//! them at the right moments, and [`settle`] runs them in order where there is no page.

use std::rc::Rc;

use sliders::Trace;
use sliders_explain::narration::{describe, first_sentence, Board};
use sliders_formula::wire::CompiledModule;
use sliders_formula::{self as formula, CheckOutcome, Fault, Target};
use yew::Reducible;

use crate::model::{
    reading_ms, Action, Check, CheckAction, CheckSlice, CompiledCheck, FormulaAction, Lab, PlayerAction, Playground,
    Reading, TraceKey, TraceShape, CHECK_SLICE,
};
use crate::url::{self, Loaded};
use crate::{attack_tables, compiled, language, techniques};

/// The trace of `key`, and a formula's fault on this board if it meets one (a square function
/// given 64): its steps stop there.
pub fn trace_of(key: &TraceKey) -> (Trace, Option<Fault>) {
    let sliders = key.sliders;
    if key.formula_open {
        return match &key.formula {
            Some(formula) => language::trace(formula, key.slider, sliders, key.occupied),
            // Nothing has run yet: no steps, and the editor says why.
            None => (Trace::not_run(key.slider, sliders, key.occupied), None),
        };
    }
    // Running the technique fills its table, if it has one: timed, as the page says.
    attack_tables::ensure(key.technique);
    match techniques::trace(key.technique, key.slider, sliders, key.occupied) {
        Some(Ok(trace)) => (trace, None),
        // The technique's code is on its way (or could not come, or could not answer): no
        // steps yet, and the lesson says which in place of the step (`Lab::techniques`; an
        // answer refused is told by `techniques_fault`).
        None | Some(Err(_)) => (Trace::waiting(key.technique, key.slider, sliders, key.occupied), None),
    }
}

/// Why `techniques.wasm`, here, could not trace `key`'s technique, when `trace` (its trace of
/// `key`) waits though the module is ready: what the page then says in place of the steps.
/// Every technique has steps, so only a module that could not answer leaves none; asked again
/// only then, for its reason.
pub fn techniques_fault(key: &TraceKey, trace: &Trace) -> Option<Rc<str>> {
    let stalled = !key.formula_open && !key.waits_for_techniques() && trace.steps.is_empty();
    match stalled.then(|| techniques::trace(key.technique, key.slider, key.sliders, key.occupied)) {
        Some(Some(Err(why))) => {
            Some(format!("techniques.wasm could not trace {}: {why}.", key.technique.title()).into())
        }
        Some(Some(Ok(_)) | None) | None => None,
    }
}

/// The trace of the state on screen.
pub fn trace(lab: &Lab) -> Trace {
    trace_of(&lab.trace_key()).0
}

/// What the reducer keeps of a trace: its shape, with how long each step's first sentence takes
/// to read. The sentence is the narration the page shows when the step is whole; the page's
/// wasm has no whys (they come from the technique's file), and the first sentence is the what,
/// before any why.
pub fn traced(key: TraceKey, trace: &Trace) -> Action {
    let board = Board::of(trace);
    Action::Player(PlayerAction::Traced(
        key,
        TraceShape::of(&trace.steps, |step| reading_ms(first_sentence(&describe(step, &board)))),
    ))
}

/// The text of the example the editor waits for, where the language is here to give it.
pub fn example_text(playground: &Playground) -> Option<Action> {
    let id = playground.awaited_example?;
    if !language::ready() {
        return None;
    }
    Some(Action::Formula(FormulaAction::ExampleText {
        id,
        text: language::example(id).map(Rc::from).map_err(Rc::from),
    }))
}

/// The reading of the typed text, where it waits for one and the language is here.
pub fn reading(playground: &Playground) -> Option<Action> {
    if !playground.unread() {
        return None;
    }
    let text = playground.text.clone();
    let reading = reading_of(&text, playground.formula.as_deref())?;
    Some(Action::Formula(FormulaAction::Read { text, reading }))
}

/// What the language finds in `text`, where it is here, beside the formula read last.
fn reading_of(text: &str, formula: Option<&str>) -> Option<Reading> {
    if !language::ready() {
        return None;
    }
    Some(match language::parse(text) {
        Err(error) => Reading::Error(error),
        Ok(()) if formula == Some(text) => Reading::Same,
        Ok(()) => Reading::New(compile(text)),
    })
}

/// What typing `text` in the editor does: the edit, read at once where the language is here
/// (one draw for both), else only the edit, which the reading effect reads once it can. The
/// playground after the edit holds `text` and no error, so it waits for a reading unless `text`
/// is its formula already: no copy of the playground (its compiled module, its check) is made
/// to find that out, at each keystroke.
pub fn typed(playground: &Playground, text: String) -> Action {
    let formula = playground.formula.as_deref();
    let unread = formula != Some(&*text);
    match unread.then(|| reading_of(&text, formula)).flatten() {
        Some(reading) => Action::Formula(FormulaAction::Typed { text: text.into(), reading }),
        None => Action::Formula(FormulaAction::EditFormula(text)),
    }
}

/// The formula of `text` compiled, and validated.
fn compile(text: &str) -> Result<Rc<formula::wire::CompiledModule>, Rc<str>> {
    let module = language::compile(text)?;
    compiled::validate(&module.bytes)?;
    Ok(Rc::new(module))
}

/// The check of `formula` for `target` started at `now`, with its compiled function (`module`)
/// instantiated to run beside it where the page can.
pub fn start_check(formula: &Rc<str>, target: Target, module: Option<&CompiledModule>, now: f64) -> CheckAction {
    let compiled = module.filter(|_| compiled::AVAILABLE).map(|module| compiled::load(formula, &module.bytes));
    CheckAction::Start { formula: formula.clone(), target, now, compiled }
}

/// The next slice of `check`, the running check of `formula` for `target`, at `now`.
pub fn check_slice(formula: &Rc<str>, target: Target, check: &Check, now: f64) -> Option<CheckAction> {
    let Check::Running { checker, compiled, .. } = check else { return None };
    let compiled = compiled.clone().map(|compiled| match compiled {
        CompiledCheck::Running(mut checker) => match compiled::attacks_of(formula) {
            Some(attacks) => match checker.advance_with(CHECK_SLICE, attacks) {
                Some(outcome) => CompiledCheck::Stopped(outcome),
                None => CompiledCheck::Running(checker),
            },
            // Gone (the page compiled another text): it stops where it was.
            None => CompiledCheck::Stopped(CheckOutcome::Agrees { cases: checker.done() }),
        },
        stopped => stopped,
    });
    let slice = CheckSlice { now, formula: language::advance(formula, checker, CHECK_SLICE), compiled };
    Some(CheckAction::SliceDone { formula: formula.clone(), target, slice })
}

/// `lab` after `action`, with what the page's effects dispatch in answer ([`answered`]).
pub fn settle(lab: Lab, action: Action) -> Lab {
    answered((*Rc::new(lab).reduce(action)).clone())
}

/// `lab` with what the page's effects dispatch after a change, as the page runs them: the typed
/// text read, and the new trace's shape handed in. For tests, and for the panels module, which
/// reads the page's state from its address.
pub fn answered(lab: Lab) -> Lab {
    let mut state = Rc::new(lab);
    if let Some(text) = example_text(&state.playground) {
        state = state.reduce(text);
    }
    if let Some(read) = reading(&state.playground) {
        state = state.reduce(read);
    }
    if state.shape().is_none() {
        let key = state.trace_key();
        let (trace, _) = trace_of(&key);
        state = state.reduce(traced(key, &trace));
    }
    (*state).clone()
}

/// `lab` with its typed text read, where the language is here to read it.
pub fn read(mut lab: Lab) -> Lab {
    if let Some(Action::Formula(FormulaAction::ExampleText { id, text })) = example_text(&lab.playground) {
        lab.playground.example_text(id, text);
    }
    if let Some(Action::Formula(FormulaAction::Read { text, reading })) = reading(&lab.playground) {
        lab.playground.read(&text, reading);
    }
    lab
}

/// A trace, and a formula's fault on its board if it meets one.
pub type Traced = Rc<(Trace, Option<Fault>)>;

/// The state a link describes, as the page opens it: read from the address, its formula read,
/// and its step kept within its trace (which the address alone does not know).
pub fn open(query: &str) -> Loaded {
    open_traced(query).0
}

/// [`open`], with the trace it computed to keep the step (which the page then draws: it is not
/// computed twice), except for a formula that waits for the language.
pub fn open_traced(query: &str) -> (Loaded, Option<(TraceKey, Traced)>) {
    let loaded = url::from_query(query);
    let lab = read(loaded.lab.clone());
    // A link's formula that waits for the language (formula.wasm) keeps the link's step, and
    // the player settles on it once the steps are known.
    // So does a link's technique whose code (techniques.wasm) is on its way.
    let key = lab.trace_key();
    if lab.setup.formula_open && lab.playground.waits_for_language() || key.waits_for_techniques() {
        return (Loaded { lab, ..loaded }.with_steps(formula::MAX_STEPS), None);
    }
    let traced = Rc::new(trace_of(&key));
    let steps = traced.0.steps.len().max(1);
    (Loaded { lab, ..loaded }.with_steps(steps), Some((key, traced)))
}
