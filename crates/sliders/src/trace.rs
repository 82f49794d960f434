//! Every technique is written once, generic over a [`Tracer`], as plain expressions under
//! `#[traced]` (the `traced` crate), which sends each commented 64-bit operation through one of
//! the tracer's helpers, which computes the value and hands a [`Step`] to
//! [`Tracer::record`]. [`NoTrace`] records nothing, so after inlining the fast path is the
//! bare arithmetic; [`Recorder`] keeps every step for the page and the `trace` command.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::panic::Location;

use crate::{Bitboard, ByteTable, Direction, Lanes, Line, PextMask, Slider, Square};

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
    /// Index of the least significant one bit of a non-empty set.
    BitScanForward,
    /// Index of the most significant one bit of a non-empty set.
    BitScanReverse,
    /// Leading zero count, 64 for the empty set (`i64.clz` in wasm).
    Lzcnt,
    /// Trailing zero count, 64 for the empty set (`i64.ctz` in wasm).
    Tzcnt,
    /// Wrapping multiplication: kindergarten and magic bitboards gather scattered bits with it.
    Mul,
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
    /// `c ? a : b`: the first operand is the condition, the result the value chosen.
    Select,
    /// A mask from the board's geometry, read for a square: its bit, its line, or a ray.
    Mask(Mask),
    /// Each byte replaced by the byte of this 16-byte table that it numbers (`i8x16.swizzle`):
    /// sixteen table reads in one instruction, from a table held in a register.
    Swizzle(&'static ByteTable),
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
            Op::BitScanForward => "bsf",
            Op::BitScanReverse => "bsr",
            Op::Lzcnt => "lzcnt",
            Op::Tzcnt => "tzcnt",
            Op::Mul => "*",
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
            Op::Select => "?",
            Op::Mask(mask) => mask.function(),
            Op::Swizzle(_) => "swizzle",
        }
    }

    /// True for the register operations a CPU executes; table reads and the reference
    /// walk are counted apart.
    pub const fn is_arithmetic(self) -> bool {
        !matches!(self, Op::Lookup | Op::RayWalk | Op::Mask(_))
    }
}

/// An operand or result: a set of squares, or a number (an index, a count, a shift).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Value {
    Board(Bitboard),
    /// A number, not a set of squares: a square's index, a count, a table index or a shift's
    /// amount, and in a formula any 64-bit number it computes.
    Number(u64),
}

impl Value {
    pub const fn board(self) -> Option<Bitboard> {
        match self {
            Value::Board(board) => Some(board),
            Value::Number(_) => None,
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

/// How a step's values hold the board: square by square, or turned round so that a subtraction,
/// which can only borrow up the word, runs down the board. Each order flips some bits of a
/// square's index (bit n stands for square n ^ flip), so each turn is its own inverse and two
/// turns make a third.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum WordOrder {
    /// Bit n is square n.
    #[default]
    Board,
    /// Byte-swapped: the ranks in reverse order, each rank's squares in place, so bit n stands
    /// for square n ^ 56 (Hyperbola Quintessence's `bswap`).
    ByteSwapped,
    /// Each byte's bits in reverse order, the ranks in place: bit n stands for square n ^ 7, the
    /// board mirrored left to right (a bit-reversed word after its bytes are swapped back).
    FilesMirrored,
    /// Every bit in reverse order: bit n stands for square 63 − n, the board turned half round
    /// (ARM's `rbit`).
    BitReversed,
}

impl WordOrder {
    /// The bits of a square's index this order flips.
    const fn flip(self) -> u32 {
        match self {
            WordOrder::Board => 0,
            WordOrder::ByteSwapped => 56,
            WordOrder::FilesMirrored => 7,
            WordOrder::BitReversed => 63,
        }
    }

    const fn of_flip(flip: u32) -> WordOrder {
        match flip & 63 {
            56 => WordOrder::ByteSwapped,
            7 => WordOrder::FilesMirrored,
            63 => WordOrder::BitReversed,
            _ => WordOrder::Board,
        }
    }

    /// The square bit `bit` of a word in this order stands for on the board.
    pub const fn square_of_bit(self, bit: u32) -> Square {
        Square::from_index(bit ^ self.flip())
    }

    /// A board turned into a word of this order, or such a word back into the board.
    pub const fn turn(self, board: Bitboard) -> Bitboard {
        Bitboard(match self {
            WordOrder::Board => board.0,
            WordOrder::ByteSwapped => board.0.swap_bytes(),
            WordOrder::FilesMirrored => board.0.reverse_bits().swap_bytes(),
            WordOrder::BitReversed => board.0.reverse_bits(),
        })
    }

    /// The order of a word in this order after its bytes are swapped (`bswap`).
    pub const fn bytes_swapped(self) -> WordOrder {
        WordOrder::of_flip(self.flip() ^ 56)
    }

    /// The order of a word in this order after each byte's bits are reversed (the nibble
    /// tables' swizzles).
    pub const fn bits_reversed_in_bytes(self) -> WordOrder {
        WordOrder::of_flip(self.flip() ^ 7)
    }

    /// Whether the word holds the board turned round.
    pub const fn is_turned(self) -> bool {
        !matches!(self, WordOrder::Board)
    }

    /// How a heading names the board such a word shows; nothing for the board as it stands.
    pub const fn board_note(self) -> Option<&'static str> {
        match self {
            WordOrder::Board => None,
            WordOrder::ByteSwapped => Some("mirrored board"),
            WordOrder::FilesMirrored => Some("board mirrored left to right"),
            WordOrder::BitReversed => Some("board turned half round"),
        }
    }

    /// How a sentence names the word: "the byte-swapped word".
    pub const fn word(self) -> &'static str {
        match self {
            WordOrder::Board => "the word",
            WordOrder::ByteSwapped => "the byte-swapped word",
            WordOrder::FilesMirrored => "the word with each byte's bits reversed",
            WordOrder::BitReversed => "the bit-reversed word",
        }
    }
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
}

impl Step {
    /// The step taken where the tracer's helper was called from. Out of line: every traced
    /// operation of every technique records through here, and built in place the step's fields
    /// would be written out at each of them (the fast path never calls it).
    #[inline(never)]
    #[track_caller]
    fn at(site: &'static Site, op: Op, lhs: Value, rhs: Option<Value>, result: Value) -> Step {
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
        }
    }

    /// How the first operand holds the board: as the result does, except across a byte swap or
    /// a reversal of each byte's bits, whose operand is in the order before it.
    pub const fn operand_order(&self) -> WordOrder {
        match self.op {
            Op::ByteSwap => self.order.bytes_swapped(),
            Op::Swizzle(_) => self.order.bits_reversed_in_bytes(),
            _ => self.order,
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
        self.unary(site, Op::BitScanForward, a, Value::Number(index.into()));
        Square::from_index(index)
    }

    /// The square of the most significant one bit. `a` must not be empty.
    #[inline(always)]
    #[track_caller]
    fn bsr(&mut self, site: &'static Site, a: Bitboard) -> Square {
        let index = 63 ^ a.0.leading_zeros();
        self.unary(site, Op::BitScanReverse, a, Value::Number(index.into()));
        Square::from_index(index)
    }

    #[inline(always)]
    #[track_caller]
    fn lzcnt(&mut self, site: &'static Site, a: Bitboard) -> u32 {
        let count = a.0.leading_zeros();
        self.unary(site, Op::Lzcnt, a, Value::Number(count.into()));
        count
    }

    #[inline(always)]
    #[track_caller]
    fn tzcnt(&mut self, site: &'static Site, a: Bitboard) -> u32 {
        let count = a.0.trailing_zeros();
        self.unary(site, Op::Tzcnt, a, Value::Number(count.into()));
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
fn record_lanes<T: Tracer + ?Sized>(
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

/// Names each value a union takes from a line, a ray or a part by the name the union's code
/// binds it to (`file_attacks | rank_attacks`, `positive | negative`, `rook | bishop`), at the
/// step that made it, when that step's own code left it unnamed: else every line's last value
/// is an unnamed "result", one name for several values. Run once on a finished trace, so the
/// techniques carry no code of their own for it.
#[inline(never)]
pub(crate) fn name_union_operands(steps: &mut [Step]) {
    for union in 1..steps.len() {
        let (step, second) = (&steps[union], &steps[union - 1]);
        // Names a technique's code gives (borrowed from its sites), plain ones only.
        let (Cow::Borrowed(first_name), Cow::Borrowed(second_name)) = (&step.operands.lhs, &step.operands.rhs) else {
            continue;
        };
        let (first_name, second_name): (&'static str, &'static str) = (first_name, second_name);
        // A union of two values made elsewhere: its second operand is the step just before, on
        // another line, ray or part (or, a queen's bishop, on the whole piece as the union is).
        let elsewhere = second.focus != step.focus || step.focus == Focus::Piece;
        // A lane's OR joins two halves of one lane's value, not two lines' attacks.
        if step.op != Op::Or
            || step.lane.is_some()
            || !plain(first_name)
            || !plain(second_name)
            || !elsewhere
            || step.rhs != Some(second.result)
        {
            continue;
        }
        // Its first operand: the latest step before that one on another line, ray or part of
        // the same kind (a queen's rook: on the whole piece too), if it made that value.
        let kind = core::mem::discriminant(&second.focus);
        let (second_focus, union_focus, first_value) = (second.focus, step.focus, step.lhs);
        let first = steps[..union - 1].iter().rposition(|s| {
            core::mem::discriminant(&s.focus) == kind && (s.focus != second_focus || second_focus == union_focus)
        });
        if let Some(first) = first.filter(|&at| steps[at].result == first_value) {
            name_result(&mut steps[first], first_name);
        }
        name_result(&mut steps[union - 1], second_name);
    }
}

/// A name as code spells one: letters, digits and underscores.
fn plain(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Gives `step`'s value `name`, unless its own code named it.
fn name_result(step: &mut Step, name: &'static str) {
    if step.operands.result.is_empty() {
        let mut label = String::from(&*step.label);
        label.push_str(" = ");
        label.push_str(name);
        step.label = Cow::Owned(label);
        step.operands.result = Cow::Borrowed(name);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_of_a_table_entry_counts_as_one_table_read() {
        use crate::Technique;
        // Obstruction difference (both) and SBAMG read three masks of each line's entry (SBAMG
        // reads line_ex twice, one read); a rook has two lines, a queen four. HQ reads LINE_EX
        // for each of its three lines and the first-rank table for the rank.
        let occupied = Bitboard(0x0012_0400_2800_4100);
        for technique in [Technique::ObstructionDifference, Technique::ObstructionDifferenceHoffmann, Technique::Sbamg]
        {
            assert_eq!(technique.trace(Slider::Rook, Square::D4, occupied).table_reads(), 6, "{technique}");
            assert_eq!(technique.trace(Slider::Queen, Square::D4, occupied).table_reads(), 12, "{technique}");
        }
        assert_eq!(Technique::HyperbolaQuintessence.trace(Slider::Queen, Square::D4, occupied).table_reads(), 4);
    }

    #[test]
    fn borrow_chain_runs_from_the_subtrahend_to_the_blocker() {
        // The byte example of o^(o-2r): blocker on bit 6, rook on bit 1, so 2r is bit 2.
        let mut recorder = Recorder::new();
        const SUB: Site = Site::unnamed("o - 2r", "test");
        recorder.sub(&SUB, Bitboard(0b0100_0010), Bitboard(0b0000_0100));
        let chain = recorder.steps[0].borrow_chain().unwrap();
        // Bits 3..=6 received a borrow: it entered at bit 2 and walked to the blocker on 6.
        assert_eq!(chain, Bitboard(0b0111_1000));
    }

    #[test]
    fn a_simd_operation_counts_once_and_each_lanes_mask_is_a_table_read() {
        let trace = crate::Technique::HyperbolaQuintessenceSimd.trace(
            Slider::Queen,
            Square::D4,
            Bitboard(0x0008_0000_0040_0800),
        );
        let lane_steps = trace.steps.iter().filter(|step| step.lane.is_some()).count();
        let scalar = trace.steps.iter().filter(|step| step.lane.is_none() && step.op.is_arithmetic()).count();
        // Eight lane-wise operations in each of the queen's two rounds, each shown as two steps.
        assert_eq!(lane_steps, 32);
        assert_eq!(trace.arithmetic_ops(), scalar + 16);
        // The file's mask, the two diagonals' masks and the first-rank table.
        assert_eq!(trace.table_reads(), 4);
    }

    #[test]
    fn steps_name_the_calling_line() {
        let mut recorder = Recorder::new();
        const XOR: Site = Site::unnamed("x", "test");
        let expected_line = line!() + 1;
        recorder.xor(&XOR, Bitboard(1), Bitboard(3));
        assert_eq!(recorder.steps[0].place.line(), expected_line);
        assert_eq!(recorder.steps[0].place.file(), Some(file!()));
    }

    #[test]
    fn shifts_past_the_word_give_the_empty_set() {
        const X: Site = Site::unnamed("x", "test");
        assert_eq!(NoTrace.shl(&X, Bitboard(1), 64), Bitboard::EMPTY);
        assert_eq!(NoTrace.shr(&X, Bitboard::FULL, 64), Bitboard::EMPTY);
    }
}
