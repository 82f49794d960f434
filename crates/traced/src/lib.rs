//! `#[traced]` lets a technique be written as a chess programmer writes it: plain Rust
//! expressions, one `let` per value, and the reason for each step as the comment above it.
//!
//! ```text
//! // Keeps the pieces on the line above the slider.
//! let upper = occupied & masks.upper;
//! // XOR with upper marks the changed bits.
//! // `upper - ms1b`: the borrow runs up to the first piece above the slider.
//! let odiff = upper ^ (upper - ms1b);
//! ```
//!
//! Each operation that has a why becomes a call to the tracer (the function's first parameter),
//! so the fast path and the trace are one piece of code and the file the page shows is the code
//! that runs. The comment's first lines are the why of the statement's outermost operation; a
//! line that starts with a sub-expression in backticks and a colon gives that sub-expression its
//! own why, and makes it a step too. The step's label is the expression's own text from the
//! file, with ` = name` when a `let` binds it. An operation without a why stays plain Rust.
//!
//! Each step's constant `Site` also names its operands, from the syntax tree: a binary
//! operation's two sides, a table read's index without its casts, a walk's occupancy. A line
//! `shown as: 2r` in the comment above `let two_r = …` makes the name `two_r` show as `2r` (the
//! article's name, which is no Rust name) in that step's label and result and in every later
//! step's label and operands, so a value has one name throughout the trace; a comment names a
//! sub-expression as it is shown, `` `o - 2r`: ``. A `let` that binds a table entry by reference
//! (`let masks = &OBSTRUCTION_MASKS[square][line];`) makes each of its fields a table read at
//! the first step that has it as an operand (`Site::table_fields`).
//! The comments are read by `traced_syntax`, which the page uses too.
//!
//! The operations it knows: `& | ^ - * << >>` on bitboards, `+` on numbers, `!` and unary `-`,
//! the calls `lzcnt`, `tzcnt`, `bsf`, `bsr`, `bswap`, `pext(set, mask)` and
//! `swizzle(TABLE, bytes)`, the modules' own `shift(set, direction,
//! steps)` and `walk_ray(square, direction, occupied)`, and a table read `TABLE[..][index]`,
//! whose last subscript is the index the step shows. An integer literal beside a bitboard is a
//! bitboard (`lower | 1`).

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Block, Expr, FnArg, ItemFn, Pat, Stmt, UnOp};
use traced_syntax::same_code;

#[proc_macro_attribute]
pub fn traced(attribute: proc_macro::TokenStream, item: proc_macro::TokenStream) -> proc_macro::TokenStream {
    match expand(attribute.into(), item.into()) {
        Ok(tokens) => tokens.into(),
        Err(error) => error.to_compile_error().into(),
    }
}

fn expand(attribute: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    if !attribute.is_empty() {
        return Err(syn::Error::new(attribute.span(), "#[traced] takes no arguments"));
    }
    let mut function: ItemFn = syn::parse2(item)?;
    let tracer = match function.sig.inputs.first() {
        Some(FnArg::Typed(typed)) => match &*typed.pat {
            Pat::Ident(ident) => ident.ident.clone(),
            other => return Err(syn::Error::new(other.span(), "the tracer parameter needs a plain name")),
        },
        _ => return Err(syn::Error::new(function.sig.span(), "#[traced] needs the tracer as the first parameter")),
    };
    let source = SourceFile::of(function.sig.ident.span())?;
    let mut rewriter = Rewriter { tracer, source, error: None, shown: Vec::new(), entries: Vec::new() };
    rewriter.visit_block_mut(&mut function.block);
    match rewriter.error {
        Some(error) => Err(error),
        None => Ok(function.into_token_stream()),
    }
}

/// The text of the file the function is in: comments are not tokens, so the whys and the
/// expressions' own spelling are read from here.
struct SourceFile {
    text: String,
    lines: Vec<Vec<char>>,
}

impl SourceFile {
    fn of(span: Span) -> syn::Result<SourceFile> {
        let path = span
            .local_file()
            .ok_or_else(|| syn::Error::new(span, "#[traced] reads its file, and this span has none"))?;
        let text = std::fs::read_to_string(&path)
            .map_err(|error| syn::Error::new(span, format!("#[traced] could not read {}: {error}", path.display())))?;
        let lines = text.lines().map(|line| line.chars().collect()).collect();
        Ok(SourceFile { text, lines })
    }

    /// The source text of `tokens`, from its first token's start to its last token's end, with
    /// each line break and the indentation after it folded into one space.
    fn text(&self, tokens: TokenStream) -> Option<String> {
        let mut trees = tokens.into_iter();
        let first = trees.next()?;
        let last = trees.last().unwrap_or_else(|| first.clone());
        let (start, end) = (span_of(&first).start(), span_of(&last).end());
        if start.line == 0 || end.line < start.line {
            return None;
        }
        let mut text = String::new();
        for line in start.line..=end.line {
            let chars = self.lines.get(line - 1)?;
            let from = if line == start.line { start.column } else { 0 };
            let to = if line == end.line { end.column.min(chars.len()) } else { chars.len() };
            let piece: String = chars.get(from..to)?.iter().collect();
            if line == start.line {
                text.push_str(&piece);
            } else {
                text.push(' ');
                text.push_str(piece.trim_start());
            }
        }
        Some(text)
    }

    /// The `//` comment lines right above line `line` (1-based), as `traced_syntax` reads them.
    fn comment_above(&self, line: usize) -> Vec<&str> {
        let lines: Vec<&str> = self.text.lines().collect();
        traced_syntax::comment_above(&lines, line)
    }
}

fn span_of(tree: &TokenTree) -> Span {
    tree.span()
}

/// The whys one comment gives (read by `traced_syntax`, as the page reads them), and which of its
/// named sub-expressions a step has taken.
struct Whys {
    own: String,
    named: Vec<Named>,
    /// `shown as: 2r`: the name the statement's value is shown by.
    shown_as: Option<String>,
}

struct Named {
    /// The sub-expression as written between the backticks.
    code: String,
    why: String,
    used: bool,
}

impl Whys {
    fn parse(comment: &[&str]) -> Whys {
        let whys = traced_syntax::Whys::parse(comment);
        let named = whys.named.into_iter().map(|(code, why)| Named { code, why, used: false }).collect();
        Whys { own: whys.own, named, shown_as: whys.shown_as }
    }
}

struct Rewriter {
    tracer: syn::Ident,
    source: SourceFile,
    error: Option<syn::Error>,
    /// The names a comment gave a value (`shown as: 2r` above `let two_r = …`), by the value's own
    /// name in the code: every later operand of that name is shown by it.
    shown: Vec<(String, String)>,
    /// Table entries bound by reference (`let masks = &OBSTRUCTION_MASKS[square][line];`), each
    /// with the fields already read from it: a step's operand `masks.lower` is a read from the
    /// table, counted at the first step that reads that field.
    entries: Vec<(String, Vec<String>)>,
}

impl Rewriter {
    /// `text` as the trace shows it: each name a comment declared (`two_r`) written as it is
    /// shown (`2r`), so that a value has one name in the step's heading, its operands' captions
    /// and its result. Whole names only, and never a field (`masks.two_r` is another value).
    fn shown(&self, text: &str) -> String {
        let is_name = |c: char| c.is_alphanumeric() || c == '_';
        let mut shown = String::new();
        let mut rest = text;
        while let Some(start) = rest.find(is_name) {
            shown.push_str(&rest[..start]);
            let length = rest[start..].find(|c: char| !is_name(c)).unwrap_or(rest.len() - start);
            let word = &rest[start..start + length];
            let declared = self.shown.iter().find(|(name, _)| name == word).filter(|_| !shown.ends_with('.'));
            shown.push_str(declared.map_or(word, |(_, name)| name));
            rest = &rest[start + length..];
        }
        shown.push_str(rest);
        shown
    }

    fn fail(&mut self, span: Span, message: String) {
        if self.error.is_none() {
            self.error = Some(syn::Error::new(span, message));
        }
    }

    fn statement(&mut self, statement: &mut Stmt) {
        if let Stmt::Local(local) = &*statement {
            if let (Some(init), Some(name)) = (&local.init, bound_name(&local.pat)) {
                if is_table_entry(&init.expr) {
                    self.entries.push((name, Vec::new()));
                }
            }
        }
        let line = span_start_line(statement.to_token_stream());
        let comment = self.source.comment_above(line);
        if comment.is_empty() {
            return;
        }
        let mut whys = Whys::parse(&comment);
        let (expression, name) = match statement {
            Stmt::Local(local) => match &mut local.init {
                Some(init) => (&mut *init.expr, bound_name(&local.pat)),
                None => return,
            },
            // `attacks = attacks ^ shadow;`: the value assigned is the step, named by its place.
            Stmt::Expr(Expr::Assign(assign), _) => {
                let place = self.source.text(assign.left.to_token_stream());
                (&mut *assign.right, place)
            }
            Stmt::Expr(expression, _) => (expression, None),
            _ => return,
        };
        if let (Some(shown), Some(name)) = (whys.shown_as.take(), &name) {
            self.shown.push((name.clone(), shown));
        }
        let outermost = unparenthesized(expression);
        if !whys.own.is_empty() && traceable(outermost) {
            let why = std::mem::take(&mut whys.own);
            let code = self.source.text(outermost.to_token_stream()).unwrap_or_default();
            let result = name.map(|name| self.shown(&name)).unwrap_or_default();
            let mut label = self.shown(&code);
            if !result.is_empty() {
                label = format!("{label} = {result}");
            }
            let mut named = Subexpressions { rewriter: self, whys: &mut whys };
            named.trace(outermost, label, why, result);
        } else {
            let mut named = Subexpressions { rewriter: self, whys: &mut whys };
            named.visit_expr_mut(outermost);
        }
        for named in whys.named.iter().filter(|named| !named.used) {
            let message = format!("the comment gives `{}` a why, and this statement has no such operation", named.code);
            self.fail(statement.span(), message);
        }
    }
}

impl VisitMut for Rewriter {
    fn visit_block_mut(&mut self, block: &mut Block) {
        for statement in &mut block.stmts {
            // Inner blocks (closures, loops, arms) first: their statements have comments of their own.
            visit_mut::visit_stmt_mut(self, statement);
            self.statement(statement);
        }
    }
}

fn span_start_line(tokens: TokenStream) -> usize {
    tokens.into_iter().next().map_or(0, |tree| tree.span().start().line)
}

/// `&TABLE[…]…`: a reference to an entry of a table, a constant or static named in capitals.
fn is_table_entry(expression: &Expr) -> bool {
    let Expr::Reference(reference) = bare(expression) else { return false };
    let mut inner = bare(&reference.expr);
    let mut indexed = false;
    while let Expr::Index(read) = inner {
        (inner, indexed) = (bare(&read.expr), true);
    }
    let Expr::Path(path) = inner else { return false };
    let capitals = path.path.segments.last().is_some_and(|segment| {
        let name = segment.ident.to_string();
        name.chars().any(|c| c.is_ascii_uppercase()) && !name.chars().any(|c| c.is_ascii_lowercase())
    });
    indexed && capitals
}

fn bound_name(pattern: &Pat) -> Option<String> {
    match pattern {
        Pat::Ident(ident) => Some(ident.ident.to_string()),
        Pat::Type(typed) => bound_name(&typed.pat),
        _ => None,
    }
}

fn bare(expression: &Expr) -> &Expr {
    match expression {
        Expr::Paren(paren) => bare(&paren.expr),
        other => other,
    }
}

fn unparenthesized(expression: &mut Expr) -> &mut Expr {
    match expression {
        Expr::Paren(paren) => unparenthesized(&mut paren.expr),
        other => other,
    }
}

/// The tracer's method for a binary operator, and whether its operands are bitboards.
fn binary_method(op: &BinOp) -> Option<(&'static str, bool)> {
    Some(match op {
        BinOp::BitAnd(_) => ("and", true),
        BinOp::BitOr(_) => ("or", true),
        BinOp::BitXor(_) => ("xor", true),
        BinOp::Sub(_) => ("sub", true),
        BinOp::Mul(_) => ("mul", true),
        BinOp::Add(_) => ("add", false),
        BinOp::Shl(_) => ("shl", false),
        BinOp::Shr(_) => ("shr", false),
        _ => return None,
    })
}

/// The scans and swaps written as calls, `lzcnt(x)`: each is the tracer's method of that name.
const CALLS: [&str; 5] = ["lzcnt", "tzcnt", "bsf", "bsr", "bswap"];

/// The calls of two bitboards, `pext(occupied, mask)`: the tracer's method of that name too.
const BINARY_CALLS: [&str; 1] = ["pext"];

/// The calls of a table and a value, `swizzle(TABLE, bytes)`: the tracer's method of that name,
/// whose step shows the value; the table is the operation's own.
const TABLE_CALLS: [&str; 1] = ["swizzle"];

/// Operations the technique's module defines as functions taking the tracer, the label and
/// the why before their own arguments: `shift(set, direction, steps)`, the reference's
/// `walk_ray(square, direction, occupied)`.
const TRACED_FUNCTIONS: [&str; 2] = ["shift", "walk_ray"];

fn call_name(expression: &Expr) -> Option<String> {
    let Expr::Call(call) = expression else { return None };
    let Expr::Path(path) = &*call.func else { return None };
    let name = path.path.get_ident()?.to_string();
    let known = (CALLS.contains(&name.as_str()) && call.args.len() == 1)
        || ((BINARY_CALLS.contains(&name.as_str()) || TABLE_CALLS.contains(&name.as_str())) && call.args.len() == 2)
        || TRACED_FUNCTIONS.contains(&name.as_str());
    known.then_some(name)
}

fn traceable(expression: &Expr) -> bool {
    match expression {
        Expr::Binary(binary) => binary_method(&binary.op).is_some(),
        Expr::Unary(unary) => matches!(unary.op, UnOp::Not(_) | UnOp::Neg(_)),
        Expr::Index(_) => true,
        other => call_name(other).is_some(),
    }
}

/// The expressions a step shows as its operands: a binary operation's two sides (a square's
/// number by the square's name), a unary one's
/// operand, a table read's index without its casts (`count as usize` reads `count`), a call's
/// set (`shift(set, …)`'s first argument, `walk_ray(…, occupied)`'s last) and `pext`'s mask. A
/// shift's amount, which its direction makes, has no expression.
fn operand_expressions(expression: &Expr) -> (Option<&Expr>, Option<&Expr>) {
    match expression {
        Expr::Binary(binary) => (Some(square_number(bare(&binary.left))), Some(square_number(bare(&binary.right)))),
        Expr::Unary(unary) => (Some(bare(&unary.expr)), None),
        Expr::Index(read) => (Some(uncast(bare(&read.index))), None),
        Expr::Call(call) => match call_name(expression).as_deref() {
            Some("walk_ray") => (call.args.last().map(bare), None),
            Some(name) if BINARY_CALLS.contains(&name) => (call.args.first().map(bare), call.args.get(1).map(bare)),
            Some(name) if TABLE_CALLS.contains(&name) => (call.args.get(1).map(bare), None),
            _ => (call.args.first().map(bare), None),
        },
        _ => (None, None),
    }
}

/// A square's number, `bsq.index()`, as the square itself: a scan's step shows the square it
/// found by its number already, so the value goes by the one name the scan bound it to.
fn square_number(expression: &Expr) -> &Expr {
    match expression {
        Expr::MethodCall(call) if call.method == "index" && call.args.is_empty() => bare(&call.receiver),
        other => other,
    }
}

/// An expression without the casts around it.
fn uncast(expression: &Expr) -> &Expr {
    match expression {
        Expr::Cast(cast) => uncast(bare(&cast.expr)),
        other => other,
    }
}

/// A bitboard operand: an integer literal becomes `Bitboard(literal)`.
fn board_operand(expression: &Expr) -> TokenStream {
    match expression {
        Expr::Lit(literal) if matches!(literal.lit, syn::Lit::Int(_)) => {
            quote_spanned!(literal.span()=> crate::Bitboard(#literal))
        }
        other => other.to_token_stream(),
    }
}

/// Walks a statement's expression, tracing each sub-expression the comment names.
struct Subexpressions<'a> {
    rewriter: &'a mut Rewriter,
    whys: &'a mut Whys,
}

impl Subexpressions<'_> {
    /// Replaces `expression` with the tracer call that computes it and records its step.
    fn trace(&mut self, expression: &mut Expr, label: String, why: String, result: String) {
        let span = expression.to_token_stream().into_iter().next().map_or_else(Span::call_site, |tree| tree.span());
        // With the core's `whys-in-files` feature the why stays in the file alone: the page reads
        // it from there (through traced_syntax, as this macro does), and its wasm carries no copy.
        let why = quote_spanned!(span=> if cfg!(feature = "whys-in-files") { "" } else { #why });
        // The operands' names, from the syntax tree: each one's own text, or the name a comment
        // declared for it.
        let (lhs, rhs) = operand_expressions(expression);
        let table_fields =
            [lhs, rhs].into_iter().flatten().filter(|operand| self.first_field_read(operand)).count() as u8;
        let text = |operand: Option<&Expr>| {
            operand.and_then(|operand| self.rewriter.source.text(operand.to_token_stream())).unwrap_or_default()
        };
        let (lhs, rhs) = (self.rewriter.shown(&text(lhs)), self.rewriter.shown(&text(rhs)));
        // One constant per step: after inlining, the fast path carries nothing of it.
        let site = quote_spanned!(span=> {
            const SITE: crate::trace::Site =
                crate::trace::Site {
                    label: #label, why: #why, lhs: #lhs, rhs: #rhs, result: #result, table_fields: #table_fields,
                };
            &SITE
        });
        // The operands first: they may hold named sub-expressions of their own.
        visit_mut::visit_expr_mut(self, expression);
        let t = &self.rewriter.tracer;
        // Operands go into locals first: a tracer call inside another's arguments would borrow
        // the tracer twice. Mixed-site names, so they never shadow the technique's own.
        let (a, b) = (syn::Ident::new("a", Span::mixed_site()), syn::Ident::new("b", Span::mixed_site()));
        let call = match expression {
            Expr::Binary(binary) => {
                let Some((method, boards)) = binary_method(&binary.op) else { return };
                let method = syn::Ident::new(method, span);
                let (left, right) = (bare(&binary.left), bare(&binary.right));
                let (left, right) = match (boards, method == "add") {
                    (true, _) => (board_operand(left), board_operand(right)),
                    (false, true) => (left.to_token_stream(), right.to_token_stream()),
                    // A shift: a bitboard shifted by a number.
                    (false, false) => (board_operand(left), right.to_token_stream()),
                };
                quote_spanned!(span=> { let #a = #left; let #b = #right; #t.#method(#site, #a, #b) })
            }
            Expr::Unary(unary) => {
                let method = syn::Ident::new(if matches!(unary.op, UnOp::Not(_)) { "not" } else { "neg" }, span);
                let operand = board_operand(bare(&unary.expr));
                quote_spanned!(span=> { let #a = #operand; #t.#method(#site, #a) })
            }
            Expr::Index(read) => {
                let (table, index) = (&read.expr, bare(&read.index));
                // `#a` is hygienic: the table's own expression may use a variable called `index`.
                // The step shows the entry as a set of squares; the code gets the entry itself.
                quote_spanned!(span=> {
                    let #a = #index;
                    let (#b, read) = crate::trace::TableEntry::read(#table[#a]);
                    #t.lookup(#site, crate::trace::TableIndex::number(&#a), #b);
                    read
                })
            }
            Expr::Call(call) => {
                let Some(name) = call_name(&Expr::Call(call.clone())) else { return };
                let function = syn::Ident::new(&name, span);
                if TRACED_FUNCTIONS.contains(&name.as_str()) {
                    let arguments = call.args.iter().map(bare);
                    quote_spanned!(span=> #function(#t, #site, #(#arguments),*))
                } else if TABLE_CALLS.contains(&name.as_str()) {
                    let (table, operand) = (bare(&call.args[0]), bare(&call.args[1]));
                    quote_spanned!(span=> { let #a = #operand; #t.#function(#site, &#table, #a) })
                } else if BINARY_CALLS.contains(&name.as_str()) {
                    let (left, right) = (board_operand(bare(&call.args[0])), board_operand(bare(&call.args[1])));
                    quote_spanned!(span=> { let #a = #left; let #b = #right; #t.#function(#site, #a, #b) })
                } else {
                    let operand = board_operand(bare(&call.args[0]));
                    quote_spanned!(span=> { let #a = #operand; #t.#function(#site, #a) })
                }
            }
            _ => return,
        };
        match syn::parse2(call) {
            Ok(traced) => *expression = traced,
            Err(error) => self.rewriter.fail(span, format!("#[traced] made code it cannot parse: {error}")),
        }
    }
}

impl Subexpressions<'_> {
    /// Whether `operand` is a field of a table entry (`masks.lower`) that no earlier step read.
    fn first_field_read(&mut self, operand: &Expr) -> bool {
        let Expr::Field(field) = bare(operand) else { return false };
        let Expr::Path(base) = bare(&field.base) else { return false };
        let Some(entry) = base.path.get_ident().map(ToString::to_string) else { return false };
        let member = field.member.to_token_stream().to_string();
        match self.rewriter.entries.iter_mut().find(|(name, _)| *name == entry) {
            Some((_, read)) if !read.contains(&member) => {
                read.push(member);
                true
            }
            _ => false,
        }
    }
}

impl VisitMut for Subexpressions<'_> {
    /// A comment names a sub-expression as the trace shows it (`` `occ - 3cbn`: ``), for that
    /// is how its step's label spells it, and the page finds the why by the label.
    fn visit_expr_mut(&mut self, expression: &mut Expr) {
        let text = self.rewriter.source.text(expression.to_token_stream()).map(|text| self.rewriter.shown(&text));
        let named = text
            .as_deref()
            .and_then(|text| self.whys.named.iter_mut().find(|named| !named.used && same_code(&named.code, text)));
        match named {
            Some(named) if traceable(unparenthesized(expression)) => {
                named.used = true;
                let why = named.why.clone();
                let inner = unparenthesized(expression);
                let code = self.rewriter.source.text(inner.to_token_stream()).unwrap_or_default();
                let label = self.rewriter.shown(&code);
                self.trace(inner, label, why, String::new());
            }
            _ => visit_mut::visit_expr_mut(self, expression),
        }
    }
}
