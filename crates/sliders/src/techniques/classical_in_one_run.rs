//! Classical Approach in one run (Hyatt's and Sherwin's refinement): start from the piece's
//! attacks on the empty board and take away what lies behind the first blocker of each of
//! its four rays. Adding bits 0 and 63 to the occupancy once, with each scan mask including the
//! one its ray runs towards in bit order (the ray's own last square when it ends on that
//! corner), guarantees every scan a bit; the rays behind a1 and h8 in
//! those directions are empty, so they take away nothing. For a rook or bishop: one OR, four ANDs, four scans and four XORs.

use crate::geometry::{ray, RAYS};
use crate::trace::{Focus, Tracer};
use crate::{Bitboard, Direction, Slider, Square};
use traced::traced;

#[traced]
pub fn attacks<T: Tracer>(t: &mut T, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    use Direction::*;
    match slider {
        Slider::Rook => piece(t, Focus::Piece, square, occupied, &ROOK_EMPTY, [North, East], [South, West]),
        Slider::Bishop => {
            piece(t, Focus::Piece, square, occupied, &BISHOP_EMPTY, [NorthEast, NorthWest], [SouthWest, SouthEast])
        }
        Slider::Queen => {
            // The queen's rook part and bishop part are two values: each is looked at as its own part.
            let (rook_part, bishop_part) = (Focus::Part(Slider::Rook), Focus::Part(Slider::Bishop));
            let rook = piece(t, rook_part, square, occupied, &ROOK_EMPTY, [North, East], [South, West]);
            let bishop =
                piece(t, bishop_part, square, occupied, &BISHOP_EMPTY, [NorthEast, NorthWest], [SouthWest, SouthEast]);
            t.focus(Focus::Piece);
            // A queen moves as a rook and a bishop together.
            rook | bishop
        }
    }
}

#[traced]
#[inline(always)]
fn piece<T: Tracer>(
    t: &mut T,
    focus: Focus,
    square: Square,
    occupied: Bitboard,
    attacks_empty: &[Bitboard; 64],
    positive: [Direction; 2],
    negative: [Direction; 2],
) -> Bitboard {
    t.focus(focus);
    // Adds bits 0 (a1) and 63 (h8) once: the stop bits every scan below can fall back on when no piece stands on its ray.
    let with_stops = occupied | 0x8000000000000001;
    // The attacks on an empty board; each ray is then cut behind its first blocker.
    let mut attacks = attacks_empty[square];
    for direction in positive {
        t.focus(Focus::Ray(direction));
        // Keeps the pieces on the ray, and the stop bit.
        // `RAYS_WITH_STOP[direction][square]`: The ray plus its stop bit, the corner it runs towards in bit order: bit 63 for a positive ray, bit 0 for a negative one.
        let blockers = with_stops & RAYS_WITH_STOP[direction][square];
        // On a positive ray the nearest piece has the lowest bit: a forward scan (from bit 0 up) finds it, or h8.
        let first = bsf(blockers);
        // Removes what lies behind the square the scan found: behind the nearest piece, out of reach (the piece itself stays attacked); behind the stop bit, nothing.
        // `RAYS[direction][first]`: The same ray seen from that square: what lies behind it, out of the slider's reach.
        attacks = attacks ^ RAYS[direction][first];
    }
    for direction in negative {
        t.focus(Focus::Ray(direction));
        // Keeps the pieces on the ray, and the stop bit.
        // `RAYS_WITH_STOP[direction][square]`: The ray plus its stop bit, the corner it runs towards in bit order: bit 63 for a positive ray, bit 0 for a negative one.
        let blockers = with_stops & RAYS_WITH_STOP[direction][square];
        // On a negative ray the nearest piece has the highest bit: a reverse scan (from bit 63 down) finds it, or a1.
        let first = bsr(blockers);
        // Removes what lies behind the square the scan found: behind the nearest piece, out of reach (the piece itself stays attacked); behind the stop bit, nothing.
        // `RAYS[direction][first]`: The same ray seen from that square: what lies behind it, out of the slider's reach.
        attacks = attacks ^ RAYS[direction][first];
    }
    attacks
}

const fn empty_board_table(directions: [Direction; 4]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 4 {
            table[s].0 |= ray(Square::ALL[s], directions[d]).0;
            d += 1;
        }
        s += 1;
    }
    table
}

table! {
    /// The rook's and the bishop's attacks on the empty board.
    pub static ROOK_EMPTY: [Bitboard; 64] =
        empty_board_table([Direction::North, Direction::East, Direction::South, Direction::West]);
}
table! {
    pub static BISHOP_EMPTY: [Bitboard; 64] =
        empty_board_table([Direction::NorthEast, Direction::NorthWest, Direction::SouthWest, Direction::SouthEast]);
}

table! {
    /// Each ray with the corner it runs towards added: bit 63 for positive rays, bit 0 for
    /// negative ones (rayWstop in the article).
    pub static RAYS_WITH_STOP: [[Bitboard; 64]; 8] = {
        let mut table = [[Bitboard::EMPTY; 64]; 8];
        let mut d = 0;
        while d < 8 {
            let direction = Direction::ALL[d];
            let corner = if direction.is_positive() { Square::H8 } else { Square::A1 };
            let mut s = 0;
            while s < 64 {
                table[d][s] = Bitboard(ray(Square::ALL[s], direction).0 | corner.bit().0);
                s += 1;
            }
            d += 1;
        }
        table
    };
}
