//! Cuts a formula into tokens. Comments are kept apart, by line: a line's `//` comment is the
//! why of the steps on it.

use alloc::string::String;
use alloc::vec::Vec;

use super::ctype::Suffix;
use super::{Error, Span};

/// How a literal was written, so that it prints back the same way.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Radix {
    Decimal,
    Hex,
    Binary,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Token<'a> {
    Number(u64, Radix, Suffix),
    Name(&'a str),
    /// An operator or punctuation mark, as written: `<<=`, `(`, `?`, …
    Punct(&'static str),
    /// The end of a line, which ends a statement unless an expression is still open.
    Newline,
    End,
}

/// Longest first, so that `<<=` is not read as `<<` then `=`.
pub const PUNCTUATION: [&str; 40] = [
    "<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&=", "|=", "^=", "+=", "-=", "*=", "/=", "%=", "++", "--", "->",
    "&&", "||", "~", "!", "-", "+", "*", "/", "%", "&", "|", "^", "<", ">", "=", "?", ":", "(", ")", ",", ".",
];

/// The tokens of `text` with their spans, and each line's comment (1-based line numbers).
pub struct Lexed<'a> {
    pub tokens: Vec<(Token<'a>, Span)>,
    pub comments: Vec<(u32, &'a str)>,
}

pub fn lex(text: &str) -> Result<Lexed<'_>, Error> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut comments = Vec::new();
    let mut line = 1;
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        let start = at;
        match byte {
            b'\n' => {
                tokens.push((Token::Newline, Span::new(at, at + 1)));
                line += 1;
                at += 1;
            }
            b' ' | b'\t' | b'\r' => at += 1,
            b'/' if bytes.get(at + 1) == Some(&b'/') => {
                let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
                let comment = text[at + 2..end].trim();
                if !comment.is_empty() {
                    comments.push((line, comment));
                }
                at = end;
            }
            b'/' if bytes.get(at + 1) == Some(&b'*') => {
                let Some(close) = text[at + 2..].find("*/") else {
                    return Err(Error::at(Span::new(at, at + 2), "this /* comment is never closed: end it with */"));
                };
                line += text[at..at + 2 + close].matches('\n').count() as u32;
                at += close + 4;
            }
            b'{' | b'}' | b';' | b'[' | b']' => {
                tokens.push((Token::Punct(brace(byte)), Span::new(at, at + 1)));
                at += 1;
            }
            b'0'..=b'9' => {
                let (value, radix, suffix, end) = number(text, at)?;
                tokens.push((Token::Number(value, radix, suffix), Span::new(start, end)));
                at = end;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
                    at += 1;
                }
                tokens.push((Token::Name(&text[start..at]), Span::new(start, at)));
            }
            _ => match PUNCTUATION.iter().find(|p| text[at..].starts_with(**p)) {
                Some(punct) => {
                    tokens.push((Token::Punct(punct), Span::new(at, at + punct.len())));
                    at += punct.len();
                }
                None => {
                    let character = text[at..].chars().next().unwrap_or('?');
                    let span = Span::new(at, at + character.len_utf8());
                    let message = alloc::format!(
                        "\"{character}\" is not part of the language: expected a name, a number or an operator"
                    );
                    return Err(Error::at(span, &message));
                }
            },
        }
    }
    tokens.push((Token::End, Span::new(text.len(), text.len())));
    Ok(Lexed { tokens, comments })
}

fn brace(byte: u8) -> &'static str {
    match byte {
        b'{' => "{",
        b'}' => "}",
        b';' => ";",
        b'[' => "[",
        _ => "]",
    }
}

/// A literal starting at `start`: decimal, `0x…` or `0b…`, with `_` separators and C's or
/// Rust's suffixes (`ULL`, `u64`) allowed. Returns its value, radix, suffix and end.
fn number(text: &str, start: usize) -> Result<(u64, Radix, Suffix, usize), Error> {
    let bytes = text.as_bytes();
    let (radix, base, digits_start) = match (bytes[start], bytes.get(start + 1).map(u8::to_ascii_lowercase)) {
        (b'0', Some(b'x')) => (Radix::Hex, 16, start + 2),
        (b'0', Some(b'b')) => (Radix::Binary, 2, start + 2),
        _ => (Radix::Decimal, 10, start),
    };
    let mut end = digits_start;
    while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
        end += 1;
    }
    let word = &text[digits_start..end];
    // The suffix: the letters after the last digit of this base.
    let digits_end = word.char_indices().find(|&(_, c)| c != '_' && !c.is_digit(base)).map_or(word.len(), |(i, _)| i);
    let (digits, suffix) = word.split_at(digits_end);
    let span = Span::new(start, end);
    let Some(typed) = Suffix::of(suffix) else {
        let number = &text[start..start + (digits_start - start) + digits_end];
        let message = if suffix.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            alloc::format!("a number runs into a name: expected an operator between them, as in {number} * {suffix}")
        } else {
            alloc::format!("\"{suffix}\" cannot end a number: expected digits, or a suffix such as ULL")
        };
        return Err(Error::at(span, &message));
    };
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    if clean.is_empty() {
        return Err(Error::at(span, "expected digits after the number's prefix"));
    }
    match u64::from_str_radix(&clean, base) {
        Ok(value) => Ok((value, radix, typed, end)),
        Err(_) => Err(Error::at(span, "this number does not fit in 64 bits")),
    }
}
