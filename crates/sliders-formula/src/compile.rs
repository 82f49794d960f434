//! Resolves a parsed formula: every name to a slot, a board name, a square or a function, and
//! every operation to the label, why and place its step will carry. Also where the bounds are
//! kept: no function can call itself or one below it, and the operations one run can take
//! are counted before it runs.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::c_arithmetic;
use super::ctype::{self, Arith, CType, Reading};
use super::functions::{self, Called, Function, Geometry, Gives};
use super::lex::Radix;
use super::names::{self, BoardName};
use super::parse::{Binary, Declared, Expr, Keyword, Logic, Node, Program, Statement, Through, Unary};

mod scan;
use super::tables::{self, Table};
use super::{position, print, Error, Span, MAX_CALL_DEPTH, MAX_STEPS};
use alloc::borrow::Cow;
use sliders::trace::{Comparison, Mask};
use sliders::{Operands, WordOrder};

/// Where an operation was typed, and what its step says.
#[derive(Clone, Debug)]
pub struct Site {
    pub label: String,
    pub why: String,
    pub span: Span,
    pub line: u32,
    pub column: u32,
    /// What the step calls its operands and its result, from the syntax tree.
    pub operands: Operands,
    /// How the value holds the board: a `bswap` of a board turns it round, and what is
    /// computed from turned words alone stays turned (see [`order_of`]).
    pub order: WordOrder,
    /// How a unary or binary operation computes: as the lab's words, or as C on a type.
    pub arith: Arith,
}

#[derive(Clone, Debug)]
pub enum Code {
    /// A value known before the run: a set (a hex or binary literal) …
    Constant(u64),
    /// … or a count typed as a decimal literal (`2` in `2 * r`; `3` in `o & 3` a mask) …
    Count(u64),
    /// … or a square's name, its number: a count wherever it stands, never a set (`o | d4`
    /// combines o with the number 27, whose bits are not d4).
    Square(u64),
    /// A name's slot, and what it holds where it is read: what its last assignment gave it.
    Local(usize, Holds),
    Board(BoardName),
    Unary(Unary, Box<Code>, Box<Site>),
    /// The operator, its operands, whether both are counts (numbers, not sets), and its site.
    Binary(Binary, Box<Code>, Box<Code>, bool, Box<Site>),
    Select(Box<Code>, Box<Code>, Box<Code>, Box<Site>),
    /// `a && b` or `a || b`: 1 or 0, the second operand computed only when the first leaves
    /// the answer open.
    Logical(Logic, Box<Code>, Box<Code>, Box<Site>),
    /// A word function of its argument or two ([`functions`]), as the name it was called by
    /// says (`__builtin_ctzll(0)` is undefined, `ctz(0)` is 64).
    Function(Called, Box<Code>, Option<Box<Code>>, Box<Site>),
    /// A mask of the board's geometry, read for the square its code gives.
    Mask(Mask, Box<Code>, Box<Site>),
    /// A call of the reader's function `index`, with its arguments, and the order its value
    /// holds the board in where that is known (see [`order_of`]).
    Call(usize, Vec<Code>, Option<WordOrder>),
    /// C's conversion of a value to a type that does not hold all of its type's values (an
    /// assignment, an argument, a return or a cast): not a step of its own.
    Convert(CType, Box<Code>),
    /// An entry of the reader's table: which table, an index per dimension, whether its
    /// entries are sets (see [`Table::holds_sets`]).
    Read(Box<Read>, Box<Site>),
    /// A read of a name a `_BitScanForward64(&name, mask)` gives its value: a fault where
    /// the last scan found its mask 0 and left the name undefined. Not a step of its own.
    Defined(Box<Defined>),
    /// A bit scan's index: the scan (`found`, its step) where the flag (the mask) is not 0;
    /// else 0, no step, and the name is undefined (see [`Defined`]). Not a step of its own.
    Scanned(Box<Scanned>),
}

/// What `_BitScanForward64(&i, mask)` gives `i`: the scan of the mask, where it has a bit.
#[derive(Clone, Debug)]
pub struct Scanned {
    pub flag: Code,
    pub found: Code,
}

/// A name's value, read where a bit scan may have left it undefined: `flag` is the mask the
/// last scan found (nonzero where it gave the name a value), or 1 after any other assignment.
#[derive(Clone, Debug)]
pub struct Defined {
    pub value: Code,
    pub flag: Code,
    /// Where the name is read, and what the fault there says.
    pub span: Span,
    pub message: String,
}

/// A table read: the table (its place in [`Compiled::tables`]) and the indices' codes.
#[derive(Clone, Debug)]
pub struct Read {
    pub table: usize,
    pub indices: Vec<Code>,
    /// Whether each index is of a signed type: one below zero is said with its sign.
    pub signed: Vec<bool>,
    pub sets: bool,
    /// The sizes the indices count by: the table's, or, read through a pointer, its number of
    /// entries (one index: the entry's number, row after row).
    pub dims: Vec<u64>,
    /// Read through a pointer: the one index is the entry's number, row after row.
    pub through: bool,
}

/// What a name holds: a set of squares, or a count (shown as a number) that was typed as a
/// decimal literal (`n = 3`) or is a number anywhere (`n = popcount(o)`, `s = d4`, a parameter
/// `int sq`). A typed count's bits shifted are a set (`1 << sq`), any other count's a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// A set, in the order its value holds the board.
    Set(WordOrder),
    TypedCount,
    NumberAnywhere,
}

impl Holds {
    fn of(code: &Code) -> Holds {
        if number_anywhere(code) {
            Holds::NumberAnywhere
        } else if is_count(code) {
            Holds::TypedCount
        } else {
            Holds::Set(order_of(code).unwrap_or_default())
        }
    }
}

#[derive(Clone, Debug)]
pub enum Instruction {
    Set(usize, Code),
    /// An expression whose value is the result if it is the last.
    Value(Code),
    Return(Code),
    /// `if`: the condition, then the instructions of the branch it chooses (nonzero: `then`).
    /// Its branches give names values, return, or leave or go on in a loop (see [`statements`]).
    If {
        condition: Code,
        then: Vec<Instruction>,
        otherwise: Vec<Instruction>,
        site: Box<Site>,
        /// Whether it is a switch's case, whose test is a case step (`Op::Case`).
        case: bool,
    },
    /// A loop: `body` then `step`, while `test` holds, tested before each run of the body
    /// (`tests_first`) or after it; at most [`MAX_ITERATIONS`] runs each time it is reached.
    Loop {
        test: Code,
        body: Vec<Instruction>,
        step: Vec<Instruction>,
        tests_first: bool,
        site: Box<Site>,
    },
    /// An entry of a table written, by a function that fills tables: the entry as read, and
    /// the value, converted to the table's type.
    Store {
        entry: Read,
        value: Code,
        site: Box<Site>,
    },
    /// Leaves the innermost loop.
    Break,
    /// Goes on to the innermost loop's step and test.
    Continue,
}

impl Instruction {
    /// Every expression the instruction computes, its branches' included, in order.
    pub fn codes(&self) -> Vec<&Code> {
        match self {
            Instruction::Set(_, code) | Instruction::Value(code) | Instruction::Return(code) => alloc::vec![code],
            Instruction::If { condition, then, otherwise, .. } => {
                core::iter::once(condition).chain(then.iter().chain(otherwise).flat_map(Instruction::codes)).collect()
            }
            Instruction::Loop { test, body, step, .. } => {
                core::iter::once(test).chain(body.iter().chain(step).flat_map(Instruction::codes)).collect()
            }
            Instruction::Break | Instruction::Continue => Vec::new(),
            Instruction::Store { entry, value, .. } => entry.indices.iter().chain([value]).collect(),
        }
    }

    /// Marks the slots the instruction gives a value to on every path that goes on past it:
    /// an `if`'s, those both its branches give one, a branch that returns giving every one
    /// (no path goes on from it).
    pub fn always_assigns(&self, slots: &mut [bool]) {
        match self {
            Instruction::Set(slot, _) => slots[*slot] = true,
            // A loop's body may not run; a break or a continue goes on elsewhere in its loop.
            Instruction::Value(_)
            | Instruction::Loop { .. }
            | Instruction::Break
            | Instruction::Continue
            | Instruction::Store { .. } => {}
            Instruction::Return(_) => slots.iter_mut().for_each(|slot| *slot = true),
            Instruction::If { then, otherwise, .. } => {
                let (mut a, mut b) = (alloc::vec![false; slots.len()], alloc::vec![false; slots.len()]);
                then.iter().for_each(|instruction| instruction.always_assigns(&mut a));
                otherwise.iter().for_each(|instruction| instruction.always_assigns(&mut b));
                slots.iter_mut().zip(a.iter().zip(&b)).for_each(|(slot, (a, b))| *slot |= a & b);
            }
        }
    }

    /// Whether every path through it returns: a return, or an `if` whose branches both end so.
    pub fn always_returns(&self) -> bool {
        match self {
            Instruction::Return(_) => true,
            Instruction::Set(..)
            | Instruction::Value(_)
            | Instruction::Loop { .. }
            | Instruction::Break
            | Instruction::Continue
            | Instruction::Store { .. } => false,
            Instruction::If { then, otherwise, .. } => {
                then.last().is_some_and(Instruction::always_returns)
                    && otherwise.last().is_some_and(Instruction::always_returns)
            }
        }
    }

    /// Whether it may leave the loop it stands in, or go on to its next run: a break or a
    /// continue, here or in an `if`'s branches (a loop's own are its own).
    pub fn may_leave_loop(&self) -> bool {
        match self {
            Instruction::Break | Instruction::Continue => true,
            Instruction::If { then, otherwise, .. } => then.iter().chain(otherwise).any(Instruction::may_leave_loop),
            Instruction::Set(..)
            | Instruction::Value(_)
            | Instruction::Return(_)
            | Instruction::Loop { .. }
            | Instruction::Store { .. } => false,
        }
    }

    /// Whether a return stands inside one of its branches or its loop's body.
    pub fn returns_within(&self) -> bool {
        let nested = |list: &[Instruction]| {
            list.iter().any(|instruction| matches!(instruction, Instruction::Return(_)) || instruction.returns_within())
        };
        match self {
            Instruction::Set(..)
            | Instruction::Value(_)
            | Instruction::Return(_)
            | Instruction::Break
            | Instruction::Continue
            | Instruction::Store { .. } => false,
            Instruction::If { then, otherwise, .. } => nested(then) || nested(otherwise),
            Instruction::Loop { body, step, .. } => nested(body) || nested(step),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Body {
    pub instructions: Vec<Instruction>,
    /// How many names the body keeps (its parameters first).
    pub slots: usize,
    /// The names, slot by slot, as the reader typed them (for a listing of the formula in
    /// another language).
    pub names: Vec<String>,
    /// The function's name ("" for the formula's own statements), and how many of its names
    /// are parameters.
    pub name: String,
    pub parameters: usize,
    /// Each slot's C type, and the type of the body's value (the lab's word throughout, in
    /// the lab's reading).
    pub types: Vec<CType>,
    pub returns: CType,
}

#[derive(Clone, Debug)]
pub struct Compiled {
    /// The reader's tables, worked out when the text was read, and filled by `fills`.
    pub tables: Vec<Table>,
    /// The functions that fill tables, each with where its call was typed, in the order called:
    /// run once, after compiling ([`super::eval::fill`]), before any board.
    pub fills: Vec<(usize, Span)>,
    /// The operations they took.
    pub filled_in: u64,
    /// The enums' constants, each its value.
    pub enumerators: Vec<(String, u64)>,
    pub functions: Vec<Body>,
    pub main: Body,
}

/// A body's name, and whether it can be read where the statement being compiled stands: a
/// name given its first value in one branch of an `if` only has no value after it.
struct Local {
    name: String,
    visible: bool,
    /// How many blocks (an if's branches, a loop) stood around its first value.
    depth: usize,
    /// Its C type (the lab's word where it has none, and in the lab's reading).
    ty: CType,
}

struct Scope<'p> {
    /// The body's names, in slot order; a name assigned again keeps its slot.
    locals: Vec<Local>,
    /// Slot by slot, what the name holds where the statement being compiled reads it.
    holds: Vec<Holds>,
    /// Names declared without a value: read before an assignment, they are an error.
    declared: &'p [Declared],
    /// Which meaning the text has, and the type the body's value is converted to.
    reading: Reading,
    returns: CType,
    /// What the reader typed: the steps' places, whys and labels come from it.
    typed: Typed<'p>,
    /// The why of the statement being compiled, from comment lines above it.
    above: String,
    /// The name the statement being compiled gives its value, for the label of its outermost operation.
    bound: Option<String>,
    /// The slots the first branches of the `if`s around made, which their second branches may
    /// give values to again.
    reusable: Vec<core::ops::Range<usize>>,
    /// How many loops stand around the statement being compiled.
    loops: usize,
    /// How many blocks (an if's branches, a loop) stand around it.
    depth: usize,
    /// The board's names read so far in this body, each where it was first read: a declared
    /// name of that spelling after them would change what C reads there.
    board_reads: Vec<(String, Span)>,
    /// Whether the body fills tables (`void init(void)`): it writes entries, reads no board
    /// and returns nothing.
    fills: bool,
    /// The names a `_BitScanForward64(&name, …)` in the body gives values (see [`scan`]).
    scanned: Vec<String>,
}

/// What every body may name: the functions compiled so far, every function of the program (for
/// a call of one not yet defined), the tables and the enums' constants.
#[derive(Clone, Copy)]
struct Globals<'k> {
    known: &'k [Known],
    all: &'k [String],
    tables: &'k [Table],
    enumerators: &'k [(String, u64)],
    outside: &'k [String],
}

/// Per function: its name and how many operations one call can take.
struct Known {
    name: String,
    arity: usize,
    cost: usize,
    depth: usize,
    /// The order its value holds the board in when its sets hold the board as it stands.
    returns: Option<WordOrder>,
    /// Its parameters' C types, and its value's.
    parameter_types: Vec<CType>,
    value_type: CType,
    /// Whether it fills tables, and so gives no value.
    fills: bool,
}

/// What the reader typed, beside its syntax tree: the text, its comments by line, and where a
/// macro standing for one operand was used ([`super::preprocess::Expanded::written`]).
#[derive(Clone, Copy)]
pub struct Typed<'a> {
    pub text: &'a str,
    pub comments: &'a [(u32, &'a str)],
    pub written: &'a [Span],
}

impl<'a> Typed<'a> {
    /// How a label spells the operands macros stood for.
    fn spelling(&self) -> print::Spelling<'a> {
        print::Spelling { source: self.text, written: self.written }
    }
}

pub fn compile(program: &Program, typed: Typed) -> Result<Compiled, Error> {
    let text = typed.text;
    let enumerators = tables::enumerators(&program.enumerators, program.reading)?;
    let constants = tables::Constants { reading: program.reading, enumerators: &enumerators };
    let tables = tables::work_out(&program.tables, constants)?;
    let mut known: Vec<Known> = Vec::new();
    let all: Vec<String> = program.functions.iter().map(|f| f.name.clone()).collect();
    // The names the statements outside functions declare, which no function sees.
    let mut outside: Vec<String> = program.declared.iter().map(|declared| declared.name.clone()).collect();
    for statement in &program.main {
        if let Statement::Assign { name, declares: true, .. } = statement {
            outside.push(name.clone());
        }
    }
    let mut functions = Vec::new();
    for function in &program.functions {
        if functions::function(&function.name).is_some() || names::board_name(&function.name).is_some() {
            return Err(Error::at(
                function.name_span,
                &format!("{} is already a name of the language: call your function something else", function.name),
            ));
        }
        if known.iter().any(|k| k.name == function.name) {
            return Err(Error::at(
                function.name_span,
                &format!("a function named {} is already defined above", function.name),
            ));
        }
        let mut locals = Vec::new();
        let parameters = function.parameters.len();
        for parameter in &function.parameters {
            // A parameter may take a board name (C's `U64 f(U64 occ, int sq)`): inside its
            // function, the name is the parameter.
            check_own_name(&parameter.name, parameter.span)?;
            if locals.iter().any(|(name, _, _)| *name == parameter.name) {
                return Err(Error::at(
                    parameter.span,
                    &format!("{} is already a parameter of {}", parameter.name, function.name),
                ));
            }
            let holds = if parameter.number { Holds::NumberAnywhere } else { Holds::Set(WordOrder::Board) };
            locals.push((parameter.name.clone(), holds, typed_as(program.reading, parameter.ty)));
        }
        let parameter_types: Vec<CType> = locals.iter().map(|(_, _, ty)| *ty).collect();
        let value_type = typed_as(program.reading, function.returns);
        let statements = (&function.body[..], &function.declared[..]);
        let reading = (program.reading, value_type, function.fills);
        let (mut body, cost, depth) = body(
            statements,
            locals,
            Globals { known: &known, all: &all, tables: &tables, enumerators: &enumerators, outside: &outside },
            (&function.name, function.name_span),
            typed,
            reading,
        )?;
        body.parameters = parameters;
        let returns = body.instructions.last().and_then(|last| match last {
            Instruction::Return(code) | Instruction::Value(code) => order_of(code),
            Instruction::Set(..)
            | Instruction::If { .. }
            | Instruction::Loop { .. }
            | Instruction::Break
            | Instruction::Continue
            | Instruction::Store { .. } => None,
        });
        let depth = depth + 1;
        let arity = function.parameters.len();
        known.push(Known {
            name: function.name.clone(),
            arity,
            cost,
            depth,
            returns,
            parameter_types,
            value_type,
            fills: function.fills,
        });
        functions.push(body);
    }
    let end = Span::new(text.len(), text.len());
    let statements = (&program.main[..], &program.declared[..]);
    let reading = (program.reading, CType::WORD, false);
    let (main, cost, _) = body(
        statements,
        Vec::new(),
        Globals { known: &known, all: &all, tables: &tables, enumerators: &enumerators, outside: &[] },
        ("", end),
        typed,
        reading,
    )?;
    if cost > MAX_STEPS {
        // Marked on the last line with text (what returns), never past it on an empty line.
        let last_end = text.trim_end().len();
        let last_start = text[..last_end].rfind('\n').map_or(0, |newline| newline + 1);
        return Err(Error::at(
            Span::new(last_start, last_end),
            &format!(
                "one run of this formula can take {cost} operations; the most is {MAX_STEPS}{}",
                loops_counted(program)
            ),
        ));
    }
    let mut fills = Vec::new();
    for (name, span) in &program.fills {
        let Some(index) = program.functions.iter().position(|f| f.name == *name) else {
            return Err(Error::at(*span, &format!("{name} is not a function that fills tables")));
        };
        let parameters = program.functions[index].parameters.len();
        if parameters > 0 {
            return Err(Error::at(
                *span,
                &format!(
                    "{name} takes {parameters} parameter{}: a function called first to fill tables takes none",
                    plural(parameters)
                ),
            ));
        }
        fills.push((index, *span));
    }
    Ok(Compiled { tables, functions, main, fills, filled_in: 0, enumerators })
}

/// What the bound on operations says of loops, where the formula has one: each counts its
/// body as many times as it may run.
fn loops_counted(program: &Program) -> String {
    let mut any = false;
    let mut look = |statements: &[Statement]| any |= statements.iter().any(has_loop);
    look(&program.main);
    program.functions.iter().for_each(|function| look(&function.body));
    match any {
        true => format!(" (each loop's body counts {MAX_ITERATIONS} times, the most it may run, so a loop inside a loop counts {} times)", MAX_ITERATIONS * MAX_ITERATIONS),
        false => String::new(),
    }
}

fn has_loop(statement: &Statement) -> bool {
    match statement {
        Statement::Loop { .. } => true,
        Statement::If { then, otherwise, .. } => then.iter().chain(otherwise).any(has_loop),
        Statement::Store { .. }
        | Statement::Assign { .. }
        | Statement::Return(_)
        | Statement::Bare(_)
        | Statement::Break(_)
        | Statement::Continue(_) => false,
    }
}

fn check_assignable(name: &str, span: Span) -> Result<(), Error> {
    if names::board_name(name).is_some() {
        return Err(Error::at(
            span,
            &format!("{name} is one of the board's names: give your value a name of its own, or declare it (U64 {name} = …) to make {name} yours from here on"),
        ));
    }
    check_own_name(name, span)
}

/// A name that no value may take anywhere: a square's or a direction's.
fn check_own_name(name: &str, span: Span) -> Result<(), Error> {
    if names::square(name).is_some() {
        return Err(Error::at(
            span,
            &format!("{name} is a square's name: it is always {}", names::square(name).unwrap_or(0)),
        ));
    }
    if names::direction(name).is_some() {
        return Err(Error::at(span, &format!("{name} is a direction's name: choose another name")));
    }
    Ok(())
}

/// The C type a name, a parameter or a function's value has: the one typed, read as C; the
/// lab's word otherwise.
fn typed_as(reading: Reading, ty: Option<CType>) -> CType {
    match reading {
        Reading::C => ty.unwrap_or(CType::WORD),
        Reading::Lab => CType::WORD,
    }
}

/// A body's instructions, the most operations it can take, and how deep its calls go.
fn body(
    (statements_of_body, declared): (&[Statement], &[Declared]),
    parameters: Vec<(String, Holds, CType)>,
    Globals { known, all, tables, enumerators, outside }: Globals,
    (function, end): (&str, Span),
    typed: Typed,
    (reading, returns, fills): (Reading, CType, bool),
) -> Result<(Body, usize, usize), Error> {
    let whose = if function.is_empty() { "the formula".to_string() } else { format!("the function {function}") };
    let Some(last) = statements_of_body.last() else {
        let message = if function.is_empty() {
            "the formula is empty: type an expression, such as o ^ (o - 2 * r)".to_string()
        } else if fills {
            format!("{whose} has no statement: a function that fills tables writes their entries")
        } else {
            format!("{whose} has no statement: end it with return and a value")
        };
        return Err(Error::at(end, &message));
    };
    let mut calls = CallCost { known, all, tables, enumerators, outside, current: function, cost: 0, depth: 0 };
    for Declared { name, span, .. } in declared {
        if parameters.iter().any(|(parameter, _, _)| parameter == name) {
            return Err(Error::at(*span, &format!("{name} is already a parameter of {function}")));
        }
        // Declared, a name is the reader's even where the board has one of that spelling.
        check_own_name(name, *span)?;
    }
    let holds = parameters.iter().map(|(_, holds, _)| *holds).collect();
    let locals = parameters.into_iter().map(|(name, _, ty)| Local { name, visible: true, depth: 0, ty }).collect();
    let mut scope = Scope {
        locals,
        holds,
        declared,
        reading,
        returns,
        typed,
        above: String::new(),
        bound: None,
        reusable: Vec::new(),
        loops: 0,
        depth: 0,
        board_reads: Vec::new(),
        fills,
        scanned: scan::targets(statements_of_body),
    };
    let mut instructions = scan::start(&mut scope, &mut calls, end)?;
    instructions.extend(statements(statements_of_body, &mut scope, &mut calls, Branch::Body)?);
    // A function that fills tables gives nothing: it may end with any statement.
    if !fills {
        gives_a_result(last, &instructions, &whose)?;
    }
    let body = Body {
        instructions,
        slots: scope.locals.len(),
        types: scope.locals.iter().map(|local| local.ty).collect(),
        names: scope.locals.into_iter().map(|local| local.name).collect(),
        name: function.to_string(),
        parameters: 0,
        returns: scope.returns,
    };
    Ok((body, calls.cost, calls.depth))
}

/// Whether a body that gives a value ends with one: its last statement returns, or is the
/// value alone.
fn gives_a_result(last: &Statement, instructions: &[Instruction], whose: &str) -> Result<(), Error> {
    match last {
        Statement::Assign { name_span, name, .. } => {
            return Err(Error::at(
                *name_span,
                &format!("{whose} gives no result: its last statement gives {name} a value; end with return {name}, or the expression alone"),
            ));
        }
        Statement::If { span, .. } if !instructions.last().is_some_and(Instruction::always_returns) => {
            return Err(Error::at(
                *span,
                &format!("{whose} gives no result where its last if does not return: return in each of its branches, or end with return and a value after it"),
            ));
        }
        Statement::Loop { span, .. } | Statement::Break(span) | Statement::Continue(span) => {
            return Err(Error::at(
                *span,
                &format!("{whose} gives no result after its last loop: end with return and a value after it"),
            ));
        }
        Statement::Store { target, .. } => {
            return Err(Error::at(
                target.span,
                &format!(
                    "{whose} gives no result: its last statement writes a table's entry; end with return and a value"
                ),
            ));
        }
        Statement::If { .. } | Statement::Return(_) | Statement::Bare(_) => {}
    }
    Ok(())
}

/// Where statements stand: a body's own, or an `if`'s branch.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Branch {
    Body,
    Within,
}

/// The instructions of `list`, statement by statement, in `scope`.
fn statements(
    list: &[Statement],
    scope: &mut Scope,
    calls: &mut CallCost,
    at: Branch,
) -> Result<Vec<Instruction>, Error> {
    let mut instructions = Vec::new();
    for (index, statement) in list.iter().enumerate() {
        if matches!(statement, Statement::Return(_)) && index + 1 < list.len() {
            let next = list[index + 1].start();
            let next = Span::new(next, list[index + 1].end().max(next + 1));
            return Err(Error::at(next, "nothing after return runs: return gives the result and ends"));
        }
        scope.above = comment_above(scope.typed.text, scope.typed.comments, statement.start());
        scope.bound = None;
        let instruction = match statement {
            // `_BitScanForward64(&index, mask);` alone, as the value assigned, or as an if's condition.
            Statement::Bare(node) if scan::scan_of(node).is_some() => {
                if let Some(bit_scan) = scan::scan_of(node) {
                    instructions.extend(scan::scan(bit_scan, node, scope, calls)?);
                }
                continue;
            }
            Statement::Assign { name, name_span, value, declares, ty } => {
                let value = match scan::scan_of(value) {
                    Some(bit_scan) => {
                        instructions.extend(scan::scan(bit_scan, value, scope, calls)?);
                        scan::value(bit_scan, value.span)
                    }
                    None => value.clone(),
                };
                let instruction = assign((name, *name_span, *declares, *ty), &value, scope, calls)?;
                instructions.push(instruction);
                instructions.extend(scan::assigned(name, scope));
                continue;
            }
            Statement::Bare(value) if at == Branch::Within && !scope.fills => {
                return Err(Error::at(
                    value.span,
                    "an expression alone inside an if's branch gives nothing: give its value a name (x = …)",
                ));
            }
            Statement::Return(value) if scope.fills => {
                return Err(Error::at(
                    value.span,
                    "a function that fills tables gives no value: it writes its tables and ends, with no return",
                ));
            }
            Statement::Store { target, .. } if !scope.fills => {
                return Err(Error::at(
                    target.span,
                    "a table's entries are written only by a function that fills tables, void init(void) { … }, called first (init();), before anything reads the board",
                ));
            }
            Statement::Store { target, value } => store(target, value, scope, calls)?,
            Statement::Return(value) => Instruction::Return(converted_to(value, scope.returns, scope, calls)?),
            Statement::Bare(value) => Instruction::Value(converted_to(value, scope.returns, scope, calls)?),
            Statement::Loop { keyword, init, test, body, step, span, .. } => {
                // A for's init is the loop's: what it declares has no value after it.
                scope.depth += 1;
                let compiled_init = statements(init, scope, calls, at);
                scope.depth -= 1;
                instructions.extend(compiled_init?);
                scope.depth += 1;
                // `while (_BitScanForward64(&i, bb))`: the scan before the first test (a do's
                // body runs first), and again after each run, where the loop's step is.
                let (test, step) = match scan::condition_scan(test) {
                    Some((bit_scan, call, negated)) => {
                        if *keyword != Keyword::DoWhile {
                            instructions.extend(scan::scan(bit_scan, call, scope, calls)?);
                        }
                        let mut step = step.clone();
                        step.push(Statement::Bare(call.clone()));
                        (scan::condition_value(bit_scan, negated, (call.span, test.span)), step)
                    }
                    None => (test.clone(), step.clone()),
                };
                let instruction = looped(*keyword, (&test, body, &step), *span, scope, calls);
                scope.depth -= 1;
                for statement in init {
                    if let Statement::Assign { name, declares: true, .. } = statement {
                        let slot = scope.locals.iter().rposition(|local| local.visible && local.name == *name);
                        if let Some(local) = slot.map(|slot| &mut scope.locals[slot]).filter(|l| l.depth > scope.depth)
                        {
                            local.visible = false;
                        }
                    }
                }
                instruction?
            }
            Statement::Break(span) | Statement::Continue(span) if scope.loops == 0 => {
                let word = if matches!(statement, Statement::Break(_)) { "break" } else { "continue" };
                return Err(Error::at(*span, &format!("{word} is outside a loop: it belongs in a while, do or for")));
            }
            Statement::Break(_) => Instruction::Break,
            Statement::Continue(_) => Instruction::Continue,
            Statement::If { condition, then, otherwise, span, switch, .. } => {
                let condition = match scan::condition_scan(condition) {
                    Some((bit_scan, call, negated)) => {
                        instructions.extend(scan::scan(bit_scan, call, scope, calls)?);
                        scan::condition_value(bit_scan, negated, (call.span, condition.span))
                    }
                    None => condition.clone(),
                };
                let branches = (&condition, then.as_slice(), otherwise.as_slice());
                let instruction = if_branches(branches, (*span, switch.as_ref()), scope, calls)?;
                if let (true, Some(next)) = (instruction.always_returns(), list.get(index + 1)) {
                    let start = next.start();
                    return Err(Error::at(
                        Span::new(start, next.end().max(start + 1)),
                        "nothing after this runs: each branch of the if above returns",
                    ));
                }
                instruction
            }
        };
        instructions.push(instruction);
    }
    Ok(instructions)
}

/// A switch's case values from this case on (its test `value == a || value == b`, then the
/// cases of the `if`s its `else` holds): C allows each value once in a switch.
fn each_case_once(
    condition: &Node,
    otherwise: &[Statement],
    reading: Reading,
    enumerators: &[(String, u64)],
) -> Result<(), Error> {
    fn labels<'n>(test: &'n Node, out: &mut Vec<&'n Node>) {
        match &test.expr {
            Expr::Logical(Logic::Or, a, b) => {
                labels(a, out);
                labels(b, out);
            }
            Expr::Binary(Binary::Compare(Comparison::Equal), _, label) => out.push(label),
            Expr::Number(..)
            | Expr::Name(_)
            | Expr::Unary(..)
            | Expr::Binary(..)
            | Expr::Logical(..)
            | Expr::Select(..)
            | Expr::Call(..)
            | Expr::Cast(..)
            | Expr::Index(..)
            | Expr::Through(..)
            | Expr::BitScan(..) => {}
        }
    }
    let mut all = Vec::new();
    labels(condition, &mut all);
    let mut rest = otherwise;
    while let [Statement::If { condition, otherwise, switch: Some(_), .. }] = rest {
        labels(condition, &mut all);
        rest = otherwise;
    }
    let constants = tables::Constants { reading, enumerators };
    let mut seen: Vec<u64> = Vec::new();
    for label in all {
        let (value, _) = tables::constant(label, constants)?;
        if seen.contains(&value) {
            return Err(Error::at(
                label.span,
                "this case's value is a case above already: a switch takes each value once",
            ));
        }
        seen.push(value);
    }
    Ok(())
}

/// Where `node` calls a function named `name`, if it does.
fn call_named(node: &Node, name: &str) -> Option<Span> {
    match &node.expr {
        Expr::Call(called, _) if called == name => Some(node.span),
        Expr::Call(_, nodes) | Expr::Index(_, nodes) => nodes.iter().find_map(|n| call_named(n, name)),
        Expr::Unary(_, a) | Expr::Cast(_, a) => call_named(a, name),
        Expr::Through(through) => call_named(&through.offset, name),
        Expr::BitScan(scan) => call_named(&scan.mask, name),
        Expr::Binary(_, a, b) | Expr::Logical(_, a, b) => call_named(a, name).or_else(|| call_named(b, name)),
        Expr::Select(a, b, c) => call_named(a, name).or_else(|| call_named(b, name)).or_else(|| call_named(c, name)),
        Expr::Number(..) | Expr::Name(_) => None,
    }
}

/// `name = value`: the name's slot (a new one the first time), and what it holds from here on.
fn assign(
    (name, name_span, declares, declared_type): (&str, Span, bool, Option<CType>),
    value: &Node,
    scope: &mut Scope,
    calls: &mut CallCost,
) -> Result<Instruction, Error> {
    // A parameter keeps its name, a board's included; an if's second branch gives a name the
    // first made its slot again.
    let slot = scope.locals.iter().enumerate().position(|(slot, local)| {
        local.name == name && (local.visible || scope.reusable.iter().any(|made| made.contains(&slot)))
    });
    if let Some(slot) = slot {
        scope.locals[slot].visible = true;
    }
    if declares {
        refuse_shadowing(name, name_span, slot, scope)?;
    }
    // A declared name may take a board's spelling: from here on it is the reader's.
    match (slot, declares) {
        (Some(_), _) => {}
        (None, true) => check_own_name(name, name_span)?,
        (None, false) if scope.declared.iter().any(|declared| declared.name == name) => {
            check_own_name(name, name_span)?
        }
        (None, false) => check_assignable(name, name_span)?,
    }
    if calls.known.iter().any(|k| k.name == name) {
        return Err(Error::at(name_span, &format!("{name} is a function above: choose another name")));
    }
    // In C a declared name is the variable from its declarator on, its own initializer
    // included: `U64 ray = ray(sq, north)` calls the variable, which C refuses.
    if let (true, Reading::C, Some(call)) = (declares, scope.reading, call_named(value, name)) {
        return Err(Error::at(
            call,
            &format!("in C, {name} here is the name being declared, not the function: name the value otherwise"),
        ));
    }
    scope.bound = Some(name.to_string());
    // One type a name: declared again with another (`int t` in one branch, `char t` in the
    // other, or in two loops), C would make two names, which one slot cannot hold.
    if declares {
        let ty = typed_as(scope.reading, declared_type);
        if let Some(other) = scope.locals.iter().find(|local| local.name == name && local.ty != ty) {
            return Err(Error::at(
                name_span,
                &format!(
                    "{name} is declared {} above and {} here: the lab keeps one type for a name in a function; give this one another name",
                    other.ty.name(),
                    ty.name()
                ),
            ));
        }
    }
    // The name's type: its slot's, else the one it is declared with here or without a value above.
    let declared_above = scope.declared.iter().find(|declared| declared.name == name).and_then(|declared| declared.ty);
    let ty = match slot {
        Some(slot) => scope.locals[slot].ty,
        None => typed_as(scope.reading, declared_type.or(declared_above)),
    };
    let code = converted_to(value, ty, scope, calls)?;
    // C's name is the new one in its own initializer already (`U64 o = o & ~r` reads the new,
    // unset o): the lab reads the board's there, so it refuses it.
    if declares && slot.is_none() {
        refuse_shadowing(name, name_span, None, scope)?;
    }
    let slot = match slot {
        Some(slot) => slot,
        None => {
            scope.locals.push(Local { name: name.to_string(), visible: true, depth: scope.depth, ty });
            scope.holds.push(Holds::Set(WordOrder::Board));
            scope.locals.len() - 1
        }
    };
    // Statements run in order, so what the name holds from here on is this value.
    scope.holds[slot] = Holds::of(&code);
    Ok(Instruction::Set(slot, code))
}

/// The code of an `if`'s or a loop's test, refused in the lab's reading where it can never
/// change (see [`refuse_always_true`]): there it would make a loop run past its bound or a
/// branch dead. Read as C, an `int` counting down ends as C's does.
fn test_expression(node: &Node, scope: &mut Scope, calls: &mut CallCost) -> Result<Code, Error> {
    if let (Expr::Binary(op, a, b), Reading::Lab) = (&node.expr, scope.reading) {
        refuse_always_true(*op, (a, b), node.span)?;
    }
    expression(node, scope, calls)
}

/// `x >= 0` and `x < 0` (or `0 <= x`, `0 > x`): in the lab's short form every value is an
/// unsigned word, so the test never changes, where C's `int` loop counting down would end.
fn refuse_always_true(op: Binary, (a, b): (&Node, &Node), span: Span) -> Result<(), Error> {
    let zero = |node: &Node| matches!(node.expr, Expr::Number(0, _, _));
    // Only a comparison with 0 on the side that makes it constant.
    let Binary::Compare(comparison) = op else { return Ok(()) };
    let holds = match comparison {
        Comparison::GreaterEqual if zero(b) => true,
        Comparison::LessEqual if zero(a) => true,
        Comparison::Less if zero(b) => false,
        Comparison::Greater if zero(a) => false,
        Comparison::GreaterEqual
        | Comparison::LessEqual
        | Comparison::Less
        | Comparison::Greater
        | Comparison::Equal
        | Comparison::NotEqual => return Ok(()),
    };
    let never = if holds { "always holds" } else { "never holds" };
    Err(Error::at(
        span,
        &format!("this test {never}: in the lab's short form every value is an unsigned 64-bit word, so a count below 0 wraps to 2^64 - 1; declare the count int (int x = …) for C's meaning, or count down with a test such as x < 64"),
    ))
}

/// A declaration C would read differently from the lab: one inside braces of a name declared
/// outside them (C makes a new name until the `}`), or one of a board's name (`int r`) after
/// the board's was read in the same body, its own initializer included.
fn refuse_shadowing(name: &str, span: Span, slot: Option<usize>, scope: &Scope) -> Result<(), Error> {
    if let Some(slot) = slot {
        let outer = &scope.locals[slot];
        if outer.depth < scope.depth {
            return Err(Error::at(
                span,
                &format!("{name} is declared again inside braces: C would make it a new {name} until the }}, which the lab does not yet; give it another name, or leave out its type to assign the {name} above"),
            ));
        }
        return Ok(());
    }
    if let Some((_, read)) = scope.board_reads.iter().find(|(read, _)| read == name) {
        let (line, column) = position(scope.typed.text, read.start);
        return Err(Error::at(
            span,
            &format!("{name} is the board's {name} on line {line}, column {column}; declared here it would be another {name}, which C reads there too: give yours another name"),
        ));
    }
    Ok(())
}

/// An `if`: its condition and both branches. A name first given a value in a branch has one
/// after the `if` only when both branches give it one (they share its slot).
fn if_branches(
    (condition, then, otherwise): (&Node, &[Statement], &[Statement]),
    (span, switch): (Span, Option<&Node>),
    scope: &mut Scope,
    calls: &mut CallCost,
) -> Result<Instruction, Error> {
    if switch.is_some() {
        each_case_once(condition, otherwise, scope.reading, calls.enumerators)?;
    }
    let code = test_expression(condition, scope, calls)?;
    calls.cost += 1;
    let text = print::spelled(condition, scope.typed.spelling());
    // A switch's case says so: the value switched on, and the test of its case.
    let label = match switch {
        Some(value) => format!("switch ({}): {text}", print::spelled(value, scope.typed.spelling())),
        None => format!("if ({text})"),
    };
    let site = {
        let mut site = site(condition, scope, label, None);
        site.operands =
            Operands { lhs: Cow::Owned(text), rhs: Cow::Borrowed(""), result: Cow::Borrowed(""), table_fields: 0 };
        site.span = span;
        site
    };
    let visible_before: Vec<bool> = scope.locals.iter().map(|local| local.visible).collect();
    let (before, holds_before) = (scope.locals.len(), scope.holds.clone());
    scope.depth += 1;
    let then = statements(then, scope, calls, Branch::Within);
    scope.depth -= 1;
    let then = then?;
    let holds_then = core::mem::replace(&mut scope.holds, holds_before);
    // What the first branch gave values to is not the second's to read; the names it made, the
    // second may make again (in the same slots).
    let made_in_then = scope.locals.len();
    scope.locals.iter_mut().zip(&visible_before).for_each(|(local, &visible)| local.visible = visible);
    scope.locals[before..].iter_mut().for_each(|local| local.visible = false);
    scope.holds.resize(made_in_then, Holds::Set(WordOrder::Board));
    scope.depth += 1;
    let otherwise =
        with_names_of(scope, before..made_in_then, |scope| statements(otherwise, scope, calls, Branch::Within));
    scope.depth -= 1;
    let otherwise = otherwise?;
    let instruction = Instruction::If { condition: code, then, otherwise, site, case: switch.is_some() };
    // After the if, a name can be read if it could before, or if every path through the if
    // gave it a value.
    let mut always = alloc::vec![false; scope.locals.len()];
    instruction.always_assigns(&mut always);
    for (slot, local) in scope.locals.iter_mut().enumerate() {
        local.visible = visible_before.get(slot).copied().unwrap_or(false) || always[slot];
    }
    let holds_then = holds_then.into_iter().chain(core::iter::repeat(Holds::Set(WordOrder::Board)));
    for (slot, then_holds) in holds_then.take(scope.holds.len()).enumerate() {
        scope.holds[slot] = merged(then_holds, scope.holds[slot]);
    }
    Ok(instruction)
}

/// How many times a loop's body may run each time the loop is reached: a board has 64 squares,
/// and a loop over them, or over a set's bits, runs at most 64 times. One more is a fault.
pub const MAX_ITERATIONS: u32 = 64;

/// A loop: its test and body, and a `for`'s step. The work it may take counts
/// [`MAX_ITERATIONS`] times. A name first given a value inside it has none after it (the body
/// may not run).
fn looped(
    keyword: Keyword,
    (test, body, step): (&Node, &[Statement], &[Statement]),
    span: Span,
    scope: &mut Scope,
    calls: &mut CallCost,
) -> Result<Instruction, Error> {
    let visible_before: Vec<bool> = scope.locals.iter().map(|local| local.visible).collect();
    let holds_before = scope.holds.clone();
    let cost_before = calls.cost;
    // A do's test comes after the body, and reads what the body gave values to.
    let test_first = match keyword.tests_first() {
        true => Some(test_expression(test, scope, calls)?),
        false => None,
    };
    scope.loops += 1;
    let compiled = statements(body, scope, calls, Branch::Within)
        .and_then(|body| Ok((body, statements(step, scope, calls, Branch::Within)?)));
    scope.loops -= 1;
    let (body, step) = compiled?;
    let test_code = match test_first {
        Some(code) => code,
        None => test_expression(test, scope, calls)?,
    };
    let once = calls.cost - cost_before + 1;
    calls.cost = cost_before + once * MAX_ITERATIONS as usize + 1;
    let text = print::spelled(test, scope.typed.spelling());
    let label = match keyword {
        Keyword::While | Keyword::DoWhile => format!("while ({text})"),
        Keyword::For => format!("for (…; {text}; …)"),
    };
    let mut site = site(test, scope, label, None);
    site.operands =
        Operands { lhs: Cow::Owned(text), rhs: Cow::Borrowed(""), result: Cow::Borrowed(""), table_fields: 0 };
    site.span = span;
    // A body that runs at least once (a do's, or under a test that always holds) gives values
    // for good to the names it assigns before anything in it can leave the loop.
    let runs_once = !keyword.tests_first() || matches!(test_code, Code::Count(1..) | Code::Constant(1..));
    let mut first_run = alloc::vec![false; scope.locals.len()];
    if runs_once {
        for instruction in body.iter().take_while(|instruction| !instruction.may_leave_loop()) {
            instruction.always_assigns(&mut first_run);
        }
    }
    for (slot, local) in scope.locals.iter_mut().enumerate() {
        local.visible = visible_before.get(slot).copied().unwrap_or(false) || first_run[slot];
    }
    let after = scope.holds.clone();
    for (slot, before) in holds_before.into_iter().enumerate() {
        scope.holds[slot] = merged(before, after[slot]);
    }
    Ok(Instruction::Loop { test: test_code, body, step, tests_first: keyword.tests_first(), site })
}

/// Runs `compile` with the names the first branch made (`made`, hidden) found again when the
/// second branch assigns them, so that both branches' values land in one slot.
fn with_names_of<T>(
    scope: &mut Scope,
    made: core::ops::Range<usize>,
    compile: impl FnOnce(&mut Scope) -> Result<T, Error>,
) -> Result<T, Error> {
    scope.reusable.push(made);
    let compiled = compile(scope);
    scope.reusable.pop();
    compiled
}

/// What a name holds after an `if` whose branches left it holding `a` and `b`: a set if
/// either is one, a number anywhere if either is.
fn merged(a: Holds, b: Holds) -> Holds {
    match (a, b) {
        (Holds::Set(x), Holds::Set(y)) if x == y => Holds::Set(x),
        (Holds::Set(_), _) | (_, Holds::Set(_)) => Holds::Set(WordOrder::Board),
        (Holds::NumberAnywhere, _) | (_, Holds::NumberAnywhere) => Holds::NumberAnywhere,
        (Holds::TypedCount, Holds::TypedCount) => Holds::TypedCount,
    }
}

struct CallCost<'k> {
    known: &'k [Known],
    /// Every function of the program, for a call of one not yet defined.
    all: &'k [String],
    /// The reader's tables, and the enums' constants.
    tables: &'k [Table],
    enumerators: &'k [(String, u64)],
    /// The names the statements outside functions declare, which no function sees.
    outside: &'k [String],
    /// The function being compiled ("" for the formula's own statements).
    current: &'k str,
    cost: usize,
    depth: usize,
}

/// The comment lines right above the line where `offset` is, joined: the why of a statement
/// written under its explanation.
/// Comments as the sentences a step's narration ends with: each begins with a capital and ends
/// with a full stop.
fn sentence(parts: &[&str]) -> String {
    let mut out = String::new();
    for part in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        // ASCII only: Unicode's case tables would cost the page kilobytes.
        let mut characters = part.chars();
        if let Some(first) = characters.next() {
            out.push(first.to_ascii_uppercase());
            out.push_str(characters.as_str());
        }
        if !part.ends_with(['.', '!', '?', ':']) {
            out.push('.');
        }
    }
    out
}

fn comment_above(text: &str, comments: &[(u32, &str)], offset: usize) -> String {
    let (line, _) = position(text, offset);
    let lines: Vec<&str> = text.lines().collect();
    let mut parts = Vec::new();
    let mut at = line as u32;
    while at > 1 {
        at -= 1;
        let typed = lines.get(at as usize - 1).map_or("", |l| l.trim());
        if !typed.starts_with("//") {
            break;
        }
        match comments.iter().find(|(l, _)| *l == at) {
            Some((_, comment)) => parts.push(*comment),
            None => break,
        }
    }
    parts.reverse();
    parts.join(" ")
}

fn site(node: &Node, scope: &Scope, label: String, bound: Option<&str>) -> Box<Site> {
    let (line, column) = position(scope.typed.text, node.span.start);
    // The comment above the statement, then the line's own: both are the reader's why.
    let own = scope.typed.comments.iter().find(|(l, _)| *l as usize == line).map_or("", |(_, c)| *c);
    let why = sentence(&[scope.above.as_str(), own]);
    let operands = operands_of(node, bound, scope.typed.spelling());
    let order = WordOrder::Board;
    let (line, column) = (line as u32, column as u32);
    Box::new(Site { label, why, span: node.span, line, column, operands, order, arith: Arith::Lab })
}

/// The operands a step shows, as the tree has them: a binary operation's two sides, a unary
/// one's operand, a choice's condition, a call's arguments; and the name the value is bound to.
fn operands_of(node: &Node, bound: Option<&str>, spelling: print::Spelling) -> Operands {
    // A square's name is its number (`d4` is 27): said with the number, so that no sentence
    // reads `o & d4` as the square's bit.
    let text = |operand: Option<&Node>| {
        Cow::Owned(match operand {
            Some(Node { expr: Expr::Name(name), .. }) if names::square(name).is_some() => {
                format!("{name} ({})", names::square(name).unwrap_or(0))
            }
            Some(operand) => print::spelled(operand, spelling),
            None => String::new(),
        })
    };
    let (lhs, rhs) = match &node.expr {
        Expr::Binary(_, a, b) | Expr::Logical(_, a, b) => (Some(&**a), Some(&**b)),
        Expr::Unary(_, operand) | Expr::Cast(_, operand) => (Some(&**operand), None),
        Expr::Select(condition, _, _) => (Some(&**condition), None),
        Expr::Call(_, arguments) => (arguments.first(), arguments.get(1)),
        Expr::BitScan(scan) => (Some(&scan.mask), None),
        Expr::Number(..) | Expr::Name(_) | Expr::Index(..) | Expr::Through(..) => (None, None),
    };
    // A formula reads its masks in steps of their own, never as an operand's field.
    let result = Cow::Owned(bound.map(String::from).unwrap_or_default());
    Operands { lhs: text(lhs), rhs: text(rhs), result, table_fields: 0 }
}

/// A count that is a number wherever it stands: one the formula computes (`sq`, `popcount(o)`,
/// `sq & 7`) or a square's name (`d4`). Not a decimal literal, which beside a set is a mask or
/// a bit (`o & 3`, `1 << sq`): shifting a number left gives a number, a literal's bit a set.
pub fn number_anywhere(code: &Code) -> bool {
    is_count(code) && !matches!(code, Code::Count(_) | Code::Local(_, Holds::TypedCount))
}

/// `sq & 7`, `d4 ^ 56`: a number's bits with a constant's or another number's are a number
/// still; with a set (`o & sq`) they are a set.
fn numbers_combined(a: &Code, b: &Code) -> bool {
    let number_or_constant = |code: &Code| is_count(code) || matches!(code, Code::Constant(_));
    (is_count(a) || is_count(b)) && number_or_constant(a) && number_or_constant(b)
}

/// Whether `a op b` gives a count rather than a set.
fn binary_gives_count(op: Binary, a: &Code, b: &Code) -> bool {
    match op {
        Binary::Add | Binary::Sub | Binary::Mul => is_count(a) && is_count(b),
        Binary::Shr => is_count(a),
        // `sq / 8`, `sq % 8`: a number divided is a number.
        Binary::Div | Binary::Rem => is_count(a),
        // `sq & 7`, `d4 ^ 56`: a number's bits with a constant's or another number's are a
        // number still; with a set (`o & sq`) they are a set.
        Binary::And | Binary::Or | Binary::Xor => numbers_combined(a, b),
        // A computed count shifted is a number (`popcount(o) << 8`); a literal's bits moved
        // (`1 << sq`, `3 << bsq`) are a set.
        Binary::Shl => number_anywhere(a),
        // A comparison gives 0 or 1.
        Binary::Compare(_) => true,
    }
}

/// Whether an expression gives a count (a number such as a square or a scan's result) rather
/// than a set: the steps show counts as numbers.
pub fn is_count(code: &Code) -> bool {
    match code {
        Code::Constant(_) => false,
        Code::Count(_) | Code::Square(_) => true,
        Code::Board(board) => *board == BoardName::Square,
        Code::Local(_, holds) => !matches!(holds, Holds::Set(_)),
        Code::Binary(op, a, b, _, _) => binary_gives_count(*op, a, b),
        Code::Unary(Unary::LogicalNot, ..) | Code::Logical(..) => true,
        // `~n` and `-n` of a number are numbers (`~n & 63`).
        Code::Unary(Unary::Not | Unary::Negate, inner, _) => is_count(inner),
        Code::Select(_, a, b, _) => is_count(a) && is_count(b),
        Code::Function(f, ..) => f.function.definition().gives == Gives::Count,
        Code::Mask(..) | Code::Call(..) => false,
        Code::Convert(_, inner) => is_count(inner),
        Code::Read(read, _) => !read.sets,
        Code::Defined(defined) => is_count(&defined.value),
        Code::Scanned(scanned) => is_count(&scanned.found),
    }
}

/// How a value holds the board, from its syntax tree: `bswap` turns what it swaps round (and
/// back), an operation on words in one order keeps that order, and numbers and constants take
/// the order of what they meet (`None`). A function's value has the order its body gives sets
/// on the board; words in different orders mixed, and a mask, hold the board as it stands.
pub fn order_of(code: &Code) -> Option<WordOrder> {
    let both = |a: &Code, b: &Code| match (order_of(a), order_of(b)) {
        (Some(x), Some(y)) if x != y => Some(WordOrder::Board),
        (x, y) => x.or(y),
    };
    match code {
        Code::Constant(_) | Code::Count(_) | Code::Square(_) => None,
        Code::Local(_, Holds::Set(order)) => Some(*order),
        Code::Local(..) => None,
        Code::Board(board) => (*board != BoardName::Square).then_some(WordOrder::Board),
        Code::Unary(Unary::LogicalNot, ..) | Code::Logical(..) => None,
        Code::Unary(Unary::Not | Unary::Negate, inner, _) => order_of(inner),
        Code::Binary(Binary::Shl | Binary::Shr | Binary::Div | Binary::Rem, a, _, _, _) => order_of(a),
        Code::Binary(Binary::Compare(_), ..) => None,
        Code::Binary(Binary::Mul | Binary::Add | Binary::Sub | Binary::And | Binary::Xor | Binary::Or, a, b, _, _) => {
            both(a, b)
        }
        Code::Select(_, a, b, _) => both(a, b),
        Code::Function(f, inner, _, _) => match f.function.definition().gives {
            Gives::Count => None,
            Gives::ArgumentsOrder => order_of(inner),
            Gives::BytesSwapped => order_of(inner).map(WordOrder::bytes_swapped),
            Gives::Board => Some(WordOrder::Board),
        },
        Code::Call(_, _, order) => *order,
        Code::Convert(_, inner) => order_of(inner),
        Code::Mask(..) => Some(WordOrder::Board),
        // A table's sets are the board as it stands, as a mask is.
        Code::Read(read, _) => read.sets.then_some(WordOrder::Board),
        Code::Defined(defined) => order_of(&defined.value),
        Code::Scanned(_) => None,
    }
}

/// The site of a step's code, where it has one.
fn site_of(code: &mut Code) -> Option<&mut Site> {
    match code {
        Code::Unary(_, _, site)
        | Code::Binary(_, _, _, _, site)
        | Code::Select(_, _, _, site)
        | Code::Logical(_, _, _, site)
        | Code::Function(_, _, _, site)
        | Code::Mask(_, _, site)
        | Code::Read(_, site) => Some(site),
        Code::Constant(_)
        | Code::Count(_)
        | Code::Square(_)
        | Code::Local(..)
        | Code::Board(_)
        | Code::Call(..)
        | Code::Convert(..)
        | Code::Defined(..)
        | Code::Scanned(..) => None,
    }
}

/// The code of an expression, its step stamped with the order its value holds the board in.
fn expression(node: &Node, scope: &mut Scope, calls: &mut CallCost) -> Result<Code, Error> {
    typed(node, scope, calls).map(|(code, _)| code)
}

/// The code of an expression converted to `ty`, as C converts an assignment's, an argument's
/// or a return's value.
fn converted_to(node: &Node, ty: CType, scope: &mut Scope, calls: &mut CallCost) -> Result<Code, Error> {
    let (code, from) = typed(node, scope, calls)?;
    Ok(convert(code, from, ty, scope.reading))
}

/// `code`, of type `from`, as a value of `to`: unchanged in the lab's reading and where every
/// value of `from` is kept the same in `to`; a constant converted now; else a conversion.
fn convert(code: Code, from: CType, to: CType, reading: Reading) -> Code {
    if reading == Reading::Lab || ctype::converts_unchanged(from, to) {
        return code;
    }
    match code {
        Code::Constant(value) => Code::Constant(to.convert(value)),
        Code::Count(value) => Code::Count(to.convert(value)),
        Code::Square(value) => Code::Square(to.convert(value)),
        other => Code::Convert(to, Box::new(other)),
    }
}

/// The code of an expression and its C type (the lab's word in the lab's reading), its step
/// stamped with the order its value holds the board in.
fn typed(node: &Node, scope: &mut Scope, calls: &mut CallCost) -> Result<(Code, CType), Error> {
    let (mut code, ty) = expression_code(node, scope, calls)?;
    let order = order_of(&code).unwrap_or_default();
    if let Some(site) = site_of(&mut code) {
        site.order = order;
    }
    Ok((code, ty))
}

/// In C's reading, the type an operation computes in and its operands' codes converted to it:
/// for a shift the left operand's promoted type, each operand promoted alone; for any other,
/// the usual arithmetic conversions. In the lab's, the word.
fn operation_type(op: Binary, (a, ta): (Code, CType), (b, tb): (Code, CType), reading: Reading) -> (Code, Code, CType) {
    if reading == Reading::Lab {
        return (a, b, CType::WORD);
    }
    let (to_a, to_b) = c_arithmetic::operand_types(op, ta, tb);
    (convert(a, ta, to_a, reading), convert(b, tb, to_b, reading), to_a)
}

/// The arithmetic an operation of type `ty` takes in `reading`.
fn arith(reading: Reading, ty: CType) -> Arith {
    match reading {
        Reading::Lab => Arith::Lab,
        Reading::C => Arith::C(ty),
    }
}

fn expression_code(node: &Node, scope: &mut Scope, calls: &mut CallCost) -> Result<(Code, CType), Error> {
    // The outermost operation of an assignment's value is labelled with the name it gets.
    let bound = scope.bound.take();
    let spelling = scope.typed.spelling();
    let label = || {
        let text = print::spelled(node, spelling);
        match &bound {
            Some(name) => format!("{text} = {name}"),
            None => text,
        }
    };
    let reading = scope.reading;
    // The type an int-valued result has, read as C (a comparison's, a count's): the word in the lab's reading.
    let int = typed_as(reading, Some(CType::Int));
    Ok(match &node.expr {
        // A decimal literal is a count (2 in `2 * r`); hex and binary ones are sets.
        Expr::Number(value, radix, suffix) => {
            let ty = typed_as(reading, Some(CType::of_literal(*value, *radix == Radix::Decimal, *suffix)));
            let code = if *radix == Radix::Decimal { Code::Count(*value) } else { Code::Constant(*value) };
            (code, ty)
        }
        Expr::Name(name) => name_code(name, node.span, scope, (calls.known, calls.enumerators, calls.outside))?,
        Expr::Cast(ty, inner) => {
            let (code, from) = typed(inner, scope, calls)?;
            let ty = typed_as(reading, Some(*ty));
            (convert(code, from, ty, reading), ty)
        }
        Expr::Unary(op, inner) => {
            let (operand, inner_type) = typed(inner, scope, calls)?;
            let ty = match op {
                Unary::LogicalNot => inner_type,
                Unary::Not | Unary::Negate => inner_type.promoted(),
            };
            let operand = convert(operand, inner_type, ty, reading);
            let result_type = if *op == Unary::LogicalNot { int } else { ty };
            // A literal's sign is part of it: -1 and ~0 are constants, not steps. Read as C, one
            // that is undefined (-(-2147483648)) stays an operation, which faults only if it runs.
            if let (Code::Constant(value) | Code::Count(value) | Code::Square(value), Unary::Negate | Unary::Not) =
                (&operand, op)
            {
                let folded = match reading {
                    Reading::Lab if *op == Unary::Negate => Some(value.wrapping_neg()),
                    Reading::Lab => Some(!value),
                    Reading::C => c_arithmetic::unary(*op, ty, *value).ok(),
                };
                if let Some(value) = folded {
                    return Ok((Code::Constant(value), result_type));
                }
            }
            calls.cost += 1;
            let mut site = site(node, scope, label(), bound.as_deref());
            site.arith = arith(reading, ty);
            (Code::Unary(*op, Box::new(operand), site), result_type)
        }
        Expr::Binary(op, a, b) => {
            let (a, b) = (typed(a, scope, calls)?, typed(b, scope, calls)?);
            let (a, b, ty) = operation_type(*op, a, b, reading);
            calls.cost += 1;
            let counts = binary_gives_count(*op, &a, &b);
            let mut site = site(node, scope, label(), bound.as_deref());
            site.arith = arith(reading, ty);
            let result_type = if matches!(op, Binary::Compare(_)) { int } else { ty };
            (Code::Binary(*op, Box::new(a), Box::new(b), counts, site), result_type)
        }
        // The second operand may not run; the bound counts it as if it does.
        Expr::Logical(op, a, b) => {
            let (a, b) = (expression(a, scope, calls)?, expression(b, scope, calls)?);
            calls.cost += 1;
            (Code::Logical(*op, Box::new(a), Box::new(b), site(node, scope, label(), bound.as_deref())), int)
        }
        Expr::Select(condition, then, otherwise) => {
            let condition = expression(condition, scope, calls)?;
            let before = calls.cost;
            let (then, then_type) = typed(then, scope, calls)?;
            let then_cost = calls.cost - before;
            let (otherwise, otherwise_type) = typed(otherwise, scope, calls)?;
            // Only one branch runs: count the dearer.
            let otherwise_cost = calls.cost - before - then_cost;
            calls.cost = before + then_cost.max(otherwise_cost) + 1;
            let ty = if reading == Reading::C { CType::common(then_type, otherwise_type) } else { CType::WORD };
            // The choice's type: its value is shown as one of it.
            let mut site = site(node, scope, label(), bound.as_deref());
            site.arith = arith(reading, ty);
            let code = Code::Select(
                Box::new(condition),
                Box::new(convert(then, then_type, ty, reading)),
                Box::new(convert(otherwise, otherwise_type, ty, reading)),
                site,
            );
            (code, ty)
        }
        Expr::Call(name, arguments) => call(node, name, arguments, scope, calls, (label(), bound.as_deref()))?,
        Expr::Index(name, indices) => {
            let (read, mut site, ty) = read_code((name, indices, node), bound.as_deref(), scope, calls)?;
            site.label = label();
            (Code::Read(Box::new(read), site), ty)
        }
        Expr::Through(through) => {
            let (read, mut site, ty) = through_code((through, node), bound.as_deref(), scope, calls)?;
            site.label = label();
            (Code::Read(Box::new(read), site), ty)
        }
        Expr::BitScan(scan) => {
            return Err(Error::at(
                node.span,
                &format!(
                    "{} stands as a statement of its own, as an if's condition, or as the value assigned (found = {}(&{}, …);), not inside another expression",
                    scan.name(),
                    scan.name(),
                    scan.index
                ),
            ))
        }
    })
}

/// An entry read through a pointer (`pMask->lower`): the table's entry the pointer's value
/// numbers, counted row after row, checked against the whole table.
fn through_code(
    (through, node): (&Through, &Node),
    bound: Option<&str>,
    scope: &mut Scope,
    calls: &mut CallCost,
) -> Result<(Read, Box<Site>, CType), Error> {
    let Some(at) = calls.tables.iter().position(|table| table.name == through.table) else {
        return Err(Error::at(node.span, &format!("{} is not a table declared above", through.table)));
    };
    let (mut code, index_type) = typed(&through.offset, scope, calls)?;
    // `p[k]` adds k entries to where p points: an entry's number, shown as one, whatever k is.
    if let Code::Binary(Binary::Add, _, _, counts, _) = &mut code {
        *counts = true;
    }
    let table = &calls.tables[at];
    let (sets, ty, dims) = (table.holds_sets(), table.ty, alloc::vec![table.entries.len() as u64]);
    calls.cost += 1;
    let spelling = scope.typed.spelling();
    let mut site = site(node, scope, print::spelled(node, spelling), bound);
    site.operands.lhs = Cow::Owned(print::spelled(&through.offset, spelling));
    site.operands.rhs = Cow::Owned(through.table.clone());
    site.arith = arith(scope.reading, ty);
    let (indices, signed) = (alloc::vec![code], alloc::vec![index_type.signed()]);
    Ok((Read { table: at, indices, signed, sets, dims, through: true }, site, ty))
}

/// `rays[d][sq] = value` in a function that fills tables: the entry, each index checked as a
/// read's, and the value converted to the table's type.
fn store(target: &Node, value: &Node, scope: &mut Scope, calls: &mut CallCost) -> Result<Instruction, Error> {
    let (entry, site, ty) = match &target.expr {
        Expr::Index(name, indices) => read_code((name, indices, target), None, scope, calls)?,
        Expr::Through(through) => through_code((through, target), None, scope, calls)?,
        Expr::Number(..)
        | Expr::Name(_)
        | Expr::Unary(..)
        | Expr::Binary(..)
        | Expr::Logical(..)
        | Expr::Select(..)
        | Expr::Call(..)
        | Expr::Cast(..)
        | Expr::BitScan(..) => return Err(Error::at(target.span, "only a table's entry is written this way")),
    };
    // A struct's field's table is named for the struct's: `masks.lower` is masks's.
    let name = tables::declared_name(&calls.tables[entry.table].name);
    if calls.tables[entry.table].constant {
        return Err(Error::at(
            target.span,
            &format!("{name} is declared const, so C lets nothing write it: declare it without const to fill it"),
        ));
    }
    let value = converted_to(value, ty, scope, calls)?;
    calls.cost += 1;
    Ok(Instruction::Store { entry, value, site })
}

/// A table's entry as read: the table, the indices' codes, the read's site and its type.
fn read_code(
    (name, indices, node): (&str, &[Node], &Node),
    bound: Option<&str>,
    scope: &mut Scope,
    calls: &mut CallCost,
) -> Result<(Read, Box<Site>, CType), Error> {
    let reading = scope.reading;
    let spelling = scope.typed.spelling();
    {
        {
            let Some(at) = calls.tables.iter().position(|table| table.name == *name) else {
                let message = if scope.locals.iter().any(|local| local.name == *name) {
                    format!("{name} is a value, not a table: only a table declared at the top level is indexed")
                } else {
                    format!("{name} is not a table: declare it at the top level, as const U64 {name}[64] = {{ … }};")
                };
                return Err(Error::at(node.span, &message));
            };
            let table = &calls.tables[at];
            if indices.len() != table.dims.len() {
                let wanted = table.dims.len();
                return Err(Error::at(
                    node.span,
                    &format!(
                        "{name} is declared {}{}: read an entry with {wanted} {}",
                        name,
                        table.shape(),
                        if wanted == 1 { "index" } else { "indices" }
                    ),
                ));
            }
            let (sets, ty) = (table.holds_sets(), table.ty);
            // Each index keeps its own type: a negative one is kept as a huge word, past every size.
            let (mut codes, mut signed) = (Vec::with_capacity(indices.len()), Vec::with_capacity(indices.len()));
            for index in indices {
                let (code, ty) = typed(index, scope, calls)?;
                codes.push(code);
                signed.push(ty.signed());
            }
            calls.cost += 1;
            let mut site = site(node, scope, print::spelled(node, spelling), bound);
            let spelled: Vec<String> = indices.iter().map(|index| print::spelled(index, spelling)).collect();
            site.operands.lhs = Cow::Owned(tables::indices_text(&spelled));
            // The table read, for its sentence.
            site.operands.rhs = Cow::Owned(name.to_string());
            site.arith = arith(reading, ty);
            let dims = table.dims.clone();
            Ok((Read { table: at, indices: codes, signed, sets, dims, through: false }, site, ty))
        }
    }
}

/// A name's code, and its type: a local's own; the board's `o` and `r` words, its `sq` an
/// `int` as engines keep a square, read as C; a square's name an `int` constant.
fn name_code(
    name: &str,
    span: Span,
    scope: &mut Scope,
    (known, enumerators, outside): (&[Known], &[(String, u64)], &[String]),
) -> Result<(Code, CType), Error> {
    // The innermost name of that spelling.
    if let Some(slot) = scope.locals.iter().rposition(|local| local.visible && local.name == name) {
        let local = scan::read(name, Code::Local(slot, scope.holds[slot]), scope, span);
        return Ok((local, scope.locals[slot].ty));
    }
    let int = typed_as(scope.reading, Some(CType::Int));
    if scope.locals.iter().any(|local| local.name == name) {
        return Err(Error::at(
            span,
            &format!(
                "{name} has a value only inside a block above (an if's branch or a loop's body): give it one before that block, or in both branches of the if"
            ),
        ));
    }
    if let Some(declared) = scope.declared.iter().find(|declared| declared.name == name) {
        let (line, _) = position(scope.typed.text, declared.span.start);
        return Err(Error::at(
            span,
            &format!("{name} is declared on line {line} but has no value here: give it one ({name} = …) before this"),
        ));
    }
    // An enum's constant: a number, as a square's name is.
    if let Some((_, value)) = enumerators.iter().rev().find(|(constant, _)| constant == name) {
        return Ok((Code::Count(*value), int));
    }
    if let (Some(_), true) = (names::board_name(name), scope.fills) {
        return Err(Error::at(
            span,
            &format!("{name} is the board's, and a function that fills tables runs once, before any board: it cannot read {name}"),
        ));
    }
    if let Some(board) = names::board_name(name) {
        if !scope.board_reads.iter().any(|(read, _)| read == name) {
            scope.board_reads.push((name.to_string(), span));
        }
        let ty = if board == BoardName::Square { int } else { CType::WORD };
        return Ok((Code::Board(board), ty));
    }
    if let Some(square) = names::square(name) {
        return Ok((Code::Square(square), int));
    }
    if functions::function(name).is_some() || known.iter().any(|k| k.name == name) {
        return Err(Error::at(span, &format!("{name} is a function: call it as {name}(…)")));
    }
    if names::direction(name).is_some() {
        return Err(Error::at(span, &format!("{name} is a direction: it names a ray in ray(s, {name})")));
    }
    if outside.iter().any(|declared| declared == name) {
        return Err(Error::at(
            span,
            &format!(
                "{name} is declared among the statements outside functions, which a function does not see here: pass it as a parameter, or keep it in a table declared at the top level ({name}[1])"
            ),
        ));
    }
    let mut error = Error::at(
        span,
        &format!("{name} is not a name the formula knows: give it a value above, or use one of the board's (o, r, sq)"),
    );
    error.suggestion = names::suggestion(name, scope.locals.iter().map(|local| local.name.as_str()));
    Err(error)
}

fn call(
    node: &Node,
    name: &str,
    arguments: &[Node],
    scope: &mut Scope,
    calls: &mut CallCost,
    (label, bound): (String, Option<&str>),
) -> Result<(Code, CType), Error> {
    // In C a variable hides a function of its name from its declaration on.
    let variable = scope.locals.iter().any(|local| local.visible && local.name == name)
        || scope.declared.iter().any(|declared| declared.name == name && declared.span.start < node.span.start);
    if variable && scope.reading == Reading::C {
        return Err(Error::at(
            node.span,
            &format!("in C, {name} here is the variable of that name, declared above, not the function: name the variable otherwise"),
        ));
    }
    if let Some(index) = calls.known.iter().position(|k| k.name == name) {
        // A function that fills tables runs alone: first, or from another that fills.
        if calls.known[index].fills && !scope.fills {
            let message = match calls.known[index].arity {
                0 if arguments.is_empty() => format!(
                    "{name} fills tables and gives no value: call it alone, as {name}();, before any other statement"
                ),
                0 => format!("{name} takes no arguments: call it alone, as {name}();, before any other statement"),
                _ => format!(
                    "{name} fills tables, and one called first takes no arguments: fill them with a function of none"
                ),
            };
            return Err(Error::at(node.span, &message));
        }
        let arity = calls.known[index].arity;
        if arguments.len() != arity {
            return Err(Error::at(
                node.span,
                &format!("{name} takes {arity} argument{}, and this call gives {}", plural(arity), arguments.len()),
            ));
        }
        let mut codes = Vec::new();
        for (argument, ty) in arguments.iter().zip(calls.known[index].parameter_types.clone()) {
            codes.push(converted_to(argument, ty, scope, calls)?);
        }
        let callee = &calls.known[index];
        calls.cost = calls.cost.saturating_add(callee.cost);
        calls.depth = calls.depth.max(callee.depth);
        if callee.depth > MAX_CALL_DEPTH {
            return Err(Error::at(
                node.span,
                &format!("calls nest {} deep here; the most is {MAX_CALL_DEPTH}", callee.depth),
            ));
        }
        // Filling tables is bounded as it runs (`eval::MAX_FILL_OPERATIONS`), not here.
        if calls.cost > MAX_STEPS && !scope.fills {
            return Err(Error::at(
                node.span,
                &format!(
                    "with this call one run can take more than {MAX_STEPS} operations, the most there may be (each loop's body counts {MAX_ITERATIONS} times)"
                ),
            ));
        }
        // A function gives what its body does to sets on the board: with such arguments, its
        // value's order is known; with turned ones it is not worked out, and falls back to the board.
        let on_board = codes.iter().all(|code| matches!(order_of(code), None | Some(WordOrder::Board)));
        let order = if on_board { callee.returns } else { Some(WordOrder::Board) };
        return Ok((Code::Call(index, codes, order), callee.value_type));
    }
    let Some(function) = functions::function(name) else {
        if name == calls.current {
            return Err(Error::at(
                node.span,
                &format!(
                    "{name} calls itself: a function can call only the functions defined above it, so none recurses"
                ),
            ));
        }
        if calls.all.iter().any(|f| f == name) {
            return Err(Error::at(
                node.span,
                &format!("{name} is defined below this call: a function can call only the functions defined above it, so none recurses"),
            ));
        }
        if let Some((_, wide)) = functions::THIRTY_TWO_BIT.iter().find(|(narrow, _)| *narrow == name) {
            return Err(Error::at(
                node.span,
                &format!(
                    "{name} is the compilers' 32-bit intrinsic, for an unsigned int: a bitboard's 64 bits need {wide}"
                ),
            ));
        }
        let mut error = Error::at(node.span, &format!("there is no function {name}"));
        error.suggestion = names::function_suggestion(name, calls.known.iter().map(|k| k.name.as_str()));
        return Err(error);
    };
    if arguments.len() != function.arity() {
        return Err(Error::at(
            node.span,
            &format!("{name} takes {}: {}", count_words(function.arity()), function.signature()),
        ));
    }
    let geometry = match function {
        // `C64(1)` is the wiki's `1ULL`: read as C, the argument as an unsigned 64-bit word.
        Function::Identity => {
            let (code, from) = typed(&arguments[0], scope, calls)?;
            let ty = typed_as(scope.reading, Some(CType::WORD));
            return Ok((convert(code, from, ty, scope.reading), ty));
        }
        Function::Word(word) => {
            let first = expression(&arguments[0], scope, calls)?;
            let second = match arguments.get(1) {
                Some(argument) => Some(Box::new(expression(argument, scope, calls)?)),
                None => None,
            };
            calls.cost += 1;
            // A count (a scan's, a popcount's) is an int, as the compilers' builtins give it.
            let ty = match word.definition().gives {
                Gives::Count => typed_as(scope.reading, Some(CType::Int)),
                Gives::ArgumentsOrder | Gives::BytesSwapped | Gives::Board => CType::WORD,
            };
            let code = Code::Function(word.called(name), Box::new(first), second, site(node, scope, label, bound));
            return Ok((code, ty));
        }
        Function::Geometry(geometry) => geometry,
    };
    let mask = match geometry {
        Geometry::Bit => Mask::Bit,
        Geometry::Line(line) => Mask::Line(line),
        // A ray's second argument is a direction's word, not a value.
        Geometry::Ray => {
            let direction = match &arguments[1].expr {
                Expr::Name(word) => names::direction(word),
                _ => None,
            };
            let Some(direction) = direction else {
                return Err(Error::at(
                    arguments[1].span,
                    "expected a direction: north, south, east, west, northeast, northwest, southeast or southwest",
                ));
            };
            Mask::Ray(direction)
        }
    };
    let square = expression(&arguments[0], scope, calls)?;
    calls.cost += 1;
    Ok((Code::Mask(mask, Box::new(square), site(node, scope, label, bound)), CType::WORD))
}

fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

fn count_words(count: usize) -> &'static str {
    if count == 1 {
        "one argument"
    } else {
        "two arguments"
    }
}
