//! Directions, lines and sliders, and the mask tables every technique reads.
//! All tables are built by const fn, so they sit in the binary's data and cost no start-up.

use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Square};

/// The compass rose of the Classical Approach article. The discriminant indexes the ray tables;
/// the four positive directions (bit index grows along the ray) come first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Direction {
    North,
    East,
    NorthEast,
    NorthWest,
    South,
    West,
    SouthWest,
    SouthEast,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::South,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// (file step, rank step) of one move along the ray.
    #[inline(always)]
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, -1),
            Direction::SouthEast => (1, -1),
        }
    }

    /// Change of bit index per step: +8 north, +1 east, +9 north-east, +7 north-west, …
    #[inline(always)]
    pub const fn delta(self) -> i32 {
        let (file, rank) = self.step();
        rank * 8 + file
    }

    /// Positive rays run towards higher bit indices, so their first blocker is the LS1B.
    #[inline(always)]
    pub const fn is_positive(self) -> bool {
        self.delta() > 0
    }

    /// The direction in plain words: north, north-east, …
    pub const fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::East => "east",
            Direction::NorthEast => "north-east",
            Direction::NorthWest => "north-west",
            Direction::South => "south",
            Direction::West => "west",
            Direction::SouthWest => "south-west",
            Direction::SouthEast => "south-east",
        }
    }
}

/// The four lines through a square; each is a positive ray plus the opposite negative ray.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Line {
    File,
    Rank,
    Diagonal,
    AntiDiagonal,
}

impl Line {
    pub const ALL: [Line; 4] = [Line::File, Line::Rank, Line::Diagonal, Line::AntiDiagonal];

    #[inline(always)]
    pub const fn positive(self) -> Direction {
        match self {
            Line::File => Direction::North,
            Line::Rank => Direction::East,
            Line::Diagonal => Direction::NorthEast,
            Line::AntiDiagonal => Direction::NorthWest,
        }
    }

    #[inline(always)]
    pub const fn negative(self) -> Direction {
        match self {
            Line::File => Direction::South,
            Line::Rank => Direction::West,
            Line::Diagonal => Direction::SouthWest,
            Line::AntiDiagonal => Direction::SouthEast,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Line::File => "file",
            Line::Rank => "rank",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// A sliding piece. The queen moves along all four lines, so queen = rook | bishop.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Slider {
    Rook,
    Bishop,
    Queen,
}

impl Slider {
    pub const ALL: [Slider; 3] = [Slider::Rook, Slider::Bishop, Slider::Queen];

    pub const fn lines(self) -> &'static [Line] {
        match self {
            Slider::Rook => &[Line::File, Line::Rank],
            Slider::Bishop => &[Line::Diagonal, Line::AntiDiagonal],
            Slider::Queen => &Line::ALL,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
            Slider::Queen => "queen",
        }
    }
}

impl fmt::Display for Slider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSliderError;

impl fmt::Display for ParseSliderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a slider is rook, bishop or queen")
    }
}

impl FromStr for Slider {
    type Err = ParseSliderError;
    fn from_str(text: &str) -> Result<Slider, ParseSliderError> {
        Slider::ALL.into_iter().find(|slider| slider.name().eq_ignore_ascii_case(text)).ok_or(ParseSliderError)
    }
}

/// The squares a slider on `square` reaches in `direction` on an empty board.
pub const fn ray(square: Square, direction: Direction) -> Bitboard {
    let (file_step, rank_step) = direction.step();
    let mut bits = 0u64;
    let mut distance = 1;
    while let Some(target) = square.offset(file_step * distance, rank_step * distance) {
        bits |= 1 << target as u32;
        distance += 1;
    }
    Bitboard(bits)
}

const fn ray_table() -> [[Bitboard; 64]; 8] {
    let mut table = [[Bitboard::EMPTY; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            table[d][s] = ray(Square::ALL[s], Direction::ALL[d]);
            s += 1;
        }
        d += 1;
    }
    table
}

table! {
    /// `RAYS[direction][square]`: the rayAttacks table of the Classical Approach (4 KiB).
    pub static RAYS: [[Bitboard; 64]; 8] = ray_table();
}

/// The ray from `square` in `direction` on the empty board.
#[inline(always)]
pub fn ray_attacks(direction: Direction, square: Square) -> Bitboard {
    RAYS[direction as usize][square as usize]
}

/// The squares of `line` through `square`, excluding `square` itself (lineEx in the articles).
pub const fn line_without(square: Square, line: Line) -> Bitboard {
    Bitboard(ray(square, line.positive()).0 | ray(square, line.negative()).0)
}

table! {
    /// `LINE_EX[line][square]`: [`line_without`] as a table (2 KiB), for the techniques that read it.
    pub static LINE_EX: [[Bitboard; 64]; 4] = {
        let mut table = [[Bitboard::EMPTY; 64]; 4];
        let mut l = 0;
        while l < 4 {
            let mut s = 0;
            while s < 64 {
                table[l][s] = line_without(Square::ALL[s], Line::ALL[l]);
                s += 1;
            }
            l += 1;
        }
        table
    };
}

/// Tables read with the square, line or direction itself: `LINE_EX[line][square]`, as the
/// articles write `lineEx[sq]`.
impl<T> core::ops::Index<Square> for [T; 64] {
    type Output = T;
    #[inline(always)]
    fn index(&self, square: Square) -> &T {
        &self[square as usize]
    }
}

impl<T> core::ops::Index<Line> for [T; 4] {
    type Output = T;
    #[inline(always)]
    fn index(&self, line: Line) -> &T {
        &self[line as usize]
    }
}

impl<T> core::ops::Index<Direction> for [T; 8] {
    type Output = T;
    #[inline(always)]
    fn index(&self, direction: Direction) -> &T {
        &self[direction as usize]
    }
}

/// Both end squares of `line` through `square` (one of them may be `square`).
pub const fn line_ends(square: Square, line: Line) -> Bitboard {
    let whole = line_without(square, line).0 | 1 << square as u32;
    // The lowest and highest member are the ends; a line of one square has one end.
    let low = whole & whole.wrapping_neg();
    let high = 1u64 << (63 - whole.leading_zeros());
    Bitboard(low | high)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard;

    #[test]
    fn directions_match_the_compass_rose() {
        let deltas: [i32; 8] = [8, 1, 9, 7, -8, -1, -9, -7];
        for (direction, delta) in Direction::ALL.into_iter().zip(deltas) {
            assert_eq!(direction.delta(), delta, "{direction:?}");
            assert_eq!(direction.is_positive(), delta > 0);
        }
    }

    #[test]
    fn rays_of_the_article_diagrams() {
        // The Classical Approach article draws east, north, north-east and north-west of d4.
        assert_eq!(ray_attacks(Direction::East, Square::D4), Bitboard(0xf0 << 24));
        assert_eq!(
            ray_attacks(Direction::NorthWest, Square::D4),
            bitboard!(
                ". . . . . . . ."
                "1 . . . . . . ."
                ". 1 . . . . . ."
                ". . 1 . . . . ."
                ". . . . . . . ."
                ". . . . . . . ."
                ". . . . . . . ."
                ". . . . . . . ."
            )
        );
        assert_eq!(ray_attacks(Direction::SouthWest, Square::D4), Bitboard(0x0004_0201));
        assert_eq!(ray_attacks(Direction::North, Square::H8), Bitboard::EMPTY);
    }

    #[test]
    fn a_ray_is_its_first_square_plus_that_squares_ray() {
        for direction in Direction::ALL {
            let (file_step, rank_step) = direction.step();
            for square in Square::ALL {
                let expected = match square.offset(file_step, rank_step) {
                    Some(next) => next.bit() | ray_attacks(direction, next),
                    None => Bitboard::EMPTY,
                };
                assert_eq!(ray_attacks(direction, square), expected);
            }
        }
    }

    #[test]
    fn line_ends_are_the_extremes() {
        assert_eq!(line_ends(Square::D4, Line::Rank), Square::A4.bit() | Square::H4.bit());
        assert_eq!(line_ends(Square::A1, Line::AntiDiagonal), Square::A1.bit());
        assert_eq!(line_ends(Square::C1, Line::Diagonal), Square::C1.bit() | Square::H6.bit());
    }

    #[test]
    fn sliders_parse_by_name() {
        assert_eq!("Queen".parse(), Ok(Slider::Queen));
        assert_eq!("king".parse::<Slider>(), Err(ParseSliderError));
    }
}
