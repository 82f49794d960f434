//! The page's state and every change to it, kept apart from the view so it can be tested natively.

use std::rc::Rc;

use sliders_formula::examples::{Example, EXAMPLES};
use sliders_formula::wire::CompiledModule;
use sliders_formula::{self as formula, CheckOutcome, Checker, Target};

use crate::{compiled, language};
use sliders::{Bitboard, Slider, Square, Technique, Trace};
use yew::Reducible;

use crate::presets::PRESETS;
use sliders_explain::animation::frame_count;

/// Frame intervals in milliseconds, slowest first; the speed control picks one.
pub const SPEEDS_MS: [u32; 5] = [320, 160, 80, 40, 16];

/// Ticks a finished step stays on screen before autoplay moves on.
const HOLD_TICKS: usize = 10;

/// Ticks the last step stays on screen, besides [`HOLD_TICKS`], before a looping player starts
/// again: about three seconds at the default speed.
pub const LOOP_HOLD_TICKS: usize = 36;

/// Cases the check runs between two looks at the page: a few milliseconds' work.
pub const CHECK_SLICE: usize = 4096;

/// The reader's own formula: what the editor holds, the last text that parsed (which the steps
/// show while the typed text has an error), and its check.
#[derive(Clone, PartialEq, Debug)]
pub struct Playground {
    pub text: Rc<str>,
    /// The last text that parsed: the formula the steps show. `None` until a text has parsed
    /// (a link can bring one that does not), and until the language is loaded to read it.
    pub formula: Option<Rc<str>>,
    /// Why the typed text does not parse, if it does not.
    pub error: Option<formula::Error>,
    /// What the formula should compute, for its check.
    pub target: Target,
    pub check: Check,
    /// The formula compiled to WebAssembly (and, in the browser, instantiated), or why it
    /// could not be: `None` until a formula has read.
    pub compiled: Option<Result<Rc<CompiledModule>, Rc<str>>>,
}

/// The check of the formula against the reference, run a slice at a time.
#[derive(Clone, PartialEq, Debug)]
pub enum Check {
    NotRun,
    /// The formula's checker, and the compiled function's beside it, on the same cases.
    Running {
        checker: Checker,
        compiled: Option<CompiledCheck>,
        started_ms: f64,
    },
    /// The outcome, and whether the compiled function gave the formula's value on every case
    /// the check ran (how many), or where it did not, in a sentence.
    Done {
        outcome: CheckOutcome,
        ms: f64,
        compiled: Option<Result<usize, String>>,
    },
}

/// The compiled function's run over the check's cases: still going, or stopped at its first
/// difference from the reference (or at the end).
#[derive(Clone, PartialEq, Debug)]
pub enum CompiledCheck {
    Running(Checker),
    Stopped(CheckOutcome),
    /// It could not be instantiated, and why.
    Failed(String),
}

impl Playground {
    pub fn example(example: &Example) -> Playground {
        Playground::typed(example.text, example.target)
    }

    /// A text as a link or an example brings it, with what it should compute; read now if
    /// the language is here, else once it arrives ([`Playground::read`]).
    pub fn typed(text: &str, target: Target) -> Playground {
        Playground { text: text.into(), formula: None, error: None, target, check: Check::NotRun, compiled: None }
            .edited(text)
    }

    /// The typed text: parsed, it replaces the formula; with an error, the last good formula
    /// stays and the error is shown beside the editor. Before the language has loaded, the
    /// text waits.
    pub fn edited(self, text: &str) -> Playground {
        let typed: Rc<str> = text.into();
        if !language::ready() {
            return Playground { text: typed, ..self };
        }
        match language::parse(text) {
            Ok(()) if self.formula.as_deref() == Some(text) => Playground { text: typed, error: None, ..self },
            Ok(()) => {
                let compiled = Some(compile(&typed));
                Playground {
                    formula: Some(typed.clone()),
                    text: typed,
                    error: None,
                    check: Check::NotRun,
                    compiled,
                    ..self
                }
            }
            Err(error) => Playground { text: typed, error: Some(error), ..self },
        }
    }

    /// The text read again: what a playground typed before the language loaded needs.
    pub fn read(self) -> Playground {
        let text = self.text.clone();
        self.edited(&text)
    }

    /// Whether the text waits for the language: it has been read neither as a formula nor as
    /// an error.
    pub fn unread(&self) -> bool {
        self.formula.as_deref() != Some(&*self.text) && self.error.is_none()
    }
}

/// The formula of `text` compiled, and validated.
fn compile(text: &Rc<str>) -> Result<Rc<CompiledModule>, Rc<str>> {
    let module = language::compile(text)?;
    compiled::validate(&module.bytes)?;
    Ok(Rc::new(module))
}

/// Whether the compiled function ended where the formula did, with the same value: the
/// compiled check's verdict, once either has an outcome.
fn compiled_verdict(formula: &CheckOutcome, compiled: Option<&CheckOutcome>) -> Result<usize, String> {
    let cases = |outcome: &CheckOutcome| match outcome {
        CheckOutcome::Agrees { cases } | CheckOutcome::Differs { cases, .. } => *cases,
    };
    let same = match (formula, compiled) {
        (CheckOutcome::Agrees { cases: a }, Some(CheckOutcome::Agrees { cases: b })) => a == b,
        (
            CheckOutcome::Differs { cases: a, counter_example: x },
            Some(CheckOutcome::Differs { cases: b, counter_example: y }),
        ) => {
            a == b
                && x.square == y.square
                && x.occupied == y.occupied
                && match (&x.got, &y.got) {
                    (Ok(p), Ok(q)) => p == q,
                    (Err(_), Err(_)) => true,
                    _ => false,
                }
        }
        _ => false,
    };
    if same {
        return Ok(cases(formula));
    }
    // The first case where the two part: where the earlier of them stopped.
    let value =
        |got: &Result<Bitboard, formula::Fault>| got.as_ref().map_or_else(|_| "a trap".to_string(), |b| b.to_string());
    let (at, square, occupied, by_formula, by_compiled) = match (formula, compiled) {
        (CheckOutcome::Differs { cases: a, counter_example: x }, other)
            if other.is_none_or(|o| cases(o) > *a || matches!(o, CheckOutcome::Agrees { .. })) =>
        {
            (*a, x.square, x.occupied, value(&x.got), x.expected.to_string())
        }
        (_, Some(CheckOutcome::Differs { cases: b, counter_example: y })) => {
            let formula_gave = match formula {
                CheckOutcome::Differs { cases, counter_example: x } if cases == b => value(&x.got),
                _ => y.expected.to_string(),
            };
            (*b, y.square, y.occupied, formula_gave, value(&y.got))
        }
        _ => (cases(formula), Square::A1, Bitboard::EMPTY, String::new(), String::new()),
    };
    Err(format!(
        "The compiled WebAssembly and the formula disagree on case {at} ({square}, occupied {occupied}): the formula gives {by_formula}, the compiled function {by_compiled}."
    ))
}

/// Light, dark, or whatever the reader's system prefers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Theme {
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    pub const fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.name() == name)
    }
}

/// What a click on the board does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tool {
    /// Toggle occupancy; dragging paints with the first square's new state.
    Occupancy,
    /// Put the slider on the clicked square.
    PlaceSlider,
}

/// Everything the page shows is derived from this.
#[derive(Clone, PartialEq, Debug)]
pub struct Lab {
    /// The built-in technique chosen last; the reader's formula shows instead while
    /// `formula_open` is set.
    pub technique: Technique,
    pub formula_open: bool,
    pub playground: Playground,
    /// Where the formula language is (it is fetched when a formula first opens).
    pub language: language::Status,
    pub slider: Slider,
    /// The slider's square; with several sliders, the lowest.
    pub square: Square,
    /// The other sliders, only ever set for a technique that takes several.
    pub others: Bitboard,
    pub occupied: Bitboard,
    pub tool: Tool,
    /// Set while a drag paints: the occupancy every touched square gets.
    pub painting: Option<bool>,
    /// A problem with the last input, shown until the next successful edit.
    pub message: Option<String>,
    /// The step of the trace on show, and the animation frame within it.
    pub step: usize,
    pub frame: usize,
    /// The frame timer runs: the current step animates.
    pub running: bool,
    /// When a step's animation ends, go on to the next step.
    pub autoplay: bool,
    /// Index into [`SPEEDS_MS`].
    pub speed: usize,
    /// Draw each square's bit index (LERF) on the board.
    pub show_indices: bool,
    /// The `?` list of keys is open.
    pub show_keys: bool,
    /// The reader asked for reduced motion: every step appears finished at once.
    pub reduced_motion: bool,
    /// Ticks the current step has been held on screen while autoplay runs with reduced motion.
    pub held: usize,
    pub theme: Theme,
    /// Presentation mode: only the board, the step, its narration and the code, scaled up for
    /// a projector (`present=1`, the P key).
    pub presenting: bool,
    /// An embed that plays by itself: it starts when it scrolls into view, and pauses when it
    /// leaves (a reader who pauses it turns this off).
    pub play_when_seen: bool,
    /// An embed without controls: after a pause on the last step, play again from this step (the
    /// author's), so a reader who arrives late still sees every step.
    pub loop_from: Option<usize>,
    /// A link with `expect=` asks for the check: it starts on its own once the formula reads
    /// (the language may still be on its way when the link opens).
    pub check_when_read: bool,
}

impl Default for Lab {
    fn default() -> Lab {
        Lab {
            technique: Technique::ObstructionDifference,
            formula_open: false,
            playground: Playground::example(&EXAMPLES[0]),
            language: if language::ready() { language::Status::Ready } else { language::Status::Absent },
            slider: Slider::Rook,
            square: Square::D4,
            others: Bitboard::EMPTY,
            occupied: Bitboard(0x0000_0800_0040_0000 | 0x0000_0000_0800_0000),
            tool: Tool::Occupancy,
            painting: None,
            message: None,
            step: 0,
            frame: usize::MAX,
            running: false,
            autoplay: false,
            speed: 2,
            show_indices: false,
            show_keys: false,
            reduced_motion: false,
            held: 0,
            theme: Theme::Auto,
            presenting: false,
            play_when_seen: false,
            loop_from: None,
            check_when_read: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
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
    /// Show the reader's formula in the lesson ("Your formula" in the technique menu).
    OpenFormula,
    /// The editor's text changed.
    EditFormula(String),
    /// The formula language is on its way.
    LanguageLoading,
    /// The formula language arrived, or could not (why, in a sentence).
    LanguageLoaded(Result<(), Rc<str>>),
    /// Open one of [`EXAMPLES`] by id.
    OpenExample(&'static str),
    /// What the formula should compute; its slider is placed for it.
    SetTarget(Target),
    /// Start the check, at this time (milliseconds, for its duration).
    StartCheck(f64),
    /// Run the next slice of the check; the time, for its duration once it ends.
    CheckTick(f64),
    /// Put the check's counter-example on the board.
    LoadCounterExample,
    SetOccupied(Bitboard),
    /// Load one of [`PRESETS`] by id.
    LoadPreset(&'static str),
    ToggleIndices,
    /// Open or close the list of keys.
    ShowKeys(bool),
    /// Enter or leave presentation mode.
    Present(bool),
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
    SetTheme(Theme),
    /// Back or forward in the browser's history: take the position, technique and step of a link.
    Restore(Box<Lab>),
    /// The user typed something that could not be read; the board keeps its state.
    Reject(String),
    DismissMessage,
}

impl Lab {
    /// Every step the selected technique takes on this position.
    pub fn trace(&self) -> Trace {
        self.trace_and_fault().0
    }

    /// The trace, and the formula's fault on this board if it meets one (a square function
    /// given 64): its steps stop there.
    pub fn trace_and_fault(&self) -> (Trace, Option<formula::Fault>) {
        if self.formula_open {
            return match &self.playground.formula {
                Some(formula) => language::trace(formula, self.slider, self.sliders(), self.occupied),
                // Nothing has run yet: no steps, and the editor says why.
                None => (Trace::not_run(self.slider, self.sliders(), self.occupied), None),
            };
        }
        crate::attack_tables::ensure(self.technique);
        let trace = self
            .technique
            .trace_many(self.slider, self.sliders(), self.occupied)
            .unwrap_or_else(|_| self.technique.trace(self.slider, self.square, self.occupied));
        (trace, None)
    }

    /// Every slider's square.
    pub fn sliders(&self) -> Bitboard {
        self.square.bit() | self.others
    }

    /// The sliders as `square` (the lowest) and `others`.
    fn with_sliders(self, sliders: Bitboard) -> Lab {
        match sliders.squares().next() {
            Some(square) => Lab { square, others: sliders.without(square), message: None, ..self },
            None => self,
        }
    }

    /// Several sliders at once: the set-wise techniques and a formula (whose `r` is their union).
    pub fn takes_many_sliders(&self) -> bool {
        self.formula_open || self.technique.takes_many_sliders()
    }

    /// What the trace depends on: a new value means a new trace.
    fn traced(&self) -> (Technique, bool, &str, Slider, Bitboard, Bitboard) {
        let source = match &self.playground.formula {
            Some(formula) if self.formula_open => formula,
            _ => "",
        };
        (self.technique, self.formula_open, source, self.slider, self.sliders(), self.occupied)
    }

    /// The slider tool on `square`: a technique that takes several sliders adds a slider there
    /// or takes one away (never the last); any other moves its one slider there.
    fn place_slider(self, square: Square) -> Lab {
        if !self.takes_many_sliders() {
            return Lab { square, message: None, ..self };
        }
        let sliders = self.sliders();
        if sliders == square.bit() {
            return self;
        }
        self.with_sliders(sliders.toggled(square))
    }

    /// A technique that takes one slider keeps the first and says which others it removed.
    fn with_technique(self, technique: Technique) -> Lab {
        let lab = Lab { formula_open: false, ..self };
        if lab.others.is_empty() || technique.takes_many_sliders() {
            return Lab { technique, ..lab };
        }
        let this = lab;
        let message = format!(
            "{} takes one slider: kept the {} on {} and removed {}. Kogge-Stone and Dumb7Fill take several.",
            technique.title(),
            this.slider,
            this.square,
            sliders_explain::narration::square_list(this.others)
        );
        Lab { technique, others: Bitboard::EMPTY, message: Some(message), ..this }
    }

    fn edited(mut self, occupied: Bitboard) -> Lab {
        self.occupied = occupied;
        self.message = None;
        self
    }

    /// After any change of position or technique: keep the step index if the new trace has
    /// it, show that step finished, and stop a single-step animation (autoplay goes on).
    fn settled(mut self) -> Lab {
        let steps = self.trace().steps.len();
        self.step = self.step.min(steps.saturating_sub(1));
        self.frame = usize::MAX;
        self.running = self.autoplay;
        self
    }

    /// Shows `step` from its first frame and starts its animation; with reduced motion, shows it
    /// finished at once (autoplay still holds it before moving on).
    fn go_to(mut self, step: usize) -> Lab {
        let steps = self.trace().steps.len();
        self.step = step.min(steps.saturating_sub(1));
        self.held = 0;
        if self.reduced_motion {
            self.frame = usize::MAX;
            self.running = self.autoplay;
        } else {
            self.frame = 0;
            self.running = true;
        }
        self
    }

    fn tick(mut self) -> Lab {
        let trace = self.trace();
        let Some(step) = trace.steps.get(self.step) else {
            return Lab { running: false, autoplay: false, ..self };
        };
        if self.reduced_motion {
            // No frames: hold each finished step, then show the next one whole.
            self.frame = usize::MAX;
            self.held += 1;
            if self.autoplay && self.held < HOLD_TICKS {
                return self;
            }
            let last = self.step + 1 >= trace.steps.len();
            if self.autoplay && last && self.loop_from.is_some() && self.held < HOLD_TICKS + LOOP_HOLD_TICKS {
                return self;
            }
            self.held = 0;
            match (self.autoplay, last, self.loop_from) {
                (true, false, _) => self.step += 1,
                (true, true, Some(start)) => self.step = start.min(trace.steps.len() - 1),
                _ => {
                    self.running = false;
                    self.autoplay = false;
                }
            }
            return self;
        }
        let frames = frame_count(step);
        let last = self.step + 1 >= trace.steps.len();
        let hold = match (self.autoplay, last && self.loop_from.is_some()) {
            (false, _) => 0,
            (true, false) => HOLD_TICKS,
            (true, true) => HOLD_TICKS + LOOP_HOLD_TICKS,
        };
        if self.frame != usize::MAX && self.frame + 1 < frames + hold {
            self.frame += 1;
        } else if self.autoplay && !last {
            self.step += 1;
            self.frame = 0;
        } else if let (true, Some(start)) = (self.autoplay, self.loop_from) {
            self.step = start.min(trace.steps.len() - 1);
            self.frame = 0;
        } else {
            self.frame = usize::MAX;
            self.running = false;
            self.autoplay = false;
        }
        self
    }

    /// Plays on from the current step (from the first, if the last is shown finished).
    fn play(self) -> Lab {
        let at_end = self.step + 1 >= self.trace().steps.len() && self.frame == usize::MAX;
        let lab = Lab { autoplay: true, ..self };
        if at_end {
            let start = lab.loop_from.unwrap_or(0);
            lab.go_to(start)
        } else if lab.reduced_motion {
            Lab { running: true, frame: usize::MAX, held: 0, ..lab }
        } else {
            Lab { running: true, frame: if lab.frame == usize::MAX { 0 } else { lab.frame }, ..lab }
        }
    }
}

impl Reducible for Lab {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let lab = (*self).clone();
        let next = match action {
            Action::Press(square) => match lab.tool {
                Tool::Occupancy => {
                    let occupy = !lab.occupied.contains(square);
                    let mut next = lab.edited(set(self.occupied, square, occupy));
                    next.painting = Some(occupy);
                    next
                }
                Tool::PlaceSlider => lab.place_slider(square),
            },
            Action::Drag(square) => match lab.painting {
                Some(occupy) if lab.occupied.contains(square) != occupy => {
                    let painting = lab.painting;
                    Lab { painting, ..lab.edited(set(self.occupied, square, occupy)) }
                }
                _ => return self,
            },
            Action::Release if lab.painting.is_some() => Lab { painting: None, ..lab },
            Action::Release => return self,
            Action::Activate(square) => match lab.tool {
                Tool::Occupancy => lab.edited(self.occupied.toggled(square)),
                Tool::PlaceSlider => lab.place_slider(square),
            },
            Action::SetTool(tool) => Lab { tool, ..lab },
            Action::SetSlider(slider) => Lab { slider, ..lab },
            Action::SetTechnique(technique) => lab.with_technique(technique),
            Action::OpenFormula => Lab { formula_open: true, ..lab },
            Action::EditFormula(text) => {
                let playground = lab.playground.clone().edited(&text);
                Lab { playground, ..lab }
            }
            Action::LanguageLoading => Lab { language: language::Status::Loading, ..lab },
            Action::LanguageLoaded(Ok(())) => {
                Lab { language: language::Status::Ready, playground: lab.playground.clone().read(), ..lab }
            }
            Action::LanguageLoaded(Err(why)) => Lab { language: language::Status::Failed(why), ..lab },
            Action::OpenExample(id) => match sliders_formula::examples::by_id(id) {
                Some(example) => Lab {
                    formula_open: true,
                    playground: Playground::example(example),
                    slider: example.target.slider(),
                    others: Bitboard::EMPTY,
                    ..lab
                },
                None => Lab { message: Some(format!("There is no example formula \"{id}\".")), ..lab },
            },
            Action::SetTarget(target) => {
                let playground = Playground { target, check: Check::NotRun, ..lab.playground.clone() };
                Lab { playground, slider: target.slider(), ..lab }
            }
            Action::StartCheck(_) if lab.playground.formula.is_none() => return self,
            Action::StartCheck(now) => {
                let checker = Checker::new(lab.playground.target);
                // The compiled function runs the same cases, where the page could instantiate it.
                let compiled = match (&lab.playground.formula, &lab.playground.compiled) {
                    (Some(formula), Some(Ok(module))) if compiled::AVAILABLE => {
                        Some(match compiled::load(formula, &module.bytes) {
                            Ok(()) => CompiledCheck::Running(checker.clone()),
                            Err(why) => {
                                CompiledCheck::Failed(format!("The compiled WebAssembly could not run: {why}."))
                            }
                        })
                    }
                    _ => None,
                };
                let check = Check::Running { checker, compiled, started_ms: now };
                Lab { playground: Playground { check, ..lab.playground.clone() }, check_when_read: false, ..lab }
            }
            Action::CheckTick(now) => match lab.playground.check.clone() {
                Check::Running { checker, compiled, started_ms } => {
                    let Some(formula) = lab.playground.formula.clone() else { return self };
                    let compiled = compiled.map(|compiled| match compiled {
                        CompiledCheck::Running(mut checker) => match compiled::attacks_of(&formula) {
                            Some(attacks) => match checker.advance_with(CHECK_SLICE, attacks) {
                                Some(outcome) => CompiledCheck::Stopped(outcome),
                                None => CompiledCheck::Running(checker),
                            },
                            // Gone (the page compiled another text): it stops where it was.
                            None => CompiledCheck::Stopped(CheckOutcome::Agrees { cases: checker.done() }),
                        },
                        stopped => stopped,
                    });
                    let check = match language::advance(&formula, &checker, CHECK_SLICE) {
                        Ok((_, Some(outcome))) => {
                            let verdict = compiled.map(|compiled| match compiled {
                                CompiledCheck::Stopped(stopped) => compiled_verdict(&outcome, Some(&stopped)),
                                CompiledCheck::Running(_) => compiled_verdict(&outcome, None),
                                CompiledCheck::Failed(why) => Err(why),
                            });
                            Check::Done { outcome, ms: now - started_ms, compiled: verdict }
                        }
                        Ok((checker, None)) => Check::Running { checker, compiled, started_ms },
                        Err(why) => {
                            let playground = Playground { check: Check::NotRun, ..lab.playground.clone() };
                            return Rc::new(Lab { playground, message: Some(why), ..lab });
                        }
                    };
                    Lab { playground: Playground { check, ..lab.playground.clone() }, ..lab }
                }
                _ => return self,
            },
            Action::LoadCounterExample => match &lab.playground.check {
                Check::Done { outcome: CheckOutcome::Differs { counter_example, .. }, .. } => {
                    let (square, occupied) = (counter_example.square, counter_example.occupied);
                    let slider = lab.playground.target.slider();
                    Lab { square, occupied, slider, others: Bitboard::EMPTY, message: None, step: 0, ..lab }
                }
                _ => return self,
            },
            Action::SetOccupied(occupied) => lab.edited(occupied),
            Action::LoadPreset(id) => match PRESETS.iter().find(|p| p.id == id) {
                Some(preset) => {
                    let lab = lab.edited(preset.occupied);
                    match preset.setup {
                        Some((slider, square, technique)) => {
                            Lab { slider, square, technique, others: Bitboard::EMPTY, ..lab }
                        }
                        None => lab,
                    }
                }
                None => Lab { message: Some(format!("There is no preset \"{id}\".")), ..lab },
            },
            Action::ToggleIndices => Lab { show_indices: !lab.show_indices, ..lab },
            Action::ShowKeys(show_keys) => Lab { show_keys, ..lab },
            Action::Present(presenting) => Lab { presenting, ..lab },
            Action::GoTo(step) => lab.go_to(step),
            Action::First => lab.go_to(0),
            Action::Back => {
                let step = lab.step.saturating_sub(1);
                lab.go_to(step)
            }
            Action::Next => {
                let step = lab.step + 1;
                lab.go_to(step)
            }
            Action::Last => lab.go_to(usize::MAX),
            // The reader's own pause or play is final: the embed stops starting on its own.
            Action::TogglePlay if lab.running || lab.autoplay => {
                Lab { running: false, autoplay: false, play_when_seen: false, ..lab }
            }
            Action::TogglePlay => Lab { play_when_seen: false, ..lab }.play(),
            // A reader who asked for reduced motion starts it with Play.
            Action::Seen(true) if lab.play_when_seen && !lab.autoplay && !lab.reduced_motion => lab.play(),
            Action::Seen(false) if lab.play_when_seen => Lab { running: false, autoplay: false, ..lab },
            Action::Seen(_) => return self,
            Action::StepFrame(delta) => {
                let frames = lab.trace().steps.get(lab.step).map(frame_count).unwrap_or(1);
                let current = lab.frame.min(frames - 1) as isize;
                let frame = (current + delta).clamp(0, frames as isize - 1) as usize;
                let frame = if frame + 1 == frames { usize::MAX } else { frame };
                Lab { frame, running: false, autoplay: false, ..lab }
            }
            Action::Tick => lab.tick(),
            Action::SetSpeed(speed) => Lab { speed: speed.min(SPEEDS_MS.len() - 1), ..lab },
            Action::SetTheme(theme) => Lab { theme, ..lab },
            Action::Restore(link) => {
                let Lab {
                    technique,
                    formula_open,
                    playground,
                    slider,
                    square,
                    others,
                    occupied,
                    step,
                    speed,
                    theme,
                    ..
                } = *link;
                // Settle on the link's trace first, then show its step.
                let lab = Lab {
                    technique,
                    formula_open,
                    playground,
                    slider,
                    square,
                    others,
                    occupied,
                    speed,
                    theme,
                    message: None,
                    ..lab
                }
                .settled();
                let step = step.min(lab.trace().steps.len().saturating_sub(1));
                return Rc::new(Lab { step, frame: usize::MAX, running: false, autoplay: false, ..lab });
            }
            Action::Reject(message) => Lab { message: Some(message), ..lab },
            Action::DismissMessage => Lab { message: None, ..lab },
        };
        // A new position or technique means a new trace: settle the player on it.
        let retraced = next.traced() != self.traced();
        let next = if retraced { next.settled() } else { next };
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

fn set(board: Bitboard, square: Square, occupied: bool) -> Bitboard {
    if occupied {
        board.with(square)
    } else {
        board.without(square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(lab: Lab, actions: &[Action]) -> Lab {
        let mut state = Rc::new(lab);
        for action in actions {
            state = state.reduce(action.clone());
        }
        (*state).clone()
    }

    #[test]
    fn a_started_check_is_no_longer_asked_for() {
        let lab = Lab { check_when_read: true, ..apply(Lab::default(), &[Action::OpenExample("classical-ray")]) };
        let started = apply(lab, &[Action::StartCheck(0.0)]);
        assert!(matches!(started.playground.check, Check::Running { .. }));
        assert!(!started.check_when_read);
    }

    #[test]
    fn an_edit_with_an_error_keeps_the_last_good_formula_and_its_steps() {
        let lab = apply(Lab::default(), &[Action::OpenFormula, Action::EditFormula("o ^ (o - 2 * r)".into())]);
        assert_eq!(lab.trace().steps.len(), 3);
        let broken = apply(lab.clone(), &[Action::EditFormula("o ^ (o - 2 * r".into())]);
        assert!(broken.playground.error.as_ref().is_some_and(|e| e.message.contains("expected )")));
        assert_eq!(&*broken.playground.text, "o ^ (o - 2 * r");
        assert_eq!(broken.trace(), lab.trace(), "the steps of the last good formula stay");
        let fixed = apply(broken, &[Action::EditFormula("o & r".into())]);
        assert!(fixed.playground.error.is_none());
        assert_eq!(fixed.trace().steps.len(), 1);
        let back = apply(fixed, &[Action::SetTechnique(Technique::Sbamg)]);
        assert!(!back.formula_open && back.trace().technique == Some(Technique::Sbamg));
    }

    #[test]
    fn a_formula_that_reads_is_compiled_and_its_listing_follows_its_text() {
        let lab = apply(Lab::default(), &[Action::OpenExample("obstruction-difference")]);
        let Some(Ok(module)) = &lab.playground.compiled else { panic!("not compiled") };
        assert!(module.lines.iter().any(|line| line.text.trim() == "i64.clz"));
        assert!(module.instructions > 0 && module.bytes.starts_with(b"\0asm"));
        // Every step's sub-expression has instructions to light.
        for span in lab.trace().spans() {
            assert!(module.lines.iter().any(|line| line.span == Some(span)));
        }
        // A text with an error keeps the last module; a new formula brings its own.
        let typed = apply(lab.clone(), &[Action::EditFormula("o ^ (o - 2 * ".into())]);
        assert_eq!(typed.playground.compiled, lab.playground.compiled);
        let other = apply(lab.clone(), &[Action::EditFormula("popcount(o)".into())]);
        let Some(Ok(other)) = &other.playground.compiled else { panic!("not compiled") };
        assert!(other.lines.iter().any(|line| line.text.trim() == "i64.popcnt"));
    }

    #[test]
    fn the_compiled_verdict_names_the_first_case_where_the_two_part() {
        use sliders_formula::CounterExample;
        let differs = |cases, got: u64| CheckOutcome::Differs {
            cases,
            counter_example: CounterExample {
                square: Square::D4,
                occupied: Bitboard(0x0800_0000),
                expected: Bitboard(0xff),
                got: Ok(Bitboard(got)),
            },
        };
        let agrees = CheckOutcome::Agrees { cases: 100_032 };
        assert_eq!(compiled_verdict(&agrees, Some(&agrees)), Ok(100_032));
        assert_eq!(compiled_verdict(&differs(7, 1), Some(&differs(7, 1))), Ok(7));
        // The formula stops at case 7; the compiled function gave the expected value there.
        let why = compiled_verdict(&differs(7, 1), Some(&agrees)).unwrap_err();
        assert!(why.contains("case 7 (d4, occupied 0x0000000008000000): the formula gives 0x0000000000000001, the compiled function 0x00000000000000ff"), "{why}");
        // The compiled function stops first.
        let why = compiled_verdict(&agrees, Some(&differs(9, 3))).unwrap_err();
        assert!(
            why.contains("case 9")
                && why.contains("the formula gives 0x00000000000000ff, the compiled function 0x0000000000000003"),
            "{why}"
        );
        // Both stop at one case with different values.
        let why = compiled_verdict(&differs(5, 1), Some(&differs(5, 2))).unwrap_err();
        assert!(
            why.contains("the formula gives 0x0000000000000001, the compiled function 0x0000000000000002"),
            "{why}"
        );
        // A compiled check that never finished is no agreement.
        assert!(compiled_verdict(&agrees, None).is_err());
    }

    #[test]
    fn the_check_runs_in_slices_to_its_counter_example_and_loads_it() {
        let lab = apply(
            Lab::default(),
            &[Action::OpenFormula, Action::EditFormula("o ^ (o - 2 * r)".into()), Action::StartCheck(0.0)],
        );
        assert!(matches!(lab.playground.check, Check::Running { .. }));
        let lab = apply(lab, &[Action::CheckTick(5.0)]);
        let Check::Done { outcome: CheckOutcome::Differs { counter_example, .. }, ms, .. } = &lab.playground.check
        else {
            panic!("{:?}", lab.playground.check)
        };
        assert_eq!((counter_example.square, *ms), (Square::A1, 5.0));
        let loaded = apply(lab.clone(), &[Action::LoadCounterExample]);
        assert_eq!((loaded.square, loaded.occupied), (Square::A1, Bitboard(1)));
        // A right formula needs every slice: 100,032 cases in slices of CHECK_SLICE.
        let mut lab = apply(Lab::default(), &[Action::OpenExample("classical-ray"), Action::StartCheck(0.0)]);
        let mut ticks = 0;
        while matches!(lab.playground.check, Check::Running { .. }) {
            lab = apply(lab, &[Action::CheckTick(1.0)]);
            ticks += 1;
        }
        assert_eq!(ticks, Checker::total().div_ceil(CHECK_SLICE));
        assert!(matches!(lab.playground.check, Check::Done { outcome: CheckOutcome::Agrees { cases: 100_032 }, .. }));
        // An edit that changes the formula forgets the check; its target is the example's.
        assert_eq!(lab.playground.target, sliders_formula::examples::by_id("classical-ray").unwrap().target);
        let edited = apply(lab, &[Action::EditFormula("o".into())]);
        assert_eq!(edited.playground.check, Check::NotRun);
    }

    #[test]
    fn a_drag_paints_with_the_first_squares_new_state() {
        let start = Lab { occupied: Square::C3.bit(), ..Lab::default() };
        let lab = apply(
            start,
            &[Action::Press(Square::A1), Action::Drag(Square::B1), Action::Drag(Square::C3), Action::Release],
        );
        assert!(
            lab.occupied.contains(Square::A1) && lab.occupied.contains(Square::B1) && lab.occupied.contains(Square::C3)
        );
        let lab = apply(
            lab,
            &[Action::Press(Square::A1), Action::Drag(Square::B1), Action::Release, Action::Drag(Square::C3)],
        );
        assert!(!lab.occupied.contains(Square::A1) && !lab.occupied.contains(Square::B1));
        assert!(lab.occupied.contains(Square::C3), "a drag after release paints nothing");
    }

    #[test]
    fn placing_the_slider_keeps_the_occupancy() {
        let lab = apply(Lab::default(), &[Action::SetTool(Tool::PlaceSlider), Action::Press(Square::G2)]);
        assert_eq!(lab.square, Square::G2);
        assert_eq!(lab.occupied, Lab::default().occupied);
    }

    #[test]
    fn editing_keeps_the_step_index_when_the_new_trace_has_it() {
        let lab = apply(Lab::default(), &[Action::GoTo(5), Action::Activate(Square::A1)]);
        assert_eq!(lab.step, 5);
        assert!(!lab.running, "an edit shows the step finished");
        let lab = apply(lab, &[Action::GoTo(1000)]);
        let last = lab.trace().steps.len() - 1;
        assert_eq!(lab.step, last);
        // The reference walk has fewer steps: the index is clamped to its last.
        let lab = apply(lab, &[Action::SetTechnique(Technique::Reference)]);
        assert_eq!(lab.step, lab.trace().steps.len() - 1);
    }

    #[test]
    fn play_runs_through_every_step_to_the_end() {
        let mut lab = apply(Lab::default(), &[Action::TogglePlay]);
        assert!(lab.running && lab.autoplay);
        let steps = lab.trace().steps.len();
        for _ in 0..100_000 {
            if !lab.running {
                break;
            }
            lab = apply(lab, &[Action::Tick]);
        }
        assert!(!lab.running && !lab.autoplay);
        assert_eq!(lab.step, steps - 1);
        assert_eq!(lab.frame, usize::MAX, "the last step is shown finished");
    }

    #[test]
    fn pausing_mid_animation_and_stepping_frames() {
        let lab = apply(Lab::default(), &[Action::GoTo(0), Action::Tick, Action::TogglePlay]);
        assert!(!lab.running);
        let frame = lab.frame;
        let lab = apply(lab, &[Action::StepFrame(1)]);
        assert_eq!(lab.frame, frame + 1);
        let lab = apply(lab, &[Action::StepFrame(-5)]);
        assert_eq!(lab.frame, 0);
    }

    #[test]
    fn with_reduced_motion_every_step_appears_finished_and_play_still_walks_them_all() {
        let lab = Lab { reduced_motion: true, ..Lab::default() };
        let lab = apply(lab, &[Action::GoTo(3)]);
        assert_eq!((lab.step, lab.frame, lab.running), (3, usize::MAX, false), "shown whole, nothing to animate");
        let mut lab = apply(lab, &[Action::First, Action::TogglePlay]);
        let steps = lab.trace().steps.len();
        let mut ticks = 0;
        while lab.running && ticks < 100_000 {
            assert_eq!(lab.frame, usize::MAX, "never a partial frame");
            lab = apply(lab, &[Action::Tick]);
            ticks += 1;
        }
        assert_eq!(lab.step, steps - 1);
        assert_eq!(ticks, steps * HOLD_TICKS, "each step held for {HOLD_TICKS} ticks");
    }

    #[test]
    fn kogge_stone_takes_several_sliders_and_magic_keeps_the_first() {
        let start = Lab { technique: Technique::KoggeStone, occupied: Bitboard::EMPTY, ..Lab::default() };
        let lab = apply(start, &[Action::SetTool(Tool::PlaceSlider), Action::Press(Square::F6)]);
        assert_eq!(lab.sliders(), Square::D4.bit() | Square::F6.bit());
        let union = Technique::Reference.attacks(Slider::Rook, Square::D4, Square::F6.bit())
            | Technique::Reference.attacks(Slider::Rook, Square::F6, Square::D4.bit());
        assert_eq!(lab.trace().result, union);
        // A press on a slider takes it away, but never the last one.
        let lab = apply(lab, &[Action::Press(Square::D4)]);
        assert_eq!((lab.square, lab.others), (Square::F6, Bitboard::EMPTY));
        let lab = apply(lab, &[Action::Press(Square::F6)]);
        assert_eq!(lab.sliders(), Square::F6.bit());
        let lab = apply(lab, &[Action::Press(Square::B2), Action::SetTechnique(Technique::Magic)]);
        assert_eq!((lab.square, lab.others), (Square::B2, Bitboard::EMPTY));
        let message = lab.message.unwrap_or_default();
        assert!(message.contains("takes one slider: kept the rook on b2 and removed f6"), "{message}");
    }

    #[test]
    fn presets_set_up_the_articles_examples() {
        let lab = apply(Lab::default(), &[Action::LoadPreset("sbamg-rank")]);
        assert_eq!(
            (lab.slider, lab.square, lab.technique, lab.occupied),
            (Slider::Rook, Square::D1, Technique::Sbamg, Bitboard(0x43))
        );
        let lab = apply(lab, &[Action::LoadPreset("nonsense")]);
        assert!(lab.message.is_some());
        assert_eq!(lab.occupied, Bitboard(0x43));
    }

    #[test]
    fn an_embed_without_controls_plays_when_seen_and_loops_back_to_the_authors_step() {
        let lab = Lab { step: 3, play_when_seen: true, loop_from: Some(3), ..Lab::default() };
        assert!(!lab.running, "nothing plays before the reader sees it");
        let mut lab = apply(lab, &[Action::Seen(true)]);
        assert!(lab.running && lab.autoplay);
        let last = lab.trace().steps.len() - 1;
        let mut reached_last = false;
        let mut ticks = 0;
        while !(reached_last && lab.step == 3) {
            lab = apply(lab, &[Action::Tick]);
            reached_last |= lab.step == last;
            ticks += 1;
            assert!(ticks < 100_000, "the player never came back to step 3");
        }
        assert!(lab.running && lab.autoplay, "it goes on playing");
        // Scrolled away: it pauses, and plays on when it is back in view.
        let lab = apply(lab, &[Action::Seen(false)]);
        assert!(!lab.running);
        let lab = apply(lab, &[Action::Seen(true)]);
        assert!(lab.running);
        // The reader's pause is final.
        let lab = apply(lab, &[Action::TogglePlay, Action::Seen(false), Action::Seen(true)]);
        assert!(!lab.running);
    }

    #[test]
    fn reduced_motion_keeps_a_self_playing_embed_still_until_play() {
        let lab = Lab { reduced_motion: true, play_when_seen: true, loop_from: Some(0), ..Lab::default() };
        let lab = apply(lab, &[Action::Seen(true)]);
        assert!(!lab.running && !lab.autoplay);
        let lab = apply(lab, &[Action::TogglePlay]);
        assert!(lab.running && lab.autoplay);
    }

    #[test]
    fn the_loop_pauses_on_the_last_step_first() {
        let last = Lab::default().trace().steps.len() - 1;
        // Seen while the last step is still to be animated: its frames, then the pause.
        let lab = Lab { step: last, frame: 0, play_when_seen: true, loop_from: Some(0), ..Lab::default() };
        let mut lab = apply(lab, &[Action::Seen(true)]);
        let mut ticks = 0;
        while lab.step == last {
            lab = apply(lab, &[Action::Tick]);
            ticks += 1;
        }
        let frames = frame_count(&lab.trace().steps[last]);
        assert_eq!(ticks, frames + HOLD_TICKS + LOOP_HOLD_TICKS, "the last step's frames, then the pause");
        assert_eq!(lab.step, 0);
        // With reduced motion, each step is held whole; the last one longer.
        let lab =
            Lab { step: last - 1, reduced_motion: true, play_when_seen: true, loop_from: Some(0), ..Lab::default() };
        let mut lab = apply(lab, &[Action::TogglePlay]);
        while lab.step != last {
            lab = apply(lab, &[Action::Tick]);
        }
        let mut ticks = 0;
        while lab.step == last {
            lab = apply(lab, &[Action::Tick]);
            ticks += 1;
        }
        assert_eq!(ticks, HOLD_TICKS + LOOP_HOLD_TICKS);
        assert_eq!(lab.step, 0);
    }

    #[test]
    fn a_rejected_input_keeps_the_board() {
        let lab = apply(Lab::default(), &[Action::Reject("bad hex".into())]);
        assert_eq!(lab.occupied, Lab::default().occupied);
        assert_eq!(lab.message.as_deref(), Some("bad hex"));
        let lab = apply(lab, &[Action::Activate(Square::A1)]);
        assert_eq!(lab.message, None, "a good edit clears the message");
    }
}
