//! "Copy as C" and "Copy as Rust": the reader's formula as code a chess programmer can paste
//! into an engine, a function `formula_attacks(occupied, square)` that computes exactly what
//! the evaluator (eval.rs) does for one slider on `square`.
//!
//! The reader's functions stay functions, taking the board names they need (`o`, `r`, `sq`)
//! before their own parameters. The reader's names and `//` comments are kept; a name changes
//! (to `name_`) only where it is a keyword of the target language or would clash with a
//! generated helper, the entry's parameters or a function it must call, and in Rust a name
//! never read gets a `_` before it, as Rust asks. The
//! helpers and mask tables are written for only what the formula uses, every helper's name
//! starting with `formula_` so that it does not clash with an engine's own, and the tables'
//! values come from the core's masks ([`Mask::of`]), the evaluator's own.
//!
//! Both languages must keep the language's promises: every value an unsigned 64-bit word, `+ -
//! *` wrapping, a shift's or rotation's amount taken mod 64, a comparison giving 1 or 0, only
//! one branch of `c ? a : b` running, and a scan of zero giving 64. C's integer promotions
//! would break the first of them for a literal (`1 << n` is an `int`), so a literal that
//! nothing else makes 64-bit is written `UINT64_C(1)`, and Rust's literal that nothing types is
//! written `1_u64`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::lex::{self, Radix, Token};
use super::names::{self, BoardName, Builtin, DIRECTIONS};
use super::parse::{Binary, Expr, Node, Statement, Unary};
use super::{position, Formula};
use crate::trace::Mask;
use crate::{Direction, Line, Square};

impl Formula {
    /// The formula as C99 for GCC or Clang: `uint64_t formula_attacks(uint64_t occupied,
    /// unsigned square)`, with the reader's functions as `static inline` functions and the
    /// helpers and mask tables it uses, ready to paste into an engine.
    pub fn to_c(&self) -> String {
        Export::new(self, Lang::C).text()
    }

    /// The formula as Rust: `pub fn formula_attacks(occupied: u64, square: u32) -> u64`, with
    /// the reader's functions and the helpers and mask tables it uses, ready to paste into an
    /// engine; no dependencies.
    pub fn to_rust(&self) -> String {
        Export::new(self, Lang::Rust).text()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lang {
    C,
    Rust,
}

/// The board names, as flags of what a body uses.
const O: u8 = 1;
const R: u8 = 2;
const SQ: u8 = 4;
const BOARDS: [(u8, &str); 3] = [(O, "o"), (R, "r"), (SQ, "sq")];

fn board_flag(board: BoardName) -> u8 {
    match board {
        BoardName::Occupied => O,
        BoardName::Sliders => R,
        BoardName::Square => SQ,
    }
}

fn board_text(board: BoardName) -> &'static str {
    match board {
        BoardName::Occupied => "o",
        BoardName::Sliders => "r",
        BoardName::Square => "sq",
    }
}

/// Something of the language a formula uses that may need a helper or a table.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Builtin(Builtin),
    Ray(Direction),
}

/// Every use in the order its helper is written.
fn all_uses() -> Vec<Use> {
    let mut all = vec![
        Use::Builtin(Builtin::Clz),
        Use::Builtin(Builtin::Ctz),
        Use::Builtin(Builtin::Bsf),
        Use::Builtin(Builtin::Bsr),
        Use::Builtin(Builtin::Popcount),
        Use::Builtin(Builtin::Bswap),
        Use::Builtin(Builtin::Rotl),
        Use::Builtin(Builtin::Rotr),
        Use::Builtin(Builtin::Ls1b),
        Use::Builtin(Builtin::Ms1b),
        Use::Builtin(Builtin::Pext),
        Use::Builtin(Builtin::Pdep),
        Use::Builtin(Builtin::Bit),
    ];
    all.extend(Line::ALL.iter().map(|&line| Use::Builtin(Builtin::Line(line))));
    all.extend(Direction::ALL.iter().map(|&direction| Use::Ray(direction)));
    all
}

/// The direction's word in the formula: `north`, `northeast`, …
fn direction_word(direction: Direction) -> &'static str {
    DIRECTIONS.iter().find(|(_, d)| *d == direction).map_or("north", |(word, _)| word)
}

fn line_word(line: Line) -> &'static str {
    match line {
        Line::File => "file",
        Line::Rank => "rank",
        Line::Diagonal => "diagonal",
        Line::AntiDiagonal => "antidiagonal",
    }
}

/// The mask a use reads, with its helper's name (after `formula_`) and what it holds.
fn mask_of(use_: Use) -> Option<(Mask, String, String)> {
    match use_ {
        Use::Builtin(Builtin::Line(line)) => {
            let word = line_word(line);
            let which = match line {
                Line::File => "s's file",
                Line::Rank => "s's rank",
                Line::Diagonal => "s's diagonal (the a1-h8 direction)",
                Line::AntiDiagonal => "s's anti-diagonal (the h1-a8 direction)",
            };
            Some((Mask::Line(line), word.to_string(), format!("{word}(s): every square of {which}, s's own included.")))
        }
        Use::Ray(direction) => {
            let word = direction_word(direction);
            Some((
                Mask::Ray(direction),
                format!("ray_{word}"),
                format!("ray(s, {word}): the squares {word} of s up to the board's edge, s excluded."),
            ))
        }
        _ => None,
    }
}

/// The names of the helpers (and C's tables) written for these uses.
fn helper_names(lang: Lang, uses: &[Use]) -> Vec<String> {
    let mut helpers = Vec::new();
    for &use_ in uses {
        if let Some((_, name, _)) = mask_of(use_) {
            helpers.push(format!("formula_{name}"));
            if lang == Lang::C {
                helpers.push(format!("FORMULA_{}", name.to_ascii_uppercase()));
            }
            continue;
        }
        let Use::Builtin(builtin) = use_ else { continue };
        let name = match (lang, builtin) {
            (Lang::C, Builtin::Clz) => "clz",
            (Lang::C, Builtin::Ctz) => "ctz",
            (Lang::C, Builtin::Bsf) => "bsf",
            (Lang::C, Builtin::Rotl) => "rotl",
            (Lang::C, Builtin::Rotr) => "rotr",
            (_, Builtin::Bsr) => "bsr",
            (_, Builtin::Ls1b) => "ls1b",
            (_, Builtin::Ms1b) => "ms1b",
            (_, Builtin::Pext) => "pext",
            (_, Builtin::Pdep) => "pdep",
            (_, Builtin::Bit) => "bit",
            _ => continue,
        };
        helpers.push(format!("formula_{name}"));
    }
    helpers
}

const C_RESERVED: [&str; 53] = [
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "alignas",
    "alignof",
    "bool",
    "constexpr",
    "false",
    "nullptr",
    "static_assert",
    "thread_local",
    "true",
    "typeof",
    "typeof_unqual",
    "asm",
    "main",
    "assert",
    "NULL",
    "UINT64_C",
    "INT64_C",
    "UINT64_MAX",
    "INT64_MAX",
];

const RUST_RESERVED: [&str; 58] = [
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn",
    "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self",
    "Self", "static", "struct", "super", "trait", "true", "try", "type", "unsafe", "use", "where", "while", "yield",
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "main",
    "_", "Some", "None", "Ok", "Err",
];

/// Whether the target language keeps `name` for itself (or its headers do).
fn reserved(lang: Lang, name: &str) -> bool {
    match lang {
        // C reserves names beginning with `_` and a capital or a second `_`, and at file scope
        // every name beginning with `_`; stdint.h's types end in `_t`.
        Lang::C => {
            C_RESERVED.contains(&name)
                || name.starts_with('_')
                || (name.ends_with("_t") && (name.starts_with("int") || name.starts_with("uint")))
        }
        Lang::Rust => RUST_RESERVED.contains(&name),
    }
}

/// Names for `names` in the target language: each its own unless it clashes with a keyword
/// or with `taken`, else the name with `_` after it (C: `v` before a leading `_`).
fn choose(lang: Lang, names: &[String], taken: &dyn Fn(&str) -> bool) -> Vec<String> {
    let clashes = |name: &str| reserved(lang, name) || taken(name);
    let mut chosen: Vec<Option<String>> =
        names.iter().map(|name| if clashes(name) { None } else { Some(name.clone()) }).collect();
    for index in 0..names.len() {
        if chosen[index].is_some() {
            continue;
        }
        let name = &names[index];
        let mut candidate = if lang == Lang::C && name.starts_with('_') { format!("v{name}") } else { name.clone() };
        while clashes(&candidate) || names.contains(&candidate) || chosen.iter().flatten().any(|c| *c == candidate) {
            candidate.push('_');
        }
        chosen[index] = Some(candidate);
    }
    chosen.into_iter().flatten().collect()
}

/// One body, the formula's own statements or one function's, as the export needs it.
struct Body<'p> {
    statements: &'p [Statement],
    /// The reader's names: the parameters first, then the others in the order of their first
    /// assignment.
    names: Vec<String>,
    parameters: usize,
    /// How often each name is read and assigned, and the statement that assigns it last.
    reads: Vec<usize>,
    writes: Vec<usize>,
    last_write: Vec<Option<usize>>,
    /// Whether a value of a name that is read somewhere is overwritten or left unread (Rust
    /// warns of it).
    dead_store: bool,
    /// The board names the body uses, itself or through the functions it calls.
    boards: u8,
    /// The reader's functions it calls, by index.
    calls: Vec<usize>,
    /// The names as written in the target language, one for each of `names`.
    written: Vec<String>,
}

impl<'p> Body<'p> {
    fn new(
        statements: &'p [Statement],
        parameters: Vec<String>,
        functions: &[String],
        uses: &mut Vec<Use>,
    ) -> Body<'p> {
        let mut names = parameters;
        let parameters = names.len();
        for statement in statements {
            if let Statement::Assign { name, .. } = statement {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
        let count = names.len();
        let mut body = Body {
            statements,
            names,
            parameters,
            reads: vec![0; count],
            writes: vec![0; count],
            last_write: vec![None; count],
            dead_store: false,
            boards: 0,
            calls: Vec::new(),
            written: Vec::new(),
        };
        // A value not read yet: the parameters' from the start.
        let mut unread: Vec<bool> = (0..count).map(|index| index < parameters).collect();
        let mut dead = vec![false; count];
        for (at, statement) in statements.iter().enumerate() {
            let mut read = Vec::new();
            body.walk(statement.value(), functions, uses, &mut read);
            for index in read {
                body.reads[index] += 1;
                unread[index] = false;
            }
            if let Statement::Assign { name, .. } = statement {
                if let Some(index) = body.index(name) {
                    dead[index] |= unread[index];
                    unread[index] = true;
                    body.writes[index] += 1;
                    body.last_write[index] = Some(at);
                }
            }
        }
        body.dead_store = (0..count).any(|index| (dead[index] || unread[index]) && body.reads[index] > 0);
        body
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    fn walk(&mut self, node: &Node, functions: &[String], uses: &mut Vec<Use>, read: &mut Vec<usize>) {
        match &node.expr {
            Expr::Number(..) => {}
            Expr::Name(name) => match self.index(name) {
                Some(index) => read.push(index),
                None => {
                    if let Some(board) = names::board_name(name) {
                        self.boards |= board_flag(board);
                    }
                }
            },
            Expr::Unary(_, inner) => self.walk(inner, functions, uses, read),
            Expr::Binary(_, a, b) => {
                self.walk(a, functions, uses, read);
                self.walk(b, functions, uses, read);
            }
            Expr::Select(condition, then, otherwise) => {
                self.walk(condition, functions, uses, read);
                self.walk(then, functions, uses, read);
                self.walk(otherwise, functions, uses, read);
            }
            Expr::Call(name, arguments) => {
                let mut arguments: &[Node] = arguments;
                if let Some(index) = functions.iter().position(|f| f == name) {
                    if !self.calls.contains(&index) {
                        self.calls.push(index);
                    }
                } else {
                    let use_ = match names::function(name) {
                        Some(Builtin::Ray) => {
                            // The second argument is a direction's word, not a value.
                            let direction = ray_direction(arguments);
                            arguments = &arguments[..arguments.len().min(1)];
                            direction.map(Use::Ray)
                        }
                        Some(Builtin::Identity) | None => None,
                        Some(builtin) => Some(Use::Builtin(builtin)),
                    };
                    if let Some(use_) = use_.filter(|u| !uses.contains(u)) {
                        uses.push(use_);
                    }
                }
                for argument in arguments {
                    self.walk(argument, functions, uses, read);
                }
            }
        }
    }

    /// The name as written, for a reader's name of this body.
    fn written(&self, name: &str) -> Option<&str> {
        self.index(name).and_then(|index| self.written.get(index)).map(String::as_str)
    }
}

fn ray_direction(arguments: &[Node]) -> Option<Direction> {
    match arguments.get(1).map(|argument| &argument.expr) {
        Some(Expr::Name(word)) => names::direction(word),
        _ => None,
    }
}

/// Where the reader's `//` comments go: above a function, above a statement, at the end of a
/// statement's line, or before a function's closing brace.
#[derive(Default)]
struct Comments {
    /// Per anchor: the comment lines above it, with their line numbers.
    above: Vec<Vec<(usize, String)>>,
    /// Per anchor: the comments on its own lines.
    beside: Vec<Vec<String>>,
    /// Per anchor: its first and last line.
    lines: Vec<(usize, usize)>,
    /// Comments after everything.
    after: Vec<(usize, String)>,
}

/// The anchors of the comments: every function's header, statements and closing brace, then
/// the formula's own statements.
#[derive(Default)]
struct Anchors {
    header: Vec<usize>,
    end: Vec<usize>,
    /// Per body (the functions', then the formula's own): each statement's anchor.
    statements: Vec<Vec<usize>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A 64-bit word by its own type.
    Typed,
    /// A literal, which takes the type its neighbours give it.
    Literal,
    /// C: an `int` (a comparison, `!`, a choice between them); Rust: a literal's compound.
    Loose,
}

/// How tightly a piece of code binds: binary operators have their `Binary::precedence`.
const ATOM: u8 = 13;
/// A literal followed by a comment: whole as an operand, in parentheses before a method.
const NOTED: u8 = 12;
const UNARY: u8 = 11;
const SELECT: u8 = 1;
const IF: u8 = 0;

/// A piece of generated code.
struct Code {
    text: String,
    precedence: u8,
    /// The outermost binary operator, if that is what the code is.
    op: Option<Binary>,
    class: Class,
    /// A literal's digits and its comment (` /* d4 */`), to write it with a type.
    literal: Option<(String, String)>,
    /// Rust: an `if` expression.
    is_if: bool,
}

impl Code {
    fn new(text: String, precedence: u8, class: Class) -> Code {
        Code { text, precedence, op: None, class, literal: None, is_if: false }
    }

    fn atom(text: String) -> Code {
        Code::new(text, ATOM, Class::Typed)
    }

    /// Inside parentheses unless it is an atom or unary.
    fn tight(&self) -> String {
        if self.precedence >= UNARY {
            self.text.clone()
        } else {
            format!("({})", self.text)
        }
    }

    /// Before `.method()`: inside parentheses unless it is an atom.
    fn receiver(&self) -> String {
        if self.precedence >= ATOM {
            self.text.clone()
        } else {
            format!("({})", self.text)
        }
    }
}

/// The longest line a statement's value is written on before it is broken.
const LINE: usize = 100;

/// The operands of a chain of one operator, `a | b | c`, left to right.
fn chain<'n>(node: &'n Node, op: Binary, out: &mut Vec<&'n Node>) {
    match &node.expr {
        Expr::Binary(inner, a, b) if *inner == op => {
            chain(a, op, out);
            out.push(b);
        }
        _ => out.push(node),
    }
}

/// Rust's wrapping method for `+`, `-` or `*`.
fn arithmetic_method(op: Binary) -> &'static str {
    match op {
        Binary::Add => "wrapping_add",
        Binary::Sub => "wrapping_sub",
        _ => "wrapping_mul",
    }
}

/// A literal's value, if the node is one (a number or a square's name).
fn literal_value(node: &Node, body: &Body) -> Option<u64> {
    match &node.expr {
        Expr::Number(value, _) => Some(*value),
        Expr::Name(name) if body.index(name).is_none() => names::square(name),
        Expr::Call(name, arguments) if names::function(name) == Some(Builtin::Identity) => {
            arguments.first().and_then(|argument| literal_value(argument, body))
        }
        _ => None,
    }
}

struct Export<'f> {
    lang: Lang,
    formula: &'f Formula,
    functions: Vec<Body<'f>>,
    main: Body<'f>,
    /// The reader's functions' names as written.
    function_names: Vec<String>,
    /// Whether the formula calls the function, directly or through another.
    called: Vec<bool>,
    uses: Vec<Use>,
    comments: Comments,
    anchors: Anchors,
    out: String,
}

impl<'f> Export<'f> {
    fn new(formula: &'f Formula, lang: Lang) -> Export<'f> {
        let program = &formula.program;
        let function_names: Vec<String> = program.functions.iter().map(|f| f.name.clone()).collect();
        let mut uses = Vec::new();
        let mut functions: Vec<Body> = Vec::new();
        for function in &program.functions {
            let parameters = function.parameters.iter().map(|(name, _)| name.clone()).collect();
            let mut body = Body::new(&function.body, parameters, &function_names, &mut uses);
            for &callee in &body.calls {
                body.boards |= functions.get(callee).map_or(0, |f| f.boards);
            }
            functions.push(body);
        }
        let mut main = Body::new(&program.main, Vec::new(), &function_names, &mut uses);
        for &callee in &main.calls {
            main.boards |= functions.get(callee).map_or(0, |f| f.boards);
        }
        // A function is called if the formula calls it, or a function that is called does;
        // a function calls only those above it.
        let mut called = vec![false; functions.len()];
        for &callee in &main.calls {
            called[callee] = true;
        }
        for index in (0..functions.len()).rev() {
            if called[index] {
                for &callee in &functions[index].calls {
                    called[callee] = true;
                }
            }
        }
        let uses: Vec<Use> = all_uses().into_iter().filter(|u| uses.contains(u)).collect();
        let helpers = helper_names(lang, &uses);
        let entry = "formula_attacks";
        // The entry's parameters and the board's names would hide a function of that name.
        let inputs = ["occupied", "square", "o", "r", "sq"];
        let function_names = choose(lang, &function_names, &|name| {
            name == entry || inputs.contains(&name) || helpers.iter().any(|h| h == name)
        });
        let global =
            |name: &str| name == entry || helpers.iter().any(|h| h == name) || function_names.iter().any(|f| f == name);
        for body in &mut functions {
            body.written = choose(lang, &body.names, &|name| global(name) || BOARDS.iter().any(|(_, b)| *b == name));
        }
        main.written = choose(lang, &main.names, &|name| global(name) || inputs.contains(&name));
        if lang == Lang::Rust {
            // Rust's way of saying a name is never read: `_` before it.
            for body in functions.iter_mut().chain(core::iter::once(&mut main)) {
                for index in 0..body.names.len() {
                    if body.reads[index] > 0 || body.written[index].starts_with('_') {
                        continue;
                    }
                    let mut candidate = format!("_{}", body.written[index]);
                    while body.written.contains(&candidate) || global(&candidate) {
                        candidate.push('_');
                    }
                    body.written[index] = candidate;
                }
            }
        }
        let mut export = Export {
            lang,
            formula,
            functions,
            main,
            function_names,
            called,
            uses,
            comments: Comments::default(),
            anchors: Anchors::default(),
            out: String::new(),
        };
        export.place_comments();
        export
    }

    fn text(mut self) -> String {
        self.header();
        self.helpers();
        for index in 0..self.functions.len() {
            self.function(index);
        }
        self.entry();
        self.out
    }

    fn line(&mut self, indent: usize, text: &str) {
        if !text.is_empty() {
            for _ in 0..indent {
                self.out.push_str("    ");
            }
            self.out.push_str(text);
        }
        self.out.push('\n');
    }

    fn comment(&mut self, indent: usize, text: &str) {
        let text = comment_text(text);
        if text.is_empty() {
            self.line(indent, "//");
        } else {
            self.line(indent, &format!("// {text}"));
        }
    }

    fn lines(&mut self, indent: usize, text: &str) {
        for line in text.lines() {
            self.line(indent, line);
        }
    }

    fn header(&mut self) {
        let c = self.lang == Lang::C;
        self.comment(0, "formula_attacks(occupied, square): exported from Slider Lab's formula playground.");
        self.comment(0, "");
        self.comment(0, "Every value is an unsigned 64-bit word: + - * wrap around, a shift or a rotation takes its");
        self.comment(
            0,
            "amount mod 64, a comparison gives 1 or 0, and a bit scan of zero gives 64. The board's names:",
        );
        self.comment(0, "r = 1 << square is the slider's bit, sq = square its square (a1 = 0, h8 = 63), and");
        self.comment(0, "o = occupied | r every piece on the board, the slider's own included.");
        if c {
            let builtins = [
                Builtin::Clz,
                Builtin::Ctz,
                Builtin::Bsf,
                Builtin::Bsr,
                Builtin::Popcount,
                Builtin::Bswap,
                Builtin::Ms1b,
            ];
            if builtins.iter().any(|&b| self.uses(b)) {
                self.comment(0, "C99 for GCC or Clang, whose __builtin functions it calls.");
            } else {
                self.comment(0, "C99.");
            }
        }
        self.comment(0, "");
        self.comment(0, "The formula:");
        self.comment(0, "");
        let source = self.formula.source.clone();
        for line in source.trim_end().lines() {
            let line = line.trim_end();
            if line.is_empty() {
                self.comment(0, "");
            } else {
                self.comment(0, &format!("    {line}"));
            }
        }
        self.line(0, "");
        if c {
            self.line(0, "#include <assert.h>");
            self.line(0, "#include <stdint.h>");
            self.line(0, "");
        }
    }

    fn uses(&self, builtin: Builtin) -> bool {
        self.uses.contains(&Use::Builtin(builtin))
    }

    fn helpers(&mut self) {
        match self.lang {
            Lang::C => self.c_helpers(),
            Lang::Rust => self.rust_helpers(),
        }
        let masks: Vec<(Mask, String, String)> = self.uses.iter().filter_map(|&use_| mask_of(use_)).collect();
        if masks.is_empty() {
            return;
        }
        match self.lang {
            Lang::C => {
                self.line(0, "// The masks, each a table by square (a1 = 0, b1 = 1, ..., h8 = 63) read by a function.");
                self.line(0, "// Their square s must be 0 to 63: the formula faults on a larger number, and so does");
                self.line(0, "// the assert (without it, the read would run past the table).");
            }
            Lang::Rust => {
                self.line(0, "// The masks, each a table by square (a1 = 0, b1 = 1, ..., h8 = 63) read by a function.");
                self.line(0, "// Their square s must be 0 to 63: a larger number panics, where the formula faults.");
            }
        }
        self.line(0, "");
        for (mask, name, what) in masks {
            self.mask_helper(mask, &name, &what);
        }
    }

    fn c_helpers(&mut self) {
        for use_ in self.uses.clone() {
            let Use::Builtin(builtin) = use_ else { continue };
            let Some((what, body)) = c_helper(builtin) else { continue };
            let name = builtin.signature().split('(').next().unwrap_or("x").to_string();
            let parameters = match builtin {
                Builtin::Rotl | Builtin::Rotr => "uint64_t x, uint64_t n",
                Builtin::Bit => "uint64_t s",
                _ => "uint64_t x",
            };
            self.lines(0, &format!("// {what}"));
            self.line(0, &format!("static inline uint64_t formula_{name}({parameters})"));
            self.line(0, "{");
            self.lines(1, body);
            self.line(0, "}");
            self.line(0, "");
        }
        if !self.uses(Builtin::Pext) && !self.uses(Builtin::Pdep) {
            return;
        }
        self.line(0, "// pext(x, mask) gathers the bits of x under mask's one bits to the bottom, lowest first;");
        self.line(0, "// pdep(x, mask) spreads x's low bits, lowest first, onto mask's one bits. BMI2's");
        self.line(0, "// instructions where the build targets BMI2 (-mbmi2, -march=native), else a loop.");
        self.line(0, "#ifdef __BMI2__");
        self.line(0, "#include <immintrin.h>");
        for (builtin, name) in [(Builtin::Pext, "pext"), (Builtin::Pdep, "pdep")] {
            if self.uses(builtin) {
                self.line(0, &format!("static inline uint64_t formula_{name}(uint64_t x, uint64_t mask)"));
                self.line(0, "{");
                self.line(1, &format!("return _{name}_u64(x, mask);"));
                self.line(0, "}");
            }
        }
        self.line(0, "#else");
        if self.uses(Builtin::Pext) {
            self.lines(
                0,
                "static inline uint64_t formula_pext(uint64_t x, uint64_t mask)
{
    uint64_t result = 0;
    uint64_t out = 1;
    while (mask != 0) {
        uint64_t lowest = mask & (0 - mask);
        if (x & lowest) {
            result |= out;
        }
        out <<= 1;
        mask ^= lowest;
    }
    return result;
}",
            );
        }
        if self.uses(Builtin::Pdep) {
            self.lines(
                0,
                "static inline uint64_t formula_pdep(uint64_t x, uint64_t mask)
{
    uint64_t result = 0;
    while (mask != 0) {
        uint64_t lowest = mask & (0 - mask);
        if (x & 1) {
            result |= lowest;
        }
        x >>= 1;
        mask ^= lowest;
    }
    return result;
}",
            );
        }
        self.line(0, "#endif");
        self.line(0, "");
    }

    fn rust_helpers(&mut self) {
        let simple: [(Builtin, &str); 4] = [
            (
                Builtin::Bsr,
                "/// bsr(x): the index of x's highest one bit; 64 when x is zero.
#[inline]
fn formula_bsr(x: u64) -> u64 {
    if x == 0 {
        64
    } else {
        63 - u64::from(x.leading_zeros())
    }
}",
            ),
            (
                Builtin::Ls1b,
                "/// ls1b(x): x's lowest one bit alone; zero when x is zero.
#[inline]
fn formula_ls1b(x: u64) -> u64 {
    x & x.wrapping_neg()
}",
            ),
            (
                Builtin::Ms1b,
                "/// ms1b(x): x's highest one bit alone; zero when x is zero.
#[inline]
fn formula_ms1b(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1 << (63 - x.leading_zeros())
    }
}",
            ),
            (
                Builtin::Bit,
                "/// bit(s): square s's own bit. s is a square, 0 (a1) to 63 (h8): a larger number panics
/// here, where the formula faults.
#[inline]
fn formula_bit(s: u64) -> u64 {
    assert!(s < 64, \"bit(s): s is not a square\");
    1 << s
}",
            ),
        ];
        for (builtin, text) in simple {
            if self.uses(builtin) {
                self.lines(0, text);
                self.line(0, "");
            }
        }
        let bmi2 = "#[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]";
        let portable = "#[cfg(not(all(target_arch = \"x86_64\", target_feature = \"bmi2\")))]";
        if self.uses(Builtin::Pext) {
            self.lines(
                0,
                &format!(
                    "/// pext(x, mask): the bits of x under mask's one bits, gathered to the bottom, lowest first:
/// BMI2's instruction where the build targets BMI2 (-C target-feature=+bmi2, target-cpu=native).
{bmi2}
#[inline]
fn formula_pext(x: u64, mask: u64) -> u64 {{
    // SAFETY: compiled only for a target with BMI2, so the instruction exists.
    unsafe {{ core::arch::x86_64::_pext_u64(x, mask) }}
}}

/// pext(x, mask) without BMI2: mask's one bits, lowest first.
{portable}
#[inline]
fn formula_pext(x: u64, mask: u64) -> u64 {{
    let mut rest = mask;
    let mut out = 1;
    let mut result = 0;
    while rest != 0 {{
        let lowest = rest & rest.wrapping_neg();
        if x & lowest != 0 {{
            result |= out;
        }}
        out <<= 1;
        rest ^= lowest;
    }}
    result
}}"
                ),
            );
            self.line(0, "");
        }
        if self.uses(Builtin::Pdep) {
            self.lines(
                0,
                &format!(
                    "/// pdep(x, mask): x's low bits, lowest first, spread onto mask's one bits: BMI2's
/// instruction where the build targets BMI2 (-C target-feature=+bmi2, target-cpu=native).
{bmi2}
#[inline]
fn formula_pdep(x: u64, mask: u64) -> u64 {{
    // SAFETY: compiled only for a target with BMI2, so the instruction exists.
    unsafe {{ core::arch::x86_64::_pdep_u64(x, mask) }}
}}

/// pdep(x, mask) without BMI2: mask's one bits, lowest first.
{portable}
#[inline]
fn formula_pdep(x: u64, mask: u64) -> u64 {{
    let mut rest = mask;
    let mut bits = x;
    let mut result = 0;
    while rest != 0 {{
        let lowest = rest & rest.wrapping_neg();
        if bits & 1 != 0 {{
            result |= lowest;
        }}
        bits >>= 1;
        rest ^= lowest;
    }}
    result
}}"
                ),
            );
            self.line(0, "");
        }
    }

    /// A mask's table, from the core's masks, and the function that reads it.
    fn mask_helper(&mut self, mask: Mask, name: &str, what: &str) {
        let values: Vec<u64> = (0..64).map(|s| mask.of(Square::from_index(s)).0).collect();
        let mut rows = Vec::new();
        for row in values.chunks(4) {
            let row: Vec<String> = row.iter().map(|value| format!("{value:#018x},")).collect();
            rows.push(row.join(" "));
        }
        let call = what.split(':').next().unwrap_or(name).to_string();
        match self.lang {
            Lang::C => {
                let table = format!("FORMULA_{}", name.to_ascii_uppercase());
                self.line(0, &format!("// {what}"));
                self.line(0, &format!("static const uint64_t {table}[64] = {{"));
                for row in &rows {
                    self.line(1, row);
                }
                self.line(0, "};");
                self.line(0, &format!("static inline uint64_t formula_{name}(uint64_t s)"));
                self.line(0, "{");
                self.line(1, "assert(s < 64);");
                self.line(1, &format!("return {table}[s];"));
                self.line(0, "}");
            }
            Lang::Rust => {
                self.line(0, &format!("/// {what}"));
                self.line(0, "#[inline]");
                self.line(0, &format!("fn formula_{name}(s: u64) -> u64 {{"));
                self.line(1, &format!("const {}: [u64; 64] = [", name.to_ascii_uppercase()));
                for row in &rows {
                    self.line(2, row);
                }
                self.line(1, "];");
                self.line(1, &format!("assert!(s < 64, \"{call}: s is not a square\");"));
                self.line(1, &format!("{}[s as usize]", name.to_ascii_uppercase()));
                self.line(0, "}");
            }
        }
        self.line(0, "");
    }

    /// Every comment of the formula, given to the statement or function it explains.
    fn place_comments(&mut self) {
        let source = self.formula.source.as_str();
        let Ok(lexed) = lex::lex(source) else { return };
        let line_of = |offset: usize| position(source, offset).0;
        let program = &self.formula.program;
        let mut lines = Vec::new();
        let mut anchors = Anchors::default();
        let statement_lines = |statement: &Statement| {
            let value = statement.value().span;
            let start = match statement {
                Statement::Assign { name_span, .. } => name_span.start,
                _ => value.start,
            };
            (line_of(start), line_of(value.end.max(value.start + 1) - 1))
        };
        for function in &program.functions {
            let first = line_of(function.name_span.start);
            let open = lexed
                .tokens
                .iter()
                .find(|(token, span)| *token == Token::Punct("{") && span.start >= function.name_span.end)
                .map_or(first, |(_, span)| line_of(span.start));
            anchors.header.push(lines.len());
            lines.push((first, open));
            let mut own = Vec::new();
            let mut last = open;
            for statement in &function.body {
                own.push(lines.len());
                let range = statement_lines(statement);
                last = range.1;
                lines.push(range);
            }
            anchors.statements.push(own);
            let end = function.body.last().map_or(function.name_span.end, |s| s.value().span.end);
            let close = lexed
                .tokens
                .iter()
                .find(|(token, span)| *token == Token::Punct("}") && span.start >= end)
                .map_or(last, |(_, span)| line_of(span.start));
            anchors.end.push(lines.len());
            lines.push((close, close));
        }
        let mut own = Vec::new();
        for statement in &program.main {
            own.push(lines.len());
            lines.push(statement_lines(statement));
        }
        anchors.statements.push(own);
        let mut comments = Comments {
            above: vec![Vec::new(); lines.len()],
            beside: vec![Vec::new(); lines.len()],
            lines,
            after: Vec::new(),
        };
        for &(line, text) in &lexed.comments {
            let line = line as usize;
            let on = comments.lines.iter().rposition(|&(first, last)| first <= line && line <= last);
            if let Some(anchor) = on {
                comments.beside[anchor].push(text.to_string());
                continue;
            }
            // Above the first anchor that starts below it.
            let below = (0..comments.lines.len())
                .filter(|&anchor| comments.lines[anchor].0 > line)
                .min_by_key(|&anchor| comments.lines[anchor].0);
            match below {
                Some(anchor) => comments.above[anchor].push((line, text.to_string())),
                None => comments.after.push((line, text.to_string())),
            }
        }
        self.comments = comments;
        self.anchors = anchors;
    }

    /// The comments above an anchor, with the source's blank lines between them (and after
    /// them); a blank line first if the source has one between `previous` and them.
    fn comments_above(&mut self, indent: usize, anchor: usize, previous: Option<usize>) {
        let above = core::mem::take(&mut self.comments.above[anchor]);
        let first = self.comments.lines[anchor].0;
        self.comment_block(indent, &above, previous, Some(first));
    }

    fn comment_block(
        &mut self,
        indent: usize,
        comments: &[(usize, String)],
        previous: Option<usize>,
        next: Option<usize>,
    ) {
        let start = comments.first().map_or(next, |(line, _)| Some(*line));
        if let (Some(previous), Some(start)) = (previous, start) {
            if start > previous + 1 {
                self.line(0, "");
            }
        }
        let mut last: Option<usize> = None;
        for (line, text) in comments {
            if last.is_some_and(|last| *line > last + 1) {
                self.line(0, "");
            }
            self.comment(indent, text);
            last = Some(*line);
        }
        if let (Some(last), Some(next)) = (last, next) {
            if next > last + 1 {
                self.line(0, "");
            }
        }
    }

    fn beside(&self, anchor: usize) -> String {
        let beside = &self.comments.beside[anchor];
        if beside.is_empty() {
            return String::new();
        }
        let texts: Vec<String> = beside.iter().map(|text| comment_text(text)).collect();
        format!(" // {}", texts.join(" "))
    }

    /// The board names a body takes, as its parameters and its calls' arguments.
    fn boards(flags: u8) -> impl Iterator<Item = &'static str> {
        BOARDS.into_iter().filter(move |(flag, _)| flags & flag != 0).map(|(_, name)| name)
    }

    fn function(&mut self, index: usize) {
        let anchor = self.anchors.header[index];
        self.comments_above(0, anchor, None);
        let beside = self.beside(anchor);
        let body = &self.functions[index];
        let name = self.function_names[index].clone();
        let boards = body.boards;
        let mut parameters: Vec<String> = Vec::new();
        let c = self.lang == Lang::C;
        for board in Self::boards(boards) {
            parameters.push(if c { format!("uint64_t {board}") } else { format!("{board}: u64") });
        }
        for parameter in 0..body.parameters {
            let written = &body.written[parameter];
            parameters.push(match self.lang {
                Lang::C => format!("uint64_t {written}"),
                Lang::Rust if body.writes[parameter] > 0 => format!("mut {written}: u64"),
                Lang::Rust => format!("{written}: u64"),
            });
        }
        match self.lang {
            Lang::C => {
                let list = if parameters.is_empty() { "void".to_string() } else { parameters.join(", ") };
                self.line(0, &format!("static inline uint64_t {name}({list}){beside}"));
                self.line(0, "{");
            }
            Lang::Rust => {
                let mut allow = Vec::new();
                if !self.called[index] {
                    allow.push("dead_code");
                }
                if body.dead_store {
                    allow.push("unused_assignments");
                }
                if core::iter::once(&name).chain(&body.written).any(|n| n.chars().any(|c| c.is_ascii_uppercase())) {
                    allow.push("non_snake_case");
                }
                if !allow.is_empty() {
                    let why = if self.called[index] { "" } else { " // The formula does not call it." };
                    self.line(0, &format!("#[allow({})]{why}", allow.join(", ")));
                }
                self.line(0, &format!("fn {name}({}) -> u64 {{{beside}", parameters.join(", ")));
            }
        }
        self.body(index);
        let end = self.anchors.end[index];
        let last = self.anchors.statements[index].last().map(|&a| self.comments.lines[a].1);
        let above = core::mem::take(&mut self.comments.above[end]);
        self.comment_block(1, &above, last, None);
        self.line(0, &format!("}}{}", self.beside(end)));
        self.line(0, "");
    }

    fn entry(&mut self) {
        let boards = self.main.boards;
        let c = self.lang == Lang::C;
        let mut allow = Vec::new();
        if self.main.dead_store {
            allow.push("unused_assignments");
        }
        if self.main.written.iter().any(|n| n.chars().any(|c| c.is_ascii_uppercase())) {
            allow.push("non_snake_case");
        }
        match self.lang {
            Lang::C => {
                self.line(0, "// The formula's value for one slider on square (0 = a1, 63 = h8) among the pieces of");
                self.line(0, "// occupied.");
                self.line(0, "uint64_t formula_attacks(uint64_t occupied, unsigned square)");
                self.line(0, "{");
                self.line(1, "assert(square < 64);");
            }
            Lang::Rust => {
                self.line(
                    0,
                    "/// The formula's value for one slider on `square` (0 = a1, 63 = h8) among the pieces of",
                );
                self.line(0, "/// `occupied`.");
                if !allow.is_empty() {
                    self.line(0, &format!("#[allow({})]", allow.join(", ")));
                }
                self.line(0, "pub fn formula_attacks(occupied: u64, square: u32) -> u64 {");
                self.line(1, "debug_assert!(square < 64, \"square is 0 (a1) to 63 (h8)\");");
            }
        }
        let needs_r = boards & (O | R) != 0;
        if needs_r {
            self.line(1, if c { "uint64_t r = UINT64_C(1) << square;" } else { "let r: u64 = 1 << square;" });
        }
        if boards & SQ != 0 {
            self.line(1, if c { "uint64_t sq = square;" } else { "let sq = u64::from(square);" });
        }
        if boards & O != 0 {
            self.line(1, if c { "uint64_t o = occupied | r;" } else { "let o = occupied | r;" });
        } else {
            self.line(1, if c { "(void)occupied;" } else { "let _ = occupied;" });
        }
        if !needs_r && boards & SQ == 0 {
            self.line(1, if c { "(void)square;" } else { "let _ = square;" });
        }
        self.line(0, "");
        self.body(self.functions.len());
        let last = self.anchors.statements.last().and_then(|s| s.last()).map(|&a| self.comments.lines[a].1);
        let after = core::mem::take(&mut self.comments.after);
        self.comment_block(1, &after, last, None);
        self.line(0, "}");
    }

    fn body_ref(&self, index: usize) -> &Body<'f> {
        self.functions.get(index).unwrap_or(&self.main)
    }

    /// A body's statements, at one indent.
    fn body(&mut self, index: usize) {
        let c = self.lang == Lang::C;
        let count = self.body_ref(index).statements.len();
        // C: a parameter never read is cast to void, so that -Wunused-parameter stays quiet.
        if c {
            let body = self.body_ref(index);
            let unread: Vec<String> = (0..body.parameters)
                .filter(|&p| body.reads[p] == 0 && body.writes[p] == 0)
                .map(|p| body.written[p].clone())
                .collect();
            for name in unread {
                self.line(1, &format!("(void){name}; // The formula does not read it."));
            }
        }
        let mut previous: Option<usize> = None;
        let mut declared: Vec<bool> = {
            let body = self.body_ref(index);
            (0..body.names.len()).map(|n| n < body.parameters).collect()
        };
        for at in 0..count {
            let anchor = self.anchors.statements.get(index).and_then(|s| s.get(at)).copied();
            if let Some(anchor) = anchor {
                self.comments_above(1, anchor, previous);
            }
            let beside = anchor.map(|a| self.beside(a)).unwrap_or_default();
            let body = self.body_ref(index);
            let statement = &body.statements[at];
            let last = at + 1 == count;
            let mut discard = None;
            let line = match statement {
                Statement::Assign { name, value, .. } => {
                    let slot = body.index(name).unwrap_or(0);
                    let written = body.written.get(slot).cloned().unwrap_or_else(|| name.clone());
                    let first = !declared[slot];
                    declared[slot] = true;
                    if body.reads[slot] == 0 && body.last_write[slot] == Some(at) && c {
                        discard = Some(format!("(void){written}; // The formula does not read it."));
                    }
                    let prefix = match (self.lang, first) {
                        (Lang::C, true) => format!("uint64_t {written} = "),
                        (Lang::Rust, true) if body.writes[slot] > 1 => format!("let mut {written}: u64 = "),
                        (Lang::Rust, true) => format!("let {written}: u64 = "),
                        (_, false) => format!("{written} = "),
                    };
                    format!("{prefix}{};", self.value(value, body, &prefix, &beside))
                }
                Statement::Return(value) | Statement::Bare(value) if last => {
                    if c {
                        format!("return {};", self.value(value, body, "return ", &beside))
                    } else {
                        self.value(value, body, "", &beside)
                    }
                }
                Statement::Return(value) | Statement::Bare(value) => {
                    if c {
                        let value = self.c(value, body, false);
                        format!("(void){};", value.tight())
                    } else {
                        format!("let _ = {};", self.rust(value, body, true).text)
                    }
                }
            };
            self.line(1, &format!("{line}{beside}"));
            if let Some(discard) = discard {
                self.line(1, &discard);
            }
            if let Some(anchor) = anchor {
                previous = Some(self.comments.lines[anchor].1);
            }
        }
    }

    /// A statement's value after `prefix` (at one indent): on one line, or if that is long
    /// and the value is a chain of `|`, `^` or `&`, one operand a line.
    fn value(&self, node: &Node, body: &Body, prefix: &str, suffix: &str) -> String {
        let text = self.top(node, body);
        if 4 + prefix.len() + text.len() + suffix.len() <= LINE {
            return text;
        }
        let Expr::Binary(op, ..) = &node.expr else { return text };
        let op = match (self.lang, op) {
            (_, Binary::Or | Binary::Xor | Binary::And) | (Lang::C, Binary::Add) => op,
            (Lang::Rust, Binary::Add | Binary::Sub | Binary::Mul) => return self.rust_chain(node, body),
            _ => return text,
        };
        let mut nodes = Vec::new();
        chain(node, *op, &mut nodes);
        let mut codes: Vec<Code> = nodes
            .iter()
            .map(|n| match self.lang {
                Lang::C => self.c(n, body, false),
                Lang::Rust => self.rust(n, body, false),
            })
            .collect();
        // As the unwrapped chain: C makes its first operand a word if neither of the first two is one.
        if self.lang == Lang::C && codes.len() > 1 && codes[0].class != Class::Typed && codes[1].class != Class::Typed {
            let first = codes.remove(0);
            codes.insert(0, self.c_wide(first));
        }
        let mut out = String::new();
        for (index, code) in codes.iter().enumerate() {
            if index > 0 {
                out.push_str(&format!("\n        {} ", op.symbol()));
            }
            out.push_str(&self.operand(code, *op, index > 0));
        }
        out
    }

    /// Rust: `a + b - c` as a method chain, one call a line.
    fn rust_chain(&self, node: &Node, body: &Body) -> String {
        let mut calls = Vec::new();
        let mut base = node;
        while let Expr::Binary(op @ (Binary::Add | Binary::Sub | Binary::Mul), a, b) = &base.expr {
            calls.push((*op, &**b));
            base = a;
        }
        let mut out = self.rust(base, body, true).receiver();
        for (op, argument) in calls.into_iter().rev() {
            let method = arithmetic_method(op);
            out.push_str(&format!("\n        .{method}({})", self.rust(argument, body, false).text));
        }
        out
    }

    /// An expression whose type its place gives: a statement's value or an argument.
    fn top(&self, node: &Node, body: &Body) -> String {
        match self.lang {
            Lang::C => self.c(node, body, false).text,
            Lang::Rust => self.rust(node, body, false).text,
        }
    }

    fn operand(&self, code: &Code, parent: Binary, right: bool) -> String {
        // C: GCC asks for parentheses around `!x` beside a binary operator (-Wparentheses).
        let logical_not = self.lang == Lang::C && code.text.starts_with('!');
        let bare = (code.precedence >= UNARY && !logical_not)
            || match code.op {
                Some(op) if op == parent => !right && op.comparison().is_none(),
                Some(op) => self.lang == Lang::C && op == Binary::Mul && matches!(parent, Binary::Add | Binary::Sub),
                None => false,
            };
        if bare {
            code.text.clone()
        } else {
            format!("({})", code.text)
        }
    }

    fn binary_text(&self, op: Binary, a: &Code, b: &Code) -> String {
        format!("{} {} {}", self.operand(a, op, false), op.symbol(), self.operand(b, op, true))
    }

    /// A literal as written: decimal or hex as typed (C has no binary literals: hex, with the
    /// binary in a comment).
    fn literal(&self, value: u64, radix: Radix, note: String) -> Code {
        let (digits, note) = match (radix, self.lang) {
            (Radix::Decimal, _) => (format!("{value}"), note),
            (Radix::Hex, _) => (format!("{value:#x}"), note),
            (Radix::Binary, Lang::Rust) => (format!("{value:#b}"), note),
            (Radix::Binary, Lang::C) => (format!("{value:#x}"), format!(" /* {value:#b} */")),
        };
        // C: a decimal literal beyond i64 would be unsigned only with a warning.
        if self.lang == Lang::C && radix == Radix::Decimal && value > i64::MAX as u64 {
            let mut code = Code::new(format!("UINT64_C({digits}){note}"), ATOM, Class::Typed);
            if !note.is_empty() {
                code.precedence = NOTED;
            }
            return code;
        }
        let precedence = if note.is_empty() { ATOM } else { NOTED };
        Code {
            text: format!("{digits}{note}"),
            precedence,
            op: None,
            class: Class::Literal,
            literal: Some((digits, note)),
            is_if: false,
        }
    }

    /// A shift's amount, mod 64.
    fn amount(&self, node: &Node, body: &Body) -> String {
        if let Some(value) = literal_value(node, body) {
            return match self.lang {
                _ if value < 64 => format!("{value}"),
                Lang::C if value > i64::MAX as u64 => format!("(UINT64_C({value}) & 63)"),
                Lang::Rust if value > i32::MAX as u64 => format!("({value}_u64 & 63)"),
                _ => format!("({value} & 63)"),
            };
        }
        let amount = match self.lang {
            Lang::C => self.c(node, body, false),
            Lang::Rust => self.rust(node, body, true),
        };
        format!("({} & 63)", self.operand(&amount, Binary::And, false))
    }

    /// A call of the reader's function: the board names it takes, then the arguments.
    fn call(&self, index: usize, arguments: &[Node], body: &Body) -> Code {
        let callee = &self.functions[index];
        let mut list: Vec<String> = Self::boards(callee.boards).map(String::from).collect();
        list.extend(arguments.iter().map(|argument| self.top(argument, body)));
        Code::atom(format!("{}({})", self.function_names[index], list.join(", ")))
    }

    fn helper_call(&self, name: &str, arguments: &[Node], body: &Body) -> Code {
        let list: Vec<String> = arguments.iter().map(|argument| self.top(argument, body)).collect();
        Code::atom(format!("formula_{name}({})", list.join(", ")))
    }

    fn name(&self, name: &str, body: &Body) -> Code {
        if let Some(written) = body.written(name) {
            return Code::atom(written.to_string());
        }
        if let Some(board) = names::board_name(name) {
            return Code::atom(board_text(board).to_string());
        }
        if let Some(square) = names::square(name) {
            return self.literal(square, Radix::Decimal, format!(" /* {name} */"));
        }
        Code::atom(name.to_string())
    }

    /// C: the code as a 64-bit word.
    fn c_wide(&self, code: Code) -> Code {
        match code.class {
            Class::Typed => code,
            Class::Literal => {
                let (digits, note) = code.literal.unwrap_or_default();
                let precedence = if note.is_empty() { ATOM } else { NOTED };
                Code::new(format!("UINT64_C({digits}){note}"), precedence, Class::Typed)
            }
            Class::Loose => Code::new(format!("(uint64_t){}", code.tight()), UNARY, Class::Typed),
        }
    }

    /// The node as C; `wide`: as a 64-bit word, whatever its place.
    fn c(&self, node: &Node, body: &Body, wide: bool) -> Code {
        let code = self.c_code(node, body);
        if wide {
            self.c_wide(code)
        } else {
            code
        }
    }

    fn c_code(&self, node: &Node, body: &Body) -> Code {
        match &node.expr {
            Expr::Number(value, radix) => self.literal(*value, *radix, String::new()),
            Expr::Name(name) => self.name(name, body),
            Expr::Unary(Unary::Not, inner) if self.c(inner, body, false).class == Class::Loose => {
                // `~` on a comparison's 0 or 1 is what GCC warns of (-Wbool-operation), even
                // through a cast: flip the bits with XOR instead.
                let operand = self.c(inner, body, false);
                let mut code = Code::new(
                    format!("UINT64_MAX ^ {}", self.operand(&operand, Binary::Xor, true)),
                    Binary::Xor.precedence(),
                    Class::Typed,
                );
                code.op = Some(Binary::Xor);
                code
            }
            Expr::Unary(op, inner) => {
                let (symbol, class, operand) = match op {
                    Unary::Not => ("~", Class::Typed, self.c(inner, body, true)),
                    Unary::Negate => ("-", Class::Typed, self.c(inner, body, true)),
                    Unary::LogicalNot => ("!", Class::Loose, self.c(inner, body, false)),
                };
                let mut text = operand.tight();
                if text.starts_with('-') {
                    text = format!("({text})");
                }
                Code::new(format!("{symbol}{text}"), UNARY, class)
            }
            Expr::Binary(op, a, b) => {
                let mut code = if matches!(op, Binary::Shl | Binary::Shr) {
                    let a = self.c(a, body, true);
                    let text = format!("{} {} {}", self.operand(&a, *op, false), op.symbol(), self.amount(b, body));
                    Code::new(text, op.precedence(), Class::Typed)
                } else {
                    let (mut a, mut b) = (self.c(a, body, false), self.c(b, body, false));
                    if op.comparison().is_some() {
                        // An int beside a word would be compared with a sign warning.
                        if a.class == Class::Loose && b.class != Class::Loose {
                            a = self.c_wide(a);
                        }
                        if b.class == Class::Loose && a.class != Class::Loose {
                            b = self.c_wide(b);
                        }
                        Code::new(self.binary_text(*op, &a, &b), op.precedence(), Class::Loose)
                    } else {
                        // Two ints would compute as ints: make the left a word.
                        if a.class != Class::Typed && b.class != Class::Typed {
                            a = self.c_wide(a);
                        }
                        Code::new(self.binary_text(*op, &a, &b), op.precedence(), Class::Typed)
                    }
                };
                code.op = Some(*op);
                code
            }
            Expr::Select(condition, then, otherwise) => {
                let condition = self.c(condition, body, false);
                let (mut then, mut otherwise) = (self.c(then, body, false), self.c(otherwise, body, false));
                if then.class == Class::Loose && otherwise.class != Class::Loose {
                    then = self.c_wide(then);
                }
                if otherwise.class == Class::Loose && then.class != Class::Loose {
                    otherwise = self.c_wide(otherwise);
                }
                let class = if then.class == Class::Typed || otherwise.class == Class::Typed {
                    Class::Typed
                } else {
                    Class::Loose
                };
                let part = |code: &Code| {
                    if code.precedence <= SELECT {
                        format!("({})", code.text)
                    } else {
                        code.text.clone()
                    }
                };
                let text = format!("{} ? {} : {}", part(&condition), part(&then), part(&otherwise));
                Code::new(text, SELECT, class)
            }
            Expr::Call(name, arguments) => {
                if let Some(index) = self.formula.program.functions.iter().position(|f| f.name == *name) {
                    return self.call(index, arguments, body);
                }
                let Some(builtin) = names::function(name) else {
                    return self.helper_call(name, arguments, body);
                };
                let first = || arguments.first().map(|a| self.top(a, body)).unwrap_or_default();
                match builtin {
                    Builtin::Identity => match arguments.first() {
                        Some(argument) => self.c(argument, body, false),
                        None => Code::atom("0".to_string()),
                    },
                    Builtin::Popcount => {
                        Code::new(format!("(uint64_t)__builtin_popcountll({})", first()), UNARY, Class::Typed)
                    }
                    Builtin::Bswap => Code::atom(format!("__builtin_bswap64({})", first())),
                    Builtin::Ray => {
                        let word = ray_direction(arguments).map_or("north", direction_word);
                        self.helper_call(&format!("ray_{word}"), &arguments[..arguments.len().min(1)], body)
                    }
                    Builtin::Line(line) => self.helper_call(line_word(line), arguments, body),
                    _ => {
                        let name = builtin.signature().split('(').next().unwrap_or("x");
                        self.helper_call(name, arguments, body)
                    }
                }
            }
        }
    }

    /// Rust: whether the node's code has type u64 whatever its place (a literal's compound
    /// takes the type its place gives it).
    fn rust_typed(&self, node: &Node, body: &Body) -> bool {
        match &node.expr {
            Expr::Number(..) => false,
            Expr::Name(name) => literal_value(node, body).is_none() || body.index(name).is_some(),
            Expr::Unary(Unary::Not, inner) => self.rust_typed(inner, body),
            Expr::Unary(..) => true,
            Expr::Binary(op, a, b) => match op {
                Binary::And | Binary::Or | Binary::Xor => self.rust_typed(a, body) || self.rust_typed(b, body),
                _ => true,
            },
            Expr::Select(_, then, otherwise) => self.rust_typed(then, body) || self.rust_typed(otherwise, body),
            Expr::Call(name, arguments) => match names::function(name) {
                Some(Builtin::Identity) => arguments.first().is_some_and(|a| self.rust_typed(a, body)),
                _ => true,
            },
        }
    }

    /// The node as Rust; `typed`: it must have type u64 by itself (a method's receiver, a
    /// shift's left side).
    fn rust(&self, node: &Node, body: &Body, typed: bool) -> Code {
        match &node.expr {
            Expr::Number(..) | Expr::Name(_) => {
                let mut code = match &node.expr {
                    Expr::Number(value, radix) => self.literal(*value, *radix, String::new()),
                    Expr::Name(name) => self.name(name, body),
                    _ => Code::atom(String::new()),
                };
                if let (true, Some((digits, note))) = (typed, &code.literal) {
                    code.text = format!("{digits}_u64{note}");
                    code.class = Class::Typed;
                }
                code
            }
            Expr::Unary(Unary::Not, inner) => {
                let operand = self.rust(inner, body, typed);
                let class = operand.class;
                Code::new(
                    format!("!{}", operand.tight()),
                    UNARY,
                    if class == Class::Typed { class } else { Class::Loose },
                )
            }
            Expr::Unary(Unary::Negate, inner) => {
                let operand = self.rust(inner, body, true);
                Code::atom(format!("{}.wrapping_neg()", operand.receiver()))
            }
            Expr::Unary(Unary::LogicalNot, inner) => {
                let operand = self.rust(inner, body, true);
                Code::atom(format!("u64::from({} == 0)", self.operand(&operand, Binary::Equal, false)))
            }
            Expr::Binary(op, a, b) => match op {
                Binary::Add | Binary::Sub | Binary::Mul => {
                    let method = arithmetic_method(*op);
                    let (a, b) = (self.rust(a, body, true), self.rust(b, body, false));
                    Code::atom(format!("{}.{method}({})", a.receiver(), b.text))
                }
                Binary::Shl | Binary::Shr => {
                    let a = self.rust(a, body, true);
                    let text = format!("{} {} {}", self.operand(&a, *op, false), op.symbol(), self.amount(b, body));
                    let mut code = Code::new(text, op.precedence(), Class::Typed);
                    code.op = Some(*op);
                    code
                }
                Binary::And | Binary::Or | Binary::Xor => {
                    let untyped = !self.rust_typed(a, body) && !self.rust_typed(b, body);
                    let (a, b) = (self.rust(a, body, typed && untyped), self.rust(b, body, false));
                    let class =
                        if a.class == Class::Typed || b.class == Class::Typed { Class::Typed } else { Class::Loose };
                    let mut code = Code::new(self.binary_text(*op, &a, &b), op.precedence(), class);
                    code.op = Some(*op);
                    code
                }
                _ => Code::atom(format!("u64::from({})", self.rust_comparison(*op, a, b, body))),
            },
            Expr::Select(condition, then, otherwise) => {
                let condition = self.rust_condition(condition, body);
                let typed = typed && !self.rust_typed(node, body);
                let (then, otherwise) = (self.rust(then, body, typed), self.rust(otherwise, body, typed));
                let text = if otherwise.is_if {
                    format!("if {condition} {{ {} }} else {}", then.text, otherwise.text)
                } else {
                    format!("if {condition} {{ {} }} else {{ {} }}", then.text, otherwise.text)
                };
                let class = if then.class == Class::Typed || otherwise.class == Class::Typed {
                    Class::Typed
                } else {
                    Class::Loose
                };
                let mut code = Code::new(text, IF, class);
                code.is_if = true;
                code
            }
            Expr::Call(name, arguments) => {
                if let Some(index) = self.formula.program.functions.iter().position(|f| f.name == *name) {
                    return self.call(index, arguments, body);
                }
                let Some(builtin) = names::function(name) else {
                    return self.helper_call(name, arguments, body);
                };
                let receiver = || arguments.first().map(|a| self.rust(a, body, true).receiver()).unwrap_or_default();
                match builtin {
                    Builtin::Identity => match arguments.first() {
                        Some(argument) => self.rust(argument, body, typed),
                        None => Code::atom("0".to_string()),
                    },
                    Builtin::Clz => Code::atom(format!("u64::from({}.leading_zeros())", receiver())),
                    Builtin::Ctz | Builtin::Bsf => Code::atom(format!("u64::from({}.trailing_zeros())", receiver())),
                    Builtin::Popcount => Code::atom(format!("u64::from({}.count_ones())", receiver())),
                    Builtin::Bswap => Code::atom(format!("{}.swap_bytes()", receiver())),
                    Builtin::Rotl | Builtin::Rotr => {
                        let method = if builtin == Builtin::Rotl { "rotate_left" } else { "rotate_right" };
                        let amount = match arguments.get(1) {
                            Some(n) => match literal_value(n, body) {
                                Some(value) if value < 64 => format!("{value}"),
                                Some(value) => format!("({value}_u64 % 64) as u32"),
                                None => format!("({} % 64) as u32", self.rust(n, body, true).tight()),
                            },
                            None => "0".to_string(),
                        };
                        Code::atom(format!("{}.{method}({amount})", receiver()))
                    }
                    Builtin::Ray => {
                        let word = ray_direction(arguments).map_or("north", direction_word);
                        self.helper_call(&format!("ray_{word}"), &arguments[..arguments.len().min(1)], body)
                    }
                    Builtin::Line(line) => self.helper_call(line_word(line), arguments, body),
                    _ => {
                        let name = builtin.signature().split('(').next().unwrap_or("x");
                        self.helper_call(name, arguments, body)
                    }
                }
            }
        }
    }

    /// `a < b` in Rust, without the conversion to a word.
    fn rust_comparison(&self, op: Binary, a: &Node, b: &Node, body: &Body) -> String {
        let untyped = !self.rust_typed(a, body) && !self.rust_typed(b, body);
        let (a, b) = (self.rust(a, body, untyped), self.rust(b, body, false));
        self.binary_text(op, &a, &b)
    }

    /// An `if`'s condition: true when the value is not zero.
    fn rust_condition(&self, node: &Node, body: &Body) -> String {
        match &node.expr {
            Expr::Binary(op, a, b) if op.comparison().is_some() => self.rust_comparison(*op, a, b, body),
            Expr::Unary(Unary::LogicalNot, inner) => {
                let operand = self.rust(inner, body, true);
                format!("{} == 0", self.operand(&operand, Binary::Equal, false))
            }
            _ => {
                let value = self.rust(node, body, true);
                format!("{} != 0", self.operand(&value, Binary::NotEqual, false))
            }
        }
    }
}

/// C: what a builtin's helper does, and its body.
fn c_helper(builtin: Builtin) -> Option<(&'static str, &'static str)> {
    Some(match builtin {
        Builtin::Clz => (
            "clz(x): the zero bits above x's highest one bit; 64 when x is zero.",
            "return x ? (uint64_t)__builtin_clzll(x) : 64;",
        ),
        Builtin::Ctz => (
            "ctz(x): the zero bits below x's lowest one bit; 64 when x is zero.",
            "return x ? (uint64_t)__builtin_ctzll(x) : 64;",
        ),
        Builtin::Bsf => (
            "bsf(x): the index of x's lowest one bit; 64 when x is zero.",
            "return x ? (uint64_t)__builtin_ctzll(x) : 64;",
        ),
        Builtin::Bsr => (
            "bsr(x): the index of x's highest one bit; 64 when x is zero.",
            "return x ? 63 - (uint64_t)__builtin_clzll(x) : 64;",
        ),
        Builtin::Rotl => {
            ("rotl(x, n): x rotated left by n mod 64 places.", "n &= 63;\nreturn (x << n) | (x >> ((64 - n) & 63));")
        }
        Builtin::Rotr => {
            ("rotr(x, n): x rotated right by n mod 64 places.", "n &= 63;\nreturn (x >> n) | (x << ((64 - n) & 63));")
        }
        Builtin::Ls1b => ("ls1b(x): x's lowest one bit alone; zero when x is zero.", "return x & (0 - x);"),
        Builtin::Ms1b => (
            "ms1b(x): x's highest one bit alone; zero when x is zero.",
            "return x ? UINT64_C(1) << (63 - __builtin_clzll(x)) : 0;",
        ),
        Builtin::Bit => (
            "bit(s): square s's own bit. s must be a square, 0 (a1) to 63 (h8): the formula\n\
             // faults on a larger number, and so does the assert here.",
            "assert(s < 64);\nreturn UINT64_C(1) << s;",
        ),
        _ => return None,
    })
}

/// A comment's text, safe on a `//` line: no carriage return, no bidirectional control (Rust
/// refuses them), and no `\` at the end (C would join the next line to the comment).
fn comment_text(text: &str) -> String {
    let mut clean: String = text
        .chars()
        .map(|c| match c {
            '\r' => ' ',
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => '?',
            c => c,
        })
        .collect();
    let trimmed = clean.trim_end().len();
    clean.truncate(trimmed);
    if clean.ends_with('\\') || clean.ends_with("??/") {
        clean.push('.');
    }
    clean
}
