//! Copying text through the browser's clipboard API. The browser may refuse (no permission, an
//! insecure origin, an iframe without the clipboard-write permission): the caller then shows
//! the text in a selected text area so the reader can copy it by hand.

use yew::Callback;

/// Tries to copy `text`; `done` gets `Ok` or the reason it was refused.
pub fn copy(text: String, done: Callback<Result<(), String>>) {
    let Some(window) = web_sys::window() else {
        done.emit(Err("no window".into()));
        return;
    };
    let promise = window.navigator().clipboard().write_text(&text);
    yew::platform::spawn_local(async move {
        let outcome = wasm_bindgen_futures::JsFuture::from(promise).await;
        done.emit(
            outcome.map(|_| ()).map_err(|error| error.as_string().unwrap_or_else(|| "the browser refused".into())),
        );
    });
}
