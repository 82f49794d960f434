//! The position a step belongs to, as the sentences see it: the slider, its square, the
//! pieces, and how the values hold the board (turned round in a byte-swapped word).

use alloc::format;
use alloc::string::String;

use sliders::techniques::reference;
use sliders::{Bitboard, Direction, Slider, Square, Trace, WordOrder};

/// The position a step belongs to: what the sentences relate its bits to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    pub slider: Slider,
    pub square: Square,
    pub occupied: Bitboard,
    /// Every slider's square: `square` alone, or several for the set-wise techniques.
    pub sliders: Bitboard,
    /// How the values hold the board: in a turned word, squares are named as the word has
    /// them, and what they stand for on the real board is said beside them.
    pub order: WordOrder,
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
            order: WordOrder::Board,
            formula: trace.technique.is_none(),
        }
    }

    /// The first piece from the slider in `direction`, if any stands on that ray.
    pub fn first_blocker(&self, direction: Direction) -> Option<Square> {
        self.first_blocker_from(self.square, direction)
    }

    /// The first piece from the slider on `from` in `direction`. The other sliders are pieces
    /// on its way too: `occupied` leaves them out, as the trace's position does.
    pub fn first_blocker_from(&self, from: Square, direction: Direction) -> Option<Square> {
        let pieces = self.occupied | self.sliders;
        (reference::ray(from, direction, pieces) & pieces).squares().next()
    }

    /// The slider whose ray in `direction` reaches `square`, empty or its first piece.
    pub fn slider_reaching(&self, square: Square, direction: Direction) -> Option<Square> {
        let pieces = self.occupied | self.sliders;
        self.sliders.squares().find(|&from| reference::ray(from, direction, pieces).contains(square))
    }

    /// The slider whose first piece in `direction` stands on `square`. At most one is: two
    /// sliders on one ray never share a first piece that way, since the nearer slider is the
    /// farther one's first piece.
    pub fn slider_blocked_at(&self, square: Square, direction: Direction) -> Option<Square> {
        (self.sliders | self.square.bit())
            .squares()
            .find(|&from| self.first_blocker_from(from, direction) == Some(square))
    }

    /// The board as a word in `order` shows it, the real board's own: its pieces and slider
    /// where the word has them.
    pub fn in_order(&self, order: WordOrder) -> Board {
        Board {
            slider: self.slider,
            square: order.square_of_bit(self.square.index()),
            occupied: order.turn(self.occupied),
            sliders: order.turn(self.sliders),
            order,
            formula: self.formula,
        }
    }

    pub(crate) fn slider_phrase(&self) -> String {
        self.phrase_of(self.square)
    }

    /// "the rook on b1": one of the sliders, by its square.
    pub(crate) fn phrase_of(&self, square: Square) -> String {
        format!("the {} on {}", self.slider, square)
    }
}
