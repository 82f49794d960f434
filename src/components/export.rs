//! "Copy for an article". Copy: the current step as the articles' ASCII (labelled, the slider
//! marked, ready for a `<pre>` block), as SVG or as a MediaWiki table; the result as ASCII, hex,
//! a C or Rust literal; or the whole trace as text. Download: the step or the whole trace as
//! SVG, PNG (1x, 2x) or an animated GIF, named like `sbamg-d1-step-5.svg`.
//!
//! The page draws the panel's controls and leaves its status and preview empty: the work is
//! done by the pictures module and its script (`crate::pictures`), loaded on the first click, so
//! that none of it weighs on the first load. Every text and picture comes from the core's
//! `diagram`, `figure` and `wikitable` modules, the same code the `sliders trace` command runs.

use sliders::Trace;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

use crate::pictures;

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub trace: Trace,
    pub step: usize,
    /// The reader's formula, when the trace is its: the pictures module runs it again.
    pub formula: Option<std::rc::Rc<str>>,
}

const COPIES: [(&str, &str); 8] = [
    ("step", "Step as ASCII"),
    ("svg", "Step as SVG"),
    ("wikitable", "Step as wikitable"),
    ("result", "Result as ASCII"),
    ("hex", "Hex"),
    ("c", "C literal"),
    ("rust", "Rust literal"),
    ("trace", "Whole trace"),
];

const DOWNLOADS: [(&str, &str); 4] = [("svg", "SVG"), ("png", "PNG"), ("png2", "PNG 2x"), ("gif", "GIF")];

#[function_component(Export)]
pub fn export(props: &ExportProps) -> Html {
    let step = props.step.min(props.trace.steps.len().saturating_sub(1));
    // Only a script that will not load is said here; the script reports everything else.
    let failed = use_state(|| false);
    // Once the panel is in use, its preview follows the step on screen.
    use_effect_with((props.trace.clone(), step, props.formula.clone()), |(trace, step, formula)| {
        pictures::refresh(pictures::request(trace, *step, formula.as_deref()))
    });
    // One listener for every button: which one was pressed is in its data attribute.
    let onclick = {
        let (trace, failed, formula) = (props.trace.clone(), failed.clone(), props.formula.clone());
        Callback::from(move |event: MouseEvent| {
            let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
            let Ok(Some(button)) = target.closest("[data-export], [data-download]") else { return };
            let (hook, download) = match (button.get_attribute("data-export"), button.get_attribute("data-download")) {
                (Some(hook), _) => (hook, false),
                (None, Some(hook)) => (hook, true),
                _ => return,
            };
            let failed = failed.clone();
            pictures::act(pictures::request(&trace, step, formula.as_deref()), &hook, download, move || {
                failed.set(true)
            });
        })
    };
    let copies = COPIES
        .iter()
        .map(|&(hook, label)| html! { <button type="button" class="choice" data-export={hook}>{ label }</button> });
    let downloads =
        DOWNLOADS.iter().map(|&(hook, label)| html! { <button type="button" data-download={hook}>{ label }</button> });
    html! {
        <section class="export" aria-label="Export for articles" data-export-panel="" {onclick}>
            <h2>{ "Copy for an article" }</h2>
            <div class="control-row">{ for copies }</div>
            <div class="control-row">
                <label class="toggle"><input type="checkbox" class="visually-hidden" data-export-pre="" />{ "ASCII inside <pre>, for MediaWiki" }</label>
            </div>
            <div class="control-row" role="group" aria-label="Download a picture">
                <span class="control-label">{ "Download" }</span>
                { for downloads }
                <label class="toggle"><input type="radio" class="visually-hidden" name="export-scope" value="step" checked=true data-export-scope="step" />{ "this step" }</label>
                <label class="toggle"><input type="radio" class="visually-hidden" name="export-scope" value="trace" data-export-scope="trace" />{ "every step" }</label>
                <label class="toggle"><input type="checkbox" class="visually-hidden" checked=true data-export-narration="" />{ "with the narration" }</label>
            </div>
            <p class="hint" data-export-upload-note="">
                { "The wikitable and the ASCII paste into any wiki page. Pictures are uploads, which need upload rights; many wikis, the chessprogramming wiki among them, refuse SVG: upload the PNG or GIF there." }
            </p>
            if *failed {
                <p class="export-status error" role="alert" data-export-status="failed">
                    { "The export could not be loaded from static/pictures.js: is the site complete?" }
                </p>
            }
            // Left empty for the script: it writes the status and the picture here.
            <div class="export-output" data-export-output=""></div>
            <pre class="export-preview" data-export-text="" tabindex="0" role="region" aria-label="What Copy puts on the clipboard"></pre>
        </section>
    }
}
