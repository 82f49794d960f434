//! Piece attacks as the union of line attacks: rook = file | rank, bishop = diagonal |
//! anti-diagonal, queen = rook | bishop. Shared by every technique that works line by line, and
//! the queen's union by the techniques that read a rook's or a bishop's attacks whole.
//! Everything here is inlined, so each line reaches the technique as a constant and the
//! direction-dependent choices inside it (which scan, which mask) are made at compile time.
//! Each line's (or part's) attacks are shown by the name they are bound to here (`file_attacks`,
//! `anti_diagonal_attacks`, `rook`) from the step that made them on (see
//! `trace::name_union_operands`): `file` alone would be kindergarten's file number too.

use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Line, Slider};
use traced::traced;

#[traced]
#[inline(always)]
pub(crate) fn by_lines<T: Tracer, F: FnMut(&mut T, Line) -> Bitboard>(
    t: &mut T,
    slider: Slider,
    mut line_attacks: F,
) -> Bitboard {
    match slider {
        Slider::Rook => rook(t, &mut line_attacks),
        Slider::Bishop => bishop(t, &mut line_attacks),
        Slider::Queen => {
            let rook = rook(t, &mut line_attacks);
            let bishop = bishop(t, &mut line_attacks);
            // A queen moves as a rook and a bishop together.
            rook | bishop
        }
    }
}

#[traced]
#[inline(always)]
fn rook<T: Tracer, F: FnMut(&mut T, Line) -> Bitboard>(t: &mut T, line_attacks: &mut F) -> Bitboard {
    t.focus(Focus::Line(Line::File));
    let file_attacks = line_attacks(t, Line::File);
    t.focus(Focus::Line(Line::Rank));
    let rank_attacks = line_attacks(t, Line::Rank);
    t.focus(Focus::Piece);
    // A rook moves along its file and its rank, so what the technique found on the two lines, together, is what it finds for the rook.
    file_attacks | rank_attacks
}

#[traced]
#[inline(always)]
fn bishop<T: Tracer, F: FnMut(&mut T, Line) -> Bitboard>(t: &mut T, line_attacks: &mut F) -> Bitboard {
    t.focus(Focus::Line(Line::Diagonal));
    let diagonal_attacks = line_attacks(t, Line::Diagonal);
    t.focus(Focus::Line(Line::AntiDiagonal));
    let anti_diagonal_attacks = line_attacks(t, Line::AntiDiagonal);
    t.focus(Focus::Piece);
    // A bishop moves along the two diagonals through its square, so what the technique found on both, together, is what it finds for the bishop.
    diagonal_attacks | anti_diagonal_attacks
}

/// Piece attacks from parts found whole (magic's and PEXT's table reads): a rook's or a bishop's
/// is its own part, a queen's the union of the two.
#[traced]
#[inline(always)]
pub(crate) fn by_parts<T: Tracer, F: FnMut(&mut T, Slider) -> Bitboard>(
    t: &mut T,
    slider: Slider,
    mut part_attacks: F,
) -> Bitboard {
    match slider {
        Slider::Queen => {
            t.focus(Focus::Part(Slider::Rook));
            let rook = part_attacks(t, Slider::Rook);
            t.focus(Focus::Part(Slider::Bishop));
            let bishop = part_attacks(t, Slider::Bishop);
            t.focus(Focus::Piece);
            // A queen moves as a rook and a bishop together.
            rook | bishop
        }
        part => part_attacks(t, part),
    }
}
