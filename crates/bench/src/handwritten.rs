//! Each technique written out by hand on plain u64s, with no tracer: the baseline that shows the
//! traced fast path costs nothing. Same tables, same operations, nothing generic.

use sliders::techniques::classical_in_one_run::{BISHOP_EMPTY, RAYS_WITH_STOP, ROOK_EMPTY};
use sliders::techniques::classical_zero_count::RAYS_BY_COUNT;
use sliders::techniques::first_rank::FIRST_RANK_ATTACKS;
use sliders::techniques::hyperbola_quintessence_rbit::{REVERSED_INTO_HIGH, REVERSED_INTO_LOW};
use sliders::techniques::kindergarten::{A_FILE, A_FILE_ATTACKS, B_FILE, C2_H7, FILL_UP_ATTACKS};
use sliders::techniques::magic::{attack_table, Magic, BISHOP, ROOK};
use sliders::techniques::obstruction_masks::OBSTRUCTION_MASKS;
use sliders::techniques::sbamg::SBAMG_MASKS;
use sliders::techniques::subtraction::LINE_MASKS;
use sliders::{swap_bytes, Bitboard, Lanes, LINE_EX, RAYS};

// Directions in the order of the core's tables; lines as (positive, negative).
const N: usize = 0;
const E: usize = 1;
const NE: usize = 2;
const NW: usize = 3;
const S: usize = 4;
const W: usize = 5;
const SW: usize = 6;
const SE: usize = 7;
const LINES: [(usize, usize); 4] = [(N, S), (E, W), (NE, SW), (NW, SE)];

#[inline(always)]
fn ray(direction: usize, square: usize) -> u64 {
    RAYS[direction][square].0
}

#[inline(always)]
fn msb(x: u64) -> usize {
    (63 ^ x.leading_zeros()) as usize
}

#[inline(always)]
pub fn reference(sq: usize, occ: u64) -> u64 {
    let steps: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];
    let mut attacks = 0;
    for (df, dr) in steps {
        let (mut f, mut r) = ((sq & 7) as i32 + df, (sq >> 3) as i32 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

#[inline(always)]
pub fn classical_conditional(sq: usize, occ: u64) -> u64 {
    let mut all = 0;
    for (up, down) in LINES {
        let mut a = ray(up, sq);
        let b = a & occ;
        if b != 0 {
            a ^= ray(up, b.trailing_zeros() as usize);
        }
        let mut c = ray(down, sq);
        let d = c & occ;
        if d != 0 {
            c ^= ray(down, msb(d));
        }
        all |= a | c;
    }
    all
}

#[inline(always)]
pub fn classical_branchless(sq: usize, occ: u64) -> u64 {
    let mut all = 0;
    for (up, down) in LINES {
        let a = ray(up, sq);
        let a = a ^ ray(up, ((a & occ) | 1 << 63).trailing_zeros() as usize);
        let c = ray(down, sq);
        let c = c ^ ray(down, msb((c & occ) | 1));
        all |= a | c;
    }
    all
}

#[inline(always)]
pub fn classical_generalized(sq: usize, occ: u64) -> u64 {
    let one = |direction: usize, positive: bool| {
        let (dir_bit, dir_mask) = if positive { (1u64 << 63, 0) } else { (1, !0) };
        let a = ray(direction, sq);
        let b = (a & occ) | dir_bit;
        let b = b & (b.wrapping_neg() | dir_mask);
        a ^ ray(direction, msb(b))
    };
    LINES.iter().fold(0, |all, &(up, down)| all | one(up, true) | one(down, false))
}

#[inline(always)]
pub fn classical_zero_count(sq: usize, occ: u64) -> u64 {
    let mut all = 0;
    for (up, down) in LINES {
        let a = ray(up, sq);
        let a = a ^ RAYS_BY_COUNT[up][(a & occ).trailing_zeros() as usize].0;
        let c = ray(down, sq);
        let c = c ^ RAYS_BY_COUNT[down][(c & occ).leading_zeros() as usize].0;
        all |= a | c;
    }
    all
}

#[inline(always)]
pub fn classical_in_one_run(sq: usize, occ: u64) -> u64 {
    let occ = occ | 0x8000_0000_0000_0001;
    let stop = |d: usize| occ & RAYS_WITH_STOP[d][sq].0;
    let rook = ROOK_EMPTY[sq].0
        ^ ray(N, stop(N).trailing_zeros() as usize)
        ^ ray(E, stop(E).trailing_zeros() as usize)
        ^ ray(S, msb(stop(S)))
        ^ ray(W, msb(stop(W)));
    let bishop = BISHOP_EMPTY[sq].0
        ^ ray(NE, stop(NE).trailing_zeros() as usize)
        ^ ray(NW, stop(NW).trailing_zeros() as usize)
        ^ ray(SW, msb(stop(SW)))
        ^ ray(SE, msb(stop(SE)));
    rook | bishop
}

#[inline(always)]
pub fn subtraction(sq: usize, occ: u64) -> u64 {
    LINE_MASKS.iter().fold(0, |all, masks| {
        let m = masks[sq].0;
        all | ((((occ & m).wrapping_sub(2u64 << sq)) ^ occ) & m)
    })
}

#[inline(always)]
pub fn obstruction_difference(sq: usize, occ: u64) -> u64 {
    OBSTRUCTION_MASKS[sq].iter().fold(0, |all, m| {
        let lower = occ & m.lower.0;
        let upper = occ & m.upper.0;
        let ms1b = 0x8000_0000_0000_0000u64 >> (lower | 1).leading_zeros();
        all | ((upper ^ upper.wrapping_sub(ms1b)) & m.line_ex.0)
    })
}

#[inline(always)]
pub fn obstruction_difference_hoffmann(sq: usize, occ: u64) -> u64 {
    OBSTRUCTION_MASKS[sq].iter().fold(0, |all, m| {
        let lower = occ & m.lower.0;
        let upper = occ & m.upper.0;
        let ms1b = 0x8000_0000_0000_0000u64 >> (lower | 1).leading_zeros();
        let ls1b = upper & upper.wrapping_neg();
        all | ((ls1b << 1).wrapping_sub(ms1b) & m.line_ex.0)
    })
}

#[inline(always)]
pub fn sbamg(sq: usize, occ: u64) -> u64 {
    SBAMG_MASKS[sq].iter().fold(0, |all, m| {
        let o = (occ & m.line_ex.0) | m.outer.0;
        let closest = msb(o & m.lower.0);
        all | ((o ^ o.wrapping_sub(3 << closest)) & m.line_ex.0)
    })
}

#[inline(always)]
pub fn hyperbola_quintessence(sq: usize, occ: u64) -> u64 {
    let r = 1u64 << sq;
    let both_ways = |mask: u64| {
        let o = occ & mask;
        let up = o.wrapping_sub(r);
        let down = swap_bytes(swap_bytes(o).wrapping_sub(swap_bytes(r)));
        (up ^ down) & mask
    };
    let rank_shift = sq & !7;
    let inner = (occ >> (rank_shift + 1)) & 63;
    let rank = (FIRST_RANK_ATTACKS[sq & 7][inner as usize] as u64) << rank_shift;
    both_ways(LINE_EX[0][sq].0) | rank | both_ways(LINE_EX[2][sq].0) | both_ways(LINE_EX[3][sq].0)
}

/// The same with two lines in the lanes of one SIMD value: the file beside an idle lane, then
/// the two diagonals together; the rank from the table.
#[inline(always)]
pub fn hyperbola_quintessence_simd(sq: usize, occ: u64) -> u64 {
    let bit = Bitboard(1u64 << sq);
    let rank_shift = sq & !7;
    let inner = (occ >> (rank_shift + 1)) & 63;
    let rank = (FIRST_RANK_ATTACKS[sq & 7][inner as usize] as u64) << rank_shift;
    let file = lanes_both_ways(occ, Lanes::new(bit, Bitboard::EMPTY), Lanes::new(LINE_EX[0][sq], Bitboard::EMPTY));
    file | rank | lanes_both_ways(occ, Lanes::splat(bit), Lanes::new(LINE_EX[2][sq], LINE_EX[3][sq]))
}

/// Both directions of the lines in `mask`'s two lanes, OR-ed together.
#[inline(always)]
fn lanes_both_ways(occ: u64, r: Lanes, mask: Lanes) -> u64 {
    let o = Lanes::splat(Bitboard(occ)) & mask;
    let up = o.wrapping_sub(r);
    let down = o.swap_bytes().wrapping_sub(r.swap_bytes()).swap_bytes();
    let [a, b] = ((up ^ down) & mask).lanes();
    a.0 | b.0
}

/// The same with each lane's bits reversed instead of its bytes swapped, as on ARM: the file and
/// the rank share the lanes, then the two diagonals; no table but the line masks.
#[inline(always)]
pub fn hyperbola_quintessence_rbit(sq: usize, occ: u64) -> u64 {
    let rook = lanes_reversed(occ, sq, Lanes::new(LINE_EX[0][sq], LINE_EX[1][sq]));
    rook | lanes_reversed(occ, sq, Lanes::new(LINE_EX[2][sq], LINE_EX[3][sq]))
}

/// Both directions of the lines in `mask`'s two lanes, the second up the bit-reversed word.
#[inline(always)]
fn lanes_reversed(occ: u64, sq: usize, mask: Lanes) -> u64 {
    let o = Lanes::splat(Bitboard(occ)) & mask;
    let up = o.wrapping_sub(Lanes::splat(Bitboard(1 << sq)));
    let down = reverse_lanes(reverse_lanes(o).wrapping_sub(Lanes::splat(Bitboard(1 << 63 >> sq))));
    let [a, b] = ((up ^ down) & mask).lanes();
    a.0 | b.0
}

/// Each lane's 64 bits in reverse order: its bytes reversed, then each byte's two halves.
#[inline(always)]
fn reverse_lanes(x: Lanes) -> Lanes {
    let swapped = x.swap_bytes();
    let nibbles = Lanes::splat(Bitboard(0x0f0f_0f0f_0f0f_0f0f));
    (swapped & nibbles).swizzle(&REVERSED_INTO_HIGH) | ((swapped >> 4) & nibbles).swizzle(&REVERSED_INTO_LOW)
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;
/// (bit index change per step, the squares a step may land on) for the eight directions.
const STEPS: [(i32, u64); 8] =
    [(8, !0), (1, NOT_A), (9, NOT_A), (7, NOT_H), (-8, !0), (-1, NOT_H), (-9, NOT_H), (-7, NOT_A)];

#[inline(always)]
fn shift(x: u64, delta: i32) -> u64 {
    if delta > 0 {
        x << delta
    } else {
        x >> -delta
    }
}

#[inline(always)]
pub fn kogge_stone(sq: usize, occ: u64) -> u64 {
    let slider = 1u64 << sq;
    let empty = !(occ | slider);
    STEPS.iter().fold(0, |all, &(delta, landing)| {
        let (mut filled, mut free) = (slider, empty & landing);
        filled |= free & shift(filled, delta);
        free &= shift(free, delta);
        filled |= free & shift(filled, 2 * delta);
        free &= shift(free, 2 * delta);
        filled |= free & shift(filled, 4 * delta);
        all | (shift(filled, delta) & landing)
    })
}

#[inline(always)]
pub fn dumb7fill(sq: usize, occ: u64) -> u64 {
    let slider = 1u64 << sq;
    let empty = !(occ | slider);
    STEPS.iter().fold(0, |all, &(delta, landing)| {
        let free = empty & landing;
        let (mut flood, mut newest) = (slider, slider);
        for _ in 0..6 {
            newest = shift(newest, delta) & free;
            flood |= newest;
        }
        all | (shift(flood, delta) & landing)
    })
}

#[inline(always)]
pub fn kindergarten(sq: usize, occ: u64) -> u64 {
    let file = sq & 7;
    let gathered = |mask: u64| {
        let index = (occ & mask).wrapping_mul(B_FILE.0) >> 58;
        FILL_UP_ATTACKS[file][index as usize].0 & mask
    };
    let file_index = ((occ >> file) & A_FILE.0).wrapping_mul(C2_H7.0) >> 58;
    let file_attacks = A_FILE_ATTACKS[sq >> 3][file_index as usize].0 << file;
    file_attacks | gathered(LINE_EX[1][sq].0) | gathered(LINE_EX[2][sq].0) | gathered(LINE_EX[3][sq].0)
}

#[inline(always)]
pub fn magic(sq: usize, occ: u64) -> u64 {
    let table = attack_table();
    let read = |m: &Magic| {
        let index = (occ & m.mask.0).wrapping_mul(m.number.0) >> m.shift;
        table[m.offset as usize + index as usize].0
    };
    read(&ROOK[sq]) | read(&BISHOP[sq])
}

/// PEXT bitboards: the pieces under the mask, packed by pext, are the index (the instruction
/// where the build targets BMI2, six rounds of shifts elsewhere).
pub fn pext(sq: usize, occ: u64) -> u64 {
    use sliders::techniques::pext::{attack_table, PextEntry, BISHOP, ROOK};
    let table = attack_table();
    let read = |e: &PextEntry| table[e.offset as usize + e.mask.extract(sliders::Bitboard(occ)).0 as usize].0;
    read(&ROOK[sq]) | read(&BISHOP[sq])
}
