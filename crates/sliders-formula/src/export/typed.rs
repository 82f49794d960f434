//! A text read as C, exported with its own types: each name declared with the type it has,
//! literals with their suffixes, casts as typed, and no 64-bit word made of what C computes
//! narrower (`1 << n` stays an `int` shift, undefined where the evaluator faults). The types
//! are worked out as the compiler works them out ([`crate::ctype`]), so that where C would
//! convert an operand silently and GCC warn of it (a signed value compared with an unsigned
//! one), the conversion is written out.

use alloc::format;
use alloc::string::String;

use alloc::vec::Vec;

use super::expression::{arithmetic_method, logical_condition, Class, Code, SELECT, UNARY};
use super::naming::{direction_word, line_word, ray_direction, Body};
use super::Export;
use crate::ctype::{CType, Suffix};
use crate::functions::{self, Function, Geometry, Gives, RustSpelling};
use crate::lex::Radix;
use crate::names::{self, BoardName};
use crate::parse::{Binary, Expr, Node, Unary};

/// C's spelling of a type in a declaration.
pub(super) fn c_name(ty: CType) -> &'static str {
    match ty {
        CType::Bool => "_Bool",
        CType::UnsignedLong => "uint64_t",
        CType::Long => "int64_t",
        CType::SignedChar
        | CType::UnsignedChar
        | CType::Short
        | CType::UnsignedShort
        | CType::Int
        | CType::Unsigned => ty.name(),
    }
}

impl Export<'_> {
    /// The C type of an expression, as the compiler types it.
    pub(super) fn c_type_of(&self, node: &Node, body: &Body) -> CType {
        match &node.expr {
            Expr::Number(value, radix, suffix) => CType::of_literal(*value, *radix == Radix::Decimal, *suffix),
            Expr::Name(name) => match body.index(name) {
                Some(slot) => body.types.get(slot).copied().unwrap_or(CType::WORD),
                None if names::board_name(name) == Some(BoardName::Square)
                    || names::square(name).is_some()
                    || self.formula.enumerator(name).is_some() =>
                {
                    CType::Int
                }
                None => CType::WORD,
            },
            Expr::Cast(ty, _) => *ty,
            Expr::Index(name, _) => self.formula.table(name).map_or(CType::WORD, |table| table.ty),
            Expr::Through(through) => self.formula.table(&through.table).map_or(CType::WORD, |table| table.ty),
            // GCC's form of the scan gives an int, 1 or 0.
            Expr::BitScan(_) => CType::Int,
            Expr::Unary(Unary::LogicalNot, _) | Expr::Logical(..) => CType::Int,
            Expr::Unary(Unary::Not | Unary::Negate, inner) => self.c_type_of(inner, body).promoted(),
            Expr::Binary(Binary::Compare(_), ..) => CType::Int,
            Expr::Binary(op, a, b) => {
                crate::c_arithmetic::result_type(*op, self.c_type_of(a, body), self.c_type_of(b, body))
            }
            Expr::Select(_, a, b) => CType::common(self.c_type_of(a, body), self.c_type_of(b, body)),
            Expr::Call(name, _) => {
                if let Some(index) = self.formula.program.functions.iter().position(|f| f.name == *name) {
                    return self.functions[index].returns;
                }
                match functions::function(name) {
                    // `C64(1)` is `1ULL`.
                    Some(Function::Identity) => CType::WORD,
                    Some(Function::Word(word)) if word.definition().gives == Gives::Count => CType::Int,
                    Some(Function::Word(_) | Function::Geometry(_)) | None => CType::WORD,
                }
            }
        }
    }

    /// `code` of type `from` written as a value of `to`, with a cast where they differ.
    fn cast_to(&self, code: Code, from: CType, to: CType) -> Code {
        if from.promoted() == to.promoted() || from == to {
            return code;
        }
        Code::new(format!("({}){}", c_name(to), code.tight()), UNARY, Class::Typed)
    }

    /// The node as C, as typed.
    pub(super) fn c_as_typed(&self, node: &Node, body: &Body) -> Code {
        match &node.expr {
            Expr::Number(value, radix, suffix) => Code::atom(typed_literal(*value, *radix, *suffix)),
            // `C64(x)`: x as the 64-bit word.
            Expr::Call(name, arguments) if functions::function(name) == Some(Function::Identity) => {
                match arguments.first() {
                    Some(argument) => {
                        self.cast_to(self.c_as_typed(argument, body), self.c_type_of(argument, body), CType::WORD)
                    }
                    None => Code::atom(String::from("0")),
                }
            }
            Expr::Name(_) | Expr::Call(..) | Expr::Index(..) | Expr::Through(..) | Expr::BitScan(..) => {
                self.c_code(node, body)
            }
            Expr::Cast(ty, inner) => {
                let operand = self.c_as_typed(inner, body);
                Code::new(format!("({}){}", c_name(*ty), operand.tight()), UNARY, Class::Typed)
            }
            Expr::Unary(op, inner) => {
                let symbol = match op {
                    Unary::Not => "~",
                    Unary::Negate => "-",
                    Unary::LogicalNot => "!",
                };
                let mut text = self.c_as_typed(inner, body).tight();
                if text.starts_with('-') {
                    text = format!("({text})");
                }
                Code::new(format!("{symbol}{text}"), UNARY, Class::Typed)
            }
            Expr::Binary(op, a, b) => {
                let (mut a_code, mut b_code) = (self.c_as_typed(a, body), self.c_as_typed(b, body));
                // A comparison of a signed value with an unsigned one: the conversion C makes,
                // written out (GCC's -Wsign-compare).
                if op.comparison().is_some() {
                    let (ta, tb) = (self.c_type_of(a, body), self.c_type_of(b, body));
                    let common = CType::common(ta, tb);
                    if ta.promoted().signed() != tb.promoted().signed() {
                        a_code = self.cast_to(a_code, ta, common);
                        b_code = self.cast_to(b_code, tb, common);
                    }
                }
                let mut code = Code::new(self.binary_text(*op, &a_code, &b_code), op.precedence(), Class::Typed);
                code.op = Some(*op);
                code
            }
            Expr::Logical(..) => self.c_code(node, body),
            Expr::Select(condition, then, otherwise) => {
                let condition = self.c_as_typed(condition, body);
                let (ta, tb) = (self.c_type_of(then, body), self.c_type_of(otherwise, body));
                let (mut a, mut b) = (self.c_as_typed(then, body), self.c_as_typed(otherwise, body));
                if ta.promoted().signed() != tb.promoted().signed() {
                    let common = CType::common(ta, tb);
                    a = self.cast_to(a, ta, common);
                    b = self.cast_to(b, tb, common);
                }
                let part = |code: &Code| {
                    if code.precedence <= SELECT {
                        format!("({})", code.text)
                    } else {
                        code.text.clone()
                    }
                };
                let mut code =
                    Code::new(format!("{} ? {} : {}", part(&condition), part(&a), part(&b)), SELECT, Class::Typed);
                code.is_if = true;
                code
            }
        }
    }
}

/// A literal as typed: its digits and suffix (C has no binary literals: hex, the binary in a
/// comment). A decimal past long long's largest is written unsigned, as GCC reads it.
fn typed_literal(value: u64, radix: Radix, suffix: Suffix) -> String {
    let suffix = match (radix, suffix) {
        (Radix::Decimal, Suffix::None | Suffix::Long) if value > i64::MAX as u64 => Suffix::UnsignedLong,
        _ => suffix,
    };
    match radix {
        Radix::Decimal => format!("{value}{}", suffix.spelling()),
        Radix::Hex => format!("{value:#x}{}", suffix.spelling()),
        Radix::Binary => format!("{value:#x}{} /* {value:#b} */", suffix.spelling()),
    }
}

/// Rust's type for a C type's values: the same width and sign, and C's `_Bool` a `u8` of 0 or 1.
pub(super) fn rust_name(ty: CType) -> &'static str {
    match ty {
        CType::Bool | CType::UnsignedChar => "u8",
        CType::SignedChar => "i8",
        CType::Short => "i16",
        CType::UnsignedShort => "u16",
        CType::Int => "i32",
        CType::Unsigned => "u32",
        CType::Long => "i64",
        CType::UnsignedLong => "u64",
    }
}

/// Where Rust's `as` binds: tighter than `*`, looser than a unary operator.
const CAST: u8 = 10;

impl Export<'_> {
    /// `code`, a value of `from`, as a value of `to`: Rust's `as` converts as C does (the bits
    /// kept, or read with a sign); a bool is whether the value is nonzero.
    fn rust_conversion(code: Code, from: CType, to: CType) -> Code {
        if rust_name(from) == rust_name(to) && (to != CType::Bool || from == CType::Bool) {
            return code;
        }
        if to == CType::Bool {
            return Code::atom(format!("u8::from({} != 0)", code.tight()));
        }
        Code::new(format!("{} as {}", code.tight(), rust_name(to)), CAST, Class::Typed)
    }

    /// The node as Rust, a value of the type `to`.
    pub(super) fn rust_converted(&self, node: &Node, body: &Body, to: CType) -> Code {
        let from = self.c_type_of(node, body);
        Self::rust_conversion(self.rust_as_typed(node, body), from, to)
    }

    /// The node as Rust, a value of its own C type's Rust type.
    pub(super) fn rust_as_typed(&self, node: &Node, body: &Body) -> Code {
        let ty = self.c_type_of(node, body);
        match &node.expr {
            Expr::Number(value, radix, _) => {
                let digits = match radix {
                    Radix::Decimal => format!("{value}"),
                    Radix::Hex => format!("{value:#x}"),
                    Radix::Binary => format!("{value:#b}"),
                };
                Code::atom(format!("{digits}_{}", rust_name(ty)))
            }
            Expr::Name(name) => match (body.index(name), names::square(name)) {
                (None, Some(square)) => Code::atom(format!("{square}_i32 /* {name} */")),
                _ => self.name(name, body),
            },
            Expr::Cast(to, inner) => self.rust_converted(inner, body, *to),
            Expr::Index(name, indices) => self.read(name, indices, body),
            Expr::Through(through) => self.read_through(through, body),
            Expr::BitScan(scan) => self.bit_scan(scan, body),
            Expr::Unary(op, inner) => match op {
                Unary::LogicalNot => {
                    let operand = self.rust_as_typed(inner, body);
                    Code::atom(format!("i32::from({} == 0)", operand.tight()))
                }
                Unary::Not => {
                    Code::new(format!("!{}", self.rust_converted(inner, body, ty).tight()), UNARY, Class::Typed)
                }
                // C's -INT_MIN is undefined, where the evaluator faults: Rust's `-` panics there
                // in a debug build. An unsigned negation wraps, as in C.
                Unary::Negate if ty.signed() => {
                    let operand = self.rust_converted(inner, body, ty).tight();
                    let operand = if operand.starts_with('-') { format!("({operand})") } else { operand };
                    Code::new(format!("-{operand}"), UNARY, Class::Typed)
                }
                Unary::Negate => {
                    Code::atom(format!("{}.wrapping_neg()", self.rust_converted(inner, body, ty).receiver()))
                }
            },
            Expr::Binary(op, a, b) => self.rust_binary(*op, (a, b), body, ty),
            Expr::Logical(..) => Code::atom(format!("i32::from({})", self.rust_typed_condition(node, body))),
            Expr::Select(condition, then, otherwise) => {
                let condition = self.rust_typed_condition(condition, body);
                let (then, otherwise) = (self.rust_converted(then, body, ty), self.rust_converted(otherwise, body, ty));
                let mut code = Code::new(
                    format!("if {condition} {{ {} }} else {{ {} }}", then.text, otherwise.text),
                    super::expression::IF,
                    Class::Typed,
                );
                code.is_if = true;
                code
            }
            Expr::Call(name, arguments) => self.rust_typed_call(name, arguments, body),
        }
    }

    /// A call read as C: the reader's function given its parameters' types; the language's
    /// word functions given 64-bit words, a count given back as C's int.
    fn rust_typed_call(&self, name: &str, arguments: &[Node], body: &Body) -> Code {
        let words = |arguments: &[Node]| -> Vec<String> {
            arguments.iter().map(|argument| self.rust_converted(argument, body, CType::WORD).text).collect()
        };
        if let Some(index) = self.formula.program.functions.iter().position(|f| f.name == *name) {
            let callee = &self.functions[index];
            let mut list: Vec<String> = Self::boards(callee.boards).map(String::from).collect();
            for (argument, ty) in arguments.iter().zip(&callee.types) {
                list.push(self.rust_converted(argument, body, *ty).text);
            }
            return Code::atom(format!("{}({})", self.function_names[index], list.join(", ")));
        }
        let helper =
            |name: &str, arguments: &[Node]| format!("{}({})", self.prefix.of(name), words(arguments).join(", "));
        let word = match functions::function(name) {
            None => return Code::atom(helper(name, arguments)),
            Some(Function::Identity) => {
                return arguments
                    .first()
                    .map_or(Code::atom("0_u64".into()), |a| self.rust_converted(a, body, CType::WORD))
            }
            Some(Function::Geometry(Geometry::Ray)) => {
                let direction = ray_direction(arguments).map_or("north", direction_word);
                return Code::atom(helper(&format!("ray_{direction}"), &arguments[..arguments.len().min(1)]));
            }
            Some(Function::Geometry(Geometry::Line(line))) => return Code::atom(helper(line_word(line), arguments)),
            Some(Function::Geometry(Geometry::Bit)) => return Code::atom(helper("bit", arguments)),
            Some(Function::Word(word)) => word.definition(),
        };
        let receiver =
            || arguments.first().map(|a| self.rust_converted(a, body, CType::WORD).receiver()).unwrap_or_default();
        let call = match word.rust {
            RustSpelling::CountMethod(method) => format!("{}.{method}()", receiver()),
            RustSpelling::Method(method) => format!("{}.{method}()", receiver()),
            RustSpelling::AmountMethod(method) => {
                let amount = arguments
                    .get(1)
                    .map(|n| format!("({} % 64) as u32", self.rust_converted(n, body, CType::WORD).tight()))
                    .unwrap_or_else(|| "0".into());
                format!("{}.{method}({amount})", receiver())
            }
            RustSpelling::Helper(_) | RustSpelling::Bmi2 { .. } => helper(word.name(), arguments),
        };
        match word.gives {
            Gives::Count => Code::new(format!("{call} as i32"), CAST, Class::Typed),
            Gives::ArgumentsOrder | Gives::BytesSwapped | Gives::Board => Code::atom(call),
        }
    }

    /// A binary operation of C, its operands converted to the type it computes in. Where C
    /// leaves it undefined, the evaluator faults: Rust's own operators panic there in a debug
    /// build (an overflow of a signed type, a shift by the width or more, a division by zero),
    /// all but a signed value shifted into its sign; an unsigned type wraps, as in C.
    fn rust_binary(&self, op: Binary, (a, b): (&Node, &Node), body: &Body, ty: CType) -> Code {
        let (ta, tb) = (self.c_type_of(a, body), self.c_type_of(b, body));
        let method = |name: &str, x: Code, y: &Code| Code::atom(format!("{}.{name}({})", x.receiver(), y.text));
        let operator = |x: Code, y: Code| {
            let mut code = Code::new(self.binary_text(op, &x, &y), op.precedence(), Class::Typed);
            code.op = Some(op);
            code
        };
        match op {
            Binary::Shl | Binary::Shr => {
                let x = self.rust_converted(a, body, ta.promoted());
                let amount = Self::rust_conversion(self.rust_as_typed(b, body), tb, CType::Unsigned);
                operator(x, amount)
            }
            Binary::Compare(_) => {
                let common = CType::common(ta, tb);
                let (x, y) = (self.rust_converted(a, body, common), self.rust_converted(b, body, common));
                Code::atom(format!("i32::from({})", self.binary_text(op, &x, &y)))
            }
            Binary::Div | Binary::Rem => {
                let (x, y) = (self.rust_converted(a, body, ty), self.rust_converted(b, body, ty));
                operator(x, y)
            }
            Binary::Add | Binary::Sub | Binary::Mul if ty.signed() => {
                let (x, y) = (self.rust_converted(a, body, ty), self.rust_converted(b, body, ty));
                operator(x, y)
            }
            Binary::Add | Binary::Sub | Binary::Mul => {
                let (x, y) = (self.rust_converted(a, body, ty), self.rust_converted(b, body, ty));
                method(arithmetic_method(op).unwrap_or("wrapping_add"), x, &y)
            }
            Binary::And | Binary::Or | Binary::Xor => {
                let (x, y) = (self.rust_converted(a, body, ty), self.rust_converted(b, body, ty));
                operator(x, y)
            }
        }
    }

    /// An `if`'s or a loop's test as Rust's bool, read as C: true where the value is not zero.
    pub(super) fn rust_typed_condition(&self, node: &Node, body: &Body) -> String {
        match &node.expr {
            Expr::Binary(op @ Binary::Compare(_), a, b) => {
                let common = CType::common(self.c_type_of(a, body), self.c_type_of(b, body));
                let (x, y) = (self.rust_converted(a, body, common), self.rust_converted(b, body, common));
                self.binary_text(*op, &x, &y)
            }
            Expr::Logical(op, a, b) => logical_condition(*op, (a, b), |node| self.rust_typed_condition(node, body)),
            Expr::Unary(Unary::LogicalNot, inner) => format!("{} == 0", self.rust_as_typed(inner, body).tight()),
            Expr::Number(..)
            | Expr::Name(_)
            | Expr::Unary(..)
            | Expr::Binary(..)
            | Expr::Select(..)
            | Expr::Cast(..)
            | Expr::Call(..)
            | Expr::Index(..)
            | Expr::Through(..)
            | Expr::BitScan(..) => format!("{} != 0", self.rust_as_typed(node, body).tight()),
        }
    }
}
