//! "Copy as C" and "Copy as Rust": the reader's formula as a function to paste into an engine,
//! written by the formula language (`formula.wasm`), copied to the clipboard and shown below
//! the buttons, so that it can be read first, or copied by hand where the browser refuses.
//!
//! Drawn by the panels module (src/panels.rs) into its host in the formula panel, so its code
//! is no part of the page's first load.

use std::rc::Rc;

use yew::prelude::*;

use crate::{clipboard, language};

/// The code shown: in which language, and whether the clipboard took it.
#[derive(Clone, PartialEq)]
pub struct Shown {
    /// "C" or "Rust".
    language: &'static str,
    code: Result<String, String>,
    copied: Option<bool>,
}

#[derive(Properties, PartialEq)]
pub struct EngineExportProps {
    pub formula: Rc<str>,
}

/// The buttons, and the code last asked for, forgotten when the formula changes.
#[function_component(EngineExport)]
pub fn engine_export(props: &EngineExportProps) -> Html {
    let shown = &use_state(|| None::<Shown>);
    // What the generated names begin with: two exports with different ones link together.
    let prefix = &use_state(|| String::from("formula"));
    {
        let shown = shown.clone();
        use_effect_with(props.formula.clone(), move |_| shown.set(None));
    }
    let formula = &props.formula;
    let copy = |language: &'static str| {
        let (shown, formula, prefix) = (shown.clone(), formula.clone(), prefix.clone());
        Callback::from(move |_: MouseEvent| {
            let code = language::export(&formula, language == "C", &prefix);
            shown.set(Some(Shown { language, code: code.clone(), copied: None }));
            if let Ok(text) = code {
                let shown = shown.clone();
                clipboard::copy(
                    text.clone(),
                    Callback::from(move |result: Result<(), String>| {
                        shown.set(Some(Shown { language, code: Ok(text.clone()), copied: Some(result.is_ok()) }));
                    }),
                );
            }
        })
    };
    let view = shown.as_ref().map(|shown| match &shown.code {
        Ok(code) => {
            let status = match shown.copied {
                Some(true) => format!("Copied: your formula as {}, {} lines.", shown.language, code.lines().count()),
                Some(false) => "The browser refused the clipboard: select the code and copy it by hand.".to_string(),
                None => String::new(),
            };
            html! {
                <>
                    <p class="hint" aria-live="polite" data-engine-copied={shown.copied.map(|c| c.to_string())}>{ status }</p>
                    <pre class="engine-code" tabindex="0" data-engine-code={shown.language.to_ascii_lowercase()}
                        aria-label={format!("Your formula as {}", shown.language)}>{ code }</pre>
                </>
            }
        }
        Err(why) => html! { <p class="formula-error" role="alert">{ why.clone() }</p> },
    });
    let on_prefix = {
        let prefix = prefix.clone();
        Callback::from(move |event: InputEvent| {
            if let Some(input) = event.target_dyn_into::<web_sys::HtmlInputElement>() {
                prefix.set(input.value());
            }
        })
    };
    html! {
        <div class="engine-export" data-engine-export="">
            <span class="control-label">{ "To your engine" }</span>
            <button type="button" data-copy-as="c" onclick={copy("C")}>{ "Copy as C" }</button>
            <button type="button" data-copy-as="rust" onclick={copy("Rust")}>{ "Copy as Rust" }</button>
            <label class="engine-prefix">
                { "names begin with " }
                <input type="text" size="10" spellcheck="false" value={(**prefix).clone()} oninput={on_prefix}
                    data-engine-prefix="" aria-describedby="engine-prefix-why" />
                <span id="engine-prefix-why" class="hint">{ "_attacks: another prefix links two exports together" }</span>
            </label>
            { for view }
        </div>
    }
}
