//! Piece attacks as the union of line attacks: rook = file | rank, bishop = diagonal |
//! anti-diagonal, queen = rook | bishop. Shared by every technique that works line by line.
//! Everything here is inlined, so each line reaches the technique as a constant and the
//! direction-dependent choices inside it (which scan, which mask) are made at compile time.

use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Line, Slider};

#[inline(always)]
pub(crate) fn by_lines<T: Tracer, F: FnMut(&mut T, Line) -> Bitboard>(
    t: &mut T,
    slider: Slider,
    mut line_attacks: F,
) -> Bitboard {
    const ROOK: (&str, &str) = (
        "file | rank",
        "A rook moves along its file and its rank, so what the technique found on the two lines, together, is what it finds for the rook.",
    );
    const BISHOP: (&str, &str) = (
        "diagonal | anti-diagonal",
        "A bishop moves along the two diagonals through its square, so what the technique found on both, together, is what it finds for the bishop.",
    );
    match slider {
        Slider::Rook => pair(t, &mut line_attacks, Line::File, Line::Rank, ROOK),
        Slider::Bishop => pair(t, &mut line_attacks, Line::Diagonal, Line::AntiDiagonal, BISHOP),
        Slider::Queen => {
            let rook = pair(t, &mut line_attacks, Line::File, Line::Rank, ROOK);
            let bishop = pair(t, &mut line_attacks, Line::Diagonal, Line::AntiDiagonal, BISHOP);
            t.or("rook | bishop", "A queen moves as a rook and a bishop together.", rook, bishop)
        }
    }
}

#[inline(always)]
fn pair<T: Tracer, F: FnMut(&mut T, Line) -> Bitboard>(
    t: &mut T,
    line_attacks: &mut F,
    first: Line,
    second: Line,
    (label, why): (&'static str, &'static str),
) -> Bitboard {
    t.focus(Focus::Line(first));
    let a = line_attacks(t, first);
    t.focus(Focus::Line(second));
    let b = line_attacks(t, second);
    t.focus(Focus::Piece);
    t.or(label, why, a, b)
}
