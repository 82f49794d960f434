//! A mask made ready for pext where there is no pext instruction, as in WebAssembly.
//!
//! pext moves each one bit of the mask right by the number of zero bits below it: that is
//! how the bits end up packed at the bottom, in order. Write that distance in binary and it
//! is a sum of powers of two, so six rounds move every bit: in round i, the bits whose
//! distance has 2^i in it move right by 2^i, all at once. Which bits move in which round
//! depends only on the mask, so it is worked out once, when the mask is made, and each
//! extract is then six rounds of and, xor, shift and or, whatever the mask. This is the
//! "compress" of Hacker's Delight (section 7-4) with its mask work done ahead of time.

use crate::Bitboard;

/// A mask and, for each of pext's six rounds, the bits that move in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PextMask {
    bits: Bitboard,
    /// `moves[i]`: where the bits that move by 2^i in round i stand when the round starts.
    moves: [u64; 6],
}

impl PextMask {
    pub const EMPTY: PextMask = PextMask { bits: Bitboard::EMPTY, moves: [0; 6] };

    /// The rounds for `bits`.
    pub const fn new(bits: Bitboard) -> PextMask {
        let mut moves = [0u64; 6];
        let mut rest = bits.0;
        let mut below = 0; // the mask's one bits below this one: where it ends up
        while rest != 0 {
            let at = rest.trailing_zeros();
            let distance = at - below;
            let mut round = 0;
            while round < 6 {
                if distance & 1 << round != 0 {
                    // It has already moved by the rounds before: distance's lower bits.
                    moves[round] |= 1 << (at - (distance & ((1 << round) - 1)));
                }
                round += 1;
            }
            rest &= rest - 1;
            below += 1;
        }
        PextMask { bits, moves }
    }

    /// The mask's squares.
    #[inline(always)]
    pub const fn bits(self) -> Bitboard {
        self.bits
    }

    /// The bits of `x` under the mask, lowest first, packed into the low bits: pext. x86-64
    /// builds that target BMI2 use the instruction.
    #[inline(always)]
    pub fn extract(self, x: Bitboard) -> Bitboard {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        {
            x.pext(self.bits)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
        {
            let mut packed = x.0 & self.bits.0;
            let mut round = 0;
            while round < 6 {
                let moving = packed & self.moves[round];
                // No bit lands on one that stays: the bits keep their order all the way.
                packed = (packed ^ moving) | (moving >> (1 << round));
                round += 1;
            }
            Bitboard(packed)
        }
    }
}
