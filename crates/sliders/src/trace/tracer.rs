//! The `Tracer` API: the helpers `#[traced]` sends each commented operation through, which
//! compute the value and hand a `Step` to `Tracer::record`; and the words they work on.

use super::order::WordOrder;
use super::step::{Focus, Lane, Op, Scan, Site, Step, Value};
use crate::{Bitboard, ByteTable, Lanes, Line, PextMask, Square};

/// What a table read shows as its index: the number of the entry read.
pub trait TableIndex {
    fn number(&self) -> u32;
}

impl TableIndex for usize {
    // Always inlined: the fast path passes the number to `NoTrace`, which drops it, and an
    // out-of-line call in the size-built module kept that work in every lookup.
    #[inline(always)]
    fn number(&self) -> u32 {
        *self as u32
    }
}

impl TableIndex for Square {
    // As for usize: inlined, so the fast path computes nothing for a tracer that drops it.
    #[inline(always)]
    fn number(&self) -> u32 {
        self.index()
    }
}

/// What a table read gives the code, and the set of squares its step shows: a bitboard is
/// both; a first-rank byte shows as rank 1 and is used as a bitboard.
pub trait TableEntry {
    type Read;
    fn read(self) -> (Bitboard, Self::Read);
}

impl TableEntry for Bitboard {
    type Read = Bitboard;
    fn read(self) -> (Bitboard, Bitboard) {
        (self, self)
    }
}

impl TableEntry for u8 {
    type Read = Bitboard;
    fn read(self) -> (Bitboard, Bitboard) {
        (Bitboard(self as u64), Bitboard(self as u64))
    }
}

/// Receives the steps of a technique. Implementors only provide [`Tracer::record`].
pub trait Tracer {
    /// False for a tracer that keeps nothing: its helpers then never build a [`Step`], whose
    /// owned-or-borrowed text would otherwise stay in the fast path's code.
    const RECORDS: bool = true;

    fn record(&mut self, step: Step);

    /// Says which line, ray or piece the following steps work on.
    #[inline(always)]
    fn focus(&mut self, _focus: Focus) {}

    /// Says how the following steps' values hold the board: as it stands, or byte-swapped.
    #[inline(always)]
    fn word_order(&mut self, _order: WordOrder) {}

    /// Says that the next step moves the board by `bits` (negative: towards a1), and the steps
    /// after it work on the moved board, until the next call: the page then draws the slider
    /// where its bit went. The next step's first operand is still the board before the move.
    #[inline(always)]
    fn moved(&mut self, _bits: i8) {}

    #[inline(always)]
    #[track_caller]
    fn and<W: Word>(&mut self, site: &'static Site, a: W, b: W) -> W {
        let result = a & b;
        W::record(self, site, Op::And, a, Some(b), result)
    }

    #[inline(always)]
    #[track_caller]
    fn or<W: Word>(&mut self, site: &'static Site, a: W, b: W) -> W {
        let result = a | b;
        W::record(self, site, Op::Or, a, Some(b), result)
    }

    #[inline(always)]
    #[track_caller]
    fn xor<W: Word>(&mut self, site: &'static Site, a: W, b: W) -> W {
        let result = a ^ b;
        W::record(self, site, Op::Xor, a, Some(b), result)
    }

    #[inline(always)]
    #[track_caller]
    fn sub<W: Word>(&mut self, site: &'static Site, a: W, b: W) -> W {
        let result = a.wrapping_sub(b);
        W::record(self, site, Op::Sub, a, Some(b), result)
    }

    #[inline(always)]
    #[track_caller]
    fn not(&mut self, site: &'static Site, a: Bitboard) -> Bitboard {
        let result = !a;
        self.unary(site, Op::Not, a, Value::Board(result));
        result
    }

    #[inline(always)]
    #[track_caller]
    fn neg(&mut self, site: &'static Site, a: Bitboard) -> Bitboard {
        let result = Bitboard(a.0.wrapping_neg());
        self.unary(site, Op::Neg, a, Value::Board(result));
        result
    }

    #[inline(always)]
    #[track_caller]
    fn mul(&mut self, site: &'static Site, a: Bitboard, b: Bitboard) -> Bitboard {
        let result = Bitboard(a.0.wrapping_mul(b.0));
        self.binary(site, Op::Mul, a, b, result)
    }

    /// Reverses the order of the bytes, which mirrors the board top to bottom (ranks flip); on
    /// [`Lanes`], each lane's bytes.
    #[inline(always)]
    #[track_caller]
    fn bswap<W: Word>(&mut self, site: &'static Site, a: W) -> W {
        let result = a.swap_bytes();
        W::record(self, site, Op::ByteSwap, a, None, result)
    }

    /// Says which line each lane of the following [`Lanes`] steps holds (`None`: idle), until
    /// the next call; `None` ends the lanes.
    #[inline(always)]
    fn lanes(&mut self, _lines: Option<[Option<Line>; 2]>) {}

    #[doc(hidden)]
    #[inline(always)]
    #[track_caller]
    fn lane_steps(&mut self, site: &'static Site, op: Op, a: Lanes, b: Option<[Value; 2]>, result: Lanes) -> Lanes {
        if Self::RECORDS {
            record_lanes(self, site, op, a, b, result);
        }
        result
    }

    /// Each byte of both lanes replaced by the byte of `table` it numbers, or by zero for a number
    /// past 15 (`i8x16.swizzle`).
    #[inline(always)]
    #[track_caller]
    fn swizzle(&mut self, site: &'static Site, table: &'static ByteTable, a: Lanes) -> Lanes {
        let result = a.swizzle(table);
        self.lane_steps(site, Op::Swizzle(table), a, None, result)
    }

    /// The bits of `a` under `mask`, packed into the low bits (see [`PextMask::extract`]).
    #[inline(always)]
    #[track_caller]
    fn pext(&mut self, site: &'static Site, a: Bitboard, mask: PextMask) -> Bitboard {
        let result = mask.extract(a);
        self.binary(site, Op::Pext, a, mask.bits(), result)
    }

    /// `a + b` on numbers, such as a table's offset plus an index into it.
    #[inline(always)]
    #[track_caller]
    fn add(&mut self, site: &'static Site, a: u32, b: u32) -> u32 {
        let result = a.wrapping_add(b);
        if Self::RECORDS {
            self.record(Step::at(
                site,
                Op::Add,
                Value::Number(a.into()),
                Some(Value::Number(b.into())),
                Value::Number(result.into()),
            ));
        }
        result
    }

    /// `a << amount`; amounts of 64 or more give the empty set, as the articles assume.
    #[inline(always)]
    #[track_caller]
    fn shl(&mut self, site: &'static Site, a: Bitboard, amount: u32) -> Bitboard {
        let result = Bitboard(a.0.checked_shl(amount).unwrap_or(0));
        self.shift(site, Op::Shl, a, amount, result)
    }

    /// `a >> amount`; on a bitboard, amounts of 64 or more give the empty set; on [`Lanes`],
    /// each lane shifted (amounts below 64).
    #[inline(always)]
    #[track_caller]
    fn shr<W: Word>(&mut self, site: &'static Site, a: W, amount: u32) -> W {
        let result = a.shr(amount);
        W::record_shift(self, site, Op::Shr, a, amount, result)
    }

    /// The square of the least significant one bit. `a` must not be empty; for the empty
    /// set this returns 64 & 63 = a1, which callers never rely on.
    #[inline(always)]
    #[track_caller]
    fn bsf(&mut self, site: &'static Site, a: Bitboard) -> Square {
        let index = a.0.trailing_zeros();
        self.unary(site, Op::Scan(Scan::Forward), a, Value::Number(index.into()));
        Square::from_index(index)
    }

    /// The square of the most significant one bit. `a` must not be empty.
    #[inline(always)]
    #[track_caller]
    fn bsr(&mut self, site: &'static Site, a: Bitboard) -> Square {
        let index = 63 ^ a.0.leading_zeros();
        self.unary(site, Op::Scan(Scan::Reverse), a, Value::Number(index.into()));
        Square::from_index(index)
    }

    #[inline(always)]
    #[track_caller]
    fn lzcnt(&mut self, site: &'static Site, a: Bitboard) -> u32 {
        let count = a.0.leading_zeros();
        self.unary(site, Op::Scan(Scan::LeadingZeros), a, Value::Number(count.into()));
        count
    }

    #[inline(always)]
    #[track_caller]
    fn tzcnt(&mut self, site: &'static Site, a: Bitboard) -> u32 {
        let count = a.0.trailing_zeros();
        self.unary(site, Op::Scan(Scan::TrailingZeros), a, Value::Number(count.into()));
        count
    }

    /// Records that `entry` was read from a table at `index`; the read itself is the caller's.
    #[inline(always)]
    #[track_caller]
    fn lookup(&mut self, site: &'static Site, index: u32, entry: Bitboard) -> Bitboard {
        self.unary_value(site, Op::Lookup, Value::Number(index.into()), Value::Board(entry));
        entry
    }

    /// Records a whole ray walked square by square (the reference technique's only step kind).
    #[inline(always)]
    #[track_caller]
    fn ray_walk(&mut self, site: &'static Site, occupied: Bitboard, attacks: Bitboard) -> Bitboard {
        self.unary(site, Op::RayWalk, occupied, Value::Board(attacks));
        attacks
    }

    #[doc(hidden)]
    #[inline(always)]
    #[track_caller]
    fn binary(&mut self, site: &'static Site, op: Op, a: Bitboard, b: Bitboard, result: Bitboard) -> Bitboard {
        if Self::RECORDS {
            self.record(Step::at(site, op, Value::Board(a), Some(Value::Board(b)), Value::Board(result)));
        }
        result
    }

    #[doc(hidden)]
    #[inline(always)]
    #[track_caller]
    fn shift(&mut self, site: &'static Site, op: Op, a: Bitboard, amount: u32, result: Bitboard) -> Bitboard {
        if Self::RECORDS {
            self.record(Step::at(site, op, Value::Board(a), Some(Value::Number(amount.into())), Value::Board(result)));
        }
        result
    }

    #[doc(hidden)]
    #[inline(always)]
    #[track_caller]
    fn unary(&mut self, site: &'static Site, op: Op, a: Bitboard, result: Value) {
        self.unary_value(site, op, Value::Board(a), result)
    }

    #[doc(hidden)]
    #[inline(always)]
    #[track_caller]
    fn unary_value(&mut self, site: &'static Site, op: Op, a: Value, result: Value) {
        if Self::RECORDS {
            self.record(Step::at(site, op, a, None, result));
        }
    }
}

/// Records one step per lane of an operation on [`Lanes`], lane 0 first.
#[track_caller]
pub(super) fn record_lanes<T: Tracer + ?Sized>(
    t: &mut T,
    site: &'static Site,
    op: Op,
    a: Lanes,
    b: Option<[Value; 2]>,
    result: Lanes,
) {
    let (a, values) = (a.lanes(), result.lanes());
    for index in 0..2 {
        let rhs = b.map(|b| b[index]);
        let mut step = Step::at(site, op, Value::Board(a[index]), rhs, Value::Board(values[index]));
        step.lane = Some(Lane { index: index as u8, line: None });
        t.record(step);
    }
}

/// What the tracer's bitwise helpers work on: one bitboard, or two in the lanes of a SIMD value
/// ([`Lanes`]), whose every operation records one step per lane.
pub trait Word:
    Copy + core::ops::BitAnd<Output = Self> + core::ops::BitOr<Output = Self> + core::ops::BitXor<Output = Self>
{
    fn wrapping_sub(self, other: Self) -> Self;
    fn swap_bytes(self) -> Self;
    fn shr(self, amount: u32) -> Self;
    #[doc(hidden)]
    fn record_shift<T: Tracer + ?Sized>(
        t: &mut T,
        site: &'static Site,
        op: Op,
        a: Self,
        amount: u32,
        result: Self,
    ) -> Self;
    #[doc(hidden)]
    fn record<T: Tracer + ?Sized>(
        t: &mut T,
        site: &'static Site,
        op: Op,
        a: Self,
        b: Option<Self>,
        result: Self,
    ) -> Self;
}

impl Word for Bitboard {
    #[inline(always)]
    fn wrapping_sub(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0.wrapping_sub(other.0))
    }

    #[inline(always)]
    fn swap_bytes(self) -> Bitboard {
        Bitboard::swap_bytes(self)
    }

    #[inline(always)]
    fn shr(self, amount: u32) -> Bitboard {
        Bitboard(self.0.checked_shr(amount).unwrap_or(0))
    }

    #[inline(always)]
    #[track_caller]
    fn record_shift<T: Tracer + ?Sized>(
        t: &mut T,
        site: &'static Site,
        op: Op,
        a: Self,
        amount: u32,
        result: Self,
    ) -> Self {
        t.shift(site, op, a, amount, result)
    }

    #[inline(always)]
    #[track_caller]
    fn record<T: Tracer + ?Sized>(
        t: &mut T,
        site: &'static Site,
        op: Op,
        a: Self,
        b: Option<Self>,
        result: Self,
    ) -> Self {
        match b {
            Some(b) => t.binary(site, op, a, b, result),
            None => {
                t.unary(site, op, a, Value::Board(result));
                result
            }
        }
    }
}

impl Word for Lanes {
    #[inline(always)]
    fn wrapping_sub(self, other: Lanes) -> Lanes {
        Lanes::wrapping_sub(self, other)
    }

    #[inline(always)]
    fn swap_bytes(self) -> Lanes {
        Lanes::swap_bytes(self)
    }

    #[inline(always)]
    fn shr(self, amount: u32) -> Lanes {
        self >> amount
    }

    #[inline(always)]
    #[track_caller]
    fn record_shift<T: Tracer + ?Sized>(
        t: &mut T,
        site: &'static Site,
        op: Op,
        a: Self,
        amount: u32,
        result: Self,
    ) -> Self {
        t.lane_steps(site, op, a, Some([Value::Number(amount.into()); 2]), result)
    }

    #[inline(always)]
    #[track_caller]
    fn record<T: Tracer + ?Sized>(
        t: &mut T,
        site: &'static Site,
        op: Op,
        a: Self,
        b: Option<Self>,
        result: Self,
    ) -> Self {
        t.lane_steps(site, op, a, b.map(|b| b.lanes().map(Value::Board)), result)
    }
}
