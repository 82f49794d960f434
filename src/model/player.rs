//! The step player: which step is on screen, how far its animation has got, and whether it plays.
//! It needs of the trace only its shape (how many steps, and each one's frames), handed to it
//! by the page once the trace is computed ([`TraceShape`]): a tick costs the same however long
//! the trace.

use std::rc::Rc;

use sliders::Step;
use sliders_explain::animation::frame_count;
/// How far the current step's animation has got: a frame, or the step finished.
pub use sliders_explain::animation::Moment;

/// Frame intervals in milliseconds, slowest first; the speed control picks one.
pub const SPEEDS_MS: [u32; 5] = [320, 160, 80, 40, 16];

/// Ticks a finished step stays on screen before autoplay moves on.
pub const HOLD_TICKS: usize = 10;

/// Ticks the last step stays on screen, besides [`HOLD_TICKS`], before a looping player starts
/// again: about three seconds at the default speed.
pub const LOOP_HOLD_TICKS: usize = 36;

/// The reading pace a self-playing embed leaves time for, in words a minute.
pub const READING_WORDS_PER_MINUTE: u32 = 250;

/// Milliseconds to read `sentence` at [`READING_WORDS_PER_MINUTE`]. Its words are counted by
/// their spaces: the narration puts one space between words (a Unicode-aware split would cost
/// the page's first load half a kilobyte).
pub fn reading_ms(sentence: &str) -> u32 {
    let words = sentence.bytes().filter(|&byte| byte == b' ').count() as u32 + 1;
    words * 60_000 / READING_WORDS_PER_MINUTE
}

/// What the player needs of a step: its number of animation frames, and how long the first
/// sentence the page says of it takes to read, in milliseconds (computed by the page's effects
/// from its narration, `crate::effects::traced`, so the reducer needs no narration to hold a step
/// that long).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StepShape {
    pub frames: usize,
    pub reading_ms: u32,
    /// The step's result: predict mode grades the reader's answer against it.
    pub result: sliders::Value,
    /// The square a bit scan's number is the index of: its name is an answer too.
    pub result_square: Option<sliders::Square>,
}

/// What the player needs of a trace: the shape of each of its steps.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TraceShape {
    pub by_step: Rc<[StepShape]>,
}

impl TraceShape {
    /// The shape of `steps`, each with the time its first sentence takes to read.
    pub fn of(steps: &[Step], reading_ms: impl Fn(&Step) -> u32) -> TraceShape {
        TraceShape {
            by_step: steps
                .iter()
                .map(|step| StepShape {
                    frames: frame_count(step),
                    reading_ms: reading_ms(step),
                    result: step.result,
                    result_square: step.result_square(),
                })
                .collect(),
        }
    }

    /// Step `step`'s number of animation frames.
    pub fn frames(&self, step: usize) -> Option<usize> {
        self.by_step.get(step).map(|shape| shape.frames)
    }

    /// Ticks of `interval_ms` that hold `step` long enough to read its first sentence.
    pub fn reading_ticks(&self, step: usize, interval_ms: u32) -> usize {
        let ms = self.by_step.get(step).map_or(0, |shape| shape.reading_ms);
        ms.div_ceil(interval_ms.max(1)) as usize
    }

    pub fn steps(&self) -> usize {
        self.by_step.len()
    }

    /// The last step's index (0 for a trace without steps).
    fn last(&self) -> usize {
        self.steps().saturating_sub(1)
    }
}

/// An embed that plays by itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SelfPlay {
    /// It starts when it scrolls into view, and pauses when it leaves (a reader who pauses it
    /// turns this off).
    pub when_seen: bool,
    /// Without controls: after a pause on the last step, play again from this step (the
    /// author's), so a reader who arrives late still sees every step.
    pub loop_from: Option<usize>,
}

impl SelfPlay {
    /// No reader can pause it (an embed without controls): each step is held until its first
    /// sentence can be read.
    pub fn without_controls(&self) -> bool {
        self.loop_from.is_some()
    }
}

/// The step on show and its animation.
#[derive(Clone, PartialEq, Debug)]
pub struct Player {
    pub step: usize,
    pub frame: Moment,
    /// The frame timer runs: the current step animates.
    pub running: bool,
    /// When a step's animation ends, go on to the next step.
    pub autoplay: bool,
    /// Index into [`SPEEDS_MS`].
    pub speed: usize,
    /// Ticks the current step has been held on screen while autoplay runs with reduced motion.
    pub held: usize,
    pub self_play: SelfPlay,
}

impl Default for Player {
    fn default() -> Player {
        Player {
            step: 0,
            frame: Moment::Finished,
            running: false,
            autoplay: false,
            speed: 2,
            held: 0,
            self_play: SelfPlay::default(),
        }
    }
}

impl Player {
    pub fn playing(&self) -> bool {
        self.running || self.autoplay
    }

    fn stopped(self) -> Player {
        Player { running: false, autoplay: false, ..self }
    }

    /// After any change of position or technique: show the step finished, and stop a
    /// single-step animation (autoplay goes on). The step index is kept until the new trace's
    /// shape is known ([`Player::clamped`]).
    pub fn settled(self) -> Player {
        Player { frame: Moment::Finished, running: self.autoplay, ..self }
    }

    /// The step index within a trace of this shape: an edit that shortens the trace shows its
    /// last step.
    pub fn clamped(self, shape: &TraceShape) -> Player {
        Player { step: self.step.min(shape.last()), ..self }
    }

    /// Shows `step` from its first frame and starts its animation; with reduced motion, shows it
    /// finished at once (autoplay still holds it before moving on). Without a shape yet, the
    /// step waits to be clamped.
    pub fn go_to(self, step: usize, shape: Option<&TraceShape>, reduced_motion: bool) -> Player {
        let step = shape.map_or(step, |shape| step.min(shape.last()));
        if reduced_motion {
            Player { step, held: 0, frame: Moment::Finished, running: self.autoplay, ..self }
        } else {
            Player { step, held: 0, frame: Moment::At(0), running: true, ..self }
        }
    }

    /// Plays on from the current step (from the first, if the last is shown finished).
    pub fn play(self, shape: Option<&TraceShape>, reduced_motion: bool) -> Player {
        let at_end = shape.is_some_and(|shape| self.step + 1 >= shape.steps()) && self.frame == Moment::Finished;
        let player = Player { autoplay: true, ..self };
        if at_end {
            let start = player.self_play.loop_from.unwrap_or(0);
            player.go_to(start, shape, reduced_motion)
        } else if reduced_motion {
            Player { running: true, frame: Moment::Finished, held: 0, ..player }
        } else {
            let frame = match player.frame {
                Moment::Finished => Moment::At(0),
                at => at,
            };
            Player { running: true, frame, ..player }
        }
    }

    /// The reader's own pause or play: final, so an embed stops starting on its own.
    pub fn toggled(self, shape: Option<&TraceShape>, reduced_motion: bool) -> Player {
        let self_play = SelfPlay { when_seen: false, ..self.self_play };
        if self.playing() {
            Player { self_play, ..self.stopped() }
        } else {
            Player { self_play, ..self }.play(shape, reduced_motion)
        }
    }

    /// The page scrolled into view, or out of it; `None` when that changes nothing.
    pub fn seen(self, seen: bool, shape: Option<&TraceShape>, reduced_motion: bool) -> Option<Player> {
        match seen {
            // A reader who asked for reduced motion starts it with Play.
            true if self.self_play.when_seen && !self.autoplay && !reduced_motion => {
                Some(self.play(shape, reduced_motion))
            }
            false if self.self_play.when_seen => Some(self.stopped()),
            _ => None,
        }
    }

    /// One animation frame back or on, pausing.
    pub fn step_frame(self, delta: isize, shape: Option<&TraceShape>) -> Player {
        let frames = shape.and_then(|shape| shape.frames(self.step)).unwrap_or(1);
        let current = match self.frame {
            Moment::At(n) => n.min(frames - 1),
            Moment::Finished => frames - 1,
        } as isize;
        let frame = (current + delta).clamp(0, frames as isize - 1) as usize;
        let frame = if frame + 1 == frames { Moment::Finished } else { Moment::At(frame) };
        Player { frame, ..self.stopped() }
    }

    /// Ticks a finished step stays on screen while autoplay runs: [`HOLD_TICKS`], or, in an
    /// embed that plays by itself, long enough to read the step's first sentence at this speed.
    pub fn step_hold(&self, shape: &TraceShape) -> usize {
        if self.self_play.without_controls() {
            HOLD_TICKS.max(shape.reading_ticks(self.step, SPEEDS_MS[self.speed.min(SPEEDS_MS.len() - 1)]))
        } else {
            HOLD_TICKS
        }
    }

    /// The frame timer fired. Without a shape yet, nothing moves.
    pub fn tick(self, shape: Option<&TraceShape>, reduced_motion: bool) -> Player {
        let Some(shape) = shape else { return self };
        let Some(frames) = shape.frames(self.step) else { return self.stopped() };
        let last = self.step + 1 >= shape.steps();
        let looping = last && self.self_play.loop_from.is_some();
        let hold = match (self.autoplay, looping) {
            (false, _) => 0,
            (true, false) => self.step_hold(shape),
            (true, true) => self.step_hold(shape) + LOOP_HOLD_TICKS,
        };
        if reduced_motion {
            // No frames: hold each finished step, then show the next one whole.
            let held = self.held + 1;
            let player = Player { frame: Moment::Finished, held, ..self };
            if player.autoplay && held < hold {
                return player;
            }
            return match (player.autoplay, last, player.self_play.loop_from) {
                (true, false, _) => Player { step: player.step + 1, held: 0, ..player },
                (true, true, Some(start)) => Player { step: start.min(shape.last()), held: 0, ..player },
                _ => Player { held: 0, ..player.stopped() },
            };
        }
        match self.frame {
            Moment::At(n) if n + 1 < frames + hold => Player { frame: Moment::At(n + 1), ..self },
            _ if self.autoplay && !last => Player { step: self.step + 1, frame: Moment::At(0), ..self },
            _ => match (self.autoplay, self.self_play.loop_from) {
                (true, Some(start)) => Player { step: start.min(shape.last()), frame: Moment::At(0), ..self },
                _ => Player { frame: Moment::Finished, ..self.stopped() },
            },
        }
    }
}
