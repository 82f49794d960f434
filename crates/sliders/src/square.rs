//! Squares in little-endian rank-file mapping: a1 = 0, b1 = 1, …, h8 = 63.

use core::fmt;
use core::str::FromStr;

/// One of the 64 squares. The discriminant is the bit index in a [`crate::Bitboard`].
#[rustfmt::skip]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [A1, B1, C1, D1, E1, F1, G1, H1,
         A2, B2, C2, D2, E2, F2, G2, H2,
         A3, B3, C3, D3, E3, F3, G3, H3,
         A4, B4, C4, D4, E4, F4, G4, H4,
         A5, B5, C5, D5, E5, F5, G5, H5,
         A6, B6, C6, D6, E6, F6, G6, H6,
         A7, B7, C7, D7, E7, F7, G7, H7,
         A8, B8, C8, D8, E8, F8, G8, H8]
    };

    /// The square with bit index `index & 63` (masking keeps this total and branch-free).
    #[inline(always)]
    pub const fn from_index(index: u32) -> Square {
        // Reading Square::ALL would be a memory load per bit scan, which the optimiser does not
        // see through; the masked value is always a valid discriminant, so convert it directly.
        let index = (index & 63) as u8;
        // SAFETY: Square is repr(u8) with the 64 discriminants 0..=63, and index is below 64.
        unsafe { core::mem::transmute::<u8, Square>(index) }
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub const fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square::from_index((rank * 8 + file) as u32))
        } else {
            None
        }
    }

    #[inline(always)]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// 0 for the a-file, 7 for the h-file.
    #[inline(always)]
    pub const fn file(self) -> i32 {
        (self as i32) & 7
    }

    /// 0 for rank 1, 7 for rank 8.
    #[inline(always)]
    pub const fn rank(self) -> i32 {
        (self as i32) >> 3
    }

    /// The one-bit set of this square.
    #[inline(always)]
    pub const fn bit(self) -> crate::Bitboard {
        crate::Bitboard(1 << self as u32)
    }

    /// The square `steps` squares away in direction (`file_step`, `rank_step`), if on the board.
    pub const fn offset(self, file_step: i32, rank_step: i32) -> Option<Square> {
        Square::from_coords(self.file() + file_step, self.rank() + rank_step)
    }

    /// Lowercase algebraic name, as used in the page's `data-square` hooks.
    pub const fn name(self) -> &'static str {
        const NAMES: [&str; 64] = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "a3", "b3",
            "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "a5", "b5", "c5", "d5",
            "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7",
            "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
        ];
        NAMES[self as usize]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a square name was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is a file a-h followed by a rank 1-8, like d4")
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Accepts "d4" and "D4"; rejects anything else, including surrounding spaces.
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        match text.as_bytes() {
            [file @ (b'a'..=b'h' | b'A'..=b'H'), rank @ b'1'..=b'8'] => {
                let file = (file.to_ascii_lowercase() - b'a') as i32;
                let rank = (rank - b'1') as i32;
                Square::from_coords(file, rank).ok_or(ParseSquareError)
            }
            _ => Err(ParseSquareError),
        }
    }
}

/// Reads a comma-separated list of squares, like `d4,f6`, into a set. A square named twice is
/// an error, as it is surely a typo.
pub fn parse_squares(text: &str) -> Result<crate::Bitboard, ParseSquaresError> {
    let mut set = crate::Bitboard::EMPTY;
    for name in text.split(',') {
        let square: Square = name.trim().parse().map_err(|_| ParseSquaresError::NotASquare(clip(name.trim())))?;
        if set.contains(square) {
            return Err(ParseSquaresError::Twice(square));
        }
        set = set.with(square);
    }
    Ok(set)
}

/// At most 12 characters of what was typed, so a message stays short.
fn clip(text: &str) -> alloc::string::String {
    let mut clipped: alloc::string::String = text.chars().take(12).collect();
    if text.chars().count() > 12 {
        clipped.push('…');
    }
    clipped
}

/// Why a list of squares was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSquaresError {
    NotASquare(alloc::string::String),
    Twice(Square),
}

impl fmt::Display for ParseSquaresError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSquaresError::NotASquare(name) if name.is_empty() => {
                f.write_str("a square is missing: write squares like d4, or several like d4,f6")
            }
            ParseSquaresError::NotASquare(name) => {
                write!(f, "\"{name}\" is not a square: {ParseSquareError}, or several like d4,f6")
            }
            ParseSquaresError::Twice(square) => write!(f, "{square} is named twice"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use alloc::string::ToString;

    #[test]
    fn square_lists_read_into_sets() {
        assert_eq!(parse_squares("d4"), Ok(Square::D4.bit()));
        assert_eq!(parse_squares("d4,f6"), Ok(Square::D4.bit() | Square::F6.bit()));
        assert_eq!(parse_squares("d4, f6"), Ok(Square::D4.bit() | Square::F6.bit()));
        assert_eq!(parse_squares("d4,d4"), Err(ParseSquaresError::Twice(Square::D4)));
        assert!(parse_squares("d4,,f6").unwrap_err().to_string().contains("missing"));
        assert!(parse_squares("z9").unwrap_err().to_string().contains("\"z9\" is not a square"));
    }

    #[test]
    fn lerf_indices() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H1.index(), 7);
        assert_eq!(Square::A8.index(), 56);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::D2.index(), 11);
        for (index, square) in Square::ALL.iter().enumerate() {
            assert_eq!(square.index() as usize, index);
            assert_eq!(Square::from_index(index as u32), *square);
        }
    }

    #[test]
    fn names_round_trip() {
        for square in Square::ALL {
            assert_eq!(square.name().parse::<Square>(), Ok(square));
        }
        assert_eq!("G2".parse::<Square>(), Ok(Square::G2));
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "i9", "z9", "a0", "a9", "d", "d44", " d4", "44"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad:?}");
        }
    }

    #[test]
    fn offsets_stay_on_the_board() {
        assert_eq!(Square::H1.offset(1, 0), None);
        assert_eq!(Square::A1.offset(1, 1), Some(Square::B2));
        assert_eq!(Square::G2.offset(-1, 1), Some(Square::F3));
    }
}
