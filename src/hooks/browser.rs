//! The browser around the page: its address and history, the root element's flags, and what an
//! embedded view tells its article (its height) or learns from it (whether it is seen).

use gloo::events::EventListener;
use sliders::{Bitboard, Slider, Technique};
use sliders_formula::Target;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IntersectionObserver, IntersectionObserverEntry, ResizeObserver};
use yew::prelude::*;

use crate::effects::Traced;
use crate::model::{Action, Lab, PageAction, PlayerAction, Theme, TraceKey};
use crate::url::{self, Embed, Notice};

/// Where the last state of the full page is kept for the next visit without a query.
const STORAGE_KEY: &str = "slider-lab:last-query";

/// The Performance API mark set when the board is first on screen.
pub const RENDERED_MARK: &str = "slider-lab:board-rendered";

/// The message an embedded page sends its parent with its content height.
pub const HEIGHT_MESSAGE: &str = "slider-lab:height";

/// New setups closer together than this share one history entry: arrow keys in the technique
/// selector change it on every press, and Back should not step through each technique passed.
const BROWSING_MS: f64 = 1000.0;

/// localStorage, when the browser allows it (it may not, e.g. in a sandboxed iframe). The
/// value is the query string itself, so no JSON (and no JSON library) is involved.
fn storage() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

pub fn current_query() -> String {
    gloo::utils::window().location().search().unwrap_or_default()
}

/// The reader's system asks for reduced motion (`prefers-reduced-motion: reduce`).
pub fn prefers_reduced_motion() -> bool {
    let query = gloo::utils::window().match_media("(prefers-reduced-motion: reduce)");
    query.ok().flatten().is_some_and(|list| list.matches())
}

/// The state to start from: the address's query, or else the last visit's, opened as the page
/// opens a link (`crate::effects::open`).
pub fn load() -> (url::Loaded, Option<(TraceKey, Traced)>) {
    let query = current_query();
    if query.len() > 1 {
        return crate::effects::open_traced(&query);
    }
    let (mut loaded, traced) = crate::effects::open_traced(
        &storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()).unwrap_or_default(),
    );
    // A plain address opens the lesson: presentation mode is for the session that asked for it.
    loaded.lab.preferences.presenting = false;
    (loaded, traced)
}

/// What the address says (`url::query_of`): it is written only when one of these changes.
type Addressed =
    ((Technique, bool, std::rc::Rc<str>, Target), (Slider, Bitboard, Bitboard, usize, usize, Theme, bool, bool));

pub fn addressed(lab: &Lab) -> Addressed {
    let (setup, player, preferences) = (&lab.setup, &lab.player, &lab.preferences);
    (
        (setup.technique, setup.formula_open, lab.playground.text.clone(), lab.playground.target),
        (
            setup.slider,
            setup.sliders(),
            setup.occupied,
            player.step,
            player.speed,
            preferences.theme,
            preferences.presenting,
            lab.predict.on,
        ),
    )
}

/// Puts the state in the address. A new technique, slider or square is a new history entry,
/// so Back returns to the previous setup, unless it follows another within [`BROWSING_MS`];
/// every other edit replaces the current entry. `last_setup_ms` is when the last new setup
/// reached the address.
fn sync_address(lab: &Lab, last_setup_ms: &mut f64) {
    let query = url::query_of(lab);
    let shown = url::from_query(&current_query()).lab;
    let Ok(history) = gloo::utils::window().history() else { return };
    let setup = |lab: &Lab| (lab.setup.technique, lab.setup.slider, lab.sliders());
    let new_setup = setup(&shown) != setup(lab);
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

/// The address follows the state; an embedded view leaves the article's history alone.
#[hook]
pub fn use_address_sync(lab: &UseReducerHandle<Lab>, embed: Embed) {
    let last_setup_ms = use_mut_ref(|| f64::NEG_INFINITY);
    use_effect_with(addressed(lab), {
        let lab = (**lab).clone();
        move |_| {
            if !embed.enabled {
                sync_address(&lab, &mut last_setup_ms.borrow_mut());
            }
        }
    });
}

/// Tells the embedding article the page's content height whenever it changes.
fn report_height() -> Option<(ResizeObserver, Closure<dyn FnMut()>)> {
    let window = gloo::utils::window();
    let parent = window.parent().ok()??;
    let body = gloo::utils::document().body()?;
    let measured = body.clone();
    let callback = Closure::<dyn FnMut()>::new(move || {
        let message = js_sys::Object::new();
        // Two pixels to spare: measured while a scrollbar narrows the frame, the content can be
        // a fraction of a pixel taller at the full width, which would bring the scrollbar back
        // with nothing to scroll.
        let height = measured.scroll_height().max(measured.offset_height()) + 2;
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
        dispatcher.dispatch(Action::Player(PlayerAction::Seen(seen)));
    });
    let observer = IntersectionObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&gloo::utils::document().body()?.into());
    Some((observer, callback))
}

/// Once, on the first render: back and forward restore the state their address describes,
/// the first render of the board is marked for the page's start-up budget, and an embedded
/// view starts telling its article its height.
#[hook]
pub fn use_once(lab: &UseReducerHandle<Lab>, embed: Embed, notices: UseStateHandle<Vec<Notice>>) {
    use_effect_with((), {
        let dispatcher = lab.dispatcher();
        let lab_dispatcher = lab.dispatcher();
        move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "popstate", move |_| {
                let restored = crate::effects::open(&current_query());
                notices.set(restored.notices);
                dispatcher.dispatch(Action::Page(PageAction::Restore(Box::new(restored.lab))));
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
}

/// The root element carries what the style sheet needs to know: the theme, presentation mode
/// (which scales the whole page up, in rem) and the embedded view.
#[hook]
pub fn use_root_flags(lab: &UseReducerHandle<Lab>, embed: Embed) {
    let preferences = &lab.preferences;
    let flags = (preferences.theme, preferences.presenting && !embed.enabled, embed.enabled);
    use_effect_with(flags, |&(theme, presenting, embedded)| {
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
}
