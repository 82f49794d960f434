//! Export for article authors: the current step or the final result as the articles' ASCII
//! diagram, as hex, as a C or Rust literal, or the whole trace as text. The diagrams come from
//! the core's `diagram` module, the same code the `sliders trace` command prints with.

use sliders::{diagram, Bitboard, Trace};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::clipboard;

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub trace: Trace,
    pub step: usize,
}

#[derive(Clone, Copy, PartialEq)]
enum Format {
    StepDiagram,
    ResultDiagram,
    Hex,
    CLiteral,
    RustLiteral,
    WholeTrace,
}

const FORMATS: [(Format, &str, &str); 6] = [
    (Format::StepDiagram, "step", "Step as ASCII"),
    (Format::ResultDiagram, "result", "Result as ASCII"),
    (Format::Hex, "hex", "Hex"),
    (Format::CLiteral, "c", "C literal"),
    (Format::RustLiteral, "rust", "Rust literal"),
    (Format::WholeTrace, "trace", "Whole trace"),
];

/// The value the literal formats write: the current step's result if it is a set, else the
/// final attack set.
fn subject(trace: &Trace, step: usize) -> Bitboard {
    trace.steps.get(step).and_then(|s| s.result.board()).unwrap_or(trace.result)
}

fn render(format: Format, trace: &Trace, step: usize) -> String {
    let value = subject(trace, step);
    let hex = format!("{:016x}", value.0);
    match format {
        Format::StepDiagram => {
            if step < trace.steps.len() {
                diagram::step(trace, step)
            } else {
                String::new()
            }
        }
        Format::ResultDiagram => {
            format!(
                "{} attacks of the {} on {}\n{}{}\n",
                trace.technique,
                trace.slider,
                trace.square,
                trace.result.diagram(),
                trace.result
            )
        }
        Format::Hex => format!("0x{hex}"),
        Format::CLiteral => format!("C64(0x{hex})\n0x{hex}ULL"),
        Format::RustLiteral => format!("0x{hex}_u64"),
        Format::WholeTrace => diagram::trace(trace),
    }
}

#[function_component(Export)]
pub fn export(props: &ExportProps) -> Html {
    let chosen = use_state(|| Format::StepDiagram);
    // None: nothing copied yet; Some(Ok): copied; Some(Err): refused, show the fallback.
    let outcome = use_state(|| None::<Result<(), String>>);
    let fallback = use_node_ref();
    let text = render(*chosen, &props.trace, props.step);
    {
        // When the clipboard refuses, select the fallback's text for a manual copy.
        let fallback = fallback.clone();
        use_effect_with(outcome.clone(), move |outcome| {
            if matches!(**outcome, Some(Err(_))) {
                if let Some(area) = fallback.cast::<HtmlTextAreaElement>() {
                    let _ = area.focus();
                    area.select();
                }
            }
        });
    }
    let buttons = FORMATS.iter().map(|&(format, hook, label)| {
        let chosen_handle = chosen.clone();
        let outcome = outcome.clone();
        let text = render(format, &props.trace, props.step);
        let onclick = Callback::from(move |_: MouseEvent| {
            chosen_handle.set(format);
            outcome.set(None);
            let outcome = outcome.clone();
            clipboard::copy(text.clone(), Callback::from(move |result| outcome.set(Some(result))));
        });
        html! {
            <button type="button" class="choice" data-export={hook} aria-pressed={(*chosen == format).to_string()} {onclick}>
                { label }
            </button>
        }
    });
    let status = match &*outcome {
        Some(Ok(())) => {
            html! { <p class="export-status ok" role="status" data-export-status="copied">{ "Copied to the clipboard." }</p> }
        }
        Some(Err(_)) => html! {
            <p class="export-status" role="status" data-export-status="refused">
                { "The browser refused the clipboard: the text below is selected, copy it with Ctrl+C." }
            </p>
        },
        None => html! {},
    };
    html! {
        <section class="export" aria-label="Export for articles">
            <h2>{ "Copy for an article" }</h2>
            <div class="control-row">{ for buttons }</div>
            { status }
            if matches!(*outcome, Some(Err(_))) {
                <textarea ref={fallback} class="export-fallback" readonly=true rows="6" value={text.clone()} data-export-fallback="" />
            }
            <pre class="export-preview" data-export-text="" tabindex="0" role="region" aria-label="What Copy puts on the clipboard">{ text }</pre>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Slider, Square, Technique};

    #[test]
    fn literals_of_the_result() {
        let trace = Technique::Sbamg.trace(Slider::Rook, Square::D1, Bitboard(0x43));
        let last = trace.steps.len() - 1;
        assert_eq!(render(Format::Hex, &trace, last), "0x0808080808080876");
        assert_eq!(render(Format::CLiteral, &trace, last), "C64(0x0808080808080876)\n0x0808080808080876ULL");
        assert_eq!(render(Format::RustLiteral, &trace, last), "0x0808080808080876_u64");
    }

    #[test]
    fn the_whole_trace_is_the_cli_text() {
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        assert_eq!(render(Format::WholeTrace, &trace, 0), diagram::trace(&trace));
        let step = render(Format::StepDiagram, &trace, 3);
        assert!(step.starts_with("step 4: [the d-file] o - 2r") && step.contains("absorbs it"), "{step}");
    }
}
