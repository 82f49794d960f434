//! The syntax of a traced step's why: the `//` comment right above the statement that takes the
//! step. Its first lines are the why of the statement's outermost operation; a line that starts
//! with a sub-expression in backticks and a colon (`` `upper - ms1b`: the borrow … ``) gives that
//! sub-expression a why of its own, and the lines after it continue that why. A line
//! `shown as: 2r` gives the value the statement binds the name it is shown by wherever it is an
//! operand (the article's `2r` for the code's `two_r`, as `2r` is no Rust name); it is no part of a why.
//!
//! ```
//! use traced_syntax::{comment_above, Whys};
//! let source = "// XOR marks the changed bits.\n// `o - 2r`: the borrow runs to the blocker.\nlet x = o ^ (o - 2r);";
//! let lines: Vec<&str> = source.lines().collect();
//! let whys = Whys::parse(&comment_above(&lines, 3));
//! assert_eq!(whys.own, "XOR marks the changed bits.");
//! assert_eq!(whys.of("(o - 2r)"), Some("the borrow runs to the blocker."));
//! ```
//!
//! `#[traced]` reads a technique's comments through here when it compiles the technique, and
//! the page through here when it reads the technique's file (its wasm carries no copy of the
//! whys): one reader, so the two never part.
#![no_std]

extern crate alloc;

use alloc::string::String;
use alloc::vec::Vec;

/// The `//` comment lines right above line `line` (1-based) of `lines`, without their slashes
/// and the spaces around the text; doc comments (`///`, `//!`) end a comment.
pub fn comment_above<'a>(lines: &[&'a str], line: usize) -> Vec<&'a str> {
    let mut comment = Vec::new();
    let mut index = line.saturating_sub(1);
    while index > 0 {
        let Some(text) = lines.get(index - 1).map(|text| text.trim_start()) else { break };
        if !text.starts_with("//") || text.starts_with("///") || text.starts_with("//!") {
            break;
        }
        comment.push(text[2..].trim());
        index -= 1;
    }
    comment.reverse();
    comment
}

/// The whys one comment gives: the statement's own, then those of named sub-expressions.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Whys {
    /// The why of the statement's outermost operation.
    pub own: String,
    /// Each sub-expression the comment names, as written between its backticks, and its why.
    pub named: Vec<(String, String)>,
    /// The name the statement's value is shown by, from a `shown as: NAME` line.
    pub shown_as: Option<String>,
}

impl Whys {
    pub fn parse(comment: &[&str]) -> Whys {
        let mut whys = Whys::default();
        for line in comment {
            if let Some(name) = line.strip_prefix("shown as:") {
                whys.shown_as = Some(String::from(name.trim()));
                continue;
            }
            if let Some((code, why)) = line.strip_prefix('`').and_then(|rest| rest.split_once("`:")) {
                whys.named.push((String::from(code), String::from(why.trim())));
                continue;
            }
            let target = match whys.named.last_mut() {
                Some((_, why)) => why,
                None => &mut whys.own,
            };
            if !target.is_empty() {
                target.push(' ');
            }
            target.push_str(line);
        }
        whys
    }

    /// The why the comment gives the sub-expression `code`, compared by its tokens.
    pub fn of(&self, code: &str) -> Option<&str> {
        self.named.iter().find(|(named, _)| same_code(named, code)).map(|(_, why)| why.as_str())
    }
}

/// The why of the step whose expression `code` starts on line `line` (1-based) of `source`: the
/// why the comment above gives that sub-expression, else the statement's own; `None` where no
/// comment stands above.
pub fn why_in_source(source: &str, line: u32, code: &str) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    let whys = Whys::parse(&comment_above(&lines, line as usize));
    match whys.of(code) {
        Some(why) => Some(String::from(why)),
        None => (!whys.own.is_empty()).then_some(whys.own),
    }
}

/// Code compared by its tokens: no spaces, and without parentheses around the whole.
pub fn same_code(a: &str, b: &str) -> bool {
    fn bare(code: &str) -> String {
        let mut code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        while code.starts_with('(') && code.ends_with(')') {
            code = String::from(&code[1..code.len() - 1]);
        }
        code
    }
    bare(a) == bare(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_why_runs_on_until_the_next_name() {
        let comment = ["Own.", "`a - b`: first", "line two.", "`c`: third."];
        let whys = Whys::parse(&comment);
        assert_eq!(whys.own, "Own.");
        assert_eq!(whys.of("a-b"), Some("first line two."));
        assert_eq!(whys.of("((c))"), Some("third."));
        assert_eq!(whys.of("d"), None);
    }

    #[test]
    fn a_shown_name_is_no_part_of_the_why() {
        let whys = Whys::parse(&["Twice the slider's bit.", "shown as: 2r", "It starts the borrow."]);
        assert_eq!(whys.own, "Twice the slider's bit. It starts the borrow.");
        assert_eq!(whys.shown_as.as_deref(), Some("2r"));
    }

    #[test]
    fn doc_comments_and_code_end_a_comment() {
        let lines = ["/// doc", "// one", "  // two", "let x = 1;"];
        assert_eq!(comment_above(&lines, 4), ["one", "two"]);
        assert!(comment_above(&lines, 1).is_empty());
        assert!(comment_above(&lines, 99).is_empty());
    }

    #[test]
    fn a_step_without_its_own_named_why_takes_the_statements() {
        let source = "// The whole.\nlet x = a & b;";
        assert_eq!(why_in_source(source, 2, "a & b").as_deref(), Some("The whole."));
        assert_eq!(why_in_source("let x = 1;", 1, "x"), None);
    }
}
