//! The proof of the reader's formula, drawn by the panels module under the sampled check: once
//! the check has ended, a worker (static/prove-worker.js, with prove.wasm) decides every board
//! of every square, a square at a time, and this shows how far it got, then the verdict: proved,
//! or the exact number of failing boards with a map of where they are and the failing board
//! with the fewest pieces, or undecided.

use std::rc::Rc;

use sliders_formula::prove::{thousands, Comparison, Failure, Proof, NODE_BUDGET};
use sliders_formula::wire::{self, Request, Writer};
use sliders_formula::{OwnSquare, Target};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::prelude::*;

use crate::clock::now_ms;
use crate::components::comparison::{against_field, comparison_verdict};
use crate::components::grid::Grid;
use crate::components::proof_map::square_map;
use crate::model::{Action, FormulaAction};

#[derive(Properties, PartialEq)]
pub struct ProofProps {
    /// The formula that read, if one did.
    pub formula: Option<Rc<str>>,
    pub target: Target,
    /// The sampled check has ended: the proof starts then.
    pub check_ended: bool,
    /// The sampled check agreed on all its boards.
    pub check_agreed: bool,
    pub on_action: Callback<Action>,
}

/// How far the proof got.
#[derive(Clone, PartialEq, Default)]
enum ProofState {
    /// No check has ended yet.
    #[default]
    Waiting,
    Running {
        squares: u32,
        started_ms: f64,
        /// Proving against another text: its answers are a comparison's.
        comparing: bool,
    },
    Done {
        verdict: Verdict,
        ms: f64,
    },
    Stopped,
    /// The worker or the module could not run it, and why.
    Failed(Rc<str>),
}

/// A proof's answer: against the target, or against another text.
#[derive(Clone, PartialEq)]
enum Verdict {
    Proof(Rc<Proof>),
    Comparison(Rc<Comparison>),
}

/// What happens to the proof; the times come from the effect that saw them (`clock::now_ms`), so
/// the reducer stays pure.
enum ProofAction {
    Start {
        at_ms: f64,
        comparing: bool,
    },
    /// A square's answer from the worker, and when it came.
    Answer {
        bytes: Vec<u8>,
        at_ms: f64,
    },
    Failed(String),
    Stop,
    Reset,
}

impl Reducible for ProofState {
    type Action = ProofAction;
    fn reduce(self: Rc<Self>, action: ProofAction) -> Rc<Self> {
        let next = match (action, &*self) {
            (ProofAction::Start { at_ms, comparing }, _) => {
                ProofState::Running { squares: 0, started_ms: at_ms, comparing }
            }
            (ProofAction::Answer { bytes, at_ms }, &ProofState::Running { started_ms, comparing, .. }) => {
                let read = match comparing {
                    false => wire::read_proof_step(&bytes).map(|(n, p)| (n, p.map(|p| Verdict::Proof(Rc::new(p))))),
                    true => {
                        wire::read_comparison_step(&bytes).map(|(n, c)| (n, c.map(|c| Verdict::Comparison(Rc::new(c)))))
                    }
                };
                match read {
                    Some((squares, None)) => ProofState::Running { squares, started_ms, comparing },
                    Some((_, Some(verdict))) => ProofState::Done { verdict, ms: at_ms - started_ms },
                    None => ProofState::Failed("prove.wasm answered with bytes this page cannot read".into()),
                }
            }
            (ProofAction::Failed(why), ProofState::Running { .. }) => ProofState::Failed(why.into()),
            (ProofAction::Stop, ProofState::Running { .. }) => ProofState::Stopped,
            (ProofAction::Reset, _) => ProofState::Waiting,
            _ => return self,
        };
        Rc::new(next)
    }
}

/// A proof's worker, and the handler of its messages, which must live as long as it.
type Running = (Worker, Closure<dyn FnMut(MessageEvent)>);

/// The worker's requests: the proof's start (its kind and bytes: `Request::ProveStart` against
/// the target, `Request::CompareStart` against another text), and its next square
/// (`Request::ProveSquare`).
fn requests(text: &str, target: Target, own: OwnSquare, against: Option<&str>) -> (Request, Vec<u8>, Vec<u8>) {
    let mut start = Writer::default();
    start.str(text);
    let kind = match against {
        None => {
            start.u8(Target::ALL.iter().position(|&t| t == target).unwrap_or(0) as u8);
            start.u64(NODE_BUDGET);
            start.own_square(own);
            Request::ProveStart
        }
        Some(other) => {
            start.u64(NODE_BUDGET);
            start.own_square(own);
            start.str(other);
            Request::CompareStart
        }
    };
    let mut square = Writer::default();
    square.str(text);
    (kind, start.bytes, square.bytes)
}

/// Starts the worker on the proof; it answers into `state`.
fn start_worker(
    text: &str,
    (target, own, against): (Target, OwnSquare, Option<&str>),
    state: UseReducerDispatcher<ProofState>,
) -> Option<Running> {
    let worker = match Worker::new("static/prove-worker.js") {
        Ok(worker) => worker,
        Err(_) => {
            state.dispatch(ProofAction::Failed("this browser could not start the proof's worker".into()));
            return None;
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new({
        let state = state.clone();
        move |event: MessageEvent| {
            let data = event.data();
            let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).ok().filter(|v| !v.is_undefined());
            if let Some(answer) = field("answer") {
                state.dispatch(ProofAction::Answer {
                    bytes: js_sys::Uint8Array::new(&answer).to_vec(),
                    at_ms: now_ms(),
                });
            } else {
                let why =
                    field("error").and_then(|e| e.as_string()).unwrap_or_else(|| "the proof's worker stopped".into());
                state.dispatch(ProofAction::Failed(why));
            }
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let (kind, start, square) = requests(text, target, own, against);
    let request = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&request, &"start".into(), &js_sys::Uint8Array::from(&start[..]));
    let _ = js_sys::Reflect::set(&request, &"startKind".into(), &(kind as u8).into());
    let _ = js_sys::Reflect::set(&request, &"square".into(), &js_sys::Uint8Array::from(&square[..]));
    state.dispatch(ProofAction::Start { at_ms: now_ms(), comparing: against.is_some() });
    let _ = worker.post_message(&request);
    Some((worker, on_message))
}

#[function_component(ProofPanel)]
pub fn proof_panel(props: &ProofProps) -> Html {
    let state = use_reducer(ProofState::default);
    let worker = use_mut_ref(|| None::<Running>);
    // The lab's boards have the slider on its square; an engine's getter is called from an
    // empty square too (attackers-to), which the reader can ask the proof to cover.
    let own = use_state(|| OwnSquare::Occupied);
    // Another text to prove the formula equal to, in place of the target, once asked.
    let against = use_state(|| None::<Rc<str>>);
    // A check that ends starts a proof; a new text, target, check or choice of boards ends the
    // one under way (and starts the new one, once the check has ended).
    use_effect_with((props.formula.clone(), props.target, props.check_ended, *own, (*against).clone()), {
        let (state, worker) = (state.dispatcher(), worker.clone());
        move |(formula, target, ended, own, against)| {
            state.dispatch(ProofAction::Reset);
            if let (Some(text), true) = (formula, *ended) {
                *worker.borrow_mut() = start_worker(text, (*target, *own, against.as_deref()), state);
            }
            move || {
                if let Some((worker, _)) = worker.borrow_mut().take() {
                    worker.terminate();
                }
            }
        }
    });
    let stop = {
        let (state, worker) = (state.dispatcher(), worker.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some((worker, _)) = worker.borrow_mut().take() {
                worker.terminate();
            }
            state.dispatch(ProofAction::Stop);
        })
    };
    let target = props.target;
    let boards = from_empty_choice(*own, props.check_ended, own.setter());
    let other = props.check_ended.then(|| against_field((*against).clone(), against.setter()));
    let shown = match &*state {
        ProofState::Waiting => html! {},
        ProofState::Running { squares, comparing, .. } => html! {
            <p class="proof-progress" data-proof-progress={squares.to_string()}>
                <progress max="64" value={squares.to_string()} />
                { format!(" {} on every board: {squares} of 64 squares decided… ", if *comparing { "Comparing" } else { "Proving" }) }
                <button type="button" data-proof-stop="" onclick={stop}>{ "Stop" }</button>
                <span class="check-note">{ " A square takes milliseconds, or up to half a minute where the formula's diagrams grow large." }</span>
            </p>
        },
        ProofState::Stopped => html! {
            <p class="check-note" data-proof-stopped="">
                { "Proof stopped: nothing is proved. Check again to start it over." }
            </p>
        },
        ProofState::Failed(why) => html! {
            <p class="formula-error" data-proof-failed="">{ format!("The proof could not run: {why}") }</p>
        },
        ProofState::Done { verdict: Verdict::Proof(proof), ms } => {
            let text = props.formula.clone().unwrap_or_default();
            let context = Context { target, own: *own, text: &text, check_agreed: props.check_agreed };
            verdict(proof, &context, *ms, &props.on_action)
        }
        ProofState::Done { verdict: Verdict::Comparison(comparison), ms } => {
            let texts = (props.formula.clone().unwrap_or_default(), (*against).clone().unwrap_or_default());
            comparison_verdict(comparison, (&texts.0, &texts.1), (target, *own), *ms, &props.on_action)
        }
    };
    html! { <>{ boards }{ for other }{ shown }</> }
}

/// The switch between the lab's boards (the slider on its square) and boards where its square
/// may be empty too, shown once a check has ended (the proof follows the check).
fn from_empty_choice(own: OwnSquare, check_ended: bool, set: UseStateSetter<OwnSquare>) -> Html {
    if !check_ended {
        return html! {};
    }
    let toggle = Callback::from(move |event: Event| {
        let checked = event.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|input| input.checked());
        set.set(if checked { OwnSquare::Either } else { OwnSquare::Occupied });
    });
    html! {
        <label class="check-note proof-from-empty">
            <input type="checkbox" data-proof-from-empty="" checked={own == OwnSquare::Either} onchange={toggle} />
            { " Prove from an empty square too: the slider's own square empty or not, 2^64 boards a square, as an engine calls a getter for attackers-to" }
        </label>
    }
}

/// What a verdict is said against: the target, the formula's text (for a fault's line and
/// column), and whether the sampled check above agreed.
struct Context<'a> {
    target: Target,
    /// Whether the boards proved have the slider's square occupied, or either.
    own: OwnSquare,
    text: &'a str,
    check_agreed: bool,
}

fn verdict(proof: &Proof, context: &Context, ms: f64, on_action: &Callback<Action>) -> Html {
    let summary = proof.summary(context.target, context.own);
    let ms = (ms.round() as u64).to_string();
    let nodes = thousands(proof.nodes() as u128);
    // The variables: the other 63 squares, and the slider's own when it may be empty.
    let squares = match context.own {
        OwnSquare::Occupied => "the other 63 squares",
        OwnSquare::Either => "all 64 squares, the slider's own included",
    };
    match proof {
        Proof::Proved { .. } => html! {
            <p class="check-agrees" data-formula-proof="" data-proved="yes" data-proof-ms={ms.clone()}>
                { format!(
                    "✓ {summary} Decided in {ms} ms with binary decision diagrams: each bit of the formula and of the \
                     attacks as a Boolean function of {squares} ({nodes} diagram nodes)."
                ) }
            </p>
        },
        Proof::Fails(failure) => failing(failure, &summary, context, on_action),
        Proof::Undecided { .. } | Proof::Mistake(_) => html! {
            <p class="check-note" data-formula-proof="" data-proved="undecided">
                { format!("? {summary} The check above stands as a sample, not a proof.") }
            </p>
        },
    }
}

fn failing(failure: &Failure, summary: &str, context: &Context, on_action: &Callback<Action>) -> Html {
    let c = &failure.counter_example;
    let own_empty = !c.occupied.contains(c.square);
    let pieces = match (own_empty, c.occupied.0.count_ones()) {
        (false, 1) => "1 piece, the slider".to_string(),
        (false, n) => format!("{n} pieces, the slider's included"),
        (true, 1) => format!("1 piece, {} empty", c.square),
        (true, n) => format!("{n} pieces, {} empty", c.square),
    };
    let which = if failure.fewest_known { "The failing board with the fewest pieces" } else { "A failing board" };
    let got = match &c.got {
        Ok(board) => html! { <Grid board={*board} caption="your formula" sliders={c.square.bit()} /> },
        Err(fault) => html! { <p class="formula-error">{ fault.describe(context.text) }</p> },
    };
    let differ = match &c.got {
        Ok(board) => {
            let squares: Vec<String> = (*board ^ c.expected).squares().map(|s| s.to_string()).collect();
            format!(" They differ on {}.", squares.join(", "))
        }
        Err(_) => " The formula faults there.".to_string(),
    };
    // The sample above agreed: say how it missed them.
    let missed = match (context.check_agreed, context.own) {
        (true, OwnSquare::Occupied) => " The check's 100,032 sample boards above missed every one of them.",
        // The page's check tries the lab's boards only.
        (true, OwnSquare::Either) => {
            " The check above agreed on its 100,032 sample boards, each with the slider on its square: it could not see these."
        }
        (false, _) => "",
    };
    let target = context.target;
    let load = {
        let (square, occupied) = (c.square, c.occupied);
        on_action.reform(move |_: MouseEvent| Action::Formula(FormulaAction::LoadBoard(square, occupied)))
    };
    html! {
        <div class="check-differs" data-formula-proof="" data-proved="no"
            data-failing={failure.boards.map(|n| n.to_string()).unwrap_or_default()}
            data-square={c.square.name()} data-occupied={c.occupied.to_string()}>
            <p>{ format!("✗ {summary}{missed}") }</p>
            if !failure.squares.is_empty() {
                { square_map((&failure.squares, failure.undecided), context.own, "Failing") }
            }
            <p>{ format!(
                "{which}: the {} on {}, occupied {} ({pieces}). Expected {}, the formula gives {}.{differ}",
                target.slider(), c.square, c.occupied, c.expected,
                c.got.as_ref().map_or_else(|_| "a fault".to_string(), |b| b.to_string())
            ) }</p>
            <div class="check-grids">
                <Grid board={c.occupied} caption="the board" sliders={c.square.bit()} />
                <Grid board={c.expected} caption="expected" sliders={c.square.bit()} />
                { got }
            </div>
            if own_empty {
                <p class="check-note" data-proof-counter-example-empty="">{ format!(
                    "The lesson's boards always hold the slider on its square, so this board, with {} empty, cannot be stepped through here.",
                    c.square
                ) }</p>
            } else {
                <button type="button" data-load-proof-counter-example="" onclick={load}>
                    { "Load this board and step through it" }
                </button>
            }
        </div>
    }
}
