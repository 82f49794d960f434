//! The step vocabulary: what a step did (`Op`), its values, where it was written (`Place`),
//! what its source calls its operands, and the trace the steps make.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::panic::Location;

use super::order::WordOrder;
use crate::{Bitboard, ByteTable, Direction, Line, Slider, Square};

/// What a step did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Op {
    And,
    Or,
    Xor,
    Not,
    /// Two's complement, `-x`.
    Neg,
    /// Wrapping subtraction; the interesting one, for its borrow.
    Sub,
    Shl,
    Shr,
    /// A bit scan: the first one bit from one end, as its index or the zero bits before it.
    Scan(Scan),
    /// Wrapping multiplication: kindergarten and magic bitboards gather scattered bits with it.
    Mul,
    /// Unsigned division, the quotient rounded down: a square's rank as `sq / 8`.
    Div,
    /// The remainder of unsigned division: a square's file as `sq % 8`.
    Rem,
    /// Byte swap, `swap_bytes`: rank 1 trades places with rank 8, rank 2 with rank 7, …
    ByteSwap,
    /// Adding two numbers, such as a table's offset and an index into it.
    Add,
    /// Reading a precomputed table entry.
    Lookup,
    /// The reference technique's square-by-square walk along one ray.
    RayWalk,
    /// The number of one bits (`i64.popcnt` in wasm).
    Popcount,
    /// Rotations: the bits that leave one end come back in at the other.
    RotateLeft,
    RotateRight,
    /// The least significant one bit alone.
    LowestBit,
    /// The most significant one bit alone.
    HighestBit,
    /// Parallel bit extract: the bits under a mask, gathered into the low bits.
    Pext,
    /// Parallel bit deposit: the low bits, scattered to the mask's one bits.
    Pdep,
    /// A comparison of two numbers, 1 when it holds and 0 when not.
    Compare(Comparison),
    /// `!x`: 1 for zero, 0 for anything else.
    LogicalNot,
    /// `a && b`: 1 when both are nonzero; b is not computed when a is zero.
    LogicalAnd,
    /// `a || b`: 1 when either is nonzero; b is not computed when a is nonzero.
    LogicalOr,
    /// `c ? a : b`: the first operand is the condition, the result the value chosen.
    Select,
    /// An `if`'s test: the operand is the condition, the result 1 when the `if`'s own branch
    /// runs and 0 when its `else` runs (or nothing does).
    Branch,
    /// A `switch`'s case test: the operand is whether the value switched on is one of the
    /// case's, the result 1 when the case's statements run and 0 when the switch goes on to
    /// the cases after it.
    Case,
    /// A loop's test: the operand is the test's value, the second the run of the body it
    /// allows (1 for the first), the result 1 when the body runs again and 0 when the loop ends.
    Loop,
    /// A mask from the board's geometry, read for a square: its bit, its line, or a ray.
    Mask(Mask),
    /// Each byte replaced by the byte of this 16-byte table that it numbers (`i8x16.swizzle`):
    /// sixteen table reads in one instruction, from a table held in a register.
    Swizzle(&'static ByteTable),
}

/// The truths an operation's result can be ([`Op::truth`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Truth {
    /// Whether the comparison holds.
    Comparison(Comparison),
    /// Whether a logical operation (`!`, `&&`, `||`) is true.
    Logical,
    /// Whether an `if`'s own branch runs.
    IfTest,
    /// Whether a `switch`'s case's statements run.
    CaseTest,
    /// Whether a loop's body runs again.
    LoopTest,
}

/// The comparisons of a reader's formula.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Comparison {
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal,
    NotEqual,
}

impl Comparison {
    pub const fn symbol(self) -> &'static str {
        match self {
            Comparison::Less => "<",
            Comparison::LessEqual => "<=",
            Comparison::Greater => ">",
            Comparison::GreaterEqual => ">=",
            Comparison::Equal => "==",
            Comparison::NotEqual => "!=",
        }
    }

    pub const fn holds(self, a: u64, b: u64) -> bool {
        match self {
            Comparison::Less => a < b,
            Comparison::LessEqual => a <= b,
            Comparison::Greater => a > b,
            Comparison::GreaterEqual => a >= b,
            Comparison::Equal => a == b,
            Comparison::NotEqual => a != b,
        }
    }
}

/// The geometry masks a formula can read for a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Mask {
    /// The square's own bit.
    Bit,
    /// The whole line through the square, the square included.
    Line(Line),
    /// The ray from the square, the square excluded.
    Ray(Direction),
}

impl Mask {
    /// The function that reads it in a formula.
    pub const fn function(self) -> &'static str {
        match self {
            Mask::Bit => "bit",
            Mask::Line(Line::Rank) => "rank",
            Mask::Line(Line::File) => "file",
            Mask::Line(Line::Diagonal) => "diagonal",
            Mask::Line(Line::AntiDiagonal) => "antidiagonal",
            Mask::Ray(_) => "ray",
        }
    }

    pub fn of(self, square: Square) -> Bitboard {
        match self {
            Mask::Bit => square.bit(),
            Mask::Line(line) => crate::line_without(square, line) | square.bit(),
            Mask::Ray(direction) => crate::ray(square, direction),
        }
    }
}

impl Op {
    /// The operator as the diagrams write it between operands.
    pub const fn symbol(self) -> &'static str {
        match self {
            Op::And => "&",
            Op::Or => "|",
            Op::Xor => "^",
            Op::Not => "~",
            Op::Neg => "-",
            Op::Sub => "-",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::Scan(scan) => scan.symbol(),
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::ByteSwap => "bswap",
            Op::Add => "+",
            Op::Lookup => "lookup",
            Op::RayWalk => "walk",
            Op::Popcount => "popcount",
            Op::RotateLeft => "rotl",
            Op::RotateRight => "rotr",
            Op::LowestBit => "ls1b",
            Op::HighestBit => "ms1b",
            Op::Pext => "pext",
            Op::Pdep => "pdep",
            Op::Compare(comparison) => comparison.symbol(),
            Op::LogicalNot => "!",
            Op::LogicalAnd => "&&",
            Op::LogicalOr => "||",
            Op::Select => "?",
            Op::Branch => "if",
            Op::Case => "case",
            Op::Loop => "while",
            Op::Mask(mask) => mask.function(),
            Op::Swizzle(_) => "swizzle",
        }
    }

    /// What truth its result is, for an operation whose result is 1 or 0: a comparison, a
    /// logical operation, an `if`'s test or a loop's. Predict mode asks yes or no of it.
    pub const fn truth(self) -> Option<Truth> {
        match self {
            Op::Compare(comparison) => Some(Truth::Comparison(comparison)),
            Op::LogicalNot | Op::LogicalAnd | Op::LogicalOr => Some(Truth::Logical),
            Op::Branch => Some(Truth::IfTest),
            Op::Case => Some(Truth::CaseTest),
            Op::Loop => Some(Truth::LoopTest),
            Op::And
            | Op::Or
            | Op::Xor
            | Op::Not
            | Op::Neg
            | Op::Sub
            | Op::Shl
            | Op::Shr
            | Op::Scan(_)
            | Op::Mul
            | Op::Div
            | Op::Rem
            | Op::ByteSwap
            | Op::Add
            | Op::Lookup
            | Op::RayWalk
            | Op::Popcount
            | Op::RotateLeft
            | Op::RotateRight
            | Op::LowestBit
            | Op::HighestBit
            | Op::Pext
            | Op::Pdep
            | Op::Select
            | Op::Mask(_)
            | Op::Swizzle(_) => None,
        }
    }

    /// Whether its result is a truth, 1 or 0 ([`Op::truth`]).
    pub const fn gives_truth(self) -> bool {
        self.truth().is_some()
    }

    /// True for the register operations a CPU executes; table reads and the reference
    /// walk are counted apart.
    pub const fn is_arithmetic(self) -> bool {
        !matches!(self, Op::Lookup | Op::RayWalk | Op::Mask(_))
    }

    /// The bit scan this operation is, if it is one: a projection, as `Option::as_ref` is,
    /// not a decision about each operation.
    pub const fn scan(self) -> Option<Scan> {
        if let Op::Scan(scan) = self {
            Some(scan)
        } else {
            None
        }
    }
}

/// The four bit scans: each looks for the first one bit from one end of the word, and gives
/// its index or the number of zero bits before it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Scan {
    /// The lowest one bit's index.
    Forward,
    /// The highest one bit's index.
    Reverse,
    /// The zero bits above the highest one bit (`i64.clz`).
    LeadingZeros,
    /// The zero bits below the lowest one bit (`i64.ctz`).
    TrailingZeros,
}

impl Scan {
    /// Whether the scan starts at bit 63 and goes down.
    pub const fn from_top(self) -> bool {
        match self {
            Scan::Reverse | Scan::LeadingZeros => true,
            Scan::Forward | Scan::TrailingZeros => false,
        }
    }

    /// Its name, as the diagrams write it.
    pub const fn symbol(self) -> &'static str {
        match self {
            Scan::Forward => "bsf",
            Scan::Reverse => "bsr",
            Scan::LeadingZeros => "lzcnt",
            Scan::TrailingZeros => "tzcnt",
        }
    }

    /// Whether its answer is a count of zero bits rather than an index.
    pub const fn counts_zeros(self) -> bool {
        match self {
            Scan::LeadingZeros | Scan::TrailingZeros => true,
            Scan::Forward | Scan::Reverse => false,
        }
    }
}

/// An operand or result: a set of squares, or a number (an index, a count, a shift).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Value {
    Board(Bitboard),
    /// A number, not a set of squares: a square's index, a count, a table index or a shift's
    /// amount, and in a formula any 64-bit number it computes.
    Number(u64),
    /// A number of one of C's signed types, in a formula read as C (an `int`, a `long
    /// long`): it may be below zero.
    Signed(i64),
}

impl Value {
    pub const fn board(self) -> Option<Bitboard> {
        match self {
            Value::Board(board) => Some(board),
            Value::Number(_) | Value::Signed(_) => None,
        }
    }

    /// A number's 64 bits: a signed one's two's complement.
    pub const fn number(self) -> Option<u64> {
        match self {
            Value::Number(n) => Some(n),
            Value::Signed(n) => Some(n as u64),
            Value::Board(_) => None,
        }
    }
}

impl core::fmt::Display for Value {
    /// A number as it reads (`-3`, `27`), a board as its hex word.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Value::Number(n) => write!(f, "{n}"),
            Value::Signed(n) => write!(f, "{n}"),
            Value::Board(board) => write!(f, "{:#018x}", board.0),
        }
    }
}

/// Which part of the slider's attacks a step works on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Focus {
    Piece,
    /// A queen's rook part or bishop part, read as a whole (magic's two table reads).
    Part(Slider),
    Line(Line),
    Ray(Direction),
}

/// Which lane of a two-lane SIMD value a step shows, and the line it holds there.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Lane {
    /// 0 or 1.
    pub index: u8,
    /// The line whose squares the lane works on; `None` for an idle lane, which holds no line.
    pub line: Option<Line>,
}

/// What the source says of one traced expression: its text, its why, and what it calls its
/// operands and its result. `#[traced]` writes one as a constant for each commented operation
/// of a technique, from the expression's syntax tree, so the names are never cut from the label.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Site {
    /// The expression as the file spells it, and ` = name` when a `let` binds it.
    pub label: &'static str,
    /// The comment above the expression.
    pub why: &'static str,
    /// The first operand's text as written (a table read's index without its casts; a walk's
    /// occupancy), or the name it is shown by.
    pub lhs: &'static str,
    /// The second operand's text, or its name; empty when the source spells none (a shift's
    /// amount, which its direction makes).
    pub rhs: &'static str,
    /// The name the step's value is bound to, as shown; empty when none is.
    pub result: &'static str,
    /// How many operands are fields of a table entry the function bound by reference, read
    /// here for the first time (`masks.lower` after `let masks = &OBSTRUCTION_MASKS[…][…]`):
    /// each is a read from that table, as a `Lookup` step is.
    pub table_fields: u8,
}

impl Site {
    /// A site whose operands have no names of their own: for a test's hand-made steps.
    pub const fn unnamed(label: &'static str, why: &'static str) -> Site {
        Site { label, why, lhs: "", rhs: "", result: "", table_fields: 0 }
    }
}

/// What a step's source calls its operands and its result: [`Site`]'s names, owned where a
/// reader's formula made them.
#[derive(Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct Operands {
    pub lhs: Cow<'static, str>,
    pub rhs: Cow<'static, str>,
    /// The name the step's value is bound to; empty when none is.
    pub result: Cow<'static, str>,
    /// Operands read from a table entry's fields here for the first time ([`Site::table_fields`]).
    pub table_fields: u8,
}

/// One operation of a technique, with its inputs, its output and the source line that did it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// What the step computes: its expression as the technique's file spells it (written there
    /// under `#[traced]`), and ` = name` when a `let` binds it. A reader's formula gives its
    /// own text, so a label is borrowed from a technique's source or owned.
    pub label: Cow<'static, str>,
    /// Why the technique takes this step: the comment above the expression in the technique's file.
    pub why: Cow<'static, str>,
    pub op: Op,
    pub lhs: Value,
    pub rhs: Option<Value>,
    pub result: Value,
    /// Where the expression that produced this step stands: a technique's file, or the
    /// reader's typed formula.
    pub place: Place,
    /// What the source calls the operands and the result, from its syntax tree.
    pub operands: Operands,
    pub focus: Focus,
    /// How the values hold the board: in a turned word a borrow that runs up the word runs
    /// down the real board.
    pub order: WordOrder,
    /// The values are the board moved by this many bits (negative: towards a1), as after
    /// `occupied >> file`: the slider's bit stands `moved` bits from its square.
    pub moved: i8,
    /// The same for the first operand, which differs on the step that moves the board.
    pub operand_moved: i8,
    /// For one operation on a two-lane SIMD value ([`Lanes`]): which lane this step shows. The
    /// operation records one step per lane, lane 0 then lane 1, with the same label.
    pub lane: Option<Lane>,
    /// The step's sentence, said where it was recorded, for a reader that does not carry what
    /// computes it: the formula module says a formula's own operations (division, counts,
    /// comparisons, …) and sends the sentence with the step, so the page's first load need not
    /// hold those sentences. `None` for a technique's steps, which every reader can say.
    pub sentence: Option<Cow<'static, str>>,
    /// The C integer type the operation computes in, for a formula read as C; `None` for the
    /// lab's 64-bit words and every technique's step.
    pub int: Option<IntType>,
}

/// A C integer type, as a step needs it said: its width and whether it is signed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct IntType {
    pub bits: u8,
    pub signed: bool,
}

impl IntType {
    /// As C names it: `int`, `unsigned int`, `long long`, …
    pub const fn name(self) -> &'static str {
        match (self.bits, self.signed) {
            (8, true) => "signed char",
            (8, false) => "unsigned char",
            (16, true) => "short",
            (16, false) => "unsigned short",
            (32, true) => "int",
            (32, false) => "unsigned int",
            (64, true) => "long long",
            _ => "unsigned long long",
        }
    }

    /// A value's 64-bit word read as a number of this type.
    pub const fn read(self, word: u64) -> i128 {
        if self.signed {
            word as i64 as i128
        } else {
            word as i128
        }
    }
}

impl Step {
    /// The step taken where the tracer's helper was called from. Out of line: every traced
    /// operation of every technique records through here, and built in place the step's fields
    /// would be written out at each of them (the fast path never calls it).
    #[inline(never)]
    #[track_caller]
    pub(super) fn at(site: &'static Site, op: Op, lhs: Value, rhs: Option<Value>, result: Value) -> Step {
        let caller = Location::caller();
        Step {
            label: Cow::Borrowed(site.label),
            why: Cow::Borrowed(site.why),
            op,
            lhs,
            rhs,
            result,
            place: Place::File { file: caller.file(), line: caller.line(), column: caller.column() },
            operands: Operands {
                lhs: Cow::Borrowed(site.lhs),
                rhs: Cow::Borrowed(site.rhs),
                result: Cow::Borrowed(site.result),
                table_fields: site.table_fields,
            },
            focus: Focus::Piece,
            order: WordOrder::Board,
            moved: 0,
            operand_moved: 0,
            lane: None,
            sentence: None,
            int: None,
        }
    }

    /// The square a bit scan's result numbers, `bsq = bsr(…)` of a board with a one bit: the
    /// index is that square's. `None` for every other step, for a count of zero bits, and for a
    /// scan of a turned word, whose index numbers a square of the turned board.
    pub fn result_square(&self) -> Option<Square> {
        // Of every operation, only a scan's number is a bit's index.
        let Op::Scan(scan) = self.op else { return None };
        let (Value::Board(scanned), Value::Number(index)) = (self.lhs, self.result) else { return None };
        let numbers_a_bit = !scan.counts_zeros() && index < 64 && scanned.0 != 0;
        (numbers_a_bit && !self.order.is_turned()).then(|| Square::from_index(index as u32))
    }

    /// How the first operand holds the board: as the result does, except across a byte swap or
    /// a reversal of each byte's bits, whose operand is in the order before it.
    pub const fn operand_order(&self) -> WordOrder {
        match self.op {
            Op::ByteSwap => self.order.bytes_swapped(),
            Op::Swizzle(_) => self.order.bits_reversed_in_bytes(),
            Op::And
            | Op::Or
            | Op::Xor
            | Op::Not
            | Op::Neg
            | Op::Sub
            | Op::Shl
            | Op::Shr
            | Op::Scan(_)
            | Op::Mul
            | Op::Div
            | Op::Rem
            | Op::Add
            | Op::Lookup
            | Op::RayWalk
            | Op::Popcount
            | Op::RotateLeft
            | Op::RotateRight
            | Op::LowestBit
            | Op::HighestBit
            | Op::Pext
            | Op::Pdep
            | Op::Compare(_)
            | Op::LogicalNot
            | Op::LogicalAnd
            | Op::LogicalOr
            | Op::Select
            | Op::Branch
            | Op::Case
            | Op::Loop
            | Op::Mask(_) => self.order,
        }
    }

    /// How a heading names the board the step's values show: a turned word's board, and how
    /// far the word is moved ("mirrored board, moved 4 bits down"); nothing for the board as it
    /// stands, moved or not. Where the operand holds the board in another order than the
    /// result (a byte swap, a swizzle), both: "operand on the board, result on the mirrored
    /// board".
    pub fn board_note(&self) -> Option<String> {
        let frame = |order: WordOrder, moved: i8| {
            order.board_note().map(|note| match moved {
                0 => String::from(note),
                bits if bits < 0 => format!("{note}, moved {} bits down", bits.unsigned_abs()),
                bits => format!("{note}, moved {bits} bits up"),
            })
        };
        let result = frame(self.order, self.moved);
        let operand_order = self.operand_order();
        if operand_order == self.order {
            return result;
        }
        let on = |frame: Option<String>| frame.unwrap_or_else(|| String::from("board"));
        let operand = frame(operand_order, self.operand_moved);
        Some(format!("operand on the {}; result on the {}", on(operand), on(result)))
    }

    /// The step's expression as its source spells it: the label without the ` = name` a `let`
    /// binds it to.
    pub fn expression(&self) -> &str {
        self.label.split(" = ").next().unwrap_or(&self.label)
    }

    /// For a subtraction, the borrow each bit received from the bit below it:
    /// `a ^ b ^ (a - b)`. A run of ones is the borrow walking up through zero bits of `a`.
    pub fn borrow_chain(&self) -> Option<Bitboard> {
        match (self.op, self.lhs, self.rhs, self.result) {
            (Op::Sub, Value::Board(a), Some(Value::Board(b)), Value::Board(difference)) => Some(a ^ b ^ difference),
            _ => None,
        }
    }
}

/// Where something was typed: byte offsets into a reader's formula.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// Where a step's expression stands in its source.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Place {
    /// In a technique's source file, as the compiler names it; line and column are 1-based.
    File { file: &'static str, line: u32, column: u32 },
    /// In the text a reader typed: the sub-expression's bytes, and the line and column
    /// (1-based) where it starts.
    Typed { span: Span, line: u32, column: u32 },
}

impl Place {
    /// The 1-based line the expression starts on.
    pub const fn line(&self) -> u32 {
        match *self {
            Place::File { line, .. } | Place::Typed { line, .. } => line,
        }
    }

    /// The 1-based column the expression starts at.
    pub const fn column(&self) -> u32 {
        match *self {
            Place::File { column, .. } | Place::Typed { column, .. } => column,
        }
    }

    /// The technique's file, for a step a technique took.
    pub const fn file(&self) -> Option<&'static str> {
        match *self {
            Place::File { file, .. } => Some(file),
            Place::Typed { .. } => None,
        }
    }

    /// Where the reader typed it, for a step of a reader's formula.
    pub const fn span(&self) -> Option<Span> {
        match *self {
            Place::Typed { span, .. } => Some(span),
            Place::File { .. } => None,
        }
    }

    /// Whether a reader typed the expression (a formula's step), not a technique's file.
    pub const fn is_typed(&self) -> bool {
        matches!(self, Place::Typed { .. })
    }
}

/// A recorded run of one technique: what went in, every step, and what came out.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The technique that ran, or `None` for a reader's formula.
    pub technique: Option<crate::Technique>,
    pub slider: Slider,
    /// The slider's square; with several sliders, the lowest of them.
    pub square: Square,
    /// Every slider's square (just `square` for the techniques that take one slider).
    pub sliders: Bitboard,
    pub occupied: Bitboard,
    pub steps: Vec<Step>,
    pub result: Bitboard,
}

impl Trace {
    /// The two steps of one operation on a SIMD value, lane 0 first, when step `index` is one
    /// of them.
    pub fn lane_pair(&self, index: usize) -> Option<[&Step; 2]> {
        let lane = self.steps.get(index)?.lane?;
        let first = index.checked_sub(lane.index as usize)?;
        match self.steps.get(first..first + 2)? {
            [lane0, lane1] if lane0.lane.is_some_and(|l| l.index == 0) && lane1.lane.is_some_and(|l| l.index == 1) => {
                Some([lane0, lane1])
            }
            _ => None,
        }
    }

    /// A reader's formula that has not run on this board: no steps, and an empty result.
    pub fn not_run(slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Trace {
        let square = sliders.squares().next().unwrap_or(Square::A1);
        Trace { technique: None, slider, square, sliders, occupied, steps: Vec::new(), result: Bitboard::EMPTY }
    }

    /// A technique that has not run on this board (its code is not here yet): no steps, and an
    /// empty result.
    pub fn waiting(technique: crate::Technique, slider: Slider, sliders: Bitboard, occupied: Bitboard) -> Trace {
        Trace { technique: Some(technique), ..Trace::not_run(slider, sliders, occupied) }
    }

    /// Operations a CPU executes (table reads excluded): each 64-bit operation, and each SIMD
    /// operation once, though its trace shows each of its lanes as a step.
    pub fn arithmetic_ops(&self) -> usize {
        let first_lane = |step: &&Step| step.lane.is_none_or(|lane| lane.index == 0);
        self.steps.iter().filter(first_lane).filter(|step| step.op.is_arithmetic()).count()
    }

    /// Where each step's sub-expression was typed, for a reader's formula (one per step);
    /// empty for a technique, whose steps stand in its file.
    pub fn spans(&self) -> Vec<Span> {
        self.steps.iter().filter_map(|step| step.place.span()).collect()
    }

    /// Table reads, a formula's masks included: an engine reads those from tables too. A step
    /// that reads a table is one; so is each field of a table entry an operation reads first
    /// (obstruction difference's `masks.lower`).
    pub fn table_reads(&self) -> usize {
        let first_lane = |step: &&Step| step.lane.is_none_or(|lane| lane.index == 0);
        let reads = |step: &Step| {
            usize::from(matches!(step.op, Op::Lookup | Op::Mask(_))) + usize::from(step.operands.table_fields)
        };
        self.steps.iter().filter(first_lane).map(reads).sum()
    }
}
