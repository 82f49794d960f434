//! The panels module (`panels.wasm`, built from `src/bin/panels.rs`): Share, Copy for an
//! article, Compare and Benchmark, the position's field and the technique's explanation beside
//! the lesson, and in the formula panel the WebAssembly listing and Copy as C / Rust, drawn into the hosts the page renders for them, from the state the page publishes
//! ([`crate::panels_link`]). The page fetches it once the lesson is on screen.
//!
//! The module is a yew app of its own, mounted on an element outside the document; each panel
//! is a portal into its host. Two yew apps number their subtrees from 1 each, and tell by that
//! number which of them an event in the document belongs to: the page's app is 1 and makes no
//! portals, so this app, never in the document itself, keeps every number the document sees
//! from 2 up, apart from the page's.

use gloo::events::EventListener;
use js_sys::Reflect;
use yew::prelude::*;

use crate::components::benchmark::{BenchFormula, Benchmark};
use crate::components::check::{check_start, check_verdict};
use crate::components::compare::Compare;
use crate::components::engine_export::EngineExport;
use crate::components::export::Export;
use crate::components::formula_panel::language_help;
use crate::components::formula_panel::{bring_lit_instructions_into_view, wasm_view};
use crate::components::position::Position;
use crate::components::proof::ProofPanel;
use crate::components::share::Share;
use crate::components::technique_info::technique_info;
use crate::hooks::{use_formula_check, CheckedFormula};
use crate::language::Status;
use crate::model::{Action, Check};
use crate::panels_link::{host, send, text_of, STATE, STATE_EVENT};
use crate::sources::use_source;

/// What the page published: its query, whether it opened from a link that asks for the
/// formula's check, and whether the board shows square numbers.
#[derive(Clone, PartialEq, Default)]
struct Published {
    query: String,
    check_when_read: bool,
    indices: bool,
}

fn published() -> Published {
    let state = Reflect::get(&gloo::utils::window(), &STATE.into()).unwrap_or_default();
    let field = |name: &str| Reflect::get(&state, &name.into()).ok();
    Published {
        query: field("query").and_then(|query| query.as_string()).unwrap_or_default(),
        check_when_read: field("checkWhenRead").and_then(|asked| asked.as_bool()).unwrap_or(false),
        indices: field("indices").and_then(|indices| indices.as_bool()).unwrap_or(false),
    }
}

/// The page's element `panel` is drawn into, if the page shows that panel now, and its serial:
/// a number of its own for each element the page renders as a host.
fn host_of(panel: &str) -> Option<(web_sys::Element, String)> {
    thread_local! {
        static HOSTS_SEEN: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    let element = gloo::utils::document().query_selector(&host(panel)).ok().flatten()?;
    let serial = element.get_attribute(SERIAL).unwrap_or_else(|| {
        let serial = HOSTS_SEEN.with(|seen| seen.replace(seen.get() + 1)).to_string();
        let _ = element.set_attribute(SERIAL, &serial);
        serial
    });
    Some((element, serial))
}

/// A host's serial, kept on the element.
const SERIAL: &str = "data-panel-serial";

/// An action of a panel, sent to the page: only those the panels make have a text.
fn to_page(action: Action) {
    if let Some(text) = text_of(&action) {
        send(&text);
    }
}

#[derive(Properties, PartialEq)]
struct ListingProps {
    playground: crate::model::Playground,
    step: usize,
    spans: Vec<sliders_formula::Span>,
}

/// The formula's WebAssembly, the current step's instructions lit and brought into view.
#[function_component(Listing)]
fn listing(props: &ListingProps) -> Html {
    use_effect(bring_lit_instructions_into_view);
    wasm_view(&props.playground, props.step, &props.spans)
}

#[function_component(Panels)]
fn panels() -> Html {
    let state = use_state(published);
    let language = use_state(|| Status::Absent);
    use_effect_with((), {
        let state = state.clone();
        move |_| {
            let listener = EventListener::new(&gloo::utils::window(), STATE_EVENT, move |_| state.set(published()));
            move || drop(listener)
        }
    });
    // Once drawn, the page's root says which state the panels show (tests wait for it).
    use_effect_with(state.query.clone(), |query| {
        if let Some(root) = gloo::utils::document().document_element() {
            let _ = root.set_attribute("data-panels-query", query);
        }
    });
    // The page's state as its address gives it, the formula read as the page reads it.
    let lab = crate::effects::read(crate::url::from_query(&state.query).lab);
    // A formula is run here as in the page: the language is fetched the first time one opens.
    let wants_language = lab.setup.formula_open && *language == Status::Absent;
    use_effect_with(wants_language, {
        let language = language.clone();
        move |&wanted| {
            if wanted {
                language.set(Status::Loading);
                wasm_bindgen_futures::spawn_local(async move {
                    language.set(match crate::language::load().await {
                        Ok(()) => Status::Ready,
                        Err(why) => Status::Failed(why.into()),
                    });
                });
            }
        }
    });
    let on_action = Callback::from(to_page);
    let to_page_action = on_action.clone();
    let trace = crate::effects::trace(&lab);
    let source = use_source((!lab.setup.formula_open).then_some(lab.setup.technique.source_file()));
    let formula = lab.playground.formula.clone();
    let open_formula = formula.clone().filter(|_| lab.setup.formula_open);
    let open_formula_text = open_formula.clone();
    let module = match &lab.playground.compiled {
        Some(Ok(module)) => Some(module.clone()),
        _ => None,
    };
    let target = lab.playground.target;
    let checked_formula = CheckedFormula {
        formula: open_formula.clone(),
        target,
        module: module.clone(),
        check_when_read: state.check_when_read,
    };
    let (check, start_check) = use_formula_check(&checked_formula, &on_action);
    // While the typed text has an error, the check waits for a text that reads.
    let can_start = open_formula.is_some() && lab.playground.error.is_none();
    // The Benchmark times the formula only once it and its compiled function passed the check,
    // while the typed text is that formula's.
    let bench_formula = module
        .filter(|_| check.agreed() && lab.playground.error.is_none())
        .map(|module| BenchFormula { module, target });
    // A portal keeps the listeners of the element it was made in, so a host the page renders
    // anew (after presentation mode, say) gets a new portal: keyed by the element's serial.
    let portal = |panel: &str, view: Html| {
        host_of(panel)
            .map(|(host, serial)| html! { <div key={format!("{panel}-{serial}")}>{ create_portal(view, host) }</div> })
    };
    html! {
        <>
            { for portal("share", html! { <Share lab={lab.clone()} /> }) }
            { for portal("position", html! {
                <Position occupied={lab.setup.occupied} show_indices={state.indices} on_action={on_action.clone()} />
            }) }
            { for portal("info", if lab.setup.formula_open { language_help() } else { technique_info(lab.setup.technique, &source, &on_action) }) }
            { for portal("export", html! { <Export trace={trace.clone()} step={lab.player.step} formula={open_formula} /> }) }
            { for portal("compare", html! {
                <Compare slider={lab.setup.slider} square={lab.setup.square} others={lab.setup.others} occupied={lab.setup.occupied}
                    selected={lab.setup.technique} formula={formula.map(|f| (f, lab.playground.target))}
                    formula_open={lab.setup.formula_open} on_action={on_action.clone()} />
            }) }
            { for portal("benchmark", html! { <Benchmark formula={bench_formula} /> }) }
            { for portal("formula-wasm", html! {
                <Listing playground={lab.playground.clone()} step={lab.player.step} spans={trace.spans()} />
            }) }
            { for lab.playground.formula.clone().and_then(|formula| portal("engine-export", html! { <EngineExport {formula} /> })) }
            { for portal("formula-check-start", check_start(&check, can_start, start_check)) }
            { for open_formula_text.clone().and_then(|formula| portal("formula-check", check_verdict(&formula, target, &check, &on_action))) }
            { for portal("formula-proof", html! {
                <ProofPanel formula={open_formula_text} target={target} check_ended={matches!(check, Check::Done { .. })}
                    check_agreed={check.agreed()} on_action={to_page_action} />
            }) }
        </>
    }
}

/// Mounts the panels, on an element that is never in the document (see the module's comment).
pub fn start() {
    // The module carries every technique for its own panels (Compare, Benchmark): its trace of
    // the page's state is computed here, not asked of techniques.wasm.
    #[cfg(target_arch = "wasm32")]
    // It shows no step's sentence: its traces go without.
    crate::techniques::answer_here(|request, bytes| sliders_formula::wire::answer_technique(request, bytes, None));
    if let Ok(root) = gloo::utils::document().create_element("div") {
        yew::Renderer::<Panels>::with_root(root).render();
    }
}
