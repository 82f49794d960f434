//! Getters as an engine writes them in C, of the lab's own writing: the seed articles' tricks
//! with tables filled once, an enum of directions, a switch, MSVC's bit scans, tables of
//! structs read through pointers, and fancy magic bitboards with their own initialisation. The tests prove each,
//! the benchmarks time each (BENCHMARKS.md's "Proofs"), and the page's tests open each by a
//! link.

use super::check::Target;
use sliders::Slider;

/// A listing: what to call it, the attacks it computes, and its text.
#[derive(Clone, Copy, Debug)]
pub struct Listing {
    pub id: &'static str,
    pub target: Target,
    pub text: &'static str,
}

pub const LISTINGS: [Listing; 9] = [
    Listing {
        id: "classical-rays-init",
        target: Target::Piece(Slider::Rook),
        text: include_str!("../listings/rays_init_getter.c"),
    },
    Listing {
        id: "classical-rays-enum",
        target: Target::Piece(Slider::Rook),
        text: include_str!("../listings/rays_enum_getter.c"),
    },
    Listing {
        id: "classical-switch",
        target: Target::Piece(Slider::Rook),
        text: include_str!("../listings/switch_getter.c"),
    },
    Listing {
        id: "classical-bitscan",
        target: Target::Piece(Slider::Rook),
        text: include_str!("../listings/bitscan_getter.c"),
    },
    Listing {
        id: "obstruction-difference-c",
        target: Target::Piece(Slider::Queen),
        text: include_str!("../listings/obstruction_difference.c"),
    },
    Listing { id: "sbamg-c", target: Target::Piece(Slider::Rook), text: include_str!("../listings/sbamg.c") },
    Listing {
        id: "fancy-magic-rook",
        target: Target::Piece(Slider::Rook),
        text: include_str!("../listings/fancy_magic_rook.c"),
    },
    Listing {
        id: "fancy-magic-struct",
        target: Target::Piece(Slider::Rook),
        text: include_str!("../listings/fancy_magic_struct.c"),
    },
    Listing {
        id: "fancy-magic-queen",
        target: Target::Piece(Slider::Queen),
        text: include_str!("../listings/fancy_magic_queen.c"),
    },
];
