//! 64-bit words whose bits are Boolean functions of the board: each bit a binary decision
//! diagram over the 64 occupancy bits (variable i is square i, a1 first, so a borrow that
//! runs up the board runs down the diagram). Every operation of the formula language has its
//! exact form here, built from the diagrams' and, or and not, and each diagram made counts
//! against a budget of nodes, so a formula that blows up ends in [`OutOfNodes`], never in a
//! hang or an exhausted memory.

use alloc::vec::Vec;

use biodivine_lib_bdd::{op_function, Bdd, BddVariable, BddVariableSet};

/// The budget of decision-diagram nodes ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfNodes;

pub type Built<T> = Result<T, OutOfNodes>;

/// The largest diagram one bit may take: 12 bytes a node, so about 24 MB.
const LARGEST_BIT: usize = 2_000_000;
/// The most nodes one word's 64 bits may take together.
const LARGEST_WORD: usize = 4_000_000;

/// A word of 64 bits, bit 0 first.
#[derive(Clone)]
pub struct Word(pub Vec<Bdd>);

/// Where diagrams are made: the variables, and the nodes spent so far.
pub struct Builder {
    variables: BddVariableSet,
    zero: Bdd,
    one: Bdd,
    spent: u64,
    budget: u64,
}

impl Builder {
    pub fn new(budget: u64) -> Builder {
        let variables = BddVariableSet::new_anonymous(64);
        let (zero, one) = (variables.mk_false(), variables.mk_true());
        Builder { variables, zero, one, spent: 0, budget }
    }

    /// Nodes made so far, of the budget.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    pub fn bit(&self, value: bool) -> Bdd {
        if value {
            self.one.clone()
        } else {
            self.zero.clone()
        }
    }

    /// Occupancy bit `square`, a board's variable.
    pub fn variable(&self, square: usize) -> Bdd {
        self.variables.mk_var(BddVariable::from_index(square))
    }

    pub fn constant(&self, value: u64) -> Word {
        Word((0..64).map(|i| self.bit(value >> i & 1 == 1)).collect())
    }

    fn charge(&mut self, made: Option<Bdd>) -> Built<Bdd> {
        let made = made.ok_or(OutOfNodes)?;
        self.spent += made.size() as u64;
        if self.spent > self.budget {
            return Err(OutOfNodes);
        }
        Ok(made)
    }

    fn limit(&self) -> usize {
        self.budget.saturating_sub(self.spent).min(LARGEST_BIT as u64) as usize
    }

    fn apply(&mut self, a: &Bdd, b: &Bdd, op: fn(Option<bool>, Option<bool>) -> Option<bool>) -> Built<Bdd> {
        // Constants answer at once: most of a formula's bits are known (masks, shifted ones).
        if let (Some(x), Some(y)) = (a.as_bool(), b.as_bool()) {
            return Ok(self.bit(op(Some(x), Some(y)).unwrap_or(false)));
        }
        let made = Bdd::binary_op_with_limit(self.limit(), a, b, op);
        self.charge(made)
    }

    pub fn and(&mut self, a: &Bdd, b: &Bdd) -> Built<Bdd> {
        match (a.as_bool(), b.as_bool()) {
            (Some(false), _) | (_, Some(false)) => Ok(self.zero.clone()),
            (Some(true), _) => Ok(b.clone()),
            (_, Some(true)) => Ok(a.clone()),
            _ => self.apply(a, b, op_function::and),
        }
    }

    pub fn or(&mut self, a: &Bdd, b: &Bdd) -> Built<Bdd> {
        match (a.as_bool(), b.as_bool()) {
            (Some(true), _) | (_, Some(true)) => Ok(self.one.clone()),
            (Some(false), _) => Ok(b.clone()),
            (_, Some(false)) => Ok(a.clone()),
            _ => self.apply(a, b, op_function::or),
        }
    }

    pub fn xor(&mut self, a: &Bdd, b: &Bdd) -> Built<Bdd> {
        match (a.as_bool(), b.as_bool()) {
            (Some(false), _) => Ok(b.clone()),
            (_, Some(false)) => Ok(a.clone()),
            (Some(true), _) => self.not(b),
            (_, Some(true)) => self.not(a),
            _ => self.apply(a, b, op_function::xor),
        }
    }

    pub fn not(&mut self, a: &Bdd) -> Built<Bdd> {
        let made = a.not();
        self.charge(Some(made))
    }

    /// `c ? a : b`, one bit.
    pub fn choose(&mut self, c: &Bdd, a: &Bdd, b: &Bdd) -> Built<Bdd> {
        match c.as_bool() {
            Some(true) => return Ok(a.clone()),
            Some(false) => return Ok(b.clone()),
            None => {}
        }
        if a == b {
            return Ok(a.clone());
        }
        let then = self.and(c, a)?;
        let otherwise = self.apply(c, b, |c, b| match (c, b) {
            (Some(true), _) | (_, Some(false)) => Some(false),
            (Some(false), Some(true)) => Some(true),
            _ => None,
        })?;
        self.or(&then, &otherwise)
    }

    /// Checks a word made of several bits against the word budget.
    fn word(&self, bits: Vec<Bdd>) -> Built<Word> {
        let nodes: usize = bits.iter().map(Bdd::size).sum();
        if nodes > LARGEST_WORD {
            return Err(OutOfNodes);
        }
        Ok(Word(bits))
    }

    pub fn bitwise(&mut self, a: &Word, b: &Word, op: fn(&mut Builder, &Bdd, &Bdd) -> Built<Bdd>) -> Built<Word> {
        let bits = a.0.iter().zip(&b.0).map(|(x, y)| op(self, x, y)).collect::<Built<Vec<_>>>()?;
        self.word(bits)
    }

    pub fn complement(&mut self, a: &Word) -> Built<Word> {
        let bits = a.0.iter().map(|x| self.not(x)).collect::<Built<Vec<_>>>()?;
        self.word(bits)
    }

    /// `a + b + carry`, wrapping: a ripple of full adders, bit 0 first.
    pub fn add_with_carry(&mut self, a: &Word, b: &Word, mut carry: Bdd) -> Built<Word> {
        let mut bits = Vec::with_capacity(64);
        for (x, y) in a.0.iter().zip(&b.0) {
            let half = self.xor(x, y)?;
            bits.push(self.xor(&half, &carry)?);
            // The carry out: both, or one of them and the carry in.
            let both = self.and(x, y)?;
            let passed = self.and(&half, &carry)?;
            carry = self.or(&both, &passed)?;
        }
        self.word(bits)
    }

    pub fn add(&mut self, a: &Word, b: &Word) -> Built<Word> {
        let zero = self.bit(false);
        self.add_with_carry(a, b, zero)
    }

    /// `a - b` as `a + ~b + 1`.
    pub fn sub(&mut self, a: &Word, b: &Word) -> Built<Word> {
        let not_b = self.complement(b)?;
        let one = self.bit(true);
        self.add_with_carry(a, &not_b, one)
    }

    /// `a * b`, wrapping: `a << i` added for each bit i of b that is set.
    pub fn mul(&mut self, a: &Word, b: &Word) -> Built<Word> {
        let mut sum = self.constant(0);
        for i in 0..64 {
            if b.0[i].as_bool() == Some(false) {
                continue;
            }
            let shifted = self.shift_by(a, i as i32);
            let term = self.mask_by_bit(&shifted, &b.0[i])?;
            sum = self.add(&sum, &term)?;
        }
        Ok(sum)
    }

    /// `a / b` and `a % b`, unsigned: long division, one bit of the quotient a stage from the
    /// top. (A zero divisor gives all ones and `a`; the caller faults those boards.)
    pub fn divide(&mut self, a: &Word, b: &Word) -> Built<(Word, Word)> {
        let mut remainder = self.constant(0);
        let mut quotient = alloc::vec![self.bit(false); 64];
        for i in (0..64).rev() {
            // The remainder moved up a bit, with a's next bit below. It never loses a bit off
            // the top: the partial remainder is at most a >> (i + 1), below 2^63.
            let mut moved = self.shift_by(&remainder, 1);
            moved.0[0] = a.0[i].clone();
            let below = self.less(&moved, b)?;
            let fits = self.not(&below)?;
            let less_b = self.sub(&moved, b)?;
            let bits = (0..64).map(|k| self.choose(&fits, &less_b.0[k], &moved.0[k])).collect::<Built<Vec<_>>>()?;
            remainder = self.word(bits)?;
            quotient[i] = fits;
        }
        Ok((self.word(quotient)?, remainder))
    }

    fn mask_by_bit(&mut self, a: &Word, bit: &Bdd) -> Built<Word> {
        let bits = a.0.iter().map(|x| self.and(x, bit)).collect::<Built<Vec<_>>>()?;
        self.word(bits)
    }

    /// The word moved by a known amount: left for a positive one, zeros shifted in.
    pub fn shift_by(&self, a: &Word, amount: i32) -> Word {
        Word(
            (0..64)
                .map(|i| {
                    usize::try_from(i - amount).ok().filter(|&j| j < 64).map_or(self.bit(false), |j| a.0[j].clone())
                })
                .collect(),
        )
    }

    /// The word's bits taken through a permutation: bit i of the result is bit `from(i)`.
    pub fn permute(&self, a: &Word, from: impl Fn(usize) -> usize) -> Word {
        Word((0..64).map(|i| a.0[from(i)].clone()).collect())
    }

    /// A shift or rotation by a word's amount mod 64: six stages, each moving by 1, 2, 4 …
    /// 32 where the amount has that bit.
    pub fn barrel(&mut self, a: &Word, amount: &Word, stage: impl Fn(&Builder, &Word, u32) -> Word) -> Built<Word> {
        let mut word = a.clone();
        for k in 0..6 {
            let moved = stage(self, &word, 1 << k);
            let bits =
                (0..64).map(|i| self.choose(&amount.0[k], &moved.0[i], &word.0[i])).collect::<Built<Vec<_>>>()?;
            word = self.word(bits)?;
        }
        Ok(word)
    }

    /// One bit: is any bit of the word set?
    pub fn any(&mut self, a: &Word) -> Built<Bdd> {
        let mut any = self.bit(false);
        for x in &a.0 {
            any = self.or(&any, x)?;
        }
        Ok(any)
    }

    /// One bit: `a == b`.
    pub fn equal(&mut self, a: &Word, b: &Word) -> Built<Bdd> {
        let differ = self.bitwise(a, b, Builder::xor)?;
        let any = self.any(&differ)?;
        self.not(&any)
    }

    /// One bit: `a < b`, unsigned, decided at the highest bit where they differ.
    pub fn less(&mut self, a: &Word, b: &Word) -> Built<Bdd> {
        let mut less = self.bit(false);
        for (x, y) in a.0.iter().zip(&b.0) {
            // From bit 0 up: a higher differing bit overrides what the lower ones said.
            let differ = self.xor(x, y)?;
            less = self.choose(&differ, y, &less)?;
        }
        Ok(less)
    }

    /// A count (0 to 64) of one-hot conditions: the word whose value is i where `at[i]` holds.
    pub fn encode(&mut self, at: &[Bdd]) -> Built<Word> {
        let mut bits = Vec::with_capacity(64);
        for k in 0..64 {
            let mut bit = self.bit(false);
            // The count as a u64: usize has 32 bits in WebAssembly, too few to shift by k.
            for (i, condition) in (0u64..).zip(at) {
                if i >> k & 1 == 1 {
                    bit = self.or(&bit, condition)?;
                }
            }
            bits.push(bit);
        }
        self.word(bits)
    }

    /// For each bit, from the lowest: set there and clear below (the lowest set bit's place),
    /// and last, the word being zero.
    pub fn lowest(&mut self, a: &Word) -> Built<Vec<Bdd>> {
        self.first_of(a.0.iter())
    }

    /// The same from the highest bit down: `at[i]` says bit 63 - i is the highest set.
    pub fn highest(&mut self, a: &Word) -> Built<Vec<Bdd>> {
        self.first_of(a.0.iter().rev())
    }

    fn first_of<'a>(&mut self, bits: impl Iterator<Item = &'a Bdd>) -> Built<Vec<Bdd>> {
        let mut none_yet = self.bit(true);
        let mut at = Vec::with_capacity(65);
        for x in bits {
            at.push(self.and(&none_yet, x)?);
            let clear = self.not(x)?;
            none_yet = self.and(&none_yet, &clear)?;
        }
        at.push(none_yet);
        Ok(at)
    }

    /// The number of set bits, as a word.
    pub fn popcount(&mut self, a: &Word) -> Built<Word> {
        let mut count = self.constant(0);
        for x in &a.0 {
            let mut one = self.constant(0);
            one.0[0] = x.clone();
            count = self.add(&count, &one)?;
        }
        Ok(count)
    }

    /// For each bit j, the one-hot conditions "j of the mask's set bits lie below bit j":
    /// what pext and pdep place by.
    pub fn ranks(&mut self, mask: &Word) -> Built<Vec<Vec<Bdd>>> {
        // below[k]: exactly k set bits of the mask lie below the current bit.
        let mut below = Vec::with_capacity(65);
        below.push(self.bit(true));
        below.extend((1..65).map(|_| self.bit(false)));
        let mut ranks = Vec::with_capacity(64);
        for m in &mask.0 {
            ranks.push(below.clone());
            let mut next = Vec::with_capacity(65);
            for k in 0..65 {
                let from_below = if k > 0 { below[k - 1].clone() } else { self.bit(false) };
                next.push(self.choose(m, &from_below, &below[k])?);
            }
            below = next;
        }
        Ok(ranks)
    }
}

impl Word {
    /// The word's value, if every bit is known.
    pub fn known(&self) -> Option<u64> {
        self.0.iter().enumerate().try_fold(0, |value, (i, bit)| bit.as_bool().map(|b| value | (b as u64) << i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use biodivine_lib_bdd::BddValuation;

    /// Long division against u64's: a constant's bits with a few replaced by variables, in
    /// both operands, and divisors past 2^63 too, where the bit moved out of the top decides.
    #[test]
    fn long_division_agrees_with_u64_division() {
        let mut builder = Builder::new(u64::MAX);
        let mut random = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            random
        };
        for round in 0..24u32 {
            let (x, mut y) = (next(), next() >> (round % 64));
            if round % 3 == 0 {
                y |= 1 << 63;
            }
            // Variables 0..6 stand in a's bits from `at`, 6..10 in b's from `bt`.
            let (at, bt) = ((next() % 58) as usize, (next() % 60) as usize);
            let mut a = builder.constant(x);
            let mut b = builder.constant(y);
            for k in 0..6 {
                a.0[at + k] = builder.variable(k);
            }
            for k in 0..4 {
                b.0[bt + k] = builder.variable(6 + k);
            }
            let (quotient, remainder) = builder.divide(&a, &b).expect("no budget");
            for assignment in 0..1024u64 {
                let mut values = alloc::vec![false; 64];
                for (k, value) in values.iter_mut().take(10).enumerate() {
                    *value = assignment >> k & 1 == 1;
                }
                let valuation = BddValuation::new(values);
                let read = |word: &Word| (0..64).fold(0u64, |n, i| n | u64::from(word.0[i].eval_in(&valuation)) << i);
                let (x, y) = (read(&a), read(&b));
                if y == 0 {
                    continue;
                }
                assert_eq!((read(&quotient), read(&remainder)), (x / y, x % y), "{x:#x} / {y:#x}");
            }
        }
    }
}
