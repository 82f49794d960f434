//! The names a formula may use besides its own: the board's, the squares', the functions', and
//! the directions'; and the suggestion for a name that is none of them.

use alloc::format;
use alloc::string::String;

use sliders::{Direction, Line};

/// What a board name stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardName {
    Occupied,
    Sliders,
    Square,
}

pub const BOARD_NAMES: [(&str, BoardName); 6] = [
    ("o", BoardName::Occupied),
    ("occ", BoardName::Occupied),
    ("occupied", BoardName::Occupied),
    ("r", BoardName::Sliders),
    ("slider", BoardName::Sliders),
    ("sq", BoardName::Square),
];

pub fn board_name(name: &str) -> Option<BoardName> {
    BOARD_NAMES.iter().find(|(n, _)| *n == name).map(|&(_, b)| b)
}

/// `a1` … `h8`: the square's index.
pub fn square(name: &str) -> Option<u64> {
    match name.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(((rank - b'1') * 8 + (file - b'a')) as u64),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Builtin {
    Clz,
    Ctz,
    Bsf,
    Bsr,
    Popcount,
    Bswap,
    Rotl,
    Rotr,
    Ls1b,
    Ms1b,
    Pext,
    Pdep,
    Bit,
    Line(Line),
    Ray,
    /// C's `C64(x)`: the value itself.
    Identity,
}

impl Builtin {
    pub const fn arity(self) -> usize {
        match self {
            Builtin::Rotl | Builtin::Rotr | Builtin::Pext | Builtin::Pdep | Builtin::Ray => 2,
            _ => 1,
        }
    }

    /// How the function is called, for messages: `rotl(x, n)`.
    pub const fn signature(self) -> &'static str {
        match self {
            Builtin::Clz => "clz(x)",
            Builtin::Ctz => "ctz(x)",
            Builtin::Bsf => "bsf(x)",
            Builtin::Bsr => "bsr(x)",
            Builtin::Popcount => "popcount(x)",
            Builtin::Bswap => "bswap(x)",
            Builtin::Rotl => "rotl(x, n)",
            Builtin::Rotr => "rotr(x, n)",
            Builtin::Ls1b => "ls1b(x)",
            Builtin::Ms1b => "ms1b(x)",
            Builtin::Pext => "pext(x, mask)",
            Builtin::Pdep => "pdep(x, mask)",
            Builtin::Bit => "bit(s)",
            Builtin::Line(Line::Rank) => "rank(s)",
            Builtin::Line(Line::File) => "file(s)",
            Builtin::Line(Line::Diagonal) => "diagonal(s)",
            Builtin::Line(Line::AntiDiagonal) => "antidiagonal(s)",
            Builtin::Ray => "ray(s, north)",
            Builtin::Identity => "C64(x)",
        }
    }
}

/// Every function's names, its own first, then the spellings of C, compilers and Rust.
pub const FUNCTIONS: [(&str, Builtin); 32] = [
    ("clz", Builtin::Clz),
    ("lzcnt", Builtin::Clz),
    ("__builtin_clzll", Builtin::Clz),
    ("ctz", Builtin::Ctz),
    ("tzcnt", Builtin::Ctz),
    ("__builtin_ctzll", Builtin::Ctz),
    ("bsf", Builtin::Bsf),
    ("bsr", Builtin::Bsr),
    ("popcount", Builtin::Popcount),
    ("popcnt", Builtin::Popcount),
    ("__builtin_popcountll", Builtin::Popcount),
    ("bswap", Builtin::Bswap),
    ("__builtin_bswap64", Builtin::Bswap),
    ("swap_bytes", Builtin::Bswap),
    ("rotl", Builtin::Rotl),
    ("rotr", Builtin::Rotr),
    ("ls1b", Builtin::Ls1b),
    ("ms1b", Builtin::Ms1b),
    ("pext", Builtin::Pext),
    ("_pext_u64", Builtin::Pext),
    ("pdep", Builtin::Pdep),
    ("_pdep_u64", Builtin::Pdep),
    ("bit", Builtin::Bit),
    ("rank", Builtin::Line(Line::Rank)),
    ("file", Builtin::Line(Line::File)),
    ("diagonal", Builtin::Line(Line::Diagonal)),
    ("antidiagonal", Builtin::Line(Line::AntiDiagonal)),
    ("ray", Builtin::Ray),
    ("C64", Builtin::Identity),
    ("U64", Builtin::Identity),
    ("u64", Builtin::Identity),
    ("uint64_t", Builtin::Identity),
];

pub fn function(name: &str) -> Option<Builtin> {
    FUNCTIONS.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
}

pub const DIRECTIONS: [(&str, Direction); 8] = [
    ("north", Direction::North),
    ("east", Direction::East),
    ("northeast", Direction::NorthEast),
    ("northwest", Direction::NorthWest),
    ("south", Direction::South),
    ("west", Direction::West),
    ("southwest", Direction::SouthWest),
    ("southeast", Direction::SouthEast),
];

/// `north`, `northeast`, also written `north_east` or `NorthEast`.
pub fn direction(name: &str) -> Option<Direction> {
    let plain: String = name.chars().filter(|&c| c != '_').map(|c| c.to_ascii_lowercase()).collect();
    DIRECTIONS.iter().find(|(n, _)| *n == plain).map(|&(_, d)| d)
}

/// The function a reader who called `name` most likely meant: one of the language's, or of
/// `own`, the reader's functions defined above.
pub fn function_suggestion<'a>(name: &str, own: impl Iterator<Item = &'a str>) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    if let Some(meant) = named_for(&lower).filter(|meant| meant.contains('(')) {
        return Some(meant);
    }
    let candidates = FUNCTIONS.iter().map(|(n, f)| (*n, String::from(f.signature())));
    nearest(&lower, candidates.chain(own.map(|n| (n, format!("{n}(…)")))))
}

/// What a reader who typed `name` most likely meant, from the names the language knows and
/// `own`, the formula's names in scope.
pub fn suggestion<'a>(name: &str, own: impl Iterator<Item = &'a str>) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    if let Some(meant) = named_for(&lower) {
        return Some(meant);
    }
    let candidates = BOARD_NAMES
        .iter()
        .map(|(n, _)| (*n, String::from(*n)))
        .chain(FUNCTIONS.iter().map(|(n, f)| (*n, String::from(f.signature()))))
        .chain(DIRECTIONS.iter().map(|(n, _)| (*n, String::from(*n))));
    nearest(&lower, candidates.chain(own.map(|n| (n, String::from(n)))))
}

/// What a name (in lower case) that other code gives a thing stands for here, as a mask named
/// for what it covers or a common spelling of a board name or a scan.
fn named_for(lower: &str) -> Option<String> {
    // A mask named for what it covers: `filemask`, `rankMask`, `diag_mask`, `antidiag`.
    let masks = [
        ("anti", "antidiagonal(s)"),
        ("diag", "diagonal(s)"),
        ("file", "file(s)"),
        ("rank", "rank(s)"),
        ("ray", "ray(s, north)"),
    ];
    if let Some((_, call)) = masks.iter().find(|(word, _)| lower.contains(word)) {
        return Some(String::from(*call));
    }
    let known = [
        ("occupancy", "o"),
        ("occupied_squares", "o"),
        ("pieces", "o"),
        ("board", "o"),
        ("square", "sq"),
        ("s", "sq"),
        ("rook", "r"),
        ("bishop", "r"),
        ("queen", "r"),
        ("lsb", "ls1b(x)"),
        ("msb", "ms1b(x)"),
        ("bitscanforward", "bsf(x)"),
        ("bitscanreverse", "bsr(x)"),
        ("popcountll", "popcount(x)"),
        ("leading_zeros", "clz(x)"),
        ("trailing_zeros", "ctz(x)"),
        ("count_ones", "popcount(x)"),
    ];
    known.iter().find(|(typed, _)| *typed == lower).map(|(_, meant)| String::from(*meant))
}

/// The candidate nearest to `typed` (lower case), if it is a near miss: one edit away for a
/// short name, two for a longer one.
fn nearest<'a>(typed: &str, candidates: impl Iterator<Item = (&'a str, String)>) -> Option<String> {
    let mut best: Option<(usize, String)> = None;
    for (candidate, shown) in candidates {
        let distance = edit_distance(typed, &candidate.to_ascii_lowercase());
        let limit = if candidate.len() <= 3 { 1 } else { 2 };
        if distance <= limit && best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, shown));
        }
    }
    best.map(|(_, shown)| shown)
}

/// Levenshtein distance, for near-misses (`popcnt`, `clzz`); names are short.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: alloc::vec::Vec<char> = b.chars().collect();
    let mut previous: alloc::vec::Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = alloc::vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            current[j + 1] = (previous[j] + (ca != cb) as usize).min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}
