//! What a step's operands and result are shown by: the names its source gives them. The core's
//! [`Step::operands`] carries each operand's text as the syntax tree has it (`#[traced]` writes
//! them from the technique's code, a reader's formula from its parse tree), and a name a comment
//! declared for it (`shown as: 2r`). A text without spaces is shown as it is, and so is a short
//! expression, by the rule that names an unbound result: a value made by one step and used by the
//! next has one name in both. A longer expression is called "a" or "b", and [`Names::legend`]
//! says once what the letter stands for.

use alloc::format;
use alloc::string::String;

use sliders::trace::Step;

/// The longest expression with spaces shown as its own name (`occ & masks.lower`, 17, a step's
/// unbound result and then the next step's operand: one name in both, no "result" then "a");
/// longer ones get a letter. Names without spaces run longer (`potential_blockers`, 18).
pub const NAME_LIMIT: usize = 17;

/// The names of a step's first operand, its second and its result, and the expressions behind
/// them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Names<'a> {
    /// The first operand's name: its own text when without spaces or short (a table's index
    /// without its casts), else "a".
    pub lhs: &'a str,
    /// The second operand's name: its own text when without spaces or short, else "b" ("" without one; "amount"
    /// for a shift whose direction makes its amount).
    pub rhs: &'a str,
    /// The name the value is bound to (`odiff`), else the expression when short (`occ - 3cbn`),
    /// else "result".
    pub result: &'a str,
    /// What the letters stand for: the operands' expressions as the source spells them.
    lhs_expression: &'a str,
    rhs_expression: &'a str,
}

impl Names<'_> {
    /// "a is 0x8000000000000000, b is lzcnt(lower | 1)": what each letter stands for, or `None`
    /// when every operand goes by its own name.
    pub fn legend(&self) -> Option<String> {
        let mut legend = String::new();
        for (name, expression) in [(self.lhs, self.lhs_expression), (self.rhs, self.rhs_expression)] {
            if is_letter(name) && !expression.is_empty() {
                let comma = if legend.is_empty() { "" } else { ", " };
                legend.push_str(&format!("{comma}{name} is {expression}"));
            }
        }
        (!legend.is_empty()).then_some(legend)
    }
}

fn is_letter(name: &str) -> bool {
    matches!(name, "a" | "b")
}

/// The names `step`'s operands and result are shown by.
pub fn of(step: &Step) -> Names<'_> {
    let (lhs, rhs) = (&*step.operands.lhs, &*step.operands.rhs);
    let rhs_name = match step.rhs {
        None => "",
        // `shift(set, direction, steps)` moves by the direction's step in bits, a number the
        // source does not spell.
        Some(_) if rhs.is_empty() => "amount",
        Some(_) => name_or(rhs, "b"),
    };
    let lhs_name = name_or(lhs, "a");
    // An unbound result is called by its expression when that is short: `occ - 3cbn`; the next
    // step's operand of that text is called the same by `name_or`.
    let expression = step.expression();
    let mut result = match &*step.operands.result {
        "" if expression.len() <= NAME_LIMIT => expression,
        "" => "result",
        bound => bound,
    };
    // `blocker = blocker | …`: the result is the operand's new value.
    if result == lhs_name || result == rhs_name {
        result = "result";
    }
    Names { lhs: lhs_name, rhs: rhs_name, result, lhs_expression: lhs, rhs_expression: rhs }
}

/// The text itself when it is a short name, else the letter.
fn name_or<'a>(text: &'a str, letter: &'static str) -> &'a str {
    if short(text) {
        text
    } else {
        letter
    }
}

/// A name, a field, a constant or a call without spaces, however long (`potential_blockers`),
/// or any text no longer than [`NAME_LIMIT`]: an expression a step before named its result by
/// (`occ - 3cbn`).
fn short(text: &str) -> bool {
    !text.is_empty() && (text.len() <= NAME_LIMIT || !text.contains(' ')) && !is_letter(text)
}

/// Whether `name` is a literal that spells `value` (`0x8000000000000000`, `3`, `1u64`,
/// `0xFFULL`, `1_000`): a caption of such a name beside the value says it twice.
pub fn spells(name: &str, value: u64) -> bool {
    let digits: String = name.chars().filter(|&c| c != '_').collect();
    let (radix, digits) = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) => (16, hex),
        None => (10, digits.as_str()),
    };
    let suffix = ["ULL", "ull", "UL", "ul", "LL", "ll", "U", "u", "L", "l", "u64", "i64", "u32", "i32"];
    let digits = suffix.iter().find_map(|suffix| digits.strip_suffix(suffix)).unwrap_or(digits);
    !digits.is_empty() && u64::from_str_radix(digits, radix) == Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders::{Bitboard, Slider, Square, Technique};

    fn step(technique: Technique, label: &str) -> Step {
        let trace = technique.trace(Slider::Queen, Square::D2, Bitboard(0x4ced_2200_0146_f848));
        trace.steps.into_iter().find(|s| s.label == label).unwrap_or_else(|| panic!("no {label}"))
    }

    #[test]
    fn operands_are_named_as_the_label_spells_them() {
        // A bound name of any length, and the name a comment declared: 2r, not the code's two_r.
        let difference_step = step(Technique::Subtraction, "potential_blockers - 2r = difference");
        let difference = of(&difference_step);
        assert_eq!((difference.lhs, difference.rhs, difference.result), ("potential_blockers", "2r", "difference"));
        assert_eq!(difference.legend(), None);
        // The step before called its result `upper - ms1b`; this one calls it the same.
        let xor_step = step(Technique::ObstructionDifference, "upper ^ (upper - ms1b) = odiff");
        let xor = of(&xor_step);
        assert_eq!((xor.lhs, xor.rhs, xor.result), ("upper", "upper - ms1b", "odiff"));
        assert_eq!(xor.legend(), None);
        // The step before called its result `lzcnt(lower | 1)` too.
        let top_step = step(Technique::ObstructionDifference, "0x8000000000000000 >> lzcnt(lower | 1) = ms1b");
        let top = of(&top_step);
        assert_eq!((top.lhs, top.rhs), ("0x8000000000000000", "lzcnt(lower | 1)"));
        assert_eq!(top.legend(), None);
        let scan_step = step(Technique::ObstructionDifference, "lzcnt(lower | 1)");
        let scan = of(&scan_step);
        assert_eq!((scan.lhs, scan.rhs), ("lower | 1", ""));
        assert_eq!(scan.legend(), None);
        let three_step = step(Technique::Sbamg, "occ ^ (occ - 3cbn) = changed");
        let three = of(&three_step);
        assert_eq!((three.lhs, three.rhs, three.result), ("occ", "occ - 3cbn", "changed"));
        let masked_step = step(Technique::Sbamg, "changed & masks.line_ex = file_attacks");
        let masked = of(&masked_step);
        assert_eq!((masked.lhs, masked.rhs, masked.result), ("changed", "masks.line_ex", "file_attacks"));
        let read_step = step(Technique::ClassicalConditional, "RAYS[direction][first]");
        let read = of(&read_step);
        assert_eq!(read.lhs, "first");
        let cut_step = step(Technique::Magic, "table[(magic.offset + index.0 as u32) as usize] = rook");
        let cut = of(&cut_step);
        assert_eq!((cut.lhs, cut.legend().as_deref()), ("a", Some("a is magic.offset + index.0 as u32")));
        let count_step = step(Technique::ClassicalZeroCount, "RAYS_BY_COUNT[direction][count as usize]");
        let count = of(&count_step);
        assert_eq!((count.lhs, count.result), ("count", "result"));
        let fill_step = step(Technique::KoggeStone, "shift(filled, direction, 1)");
        let fill = of(&fill_step);
        assert_eq!((fill.lhs, fill.rhs), ("filled", "amount"));
        let walk_step = step(Technique::Reference, "walk_ray(square, direction, occupied) = positive");
        let walk = of(&walk_step);
        assert_eq!(walk.lhs, "occupied");
        let swap_step = step(Technique::HyperbolaQuintessence, "bswap(o) = o_mirrored");
        let swap = of(&swap_step);
        assert_eq!((swap.lhs, swap.result), ("o", "o_mirrored"));
        let not_step = step(Technique::KoggeStone, "!pieces = free");
        let not = of(&not_step);
        assert_eq!((not.lhs, not.result), ("pieces", "free"));
        // The operand's new value is not called by the operand's name.
        let again_step = step(Technique::Dumb7Fill, "flood | newest = flood");
        let again = of(&again_step);
        assert_eq!((again.lhs, again.rhs, again.result), ("flood", "newest", "result"));
    }

    #[test]
    fn a_literal_spells_its_value_and_a_name_does_not() {
        for (name, value) in
            [("0x8000000000000000", 1u64 << 63), ("3", 3), ("1u64", 1), ("0xFFULL", 255), ("1_000", 1000)]
        {
            assert!(spells(name, value), "{name}");
        }
        for (name, value) in [("0x8000000000000000", 1), ("3cbn", 3), ("bsq", 3), ("", 0), ("u64", 0), ("0x", 0)] {
            assert!(!spells(name, value), "{name}");
        }
    }

    /// Every operand of every step gets a name, and a letter always has its expression.
    #[test]
    fn every_operand_of_every_technique_has_a_name() {
        for &technique in Technique::ALL {
            for slider in [Slider::Rook, Slider::Bishop, Slider::Queen] {
                let trace = technique.trace(slider, Square::E4, Bitboard(0x4ced_2200_0146_f848));
                for step in &trace.steps {
                    let names = of(step);
                    assert!(!names.lhs.is_empty(), "{}: no name for the first operand", step.label);
                    assert_eq!(names.rhs.is_empty(), step.rhs.is_none(), "{}", step.label);
                    for (name, expression) in [(names.lhs, names.lhs_expression), (names.rhs, names.rhs_expression)] {
                        if is_letter(name) {
                            assert!(!expression.is_empty(), "{}: {name} stands for nothing", step.label);
                        } else if !name.is_empty() && name != "amount" {
                            // Or an article's name a comment declared (2r, 3cbn): no Rust name
                            // starts with a digit.
                            let declared = name.starts_with(|c: char| c.is_ascii_digit()) && !name.starts_with("0x");
                            assert!(
                                step.label.contains(name) || declared,
                                "{}: {name} is not in the label",
                                step.label
                            );
                        }
                    }
                }
            }
        }
    }
}
