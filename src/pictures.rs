//! The "Copy for an article" panel's work, done by `static/pictures.js` and the `pictures.wasm`
//! module it fetches: both are loaded the first time a reader uses the panel, so the first load
//! carries none of it. The drawing is the core's (`sliders_pictures::figure`, `sliders_pictures::wikitable`,
//! `sliders_pictures::diagram`), run in that module on the very position and step on screen.

use gloo::events::EventListener;
use js_sys::{Function, Object, Reflect};
use sliders::{Slider, Technique, Trace};
use wasm_bindgen::{JsCast, JsValue};

/// What the script defines on `window`.
const API: &str = "sliderLabPictures";
/// Where a click waits for the script, which takes it up when it starts.
const PENDING: &str = "sliderLabPending";
/// The script, relative to the page (asset URLs are relative, for any sub-path), and its id.
const SCRIPT: &str = "static/pictures.js";
const SCRIPT_ID: &str = "slider-lab-pictures";

/// The script's API if it is loaded.
fn loaded() -> Option<JsValue> {
    Reflect::get(&gloo::utils::window(), &API.into()).ok().filter(|api| !api.is_undefined())
}

fn call(api: &JsValue, method: &str, request: &Object) {
    let function = Reflect::get(api, &method.into()).ok().and_then(|f| f.dyn_into::<Function>().ok());
    if let Some(function) = function {
        let _ = function.call1(api, request);
    }
}

/// A click on the panel's button `hook`: a copy, or a `download`. The script answers in the
/// panel itself; the first click loads it, and only its failure to load is said here.
pub fn act(request: Object, hook: &str, download: bool, failed: impl FnOnce() + 'static) {
    set(&request, "hook", hook.into());
    set(&request, "download", download.into());
    if let Some(api) = loaded() {
        return call(&api, "act", &request);
    }
    let window = gloo::utils::window();
    let _ = Reflect::set(&window, &PENDING.into(), &request);
    let document = gloo::utils::document();
    if document.get_element_by_id(SCRIPT_ID).is_some() {
        return;
    }
    let (Ok(script), Some(head)) = (document.create_element("script"), document.head()) else { return failed() };
    script.set_id(SCRIPT_ID);
    let _ = script.set_attribute("src", SCRIPT);
    EventListener::once(&script, "error", move |_| failed()).forget();
    let _ = head.append_child(&script);
}

/// The step or the position on screen changed: if the panel is in use, its preview follows.
pub fn refresh(request: Object) {
    if let Some(api) = loaded() {
        call(&api, "refresh", &request);
    }
}

/// The position the panel works on: the trace on screen, its current step, and the reader's
/// formula when the trace is its.
pub fn request(trace: &Trace, step: usize, formula: Option<&str>) -> Object {
    let request = Object::new();
    if let Some(formula) = formula.filter(|_| trace.technique.is_none()) {
        set(&request, "formula", formula.into());
    }
    let technique = Technique::ALL.iter().position(|&t| Some(t) == trace.technique).unwrap_or(0);
    let slider = Slider::ALL.iter().position(|&s| s == trace.slider).unwrap_or(0);
    set(&request, "technique", (technique as u32).into());
    set(&request, "slider", (slider as u32).into());
    // Hex text: JavaScript numbers cannot hold 64 bits; the script reads them as BigInt.
    set(&request, "sliders", trace.sliders.to_string().into());
    set(&request, "occupied", trace.occupied.to_string().into());
    set(&request, "step", (step as u32).into());
    set(&request, "steps", (trace.steps.len() as u32).into());
    set(&request, "stem", file_stem(trace).into());
    request
}

fn set(object: &Object, key: &str, value: JsValue) {
    let _ = Reflect::set(object, &key.into(), &value);
}

/// The start of a download's name: the technique and the sliders' squares, `sbamg-d1`; the
/// script adds the step (numbered as on screen) or "trace", and the format: `sbamg-d1-step-5.svg`.
pub fn file_stem(trace: &Trace) -> String {
    let mut stem = trace.technique.map_or("formula", |t| t.name()).to_string();
    for square in trace.sliders.squares() {
        stem.push('-');
        stem.push_str(&square.to_string());
    }
    stem
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Bitboard, Square};

    #[test]
    fn file_names_start_with_the_technique_and_the_squares() {
        let trace = Technique::Sbamg.trace(Slider::Rook, Square::D1, Bitboard(0x43));
        assert_eq!(file_stem(&trace), "sbamg-d1");
        let two =
            Technique::KoggeStone.trace_many(Slider::Rook, Square::D4.bit() | Square::F6.bit(), Bitboard(0)).unwrap();
        assert_eq!(file_stem(&two), "kogge-stone-d4-f6");
    }
}
