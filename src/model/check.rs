//! The formula's check against the reference, on 100,032 sample boards run a slice at a time,
//! with its compiled function run beside it on the same cases. The panels module drives and
//! draws it (`components/check.rs`), before the proof that follows it: the page's first load
//! carries none of it. The language (formula.wasm) and the browser's WebAssembly are the
//! effects' business (`crate::effects`); this only keeps what they find.

use std::rc::Rc;

use sliders::{Bitboard, Square};
use sliders_formula::{self as formula, CheckOutcome, Checker, Target};
use yew::Reducible;

/// Cases the check runs between two looks at the page: a few milliseconds' work.
pub const CHECK_SLICE: usize = 4096;

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

/// One slice of the check, run by the page: the formula's checker after it (or why the language
/// could not run it), and the compiled function's run beside it.
#[derive(Clone, PartialEq, Debug)]
pub struct CheckSlice {
    pub now: f64,
    pub formula: Result<(Checker, Option<CheckOutcome>), String>,
    pub compiled: Option<CompiledCheck>,
}

/// The check of one formula for one target. A check of another formula, or for another target,
/// is none of the one on screen: [`FormulaCheck::of`] says it has not run.
#[derive(Clone, PartialEq, Debug)]
pub struct FormulaCheck {
    of: Option<(Rc<str>, Target)>,
    check: Check,
}

impl Default for FormulaCheck {
    fn default() -> FormulaCheck {
        FormulaCheck { of: None, check: Check::NotRun }
    }
}

/// What changes the check: the reader's button (or a link's `expect=`), and each slice done.
#[derive(Clone, PartialEq, Debug)]
pub enum CheckAction {
    /// Start the check of `formula` for `target`, at this time (milliseconds, for its duration),
    /// with whether the page could instantiate the compiled function to run beside it (`None`:
    /// it cannot here).
    Start { formula: Rc<str>, target: Target, now: f64, compiled: Option<Result<(), String>> },
    /// A slice of the check of `formula` for `target` done.
    SliceDone { formula: Rc<str>, target: Target, slice: CheckSlice },
}

impl FormulaCheck {
    /// The check of `formula` for `target`: not run, if the last one started was of another.
    pub fn of(&self, formula: &str, target: Target) -> &Check {
        match &self.of {
            Some((of, of_target)) if **of == *formula && *of_target == target => &self.check,
            _ => &Check::NotRun,
        }
    }
}

impl Reducible for FormulaCheck {
    type Action = CheckAction;

    fn reduce(self: Rc<Self>, action: CheckAction) -> Rc<Self> {
        match action {
            CheckAction::Start { formula, target, now, compiled } => {
                Rc::new(FormulaCheck { of: Some((formula, target)), check: Check::started(target, now, compiled) })
            }
            CheckAction::SliceDone { formula, target, slice } => {
                let check = self.of(&formula, target).clone().after(slice);
                Rc::new(FormulaCheck { of: Some((formula, target)), check })
            }
        }
    }
}

impl Check {
    /// The check for `target` started, with the compiled function beside it where the page
    /// could instantiate it (`None` where it cannot, or there is no compiled module).
    pub fn started(target: Target, now: f64, compiled: Option<Result<(), String>>) -> Check {
        let checker = Checker::new(target);
        let compiled = compiled.map(|loaded| match loaded {
            Ok(()) => CompiledCheck::Running(checker.clone()),
            Err(why) => CompiledCheck::Failed(format!("The compiled WebAssembly could not run: {why}.")),
        });
        Check::Running { checker, compiled, started_ms: now }
    }

    /// The check after a slice: its outcome, once there is one. When the language could not
    /// run it, the check is dropped (the panel says why).
    pub fn after(self, slice: CheckSlice) -> Check {
        let Check::Running { started_ms, .. } = self else { return self };
        match slice.formula {
            Ok((_, Some(outcome))) => {
                let verdict = slice.compiled.map(|compiled| match compiled {
                    CompiledCheck::Stopped(stopped) => compiled_verdict(&outcome, Some(&stopped)),
                    CompiledCheck::Running(_) => compiled_verdict(&outcome, None),
                    CompiledCheck::Failed(why) => Err(why),
                });
                Check::Done { outcome, ms: slice.now - started_ms, compiled: verdict }
            }
            Ok((checker, None)) => Check::Running { checker, compiled: slice.compiled, started_ms },
            Err(_) => Check::NotRun,
        }
    }

    /// Whether the formula and its compiled function agreed with the reference on every case:
    /// what the Benchmark waits for before it times the formula, and the proof's cue.
    pub fn agreed(&self) -> bool {
        matches!(self, Check::Done { outcome: CheckOutcome::Agrees { .. }, compiled: Some(Ok(_)), .. })
    }
}

/// Whether the compiled function ended where the formula did, with the same value: the
/// compiled check's verdict, once either has an outcome.
pub fn compiled_verdict(formula: &CheckOutcome, compiled: Option<&CheckOutcome>) -> Result<usize, String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::effects::{check_slice, start_check};
    use sliders_formula::examples::by_id;

    /// What the check's button, or a link's `expect=`, dispatches: the check of `formula`.
    fn start(formula: &str, target: Target) -> (Rc<FormulaCheck>, Rc<str>) {
        let formula: Rc<str> = formula.into();
        let check = Rc::new(FormulaCheck::default()).reduce(start_check(&formula, target, None, 0.0));
        (check, formula)
    }

    /// What the panel dispatches for the check's next slice, at `now`.
    fn tick(check: Rc<FormulaCheck>, formula: &Rc<str>, target: Target, now: f64) -> Rc<FormulaCheck> {
        match check_slice(formula, target, check.of(formula, target), now) {
            Some(action) => check.reduce(action),
            None => check,
        }
    }

    #[test]
    fn the_check_runs_in_slices_to_its_counter_example_and_is_of_its_formula_and_target_only() {
        let north = Target::Ray(sliders::Direction::North);
        let (check, formula) = start("o ^ (o - 2 * r)", north);
        assert!(matches!(check.of(&formula, north), Check::Running { .. }));
        let check = tick(check, &formula, north, 5.0);
        let Check::Done { outcome: CheckOutcome::Differs { counter_example, .. }, ms, .. } = check.of(&formula, north)
        else {
            panic!("{:?}", check)
        };
        assert_eq!((counter_example.square, *ms), (Square::A1, 5.0));
        assert_eq!(counter_example.occupied, Bitboard(1));
        assert!(!check.of(&formula, north).agreed());
        // Another formula, or another target, has no check yet.
        assert_eq!(check.of("o", north), &Check::NotRun);
        assert_eq!(check.of(&formula, Target::Piece(sliders::Slider::Rook)), &Check::NotRun);
        // A slice of another formula's check changes nothing of this one's.
        let (other, other_formula) = start("o & r", north);
        let stale = check_slice(&other_formula, north, other.of(&other_formula, north), 1.0).unwrap();
        assert_eq!(check.clone().reduce(stale).of(&formula, north), &Check::NotRun);
        // A right formula needs every slice: 100,032 cases in slices of CHECK_SLICE.
        let example = by_id("classical-ray").unwrap();
        let (mut check, formula) = start(example.text(), example.target);
        let mut ticks = 0;
        while matches!(check.of(&formula, example.target), Check::Running { .. }) {
            check = tick(check, &formula, example.target, 1.0);
            ticks += 1;
        }
        assert_eq!(ticks, Checker::total().div_ceil(CHECK_SLICE));
        let done = check.of(&formula, example.target);
        assert!(matches!(done, Check::Done { outcome: CheckOutcome::Agrees { cases: 100_032 }, .. }));
        // No compiled function ran beside it (natively there is none): that is no agreement.
        assert!(!done.agreed());
    }

    #[test]
    fn a_slice_the_language_could_not_run_drops_the_check() {
        let started = Check::started(Target::Piece(sliders::Slider::Rook), 0.0, None);
        let slice = CheckSlice { now: 1.0, formula: Err("formula.wasm is gone".into()), compiled: None };
        assert_eq!(started.after(slice), Check::NotRun);
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
}
