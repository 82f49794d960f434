//! The attacks along the first rank for every slider file and every occupancy of the six inner
//! squares (b1 to g1): 8 x 64 bytes. The end squares a1 and h1 never change what is attacked
//! (a slider reaches an end square whether or not a piece stands there), so six bits index it.
//! Both Hyperbola Quintessences read it for ranks, through [`rank_attacks`]: a byte swap moves a
//! rank but cannot reverse its squares, so their subtraction cannot run down a rank.

use crate::trace::Tracer;
use crate::{Bitboard, Square};
use traced::traced;

table! {
    /// `FIRST_RANK_ATTACKS[file][inner]`: the squares of rank 1 a slider on `file` attacks when the
    /// inner squares b1..g1 hold the pieces of the six bits of `inner` (bit 0 = b1).
    pub static FIRST_RANK_ATTACKS: [[u8; 64]; 8] = {
        let mut table = [[0u8; 64]; 8];
        let mut file = 0;
        while file < 8 {
            let mut inner = 0;
            while inner < 64 {
                table[file][inner] = attacks_on_rank(file as u32, (inner as u8) << 1);
                inner += 1;
            }
            file += 1;
        }
        table
    };
}

/// A rank: moved down to the first rank, its six inner squares index the 512-byte table.
#[traced]
#[inline(always)]
pub(crate) fn rank_attacks<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    let (rank_shift, file) = (8 * square.rank() as u32, square.file() as usize);
    t.moved(-(rank_shift as i8 + 1));
    // A byte swap moves a rank but cannot reverse its squares, so a rank's attacks come from a table of first-rank attacks. This moves the slider's rank down to bit 0, past its a-file square: the six inner squares b to g become bits 0 to 5.
    let shifted = occupied >> (rank_shift + 1);
    // Keeps the six inner squares, now bits 0 to 5 (drawn on a1 to f1, where the shift put them). The end squares never change what a rank attack reaches, so they need no bit.
    let inner = shifted & 63;
    let inner = inner.0 as usize & 63;
    // The table's attacks sit on the first rank at the slider's own file: one bit up from inner.
    t.moved(-(rank_shift as i8));
    // The attacks of a slider on this file of the first rank, for exactly these inner pieces.
    let first_rank = FIRST_RANK_ATTACKS[file][inner];
    t.moved(0);
    // Moves the first-rank attacks back up to the slider's rank.
    first_rank << rank_shift
}

/// Walks west and east from `file` on one byte, stopping on the first occupied bit each way.
pub(crate) const fn attacks_on_rank(file: u32, occupied: u8) -> u8 {
    let mut attacks = 0u8;
    let mut east = file + 1;
    while east < 8 {
        attacks |= 1 << east;
        if occupied & (1 << east) != 0 {
            break;
        }
        east += 1;
    }
    let mut west = file;
    while west > 0 {
        west -= 1;
        attacks |= 1 << west;
        if occupied & (1 << west) != 0 {
            break;
        }
    }
    attacks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rook_on_d1_sees_to_the_first_piece_each_way() {
        // Pieces on b1 (inner bit 0) and f1 (inner bit 4): d1 attacks b1, c1, e1 and f1.
        assert_eq!(FIRST_RANK_ATTACKS[3][0b1_0001], 0b0011_0110);
        // No inner piece: the whole rank but d1 itself.
        assert_eq!(FIRST_RANK_ATTACKS[3][0], 0b1111_0111);
        assert_eq!(FIRST_RANK_ATTACKS[0][0b11_1111], 0b0000_0010, "a1 with b1 occupied sees b1 only");
    }
}
