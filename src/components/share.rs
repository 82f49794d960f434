//! The Share dialog: the link to this exact state, the iframe code for an article with the
//! author's options, and a live preview of the embed.

use web_sys::{HtmlDialogElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::clipboard;
use crate::model::{Exercise, Lab, Lesson, MAX_LESSONS, SPEEDS_MS};
use crate::url::{embed_query_of, query_of, Embed};

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub lab: Lab,
}

/// The page's address without its query: links work wherever the page is hosted.
fn page_address() -> String {
    let location = gloo::utils::window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_else(|_| "/".into());
    format!("{origin}{path}")
}

/// The folder the page is served from, with its last slash: where its static/ files are.
fn site_folder() -> String {
    let address = page_address();
    match address.rfind('/') {
        Some(end) => address[..=end].to_string(),
        None => format!("{address}/"),
    }
}

/// The iframe's height for what the embed shows at 600 px wide, with room to spare for a longer
/// narration or code (embed.js then sets the exact height, where the article has it). The code
/// panel stays on by default: an author embedding a technique expects its code beside the board,
/// as the full page shows it, and one who turns the panel off gets a shorter frame rather than an
/// empty band under the board. Measured at 600 px with the player's buttons, for a position from
/// each article: up to about 790 px with the code panel (up to 890 px has been seen) and 585
/// without it (e2e/tests/share.rs checks each fits).
fn frame_height(embed: Embed) -> u32 {
    match embed.code {
        true => 960,
        false => 640,
    }
}

/// The block an author pastes: the iframe, 600 px wide and tall enough for what it shows, and the
/// script (static/embed.js, from the page's own site) that then sets its height to its content's.
pub fn iframe_code(src: &str, embed: Embed, site_folder: &str) -> String {
    let escape = |text: &str| text.replace('&', "&amp;").replace('"', "&quot;");
    let (src, script) = (escape(src), escape(&format!("{site_folder}static/embed.js")));
    let height = frame_height(embed);
    format!(
        "<iframe src=\"{src}\" width=\"600\" height=\"{height}\" loading=\"lazy\" title=\"Slider Lab\" data-slider-lab></iframe>\n<script src=\"{script}\" defer></script>"
    )
}

#[function_component(Share)]
pub fn share(props: &ShareProps) -> Html {
    let dialog = use_node_ref();
    let embed = use_state(|| Embed { enabled: true, ..Embed::default() });
    let copied = use_state(|| None::<&'static str>);
    // The embed's speed, once the author picks one; until then, the page's own.
    let chosen_speed = use_state(|| None::<usize>);
    // Predict mode in the link and the embed, once the author sets it; until then, the page's.
    let chosen_predict = use_state(|| None::<bool>);
    // The exercise's random boards after this lesson, and the seed they are dealt from (drawn
    // once, so the link does not change under the author's eyes).
    let random_boards = use_state(|| 0usize);
    let exercise_seed = use_state(|| (js_sys::Math::random() * 4_294_967_296.0) as u32);
    // The preview loads a second copy of the page: only while the dialog is open.
    let is_open = use_state(|| false);
    let open = {
        let dialog = dialog.clone();
        let is_open = is_open.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                let _ = dialog.show_modal();
                is_open.set(true);
            }
        })
    };
    let close = {
        let dialog = dialog.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                dialog.close();
            }
        })
    };
    let on_closed = {
        let is_open = is_open.clone();
        Callback::from(move |_: Event| is_open.set(false))
    };
    let predict = chosen_predict.unwrap_or(props.lab.predict.on);
    let mut shared = props.lab.clone();
    shared.predict.on = predict || shared.exercise.is_some();
    let link = format!("{}{}", page_address(), query_of(&shared));
    let speed = chosen_speed.unwrap_or(props.lab.player.speed);
    let mut embedded = shared.clone();
    embedded.player.speed = speed;
    let exercise =
        exercise_query(&props.lab, *random_boards, *exercise_seed).map(|query| format!("{}{query}", page_address()));
    let embed_src = format!("{}{}", page_address(), embed_query_of(&embedded, *embed));
    let code = iframe_code(&embed_src, *embed, &site_folder());
    let copy = |what: &'static str, text: String| {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let copied = copied.clone();
            clipboard::copy(
                text.clone(),
                Callback::from(move |result: Result<(), String>| {
                    copied.set(Some(if result.is_ok() { what } else { "refused" }));
                }),
            );
        })
    };
    let option = |hook: &'static str, label: &'static str, on: bool, set: fn(&mut Embed, bool)| {
        let embed = embed.clone();
        let onchange = Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let mut next = *embed;
            set(&mut next, input.checked());
            embed.set(next);
        });
        html! {
            <label class="option"><input type="checkbox" checked={on} {onchange} data-embed-option={hook} />{ label }</label>
        }
    };
    let on_predict = {
        let chosen_predict = chosen_predict.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            chosen_predict.set(Some(input.checked()));
        })
    };
    let on_random_boards = {
        let random_boards = random_boards.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            if let Ok(count) = input.value().parse::<usize>() {
                random_boards.set(count.min(MAX_LESSONS - 1));
            }
        })
    };
    let on_speed = {
        let chosen_speed = chosen_speed.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            chosen_speed.set(select.value().parse().ok());
        })
    };
    let speeds = SPEEDS_MS.iter().enumerate().map(|(index, ms)| {
        html! { <option value={index.to_string()} selected={index == speed}>{ format!("{ms} ms a frame") }</option> }
    });
    let status = match *copied {
        Some("refused") => "The browser refused the clipboard: select the text and copy it by hand.",
        Some("link") => "Link copied.",
        Some("code") => "Iframe code copied.",
        Some("exercise") => "Exercise link copied.",
        _ => "",
    };
    html! {
        <>
            <button type="button" class="share-button" data-share-open="" onclick={open}>{ "Share" }</button>
            <dialog ref={dialog} class="share-dialog" aria-label="Share this view" onclose={on_closed}>
                <h2>{ "Share this view" }</h2>
                <label class="share-field">
                    <span>{ "Link to exactly this board, technique and step" }</span>
                    <input type="text" readonly=true value={link.clone()} data-share-link="" />
                </label>
                <button type="button" onclick={copy("link", link)}>{ "Copy link" }</button>
                <label class="option">
                    <input type="checkbox" checked={predict} onchange={on_predict} data-share-predict="" />
                    { "ask the reader to predict each step (link and embed)" }
                </label>
                <h3>{ "Embed in an article" }</h3>
                <div class="control-row">
                    { option("controls", "player buttons", embed.controls, |e, on| e.controls = on) }
                    { option("code", "code panel", embed.code, |e, on| e.code = on) }
                    { option("autoplay", "autoplay", embed.autoplay, |e, on| e.autoplay = on) }
                    <label class="option">{ "speed " }<select onchange={on_speed} data-embed-speed="">{ for speeds }</select></label>
                </div>
                <textarea readonly=true rows="3" value={code.clone()} data-share-code="" />
                <button type="button" onclick={copy("code", code)}>{ "Copy iframe code" }</button>
                <p class="hint">{ "The script line sets each iframe's height to its content's; an article with several embeds needs it once." }</p>
                <h3>{ "Exercise for a class" }</h3>
                { exercise_section(exercise.map(|link| (link.clone(), copy("exercise", link))), *random_boards, on_random_boards) }
                <p class="share-status" role="status">{ status }</p>
                if *is_open {
                    <iframe class="share-preview" src={embed_src} title="Preview of the embed"></iframe>
                }
                <div class="dialog-actions"><button type="button" onclick={close} data-share-close="">{ "Close" }</button></div>
            </dialog>
        </>
    }
}

/// The query of an exercise made of `lab`'s lesson and then `random_boards` boards dealt from
/// `seed` for its technique and slider; `None` for a reader's formula, which no lesson holds.
pub fn exercise_query(lab: &Lab, random_boards: usize, seed: u32) -> Option<String> {
    if lab.setup.formula_open {
        return None;
    }
    let setup = &lab.setup;
    let lesson =
        Lesson { technique: setup.technique, slider: setup.slider, sliders: setup.sliders(), occupied: setup.occupied };
    let mut text = Exercise::write_lesson(&lesson);
    if random_boards > 0 {
        text.push_str(&format!(
            ";{}:{}:seed={seed}:count={random_boards}",
            setup.technique.name(),
            setup.slider.name()
        ));
    }
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("exercise", &text);
    Some(format!("?{}", query.finish()))
}

/// The Share dialog's exercise: how many random boards follow the lesson, the link, and its
/// Copy button.
fn exercise_section(
    link: Option<(String, Callback<MouseEvent>)>,
    random_boards: usize,
    on_count: Callback<Event>,
) -> Html {
    let Some((link, copy)) = link else {
        return html! { <p class="hint">{ "An exercise deals built-in techniques: choose one in the Technique menu to make one." }</p> };
    };
    html! {
        <>
            <label class="option">
                { "this lesson, then " }
                <input type="number" min="0" max={(MAX_LESSONS - 1).to_string()} value={random_boards.to_string()}
                    onchange={on_count} data-share-random-boards="" class="count-field" />
                { " random boards of it" }
            </label>
            <label class="share-field">
                <span>{ "Exercise link: each reader predicts every step, lesson after lesson, and sees a score at the end" }</span>
                <input type="text" readonly=true value={link} data-share-exercise="" />
            </label>
            <button type="button" onclick={copy}>{ "Copy exercise link" }</button>
        </>
    }
}
