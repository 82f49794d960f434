//! Predict mode (`predict=1`): before a step's result shows, the reader sets it (the bits of a
//! board, or a number) and Check grades it against the step's own result; Show me skips the
//! question. What came of each step is kept for the trace it was asked on, and the score is the
//! steps right at the first try out of the steps asked.

use sliders::{Bitboard, Square, Value};

/// The reader's predictions, and what came of them.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Predict {
    pub on: bool,
    /// The answer being set for the step on screen.
    pub answer: Answer,
    /// What came of each step of the trace on screen, by its index: `None` while it asks.
    pub outcomes: Vec<Option<Outcome>>,
    /// Why a typed number could not be checked, said beside its field.
    pub error: Option<String>,
}

/// An answer being set: the bits on the answer grid, or the number typed, for one step.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Answer {
    pub step: usize,
    pub bits: Bitboard,
    pub number: String,
    /// The state a pointer stroke paints the cells it crosses with, while it is down.
    pub painting: Option<bool>,
}

/// What came of a step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Checked: the answer given, and how many of its bits were wrong (a number: 0 or 1).
    Checked { answer: Value, wrong: u32 },
    /// Shown without an answer (Show me).
    Shown,
}

/// Predict mode's actions ([`Predict`]).
#[derive(Clone, Debug, PartialEq)]
pub enum PredictAction {
    /// Predict mode on or off.
    Switch(bool),
    /// Pointer down on an answer cell, or Space on it: flip it, and start a stroke that paints
    /// the cells it crosses with the cell's new state.
    Press(Square),
    /// The pointer crossed a cell while down.
    Drag(Square),
    /// The pointer went up.
    Release,
    /// The number field's text changed.
    Type(String),
    /// Grade the answer against the step's result.
    Check,
    /// Answer with this text and grade it at once: Yes (1) or No (0).
    Answer(String),
    /// Show the step without an answer.
    Show,
    /// A new board, dealt from this seed (`crate::model::deal`), for the same technique and
    /// slider: to try again.
    NewBoard(u32),
}

impl Predict {
    /// What came of step `step`, if it has been answered.
    pub fn outcome(&self, step: usize) -> Option<Outcome> {
        self.outcomes.get(step).copied().flatten()
    }

    /// Records what came of step `step`.
    pub fn answered(&mut self, step: usize, outcome: Outcome) {
        if self.outcomes.len() <= step {
            self.outcomes.resize(step + 1, None);
        }
        self.outcomes[step] = Some(outcome);
    }

    /// The steps right at the first try and the steps asked, once all `steps` are answered.
    pub fn score(&self, steps: usize) -> Option<(usize, usize)> {
        let outcomes: Option<Vec<Outcome>> = (0..steps).map(|step| self.outcome(step)).collect();
        let outcomes = outcomes.filter(|outcomes| !outcomes.is_empty())?;
        let right = outcomes.iter().filter(|o| matches!(o, Outcome::Checked { wrong: 0, .. })).count();
        Some((right, outcomes.len()))
    }

    /// Whether the trace's final result (the board's attacks) is kept hidden: in predict mode,
    /// until every one of its `steps` is answered, since the last steps' answers are in it.
    pub fn hides_final(&self, steps: usize) -> bool {
        self.on && self.score(steps).is_none()
    }

    /// The answer for `step`, or a blank one if the answer being set is another step's.
    pub fn answer_for(&mut self, step: usize) -> &mut Answer {
        if self.answer.step != step {
            self.answer = Answer { step, ..Answer::default() };
            self.error = None;
        }
        &mut self.answer
    }

    /// Grades the answer to `step` against its result `truth`, a bit scan's `square` by its
    /// name too; `Err` says why a typed number cannot be read.
    pub fn grade(answer: &Answer, truth: Value, square: Option<Square>) -> Result<Outcome, String> {
        Ok(match truth {
            Value::Board(board) => {
                Outcome::Checked { answer: Value::Board(answer.bits), wrong: (answer.bits ^ board).count() }
            }
            Value::Number(n) => {
                let given = match square {
                    Some(_) => read_square(&answer.number)?,
                    None => read_number(&answer.number)?,
                };
                Outcome::Checked { answer: Value::Number(given), wrong: u32::from(given != n) }
            }
            // A number of C's signed types, which may be below zero.
            Value::Signed(n) => {
                let text = answer.number.trim();
                let given = match text.strip_prefix('-') {
                    Some(magnitude) => read_number(magnitude).map(|m| (m as i64).wrapping_neg())?,
                    None => read_number(text)? as i64,
                };
                Outcome::Checked { answer: Value::Signed(given), wrong: u32::from(given != n) }
            }
        })
    }
}

/// A typed number, decimal or `0x` hex.
fn read_number(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let read = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    read.map_err(|_| match text {
        "" => String::from("Type the result first: a number, in decimal or 0x hex."),
        _ => format!(
            "\"{}\" is not a number: type the result in decimal or 0x hex.",
            text.chars().take(24).collect::<String>()
        ),
    })
}

/// A typed square: its name (`d1`) or its index, 0 (a1) to 63 (h8), in decimal or `0x` hex.
fn read_square(text: &str) -> Result<u64, String> {
    if let Ok(square) = text.trim().to_ascii_lowercase().parse::<Square>() {
        return Ok(u64::from(square.index()));
    }
    read_number(text).map_err(|_| match text.trim() {
        "" => String::from("Type the result first: a square's name (d1) or its index, 0 (a1) to 63 (h8)."),
        text => format!(
            "\"{}\" is neither a square nor a number: type a square's name (d1) or its index, 0 (a1) to 63 (h8).",
            text.chars().take(24).collect::<String>()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_is_graded_bit_by_bit_and_a_number_whole() {
        let truth = Value::Board(Square::D4.bit() | Square::D5.bit());
        let answer = Answer { bits: Square::D4.bit() | Square::E4.bit(), ..Answer::default() };
        assert_eq!(
            Predict::grade(&answer, truth, None),
            Ok(Outcome::Checked { answer: Value::Board(answer.bits), wrong: 2 })
        );
        let number =
            |text: &str| Predict::grade(&Answer { number: text.into(), ..Answer::default() }, Value::Number(27), None);
        assert_eq!(number("27"), Ok(Outcome::Checked { answer: Value::Number(27), wrong: 0 }));
        assert_eq!(number(" 0x1b "), Ok(Outcome::Checked { answer: Value::Number(27), wrong: 0 }));
        assert_eq!(number("28"), Ok(Outcome::Checked { answer: Value::Number(28), wrong: 1 }));
        assert!(number("").unwrap_err().starts_with("Type the result first"));
        assert!(number("d4").unwrap_err().contains("\"d4\" is not a number"));
    }

    /// A formula read as C shows an int below zero with its sign: the answer may have one.
    #[test]
    fn a_signed_number_is_taken_with_its_sign() {
        let signed =
            |text: &str| Predict::grade(&Answer { number: text.into(), ..Answer::default() }, Value::Signed(-3), None);
        assert_eq!(signed("-3"), Ok(Outcome::Checked { answer: Value::Signed(-3), wrong: 0 }));
        assert_eq!(signed(" -0x3 "), Ok(Outcome::Checked { answer: Value::Signed(-3), wrong: 0 }));
        assert_eq!(signed("3"), Ok(Outcome::Checked { answer: Value::Signed(3), wrong: 1 }));
        assert!(signed("-").unwrap_err().starts_with("Type the result first"));
        assert!(signed("minus 3").unwrap_err().contains("is not a number"));
    }

    #[test]
    fn a_scans_square_is_taken_by_its_name_or_its_index() {
        let square = |text: &str| {
            let answer = Answer { number: text.into(), ..Answer::default() };
            Predict::grade(&answer, Value::Number(3), Some(Square::D1))
        };
        for right in ["d1", " D1 ", "3", "0x3"] {
            assert_eq!(square(right), Ok(Outcome::Checked { answer: Value::Number(3), wrong: 0 }), "{right}");
        }
        assert_eq!(square("e1"), Ok(Outcome::Checked { answer: Value::Number(4), wrong: 1 }));
        assert!(square("z9").unwrap_err().contains("\"z9\" is neither a square nor a number"));
        assert!(square("").unwrap_err().contains("a square's name (d1) or its index"));
    }

    #[test]
    fn the_score_counts_first_tries_once_every_step_is_answered() {
        let mut predict = Predict::default();
        assert_eq!(predict.score(2), None);
        predict.answered(1, Outcome::Checked { answer: Value::Number(3), wrong: 0 });
        assert_eq!(predict.score(2), None, "step 1 asks still");
        predict.answered(0, Outcome::Shown);
        assert_eq!(predict.score(2), Some((1, 2)));
        assert_eq!(predict.score(0), None, "no steps, no score");
    }
}
