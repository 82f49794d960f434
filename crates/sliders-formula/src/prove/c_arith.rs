//! C's arithmetic on words of decision diagrams, values kept as [`ctype`](super::super::ctype)
//! keeps them (a signed type's sign-extended, an unsigned one's zero-extended): each
//! operation's value, and the boards on which C leaves it undefined, which fault.

use alloc::vec::Vec;

use super::super::c_arithmetic;
use super::super::ctype::CType;
use super::super::parse::{Binary, Unary};
use super::words::{Builder, Built, Word};
use biodivine_lib_bdd::Bdd;
use sliders::trace::Comparison;

/// A value, and the boards on which computing it is undefined.
pub type Checked = (Word, Bdd);

/// The value converted to `ty`: the bits above its width cleared, or copies of its sign bit.
pub fn convert(builder: &mut Builder, ty: CType, a: &Word) -> Built<Word> {
    let bits = ty.bits() as usize;
    if ty == CType::Bool {
        let mut word = builder.constant(0);
        word.0[0] = builder.any(a)?;
        return Ok(word);
    }
    let above = if ty.signed() { a.0[bits - 1].clone() } else { builder.bit(false) };
    Ok(Word((0..64).map(|i| if i < bits { a.0[i].clone() } else { above.clone() }).collect()))
}

/// Where the word is not a value of `ty` as it is kept.
fn not_held(builder: &mut Builder, ty: CType, a: &Word) -> Built<Bdd> {
    let held = convert(builder, ty, a)?;
    let same = builder.equal(&held, a)?;
    builder.not(&same)
}

/// A word whose sign bit is flipped: signed order as unsigned order.
fn sign_flipped(builder: &mut Builder, a: &Word) -> Built<Word> {
    let mut flipped = a.clone();
    flipped.0[63] = builder.not(&a.0[63])?;
    Ok(flipped)
}

/// `a < b` of signed words.
fn less_signed(builder: &mut Builder, a: &Word, b: &Word) -> Built<Bdd> {
    let (a, b) = (sign_flipped(builder, a)?, sign_flipped(builder, b)?);
    builder.less(&a, &b)
}

/// `c ? -a : a`.
fn negated_where(builder: &mut Builder, c: &Bdd, a: &Word) -> Built<Word> {
    let zero = builder.constant(0);
    let negated = builder.sub(&zero, a)?;
    let bits = (0..64).map(|i| builder.choose(c, &negated.0[i], &a.0[i])).collect::<Built<Vec<_>>>()?;
    Ok(Word(bits))
}

/// Signed division of words, rounded toward zero, and its remainder (the dividend's sign), by
/// the unsigned division of their magnitudes.
fn divide_signed(builder: &mut Builder, a: &Word, b: &Word) -> Built<(Word, Word)> {
    let (a_negative, b_negative) = (a.0[63].clone(), b.0[63].clone());
    let magnitude_a = negated_where(builder, &a_negative, a)?;
    let magnitude_b = negated_where(builder, &b_negative, b)?;
    let (quotient, remainder) = builder.divide(&magnitude_a, &magnitude_b)?;
    let signs_differ = builder.xor(&a_negative, &b_negative)?;
    Ok((negated_where(builder, &signs_differ, &quotient)?, negated_where(builder, &a_negative, &remainder)?))
}

/// A signed shift right: copies of the sign bit come in.
fn shift_right_signed(builder: &mut Builder, a: &Word, amount: &Word) -> Built<Word> {
    let stage = |builder: &Builder, word: &Word, by: u32| builder.permute(word, |i| (i + by as usize).min(63));
    if let Some(n) = amount.known() {
        return Ok(stage(builder, a, (n % 64) as u32));
    }
    builder.barrel(a, amount, stage)
}

/// A shift by a word's amount mod 64, zeros in (left: direction 1).
fn shift(builder: &mut Builder, a: &Word, amount: &Word, direction: i32) -> Built<Word> {
    if let Some(n) = amount.known() {
        return Ok(builder.shift_by(a, direction * (n % 64) as i32));
    }
    builder.barrel(a, amount, |builder, word, by| builder.shift_by(word, direction * by as i32))
}

/// The word's value is `value`.
fn equals(builder: &mut Builder, a: &Word, value: u64) -> Built<Bdd> {
    let constant = builder.constant(value);
    builder.equal(a, &constant)
}

/// `a op b` of type `ty` (a shift's amount of its own type).
pub fn binary(builder: &mut Builder, op: Binary, ty: CType, a: &Word, b: &Word) -> Built<Checked> {
    if let (Some(x), Some(y)) = (a.known(), b.known()) {
        return Ok(match c_arithmetic::binary(op, ty, x, y) {
            Ok(value) => (builder.constant(value), builder.bit(false)),
            Err(_) => (builder.constant(0), builder.bit(true)),
        });
    }
    let (signed, wide) = (ty.signed(), ty.bits() == 64);
    let none = builder.bit(false);
    Ok(match op {
        Binary::And => (builder.bitwise(a, b, Builder::and)?, none),
        Binary::Or => (builder.bitwise(a, b, Builder::or)?, none),
        Binary::Xor => (builder.bitwise(a, b, Builder::xor)?, none),
        Binary::Add | Binary::Sub | Binary::Mul => {
            let exact = if op == Binary::Add {
                builder.add(a, b)?
            } else if op == Binary::Sub {
                builder.sub(a, b)?
            } else if a.known().is_some() {
                // A known factor on the right: one shifted copy for each of its bits.
                builder.mul(b, a)?
            } else {
                builder.mul(a, b)?
            };
            let undefined = match (signed, wide) {
                (false, _) => none,
                (true, false) => not_held(builder, ty, &exact)?,
                (true, true) => overflows_wide(builder, op, (a, b), &exact)?,
            };
            (if signed { exact } else { convert(builder, ty, &exact)? }, undefined)
        }
        Binary::Div | Binary::Rem => {
            let zero = equals(builder, b, 0)?;
            let (quotient, remainder, undefined) = if signed {
                let smallest = equals(builder, a, ty.convert(ty.largest().wrapping_add(1)))?;
                let minus_one = equals(builder, b, u64::MAX)?;
                let past = builder.and(&smallest, &minus_one)?;
                let (q, r) = divide_signed(builder, a, b)?;
                (q, r, builder.or(&zero, &past)?)
            } else {
                let (q, r) = builder.divide(a, b)?;
                (q, r, zero)
            };
            (if op == Binary::Div { quotient } else { remainder }, undefined)
        }
        Binary::Shl | Binary::Shr => {
            let width = builder.constant(u64::from(ty.bits()));
            let within = builder.less(b, &width)?;
            let too_far = builder.not(&within)?;
            match (op == Binary::Shl, signed) {
                (true, true) => {
                    let shifted = shift(builder, a, b, 1)?;
                    // A negative value shifted, or a bit lost out of the type or into its sign.
                    let lost = if wide {
                        let back = shift_right_signed(builder, &shifted, b)?;
                        let same = builder.equal(&back, a)?;
                        builder.not(&same)?
                    } else {
                        not_held(builder, ty, &shifted)?
                    };
                    let negative = a.0[63].clone();
                    let undefined = builder.or(&too_far, &negative)?;
                    (shifted, builder.or(&undefined, &lost)?)
                }
                (true, false) => {
                    let shifted = shift(builder, a, b, 1)?;
                    (convert(builder, ty, &shifted)?, too_far)
                }
                (false, true) => (shift_right_signed(builder, a, b)?, too_far),
                (false, false) => (shift(builder, a, b, -1)?, too_far),
            }
        }
        Binary::Compare(comparison) => {
            let holds = compare(builder, comparison, signed, a, b)?;
            let mut word = builder.constant(0);
            word.0[0] = holds;
            (word, none)
        }
    })
}

/// Whether a 64-bit signed `a + b`, `a - b` or `a * b` overflows, `exact` its wrapped result.
fn overflows_wide(builder: &mut Builder, op: Binary, (a, b): (&Word, &Word), exact: &Word) -> Built<Bdd> {
    let (sa, sb, sr) = (&a.0[63], &b.0[63], &exact.0[63]);
    if op == Binary::Add {
        // Both operands' signs differ from the result's.
        let (x, y) = (builder.xor(sa, sr)?, builder.xor(sb, sr)?);
        builder.and(&x, &y)
    } else if op == Binary::Sub {
        // The operands' signs differ, and the result's differs from a's.
        let (x, y) = (builder.xor(sa, sb)?, builder.xor(sa, sr)?);
        builder.and(&x, &y)
    } else {
        product_overflows(builder, a, b)
    }
}

/// Whether the signed product of two 64-bit words is past `long long`: the product of their
/// magnitudes, 128 bits wide, is 2^63 or more, and not exactly 2^63 with a negative sign.
fn product_overflows(builder: &mut Builder, a: &Word, b: &Word) -> Built<Bdd> {
    let (a_negative, b_negative) = (a.0[63].clone(), b.0[63].clone());
    let magnitude_a = negated_where(builder, &a_negative, a)?;
    let magnitude_b = negated_where(builder, &b_negative, b)?;
    let mut product: Vec<Bdd> = (0..128).map(|_| builder.bit(false)).collect();
    for (i, taken) in magnitude_b.0.iter().enumerate() {
        if taken.as_bool() == Some(false) {
            continue;
        }
        // magnitude_a << i, where b's bit i is set, added in: a ripple from bit i up.
        let mut carry = builder.bit(false);
        for (offset, bit) in product[i..].iter_mut().enumerate() {
            let term = match magnitude_a.0.get(offset) {
                Some(a_bit) => builder.and(a_bit, taken)?,
                None => builder.bit(false),
            };
            let half = builder.xor(bit, &term)?;
            let sum = builder.xor(&half, &carry)?;
            let both = builder.and(bit, &term)?;
            let passed = builder.and(&half, &carry)?;
            carry = builder.or(&both, &passed)?;
            *bit = sum;
        }
    }
    let mut high = builder.bit(false);
    for bit in &product[64..] {
        high = builder.or(&high, bit)?;
    }
    let mut low = builder.bit(false);
    for bit in &product[..63] {
        low = builder.or(&low, bit)?;
    }
    // 2^63 itself is long long's smallest, a negative product's only.
    let negative = builder.xor(&a_negative, &b_negative)?;
    let positive = builder.not(&negative)?;
    let not_smallest = builder.or(&positive, &low)?;
    let past = builder.and(&product[63], &not_smallest)?;
    builder.or(&high, &past)
}

fn compare(builder: &mut Builder, comparison: Comparison, signed: bool, a: &Word, b: &Word) -> Built<Bdd> {
    let less = |builder: &mut Builder, x: &Word, y: &Word| {
        if signed {
            less_signed(builder, x, y)
        } else {
            builder.less(x, y)
        }
    };
    match comparison {
        Comparison::Less => less(builder, a, b),
        Comparison::Greater => less(builder, b, a),
        // a <= b fails where b < a; a >= b where a < b.
        Comparison::LessEqual => {
            let fails = less(builder, b, a)?;
            builder.not(&fails)
        }
        Comparison::GreaterEqual => {
            let fails = less(builder, a, b)?;
            builder.not(&fails)
        }
        Comparison::Equal => builder.equal(a, b),
        Comparison::NotEqual => {
            let equal = builder.equal(a, b)?;
            builder.not(&equal)
        }
    }
}

/// `~a`, `-a` or `!a` of type `ty`.
pub fn unary(builder: &mut Builder, op: Unary, ty: CType, a: &Word) -> Built<Checked> {
    let none = builder.bit(false);
    Ok(match op {
        Unary::Not => {
            let flipped = builder.complement(a)?;
            (convert(builder, ty, &flipped)?, none)
        }
        Unary::Negate => {
            let zero = builder.constant(0);
            let negated = builder.sub(&zero, a)?;
            match ty.signed() {
                true => (negated, equals(builder, a, ty.convert(ty.largest().wrapping_add(1)))?),
                false => (convert(builder, ty, &negated)?, none),
            }
        }
        Unary::LogicalNot => {
            let any = builder.any(a)?;
            let mut word = builder.constant(0);
            word.0[0] = builder.not(&any)?;
            (word, none)
        }
    })
}
