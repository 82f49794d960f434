//! The page's state and every change to it, kept apart from the view so it can be tested natively.
//!
//! The reducer is pure: it runs no technique, reads no formula and touches no browser API. What
//! those give (the trace's shape, a formula's reading, a slice of its check) the page's effects
//! compute and hand in as actions (`crate::effects`, `crate::hooks`).

mod check;
mod exercise;
mod player;
mod playground;
mod predict;
mod preferences;
mod setup;

use std::rc::Rc;

use sliders::{Bitboard, Slider, Square, Technique};
use sliders_formula::examples::EXAMPLES;
use sliders_formula::Target;
use yew::Reducible;

use crate::fetched::Status;
use crate::presets::{Preset, PRESETS};

pub use check::{Check, CheckAction, CheckSlice, CompiledCheck, FormulaCheck, CHECK_SLICE};
pub use exercise::{deal, Exercise, ExerciseAction, Lesson, MAX_LESSONS};
pub use player::{
    reading_ms, Moment, Player, SelfPlay, StepShape, TraceShape, HOLD_TICKS, LOOP_HOLD_TICKS, READING_WORDS_PER_MINUTE,
    SPEEDS_MS,
};
pub use playground::{Playground, Reading};
pub use predict::{Answer, Outcome, Predict, PredictAction};
pub use preferences::{Preferences, Theme};
pub use setup::{Setup, Tool};

/// Everything the page shows is derived from this.
#[derive(Clone, PartialEq, Debug)]
pub struct Lab {
    pub setup: Setup,
    pub playground: Playground,
    /// Where the formula language is (it is fetched when a formula first opens).
    pub language: Status,
    /// Where every technique's traced code is but the one the first load carries
    /// (`techniques.wasm`, fetched once the lesson is on screen: `crate::techniques`).
    pub techniques: Status,
    pub player: Player,
    /// Predict mode: the reader's answers, and what came of them.
    pub predict: Predict,
    /// A teacher's exercise being done: its board is the lesson's, in predict mode.
    pub exercise: Option<Exercise>,
    pub preferences: Preferences,
    /// A problem with the last input, shown until the next successful edit.
    pub message: Option<String>,
    /// A link with `expect=` asks for the check: it starts on its own once the formula reads
    /// (the language may still be on its way when the link opens). The panels module runs the
    /// check (`check.rs`); the page tells it this.
    pub check_when_read: bool,
    /// The shape of the trace of [`Lab::trace_key`], once the page has computed it; a shape of
    /// another key is stale.
    pub shape: Undrawn<Option<(TraceKey, TraceShape)>>,
}

impl Default for Lab {
    fn default() -> Lab {
        Lab {
            setup: Setup::default(),
            playground: Playground::example(&EXAMPLES[0]),
            language: Status::Absent,
            techniques: crate::techniques::status_at_start(),
            player: Player::default(),
            predict: Predict::default(),
            exercise: None,
            preferences: Preferences::default(),
            message: None,
            check_when_read: false,
            shape: Undrawn(None),
        }
    }
}

/// What the reducer keeps for itself and no view draws (the trace's shape, which the views have
/// whole): equal whatever it holds, so that handing it in alone does not draw the page again
/// (the page's reducer is `use_reducer_eq`).
#[derive(Clone, Debug, Default)]
pub struct Undrawn<T>(pub T);

impl<T> PartialEq for Undrawn<T> {
    fn eq(&self, _: &Undrawn<T>) -> bool {
        true
    }
}

/// What the trace depends on: a new value means a new trace.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TraceKey {
    pub technique: Technique,
    /// The reader's formula runs instead of the technique; `Some` of the formula that runs, if
    /// one has read.
    pub formula_open: bool,
    pub formula: Option<Rc<str>>,
    pub slider: Slider,
    pub sliders: Bitboard,
    pub occupied: Bitboard,
    /// Where `techniques.wasm` is (`Ready` for a formula, which formula.wasm traces): it traces
    /// every technique but the one the first load carries, and says every technique's steps,
    /// that one's too (a new trace of it once the module is here brings its sentences).
    pub techniques: Status,
}

impl TraceKey {
    /// Whether the trace waits for `techniques.wasm`: it has no steps until then.
    pub fn waits_for_techniques(&self) -> bool {
        !self.formula_open && self.technique != crate::techniques::CARRIED && self.techniques != Status::Ready
    }

    /// Whether `other` traces the same steps: the same setup, and the steps waiting for
    /// techniques.wasm in both or in neither. The module's coming changes only the sentences
    /// of the technique the first load carries: the reader keeps the step, and their answers.
    pub fn same_steps(&self, other: &TraceKey) -> bool {
        let without_status = |key: &TraceKey| TraceKey { techniques: Status::Ready, ..key.clone() };
        without_status(self) == without_status(other) && self.waits_for_techniques() == other.waits_for_techniques()
    }
}

/// Every change to the page, sorted by the part of [`Lab`] it changes: each part's handler
/// matches its own enum whole, so an action cannot reach the wrong handler, and a new one that
/// no handler takes does not compile.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Board(BoardAction),
    Formula(FormulaAction),
    Player(PlayerAction),
    Predict(PredictAction),
    Exercise(ExerciseAction),
    Page(PageAction),
}

/// The board's actions: presses, drags, tools, technique, slider and pieces ([`Setup`]).
#[derive(Clone, Debug, PartialEq)]
pub enum BoardAction {
    /// Pointer went down on a square: toggle it or place the slider, and start a paint stroke.
    Press(Square),
    /// Pointer moved onto a square while pressed: paint it with the stroke's state.
    Drag(Square),
    /// Pointer released anywhere.
    Release,
    /// Keyboard or single-click activation without painting.
    Activate(Square),
    SetTool(Tool),
    SetSlider(Slider),
    SetTechnique(Technique),
    SetOccupied(Bitboard),
    /// Load one of [`PRESETS`] by id.
    LoadPreset(&'static str),
}

/// The formula's actions: the editor, its reading, the language and the examples
/// ([`Playground`]).
#[derive(Clone, Debug, PartialEq)]
pub enum FormulaAction {
    /// Show the reader's formula in the lesson ("Your formula" in the technique menu).
    OpenFormula,
    /// The editor's text changed.
    EditFormula(String),
    /// The editor's text changed, and the page read it at once (the language was here): the
    /// edit and what the language found, drawn together.
    Typed { text: Rc<str>, reading: Reading },
    /// The page read a typed text (its reading effect): what the language found.
    Read { text: Rc<str>, reading: Reading },
    /// The formula language is on its way.
    LanguageLoading,
    /// The formula language arrived, or could not (why, in a sentence).
    LanguageLoaded(Result<(), Rc<str>>),
    /// Open one of [`EXAMPLES`] by id.
    OpenExample(&'static str),
    /// The language gave an example's text, or could not (why, in a sentence).
    ExampleText { id: &'static str, text: Result<Rc<str>, Rc<str>> },
    /// What the formula should compute; its slider is placed for it.
    SetTarget(Target),
    /// Put a counter-example on the board (the check's or the proof's): the target's slider on
    /// the square, the board's pieces.
    LoadBoard(Square, Bitboard),
}

/// The player's actions: which step, which frame, and play ([`Player`]).
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerAction {
    /// Go to a step and animate it.
    GoTo(usize),
    First,
    Back,
    Next,
    Last,
    /// Play through the steps, or pause (also mid-animation).
    TogglePlay,
    /// Move one animation frame within the current step, pausing.
    StepFrame(isize),
    /// The frame timer fired.
    Tick,
    /// The page scrolled into the reader's view, or out of it (an embed in an article).
    Seen(bool),
    SetSpeed(usize),
    /// The page computed the trace of this key: its shape.
    Traced(TraceKey, TraceShape),
}

/// The page's own actions: preferences, the message and history ([`Preferences`]).
#[derive(Clone, Debug, PartialEq)]
pub enum PageAction {
    ToggleIndices,
    /// Open or close the list of keys.
    ShowKeys(bool),
    /// Enter or leave presentation mode.
    Present(bool),
    SetTheme(Theme),
    /// Back or forward in the browser's history: take the position, technique and step of a link.
    Restore(Box<Lab>),
    /// The user typed something that could not be read; the board keeps its state.
    Reject(String),
    DismissMessage,
    /// `techniques.wasm` is on its way.
    TechniquesLoading,
    /// `techniques.wasm` is here, or why it could not be loaded.
    TechniquesLoaded(Result<(), Rc<str>>),
}

impl From<BoardAction> for Action {
    fn from(action: BoardAction) -> Action {
        Action::Board(action)
    }
}

impl From<FormulaAction> for Action {
    fn from(action: FormulaAction) -> Action {
        Action::Formula(action)
    }
}

impl From<PlayerAction> for Action {
    fn from(action: PlayerAction) -> Action {
        Action::Player(action)
    }
}

impl From<PageAction> for Action {
    fn from(action: PageAction) -> Action {
        Action::Page(action)
    }
}

impl Lab {
    /// Every slider's square.
    pub fn sliders(&self) -> Bitboard {
        self.setup.sliders()
    }

    /// Several sliders at once: the set-wise techniques and a formula (whose `r` is their union).
    pub fn takes_many_sliders(&self) -> bool {
        self.setup.takes_many_sliders()
    }

    /// What the trace depends on.
    pub fn trace_key(&self) -> TraceKey {
        let setup = &self.setup;
        TraceKey {
            technique: setup.technique,
            formula_open: setup.formula_open,
            formula: self.playground.formula.clone().filter(|_| setup.formula_open),
            slider: setup.slider,
            sliders: setup.sliders(),
            occupied: setup.occupied,
            techniques: if setup.formula_open { Status::Ready } else { self.techniques.clone() },
        }
    }

    /// The shape of the trace on screen, once the page has handed it in.
    pub fn shape(&self) -> Option<&TraceShape> {
        self.shape.0.as_ref().filter(|(key, _)| *key == self.trace_key()).map(|(_, shape)| shape)
    }

    /// A new board, and the last message gone.
    fn edit_board(&mut self, occupied: Bitboard) {
        self.setup.occupied = occupied;
        self.message = None;
    }

    /// A preset's lesson opens on the first step of the line its example is about.
    fn open_on_preset_focus(&mut self, preset: &Preset) {
        if let Some((_, step)) = preset.opens_on {
            self.player.step = step;
        }
    }

    /// The board's actions: presses, drags, tools, technique, slider and pieces.
    fn on_board(&mut self, action: BoardAction) {
        let setup = &mut self.setup;
        match action {
            BoardAction::Press(square) | BoardAction::Activate(square) if setup.tool == Tool::PlaceSlider => {
                if let Some(placed) = setup.clone().place_slider(square) {
                    *setup = placed;
                    self.message = None;
                }
            }
            BoardAction::Press(square) => {
                let occupy = !setup.occupied.contains(square);
                setup.set(square, occupy);
                setup.painting = Some(occupy);
                self.message = None;
            }
            BoardAction::Drag(square) => {
                if let Some(occupy) = setup.painting.filter(|&occupy| setup.occupied.contains(square) != occupy) {
                    setup.set(square, occupy);
                    self.message = None;
                }
            }
            BoardAction::Release => setup.painting = None,
            BoardAction::Activate(square) => {
                let occupied = setup.occupied.toggled(square);
                self.edit_board(occupied);
            }
            BoardAction::SetTool(tool) => setup.tool = tool,
            BoardAction::SetSlider(slider) => self.message = setup.choose_slider(slider),
            BoardAction::SetTechnique(technique) => {
                if let Some(message) = setup.choose(technique) {
                    self.message = Some(message);
                }
            }
            BoardAction::SetOccupied(occupied) => self.edit_board(occupied),
            BoardAction::LoadPreset(id) => match PRESETS.iter().find(|p| p.id == id) {
                Some(preset) => {
                    self.edit_board(preset.occupied);
                    if let Some((slider, square, technique)) = preset.setup {
                        let setup = &mut self.setup;
                        (setup.slider, setup.square, setup.technique, setup.others) =
                            (slider, square, technique, Bitboard::EMPTY);
                    }
                    self.open_on_preset_focus(preset);
                }
                None => self.message = Some(format!("There is no preset \"{id}\".")),
            },
        }
    }

    /// The formula's actions: the editor, its reading, the language and the examples.
    fn on_formula(&mut self, action: FormulaAction) {
        let playground = &mut self.playground;
        match action {
            FormulaAction::OpenFormula => self.setup.formula_open = true,
            FormulaAction::EditFormula(text) => playground.edit(&text),
            FormulaAction::Typed { text, reading } => {
                playground.edit(&text);
                playground.read(&text, reading);
            }
            FormulaAction::Read { text, reading } => playground.read(&text, reading),
            FormulaAction::LanguageLoading => self.language = Status::Loading,
            FormulaAction::LanguageLoaded(Ok(())) => self.language = Status::Ready,
            FormulaAction::LanguageLoaded(Err(why)) => self.language = Status::Failed(why),
            FormulaAction::OpenExample(id) => match sliders_formula::examples::by_id(id) {
                Some(example) => {
                    let setup = &mut self.setup;
                    (setup.formula_open, setup.slider, setup.others) = (true, example.target.slider(), Bitboard::EMPTY);
                    *playground = Playground::example(example);
                }
                None => self.message = Some(format!("There is no example formula \"{id}\".")),
            },
            FormulaAction::ExampleText { id, text } => playground.example_text(id, text),
            FormulaAction::SetTarget(target) => {
                self.setup.slider = target.slider();
                playground.target = target;
            }
            FormulaAction::LoadBoard(square, occupied) => {
                let setup = &mut self.setup;
                (setup.square, setup.occupied, setup.slider, setup.others) =
                    (square, occupied, playground.target.slider(), Bitboard::EMPTY);
                self.player.step = 0;
                self.message = None;
            }
        }
    }

    /// The player's actions.
    fn on_player(&mut self, action: PlayerAction) {
        let (player, shape, reduced) = (self.player.clone(), self.shape().cloned(), self.preferences.reduced_motion);
        let shape = shape.as_ref();
        self.player = match action {
            PlayerAction::GoTo(step) => player.go_to(step, shape, reduced),
            PlayerAction::First => player.go_to(0, shape, reduced),
            PlayerAction::Back => {
                let step = player.step.saturating_sub(1);
                player.go_to(step, shape, reduced)
            }
            PlayerAction::Next => {
                let step = player.step + 1;
                player.go_to(step, shape, reduced)
            }
            // Any step past the end is the last: the shape clamps it, now or once it is known.
            PlayerAction::Last => player.go_to(usize::MAX, shape, reduced),
            PlayerAction::TogglePlay => player.toggled(shape, reduced),
            PlayerAction::Seen(seen) => player.clone().seen(seen, shape, reduced).unwrap_or(player),
            PlayerAction::StepFrame(delta) => player.step_frame(delta, shape),
            PlayerAction::Tick => player.tick(shape, reduced),
            PlayerAction::SetSpeed(speed) => Player { speed: speed.min(SPEEDS_MS.len() - 1), ..player },
            PlayerAction::Traced(key, shape) => {
                // A formula not yet read has no steps to keep the step within: a link's step
                // waits for the formula's own.
                // So does a link's step on a technique whose code is on its way.
                let unread = key.formula_open && key.formula.is_none() || key.waits_for_techniques();
                self.player = if unread { player } else { player.clamped(&shape) };
                self.shape = Undrawn(Some((key, shape)));
                return;
            }
        };
    }

    /// Whether the step on screen asks for the reader's prediction: predict mode is on and this
    /// step has not been answered. (Not whether the trace's shape is known: the shape alone
    /// does not draw the page again, and a page drawn before it came must not show the result.)
    pub fn asking(&self) -> bool {
        self.predict.on && self.predict.outcome(self.player.step).is_none()
    }

    /// Predict mode's actions.
    fn on_predict(&mut self, action: PredictAction) {
        let step = self.player.step;
        let truth =
            self.shape().and_then(|shape| shape.by_step.get(step)).map(|shape| (shape.result, shape.result_square));
        let asking = self.asking();
        let predict = &mut self.predict;
        let answer = predict.answer_for(step);
        match action {
            PredictAction::Switch(on) => predict.on = on,
            PredictAction::Press(square) if asking => {
                let on = !answer.bits.contains(square);
                answer.bits = answer.bits.toggled(square);
                answer.painting = Some(on);
            }
            PredictAction::Drag(square) if asking => {
                if answer.painting.is_some_and(|on| answer.bits.contains(square) != on) {
                    answer.bits = answer.bits.toggled(square);
                }
            }
            PredictAction::Release => answer.painting = None,
            PredictAction::Type(text) => {
                answer.number = text;
                predict.error = None;
            }
            PredictAction::Check if asking => {
                match truth.map(|(truth, square)| Predict::grade(answer, truth, square)) {
                    Some(Ok(outcome)) => self.reveal(step, outcome),
                    Some(Err(why)) => predict.error = Some(why),
                    None => {}
                }
            }
            PredictAction::Answer(text) if asking => {
                answer.number = text;
                self.on_predict(PredictAction::Check);
            }
            PredictAction::Show if asking => self.reveal(step, Outcome::Shown),
            PredictAction::NewBoard(seed) => {
                let (square, occupied) = deal(seed);
                self.begin_board(Setup {
                    square,
                    others: Bitboard::EMPTY,
                    occupied,
                    dealt: Some(seed),
                    ..self.setup.clone()
                });
            }
            // An answer to a step that no longer asks changes nothing.
            PredictAction::Press(_)
            | PredictAction::Drag(_)
            | PredictAction::Check
            | PredictAction::Answer(_)
            | PredictAction::Show => {}
        }
    }

    /// Records what came of `step`, and plays its animation and narration as without predict mode.
    fn reveal(&mut self, step: usize, outcome: Outcome) {
        self.predict.answered(step, outcome);
        self.predict.error = None;
        let shape = self.shape().cloned();
        self.player = Player { autoplay: false, ..self.player.clone() }.go_to(
            step,
            shape.as_ref(),
            self.preferences.reduced_motion,
        );
    }

    /// An exercise's actions.
    fn on_exercise(&mut self, action: ExerciseAction) {
        let Some(exercise) = &mut self.exercise else { return };
        match action {
            ExerciseAction::Next if exercise.index + 1 < exercise.lessons.len() => {
                exercise.index += 1;
                let lesson = exercise.lesson();
                self.begin_board(self.setup.clone().with_lesson(&lesson));
            }
            ExerciseAction::Next => {}
            ExerciseAction::Leave => self.exercise = None,
        }
    }

    /// A new board to predict (New board, an exercise's next lesson): its steps from the
    /// first, none answered yet.
    fn begin_board(&mut self, setup: Setup) {
        self.setup = setup;
        self.predict.outcomes.clear();
        self.player.step = 0;
        self.message = None;
    }

    /// During an exercise the board is the lesson's, in predict mode: a change of the board,
    /// the technique or the slider, or predict mode switched off, is undone with a word. Each
    /// lesson's score is kept once its every step is answered.
    fn keep_to_the_lesson(&mut self, before: &Lab) {
        let steps = self.shape().map(|shape| shape.by_step.len());
        let score = steps.and_then(|steps| self.predict.score(steps));
        let Some(exercise) = &mut self.exercise else { return };
        let lesson = exercise.lesson();
        if self.setup != self.setup.clone().with_lesson(&lesson) || !self.predict.on {
            self.setup = Setup { tool: self.setup.tool, painting: None, ..before.setup.clone() };
            self.predict.on = true;
            self.message = Some("This board is the exercise's: Leave the exercise (at its top) to change it.".into());
        }
        if let (Some(score), Some(slot)) = (score, exercise.scores.get_mut(exercise.index)) {
            slot.get_or_insert(score);
        }
    }

    /// The page's preferences, the message, and history.
    fn on_page(&mut self, action: PageAction) {
        let preferences = &mut self.preferences;
        match action {
            PageAction::ToggleIndices => preferences.show_indices = !preferences.show_indices,
            PageAction::ShowKeys(show_keys) => preferences.show_keys = show_keys,
            PageAction::Present(presenting) => preferences.presenting = presenting,
            PageAction::SetTheme(theme) => preferences.theme = theme,
            PageAction::Restore(link) => self.restore(*link),
            PageAction::Reject(message) => self.message = Some(message),
            PageAction::DismissMessage => self.message = None,
            PageAction::TechniquesLoading => self.techniques = Status::Loading,
            PageAction::TechniquesLoaded(Ok(())) => self.techniques = Status::Ready,
            PageAction::TechniquesLoaded(Err(why)) => self.techniques = Status::Failed(why),
        }
    }

    /// A link's position, technique, formula, step, speed and theme, its step shown finished.
    fn restore(&mut self, link: Lab) {
        let player = &mut self.player;
        (player.step, player.speed, player.frame, player.running, player.autoplay) =
            (link.player.step, link.player.speed, Moment::Finished, false, false);
        self.preferences.theme = link.preferences.theme;
        self.predict.on = link.predict.on;
        // Back within an exercise keeps the scores so far; back out of it leaves it.
        self.exercise = match (self.exercise.take(), link.exercise) {
            (Some(mine), Some(linked)) if mine.text == linked.text => Some(Exercise { index: linked.index, ..mine }),
            (_, linked) => linked,
        };
        self.setup = self.setup.clone().restored(link.setup);
        self.playground = link.playground;
        self.message = None;
        // Settled on the link's trace: its step is clamped once that trace's shape is known.
        if let Some(shape) = self.shape().cloned() {
            self.player = self.player.clone().clamped(&shape);
        }
    }
}

impl Reducible for Lab {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Board(action) => next.on_board(action),
            Action::Formula(action) => next.on_formula(action),
            Action::Player(action) => next.on_player(action),
            Action::Predict(action) => next.on_predict(action),
            Action::Exercise(action) => next.on_exercise(action),
            Action::Page(action) => next.on_page(action),
        }
        next.keep_to_the_lesson(&self);
        // A new position, technique or formula means a new trace: settle the player on it (its
        // step is clamped when the new trace's shape comes in), and ask each of its steps anew.
        if !next.trace_key().same_steps(&self.trace_key()) {
            next.player = next.player.settled();
            next.predict.outcomes.clear();
        }
        // A step that asks waits for its answer: the player stops on it, and a new step's
        // answer starts blank.
        if next.asking() {
            next.player = Player { running: false, autoplay: false, frame: Moment::Finished, ..next.player };
        }
        next.predict.answer_for(next.player.step);
        if next == *self && next.shape.0 == self.shape.0 {
            return self;
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effects::{answered, settle};
    use sliders::{Bitboard, Focus, Line, Slider, Square, Technique, Trace};
    use sliders_explain::animation::frame_count;

    #[test]
    fn a_text_typed_and_read_at_once_is_the_edit_and_its_reading() {
        let lab = apply(Lab::default(), &[Action::Formula(FormulaAction::OpenFormula)]);
        for text in ["o ^ (o - 2 * r)", "o ^ (o - 2 * r", "o & r", &*lab.playground.text] {
            let typed = crate::effects::typed(&lab.playground, text.to_string());
            // The text already read is no new reading: the edit alone, which changes nothing.
            let new = *text != *lab.playground.text;
            assert_eq!(
                matches!(typed, Action::Formula(FormulaAction::Typed { .. })),
                new,
                "the language is here: {text} is read at once"
            );
            let settled = apply(lab.clone(), &[Action::Formula(FormulaAction::EditFormula(text.into()))]);
            assert_eq!(apply(lab.clone(), &[typed]), settled, "{text}");
        }
    }

    #[test]
    fn the_traces_shape_alone_draws_nothing_but_the_reducer_keeps_it() {
        let lab = Rc::new(Lab::default());
        let step =
            |frames| StepShape { frames, reading_ms: 2000, result: sliders::Value::Number(0), result_square: None };
        let shape = TraceShape { by_step: vec![step(1), step(3), step(1)].into() };
        let next = lab.clone().reduce(Action::Player(PlayerAction::Traced(lab.trace_key(), shape.clone())));
        assert!(!Rc::ptr_eq(&lab, &next), "the reducer keeps the shape");
        assert!(*next == *lab, "no view draws it, so the page is not drawn again");
        assert_eq!(next.shape(), Some(&shape));
        let again = next.clone().reduce(Action::Player(PlayerAction::Traced(next.trace_key(), shape.clone())));
        assert!(Rc::ptr_eq(&next, &again), "the same shape again changes nothing");
        // A shape that moves the step is drawn.
        let far = Rc::new(Lab { player: Player { step: 7, ..Player::default() }, ..Lab::default() });
        let clamped = far.clone().reduce(Action::Player(PlayerAction::Traced(far.trace_key(), shape)));
        assert_eq!(clamped.player.step, 2);
        assert!(*clamped != *far);
    }

    /// `lab` after `actions`, each followed by what the page's effects dispatch in answer (the
    /// typed text read, the new trace's shape), as the page runs them.
    fn apply(lab: Lab, actions: &[Action]) -> Lab {
        actions.iter().fold(answered(lab), |lab, action| settle(lab, action.clone()))
    }

    /// The trace of the state on screen, as the page computes it.
    fn trace(lab: &Lab) -> Trace {
        crate::effects::trace(lab)
    }

    fn with_setup(setup: Setup) -> Lab {
        Lab { setup, ..Lab::default() }
    }

    fn with_player(player: Player) -> Lab {
        Lab { player, ..Lab::default() }
    }

    #[test]
    fn an_engine_listing_opens_from_the_menu_with_its_target() {
        let reduce = |lab: Lab, action: Action| (*Rc::new(lab).reduce(action)).clone();
        for listing in &sliders_formula::examples::LISTINGS {
            let opened = reduce(Lab::default(), Action::Formula(FormulaAction::OpenExample(listing.id)));
            assert_eq!(opened.playground.awaited_example, Some(listing.id));
            assert_eq!((opened.playground.target, opened.setup.slider), (listing.target, listing.target.slider()));
            assert!(opened.message.is_none() && opened.setup.formula_open);
        }
    }

    #[test]
    fn an_examples_text_comes_from_the_language_and_an_edit_or_another_example_wins() {
        use sliders_formula::examples::by_id;
        let reduce = |lab: Lab, action: Action| (*Rc::new(lab).reduce(action)).clone();
        // Opened, the example waits for its text: the page's first load does not carry it.
        let opened = reduce(Lab::default(), Action::Formula(FormulaAction::OpenExample("sbamg")));
        assert_eq!((opened.playground.awaited_example, &*opened.playground.text), (Some("sbamg"), ""));
        assert!(opened.playground.waits_for_language() && !opened.playground.unread());
        // The language's answer fills the editor, and the text then waits to be read.
        let text = by_id("sbamg").unwrap().text();
        let answered =
            reduce(opened.clone(), Action::Formula(FormulaAction::ExampleText { id: "sbamg", text: Ok(text.into()) }));
        assert_eq!((answered.playground.awaited_example, &*answered.playground.text), (None, text));
        assert!(answered.playground.unread());
        // An answer for an example no longer awaited changes nothing.
        let stale =
            reduce(answered.clone(), Action::Formula(FormulaAction::ExampleText { id: "sbamg", text: Ok("o".into()) }));
        assert_eq!(stale.playground, answered.playground);
        let other = reduce(
            opened.clone(),
            Action::Formula(FormulaAction::ExampleText { id: "classical-ray", text: Ok("o".into()) }),
        );
        assert_eq!(other.playground, opened.playground);
        // Typing before the answer keeps what was typed.
        let typed = reduce(opened.clone(), Action::Formula(FormulaAction::EditFormula("o & r".into())));
        let late = reduce(typed, Action::Formula(FormulaAction::ExampleText { id: "sbamg", text: Ok(text.into()) }));
        assert_eq!(&*late.playground.text, "o & r");
        // A language that cannot give it says why beside the editor.
        let failed = reduce(
            opened,
            Action::Formula(FormulaAction::ExampleText { id: "sbamg", text: Err("the network request failed".into()) }),
        );
        assert!(failed.playground.error.is_some_and(|error| error.message == "the network request failed"));
        // Through the page's effects, the example reads and runs.
        let settled = apply(Lab::default(), &[Action::Formula(FormulaAction::OpenExample("sbamg"))]);
        assert_eq!(&*settled.playground.text, text);
        assert_eq!(settled.playground.formula.as_deref(), Some(text));
    }

    #[test]
    fn an_edit_with_an_error_keeps_the_last_good_formula_and_its_steps() {
        let lab = apply(
            Lab::default(),
            &[
                Action::Formula(FormulaAction::OpenFormula),
                Action::Formula(FormulaAction::EditFormula("o ^ (o - 2 * r)".into())),
            ],
        );
        assert_eq!(trace(&lab).steps.len(), 3);
        let broken = apply(lab.clone(), &[Action::Formula(FormulaAction::EditFormula("o ^ (o - 2 * r".into()))]);
        assert!(broken.playground.error.as_ref().is_some_and(|e| e.message.contains("expected )")));
        assert_eq!(&*broken.playground.text, "o ^ (o - 2 * r");
        assert_eq!(trace(&broken), trace(&lab), "the steps of the last good formula stay");
        let fixed = apply(broken, &[Action::Formula(FormulaAction::EditFormula("o & r".into()))]);
        assert!(fixed.playground.error.is_none());
        assert_eq!(trace(&fixed).steps.len(), 1);
        let back = apply(fixed, &[Action::Board(BoardAction::SetTechnique(Technique::Sbamg))]);
        assert!(!back.setup.formula_open && trace(&back).technique == Some(Technique::Sbamg));
    }

    #[test]
    fn a_formula_that_reads_is_compiled_and_its_listing_follows_its_text() {
        let lab = apply(Lab::default(), &[Action::Formula(FormulaAction::OpenExample("obstruction-difference"))]);
        let Some(Ok(module)) = &lab.playground.compiled else { panic!("not compiled") };
        assert!(module.lines.iter().any(|line| line.text.trim() == "i64.clz"));
        assert!(module.instructions > 0 && module.bytes.starts_with(b"\0asm"));
        // Every step's sub-expression has instructions to light.
        for span in &trace(&lab).spans() {
            assert!(module.lines.iter().any(|line| line.span == Some(*span)));
        }
        // A text with an error keeps the last module; a new formula brings its own.
        let typed = apply(lab.clone(), &[Action::Formula(FormulaAction::EditFormula("o ^ (o - 2 * ".into()))]);
        assert_eq!(typed.playground.compiled, lab.playground.compiled);
        let other = apply(lab.clone(), &[Action::Formula(FormulaAction::EditFormula("popcount(o)".into()))]);
        let Some(Ok(other)) = &other.playground.compiled else { panic!("not compiled") };
        assert!(other.lines.iter().any(|line| line.text.trim() == "i64.popcnt"));
    }

    #[test]
    fn a_drag_paints_with_the_first_squares_new_state() {
        let start = with_setup(Setup { occupied: Square::C3.bit(), ..Setup::default() });
        let lab = apply(
            start,
            &[
                Action::Board(BoardAction::Press(Square::A1)),
                Action::Board(BoardAction::Drag(Square::B1)),
                Action::Board(BoardAction::Drag(Square::C3)),
                Action::Board(BoardAction::Release),
            ],
        );
        assert!(
            lab.setup.occupied.contains(Square::A1)
                && lab.setup.occupied.contains(Square::B1)
                && lab.setup.occupied.contains(Square::C3)
        );
        let lab = apply(
            lab,
            &[
                Action::Board(BoardAction::Press(Square::A1)),
                Action::Board(BoardAction::Drag(Square::B1)),
                Action::Board(BoardAction::Release),
                Action::Board(BoardAction::Drag(Square::C3)),
            ],
        );
        assert!(!lab.setup.occupied.contains(Square::A1) && !lab.setup.occupied.contains(Square::B1));
        assert!(lab.setup.occupied.contains(Square::C3), "a drag after release paints nothing");
    }

    #[test]
    fn placing_the_slider_keeps_the_occupancy() {
        let lab = apply(
            Lab::default(),
            &[Action::Board(BoardAction::SetTool(Tool::PlaceSlider)), Action::Board(BoardAction::Press(Square::G2))],
        );
        assert_eq!(lab.setup.square, Square::G2);
        assert_eq!(lab.setup.occupied, Lab::default().setup.occupied);
    }

    #[test]
    fn editing_keeps_the_step_index_when_the_new_trace_has_it() {
        let lab = apply(
            Lab::default(),
            &[Action::Player(PlayerAction::GoTo(5)), Action::Board(BoardAction::Activate(Square::A1))],
        );
        assert_eq!(lab.player.step, 5);
        assert!(!lab.player.running, "an edit shows the step finished");
        let lab = apply(lab, &[Action::Player(PlayerAction::GoTo(1000))]);
        let last = trace(&lab).steps.len() - 1;
        assert_eq!(lab.player.step, last);
        // The reference walk has fewer steps: the index is clamped to its last.
        let lab = apply(lab, &[Action::Board(BoardAction::SetTechnique(Technique::Reference))]);
        assert_eq!(lab.player.step, trace(&lab).steps.len() - 1);
    }

    #[test]
    fn play_runs_through_every_step_to_the_end() {
        let mut lab = apply(Lab::default(), &[Action::Player(PlayerAction::TogglePlay)]);
        assert!(lab.player.running && lab.player.autoplay);
        let steps = trace(&lab).steps.len();
        for _ in 0..100_000 {
            if !lab.player.running {
                break;
            }
            lab = apply(lab, &[Action::Player(PlayerAction::Tick)]);
        }
        assert!(!lab.player.running && !lab.player.autoplay);
        assert_eq!(lab.player.step, steps - 1);
        assert_eq!(lab.player.frame, Moment::Finished, "the last step is shown finished");
    }

    #[test]
    fn pausing_mid_animation_and_stepping_frames() {
        let lab = apply(
            Lab::default(),
            &[
                Action::Player(PlayerAction::GoTo(0)),
                Action::Player(PlayerAction::Tick),
                Action::Player(PlayerAction::TogglePlay),
            ],
        );
        assert!(!lab.player.running);
        let Moment::At(frame) = lab.player.frame else { panic!("mid-animation") };
        let lab = apply(lab, &[Action::Player(PlayerAction::StepFrame(1))]);
        assert_eq!(lab.player.frame, Moment::At(frame + 1));
        let lab = apply(lab, &[Action::Player(PlayerAction::StepFrame(-5))]);
        assert_eq!(lab.player.frame, Moment::At(0));
    }

    #[test]
    fn with_reduced_motion_every_step_appears_finished_and_play_still_walks_them_all() {
        let lab = Lab { preferences: Preferences { reduced_motion: true, ..Preferences::default() }, ..Lab::default() };
        let lab = apply(lab, &[Action::Player(PlayerAction::GoTo(3))]);
        assert_eq!(
            (lab.player.step, lab.player.frame, lab.player.running),
            (3, Moment::Finished, false),
            "shown whole, nothing to animate"
        );
        let mut lab = apply(lab, &[Action::Player(PlayerAction::First), Action::Player(PlayerAction::TogglePlay)]);
        let steps = trace(&lab).steps.len();
        let mut ticks = 0;
        while lab.player.running && ticks < 100_000 {
            assert_eq!(lab.player.frame, Moment::Finished, "never a partial frame");
            lab = apply(lab, &[Action::Player(PlayerAction::Tick)]);
            ticks += 1;
        }
        assert_eq!(lab.player.step, steps - 1);
        assert_eq!(ticks, steps * HOLD_TICKS, "each step held for {HOLD_TICKS} ticks");
    }

    #[test]
    fn kogge_stone_takes_several_sliders_and_magic_keeps_the_first() {
        let start =
            with_setup(Setup { technique: Technique::KoggeStone, occupied: Bitboard::EMPTY, ..Setup::default() });
        let lab = apply(
            start,
            &[Action::Board(BoardAction::SetTool(Tool::PlaceSlider)), Action::Board(BoardAction::Press(Square::F6))],
        );
        assert_eq!(lab.sliders(), Square::D4.bit() | Square::F6.bit());
        let union = Technique::Reference.attacks(Slider::Rook, Square::D4, Square::F6.bit())
            | Technique::Reference.attacks(Slider::Rook, Square::F6, Square::D4.bit());
        assert_eq!(trace(&lab).result, union);
        // A press on a slider takes it away, but never the last one.
        let lab = apply(lab, &[Action::Board(BoardAction::Press(Square::D4))]);
        assert_eq!((lab.setup.square, lab.setup.others), (Square::F6, Bitboard::EMPTY));
        let lab = apply(lab, &[Action::Board(BoardAction::Press(Square::F6))]);
        assert_eq!(lab.sliders(), Square::F6.bit());
        let lab = apply(
            lab,
            &[
                Action::Board(BoardAction::Press(Square::B2)),
                Action::Board(BoardAction::SetTechnique(Technique::Magic)),
            ],
        );
        assert_eq!((lab.setup.square, lab.setup.others), (Square::B2, Bitboard::EMPTY));
        let message = lab.message.unwrap_or_default();
        assert!(message.contains("takes one slider: kept the rook on b2 and removed f6"), "{message}");
    }

    #[test]
    fn presets_set_up_the_articles_examples() {
        let lab = apply(Lab::default(), &[Action::Board(BoardAction::LoadPreset("sbamg-rank"))]);
        assert_eq!(
            (lab.setup.slider, lab.setup.square, lab.setup.technique, lab.setup.occupied),
            (Slider::Rook, Square::D1, Technique::Sbamg, Bitboard(0x43))
        );
        let lab = apply(lab, &[Action::Board(BoardAction::LoadPreset("nonsense"))]);
        assert!(lab.message.is_some());
        assert_eq!(lab.setup.occupied, Bitboard(0x43));
    }

    /// A preset taken from an article shows that article's example first: SBAMG's sample is a
    /// rank, though the trace works on the d-file first; the byte example is the b1 rook's rank.
    #[test]
    fn a_preset_opens_on_the_first_step_of_its_examples_line() {
        for (id, line) in [("sbamg-rank", Line::Rank), ("byte", Line::Rank), ("rook-d2", Line::File)] {
            let lab = apply(
                Lab::default(),
                &[Action::Player(PlayerAction::GoTo(2)), Action::Board(BoardAction::LoadPreset(id))],
            );
            let steps = trace(&lab).steps;
            let first = steps.iter().position(|s| s.focus == Focus::Line(line)).unwrap();
            assert_eq!(lab.player.step, first, "{id}");
        }
        let sbamg = apply(Lab::default(), &[Action::Board(BoardAction::LoadPreset("sbamg-rank"))]);
        assert!(sbamg.player.step > 0, "the d-file's steps come first");
        // Loading it again, on the same trace, opens it at once.
        let again =
            apply(sbamg, &[Action::Player(PlayerAction::Last), Action::Board(BoardAction::LoadPreset("sbamg-rank"))]);
        assert_eq!(
            again.player.step,
            trace(&again).steps.iter().position(|s| s.focus == Focus::Line(Line::Rank)).unwrap()
        );
    }

    #[test]
    fn an_embed_without_controls_plays_when_seen_and_loops_back_to_the_authors_step() {
        let lab = with_player(Player {
            step: 3,
            self_play: SelfPlay { when_seen: true, loop_from: Some(3) },
            ..Player::default()
        });
        assert!(!lab.player.running, "nothing plays before the reader sees it");
        let mut lab = apply(lab, &[Action::Player(PlayerAction::Seen(true))]);
        assert!(lab.player.running && lab.player.autoplay);
        let last = trace(&lab).steps.len() - 1;
        let mut reached_last = false;
        let mut ticks = 0;
        while !(reached_last && lab.player.step == 3) {
            lab = apply(lab, &[Action::Player(PlayerAction::Tick)]);
            reached_last |= lab.player.step == last;
            ticks += 1;
            assert!(ticks < 100_000, "the player never came back to step 3");
        }
        assert!(lab.player.running && lab.player.autoplay, "it goes on playing");
        // Scrolled away: it pauses, and plays on when it is back in view.
        let lab = apply(lab, &[Action::Player(PlayerAction::Seen(false))]);
        assert!(!lab.player.running);
        let lab = apply(lab, &[Action::Player(PlayerAction::Seen(true))]);
        assert!(lab.player.running);
        // The reader's pause is final.
        let lab = apply(
            lab,
            &[
                Action::Player(PlayerAction::TogglePlay),
                Action::Player(PlayerAction::Seen(false)),
                Action::Player(PlayerAction::Seen(true)),
            ],
        );
        assert!(!lab.player.running);
    }

    #[test]
    fn reduced_motion_keeps_a_self_playing_embed_still_until_play() {
        let lab = Lab {
            preferences: Preferences { reduced_motion: true, ..Preferences::default() },
            ..with_player(Player { self_play: SelfPlay { when_seen: true, loop_from: Some(0) }, ..Player::default() })
        };
        let lab = apply(lab, &[Action::Player(PlayerAction::Seen(true))]);
        assert!(!lab.player.running && !lab.player.autoplay);
        let lab = apply(lab, &[Action::Player(PlayerAction::TogglePlay)]);
        assert!(lab.player.running && lab.player.autoplay);
    }

    #[test]
    fn the_loop_pauses_on_the_last_step_first() {
        let last = trace(&Lab::default()).steps.len() - 1;
        let self_play = SelfPlay { when_seen: true, loop_from: Some(0) };
        // Seen while the last step is still to be animated: its frames, then the pause.
        let lab = with_player(Player { step: last, frame: Moment::At(0), self_play, ..Player::default() });
        let mut lab = apply(lab, &[Action::Player(PlayerAction::Seen(true))]);
        let mut ticks = 0;
        while lab.player.step == last {
            lab = apply(lab, &[Action::Player(PlayerAction::Tick)]);
            ticks += 1;
        }
        let frames = frame_count(&trace(&lab).steps[last]);
        let hold = lab.player.clone().go_to(last, None, false).step_hold(lab.shape().unwrap());
        assert_eq!(ticks, frames + hold + LOOP_HOLD_TICKS, "the last step's frames, then the pause");
        assert_eq!(lab.player.step, 0);
        // With reduced motion, each step is held whole; the last one longer.
        let lab = Lab {
            preferences: Preferences { reduced_motion: true, ..Preferences::default() },
            ..with_player(Player { step: last - 1, self_play, ..Player::default() })
        };
        let mut lab = apply(lab, &[Action::Player(PlayerAction::TogglePlay)]);
        while lab.player.step != last {
            lab = apply(lab, &[Action::Player(PlayerAction::Tick)]);
        }
        let mut ticks = 0;
        while lab.player.step == last {
            lab = apply(lab, &[Action::Player(PlayerAction::Tick)]);
            ticks += 1;
        }
        let hold = lab.player.clone().go_to(last, None, true).step_hold(lab.shape().unwrap());
        assert_eq!(ticks, hold + LOOP_HOLD_TICKS);
        assert_eq!(lab.player.step, 0);
    }

    /// Ticks each step of a self-playing embed stays on screen after its animation, in one pass
    /// from its first step to its last.
    fn held_after_animation(mut lab: Lab) -> Vec<usize> {
        let shape = lab.shape().expect("the trace's shape").clone();
        let mut held = vec![0; shape.steps()];
        let mut ticks = 0;
        loop {
            let step = lab.player.step;
            lab = apply(lab, &[Action::Player(PlayerAction::Tick)]);
            // Until the next tick, the step shows past its last animation frame: held whole.
            if let Moment::At(n) = lab.player.frame {
                if lab.player.step == step && n >= shape.by_step[step].frames {
                    held[step] += 1;
                }
            }
            if lab.player.step < step {
                return held;
            }
            ticks += 1;
            assert!(ticks < 1_000_000, "the embed never looped");
        }
    }

    #[test]
    fn an_embed_that_plays_by_itself_holds_each_step_long_enough_to_read_its_first_sentence() {
        use sliders_explain::narration::{first_sentence, narrate};
        let positions = [
            ("obstruction-difference", "d4", "0x0000080008400000"),
            ("subtraction", "d2", "0x4ced22000146f848"),
            ("sbamg", "d1", "0x0000000000000043"),
            ("classical-zero-count", "d2", "0x4ced22000146f848"),
        ];
        for (technique, square, occupied) in positions {
            for (speed, interval_ms) in SPEEDS_MS.iter().enumerate() {
                let query = format!(
                    "?v=2&embed=1&controls=0&technique={technique}&slider=rook&square={square}&occupied={occupied}&speed={speed}"
                );
                let lab = apply(crate::effects::open(&query).lab, &[Action::Player(PlayerAction::Seen(true))]);
                assert!(lab.player.autoplay && lab.player.self_play.without_controls(), "{query}");
                let traced = trace(&lab);
                for (step, held) in held_after_animation(lab).into_iter().enumerate() {
                    let first = first_sentence(&narrate(&traced, step)).to_string();
                    let words = first.split_whitespace().count() as u32;
                    let shown_ms = held as u32 * interval_ms;
                    assert!(
                        shown_ms >= words * 60_000 / READING_WORDS_PER_MINUTE,
                        "{technique} at speed {speed}, step {step}: {shown_ms} ms for {words} words: {first}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_links_step_waits_for_its_formula_to_read() {
        // A link's formula before the language is here: the trace has no steps yet.
        let mut lab = Lab::default();
        lab.setup.formula_open = true;
        lab.playground = Playground::typed("o ^ (o - 2 * r)", lab.playground.target);
        lab.player.step = 1;
        let key = lab.trace_key();
        let waiting = Rc::new(lab).reduce(Action::Player(PlayerAction::Traced(key, TraceShape::default())));
        assert_eq!(waiting.player.step, 1, "the step is not clamped to a trace that has not run");
        // Read and traced: three steps, and the link's step 2 of them.
        let read = apply((*waiting).clone(), &[]);
        assert_eq!((read.player.step, trace(&read).steps.len()), (1, 3));
    }

    /// A link on a technique whose code (techniques.wasm) is on its way keeps its step until the
    /// steps are known; the technique the first load carries never waits; and a code that could
    /// not come keeps the trace waiting, with why.
    #[test]
    fn a_links_step_waits_for_the_techniques_code() {
        let query = "?technique=magic&slider=queen&square=d2&occupied=0x4ced22000146f848&step=9";
        let mut lab = crate::url::from_query(query).lab;
        lab.techniques = Status::Loading;
        let key = lab.trace_key();
        assert!(key.waits_for_techniques());
        assert_eq!(lab.player.step, 9, "the address counts steps from 0");
        let waiting = Rc::new(lab).reduce(Action::Player(PlayerAction::Traced(key, TraceShape::default())));
        assert_eq!(waiting.player.step, 9, "the step is not clamped to a trace that has not run");
        // The code comes: the trace has its steps, and the link's step is one of them.
        let here = apply((*waiting).clone(), &[Action::Page(PageAction::TechniquesLoaded(Ok(())))]);
        assert!(!here.trace_key().waits_for_techniques());
        assert_eq!((here.player.step, trace(&here).technique), (9, Some(Technique::Magic)));
        assert!(trace(&here).steps.len() > 10);
        // The carried technique, and a formula, are traced by the first load itself.
        let mut carried = (*waiting).clone();
        carried.setup.technique = crate::techniques::CARRIED;
        assert!(!carried.trace_key().waits_for_techniques());
        carried.setup.formula_open = true;
        carried.setup.technique = Technique::Magic;
        assert!(!carried.trace_key().waits_for_techniques());
        let failed = apply((*waiting).clone(), &[Action::Page(PageAction::TechniquesLoaded(Err("no network".into())))]);
        assert_eq!(failed.trace_key().techniques, Status::Failed("no network".into()));
        assert_eq!(failed.player.step, 9);
    }

    /// The actions that set `value` as the answer: each of a board's bits pressed, or a number typed.
    fn answering(value: sliders::Value) -> Vec<Action> {
        match value {
            sliders::Value::Board(board) => board
                .squares()
                .map(|square| Action::Predict(PredictAction::Press(square)))
                .chain([Action::Predict(PredictAction::Release)])
                .collect(),
            sliders::Value::Number(n) => vec![Action::Predict(PredictAction::Type(n.to_string()))],
            sliders::Value::Signed(n) => vec![Action::Predict(PredictAction::Type(n.to_string()))],
        }
    }

    /// Predict mode: each step asks until it is checked or shown, and Play stops on it; an answer
    /// is graded against the step's own result, bit by bit; the score counts the steps right at
    /// the first try once every step is answered; a new board asks every step again.
    #[test]
    fn predict_mode_asks_each_step_and_grades_the_answer() {
        let query = "?v=2&technique=obstruction-difference&slider=rook&square=d4&occupied=0x0000080000400000&predict=1";
        let lab = apply(crate::effects::open(query).lab, &[]);
        assert!(lab.predict.on && lab.asking());
        assert!(crate::url::query_of(&lab).contains("&predict=1"));
        let steps = trace(&lab).steps;
        let played =
            apply(lab.clone(), &[Action::Player(PlayerAction::TogglePlay), Action::Player(PlayerAction::Tick)]);
        assert!(!played.player.playing() && played.player.step == 0, "Play waits for the answer");
        // Pressing nothing while asking: Check grades the empty answer against the result.
        let mut right = lab.clone();
        for action in answering(steps[0].result) {
            right = settle(right, action);
        }
        let checked = settle(right.clone(), Action::Predict(PredictAction::Check));
        assert!(!checked.asking());
        assert_eq!(checked.predict.outcome(0), Some(Outcome::Checked { answer: steps[0].result, wrong: 0 }));
        assert!(checked.player.running, "the step's animation plays once it is answered");
        // The next step asks, with a blank answer; one bit off is one wrong.
        let next = settle(checked, Action::Player(PlayerAction::Next));
        assert!(next.asking() && next.predict.answer.bits.is_empty());
        let sliders::Value::Board(truth) = steps[1].result else { panic!("a board") };
        let off = truth.toggled(Square::H8);
        let mut wrong = next;
        for action in answering(sliders::Value::Board(off)) {
            wrong = settle(wrong, action);
        }
        let wrong = settle(wrong, Action::Predict(PredictAction::Check));
        assert_eq!(wrong.predict.outcome(1), Some(Outcome::Checked { answer: sliders::Value::Board(off), wrong: 1 }));
        // A press once answered changes nothing; Show me answers the rest.
        let pressed = settle(wrong.clone(), Action::Predict(PredictAction::Press(Square::A1)));
        assert_eq!(pressed.predict.answer, wrong.predict.answer);
        let mut all = wrong;
        for step in 2..steps.len() {
            all = settle(all, Action::Player(PlayerAction::GoTo(step)));
            assert!(all.asking());
            all = settle(all, Action::Predict(PredictAction::Show));
        }
        assert_eq!(all.predict.score(steps.len()), Some((1, steps.len())));
        // A new board asks every step again.
        let edited = settle(all, Action::Board(BoardAction::Activate(Square::A1)));
        assert!(edited.asking() && edited.predict.score(steps.len()).is_none());
        // Predict mode off: nothing asks.
        assert!(!settle(edited, Action::Predict(PredictAction::Switch(false))).asking());
    }

    /// o^(o-2r) takes several rooks (the article's set-wise form), by link or by the slider
    /// tool, and one bishop: switching to bishops keeps the first rook's square, and says so.
    #[test]
    fn subtraction_takes_several_rooks_and_one_bishop() {
        let query = "?v=2&technique=subtraction&slider=rook&square=b1,e4,c6&occupied=0x0000001000100002";
        let opened = crate::effects::open(query);
        assert!(opened.notices.is_empty(), "{:?}", opened.notices);
        let lab = apply(opened.lab, &[]);
        let rooks = Square::B1.bit() | Square::E4.bit() | Square::C6.bit();
        assert_eq!(lab.sliders(), rooks);
        let trace = trace(&lab);
        assert_eq!(trace.result, Technique::Subtraction.expected_many(Slider::Rook, rooks, lab.setup.occupied));
        let added = apply(
            lab.clone(),
            &[Action::Board(BoardAction::SetTool(Tool::PlaceSlider)), Action::Board(BoardAction::Press(Square::G7))],
        );
        assert_eq!(added.sliders(), rooks.with(Square::G7));
        let bishop = apply(lab, &[Action::Board(BoardAction::SetSlider(Slider::Bishop))]);
        assert_eq!(bishop.sliders(), Square::B1.bit());
        let message = bishop.message.unwrap_or_default();
        assert!(message.contains("takes one slider: kept the bishop on b1 and removed e4 and c6"), "{message}");
    }

    /// Show me on every step of the trace on screen.
    fn show_every_step(mut lab: Lab) -> Lab {
        for step in 0..trace(&lab).steps.len() {
            lab = settle(lab, Action::Player(PlayerAction::GoTo(step)));
            lab = settle(lab, Action::Predict(PredictAction::Show));
        }
        lab
    }

    /// New board deals the seed's board for the same technique and slider, asks every step
    /// anew, and the address carries the seed while the board is the one it dealt.
    #[test]
    fn new_board_deals_the_seeds_board_and_the_address_keeps_the_seed() {
        let query = "?v=2&technique=sbamg&slider=bishop&square=d4&occupied=0x0000080000400000&predict=1";
        let lab = show_every_step(apply(crate::effects::open(query).lab, &[]));
        let dealt = settle(lab, Action::Predict(PredictAction::NewBoard(41)));
        let (square, occupied) = deal(41);
        assert_eq!((dealt.setup.square, dealt.setup.occupied), (square, occupied));
        assert_eq!((dealt.setup.technique, dealt.setup.slider), (Technique::Sbamg, Slider::Bishop));
        assert!(dealt.asking() && dealt.player.step == 0);
        let address = crate::url::query_of(&dealt);
        assert!(address.contains("seed=41") && !address.contains("occupied="), "{address}");
        let reopened = crate::effects::open(&address);
        assert!(reopened.notices.is_empty(), "{:?}", reopened.notices);
        assert_eq!(reopened.lab.setup.sliders(), dealt.setup.sliders());
        assert_eq!(reopened.lab.setup.occupied, dealt.setup.occupied);
        // Once edited, the board is no longer the seed's: the address writes it whole.
        let edited = settle(dealt, Action::Board(BoardAction::Activate(Square::A1)));
        let address = crate::url::query_of(&edited);
        assert!(!address.contains("seed=") && address.contains("occupied="), "{address}");
        assert!(crate::effects::open("?seed=x").notices[0].message.contains("seed is a whole number"));
    }

    /// An exercise link deals its lessons one after the other in predict mode: the board is the
    /// lesson's (an edit is undone, with a word), each lesson's score is kept once its steps are
    /// answered, Next deals the next lesson, and the total counts first tries over them all.
    #[test]
    fn an_exercise_deals_its_lessons_and_scores_them() {
        let query = "?exercise=sbamg:rook:d1:0x0000000000000043;subtraction:rook:seed=5:count=1";
        let opened = crate::effects::open(query);
        assert!(opened.notices.is_empty(), "{:?}", opened.notices);
        let lab = apply(opened.lab, &[]);
        assert!(lab.predict.on && lab.asking());
        assert_eq!(
            (lab.setup.technique, lab.setup.square, lab.setup.occupied),
            (Technique::Sbamg, Square::D1, Bitboard(0x43))
        );
        // The board is the lesson's.
        let edit = settle(lab.clone(), Action::Board(BoardAction::Activate(Square::H8)));
        assert_eq!(edit.setup.occupied, Bitboard(0x43));
        assert!(edit.message.as_deref().is_some_and(|m| m.contains("Leave the exercise")));
        let switched = settle(lab.clone(), Action::Predict(PredictAction::Switch(false)));
        assert!(switched.predict.on);
        // Answer the first step right, show the rest.
        let steps = trace(&lab).steps;
        let mut first = lab;
        for action in answering(steps[0].result) {
            first = settle(first, action);
        }
        let first = show_every_step(settle(first, Action::Predict(PredictAction::Check)));
        let exercise = first.exercise.clone().unwrap();
        assert_eq!(exercise.scores, vec![Some((1, steps.len())), None]);
        assert!(crate::url::query_of(&first).contains("lesson=1"));
        // The next lesson: seed 5's board, for o^(o-2r).
        let second = settle(first, Action::Exercise(ExerciseAction::Next));
        assert!(second.asking() && second.player.step == 0);
        assert_eq!(
            (second.setup.technique, second.setup.square, second.setup.occupied),
            (Technique::Subtraction, deal(5).0, deal(5).1)
        );
        let reopened = crate::effects::open(&crate::url::query_of(&second));
        let board = |setup: &Setup| (setup.technique, setup.slider, setup.sliders(), setup.occupied);
        assert_eq!(board(&reopened.lab.setup), board(&second.setup));
        assert_eq!(reopened.lab.exercise.map(|e| e.index), Some(1));
        let second_steps = trace(&second).steps.len();
        let done = show_every_step(second);
        let exercise = done.exercise.clone().unwrap();
        assert!(exercise.done());
        assert_eq!(exercise.total(), (1, steps.len() + second_steps));
        // Leaving frees the board.
        let left = settle(done, Action::Exercise(ExerciseAction::Leave));
        let edited = settle(left, Action::Board(BoardAction::Activate(Square::H8)));
        assert!(edited.setup.occupied.contains(Square::H8) && edited.exercise.is_none());
        // A lesson past the end is refused by name, and the exercise opens on its first.
        let past = crate::effects::open("?exercise=sbamg:rook:d1:0x43&lesson=3");
        assert!(past.notices[0].message.contains("lessons count 1 to 1"), "{:?}", past.notices);
        assert_eq!(past.lab.exercise.map(|e| e.index), Some(0));
    }

    /// A step whose result is a number takes a typed number: one that does not read is refused
    /// beside the field, and the step still asks.
    #[test]
    fn a_number_step_takes_a_typed_number() {
        let query = "?v=2&technique=classical-zero-count&slider=rook&square=d4&occupied=0x0000080000400000&predict=1";
        let lab = apply(crate::effects::open(query).lab, &[]);
        let steps = trace(&lab).steps;
        let index = steps.iter().position(|step| matches!(step.result, sliders::Value::Number(_))).unwrap();
        let lab = apply(lab, &[Action::Player(PlayerAction::GoTo(index))]);
        assert!(lab.asking());
        let refused = apply(
            lab.clone(),
            &[Action::Predict(PredictAction::Type("d5".into())), Action::Predict(PredictAction::Check)],
        );
        assert!(
            refused.asking() && refused.predict.error.as_deref().is_some_and(|e| e.contains("\"d5\" is not a number"))
        );
        let right = apply(lab, &answering(steps[index].result));
        let right = apply(right, &[Action::Predict(PredictAction::Check)]);
        assert_eq!(right.predict.outcome(index), Some(Outcome::Checked { answer: steps[index].result, wrong: 0 }));
    }

    /// An if's test asks yes or no: Answer grades it at once.
    #[test]
    fn a_truth_is_answered_yes_or_no_at_once() {
        let text = "if (o & ray(sq, north)) {\n    y = o;\n} else {\n    y = r;\n}\nreturn y";
        let query = format!(
            "?v=2&technique=formula&formula={}&slider=rook&square=d4&occupied=0x0000080000400000&predict=1",
            text.bytes().map(|byte| format!("%{byte:02X}")).collect::<String>()
        );
        let lab = apply(crate::effects::open(&query).lab, &[]);
        let steps = trace(&lab).steps;
        let index = steps.iter().position(|step| step.op == sliders::Op::Branch).expect("the if's step");
        assert_eq!(steps[index].result, sliders::Value::Number(1), "d6 is north of d4");
        let lab = apply(lab, &[Action::Player(PlayerAction::GoTo(index))]);
        assert!(lab.asking());
        let wrong = apply(lab.clone(), &[Action::Predict(PredictAction::Answer("0".into()))]);
        assert_eq!(
            wrong.predict.outcome(index),
            Some(Outcome::Checked { answer: sliders::Value::Number(0), wrong: 1 })
        );
        let right = apply(lab, &[Action::Predict(PredictAction::Answer("1".into()))]);
        assert_eq!(
            right.predict.outcome(index),
            Some(Outcome::Checked { answer: sliders::Value::Number(1), wrong: 0 })
        );
        // Once answered, another answer changes nothing.
        let again = apply(right.clone(), &[Action::Predict(PredictAction::Answer("0".into()))]);
        assert_eq!(again.predict.outcome(index), right.predict.outcome(index));
    }

    #[test]
    fn a_rejected_input_keeps_the_board() {
        let lab = apply(Lab::default(), &[Action::Page(PageAction::Reject("bad hex".into()))]);
        assert_eq!(lab.setup.occupied, Lab::default().setup.occupied);
        assert_eq!(lab.message.as_deref(), Some("bad hex"));
        let lab = apply(lab, &[Action::Board(BoardAction::Activate(Square::A1))]);
        assert_eq!(lab.message, None, "a good edit clears the message");
    }
}
