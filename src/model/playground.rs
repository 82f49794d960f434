//! The reader's own formula: what the editor holds, the last text that read, and its check. The
//! language (formula.wasm) and the browser's WebAssembly are the page's effects' business
//! (`crate::effects`): they hand their findings in as actions, and this only keeps them.

use std::rc::Rc;

use sliders::{Bitboard, Square};
use sliders_formula::examples::Example;
use sliders_formula::wire::CompiledModule;
use sliders_formula::{self as formula, CheckOutcome, Checker, Target};

/// Cases the check runs between two looks at the page: a few milliseconds' work.
pub const CHECK_SLICE: usize = 4096;

/// The reader's own formula: what the editor holds, the last text that parsed (which the steps
/// show while the typed text has an error), and its check.
#[derive(Clone, PartialEq, Debug)]
pub struct Playground {
    pub text: Rc<str>,
    /// The example whose text the language is to give (the page's first load carries the
    /// examples' names, not their texts): `text` is empty until it comes.
    pub awaited_example: Option<&'static str>,
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

/// What reading a typed text found (the language's parse, and for a new formula its compiled
/// module, validated).
#[derive(Clone, PartialEq, Debug)]
pub enum Reading {
    /// It does not parse: the last good formula stays.
    Error(formula::Error),
    /// It parses, and is the formula that already ran.
    Same,
    /// A new formula, compiled (or why it could not be).
    New(Result<Rc<CompiledModule>, Rc<str>>),
}

/// One slice of the check, run by the page: the formula's checker after it (or why the language
/// could not run it), and the compiled function's run beside it.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckSlice {
    pub now: f64,
    pub formula: Result<(Checker, Option<CheckOutcome>), String>,
    pub compiled: Option<CompiledCheck>,
}

impl Playground {
    /// An example, its text asked of the language ([`Playground::example_text`]).
    pub fn example(example: &Example) -> Playground {
        Playground { awaited_example: Some(example.id), ..Playground::typed("", example.target) }
    }

    /// A text as a link or an example brings it, with what it should compute: unread until the
    /// page reads it ([`Playground::read`]).
    pub fn typed(text: &str, target: Target) -> Playground {
        Playground {
            text: text.into(),
            awaited_example: None,
            formula: None,
            error: None,
            target,
            check: Check::NotRun,
            compiled: None,
        }
    }

    /// The awaited example's text, or why the language could not give it (said beside the
    /// editor). An answer for another example than the one awaited changes nothing.
    pub fn example_text(&mut self, id: &str, text: Result<Rc<str>, Rc<str>>) {
        if self.awaited_example != Some(id) {
            return;
        }
        self.awaited_example = None;
        match text {
            Ok(text) => self.text = text,
            Err(why) => {
                self.error = Some(formula::Error { span: formula::Span::default(), message: why.to_string(), suggestion: None })
            }
        }
    }

    /// The typed text, waiting to be read (the page reads it before it draws again).
    pub fn edit(&mut self, text: &str) {
        self.text = text.into();
        self.awaited_example = None;
        self.error = None;
    }

    /// What reading `text` found: parsed, it replaces the formula; with an error, the last good
    /// formula stays and the error is shown beside the editor. A reading of another text than
    /// the one typed now is stale and changes nothing.
    pub fn read(&mut self, text: &str, reading: Reading) {
        if *self.text != *text {
            return;
        }
        self.error = None;
        match reading {
            Reading::Error(error) => self.error = Some(error),
            Reading::Same => {}
            Reading::New(compiled) => {
                self.formula = Some(self.text.clone());
                self.check = Check::NotRun;
                self.compiled = Some(compiled);
            }
        }
    }

    /// Whether the text waits to be read: it has been read neither as a formula nor as an
    /// error (an awaited example's text is not here yet).
    pub fn unread(&self) -> bool {
        self.awaited_example.is_none() && self.formula.as_deref() != Some(&*self.text) && self.error.is_none()
    }

    /// Whether the editor waits for the language: for an example's text, or to read the text.
    pub fn waits_for_language(&self) -> bool {
        self.awaited_example.is_some() || self.unread()
    }

    /// The check started, with the compiled function beside it where the page could instantiate
    /// it (`None` where it cannot, or there is no compiled module).
    pub fn start_check(&mut self, now: f64, compiled: Option<Result<(), String>>) {
        let checker = Checker::new(self.target);
        let compiled = compiled.map(|loaded| match loaded {
            Ok(()) => CompiledCheck::Running(checker.clone()),
            Err(why) => CompiledCheck::Failed(format!("The compiled WebAssembly could not run: {why}.")),
        });
        self.check = Check::Running { checker, compiled, started_ms: now };
    }

    /// A slice of the check done: its outcome, once there is one. When the language could not
    /// run it, the check is dropped, and why is said.
    pub fn checked(&mut self, slice: CheckSlice) -> Option<String> {
        let Check::Running { started_ms, .. } = self.check else { return None };
        self.check = match slice.formula {
            Ok((_, Some(outcome))) => {
                let verdict = slice.compiled.map(|compiled| match compiled {
                    CompiledCheck::Stopped(stopped) => compiled_verdict(&outcome, Some(&stopped)),
                    CompiledCheck::Running(_) => compiled_verdict(&outcome, None),
                    CompiledCheck::Failed(why) => Err(why),
                });
                Check::Done { outcome, ms: slice.now - started_ms, compiled: verdict }
            }
            Ok((checker, None)) => Check::Running { checker, compiled: slice.compiled, started_ms },
            Err(why) => {
                self.check = Check::NotRun;
                return Some(why);
            }
        };
        None
    }
}

/// Whether the compiled function ended where the formula did, with the same value: the
/// compiled check's verdict, once either has an outcome.
pub(crate) fn compiled_verdict(formula: &CheckOutcome, compiled: Option<&CheckOutcome>) -> Result<usize, String> {
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
