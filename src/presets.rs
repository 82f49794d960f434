//! Starting positions: the empty board, the initial chess position, and the worked examples of
//! the articles, so a reader can start exactly from the article's picture.

use sliders::{Bitboard, Line, Slider, Square, Technique};

#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Preset {
    /// Stable identifier, used as a hook and in the selector.
    pub id: &'static str,
    pub title: &'static str,
    pub occupied: Bitboard,
    /// Slider, square and technique the example is about; `None` keeps the current ones.
    pub setup: Option<(Slider, Square, Technique)>,
    /// The line the article's example is about, and the step of the preset's trace the lesson
    /// opens on: the first on that line, wherever the technique puts it. The step is data, as
    /// the board is, so the page computes no trace to open a preset; a test checks it is the
    /// first step on the line.
    pub opens_on: Option<(Line, usize)>,
}

pub const PRESETS: [Preset; 6] = [
    Preset { id: "empty", title: "Empty board", occupied: Bitboard::EMPTY, setup: None, opens_on: None },
    Preset {
        id: "initial",
        title: "Initial position",
        occupied: Bitboard(0xffff_0000_0000_ffff),
        setup: None,
        opens_on: None,
    },
    Preset {
        id: "rook-d2",
        title: "o^(o-2r): rook d2 north attacks",
        occupied: Bitboard(0x4ced_2200_0146_f848),
        setup: Some((Slider::Rook, Square::D2, Technique::Subtraction)),
        opens_on: Some((Line::File, 0)),
    },
    Preset {
        id: "byte",
        title: "o^(o-2r): the byte example",
        occupied: Bitboard(0x42),
        setup: Some((Slider::Rook, Square::B1, Technique::Subtraction)),
        opens_on: Some((Line::Rank, 6)),
    },
    Preset {
        id: "bishop-g2",
        title: "Classical: bishop g2 north-west",
        occupied: Bitboard(0xfdfd_0600_0040_bfdf),
        setup: Some((Slider::Bishop, Square::G2, Technique::ClassicalConditional)),
        opens_on: None,
    },
    Preset {
        id: "sbamg-rank",
        title: "SBAMG: the rank sample",
        occupied: Bitboard(0x43),
        setup: Some((Slider::Rook, Square::D1, Technique::Sbamg)),
        opens_on: Some((Line::Rank, 8)),
    },
];

/// A random occupancy with each square set with probability `density` (0..=1), from `random`,
/// a source of uniform numbers in [0, 1) such as `Math.random`.
pub fn random_occupancy(density: f64, mut random: impl FnMut() -> f64) -> Bitboard {
    (0..64).filter(|_| random() < density).fold(Bitboard::EMPTY, |board, bit| Bitboard(board.0 | 1 << bit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bishop_preset_is_the_articles_diagram() {
        let bishop = PRESETS.iter().find(|p| p.id == "bishop-g2").unwrap();
        let blockers = bishop.occupied & sliders::ray_attacks(sliders::Direction::NorthWest, Square::G2);
        assert_eq!(blockers, Square::A8.bit() | Square::C6.bit());
    }

    #[test]
    fn a_preset_opens_on_the_first_step_of_its_examples_line() {
        let mut opening = 0;
        for preset in PRESETS {
            let (Some((slider, square, technique)), Some((line, step))) = (preset.setup, preset.opens_on) else {
                continue;
            };
            let steps = technique.trace(slider, square, preset.occupied).steps;
            let first = steps.iter().position(|s| s.focus == sliders::Focus::Line(line));
            assert_eq!(Some(step), first, "{}", preset.id);
            opening += 1;
        }
        assert_eq!(opening, 3);
    }

    #[test]
    fn density_bounds_give_empty_and_full_boards() {
        assert_eq!(random_occupancy(0.0, || 0.5), Bitboard::EMPTY);
        assert_eq!(random_occupancy(1.0, || 0.5), Bitboard::FULL);
    }
}
