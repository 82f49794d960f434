//! The reader's tables in an export: declared as the reader declared them, with every entry
//! written out as worked out when the text was read (C's `static const`, Rust's `const`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::typed::{c_name, rust_name};
use super::{Export, Lang};
use crate::ctype::CType;
use crate::tables::{self, Table};

impl Export<'_> {
    /// The enums' constants, each with its value: C's `enum { … };`, Rust's `const`s.
    pub(super) fn enumerators(&mut self) {
        let constants = self.formula.compiled.enumerators.clone();
        if constants.is_empty() {
            return;
        }
        match self.lang {
            Lang::C => {
                let listed: Vec<String> =
                    constants.iter().map(|(name, value)| format!("{name} = {}", *value as i64)).collect();
                self.line(0, &format!("enum {{ {} }};", listed.join(", ")));
            }
            Lang::Rust => {
                for (name, value) in &constants {
                    self.line(0, "#[allow(non_upper_case_globals, dead_code)]");
                    self.line(0, &format!("const {name}: i32 = {};", *value as i64));
                }
            }
        }
        self.line(0, "");
    }

    /// The tables the exported code reads: those of the formula and of its functions that do
    /// not fill tables (those ran when the formula was read, and are left out).
    pub(super) fn tables(&mut self) {
        let fills = &self.formula.program.functions;
        let read: Vec<&String> = self
            .functions
            .iter()
            .zip(fills)
            .filter(|(_, function)| !function.fills)
            .flat_map(|(body, _)| &body.tables)
            .chain(&self.main.tables)
            .collect();
        let tables: Vec<Table> =
            self.formula.tables().iter().filter(|table| read.contains(&&table.name)).cloned().collect();
        if tables.is_empty() {
            return;
        }
        let fillers: Vec<String> = self.formula.program.fills.iter().map(|(name, _)| format!("{name}()")).collect();
        if fillers.is_empty() {
            self.line(0, "// The formula's tables, each entry as the formula worked it out.");
        } else {
            self.line(
                0,
                &format!("// The formula's tables, each entry as {} filled it, once,", fillers.join(" then ")),
            );
            self.line(0, "// when the formula was read.");
        }
        match self.lang {
            Lang::C => self.line(0, "// An index outside a table is undefined in C, where the formula faults."),
            Lang::Rust => self.line(0, "// An index outside a table panics, where the formula faults."),
        }
        for table in &tables {
            self.table(table);
        }
        self.line(0, "");
    }

    fn table(&mut self, table: &Table) {
        let entry = |value: u64| match self.lang {
            Lang::C => c_entry(table.ty, value),
            Lang::Rust => rust_entry(table.ty, value),
        };
        let entries: Vec<String> = table.entries.iter().map(|&value| entry(value)).collect();
        let head = match self.lang {
            Lang::C => {
                format!("static const {} {}{} = ", c_name(table.ty), tables::identifier(&table.name), table.shape())
            }
            Lang::Rust => {
                self.line(0, "#[allow(non_upper_case_globals)]");
                let mut ty = String::from(rust_name(table.ty));
                for dim in table.dims.iter().rev() {
                    ty = format!("[{ty}; {dim}]");
                }
                format!("const {}: {ty} = ", tables::identifier(&table.name))
            }
        };
        let (open, close) = match self.lang {
            Lang::C => ('{', '}'),
            Lang::Rust => ('[', ']'),
        };
        let mut lines = Vec::new();
        nested(&entries, &table.dims, 1, (open, close), &mut lines);
        let last = lines.len() - 1;
        for (at, line) in lines.into_iter().enumerate() {
            let text = match at {
                0 => format!("{head}{line}"),
                _ if at == last => format!("{line};"),
                _ => line,
            };
            let text = if last == 0 { format!("{text};") } else { text };
            self.line(0, &text);
        }
    }
}

/// The lines of `entries` in braces, a dimension's rows each in their own, `depth` deep: the
/// innermost rows eight entries a line (four of the 64-bit ones, in hex).
fn nested(entries: &[String], dims: &[u64], depth: usize, (open, close): (char, char), lines: &mut Vec<String>) {
    let indent = "    ".repeat(depth);
    if dims.len() == 1 {
        let per_line = if entries.first().is_some_and(|e| e.len() > 12) { 4 } else { 8 };
        if entries.len() <= per_line {
            lines.push(format!("{open}{}{close}", entries.join(", ")));
            return;
        }
        lines.push(String::from(open));
        for chunk in entries.chunks(per_line) {
            lines.push(format!("{indent}{},", chunk.join(", ")));
        }
        lines.push(format!("{}{close}", "    ".repeat(depth - 1)));
        return;
    }
    let row = entries.len() / dims[0] as usize;
    lines.push(String::from(open));
    for chunk in entries.chunks(row) {
        let mut inner = Vec::new();
        nested(chunk, &dims[1..], depth + 1, (open, close), &mut inner);
        let count = inner.len();
        for (at, line) in inner.into_iter().enumerate() {
            let comma = if at + 1 == count { "," } else { "" };
            // The row's first line opens it here; the rest are indented already.
            let indent = if at == 0 { indent.as_str() } else { "" };
            lines.push(format!("{indent}{line}{comma}"));
        }
    }
    lines.push(format!("{}{close}", "    ".repeat(depth - 1)));
}

/// An entry as C writes a value of its type: 64-bit sets in hex; the smallest `int` and
/// `long long` as C must (`-2147483647 - 1`: 2147483648 alone is no `int`).
fn c_entry(ty: CType, value: u64) -> String {
    match ty {
        CType::UnsignedLong => format!("0x{value:016x}ULL"),
        CType::Long if value as i64 == i64::MIN => String::from("(-9223372036854775807LL - 1)"),
        CType::Long => format!("{}LL", value as i64),
        CType::Int if value as i64 == i64::from(i32::MIN) => String::from("(-2147483647 - 1)"),
        CType::Unsigned => format!("{value}U"),
        CType::Bool | CType::SignedChar | CType::UnsignedChar | CType::Short | CType::UnsignedShort | CType::Int => {
            ty.show(value)
        }
    }
}

fn rust_entry(ty: CType, value: u64) -> String {
    match ty {
        CType::UnsignedLong => format!("0x{value:016x}"),
        CType::Bool
        | CType::SignedChar
        | CType::UnsignedChar
        | CType::Short
        | CType::UnsignedShort
        | CType::Int
        | CType::Unsigned
        | CType::Long => ty.show(value),
    }
}
