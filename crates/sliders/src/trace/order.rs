//! How a step's values hold the board: the word orders, and what each bit stands for.

use crate::{Bitboard, Square};

/// How a step's values hold the board: square by square, or turned round so that a subtraction,
/// which can only borrow up the word, runs down the board. Each order flips some bits of a
/// square's index (bit n stands for square n ^ flip), so each turn is its own inverse and two
/// turns make a third.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum WordOrder {
    /// Bit n is square n.
    #[default]
    Board,
    /// Byte-swapped: the ranks in reverse order, each rank's squares in place, so bit n stands
    /// for square n ^ 56 (Hyperbola Quintessence's `bswap`).
    ByteSwapped,
    /// Each byte's bits in reverse order, the ranks in place: bit n stands for square n ^ 7, the
    /// board mirrored left to right (a bit-reversed word after its bytes are swapped back).
    FilesMirrored,
    /// Every bit in reverse order: bit n stands for square 63 − n, the board turned half round
    /// (ARM's `rbit`).
    BitReversed,
}

impl WordOrder {
    /// The bits of a square's index this order flips.
    const fn flip(self) -> u32 {
        match self {
            WordOrder::Board => 0,
            WordOrder::ByteSwapped => 56,
            WordOrder::FilesMirrored => 7,
            WordOrder::BitReversed => 63,
        }
    }

    const fn of_flip(flip: u32) -> WordOrder {
        match flip & 63 {
            56 => WordOrder::ByteSwapped,
            7 => WordOrder::FilesMirrored,
            63 => WordOrder::BitReversed,
            _ => WordOrder::Board,
        }
    }

    /// The square bit `bit` of a word in this order stands for on the board.
    pub const fn square_of_bit(self, bit: u32) -> Square {
        Square::from_index(bit ^ self.flip())
    }

    /// A board turned into a word of this order, or such a word back into the board.
    pub const fn turn(self, board: Bitboard) -> Bitboard {
        Bitboard(match self {
            WordOrder::Board => board.0,
            WordOrder::ByteSwapped => board.0.swap_bytes(),
            WordOrder::FilesMirrored => board.0.reverse_bits().swap_bytes(),
            WordOrder::BitReversed => board.0.reverse_bits(),
        })
    }

    /// The order of a word in this order after its bytes are swapped (`bswap`).
    pub const fn bytes_swapped(self) -> WordOrder {
        WordOrder::of_flip(self.flip() ^ 56)
    }

    /// The order of a word in this order after each byte's bits are reversed (the nibble
    /// tables' swizzles).
    pub const fn bits_reversed_in_bytes(self) -> WordOrder {
        WordOrder::of_flip(self.flip() ^ 7)
    }

    /// Whether the word holds the board turned round.
    pub const fn is_turned(self) -> bool {
        !matches!(self, WordOrder::Board)
    }

    /// How a heading names the board such a word shows; nothing for the board as it stands.
    pub const fn board_note(self) -> Option<&'static str> {
        match self {
            WordOrder::Board => None,
            WordOrder::ByteSwapped => Some("mirrored board"),
            WordOrder::FilesMirrored => Some("board mirrored left to right"),
            WordOrder::BitReversed => Some("board turned half round"),
        }
    }

    /// How a sentence names the word: "the byte-swapped word".
    pub const fn word(self) -> &'static str {
        match self {
            WordOrder::Board => "the word",
            WordOrder::ByteSwapped => "the byte-swapped word",
            WordOrder::FilesMirrored => "the word with each byte's bits reversed",
            WordOrder::BitReversed => "the bit-reversed word",
        }
    }
}
