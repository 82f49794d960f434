//! The seed articles' tricks written as formulas, each proved on every board of every square by
//! the prover (`tests/prove.rs`), and the built-in techniques they stand for ("Open as a
//! formula").

use super::listings::CListing;
use super::Target;
use sliders::{Direction, Slider, Technique};

pub struct Example {
    /// The name in links (`formula-example=…` is not one: links carry the text) and in menus.
    pub id: &'static str,
    pub title: &'static str,
    pub target: Target,
    /// Where its text comes from.
    pub source: Source,
}

/// What an example's text is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// The built-in technique this formula writes out in the lab's short form, for "Open as a
    /// formula".
    Technique(Technique),
    /// An engine's getter in C ([`super::listings`]).
    C(CListing),
}

pub const EXAMPLES: [Example; 5] = [
    Example {
        id: "subtraction-file",
        title: "o^(o-2r) on a file",
        target: Target::Ray(Direction::North),
        source: Source::Technique(Technique::Subtraction),
    },
    Example {
        id: "obstruction-difference",
        title: "Obstruction difference",
        target: Target::Piece(Slider::Queen),
        source: Source::Technique(Technique::ObstructionDifference),
    },
    Example {
        id: "sbamg",
        title: "SBAMG, o^(o-3cbn)",
        target: Target::Piece(Slider::Rook),
        source: Source::Technique(Technique::Sbamg),
    },
    Example {
        id: "hyperbola-quintessence",
        title: "Hyperbola quintessence",
        target: Target::Piece(Slider::Bishop),
        source: Source::Technique(Technique::HyperbolaQuintessence),
    },
    Example {
        id: "classical-ray",
        title: "Classical approach, one ray",
        target: Target::Ray(Direction::North),
        source: Source::Technique(Technique::ClassicalConditional),
    },
];

impl Example {
    /// The formula's text. Only formula.wasm (and native code) calls this: the page asks the
    /// language for it, so the texts weigh nothing on the page's first load.
    pub fn text(&self) -> &'static str {
        let technique = match self.source {
            Source::Technique(technique) => technique,
            Source::C(listing) => return listing.text(),
        };
        match technique {
            Technique::Subtraction => SUBTRACTION_FILE,
            Technique::ObstructionDifference => OBSTRUCTION_DIFFERENCE,
            Technique::Sbamg => SBAMG,
            Technique::HyperbolaQuintessence => HYPERBOLA_QUINTESSENCE,
            Technique::ClassicalConditional => CLASSICAL_RAY,
            // No example stands for another technique (`of_technique` finds none for it).
            _ => "",
        }
    }
}

const SUBTRACTION_FILE: &str = "// o^(o-2r) on a file: the attacks north of the slider.

// The whole file through the slider.
m = file(sq)
// Keeps the pieces on the file, the potential blockers: every other bit is zero, so only they can stop the borrow.
potential_blockers = o & m
// 2 * r is the bit just above the slider's, or zero for a slider on h8, whose bit the doubling drops. Subtracting it clears the first piece at or above that bit and turns the zero bits below the piece, down to that bit, into ones; with no piece there, every bit from that bit up turns to one.
difference = potential_blockers - 2 * r
// The bits the borrow changed; on the file they are the squares north of the slider up to the first piece, or to the file's end.
changed = potential_blockers ^ difference
// The borrow also changed bits between the file's squares; the mask keeps the file's.
return changed & m
";

const OBSTRUCTION_DIFFERENCE: &str =
    "// Obstruction difference (Infuehr's version): a line's attacks from its two rays.
fn line_attacks(lower_ray, upper_ray) {
    // The pieces on the ray below the slider, and on the ray above it.
    lower = o & lower_ray
    upper = o & upper_ray
    // The nearest piece below as one bit: the top one bit of lower | 1, where bit 0 stands in for no piece.
    ms1b = 0x8000000000000000 >> clz(lower | 1)
    // The borrow runs from ms1b up through zero bits to the nearest piece above, or past bit 63 if there is none; XOR marks what changed.
    odiff = upper ^ (upper - ms1b)
    // Keeps the line's squares; the slider's own is not one of them.
    return (lower_ray | upper_ray) & odiff
}

// The rook's two lines, then the bishop's: each from its ray below the slider and its ray above.
rook = line_attacks(ray(sq, south), ray(sq, north)) | line_attacks(ray(sq, west), ray(sq, east))
bishop = line_attacks(ray(sq, southwest), ray(sq, northeast)) | line_attacks(ray(sq, southeast), ray(sq, northwest))
return rook | bishop
";

const SBAMG: &str = "// SBAMG: o ^ (o - 3cbn), where cbn is the closest blocker below the slider.
fn line_attacks(line) {
    // The line without the slider's own square, and its part below the slider.
    line_ex = line ^ r
    below = line_ex & (r - 1)
    // The pieces on the line, plus stops: the line's lowest square below the slider (when it has one) and a1, so the scan always finds a bit: one below the slider, or a1 itself for a slider on a1.
    pieces = (o & line_ex) | ls1b(below) | 1
    // The square of the highest of those bits below the slider (a1's own for a slider on a1): the closest blocker below it, or a stop. That bit is the article's cbn; bsr gives its index.
    bsq = bsr(pieces & ((r - 1) | 1))
    // 3 << bsq is the article's 3cbn, cbn and 2cbn, the bit above it: one copy clears cbn's own bit; the other two (2cbn) clear the first one bit at or above 2cbn, the first blocker above, and turn the zero bits below it into ones (with no blocker, every bit from 2cbn up).
    return (pieces ^ (pieces - (3 << bsq))) & line_ex
}

return line_attacks(file(sq)) | line_attacks(rank(sq))
";

const HYPERBOLA_QUINTESSENCE: &str =
    "// Hyperbola quintessence: o - r up the board, and again up the byte-swapped board for the way down.
fn line_attacks(line_ex) {
    // The pieces on the line; the slider's own bit is zero, so its borrow starts at the slider.
    forward = o & line_ex
    // Swapping the bytes mirrors the ranks: what lay below the slider now lies above it.
    reverse = bswap(forward)
    // Each borrow runs from the slider up to its first blocker, or past bit 63 if there is none.
    forward = forward - r
    reverse = reverse - bswap(r)
    // Swapped back, on the line the two differences agree except from blocker to blocker, the slider's own square aside; off the line they can differ, and the mask keeps the line.
    return (forward ^ bswap(reverse)) & line_ex
}

return line_attacks(diagonal(sq) ^ r) | line_attacks(antidiagonal(sq) ^ r)
";

const CLASSICAL_RAY: &str =
    "// The classical approach on one ray: the ray from the slider, cut behind its first blocker.
attacks = ray(sq, north)
// The pieces on the ray; the lowest of them is the first blocker north.
blockers = attacks & o
// With a blocker, the part of the ray behind it is hidden: XOR takes it away.
return blockers ? attacks ^ ray(bsf(blockers), north) : attacks
";

/// The example or engine listing named `id`.
pub fn by_id(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().chain(&LISTINGS).find(|example| example.id == id)
}

/// The formula that writes out a built-in technique, if there is one.
pub fn of_technique(technique: Technique) -> Option<&'static Example> {
    EXAMPLES.iter().find(|example| example.source == Source::Technique(technique))
}

const fn listing(id: &'static str, title: &'static str, slider: Slider, listing: CListing) -> Example {
    Example { id, title, target: Target::Piece(slider), source: Source::C(listing) }
}

/// The engine listings in C ([`super::listings`]), as the page's menu offers them.
pub const LISTINGS: [Example; 9] = [
    listing("classical-rays-init", "C: classical, a rays table filled once", Slider::Rook, CListing::RaysInit),
    listing("classical-rays-enum", "C: classical, rayAttacks[dir8][sq] by enum", Slider::Rook, CListing::RaysEnum),
    listing("classical-switch", "C: classical, a switch on the direction", Slider::Rook, CListing::Switch),
    listing("classical-bitscan", "C: classical branchless, _BitScanForward64", Slider::Rook, CListing::BitScan),
    listing(
        "obstruction-difference-c",
        "C: obstruction difference, SMasks by pointer",
        Slider::Queen,
        CListing::ObstructionDifference,
    ),
    listing("sbamg-c", "C: SBAMG, a struct of masks per line", Slider::Rook, CListing::Sbamg),
    listing("fancy-magic-rook", "C: fancy magic, rook, tables filled once", Slider::Rook, CListing::FancyMagicRook),
    listing("fancy-magic-struct", "C: fancy magic, rook, SMagic per square", Slider::Rook, CListing::FancyMagicStruct),
    listing("fancy-magic-queen", "C: fancy magic, queen", Slider::Queen, CListing::FancyMagicQueen),
];
