//! A formula's answers as bytes. The page does not carry the language: `formula.wasm`
//! (crates/formula-module) parses, runs and checks a formula, and hands the page what it needs
//! to show, written here and read back there. The page then draws a formula's steps with the
//! same code as a technique's.
//!
//! The format is the simplest that does: little-endian integers, a string as its byte length
//! and its UTF-8. A reader answers `None` for bytes it cannot read, never panics.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

// Two texts compared; `Comparison` here is the step vocabulary's (`<`, `==`, …).
use super::prove::{BlowUp, Comparison as Compared, Difference, Failure, Proof};
use super::wasm::TextLine;
use super::{CheckOutcome, Checker, CounterExample, Error, Fault, OwnSquare, Span, Target};
use sliders::techniques::{step_file, step_files, SWIZZLE_TABLES};
use sliders::trace::{Comparison, Focus, IntType, Lane, Mask, Op, Operands, Place, Scan, Step, Trace, Value};
use sliders::workload::Xorshift96;
use sliders::{Bitboard, Direction, Line, Slider, Square, Technique, WordOrder};

/// What the page asks `formula.wasm`, by number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Request {
    /// The text: does it read? An empty answer, or an [`Error`].
    Parse = 0,
    /// The text and a board: its steps, until a fault if it meets one ([`write_trace`]).
    Trace = 1,
    /// The text and a board: its result or its fault ([`write_attacks`]).
    Attacks = 2,
    /// The text, a [`Checker`] and a budget: the checker moved on, and the outcome once there
    /// is one ([`write_check`]).
    Check = 3,
    /// The text: the formula compiled to WebAssembly, its bytes and its text
    /// ([`write_compiled`]).
    Compile = 4,
    /// The text and a language (0 for C, 1 for Rust): the formula as a function to paste into
    /// an engine, as a string.
    Export = 5,
    /// The text, a target and a node budget: starts a proof (after the sampled check, whose
    /// counter-example answers if the budget runs out). An empty answer.
    ProveStart = 6,
    /// The text: the started proof moved on by a square ([`write_proof_step`]), or the started
    /// comparison ([`write_comparison_step`]).
    ProveSquare = 7,
    /// An example's id, in the text's place: the example's text, as a string. The page's
    /// first load carries the examples' names, not their texts.
    Example = 8,
    /// The text, a node budget, the slider's square ([`OwnSquare`]) and another text: starts
    /// proving the two texts equal on every board. An empty answer, or why a text does not read.
    CompareStart = 9,
}

impl Request {
    pub const ALL: [Request; 10] = [
        Request::Parse,
        Request::Trace,
        Request::Attacks,
        Request::Check,
        Request::Compile,
        Request::Export,
        Request::ProveStart,
        Request::ProveSquare,
        Request::Example,
        Request::CompareStart,
    ];
}

/// The proof's progress after a square (how many squares are decided), and the proof once it
/// has ended.
pub fn write_proof_step(writer: &mut Writer, squares_done: u32, proof: Option<&Proof>) {
    writer.u32(squares_done);
    match proof {
        None => writer.u8(0),
        Some(Proof::Proved { nodes }) => {
            writer.u8(1);
            writer.u64(*nodes);
        }
        Some(Proof::Fails(failure)) => {
            writer.u8(2);
            write_failure(writer, failure);
        }
        Some(Proof::Undecided { square, decided, nodes, blew_up }) => {
            writer.u8(3);
            writer.u8(square.index() as u8);
            writer.u64(decided.0);
            writer.u64(*nodes);
            write_blow_up(writer, blew_up.as_ref());
        }
        Some(Proof::Mistake(c)) => {
            writer.u8(4);
            writer.counter_example(c);
        }
    }
}

/// A comparison's progress after a square, and its answer once it has ended.
pub fn write_comparison_step(writer: &mut Writer, squares_done: u32, comparison: Option<&Compared>) {
    writer.u32(squares_done);
    match comparison {
        None => writer.u8(0),
        Some(Compared::Equal { nodes }) => {
            writer.u8(1);
            writer.u64(*nodes);
        }
        Some(Compared::Differ { boards, squares, example, undecided, blew_up, nodes }) => {
            writer.u8(2);
            write_counts(writer, *boards, squares);
            writer.difference(example);
            writer.u8(undecided.map_or(64, |square| square.index() as u8));
            write_blow_up(writer, blew_up.as_ref());
            writer.u64(*nodes);
        }
        Some(Compared::Undecided { square, decided, nodes, blew_up }) => {
            writer.u8(3);
            writer.u8(square.index() as u8);
            writer.u32(*decided);
            writer.u64(*nodes);
            write_blow_up(writer, blew_up.as_ref());
        }
        Some(Compared::Mistake(example)) => {
            writer.u8(4);
            writer.difference(example);
        }
    }
}

/// [`write_comparison_step`]'s bytes read back: `None` for bytes it did not write.
pub fn read_comparison_step(bytes: &[u8]) -> Option<(u32, Option<Compared>)> {
    let mut reader = Reader::new(bytes);
    let done = reader.u32()?;
    let comparison = match reader.u8()? {
        0 => None,
        1 => Some(Compared::Equal { nodes: reader.u64()? }),
        2 => {
            let (boards, squares) = read_counts(&mut reader)?;
            let example = reader.difference()?;
            let undecided = match reader.u8()? {
                64 => None,
                s => Some(Square::from_index(u32::from(s).min(63))),
            };
            let blew_up = read_blow_up(&mut reader)?;
            Some(Compared::Differ { boards, squares, example, undecided, blew_up, nodes: reader.u64()? })
        }
        3 => Some(Compared::Undecided {
            square: reader.square()?,
            decided: reader.u32()?,
            nodes: reader.u64()?,
            blew_up: read_blow_up(&mut reader)?,
        }),
        4 => Some(Compared::Mistake(reader.difference()?)),
        _ => return None,
    };
    reader.finished().then_some((done, comparison))
}

/// A proof's or a comparison's counts: the boards in all, when known, and each square's.
fn write_counts(writer: &mut Writer, boards: Option<u128>, squares: &[(Square, u128)]) {
    match boards {
        Some(boards) => {
            writer.u8(1);
            writer.u128(boards);
        }
        None => writer.u8(0),
    }
    writer.u8(squares.len() as u8);
    for (square, boards) in squares {
        writer.u8(square.index() as u8);
        writer.u128(*boards);
    }
}

/// The boards in all, when known, and each square's count.
type Counts = (Option<u128>, Vec<(Square, u128)>);

/// [`write_counts`]'s bytes read back.
fn read_counts(reader: &mut Reader) -> Option<Counts> {
    let boards = match reader.u8()? {
        0 => None,
        _ => Some(reader.u128()?),
    };
    let count = reader.u8()?;
    let squares = (0..count).map(|_| Some((reader.square()?, reader.u128()?))).collect::<Option<Vec<_>>>()?;
    Some((boards, squares))
}

fn write_failure(writer: &mut Writer, failure: &Failure) {
    write_counts(writer, failure.boards, &failure.squares);
    writer.counter_example(&failure.counter_example);
    writer.u8(failure.fewest_known as u8);
    writer.u8(failure.undecided.map_or(64, |square| square.index() as u8));
    write_blow_up(writer, failure.blew_up.as_ref());
    writer.u64(failure.nodes);
}

fn write_blow_up(writer: &mut Writer, blew_up: Option<&BlowUp>) {
    match blew_up {
        Some(BlowUp { line, operation }) => {
            writer.u8(1);
            writer.u32(*line);
            writer.str(operation);
        }
        None => writer.u8(0),
    }
}

fn read_blow_up(reader: &mut Reader) -> Option<Option<BlowUp>> {
    Some(match reader.u8()? {
        0 => None,
        _ => Some(BlowUp { line: reader.u32()?, operation: reader.str()?.into() }),
    })
}

pub fn read_proof_step(bytes: &[u8]) -> Option<(u32, Option<Proof>)> {
    let mut reader = Reader::new(bytes);
    let done = reader.u32()?;
    let proof = match reader.u8()? {
        0 => None,
        1 => Some(Proof::Proved { nodes: reader.u64()? }),
        2 => Some(Proof::Fails(read_failure(&mut reader)?)),
        3 => Some(Proof::Undecided {
            square: reader.square()?,
            decided: Bitboard(reader.u64()?),
            nodes: reader.u64()?,
            blew_up: read_blow_up(&mut reader)?,
        }),
        4 => Some(Proof::Mistake(reader.counter_example()?)),
        _ => return None,
    };
    reader.finished().then_some((done, proof))
}

fn read_failure(reader: &mut Reader) -> Option<Failure> {
    let (boards, squares) = read_counts(reader)?;
    let counter_example = reader.counter_example()?;
    let fewest_known = reader.u8()? != 0;
    let undecided = match reader.u8()? {
        64 => None,
        s => Some(Square::from_index(u32::from(s).min(63))),
    };
    let blew_up = read_blow_up(reader)?;
    Some(Failure { boards, squares, counter_example, fewest_known, undecided, blew_up, nodes: reader.u64()? })
}

/// Numbers a type's values for the wire from one list. `code` matches every value, so a value
/// the list leaves out is a compile error (a value that is never sent is named as such), and
/// `value` reads the same list back, `None` for a number the list does not give.
macro_rules! numbered {
    ($(#[$doc:meta])* $numbering:ident: $type:ty { $( $code:literal => [$($value:tt)+], )* }) => {
        $(#[$doc])*
        struct $numbering;

        impl $numbering {
            fn code(value: $type) -> u8 {
                match value {
                    $( $($value)+ => $code, )*
                }
            }

            fn value(code: u8) -> Option<$type> {
                match code {
                    $( $code => Some($($value)+), )*
                    _ => None,
                }
            }
        }
    };
    ($(#[$doc:meta])* $numbering:ident: $type:ty { $( $code:literal => [$($value:tt)+], )* }
        never sent: [$($unsent:tt)+]) => {
        $(#[$doc])*
        struct $numbering;

        impl $numbering {
            fn code(value: $type) -> Option<u8> {
                match value {
                    $( $($value)+ => Some($code), )*
                    $($unsent)+ => None,
                }
            }

            fn value(code: u8) -> Option<$type> {
                match code {
                    $( $code => Some($($value)+), )*
                    _ => None,
                }
            }
        }
    };
}

numbered! {
    /// How a step's value holds the board.
    OrderCode: WordOrder {
        0 => [WordOrder::Board],
        1 => [WordOrder::ByteSwapped],
        2 => [WordOrder::FilesMirrored],
        3 => [WordOrder::BitReversed],
    }
}

numbered! {
    /// Every operation a formula's step can be.
    OpCode: Op {
        0 => [Op::And],
        1 => [Op::Or],
        2 => [Op::Xor],
        3 => [Op::Not],
        4 => [Op::Neg],
        5 => [Op::Sub],
        6 => [Op::Shl],
        7 => [Op::Shr],
        8 => [Op::Scan(Scan::Forward)],
        9 => [Op::Scan(Scan::Reverse)],
        10 => [Op::Scan(Scan::LeadingZeros)],
        11 => [Op::Scan(Scan::TrailingZeros)],
        12 => [Op::Mul],
        13 => [Op::ByteSwap],
        14 => [Op::Add],
        15 => [Op::Lookup],
        16 => [Op::RayWalk],
        17 => [Op::Popcount],
        18 => [Op::RotateLeft],
        19 => [Op::RotateRight],
        20 => [Op::LowestBit],
        21 => [Op::HighestBit],
        22 => [Op::Pext],
        23 => [Op::Pdep],
        24 => [Op::LogicalNot],
        25 => [Op::Select],
        26 => [Op::Compare(Comparison::Less)],
        27 => [Op::Compare(Comparison::LessEqual)],
        28 => [Op::Compare(Comparison::Greater)],
        29 => [Op::Compare(Comparison::GreaterEqual)],
        30 => [Op::Compare(Comparison::Equal)],
        31 => [Op::Compare(Comparison::NotEqual)],
        32 => [Op::Mask(Mask::Bit)],
        33 => [Op::Mask(Mask::Line(Line::File))],
        34 => [Op::Mask(Mask::Line(Line::Rank))],
        35 => [Op::Mask(Mask::Line(Line::Diagonal))],
        36 => [Op::Mask(Mask::Line(Line::AntiDiagonal))],
        37 => [Op::Mask(Mask::Ray(Direction::North))],
        38 => [Op::Mask(Mask::Ray(Direction::East))],
        39 => [Op::Mask(Mask::Ray(Direction::NorthEast))],
        40 => [Op::Mask(Mask::Ray(Direction::NorthWest))],
        41 => [Op::Mask(Mask::Ray(Direction::South))],
        42 => [Op::Mask(Mask::Ray(Direction::West))],
        43 => [Op::Mask(Mask::Ray(Direction::SouthWest))],
        44 => [Op::Mask(Mask::Ray(Direction::SouthEast))],
        45 => [Op::Div],
        46 => [Op::Rem],
        47 => [Op::LogicalAnd],
        48 => [Op::LogicalOr],
        49 => [Op::Branch],
        50 => [Op::Loop],
        51 => [Op::Case],
    }
    // A swizzle is sent with its table ([`Writer::step`]).
    never sent: [Op::Swizzle(_)]
}

numbered! {
    LineCode: Line {
        0 => [Line::File],
        1 => [Line::Rank],
        2 => [Line::Diagonal],
        3 => [Line::AntiDiagonal],
    }
}

numbered! {
    DirectionCode: Direction {
        0 => [Direction::North],
        1 => [Direction::East],
        2 => [Direction::NorthEast],
        3 => [Direction::NorthWest],
        4 => [Direction::South],
        5 => [Direction::West],
        6 => [Direction::SouthWest],
        7 => [Direction::SouthEast],
    }
}

numbered! {
    SliderCode: Slider {
        0 => [Slider::Rook],
        1 => [Slider::Bishop],
        2 => [Slider::Queen],
    }
}

numbered! {
    /// What a check or a proof compares a formula with.
    TargetCode: Target {
        0 => [Target::Piece(Slider::Rook)],
        1 => [Target::Piece(Slider::Bishop)],
        2 => [Target::Piece(Slider::Queen)],
        3 => [Target::Line(Line::Rank)],
        4 => [Target::Line(Line::File)],
        5 => [Target::Line(Line::Diagonal)],
        6 => [Target::Line(Line::AntiDiagonal)],
        7 => [Target::Ray(Direction::North)],
        8 => [Target::Ray(Direction::East)],
        9 => [Target::Ray(Direction::NorthEast)],
        10 => [Target::Ray(Direction::NorthWest)],
        11 => [Target::Ray(Direction::South)],
        12 => [Target::Ray(Direction::West)],
        13 => [Target::Ray(Direction::SouthWest)],
        14 => [Target::Ray(Direction::SouthEast)],
    }
}

/// Bytes being written.
#[derive(Default)]
pub struct Writer {
    pub bytes: Vec<u8>,
}

impl Writer {
    pub fn u8(&mut self, value: u8) {
        self.bytes.push(value);
    }

    pub fn u32(&mut self, value: u32) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    pub fn u64(&mut self, value: u64) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    pub fn str(&mut self, text: &str) {
        self.u32(text.len() as u32);
        self.bytes.extend_from_slice(text.as_bytes());
    }

    fn span(&mut self, span: Span) {
        self.u32(span.start as u32);
        self.u32(span.end as u32);
    }

    fn value(&mut self, value: Value) {
        match value {
            Value::Board(board) => {
                self.u8(0);
                self.u64(board.0);
            }
            Value::Number(n) => {
                self.u8(1);
                self.u64(n);
            }
            Value::Signed(n) => {
                self.u8(2);
                self.u64(n as u64);
            }
        }
    }

    fn fault(&mut self, fault: &Fault) {
        self.span(fault.span);
        self.str(&fault.message);
    }

    fn optional_fault(&mut self, fault: Option<&Fault>) {
        self.u8(fault.is_some() as u8);
        if let Some(fault) = fault {
            self.fault(fault);
        }
    }

    fn outcome(&mut self, got: &Result<Bitboard, Fault>) {
        match got {
            Ok(board) => {
                self.u8(0);
                self.u64(board.0);
            }
            Err(fault) => {
                self.u8(1);
                self.fault(fault);
            }
        }
    }

    pub fn u128(&mut self, value: u128) {
        self.u64(value as u64);
        self.u64((value >> 64) as u64);
    }

    fn difference(&mut self, d: &Difference) {
        self.u8(d.square.index() as u8);
        self.u64(d.occupied.0);
        self.outcome(&d.first);
        self.outcome(&d.second);
    }

    fn counter_example(&mut self, c: &CounterExample) {
        self.u8(c.square.index() as u8);
        self.u64(c.occupied.0);
        self.u64(c.expected.0);
        self.outcome(&c.got);
    }

    pub fn checker(&mut self, checker: &Checker) {
        self.u8(TargetCode::code(checker.target));
        self.u32(checker.square);
        self.u32(checker.case as u32);
        self.u32(checker.done as u32);
        for word in checker.random.state() {
            self.u32(word);
        }
        self.own_square(checker.own);
    }

    /// Whether the slider's square is occupied, or either ([`OwnSquare`]).
    pub fn own_square(&mut self, own: OwnSquare) {
        self.u8(match own {
            OwnSquare::Occupied => 0,
            OwnSquare::Either => 1,
        });
    }
}

/// Bytes being read; every method is `None` past the end or on a value out of range.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }

    fn take(&mut self, count: usize) -> Option<&'a [u8]> {
        if count > self.bytes.len() {
            return None;
        }
        let (taken, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Some(taken)
    }

    pub fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    pub fn u32(&mut self) -> Option<u32> {
        self.take(4)?.try_into().ok().map(u32::from_le_bytes)
    }

    pub fn u64(&mut self) -> Option<u64> {
        self.take(8)?.try_into().ok().map(u64::from_le_bytes)
    }

    pub fn str(&mut self) -> Option<&'a str> {
        let length = self.u32()? as usize;
        core::str::from_utf8(self.take(length)?).ok()
    }

    fn span(&mut self) -> Option<Span> {
        Some(Span::new(self.u32()? as usize, self.u32()? as usize))
    }

    fn value(&mut self) -> Option<Value> {
        match self.u8()? {
            0 => Some(Value::Board(Bitboard(self.u64()?))),
            1 => Some(Value::Number(self.u64()?)),
            2 => Some(Value::Signed(self.u64()? as i64)),
            _ => None,
        }
    }

    fn fault(&mut self) -> Option<Fault> {
        Some(Fault { span: self.span()?, message: self.str()?.into() })
    }

    fn optional_fault(&mut self) -> Option<Option<Fault>> {
        match self.u8()? {
            0 => Some(None),
            _ => self.fault().map(Some),
        }
    }

    fn outcome(&mut self) -> Option<Result<Bitboard, Fault>> {
        match self.u8()? {
            0 => Some(Ok(Bitboard(self.u64()?))),
            _ => self.fault().map(Err),
        }
    }

    fn square(&mut self) -> Option<Square> {
        self.u8().filter(|&s| s < 64).map(|s| Square::from_index(s as u32))
    }

    pub fn u128(&mut self) -> Option<u128> {
        Some(self.u64()? as u128 | (self.u64()? as u128) << 64)
    }

    fn difference(&mut self) -> Option<Difference> {
        let (square, occupied) = (self.square()?, Bitboard(self.u64()?));
        Some(Difference { square, occupied, first: self.outcome()?, second: self.outcome()? })
    }

    fn counter_example(&mut self) -> Option<CounterExample> {
        let square = self.square()?;
        let (occupied, expected) = (Bitboard(self.u64()?), Bitboard(self.u64()?));
        Some(CounterExample { square, occupied, expected, got: self.outcome()? })
    }

    pub fn checker(&mut self) -> Option<Checker> {
        let target = TargetCode::value(self.u8()?)?;
        let square = self.u32()?;
        let case = self.u32()? as usize;
        let done = self.u32()? as usize;
        let random = Xorshift96::from_state([self.u32()?, self.u32()?, self.u32()?]);
        let own = self.own_square()?;
        (square <= 64 && case < super::CASES_PER_SQUARE).then_some(Checker { target, square, case, done, random, own })
    }

    /// Whether the slider's square is occupied, or either ([`OwnSquare`]).
    pub fn own_square(&mut self) -> Option<OwnSquare> {
        match self.u8()? {
            0 => Some(OwnSquare::Occupied),
            1 => Some(OwnSquare::Either),
            _ => None,
        }
    }

    /// The bytes are all read: an answer with more is not one this reader knows.
    pub fn finished(&self) -> bool {
        self.bytes.is_empty()
    }
}

/// The request's board: the slider, the sliders' bits and the occupied squares.
pub fn write_board(writer: &mut Writer, slider: Slider, sliders: Bitboard, occupied: Bitboard) {
    writer.u8(SliderCode::code(slider));
    writer.u64(sliders.0);
    writer.u64(occupied.0);
}

pub fn read_board(reader: &mut Reader) -> Option<(Slider, Bitboard, Bitboard)> {
    Some((SliderCode::value(reader.u8()?)?, Bitboard(reader.u64()?), Bitboard(reader.u64()?)))
}

/// A parse's answer: nothing, or the error.
pub fn write_parse(writer: &mut Writer, error: Option<&Error>) {
    if let Some(error) = error {
        writer.span(error.span);
        writer.str(&error.message);
        writer.u8(error.suggestion.is_some() as u8);
        if let Some(suggestion) = &error.suggestion {
            writer.str(suggestion);
        }
        writer.u32(error.notes.len() as u32);
        for note in &error.notes {
            writer.str(note);
        }
    }
}

pub fn read_parse(bytes: &[u8]) -> Option<Result<(), Error>> {
    if bytes.is_empty() {
        return Some(Ok(()));
    }
    let mut reader = Reader::new(bytes);
    let span = reader.span()?;
    let message = reader.str()?.into();
    let suggestion = match reader.u8()? {
        0 => None,
        _ => Some(reader.str()?.into()),
    };
    let count = reader.u32()?;
    // Each note is at least its length's bytes: a count beyond what is left is a broken answer.
    let mut notes = Vec::with_capacity((count as usize).min(bytes.len()));
    for _ in 0..count {
        notes.push(reader.str()?.into());
    }
    reader.finished().then_some(Err(Error { span, message, suggestion, notes }))
}

/// What the page asks `techniques.wasm` (crates/techniques-module), by number: the page's
/// first load traces only the technique it opens on (`src/techniques.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TechniqueRequest {
    /// A technique and a board ([`write_trace_request`]): its trace ([`write_trace`]).
    Trace = 0,
    /// A technique ([`write_fill_request`]): its large table filled if it reads one; an empty
    /// answer. The page times it, to say how long the fill took.
    FillTable = 1,
}

impl TechniqueRequest {
    pub const ALL: [TechniqueRequest; 2] = [TechniqueRequest::Trace, TechniqueRequest::FillTable];
}

/// A [`TechniqueRequest::Trace`] of `techniques.wasm`: the technique, then the board.
pub fn write_trace_request(
    writer: &mut Writer,
    technique: Technique,
    slider: Slider,
    sliders: Bitboard,
    occupied: Bitboard,
) {
    write_technique(writer, technique);
    write_board(writer, slider, sliders, occupied);
}

/// A [`TechniqueRequest::FillTable`] of `techniques.wasm`: the technique alone.
pub fn write_fill_request(writer: &mut Writer, technique: Technique) {
    write_technique(writer, technique);
}

fn write_technique(writer: &mut Writer, technique: Technique) {
    let index = Technique::ALL.iter().position(|&t| t == technique);
    // Every technique is in `Technique::ALL`, and there are fewer than 256.
    writer.u8(index.map_or(u8::MAX, |index| index as u8));
}

/// The answer of `techniques.wasm` to `request`: the work is the core's, and each traced step
/// goes with the sentence `narrator` says of it, where there is one to say it.
pub fn answer_technique(
    request: TechniqueRequest,
    bytes: &[u8],
    narrator: Option<Narrator>,
) -> Result<Vec<u8>, String> {
    let unread = "techniques.wasm could not read the request";
    let mut reader = Reader::new(bytes);
    let technique = reader.u8().and_then(|index| Technique::ALL.get(index as usize).copied()).ok_or(unread)?;
    let mut writer = Writer::default();
    match request {
        TechniqueRequest::Trace => {
            let board = read_board(&mut reader).filter(|_| reader.finished());
            let (slider, sliders, occupied) = board.ok_or(unread)?;
            let mut trace = technique.trace_sliders(slider, sliders, occupied);
            narrate(&mut trace, narrator);
            write_trace(&mut writer, &trace, None).map_err(|unsent| unsent.to_string())?;
        }
        TechniqueRequest::FillTable => {
            if !reader.finished() {
                return Err(unread.into());
            }
            if let Some(table) = technique.large_table() {
                table.fill();
            }
        }
    }
    Ok(writer.bytes)
}

/// A trace on a board, and a formula's fault if it met one: every field of every step, so that
/// the page draws a step that came over the wire as it draws one it traced itself. Both modules
/// send traces: `formula.wasm` a formula's (its places typed text), and `techniques.wasm` a
/// technique's (its places the technique's files, sent as their place in
/// `sliders::techniques::step_files`).
pub fn write_trace(writer: &mut Writer, trace: &Trace, fault: Option<&Fault>) -> Result<(), Unsent> {
    let technique = trace.technique.and_then(|technique| Technique::ALL.iter().position(|&t| t == technique));
    writer.u8(technique.map_or(NO_TECHNIQUE, |index| index as u8));
    write_board(writer, trace.slider, trace.sliders, trace.occupied);
    writer.u64(trace.result.0);
    writer.optional_fault(fault);
    writer.u32(trace.steps.len() as u32);
    for step in &trace.steps {
        writer.step(step)?;
    }
    Ok(())
}

/// The byte of a trace that no technique made: a reader's formula.
const NO_TECHNIQUE: u8 = u8::MAX;
/// The operation byte of a swizzle, whose table follows as its place in `SWIZZLE_TABLES`.
const SWIZZLE: u8 = u8::MAX;

impl Writer {
    fn step(&mut self, step: &Step) -> Result<(), Unsent> {
        match step.op {
            Op::Swizzle(table) => {
                let known = SWIZZLE_TABLES.iter().position(|&known| known == table);
                self.u8(SWIZZLE);
                self.u8(known.ok_or(Unsent(step.op))? as u8);
            }
            op => self.u8(OpCode::code(op).ok_or(Unsent(op))?),
        }
        self.value(step.lhs);
        self.u8(step.rhs.is_some() as u8);
        if let Some(rhs) = step.rhs {
            self.value(rhs);
        }
        self.value(step.result);
        self.str(&step.label);
        self.str(&step.why);
        match step.place {
            Place::Typed { span, line, column } => {
                self.u8(0);
                self.span(span);
                self.u32(line);
                self.u32(column);
            }
            Place::File { file, line, column } => {
                self.u8(1);
                self.u8(step_file(file).ok_or(Unsent(step.op))? as u8);
                self.u32(line);
                self.u32(column);
            }
        }
        self.str(&step.operands.lhs);
        self.str(&step.operands.rhs);
        self.str(&step.operands.result);
        self.u8(step.operands.table_fields);
        match step.focus {
            Focus::Piece => self.u8(0),
            Focus::Part(slider) => {
                self.u8(1);
                self.u8(SliderCode::code(slider));
            }
            Focus::Line(line) => {
                self.u8(2);
                self.u8(LineCode::code(line));
            }
            Focus::Ray(direction) => {
                self.u8(3);
                self.u8(DirectionCode::code(direction));
            }
        }
        self.u8(OrderCode::code(step.order));
        self.u8(step.moved as u8);
        self.u8(step.operand_moved as u8);
        match step.lane {
            None => self.u8(0),
            Some(lane) => {
                self.u8(1 + lane.index);
                self.u8(lane.line.map_or(u8::MAX, LineCode::code));
            }
        }
        self.u8(step.sentence.is_some() as u8);
        if let Some(sentence) = &step.sentence {
            self.str(sentence);
        }
        // C's type: its width (0 for none) and sign.
        match step.int {
            None => self.u8(0),
            Some(int) => {
                self.u8(int.bits);
                self.u8(int.signed as u8);
            }
        }
        Ok(())
    }
}

/// A step the wire cannot send: a swizzle of a table no technique reads, or a place in a file
/// no technique has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unsent(pub Op);

impl core::fmt::Display for Unsent {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "a step of the operation {} could not be sent to the page", self.0.symbol())
    }
}

pub fn read_trace(bytes: &[u8]) -> Option<(Trace, Option<Fault>)> {
    let mut reader = Reader::new(bytes);
    let technique = match reader.u8()? {
        NO_TECHNIQUE => None,
        index => Some(*Technique::ALL.get(index as usize)?),
    };
    let (slider, sliders, occupied) = read_board(&mut reader)?;
    let result = Bitboard(reader.u64()?);
    let fault = reader.optional_fault()?;
    let count = reader.u32()? as usize;
    // Each step takes at least 30 bytes: a count beyond that is not a trace.
    if count > bytes.len() / 30 {
        return None;
    }
    let mut steps = Vec::with_capacity(count);
    for _ in 0..count {
        steps.push(reader.step()?);
    }
    let square = sliders.squares().next().unwrap_or(Square::A1);
    let trace = Trace { technique, slider, square, sliders, occupied, steps, result };
    reader.finished().then_some((trace, fault))
}

impl Reader<'_> {
    fn owned(&mut self) -> Option<Cow<'static, str>> {
        Some(Cow::Owned(String::from(self.str()?)))
    }

    fn step(&mut self) -> Option<Step> {
        let op = match self.u8()? {
            SWIZZLE => Op::Swizzle(SWIZZLE_TABLES.get(self.u8()? as usize)?),
            code => OpCode::value(code)?,
        };
        let lhs = self.value()?;
        let rhs = match self.u8()? {
            0 => None,
            _ => Some(self.value()?),
        };
        let result = self.value()?;
        let (label, why) = (self.owned()?, self.owned()?);
        let place = match self.u8()? {
            0 => {
                let span = self.span()?;
                Place::Typed { span, line: self.u32()?, column: self.u32()? }
            }
            1 => {
                let file = step_files().nth(self.u8()? as usize)?;
                Place::File { file, line: self.u32()?, column: self.u32()? }
            }
            _ => return None,
        };
        let operands =
            Operands { lhs: self.owned()?, rhs: self.owned()?, result: self.owned()?, table_fields: self.u8()? };
        let focus = match self.u8()? {
            0 => Focus::Piece,
            1 => Focus::Part(SliderCode::value(self.u8()?)?),
            2 => Focus::Line(LineCode::value(self.u8()?)?),
            3 => Focus::Ray(DirectionCode::value(self.u8()?)?),
            _ => return None,
        };
        let order = OrderCode::value(self.u8()?)?;
        let (moved, operand_moved) = (self.u8()? as i8, self.u8()? as i8);
        let lane = match self.u8()? {
            0 => None,
            lane @ 1..=2 => Some(Lane {
                index: lane - 1,
                line: match self.u8()? {
                    u8::MAX => None,
                    line => Some(LineCode::value(line)?),
                },
            }),
            _ => return None,
        };
        let sentence = match self.u8()? {
            0 => None,
            _ => Some(self.owned()?),
        };
        let int = match self.u8()? {
            0 => None,
            bits @ (8 | 16 | 32 | 64) => Some(IntType { bits, signed: self.u8()? == 1 }),
            _ => return None,
        };
        Some(Step {
            label,
            why,
            op,
            lhs,
            rhs,
            result,
            place,
            operands,
            focus,
            order,
            moved,
            operand_moved,
            lane,
            sentence,
            int,
        })
    }
}

pub fn write_attacks(writer: &mut Writer, attacks: &Result<Bitboard, Fault>) {
    writer.outcome(attacks);
}

pub fn read_attacks(bytes: &[u8]) -> Option<Result<Bitboard, Fault>> {
    let mut reader = Reader::new(bytes);
    let attacks = reader.outcome()?;
    reader.finished().then_some(attacks)
}

/// The checker after a slice, and the outcome if the check has one.
pub fn write_check(writer: &mut Writer, checker: &Checker, outcome: Option<&CheckOutcome>) {
    writer.checker(checker);
    match outcome {
        None => writer.u8(0),
        Some(CheckOutcome::Agrees { cases }) => {
            writer.u8(1);
            writer.u32(*cases as u32);
        }
        Some(CheckOutcome::Differs { cases, counter_example: c }) => {
            writer.u8(2);
            writer.u32(*cases as u32);
            writer.counter_example(c);
        }
    }
}

pub fn read_check(bytes: &[u8]) -> Option<(Checker, Option<CheckOutcome>)> {
    let mut reader = Reader::new(bytes);
    let checker = reader.checker()?;
    let outcome = match reader.u8()? {
        0 => None,
        1 => Some(CheckOutcome::Agrees { cases: reader.u32()? as usize }),
        2 => {
            let cases = reader.u32()? as usize;
            Some(CheckOutcome::Differs { cases, counter_example: reader.counter_example()? })
        }
        _ => return None,
    };
    reader.finished().then_some((checker, outcome))
}

/// A compiled formula as the page receives it: the module's bytes, its text a line at a time
/// with the sub-expression each instruction computes part of, and how many instructions
/// `attacks` runs or can call.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct CompiledModule {
    pub bytes: Vec<u8>,
    pub lines: Vec<TextLine>,
    pub instructions: usize,
    /// The bytes of the mask tables it reads.
    pub table_bytes: usize,
    /// Where its `run` reads the benchmark's workload ([`crate::wasm::Module::workload`]).
    pub workload: u32,
    /// What the editor notes of how the formula was read (`Program::reading_note`), sent with
    /// the module, which the page asks for once per formula that reads.
    pub reading_note: Option<String>,
}

pub fn write_compiled(writer: &mut Writer, module: &CompiledModule) {
    writer.u32(module.instructions as u32);
    writer.u32(module.table_bytes as u32);
    writer.u32(module.workload);
    writer.u8(module.reading_note.is_some() as u8);
    if let Some(note) = &module.reading_note {
        writer.str(note);
    }
    writer.u32(module.bytes.len() as u32);
    writer.bytes.extend_from_slice(&module.bytes);
    writer.u32(module.lines.len() as u32);
    for line in &module.lines {
        writer.str(&line.text);
        writer.u32(line.copy);
        match line.span {
            Some(span) => {
                writer.u8(1);
                writer.u32(span.start as u32);
                writer.u32(span.end as u32);
            }
            None => writer.u8(0),
        }
    }
}

pub fn read_compiled(bytes: &[u8]) -> Option<CompiledModule> {
    let mut reader = Reader::new(bytes);
    let instructions = reader.u32()? as usize;
    let table_bytes = reader.u32()? as usize;
    let workload = reader.u32()?;
    let reading_note = match reader.u8()? {
        0 => None,
        1 => Some(String::from(reader.str()?)),
        _ => return None,
    };
    let length = reader.u32()? as usize;
    let module = reader.take(length)?.to_vec();
    let count = reader.u32()?;
    let mut lines = Vec::new();
    for _ in 0..count {
        let text = String::from(reader.str()?);
        let copy = reader.u32()?;
        let span = match reader.u8()? {
            0 => None,
            1 => Some(Span::new(reader.u32()? as usize, reader.u32()? as usize)),
            _ => return None,
        };
        lines.push(TextLine { text, span, copy });
    }
    reader.finished().then_some(CompiledModule {
        bytes: module,
        lines,
        instructions,
        table_bytes,
        workload,
        reading_note,
    })
}

/// What writes a module's bytes: `wasm-encode`'s `encode`, which the core does not carry.
pub type Encoder = fn(&super::wasm::Module) -> Vec<u8>;

/// What says a step where the reader of the trace cannot: `sliders-explain`'s sentence, which
/// the core does not carry, and the page's first load leaves to the modules that trace.
pub type Narrator = fn(&Trace, &Step) -> Option<String>;

/// Each step of `trace` with the sentence `narrator` says of it.
fn narrate(trace: &mut Trace, narrator: Option<Narrator>) {
    let Some(narrator) = narrator else { return };
    let sentences: Vec<_> = trace.steps.iter().map(|step| narrator(trace, step)).collect();
    for (step, sentence) in trace.steps.iter_mut().zip(sentences) {
        step.sentence = sentence.map(Cow::Owned);
    }
}

/// The language's side: answers the page's requests, keeping the last formula it read, so that
/// a formula is parsed once per edit however many boards it then runs on.
#[derive(Default)]
pub struct Server {
    last: Option<super::Formula>,
    encoder: Option<Encoder>,
    /// Sends each traced step with its sentence ([`Step::sentence`]), when there is one.
    narrator: Option<Narrator>,
    /// The proof under way, and the text of the formula it proves: its squares are proved for
    /// that formula only, whose compiled code the prover keeps what it learned of.
    #[cfg(feature = "prove")]
    proving: Option<(String, Proving)>,
}

/// What a proof under way proves the formula against.
#[cfg(feature = "prove")]
enum Proving {
    /// A target's attacks.
    Target(super::prove::Prover),
    /// Another text, read once at the start.
    Text(alloc::boxed::Box<super::Formula>, super::prove::Comparer),
}

impl Server {
    /// A server that can also compile formulas, writing their bytes with `encoder`.
    pub fn compiling(encoder: Encoder) -> Server {
        Server { encoder: Some(encoder), ..Server::default() }
    }

    /// The same server, sending each step of a trace with the sentence `narrator` says of it.
    pub fn saying(self, narrator: Narrator) -> Server {
        Server { narrator: Some(narrator), ..self }
    }

    /// The answer to `request`, whose bytes begin with the formula's text; `Err` for a request
    /// that cannot be read, or a formula that does not parse where one must.
    pub fn answer(&mut self, request: Request, bytes: &[u8]) -> Result<Vec<u8>, String> {
        let unreadable = || String::from("formula.wasm cannot read this request");
        let mut reader = Reader::new(bytes);
        let text = reader.str().ok_or_else(unreadable)?;
        let mut writer = Writer::default();
        if request == Request::Parse {
            write_parse(&mut writer, self.formula(text).err().as_ref());
            return Ok(writer.bytes);
        }
        if request == Request::Example {
            let example = super::examples::by_id(text).ok_or_else(|| format!("no example is called {text}"))?;
            writer.str(example.text());
            return Ok(writer.bytes);
        }
        let encoder = self.encoder;
        let formula = self.formula(text).map_err(|error| error.describe(text))?;
        match request {
            Request::Parse | Request::Example => {}
            Request::Trace => {
                let (slider, sliders, occupied) = read_board(&mut reader).ok_or_else(unreadable)?;
                let (mut trace, fault) = formula.trace_until_fault(slider, sliders, occupied);
                narrate(&mut trace, self.narrator);
                write_trace(&mut writer, &trace, fault.as_ref()).map_err(|unsent| unsent.to_string())?;
            }
            Request::Attacks => {
                let (_, sliders, occupied) = read_board(&mut reader).ok_or_else(unreadable)?;
                write_attacks(&mut writer, &formula.attacks(sliders, occupied));
            }
            Request::Check => {
                let mut checker = reader.checker().ok_or_else(unreadable)?;
                let budget = reader.u32().ok_or_else(unreadable)? as usize;
                let outcome = checker.advance(formula, budget);
                write_check(&mut writer, &checker, outcome.as_ref());
            }
            Request::Compile => {
                let encode = encoder.ok_or_else(|| String::from("this build of the language cannot compile"))?;
                let module = formula.wasm();
                let compiled = CompiledModule {
                    bytes: encode(&module),
                    lines: module.text(),
                    instructions: module.instruction_count(),
                    table_bytes: module.tables.iter().map(|(_, _, words)| words.len() * 8).sum(),
                    workload: module.workload,
                    reading_note: Some(formula.reading_note()),
                };
                write_compiled(&mut writer, &compiled);
            }
            Request::Export => {
                let (language, prefix) = (reader.u8(), reader.str().ok_or_else(unreadable)?);
                let prefix: super::Prefix = prefix.parse()?;
                match language {
                    Some(0) => writer.str(&formula.to_c_named(&prefix)),
                    Some(1) => writer.str(&formula.to_rust_named(&prefix)),
                    _ => return Err(unreadable()),
                }
            }
            Request::ProveStart | Request::ProveSquare | Request::CompareStart => {
                return self.prove(request, text, &mut reader)
            }
        }
        if !reader.finished() {
            return Err(unreadable());
        }
        Ok(writer.bytes)
    }

    /// A proof's start or its next square. The start only sets the proof up: the sampled
    /// check, whose board answers if the budget runs out, runs then and only then.
    #[cfg(feature = "prove")]
    fn prove(&mut self, request: Request, text: &str, reader: &mut Reader) -> Result<Vec<u8>, String> {
        use super::prove::{Comparer, Prover};
        let unreadable = || String::from("formula.wasm cannot read this request");
        let mut writer = Writer::default();
        let started = match request {
            Request::ProveStart => {
                let target = TargetCode::value(reader.u8().ok_or_else(unreadable)?).ok_or_else(unreadable)?;
                let budget = reader.u64().ok_or_else(unreadable)?;
                let own = reader.own_square().ok_or_else(unreadable)?;
                Some(Proving::Target(Prover::new(target, budget).own_square(own)))
            }
            Request::CompareStart => {
                let budget = reader.u64().ok_or_else(unreadable)?;
                let own = reader.own_square().ok_or_else(unreadable)?;
                let other = reader.str().ok_or_else(unreadable)?;
                let other = super::Formula::parse(other)
                    .map_err(|error| format!("the other text: {}", error.describe(other)))?;
                Some(Proving::Text(alloc::boxed::Box::new(other), Comparer::new(own, budget)))
            }
            // The next square of the proof under way.
            Request::ProveSquare => None,
            // Answered by `answer` before it comes here.
            Request::Parse
            | Request::Trace
            | Request::Attacks
            | Request::Check
            | Request::Compile
            | Request::Export
            | Request::Example => return Err(unreadable()),
        };
        if !reader.finished() {
            return Err(unreadable());
        }
        if let Some(started) = started {
            self.formula(text).map_err(|error| error.describe(text))?;
            self.proving = Some((String::from(text), started));
            return Ok(writer.bytes);
        }
        // Out of `self` while it runs, so that the formula, also in `self`, can be lent to it.
        let (proved_text, mut proving) = self.proving.take().ok_or_else(|| String::from("no proof was started"))?;
        if proved_text != text {
            self.proving = Some((proved_text, proving));
            return Err(String::from("the proof under way is of another formula"));
        }
        let formula = self.formula(text).map_err(|error| error.describe(text))?;
        let ended = match &mut proving {
            Proving::Target(prover) => {
                let proof = prover.advance(formula);
                write_proof_step(&mut writer, prover.squares_done(), proof.as_ref());
                proof.is_some()
            }
            Proving::Text(other, comparer) => {
                let comparison = comparer.advance(formula, other);
                write_comparison_step(&mut writer, comparer.squares_done(), comparison.as_ref());
                comparison.is_some()
            }
        };
        if !ended {
            self.proving = Some((proved_text, proving));
        }
        Ok(writer.bytes)
    }

    #[cfg(not(feature = "prove"))]
    fn prove(&mut self, _: Request, _: &str, _: &mut Reader) -> Result<Vec<u8>, String> {
        Err(String::from("this build of the language cannot prove"))
    }

    /// The formula of `text`: the last one read, or `text` read now.
    fn formula(&mut self, text: &str) -> Result<&super::Formula, Error> {
        Ok(match self.last.take() {
            Some(last) if last.source() == text => self.last.insert(last),
            _ => self.last.insert(super::Formula::parse(text)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{OpCode, OrderCode, SliderCode, TargetCode};

    /// Each list numbers its values one to one: a number read back is the value it was written for.
    #[test]
    fn every_number_reads_back_as_the_value_it_numbers() {
        let mut numbered = [0; 4];
        for code in 0..=u8::MAX {
            if let Some(op) = OpCode::value(code) {
                assert_eq!(OpCode::code(op), Some(code), "{op:?}");
                numbered[0] += 1;
            }
            if let Some(order) = OrderCode::value(code) {
                assert_eq!(OrderCode::code(order), code, "{order:?}");
                numbered[1] += 1;
            }
            if let Some(slider) = SliderCode::value(code) {
                assert_eq!(SliderCode::code(slider), code, "{slider:?}");
                numbered[2] += 1;
            }
            if let Some(target) = TargetCode::value(code) {
                assert_eq!(TargetCode::code(target), code, "{target:?}");
                numbered[3] += 1;
            }
        }
        assert_eq!(numbered, [52, 4, 3, 15]);
        assert_eq!(super::Target::ALL.len(), 15);
    }
}
