//! The export's names: what a body uses, the helpers' names, C's and Rust's keywords, and each
//! body's names as written in the target language.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::{Lang, Prefix};
use crate::compile;
use crate::ctype::CType;
use crate::functions::{self, CSpelling, Function, Geometry, RustSpelling, WordFunction};
use crate::names::{self, BoardName, DIRECTIONS};
use crate::parse::{Expr, Node, Statement};
use sliders::trace::Mask;
use sliders::{Direction, Line};

/// The board names, as flags of what a body uses.
pub(super) const O: u8 = 1;
pub(super) const R: u8 = 2;
pub(super) const SQ: u8 = 4;
pub(super) const BOARDS: [(u8, &str); 3] = [(O, "o"), (R, "r"), (SQ, "sq")];

fn board_flag(board: BoardName) -> u8 {
    match board {
        BoardName::Occupied => O,
        BoardName::Sliders => R,
        BoardName::Square => SQ,
    }
}

pub(super) fn board_text(board: BoardName) -> &'static str {
    match board {
        BoardName::Occupied => "o",
        BoardName::Sliders => "r",
        BoardName::Square => "sq",
    }
}

/// Something of the language a formula uses that may need a helper or a table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Use {
    Word(WordFunction),
    Mask(Mask),
}

/// Every use in the order its helper is written.
pub(super) fn all_uses() -> Vec<Use> {
    let mut all: Vec<Use> = WordFunction::ALL.iter().map(|&function| Use::Word(function)).collect();
    all.push(Use::Mask(Mask::Bit));
    all.extend(Line::ALL.iter().map(|&line| Use::Mask(Mask::Line(line))));
    all.extend(Direction::ALL.iter().map(|&direction| Use::Mask(Mask::Ray(direction))));
    all
}

/// The direction's word in the formula: `north`, `northeast`, …
pub(super) fn direction_word(direction: Direction) -> &'static str {
    DIRECTIONS.iter().find(|(_, d)| *d == direction).map_or("north", |(word, _)| word)
}

pub(super) fn line_word(line: Line) -> &'static str {
    match line {
        Line::File => "file",
        Line::Rank => "rank",
        Line::Diagonal => "diagonal",
        Line::AntiDiagonal => "antidiagonal",
    }
}

/// The mask a use reads, with its helper's name (after `formula_`) and what it holds.
pub(super) fn mask_of(use_: Use) -> Option<(Mask, String, String)> {
    match use_ {
        Use::Mask(Mask::Line(line)) => {
            let word = line_word(line);
            let which = match line {
                Line::File => "s's file",
                Line::Rank => "s's rank",
                Line::Diagonal => "s's diagonal (the a1-h8 direction)",
                Line::AntiDiagonal => "s's anti-diagonal (the h1-a8 direction)",
            };
            Some((Mask::Line(line), word.to_string(), format!("{word}(s): every square of {which}, s's own included.")))
        }
        Use::Mask(Mask::Ray(direction)) => {
            let word = direction_word(direction);
            Some((
                Mask::Ray(direction),
                format!("ray_{word}"),
                format!("ray(s, {word}): the squares {word} of s up to the board's edge, s excluded."),
            ))
        }
        Use::Mask(Mask::Bit) | Use::Word(_) => None,
    }
}

/// The names of the helpers (and C's tables) written for these uses.
pub(super) fn helper_names(lang: Lang, uses: &[Use], prefix: &Prefix) -> Vec<String> {
    let mut helpers = Vec::new();
    for &use_ in uses {
        if let Some((_, name, _)) = mask_of(use_) {
            helpers.push(prefix.of(&name));
            if lang == Lang::C {
                helpers.push(prefix.table(&name));
            }
            continue;
        }
        let name = match use_ {
            Use::Word(function) => {
                let definition = function.definition();
                let helper = match lang {
                    Lang::C => matches!(definition.c, CSpelling::Helper { .. } | CSpelling::Bmi2 { .. }),
                    Lang::Rust => matches!(definition.rust, RustSpelling::Helper(_) | RustSpelling::Bmi2 { .. }),
                };
                if !helper {
                    continue;
                }
                definition.name()
            }
            Use::Mask(Mask::Bit) => "bit",
            // Read through mask_of, above.
            Use::Mask(Mask::Line(_) | Mask::Ray(_)) => continue,
        };
        helpers.push(prefix.of(name));
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
pub(super) fn choose(lang: Lang, names: &[String], taken: &dyn Fn(&str) -> bool) -> Vec<String> {
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
pub(super) struct Body<'p> {
    pub(super) statements: &'p [Statement],
    /// The reader's names: the parameters first, then the others in the order of their first
    /// assignment.
    pub(super) names: Vec<String>,
    pub(super) parameters: usize,
    /// How often each name is read and assigned, and the statement that assigns it last.
    pub(super) reads: Vec<usize>,
    pub(super) writes: Vec<usize>,
    pub(super) last_write: Vec<Option<usize>>,
    /// Whether a value of a name that is read somewhere is overwritten or left unread (Rust
    /// warns of it).
    pub(super) dead_store: bool,
    /// The board names the body uses, itself or through the functions it calls.
    pub(super) boards: u8,
    /// The reader's functions it calls, by index.
    pub(super) calls: Vec<usize>,
    /// The reader's tables it reads, by name.
    pub(super) tables: Vec<String>,
    /// The names as written in the target language, one for each of `names`.
    pub(super) written: Vec<String>,
    /// Each name's C type, and the body's value's, as the compiler gave them.
    pub(super) types: Vec<CType>,
    pub(super) returns: CType,
}

impl<'p> Body<'p> {
    pub(super) fn new(
        (statements, compiled): (&'p [Statement], &compile::Body),
        parameters: Vec<String>,
        functions: &[String],
        uses: &mut Vec<Use>,
    ) -> Body<'p> {
        let mut names = parameters;
        let parameters = names.len();
        for_each_statement(statements, &mut |statement| {
            // A bit scan gives its index a value, before an assignment of its value does.
            for name in written_by(statement) {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        });
        let count = names.len();
        // A name's type is its first slot's (a name the compiler made again keeps its type).
        let types: Vec<CType> = names
            .iter()
            .map(|name| {
                let slot = compiled.names.iter().position(|n| n == name);
                slot.and_then(|slot| compiled.types.get(slot)).copied().unwrap_or(CType::WORD)
            })
            .collect();
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
            tables: Vec::new(),
            written: Vec::new(),
            types,
            returns: compiled.returns,
        };
        // A value not read yet: the parameters' from the start.
        let mut unread: Vec<bool> = (0..count).map(|index| index < parameters).collect();
        let mut dead = vec![false; count];
        for (at, statement) in statements.iter().enumerate() {
            // An if's statements count as its own (`at`): a name its branches give a value is
            // written there.
            for_each_statement(core::slice::from_ref(statement), &mut |statement| {
                let mut read = Vec::new();
                if let Some(node) = statement.expression() {
                    body.walk(node, functions, uses, &mut read);
                }
                for index in read {
                    body.reads[index] += 1;
                    unread[index] = false;
                }
                for name in written_by(statement) {
                    if let Some(index) = body.index(name) {
                        dead[index] |= unread[index];
                        unread[index] = true;
                        body.writes[index] += 1;
                        body.last_write[index] = Some(at);
                    }
                }
            });
        }
        body.dead_store = (0..count).any(|index| (dead[index] || unread[index]) && body.reads[index] > 0);
        body
    }

    pub(super) fn index(&self, name: &str) -> Option<usize> {
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
            Expr::Unary(_, inner) | Expr::Cast(_, inner) => self.walk(inner, functions, uses, read),
            Expr::Index(table, indices) => {
                if !self.tables.contains(table) {
                    self.tables.push(table.clone());
                }
                for index in indices {
                    self.walk(index, functions, uses, read);
                }
            }
            // `&index` is written, not read.
            Expr::BitScan(scan) => self.walk(&scan.mask, functions, uses, read),
            Expr::Through(through) => {
                if !self.tables.contains(&through.table) {
                    self.tables.push(through.table.clone());
                }
                self.walk(&through.offset, functions, uses, read);
            }
            Expr::Binary(_, a, b) | Expr::Logical(_, a, b) => {
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
                    let use_ = match functions::function(name) {
                        Some(Function::Geometry(Geometry::Ray)) => {
                            // The second argument is a direction's word, not a value.
                            let direction = ray_direction(arguments);
                            arguments = &arguments[..arguments.len().min(1)];
                            direction.map(|direction| Use::Mask(Mask::Ray(direction)))
                        }
                        Some(Function::Geometry(Geometry::Bit)) => Some(Use::Mask(Mask::Bit)),
                        Some(Function::Geometry(Geometry::Line(line))) => Some(Use::Mask(Mask::Line(line))),
                        Some(Function::Word(function)) => Some(Use::Word(function)),
                        Some(Function::Identity) | None => None,
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
    pub(super) fn written(&self, name: &str) -> Option<&str> {
        self.index(name).and_then(|index| self.written.get(index)).map(String::as_str)
    }
}

/// The names a statement itself gives values, in order: a bit scan's index, then an
/// assignment's name.
fn written_by(statement: &Statement) -> impl Iterator<Item = &String> {
    let assigned = if let Statement::Assign { name, .. } = statement { Some(name) } else { None };
    statement.bit_scan().map(|scan| &scan.index).into_iter().chain(assigned)
}

/// Calls `visit` on each statement, and inside an `if` or a loop on each of its own in order
/// (a loop's init, body and step).
pub(super) fn for_each_statement<'s>(statements: &'s [Statement], visit: &mut impl FnMut(&'s Statement)) {
    for statement in statements {
        visit(statement);
        match statement {
            Statement::If { then, otherwise, .. } => {
                for_each_statement(then, visit);
                for_each_statement(otherwise, visit);
            }
            Statement::Loop { init, body, step, .. } => {
                for_each_statement(init, visit);
                for_each_statement(body, visit);
                for_each_statement(step, visit);
            }
            Statement::Assign { .. }
            | Statement::Return(_)
            | Statement::Bare(_)
            | Statement::Break(_)
            | Statement::Continue(_)
            | Statement::Store { .. } => {}
        }
    }
}

pub(super) fn ray_direction(arguments: &[Node]) -> Option<Direction> {
    match arguments.get(1).map(|argument| &argument.expr) {
        Some(Expr::Name(word)) => names::direction(word),
        _ => None,
    }
}
