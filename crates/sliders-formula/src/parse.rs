//! The formula's syntax tree, and the parser that builds it with C's precedence.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::ctype::{CType, Reading, Suffix};
use super::lex::{Radix, Token};
use super::{Error, Span, MAX_NESTING};
use sliders::Comparison;

mod pointers;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unary {
    /// `~x`: every bit flips.
    Not,
    /// `-x`: two's complement.
    Negate,
    /// `!x`: 1 when x is zero, else 0.
    LogicalNot,
}

/// `&&` and `||`: C's logical operators, which compute their second operand only when the
/// first leaves the answer open.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Logic {
    And,
    Or,
}

impl Logic {
    pub const fn symbol(self) -> &'static str {
        match self {
            Logic::And => "&&",
            Logic::Or => "||",
        }
    }

    /// C's precedence, below every binary operator's and above `?:`'s.
    pub const fn precedence(self) -> u8 {
        match self {
            Logic::And => 2,
            Logic::Or => 1,
        }
    }

    /// The step it records.
    pub const fn op(self) -> sliders::trace::Op {
        match self {
            Logic::And => sliders::trace::Op::LogicalAnd,
            Logic::Or => sliders::trace::Op::LogicalOr,
        }
    }

    /// The first operand's truth that settles the answer without the second: zero for `&&`,
    /// nonzero for `||`.
    pub const fn settled_by(self, first_true: bool) -> bool {
        match self {
            Logic::And => !first_true,
            Logic::Or => first_true,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Binary {
    Mul,
    /// `/`, unsigned, the quotient rounded down.
    Div,
    /// `%`, the remainder.
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    And,
    Xor,
    Or,
    /// A comparison of two numbers: 1 when it holds, else 0.
    Compare(Comparison),
}

impl Binary {
    /// C's precedence: higher binds tighter.
    pub const fn precedence(self) -> u8 {
        self.definition().precedence
    }

    pub const fn symbol(self) -> &'static str {
        self.definition().symbol
    }

    const ALL: [Binary; 16] = [
        Binary::Mul,
        Binary::Div,
        Binary::Rem,
        Binary::Add,
        Binary::Sub,
        Binary::Shl,
        Binary::Shr,
        Binary::Compare(Comparison::Less),
        Binary::Compare(Comparison::LessEqual),
        Binary::Compare(Comparison::Greater),
        Binary::Compare(Comparison::GreaterEqual),
        Binary::Compare(Comparison::Equal),
        Binary::Compare(Comparison::NotEqual),
        Binary::And,
        Binary::Xor,
        Binary::Or,
    ];

    /// The comparison this operator makes, if it is one.
    pub const fn comparison(self) -> Option<Comparison> {
        match self {
            Binary::Compare(comparison) => Some(comparison),
            Binary::Mul
            | Binary::Div
            | Binary::Rem
            | Binary::Add
            | Binary::Sub
            | Binary::Shl
            | Binary::Shr
            | Binary::And
            | Binary::Xor
            | Binary::Or => None,
        }
    }

    fn of(symbol: &str) -> Option<Binary> {
        Binary::ALL.into_iter().find(|op| op.symbol() == symbol)
    }
}

#[derive(Clone, Debug)]
pub enum Expr {
    /// A literal: its value, how it was written, and its suffix (which, read as C, types it).
    Number(u64, Radix, Suffix),
    Name(String),
    Unary(Unary, Box<Node>),
    Binary(Binary, Box<Node>, Box<Node>),
    /// `a && b`, `a || b`.
    Logical(Logic, Box<Node>, Box<Node>),
    /// `condition ? then : otherwise`
    Select(Box<Node>, Box<Node>, Box<Node>),
    Call(String, Vec<Node>),
    /// `(int)x`: C's conversion to the type.
    Cast(CType, Box<Node>),
    /// `rays[dir][sq]`: an entry of a table declared at the top level, an index per dimension
    /// (`masks[sq][1].lower` reads the table `masks.lower`, see [`pointers`]).
    Index(String, Vec<Node>),
    /// `pMask->lower`, `p[k]`, `*p`: the entry a pointer points to.
    Through(Box<Through>),
    /// MSVC's `_BitScanForward64(&index, mask)`: a statement, an if's condition or the value
    /// assigned, never inside another expression.
    BitScan(Box<BitScan>),
}

/// MSVC's `_BitScanForward64(&index, mask)` or `_BitScanReverse64`: where the mask has a one
/// bit, `index` is given the index of its lowest (highest) one and the value is 1; where it
/// is 0, the value is 0 and `index` is left undefined, so reading it is a fault until it is
/// given a value again.
#[derive(Clone, Debug)]
pub struct BitScan {
    pub reverse: bool,
    pub index: String,
    pub index_span: Span,
    pub mask: Node,
}

impl BitScan {
    /// The intrinsic's name.
    pub const fn name(&self) -> &'static str {
        if self.reverse {
            "_BitScanReverse64"
        } else {
            "_BitScanForward64"
        }
    }
}

/// An entry read through a pointer: the table read (a struct's field's, `masks.lower`), the
/// entry's number counted row after row (the pointer's value, plus `k` for `p[k]`), and how
/// it was written.
#[derive(Clone, Debug)]
pub struct Through {
    pub table: String,
    pub offset: Node,
    pub field: Option<String>,
    pub written: Written,
}

/// How a read through a pointer was written: what its label says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Written {
    /// `p->field`: `offset` is the pointer.
    Arrow,
    /// `p[k]` or `p[k].field`: `offset` is `p + k`.
    Subscript,
    /// `*p` or `*(p + k)`: `offset` is what follows the `*`.
    Star,
}

/// An expression and where it was typed.
#[derive(Clone, Debug)]
pub struct Node {
    pub expr: Expr,
    pub span: Span,
}

impl Node {
    /// The same tree, wherever it was typed: what a printed formula must parse back to.
    pub fn same_shape(&self, other: &Node) -> bool {
        match (&self.expr, &other.expr) {
            (Expr::Number(a, _, _), Expr::Number(b, _, _)) => a == b,
            (Expr::Name(a), Expr::Name(b)) => a == b,
            (Expr::Unary(op, a), Expr::Unary(op2, b)) => op == op2 && a.same_shape(b),
            (Expr::Binary(op, a, b), Expr::Binary(op2, c, d)) => op == op2 && a.same_shape(c) && b.same_shape(d),
            (Expr::Logical(op, a, b), Expr::Logical(op2, c, d)) => op == op2 && a.same_shape(c) && b.same_shape(d),
            (Expr::Select(a, b, c), Expr::Select(d, e, f)) => a.same_shape(d) && b.same_shape(e) && c.same_shape(f),
            (Expr::Cast(t, a), Expr::Cast(u, b)) => t == u && a.same_shape(b),
            (Expr::Index(t, a), Expr::Index(u, b)) => {
                t == u && a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_shape(y))
            }
            (Expr::BitScan(a), Expr::BitScan(b)) => {
                a.reverse == b.reverse && a.index == b.index && a.mask.same_shape(&b.mask)
            }
            (Expr::Through(a), Expr::Through(b)) => {
                a.table == b.table && a.written == b.written && a.offset.same_shape(&b.offset)
            }
            (Expr::Call(f, a), Expr::Call(g, b)) => {
                f == g && a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_shape(y))
            }
            _ => false,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Statement {
    /// `name = value` (also `let`, `U64`, and `x ^= value`, which is `x = x ^ value`).
    /// `declares`: a type or `let` stands before the name, so it is the reader's own from here
    /// on, even where the board has a name of its own of that spelling (`int r = sq >> 3`).
    Assign {
        name: String,
        name_span: Span,
        value: Node,
        declares: bool,
        /// The C type it is declared with, where one is (read as C, its value is converted to it).
        ty: Option<CType>,
    },
    Return(Node),
    /// An expression alone: the last one is the result.
    Bare(Node),
    /// `if (condition) … else …`: the statements of the branch the condition chooses; `span`
    /// runs from `if` to the condition's `)`, `end` is where its last branch ends.
    If {
        condition: Node,
        then: Vec<Statement>,
        otherwise: Vec<Statement>,
        span: Span,
        end: usize,
        /// The value of the `switch` whose case this is (`condition` tests it against the case's
        /// values), where it is one.
        switch: Option<Node>,
    },
    /// `while (test) body`, `do body while (test);`, or `for (init; test; step) body` (an empty
    /// test is `1`): `init` runs once, then `body` and `step` while `test` holds, tested before
    /// each run of the body (after it for `do`). `span` runs from the keyword to the header's
    /// `)` (for `do`, the keyword alone), `end` is where the loop ends.
    Loop {
        keyword: Keyword,
        init: Vec<Statement>,
        test: Node,
        body: Vec<Statement>,
        step: Vec<Statement>,
        span: Span,
        end: usize,
    },
    /// `break` and `continue`, where typed.
    Break(Span),
    Continue(Span),
    /// `rays[d][sq] = value` (`|=` and the like as `rays[d][sq] = rays[d][sq] | value`): an entry
    /// of a table written, by a function that fills tables. `target` is the entry as read.
    Store {
        target: Node,
        value: Node,
    },
}

/// Which loop a loop is, as typed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Keyword {
    While,
    /// `do … while`: the test after each run of the body.
    DoWhile,
    For,
}

impl Keyword {
    /// Whether the test comes before each run of the body.
    pub const fn tests_first(self) -> bool {
        match self {
            Keyword::While | Keyword::For => true,
            Keyword::DoWhile => false,
        }
    }
}

impl Statement {
    pub fn same_shape(&self, other: &Statement) -> bool {
        match (self, other) {
            (Statement::Assign { name: a, value: x, .. }, Statement::Assign { name: b, value: y, .. }) => {
                a == b && x.same_shape(y)
            }
            (Statement::Return(x), Statement::Return(y)) | (Statement::Bare(x), Statement::Bare(y)) => x.same_shape(y),
            (
                Statement::If { condition: a, then: b, otherwise: c, .. },
                Statement::If { condition: d, then: e, otherwise: f, .. },
            ) => a.same_shape(d) && same_statements(b, e) && same_statements(c, f),
            (
                Statement::Loop { init: a, test: b, body: c, step: d, keyword: e, .. },
                Statement::Loop { init: f, test: g, body: h, step: i, keyword: j, .. },
            ) => e == j && b.same_shape(g) && same_statements(a, f) && same_statements(c, h) && same_statements(d, i),
            (Statement::Break(_), Statement::Break(_)) | (Statement::Continue(_), Statement::Continue(_)) => true,
            (Statement::Store { target: a, value: b }, Statement::Store { target: c, value: d }) => {
                a.same_shape(c) && b.same_shape(d)
            }
            (
                Statement::Assign { .. }
                | Statement::Return(_)
                | Statement::Bare(_)
                | Statement::If { .. }
                | Statement::Loop { .. }
                | Statement::Break(_)
                | Statement::Continue(_)
                | Statement::Store { .. },
                _,
            ) => false,
        }
    }

    /// The expression the statement computes itself (its nested statements' apart): an
    /// `if`'s condition, a loop's test.
    pub fn expression(&self) -> Option<&Node> {
        match self {
            Statement::Assign { value, .. }
            | Statement::Return(value)
            | Statement::Bare(value)
            | Statement::Store { value, .. } => Some(value),
            Statement::If { condition, .. } => Some(condition),
            Statement::Loop { test, .. } => Some(test),
            Statement::Break(_) | Statement::Continue(_) => None,
        }
    }

    /// The bit scan the statement makes, where it makes one: alone, as the value assigned, or
    /// as an if's condition or a loop's test (the places [`Expr::BitScan`] may stand).
    pub fn bit_scan(&self) -> Option<&BitScan> {
        let node = match self {
            Statement::Bare(node)
            | Statement::Assign { value: node, .. }
            | Statement::If { condition: node, .. }
            | Statement::Loop { test: node, .. } => node,
            Statement::Return(_) | Statement::Break(_) | Statement::Continue(_) | Statement::Store { .. } => {
                return None
            }
        };
        match &node.expr {
            Expr::BitScan(scan) => Some(scan),
            // `if (!_BitScanForward64(&i, x))`: a condition may test that it found nothing.
            Expr::Unary(Unary::LogicalNot, inner) if matches!(self, Statement::If { .. } | Statement::Loop { .. }) => {
                if let Expr::BitScan(scan) = &inner.expr {
                    Some(scan)
                } else {
                    None
                }
            }
            Expr::Number(..)
            | Expr::Name(_)
            | Expr::Unary(..)
            | Expr::Binary(..)
            | Expr::Logical(..)
            | Expr::Select(..)
            | Expr::Call(..)
            | Expr::Cast(..)
            | Expr::Index(..)
            | Expr::Through(..) => None,
        }
    }

    /// Where the statement starts: an `if`'s keyword, an assignment's name.
    pub fn start(&self) -> usize {
        match self {
            Statement::Assign { name_span, .. } => name_span.start,
            Statement::Return(value) | Statement::Bare(value) => value.span.start,
            Statement::Store { target, .. } => target.span.start,
            Statement::If { span, .. } | Statement::Loop { span, .. } => span.start,
            Statement::Break(span) | Statement::Continue(span) => span.start,
        }
    }

    /// Where the statement ends: an `if`'s or a loop's, where its last branch ends.
    pub fn end(&self) -> usize {
        match self {
            Statement::Assign { value, .. }
            | Statement::Return(value)
            | Statement::Bare(value)
            | Statement::Store { value, .. } => value.span.end,
            Statement::If { end, .. } | Statement::Loop { end, .. } => *end,
            Statement::Break(span) | Statement::Continue(span) => span.end,
        }
    }
}

/// Whether a `break` stands here outside any loop of its own: inside a switch's case, it
/// would leave the switch.
fn breaks_out(statement: &Statement) -> bool {
    match statement {
        Statement::Break(_) => true,
        Statement::If { then, otherwise, .. } => then.iter().chain(otherwise).any(breaks_out),
        Statement::Loop { .. }
        | Statement::Assign { .. }
        | Statement::Return(_)
        | Statement::Bare(_)
        | Statement::Continue(_)
        | Statement::Store { .. } => false,
    }
}

/// Whether two lists of statements have the same shape, statement by statement.
pub fn same_statements(a: &[Statement], b: &[Statement]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_shape(y))
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub name_span: Span,
    pub parameters: Vec<Parameter>,
    /// The C type it returns, where it is a C function with one.
    pub returns: Option<CType>,
    /// `void`: it returns nothing, and fills tables (called first, alone: `init();`).
    pub fills: bool,
    /// Names declared without a value (C's `U64 a, b;`), where: an assignment gives them one.
    pub declared: Vec<Declared>,
    pub body: Vec<Statement>,
}

/// A name declared without a value (C's `U64 a, b;`): where, and its C type if it has one.
#[derive(Clone, Debug)]
pub struct Declared {
    pub name: String,
    pub span: Span,
    pub ty: Option<CType>,
}

/// A function's parameter: its name, where it was typed, and whether its type says it holds a
/// number (C's `int sq`, Rust's `sq: usize`) rather than a set of squares.
#[derive(Clone, Debug)]
pub struct Parameter {
    pub name: String,
    pub span: Span,
    pub number: bool,
    /// Its C type, where it has one (`int sq`); a Rust or untyped one holds the lab's word.
    pub ty: Option<CType>,
}

/// A table, declared at the top level: `const U64 rays[8][64] = { … };`.
#[derive(Clone, Debug)]
pub struct Table {
    pub name: String,
    pub span: Span,
    /// Its entries' C type (the lab's word where none is named).
    pub ty: Option<CType>,
    /// Declared `const`: nothing may write it.
    pub constant: bool,
    /// Each dimension's size as typed, and where its brackets stand; `None` for `[]`, which
    /// only the first may be (its initializer says how many).
    pub dims: Vec<(Option<Node>, Span)>,
    /// `= { … }`: without one, every entry is 0, as C gives a table declared outside functions.
    pub initializer: Option<Initializer>,
}

/// A constant of an `enum`: `nort`, or `east = 2`.
#[derive(Clone, Debug)]
pub struct Enumerator {
    pub name: String,
    pub value: Option<Node>,
    pub span: Span,
}

/// A table's initializer: a value, or a braced list of them (a row per entry of the first
/// dimension, or every entry in order, as C allows).
#[derive(Clone, Debug)]
pub enum Initializer {
    Value(Node),
    List(Vec<Initializer>, Span),
    /// C99's designated entry inside a list, `[east] = 0x…` or `.mask = 0x…`: the list goes
    /// on from there.
    Designated(Designator, Box<Initializer>, Span),
}

/// Where a designated entry goes: a row or an entry of the dimension (`[i]`), or a struct's
/// field (`.name`).
#[derive(Clone, Debug)]
pub enum Designator {
    Index(Node),
    Field(String, Span),
}

impl Initializer {
    pub fn span(&self) -> Span {
        match self {
            Initializer::Value(node) => node.span,
            Initializer::List(_, span) | Initializer::Designated(_, _, span) => *span,
        }
    }
}

/// A whole formula: its functions, then the statements that give the result.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Tables, declared at the top level: every function and statement may read them.
    pub tables: Vec<Table>,
    /// The functions that fill tables, called first (`init();`), before any statement that
    /// reads the board: each call's function and where it was typed.
    pub fills: Vec<(String, Span)>,
    /// C's enumeration constants, in the order declared: each name, its value where one is
    /// given (`east = 2`; else one more than the one before, the first 0), and where.
    pub enumerators: Vec<Enumerator>,
    pub functions: Vec<Function>,
    /// Names the formula's own statements declare without a value.
    pub declared: Vec<Declared>,
    pub main: Vec<Statement>,
    /// Every type typed, its words together (`U64`, `static int`, `unsigned long long`), where:
    /// they change nothing, as every value is a 64-bit word, but C's narrower ones are worth a
    /// note.
    pub type_words: Vec<(String, Span)>,
    /// Which meaning the text has: C's where it declares a name, a parameter or a function
    /// with C's types, or casts to one (the first such place is kept for the note).
    pub reading: Reading,
    pub c_typed_at: Option<(Span, String)>,
    /// Where the tree says in other terms what was typed, which a step's label says as typed:
    /// a pointer's value (`lines[sq]`, the entry's number `sq * 4`), a bit scan (the scan of
    /// its mask, `_BitScanForward64(&i, x)`).
    pub written: Vec<Span>,
}

impl Program {
    pub fn same_shape(&self, other: &Program) -> bool {
        let statements = same_statements;
        self.tables.len() == other.tables.len()
            && self.tables.iter().zip(&other.tables).all(|(a, b)| a.name == b.name && a.dims.len() == b.dims.len())
            && self.functions.len() == other.functions.len()
            && self.functions.iter().zip(&other.functions).all(|(f, g)| {
                f.name == g.name
                    && f.parameters.iter().map(|p| &p.name).eq(g.parameters.iter().map(|p| &p.name))
                    && statements(&f.body, &g.body)
            })
            && statements(&self.main, &other.main)
    }
}

/// Whether a C type, its words as typed (`const int`, `unsigned long long`), means other than
/// the language's unsigned 64-bit word (LP64, as GCC and Clang on Linux): narrower, or signed.
fn narrow_c_type(words: &str) -> bool {
    let typed: Vec<&str> = words
        .split(' ')
        .filter(|w| !matches!(*w, "const" | "static" | "inline" | "__forceinline" | "__inline" | "mut"))
        .collect();
    !typed.is_empty() && !WORD_CASTS.contains(&typed.as_slice())
}

impl Program {
    /// Which reading the text has, and why: C's, from the first C type typed in `text`; the
    /// lab's short form where none is.
    pub fn reading_note(&self, text: &str) -> String {
        match (self.reading, &self.c_typed_at) {
            (Reading::C, Some((at, words))) => {
                let (line, _) = super::position(text, at.start);
                format!(
                    "Read as C, as line {line} uses C's type {words}: int is 32 bits and signed, a literal such as 1 is an int, sq is an int, and what C leaves undefined (a shift by the width or more, a signed overflow, a division by zero) is a fault."
                )
            }
            (Reading::C, None) | (Reading::Lab, _) => {
                "Read in the lab's short form, as no name has a C type: every value is an unsigned 64-bit word, and a shift takes its amount mod 64.".to_string()
            }
        }
    }
}

/// Rust's integer types a square or a count is kept in: a parameter of one holds a number.
const RUST_NUMBER_TYPES: [&str; 8] = ["u8", "u16", "u32", "usize", "i8", "i16", "i32", "isize"];

/// Words that may stand before a name as its type, C's or Rust's, and mean nothing here.
const TYPE_WORDS: [&str; 28] = [
    "U64",
    "u64",
    "uint64_t",
    "Bitboard",
    "int",
    "unsigned",
    "signed",
    "long",
    "short",
    "char",
    "bool",
    "_Bool",
    "__int64",
    "size_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "const",
    "static",
    "inline",
    "mut",
    "enum",
    "__forceinline",
    "__inline",
];

/// The type words that say where a name is kept or whether it may change, not what it holds:
/// no cast is made of them.
const STORAGE_WORDS: [&str; 5] = ["static", "inline", "mut", "__forceinline", "__inline"];

/// Whether `word` may be part of a cast's type: a type word that says what a value is.
fn is_cast_word(word: &str) -> bool {
    TYPE_WORDS.contains(&word) && !STORAGE_WORDS.contains(&word)
}

/// The casts that leave a 64-bit unsigned word as it is (LP64, as GCC and Clang on Linux).
const WORD_CASTS: [&[&str]; 10] = [
    &["U64"],
    &["u64"],
    &["uint64_t"],
    &["Bitboard"],
    &["size_t"],
    &["unsigned", "long"],
    &["unsigned", "long", "int"],
    &["unsigned", "long", "long"],
    &["unsigned", "long", "long", "int"],
    &["unsigned", "__int64"],
];

/// Why `++` or `--` inside an expression, before or after its operand, is an error.
const INCREMENT_INSIDE: &str =
    "++ and -- are read as statements of their own (x++;), not inside an expression: write x + 1 or x - 1";

const TABLES: &str =
    "only a table's name is indexed (t[i]): declare the table at the top level, as const U64 t[64] = { … };";

/// The most dimensions a table has.
pub const MAX_DIMENSIONS: usize = 3;

pub fn parse(tokens: &[(Token<'_>, Span)]) -> Result<Program, Error> {
    let mut parser = Parser {
        tokens,
        at: 0,
        depth: 0,
        type_words: Vec::new(),
        aliases: Vec::new(),
        parens: 0,
        declared_in_blocks: Vec::new(),
        c_typed_at: None,
        pointers: pointers::Pointers::default(),
        written: Vec::new(),
        hoisted: Vec::new(),
    };
    let mut program = Program::default();
    loop {
        parser.skip_separators();
        if parser.peek() == Token::End {
            program.type_words = parser.type_words;
            program.reading = if parser.c_typed_at.is_some() { Reading::C } else { Reading::Lab };
            program.c_typed_at = parser.c_typed_at;
            program.written = parser.written;
            return Ok(program);
        }
        if let Some(tables) = parser.structure()? {
            add_tables(&mut program, tables)?;
            parser.end_of_statement()?;
            continue;
        }
        let enumerators = match parser.typedef_enum()? {
            Some(enumerators) => Some(enumerators),
            None if parser.typedef()? => {
                parser.end_of_statement()?;
                continue;
            }
            None => parser.enumeration()?,
        };
        if let Some(enumerators) = enumerators {
            for enumerator in enumerators {
                let clash = program.enumerators.iter().any(|e| e.name == enumerator.name);
                if clash {
                    let message = format!("{} is a constant of an enum above already", enumerator.name);
                    return Err(Error::at(enumerator.span, &message));
                }
                program.enumerators.push(enumerator);
            }
            parser.end_of_statement()?;
            continue;
        }
        if let Some(tables) = parser.struct_table()? {
            add_tables(&mut program, tables)?;
            parser.end_of_statement()?;
            continue;
        }
        if let Some(tables) = parser.table()? {
            for table in &tables {
                parser.note_table(table);
            }
            add_tables(&mut program, tables)?;
            parser.end_of_statement()?;
            continue;
        }
        if let Some(function) = parser.function()? {
            let hoisted = core::mem::take(&mut parser.hoisted);
            add_tables(&mut program, hoisted)?;
            program.functions.push(function);
            continue;
        }
        if let Some(declaration) = parser.declaration()? {
            program.declared.extend(declaration.declared);
            program.main.extend(declaration.assigned);
            continue;
        }
        let statement = parser.statement()?;
        // `init();` of a function that fills tables, before any other statement: run once.
        if let Statement::Bare(Node { expr: Expr::Call(name, arguments), span }) = &statement {
            let fills = program.functions.iter().any(|f| f.fills && f.name == *name);
            if fills && arguments.is_empty() && program.main.is_empty() {
                program.fills.push((name.clone(), *span));
                parser.end_of_statement()?;
                continue;
            }
        }
        program.main.push(statement);
        program.declared.append(&mut parser.declared_in_blocks);
        parser.end_of_statement()?;
    }
}

/// Tables declared together, after the ones above: each name (a struct's table's base name
/// too) once.
fn add_tables(program: &mut Program, tables: Vec<Table>) -> Result<(), Error> {
    // A table of structs is a table per field, `masks.lower`: its name is what comes before the dot.
    let base = |name: &str| String::from(name.split('.').next().unwrap_or(name));
    let above: Vec<String> = program.tables.iter().map(|t| base(&t.name)).collect();
    for table in tables {
        let taken = above.contains(&base(&table.name)) || program.tables.iter().any(|t| t.name == table.name);
        if taken {
            return Err(Error::at(table.span, &format!("a table named {} is declared above", base(&table.name))));
        }
        program.tables.push(table);
    }
    Ok(())
}

/// C's `U64 a = o, b, c = r;`: the names given no value, and the others' assignments.
#[derive(Default)]
struct Declaration {
    declared: Vec<Declared>,
    assigned: Vec<Statement>,
}

struct Parser<'t, 'a> {
    tokens: &'t [(Token<'a>, Span)],
    at: usize,
    depth: usize,
    /// The type words read so far, for the program's.
    type_words: Vec<(String, Span)>,
    /// Names `typedef` gave integer types, and the words of each type.
    aliases: Vec<(String, String)>,
    /// How many parentheses are open here: inside them, as in C, a line break ends nothing.
    parens: usize,
    /// Names declared without a value inside an `if`'s braces, for the body around them.
    declared_in_blocks: Vec<Declared>,
    /// The first C type read, which makes the text C.
    c_typed_at: Option<(Span, String)>,
    /// The structs, tables and pointers declared so far.
    pointers: pointers::Pointers,
    /// Where the parser wrote in other terms what was typed, for the program's `written`.
    written: Vec<Span>,
    /// The const tables declared inside the function just read, kept at the top level.
    hoisted: Vec<Table>,
}

impl<'a> Parser<'_, 'a> {
    fn peek(&self) -> Token<'a> {
        self.tokens[self.at].0
    }

    fn peek_at(&self, ahead: usize) -> Token<'a> {
        self.tokens[(self.at + ahead).min(self.tokens.len() - 1)].0
    }

    fn span(&self) -> Span {
        self.tokens[self.at].1
    }

    fn next(&mut self) -> (Token<'a>, Span) {
        let token = self.tokens[self.at];
        if self.at + 1 < self.tokens.len() {
            self.at += 1;
        }
        token
    }

    fn is(&self, punct: &str) -> bool {
        matches!(self.peek(), Token::Punct(p) if p == punct)
    }

    fn eat(&mut self, punct: &str) -> bool {
        let found = self.is(punct);
        if found {
            self.next();
        }
        found
    }

    fn expect(&mut self, punct: &str, what: &str) -> Result<Span, Error> {
        if self.is(punct) {
            return Ok(self.next().1);
        }
        Err(self.unexpected(&format!("expected {what}")))
    }

    /// An error at the current token: `expected …, found …`.
    fn unexpected(&self, expected: &str) -> Error {
        // `x++` inside an expression stops it where an operator or its end was expected.
        if let Token::Punct("++" | "--") = self.peek() {
            return Error::at(self.span(), INCREMENT_INSIDE);
        }
        let found = match self.peek() {
            Token::End => "the end of the formula".to_string(),
            Token::Newline => "the end of the line".to_string(),
            Token::Number(..) => "a number".to_string(),
            Token::Name(name) => format!("the name {name}"),
            Token::Punct(p) => p.to_string(),
        };
        Error::at(self.span(), &format!("{expected}, found {found}"))
    }

    fn skip_newlines(&mut self) {
        while self.peek() == Token::Newline {
            self.next();
        }
    }

    fn skip_separators(&mut self) {
        while self.peek() == Token::Newline || self.is(";") {
            self.next();
        }
    }

    fn end_of_statement(&mut self) -> Result<(), Error> {
        // A statement that ends with its block's `}` (an if, a loop, a switch) ends there, as
        // in C: another may follow on the same line.
        if self.at > 0 && self.tokens[self.at - 1].0 == Token::Punct("}") {
            return Ok(());
        }
        match self.peek() {
            Token::Punct("[") => Err(Error::at(self.span(), TABLES)),
            Token::Newline => self.no_operator_starts_the_next_line(),
            Token::End => Ok(()),
            Token::Punct(";") | Token::Punct("}") => Ok(()),
            _ => Err(self.unexpected("expected an operator, or the end of the statement")),
        }
    }

    /// A statement ended at a line break; a next line that starts with an operator would read
    /// as a statement of its own (`-r`) or fail to read, where C would go on with this one's
    /// expression: an error that says so, never a silent change of meaning.
    fn no_operator_starts_the_next_line(&self) -> Result<(), Error> {
        let mut ahead = 0;
        while self.peek_at(ahead) == Token::Newline {
            ahead += 1;
        }
        match self.peek_at(ahead) {
            Token::Punct(sign) if Binary::of(sign).is_some() || matches!(sign, "&&" | "||" | "?") => {
                let at = self.tokens[(self.at + ahead).min(self.tokens.len() - 1)].1;
                Err(Error::at(
                    at,
                    &format!(
                        "this line starts with {sign}, and a statement ends at the end of its line: to go on with the expression above, end its line with the {sign}, or put the expression in parentheses"
                    ),
                ))
            }
            _ => Ok(()),
        }
    }

    fn name(&mut self, what: &str) -> Result<(String, Span), Error> {
        match self.peek() {
            Token::Name(name) => {
                let span = self.next().1;
                Ok((name.to_string(), span))
            }
            _ => Err(self.unexpected(&format!("expected {what}"))),
        }
    }

    /// Type words before a name (`U64`, `static inline`); how many there are.
    fn type_words(&self) -> usize {
        let mut count = 0;
        while matches!(self.peek_at(count), Token::Name(word) if TYPE_WORDS.contains(&word) || self.alias(word).is_some())
        {
            count += 1;
        }
        count
    }

    /// The words of the type `typedef` named `word`, if it named one.
    fn alias(&self, word: &str) -> Option<&str> {
        self.aliases.iter().rev().find(|(name, _)| name == word).map(|(_, words)| words.as_str())
    }

    /// `typedef unsigned long long U64;`: the name stands for the type from here on; whether
    /// a typedef was read.
    fn typedef(&mut self) -> Result<bool, Error> {
        if self.peek() != Token::Name("typedef") {
            return Ok(false);
        }
        self.next();
        let mut count = self.type_words();
        // `typedef unsigned long long U64;`: the last word is the new name, even one the
        // language knows as a type already.
        let ends = matches!(self.peek_at(count), Token::Punct(";" | "}") | Token::Newline | Token::End);
        if ends && count >= 2 {
            count -= 1;
        }
        if count == 0 {
            return Err(self.unexpected("expected an integer type after typedef, such as unsigned long long"));
        }
        let mut words = Vec::new();
        let start = self.span().start;
        for _ in 0..count {
            if let (Token::Name(word), _) = self.next() {
                words.push(self.alias(word).unwrap_or(word).to_string());
            }
        }
        // A typedef of C's integer type makes the text C, as a declaration with it does.
        let joined = words.join(" ");
        self.c_type(&joined, Span::new(start, self.span().start))?;
        let (name, _) = self.name("the type's new name")?;
        self.aliases.push((name, joined));
        Ok(true)
    }

    /// Reads the type words before a name, keeping them as one type (`unsigned long long`):
    /// whether there were any, and the C type they name (none for Rust's words).
    fn skip_type_words(&mut self) -> Result<(bool, Option<CType>), Error> {
        let count = self.type_words();
        let mut words: Vec<String> = Vec::new();
        let mut span: Option<Span> = None;
        for _ in 0..count {
            let (token, at) = self.next();
            if let Token::Name(word) = token {
                // A typedef's name is noted as the type it stands for.
                words.push(self.alias(word).unwrap_or(word).to_string());
                span = Some(span.map_or(at, |first| Span::new(first.start, at.end)));
            }
        }
        let Some(span) = span else { return Ok((false, None)) };
        let joined = words.join(" ");
        let ty = self.c_type(&joined, span)?;
        self.type_words.push((joined, span));
        Ok((count > 0, ty))
    }

    /// The C type of a type's words, noting the first as what makes the text C.
    fn c_type(&mut self, words: &str, span: Span) -> Result<Option<CType>, Error> {
        let ty = CType::of_words(words).map_err(|message| Error::at(span, &message))?;
        if ty.is_some() && self.c_typed_at.is_none() {
            self.c_typed_at = Some((span, words.to_string()));
        }
        Ok(ty)
    }

    /// C's `U64 a, b;`: names declared without a value; `None` if no declaration starts here.
    fn declaration(&mut self) -> Result<Option<Declaration>, Error> {
        if let Some(pointers) = self.pointer_declaration()? {
            return Ok(Some(pointers));
        }
        self.refuse_struct_by_value()?;
        let typed = self.type_words();
        let declarator_ends = matches!(
            self.peek_at(typed + 1),
            Token::Punct(",") | Token::Punct(";") | Token::Punct("}") | Token::Punct("=") | Token::Newline | Token::End
        );
        if typed == 0 || !matches!(self.peek_at(typed), Token::Name(_)) || !declarator_ends {
            return Ok(None);
        }
        let (_, ty) = self.skip_type_words()?;
        let mut declaration = Declaration::default();
        loop {
            let what = if declaration.declared.is_empty() && declaration.assigned.is_empty() {
                "a name to declare"
            } else {
                "a name to declare after the ,"
            };
            let (name, name_span) = self.name(what)?;
            if self.eat("=") {
                self.skip_newlines();
                let value = self.expression()?;
                declaration.assigned.push(Statement::Assign { name, name_span, value, declares: true, ty });
            } else {
                declaration.declared.push(Declared { name, span: name_span, ty });
            }
            if !self.eat(",") {
                break;
            }
            self.skip_newlines();
        }
        if !matches!(self.peek(), Token::Punct(";") | Token::Punct("}") | Token::Newline | Token::End) {
            return Err(self.unexpected("expected , or the end of the declaration"));
        }
        if self.peek() == Token::Newline {
            self.no_operator_starts_the_next_line()?;
        }
        Ok(Some(declaration))
    }

    /// `x++`, `++x`, `x--` or `--x` as a statement of its own: `x = x + 1` or `x = x - 1`.
    fn increment(&mut self) -> Result<Option<Statement>, Error> {
        let (name, operator) = match (self.peek(), self.peek_at(1)) {
            (Token::Name(name), Token::Punct(op @ ("++" | "--"))) if name != "return" => (name, op),
            (Token::Punct(op @ ("++" | "--")), Token::Name(name)) => (name, op),
            _ => return Ok(None),
        };
        let postfix = matches!(self.peek(), Token::Name(_));
        let (first, second) = (self.next().1, self.next().1);
        let span = Span::new(first.start, second.end);
        let name_span = if postfix { first } else { second };
        let op = if operator == "++" { Binary::Add } else { Binary::Sub };
        let target = Node { expr: Expr::Name(name.to_string()), span: name_span };
        let one = Node { expr: Expr::Number(1, Radix::Decimal, Suffix::None), span };
        let value = Node { expr: Expr::Binary(op, Box::new(target), Box::new(one)), span };
        Ok(Some(Statement::Assign { name: name.to_string(), name_span, value, declares: false, ty: None }))
    }

    /// `fn name(a, b) { … }`, or C's `U64 name(U64 a, U64 b) { … }`; `None` if no function starts here.
    fn function(&mut self) -> Result<Option<Function>, Error> {
        let typed = self.type_words();
        let rust = matches!(self.peek(), Token::Name("fn"));
        // `void init(void)`, `static void init()`: a function that fills tables.
        let fills = self.peek_at(typed) == Token::Name("void")
            && matches!(self.peek_at(typed + 1), Token::Name(_))
            && self.peek_at(typed + 2) == Token::Punct("(");
        let c =
            typed > 0 && matches!(self.peek_at(typed), Token::Name(_)) && self.peek_at(typed + 1) == Token::Punct("(");
        if !rust && !c && !fills {
            return Ok(None);
        }
        let returns = if rust {
            self.next();
            None
        } else if fills {
            for _ in 0..=typed {
                self.next();
            }
            None
        } else {
            self.skip_type_words()?.1
        };
        let (name, name_span) = self.name("the function's name")?;
        self.expect("(", "( and the function's parameters")?;
        let outside = self.enter_function();
        let mut parameters = Vec::new();
        // Which parameters are pointers, and into which table.
        let mut pointers = Vec::new();
        // Parameters may stand a line each, as C allows; `(void)` is none.
        self.skip_newlines();
        if self.peek() == Token::Name("void") && self.peek_at(1) == Token::Punct(")") {
            self.next();
        }
        while !self.is(")") {
            if let Some((parameter, table)) = self.pointer_parameter()? {
                parameters.push(parameter);
                pointers.push(Some(table));
                self.skip_newlines();
                if !self.eat(",") {
                    break;
                }
                self.skip_newlines();
                continue;
            }
            pointers.push(None);
            self.refuse_struct_by_value()?;
            let typed_before = self.type_words.len();
            let (_, ty) = self.skip_type_words()?;
            let narrow = self.type_words[typed_before..].iter().any(|(words, _)| narrow_c_type(words));
            let (name, span) = self.name("a parameter's name")?;
            let mut number = narrow;
            if self.eat(":") {
                let (rust_type, _) = self.name("the parameter's type, such as u64")?;
                number = RUST_NUMBER_TYPES.contains(&rust_type.as_str());
            }
            parameters.push(Parameter { name, span, number, ty });
            self.skip_newlines();
            if !self.eat(",") {
                break;
            }
            self.skip_newlines();
        }
        self.expect(")", ", or ) after the parameters")?;
        if self.eat("->") {
            self.name("the type the function returns, such as u64")?;
        }
        self.skip_newlines();
        self.expect("{", "{ to open the function's body")?;
        let mut body = Vec::new();
        let mut declared = Vec::new();
        loop {
            self.skip_separators();
            if self.eat("}") {
                break;
            }
            if self.peek() == Token::End {
                return Err(self.unexpected(&format!("expected }} to close the body of {name}")));
            }
            if matches!(self.peek(), Token::Name("fn"))
                || self.type_words() > 0 && self.peek_at(self.type_words() + 1) == Token::Punct("(")
            {
                return Err(Error::at(
                    self.span(),
                    "a function cannot be defined inside another: define it above, at the top level",
                ));
            }
            // `const int df[4] = { … };` in a function: its entries never change, so the lab
            // keeps it with the tables at the top level (every function may then read it).
            if self.starts_table() {
                let at = self.span();
                let Some(tables) = self.table()? else { continue };
                for table in tables {
                    if !table.constant || table.initializer.is_none() {
                        return Err(Error::at(
                            at,
                            "a table inside a function is read only if it is const with its entries ({ … }), kept with the tables at the top level: declare it so, or above the functions",
                        ));
                    }
                    self.note_table(&table);
                    self.hoisted.push(table);
                }
                self.end_of_statement()?;
                continue;
            }
            if let Some(declaration) = self.declaration()? {
                declared.extend(declaration.declared);
                body.extend(declaration.assigned);
                continue;
            }
            body.push(self.statement()?);
            declared.append(&mut self.declared_in_blocks);
            self.end_of_statement()?;
        }
        self.leave_function(&name, pointers, outside);
        Ok(Some(Function { name, name_span, parameters, returns, fills, declared, body }))
    }

    /// `rays[d][sq] = value;` or `|=` and the like: `None` (and nothing read) if no write of a
    /// table's entry starts here.
    fn store(&mut self) -> Result<Option<Statement>, Error> {
        let start = self.at;
        let (target, pointer_field) = match (self.peek(), self.peek_at(1)) {
            (Token::Name(name), Token::Punct("->" | "[")) if self.pointer(name).is_some() => {
                let at = self.next().1;
                self.through(name.to_string(), at, true)?
            }
            (Token::Name(name), Token::Punct("[")) => {
                let name_span = self.next().1;
                let mut indices = Vec::new();
                let mut end = name_span.end;
                while self.eat("[") {
                    indices.push(self.bracketed()?);
                    end = self.expect("]", "] to close the index")?.end;
                }
                self.struct_entry(name.to_string(), indices, (Span::new(name_span.start, end), true))?
            }
            (Token::Punct("*"), _) => {
                let star = self.next().1;
                (self.star(star)?, None)
            }
            _ => return Ok(None),
        };
        // A pointer field is given a pointer (`= table + next`), or moved by a number of entries.
        if let Some(field) = pointer_field {
            let operator = self.span();
            let value = match self.peek() {
                Token::Punct("=") => {
                    self.next();
                    self.skip_newlines();
                    self.pointer_field_value(field)?
                }
                Token::Punct(sign @ ("+=" | "-=")) => {
                    self.next();
                    let amount = self.expression()?;
                    let op = if sign == "+=" { Binary::Add } else { Binary::Sub };
                    let span = Span::new(target.span.start, amount.span.end);
                    Node { expr: Expr::Binary(op, Box::new(target.clone()), Box::new(amount)), span }
                }
                _ => {
                    return Err(Error::at(
                        operator,
                        "a pointer field is given a pointer with =, or moved with += and -=; what it points to is read with an index",
                    ))
                }
            };
            return Ok(Some(Statement::Store { target, value }));
        }
        let compound = match self.peek() {
            Token::Punct("=") => None,
            // `t[i]++` and `t[i]--`: one more, one less.
            Token::Punct(step @ ("++" | "--")) => {
                let op = if step == "++" { Binary::Add } else { Binary::Sub };
                let at = self.next().1;
                let one = Node { expr: Expr::Number(1, Radix::Decimal, Suffix::None), span: at };
                let span = Span::new(target.span.start, at.end);
                let value = Node { expr: Expr::Binary(op, Box::new(target.clone()), Box::new(one)), span };
                return Ok(Some(Statement::Store { target, value }));
            }
            Token::Punct(op) => match op.strip_suffix('=').and_then(Binary::of) {
                Some(op) if op.comparison().is_none() => Some(op),
                Some(_) | None => {
                    self.at = start;
                    return Ok(None);
                }
            },
            _ => {
                self.at = start;
                return Ok(None);
            }
        };
        self.next();
        self.skip_newlines();
        let value = self.expression()?;
        let value = match compound {
            Some(op) => {
                let span = Span::new(target.span.start, value.span.end);
                Node { expr: Expr::Binary(op, Box::new(target.clone()), Box::new(value)), span }
            }
            None => value,
        };
        Ok(Some(Statement::Store { target, value }))
    }

    /// `enum enumDir { nort, noEa, east = 2 };` or `enum { … };`: its constants, the tag kept
    /// as a name of `int` (the wiki's listings write `enumDir dir8`); `None` if no enum's
    /// declaration starts here.
    fn enumeration(&mut self) -> Result<Option<Vec<Enumerator>>, Error> {
        let tagged = matches!(self.peek_at(1), Token::Name(_)) && self.peek_at(2) == Token::Punct("{");
        if self.peek() != Token::Name("enum") || !(tagged || self.peek_at(1) == Token::Punct("{")) {
            return Ok(None);
        }
        let keyword = self.next().1;
        if self.c_typed_at.is_none() {
            self.c_typed_at = Some((keyword, String::from("enum")));
        }
        if tagged {
            let (tag, at) = self.name("the enum's name")?;
            if self.alias(&tag).is_some() {
                return Err(Error::at(at, &format!("{tag} names a type above already")));
            }
            self.aliases.push((tag, String::from("int")));
        }
        self.expect("{", "{ and the enum's constants")?;
        let mut enumerators = Vec::new();
        loop {
            self.skip_newlines();
            if self.is("}") {
                break;
            }
            let (name, span) = self.name("a name for a constant of the enum")?;
            let value = if self.eat("=") { Some(self.bracketed()?) } else { None };
            enumerators.push(Enumerator { name, value, span });
            self.skip_newlines();
            if !self.eat(",") {
                break;
            }
        }
        self.skip_newlines();
        let close = self.expect("}", ", or } to close the enum")?;
        if enumerators.is_empty() {
            return Err(Error::at(Span::new(keyword.start, close.end), "an enum has at least one constant"));
        }
        Ok(Some(enumerators))
    }

    /// `typedef enum { nort, east } enumDir;` (or with a tag): the enum's constants, its new
    /// name a name of `int`; `None` if no such typedef starts here.
    fn typedef_enum(&mut self) -> Result<Option<Vec<Enumerator>>, Error> {
        if self.peek() != Token::Name("typedef") || self.peek_at(1) != Token::Name("enum") {
            return Ok(None);
        }
        let start = self.at;
        self.next();
        let Some(enumerators) = self.enumeration()? else {
            self.at = start;
            return Ok(None);
        };
        let (name, at) = self.name("the enum type's name, after its }")?;
        // `typedef enum Dir { … } Dir;` names the tag again, as C allows: both are int.
        let tag = matches!(self.tokens.get(start + 2), Some((Token::Name(tag), _)) if *tag == name);
        if self.alias(&name).is_some() && !tag {
            return Err(Error::at(at, &format!("{name} names a type above already")));
        }
        self.aliases.push((name, String::from("int")));
        Ok(Some(enumerators))
    }

    /// Whether type words and a name then `[` stand here: a table's declaration.
    fn starts_table(&self) -> bool {
        let typed = self.type_words();
        typed > 0 && matches!(self.peek_at(typed), Token::Name(_)) && self.peek_at(typed + 1) == Token::Punct("[")
    }

    /// `const U64 rays[8][64] = { … }`: `None` if no table's declaration starts here.
    /// (`U64 diagonal[64], antidiagonal[64];` declares two, of one type.)
    fn table(&mut self) -> Result<Option<Vec<Table>>, Error> {
        if !self.starts_table() {
            return Ok(None);
        }
        let (_, ty) = self.skip_type_words()?;
        let constant = self.type_words.last().is_some_and(|(words, _)| words.split(' ').any(|word| word == "const"));
        let mut tables = alloc::vec![self.declarator((ty, constant))?];
        while self.eat(",") {
            self.skip_newlines();
            tables.push(self.declarator((ty, constant))?);
        }
        Ok(Some(tables))
    }

    /// One table of a declaration: its name, sizes and initializer.
    fn declarator(&mut self, (ty, constant): (Option<CType>, bool)) -> Result<Table, Error> {
        let (name, span) = self.name("the table's name")?;
        if !self.is("[") {
            return Err(
                self.unexpected("expected [ and the table's size: a declaration of tables declares only tables")
            );
        }
        let mut dims = Vec::new();
        while self.is("[") {
            let open = self.next().1;
            if dims.len() == MAX_DIMENSIONS {
                return Err(Error::at(open, &format!("a table has at most {MAX_DIMENSIONS} dimensions")));
            }
            let size = if self.is("]") { None } else { Some(self.bracketed()?) };
            let close = self.expect("]", "] to close the table's size")?;
            dims.push((size, Span::new(open.start, close.end)));
        }
        let initializer = if self.eat("=") {
            self.skip_newlines();
            if !self.is("{") {
                return Err(self.unexpected("expected { and the table's entries"));
            }
            Some(self.initializer()?)
        } else {
            None
        };
        Ok(Table { name, span, ty, constant, dims, initializer })
    }

    /// An expression inside brackets, where a line break ends nothing.
    fn bracketed(&mut self) -> Result<Node, Error> {
        self.parens += 1;
        self.skip_newlines();
        let inner = self.expression();
        self.parens -= 1;
        let inner = inner?;
        self.skip_newlines();
        Ok(inner)
    }

    /// An entry of a braced list: `[i] = …` or `.field = …` (C99's designators), or as placed.
    fn designated(&mut self) -> Result<Initializer, Error> {
        let start = self.span();
        let designator = if self.eat("[") {
            let index = self.bracketed()?;
            self.expect("]", "] after the designated index")?;
            Designator::Index(index)
        } else if self.eat(".") {
            let (field, at) = self.name("a field's name after .")?;
            Designator::Field(field, at)
        } else {
            return self.initializer();
        };
        self.skip_newlines();
        self.expect("=", "= and the entry after the designator")?;
        self.skip_newlines();
        let value = self.initializer()?;
        let span = Span::new(start.start, value.span().end);
        Ok(Initializer::Designated(designator, Box::new(value), span))
    }

    /// `{ 1, 2, { 3 } }` or a value.
    fn initializer(&mut self) -> Result<Initializer, Error> {
        if !self.is("{") {
            return Ok(Initializer::Value(self.bracketed()?));
        }
        let open = self.next().1;
        self.deeper()?;
        let mut entries = Vec::new();
        loop {
            self.skip_newlines();
            if self.is("}") {
                break;
            }
            entries.push(self.designated()?);
            self.skip_newlines();
            if !self.eat(",") {
                break;
            }
        }
        self.skip_newlines();
        let close = self.expect("}", ", or } to close the table's entries")?;
        self.depth -= 1;
        Ok(Initializer::List(entries, Span::new(open.start, close.end)))
    }

    fn statement(&mut self) -> Result<Statement, Error> {
        if let Some(step) = self.increment()? {
            return Ok(step);
        }
        if self.starts_table() {
            return Err(Error::at(
                self.span(),
                "a table is declared at the top level, before the statements that read it, and on its own line",
            ));
        }
        match self.peek() {
            Token::Name("if") => return self.if_statement(),
            Token::Name("else") => {
                return Err(Error::at(self.span(), "else follows an if's branch: there is no if before it"))
            }
            Token::Name("while" | "for" | "do") if !self.assigns_here() => return self.loop_statement(),
            Token::Name(word @ ("break" | "continue")) if !self.assigns_here() => {
                let span = self.next().1;
                return Ok(if word == "break" { Statement::Break(span) } else { Statement::Continue(span) });
            }
            Token::Name("switch") if !self.assigns_here() => return self.switch_statement(),
            Token::Name(word @ ("goto" | "case" | "default")) if !self.assigns_here() => {
                let message = match word {
                    "goto" => "goto is not part of the language: write it with if, else and loops",
                    _ => "a case label stands inside a switch's braces, before the statements it chooses",
                };
                return Err(Error::at(self.span(), message));
            }
            _ => {}
        }
        if matches!(self.peek(), Token::Name("return")) {
            let at = self.next().1;
            if matches!(self.peek(), Token::Punct(";" | "}") | Token::Newline | Token::End) {
                return Err(Error::at(
                    at,
                    "return without a value: a function that fills tables ends at its }, and any other returns a value",
                ));
            }
            return Ok(Statement::Return(self.expression()?));
        }
        if let Some(store) = self.store()? {
            return Ok(store);
        }
        if let Some(moved) = self.pointer_moved()? {
            return Ok(moved);
        }
        let (declared, ty) = match self.peek() {
            Token::Name("let") => {
                self.next();
                self.eat_name("mut");
                (true, None)
            }
            // Type words before a name; a type word itself may be a name in the lab's short
            // form (`char = …`).
            _ if matches!(self.peek_at(self.type_words()), Token::Name(_)) => self.skip_type_words()?,
            _ => (false, None),
        };
        if let (Token::Name(name), Token::Punct(assign)) = (self.peek(), self.peek_at(1)) {
            let compound = assign.strip_suffix('=').filter(|op| !op.is_empty()).and_then(Binary::of);
            let typed = assign == ":";
            if assign == "=" || typed || compound.is_some_and(|op| op.precedence() != 6 && op.precedence() != 7) {
                let name_span = self.next().1;
                if typed {
                    self.next();
                    self.name("a type, such as u64")?;
                    if !self.is("=") {
                        return Err(self.unexpected("expected = and the value"));
                    }
                }
                let operator_span = self.next().1;
                let value = self.expression()?;
                let value = match compound.filter(|_| !typed && assign != "=") {
                    // `x ^= v` is `x = x ^ v`.
                    Some(op) => {
                        let span = Span::new(name_span.start, value.span.end);
                        let target = Node { expr: Expr::Name(name.to_string()), span: name_span };
                        let _ = operator_span;
                        Node { expr: Expr::Binary(op, Box::new(target), Box::new(value)), span }
                    }
                    None => value,
                };
                let declares = declared;
                return Ok(Statement::Assign { name: name.to_string(), name_span, value, declares, ty });
            }
        }
        if declared {
            return Err(self.unexpected("expected a name and = after the type"));
        }
        Ok(Statement::Bare(self.expression()?))
    }

    /// `p = &masks[sq][1];`, `p += 2;` or `p -= 1;` of a pointer `p`: it points elsewhere in
    /// its table; `None` if no pointer is assigned here.
    fn pointer_moved(&mut self) -> Result<Option<Statement>, Error> {
        let (Token::Name(name), Token::Punct(assign)) = (self.peek(), self.peek_at(1)) else { return Ok(None) };
        if self.pointer(name).is_none() || !assign.ends_with('=') || assign == "==" {
            return Ok(None);
        }
        let name_span = self.next().1;
        let operator = self.next().1;
        self.skip_newlines();
        let value = match assign {
            "=" => self.pointer_assignment(name)?,
            "+=" | "-=" => {
                let amount = self.expression()?;
                let op = if assign == "+=" { Binary::Add } else { Binary::Sub };
                let target = Node { expr: Expr::Name(name.to_string()), span: name_span };
                let span = Span::new(name_span.start, amount.span.end);
                Node { expr: Expr::Binary(op, Box::new(target), Box::new(amount)), span }
            }
            _ => {
                return Err(Error::at(
                    operator,
                    &format!("{name} is a pointer: it moves by += and -=, or points elsewhere with ="),
                ))
            }
        };
        Ok(Some(Statement::Assign { name: name.to_string(), name_span, value, declares: false, ty: None }))
    }

    /// `_BitScanForward64(&index, mask)`, at its name.
    fn bit_scan(&mut self, reverse: bool) -> Result<Node, Error> {
        let start = self.next().1;
        if self.c_typed_at.is_none() {
            let name = if reverse { "_BitScanReverse64" } else { "_BitScanForward64" };
            self.c_typed_at = Some((start, String::from(name)));
        }
        self.expect("(", "(")?;
        self.parens += 1;
        self.skip_newlines();
        let address = self.eat("&");
        let (index, index_span) = self.name("& and the name the index goes to, as _BitScanForward64(&index, mask)")?;
        if !address {
            return Err(Error::at(
                index_span,
                &format!("the index goes where its first argument points: write &{index}"),
            ));
        }
        if self.pointer(&index).is_some() {
            return Err(Error::at(
                index_span,
                &format!("{index} is a pointer: the index goes to a variable of its own"),
            ));
        }
        self.skip_newlines();
        self.expect(",", ", and the mask to scan")?;
        self.skip_newlines();
        let mask = self.expression();
        self.parens -= 1;
        let mask = mask?;
        self.skip_newlines();
        let close = self.expect(")", ") to close the call")?;
        // The scan's step reads its mask from a hidden name: its label says the mask as typed.
        self.written.push(mask.span);
        let scan = BitScan { reverse, index, index_span, mask };
        let span = Span::new(start.start, close.end);
        self.written.push(span);
        Ok(Node { expr: Expr::BitScan(Box::new(scan)), span })
    }

    /// Whether a name here is assigned (`for = …` in the lab's short form), not a keyword.
    fn assigns_here(&self) -> bool {
        matches!(self.peek_at(1), Token::Punct(assign) if assign.ends_with('=') && assign != "==")
    }

    /// `if (condition) branch` with an optional `else branch`, each branch a statement or
    /// statements in braces; `else if` is an `if` in the `else`.
    fn if_statement(&mut self) -> Result<Statement, Error> {
        let keyword = self.next().1;
        let (condition, close) = self.parenthesized("the if's condition")?;
        let then = self.branch("if")?;
        let mut ahead = 0;
        while matches!(self.peek_at(ahead), Token::Newline | Token::Punct(";")) {
            ahead += 1;
        }
        let otherwise = match self.peek_at(ahead) {
            Token::Name("else") => {
                self.at += ahead + 1;
                self.branch("else")?
            }
            _ => Vec::new(),
        };
        let end = self.last_end();
        Ok(Statement::If { condition, then, otherwise, span: Span::new(keyword.start, close.end), end, switch: None })
    }

    /// `switch (value) { case A: case B: …; break; default: …; }`, read as the `if`s and
    /// `else`s it chooses between: each case's statements end with `break` (dropped) or
    /// `return`, so that none falls through into the next; cases without statements share
    /// the next one's. `default` is the last `else`, wherever it stands.
    fn switch_statement(&mut self) -> Result<Statement, Error> {
        let keyword = self.next().1;
        let (value, _) = self.parenthesized("the switch's value")?;
        self.skip_newlines();
        self.expect("{", "{ and the switch's cases")?;
        self.deeper()?;
        // Each group: its case values (none for default alone), whether default is one, where
        // its first label stands, and its statements.
        let mut groups: Vec<(Vec<Node>, bool, Span, Vec<Statement>)> = Vec::new();
        let mut labels: Vec<Node> = Vec::new();
        let mut default = false;
        let mut label_span: Option<Span> = None;
        loop {
            self.skip_separators();
            if self.eat("}") {
                break;
            }
            match self.peek() {
                Token::End => return Err(Error::at(keyword, "this switch's { is never closed: add } after its cases")),
                Token::Name("case") => {
                    let at = self.next().1;
                    label_span.get_or_insert(at);
                    labels.push(self.bracketed()?);
                    self.expect(":", ": after the case's value")?;
                }
                Token::Name("default") => {
                    let at = self.next().1;
                    if default || groups.iter().any(|(_, is_default, _, _)| *is_default) {
                        return Err(Error::at(at, "this switch has a default above already"));
                    }
                    label_span.get_or_insert(at);
                    default = true;
                    self.expect(":", ": after default")?;
                }
                _ => {
                    let Some(span) = label_span.take() else {
                        return Err(self.unexpected("expected case or default: a switch's statements follow a label"));
                    };
                    let mut statements = Vec::new();
                    while !matches!(self.peek(), Token::Name("case" | "default") | Token::Punct("}") | Token::End) {
                        if self.is("{") {
                            // A case's statements in braces of their own.
                            statements.extend(self.branch("case")?);
                        } else if let Some(declaration) = self.declaration()? {
                            self.declared_in_blocks.extend(declaration.declared);
                            statements.extend(declaration.assigned);
                        } else {
                            statements.push(self.statement()?);
                            self.end_of_statement()?;
                        }
                        self.skip_separators();
                    }
                    groups.push((
                        core::mem::take(&mut labels),
                        core::mem::replace(&mut default, false),
                        span,
                        statements,
                    ));
                }
            }
        }
        if let Some(span) = label_span {
            // Labels with nothing after them, last: they choose nothing.
            groups.push((labels, default, span, Vec::new()));
        }
        self.depth -= 1;
        let end = self.last_end();
        let count = groups.len();
        let mut cases = Vec::new();
        let mut otherwise: Option<Vec<Statement>> = None;
        for (at, (labels, is_default, span, mut statements)) in groups.into_iter().enumerate() {
            let (breaks, returns) = (
                matches!(statements.last(), Some(Statement::Break(_))),
                matches!(statements.last(), Some(Statement::Return(_) | Statement::Continue(_))),
            );
            if breaks {
                statements.pop();
            } else if !returns && at + 1 < count {
                return Err(Error::at(
                    span,
                    "this case runs on into the next, which the lab does not follow yet: end it with break or return",
                ));
            }
            if statements.iter().any(breaks_out) {
                return Err(Error::at(span, "a break inside this case's if leaves the switch early, which the lab does not follow yet: write the case with if and else"));
            }
            if is_default {
                otherwise = Some(statements);
                continue;
            }
            // `value == A || value == B`, where the first label stands.
            let mut condition: Option<Node> = None;
            for label in labels {
                let test_span = Span::new(value.span.start, label.span.end);
                let test = Node {
                    expr: Expr::Binary(Binary::Compare(Comparison::Equal), Box::new(value.clone()), Box::new(label)),
                    span: test_span,
                };
                condition = Some(match condition {
                    None => test,
                    Some(before) => {
                        let span = Span::new(before.span.start, test.span.end);
                        Node { expr: Expr::Logical(Logic::Or, Box::new(before), Box::new(test)), span }
                    }
                });
            }
            if let Some(condition) = condition {
                cases.push((condition, span, statements));
            }
        }
        // The cases, last to first, each an `if` whose `else` is the rest.
        let mut rest = otherwise.unwrap_or_default();
        for (condition, span, then) in cases.into_iter().rev() {
            let switch = Some(value.clone());
            rest = alloc::vec![Statement::If { condition, then, otherwise: rest, span, end, switch }];
        }
        Ok(match rest.len() {
            1 => rest.remove(0),
            // A switch with default alone: its statements, under an `if` that always holds.
            _ => {
                let always = Node { expr: Expr::Number(1, Radix::Decimal, Suffix::None), span: keyword };
                let switch = Some(value);
                Statement::If { condition: always, then: rest, otherwise: Vec::new(), span: keyword, end, switch }
            }
        })
    }

    /// `while (test) body`, `do body while (test);` or `for (init; test; step) body`.
    fn loop_statement(&mut self) -> Result<Statement, Error> {
        let (keyword, word) = match self.peek() {
            Token::Name(word) => (self.next().1, word),
            _ => return Err(self.unexpected("expected a loop")),
        };
        if word == "do" {
            let body = self.branch("do")?;
            self.skip_separators();
            if !self.eat_name("while") {
                return Err(self.unexpected("expected while and the loop's test after do's body"));
            }
            let (test, _) = self.parenthesized("the loop's test")?;
            let end = self.last_end();
            let span = keyword;
            let keyword = Keyword::DoWhile;
            return Ok(Statement::Loop { keyword, init: Vec::new(), test, body, step: Vec::new(), span, end });
        }
        if word == "while" {
            let (test, close) = self.parenthesized("the loop's test")?;
            let body = self.branch("while")?;
            let end = self.last_end();
            let span = Span::new(keyword.start, close.end);
            let keyword = Keyword::While;
            return Ok(Statement::Loop { keyword, init: Vec::new(), test, body, step: Vec::new(), span, end });
        }
        self.expect("(", "( and the for's init; test; step")?;
        self.parens += 1;
        let header = self.for_header(keyword);
        self.parens -= 1;
        let (init, test, step) = header?;
        let close = self.expect(")", ") to close the for's init; test; step")?;
        let body = self.branch("for")?;
        let end = self.last_end();
        let span = Span::new(keyword.start, close.end);
        Ok(Statement::Loop { keyword: Keyword::For, init, test, body, step, span, end })
    }

    /// A `for`'s `init; test; step`, each of which may be empty (an empty test holds always).
    fn for_header(&mut self, keyword: Span) -> Result<(Vec<Statement>, Node, Vec<Statement>), Error> {
        self.skip_newlines();
        let init = if self.is(";") {
            Vec::new()
        } else if let Some(declaration) = self.declaration()? {
            self.declared_in_blocks.extend(declaration.declared);
            declaration.assigned
        } else {
            self.statements_by_commas()?
        };
        self.skip_newlines();
        self.expect(";", "; after the for's init")?;
        self.skip_newlines();
        let test = if self.is(";") {
            Node { expr: Expr::Number(1, Radix::Decimal, Suffix::None), span: keyword }
        } else {
            self.expression()?
        };
        self.skip_newlines();
        self.expect(";", "; after the for's test")?;
        self.skip_newlines();
        let step = if self.is(")") { Vec::new() } else { self.statements_by_commas()? };
        self.skip_newlines();
        Ok((init, test, step))
    }

    /// `r = rk + 1, f = fl + 1` or `r++, f++` in a for's header: statements, left to right.
    fn statements_by_commas(&mut self) -> Result<Vec<Statement>, Error> {
        let mut statements = alloc::vec![self.statement()?];
        while self.eat(",") {
            self.skip_newlines();
            statements.push(self.statement()?);
        }
        Ok(statements)
    }

    /// Where the last token read ends.
    fn last_end(&self) -> usize {
        self.tokens[self.at.saturating_sub(1)].1.end
    }

    /// `( expression )`: the expression, and the closing parenthesis.
    fn parenthesized(&mut self, what: &str) -> Result<(Node, Span), Error> {
        self.expect("(", &format!("( and {what}"))?;
        self.skip_newlines();
        self.parens += 1;
        let inner = self.expression();
        self.parens -= 1;
        let inner = inner?;
        self.skip_newlines();
        let close = self.expect(")", &format!(") to close {what}"))?;
        Ok((inner, close))
    }

    /// An `if`'s or an `else`'s branch: statements in braces, or one statement.
    fn branch(&mut self, after: &str) -> Result<Vec<Statement>, Error> {
        self.skip_newlines();
        self.deeper()?;
        let open = self.span();
        let branch = if self.eat("{") {
            let mut statements = Vec::new();
            loop {
                self.skip_separators();
                if self.eat("}") {
                    break;
                }
                if self.peek() == Token::End {
                    // Marked where it opened: the end of the text says nothing of which one.
                    return Err(Error::at(
                        open,
                        &format!("this {{ of the {after} is never closed: add }} after its branch"),
                    ));
                }
                if let Some(declaration) = self.declaration()? {
                    self.declared_in_blocks.extend(declaration.declared);
                    statements.extend(declaration.assigned);
                    continue;
                }
                statements.push(self.statement()?);
                self.end_of_statement()?;
            }
            statements
        } else {
            if self.peek() == Token::End || self.is(";") {
                return Err(self.unexpected(&format!("expected a statement, or {{, after the {after}")));
            }
            let statement = self.statement()?;
            self.end_of_statement()?;
            alloc::vec![statement]
        };
        self.depth -= 1;
        Ok(branch)
    }

    fn eat_name(&mut self, word: &str) -> bool {
        let found = matches!(self.peek(), Token::Name(name) if name == word);
        if found {
            self.next();
        }
        found
    }

    fn deeper(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Error::at(
                self.span(),
                &format!("the formula nests deeper than {MAX_NESTING} levels here: split it into named steps"),
            ));
        }
        Ok(())
    }

    pub fn expression(&mut self) -> Result<Node, Error> {
        self.deeper()?;
        let condition = self.logical(Logic::Or)?;
        self.skip_newlines_in_parentheses();
        let node = if self.eat("?") {
            self.skip_newlines();
            let then = self.expression()?;
            self.skip_newlines();
            self.expect(":", ": and the value when the condition is zero")?;
            self.skip_newlines();
            let otherwise = self.expression()?;
            let span = Span::new(condition.span.start, otherwise.span.end);
            Node { expr: Expr::Select(Box::new(condition), Box::new(then), Box::new(otherwise)), span }
        } else {
            condition
        };
        self.depth -= 1;
        Ok(node)
    }

    /// Operators that bind at least as tightly as `minimum`, left to right.
    fn binary(&mut self, minimum: u8) -> Result<Node, Error> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.binary_operator(minimum) {
            self.next();
            // An expression may go on on the next line after its operator.
            self.skip_newlines();
            self.deeper()?;
            let rhs = self.binary(op.precedence() + 1)?;
            self.depth -= 1;
            let span = Span::new(lhs.span.start, rhs.span.end);
            lhs = Node { expr: Expr::Binary(op, Box::new(lhs), Box::new(rhs)), span };
        }
        Ok(lhs)
    }

    /// `||` of `&&`s of binary expressions, each from the left.
    fn logical(&mut self, level: Logic) -> Result<Node, Error> {
        let operand = |parser: &mut Self| match level {
            Logic::Or => parser.logical(Logic::And),
            Logic::And => parser.binary(0),
        };
        let mut lhs = operand(self)?;
        while {
            self.skip_newlines_in_parentheses();
            self.eat(level.symbol())
        } {
            self.skip_newlines();
            self.deeper()?;
            let rhs = operand(self)?;
            self.depth -= 1;
            let span = Span::new(lhs.span.start, rhs.span.end);
            lhs = Node { expr: Expr::Logical(level, Box::new(lhs), Box::new(rhs)), span };
        }
        Ok(lhs)
    }

    /// Inside parentheses, the line breaks before what comes next: an operator may start the
    /// next line there.
    fn skip_newlines_in_parentheses(&mut self) {
        if self.parens > 0 || self.c_typed_at.is_some() && self.operator_starts_the_next_line() {
            self.skip_newlines();
        }
    }

    /// Whether, past line breaks, the next line starts with a binary or logical operator:
    /// read as C, where `;` ends a statement, the expression goes on there.
    fn operator_starts_the_next_line(&self) -> bool {
        let mut ahead = 0;
        while self.peek_at(ahead) == Token::Newline {
            ahead += 1;
        }
        ahead > 0
            && matches!(self.peek_at(ahead), Token::Punct(sign) if Binary::of(sign).is_some() || matches!(sign, "&&" | "||" | "?"))
    }

    /// The binary operator here, if it binds at least as tightly as `minimum`.
    fn binary_operator(&mut self, minimum: u8) -> Option<Binary> {
        self.skip_newlines_in_parentheses();
        match self.peek() {
            Token::Punct(p) => Binary::of(p).filter(|op| op.precedence() >= minimum),
            _ => None,
        }
    }

    fn unary(&mut self) -> Result<Node, Error> {
        let op = match self.peek() {
            Token::Punct("~") => Unary::Not,
            Token::Punct("-") => Unary::Negate,
            Token::Punct("!") => Unary::LogicalNot,
            Token::Punct("++" | "--") => return Err(Error::at(self.span(), INCREMENT_INSIDE)),
            // `*p`: what a pointer points to.
            Token::Punct("*") => {
                let star = self.next().1;
                self.deeper()?;
                let read = self.star(star);
                self.depth -= 1;
                return read;
            }
            Token::Punct("&") => {
                return Err(Error::at(
                    self.span(),
                    "& makes a pointer, which is read only as a pointer's value (const U64 *p = &t[i];) or a pointer parameter's argument",
                ))
            }
            // `+x` is x, marked with it.
            Token::Punct("+") => return self.standing_for_operand(1),
            Token::Punct("(") => match self.cast() {
                Some((length, words, span)) => return self.cast_node(length, &words, span),
                None => return self.primary(),
            },
            _ => return self.primary(),
        };
        let start = self.next().1.start;
        self.deeper()?;
        let operand = self.unary()?;
        self.depth -= 1;
        let span = Span::new(start, operand.span.end);
        Ok(Node { expr: Expr::Unary(op, Box::new(operand)), span })
    }

    /// The operand after `tokens` tokens (a `+` or a cast), its span from the first of them.
    fn standing_for_operand(&mut self, tokens: usize) -> Result<Node, Error> {
        let (start, operand) = self.operand_after(tokens)?;
        Ok(Node { span: Span::new(start, operand.span.end), ..operand })
    }

    /// Where the `tokens` before an operand start, and the operand.
    fn operand_after(&mut self, tokens: usize) -> Result<(usize, Node), Error> {
        let start = self.span().start;
        for _ in 0..tokens {
            self.next();
        }
        self.deeper()?;
        let operand = self.unary()?;
        self.depth -= 1;
        Ok((start, operand))
    }

    /// At a `(`: if a cast follows (`(U64)`, `(unsigned char)`, `(u64)`), how many tokens it
    /// takes, and the words of its type.
    fn cast(&self) -> Option<(usize, String, Span)> {
        let mut tokens = 0;
        let mut words: Vec<&str> = Vec::new();
        while let Token::Name(word) = self.peek_at(1 + tokens) {
            match (is_cast_word(word), self.alias(word)) {
                (true, _) => words.push(word),
                // A typedef's name casts to the type it stands for.
                (false, Some(alias)) => words.extend(alias.split(' ')),
                (false, None) => return None,
            }
            tokens += 1;
        }
        if tokens == 0 || self.peek_at(1 + tokens) != Token::Punct(")") {
            return None;
        }
        let end = self.tokens[(self.at + tokens + 1).min(self.tokens.len() - 1)].1.end;
        Some((tokens + 2, words.join(" "), Span::new(self.span().start, end)))
    }

    /// `(type) operand`: C's conversion; a Rust type's cast (`(u64)`) stands for its operand.
    fn cast_node(&mut self, tokens: usize, words: &str, span: Span) -> Result<Node, Error> {
        let Some(ty) = self.c_type(words, span)? else { return self.standing_for_operand(tokens) };
        let (start, operand) = self.operand_after(tokens)?;
        Ok(Node { span: Span::new(start, operand.span.end), expr: Expr::Cast(ty, Box::new(operand)) })
    }

    fn primary(&mut self) -> Result<Node, Error> {
        let (token, span) = (self.peek(), self.span());
        match token {
            Token::Number(value, radix, suffix) => {
                self.next();
                Ok(Node { expr: Expr::Number(value, radix, suffix), span })
            }
            Token::Punct("(") if self.parenthesized_pointer_here() => self.parenthesized_pointer(),
            Token::Punct("(") => {
                self.next();
                self.skip_newlines();
                self.parens += 1;
                let inner = self.expression();
                self.parens -= 1;
                let inner = inner?;
                self.skip_newlines();
                let close = self.expect(")", ") to close the (")?;
                // The parentheses belong to what they enclose: the editor marks them with it.
                Ok(Node { span: Span::new(span.start, close.end), ..inner })
            }
            Token::Name(name @ ("_BitScanForward64" | "_BitScanReverse64")) if self.peek_at(1) == Token::Punct("(") => {
                self.bit_scan(name == "_BitScanReverse64")
            }
            Token::Name(name) if self.peek_at(1) == Token::Punct("(") => {
                self.next();
                self.next();
                let mut arguments = Vec::new();
                // A parameter that is a pointer takes a pointer into its table.
                let pointers = self.pointer_parameters(name);
                self.skip_newlines();
                while !self.is(")") {
                    self.parens += 1;
                    let argument = match pointers.as_ref().and_then(|p| p.get(arguments.len()).copied().flatten()) {
                        Some(table) => self.pointer_argument(table, name),
                        None => self.expression(),
                    };
                    self.parens -= 1;
                    arguments.push(argument?);
                    self.skip_newlines();
                    if !self.eat(",") {
                        break;
                    }
                    self.skip_newlines();
                }
                let close = self.expect(")", &format!(", or ) to close the call of {name}"))?;
                Ok(Node { expr: Expr::Call(name.to_string(), arguments), span: Span::new(span.start, close.end) })
            }
            Token::Name(name) if self.pointer(name).is_some() => {
                self.next();
                Ok(self.through(name.to_string(), span, false)?.0)
            }
            Token::Name(name) if self.peek_at(1) == Token::Punct("[") => {
                self.next();
                let mut indices = Vec::new();
                let mut end = span.end;
                while self.eat("[") {
                    indices.push(self.bracketed()?);
                    end = self.expect("]", "] to close the index")?.end;
                }
                let (node, _) = self.struct_entry(name.to_string(), indices, (Span::new(span.start, end), false))?;
                if let Token::Punct(
                    op @ ("=" | "+=" | "-=" | "|=" | "&=" | "^=" | "<<=" | ">>=" | "*=" | "++" | "--"),
                ) = self.peek()
                {
                    return Err(Error::at(
                        self.span(),
                        &format!(
                            "{op} on a table's entry: a table's entries come from its initializer ({name}[…] = {{ … }} where it is declared); writing them is not part of the language yet"
                        ),
                    ));
                }
                Ok(node)
            }
            Token::Name(name) if self.peek_at(1) == Token::Punct("->") => Err(Error::at(
                span,
                &format!("{name} is not a pointer declared above: -> reads a field through a pointer to a struct"),
            )),
            Token::Name(name) => {
                self.next();
                Ok(Node { expr: Expr::Name(name.to_string()), span })
            }
            Token::Punct("[") => Err(Error::at(span, TABLES)),
            _ => Err(self.unexpected("expected a value: a name, a number, a call or (")),
        }
    }
}
