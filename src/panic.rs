//! If the page panics, it says so instead of going blank: a banner tells the reader what
//! happened and offers a fresh start, and the message goes to the console for the bug report.
//! The saved state is forgotten first, so the fresh start cannot load the state that crashed.
//!
//! The release build has no panic messages: its standard library is built with the
//! `immediate-abort` panic strategy (docs/page-weight.md), so a panic stops the module at once
//! with a trap, a `WebAssembly.RuntimeError`. A listener on the window's errors shows the banner
//! for it. Development builds keep the panic hook, which adds the message and its place.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The saved state that the fresh start must not bring back (see `components::app`).
const STORAGE_KEY: &str = "slider-lab:last-query";

/// Shows the banner on any panic from now on.
pub fn install() {
    // With immediate-abort a panic never reaches a hook: the release build leaves it out.
    #[cfg(not(panic = "immediate-abort"))]
    std::panic::set_hook(Box::new(|info| {
        let what = info.payload_as_str().unwrap_or("a panic without a message");
        let message = match info.location() {
            Some(place) => format!("{what} (at {}:{})", place.file(), place.line()),
            None => what.to_string(),
        };
        report(&message);
    }));
    let Some(window) = web_sys::window() else { return };
    // An error thrown by an event handler arrives as an ErrorEvent; one thrown while the module
    // starts, inside the loader's `await init()`, as a rejected promise.
    let on_error = Closure::<dyn Fn(JsValue)>::new(|event: JsValue| {
        let error = match event.dyn_ref::<web_sys::ErrorEvent>() {
            Some(event) => event.error(),
            None => event.dyn_ref::<web_sys::PromiseRejectionEvent>().map(|e| e.reason()).unwrap_or_default(),
        };
        if let Some(trap) = error.dyn_ref::<js_sys::WebAssembly::RuntimeError>() {
            report(&format!("the WebAssembly module trapped ({})", String::from(trap.to_string())));
        }
    });
    for kind in ["error", "unhandledrejection"] {
        let _ = window.add_event_listener_with_callback(kind, on_error.as_ref().unchecked_ref());
    }
    // The listener lives as long as the page.
    on_error.forget();
}

/// The console line and the banner, once: a panic in a development build both runs the hook
/// and then traps.
fn report(message: &str) {
    let shown = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[data-panic-banner]").ok().flatten())
        .is_some();
    if !shown {
        web_sys::console::error_1(&JsValue::from_str(&format!("Slider Lab stopped: {message}")));
        show_banner(message);
    }
}

/// The banner: plain DOM, since the app that would draw it is the part that failed.
fn show_banner(message: &str) -> Option<()> {
    let window = web_sys::window()?;
    if let Ok(Some(storage)) = window.local_storage() {
        let _ = storage.remove_item(STORAGE_KEY);
    }
    let document = window.document()?;
    let body = document.body()?;
    let banner = document.create_element("div").ok()?;
    banner.set_class_name("panic-banner");
    banner.set_attribute("role", "alert").ok()?;
    banner.set_attribute("data-panic-banner", "").ok()?;
    let text = document.create_element("p").ok()?;
    text.set_text_content(Some(
        "Slider Lab stopped: something went wrong inside the page, and it cannot go on. \
         The details are in the browser's console.",
    ));
    let detail = document.create_element("p").ok()?;
    detail.set_class_name("panic-detail");
    detail.set_text_content(Some(&crate::input::clip(message)));
    let reset = document.create_element("a").ok()?;
    let page = window.location().pathname().unwrap_or_else(|_| "./".into());
    reset.set_attribute("href", &page).ok()?;
    reset.set_attribute("data-panic-reset", "").ok()?;
    reset.set_text_content(Some("Start again from the default board"));
    banner.append_child(&text).ok()?;
    banner.append_child(&detail).ok()?;
    banner.append_child(&reset).ok()?;
    body.prepend_with_node_1(&banner).ok()?;
    Some(())
}

/// Test builds only (`--features force-panic`): `?panic=1` panics on start, so the end-to-end
/// tests can see the banner. Release builds have no such switch.
#[cfg(feature = "force-panic")]
pub fn panic_if_asked() {
    let query = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    if query.split(['?', '&']).any(|pair| pair == "panic=1") {
        panic!("forced by ?panic=1 in a build with the force-panic feature");
    }
}
