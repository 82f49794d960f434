//! The page: state in a reducer, everything else derived from it. The full page and the
//! embedded view (`?embed=1`) share every component; only the layout differs.

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Interval;
use sliders::{Bitboard, Technique};
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, KeyboardEvent, ResizeObserver};
use yew::prelude::*;

use crate::components::board::Board;
use crate::components::code_panel::CodePanel;
use crate::components::formula_panel::FormulaPanel;
use crate::components::key_help::{focus_key_help, key_help, keys_hint};
use crate::components::player::{player, PlayerProps};
use crate::components::result::{attack_result, ResultProps};
use crate::components::setup::{setup, SetupProps};
use crate::components::step_strip::StepStrip;
use crate::components::step_view::{step_view, values_table, StepViewProps};
use crate::model::{Action, Lab, Theme, SPEEDS_MS};
use crate::sources::{use_source, Source};
use crate::url::{self, Embed, Loaded, Notice};
use sliders::animation;

/// Where the last state of the full page is kept for the next visit without a query.
const STORAGE_KEY: &str = "slider-lab:last-query";

/// The Performance API mark set when the board is first on screen.
pub const RENDERED_MARK: &str = "slider-lab:board-rendered";

/// The message an embedded page sends its parent with its content height.
pub const HEIGHT_MESSAGE: &str = "slider-lab:height";

/// The rays a positive-rays-only technique leaves out: what `reference` sees beyond its result.
fn unseen(lab: &Lab, attacks: Bitboard) -> Bitboard {
    if !lab.formula_open && lab.technique.positive_rays_only() {
        Technique::Reference.attacks(lab.slider, lab.square, lab.occupied) & !attacks
    } else {
        Bitboard::EMPTY
    }
}

/// The page's shortcut for a key, if it has one where the key was pressed. `[`, `]`, `K`, `,`,
/// `.`, `?` and Esc work everywhere, the board included (its arrows move between squares); the
/// arrows, Space, Home and End step the player everywhere else. Text fields keep every key, and
/// Space still presses a focused button or square.
fn shortcut(event: &KeyboardEvent, keys_shown: bool, presenting: bool) -> Option<Action> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    let within = |selector: &str| target.closest(selector).ok().flatten().is_some();
    if event.ctrl_key() || event.meta_key() || event.alt_key() {
        return None;
    }
    if within("input[type=text], textarea, select, [contenteditable]") {
        return (event.key() == "Escape" && keys_shown).then_some(Action::ShowKeys(false));
    }
    let on_board = within("[data-square]");
    let on_input = within("input");
    let on_button = within("button, a, summary");
    Some(match event.key().as_str() {
        "?" => Action::ShowKeys(!keys_shown),
        "Escape" if keys_shown => Action::ShowKeys(false),
        "Escape" if presenting => Action::Present(false),
        "p" | "P" => Action::Present(!presenting),
        "[" => Action::Back,
        "]" => Action::Next,
        "k" | "K" => Action::TogglePlay,
        "," => Action::StepFrame(-1),
        "." => Action::StepFrame(1),
        "ArrowLeft" if !on_board && !on_input => Action::Back,
        "ArrowRight" if !on_board && !on_input => Action::Next,
        "Home" if !on_board && !on_input => Action::First,
        "End" if !on_board && !on_input => Action::Last,
        " " if !on_board && !on_button && !on_input => Action::TogglePlay,
        _ => return None,
    })
}

/// The reader's system asks for reduced motion (`prefers-reduced-motion: reduce`).
fn prefers_reduced_motion() -> bool {
    let query = gloo::utils::window().match_media("(prefers-reduced-motion: reduce)");
    query.ok().flatten().is_some_and(|list| list.matches())
}

/// localStorage, when the browser allows it (it may not, e.g. in a sandboxed iframe). The
/// value is the query string itself, so no JSON (and no JSON library) is involved.
fn storage() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

fn current_query() -> String {
    gloo::utils::window().location().search().unwrap_or_default()
}

/// The state to start from: the address's query, or else the last visit's.
fn load() -> Loaded {
    let query = current_query();
    if query.len() > 1 {
        return url::from_query(&query);
    }
    url::from_query(&storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()).unwrap_or_default())
}

/// New setups closer together than this share one history entry: arrow keys in the technique
/// selector change it on every press, and Back should not step through each technique passed.
const BROWSING_MS: f64 = 1000.0;

/// Puts the state in the address. A new technique, slider or square is a new history entry,
/// so Back returns to the previous setup, unless it follows another within [`BROWSING_MS`];
/// every other edit replaces the current entry. `last_setup_ms` is when the last new setup
/// reached the address.
fn sync_address(lab: &Lab, last_setup_ms: &mut f64) {
    let query = url::query_of(lab);
    let shown = url::from_query(&current_query()).lab;
    let Ok(history) = gloo::utils::window().history() else { return };
    let new_setup = (shown.technique, shown.slider, shown.sliders()) != (lab.technique, lab.slider, lab.sliders());
    let now = js_sys::Date::now();
    let browsing = new_setup && now - std::mem::replace(last_setup_ms, now) < BROWSING_MS;
    let _ = if new_setup && !browsing && current_query().len() > 1 {
        history.push_state_with_url(&JsValue::NULL, "", Some(&query))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&query))
    };
    if let Some(storage) = storage() {
        let _ = storage.set_item(STORAGE_KEY, &query);
    }
}

/// Tells the embedding article the page's content height whenever it changes.
fn report_height() -> Option<(ResizeObserver, Closure<dyn FnMut()>)> {
    let window = gloo::utils::window();
    let parent = window.parent().ok()??;
    let body = gloo::utils::document().body()?;
    let measured = body.clone();
    let callback = Closure::<dyn FnMut()>::new(move || {
        let message = js_sys::Object::new();
        let height = measured.scroll_height().max(measured.offset_height());
        let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
        let _ = js_sys::Reflect::set(&message, &"height".into(), &height.into());
        // Only the height leaves the page; the page itself listens to no messages at all.
        let _ = parent.post_message(&message, "*");
    });
    let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&body);
    Some((observer, callback))
}

/// What the visibility observer calls with its entries; kept alive as long as the observer.
type VisibilityCallback = Closure<dyn FnMut(js_sys::Array)>;

/// Tells the player when the page scrolls into the reader's view and out of it: an embed that
/// plays by itself starts only once an article's reader has reached it.
fn watch_visibility(dispatcher: UseReducerDispatcher<Lab>) -> Option<(IntersectionObserver, VisibilityCallback)> {
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let seen = entries.iter().any(|entry| entry.unchecked_into::<IntersectionObserverEntry>().is_intersecting());
        dispatcher.dispatch(Action::Seen(seen));
    });
    let observer = IntersectionObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&gloo::utils::document().body()?.into());
    Some((observer, callback))
}

#[function_component(App)]
pub fn app() -> Html {
    let loaded = use_memo((), |_| load());
    let embed: Embed = loaded.embed;
    let notices = use_state(|| loaded.notices.clone());
    let lab = use_reducer({
        let lab = Lab { reduced_motion: prefers_reduced_motion(), ..loaded.lab.clone() };
        move || lab
    });
    let on_action = {
        let lab = lab.clone();
        Callback::from(move |action: Action| lab.dispatch(action))
    };

    // The address follows the state; an embedded view leaves the article's history alone.
    let last_setup_ms = use_mut_ref(|| f64::NEG_INFINITY);
    // What the address says (`url::query_of`): it is written only when one of these changes.
    let addressed = (
        (lab.technique, lab.formula_open, lab.playground.text.clone(), lab.playground.target),
        (lab.slider, lab.sliders(), lab.occupied, lab.step, lab.speed, lab.theme, lab.presenting),
    );
    use_effect_with(
        addressed.clone(),
        {
            let lab = (*lab).clone();
            move |_| {
                if !embed.enabled {
                    sync_address(&lab, &mut last_setup_ms.borrow_mut());
                }
            }
        },
    );

    // The panels module draws from the state the address describes: told after every change of
    // it, or of the formula panel's hosts, and fetched once the lesson is on screen.
    let hosts = (lab.playground.formula.is_some(), lab.playground.error.is_some());
    use_effect_with((addressed, formula_checked(&lab.playground), lab.show_indices, hosts), {
        let lab = (*lab).clone();
        move |(_, checked, indices, _)| crate::panels_link::publish(&url::query_of(&lab), *checked, *indices)
    });
    // An embed draws the module's hosts only in a formula's panel, when it shows its code.
    let panels_shown = !embed.enabled || (embed.code && lab.formula_open);
    use_effect_with(panels_shown, {
        let dispatcher = lab.dispatcher();
        move |&shown| {
            let listener = shown.then(|| {
                crate::panels_link::load();
                crate::panels_link::listen(move |action| dispatcher.dispatch(action))
            });
            move || drop(listener)
        }
    });

    // Once, on the first render: back and forward restore the state their address describes,
    // the first render of the board is marked for the page's start-up budget, and an embedded
    // view starts telling its article its height.
    use_effect_with((), {
        let dispatcher = lab.dispatcher();
        let lab_dispatcher = lab.dispatcher();
        let notices = notices.clone();
        move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "popstate", move |_| {
                let restored = url::from_query(&current_query());
                notices.set(restored.notices);
                dispatcher.dispatch(Action::Restore(Box::new(restored.lab)));
            });
            if let Some(performance) = gloo::utils::window().performance() {
                let _ = performance.mark(RENDERED_MARK);
            }
            let reporter = embed.enabled.then(report_height).flatten();
            let watcher = embed.enabled.then(|| watch_visibility(lab_dispatcher)).flatten();
            move || {
                drop(listener);
                if let Some((observer, _callback)) = reporter {
                    observer.disconnect();
                }
                if let Some((observer, _callback)) = watcher {
                    observer.disconnect();
                }
            }
        }
    });

    // The root element carries what the style sheet needs to know: the theme, presentation
    // mode (which scales the whole page up, in rem) and the embedded view.
    use_effect_with((lab.theme, lab.presenting && !embed.enabled, embed.enabled), |&(theme, presenting, embedded)| {
        if let Some(root) = gloo::utils::document().document_element() {
            let flag = |name: &str, on: bool| {
                let _ = if on { root.set_attribute(name, "") } else { root.remove_attribute(name) };
            };
            let _ = match theme {
                Theme::Auto => root.remove_attribute("data-theme"),
                _ => root.set_attribute("data-theme", theme.name()),
            };
            flag("data-present", presenting);
            flag("data-embed", embedded);
        }
    });

    // The formula language is fetched the first time a formula opens (a menu, an example or a
    // link); until it is here, the editor holds the text and says it is on its way.
    use_effect_with((lab.formula_open, lab.language == crate::language::Status::Absent), {
        let dispatcher = lab.dispatcher();
        move |&(open, absent)| {
            if open && absent {
                dispatcher.dispatch(Action::LanguageLoading);
                wasm_bindgen_futures::spawn_local(async move {
                    let loaded = crate::language::load().await.map_err(Into::into);
                    dispatcher.dispatch(Action::LanguageLoaded(loaded));
                });
            }
        }
    });

    // A link with `expect=` starts the check once its formula reads, where the formula panel
    // (which drives the check's slices) is on screen.
    let check_due = lab.check_when_read && lab.formula_open && lab.playground.formula.is_some() && (!embed.enabled || embed.code);
    use_effect_with(check_due, {
        let dispatcher = lab.dispatcher();
        move |&due| {
            if due {
                let now = gloo::utils::window().performance().map_or(0.0, |p| p.now());
                dispatcher.dispatch(Action::StartCheck(now));
            }
        }
    });

    // The frame timer runs only while something animates.
    use_effect_with((lab.running, lab.speed), {
        let dispatcher = lab.dispatcher();
        move |&(running, speed)| {
            let timer = running.then(|| Interval::new(SPEEDS_MS[speed], move || dispatcher.dispatch(Action::Tick)));
            move || drop(timer)
        }
    });

    // Page-wide keyboard shortcuts for the player; re-bound when the key list opens or closes,
    // or presentation mode starts or ends. The list, when it opens, takes the focus.
    use_effect_with((lab.show_keys, lab.presenting), {
        let dispatcher = lab.dispatcher();
        move |&(keys_shown, presenting)| {
            if keys_shown {
                focus_key_help();
            }
            // Not passive (gloo's default): Space must be able to cancel the page's scroll.
            let options = EventListenerOptions::enable_prevent_default();
            let listener =
                EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |event| {
                    let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                    if let Some(action) = shortcut(event, keys_shown, presenting && !embed.enabled) {
                        event.prevent_default();
                        dispatcher.dispatch(action);
                    }
                });
            move || drop(listener)
        }
    });

    let formula = lab.playground.formula.clone().filter(|_| lab.formula_open);
    let traced = (lab.technique, formula.clone(), lab.slider, lab.sliders(), lab.occupied);
    // The trace, and a formula's fault on this board: run once per board and formula, not on
    // every frame the player draws.
    let traced = use_memo(traced, |_| lab.trace_and_fault());
    let (trace, fault) = &*traced;
    let attacks = trace.result;
    let positive_rays_only = !lab.formula_open && lab.technique.positive_rays_only();
    // A formula whose last step gives a number, and that number as its result, computed a
    // count or a square, not attacks.
    let number = match trace.steps.last().map(|step| step.result) {
        Some(sliders::Value::Number(n)) if lab.formula_open && trace.result.0 == n as u64 => Some(n),
        _ => None,
    };
    let current = trace.steps.get(lab.step).cloned();
    // The file that made the current step, for its why (not in the wasm: feature whys-in-files);
    // a formula's steps carry their own.
    let step_file = current.as_ref().filter(|_| !lab.formula_open).map(|step| {
        if lab.technique.made(step) {
            lab.technique.source_file()
        } else {
            "compose.rs"
        }
    });
    let step_source = use_source(step_file);
    let frame = current.as_ref().map(|step| animation::frame(step, lab.frame)).unwrap_or_default();
    let playing = lab.running || lab.autoplay;

    let notice_list = {
        let items = notices.iter().enumerate().map(|(index, Notice { parameter, message })| {
            let notices = notices.clone();
            let dismiss = Callback::from(move |_: MouseEvent| {
                let mut rest = (*notices).clone();
                rest.remove(index);
                notices.set(rest);
            });
            html! {
                <li class="notice" data-notice={*parameter}>
                    <span>{ message }</span>
                    <button type="button" class="dismiss" aria-label={format!("Dismiss the notice about {parameter}")} onclick={dismiss}>{ "×" }</button>
                </li>
            }
        });
        html! { if !notices.is_empty() { <ul class="notices" role="status">{ for items }</ul> } }
    };
    let message = lab.message.as_ref().map(|message| {
        let dismiss = on_action.reform(|_: MouseEvent| Action::DismissMessage);
        html! {
            <div class="message" role="alert" data-message="">
                <span>{ message }</span>
                <button type="button" class="dismiss" aria-label="Dismiss" onclick={dismiss}>{ "×" }</button>
            </div>
        }
    }).unwrap_or_default();
    let board = html! {
        <Board occupied={lab.occupied} slider={lab.slider} square={lab.square} others={lab.others} {attacks}
            unseen={unseen(&lab, attacks)} show_indices={lab.show_indices} on_action={on_action.clone()} />
    };
    let player = html! {
        { player(&PlayerProps { step: lab.step, count: trace.steps.len(), playing, speed: lab.speed, on_action: on_action.clone() }) }
    };
    // The embed clamps the narration to three lines, and the lesson folds all but its first
    // sentence where the code would get under 8 lines; "more" opens it (main.css: a checkbox,
    // so no state of the app's, and shown only when something is hidden).
    let after_narration = html! {
        <>
            <input type="checkbox" id="narration-more" class="visually-hidden" data-narration-more=""
                aria-label="Show the whole explanation" />
            <label for="narration-more" class="narration-more"></label>
        </>
    };
    let board_context = sliders::narration::Board::of(trace);
    let step_view = current.clone().map(|step| {
        let hint = keys_hint(&on_action);
        let why = match &step_source {
            _ if lab.formula_open => Some(step.why.to_string()),
            Source::Ready(text) => Some(sliders::whys::why_in_source(text, &step).unwrap_or_default()),
            // A file that cannot come leaves the sentence without its why, not waiting forever.
            Source::Failed(_) => Some(String::new()),
            Source::Loading => None,
        };
        step_view(&StepViewProps {
            step,
            index: lab.step,
            count: trace.steps.len(),
            frame,
            board: board_context,
            keys_hint: hint,
            after_narration: after_narration.clone(),
            why,
        })
    });
    // The list of keys and the message are each one node, drawn or empty, never an item spliced
    // into the layout's children: yew matches unkeyed children from the end, so a node that
    // appears in the middle of a list re-creates every node before it, and with them the empty
    // hosts the panels module draws into (which it would not know to draw again).
    let key_help = lab.show_keys.then(|| key_help(&on_action)).unwrap_or_default();
    // The code that runs: the technique's file, or the reader's formula in its editor.
    let code = if lab.formula_open {
        html! {
            <FormulaPanel playground={lab.playground.clone()} span={trace.spans.get(lab.step).copied()} spans={trace.spans.clone()} step={lab.step}
                fault={fault.clone()} steps={trace.steps.len()} language={lab.language.clone()}
                on_action={on_action.clone()} />
        }
    } else {
        html! { <CodePanel technique={lab.technique} step={current.clone()} /> }
    };
    let title = if lab.formula_open {
        format!("Your formula · {}", lab.playground.target.describe())
    } else {
        format!("{} · {}", lab.technique.article().title(), lab.technique.title())
    };
    if embed.enabled {
        let full_page =
            format!("{}{}", gloo::utils::window().location().pathname().unwrap_or_default(), url::query_of(&lab));
        // Laid out by the frame's own width (container queries in main.css): the board beside
        // the step in a wide frame, above it in a narrow one, so that the board, the step and its
        // narration fill about one screen of an article.
        return html! {
            <main class="lab embed-view">
                { notice_list }
                { message.clone() }
                <div class="embed-head">
                    <h1 class="embed-title">{ title.clone() }</h1>
                    <a class="open-full" href={full_page} target="_blank" rel="noopener" data-open-full="">{ "Open in Slider Lab ↗" }</a>
                </div>
                <div class="embed-board">{ board }</div>
                <div class="embed-side">
                    { attack_result(&ResultProps { positive_rays_only, attacks, number }) }
                    if embed.controls { { player } } else {
                        // Steps that play by themselves can always be paused (WCAG 2.2.2).
                        <button type="button" class="player-button" data-player="toggle"
                            onclick={on_action.reform(|_: MouseEvent| Action::TogglePlay)}>
                            { if playing { "❚❚ Pause" } else { "▶ Play" } }
                        </button>
                    }
                </div>
                <div class="embed-step">{ for step_view }</div>
                if embed.code {
                    { code.clone() }
                }
                { key_help.clone() }
            </main>
        };
    }

    // The player, the step and its code: the same in the lesson and in presentation mode.
    let stepper = html! {
        <section class="stepper" aria-label="Steps of the technique">
            { player }
            { for step_view }
            { code }
        </section>
    };
    if lab.presenting {
        // For a projector: the board, the step with its narration, and the code, nothing else.
        return html! {
            <main class="lab present-view" data-presenting="">
                <h1 class="visually-hidden">{ "Slider Lab, presentation" }</h1>
                { notice_list }
                { message.clone() }
                <div class="present-board">
                    <h2 class="present-title">{ title }</h2>
                    { board }
                    <button type="button" class="present-exit" data-present-exit=""
                        onclick={on_action.reform(|_: MouseEvent| Action::Present(false))}>
                        { "Leave presentation (P)" }
                    </button>
                </div>
                { stepper }
                { key_help.clone() }
            </main>
        };
    }

    let on_theme = on_action.reform(|event: Event| {
        let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
        Action::SetTheme(Theme::from_name(&select.value()).unwrap_or(Theme::Auto))
    });
    let themes = Theme::ALL.iter().map(|theme| {
        html! { <option value={theme.name()} selected={*theme == lab.theme}>{ theme.name() }</option> }
    });
    html! {
        <>
            <header class="page-header">
                <h1>{ "Slider Lab" }</h1>
                <p class="tagline">{ "Sliding-piece attacks with bitboards, step by step, computed in WebAssembly" }</p>
                <div class="header-tools">
                    <label>
                        <span class="control-label">{ "Theme" }</span>
                        <select onchange={on_theme} data-theme-select="">{ for themes }</select>
                    </label>
                    <button type="button" data-present-open="" title="Only the board, the step and the code, scaled up for a projector"
                        onclick={on_action.reform(|_: MouseEvent| Action::Present(true))}>
                        { "Present (P)" }
                    </button>
                    <div class="share-host" data-panel-host="share"></div>
                </div>
            </header>
            <main class="lab">
                { notice_list }
                { message.clone() }
                // The lesson: the board the reader edits beside the step it changes, its
                // narration and the line of code, all on one screen from 1280x720 up.
                <div class="lesson">
                    <div class="board-column">
                        { board }
                        { setup(&SetupProps { technique: lab.technique, formula_open: lab.formula_open, slider: lab.slider, tool: lab.tool, on_action: on_action.clone() }) }
                        { attack_result(&ResultProps { positive_rays_only, attacks, number }) }
                    </div>
                    { stepper }
                    <div class="more">
                        // The position's field, and the technique's explanation (or the language's):
                        // drawn by the panels module too.
                        <div class="position-host" data-panel-host="position"></div>
                        <div data-panel-host="info"></div>
                    </div>
                </div>
                <section class="step-details" aria-label="Every step">
                    <StepStrip steps={trace.steps.clone()} current={lab.step} on_action={on_action.clone()} />
                    { for current.as_ref().map(values_table) }
                </section>
                // Drawn by the panels module, fetched once the lesson is on screen (panels_link.rs).
                <div data-panel-host="export"></div>
                <div data-panel-host="compare"></div>
                <div data-panel-host="benchmark"></div>
            </main>
            { key_help.clone() }
            <footer class="page-footer">
                { "Techniques from the chessprogramming wiki (CC BY-SA). LERF mapping: a1 = bit 0, h8 = bit 63." }
            </footer>
        </>
    }
}

/// Whether the Benchmark panel may time the reader's formula: once it and its compiled function
/// agreed with the reference on every case, and while the typed text is that formula's or
/// another that reads.
fn formula_checked(playground: &crate::model::Playground) -> bool {
    use sliders::formula::CheckOutcome;
    // A text with an error is not what would be timed.
    playground.error.is_none()
        && matches!(
            (&playground.check, &playground.compiled),
            (crate::model::Check::Done { outcome: CheckOutcome::Agrees { .. }, compiled: Some(Ok(_)), .. }, Some(Ok(_)))
        )
}
