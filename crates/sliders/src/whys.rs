//! A step's why, read from the technique's file: the comment above the step's expression,
//! parsed as `#[traced]` parses it. The page reads whys this way from the files it fetches for
//! its code panel, so they are not in its wasm (feature `whys-in-files`); a test checks that
//! every step of every technique reads here exactly the why the macro gave it.

use alloc::string::String;
use alloc::vec::Vec;

use crate::Step;

/// The why of `step`, from `source`, the file that made it; `None` if no comment stands above
/// its line.
pub fn why_in_source(source: &str, step: &Step) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut comment = Vec::new();
    let mut index = (step.line as usize).checked_sub(1)?;
    while index > 0 {
        let text = lines.get(index - 1)?.trim_start();
        if !text.starts_with("//") || text.starts_with("///") || text.starts_with("//!") {
            break;
        }
        comment.push(text[2..].trim());
        index -= 1;
    }
    comment.reverse();
    let code = step.label.split(" = ").next().unwrap_or(&step.label);
    // The statement's own why, then each named sub-expression's, as `#[traced]` reads them.
    let mut own = String::new();
    let mut named: Vec<(&str, String)> = Vec::new();
    for line in comment {
        if let Some((key, why)) = line.strip_prefix('`').and_then(|rest| rest.split_once("`:")) {
            named.push((key, String::from(why.trim())));
            continue;
        }
        let target = match named.last_mut() {
            Some((_, why)) => why,
            None => &mut own,
        };
        if !target.is_empty() {
            target.push(' ');
        }
        target.push_str(line);
    }
    match named.into_iter().find(|(key, _)| same_code(key, code)) {
        Some((_, why)) => Some(why),
        None => (!own.is_empty()).then_some(own),
    }
}

/// Code compared by its tokens: no spaces, and without parentheses around the whole.
fn same_code(a: &str, b: &str) -> bool {
    fn bare(code: &str) -> String {
        let mut code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        while code.starts_with('(') && code.ends_with(')') {
            code = String::from(&code[1..code.len() - 1]);
        }
        code
    }
    bare(a) == bare(b)
}
