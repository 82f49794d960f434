//! Getters as an engine writes them in C, of the lab's own writing: the seed articles' tricks
//! with tables filled once, an enum of directions, a switch, MSVC's bit scans, tables of
//! structs read through pointers, and fancy magic bitboards with their own initialisation. The
//! tests prove each, the benchmarks time each (BENCHMARKS.md's "Proofs"), the page's menu
//! offers each under "Engine C", and the page's tests open each by a link.

use super::check::Target;
use super::examples::{Example, Source};
use sliders::Slider;

/// An engine listing's text, one file each: only formula.wasm (and native code) reads them,
/// so the page's menu of listings weighs only their names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CListing {
    RaysInit,
    RaysEnum,
    Switch,
    BitScan,
    ObstructionDifference,
    Sbamg,
    FancyMagicRook,
    FancyMagicStruct,
    FancyMagicQueen,
}

impl CListing {
    pub fn text(self) -> &'static str {
        match self {
            CListing::RaysInit => include_str!("../listings/rays_init_getter.c"),
            CListing::RaysEnum => include_str!("../listings/rays_enum_getter.c"),
            CListing::Switch => include_str!("../listings/switch_getter.c"),
            CListing::BitScan => include_str!("../listings/bitscan_getter.c"),
            CListing::ObstructionDifference => include_str!("../listings/obstruction_difference.c"),
            CListing::Sbamg => include_str!("../listings/sbamg.c"),
            CListing::FancyMagicRook => include_str!("../listings/fancy_magic_rook.c"),
            CListing::FancyMagicStruct => include_str!("../listings/fancy_magic_struct.c"),
            CListing::FancyMagicQueen => include_str!("../listings/fancy_magic_queen.c"),
        }
    }
}

const fn listing(id: &'static str, title: &'static str, slider: Slider, listing: CListing) -> Example {
    Example { id, title, target: Target::Piece(slider), source: Source::C(listing) }
}

/// The listings, as the page's menu offers them.
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
