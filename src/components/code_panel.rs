//! The technique's own Rust source — the very code the page runs — with the statement that
//! produced the current step highlighted and scrolled into view inside the panel. A step made
//! by a shared file (the line composition rook = file | rank in compose.rs, the rank's table
//! read in first_rank.rs) shows that statement from that file, above the technique's own.
//! The files are fetched the first time they are shown (see `crate::sources`).

use sliders::techniques::{aside_lines, statement_lines, SharedFile};
use sliders::{Step, Technique};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ResizeObserver};
use yew::prelude::*;

use crate::components::class_names;

use crate::sources::{use_source, Source, SourceFile};

#[derive(Properties, PartialEq)]
pub struct CodePanelProps {
    pub technique: Technique,
    pub step: Option<Step>,
}

/// Where a step's own expression stands: its line and column (1-based) and its code, the label
/// without ` = name`.
#[derive(Clone, Copy)]
struct Expression<'a> {
    line: u32,
    column: u32,
    code: &'a str,
}

impl<'a> Expression<'a> {
    fn of(step: &'a Step) -> Expression<'a> {
        Expression { line: step.place.line(), column: step.place.column(), code: step.expression() }
    }

    /// `text` split around the expression, when it starts on this line (an expression rustfmt
    /// wrapped over lines marks only its line). It ends where the label's code does, when the
    /// file spells it as the label does; a label that shows a declared name (`2r`) where the file
    /// has the code's own (`two_r`) leaves the end to the file's line: the first `;` or `)` the
    /// expression did not open.
    fn split(self, number: u32, text: &str) -> Option<(&str, &str, &str)> {
        if number != self.line {
            return None;
        }
        let start = text.char_indices().nth(self.column as usize - 1)?.0;
        let mut depth = 0;
        let length = match text[start..].starts_with(self.code) {
            true => Some(self.code.len()),
            false => text[start..].bytes().position(|byte| {
                depth += (byte == b'(') as i32 - (byte == b')') as i32;
                depth < 0 || byte == b';'
            }),
        };
        let end = start + length.unwrap_or(text.len() - start);
        Some((&text[..start], &text[start..end], &text[end..]))
    }
}

/// The source as numbered lines, lines `first..=last` marked current (the first one carries the
/// `data-current-line` hook), the step's own expression marked inside them. Lines beside the
/// algorithm carry `aside`, which the stylesheet folds until "Whole file" is ticked.
fn lines(
    source: &str,
    numbers: impl Iterator<Item = u32>,
    (first, last): (u32, u32),
    expression: Option<Expression>,
    aside: &[bool],
) -> Html {
    let all: Vec<&str> = source.lines().collect();
    let rendered =
        numbers.filter_map(|number| all.get(number as usize - 1).map(|text| (number, *text))).map(|(number, text)| {
            let current = number >= first && number <= last;
            let is_aside = |number: u32| aside.get((number as usize).wrapping_sub(1)).copied().unwrap_or(false);
            // Where lines are folded away, the line after them is marked: its number skips.
            let after_fold = !is_aside(number) && is_aside(number.wrapping_sub(1));
            let class = class_names(&[
                Some("code-line"),
                current.then_some("current"),
                text.trim_start().starts_with("//").then_some("comment"),
                is_aside(number).then_some("aside"),
                after_fold.then_some("after-fold"),
            ]);
            let body = match expression.and_then(|expression| expression.split(number, text)) {
                Some((before, code, after)) => html! { <>{ before }<mark class="code-expression">{ code }</mark>{ after }</> },
                None => html! { { text } },
            };
            html! {
                <span ~className={class} data-line={number.to_string()} data-current-line={(number == first).then_some("")}>
                    <span class="line-number" aria-hidden="true">{ number }</span>
                    { body }{ "\n" }
                </span>
            }
        });
    html! { <code>{ for rendered }</code> }
}

/// Scrolls the panel (never the page) so the highlighted statement sits in its middle, if any
/// of it is out of sight.
fn bring_current_line_into_view(panel: &HtmlElement) {
    let Ok(Some(line)) = panel.query_selector("[data-current-line]") else { return };
    let Ok(line) = line.dyn_into::<HtmlElement>() else { return };
    let (top, height) = (line.offset_top(), line.offset_height());
    let visible = top >= panel.scroll_top() && top + height <= panel.scroll_top() + panel.client_height();
    if !visible {
        panel.set_scroll_top((top - panel.client_height() / 2 + height / 2).max(0));
    }
}

/// What the panel says while a file is on its way, or why it never came.
fn not_ready(source: &Source) -> Html {
    match source {
        Source::Failed(why) => html! { <p class="code-note" role="alert" data-source-error="">{ why.to_string() }</p> },
        // `data-source-loading`: the end-to-end tests wait for this to go before they read the code.
        _ => html! { <p class="code-note" data-source-loading="">{ "Loading the source…" }</p> },
    }
}

#[function_component(CodePanel)]
pub fn code_panel(props: &CodePanelProps) -> Html {
    let technique = props.technique;
    let own = props.step.as_ref().filter(|step| technique.made(step));
    let container = use_node_ref();
    {
        // After every render (a new step, a new source), bring the highlighted statement back to
        // the panel's middle if any of it is out of sight. Only the panel scrolls, never the page.
        let container = container.clone();
        use_effect(move || {
            if let Some(panel) = container.cast::<HtmlElement>() {
                bring_current_line_into_view(&panel);
            }
        });
    }
    {
        // And whenever the panel changes size: presentation mode rescales the page after this
        // panel has rendered, and a longer narration leaves the panel less room.
        let container = container.clone();
        use_effect_with((), move |_| {
            let watch = container.cast::<HtmlElement>().and_then(|panel| {
                let on_resize = Closure::<dyn FnMut()>::new({
                    let panel = panel.clone();
                    move || bring_current_line_into_view(&panel)
                });
                let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
                observer.observe(&panel);
                Some((observer, on_resize))
            });
            move || {
                if let Some((observer, _on_resize)) = watch {
                    observer.disconnect();
                }
            }
        });
    }
    let own_source = use_source(Some(technique.source_file()));
    // The shared file a step outside the technique's own came from; the composition, which
    // most techniques' rooks and queens call, is asked for ahead of its first step.
    let shared = props.step.as_ref().and_then(|step| match SourceFile::of_step(technique, step) {
        SourceFile::Shared(file) => Some((file, step)),
        SourceFile::Of(_) => None,
    });
    let shared_source = use_source(Some(shared.map_or(SharedFile::Compose, |(file, _)| file).name()));
    let elsewhere = shared.map(|(file, step)| match &shared_source {
        Source::Ready(source) => {
            let statement = statement_lines(source, step.place.line());
            html! {
                <div class="code-elsewhere">
                    <p class="code-note">{ format!("This step is {} in {}, line {}:", file.role(), file.name(), step.place.line()) }</p>
                    <pre class="code code-snippet">{ lines(source, statement.0..=statement.1, statement, Some(Expression::of(step)), &[]) }</pre>
                </div>
            }
        }
        other => not_ready(other),
    });
    let body = match &own_source {
        Source::Ready(source) => {
            let (first, last) = own.map(|step| statement_lines(source, step.place.line())).unwrap_or((0, 0));
            let count = source.lines().count() as u32;
            lines(source, 1..=count, (first, last), own.map(Expression::of), &aside_lines(source))
        }
        other => not_ready(other),
    };
    html! {
        <section class="code-panel" aria-label="Source of the technique">
            <header class="code-heading">
                <h2>{ "The code that ran" }</h2>
                // The embed's narrow heading keeps the file's name and drops its folder (main.css).
                <span class="code-file"><span class="code-folder">{ "crates/sliders/src/techniques/" }</span>{ technique.source_file() }</span>
                // Unticked, the panel shows the algorithm alone; the stylesheet folds the rest.
                <label class="toggle whole-file" title="Shows the lines folded away at the dashed rules: imports, tables, and the tracer's bookkeeping"><input type="checkbox" class="visually-hidden" data-whole-file="" />{ "Whole file" }</label>
            </header>
            { for elsewhere }
            <pre class="code" ref={container} tabindex="0" aria-label={format!("{} source", technique.source_file())}>
                { body }
            </pre>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::Expression;

    /// The marked part of `line` for the label's `code` starting at `column`.
    fn marked<'a>(code: &str, line: &'a str, column: u32) -> Option<&'a str> {
        Expression { line: 1, column, code }.split(1, line).map(|(_, marked, _)| marked)
    }

    #[test]
    fn the_mark_covers_the_expression_however_the_label_names_its_values() {
        let line = "    let blocker = blocker & (-blocker | dir_mask(direction));";
        assert_eq!(marked("-blocker", line, 30), Some("-blocker"));
        assert_eq!(marked("blocker & (-blocker | dir_mask(direction))", line, 19), Some(&line[18..60]));
        // The label shows the article's 2r and 3cbn where the file has two_r and cbnx3.
        let line = "    let difference = potential_blockers - two_r;";
        assert_eq!(marked("potential_blockers - 2r", line, 22), Some("potential_blockers - two_r"));
        let line = "    let changed = occ ^ (occ - cbnx3);";
        assert_eq!(marked("occ ^ (occ - 3cbn)", line, 19), Some("occ ^ (occ - cbnx3)"));
        assert_eq!(marked("occ - 3cbn", line, 26), Some("occ - cbnx3"));
    }
}
