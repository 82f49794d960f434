//! Step player controls: first, back, play/pause, next, last, frame stepping, speed, scrub bar.
//! The keyboard shortcuts are wired up by the app for the whole page; the player shows the ones
//! that work everywhere, and `?` lists them all.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::model::{Action, PlayerAction, SPEEDS_MS};

/// The player's buttons, each with its hook (`data-player`), which tests and embedding pages use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayerButton {
    First,
    Back,
    Play,
    Next,
    Last,
    FrameBack,
    FrameNext,
    /// The embed's one button, when it plays by itself.
    Toggle,
}

impl PlayerButton {
    pub const fn hook(self) -> &'static str {
        match self {
            PlayerButton::First => "first",
            PlayerButton::Back => "back",
            PlayerButton::Play => "play",
            PlayerButton::Next => "next",
            PlayerButton::Last => "last",
            PlayerButton::FrameBack => "frame-back",
            PlayerButton::FrameNext => "frame-next",
            PlayerButton::Toggle => "toggle",
        }
    }

    /// What a click on the button does.
    pub const fn action(self) -> Action {
        match self {
            PlayerButton::First => Action::Player(PlayerAction::First),
            PlayerButton::Back => Action::Player(PlayerAction::Back),
            PlayerButton::Play | PlayerButton::Toggle => Action::Player(PlayerAction::TogglePlay),
            PlayerButton::Next => Action::Player(PlayerAction::Next),
            PlayerButton::Last => Action::Player(PlayerAction::Last),
            PlayerButton::FrameBack => Action::Player(PlayerAction::StepFrame(-1)),
            PlayerButton::FrameNext => Action::Player(PlayerAction::StepFrame(1)),
        }
    }

    /// Whether the button cannot move the player: back at the first step (or frame), on at the
    /// last, and none of them while there are no steps (a technique's code on its way).
    const fn stuck(self, at: Ends) -> bool {
        match self {
            PlayerButton::First | PlayerButton::Back => at.first_step || at.no_steps,
            PlayerButton::Next | PlayerButton::Last => at.last_step,
            PlayerButton::FrameBack => at.first_frame || at.no_steps,
            PlayerButton::FrameNext => at.last_frame || at.no_steps,
            PlayerButton::Play | PlayerButton::Toggle => at.no_steps,
        }
    }
}

/// Where the player stands against the ends: of the trace's steps, and of the step's animation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Ends {
    pub first_step: bool,
    pub last_step: bool,
    pub first_frame: bool,
    pub last_frame: bool,
    pub no_steps: bool,
}

pub struct PlayerProps {
    pub step: usize,
    pub count: usize,
    /// The step's animation: at its first frame, and at its last (the step whole).
    pub first_frame: bool,
    pub last_frame: bool,
    pub playing: bool,
    pub speed: usize,
    /// Predict mode's switch, at the player's end.
    pub predict_toggle: Html,
    pub on_action: Callback<Action>,
}

/// A plain view function, not a component (see `result::attack_result`).
pub fn player(props: &PlayerProps) -> Html {
    // The visible words are the accessible name (the arrows are decoration); the title adds the key.
    // At either end the buttons that cannot move say so with aria-disabled, and keep their focus:
    // a disabled button would drop the keyboard's place on the page.
    let ends = Ends {
        first_step: props.step == 0,
        last_step: props.step + 1 >= props.count,
        first_frame: props.first_frame,
        last_frame: props.last_frame,
        no_steps: props.count == 0,
    };
    let button = |which: PlayerButton, label: Html, title: &'static str| {
        let (hook, stuck) = (which.hook(), which.stuck(ends));
        let onclick = props.on_action.reform(move |_: MouseEvent| which.action());
        html! {
            <button type="button" class="player-button" data-player={hook} {title} {onclick}
                aria-disabled={stuck.then_some("true")}>{ label }</button>
        }
    };
    let on_scrub = props.on_action.reform(|event: InputEvent| {
        let input: HtmlInputElement = event.target_unchecked_into();
        Action::Player(PlayerAction::GoTo(input.value().parse().unwrap_or(0)))
    });
    let on_speed = props.on_action.reform(|event: InputEvent| {
        let input: HtmlInputElement = event.target_unchecked_into();
        Action::Player(PlayerAction::SetSpeed(input.value().parse().unwrap_or(2)))
    });
    // Plain glyphs every system font has: ▶ and ◀ with a bar, "||" for pause.
    let glyph = |text: &'static str| html! { <span class="glyph" aria-hidden="true">{ text }</span> };
    let (play_label, play_title) = if props.playing {
        (html! { <>{ glyph("||") }{ " Pause" }</> }, "Pause (Space or K)")
    } else {
        (html! { <>{ glyph("▶") }{ " Play" }</> }, "Play (Space or K)")
    };
    html! {
        <div class="player" role="toolbar" aria-label="Step player">
            { button(PlayerButton::First, html! { <>{ glyph("|◀") }{ " First" }</> }, "First step (Home)") }
            { button(PlayerButton::Back, html! { <>{ glyph("◀") }{ " Back" }</> }, "Previous step (← or [)") }
            { button(PlayerButton::Play, play_label, play_title) }
            { button(PlayerButton::Next, html! { <>{ "Next " }{ glyph("▶") }</> }, "Next step (→ or ])") }
            { button(PlayerButton::Last, html! { <>{ "Last " }{ glyph("▶|") }</> }, "Last step (End)") }
            // "‹ frame ›": the word names the pair, each arrow its way; each button's own name is
            // in words too, for screen readers.
            <span class="frame-stepper">
                { button(PlayerButton::FrameBack, html! { <>{ glyph("‹") }<span class="visually-hidden">{ "Frame back" }</span></> }, "One animation frame back (,)") }
                <span class="frame-word" aria-hidden="true">{ "frame" }</span>
                { button(PlayerButton::FrameNext, html! { <>{ glyph("›") }<span class="visually-hidden">{ "Next frame" }</span></> }, "One animation frame on (.)") }
            </span>
            <label class="scrub">
                <span>{ "Step" }</span>
                <input type="range" min="0" max={props.count.saturating_sub(1).to_string()}
                    value={props.step.to_string()} oninput={on_scrub} data-scrub="" />
            </label>
            <label class="speed">
                <span>{ "Speed" }</span>
                <input type="range" min="0" max={(SPEEDS_MS.len() - 1).to_string()}
                    value={props.speed.to_string()} oninput={on_speed} data-speed="" />
            </label>
            { props.predict_toggle.clone() }
        </div>
    }
}
