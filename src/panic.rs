//! If the page panics, it says so instead of going blank: a banner tells the reader what
//! happened and offers a fresh start, and the message goes to the console for the bug report.
//! The saved state is forgotten first, so the fresh start cannot load the state that crashed.

use wasm_bindgen::JsValue;

/// The saved state that the fresh start must not bring back (see `components::app`).
const STORAGE_KEY: &str = "slider-lab:last-query";

/// Shows the banner on any panic from now on.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let what = info.payload_as_str().unwrap_or("a panic without a message");
        let message = match info.location() {
            Some(place) => format!("{what} (at {}:{})", place.file(), place.line()),
            None => what.to_string(),
        };
        web_sys::console::error_1(&JsValue::from_str(&format!("Slider Lab stopped: {message}")));
        show_banner(&message);
    }));
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
