//! Subtracting a rook from a blocking piece, o^(o-2r). Subtracting 2r, the bit just above the
//! slider, from the line's potential blockers makes a borrow that runs up through the zero bits and
//! is absorbed by the first one bit above the slider, the first blocker, or runs past bit 63 where
//! there is none; the XOR of that difference with the occupancy shows which bits changed, and on
//! the line those are exactly the squares attacked upwards. A borrow only runs towards higher bits,
//! so this sees the positive rays alone: north and east for a rook, north-east and north-west for a
//! bishop, all four for a queen.

use crate::geometry::line_without;
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Line, Slider, Square};
use traced::traced;

/// The positive rays' attacks, each line's by the name of its ray (the article's "north
/// attacks"): a line's subtraction finds its positive ray alone, so its value is no file's or
/// rank's attacks, and the shared composition's `file_attacks` would say it was.
#[traced]
pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    match slider {
        Slider::Rook => rook(t, square, occupied),
        Slider::Bishop => bishop(t, square, occupied),
        Slider::Queen => {
            let rook_positive_rays = rook(t, square, occupied);
            let bishop_positive_rays = bishop(t, square, occupied);
            // A queen moves as a rook and a bishop together: its positive rays are theirs.
            rook_positive_rays | bishop_positive_rays
        }
    }
}

#[traced]
#[inline(always)]
fn rook<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Line(Line::File));
    let north_attacks = line_attacks(t, square, Line::File, occupied);
    t.focus(Focus::Line(Line::Rank));
    let east_attacks = line_attacks(t, square, Line::Rank, occupied);
    t.focus(Focus::Piece);
    // A rook's positive rays are north along its file and east along its rank: the two together are what the subtraction finds for the rook.
    north_attacks | east_attacks
}

#[traced]
#[inline(always)]
fn bishop<T: Tracer>(t: &mut T, square: Square, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Line(Line::Diagonal));
    let north_east_attacks = line_attacks(t, square, Line::Diagonal, occupied);
    t.focus(Focus::Line(Line::AntiDiagonal));
    let north_west_attacks = line_attacks(t, square, Line::AntiDiagonal, occupied);
    t.focus(Focus::Piece);
    // A bishop's positive rays are north-east along its diagonal and north-west along its anti-diagonal: the two together are what the subtraction finds for the bishop.
    north_east_attacks | north_west_attacks
}

/// The attacks along `line` towards higher bits, by the article's steps and names: potential
/// blockers, 2r, difference, changed.
#[traced]
#[inline(always)]
fn line_attacks<T: Tracer>(t: &mut T, square: Square, line: Line, occupied: Bitboard) -> Bitboard {
    // The whole line through the slider, the article's line-mask: only pieces on it can block along this line.
    let line_mask = LINE_MASKS[line][square];
    // Keeps the pieces on this line, the potential blockers. Every other bit becomes zero, so only a piece on the line can stop the borrow of the subtraction below.
    let potential_blockers = occupied & line_mask;
    // Twice the slider's bit r (2r in the article): the next bit up from the slider's in bit order, where the subtraction starts; for a slider on h8 it falls off the top, and 2r is zero.
    // shown as: 2r
    let two_r = square.bit() << 1;
    // Subtracting 2r clears the first one bit at or above 2r, the first blocker above the slider, and turns every zero bit below it, down to 2r, into one; with no blocker above, every bit from 2r up turns to one. A 2r of zero changes nothing.
    let difference = potential_blockers - two_r;
    // XOR with the whole occupancy, as the article does: on the line, it marks the bits the subtraction changed; off the line it mixes the other pieces with ones a borrow left there, and the next step's line mask drops them all.
    let changed = difference ^ occupied;
    // The line mask keeps only this line's squares: the attacks towards higher bits.
    changed & line_mask
}

/// East attacks of any number of rooks at once, on all eight ranks: the set-wise form the
/// article gives ("even with multiple rooks per rank, it can be applied in SIMD- or SWAR-wise
/// manner on all eight ranks (bytes) simultaneously"). One subtraction starts a borrow east of
/// every rook, and each runs east along its own rank to the first piece or the h-file.
pub fn east_attacks_setwise(rooks: Bitboard, occupied: Bitboard) -> Bitboard {
    east_attacks_of_set(&mut crate::trace::NoTrace, rooks, occupied)
}

#[traced]
pub fn east_attacks_of_set<T: Tracer>(t: &mut T, rooks: Bitboard, occupied: Bitboard) -> Bitboard {
    t.focus(Focus::Ray(Direction::East));
    // A rook on the h-file attacks nothing east, and its doubled bit would land on the a-file of the rank above and start a borrow there: the h-file's rooks are left out.
    let rooks_off_h = rooks & NOT_H_FILE;
    // Every rook stands on the board, and the whole h-file is set: each rank's borrow then stops at its own h-file square at the latest, and never runs on into the next rank.
    // shown as: o
    let o = occupied | rooks_off_h | H_FILE;
    // Each rook's bit doubled: the square east of each rook, where its rank's borrow starts.
    // shown as: 2r
    let two_r = rooks_off_h << 1;
    // One subtraction for all eight ranks: each borrow runs east from its 2r bit through the zero bits of o and is absorbed by its rank's first one bit, a piece or the h-file's bit.
    let difference = o - two_r;
    // XOR marks the bits the subtraction changed: on each rank, the squares east of each rook up to and including the first piece.
    o ^ difference
}

const H_FILE: Bitboard = Bitboard(0x8080_8080_8080_8080);
const NOT_H_FILE: Bitboard = Bitboard(!H_FILE.0);

table! {
    /// `LINE_MASKS[line][square]`: the whole line through the square, the square included.
    pub static LINE_MASKS: [[Bitboard; 64]; 4] = {
        let mut table = [[Bitboard::EMPTY; 64]; 4];
        let mut l = 0;
        while l < 4 {
            let line: Line = Line::ALL[l];
            let mut s = 0;
            while s < 64 {
                let square = Square::ALL[s];
                table[l][s] = Bitboard(line_without(square, line).0 | square.bit().0);
                s += 1;
            }
            l += 1;
        }
        table
    };
}
