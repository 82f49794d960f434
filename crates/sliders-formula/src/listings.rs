//! Getters as an engine writes them in C, of the lab's own writing: the seed articles' tricks
//! with tables filled once, an enum of directions, a switch, MSVC's bit scans, tables of
//! structs read through pointers, and fancy magic bitboards with their own initialisation. The
//! tests prove each, the benchmarks time each (BENCHMARKS.md's "Proofs"), the page's menu
//! offers each under "Engine C", and the page's tests open each by a link.

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
