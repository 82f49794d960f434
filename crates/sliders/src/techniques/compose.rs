//! Piece attacks as the union of line attacks: rook = file | rank, bishop = diagonal |
//! anti-diagonal, queen = rook | bishop. Shared by every technique that works line by line.

use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Line, Slider};

#[inline(always)]
pub(crate) fn by_lines<T: Tracer>(
    t: &mut T,
    slider: Slider,
    mut line_attacks: impl FnMut(&mut T, Line) -> Bitboard,
) -> Bitboard {
    let mut pair = |t: &mut T, first: Line, second: Line, label: &'static str| {
        t.focus(Focus::Line(first));
        let a = line_attacks(t, first);
        t.focus(Focus::Line(second));
        let b = line_attacks(t, second);
        t.focus(Focus::Piece);
        t.or(label, a, b)
    };
    match slider {
        Slider::Rook => pair(t, Line::File, Line::Rank, "file | rank = rook attacks"),
        Slider::Bishop => pair(t, Line::Diagonal, Line::AntiDiagonal, "diagonal | anti-diagonal = bishop attacks"),
        Slider::Queen => {
            let rook = pair(t, Line::File, Line::Rank, "file | rank = rook attacks");
            let bishop = pair(t, Line::Diagonal, Line::AntiDiagonal, "diagonal | anti-diagonal = bishop attacks");
            t.or("rook | bishop = queen attacks", rook, bishop)
        }
    }
}
