//! A set of squares packed into one 64-bit word, bit n standing for square n (LERF).

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use core::str::FromStr;

use crate::Square;

/// A set of squares. `Debug` draws the 8x8 grid with rank 8 on top, as the articles do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);

    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square as u32) != 0
    }

    #[inline(always)]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square as u32)
    }

    #[inline(always)]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square as u32))
    }

    #[inline(always)]
    pub const fn toggled(self, square: Square) -> Bitboard {
        Bitboard(self.0 ^ 1 << square as u32)
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Parallel bit extract: the bits of `self` under `mask`, lowest first, packed into the low
    /// bits. x86-64's BMI2 does it in one instruction (`pext`), used when the build targets
    /// it; WebAssembly has none, so elsewhere it is a loop over the mask's one bits.
    #[inline(always)]
    pub fn pext(self, mask: Bitboard) -> Bitboard {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        {
            // SAFETY: the build targets BMI2, so every CPU it runs on has pext.
            Bitboard(unsafe { core::arch::x86_64::_pext_u64(self.0, mask.0) })
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
        {
            Bitboard(pext_loop(self.0, mask.0))
        }
    }

    /// The board mirrored top to bottom: the bytes in reverse order, so rank 1 trades places
    /// with rank 8, rank 2 with rank 7, and a square keeps its file. x86-64 and ARM have one
    /// instruction for it (`bswap`, `rev`). WebAssembly has no byte swap on a 64-bit number,
    /// but its SIMD can reorder bytes: see [`swap_bytes`].
    #[inline(always)]
    pub fn swap_bytes(self) -> Bitboard {
        Bitboard(swap_bytes(self.0))
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The squares of the set in ascending bit order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut rest = self.0;
        core::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let square = Square::from_index(rest.trailing_zeros());
            rest &= rest - 1;
            Some(square)
        })
    }

    /// Parses an article-style diagram: rank 8 first, `1`/`x` for a member, `.`/`0` for
    /// a non-member, anything else (spaces, newlines, a slider letter counts as empty) skipped
    /// except that exactly 64 cells must be found. Panics in const context when malformed,
    /// which turns a bad literal into a compile error.
    pub const fn from_diagram(diagram: &str) -> Bitboard {
        let bytes = diagram.as_bytes();
        let mut bits = 0u64;
        let mut cell = 0u32;
        let mut i = 0;
        while i < bytes.len() {
            let member = match bytes[i] {
                b'1' | b'x' | b'X' => Some(true),
                b'.' | b'0' | b'R' | b'B' | b'Q' | b'r' | b'b' | b'q' => Some(false),
                _ => None,
            };
            if let Some(member) = member {
                assert!(cell < 64, "a diagram has exactly 64 cells");
                // Cell 0 is a8: the diagram reads rank 8 first, files a to h.
                let rank = 7 - cell / 8;
                let file = cell % 8;
                if member {
                    bits |= 1 << (rank * 8 + file);
                }
                cell += 1;
            }
            i += 1;
        }
        assert!(cell == 64, "a diagram has exactly 64 cells");
        Bitboard(bits)
    }
}

/// Builds a [`Bitboard`] from eight rows of an article-style diagram, rank 8 first.
///
/// ```
/// use sliders::{bitboard, Bitboard, Square};
/// let north_of_d4 = bitboard!(
///     ". . . 1 . . . ."
///     ". . . 1 . . . ."
///     ". . . 1 . . . ."
///     ". . . 1 . . . ."
///     ". . . R . . . ."
///     ". . . . . . . ."
///     ". . . . . . . ."
///     ". . . . . . . ."
/// );
/// assert!(north_of_d4.contains(Square::D8));
/// assert_eq!(north_of_d4.count(), 4);
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($row:literal)*) => {{
        const BOARD: $crate::Bitboard = $crate::Bitboard::from_diagram(concat!($($row, "\n"),*));
        BOARD
    }};
}

macro_rules! forward_binary_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

forward_binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
forward_binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
forward_binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        square.bit()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl Bitboard {
    /// The set as an 8x8 grid of `.` and `1`, rank 8 on top, one line per rank. Debug draws the
    /// same, but text that readers see calls this: the page's release build compiles every
    /// `{:?}` to nothing (`-Zfmt-debug=none`, see xtask's `SIZE_BUILD`).
    pub fn diagram(self) -> alloc::string::String {
        let mut drawn = alloc::string::String::with_capacity(128);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let bit = self.0 >> (rank * 8 + file) & 1;
                drawn.push(if bit == 1 { '1' } else { '.' });
                drawn.push(if file < 7 { ' ' } else { '\n' });
            }
        }
        drawn
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as [`Bitboard::diagram`] does (`{:#?}` adds the hex).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            writeln!(f, "{self}")?;
        }
        f.write_str(&self.diagram())
    }
}

impl fmt::Display for Bitboard {
    /// `0x` and 16 lowercase hex digits: the form the page's `data-value` hooks use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#018x}", self.0)
    }
}

impl fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

impl fmt::Binary for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.0, f)
    }
}

/// Why a bitboard value was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseBitboardError {
    Empty,
    TooManyDigits { radix: u32, limit: usize, found: usize },
    BadDigit { radix: u32, digit: char },
    TooLarge,
}

impl fmt::Display for ParseBitboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = |radix: &u32| match radix {
            2 => "binary",
            16 => "hex",
            _ => "decimal",
        };
        match self {
            ParseBitboardError::Empty => f.write_str("the value is empty"),
            ParseBitboardError::TooManyDigits { radix, limit, found } => {
                write!(f, "{found} {} digits is too many for 64 bits (at most {limit})", base(radix))
            }
            ParseBitboardError::BadDigit { radix, digit } => {
                write!(f, "'{digit}' is not a {} digit", base(radix))
            }
            ParseBitboardError::TooLarge => f.write_str("the value does not fit in 64 bits"),
        }
    }
}

impl FromStr for Bitboard {
    type Err = ParseBitboardError;

    /// Accepts `0x…` hex (at most 16 digits), `0b…` binary (at most 64 digits) or plain
    /// decimal, with optional `_` separators and surrounding white space; and the way engines'
    /// sources write a constant: `C64(…)` or `U64(…)` around it, a `ULL`, `UL`, `LL`, `U` or
    /// `u64` suffix, and bare hex digits with a letter among them (`ff00`).
    fn from_str(text: &str) -> Result<Bitboard, ParseBitboardError> {
        let mut text = text.trim();
        for macro_name in ["C64(", "U64(", "c64(", "u64("] {
            if let Some(inner) = text.strip_prefix(macro_name).and_then(|rest| rest.strip_suffix(')')) {
                text = inner.trim();
            }
        }
        // A C or Rust suffix; hex digits hold neither u nor l, so it never eats a digit.
        for suffix in ["_u64", "u64", "ULL", "ull", "UL", "ul", "LL", "ll", "U", "u"] {
            if let Some(number) = text.strip_suffix(suffix) {
                text = number;
                break;
            }
        }
        let bare_hex =
            text.chars().all(|c| c.is_ascii_hexdigit() || c == '_') && text.chars().any(|c| c.is_ascii_alphabetic());
        let (radix, digits, limit) = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            (16, hex, 16)
        } else if let Some(bin) = text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
            (2, bin, 64)
        } else if bare_hex {
            (16, text, 16)
        } else {
            (10, text, 20)
        };
        let mut found = 0;
        for digit in digits.chars().filter(|&c| c != '_') {
            if !digit.is_digit(radix) {
                return Err(ParseBitboardError::BadDigit { radix, digit });
            }
            found += 1;
        }
        if found == 0 {
            return Err(ParseBitboardError::Empty);
        }
        if found > limit {
            return Err(ParseBitboardError::TooManyDigits { radix, limit, found });
        }
        // Only decimal can still overflow: 20 digits reach past u64::MAX.
        let value = digits
            .chars()
            .filter_map(|c| c.to_digit(radix))
            .try_fold(0u64, |value, d| value.checked_mul(radix as u64)?.checked_add(d as u64))
            .ok_or(ParseBitboardError::TooLarge)?;
        Ok(Bitboard(value))
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[test]
    fn constants_read_as_engines_write_them() {
        let d2 = Bitboard(0x4ced_2200_0146_f848);
        for text in [
            "0x4ced22000146f848ULL",
            "0x4ced22000146f848ull",
            "C64(0x4ced22000146f848)",
            "U64(0x4ced22000146f848)",
            "0x4ced_2200_0146_f848_u64",
            "0x4ced22000146f848u64",
            "4ced22000146f848",
            " 0x4CED22000146F848UL ",
        ] {
            assert_eq!(text.parse::<Bitboard>(), Ok(d2), "{text}");
        }
        assert_eq!("ff00".parse::<Bitboard>(), Ok(Bitboard(0xff00)));
        assert_eq!("1234".parse::<Bitboard>(), Ok(Bitboard(1234)), "digits alone stay decimal");
        assert_eq!("1234ULL".parse::<Bitboard>(), Ok(Bitboard(1234)));
        assert!("C64(0xzz)".parse::<Bitboard>().is_err());
        assert!("0x4ced22000146f848ULLL".parse::<Bitboard>().is_err());
    }
    use std::format;
    use std::string::ToString;

    #[test]
    fn debug_draws_rank_8_first() {
        let drawn = format!("{:?}", Square::A8.bit() | Square::H1.bit());
        let rows: std::vec::Vec<&str> = drawn.lines().collect();
        assert_eq!(rows[0], "1 . . . . . . .");
        assert_eq!(rows[7], ". . . . . . . 1");
    }

    #[test]
    fn diagram_round_trips_through_debug() {
        let board = Bitboard(0x0123_4567_89ab_cdef);
        assert_eq!(Bitboard::from_diagram(&format!("{board:?}")), board);
    }

    #[test]
    fn display_is_padded_lowercase_hex() {
        assert_eq!(Bitboard(0xAB).to_string(), "0x00000000000000ab");
        assert_eq!(Bitboard::FULL.to_string(), "0xffffffffffffffff");
    }

    #[test]
    fn parses_hex_binary_and_decimal() {
        assert_eq!("0x43".parse(), Ok(Bitboard(0x43)));
        assert_eq!(" 0xFFFF_0000_0000_FFFF ".parse(), Ok(Bitboard(0xffff_0000_0000_ffff)));
        assert_eq!("0b0100_0011".parse(), Ok(Bitboard(0x43)));
        assert_eq!("67".parse(), Ok(Bitboard(67)));
        assert_eq!("18446744073709551615".parse(), Ok(Bitboard::FULL));
    }

    #[test]
    fn rejects_bad_values_with_a_reason() {
        assert_eq!(
            "0x1ffffffffffffffff".parse::<Bitboard>(),
            Err(ParseBitboardError::TooManyDigits { radix: 16, limit: 16, found: 17 })
        );
        assert_eq!("0x12g4".parse::<Bitboard>(), Err(ParseBitboardError::BadDigit { radix: 16, digit: 'g' }));
        assert_eq!("".parse::<Bitboard>(), Err(ParseBitboardError::Empty));
        assert_eq!("0x".parse::<Bitboard>(), Err(ParseBitboardError::Empty));
        assert_eq!("18446744073709551616".parse::<Bitboard>(), Err(ParseBitboardError::TooLarge));
        assert!("0x00000000000000001".parse::<Bitboard>().is_err(), "17 digits, even with zeros");
        let message = "0x1ffffffffffffffff".parse::<Bitboard>().unwrap_err().to_string();
        assert!(message.contains("17 hex digits"), "{message}");
    }

    #[test]
    fn squares_iterate_in_bit_order() {
        let set: Bitboard = [Square::H8, Square::A1, Square::D4].into_iter().collect();
        let back: std::vec::Vec<Square> = set.squares().collect();
        assert_eq!(back, [Square::A1, Square::D4, Square::H8]);
    }
}

/// pext without the instruction: for each one bit of the mask, lowest first, the next bit of
/// the result takes `x`'s bit there. Branch-free, so its time does not depend on the pieces.
#[inline(always)]
pub const fn pext_loop(x: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    let mut out = 1u64;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        // All ones when x has this bit, else zero.
        result |= out & ((x & lowest != 0) as u64).wrapping_neg();
        out <<= 1;
        mask ^= lowest;
    }
    result
}

/// The inverse of pext: the low bits of `x`, lowest first, placed on the one bits of `mask`.
pub const fn pdep_loop(mut x: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if x & 1 != 0 {
            result |= lowest;
        }
        x >>= 1;
        mask ^= lowest;
    }
    result
}

/// The bytes of `word` in reverse order.
///
/// In WebAssembly, `u64::swap_bytes` compiles to shifts, masks and ORs, since the instruction
/// set has no byte swap. Its SIMD can reorder bytes: the word goes into both 64-bit lanes of a
/// 128-bit value (`i64x2.splat`), one `i8x16.swizzle` reads its eight bytes back in reverse
/// order, and lane 0 comes out (`i64x2.extract_lane`). V8 compiles the swizzle to one `pshufb`
/// (why a swizzle and not a shuffle: `lanes::simd::bytes_reversed`). SIMD is enabled for this
/// function alone: enabled for the whole crate, LLVM vectorised across the other techniques'
/// lookups and made them slower.
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
#[inline]
pub fn swap_bytes(word: u64) -> u64 {
    use core::arch::wasm32::{i8x16_swizzle, u64x2_extract_lane, u64x2_splat};
    let reversed = i8x16_swizzle(u64x2_splat(word), crate::lanes::simd::bytes_reversed());
    u64x2_extract_lane::<0>(reversed)
}

/// The bytes of `word` in reverse order: one `bswap` instruction on x86-64, `rev` on ARM.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub const fn swap_bytes(word: u64) -> u64 {
    word.swap_bytes()
}
