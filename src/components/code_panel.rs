//! The technique's own Rust source — the very code the page runs — with the statement that
//! produced the current step highlighted and scrolled into view.

use sliders::{Step, Technique};
use web_sys::HtmlElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CodePanelProps {
    pub technique: Technique,
    pub step: Option<Step>,
}

#[function_component(CodePanel)]
pub fn code_panel(props: &CodePanelProps) -> Html {
    let technique = props.technique;
    let own = props.step.filter(|step| technique.made(step));
    let (first, last) = own.map(|step| technique.statement_lines(step.line)).unwrap_or((0, 0));
    let container = use_node_ref();
    {
        // Keep the highlighted statement in the middle of the panel without scrolling the page.
        let container = container.clone();
        use_effect_with((technique, first), move |_| {
            if let Some(panel) = container.cast::<HtmlElement>() {
                if let Ok(Some(line)) = panel.query_selector(".code-line.current") {
                    if let Ok(line) = wasm_bindgen::JsCast::dyn_into::<HtmlElement>(line) {
                        let middle = line.offset_top() - panel.client_height() / 2;
                        panel.set_scroll_top(middle.max(0));
                    }
                }
            }
        });
    }
    let lines = technique.source().lines().enumerate().map(|(index, text)| {
        let number = index as u32 + 1;
        let class = classes!(
            "code-line",
            (number >= first && number <= last).then_some("current"),
            text.trim_start().starts_with("//").then_some("comment"),
        );
        html! {
            <span {class} data-line={number.to_string()}>
                <span class="line-number" aria-hidden="true">{ number }</span>
                { text }{ "\n" }
            </span>
        }
    });
    let elsewhere = props.step.filter(|step| !technique.made(step)).map(|step| {
        let file = step.file.rsplit(['/', '\\']).next().unwrap_or(step.file);
        html! { <p class="code-note">{ format!("This step comes from {file}, line {}: the shared piece = line | line composition.", step.line) }</p> }
    });
    html! {
        <section class="code-panel" aria-label="Source of the technique">
            <header class="code-heading">
                <h2>{ "The code that ran" }</h2>
                <span class="code-file">{ format!("crates/sliders/src/techniques/{}", technique.source_file()) }</span>
            </header>
            { for elsewhere }
            <pre class="code" ref={container} tabindex="0"><code>{ for lines }</code></pre>
        </section>
    }
}
