//! The formula's expressions as C and as Rust: code with its precedence and type, literals,
//! chains of one operator, calls.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::naming::{board_text, direction_word, line_word, ray_direction, Body};
use super::{Export, Lang};
use crate::ctype::CType;
use crate::functions::{self, CSpelling, Function, Geometry, Gives, RustSpelling};
use crate::lex::Radix;
use crate::names;
use crate::parse::{Binary, BitScan, Expr, Logic, Node, Through, Unary};
use crate::tables;
use sliders::Comparison;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    /// A 64-bit word by its own type.
    Typed,
    /// A literal, which takes the type its neighbours give it.
    Literal,
    /// C: an `int` (a comparison, `!`, a choice between them); Rust: a literal's compound.
    Loose,
}

/// How tightly a piece of code binds: binary operators have their `Binary::precedence`.
pub(super) const ATOM: u8 = 13;
/// A literal followed by a comment: whole as an operand, in parentheses before a method.
const NOTED: u8 = 12;
pub(super) const UNARY: u8 = 11;
pub(super) const SELECT: u8 = 1;
pub(super) const IF: u8 = 0;

/// A piece of generated code.
pub(super) struct Code {
    pub(super) text: String,
    pub(super) precedence: u8,
    /// The outermost binary operator, if that is what the code is.
    pub(super) op: Option<Binary>,
    class: Class,
    /// A literal's digits and its comment (` /* d4 */`), to write it with a type.
    literal: Option<(String, String)>,
    /// A conditional: C's `c ? a : b`, Rust's `if` expression.
    pub(super) is_if: bool,
}

impl Code {
    pub(super) fn new(text: String, precedence: u8, class: Class) -> Code {
        Code { text, precedence, op: None, class, literal: None, is_if: false }
    }

    pub(super) fn atom(text: String) -> Code {
        Code::new(text, ATOM, Class::Typed)
    }

    /// Inside parentheses unless it is an atom or unary.
    pub(super) fn tight(&self) -> String {
        if self.precedence >= UNARY {
            self.text.clone()
        } else {
            format!("({})", self.text)
        }
    }

    /// Before `.method()`: inside parentheses unless it is an atom.
    pub(super) fn receiver(&self) -> String {
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

/// Rust's wrapping method for `+`, `-` or `*`; none for an operator Rust writes as C does.
pub(super) fn arithmetic_method(op: Binary) -> Option<&'static str> {
    match op {
        Binary::Add => Some("wrapping_add"),
        Binary::Sub => Some("wrapping_sub"),
        Binary::Mul => Some("wrapping_mul"),
        // u64's division panics on zero, where the evaluator faults.
        Binary::Div => Some("wrapping_div"),
        Binary::Rem => Some("wrapping_rem"),
        Binary::Shl | Binary::Shr | Binary::And | Binary::Xor | Binary::Or | Binary::Compare(_) => None,
    }
}

/// `a && b` in C, its operands in parentheses where C's precedence needs them or where GCC
/// would ask for them (an operator other than a comparison, the other logical operator).
fn logical_text(op: Logic, a: &Code, b: &Code) -> String {
    let part = |code: &Code, right: bool| {
        let looser = code.precedence < op.precedence() || (right && code.precedence == op.precedence());
        let other_logic = code.precedence <= 2 && code.precedence != op.precedence();
        let operator = code.op.is_some_and(|o| o.comparison().is_none());
        // `?:` binds looser than `||`, of the same precedence number here.
        if looser || other_logic || operator || code.is_if {
            format!("({})", code.text)
        } else {
            code.text.clone()
        }
    };
    format!("{} {} {}", part(a, false), op.symbol(), part(b, true))
}

/// Rust's integer type of a C type's width and sign; none for bool.
fn rust_type(ty: CType) -> Option<&'static str> {
    match ty {
        CType::Bool => None,
        CType::SignedChar => Some("i8"),
        CType::UnsignedChar => Some("u8"),
        CType::Short => Some("i16"),
        CType::UnsignedShort => Some("u16"),
        CType::Int => Some("i32"),
        CType::Unsigned => Some("u32"),
        CType::Long => Some("i64"),
        CType::UnsignedLong => Some("u64"),
    }
}

/// A literal's value, if the node is one (a number or a square's name).
fn literal_value(node: &Node, body: &Body) -> Option<u64> {
    match &node.expr {
        Expr::Number(value, _, _) => Some(*value),
        Expr::Name(name) if body.index(name).is_none() => names::square(name),
        Expr::Call(name, arguments) if functions::function(name) == Some(Function::Identity) => {
            arguments.first().and_then(|argument| literal_value(argument, body))
        }
        _ => None,
    }
}

impl Export<'_> {
    /// A statement's value after `prefix` (at one indent): on one line, or if that is long
    /// and the value is a chain of `|`, `^` or `&`, one operand a line.
    pub(super) fn value(&self, node: &Node, body: &Body, prefix: &str, suffix: &str) -> String {
        let text = self.top(node, body);
        // Read as C, each operand has its type: the chain is written as one expression.
        if 4 + prefix.len() + text.len() + suffix.len() <= LINE || self.as_typed {
            return text;
        }
        let Expr::Binary(op, ..) = &node.expr else { return text };
        let op = match (self.lang, op) {
            (_, Binary::Or | Binary::Xor | Binary::And) | (Lang::C, Binary::Add) => op,
            (Lang::Rust, Binary::Add | Binary::Sub | Binary::Mul) => return self.rust_chain(node, body),
            (Lang::C, Binary::Sub | Binary::Mul)
            | (_, Binary::Div | Binary::Rem | Binary::Shl | Binary::Shr | Binary::Compare(_)) => return text,
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
        while let Expr::Binary(op, a, b) = &base.expr {
            let Some(method) = arithmetic_method(*op) else { break };
            calls.push((method, &**b));
            base = a;
        }
        let mut out = self.rust(base, body, true).receiver();
        for (method, argument) in calls.into_iter().rev() {
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

    pub(super) fn binary_text(&self, op: Binary, a: &Code, b: &Code) -> String {
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

    /// A geometry function, which both languages write as a call of a generated helper that
    /// reads its table (or makes the square's bit).
    fn geometry_call(&self, geometry: Geometry, arguments: &[Node], body: &Body) -> Code {
        match geometry {
            Geometry::Ray => {
                let word = ray_direction(arguments).map_or("north", direction_word);
                self.helper_call(&format!("ray_{word}"), &arguments[..arguments.len().min(1)], body)
            }
            Geometry::Line(line) => self.helper_call(line_word(line), arguments, body),
            Geometry::Bit => self.helper_call("bit", arguments, body),
        }
    }

    fn helper_call(&self, name: &str, arguments: &[Node], body: &Body) -> Code {
        let list: Vec<String> = arguments.iter().map(|argument| self.top(argument, body)).collect();
        Code::atom(format!("{}({})", self.prefix.of(name), list.join(", ")))
    }

    pub(super) fn name(&self, name: &str, body: &Body) -> Code {
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

    /// A table's entry: `rays[dir][sq]` in C; in Rust each index `as usize`, so that one
    /// outside the table (a negative one too) panics where C leaves the read undefined.
    pub(super) fn read(&self, name: &str, indices: &[Node], body: &Body) -> Code {
        let mut text = tables::identifier(name);
        for index in indices {
            let index = match (self.lang, self.as_typed) {
                (Lang::C, true) => self.c_as_typed(index, body).text,
                (Lang::C, false) => self.c(index, body, false).text,
                (Lang::Rust, true) => format!("{} as usize", self.rust_as_typed(index, body).tight()),
                (Lang::Rust, false) => format!("{} as usize", self.rust(index, body, true).tight()),
            };
            text.push_str(&format!("[{index}]"));
        }
        Code::atom(text)
    }

    /// MSVC's bit scan as GCC, Clang and Rust write it: where the mask has a one bit, the
    /// index is given its place and the value is 1; else the value is 0 and the index keeps
    /// its value (MSVC leaves it undefined, and the formula faults where it is read then).
    pub(super) fn bit_scan(&self, scan: &BitScan, body: &Body) -> Code {
        let index = self.name(&scan.index, body).text;
        match self.lang {
            Lang::C => {
                let mask = match self.as_typed {
                    true => self.c_as_typed(&scan.mask, body),
                    false => self.c(&scan.mask, body, true),
                };
                let mask = mask.tight();
                let found = match scan.reverse {
                    true => format!("63 - __builtin_clzll({mask})"),
                    false => format!("__builtin_ctzll({mask})"),
                };
                Code::atom(format!("({mask} ? ({index} = {found}, 1) : 0)"))
            }
            Lang::Rust => {
                let mask = match self.as_typed {
                    true => self.rust_as_typed(&scan.mask, body),
                    false => self.rust(&scan.mask, body, true),
                };
                let found = if scan.reverse { "63 - mask.leading_zeros()" } else { "mask.trailing_zeros()" };
                let ty = body.index(&scan.index).and_then(|slot| body.types.get(slot)).copied().unwrap_or(CType::WORD);
                // A block: in parentheses as an operand (a while's test may not start with one),
                // bare as a whole value.
                let text = format!(
                    "{{ let mask = {} as u64; if mask != 0 {{ {index} = ({found}) as {}; 1 }} else {{ 0 }} }}",
                    mask.tight(),
                    super::typed::rust_name(ty)
                );
                Code::new(text, 0, Class::Typed)
            }
        }
    }

    /// An entry read through a pointer, which the export keeps as the entry's number counted
    /// row after row: the table read at that number's index in each dimension (`masks_lower[p
    /// / 4][p % 4]`).
    pub(super) fn read_through(&self, through: &Through, body: &Body) -> Code {
        let offset = match (self.lang, self.as_typed) {
            (Lang::C, true) => self.c_as_typed(&through.offset, body).tight(),
            (Lang::C, false) => self.c(&through.offset, body, false).tight(),
            (Lang::Rust, true) => self.rust_as_typed(&through.offset, body).tight(),
            (Lang::Rust, false) => self.rust(&through.offset, body, true).tight(),
        };
        let dims = self.formula.table(&through.table).map_or_else(Vec::new, |table| table.dims.clone());
        let mut text = tables::identifier(&through.table);
        for (d, dim) in dims.iter().enumerate() {
            let stride: u64 = dims[d + 1..].iter().product();
            let mut index = offset.clone();
            if stride > 1 {
                index = format!("{index} / {stride}");
            }
            if d > 0 {
                index = if stride > 1 { format!("({index}) % {dim}") } else { format!("{index} % {dim}") };
            }
            if self.lang == Lang::Rust {
                index = format!("({index}) as usize");
            }
            text.push_str(&format!("[{index}]"));
        }
        Code::atom(text)
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

    /// The node as C; `wide`: as a 64-bit word, whatever its place. A text read as C keeps
    /// its own types ([`Export::c_as_typed`]).
    pub(super) fn c(&self, node: &Node, body: &Body, wide: bool) -> Code {
        if self.as_typed {
            return self.c_as_typed(node, body);
        }
        let code = self.c_code(node, body);
        if wide {
            self.c_wide(code)
        } else {
            code
        }
    }

    pub(super) fn c_code(&self, node: &Node, body: &Body) -> Code {
        match &node.expr {
            Expr::Number(value, radix, _) => self.literal(*value, *radix, String::new()),
            Expr::Index(name, indices) => self.read(name, indices, body),
            Expr::Through(through) => self.read_through(through, body),
            Expr::BitScan(scan) => self.bit_scan(scan, body),
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
            // Every value here is a word: the cast's value is kept as one (an int's sign-extended).
            Expr::Cast(ty, inner) => {
                let operand = self.c(inner, body, false);
                Code::new(format!("(uint64_t)({}){}", ty.name(), operand.tight()), UNARY, Class::Typed)
            }
            // C's int 0 or 1, as a comparison gives.
            Expr::Logical(op, a, b) => {
                let (a, b) = (self.c(a, body, false), self.c(b, body, false));
                Code::new(logical_text(*op, &a, &b), op.precedence(), Class::Loose)
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
                let mut code = Code::new(text, SELECT, class);
                code.is_if = true;
                code
            }
            Expr::Call(name, arguments) => {
                if let Some(index) = self.formula.program.functions.iter().position(|f| f.name == *name) {
                    return self.call(index, arguments, body);
                }
                let Some(function) = functions::function(name) else {
                    return self.helper_call(name, arguments, body);
                };
                let first = || arguments.first().map(|a| self.top(a, body)).unwrap_or_default();
                let word = match function {
                    Function::Identity => {
                        return match arguments.first() {
                            Some(argument) => self.c(argument, body, false),
                            None => Code::atom("0".to_string()),
                        }
                    }
                    Function::Geometry(geometry) => return self.geometry_call(geometry, arguments, body),
                    Function::Word(word) => word.definition(),
                };
                // Read as C, a count is the int C's builtins give (the helper's converted to one).
                let count = self.as_typed && word.gives == Gives::Count;
                match word.c {
                    CSpelling::CastBuiltin(builtin) if self.as_typed => Code::atom(format!("{builtin}({})", first())),
                    CSpelling::CastBuiltin(builtin) => {
                        Code::new(format!("(uint64_t){builtin}({})", first()), UNARY, Class::Typed)
                    }
                    CSpelling::Builtin(builtin) => Code::atom(format!("{builtin}({})", first())),
                    CSpelling::Helper { .. } | CSpelling::Bmi2 { .. } if count => {
                        let call = self.helper_call(word.name(), arguments, body);
                        Code::new(format!("(int){}", call.text), UNARY, Class::Typed)
                    }
                    CSpelling::Helper { .. } | CSpelling::Bmi2 { .. } => self.helper_call(word.name(), arguments, body),
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
            Expr::Logical(..) | Expr::Cast(..) | Expr::Index(..) | Expr::Through(..) | Expr::BitScan(..) => true,
            Expr::Select(_, then, otherwise) => self.rust_typed(then, body) || self.rust_typed(otherwise, body),
            Expr::Call(name, arguments) => match functions::function(name) {
                Some(Function::Identity) => arguments.first().is_some_and(|a| self.rust_typed(a, body)),
                Some(Function::Word(_) | Function::Geometry(_)) | None => true,
            },
        }
    }

    /// The node as Rust; `typed`: it must have type u64 by itself (a method's receiver, a
    /// shift's left side).
    pub(super) fn rust(&self, node: &Node, body: &Body, typed: bool) -> Code {
        if self.as_typed {
            return self.rust_as_typed(node, body);
        }
        match &node.expr {
            Expr::Number(..) | Expr::Name(_) => {
                let mut code = match &node.expr {
                    Expr::Number(value, radix, _) => self.literal(*value, *radix, String::new()),
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
                Code::atom(format!(
                    "u64::from({} == 0)",
                    self.operand(&operand, Binary::Compare(Comparison::Equal), false)
                ))
            }
            Expr::Binary(op, a, b) => match op {
                Binary::Add => self.rust_arithmetic("wrapping_add", a, b, body),
                Binary::Sub => self.rust_arithmetic("wrapping_sub", a, b, body),
                Binary::Mul => self.rust_arithmetic("wrapping_mul", a, b, body),
                Binary::Div => self.rust_arithmetic("wrapping_div", a, b, body),
                Binary::Rem => self.rust_arithmetic("wrapping_rem", a, b, body),
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
                Binary::Compare(_) => Code::atom(format!("u64::from({})", self.rust_comparison(*op, a, b, body))),
            },
            Expr::Logical(..) => Code::atom(format!("u64::from({})", self.rust_condition(node, body))),
            Expr::Index(name, indices) => self.read(name, indices, body),
            Expr::Through(through) => self.read_through(through, body),
            Expr::BitScan(scan) => self.bit_scan(scan, body),
            // Every value here is a word: the cast's value is kept as one (an i32's sign-extended).
            Expr::Cast(ty, inner) => {
                let operand = self.rust(inner, body, true);
                Code::atom(match rust_type(*ty) {
                    Some(narrow) => format!("({} as {narrow} as u64)", operand.tight()),
                    None => format!("u64::from({} != 0)", operand.tight()),
                })
            }
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
                let Some(function) = functions::function(name) else {
                    return self.helper_call(name, arguments, body);
                };
                let receiver = || arguments.first().map(|a| self.rust(a, body, true).receiver()).unwrap_or_default();
                let word = match function {
                    Function::Identity => {
                        return match arguments.first() {
                            Some(argument) => self.rust(argument, body, typed),
                            None => Code::atom("0".to_string()),
                        }
                    }
                    Function::Geometry(geometry) => return self.geometry_call(geometry, arguments, body),
                    Function::Word(word) => word.definition(),
                };
                match word.rust {
                    RustSpelling::CountMethod(method) => Code::atom(format!("u64::from({}.{method}())", receiver())),
                    RustSpelling::Method(method) => Code::atom(format!("{}.{method}()", receiver())),
                    RustSpelling::AmountMethod(method) => {
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
                    RustSpelling::Helper(_) | RustSpelling::Bmi2 { .. } => {
                        self.helper_call(word.name(), arguments, body)
                    }
                }
            }
        }
    }

    /// `a.wrapping_add(b)`: Rust's `+`, `-` and `*` would panic on overflow in a debug build.
    fn rust_arithmetic(&self, method: &str, a: &Node, b: &Node, body: &Body) -> Code {
        let (a, b) = (self.rust(a, body, true), self.rust(b, body, false));
        Code::atom(format!("{}.{method}({})", a.receiver(), b.text))
    }

    /// `a < b` in Rust, without the conversion to a word.
    fn rust_comparison(&self, op: Binary, a: &Node, b: &Node, body: &Body) -> String {
        let untyped = !self.rust_typed(a, body) && !self.rust_typed(b, body);
        let (a, b) = (self.rust(a, body, untyped), self.rust(b, body, false));
        self.binary_text(op, &a, &b)
    }

    /// An `if`'s condition: true when the value is not zero.
    pub(super) fn rust_condition(&self, node: &Node, body: &Body) -> String {
        if self.as_typed {
            return self.rust_typed_condition(node, body);
        }
        match &node.expr {
            Expr::Binary(op, a, b) if op.comparison().is_some() => self.rust_comparison(*op, a, b, body),
            // Rust's && and || take bools and run the second only when C would.
            Expr::Logical(op, a, b) => logical_condition(*op, (a, b), |node| self.rust_condition(node, body)),
            Expr::Unary(Unary::LogicalNot, inner) => {
                let operand = self.rust(inner, body, true);
                format!("{} == 0", self.operand(&operand, Binary::Compare(Comparison::Equal), false))
            }
            _ => {
                let value = self.rust(node, body, true);
                format!("{} != 0", self.operand(&value, Binary::Compare(Comparison::NotEqual), false))
            }
        }
    }
}

/// `a && b` or `a || b` as Rust's condition, each side as `condition` writes it, an operand of
/// the other logical operator in parentheses (Rust's `&&` and `||` run the second side only
/// where C would).
pub(super) fn logical_condition(op: Logic, (a, b): (&Node, &Node), condition: impl Fn(&Node) -> String) -> String {
    let part = |node: &Node| {
        let text = condition(node);
        if matches!(&node.expr, Expr::Logical(inner, ..) if *inner != op) {
            format!("({text})")
        } else {
            text
        }
    };
    format!("{} {} {}", part(a), op.symbol(), part(b))
}
