//! C's integer types, as GCC and Clang give them on 64-bit Linux (LP64), and what C's
//! arithmetic does with them: integer promotion, the usual arithmetic conversions, and the
//! operations whose result is undefined. A text read as C ([`Reading::C`]) computes with these;
//! the lab's short form reads every value as an unsigned 64-bit word.
//!
//! A value of any type is kept in a 64-bit word in one way only: a signed type's value
//! sign-extended, an unsigned one's zero-extended. So converting any value to an unsigned
//! 64-bit type leaves its word as it is, and `&`, `|`, `^` of two values of one type give a
//! value of that type without a conversion.

use alloc::format;
use alloc::string::String;

/// Which meaning a text has.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Reading {
    /// The lab's short form: every value an unsigned 64-bit word, a shift's amount taken mod 64.
    #[default]
    Lab,
    /// C's: each value of its type, a literal of the type C gives it, undefined behaviour a fault.
    C,
}

/// An integer type of C on LP64. `long long` is `long`'s width and meaning here, and plain
/// `char` is signed, as on x86-64.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CType {
    Bool,
    SignedChar,
    UnsignedChar,
    Short,
    UnsignedShort,
    Int,
    Unsigned,
    Long,
    UnsignedLong,
}

impl CType {
    /// The lab's word, and C's `U64` / `uint64_t` / `unsigned long long`.
    pub const WORD: CType = CType::UnsignedLong;

    // Never inlined: rustc 1.95 at opt-level 3 miscompiled this match inlined beside
    // `promoted()` (a byte of 2, `UnsignedChar`, gave 32 in the export's comparisons); as a call
    // it is right. tests/c_meaning.rs would find it again.
    #[inline(never)]
    pub const fn bits(self) -> u32 {
        match self {
            CType::Bool => 1,
            CType::SignedChar | CType::UnsignedChar => 8,
            CType::Short | CType::UnsignedShort => 16,
            CType::Int | CType::Unsigned => 32,
            CType::Long | CType::UnsignedLong => 64,
        }
    }

    pub const fn signed(self) -> bool {
        match self {
            CType::SignedChar | CType::Short | CType::Int | CType::Long => true,
            CType::Bool | CType::UnsignedChar | CType::UnsignedShort | CType::Unsigned | CType::UnsignedLong => false,
        }
    }

    /// As C spells it, in a cast or a message.
    pub const fn name(self) -> &'static str {
        match self {
            CType::Bool => "bool",
            CType::SignedChar => "signed char",
            CType::UnsignedChar => "unsigned char",
            CType::Short => "short",
            CType::UnsignedShort => "unsigned short",
            CType::Int => "int",
            CType::Unsigned => "unsigned",
            CType::Long => "long long",
            CType::UnsignedLong => "unsigned long long",
        }
    }

    /// Integer promotion: a type narrower than `int` computes as `int` (all its values fit).
    pub const fn promoted(self) -> CType {
        if self.bits() < 32 {
            CType::Int
        } else {
            self
        }
    }

    /// C's integer conversion rank: `bool` below `char` below `short` below `int` below
    /// `long long`, a type and its unsigned partner alike.
    const fn rank(self) -> u8 {
        match self {
            CType::Bool => 0,
            CType::SignedChar | CType::UnsignedChar => 1,
            CType::Short | CType::UnsignedShort => 2,
            CType::Int | CType::Unsigned => 3,
            CType::Long | CType::UnsignedLong => 4,
        }
    }

    /// The usual arithmetic conversions: the type both operands of `+`, `&`, `<`, … take, in
    /// the standard's order of rules.
    pub const fn common(a: CType, b: CType) -> CType {
        let (a, b) = (a.promoted(), b.promoted());
        let higher = if a.rank() >= b.rank() { a } else { b };
        if a.signed() == b.signed() {
            // Of one signedness (one type included), the higher rank.
            return higher;
        }
        let (signed, unsigned) = if a.signed() { (a, b) } else { (b, a) };
        // An unsigned type of rank at least the signed one's wins; otherwise the signed type,
        // wider on LP64, holds every value of the unsigned one (long long and unsigned int).
        if unsigned.rank() >= signed.rank() {
            unsigned
        } else {
            signed
        }
    }

    /// A value converted to this type: for an unsigned type the value mod 2^bits; for a signed
    /// one the same bits read with a sign (GCC's choice where C leaves it to the compiler); for
    /// bool, whether it is nonzero.
    pub const fn convert(self, value: u64) -> u64 {
        match self {
            CType::Bool => (value != 0) as u64,
            CType::SignedChar => value as i8 as i64 as u64,
            CType::UnsignedChar => value as u8 as u64,
            CType::Short => value as i16 as i64 as u64,
            CType::UnsignedShort => value as u16 as u64,
            CType::Int => value as i32 as i64 as u64,
            CType::Unsigned => value as u32 as u64,
            CType::Long | CType::UnsignedLong => value,
        }
    }

    /// Whether the word holds a value of this type as it keeps one.
    pub const fn holds(self, value: u64) -> bool {
        self.convert(value) == value
    }

    /// The word of a value read as a number of this type: "-3", "4294967295".
    pub fn show(self, value: u64) -> String {
        if self.signed() {
            format!("{}", value as i64)
        } else {
            format!("{value}")
        }
    }

    /// The largest value, for messages.
    pub const fn largest(self) -> u64 {
        match self {
            CType::Bool => 1,
            CType::SignedChar => i8::MAX as u64,
            CType::UnsignedChar => u8::MAX as u64,
            CType::Short => i16::MAX as u64,
            CType::UnsignedShort => u16::MAX as u64,
            CType::Int => i32::MAX as u64,
            CType::Unsigned => u32::MAX as u64,
            CType::Long => i64::MAX as u64,
            CType::UnsignedLong => u64::MAX,
        }
    }

    /// The type of a literal, as C gives it: a decimal one without a suffix the first of
    /// `int`, `long` that holds it; a hex or binary one may also be unsigned; `U` makes it
    /// unsigned, `L`/`LL` at least `long`.
    pub const fn of_literal(value: u64, decimal: bool, suffix: Suffix) -> CType {
        use CType::{Int, Long, Unsigned, UnsignedLong};
        // The standard's table: the first of these that holds the value.
        let candidates: &[CType] = match (suffix, decimal) {
            (Suffix::None, true) => &[Int, Long],
            (Suffix::None, false) => &[Int, Unsigned, Long, UnsignedLong],
            (Suffix::Unsigned, _) => &[Unsigned, UnsignedLong],
            (Suffix::Long, true) => &[Long],
            (Suffix::Long, false) => &[Long, UnsignedLong],
            (Suffix::UnsignedLong, _) => &[UnsignedLong],
        };
        let mut i = 0;
        while i < candidates.len() {
            if value <= candidates[i].largest() {
                return candidates[i];
            }
            i += 1;
        }
        // Past all of them (a decimal past long long's largest): GCC gives it `unsigned long
        // long`, with a warning.
        UnsignedLong
    }

    /// The type named by the words of a declaration, a parameter or a cast (`unsigned long
    /// long`, `const int`, `uint8_t`), after typedefs are replaced; `None` for a Rust type or
    /// `let`, which keep the lab's word.
    pub fn of_words(words: &str) -> Result<Option<CType>, String> {
        let mut signedness: Option<bool> = None;
        let (mut char_, mut short, mut int, mut longs, mut bool_) = (0, 0, 0, 0, 0);
        let mut named: Option<CType> = None;
        let mut any = false;
        for word in words.split(' ') {
            match word {
                // `enum enumDir`: the tag stands for int already.
                "const" | "static" | "inline" | "__forceinline" | "__inline" | "volatile" | "register" | "extern"
                | "enum" | "" => continue,
                "mut" | "u64" => return Ok(None),
                "signed" => signedness = Some(true),
                "unsigned" => signedness = Some(false),
                "char" => char_ += 1,
                "short" => short += 1,
                "int" => int += 1,
                "long" => longs += 1,
                "bool" | "_Bool" => bool_ += 1,
                "__int64" => longs += 1,
                "U64" | "uint64_t" | "Bitboard" | "size_t" => named = Some(CType::UnsignedLong),
                "int64_t" => named = Some(CType::Long),
                "uint32_t" => named = Some(CType::Unsigned),
                "int32_t" => named = Some(CType::Int),
                "uint16_t" => named = Some(CType::UnsignedShort),
                "int16_t" => named = Some(CType::Short),
                "uint8_t" => named = Some(CType::UnsignedChar),
                "int8_t" => named = Some(CType::SignedChar),
                other => return Err(format!("{other} is not an integer type the lab knows")),
            }
            any = true;
        }
        let basic = char_ + short + int.min(1) + longs.min(1) + bool_;
        let ty = match (named, signedness) {
            (Some(ty), None) if basic == 0 => ty,
            (Some(_), _) => return Err(format!("{words} names two types")),
            (None, _) if !any => return Ok(None),
            (None, signed) => {
                let signed = signed.unwrap_or(true);
                match (char_, short, longs, bool_) {
                    (0, 0, 0, 1) if signedness.is_none() && int == 0 => CType::Bool,
                    (1, 0, 0, 0) if int == 0 => {
                        if signed {
                            CType::SignedChar
                        } else {
                            CType::UnsignedChar
                        }
                    }
                    (0, 1, 0, 0) if int <= 1 => {
                        if signed {
                            CType::Short
                        } else {
                            CType::UnsignedShort
                        }
                    }
                    (0, 0, 0, 0) if int <= 1 => {
                        if signed {
                            CType::Int
                        } else {
                            CType::Unsigned
                        }
                    }
                    (0, 0, 1 | 2, 0) if int <= 1 => {
                        if signed {
                            CType::Long
                        } else {
                            CType::UnsignedLong
                        }
                    }
                    _ => return Err(format!("{words} is not a type C has")),
                }
            }
        };
        Ok(Some(ty))
    }
}

/// A literal's suffix, as far as it changes the literal's type.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Suffix {
    #[default]
    None,
    /// `U`
    Unsigned,
    /// `L`, `LL`
    Long,
    /// `UL`, `ULL`, and Rust's `u64`
    UnsignedLong,
}

impl Suffix {
    pub fn of(letters: &str) -> Option<Suffix> {
        match letters.to_ascii_lowercase().as_str() {
            "" => Some(Suffix::None),
            "u" => Some(Suffix::Unsigned),
            "l" | "ll" => Some(Suffix::Long),
            "ul" | "ull" | "lu" | "llu" | "u64" => Some(Suffix::UnsignedLong),
            _ => None,
        }
    }

    /// As C writes it after the digits.
    pub const fn spelling(self) -> &'static str {
        match self {
            Suffix::None => "",
            Suffix::Unsigned => "U",
            Suffix::Long => "LL",
            Suffix::UnsignedLong => "ULL",
        }
    }
}

/// How an operation computes: on the lab's 64-bit words, or as C does on values of a type
/// (for a comparison, the type both operands were converted to).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Arith {
    #[default]
    Lab,
    C(CType),
}

impl Arith {
    /// The type a step says it computes in: none for the lab's words and C's unsigned 64-bit
    /// ones, whose arithmetic is the same.
    pub const fn int_type(self) -> Option<sliders::trace::IntType> {
        match self {
            Arith::C(ty) if ty.bits() != 64 || ty.signed() => {
                Some(sliders::trace::IntType { bits: ty.bits() as u8, signed: ty.signed() })
            }
            Arith::C(_) | Arith::Lab => None,
        }
    }

    /// The type it computes in: the word, for the lab's.
    pub const fn ty(self) -> CType {
        match self {
            Arith::Lab => CType::WORD,
            Arith::C(ty) => ty,
        }
    }
}

/// Whether converting a value of `from` to `to` leaves its word as it is: every value of
/// `from` is one of `to`, or `to` is an unsigned 64-bit type, whose conversion of a kept word
/// is the word itself.
pub const fn converts_unchanged(from: CType, to: CType) -> bool {
    let same = from.bits() == to.bits() && from.signed() == to.signed();
    let word = to.bits() == 64 && !to.signed();
    let wider = match (from.signed(), to.signed()) {
        (false, false) => from.bits() <= to.bits(),
        (true, true) => from.bits() <= to.bits(),
        (false, true) => from.bits() < to.bits(),
        (true, false) => false,
    };
    (same || word || wider) && !matches!(to, CType::Bool) || matches!((from, to), (CType::Bool, CType::Bool))
}

#[cfg(test)]
mod tests {
    use super::{CType, Suffix};

    #[test]
    fn literals_take_the_standards_types() {
        let of = CType::of_literal;
        assert_eq!(of(1, true, Suffix::None), CType::Int);
        assert_eq!(of(0x8000_0000, false, Suffix::None), CType::Unsigned);
        assert_eq!(of(2_147_483_648, true, Suffix::None), CType::Long);
        assert_eq!(of(u64::MAX, false, Suffix::None), CType::UnsignedLong);
        assert_eq!(of(1, true, Suffix::Unsigned), CType::Unsigned);
        assert_eq!(of(1 << 32, true, Suffix::Unsigned), CType::UnsignedLong);
        assert_eq!(of(1 << 63, false, Suffix::Long), CType::UnsignedLong);
        assert_eq!(of(1 << 63, true, Suffix::None), CType::UnsignedLong);
    }

    #[test]
    fn usual_conversions_follow_rank_then_signedness() {
        assert_eq!(CType::common(CType::UnsignedChar, CType::Short), CType::Int);
        assert_eq!(CType::common(CType::Int, CType::Unsigned), CType::Unsigned);
        assert_eq!(CType::common(CType::Long, CType::Unsigned), CType::Long);
        assert_eq!(CType::common(CType::Long, CType::UnsignedLong), CType::UnsignedLong);
        assert_eq!(CType::common(CType::Bool, CType::Bool), CType::Int);
        assert_eq!(CType::Int.convert(0x1_8000_0000), (-0x8000_0000i64) as u64);
        assert_eq!(CType::UnsignedShort.convert(u64::MAX), 0xffff);
    }
}
