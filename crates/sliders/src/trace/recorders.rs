//! The two tracers: `NoTrace`, the fast path, and `Recorder`, which keeps every step.

use alloc::vec::Vec;

use super::order::WordOrder;
use super::step::{Focus, Op, Site, Step, Value};
use super::tracer::{record_lanes, Tracer};
use crate::{Bitboard, Lanes, Line};

/// The fast path: records nothing, so every step compiles down to its bare operation.
pub struct NoTrace;

impl Tracer for NoTrace {
    const RECORDS: bool = false;

    #[inline(always)]
    fn record(&mut self, _step: Step) {}
}

/// Keeps every step, stamping each with the focus in force when it was taken.
#[derive(Default)]
pub struct Recorder {
    pub steps: Vec<Step>,
    focus: Option<Focus>,
    order: WordOrder,
    /// How far the board is moved from the next step on, and for that step's first operand.
    moved: i8,
    operand_moved: i8,
    /// The line each lane holds, while the technique works on [`Lanes`].
    lanes: Option<[Option<Line>; 2]>,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder::default()
    }

    /// Empties the recorder for reuse without giving back its memory.
    pub fn clear(&mut self) {
        self.steps.clear();
        self.focus = None;
        self.order = WordOrder::Board;
        self.moved = 0;
        self.operand_moved = 0;
        self.lanes = None;
    }
}

// The recorder takes each step out of line: a traced technique then holds one call per step
// instead of a `Step` built in place, which makes the traced paths in the page's wasm about a
// third smaller. The fast path keeps the inlined helpers, where recording nothing vanishes.
impl Tracer for Recorder {
    fn record(&mut self, mut step: Step) {
        step.focus = self.focus.unwrap_or(Focus::Piece);
        step.order = self.order;
        step.moved = self.moved;
        step.operand_moved = self.operand_moved;
        // A lane's step works on the line that lane holds.
        if let (Some(lane), Some(lines)) = (&mut step.lane, self.lanes) {
            lane.line = lines[lane.index as usize & 1];
            if let Some(line) = lane.line {
                step.focus = Focus::Line(line);
            }
        }
        // Only the step that moves the board takes its operand from before the move: both of
        // its steps, for an operation on two lanes.
        if step.lane.is_none_or(|lane| lane.index == 1) {
            self.operand_moved = self.moved;
        }
        self.steps.push(step);
    }

    #[inline(never)]
    #[track_caller]
    fn binary(&mut self, site: &'static Site, op: Op, a: Bitboard, b: Bitboard, result: Bitboard) -> Bitboard {
        self.record(Step::at(site, op, Value::Board(a), Some(Value::Board(b)), Value::Board(result)));
        result
    }

    #[inline(never)]
    #[track_caller]
    fn shift(&mut self, site: &'static Site, op: Op, a: Bitboard, amount: u32, result: Bitboard) -> Bitboard {
        self.record(Step::at(site, op, Value::Board(a), Some(Value::Number(amount.into())), Value::Board(result)));
        result
    }

    #[inline(never)]
    #[track_caller]
    fn unary_value(&mut self, site: &'static Site, op: Op, a: Value, result: Value) {
        self.record(Step::at(site, op, a, None, result));
    }

    #[inline(never)]
    #[track_caller]
    fn lane_steps(&mut self, site: &'static Site, op: Op, a: Lanes, b: Option<[Value; 2]>, result: Lanes) -> Lanes {
        record_lanes(self, site, op, a, b, result);
        result
    }

    fn focus(&mut self, focus: Focus) {
        self.focus = Some(focus);
    }

    fn word_order(&mut self, order: WordOrder) {
        self.order = order;
    }

    fn lanes(&mut self, lines: Option<[Option<Line>; 2]>) {
        self.lanes = lines;
    }

    fn moved(&mut self, bits: i8) {
        self.operand_moved = self.moved;
        self.moved = bits;
    }
}
