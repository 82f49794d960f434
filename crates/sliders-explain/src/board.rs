//! The position a step belongs to, as the sentences see it: the slider, its square, the
//! pieces, and whether the values are the mirrored (byte-swapped) board.

use alloc::format;
use alloc::string::String;

use sliders::techniques::reference;
use sliders::{Bitboard, Direction, Slider, Square, Trace};

/// The position a step belongs to: what the sentences relate its bits to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    pub slider: Slider,
    pub square: Square,
    pub occupied: Bitboard,
    /// Every slider's square: `square` alone, or several for the set-wise techniques.
    pub sliders: Bitboard,
    /// The values are in the byte-swapped word: squares are named as the word has them, and
    /// what they stand for on the real board is said beside them.
    pub mirror: bool,
    /// The steps are a reader's formula: a stop or a mask there is not known to be meant as
    /// one, so the sentences say what the bits are and never what the author intended.
    pub formula: bool,
}

/// The square a byte swap moves `square` to: same file, rank 1 <-> 8, 2 <-> 7, …
pub const fn mirror(square: Square) -> Square {
    Square::from_index(square.index() ^ 56)
}

impl Board {
    pub fn of(trace: &Trace) -> Board {
        Board {
            slider: trace.slider,
            square: trace.square,
            occupied: trace.occupied,
            sliders: trace.sliders,
            mirror: false,
            formula: trace.technique.is_none(),
        }
    }

    /// The first piece from the slider in `direction`, if any stands on that ray.
    pub fn first_blocker(&self, direction: Direction) -> Option<Square> {
        let reached = reference::ray(self.square, direction, self.occupied);
        (reached & self.occupied).squares().next()
    }

    /// The board as a byte-swapped word shows it: ranks mirrored, the slider on its mirror square.
    pub fn mirrored(&self) -> Board {
        Board {
            slider: self.slider,
            square: mirror(self.square),
            occupied: Bitboard(self.occupied.0.swap_bytes()),
            sliders: Bitboard(self.sliders.0.swap_bytes()),
            mirror: !self.mirror,
            formula: self.formula,
        }
    }

    pub(crate) fn slider_phrase(&self) -> String {
        format!("the {} on {}", self.slider, self.square)
    }
}
