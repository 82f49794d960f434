//! C's preprocessor, as the articles' and engines' listings use it: `#define` (object-like,
//! empty, or function-like with `##`), `#undef`, the conditionals of include guards and
//! `#if 0`, and `#include` and `#pragma` lines skipped with a note.
//!
//! The text the lexer reads keeps the reader's lines: a directive or a skipped line is left
//! empty, and a macro's expansion stands where it was used, followed by the line breaks its
//! use spanned. Every piece of that text knows where it came from ([`Expanded::span`]), so an
//! error, a fault or a step inside an expansion lights the macro's use the reader typed.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::lex::PUNCTUATION;
use super::{Error, Span};

/// The most tokens all the expansions of one text may produce, and how deep macros may
/// expand inside one another: a macro is text from a stranger.
pub const MAX_EXPANDED_TOKENS: usize = 20_000;
pub const MAX_EXPANSION_DEPTH: usize = 32;

/// The text the lexer reads, and where each piece of it was typed.
#[derive(Clone, Debug, Default)]
pub struct Expanded {
    pub text: String,
    /// Pieces of `text` in order: from where, and how it maps back.
    pieces: Vec<Piece>,
    /// What the editor notes of the directives read: `#include` lines skipped, and so on.
    pub notes: Vec<String>,
    /// The uses of macros that stand for one operand (`FILE_A`, `C64(0xff)`, `(1ULL)`), where
    /// they were typed: a step's label says them as written ([`Expanded::written`]).
    operand_uses: Vec<Span>,
    source_length: usize,
}

#[derive(Clone, Copy, Debug)]
struct Piece {
    /// Where the piece starts in the expanded text.
    start: usize,
    origin: Origin,
}

#[derive(Clone, Copy, Debug)]
enum Origin {
    /// Copied from the source, which starts here.
    Copied(usize),
    /// A macro's expansion (or line breaks standing for a skipped line), all of it from this use.
    Expansion(Span),
}

impl Expanded {
    /// Where the reader typed a macro that stands for one operand: a label says `o & FILE_A`,
    /// as the code panel marks it, not the number it expands to. A macro with an operator in
    /// it is said expanded, since each of its operations is a step of its own.
    pub fn written(&self) -> &[Span] {
        &self.operand_uses
    }

    /// Where a span of the expanded text was typed. A span within one copied piece maps one to
    /// one; one that reaches into an expansion covers the whole of the macro's use.
    pub fn span(&self, span: Span) -> Span {
        let start = self.position(span.start, false);
        let end = self.position(span.end, true).max(start);
        Span::new(start, end)
    }

    fn position(&self, offset: usize, end: bool) -> usize {
        // The end of the text (where the lexer's last token stands) is the end of the source.
        if !end && offset >= self.text.len() {
            return self.source_length;
        }
        // The piece holding the offset; an end offset belongs to the piece its last byte is in.
        let key = if end && offset > 0 { offset - 1 } else { offset };
        let index = self.pieces.partition_point(|piece| piece.start <= key).saturating_sub(1);
        match self.pieces.get(index) {
            Some(Piece { start, origin: Origin::Copied(from) }) => from + (offset - start),
            Some(Piece { origin: Origin::Expansion(used), .. }) => match end {
                true => used.end,
                false => used.start,
            },
            None => offset,
        }
    }

    fn copy(&mut self, source: &str, range: core::ops::Range<usize>) {
        if range.is_empty() {
            return;
        }
        self.pieces.push(Piece { start: self.text.len(), origin: Origin::Copied(range.start) });
        self.text.push_str(&source[range]);
    }

    /// Text standing for what was typed at `used`, and the line breaks within it, so that the
    /// lines after it keep their numbers.
    fn replace(&mut self, source: &str, used: Span, text: &str) {
        self.pieces.push(Piece { start: self.text.len(), origin: Origin::Expansion(used) });
        self.text.push_str(text);
        for _ in source[used.start..used.end].matches('\n') {
            self.text.push('\n');
        }
        // What follows is copied again from the source, mapped from there.
    }
}

/// What a preprocessing token is: macros are names, and a number is kept whole (`0x1ULL`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Name,
    Number,
    Punct,
    Newline,
}

#[derive(Clone, Copy, Debug)]
struct PpToken<'a> {
    kind: Kind,
    text: &'a str,
    span: Span,
}

/// The preprocessing tokens of a whole text: comments and spaces are skipped (a backslash at
/// a line's end joins the next line), and each real line break is a token.
fn tokens(source: &str) -> Vec<PpToken<'_>> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        let kind = match bytes[at] {
            b'\n' => {
                at += 1;
                Kind::Newline
            }
            b'\\' if matches!(bytes.get(at + 1), Some(b'\n')) => {
                at += 2;
                continue;
            }
            b'\\' if bytes.get(at + 1) == Some(&b'\r') && bytes.get(at + 2) == Some(&b'\n') => {
                at += 3;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                at += 1;
                continue;
            }
            b'/' if bytes.get(at + 1) == Some(&b'/') => {
                at = source[at..].find('\n').map_or(source.len(), |n| at + n);
                continue;
            }
            b'/' if bytes.get(at + 1) == Some(&b'*') => {
                at = match source[at + 2..].find("*/") {
                    Some(close) => at + 2 + close + 2,
                    // The lexer says where the unclosed comment starts.
                    None => source.len(),
                };
                continue;
            }
            b'0'..=b'9' => {
                while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
                    at += 1;
                }
                Kind::Number
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
                    at += 1;
                }
                Kind::Name
            }
            _ => {
                // C's operators of two or three marks stay whole, so an expansion spells them so.
                let long = ["##"].iter().chain(PUNCTUATION.iter()).find(|p| source[at..].starts_with(**p));
                at += long.map_or_else(|| source[at..].chars().next().map_or(1, char::len_utf8), |p| p.len());
                Kind::Punct
            }
        };
        out.push(PpToken { kind, text: &source[start..at], span: Span::new(start, at) });
    }
    out
}

/// A macro: its parameters (when it is function-like) and the tokens of its body.
#[derive(Clone, Debug)]
struct Macro {
    parameters: Option<Vec<String>>,
    body: Vec<Word>,
}

/// A token of a macro's body or of an expansion: its kind and text (pasting makes new text).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Word {
    kind: Kind,
    text: String,
}

impl Word {
    fn of(token: &PpToken<'_>) -> Word {
        Word { kind: token.kind, text: token.text.to_string() }
    }
}

/// One `#if`, `#ifdef` or `#ifndef` open: whether the text around it is read, whether a
/// branch of it has been taken, and where it was typed.
struct Conditional {
    outer_active: bool,
    taken: bool,
    active: bool,
    seen_else: bool,
    span: Span,
}

/// The text with its directives obeyed and its macros expanded.
pub fn preprocess(source: &str) -> Result<Expanded, Error> {
    let mut expanded = Expanded { source_length: source.len(), ..Expanded::default() };
    // Most formulas have no directive: they are read as typed.
    if !source.contains('#') {
        expanded.copy(source, 0..source.len());
        return Ok(expanded);
    }
    match expand(source, &mut expanded) {
        Ok(()) => Ok(expanded),
        // The notes of the lines read before the error stay with it.
        Err(error) => Err(Error { notes: expanded.notes, ..error }),
    }
}

/// Reads the directives of `source` and expands its macros into `expanded`.
fn expand(source: &str, expanded: &mut Expanded) -> Result<(), Error> {
    let tokens = tokens(source);
    let mut state = State { source, macros: BTreeMap::new(), conditionals: Vec::new(), budget: MAX_EXPANDED_TOKENS };
    let mut copied = 0;
    let mut at = 0;
    while at < tokens.len() {
        let line_end = tokens[at..].iter().position(|t| t.kind == Kind::Newline).map_or(tokens.len(), |n| at + n);
        let line = &tokens[at..line_end];
        // Just after the line break before (`at` is 0, or just past a line break's token).
        let line_start = at.checked_sub(1).map_or(0, |before| tokens[before].span.end);
        let line_stop = tokens.get(line_end).map_or(source.len(), |t| t.span.start);
        let directive = line.first().is_some_and(|t| t.text == "#");
        if directive || !state.active() {
            if directive {
                state.directive(&line[1..], line[0].span, &mut expanded.notes)?;
            }
            // The line stays, empty: the lines after it keep their numbers.
            expanded.copy(source, copied..line_start);
            expanded.replace(source, Span::new(line_start, line_stop), "");
            copied = line_stop;
            at = line_end + 1;
            continue;
        }
        // An ordinary line: each macro used on it (a call may run on over later lines).
        let mut index = at;
        while index < tokens.len() && tokens[index].kind != Kind::Newline {
            let Some((words, end)) = state.use_at(&tokens, index)? else {
                index += 1;
                continue;
            };
            let used = Span::new(tokens[index].span.start, tokens[end - 1].span.end);
            expanded.copy(source, copied..used.start);
            expanded.replace(source, used, &spell(&words));
            if words.iter().filter(|word| word.text != "(" && word.text != ")").count() == 1 {
                expanded.operand_uses.push(used);
            }
            copied = used.end;
            index = end;
        }
        at = index + 1;
    }
    if let Some(open) = state.conditionals.last() {
        return Err(Error::at(open.span, "this conditional is never closed: end it with #endif"));
    }
    expanded.copy(source, copied..source.len());
    Ok(())
}

/// Words as text for the lexer: a space between each two, so that none run together.
fn spell(words: &[Word]) -> String {
    let mut text = String::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&word.text);
    }
    text
}

struct State<'s> {
    source: &'s str,
    macros: BTreeMap<String, Macro>,
    conditionals: Vec<Conditional>,
    /// How many more tokens expansions may produce.
    budget: usize,
}

/// The directives read here, each by its name after `#`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Directive {
    Define,
    Undef,
    Include,
    If,
    Ifdef,
    Ifndef,
    Elif,
    Else,
    Endif,
    Pragma,
    Error,
}

impl Directive {
    const ALL: [Directive; 11] = [
        Directive::Define,
        Directive::Undef,
        Directive::Include,
        Directive::If,
        Directive::Ifdef,
        Directive::Ifndef,
        Directive::Elif,
        Directive::Else,
        Directive::Endif,
        Directive::Pragma,
        Directive::Error,
    ];

    const fn name(self) -> &'static str {
        match self {
            Directive::Define => "define",
            Directive::Undef => "undef",
            Directive::Include => "include",
            Directive::If => "if",
            Directive::Ifdef => "ifdef",
            Directive::Ifndef => "ifndef",
            Directive::Elif => "elif",
            Directive::Else => "else",
            Directive::Endif => "endif",
            Directive::Pragma => "pragma",
            Directive::Error => "error",
        }
    }

    fn named(name: &str) -> Option<Directive> {
        Directive::ALL.into_iter().find(|directive| directive.name() == name)
    }
}

/// What a conditional tests: whether a name is a macro (`#ifdef`, and `#ifndef`, which wants
/// it not to be), or an expression (`#if`, `#elif`).
#[derive(Clone, Copy)]
enum Test {
    Defined { wanted: bool, directive: Directive },
    Expression,
}

/// The directives' names, for the message when a line names another.
fn directive_names() -> String {
    let names: Vec<&str> = Directive::ALL.iter().map(|directive| directive.name()).collect();
    let (last, rest) = names.split_last().unwrap_or((&"", &[]));
    format!("{} or {last}", rest.join(", "))
}

impl State<'_> {
    fn active(&self) -> bool {
        self.conditionals.last().is_none_or(|c| c.active)
    }

    /// One directive line: `line` is what follows its `#`.
    fn directive(&mut self, line: &[PpToken<'_>], hash: Span, notes: &mut Vec<String>) -> Result<(), Error> {
        let Some(name) = line.first() else {
            // A `#` alone is C's null directive.
            return Ok(());
        };
        let whole = Span::new(hash.start, line.last().map_or(hash.end, |t| t.span.end));
        let rest = &line[1..];
        let Some(directive) = Directive::named(name.text) else {
            // Inside a skipped branch, any line may follow a `#` (C skips it unread).
            if !self.active() {
                return Ok(());
            }
            return Err(Error::at(
                Span::new(hash.start, name.span.end),
                &format!("#{} is not a directive read here: expected {}", name.text, directive_names()),
            ));
        };
        match directive {
            Directive::If => self.open(Test::Expression, rest, whole)?,
            Directive::Ifdef => self.open(Test::Defined { wanted: true, directive }, rest, whole)?,
            Directive::Ifndef => self.open(Test::Defined { wanted: false, directive }, rest, whole)?,
            Directive::Elif | Directive::Else => {
                let Some(open) = self.conditionals.last() else {
                    return Err(Error::at(whole, &format!("#{} without an #if before it", name.text)));
                };
                if open.seen_else {
                    return Err(Error::at(whole, &format!("#{} after this conditional's #else", name.text)));
                }
                let (outer_active, taken) = (open.outer_active, open.taken);
                let holds = match (directive == Directive::Else, outer_active && !taken) {
                    (true, true) => true,
                    (false, true) => self.condition(Test::Expression, rest, whole)?,
                    (_, false) => false,
                };
                if let Some(open) = self.conditionals.last_mut() {
                    open.active = holds;
                    open.taken |= holds;
                    open.seen_else = directive == Directive::Else;
                }
            }
            Directive::Endif => {
                if self.conditionals.pop().is_none() {
                    return Err(Error::at(whole, "#endif without an #if before it"));
                }
            }
            // The rest are read only where the text is not skipped.
            Directive::Define | Directive::Undef | Directive::Include | Directive::Pragma | Directive::Error
                if !self.active() => {}
            Directive::Define => self.define(rest, whole)?,
            Directive::Undef => {
                let [undefined] = rest else {
                    return Err(Error::at(whole, "expected one name after #undef"));
                };
                self.macros.remove(undefined.text);
            }
            Directive::Include => {
                note(notes, "#include lines are skipped: U64, uint64_t and the intrinsics are built in.")
            }
            Directive::Pragma => note(notes, "#pragma lines are skipped."),
            Directive::Error => {
                let message = &self.source[rest.first().map_or(whole.end, |t| t.span.start)..whole.end];
                return Err(Error::at(whole, &format!("#error: {message}")));
            }
        }
        Ok(())
    }

    /// A conditional opened by `#if`, `#ifdef` or `#ifndef`.
    fn open(&mut self, test: Test, rest: &[PpToken<'_>], whole: Span) -> Result<(), Error> {
        let holds = match self.active() {
            true => self.condition(test, rest, whole)?,
            // Inside a skipped branch, nothing is read, but the nesting is counted.
            false => false,
        };
        let outer_active = self.active();
        let active = outer_active && holds;
        self.conditionals.push(Conditional { outer_active, taken: active, active, seen_else: false, span: whole });
        Ok(())
    }

    /// Whether a conditional's test holds.
    fn condition(&mut self, test: Test, rest: &[PpToken<'_>], whole: Span) -> Result<bool, Error> {
        match test {
            Test::Defined { wanted, directive } => {
                let [name] = rest else {
                    return Err(Error::at(whole, &format!("expected one name after #{}", directive.name())));
                };
                Ok(self.macros.contains_key(name.text) == wanted)
            }
            Test::Expression => {
                // `defined NAME` and `defined(NAME)` are read before macros expand.
                let mut words = Vec::new();
                let mut at = 0;
                while at < rest.len() {
                    let (defined, skip) = match (rest[at].text, rest.get(at + 1), rest.get(at + 2), rest.get(at + 3)) {
                        ("defined", Some(name), _, _) if name.kind == Kind::Name => (Some(name.text), 2),
                        ("defined", Some(open), Some(name), Some(close)) if open.text == "(" && close.text == ")" => {
                            (Some(name.text), 4)
                        }
                        _ => (None, 1),
                    };
                    match defined {
                        Some(name) => words.push(number_word(self.macros.contains_key(name))),
                        None => words.push(Word::of(&rest[at])),
                    }
                    at += skip;
                }
                let words = self.expand(words, &mut Vec::new(), 0, whole)?;
                Condition { words: &words, at: 0 }.read().map(|value| value != 0).ok_or_else(|| {
                    Error::at(
                        whole,
                        "this #if is not read here: expected numbers, defined(NAME), !, ==, !=, &&, || and parentheses",
                    )
                })
            }
        }
    }

    /// `#define NAME body` or `#define NAME(a, b) body`.
    fn define(&mut self, rest: &[PpToken<'_>], whole: Span) -> Result<(), Error> {
        let Some(name) = rest.first().filter(|t| t.kind == Kind::Name) else {
            return Err(Error::at(whole, "expected the macro's name after #define"));
        };
        let mut at = 1;
        // A parameter list is a `(` right after the name, with no space between.
        let parameters = match rest.get(1) {
            Some(open) if open.text == "(" && open.span.start == name.span.end => {
                let mut parameters = Vec::new();
                at = 2;
                loop {
                    match rest.get(at) {
                        Some(close) if close.text == ")" && parameters.is_empty() => break,
                        Some(parameter) if parameter.kind == Kind::Name => parameters.push(parameter.text.to_string()),
                        Some(dots) if dots.text == "." => {
                            return Err(Error::at(
                                dots.span,
                                "a macro of any number of arguments (...) is not read here",
                            ))
                        }
                        _ => return Err(Error::at(whole, "expected a parameter's name in the macro's parameters")),
                    }
                    at += 1;
                    match rest.get(at) {
                        Some(comma) if comma.text == "," => at += 1,
                        Some(close) if close.text == ")" => break,
                        _ => return Err(Error::at(whole, "expected , or ) after the macro's parameter")),
                    }
                }
                at += 1;
                Some(parameters)
            }
            _ => None,
        };
        let body: Vec<Word> = rest[at..].iter().map(Word::of).collect();
        if let Some(hash) = rest[at..].iter().find(|t| t.text == "#") {
            return Err(Error::at(
                hash.span,
                "# (making a string of an argument) is not read here: the language has no strings",
            ));
        }
        if body.first().is_some_and(|w| w.text == "##") || body.last().is_some_and(|w| w.text == "##") {
            return Err(Error::at(whole, "## needs a token on each side"));
        }
        self.macros.insert(name.text.to_string(), Macro { parameters, body });
        Ok(())
    }

    /// The expansion of a macro used at `tokens[at]`, if one is, and where its use ends.
    fn use_at(&mut self, tokens: &[PpToken<'_>], at: usize) -> Result<Option<(Vec<Word>, usize)>, Error> {
        let token = &tokens[at];
        if token.kind != Kind::Name || !self.macros.contains_key(token.text) {
            return Ok(None);
        }
        // A function-like macro's name without a `(` after it is a plain name.
        let function_like = self.macros.get(token.text).is_some_and(|m| m.parameters.is_some());
        let after = tokens[at + 1..].iter().position(|t| t.kind != Kind::Newline).map(|n| at + 1 + n);
        let end = match (function_like, after) {
            (false, _) => at + 1,
            (true, Some(open)) if tokens[open].text == "(" => match closing(tokens, open) {
                Some(close) => close + 1,
                None => {
                    return Err(Error::at(token.span, &format!("this use of {} is never closed with )", token.text)))
                }
            },
            (true, _) => return Ok(None),
        };
        let used = Span::new(token.span.start, tokens[end - 1].span.end);
        let words = tokens[at..end].iter().filter(|t| t.kind != Kind::Newline).map(Word::of).collect();
        Ok(Some((self.expand(words, &mut Vec::new(), 0, used)?, end)))
    }
}

fn note(notes: &mut Vec<String>, text: &str) {
    if !notes.iter().any(|n| n == text) {
        notes.push(text.to_string());
    }
}

fn number_word(value: bool) -> Word {
    Word { kind: Kind::Number, text: if value { "1" } else { "0" }.to_string() }
}

/// The `)` that closes the `(` at `open`, counting nesting.
fn closing(tokens: &[PpToken<'_>], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (index, token) in tokens.iter().enumerate().skip(open) {
        match token.text {
            "(" => depth += 1,
            ")" => {
                depth -= 1;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

impl State<'_> {
    /// Every macro in `words` expanded, over and over, except those being expanded already
    /// (`hidden`), as C's rescanning does.
    fn expand(
        &mut self,
        words: Vec<Word>,
        hidden: &mut Vec<String>,
        depth: usize,
        used: Span,
    ) -> Result<Vec<Word>, Error> {
        if depth > MAX_EXPANSION_DEPTH {
            return Err(Error::at(
                used,
                &format!("macros expand inside one another more than {MAX_EXPANSION_DEPTH} deep here"),
            ));
        }
        let mut out = Vec::new();
        let mut at = 0;
        while at < words.len() {
            let word = &words[at];
            let found = match word.kind == Kind::Name && !hidden.contains(&word.text) {
                true => self.macros.get(&word.text).cloned(),
                false => None,
            };
            let Some(found) = found else {
                out.push(word.clone());
                at += 1;
                continue;
            };
            let (body, next) = match &found.parameters {
                None => (found.body.clone(), at + 1),
                Some(parameters) => {
                    let Some((arguments, next)) = arguments(&words, at + 1) else {
                        // No `(` after it: a plain name.
                        out.push(word.clone());
                        at += 1;
                        continue;
                    };
                    let given = match (parameters.len(), arguments.as_slice()) {
                        (0, [only]) if only.is_empty() => 0,
                        (_, given) => given.len(),
                    };
                    if given != parameters.len() {
                        let count =
                            |n: usize| if n == 1 { String::from("1 argument") } else { format!("{n} arguments") };
                        let message =
                            format!("{} takes {}; this use gives {given}", word.text, count(parameters.len()));
                        return Err(Error::at(used, &message));
                    }
                    (self.substitute(&found.body, parameters, &arguments, hidden, depth, used)?, next)
                }
            };
            hidden.push(word.text.clone());
            let rescanned = self.expand(body, hidden, depth + 1, used);
            hidden.pop();
            let rescanned = rescanned?;
            self.budget = self.budget.checked_sub(rescanned.len()).ok_or_else(|| {
                Error::at(used, &format!("macros here expand to more than {MAX_EXPANDED_TOKENS} tokens"))
            })?;
            out.extend(rescanned);
            at = next;
        }
        Ok(out)
    }

    /// A function-like macro's body with its arguments in place and `##` pasted: an argument
    /// beside `##` as typed, any other expanded first.
    fn substitute(
        &mut self,
        body: &[Word],
        parameters: &[String],
        arguments: &[Vec<Word>],
        hidden: &mut Vec<String>,
        depth: usize,
        used: Span,
    ) -> Result<Vec<Word>, Error> {
        let mut out: Vec<Word> = Vec::new();
        let mut paste_next = false;
        for (index, word) in body.iter().enumerate() {
            if word.text == "##" {
                paste_next = true;
                continue;
            }
            let pasted = paste_next || body.get(index + 1).is_some_and(|w| w.text == "##");
            let parameter = parameters.iter().position(|p| *p == word.text).filter(|_| word.kind == Kind::Name);
            let mut words = match parameter {
                // An empty argument beside `##` leaves a placemarker, taken out at the end.
                Some(p) if pasted && arguments[p].is_empty() => {
                    alloc::vec![Word { kind: Kind::Punct, text: String::new() }]
                }
                Some(p) if pasted => arguments[p].clone(),
                Some(p) => self.expand(arguments[p].clone(), hidden, depth + 1, used)?,
                None => alloc::vec![word.clone()],
            };
            if core::mem::take(&mut paste_next) {
                if let (Some(left), false) = (out.pop(), words.is_empty()) {
                    let first = words.remove(0);
                    out.push(paste(&left, &first, used)?);
                }
            }
            out.extend(words);
        }
        out.retain(|word| !word.text.is_empty());
        Ok(out)
    }
}

/// `left ## right`: one token of their texts together, or an error.
fn paste(left: &Word, right: &Word, used: Span) -> Result<Word, Error> {
    let text = format!("{}{}", left.text, right.text);
    // An empty argument beside `##` is a placemarker: the other side stands alone.
    if left.text.is_empty() || right.text.is_empty() {
        return Ok(if left.text.is_empty() { right.clone() } else { left.clone() });
    }
    match tokens(&text).as_slice() {
        [one] if one.text.len() == text.len() => Ok(Word { kind: one.kind, text }),
        _ => Err(Error::at(used, &format!("pasting {} and {} with ## does not make one token", left.text, right.text))),
    }
}

/// A macro use's arguments, if `words[at]` opens them: each argument's words, split at the
/// commas outside parentheses, and where the use ends.
fn arguments(words: &[Word], at: usize) -> Option<(Vec<Vec<Word>>, usize)> {
    if words.get(at).is_none_or(|w| w.text != "(") {
        return None;
    }
    let mut arguments = alloc::vec![Vec::new()];
    let mut depth = 0usize;
    for (index, word) in words.iter().enumerate().skip(at + 1) {
        match word.text.as_str() {
            ")" if depth == 0 => return Some((arguments, index + 1)),
            "," if depth == 0 => arguments.push(Vec::new()),
            text => {
                match text {
                    "(" => depth += 1,
                    ")" => depth -= 1,
                    _ => {}
                }
                if let Some(last) = arguments.last_mut() {
                    last.push(word.clone());
                }
            }
        }
    }
    None
}

/// An `#if`'s condition, once macros are expanded: numbers (any other name is 0, as in C),
/// `!`, `&&`, `||`, `==`, `!=` and parentheses.
struct Condition<'w> {
    words: &'w [Word],
    at: usize,
}

impl Condition<'_> {
    fn read(mut self) -> Option<u64> {
        let value = self.or()?;
        (self.at == self.words.len()).then_some(value)
    }

    fn peek(&self) -> Option<&str> {
        self.words.get(self.at).map(|w| w.text.as_str())
    }

    fn or(&mut self) -> Option<u64> {
        let mut value = self.and()?;
        while self.peek() == Some("||") {
            self.at += 1;
            value = (self.and()? != 0 || value != 0) as u64;
        }
        Some(value)
    }

    fn and(&mut self) -> Option<u64> {
        let mut value = self.equality()?;
        while self.peek() == Some("&&") {
            self.at += 1;
            value = (self.equality()? != 0 && value != 0) as u64;
        }
        Some(value)
    }

    fn equality(&mut self) -> Option<u64> {
        let value = self.unary()?;
        match self.peek() {
            Some("==" | "!=") => {
                let equal = self.peek() == Some("==");
                self.at += 1;
                let other = self.unary()?;
                Some(((value == other) == equal) as u64)
            }
            _ => Some(value),
        }
    }

    fn unary(&mut self) -> Option<u64> {
        let word = self.words.get(self.at)?;
        self.at += 1;
        match (word.kind, word.text.as_str()) {
            (Kind::Punct, "!") => Some((self.unary()? == 0) as u64),
            (Kind::Punct, "(") => {
                let value = self.or()?;
                (self.peek() == Some(")")).then(|| self.at += 1)?;
                Some(value)
            }
            (Kind::Number, text) => {
                let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
                match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                    Some(hex) => u64::from_str_radix(hex, 16).ok(),
                    None => digits.parse().ok(),
                }
            }
            (Kind::Name, _) => Some(0),
            (Kind::Punct | Kind::Newline, _) => None,
        }
    }
}
