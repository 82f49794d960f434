//! "Your formula": the editor where the code panel stands, with the sub-expression of the
//! current step marked in the text, the error (line, column and a caret) beside it, and hosts
//! for what the panels module draws there: the check with its counter-example, the proof, the
//! WebAssembly and the export.

use sliders_formula::examples::{EXAMPLES, LISTINGS};
use sliders_formula::wasm::TextLine;
use sliders_formula::{Fault, Span, Target};
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::language;
use crate::model::{Action, FormulaAction, PlayerAction, Playground};

#[derive(Properties, PartialEq)]
pub struct FormulaPanelProps {
    pub playground: Playground,
    /// Where the current step's sub-expression was typed.
    pub span: Option<Span>,
    /// Where every step's sub-expression was typed, in step order.
    pub spans: Vec<Span>,
    /// The current step's index.
    pub step: usize,
    /// The formula's fault on this board, if any.
    pub fault: Option<Fault>,
    /// How many steps the formula took on this board.
    pub steps: usize,
    /// Where the formula language is: the text waits for it.
    pub language: language::Status,
    pub on_action: Callback<Action>,
}

/// `text` cut around `span`: before, inside, after (on character boundaries).
fn cut(text: &str, span: Span) -> (&str, &str, &str) {
    let bound = |at: usize| {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let (start, end) = (bound(span.start), bound(span.end.max(span.start)));
    (&text[..start], &text[start..end], &text[end..])
}

/// The first step of the innermost sub-expression whose text holds byte `caret` (a caret just
/// after a sub-expression counts as in it).
pub fn step_at(spans: &[Span], caret: usize) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (step, span) in spans.iter().enumerate() {
        if span.start <= caret && caret <= span.end {
            let length = span.end - span.start;
            if best.is_none_or(|(_, shortest)| length < shortest) {
                best = Some((step, length));
            }
        }
    }
    best.map(|(step, _)| step)
}

/// A textarea's caret (in UTF-16 units, as the browser counts) as a byte offset into `text`.
fn utf16_to_byte(text: &str, units: usize) -> usize {
    let mut counted = 0;
    for (at, character) in text.char_indices() {
        if counted >= units {
            return at;
        }
        counted += character.len_utf16();
    }
    text.len()
}

#[function_component(FormulaPanel)]
pub fn formula_panel(props: &FormulaPanelProps) -> Html {
    let playground = &props.playground;
    let backdrop = use_node_ref();
    let editor = use_node_ref();
    use_mark_in_view(&editor, &backdrop);
    let on_input = props.on_action.reform({
        let playground = playground.clone();
        move |event: InputEvent| {
            let area: HtmlTextAreaElement = event.target_unchecked_into();
            crate::effects::typed(&playground, area.value())
        }
    });
    // Compiler Explorer's way: the caret placed in the text (a click, or a key that moves it)
    // brings up the step of the innermost sub-expression under it, and with it its grids and
    // its lit instructions.
    let on_caret = {
        let (spans, on_action) = (props.spans.clone(), props.on_action.clone());
        let ran = playground.formula.as_deref() == Some(&*playground.text);
        move |area: HtmlTextAreaElement| {
            let Some(caret) = area.selection_start().ok().flatten().map(|c| utf16_to_byte(&area.value(), c as usize))
            else {
                return;
            };
            if let Some(step) = step_at(&spans, caret).filter(|_| ran) {
                on_action.emit(Action::Player(PlayerAction::GoTo(step)));
            }
        }
    };
    let on_click = {
        let on_caret = on_caret.clone();
        Callback::from(move |event: MouseEvent| on_caret(event.target_unchecked_into()))
    };
    let on_keyup = Callback::from(move |event: KeyboardEvent| {
        if matches!(event.key().as_str(), "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End") {
            on_caret(event.target_unchecked_into());
        }
    });
    let on_scroll = {
        let backdrop = backdrop.clone();
        Callback::from(move |event: Event| {
            let area: HtmlElement = event.target_unchecked_into();
            if let Some(behind) = backdrop.cast::<HtmlElement>() {
                behind.set_scroll_top(area.scroll_top());
                behind.set_scroll_left(area.scroll_left());
            }
        })
    };
    let text: &str = &playground.text;
    // The mark: the error's place while the text has one, else the current step's
    // sub-expression (whose place is in the text that ran, the one on screen).
    let (mark, mark_class) = match (&playground.error, props.span) {
        (Some(error), _) => (Some(error.span), "formula-error-mark"),
        (None, Some(span)) => (Some(span), "formula-mark"),
        _ => (None, ""),
    };
    let backdrop_text = match mark {
        Some(span) => {
            let (before, inside, after) = cut(text, span);
            // An error at the very end marks one space, so the caret has somewhere to be.
            let inside = if inside.is_empty() { " " } else { inside };
            html! { <>{ before }<mark ~className={mark_class} data-formula-mark="">{ inside }</mark>{ after }{ "\n" }</> }
        }
        None => html! { <>{ text }{ "\n" }</> },
    };
    let status = status_view(props);
    // How the language read the text (C's int as a 64-bit word), from its syntax tree: sent
    // with the compiled module, so it is of the formula that read, and set aside on an error.
    let reading_note = match (&playground.error, &playground.compiled) {
        (None, Some(Ok(module))) => module.reading_note.clone(),
        _ => None,
    };
    let on_example = props.on_action.reform(|event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        let id = sliders_formula::examples::by_id(&select.value()).map_or("", |e| e.id);
        select.set_value("");
        Action::Formula(FormulaAction::OpenExample(id))
    });
    let examples = EXAMPLES.iter().map(|e| html! { <option value={e.id}>{ e.title }</option> });
    let listings = LISTINGS.iter().map(|e| html! { <option value={e.id}>{ e.title }</option> });
    let on_target = props.on_action.reform(|event: Event| {
        let select: HtmlSelectElement = event.target_unchecked_into();
        Action::Formula(FormulaAction::SetTarget(
            select.value().parse::<Target>().unwrap_or(Target::Piece(sliders::Slider::Rook)),
        ))
    });
    let targets = Target::ALL.iter().map(|t| {
        html! { <option value={t.name()} selected={*t == playground.target}>{ t.describe() }</option> }
    });
    html! {
        <section class="formula-panel" aria-label="Your formula" data-formula-panel="">
            <header class="code-heading">
                <h2>{ "Your formula" }</h2>
                <label class="formula-examples">
                    <span class="visually-hidden">{ "Open an example" }</span>
                    <select data-formula-example="" onchange={on_example}>
                        <option value="" selected=true>{ "Open an example…" }</option>
                        <optgroup label="The articles' tricks">{ for examples }</optgroup>
                        <optgroup label="Engine C, tables filled once">{ for listings }</optgroup>
                    </select>
                </label>
            </header>
            <div class="formula-editor">
                <pre class="formula-backdrop" aria-hidden="true" ref={backdrop}>{ backdrop_text }</pre>
                <textarea class="formula-input" data-formula="" data-formula-input="" spellcheck="false" autocomplete="off"
                    aria-label="Your formula" aria-describedby="formula-status" value={playground.text.to_string()} ref={editor}
                    oninput={on_input} onscroll={on_scroll} onclick={on_click} onkeyup={on_keyup} />
            </div>
            <div id="formula-status" class="formula-status" aria-live="polite">
                { status }
                if let Some(note) = reading_note {
                    <p class="formula-note" data-formula-note="">{ note }</p>
                }
            </div>
            <div class="formula-check">
                <label>
                    <span class="control-label">{ "It should compute" }</span>
                    <select data-formula-target="" onchange={on_target}>{ for targets }</select>
                </label>
                // The check's button, and below, its verdict: the panels module runs the check
                // (components/check.rs), then the proof.
                <div class="check-start-host" data-panel-host="formula-check-start"></div>
            </div>
            // While the text has an error, what was shown of the last formula that read is
            // set aside: no verdict, listing or export stands beside a text it is not of.
            if playground.error.is_none() {
                <div data-panel-host="formula-check"></div>
                // The proof, after the check: the panels module runs it (components/proof.rs).
                <div data-panel-host="formula-proof"></div>
                // The listing and the export are drawn by the panels module (panels_link.rs).
                <div data-panel-host="formula-wasm"></div>
                if playground.formula.is_some() {
                    <div data-panel-host="engine-export"></div>
                }
            } else {
                <p class="check-note" data-formula-set-aside="">
                    { "The check, the WebAssembly and the export come back once the text reads." }
                </p>
            }
        </section>
    }
}

/// After every render: the mark (the step's sub-expression, or the error) is brought into the
/// editor's view when it is out of it, and the backdrop follows the editor's scroll.
#[hook]
fn use_mark_in_view(editor: &NodeRef, backdrop: &NodeRef) {
    {
        let (editor, backdrop) = (editor.clone(), backdrop.clone());
        use_effect(move || {
            if let (Some(area), Some(behind)) = (editor.cast::<HtmlElement>(), backdrop.cast::<HtmlElement>()) {
                if let Ok(Some(mark)) = behind.query_selector("[data-formula-mark]") {
                    if let Ok(mark) = mark.dyn_into::<HtmlElement>() {
                        let (top, height) = (mark.offset_top(), area.client_height());
                        if top < area.scroll_top() || top + mark.offset_height() > area.scroll_top() + height {
                            area.set_scroll_top((top - height / 3).max(0));
                        }
                    }
                }
                behind.set_scroll_top(area.scroll_top());
            }
        });
    }
}

/// Under the editor: the language on its way (or why it could not come), the text's error with
/// a caret under its place, the formula's fault on this board, or why there is no step.
fn status_view(props: &FormulaPanelProps) -> Html {
    let playground = &props.playground;
    let text: &str = &playground.text;
    match (&playground.error, &props.fault) {
        _ if playground.waits_for_language() => match &props.language {
            language::Status::Failed(why) => html! {
                <div class="formula-error" role="alert" data-formula-language-failed="">
                    <p>{ why.to_string() }</p>
                </div>
            },
            _ => html! { <p class="formula-note" data-formula-loading="">{ "Loading the formula language…" }</p> },
        },
        (Some(error), _) => {
            let (line, caret) = error.caret(text);
            let (line_number, column) = error.position(text);
            html! {
                <div class="formula-error" role="alert" data-formula-error="" data-line={line_number.to_string()}
                    data-column={column.to_string()}>
                    <p>{ error.describe(text) }</p>
                    <pre class="formula-caret">{ format!("{line}\n{caret}") }</pre>
                    if !error.notes.is_empty() {
                        <p class="formula-note" data-formula-note="">{ error.notes.join(" ") }</p>
                    }
                    <p class="formula-note">{ if playground.formula.is_some() {
                        "The steps show the last formula that ran."
                    } else {
                        "Nothing has run yet: the steps appear once the formula reads."
                    } }</p>
                </div>
            }
        }
        (None, Some(fault)) => html! {
            <div class="formula-error" role="alert" data-formula-fault="">
                <p>{ format!("On this board, {}. The steps stop there.", fault.describe(text)) }</p>
            </div>
        },
        (None, None) if props.steps == 0 => html! {
            <p class="formula-note" data-formula-no-steps="">
                { "This formula takes no operation, so there is no step to show: its value is a name or a number as it stands. Combine it with an operator, as in o & r." }
            </p>
        },
        _ => html! {},
    }
}

/// The listing of the WebAssembly brings the step's first instruction into view: after every
/// render of the listing (drawn by the panels module, src/panels.rs).
pub fn bring_lit_instructions_into_view() {
    let listing = gloo::utils::document().query_selector("[data-formula-wasm]").ok().flatten();
    if let Some(listing) = listing.and_then(|l| l.dyn_into::<HtmlElement>().ok()) {
        let lit = listing.query_selector_all("[data-wasm-lit]").ok();
        let first = lit.as_ref().and_then(|l| l.item(0)).and_then(|e| e.dyn_into::<HtmlElement>().ok());
        let last = lit.as_ref().and_then(|l| l.item(l.length().saturating_sub(1)));
        if let (Some(first), Some(last)) = (first, last.and_then(|e| e.dyn_into::<HtmlElement>().ok())) {
            // The whole block in view where it fits, else its start.
            let (top, bottom) = (first.offset_top(), last.offset_top() + last.offset_height());
            let height = listing.client_height();
            if top < listing.scroll_top() || bottom > listing.scroll_top() + height {
                let room = (height - (bottom - top)).max(0);
                listing.set_scroll_top((top - room / 3).max(0));
            }
        }
    }
}

/// The formula compiled to WebAssembly, as text, the instructions of the current step's
/// sub-expression highlighted: Compiler Explorer's view of a formula. Drawn by the panels
/// module (src/panels.rs) into its host in the formula panel.
pub fn wasm_view(playground: &Playground, step: usize, spans: &[Span]) -> Html {
    let module = match &playground.compiled {
        Some(Ok(module)) => module,
        Some(Err(why)) => {
            return html! { <p class="formula-error" role="alert" data-formula-wasm-failed="">{ format!("The formula could not be compiled to WebAssembly: {why}") }</p> }
        }
        None => return html! {},
    };
    let span = spans.get(step).copied();
    let copy = span.and_then(|span| call_of(&module.lines, spans, step, span));
    let within = |line: &TextLine| match (line.span, span) {
        (Some(line_span), Some(step)) => {
            line_span.start >= step.start && line_span.end <= step.end && copy.is_none_or(|c| line.copy == c)
        }
        _ => false,
    };
    let lines = module.lines.iter().map(|line| {
        let lit = within(line);
        html! { <span ~className={if lit { "wasm-line wasm-lit" } else { "wasm-line" }} data-wasm-lit={lit.then_some("")}>{ &line.text }{ "\n" }</span> }
    });
    let scans: Vec<&str> = ["i64.clz", "i64.ctz", "i64.popcnt"]
        .into_iter()
        .filter(|scan| module.lines.iter().any(|line| line.text.trim() == *scan))
        .collect();
    let uses = if scans.is_empty() { String::new() } else { format!(", with {}", scans.join(", ")) };
    html! {
        <details class="formula-wasm" data-formula-wasm-panel="">
            <summary data-formula-wasm-instructions={module.instructions.to_string()}>
                { format!("Compiled to WebAssembly: {} instructions in attacks and the functions it calls{uses}", module.instructions) }
            </summary>
            <pre class="wasm-text" data-formula-wasm="" tabindex="0" aria-label="The formula as WebAssembly text">{ for lines }</pre>
        </details>
    }
}

/// Which inlined call of a reader's function the step is in: its text runs once per call, and
/// the k-th run of it is the k-th call written out, when every call written out ran once (no
/// `?:` passed one by). `None`: the step is in no function called twice, or the runs and the
/// calls do not pair up, and every copy is lit.
fn call_of(lines: &[TextLine], spans: &[Span], step: usize, span: Span) -> Option<u32> {
    let earlier = spans[..step.min(spans.len())].iter().filter(|s| **s == span).count();
    let runs = spans.iter().filter(|s| **s == span).count();
    let mut copies: Vec<u32> = Vec::new();
    for line in lines.iter().filter(|line| line.span == Some(span)) {
        if !copies.contains(&line.copy) {
            copies.push(line.copy);
        }
    }
    (copies.len() > 1 && copies.len() == runs).then(|| copies[earlier])
}

/// The language on one card: what a reader needs to write a first formula. It stands where a
/// technique's explanation does, beside the position.
pub fn language_help() -> Html {
    html! {
        <section class="formula-help technique-info" data-formula-help="">
            <h2>{ "Your formula · the language" }</h2>
            <p>{ "Every value is an unsigned 64-bit word: + − * wrap, / and % round down (dividing by zero is a fault), a shift or rotation takes its amount mod 64 (as WebAssembly and x86-64 do), and a scan of the empty set gives 64. Operators and precedence are C's, with ( ), c ? a : b, and && and || that skip their second operand once the first decides." }</p>
            <p>{ "The board: o (also occ, occupied) is every occupied square, the slider's own included; r (also slider) is the slider's bit; sq is its square, 0 to 63; a1 … h8 are squares' numbers." }</p>
            <p>{ "Functions: clz, ctz, bsf, bsr, popcount, bswap, rotl(x, n), rotr(x, n), ls1b, ms1b, pext(x, mask), pdep(x, mask), bit(s), rank(s), file(s), diagonal(s) (a1–h8 way), antidiagonal(s) (h1–a8 way), and ray(s, north) with any of the eight directions. Compilers' names work too (__builtin_ctzll, _tzcnt_u64, _mm_popcnt_u64, …); as in C, __builtin_ctzll(0) and __builtin_clzll(0) are faults." }</p>
            <p>{ "One statement per line or separated by ;: name = expression (U64 or let before it is fine), and return expression or a last expression for the result. A // comment is the why of its line's steps. fn name(a, b) { … return … } defines a function; it can call the functions above it. #define (with ##) and #ifdef … #endif are read; #include lines are skipped." }</p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::{call_of, step_at, utf16_to_byte};
    use sliders_formula::Span;

    /// In the obstruction difference, line_attacks runs four times: each run of a step inside
    /// it lights its own call's copy, the four in the order they are written out.
    #[test]
    fn a_step_in_a_function_called_four_times_lights_its_own_call() {
        // The example opened, and read and traced as the page's effects do.
        let lab = crate::effects::settle(
            crate::model::Lab::default(),
            crate::model::Action::Formula(crate::model::FormulaAction::OpenExample("obstruction-difference")),
        );
        let Some(Ok(module)) = &lab.playground.compiled else { panic!("not compiled") };
        let spans = &crate::effects::trace(&lab).spans();
        let text = &*lab.playground.text;
        let clz = text.find("clz(lower | 1)").unwrap();
        let steps: Vec<usize> = (0..spans.len()).filter(|&s| spans[s].start == clz).collect();
        assert_eq!(steps.len(), 4);
        let copies: Vec<Option<u32>> = steps.iter().map(|&s| call_of(&module.lines, spans, s, spans[s])).collect();
        assert_eq!(copies, [Some(1), Some(2), Some(3), Some(4)]);
        // A step of the formula's own lines is in no call.
        let last = spans.len() - 1;
        assert_eq!(call_of(&module.lines, spans, last, spans[last]), None);
    }

    #[test]
    fn the_caret_picks_the_innermost_sub_expression_first_stepped() {
        // "o ^ (o - 2 * r)": 2 * r, then o - 2 * r, then the whole.
        let spans = [Span::new(9, 14), Span::new(5, 14), Span::new(0, 15), Span::new(9, 14)];
        assert_eq!(step_at(&spans, 11), Some(0));
        assert_eq!(step_at(&spans, 14), Some(0), "just after counts as in it");
        assert_eq!(step_at(&spans, 6), Some(1));
        assert_eq!(step_at(&spans, 1), Some(2));
        assert_eq!(step_at(&spans, 20), None);
    }

    #[test]
    fn a_caret_in_utf16_units_becomes_a_byte_offset() {
        assert_eq!(utf16_to_byte("o ^ r", 2), 2);
        // "é" is 2 bytes and 1 unit, "𝄞" 4 bytes and 2 units.
        assert_eq!(utf16_to_byte("é + o", 1), 2);
        assert_eq!(utf16_to_byte("𝄞 o", 3), 5);
        assert_eq!(utf16_to_byte("o", 9), 1);
    }
}
