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
//!
//! [`Mask::of`]: sliders::trace::Mask::of

mod expression;
mod helpers;
mod naming;
mod tables;
mod typed;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use self::naming::{all_uses, choose, helper_names, Body, Use, BOARDS, O, R, SQ};
use super::ctype::{CType, Reading};
use super::lex::{self, Token};
use super::parse::Node;
use super::parse::{Keyword, Statement};
use super::{position, Formula};

impl Formula {
    /// The formula as C99 for GCC or Clang, every generated name prefixed `prefix_` (tables
    /// `PREFIX_`): two exports with different prefixes link into one program.
    pub fn to_c_named(&self, prefix: &Prefix) -> String {
        Export::new(self, Lang::C, prefix).text()
    }

    /// The formula as Rust, every generated name prefixed `prefix_`.
    pub fn to_rust_named(&self, prefix: &Prefix) -> String {
        Export::new(self, Lang::Rust, prefix).text()
    }

    /// The formula as C99 for GCC or Clang: `uint64_t formula_attacks(uint64_t occupied,
    /// unsigned square)`, with the reader's functions as `static inline` functions and the
    /// helpers and mask tables it uses, ready to paste into an engine.
    pub fn to_c(&self) -> String {
        self.to_c_named(&Prefix::default())
    }

    /// The formula as Rust: `pub fn formula_attacks(occupied: u64, square: u32) -> u64`, with
    /// the reader's functions and the helpers and mask tables it uses, ready to paste into an
    /// engine; no dependencies.
    pub fn to_rust(&self) -> String {
        self.to_rust_named(&Prefix::default())
    }
}

/// What an export's generated names begin with: `formula` unless the reader names it, so that
/// two exports (a rook's and a bishop's) link into one program: `rook_attacks`, `rook_ray_north`,
/// `ROOK_FILE`. A C and Rust identifier of up to 32 letters, digits and underscores, lowercase,
/// not starting with a digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefix(String);

impl Default for Prefix {
    fn default() -> Prefix {
        Prefix("formula".into())
    }
}

impl Prefix {
    /// `name` followed by `_` and the prefix: `formula_attacks`.
    fn of(&self, name: &str) -> String {
        format!("{}_{name}", self.0)
    }

    /// A table's name: `FORMULA_FILE`.
    fn table(&self, name: &str) -> String {
        format!("{}_{}", self.0.to_ascii_uppercase(), name.to_ascii_uppercase())
    }
}

impl core::str::FromStr for Prefix {
    type Err = String;
    fn from_str(text: &str) -> Result<Prefix, String> {
        let well_formed = text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && text.chars().next().is_some_and(|c| !c.is_ascii_digit())
            && (1..=32).contains(&text.len());
        match well_formed {
            true => Ok(Prefix(text.to_string())),
            false => Err(format!(
                "{text:?} is no prefix: use 1 to 32 lowercase letters, digits and underscores, not starting with a digit"
            )),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lang {
    C,
    Rust,
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

struct Export<'f> {
    lang: Lang,
    prefix: &'f Prefix,
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
    /// The loops around the statement being written, inside out: a Rust loop whose body holds
    /// a continue is labelled with its number (see [`Export::loop_statement`]).
    loops: Vec<Option<usize>>,
    /// A text read as C: written with its own types ([`typed`]).
    as_typed: bool,
}

impl<'f> Export<'f> {
    fn new(formula: &'f Formula, lang: Lang, prefix: &'f Prefix) -> Export<'f> {
        let program = &formula.program;
        let function_names: Vec<String> = program.functions.iter().map(|f| f.name.clone()).collect();
        let mut uses = Vec::new();
        let mut functions: Vec<Body> = Vec::new();
        for function in &program.functions {
            let parameters = function.parameters.iter().map(|p| p.name.clone()).collect();
            let compiled = &formula.compiled.functions[functions.len()];
            // A function that fills tables is left out: what it uses (masks, helpers) is not.
            let mut left_out = Vec::new();
            let uses_of = if function.fills { &mut left_out } else { &mut uses };
            let mut body = Body::new((&function.body, compiled), parameters, &function_names, uses_of);
            for &callee in &body.calls {
                body.boards |= functions.get(callee).map_or(0, |f| f.boards);
            }
            functions.push(body);
        }
        let mut main = Body::new((&program.main, &formula.compiled.main), Vec::new(), &function_names, &mut uses);
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
        let helpers = helper_names(lang, &uses, prefix);
        let entry = &*prefix.of("attacks");
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
            prefix,
            formula,
            functions,
            main,
            function_names,
            called,
            uses,
            comments: Comments::default(),
            anchors: Anchors::default(),
            out: String::new(),
            loops: Vec::new(),
            as_typed: formula.reading() == Reading::C,
        };
        export.place_comments();
        export
    }

    fn text(mut self) -> String {
        self.header();
        self.helpers();
        self.enumerators();
        self.tables();
        for index in 0..self.functions.len() {
            // A function that fills tables ran when the formula was read: the tables are
            // written filled.
            if !self.formula.program.functions[index].fills {
                self.function(index);
            }
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
        let entry = self.prefix.of("attacks");
        self.comment(0, &format!("{entry}(occupied, square): exported from Slider Lab's formula playground."));
        self.comment(0, "");
        if self.as_typed {
            self.comment(0, "Read as C, as typed: each name keeps its type (one without a type is a 64-bit word), and");
            self.comment(0, "what C leaves undefined is where the formula faults. A bit scan of zero gives 64.");
            if !c {
                self.comment(
                    0,
                    "Here a debug build panics where C leaves an operation undefined (but for a signed value",
                );
                self.comment(
                    0,
                    "shifted into its sign bit), and a release build wraps; an unsigned type wraps, as in C.",
                );
            }
            self.comment(0, "The board's names:");
        } else {
            self.comment(
                0,
                "Every value is an unsigned 64-bit word: + - * wrap around, a shift or a rotation takes its",
            );
            self.comment(
                0,
                "amount mod 64, a comparison gives 1 or 0, and a bit scan of zero gives 64. The board's names:",
            );
        }
        let sq = if self.as_typed { "sq = square its square, an int" } else { "sq = square its square" };
        self.comment(0, &format!("r = 1 << square is the slider's bit, {sq} (a1 = 0, h8 = 63), and"));
        self.comment(0, "o = occupied | r every piece on the board, the slider's own included.");
        if c {
            let calls_a_compiler_builtin = self.uses.iter().any(|use_| match use_ {
                Use::Word(function) => function.definition().c.calls_a_compiler_builtin(),
                Use::Mask(_) => false,
            });
            if calls_a_compiler_builtin {
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

    /// Every comment of the formula, given to the statement or function it explains.
    fn place_comments(&mut self) {
        let source = self.formula.source.as_str();
        let _ = crate::read(source, |lexed, _| {
            self.place_comments_of(lexed);
            Ok(())
        });
    }

    fn place_comments_of(&mut self, lexed: &lex::Lexed<'_>) {
        let source = self.formula.source.as_str();
        let line_of = |offset: usize| position(source, offset).0;
        let program = &self.formula.program;
        let mut lines = Vec::new();
        let mut anchors = Anchors::default();
        let statement_lines = |statement: &Statement| {
            let (start, end) = (statement.start(), statement.end());
            (line_of(start), line_of(end.max(start + 1) - 1))
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
            let end = function.body.last().map_or(function.name_span.end, Statement::end);
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
        let (c_returns, rust_returns) = (self.c_type_name(body.returns), self.rust_type_name(body.returns));
        let name = self.function_names[index].clone();
        let boards = body.boards;
        let mut parameters: Vec<String> = Vec::new();
        let c = self.lang == Lang::C;
        let typed = self.as_typed;
        for board in Self::boards(boards) {
            parameters.push(match (c, board) {
                (true, "sq") if typed => "int sq".to_string(),
                (true, _) => format!("uint64_t {board}"),
                (false, "sq") if typed => "sq: i32".to_string(),
                (false, _) => format!("{board}: u64"),
            });
        }
        for parameter in 0..body.parameters {
            let written = &body.written[parameter];
            parameters.push(match self.lang {
                Lang::C => format!("{} {written}", self.c_type_name(body.types[parameter])),
                Lang::Rust if body.writes[parameter] > 0 => {
                    format!("mut {written}: {}", self.rust_type_name(body.types[parameter]))
                }
                Lang::Rust => format!("{written}: {}", self.rust_type_name(body.types[parameter])),
            });
        }
        match self.lang {
            Lang::C => {
                let list = if parameters.is_empty() { "void".to_string() } else { parameters.join(", ") };
                self.line(0, &format!("static inline {c_returns} {name}({list}){beside}"));
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
                allow.extend(self.c_lints().iter().copied());
                // As C's `static inline`: a reader's function is small and on the hot path.
                self.line(0, "#[inline]");
                if !allow.is_empty() {
                    let why = if self.called[index] { "" } else { NOT_CALLED };
                    self.line(0, &format!("#[allow({})]{why}", allow.join(", ")));
                }
                self.line(0, &format!("fn {name}({}) -> {rust_returns} {{{beside}", parameters.join(", ")));
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
        allow.extend(self.c_lints().iter().copied());
        match self.lang {
            Lang::C => {
                self.line(0, "// The formula's value for one slider on square (0 = a1, 63 = h8) among the pieces of");
                self.line(0, "// occupied.");
                self.line(0, &format!("uint64_t {}(uint64_t occupied, unsigned square)", self.prefix.of("attacks")));
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
                self.line(0, &format!("pub fn {}(occupied: u64, square: u32) -> u64 {{", self.prefix.of("attacks")));
                self.line(1, "debug_assert!(square < 64, \"square is 0 (a1) to 63 (h8)\");");
            }
        }
        let needs_r = boards & (O | R) != 0;
        if needs_r {
            self.line(1, if c { "uint64_t r = UINT64_C(1) << square;" } else { "let r: u64 = 1 << square;" });
        }
        if boards & SQ != 0 {
            self.line(
                1,
                match (c, self.as_typed) {
                    (true, true) => "int sq = (int)square;",
                    (true, false) => "uint64_t sq = square;",
                    (false, true) => "let sq = square as i32;",
                    (false, false) => "let sq = u64::from(square);",
                },
            );
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

    /// Read as C, the lints by which Rust refuses an operation it finds undefined in C before
    /// it runs (`1 << 40` of an int, a division by a zero it can see): that is the text's own,
    /// where the formula faults, and Rust is told to let it pass.
    fn c_lints(&self) -> &'static [&'static str] {
        match self.as_typed {
            true => &["arithmetic_overflow", "unconditional_panic"],
            false => &[],
        }
    }

    /// Rust's type of a value of `ty`: its own, read as C; else the 64-bit word.
    fn rust_type_name(&self, ty: CType) -> &'static str {
        if self.as_typed {
            typed::rust_name(ty)
        } else {
            "u64"
        }
    }

    /// A statement's value, where it is given to a name or returned as a value of `ty`: Rust
    /// converts only where told to, so a text read as C has its conversion written out.
    fn value_of_type(&self, node: &Node, body: &Body, (prefix, beside): (&str, &str), ty: CType) -> String {
        match (self.lang, self.as_typed) {
            (Lang::Rust, true) => self.rust_converted(node, body, ty).text,
            (Lang::C, _) | (Lang::Rust, false) => self.value(node, body, prefix, beside),
        }
    }

    /// How C declares a value of `ty`: with its own type, read as C; else the 64-bit word.
    fn c_type_name(&self, ty: CType) -> &'static str {
        if self.as_typed {
            typed::c_name(ty)
        } else {
            "uint64_t"
        }
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
            let statements = self.body_ref(index).statements;
            let last = at + 1 == count;
            self.statement(index, &statements[at], (at, last), 1, &beside, &mut declared);
            if let Some(anchor) = anchor {
                previous = Some(self.comments.lines[anchor].1);
            }
        }
    }

    /// One statement of body `index` at `indent`: its place among the body's own (`at`, and
    /// whether it is the last), the comment `beside` it, and the names declared so far.
    fn statement(
        &mut self,
        index: usize,
        statement: &Statement,
        (at, last): (usize, bool),
        indent: usize,
        beside: &str,
        declared: &mut [bool],
    ) {
        let c = self.lang == Lang::C;
        // A bit scan's index, first given a value by the scan, is declared before it.
        let body = self.body_ref(index);
        if let Some(slot) =
            statement.bit_scan().and_then(|scan| body.index(&scan.index)).filter(|&slot| !declared[slot])
        {
            declared[slot] = true;
            let written = body.written.get(slot).cloned().unwrap_or_default();
            let line = match self.lang {
                Lang::C => format!("{} {written} = 0;", self.c_type_name(body.types[slot])),
                Lang::Rust => format!("let mut {written}: {} = 0;", self.rust_type_name(body.types[slot])),
            };
            self.line(indent, &line);
        }
        let body = self.body_ref(index);
        let mut discard = None;
        let line = match statement {
            Statement::Assign { name, value, .. } => {
                let slot = body.index(name).unwrap_or(0);
                let written = body.written.get(slot).cloned().unwrap_or_else(|| name.clone());
                let first = !declared[slot];
                declared[slot] = true;
                if body.reads[slot] == 0 && body.last_write[slot] == Some(at) && c && indent == 1 {
                    discard = Some(format!("(void){written}; // The formula does not read it."));
                }
                let ty = body.types[slot];
                let rust_type = self.rust_type_name(ty);
                let prefix = match (self.lang, first) {
                    (Lang::C, true) => format!("{} {written} = ", self.c_type_name(ty)),
                    (Lang::Rust, true) if body.writes[slot] > 1 => format!("let mut {written}: {rust_type} = "),
                    (Lang::Rust, true) => format!("let {written}: {rust_type} = "),
                    (_, false) => format!("{written} = "),
                };
                format!("{prefix}{};", self.value_of_type(value, body, (&prefix, beside), ty))
            }
            // A return inside an if's branch (indented under it) ends the function there.
            Statement::Return(value) if indent > 1 => {
                format!("return {};", self.value_of_type(value, body, ("return ", beside), body.returns))
            }
            Statement::Return(value) | Statement::Bare(value) if last => {
                if c {
                    format!("return {};", self.value_of_type(value, body, ("return ", beside), body.returns))
                } else {
                    self.value_of_type(value, body, ("", beside), body.returns)
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
            Statement::If { condition, then, otherwise, .. } => {
                return self.if_statement(index, (condition, then, otherwise), at, indent, beside, declared);
            }
            Statement::Loop { keyword, init, test, body: looped, step, .. } => {
                for statement in init {
                    self.statement(index, statement, (at, false), indent, "", declared);
                }
                let parts = (*keyword, test, &looped[..], &step[..]);
                return self.loop_statement(index, parts, at, indent, beside, declared);
            }
            // Written only by a function that fills tables, which an export leaves out (it
            // writes the tables filled).
            Statement::Store { target, value } => match self.lang {
                Lang::C => format!("{} = {};", self.c_as_typed(target, body).text, self.c_as_typed(value, body).text),
                Lang::Rust => {
                    format!("{} = {};", self.rust_as_typed(target, body).text, self.rust_as_typed(value, body).text)
                }
            },
            Statement::Break(_) => match (self.lang, self.loops.last()) {
                (Lang::Rust, Some(Some(label))) => format!("break 'loop{label};"),
                _ => String::from("break;"),
            },
            Statement::Continue(_) => match (self.lang, self.loops.last()) {
                (Lang::Rust, Some(Some(label))) => format!("break 'next{label};"),
                _ => String::from("continue;"),
            },
        };
        self.line(indent, &format!("{line}{beside}"));
        if let Some(discard) = discard {
            self.line(indent, &discard);
        }
    }

    /// An `if` and its branches. A name first given a value inside it is declared before it,
    /// so that it lives on after the `if` (C and Rust scope a name to its braces).
    fn if_statement(
        &mut self,
        index: usize,
        (condition, then, otherwise): (&Node, &[Statement], &[Statement]),
        at: usize,
        indent: usize,
        beside: &str,
        declared: &mut [bool],
    ) {
        let body = self.body_ref(index);
        let mut lines = self.declared_first_inside(index, &[then, otherwise], declared, false);
        lines.push(match self.lang {
            Lang::C => format!("if ({}) {{{beside}", self.c(condition, body, false).text),
            Lang::Rust => format!("if {} {{{beside}", self.rust_condition(condition, body)),
        });
        for line in lines {
            self.line(indent, &line);
        }
        for statement in then {
            self.statement(index, statement, (at, false), indent + 1, "", declared);
        }
        if !otherwise.is_empty() {
            self.line(indent, "} else {");
            for statement in otherwise {
                self.statement(index, statement, (at, false), indent + 1, "", declared);
            }
        }
        self.line(indent, "}");
    }
}

impl Export<'_> {
    /// The declarations, before an `if` or a loop, of the names first given values inside it
    /// (`lists`), so that they live on after it (C and Rust scope a name to its braces). In a
    /// loop (`repeats`), Rust's name is `mut`: a second run assigns it again.
    fn declared_first_inside(
        &self,
        index: usize,
        lists: &[&[Statement]],
        declared: &mut [bool],
        repeats: bool,
    ) -> Vec<String> {
        let body = self.body_ref(index);
        let mut first_inside = Vec::new();
        for list in lists {
            naming::for_each_statement(list, &mut |statement| first_inside.push(statement));
        }
        let mut lines = Vec::new();
        for statement in first_inside {
            // A bit scan's index first given its value inside is declared before, given 0: the
            // scan may leave it as it was.
            if let Some(slot) = statement.bit_scan().and_then(|scan| body.index(&scan.index)) {
                if !declared[slot] {
                    declared[slot] = true;
                    let written = body.written.get(slot).cloned().unwrap_or_default();
                    lines.push(match self.lang {
                        Lang::C => format!("{} {written} = 0;", self.c_type_name(body.types[slot])),
                        Lang::Rust => format!("let mut {written}: {} = 0;", self.rust_type_name(body.types[slot])),
                    });
                }
            }
            let Statement::Assign { name, .. } = statement else { continue };
            let slot = body.index(name).unwrap_or(0);
            if declared[slot] {
                continue;
            }
            declared[slot] = true;
            let written = body.written.get(slot).cloned().unwrap_or_else(|| name.clone());
            let writes: usize = lists.iter().map(|list| most_writes_on_a_path(name, list)).max().unwrap_or(0);
            lines.push(match self.lang {
                Lang::C => format!("{} {written};", self.c_type_name(body.types[slot])),
                // Assigned once on each path, Rust's own check finds it assigned before it is read.
                Lang::Rust if writes > 1 || repeats => {
                    format!("let mut {written}: {};", self.rust_type_name(body.types[slot]))
                }
                Lang::Rust => format!("let {written}: {};", self.rust_type_name(body.types[slot])),
            });
        }
        lines
    }

    /// A loop: C's own `while`, `do … while` or `for`; in Rust a `while`, or a `loop` with
    /// its test where C has it, and where the body holds a continue (which in C goes on to the
    /// step and the test), the body in a labelled block that continue leaves.
    fn loop_statement(
        &mut self,
        index: usize,
        (keyword, test, looped, step): (Keyword, &Node, &[Statement], &[Statement]),
        at: usize,
        indent: usize,
        beside: &str,
        declared: &mut [bool],
    ) {
        let lines = self.declared_first_inside(index, &[looped, step], declared, true);
        for line in lines {
            self.line(indent, &line);
        }
        let body = self.body_ref(index);
        let continues = looped.iter().any(continues_here);
        let label = (self.lang == Lang::Rust && continues).then_some(self.loops.len());
        let test_c = self.c(test, body, false).text;
        let test_rust = self.rust_condition(test, body);
        let step_c: Vec<String> = step.iter().filter_map(|statement| self.step_text(index, statement)).collect();
        let open = match (self.lang, keyword, label) {
            (Lang::C, Keyword::While, _) => format!("while ({test_c}) {{"),
            (Lang::C, Keyword::DoWhile, _) => String::from("do {"),
            (Lang::C, Keyword::For, _) => format!("for (; {test_c}; {}) {{", step_c.join(", ")),
            (Lang::Rust, Keyword::While | Keyword::For, None) => format!("while {test_rust} {{"),
            (Lang::Rust, Keyword::DoWhile, None) => String::from("loop {"),
            (Lang::Rust, _, Some(label)) => format!("'loop{label}: loop {{"),
        };
        self.line(indent, &format!("{open}{beside}"));
        let inner = match label {
            Some(label) => {
                if keyword.tests_first() {
                    self.line(indent + 1, &format!("if !({test_rust}) {{"));
                    self.line(indent + 2, &format!("break 'loop{label};"));
                    self.line(indent + 1, "}");
                }
                self.line(indent + 1, &format!("'next{label}: {{"));
                indent + 2
            }
            None => indent + 1,
        };
        self.loops.push(label);
        for statement in looped {
            self.statement(index, statement, (at, false), inner, "", declared);
        }
        if label.is_some() {
            self.line(indent + 1, "}");
        }
        // C's for has its step in its head; Rust's loops run it after the body.
        if self.lang == Lang::Rust {
            for statement in step {
                self.statement(index, statement, (at, false), indent + 1, "", declared);
            }
        }
        self.loops.pop();
        match (self.lang, keyword) {
            (Lang::C, Keyword::DoWhile) => self.line(indent, &format!("}} while ({test_c});")),
            (Lang::Rust, Keyword::DoWhile) => {
                self.line(indent + 1, &format!("if !({test_rust}) {{"));
                self.line(indent + 2, "break;");
                self.line(indent + 1, "}");
                self.line(indent, "}");
            }
            (Lang::C | Lang::Rust, _) => self.line(indent, "}"),
        }
    }

    /// A `for`'s step as C writes it in the loop's head: `i = i + 1`.
    fn step_text(&self, index: usize, statement: &Statement) -> Option<String> {
        let body = self.body_ref(index);
        let Statement::Assign { name, value, .. } = statement else { return None };
        let written = body.written(name).unwrap_or(name);
        Some(format!("{written} = {}", self.c(value, body, false).text))
    }
}

/// Whether a `continue` in `statement` goes on in the loop it stands in (not in one of its own).
fn continues_here(statement: &Statement) -> bool {
    match statement {
        Statement::Continue(_) => true,
        Statement::If { then, otherwise, .. } => then.iter().chain(otherwise).any(continues_here),
        Statement::Assign { .. }
        | Statement::Return(_)
        | Statement::Bare(_)
        | Statement::Loop { .. }
        | Statement::Break(_)
        | Statement::Store { .. } => false,
    }
}

/// The most times one path through `statements` gives `name` a value: an `if` counts its
/// dearer branch.
fn most_writes_on_a_path(name: &str, statements: &[Statement]) -> usize {
    statements
        .iter()
        .map(|statement| match statement {
            Statement::Assign { name: assigned, .. } => usize::from(assigned == name),
            Statement::If { then, otherwise, .. } => {
                most_writes_on_a_path(name, then).max(most_writes_on_a_path(name, otherwise))
            }
            // A loop's body may run again: twice counts as often as Rust needs to know.
            Statement::Loop { body, step, .. } => {
                2 * (most_writes_on_a_path(name, body) + most_writes_on_a_path(name, step)).min(1)
            }
            Statement::Return(_)
            | Statement::Bare(_)
            | Statement::Break(_)
            | Statement::Continue(_)
            | Statement::Store { .. } => 0,
        })
        .sum()
}

/// Beside the `allow` of a function the formula never calls.
const NOT_CALLED: &str = " // The formula does not call it.";

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
