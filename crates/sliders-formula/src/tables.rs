//! A reader's tables: declared at the top level with their sizes and a `{ … }` initializer,
//! worked out once when the text is read (their sizes and entries are constants), and read
//! with computed indices by every stage: the evaluator, the prover, WebAssembly, the exports.
//!
//! Entries are kept as every value is ([`super::ctype`]): a signed type's sign-extended, an
//! unsigned one's zero-extended, in a 64-bit word; row after row, as C lays them out.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::c_arithmetic;
use super::ctype::{CType, Reading};
use super::lex::Radix;
use super::names;
use super::parse::{Binary, Designator, Expr, Initializer, Node, Unary};
use super::{Error, Span};

/// The most entries all of a text's tables hold together: 1 MiB of 8-byte words, room for a
/// rook's fancy magic table (102,400 entries) and its masks, magics and offsets.
pub const MAX_ENTRIES: usize = 128 * 1024;

/// A table worked out: its name, its entries' type, its sizes and its entries, row after row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub name: String,
    pub ty: CType,
    /// Declared `const`: only its initializer gives it entries.
    pub constant: bool,
    pub dims: Vec<u64>,
    pub entries: Vec<u64>,
}

impl Table {
    /// Whether its entries are sets of squares (the unsigned 64-bit word's, as a technique's
    /// tables of masks), shown as boards; a narrower or signed type's entries are numbers.
    pub fn holds_sets(&self) -> bool {
        self.ty == CType::WORD
    }

    /// Its sizes as C writes them: `[8][64]`.
    pub fn shape(&self) -> String {
        self.dims.iter().map(|dim| format!("[{dim}]")).collect()
    }

    /// The entry at `indices`, row after row; `Err` with the dimension (from 0) an index is
    /// past.
    pub fn entry(&self, indices: &[u64]) -> Result<u64, usize> {
        self.flat(&self.dims, indices).map(|flat| self.entries[flat])
    }

    /// The number of the entry at `indices`, counted row after row by the sizes `dims` (the
    /// table's, or its number of entries for a read through a pointer); `Err` with the
    /// dimension (from 0) an index is past.
    pub fn flat(&self, dims: &[u64], indices: &[u64]) -> Result<usize, usize> {
        let mut flat = 0u64;
        for (at, (&index, &dim)) in indices.iter().zip(dims).enumerate() {
            if index >= dim {
                return Err(at);
            }
            flat = flat * dim + index;
        }
        Ok(flat as usize)
    }

    /// What reading past dimension `at` with `index` says: "rays: index 8 is outside the
    /// table, … rays's first index runs from 0 to 7"; read `through` a pointer, the entry's
    /// number said as one.
    pub fn out_of_bounds(&self, through: bool, at: usize, (index, signed): (u64, bool)) -> String {
        let name = declared_name(&self.name);
        let shown = if signed { format!("{}", index as i64) } else { format!("{index}") };
        if through {
            let entries = self.entries.len();
            return format!(
                "{name}: a pointer here points to entry {shown}, outside the table, which C leaves undefined: {name} has {entries} entries, numbered from 0 to {}",
                entries - 1
            );
        }
        let ordinal = ["first", "second", "third"].get(at).copied().unwrap_or("last");
        let dim = self.dims[at];
        let whose = if self.dims.len() == 1 { String::new() } else { format!("{ordinal} ") };
        format!(
            "{name}: index {shown} is outside the table, which C leaves undefined: {name}'s {whose}index runs from 0 to {}",
            dim - 1
        )
    }
}

/// The name a table was declared with: a struct's field's table (`masks.lower`) is its
/// struct table's (`masks`).
pub fn declared_name(name: &str) -> &str {
    name.split('.').next().unwrap_or(name)
}

/// A table's name as a C or Rust identifier: a struct's field's table (`masks.lower`) is
/// written as a table of its own, `masks_lower`.
pub fn identifier(name: &str) -> String {
    name.replace('.', "_")
}

/// What a constant may name beside numbers: the enums' constants, worked out, and the reading.
#[derive(Clone, Copy)]
pub struct Constants<'a> {
    pub reading: Reading,
    pub enumerators: &'a [(String, u64)],
}

/// The enums' constants, each its value: the one given, or one more than the one before.
pub fn enumerators(declared: &[super::parse::Enumerator], reading: Reading) -> Result<Vec<(String, u64)>, Error> {
    let mut values: Vec<(String, u64)> = Vec::new();
    // The next constant's value where none is given: none past int's largest.
    let mut next = Some(0u64);
    for enumerator in declared {
        if names::board_name(&enumerator.name).is_some() || names::square(&enumerator.name).is_some() {
            return Err(Error::at(
                enumerator.span,
                &format!("{} is already a name of the board: call the constant something else", enumerator.name),
            ));
        }
        let value = match &enumerator.value {
            Some(node) => {
                let (value, ty) = constant(node, Constants { reading, enumerators: &values })?;
                let number = if ty.signed() { i128::from(value as i64) } else { i128::from(value) };
                if number < i128::from(i32::MIN) || number > i128::from(i32::MAX) {
                    return Err(Error::at(node.span, "an enum's constant is an int: -2147483648 to 2147483647"));
                }
                CType::Int.convert(value)
            }
            None => next.ok_or_else(|| {
                Error::at(enumerator.span, "this constant would be 2147483648, past what an int holds: give it a value")
            })?,
        };
        next = (value != i32::MAX as u64).then(|| CType::Int.convert(value.wrapping_add(1)));
        values.push((enumerator.name.clone(), value));
    }
    Ok(values)
}

/// Works out every table, in the order they were declared; an error names what is not a
/// constant, a size that is not one, or an initializer that does not fit.
pub fn work_out(tables: &[super::parse::Table], constants: Constants) -> Result<Vec<Table>, Error> {
    let reading = constants.reading;
    let mut out: Vec<Table> = Vec::new();
    let mut total = 0usize;
    for table in tables {
        if names::board_name(&table.name).is_some() || names::square(&table.name).is_some() {
            return Err(Error::at(
                table.span,
                &format!("{} is already a name of the board: call the table something else", table.name),
            ));
        }
        let ty = match (reading, table.ty) {
            (Reading::C, Some(ty)) => ty,
            (Reading::C | Reading::Lab, _) => {
                return Err(Error::at(
                    table.span,
                    &format!("a table is C's: give {} a C type, as const U64 {}[…] = {{ … }};", table.name, table.name),
                ))
            }
        };
        let mut dims = Vec::new();
        for (at, (size, brackets)) in table.dims.iter().enumerate() {
            dims.push(match size {
                Some(node) => {
                    let (value, size_type) = constant(node, constants)?;
                    if size_type.signed() && (value as i64) < 1 || value == 0 {
                        return Err(Error::at(node.span, "a table's size is at least 1"));
                    }
                    value
                }
                None if at == 0 && table.initializer.is_some() => 0,
                None => {
                    return Err(Error::at(
                        *brackets,
                        "a size goes between the brackets: only the first may be left out, where an initializer gives the entries",
                    ))
                }
            });
        }
        let row: u64 = dims[1..].iter().try_fold(1u64, |n, &d| n.checked_mul(d)).unwrap_or(u64::MAX);
        let mut entries = Vec::new();
        let whole = |first: u64| first.checked_mul(row).filter(|&n| total as u64 + n <= MAX_ENTRIES as u64);
        match &table.initializer {
            Some(initializer) => {
                let limit = if dims[0] == 0 { None } else { Some(whole(dims[0])) };
                let mut filling = Filling { ty, constants, entries: &mut entries, limit: MAX_ENTRIES - total };
                if let Some(None) = limit {
                    return Err(too_many(table.span, &table.name));
                }
                filling.fill(initializer, &dims, 0, &table.name)?;
                if dims[0] == 0 {
                    dims[0] = (entries.len() as u64).div_ceil(row).max(1);
                }
                let Some(size) = whole(dims[0]) else { return Err(too_many(table.span, &table.name)) };
                entries.resize(size as usize, 0);
            }
            None => match whole(dims[0]) {
                Some(size) => entries.resize(size as usize, 0),
                None => return Err(too_many(table.span, &table.name)),
            },
        }
        total += entries.len();
        out.push(Table { name: table.name.clone(), ty, constant: table.constant, dims, entries });
    }
    Ok(out)
}

fn too_many(span: Span, name: &str) -> Error {
    Error::at(
        span,
        &format!("{name} makes the tables hold more than {MAX_ENTRIES} entries, the most the lab keeps (1 MiB)"),
    )
}

struct Filling<'e> {
    ty: CType,
    constants: Constants<'e>,
    entries: &'e mut Vec<u64>,
    /// The most entries all of this table may hold.
    limit: usize,
}

impl Filling<'_> {
    /// Fills the part of the table whose sizes are `dims` from `start` (an entry's number),
    /// with `initializer`: a braced entry fills the next row of the dimension below, a value
    /// the next entry (C's brace elision).
    fn fill(&mut self, initializer: &Initializer, dims: &[u64], start: u64, name: &str) -> Result<(), Error> {
        let Initializer::List(items, span) = initializer else {
            return Err(Error::at(initializer.span(), &format!("{name}'s entries go in braces: {{ … }}")));
        };
        let size: u64 = dims.iter().product::<u64>().max(1);
        // The first size may be open (0): as many rows as the entries make.
        let open = dims.first() == Some(&0);
        let row: u64 = dims.get(1..).map_or(1, |rest| rest.iter().product());
        let mut at = 0u64;
        for item in items {
            // `[i] = …` goes on from row i (entry i in the last dimension).
            let item = match item {
                Initializer::Designated(Designator::Index(index), value, _) => {
                    let (position, ty) = constant(index, self.constants)?;
                    let rows = dims.first().copied().unwrap_or(1);
                    if ty.signed() && (position as i64) < 0 || !open && position >= rows {
                        let shown = if ty.signed() { format!("{}", position as i64) } else { format!("{position}") };
                        return Err(Error::at(
                            index.span,
                            &format!(
                                "[{shown}] is outside {name} here: its index runs from 0 to {}",
                                rows.saturating_sub(1)
                            ),
                        ));
                    }
                    at = position * row;
                    &**value
                }
                Initializer::Designated(Designator::Field(field, at_field), _, _) => {
                    return Err(Error::at(
                        *at_field,
                        &format!("{name}'s entries are values, not structs: it has no field {field}"),
                    ));
                }
                Initializer::Value(_) | Initializer::List(..) => item,
            };
            if !open && at >= size {
                return Err(Error::at(
                    item.span(),
                    &format!("{name} has no room for this entry: it holds {size} here"),
                ));
            }
            match item {
                Initializer::List(_, list_span) => {
                    if dims.len() <= 1 {
                        return Err(Error::at(
                            *list_span,
                            &format!("braces inside {name}'s last dimension: an entry is one value"),
                        ));
                    }
                    at = at.div_ceil(row) * row;
                    self.fill(item, &dims[1..], start + at, name)?;
                    at += row;
                }
                Initializer::Designated(_, _, nested) => {
                    return Err(Error::at(*nested, "a designator goes before an entry, not before another designator"));
                }
                Initializer::Value(node) => {
                    let (value, from) = constant(node, self.constants)?;
                    let kept = match self.constants.reading {
                        Reading::C => self.ty.convert(value),
                        Reading::Lab => value,
                    };
                    let _ = from;
                    let index = (start + at) as usize;
                    if index >= self.limit {
                        return Err(too_many(node.span, name));
                    }
                    if self.entries.len() <= index {
                        self.entries.resize(index + 1, 0);
                    }
                    self.entries[index] = kept;
                    at += 1;
                }
            }
        }
        let _ = span;
        Ok(())
    }
}

/// A constant's value and C type: numbers, squares' names, and operations and casts of them,
/// as C computes them (the lab's words in the lab's reading).
pub fn constant(node: &Node, constants: Constants) -> Result<(u64, CType), Error> {
    let reading = constants.reading;
    let word = |value: u64| Ok((value, CType::WORD));
    let undefined = |span: Span, what: &str| {
        Error::at(span, &format!("{what} is undefined in C, so it cannot give a table's size or entry"))
    };
    match &node.expr {
        Expr::Number(value, radix, suffix) => match reading {
            Reading::C => Ok((*value, CType::of_literal(*value, *radix == Radix::Decimal, *suffix))),
            Reading::Lab => word(*value),
        },
        Expr::Name(name) => {
            let enumerator = constants.enumerators.iter().rev().find(|(constant, _)| constant == name);
            match (enumerator.map(|(_, value)| *value).or_else(|| names::square(name)), reading) {
                (Some(value), Reading::C) => Ok((value, CType::Int)),
                (Some(value), Reading::Lab) => word(value),
                (None, _) => Err(Error::at(
                    node.span,
                    &format!("{name} is not a constant: a table's sizes and entries, an enum's and a case's values are numbers, squares' names, an enum's constants and #defined constants"),
                )),
            }
        }
        Expr::Cast(ty, inner) => {
            let (value, _) = constant(inner, constants)?;
            match reading {
                Reading::C => Ok((ty.convert(value), *ty)),
                Reading::Lab => word(value),
            }
        }
        Expr::Unary(op, inner) => {
            let (value, ty) = constant(inner, constants)?;
            match reading {
                Reading::C => {
                    let promoted = ty.promoted();
                    let result = c_arithmetic::unary(*op, promoted, promoted.convert(value))
                        .map_err(|_| undefined(node.span, &format!("{}{}", unary_symbol(*op), ty.show(value))))?;
                    Ok((result, if *op == Unary::LogicalNot { CType::Int } else { promoted }))
                }
                Reading::Lab => word(match op {
                    Unary::Not => !value,
                    Unary::Negate => value.wrapping_neg(),
                    Unary::LogicalNot => u64::from(value == 0),
                }),
            }
        }
        Expr::Binary(op, a, b) => {
            let ((x, tx), (y, ty)) = (constant(a, constants)?, constant(b, constants)?);
            match reading {
                Reading::C => {
                    let (to_a, to_b) = c_arithmetic::operand_types(*op, tx, ty);
                    let result = c_arithmetic::binary(*op, to_a, to_a.convert(x), to_b.convert(y))
                        .map_err(|_| undefined(node.span, &format!("{} {} {}", tx.show(x), op.symbol(), ty.show(y))))?;
                    Ok((result, c_arithmetic::result_type(*op, tx, ty)))
                }
                Reading::Lab if matches!(op, Binary::Div | Binary::Rem) && y == 0 => {
                    Err(undefined(node.span, "a division by zero"))
                }
                Reading::Lab => word((op.definition().value)(x, y)),
            }
        }
        Expr::Logical(..)
        | Expr::Select(..)
        | Expr::Call(..)
        | Expr::Index(..)
        | Expr::Through(..)
        | Expr::BitScan(..) => Err(Error::at(
            node.span,
            "a table's sizes and entries are numbers, or operations and casts of them: not calls, choices or tables",
        )),
    }
}

/// The indices of a read, as the step names them: `[dir][sq]`.
pub fn indices_text(indices: &[String]) -> String {
    indices.iter().map(|index| format!("[{index}]")).collect()
}

const fn unary_symbol(op: Unary) -> char {
    match op {
        Unary::Not => '~',
        Unary::Negate => '-',
        Unary::LogicalNot => '!',
    }
}
