//! What each grid of a step shows besides its bits, at one animation frame: which bits are
//! still hidden, the borrow's trail, the bit the animation is at, the squares being combined,
//! and where the slider is. The page's step view and the pictures (`figure`) both draw from
//! here, so a picture marks exactly what the page marks.

use crate::animation::Frame;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use sliders::trace::{Op, Step, Value};
use sliders::Bitboard;

/// The marks of one grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Marks {
    /// Bits revealed so far; `None` shows the whole value.
    pub shown: Option<Bitboard>,
    /// Bits the borrow has reached (drawn as a dashed trail).
    pub borrow: Bitboard,
    /// The bit an animation is at.
    pub cursor: Option<u32>,
    /// Squares being combined right now.
    pub active: Bitboard,
    /// Where the slider's bit stands in this value (none where the value holds no squares).
    pub slider: Bitboard,
}

impl Marks {
    fn of(frame: Option<&Frame>, slider: Bitboard) -> Marks {
        Marks {
            shown: frame.filter(|f| !f.done).map(|f| f.shown),
            borrow: frame.map(|f| f.borrow).unwrap_or_default(),
            cursor: frame.and_then(|f| f.cursor),
            active: frame.map(|f| f.active).unwrap_or_default(),
            slider,
        }
    }

    /// The value is still being revealed (a number shows "…" until then).
    pub fn pending(&self) -> bool {
        self.shown.is_some()
    }
}

/// The marks of a step's first operand, its second operand and its result.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct StepMarks {
    pub lhs: Marks,
    pub rhs: Marks,
    pub result: Marks,
}

/// The marks of `step` at `frame`, for the sliders on `sliders` (their real squares).
pub fn step_marks(step: &Step, frame: &Frame, sliders: Bitboard) -> StepMarks {
    let (lhs_slider, rhs_slider, result_slider) = slider_bits(step, sliders);
    let scans = matches!(step.op, Op::Scan(_));
    // Scans animate on their operand (the cursor sweeps it); everything else on the result.
    // Mask steps show the rank being combined on both operands; only the result hides bits.
    let combining = Frame { active: frame.active, done: true, ..Frame::default() };
    let combining = (!frame.active.is_empty()).then_some(&combining);
    // A product follows one copy: its bit of a on the first operand, its landing on the result.
    let picked = Frame { active: frame.picked, done: true, ..Frame::default() };
    let picked = (!frame.picked.is_empty()).then_some(&picked);
    let combining = if picked.is_some() { None } else { combining };
    // …and its result stays whole, the landing bits lit.
    let landing = Frame { active: frame.active, done: true, ..Frame::default() };
    let (lhs_frame, result_frame) = if scans {
        (Some(frame), Some(frame))
    } else if picked.is_some() {
        (picked, Some(&landing))
    } else {
        (combining, Some(frame))
    };
    // A table read's index is a number the animation never touches.
    let lhs_frame = if step.op == Op::Lookup { None } else { lhs_frame };
    StepMarks {
        lhs: Marks::of(lhs_frame, lhs_slider),
        rhs: Marks::of(combining, rhs_slider),
        result: Marks::of(result_frame, result_slider),
    }
}

/// Where the slider's bit stands in the first operand, the second and the result.
fn slider_bits(step: &Step, real: Bitboard) -> (Bitboard, Bitboard, Bitboard) {
    // A turned word shows the board turned round: mark the slider where the word has it. A
    // byte swap's operand, and a reversal of each byte's bits', is in another order than its result.
    let slider = step.order.turn(real);
    let operand_slider = step.operand_order().turn(real);
    // A moved board (`occupied >> file`, say) has the slider's bit where the move took it, or
    // nowhere if it fell off; the step that moves it takes its operand from before the move.
    let moved = |board: Bitboard, bits: i8| match bits {
        0.. => Bitboard(board.0 << bits),
        _ => Bitboard(board.0 >> bits.unsigned_abs()),
    };
    let (slider, operand_slider) = (moved(slider, step.moved), moved(operand_slider, step.operand_moved));
    // A product's bits, a multiplier's and an index cut from a product (a shift by 52 or more)
    // are not squares: marking the slider there would name a square that is not one.
    let index_cut = step.op == Op::Shr && matches!(step.rhs, Some(Value::Number(amount)) if amount >= 52);
    let none = Bitboard::EMPTY;
    match step.op {
        Op::Mul => (operand_slider, none, none),
        Op::Lookup => (none, none, slider),
        _ if index_cut => (none, none, none),
        _ => (operand_slider, operand_slider, slider),
    }
}

/// One term of a step's equation as the pictures draw it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Term<'a> {
    /// A value (a set, or a number such as an index or a shift), its caption and its marks.
    Operand { value: Value, caption: &'a str, marks: Marks },
    /// `&`, `-`, `<<`, `bswap`, `=`, …
    Operator(&'static str),
}

/// A step as its terms, in the order they are drawn: `A op B = C`, `op A = C` for a unary
/// step, `index = C` for a table read; each operand with its marks at `frame`.
pub fn equation<'a>(step: &'a Step, frame: &Frame, sliders: Bitboard) -> Vec<Term<'a>> {
    let marks = step_marks(step, frame, sliders);
    let [lhs_caption, rhs_caption, result_caption] = captions(step);
    let lhs = Term::Operand { value: step.lhs, caption: lhs_caption, marks: marks.lhs };
    let mut terms = match step.rhs {
        Some(rhs) => alloc::vec![
            lhs,
            Term::Operator(step.op.symbol()),
            Term::Operand { value: rhs, caption: rhs_caption, marks: marks.rhs },
        ],
        None if step.op == Op::Lookup => alloc::vec![lhs],
        None => alloc::vec![Term::Operator(step.op.symbol()), lhs],
    };
    terms.extend([
        Term::Operator("="),
        Term::Operand { value: step.result, caption: result_caption, marks: marks.result },
    ]);
    terms
}

/// What the slider's mark in a step's grids stands for, as a legend: "the rook on e4" where every
/// grid marks the slider's own square, or, on a moved or mirrored board, where each grid holds
/// the slider's bit: "the rook's bit (e4 on the board): on e5 in a, b and result". `None` where
/// no grid marks it.
pub fn slider_legend(terms: &[Term], slider: sliders::Slider, sliders: Bitboard) -> Option<String> {
    let marked: Vec<(&str, Bitboard)> = terms
        .iter()
        .filter_map(|term| match term {
            // A number (a file, a shift's amount) is drawn as digits, with no square to mark.
            Term::Operand { caption, marks, value: Value::Board(_) } if !marks.slider.is_empty() => {
                Some((*caption, marks.slider))
            }
            _ => None,
        })
        .collect();
    if marked.is_empty() {
        return None;
    }
    let plural = if sliders.count() > 1 { "s" } else { "" };
    let real = crate::narration::square_list(sliders);
    if marked.iter().all(|&(_, squares)| squares == sliders) {
        return Some(format!("the {slider}{plural} on {real}"));
    }
    // Group the grids by the squares they mark, in order.
    let mut groups: Vec<(Bitboard, Vec<&str>)> = Vec::new();
    for (caption, squares) in marked {
        match groups.iter_mut().find(|(marked, _)| *marked == squares) {
            Some((_, captions)) => captions.push(caption),
            None => groups.push((squares, alloc::vec![caption])),
        }
    }
    let places: Vec<String> = groups
        .iter()
        .map(|(squares, captions)| format!("on {} in {}", crate::narration::square_list(*squares), and_list(captions)))
        .collect();
    Some(format!("the {slider}{plural}'s bit ({real} on the board): {}", places.join(", ")))
}

/// "a", "a and b", "a, b and result".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => String::from(*one),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What the grids are called under them: the first operand, the second, the result, each by
/// the name the step's label gives it (`potential_blockers`, `2r`), or "a" and "b" for longer expressions.
pub fn captions(step: &Step) -> [&str; 3] {
    let names = crate::operands::of(step);
    [names.lhs, names.rhs, names.result]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::Moment;
    use sliders::{Slider, Square, Technique};

    #[test]
    fn a_number_operand_is_never_said_to_hold_the_sliders_mark() {
        // Kindergarten's `occupied >> file`: file is the number 3, drawn as digits.
        let trace = Technique::Kindergarten.trace(Slider::Queen, Square::D4, Bitboard(0x0022_1400_0014_0022));
        for step in trace.steps.iter().filter(|s| matches!(s.rhs, Some(Value::Number(_)))) {
            let terms = equation(step, &Frame::default(), trace.sliders);
            if let Some(legend) = slider_legend(&terms, trace.slider, trace.sliders) {
                let names = crate::operands::of(step);
                assert!(!legend.contains(&format!(" and {}", names.rhs)), "{}: {legend}", step.label);
            }
        }
    }

    #[test]
    fn a_byte_swap_marks_the_slider_on_both_sides_of_the_mirror() {
        let trace = Technique::HyperbolaQuintessence.trace(Slider::Bishop, Square::D2, Bitboard(0x0008_0000_0000_0000));
        let swap = trace.steps.iter().find(|s| s.op == Op::ByteSwap && s.order.is_turned()).unwrap();
        let marks = step_marks(swap, &crate::animation::frame(swap, Moment::Finished), trace.sliders);
        assert_eq!(marks.lhs.slider, Square::D2.bit());
        assert_eq!(marks.result.slider, Square::D7.bit(), "d2's bit lands on d7 in the swapped word");
    }

    #[test]
    fn the_legend_says_where_each_grid_holds_the_sliders_bit() {
        let occupied = Bitboard(0x4ced_2200_0146_f848);
        let legend = |technique: Technique, index: usize| {
            let trace = technique.trace(Slider::Rook, Square::E4, occupied);
            let step = &trace.steps[index];
            let terms = equation(step, &crate::animation::frame(step, Moment::Finished), trace.sliders);
            slider_legend(&terms, trace.slider, trace.sliders)
        };
        assert_eq!(legend(Technique::Subtraction, 1).as_deref(), Some("the rook on e4"));
        // Hyperbola quintessence's byte swap: e4's bit is on e5 of the swapped word.
        let trace = Technique::HyperbolaQuintessence.trace(Slider::Rook, Square::E4, occupied);
        let swap = trace.steps.iter().position(|s| s.op == Op::ByteSwap && s.order.is_turned()).unwrap();
        assert_eq!(
            legend(Technique::HyperbolaQuintessence, swap).as_deref(),
            Some("the rook's bit (e4 on the board): on e4 in o, on e5 in o_mirrored")
        );
        // Every legend names exactly the squares its grids mark.
        for &technique in Technique::ALL {
            let trace = technique.trace(Slider::Queen, Square::E4, occupied);
            for step in &trace.steps {
                let terms = equation(step, &crate::animation::frame(step, Moment::Finished), trace.sliders);
                let Some(text) = slider_legend(&terms, trace.slider, trace.sliders) else { continue };
                for term in &terms {
                    if let Term::Operand { marks, .. } = term {
                        for square in marks.slider.squares() {
                            assert!(text.contains(&format!("{square}")), "{}: {text} leaves out {square}", step.label);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_finished_step_hides_nothing() {
        let trace = Technique::Subtraction.trace(Slider::Rook, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        for step in &trace.steps {
            let marks = step_marks(step, &crate::animation::frame(step, Moment::Finished), trace.sliders);
            assert!(!marks.lhs.pending() && !marks.rhs.pending() && !marks.result.pending());
            assert_eq!(marks.result.cursor, None);
        }
    }
}
