//! A pass over a finished trace that names the values a union takes by its code's names.

use super::step::{Focus, Op, Step};
use alloc::borrow::Cow;
use alloc::string::String;

/// Names each value a union takes from a line, a ray or a part by the name the union's code
/// binds it to (`file_attacks | rank_attacks`, `positive | negative`, `rook | bishop`), at the
/// step that made it, when that step's own code left it unnamed: else every line's last value
/// is an unnamed "result", one name for several values. Run once on a finished trace, so the
/// techniques carry no code of their own for it.
#[inline(never)]
pub(crate) fn name_union_operands(steps: &mut [Step]) {
    for union in 1..steps.len() {
        let (step, second) = (&steps[union], &steps[union - 1]);
        // Names a technique's code gives (borrowed from its sites), plain ones only.
        let (Cow::Borrowed(first_name), Cow::Borrowed(second_name)) = (&step.operands.lhs, &step.operands.rhs) else {
            continue;
        };
        let (first_name, second_name): (&'static str, &'static str) = (first_name, second_name);
        // A union of two values made elsewhere: its second operand is the step just before, on
        // another line, ray or part (or, a queen's bishop, on the whole piece as the union is).
        let elsewhere = second.focus != step.focus || step.focus == Focus::Piece;
        // A lane's OR joins two halves of one lane's value, not two lines' attacks.
        if step.op != Op::Or
            || step.lane.is_some()
            || !plain(first_name)
            || !plain(second_name)
            || !elsewhere
            || step.rhs != Some(second.result)
        {
            continue;
        }
        // Its first operand: the latest step before that one on another line, ray or part of
        // the same kind (a queen's rook: on the whole piece too), if it made that value.
        let kind = core::mem::discriminant(&second.focus);
        let (second_focus, union_focus, first_value) = (second.focus, step.focus, step.lhs);
        let first = steps[..union - 1].iter().rposition(|s| {
            core::mem::discriminant(&s.focus) == kind && (s.focus != second_focus || second_focus == union_focus)
        });
        if let Some(first) = first.filter(|&at| steps[at].result == first_value) {
            name_result(&mut steps[first], first_name);
        }
        name_result(&mut steps[union - 1], second_name);
    }
}

/// A name as code spells one: letters, digits and underscores.
fn plain(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Gives `step`'s value `name`, unless its own code named it.
fn name_result(step: &mut Step, name: &'static str) {
    if step.operands.result.is_empty() {
        let mut label = String::from(&*step.label);
        label.push_str(" = ");
        label.push_str(name);
        step.label = Cow::Owned(label);
        step.operands.result = Cow::Borrowed(name);
    }
}
