//! The names a formula may use besides its own and its functions' ([`crate::functions`]): the
//! board's, the squares' and the directions'; and the suggestion for a name that is none of them.

use alloc::format;
use alloc::string::String;

use super::functions;
use sliders::Direction;

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
    let candidates = functions::every_name().map(|(n, f)| (n, String::from(f.signature())));
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
        .chain(functions::every_name().map(|(n, f)| (n, String::from(f.signature()))))
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
