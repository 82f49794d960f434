//! C's structs and pointers, read as what they are in memory: tables and entry numbers.
//!
//! A table of structs (`struct SMasks { U64 lower, upper, lineEx; } masks[64][4];`) is a
//! table per field, of the table's sizes and the field's type (`masks.lower[64][4]`): its
//! entries are the field's, row after row. A pointer into a table (`const SMasks *pMask =
//! masks[sq] + 1`) is the number of the entry it points to, counted row after row from the
//! table's first (`sq * 4 + 1`), a `long` kept as any number is; which table it points into
//! is known where it is declared. Reading through it (`pMask->lower`, `p[k]`, `*p`) reads
//! that entry of the table, checked against the whole table where it is read.
//!
//! The parser keeps what a pointer needs: the structs declared, each table's sizes and what
//! its entries are, the pointers in scope and which of a function's parameters are pointers.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{
    Binary, Declaration, Declared, Designator, Expr, Initializer, Node, Parameter, Parser, Statement, Table, Through,
    Written,
};
use crate::ctype::CType;
use crate::lex::{Radix, Token};
use crate::{Error, Span};

/// The most fields a struct has.
const MAX_FIELDS: usize = 16;

/// A struct's type: the names it goes by (its tag, a typedef's) and its fields in order.
pub(super) struct StructType {
    names: Vec<String>,
    /// Each field's name and type: a pointer field's is `long long`, the number of the entry
    /// it points to.
    fields: Vec<(String, CType)>,
    /// Which fields are pointers (`U64 *attacks`).
    pointer_fields: Vec<bool>,
}

/// What a table's entries are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Element {
    /// Structs of the type at this place among the declared ones.
    Struct(usize),
    /// Values of a type (the lab's word where none is named).
    Value(Option<CType>),
}

/// A table declared above, as a pointer into it needs it: its name, its entries, its sizes.
pub(super) struct Shape {
    name: String,
    element: Element,
    dims: Vec<Option<Node>>,
    /// For a table of structs, the table each pointer field points into, known from the
    /// first assignment of it (`magics[sq].attacks = table + next;`).
    targets: Vec<Option<usize>>,
}

/// A pointer field's own value, read where a pointer is wanted: the table of structs (its
/// place among the shapes) and the field's place.
pub(super) type PointerField = Option<(usize, usize)>;

/// A pointer's value: the number of the entry it points to, and the table (its place among
/// the shapes).
struct Pointed {
    offset: Node,
    table: usize,
}

/// A struct's fields as declared: each name and type, and which are pointers.
type Fields = (Vec<(String, CType)>, Vec<bool>);

/// The parser's record of structs, tables and pointers.
#[derive(Default)]
pub(super) struct Pointers {
    structs: Vec<StructType>,
    shapes: Vec<Shape>,
    /// The pointers of the function being read (or of the statements outside functions),
    /// each the table it points into.
    in_scope: Vec<(String, usize)>,
    /// The functions read so far: which of their parameters are pointers, and into which table.
    signatures: Vec<(String, Vec<Option<usize>>)>,
}

fn node(expr: Expr, span: Span) -> Node {
    Node { expr, span }
}

fn number(value: u64, span: Span) -> Node {
    node(Expr::Number(value, Radix::Decimal, crate::ctype::Suffix::None), span)
}

impl<'a> Parser<'_, 'a> {
    /// Notes a table of values declared above, for pointers into it.
    pub(super) fn note_table(&mut self, table: &Table) {
        let shape = Shape {
            name: table.name.clone(),
            element: Element::Value(table.ty),
            dims: sizes(table),
            targets: Vec::new(),
        };
        self.pointers.shapes.push(shape);
    }

    /// The struct named here (`SMasks`, `struct SMasks`, after `const` or `static`), and how
    /// many tokens it takes.
    fn struct_named_here(&self) -> Option<(usize, usize)> {
        let mut ahead = 0;
        while matches!(self.peek_at(ahead), Token::Name("const" | "static")) {
            ahead += 1;
        }
        if self.peek_at(ahead) == Token::Name("struct") {
            ahead += 1;
        }
        let Token::Name(name) = self.peek_at(ahead) else { return None };
        let found = self.pointers.structs.iter().position(|s| s.names.iter().any(|n| n == name))?;
        Some((found, ahead + 1))
    }

    /// `struct SMasks { U64 lower; U64 upper, lineEx; } masks[64][4];` or `typedef struct
    /// { … } SMasks;`: the tables it declares (a table per field), `None` if no struct's
    /// declaration starts here.
    pub(super) fn structure(&mut self) -> Result<Option<Vec<Table>>, Error> {
        let typedef = self.peek() == Token::Name("typedef");
        let at = usize::from(typedef);
        let braced = |ahead: usize| self.peek_at(at + ahead) == Token::Punct("{");
        let tagged = matches!(self.peek_at(at + 1), Token::Name(_)) && braced(2);
        if self.peek_at(at) != Token::Name("struct") || !(tagged || braced(1)) {
            return Ok(None);
        }
        let keyword = self.tokens[self.at + at].1;
        if self.c_typed_at.is_none() {
            self.c_typed_at = Some((keyword, String::from("struct")));
        }
        for _ in 0..=at {
            self.next();
        }
        let mut names = Vec::new();
        if tagged {
            names.push(self.type_name("the struct's name")?);
        }
        let (fields, pointer_fields) = self.fields()?;
        let index = self.pointers.structs.len();
        if typedef {
            names.push(self.type_name("the struct type's name, after its }")?);
            self.pointers.structs.push(StructType { names, fields, pointer_fields });
            return Ok(Some(Vec::new()));
        }
        self.pointers.structs.push(StructType { names, fields, pointer_fields });
        if matches!(self.peek(), Token::Punct(";") | Token::Newline | Token::End) {
            return Ok(Some(Vec::new()));
        }
        self.struct_declarators(index, false).map(Some)
    }

    /// A new type's name, which no type above has.
    fn type_name(&mut self, what: &str) -> Result<String, Error> {
        let (name, at) = self.name(what)?;
        let taken = self.alias(&name).is_some() || self.pointers.structs.iter().any(|s| s.names.contains(&name));
        if taken {
            return Err(Error::at(at, &format!("{name} names a type above already")));
        }
        Ok(name)
    }

    /// `{ U64 lower; int shift; U64 *attacks; }`: each field's name and type, and which are
    /// pointers.
    fn fields(&mut self) -> Result<Fields, Error> {
        let open = self.expect("{", "{ and the struct's fields")?;
        let mut fields: Vec<(String, CType)> = Vec::new();
        let mut pointer_fields = Vec::new();
        loop {
            self.skip_separators();
            if self.eat("}") {
                break;
            }
            let start = self.span();
            let (typed, ty) = self.skip_type_words()?;
            let Some(ty) = ty.filter(|_| typed) else {
                return Err(Error::at(start, "expected a field's C type, such as U64 or int"));
            };
            loop {
                // A pointer field holds the number of the entry it points to.
                let pointer = self.eat("*");
                self.eat_name("const");
                let (name, at) = self.name("a field's name")?;
                if self.is("[") {
                    return Err(Error::at(
                        self.span(),
                        "a table inside a struct is not part of the language yet: give each entry a field of its own, or make the table's rows the structs",
                    ));
                }
                if fields.iter().any(|(field, _)| *field == name) {
                    return Err(Error::at(at, &format!("the struct has a field named {name} above")));
                }
                if fields.len() == MAX_FIELDS {
                    return Err(Error::at(at, &format!("a struct has at most {MAX_FIELDS} fields")));
                }
                fields.push((name, if pointer { CType::Long } else { ty }));
                pointer_fields.push(pointer);
                if !self.eat(",") {
                    break;
                }
            }
            if !matches!(self.peek(), Token::Punct(";" | "}") | Token::Newline) {
                return Err(self.unexpected("expected ; after the field"));
            }
        }
        if fields.is_empty() {
            return Err(Error::at(open, "a struct has at least one field"));
        }
        Ok((fields, pointer_fields))
    }

    /// `const SMasks masks[64][4] = { … };`: the tables, a table per field; `None` if no
    /// table of structs is declared here.
    pub(super) fn struct_table(&mut self) -> Result<Option<Vec<Table>>, Error> {
        let Some((index, tokens)) = self.struct_named_here() else { return Ok(None) };
        if !matches!(self.peek_at(tokens), Token::Name(_)) || self.peek_at(tokens + 1) != Token::Punct("[") {
            return Ok(None);
        }
        let constant = (0..tokens).any(|ahead| self.peek_at(ahead) == Token::Name("const"));
        for _ in 0..tokens {
            self.next();
        }
        self.struct_declarators(index, constant).map(Some)
    }

    /// The tables after a struct's type: `masks[64][4] = { … }, other[8]`.
    fn struct_declarators(&mut self, index: usize, constant: bool) -> Result<Vec<Table>, Error> {
        let mut tables = Vec::new();
        loop {
            let declared = self.declarator((None, constant))?;
            tables.extend(self.split_by_field(index, declared)?);
            if !self.eat(",") {
                return Ok(tables);
            }
            self.skip_newlines();
        }
    }

    /// A table of structs as a table per field: `masks.lower`, `masks.upper`, …, each of the
    /// table's sizes and entries from its place in each struct's initializer.
    fn split_by_field(&mut self, index: usize, table: Table) -> Result<Vec<Table>, Error> {
        let fields = &self.pointers.structs[index].fields;
        if let (Some(initializer), true) =
            (&table.initializer, self.pointers.structs[index].pointer_fields.contains(&true))
        {
            return Err(Error::at(
                initializer.span(),
                "a struct with a pointer field gets its values in a function that fills tables (magics[sq].attacks = table + next;), not from an initializer",
            ));
        }
        let initializers = match &table.initializer {
            Some(initializer) => {
                let struct_name = &self.pointers.structs[index].names[0];
                let names: Vec<String> = fields.iter().map(|(name, _)| name.clone()).collect();
                let split = split(initializer, (0, table.dims.len()), &names, struct_name)?;
                split.into_iter().map(Some).collect()
            }
            None => alloc::vec![None; fields.len()],
        };
        let tables = fields
            .iter()
            .zip(initializers)
            .map(|((field, ty), initializer)| Table {
                name: format!("{}.{field}", table.name),
                span: table.span,
                ty: Some(*ty),
                constant: table.constant,
                dims: table.dims.clone(),
                initializer,
            })
            .collect();
        let dims = sizes(&table);
        let targets = alloc::vec![None; fields.len()];
        let shape = Shape { name: table.name, element: Element::Struct(index), dims, targets };
        self.pointers.shapes.push(shape);
        Ok(tables)
    }

    /// A pointer's type here (`const SMasks *`, `U64 *`): what it points to, and how many
    /// tokens stand before the `*`.
    fn pointee_here(&self) -> Option<(Element, usize)> {
        if let Some((index, tokens)) = self.struct_named_here() {
            return (self.peek_at(tokens) == Token::Punct("*")).then_some((Element::Struct(index), tokens));
        }
        let typed = self.type_words();
        if typed == 0 || self.peek_at(typed) != Token::Punct("*") {
            return None;
        }
        Some((Element::Value(None), typed))
    }

    /// Reads a pointer's type and its `*`: what it points to.
    fn pointee(&mut self, tokens: usize, element: Element) -> Result<Element, Error> {
        let element = match element {
            Element::Struct(_) => {
                for _ in 0..tokens {
                    self.next();
                }
                element
            }
            Element::Value(_) => Element::Value(self.skip_type_words()?.1),
        };
        self.expect("*", "*")?;
        // `SMasks *const p`: the pointer itself never changes, which changes nothing here.
        self.eat_name("const");
        Ok(element)
    }

    /// `const SMasks *pMask = masks[sq] + 1, *other = …;` inside a function or among the
    /// statements: `None` if no pointer is declared here.
    pub(super) fn pointer_declaration(&mut self) -> Result<Option<Declaration>, Error> {
        let Some((element, tokens)) = self.pointee_here() else { return Ok(None) };
        let start = self.span();
        let element = self.pointee(tokens, element)?;
        let mut declaration = Declaration::default();
        loop {
            let (name, name_span) = self.name("the pointer's name")?;
            if self.eat("=") {
                self.skip_newlines();
                let value = self.pointer_value(element, &name)?;
                self.pointers.in_scope.push((name.clone(), value.table));
                let ty = Some(CType::Long);
                declaration.assigned.push(Statement::Assign {
                    name,
                    name_span,
                    value: value.offset,
                    declares: true,
                    ty,
                });
            } else {
                let table = self.only_table(element, Span::new(start.start, name_span.end), &name)?;
                self.pointers.in_scope.push((name.clone(), table));
                declaration.declared.push(Declared { name, span: name_span, ty: Some(CType::Long) });
            }
            if !self.eat(",") {
                break;
            }
            self.skip_newlines();
            self.expect("*", "* before the next pointer's name")?;
        }
        Ok(Some(declaration))
    }

    /// A function's parameter that is a pointer (`const SMasks *pMask`): `None` if the one
    /// here is not. It points into the one table of its type.
    pub(super) fn pointer_parameter(&mut self) -> Result<Option<(Parameter, usize)>, Error> {
        let Some((element, tokens)) = self.pointee_here() else { return Ok(None) };
        let start = self.span();
        let element = self.pointee(tokens, element)?;
        let (name, span) = self.name("the parameter's name")?;
        let table = self.only_table(element, Span::new(start.start, span.end), &name)?;
        self.pointers.in_scope.push((name.clone(), table));
        Ok(Some((Parameter { name, span, number: true, ty: Some(CType::Long) }, table)))
    }

    /// The table a pointer declared without a value points into: the one table of its type.
    fn only_table(&self, element: Element, span: Span, name: &str) -> Result<usize, Error> {
        let of_type: Vec<usize> = (0..self.pointers.shapes.len())
            .filter(|&at| points_to(self.pointers.shapes[at].element, element))
            .collect();
        match of_type.as_slice() {
            [one] => Ok(*one),
            [] => {
                Err(Error::at(span, &format!("{name} points into a table, and no table of its type is declared above")))
            }
            _ => {
                let names: Vec<&str> = of_type.iter().map(|&at| self.pointers.shapes[at].name.as_str()).collect();
                Err(Error::at(
                    span,
                    &format!(
                        "{name} could point into {}: the lab follows a pointer into one table, known where it is declared; give {name} its value there, or pass the entry's number instead",
                        names.join(" or ")
                    ),
                ))
            }
        }
    }

    /// Starts a function's scope of pointers; what was in scope before comes back after.
    pub(super) fn enter_function(&mut self) -> Vec<(String, usize)> {
        core::mem::take(&mut self.pointers.in_scope)
    }

    pub(super) fn leave_function(&mut self, name: &str, pointers: Vec<Option<usize>>, outside: Vec<(String, usize)>) {
        self.pointers.in_scope = outside;
        self.pointers.signatures.push((name.to_string(), pointers));
    }

    /// The table the pointer `name` in scope points into.
    pub(super) fn pointer(&self, name: &str) -> Option<usize> {
        self.pointers.in_scope.iter().rev().find(|(pointer, _)| pointer == name).map(|(_, table)| *table)
    }

    /// Which of `function`'s parameters are pointers, and into which table, if it is defined above.
    pub(super) fn pointer_parameters(&self, function: &str) -> Option<Vec<Option<usize>>> {
        let found = self.pointers.signatures.iter().rev().find(|(name, _)| name == function)?;
        found.1.iter().any(Option::is_some).then(|| found.1.clone())
    }

    /// An argument for a parameter that points into `table`: the entry's number.
    pub(super) fn pointer_argument(&mut self, table: usize, function: &str) -> Result<Node, Error> {
        let start = self.span();
        let element = self.pointers.shapes[table].element;
        let value = self.pointer_value(element, function)?;
        if value.table != table {
            let (wanted, given) = (&self.pointers.shapes[table].name, &self.pointers.shapes[value.table].name);
            return Err(Error::at(
                Span::new(start.start, value.offset.span.end),
                &format!("{function} reads {wanted} through this pointer, and this one points into {given}"),
            ));
        }
        Ok(value.offset)
    }

    /// `p = masks[sq] + 2;` for a pointer `p`: the entry's number it now points to.
    pub(super) fn pointer_assignment(&mut self, name: &str) -> Result<Node, Error> {
        let Some(table) = self.pointer(name) else {
            return Err(self.unexpected("expected a pointer"));
        };
        let start = self.span();
        let element = self.pointers.shapes[table].element;
        let value = self.pointer_value(element, name)?;
        if value.table != table {
            let (was, now) = (&self.pointers.shapes[table].name, &self.pointers.shapes[value.table].name);
            return Err(Error::at(
                Span::new(start.start, value.offset.span.end),
                &format!(
                    "{name} points into {was} where it is declared, and here into {now}: the lab follows a pointer into one table; declare another pointer for {now}"
                ),
            ));
        }
        Ok(value.offset)
    }

    /// A pointer's value, for a pointer to `element` (what `whose` names): `&t[i][j]`, `t[i]`
    /// (a row's first entry), `t` (a table of one dimension), another pointer, each plus or
    /// minus a number of entries.
    fn pointer_value(&mut self, element: Element, whose: &str) -> Result<Pointed, Error> {
        let value = self.pointer_value_of_any(whose)?;
        let found = self.pointers.shapes[value.table].element;
        if !points_to(found, element) {
            let table = &self.pointers.shapes[value.table].name;
            return Err(Error::at(
                value.offset.span,
                &format!("this points into {table}, whose entries are not of the type {whose} points to"),
            ));
        }
        Ok(value)
    }

    /// The first operand of a pointer's value.
    fn pointer_operand(&mut self, whose: &str) -> Result<Pointed, Error> {
        let start = self.span();
        if self.eat("(") {
            self.parens += 1;
            let inner = self.pointer_value_of_any(whose);
            self.parens -= 1;
            let mut inner = inner?;
            let close = self.expect(")", ") to close the (")?;
            inner.offset.span = Span::new(start.start, close.end);
            return Ok(inner);
        }
        let address = self.eat("&");
        let (name, at) = self.name("a pointer: &table[i], a table's row table[i], or another pointer")?;
        // A pointer field: `p->attacks`, `magics[sq].attacks`.
        if !address && (self.pointer(&name).is_some() && self.is("->") || self.struct_field_follows(&name)) {
            return self.pointer_field_operand(name, at);
        }
        if let Some(table) = self.pointer(&name).filter(|_| !address) {
            return Ok(Pointed { offset: node(Expr::Name(name), at), table });
        }
        let Some(table) = self.pointers.shapes.iter().rposition(|shape| shape.name == name) else {
            return Err(Error::at(at, &format!("{name} is not a table or a pointer, so {whose} cannot point into it")));
        };
        let mut indices = Vec::new();
        let mut end = at.end;
        while self.eat("[") {
            indices.push(self.bracketed()?);
            end = self.expect("]", "] to close the index")?.end;
        }
        let span = Span::new(start.start, end);
        let dims = self.pointers.shapes[table].dims.len();
        // `&t[i][j]` is entry (i, j); `t[i]` of a table of two dimensions is its row i's first.
        let wanted = if address { dims } else { dims - 1 };
        if indices.len() != wanted {
            let shape = &self.pointers.shapes[table];
            let message = if address {
                format!("&{name} takes an index per dimension, {dims}: &{name}{}", "[…]".repeat(dims))
            } else if dims == 1 {
                format!(
                    "{name}[…] is an entry, not a pointer: point at it with &{name}[…], or at the first with {name}"
                )
            } else {
                format!(
                    "{} points at a row's first entry with {} {}: {name}{}, or at an entry with &{name}{}",
                    shape.name,
                    dims - 1,
                    if dims == 2 { "index" } else { "indices" },
                    "[…]".repeat(dims - 1),
                    "[…]".repeat(dims)
                )
            };
            return Err(Error::at(span, &message));
        }
        indices.resize_with(dims, || number(0, span));
        let offset = self.entry_number(table, indices, span);
        Ok(Pointed { offset, table })
    }

    /// Whether `name[…].field` of a table of structs stands here, at its name.
    fn struct_field_follows_at(&mut self, name: &str) -> bool {
        let start = self.at;
        self.next();
        let follows = self.struct_field_follows(name);
        self.at = start;
        follows
    }

    /// Whether `name[…].field` of a table of structs stands here, after its name.
    fn struct_field_follows(&self, name: &str) -> bool {
        let Some(shape) = self.pointers.shapes.iter().rev().find(|shape| shape.name == name) else { return false };
        if !matches!(shape.element, Element::Struct(_)) {
            return false;
        }
        let mut ahead = 0;
        let mut depth = 0;
        loop {
            match self.peek_at(ahead) {
                Token::Punct("[") => depth += 1,
                Token::Punct("]") => depth -= 1,
                Token::Punct(".") if depth == 0 => return true,
                Token::End => return false,
                _ if depth == 0 => return false,
                _ => {}
            }
            ahead += 1;
        }
    }

    /// A pointer field's value as a pointer's: the entry's number, into the table the field
    /// points into.
    fn pointer_field_operand(&mut self, name: String, at: Span) -> Result<Pointed, Error> {
        let (read, field) = if self.pointer(&name).is_some() {
            self.through(name, at, true)?
        } else {
            let mut indices = Vec::new();
            let mut end = at.end;
            while self.eat("[") {
                indices.push(self.bracketed()?);
                end = self.expect("]", "] to close the index")?.end;
            }
            self.struct_entry(name, indices, (Span::new(at.start, end), true))?
        };
        let Some((table, field)) = field else {
            return Err(Error::at(
                read.span,
                "this is a value, not a pointer: a pointer is &table[i], table[i] or a pointer",
            ));
        };
        match self.pointers.shapes[table].targets[field] {
            Some(target) => Ok(Pointed { offset: read, table: target }),
            None => Err(Error::at(read.span, "this field points into no table yet: give it a value above")),
        }
    }

    /// A pointer's value, into whatever table: its caller checks the type.
    fn pointer_value_of_any(&mut self, whose: &str) -> Result<Pointed, Error> {
        let mut value = self.pointer_operand(whose)?;
        while let Token::Punct(sign @ ("+" | "-")) = self.peek() {
            self.next();
            self.skip_newlines();
            let amount = self.binary(Binary::Add.precedence() + 1)?;
            let op = if sign == "+" { Binary::Add } else { Binary::Sub };
            let span = Span::new(value.offset.span.start, amount.span.end);
            value.offset = node(Expr::Binary(op, Box::new(value.offset), Box::new(amount)), span);
        }
        Ok(value)
    }

    /// The number of the entry at `indices`, counted row after row: `(i * 64 + j)`; an index
    /// of 0 adds nothing.
    fn entry_number(&mut self, table: usize, indices: Vec<Node>, span: Span) -> Node {
        // Its step is labelled as typed: `lines[sq]`, not `sq * 4`.
        self.written.push(span);
        let dims = &self.pointers.shapes[table].dims;
        let mut indices = indices.into_iter();
        let mut offset = indices.next().unwrap_or_else(|| number(0, span));
        for (index, size) in indices.zip(dims.iter().skip(1)) {
            let size = size.clone().unwrap_or_else(|| number(1, span));
            // Inside, each part is spelled as computed (`sq * 4`); the whole is the pointer as typed.
            let inner = offset.span;
            let scaled = node(Expr::Binary(Binary::Mul, Box::new(offset), Box::new(size)), inner);
            // An index of 0 adds nothing.
            offset = if matches!(index.expr, Expr::Number(0, ..)) {
                scaled
            } else {
                node(Expr::Binary(Binary::Add, Box::new(scaled), Box::new(index)), inner)
            };
        }
        Node { span, ..offset }
    }

    /// After a pointer's name: `p->field`, `p[k]`, `p[k].field`: the entry read through it.
    /// A pointer field (`p->attacks`) is read through with `[i]`; where `own` is asked, its
    /// own value may stand alone (a store's target, a pointer's value), with where it is.
    pub(super) fn through(&mut self, pointer: String, at: Span, own: bool) -> Result<(Node, PointerField), Error> {
        let Some(table) = self.pointer(&pointer) else {
            return Err(Error::at(at, &format!("{pointer} is not a pointer")));
        };
        let base = node(Expr::Name(pointer.clone()), at);
        let (offset, written, mut end) = if self.eat("->") {
            (base, Written::Arrow, at.end)
        } else if self.eat("[") {
            let index = self.bracketed()?;
            let end = self.expect("]", "] to close the index")?.end;
            let span = Span::new(at.start, end);
            (node(Expr::Binary(Binary::Add, Box::new(base), Box::new(index)), span), Written::Subscript, end)
        } else {
            return Err(Error::at(
                at,
                &format!(
                    "{pointer} is a pointer: read what it points to ({}), or give it to a function that takes one",
                    self.read_example(table, &pointer)
                ),
            ));
        };
        let field = match (written, self.pointers.shapes[table].element) {
            (Written::Arrow, Element::Value(_)) => {
                return Err(Error::at(
                    at,
                    &format!("{pointer} points to a value, not a struct: read it as *{pointer}"),
                ));
            }
            (Written::Arrow, Element::Struct(index)) => Some(self.field(index, &mut end)?),
            (_, Element::Struct(index)) => {
                if !self.eat(".") {
                    return Err(Error::at(
                        Span::new(at.start, end),
                        &format!(
                            "this is a whole struct: read one of its fields, as {}",
                            self.read_example(table, &pointer)
                        ),
                    ));
                }
                Some(self.field(index, &mut end)?)
            }
            (_, Element::Value(_)) => None,
        };
        let read = self.entry_through(table, field.clone(), (offset, written), Span::new(at.start, end));
        match (field, self.pointers.shapes[table].element) {
            (Some(field), Element::Struct(index)) => self.field_read(table, (index, &field), read, own),
            (Some(_), Element::Value(_)) | (None, _) => Ok((read, None)),
        }
    }

    /// A field's read (`read`) of table of structs `table`, of struct `index`: a pointer
    /// field is read through with `[i]`, or stands alone where its `own` value is wanted.
    fn field_read(
        &mut self,
        table: usize,
        (index, field): (usize, &str),
        read: Node,
        own: bool,
    ) -> Result<(Node, PointerField), Error> {
        let structure = &self.pointers.structs[index];
        let at = structure.fields.iter().position(|(name, _)| name == field).unwrap_or(0);
        if !structure.pointer_fields[at] {
            return Ok((read, None));
        }
        if !self.is("[") {
            if own {
                return Ok((read, Some((table, at))));
            }
            return Err(Error::at(
                read.span,
                &format!("{field} is a pointer: read what it points to with an index, {field}[i]"),
            ));
        }
        let Some(target) = self.pointers.shapes[table].targets[at] else {
            let name = &self.pointers.shapes[table].name;
            return Err(Error::at(
                read.span,
                &format!(
                    "{field} points into no table yet: give it a value in a function that fills tables above ({name}[…].{field} = table + …;)"
                ),
            ));
        };
        self.next();
        let index = self.bracketed()?;
        let end = self.expect("]", "] to close the index")?.end;
        let span = Span::new(read.span.start, end);
        let offset = node(Expr::Binary(Binary::Add, Box::new(read), Box::new(index)), span);
        Ok((self.entry_through(target, None, (offset, Written::Subscript), span), None))
    }

    /// A pointer field given a value (`magics[sq].attacks = table + next`): the entry's number,
    /// its table the one the field points into from here on.
    pub(super) fn pointer_field_value(&mut self, (table, at): (usize, usize)) -> Result<Node, Error> {
        let start = self.span();
        let value = self.pointer_value(Element::Value(None), "the field")?;
        let bound = &mut self.pointers.shapes[table].targets[at];
        match *bound {
            None => *bound = Some(value.table),
            Some(target) if target == value.table => {}
            Some(target) => {
                let (was, now) = (&self.pointers.shapes[target].name, &self.pointers.shapes[value.table].name);
                return Err(Error::at(
                    Span::new(start.start, value.offset.span.end),
                    &format!("this field points into {was} above, and here into {now}: the lab follows a pointer field into one table"),
                ));
            }
        }
        Ok(value.offset)
    }

    /// A struct declared by value here (`SMasks m = masks[sq][0];`, a parameter `SMasks m`):
    /// refused, with the pointer that does the same.
    pub(super) fn refuse_struct_by_value(&self) -> Result<(), Error> {
        let Some((index, tokens)) = self.struct_named_here() else { return Ok(()) };
        let Token::Name(name) = self.peek_at(tokens) else { return Ok(()) };
        if self.peek_at(tokens + 1) == Token::Punct("[") {
            return Ok(());
        }
        let at = self.tokens[(self.at + tokens).min(self.tokens.len() - 1)].1;
        let ty = &self.pointers.structs[index].names[0];
        Err(Error::at(
            at,
            &format!(
                "a struct by value is not part of the language yet: point at it instead, const {ty} *{name} = &table[i];, and read {name}->field"
            ),
        ))
    }

    /// Whether `(p + k)->field` or `(*p).field` stands here, at its `(`.
    pub(super) fn parenthesized_pointer_here(&self) -> bool {
        let mut depth = 0;
        let mut ahead = 0;
        loop {
            match self.peek_at(ahead) {
                Token::Punct("(") => depth += 1,
                Token::Punct(")") => {
                    depth -= 1;
                    if depth == 0 {
                        let star = self.peek_at(1) == Token::Punct("*");
                        return match self.peek_at(ahead + 1) {
                            Token::Punct("->") => true,
                            Token::Punct(".") => star,
                            _ => false,
                        };
                    }
                }
                Token::End => return false,
                _ => {}
            }
            ahead += 1;
        }
    }

    /// `(p + k)->field` or `(*p).field`, at its `(`: the field of the struct the pointer
    /// points to.
    pub(super) fn parenthesized_pointer(&mut self) -> Result<Node, Error> {
        let open = self.next().1;
        self.parens += 1;
        let star = self.eat("*");
        let value = self.pointer_value_of_any("this");
        self.parens -= 1;
        let value = value?;
        self.expect(")", ") to close the (")?;
        let arrow = if star { self.expect(".", ". and a field")? } else { self.expect("->", "-> and a field")? };
        let Element::Struct(index) = self.pointers.shapes[value.table].element else {
            return Err(Error::at(arrow, "this points to a value, not a struct: read it with *"));
        };
        let mut end = arrow.end;
        let field = self.field(index, &mut end)?;
        let span = Span::new(open.start, end);
        let read = self.entry_through(value.table, Some(field.clone()), (value.offset, Written::Arrow), span);
        Ok(self.field_read(value.table, (index, &field), read, false)?.0)
    }

    /// `*p` or `*(p + k)`, after its `*`.
    pub(super) fn star(&mut self, star: Span) -> Result<Node, Error> {
        let pointer_here = matches!(self.peek(), Token::Name(name) if self.pointer(name).is_some() || self.struct_field_follows_at(name));
        if !pointer_here && !self.is("(") {
            return Err(Error::at(star, "* reads what a pointer points to, and a pointer follows it nowhere here"));
        }
        let value = self.pointer_operand("*")?;
        // `*p + 1` is `(*p) + 1`: the `+` is not the pointer's.
        let offset = value.offset;
        let span = Span::new(star.start, offset.span.end);
        if let Element::Struct(_) = self.pointers.shapes[value.table].element {
            return Err(Error::at(
                span,
                &format!("this is a whole struct: read one of its fields, as {}", self.read_example(value.table, "p")),
            ));
        }
        Ok(self.entry_through(value.table, None, (offset, Written::Star), span))
    }

    /// `t[i][j].field` of a table of structs, after its indices: the field's table's entry (a
    /// pointer field's as [`Self::field_read`] reads it).
    pub(super) fn struct_entry(
        &mut self,
        name: String,
        indices: Vec<Node>,
        (span, own): (Span, bool),
    ) -> Result<(Node, PointerField), Error> {
        let Some(table) = self.pointers.shapes.iter().rposition(|shape| shape.name == name) else {
            return Ok((node(Expr::Index(name, indices), span), None));
        };
        let Element::Struct(index) = self.pointers.shapes[table].element else {
            if self.is(".") {
                return Err(Error::at(
                    self.span(),
                    &format!("{name}'s entries are values, not structs: they have no fields"),
                ));
            }
            return Ok((node(Expr::Index(name, indices), span), None));
        };
        let dims = self.pointers.shapes[table].dims.len();
        if indices.len() != dims || !self.eat(".") {
            let example = format!("{name}{}.{}", "[…]".repeat(dims), self.pointers.structs[index].fields[0].0);
            return Err(Error::at(span, &format!("{name} holds structs: read a field of one, as {example}")));
        }
        let mut end = span.end;
        let field = self.field(index, &mut end)?;
        let read = node(Expr::Index(format!("{name}.{field}"), indices), Span::new(span.start, end));
        self.field_read(table, (index, &field), read, own)
    }

    /// A field's name after `.` or `->`, one of the struct's.
    fn field(&mut self, index: usize, end: &mut usize) -> Result<String, Error> {
        let (field, at) = self.name("a field's name")?;
        let fields = &self.pointers.structs[index].fields;
        if !fields.iter().any(|(name, _)| *name == field) {
            let names: Vec<&str> = fields.iter().map(|(name, _)| name.as_str()).collect();
            return Err(Error::at(
                at,
                &format!(
                    "{} has no field {field}: its fields are {}",
                    self.pointers.structs[index].names[0],
                    names.join(", ")
                ),
            ));
        }
        *end = at.end;
        Ok(field)
    }

    /// The entry of `table` (its `field`'s table, for structs) that `offset` numbers.
    fn entry_through(
        &self,
        table: usize,
        field: Option<String>,
        (offset, written): (Node, Written),
        span: Span,
    ) -> Node {
        let base = &self.pointers.shapes[table].name;
        let table = match &field {
            Some(field) => format!("{base}.{field}"),
            None => base.clone(),
        };
        node(Expr::Through(Box::new(Through { table, offset, field, written })), span)
    }

    /// How a pointer into `table` is read: `p->lower` or `*p`.
    fn read_example(&self, table: usize, pointer: &str) -> String {
        match self.pointers.shapes[table].element {
            Element::Struct(index) => format!("{pointer}->{}", self.pointers.structs[index].fields[0].0),
            Element::Value(_) => format!("*{pointer} or {pointer}[i]"),
        }
    }
}

/// Whether entries of `found` are what a pointer to `wanted` points to: the same struct, or
/// values (a pointer to `U64` points into a table of any type's values: the entries' own
/// type is read).
fn points_to(found: Element, wanted: Element) -> bool {
    match (found, wanted) {
        (Element::Struct(a), Element::Struct(b)) => a == b,
        (Element::Value(_), Element::Value(_)) => true,
        (Element::Struct(_), Element::Value(_)) | (Element::Value(_), Element::Struct(_)) => false,
    }
}

/// A table's sizes as typed.
fn sizes(table: &Table) -> Vec<Option<Node>> {
    table.dims.iter().map(|(size, _)| size.clone()).collect()
}

/// One struct's values, field by field: in order, or from a `.field = ` on; a field with none is 0.
fn struct_values(
    entries: &[Initializer],
    span: Span,
    names: &[String],
    struct_name: &str,
) -> Result<Vec<Initializer>, Error> {
    let mut values: Vec<Option<Initializer>> = alloc::vec![None; names.len()];
    let mut at = 0;
    for entry in entries {
        let value = match entry {
            Initializer::Designated(Designator::Field(field, field_span), value, _) => {
                let Some(place) = names.iter().position(|name| name == field) else {
                    return Err(Error::at(
                        *field_span,
                        &format!("{struct_name} has no field {field}: its fields are {}", names.join(", ")),
                    ));
                };
                at = place;
                &**value
            }
            Initializer::Designated(Designator::Index(index), ..) => {
                return Err(Error::at(
                    index.span,
                    &format!("a {struct_name}'s fields are named, .field = …, not numbered"),
                ));
            }
            Initializer::Value(_) | Initializer::List(..) => entry,
        };
        let Some(slot) = values.get_mut(at) else {
            return Err(Error::at(span, &format!("a {struct_name} has {} fields, and this gives more", names.len())));
        };
        match value {
            Initializer::Value(node) => *slot = Some(Initializer::Value(node.clone())),
            Initializer::List(_, inner) | Initializer::Designated(_, _, inner) => {
                return Err(Error::at(*inner, "a field holds one value: give it without braces"));
            }
        }
        at += 1;
    }
    Ok(values.into_iter().map(|value| value.unwrap_or_else(|| Initializer::Value(number(0, span)))).collect())
}

/// A table of structs' initializer as one per field, each of the table's shape: at depth
/// `dims` (the struct's own braces) each value goes to its field; a field with no value is 0.
fn split(
    initializer: &Initializer,
    (depth, dims): (usize, usize),
    names: &[String],
    struct_name: &str,
) -> Result<Vec<Initializer>, Error> {
    let Initializer::List(entries, span) = initializer else {
        return Err(Error::at(
            initializer.span(),
            &format!("give each {struct_name} its own braces, {{ … }}, and each row of them its own: the lab reads a table of structs braced in full"),
        ));
    };
    if depth == dims {
        return struct_values(entries, *span, names, struct_name);
    }
    let mut rows: Vec<Vec<Initializer>> = (0..names.len()).map(|_| Vec::with_capacity(entries.len())).collect();
    for entry in entries {
        // `[i] = { … }` keeps its designator in each field's table.
        let (designator, inner) = match entry {
            Initializer::Designated(Designator::Index(index), value, at) => (Some((index, *at)), &**value),
            Initializer::Designated(Designator::Field(_, at), ..) => {
                return Err(Error::at(*at, &format!("a field is named inside a {struct_name}'s own braces")));
            }
            Initializer::Value(_) | Initializer::List(..) => (None, entry),
        };
        for (row, value) in rows.iter_mut().zip(split(inner, (depth + 1, dims), names, struct_name)?) {
            row.push(match designator {
                Some((index, at)) => Initializer::Designated(Designator::Index(index.clone()), Box::new(value), at),
                None => value,
            });
        }
    }
    Ok(rows.into_iter().map(|row| Initializer::List(row, *span)).collect())
}
